"""``hkmj arena`` (issue 13): OpenSkill ratings over duplicate deals with rotated seats (HK-6 points)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from hkmj.language import FR_COLON

pytest.importorskip("openskill")

from hkmj.arena import play_deal, run_arena, tables
from hkmj.cli import main
from hkmj.engine import Action, Discard
from hkmj.engine.actions import PASS, WIN


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
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split())
    columns = readme[readme.index("prints one row per bot") : readme.index("`--plot` (default `arena.png`)")]
    named = re.findall(r"`([^`]+)`", columns)
    assert named == ["rating", "sigma", "95% interval", "ordinal", "hands", "pts/hand"]
    assert all(column in text.splitlines()[0] for column in named), "the README names the columns printed"


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
        (tmp_path / "no" / "such" / "ratings.png", f"no folder '{tmp_path / 'no' / 'such'}' to save the rating plot in"),
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


# ---------------------------------------------------------------------------- bots of one's own
# docs/bot-protocol.md, "In-process bots": a bot given by import path module:factory, here this
# test module (looked up as ``test_arena`` from this folder).


class LowestDiscarder:
    """Declares Mahjong when it may (HK-5), else passes on offers and discards its lowest tile kind (HK-3.2)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: object, legal: tuple[Action, ...]) -> Action:
        if WIN in legal:
            return WIN
        if PASS in legal:
            return PASS
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: a.tile) if discards else legal[0]


def lowest_discarder(seed: int) -> LowestDiscarder:
    return LowestDiscarder(seed)


class Nested:
    make = staticmethod(lowest_discarder)


def not_a_player(seed: int) -> str:
    return "a string"


def broken_factory(seed: int) -> LowestDiscarder:
    raise RuntimeError("out of tea")


class Cheater(LowestDiscarder):
    def choose(self, view: object, legal: tuple[Action, ...]) -> Action:
        return Discard(33) if Discard(33) not in legal else Discard(0)  # a tile it does not hold


NOT_CALLABLE = 3
HERE = Path(__file__).parent


def test_an_outside_bot_by_import_path_is_rated_beside_built_in_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    one = run_arena(["test_arena:lowest_discarder", "Greedy"], deals=4, seed=3)
    assert one.bots == ["test_arena:lowest_discarder", "greedy"]
    assert one.hands == {"test_arena:lowest_discarder": 32, "greedy": 32}  # two seats each, four hands a deal
    assert sum(one.points.values()) == 0  # HK-6: payments sum to zero
    two = run_arena(["test_arena:Nested.make", "greedy"], deals=4, seed=3, workers=2)  # a dotted factory, two processes
    assert list(two.mu.values()) == list(one.mu.values()) and list(two.points.values()) == list(one.points.values())
    header, *rows = one.table().splitlines()
    name = "test_arena:lowest_discarder"
    assert len({len(row) for row in rows}) == 1 and header.index("rating") > len(name)  # the long name widens its column


def test_bad_import_paths_are_refused_before_any_deal_with_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    for spec, message in (
        ("nobody", "unknown bot 'nobody': expected one of random, greedy, strong, expert, or an import path module:factory"),
        ("no_such_module_15:make", "bot 'no_such_module_15:make': no module 'no_such_module_15' to import"),
        ("test_arena:missing", "bot 'test_arena:missing': 'test_arena' has no 'missing'"),
        ("test_arena:", "expected an import path module:factory"),
        ("test_arena:NOT_CALLABLE", "'NOT_CALLABLE' is not callable"),
        ("test_arena:not_a_player", "returned 'a string', which has no choose"),
        ("test_arena:broken_factory", r"factory\(\d+\) failed: RuntimeError: out of tea"),
    ):
        with pytest.raises(ValueError, match=message):
            run_arena([spec, "greedy"], deals=1, seed=1)


def test_an_outside_bots_illegal_action_stops_the_arena_naming_the_deal_and_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    with pytest.raises(ValueError, match=r"deal 1, seats E S W N = .*test_arena:Cheater.*: IllegalAction: "):
        run_arena(["test_arena:Cheater", "greedy"], deals=1, seed=1)


def test_cli_arena_takes_an_outside_bot_from_the_current_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(HERE)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(HERE))])
    monkeypatch.delitem(sys.modules, "test_arena", raising=False)  # found from the current folder, not a cache
    assert main(["arena", "--bots", "test_arena:lowest_discarder,random", "--deals", "2", "--plot", "", "--quiet"]) == 0
    assert "test_arena:lowest_discarder" in capsys.readouterr().out
    assert main(["arena", "--bots", "test_arena:nothing,random", "--deals", "1", "--plot", "", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "hkmj arena: bot 'test_arena:nothing': 'test_arena' has no 'nothing'" in err and "Traceback" not in err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_existing_plot_file_is_never_replaced_not_even_the_default_arena_png(tmp_path: Path, lang: str) -> None:
    """``hkmj arena`` wrote its plot over any existing file, its default ``arena.png`` too: a second
    run in the same folder replaced the plot of the first (or a user's own arena.png) without a
    word. As ``simulate --record`` and ``bot-match --log``, an existing file is now refused before
    any deal is played (exit 2, the file untouched), the default named as such with how to draw
    none; a file that appears while the deals are played is not replaced either (the ratings are
    printed, the plot is not written). A real process in its own folder."""
    import os
    import subprocess

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))

    def arena(*more: str, bots: str = "random,greedy") -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "hkmj.cli", "arena", "--bots", bots, "--deals", "1", "--quiet", "--lang", lang, *more]
        return subprocess.run(argv, capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path, env=env)

    mine = tmp_path / "arena.png"
    mine.write_bytes(b"my own picture")
    done = arena()
    assert done.returncode == 2 and done.stdout == "", done.stderr
    if lang == "fr":
        assert done.stderr == (
            "hkmj arena\u00a0: --plot arena.png (par défaut)\u00a0: ce fichier existe déjà\u00a0; donnez un autre nom avec --plot, "
            "--plot '' pour aucune courbe, ou supprimez d'abord le fichier\n"
        )
    else:
        assert done.stderr == (
            "hkmj arena: --plot arena.png (the default): this file already exists; give another name with --plot, "
            "--plot '' for none, or delete the file first\n"
        )
    done = arena("--plot", "arena.png")
    assert done.returncode == 2 and done.stdout == "", done.stderr
    words = "ce fichier existe déjà\u00a0; donnez un autre nom, ou supprimez" if lang == "fr" else "this file already exists; give another name, or delete"
    assert done.stderr.startswith("hkmj arena") and f"--plot arena.png{FR_COLON if lang == 'fr' else ':'} {words}" in done.stderr, done.stderr
    assert mine.read_bytes() == b"my own picture"
    done = arena("--plot", "new.png")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "new.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (tmp_path / "late.py").write_text(
        "from hkmj.bots import load_bot\n"
        "def make(seed):\n"
        "    open('late.png', 'wb').write(b'written while the deals were played')\n"
        "    return load_bot('greedy', seed)\n",
        encoding="utf-8",
    )
    done = arena("--plot", "late.png", bots="late:make,random")
    assert done.returncode == 2, done.stderr
    assert "rating" in done.stdout or "niveau" in done.stdout, done.stdout  # the ratings are printed
    assert f"--plot late.png{FR_COLON if lang == 'fr' else ':'} {words}" in done.stderr, done.stderr
    assert (tmp_path / "late.png").read_bytes() == b"written while the deals were played"
