"""The compiled core: build_backend/hkmj_build.py sets ``HKMJ_MYPYC=1`` for wheels.

``pip install .`` / ``pip wheel .`` build a wheel whose rules core is compiled with mypyc
(like black and mypy); ``pip install -e .`` stays pure Python; ``HKMJ_MYPYC=0 pip install .``
builds a pure-Python wheel. The compiled modules behave exactly like the Python ones (same
source, type-checked with ``mypy --strict``); ``hkmj --version`` and ``hkmj.compiled()``
tell which one is installed. The compiled wheel also builds one small C extension,
``hkmj.env._cells`` (the observation planes' cell writer and action mask, issue 13), which
the environment uses when present and replaces with its own Python code when not.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE = [
    "src/hkmj/tiles.py",
    "src/hkmj/hand/__init__.py",
    "src/hkmj/hand/tables.py",
    "src/hkmj/scoring/model.py",
    "src/hkmj/scoring/shape.py",
    "src/hkmj/scoring/ruleset.py",
    "src/hkmj/scoring/hong_kong.py",
    "src/hkmj/scoring/generate.py",
    "src/hkmj/scoring/mcr_combos.py",
    "src/hkmj/scoring/mcr_shape.py",
    "src/hkmj/scoring/mcr.py",
    "src/hkmj/scoring/mcr_generate.py",
    # the classical scorer (CL-5 … CL-7): `python bench/bench_classical.py` holds a deal to 0.2×
    # the HK scorer's speed, which a pure classical.py beside a compiled hong_kong.py missed
    # (0.10×); compiled too, 0.36-0.37× (two runs, 2026-12-05 12:17 UTC, load 16-17: met). Its
    # Deal, PlayerHand and ClassicalOptions take their fields as objects and refuse, as they are
    # built, what their native fields cannot hold (a bool seat, a string tile) in the scorer's own
    # words, as model.Win does (tests/test_seat_numbers.py, test_score_strictness.py)
    "src/hkmj/scoring/classical.py",
    "src/hkmj/scoring/request.py",
    "src/hkmj/scoring/lines.py",
    # the engine (HK-2 … HK-7) and the environment's plane writer (numpy-free), issue 13
    "src/hkmj/engine/actions.py",
    "src/hkmj/engine/wall.py",
    "src/hkmj/engine/view.py",
    "src/hkmj/engine/state.py",
    "src/hkmj/engine/match.py",
    "src/hkmj/engine/play.py",
    "src/hkmj/env/planes.py",
    "src/hkmj/env/core.py",
    # the expert's playout simulator (issue 14): the search's hot loop
    "src/hkmj/bots/rollout.py",
]

ext_modules = []
if os.environ.get("HKMJ_MYPYC") == "1":
    from mypyc.build import mypycify

    # Modules outside CORE are only read for their types, silently: hkmj.env's package imports
    # numpy and gymnasium, which the wheel's isolated build does not install (CORE needs neither).
    # multi_file: one C file per module (about 40) rather than one of 13 MB, which the C compiler
    # optimised for two minutes on one core; ParallelBuildExt compiles them on every core.
    ext_modules = mypycify(["--follow-imports=silent", *CORE], opt_level="3", multi_file=True)
    # the planes' cells stored straight into their buffer (the buffer protocol: no numpy headers)
    ext_modules.append(Extension("hkmj.env._cells", ["src/hkmj/env/_cells.c"], extra_compile_args=["-O2"]))



class ParallelBuildExt(build_ext):
    """build_ext compiling each extension's C files on every core (setuptools compiles them one by one)."""

    def build_extensions(self) -> None:
        one_by_one = self.compiler.compile

        def on_every_core(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) < 2:
                return list(one_by_one(sources, *args, **kwargs))
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                return [obj for objs in pool.map(lambda source: one_by_one([source], *args, **kwargs), sources) for obj in objs]

        self.compiler.compile = on_every_core  # type: ignore[method-assign]
        super().build_extensions()


setup(ext_modules=ext_modules, cmdclass={"build_ext": ParallelBuildExt})
