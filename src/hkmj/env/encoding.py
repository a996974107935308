"""Fixed-shape encodings of a seat's view and of the action space (see docs/env.md).

Observation: a ``float32`` array of :data:`N_ROWS` × 34 planes (one column per tile kind,
HK-1), built only from :class:`~hkmj.engine.SeatView` — never another seat's concealed tiles.
Seats are *relative* to the observer: 0 = itself, 1 = the seat after it (its right, who
takes its discards for chows, HK-4.2), 2 = opposite, 3 = the seat before it.

Actions: a fixed :data:`N_ACTIONS`-way discrete space (:data:`ACTION_NAMES`); the mask marks
exactly the engine's legal actions. Bonus tiles are exposed and replaced by the engine
automatically (HK-2.6, HK-3.2), so they need no action.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from hkmj.engine import Action, Chow, Discard, Kong, Pass, Pung, SeatView, Win
from hkmj.engine.actions import ADDED, CONCEALED, FROM_DISCARD, PASS, WIN
from hkmj.engine.actions import PUNG as PUNG_ACTION
from hkmj.engine.actions import discard as _discard
from hkmj.engine.actions import kong as _kong
from hkmj.scoring import Meld
from hkmj.tiles import HONOUR, N_KINDS, tile_str

__all__ = [
    "ACTION_NAMES",
    "CHOW",
    "DISCARD",
    "KONG_CLAIM",
    "KONG_OWN",
    "MAHJONG",
    "N_ACTIONS",
    "N_ROWS",
    "PASS_",
    "PUNG",
    "ROWS",
    "ViewEncoder",
    "action_index",
    "encode_legal",
]

# ---------------------------------------------------------------------------- actions

DISCARD = 0
"""0..33: discard a tile of that kind (HK-3.2)."""
CHOW = 34
"""34..36: chow with the discard as the low, middle or high tile (HK-4.2)."""
PUNG = 37
"""37: pung the discard (HK-4.3)."""
KONG_CLAIM = 38
"""38: kong the discard with three in hand (HK-4.4)."""
KONG_OWN = 39
"""39..72: concealed or added kong of that kind on one's own turn (HK-3.3; never both at once)."""
MAHJONG = 73
"""73: declare Mahjong (HK-5); only ever legal for a winning hand."""
PASS_ = 74
"""74: pass on a discard or an added kong on offer."""
N_ACTIONS = 75

ACTION_NAMES: tuple[str, ...] = (
    tuple(f"discard {tile_str(t)}" for t in range(N_KINDS))
    + ("chow (discard low)", "chow (discard middle)", "chow (discard high)", "pung", "kong (discard)")
    + tuple(f"kong {tile_str(t)} (own turn)" for t in range(N_KINDS))
    + ("mahjong", "pass")
)
"""A readable name per action index."""


def action_index(action: Action, offered: int | None) -> int:
    """The index of an engine action; ``offered`` is the tile on offer (for chows)."""
    if isinstance(action, Discard):
        return DISCARD + action.tile
    if isinstance(action, Chow):
        if offered is None or not action.low <= offered <= action.low + 2:
            raise ValueError(f"{action}: no discard on offer that this chow uses")
        return CHOW + offered - action.low
    if isinstance(action, Pung):
        return PUNG
    if isinstance(action, Kong):
        return KONG_CLAIM if action.how == FROM_DISCARD else KONG_OWN + action.tile
    if isinstance(action, Win):
        return MAHJONG
    if isinstance(action, Pass):
        return PASS_
    raise ValueError(f"{action!r} is not an action")


_BY_ID: dict[int, int] = {}
"""Index of each shared engine action instance (discards, pung, kongs, Mahjong, pass) by identity."""
_SHARED: list[Action] = []


def _share(action: Action) -> None:
    _SHARED.append(action)  # kept alive, so its id stays unique
    _BY_ID[id(action)] = action_index(action, None)


def encode_legal(legal: Sequence[Action], offered: int | None) -> tuple[npt.NDArray[np.int8], list[int]]:
    """The ``int8`` action mask of ``legal`` and the index of each legal action, in order."""
    by_id = _BY_ID
    indices: list[int] = []
    buf = bytearray(N_ACTIONS)
    for a in legal:
        i = by_id.get(id(a))
        if i is None:
            i = action_index(a, offered)
        indices.append(i)
        buf[i] = 1
    return np.frombuffer(buf, dtype=np.int8), indices


for _t in range(N_KINDS):
    _share(_discard(_t))
    for _how in (CONCEALED, ADDED, FROM_DISCARD):
        _share(_kong(_t, _how))
for _a in (PASS, PUNG_ACTION, WIN):
    _share(_a)


# ---------------------------------------------------------------------------- observation planes

MAX_DISCARDS = 32
"""Discard planes per seat; a (rare) 33rd or later discard shares the last plane."""

HAND = 0
"""Rows 0..3: own concealed tiles, row k set where the count is above k (1, 2, 3, 4 copies)."""
DRAWN = 4
"""Row 4: the tile just drawn (own turn)."""
OFFERED = 5
"""Row 5: the tile on offer (a discard, or an added kong that may be robbed, HK-4.10)."""
MELDS = 6
"""Rows 6..21: declared groups per relative seat, 4 rows each (counts 1..4, concealed kongs included)."""
DISCARDS = MELDS + 16
"""Rows 22..149: discards still on the table per relative seat, 32 rows each, one per discard in order."""
BONUS = DISCARDS + 4 * MAX_DISCARDS
"""Rows 150..153: bonus tiles per relative seat (columns 0..3 flowers 1-4, 4..7 seasons 1-4)."""
SEAT_WIND = BONUS + 4
"""Row 154: own seat wind, at the column of its wind tile (27 East .. 30 North)."""
PREVAILING = SEAT_WIND + 1
"""Row 155: prevailing wind (HK-7.3), at the column of its wind tile."""
DEALER = PREVAILING + 1
"""Row 156: the dealer's relative seat (columns 0..3)."""
PHASE = DEALER + 1
"""Row 157: phase (cols 0..3: turn, claim, rob, over), relative seat on turn or offering (4..7), own move due (8)."""
SCALARS = PHASE + 1
"""Row 158: live wall / 130 (col 0), dead wall / 16 (1), concealed counts / 14 per relative seat (2..5),
running scores / 1000 clipped to ±1 per relative seat (6..9)."""
N_ROWS = SCALARS + 1

ROWS: tuple[tuple[str, int, int], ...] = (
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

_PHASES = {"turn": 0, "claim": 1, "rob": 2, "over": 3}


_W = N_KINDS
_ABOVE = tuple(bytes(1 if n > level else 0 for n in range(256)) for level in range(4))
"""``bytes.translate`` tables: count byte → 1 when above ``level``."""


class ViewEncoder:
    """Encodes one seat's successive views of a hand into planes, incrementally.

    The 0/1 cells live in a ``bytearray`` (a cell costs one byte store) and every block is
    rewritten only when its part of the view changed: the own hand's changed kinds, one cell
    for a new discard, a seat's melds or bonus tiles when that seat's tuple changed, the phase
    cells when the phase did. Unchanged parts cost one tuple comparison each; the result is one
    ``astype`` of the buffer plus the scalar row. Call :meth:`reset` at each hand.
    """

    def __init__(self) -> None:
        self.buf = bytearray(N_ROWS * _W)
        self.reset()

    def reset(self) -> None:
        """Forget the previous hand."""
        self.buf[:] = bytes(N_ROWS * _W)
        self._seat = -1
        self._prevailing = -1
        self._conc: tuple[int, ...] = ()
        self._drawn: int | None = None
        self._offered: int | None = None
        self._melds_all: tuple[object, ...] = ((), (), (), ())
        self._discards_all: tuple[tuple[int, ...], ...] = ((), (), (), ())
        self._bonus_all: tuple[tuple[int, ...], ...] = ((), (), (), ())
        self._phase_cells: tuple[int, ...] = ()
        self._phase_key: tuple[str, int, bool] | None = None
        self._scalar_key: tuple[object, ...] | None = None
        self._scalars = np.zeros(10, dtype=np.float32)

    def encode(self, view: SeatView) -> npt.NDArray[np.float32]:
        """The planes of ``view`` (a new array)."""
        b = self.buf
        me = view.seat
        if me != self._seat or view.prevailing != self._prevailing:
            self._seat = me
            self._prevailing = view.prevailing
            b[SEAT_WIND * _W : PHASE * _W] = bytes((PHASE - SEAT_WIND) * _W)
            b[SEAT_WIND * _W + HONOUR + me] = 1
            b[PREVAILING * _W + HONOUR + view.prevailing] = 1
            b[DEALER * _W + (view.dealer - me) % 4] = 1
        conc = view.concealed
        if conc != self._conc:
            self._conc = conc
            self._thermometer(HAND, bytes(conc))
        drawn = view.drawn
        if drawn != self._drawn:
            if self._drawn is not None:
                b[DRAWN * _W + self._drawn] = 0
            if drawn is not None:
                b[DRAWN * _W + drawn] = 1
            self._drawn = drawn
        offered = view.offered
        if offered != self._offered:
            if self._offered is not None:
                b[OFFERED * _W + self._offered] = 0
            if offered is not None:
                b[OFFERED * _W + offered] = 1
            self._offered = offered
        if view.melds != self._melds_all:
            self._encode_melds(view.melds, me)
        if view.discards != self._discards_all:
            self._encode_discards(view.discards, me)
        if view.bonus != self._bonus_all:
            old_b = self._bonus_all
            self._bonus_all = view.bonus
            for s, bonus in enumerate(view.bonus):
                if bonus != old_b[s]:
                    r = (BONUS + (s - me) % 4) * _W
                    b[r : r + _W] = bytes(_W)
                    for t in bonus:
                        b[r + t - N_KINDS] = 1
        key = (view.phase, view.turn, view.to_act)
        if key != self._phase_key:
            self._phase_key = key
            for c in self._phase_cells:
                b[PHASE * _W + c] = 0
            cells = (_PHASES[view.phase], 4 + (view.turn - me) % 4, 8) if view.to_act else (_PHASES[view.phase], 4 + (view.turn - me) % 4)
            for c in cells:
                b[PHASE * _W + c] = 1
            self._phase_cells = cells
        out = np.frombuffer(b, dtype=np.uint8).astype(np.float32).reshape(N_ROWS, _W)
        skey = (view.live, view.dead, view.concealed_counts, view.scores)
        if skey != self._scalar_key:
            self._scalar_key = skey
            counts = view.concealed_counts
            scores = view.scores
            rel = ((me + 1) % 4, (me + 2) % 4, (me + 3) % 4)
            self._scalars[:] = (
                view.live / 130.0,
                view.dead / 16.0,
                counts[me] / 14.0,
                *(counts[x] / 14.0 for x in rel),
                max(-1.0, min(1.0, scores[me] / 1000.0)),
                *(max(-1.0, min(1.0, scores[x] / 1000.0)) for x in rel),
            )
        out[SCALARS, :10] = self._scalars
        return out

    def _thermometer(self, row: int, counts: bytes) -> None:
        """Rows ``row..row+3``: 1 where the count (one byte per kind) is above 0, 1, 2, 3."""
        b = self.buf
        for level in range(4):
            start = (row + level) * _W
            b[start : start + _W] = counts.translate(_ABOVE[level])

    def _encode_melds(self, melds: tuple[tuple[Meld, ...], ...], me: int) -> None:
        old = self._melds_all
        self._melds_all = melds
        for s, ms in enumerate(melds):
            if ms != old[s]:
                block = bytearray(N_KINDS)
                for m in ms:
                    for t in m.tiles:
                        block[t] += 1
                self._thermometer(MELDS + 4 * ((s - me) % 4), bytes(block))

    def _encode_discards(self, discards: tuple[tuple[int, ...], ...], me: int) -> None:
        b = self.buf
        old_all = self._discards_all
        self._discards_all = discards
        for s, pond in enumerate(discards):
            old = old_all[s]
            if pond is old or pond == old:
                continue
            base = (DISCARDS + MAX_DISCARDS * ((s - me) % 4)) * _W
            n = len(pond)
            if n == len(old) + 1 and n <= MAX_DISCARDS and pond[:-1] == old:
                b[base + (n - 1) * _W + pond[-1]] = 1
            else:
                b[base : base + MAX_DISCARDS * _W] = bytes(MAX_DISCARDS * _W)
                for i, t in enumerate(pond):
                    b[base + min(i, MAX_DISCARDS - 1) * _W + t] = 1
