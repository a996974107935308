"""``SingleSeatEnv`` never loses a reward (docs/env.md, "Gymnasium: SingleSeatEnv").

HK-6 (a hand's payments), HK-5.7 (a false Mahjong's penalty: 64 to each other player), HK-7 (a
match of several hands): the rewards of an episode sum to the learner's score change, less its
illegal-action charges, including the points of hands that end before the learner's first
decision (paid with its first step) or while only the bots play.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hypothesis import given, settings
from hypothesis import strategies as st

from hkmj.engine import Action, Discard, SeatView
from hkmj.engine.actions import PASS, WIN
from hkmj.env import AGENTS, SingleSeatEnv

HERE = Path(__file__).parent
DECLARER = "test_single_seat:false_declarer"


class FalseDeclarer:
    """Declares Mahjong at every turn, winning hand or not (HK-5.7: the hand ends with a penalty); passes on offers."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        if view.phase == "turn":
            return WIN
        return PASS if PASS in legal else legal[0]


def false_declarer(seed: int) -> FalseDeclarer:
    return FalseDeclarer(seed)


class OnceDeclarer(FalseDeclarer):
    """Declares a false Mahjong at its first turn of the episode only; then passes on offers and plays its first legal action."""

    declared = False

    def choose(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        if view.phase == "turn" and not self.declared:
            self.declared = True
            return WIN
        return PASS if PASS in legal else legal[0]


ONCE = "test_single_seat:OnceDeclarer"


class AbsentTileDiscarder:
    """Discards a tile it does not hold at its turn (HK-3.2: refused by the engine); passes on offers."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        if view.phase == "turn":
            return Discard(view.concealed.index(0))
        return PASS if PASS in legal else legal[0]


class FailingBot(FalseDeclarer):
    """Raises its own error at its first decision."""

    def choose(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        raise KeyError("no such tile table")


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        ("test_single_seat:AbsentTileDiscarder", r"chose an illegal move: discard (\w+): \w holds no \1; legal: discard"),
        ("test_single_seat:FailingBot", r"failed: KeyError: 'no such tile table'"),
    ],
)
def test_an_outside_bots_bad_move_is_named_with_the_bot_and_its_player(bot: str, said: str) -> None:
    """Was: the engine's ``IllegalAction: discard 1m: E holds no 1m`` (or the bot's bare ``KeyError``),
    naming neither the bot nor its player: the learner could take it for its own move (HK-3.2)."""
    g = SingleSeatEnv(player=0, opponents=(bot, "random", "random"))
    with pytest.raises(ValueError, match=rf"^bot '{bot}' \(player_1\) {said}"):
        for seed in range(20):  # player_1 plays before the learner's first decision, or soon after
            obs, _ = g.reset(seed=seed)
            for _ in range(40):
                mask = np.flatnonzero(obs["action_mask"])
                obs, _r, terminated, _t, _i = g.step(int(mask[0]) if len(mask) else 0)
                if terminated:
                    break
    # the environment stopped on the bot's move: a further step never plays the bot's seat as the learner's
    with pytest.raises(RuntimeError, match=r"a bot's error stopped the episode before player_0's turn: call reset\(\)"):
        g.step(int(np.flatnonzero(g.aec.observe(g.aec.agent_selection)["action_mask"])[0]))


@pytest.fixture(autouse=True)
def _bots_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # DECLARER is looked up as test_single_seat


def _episode(
    g: SingleSeatEnv, seed: int, rng: random.Random, illegal: float
) -> tuple[list[float], int, dict[str, object], dict[str, object]]:
    """Play one episode, an illegal action with probability ``illegal``: the rewards, illegal count, reset and final infos."""
    obs, first = g.reset(seed=seed)
    match = g.aec._core.match
    assert match is not None
    before = float(match.totals[g.player])  # the points of hands the bots played in reset (HK-6)
    assert first.get("carried_reward", 0.0) == before and ("carried_reward" in first) == (match.hands_played > 0)
    rewards: list[float] = []
    charged = 0
    done = False
    info: dict[str, object] = {}
    while not done:
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        if not legal or rng.random() < illegal:
            action = next(i for i in range(75) if i not in legal)
        else:
            action = legal[int(rng.random() * len(legal))]
        obs, reward, done, truncated, info = g.step(action)
        assert not truncated
        rewards.append(reward)
        charged += "illegal_action" in info
    return rewards, charged, first, info


def test_hk5_7_a_match_over_before_the_learners_first_decision_pays_it_in_the_first_step() -> None:
    """Every hand of a one-hand match ends at the dealer's false Mahjong: a learner who is not
    the dealer never decides, yet its first step pays it the 64 points and ends the episode."""
    g = SingleSeatEnv(player=1, opponents=(DECLARER,) * 3, hands=1)
    for seed in range(20):
        obs, first = g.reset(seed=seed)
        if "carried_reward" in first:
            break
    else:
        pytest.fail("the learner was the dealer of every deal")
    assert first["carried_reward"] == 64.0 and first["totals"][1] == 64  # type: ignore[index]
    assert not obs["action_mask"].any()
    obs, reward, terminated, truncated, info = g.step(0)
    assert (reward, terminated, truncated) == (64.0, True, False)
    assert "the action was not played" in info["no_decision"] and info["totals"] == first["totals"]
    with pytest.raises(RuntimeError, match=r"the episode is over: call reset\(\)"):
        g.step(0)


def test_hk6_points_of_hands_before_the_first_decision_are_added_to_the_first_step() -> None:
    """Bots that each declare one false Mahjong (HK-5.7) often end a hand before the learner's first
    decision in a match that goes on: those points come with the first step's reward."""
    g = SingleSeatEnv(player=2, opponents=(ONCE, "greedy", ONCE), hands=3)
    seen = 0
    for seed in range(12):
        rewards, charged, first, final = _episode(g, seed, random.Random(seed), 0.0)
        assert charged == 0
        assert sum(rewards) == final["totals"][2]  # type: ignore[index]
        seen += "carried_reward" in first and "no_decision" not in final
    assert seen > 0  # some deals did end a hand before the learner's first decision, and went on


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    player=st.integers(0, 3),
    opponents=st.lists(st.sampled_from(["random", "greedy", DECLARER, ONCE]), min_size=3, max_size=3),
    hands=st.integers(1, 3),
    penalty=st.sampled_from([0.0, 1.5]),
    illegal=st.sampled_from([0.0, 0.2]),
)
def test_hk6_the_rewards_of_an_episode_sum_to_the_learners_score_change(
    seed: int, player: int, opponents: list[str], hands: int, penalty: float, illegal: float
) -> None:
    g = SingleSeatEnv(player=player, opponents=opponents, hands=hands, illegal_penalty=penalty)
    rewards, charged, _first, final = _episode(g, seed, random.Random(seed), illegal)
    totals = final["totals"]
    assert isinstance(totals, list) and sum(totals) == 0
    assert sum(rewards) == totals[player] - penalty * charged
    assert AGENTS[player] == g.agent
