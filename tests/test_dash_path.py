"""``-`` given as a file: many programs read it as standard input or write it as standard output.

hkmj does neither. ``hkmj simulate --record -`` (or ``play``, ``replay``, ``bot-match``, ``arena``
``--record -``, ``arena --plot -``, ``bot-match --log -``) silently made a file named ``-`` in the
current folder, which ``rm -`` cannot delete; and ``hkmj replay -`` then read that file, not the
standard input (a pipeline ``hkmj simulate --record - | hkmj replay -`` read a file still being
written), or, without it, said ``-: no such file``. Writing to ``-`` is now refused before any
work, naming a file to give; reading ``-`` when no such file exists says that ``-`` is not
standard input here and that /dev/stdin is.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hkmj.cli import main


@pytest.mark.parametrize(
    ("argv", "option", "what"),
    [
        (["simulate", "--hands", "1", "--record", "-"], "--record", "the match in, e.g. game.jsonl"),
        (["play", "--hands", "1", "--record", "-"], "--record", "the match in, e.g. game.jsonl"),
        (["bot-match", "--hands", "1", "--record", "-"], "--record", "the match in, e.g. game.jsonl"),
        (["bot-match", "--hands", "1", "--log", "-"], "--log", "the fault log in, e.g. faults.log"),
        (["arena", "--bots", "random,greedy", "--deals", "1", "--plot", "", "--record", "-"], "--record", "the match in, e.g. game.jsonl"),
        (["arena", "--bots", "random,greedy", "--deals", "1", "--plot", "-"], "--plot", "the rating plot in, e.g. ratings.png"),
    ],
)
def test_writing_to_dash_is_refused_and_makes_no_file(
    argv: list[str], option: str, what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"hkmj {argv[0]}: {option} -: '-' is not standard output here; give the file to save {what}\n"
    assert not os.path.lexists(tmp_path / "-")
    assert main([*argv, "--lang", "fr"]) == 2
    assert "\u00a0: «\u00a0-\u00a0» ne nomme pas la sortie standard ici\u00a0; donnez le fichier où enregistrer" in capsys.readouterr().err


def test_replay_of_a_table_log_to_dash_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "nothing.jsonl", "--record", "-"]) == 2  # said before the log is read
    assert capsys.readouterr().err.startswith("hkmj replay: --record -: '-' is not standard output here")
    assert not os.path.lexists(tmp_path / "-")


@pytest.mark.parametrize("argv", [["replay", "-"], ["review", "-"], ["play", "--resume", "-"]])
def test_reading_dash_says_it_is_not_standard_input(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.endswith(" -: no such file ('-' is not standard input here, /dev/stdin is); give the record's file name\n"), err
    assert main([*argv, "--lang", "fr"]) == 2
    assert "«\u00a0-\u00a0» ne désigne pas l'entrée standard ici, /dev/stdin la désigne" in capsys.readouterr().err
    # a file named "-" is a file like any other (./- or -)
    (tmp_path / "-").write_text("")
    assert main(argv) == 2
    assert "-: the file is empty" in capsys.readouterr().err
