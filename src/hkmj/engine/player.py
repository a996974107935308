"""The :class:`Player` protocol: what :func:`~hkmj.engine.play_hand` drives.

A module of its own, left pure Python in the compiled wheel: ``runtime_checkable`` needs a
protocol class, which a mypyc-compiled module does not make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from hkmj.engine.actions import Action
from hkmj.engine.view import SeatView

__all__ = ["Player"]


@runtime_checkable
class Player(Protocol):
    """Anything that, given its own view and its legal actions, returns an action.

    A player that decides from the legal actions alone (the random bot) may also define
    ``choose_blind(legal)``, returning what ``choose`` would: :func:`play_hand` then calls it
    and does not build a view for it.
    """

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action: ...
