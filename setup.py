"""Optional compiled build: ``HKMJ_MYPYC=1`` compiles the pure rules core with mypyc.

The default install is pure Python. For simulation speed (research, benchmarks):

    pip install mypy && HKMJ_MYPYC=1 pip install --no-build-isolation .

The compiled modules behave exactly like the Python ones (same source, type-checked
with ``mypy --strict``); ``hkmj.compiled()`` tells which one is installed.
"""

from __future__ import annotations

import os

from setuptools import setup

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
    "src/hkmj/scoring/request.py",
    "src/hkmj/scoring/lines.py",
]

ext_modules = []
if os.environ.get("HKMJ_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(CORE, opt_level="3")

setup(ext_modules=ext_modules)
