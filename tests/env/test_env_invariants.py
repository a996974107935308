"""The environment's invariants under every ruleset and house options (docs/env.md).

tests/env/test_env_leaks.py shuffles the hidden tiles under each ruleset's defaults; this file
adds Hong Kong and classical house options and checks, at every step of random legal play:
the action mask is exactly the engine's legal actions of the seat asked (HK-4); the 144 tiles
are all somewhere (HK-1, MCR-1, CL-1); each step's rewards sum to zero and the episode's
rewards are the match's totals (HK-6, MCR-8, CL-7.6); an observation is the same with the
other seats' concealed tiles and the walls shuffled (HK-1, HK-4).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hkmj.engine.testing import shuffle_hidden
from hkmj.env import AGENTS, raw_env

from .action_oracle import action_index

FULL = [4] * 34 + [1] * 8
TABLES = [
    ("hk", {"minfan": "3", "limit": "8", "table": "half", "payment": "half-shooter", "base": "2"}),
    ("hk", {"minfan": "1", "table": "doubling", "payment": "seed"}),
    ("mcr", {}),
    ("classical", {"pay_highest": "on", "limit": "500"}),
]


def _seen(obs: dict[str, Any]) -> tuple[bytes, bytes]:
    return obs["observation"].tobytes(), obs["action_mask"].tobytes()


@pytest.mark.parametrize("ask_all", [False, True])
@pytest.mark.parametrize(("rules", "options"), TABLES, ids=["hk-house", "hk-doubling", "mcr", "classical-pay-highest"])
def test_masks_tiles_rewards_and_observations_hold_at_every_step(rules: str, options: dict[str, str], ask_all: bool) -> None:
    rng = random.Random(len(options) + ask_all)
    e = raw_env(rules=rules, options=options, hands=2, ask_all=ask_all)
    assert e.rules.options.items() >= options.items()
    e.reset(seed=9)
    episode = dict.fromkeys(AGENTS, 0.0)
    steps = compared = 0
    totals: list[int] = []
    for agent in e.agent_iter():
        obs, _reward, term, trunc, info = e.last()
        if term or trunc:
            totals = info["totals"]
            e.step(None)
            continue
        hand = e.current_hand()
        seat = e._seats[AGENTS.index(agent)]
        assert hand.pending() and seat == hand.pending()[0]
        assert hand.census() == FULL
        legal = hand.legal_actions(seat)
        mask = np.flatnonzero(obs["action_mask"]).tolist()
        assert mask == sorted(action_index(a, hand.offered_tile) for a in legal) and len(mask) == len(legal)
        if rng.random() < 0.25:
            observer = rng.choice(AGENTS)
            twin = copy.deepcopy(e)
            shuffle_hidden(twin.current_hand(), {twin._seats[AGENTS.index(observer)]}, rng)
            assert _seen(twin.observe(observer)) == _seen(e.observe(observer)), (observer, steps)
            compared += 1
        e.step(int(rng.choice(mask)))
        assert sum(e.rewards.values()) == 0, e.rewards
        for a in AGENTS:
            episode[a] += e.rewards[a]
        steps += 1
    assert steps > 50 and compared > 10
    assert [episode[a] for a in AGENTS] == [float(t) for t in totals] and sum(totals) == 0
