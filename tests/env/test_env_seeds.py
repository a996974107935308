"""Seeds (docs/env.md): the same ``reset(seed=...)`` plays the same match in any process.

Researchers compare runs across worker processes, so a seed must not depend on anything a
process draws for itself (string hashing, object ids): the digests of seeded episodes of the
AEC, parallel and single-seat environments are the same in this process and in two fresh ones
with different ``PYTHONHASHSEED``. ``reset()`` without a seed deals a fresh match. PettingZoo's
``parallel_seed_test`` samples actions without the masks, which these environments refuse (HK-4:
only legal actions), so the parallel check here samples within the masks.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hkmj.env import RULES, SingleSeatEnv, parallel_env, raw_env


def digest(rules: str, seed: int | None) -> str:
    """A digest of one seeded two-hand episode of each environment, masked random actions."""
    h = hashlib.sha256()
    rng = np.random.default_rng(1)
    e = raw_env(rules=rules, hands=2)
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        h.update(f"{agent}{reward}{term}{trunc}{info}".encode())
        h.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    p = parallel_env(rules=rules, hands=2)
    seen, _ = p.reset(seed=seed)
    while p.agents:
        actions = {a: int(rng.choice(np.flatnonzero(seen[a]["action_mask"]))) for a in p.acting}
        seen, rewards, terms, _truncs, infos = p.step(actions)
        h.update(f"{actions}{rewards}{terms}{infos}".encode())
        h.update(b"".join(o["observation"].tobytes() + o["action_mask"].tobytes() for o in seen.values()))
    g = SingleSeatEnv(rules=rules, opponents=("greedy", "random", "strong"), hands=2)
    obs, info = g.reset(seed=seed)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, _trunc, info = g.step(int(rng.choice(legal)) if len(legal) else 0)
        h.update(f"{reward}{info}".encode() + obs["observation"].tobytes())
    return h.hexdigest()


def test_a_seed_plays_the_same_match_in_any_process_and_no_seed_a_fresh_one() -> None:
    here = [digest(rules, 17) for rules in RULES]
    # the fresh processes import hkmj as this one does (its sys.path: the source tree, or an install)
    code = (
        "import importlib.util as u; "
        f"spec = u.spec_from_file_location('seeds', {__file__!r}); m = u.module_from_spec(spec); spec.loader.exec_module(m); "
        f"print([m.digest(r, 17) for r in {list(RULES)!r}])"
    )
    path = os.pathsep.join(p for p in sys.path if p)
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300, check=True)
        assert out.stdout.strip() == str(here), out.stderr
    assert digest("hk", None) != digest("hk", None)  # unseeded resets deal fresh matches


def _first(e: Any, seed: Any) -> bytes:
    """The first observation after ``reset(seed=seed)`` of any of the three environments, as bytes."""
    out = e.reset(seed=seed)
    if isinstance(e, SingleSeatEnv):
        obs = out[0]
    elif out is None:  # AEC: reset returns nothing
        obs = e.observe(e.agent_selection)
    else:
        obs = out[0][e.acting[0]]
    return bytes(obs["observation"].tobytes() + obs["action_mask"].tobytes())


@pytest.mark.parametrize("make", [raw_env, parallel_env, SingleSeatEnv])
def test_a_seed_is_a_whole_number_0_or_more(make: Any) -> None:
    """Was: ``-3`` dealt the match of ``3`` (Python's ``random`` drops the sign); ``5.5``, ``"5"`` and
    ``True`` were taken as seeds; a NumPy integer raised ``random``'s TypeError, naming no argument
    (the single-seat environment: Gymnasium's error)."""
    e = make()
    five = _first(e, 5)
    assert _first(e, np.int64(5)) == five  # a seed drawn with NumPy is the same number
    assert _first(e, 3) != _first(e, 4)
    for bad in (-3, 5.5, "5", True, [5]):
        with pytest.raises(ValueError, match=r"seed=.*: expected None or a whole number 0 or more"):
            e.reset(seed=bad)
    assert _first(e, 5) == five  # a refused seed leaves the environment as good as new


def test_the_pages_first_sample_replays_its_episode_once_the_action_space_is_seeded_as_it_says() -> None:
    """Was: docs/env.md said only that ``reset(seed=s)`` deals the same walls and seats, and its
    first sample, run twice, played two different episodes from that deal (its actions come from
    ``action_space(agent).sample``, whose generator ``reset`` does not seed, as in PettingZoo's own
    environments), which a researcher checking reproducibility reads as a seeding bug. The page now
    says to seed the space as well; done as it says, the sample plays the same record in two
    processes with different hash seeds (HK-2.1 seats, HK-7 the match)."""
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "env.md").read_text(encoding="utf-8")
    assert "`e.action_space(agent).seed(s)` after `reset(seed=s)`" in page
    sample = page.split("```python\n", 1)[1].split("```", 1)[0]
    assert "e.reset(seed=42)\n" in sample
    code = sample.split("\ng = SingleSeatEnv", 1)[0].replace(
        "e.reset(seed=42)\n", "e.reset(seed=42)\ne.action_space(e.agent_selection).seed(42)\n"
    )
    code += "\nimport hashlib, json; print(hashlib.sha256(json.dumps(e.unwrapped.record()).encode()).hexdigest())\n"
    path = os.pathsep.join(p for p in sys.path if p)
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1, digests
