#!/usr/bin/env bash
# Search players' strength in mahjong, duplicate style, in the arena: for each ruleset and each
# listed player, one `alea arena` run of that player against three greedy players, one hand a
# deal (`--length kyoku`), every deal played once per seat of the player (four rotations, the
# same walls), printing the arena's report: each player's mean points a hand with its 95 %
# interval paired by deal, its win and deal-in rates, and the difference to greedy.
#
#   benches/strength/mahjong.sh [DEALS] [PLAYERS] [RULES]
#       DEALS per run (default 500: a riichi row needs hundreds to thousands); PLAYERS comma-separated (default
#       ismcts,ismcts-uniform,ismcts-bayes; any player name, e.g. cautious for riichi or
#       ismcts:200); RULES comma-separated (default riichi,sichuan).
#       ALEA=path runs that binary instead of building this checkout's; SEED=n seeds the deals
#       (default 0, as the book's tables).
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-500}
players=${2:-ismcts,ismcts-uniform,ismcts-bayes}
rules=${3:-riichi,sichuan}
[[ "$deals" =~ ^[1-9][0-9]*$ ]] || { echo "DEALS must be a positive number" >&2; exit 2; }
SEED=${SEED:-0} source benches/strength/setup.sh
IFS=, read -ra kinds <<< "$players"
IFS=, read -ra rulesets <<< "$rules"
for r in "${rulesets[@]}"; do
  for p in "${kinds[@]}"; do
    "$alea" arena mahjong --rules "$r" --length kyoku --players "$p,greedy" --deals "$deals" \
      --seed "$seed"
  done
done
