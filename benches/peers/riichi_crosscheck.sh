#!/usr/bin/env bash
# Cross-check of `alea score` against the independent Python scorer `mahjong` 2.1.0 (PyPI):
# the scoring test table and HANDS random hands (see riichi_crosscheck.py). Not part of CI: it
# needs Python and a package download.
#
# How to run (from anywhere):
#   benches/peers/riichi_crosscheck.sh
#   HANDS=20000 SEED=7 benches/peers/riichi_crosscheck.sh
#
# Environment variables (defaults in brackets):
#   HANDS   [5000]  random hands
#   SEED    [1]     their seed
#   PYTHON  [python3]
#   VENV    [target/peers/venv-mahjong] the venv (created if missing, reused otherwise)
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV="${VENV:-target/peers/venv-mahjong}"
if [ ! -x "$VENV/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$VENV"
    "$VENV/bin/pip" install --quiet "mahjong==2.1.0"
fi
cargo build --release --quiet
"$VENV/bin/python" benches/peers/riichi_crosscheck.py
