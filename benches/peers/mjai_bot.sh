#!/usr/bin/env bash
# alea's mjai bot at a libriichi arena table (mjai 0.2.1, PyPI): `alea mjai-bot --player
# PLAYER` at seat 0 beside three RulebaseBots for GAMES hanchan; the arena checks every
# reaction and writes full-information logs, which alea then replays (see mjai_bot.py). Not
# part of CI: it needs PyPI.
#
# Usage: benches/peers/mjai_bot.sh [GAMES=1] [SEED=1] [PLAYER=greedy]
#   OUT   [target/peers/mjai-bot]  where the logs go (emptied first)
#   ALEA  [built here]             an alea binary to use instead of a release build
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
games=${1:-1}
seed=${2:-1}
player=${3:-greedy}
out=${OUT:-$root/target/peers/mjai-bot}
venv=${VENV_MJAI:-$root/target/peers/venv-mjai}
if [[ ! -x "$venv/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import mjai" 2>/dev/null; then
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --only-binary=:all: mjai==0.2.1
fi
if [[ -z "${ALEA:-}" ]]; then
    cargo build --release --quiet --manifest-path "$root/Cargo.toml"
    ALEA=$root/target/release/alea
fi
rm -rf "$out"
mkdir -p "$out"
PYTHONPATH="$here" "$venv/bin/python" "$here/mjai_bot.py" "$ALEA" "$out" "$games" "$seed" "$player"
"$ALEA" replay --format mjai "$out"/*.json.gz | grep -Ev " hands? verified$"
