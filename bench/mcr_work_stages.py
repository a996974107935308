"""Where the MCR scorer's work per hand goes, in machine instructions (valgrind), by stage.

    python bench/mcr_work_stages.py            # needs valgrind; -n hands (default 1000)

Like ``bench_mcr_work.py`` (N seeded hands scored once to warm the tables, then twice more
or not at all, the difference over 2N; ``PYTHONHASHSEED=0``), for growing prefixes of
:func:`hkmj.scoring.score_mcr`: the one-pass read (``mcr._read``: validation and the hand
facts), plus the standard splits, plus all readings, plus the hand-scope fans, plus every
reading's fans and exclusions, and the whole scorer. Prints each prefix and its increment;
a guide for speed work, with no target.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")
STAGES = ("read", "splits", "readings", "hand fans", "reading fans", "score_mcr")


def _stage(name: str) -> Callable[[Any], object]:
    """The prefix of the scorer that ends with stage ``name``."""
    from hkmj.hand import standard_splits
    from hkmj.scoring import mcr, score_mcr
    from hkmj.scoring.mcr_shape import readings

    def read(w: Any) -> object:
        return mcr._read(w)

    def splits(w: Any) -> object:
        h = mcr._read(w)
        assert h is not None
        return standard_splits(h.concealed, h.keys)

    def all_readings(w: Any) -> object:
        h = mcr._read(w)
        assert h is not None
        return readings(h)

    def hand_fans(w: Any) -> object:
        h = mcr._read(w)
        assert h is not None
        return [mcr._hand_fans(s) for s in readings(h)]

    def reading_fans(w: Any) -> object:
        h = mcr._read(w)
        assert h is not None
        return [mcr._fan_counts(s) for s in readings(h)]

    funcs: dict[str, Callable[[Any], object]] = {
        "read": read,
        "splits": splits,
        "readings": all_readings,
        "hand fans": hand_fans,
        "reading fans": reading_fans,
        "score_mcr": score_mcr,
    }
    return funcs[name]


def _child(stage: str, passes: int, hands: int) -> None:
    """Score ``hands`` hands once, then run the stage ``passes`` more times (under valgrind)."""
    from hkmj.scoring import score_mcr
    from hkmj.scoring.mcr_generate import random_mcr_hand

    rng = random.Random(11)
    wins = [random_mcr_hand(rng) for _ in range(hands)]
    for w in wins:
        score_mcr(w)
    f = _stage(stage)
    for _ in range(passes):
        for w in wins:
            f(w)


def _instructions(stage: str, passes: int, hands: int) -> int:
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    cmd += [sys.executable, str(Path(__file__).resolve()), "--child", stage, "--passes", str(passes), "-n", str(hands)]
    run = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"), check=False)
    found = _REFS.search(run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind run failed ({' '.join(cmd)}):\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", type=int, default=1000, help="hands (default 1000)")
    p.add_argument("--child", choices=STAGES, help=argparse.SUPPRESS)
    p.add_argument("--passes", type=int, default=0, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        _child(a.child, a.passes, a.n)
        return 0
    if a.n < 1:
        p.error("-n must be at least 1")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    print(f"MCR scorer, instructions per hand by stage ({a.n} hands scored twice), prefix and increment")
    before = 0
    for stage in STAGES:
        per_hand = (_instructions(stage, 2, a.n) - _instructions(stage, 0, a.n)) // (2 * a.n)
        print(f"  {stage:<13} {per_hand:>9,} {per_hand - before:>+9,}")
        before = per_hand
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
