"""The observation planes' layout and their incremental writer (see docs/env.md), numpy-free.

:class:`PlaneWriter` keeps one seat's planes up to date in place from the engine's state or a
:class:`~hkmj.engine.SeatView`, writing only the cells that change, through a writable
``float`` memoryview of the ``float32`` array that :class:`~hkmj.env.encoding.ViewEncoder`
owns. It imports no numpy, so the wheel compiles it with mypyc next to the engine (setup.py
``CORE``); the pure-Python module runs the same code. Only the seat's own concealed tiles and
public facts are read (never another seat's concealed tiles, HK-4 claim answers or the wall).

The compiled wheel also builds ``hkmj.env._cells`` (``_cells.c``, setup.py): the same cell
writer in C, storing straight into the planes' buffer; :class:`PlaneWriter` uses it when it is
installed and its layout matches this module's (:data:`NATIVE`), and its own code otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from hkmj.engine.state import Hand, Phase
from hkmj.scoring import Meld
from hkmj.tiles import HONOUR, N_KINDS

__all__ = [
    "BONUS",
    "DEAD_HANDS",
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
DEAD_HANDS: Final = SCALARS + 1
"""Row 159: 1 at the column of each relative seat (0..3) whose hand is dead after a false Mahjong
(MCR-5.4; public, as the declaration was; never set under a ruleset without dead hands)."""
N_ROWS: Final = DEAD_HANDS + 1

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
    ("dead hands by seat", DEAD_HANDS, 1),
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
_ONE: Final[object] = float(1)
_ZERO: Final[object] = float(0)
"""The two cell values, boxed once: compiled, a store of a ``float`` literal would box it each time."""
_CELL: Final[tuple[object, ...]] = tuple(range(N_CELLS))
"""Each cell's index, boxed once: ``f[_CELL[i]]`` stores without making an ``int`` object (most indices
are above CPython's cached small ints)."""
_S: Final = SCALARS * _W
_P: Final = PHASE * _W
_D: Final = DEAD_HANDS * _W
_BLOCK: Final = 4
"""Rows of a thermometer block (own hand, a seat's melds): a kind has four copies (HK-1)."""
LAYOUT: Final = (N_KINDS, HAND, DRAWN, OFFERED, MELDS, DISCARDS, MAX_DISCARDS, BONUS, SEAT_WIND, PREVAILING, DEALER, PHASE, SCALARS, DEAD_HANDS, N_ROWS, HONOUR)
"""The layout constants ``hkmj.env._cells`` must have been built with (its ``LAYOUT``)."""


def _native() -> Any:
    """``hkmj.env._cells`` (the C cell writer and mask of the compiled wheel), or None when it is
    not installed (a pure-Python install) or was built for another layout."""
    try:
        from hkmj.env import _cells
    except ImportError:
        return None
    return _cells if tuple(_cells.LAYOUT) == LAYOUT else None


NATIVE: Final[Any] = _native()
"""``hkmj.env._cells`` when installed (the compiled wheel), else None: :class:`PlaneWriter` and
``hkmj.env.core.mask_bytes`` then run their Python code."""


def _count_meld(counts: list[int], meld: Meld, sign: int, touched: list[int]) -> None:
    """Add ``sign`` (1 or -1) times ``meld``'s tiles to ``counts`` by kind, and append the kinds to
    ``touched``: a chow's three consecutive kinds once each, a pung's kind three times, a kong's four
    (HK-4.8; what ``meld.tiles`` holds, without building the tuple)."""
    t = meld.tile
    kind = meld.kind
    if kind == "chow":
        for u in range(t, t + 3):
            counts[u] = counts[u] + sign
            touched.append(u)
    else:
        counts[t] = counts[t] + sign * (3 if kind == "pung" else 4)
        touched.append(t)


def _exporter(flat: Any) -> Any:
    """What the C writer takes its buffer from: a memoryview's own exporter (the planes' NumPy
    array) when it has one, else ``flat``. Held by the writer, a memoryview's export outlived the
    memoryview when the garbage collector cleared an environment dropped mid-episode (a
    memoryview cleared with exports left gives up its buffer): the compiled core crashed."""
    if isinstance(flat, memoryview) and flat.obj is not None:
        with memoryview(flat.obj) as whole:  # the same cells, not a larger buffer it is a slice of
            if whole.format == flat.format and whole.nbytes == flat.nbytes and whole.c_contiguous:
                return flat.obj
    return flat


class PlaneWriter:
    """One seat's planes, kept up to date in place, cell by cell (see :class:`~hkmj.env.encoding.ViewEncoder`).

    ``flat`` is a writable ``float`` memoryview of the :data:`N_CELLS` cells, ``zeros`` one of as
    many zeros (copied in to clear them). Each update rewrites only the cells whose part of the
    view changed since the previous one: the changed kinds of the own hand (the thermometer cells
    that flip), one cell per new or claimed discard, a seat's melds or bonus tiles when that seat's
    tuple changed (the engine replaces a tuple when it changes, so an unchanged part costs an
    identity test), the phase, drawn and offered cells, the scalars that moved. A view of another
    seat or wind than the previous one starts the planes afresh.

    The previous view is kept in typed attributes (lists of ints, the engine's own tuples), so that
    the compiled module (setup.py ``CORE``) compares and indexes them natively, without generic
    sequence calls; :meth:`encode_state` hands the engine's lists and tuples over as they are.
    """

    def __init__(self, flat: Any, zeros: Any, native: bool = True) -> None:
        self.flat: Any = flat
        self.zeros: Any = zeros
        self.cells: Any = NATIVE.Cells(_exporter(flat)) if native and NATIVE is not None else None
        """The C writer of the same cells (:data:`NATIVE`), or None: this class's own code writes them."""
        self.key = -1
        """The ``key`` of the last update (-1: none since the last :meth:`reset`)."""
        self.reset()

    def reset(self) -> None:
        """Clear every cell and forget the previous view (the next update writes every part)."""
        self.key = -1
        cells = self.cells
        if cells is not None:
            cells.reset()
            return
        self.flat[0:N_CELLS] = self.zeros
        self._seat = -1
        self._prevailing = -1
        self._conc: list[int] = [0] * N_KINDS  # own concealed counts, by kind
        self._drawn = -1  # the drawn cell's kind, -1 none
        self._offered = -1  # the offered cell's kind, -1 none
        self._melds: list[tuple[Meld, ...]] = [(), (), (), ()]  # each seat's last meld tuple
        self._meld_counts: list[list[int]] = [[0] * N_KINDS for _ in range(4)]
        self._ponds: list[tuple[int, ...]] = [(), (), (), ()]  # each seat's last discard tuple
        self._bonus: list[tuple[int, ...]] = [(), (), (), ()]
        self._phase = -1  # the phase cell set (column 0..3), -1 none
        self._turn_cell = -1  # the relative seat on turn's cell (column 4..7), -1 none
        self._to_act = False  # column 8
        self._live = -1
        self._dead = -1
        self._counts: list[int] = [0, 0, 0, 0]  # the cells of a count 0 are 0
        self._scores: tuple[int, ...] = ()
        self._dead_hands: list[bool] = [False, False, False, False]  # each seat's dead-hand cell (MCR-5.4)

    def encode_state(self, hand: Hand, seat: int, to_act: bool, key: int) -> None:
        """Bring the planes up to ``seat``'s view of ``hand``, read straight from the engine's state.

        The same planes as an update from ``hand.view(seat)`` (``to_act`` is that view's field,
        which the caller knows), without building the view: only the seat's own concealed tiles
        (``hand.hands[seat]``) and public facts are read. ``key`` is remembered in :attr:`key`.
        """
        ph = hand.phase
        drawn = offered = -1
        if ph is _TURN:
            phase = 0
            turn = hand.turn
            if seat == turn:
                last = hand.drawn_tile
                if last is not None:
                    drawn = last
        elif ph is _OVER:
            phase = 3
            turn = hand.turn
        else:  # a discard (HK-4) or an added kong (HK-4.10) on offer
            phase = 1 if ph is _CLAIM else 2
            by, tile = hand.offered_by, hand.offered_tile
            turn = hand.turn if by is None else by
            offered = -1 if tile is None else tile
        self._write(
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
            hand.live_count,
            hand.dead_count,
            hand.n_concealed,
            hand.scores,
            hand.dead_hands,
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
        dead_hands: Sequence[bool] = (False, False, False, False),
    ) -> None:
        """Rewrite the cells whose part of a view (a :class:`~hkmj.engine.SeatView`'s fields) changed."""
        self._write(
            me,
            prevailing,
            dealer,
            list(conc),
            -1 if drawn is None else drawn,
            -1 if offered is None else offered,
            list(melds),
            list(discards),
            list(bonus),
            phase,
            turn,
            to_act,
            live,
            dead,
            list(counts),
            tuple(scores),
            [bool(d) for d in dead_hands],
        )

    def _write(
        self,
        me: int,
        prevailing: int,
        dealer: int,
        conc: list[int],
        drawn: int,
        offered: int,
        melds: list[tuple[Meld, ...]],
        ponds: list[tuple[int, ...]],
        bonus: list[tuple[int, ...]],
        phase: int,
        turn: int,
        to_act: bool,
        live: int,
        dead: int,
        counts: list[int],
        scores: tuple[int, ...],
        dead_hands: list[bool],
    ) -> None:
        """:meth:`update` with typed arguments (-1: no drawn or offered tile); nothing given is kept
        but the tuples (the engine's lists change in place, its tuples never). With :attr:`cells`,
        the C writer does the same, in the same order."""
        cells = self.cells
        if cells is not None:
            cells.write(
                me, prevailing, dealer, conc, drawn, offered, melds, ponds, bonus, phase, turn, to_act, live, dead, counts, scores, dead_hands
            )
            return
        if me != self._seat or prevailing != self._prevailing:
            self.reset()
            self._seat = me
            self._prevailing = prevailing
            self._start_cells(me, prevailing, dealer)
        f = self.flat
        # own hand: the kinds whose count changed, looked for first where a move changes them (the
        # latest discard, the drawn tile, a new meld: HK-3, HK-4), then, if the hand still differs
        # from the planes' counts (one list comparison), everywhere
        old_conc = self._conc
        own = ponds[me]
        if own:
            self._hand_kind(conc, old_conc, own[-1])
        if drawn >= 0:
            self._hand_kind(conc, old_conc, drawn)
        ms = melds[me]
        if ms and ms is not self._melds[me]:
            m = ms[-1]
            self._hand_kind(conc, old_conc, m.tile)
            if m.kind == "chow":  # a chow's other two kinds (HK-4.2)
                self._hand_kind(conc, old_conc, m.tile + 1)
                self._hand_kind(conc, old_conc, m.tile + 2)
        if conc != old_conc:
            for t in range(N_KINDS):
                self._hand_kind(conc, old_conc, t)
        if drawn != self._drawn:
            if self._drawn >= 0:
                f[_CELL[DRAWN * _W + self._drawn]] = _ZERO
            if drawn >= 0:
                f[_CELL[DRAWN * _W + drawn]] = _ONE
            self._drawn = drawn
        if offered != self._offered:
            if self._offered >= 0:
                f[_CELL[OFFERED * _W + self._offered]] = _ZERO
            if offered >= 0:
                f[_CELL[OFFERED * _W + offered]] = _ONE
            self._offered = offered
        old_melds = self._melds
        old_ponds = self._ponds
        old_bonus = self._bonus
        for s in range(4):
            rel = (s - me) & 3  # the seat relative to the observer (0 itself, 1 right, 2 opposite, 3 left)
            ms = melds[s]
            if ms is not old_melds[s]:  # the engine replaces a seat's tuple when its melds change
                self._melds_changed(MELDS + _BLOCK * rel, ms, old_melds[s], self._meld_counts[s])
                old_melds[s] = ms
            pond = ponds[s]
            if pond is not old_ponds[s]:  # the same for a seat's discards
                self._pond_changed(DISCARDS + MAX_DISCARDS * rel, pond, old_ponds[s])
                old_ponds[s] = pond
            tiles = bonus[s]
            if tiles is not old_bonus[s]:
                self._bonus_changed((BONUS + rel) * _W - N_KINDS, tiles, old_bonus[s])
                old_bonus[s] = tiles
        if phase != self._phase:
            if self._phase >= 0:
                f[_CELL[_P + self._phase]] = _ZERO
            f[_CELL[_P + phase]] = _ONE
            self._phase = phase
        cell = 4 + ((turn - me) & 3)
        if cell != self._turn_cell:
            if self._turn_cell >= 0:
                f[_CELL[_P + self._turn_cell]] = _ZERO
            f[_CELL[_P + cell]] = _ONE
            self._turn_cell = cell
        if to_act != self._to_act:
            f[_CELL[_P + 8]] = _ONE if to_act else _ZERO
            self._to_act = to_act
        if live != self._live:
            self._live = live
            f[_CELL[_S]] = live / 130.0
        if dead != self._dead:
            self._dead = dead
            f[_CELL[_S + 1]] = dead / 16.0
        old_counts = self._counts
        if counts != old_counts:
            for s in range(4):
                c = counts[s]
                if c != old_counts[s]:
                    old_counts[s] = c
                    f[_CELL[_S + 2 + ((s - me) & 3)]] = c / 14.0
        if scores is not self._scores:
            if scores != self._scores:
                for r in range(4):
                    f[_CELL[_S + 6 + r]] = max(-1.0, min(1.0, scores[(me + r) & 3] / 1000.0))
            self._scores = scores
        old_dead = self._dead_hands
        if dead_hands != old_dead:  # the engine's list changes in place: compared by value
            if len(dead_hands) != 4:
                raise ValueError(f"dead hands: expected one per seat (4), got {len(dead_hands)}")
            for s in range(4):
                d = dead_hands[s]
                if d != old_dead[s]:
                    old_dead[s] = d
                    f[_CELL[_D + ((s - me) & 3)]] = _ONE if d else _ZERO

    def _hand_kind(self, conc: list[int], old: list[int], t: int) -> None:
        """The own hand's cells of kind ``t`` brought from its count in ``old`` to that in ``conc`` (``old`` updated)."""
        n = conc[t]
        o = old[t]
        if n != o:
            self._flip(HAND * _W + t, o, n)
            old[t] = n

    def _flip(self, cell: int, old: int, new: int) -> None:
        """A kind's count in a thermometer block went from ``old`` to ``new`` (0..4): row r of the
        block is 1 while the count is above r, so the rows between the two counts flip; ``cell`` is
        the kind's cell in the block's first row."""
        f = self.flat
        if new > old:
            for r in range(old, new):
                f[_CELL[cell + r * _W]] = _ONE
        else:
            for r in range(new, old):
                f[_CELL[cell + r * _W]] = _ZERO

    def _melds_changed(self, row: int, melds: tuple[Meld, ...], old: tuple[Meld, ...], counts: list[int]) -> None:
        """A seat's melds went from ``old`` to ``melds`` (its block's first row ``row``, ``counts`` the
        counts it shows, brought up to date): a meld added (HK-4), a pung made a kong in place
        (HK-3.3). Only the melds that are not the same objects at the same place are read."""
        new = counts[:]
        touched: list[int] = []
        n_new = len(melds)
        n_old = len(old)
        for i in range(max(n_new, n_old)):
            m = melds[i] if i < n_new else None
            o = old[i] if i < n_old else None
            if m is not o:
                if o is not None:
                    _count_meld(new, o, -1, touched)
                if m is not None:
                    _count_meld(new, m, 1, touched)
        cell = row * _W
        for t in touched:
            n = new[t]
            c = counts[t]
            if n != c:
                self._flip(cell + t, c, n)
                counts[t] = n

    def _pond_changed(self, row: int, pond: tuple[int, ...], old: tuple[int, ...]) -> None:
        """A seat's discards went from ``old`` to ``pond`` (its rows from ``row``, one per discard)."""
        n = len(pond)
        k = len(old)
        if n > MAX_DISCARDS or k > MAX_DISCARDS:
            self._rewrite_pond(row, pond)
            return
        f = self.flat
        # a pond grows at its end, and only its latest tile can be claimed (HK-4): the common
        # start is all of the old pond, or all but its last tile
        if k and (n < k or pond[k - 1] != old[k - 1]):
            k -= 1
            f[_CELL[(row + k) * _W + old[k]]] = _ZERO
        for i in range(k, n):
            f[_CELL[(row + i) * _W + pond[i]]] = _ONE

    def _bonus_changed(self, cell: int, tiles: tuple[int, ...], old: tuple[int, ...]) -> None:
        """A seat's bonus tiles (HK-2.6) went from ``old`` to ``tiles``; ``cell`` + a bonus tile is its cell."""
        f = self.flat
        for t in old:
            f[_CELL[cell + t]] = _ZERO
        for t in tiles:
            f[_CELL[cell + t]] = _ONE

    def _rewrite_pond(self, row: int, pond: tuple[int, ...]) -> None:
        """Discard rows ``row..row+31`` of one seat written afresh (a 33rd or later discard shares the last row)."""
        self.flat[row * _W : (row + MAX_DISCARDS) * _W] = self.zeros[0 : MAX_DISCARDS * _W]
        f = self.flat
        for i, t in enumerate(pond):
            f[_CELL[(row + min(i, MAX_DISCARDS - 1)) * _W + t]] = _ONE

    def _start_cells(self, me: int, prevailing: int, dealer: int) -> None:
        """The rows fixed for a hand: own seat wind, prevailing wind, dealer."""
        f = self.flat
        f[_CELL[SEAT_WIND * _W + HONOUR + me]] = _ONE
        f[_CELL[PREVAILING * _W + HONOUR + prevailing]] = _ONE
        f[_CELL[DEALER * _W + ((dealer - me) & 3)]] = _ONE
