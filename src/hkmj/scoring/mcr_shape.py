"""Hand reading for the Chinese Official rules (MCR-5): the readings of a winning hand.

A reading is one way to see the fourteen tiles as a winning shape (MCR-5.2): four groups
and a pair, or one of the special shapes — seven pairs (four of a kind may count as two
pairs), thirteen orphans, honours and knitted tiles, a knitted straight with one group and
a pair, and Nine Gates. :class:`McrShape` holds the facts about one reading that the fan
predicates of :mod:`hkmj.scoring.mcr` look at; :class:`HandFacts` holds the facts that
do not depend on the reading (tile set, winning context, unique wait), computed once.

The pure core: no I/O. Tiles are the ints of :mod:`hkmj.tiles`.
"""

from __future__ import annotations

from typing import Final

from hkmj.hand import POW5, STANDARD, standard_splits
from hkmj.hand.knitted import KNITTED_STRAIGHTS
from hkmj.scoring.mcr_combos import combination_fans, table_order
from hkmj.scoring.model import Meld, Win
from hkmj.tiles import Tile

__all__ = [
    "KNITTED_STRAIGHTS",
    "STANDARD",
    "KNITTED",
    "SEVEN_PAIRS",
    "HONOURS_KNITTED",
    "THIRTEEN_ORPHANS",
    "NINE_GATES",
    "HandFacts",
    "MeldFacts",
    "NO_MELDS",
    "POW_OF",
    "SUIT_OF",
    "McrShape",
    "hand_facts",
    "meld_facts",
    "readings",
    "shapes",
    "table_order",
]

KNITTED: Final = "knitted_straight"
SEVEN_PAIRS: Final = "seven_pairs"
HONOURS_KNITTED: Final = "honours_and_knitted"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
NINE_GATES: Final = "nine_gates"

_ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_WIND_MASK: Final = 0b1111 << 27


_KNITTED_MASKS: Final = tuple((ks, sum(1 << t for t in ks)) for ks in KNITTED_STRAIGHTS)

# --- unique wait (MCR-6.9 to MCR-6.11) --------------------------------------------------

_complete_memo: Final[dict[tuple[tuple[int, ...], bool], tuple[bool, bool]]] = {}


def _can_split(c: list[int], suited: bool, pair: bool) -> bool:
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return not pair
    ok = False
    if c[i] >= 3:
        c[i] -= 3
        ok = _can_split(c, suited, pair)
        c[i] += 3
    if not ok and pair and c[i] >= 2:
        c[i] -= 2
        ok = _can_split(c, suited, False)
        c[i] += 2
    if not ok and suited and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _can_split(c, suited, pair)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    return ok


def _complete(pattern: tuple[int, ...], suited: bool) -> tuple[bool, bool]:
    """(splits into groups only, splits into groups and one pair) for one suit's counts.

    Counts may reach five: a wait on a fifth copy still counts as a wait (MCR-6.9 Ruling).
    """
    key = (pattern, suited)
    r = _complete_memo.get(key)
    if r is None:
        n = sum(pattern)
        c = list(pattern)
        r = (n % 3 == 0 and _can_split(c, suited, False), n % 3 == 2 and _can_split(c, suited, True))
        _complete_memo[key] = r
    return r


_SuitInfo = tuple[int, tuple[int, ...], tuple[int, ...]]
_suit_memo: Final[tuple[dict[int, _SuitInfo], dict[int, _SuitInfo]]] = ({}, {})
"""Suited and honour patterns' :func:`_suit_info`, keyed by the pattern in base 5."""


def _suit_info(pattern: tuple[int, ...], suited: bool) -> _SuitInfo:
    """(status: 0 complete as groups, 1 as groups and a pair, 9 incomplete; offsets
    completing groups and a pair; offsets completing groups only) for one suit's counts."""
    groups, with_pair = _complete(pattern, suited)
    to_pair: list[int] = []
    to_groups: list[int] = []
    lst = list(pattern)
    for i in range(len(lst)):
        lst[i] += 1
        g, p = _complete(tuple(lst), suited)
        lst[i] -= 1
        if p:
            to_pair.append(i)
        if g:
            to_groups.append(i)
    return (0 if groups else 1 if with_pair else 9, tuple(to_pair), tuple(to_groups))


def _new_suit_info(counts: list[int], s: int, key: int) -> _SuitInfo:
    start = 9 * s
    info = _suit_memo[s == 3][key] = _suit_info(tuple(counts[start : start + (9 if s < 3 else 7)]), s < 3)
    return info


SUIT_OF: Final = tuple(t // 9 for t in range(34))
POW_OF: Final = tuple(POW5[t % 9] for t in range(34))
"""Tile t adds ``POW_OF[t]`` to the pattern key of suit ``SUIT_OF[t]``."""


def pattern_keys(counts: list[int]) -> list[int]:
    """The four suits' patterns of counts (each at most 4) in base 5, as
    :func:`hkmj.hand.standard_splits` reads them."""
    keys = [0, 0, 0, 0]
    for t in range(34):
        n = counts[t]
        if n:
            keys[SUIT_OF[t]] += n * POW_OF[t]
    return keys


def wait_count(counts: list[int], keys: list[int] | None = None, seven_pairs: bool = False) -> int:
    """How many kinds of tile complete these 13 - 3n concealed tiles (at least 2 means "2 or more").

    Counts four-groups-and-a-pair completions and, when ``seven_pairs`` (13 concealed
    tiles of at most seven kinds), seven pairs (four of a kind counting as two pairs) —
    the shapes the unique-wait fans look at (MCR-6.9 Ruling). ``keys`` are the counts'
    :func:`pattern_keys` when the caller has them.
    """
    if keys is None:
        keys = pattern_keys(counts)
    suited, honours = _suit_memo
    i0 = suited.get(keys[0]) or _new_suit_info(counts, 0, keys[0])
    i1 = suited.get(keys[1]) or _new_suit_info(counts, 1, keys[1])
    i2 = suited.get(keys[2]) or _new_suit_info(counts, 2, keys[2])
    i3 = honours.get(keys[3]) or _new_suit_info(counts, 3, keys[3])
    odd = -1
    found = 0
    if seven_pairs:
        # seven pairs waits on the one odd count, if all the others are even
        ones, threes = counts.count(1), counts.count(3)
        if ones + threes == 1:
            odd = counts.index(1) if ones else counts.index(3)
            found = 1
    # per suit: 0 complete as groups, 1 complete as groups and a pair, 9 incomplete
    total = i0[0] + i1[0] + i2[0] + i3[0]
    if total > 10:
        return found  # two suits incomplete: no tile completes both
    for s, info in enumerate((i0, i1, i2, i3)):
        # the other three suits must be complete, with at most one pair among them
        pairs_elsewhere = total - info[0]
        if pairs_elsewhere > 1:
            continue
        waits = info[1] if pairs_elsewhere == 0 else info[2]
        if waits:
            found += len(waits)
            if odd >= 0 and odd // 9 == s and odd - 9 * s in waits:
                found -= 1
            if found > 1:
                return found
    return found


MeldFacts = tuple[int, tuple[Tile, ...], tuple[Tile, ...], int, int, int]
"""What the declared groups give a hand: (tile mask, chow starts, pung and kong tiles,
exposed groups, exposed kongs, concealed kongs)."""
NO_MELDS: Final[MeldFacts] = (0, (), (), 0, 0, 0)


def meld_facts(melds: tuple[Meld, ...]) -> MeldFacts:
    """The :data:`MeldFacts` of valid declared groups (MCR-1: chow, pung, kong, ckong)."""
    if not melds:
        return NO_MELDS
    mask = n_exposed = mk = ck = 0
    chows: list[Tile] = []
    pungs: list[Tile] = []
    for m in melds:
        kind = m.kind
        t = m.tile
        if kind == "chow":
            mask |= 7 << t
            n_exposed += 1
            chows.append(t)
        else:
            mask |= 1 << t
            pungs.append(t)
            if kind == "ckong":
                ck += 1
            else:
                n_exposed += 1
                if kind == "kong":
                    mk += 1
    return (mask, tuple(chows), tuple(pungs), n_exposed, mk, ck)


def hand_facts(win: Win, counts: list[int], concealed: list[int], last_of_kind: bool) -> HandFacts:
    """The :class:`HandFacts` of a validated hand: ``counts`` of all its tiles, ``concealed``
    of the concealed ones (``validate_mcr``)."""
    mask = 0
    keys = [0, 0, 0, 0]
    for t in range(34):
        n = concealed[t]
        if n:
            mask |= 1 << t
            keys[SUIT_OF[t]] += n * POW_OF[t]
    return HandFacts(win, counts, concealed, last_of_kind, mask, keys, meld_facts(win.melds), counts.count(4))


class HandFacts:
    """What a hand is, whatever its reading: its tiles and how it was won (MCR-6).

    Built by :func:`hand_facts` from validated counts, or by the scorer's one-pass reader
    (``hkmj.scoring.mcr``) straight from the request.
    """

    __slots__ = (
        "win",
        "counts",
        "concealed",
        "n_kinds",
        "concealed_mask",
        "fours",
        "keys",
        "mask",
        "ranks",
        "honours",
        "suits",
        "has_winds",
        "has_dragons",
        "self_drawn",
        "last_of_kind",
        "_unique",
        "meld_chows",
        "meld_pungs",
        "n_exposed",
        "n_melded_kongs",
        "n_concealed_kongs",
        "flowers",
        "fans",
    )

    def __init__(
        self,
        win: Win,
        counts: list[int],
        concealed: list[int],
        last_of_kind: bool,
        concealed_mask: int,
        keys: list[int],
        melds: MeldFacts,
        fours: int,
    ) -> None:
        self.win = win
        self.counts = counts
        self.concealed = concealed
        self.n_kinds = concealed_mask.bit_count()
        """How many kinds of concealed tile (all the hand's kinds when nothing is declared)."""
        self.concealed_mask = concealed_mask
        """Bit t set when the concealed tiles hold tile t."""
        self.fours = fours
        """How many kinds the hand holds all four of, declared kongs included (MCR-6.19)."""
        self.keys = keys
        """The concealed tiles' :func:`pattern_keys`."""
        mask = concealed_mask | melds[0]
        man, pin, sou = mask & 0x1FF, mask >> 9 & 0x1FF, mask >> 18 & 0x1FF
        self.mask = mask
        """Bit t set when the hand holds tile t."""
        self.ranks = man | pin | sou
        """Bit r-1 set when the hand holds a suited tile of rank r."""
        self.honours = mask >> 27 != 0
        self.suits = (man != 0) | (pin != 0) << 1 | (sou != 0) << 2
        self.has_winds = mask & _WIND_MASK != 0
        self.has_dragons = mask >> 31 != 0
        self.self_drawn = win.win == "self_draw"
        self.last_of_kind = last_of_kind
        self.meld_chows = melds[1]
        """The lowest tile of each declared chow."""
        self.meld_pungs = melds[2]
        """The tile of each declared pung or kong."""
        self.n_exposed = melds[3]
        self.n_melded_kongs = melds[4]
        self.n_concealed_kongs = melds[5]
        self.flowers = len(win.flowers) + len(win.seasons)
        self.fans: dict[int, int] | None = None
        """The hand-scope fans once computed (see :mod:`hkmj.scoring.mcr`)."""
        self._unique: bool | None = None

    @property
    def kinds(self) -> list[Tile]:
        """The kinds of concealed tile, in order."""
        out = []
        m = self.concealed_mask
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    @property
    def unique_wait(self) -> bool:
        """The hand waited for one kind of tile only (MCR-6.9 Ruling); computed on demand,
        for a hand with a four-groups-and-a-pair reading."""
        u = self._unique
        if u is None:
            wt = self.win.win_tile
            keys = self.keys
            suit = SUIT_OF[wt]
            seven_pairs = self.n_kinds <= 7 and not self.win.melds
            info = _suit_memo[suit == 3].get(keys[suit] - POW_OF[wt])
            if info is not None and info[0] == 9 and not seven_pairs:
                # without the winning tile its suit is incomplete and the other suits are
                # complete, as in the reading: only tiles of that suit complete the hand, with
                # the pair wherever the tile counts put it (one of the two lists is empty)
                u = self._unique = len(info[1]) + len(info[2]) == 1
                return u
            concealed = self.concealed
            # the waiting hand: these counts without the winning tile, put back after
            concealed[wt] -= 1
            keys[suit] -= POW_OF[wt]
            u = self._unique = wait_count(concealed, keys, seven_pairs) == 1
            concealed[wt] += 1
            keys[suit] += POW_OF[wt]
        return u


class McrShape:
    """One reading of a winning hand (MCR-5.2) with the facts fan predicates read.

    ``chows`` lists the lowest tile of every chow, declared or concealed; ``pungs`` the
    tile of every pung or kong; ``pair`` the pair tile (-1 when the shape has none).
    ``concealed_pungs`` counts concealed pungs and concealed kongs (MCR-6.21 Ruling: a pung
    completed on a discard is exposed unless the tile can belong to a concealed chow).
    """

    __slots__ = (
        "hand",
        "kind",
        "chows",
        "pungs",
        "pair",
        "concealed_chows",
        "concealed_pungs",
        "extra_rank",
        "wait",
        "_combos",
    )

    def __init__(
        self,
        hand: HandFacts,
        kind: str,
        chows: tuple[Tile, ...],
        pungs: tuple[Tile, ...],
        pair: Tile,
        concealed_chows: tuple[Tile, ...],
        concealed_pungs: int,
        extra_rank: int = 0,
    ) -> None:
        self.hand = hand
        self.kind = kind
        self.chows = chows
        self.pungs = pungs
        self.pair = pair
        self.concealed_chows = concealed_chows
        self.concealed_pungs = concealed_pungs
        self.extra_rank = extra_rank
        self.wait = ""
        """``edge_wait``, ``closed_wait``, ``single_wait`` or empty (MCR-6.9 to 6.11)."""
        self._combos: dict[str, int] | None = None

    @property
    def combos(self) -> dict[str, int]:
        """The chow and pung combination fans of this reading (MCR-7.4, MCR-7.5)."""
        c = self._combos
        if c is None:
            c = combination_fans(self.chows, self.pungs, self.pair) if self.kind == STANDARD else {}
            self._combos = c
        return c


def _standard(hand: HandFacts, chows: tuple[Tile, ...], pungs: tuple[Tile, ...], pair: Tile) -> McrShape:
    concealed_pungs = len(pungs) + hand.n_concealed_kongs
    wt = hand.win.win_tile
    if not hand.self_drawn and wt in pungs:
        for c in chows:
            if c <= wt <= c + 2:
                break
        else:
            concealed_pungs -= 1
    shape = McrShape(hand, STANDARD, chows + hand.meld_chows, pungs + hand.meld_pungs, pair, chows, concealed_pungs)
    position = _wait_position(chows, pair, wt)
    if position and hand.unique_wait:
        shape.wait = position
    return shape


def _wait_position(chows: tuple[Tile, ...], pair: Tile, wt: Tile) -> str:
    """Where the winning tile sits in a unique wait: edge, closed, else single (MCR-6.9 Ruling)."""
    edge = closed = False
    for c in chows:
        if wt == c + 1:
            closed = True
        elif wt == c or wt == c + 2:
            edge = True
    if edge:
        return "edge_wait"
    if closed:
        return "closed_wait"
    return "single_wait" if pair == wt else ""


def _division_key(chows: tuple[Tile, ...], pungs: tuple[Tile, ...]) -> list[int]:
    keys = [2 * table_order(t) for t in pungs] + [2 * table_order(t) + 1 for t in chows]
    keys.sort()
    return keys


def _nine_gates(concealed: list[int], wt: Tile) -> int:
    """The rank (1-9) of the fourteenth tile of a Nine Gates hand won on it, else 0 (MCR-6.78)."""
    if wt >= 27:
        return 0
    base = 9 * (wt // 9)
    r = wt % 9 + 1
    for i in range(9):
        need = 3 if i in (0, 8) else 1
        if i == r - 1:
            need += 1
        if concealed[base + i] != need:
            return 0
    return r


def _knitted(hand: HandFacts) -> McrShape | None:
    """Knitted straight plus one group and a pair (MCR-6.45), or None."""
    if hand.ranks != 0x1FF or hand.suits != 7:  # 147, 258 and 369 hold every rank, in three suits
        return None
    concealed = hand.concealed
    mask = hand.mask
    for ks, ks_mask in _KNITTED_MASKS:
        if mask & ks_mask == ks_mask and all(concealed[t] for t in ks):
            break
    else:
        return None
    if hand.n_kinds == len(hand.win.concealed):  # no tile twice: no pair
        return None
    rest = list(concealed)
    keys = list(hand.keys)
    for t in ks:
        rest[t] -= 1
        keys[SUIT_OF[t]] -= POW_OF[t]
    melds = hand.win.melds
    found = standard_splits(rest, keys)
    if len(found) != 1:
        return None
    r_chows, r_pungs, r_pair = found[0]
    win = hand.win
    chows = r_chows + hand.meld_chows
    pungs = r_pungs + hand.meld_pungs
    shape = McrShape(hand, KNITTED, chows, pungs, r_pair, r_chows, len(r_pungs) + hand.n_concealed_kongs)
    wt = win.win_tile
    if melds:
        # the knitted straight and the pair are concealed: waiting on the pair is a single wait
        shape.wait = "single_wait" if r_pair == wt else ""
    elif rest[wt]:
        # the wait is read on the group and pair outside the knitted straight (MCR-6.45 Ruling)
        rest[wt] -= 1
        keys[SUIT_OF[wt]] -= POW_OF[wt]
        if wait_count(rest, keys) == 1:
            shape.wait = _wait_position(r_chows, r_pair, wt)
    return shape


def _seven_pairs(hand: HandFacts) -> McrShape | None:
    """Seven pairs (MCR-6.55); ``extra_rank`` is 1 for seven shifted pairs (MCR-6.80)."""
    if hand.n_kinds > 7 or hand.win.melds:
        return None
    concealed = hand.concealed
    kinds = hand.kinds
    for t in kinds:
        if concealed[t] & 1:
            return None
    shifted = len(kinds) == 7 and kinds[0] < 27 and kinds[6] == kinds[0] + 6 and kinds[0] // 9 == kinds[6] // 9
    return McrShape(hand, SEVEN_PAIRS, (), (), -1, (), 0, extra_rank=int(shifted))


def _honours_knitted(hand: HandFacts) -> McrShape | None:
    if hand.win.melds or hand.n_kinds != 14:
        return None
    suited = [t for t in hand.kinds if t < 27]
    if not 7 <= len(suited) <= 9:
        return None
    for ks in KNITTED_STRAIGHTS:
        if all(t in ks for t in suited):
            return McrShape(hand, HONOURS_KNITTED, (), (), -1, (), 0, extra_rank=len(suited))
    return None


def shapes(win: Win, counts: list[int], concealed: list[int], last_of_kind: bool) -> tuple[HandFacts, list[McrShape]]:
    """All readings of a validated winning hand to compare (MCR-5.2, MCR-7.6), in table
    order, with its :class:`HandFacts` (see :func:`readings`)."""
    hand = hand_facts(win, counts, concealed, last_of_kind)
    return hand, readings(hand)


def readings(hand: HandFacts) -> list[McrShape]:
    """All readings of a winning hand to compare (MCR-5.2, MCR-7.6), in table order.

    Special shapes come first. Seven pairs is compared with the standard readings; the
    other special shapes and the knitted straight stand alone, as in the official tables.
    """
    win = hand.win
    counts = hand.counts
    concealed = hand.concealed
    out: list[McrShape] = []
    n_kinds = hand.n_kinds
    # each special shape is tried only when the hand's kinds, ranks and suits allow it
    knitted_ranks = hand.ranks == 0x1FF and hand.suits == 7  # 147, 258 and 369 hold every rank, in three suits
    if not win.melds:
        sp = _seven_pairs(hand) if n_kinds <= 7 else None
        if sp is not None:
            if sp.extra_rank:
                return [sp]
            out.append(sp)
        else:
            special: McrShape | None = None
            if n_kinds == 14:
                special = _honours_knitted(hand)
            elif n_kinds == 13 and all(counts[t] for t in _ORPHANS):
                special = McrShape(hand, THIRTEEN_ORPHANS, (), (), -1, (), 0)
            if special is None and n_kinds >= 9 and knitted_ranks:  # a knitted straight alone is nine kinds
                special = _knitted(hand)
            if special is None and not hand.honours and hand.suits in (1, 2, 4):  # one suit only
                rank = _nine_gates(concealed, win.win_tile)
                if rank:
                    special = McrShape(hand, NINE_GATES, (), (), -1, (), 0, extra_rank=rank)
            if special is not None:
                return [special]
    elif len(win.melds) == 1 and knitted_ranks:
        ks = _knitted(hand)
        if ks is not None:
            return [ks]
    found = standard_splits(concealed, hand.keys)
    if len(found) > 1:
        found.sort(key=lambda r: _division_key(r[0], r[1]))
    for chows, pungs, pair in found:
        out.append(_standard(hand, chows, pungs, pair))
    return out
