"""Shared helpers of the Python suite."""

import json
import os
import pathlib
import subprocess

import pytest

from alea import _alea

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Fields that depend on the machine or the thread count, not on the games.
TIMING = {"games_per_second", "threads", "seconds", "simulations_per_second"}

# alea's own registry (not the games of other modules a test imports).
GAMES = list(_alea.registered_names())


def game_determined(summary):
    """``summary`` without its timing fields."""
    return {k: v for k, v in summary.items() if k not in TIMING}


@pytest.fixture(scope="session")
def cli():
    """Runs the ``alea`` binary (``ALEA_BIN``; else target/ci/alea, the one ``./test.sh``
    builds, or target/release/alea) and parses its JSON."""
    built = [ROOT / "target" / profile / "alea" for profile in ("ci", "release")]
    default = next((b for b in built if b.exists()), built[-1])
    binary = os.environ.get("ALEA_BIN", str(default))
    if not os.path.exists(binary):
        pytest.skip(f"no alea binary at {binary} (build it with cargo build --release)")

    def run(args):
        out = subprocess.run([binary, *args], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    return run
