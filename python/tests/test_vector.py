"""alea.vector: many games stepped in one call, the same arrays for any thread count."""

import doctest
import os

import numpy as np
import pytest

import alea
import alea.vector

GAMES = list(alea._alea.registered_names())
ARRAYS = {
    "observation": np.float32,
    "legal_action_mask": np.bool_,
    "current_player": np.int32,
    "rewards": np.float32,
    "terminated": np.bool_,
    "truncated": np.bool_,
    "final_observation": np.float32,
    "final_rewards": np.float32,
}
# Batch steps of the lockstep runs at B = 256: 500 in the suite (about half a minute for
# all six games); ALEA_VECTOR_STEPS=10000 runs the long check (about eight minutes).
STEPS = int(os.environ.get("ALEA_VECTOR_STEPS", "500"))
OPTIONS = {"riichi": {"length": "kyoku"}, "sichuan": {"length": "kyoku"}}


def random_actions(rng, mask):
    """A uniformly random legal action per env."""
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def shapes(env):
    b, a, p = env.num_envs, env.num_actions, env.num_players
    obs = (b, *env.observation_shape)
    return {
        "observation": obs, "legal_action_mask": (b, a), "current_player": (b,),
        "rewards": (b, p), "terminated": (b,), "truncated": (b,), "final_observation": obs,
        "final_rewards": (b, p),
    }


def test_the_docstring_runs():
    assert doctest.testmod(alea.vector, raise_on_error=True).attempted > 0


@pytest.mark.parametrize("name", GAMES)
def test_one_and_two_threads_and_a_second_run_give_the_same_arrays(name):
    """Three batches in lockstep (1 thread, 2 threads, 2 threads again and parked), random
    legal actions: every array equal at every step, shapes and dtypes as documented, episodes
    ending and resetting, rewards only at episode ends."""
    options = OPTIONS.get(name, {})
    envs = [alea.vector.make(name, 256, seed=9, threads=t, **options) for t in (1, 2, 2)]
    envs[2].layout = "parked"
    assert [e.threads for e in envs] == [1, 2, 2]
    assert [e.layout for e in envs] == ["resident", "resident", "parked"]
    outs = [e.reset() for e in envs]
    expected = shapes(envs[0])
    for key, dtype in ARRAYS.items():
        assert outs[0][key].dtype == dtype and outs[0][key].shape == expected[key], key
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(STEPS):
        mask = outs[0]["legal_action_mask"]
        assert mask.any(axis=1).all()
        actions = random_actions(rng, mask)
        outs = [e.step(actions) for e in envs]
        done = outs[0]["terminated"] | outs[0]["truncated"]
        for other in outs[1:]:
            for key in ("observation", "legal_action_mask", "current_player", "rewards",
                        "terminated", "truncated"):
                assert np.array_equal(outs[0][key], other[key]), key
            assert np.array_equal(outs[0]["final_rewards"][done], other["final_rewards"][done])
            assert np.array_equal(outs[0]["final_observation"][done],
                                  other["final_observation"][done])
        assert not (outs[0]["terminated"] & outs[0]["truncated"]).any()
        assert not outs[0]["rewards"][~done].any()
        assert np.array_equal(outs[0]["rewards"][done], outs[0]["final_rewards"][done])
        ended += int(done.sum())
    assert ended > 0
    players = outs[0]["current_player"]
    assert ((players >= 0) & (players < envs[0].num_players)).all()


def test_an_episode_is_the_game_of_its_seed():
    """Env i's episodes are games of their own: a batch of one env replays env i's moves."""
    env = alea.vector.make("pig", 3, seed=4, threads=1)
    out = env.reset()
    rng = np.random.default_rng(0)
    moves = []
    while not (out["terminated"][1] or out["truncated"][1]):
        actions = random_actions(rng, out["legal_action_mask"])
        moves.append(int(actions[1]))
        out = env.step(actions)
    returns = out["final_rewards"][1].copy()
    # The same env index and seed in a batch of another size plays the same game.
    again = alea.vector.make("pig", 2, seed=4, threads=1)
    out = again.reset()
    for move in moves:
        actions = random_actions(rng, out["legal_action_mask"])
        actions[1] = move
        out = again.step(actions)
    assert out["terminated"][1] or out["truncated"][1]
    assert np.array_equal(out["final_rewards"][1], returns)
    assert sorted(returns) == [-1.0, 1.0]


def test_a_bad_action_raises_naming_the_env_and_no_env_moves():
    env = alea.vector.make("leduc", 8, seed=2, threads=2)
    out = env.reset()
    before = {k: v.copy() for k, v in out.items()}
    mask = out["legal_action_mask"]
    good = mask.argmax(axis=1)
    at = np.arange(8)
    cases = [
        (np.where(at == 6, 99, good), "env 6: action 99 is out of range"),
        (np.where(at == 3, -1, good), "env 3: action -1 is out of range"),
        (good[:7], "actions: expected 8 values, got 7"),
        ("raise", "actions: expected a sequence"),
    ]
    illegal = np.flatnonzero(~mask[5])
    if illegal.size:
        cases.append((np.where(at == 5, illegal[0], good), "env 5: action .* is not legal"))
    for actions, words in cases:
        with pytest.raises(ValueError, match=words):
            env.step(actions)
        for key, value in before.items():
            assert np.array_equal(env.arrays()[key], value), key
    # The batch plays on as if nothing had been tried.
    fresh = alea.vector.make("leduc", 8, seed=2, threads=1)
    fresh.reset()
    stepped, expected = env.step(good), fresh.step(good)
    assert all(np.array_equal(stepped[k], expected[k]) for k in expected)


def test_usage_errors():
    with pytest.raises(ValueError, match="num_envs"):
        alea.vector.make("pig", 0)
    with pytest.raises(ValueError, match="threads"):
        alea.vector.make("pig", 4, threads=0)
    with pytest.raises(ValueError, match="target"):
        alea.vector.make("pig", 4, target=0)
    with pytest.raises(ValueError, match="no game|unknown|not a"):
        alea.vector.make("chess", 4)
    env = alea.vector.make("pig", 4)
    with pytest.raises(RuntimeError, match="reset first"):
        env.step([0, 0, 0, 0])
    env.layout = "parked"
    with pytest.raises(ValueError, match='layout "packed": expected "auto", "resident" or'):
        env.layout = "packed"
    assert env.layout == "parked"
    env.layout = "auto"
    assert env.layout == "resident"
    assert alea.vector.make("pig", 512, threads=1).layout == "parked"
    assert 'layout="parked"' in repr(alea.vector.make("pig", 512, threads=1))


def test_a_cap_truncates_and_the_rules_terminate():
    env = alea.vector.make("sgs", 64, seed=1, threads=2, max_rounds=1)
    out = env.reset()
    rng = np.random.default_rng(1)
    truncated = terminated = 0
    for _ in range(400):
        out = env.step(random_actions(rng, out["legal_action_mask"]))
        truncated += int(out["truncated"].sum())
        terminated += int(out["terminated"].sum())
        # A round limit's draw pays nobody.
        assert not out["final_rewards"][out["truncated"]].any()
    assert truncated > 0 and terminated > 0


def test_reset_with_a_seed_starts_over():
    env = alea.vector.make("duel", 4, seed=5, threads=1)
    first = {k: v.copy() for k, v in env.reset().items()}
    rng = np.random.default_rng(2)
    for _ in range(30):
        env.step(random_actions(rng, env.arrays()["legal_action_mask"]))
    again = env.reset(seed=5)
    assert all(np.array_equal(first[k], again[k]) for k in first)
    other = env.reset(seed=6)
    assert not np.array_equal(first["observation"], other["observation"])


@pytest.mark.parametrize("name", ["leduc", "sgs", "duel", "riichi"])
def test_determinize_resamples_only_what_the_player_to_move_cannot_see(name):
    env = alea.vector.make(name, 16, seed=3, threads=2, **OPTIONS.get(name, {}))
    out = env.reset()
    rng = np.random.default_rng(4)
    for _ in range(6):
        out = env.step(random_actions(rng, out["legal_action_mask"]))
    before = {k: v.copy() for k, v in out.items()}
    worlds = env.determinize(7)
    assert (env.layout, worlds.layout, worlds.threads) == ("resident", "parked", 2)
    seen = worlds.arrays()
    # The player to move sees the same position, and may play the same actions.
    for key in ("observation", "legal_action_mask", "current_player"):
        assert np.array_equal(seen[key], before[key]), key
    # The original is untouched, and the two play on independently.
    assert all(np.array_equal(env.arrays()[k], before[k]) for k in before)
    actions = random_actions(rng, before["legal_action_mask"])
    worlds.step(actions)
    assert all(np.array_equal(env.arrays()[k], before[k]) for k in before)
    # The same seed resamples the same worlds.
    again = env.determinize(7).step(actions)
    assert all(np.array_equal(worlds.arrays()[k], again[k])
               for k in ("observation", "legal_action_mask", "current_player"))


def test_random_steps_play_in_rust_the_same_on_any_thread_count():
    runs = []
    for threads in (1, 2):
        env = alea.vector.make("sgs", 32, seed=1, threads=threads)
        env.reset()
        out = env.random_steps(500, seed=3)
        runs.append({k: v.copy() for k, v in out.items()})
        assert out["legal_action_mask"].any(axis=1).all()
    for key in ("observation", "legal_action_mask", "current_player", "rewards"):
        assert np.array_equal(runs[0][key], runs[1][key]), key
    with pytest.raises(RuntimeError, match="reset first"):
        alea.vector.make("pig", 2).random_steps(1)


def test_random_actions_are_legal_and_play_what_random_steps_plays():
    mover = alea.vector.make("sgs", 40, seed=2, threads=1)
    out = mover.reset()
    for step in range(50):
        ids = mover.random_actions(seed=3) if step == 0 else mover.random_actions()
        assert ids.dtype == np.int64 and ids.shape == (40,)
        assert out["legal_action_mask"][np.arange(40), ids].all()
        out = mover.step(ids)
    stepped = alea.vector.make("sgs", 40, seed=2, threads=2)
    stepped.reset()
    same = stepped.random_steps(50, seed=3)
    for key in ARRAYS:
        assert np.array_equal(out[key], same[key]), key
    # reset(seed) restarts the stream; a step before the first reset is refused.
    mover.reset(seed=4)
    first = mover.random_actions()
    mover.reset(seed=4)
    assert np.array_equal(mover.random_actions(), first)
    with pytest.raises(RuntimeError, match="reset first"):
        alea.vector.make("pig", 2).random_actions()


# --- alea.vector.gymnasium: a single agent against the game's own players, played in Rust.

gym = pytest.importorskip("gymnasium")


def play_masked(env, steps, seed):
    """Random legal actions from the action mask for `steps` steps; the transitions."""
    rng = np.random.default_rng(seed)
    obs, infos = env.reset()
    out = []
    for _ in range(steps):
        actions = random_actions(rng, infos["action_mask"])
        step = env.step(actions)
        out.append(step)
        obs, infos = step[0], step[4]
    return out


def test_gymnasium_is_a_same_step_vector_env_of_the_learners_view():
    env = alea.vector.gymnasium("leduc", 16, seat=1, opponents="random", seed=3, threads=1)
    assert isinstance(env, gym.vector.VectorEnv)
    assert str(env.metadata["autoreset_mode"].value) == "SameStep"
    assert env.single_observation_space.shape == (16,)
    assert env.observation_space.shape == (16, 16)
    assert env.single_action_space.n == 3
    assert list(env.action_space.nvec) == [3] * 16
    obs, infos = env.reset()
    assert obs.dtype == np.float32 and obs in env.observation_space
    assert infos["action_mask"].shape == (16, 3) and infos["action_mask"].any(axis=1).all()
    assert (env.batch.arrays()["current_player"] == 1).all()
    ended_total = 0
    for obs, rewards, terminated, truncated, infos in play_masked(env, 200, 0):
        ended = terminated | truncated
        assert rewards.shape == (16,) and rewards.dtype == np.float32
        # Leduc pays only at the end: rewards are the learner's returns where an episode ended.
        assert (rewards[~ended] == 0).all()
        if ended.any():
            assert (infos["_final_obs"] == ended).all()
            returns = infos["final_info"]["returns"]
            np.testing.assert_array_equal(rewards[ended], returns[ended, 1])
            np.testing.assert_array_equal(returns[ended].sum(axis=1), 0)
            assert all(infos["final_obs"][i].shape == (16,) for i in np.flatnonzero(ended))
            assert all(infos["final_obs"][i] is None for i in np.flatnonzero(~ended))
        ended_total += ended.sum()
        assert (env.batch.arrays()["current_player"] == 1).all()
    assert ended_total > 100


def test_gymnasium_gives_the_same_transitions_on_any_thread_count():
    runs = [
        play_masked(alea.vector.gymnasium("sgs", 8, seat=1, opponents=["trust"], seed=5,
                                          threads=threads), 150, 2)
        for threads in (1, 2)
    ]
    for a, b in zip(*runs):
        for x, y in zip(a[:4], b[:4]):
            np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(a[4]["action_mask"], b[4]["action_mask"])


def test_gymnasium_opponents_are_the_games_players():
    """Against `trust` (which plays nothing in its own turn), a random learner wins sgs 1v1
    far more often than against `smart`: the opponents are real players, not placeholders.
    Each rate is over 300+ finished games; the gap asserted (0.2) is over six standard
    errors."""
    def win_rate(opponent):
        env = alea.vector.gymnasium("sgs", 64, seat=0, opponents=opponent, seed=1, threads=2)
        wins = games = 0
        for _, rewards, terminated, truncated, _ in play_masked(env, 400, 4):
            ended = terminated | truncated
            wins += (rewards[ended] > 0).sum()
            games += ended.sum()
        assert games >= 300, games
        return wins / games
    assert win_rate("trust") > win_rate("smart:2") + 0.2


def test_gymnasium_before_1_1_is_refused_naming_the_version(monkeypatch):
    """gymnasium 1.0 has no name for the same-step autoreset mode: the env says what to
    install instead of declaring a mode gymnasium cannot read."""
    import gymnasium.vector
    from alea import vector as alea_vector
    monkeypatch.delattr(gymnasium.vector, "AutoresetMode")
    monkeypatch.setattr(gym, "__version__", "1.0.0")
    alea_vector._gymnasium_class.cache_clear()
    try:
        with pytest.raises(ImportError, match=r"needs gymnasium >= 1\.1 \(this is 1\.0\.0\)"):
            alea.vector.gymnasium("pig", 2)
    finally:
        alea_vector._gymnasium_class.cache_clear()


def test_gymnasium_refuses_bad_seatings_naming_what():
    with pytest.raises(ValueError, match=r"unknown sgs player \"wizard\""):
        alea.vector.gymnasium("sgs", 2, opponents="wizard")
    with pytest.raises(ValueError, match=r"seat 2: the game has 2 seats \(0 to 1\)"):
        alea.vector.gymnasium("leduc", 2, seat=2)
    with pytest.raises(ValueError, match=r"seat -1: the game has 2 seats \(0 to 1\)"):
        alea.vector.gymnasium("leduc", 2, seat=-1)
    with pytest.raises(ValueError, match=r"unknown pig player \"greedy\": expected random"):
        alea.vector.gymnasium("pig", 2, opponents="greedy")
    env = alea.vector.gymnasium("pig", 2)
    env.reset()
    with pytest.raises(ValueError, match=r"env 1: action 7 is out of range"):
        env.step([0, 7])
