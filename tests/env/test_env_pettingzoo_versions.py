"""``env()`` under every PettingZoo the ``env`` extra allows (``pettingzoo>=1.24``; docs/env.md).

PettingZoo 1.24.0, 1.24.1 and 1.24.2 wrap an environment differently from 1.24.3 on: their
``BaseWrapper.reset`` and ``step`` copy ``agent_selection`` and the reward, termination and info
dicts back from the environment they wrap (later versions read them through ``__getattr__``), and
their ``OrderEnforcingWrapper.__getattr__`` refuses every name it does not know (later versions
hand it on). These tests put those two pieces of PettingZoo 1.24.0, copied from its source, in
place of the installed version's, and play ``env()`` as docs/env.md's first sample does (HK-7:
the match ends, every agent is terminated and stepped with None).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.utils import wrappers

from hkmj.env import AGENTS, env

_COPIED = ("agent_selection", "rewards", "terminations", "truncations", "infos", "agents", "_cumulative_rewards")
"""What PettingZoo 1.24.0's ``BaseWrapper.reset`` and ``step`` copy from the wrapped environment."""


def _copy_back(wrapper: Any) -> None:
    for name in _COPIED:
        setattr(wrapper, name, getattr(wrapper.env, name))


def _reset_1_24_0(self: Any, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
    self.env.reset(seed=seed, options=options)
    _copy_back(self)


def _step_1_24_0(self: Any, action: Any) -> None:
    self.env.step(action)
    _copy_back(self)


def _order_getattr_1_24_0(self: Any, value: str) -> Any:
    """PettingZoo 1.24.0's ``OrderEnforcingWrapper.__getattr__`` (its warnings left out)."""
    if value == "unwrapped":
        return self.env.unwrapped
    if value == "render_mode" and hasattr(self.env, "render_mode"):
        return self.env.render_mode
    if value in {"rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents"}:
        raise AttributeError(f"{value} cannot be accessed before reset")
    raise AttributeError(f"'{type(self).__name__}' object has no attribute '{value}'")


@pytest.fixture
def pettingzoo_1_24_0(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wrappers.BaseWrapper, "reset", _reset_1_24_0)
    monkeypatch.setattr(wrappers.BaseWrapper, "step", _step_1_24_0)
    monkeypatch.setattr(wrappers.OrderEnforcingWrapper, "__getattr__", _order_getattr_1_24_0)


@pytest.mark.usefixtures("pettingzoo_1_24_0")
def test_the_first_sample_plays_to_the_end_under_pettingzoo_1_24_0() -> None:
    """Was: with PettingZoo 1.24.0-1.24.2, docs/env.md's first loop (``env()``, ``agent_iter``,
    ``last``, None for a terminated agent) stopped at the end of every episode with
    ``KeyError: 'player_1'``: a terminated agent's step skipped the wrapper's copy, which kept
    naming the agent that had just left; every agent now leaves in turn and the loop ends (HK-7)."""
    e = env(rules="hk", hands=2)
    e.reset(seed=42)
    left = []
    totals = dict.fromkeys(AGENTS, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            left.append(agent)
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
    assert sorted(left) == sorted(AGENTS) and not e.agents
    assert [totals[a] for a in AGENTS] == [float(t) for t in info["totals"]]


@pytest.mark.usefixtures("pettingzoo_1_24_0")
def test_the_records_and_hand_of_env_are_reached_under_pettingzoo_1_24_0() -> None:
    """Was: with PettingZoo 1.24.0-1.24.2, ``env().record()`` (docs/env.md, "Records"),
    ``current_hand()``, ``legal_actions()`` and ``rules`` raised ``AttributeError:
    '_CallOrderCheck' object has no attribute 'record'``; they now reach the environment, and
    PettingZoo's dicts are still refused before ``reset()``."""
    e = env(rules="mcr")
    e.reset(seed=3)
    assert e.record()[0]["type"] == "match_start"
    assert e.current_hand() is e.unwrapped.current_hand()
    obs, *_ = e.last()
    assert sorted(e.legal_actions()) == np.flatnonzero(obs["action_mask"]).tolist()
    assert e.rules.name == "mcr"
    fresh = env()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        _ = fresh.agent_selection
    with pytest.raises(AttributeError, match="accessing private attribute '_core' is prohibited"):
        _ = e._core
