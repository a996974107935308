"""bench/tune_expert.py, the joint tuning of the expert's constants (docs/bots.md, ninth round):
its candidate at zero offsets is the shipped expert (so every gain it prints is measured against
the defaults), it refuses the ladder's reporting seeds, and it exits 1 when nothing gains."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import hkmj.bots.strong as strong
from hkmj.bots.expert import ExpertBot


def test_zero_offsets_are_the_shipped_expert(bench_script: Callable[[str], ModuleType]) -> None:
    tune = bench_script("tune_expert")
    variant, sets = tune.spec(tune.settings([0.0] * len(tune.SPACE)))
    bot = ExpertBot(0)
    assert variant == (
        f"expert+claim_margin={bot.claim_margin:.4f}+defence={bot.defence:.4f}+calibration={bot.calibration:.4f}+tie={bot.tie:.4f}"
    )
    # the shipped expert carries its own model constants (c16, docs/bots.md tenth round), not the strong bot's
    model = bot.model
    assert model is not None and model != (strong.UKEIRE_EXP, strong.PAIR_VALUE, strong.SELF_DRAW_FAN, strong.PLAN_EXP, strong.PLAN_SPEED)
    assert sets[0] == "UKEIRE_EXP=(" + ",".join(f"{e:.4f}" for e in model.ukeire_exp) + ")"
    assert f"PAIR_VALUE={model.pair_value:.4f}" in sets and f"PLAN_EXP={model.plan_exp:.4f}" in sets
    assert f"PLAN_SPEED[all_pungs]={model.plan_speed['all_pungs']:.4f}" in sets
    # and screened (the sets go into the candidate's own model), it is the shipped expert
    screen = bench_script("screen_expert")
    candidate = screen.build_bot(variant, 0)
    assert screen.carried(candidate, sets) == [] and candidate.model == model


def test_refuses_the_reporting_seeds(monkeypatch: pytest.MonkeyPatch, bench_script: Callable[[str], ModuleType], tmp_path: Path) -> None:
    tune = bench_script("tune_expert")
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with pytest.raises(SystemExit) as e:
        tune.main(["--seeds", "11,7", "--log", str(tmp_path / "log.jsonl")])
    assert e.value.code == 2


def test_exits_1_when_the_validated_candidate_does_not_gain(
    monkeypatch: pytest.MonkeyPatch, bench_script: Callable[[str], ModuleType], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hands are stubbed: every candidate scores exactly as the shipped expert (gain 0)."""
    tune = bench_script("tune_expert")
    monkeypatch.setattr(tune, "play", lambda a, b, seed, deals, part, sets=(): ([0.5] * len(deals), {"A": {"wins": 1, "seats": 2, "deal_ins": 0}}))
    log = tmp_path / "log.jsonl"
    args = ["--seeds", "11,13", "--candidates", "3", "--deals", "2", "--top", "1", "--validate", "2", "--log", str(log)]
    assert tune.main(args) == 1
    out = capsys.readouterr().out
    assert "FAIL: the validated candidate does not gain on every tuning seed" in out and "fitted slopes" in out
    assert len(log.read_text().splitlines()) == 2 * (3 + 2 + 1)
