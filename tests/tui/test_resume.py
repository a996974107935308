"""``hkmj play --resume``: a match left (q) is saved as it is played and goes on where it stopped.

The human is played through Textual's pilot, by keys, with one fixed rule (a win when it may, the
greedy bot's discard, a pass on every claim), so a match played in one go and the same match quit
at the human's k-th decision and resumed must write the same record, byte for byte, and end with
the same totals (HK-7.3), under every ruleset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.bots import GreedyBot
from hkmj.cli import build_parser
from hkmj.engine import WIN, Discard, Kong
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


async def drive(table: command.Table, quit_after: int | None = None, quit_at_end_screen: bool = False) -> tuple[int, object]:
    """Play the table by keys until the match ends, or quit (q, y) before the human's decision
    number ``quit_after`` (or on the first end-of-hand screen). Returns the decisions made and
    what the player saw when quitting."""
    app = PlayApp(table.session, delay=0, saved=table.record.path)
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
                if quit_after is not None and made == quit_after:
                    seen = snapshot(table)
                    await pilot.press("q")
                    await pilot.pause()
                    assert isinstance(app.screen, QuitScreen)
                    quit_text = str(app.screen.query_one("#quit").render())
                    assert "hkmj play --resume" in quit_text and table.record.path.name in quit_text
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
    more appends to the same file."""
    base = ["--seed", "11", "--hands", "2", "--bots", BOTS, "--rules", rules]
    whole = tmp_path / "whole.jsonl"
    made, _ = await drive(open_table(*base, "--record", str(whole)))
    assert made > 12
    expected = whole.read_text(encoding="utf-8")
    for k in (0, made // 3, made - 1):
        path = tmp_path / f"quit-{k}.jsonl"
        table = open_table(*base, "--record", str(path))
        _, seen = await drive(table, quit_after=k)
        lines = command.farewell(table)
        assert lines[-1] == f"To continue: hkmj play --resume {path}"
        resumed = open_table("--resume", str(path))
        assert snapshot(resumed) == seen  # the same decision: hand, tiles, scores, ponds
        assert resumed.session.history[-1].text.startswith("— Match resumed: ")
        if k == made // 3:  # leave again at once, and come back
            await drive(resumed, quit_after=0)
            resumed = open_table("--resume", str(path))
            assert snapshot(resumed) == seen
        await drive(resumed)
        assert path.read_text(encoding="utf-8") == expected, k
        assert command.farewell(resumed)[-1].startswith("Match record written to")
    assert totals(whole) == totals(tmp_path / f"quit-{made - 1}.jsonl")


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
    assert lines[-1] == f"Pour continuer : hkmj play --resume {path}"
    again = open_table("--seed", "23", "--hands", "1", "--bots", BOTS)  # the same seed again: a file of its own
    assert again.record.path == save_dir() / "match-23-2.jsonl"
    again.record.close()
    resumed = open_table("--resume", str(path))
    assert resumed.session.tx.lang == "fr" and resumed.glyphs
    english = open_table("--resume", str(path), "--lang", "en")
    assert english.session.tx.lang == "en"
    english.record.close()
    await drive(resumed)
    assert resumed.session.match_over
    lines = command.farewell(resumed)
    assert len(lines) == 1 and lines[0].startswith("Graine 23 · 1 donne jouée")  # nothing to resume: no second line
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
