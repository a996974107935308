"""The observation planes' layout and their incremental writer (see docs/env.md), numpy-free.

:class:`PlaneWriter` keeps one seat's planes up to date in place from the engine's state or a
:class:`~hkmj.engine.SeatView`, writing only the cells that change, through a writable
``float`` memoryview of the ``float32`` array that :class:`~hkmj.env.encoding.ViewEncoder`
owns. It imports no numpy, so the wheel compiles it with mypyc next to the engine (setup.py
``CORE``); the pure-Python module runs the same code. Only the seat's own concealed tiles and
public facts are read (never another seat's concealed tiles, HK-4 claim answers or the wall).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from hkmj.engine.state import Hand, Phase
from hkmj.scoring import Meld
from hkmj.tiles import HONOUR, N_KINDS

__all__ = [
    "BONUS",
    "DEALER",
    "DISCARDS",
    "DRAWN",
    "HAND",
    "MAX_DISCARDS",
    "MELDS",
    "N_CELLS",
    "N_ROWS",
    "OFFERED",
    "PHASE",
    "PHASES",
    "PREVAILING",
    "ROWS",
    "SCALARS",
    "SEAT_WIND",
    "PlaneWriter",
]

MAX_DISCARDS: Final = 32
"""Discard planes per seat; a (rare) 33rd or later discard shares the last plane."""

HAND: Final = 0
"""Rows 0..3: own concealed tiles, row k set where the count is above k (1, 2, 3, 4 copies)."""
DRAWN: Final = 4
"""Row 4: the tile just drawn (own turn)."""
OFFERED: Final = 5
"""Row 5: the tile on offer (a discard, or an added kong that may be robbed, HK-4.10)."""
MELDS: Final = 6
"""Rows 6..21: declared groups per relative seat, 4 rows each (counts 1..4, concealed kongs included)."""
DISCARDS: Final = MELDS + 16
"""Rows 22..149: discards still on the table per relative seat, 32 rows each, one per discard in order."""
BONUS: Final = DISCARDS + 4 * MAX_DISCARDS
"""Rows 150..153: bonus tiles per relative seat (columns 0..3 flowers 1-4, 4..7 seasons 1-4)."""
SEAT_WIND: Final = BONUS + 4
"""Row 154: own seat wind, at the column of its wind tile (27 East .. 30 North)."""
PREVAILING: Final = SEAT_WIND + 1
"""Row 155: prevailing wind (HK-7.3), at the column of its wind tile."""
DEALER: Final = PREVAILING + 1
"""Row 156: the dealer's relative seat (columns 0..3)."""
PHASE: Final = DEALER + 1
"""Row 157: phase (cols 0..3: turn, claim, rob, over), relative seat on turn or offering (4..7), own move due (8)."""
SCALARS: Final = PHASE + 1
"""Row 158: live wall / 130 (col 0), dead wall / 16 (1), concealed counts / 14 per relative seat (2..5),
running scores / 1000 clipped to ±1 per relative seat (6..9)."""
N_ROWS: Final = SCALARS + 1

ROWS: Final[tuple[tuple[str, int, int], ...]] = (
    ("own hand (counts 1-4)", HAND, 4),
    ("drawn tile", DRAWN, 1),
    ("tile on offer", OFFERED, 1),
    ("melds by seat (4 rows each)", MELDS, 16),
    ("discards by seat, in order (32 rows each)", DISCARDS, 4 * MAX_DISCARDS),
    ("bonus tiles by seat", BONUS, 4),
    ("seat wind", SEAT_WIND, 1),
    ("prevailing wind", PREVAILING, 1),
    ("dealer", DEALER, 1),
    ("phase, seat on turn, to act", PHASE, 1),
    ("wall sizes, hand sizes, scores", SCALARS, 1),
)
"""(name, first row, rows) of each block, in order."""

PHASES: Final[dict[str, int]] = {"turn": 0, "claim": 1, "rob": 2, "over": 3}
"""The phase cell (column of :data:`PHASE`) of each phase name."""
N_CELLS: Final = N_ROWS * N_KINDS
"""Cells of the planes (rows × 34 columns, row-major)."""
_TURN: Final = Phase.TURN
_CLAIM: Final = Phase.CLAIM
_OVER: Final = Phase.OVER

_W: Final = N_KINDS
_ONE: Final = 1.0
_ZERO: Final = 0.0
_FLIPS: Final = tuple(
    tuple(tuple((r * _W, _ONE if new > old else _ZERO) for r in range(min(old, new), max(old, new))) for new in range(5))
    for old in range(5)
)
"""_FLIPS[old][new]: the cells of a 4-row thermometer block (offset from its first row, value) that change
when a kind's count goes from ``old`` to ``new`` (0..4, a kind has four copies, HK-1); row r is 1 while
the count is above r."""
_HAND_FLIPS: Final = tuple(tuple(tuple((HAND * _W + cell, v) for cell, v in flips) for flips in row) for row in _FLIPS)
"""_FLIPS for the own-hand rows."""
_S: Final = SCALARS * _W
_P: Final = PHASE * _W
_REL: Final = tuple(tuple((s - me) % 4 for s in range(4)) for me in range(4))
"""_REL[me][s]: the seat ``s`` relative to the observer ``me`` (0 itself, 1 right, 2 opposite, 3 left)."""
_SEATS: Final = range(4)
_SUIT: Final = 9
"""Kinds per suit: characters 0..8, circles 9..17, bamboos 18..26, then the seven honours (HK-1)."""


def _changed_kinds(new: list[int], old: list[int]) -> list[int]:
    """The kinds whose count differs between two 34-count lists, in order.

    Suit by suit: a suit's slices compared at C speed, then its kinds one by one, so that a
    move (one or two kinds of one suit) costs four slice comparisons and a loop over nine kinds.
    Both arguments are typed ``list[int]`` and the bounds are plain ints, so that the compiled
    module slices and indexes them natively (typed ``Sequence``, every slice and item went
    through generic ``PyObject_GetItem`` with a boxed index: 14,500 instructions a call).
    """
    out: list[int] = []
    for lo in range(0, N_KINDS, _SUIT):
        hi = min(lo + _SUIT, N_KINDS)
        if new[lo:hi] != old[lo:hi]:
            for t in range(lo, hi):
                if new[t] != old[t]:
                    out.append(t)
    return out


class PlaneWriter:
    """One seat's planes, kept up to date in place, cell by cell (see :class:`~hkmj.env.encoding.ViewEncoder`).

    ``flat`` is a writable ``float`` memoryview of the :data:`N_CELLS` cells, ``zeros`` one of as
    many zeros (copied in to clear rows). Each update rewrites only the cells whose part of the
    view changed since the previous one: the changed kinds of the own hand (four thermometer
    cells each), one cell per new or claimed discard, a seat's melds or bonus tiles when that
    seat's tuple changed (the engine replaces a tuple when it changes, so unchanged parts cost an
    identity test), the phase, drawn and offered cells, the scalars that moved. A view of another
    seat or wind than the previous one starts the planes afresh.
    """

    def __init__(self, flat: Any, zeros: Any) -> None:
        self.flat: Any = flat
        self.zeros: Any = zeros
        self.key = -1
        """The ``key`` of the last update (-1: none since the last :meth:`reset`)."""
        self.reset()

    def reset(self) -> None:
        """Clear every cell and forget the previous view (the next update writes every part)."""
        self.flat[0:N_CELLS] = self.zeros
        self._seat = -1
        self._prevailing = -1
        self._conc: list[int] = [0] * N_KINDS
        self._drawn: int | None = None
        self._offered: int | None = None
        self._melds_all: Sequence[tuple[Meld, ...]] = ((), (), (), ())
        self._meld_counts: list[list[int]] = [[0] * N_KINDS for _ in range(4)]
        self._discards_all: Sequence[tuple[int, ...]] = ((), (), (), ())
        self._bonus_all: Sequence[tuple[int, ...]] = ((), (), (), ())
        self._phase = -1  # the phase cell set (column 0..3), -1 none
        self._turn_cell = -1  # the relative seat on turn's cell (column 4..7), -1 none
        self._to_act = False  # column 8
        self._live = -1
        self._dead = -1
        self._counts: Sequence[int] = (0, 0, 0, 0)  # the cells of a count 0 are 0
        self._scores: Sequence[int] = ()
        self.key = -1

    def encode_state(self, hand: Hand, seat: int, to_act: bool, key: int) -> None:
        """Bring the planes up to ``seat``'s view of ``hand``, read straight from the engine's state.

        The same planes as an update from ``hand.view(seat)`` (``to_act`` is that view's field,
        which the caller knows), without building the view: only the seat's own concealed tiles
        and public facts are read. ``key`` is remembered in :attr:`key`.
        """
        ph = hand.phase
        drawn: int | None
        offered: int | None
        if ph is _TURN:
            phase = 0
            turn = hand.turn
            drawn = hand.last_tile if seat == turn and hand._drawn else None
            offered = None
        elif ph is _OVER:
            phase = 3
            turn = hand.turn
            drawn = offered = None
        else:  # a discard (HK-4) or an added kong (HK-4.10) on offer
            phase = 1 if ph is _CLAIM else 2
            turn = hand._offer_from
            drawn = None
            offered = hand._offer_tile
        self.update(
            seat,
            hand.prevailing,
            0,  # the dealer is East, seat 0 (HK-2.1)
            hand.hands[seat],
            drawn,
            offered,
            hand.melds,
            hand.discards,
            hand.bonus,
            phase,
            turn,
            to_act,
            hand._tail - hand._head,
            len(hand._dead) - hand._front,
            hand.n_concealed,
            hand.scores,
        )
        self.key = key

    def update(
        self,
        me: int,
        prevailing: int,
        dealer: int,
        conc: Sequence[int],
        drawn: int | None,
        offered: int | None,
        melds: Sequence[tuple[Meld, ...]],
        discards: Sequence[tuple[int, ...]],
        bonus: Sequence[tuple[int, ...]],
        phase: int,
        turn: int,
        to_act: bool,
        live: int,
        dead: int,
        counts: Sequence[int],
        scores: Sequence[int],
    ) -> None:
        """Rewrite the cells whose part of the view changed; the sequences are copied when kept
        (the engine's lists change in place; slicing a tuple costs nothing)."""
        if me != self._seat or prevailing != self._prevailing:
            self.reset()
            self._seat = me
            self._prevailing = prevailing
            self._start_cells(me, prevailing, dealer)
        f = self.flat
        old_conc = self._conc
        if conc != old_conc:  # own hand: the changed kinds only
            new_conc = list(conc)
            for t in _changed_kinds(new_conc, old_conc):
                for cell, value in _HAND_FLIPS[old_conc[t]][new_conc[t]]:
                    f[cell + t] = value
            self._conc = new_conc
        if drawn != self._drawn:
            if self._drawn is not None:
                f[DRAWN * _W + self._drawn] = _ZERO
            if drawn is not None:
                f[DRAWN * _W + drawn] = _ONE
            self._drawn = drawn
        if offered != self._offered:
            if self._offered is not None:
                f[OFFERED * _W + self._offered] = _ZERO
            if offered is not None:
                f[OFFERED * _W + offered] = _ONE
            self._offered = offered
        if melds != self._melds_all:
            self._encode_melds(melds, me)
            self._melds_all = melds[:]
        old_all = self._discards_all
        if discards is not old_all:
            rel = _REL[me]
            for s in _SEATS:
                pond = discards[s]
                old_pond = old_all[s]
                if pond is old_pond:  # the engine replaces a changed pond's tuple
                    continue
                row = DISCARDS + MAX_DISCARDS * rel[s]
                n = len(pond)
                k = len(old_pond)
                if n > MAX_DISCARDS or k > MAX_DISCARDS:
                    self._rewrite_pond(row, pond)
                    continue
                # a pond grows at its end, and only its latest tile can be claimed (HK-4): the
                # common start is all of the old pond, or all but its last tile
                if k and (n < k or pond[k - 1] != old_pond[k - 1]):
                    k -= 1
                    f[(row + k) * _W + old_pond[k]] = _ZERO
                for i in range(k, n):
                    f[(row + i) * _W + pond[i]] = _ONE
            self._discards_all = discards[:]
        if bonus != self._bonus_all:
            self._encode_bonus(bonus, me)
            self._bonus_all = bonus[:]
        if phase != self._phase:
            if self._phase >= 0:
                f[_P + self._phase] = _ZERO
            f[_P + phase] = _ONE
            self._phase = phase
        cell = 4 + (turn - me) % 4
        if cell != self._turn_cell:
            if self._turn_cell >= 0:
                f[_P + self._turn_cell] = _ZERO
            f[_P + cell] = _ONE
            self._turn_cell = cell
        if to_act is not self._to_act:
            f[_P + 8] = _ONE if to_act else _ZERO
            self._to_act = to_act
        if live != self._live:
            self._live = live
            f[_S] = live / 130.0
        if dead != self._dead:
            self._dead = dead
            f[_S + 1] = dead / 16.0
        old = self._counts
        if counts != old:
            rel = _REL[me]
            for s in _SEATS:
                if counts[s] != old[s]:
                    f[_S + 2 + rel[s]] = counts[s] / 14.0
            self._counts = counts[:]
        if scores != self._scores:
            self._scores = scores[:]
            for r in range(4):
                f[_S + 6 + r] = max(-1.0, min(1.0, scores[(me + r) % 4] / 1000.0))

    def _clear_rows(self, row: int, n: int) -> None:
        """Rows ``row..row+n-1`` set to zero."""
        self.flat[row * _W : (row + n) * _W] = self.zeros[0 : n * _W]

    def _rewrite_pond(self, row: int, pond: Sequence[int]) -> None:
        """Discard rows ``row..row+31`` of one seat written afresh (a 33rd or later discard shares the last row)."""
        self._clear_rows(row, MAX_DISCARDS)
        f = self.flat
        for i, t in enumerate(pond):
            f[(row + min(i, MAX_DISCARDS - 1)) * _W + t] = _ONE

    def _start_cells(self, me: int, prevailing: int, dealer: int) -> None:
        """The rows fixed for a hand: own seat wind, prevailing wind, dealer."""
        f = self.flat
        f[SEAT_WIND * _W + HONOUR + me] = _ONE
        f[PREVAILING * _W + HONOUR + prevailing] = _ONE
        f[DEALER * _W + (dealer - me) % 4] = _ONE

    def _thermometer(self, row: int, counts: list[int], old: list[int]) -> None:
        """Rows ``row..row+3`` from the previous ``old`` counts: 1 where a kind's count is above 0, 1, 2, 3.

        Only the changed kinds (:func:`_changed_kinds`) and, of those, only the cells that flip are written.
        """
        f = self.flat
        base = row * _W
        for t in _changed_kinds(counts, old):
            for cell, value in _FLIPS[old[t]][counts[t]]:
                f[base + cell + t] = value

    def _encode_melds(self, melds: Sequence[tuple[Meld, ...]], me: int) -> None:
        old = self._melds_all
        self._melds_all = melds
        for s, ms in enumerate(melds):
            if ms is not old[s]:  # the engine replaces a seat's tuple when its melds change
                counts = [0] * N_KINDS
                for m in ms:
                    for t in m.tiles:
                        counts[t] += 1
                self._thermometer(MELDS + 4 * ((s - me) % 4), counts, self._meld_counts[s])
                self._meld_counts[s] = counts

    def _encode_bonus(self, bonus: Sequence[tuple[int, ...]], me: int) -> None:
        old = self._bonus_all
        self._bonus_all = bonus
        for s, tiles in enumerate(bonus):
            if tiles != old[s]:
                row = BONUS + (s - me) % 4
                self._clear_rows(row, 1)
                for t in tiles:
                    self.flat[row * _W + t - N_KINDS] = _ONE
