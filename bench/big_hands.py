"""How often the dealt hands are close to each big hand of HK-6: for every seat of
``bench_bots.py``'s deals, the shanten of the standard hand (HK-5.1) and of each plan the
expert's ``big_plans`` switch values (:func:`hkmj.bots.strong.big_plans`), with the one suit
the seat holds most of. East's fourteenth tile is dropped first (its discard keeping the
standard hand closest). A plan counts as *within reach* when it is at most two tiles behind the
standard hand and at most four from ready.

    python bench/big_hands.py --seed 11 --deals 200

A screening tool, not a test: it exits 0.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Sequence

from bench_bots import deal_seed
from hkmj.bots.strong import (
    ALL_HONOURS,
    BIG_DRAGONS,
    BIG_WINDS,
    DRAGON_SUIT,
    DRAGONS,
    MIXED_PAIRS,
    MIXED_PUNGS,
    PURE_PAIRS,
    PURE_PUNGS,
    SMALL_DRAGONS,
    SMALL_WINDS,
    WINDS,
    _dragon_suit,
    _honour_sets,
    _Melds,
    _pairs_in,
    _pungs_in,
    _pungs_shanten,
    _std_shanten,
)
from hkmj.cli import seed_number
from hkmj.engine import Hand
from hkmj.tiles import HONOUR, N_KINDS

CLOSE_BEHIND, CLOSE_AWAY = 2, 4
"""Within reach: at most this many tiles behind the standard hand, and this many from ready."""


def plan_shanten(c: list[int]) -> dict[str, int]:
    """Each big plan's shanten (and all pungs', for comparison) for a concealed 13-tile hand."""
    free = _Melds((), [0.0] * N_KINDS)
    per = [sum(c[9 * s : 9 * s + 9]) for s in range(3)]
    x = max(range(3), key=lambda s: (per[s], -s))
    suit = range(9 * x, 9 * x + 9)
    mixed = [*suit, *range(HONOUR, N_KINDS)]
    plans: dict[str, Callable[[], int]] = {
        "all_pungs": lambda: _pungs_shanten(c, 4),
        MIXED_PUNGS: lambda: _pungs_in(c, 4, mixed),
        PURE_PUNGS: lambda: _pungs_in(c, 4, suit),
        SMALL_DRAGONS: lambda: _honour_sets(c, free, DRAGONS, 2, True),
        BIG_DRAGONS: lambda: _honour_sets(c, free, DRAGONS, 3, False),
        SMALL_WINDS: lambda: _honour_sets(c, free, WINDS, 3, True),
        BIG_WINDS: lambda: _honour_sets(c, free, WINDS, 4, False),
        ALL_HONOURS: lambda: _pungs_in(c, 4, range(HONOUR, N_KINDS)),
        DRAGON_SUIT: lambda: _dragon_suit(c, free, x),
        MIXED_PAIRS: lambda: _pairs_in(c, mixed)[0],
        PURE_PAIRS: lambda: _pairs_in(c, suit)[0],
    }
    return {name: f() for name, f in plans.items()}


def dealt_hands(seed: int, deals: int) -> list[list[int]]:
    """Every seat's dealt concealed tiles (13; East's best discard by the standard shanten dropped)."""
    out: list[list[int]] = []
    for d in range(deals):
        hand = Hand.from_seed(deal_seed(seed, d), prevailing=d % 4)
        for seat in range(4):
            c = list(hand.view(seat).concealed)
            if sum(c) == 14:
                best = min((t for t in range(N_KINDS) if c[t]), key=lambda t: (_after(c, t), t))
                c[best] -= 1
            out.append(c)
    return out


def _after(c: list[int], t: int) -> int:
    c[t] -= 1
    s = _std_shanten(c, 4)
    c[t] += 1
    return s


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=seed_number, default=11, help="run seed, as bench_bots.py (default 11)")
    p.add_argument("--deals", type=int, default=200, help="deals, four dealt hands each (default 200)")
    args = p.parse_args(argv)
    if args.deals < 1:
        p.error("--deals must be at least 1")
    hands = dealt_hands(args.seed, args.deals)
    close: Counter[str] = Counter()
    best: Counter[str] = Counter()
    for c in hands:
        std = _std_shanten(c, 4)
        for name, s in plan_shanten(c).items():
            best[name] = min(best.get(name, 99), s)
            if s - std <= CLOSE_BEHIND and s <= CLOSE_AWAY:
                close[name] += 1
    n = len(hands)
    print(f"{n} dealt hands, seed {args.seed}: within reach (at most {CLOSE_BEHIND} behind the standard hand, {CLOSE_AWAY} from ready)")
    for name in plan_shanten(hands[0]):
        print(f"  {name.replace('_', ' '):32s} {close[name]:4d} ({100 * close[name] / n:4.1f}%)   closest: {best[name]} from ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
