"""A bot playing a dead hand (MCR-5.4: after a false Mahjong the hand plays on but can never win
nor claim), as when it stands in for a player who went away after declaring one: the engine
tells it through its view (``SeatView.dead_hands``, public as the false Mahjong was), and every
bot level then plays the safest discard (:func:`~hkmj.bots.advice.dead_hand_advice`, the strong
bot's danger estimate) instead of building a hand it cannot win with."""

from __future__ import annotations

import pytest

from hkmj.botproto import request, view_json
from hkmj.bots import BOTS, make_bot
from hkmj.bots.advice import dead_hand_advice
from hkmj.engine import Hand
from hkmj.engine.testing import QUIET, act, stacked_hand
from hkmj.rulesets import get_ruleset

UNDER_EIGHT = ["123m234m567p345s99s", *QUIET[1:]]
"""East is dealt a complete hand worth 7 points (MCR-5.1: no win): declaring it is a false Mahjong."""


def _dead_east(rules: str = "mcr") -> Hand:
    hand = stacked_hand(UNDER_EIGHT, rules=get_ruleset(rules))
    act(hand, "E mahjong")
    return hand


def test_mcr_5_4_every_view_shows_the_dead_hand() -> None:
    """MCR-5.4: after East's false Mahjong every seat's view says East's hand is dead (the
    declaration was public); East's own view says so with ``dead_hand``."""
    hand = _dead_east()
    assert hand.dead_hands[0]
    assert all(hand.view(s).dead_hands == (True, False, False, False) for s in range(4))
    assert hand.view(0).dead_hand and not any(hand.view(s).dead_hand for s in (1, 2, 3))


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_without_dead_hands_no_view_shows_one(rules: str) -> None:
    """HK-5.7, CL-7.7: a false Mahjong is paid for and the hand ends; no hand plays on dead."""
    hand = stacked_hand(UNDER_EIGHT, rules=get_ruleset(rules))
    assert not hand.view(0).dead_hand and hand.view(0).dead_hands == (False,) * 4


@pytest.mark.parametrize("bot", list(BOTS))
def test_mcr_5_4_every_bot_level_discards_safely_with_a_dead_hand(bot: str) -> None:
    """MCR-5.4: East's hand is dead; a bot of every level playing it went on building its hand
    (the greedy, strong and expert bots discarded 7 Circles to stay ready for a win it can never
    have). Played to the hand's end, each of its decisions is now the safest discard, and the
    advising bots value the decision as the hint does (``advise`` = ``dead_hand_advice``)."""
    hand = _dead_east()
    players = [make_bot(bot, seed) for seed in range(4)]
    east = 0
    while not hand.over:
        seat = hand.pending()[0]
        view, legal = hand.view(seat), hand.legal_actions(seat)
        action = players[seat].choose(view, legal)
        if seat == 0:
            east += 1
            assert view.dead_hand
            assert action == dead_hand_advice(view, legal)[0].action, (bot, east)
            advise = getattr(players[0], "advise", None)
            if advise is not None:
                assert advise(view, legal) == dead_hand_advice(view, legal)
        hand.apply(seat, action)
    assert east >= 2


def test_mcr_5_4_the_bot_protocol_view_names_the_dead_hands() -> None:
    """MCR-5.4: an external bot (docs/bot-protocol.md) is told which hands are dead: the view
    JSON's ``dead_hands`` lists their seats, for every seat (the false Mahjong was public);
    ``[]`` while no hand is dead."""
    hand = _dead_east()
    for s in range(4):
        assert view_json(hand.view(s))["dead_hands"] == [0]
    assert request(1, hand.view(0), hand.legal_actions(0), 10.0)["view"]["dead_hands"] == [0]
    assert view_json(stacked_hand(QUIET, rules=get_ruleset("mcr")).view(1))["dead_hands"] == []


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_the_bot_protocol_view_has_no_dead_hand_without_dead_hands(rules: str) -> None:
    """HK-5.7, CL-7.7: a false Mahjong ends the hand; ``dead_hands`` stays empty."""
    assert view_json(stacked_hand(UNDER_EIGHT, rules=get_ruleset(rules)).view(0))["dead_hands"] == []
