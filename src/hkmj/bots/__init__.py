"""Players that drive the engine: the :class:`~hkmj.engine.Player` protocol and two bots.

* :class:`RandomBot` — uniform over the legal actions (so it never declares a false Mahjong).
* :class:`GreedyBot` — minimises shanten (:func:`hkmj.hand.shanten`), claims only what advances
  its hand, always wins when it can.

:func:`make_bot` builds one by name (``random``, ``greedy``).
"""

from __future__ import annotations

from collections.abc import Callable

from hkmj.bots.greedy import GreedyBot
from hkmj.bots.random_bot import RandomBot
from hkmj.engine.play import Player

__all__ = ["BOTS", "GreedyBot", "Player", "RandomBot", "make_bot"]

BOTS: dict[str, Callable[[int], Player]] = {"random": RandomBot, "greedy": GreedyBot}
"""Bot constructors by name; each takes a seed."""
BOTS["strong"] = __import__("hkmj.bots.strong", fromlist=["StrongBot"]).StrongBot  # issue 4: the strong bot


def make_bot(name: str, seed: int = 0) -> Player:
    """A bot by name (``random`` or ``greedy``) seeded with ``seed``; ``ValueError`` for an unknown name."""
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}") from None
    return factory(seed)
