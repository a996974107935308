"""Reinforcement-learning environments (optional extra ``hkmj[env]``: numpy, pettingzoo, gymnasium).

* :func:`env` / :func:`raw_env` — the four-player PettingZoo AEC environment (:class:`HkmjEnv`).
* :func:`parallel_env` — the same game as a PettingZoo ``ParallelEnv`` (:class:`HkmjParallelEnv`):
  the agents who must act (the player on turn, or every claimant, HK-4.7) act together.
* :class:`SingleSeatEnv` — a Gymnasium environment: one seat against built-in bots, registered as
  :data:`GYM_ID` (``gymnasium.make("hkmj/SingleSeat-v1")``).

Encoding of observations and actions: :mod:`hkmj.env.encoding` and docs/env.md.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(f'hkmj.env needs the "env" extra ({e.name} is missing): pip install "hkmj[env]"') from None

from hkmj.env.aec import AGENTS, HkmjEnv, env, raw_env
from hkmj.env.encoding import ACTION_NAMES, N_ACTIONS, N_ROWS, ROWS
from hkmj.env.parallel import HkmjParallelEnv, parallel_env
from hkmj.env.rules import RULES
from hkmj.env.single import SingleSeatEnv

GYM_ID = "hkmj/SingleSeat-v1"
"""The id under which importing :mod:`hkmj.env` registers :class:`SingleSeatEnv` with Gymnasium:
``gymnasium.make(GYM_ID, rules="mcr")`` and ``gymnasium.make_vec(GYM_ID, num_envs=8)`` take its arguments."""
if GYM_ID not in gymnasium.registry:  # a reload of this module registers nothing twice
    gymnasium.register(GYM_ID, entry_point="hkmj.env.single:SingleSeatEnv")

__all__ = [
    "ACTION_NAMES",
    "AGENTS",
    "GYM_ID",
    "N_ACTIONS",
    "N_ROWS",
    "ROWS",
    "RULES",
    "HkmjEnv",
    "HkmjParallelEnv",
    "SingleSeatEnv",
    "env",
    "parallel_env",
    "raw_env",
]
