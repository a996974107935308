"""Reinforcement-learning environments (optional extra ``hkmj[env]``: numpy, pettingzoo, gymnasium).

* :func:`env` / :func:`raw_env` — the four-player PettingZoo AEC environment (:class:`HkmjEnv`).
* :class:`SingleSeatEnv` — a Gymnasium environment: one seat against built-in bots.

Encoding of observations and actions: :mod:`hkmj.env.encoding` and docs/env.md.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(f'hkmj.env needs the "env" extra ({e.name} is missing): pip install "hkmj[env]"') from None

from hkmj.env.aec import AGENTS, HkmjEnv, env, raw_env
from hkmj.env.encoding import ACTION_NAMES, N_ACTIONS, N_ROWS, ROWS
from hkmj.env.rules import RULES
from hkmj.env.single import SingleSeatEnv

__all__ = ["ACTION_NAMES", "AGENTS", "N_ACTIONS", "N_ROWS", "ROWS", "RULES", "HkmjEnv", "SingleSeatEnv", "env", "raw_env"]
