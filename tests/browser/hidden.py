#!/usr/bin/env python3
"""Checks that a seat's page holds none of another seat's concealed tiles or cards before
the rules reveal them, against the full page of the same game (run by view.sh).

usage: hidden.py FULL.html SEAT.html SEAT
"""
import json
import re
import sys


def data(path):
    text = open(path, encoding="utf-8").read()
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', text, re.S)
    return text, json.loads(found.group(1))


def events(page):
    return [e for step in page["steps"] for e in step["events"]]


def mahjong(full, text, page, seat):
    """No other seat's dealt hand in the page's source; other deals null, other draws blank."""
    problems = []
    for e in events(full):
        if e["event"] == "deal":
            for s, hand in enumerate(e["hands"]):
                if s != seat and hand and len(hand) > 4 and hand in text:
                    problems.append(f"P{s}'s dealt hand {hand}")
    for e in events(page):
        if e["event"] == "deal" and any(h is not None for s, h in enumerate(e["hands"]) if s != seat):
            problems.append(f"another hand in {e}")
        if e["event"] == "draw" and e["seat"] != seat and e.get("tile") is not None:
            problems.append(f"another seat's draw {e}")
        if e["event"] in ("ability", "collapse"):
            problems.append(f"the wall's secret {e}")
    return problems


def sgs(full, text, page, seat):
    """Other seats' hands as counts only; no card passed between two other seats named."""
    problems = []
    for k, step in enumerate(page["steps"]):
        for s, board in enumerate(step["board"]["seats"]):
            if s != seat and board.get("cards") is not None:
                problems.append(f"P{s}'s cards at step {k}")
        for e in step["events"]:
            between = e["event"] == "lost" and e.get("to") is not None and seat not in (e["from"], e["to"])
            if between and e["card"] != 254:
                problems.append(f"a card between others {e}")
    return problems


def duel(full, text, page, seat):
    """The other side's dice and cards as counts only; of its mulligan, how many cards only."""
    problems = []
    for k, step in enumerate(page["steps"]):
        other = step["board"]["sides"][1 - seat]
        if other.get("faces") is not None or other.get("cards") is not None:
            problems.append(f"the other side's dice or cards at step {k}")
        for e in step["events"]:
            mask = e.get("mask", 0)
            if e["event"] == "redrawn" and e["seat"] != seat and mask & (mask + 1):
                problems.append(f"which cards the other side put back: {e}")
    return problems


def main():
    full_path, seat_path, seat = sys.argv[1], sys.argv[2], int(sys.argv[3])
    _, full = data(full_path)
    text, page = data(seat_path)
    check = {"mahjong": mahjong, "sichuan": mahjong, "sgs": sgs, "duel": duel}.get(page["game"])
    problems = check(full, text, page, seat) if check else []
    for p in problems[:5]:
        print(f"hidden.py: {seat_path}: {p}", file=sys.stderr)
    sys.exit(1 if problems else 0)


main()
