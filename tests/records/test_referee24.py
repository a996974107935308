"""What a third referee, written from docs/record-format.md and the rules pages alone (referee24),
read differently from hkmj, and how each was settled: the document now says what hkmj does."""

from __future__ import annotations

import json

from hkmj.engine.testing import act, stacked_hand
from hkmj.rulesets import get_ruleset

# East's 14 tiles hold five honours and five tiles of the knitted straight 147m 258p 369s
# (1m 2p 8p 6s 9s): ten of the fourteen different tiles of honours and knitted tiles
# (MCR-5.2.4), three tiles from ready on that shape (GB's HonorsAndKnittedTilesShanten says 3),
# four from ready on the standard shapes (four groups and a pair, seven pairs, thirteen orphans).
FAR_KNITTED = ["15m27899p69s14567z", "258m369p147s1234z", "369m147p258s1567z", "147m258p369s2345z"]


def _reason(hands: list[str]) -> str:
    hand = stacked_hand(hands, rules=get_ruleset("mcr"))
    act(hand, "E mahjong")
    events = json.loads(json.dumps(hand.events))
    false = next(e for e in events if e["type"] == "false_mahjong")
    assert false["dead_hand"] is True  # MCR-5.4
    return str(false["reason"])


def test_mcr_5_2_4_a_knitted_shape_further_than_a_discard_is_not_measured_in_a_reason() -> None:
    """MCR-5.2.4, MCR-5.4: docs/record-format.md said the reason's distance from ready "counts the
    knitted hands", which a referee reads as the distance to honours and knitted tiles (3 here); the
    distance counts a knitted shape only where it makes the hand ready (a discard from a knitted wait),
    and is otherwise the standard one (4 here). The page now says so, with this hand."""
    reason = _reason(FAR_KNITTED)
    assert reason.startswith("15m27899p69s14567z is not a winning hand: it is not four groups and a pair")
    assert reason.endswith("(MCR-5.2); it is 4 tiles from ready"), reason
