#!/usr/bin/env bash
# Cross-check of alea's riichi rules against the libriichi arena (mjai 0.2.1, PyPI): writes
# GAMES hanchan of RulebaseBots and GAMES hanchan with KanBots at seats 0 and 2 (every kan,
# nine terminals; see mjai_logs.py), seeded from SEED, then replays every log through alea
# (`alea replay --format mjai`): every move must be legal and every draw, indicator, riichi
# stick, win, draw, delta and the next hand must agree. Prints the replay's summary; exits 1
# at the first disagreement. Not part of CI: it needs PyPI (about 2 s a hanchan).
#
# How to run (from anywhere):
#   benches/peers/mjai_crosscheck.sh [GAMES=250] [SEED=1000]
# Environment variables:
#   OUT   [target/peers/mjai-crosscheck]  where the logs go (rulebase/, kan/; emptied first)
#   ALEA  [built here]                    an alea binary to use instead of a release build
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
games=${1:-250}
seed=${2:-1000}
out=${OUT:-$root/target/peers/mjai-crosscheck}
rm -rf "$out"
"$here/mjai_logs.sh" "$out/rulebase" "$games" "$seed" rulebase
"$here/mjai_logs.sh" "$out/kan" "$games" "$seed" kan
if [[ -z "${ALEA:-}" ]]; then
    cargo build --release --quiet --manifest-path "$root/Cargo.toml"
    ALEA=$root/target/release/alea
fi
# Each disagreement (log, line, both sides) and the summary; not the per-log lines.
"$ALEA" replay --format mjai "$out"/rulebase/*.json.gz "$out"/kan/*.json.gz | grep -Ev " hands? verified$"
