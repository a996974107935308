"""Fixtures of the record referees' tests."""

from __future__ import annotations

import importlib.util
import inspect
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

ScenarioHands = Callable[[Sequence[tuple[str, ...]]], Iterator[tuple[str, str, list[dict[str, Any]]]]]


@pytest.fixture
def scenario_hands(monkeypatch: pytest.MonkeyPatch) -> ScenarioHands:
    """Run the stacked-wall scenario tests of the given files (paths under tests/, each a tuple of
    parts) and yield ``(file, test, events)`` for every hand they play, its events as JSON gives
    them back (the tests import nothing from each other: each file is loaded by its path)."""
    from hkmj.engine import state

    hands: list[Any] = []
    init = state.Hand.__init__

    def recording(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        hands.append(self)

    monkeypatch.setattr(state.Hand, "__init__", recording)
    tests = Path(__file__).resolve().parents[1]

    def played(scenarios: Sequence[tuple[str, ...]]) -> Iterator[tuple[str, str, list[dict[str, Any]]]]:
        for n, parts in enumerate(scenarios):
            spec = importlib.util.spec_from_file_location(f"hkmj_scenarios_{'_'.join(parts)}_{n}".replace(".", "_"), tests.joinpath(*parts))
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module
            spec.loader.exec_module(module)
            for name, fn in vars(module).items():
                if not name.startswith("test") or not callable(fn) or inspect.signature(fn).parameters:
                    continue
                hands.clear()
                fn()
                for hand in list(hands):
                    events = json.loads(json.dumps(hand.events))
                    if len(events) < 3 or events[0]["type"] != "hand_start":
                        continue  # a hand built without events, or not played
                    yield parts[-1], name, events

    return played
