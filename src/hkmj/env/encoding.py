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

from hkmj.engine import Action, Hand, SeatView, check_seat
from hkmj.engine.actions import number
from hkmj.env.core import (
    ACTION_NAMES,
    CHOW,
    DISCARD,
    KONG_CLAIM,
    KONG_OWN,
    MAHJONG,
    N_ACTIONS,
    PASS_,
    PUNG,
    mask_bytes,
)
from hkmj.env.planes import (
    BONUS,
    DEAD_HANDS,
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
from hkmj.tiles import N_KINDS

__all__ = [
    "ACTION_NAMES",
    "BONUS",
    "CHOW",
    "DEAD_HANDS",
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
    "encode_legal",
    "mask_of",
]

# ---------------------------------------------------------------------------- actions
# The action space (DISCARD … PASS_, N_ACTIONS, ACTION_NAMES) lives in hkmj.env.core, which
# imports no numpy so that the wheel compiles it with mypyc; an action's index is the engine's
# fixed number (hkmj.engine.actions.number, Hand.legal_numbers).

_I8 = np.dtype(np.int8)
_frombuffer = np.frombuffer


def mask_of(indices: Sequence[int]) -> npt.NDArray[np.int8]:
    """A new ``int8`` action mask with 1 at each of ``indices``."""
    return _frombuffer(mask_bytes(indices if type(indices) is list else list(indices)), _I8)


def encode_legal(legal: Sequence[Action], offered: int | None) -> tuple[npt.NDArray[np.int8], list[int]]:
    """The ``int8`` action mask of ``legal`` and the index of each legal action, in order.

    ``offered`` is the tile on offer (a chow's index depends on it, HK-4.2); each index is the
    engine's :func:`~hkmj.engine.actions.number`.
    """
    indices = [number(a, offered) for a in legal]
    return mask_of(indices), indices


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
        self._ponds: Sequence[tuple[int, ...]] = ()  # the discards of the view last encoded (encode)

    def reset(self) -> None:
        """Forget the previous view (the next :meth:`encode` writes every part)."""
        self.writer.reset()
        self._ponds = ()

    def cached(self, key: int) -> npt.NDArray[np.float32] | None:
        """A copy of the planes last encoded with ``key`` (None after another key or a reset)."""
        return self.planes.copy() if key == self.writer.key and key >= 0 else None

    def encode(self, view: SeatView, key: int = -1) -> npt.NDArray[np.float32]:
        """The planes of ``view`` (a new array); a ``key`` of 0 or more is remembered for :meth:`cached`.

        One encoder may follow a seat from hand to hand (a bot of one's own kept for a match): a view
        whose discards do not continue those of the view before it (a new hand, where the same seat
        and wind would otherwise keep the last hand's discards in rows 22-149) starts the planes afresh.
        """
        ponds = view.discards
        if self._ponds and not _continues(self._ponds, ponds):
            self.writer.reset()
        self._ponds = ponds
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
            view.dead_hands,
        )
        self.writer.key = key
        return self.planes.copy()

    def encode_state(self, hand: Hand, seat: int, to_act: bool, key: int) -> None:
        """Bring :attr:`planes` up to ``seat``'s view of ``hand``, read straight from the engine's state.

        The same planes as :meth:`encode` of ``hand.view(seat)`` (``to_act`` is that view's field,
        which the caller knows), without building the view (:meth:`PlaneWriter.encode_state
        <hkmj.env.planes.PlaneWriter.encode_state>`). No copy is made; ``key`` is remembered as by
        :meth:`encode`. ``seat`` is a number 0-3, never a bool (:func:`~hkmj.engine.check_seat`).
        """
        check_seat(seat)
        self.writer.encode_state(hand, seat, to_act, key)


def _continues(old: Sequence[tuple[int, ...]], new: Sequence[tuple[int, ...]]) -> bool:
    """Whether discards ``new`` can follow ``old`` within one hand, as the plane writer's rows assume:
    each seat's pond grows at its end, and only its latest tile can be claimed away (HK-4.1)."""
    if len(old) != len(new):
        return False
    for o, n in zip(old, new, strict=True):
        k = len(o) - 1
        if k > 0 and (len(n) < k or n[:k] != o[:k]):
            return False
    return True
