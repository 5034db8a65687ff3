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
    # A fresh state is the chance root; with fixed_deal it is the deal of the seed, and
    # another seed is another deal.
    assert pyspiel.load_game("python_alea_leduc").new_initial_state().is_chance_node()
    game = pyspiel.load_game("python_alea_leduc", {"seed": 5, "fixed_deal": True})
    assert len({str(game.new_initial_state()) for _ in range(4)}) == 1
    assert game.new_initial_state().current_player() == 0
    deals = {
        str(pyspiel.load_game("python_alea_leduc", {"seed": k, "fixed_deal": True})
            .new_initial_state())
        for k in range(8)
    }
    assert len(deals) > 1


def test_cfr_solves_a_fixed_deal_of_leduc():
    # The deal's game is zero-sum too, so its policy's values sum to zero.
    from open_spiel.python.algorithms import cfr, expected_game_score

    game = pyspiel.load_game("python_alea_leduc", {"seed": 3, "fixed_deal": True})
    solver = cfr.CFRSolver(game)
    for _ in range(3):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    values = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])
    assert abs(sum(values)) < 1e-9


def lockstep(ours, theirs):
    """Walks both trees at once: the same player, chance outcomes (ids and probabilities),
    legal actions, tensors and returns at every node. Returns the terminal nodes reached."""
    assert ours.current_player() == theirs.current_player()
    if ours.is_terminal():
        assert ours.returns() == theirs.returns()
        return 1
    if ours.is_chance_node():
        assert ours.chance_outcomes() == theirs.chance_outcomes()
    else:
        assert ours.legal_actions() == theirs.legal_actions()
        for p in range(ours.num_players()):
            assert ours.information_state_tensor(p) == theirs.information_state_tensor(p)
            assert ours.observation_tensor(p) == theirs.observation_tensor(p)
    return sum(lockstep(ours.child(a), theirs.child(a)) for a in ours.legal_actions())


def information_states(state, found):
    if state.is_terminal():
        return found
    if not state.is_chance_node():
        found.add(state.information_state_string())
    for action in state.legal_actions():
        information_states(state.child(action), found)
    return found


def test_python_alea_leduc_is_leduc_poker():
    """OpenSpiel's own algorithms give leduc_poker's numbers on python_alea_leduc: the deal is
    chance nodes with the cards' ids, the information-state tensor is leduc_poker's."""
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    ours = pyspiel.load_game("python_alea_leduc")
    theirs = pyspiel.load_game("leduc_poker")
    assert ours.information_state_tensor_shape() == theirs.information_state_tensor_shape()
    assert lockstep(ours.new_initial_state(), theirs.new_initial_state()) == 5520
    assert len(information_states(ours.new_initial_state(), set())) == 936
    numbers = []
    for game in (ours, theirs):
        solver = cfr.CFRSolver(game)
        for _ in range(10):
            solver.evaluate_and_update_policy()
        uniform = policy_lib.UniformRandomPolicy(game)
        numbers.append((
            exploitability.nash_conv(game, solver.average_policy()),
            expected_game_score.policy_value(game.new_initial_state(), [uniform, uniform]),
        ))
    (conv, values), (their_conv, their_values) = numbers
    assert abs(conv - their_conv) < 1e-9 and abs(conv - 1.777158) < 1e-6
    assert np.allclose(values, their_values, rtol=0, atol=1e-9)


def test_the_best_response_to_random_leduc_is_leduc_poker_s():
    """The strength tables' exact Leduc row (benches/strength/leduc_best_response.py): the best
    response to the uniform policy is worth the same in each seat of both trees, 4.747 chips a
    game over the two seats (the uniform policy's NashConv)."""
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import best_response

    values = []
    for name in ("python_alea_leduc", "leduc_poker"):
        game = pyspiel.load_game(name)
        uniform = policy_lib.UniformRandomPolicy(game)
        values.append([
            best_response.BestResponsePolicy(game, seat, uniform).value(game.new_initial_state())
            for seat in range(2)
        ])
    assert np.allclose(values[0], values[1], rtol=0, atol=1e-9)
    assert abs(sum(values[0]) - 4.7472) < 1e-4


def test_python_alea_pig_plays_the_tree_of_pig():
    ours = pyspiel.load_game("python_alea_pig", {"target": 20})
    theirs = pyspiel.load_game("pig", {"winscore": 20})
    rng = np.random.RandomState(0)
    for _ in range(20):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not a.is_terminal():
            assert a.current_player() == b.current_player()
            if a.is_chance_node():
                assert a.chance_outcomes() == b.chance_outcomes()
            else:
                assert a.legal_actions() == b.legal_actions()
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert b.is_terminal() and a.returns() == b.returns()


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
    state = game.new_initial_state().child(2).child(5)  # P0 Qs, P1 Kh
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = {str(state.resample_from_infostate(0, sampler)) for _ in range(20)}
    infos = {
        state.resample_from_infostate(0, sampler).information_state_string(0) for _ in range(5)
    }
    assert infos == {state.information_state_string(0)}
    assert len(worlds) > 1, "the opponent's card is resampled"
