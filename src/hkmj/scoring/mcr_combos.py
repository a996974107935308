"""Chow and pung combination fans under the account-once rule (MCR-7.4, MCR-7.5).

A combination fan (Pure Double Chow, Mixed Triple Chow, Double Pung, …) is made of
several groups. The exclusion principles limit how groups combine: a group that has
joined a fan with others may join *one* more fan with a group not yet used (account
once, MCR-7.4), never the same fan again with another group (non-identical, MCR-7.3),
and groups inside a bigger fan are not counted again for a smaller one (non-repeat,
MCR-7.1). :func:`combination_fans` applies these to the groups of one reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hkmj.tiles import NORTH, Tile

__all__ = ["combination_fans", "table_order"]

_SUIT_ORDER: Final = (0, 2, 1)
"""Characters, bamboo, circles: the order in which the official tables list the suits."""

# two-chow fans, in the order they are kept when the account-once rule drops some (MCR-7.4)
_TWO_CHOW: Final = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


_TRIPLES: Final = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))
"""Three of four groups (and the one left over), in the order the tables try them."""


def table_order(t: Tile) -> int:
    """Sort key listing tiles as the official tables do (MCR-7.6): characters, bamboo,
    circles, then East South West North, then Red Green White."""
    if t < 27:
        return 9 * _SUIT_ORDER[t // 9] + t % 9
    if t <= NORTH:
        return t
    return 64 - t


def _two_chows(a: Tile, b: Tile) -> str | None:
    """The fan two chows make (lowest tiles ``a``, ``b``): MCR-6.1 to MCR-6.4."""
    sa, ra = divmod(a, 9)
    sb, rb = divmod(b, 9)
    if sa != sb:
        return "mixed_double_chow" if ra == rb else None
    if ra - rb in (3, -3):
        return "short_straight"
    if (ra, rb) in ((0, 6), (6, 0)):
        return "two_terminal_chows"
    if ra == rb:
        return "pure_double_chow"
    return None


def _three_chows(a: Tile, b: Tile, c: Tile) -> str | None:
    """The fan three chows make, in table order: MCR-6.30, 35, 37, 49, 51, 59."""
    sa, ra = divmod(a, 9)
    sb, rb = divmod(b, 9)
    sc, rc = divmod(c, 9)
    if sa != sb and sa != sc and sb != sc:
        lo = min(ra, rb, rc)
        if sorted((ra, rb, rc)) == [lo, lo + 1, lo + 2]:
            return "mixed_shifted_chows"
        if ra == rb == rc:
            return "mixed_triple_chow"
        if sorted((ra, rb, rc)) == [0, 3, 6]:
            return "mixed_straight"
        return None
    if not sa == sb == sc:
        return None
    if rb == ra + 3 and rc == rb + 3:
        return "pure_straight"
    if (rb == ra + 2 and rc == rb + 2) or (rb == ra + 1 and rc == rb + 1):
        return "pure_shifted_chows"
    if ra == rb == rc:
        return "pure_triple_chow"
    return None


def _four_chows(t: Sequence[Tile]) -> str | None:
    """MCR-6.64 Four Pure Shifted Chows, MCR-6.67 Quadruple Chow."""
    s = t[0] // 9
    if any(x // 9 != s for x in t):
        return None
    for step in (2, 1):
        if t[1] == t[0] + step and t[2] == t[1] + step and t[3] == t[2] + step:
            return "four_pure_shifted_chows"
    if t[0] == t[1] == t[2] == t[3]:
        return "quadruple_chow"
    return None


def _extra_chow(others: Sequence[Tile], extra: Tile) -> str | None:
    """The one two-chow fan the fourth chow may still make with the three (MCR-7.4)."""
    found = {_two_chows(o, extra) for o in others}
    for fan in _TWO_CHOW:
        if fan in found:
            return fan
    return None


def _limit_pairs(fans: list[str | None], max_count: int, out: dict[str, int]) -> None:
    """Keep at most ``max_count`` two-chow fans, dropping repeated kinds first (MCR-7.3, 7.4)."""
    table = [sum(1 for f in fans if f == k) for k in _TWO_CHOW]
    count = sum(table)
    for keep in (1, 0):
        i = len(_TWO_CHOW)
        while count > max_count and i > 0:
            i -= 1
            while table[i] > keep and count > max_count:
                table[i] -= 1
                count -= 1
        if count <= max_count:
            break
    for k, n in zip(_TWO_CHOW, table, strict=True):
        if n:
            out[k] = out.get(k, 0) + n


def _chow_fans(chows: list[Tile], out: dict[str, int]) -> None:
    t = sorted(chows, key=table_order)
    if len(t) == 4:
        fan = _four_chows(t)
        if fan:
            out[fan] = 1
            return
        for i, j, k, x in _TRIPLES:
            fan = _three_chows(t[i], t[j], t[k])
            if fan:
                out[fan] = 1
                extra = _extra_chow((t[i], t[j], t[k]), t[x])
                if extra:
                    out[extra] = 1
                return
        pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        fans = [_two_chows(t[a], t[b]) for a, b in pairs]
        related = sum(1 for c in range(4) if any(fans[p] for p, (a, b) in enumerate(pairs) if c in (a, b)))
        # n chows linked together make at most n - 1 fans (account once, MCR-7.4)
        if related:
            _limit_pairs(fans, related - 1, out)
    elif len(t) == 3:
        fan = _three_chows(t[0], t[1], t[2])
        if fan:
            out[fan] = 1
            return
        _limit_pairs([_two_chows(t[0], t[1]), _two_chows(t[0], t[2]), _two_chows(t[1], t[2])], 2, out)
    elif len(t) == 2:
        fan2 = _two_chows(t[0], t[1])
        if fan2:
            out[fan2] = 1


def _two_pungs(a: Tile, b: Tile) -> str | None:
    """MCR-6.20 Double Pung, MCR-6.34 Two Dragon Pungs."""
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 else None
    if a > NORTH and b > NORTH:
        return "two_dragon_pungs"
    return None


def _three_pungs(a: Tile, b: Tile, c: Tile) -> str | None:
    """MCR-6.38, 48, 53, 60 and MCR-6.76 Big Three Dragons."""
    if a < 27 and b < 27 and c < 27:
        sa, ra = divmod(a, 9)
        sb, rb = divmod(b, 9)
        sc, rc = divmod(c, 9)
        if sa != sb and sa != sc and sb != sc:
            lo = min(ra, rb, rc)
            if sorted((ra, rb, rc)) == [lo, lo + 1, lo + 2]:
                return "mixed_shifted_pungs"
            if ra == rb == rc:
                return "triple_pung"
            return None
        if sa == sb == sc and b == a + 1 and c == b + 1:
            return "pure_shifted_pungs"
        return None
    if a >= 27 and c <= NORTH:
        return "big_three_winds"
    if a > NORTH:
        return "big_three_dragons"
    return None


def _four_pungs(t: Sequence[Tile]) -> str | None:
    """MCR-6.68 Four Pure Shifted Pungs, MCR-6.75 Big Four Winds."""
    if t[3] < 27 and t[0] // 9 == t[3] // 9 and t[1] == t[0] + 1 and t[2] == t[1] + 1 and t[3] == t[2] + 1:
        return "four_pure_shifted_pungs"
    if t[0] >= 27 and t[3] <= NORTH:
        return "big_four_winds"
    return None


def _pung_fans(pungs: list[Tile], out: dict[str, int]) -> None:
    t = sorted(pungs, key=table_order)
    if len(t) == 4:
        fan = _four_pungs(t)
        if fan:
            out[fan] = 1
            return
        for i, j, k, free in _TRIPLES:
            fan = _three_pungs(t[i], t[j], t[k])
            if fan:
                out[fan] = 1
                # the fourth pung may still combine once (MCR-7.4)
                for o in range(4):
                    if o != free:
                        fan2 = _two_pungs(t[o], t[free])
                        if fan2:
                            out[fan2] = out.get(fan2, 0) + 1
                            break
                return
    elif len(t) == 3:
        fan = _three_pungs(t[0], t[1], t[2])
        if fan:
            out[fan] = 1
            return
    for a in range(len(t)):
        for b in range(a + 1, len(t)):
            fan2 = _two_pungs(t[a], t[b])
            if fan2:
                out[fan2] = out.get(fan2, 0) + 1


def _terminal_chows(chows: Sequence[Tile], pair: Tile) -> str | None:
    """MCR-6.74 Pure Terminal Chows, MCR-6.50 Three-Suited Terminal Chows."""
    if pair >= 27 or pair % 9 != 4 or any(c % 9 not in (0, 6) for c in chows):
        return None
    ps = pair // 9
    suits = sorted(c // 9 for c in chows)
    if suits == [ps] * 4 and sorted(c % 9 for c in chows) == [0, 0, 6, 6]:
        return "pure_terminal_chows"
    others = [s for s in range(3) if s != ps]
    if sorted(chows) == sorted(9 * s + r for s in others for r in (0, 6)):
        return "three_suited_terminal_chows"
    return None


_MEMO_LIMIT: Final = 8192
_chow_memo: Final[dict[int, dict[str, int]]] = {}
_pung_memo: Final[dict[int, dict[str, int]]] = {}
_CHOW_DIGIT: Final = tuple(5 ** (7 * (t // 9) + t % 9) if t < 27 and t % 9 <= 6 else 0 for t in range(34))
"""A chow starting on tile t adds ``_CHOW_DIGIT[t]`` to its set's key: one base-5 digit per
chow start (at most four of one chow), so the key names the set whatever the order."""
_NO_FANS: Final[dict[str, int]] = {}


def _chows_fans(chows: Sequence[Tile]) -> dict[str, int]:
    """The fans of a set of chows (MCR-7.4), remembered by the set (shared: never modified)."""
    key = 0
    for c in chows:
        key += _CHOW_DIGIT[c]
    try:
        r = _chow_memo[key]
    except KeyError:
        r = {}
        _chow_fans(sorted(chows), r)
        if len(_chow_memo) >= _MEMO_LIMIT:
            _chow_memo.clear()
        _chow_memo[key] = r
    return r


def _pungs_fans(pungs: Sequence[Tile]) -> dict[str, int]:
    """The fans of a set of pungs and kongs (MCR-7.5), remembered by the set (no two share a
    tile, so a tile mask names it; shared: never modified)."""
    if len(pungs) < 2:
        return _NO_FANS
    key = 0
    for t in pungs:
        key |= 1 << t
    try:
        r = _pung_memo[key]
    except KeyError:
        r = {}
        _pung_fans(sorted(pungs), r)
        if len(_pung_memo) >= _MEMO_LIMIT:
            _pung_memo.clear()
        _pung_memo[key] = r
    return r


def combination_fans(chows: Sequence[Tile], pungs: Sequence[Tile], pair: Tile) -> dict[str, int]:
    """Fans made of several groups in a four-groups-and-a-pair reading, with counts.

    Four chows are checked for terminal chows first; three chows and a pung count only
    chow fans; two and two count one chow fan and one pung fan; one chow and three pungs,
    or four pungs, count pung fans (MCR-7.4, MCR-7.5). The dict may be shared with other
    readings: read it, never modify it.
    """
    n = len(chows)
    if n == 4:
        fan = _terminal_chows(chows, pair)
        if fan:
            return {fan: 1}
    if n >= 3:
        return _chows_fans(chows)
    if n == 2:
        # chow fan names and pung fan names differ: the two parts never share a key
        chow_fans = _chows_fans(chows)
        pung_fans = _pungs_fans(pungs)
        if not pung_fans:
            return chow_fans
        return chow_fans | pung_fans if chow_fans else pung_fans
    return _pungs_fans(pungs)
