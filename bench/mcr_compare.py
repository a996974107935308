"""Compare two MCR scorers result for result, error messages included (for speed work).

    git archive main src | tar -x -C /tmp/base && python bench/mcr_compare.py /tmp/base/src src

Each side (a ``src`` directory, run with this Python in a child process) scores the same
seeded hands: generated winning hands (:func:`hkmj.scoring.mcr_generate.random_mcr_hand`)
and altered copies of them — a tile swapped or out of range, another winning tile, win
type, discarder or seat, flags, bonus tiles, a meld dropped or changed. Prints how many
results differ and the first few; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from dataclasses import replace
from typing import Any

_FLAGS = ("last_wall_tile", "final_discard", "kong_replacement", "robbed_kong", "last_of_kind", "heavenly")


def _alter(w: Any, rng: random.Random) -> Any:
    """One random change to a winning hand (often making it invalid)."""
    from hkmj.scoring.model import Meld

    k = rng.randrange(10)
    tiles = list(w.concealed)
    if k == 0:
        tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        return replace(w, concealed=tuple(tiles))
    if k == 1:
        tiles[rng.randrange(len(tiles))] = rng.choice((-1, 34, 99, "3m", None, 2.0, True))
        return replace(w, concealed=tuple(tiles))
    if k == 2:
        return replace(w, win_tile=rng.choice((*tiles, rng.randrange(34), -2, "x")))
    if k == 3:
        how = rng.choice(("self_draw", "discard", "robbed_kong", "bad"))
        return replace(w, win=how, discarder=rng.choice((None, 0, 1, 2, 3, 5)))
    if k == 4:
        return replace(w, seat=rng.choice((0, 1, 2, 3, 4, -1, "E")), prevailing=rng.choice((0, 1, 2, 3, 7)))
    if k == 5:
        return replace(w, flags=frozenset(rng.sample(_FLAGS, rng.randrange(3))))
    if k == 6:
        bonus = rng.choice(((), (1,), (1, 1), (4, 2), (1, 2, 3, 4), (5,), (0,), (True,), (1.0,)))
        return replace(w, flowers=bonus) if rng.random() < 0.5 else replace(w, seasons=bonus)
    if k == 7 and w.melds:
        i = rng.randrange(len(w.melds))
        return replace(w, melds=w.melds[:i] + w.melds[i + 1 :])
    if k == 8 and w.melds:
        i = rng.randrange(len(w.melds))
        m = Meld(rng.choice(("chow", "pung", "kong", "ckong", "eye")), rng.choice((w.melds[i].tile, rng.randrange(34), 40)))
        return replace(w, melds=w.melds[:i] + (m,) + w.melds[i + 1 :])
    return replace(w, concealed=tuple(rng.sample(tiles, len(tiles))))


def _dump(hands: int, seed: int) -> None:
    """Score the hands and print one line per hand (run in a child with the side's path)."""
    from hkmj.scoring import InvalidHand, score_mcr
    from hkmj.scoring.mcr_generate import random_mcr_hand

    rng = random.Random(seed)
    out = []
    for i in range(hands):
        w = random_mcr_hand(rng)
        if i % 2:
            w = _alter(w, rng)
            if rng.random() < 0.3:
                w = _alter(w, rng)
        try:
            out.append(repr(score_mcr(w)))
        except InvalidHand as e:
            out.append(f"InvalidHand: {e}")
        except Exception as e:  # compared too: both sides must fail alike
            out.append(f"{type(e).__name__} (not InvalidHand): {e}")
    sys.stdout.write("\n".join(out) + "\n")


def main() -> int:
    try:
        from hkmj.cli import seed_number
    except ImportError:  # the child of an older src/ (hkmj imported late: each side its own), given the parent's seed
        seed_number = int
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("base", nargs="?", help="the reference src directory")
    p.add_argument("candidate", nargs="?", help="the candidate src directory")
    p.add_argument("-n", type=int, default=50_000, help="hands (default 50,000, half of them altered)")
    p.add_argument("--seed", type=seed_number, default=1, help="seed of the hands (default 1)")
    p.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.dump:
        _dump(a.n, a.seed)
        return 0
    if not a.base or not a.candidate:
        p.error("give the reference and the candidate src directories")
    sides = []
    for src in (a.base, a.candidate):
        env = dict(os.environ, PYTHONPATH=os.path.abspath(src), PYTHONHASHSEED="0")
        cmd = [sys.executable, os.path.abspath(__file__), "--dump", "-n", str(a.n), "--seed", str(a.seed)]
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
        if run.returncode:
            raise SystemExit(f"{src}: the scorer run failed:\n{run.stderr[-2000:]}")
        sides.append(run.stdout.splitlines())
    diffs = [(i, x, y) for i, (x, y) in enumerate(zip(*sides, strict=True)) if x != y]
    errors = sum(x.startswith("InvalidHand") for x in sides[0])
    crashes = sum("(not InvalidHand)" in x for x in sides[0])
    print(f"{a.n:,} hands ({errors:,} rejected with a message, {crashes:,} other errors): {len(diffs)} differences")
    for i, x, y in diffs[:5]:
        print(f"  hand {i}:\n    {a.base}: {x}\n    {a.candidate}: {y}")
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
