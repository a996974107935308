"""Does sb3-contrib's ``MaskablePPO`` learn anything in a short run? docs/env.md's shortest recipe
(``make_vec_env("hkmj/SingleSeat-v1")``, 4 environments, ``n_steps=512``, ``batch_size=256``,
seed 0, three greedy bots), trained ``--steps`` steps, against uniform random legal play.

    python bench/sb3_learning.py --rules hk --steps 102400 --hands 400

Both policies play the same ``--hands`` seeded one-hand episodes (seeds 100,000 on) from the
learner's seat; prints each one's mean points a hand with its standard error (HK-6 payments
under ``hk``), the trained policy both sampling its actions and taking the most likely one,
and the training's steps per CPU-second. Needs ``pip install sb3-contrib`` (torch on the CPU);
torch is held to one thread. A measurement for docs/env.md ("Training libraries"), not a test:
exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

import hkmj.env  # noqa: F401  (registers hkmj/SingleSeat-v1)
from hkmj.env import RULES, SingleSeatEnv

Policy = Callable[[dict[str, np.ndarray], np.ndarray, np.random.Generator], int]


def evaluate(policy: Policy, rules: str, seeds: range) -> tuple[float, float]:
    """Mean points a hand and its standard error over one-hand episodes with these seeds."""
    g = SingleSeatEnv(rules=rules, opponents=("greedy",) * 3)
    rng = np.random.default_rng(123)
    scores = []
    for seed in seeds:
        obs, _ = g.reset(seed=seed)
        score, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, info = g.step(policy(obs, g.action_masks(), rng))
            assert "illegal_action" not in info, info
            score += float(reward)
            done = terminated or truncated
        scores.append(score)
    a = np.array(scores)
    return float(a.mean()), float(a.std(ddof=1) / np.sqrt(len(a)))


def random_legal(obs: dict[str, np.ndarray], mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if legal.size else 0  # nothing legal: a match ended before the first decision


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", choices=RULES, default="hk", help="ruleset (default hk)")
    parser.add_argument("--steps", type=int, default=20_480, help="training steps (default 20,480)")
    parser.add_argument("--hands", type=int, default=400, help="evaluation hands per policy (default 400)")
    args = parser.parse_args()
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)
    seeds = range(100_000, 100_000 + args.hands)
    mean, se = evaluate(random_legal, args.rules, seeds)
    print(f"{args.rules}: uniform random legal play, {args.hands} hands: {mean:+.2f} ± {se:.2f} points a hand")
    venv = make_vec_env("hkmj/SingleSeat-v1", n_envs=4, seed=0, env_kwargs={"rules": args.rules, "opponents": ("greedy",) * 3})
    model = MaskablePPO("MultiInputPolicy", venv, n_steps=512, batch_size=256, seed=0, device="cpu")
    start = time.process_time()
    model.learn(total_timesteps=args.steps)
    cpu = time.process_time() - start
    print(
        f"{args.rules}: trained {model.num_timesteps} steps in {cpu:.0f} CPU-seconds ({model.num_timesteps / cpu:.0f} a CPU-second)"
    )
    for deterministic in (False, True):

        def trained(
            obs: dict[str, np.ndarray], mask: np.ndarray, rng: np.random.Generator, deterministic: bool = deterministic
        ) -> int:
            return int(model.predict(obs, action_masks=mask, deterministic=deterministic)[0])

        mean, se = evaluate(trained, args.rules, seeds)
        how = "most likely action" if deterministic else "sampled actions"
        print(f"{args.rules}: MaskablePPO ({how}), {args.hands} hands: {mean:+.2f} ± {se:.2f} points a hand")


if __name__ == "__main__":
    main()
