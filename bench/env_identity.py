"""Check that two source trees' PettingZoo environments give identical episodes (for speed work).

    git archive main src | tar -x -C /tmp/base && python bench/env_identity.py /tmp/base/src src

Each side runs in a fresh process (``PYTHONPATH`` = the side) and plays ``--episodes`` seeded
``raw_env`` episodes of two hands per ruleset (``hk``, ``mcr``, ``classical``) with a seeded
uniform random agent on the mask, through ``agent_iter`` + ``last``; every ``--all-every``-th
step it also observes the three other agents (their cached or caught-up planes). It hashes
(SHA-256) every agent name, observation array (bytes, dtype, shape), action mask, reward,
termination and the final infos, and prints one digest per ruleset and the step count. The
two sides must print the same digests: exits 1 naming the rulesets that differ. A speed pass
on ``hkmj.env`` must keep the play, the observations, the masks and the rewards identical.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence

from sides import is_side, side_command

RUN = """
import hashlib, random, sys
import numpy as np
from hkmj.env import raw_env
episodes, every = int(sys.argv[1]), int(sys.argv[2])
for rules in ("hk", "mcr", "classical"):
    h = hashlib.sha256()
    steps = 0
    e = raw_env(rules=rules, hands=2)
    for ep in range(episodes):
        rng = random.Random(ep)
        e.reset(seed=ep)
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            seen = [(agent, obs)]
            if steps % every == 0:
                seen += [(a, e.observe(a)) for a in e.agents if a != agent]
            for a, o in seen:
                planes, mask = o["observation"], o["action_mask"]
                h.update(a.encode())
                h.update(f"{planes.dtype}{planes.shape}{mask.dtype}{mask.shape}".encode())
                h.update(planes.tobytes())
                h.update(mask.tobytes())
            h.update(repr((reward, term, trunc, sorted(info.items()))).encode())
            steps += 1
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[int(rng.random() * len(legal))]))
        h.update(repr(sorted(e.rewards.items())).encode())
    print(rules, steps, h.hexdigest())
"""


def digests(side: str, episodes: int, every: int) -> list[str]:
    """One fresh process of the check on a side (``src`` directory or Python executable): a line per ruleset."""
    python, env = side_command(side)
    out = subprocess.run([*python, "-c", RUN, str(episodes), str(every)], env=env, capture_output=True, text=True, cwd="/")
    if out.returncode:
        raise SystemExit(f"{side}: the check failed:\n{out.stderr.strip()}")
    return out.stdout.split("\n")[:-1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="src directory (or Python executable, e.g. a venv's with the wheel) of the reference")
    parser.add_argument("candidate", help="src directory (or Python executable) to compare")
    parser.add_argument("--episodes", type=int, default=50, help="two-hand episodes per ruleset (default 50)")
    parser.add_argument("--all-every", type=int, default=7, help="observe every agent every N steps (default 7)")
    args = parser.parse_args(argv)
    if args.episodes < 1 or args.all_every < 1:
        parser.error("--episodes and --all-every must be positive")
    for side in (args.base, args.candidate):
        if not is_side(side):
            parser.error(f"{side}: neither a src directory holding hkmj nor a Python executable")
    base = digests(args.base, args.episodes, args.all_every)
    cand = digests(args.candidate, args.episodes, args.all_every)
    differ = []
    for b, c in zip(base, cand, strict=True):
        same = b == c
        print(f"{b}  {'identical' if same else 'DIFFERENT: ' + c}")
        if not same:
            differ.append(b.split()[0])
    if differ:
        print(f"observations, masks or rewards differ for: {', '.join(differ)}")
        return 1
    print("identical observations, masks and rewards for every ruleset")
    return 0


if __name__ == "__main__":
    sys.exit(main())
