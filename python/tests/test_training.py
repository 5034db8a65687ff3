"""The training example (examples/python/train.py): it learns to beat the random player at
Leduc and pig, and a smoke run of sgs against SmartAI."""

import importlib.util
import math
import pathlib

import pytest

pytest.importorskip("gymnasium")

_PATH = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python" / "train.py"
_SPEC = importlib.util.spec_from_file_location("train_example", _PATH)
train = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(train)


def quiet(*_):
    pass


def test_it_learns_to_beat_the_random_player_at_leduc():
    policy, curve = train.train("leduc", steps=600, seed=0, threads=2, window=100, envs=128,
                                log=quiet)
    assert [c[0] for c in curve] == [100, 200, 300, 400, 500, 600]
    assert all(c[2] > 0 for c in curve)
    report = train.evaluate(policy, "leduc", 1000, seed=1000, threads=2)
    assert report["episodes"] == 1000
    # Paired over the same 1000 deals: the trained policy beats the untrained one (the 95 %
    # interval above 0) and wins chips from the random player.
    assert report["interval"][0] > 0, report
    assert report["trained"] > 0, report


def test_it_learns_to_beat_the_random_player_at_pig():
    policy, _ = train.train("pig", steps=300, seed=0, threads=2, window=100, envs=128, log=quiet)
    report = train.evaluate(policy, "pig", 400, seed=1000, threads=2)
    assert report["trained_interval"][0] > 0.5, report


def test_a_smoke_run_of_sgs_against_smartai():
    policy, curve = train.train("sgs", steps=200, seed=0, threads=2, window=50, envs=32,
                                log=quiet)
    assert [c[0] for c in curve] == [50, 100, 150, 200]
    assert all(math.isfinite(c[1]) for c in curve)
    assert policy.weights.shape[1] == 910
    report = train.evaluate(policy, "sgs", 64, seed=7, threads=2)
    assert report["episodes"] == 64 and -1.0 <= report["trained"] <= 1.0


def test_the_command_line_prints_a_report_per_game(capsys):
    reports = train.main(["--game", "leduc", "--steps", "30", "--envs", "16", "--eval", "20"])
    assert [r["game"] for r in reports] == ["leduc"]
    assert '"game": "leduc"' in capsys.readouterr().out
