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
#       ALEA=path runs that binary instead of building this checkout's; SEED=n seeds the games
#       (default 26).
set -euo pipefail
cd "$(dirname "$0")/../.."
hands=${1:-100}
players=${2:-ismcts,ismcts-uniform,ismcts-bayes}
rules=${3:-riichi,sichuan}
[[ "$hands" =~ ^[1-9][0-9]*$ ]] || { echo "HANDS must be a positive number" >&2; exit 2; }
source benches/strength/setup.sh
play() { # rules players file
  "$alea" simulate mahjong --rules "$1" --length kyoku --players "$2" --games "$hands" \
    --seed "$seed" --out "$3" > /dev/null
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
python3 benches/strength/duplicate.py "$tmp" greedy "$players" "$rules" 4
