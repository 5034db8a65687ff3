"""The OpenSpiel adapter against OpenSpiel's own tests and bots."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import alea.openspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from conftest import GAMES  # noqa: E402

alea.openspiel.register()

SMALL = {"riichi": {"length": "kyoku"}, "sichuan": {"length": "kyoku"}}


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {f"python_alea_{name}" for name in GAMES} <= names
    alea.openspiel.register()  # twice is fine


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_passes(name):
    game = pyspiel.load_game(f"python_alea_{name}", SMALL.get(name, {}))
    sims = 10 if name in ("pig", "leduc", "sgs") else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_every_option_is_a_parameter():
    for name in GAMES:
        assert sorted(alea.openspiel._PARAMETERS[name]) == sorted(alea.game_options(name))


def test_parameters_reach_the_game():
    game = pyspiel.load_game("python_alea_pig", {"players": 3, "target": 30})
    assert game.num_players() == 3
    assert pyspiel.load_game("python_alea_sgs", {"mode": "identity4"}).num_players() == 4
    # A loaded game is one deal, that of its seed; another seed is another deal.
    game = pyspiel.load_game("python_alea_leduc", {"seed": 5})
    assert len({str(game.new_initial_state()) for _ in range(4)}) == 1
    deals = {str(pyspiel.load_game("python_alea_leduc", {"seed": k}).new_initial_state())
             for k in range(8)}
    assert len(deals) > 1


def test_cfr_solves_a_dealt_leduc():
    # Tree algorithms need the same initial state every time: CFR runs, and the deal's game
    # is zero-sum, so its policy's values sum to zero.
    from open_spiel.python.algorithms import cfr, expected_game_score

    game = pyspiel.load_game("python_alea_leduc", {"seed": 3})
    solver = cfr.CFRSolver(game)
    for _ in range(3):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    values = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])
    assert abs(sum(values)) < 1e-9


def play(game, bot, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, ps = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(ids, p=ps))
        else:
            state.apply_action(bot.step(state))
    return state.returns()


def test_openspiel_mcts_plays_pig():
    game = pyspiel.load_game("python_alea_pig", {"target": 20})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2.0, 60, evaluator, random_state=rng)
    assert sorted(play(game, bot, rng)) == [-1.0, 1.0]


def test_openspiel_ismcts_plays_leduc_and_resamples_information_sets():
    game = pyspiel.load_game("python_alea_leduc")
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 60, random_state=rng)
    returns = play(game, bot, rng)
    assert sum(returns) == 0
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = {str(state.resample_from_infostate(0, sampler)) for _ in range(20)}
    infos = {
        state.resample_from_infostate(0, sampler).information_state_string(0) for _ in range(5)
    }
    assert infos == {state.information_state_string(0)}
    assert len(worlds) > 1, "the opponent's card is resampled"
