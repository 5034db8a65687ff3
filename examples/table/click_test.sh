#!/usr/bin/env bash
# Plays the person's seat with real mouse clicks (xdotool on Xvfb): end the play phase with its
# button, then, on the next turn, select a card of the hand and press the button of its first
# target. Passes when the client reports both actions as the person's and its own checks hold
# (the window's game equals a headless replay; no hidden card face up).
#
#   examples/table/click_test.sh   (after screenshot.sh or `cargo build --release --ignore-rust-version`)
set -euo pipefail
cd "$(dirname "$0")"
command -v xdotool >/dev/null || {
  apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y xdotool >/dev/null
}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
out=$(mktemp)
# Seat 0 (the lord, first to play) is the person, holding slash/S10 slash/C3 slash/C8 slash/CJ
# peach/H6 peach/HQ; P1 plays at random. Three actions by clicks, then the run ends and checks.
DISPLAY=$display ./target/release/alea-table --mode 1v1 --seed 2 --players human,random \
  --quit-after 3 --check >"$out" 2>&1 &
client=$!
fail() {
  cat "$out"
  echo "click test: $1"
  kill "$client" 2>/dev/null || true
  exit 1
}
click() {
  DISPLAY=$display xdotool mousemove "$1" "$2"
  sleep 0.7 # the pointer must be over the sprite for a frame before the press
  DISPLAY=$display xdotool click 1
  sleep 2
}
wait_for() { for _ in $(seq 60); do grep -q "$1" "$out" && return 0; sleep 1; done; return 1; }
sleep 10
card=(340 690)   # the first card of the person's hand
button=(170 770) # the first button
click "${card[@]}"; click "${button[@]}"     # select slash/S10, then its target
wait_for "you: slash/S10 on P1" || fail "no slash after selecting it and its target"
click "${button[@]}"                          # no card selected: end the play phase
wait_for "you: end the play phase" || fail "the end button did nothing"
click "${card[@]}"; click "${button[@]}"     # the discard phase: select a card, discard it
wait_for "you: discard" || fail "no discard"
wait "$client" || fail "the client failed"
grep "^you:\|headless replay" "$out"
grep -q "headless replay" "$out" || fail "no checksum check"
echo "clicks: ok"
