"""Pickling and copying the environments (docs/env.md, "Copies and processes").

Vector environments and process pools send environments between processes by pickle, and
search or evaluation code copies them with ``copy.deepcopy``: a copy taken at any moment of a
match (on a turn, in an HK-4 claim window, between the hands of HK-7, at the end) must play on
exactly as the original, and the two must not share state.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hkmj.env import RULES, SingleSeatEnv, env, parallel_env, raw_env

Trace = list[tuple[Any, ...]]
COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda e: pickle.loads(pickle.dumps(e)),
    "deepcopy": copy.deepcopy,
}


def _aec(e: Any, seed: int, steps: int) -> Trace:
    """``steps`` seeded random moves of an AEC environment: what each ``last()`` returned."""
    rng = np.random.default_rng(seed)
    out: Trace = []
    for _ in range(steps):
        if not e.agents:
            break
        obs, reward, term, trunc, info = e.last()
        out.append((e.agent_selection, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, trunc, info))
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


def _parallel(p: Any, seed: int, steps: int) -> Trace:
    rng = np.random.default_rng(seed)
    out: Trace = []
    obs = p._observe() if p.agents else {}
    for _ in range(steps):
        if not p.agents:
            break
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in p.acting}
        obs, rewards, terms, truncs, infos = p.step(actions)
        planes = [(a, o["observation"].tobytes(), o["action_mask"].tobytes()) for a, o in obs.items()]
        out.append((list(p.acting), planes, rewards, terms, truncs, infos))
    return out


def _single(g: SingleSeatEnv, seed: int, steps: int) -> Trace:
    rng = np.random.default_rng(seed)
    out: Trace = []
    obs = g.aec.observe(g.agent)
    for _ in range(steps):
        if not g.aec.agents or g.aec.terminations[g.agent]:
            break
        mask = np.flatnonzero(obs["action_mask"])
        obs, reward, term, trunc, info = g.step(int(rng.choice(mask)) if len(mask) else 0)
        out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, trunc, info))
    return out


KINDS: dict[str, tuple[Callable[[str], Any], Callable[[Any, int], Any], Callable[[Any, int, int], Trace]]] = {
    "env": (lambda r: env(rules=r, hands=2), lambda e, s: e.reset(seed=s), _aec),
    "raw_env": (lambda r: raw_env(rules=r, hands=2), lambda e, s: e.reset(seed=s), _aec),
    "parallel_env": (lambda r: parallel_env(rules=r, hands=2), lambda e, s: e.reset(seed=s), _parallel),
    "SingleSeatEnv": (lambda r: SingleSeatEnv(rules=r, hands=2), lambda e, s: e.reset(seed=s), _single),
}


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("rules", RULES)
def test_a_copy_taken_at_any_moment_plays_on_exactly_as_the_original(rules: str, kind: str, how: str) -> None:
    make, reset, play = KINDS[kind]
    duplicate = COPIES[how]
    fresh = duplicate(make(rules))  # before any reset: the copy is a working environment too
    reset(fresh, 4)
    assert play(fresh, 1, 5)
    e = make(rules)
    reset(e, 4)
    checked = 0
    chunk = 4 if kind == "SingleSeatEnv" else 23  # a learner's step is a whole round of the bots
    # copies on turns, in claim windows and between hands (two-hand matches), until the end
    for moment in range(60):
        twin = duplicate(e)
        mine, theirs = play(e, moment, chunk), play(twin, moment, chunk)
        assert mine == theirs, f"{kind} {rules}: the copy taken at moment {moment} played differently"
        record = (e.unwrapped if kind == "env" else e).record()
        assert record == (twin.unwrapped if kind == "env" else twin).record(), f"{kind} {rules}: records differ"
        checked += len(mine)
        if not mine:
            break
    assert checked > (12 if kind == "SingleSeatEnv" else 150)
    done = duplicate(e)  # a copy of a finished match is finished too, and both start again alike
    reset(e, 9)
    reset(done, 9)
    assert play(e, 2, 30) == play(done, 2, 30)


def test_a_copy_shares_no_state_with_its_original() -> None:
    e = raw_env()
    e.reset(seed=3)
    e.observe(e.agent_selection)  # the mask of this move is built before the copy
    twin = copy.deepcopy(e)
    before = twin.observe(twin.agent_selection)
    _aec(e, 0, 60)  # the original plays on
    after = twin.observe(twin.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    assert twin.current_hand() is not e.current_hand()
    assert twin._core.rewards is twin.rewards and twin._core.cumulative is twin._cumulative_rewards
