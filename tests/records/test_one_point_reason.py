"""MCR-5.1: a complete MCR hand worth one point was "1 points without flowers" (`hkmj score
--json`, the reason of a false Mahjong in a record and `hkmj replay --show`); it is "1 point" now,
and a record in the older words still replays, replay saying so (docs/record-format.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.engine import PASS, Phase
from hkmj.engine.actions import parse_action
from hkmj.engine.testing import act, stacked_hand, tsumogiri
from hkmj.record import replay
from hkmj.rulesets import get_ruleset
from hkmj.scoring import score_json_mcr

ONE_POINT = {"hand": "234m345m567s44z", "melds": ["pung 888p"], "win_tile": "7s", "win": "self_draw", "seat": "S", "prevailing": "E"}


def test_mcr_5_1_a_hand_worth_one_point_says_1_point() -> None:
    r = score_json_mcr(ONE_POINT)
    assert not r["winning"] and r["fan_points"] == 1
    assert r["reason"] == "1 point without flowers: MCR needs at least 8 to win (MCR-5.1)"


def _one_point_record() -> list[dict[str, object]]:
    """South pungs East's 8p, then self-draws 7s to a complete hand worth Self-Drawn alone (1
    point) and declares it: a false Mahjong, South's hand dead (MCR-5.4)."""
    hands = ["147m259p369s1234z8p", "234m345m56s44z88p9s", "369m147p258s1567z", "147m258p369s2345z"]
    hand = stacked_hand(hands, draws="9m9p1s7s", rules=get_ruleset("mcr"))

    def passes() -> None:
        while hand.phase is not Phase.TURN and not hand.over:
            for s in hand.pending():
                hand.apply(s, PASS)

    act(hand, "E discard 8p")
    for s in hand.pending():
        if s != 1:
            hand.apply(s, PASS)
    act(hand, "S pung")
    act(hand, "S discard 9s")
    passes()
    for _ in range(3):
        tsumogiri(hand)
        passes()
    hand.apply(1, parse_action("mahjong"))
    while not hand.over:
        if hand.phase is Phase.TURN:
            tsumogiri(hand)
        passes()
    events: list[dict[str, object]] = json.loads(json.dumps(hand.events))
    return events


def test_mcr_5_1_a_record_with_1_points_replays_and_replay_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = _one_point_record()
    false = next(e for e in events if e["type"] == "false_mahjong")
    assert str(false["reason"]).endswith("is complete but not a winning hand: 1 point without flowers: MCR needs at least 8 to win (MCR-5.1)")
    assert replay(events).ok and replay(events).older_words == 0
    false["reason"] = str(false["reason"]).replace(": 1 point without", ": 1 points without")
    report = replay(events)
    assert report.ok and report.older_words == 1 and report.older_plural == 1, report
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in events))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "which wrote a complete MCR hand worth one point as '1 points without flowers'; this version writes '1 point without flowers' (MCR-5.1)" in out, out
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "pour une main MCR complète qui vaut un point" in out and "écrit «\u00a01 point without flowers\u00a0» (MCR-5.1)" in out, out
    assert main(["replay", str(path), "--show"]) == 0
    false["reason"] = str(false["reason"]).replace(": 1 points without", ": 2 points without")
    assert not replay(events).ok  # only the exact older words
