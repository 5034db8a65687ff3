#!/usr/bin/env bash
# SmartAI with and without the posterior (issue 26), duplicate style: every game (game i seeded
# from (--seed, i) whatever the players) is played once with BASE at every seat and once per
# seat with each player at that seat among BASE players. A player's gain on a game is its score
# (+1 a win, -1 a loss, 0 a draw) at a seat minus BASE's at the same seat of the same game,
# averaged over the seats; printed with 95 % intervals by duplicate.py.
#
#   benches/strength/sgs_duplicate.sh [GAMES] [PLAYERS] [MODES] [BASE]
#       GAMES per seat (default 2000); PLAYERS comma-separated (default smart-bayes); MODES
#       comma-separated (default 1v1,identity4); BASE the other seats (default smart).
#       ALEA=path runs that binary instead of building this checkout's; SEED=n seeds the games
#       (default 26).
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-2000}
players=${2:-smart-bayes}
modes=${3:-1v1,identity4}
base=${4:-smart}
[[ "$games" =~ ^[1-9][0-9]*$ ]] || { echo "GAMES must be a positive number" >&2; exit 2; }
source benches/strength/setup.sh
play() { # mode players file
  "$alea" simulate sgs --mode "$1" --players "$2" --games "$games" --seed "$seed" --out "$3" > /dev/null
}
IFS=, read -ra kinds <<< "$players"
IFS=, read -ra groups <<< "$modes"
for m in "${groups[@]}"; do
  n=2
  [ "$m" = identity4 ] && n=4
  seats=()
  for ((s = 0; s < n; s++)); do seats+=("$base"); done
  play "$m" "$(IFS=,; echo "${seats[*]}")" "$tmp/$m.$base.jsonl"
  for p in "${kinds[@]}"; do
    for ((seat = 0; seat < n; seat++)); do
      row=("${seats[@]}")
      row[$seat]=$p
      play "$m" "$(IFS=,; echo "${row[*]}")" "$tmp/$m.$p.$seat.jsonl"
    done
  done
  python3 benches/strength/duplicate.py "$tmp" "$base" "$players" "$m" "$n"
done
