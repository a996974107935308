"""``hkmj play --teach`` help (?) read page by page at 80×24 by someone who never played: the word
"fan" is said what it is where the help first uses it (HK-6, MCR-6), in English and French."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from textual.pilot import Pilot

from hkmj.rulesets import get_ruleset
from hkmj.tui.app import HelpScreen, PlayApp
from hkmj.tui.session import Session
from hkmj.tui.testing import joined

Make = Callable[..., Session]


def _boxed(app: PlayApp) -> str:
    """The help box's visible text, its wrapped lines joined by single spaces."""
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    inner = [r[r.index("│") + 1 : r.rindex("│")] for r in rows if r.count("│") >= 2]
    return joined(" ".join(inner).replace("▁", " ").replace("▂", " ").replace("▃", " ").replace("▄", " ").replace("▅", " ").replace("▆", " ").replace("▇", " ").replace("█", " "))


@dataclass(frozen=True)
class _Read:
    """The help of one (ruleset, language, screen size) as the screen showed it: its first page,
    the first 13 pages joined (PgDn twelve times) and every line of the box over 14 pages."""

    first: str
    pages: str
    rows: list[str]


_READS: dict[tuple[str, str, tuple[int, int]], _Read] = {}


async def _read_help(make: Make, rules: str, lang: str, size: tuple[int, int] = (80, 24)) -> _Read:
    """The help opened by ``?`` in ``hkmj play --teach`` and read page by page at ``size``: one
    Textual app per (ruleset, language, size) for the whole module (the session is the same
    stacked one-hand match each time, so every test reads the very same screens)."""
    key = (rules, lang, size)
    if key not in _READS:
        s = make(rules=get_ruleset(rules), lang=lang, teach=True)
        app = PlayApp(s, delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            first = _boxed(app)
            pages = [first]
            rows: list[str] = []
            for i in range(14):
                if i:
                    await pilot.pause()
                    pages.append(await _settled(app, pilot))
                else:
                    await _settled(app, pilot)
                for row in app.screen._compositor.render_strips():
                    text = row.text
                    if text.count("│") >= 2:
                        rows.append(text[text.index("│") + 1 : text.rindex("│")].rstrip(" ▁▂▃▄▅▆▇█"))
                await pilot.press("pagedown")
        _READS[key] = _Read(first, " ".join(pages[:13]), rows)
    return _READS[key]


async def _help_first_page(make: Make, rules: str, lang: str) -> str:
    """The help's first page, opened by ``?`` at 80×24, as :func:`_boxed` reads it."""
    return (await _read_help(make, rules, lang)).first


async def _help_pages(make: Make, rules: str, lang: str) -> str:
    """Every page of the help read at 80×24 (PgDn until the end), joined."""
    return (await _read_help(make, rules, lang)).pages


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("rules", "lang", "first_use"),
    [
        ("hk", "en", "even worth 0 fan (a fan is a unit of a hand's score, HK-6)"),
        ("hk", "fr", "même à 0 fan (le fan est l'unité de score d'une main, HK-6)"),
        ("mcr", "en", "aim for fans, the scoring patterns worth points (MCR-6)"),
        ("mcr", "fr", "visez des fans, les motifs qui rapportent des points (MCR-6)"),
    ],
)
async def test_the_help_says_what_a_fan_is_where_it_first_says_fan_at_80x24(make_session: Make, rules: str, lang: str, first_use: str) -> None:
    """HK-6, MCR-6: the help's first "fan" ("even worth 0 fan (HK-6)", "aim for fans (MCR-6)")
    came with no word of what a fan is; a newcomer met it again only in the scoring section. The
    first use now says it, on the help's first page at 80×24."""
    first_page = await _help_first_page(make_session, rules, lang)
    assert first_use in first_page
    assert first_page.index(first_use) <= first_page.find(" fan")


async def _settled(app: PlayApp, pilot: Pilot[None]) -> str:
    """The help box once its scroll has ended (a page's scroll may still be under way when the
    key is handled, on a loaded machine: a page read then was half of two)."""
    seen = _boxed(app)
    for _ in range(50):
        await pilot.pause(0.02)
        now = _boxed(app)
        if now == seen:
            return now
        seen = now
    return seen


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("rules", "lang", "wall", "pond"),
    [
        ("hk", "en", "When no tile is left, the hand is a draw: nobody pays (HK-3.5, HK-7.1). A kong or a bonus tile is replaced from the dead wall, tiles kept apart at the end of the wall (HK-3.2, HK-3.3).",
         "Each player's discards, their pond, are shown at the bottom of their panel"),
        ("hk", "fr", "la donne est nulle\u00a0: personne ne paie (HK-3.5, HK-7.1). Un kong ou une tuile bonus est remplacé depuis le mur mort, des tuiles mises à part au bout du mur (HK-3.2, HK-3.3).",
         "Les défausses de chaque joueur sont en bas de son panneau"),
        ("classical", "en", "the hand is a draw: nobody pays (CL-4.2, CL-7.5). A kong or a bonus tile is replaced from the dead wall, tiles kept apart at the end of the wall (CL-1.2, CL-3.5).",
         "their pond, are shown"),
        ("classical", "fr", "personne ne paie (CL-4.2, CL-7.5). Un kong ou une tuile bonus est remplacé depuis le mur mort",
         "Les défausses de chaque joueur sont en bas de son panneau"),
        ("mcr", "en", "When no tile is left, the hand is a draw (MCR-3.3). A kong or a flower is replaced from the end of the wall: there is no dead wall (MCR-3.1, MCR-3.2).",
         "their pond, are shown"),
    ],
)
async def test_the_help_says_what_the_wall_count_the_dead_wall_and_a_pond_are_at_80x24(
    make_session: Make, rules: str, lang: str, wall: str, pond: str
) -> None:
    """HK-2.4, HK-3.2, HK-3.5: the top line says "wall 70" and "prevailing East", the log "You take
    a replacement tile from the dead wall", the help "A pond too long for its panel": none of it
    was said anywhere. The help's turn now says what the count and the prevailing wind are, that
    an empty wall is a draw and what the dead wall is (MCR has none, MCR-3.1); its discards section
    says where each player's discards (the pond) are. Read page by page at 80×24."""
    text = await _help_pages(make_session, rules, lang)
    count = "(mur 70) et nomme le vent dominant, le vent du tour (Est d'abord)" if lang == "fr" else "(wall 70) and names the prevailing wind, the wind of the round (East first)"
    assert count in text and wall in text and pond in text, text
    if rules != "hk":
        assert "HK-" not in text


@pytest.mark.asyncio
async def test_hk_6_the_help_says_whose_fan_give_the_base_points_at_80x24(make_session: Make) -> None:
    """HK-6: the help's scoring said "Only the winner scores: the fan of its elements give base
    points", "its" standing for the winner, a person. It says the winning hand's elements."""
    text = await _help_pages(make_session, "hk", "en")
    assert "Only the winner scores: the fan of the winning hand's elements (HK-6) give its base points." in text, text
    assert "fan of its elements" not in text


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "S1 S2 S3 S4 seasons are all flowers here, the bonus tiles (MCR-1.2)"),
        ("fr", "S1 S2 S3 S4 saisons sont toutes des fleurs ici, les tuiles bonus (MCR-1.2)"),
    ],
)
async def test_mcr_1_2_the_help_says_what_the_panels_bonus_tiles_are_at_80x24(make_session: Make, lang: str, said: str) -> None:
    """MCR-1.2: at an MCR table the panels list "bonus F4 F3" and the log says "West exposes the
    bonus tile Season 1", but the help called them only flowers: "bonus" was said nowhere. The
    help's tiles now say the flowers are the bonus tiles, read page by page at 80×24."""
    s = make_session(rules=get_ruleset("mcr"), lang=lang, teach=True)
    text = await _help_pages(make_session, "mcr", lang)
    assert s.tx("panel.bonus") in said and said in text, text


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the knitted hands (MCR-5.2), built on 1-4-7, 2-5-8 and 3-6-9 in three different suits."),
        ("fr", "les mains cousues (MCR-5.2), bâties sur 1-4-7, 2-5-8 et 3-6-9 dans trois familles différentes."),
    ],
)
async def test_mcr_5_2_the_help_says_what_a_knitted_hand_is_at_80x24(make_session: Make, lang: str, said: str) -> None:
    """MCR-5.2: the help's goal named "the knitted hands" among the winning hands, and a refused
    Mahjong says "nor a knitted hand (MCR-5.2)", but nothing said what one is. The goal now says
    what they are built on, on the help's first page at 80×24."""
    first_page = await _help_first_page(make_session, "mcr", lang)
    assert said in first_page, first_page


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("rules", "lang", "said"),
    [
        ("hk", "en", "Thirteen orphans is one each of the 1 and 9 of every suit, the four winds and the three dragons, plus a second of any one of them: a limit hand (HK-6)."),
        ("hk", "fr", "Les treize orphelins, c'est un de chaque 1 et 9 de chaque famille, des quatre Vents et des trois Dragons, plus un second de l'un d'eux\u00a0: une main limite (HK-6)."),
        ("mcr", "en", "Thirteen orphans (88 points, MCR-6.81) is one each of the 1 and 9 of every suit, the four winds and the three dragons, plus a second of any one of them."),
        ("mcr", "fr", "Les treize lanternes merveilleuses (88 points, MCR-6.81), c'est un de chaque 1 et 9 de chaque famille, des quatre Vents et des trois Dragons, plus un second de l'un d'eux."),
        ("classical", "en", "Thirteen wonders (thirteen orphans, CL-6.1) is one each of the 1 and 9 of every suit, the four winds and the three dragons, plus a second of any one of them."),
        ("classical", "fr", "Les treize lanternes merveilleuses (CL-6.1), c'est un de chaque 1 et 9 de chaque famille, des quatre Vents et des trois Dragons"),
    ],
)
async def test_hk_5_4_mcr_6_81_cl_6_1_the_help_says_what_thirteen_orphans_is_at_80x24(make_session: Make, rules: str, lang: str, said: str) -> None:
    """HK-5.4, MCR-6.81, CL-6.1: the help's goal named "thirteen orphans" among the winning hands,
    and a refused Mahjong says "nor thirteen orphans", but nothing said what it is. The goal now
    says it in one sentence, with its rule and what it scores, on the help's first page at 80×24."""
    first_page = await _help_first_page(make_session, rules, lang)
    assert said in first_page, first_page


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_the_french_help_never_starts_a_line_with_a_colon_or_a_closing_guillemet(rules: str) -> None:
    """French puts a no-break space before ``: ; ! ? »`` and after ``«``, and a line never starts with the
    sign nor ends on ``«``. At 120×40 (the help 109 columns wide) the French help's line about h
    read "… d'une main prête («\\n à 4 tuiles d'une main prête\\n» : il lui faut …", the guillemet
    and the colon alone at the head of a line. Its indented lines now break elsewhere; the words
    and their spaces are as written."""
    import re

    from hkmj.tui.render import help_text
    from hkmj.tui.texts import Texts

    body = Texts("fr", rules)("help.body")
    for width in range(40, 160):
        lines = help_text(body, "fr", width).plain.split("\n")
        for line in lines:
            assert not re.match(r"\s*[:;!?»]", line) and not line.rstrip().endswith("«"), (width, line)
        assert "\n".join(lines).count("\u00a0") == body.count("\u00a0")  # each as written, none a break
    words = joined(help_text(body, "fr", 109).plain)
    assert "(«\u00a0à 4 tuiles d'une main prête\u00a0»\u00a0: il lui faut" in words


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", [
            "seat wind · name · the points won (+) or lost (-) in the match so far;",
            "(left, across, right) · how many tiles that hand hides;",
            "(a concealed kong shows its two outer tiles face down)",
            "The top line also says which hand this is (Hand 1/4: the first of four) and the seed",
            "With four identical tiles in hand, or the fourth tile of a pung you claimed, you may declare a kong (k).",
        ]),
        ("fr", [
            "vent de sa place · nom · les points gagnés (+) ou perdus (-) depuis le début de la partie\u00a0;",
            "(à gauche, en face, à droite) · combien de tuiles sa main cache\u00a0;",
            "(un kong caché montre ses deux tuiles extérieures face cachée)",
            "La ligne du haut dit aussi quelle donne se joue (Donne 1/4\u00a0: la première de quatre) et la graine",
            "Avec quatre tuiles identiques en main, ou la quatrième d'un pung que vous avez réclamé, vous pouvez déclarer un kong (k).",
        ]),
    ],
)
async def test_the_help_says_what_each_panels_numbers_are_and_how_a_pung_becomes_a_kong_at_80x24(
    make_session: Make, rules: str, lang: str, said: list[str]
) -> None:
    """HK-3.3, HK-7: every panel shows a signed number after the player's name ("West · Bot 3
    (greedy) · +0") and a count ("across · 13 tiles"), a declared concealed kong two tiles face
    down, the top line "Hand 1/2" and "seed 5"; the help, all a newcomer reads at the table, said
    none of it (only the wall count), and its turn said a kong needs "four identical tiles" when
    the fourth tile of a claimed pung makes one too. Read page by page at 80×24, every ruleset."""
    text = await _help_pages(make_session, rules, lang)
    for words in said:
        assert words in text, (words, text)
    assert ("«\u00a0joue\u00a0» marque" if lang == "fr" else '"playing" marks') in text


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_french_help_on_screen_never_starts_a_line_with_a_colon_a_semicolon_or_a_closing_guillemet(
    make_session: Make, rules: str, size: tuple[int, int]
) -> None:
    """French puts a space before ``: ; ! ? »`` and after ``«``; a line never starts with the sign
    nor ends on ``«``. The help kept that rule only on its indented lines (filled by the help
    itself); a paragraph at the left margin was left to the screen's own wrapping, which breaks
    at any space: at 80×24 the table's paragraph read "… combien de tuiles sa main cache" then
    "; ses groupes …", and "« donneur" then "» le donneur". Every line of every page, as shown."""
    rows = (await _read_help(make_session, rules, "fr", size)).rows
    assert any("LA TABLE" in row for row in rows)
    bad = [row for row in rows if re.match(r"\s*[:;!?»]", row) or row.rstrip().endswith("«")]
    assert not bad, bad


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_keeps_hand_and_its_count_on_one_line(rules: str, lang: str) -> None:
    """HK-7: the help's table paragraph names the top line's count, "Hand 1/4" ("Donne 1/4"). At
    80×24 (the help some 70 columns wide) the English help read "… which hand this is (Hand" then
    "1/4: the first of four)", the word and its count on two lines (French at 81 to 83 columns).
    Now the two stay together at every width, with a plain space (no no-break space is shown)."""
    from hkmj.tui.render import help_text
    from hkmj.tui.texts import Texts

    body = Texts(lang, rules)("help.body")
    word = "Donne" if lang == "fr" else "Hand"
    for width in range(40, 160):
        text = help_text(body, lang, width).plain
        assert f"{word} 1/4" in text and text.count("\u00a0") == body.count("\u00a0"), width  # no-break spaces as written
        assert not any(line.rstrip().endswith(f"({word}") for line in text.split("\n")), width


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "said", "never"),
    [
        ("en", "If your hand is complete and worth at least 8 points without the flowers (MCR-5.1), press m: Mahjong! Under 8 points it is a false Mahjong (MCR-5.4).",
         "If your hand is complete, press m"),
        ("fr", "Si votre main est complète et vaut au moins 8 points sans les fleurs (MCR-5.1), appuyez sur m\u00a0: Mahjong\u00a0! À moins de 8 points, c'est un faux Mahjong (MCR-5.4).",
         "Si votre main est complète, appuyez sur m"),
    ],
)
async def test_mcr_5_1_the_help_says_a_complete_hand_under_8_points_is_no_mahjong_at_80x24(make_session: Make, lang: str, said: str, never: str) -> None:
    """MCR-5.1, MCR-5.4: at an MCR table the help's turn said "If your hand is complete, press m:
    Mahjong!", the Hong Kong words, while a complete hand under 8 points without the flowers is
    no win there but a false Mahjong that kills the hand and costs 10 to each player; its goal and
    common mistakes said so, its turn told the newcomer to declare. It now says the 8 points,
    read page by page at 80×24."""
    s = make_session(rules=get_ruleset("mcr"), lang=lang, teach=True)
    body = joined(s.tx("help.body"))
    assert said in body and never not in body, body
    text = joined(await _help_pages(make_session, "mcr", lang))
    assert said.split(", ")[0] in text and "(MCR-5.4)" in text and never not in text, text


@pytest.mark.parametrize(("lang", "rules"), [("en", "hk"), ("en", "mcr"), ("fr", "hk")])
def test_the_help_quotes_the_hint_as_it_reads(lang: str, rules: str) -> None:
    """YOUR FIRST HAND told to wait "When the hint says "Ready"", a word the hint never shows: it
    says "Your hand is ready: one tile from winning." The word the help quotes is now the hint's
    own, as it is written (« prête » in French)."""
    from hkmj.tui.texts import Texts

    tx = Texts(lang, rules)
    quoted = re.search(r"(?:the hint says|le conseil dit)[^\"«]*[\"«]\u00a0?([^\"»]+?)\u00a0?[\"»]", tx("help.body"))
    assert quoted is not None
    hint = tx("hint.distance", dist=tx.distance(0))
    assert re.search(rf"\b{re.escape(quoted.group(1))}\b", hint), (quoted.group(1), hint)
