#!/usr/bin/env bash
# ISMCTS's strength in mahjong (issue 26): `simulate mahjong` single hands (`--length kyoku`)
# with one search player among three greedy ones, in both seat orders (P0 and P3), for riichi
# and sichuan; then constrained ISMCTS against the uniform baseline (`ismcts-uniform`), two
# seats each, in both orders. Prints, per comparison, the mean points per hand of the first
# player kind minus the other kind's seats' mean, with its 95 % interval (normal, over hands).
#
#   benches/strength/mahjong.sh [HANDS] [PLAYER]
#       HANDS per seat order (default 200); PLAYER the search player (default ismcts).
set -euo pipefail
cd "$(dirname "$0")/../.."
hands=${1:-200}
player=${2:-ismcts}
[[ "$hands" =~ ^[1-9][0-9]*$ ]] || { echo "HANDS must be a positive number" >&2; exit 2; }
cargo build --release --quiet
alea=target/release/alea
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { # name rules players...
  local name=$1 rules=$2; shift 2
  local i=0
  for players in "$@"; do
    "$alea" simulate mahjong --rules "$rules" --length kyoku --players "$players" \
      --games "$hands" --seed 26 --out "$tmp/$name.$i.jsonl" > /dev/null
    i=$((i + 1))
  done
}
run riichi-greedy riichi "$player,greedy" "greedy,greedy,greedy,$player"
run sichuan-greedy sichuan "$player,greedy" "greedy,greedy,greedy,$player"
run sichuan-uniform sichuan "$player,ismcts-uniform" "ismcts-uniform,$player"
run riichi-uniform riichi "$player,ismcts-uniform" "ismcts-uniform,$player"
python3 - "$tmp" "$player" <<'PY'
import glob, json, math, sys
tmp, player = sys.argv[1], sys.argv[2]
for name, other in [("riichi-greedy", "greedy"), ("sichuan-greedy", "greedy"),
                    ("riichi-uniform", "ismcts-uniform"), ("sichuan-uniform", "ismcts-uniform")]:
    diffs = []
    for path in sorted(glob.glob(f"{tmp}/{name}.*.jsonl")):
        for line in open(path):
            game = json.loads(line)
            start = 25000 if game["game"] == "mahjong" else 0
            mine = [s - start for s, p in zip(game["scores"], game["players"]) if p == player]
            theirs = [s - start for s, p in zip(game["scores"], game["players"]) if p == other]
            diffs.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = 1.959964 * sd / math.sqrt(n)
    print(f"{name:16} {player} - {other}: {mean:+9.1f} points/hand  "
          f"95% [{mean - half:+.1f}, {mean + half:+.1f}]  ({n} hands)")
PY
