"""Vector environments: ``num_envs`` games of one registered game stepped in one call.

``env = alea.vector.make(name, num_envs, seed=0, threads=None, **options)`` holds the games in
Rust; ``env.reset()`` and ``env.step(actions)`` return a dict of numpy arrays (pgx's shape for
turn-based games):

- ``observation`` ``(B, *observation_shape) float32``, from the view of each env's player to
  move;
- ``legal_action_mask`` ``(B, num_actions) bool``; ``current_player`` ``(B,) int32``;
- ``rewards`` ``(B, num_players) float32``: what each player earned this step (the games pay
  their returns at the end of an episode);
- ``terminated`` ``(B,) bool`` (the rules ended the episode) and ``truncated`` ``(B,) bool``
  (the game's own cap did: sgs's ``max_rounds``, pig's horizon);
- ``final_observation`` and ``final_rewards``: for the envs whose episode ended this step
  (``terminated | truncated``), the ended episode's last observation (from the view of the
  player who made the last move) and its returns; the other rows are stale.

An env whose episode ends is dealt its next episode in the same step (gymnasium's "same-step"
autoreset): env ``i``'s ``k``-th episode is dealt from ``(seed, i, k)``. Chance is sampled
inside, from each game's own streams. The arrays are the env's own buffers, rewritten by
every call: copy what you keep. The GIL is released while the games step, over ``threads``
threads (``None``: one per core); the arrays are the same for any thread count. An illegal or
out-of-range action raises ``ValueError`` naming the env, and no env moves.
``env.determinize(seed)`` returns a new batch in which each env's hidden information is
resampled for its player to move (this one untouched), for ISMCTS-style loops.

>>> import numpy as np, alea
>>> env = alea.vector.make("leduc", 4, seed=1, threads=1)
>>> out = env.reset()
>>> out["observation"].shape, out["legal_action_mask"].shape
((4, 16), (4, 3))
>>> rng = np.random.default_rng(0)
>>> for _ in range(20):
...     actions = (rng.random(out["legal_action_mask"].shape) * out["legal_action_mask"]).argmax(1)
...     out = env.step(actions)
"""

from . import _owner

__all__ = ["make"]


def make(name, num_envs, seed=0, threads=None, **options):
    """``num_envs`` games of the registered game ``name`` (with its ``options``, as
    ``load_game`` takes them), seeded ``seed``, stepped on ``threads`` threads (``None``: one
    per core). Returns a ``VectorEnv`` with ``num_envs``, ``observation_shape``,
    ``num_actions``, ``num_players``, ``threads``, ``reset(seed=None)``, ``step(actions)``,
    ``arrays()`` and ``determinize(seed)``; call ``reset()`` first."""
    return _owner(name).make_vector(name, num_envs, seed, threads, **options)
