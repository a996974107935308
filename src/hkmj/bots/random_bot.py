"""The random bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hkmj.engine.actions import Action
from hkmj.engine.view import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions with its own ``random.Random(seed)``.

    The engine lists Mahjong only for a valid hand, so this bot never declares a false one.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]

    def choose_blind(self, legal: Sequence[Action]) -> Action:
        """The same choice without a view (:func:`~hkmj.engine.play_hand` then builds none)."""
        return legal[int(self.rng.random() * len(legal))]
