"""Benchmark: machine instructions per MCR hand, hkmj against PyPI ``PyMahjongGB``, counted.

    python bench/bench_mcr_work.py            # needs valgrind

Wall-clock ratios (``bench/bench_mcr.py``) swing with the load of a shared machine; the work
per hand does not. This runs itself under ``valgrind --tool=cachegrind`` four times: each
side scores N seeded hands (:func:`hkmj.scoring.mcr_generate.random_mcr_hand`) once to warm
its tables, then twice more — or not at all — and the difference between the two runs,
over 2N, is the instructions per hand (``PYTHONHASHSEED=0``, the calculator called with the
arguments ``tests/mcr/gb_oracle.py`` prepares, as in ``bench_mcr.py``). Prints both and the
ratio (C++ / hkmj); exits 1 when the ratio misses the MCR speed target for this build
(0.2× pure Python, 0.5× compiled), ``--no-fail`` to only report. A load-free companion to
``bench_mcr.py``, whose wall-clock ratio is the figure the target is set on.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

TARGET_PURE, TARGET_COMPILED = 0.2, 0.5
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def _child(side: str, passes: int, hands: int) -> None:
    """Score ``hands`` hands once, then ``passes`` more times (run under valgrind)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "mcr"))
    from hkmj.scoring import score_mcr
    from hkmj.scoring.mcr_generate import random_mcr_hand

    rng = random.Random(11)
    wins = [random_mcr_hand(rng) for _ in range(hands)]
    if side == "hkmj":
        for w in wins:
            score_mcr(w)
        for _ in range(passes):
            for w in wins:
                score_mcr(w)
        return
    from gb_oracle import gb_args
    from MahjongGB import MahjongFanCalculator

    calls = [gb_args(w) for w in wins]
    for kw in calls:
        MahjongFanCalculator(**kw)
    for _ in range(passes):
        for kw in calls:
            MahjongFanCalculator(**kw)


def _instructions(side: str, passes: int, hands: int) -> int:
    """Instructions valgrind counts for one child run."""
    cmd = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        side,
        "--passes",
        str(passes),
        "-n",
        str(hands),
    ]
    env = dict(os.environ, PYTHONHASHSEED="0")
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    found = _REFS.search(run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind run failed ({' '.join(cmd)}):\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=2000, help="hands (default 2000)")
    ap.add_argument("--no-fail", action="store_true", help="report only; never exit 1")
    ap.add_argument("--child", choices=("hkmj", "gb"), help=argparse.SUPPRESS)
    ap.add_argument("--passes", type=int, default=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args.child, args.passes, args.n)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install valgrind", file=sys.stderr)
        return 2

    import hkmj

    per_hand = {side: (_instructions(side, 2, args.n) - _instructions(side, 0, args.n)) / (2 * args.n) for side in ("hkmj", "gb")}
    compiled = hkmj.compiled()
    target = TARGET_COMPILED if compiled else TARGET_PURE
    ratio = per_hand["gb"] / per_hand["hkmj"]
    print(f"MCR scoring, instructions per hand ({args.n} hands scored twice), hkmj {'compiled' if compiled else 'pure Python'}")
    print(f"  PyMahjongGB (C++) {per_hand['gb']:>10,.0f}")
    print(f"  hkmj score_mcr    {per_hand['hkmj']:>10,.0f}")
    print(f"  ratio C++/hkmj    {ratio:>10.2f}×  (target ≥ {target}×)")
    return 1 if ratio < target and not args.no_fail else 0


if __name__ == "__main__":
    sys.exit(main())
