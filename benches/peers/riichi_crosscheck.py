"""Cross-check `alea score` against the independent Python scorer `mahjong` (PyPI).

Run through riichi_crosscheck.sh. Two parts, both through `alea score` (one process, JSON
lines):
  1. the hand table of tests/integration/scoring.rs: han, fu and total must agree;
  2. HANDS random hands built from random sets and melds (seeded): each must either score the
     same han, fu and total on both sides or be refused by both.
Rules on both sides: kuitan, red fives, no double yakuman, kazoe yakuman, no kiriage, open
pinfu-shape ron 30 fu, pinfu tsumo 20 fu. Prints the differences and a summary; exits 1 on any.
"""

import json
import os
import random
import re
import subprocess
import sys

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALEA = os.environ.get("ALEA", os.path.join(ROOT, "target", "release", "alea"))
WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
SUITS = "mpsz"
MELD = {"pon": Meld.PON, "chi": Meld.CHI, "open_kan": Meld.KAN, "closed_kan": Meld.KAN,
        "added_kan": Meld.SHOUMINKAN}
RULES = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                      kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False,
                      fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False, has_daichisei=False)


def tiles(text):
    """Notation -> [(kind 0..33, red)]."""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in SUITS:
            base = SUITS.index(ch) * 9
            out += [(base + (4 if d == 0 else d - 1), d == 0) for d in digits]
            digits = []
    return out


class Ids:
    """136-tile ids: copy 0 of a five is the peer's red five, black fives use copies 1-3."""

    def __init__(self):
        self.used = {}

    def take(self, kind, red):
        five = kind < 27 and kind % 9 == 4
        if red:
            return kind * 4
        n = self.used.get(kind, 0)
        self.used[kind] = n + 1
        if n >= (3 if five else 4):
            raise ValueError("no such copy")
        return kind * 4 + n + (1 if five else 0)


def peer(hand):
    """The peer's (han, fu, total), None when it refuses the hand, "skip" when the hand cannot
    be written in its 136-tile ids."""
    ids = Ids()
    try:
        concealed = [(k, r, ids.take(k, r)) for k, r in tiles(hand["tiles"])]
        all_ids = [i for _, _, i in concealed]
        melds = []
        for meld in hand.get("melds", []):
            meld_ids = [ids.take(k, r) for k, r in tiles(meld["tiles"])]
            all_ids += meld_ids
            melds.append(Meld(meld_type=MELD[meld["kind"]], tiles=meld_ids,
                              opened=meld["kind"] != "closed_kan"))
        (win_kind, win_red), = tiles(hand["win_tile"])
        win = next(i for k, r, i in concealed if k == win_kind and r == win_red)
        dora = [ids.take(k, r) for k, r in tiles(hand.get("dora_indicators", ""))]
        ura = [ids.take(k, r) for k, r in tiles(hand.get("ura_indicators", ""))]
    except (ValueError, StopIteration):
        return "skip"  # a fourth black five, or a copy the peer cannot name
    get = hand.get
    config = HandConfig(
        is_tsumo=get("tsumo", False), is_riichi=get("riichi", False) or get("double_riichi", False),
        is_ippatsu=get("ippatsu", False), is_rinshan=get("rinshan", False),
        is_chankan=get("chankan", False), is_haitei=get("haitei", False),
        is_houtei=get("houtei", False), is_daburu_riichi=get("double_riichi", False),
        is_tenhou=get("tenhou", False), is_chiihou=get("chiihou", False),
        player_wind=WIND[get("seat_wind", "E")], round_wind=WIND[get("round_wind", "E")],
        kyoutaku_number=get("riichi_sticks", 0), tsumi_number=get("honba", 0), options=RULES)
    result = HandCalculator.estimate_hand_value(all_ids, win, melds=melds, dora_indicators=dora,
                                                ura_dora_indicators=ura, config=config)
    if result.error:
        return None
    return (result.han, result.fu, result.cost["total"])


def table():
    source = open(os.path.join(ROOT, "tests", "integration", "scoring.rs")).read()
    return [json.loads(line) for line in re.findall(r'case\(\s*r#"(.*?)"#', source)]


def random_hand(rng):
    """Four random sets (some declared as melds) and a pair; sometimes seven pairs."""
    while True:
        counts = [0] * 34
        groups = []
        melds = rng.choice([0, 0, 0, 1, 2, 3, 4])
        suits = [rng.randrange(4)] if rng.random() < 0.3 else [0, 1, 2, 3]
        for at in range(4):
            suit = rng.choice(suits)
            if suit == 3 or rng.random() < 0.35:
                kind = suit * 9 + rng.randrange(7 if suit == 3 else 9)
                kan = at < melds and rng.random() < 0.3
                groups.append(("triplet", kind, kan))
                counts[kind] += 4 if kan else 3
            else:
                kind = suit * 9 + rng.randrange(7)
                groups.append(("sequence", kind, False))
                for i in range(3):
                    counts[kind + i] += 1
        suit = rng.choice(suits)
        counts[suit * 9 + rng.randrange(7 if suit == 3 else 9)] += 2
        if max(counts) > 4 or any(counts[k] == 4 for k in (4, 13, 22)):
            continue
        if melds == 0 and rng.random() < 0.1:
            pairs = rng.sample(range(34), 7)
            counts, groups = [2 if k in pairs else 0 for k in range(34)], []
        declared = []
        for shape, kind, kan in groups[:melds]:
            suit = SUITS[kind // 9]
            if shape == "sequence":
                declared.append({"kind": "chi", "tiles": f"{kind % 9 + 1}{kind % 9 + 2}{kind % 9 + 3}{suit}"})
                for i in range(3):
                    counts[kind + i] -= 1
            else:
                size = 4 if kan else 3
                meld_kind = rng.choice(["open_kan", "closed_kan", "added_kan"]) if kan else "pon"
                declared.append({"kind": meld_kind, "tiles": str(kind % 9 + 1) * size + suit})
                counts[kind] -= size
        concealed = "".join(f"{k % 9 + 1}{SUITS[k // 9]}" * c for k, c in enumerate(counts))
        win = rng.choice([k for k, c in enumerate(counts) if c])
        closed = all(m["kind"] == "closed_kan" for m in declared)
        seat = rng.choice("ESWN")
        dora = rng.randrange(34)
        return {"tiles": concealed, "melds": declared, "win_tile": f"{win % 9 + 1}{SUITS[win // 9]}",
                "tsumo": rng.random() < 0.5, "riichi": closed and rng.random() < 0.5,
                "seat_wind": seat, "round_wind": rng.choice("ES"), "dealer": seat == "E",
                "dora_indicators": f"{dora % 9 + 1}{SUITS[dora // 9]}" if rng.random() < 0.5 else ""}


def main():
    rng = random.Random(int(os.environ.get("SEED", "1")))
    cases = table()
    hands = cases + [random_hand(rng) for _ in range(int(os.environ.get("HANDS", "5000")))]
    lines = "".join(json.dumps(hand) + "\n" for hand in hands)
    out = subprocess.run([ALEA, "score"], input=lines, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    agree = refused = differ = skipped = 0
    for at, (hand, line) in enumerate(zip(hands, out)):
        ours = json.loads(line)
        if at >= len(cases) and hand["dealer"] != (hand["seat_wind"] == "E"):
            continue
        theirs = peer(hand)
        if theirs == "skip":
            skipped += 1
            continue
        mine = None if "error" in ours else (ours["han"], ours["fu"], ours["points"]["total"])
        if mine == theirs:
            agree += mine is not None
            refused += mine is None
        else:
            differ += 1
            if differ <= 20:
                print(f"differ: {json.dumps(hand)}\n  alea {line}\n  peer {theirs}")
    print(f"table: {len(cases)} hands; random: {len(hands) - len(cases)} hands (seed "
          f"{os.environ.get('SEED', '1')}); {agree} scored the same, {refused} refused by both, "
          f"{differ} differ, {skipped} skipped")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
