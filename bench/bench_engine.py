"""Benchmark: full self-play hands per second, hkmj vs RLCard's mahjong environment, same run.

    pip install -e ".[bench]" && python bench/bench_engine.py

Plays whole hands on one core (this process) with four random bots and with four greedy
bots, counting every hand played (most random-bot hands end in an exhaustive draw), and
in the same run lets RLCard's ``mahjong`` environment play random agents with
``env.run``. Rates are per CPU-second of this process (``time.process_time``: one core, even
when other jobs share the machine); each side plays for ``--seconds`` of CPU time, long enough
that the engine's memo tables are warm (a short run of a fresh process is slower). Prints
hands/s and the ratio; exits 1 when a target is missed (``--no-fail`` to only report).

Targets: random bots ≥ 10× RLCard's hands/s and ≥ 1,000 hands/s on one core (the first
target was 450).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from hkmj.bots import make_bot
from hkmj.cli import seed_number
from hkmj.engine import play_match

TARGET_RATIO = 10.0
TARGET_RANDOM = 1000.0


def ours(bot: str, seconds: float, seed: int) -> tuple[float, int, int]:
    """(hands/s, hands, wins) playing matches of 50 hands until ``seconds`` have passed."""
    hands = wins = 0
    start = time.process_time()
    k = 0
    while time.process_time() - start < seconds:
        result = play_match(
            [make_bot(bot, seed + k * 4 + i) for i in range(4)], seed + k, length="hands", hands=50, keep_events=False
        )
        hands += len(result.hands)
        wins += sum(1 for h in result.hands if h.kind == "win")
        k += 1
    return hands / (time.process_time() - start), hands, wins


def rlcard_random(seconds: float, seed: int) -> tuple[float, int]:
    """(hands/s, hands) for RLCard's mahjong env with four RandomAgents."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.run(is_training=False)
        hands += 1
    return hands / (time.process_time() - start), hands


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per measurement (default 10)")
    parser.add_argument("--seed", type=seed_number, default=2026, help="seed of the matches (default 2026)")
    parser.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when a target is missed")
    args = parser.parse_args(argv)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print('the reference is missing: pip install -e ".[bench]"', file=sys.stderr)
        return 2
    import hkmj

    build = "mypyc-compiled core" if hkmj.compiled() else "pure Python"
    print(f"self-play on one core, {args.seconds:g} CPU-s per measurement, hkmj {build}")
    r_rate, r_hands, r_wins = ours("random", args.seconds, args.seed)
    g_rate, g_hands, g_wins = ours("greedy", args.seconds, args.seed)
    rl_rate, rl_hands = rlcard_random(args.seconds, args.seed)
    ratio = r_rate / rl_rate
    print(f"{'player':<28} {'hands/CPU-s':>11} {'hands':>7} {'won':>6}")
    print(f"{'hkmj random bots':<28} {r_rate:>11,.0f} {r_hands:>7} {r_wins / r_hands:>6.1%}")
    print(f"{'hkmj greedy bots':<28} {g_rate:>11,.0f} {g_hands:>7} {g_wins / g_hands:>6.1%}")
    print(f"{'RLCard mahjong random':<28} {rl_rate:>11,.0f} {rl_hands:>7}")
    ok_ratio = ratio >= TARGET_RATIO
    ok_abs = r_rate >= TARGET_RANDOM
    print(f"random bots vs RLCard: {ratio:.1f}x (target {TARGET_RATIO:g}x) {'ok' if ok_ratio else 'MISSED'}")
    print(f"random bots: {r_rate:,.0f} hands per CPU-second (target {TARGET_RANDOM:,.0f}) {'ok' if ok_abs else 'MISSED'}")
    return 0 if (ok_ratio and ok_abs) or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
