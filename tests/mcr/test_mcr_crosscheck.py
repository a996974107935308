"""Cross-check of the MCR scorer against PyPI ``PyMahjongGB``, the C++ official calculator.

Every generated hand must get the same fans, with the same counts, hence the same total
(MCR-6, MCR-7). CI checks 3,000 seeded hands; ``bench/bench_mcr.py`` checks 10,000 or
more in each run (and exits 1 on any disagreement).
"""

from __future__ import annotations

import random
from collections import Counter

from hkmj.scoring import InvalidHand, score_mcr
from hkmj.scoring.mcr import MCR_FANS
from hkmj.scoring.mcr_generate import random_mcr_hand
from hkmj.tiles import format_tiles, tile_str

from .gb_oracle import gb_fans


def _disagreements(n: int, seed: int) -> tuple[list[str], Counter[str]]:
    rng = random.Random(seed)
    bad: list[str] = []
    seen: Counter[str] = Counter()
    for _ in range(n):
        win = random_mcr_hand(rng)
        try:
            mine: dict[str, int] | None = {i.id: i.count for i in score_mcr(win).items}
        except InvalidHand as e:
            mine = None
            bad.append(f"{format_tiles(win.concealed)} rejected: {e}")
            continue
        assert mine is not None
        seen.update(mine)
        theirs = gb_fans(win)
        if mine != theirs:
            melds = " ".join(str(m) for m in win.melds)
            bad.append(f"{format_tiles(win.concealed)} [{melds}] on {tile_str(win.win_tile)} {win.win}: {mine} != {theirs}")
    return bad, seen


def test_mcr_fans_agree_with_the_official_calculator_on_3000_hands() -> None:
    bad, seen = _disagreements(3000, 20261201)
    assert bad == []
    # the generator reaches nearly every fan, so the agreement means something
    assert len(seen) >= 75, sorted(f.id for f in MCR_FANS if f.id not in seen)
