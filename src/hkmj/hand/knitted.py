"""MCR's knitted winning shapes on tile counts (MCR-5.2.4 and MCR-5.2.5), for the engine.

Hong Kong and the classical game have no such shapes: the engine asks here only when its
ruleset says so (:attr:`hkmj.rulesets.base.Ruleset.knitted_shapes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hkmj.hand import is_complete, shanten, waits
from hkmj.tiles import Tile


def _knitted_straights() -> tuple[tuple[Tile, ...], ...]:
    """The six knitted straights (MCR-6.45): 147, 258 and 369, each in a different suit."""
    out: list[tuple[Tile, ...]] = []
    for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        out.append(tuple(sorted(9 * suit + start + step for suit, start in ((a, 0), (b, 1), (c, 2)) for step in (0, 3, 6))))
    return tuple(out)


KNITTED_STRAIGHTS: Final = _knitted_straights()

_LANES: Final = (0, 1, 2, 9, 10, 11, 18, 19, 20)
"""The first tile of each suit's 147, 258 and 369 (a knitted straight's three tiles in that suit)."""
_LANE_PICKS: Final = ((0, 4, 8), (0, 5, 7), (1, 3, 8), (1, 5, 6), (2, 3, 7), (2, 4, 6))
"""Indexes into :data:`_LANES` of the six knitted straights: a different lane in each suit."""
_FAR: Final = 99
"""No knitted shape: more than one declared group (MCR-5.2.4, MCR-5.2.5)."""


def honours_and_knitted(counts: Sequence[int], melds: int = 0) -> bool:
    """MCR-5.2.4: fourteen different single tiles, honours and tiles of one knitted straight,
    concealed (no declared group)."""
    if melds or sum(counts) != 14 or max(counts) > 1:
        return False
    suited = [t for t in range(27) if counts[t]]
    return any(all(t in ks for t in suited) for ks in KNITTED_STRAIGHTS)


def knitted_straight_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """MCR-5.2.5: a knitted straight (concealed) plus one group, which may be declared, and a pair."""
    if melds > 1 or sum(counts) != 14 - 3 * melds:
        return False
    for ks in KNITTED_STRAIGHTS:
        if all(counts[t] for t in ks):
            rest = list(counts)
            for t in ks:
                rest[t] -= 1
            if is_complete(rest, melds + 3):  # the straight stands for three groups
                return True
    return False


def knitted_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """True when the concealed tiles plus ``melds`` declared groups win by a knitted shape."""
    return honours_and_knitted(counts, melds) or knitted_straight_complete(counts, melds)


def knitted_reach(counts: Sequence[int]) -> tuple[int, int]:
    """``(most kinds of one knitted straight held, that plus the different honours held)``: a
    knitted straight (MCR-5.2.5) needs all 9 of its kinds, honours and knitted tiles (MCR-5.2.4)
    14 different tiles of one knitted straight and the honours."""
    c = counts  # the lanes of _LANES and the picks of _LANE_PICKS written out: the bots call this often
    m0, m1, m2 = (c[0] > 0) + (c[3] > 0) + (c[6] > 0), (c[1] > 0) + (c[4] > 0) + (c[7] > 0), (c[2] > 0) + (c[5] > 0) + (c[8] > 0)
    p0, p1, p2 = (c[9] > 0) + (c[12] > 0) + (c[15] > 0), (c[10] > 0) + (c[13] > 0) + (c[16] > 0), (c[11] > 0) + (c[14] > 0) + (c[17] > 0)
    s0, s1, s2 = (c[18] > 0) + (c[21] > 0) + (c[24] > 0), (c[19] > 0) + (c[22] > 0) + (c[25] > 0), (c[20] > 0) + (c[23] > 0) + (c[26] > 0)
    straight = max(m0 + p1 + s2, m0 + p2 + s1, m1 + p0 + s2, m1 + p2 + s0, m2 + p0 + s1, m2 + p1 + s0)
    return straight, straight + 7 - c[27:34].count(0)


def knitted_may_be_ready(counts: Sequence[int], melds: int = 0) -> bool:
    """A cheap necessary test: 13 different tiles of one knitted straight and the honours
    (MCR-5.2.4, concealed), or 8 of one knitted straight's 9 tiles with at most one declared
    group (MCR-5.2.5)."""
    if melds > 1:
        return False
    straight, with_honours = knitted_reach(counts)
    return straight >= 8 or (not melds and with_honours >= 13 and max(counts) <= 1)


def knitted_bound(counts: Sequence[int], melds: int = 0) -> int:
    """A cheap lower bound of :func:`knitted_distance`: a knitted straight (MCR-5.2.5) lacks at
    least the kinds of its best one not held, less the one tile a discard of a hand's extra
    tile saves; honours and knitted tiles (MCR-5.2.4) lack the different tiles they need.
    A hand of one more tile lowers it by one at most."""
    if melds > 1:
        return _FAR
    straight, with_honours = knitted_reach(counts)
    return min(8 - straight, _FAR if melds else 13 - with_honours)


def knitted_distance(counts: Sequence[int], melds: int = 0) -> int:
    """The distance from ready of the knitted shapes alone, as :func:`~hkmj.hand.shanten` counts
    (the tiles to draw, less one; -1 complete; tiles unlimited, HK-1 aside):
    honours and knitted tiles (MCR-5.2.4, concealed) lack ``14 - d`` tiles, ``d`` the different
    tiles held of one knitted straight and the honours; a knitted straight (MCR-5.2.5, at most
    one declared group) lacks its kinds not held plus what the rest lacks of one group and a
    pair (each held kind of the straight is best used in it: it saves a whole tile there, at
    most one elsewhere)."""
    if melds > 1:
        return _FAR
    straight, with_honours = knitted_reach(counts)
    best = _FAR if melds else 13 - with_honours
    if 8 - straight >= best:
        return best
    rest = list(counts)
    for ks in KNITTED_STRAIGHTS:
        held = [t for t in ks if counts[t]]
        if 8 - len(held) >= best:
            continue
        for t in held:
            rest[t] -= 1
        best = min(best, 9 - len(held) + shanten(rest, melds + 3))
        for t in held:
            rest[t] += 1
    return best


def knitted_waits(counts: Sequence[int], melds: int = 0) -> list[Tile]:
    """The tiles that complete a knitted shape for 13 - 3×melds concealed tiles, sorted (never a
    fifth copy of a tile)."""
    if sum(counts) != 13 - 3 * melds or not knitted_may_be_ready(counts, melds):
        return []
    c = list(counts)
    out: list[Tile] = []
    for t in range(34):
        if c[t] < 4:
            c[t] += 1
            if knitted_complete(c, melds):
                out.append(t)
            c[t] -= 1
    return out


def shanten_knitted(counts: Sequence[int], melds: int = 0) -> int:
    """:func:`~hkmj.hand.shanten` where MCR's knitted shapes win too (MCR-5.2.4, MCR-5.2.5), for
    the bots, the hint and the review: -1 for a hand complete by a knitted shape, 0 for one that
    waits on one (13 - 3×melds tiles) or a discard away from waiting on one (a tile more), and a
    knitted shape farther away at its own distance (:func:`knitted_distance`) when that is the
    nearer."""
    s = shanten(counts, melds)
    if s < 0 or melds > 1 or knitted_bound(counts, melds) >= s:
        return s
    k = knitted_distance(counts, melds)
    if k >= s:
        return s
    if k > 0:
        return k
    # a knitted shape within a discard by the count: the shapes themselves decide
    # (a wait on a fifth copy of a tile held four times is none, HK-1)
    n = sum(counts)
    if n == 14 - 3 * melds:
        if knitted_complete(counts, melds):
            return -1
        if s == 0:
            return 0
        c = list(counts)
        for t in range(34):
            if c[t]:
                c[t] -= 1
                ready = bool(knitted_waits(c, melds))
                c[t] += 1
                if ready:
                    return 0
        return min(s, 1)
    if n == 13 - 3 * melds and knitted_waits(counts, melds):
        return 0
    return min(s, 1)


def waits_knitted(counts: Sequence[int], melds: int = 0) -> list[Tile]:
    """:func:`~hkmj.hand.waits` with the tiles completing a knitted shape (MCR-5.2.4, MCR-5.2.5), sorted."""
    return sorted(set(waits(counts, melds)) | set(knitted_waits(counts, melds)))


def distance_and_waits(
    counts: Sequence[int], melds: int = 0, knitted: bool = False, far_knitted: bool = True
) -> tuple[int, tuple[Tile, ...]]:
    """A hand's distance from ready and, when it waits (13 - 3×melds tiles), its waits: the one
    measure the review, the hint and the explanations of a refused or false Mahjong word; with
    ``knitted``, MCR's knitted shapes count (MCR-5.2.4, MCR-5.2.5).

    A shape ready only on a fifth copy of a tile it holds four of (HK-1: four copies of each
    tile) waits on nothing: such a waiting hand is a tile from ready, never "ready" with a 0%
    chance to win; a hand of a tile more is ready after a discard only when some discard leaves
    a real wait, else it too is a tile from ready.

    ``far_knitted`` False: a knitted shape counts only where it makes the hand ready (a discard
    away at most); farther, the other shapes' distance stands. The measure of a false Mahjong's
    reason in a record (docs/record-format.md), which the terminal's and the table's
    explanations repeat."""
    distance, wait_on = (shanten_knitted, waits_knitted) if knitted else (shanten, waits)
    s = distance(counts, melds)
    if s > 0 and knitted and not far_knitted:
        s = shanten(counts, melds)
    if s != 0:
        return s, ()
    if sum(counts) % 3 == 1:
        w = tuple(wait_on(counts, melds))
        return (0, w) if w else (1, ())
    c = list(counts)
    for t in range(34):
        if c[t]:
            c[t] -= 1
            ready = distance(c, melds) == 0 and bool(wait_on(c, melds))
            c[t] += 1
            if ready:
                return 0, ()
    return 1, ()
