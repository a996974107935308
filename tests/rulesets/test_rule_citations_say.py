"""Every rule number the terminal shows a player at a Hong Kong or classical table points to a rule
that SAYS what the line claims (docs/rules.md, the copy of the Hong Kong page with our rulings
R-1.., and docs/rules-classical.md): a table of message key → rule → a phrase that rule must
contain, so that a citation cannot drift to a rule that is silent on the point (HK-4.1, HK-5.7,
CL-3.1, CL-7.7 and the others below)."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.scoring.classical import RULE_REFS
from hkmj.scoring.mcr import RULE_REFS as MCR_RULE_REFS
from hkmj.scoring.model import InvalidHand
from hkmj.scoring.request import win_from_json
from hkmj.tiles import tile
from hkmj.tui.rules_texts import rule_words
from hkmj.tui.texts import STRINGS, Texts

DOCS = Path(__file__).resolve().parents[2] / "docs"
REF = re.compile(r"\b(?:HK|CL|MCR)-\d+(?:\.\d+)*(?:-\d+(?:\.\d+)*)?|\bR-\d+\b")


def page_rule(ref: str) -> str:
    """The text of rule ``ref`` (``HK-4``, ``HK-4.1``, ``R-6``, ``CL-3``, ``CL-5.3``, ``CL-7.7``, ``MCR-4.1``) on
    its page, on one line, with the Markdown emphasis taken out."""
    page = (DOCS / {"CL": "rules-classical.md", "MCR": "rules-mcr.md"}.get(ref.split("-")[0], "rules.md")).read_text(encoding="utf-8")
    if ref.startswith("R-"):
        found = re.search(rf"(?ms)^- \*\*{ref}\*\* (.*?)(?=^- \*\*R-|^#|\Z)", page)
    elif f"\n### {ref} " in page:  # a numbered subsection (CL-5.1 .. CL-5.4)
        found = re.search(rf"(?ms)^### {re.escape(ref)} (.*?)(?=^##|\Z)", page)
    elif ref.count("-") == 1 and "." not in ref:  # a whole section (HK-4, CL-6)
        found = re.search(rf"(?ms)^## {re.escape(ref)} (.*?)(?=^## |\Z)", page)
    else:
        section, item = ref.rsplit(".", 1)
        body = page.split(f"\n## {section} ", 1)[1].split("\n## ", 1)[0]
        found = re.search(rf"(?ms)^{item}\. (.*?)(?=^\d+\. |^#|\Z)", body)
    assert found, ref
    return " ".join(found.group(1).replace("*", "").split())


# key → ({rule: phrases it must contain} at a Hong Kong table, the same at a classical table)
SAYS: dict[str, tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]] = {
    "st.rob": ({"HK-4.10": ("only if it completes a winning hand",)}, {"CL-3.4": ("may rob it for Mahjong",)}),
    "ev.bonus.you": ({"HK-3.2": ("A drawn bonus tile is exposed at once",)}, {"CL-1.2": ("set aside as soon as it is drawn",)}),
    "ev.false": ({"HK-5.7": ("ends the hand", "64 points to each other player")},
                 {"CL-7.7": ("ends the hand", "the offender pays each other player the limit", "East's share doubled")}),
    "ev.false.you.discard": ({"HK-5.7": ("doubled (128) to the discarder",)}, {"CL-7.7": ("East's share doubled",)}),
    "ev.refused": ({"HK-5.7": ("teaching table option", "refuses the declaration with an explanation")},
                   {"CL-7.7": ("teaching table", "refuses the declaration with an explanation")}),
    "teach.intro": ({"HK-5.7": ("teaching table option", "refuses the declaration")},
                    {"CL-7.7": ("teaching table", "refuses the declaration")}),
    "ev.exhausted": ({"HK-3.5": ("finds the live wall empty, the hand is a draw",), "HK-7.1": ("no payment",)},
                     {"CL-4.2": ("drawn (\"main morte\") when the live wall is empty",), "CL-7.5": ("nobody pays",)}),
    "why.not_winning": (
        {"HK-5.1": ("four groups (chow, pung or kong) and a pair",), "HK-5.3": ("seven pairs of distinct tiles",),
         "HK-5.4": ("the six terminals, four winds and three dragons",)},
        {"CL-2.4": ("four groups and a pair",), "CL-6": ("Seven pairs", "Thirteen wonders")},
    ),
    "rule.no_offer": ({"HK-4.1": ("Only the latest discard can be claimed, and only before the next draw",)},
                      {"CL-3.1": ("the latest discard", "only before the next player draws")}),
    "rule.old_discard": ({"HK-4.1": ("Only the latest discard can be claimed, and only before the next draw",)},
                         {"CL-3.1": ("the latest discard", "only before the next player draws")}),
    "rule.answer_first": ({"HK-4": ("Only the latest discard can be claimed, and only before the next draw",)},
                          {"CL-3": ("the latest discard", "only before the next player draws")}),
    "rule.own_discard": ({"HK-4": ("claimable from any player",)}, {"CL-3": ("Any player may claim the latest discard",)}),
    "rule.final": ({"HK-4.9": ("claimed only for Mahjong",)}, {"CL-3.7": ("can be claimed only for Mahjong",)}),
    "rule.rob": ({"HK-4.10": ("only if it completes a winning hand at once",)}, {"CL-3.4": ("may rob it for Mahjong",)}),
    "rule.pung": ({"HK-4.3": ("two matching tiles in hand",), "HK-4.5": ("except to complete a winning hand",)},
                  {"CL-3.1": ("for a pung",), "CL-3.2": ("only to complete Mahjong",)}),
    "rule.chow_left": ({"HK-4.2": ("claimable only from the player immediately before you",)},
                       {"CL-3.1": ("only the next player", "may claim it for a chow")}),
    "rule.chow_need": ({"HK-4.2": ("Show the two tiles, take the discard",)}, {"CL-3.5": ("he exposes the group",)}),
    "rule.chow_honour": ({"HK-5.2": ("Honours never form chows",)}, {"CL-2.1": ("chow (three consecutive of one suit)",)}),
    "rule.chow_suits": ({"HK-5.2": ("chows never cross suits",)}, {"CL-2.1": ("chow (three consecutive of one suit)",)}),
    "rule.kong_turn": ({"HK-3.3": ("concealed kong", "added kong", "replacement from the dead wall")},
                       {"CL-3.5": ("concealed kong", "add the fourth tile", "replacement from the dead wall")}),
    "rule.kong_after_claim": ({"HK-4.2": ("discard without drawing",), "HK-4.3": ("discard without drawing",)},
                              {"CL-3.5": ("exposes the group", "discards")}),
    "rule.kong_claim": ({"HK-4.4": ("with three matching tiles in hand", "can not be claimed to turn an exposed pung")},
                        {"CL-3.4": ("a discard never turns an exposed pung into a kong",)}),
    "rule.mahjong_now": ({"HK-5.5": ("your draw, a replacement, any player's latest discard", "a robbed kong tile")},
                         {"CL-3.8": ("own draw or replacement", "any other player's latest discard", "robbing a kong")}),
    "teach.pairs": ({"HK-5.1": ("four groups",), "HK-5.3": ("seven pairs of distinct tiles",)},
                    {"CL-2.4": ("four groups and a pair",), "CL-6": ("seven distinct pairs",)}),
    "teach.kong_replacement": ({"HK-3.3": ("Each kong takes a replacement from the dead wall",)},
                               {"CL-3.5": ("takes a replacement from the dead wall",)}),
    "teach.four_in_hand": ({"HK-3.3": ("concealed kong",), "HK-3.4": ("kept in hand without declaring them are ordinary tiles",)},
                           {"CL-3.5": ("concealed kong",), "CL-2.2": ("kept in hand undeclared are ordinary tiles",)}),
    "teach.chow_offer": ({"HK-4.2": ("your left",)}, {"CL-3.1": ("may claim it for a chow",)}),
    "confirm.mahjong.each": ({"HK-5.7": ("64 points to each other player",)}, {"CL-7.7": ("East as the offender pays each of the three twice the limit",)}),
    "end.claims.won": ({"HK-4.7": ("the first in play order after the discarder wins",)},
                       {"CL-3.3": ("the first player in play order after the discarder takes the tile",)}),
    "end.claims.false": ({"R-6": ("the first decides", "later declarations are not examined")},
                         {"CL-7.7": ("the first decides", "a later one is not examined")}),
    "end.pay.penalty.each": ({"HK-5.7": ("64 points to each other player",)}, {"CL-7.7": ("pays each other player the limit",)}),
    "end.pay.classical": ({}, {"CL-5.4": ("Non-winners",), "CL-7": ("The winner is paid his score by each of the three others", "East pays and receives double")}),
}


@pytest.mark.parametrize("key", sorted(SAYS))
@pytest.mark.parametrize(("rules", "side"), [("hk", 0), ("classical", 1)])
def test_every_rule_a_line_cites_says_what_the_line_claims(key: str, rules: str, side: int) -> None:
    """Each line cites exactly the rules of the table, in English and in French, and each of those
    rules contains the words that make the line true."""
    says = SAYS[key][side]
    for lang in ("en", "fr"):
        line = rule_words(STRINGS[lang], rules, lang).get(key)
        if not says:
            assert line is None or not REF.search(line), (rules, lang, key, line)
            continue
        assert line is not None, (rules, lang, key)
        assert set(REF.findall(line)) == set(says), (rules, lang, key, line)
    for ref, phrases in says.items():
        text = page_rule(ref)
        for phrase in phrases:
            assert phrase in text, (key, ref, phrase, text)


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        ("hk", {"HK-3.2": ("replaced from the dead wall",), "HK-3.3": ("Each kong takes a replacement from the dead wall",)}),
        ("classical", {"CL-1.2": ("replaced from the dead wall",), "CL-3.5": ("takes a replacement from the dead wall",)}),
    ],
)
def test_hk_3_3_the_helps_line_on_replacements_cites_a_rule_for_the_kong_too(rules: str, says: dict[str, tuple[str, ...]]) -> None:
    """HK-3.2, HK-3.3 (CL-1.2, CL-3.5): the help's "A kong or a bonus tile is replaced from the dead
    wall" cited HK-3.2 alone (CL-1.2 at a classical table), which speaks of bonus tiles only."""
    anchor = {"en": "A kong or a bonus tile is replaced", "fr": "Un kong ou une tuile bonus est remplacé"}
    for lang in ("en", "fr"):
        body = rule_words(STRINGS[lang], rules, lang)["help.body"]
        sentence = body.split(anchor[lang], 1)[1].split("\n", 1)[0]
        assert set(REF.findall(sentence)) == set(says), (rules, lang, sentence)
    for ref, phrases in says.items():
        for phrase in phrases:
            assert phrase in page_rule(ref), (ref, phrase)


def test_cl_1_3_the_classical_refusal_of_an_overlong_hand_cites_a_rule_that_says_it() -> None:
    """CL-1.3: ``hkmj score --rules classical`` refused a hand of more than 80 characters citing
    CL-1.1, the 144 tiles, which says nothing of a hand's size; the rule it cites now says it."""
    request = {"hands": {"E": {"hand": "1" * 90 + "m"}, "S": None, "W": None, "N": None},
               "winner": "E", "win": "self_draw", "win_tile": "1m", "prevailing": "E"}
    done = subprocess.run([sys.executable, "-m", "hkmj", "score", "--rules", "classical", "--json"],
                          input=json.dumps(request) + "\n", capture_output=True, text=True, timeout=120, check=False)
    error = json.loads(done.stdout)["error"]
    cited = REF.findall(error)
    assert cited == ["CL-1.3"], error
    assert "more than 80 characters is refused by its size" in page_rule(cited[0])


# what is too long → the rule each table's refusal cites → words that rule must say (the notation's Ruling, R-9)
TOO_LONG: dict[str, dict[str, tuple[str, str]]] = {
    "hk": {"hand": ("HK-1.4", "a hand string of more than 80 characters is refused by its size"),
           "meld": ("HK-1.4", "a meld string of more than 40 characters too"),
           "flags": ("R-9", "list has at most 16 entries")},
    "mcr": {"hand": ("MCR-1.1", "a hand string of at most 80 characters"),
            "meld": ("MCR-1.1", "a meld string of at most 40"),
            "flags": ("R-9", "list has at most 16 entries")},
    "classical": {"hand": ("CL-1.3", "a hand string of more than 80 characters"),
                  "meld": ("CL-1.3", "and so is a meld string of more than 40")},
}


@pytest.mark.parametrize("rules", sorted(TOO_LONG))
def test_hk_1_4_an_overlong_hand_meld_or_flags_list_cites_the_rule_that_sets_the_limit(rules: str) -> None:
    """HK-1.4, MCR-1.1, CL-1.3, R-9: ``hkmj score`` refused a hand of more than 80 characters, a
    meld of more than 40 or more than 16 flags citing R-9, which named the fields and said nothing
    of a size; the hand and the meld now cite the notation's Ruling of each table (HK-1.4 at a Hong
    Kong table, MCR-1.1, CL-1.3), which states both limits, and the flags R-9, which now states
    theirs. Asked as JSON (English) and on the command line in French."""
    long_hand, long_meld = "1m " * 30, "pung " + "5" * 50 + "m"
    if rules == "classical":
        seats = {"E": {"hand": long_hand}, "S": None, "W": None, "N": None}
        base = {"hands": seats, "winner": "E", "win": "self_draw", "win_tile": "1m", "prevailing": "E"}
        asks = {"hand": base, "meld": {**base, "hands": {**seats, "E": {"hand": "123m", "melds": [long_meld]}}}}
    else:
        base = {"hand": "234s567p88m111z777z", "win_tile": "7z", "win": "self_draw", "seat": "E", "prevailing": "E"}
        asks = {"hand": {**base, "hand": long_hand}, "meld": {**base, "melds": [long_meld]}, "flags": {**base, "flags": ["x"] * 17}}
    lines = "".join(json.dumps(a) + "\n" for a in asks.values())
    done = subprocess.run([sys.executable, "-m", "hkmj", "score", "--rules", rules, "--json"],
                          input=lines, capture_output=True, text=True, timeout=120, check=False)
    answers = [json.loads(line)["error"] for line in done.stdout.splitlines()]
    assert len(answers) == len(asks), done
    for (what, error), (rule, words) in zip(zip(asks, answers, strict=True), TOO_LONG[rules].values(), strict=True):
        assert REF.findall(error) == [rule], (what, error)
        assert words in page_rule(rule), (what, rule, words, page_rule(rule))
    if rules != "classical":  # the French of the command line cites the same rules
        for what, option in (("hand", [long_hand, "--win", "1m"]), ("meld", ["234s567p88m777z", "--win", "7z", "--meld", long_meld])):
            done = subprocess.run([sys.executable, "-m", "hkmj", "score", "--rules", rules, "--lang", "fr", *option],
                                  capture_output=True, text=True, timeout=120, check=False)
            assert "caractères" in done.stderr and REF.findall(done.stderr) == [TOO_LONG[rules][what][0]], done.stderr


@pytest.mark.parametrize(("rules", "rule", "words"), [("hk", "HK-3.2", "Bonus tiles are never part of the 13/14 playing tiles"),
                                                      ("mcr", "MCR-3.4", "never part of a group and never wins a hand")])
def test_hk_3_2_a_bonus_tile_given_as_the_winning_tile_cites_the_rule_that_keeps_it_out_of_the_hand(rules: str, rule: str, words: str) -> None:
    """HK-3.2, MCR-3.4: ``hkmj score --win 1f`` was refused with "a bonus tile never wins a hand
    (HK-1.3)" (MCR-1.2 at an MCR table), and a ``Win`` built in Python with a bonus winning tile
    with "the winning tile is a playing tile (HK-1.3)": HK-1.3 lists the bonus tiles and MCR-1.2
    makes them all Flower Tiles, neither says they never win. They cite HK-3.2 (bonus tiles are never
    part of the playing tiles) and MCR-3.4, which now says a flower never wins, in English and French."""
    for lang in ("en", "fr"):
        done = subprocess.run([sys.executable, "-m", "hkmj", "score", "--rules", rules, "--lang", lang, "123m456m789m123p55p", "--win", "1f"],
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 1 and "1f" in done.stderr, done
        assert REF.findall(done.stderr) == [rule], done.stderr
    win = dataclasses.replace(win_from_json({"hand": "123m456m789m123p55p", "win_tile": "5p", "win": "self_draw", "seat": "E", "prevailing": "E"}),
                              win_tile=tile("1f"))
    with pytest.raises(InvalidHand) as refused:
        get_ruleset(rules).score(win)
    assert REF.findall(str(refused.value)) == [rule], refused.value
    assert words in page_rule(rule), (rule, page_rule(rule))


APP_SAYS: dict[str, dict[str, tuple[str, ...]]] = {
    "claimOrder": {"HK-4.7": ("Mahjong > pung or kong > chow",)},
    "claimOrder_classical": {"CL-3.3": ("Mahjong > kong > pung > chow",)},
    "baseFrom": {"HK-6": ("Base points and payments",)},
    "baseHouse": {"HK-6": ("Base points and payments",)},  # "not the HK-6 table": the one the house options replaced
    "falsePays": {"HK-5.7": ("64 points to each other player",)},
    "falsePaysDiscard": {"HK-5.7": ("doubled (128) to the discarder",)},
    "nobodyPays": {"HK-7.1": ("no payment",), "HK-7.2": ("or the hand is drawn, seats stay",)},
    "noElement": {"HK-6": ("There is no minimum: a 0-fan hand wins",)},
    "nobodyPaysEnd": {"HK-7.1": ("no payment",)},
    "nobodyPaysEnd_classical": {"CL-7.5": ("nobody scores, nobody pays",)},
    "nobodyPays_classical": {"CL-7.5": ("nobody scores, nobody pays",), "CL-4.3": ("After every hand, won or drawn, the seat winds rotate",)},
    "falsePays_classical": {"CL-7.7": ("East as the offender pays each of the three twice the limit",)},
    "falsePaysDiscard_classical": {"CL-7.7": ("East's share doubled",)},
    "claimsWon": {"HK-4.7": ("the first in play order after the discarder wins",)},
    "claimsWon_classical": {"CL-3.3": ("the first player in play order after the discarder takes the tile",)},
    "claimsFalse": {"R-6": ("the first decides", "later declarations are not examined")},
    "claimsFalse_classical": {"CL-7.7": ("the first decides", "a later one is not examined")},
    "robQ": {"HK-4.10": ("only if it completes a winning hand",)},
    "robQ_classical": {"CL-3.4": ("may rob it for Mahjong",)},
}


def test_every_hong_kong_and_classical_rule_the_browser_cites_says_what_its_line_claims() -> None:
    """HK-4.7, HK-5.7, HK-6, HK-7.1, HK-7.2, R-6, CL-3.3, CL-4.3, CL-7.5, CL-7.7: every string of the
    browser (app.js, English and French) that cites a Hong Kong or classical rule is in the table,
    cites exactly its rules, and each rule says it."""
    app = (Path(__file__).resolve().parents[2] / "src" / "hkmj" / "server" / "static" / "app.js").read_text(encoding="utf-8")
    seen: dict[str, int] = {}
    for m in re.finditer(r'(\w+): "((?:[^"\\]|\\.)*)"', app):
        refs = set(REF.findall(m.group(2)))
        if not refs or any(r.startswith("MCR-") for r in refs):
            continue
        key = m.group(1)
        assert key in APP_SAYS, (key, m.group(2))
        assert refs == set(APP_SAYS[key]), (key, m.group(2))
        seen[key] = seen.get(key, 0) + 1
    assert seen == dict.fromkeys(APP_SAYS, 2)  # English and French
    for key, says in APP_SAYS.items():
        for ref, phrases in says.items():
            for phrase in phrases:
                assert phrase in page_rule(ref), (key, ref, phrase)


# each Hong Kong rule classical.RULE_REFS rewrites → (words of the Hong Kong rule, words its classical rule must say too)
SAME_CONTENT: dict[str, tuple[str, str]] = {
    "HK-1": ("four copies each (108)", "The 144 tiles of HK-1"),
    "HK-1.3": ("Bonus tiles: Flowers 1–4 and Seasons 1–4", "A flower or season is set aside"),  # the errors: never in the hand
    "HK-1.4": ("a hand string of more than 80 characters", "a hand string of more than 80 characters"),
    "HK-3.2": ("replaced from the dead wall", "replaced from the dead wall"),
    "HK-3.3": ("replacement from the dead wall", "replacement from the dead wall"),
    "HK-3.4": ("are ordinary tiles", "are ordinary tiles"),
    "HK-3.5": ("live wall empty, the hand is a draw", "drawn (\"main morte\") when the live wall is empty"),
    "HK-4": ("Claims on a discard", "Claims on a discard"),
    "HK-4.1": ("only before the next draw", "only before the next player draws"),
    "HK-4.2": ("claimable only from the player immediately before you", "may claim it for a chow"),
    "HK-4.3": ("claimable from any player", "Any player may claim the latest discard for a pung"),
    "HK-4.4": ("with three matching tiles in hand", "three alike in hand"),
    "HK-4.5": ("only for a pair, except to complete a winning hand", "A pair may be claimed only to complete Mahjong"),
    "HK-4.7": ("the first in play order after the discarder wins", "the first player in play order after the discarder takes the tile"),
    "HK-4.9": ("claimed only for Mahjong", "claimed only for Mahjong"),
    "HK-4.10": ("only if it completes a winning hand", "may rob it for Mahjong"),
    "HK-5.1": ("four groups (chow, pung or kong) and a pair", "four groups and a pair"),
    "HK-5.2": ("chows never cross suits", "three consecutive of one suit"),
    "HK-5.3": ("Seven pairs", "Seven pairs"),
    "HK-5.4": ("Thirteen orphans", "Thirteen wonders"),
    "HK-5.5": ("The winning tile may be your draw, a replacement", "the winning tile is the player's own draw or replacement"),
    "HK-5.7": ("False Mahjong", "false Mahjong"),
    "HK-6": ("Scoring (the winner only)", "score = points × 2^doubles"),
    "HK-7.1": ("no payment", "nobody pays"),
}


def _each_rule_says_the_same(refs: Mapping[str, str], same: dict[str, tuple[str, str]]) -> None:
    """Every single Hong Kong rule a ruleset's table of rule references rewrites (``refs``) is in
    ``same``, says its Hong Kong words, and the ruleset's rule it becomes says its own."""
    singles = {hk: own for hk, own in refs.items() if ", " not in hk}
    assert set(singles) == set(same)
    for hk, own in singles.items():
        hk_words, own_words = same[hk]
        assert hk_words in page_rule(hk), (hk, hk_words, page_rule(hk))
        assert own_words in page_rule(own), (hk, own, own_words, page_rule(own))


def test_hk_4_4_each_rule_the_classical_table_cites_instead_says_the_same_thing() -> None:
    """CL-3.4 (HK-4.4): the classical table's one table of rule references (``RULE_REFS``: the
    engine's reasons, the screens' lines, the scorers' errors) names, for each Hong Kong rule, the
    classical rule "of the same content": that rule must say what the Hong Kong one said. A refused
    kong on a discard read "needs three 5m in hand (CL-3.4)", and CL-3.4 did not say it."""
    _each_rule_says_the_same(RULE_REFS, SAME_CONTENT)


# each Hong Kong rule mcr.RULE_REFS rewrites → (words of the Hong Kong rule, words its MCR rule must say too)
SAME_CONTENT_MCR: dict[str, tuple[str, str]] = {
    "HK-1": ("four copies each (108)", "four copies each"),
    "HK-1.3": ("Bonus tiles: Flowers 1–4 and Seasons 1–4", "Eight bonus tiles"),
    "HK-1.4": ("a hand string of more than 80 characters", "a hand string of at most 80 characters"),
    "HK-3.2": ("Bonus tiles are never part of the 13/14 playing tiles", "A flower is never one of the hand's 14 playing tiles"),
    "HK-3.3": ("you may declare a concealed kong", "may declare a concealed kong"),
    "HK-3.4": ("are ordinary tiles", "are ordinary tiles"),
    "HK-3.5": ("the hand is a draw", "the hand is a draw"),
    "HK-4": ("Claims on a discard", "Claims on a discard"),
    "HK-4.1": ("Only the latest discard can be claimed, and only before the next draw",
               "Only the latest discard can be claimed, and only before the next draw"),
    "HK-4.2": ("claimable only from the player immediately before you", "claimable only from the player immediately before you"),
    "HK-4.3": ("claimable from any player with two matching tiles in hand", "a pung from any player, with two matching tiles in hand"),
    "HK-4.4": ("with three matching tiles in hand", "an exposed kong from any player, with three matching tiles in hand"),
    "HK-4.5": ("except to complete a winning hand", "never claimed only for a pair, except to complete a winning hand"),
    "HK-4.7": ("the first in play order after the discarder wins", "the first one after the discarder in play order wins"),
    "HK-4.9": ("claimed only for Mahjong", "may be claimed only to win"),
    "HK-4.10": ("only if it completes a winning hand at once", "only if it completes his winning hand at once"),
    "HK-5.1": ("four groups (chow, pung or kong) and a pair", "four groups (chows, pungs, kongs) and a pair"),
    "HK-5.2": ("chows never cross suits", "chows never cross suits"),
    "HK-5.3": ("Seven pairs", "seven pairs"),
    "HK-5.4": ("Thirteen orphans", "thirteen orphans"),
    "HK-5.5": ("The winning tile may be your draw, a replacement", "the player's own draw or replacement"),
    "HK-5.7": ("False Mahjong", "False Mahjong"),
    "HK-6": ("Scoring (the winner only)", "The 81 fans"),
    "HK-7.1": ("no payment", "nobody pays"),
}


def test_hk_4_4_each_rule_the_mcr_table_cites_instead_says_the_same_thing() -> None:
    """MCR-4.1 (HK-4.1, HK-4.3, HK-4.4, HK-4.5): MCR's one table of rule references
    (``mcr.RULE_REFS``: the engine's reasons, the screens' lines, the scorers' errors) names, for
    each Hong Kong rule, the MCR rule of the same content. HK-4.4 (a kong on a discard needs three
    in hand, never onto an exposed pung) and HK-4.5 (no claim for a pair but to win) became MCR-4.1,
    which listed the claims "as in HK-4" and said neither, nor that only the latest discard can be
    claimed (the terminal's "MCR-4.1: only the latest discard can be claimed"); MCR-4.1 now says
    each, and every entry of the table is checked against the Hong Kong rule it replaces."""
    _each_rule_says_the_same(MCR_RULE_REFS, SAME_CONTENT_MCR)


# key → {rule: phrases it must contain} at an MCR table (the lines on claims, which cite MCR-4 and MCR-4.1)
MCR_SAYS: dict[str, dict[str, tuple[str, ...]]] = {
    "rule.no_offer": {"MCR-4.1": ("Only the latest discard can be claimed, and only before the next draw",)},
    "rule.old_discard": {"MCR-4.1": ("Only the latest discard can be claimed, and only before the next draw",)},
    "rule.answer_first": {"MCR-4": ("Only the latest discard can be claimed, and only before the next draw",)},
    "rule.pung": {"MCR-4.1": ("a pung from any player, with two matching tiles in hand",
                              "never claimed only for a pair, except to complete a winning hand")},
    "rule.chow_left": {"MCR-4.1": ("claimable only from the player immediately before you",)},
    "rule.chow_need": {"MCR-4.1": ("The claimer exposes the group",)},
    "rule.kong_claim": {"MCR-4.1": ("with three matching tiles in hand", "a discard never turns an exposed pung into a kong")},
    "rule.kong_after_claim": {"MCR-4.1": ("discards without drawing",)},
    "teach.chow_offer": {"MCR-4.1": ("your left",)},
}


@pytest.mark.parametrize("key", sorted(MCR_SAYS))
def test_mcr_4_1_every_rule_an_mcr_claim_line_cites_says_what_the_line_claims(key: str) -> None:
    """MCR-4, MCR-4.1: at an MCR table the terminal's lines on claims ("MCR-4.1: only the latest
    discard can be claimed, and only before the next player draws", the kong on a discard, the pung,
    the pair) cite MCR-4.1, which said only "as in HK-4"; it now says each, in English and French."""
    for lang in ("en", "fr"):
        line = rule_words(STRINGS[lang], "mcr", lang)[key]
        assert set(REF.findall(line)) == set(MCR_SAYS[key]), (lang, key, line)
    for ref, phrases in MCR_SAYS[key].items():
        for phrase in phrases:
            assert phrase in page_rule(ref), (key, ref, phrase, page_rule(ref))


def test_mcr_3_2_the_helps_kong_bullet_cites_the_rule_that_takes_the_replacement_from_the_end_of_the_wall() -> None:
    """MCR-3.2 (MCR-3.1): the MCR help's "kong: four identical tiles (you then take one extra tile
    from the end of the wall: there is no dead wall, MCR-3.1)" cited MCR-3.1, which says there is no
    dead wall but not where a replacement comes from; MCR-3.2 says it, and the bullet cites both."""
    says = {"MCR-3.1": ("there is no dead wall",), "MCR-3.2": ("replacement tiles — for a flower or a kong — are taken from the end of the wall",)}
    anchor = {"en": "  • kong: four identical tiles", "fr": "  • kong\u00a0: quatre tuiles identiques"}
    for lang in ("en", "fr"):
        body = rule_words(STRINGS[lang], "mcr", lang)["help.body"]
        bullet = body.split(anchor[lang], 1)[1].split("\n", 1)[0]
        assert set(REF.findall(bullet)) == set(says), (lang, bullet)
    for ref, phrases in says.items():
        for phrase in phrases:
            assert phrase in page_rule(ref), (ref, phrase, page_rule(ref))


def test_mcr_6_mcr_7_1_the_teaching_note_on_other_tables_says_what_the_mcr_page_says() -> None:
    """MCR-6, MCR-7.1: at an MCR table the teaching note said "Scored with the Chinese Official
    table only (MCR-6, MCR-7): ... each fan counted once, and no fans from other tables", but MCR-6
    counts a fan that can repeat each time (Flower Tiles once per flower, the two-chow fans, Tile
    Hog ...), MCR-7 says only that a fan a bigger fan contains is not counted again, and neither says
    "no fans from other tables": the page's introduction does ("hkmj plays each ruleset alone").
    The note now says what MCR-6 and MCR-7.1 say, cites each there, and the rest "as the rules page
    says", with no number."""
    says = {
        "MCR-5.1": ("at least **8 points without the flowers**",),
        "MCR-6": ("times its count when it can repeat", "Flower Tiles, MCR-6.13, once per flower"),
        "MCR-7.1": ("a fan that a bigger fan necessarily contains is not counted again",),
    }
    clause = {"en": "as the rules page says, no fans from Hong Kong or other tables", "fr": "comme le dit la page des règles, aucun fan de Hong Kong"}
    for lang in ("en", "fr"):
        note = Texts(lang, "mcr")("teach.other_tables")
        assert REF.findall(note) == ["MCR-5.1", "MCR-6", "MCR-7.1"] and clause[lang] in note, note
        assert "counted once" not in note and "compté une fois" not in note, note
    assert "once per flower" in Texts("en", "mcr")("teach.other_tables") and "une fois par fleur" in Texts("fr", "mcr")("teach.other_tables")
    for ref, phrases in says.items():
        for phrase in phrases:
            assert phrase.replace("**", "") in page_rule(ref), (ref, phrase, page_rule(ref))
    assert "other tables" not in page_rule("MCR-6") + page_rule("MCR-7")
    assert "hkmj plays each ruleset alone" in (DOCS / "rules-mcr.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("house", [{}, {"minfan": "3"}])
def test_hk_6_the_teaching_note_on_other_tables_cites_no_rule_for_what_only_the_pages_introduction_says(house: dict[str, str]) -> None:
    """HK-6: the teaching table's note "Scored with the Hong Kong table only (HK-6): no minimum fan
    (a 0-fan hand wins), and no fans from riichi, MCR or other tables" cited HK-6 for the other
    tables too, and HK-6 says nothing of them: the rules page's introduction does ("Never mix
    another table's fans into this one"). The clause now says "as the rules page says", with no
    number, and HK-6 is cited where its words are (no minimum; with the house minimum, the table)."""
    clause = {"en": "as the rules page says, no fans from riichi, MCR or other tables", "fr": "comme le dit la page des règles, aucun fan du riichi"}
    for lang in ("en", "fr"):
        note = Texts(lang, "hk", house=house)("teach.other_tables")
        assert clause[lang] in note and REF.findall(note) == ["HK-6"], note
        if not house:
            assert re.search(r"0[- ]fan[^()]*gagne, HK-6\)|0-fan hand wins, HK-6\)", note), note
    assert "There is no minimum: a 0-fan hand wins" in page_rule("HK-6")
    assert "other tables" not in page_rule("HK-6") and "Never mix another table's fans into this one" in (DOCS / "rules.md").read_text(encoding="utf-8")
