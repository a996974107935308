"""Where a bot's points come from against another: every hand of ``bench_bots.py``'s
duplicate deals (six seatings, the same walls and bot seeds) split by how it ended, with the
points that moved between the two sides (A − B per hand, HK-6 payments as the bench counts them).

    python bench/expert_flows.py --seed 11 --deals 100
    python bench/expert_flows.py --a expert+lookahead=3 --seed 13 --deals 100

Rows: the winning side and how it won (self-drawn; on a discard of the other side; on a discard
of its own side), by the winner's base (HK-6: 1–2, 4–8, 16 and more); then the deal-ins by how
far the discarder's hand was from ready at its last turn (standard shapes, HK-5.1). The rows of
one block sum to the run's A − B. A screening tool, not a test: it exits 0.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

from bench_bots import SEATINGS, build_bot, deal_seed
from hkmj.cli import seed_number
from hkmj.engine import Action, Hand, Player, SeatView, play_hand
from hkmj.hand import standard_shanten


class Watched:
    """A bot whose distance from ready is noted at each of its turns."""

    def __init__(self, bot: Player) -> None:
        self.bot = bot
        self.away = 9

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase == "turn":
            self.away = standard_shanten(list(view.concealed), len(view.melds[view.seat]))
        return self.bot.choose(view, legal)


def flows(a: str, b: str, seed: int, deals: int) -> tuple[Counter[str], Counter[str], int]:
    """(A − B points by row, hands by row, hands played)."""
    net: Counter[str] = Counter()
    count: Counter[str] = Counter()
    hands = 0
    for d in range(deals):
        for k, seating in enumerate(SEATINGS):
            hand = Hand.from_seed(deal_seed(seed, d), prevailing=d % 4)
            players = [
                Watched(build_bot(a if letter == "A" else b, (seed * 31 + d) * 64 + k * 4 + s))
                for s, letter in enumerate(seating)
            ]
            res = play_hand(hand, players)
            hands += 1
            if res.kind != "win" or res.seat is None:
                count["no winner"] += 1
                continue
            side = seating[res.seat]
            flow = sum(res.payments[s] / 2 * (1 if seating[s] == "A" else -1) for s in range(4))
            if res.discarder is None:
                how, base = "self-drawn", max(res.payments) // 6
            else:
                how = "on the other side's discard" if seating[res.discarder] != side else "on its own side's discard"
                base = max(res.payments) // 4
            size = "base 1-2" if base <= 2 else "base 4-8" if base <= 8 else "base 16+"
            for row in (f"{side} wins {how}", f"{side} wins {how}, {size}"):
                net[row] += flow
                count[row] += 1
            if res.discarder is not None and seating[res.discarder] != side:
                away = min(players[res.discarder].away, 3)
                row = f"{seating[res.discarder]} deals in, {'ready' if away == 0 else f'{away} from ready'}{'+' if away == 3 else ''}"
                net[row] += flow
                count[row] += 1
    return net, count, hands


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--a", default="expert", help="side A (a name or name+attr=value; default expert)")
    p.add_argument("--b", default="greedy", help="side B (default greedy)")
    p.add_argument("--seed", type=seed_number, default=11, help="run seed, as bench_bots.py (default 11)")
    p.add_argument("--deals", type=int, default=100, help="deals, six hands each (default 100)")
    args = p.parse_args(argv)
    if args.deals < 1:
        p.error("--deals must be at least 1")
    for spec in (args.a, args.b):
        try:
            build_bot(spec, 0)
        except (ValueError, KeyError) as e:
            p.error(str(e))
    net, count, hands = flows(args.a, args.b, args.seed, args.deals)
    print(
        f"{args.a} (A) vs {args.b} (B), seed {args.seed}, {hands} hands: A - B {sum(v for r, v in net.items() if ', ' not in r and 'deals in' not in r) / hands:+.2f} per hand"
    )
    for row in sorted(count):
        extra = f"  A - B {net[row] / hands:+.3f} per hand" if row in net else ""
        print(f"  {row:48s} {count[row]:5d} hands{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
