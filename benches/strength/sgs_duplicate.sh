#!/usr/bin/env bash
# SmartAI variants against a base player in sgs (issue 26: SmartAI with and without the
# posterior), as `alea arena` runs: at every table one seat holds the variant and the others
# the base player, and every deal is played in every rotation, so the variant sits in every
# seat of every deal. Prints the arena's mean scores (+1 a win, -1 a loss) and the variant's
# difference from the base with paired 95 % intervals.
#
#   benches/strength/sgs_duplicate.sh [DEALS] [PLAYERS] [MODES] [BASE]
#       DEALS per row (default 2000); PLAYERS comma-separated (default smart-bayes); MODES
#       comma-separated (default 1v1,identity4); BASE the other seats (default smart).
#       ALEA=path runs that binary instead of building this checkout's release; SEED=n seeds
#       the deals (default 26).
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-2000}
players=${2:-smart-bayes}
modes=${3:-1v1,identity4}
base=${4:-smart}
[[ "$deals" =~ ^[1-9][0-9]*$ ]] || { echo "DEALS must be a positive number" >&2; exit 2; }
source benches/strength/setup.sh
IFS=, read -ra kinds <<< "$players"
IFS=, read -ra groups <<< "$modes"
for m in "${groups[@]}"; do
  for p in "${kinds[@]}"; do
    "$alea" arena sgs --mode "$m" --players "$p,$base" --deals "$deals" --seed "$seed"
    echo
  done
done
