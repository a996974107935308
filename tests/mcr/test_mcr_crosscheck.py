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


def test_mcr_5_2_the_knitted_distance_agrees_with_pymahjonggb() -> None:
    """MCR-5.2.4, MCR-5.2.5: ``knitted_distance`` (the hint's, the review's and the bots' measure of
    a knitted shape at any distance) equals the calculator's own knitted straight and honours and
    knitted tiles shanten on seeded 13-tile hands that lean toward one knitted straight."""
    from MahjongGB import HonorsAndKnittedTilesShanten, KnittedStraightShanten

    from hkmj.hand.knitted import KNITTED_STRAIGHTS, knitted_distance

    from .gb_oracle import gb_tile

    rng = random.Random(7)
    for _ in range(600):
        pool = [*rng.choice(KNITTED_STRAIGHTS), *range(27, 34)]
        h = [0] * 34
        while sum(h) < 13:
            t = rng.choice(pool) if rng.random() < 0.75 else rng.randrange(34)
            if h[t] < 4:
                h[t] += 1
        tiles = tuple(gb_tile(t) for t in range(34) for _ in range(h[t]))
        theirs = min(KnittedStraightShanten(tiles)[0], HonorsAndKnittedTilesShanten(tiles)[0])
        assert knitted_distance(h, 0) == theirs, (format_tiles([t for t in range(34) for _ in range(h[t])]), theirs)
