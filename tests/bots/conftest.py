"""Fixtures of the bot tests."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bench_script(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], ModuleType]:
    """A loader of one of bench/'s scripts as a module (``bench/`` on the path, as when run)."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(f"hkmj_bench_{name}", ROOT / "bench" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load
