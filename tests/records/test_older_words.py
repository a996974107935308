"""Records of MCR and classical tables written before the engine cited their own rules: their
false-Mahjong reasons cite HK-5.7 and HK-5.1-5.4. ``hkmj replay`` reproduces every move and
says so accurately, instead of calling the game a divergence or "reproduced exactly"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.engine.testing import act, play_quietly, stacked_hand
from hkmj.record import replay
from hkmj.rulesets import get_ruleset

NOTHING = ["1247m258p369s1234z", "258m369p147s1234z", "369m147p258s1567z", "147m258p369s2345z"]
OLD_SHAPES = "four groups and a pair, seven pairs or thirteen orphans (HK-5.1-5.4)"


def _record(rules: str, teaching: bool) -> list[dict[str, object]]:
    """A hand with a false (or, teaching, refused) Mahjong, its reason in the older words."""
    r = get_ruleset(rules)
    hand = stacked_hand(NOTHING, teaching=teaching, rules=r)
    act(hand, "E mahjong")
    play_quietly(hand)
    events: list[dict[str, object]] = json.loads(json.dumps(hand.events))
    for e in events:
        if "reason" in e:
            text = str(e["reason"]).replace(r.winning_shapes, OLD_SHAPES)
            e["reason"] = text.replace(f"teaching table ({r.false_mahjong_rule})", "teaching table (HK-5.7)")
    return events


@pytest.mark.parametrize("rules", ["mcr", "classical"])
@pytest.mark.parametrize("teaching", [True, False])
def test_mcr_5_4_cl_7_7_a_reason_in_older_words_replays(rules: str, teaching: bool) -> None:
    """MCR-5.4 / CL-7.7: every move reproduced; the reason's older words are counted, not a divergence."""
    events = _record(rules, teaching)
    report = replay(events)
    assert report.ok and report.older_words == 1, report


def test_mcr_5_4_any_other_change_to_a_reason_is_still_a_divergence() -> None:
    """MCR-5.4: only the older words of the same reason are accepted; an edited reason is not."""
    events = _record("mcr", False)
    false = next(e for e in events if e["type"] == "false_mahjong")
    assert "; it is " in str(false["reason"])  # East's 14 tiles are ready on a knitted shape (MCR-5.2.4), not "6 tiles from ready"
    false["reason"] = str(false["reason"]).replace("; it is ", "; it is now ")
    report = replay(events)
    assert report.divergence is not None and "reason" in report.divergence.reason


def test_hk_5_7_hkmj_replay_says_which_words_are_older(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """HK-5.7 at an MCR table: ``hkmj replay`` exits 0 and says the reason cites Hong Kong rules
    in an earlier version's words, not that every event was reproduced exactly."""
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _record("mcr", False)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("replay OK: 1 hand,") and "reproduced exactly" not in out
    assert "1 false-Mahjong reason" in out and "HK-5.7" in out and "MCR-5.4" in out, out
