"""``hkmj replay --show`` of an MCR hand drawn after a dead hand's penalty (MCR-5.4, MCR-3.3)."""

from __future__ import annotations

from typing import Any

import pytest

from hkmj.bots import make_bot
from hkmj.engine import Match
from hkmj.engine.actions import WIN
from hkmj.record import show
from hkmj.rulesets import get_ruleset


def drawn_after_a_penalty() -> list[dict[str, Any]]:
    """One seeded MCR hand: South declares a false Mahjong at its first chance (a dead hand that
    pays its penalty, MCR-5.4), everyone else plays greedy, and the wall runs out (MCR-3.3)."""
    m = Match(10, length="hands", hands=1, rules=get_ruleset("mcr", {}))
    greedy = make_bot("greedy", 0)
    h = m.new_hand()
    declared = False
    while not h.over:
        seat = h.pending()[0]
        legal = h.legal_actions(seat)
        if WIN in legal:
            action = WIN
        elif not declared and seat == 1 and h.can_declare_mahjong(seat):
            action, declared = WIN, True
        else:
            action = greedy.choose(h.view(seat), legal)
        h.apply(seat, action)
    events: list[dict[str, Any]] = [*m.events, *h.events, *m.finish_hand()]
    types = [e["type"] for e in events]
    assert "false_mahjong" in types and "exhaustive_draw" in types
    penalty = next(e for e in events if e["type"] == "false_mahjong")
    assert any(penalty["payments"]) and next(e for e in events if e["type"] == "hand_end")["scores"] == penalty["payments"]
    return events


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "the draw pays nothing, the false Mahjong's penalty stands (MCR-3.3)", "no payment"),
        ("fr", "la nulle ne paie rien, la pénalité du faux Mahjong reste due (MCR-3.3)", "aucun paiement"),
    ],
)
def test_mcr_3_3_mcr_5_4_a_draw_after_a_dead_hands_penalty_is_not_said_to_pay_nothing(lang: str, said: str, not_said: str) -> None:
    """The draw line said "drawn hand, no payment" though the hand's payments were the dead
    hand's penalty; it now says the draw pays nothing and the penalty stands."""
    text = "\n".join(show(drawn_after_a_penalty(), lang))
    line = next(x for x in text.splitlines() if "MCR-3.3" in x and "Mahjong only" not in x and "Mahjong seulement" not in x)
    assert said in line and not_said not in line, line


def drawn_after_two_penalties() -> list[dict[str, Any]]:
    """One seeded MCR hand where South and West each declare a false Mahjong at their first chance
    (two dead hands, two penalties, MCR-5.4), the others play greedy, and the wall runs out."""
    m = Match(10, length="hands", hands=1, rules=get_ruleset("mcr", {}))
    greedy = make_bot("greedy", 0)
    h = m.new_hand()
    declared: set[int] = set()
    while not h.over:
        seat = h.pending()[0]
        legal = h.legal_actions(seat)
        if WIN in legal:
            action = WIN
        elif seat in (1, 2) and seat not in declared and h.can_declare_mahjong(seat):
            action = WIN
            declared.add(seat)
        else:
            action = greedy.choose(h.view(seat), legal)
        h.apply(seat, action)
    events: list[dict[str, Any]] = [*m.events, *h.events, *m.finish_hand()]
    assert [e["seat"] for e in events if e["type"] == "false_mahjong"] == [1, 2]
    assert "exhaustive_draw" in [e["type"] for e in events]
    return events


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the draw pays nothing, the false Mahjongs' penalties stand (MCR-3.3)"),
        ("fr", "la nulle ne paie rien, les pénalités des faux Mahjongs restent dues (MCR-3.3)"),
    ],
)
def test_mcr_3_3_mcr_5_4_a_draw_after_two_dead_hands_speaks_of_both_penalties(lang: str, said: str) -> None:
    """With two dead hands in the hand, the draw line spoke of "the false Mahjong's penalty", one
    penalty, though two were paid; it now says both stand, in the plural."""
    text = "\n".join(show(drawn_after_two_penalties(), lang))
    line = next(x for x in text.splitlines() if "MCR-3.3" in x and "Mahjong only" not in x and "Mahjong seulement" not in x)
    assert said in line, line
