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
resampled for its player to move (this one untouched), for ISMCTS-style loops: it is parked
(a snapshot per env and a world per thread, not a world per env: a copy of 64 envs costs
about ten to twenty steps) and steps on this batch's threads.
``env.layout`` says where the games live between steps: ``"resident"`` (a world each: fastest
while the batch fits the caches) or ``"parked"`` (a snapshot each, restored into one world per
thread to step: faster for big batches); it is ``"parked"`` from 512 envs unless set
(``"auto"``, ``"resident"`` or ``"parked"``), and the arrays are the same either way.

>>> import numpy as np, alea
>>> env = alea.vector.make("leduc", 4, seed=1, threads=1)
>>> out = env.reset()
>>> out["observation"].shape, out["legal_action_mask"].shape
((4, 16), (4, 3))
>>> rng = np.random.default_rng(0)
>>> for _ in range(20):
...     actions = (rng.random(out["legal_action_mask"].shape) * out["legal_action_mask"]).argmax(1)
...     out = env.step(actions)

For single-agent RL, ``alea.vector.gymnasium(name, num_envs, seat=0, opponents="random")`` is
a ``gymnasium.vector.VectorEnv`` whose other seats the game's own players play inside Rust.
"""

import functools

from . import _owner

__all__ = ["make", "gymnasium"]


def make(name, num_envs, seed=0, threads=None, **options):
    """``num_envs`` games of the registered game ``name`` (with its ``options``, as
    ``load_game`` takes them), seeded ``seed``, stepped on ``threads`` threads (``None``: one
    per core). Returns a ``VectorEnv`` with ``num_envs``, ``observation_shape``,
    ``num_actions``, ``num_players``, ``threads``, ``layout`` (``"parked"`` from 512 envs; set
    it to ``"auto"``, ``"resident"`` or ``"parked"``), ``reset(seed=None)``, ``step(actions)``,
    ``random_steps(n, seed=0)``, ``random_actions(seed=None)``, ``arrays()`` and
    ``determinize(seed)``; call ``reset()`` first."""
    return _owner(name).make_vector(name, num_envs, seed, threads, **options)


def gymnasium(name, num_envs, seat=0, opponents="random", seed=0, threads=None, copy=True,
              **options):
    """A ``gymnasium.vector.VectorEnv`` (gymnasium >= 1.1) of ``num_envs`` games of ``name``
    for a single agent: you play seat ``seat`` of every env; the other seats, in seat order,
    are played inside Rust by the game's own players named ``opponents`` (a name or a list; a
    shorter list repeats its last name; ``game_info(name)["players"]`` lists them: ``random``
    everywhere, ``greedy``, ``trust``, ``smart``, ``ismcts:50``, ...).

    - ``observation_space``: ``Box(-inf, inf, (B, *observation_shape), float32)``, from
      ``seat``'s view; ``action_space``: ``MultiDiscrete([num_actions] * B)``.
    - ``step(actions)`` plays each env's action and the opponents' moves up to ``seat``'s next
      turn; ``rewards`` ``(B,) float32`` is what ``seat`` earned (the games pay their returns
      at the end); ``terminated`` / ``truncated`` as in ``make``.
    - ``infos["action_mask"]`` ``(B, num_actions) bool``: the legal actions of the position
      returned (mask your policy with it).
    - Same-step autoreset (``metadata["autoreset_mode"]``): an env whose episode ended is
      already dealt its next one; ``infos["final_obs"]`` (an object array, ``None`` elsewhere)
      and ``infos["final_info"]["returns"]`` ``(B, num_players)`` hold the ended episode's
      last observation and returns where ``infos["_final_obs"]`` is true. An episode the
      opponents end before ``seat``'s first move is dealt again, unseen.
    - ``copy=False`` returns the batch's own arrays (rewritten by the next call) instead of
      copies.

    Errors (an unknown player, a seat the game lacks) raise ``ValueError`` naming what."""
    if isinstance(opponents, str):
        opponents = [opponents]
    batch = _owner(name).make_vector_against(
        name, num_envs, seat, list(opponents), seed, threads, **options)
    return _gymnasium_class()(batch, copy)


@functools.cache
def _gymnasium_class():
    """The gymnasium vector env class (made on first use: gymnasium is optional)."""
    import numpy as np
    import gymnasium as gym
    from gymnasium.vector.utils import batch_space

    try:
        from gymnasium.vector import AutoresetMode
    except ImportError as error:  # gymnasium 1.0 has no name for the same-step mode
        raise ImportError(
            f"alea.vector.gymnasium needs gymnasium >= 1.1 (this is {gym.__version__}): "
            "pip install 'gymnasium>=1.1'") from error
    same_step = AutoresetMode.SAME_STEP

    class AleaVectorEnv(gym.vector.VectorEnv):
        """A single-agent batch of alea games (``alea.vector.gymnasium``)."""

        metadata = {"autoreset_mode": same_step}

        def __init__(self, batch, copy):
            self.batch = batch
            self.copy = copy
            self.num_envs = batch.num_envs
            self.seat = batch.seat
            self.single_observation_space = gym.spaces.Box(
                -np.inf, np.inf, batch.observation_shape, np.float32)
            self.single_action_space = gym.spaces.Discrete(batch.num_actions)
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self.action_space = batch_space(self.single_action_space, self.num_envs)

        def _own(self, array):
            return array.copy() if self.copy else array

        def _infos(self, out):
            mask = self._own(out["legal_action_mask"])
            return {"action_mask": mask, "_action_mask": np.ones(self.num_envs, dtype=bool)}

        def reset(self, *, seed=None, options=None):
            if seed is not None and not isinstance(seed, (int, np.integer)):
                raise ValueError("seed: one integer for the whole batch (or None)")
            out = self.batch.reset(seed=None if seed is None else int(seed))
            return self._own(out["observation"]), self._infos(out)

        def step(self, actions):
            out = self.batch.step(np.asarray(actions).reshape(-1))
            infos = self._infos(out)
            ended = out["terminated"] | out["truncated"]
            if ended.any():
                final = np.full(self.num_envs, None, dtype=object)
                for i in np.flatnonzero(ended):
                    final[i] = out["final_observation"][i].copy()
                infos["final_obs"], infos["_final_obs"] = final, ended.copy()
                infos["final_info"] = {"returns": out["final_rewards"].copy(),
                                       "_returns": ended.copy()}
                infos["_final_info"] = ended.copy()
            return (
                self._own(out["observation"]),
                out["rewards"][:, self.seat].copy(),
                self._own(out["terminated"]),
                self._own(out["truncated"]),
                infos,
            )

        def __repr__(self):
            return (f"AleaVectorEnv({self.batch.name!r}, num_envs={self.num_envs}, "
                    f"seat={self.seat})")

    return AleaVectorEnv
