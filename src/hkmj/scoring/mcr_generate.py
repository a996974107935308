"""Random MCR winning hands for tests and benchmarks (pure: pass a ``random.Random``).

:func:`random_mcr_hand` covers every winning shape of MCR-5.2 — four groups and a pair
with declared chows, pungs, exposed and concealed kongs; seven pairs (with four of a
kind, and shifted); thirteen orphans; lesser and greater honours and knitted tiles; a
knitted straight with a group and a pair; Nine Gates — and draws the tiles from small
random tile families so that flushes, terminal, honour, green, reversible, upper/lower
and chow/pung combination fans all come up. The winning context (seat, prevailing wind,
win type, MCR flags, flowers) is random but always consistent (see
:func:`hkmj.scoring.mcr.validate_mcr`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hkmj.scoring.mcr_shape import KNITTED_STRAIGHTS
from hkmj.scoring.model import Meld, Win
from hkmj.tiles import N_KINDS, ORPHANS, Tile

__all__ = ["random_mcr_hand", "random_family"]

_GREEN = (19, 20, 21, 23, 25, 32)
_REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)
_TERMINALS_HONOURS = ORPHANS


def random_family(rng: random.Random) -> tuple[Tile, ...]:
    """A random set of tile kinds to draw a hand from (biased towards fan-rich hands)."""
    r = rng.random()
    suits = [rng.randrange(3)]
    if r < 0.15:
        return tuple(range(N_KINDS))
    if r < 0.30:  # one suit, maybe honours
        s = suits[0]
        kinds = list(range(9 * s, 9 * s + 9))
        if rng.random() < 0.5:
            kinds += rng.sample(range(27, 34), rng.randint(1, 4))
        return tuple(kinds)
    if r < 0.40:  # terminals and honours, or terminals only
        pool = _TERMINALS_HONOURS if rng.random() < 0.7 else _TERMINALS_HONOURS[:6]
        return tuple(t for t in pool if rng.random() < 0.8) or pool
    if r < 0.47:
        return _GREEN
    if r < 0.54:
        return _REVERSIBLE
    if r < 0.66:  # a band of ranks in all suits (upper/middle/lower, all simples, all five)
        lo = rng.randint(0, 6)
        hi = min(8, lo + rng.randint(2, 4))
        kinds = [9 * s + v for s in range(3) for v in range(lo, hi + 1)]
        if rng.random() < 0.3:
            kinds += rng.sample(range(27, 34), 2)
        return tuple(kinds)
    if r < 0.76:  # honours heavy: winds and dragons with one suit
        s = suits[0]
        return tuple(range(27, 34)) + tuple(range(9 * s, 9 * s + 9))
    if r < 0.84:  # even ranks
        return tuple(9 * s + v for s in range(3) for v in (1, 3, 5, 7)) + ((31, 32, 33) if rng.random() < 0.3 else ())
    # two suits
    a, b = rng.sample(range(3), 2)
    return tuple(range(9 * a, 9 * a + 9)) + tuple(range(9 * b, 9 * b + 9)) + ((27, 31) if rng.random() < 0.4 else ())


def _groups(
    rng: random.Random, stock: list[int], kinds: Sequence[Tile], n: int, pung_rate: float
) -> list[tuple[str, Tile]] | None:
    groups: list[tuple[str, Tile]] = []
    for _ in range(n):
        for _attempt in range(30):
            t = rng.choice(kinds)
            if groups and rng.random() < 0.35:
                # repeat or shift an earlier group: the combination fans (MCR-6.1 to 6.4, 6.30 ...)
                kind, base = rng.choice(groups)
                if base >= 27:
                    continue
                suit, rank = divmod(base, 9)
                if rng.random() < 0.5:
                    suit = (suit + rng.randint(1, 2)) % 3
                rank += rng.choice((0, 0, 1, 2, 3, -1, -2, -3))
                if not 0 <= rank < 9:
                    continue
                t = 9 * suit + rank
                pung_like = kind != "chow" if rng.random() < 0.7 else rng.random() < pung_rate
            else:
                pung_like = rng.random() < pung_rate
            if pung_like:
                if stock[t] >= 3:
                    stock[t] -= 3
                    groups.append(("pung", t))
                    break
            elif t < 27 and t % 9 <= 6 and stock[t] and stock[t + 1] and stock[t + 2]:
                for k in range(3):
                    stock[t + k] -= 1
                groups.append(("chow", t))
                break
        else:
            return None
    return groups


def _context(rng: random.Random, concealed: list[Tile], melds: list[Meld], win_tile: Tile) -> Win:
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    exposed = sum(1 for m in melds for t in m.tiles if t == win_tile)
    has_kong = any(m.is_kong for m in melds)
    seat = rng.randrange(4)
    r = rng.random()
    flags: set[str] = set()
    if r < 0.5:
        win = "self_draw"
        discarder = None
        if rng.random() < 0.1:
            flags.add("last_wall_tile")
        if has_kong and rng.random() < 0.3:
            flags.add("kong_replacement")
    elif r < 0.95 or counts[win_tile] != 1 or exposed:
        win = "discard"
        discarder = (seat + rng.randint(1, 3)) % 4
        if rng.random() < 0.1:
            flags.add("final_discard")
    else:
        win = "robbed_kong"
        discarder = (seat + rng.randint(1, 3)) % 4
    if counts[win_tile] == 1 and rng.random() < 0.15:
        flags.add("last_of_kind")
    n_bonus = rng.choice((0, 0, 0, 1, 2, 3, 8))
    bonus = rng.sample(range(8), n_bonus)
    return Win(
        concealed=tuple(sorted(concealed)),
        win_tile=win_tile,
        win=win,
        seat=seat,
        prevailing=rng.randrange(4),
        discarder=discarder,
        melds=tuple(melds),
        flowers=tuple(sorted(b + 1 for b in bonus if b < 4)),
        seasons=tuple(sorted(b - 3 for b in bonus if b >= 4)),
        flags=frozenset(flags),
    )


def _standard(rng: random.Random, kinds: Sequence[Tile]) -> Win | None:
    stock = [4] * N_KINDS
    groups = _groups(rng, stock, kinds, 4, rng.choice((0.2, 0.5, 0.8)))
    if groups is None:
        return None
    pairs = [t for t in kinds if stock[t] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    stock[pair] -= 2
    n_melds = rng.choice((0, 0, 1, 1, 2, 3, 4))
    melds: list[Meld] = []
    concealed: list[Tile] = [pair, pair]
    for i, (kind, t) in enumerate(groups):
        if i < n_melds:
            if kind == "pung":
                k = rng.random()
                if k < 0.25 and stock[t]:
                    stock[t] -= 1
                    melds.append(Meld("kong", t))
                elif k < 0.45 and stock[t]:
                    stock[t] -= 1
                    melds.append(Meld("ckong", t))
                else:
                    melds.append(Meld("pung", t))
            else:
                melds.append(Meld("chow", t))
        else:
            concealed.extend([t] * 3 if kind == "pung" else [t, t + 1, t + 2])
    win_tile = rng.choice(concealed)
    return _context(rng, concealed, melds, win_tile)


def _seven_pairs(rng: random.Random, kinds: Sequence[Tile]) -> Win | None:
    if rng.random() < 0.15:
        s = rng.randrange(3)
        start = rng.randint(0, 2)
        tiles = [9 * s + start + i for i in range(7) for _ in range(2)]
    else:
        stock = [4] * N_KINDS
        tiles = []
        for _ in range(7):
            options = [t for t in kinds if stock[t] >= 2]
            if not options:
                return None
            t = rng.choice(options)
            stock[t] -= 2
            tiles += [t, t]
    return _context(rng, tiles, [], rng.choice(tiles))


def _thirteen_orphans(rng: random.Random) -> Win:
    tiles = [*ORPHANS, rng.choice(ORPHANS)]
    return _context(rng, tiles, [], rng.choice(tiles))


def _honours_knitted(rng: random.Random) -> Win:
    ks = rng.choice(KNITTED_STRAIGHTS)
    n_suited = rng.choice((7, 8, 9))
    tiles = rng.sample(ks, n_suited) + rng.sample(range(27, 34), 14 - n_suited)
    return _context(rng, tiles, [], rng.choice(tiles))


def _knitted(rng: random.Random, kinds: Sequence[Tile]) -> Win | None:
    ks = rng.choice(KNITTED_STRAIGHTS)
    stock = [4] * N_KINDS
    for t in ks:
        stock[t] -= 1
    groups = _groups(rng, stock, kinds, 1, 0.5)
    if groups is None:
        return None
    options = [t for t in kinds if stock[t] >= 2]
    if not options:
        return None
    pair = rng.choice(options)
    kind, t = groups[0]
    concealed = [*ks, pair, pair]
    melds: list[Meld] = []
    if rng.random() < 0.4:
        if kind == "pung":
            melds.append(Meld(rng.choice(("pung", "kong", "ckong")) if stock[t] else "pung", t))
        else:
            melds.append(Meld("chow", t))
    else:
        concealed += [t] * 3 if kind == "pung" else [t, t + 1, t + 2]
    return _context(rng, concealed, melds, rng.choice(concealed))


def _terminal_chows(rng: random.Random) -> Win | None:
    """Pure or three-suited terminal chows (MCR-6.74, MCR-6.50), or a near miss."""
    s = rng.randrange(3)
    if rng.random() < 0.5:
        chows = [9 * s, 9 * s, 9 * s + 6, 9 * s + 6]
    else:
        a, b = (o for o in range(3) if o != s)
        chows = [9 * a, 9 * a + 6, 9 * b, 9 * b + 6]
    if rng.random() < 0.2:
        i = rng.randrange(4)
        chows[i] += 1 if chows[i] % 9 == 0 else -1
    pair = 9 * s + (4 if rng.random() < 0.8 else rng.randrange(9))
    tiles = [pair, pair] + [c + k for c in chows for k in range(3)]
    if max(tiles.count(t) for t in tiles) > 4:
        return None
    n_melds = rng.choice((0, 0, 1, 2, 4))
    melds = [Meld("chow", c) for c in chows[:n_melds]]
    concealed = [pair, pair] + [c + k for c in chows[n_melds:] for k in range(3)]
    return _context(rng, concealed, melds, rng.choice(concealed))


def _winds(rng: random.Random) -> Win | None:
    """Three or four wind groups (MCR-6.48, 6.70, 6.75)."""
    winds = rng.sample(range(27, 31), rng.choice((3, 4)))
    stock = [4] * N_KINDS
    for w in winds:
        stock[w] -= 3
    kinds = rng.choice((tuple(range(N_KINDS)), tuple(range(27, 34)), ORPHANS))
    groups = [("pung", w) for w in winds]
    more = _groups(rng, stock, kinds, 4 - len(winds), 0.5)
    if more is None:
        return None
    groups += more
    options = [t for t in kinds if stock[t] >= 2]
    pair = rng.choice(options)
    stock[pair] -= 2
    n_melds = rng.choice((0, 1, 2, 4))
    melds: list[Meld] = []
    concealed = [pair, pair]
    for i, (kind, t) in enumerate(groups):
        if i < n_melds:
            melds.append(
                Meld("chow", t) if kind == "chow" else Meld(rng.choice(("pung", "kong", "ckong")) if stock[t] else "pung", t)
            )
            if melds[-1].is_kong:
                stock[t] -= 1
        else:
            concealed += [t] * 3 if kind == "pung" else [t, t + 1, t + 2]
    return _context(rng, concealed, melds, rng.choice(concealed))


def _nine_gates(rng: random.Random) -> Win:
    s = rng.randrange(3)
    tiles = [9 * s + v for v in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
    extra = 9 * s + rng.randrange(9)
    tiles.append(extra)
    return _context(rng, tiles, [], extra)


def random_mcr_hand(rng: random.Random) -> Win:
    """A random, consistently described MCR winning shape (it may score under 8 points)."""
    while True:
        r = rng.random()
        kinds = random_family(rng)
        win: Win | None
        if r < 0.64:
            win = _standard(rng, kinds)
        elif r < 0.67:
            win = _terminal_chows(rng)
        elif r < 0.70:
            win = _winds(rng)
        elif r < 0.82:
            win = _seven_pairs(rng, kinds)
        elif r < 0.85:
            win = _thirteen_orphans(rng)
        elif r < 0.90:
            win = _honours_knitted(rng)
        elif r < 0.97:
            win = _knitted(rng, kinds)
        else:
            win = _nine_gates(rng)
        if win is not None:
            return win
