#!/usr/bin/env bash
# SmartAI's strength in sgs (issue 18): `simulate sgs` with SmartAI against random players and
# against smart-optimistic (FreeKill's own AI), in both seat orders, 1v1 and identity4; prints
# each player kind's win rate over both orders with its 95 % interval (Wilson).
#
#   benches/strength/sgs.sh [GAMES]      (default 10000 games per seat order; needs python3)
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-10000}
[[ "$games" =~ ^[1-9][0-9]*$ ]] || { echo "GAMES must be a positive number" >&2; exit 2; }
cargo build --release --quiet
alea=target/release/alea
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { # name mode players...
  local name=$1 mode=$2; shift 2
  local i=0
  for players in "$@"; do
    "$alea" simulate sgs --mode "$mode" --players "$players" --games "$games" --seed 1 --json \
      > "$tmp/$name.$i.json"
    i=$((i + 1))
  done
}
run random1v1 1v1 smart,random random,smart
run optimistic1v1 1v1 smart,smart-optimistic smart-optimistic,smart
run random4 identity4 smart,random,random,random random,random,smart,random
run optimistic4 identity4 smart,smart-optimistic,smart,smart-optimistic \
  smart-optimistic,smart,smart-optimistic,smart
python3 - "$tmp" <<'PY'
import glob, json, math, sys
def wilson(w, n, z=1.959964):
    p = w / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return c - h, c + h
for name, label in [("random1v1", "1v1: smart against random"),
                    ("optimistic1v1", "1v1: smart against smart-optimistic"),
                    ("random4", "identity4: one smart among three random"),
                    ("optimistic4", "identity4: two smart, two smart-optimistic")]:
    wins, seats = {}, {}
    for path in sorted(glob.glob(f"{sys.argv[1]}/{name}.*.json")):
        s = json.load(open(path))
        for seat in s["seats"]:
            k = seat["player"]
            wins[k] = wins.get(k, 0) + seat["wins"]
            seats[k] = seats.get(k, 0) + s["games"]
    print(label)
    for k in wins:
        lo, hi = wilson(wins[k], seats[k])
        print(f"  {k:<17} {wins[k]:>7} / {seats[k]:<7} {100*wins[k]/seats[k]:6.2f}%  [{100*lo:.2f}%, {100*hi:.2f}%]")
PY
