#!/usr/bin/env bash
# A duel player's strength against another: `alea arena duel` (every deal played in both seat
# orders; paired 95 % intervals; a game scores +1 a win, -1 a loss, 0 a draw).
#
# With ALEA_BASE=path it also measures this build against another, deal by deal: deal i is
# `alea arena duel --deals 1 --seed SEED+i` run by both binaries, and the script prints the
# mean of (this build's PLAYER - OPPONENT) minus (the base's), paired by deal, which is how a
# change to a player is measured (issue 26: the duel's dice model).
#
#   benches/strength/duel.sh [DEALS] [PLAYER] [OPPONENT]
#       DEALS (default 500); PLAYER (default expectimax) and OPPONENT (default greedy) are
#       `arena duel --players` names. ALEA=path runs that binary instead of building this
#       checkout's release; SEED=n seeds the arena run (with ALEA_BASE: deal i's run is seeded
#       SEED+i; default 26).
set -euo pipefail
cd "$(dirname "$0")/../.."
deals=${1:-500}
player=${2:-expectimax}
opponent=${3:-greedy}
[[ "$deals" =~ ^[1-9][0-9]*$ ]] || { echo "DEALS must be a positive number" >&2; exit 2; }
source benches/strength/setup.sh
if [ -z "${ALEA_BASE:-}" ]; then
  "$alea" arena duel --players "$player,$opponent" --deals "$deals" --seed "$seed"
  exit
fi
[ "$player" != "$opponent" ] || { echo "ALEA_BASE pairs PLAYER against another OPPONENT" >&2; exit 2; }
differences() { # binary file: one line per deal, PLAYER - OPPONENT on it
  for ((i = 0; i < deals; i++)); do
    "$1" arena duel --players "$player,$opponent" --deals 1 --seed $((seed + i)) --json
  done | python3 -c '
import json, sys
for line in sys.stdin:
    print(json.loads(line)["differences"][0]["mean"])' > "$2"
}
differences "$alea" "$tmp/this"
differences "$ALEA_BASE" "$tmp/base"
python3 - "$tmp" "$player" "$opponent" <<'PY'
import math, os, sys
tmp, player, opponent = sys.argv[1:]
def read(name):
    with open(os.path.join(tmp, name)) as f:
        return [float(x) for x in f]
def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n) if n > 1 else math.inf
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"
this, base = read("this"), read("base")
print(f"{player} - {opponent}, {len(this)} deals x 2 seat orders")
print(f"  this build: {interval(this)}")
print(f"  base build: {interval(base)}")
print(f"  this minus base, deal by deal: {interval([a - b for a, b in zip(this, base)])}")
PY
