"""A/B work of two source trees in machine instructions (valgrind), which the machine's load does not change.

    git archive main src | tar -x -C /tmp/base && python bench/ab_instructions.py /tmp/base/src src
    python bench/ab_instructions.py --loop env /tmp/base/src src

Wall-clock and even per-CPU-second rates swing with the load of a shared machine; the number
of instructions executed does not. Each side runs the same seeded work twice under
``valgrind --tool=cachegrind`` (``PYTHONHASHSEED=0``): a short run and a longer one; the
difference, divided by the extra work, is the cost of one unit of work after start-up and
warm-up. ``--loop selfplay`` (default): random-bot matches of 50 hands (seeds 0, 1, … as in
``ab_selfplay.py``), 2 matches then ``2 + --matches``; the unit is a hand. ``--loop env``:
``raw_env()`` episodes through ``agent_iter`` + ``last`` with random agents (the loop of
``bench_env.py``), 20 then ``20 + --episodes``; the unit is an env step. Prints instructions
per unit, the ratio, and exits 1 when the candidate (second side) does not need fewer.
Needs ``valgrind`` on the PATH; a side is a ``src`` directory (run with this Python).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence

SELFPLAY = """
import sys
from hkmj.bots import make_bot
from hkmj.engine import play_match
n = int(sys.argv[1])
for k in range(n):
    play_match([make_bot("random", k * 4 + i) for i in range(4)], k, length="hands", hands=50, keep_events=False)
print(50 * n)
"""

ENV = """
import random, sys
import numpy as np
from hkmj.env import raw_env
e = raw_env()
rng = random.Random(1)
e.reset(seed=1)
n = 0
for _ in range(int(sys.argv[1])):
    e.reset()
    for _agent in e.agent_iter():
        obs, _r, term, trunc, _i = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[int(rng.random() * len(legal))]))
        n += 1
print(n)
"""


def instructions(src: str, code: str, n: int) -> tuple[int, int]:
    """(instructions, units of work) of one run of ``code`` with argument ``n`` on ``src``."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src), PYTHONHASHSEED="0")
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", sys.executable, "-c", code, str(n)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd="/")
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if m is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(m.group(1).replace(",", "")), int(out.stdout.strip())


def per_unit(src: str, code: str, short: int, long: int) -> float:
    """Instructions per unit of work between a short and a long run (start-up and warm-up cancel out)."""
    i0, u0 = instructions(src, code, short)
    i1, u1 = instructions(src, code, long)
    return (i1 - i0) / (u1 - u0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="src directory of the reference")
    parser.add_argument("candidate", help="src directory to compare")
    parser.add_argument("--loop", choices=("selfplay", "env"), default="selfplay", help="what is counted: random-bot self-play or the PettingZoo environment's steps (default selfplay)")
    parser.add_argument("--matches", type=int, default=4, help="extra 50-hand matches measured (selfplay)")
    parser.add_argument("--episodes", type=int, default=100, help="extra one-hand episodes measured (env)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    for side in (args.base, args.candidate):
        if not os.path.isdir(os.path.join(side, "hkmj")):
            print(f"{side}: not a src directory holding hkmj", file=sys.stderr)
            return 2
    if args.loop == "selfplay":
        code, short, long, unit = SELFPLAY, 2, 2 + args.matches, "hand"
    else:
        code, short, long, unit = ENV, 20, 20 + args.episodes, "step"
    base = per_unit(args.base, code, short, long)
    cand = per_unit(args.candidate, code, short, long)
    print(f"{args.loop}: base {base:,.0f}, candidate {cand:,.0f} instructions per {unit}: {base / cand:.2f}x fewer")
    return 0 if cand < base else 1


if __name__ == "__main__":
    sys.exit(main())
