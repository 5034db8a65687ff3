#!/usr/bin/env python3
"""OpenSpiel side of the alea-vs-OpenSpiel peer benchmark (driven by openspiel.sh).

Two subcommands:

  bench   Measure OpenSpiel (C++ through pyspiel) and print one JSON object:
            pig_random  - Pig random playouts: C++ uniform random bots played
                          by pyspiel.evaluate_bots, one call per game.
            pig_mcts    - C++ MCTSBot with a RandomRolloutEvaluator, step() on
                          Pig's initial state K times.
            leduc_ismcts- C++ ISMCTSBot with a RandomRolloutEvaluator, step() at
                          player 0's first decision of leduc_poker K times.
          The hot loops (game play, search, rollouts) run in C++; Python only
          loops once per game / once per search.

  report  Read each round's OpenSpiel JSON and alea CLI outputs collected by
          the shell script, print the Markdown table (medians over the rounds,
          the ratio as the median of the rounds' ratios) and write the
          combined JSON.

Only the public pyspiel API is called; no OpenSpiel code is copied.
"""

import argparse
import json
import os
import random
import sys
import time

from rounds import median  # benches/peers/rounds.py, beside this script


# --------------------------------------------------------------------------- #
# OpenSpiel measurements
# --------------------------------------------------------------------------- #

def bench_pig_random(pyspiel, games, seed):
    """Pig (defaults: 2 players, win score 100, horizon 1000, 6-sided die)."""
    game = pyspiel.load_game("pig")
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    wins = [0] * game.num_players()
    start = time.perf_counter()
    for i in range(games):
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, bots, seed + i)
        # Pig's returns are +1 for the winner, -1/(n-1) for the others.
        for p, r in enumerate(returns):
            if r > 0:
                wins[p] += 1
    seconds = time.perf_counter() - start
    # The Python side of the loop above (one state creation and one evaluate_bots call
    # per game) costs a few microseconds per game; measure it on a terminal state, where
    # evaluate_bots returns at once, so the report can say how much of the time it is.
    done = game.new_initial_state()
    pyspiel.evaluate_bots(done, bots, seed)
    n = min(games, 20000)
    t0 = time.perf_counter()
    for i in range(n):
        game.new_initial_state()
        pyspiel.evaluate_bots(done, bots, seed + i)
    overhead_us = (time.perf_counter() - t0) / n * 1e6
    return {
        "game": "pig",
        "games": games,
        "seconds": seconds,
        "games_per_second": games / seconds,
        "wins": wins,
        "python_call_overhead_us_per_game": overhead_us,
        "python_call_overhead_share": overhead_us * 1e-6 * games / seconds,
    }


def time_searches(bot, state, sims, steps, game, algo):
    """Times `steps` searches of `sims` simulations each from `state` (one C++ call each)."""
    actions = []
    start = time.perf_counter()
    for _ in range(steps):
        actions.append(bot.step(state))
    seconds = time.perf_counter() - start
    total = sims * steps
    return {
        "game": game,
        "algo": algo,
        "sims_per_search": sims,
        "searches": steps,
        "simulations": total,
        "seconds": seconds,
        "simulations_per_second": total / seconds,
        "actions": actions,
    }


def bench_pig_mcts(pyspiel, sims, steps, seed, max_memory_mb):
    game = pyspiel.load_game("pig")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)  # (n_rollouts, seed)
    bot = pyspiel.MCTSBot(
        game,
        evaluator,
        2.0,            # uct_c
        sims,           # max_simulations
        max_memory_mb,  # max_memory_mb
        False,          # solve
        seed,           # seed
        False,          # verbose
    )
    state = game.new_initial_state()
    result = time_searches(bot, state, sims, steps, "pig", "mcts")
    result["actions"] = [
        state.action_to_string(state.current_player(), a) for a in result["actions"]
    ]
    return result


def leduc_first_decision(pyspiel, game, seed):
    """Leduc's initial state advanced through the chance deals with a fixed seed."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, weights=probs)[0])
    assert state.current_player() == 0, state
    return state


def bench_leduc_ismcts(pyspiel, sims, steps, seed):
    game = pyspiel.load_game("leduc_poker")
    state = leduc_first_decision(pyspiel, game, seed)
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(
        seed,                                            # seed
        evaluator,                                       # evaluator
        2.0,                                             # uct_c
        sims,                                            # max_simulations
        -1,                                              # max_world_samples: unlimited
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,   # final_policy_type
        False,                                           # use_observation_string
        False,                                           # allow_inconsistent_action_sets
    )
    result = time_searches(bot, state, sims, steps, "leduc_poker", "ismcts")
    result["state"] = str(state).replace("\n", " | ")
    result["actions"] = [state.action_to_string(0, a) for a in result["actions"]]
    return result


def cmd_bench(args):
    import pyspiel  # imported here so `report` works without the venv

    try:
        from importlib.metadata import version
        os_version = version("open_spiel")
    except Exception:  # pragma: no cover - metadata missing
        os_version = "unknown"
    result = {
        "open_spiel_version": os_version,
        "python": sys.version.split()[0],
        "pig_random": bench_pig_random(pyspiel, args.pig_games, args.seed),
        "pig_mcts": bench_pig_mcts(pyspiel, args.mcts_sims, args.mcts_steps, args.seed,
                                   args.max_memory_mb),
        "leduc_ismcts": bench_leduc_ismcts(pyspiel, args.ismcts_sims, args.ismcts_steps,
                                           args.seed),
    }
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


# --------------------------------------------------------------------------- #
# Report
# --------------------------------------------------------------------------- #

def load_json_lines(path):
    """All JSON objects in a file (one per line); None if missing/empty/broken."""
    if not path or not os.path.exists(path):
        return None
    objs = []
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line:
                    objs.append(json.loads(line))
    except (OSError, ValueError):
        return None
    return objs or None


def alea_search_rate(objs, expected_runs):
    """Sum simulations and seconds over the K CLI runs; None unless all K ran."""
    if not objs or len(objs) != expected_runs:
        return None
    try:
        sims = sum(float(o["simulations"]) for o in objs)
        secs = sum(float(o["seconds"]) for o in objs)
    except (KeyError, TypeError, ValueError):
        return None
    if secs <= 0:
        return None
    return {"simulations": sims, "seconds": secs, "simulations_per_second": sims / secs,
            "runs": objs}


def fmt(x):
    if x is None:
        return "n/a"
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:,.2f}"


def round_figures(args, r):
    """One round's figures: {benchmark: (alea, openspiel)} from the round's files."""
    def path(name):
        return os.path.join(args.dir, name.format(r=r))

    osp_path = path("openspiel-side-{r}.json")
    osp = {}
    if os.path.exists(osp_path) and os.path.getsize(osp_path):
        with open(osp_path) as f:
            osp = json.load(f)
    alea_sim = load_json_lines(path("alea-simulate-{r}.jsonl"))
    alea_pig_random = None
    if alea_sim and len(alea_sim) == 1 and "games_per_second" in alea_sim[0]:
        alea_pig_random = alea_sim[0]
    alea_mcts = alea_search_rate(load_json_lines(path("alea-mcts-{r}.jsonl")), args.mcts_steps)
    alea_ismcts = alea_search_rate(load_json_lines(path("alea-ismcts-{r}.jsonl")),
                                   args.ismcts_steps)

    def get(d, key):
        return None if d is None else d.get(key)

    figures = {
        "pig_random": (get(alea_pig_random, "games_per_second"),
                       get(osp.get("pig_random"), "games_per_second")),
        "pig_mcts": (get(alea_mcts, "simulations_per_second"),
                     get(osp.get("pig_mcts"), "simulations_per_second")),
        "leduc_ismcts": (get(alea_ismcts, "simulations_per_second"),
                         get(osp.get("leduc_ismcts"), "simulations_per_second")),
    }
    raw = {"openspiel": osp, "alea": {"pig_random": alea_pig_random, "pig_mcts": alea_mcts,
                                      "leduc_ismcts": alea_ismcts}}
    return figures, raw


def cmd_report(args):
    rounds = [round_figures(args, r) for r in range(1, args.rounds + 1)]
    first_osp = next((raw["openspiel"] for _, raw in rounds if raw["openspiel"]), {})

    rows = [
        ("pig_random", f"Pig random playouts ({args.pig_games} games, 1 thread)", "games/s"),
        ("pig_mcts",
         f"Pig MCTS, random rollouts ({args.mcts_sims} sims x {args.mcts_steps} searches)",
         "simulations/s"),
        ("leduc_ismcts",
         f"Leduc ISMCTS, random rollouts ({args.ismcts_sims} sims x {args.ismcts_steps} searches)",
         "simulations/s"),
    ]

    out = []
    out.append("## alea vs OpenSpiel")
    out.append("")
    out.append(f"- machine: {args.nproc} cores, {args.cpu}; load average (1/5/15 min): {args.load}")
    out.append(f"- OpenSpiel {first_osp.get('open_spiel_version', '?')} (pyspiel, Python "
               f"{first_osp.get('python', '?')}); alea: release build, single thread")
    overheads = [raw["openspiel"].get("pig_random", {}).get("python_call_overhead_us_per_game")
                 for _, raw in rounds if raw["openspiel"]]
    shares = [raw["openspiel"].get("pig_random", {}).get("python_call_overhead_share")
              for _, raw in rounds if raw["openspiel"]]
    if median(overheads) is not None and median(shares) is not None:
        out.append(f"- OpenSpiel Pig playouts include {median(overheads):.1f} us/game of Python call "
                   f"+ state creation ({100 * median(shares):.0f}% of its time, median)")
    out.append(f"- parameters: PIG_GAMES={args.pig_games} MCTS_SIMS={args.mcts_sims} "
               f"MCTS_STEPS={args.mcts_steps} ISMCTS_SIMS={args.ismcts_sims} "
               f"ISMCTS_STEPS={args.ismcts_steps} SEED={args.seed} ROUNDS={args.rounds}")
    out.append(f"- {args.rounds} rounds, each running OpenSpiel then alea; figures are medians over "
               f"the rounds, the ratio is the median of the rounds' own ratios (its range in "
               f"brackets), so a slow or fast spell of a shared machine weighs on one round's ratio only")
    out.append("")
    out.append("| benchmark | alea | OpenSpiel | ratio (alea / OpenSpiel) |")
    out.append("| --- | ---: | ---: | ---: |")
    table = []
    for key, label, unit in rows:
        alea = [figures[key][0] for figures, _ in rounds]
        osp = [figures[key][1] for figures, _ in rounds]
        ratios = [a / o for a, o in zip(alea, osp) if a is not None and o]
        a, o, ratio = median(alea), median(osp), median(ratios)
        if ratio is None:
            ratio_s = "n/a"
        elif len(ratios) > 1:
            ratio_s = f"{ratio:.2f}x [{min(ratios):.2f}-{max(ratios):.2f}]"
        else:
            ratio_s = f"{ratio:.2f}x"
        a_s = "n/a" if a is None else f"{fmt(a)} {unit}"
        o_s = "n/a" if o is None else f"{fmt(o)} {unit}"
        out.append(f"| {label} | {a_s} | {o_s} | {ratio_s} |")
        table.append({"benchmark": key, "label": label, "unit": unit, "alea": a,
                      "openspiel": o, "ratio": ratio, "round_ratios": ratios,
                      "round_alea": alea, "round_openspiel": osp})
    print("\n".join(out))

    combined = {
        "machine": {"nproc": args.nproc, "cpu": args.cpu, "loadavg": args.load},
        "parameters": {
            "PIG_GAMES": args.pig_games, "MCTS_SIMS": args.mcts_sims,
            "MCTS_STEPS": args.mcts_steps, "ISMCTS_SIMS": args.ismcts_sims,
            "ISMCTS_STEPS": args.ismcts_steps, "SEED": args.seed, "ROUNDS": args.rounds,
        },
        "results": table,
        "rounds": [raw for _, raw in rounds],
    }
    with open(args.json_out, "w") as f:
        json.dump(combined, f, indent=2)
        f.write("\n")


# --------------------------------------------------------------------------- #

def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)

    def common(sp):
        sp.add_argument("--pig-games", type=int, default=100000)
        sp.add_argument("--mcts-sims", type=int, default=1000)
        sp.add_argument("--mcts-steps", type=int, default=100)
        sp.add_argument("--ismcts-sims", type=int, default=1000)
        sp.add_argument("--ismcts-steps", type=int, default=200)
        sp.add_argument("--seed", type=int, default=1)

    b = sub.add_parser("bench", help="measure OpenSpiel, print JSON")
    common(b)
    b.add_argument("--max-memory-mb", type=int, default=1000,
                   help="MCTSBot tree memory cap (the tree is pruned past it)")
    b.set_defaults(func=cmd_bench)

    r = sub.add_parser("report", help="print the table, write the combined JSON")
    common(r)
    r.add_argument("--dir", required=True,
                   help="directory of the rounds' files: openspiel-side-R.json (from `bench`), "
                        "alea-simulate-R.jsonl, alea-mcts-R.jsonl, alea-ismcts-R.jsonl")
    r.add_argument("--rounds", type=int, default=1, help="rounds R = 1..N to read")
    r.add_argument("--nproc", default="?")
    r.add_argument("--cpu", default="?")
    r.add_argument("--load", default="?", help="load average (1, 5, 15 min) before the report")
    r.add_argument("--json-out", required=True)
    r.set_defaults(func=cmd_report)

    args = p.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
