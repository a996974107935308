"""The two sides of an A/B bench script: a ``src`` directory or a Python executable.

A ``src`` directory runs with this interpreter and ``PYTHONPATH`` set to it (pure Python, the
tree as it is); an executable (say a scratch venv's ``bin/python`` with a compiled wheel
installed) runs without ``PYTHONPATH``, so its installed ``hkmj`` is the one measured even
when the caller exported ``PYTHONPATH=src``.
"""

from __future__ import annotations

import os
import sys


def side_command(side: str, **env: str) -> tuple[list[str], dict[str, str]]:
    """The command prefix (interpreter) and the environment that run code on ``side``."""
    if os.path.isfile(side) and os.access(side, os.X_OK):
        inherited = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        return [side], dict(inherited, **env)
    return [sys.executable], dict(os.environ, PYTHONPATH=os.path.abspath(side), **env)


def is_side(side: str) -> bool:
    """Whether ``side`` is a ``src`` directory holding ``hkmj`` or an executable file."""
    return os.path.isdir(os.path.join(side, "hkmj")) or (os.path.isfile(side) and os.access(side, os.X_OK))
