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


def test_bench_bots_hands_help_states_no_minimum_the_script_does_not_hold(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python bench/bench_bots.py --help`` said ``--hands``: "hands per pairing, at least 2,000",
    yet docs/bots.md runs it with ``--hands 600`` (the MCR ladder) and 1,200 (tuning), and the
    script plays any count: the help says what 6,000 and 2,000 hands are for (docs/bots.md, Strength ladder), and a short run is played."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location("hkmj_bench_bots_hands", ROOT / "bench" / "bench_bots.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        bench.main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    hands = help_text[help_text.index("--hands HANDS hands per pairing") :].split("--seed SEED", 1)[0]
    assert "at least" not in hands and "2,000 are plenty for greedy vs random" in hands and "tuning run" in hands, hands
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert bench.main(["--pairs", "greedy:random", "--hands", "12", "--workers", "1", "--seed", "7", "--no-fail"]) == 0
    out = capsys.readouterr().out
    assert "seed 7, 2 deals x 6 seatings per pairing" in out and "greedy vs random       12" in out, out
