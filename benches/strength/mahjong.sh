#!/usr/bin/env bash
# Search players' strength in mahjong (issue 26), duplicate style: every hand (`--length kyoku`,
# hand i seeded from (--seed, i) whatever the players) is played once by four greedy players
# and once per seat with each search player at that seat among three greedy ones. A player's
# gain on a hand is its points at a seat minus greedy's at the same seat of the same deal,
# averaged over the four seats; the script prints each player's mean gain per hand with its
# 95 % interval (normal, over hands), each pair of search players' difference the same way,
# and the issue's measure (points per hand minus the three greedy seats' mean, over the same
# games).
#
#   benches/strength/mahjong.sh [HANDS] [PLAYERS] [RULES]
#       HANDS per seat (default 100); PLAYERS comma-separated (default
#       ismcts,ismcts-uniform,ismcts-bayes; any player name, e.g. cautious for riichi or
#       ismcts:200); RULES comma-separated (default riichi,sichuan).
#       ALEA=path runs that binary instead of building this checkout's.
set -euo pipefail
cd "$(dirname "$0")/../.."
hands=${1:-100}
players=${2:-ismcts,ismcts-uniform,ismcts-bayes}
rules=${3:-riichi,sichuan}
[[ "$hands" =~ ^[1-9][0-9]*$ ]] || { echo "HANDS must be a positive number" >&2; exit 2; }
alea=${ALEA:-}
if [ -z "$alea" ]; then
  cargo build --release --quiet
  alea=target/release/alea
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
play() { # rules players file
  "$alea" simulate mahjong --rules "$1" --length kyoku --players "$2" --games "$hands" \
    --seed 26 --out "$3" > /dev/null
}
IFS=, read -ra kinds <<< "$players"
IFS=, read -ra rulesets <<< "$rules"
for r in "${rulesets[@]}"; do
  play "$r" greedy "$tmp/$r.greedy.jsonl"
  for p in "${kinds[@]}"; do
    for seat in 0 1 2 3; do
      seats=(greedy greedy greedy greedy)
      seats[$seat]=$p
      play "$r" "$(IFS=,; echo "${seats[*]}")" "$tmp/$r.$p.$seat.jsonl"
    done
  done
done
python3 - "$tmp" "$players" "$rules" <<'PY'
import json, math, sys
tmp, kinds, rulesets = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split(",")
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
    return f"{mean:+9.2f}  95% [{mean - half:+.2f}, {mean + half:+.2f}]"
for r in rulesets:
    base = scores(f"{tmp}/{r}.greedy.jsonl")
    gains, versus = {}, {}
    for p in kinds:
        runs = [scores(f"{tmp}/{r}.{p}.{seat}.jsonl") for seat in range(4)]
        gains[p] = [sum(runs[s][i][s] - base[i][s] for s in range(4)) / 4 for i in range(len(base))]
        versus[p] = [sum(runs[s][i][s] - sum(runs[s][i][o] for o in range(4) if o != s) / 3
                         for s in range(4)) / 4 for i in range(len(base))]
    unit = "points" if r != "sichuan" else "points (sichuan)"
    print(f"{r}: {len(base)} hands x 4 seats, {unit} per hand")
    for p in kinds:
        print(f"  {p:16} gain over greedy at its seat {interval(gains[p])}")
        print(f"  {p:16} minus the greedy seats' mean  {interval(versus[p])}")
    for i, p in enumerate(kinds):
        for q in kinds[i + 1:]:
            d = [a - b for a, b in zip(gains[p], gains[q])]
            print(f"  {p} - {q}: {interval(d)}")
PY
