"""A/B speed of two source trees, alternating runs, per CPU-second (robust on a busy machine).

    git archive main src | tar -x -C /tmp/base && python bench/ab_selfplay.py /tmp/base/src src
    python bench/ab_selfplay.py --loop env /tmp/base/src src

``--loop selfplay`` (default): each run is a fresh process playing the same 200 random-bot
hands (4 matches of 50, seeds 0-3, after a warm-up of 200 other hands) and reporting hands per
CPU-second (``time.process_time``). ``--loop env``: the PettingZoo environment, ``raw_env()``
through ``agent_iter`` + ``last`` with random agents for 2 CPU-seconds (after half a second of
warm-up), reporting steps per CPU-second. The two sides alternate ``--pairs`` times. A side is
a ``src`` directory, or a Python executable (say a venv's, with a compiled wheel installed)
that is run as it is. Prints every pair, the medians and their ratio; exits 1 when the
candidate (second side) is not faster than the base in the median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence

from sides import side_command

RUN = """
import time
from hkmj.bots import make_bot
from hkmj.engine import play_match
def go(k0, n):
    for k in range(k0, k0 + n):
        play_match([make_bot("random", k * 4 + i) for i in range(4)], k, length="hands", hands=50, keep_events=False)
go(1000, 4)
t = time.process_time(); go(0, 4); print(200 / (time.process_time() - t))
"""


ENV_RUN = """
from bench_env import iter_steps  # run from bench/: the same loop as bench_env.py's
from hkmj.env import raw_env
iter_steps(raw_env, 0.5, 1)
print(iter_steps(raw_env, 2.0, 2026))
"""

LOOPS = {"selfplay": (RUN, "hands"), "env": (ENV_RUN, "steps")}


def rate(side: str, code: str) -> float:
    """One fresh process of ``code`` on ``side`` (a src directory, or a Python executable run as it is)."""
    python, env = side_command(side)
    out = subprocess.run([*python, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=os.path.dirname(os.path.abspath(__file__)))
    return float(out.stdout.strip())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="src directory (or Python executable) of the reference")
    parser.add_argument("candidate", help="src directory (or Python executable) to compare")
    parser.add_argument("--pairs", type=int, default=8, help="runs of each side, alternating (default 8)")
    parser.add_argument("--loop", choices=sorted(LOOPS), default="selfplay", help="what is timed: random-bot self-play or the PettingZoo environment's steps (default selfplay)")
    args = parser.parse_args(argv)
    code, unit = LOOPS[args.loop]
    base: list[float] = []
    cand: list[float] = []
    for i in range(args.pairs):
        base.append(rate(args.base, code))
        cand.append(rate(args.candidate, code))
        print(f"pair {i + 1}: base {base[-1]:.0f}, candidate {cand[-1]:.0f} {unit}/CPU-s ({cand[-1] / base[-1]:.2f}x)")
    mb, mc = statistics.median(base), statistics.median(cand)
    wins = sum(c > b for b, c in zip(base, cand, strict=True))
    print(f"median base {mb:.0f}, candidate {mc:.0f} {unit}/CPU-s: {mc / mb:.2f}x; candidate faster in {wins}/{args.pairs} pairs")
    return 0 if mc > mb else 1


if __name__ == "__main__":
    sys.exit(main())
