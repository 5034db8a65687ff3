"""A game of your own in Python without a fork: the guide's Liar's Dice, built as its own
extension module (examples/liars_dice_python, `alea_python::export`), reaches every adapter."""

import json
import pickle

import numpy as np
import pytest

import alea
import liars_dice
from conftest import game_determined


def test_importing_the_module_registers_its_game():
    assert alea.registered_names()[-1] == "liars_dice"
    assert liars_dice.registered_names() == ["liars_dice"]
    info = alea.game_info("liars_dice")
    assert [o["name"] for o in info["options"]] == ["dice", "loaded"]
    # Registering again is harmless; a module claiming a taken name is refused.
    alea._register_module(liars_dice)

    class Impostor:
        __name__ = "impostor"

        @staticmethod
        def registered_names():
            return ["pig"]

    with pytest.raises(ValueError, match="'pig' is registered already"):
        alea._register_module(Impostor)

    class HalfTaken(Impostor):
        @staticmethod
        def registered_names():
            return ["fresh_name", "leduc"]

    with pytest.raises(ValueError, match="'leduc' is registered already"):
        alea._register_module(HalfTaken)
    assert "fresh_name" not in alea.registered_names()


def test_load_game_plays_and_pickles():
    game = alea.load_game("liars_dice", dice=3)
    assert game.options() == {"dice": 3}
    assert game.num_players() == 2 and game.num_distinct_actions() == 61
    state = game.new_initial_state(seed=4)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert sorted(state.returns()) == [-1.0, 1.0]
    again = pickle.loads(pickle.dumps(state))
    assert again.returns() == state.returns() and again.history() == state.history()
    assert alea.deserialize_state(state.serialize()).serialize() == state.serialize()
    with pytest.raises(ValueError, match="option dice = 9: expected an integer from 1 to 5"):
        alea.load_game("liars_dice", dice=9)


def test_simulate_does_not_depend_on_threads():
    one = alea.simulate("liars_dice", games=2000, seed=3, threads=1, dice=2)
    two = alea.simulate("liars_dice", games=2000, seed=3, threads=2, dice=2)
    assert game_determined(one) == game_determined(two)
    assert one["game"] == "liars_dice" and sum(one["wins"]) + one["draws"] == 2000
    with pytest.raises(ValueError):
        alea.simulate("liars_dice", games=10, players=["ismcts"])
    with pytest.raises(ValueError):
        alea.simulate("liars_dice", games=0)
    with pytest.raises(ValueError, match="served by liars_dice"):
        alea.search("liars_dice", "mcts", 10)


def test_openspiel_sees_the_game():
    pyspiel = pytest.importorskip("pyspiel")
    import alea.openspiel

    alea.openspiel.register()
    assert "python_alea_liars_dice" in pyspiel.registered_names()
    game = pyspiel.load_game("python_alea_liars_dice", {"dice": 3})
    assert game.num_distinct_actions() == 61
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)
    # An option without a default: seat 0 is a value, leaving it out is another.
    assert alea.openspiel._options("liars_dice", {"loaded": 0}) == {"loaded": 0}
    assert alea.openspiel._options("liars_dice", {}) == {}


def test_pettingzoo_sees_the_game():
    pytest.importorskip("pettingzoo")
    import alea.pettingzoo
    from pettingzoo.test import api_test

    env = alea.pettingzoo.env("liars_dice")
    api_test(env, num_cycles=20)
    env.reset(seed=2)
    observation = env.observe(env.agent_selection)
    assert observation["observation"].dtype == np.float32


def test_the_opening_rolls_are_chance_nodes_from_the_chance_root():
    # The guide's Liar's Dice rolls its cups at setup through chance points: from the chance
    # root they are OpenSpiel chance nodes, one a die, each face 1 in 6.
    game = alea.load_game("liars_dice", dice=2)
    state = game.new_initial_state(seed=1, chance_root=True)
    faces = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
        face = outcomes[len(faces) % 6][0]
        faces.append(face)
        state.apply_action(face)
    assert len(faces) == 4 and state.current_player() == 0
    assert state.history() == faces


def test_vector_envs_and_gymnasium_see_the_game():
    env = alea.vector.make("liars_dice", 8, seed=2, threads=2)
    out = env.reset()
    assert out["legal_action_mask"].shape == (8, env.num_actions)
    out = env.random_steps(50, seed=1)
    assert set(out["current_player"]) <= {0, 1}
    gym = pytest.importorskip("gymnasium")
    single = alea.vector.gymnasium("liars_dice", 8, seat=1, seed=2)
    assert isinstance(single, gym.vector.VectorEnv)
    obs, infos = single.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(50):
        mask = infos["action_mask"]
        obs, rewards, terminated, truncated, infos = single.step(
            (rng.random(mask.shape) * mask).argmax(axis=1))
        ended += (terminated | truncated).sum()
        assert (single.batch.arrays()["current_player"] == 1).all()
    assert ended > 0
    with pytest.raises(ValueError, match=r"unknown liars_dice player \"greedy\": expected random"):
        alea.vector.gymnasium("liars_dice", 2, opponents="greedy")
