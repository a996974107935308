"""Dead hands (MCR-5.4) in the research environments: row 159 of the planes shows them.

A false Mahjong under MCR leaves the declarer's hand dead: it plays on but never wins nor claims
(MCR-5.4, MCR-4.3). The declaration is public at a real table, so every agent's planes mark each
dead hand, one column per relative seat (docs/env.md, "Observations"). Hong Kong and classical
rules have no dead hand: a false Mahjong ends the hand with a penalty (HK-5.7, CL-7.7), and the
row stays empty. The agents play only legal actions, so their own hands cannot die; a bot of
one's own facing ``SingleSeatEnv``'s learner can make a false declaration, and the tests below
inject one for any seat through the engine (``StepCore.play``, which the engine judges).
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

import gymnasium

from hkmj.engine import Action, Hand, IllegalAction, SeatView
from hkmj.engine.actions import PASS, WIN
from hkmj.engine.testing import QUIET, shuffle_hidden, stacked_hand
from hkmj.env import AGENTS, GYM_ID, N_ROWS, RULES, SingleSeatEnv, raw_env
from hkmj.env.aec import HkmjEnv
from hkmj.env.core import OVER
from hkmj.env.encoding import DEAD_HANDS, ROWS
from hkmj.rulesets import get_ruleset

UNDER_EIGHT = ["123m234m567p345s99s", *QUIET[1:]]
"""East is dealt a complete hand worth 7 points (MCR-5.1: no win)."""


def _public_dead(hand: Hand) -> set[int]:
    """The seats whose hand is dead, read from the hand's public record: a ``false_mahjong`` event
    with its ``action`` is a declaration whose dead hand plays on (docs/record-format.md, MCR-5.4)."""
    return {ev["seat"] for ev in hand.events if ev["type"] == "false_mahjong" and "action" in ev}


def _row(e: HkmjEnv, agent: str) -> list[int]:
    return e.observe(agent)["observation"][DEAD_HANDS].astype(int).tolist()


def test_the_dead_hand_row_is_the_last_row_and_documented() -> None:
    """docs/env.md's table names row 159, and the planes grew to 160 rows for it (the ``_v1`` names)."""
    assert DEAD_HANDS == 159 and N_ROWS == 160 and ROWS[-1] == ("dead hands by seat", 159, 1)
    doc = (Path(__file__).parents[2] / "docs" / "env.md").read_text(encoding="utf-8")
    assert "| 159 | dead hands" in doc and "`(160, 34)`" in doc
    assert raw_env().metadata["name"] == "hkmj_v1" and GYM_ID == "hkmj/SingleSeat-v1"


@pytest.mark.filterwarnings("ignore:.*SingleSeat-v0 is out of date:DeprecationWarning")
def test_the_old_gymnasium_id_names_the_new_one() -> None:
    """Code written for the 159-row planes asks for ``-v0``: Gymnasium names ``-v1`` instead of
    handing it planes of another shape."""
    with pytest.raises(gymnasium.error.DeprecatedEnv, match="hkmj/SingleSeat-v1"):
        gymnasium.make("hkmj/SingleSeat-v0")


def test_mcr_5_4_a_false_mahjong_is_never_a_legal_action() -> None:
    """MCR-5.1, MCR-5.4: East's complete hand below 8 points is not offered as ``mahjong``, so an
    environment, which plays legal actions only, cannot declare it and make its own hand dead."""
    hand = stacked_hand(UNDER_EIGHT, rules=get_ruleset("mcr"))
    assert not any(str(a) == "mahjong" for a in hand.legal_actions(0))


def test_mcr_5_4_no_hand_is_dead_in_an_episode_of_legal_actions() -> None:
    """MCR-5.4: a seeded MCR episode of random legal actions never has a dead hand: row 159 stays
    empty for every agent and the infos stay empty during the match."""
    e = raw_env(rules="mcr", hands=2)
    e.reset(seed=5)
    rng = random.Random(5)
    steps = 0
    while e.agents:
        obs, _reward, term, _trunc, info = e.last()
        hand = e.current_hand()
        assert not any(hand.dead_hands)
        assert not obs["observation"][DEAD_HANDS].any()
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


def test_mcr_5_4_the_learner_sees_the_bot_whose_false_mahjong_left_its_hand_dead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: the learner's planes had no dead-hand feature, though the bot's false Mahjong is public
    (MCR-5.4). Now the learner's row 159 is set at the bot's relative seat from the first observation
    after the declaration, exactly when the hand's record holds it, and the bot's points still reach
    the learner in full (the episode's rewards sum to its score change)."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    g = SingleSeatEnv(rules="mcr", opponents=("test_env_dead_hands:OnceFalse", "greedy", "greedy"))
    obs, _ = g.reset(seed=1)
    total = 0.0
    dead_seen = False
    while True:
        hand = g.aec.current_hand()
        me = g.aec._seats[g.player]
        row = obs["observation"][DEAD_HANDS]
        assert obs["observation"].shape == (160, 34)
        assert sorted((me + int(c)) % 4 for c in np.flatnonzero(row)) == sorted(_public_dead(hand))
        dead_seen = dead_seen or bool(row.any())
        obs, reward, terminated, _truncated, info = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
        total += reward
        if terminated:
            break
    assert dead_seen
    assert total == info["totals"][0]


def _declare_false(e: HkmjEnv) -> bool:
    """The acting seat declares Mahjong outside its legal actions (what only a bot of one's own can
    do in an environment); the engine judges it: a dead hand under MCR, a penalty that ends the
    hand under Hong Kong and classical rules (MCR-5.4, HK-5.7, CL-7.7). False, with nothing played,
    where no declaration may be made at all (after a claim, the claimant must discard: HK-4.2)."""
    core = e._core
    try:
        status = core.play(WIN)
    except IllegalAction:
        return False
    if status == OVER:
        core.finish()
    e.agent_selection = core.agent
    return True


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 10_000),
    rate=st.sampled_from([0.01, 0.05, 0.2]),
    ask_all=st.booleans(),
)
def test_mcr_5_4_row_159_is_set_exactly_when_the_public_record_says_and_shows_no_hidden_tile(
    rules: str, seed: int, rate: float, ask_all: bool
) -> None:
    """MCR-5.4, HK-5.7, CL-7.7, HK-1: at every step of a match where seats declare false Mahjongs at
    random, each agent's row 159 marks exactly the seats (relative to its own) that the hand's public
    record shows dead, nothing else in that row; and with every tile the agent cannot see shuffled
    (other seats' concealed tiles, a dead hand's included, and the walls) its observation is the same."""
    rng = random.Random(seed)
    e = raw_env(rules=rules, hands=2, ask_all=ask_all)
    e.reset(seed=seed)
    dead_at = 0
    while e.agents:
        obs, _reward, term, _trunc, _info = e.last()
        if term:
            e.step(None)
            continue
        hand = e.current_hand()
        dead = _public_dead(hand)
        assert dead == {s for s in range(4) if hand.dead_hands[s]}
        if not get_ruleset(rules).dead_hand:
            assert not dead
        for p, agent in enumerate(AGENTS):
            me = e._seats[p]
            row = _row(e, agent)
            assert row[4:] == [0] * 30
            assert row[:4] == [int((me + rel) % 4 in dead) for rel in range(4)], (agent, dead)
            if dead and rng.random() < 0.3:
                twin = copy.deepcopy(e)
                shuffle_hidden(twin.current_hand(), {me}, rng)
                mine, theirs = e.observe(agent), twin.observe(agent)
                assert mine["observation"].tobytes() == theirs["observation"].tobytes()
                assert mine["action_mask"].tobytes() == theirs["action_mask"].tobytes()
        dead_at += bool(dead)
        if not (e._core.acting not in dead and rng.random() < rate and _declare_false(e)):
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))


def test_mcr_5_4_every_seat_can_be_seen_dead_by_every_other() -> None:
    """MCR-5.4: each of the four relative columns is set, for each observer, in some seeded match."""
    seen: set[tuple[int, int]] = set()
    for seed in range(30):
        rng = random.Random(seed)
        e = raw_env(rules="mcr", hands=1)
        e.reset(seed=seed)
        while e.agents and len(seen) < 16:
            obs, _reward, term, _trunc, _info = e.last()
            if term:
                e.step(None)
                continue
            for p, agent in enumerate(AGENTS):
                for rel in np.flatnonzero(e.observe(agent)["observation"][DEAD_HANDS]):
                    seen.add((p, int(rel)))
            hand: Any = e.current_hand()
            if not (not hand.dead_hands[e._core.acting] and rng.random() < 0.05 and _declare_false(e)):
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
        if len(seen) == 16:
            break
    assert len(seen) == 16, sorted(seen)


def test_mcr_5_4_the_rendered_table_names_a_dead_hand() -> None:
    """Was: ``render()`` (``ansi``) showed a dead hand's seat as any other, though the planes mark
    it; now its line says ``dead hand (MCR-5.4)``, and no line says it before the false Mahjong."""
    e = raw_env(rules="mcr", render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "dead hand" not in text
    rng = random.Random(2)
    while not _declare_false(e):
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    (dead,) = _public_dead(e.current_hand())
    text = e.render()
    assert isinstance(text, str)
    lines = [line for line in text.splitlines() if "dead hand (MCR-5.4)" in line]
    assert len(lines) == 1 and lines[0].startswith(f"  {'ESWN'[dead]}:"), text
