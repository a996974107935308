"""The random bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hkmj.bots.advice import dead_hand_advice
from hkmj.engine.actions import Action
from hkmj.engine.view import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions with its own ``random.Random(seed)``.

    The engine lists Mahjong only for a valid hand, so this bot never declares a false one.
    Standing in for a seat whose hand is dead (MCR-5.4: :attr:`SeatView.dead_hand`) it cannot win,
    so it plays the safest discard (:func:`~hkmj.bots.advice.dead_hand_advice`), as every bot does.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.dead_hand:  # MCR-5.4: nothing to win; the generator is left as it is
            return dead_hand_advice(view, legal)[0].action
        return legal[int(self.rng.random() * len(legal))]

    def choose_blind(self, legal: Sequence[Action]) -> Action:
        """The same choice without a view (:func:`~hkmj.engine.play_hand` then builds none)."""
        return legal[int(self.rng.random() * len(legal))]
