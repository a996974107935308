"""A record passed on by a stranger ("look at my game") cannot drive the reader's terminal.

``hkmj replay``, ``hkmj review`` and ``hkmj play --resume`` quote parts of a record in their
errors: an event's type, a field's name, the server's refusal saved in place of a log export, a
saved match's rules, seed or bots. They were written raw, so a record holding ``\\x1b]0;…\\x07``
set the terminal's title, ``\\x1b[2J`` cleared its screen (other sequences write the clipboard
or draw links), a newline forged a line of the report and U+202E turned the text around. Such a
character is now written as its escape (``\\x1b``), as a Python ``repr`` writes it.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.server.protocol import TableConfig

EVIL = "\x1b]0;PWNED\x07\x1b[2J\u202e\x9b\nFORGED LINE"
"""A terminal's title set, its screen cleared, the text turned right to left, a C1 control
sequence opened (U+009B, which JSON does not escape), a line forged."""
SHOWN = ("\\x1b]0;PWNED\\x07", "\\u001b]0;PWNED\\u0007")
"""The title's sequence shown as its escapes (as Python writes it, or as JSON does)."""


def raw_controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey (newlines aside): controls and format characters."""
    return [ch for ch in text if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf")]


def said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 2
    out = capsys.readouterr()
    assert code in (1, 2), (code, out)
    return out.out + out.err


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("rec") / "g.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "3", "--quiet", "--record", str(path)]) == 0
    return path.read_text(encoding="utf-8").splitlines()


def _with(lines: list[str], index: int, change: dict[str, object]) -> str:
    event = json.loads(lines[index])
    event.update(change)
    return "\n".join([*lines[:index], json.dumps(event), *lines[index + 1 :]]) + "\n"


@pytest.mark.parametrize("where", ["server_refusal", "event_type", "field_name", "first_type", "table_log"])
@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_crafted_record_cannot_drive_the_terminal_of_replay_or_review(
    record: list[str], where: str, command: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = {
        "server_refusal": json.dumps({"error": EVIL, "message": EVIL}) + "\n",
        "event_type": _with(record, 2, {"type": EVIL}),
        "field_name": _with(record, 2, {EVIL: 1}),
        "first_type": _with(record, 0, {"type": EVIL}),
        "table_log": json.dumps({"seq": 0, "kind": "create", "data": {"config": TableConfig().to_dict(), "seed": EVIL}}) + "\n",
    }
    path = tmp_path / "evil.jsonl"
    path.write_text(texts[where], encoding="utf-8")
    text = said([command, str(path), "--lang", lang], capsys)
    assert raw_controls(text) == [], text
    assert "\nFORGED" not in text, text
    assert any(escaped in text for escaped in SHOWN), text  # shown, as its escapes


def test_a_crafted_saved_match_cannot_drive_the_terminal_of_play_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from hkmj.cli import build_parser
    from hkmj.tui import command

    monkeypatch.setattr(command, "_in_a_terminal", lambda: True)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    saved = tmp_path / "saved.jsonl"
    table = command.open_table(build_parser().parse_args(["play", "--seed", "11", "--hands", "2", "--record", str(saved)]))
    assert isinstance(table, command.Table)
    table.session.start_hand()  # dealt, the player's first decision waits: a match quit there
    table.record.close()
    lines = saved.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])

    def header(**change: object) -> str:
        return "\n".join([json.dumps({**first, **change}), *lines[1:]]) + "\n"

    cases = [
        (_with(lines, 2, {"type": EVIL}), []),  # the line that does not replay is named by its type
        (header(rules=EVIL), ["--rules", "mcr"]),
        (header(seed=EVIL), ["--seed", "12"]),
        (header(hands=EVIL), ["--hands", "3"]),
        (header(options={**first["options"], "minfan": EVIL}), ["--option", "minfan=3"]),
        (header(play={**first["play"], "bots": [EVIL, "x", "y"]}), ["--bots", "greedy,greedy,greedy"]),
    ]
    for i, (text, argv) in enumerate(cases):
        path = tmp_path / f"evil{i}.jsonl"
        path.write_text(text, encoding="utf-8")
        out = said(["play", "--resume", str(path), *argv], capsys)
        assert raw_controls(out) == [], (argv, out)
        assert "\nFORGED" not in out, (argv, out)
        assert any(escaped in out for escaped in SHOWN), (argv, out)
