#!/usr/bin/env python3
"""Full-information mjai logs of whole riichi hanchan from an independent engine.

Plays GAMES hanchan in the libriichi arena shipped in mjai 0.2.1
(`mjai.mlibriichi.arena.Match`, Mortal's libriichi game loop in Rust) with mjai's own
`RulebaseBot` in every seat (it calls, declares riichi and wins), hanchan i seeded
`(SEED + i, 0)`, and leaves the arena's logs (`SEED+i_0_a.json.gz`: one mjai event per
line, `start_game` to `end_game`, every seat's starting hand, every draw and delta) in OUT.
These are the ground truth alea's riichi rules are checked against (issue 24).

Usage: mjai_logs.py OUT GAMES SEED   (run through mjai_logs.sh, which makes the venv)
"""

import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot
from mjai.mlibriichi.arena import Match


class RulebaseEngine:
    """An "mjai-log" engine: the arena hands it each decision's kyoku log; its RulebaseBot
    reads the events it has not seen yet and answers with one mjai action."""

    engine_type = "mjai-log"

    def __init__(self, name):
        self.name = name
        self.player_ids = []
        self.bots = {}
        self.seen = {}

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def start_game(self, game):
        seat = self.player_ids[game]
        self.bots[game] = RulebaseBot(player_id=seat)
        self.bots[game].react(json.dumps([{"type": "start_game", "id": seat}]))
        self.seen[game] = 0

    def end_kyoku(self, game):
        self.seen[game] = 0

    def end_game(self, game, scores):
        pass

    def react_batch(self, game_states):
        answers = []
        for state in game_states:
            game = state.game_index
            events = json.loads(state.events_json)
            fresh = events[self.seen[game]:]
            self.seen[game] = len(events)
            answers.append(self.bots[game].react(json.dumps(fresh)))
        return answers


def main():
    out, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    logger.remove()  # RulebaseBot logs every decision
    for i in range(games):
        engines = [RulebaseEngine(str(seat)) for seat in range(4)]
        Match(log_dir=out).py_match(*engines, seed_start=(seed + i, 0))
    print(f"{games} hanchan written to {out}")


if __name__ == "__main__":
    main()
