"""The engine's reasons for a refused or false Mahjong cite the table's own rules (HK-5.7,
MCR-5.4, CL-7.7; the winning shapes HK-5.1-5.4, MCR-5.2, CL-2.4 and CL-6), worded from data
on the ruleset; Hong Kong's words are unchanged, byte for byte (old records replay)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hkmj.cli import main as cli_main
from hkmj.engine import IllegalAction
from hkmj.engine.testing import act, stacked_hand
from hkmj.rulesets import RULESETS, get_ruleset
from hkmj.tui.rules_texts import rule_words
from hkmj.tui.texts import STRINGS

# East holds 1m 2m 4m 7m, 2p 5p 8p, 3s 6s 9s, the winds and the Red dragon: no shape of any ruleset
NOTHING = ["124m7m258p369s1234z", "258m369p147s1234z", "369m147p258s1567z", "147m258p369s2345z"]
HK_SHAPES = "it is not four groups and a pair, seven pairs or thirteen orphans (HK-5.1-5.4)"
OWN = {"hk": ("HK-5.7", "HK-5.1"), "mcr": ("MCR-5.4", "MCR-5.2"), "classical": ("CL-7.7", "CL-2.4")}
REF = re.compile(r"\b(HK|MCR|CL)-\d")


def test_hk_5_7_a_hong_kong_refusal_keeps_its_words_byte_for_byte() -> None:
    """HK-5.7: the teaching table's refusal and the penalty's reason are the words of every
    Hong Kong record written so far (a record replays only if they are)."""
    refused = act(stacked_hand(NOTHING, teaching=True), "E mahjong")[0]
    assert refused["reason"] == (
        "teaching table (HK-5.7): 1247m258p369s1234z is not a winning hand: " + HK_SHAPES + "; it is 6 tiles from ready"
    )
    false = act(stacked_hand(NOTHING), "E mahjong")[1]
    assert false["type"] == "false_mahjong"
    assert false["reason"] == "1247m258p369s1234z is not a winning hand: " + HK_SHAPES + "; it is 6 tiles from ready"


@pytest.mark.parametrize("rules", ["mcr", "classical"])
@pytest.mark.parametrize("teaching", [True, False])
def test_mcr_5_4_cl_7_7_a_false_mahjong_cites_the_tables_own_rules(rules: str, teaching: bool) -> None:
    """MCR-5.4 / CL-7.7 (and MCR-5.2 / CL-2.4 for the shapes): no Hong Kong rule in the reason."""
    hand = stacked_hand(NOTHING, teaching=teaching, rules=get_ruleset(rules))
    ev = next(e for e in act(hand, "E mahjong") if e["type"] in ("mahjong_refused", "false_mahjong"))
    refs = {m.group(1) for m in REF.finditer(ev["reason"])}
    assert refs == {rules.upper() if rules == "mcr" else "CL"}, ev["reason"]
    rule, shapes = OWN[rules]
    assert shapes in ev["reason"] and "is not a winning hand" in ev["reason"]
    assert (f"teaching table ({rule}): " in ev["reason"]) is teaching


def test_hk_5_7_every_ruleset_names_its_false_mahjong_rule_and_shapes() -> None:
    """HK-5.7: each registered ruleset carries its own rule for a false Mahjong and the words of
    its winning shapes, each citing a rule of that ruleset's prefix."""
    for name in RULESETS:
        r = get_ruleset(name)
        prefix = {"hk": "HK-", "mcr": "MCR-", "classical": "CL-"}[name]
        assert r.false_mahjong_rule.startswith(prefix)
        assert prefix in r.winning_shapes and "four groups and a pair" in r.winning_shapes


@pytest.mark.parametrize(
    ("rules", "want"),
    [
        ("hk", "(HK-1) (HK-1.3) (HK-3.2) (HK-4.2, HK-5.2) (HK-4.2)"),
        ("mcr", "(MCR-1.1) (MCR-1.2) (MCR-3.4) (MCR-5.2) (MCR-4.1)"),
        ("classical", "(CL-1.1) (CL-1.2) (CL-1.2) (CL-2.1) (CL-3.1)"),
    ],
)
def test_one_table_of_rule_references_serves_the_engine_and_the_scorers_errors(rules: str, want: str) -> None:
    """MCR-1.1, MCR-1.2, MCR-3.4, MCR-5.2 (CL-1.1, CL-1.2, CL-2.1): the rules the shared scoring
    checks cite (the tiles, the bonus tiles, the melds, a chow's definition cited as HK-4.2 and
    HK-5.2 together) are rewritten by the ruleset's one ``rule_refs`` table, as the engine's reasons
    are (a claimed chow, HK-4.2 alone, stays MCR-4.1 / CL-3.1); there was a second table for the
    scorers' errors beside it."""
    r = get_ruleset(rules)
    assert r.cite("(HK-1) (HK-1.3) (HK-3.2) (HK-4.2, HK-5.2) (HK-4.2)") == want
    if rules != "classical":  # the classical request scores four hands (CL-5): tests/test_score_strictness.py
        request = {"hand": "123m456p22m", "melds": ["chow 346s"], "win_tile": "2m", "win": "self_draw", "seat": "E", "prevailing": "E"}
        bad = r.score_json(request)
        assert bad["valid"] is False and bad["error"].endswith(want.split(") (")[3] + ")"), bad


def _page_rule(rules: str, rule: str) -> str:
    """The text of numbered rule ``rule`` (``CL-2.2``, ``MCR-4.1``) on its ruleset's page, on one line."""
    page = {"mcr": "rules-mcr.md", "classical": "rules-classical.md"}[rules]
    text = (Path(__file__).resolve().parents[2] / "docs" / page).read_text(encoding="utf-8")
    section, item = rule.rsplit(".", 1)
    body = text.split(f"\n## {section} ", 1)[1].split("\n## ", 1)[0]
    found = re.search(rf"(?ms)^{item}\. (.*?)(?=^\d+\. |^#|\Z)", body)
    assert found, rule
    return " ".join(found.group(1).split())


@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_the_four_in_hand_hint_cites_a_rule_that_lets_four_tiles_stay_undeclared(rules: str) -> None:
    """CL-2.2, MCR-4.1 (HK-3.4 at a Hong Kong table): the terminal's teaching hint "you may declare
    a concealed kong, or keep them as ordinary tiles" cites two rules of the table; one of them
    must say that four identical tiles kept undeclared are ordinary tiles. CL-2.2 and MCR-4.1, what
    HK-3.4 becomes there, did not."""
    for lang in ("en", "fr"):
        hint = rule_words(STRINGS[lang], rules, lang)["teach.four_in_hand"]
        cited = re.findall(r"\b(?:MCR|CL)-\d+\.\d+", hint)
        assert len(cited) == 2 and not re.search(r"\bHK-", hint), hint
        said = [_page_rule(rules, c) for c in cited]
        assert any("kept in hand undeclared are ordinary tiles" in s for s in said), (cited, said)


def test_mcr_4_4_the_words_on_robbing_a_kong_cite_the_rule_that_lets_an_added_kong_be_robbed() -> None:
    """MCR-4.4 (HK-4.10 at a Hong Kong table): at an MCR table the terminal's prompt to rob an
    added kong, its rule line, and the scorer's error for a robbed tile held twice cited MCR-4.1,
    which lists the claims but says nothing of robbing; they cite MCR-4.4, which now says the
    rule itself: the added tile may be taken only if it completes the winning hand at once."""
    said = _page_rule("mcr", "MCR-4.4")
    assert "adds a tile to his exposed pung" in said and "only if it completes his winning hand at once" in said, said
    for lang in ("en", "fr"):
        words = rule_words(STRINGS[lang], "mcr", lang)
        for key in ("st.rob", "rule.rob"):
            assert re.findall(r"\b(?:HK|MCR)-\d+(?:\.\d+)?", words[key]) == ["MCR-4.4"], words[key]
    request = {"hand": "234s567p22s111z777z", "win_tile": "2s", "win": "robbed_kong", "discarder": "W", "seat": "E", "prevailing": "E"}
    bad = get_ruleset("mcr").score_json(request)
    assert bad["valid"] is False and bad["error"].endswith("it holds 3 (MCR-4.4)"), bad
    assert get_ruleset("mcr").cite("pung: an added kong can be robbed only for Mahjong (HK-4.10)").endswith("(MCR-4.4)")


def test_mcr_3_2_the_refused_kongs_cite_a_rule_that_says_when_a_kong_may_be_declared() -> None:
    """MCR-3.2 (HK-3.3 at a Hong Kong table): at an MCR table East, holding three 1 Characters and
    no exposed pung, is refused a concealed kong ("needs four 1m in hand") and an added kong ("no
    exposed pung of 1m to add to"), both citing MCR-3.2, as the terminal's rule line on kongs is;
    MCR-3.2 said only where replacement tiles come from. It now says which kongs a player may
    declare on his turn, and takes the replacement after."""
    said = _page_rule("mcr", "MCR-3.2")
    assert "concealed kong (four identical tiles in hand)" in said, said
    assert "a tile from his hand added to his own exposed pung" in said and "replacement" in said, said
    hand = stacked_hand(["1112m258p369s1234z", *NOTHING[1:]], rules=get_ruleset("mcr"))
    for action, reason in (
        ("E concealed kong 1m", "a concealed kong needs four 1m in hand; E holds 3 (MCR-3.2)"),
        ("E added kong 1m", "E has no exposed pung of 1m to add to (MCR-3.2)"),
    ):
        with pytest.raises(IllegalAction, match=re.escape(reason)):
            act(hand, action)
    for lang in ("en", "fr"):
        line = rule_words(STRINGS[lang], "mcr", lang)["rule.kong_turn"]
        assert re.findall(r"\b(?:HK|MCR)-\d+(?:\.\d+)?", line) == ["MCR-3.2"], line


def test_mcr_5_2_a_refused_chow_cites_a_rule_that_defines_a_chow(capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-5.2 (HK-5.2 at a Hong Kong table): ``hkmj score --rules mcr`` refuses the melds
    "chow 89m1p" and "chow 123z" as "a chow is three consecutive tiles of one suit (MCR-5.2)", and
    the terminal's rule lines on a chow of honours or across suits cite MCR-5.2 too; MCR-5.2 listed
    the winning shapes ("four groups (chows, pungs, kongs) and a pair") without saying what a chow
    is. It now says it: three consecutive numbers of one suit, never honours, never across suits."""
    said = _page_rule("mcr", "MCR-5.2")
    for words in ("a chow is three consecutive numbers of one suit", "honours never form chows", "chows never cross suits"):
        assert words in said, (words, said)
    for meld in ("chow 89m1p", "chow 123z"):
        assert cli_main(["score", "--rules", "mcr", "--lang", "en", "234s567p88m777z", "--win", "7z", "--meld", meld]) != 0
        err = capsys.readouterr().err
        assert err.strip().endswith(f"'{meld}': a chow is three consecutive tiles of one suit (MCR-5.2)"), err
    for lang in ("en", "fr"):
        words = rule_words(STRINGS[lang], "mcr", lang)
        for key in ("rule.chow_honour", "rule.chow_suits"):
            assert re.findall(r"\b(?:HK|MCR)-\d+(?:\.\d+)?", words[key]) == ["MCR-5.2"], words[key]


def test_mcr_5_6_a_mahjong_out_of_turn_cites_the_rule_that_says_what_the_winning_tile_may_be() -> None:
    """MCR-5.6 (HK-5.5 at a Hong Kong table): pressing m at the terminal when no win can be
    declared is refused with "MCR-5: the winning tile is your draw or replacement, another
    player's latest discard, or a robbed kong tile", and MCR-5 said none of it (its items are the
    8 points, the shapes, the reading, the false Mahjong and the blessing hands). It cites MCR-5.6,
    which now says it."""
    said = _page_rule("mcr", "MCR-5.6")
    for words in ("own draw or replacement", "another player's latest discard", "adds to his exposed pung"):
        assert words in said, (words, said)
    for lang in ("en", "fr"):
        line = rule_words(STRINGS[lang], "mcr", lang)["rule.mahjong_now"]
        assert re.findall(r"\b(?:HK|MCR)-\d+(?:\.\d+)?", line) == ["MCR-5.6"], line
