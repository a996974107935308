"""Hand reading (HK-5): readings of a complete hand, waits and shanten.

Hands are count vectors of length 34 (see :mod:`hkmj.tiles`) holding the *concealed*
playing tiles; ``melds`` is the number of declared groups (exposed melds and declared
concealed kongs), which take four of the five places of a standard hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, Final

from hkmj.hand.tables import combine, decompositions, distance, honour_distance, suit_waits
from hkmj.tiles import ORPHANS, Tile

__all__ = [
    "Reading",
    "STANDARD",
    "SEVEN_PAIRS",
    "THIRTEEN_ORPHANS",
    "readings",
    "standard_splits",
    "POW5",
    "is_complete",
    "shanten",
    "standard_shanten",
    "seven_pairs_shanten",
    "thirteen_orphans_shanten",
    "waits",
]

STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"

_ORPHAN_SET: Final = frozenset(ORPHANS)
_set = object.__setattr__
_NATIVE: Final = not __file__.endswith(".py")
"""True when this module runs compiled by mypyc: ``__init__``s then store fields natively."""
_POW5: Final = tuple(5**i for i in range(9))


@dataclass(frozen=True, slots=True, init=False)
class Reading:
    """One way to read the concealed tiles of a complete hand (HK-5.1, HK-5.3, HK-5.4).

    ``chows`` holds the lowest tile of each concealed chow, ``pungs`` each concealed
    pung; ``pair`` is the pair tile (the duplicated tile for thirteen orphans, -1 for
    seven pairs, whose pairs are in ``pairs``).
    """

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Reading, (self.shape, self.chows, self.pungs, self.pair, self.pairs))

    shape: str
    chows: tuple[Tile, ...] = ()
    pungs: tuple[Tile, ...] = ()
    pair: Tile = -1
    pairs: tuple[Tile, ...] = ()

    def __init__(
        self, shape: str, chows: tuple[Tile, ...] = (), pungs: tuple[Tile, ...] = (), pair: Tile = -1, pairs: tuple[Tile, ...] = ()
    ) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.shape = shape  # type: ignore[misc]
            self.chows = chows  # type: ignore[misc]
            self.pungs = pungs  # type: ignore[misc]
            self.pair = pair  # type: ignore[misc]
            self.pairs = pairs  # type: ignore[misc]
        else:
            _set(self, "shape", shape)
            _set(self, "chows", chows)
            _set(self, "pungs", pungs)
            _set(self, "pair", pair)
            _set(self, "pairs", pairs)


def _vector(counts: Sequence[int]) -> tuple[int, ...]:
    return combine(
        combine(distance(tuple(counts[0:9])), distance(tuple(counts[9:18]))),
        combine(distance(tuple(counts[18:27])), honour_distance(tuple(counts[27:34]))),
    )


def standard_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten for four groups and a pair: -1 complete, 0 ready, 1 one tile from ready…"""
    need = 4 - melds
    if need < 0:
        raise ValueError("a hand has at most four declared melds")
    return _vector(counts)[5 + need] - 1


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Shanten for seven distinct pairs (HK-5.3)."""
    pairs = kinds = 0
    for n in counts:
        if n:
            kinds += 1
            if n >= 2:
                pairs += 1
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten for thirteen orphans (HK-5.4)."""
    kinds = 0
    pair = 0
    for t in ORPHANS:
        n = counts[t]
        if n:
            kinds += 1
            if n >= 2:
                pair = 1
    return 13 - kinds - pair


def shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Fewest tile exchanges from ready over the three shapes; -1 when complete.

    Like every shanten calculator it treats tiles as unlimited: a hand waiting only on
    a fifth copy of a tile it holds four of counts as ready (its :func:`waits` is empty).
    """
    s = standard_shanten(counts, melds)
    if melds == 0 and s > 0:
        n = sum(counts)
        if n >= 13:
            s = min(s, seven_pairs_shanten(counts), thirteen_orphans_shanten(counts))
    return s


def is_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """True when the concealed tiles plus ``melds`` declared groups form a winning hand."""
    n = sum(counts)
    if n != 14 - 3 * melds:
        return False
    if _vector(counts)[9 - melds] == 0:
        return True
    if melds == 0:
        return seven_pairs_shanten(counts) == -1 or thirteen_orphans_shanten(counts) == -1
    return False


def waits(counts: Sequence[int], melds: int = 0) -> list[Tile]:
    """Tiles that would complete a hand of 13 - 3×melds concealed tiles, sorted.

    A tile the hand already holds four of is never a wait (there is no fifth copy).
    """
    n_total = sum(counts)
    if n_total != 13 - 3 * melds:
        raise ValueError(f"a waiting hand with {melds} melds has {13 - 3 * melds} concealed tiles, not {n_total}")
    keys = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))
    status: list[int] = []  # 0 complete as melds, 1 complete with pair, 2 incomplete
    for s, key in enumerate(keys):
        n = sum(key)
        m, rem = divmod(n, 3)
        if rem == 1:
            status.append(2)
            continue
        vec = distance(key) if s < 3 else honour_distance(key)
        if rem == 0:
            status.append(0 if vec[m] == 0 else 2)
        else:
            status.append(1 if vec[m + 5] == 0 else 2)
    found: set[Tile] = set()
    for x in range(4):
        pairs = 0
        ok = True
        for s in range(4):
            if s == x:
                continue
            if status[s] == 2:
                ok = False
                break
            pairs += status[s]
        if not ok:
            continue
        nx = sum(keys[x]) + 1
        if nx % 3 == 1 or pairs + (nx % 3 == 2) != 1:
            continue
        base = 9 * x
        for t in suit_waits(keys[x], x < 3):
            found.add(base + t)
    if melds == 0:
        if seven_pairs_shanten(counts) == 0:
            for t, c in enumerate(counts):
                if c == 1:
                    found.add(t)
        if thirteen_orphans_shanten(counts) == 0:
            missing = [t for t in ORPHANS if counts[t] == 0]
            found.update(missing if missing else ORPHANS)
    return sorted(t for t in found if counts[t] < 4)


_Part = tuple[tuple[Tile, ...], tuple[Tile, ...], Tile]
_read_memo: Final[list[dict[int, tuple[_Part, ...]]]] = [{}, {}, {}, {}]
"""Decompositions of each suit pattern in absolute tile numbers, keyed by the pattern in base 5."""


def _suit_parts(counts: Sequence[int], s: int, key: int) -> tuple[_Part, ...]:
    """Decompositions of suit ``s`` of ``counts`` (pattern ``key`` in base 5), memoised."""
    r = _read_memo[s].get(key)
    if r is None:
        b = 9 * s
        pattern = tuple(counts[b : b + (9 if s < 3 else 7)])
        r = tuple(
            (tuple(b + c for c in ch), tuple(b + p for p in pu), b + pr if pr >= 0 else -1)
            for ch, pu, pr in decompositions(pattern, s < 3)
        )
        _read_memo[s][key] = r
    return r


POW5 = _POW5
"""``POW5[r]`` is 5 ** r: tile t adds ``POW5[t % 9]`` to its suit's pattern key (:func:`standard_splits`)."""


def standard_splits(counts: Sequence[int], keys: Sequence[int]) -> list[_Part]:
    """Every split of complete concealed counts into groups and one pair (HK-5.1), as
    (chow starts, pung tiles, pair tile); empty when there is none.

    ``keys`` are the four suits' patterns (characters, circles, bamboo, honours) in base 5:
    each tile t adds ``POW5[t % 9]`` to ``keys[t // 9]``; every count is at most 4. Each
    suit's splits come from a table memoised by that key, so this does no search once the
    suit patterns have been seen.
    """
    # a suit with no exact split into melds (and a pair) means no standard reading
    m0, m1, m2, m3 = _read_memo
    k0, k1, k2, k3 = keys
    try:
        p0 = m0[k0]
    except KeyError:
        p0 = _suit_parts(counts, 0, k0)
    if not p0:
        return []
    try:
        p1 = m1[k1]
    except KeyError:
        p1 = _suit_parts(counts, 1, k1)
    if not p1:
        return []
    try:
        p2 = m2[k2]
    except KeyError:
        p2 = _suit_parts(counts, 2, k2)
    if not p2:
        return []
    try:
        p3 = m3[k3]
    except KeyError:
        p3 = _suit_parts(counts, 3, k3)
    if not p3:
        return []
    if len(p0) == len(p1) == len(p2) == len(p3) == 1:
        a, b, c, d = p0[0], p1[0], p2[0], p3[0]
        if (a[2] >= 0) + (b[2] >= 0) + (c[2] >= 0) + (d[2] >= 0) != 1:
            return []
        return [(a[0] + b[0] + c[0], a[1] + b[1] + c[1] + d[1], max(a[2], b[2], c[2], d[2]))]
    out: list[_Part] = []
    for combo in product(p0, p1, p2, p3):
        pair = [pr for _, _, pr in combo if pr >= 0]
        if len(pair) != 1:
            continue
        out.append((combo[0][0] + combo[1][0] + combo[2][0], combo[0][1] + combo[1][1] + combo[2][1] + combo[3][1], pair[0]))
    return out


def readings(counts: Sequence[int], melds: int = 0, standard_only: bool = False) -> list[Reading]:
    """Every reading of a complete concealed part (HK-5); empty if the hand is not complete.

    ``standard_only`` leaves out the special readings (seven pairs, thirteen orphans).
    """
    out: list[Reading] = []
    c: list[int] = list(counts)
    total = 0
    keys = [0, 0, 0, 0]
    pairs_only = True  # every count 0 or 2: maybe seven pairs
    simples = 0  # tiles 2-8 of a suit: none in thirteen orphans
    for t in range(34):
        n = c[t]
        if n:
            if not 0 < n <= 4:
                return out  # no reading holds a fifth copy (HK-1); the base-5 keys need n <= 4
            total += n
            if n != 2:
                pairs_only = False
            if t < 27 and 0 < t % 9 < 8:
                simples += n
            s = t // 9
            keys[s] += n * _POW5[t - 9 * s]
    if total != 14 - 3 * melds:
        return out
    for chows, pungs, pair in standard_splits(c, keys):
        out.append(Reading(STANDARD, chows, pungs, pair))
    if melds == 0 and not standard_only:
        if pairs_only:
            out.append(Reading(SEVEN_PAIRS, pairs=tuple(t for t in range(34) if c[t] == 2)))
        if simples == 0 and thirteen_orphans_shanten(c) == -1:
            dup = next(t for t in ORPHANS if c[t] == 2)
            out.append(Reading(THIRTEEN_ORPHANS, pair=dup))
    return out
