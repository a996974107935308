"""Benchmark: ``hkmj score`` (JSON lines, one process) and ``score_json`` against PyPI ``mahjong``.

    pip install -e ".[bench]" && python bench/bench_score.py

Generates a seeded mix of winning hands that looks like real play (``bench/mixed_hands.py``:
melds and concealed kongs in about half the hands, bonus tiles, flags, limit hands,
several readings) and, in the same run, on one core:

* ``mahjong``'s ``HandCalculator.estimate_hand_value`` on the equivalent 136-tile hands
  (the reference);
* ``hkmj score`` as one process, every hand as a JSON line on stdin, one JSON line out per
  hand, interpreter start-up included (``python -m hkmj score``, the interpreter running
  this script); its answers are checked against the in-process ones;
* ``score_json`` in this process on the decoded requests.

Then it splits the per-line work of ``hkmj score`` (decode the JSON line and read the
request, validate, score, encode the answer) by timing cumulative prefixes of it (decode and
read; decode, read and validate; the whole line), and states the share spent parsing and
validating: the second prefix over the whole line. Times are CPU seconds (the process's own, and the ``hkmj score``
child's user + system time), so that other jobs on a shared machine distort neither side;
each figure is the best of ``--repeat`` rounds, every round running the reference, ``score_json``
and ``hkmj score`` once in turn (a burst of load falls on all three alike). Exits 1 when a target is missed
(``--no-fail`` to only report).

Targets: command line ≥ 5×, ``score_json`` ≥ 8× ``mahjong``'s hands/s; parsing
and validation ≤ 25% of the time.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import hkmj
from bench_hand import _to_136
from hkmj.cli import seed_number
from hkmj.scoring import Win, score_json
from hkmj.scoring.lines import READ_BYTES, read_request, score_line
from hkmj.scoring.request import win_from_line
from mixed_hands import describe, mixed_wins, to_request

TARGETS = {"cli": 5.0, "score_json": 8.0}
PARSE_SHARE = 0.25


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def mahjong_inputs(wins: Sequence[Win]) -> list[tuple[Any, ...]]:
    """The equivalent riichi hands: tiles, winning tile, melds and a config that gives each a yaku."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    rules = OptionalRules(has_open_tanyao=True)
    out = []
    for w in wins:
        tiles, win_id, melds = _to_136(w)
        closed = all(m.kind == "ckong" for m in w.melds)
        replacement = "kong_replacement" in w.flags
        config = HandConfig(
            is_tsumo=w.self_drawn,
            is_riichi=closed,
            is_rinshan=replacement,
            is_chankan=w.win == "robbed_kong",
            is_haitei=w.self_drawn and not replacement,
            is_houtei=w.win == "discard",
            is_tenhou="heavenly" in w.flags,
            is_renhou="earthly" in w.flags,
            player_wind=27 + w.seat,
            round_wind=27 + w.prevailing,
            options=rules,
        )
        out.append((tiles, win_id, melds, config))
    return out


def mahjong_pass(inputs: Sequence[tuple[Any, ...]]) -> tuple[Callable[[], float], Callable[[], int]]:
    """One pass of the reference over ``inputs`` (its CPU seconds), and how many hands it refused."""
    from mahjong.hand_calculating.hand import HandCalculator

    calc = HandCalculator()
    errors = 0

    def theirs() -> float:
        nonlocal errors
        errors = 0
        t = time.process_time()
        for tiles, win_id, melds, config in inputs:
            if calc.estimate_hand_value(tiles, win_id, melds=melds, config=config).error:
                errors += 1
        return time.process_time() - t

    return theirs, lambda: errors


class CliPass:
    """One ``hkmj score`` process over the input (start-up included), and one given no input
    (its start-up and exit): CPU seconds of each; the last answers are kept for the check."""

    def __init__(self, data: bytes) -> None:
        self.cmd = [sys.executable, "-m", "hkmj", "score"]
        self.data = data
        self.out = b""
        self.startup = float("inf")

    def __call__(self) -> float:
        before = _children_cpu()
        subprocess.run(self.cmd, input=b"", capture_output=True, check=True)
        middle = _children_cpu()
        self.out = subprocess.run(self.cmd, input=self.data, capture_output=True, check=True).stdout
        self.startup = min(self.startup, middle - before)
        return _children_cpu() - middle

    def differ(self, n: int, expected: Sequence[dict[str, Any]]) -> int:
        answers = [json.loads(line) for line in self.out.decode("utf-8").splitlines()]
        return abs(len(answers) - n) + sum(1 for a, e in zip(answers, expected, strict=False) if a != e)


def interleaved(passes: dict[str, Callable[[], float]], repeat: int) -> dict[str, float]:
    """The fewest CPU seconds of each pass over ``repeat`` rounds, each round running every pass
    once in turn: a burst of another job's load (a busy sibling of the core) falls on all of
    them alike instead of on whichever ran during it."""
    best = dict.fromkeys(passes, float("inf"))
    for _ in range(repeat):
        for name, run in passes.items():
            best[name] = min(best[name], run())
    return best


def split_line_work(lines: Sequence[bytes], repeat: int) -> dict[str, float]:
    """Seconds of each step of the per-line work of ``hkmj score``, by cumulative prefixes.

    Each pass runs ``score_line``'s own first steps on every line and drops the result, as
    the line does: decode the JSON and read the request (``read_request``: the compiled
    core's one-pass reader of the line's bytes, else ``orjson`` and ``win_from_json``), then
    also validate (the scorer's own validation, ``_checked``: context remembered, tiles
    always); a step costs the difference between two prefixes; "whole line" is ``score_line``
    itself (the same steps, the readings and elements, the answer's text). Caches are warm,
    as in a run's steady state; each prefix is the best of ``repeat`` passes, the passes of the
    three interleaved. (Timing each step alone on kept results instead counts the garbage
    collector's scans of them, which the line never pays: it overstated the share.)
    """
    from hkmj.scoring.hong_kong import HONG_KONG
    from hkmj.scoring.ruleset import _checked, _plan_of

    plan = _plan_of(HONG_KONG)

    def read() -> None:
        for line in lines:
            read_request(line)

    def validate() -> None:
        for line in lines:
            win = read_request(line)
            assert win is not None
            _checked(win, plan)

    def whole() -> None:
        for line in lines:
            score_line(line)

    whole()  # warm every cache as a run does
    # the passes interleaved (read, validate, whole, read, ...): a change of load during the
    # run moves the three prefixes alike instead of one of them
    prefix = [float("inf")] * 3
    for _ in range(repeat):
        for k, fn in enumerate((read, validate, whole)):
            t = time.process_time()
            fn()
            prefix[k] = min(prefix[k], time.process_time() - t)
    return {
        "decode and read": prefix[0],
        "validate": prefix[1] - prefix[0],
        "score and answer": prefix[2] - prefix[1],
        "whole line": prefix[2],
    }


def fresh_vs_again(lines: Sequence[bytes], fresh: Sequence[bytes], rounds: int = 3) -> tuple[float, float]:
    """Seconds per line of ``read_request`` on lines it read before and on lines it never saw
    (each fresh line read once: a different slice each round), passes interleaved, best of
    ``rounds``: a cache keyed by lines would show as a gap."""
    size = len(fresh) // rounds
    seen = lines[:size]
    again: list[float] = []
    new: list[float] = []
    for r in range(rounds):
        for batch, times in ((seen, again), (fresh[r * size : (r + 1) * size], new)):
            t = time.process_time()
            for line in batch:
                read_request(line)
            times.append((time.process_time() - t) / len(batch))
    return min(again), min(new)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=20_000, help="hands (default 20000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of every measure, interleaved; the best of each is kept (default 5)")
    parser.add_argument("--seed", type=seed_number, default=2026, help="seed of the hands (default 2026)")
    parser.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when a target is missed")
    args = parser.parse_args(argv)
    try:
        import mahjong  # noqa: F401
    except ImportError:
        print('the reference library is missing: pip install -e ".[bench]"', file=sys.stderr)
        return 2
    build = "compiled" if hkmj.compiled() else "pure Python"
    print(f"hkmj {hkmj.__version__} ({build}) vs mahjong (riichi), {args.n} hands, seed {args.seed}, best of {args.repeat}")
    wins = mixed_wins(args.n, args.seed)
    print(f"  mix: {describe(wins)}")
    requests = [to_request(w) for w in wins]
    lines = [json.dumps(r).encode() for r in requests]
    data = b"\n".join(lines) + b"\n"

    expected = [score_json(r) for r in requests]
    invalid = sum(1 for e in expected if not e["valid"])
    reference, reference_errors = mahjong_pass(mahjong_inputs(wins))
    command = CliPass(data)

    def ours() -> float:
        t = time.process_time()
        for r in requests:
            score_json(r)
        return time.process_time() - t

    best = interleaved({"mahjong": reference, "score_json": ours, "cli": command}, args.repeat)
    errors = reference_errors()
    print(f"  mahjong answered {args.n - errors}/{args.n} hands with a score ({errors} errors)")
    theirs, in_process, cli = (args.n / best[k] for k in ("mahjong", "score_json", "cli"))
    differ, startup = command.differ(args.n, expected), command.startup

    ok = invalid == 0 and differ == 0
    print(f"{'path':<34} {'hands/s':>10} {'ratio':>7} {'target':>7}")
    print(f"{'mahjong estimate_hand_value':<34} {theirs:>10,.0f}")
    for key, label, rate in (("cli", "hkmj score (one process, JSON lines)", cli), ("score_json", "score_json (in process)", in_process)):
        ratio = rate / theirs
        met = ratio >= TARGETS[key]
        ok &= met
        print(f"{label:<34} {rate:>10,.0f} {ratio:>6.2f}x {TARGETS[key]:>5.1f}x {'ok' if met else 'MISSED'}")
    print(f"  check: {invalid} hands refused in process, {differ} command-line answers differ from score_json")
    print(f"  hkmj score start-up and exit (no input): {1000 * startup:.0f} ms of CPU, {100 * startup * cli / args.n:.0f}% of the run")

    steps = split_line_work(lines, args.repeat)
    whole = steps["whole line"]
    parse = steps["decode and read"] + steps["validate"]
    one_pass = sum(1 for line in lines if win_from_line(line) is not None) if READ_BYTES else 0
    reader = f"one-pass byte reader for {one_pass}/{args.n} lines, orjson for the rest" if READ_BYTES else "orjson"
    print(f"  per-line work of hkmj score ({reader}), steps as differences of cumulative prefixes (µs per hand):")
    for step, seconds in steps.items():
        print(f"    {step:<16} {1e6 * seconds / args.n:6.2f}  {100 * seconds / whole:5.1f}%")
    fresh = [json.dumps(to_request(w)).encode() for w in mixed_wins(args.n, args.seed + 1)]
    again, new = fresh_vs_again(lines, fresh)
    print(f"  read again: {1e6 * again:.2f} µs a line; fresh lines (seed {args.seed + 1}) read once each: {1e6 * new:.2f}")
    share = parse / whole
    met = share <= PARSE_SHARE
    ok &= met
    print(f"  parsing and validation: {100 * share:.1f}% of the time (target ≤ {100 * PARSE_SHARE:.0f}%) {'ok' if met else 'MISSED'}")
    return 0 if ok or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
