"""Vector environments side by side: env-steps per second of alea.vector against pgx and
mahjax (JAX on the CPU, jitted), riichienv, PettingZoo and pyspiel, in interleaved rounds.

Run by benches/peers/vector.sh (which makes the venv); by hand:
    python benches/peers/vector.py [--rounds 3] [--seconds 2] [--batches 1,64,1024]

One env-step is one decision of one game; a batch step of B envs is B env-steps. Every side
plays uniformly random legal actions, chance sampled inside. Measured per round, each for
about --seconds after an untimed warm-up (the JIT compile for JAX):

- alea-py     alea.vector.make(game, B, threads=None): a Python loop, numpy picks the actions
              from the mask (random_legal), env.step(actions)
              (riichi: one kyoku an episode);
- alea-py-rust-actions  the same Python loop with the actions from env.random_actions()
              (drawn in Rust, the mask not read): the binding's own cost;
- alea-rust   the same game and batch stepped by env.random_steps(n): a pure Rust loop, the
              same arrays written. 1 - alea-py / alea-rust is the Python side's share of a
              step (with numpy's actions, or with Rust's). The three alea loops take turns
              of 0.2 s within a round (alea_loops), so the host's drift falls on them alike;
- pgx         pgx 2.x leduc_holdem: jit(vmap(auto_reset(step))) with a jitted random legal
              action (XLA's default threads);
- mahjax      mahjax red_mahjong, round_mode="single" (one hand an episode), the same way;
- riichienv   RiichiEnv one kyoku, per step from Python with its RandomAgent (B = 1);
- pettingzoo  leduc_holdem_v4's AEC loop (B = 1);
- pyspiel     leduc_poker, apply_action with a random legal action or chance outcome (B = 1).

Prints a Markdown table (median env-steps/s over the rounds, and alea-py / peer per round:
median [range]), the Python side's share of a step, each batch size against each peer with
either way of drawing the actions (pgx and mahjax draw theirs inside the jitted step, as
env.random_actions() does in Rust; riichienv's agents act in Python, as numpy does), and
writes target/peers/vector.json. A peer that is not installed or fails
shows as n/a. Only the peers' public APIs are called; no peer code is copied.
"""

import argparse
import json
import os
import sys
import time

import numpy as np

from rounds import median  # benches/peers/rounds.py, beside this script


def timed(step, seconds, per_call):
    """Calls step() for about `seconds`; env-steps per second (per_call each call)."""
    calls, start = 0, time.perf_counter()
    while True:
        step()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls * per_call / elapsed


# --------------------------------------------------------------------------- alea

def random_legal(rng, mask):
    """A uniformly random legal action id per row of `mask` (B, A). With few action ids, the
    largest of B * A random keys among the legal ones (the fewest numpy calls: B = 1);
    with many (riichi 385, sgs 910), one uniform draw per row picks among the row's legal
    ids, found by one np.flatnonzero over the whole mask and counted per row from those
    (np.bincount of their rows: a pass over the few legal ids, not another over the mask;
    the fastest numpy way we found). Every row has a legal action (every env is at a
    decision)."""
    batch, num_actions = mask.shape
    if num_actions <= 64:
        return (rng.random(mask.shape) * mask).argmax(1)
    legal = np.flatnonzero(mask)
    counts = np.bincount(legal // num_actions, minlength=batch)
    starts = np.cumsum(counts) - counts
    picked = legal[starts + (rng.random(batch) * counts).astype(np.int64)]
    return picked - np.arange(batch) * num_actions


def alea_loops(game, batch, seconds, turn=0.2):
    """Env-steps per second of the three alea loops over the same game and batch, each on
    its own envs: "alea-py" (a Python loop, numpy draws the actions from the mask),
    "alea-py-rust-actions" (the same loop, env.random_actions() drawing them in Rust) and
    "alea-rust" (env.random_steps(n): the pure Rust loop writing the same arrays). They take
    turns of `turn` seconds until each has run `seconds`, so the machine's drift falls on
    the three alike: the Python side's share, 1 - loop / alea-rust, is read from one round
    without the drift between two loops run one after the other."""
    import alea
    options = {"length": "kyoku"} if game == "riichi" else {}
    n = max(1, 4096 // batch)

    def python_loop(rust_actions):
        env = alea.vector.make(game, batch, seed=1, **options)
        state = {"out": env.reset()}
        rng = np.random.default_rng(0)

        def step():
            if rust_actions:
                state["out"] = env.step(env.random_actions())
            else:
                state["out"] = env.step(random_legal(rng, state["out"]["legal_action_mask"]))
            return batch
        return step

    def rust_loop():
        env = alea.vector.make(game, batch, seed=1, **options)
        env.reset()

        def step():
            env.random_steps(n, seed=2)
            return batch * n
        return step

    loops = {"alea-py": python_loop(False), "alea-py-rust-actions": python_loop(True),
             "alea-rust": rust_loop()}
    for step in loops.values():  # warm-up, untimed
        for _ in range(20):
            step()
    done = {name: [0, 0.0] for name in loops}  # env-steps, seconds
    while min(t for _, t in done.values()) < seconds:
        for name, step in loops.items():
            start = time.perf_counter()
            while time.perf_counter() - start < turn:
                done[name][0] += step()
            done[name][1] += time.perf_counter() - start
    return {name: steps / elapsed for name, (steps, elapsed) in done.items()}


def alea_hands(batch, seconds):
    """riichi kyoku (hands) per second through alea.vector's Python loop."""
    import alea
    env = alea.vector.make("riichi", batch, seed=1, length="kyoku")
    out = env.reset()
    rng = np.random.default_rng(0)
    hands, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        out = env.step(random_legal(rng, out["legal_action_mask"]))
        hands += int((out["terminated"] | out["truncated"]).sum())
    return hands / (time.perf_counter() - start)


# --------------------------------------------------------------------------- JAX peers

def jax_stepper(env, auto_reset, batch, with_key):
    """A jitted batch step with random legal actions, and its initial state."""
    import jax
    import jax.numpy as jnp

    step = auto_reset(env.step, env.init)

    def act(key, mask):
        return jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf))

    def one(state, key):
        k1, k2 = jax.random.split(key)
        action = act(k1, state.legal_action_mask)
        return step(state, action, k2) if with_key else step(state, action)

    batch_step = jax.jit(jax.vmap(one))
    keys = jax.random.split(jax.random.PRNGKey(0), batch)
    state = jax.jit(jax.vmap(env.init))(keys)
    return batch_step, state


def jax_rate(env, auto_reset, batch, seconds, with_key, count_hands=False):
    import jax
    batch_step, state = jax_stepper(env, auto_reset, batch, with_key)
    box = {"state": state, "key": jax.random.PRNGKey(1), "hands": 0}

    def step():
        box["key"], sub = jax.random.split(box["key"])
        keys = jax.random.split(sub, batch)
        box["state"] = batch_step(box["state"], keys)
        jax.block_until_ready(box["state"])
        if count_hands:
            box["hands"] += int(box["state"].terminated.sum())

    for _ in range(3):
        step()  # compile
    box["hands"] = 0
    start = time.perf_counter()
    rate = timed(step, seconds, batch)
    hands = box["hands"] / (time.perf_counter() - start)
    return (rate, hands) if count_hands else rate


def pgx_leduc(batch, seconds):
    import pgx
    from pgx.experimental import auto_reset
    return jax_rate(pgx.make("leduc_holdem"), auto_reset, batch, seconds, with_key=True)


def mahjax_riichi(batch, seconds):
    import mahjax
    from mahjax.wrappers import auto_reset
    env = mahjax.make("red_mahjong", round_mode="single")
    return jax_rate(env, auto_reset, batch, seconds, with_key=True, count_hands=True)


# --------------------------------------------------------------------------- per-step peers

def riichienv_kyoku(seconds):
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent
    agents = [RandomAgent(seed=seat) for seat in range(4)]
    box = {"env": None, "obs": None, "seed": 0}

    def new():
        box["seed"] += 1
        box["env"] = RiichiEnv(game_mode=0, skip_mjai_logging=True, seed=box["seed"])
        box["obs"] = box["env"].reset()

    new()

    def step():
        env = box["env"]
        if env.done():
            new()
            env = box["env"]
        box["obs"] = env.step({s: agents[s].act(o) for s, o in box["obs"].items()})

    return timed(step, seconds, 1)


def pettingzoo_leduc(seconds):
    from pettingzoo.classic import leduc_holdem_v4
    env = leduc_holdem_v4.env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def step():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset()
            return
        mask = observation["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))

    return timed(step, seconds, 1)


def pyspiel_leduc(seconds):
    import pyspiel
    game = pyspiel.load_game("leduc_poker")
    rng = np.random.default_rng(0)
    box = {"state": game.new_initial_state()}

    def step():
        state = box["state"]
        if state.is_terminal():
            box["state"] = state = game.new_initial_state()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])

    return timed(step, seconds, 1)


# --------------------------------------------------------------------------- the run

def attempt(f, *args):
    try:
        return f(*args)
    except Exception as error:  # a peer missing or failing: reported, the others run
        print(f"[vector.py] {f.__name__}{args}: {type(error).__name__}: {error}", file=sys.stderr)
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--batches", default="1,64,1024")
    parser.add_argument("--out", default="target/peers/vector.json")
    args = parser.parse_args()
    batches = [int(b) for b in args.batches.split(",")]
    rows = {}  # (system, game, batch) -> [rate per round]
    hands = {}

    def add(key, value):
        rows.setdefault(key, []).append(value)

    for r in range(args.rounds):
        print(f"[vector.py] round {r + 1}/{args.rounds}", file=sys.stderr)
        for b in batches:
            for game in ("leduc", "riichi", "sgs", "pig", "duel"):
                rates = attempt(alea_loops, game, b, args.seconds) or {}
                for system in ("alea-py", "alea-py-rust-actions", "alea-rust"):
                    add((system, game, b), rates.get(system))
            add(("pgx", "leduc", b), attempt(pgx_leduc, b, args.seconds))
            got = attempt(mahjax_riichi, b, args.seconds)
            add(("mahjax", "riichi", b), got[0] if got else None)
            hands.setdefault(("mahjax", b), []).append(got[1] if got else None)
            hands.setdefault(("alea-py", b), []).append(attempt(alea_hands, b, args.seconds))
        add(("riichienv", "riichi", 1), attempt(riichienv_kyoku, args.seconds))
        add(("pettingzoo", "leduc", 1), attempt(pettingzoo_leduc, args.seconds))
        add(("pyspiel", "leduc", 1), attempt(pyspiel_leduc, args.seconds))

    def ratio(a, b):
        pairs = [x / y for x, y in zip(rows.get(a, []), rows.get(b, [])) if x and y]
        if not pairs:
            return "n/a"
        return f"{median(pairs):.2f}x [{min(pairs):.2f}-{max(pairs):.2f}]"

    def rate(key):
        m = median(rows.get(key, []))
        return "n/a" if m is None else f"{m:,.0f}"

    print("| system | game | B | env-steps/s | alea-py / it |")
    print("| --- | --- | ---: | ---: | ---: |")
    for key in sorted(rows, key=lambda k: (k[1], k[2], k[0])):
        system, game, b = key
        versus = ratio(("alea-py", game, b), key) if system != "alea-py" else "-"
        print(f"| {system} | {game} | {b} | {rate(key)} | {versus} |")
    print()
    for b in batches:
        for game in ("leduc", "riichi", "sgs", "pig", "duel"):
            for loop, how in (("alea-py", "numpy actions"),
                              ("alea-py-rust-actions", "Rust actions")):
                pairs = [1 - p / q for p, q in zip(rows.get((loop, game, b), []),
                                                   rows.get(("alea-rust", game, b), []))
                         if p and q]
                if pairs:
                    print(f"Python side of a step ({how}), {game} B={b}: {median(pairs):.0%} "
                          f"[{min(pairs):.0%}-{max(pairs):.0%}]")
    # The like-for-like pairs: pgx and mahjax draw their random actions inside the jitted
    # step, so alea's Rust-drawn actions (one Python call a batch step: env.step of
    # env.random_actions()) match them; riichienv's agents act in Python, as numpy does.
    print()
    for peer, game, peer_batch in (("pgx", "leduc", None), ("mahjax", "riichi", None),
                                   ("riichienv", "riichi", 1)):
        for b in batches:
            for loop, how in (("alea-py", "numpy actions"),
                              ("alea-py-rust-actions", "Rust actions")):
                versus = ratio((loop, game, b), (peer, game, peer_batch or b))
                if versus != "n/a":
                    print(f"alea ({how}) / {peer}, {game} B={b}: {versus}")
    for b in batches:
        ours, theirs = hands.get(("alea-py", b), []), hands.get(("mahjax", b), [])
        pairs = [x / y for x, y in zip(ours, theirs) if x and y]
        if pairs:
            print(f"riichi hands/s B={b}: alea {median(ours):,.0f}, mahjax {median(theirs):,.1f}: "
                  f"{median(pairs):.0f}x [{min(pairs):.0f}-{max(pairs):.0f}]")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({
            "rounds": args.rounds, "seconds": args.seconds,
            "load": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None,
            "rates": [{"system": s, "game": g, "batch": b, "per_round": v} for (s, g, b), v in rows.items()],
            "hands": [{"system": s, "batch": b, "per_round": v} for (s, b), v in hands.items()],
        }, f, indent=1)


if __name__ == "__main__":
    main()
