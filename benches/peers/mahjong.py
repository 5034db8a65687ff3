#!/usr/bin/env python3
"""Peer side of the alea-vs-mahjong-engines benchmark (driven by mahjong.sh).

Subcommands (each peer runs in its own venv, so each has its own subcommand):

  mjai       The libriichi arena shipped in mjai 0.2.1 (`mjai.mlibriichi.arena.Match`,
             the Rust game loop of Mortal's libriichi). `Match().py_match(a1, a2, a3, a4,
             seed_start=(seed, key))` plays ONE full hanchan (East and South, West
             extension while nobody has 30,000) between four Python engines of type
             "mjai-log": at every decision the arena hands each engine a batch of game
             states (a PlayerState plus the kyoku's event log as JSON) through
             `react_batch` and parses the mjai JSON action it returns. The simplest bot
             is tsumogiri (discard the drawn tile, never call, never win):
               --bot lean   tsumogiri reading only `state.last_cans` and
                            `state.last_self_tsumo()` (the least Python per decision);
               --bot stock  mjai's own `mjai.engine.BaseMjaiLogEngine`, the same policy
                            but it also parses the event log (json.loads) every call.
             Hanchan i uses seed_start=(seed + i, 0). Kyoku are counted by the arena's
             `end_kyoku` callbacks.

  riichienv  riichienv 0.4.11: `RiichiEnv(game_mode=2 ("4p-red-half"), skip_mjai_logging=True,
             seed=seed + i)`, then `reset()` / `step({seat: agent.act(obs)})` until `done()`,
             with riichienv's own `riichienv.agents.RandomAgent` (a uniform choice among
             `obs.legal_actions()`) for each seat. Kyoku are counted as changes of
             (round_wind, oya, honba) between steps (every new kyoku changes one of them).

  report     Read the peers' JSON and alea's `simulate --json` output collected by the
             shell script, print the Markdown table and write the combined JSON. Needs
             only the standard library.

Both bench subcommands play one untimed hanchan first (seed + games), then time the loop
over all hanchan, set-up of each game included. Each prints one JSON object (games, kyoku, seconds, hanchan/s, kyoku/s,
...). Only the peers' public Python APIs are called; no peer code is copied.
"""

import argparse
import json
import os
import sys
import time

from rounds import median  # benches/peers/rounds.py, beside this script


def package_version(name):
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:  # pragma: no cover - metadata missing
        return "unknown"


def rates(games, kyoku, seconds):
    return {
        "games": games,
        "kyoku": kyoku,
        "seconds": seconds,
        "hanchan_per_second": games / seconds if seconds > 0 else None,
        "kyoku_per_second": kyoku / seconds if seconds > 0 else None,
        "kyoku_per_hanchan": kyoku / games if games else None,
    }


# --------------------------------------------------------------------------- #
# libriichi arena (mjai 0.2.1)
# --------------------------------------------------------------------------- #

NONE_ACTION = '{"type":"none"}'


class LeanTsumogiri:
    """A "mjai-log" engine for the libriichi arena: discard the drawn tile, nothing else."""

    engine_type = "mjai-log"

    def __init__(self, name):
        self.name = name
        self.player_ids = []
        self.kyoku = 0
        self.games = 0
        self.decisions = 0
        self.final_scores = []

    def set_player_ids(self, player_ids):
        self.player_ids = list(player_ids)

    def react_batch(self, game_states):
        out = []
        for gs in game_states:
            self.decisions += 1
            state = gs.state
            if state.last_cans.can_discard:
                actor = self.player_ids[gs.game_index]
                out.append('{"type":"dahai","actor":%d,"pai":"%s","tsumogiri":true}'
                           % (actor, state.last_self_tsumo()))
            else:
                out.append(NONE_ACTION)
        return out

    def start_game(self, game_idx):
        pass

    def end_kyoku(self, game_idx):
        self.kyoku += 1

    def end_game(self, game_idx, scores):
        self.games += 1
        self.final_scores.append(list(scores))


def stock_engine_class():
    """mjai's BaseMjaiLogEngine with the arena's callbacks counted (policy untouched)."""
    from mjai.engine import BaseMjaiLogEngine

    class CountedStock(BaseMjaiLogEngine):
        def __init__(self, name):
            super().__init__(name)
            self.kyoku = 0
            self.games = 0
            self.decisions = 0
            self.final_scores = []

        def react_batch(self, game_states):
            self.decisions += len(game_states)
            return super().react_batch(game_states)

        def end_kyoku(self, game_idx):
            self.kyoku += 1

        def end_game(self, game_idx, scores):
            self.games += 1
            self.final_scores.append(list(scores))

    return CountedStock


def cmd_mjai(args):
    from mjai.mlibriichi.arena import Match

    make = LeanTsumogiri if args.bot == "lean" else stock_engine_class()
    match = Match()  # log_dir=None: no game logs written
    # One untimed hanchan first (seed after the timed ones): the first match pays one-off
    # set-up costs inside the extension.
    match.py_match(*[make(str(seat)) for seat in range(4)], seed_start=(args.seed + args.games, 0))
    agents = [make(str(seat)) for seat in range(4)]
    start = time.perf_counter()
    for i in range(args.games):
        match.py_match(*agents, seed_start=(args.seed + i, 0))
    seconds = time.perf_counter() - start

    a0 = agents[0]
    if a0.games != args.games:
        raise SystemExit(f"arena reported {a0.games} finished games, expected {args.games}")
    # Every seat sees the same end_kyoku calls; a hanchan whose scores all stay at 25,000
    # had no win and no noten payment (tsumogiri never wins and is rarely tenpai).
    result = {
        "peer": "libriichi arena",
        "package": f"mjai {package_version('mjai')}",
        "python": sys.version.split()[0],
        "bot": ("tsumogiri (lean mjai-log engine)" if args.bot == "lean"
                else "tsumogiri (mjai.engine.BaseMjaiLogEngine)"),
        "seed": args.seed,
        "decisions": sum(a.decisions for a in agents),
        "hanchan_with_score_change": sum(1 for s in a0.final_scores if s != [25000] * 4),
    }
    result.update(rates(args.games, a0.kyoku, seconds))
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


# --------------------------------------------------------------------------- #
# riichienv 0.4.11
# --------------------------------------------------------------------------- #

HANCHAN = 2  # riichienv.GameType.YON_HANCHAN, i.e. game_mode "4p-red-half"


def cmd_riichienv(args):
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    agents = [RandomAgent(seed=args.seed * 4 + seat) for seat in range(4)]
    # One untimed hanchan first (seed after the timed ones), as for the arena.
    env = RiichiEnv(game_mode=HANCHAN, skip_mjai_logging=True, seed=args.seed + args.games)
    obs = env.reset()
    while not env.done():
        obs = env.step({seat: agents[seat].act(o) for seat, o in obs.items()})
    kyoku = 0
    steps = 0
    decisions = 0
    score_changes = 0
    start = time.perf_counter()
    for i in range(args.games):
        env = RiichiEnv(game_mode=HANCHAN, skip_mjai_logging=True, seed=args.seed + i)
        obs = env.reset()
        last = (env.round_wind, env.oya, env.honba)
        kyoku += 1
        while not env.done():
            decisions += len(obs)
            obs = env.step({seat: agents[seat].act(o) for seat, o in obs.items()})
            steps += 1
            now = (env.round_wind, env.oya, env.honba)
            if now != last:
                kyoku += 1
                last = now
        if env.scores() != [25000] * 4:
            score_changes += 1
    seconds = time.perf_counter() - start

    result = {
        "peer": "riichienv",
        "package": f"riichienv {package_version('riichienv')}",
        "python": sys.version.split()[0],
        "bot": "riichienv.agents.RandomAgent (uniform legal action)",
        "seed": args.seed,
        "steps": steps,
        "decisions": decisions,
        "hanchan_with_score_change": score_changes,
    }
    result.update(rates(args.games, kyoku, seconds))
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


# --------------------------------------------------------------------------- #
# Report
# --------------------------------------------------------------------------- #

def load_json(path):
    """The last JSON object in a file (a run's stdout); None if missing/empty/broken."""
    if not path or not os.path.exists(path):
        return None
    try:
        with open(path) as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        return None
    for line in reversed(lines):
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            return obj
    return None


def read_text(path):
    if not path or not os.path.exists(path):
        return ""
    with open(path, errors="replace") as f:
        return f.read().strip()


def number(x):
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if x == x and x not in (float("inf"), float("-inf")) else None


def alea_rates(obj):
    """hanchan/s and kyoku/s from `alea simulate mahjong --json`, read defensively.

    Expected: `games_per_second` (as in every `alea simulate --json`), optionally
    `kyoku_per_second`, or a kyoku total (`kyoku`, `hands`, `rounds`) or a mean per game
    (`mean_kyoku`, `kyoku_per_game`) together with `games`. Anything missing is None.
    """
    if not obj:
        return None
    gps = number(obj.get("games_per_second"))
    if gps is None or gps <= 0:
        return None
    games = number(obj.get("games"))
    kps = number(obj.get("kyoku_per_second"))
    kyoku = None
    if kps is None:
        for key in ("kyoku", "hands", "rounds", "total_kyoku"):
            kyoku = number(obj.get(key))
            if kyoku is not None:
                break
        if kyoku is None and games:
            for key in ("mean_kyoku", "kyoku_per_game", "mean_kyoku_per_game"):
                mean = number(obj.get(key))
                if mean is not None:
                    kyoku = mean * games
                    break
        if kyoku is not None and games:
            kps = kyoku / (games / gps)
    return {"games": games, "kyoku": kyoku, "hanchan_per_second": gps, "kyoku_per_second": kps,
            "kyoku_per_hanchan": (kps / gps) if kps is not None else None}


def fmt(x, digits=1):
    if x is None:
        return "n/a"
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:,.{digits}f}"


def ratio(a, b):
    if a is None or not b:
        return None
    return a / b


def fmt_ratio(r):
    return "n/a" if r is None else f"{r:,.1f}x" if r >= 10 else f"{r:.2f}x"


def first_line(text, limit=200):
    for line in text.splitlines():
        line = line.strip()
        if line:
            return line[:limit]
    return ""


def fmt_spread(rs):
    """The median ratio and its range over the rounds, e.g. '17.3x [16.8-18.0]'."""
    rs = [r for r in rs if r is not None]
    if not rs:
        return "n/a"
    if len(rs) == 1:
        return fmt_ratio(rs[0])
    return f"{fmt_ratio(median(rs))} [{fmt_ratio(min(rs))[:-1]}-{fmt_ratio(max(rs))[:-1]}]"


def side_runs(args, name):
    """Per round: (JSON result or None, error text); and the side's own error text."""
    runs = []
    for r in range(1, args.rounds + 1):
        base = os.path.join(args.dir, f"mahjong-{name}-{r}")
        runs.append((load_json(base + ".json"), read_text(base + ".err")))
    return runs, read_text(os.path.join(args.dir, f"mahjong-{name}.err"))


def cmd_report(args):
    peers = []
    for key, name, label, bot in (
        ("libriichi_lean", "mjai", "libriichi arena (mjai 0.2.1)",
         "tsumogiri (lean mjai-log engine)"),
        ("libriichi_stock", "mjai-stock", "libriichi arena (mjai 0.2.1)",
         "tsumogiri (mjai.engine.BaseMjaiLogEngine)"),
        ("riichienv", "riichienv", "riichienv 0.4.11",
         "riichienv.agents.RandomAgent (uniform legal action)"),
    ):
        runs, error = side_runs(args, name)
        peers.append({"key": key, "label": label, "bot": bot, "runs": runs, "error": error})

    alea_runs, alea_error = side_runs(args, "alea")
    alea = [alea_rates(obj) for obj, _ in alea_runs]
    if not any(alea) and not alea_error:
        alea_error = next((e for _, e in alea_runs if e), "") or "no games_per_second in its output"

    out = []
    out.append(f"## alea vs the mahjong engines (riichi, full hanchan, 1 thread, {args.rounds} rounds)")
    out.append("")
    out.append(f"- machine: {args.nproc} cores, {args.cpu}; load average (1/5/15 min): {args.load}")
    out.append(f"- pinned to one core: {args.pinned}")
    out.append(f"- parameters: ROUNDS={args.rounds} ALEA_GAMES={args.alea_games} "
               f"MJAI_GAMES={args.mjai_games} MJAI_STOCK_GAMES={args.mjai_stock_games} "
               f"RIICHIENV_GAMES={args.riichienv_games} SEED={args.seed}")
    out.append("- rates are medians over the rounds; ratios are the median of the rounds' own "
               "ratios (alea / peer in the same round) [range]")
    out.append("")
    out.append("| engine | players | hanchan per round | kyoku/hanchan | hanchan/s | kyoku/s "
               "| alea / peer (hanchan/s) | alea / peer (kyoku/s) |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")

    def med(runs, field):
        return median([r.get(field) if r else None for r in runs])

    if any(alea):
        games = next(a["games"] for a in alea if a)
        out.append(f"| alea (`simulate mahjong`) | random x4 | {fmt(games, 0)} "
                   f"| {fmt(med(alea, 'kyoku_per_hanchan'))} | {fmt(med(alea, 'hanchan_per_second'))} "
                   f"| {fmt(med(alea, 'kyoku_per_second'))} | - | - |")
    else:
        out.append("| alea (`simulate mahjong`) | random x4 | n/a | n/a | n/a | n/a | n/a | n/a |")

    table = []
    notes = []
    for p in peers:
        results = [obj for obj, _ in p["runs"]]
        if any(results):
            rh = [ratio(a and a["hanchan_per_second"], r and r.get("hanchan_per_second"))
                  for a, r in zip(alea, results)]
            rk = [ratio(a and a["kyoku_per_second"], r and r.get("kyoku_per_second"))
                  for a, r in zip(alea, results)]
            first = next(r for r in results if r)
            out.append(f"| {p['label']} | {first['bot']} x4 | {first['games']} "
                       f"| {fmt(med(results, 'kyoku_per_hanchan'))} "
                       f"| {fmt(med(results, 'hanchan_per_second'))} "
                       f"| {fmt(med(results, 'kyoku_per_second'))} "
                       f"| {fmt_spread(rh)} | {fmt_spread(rk)} |")
            table.append({"peer": p["key"], "rounds": results,
                          "hanchan_per_second": med(results, "hanchan_per_second"),
                          "kyoku_per_second": med(results, "kyoku_per_second"),
                          "ratios_hanchan": rh, "ratios_kyoku": rk,
                          "ratio_hanchan": median(rh), "ratio_kyoku": median(rk)})
            failed = [str(i + 1) for i, r in enumerate(results) if not r]
            if failed:
                notes.append(f"- {p['label']}, {p['bot']}: no result in round(s) {', '.join(failed)}")
        else:
            why = first_line(p["error"] or next((e for _, e in p["runs"] if e), "")) or "no result"
            out.append(f"| {p['label']} | {p['bot']} x4 | n/a | n/a | n/a | n/a | n/a | n/a |")
            notes.append(f"- {p['label']}, {p['bot']}: did not run: {why}")
            table.append({"peer": p["key"], "error": p["error"] or why})
    if not any(alea):
        notes.append("- alea: n/a, `alea simulate mahjong` gave no figures: "
                     f"{first_line(alea_error) or 'no result'}")

    out.append("")
    for p in peers:
        r = next((obj for obj, _ in p["runs"] if obj), None)
        if r and "decisions" in r and r.get("seconds"):
            us = median([obj["seconds"] / max(obj["decisions"], 1) * 1e6
                         for obj, _ in p["runs"] if obj and obj.get("seconds")])
            out.append(f"- {p['label']}, {r['bot']}: {r['decisions']:,} agent decisions a round, "
                       f"{us:.1f} us each (median); {r['hanchan_with_score_change']} of {r['games']} "
                       f"hanchan ended with scores other than 25,000 x4 (Python {r['python']})")
    out.extend(notes)
    print("\n".join(out))

    combined = {
        "machine": {"nproc": args.nproc, "cpu": args.cpu, "loadavg": args.load,
                    "pinned": args.pinned},
        "parameters": {"ROUNDS": args.rounds, "ALEA_GAMES": args.alea_games,
                       "MJAI_GAMES": args.mjai_games, "MJAI_STOCK_GAMES": args.mjai_stock_games,
                       "RIICHIENV_GAMES": args.riichienv_games, "SEED": args.seed},
        "alea": {"rounds": alea, "raw": [obj for obj, _ in alea_runs],
                 "error": None if any(alea) else alea_error},
        "peers": {p["key"]: {"rounds": [obj for obj, _ in p["runs"]],
                             "error": p["error"] or None} for p in peers},
        "results": table,
    }
    with open(args.json_out, "w") as f:
        json.dump(combined, f, indent=2)
        f.write("\n")


# --------------------------------------------------------------------------- #

def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)

    m = sub.add_parser("mjai", help="libriichi arena (mjai 0.2.1), print JSON")
    m.add_argument("--games", type=int, default=50)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--bot", choices=("lean", "stock"), default="lean")
    m.set_defaults(func=cmd_mjai)

    r = sub.add_parser("riichienv", help="riichienv 0.4.11, print JSON")
    r.add_argument("--games", type=int, default=100)
    r.add_argument("--seed", type=int, default=1)
    r.set_defaults(func=cmd_riichienv)

    rep = sub.add_parser("report", help="print the table, write the combined JSON")
    rep.add_argument("--dir", required=True,
                     help="where mahjong-SIDE-ROUND.{json,err} and mahjong-SIDE.err are")
    rep.add_argument("--rounds", type=int, default=1)
    rep.add_argument("--pinned", default="?")
    rep.add_argument("--alea-games", type=int, default=0)
    rep.add_argument("--mjai-games", type=int, default=0)
    rep.add_argument("--mjai-stock-games", type=int, default=0)
    rep.add_argument("--riichienv-games", type=int, default=0)
    rep.add_argument("--seed", type=int, default=1)
    rep.add_argument("--nproc", default="?")
    rep.add_argument("--cpu", default="?")
    rep.add_argument("--load", default="?")
    rep.add_argument("--json-out", required=True)
    rep.set_defaults(func=cmd_report)

    args = p.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
