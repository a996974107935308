"""Per-suit tables, computed once per suit pattern and memoised (HK-5).

A *suit pattern* is the tuple of counts of one suit (9 entries) or of the honours
(7 entries). Everything about a hand that hand reading needs is derived from the four
patterns, so each pattern is analysed once and the answer kept in a dict:

* :func:`distance` — for m = 0..4 melds without/with a pair, the fewest tiles to add
  so the pattern contains m melds (and a pair). Shanten, waits and completeness are
  all read from these vectors (the approach of fast shanten calculators: per-suit
  tables combined by a min-plus product).
* :func:`decompositions` — every exact split of a pattern into melds and at most one
  pair, for scoring.
"""

from __future__ import annotations

from typing import Final

Pattern = tuple[int, ...]
Vector = tuple[int, ...]
"""Ten entries: index m (0..4) for m melds, index 5 + m for m melds and a pair."""

INF: Final = 99
_EMPTY: Final[Vector] = (0, 3, 6, 9, 12, 2, 5, 8, 11, 14)

_dist_suit: Final[dict[Pattern, Vector]] = {}
_dist_honour: Final[dict[Pattern, Vector]] = {}
_conv_cache: Final[dict[tuple[Vector, Vector], Vector]] = {}


def _add_block(best: list[int], rest: Vector, cost: int, is_pair: bool) -> None:
    if is_pair:
        for m in range(5):
            v = cost + rest[m]
            if v < best[5 + m]:
                best[5 + m] = v
    else:
        for m in range(4):
            v = cost + rest[m]
            if v < best[m + 1]:
                best[m + 1] = v
            v = cost + rest[5 + m]
            if v < best[6 + m]:
                best[6 + m] = v


def _compute(c: Pattern, suited: bool, memo: dict[Pattern, Vector]) -> Vector:
    i = 0
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        return _EMPTY
    lst = list(c)
    lst[i] -= 1
    one_less = tuple(lst)
    best = list(_lookup(one_less, suited, memo))  # tile i left unused
    ci = c[i]
    # pungs and pairs using k copies of tile i
    for k in range(1, min(ci, 3) + 1):
        lst = list(c)
        lst[i] -= k
        _add_block(best, _lookup(tuple(lst), suited, memo), 3 - k, False)
    for k in range(1, min(ci, 2) + 1):
        lst = list(c)
        lst[i] -= k
        _add_block(best, _lookup(tuple(lst), suited, memo), 2 - k, True)
    if suited:
        # chows i, i+1, i+2 using i and some of the two above (i is the lowest tile present)
        if i <= 6:
            for use1 in (0, 1):
                for use2 in (0, 1):
                    if (use1 and c[i + 1] == 0) or (use2 and c[i + 2] == 0) or not (use1 or use2):
                        continue
                    lst = list(c)
                    lst[i] -= 1
                    lst[i + 1] -= use1
                    lst[i + 2] -= use2
                    _add_block(best, _lookup(tuple(lst), suited, memo), 2 - use1 - use2, False)
        # chow i-1, i, i+1 missing i-1 (not present) but using i+1
        if 1 <= i <= 7 and c[i + 1]:
            lst = list(c)
            lst[i] -= 1
            lst[i + 1] -= 1
            _add_block(best, _lookup(tuple(lst), suited, memo), 1, False)
    return tuple(best)


def _lookup(c: Pattern, suited: bool, memo: dict[Pattern, Vector]) -> Vector:
    v = memo.get(c)
    if v is None:
        v = _compute(c, suited, memo)
        memo[c] = v
    return v


def distance(pattern: Pattern) -> Vector:
    """Distance vector of a suited pattern (9 counts)."""
    v = _dist_suit.get(pattern)
    if v is None:
        v = _lookup(pattern, True, _dist_suit)
    return v


def honour_distance(pattern: Pattern) -> Vector:
    """Distance vector of the honours pattern (7 counts): no chows (HK-5.2)."""
    v = _dist_honour.get(pattern)
    if v is None:
        v = _lookup(pattern, False, _dist_honour)
    return v


def combine(a: Vector, b: Vector) -> Vector:
    """Min-plus product of two distance vectors (at most one pair in all)."""
    key = (a, b)
    r = _conv_cache.get(key)
    if r is not None:
        return r
    out = [INF] * 10
    for i in range(5):
        ai, api = a[i], a[5 + i]
        for j in range(5 - i):
            k = i + j
            bj = b[j]
            v = ai + bj
            if v < out[k]:
                out[k] = v
            v = ai + b[5 + j]
            if v < out[5 + k]:
                out[5 + k] = v
            v = api + bj
            if v < out[5 + k]:
                out[5 + k] = v
    r = tuple(out)
    _conv_cache[key] = r
    return r


Decomposition = tuple[tuple[int, ...], tuple[int, ...], int]
"""(chow start offsets, pung offsets, pair offset or -1) within one pattern."""

_dec_memo: Final[dict[tuple[Pattern, bool], tuple[Decomposition, ...]]] = {}


def decompositions(pattern: Pattern, suited: bool) -> tuple[Decomposition, ...]:
    """Every split of a pattern into chows, pungs and at most one pair (HK-5.1, HK-5.2)."""
    key = (pattern, suited)
    r = _dec_memo.get(key)
    if r is None:
        # melds take tiles three at a time: a pair exactly when the count is 2 mod 3, none at 1
        n = sum(pattern) % 3
        r = () if n == 1 else tuple(sorted(set(_decompose(list(pattern), suited, n == 2))))
        _dec_memo[key] = r
    return r


def _decompose(c: list[int], suited: bool, pair: bool) -> list[Decomposition]:
    """Splits of ``c`` into melds and, when ``pair``, one pair (the caller knows the count needs one)."""
    i = 0
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        return [] if pair else [((), (), -1)]
    out: list[Decomposition] = []
    if c[i] >= 3:
        c[i] -= 3
        out += [(ch, tuple(sorted((i,) + pu)), pr) for ch, pu, pr in _decompose(c, suited, pair)]
        c[i] += 3
    if pair and c[i] >= 2:
        c[i] -= 2
        out += [(ch, pu, i) for ch, pu, _ in _decompose(c, suited, False)]
        c[i] += 2
    if suited and i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        out += [(tuple(sorted((i,) + ch)), pu, pr) for ch, pu, pr in _decompose(c, suited, pair)]
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    return out


_suit_waits: Final[dict[Pattern, tuple[int, ...]]] = {}


def suit_waits(pattern: Pattern, suited: bool) -> tuple[int, ...]:
    """Offsets t such that pattern + t is complete (melds, plus a pair when n ≡ 2 mod 3)."""
    key = pattern if suited else pattern + (-1,)
    r = _suit_waits.get(key)
    if r is None:
        n = sum(pattern) + 1
        m, rem = divmod(n, 3)
        out: list[int] = []
        if rem != 1:
            idx = m if rem == 0 else m + 5
            if m <= 4:
                for t in range(len(pattern)):
                    if pattern[t] >= 4:
                        continue
                    lst = list(pattern)
                    lst[t] += 1
                    vec = distance(tuple(lst)) if suited else honour_distance(tuple(lst))
                    if vec[idx] == 0:
                        out.append(t)
        r = tuple(out)
        _suit_waits[key] = r
    return r
