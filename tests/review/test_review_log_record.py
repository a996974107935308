"""``hkmj replay LOG --record FILE`` writes a server table's match as a record (docs/record-format.md).

The record it wrote kept the engine's events only: the players' names, which slots the server's
bots played and which of a person's moves the server made for them (away, timed out) were lost.
``hkmj review FILE --seat Ann`` then said "no such player", ``--seat 2`` reviewed the server's bot
as though a person had played it, and Ann's review counted the server's moves as her decisions.
The record now keeps them in its ``match_start``'s ``table`` field, which replay leaves out of
the comparison (as ``hkmj play``'s ``play`` field), and the review of the record is the log's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.record import read_record, replay
from hkmj.review import load

from .test_review import _table_log


def _log(tmp_path: Path) -> Path:
    """Ann at slot 0 chose her moves of the first hand; the server played the rest of hers
    (``by`` timeout: her timer ran out); bots held slots 1-3 from the start."""
    entries = _table_log(5, 2)
    hand = 0
    for kind, data in entries:
        if kind == "next":
            hand += 1
        if kind == "act" and data["slot"] == 0:
            data["by"] = "player" if hand == 0 else "timeout"
    path = tmp_path / "hkmj-table-x.jsonl"
    path.write_text("".join(json.dumps({"seq": i, "kind": k, "data": d}) + "\n" for i, (k, d) in enumerate(entries)))
    return path


def _review(capsys: pytest.CaptureFixture[str], path: Path, seat: str, lang: str = "en") -> tuple[int, str, str]:
    code = main(["review", str(path), "--seat", seat, "--html", "-", "--quiet", "--lang", lang])
    out, err = capsys.readouterr()
    return code, out, err.replace(str(path), "FILE")


def test_a_record_written_from_a_table_log_keeps_names_bot_seats_and_the_servers_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path)
    record = tmp_path / "table.jsonl"
    assert main(["replay", str(log), "--record", str(record), "--quiet"]) == 0
    capsys.readouterr()
    # the record replays exactly: its header's table field is not the engine's
    assert replay(read_record(record)).ok
    assert main(["replay", str(record), "--quiet"]) == 0
    assert "reproduced exactly" in capsys.readouterr().out
    start = json.loads(record.read_text().splitlines()[0])
    assert start["table"]["names"] == ["Ann", "Bot 2 (greedy)", "Bot 3 (strong)", "Bot 4 (random)"]
    assert start["table"]["bots"] == [1, 2, 3]
    assert load(record).others == load(log).others != frozenset()
    for seat in ("Ann", "1", "2", "slot3"):
        assert _review(capsys, record, seat) == _review(capsys, log, seat), seat
    code, out, _ = _review(capsys, record, "Ann")
    assert code == 0 and out.startswith("Review of Ann: 2 hands of Hong Kong")
    code, _, err = _review(capsys, record, "2")
    assert code == 2 and "the server's bot played the seat of Bot 2 (greedy), not a person" in err


def test_the_records_others_are_a_persons_moves_the_server_made_not_the_bots_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/record-format.md: ``table.others`` holds "the record's line numbers of the actions the
    server played for a person: away, or timed out". It held every move of the bots at slots 1-3
    as well (their entries' ``by`` is ``bot``), so a referee reading the field as documented found
    the server playing for a person at every turn (at a table of four bots, every action of the
    match). It now holds Ann's timed-out moves only (HK-3, HK-4: each is one of her seat's actions)."""
    log = _log(tmp_path)
    record = tmp_path / "table.jsonl"
    assert main(["replay", str(log), "--record", str(record), "--quiet"]) == 0
    capsys.readouterr()
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    timeouts = sum(1 for x in log.read_text().splitlines() if json.loads(x)["kind"] == "act" and json.loads(x)["data"]["by"] == "timeout")
    others = lines[0]["table"]["others"]
    assert len(others) == timeouts > 0
    players: list[int] = []
    for n, e in enumerate(lines, 1):
        if e["type"] == "hand_start":
            players = e["players"]
        if n in others:
            assert "action" in e and players[e["seat"]] == 0, (n, e)  # Ann is player 1 (slot 0)


def test_replay_show_names_the_table_players_of_a_log_and_of_its_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj replay LOG --show`` said "player 1" where the table showed Ann, as a ``hkmj play``
    record names its bots; the log and the record written from it now name them, in French too."""
    log = _log(tmp_path)
    record = tmp_path / "table.jsonl"
    assert main(["replay", str(log), "--record", str(record), "--quiet"]) == 0
    capsys.readouterr()
    for path in (log, record):
        assert main(["replay", str(path), "--show", "--quiet"]) == 0
        first = capsys.readouterr().out.splitlines()[0]
        assert first.endswith("; the server table's players: player 1 Ann, player 2 Bot 2 (greedy), player 3 Bot 3 (strong), player 4 Bot 4 (random)")
        assert main(["replay", str(path), "--show", "--quiet", "--lang", "fr"]) == 0
        # the table's bots as the French table names them (it read "joueur 2 Bot 2 (greedy)")
        assert "\u00a0; les joueurs de la table du serveur\u00a0: joueur 1 Ann, joueur 2 Robot 2 (glouton), joueur 3 Robot 3 (fort)" in capsys.readouterr().out


def test_a_logs_unnamed_person_and_its_bots_are_named_in_the_reviews_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A person who joined a server table without a name is ``player 1`` in its log export. In
    French the review named them « joueur 1 » when given ``--seat 1`` but ``player 1`` when given
    that very name, refused ``--seat "joueur 1"`` (the name its own summary printed), and its
    errors listed the choices half in English: ``« Zoé », 'player 1'`` (English quotes) and
    ``« Bot 2 (greedy) »`` where the French table says « Robot 2 (glouton) ». The log's names are
    now said in the review's language everywhere, and taken in either (HK-2.1: who sat where)."""
    entries = _table_log(5, 1)
    for kind, data in entries:
        if kind == "join":
            data["name"] = ""
    log = tmp_path / "t.jsonl"
    log.write_text("".join(json.dumps({"seq": i, "kind": k, "data": d}) + "\n" for i, (k, d) in enumerate(entries)))
    for seat in ("1", "joueur 1", "player 1"):
        code, out, _ = _review(capsys, log, seat, "fr")
        assert code == 0 and out.startswith("Analyse de partie\u00a0: joueur 1, 1 donne"), (seat, out)
    code, out, _ = _review(capsys, log, "joueur 1")
    assert code == 0 and out.startswith("Review of player 1: 1 hand"), out
    code, _, err = _review(capsys, log, "2", "fr")
    assert code == 2 and err.rstrip().endswith("donnez la place d'une personne qui a joué\u00a0: «\u00a0joueur 1\u00a0»"), err
    code, _, err = _review(capsys, log, "zz", "fr")
    assert code == 2 and err.rstrip().endswith(
        "ou un nom\u00a0: «\u00a0joueur 1\u00a0», «\u00a0Robot 2 (glouton)\u00a0», «\u00a0Robot 3 (fort)\u00a0», «\u00a0Robot 4 (hasard)\u00a0»"
    ), err
    code, _, err = _review(capsys, log, "zz")
    assert code == 2 and err.rstrip().endswith("or a name: 'player 1', 'Bot 2 (greedy)', 'Bot 3 (strong)', 'Bot 4 (random)'"), err
    # replay --show named them "joueur 1 player 1, joueur 2 Bot 2 (greedy)": the unnamed person is now left unnamed
    assert main(["replay", str(log), "--show", "--quiet", "--lang", "fr"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("les joueurs de la table du serveur\u00a0: joueur 2 Robot 2 (glouton), joueur 3 Robot 3 (fort), joueur 4 Robot 4 (hasard)"), first
