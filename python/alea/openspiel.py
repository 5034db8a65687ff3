"""alea's games registered with OpenSpiel (open_spiel is an optional dependency).

``register()`` registers every game as ``python_alea_<name>`` (``python_alea_pig``,
``python_alea_leduc``, ``python_alea_riichi``, ...), so ``pyspiel.load_game`` loads them and
OpenSpiel's own tests and bots run on them. Game parameters: ``seed`` (default 0),
``fixed_deal`` (default false) and the options of ``alea.load_game`` for that game.

A fresh ``new_initial_state()`` is the chance root, as in OpenSpiel: a deal made of chance
points is chance nodes (Leduc's two private cards, outcome ids the cards' ids, so
``python_alea_leduc`` is ``leduc_poker``'s tree; every card sgs and the duel deal), and so is
every chance point with cases in play (Pig's die, Leduc's public card, every mahjong draw with
the mount's odds, every card sgs and the duel draw, sgs's blind take, the duel's random
effects). The randomness that is not a chance node (the deal of each mahjong hand, sgs's
roles) is fixed by ``seed`` and carried by the state's streams: a search that must not know it
resamples it with ``resample_from_infostate`` (``State.determinize``), as OpenSpiel's ISMCTS
does. With ``fixed_deal=True`` every ``new_initial_state()`` is the deal of ``seed`` instead (a
player to move; tree algorithms then solve that deal's game).
"""

import numpy as np
import pyspiel

import alea

def _parameters(name):
    """Game ``name``'s options (``alea.game_info``) with their defaults as OpenSpiel parameters
    (a list: comma-separated). An option without a default gets a value it cannot take, which
    leaves it out: "" for text, one below its range for an integer."""
    parameters = {}
    for option in alea.game_info(name)["options"]:
        default = option["default"]
        if default is None:
            default = option["range"][0] - 1 if option["type"] == "int" else ""
        elif isinstance(default, list):
            default = ",".join(default)
        parameters[option["name"]] = default
    return parameters


# The parameters every game takes besides its own options.
_OWN = {"seed": 0, "fixed_deal": False}


def _players_range(name, game):
    """The fewest and most players the game takes (its ``players`` option's range, if any)."""
    for option in alea.game_info(name)["options"]:
        if option["name"] == "players" and option.get("range"):
            return tuple(option["range"])
    return game.num_players(), game.num_players()


# Each registered game's parameters (games of modules imported later join in ``register``).
_PARAMETERS = {name: _parameters(name) for name in alea.registered_names()}

def _options(name, params):
    """The ``alea.load_game`` options of OpenSpiel parameters (defaults and "" left out)."""
    options = {}
    for key, default in _PARAMETERS[name].items():
        value = params.get(key, default)
        if value == "" or value == default:
            continue
        options[key] = value
    return options


def _game_type(name, game):
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=f"python_alea_{name}",
        long_name=f"alea {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            info.IMPERFECT_INFORMATION
            if game.has_hidden_information()
            else info.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if game.is_zero_sum()
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_players_range(name, game)[1],
        min_num_players=_players_range(name, game)[0],
        provides_information_state_string=True,
        provides_information_state_tensor=game.information_state_tensor_shape() is not None,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMETERS[name], **_OWN),
    )


def _game_info(game):
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=game.max_chance_outcomes(),
        num_players=game.num_players(),
        min_utility=game.min_utility(),
        max_utility=game.max_utility(),
        utility_sum=0.0 if game.is_zero_sum() else None,
        max_game_length=game.max_game_length(),
    )


class AleaGame(pyspiel.Game):
    """An alea game as an OpenSpiel game (one subclass per game names it: ``NAME``)."""

    NAME = None

    def __init__(self, params=None):
        name = self.NAME
        params = dict(params or {})
        self.alea = alea.load_game(name, **_options(name, params))
        self._seed = int(params.get("seed", 0))
        self._fixed_deal = bool(params.get("fixed_deal", False))
        super().__init__(_game_type(name, self.alea), _game_info(self.alea), params)

    def new_initial_state(self):
        """The chance root of ``seed`` (its deal of ``seed`` with ``fixed_deal=True``)."""
        root = not self._fixed_deal
        return AleaState(self, self.alea.new_initial_state(seed=self._seed, chance_root=root))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return AleaObserver(self.alea, iig_obs_type, params)


class AleaState(pyspiel.State):
    """An alea state as an OpenSpiel state (copied by ``clone`` as a snapshot)."""

    def __init__(self, game, inner):
        super().__init__(game)
        self.inner = inner

    def current_player(self):
        return self.inner.current_player()

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        self.inner.apply_action(int(action))

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(int(action))

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, its hidden cards and future chance
        re-dealt (``determinize``) from a seed drawn with ``probability_sampler``."""
        seed = int(probability_sampler() * 2.0**53)
        state = self.clone()
        state.inner.determinize(player_id, seed)
        return state

    def __deepcopy__(self, memo):
        copy = AleaState(self.get_game(), self.inner.clone())
        return copy

    def __str__(self):
        return str(self.inner)


class AleaObserver:
    """OpenSpiel's observer: with perfect recall (``information_state_*``) alea's
    information-state tensor (where the game writes one) and string, else its observation
    tensor and string."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        shape = game.information_state_tensor_shape() if self.perfect_recall else None
        self.information = shape is not None
        shape = shape or game.observation_tensor_shape()
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        name = "info_state" if self.information else "observation"
        self.dict = {name: self.tensor.reshape(shape)}

    def set_from(self, state, player):
        if self.information:
            self.tensor[:] = state.inner.information_state_tensor(player).reshape(-1)
        else:
            self.tensor[:] = state.inner.observation_tensor(player).reshape(-1)

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


# The registered classes, one per game (module-level, as OpenSpiel's own Python games are).
GAME_CLASSES = {}


def _game_class(name):
    if name not in GAME_CLASSES:
        _PARAMETERS.setdefault(name, _parameters(name))
        class_name = "Alea" + "".join(part.capitalize() for part in name.split("_")) + "Game"
        GAME_CLASSES[name] = type(class_name, (AleaGame,), {"NAME": name})
    return GAME_CLASSES[name]


for _name in alea.registered_names():
    _game_class(_name)


def register():
    """Registers every alea game — alea's and those of imported game modules — with pyspiel as
    ``python_alea_<name>`` (idempotent: call it again after importing another game module)."""
    registered = set(pyspiel.registered_names())
    for name in alea.registered_names():
        cls = _game_class(name)
        if f"python_alea_{name}" not in registered:
            pyspiel.register_game(_game_type(name, alea.load_game(name)), cls)
