"""What the commands print at an 80-column terminal: a sentence wider than the terminal is filled
to its width at spaces (no word cut), continued lines indented; to a file or a pipe it stays one
line (programs and grep read it whole); JSON answers are never filled."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.termlines import TerminalLines, fill_line


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run_at_80(monkeypatch: pytest.MonkeyPatch, words: list[str]) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    out, err = _Terminal(), _Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    code = main(words)
    return code, out.getvalue(), err.getvalue()


def _words(text: str) -> list[str]:
    return text.split()


MINFAN = ["score", "123m456p789s11z999m", "--win", "9m", "--from", "W", "--seat", "S", "--option", "minfan=3"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_minfan_refusal_fits_80_columns(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand under the house minimum (HK-6 minfan=3): the verdict was one line of 105 columns
    (French 123), cut by the terminal in mid-word; it is now filled at spaces, exit 1 kept."""
    code, out, _ = _run_at_80(monkeypatch, [*MINFAN, "--lang", lang])
    assert code == 1
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert any(line.startswith("    ") and "minfan" in line for line in lines)  # continued, indented


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("lines") / "one-hand.jsonl")
    assert main(["simulate", "--hands", "1", "--seed", "7", "--record", path, "--quiet"]) == 0
    return path


@pytest.mark.parametrize(
    ("words", "code"),
    [
        (["score", "abc", "--lang", "fr"], 1),
        (["review", "RECORD", "--seat", "9"], 2),
        (["review", "RECORD", "--seat", "9", "--lang", "fr"], 2),
        (["arena", "--bots", "random,foo", "--deals", "2", "--lang", "fr"], 2),
        (["simulate", "--hands", "1", "--record", "RECORD"], 2),
        (["play", "--resume", "RECORD"], 2),
        (["play", "--record", "RECORD", "--lang", "fr"], 2),
        (["serve", "--db", "nosuch://x", "--lang", "fr"], 2),
    ],
)
def test_errors_fit_80_columns_at_a_terminal(words: list[str], code: int, record: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Errors of score, review, arena, simulate, play and serve: lines of 81 to 188 columns are filled, and
    what they say is unchanged word for word (compare with the same command written to a file)."""
    words = [record if w == "RECORD" else w for w in words]
    got, out, err = _run_at_80(monkeypatch, words)
    assert got == code
    assert len(err.splitlines()) > 1
    assert all(len(line) <= 80 for line in (out + err).splitlines()), err
    monkeypatch.setattr("sys.stdout", io.StringIO())
    plain = io.StringIO()
    monkeypatch.setattr("sys.stderr", plain)
    assert main(words) == code
    assert len(plain.getvalue().splitlines()) == 1
    assert _words(plain.getvalue()) == _words(err)


def test_simulate_heading_fits_80_columns_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """hkmj simulate --lang fr --rules mcr: its heading was 99 columns."""
    code, out, err = _run_at_80(monkeypatch, ["simulate", "--hands", "2", "--seed", "7", "--rules", "mcr", "--lang", "fr", "--quiet"])
    assert code == 0 and err == ""
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert out.splitlines()[1] == "    officielles chinoises (MCR)"


def test_a_file_keeps_each_sentence_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*MINFAN, "--lang", "en"]) == 1
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == "Not a winning hand under these rules: 1 fan: this table needs at least 3 fan to win (house option minfan)"


def test_json_is_never_filled(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _run_at_80(monkeypatch, [*MINFAN, "--json"])
    assert code == 1
    assert out.count("\n") == 1 and out.startswith("{")


def test_progress_bar_passes_and_the_line_after_it_is_filled() -> None:
    screen = _Terminal()
    lines = TerminalLines(screen)
    lines.write("\r[###   ] 1/2 hands ")
    lines.flush()
    assert screen.getvalue() == "\r[###   ] 1/2 hands "
    lines.write("\r\x1b[K" + "word " * 30 + "\n")
    assert all(len(line.split("\r")[-1]) <= 80 for line in screen.getvalue().splitlines())


def test_fill_line_never_cuts_a_word() -> None:
    assert fill_line("x" * 100, 80) == "x" * 100
    assert fill_line("  a " + "b" * 90, 80) == "  a\n      " + "b" * 90


@pytest.mark.parametrize(("lang", "said"), [("en", "hkmj simulate: interrupted (Ctrl+C)"), ("fr", "hkmj simulate\u00a0: interrompu (Ctrl+C)")])
def test_ctrl_c_ends_the_bar_and_says_so(lang: str, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C during hkmj simulate (or arena, bot-match): exit 130 and no traceback, as before, but
    the shell's prompt was left on the progress bar's line with nothing saying the work stopped."""
    from hkmj import simulate

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "run", interrupted)
    for stream, lead in ((_Terminal(), "\n"), (io.StringIO(), "")):
        monkeypatch.setattr("sys.stderr", stream)
        assert main(["simulate", "--hands", "10", "--lang", lang]) == 130
        assert stream.getvalue() == f"{lead}{said}\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("command", "module", "function", "words"),
    [
        ("bot-match", "hkmj.botmatch", "play_bot_match", ["--bot", "greedy", "--hands", "8", "--seed", "1"]),
        ("arena", "hkmj.arena", "run_arena", ["--bots", "random,greedy", "--deals", "4", "--seed", "1"]),
    ],
)
def test_ctrl_c_stops_bot_match_and_arena_as_it_stops_simulate(
    command: str, module: str, function: str, words: list[str], lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README: Ctrl+C stops ``hkmj simulate`` "as it stops ``arena`` and ``bot-match``, with the
    line ``interrupted (Ctrl+C)`` and exit status 130"; only simulate's was tested. Both say it in
    their own name and language, after the progress bar at a terminal, without a traceback."""
    import importlib

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module(module), function, interrupted)
    plot = ["--plot", str(tmp_path / "ratings.png")] if command == "arena" else []
    said = f"hkmj {command}\u00a0: interrompu (Ctrl+C)" if lang == "fr" else f"hkmj {command}: interrupted (Ctrl+C)"
    for stream, lead in ((_Terminal(), "\n"), (io.StringIO(), "")):
        monkeypatch.setattr("sys.stderr", stream)
        assert main([command, *words, *plot, "--lang", lang]) == 130
        assert stream.getvalue() == f"{lead}{said}\n"


def test_replay_show_at_a_terminal_keeps_each_line(record: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """hkmj replay --show at an 80-column terminal: a hand's heading, its deal heading and each
    seat's deal were filled as one paragraph ("Deal (each hand sorted):   E player 3: 1 3 4 7
    Characters; ..."); each now starts its own line, wide ones continued indented."""
    code, out, _ = _run_at_80(monkeypatch, ["replay", record, "--show", "--quiet"])
    assert code == 0
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    deal = lines.index("Deal (each hand sorted):")
    assert [line[:3] for line in lines[deal + 1 :] if not line.startswith("      ")][:4] == ["  E", "  S", "  W", "  N"]
    assert any(line.startswith("Hand 1 · prevailing East wind") for line in lines)


def test_ctrl_c_at_score_reading_json_speaks_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """hkmj score with no hand reads JSON lines and takes no option: Ctrl+C there said
    'interrupted' in English under a French locale."""
    from hkmj import cli

    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_score_stream", interrupted)
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    assert main(["score"]) == 130
    assert err.getvalue() == "hkmj score\u00a0: interrompu (Ctrl+C)\n"
