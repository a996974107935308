"""The size of the environments' rewards in each ruleset: what one player receives or pays in a
hand (HK-6 payments, MCR and classical settlements), played by four greedy bots, one-hand
matches, as the environments pay it (an episode of ``hands=1``).

    python bench/reward_scale.py --hands 400 --seed 0

Prints, per ruleset, the median, 95th percentile and largest absolute reward per player per
hand, and how many hands paid nothing (drawn hands). Every hand's
payments sum to zero (checked). A measurement for docs/env.md ("Rewards"), not a test: exits 0.
"""

from __future__ import annotations

import argparse
import statistics

from hkmj.bots import make_bot
from hkmj.cli import seed_number
from hkmj.engine.play import play_match
from hkmj.rulesets import RULESETS, get_ruleset


def _hands(text: str) -> int:
    """``--hands``: a whole number of at least 1 (``0`` ended in an IndexError)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number of hands, at least 1")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=_hands, default=400, help="hands per ruleset (default 400)")
    parser.add_argument("--seed", type=seed_number, default=0, help="first match seed (default 0)")
    args = parser.parse_args()
    for name in RULESETS:
        rules = get_ruleset(name)
        sizes: list[int] = []
        nothing = 0
        for k in range(args.hands):
            seed = args.seed + k
            bots = [make_bot("greedy", 4 * seed + i) for i in range(4)]
            result = play_match(bots, seed, length="hands", hands=1, keep_events=False, rules=rules)
            if sum(result.totals) != 0:
                raise SystemExit(f"{name} seed {seed}: payments {result.totals} do not sum to zero")
            nothing += not any(result.totals)
            sizes.extend(abs(t) for t in result.totals)
        sizes.sort()
        p95 = sizes[min(len(sizes) - 1, int(0.95 * len(sizes)))]
        print(
            f"{name}: |reward| per player per hand: median {statistics.median(sizes):g}, 95th percentile {p95}, "
            f"largest {sizes[-1]}; hands paying nothing {nothing} of {args.hands}"
        )


if __name__ == "__main__":
    main()
