"""Benchmark: self-play hands/s at 1 and 2 workers, local process pool vs Ray, same run.

    pip install -e ".[ray]" && python bench/bench_scale.py

Plays ``--hands`` random-bot hands (chunks of 64, seeded as ``hkmj simulate`` does) with the
local backend (1 worker: this process; 2: a process pool) and with Ray tasks on a local Ray
instance started once before timing (its start-up is reported apart). Checks that every run
gives the same summary, prints hands/s and the Ray / local ratio; exits 1 when Ray at 2
workers reaches less than 75% of the local pool's throughput (``--no-fail`` to only report).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import replace

from hkmj.cli import seed_number
from hkmj.simulate import Summary, run

TARGET_RATIO = 0.75


def timed(hands: int, seed: int, bots: tuple[str, ...], workers: int, backend: str) -> tuple[float, Summary]:
    start = time.perf_counter()
    s = run(hands, seed, bots, workers=workers, backend=backend)
    return hands / (time.perf_counter() - start), replace(s, seconds=0.0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=4096, help="hands of each run (default 4096)")
    parser.add_argument("--seed", type=seed_number, default=2026, help="seed, as hkmj simulate's (default 2026)")
    parser.add_argument("--bots", default="random,random,random,random", help="the four bots, comma-separated (default random,random,random,random)")
    parser.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when the target is missed")
    args = parser.parse_args(argv)
    try:
        import ray
    except ImportError:
        print('Ray is missing: pip install -e ".[ray]"', file=sys.stderr)
        return 2
    bots = tuple(args.bots.split(","))
    rows: list[tuple[str, int, float]] = []
    results: list[Summary] = []
    for w in (1, 2):
        rate, s = timed(args.hands, args.seed, bots, w, "local")
        rows.append(("local", w, rate))
        results.append(s)
    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    startup = time.perf_counter() - t0
    try:
        for w in (1, 2):
            rate, s = timed(args.hands, args.seed, bots, w, "ray")
            rows.append(("ray", w, rate))
            results.append(s)
    finally:
        ray.shutdown()
    same = all(r == results[0] for r in results)
    print(f"{args.hands} hands, bots {args.bots}, seed {args.seed}; Ray start-up {startup:.1f} s (not timed)")
    print(f"{'backend':<8} {'workers':>7} {'hands/s':>9}")
    for b, w, rate in rows:
        print(f"{b:<8} {w:>7} {rate:>9,.0f}")
    local2 = rows[1][2]
    ray2 = rows[3][2]
    ratio = ray2 / local2
    print(f"identical summaries: {same}; Ray/local at 2 workers: {ratio:.2f} (target ≥ {TARGET_RATIO})")
    ok = same and ratio >= TARGET_RATIO
    return 0 if ok or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
