"""A policy-gradient learner on ``alea.vector``: numpy only, a CPU, a minute.

A linear softmax policy over the observation, masked to the legal actions, trained by
REINFORCE (the episode's return minus a running baseline) on single-agent batches made by
``alea.vector.gymnasium``: the learner plays both seats (half the envs each) and the game's own
players play the other seat inside Rust.

    python examples/python/train.py --game leduc               # against the random player
    python examples/python/train.py --game pig                 # against the random player
    python examples/python/train.py --game sgs                 # sgs 1v1 against SmartAI
    python examples/python/train.py --game leduc --plot curve.png   # the learning curve

It prints the learner's mean return per episode in windows of training steps, and at the
end a paired comparison: the trained policy and the untrained one (uniform over the legal
actions) each play the same ``--eval`` fresh deals.
"""

import argparse
import json
import math

import numpy as np

import alea
import alea.vector

# Each game's opponent and batch size.
GAMES = {
    "leduc": {"opponents": "random", "envs": 256, "lr": 0.05},
    "pig": {"opponents": "random", "envs": 256, "lr": 0.05},
    "sgs": {"opponents": "smart:2", "envs": 128, "lr": 0.01},
}


class Adam:
    """Adam on one array of parameters (ascent)."""

    def __init__(self, shape, lr, beta1=0.9, beta2=0.999):
        self.m, self.v = np.zeros(shape), np.zeros(shape)
        self.lr, self.beta1, self.beta2, self.t = lr, beta1, beta2, 0

    def step(self, params, grad):
        self.t += 1
        self.m = self.beta1 * self.m + (1 - self.beta1) * grad
        self.v = self.beta2 * self.v + (1 - self.beta2) * grad * grad
        m = self.m / (1 - self.beta1 ** self.t)
        v = self.v / (1 - self.beta2 ** self.t)
        params += self.lr * m / (np.sqrt(v) + 1e-8)


class Policy:
    """Softmax over ``[observation, 1] @ weights``, masked to the legal actions."""

    def __init__(self, features, actions, lr):
        self.weights = np.zeros((features + 1, actions))
        self.adam = Adam(self.weights.shape, lr)

    @staticmethod
    def inputs(observation):
        flat = observation.reshape(len(observation), -1)
        return np.hstack([flat, np.ones((len(flat), 1), dtype=flat.dtype)])

    def probabilities(self, x, mask):
        logits = np.where(mask, x @ self.weights, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, rng, x, mask):
        p = self.probabilities(x, mask)
        return (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1), p

    def learn(self, x, actions, p, advantages):
        """One REINFORCE step: ``x`` ``(n, features)``, the actions taken, their
        probabilities rows and each step's advantage."""
        g = -p
        g[np.arange(len(actions)), actions] += 1.0
        self.adam.step(self.weights, x.T @ (g * advantages[:, None]) / len(actions))


class Learner:
    """One single-agent batch and the trajectories of its envs' running episodes."""

    def __init__(self, game, seat, envs, seed, threads, **options):
        spec = GAMES[game]
        self.env = alea.vector.gymnasium(game, envs, seat=seat, opponents=spec["opponents"],
                                         seed=seed, threads=threads, **options)
        self.observation, self.infos = self.env.reset()
        self.trajectories = [[] for _ in range(envs)]

    def step(self, policy, rng):
        """Plays one step; returns the finished episodes' steps and returns."""
        x = policy.inputs(self.observation)
        mask = self.infos["action_mask"]
        actions, p = policy.act(rng, x, mask)
        self.observation, rewards, terminated, truncated, self.infos = self.env.step(actions)
        finished = []
        for i in range(len(actions)):
            self.trajectories[i].append((x[i], actions[i], p[i]))
            if terminated[i] or truncated[i]:
                finished.append((self.trajectories[i], float(rewards[i])))
                self.trajectories[i] = []
        return finished


def train(game="leduc", steps=1500, seed=0, threads=None, window=100, envs=None, log=print,
          **options):
    """Trains a policy for ``steps`` batch steps; returns it and the learning curve (the mean
    return of the episodes finished in each ``window`` of steps)."""
    spec = GAMES[game]
    envs = envs or spec["envs"]
    learners = [Learner(game, seat, envs // 2, seed + seat, threads, **options)
                for seat in (0, 1)]
    shape = learners[0].env.single_observation_space.shape
    policy = Policy(math.prod(shape), learners[0].env.single_action_space.n, spec["lr"])
    rng = np.random.default_rng(seed)
    baseline, curve, returns = 0.0, [], []
    for step in range(1, steps + 1):
        finished = [episode for learner in learners for episode in learner.step(policy, rng)]
        if finished:
            returns += [ret for _, ret in finished]
            moves = [(x, a, p, ret - baseline)
                     for trajectory, ret in finished for x, a, p in trajectory]
            policy.learn(*map(np.array, zip(*moves)))
            baseline = 0.99 * baseline + 0.01 * float(np.mean([r for _, r in finished]))
        if step % window == 0:
            curve.append((step, float(np.mean(returns)) if returns else 0.0, len(returns)))
            log(f"{game}: step {step}: mean return {curve[-1][1]:+.3f} over {len(returns)} episodes")
            returns = []
    return policy, curve


def evaluate(policy, game, episodes, seed, threads=None, **options):
    """The mean return per episode of ``policy`` and of the untrained (uniform) policy on the
    same deals (both seats), and the 95 % interval of their paired difference."""
    spec = GAMES[game]
    uniform = Policy(policy.weights.shape[0] - 1, policy.weights.shape[1], 0.0)
    results = {}
    for name, player in (("trained", policy), ("untrained", uniform)):
        per_env = []
        for seat in (0, 1):
            envs = episodes // 2
            env = alea.vector.gymnasium(game, envs, seat=seat, opponents=spec["opponents"],
                                        seed=seed + seat, threads=threads, **options)
            observation, infos = env.reset()
            first = np.full(envs, np.nan)
            rng = np.random.default_rng(seed)
            while np.isnan(first).any():
                actions, _ = player.act(rng, Policy.inputs(observation), infos["action_mask"])
                observation, rewards, terminated, truncated, infos = env.step(actions)
                ended = (terminated | truncated) & np.isnan(first)
                first[ended] = rewards[ended]
            per_env.append(first)
        results[name] = np.concatenate(per_env)
    difference = results["trained"] - results["untrained"]
    return {
        "game": game,
        "opponents": spec["opponents"],
        "episodes": len(difference),
        "trained": float(results["trained"].mean()),
        "trained_interval": interval(results["trained"]),
        "untrained": float(results["untrained"].mean()),
        "difference": float(difference.mean()),
        "interval": interval(difference),
    }


def interval(values):
    """The 95 % interval of the mean of ``values`` (normal approximation)."""
    half = 1.96 * values.std(ddof=1) / math.sqrt(len(values))
    return [float(values.mean() - half), float(values.mean() + half)]


def plot(curves, reports, path):
    """The learning curves as a picture (matplotlib), each with its untrained policy's mean."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(curves), figsize=(5 * len(curves), 3.4), squeeze=False)
    for ax, report in zip(axes[0], reports):
        curve = curves[report["game"]]
        ax.plot([c[0] for c in curve], [c[1] for c in curve], color="tab:blue", label="trained")
        ax.axhline(report["untrained"], color="tab:red", linestyle="--", label="untrained")
        ax.axhline(0.0, color="grey", linewidth=0.8)
        ax.set_title(f"{report['game']} against {report['opponents']}")
        ax.set_xlabel("batch steps")
        ax.set_ylabel("mean return per episode")
        ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="the game (repeat for several; default leduc)")
    parser.add_argument("--steps", type=int, default=1500, help="batch steps of training")
    parser.add_argument("--envs", type=int, help="envs per batch (default: the game's)")
    parser.add_argument("--eval", type=int, default=2000, help="deals of the final comparison")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, help="threads (default: one per core)")
    parser.add_argument("--plot", help="write the learning curves to this image file")
    args = parser.parse_args(argv)
    curves, reports = {}, []
    for game in args.game or ["leduc"]:
        policy, curves[game] = train(game, args.steps, args.seed, args.threads,
                                     window=max(1, args.steps // 15), envs=args.envs)
        reports.append(evaluate(policy, game, args.eval, args.seed + 1000, args.threads))
        print(json.dumps(reports[-1]))
    if args.plot:
        plot(curves, reports, args.plot)
    return reports


if __name__ == "__main__":
    main()
