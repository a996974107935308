"""Environments dropped mid-episode and collected as garbage (docs/env.md, "Throughput").

A researcher's script that makes many environments, resets them and drops them without ending
their episodes leaves cycles for Python's garbage collector. In the compiled wheel the planes'
C cell writer (``hkmj.env._cells``) held an export of a memoryview; the collector cleared that
memoryview with the export left, and the process crashed (a segmentation fault) in the next
collection. The script runs in a child process, so that a crash fails this test, not the run.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import gc
    import numpy as np
    from hkmj.env import env, raw_env

    for _ in range(150):  # reset, then dropped mid-episode (HK-7: the hand not played out)
        e = raw_env()
        e.reset(seed=1)
    del e
    gc.collect()
    for i in range(6):  # played out in fresh environments, every ruleset
        rng = np.random.default_rng(i)
        e = env(("hk", "mcr", "classical")[i % 3])
        e.reset(seed=i)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        e.close()
    gc.collect()
    print("collected")
    """
)


def test_environments_dropped_mid_episode_are_collected_without_a_crash() -> None:
    """150 environments reset and dropped mid-episode, then six whole episodes, each followed by a
    full collection: the process ends normally (it crashed with the compiled core's cell writer)."""
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "collected", (done.returncode, done.stderr[-2000:])
