"""Advice and review speed: how long the advisor takes to value every legal action of a
decision (the hint's and the review's cost), and how long ``hkmj review`` takes on a match.

For each ruleset a seeded match of strong bots is played; at every decision with a choice the
advisor (:func:`hkmj.bots.advice.make_advisor`: the expert when installed, else strong) is asked
for ``advise(view, legal)`` and, as the reference in the same run, the same bot's ``choose``.
Printed: median and 95th percentile of both and their ratio; then the time to review one
player of the recorded match (``analyse``: re-play plus advice), against re-checking it with
``hkmj replay`` alone. The run fails (exit 1) if advice's 95th percentile exceeds the
decision budget (300 ms: a hint must answer at once) or a review of one player takes more than
a second per hand (``--no-fail`` to only report).

    python bench/bench_review.py
    python bench/bench_review.py --hands 16 --seed 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from hkmj.bots import make_bot
from hkmj.bots.advice import make_advisor
from hkmj.cli import seed_number
from hkmj.engine import Event, Match
from hkmj.record import replay
from hkmj.review import Loaded, analyse
from hkmj.rulesets import get_ruleset

P95_BUDGET = 0.300
"""Seconds: the p95 decision budget, for advice too (hints answer at once)."""
PER_HAND_BUDGET = 1.0
"""Seconds of review per hand of the match (one player)."""


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def run(rules_name: str, hands: int, seed: int) -> tuple[list[float], list[float], list[Event]]:
    """Play the match; time ``advise`` and ``choose`` at each decision with a choice; the events."""
    rules = get_ruleset(rules_name)
    match = Match(seed, length="hands", hands=hands, rules=rules)
    players = [make_bot("strong", seed * 4 + i) for i in range(4)]
    advisor = make_advisor(seed)
    advise_t: list[float] = []
    choose_t: list[float] = []
    events: list[Event] = list(match.events)
    while not match.over:
        hand = match.new_hand()
        while hand.result is None:
            s = hand.pending()[0]
            view, legal = hand.view(s), hand.legal_actions(s)
            if len(set(legal)) > 1:
                t0 = time.perf_counter()
                advisor.advise(view, legal)
                t1 = time.perf_counter()
                advisor.choose(view, legal)
                t2 = time.perf_counter()
                advise_t.append(t1 - t0)
                choose_t.append(t2 - t1)
            hand.apply(s, players[match.player_at(s)].choose(view, legal))
        events.extend(hand.events)
        events.extend(match.finish_hand())
    return advise_t, choose_t, events


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=8, help="hands per ruleset (default 8)")
    ap.add_argument("--seed", type=seed_number, default=1, help="match seed (default 1)")
    ap.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when a budget is missed")
    args = ap.parse_args(argv)
    ok = True
    print(f"{'rules':<10} {'decisions':>9}  advise median/p95 ms  choose median/p95 ms  ratio p95  review s  replay s  s/hand")
    for rules in ("hk", "mcr", "classical"):
        adv, cho, events = run(rules, args.hands, args.seed)
        t0 = time.perf_counter()
        report = replay(events)
        t1 = time.perf_counter()
        review = analyse(Loaded(events), "1")
        t2 = time.perf_counter()
        assert report.ok and review.decisions
        a50, a95, c50, c95 = statistics.median(adv), _pct(adv, 0.95), statistics.median(cho), _pct(cho, 0.95)
        per_hand = (t2 - t1) / args.hands
        print(
            f"{rules:<10} {len(adv):>9}  {1000 * a50:>9.1f} / {1000 * a95:<8.1f}  {1000 * c50:>9.1f} / {1000 * c95:<8.1f}"
            f"  {a95 / c95:>9.1f}  {t2 - t1:>8.2f}  {t1 - t0:>8.2f}  {per_hand:>6.2f}"
        )
        if a95 > P95_BUDGET:
            print(f"  MISSED: advice p95 {1000 * a95:.0f} ms > {1000 * P95_BUDGET:.0f} ms", file=sys.stderr)
            ok = False
        if per_hand > PER_HAND_BUDGET:
            print(f"  MISSED: review {per_hand:.2f} s per hand > {PER_HAND_BUDGET:.1f} s", file=sys.stderr)
            ok = False
    return 0 if ok or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
