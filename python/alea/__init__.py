"""alea: card, dice and tile games with controllable randomness, for AI research.

The core is Rust (``alea._alea``); the GIL is released while it plays.

- ``load_game(name, **options)`` and its states, in OpenSpiel's shape (``State``);
- ``simulate(...)`` and ``search(...)``: batch runs of the CLI's own code, returning the
  object ``alea simulate|search ... --json`` prints;
- adapters: ``alea.openspiel.register()``, ``alea.pettingzoo.env(name)``,
  ``alea.ray.simulate(...)`` (open_spiel, pettingzoo and ray are optional dependencies).
"""

import json as _json

from ._alea import (
    Game,
    State,
    deserialize_state,
    game_options,
    load_game,
    registered_names,
    run_cli,
)
from . import _alea

__all__ = [
    "Game",
    "State",
    "load_game",
    "deserialize_state",
    "registered_names",
    "game_options",
    "run_cli",
    "simulate",
    "search",
    "simulate_args",
    "search_args",
]


def simulate_args(game, games=None, seed=0, threads=None, players=None, **options):
    """The arguments of ``alea simulate`` that ``simulate`` runs with the same call."""
    return _alea.simulate_args(game, games, seed, threads, players, **options)


def search_args(game, algo, sims, depth=None, seed=0, threads=1, moves=None, **options):
    """The arguments of ``alea search`` that ``search`` runs with the same call."""
    return _alea.search_args(game, algo, sims, depth, seed, threads, moves, **options)


def simulate(game, games=None, seed=0, threads=None, players=None, **options):
    """Plays ``games`` games of ``game`` (pig, riichi, sichuan, duel, sgs) on ``threads``
    threads (default: every core) and returns the summary ``alea simulate ... --json`` prints.

    ``players`` is a count (pig) or a list of player kinds by seat (``["ismcts", "greedy"]``);
    other options are the CLI's (``target``, ``rules``, ``length``, ``abilities``, ``mode``,
    ``max_rounds``, ...). Game ``i`` is seeded from ``(seed, i)``, so the totals do not depend
    on ``threads``. Usage errors raise ``ValueError``.
    """
    args = simulate_args(game, games, seed, threads, players, **options)
    return _json.loads(run_cli(args))


def search(game, algo, sims, depth=None, seed=0, threads=1, moves=None, **options):
    """Searches the best move of pig or leduc with ``algo`` (mc, expectimax, mcts, ismcts)
    from the start or the position ``moves`` reach (``["roll", "stop"]``), and returns the
    report ``alea search ... --json`` prints."""
    args = search_args(game, algo, sims, depth, seed, threads, moves, **options)
    return _json.loads(run_cli(args))
