#!/usr/bin/env bash
# Every test suite: the Rust tests (cargo test: the test targets, then the doc tests), the
# replay viewer's pages in a browser, then the Python package's (pytest), in a venv
# this script makes under target/ with the package's wheel built by maturin, installed as a
# user installs it, and the optional dependencies (open_spiel, pettingzoo, ray) its tests
# exercise.
set -euo pipefail
cd "$(dirname "$0")"
# Each step's time on stderr, so a run over its budget shows where the minutes went.
timed() {
    local start=$SECONDS
    "$@"
    echo "test.sh: $((SECONDS - start)) s: $*" >&2
}
# The tests of every library, binary and test target (the examples with tests among them) and
# the doc tests; the other examples are compiled by clippy, not built again here.
rust=(--profile ci --workspace --exclude alea-python --exclude liars-dice-python --all-features)
timed cargo test "${rust[@]}" --lib --bins --tests
timed cargo test "${rust[@]}" --doc
# `alea view`'s pages stepped through in headless Chromium (installed by the script if missing).
timed tests/browser/view.sh target/ci/alea

venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
timed "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9.4,<2" "pytest>=7" "numpy>=1.21" \
    "open_spiel>=1.5" "pettingzoo>=1.25" "gymnasium>=1.1" "ray>=2.9"
# The package and the guide's Liar's Dice (a game of your own as its own extension module) are
# built as wheels, as a user installs them, into target/wheels.
wheels="$PWD/target/wheels"
rm -f "$wheels"/alea-*.whl "$wheels"/liars_dice-*.whl
(cd python && VIRTUAL_ENV="$PWD/../$venv" PATH="$PWD/../$venv/bin:$PATH" \
    timed maturin build --profile ci --quiet --out "$wheels")
(cd examples/liars_dice_python && VIRTUAL_ENV="$PWD/../../$venv" PATH="$PWD/../../$venv/bin:$PATH" \
    timed maturin build --profile ci --quiet --out "$wheels")
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
    "$wheels"/alea-*.whl "$wheels"/liars_dice-*.whl
# The Python tests run with no Rust toolchain on PATH: the wheels are all they need.
no_rust=$(printf %s "$PATH" | tr : '\n' | grep -v -e '\.cargo' -e '\.rustup' | paste -sd:)
if PATH="$no_rust" command -v cargo >/dev/null; then
    echo "test.sh: cargo is still on PATH without ~/.cargo/bin" >&2
    exit 1
fi
# A clean venv takes the wheel with nothing but its declared dependency (numpy).
clean=target/wheel-venv
rm -rf "$clean"
PATH="$no_rust" python3 -m venv "$clean"
PATH="$no_rust" "$clean/bin/python" -m pip install --quiet --disable-pip-version-check \
    "$wheels"/alea-*.whl
PATH="$no_rust" "$clean/bin/python" -c '
import alea, alea.vector
env = alea.vector.make("leduc", 4, seed=0, threads=1)
env.reset()
out = env.random_steps(100, seed=1)
assert out["legal_action_mask"].any(axis=1).all()
print("test.sh: the wheel works in a clean venv:", alea.registered_names())
'
PATH="$PWD/$venv/bin:$no_rust" ALEA_BIN="$PWD/target/ci/alea" RAY_AUTH_MODE=disabled \
    timed "$venv/bin/python" -m pytest -q --durations=12 python/tests
