"""bench/screen_expert.py's ``--set`` overrides a constant for the screened variant only: with
``--against strong`` the opponent, which reads the same constants of hkmj.bots.strong, used to
play with the variant's values too, so the pairing screened was not the one named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

import pytest

import hkmj.bots.strong as strong
from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.engine import Action, Hand, SeatView


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


def test_set_reaches_an_expert_carrying_its_own_model(bench_script: Callable[[str], ModuleType]) -> None:
    """The shipped expert carries the strong model's constants in its own model (docs/bots.md,
    tenth round), so a module override alone would leave it as it was: ``--set`` of those
    constants goes into the variant's model, the others still override the module."""
    screen = bench_script("screen_expert")
    bot = ExpertBot(0)
    assert bot.model is not None
    scoped = screen.Scoped(bot, ["PAIR_VALUE=0.9", "PLAN_SPEED[all_pungs]=2.0", "FAR_POINTS=30.0"])
    assert scoped.sets == ["FAR_POINTS=30.0"]
    ctx = bot._context(Hand.from_seed(7).view(0))
    assert (ctx.pair_value, ctx.plan_speed["all_pungs"]) == (0.9, 2.0)
    assert strong.PAIR_VALUE != 0.9 and strong.PLAN_SPEED["all_pungs"] != 2.0
    assert ExpertBot(0).model != bot.model  # the class's default is untouched
