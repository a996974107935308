"""Benchmark: the classical scorer (CL-5 … CL-7) against the Hong Kong scorer in the same run.

    python bench/bench_classical.py

Scores N random winning hands (the HK generator, seeded) twice: with the Hong Kong table
(:func:`hkmj.scoring.score`, the reference) and as classical deals with three random
non-winner hands (:func:`hkmj.scoring.classical.score_deal`: four hands scored, every pair
settled). Both run in this process on one core, their passes alternating (HK, classical, HK,
...) so that other jobs on a shared machine slow both alike; times are CPU seconds of this
process (``time.process_time``) and each figure is the best of ``--repeat`` passes. Prints
hands/s and the ratio; exits 1 when the classical scorer is slower than the target share of
the Hong Kong scorer's speed (``--no-fail`` to only report).

Target: a classical deal (four hands and the settlement) at ≥ 0.2× the speed of one HK
winning hand, so that end-of-hand scoring never weighs on self-play.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from hkmj.cli import seed_number
from hkmj.scoring import Win, score
from hkmj.scoring.classical import ClassicalOptions, Deal, deal_from_win, score_deal
from hkmj.scoring.generate import other_hands, random_winning_hand

TARGET = 0.2


def _deal(win: Win, rng: random.Random, pay_highest: bool) -> Deal:
    return deal_from_win(win, other_hands(win, rng), ClassicalOptions(pay_highest=pay_highest))


def _best(fns: tuple[Callable[[], None], Callable[[], None]], repeat: int) -> tuple[float, float]:
    """The best CPU time of each function over ``repeat`` passes, the two taking turns."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for fn, out in zip(fns, times, strict=True):
            t = time.process_time()
            fn()
            out.append(time.process_time() - t)
    return min(times[0]), min(times[1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=3000, help="deals scored, and as many Hong Kong hands (default 3000)")
    ap.add_argument("--seed", type=seed_number, default=7, help="seed of the deals (default 7)")
    ap.add_argument("--repeat", type=int, default=3, help="passes of each; the best is kept (default 3)")
    ap.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when the target is missed")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    wins = [random_winning_hand(rng) for _ in range(args.hands)]
    deals = [_deal(w, rng, i % 2 == 1) for i, w in enumerate(wins)]

    def hk() -> None:
        for w in wins:
            score(w)

    def classical() -> None:
        for d in deals:
            r = score_deal(d)
            assert sum(r.settlement) == 0

    t_hk, t_cl = _best((hk, classical), args.repeat)
    ratio = t_hk / t_cl
    print(f"hands             {args.hands} (seed {args.seed}, best of {args.repeat}, per CPU-second)")
    print(f"HK score          {args.hands / t_hk:>10,.0f} hands/s (reference)")
    print(f"classical deal    {args.hands / t_cl:>10,.0f} deals/s (four hands scored, every pair settled)")
    print(f"ratio             {ratio:.2f}× the HK speed (target ≥ {TARGET}×)")
    if ratio < TARGET and not args.no_fail:
        print("target missed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
