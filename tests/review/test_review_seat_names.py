"""``hkmj review --seat`` takes the names the table showed: at ``hkmj play`` the bots are "Bot 1",
"Bot 2", "Bot 3" (French "Robot 1"…) and the player is "You" ("Vous"), while the record numbers
them players 2-4 and 1; ``--seat "Bot 1"`` was refused ("no such player"). Numbers, winds and a
server table's names work as before; an unknown name is refused in one line listing the names."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hkmj.bots import make_bot
from hkmj.cli import main
from hkmj.review import ReviewError, load, resolve_player

BOTS = "greedy,strong,random"
"""Bot 1 greedy (player 2), Bot 2 strong (player 3), Bot 3 random (player 4)."""


@pytest.fixture(scope="module")
def play_record(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A one-hand record written as ``hkmj play --record`` writes it (its ``play`` header names the bots)."""
    from hkmj.tui import command
    from hkmj.tui.testing import play_command

    path = tmp_path_factory.mktemp("names") / "play.jsonl"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(command, "_in_a_terminal", lambda: True)
        play_command(["--seed", "5", "--hands", "1", "--bots", BOTS, "--record", str(path)], make_bot("random", 9))
    yield path


@pytest.mark.parametrize(
    ("seat", "player"),
    [
        ("Bot 1", 2),
        ("bot 2", 3),
        ("BOT3", 4),
        ("  Bot  1 ", 2),
        ("Bot 1 (greedy)", 2),
        ("bot 2 (Strong)", 3),
        ("You", 1),
        ("you", 1),
        # the French table's names (hkmj play --lang fr)
        ("Robot 1", 2),
        ("robot 3", 4),
        ("Robot 1 (glouton)", 2),
        ("Robot 2 (fort)", 3),
        ("Vous", 1),
        # as before: numbers, slots, winds
        ("2", 2),
        ("slot3", 4),
    ],
)
def test_seat_takes_the_names_the_play_table_showed(play_record: Path, seat: str, player: int) -> None:
    players, _ = resolve_player(seat, load(play_record))
    assert players == [player - 1]


def test_a_wind_still_names_who_drew_it(play_record: Path) -> None:
    loaded = load(play_record)
    draw = loaded.events[0]["seat_draw"]
    assert isinstance(draw, list)
    assert resolve_player("S", loaded)[0] == [draw.index("S")]


@pytest.mark.parametrize("seat", ["Bot 4", "Bot 0", "Bob", "me"])
def test_a_name_the_table_did_not_show_is_refused(play_record: Path, seat: str) -> None:
    with pytest.raises(ReviewError, match="no such player"):
        resolve_player(seat, load(play_record))


@pytest.mark.parametrize(
    ("seat", "lang", "line"),
    [
        ("Bot 1 (strong)", "en", "--seat 'Bot 1 (strong)': at this table that player was 'Bot 1 (greedy)', another bot; give 'Bot 1' or 'Bot 1 (greedy)'"),
        ("Robot 2 (glouton)", "fr", "--seat « Robot 2 (glouton) » : à cette table, ce joueur était « Robot 2 (fort) », un autre robot ; donnez « Robot 2 » ou « Robot 2 (fort) »"),
    ],
)
def test_a_table_bot_named_with_another_kind_is_told_which_bot_it_was(play_record: Path, seat: str, lang: str, line: str) -> None:
    """``--seat "Bot 1 (strong)"`` for a greedy Bot 1 said "no such player … give … 'Bot 1'": the
    name the user gave seemed to be among the choices. It now says which bot that player was."""
    with pytest.raises(ReviewError) as err:
        resolve_player(seat, load(play_record))
    assert err.value.say(lang).replace("\u00a0", " ") == line


def test_a_simulate_record_has_no_table_names(tmp_path: Path) -> None:
    """``hkmj simulate`` showed no table: its players are numbers (and winds) only."""
    path = tmp_path / "sim.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "3", "--record", str(path), "--quiet"]) == 0
    with pytest.raises(ReviewError, match="no such player") as err:
        resolve_player("Bot 1", load(path))
    assert "Bot" not in err.value.say("en").split("no such player")[1]


@pytest.mark.parametrize(
    ("lang", "name", "head"),
    [
        ("en", "Bot 1", "Review of player 2 (Bot 1): 1 hand of Hong Kong"),
        ("fr", "Robot 1", "Analyse de partie\u00a0: joueur 2 (Robot 1), 1 donne"),
    ],
)
def test_cli_reviews_a_bot_by_its_table_name_as_by_its_number(
    play_record: Path, capsys: pytest.CaptureFixture[str], lang: str, name: str, head: str
) -> None:
    assert main(["review", str(play_record), "--seat", name, "--html", "-", "--lang", lang]) == 0
    by_name = capsys.readouterr().out
    assert by_name.startswith(head), by_name.splitlines()[0]
    assert main(["review", str(play_record), "--seat", "2", "--html", "-", "--lang", lang]) == 0
    assert capsys.readouterr().out == by_name


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "or a name the table showed: 'you', 'Bot 1', 'Bot 2', 'Bot 3'"),
        ("fr", "ou un nom affiché à la table\u00a0: «\u00a0vous\u00a0», «\u00a0Robot 1\u00a0», «\u00a0Robot 2\u00a0», «\u00a0Robot 3\u00a0»"),
    ],
)
def test_an_unknown_name_is_one_line_listing_the_names(
    play_record: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    assert main(["review", str(play_record), "--seat", "Bot 4", "--html", "-", "--lang", lang]) == 2
    captured = capsys.readouterr()
    assert not captured.out
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hkmj review"), lines
    assert said in lines[0], lines[0]
    assert "Bot 4" in lines[0]


@pytest.mark.parametrize(("lang", "example"), [("en", 'hkmj review match.jsonl --seat "Bot 1"'), ("fr", 'hkmj review match.jsonl --seat "Robot 1"')])
def test_help_shows_a_table_name_example(capsys: pytest.CaptureFixture[str], lang: str, example: str) -> None:
    with pytest.raises(SystemExit):
        main(["review", "--help", "--lang", lang])
    out = capsys.readouterr().out
    assert example in out


@pytest.mark.parametrize("seat", ["²", "slot²", "٣", "Bot ٣", "1" * 5000, "slot" + "0" * 5000 + "9", "bot " + "1" * 5000, "-1", "slot-0"])
def test_a_seat_number_not_in_ascii_digits_is_refused_in_one_short_line(
    play_record: Path, seat: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seat ²`` (a digit to ``str.isdigit()`` that ``int()`` refuses) and ``--seat`` of 5000
    digits (past ``int()``'s limit) ended in a ValueError traceback; ``-1`` and ``slot-0`` must not
    name a player either. They are now 'no such player', the seat echoed cut short."""
    assert main(["review", str(play_record), "--seat", seat, "--html", "-", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hkmj review: --seat '") and "no such player" in err
    assert "Traceback" not in err and len(err) < 400 and err.count("\n") == 1
