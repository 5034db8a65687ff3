#!/usr/bin/env python3
"""Side-by-side speed of alea's Python API and its peers, in one run, on one thread.

    python python/bench.py [--rounds 5] [--seconds 2.0] [--json]

Every comparison is measured in ``--rounds`` interleaved rounds (alea, peer, alea, peer, ...;
each measurement lasts ``--seconds``), and reported as the per-round speedup of alea over the
peer (``alea rate / peer rate``, or ``peer time / alea time`` for per-operation costs: > 1 means
alea is faster), its median and range [min-max], and each side's median.

Comparisons
-----------
riichi (alea vs riichienv): kyoku per second with the same random Python agent
    (``random.Random.choice`` over the legal actions the engine offers, for every decision:
    discards, riichi, tsumo, ron, chi/pon/kan and their pass, nine-terminal abort).
    - alea: ``load_game("riichi", length="kyoku")``; per kyoku one
      ``new_initial_state(seed=fresh)``, then ``apply_action(rng.choice(legal_actions()))`` until
      ``is_terminal()``. One decision per ``apply_action``; calls are asked seat by seat. Each
      draw is a chance node: its outcome is drawn by ``chance_outcomes()``'s probabilities
      (one more ``apply_action``, not counted as a decision).
    - riichienv: ``RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True)`` (its default
      mode: ONE kyoku, then ``done()``; the MJAI log is off since alea keeps none, riichienv's
      default logging costs it about 15 %); per kyoku one ``env.reset(seed=fresh)`` (same deal as
      a new ``RiichiEnv(seed=...)``), then ``env.step({pid: rng.choice(obs.legal_actions())
      for pid, obs in obs_dict.items()})`` until ``env.done()``: every player riichienv asks
      (several at once when more than one can claim a discard, each with a PASS action) gets
      one random choice per step.
    Both are one hand of 4-player riichi with red fives from 25 000 points, dealer East 1.
    Decisions per kyoku are reported as a check that the same amount of play is done.
pig, leduc (alea vs pyspiel): clone + apply steps per second. From the initial state: loop
    ``c = s.clone()``, then apply a random legal action to ``s`` (a chance node's outcome is
    drawn by its probabilities), until terminal; new game; repeat. Every applied action (chance
    outcomes included) is a step. Both start at the chance root (alea's
    ``new_initial_state(chance_root=True)``), so both deal leduc's private cards by two chance
    nodes: the same steps per game.
clone alone: ns per ``s.clone()`` in a tight loop on a fixed mid-game state (pig, leduc; and
    riichi against riichienv's ``RiichiEnv.clone()``).
new state: cost of ``new_initial_state(seed=...)`` for riichi (vs riichienv ``reset(seed=...)``),
    leduc and pig at the chance root (vs pyspiel ``new_initial_state()``).

Nothing is pinned to a core. Ray is never imported; RAYON_NUM_THREADS and OMP_NUM_THREADS are
set to 1 before any import; the thread count of the process is read from /proc at the end
(riichienv's Python environment runs on the calling thread: it starts none).
"""

import os

os.environ.setdefault("RAYON_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import alea  # noqa: E402

try:
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None
try:
    import riichienv
except ImportError:  # pragma: no cover
    riichienv = None
try:
    import mjx  # noqa: F401

    MJX = "mjx: imported (not benchmarked)"
except Exception:
    MJX = "mjx: not installed (pip install mjx fails on Python 3.11)"

clock = time.perf_counter


# ---------------------------------------------------------------- shared agent code


def sample_outcome(outcomes, rng):
    """Draws an outcome id from ``[(id, p)]`` by its probabilities (same code for both)."""
    r = rng.random()
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if r < acc:
            return a
    return outcomes[-1][0]


# ---------------------------------------------------------------- riichi kyoku/s


def alea_riichi_kyoku(seconds, seed):
    game = alea.load_game("riichi", length="kyoku")
    rng = random.Random(seed)
    kyoku = steps = 0
    start = clock()
    while True:
        s = game.new_initial_state(seed=rng.getrandbits(63))
        while not s.is_terminal():
            if s.is_chance_node():  # a draw: the wall's odds, as riichienv draws inside step
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            s.apply_action(rng.choice(s.legal_actions()))
            steps += 1
        kyoku += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            break
    return {"rate": kyoku / elapsed, "units": kyoku, "decisions_per_kyoku": steps / kyoku}


def riichienv_kyoku(seconds, seed):
    env = riichienv.RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True)
    rng = random.Random(seed)
    kyoku = decisions = 0
    start = clock()
    while True:
        obs = env.reset(seed=rng.getrandbits(63))
        while not env.done():
            decisions += len(obs)
            obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
        kyoku += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            break
    return {"rate": kyoku / elapsed, "units": kyoku, "decisions_per_kyoku": decisions / kyoku}


# ---------------------------------------------------------------- clone + apply steps/s


def clone_apply(new_state, seconds, seed):
    rng = random.Random(seed)
    steps = games = 0
    ret0 = 0.0
    start = clock()
    while True:
        s = new_state(rng)
        while not s.is_terminal():
            c = s.clone()  # noqa: F841  (the clone is the point)
            if s.is_chance_node():
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            steps += 1
        ret0 += s.returns()[0]
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            break
    return {
        "rate": steps / elapsed,
        "units": steps,
        "games_per_s": games / elapsed,
        "steps_per_game": steps / games,
        "mean_return_p0": ret0 / games,
    }


def alea_new(name, **options):
    game = alea.load_game(name, **options)
    return lambda rng: game.new_initial_state(seed=rng.getrandbits(63), chance_root=True)


def spiel_new(name):
    game = pyspiel.load_game(name)
    return lambda rng: game.new_initial_state()


# ---------------------------------------------------------------- per-operation costs


def per_op(op, seconds, batch=2000):
    """Seconds per ``op()`` call (a batch of calls between clock reads)."""
    rng = range(batch)
    n = 0
    start = clock()
    while True:
        for _ in rng:
            op()
        n += batch
        elapsed = clock() - start
        if elapsed >= seconds:
            break
    return {"rate": n / elapsed, "units": n, "ns": elapsed / n * 1e9}


def mid_state(new_state, plies, seed):
    """A non-terminal state after ``plies`` random steps (retries a new deal if it ended)."""
    rng = random.Random(seed)
    while True:
        s = new_state(rng)
        for _ in range(plies):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        if not s.is_terminal():
            return s


def riichienv_mid(plies, seed):
    rng = random.Random(seed)
    env = riichienv.RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True)
    obs = env.reset(seed=seed)
    for _ in range(plies):
        obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
    assert not env.done()
    return env


def clone_ns(obj, seconds):
    return per_op(obj.clone, seconds)


def new_state_cost(fn, seconds):
    seeds = iter(range(1 << 62))
    return per_op(lambda: fn(next(seeds)), seconds)


# ---------------------------------------------------------------- the comparisons


def comparisons():
    """(key, title, unit, higher_is_better, alea thunk(seconds, round), peer name, peer thunk)."""
    out = []
    if riichienv is not None:
        out.append(
            (
                "riichi_kyoku",
                "riichi kyoku/s, random agent",
                "kyoku/s",
                True,
                lambda sec, r: alea_riichi_kyoku(sec, 1000 + r),
                "riichienv",
                lambda sec, r: riichienv_kyoku(sec, 1000 + r),
            )
        )
    if pyspiel is not None:
        for name, spiel_name in (("pig", "pig"), ("leduc", "leduc_poker")):
            out.append(
                (
                    f"{name}_clone_apply",
                    f"{name} clone+apply",
                    "steps/s",
                    True,
                    (lambda n: lambda sec, r: clone_apply(alea_new(n), sec, 2000 + r))(name),
                    "pyspiel",
                    (lambda n: lambda sec, r: clone_apply(spiel_new(n), sec, 2000 + r))(
                        spiel_name
                    ),
                )
            )
        for name, spiel_name, plies in (("pig", "pig", 9), ("leduc", "leduc_poker", 6)):
            out.append(
                (
                    f"{name}_clone",
                    f"{name} clone() alone",
                    "ns",
                    False,
                    (lambda n, p: lambda sec, r: clone_ns(mid_state(alea_new(n), p, 7), sec))(
                        name, plies
                    ),
                    "pyspiel",
                    (lambda n, p: lambda sec, r: clone_ns(mid_state(spiel_new(n), p, 7), sec))(
                        spiel_name, plies
                    ),
                )
            )
    if riichienv is not None:
        out.append(
            (
                "riichi_clone",
                "riichi clone() alone",
                "ns",
                False,
                lambda sec, r: clone_ns(
                    mid_state(alea_new("riichi", length="kyoku"), 40, 3), sec
                ),
                "riichienv",
                lambda sec, r: clone_ns(riichienv_mid(40, 3), sec),
            )
        )
        env = riichienv.RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True)
        rgame = alea.load_game("riichi", length="kyoku")
        out.append(
            (
                "riichi_new_state",
                "riichi new state (deal)",
                "ns",
                False,
                lambda sec, r: new_state_cost(lambda i: rgame.new_initial_state(seed=i), sec),
                "riichienv",
                lambda sec, r: new_state_cost(lambda i: env.reset(seed=i), sec),
            )
        )
    if pyspiel is not None:
        for name, spiel_name in (("leduc", "leduc_poker"), ("pig", "pig")):
            agame = alea.load_game(name)
            sgame = pyspiel.load_game(spiel_name)
            out.append(
                (
                    f"{name}_new_state",
                    f"{name} new state",
                    "ns",
                    False,
                    (lambda g: lambda sec, r: new_state_cost(
                        lambda i: g.new_initial_state(seed=i, chance_root=True), sec
                    ))(agame),
                    "pyspiel",
                    (lambda g: lambda sec, r: new_state_cost(
                        lambda i: g.new_initial_state(), sec
                    ))(sgame),
                )
            )
    return out


def summarize(vals):
    return {"median": statistics.median(vals), "min": min(vals), "max": max(vals)}


def fmt_rate(v, unit):
    if unit == "ns":
        return f"{v / 1000:.2f} us" if v >= 10_000 else f"{v:.0f} ns"
    return f"{v:,.0f} {unit}" if v >= 100 else f"{v:.1f} {unit}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    log = (lambda *a: print(*a, file=sys.stderr, flush=True)) if args.json else (lambda *a: None)

    comps = comparisons()
    results = {}
    for key, title, unit, higher, a_fn, peer, p_fn in comps:
        results[key] = {"title": title, "unit": unit, "peer": peer, "rounds": []}
    for r in range(args.rounds):
        for key, title, unit, higher, a_fn, peer, p_fn in comps:
            a = a_fn(args.seconds, r)
            p = p_fn(args.seconds, r)
            av = a["rate"] if higher else a["ns"]
            pv = p["rate"] if higher else p["ns"]
            speedup = av / pv if higher else pv / av
            results[key]["rounds"].append({"alea": a, "peer": p, "speedup": speedup})
            log(f"round {r + 1}/{args.rounds} {key}: alea {av:.4g} {peer} {pv:.4g} x{speedup:.2f}")

    for key, res in results.items():
        higher = res["unit"] != "ns"
        field = "rate" if higher else "ns"
        res["speedups"] = [x["speedup"] for x in res["rounds"]]
        res["speedup"] = summarize(res["speedups"])
        res["alea_median"] = statistics.median(x["alea"][field] for x in res["rounds"])
        res["peer_median"] = statistics.median(x["peer"][field] for x in res["rounds"])
        for extra in ("decisions_per_kyoku", "games_per_s", "steps_per_game", "mean_return_p0"):
            if extra in res["rounds"][0]["alea"]:
                res[f"alea_{extra}"] = statistics.median(x["alea"][extra] for x in res["rounds"])
                res[f"peer_{extra}"] = statistics.median(x["peer"][extra] for x in res["rounds"])

    with open("/proc/self/status") as f:
        threads = next((int(l.split()[1]) for l in f if l.startswith("Threads:")), None)
    derived = {}
    if "riichi_kyoku" in results and "riichi_new_state" in results:
        kyoku_ns = 1e9 / results["riichi_kyoku"]["alea_median"]
        nis = results["riichi_new_state"]["alea_median"]
        dec = results["riichi_kyoku"]["alea_decisions_per_kyoku"]
        derived["alea_riichi_new_state_share_of_kyoku"] = nis / kyoku_ns
        derived["alea_riichi_ns_per_decision_excl_deal"] = (kyoku_ns - nis) / dec
    out = {
        "rounds": args.rounds,
        "seconds": args.seconds,
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "versions": {
            "riichienv": getattr(riichienv, "__version__", None) if riichienv else None,
            "pyspiel": "open_spiel " + (_dist_version("open_spiel") or "?") if pyspiel else None,
        },
        "mjx": MJX,
        "threads_at_end": threads,
        "speedup_meaning": "alea/peer for rates, peer/alea for ns: > 1 means alea is faster",
        "results": results,
        "derived": derived,
    }
    if riichienv is not None and out["versions"]["riichienv"] is None:
        out["versions"]["riichienv"] = _dist_version("riichienv")
    if args.json:
        print(json.dumps(out))
        return

    print(
        f"alea vs peers: {args.rounds} interleaved rounds x {args.seconds:g} s per measurement,"
        f" one thread (threads in process at end: {threads}); Python {out['python']}"
    )
    print(f"peers: riichienv {out['versions']['riichienv']}, {out['versions']['pyspiel']}; {MJX}")
    print("speedup = alea/peer (rates) or peer/alea (costs): > 1 means alea is faster\n")
    head = f"{'comparison':<30}{'peer':<10}{'alea':>16}{'peer':>16}  {'speedup median [min-max]':<26} per round"
    print(head)
    print("-" * len(head))
    for key, res in results.items():
        u = res["unit"]
        sp = res["speedup"]
        per = " ".join(f"{x:.2f}" for x in res["speedups"])
        print(
            f"{res['title']:<30}{res['peer']:<10}{fmt_rate(res['alea_median'], u):>16}"
            f"{fmt_rate(res['peer_median'], u):>16}  "
            f"{sp['median']:>5.2f} [{sp['min']:.2f}-{sp['max']:.2f}]{'':<12} {per}"
        )
    print()
    if "riichi_kyoku" in results:
        r = results["riichi_kyoku"]
        print(
            f"riichi decisions/kyoku: alea {r['alea_decisions_per_kyoku']:.1f},"
            f" riichienv {r['peer_decisions_per_kyoku']:.1f}"
            f" (goal alea >= 2x riichienv kyoku/s: {'met' if r['speedup']['median'] >= 2 else 'NOT met'})"
        )
    for key in ("pig_clone_apply", "leduc_clone_apply"):
        if key in results:
            r = results[key]
            print(
                f"{key}: games/s alea {r['alea_games_per_s']:,.0f} pyspiel {r['peer_games_per_s']:,.0f};"
                f" steps/game alea {r['alea_steps_per_game']:.2f} pyspiel {r['peer_steps_per_game']:.2f};"
                f" mean return P0 alea {r['alea_mean_return_p0']:+.3f} pyspiel {r['peer_mean_return_p0']:+.3f}"
            )
    for key in ("pig_clone", "leduc_clone"):
        if key in results:
            ok = results[key]["alea_median"] <= results[key]["peer_median"]
            print(f"goal {key}: alea <= pyspiel ns/clone: {'met' if ok else 'NOT met'}")
    if derived:
        print(
            f"alea riichi: new_initial_state is {derived['alea_riichi_new_state_share_of_kyoku']:.1%}"
            f" of a kyoku; {derived['alea_riichi_ns_per_decision_excl_deal']:,.0f} ns per decision"
            " (legal_actions + choice + apply_action + is_terminal)"
        )


def _dist_version(name):
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:
        return None


if __name__ == "__main__":
    main()
