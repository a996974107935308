"""Players that drive the engine: the :class:`~hkmj.engine.Player` protocol and the bots.

* :class:`RandomBot` — uniform over the legal actions (so it never declares a false Mahjong).
* :class:`GreedyBot` — minimises shanten (:func:`hkmj.hand.shanten`), claims only what advances
  its hand, always wins when it can.
* :class:`StrongBot` — speed, value and defence weighed in expected points (HK-4, HK-5, HK-6).
* :class:`ExpertBot` — values every legal action (:meth:`~ExpertBot.advise`, the
  :class:`~hkmj.bots.advice.Advisor` protocol, issue 14) and plays the best.

:func:`make_bot` builds one by name (``random``, ``greedy``, ``strong``, ``expert``).
"""

from __future__ import annotations

from collections.abc import Callable

from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.bots.random_bot import RandomBot
from hkmj.bots.strong import StrongBot
from hkmj.engine.play import Player

__all__ = ["BOTS", "ExpertBot", "GreedyBot", "Player", "RandomBot", "StrongBot", "make_bot"]

BOTS: dict[str, Callable[[int], Player]] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot, "expert": ExpertBot}
"""Bot constructors by name; each takes a seed."""


def make_bot(name: str, seed: int = 0) -> Player:
    """A bot by name (``random``, ``greedy``, ``strong`` or ``expert``) seeded with ``seed``; ``ValueError`` for an unknown name."""
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}") from None
    return factory(seed)
