#!/usr/bin/env bash
# A duel player's strength against another, both seat orders: game i of each order is
# `alea play duel --seed SEED+i`. Prints PLAYER's mean score (win 1, draw 1/2, loss 0) with its
# 95 % interval (normal, over games). With ALEA_BASE=path it also plays the same games with
# that binary and prints the mean paired difference (this build's score minus the base's, game
# by game), which is how a change to a player is measured (issue 26: the duel's dice model).
#
#   benches/strength/duel.sh [GAMES] [PLAYER] [OPPONENT]
#       GAMES per seat order (default 500); PLAYER (default expectimax) and OPPONENT (default
#       greedy) are `play duel --players` names. ALEA=path runs that binary instead of building
#       this checkout's; SEED=n is the first seed (default 26).
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-500}
player=${2:-expectimax}
opponent=${3:-greedy}
[[ "$games" =~ ^[1-9][0-9]*$ ]] || { echo "GAMES must be a positive number" >&2; exit 2; }
source benches/strength/setup.sh
scores() { # binary file: one line per game, PLAYER's score
  for order in 0 1; do
    for ((i = 0; i < games; i++)); do
      if [ "$order" = 0 ]; then players="$player,$opponent"; else players="$opponent,$player"; fi
      winner=$("$1" play duel --seed $((seed + i)) --players "$players" --json |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["winner"])')
      case "$winner" in
        None) echo 0.5 ;;
        "$order") echo 1 ;;
        *) echo 0 ;;
      esac
    done
  done > "$2"
}
scores "$alea" "$tmp/this"
[ -n "${ALEA_BASE:-}" ] && scores "$ALEA_BASE" "$tmp/base"
python3 - "$tmp" "$player" "$opponent" <<'EOF'
import math, os, sys
tmp, player, opponent = sys.argv[1:]
def read(name):
    with open(os.path.join(tmp, name)) as f:
        return [float(x) for x in f]
def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}]"
this = read("this")
print(f"{player} vs {opponent}: {len(this)} games, score {interval(this)}")
if os.path.exists(os.path.join(tmp, "base")):
    base = read("base")
    diffs = [a - b for a, b in zip(this, base)]
    n = len(diffs)
    mean = sum(diffs) / n
    half = 1.96 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    print(f"base build: score {interval(base)}")
    print(f"this minus base, game by game: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]")
EOF
