"""Benchmark: the expert's playouts per CPU-second, pure Python vs the compiled wheel.

    pip wheel . --no-deps -w /tmp/whl && python -m venv /tmp/cvenv \\
        && /tmp/cvenv/bin/pip install "$(ls /tmp/whl/hkmj-*.whl)[bench,env]"
    python bench/bench_rollout.py src /tmp/cvenv/bin/python

Each side (a ``src`` directory run as pure Python, or a Python executable whose installed
``hkmj`` is measured, :mod:`sides`) runs in a fresh process: it collects the turn views of
greedy self-play hands (seeded, Hong Kong rules), samples deals of each view's unseen tiles
(:func:`~hkmj.bots.rollout.sample_deal`, one seeded generator) and plays each of the view's
first three discards out on every deal (:func:`~hkmj.bots.rollout.rollout_discard`), once to
warm the memo tables and once measured with ``time.process_time`` (one core). It prints
playouts per CPU-second and a fingerprint of every playout's payment: both sides must agree on
it (same results pure and compiled). Exits 1 when they differ or when the compiled side is
less than ``--target`` times faster (default 5).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence

from sides import side_command

RUN = """
import hashlib, random, sys, time
import hkmj
from hkmj.bots import GreedyBot
from hkmj.bots.rollout import rollout_discard, sample_deal
from hkmj.engine import Discard, Hand

hands, deals = int(sys.argv[1]), int(sys.argv[2])
views = []
for seed in range(hands):
    hand = Hand.from_seed(seed)
    bots = [GreedyBot(s) for s in range(4)]
    k = 0
    while not hand.over:
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        v = hand.view(seat)
        if v.phase == "turn" and k % 5 == 0:
            ds = [a.tile for a in legal if isinstance(a, Discard)][:3]
            if ds:
                views.append((v, ds))
        k += 1
        hand.apply(seat, bots[seat].choose(v, legal))

def run():
    rng = random.Random(1)
    out = []
    for v, ds in views:
        for _ in range(deals):
            deal = sample_deal(v, rng)
            for d in ds:
                out.append(rollout_discard(v, deal, d))
    return out

run()
t = time.process_time()
out = run()
dt = time.process_time() - t
print(len(out) / dt, hashlib.sha256(repr(out).encode()).hexdigest()[:16], len(out), hkmj.compiled())
"""


def measure(side: str, hands: int, deals: int) -> tuple[float, str, int, bool]:
    """(playouts per CPU-second, fingerprint of the payments, playouts, compiled) of one side."""
    python, env = side_command(side)
    here = os.path.dirname(os.path.abspath(__file__))
    out = subprocess.run(
        [*python, "-c", RUN, str(hands), str(deals)], env=env, capture_output=True, text=True, check=True, cwd=here
    )
    rate, print_, n, compiled = out.stdout.split()
    return float(rate), print_, int(n), compiled == "True"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pure", help="src directory (pure Python) or Python executable: the reference")
    parser.add_argument("compiled", help="Python executable with the compiled wheel installed (or a src directory)")
    parser.add_argument("--hands", type=int, default=20, help="greedy self-play hands whose views are searched (default 20)")
    parser.add_argument("--deals", type=int, default=8, help="deals sampled per view (default 8)")
    parser.add_argument("--target", type=float, default=5.0, help="least speed-up of the second side (default 5)")
    parser.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when the target is missed")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.deals < 1:
        parser.error("--hands and --deals must be at least 1")
    rows = []
    for label, side in (("pure", args.pure), ("compiled", args.compiled)):
        rate, fp, n, compiled = measure(side, args.hands, args.deals)
        rows.append((rate, fp))
        build = "mypyc-compiled" if compiled else "pure Python"
        print(f"{label:<9} {side}: {rate:>9,.0f} playouts/CPU-s over {n:,} playouts ({build}), payments {fp}")
    ratio = rows[1][0] / rows[0][0]
    same = rows[0][1] == rows[1][1]
    ok = ratio >= args.target
    print(
        f"speed-up {ratio:.1f}x (target {args.target:g}x) {'ok' if ok else 'MISSED'}; payments {'identical' if same else 'DIFFER'}"
    )
    return 0 if same and (ok or args.no_fail) else 1


if __name__ == "__main__":
    sys.exit(main())
