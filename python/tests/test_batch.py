"""simulate and search equal the CLI's --json in every game-determined field."""

import pytest

import alea
from conftest import game_determined


CASES = [
    ("pig", dict(games=300, seed=3, players=3)),
    ("duel", dict(games=20, seed=1)),
    ("riichi", dict(games=3, seed=2, length="kyoku", players=["random", "greedy"])),
    ("sichuan", dict(games=2, seed=5, players=["greedy"])),
    ("sgs", dict(games=40, seed=9, mode="identity4")),
    ("leduc", dict(games=400, seed=6)),
]


@pytest.mark.parametrize("game,kwargs", CASES)
def test_simulate_equals_the_cli(cli, game, kwargs):
    ours = alea.simulate(game, threads=1, **kwargs)
    theirs = cli(alea.simulate_args(game, threads=2, **kwargs))
    assert game_determined(ours) == game_determined(theirs)
    assert ours["games"] == kwargs["games"]


def test_simulate_does_not_depend_on_threads():
    one = alea.simulate("pig", games=500, seed=4, threads=1)
    two = alea.simulate("pig", games=500, seed=4, threads=2)
    assert game_determined(one) == game_determined(two)


@pytest.mark.parametrize(
    "game,algo,kwargs",
    [
        ("pig", "mcts", dict(sims=300, seed=2, moves=["roll", "roll"])),
        ("pig", "expectimax", dict(sims=4, depth=2, seed=1)),
        ("leduc", "ismcts", dict(sims=200, seed=5)),
        ("duel", "mcts", dict(sims=40, seed=3)),
        ("sgs", "ismcts", dict(sims=60, seed=2, mode="identity4")),
        ("riichi", "ismcts", dict(sims=8, seed=1, length="kyoku")),
    ],
)
def test_search_equals_the_cli(cli, game, algo, kwargs):
    ours = alea.search(game, algo, **kwargs)
    theirs = cli(alea.search_args(game, algo, **kwargs))
    assert game_determined(ours) == game_determined(theirs)
    # Every registered game searches under its own name; the best action is a root action.
    assert ours["game"] == game
    assert ours["action"] in [s["action"] for s in ours["stats"]]


def test_usage_errors_are_value_errors():
    with pytest.raises(ValueError, match='leduc has no option "target": it takes no options'):
        alea.simulate("leduc", games=10, target=5)
    with pytest.raises(ValueError, match="option target = 0: expected an integer from 1 to 100000"):
        alea.simulate("pig", games=10, target=0)
    with pytest.raises(ValueError, match="option mode"):
        alea.search("sgs", "mcts", 10, mode="2v2")
    with pytest.raises(ValueError):
        alea.simulate("pig", games=0)
    with pytest.raises(ValueError):
        alea.search("pig", "nonsense", 10)
    with pytest.raises(ValueError):
        alea.simulate("riichi", games=1, players=["nobody"])
