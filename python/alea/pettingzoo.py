"""PettingZoo AEC environments over alea's games (pettingzoo is an optional dependency).

``alea.pettingzoo.env("riichi")`` is an ``AECEnv`` whose agents are ``player_0``...; each
observation is a dict: ``observation`` (the game's ``observation_tensor`` for that agent) and
``action_mask`` (int8, 1 for the legal action ids of the agent to move, zeros for the others).
Chance nodes are resolved inside ``step`` from the environment's seeded generator; rewards
are the game's returns, given when the game ends. The alea state in play is ``game_state``.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import alea


class AleaEnv(AECEnv):
    """One alea game as an AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, name, render_mode=None, **options):
        super().__init__()
        self.game = alea.load_game(name, **options)
        self.metadata = dict(self.metadata, name=f"alea_{name}_v0")
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        actions = self.game.num_distinct_actions()
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game_state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**63))
        self.game_state = self.game.new_initial_state(seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._resolve_chance()
        self.agent_selection = self._mover()

    def _resolve_chance(self):
        while self.game_state.is_chance_node():
            outcomes = self.game_state.chance_outcomes()
            ids = [a for a, _ in outcomes]
            probabilities = np.array([p for _, p in outcomes])
            pick = self._rng.choice(len(ids), p=probabilities / probabilities.sum())
            self.game_state.apply_action(ids[pick])

    def _mover(self):
        player = self.game_state.current_player()
        return self.possible_agents[player] if player >= 0 else self.agents[0]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if agent == self.agent_selection and not self.game_state.is_terminal():
            mask[self.game_state.legal_actions()] = 1
        observation = self.game_state.observation_tensor(seat)
        return {"observation": observation, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.game_state.apply_action(int(action))
        self._resolve_chance()
        if self.game_state.is_terminal():
            for agent_name, value in zip(self.possible_agents, self.game_state.returns()):
                if agent_name in self.rewards:
                    self.rewards[agent_name] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._mover()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def env(name, render_mode=None, **options):
    """An AEC environment of game ``name`` (``"riichi"``, ``"leduc"``, ...) with the options
    of ``alea.load_game``."""
    return AleaEnv(name, render_mode=render_mode, **options)
