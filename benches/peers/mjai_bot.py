#!/usr/bin/env python3
"""alea's mjai bot at a libriichi arena table.

Plays GAMES hanchan in the libriichi arena (mjai 0.2.1) with `alea mjai-bot` at seat 0 and
mjai's RulebaseBot at seats 1-3, hanchan i seeded (SEED + i, 0). The bot runs as a
subprocess speaking mjai.app's protocol: each request is one line, a JSON array of the events
since the last one as its seat sees them (other seats' draws and starting hands hidden), and
each answer one line. The arena checks every reaction (an illegal one stops the match with an
error), and writes full-information logs to OUT. Prints the bot's requests, its non-`none`
answers and each hanchan's scores.

Usage: mjai_bot.py ALEA OUT GAMES SEED PLAYER   (run through mjai_bot.sh)
"""

import json
import subprocess
import sys

from loguru import logger
from mjai.mlibriichi.arena import Match

from mjai_logs import RulebaseEngine


class AleaEngine:
    """An "mjai-log" engine in front of one `alea mjai-bot` process per hanchan."""

    engine_type = "mjai-log"

    def __init__(self, alea, player, seed):
        self.name = f"alea-{player}"
        self.command = [alea, "mjai-bot", "--player", player, "--seed", str(seed)]
        self.player_ids = []
        self.proc = None
        self.seen = 0
        self.requests = 0
        self.actions = 0

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def ask(self, events):
        self.proc.stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        if not answer:
            raise RuntimeError("alea mjai-bot stopped answering")
        return answer

    def start_game(self, game):
        self.proc = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.seat = self.player_ids[game]
        self.ask([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": self.seat}])
        self.seen = 0

    def end_kyoku(self, game):
        self.ask([{"type": "end_kyoku"}])
        self.seen = 0

    def end_game(self, game, scores):
        self.ask([{"type": "end_game"}])
        self.proc.stdin.close()
        self.proc.wait()

    def react_batch(self, game_states):
        answers = []
        for state in game_states:
            events = json.loads(state.events_json)
            fresh = [self.seen_by(e) for e in events[self.seen:]]
            self.seen = len(events)
            answer = self.ask(fresh)
            self.requests += 1
            self.actions += json.loads(answer)["type"] != "none"
            answers.append(answer)
        return answers

    def seen_by(self, event):
        """`event` as the bot's seat sees it."""
        if event["type"] == "tsumo" and event["actor"] != self.seat:
            return {**event, "pai": "?"}
        if event["type"] == "start_kyoku":
            tehais = [h if s == self.seat else ["?"] * 13 for s, h in enumerate(event["tehais"])]
            return {**event, "tehais": tehais}
        return event


def main():
    alea, out, games, seed, player = sys.argv[1:6]
    games, seed = int(games), int(seed)
    logger.remove()
    for i in range(games):
        bot = AleaEngine(alea, player, seed + i)
        engines = [bot] + [RulebaseEngine(str(s)) for s in range(1, 4)]
        Match(log_dir=out).py_match(*engines, seed_start=(seed + i, 0))
        print(f"hanchan {seed + i}: {bot.requests} requests, {bot.actions} actions, all accepted")
    print(f"{games} hanchan with alea ({player}) at seat 0, logs in {out}")


if __name__ == "__main__":
    main()
