"""Benchmark: the MCR scorer against PyPI ``PyMahjongGB`` (the C++ official calculator), same run.

    pip install -e ".[bench]" && python bench/bench_mcr.py

Generates N seeded MCR winning hands (all shapes, :mod:`hkmj.scoring.mcr_generate`),
scores them with ``hkmj.scoring.score_mcr`` and with ``MahjongGB.MahjongFanCalculator``
one after the other in this process, and cross-checks every hand: same fans, same counts
(MCR-6, MCR-7). Both sides get their input prepared before the clock starts (hkmj a
``Win``, the calculator its argument tuple). Each figure is the best of ``--repeat``
passes; within a pass the two alternate every 100 hands, so that other jobs on the machine
slow both alike. Prints hands/s for both and the ratio; exits 1 on any disagreement or when the
ratio misses the target (``--no-fail`` to only report).

Targets: ≥ 0.2× the calculator's speed in pure Python, ≥ 0.5× compiled (mypyc).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "mcr"))

import hkmj
from hkmj.cli import seed_number
from hkmj.scoring import InvalidHand, Win, score_mcr
from hkmj.scoring.mcr_generate import random_mcr_hand
from hkmj.tiles import format_tiles, tile_str

TARGET_PURE, TARGET_COMPILED = 0.2, 0.5


def _timed_interleaved(hands: list[Win], calls: list[dict[str, Any]], repeat: int, chunk: int = 100) -> tuple[float, float]:
    """(calculator seconds, hkmj seconds) for all hands: the best of ``repeat`` passes, each
    pass alternating the two scorers every ``chunk`` hands so that a busy machine slows
    both alike."""
    from MahjongGB import MahjongFanCalculator

    best_gb = best_hk = float("inf")
    for _ in range(repeat):
        t_gb = t_hk = 0.0
        for start in range(0, len(hands), chunk):
            t = time.perf_counter()
            for kw in calls[start : start + chunk]:
                MahjongFanCalculator(**kw)
            t_gb += time.perf_counter() - t
            t = time.perf_counter()
            for w in hands[start : start + chunk]:
                score_mcr(w)
            t_hk += time.perf_counter() - t
        best_gb = min(best_gb, t_gb)
        best_hk = min(best_hk, t_hk)
    return best_gb, best_hk


def _crosscheck(hands: list[Win]) -> list[str]:
    from gb_oracle import gb_fans

    bad = []
    for win in hands:
        try:
            mine: dict[str, int] | None = {i.id: i.count for i in score_mcr(win).items}
        except InvalidHand as e:
            mine = {"rejected": 1}
            print(f"rejected: {e}", file=sys.stderr)
        theirs = gb_fans(win)
        if mine != theirs:
            melds = " ".join(str(m) for m in win.melds)
            bad.append(f"{format_tiles(win.concealed)} [{melds}] on {tile_str(win.win_tile)} {win.win}: {mine} != {theirs}")
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=10000, help="hands (default 10000)")
    ap.add_argument("--seed", type=seed_number, default=11, help="seed of the hands (default 11)")
    ap.add_argument("--repeat", type=int, default=5, help="passes of each scorer, interleaved; the best is kept (default 5)")
    ap.add_argument("--no-fail", action="store_true", help="report only; never exit 1")
    args = ap.parse_args(argv)
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        print('the reference library is missing: pip install -e ".[bench]"', file=sys.stderr)
        return 2

    from gb_oracle import gb_args

    rng = random.Random(args.seed)
    hands = [random_mcr_hand(rng) for _ in range(args.n)]
    calls = [gb_args(w) for w in hands]
    for w in hands[:500]:  # warm the memo tables of both sides
        score_mcr(w)
    t_gb, t_hk = _timed_interleaved(hands, calls, args.repeat)
    bad = _crosscheck(hands)
    compiled = hkmj.compiled()
    target = TARGET_COMPILED if compiled else TARGET_PURE
    ratio = t_gb / t_hk
    print(
        f"MCR scoring, {args.n} hands (seed {args.seed}, best of {args.repeat}), hkmj {'compiled' if compiled else 'pure Python'}"
    )
    print(f"  PyMahjongGB (C++) {args.n / t_gb:>10,.0f} hands/s")
    print(f"  hkmj score_mcr    {args.n / t_hk:>10,.0f} hands/s")
    print(f"  ratio hkmj/C++    {ratio:>10.2f}×  (target ≥ {target}×)")
    print(f"  cross-check       {args.n - len(bad)}/{args.n} hands agree on every fan and count")
    for line in bad[:10]:
        print("  DISAGREE", line)
    failed = bool(bad) or ratio < target
    if failed and not args.no_fail:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
