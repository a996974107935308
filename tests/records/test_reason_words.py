"""HK-5.7 (MCR-5.4, CL-7.7): docs/record-format.md quotes the reasons a record gives for a false
Mahjong as the engine writes them, so that a referee without hkmj can read one: the declared
groups after ` + `, and a hand complete in shape but under the table's minimum (`minfan`,
MCR-5.1), which has no distance from ready."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hkmj.engine.testing import act, stacked_hand
from hkmj.rulesets import get_ruleset

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"
NOTHING = ["1247m258p369s1234z", "258m369p47s11234z", "369m147p258s1567z", "147m258p369s2345z"]
READY = ["1247m258p369s1235z", "123m456p789s234s5z", "369m147p258s1567z", "147m258p369s2346z"]


def _doc() -> str:
    """The page with its line breaks read as spaces, as a reader sees it."""
    return re.sub(r"\s+", " ", DOC.read_text(encoding="utf-8"))


def _reason(hand_lines: list[str], hands: list[str], draws: str, rules: str, options: dict[str, str]) -> str:
    hand = stacked_hand(hands, draws=draws, ask_all=True, rules=get_ruleset(rules, options))
    for line in hand_lines:
        act(hand, line)
    reason = next(e["reason"] for e in hand.events if e["type"] == "false_mahjong")
    assert isinstance(reason, str)
    return reason


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_a_declared_group_is_written_after_a_plus_as_the_doc_quotes(rules: str) -> None:
    """South pungs East's 1z, then declares Mahjong on West's 9m: the reason writes the pung after
    the concealed tiles (` + pung 111z`), then the claimed tile, as the page's example."""
    lines = ["E discard 1z", "S pung", "W pass", "N pass", "S discard 2z", "W pass", "N pass", "E pass",
             "W discard 9m", "S mahjong", "N pass", "E pass"]
    reason = _reason(lines, NOTHING, "9m", rules, {})
    quoted = "258m369p47s34z + pung 111z with 9m is not a winning hand: "
    assert reason.startswith(quoted)
    assert f"`{quoted}…`" in _doc()


def test_a_complete_hand_under_the_minimum_reads_as_the_doc_quotes() -> None:
    """HK `minfan=3`: South's 2-fan hand on East's 5z is complete but no win; the reason says so
    with the scorer's words and no distance from ready, word for word as the page quotes it."""
    lines = ["E discard 4m", "S pass", "W pass", "N pass", "S discard 9p", "W pass", "N pass", "E pass",
             "W discard 1s", "N pass", "E pass", "S pass", "N discard 4z", "E pass", "S pass", "W pass",
             "E discard 5z", "S mahjong", "W pass", "N pass"]
    reason = _reason(lines, READY, "9p1s4z8m", "hk", {"minfan": "3"})
    assert reason == ("123m456p234789s5z with 5z is complete but not a winning hand: 2 fan: this table needs "
                      "at least 3 fan to win (house option minfan)")
    assert f"`{reason}`" in _doc()


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_5_7_mcr_5_4_cl_7_7_a_refusal_at_a_teaching_table_starts_as_the_doc_quotes(rules: str) -> None:
    """A teaching table refuses South's declaration on West's 9m (HK-5.7, MCR-5.4, CL-7.7): the
    `mahjong_refused` reason starts `teaching table (RULE): ` with the table's own rule, and the page
    quotes that prefix for each ruleset word for word (it quoted Hong Kong's whole and only the rule
    numbers of the others, which a referee could read as `MCR-5.4…`). A penalised false Mahjong's
    reason starts with the hand, citing no penalty rule, as the page now says."""
    rule = {"hk": "HK-5.7", "mcr": "MCR-5.4", "classical": "CL-7.7"}[rules]
    lines = ["E discard 1z", "S pass", "W pass", "N pass", "S discard 2z", "W pass", "N pass", "E pass",
             "W discard 9m", "S mahjong"]
    hand = stacked_hand(NOTHING, draws="9m", ask_all=True, teaching=True, rules=get_ruleset(rules, {}))
    for line in lines:
        act(hand, line)
    refused = next(e["reason"] for e in hand.events if e["type"] == "mahjong_refused")
    prefix = f"teaching table ({rule}): "
    assert refused.startswith(prefix + "2589m369p47s1134z with 9m is not a winning hand: ")
    assert f"`{prefix}`" in _doc()
    penalised = _reason(lines + ["N pass", "E pass"], NOTHING, "9m", rules, {})
    assert penalised.startswith("2589m369p47s1134z with 9m is not a winning hand: ")
    assert "A `false_mahjong` reason cites no rule for the penalty" in _doc()
