#!/usr/bin/env bash
# The strength tables of the book (docs/src/arena.md): every row one `alea arena` run, duplicate
# style (every player in every seat of every deal), printed as Markdown rows with the paired
# difference against the row's baseline and the command that gives it.
#
#   benches/strength/tables.sh [GAMES]
#       GAMES: comma-separated among pig,leduc,sgs,duel,riichi,sichuan (default all). ALEA=path runs that
#       binary instead of building this checkout's release; SEED=n seeds the deals (default 0);
#       SCALE=k multiplies every row's deals (default 1).
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-pig,leduc,sgs,duel,riichi,sichuan}
seed=${SEED:-0}
scale=${SCALE:-1}
[[ "$seed" =~ ^[0-9]+$ && "$scale" =~ ^[1-9][0-9]*$ ]] || { echo "SEED and SCALE must be numbers" >&2; exit 2; }
alea=${ALEA:-}
if [ -z "$alea" ]; then
  cargo build --release --quiet
  alea=target/release/alea
fi
row() { # deals game-and-options players: one Markdown row
  local deals=$(($1 * scale)) game=$2 players=$3
  local command="alea arena $game --players $players --deals $deals --seed $seed"
  # shellcheck disable=SC2086
  "$alea" arena $game --players "$players" --deals "$deals" --seed "$seed" --json |
    python3 -c '
import json, sys
r = json.load(sys.stdin)
d = r["differences"][0]
lo, hi = d["interval"]
mark = "**" if lo > 0 or hi < 0 else ""
a, b, mean, deals, rotations = d["a"], d["b"], d["mean"], r["deals"], r["rotations"]
print(f"| {sys.argv[1]} | `{a}` | `{b}` | {deals} x {rotations} "
      f"| {mark}{mean:+.3f}{mark} [{lo:+.3f}, {hi:+.3f}] | `{sys.argv[2]}` |")
' "$game" "$command"
}
echo "| game | player | against | deals x rotations | difference a game, 95 % paired | command |"
echo "|---|---|---|---|---|---|"
IFS=, read -ra wanted <<< "$games"
for g in "${wanted[@]}"; do
  case "$g" in
    pig)
      row 2000 pig hold,random
      row 5000 pig hold:25,hold
      row 4000 pig optimal,hold
      row 4000 pig best-response:hold,hold
      row 2000 pig best-response:random,random
      ;;
    leduc)
      row 2000 leduc ismcts,random
      row 2000 leduc ismcts,ismcts:100
      ;;
    sgs)
      row 1000 sgs smart,random
      row 1000 sgs trust,random
      row 200 sgs ismcts,random
      row 1000 sgs smart,trust
      row 200 sgs ismcts,smart
      row 300 "sgs --mode identity4" smart,trust
      ;;
    duel)
      row 300 duel greedy,random
      row 100 duel expectimax,greedy
      ;;
    riichi)
      row 300 "mahjong --rules riichi --length kyoku" random,greedy
      row 3000 "mahjong --rules riichi --length kyoku" cautious,greedy
      row 3000 "mahjong --rules riichi --length kyoku" ismcts:10,greedy
      row 500 "mahjong --rules riichi --length kyoku" ismcts,greedy
      row 500 "mahjong --rules riichi --length kyoku" ismcts-uniform,greedy
      row 500 "mahjong --rules riichi --length kyoku" ismcts-bayes,greedy
      # Abilities on: the same pairing with luck-bending abilities seated (they stay with
      # their seats; the players rotate through them).
      row 1000 "mahjong --rules riichi --length kyoku --abilities takami@0,hatsumi@3,sawaya@1" ismcts:10,greedy
      ;;
    sichuan)
      row 300 "mahjong --rules sichuan --length kyoku" random,greedy
      row 300 "mahjong --rules sichuan --length kyoku" ismcts,greedy
      row 300 "mahjong --rules sichuan --length kyoku" ismcts-uniform,greedy
      row 300 "mahjong --rules sichuan --length kyoku" ismcts-bayes,greedy
      row 300 "mahjong --rules sichuan --length kyoku --abilities koromo@1,toki@3" ismcts,greedy
      ;;
    *) echo "unknown game $g: expected pig, leduc, sgs, duel, riichi or sichuan" >&2; exit 2 ;;
  esac
done
