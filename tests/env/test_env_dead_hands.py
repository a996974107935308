"""Dead hands (MCR-5.4) in the research environments: the bot protocol's view and the browser
name them (``dead_hands``), but a hand can never be dead here. A dead hand follows a false
Mahjong, a declaration that is not among the legal actions (under MCR, whose wins are checked
against the 8-point minimum, MCR-5.1, a complete hand worth less is not offered as ``mahjong``);
the environments play only legal actions, the agents' and the opponents' bots' alike. So neither
the observation nor the infos carry a dead-hand feature (it would always be empty), and the
planes' fixed shape (159 × 34, public) is unchanged."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

from hkmj.engine import Hand
from hkmj.engine.testing import QUIET, stacked_hand
from hkmj.env import raw_env
from hkmj.rulesets import get_ruleset

UNDER_EIGHT = ["123m234m567p345s99s", *QUIET[1:]]
"""East is dealt a complete hand worth 7 points (MCR-5.1: no win)."""


def test_mcr_5_4_a_false_mahjong_is_never_a_legal_action() -> None:
    """MCR-5.1, MCR-5.4: East's complete hand below 8 points is not offered as ``mahjong``, so an
    environment, which plays legal actions only, cannot declare it and make the hand dead."""
    hand = stacked_hand(UNDER_EIGHT, rules=get_ruleset("mcr"))
    assert not any(str(a) == "mahjong" for a in hand.legal_actions(0))


def test_mcr_5_4_no_hand_is_ever_dead_in_an_environment_episode() -> None:
    """MCR-5.4: a seeded MCR episode of random legal actions never has a dead hand, and the infos
    stay empty during the match (nothing is added for dead hands)."""
    e = raw_env(rules="mcr", hands=2)
    e.reset(seed=5)
    rng = random.Random(5)
    steps = 0
    while e.agents:
        obs, _reward, term, _trunc, info = e.last()
        hand: Hand | None = e._core.hand
        assert hand is not None and not any(hand.dead_hands)
        if not term:
            assert info == {}
        mask = obs["action_mask"].nonzero()[0]
        e.step(int(rng.choice(list(mask))) if not term else None)
        steps += 1
    assert steps > 50
