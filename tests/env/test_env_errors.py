"""Errors a researcher meets stepping the raw AEC environment out of order (issue 13: clear errors).

These fail today in ``hkmj/env/core.py`` / ``aec.py`` (owned by the env speed-up work, so not
changed here); they are marked ``xfail`` until fixed there, and say what a clear error is.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hkmj.env import HkmjEnv, raw_env

_OWNED = "reported to the coordinator: hkmj/env/core.py and aec.py are changed by the env speed-up work only"


def _played_out(seed: int) -> HkmjEnv:
    """A raw environment whose one-hand episode has been played to its end by masked random agents."""
    e = raw_env()
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc or obs is None else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.agents == []
    return e


@pytest.mark.xfail(reason=_OWNED, raises=(AssertionError, ValueError), strict=False)
def test_step_before_reset_says_to_call_reset() -> None:
    """Today: "player_0: action 0 (discard 1m) is not legal now; legal: " (an empty legal list)."""
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        raw_env().step(0)


@pytest.mark.xfail(reason=_OWNED, raises=(AssertionError, KeyError), strict=False)
def test_hk7_stepping_or_reading_after_the_episode_ended_says_it_is_over() -> None:
    """Today: ``KeyError: 'player_1'`` from PettingZoo's ``_was_dead_step`` and from ``last()``."""
    e = _played_out(3)
    with pytest.raises(RuntimeError, match=r"over.*reset\(\)"):
        e.step(None)
    with pytest.raises(RuntimeError, match=r"over.*reset\(\)"):
        e.last()


@pytest.mark.xfail(reason=_OWNED, strict=False)
def test_a_fractional_action_is_refused_not_truncated() -> None:
    """Today ``step(7.9)`` plays action 7 when it is legal: ``int()`` truncates it silently."""
    e = raw_env()
    e.reset(seed=1)
    legal = sorted(e.legal_actions())
    with pytest.raises(ValueError, match="action index"):
        e.step(legal[0] + 0.5)
