"""``hkmj play --rules mcr|classical``: a newcomer at an MCR or classical table reads that
table's rules (MCR-1..MCR-9, CL-1..CL-7), never a Hong Kong rule number or amount — in the log,
the teaching notes, the help, the Mahjong confirmation and the end-of-hand payments."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest

from hkmj.engine.testing import QUIET
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.app import HelpScreen, PlayApp
from hkmj.tui.rules_texts import refs_of
from hkmj.tui.session import Session
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = {"mcr": "rules-mcr.md", "classical": "rules-classical.md"}
HK_ONLY = re.compile(r"HK-\d|\b64\b|128|base points|double the base")
"""What only a Hong Kong table may say: its rule numbers, its false-Mahjong amounts, its base."""
BASE_KEYS = {"end.base", "end.pay.self_draw", "end.pay.discard", "end.pay.robbed_kong"}
"""Strings shown only for a hand that has base points (HK-6's fan→base table)."""


def _sections(rules: str) -> set[str]:
    """The rule numbers a ruleset's page defines: ``MCR-5`` for ``## MCR-5 …``, ``MCR-5.4`` for
    item 4 of that section, ``CL-5.1`` for ``### CL-5.1 …``, ``MCR-6.13`` for a fan's row of the
    MCR-6 tables (``| MCR-6.13 | Flower Tiles | …``)."""
    out: set[str] = set()
    current = ""
    for line in (DOCS / PAGES[rules]).read_text(encoding="utf-8").splitlines():
        row = re.match(r"\| ((?:MCR|CL)-\d+\.\d+) \|", line)
        if row:
            out.add(row.group(1))
        head = re.match(r"#{2,3} ((?:MCR|CL)-\d+(?:\.\d+)?)\b", line)
        if head:
            out.add(head.group(1))
            current = head.group(1) if line.startswith("## ") else current
        item = re.match(r"(\d+)\. ", line)
        if item and current:
            out.add(f"{current}.{item.group(1)}")
    return out


@pytest.mark.parametrize("rules", ["mcr", "classical"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_and_classical_tables_cite_their_own_rules(rules: str, lang: str) -> None:
    """MCR-1..9 / CL-1..7: every string of the table cites only rules its own page defines,
    and none states a Hong Kong rule number or amount."""
    tx = Texts(lang, rules)
    defined = _sections(rules)
    for key, text in tx.table.items():
        if key in BASE_KEYS:
            continue
        assert not HK_ONLY.search(text), (key, text)
        for ref in re.findall(r"\b(?:MCR|CL)-\d+(?:\.\d+)?", text):
            assert ref in defined, (key, ref)
    assert set(refs_of(rules)) >= set(re.findall(r"HK-\d+(?:\.\d+)?", " ".join(Texts(lang).table.values())))


@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_ruleset_words_have_the_same_placeholders_in_both_languages(rules: str) -> None:
    en, fr = Texts("en", rules).table, Texts("fr", rules).table
    assert en.keys() == fr.keys()
    fmt = string.Formatter()
    for key in en:
        assert {f for _, f, _, _ in fmt.parse(en[key]) if f} == {f for _, f, _, _ in fmt.parse(fr[key]) if f}, key


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_mcr_8_and_cl_7_payments_are_explained_on_the_end_screen(make_session: Make, rules: str, lang: str) -> None:
    """MCR-8: a self-drawn win is paid the total plus 8 by each player; CL-7: every player scores
    and settles, East double. The end screen says which, and its teaching note names the table."""
    s = make_session(hands=("123m456m789m123p55m", *QUIET[1:]), rules=get_ruleset(rules), lang=lang, teach=True)
    s.start_hand()
    assert s.try_mahjong().done
    summary = s.finish_hand()
    points = summary.fan
    assert points is not None and summary.teach
    if rules == "mcr":
        assert summary.seats[0].payment == 3 * (points + 8)
        assert f"{points} + 8 = {points + 8}" in summary.why_paid and "(MCR-8)" in summary.why_paid
        assert "MCR-5.1" in summary.teach[0]
    else:
        assert "(CL-7)" in summary.why_paid and "CL-5.4" in summary.why_paid
        assert "CL-5" in summary.teach[0]
    assert not any(HK_ONLY.search(n.text) for n in s.history)


@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_teaching_refusals_cite_the_tables_rules(make_session: Make, advance: Callable[[Session], None], rules: str) -> None:
    """MCR-5.2 / CL-2.1: a refused chow of a dragon at a teaching table is explained by the table's own rule."""
    s = make_session(teach=True, rules=get_ruleset(rules))
    s.start_hand()
    assert s.try_discard(tile("9m")).done
    advance(s)
    assert not s.try_chow().done  # South's Green dragon: honours never make chows
    texts = [n.text for n in s.history]
    want = "MCR-5.2" if rules == "mcr" else "CL-2.1"
    assert any(want in t for t in texts), texts
    assert not any(HK_ONLY.search(t) for t in texts), texts


_HELP_READS: dict[tuple[str, str], tuple[str, str]] = {}


async def _help_read(make_session: Make, rules: str, lang: str) -> tuple[str, str]:
    """The help (?) at 80×24 of a table of ``rules`` in ``lang``: its first screen, and the screens
    read while scrolling down line by line 12 times (the first one included). One Textual app per
    (ruleset, language) for the module: every test made the same session and read the same screens."""
    if (rules, lang) not in _HELP_READS:
        app = PlayApp(make_session(lang=lang, rules=get_ruleset(rules)), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            first = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            seen = ""
            for _ in range(12):  # scroll to the tiles and read them on screen (past the goal's special hands)
                seen += "\n".join(strip.text for strip in app.screen._compositor.render_strips())
                await pilot.press("down")
                await pilot.pause()
        _HELP_READS[(rules, lang)] = (first, seen)
    return _HELP_READS[(rules, lang)]


@pytest.mark.asyncio
@pytest.mark.parametrize(("rules", "lang", "word"), [("mcr", "en", "8 points"), ("mcr", "fr", "8 points"), ("classical", "en", "CL-2.4"), ("classical", "fr", "CL-2.4")])
async def test_help_at_an_mcr_or_classical_table_teaches_that_game(make_session: Make, rules: str, lang: str, word: str) -> None:
    """The help (?) at 80×24 is titled with the table's game and its goal is that game's win check
    (MCR-5.1: 8 points; CL-2.4), with no Hong Kong rule in the whole text."""
    tx = Texts(lang, rules)
    text, _ = await _help_read(make_session, rules, lang)
    assert tx("help.title") in text and ("MCR" in tx("help.title") or "lassi" in tx("help.title"))
    goal = tx("help.body").split("\n\n")[0]
    assert word in goal and not HK_ONLY.search(tx("help.body"))


@pytest.mark.asyncio
@pytest.mark.parametrize(("rules", "lang"), [("mcr", "en"), ("mcr", "fr"), ("classical", "en"), ("classical", "fr")])
async def test_mcr_6_13_cl_5_2_the_help_says_what_a_flower_is_worth_at_that_table(make_session: Make, rules: str, lang: str) -> None:
    """MCR-1.2, MCR-6.13, MCR-3.3: at an MCR table the help's tiles say that flowers and seasons
    are all flowers, 1 point each outside the 8-point minimum, the last tile's not replaced;
    CL-5.1, CL-5.2: at a classical table 4 points each and your own doubles your score (the help
    only said "set aside and replaced for you", as for Hong Kong). Read on the help screen, 80×24."""
    tx = Texts(lang, rules)
    tiles = next(part for part in tx("help.body").split("\n\n") if part.startswith(("THE TILES", "LES TUILES")))
    line = next(x for x in tiles.split("\n") if x.strip().startswith("F1 F2 F3 F4"))
    refs = ("MCR-1.2", "MCR-6.13", "MCR-3.3") if rules == "mcr" else ("CL-1.2", "CL-5.1", "CL-5.2")
    assert all(r in line for r in refs) and ("1 point" in line if rules == "mcr" else "4 points" in line), line
    _, seen = await _help_read(make_session, rules, lang)
    assert refs[1] in seen


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_mcr_5_1_a_complete_hand_under_8_points_is_not_hinted_as_a_win(make_session: Make, lang: str) -> None:
    """MCR-5.1: a complete hand worth under 8 points cannot be declared; the hint says so (it said
    "declare Mahjong (m)!", which at a normal table makes the hand dead, MCR-5.4), and lists the
    discards that keep a chance at 8, as for any hand (it listed none)."""
    tx = Texts(lang, "mcr")
    s = make_session(hands=("123m789m456p345s77p", *QUIET[1:]), rules=get_ruleset("mcr"), lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = app.table.hint_lines()
        assert lines[0] == tx("hint.under_min", min=8, unit=tx("unit.points")) and "8 points" in lines[0]
        assert tx("hint.complete") not in "\n".join(lines) and tx("st.turn.win").strip() not in s.status()
        assert tx("hint.discards") in lines  # and what to discard to build on (it gave none)


def test_hk_5_7_mcr_5_4_cl_7_7_teach_option_help_names_every_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj play --help``: ``--teach`` refuses a false Mahjong under every ruleset, so its help
    cites the false-Mahjong rule of each (HK-5.7, MCR-5.4, CL-7.7), not Hong Kong's alone."""
    from hkmj.cli import main

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    teach = out[out.index("--teach teaching table") :].split(" --lang ", 1)[0]
    assert all(ref in teach for ref in ("HK-5.7", "MCR-5.4", "CL-7.7")), teach



def test_the_mcr_french_texts_name_thirteen_orphans_as_the_mcr_fan_table_does() -> None:
    """MCR-5.2: the French refusal and help at an MCR table name the special hand by the MCR fan's
    French name (« Treize lanternes merveilleuses »), not only by Hong Kong's « treize Orphelins »."""
    from hkmj.scoring.mcr import MCR_FANS
    from hkmj.tui.rules_texts import _HELP, _MCR_FR

    name = next(f.name_fr for f in MCR_FANS if f.id == "thirteen_orphans").lower()
    assert name in _MCR_FR["why.not_winning"].lower()
    assert name in " ".join(_HELP[("mcr", "fr")].values()).lower()


def test_mcr_5_2_knitted_hands_are_cousues_in_french_as_their_fans_are_named() -> None:
    """MCR-5.2: the knitted hands were "mains de tuiles disjointes" in the terminal's help and
    refusals and in ``hkmj replay``'s notes, while their fans, on the end screen, are "Suite
    Cousue" and "Honneurs ... et Tuiles Cousues" and ``hkmj score`` says "tuiles cousues": one word."""
    from hkmj.scoring.mcr import MCR_FANS as FANS
    from hkmj.tui.texts import Texts

    knitted = [f.name_fr for f in FANS if "knitted" in f.name.lower()]
    assert knitted and all("Cousue" in n for n in knitted), knitted
    tx = Texts("fr", "mcr")
    assert "les mains cousues (MCR-5.2)" in tx("help.body") and "ni une main cousue (MCR-5.2)" in tx("why.not_winning", hand="x", dist="y")
    assert not [k for k, v in tx.table.items() if "disjointe" in v]


def test_hk_5_4_thirteen_orphans_is_one_spelling_in_french_prose() -> None:
    """HK-5.4: the terminal's help and refusals (and the browser's help, which shows them) said
    « les treize Orphelins » where ``hkmj score`` says « les treize orphelins »; prose says
    « treize orphelins » as it says « sept paires » (English « thirteen orphans »), and the limit
    hand's name in a table keeps its capital: « Treize Orphelins »."""
    from hkmj.scoring.hong_kong import HONG_KONG
    from hkmj.tui.rules_texts import _CL_FR, _HELP, _HELP_LINES, _MCR_FR
    from hkmj.tui.texts import FR

    texts = [*FR.values(), *_MCR_FR.values(), *_CL_FR.values()]
    texts += [t for (_, lang), table in _HELP.items() if lang == "fr" for t in table.values()]
    texts += [t for (_, lang), table in _HELP_LINES.items() if lang == "fr" for t in (*table, *table.values())]
    prose = " ".join(texts)
    assert "treize Orphelins" not in prose and "Treize Orphelins" not in prose
    assert "les treize orphelins (HK-5.4)" in prose and "ni treize orphelins (HK-5.4)" in prose
    assert next(x.name_fr for x in HONG_KONG.limits if x.id == "thirteen_orphans") == "Treize Orphelins"


def test_cl_6_1_thirteen_wonders_is_named_as_the_rules_page_names_it_never_orphelins_in_french() -> None:
    """CL-6.1: the classical page names the limit hand "Thirteen wonders" (« Les 13 Lanternes
    merveilleuses », seed 002), and seed 002's « Les Orphelins » is another limit hand, all
    terminals (the scorer's French name for it). The terminal's refused Mahjong said "nor a
    limit hand such as seven pairs or thirteen orphans (CL-6)" — a name CL-6 does not have,
    while the engine's own reason says "thirteen wonders (CL-6)" — and in French « les treize
    orphelins (CL-6) », which a reader of CL-6 takes for « Les Orphelins ». The refusal and the
    help now say thirteen wonders, in French « les treize lanternes merveilleuses », and no
    classical French text says « orphelins » for it."""
    from hkmj.rulesets import get_ruleset
    from hkmj.scoring.classical import CLASSICAL_LIMITS as LIMITS
    from hkmj.tui.rules_texts import _CL_FR, _HELP, _HELP_LINES
    from hkmj.tui.texts import Texts

    assert next(x.name_fr for x in LIMITS if x.id == "all_terminals") == "Les Orphelins"
    en, fr = Texts("en", "classical"), Texts("fr", "classical")
    refusal_en = en("why.not_winning", hand="x", dist="y")
    assert "thirteen wonders (CL-6)" in refusal_en and "orphans" not in refusal_en
    assert "seven pairs or thirteen wonders (CL-6)" in get_ruleset("classical").winning_shapes
    assert "les treize lanternes merveilleuses (CL-6)" in fr("why.not_winning", hand="x", dist="y")
    french = [*_CL_FR.values()]
    french += [t for (rules, lang), table in _HELP.items() if (rules, lang) == ("classical", "fr") for t in table.values()]
    french += [t for (rules, lang), table in _HELP_LINES.items() if (rules, lang) == ("classical", "fr") for t in table.values()]
    french += [fr("help.body")]
    assert not [t for t in french if "orphelins" in t.lower()]
    assert "comme sept paires et les treize lanternes merveilleuses" in fr("help.body")
    assert "such as seven pairs and thirteen wonders" in en("help.body")
