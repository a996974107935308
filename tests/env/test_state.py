"""PettingZoo's ``state()`` (docs/env.md, *Global state*): every agent's planes stacked, for a
centralised critic; calling it changes nothing an agent observes (HK-3: each seat's concealed
tiles stay in that seat's own planes)."""

from __future__ import annotations

import copy
import importlib
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")


from hkmj.env import AGENTS, N_ROWS, env, parallel_env, raw_env
from hkmj.env.encoding import HAND
from hkmj.tiles import N_KINDS

pettingzoo_state = importlib.import_module("pettingzoo.test.state_test")
"""PettingZoo's state checks (the module: ``pettingzoo.test`` exports a function of that name)."""


def _episode(rules: str, seed: int, with_state: bool) -> list[tuple[bytes, bytes, float]]:
    """A seeded episode of random legal actions: each step's observation, mask and reward of the
    acting agent; with ``with_state``, ``state()`` is called first at every step and checked."""
    e = raw_env(rules, hands=2)
    e.reset(seed=seed)
    rng = random.Random(seed)
    seen = []
    for agent in e.agent_iter():
        state = e.state() if with_state else None
        obs, reward, done, cut, _ = e.last()
        assert obs is not None
        seen.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        if state is not None:
            assert state.shape == (4, N_ROWS, N_KINDS) and e.state_space.contains(state)
            hand = e.current_hand()
            for p, name in enumerate(AGENTS):
                mine = obs if name == agent else e.observe(name)
                assert np.array_equal(state[p], mine["observation"])
                counts = state[p][HAND : HAND + 4].sum(axis=0).astype(int).tolist()
                assert counts == hand.hands[e._seats[p]]  # each seat's own concealed tiles, HK-3
        e.step(None if done or cut else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return seen


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_state_stacks_every_agents_planes_and_changes_no_observation(rules: str) -> None:
    """Two seeded episodes, one calling ``state()`` (and every agent's ``observe``) before each
    move: the same observations, masks and rewards at every step."""
    assert _episode(rules, 3, True) == _episode(rules, 3, False)


def test_state_space_and_parallel_state_pass_pettingzoos_checks() -> None:
    """PettingZoo's own state checks (its ``state_test`` steps unmasked random actions, which this
    environment refuses, so its space and parallel checks run here and the stepping above)."""
    pettingzoo_state.test_state_space(raw_env())
    pettingzoo_state.test_parallel_env(parallel_env())
    p = parallel_env("mcr")
    obs, _ = p.reset(seed=4)
    assert np.array_equal(p.state(), np.stack([obs[a]["observation"] for a in AGENTS]))
    wrapped = env()
    wrapped.reset(seed=4)
    assert wrapped.unwrapped.state_space.contains(wrapped.state())


def test_state_before_reset_says_so_and_a_copy_keeps_it() -> None:
    e = raw_env()
    with pytest.raises(RuntimeError, match=r"call reset\(\) before state\(\)"):
        e.state()
    e.reset(seed=9)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    twin = copy.deepcopy(e)
    assert np.array_equal(twin.state(), e.state()) and twin.state_space == e.state_space
