"""A/B self-play speed of two source trees, alternating runs, per CPU-second (robust on a busy machine).

    git archive main src | tar -x -C /tmp/base && python bench/ab_selfplay.py /tmp/base/src src

Each run is a fresh process playing the same 200 random-bot hands (4 matches of 50, seeds 0-3,
after a warm-up of 200 other hands) and reporting hands per CPU-second (``time.process_time``);
the two trees alternate ``--pairs`` times. Prints every pair, the medians and their ratio;
exits 1 when the candidate (second tree) is not faster than the base in the median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence

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


def rate(src: str) -> float:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
    out = subprocess.run([sys.executable, "-c", RUN], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="src directory of the reference tree")
    parser.add_argument("candidate", help="src directory of the tree to compare")
    parser.add_argument("--pairs", type=int, default=8)
    args = parser.parse_args(argv)
    base: list[float] = []
    cand: list[float] = []
    for i in range(args.pairs):
        base.append(rate(args.base))
        cand.append(rate(args.candidate))
        print(f"pair {i + 1}: base {base[-1]:.0f}, candidate {cand[-1]:.0f} hands/CPU-s ({cand[-1] / base[-1]:.2f}x)")
    mb, mc = statistics.median(base), statistics.median(cand)
    wins = sum(c > b for b, c in zip(base, cand, strict=True))
    print(f"median base {mb:.0f}, candidate {mc:.0f} hands/CPU-s: {mc / mb:.2f}x; candidate faster in {wins}/{args.pairs} pairs")
    return 0 if mc > mb else 1


if __name__ == "__main__":
    sys.exit(main())
