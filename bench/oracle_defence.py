"""What perfect defence would be worth to the expert: an upper-bound measurement.

    python bench/oracle_defence.py --seed 11 --deals 200

Not an honest bot: ``Oracle`` reads the engine's hidden state (every opponent's concealed
tiles) and plays the expert's first advice that does not discard into a ready opponent's wait
(HK-5), or the expert's choice when every discard is deadly. On the ladder's duplicate deals
and six seatings (``bench_bots``), it prints the oracle expert − greedy and the plain expert −
greedy on the same deals, each with the 95% interval of the per-deal differences. Measured on
2026-12-01 (200 deals × 6 seatings each): seed 11 +2.21 [+0.89, +3.54] against +0.97 [−0.25,
+2.19]; seed 13 +2.50 [+1.35, +3.65] against +1.07 [+0.16, +1.99]: knowing the deadly tiles
is worth about +1.3 points per hand against greedy (docs/bots.md, fourth round). With the expert's
c16 constants (2026-12-06): seed 11 +2.82 [+1.46, +4.18] against +0.91 [−0.14, +1.97], seed 13
+2.08 [+0.78, +3.38] against +0.83 [−0.22, +1.88]; the ladder's seed 7, 1,000 deals: +2.01 [+1.43,
+2.60] against +1.25 [+0.75, +1.76] (docs/bots.md, twelfth round).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence

from bench_bots import SEATINGS, build_bot, deal_seed, side_points
from hkmj.bots.advice import Advisor
from hkmj.cli import seed_number
from hkmj.engine import Action, Hand, Player, SeatView, play_hand
from hkmj.engine.actions import Discard
from hkmj.hand import shanten, waits


class Oracle:
    """The expert with perfect defence: it sees the opponents' hands (measurement only)."""

    def __init__(self, bot: Advisor, seat: int, hand: Hand) -> None:
        self.bot, self.seat, self.hand = bot, seat, hand

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if not any(isinstance(a, Discard) for a in legal):
            return self.bot.choose(view, legal)
        deadly: set[int] = set()
        for o in range(4):
            if o != self.seat:
                counts, melds = list(self.hand.hands[o]), len(self.hand.melds[o])
                if shanten(counts, melds) == 0:
                    deadly.update(waits(counts, melds))
        ranked = [a.action for a in self.bot.advise(view, legal)]
        return next((a for a in ranked if not (isinstance(a, Discard) and a.tile in deadly)), ranked[0])


def run(seed: int, deals: int, oracle: bool) -> tuple[float, float, float]:
    """(mean, low, high) of expert − greedy per hand over ``deals`` deals × six seatings."""
    diffs = []
    for d in range(deals):
        a = b = 0.0
        for k, seating in enumerate(SEATINGS):
            hand = Hand.from_seed(deal_seed(seed, d), prevailing=d % 4)
            players: list[Player] = []
            for s, letter in enumerate(seating):
                bot = build_bot("expert" if letter == "A" else "greedy", (seed * 31 + d) * 64 + k * 4 + s)
                if letter == "A" and oracle:
                    assert isinstance(bot, Advisor)
                    bot = Oracle(bot, s, hand)
                players.append(bot)
            pa, pb = side_points(play_hand(hand, players).payments, seating)
            a += pa
            b += pb
        diffs.append((a - b) / len(SEATINGS))
    m = statistics.mean(diffs)
    h = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    return m, m - h, m + h


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=seed_number, default=11, help="run seed, as bench_bots' (default 11, a tuning seed)")
    p.add_argument("--deals", type=int, default=200, help="deals, each played under six seatings (default 200)")
    args = p.parse_args(argv)
    if args.deals < 2:
        p.error("--deals needs at least 2 deals for an interval")
    for label, oracle in (("oracle-defence expert - greedy", True), ("plain expert - greedy (same deals)", False)):
        m, lo, hi = run(args.seed, args.deals, oracle)
        print(f"{label}: {m:+.2f} [{lo:+.2f}, {hi:+.2f}]", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
