"""Dead hands (MCR-5.4) in the research environments: the bot protocol's view and the browser
name them (``dead_hands``), but the agents' hands can never be dead here. A dead hand follows a
false Mahjong, a declaration that is not among the legal actions (under MCR, whose wins are
checked against the 8-point minimum, MCR-5.1, a complete hand worth less is not offered as
``mahjong``); the agents play only legal actions. Only a bot of one's own facing
``SingleSeatEnv``'s learner can declare one (the engine judges it, HK-5.7), and its hand is then
dead under MCR; neither the observation nor the infos carry a dead-hand feature, and the planes'
fixed shape (159 × 34, public) is unchanged."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hkmj.engine import Action, Hand, SeatView
from hkmj.engine.actions import PASS, WIN
from hkmj.engine.testing import QUIET, stacked_hand
from hkmj.env import SingleSeatEnv, raw_env
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


class OnceFalse:
    """A bot of one's own that declares Mahjong at its first turn, whatever its hand (HK-5.7)."""

    def __init__(self, seed: int) -> None:
        self.declared = False

    def choose(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        if view.phase == "turn" and not self.declared:
            self.declared = True
            return WIN
        return PASS if PASS in legal else legal[0]


def test_mcr_5_4_a_bot_of_ones_own_can_leave_a_dead_hand_facing_the_single_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/env.md said no hand is ever dead, "the opponent bots' [actions] alike" legal; but
    ``SingleSeatEnv`` plays a bot's false Mahjong (HK-5.7: the engine judges it), and under MCR
    that bot's hand is then dead and the hand plays on (MCR-5.4), the learner's planes unchanged
    in shape and without a dead-hand feature; the page now says so. Its points still reach the
    learner in full (the episode's rewards sum to its score change)."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    g = SingleSeatEnv(rules="mcr", opponents=("test_env_dead_hands:OnceFalse", "greedy", "greedy"))
    obs, _ = g.reset(seed=1)
    total = 0.0
    dead_seen = False
    while True:
        dead_seen = dead_seen or any(g.aec.current_hand().dead_hands)
        assert obs["observation"].shape == (159, 34)
        obs, reward, terminated, _truncated, info = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
        total += reward
        if terminated:
            break
    assert dead_seen
    assert total == info["totals"][0]
