"""Advice: every legal action of a decision valued by a bot, for hints and game reviews.

A bot that can explain itself implements :class:`Advisor`: ``advise(view, legal)`` returns one
:class:`Advice` per legal action, best first. ``value`` is the bot's estimate of the points this
seat can expect from the hand after that action (the ruleset's own unit: HK-6 payments, MCR
points, classical scores), so the difference between two actions is "how much worse" a choice is.
``win`` is the estimated chance of winning the hand after the action, when the bot models it
(else ``None``). ``note`` is a short plain-English reason (may be empty).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, runtime_checkable

from hkmj.engine import Action, Chow, Discard, Kong, Pass, Pung, SeatView, Win
from hkmj.engine.actions import ADDED, CONCEALED
from hkmj.scoring import Meld

__all__ = ["Advice", "Advisor", "advisor_name", "dead_hand_advice", "hand_after", "make_advisor"]


class Advice(NamedTuple):
    """One legal action and its value to the deciding seat."""

    action: Action
    value: float
    """Expected points for this seat from the hand after this action (higher is better)."""
    win: float | None = None
    """Estimated chance of winning the hand after this action, if the bot models it."""
    note: str = ""
    """A short reason in plain English (may be empty)."""


@runtime_checkable
class Advisor(Protocol):
    """A bot that values every legal action of a decision (the engine's ``Player`` protocol too)."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The action the bot plays (the first of :meth:`advise` up to exact ties)."""
        ...

    def advise(self, view: SeatView, legal: Sequence[Action]) -> list[Advice]:
        """Every action of ``legal`` exactly once, valued, best first."""
        ...


def make_advisor(seed: int = 0) -> Advisor:
    """The best advisor available: the ``expert`` bot when it is registered in
    :data:`hkmj.bots.BOTS`, else :class:`~hkmj.bots.strong.StrongBot`."""
    from hkmj.bots import BOTS, make_bot  # late: the bots import this module
    from hkmj.bots.strong import StrongBot

    if "expert" in BOTS:
        bot = make_bot("expert", seed)
        if isinstance(bot, Advisor):
            return bot
    return StrongBot(seed)


def dead_hand_advice(view: SeatView, legal: Sequence[Action]) -> list[Advice]:
    """Advice for a dead hand (MCR-5.4: after a false Mahjong the hand plays on but can never win
    nor claim): every legal action once, the safest first. There is nothing left to build, so a
    discard is worth minus what it may cost (the strong bot's danger table: the points expected
    to be paid to an opponent who wins on it); among equally safe tiles the one with fewer copies
    unseen first (fewer hands can wait on it). Any other action (a kong) comes after the safest
    discard: it only delays the discard. Win chance 0; Mahjong, which the engine never offers a
    dead hand, would come last."""
    from hkmj.bots.strong import danger_table  # late: the strong bot imports this module

    unseen = view.unseen()
    danger, _ = danger_table(view, unseen)
    rule = view.rules.false_mahjong_rule
    safest = min((danger[a.tile] for a in legal if isinstance(a, Discard)), default=0.0)
    rows: list[tuple[tuple[float, int, int, int], Advice]] = []
    for i, a in enumerate(legal):
        if isinstance(a, Discard):
            cost = danger[a.tile]
            rows.append(((cost, 0, unseen[a.tile], a.tile), Advice(a, -cost, 0.0, f"dead hand ({rule}): expected cost {round(cost, 2):g} points")))
        elif isinstance(a, Win):  # pragma: no cover - the engine never offers a dead hand Mahjong
            rows.append(((float("inf"), 2, 0, i), Advice(a, -1e9, 0.0, f"dead hand ({rule}): cannot win")))
        else:
            rows.append(((safest, 1, 0, i), Advice(a, -safest - 1e-6, 0.0, f"dead hand ({rule}): cannot win")))
    rows.sort(key=lambda r: r[0])
    return [r[1] for r in rows]


def advisor_name(advisor: object) -> str:
    """A bot's name as ``hkmj`` knows it (``strong``, ``expert``): its ``name`` attribute, else
    its class name without ``Bot``."""
    n = getattr(advisor, "name", None)
    return n if isinstance(n, str) else type(advisor).__name__.removesuffix("Bot").lower()


def hand_after(view: SeatView, a: Action) -> tuple[list[int], tuple[Meld, ...]]:
    """The concealed tiles (a 34-count list) and melds of ``view``'s seat right after action ``a``
    (HK-3, HK-4): a claim's hand still has its discard to make; a win or pass leaves them as they are."""
    melds = view.melds[view.seat]
    h = list(view.concealed)
    t = view.offered
    if isinstance(a, Discard):
        h[a.tile] -= 1
        return h, melds
    if isinstance(a, Kong) and a.how == CONCEALED:
        h[a.tile] -= 4
        return h, (*melds, Meld("ckong", a.tile))
    if isinstance(a, Kong) and a.how == ADDED:
        h[a.tile] -= 1
        return h, tuple(Meld("kong", m.tile) if m.kind == "pung" and m.tile == a.tile else m for m in melds)
    if t is None or isinstance(a, Pass):
        return h, melds
    if isinstance(a, Kong):
        h[t] -= 3
        return h, (*melds, Meld("kong", t))
    if isinstance(a, Pung):
        h[t] -= 2
        return h, (*melds, Meld("pung", t))
    if isinstance(a, Chow):
        for x in a.tiles:
            if x != t:
                h[x] -= 1
        return h, (*melds, Meld("chow", a.low))
    return h, melds
