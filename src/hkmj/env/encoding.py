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

from hkmj.engine import Action, Chow, Discard, Hand, Kong, Pass, Pung, SeatView, Win
from hkmj.engine.actions import ADDED, CONCEALED, FROM_DISCARD, PASS, WIN
from hkmj.engine.actions import PUNG as PUNG_ACTION
from hkmj.engine.actions import discard as _discard
from hkmj.engine.actions import kong as _kong
from hkmj.env.planes import (
    BONUS,
    DEALER,
    DISCARDS,
    DRAWN,
    HAND,
    MAX_DISCARDS,
    MELDS,
    N_CELLS,
    N_ROWS,
    OFFERED,
    PHASE,
    PHASES,
    PREVAILING,
    ROWS,
    SCALARS,
    SEAT_WIND,
    PlaneWriter,
)
from hkmj.tiles import N_KINDS, tile_str

__all__ = [
    "ACTION_NAMES",
    "BONUS",
    "CHOW",
    "DEALER",
    "DISCARD",
    "DISCARDS",
    "DRAWN",
    "HAND",
    "KONG_CLAIM",
    "KONG_OWN",
    "MAHJONG",
    "MAX_DISCARDS",
    "MELDS",
    "N_ACTIONS",
    "N_ROWS",
    "OFFERED",
    "PASS_",
    "PHASE",
    "PREVAILING",
    "PUNG",
    "ROWS",
    "SCALARS",
    "SEAT_WIND",
    "ViewEncoder",
    "action_index",
    "encode_legal",
    "legal_indices",
    "mask_of",
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


def legal_indices(legal: Sequence[Action], offered: int | None) -> list[int]:
    """The index of each action of ``legal``, in order (the engine's shared instances found by identity)."""
    try:
        return list(map(_INDEX_OF_ID, map(id, legal)))
    except KeyError:  # a chow (its index depends on the tile on offer) or an action built elsewhere
        return [action_index(a, offered) if i is None else i for a, i in zip(legal, map(_BY_ID.get, map(id, legal)), strict=True)]


_I8 = np.dtype(np.int8)
_frombuffer = np.frombuffer


def mask_of(indices: Sequence[int]) -> npt.NDArray[np.int8]:
    """A new ``int8`` action mask with 1 at each of ``indices``."""
    buf = bytearray(N_ACTIONS)
    for i in indices:
        buf[i] = 1
    return _frombuffer(buf, _I8)


def encode_legal(legal: Sequence[Action], offered: int | None) -> tuple[npt.NDArray[np.int8], list[int]]:
    """The ``int8`` action mask of ``legal`` and the index of each legal action, in order."""
    indices = legal_indices(legal, offered)
    return mask_of(indices), indices


for _t in range(N_KINDS):
    _share(_discard(_t))
    for _how in (CONCEALED, ADDED, FROM_DISCARD):
        _share(_kong(_t, _how))
for _a in (PASS, PUNG_ACTION, WIN):
    _share(_a)
_INDEX_OF_ID = _BY_ID.__getitem__


# ---------------------------------------------------------------------------- observation planes
# The layout (HAND, DRAWN, … SCALARS, N_ROWS, ROWS) and the cell writer live in hkmj.env.planes,
# which imports no numpy so that the wheel compiles it with mypyc.


class ViewEncoder:
    """Encodes one seat's successive views of a hand into planes, incrementally and in place.

    The planes are one preallocated ``float32`` array (:attr:`planes`, :data:`N_ROWS` × 34);
    its :attr:`writer` (:class:`~hkmj.env.planes.PlaneWriter`) rewrites only the cells whose
    part of the view changed since the previous call. :meth:`encode` returns a copy of the array,
    so callers may keep it. Call :meth:`reset` at each hand; a view of another seat or wind than
    the previous one starts the planes afresh.
    """

    def __init__(self) -> None:
        self.planes = np.zeros((N_ROWS, N_KINDS), dtype=np.float32)
        # the same memory as a float memoryview: one-cell stores twice as fast as ndarray's
        self.writer = PlaneWriter(self.planes.reshape(-1).data, np.zeros(N_CELLS, dtype=np.float32).data)

    def reset(self) -> None:
        """Forget the previous view (the next :meth:`encode` writes every part)."""
        self.writer.reset()

    def cached(self, key: int) -> npt.NDArray[np.float32] | None:
        """A copy of the planes last encoded with ``key`` (None after another key or a reset)."""
        return self.planes.copy() if key == self.writer.key and key >= 0 else None

    def encode(self, view: SeatView, key: int = -1) -> npt.NDArray[np.float32]:
        """The planes of ``view`` (a new array); a ``key`` of 0 or more is remembered for :meth:`cached`."""
        self.writer.update(
            view.seat,
            view.prevailing,
            view.dealer,
            view.concealed,
            view.drawn,
            view.offered,
            view.melds,
            view.discards,
            view.bonus,
            PHASES[view.phase],
            view.turn,
            view.to_act,
            view.live,
            view.dead,
            view.concealed_counts,
            view.scores,
        )
        self.writer.key = key
        return self.planes.copy()

    def encode_state(self, hand: Hand, seat: int, to_act: bool, key: int) -> None:
        """Bring :attr:`planes` up to ``seat``'s view of ``hand``, read straight from the engine's state.

        The same planes as :meth:`encode` of ``hand.view(seat)`` (``to_act`` is that view's field,
        which the caller knows), without building the view (:meth:`PlaneWriter.encode_state
        <hkmj.env.planes.PlaneWriter.encode_state>`). No copy is made; ``key`` is remembered as by
        :meth:`encode`.
        """
        self.writer.encode_state(hand, seat, to_act, key)
