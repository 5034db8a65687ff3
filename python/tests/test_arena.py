"""alea.arena and alea.ray.arena: the CLI's `alea arena --json`, the same for any threads and
shards."""

import pytest

import alea
from conftest import game_determined


CASES = [
    ("sgs", dict(players=["smart", "random"], deals=40, seed=2)),
    ("duel", dict(players="greedy,random", deals=10, seed=1)),
    ("pig", dict(players=["random"], deals=30, seed=4, seats=3, target=30)),
    ("pig", dict(players=["hold:25", "hold"], deals=200, seed=5)),
    ("pig", dict(players=["best-response:hold", "optimal"], deals=100, seed=5, target=40)),
    ("riichi", dict(players=["greedy", "random"], deals=2, seed=3, length="kyoku")),
    ("leduc", dict(players=["random"], deals=50, seed=6)),
    ("leduc", dict(players=["ismcts:50", "random"], deals=20, seed=6)),
]


@pytest.mark.parametrize("game,kwargs", CASES)
def test_arena_equals_the_cli(cli, game, kwargs):
    ours = alea.arena(game, threads=1, **kwargs)
    theirs = cli(alea.arena_args(game, threads=2, **kwargs))
    assert game_determined(ours) == game_determined(theirs)
    assert ours["deals"] == kwargs["deals"]
    for player in ours["players"]:
        lo, hi = player["interval"]
        assert lo <= player["mean"] <= hi


def test_arena_reads_pig_seats_and_players():
    report = alea.arena("pig", ["random"], deals=5, seats=3)
    assert report["seating"] == ["random"] * 3
    assert report["options"]["players"] == 3


def test_arena_plot_writes_an_svg(tmp_path):
    path = tmp_path / "arena.svg"
    alea.arena("sgs", "smart,random", deals=8, plot=path)
    assert path.read_text().lstrip().startswith("<svg")


def test_arena_usage_errors_are_value_errors():
    with pytest.raises(ValueError, match="seats = 11"):
        alea.arena("pig", ["random"], deals=3, seats=11)
    with pytest.raises(ValueError, match="wizard"):
        alea.arena("sgs", ["wizard"], deals=3)
    with pytest.raises(ValueError, match="needs 2 players, not 3"):
        alea.arena("pig", ["optimal"], deals=3, seats=3)
    with pytest.raises(ValueError):
        alea.arena("leduc", ["random"] * 3, deals=3)
    with pytest.raises(ValueError):
        alea.arena("pig", ["random"], deals=3, rules="riichi")
