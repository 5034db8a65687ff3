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


def cmd_report(args):
    peers = []
    for key, path, err_path, label, bot in (
        ("libriichi_lean", args.mjai, args.mjai_err, "libriichi arena (mjai 0.2.1)",
         "tsumogiri (lean mjai-log engine)"),
        ("libriichi_stock", args.mjai_stock, args.mjai_stock_err, "libriichi arena (mjai 0.2.1)",
         "tsumogiri (mjai.engine.BaseMjaiLogEngine)"),
        ("riichienv", args.riichienv, args.riichienv_err, "riichienv 0.4.11",
         "riichienv.agents.RandomAgent (uniform legal action)"),
    ):
        peers.append({"key": key, "label": label, "bot": bot, "result": load_json(path),
                      "error": read_text(err_path)})

    alea_obj = load_json(args.alea)
    alea = alea_rates(alea_obj)
    alea_error = read_text(args.alea_err)
    if alea is None and not alea_error:
        alea_error = ("no games_per_second in its output" if alea_obj else "no JSON output")

    out = []
    out.append("## alea vs the mahjong engines (riichi, full hanchan, 1 thread)")
    out.append("")
    out.append(f"- machine: {args.nproc} cores, {args.cpu}; load average (1/5/15 min): {args.load}")
    out.append(f"- parameters: ALEA_GAMES={args.alea_games} MJAI_GAMES={args.mjai_games} "
               f"MJAI_STOCK_GAMES={args.mjai_stock_games} RIICHIENV_GAMES={args.riichienv_games} "
               f"SEED={args.seed}")
    out.append("")
    out.append("| engine | players | hanchan | kyoku/hanchan | hanchan/s | kyoku/s "
               "| alea / peer (hanchan/s) | alea / peer (kyoku/s) |")
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")

    a_h = alea and alea["hanchan_per_second"]
    a_k = alea and alea["kyoku_per_second"]
    if alea:
        out.append(f"| alea (`simulate mahjong`) | random x4 | {fmt(alea['games'], 0)} "
                   f"| {fmt(alea['kyoku_per_hanchan'])} | {fmt(a_h)} | {fmt(a_k)} | - | - |")
    else:
        out.append(f"| alea (`simulate mahjong`) | random x4 | n/a | n/a | n/a | n/a | n/a | n/a |")

    table = []
    notes = []
    for p in peers:
        r = p["result"]
        if r:
            h, k = r.get("hanchan_per_second"), r.get("kyoku_per_second")
            rh, rk = ratio(a_h, h), ratio(a_k, k)
            out.append(f"| {p['label']} | {r['bot']} x4 | {r['games']} "
                       f"| {fmt(r.get('kyoku_per_hanchan'))} | {fmt(h)} | {fmt(k)} "
                       f"| {fmt_ratio(rh)} | {fmt_ratio(rk)} |")
            table.append({"peer": p["key"], "hanchan_per_second": h, "kyoku_per_second": k,
                          "ratio_hanchan": rh, "ratio_kyoku": rk})
        else:
            why = first_line(p["error"]) or "no result"
            out.append(f"| {p['label']} | {p['bot']} x4 | n/a | n/a | n/a | n/a | n/a | n/a |")
            notes.append(f"- {p['label']}, {p['bot']}: did not run: {why}")
            table.append({"peer": p["key"], "error": p["error"] or "no result"})
    if not alea:
        notes.append("- alea: n/a, `alea simulate mahjong` gave no figures: "
                     f"{first_line(alea_error) or 'no result'}")

    out.append("")
    for p in peers:
        r = p["result"]
        if r and "decisions" in r and r.get("seconds"):
            us = r["seconds"] / max(r["decisions"], 1) * 1e6
            out.append(f"- {p['label']}, {r['bot']}: {r['decisions']:,} agent decisions, "
                       f"{us:.1f} us each; {r['hanchan_with_score_change']} of {r['games']} "
                       f"hanchan ended with scores other than 25,000 x4 (Python {r['python']})")
    out.extend(notes)
    print("\n".join(out))

    combined = {
        "machine": {"nproc": args.nproc, "cpu": args.cpu, "loadavg": args.load},
        "parameters": {"ALEA_GAMES": args.alea_games, "MJAI_GAMES": args.mjai_games,
                       "MJAI_STOCK_GAMES": args.mjai_stock_games,
                       "RIICHIENV_GAMES": args.riichienv_games, "SEED": args.seed},
        "alea": {"rates": alea, "raw": alea_obj, "error": None if alea else alea_error},
        "peers": {p["key"]: {"result": p["result"], "error": None if p["result"] else
                             (p["error"] or "no result")} for p in peers},
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
    for name in ("mjai", "mjai-stock", "riichienv", "alea"):
        rep.add_argument(f"--{name}", help=f"{name} JSON output")
        rep.add_argument(f"--{name}-err", help=f"{name} error text (why it did not run)")
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
