"""In-tree PEP 517 backend: setuptools, plus the mypyc-compiled core in built wheels.

Like black and mypy, a wheel (``pip install .``, ``pip wheel .``, ``python -m build``) holds
the rules core compiled with mypyc; an editable install (``pip install -e .``) stays pure
Python, so the source you edit is the code that runs. ``HKMJ_MYPYC=0`` builds a pure-Python
wheel. Only ``build_wheel`` compiles, and only it asks for mypy (which ships mypyc).
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (the rest of the PEP 517 interface, unchanged)
    build_editable,
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

MYPY = "mypy>=1.10"
TYPED_IMPORTS = ["orjson>=3.8", "mypy_extensions>=1.0"]
"""Runtime dependencies the compiled modules import: mypyc type-checks them in the build environment."""


def _compile() -> bool:
    return os.environ.get("HKMJ_MYPYC", "1") != "0"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' own requirements, plus mypy (mypyc) and what the compiled modules import when the wheel is compiled."""
    requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPY, *TYPED_IMPORTS] if _compile() else requires


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    """Build the wheel; ``setup.py`` compiles the core when ``HKMJ_MYPYC`` is ``1``."""
    previous = os.environ.get("HKMJ_MYPYC")
    os.environ["HKMJ_MYPYC"] = "1" if _compile() else "0"
    try:
        name: str = _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
        return name
    finally:
        if previous is None:
            del os.environ["HKMJ_MYPYC"]
        else:
            os.environ["HKMJ_MYPYC"] = previous
