"""A log export asked for before its table's match is over is the server's refusal (docs/protocol.md,
HTTP: ``409 not_over``), not a table log: ``curl …/log > t.jsonl`` then saves that JSON body.
``hkmj replay`` and ``hkmj review`` say so, in English and French, where they said only that an
event is a JSON object with a 'type'."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main

BODY = {"v": 1, "error": "not_over", "message": "the table's log is readable once its match is over"}


def _saved(tmp_path: Path) -> Path:
    path = tmp_path / "hkmj-table-abc.jsonl"
    path.write_text(json.dumps(BODY) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_saved_refusal_is_named_as_the_servers(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1: not an event but the server's refusal (not_over: the table's log is readable once its match is over)" in err
    assert "Traceback" not in err


def test_a_saved_refusal_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main(["replay", str(path), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "pas un événement mais le refus du serveur (not_over : le journal de la table se lit une fois sa partie terminée)" in err.replace("\u00a0", " ")
    assert "the server" not in err


def test_an_object_without_type_is_still_no_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Only the server's refusal (``error`` and ``message`` text, no ``type``) is named as one."""
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({"error": 3, "message": "x"}) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "an event is a JSON object with a 'type'" in capsys.readouterr().err
