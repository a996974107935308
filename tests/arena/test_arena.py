"""``hkmj arena`` (issue 13): OpenSkill ratings over duplicate deals with rotated seats (HK-6 points)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("openskill")

from hkmj.arena import play_deal, run_arena, tables
from hkmj.cli import main


def test_duplicate_deal_rotates_every_bot_through_every_seat_and_points_sum_to_zero() -> None:
    pts = play_deal((3, 0, ("random", "greedy", "strong", "random"), ("hk", ())))
    assert set(pts) == {"random", "greedy", "strong"}
    assert sum(pts.values()) == 0  # HK-6 payments sum to zero in every hand


def test_tables_cycle_through_combinations_and_repeat_bots_when_fewer_than_four() -> None:
    assert tables(["a", "b"], 2) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    five = tables(["a", "b", "c", "d", "e"], 5)
    assert len(set(five)) == 5 and all(len(set(t)) == 4 for t in five)


def test_ratings_are_identical_for_any_number_of_workers() -> None:
    one = run_arena(["random", "greedy"], deals=4, seed=5, workers=1)
    two = run_arena(["random", "greedy"], deals=4, seed=5, workers=2)
    assert one.mu == two.mu and one.sigma == two.sigma and one.history == two.history
    assert len(one.history) == 4 and one.history[-1][0] == 16


def test_greedy_outrates_random_and_the_table_shows_confidence() -> None:
    r = run_arena(["random", "greedy"], deals=10, seed=2)
    assert r.mu["greedy"] > r.mu["random"]
    text = r.table()
    assert "95% interval" in text and text.splitlines()[1].startswith("greedy")


def test_cli_arena_writes_the_plot_and_refuses_bad_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "r.png"
    assert main(["arena", "--bots", "random,greedy", "--deals", "3", "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["arena", "--bots", "random,nobody", "--deals", "1"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["arena", "--bots", "greedy", "--deals", "1"]) == 2


def test_arena_plays_any_registered_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "random,greedy", "--deals", "2", "--rules", "classical", "--plot", ""]) == 0
    assert main(["arena", "--bots", "random,greedy", "--deals", "1", "--rules", "riichi"]) == 2
    assert "unknown ruleset 'riichi'" in capsys.readouterr().err


def test_arena_shows_a_progress_bar_by_deal_unless_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    """Long work shows its progress on stderr (one line every 10% off a terminal); --quiet: none."""
    assert main(["arena", "--bots", "random,greedy", "--deals", "2", "--plot", ""]) == 0
    err = capsys.readouterr().err
    assert "1/2 deals (50%)" in err and "2/2 deals (100%)" in err
    assert main(["arena", "--bots", "random,greedy", "--deals", "2", "--plot", "", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_a_plot_that_cannot_be_written_is_refused_before_any_deal_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--plot`` with a format matplotlib cannot write, or in a missing folder, is named at once
    (exit status 2, no traceback), not after the whole arena has been played."""
    import hkmj.arena

    def no_play(*args: object, **kwargs: object) -> None:
        raise AssertionError("the arena was played")

    monkeypatch.setattr(hkmj.arena, "run_arena", no_play)
    for plot, why in (
        (tmp_path / "ratings.txt", "unknown image format 'txt' (use one of"),
        (tmp_path / "ratings", "unknown image format '' (use one of"),
        (tmp_path / "no" / "such" / "ratings.png", "no folder"),
    ):
        assert main(["arena", "--bots", "random,greedy", "--deals", "1", "--plot", str(plot)]) == 2
        err = capsys.readouterr().err
        assert f"hkmj arena: --plot {plot}: {why}" in err and "Traceback" not in err, err
    svg = tmp_path / "r.svg"
    monkeypatch.undo()
    assert main(["arena", "--bots", "random,greedy", "--deals", "1", "--plot", str(svg), "--quiet"]) == 0
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_the_rating_table_never_prints_a_negative_zero() -> None:
    """An interval bound or ordinal a hair below zero is shown as 0.00, not -0.00."""
    from hkmj.arena import ArenaResult

    r = ArenaResult(["random"], {"random": 14.59}, {"random": (14.59 + 0.001) / 1.96}, {"random": 4}, {"random": 0})
    row = r.table().splitlines()[1]
    assert "-0.00" not in row and "[  0.00," in row, row
