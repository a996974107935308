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
from hkmj.engine.actions import FROM_DISCARD
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


def encode_legal(legal: Sequence[Action], offered: int | None) -> tuple[npt.NDArray[np.int8], dict[int, Action]]:
    """The ``int8`` action mask of ``legal`` and the engine action behind each set index."""
    by_index = {action_index(a, offered): a for a in legal}
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    if by_index:
        mask[list(by_index)] = 1
    return mask, by_index


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
_LEVELS = np.arange(4, dtype=np.int8).reshape(4, 1)


class ViewEncoder:
    """Encodes one seat's successive views of a hand into planes, incrementally.

    Melds, discards and bonus tiles are immutable tuples in the view: a block is rewritten
    only when its tuple changed (a new discard sets one cell). Call :meth:`reset` at each hand.
    """

    def __init__(self) -> None:
        self.planes = np.zeros((N_ROWS, N_KINDS), dtype=np.float32)
        self._melds: list[object] = [None] * 4
        self._discards: list[tuple[int, ...] | None] = [None] * 4
        self._bonus: list[object] = [None] * 4

    def reset(self) -> None:
        """Forget the previous hand."""
        self.planes.fill(0.0)
        self._melds = [None] * 4
        self._discards = [None] * 4
        self._bonus = [None] * 4

    def encode(self, view: SeatView) -> npt.NDArray[np.float32]:
        """The planes of ``view`` (a new array; the encoder keeps its own)."""
        p = self.planes
        me = view.seat
        counts = np.array(view.concealed, dtype=np.int8)
        p[HAND : HAND + 4] = counts > _LEVELS
        p[DRAWN].fill(0.0)
        if view.drawn is not None:
            p[DRAWN, view.drawn] = 1.0
        p[OFFERED].fill(0.0)
        if view.offered is not None:
            p[OFFERED, view.offered] = 1.0
        for s in range(4):
            r = (s - me) % 4
            melds = view.melds[s]
            if melds is not self._melds[s]:
                self._melds[s] = melds
                block = np.zeros(N_KINDS, dtype=np.int8)
                for m in melds:
                    for t in m.tiles:
                        block[t] += 1
                p[MELDS + 4 * r : MELDS + 4 * r + 4] = block > _LEVELS
            pond = view.discards[s]
            old = self._discards[s]
            if pond is not old:
                base = DISCARDS + MAX_DISCARDS * r
                n = len(pond)
                if old is not None and n == len(old) + 1 and n <= MAX_DISCARDS and pond[:-1] == old:
                    p[base + n - 1, pond[-1]] = 1.0
                else:
                    p[base : base + MAX_DISCARDS] = 0.0
                    for i, t in enumerate(pond):
                        p[base + min(i, MAX_DISCARDS - 1), t] = 1.0
                self._discards[s] = pond
            bonus = view.bonus[s]
            if bonus is not self._bonus[s]:
                self._bonus[s] = bonus
                p[BONUS + r].fill(0.0)
                for t in bonus:
                    p[BONUS + r, t - N_KINDS] = 1.0
        p[SEAT_WIND].fill(0.0)
        p[SEAT_WIND, HONOUR + me] = 1.0
        p[PREVAILING].fill(0.0)
        p[PREVAILING, HONOUR + view.prevailing] = 1.0
        p[DEALER].fill(0.0)
        p[DEALER, (view.dealer - me) % 4] = 1.0
        p[PHASE].fill(0.0)
        p[PHASE, _PHASES[view.phase]] = 1.0
        p[PHASE, 4 + (view.turn - me) % 4] = 1.0
        if view.to_act:
            p[PHASE, 8] = 1.0
        row = p[SCALARS]
        row[0] = view.live / 130.0
        row[1] = view.dead / 16.0
        for s in range(4):
            r = (s - me) % 4
            row[2 + r] = view.concealed_counts[s] / 14.0
            row[6 + r] = max(-1.0, min(1.0, view.scores[s] / 1000.0))
        return p.copy()
