"""alea: card, dice and tile games with controllable randomness, for AI research.

The core is Rust (``alea._alea``); the GIL is released while it plays.

- ``load_game(name, **options)`` and its states, in OpenSpiel's shape (``State``), for every
  registered game (``registered_names()``; ``game_info(name)`` describes its options);
- ``simulate(...)`` and ``search(...)``: batch runs of the CLI's own code, returning the
  object ``alea simulate|search ... --json`` prints;
- ``alea.vector.make(name, num_envs, ...)``: many games stepped in one call, into numpy
  arrays;
- adapters: ``alea.openspiel.register()``, ``alea.pettingzoo.env(name)``,
  ``alea.ray.simulate(...)`` (open_spiel, pettingzoo and ray are optional dependencies).

A game of your own reaches all of these from its own extension module (a pyo3 module that
calls ``alea_python::export``): importing that module registers its games here
(``_register_module``).
"""

import importlib as _importlib
import json as _json

from ._alea import Game, State, run_cli
from . import _alea

__all__ = [
    "Game",
    "State",
    "load_game",
    "deserialize_state",
    "registered_names",
    "game_options",
    "game_info",
    "run_cli",
    "simulate",
    "arena",
    "arena_args",
    "search",
    "simulate_args",
    "search_args",
]

# Games served by other extension modules (a game of your own), by name.
_modules = {}


def _register_module(module):
    """Registers the games of an extension module built on ``alea_python::export`` (called by
    the module when it is imported; a name already registered is refused)."""
    names = list(module.registered_names())
    for name in names:
        owner = _modules.get(name)
        # The same module again (or a package re-exporting it: maturin wraps an extension
        # module in a package of its name) is nothing new.
        if owner is not None and owner.load_game is module.load_game:
            continue
        if owner is not None or name in _alea.registered_names():
            by = owner.__name__ if owner is not None else "alea"
            raise ValueError(f"game {name!r} is registered already (by {by})")
    # Every name checked first: a refused module registers none of its games.
    for name in names:
        _modules.setdefault(name, module)


def _owner(name):
    """The extension module that serves game ``name``."""
    return _modules.get(name, _alea)


def registered_names():
    """Every game ``load_game`` knows: alea's, then those of imported game modules."""
    return list(_alea.registered_names()) + list(_modules)


def load_game(name, **options):
    """Loads a registered game with typed options (``game_info(name)`` lists them). A bad
    option raises ``ValueError`` naming it and the values it takes."""
    return _owner(name).load_game(name, **options)


def game_options(name):
    """The names of the options ``load_game(name, ...)`` takes."""
    return _owner(name).game_options(name)


def game_info(name):
    """Game ``name``'s registry entry: ``{"name", "description", "options": [{"name",
    "type", "default", "allowed", "description"}], "players": [{"name", "description"}]}``
    (the object ``alea games --json`` lists for it)."""
    return _json.loads(_owner(name).game_info(name))


def _games_help():
    """The registered games and their options, for ``help(load_game)``: from the registry,
    the same source as ``alea games`` and the book."""
    lines = ["", "", "Games (``registered_names()``; ``game_info(name)`` has the details):", ""]
    for name in _alea.registered_names():
        info = _json.loads(_alea.game_info(name))
        options = ", ".join(
            f"{o['name']}={o['default']}" if o.get("default") not in (None, "") else o["name"]
            for o in info["options"]
        )
        lines.append(f"- ``{name}``: {info['description']}")
        if options:
            lines.append(f"  Options: {options}.")
        encoding = info.get("encoding")
        if encoding:
            lines.append(f"  Observation {tuple(encoding['observation_shape'])}, flattened:")
            lines.extend(_parts(encoding["observation"]))
            lines.append(f"  Action ids 0..{encoding['num_actions'] - 1}:")
            lines.extend(_parts(encoding["actions"]))
    return "\n".join(lines)


def _parts(parts):
    """Lines for an encoding's parts: ``start-end: meaning``."""
    span = lambda p: str(p["start"]) if p["end"] - p["start"] == 1 else f"{p['start']}-{p['end'] - 1}"
    return [f"    {span(p)}: {p['meaning']}" for p in parts]


load_game.__doc__ += _games_help()

# The adapters load when first named (``alea.openspiel.register()`` after ``import alea``), so
# their optional dependencies are imported only by those who use them.
_SUBMODULES = ("openspiel", "pettingzoo", "ray", "vector")


def __getattr__(name):
    if name in _SUBMODULES:
        return _importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_SUBMODULES))


def deserialize_state(text):
    """The state ``State.serialize`` wrote, in the game the text names."""
    try:
        name = _json.loads(text).get("game")
    except (ValueError, TypeError, AttributeError):
        name = None  # not a serialized state: alea's module says why
    return _owner(name).deserialize_state(text)


def _cli_game(game, what):
    """Refuses a game of another module for what runs the CLI's code (alea's games only)."""
    if game in _modules:
        raise ValueError(
            f"{what} runs alea's command line, which knows alea's own games; {game!r} is "
            f"served by {_modules[game].__name__} (alea.simulate and load_game take it)"
        )


def simulate_args(game, games=None, seed=0, threads=None, players=None, **options):
    """The arguments of ``alea simulate`` that ``simulate`` runs with the same call."""
    _cli_game(game, "alea.simulate_args")
    return _alea.simulate_args(game, games, seed, threads, players, **options)


def search_args(game, algo, sims, depth=None, seed=0, threads=1, moves=None, **options):
    """The arguments of ``alea search`` that ``search`` runs with the same call."""
    _cli_game(game, "alea.search")
    return _alea.search_args(game, algo, sims, depth, seed, threads, moves, **options)


def simulate(game, games=None, seed=0, threads=None, players=None, **options):
    """Plays ``games`` games of ``game`` (any registered game) on ``threads`` threads
    (default: every core) and returns the summary ``alea simulate ... --json`` prints.

    ``players`` is a count (pig) or a list of player kinds by seat (``["ismcts", "greedy"]``);
    other options are the game's (``target``, ``rules``, ``length``, ``abilities``, ``mode``,
    ``max_rounds``, ...). Game ``i`` is seeded from ``(seed, i)``, so the totals do not depend
    on ``threads``. Usage errors raise ``ValueError``. A game of another module plays random
    players (``games`` defaults to 100 000 there too).
    """
    if game in _modules:
        if players is not None:
            raise ValueError(f"{game} plays random players: players does not apply")
        count = 100_000 if games is None else games
        if int(count) < 1:
            raise ValueError("simulate plays at least one game")
        text = _modules[game].simulate_random(game, int(count), seed, threads, **options)
        return _json.loads(text)
    args = simulate_args(game, games, seed, threads, players, **options)
    return _json.loads(run_cli(args))


def arena_args(game, players, deals=100, seed=0, threads=None, **options):
    """The arguments of ``alea arena`` that ``arena`` runs with the same call."""
    _cli_game(game, "alea.arena")
    return _alea.arena_args(game, players, deals, seed, threads, **options)


def arena(game, players, deals=100, seed=0, threads=None, plot=None, **options):
    """Duplicate evaluation of ``game``'s players (``alea arena ... --json``): every deal is
    played once per rotation of the seating, so each player sits in every seat of every deal.

    ``players`` are the game's player names by seat (``["ismcts", "greedy"]`` or
    ``"ismcts,greedy"``; a shorter list repeats its last entry); other options are the game's
    (``rules``, ``length``, ``mode``, ``max_rounds``, pig's ``seats`` and ``target``, ...).
    Returns ``{"game", "deals", "seed", "seating", "rotations", "players": [{"player", "seats",
    "mean", "interval", "measures"}], "differences": [{"a", "b", "mean", "interval"}], ...}``,
    the same for any ``threads``; ``plot`` writes the SVG of ``alea arena --plot``. Usage
    errors raise ``ValueError``.
    """
    args = arena_args(game, players, deals, seed, threads, **options)
    if plot is not None:
        args[-1:-1] = ["--plot", str(plot)]
    return _json.loads(run_cli(args))


def search(game, algo, sims, depth=None, seed=0, threads=1, moves=None, **options):
    """Searches the best move of a registered game with ``algo`` (mc, expectimax, mcts,
    ismcts) from the start or the position ``moves`` reach (``["roll", "stop"]``), and returns
    the report ``alea search ... --json`` prints."""
    args = search_args(game, algo, sims, depth, seed, threads, moves, **options)
    return _json.loads(run_cli(args))
