#!/usr/bin/env bash
# Every test suite: the Rust tests (cargo test), then the Python package's (pytest), in a venv
# this script makes under target/ with the package built by maturin and the optional
# dependencies (open_spiel, pettingzoo, ray) its tests exercise.
set -euo pipefail
cd "$(dirname "$0")"
cargo test --profile ci --workspace --exclude alea-python --exclude liars-dice-python --all-features

venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9.4,<2" "pytest>=7" "numpy>=1.21" \
    "open_spiel>=1.5" "pettingzoo>=1.25" "gymnasium>=0.29" "ray>=2.9"
(cd python && VIRTUAL_ENV="$PWD/../$venv" PATH="$PWD/../$venv/bin:$PATH" \
    maturin develop --profile ci --quiet)
# A game of your own in Python: the guide's Liar's Dice as its own extension module.
(cd examples/liars_dice_python && VIRTUAL_ENV="$PWD/../../$venv" PATH="$PWD/../../$venv/bin:$PATH" \
    maturin develop --profile ci --quiet)
ALEA_BIN="$PWD/target/ci/alea" RAY_AUTH_MODE=disabled \
    "$venv/bin/python" -m pytest -q python/tests
