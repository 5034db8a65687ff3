"""Duplicate-style strength from JSON-lines game records (`alea simulate ... --out`).

    duplicate.py DIR BASE PLAYERS GROUPS SEATS

For each group (a ruleset or mode), DIR/GROUP.BASE.jsonl holds the games with BASE at every
seat, and DIR/GROUP.PLAYER.SEAT.jsonl the same games (same seeds) with PLAYER at SEAT among
BASE players. A player's gain on a game is its score at a seat minus BASE's at the same seat
of the same game, averaged over the seats; printed with its 95 % interval (normal, over
games), with each pair of players' difference, and the score minus the other seats' mean.
Scores are the records' `scores` (mahjong's less the 25 000 start).
"""
import json
import math
import sys


def scores(path):
    out = []
    for line in open(path):
        game = json.loads(line)
        start = 25000 if game["game"] == "mahjong" else 0
        out.append([s - start for s in game["scores"]])
    return out


def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = 1.959964 * sd / math.sqrt(n)
    return f"{mean:+9.3f}  95% [{mean - half:+.3f}, {mean + half:+.3f}]"


def main(tmp, base_kind, kinds, groups, seats):
    for g in groups:
        base = scores(f"{tmp}/{g}.{base_kind}.jsonl")
        gains, versus = {}, {}
        for p in kinds:
            runs = [scores(f"{tmp}/{g}.{p}.{seat}.jsonl") for seat in range(seats)]
            gains[p] = [
                sum(runs[s][i][s] - base[i][s] for s in range(seats)) / seats
                for i in range(len(base))
            ]
            versus[p] = [
                sum(
                    runs[s][i][s]
                    - sum(runs[s][i][o] for o in range(seats) if o != s) / (seats - 1)
                    for s in range(seats)
                )
                / seats
                for i in range(len(base))
            ]
        print(f"{g}: {len(base)} games x {seats} seats, score per game")
        for p in kinds:
            print(f"  {p:16} gain over {base_kind} at its seat {interval(gains[p])}")
            print(f"  {p:16} minus the other seats' mean  {interval(versus[p])}")
        for i, p in enumerate(kinds):
            for q in kinds[i + 1 :]:
                d = [a - b for a, b in zip(gains[p], gains[q])]
                print(f"  {p} - {q}: {interval(d)}")


if __name__ == "__main__":
    tmp, base_kind, kinds, groups, seats = sys.argv[1:6]
    main(tmp, base_kind, kinds.split(","), groups.split(","), int(seats))
