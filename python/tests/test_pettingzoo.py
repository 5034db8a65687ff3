"""The PettingZoo adapter against PettingZoo's own API test."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import alea.pettingzoo  # noqa: E402
from conftest import GAMES  # noqa: E402

SMALL = {"riichi": {"length": "kyoku"}, "sichuan": {"length": "kyoku"}}


@pytest.mark.parametrize("name", GAMES)
def test_api_test_passes(name):
    env = alea.pettingzoo.env(name, **SMALL.get(name, {}))
    api_test(env, num_cycles=300, verbose_progress=False)


def test_a_seeded_episode_repeats_and_pays_the_returns():
    def episode(seed):
        env = alea.pettingzoo.env("riichi", length="kyoku")
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(env.possible_agents, 0.0)
        moves = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            total[agent] += reward
            if termination or truncation:
                action = None
            else:
                mask = observation["action_mask"]
                assert observation["observation"].shape == (20, 34)
                action = int(rng.choice(np.flatnonzero(mask)))
                moves += 1
            env.step(action)
        return total, moves, env.game_state.returns()

    first, moves, returns = episode(3)
    assert episode(3) == (first, moves, returns) and moves > 20
    # Each agent's rewards add up to its return in the game.
    assert list(first.values()) == returns
    assert episode(4)[0] != first
