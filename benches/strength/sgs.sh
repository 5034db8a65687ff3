#!/usr/bin/env bash
# SmartAI's strength in sgs (issue 18), as `alea arena` runs: SmartAI against random players and
# against smart-optimistic (FreeKill's own AI), 1v1 and identity4; every deal is played in every
# rotation of the seating (roles stay with the seats), and the arena prints each player kind's
# mean score a game (+1 a win, -1 a loss) and their difference with paired 95 % intervals. A
# win rate w is a mean of 2w - 1.
#
#   benches/strength/sgs.sh [DEALS]      (default 10000 deals a row)
#       ALEA=path runs that binary instead of building this checkout's release; SEED=n seeds
#       the deals (default 26).
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-10000}
[[ "$deals" =~ ^[1-9][0-9]*$ ]] || { echo "DEALS must be a positive number" >&2; exit 2; }
source benches/strength/setup.sh
run() { # mode players
  "$alea" arena sgs --mode "$1" --players "$2" --deals "$deals" --seed "$seed"
  echo
}
run 1v1 smart,random
run 1v1 smart,smart-optimistic
run identity4 smart,random
run identity4 smart,smart-optimistic,smart,smart-optimistic
