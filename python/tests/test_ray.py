"""alea.ray.simulate and alea.ray.arena on a local Ray instance: identical to the CLI's."""

import os

import pytest

ray = pytest.importorskip("ray")

import alea  # noqa: E402
import alea.ray  # noqa: E402
from conftest import game_determined  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


CASES = [
    ("pig", dict(games=1000, seed=7, players=3), 3),
    ("riichi", dict(games=4, seed=3, length="kyoku", players=["greedy", "random"]), 2),
    ("sgs", dict(games=60, seed=1, mode="identity4"), 4),
    ("leduc", dict(games=500, seed=2), 3),
    ("sichuan", dict(games=2, seed=4, length="kyoku", players=["greedy"]), 2),
]


@pytest.mark.parametrize("game,kwargs,shards", CASES)
def test_ray_totals_equal_the_cli(local_ray, cli, game, kwargs, shards):
    merged = alea.ray.simulate(game, shards=shards, **kwargs)
    theirs = cli(alea.simulate_args(game, threads=2, **kwargs))
    assert game_determined(merged) == game_determined(theirs)
    assert merged["threads"] == shards


def test_bad_arguments_fail_before_any_task(local_ray):
    with pytest.raises(ValueError):
        alea.ray.simulate("pig", games=10, shards=2, rules="riichi")
    with pytest.raises(ValueError):
        alea.ray.simulate("pig", games=None)


ARENAS = [
    ("sgs", dict(players=["smart", "trust"], deals=30, seed=5, mode="identity4")),
    # Per-deal means such as 0.38333333333333325 cross the shards' JSON bit for bit.
    ("riichi", dict(players=["greedy", "random"], deals=6, seed=2, length="kyoku")),
]


@pytest.mark.parametrize("game,kwargs", ARENAS)
def test_ray_arena_equals_the_cli(local_ray, cli, game, kwargs):
    merged = alea.ray.arena(game, shards=3, **kwargs)
    theirs = cli(alea.arena_args(game, threads=2, **kwargs))
    assert game_determined(merged) == game_determined(theirs)
    assert merged["threads"] == 3


def test_ray_arena_refuses_bad_players(local_ray):
    with pytest.raises(ValueError):
        alea.ray.arena("sgs", ["wizard"], deals=4, shards=2)
