"""The environment's action indices come straight from the engine's fixed numbering
(:meth:`~hkmj.engine.Hand.legal_numbers`): they must equal the test oracle :func:`action_oracle.action_index` of
every legal action at every step (HK-4: the mask is exactly the acting seat's legal actions)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

from hkmj.engine.actions import N_NUMBERS, NUMBER_CHOW, NUMBER_KONG_OWN, NUMBER_WIN
from hkmj.env import raw_env
from hkmj.env.core import CHOW, KONG_OWN, MAHJONG, N_ACTIONS

from .action_oracle import action_index


def test_hk4_the_engine_numbering_is_the_action_space() -> None:
    assert (N_NUMBERS, NUMBER_CHOW, NUMBER_KONG_OWN, NUMBER_WIN) == (N_ACTIONS, CHOW, KONG_OWN, MAHJONG)


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk4_each_steps_indices_are_the_action_index_of_each_legal_action(rules: str) -> None:
    e = raw_env(rules=rules, hands=2)
    core = e._core
    for episode in range(4):
        rng = random.Random(episode)
        e.reset(seed=episode)
        for _agent in e.agent_iter():
            obs, _reward, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            hand = e.current_hand()
            offered = hand.offered_tile
            assert core.indices == [action_index(a, offered) for a in core.legal]
            legal = obs["action_mask"].nonzero()[0]
            assert sorted(core.indices) == legal.tolist()
            e.step(int(legal[int(rng.random() * len(legal))]))
