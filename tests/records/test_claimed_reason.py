"""HK-5.7 (MCR-5.4, CL-7.7): the reason of a false or refused Mahjong on a claimed tile writes the
hand without the claimed tile, then ``with`` it: 13 tiles and the one claimed, not 14 and the
claimed tile again. Records of earlier versions, which wrote it twice, still replay, and
``hkmj replay`` says which words were older; ``--show --lang fr`` words the reason in French."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.engine.testing import act, play_quietly, stacked_hand
from hkmj.record import replay
from hkmj.rulesets import DEFAULT, get_ruleset
from hkmj.tiles import parse_tiles

# no hand is near a standard winning shape; South is offered East's 1z (ask_all) and declares
# Mahjong on it: at MCR, South with 1z is a discard (1z) from a knitted wait (MCR-5.2.4)
NOTHING = ["1247m258p369s1234z", "258m369p147s1234z", "369m147p258s1567z", "147m258p369s2345z"]
SOUTH = "258m369p147s1234z"
RULESETS = ["hk", "mcr", "classical"]


def _declared(rules: str, teaching: bool) -> list[dict[str, object]]:
    """The whole hand, as a record holds it: South declares Mahjong on East's 1z."""
    hand = stacked_hand(NOTHING, teaching=teaching, ask_all=True, rules=get_ruleset(rules))
    act(hand, "E discard 1z")
    act(hand, "S mahjong")
    play_quietly(hand)
    events: list[dict[str, object]] = json.loads(json.dumps(hand.events))
    return events


def _reason(events: list[dict[str, object]]) -> dict[str, object]:
    return next(e for e in events if e["type"] in ("false_mahjong", "mahjong_refused"))


def _older(events: list[dict[str, object]], rules: str) -> list[dict[str, object]]:
    """The record as earlier versions wrote it: the claimed 1z in the hand as well as after it."""
    e = _reason(events)
    e["reason"] = str(e["reason"]).replace(f"{SOUTH} with 1z", "258m369p147s11234z with 1z", 1)
    return events


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("teaching", [False, True])
def test_hk_5_7_the_claimed_tile_is_written_once(rules: str, teaching: bool) -> None:
    """HK-5.7 / MCR-5.4 / CL-7.7: the hand written is South's 13 tiles, then ``with 1z``."""
    e = _reason(_declared(rules, teaching))
    r = get_ruleset(rules)
    lead = f"teaching table ({r.false_mahjong_rule}): " if teaching else ""
    assert e["type"] == ("mahjong_refused" if teaching else "false_mahjong")
    assert str(e["reason"]).startswith(f"{lead}{SOUTH} with 1z is not a winning hand: it is not {r.winning_shapes}"), e["reason"]
    assert len(parse_tiles(SOUTH)) == 13
    if not teaching:
        assert e["concealed"] == SOUTH and e["tile"] == "1z"


def test_hk_5_7_a_self_drawn_declaration_has_no_tile_after_the_hand() -> None:
    """HK-5.7: on one's own turn the whole hand (14 tiles) is written, with nothing after it."""
    e = _reason(act(stacked_hand(NOTHING), "E mahjong"))
    assert str(e["reason"]).startswith("1247m258p369s1234z is not a winning hand"), e["reason"]


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("teaching", [False, True])
def test_hk_5_7_a_record_with_the_claimed_tile_twice_replays(rules: str, teaching: bool) -> None:
    """Older records (the claimed tile written twice) replay: the words are counted, every move
    reproduced; nothing else is counted as older."""
    report = replay(_older(_declared(rules, teaching), rules))
    assert report.ok and report.older_words == 1 and report.older_claimed == 1, report
    assert report.older_rules == []


def test_mcr_5_4_a_reason_older_in_both_ways_replays() -> None:
    """MCR-5.4: the oldest records cite Hong Kong's rules and write the claimed tile twice."""
    events = _older(_declared("mcr", False), "mcr")
    e = _reason(events)
    e["reason"] = str(e["reason"]).replace(get_ruleset("mcr").winning_shapes, DEFAULT.winning_shapes)
    report = replay(events)
    assert report.ok and report.older_words == 1 and report.older_claimed == 1 and report.older_rules == ["mcr"], report


def test_hk_5_7_another_hand_in_the_reason_is_still_a_divergence() -> None:
    """Only the claimed tile written twice is accepted: another tile added to the hand is not."""
    events = _declared("hk", False)
    e = _reason(events)
    e["reason"] = str(e["reason"]).replace(f"{SOUTH} with 1z", "258m369p147s12234z with 1z", 1)
    report = replay(events)
    assert report.divergence is not None and "reason" in report.divergence.reason


def test_hk_5_7_hkmj_replay_names_the_older_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _older(_declared("hk", False), "hk")))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("replay OK: 1 hand,") and "reproduced exactly" not in out, out
    assert "1 false-Mahjong reason in the words of earlier versions, which wrote a claimed tile in the hand as well as after it" in out
    assert "Hong Kong" not in out


@pytest.mark.parametrize(
    ("rules", "teaching", "said", "dist"),
    [
        ("hk", False, "S a annoncé un faux Mahjong (HK-5.7)\u00a0: 258m369p147s1234z avec 1z n'est pas une main gagnante\u00a0: ni quatre groupes", "à 5 tuiles d'une main prête"),
        ("mcr", True, "Mahjong de S refusé (table d'apprentissage, MCR-5.4)\u00a0: 258m369p147s1234z avec 1z n'est pas une main gagnante", "prête\u00a0: à une tuile de la victoire"),
        ("classical", False, "S a annoncé un faux Mahjong (CL-7.7)\u00a0: 258m369p147s1234z avec 1z n'est pas une main gagnante", "à 5 tuiles d'une main prête"),
    ],
)
def test_hk_5_7_replay_show_in_french_words_the_reason_in_french(
    rules: str, teaching: bool, said: str, dist: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj replay --show --lang fr`` says the reason in French (it was shown in English); at MCR
    the hand is a discard from a knitted wait (MCR-5.2.4): ready, one tile from winning."""
    path = tmp_path / "fm.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _declared(rules, teaching)))
    assert main(["replay", str(path), "--show", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "Mahjong" in x and "\u00a0: 258m" in x)
    assert line.strip().startswith(said) and line.strip().endswith(dist), line
    assert "winning" not in line and " with " not in line, line


@pytest.mark.parametrize("teaching", [False, True])
def test_mcr_5_2_4_a_reason_measured_with_standard_shapes_only_replays(teaching: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-5.2.4: earlier versions said South with 1z was "5 tiles from ready" (standard shapes
    only); this version says it is ready on a knitted wait. Such records still replay, every move
    reproduced, and ``hkmj replay`` says what the older words measured, in English and French;
    the oldest, citing Hong Kong's rules and writing the claimed tile twice as well, too."""
    events = _declared("mcr", teaching)
    e = _reason(events)
    assert str(e["reason"]).endswith("; it is ready: one tile from winning"), e["reason"]
    e["reason"] = str(e["reason"]).removesuffix("ready: one tile from winning") + "5 tiles from ready"
    report = replay(events)
    assert report.ok and report.older_words == 1 and report.older_knitted == 1 and report.older_claimed == 0, report
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in events))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "measured an MCR hand's distance from ready with the standard shapes only" in out, out
    assert "counts the knitted hands too (MCR-5.2.4, MCR-5.2.5)" in out, out
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "mesuraient la distance d'une main MCR à une main prête avec les seules formes ordinaires" in out, out
    assert "compte aussi les mains cousues (MCR-5.2.4, MCR-5.2.5)" in out, out
    oldest = _older(events, "mcr")
    r = _reason(oldest)
    r["reason"] = str(r["reason"]).replace(get_ruleset("mcr").winning_shapes, DEFAULT.winning_shapes)
    r["reason"] = str(r["reason"]).replace("teaching table (MCR-5.4)", "teaching table (HK-5.7)")
    report = replay(oldest)
    assert report.ok and report.older_knitted == 1 and report.older_claimed == 1 and report.older_rules == ["mcr"], report


def test_mcr_5_2_4_another_distance_is_still_a_divergence() -> None:
    """Only the standard shapes' own distance is accepted as older words, not any other."""
    events = _declared("mcr", False)
    e = _reason(events)
    e["reason"] = str(e["reason"]).removesuffix("ready: one tile from winning") + "4 tiles from ready"
    report = replay(events)
    assert report.divergence is not None and "reason" in report.divergence.reason
