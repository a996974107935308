"""``hkmj play --resume``: a match left (q) is saved as it is played and goes on where it stopped.

The human is played through Textual's pilot, by keys, with one fixed rule (a win when it may, the
greedy bot's discard, a pass on every claim), so a match played in one go and the same match quit
at the human's k-th decision and resumed must write the same record, byte for byte, and end with
the same totals (HK-7.3), under every ruleset.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hkmj.bots import GreedyBot
from hkmj.cli import build_parser, main
from hkmj.engine import WIN, Chow, Discard, Kong
from hkmj.language import FR_COLON
from hkmj.tui import command
from hkmj.tui.app import EndScreen, PlayApp, QuitScreen, RankScreen, TableScreen
from hkmj.tui.render import KEY_LABELS
from hkmj.tui.resume import save_dir

SIZE = (80, 24)
BOTS = "greedy,random,greedy"


@pytest.fixture(autouse=True)
def a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The pilot is the terminal; matches saved without --record go under tmp_path."""
    monkeypatch.setattr(command, "_in_a_terminal", lambda: True)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


def open_table(*argv: str) -> command.Table:
    table = command.open_table(build_parser().parse_args(["play", *argv]))
    assert isinstance(table, command.Table), table
    return table


def snapshot(table: command.Table) -> tuple[object, ...]:
    """What the player sees of the match: hand number, your tiles, every seat's score, the pond."""
    s = table.session
    v = s.view()
    return (s.match.hands_played, s.seat, s.hand_row(), tuple(s.panel(x).score for x in range(4)), v.discards, v.melds, v.live)


async def drive(
    table: command.Table,
    quit_after: int | None = None,
    quit_at_end_screen: bool = False,
    keys_before_quit: str = "",
    quit_if: Callable[[], bool] | None = None,
) -> tuple[int, object]:
    """Play the table by keys until the match ends, or quit (q, y) before the human's decision
    number ``quit_after`` (or on the first end-of-hand screen, or at the first decision where
    ``quit_if()`` holds), after pressing ``keys_before_quit``
    (``c``: the list of chows opened). Returns the decisions made and what the player saw when
    quitting (with the list of choices open then)."""
    app = PlayApp(table.session, delay=0, saved=table.record.path, again=table.again)
    s = table.session
    made = 0
    seen: object = None
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(20000):
            await pilot.pause()
            if not app.is_running:
                break
            screen = app.screen
            if isinstance(screen, EndScreen):
                if quit_at_end_screen:
                    seen = s.match.hands_played
                    await pilot.press("q")
                    await pilot.pause()
                    assert isinstance(app.screen, QuitScreen)
                    await pilot.press("y")
                    break
                await pilot.press("enter")
            elif isinstance(screen, RankScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and s.human_pending():
                if (quit_after is not None and made == quit_after) or (quit_if is not None and quit_if()):
                    for key in keys_before_quit:
                        await pilot.press(key)
                        await pilot.pause()
                    seen = (*snapshot(table), app.table.pending_choices)
                    await pilot.press("q")
                    await pilot.pause()
                    assert isinstance(app.screen, QuitScreen)
                    quit_text = str(app.screen.query_one("#quit").render())
                    assert "hkmj play --resume" in quit_text and table.record.path.name in quit_text
                    assert " ".join(quit_text.split()).endswith(" ".join((table.record.path.name, *table.again))), quit_text
                    await pilot.press("y")
                    break
                legal = s.legal()
                view = s.view()
                if WIN in legal:
                    await pilot.press("m")
                elif view.phase == "turn":
                    choice = GreedyBot(7).choose(view, legal)
                    if isinstance(choice, Kong):
                        await pilot.press("k")
                        if sum(isinstance(a, Kong) for a in legal) > 1:
                            kongs = [a for a in legal if isinstance(a, Kong)]
                            await pilot.pause()
                            await pilot.press(str(kongs.index(choice) + 1))
                    else:
                        assert isinstance(choice, Discard)
                        i = app.table.hand_tiles().index(choice.tile)
                        await pilot.press(KEY_LABELS[i], "enter")
                else:
                    await pilot.press("space")
                made += 1
        await pilot.pause()
    table.record.close()
    return made, seen


def totals(path: Path) -> list[int]:
    last = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    assert last["type"] == "match_end"
    return list(last["totals"])


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
async def test_a_match_quit_at_any_decision_and_resumed_plays_as_if_never_left(tmp_path: Path, rules: str) -> None:
    """Quit (q, y) at the human's decision k, resume: the same hand, tiles and scores (HK-7), and
    the rest of the match exactly the one played without leaving: the same record, byte for byte,
    the same totals and ranking (HK-7.3). Quitting the resumed match again and resuming once
    more appends to the same file. Quitting at the very first decision is Hong Kong's case only:
    nothing of the ruleset is played before it. The quit points are taken in one match played
    by keys (each leg resumed from the file the previous quit left), so the match is driven twice
    per ruleset (the reference and the interrupted one), not once per quit point."""
    base = ["--seed", "11", "--hands", "2", "--bots", BOTS, "--rules", rules]
    whole = tmp_path / "whole.jsonl"
    made, _ = await drive(open_table(*base, "--record", str(whole)))
    assert made > 12
    expected = whole.read_text(encoding="utf-8")
    path = tmp_path / "quit.jsonl"
    table = open_table(*base, "--record", str(path))
    at = 0  # the decision the table is at
    for k in (0, made // 3, made - 1) if rules == "hk" else (made // 3, made - 1):
        _, seen = await drive(table, quit_after=k - at)
        lines = command.farewell(table)
        assert lines[-1] == f"To continue: hkmj play --resume {path}", k
        assert expected.startswith(path.read_text(encoding="utf-8")), k  # what was played so far, as played without leaving
        resumed = open_table("--resume", str(path))
        assert (*snapshot(resumed), ()) == seen, k  # the same decision: hand, tiles, scores, ponds
        assert resumed.session.history[-1].text.startswith("— Match resumed: "), k
        if k == made // 3:  # leave again at once, and come back
            await drive(resumed, quit_after=0)
            resumed = open_table("--resume", str(path))
            assert (*snapshot(resumed), ()) == seen, k
        table, at = resumed, k
    await drive(table)
    assert path.read_text(encoding="utf-8") == expected
    assert command.farewell(table)[-2:] == [f"Match record written to {path}.", f"Review your decisions: hkmj review {path}"]
    assert totals(whole) == totals(path)


@pytest.mark.parametrize(("lang", "note"), [("en", "— Match resumed: no move had been played yet."),
                                          ("fr", "— Partie reprise\u00a0: aucun coup n'avait encore été joué.")])
def test_a_match_left_before_any_move_says_so_when_resumed(tmp_path: Path, lang: str, note: str) -> None:
    """Left at your first decision as East (no move made yet), the resumed table said "— Match
    resumed: 0 moves played again from the saved file, as they were played" (French "0 coup
    rejoué …, tel qu'il avait été joué"); it now says no move had been played yet."""
    path = tmp_path / "first.jsonl"
    open_table("--seed", "8", "--rules", "mcr", "--lang", lang, "--record", str(path)).record.close()
    resumed = open_table("--resume", str(path))
    assert resumed.session.history[-1].text == note
    resumed.record.close()


@pytest.mark.asyncio
async def test_a_match_left_between_hands_resumes_with_the_next_hand(tmp_path: Path) -> None:
    """Quit on the end-of-hand screen: the hand is settled (HK-7); the resumed match deals the next."""
    base = ["--seed", "5", "--hands", "2", "--bots", BOTS]
    whole = tmp_path / "whole.jsonl"
    await drive(open_table(*base, "--record", str(whole)))
    path = tmp_path / "between.jsonl"
    _, hands = await drive(open_table(*base, "--record", str(path)), quit_at_end_screen=True)
    assert hands == 1
    resumed = open_table("--resume", str(path))
    await drive(resumed)
    assert path.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


@pytest.mark.asyncio
async def test_without_record_the_match_is_saved_and_the_exit_line_says_how_to_go_on(tmp_path: Path) -> None:
    """No --record: the match is saved under $XDG_STATE_HOME/hkmj as it is played; leaving says the
    command in one line that fits 80 columns; the resumed match keeps the language and tiles
    unless the command line says otherwise; once over, the saved file is removed."""
    table = open_table("--seed", "23", "--hands", "1", "--bots", BOTS, "--lang", "fr", "--glyphs")
    path = table.record.path
    assert path == save_dir() / "match-23.jsonl" and save_dir() == tmp_path / "state" / "hkmj"
    await drive(table, quit_after=2)
    lines = command.farewell(table)
    assert lines[-1] == f"Pour continuer\u00a0: hkmj play --resume {path}"
    again = open_table("--seed", "23", "--hands", "1", "--bots", BOTS)  # the same seed again: a file of its own
    assert again.record.path == save_dir() / "match-23-2.jsonl"
    again.record.close()
    english = open_table("--resume", str(path), "--lang", "en", "--no-glyphs", "--delay", "0")
    assert english.session.tx.lang == "en" and not english.glyphs
    await drive(english, quit_after=0)  # the quit question's command ends with the options (drive checks)
    # the file keeps the language and tiles it began with: the command to go on the same way repeats
    # the ones given with --resume, and --delay, which no file keeps (it said --resume FILE alone)
    assert english.again == ("--lang", "en", "--no-glyphs", "--delay", "0")
    assert command.farewell(english)[-1] == f"To continue: hkmj play --resume {path} --lang en --no-glyphs --delay 0"
    same = open_table("--resume", str(path), "--lang", "fr", "--glyphs")  # as saved: nothing to repeat
    same.record.close()
    assert command.farewell(same)[-1] == f"Pour continuer\u00a0: hkmj play --resume {path}"
    resumed = open_table("--resume", str(path))
    assert resumed.session.tx.lang == "fr" and resumed.glyphs
    await drive(resumed)
    assert resumed.session.match_over
    lines = command.farewell(resumed)
    assert len(lines) == 1 and lines[0].startswith("Graine 23 · 1 donne jouée")  # nothing to resume: no second line
    assert path.exists()  # saying goodbye changes no file
    command.forget_if_over(again)  # a match not over keeps its file
    assert again.record.path.exists()
    command.forget_if_over(resumed)
    assert not path.exists()  # a finished match is not left to be resumed


def test_the_exit_line_is_short_for_a_file_under_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Under the home folder the command is written from ``~``: at the default place it fits 80
    columns with a seed of six digits; a path with spaces is quoted for the shell."""
    from hkmj.tui.resume import resume_command

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_STATE_HOME")
    line = "To continue: " + resume_command(save_dir() / "match-999999-2.jsonl")
    assert line == "To continue: hkmj play --resume ~/.local/state/hkmj/match-999999-2.jsonl"
    assert len(line) <= 80
    assert resume_command(Path("/tmp/my games/m.jsonl")) == "hkmj play --resume '/tmp/my games/m.jsonl'"


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_with_record_every_exit_line_fits_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """With --record the exit lines say the result, the file, the command that reviews it and the
    command that resumes the match, each a line of its own within 80 columns (a short file name)."""
    monkeypatch.chdir(tmp_path)
    table = open_table("--seed", "5", "--hands", "1", "--bots", BOTS, "--rules", "mcr", "--record", "match.jsonl", "--lang", lang)
    await drive(table, quit_after=1)
    lines = command.farewell(table)
    review = "hkmj review match.jsonl" + (" --lang fr" if lang == "fr" else "")
    assert len(lines) == 4 and lines[2].endswith(review) and lines[3].endswith("hkmj play --resume match.jsonl"), lines
    assert all(len(line) <= 80 for line in lines), lines


def play_without_screen(table: command.Table, decisions: int | None = None) -> None:
    """The session as the table drives it, the human's decisions by the greedy bot, stopping
    before decision number ``decisions`` (a player who quits there), the record closed."""
    from hkmj.tui.testing import play_hand

    s, made = table.session, 0

    class Human:
        def choose(self, view: object, legal: object) -> object:
            nonlocal made
            if decisions is not None and made == decisions:
                raise StopIteration
            made += 1
            return GreedyBot(7).choose(view, legal)  # type: ignore[arg-type]

    try:
        while not s.match_over:
            if s.hand is None or s.summary is not None:
                s.start_hand()
            play_hand(s, Human())  # type: ignore[arg-type]
            s.finish_hand()
    except StopIteration:
        pass
    table.record.close()


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A match of two hands quit at the human's 6th decision (seed 11)."""
    path = tmp_path / "saved.jsonl"
    play_without_screen(open_table("--seed", "11", "--hands", "2", "--bots", BOTS, "--record", str(path)), 6)
    return path


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], lang: str = "en", lines: int = 1) -> str:
    """``hkmj play ARGV`` refused: exit 2, ``lines`` lines on stderr, no traceback; that text."""

    assert main(["play", *argv, "--lang", lang]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.endswith("\n") and err.count("\n") == lines and "Traceback" not in err, err
    return err.strip()


def test_bad_files_are_refused_in_one_line_and_never_touched(
    tmp_path: Path, saved: Path, capsys: pytest.CaptureFixture[str], write_file: Callable[[Path, str | bytes | None], None]
) -> None:
    """A missing file, a file that is no record, a server table's log, a record not saved by
    hkmj play, a finished match, a damaged header, a move that no longer replays: each named in
    one line (exit 2), in the table's language, and the file left byte for byte as it was."""

    text = saved.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    first = json.loads(lines[0])
    finished = tmp_path / "finished.jsonl"
    play_without_screen(open_table("--seed", "3", "--hands", "1", "--bots", BOTS, "--record", str(finished)))
    assert main(["simulate", "--hands", "2", "--seed", "1", "--quiet", "--record", str(tmp_path / "sim.jsonl")]) == 0
    capsys.readouterr()
    events = [json.loads(line) for line in lines]
    bot = events[1]["players"].index(1)  # the seat of bot 1 in the first hand
    bot_line = next(i for i, e in enumerate(events) if e["type"] == "discard" and e["seat"] == bot)
    changed = events[bot_line]
    other = next(t for t in ("1m", "2m") if t != changed["tile"])
    changed["tile"], changed["action"] = other, f"discard {other}"
    files = {
        "missing.jsonl": None,
        "notes.txt": "my notes\n",
        "binary.jsonl": b"\xff\xfe\x00\n",
        "empty.jsonl": "",
        "server.jsonl": '{"seq": 1, "kind": "create", "data": {"rules": "hk"}}\n',
        "header.jsonl": json.dumps({**first, "play": {**first["play"], "bot_seeds": "x"}}) + "\n" + "".join(lines[1:]),
        "wizard.jsonl": json.dumps({**first, "play": {**first["play"], "bots": ["wizard", "greedy", "greedy"]}}) + "\n" + "".join(lines[1:]),
        "edited.jsonl": "".join(lines[:bot_line]) + json.dumps(changed) + "\n" + "".join(lines[bot_line + 1 :]),
    }
    expect = {
        "missing.jsonl": "no such file",  # as hkmj replay and review say it
        "notes.txt": "not JSON (expecting value at column 1)",  # after "notes.txt:1: ", as hkmj replay says it
        "binary.jsonl": "not a text file (a record is JSON Lines text, UTF-8)",
        "empty.jsonl": "the file is empty: it holds no match",
        "server.jsonl": "this is a server table's log",
        "header.jsonl": "line 1, the match's header, is damaged",
        "wizard.jsonl": "line 1, the match's header, is damaged",
        "edited.jsonl": f"the match does not replay: line {bot_line + 1} (discard) is not what the engine and the bots play now",
    }
    for name, content in files.items():
        path = tmp_path / name
        write_file(path, content)
        before = path.read_bytes() if path.exists() else None
        said = refused(["--resume", str(path)], capsys)
        where = f"{path}:1: " if name == "notes.txt" else f"{path}: "
        assert said.startswith(f"hkmj play: --resume {where}") and expect[name] in said, said
        assert (path.read_bytes() if path.exists() else None) == before
    said = refused(["--resume", str(tmp_path / "sim.jsonl")], capsys)
    assert "this record was not saved by hkmj play" in said and "hkmj replay" in said
    before = finished.read_bytes()
    assert "this match is over, there is nothing to resume" in refused(["--resume", str(finished)], capsys)
    assert "cette partie est finie" in refused(["--resume", str(finished)], capsys, "fr")
    assert "missing.jsonl\u00a0: fichier introuvable" in refused(["--resume", str(tmp_path / "missing.jsonl")], capsys, "fr")
    assert finished.read_bytes() == before
    assert saved.read_text(encoding="utf-8") == text


BAD_FILES = json.loads((Path(__file__).parents[1] / "data" / "bad_record_files.json").read_text(encoding="utf-8"))["cases"]
"""A record file that is no match record, and what hkmj replay, review and play --resume say of it."""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("case", BAD_FILES, ids=[c["name"] for c in BAD_FILES])
def test_resume_words_a_bad_file_as_replay_does(
    saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: dict[str, Any], lang: str
) -> None:
    """A line of a saved match that is no event: ``hkmj play --resume`` said "not a match record
    (line 3 is not a JSON event)", and "the file holds no complete event" for a file whose only
    line a crash cut, where ``hkmj replay`` and ``hkmj review`` say "g.jsonl:3: not JSON
    (expecting value at column 1)" and "g.jsonl:1: its only line was cut in the middle of a
    write"; a file of blank lines that are not ASCII spaces (no-break, ideographic) was "its only
    line was cut" here, "empty record" in replay. One sentence now, after "hkmj play: --resume",
    in both languages (tests/data/bad_record_files.json, as review's test reads it); the file untouched."""
    record = saved.read_text(encoding="utf-8")
    lines = record.splitlines(keepends=True)
    path = tmp_path / "g.jsonl"
    pieces = (p if isinstance(p, str) else "".join(lines[slice(*p["lines"])]) if "lines" in p else record[: p["chars"]] for p in case["file"])
    path.write_text("".join(pieces), encoding="utf-8")
    before = path.read_bytes()
    colon = " :" if lang == "fr" else ":"
    said = refused(["--resume", str(path)], capsys, lang).replace("\u00a0", " ")
    assert said.startswith(f"hkmj play{colon} --resume {path}"), said
    assert main(["replay", str(path), "--lang", lang]) == 2
    replayed = capsys.readouterr().err.replace("\u00a0", " ").strip()
    assert said.removeprefix(f"hkmj play{colon} --resume ") == replayed.removeprefix(f"hkmj replay{colon} ")
    assert said == f"hkmj play{colon} --resume {path}{case[lang]}"
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seed", "12"], "--seed 12 contradicts the saved match (--seed 11)"),
        (["--hands", "3"], "--hands 3 contradicts the saved match (--hands 2)"),
        (["--round"], "--round contradicts the saved match (--hands 2)"),
        (["--bots", "strong,strong,greedy"], "--bots strong,strong,greedy contradicts the saved match (--bots greedy,random,greedy)"),
        (["--teach"], "--teach contradicts the saved match (a table without --teach)"),
        (["--rules", "mcr"], "--rules mcr contradicts the saved match (--rules hk)"),
        (["--option", "minfan=3"], "--option minfan=3 contradicts the saved match (minfan=0)"),
        (["--record", "other.jsonl"], "a resumed match goes on in its own file"),
        (["--option", "minfan=9"], "hkmj play: option minfan='9': expected one of 0, 1, 3"),
        (["--rules", "mcr", "--option", "minfan=3"], "hkmj play: unknown option 'minfan': mcr rules have no house options"),
    ],
)
def test_options_that_contradict_the_saved_match_are_refused(
    saved: Path, argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seed, length, bots, teaching and rules are the saved match's: given with --resume, each
    must agree with it; a contradiction is named and nothing starts (the file untouched)."""
    before = saved.read_bytes()
    said = refused(["--resume", str(saved), *argv], capsys, lines=words.count("\n") + 1)
    assert words in said, said
    assert saved.read_bytes() == before


CONFLICTS = [["--seed", "12"], ["--hands", "3"], ["--bots", "strong,strong,greedy"], ["--teach"], ["--option", "minfan=3"], ["--record", "other.jsonl"]]


@pytest.mark.parametrize(("lang", "leave"), [("en", "; leave it out"), ("fr", "\u00a0; retirez-le")])
def test_a_contradiction_is_said_in_one_line_filled_within_80_columns_at_a_terminal(
    saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, terminal: Any, lang: str, leave: str
) -> None:
    """A refused contradiction (an option the saved match fixes, or --record) is one line to a
    file or a pipe, like every other error (it was two, its break written into the sentence, so
    ``grep`` found half of it), and at an 80-column terminal it is filled at spaces within 80
    columns, continued lines indented, in English and French; the saved value in the table's
    language (a table without --teach: une table sans --teach)."""
    monkeypatch.chdir(saved.parent)
    for argv in CONFLICTS:
        said = refused(["--resume", saved.name, *argv], capsys, lang)
        assert argv[0] == "--record" or said.endswith(leave), said
        screen = terminal()
        with monkeypatch.context() as m:
            m.setenv("COLUMNS", "80")
            m.setattr(sys, "stderr", screen)
            assert main(["play", "--resume", saved.name, *argv, "--lang", lang]) == 2
        lines = screen.getvalue().splitlines()
        assert len(lines) == 2 and all(len(line) <= 80 for line in lines), lines
        assert lines[1].startswith("    ") and " ".join(w for line in lines for w in line.split()) == " ".join(said.split()), lines
    said = refused(["--resume", saved.name, "--teach"], capsys, lang)
    assert said.endswith({"en": "(a table without --teach); leave it out", "fr": "(une table sans --teach)\u00a0; retirez-le"}[lang]), said
    monkeypatch.chdir(saved.parent.parent)  # a full game: --hands given to a match saved without it
    full = saved.parent / "full.jsonl"
    play_without_screen(open_table("--seed", "4", "--bots", BOTS, "--record", str(full)), 2)
    said = refused(["--resume", str(full), "--hands", "2"], capsys, lang)
    assert said.endswith({"en": "(a full game); leave it out", "fr": "(une partie complète)\u00a0; retirez-le"}[lang]), said


@pytest.mark.parametrize(("lang", "busy", "record_busy"), [
    ("en", "another hkmj play is playing this match; go on there", "a running hkmj play is writing this file; give another name"),
    ("fr", "un autre hkmj play joue cette partie\u00a0; continuez-la là", "un hkmj play en cours écrit ce fichier\u00a0; donnez un autre nom"),
])
def test_a_match_is_played_by_one_hkmj_play_at_a_time(
    tmp_path: Path, saved: Path, capsys: pytest.CaptureFixture[str], lang: str, busy: str, record_busy: str
) -> None:
    """Two ``hkmj play --resume FILE`` of one file at once both appended to it: the first now holds
    the file's lock (flock) while it plays, and a second --resume of it, or a new --record of a file
    a running match writes, is refused in one line (exit 2), the file untouched. Once the first
    has left, the match resumes."""
    first = open_table("--resume", str(saved))
    before = saved.read_bytes()
    assert refused(["--resume", str(saved)], capsys, lang) == f"hkmj play{FR_COLON if lang == 'fr' else ':'} --resume {saved}{FR_COLON if lang == 'fr' else ':'} {busy}"
    assert refused(["--record", str(saved)], capsys, lang).endswith(record_busy)
    assert saved.read_bytes() == before
    first.record.close()
    again = open_table("--resume", str(saved))
    again.record.close()
    # a new match with --record, and one saved without it, hold their file from the start
    new = tmp_path / "new.jsonl"
    playing = open_table("--seed", "8", "--bots", BOTS, "--record", str(new))
    autosaved = open_table("--seed", "9", "--bots", BOTS)
    for table in (playing, autosaved):
        before = table.record.path.read_bytes()
        assert refused(["--resume", str(table.record.path)], capsys, lang).endswith(busy)
        assert table.record.path.read_bytes() == before
    assert refused(["--record", str(new)], capsys, lang).endswith(record_busy)
    playing.record.close()
    autosaved.record.close()
    assert "already exists" in refused(["--record", str(new)], capsys)  # no longer written: only there


def test_options_that_agree_with_the_saved_match_are_accepted(saved: Path) -> None:
    table = open_table("--resume", str(saved), "--seed", "11", "--hands", "2", "--bots", BOTS, "--rules", "hk", "--option", "minfan=0")
    assert table.session.seed == 11
    table.record.close()


def test_resume_needs_a_terminal_and_leaves_the_file(saved: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    before = saved.read_bytes()
    monkeypatch.setattr(command, "_in_a_terminal", lambda: False)
    assert "needs a terminal" in refused(["--resume", str(saved)], capsys)
    assert saved.read_bytes() == before


@pytest.mark.asyncio
async def test_a_line_cut_by_a_crash_is_dropped_and_the_match_resumes_from_the_last_complete_event(tmp_path: Path) -> None:
    """A process killed in the middle of a write leaves half a line: the match resumes from the
    last complete event (the engine's own events after it written again), and goes on exactly
    as the match played in one go."""
    base = ["--seed", "11", "--hands", "2", "--bots", BOTS]
    whole = tmp_path / "whole.jsonl"
    play_without_screen(open_table(*base, "--record", str(whole)))
    full = whole.read_bytes()
    lines = full.splitlines(keepends=True)
    for cut in (40, 41, 90):  # after a bot's draw, in the middle of an answer, of a discard
        path = tmp_path / f"cut-{cut}.jsonl"
        path.write_bytes(b"".join(lines[:cut]) + lines[cut][: len(lines[cut]) // 2])
        table = open_table("--resume", str(path))
        assert table.session.history[-1].text.startswith("— Match resumed")
        play_without_screen(table)
        assert path.read_bytes() == full, cut


def test_a_house_option_is_judged_under_the_saved_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--option with --resume of an MCR match, no --rules: the option is MCR's (none: refused as such)."""
    path = tmp_path / "mcr.jsonl"
    play_without_screen(open_table("--seed", "2", "--hands", "1", "--bots", BOTS, "--rules", "mcr", "--record", str(path)), 1)
    said = refused(["--resume", str(path), "--option", "minfan=3"], capsys)
    assert said == "hkmj play: unknown option 'minfan': mcr rules have no house options"
    table = open_table("--resume", str(path), "--rules", "mcr")
    assert table.session.rules.name == "mcr"
    table.record.close()


@pytest.mark.parametrize(("lang", "match_words", "seat_words"), [("en", "; you (hkmj play): player 1", "  You: {} (player 1)"), ("fr", "\u00a0; vous (hkmj play)\u00a0: joueur 1", "  Vous\u00a0: {} (joueur 1)")])
def test_replay_show_says_which_player_was_you(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, match_words: str, seat_words: str
) -> None:
    """``hkmj replay --show`` of a ``hkmj play`` record names the person who played: player 1, and
    the wind they sat at in each hand (seats change as the deal passes, HK-2.2). It names the
    bots as the table did too: the screen said "Bot 1 (greedy)" where the replay says "player 2",
    and nothing in the replay said which was which."""
    from hkmj.tiles import wind_name
    from hkmj.tui.texts import Texts

    path = tmp_path / "m.jsonl"
    play_without_screen(open_table("--seed", "5", "--hands", "3", "--bots", BOTS, "--record", str(path)))
    starts = [e for e in map(json.loads, path.read_text().splitlines()) if e["type"] == "hand_start"]
    capsys.readouterr()
    assert main(["replay", str(path), "--show", "--lang", lang, "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    tx = Texts(lang)
    screen = [tx("bot", n=n, kind=tx.bot_name(kind)) for n, kind in enumerate(BOTS.split(","), 1)]
    assert match_words in lines[0], lines[0]
    as_player = "{bot} as player {n}" if lang == "en" else "{bot} en joueur {n}"
    bots_named = ", ".join(as_player.format(bot=b, n=n) for n, b in enumerate(screen, 2))
    assert lines[0].endswith(match_words + (", with " if lang == "en" else ", avec ") + bots_named), lines[0]
    yours = [line for line in lines if line.startswith(seat_words.split("{")[0])]
    assert yours == [seat_words.format(wind_name(e["players"].index(0), lang)) for e in starts]
    assert len(set(yours)) > 1  # the deal passed: you sat at another wind
    # a bot match has no one at the keyboard: no such line
    bots = tmp_path / "bots.jsonl"
    assert main(["simulate", "--hands", "2", "--record", str(bots), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["replay", str(bots), "--show", "--lang", lang, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert match_words.strip("\u00a0;") not in out and seat_words.split("{")[0] not in out


CHOW_SEED = 2
"""A match whose first hand offers the human a discard to chow two ways (as :func:`drive` plays)."""


@pytest.mark.asyncio
async def test_a_chow_list_left_open_is_asked_again_after_resuming(tmp_path: Path) -> None:
    """The record holds moves, not the screen: left while the list of chows was open (``c`` with
    two chows possible), the match resumes at the same claim decision with nothing chosen, and
    ``c`` opens the same list again (docs/play.md, "A choice left open")."""
    path = tmp_path / "chow.jsonl"
    table = open_table("--seed", str(CHOW_SEED), "--hands", "1", "--bots", BOTS, "--record", str(path))

    def two_chows() -> bool:
        return sum(isinstance(a, Chow) for a in table.session.legal()) == 2

    _, seen = await drive(table, quit_if=two_chows, keys_before_quit="c")
    assert isinstance(seen, tuple)
    *screen, choices = seen
    assert len(choices) == 2 and all(isinstance(a, Chow) for a in choices), choices
    resumed = open_table("--resume", str(path))
    assert snapshot(resumed) == tuple(screen)
    app = PlayApp(resumed.session, delay=0, saved=resumed.record.path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.session.human_pending() and app.table.pending_choices == ()
        await pilot.press("c")
        await pilot.pause()
        assert app.table.pending_choices == choices
        await pilot.press("escape", "q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    resumed.record.close()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "hkmj play: --record {path}: no folder '{folder}' to save the match in; create it first, or give another path"),
    ("fr", "hkmj play\u00a0: --record {path}\u00a0: pas de dossier «\u00a0{folder}\u00a0» où enregistrer la partie\u00a0; créez-le d'abord, ou donnez un autre chemin"),
])
def test_record_into_a_missing_folder_names_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    """``hkmj play --record games/g.jsonl`` without a games folder said "No such file or directory"
    of a file the user meant to create; it now names the folder that is missing (exit 2)."""
    path = tmp_path / "games" / "g.jsonl"
    assert refused(["--record", str(path)], capsys, lang) == words.format(path=path, folder=path.parent)
    assert not path.parent.exists()


@pytest.mark.parametrize(
    ("lang", "note", "line"),
    [
        ("en", "The match can no longer be saved (No space left on device); it goes on unsaved.",
         "hkmj play: {path}: the match could not be saved to its end (No space left on device); the file holds it up to then"),
        ("fr", "La partie ne peut plus être sauvegardée (plus de place sur le disque)\u00a0; elle continue sans sauvegarde.",
         "hkmj play\u00a0: {path}\u00a0: la partie n'a pas pu être sauvegardée jusqu'au bout (plus de place sur le disque)\u00a0; le fichier la garde jusque-là"),
    ],
)
def test_a_full_disk_stops_the_saving_not_the_match(
    lang: str, note: str, line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hkmj play --record FILE`` on a disk that fills up mid-hand (a 64 KB tmpfs): the screen
    died with Textual's ``OSError: [Errno 28] No space left on device`` traceback. Now the match
    goes on, the log says once that it is no longer saved, and the lines said on leaving say the
    file holds the match up to then (the command that continues it from there still follows)."""
    import errno
    import os

    from hkmj import record
    from hkmj.bots import make_bot
    from hkmj.tui.testing import play_hand

    write = record.RecordWriter.write

    def full(self: record.RecordWriter, events: Any) -> None:
        if self.lines > 40:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write(self, events)

    monkeypatch.setattr(record.RecordWriter, "write", full)
    path = tmp_path / "g.jsonl"
    table = open_table("--seed", "1", "--hands", "2", "--bots", BOTS, "--lang", lang, "--record", str(path))
    s = table.session
    s.start_hand()
    play_hand(s, make_bot("greedy", 5))
    s.finish_hand()
    assert [n.text for n in s.history if n.kind == "info" and ("sauvegard" in n.text or "saved" in n.text)] == [note]
    assert not s.match_over and len(path.read_text(encoding="utf-8").splitlines()) == 41
    table.record.close()
    farewell = command.farewell(table)
    assert line.format(path=path) in farewell
    assert farewell[-1].startswith("To continue: " if lang == "en" else "Pour continuer\u00a0: ")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "hkmj play: {path}: the file (or its folder) was removed during the match; the match is lost"),
        ("fr", "hkmj play\u00a0: {path}\u00a0: le fichier (ou son dossier) a été supprimé pendant la partie\u00a0; la partie est perdue"),
    ],
)
def test_a_record_removed_during_the_match_is_said_not_offered_to_resume(
    lang: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj play --record runs/g.jsonl`` with ``runs`` removed during the match: on leaving it
    said ``Match record written to runs/g.jsonl``, offered ``hkmj review`` and ``To continue: hkmj
    play --resume runs/g.jsonl``, three commands on a file that was nowhere (--resume then said
    'no such file'). Now it says the match is lost."""
    path = tmp_path / "runs" / "g.jsonl"
    path.parent.mkdir()
    table = open_table("--seed", "1", "--bots", BOTS, "--lang", lang, "--record", str(path))

    def played_while_removed(self: PlayApp) -> None:
        path.unlink()
        path.parent.rmdir()

    monkeypatch.setattr(PlayApp, "run", played_while_removed)
    assert command.play(table) == 0
    out = capsys.readouterr().out
    assert said.format(path=path) in out
    assert "--resume" not in out and "hkmj review" not in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "hkmj play: cannot save the match in {path}: the home folder {home} does not exist; give a file with --record FILE"),
        ("fr", "hkmj play\u00a0: impossible de sauvegarder la partie dans {path}\u00a0: le dossier personnel {home} n'existe pas\u00a0; "
         "donnez un fichier avec --record FICHIER"),
    ],
)
def test_autosave_does_not_create_a_missing_home_folder(
    lang: str, words: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``HOME=/nonexistent/x hkmj play`` (no --record, no $XDG_STATE_HOME) created the whole missing
    path, /nonexistent/x/.local/state/hkmj, a home folder made by a game. Now it says it cannot
    save the match there and asks for --record FILE, exit 2, and creates nothing (docs/play.md,
    "Saving and resuming"); in an existing home ~/.local/state/hkmj is still created."""
    home = tmp_path / "nonexistent" / "x"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setattr(command, "play", lambda table: table.record.close() or 99)  # the match would start here
    assert main(["play", "--seed", "3", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err == words.format(path=home / ".local" / "state" / "hkmj", home=home) + "\n"
    assert not (tmp_path / "nonexistent").exists()
    home.mkdir(parents=True)
    table = open_table("--seed", "3", "--bots", BOTS, "--lang", lang)
    table.record.close()
    assert table.record.path.parent == home / ".local" / "state" / "hkmj"


@pytest.mark.parametrize(("saved_lang", "locale", "words"), [("fr", "C.UTF-8", "cette partie est finie"), ("en", "fr_FR.UTF-8", "this match is over")])
def test_a_finished_match_is_refused_in_the_language_it_was_played_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], saved_lang: str, locale: str, words: str
) -> None:
    """Without --lang, --resume speaks the saved match's language (its other refusals, its screen);
    a match played with --lang fr and then finished was refused in the locale's English ("this
    match is over, there is nothing to resume"), the one message of the resumed match not in French."""
    finished = tmp_path / "finished.jsonl"
    play_without_screen(open_table("--seed", "3", "--hands", "1", "--bots", BOTS, "--lang", saved_lang, "--record", str(finished)))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", locale)
    assert main(["play", "--resume", str(finished)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err
