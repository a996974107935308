"""bench/screen_expert.py's ``--set`` overrides a constant for the screened variant only: with
``--against strong`` the opponent, which reads the same constants of hkmj.bots.strong, used to
play with the variant's values too, so the pairing screened was not the one named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

import pytest

import hkmj.bots.strong as strong
from hkmj.bots.greedy import GreedyBot
from hkmj.engine import Action, SeatView


def test_set_applies_to_the_variant_only(monkeypatch: pytest.MonkeyPatch, bench_script: Callable[[str], ModuleType]) -> None:
    screen = bench_script("screen_expert")
    seen: dict[str, set[float]] = {"variant": set(), "opponent": set()}

    class Recorder(GreedyBot):
        def __init__(self, who: str, seed: int) -> None:
            super().__init__(seed)
            self.who = who

        def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
            seen[self.who].add(strong.PAIR_VALUE)
            return super().choose(view, legal)

    monkeypatch.setattr(screen, "build_bot", lambda name, seed: Recorder(name, seed))
    diffs, _ = screen.play("variant", "opponent", 11, range(1), None, ["PAIR_VALUE=0.9"])
    assert len(diffs) == 1
    assert seen == {"variant": {0.9}, "opponent": {strong.PAIR_VALUE}} and strong.PAIR_VALUE != 0.9
