"""A test oracle of the action space (docs/env.md, "Actions"): an engine action's index by its type.

The environment takes its indices from the engine's fixed numbering
(:func:`hkmj.engine.actions.number`, :meth:`~hkmj.engine.Hand.legal_numbers`); this is the same
mapping written independently, from the table of docs/env.md, so tests can check one against
the other.
"""

from __future__ import annotations

from hkmj.engine.actions import FROM_DISCARD, Action, Chow, Discard, Kong, Pass, Pung, Win

__all__ = ["action_index"]


def action_index(action: Action, offered: int | None) -> int:
    """The index of an engine action; ``offered`` is the tile on offer (for chows, HK-4.2)."""
    if isinstance(action, Discard):
        return action.tile  # 0-33 (HK-3.2)
    if isinstance(action, Chow):
        if offered is None or not action.low <= offered <= action.low + 2:
            raise ValueError(f"{action}: no discard on offer that this chow uses")
        return 34 + offered - action.low  # the discard as the low, middle or high tile
    if isinstance(action, Pung):
        return 37  # HK-4.3
    if isinstance(action, Kong):
        return 38 if action.how == FROM_DISCARD else 39 + action.tile  # HK-4.4, HK-3.3
    if isinstance(action, Win):
        return 73  # HK-5
    if isinstance(action, Pass):
        return 74
    raise ValueError(f"{action!r} is not an action")
