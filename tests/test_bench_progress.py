"""The bench scripts' progress, read in a log file as well as at a terminal."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_bench_bots_progress_to_a_file_is_whole_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """``python bench/bench_bots.py > log 2>&1`` wrote its progress as one line thousands of
    characters long (every update began with a carriage return, never a newline): to a file or
    a pipe it now writes a whole line at each tenth of the deals, with no carriage return."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location("hkmj_bench_bots_progress", ROOT / "bench" / "bench_bots.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    rows, _ = bench.run_pairing("greedy", "random", 3, seed=7, workers=1, chunk=1)
    assert len(rows) == 3
    lines = err.getvalue().splitlines()
    assert "\r" not in err.getvalue() and err.getvalue().endswith("\n")
    assert lines[0].startswith("greedy vs random: 0/3 deals") and lines[-1].startswith("greedy vs random: 3/3 deals (18 hands)")
    assert len(lines) == 4


@pytest.mark.parametrize(("script", "step"), [("train_danger", 25), ("train_expert", 50)])
def test_training_progress_to_a_file_is_a_whole_line_a_step(monkeypatch: pytest.MonkeyPatch, script: str, step: int) -> None:
    """``python bench/train_danger.py > log 2>&1`` (and train_expert.py) wrote its progress as one
    long line, each step after a carriage return: to a file or a pipe it now writes a whole line
    a step (``25/75 deals, ...``), as bench_bots.py does (the hands themselves are stubbed here)."""
    from types import SimpleNamespace

    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location(f"hkmj_bench_{script}_progress", ROOT / "bench" / f"{script}.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(bench, "play_hand", lambda hand, players: SimpleNamespace(payments=(0, 0, 0, 0)))
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    bench.generate(3 * step, 1, *((bench.pair_features,) if script == "train_danger" else (0.0,)))
    lines = err.getvalue().splitlines()
    assert "\r" not in err.getvalue() and err.getvalue().endswith("\n"), err.getvalue()
    assert [x.split(",")[0] for x in lines] == [f"{k * step}/{3 * step} deals" for k in (1, 2, 3)], lines
