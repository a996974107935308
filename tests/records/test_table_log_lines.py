"""A server table's log export (docs/record-format.md) whose lines were lost, repeated or moved.

The server numbers its log entries 0, 1, 2, … (`seq`: each entry is written after the one before
it, HK-2.8's seeds and every action in order). `hkmj replay` and `hkmj review` re-played the
export in the order of its lines without reading `seq`, so a log missing a line, or holding one
twice, replayed "OK" whenever the actions left still made legal play: a lost `join` gave the
player's seat to "player 1", a repeated one went unnoticed. Such a log is now a bad table log.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hkmj.bots import make_bot
from hkmj.cli import main
from hkmj.engine import Match
from hkmj.engine.wall import random_wall
from hkmj.server.protocol import TableConfig


def table_log(seed: int) -> list[dict[str, object]]:
    """The export of a one-hand table where Ann sat at slot 0 and bots played every seat."""
    cfg = TableConfig(slots=[None, "greedy", "greedy", "greedy"], hands=1)
    walls = [random.Random(seed).getrandbits(128) for _ in range(2)]
    entries: list[tuple[str, dict[str, object]]] = [("create", {"config": cfg.to_dict(), "seed": seed})]
    entries += [("join", {"slot": 0, "name": "Ann"}), ("start", {"fill": {}, "salt": "s", "wall": walls[0]})]
    match = Match(seed, length="hands", hands=1)
    bots = [make_bot("greedy", k) for k in range(4)]
    hand = match.new_hand(wall=random_wall(random.Random(walls[0]))[0], dice=random_wall(random.Random(walls[0]))[1])
    while hand.result is None:
        s = hand.pending()[0]
        a = bots[match.player_at(s)].choose(hand.view(s), hand.legal_actions(s))
        hand.apply(s, a)
        entries.append(("act", {"slot": match.player_at(s), "seat": s, "action": str(a), "by": "player"}))
    entries.append(("next", {"salt": "s", "wall": walls[1]}))
    return [{"seq": n, "kind": k, "data": d} for n, (k, d) in enumerate(entries)]


def write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        ("lost", "entry 2: seq 2 where 1 was expected: a line of the log lost, repeated or moved"),
        ("repeated", "entry 3: seq 1 where 2 was expected: a line of the log lost, repeated or moved"),
    ],
)
def test_hk_2_8_a_table_log_with_a_line_lost_or_repeated_is_a_bad_table_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: str, words: str
) -> None:
    rows = table_log(3)
    assert main(["replay", str(write(tmp_path / "whole.jsonl", rows)), "--quiet"]) == 0
    assert "replay OK: 1 hand" in capsys.readouterr().out
    edited = rows[:1] + rows[2:] if edit == "lost" else rows[:2] + rows[1:]  # the join line
    path = write(tmp_path / f"{edit}.jsonl", edited)
    for command in (["replay", str(path), "--quiet"], ["review", str(path), "--seat", "1", "--quiet"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert f"bad table log: {words}" in err, err


@pytest.mark.parametrize("field", ["ids", "dice", "commitment"])
def test_hk_2_a_table_log_whose_revealed_wall_is_not_its_seeds_is_a_bad_table_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str
) -> None:
    """The export's deals hold each hand's revealed wall (``ids``, ``dice``, ``commitment``) beside
    its seed; a reader checks the commitment from them alone, so `hkmj replay` and `hkmj review`
    check that they are the wall the seed deals (HK-2): two ids swapped (their commitment
    recomputed to match), other dice, or another commitment make a bad table log."""
    import hashlib

    from hkmj.server.export import log_lines

    rows = [json.loads(line) for line in log_lines((r["seq"], r["kind"], r["data"]) for r in table_log(3))]  # type: ignore[misc]
    start = rows[2]["data"]
    assert len(start["ids"]) == 144 and len(start["dice"]) == 3
    assert main(["replay", str(write(tmp_path / "whole.jsonl", rows)), "--quiet"]) == 0
    assert "replay OK: 1 hand" in capsys.readouterr().out
    if field == "ids":
        start["ids"][0], start["ids"][1] = start["ids"][1], start["ids"][0]
        start["commitment"] = hashlib.sha256((start["salt"] + ":" + " ".join(start["ids"])).encode()).hexdigest()
    elif field == "dice":
        start["dice"] = [d % 6 + 1 for d in start["dice"]]
    else:
        start["commitment"] = "0" * 64
    path = write(tmp_path / "edited.jsonl", rows)
    for command in (["replay", str(path), "--quiet"], ["review", str(path), "--seat", "1", "--quiet"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "bad table log: entry 3 (start): its revealed wall (ids, dice, commitment) is not the one its wall seed deals" in err, err
