"""``alea simulate`` and ``alea arena`` split over a Ray cluster (ray is an optional
dependency).

``alea.ray.simulate(game, games=, seed=, shards=)`` cuts games ``0..games`` into ``shards``
contiguous ranges, plays each range as one Ray task (game ``i`` is seeded from
``(seed, i)``, exactly as the CLI seeds it), and merges the tasks' totals into the summary
``alea simulate ... --json`` prints: identical in every field the games determine (not
``games_per_second`` or ``threads``). ``alea.ray.arena(game, players, deals=, seed=,
shards=)`` does the same with an arena's deals.

On one machine, ``ray.init(num_cpus=N)`` (or nothing: Ray starts a local instance). On a
cluster, install this package on every node (``pip install ./python``), start the head
(``ray start --head``) and the workers (``ray start --address=HEAD:6379``), then
``ray.init(address="auto")`` on the driver before calling ``simulate``.
"""

import json
import time

import ray as _ray

from . import _alea
import alea


@_ray.remote
def _arena_shard(args, first, count):
    from alea import _alea as native

    return native.arena_shard(args, first, count)


@_ray.remote
def _shard(args, first, count):
    from alea import _alea as native

    return native.simulate_shard(args, first, count)


def simulate(
    game,
    games,
    seed=0,
    shards=None,
    threads_per_shard=1,
    players=None,
    **options,
):
    """Plays ``games`` games of ``game`` over ``shards`` Ray tasks (default: the cluster's
    CPUs) of ``threads_per_shard`` threads each; returns the CLI's summary. The options are
    ``alea.simulate``'s."""
    if games is None or int(games) < 1:
        raise ValueError("alea.ray.simulate needs a number of games (1 or more)")
    games = int(games)
    alea._cli_game(game, "alea.ray.simulate")
    args = alea.simulate_args(game, games, seed, threads_per_shard, players, **options)
    # A bad argument fails here, before any task starts.
    _alea.check_shard_args(args)
    if shards is None:
        if not _ray.is_initialized():
            _ray.init()
        shards = max(1, int(_ray.cluster_resources().get("CPU", 1)))
    shards = max(1, min(int(shards), games))
    started = time.perf_counter()
    bounds = [games * k // shards for k in range(shards + 1)]
    refs = [
        _shard.options(num_cpus=threads_per_shard).remote(args, bounds[k], bounds[k + 1] - bounds[k])
        for k in range(shards)
    ]
    totals = _ray.get(refs)
    seconds = time.perf_counter() - started
    return json.loads(_alea.merge_shards(args, totals, shards, seconds))


def arena(game, players, deals=100, seed=0, shards=None, threads_per_shard=1, **options):
    """``alea.arena`` over ``shards`` Ray tasks (default: the cluster's CPUs) of
    ``threads_per_shard`` threads each, each playing a contiguous range of the deals; the
    shards' deals merged give the report ``alea arena ... --json`` prints, identical in every
    field the deals determine (not ``threads`` or ``seconds``)."""
    if deals is None or int(deals) < 1:
        raise ValueError("alea.ray.arena needs a number of deals (1 or more)")
    deals = int(deals)
    args = alea.arena_args(game, players, deals, seed, threads_per_shard, **options)
    # A bad argument fails here, before any task starts.
    _alea.check_arena_args(args)
    if shards is None:
        if not _ray.is_initialized():
            _ray.init()
        shards = max(1, int(_ray.cluster_resources().get("CPU", 1)))
    shards = max(1, min(int(shards), deals))
    started = time.perf_counter()
    bounds = [deals * k // shards for k in range(shards + 1)]
    refs = [
        _arena_shard.options(num_cpus=threads_per_shard).remote(
            args, bounds[k], bounds[k + 1] - bounds[k]
        )
        for k in range(shards)
    ]
    results = _ray.get(refs)
    seconds = time.perf_counter() - started
    return json.loads(_alea.merge_arena(args, results, shards, seconds))
