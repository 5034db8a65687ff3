#!/usr/bin/env python3
"""Full-information mjai logs of whole riichi hanchan from an independent engine.

Plays GAMES hanchan in the libriichi arena shipped in mjai 0.2.1
(`mjai.mlibriichi.arena.Match`, Mortal's libriichi game loop in Rust) with mjai's own
`RulebaseBot` in every seat (it calls, declares riichi and wins), hanchan i seeded
`(SEED + i, 0)`, and leaves the arena's logs (`SEED+i_0_a.json.gz`: one mjai event per
line, `start_game` to `end_game`, every seat's starting hand, every draw and delta) in OUT.
These are the ground truth alea's riichi rules are checked against (issue 24).

RulebaseBot sometimes answers with a discard Tenhou forbids and the arena does not check: a
riichi discard that leaves the hand noten, or a kuikae discard right after a chi or pon. The
engine replaces such a discard with the first allowed one (in tile order), so the logs hold
Tenhou-legal moves only.

With BOTS=kan, seats 0 and 2 are `KanBot`s instead: RulebaseBot that also declares every
kan it may (closed, added, open) and nine terminals, so the logs show kans, replacement draws,
kan dora and abortive draws, which RulebaseBot never makes.

Usage: mjai_logs.py OUT GAMES SEED [BOTS=rulebase|kan]   (run through mjai_logs.sh, which
makes the venv)
"""

import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot
from mjai.mlibriichi.arena import Match


class KanBot(RulebaseBot):
    """RulebaseBot that declares nine terminals and every kan it may."""

    def get_call_events(self, player_id=None):
        # mjai 0.2.1 cannot format closed or added kans among a hand's melds (it fails on
        # them): its helpers see the calls on discards only.
        events = super().get_call_events(player_id)
        return [e for e in events if e["type"] not in ("ankan", "kakan")]

    def think(self) -> str:
        if self.can_agari:
            return super().think()
        if self.can_ryukyoku:
            return self.action_ryukyoku()
        if self.can_ankan:
            kind = next(k for k, n in zip(KINDS, self.tehai_vec34) if n == 4)
            return self.action_ankan([t for t in self.tehai_mjai if t[:2] == kind])
        if self.can_kakan:
            pons = [e["pai"][:2] for e in self.get_call_events(self.player_id) if e["type"] == "pon"]
            return self.action_kakan(next(t for t in self.tehai_mjai if t[:2] in pons))
        if self.can_daiminkan:
            kind = self.last_kawa_tile[:2]
            return self.action_daiminkan([t for t in self.tehai_mjai if t[:2] == kind])
        return super().think()


def tenpai_after(hand, discard):
    """True when the concealed `hand` (mjai tiles) without one `discard` is tenpai."""
    counts = [0] * 34
    for tile in hand:
        counts[KINDS.index(tile[:2])] += 1
    counts[KINDS.index(discard[:2])] -= 1
    closed = sum(counts) == 13
    for wait in range(34):
        counts[wait] += 1
        complete = sets_and_pair(counts) or (closed and seven_pairs(counts))
        counts[wait] -= 1
        if complete or (closed and thirteen_orphans(counts, wait)):
            return True
    return False


def sets_and_pair(counts):
    """True when the counts split into sets and one pair."""
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            ok = only_sets(counts, 0)
            counts[pair] += 2
            if ok:
                return True
    return False


def only_sets(counts, at):
    """True when the counts from kind `at` on split into triplets and runs."""
    while at < 34 and counts[at] == 0:
        at += 1
    if at == 34:
        return True
    if counts[at] >= 3:
        counts[at] -= 3
        ok = only_sets(counts, at)
        counts[at] += 3
        if ok:
            return True
    if at < 27 and at % 9 <= 6 and counts[at + 1] and counts[at + 2]:
        for k in (at, at + 1, at + 2):
            counts[k] -= 1
        ok = only_sets(counts, at)
        for k in (at, at + 1, at + 2):
            counts[k] += 1
        return ok
    return False


def seven_pairs(counts):
    return sum(1 for n in counts if n == 2) == 7


def thirteen_orphans(counts, wait):
    orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    with_wait = list(counts)
    with_wait[wait] += 1
    return all(with_wait[k] >= 1 for k in orphans) and sum(with_wait[k] for k in orphans) == 14


# The 34 kinds in mjai's order of the bot's `tehai_vec34`.
KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")


class RulebaseEngine:
    """An "mjai-log" engine: the arena hands it each decision's kyoku log; its RulebaseBot
    reads the events it has not seen yet and answers with one mjai action."""

    engine_type = "mjai-log"

    def __init__(self, name, bot=RulebaseBot):
        self.name = name
        self.bot = bot
        self.player_ids = []
        self.bots = {}
        self.seen = {}

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def start_game(self, game):
        seat = self.player_ids[game]
        self.bots[game] = self.bot(player_id=seat)
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
            bot = self.bots[game]
            answers.append(legal_discard(bot, fresh, bot.react(json.dumps(fresh))))
        return answers


def legal_discard(bot, fresh, answer):
    """`answer`, or the first allowed discard when it is a discard Tenhou forbids."""
    action = json.loads(answer)
    if action.get("type") != "dahai":
        return answer
    reached = bool(fresh) and fresh[-1] == {"type": "reach", "actor": bot.player_id}
    if reached:
        allowed = [t for t in bot.tehai_mjai if tenpai_after(bot.tehai_mjai, t)]
    else:
        allowed = [t for t in bot.tehai_mjai if not bot.forbidden_tiles[t[:2]]]
    if not allowed or action["pai"] in allowed:
        return answer
    return bot.action_discard(sorted(allowed)[0])


def main():
    out, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    bots = sys.argv[4] if len(sys.argv) > 4 else "rulebase"
    if bots not in ("rulebase", "kan"):
        sys.exit(f"BOTS must be rulebase or kan, not {bots!r}")
    kan = KanBot if bots == "kan" else RulebaseBot
    logger.remove()  # RulebaseBot logs every decision
    for i in range(games):
        engines = [
            RulebaseEngine(str(seat), kan if seat % 2 == 0 else RulebaseBot)
            for seat in range(4)
        ]
        Match(log_dir=out).py_match(*engines, seed_start=(seed + i, 0))
    print(f"{games} hanchan written to {out}")


if __name__ == "__main__":
    main()
