"""``hkmj play`` at 80×24, as a newcomer's terminal opens: every screen shows its key lines,
tiles are named in plain letters, every tile has a key, one wording for distance to ready."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from hkmj.bots.advice import advisor_name, make_advisor
from hkmj.engine.actions import discard as discard_of
from hkmj.tiles import short_name, tile, wind_letter
from hkmj.tui.app import EndScreen, HelpScreen, PlayApp, QuitScreen, RankScreen, TableScreen
from hkmj.tui.command import result_line
from hkmj.tui.hints import safest_discard
from hkmj.tui.render import KEY_LABELS, you_text
from hkmj.tui.session import SeatPanel, Session
from hkmj.tui.testing import FixedAdvisor
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
Offer = Callable[..., None]
HANDS_REST = ("2233445566778m", "2233445566778p", "223344999s2345z")
"""The bots' hands of the stacked wall (tests/tui/conftest.py)."""
SMALL = (80, 24)


CJK = re.compile("[\u3400-\u9fff]")


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now: the current screen's rendered lines (modal frames included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def boxed_text(app: PlayApp) -> str:
    """The text inside a modal box's frame, its wrapped lines joined by single spaces."""
    inner = [line[line.index("│") + 1 : line.rindex("│")] for line in screen_text(app).split("\n") if line.count("│") >= 2]
    return re.sub(r"[\s▁▂▃▄▅▆▇█]+", " ", " ".join(inner))


async def _open_help(pilot: object, app: PlayApp) -> None:
    """Press ? (the help) and check the help screen is up."""
    await pilot.press("question_mark")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, HelpScreen)


async def _to_end_screen(pilot: object, app: PlayApp) -> None:
    """The scripted hand: discard 9m, pung 6z, discard 1z, concealed kong of 1m, Mahjong (HK-6)."""
    press = pilot.press  # type: ignore[attr-defined]
    pause = pilot.pause  # type: ignore[attr-defined]
    await press("enter", "p")
    await pause()
    await press("end", "enter")
    await pause()
    await press("k")
    await pause()
    await press("m")
    await pause()
    await pause()
    assert isinstance(app.screen, EndScreen)


def test_the_keys_line_says_what_a_letter_and_enter_do_in_both_languages() -> None:
    """The keys line said "letter+Enter discard" in English and only "lettre+Entrée" in French;
    both say what the letter does (French "lettre+Entrée défausse") and stay on one line of an
    80-column terminal (78 columns inside the bar's padding)."""
    for lang, discard in (("en", "letter+Enter discard · "), ("fr", "lettre+Entrée défausse · ")):
        keys = Texts(lang)("keys")
        assert discard in keys and len(keys) <= 78, (lang, len(keys))


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_table_and_hint_panel_fit_80x24(make_session: Make, lang: str) -> None:
    """The table, what to do now, the keys and the hint panel (distance to ready and the best
    discards) are all on screen at 80×24; no tile is drawn with a Chinese character without --glyphs."""
    tx = Texts(lang)
    s = make_session(teach=True, lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert tx("keys") in text
        assert "  ".join(KEY_LABELS[:13]) in text  # a key under every tile of the hand
        assert "Your turn" in text or "À vous" in text
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert tx("hint.title") in text and tx("hint.distance", dist=tx.distance(1)) in text
        assert tx("hint.discards") in text
        first = tx("hint.discard", tile=tx.tile(tile("9m")), dist=tx.distance(1), unseen=tx.plural("unseen", 12))
        assert first in text
        assert tx("hint.best", bot=advisor_name(make_advisor(0)), action="").rstrip() in text  # the advisor's best move (issue 14)
        assert tx("keys") in text
        assert not CJK.search(text)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_end_of_hand_fits_80x24_explains_payments_and_opens_the_help_as_the_ranking_does(make_session: Make, lang: str) -> None:
    """HK-6 at 80×24: the title, how the hand was won, the base, why each payment (self-drawn:
    everyone pays double) and the key that goes on are all visible; the rest scrolls.
    ``?`` opened the help from the table only: on the end-of-hand and ranking screens it did
    nothing. It opens it there too, and closing the help goes back to the screen it came from.
    (One app per language: each screen's words are checked before its help is opened.)"""
    tx = Texts(lang)
    s = make_session(teach=True, lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await _to_end_screen(pilot, app)
        await pilot.pause()
        text = boxed_text(app)
        for line in (
            tx("end.title.you"),
            tx("end.base", base=16),
            tx("end.pay.self_draw", base=16, double=32, winner=tx("end.winner.you"), total=96),
            tx("end.last"),
        ):
            assert re.sub(r"\s+", " ", line) in text, line
        assert not CJK.search(text)
        for screen in (EndScreen, RankScreen):
            assert isinstance(app.screen, screen)
            if screen is RankScreen:
                text = screen_text(app)
                assert tx.plural("rank.title", 1) in text and tx("rank.quit") in text
                assert tx("rank.row", rank=1, name=tx("you"), total=96) in text
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and tx("help.title") in screen_text(app), screen
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, screen)
            await pilot.press("enter")
            await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_help_fits_80x24(make_session: Make, lang: str) -> None:
    """The help opens at 80×24 with its title, first section and how to close and scroll it in
    view; a bullet too long for the box continues under its text, not at the box's margin (the
    HK-5.2 chow line is the longest)."""
    tx = Texts(lang)
    s = make_session(lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await _open_help(pilot, app)
        text = screen_text(app)
        assert tx("help.title") in text and tx("help.close") in text
        assert tx("help.body").split("\n")[0] in text
        assert not CJK.search(text)
        await pilot.pause()
        rows = [line[line.index("│") + 1 : line.rindex("│")] for line in screen_text(app).split("\n") if line.count("│") >= 2]
        chow = next(i for i, row in enumerate(rows) if "• chow" in row)
        assert rows[chow].startswith("   • chow") and rows[chow + 1].startswith("     ") and rows[chow + 1].strip()
        assert "HK-5.2" in rows[chow + 1] + rows[chow + 2]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.asyncio
async def test_every_tile_has_a_letter_key(make_session: Make) -> None:
    """All 14 tiles of a hand are reachable by the letter shown under them, not only the first ten."""
    s = make_session()
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        table = app.table
        assert len(table.hand_tiles()) == 14 and len(KEY_LABELS) == 14
        assert not set(KEY_LABELS) & set("chkmpq")  # no letter shadows a command key
        await pilot.press("d")
        await pilot.pause()
        assert table.selected == 2
        await pilot.press("s")  # the 13th tile, the second Green dragon
        await pilot.pause()
        assert table.selected == 12 and table.hand_tiles()[12] == tile("6z")
        await pilot.press("t", "enter")  # the drawn 9m, then discard it
        await pilot.pause()
        assert "You discard 9 Characters." in "\n".join(n.text for n in s.history)


@pytest.mark.asyncio
async def test_refused_mahjong_and_hint_say_the_same_distance(make_session: Make) -> None:
    """One measure, one wording: a refused Mahjong (HK-5.7) and the hint give the same number of tiles from ready."""
    s = make_session(teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("h", "m")
        await pilot.pause()
        refused = next(n.text for n in s.history if n.text.startswith("Mahjong refused"))
        assert refused.endswith("it is 1 tile from ready.")
        assert "Mahjong refused" in screen_text(app)  # the refusal closed the hint panel (80 columns)
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        assert "Your hand is 1 tile from ready." in screen_text(app)
        assert "(s)" not in refused


def test_discard_win_explains_who_pays_double(make_session: Make, until_offer: Offer) -> None:
    """HK-6: on a win on a discard the discarder pays double the base, the two others the base."""
    s = make_session(draws="6z9p7s")
    s.start_hand()
    s.try_discard(tile("9m"))
    until_offer(s, tile("6z"))
    s.try_pung()
    s.try_discard(tile("1z"))
    until_offer(s, tile("7s"))
    assert s.try_mahjong().done
    summary = s.finish_hand()
    base = summary.base
    assert base is not None
    discarder = next(r for r in summary.seats if r.payment == -2 * base)
    assert summary.why_paid == (
        f"The discarder ({Texts().wind(discarder.seat)}) pays double the base, 2 × {base} = {2 * base}; "
        f"the two others pay the base, {base} each; the winner (you) receives {4 * base} (HK-6)."
    )
    assert sorted(r.payment for r in summary.seats) == [-2 * base, -base, -base, 4 * base]


def test_quitting_after_no_hand_says_so(make_session: Make) -> None:
    """Leaving before any hand is finished prints no rank (HK-7.3 ranks a played match only). It
    said "no hand was played" to a newcomer who had just played half of the first hand; it says no
    hand was finished."""
    s = make_session()
    s.start_hand()
    assert result_line(s, Texts()) == "Seed 5 · no hand was finished, so there is no score or rank."
    assert "aucune donne n'a été terminée" in result_line(s, Texts("fr"))


def test_plurals_without_parentheses() -> None:
    """Counts read as words do: 1 tile, 2 tiles; in French 0 and 1 are singular."""
    en, fr = Texts("en"), Texts("fr")
    assert (en.distance(1), en.distance(4), en.distance(0)) == ("1 tile from ready", "4 tiles from ready", "ready: one tile from winning")
    assert (fr.distance(1), fr.distance(4)) == ("à 1 tuile d'une main prête", "à 4 tuiles d'une main prête")
    assert en.plural("rank.title", 1) == "Final ranking after 1 hand" and fr.plural("rank.title", 2) == "Classement final après 2 donnes"
    for table in (en.table, fr.table):
        assert not [k for k, v in table.items() if "(s)" in v]


def test_bonus_tiles_and_winds_in_plain_letters() -> None:
    """HK-1.3: flowers F1-F4 and seasons S1-S4, never a suit's look (the Bamboo flower is F4, not
    bamboo); West is O in French (Ouest)."""
    assert [short_name(t) for t in range(34, 42)] == ["F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"]
    assert [wind_letter(s, "fr") for s in range(4)] == ["E", "S", "O", "N"]
    assert short_name(tile("3z"), "fr") == "O" and short_name(tile("3z")) == "W"


def test_dealer_and_bonus_are_spaced() -> None:
    """Your title line keeps a separator between 'dealer' and your bonus tiles."""
    p = SeatPanel(0, "You", "you", 0, (), (tile("1f"),), (), None, 13, True, True)
    text = you_text(p, [tile("1m")], None, 0, Texts(), False, 78).plain
    assert "dealer · bonus F1" in text and "dealerbonus" not in text


@pytest.mark.asyncio
async def test_quit_question_fits_80x24(make_session: Make) -> None:
    """q asks before leaving, in a box that fits 80×24 (y / n; o / n in French)."""
    for lang in ("en", "fr"):
        tx = Texts(lang)
        app = PlayApp(make_session(lang=lang), delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert tx("quit.ask") in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)


@pytest.mark.asyncio
async def test_glyphs_only_with_the_option_at_80x24(make_session: Make) -> None:
    """--glyphs draws U+1F000 tiles; the hand and its key letters still fit 80 columns."""
    app = PlayApp(make_session(), glyphs=True, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "\U0001f007" in text  # 1 Characters
        assert "  ".join(KEY_LABELS[:13]) in text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("rules", "options", "marks"),
    [
        ("hk", {}, ("Hong Kong", "Hong Kong")),
        ("mcr", {}, ("MCR", "MCR")),
        ("hk", {"minfan": "3"}, ("min 3 fan", "3 fans min")),
        ("hk", {"minfan": "3", "table": "half"}, ("HK · min 3 fan · half table", "HK · 3 fans min · barème demi")),
        ("hk", {"payment": "half-shooter"}, ("shooter pays all", "défausseur paie tout")),
        ("classical", {"pay_highest": "on"}, ("pay highest", "paie le plus haut")),
    ],
)
def test_header_fits_80_columns_with_a_six_digit_seed_hk_7(lang: str, rules: str, options: dict[str, str], marks: tuple[str, str]) -> None:
    """The header keeps the hand, the prevailing wind (HK-7), the wall, the teaching mark and the
    ruleset with its house options within the 78 columns an 80-column terminal gives it, and a
    random (six-digit) seed but beside the longest ruleset names: the dealer (named on its panel),
    long names and last the seed (printed on leaving) give way."""
    from hkmj.bots import make_bot
    from hkmj.rulesets import get_ruleset

    tx = Texts(lang)
    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=987654, length="hands", hands=1, teach=True, lang=lang, rules=get_ruleset(rules, options))
    s.start_hand()
    line = s.header(78)
    assert len(line) <= 78, line
    mark = marks[lang == "fr"]
    assert tx("hdr.teach") in line and mark in line and tx.wind(s.view().prevailing) in line
    assert "=" not in line, line  # house options in words, not as the protocol spells them
    if not options:  # the seed gives way to the longest names (and to house options) only
        assert ("987654" in line) is (rules != "classical")
    assert s.header(200) == s.header()  # room enough: the full header, the dealer named


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "short", "full"),
    [
        ("en", "HK · min 3 fan · half table", "Hong Kong · minimum 3 fan · half-exponential fan table"),
        ("fr", "HK · 3 fans min · barème demi", "Hong Kong · 3 fans minimum · barème demi-exponentiel"),
    ],
)
async def test_the_header_says_house_options_in_words_at_80x24(make_session: Make, lang: str, short: str, full: str) -> None:
    """HK-6 under ``--option minfan=3 --option table=half``: the 80-column header says the house
    options in short words (it said ``HK minfan=3 table=half``), a wider one in the browser's words."""
    from hkmj.rulesets import get_ruleset

    s = make_session(lang=lang, rules=get_ruleset("hk", {"minfan": "3", "table": "half"}))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        top = screen_text(app).split("\n")[0]
        assert short in top and "=" not in top and "…" not in top, top
    async with PlayApp(make_session(lang=lang, rules=get_ruleset("hk", {"minfan": "3", "table": "half"})), delay=0).run_test(size=(200, 24)) as pilot:
        await pilot.pause()
        top = screen_text(pilot.app).split("\n")[0]
        assert full in top and "=" not in top, top



@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_cl5_4_the_non_winners_itemised_scores_read_at_80x24(make_session: Make, lang: str) -> None:
    """CL-5.4 at 80×24: the end screen itemises each non-winner's own score under its tiles (West's
    White pung, North's 9s and Red pungs and their dragon doubles); a long line continues under its
    own text inside the box, and scrolling to the end shows the last seat's lines whole, with the
    key that goes on still in view."""
    from hkmj.rulesets import get_ruleset
    from hkmj.tui.render import own_scoring

    hands = ("111m234p56s88s1z66z9m", "2233445566778m", "2233445566p555z", "223344s999s777z4z")
    tx = Texts(lang)
    s = make_session(hands=hands, lang=lang, rules=get_ruleset("classical"))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await _to_end_screen(pilot, app)
        await pilot.pause(0.2)
        assert s.summary is not None
        north = own_scoring(s.summary.seats[3].scoring, tx)  # type: ignore[arg-type]
        west = own_scoring(s.summary.seats[2].scoring, tx)  # type: ignore[arg-type]
        app.screen.query_one("#end-scroll").scroll_end(animate=False)
        await pilot.pause(0.2)
        text = boxed_text(app)
        for line in (west, north, tx("end.last")):
            assert re.sub(r"\s+", " ", line) in text, (line, text)
        rows = [r[r.index("│") + 1 : r.rindex("│")] for r in screen_text(app).split("\n") if r.count("│") >= 2]
        first = next(i for i, r in enumerate(rows) if r.strip().startswith(north[:12]))
        assert rows[first].startswith("     ") and rows[first + 1].startswith("       "), rows  # continued under its text
        assert not CJK.search(text)


WORST_OPTIONS = {
    "hk": {"minfan": "3", "limit": "13", "table": "doubling", "payment": "half-shooter", "base": "1000"},
    "classical": {"pay_highest": "on", "limit": "100000"},
}
"""Every house option of each ruleset changed, with its longest words (MCR has no option)."""


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("rules", ["hk", "classical"])
async def test_the_header_fits_80_columns_with_every_house_option_and_help_names_them(make_session: Make, lang: str, rules: str) -> None:
    """HK-6 house options, CL-7.4 and CL-6.2: with every option of the ruleset changed (a teaching
    table, hand 16), the 80-column header was cut with an ellipsis in mid-word; it now keeps the
    hand, the wind, the wall, the teaching mark and the ruleset, and says how many options it
    leaves out (``+3 options (?)``); the help screen (key ?) names the table's rules and every
    option in full words, in English and French."""
    from hkmj.bots import make_bot
    from hkmj.rulesets import get_ruleset

    tx = Texts(lang)
    bots = [make_bot("greedy", i) for i in range(3)]
    s = Session(bots, ["greedy"] * 3, seed=987654, length="hands", hands=20, teach=True, lang=lang, rules=get_ruleset(rules, WORST_OPTIONS[rules]))
    s.match.hands_played = 15  # a two-digit hand number: "Hand 16"
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        top = screen_text(app).split("\n")[0].strip()
        assert "…" not in top and "=" not in top, top
        assert top.startswith(("Hand 16/20 ·", "Donne 16/20 ·")) and tx("hdr.teach") in top, top
        assert re.search(r"\+\d options \(\?\)$", top), top
        assert tx(f"hdr.rules.{rules}") in top, top
        await _open_help(pilot, app)
        text = boxed_text(app)
        line = tx("help.table", rules=s.rules_line())
        assert re.sub(r"\s+", " ", line) in text, text[:400]
        for word in tx.house(rules, WORST_OPTIONS[rules]):
            assert word in s.rules_line()
    assert s.header(78) != s.header(200) and len(s.header(78)) <= 78


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("rules", ["hk", "classical"])
async def test_the_helps_table_line_breaks_between_options_never_before_a_separator_at_80x24(make_session: Make, lang: str, rules: str) -> None:
    """HK-6 house options, CL-7.4: the help's first line, the table's rules and every option in
    words, was left to the screen's wrapping: at 80×24 a line opened on the separator ("· half-
    exponential fan table · …", "· barème demi-exponentiel · …") and the first heading followed it
    with no blank line. The line now breaks after a " ·", never inside an option's words, and a
    blank line parts it from the help's first heading, in English and French."""
    from hkmj.bots import make_bot
    from hkmj.rulesets import get_ruleset

    tx = Texts(lang)
    bots = [make_bot("greedy", i) for i in range(3)]
    s = Session(bots, ["greedy"] * 3, seed=987654, length="hands", hands=4, teach=True, lang=lang, rules=get_ruleset(rules, WORST_OPTIONS[rules]))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await _open_help(pilot, app)
        await pilot.pause()
        inner = [line[line.index("│") + 1 : line.rindex("│")].rstrip(" ▁▂▃▄▅▆▇█") for line in screen_text(app).split("\n") if line.count("│") >= 2]
    first = next(i for i, row in enumerate(inner) if row.strip().startswith(tx("help.table", rules="").strip()))
    end = inner.index("", first)
    table = inner[first:end]
    assert len(table) >= 2 and all(not row.strip().startswith("·") for row in table), table
    assert all(row.endswith(" ·") for row in table[:-1]), table
    assert " ".join(row.strip() for row in table) == tx("help.table", rules=s.help_line())
    assert inner[end + 1].strip() == ("THE GOAL" if lang == "en" else "LE BUT"), inner[end : end + 2]
    for option in tx.house(rules, WORST_OPTIONS[rules]):
        assert any(option in row for row in table), (option, table)


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "words"), [("en", "needs at least 80×24"), ("fr", "demande au moins 80×24")])
async def test_a_terminal_under_80x24_says_so_and_the_game_waits(make_session: Make, lang: str, words: str) -> None:
    """At 79×23, or resized smaller mid-hand, the screen says the terminal's size, the size it
    needs and that q leaves, instead of a table cut off; the bots wait, and the table comes
    back as it was once the terminal is 80×24 again."""
    from hkmj.tui.app import TooSmallScreen

    s = make_session(lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(79, 23)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
        assert "79×23" in text and words in text and "q" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert Texts(lang)("keys") in screen_text(app)
        await pilot.press("t", "enter")  # discard the drawn 9m: the bots play until the human decides
        await pilot.pause()
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and "60×18" in screen_text(app)
        moves = len(s.history)
        await pilot.pause(0.2)
        assert len(s.history) == moves
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


@pytest.mark.asyncio
async def test_ctrl_c_asks_to_leave_in_the_games_language_and_twice_leaves(make_session: Make) -> None:
    """Ctrl+C, the key a terminal user leaves with, asks the game's own question (in French at a
    French table, not Textual's English notice); n goes back to the table, a second Ctrl+C leaves."""
    from hkmj.tui.app import QuitScreen

    app = PlayApp(make_session(lang="fr"), delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen) and Texts("fr")("quit.ask") in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+c", "ctrl+c")
        await pilot.pause()
    assert not app.is_running


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_q_on_the_end_of_hand_screen_asks_to_leave(make_session: Make, lang: str) -> None:
    """The end-of-hand screen covers the keys line, so its own line says that q leaves; q asks the
    quit question there (it did nothing), n goes back to the summary."""
    from hkmj.tui.app import QuitScreen

    tx = Texts(lang)
    app = PlayApp(make_session(lang=lang, length="round"), delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await _to_end_screen(pilot, app)
        await pilot.pause(0.2)
        assert tx("end.continue") in screen_text(app) and "q" in tx("end.continue")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_false_mahjong_confirmation_shows_its_keys_at_80x24(make_session: Make, rules: str, lang: str) -> None:
    """HK-5.7 / MCR-5.4 / CL-7.7 at a normal table: m on a hand that is not complete asks for a
    second m; at 80×24 the line says which key confirms and which cancels (it was cut after
    the penalty's wording), and the whole warning is in the log. With the hint panel open the log
    is hidden at 80 columns, so the status line alone shows the keys and the whole warning, the
    penalty included (it was cut after two lines, in the middle of a sentence)."""
    from hkmj.rulesets import get_ruleset

    tx = Texts(lang, rules)
    s = make_session(lang=lang, rules=get_ruleset(rules))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert app.table.confirming
        assert tx("st.confirm") in screen_text(app)
        assert s.confirm_mahjong() in [n.text for n in s.history]
        await pilot.press("escape")
        await pilot.pause()
        assert not app.table.confirming and not s.over
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert app.table.confirming
        shown = re.sub(r"\s+", " ", screen_text(app))
        assert re.sub(r"\s+", " ", tx("st.confirm") + " " + s.confirm_mahjong()) in shown
        assert tx("hint.title") in shown and tx("keys") in shown  # the hint panel and the keys stay
        await pilot.press("escape")
        await pilot.pause()
        assert not app.table.confirming and not s.over
        assert app.table.query_one("#status").size.height == 2


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_mcr_5_1_a_refused_mahjong_under_8_points_says_what_the_hand_is_worth(make_session: Make, lang: str) -> None:
    """MCR-5.1 at a teaching table: a complete, self-drawn hand (123m 345s 678s, a pung of the South
    wind, 11p) worth 7 points is refused, and the refusal says its worth without the flowers and
    the minimum with its rule (it said only that these rules need 8 points)."""
    from hkmj.rulesets import get_ruleset

    tx = Texts(lang, "mcr")
    s = make_session(("123m345s678s222z11p", *HANDS_REST), lang=lang, rules=get_ruleset("mcr"), teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        why = tx("why.under_min.worth", hand=tx("why.hand"), worth=tx.plural("pts", 7), min=8)
        assert "(MCR-5.1)" in why and ("7 points" in why)
        why = why[0].lower() + why[1:]  # after the refusal's rule number: "(MCR-5.4): your hand …"
        assert re.sub(r"\s+", " ", why) in re.sub(r"\s+", " ", screen_text(app))
        assert not s.over and not s.dead_hand


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_mcr_5_4_a_dead_hand_is_shown_and_the_hint_leads_no_more_toward_a_win(make_session: Make, lang: str) -> None:
    """MCR-5.4: after a false Mahjong your hand is dead and play goes on; at 80×24 your panel says
    so, and the hint no longer counts the distance to ready nor suggests discards toward a win
    (it did, though the hand can never win): it says the hand cannot win, with its rule, and
    names the safest discard."""
    from hkmj.rulesets import get_ruleset

    tx = Texts(lang, "mcr")
    s = make_session(lang=lang, rules=get_ruleset("mcr"))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert tx("panel.dead") not in screen_text(app)
        await pilot.press("m", "m")
        await pilot.pause()
        assert s.dead_hand and not s.over
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert tx("panel.dead") in text
        assert re.sub(r"\s+", " ", tx("hint.dead")) in re.sub(r"\s+", " ", text) and "MCR-5.4" in tx("hint.dead")
        safe = safest_discard(s.view(), s.legal())
        assert safe is not None and re.sub(r"\s+", " ", tx("hint.safe", tile=tx.tile(safe))) in re.sub(r"\s+", " ", text)
        assert tx("hint.discards") not in text
        assert not any(tx("hint.distance", dist=tx.distance(n)) in text for n in range(7))


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_win_and_a_kong_on_offer_lead_the_status_line_at_80x24(make_session: Make, lang: str) -> None:
    """HK-5.5 and HK-3.3 on your turn: with a complete hand holding four alike, the status line
    says first that you may declare Mahjong (m), then the kong (k), then how to discard; in French
    the Mahjong part was the third line, cut at 80×24."""
    tx = Texts(lang)
    s = make_session(hands=("1111m23m234p567s88s", *HANDS_REST), draws="6z9p9p9p9m", lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        status = re.sub(r"\s+", " ", " ".join(line[1:] for line in screen_text(app).split("\n")[16:18]))
        assert status.startswith(re.sub(r"\s+", " ", tx("st.turn.win").strip() + " " + tx("st.turn.kong").strip())), status  # the screen read with its no-break spaces as spaces


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("melds", "bonus"),
    [
        ("kong 1m, pung 5p, chow 7s", "1f 2f 5f 8f"),
        ("kong 1m, kong 5p, chow 7s, pung 7z", "1f"),
        ("kong 1m, kong 5p, kong 7s, chow 1p", "1f 2f 3f 4f 5f 6f 7f 8f"),
    ],
)
def test_an_opponent_with_many_melds_and_bonus_tiles_fits_its_side_panel(melds: str, bonus: str, lang: str) -> None:
    """HK-4.8 and HK-1.3 at 80×24: a side panel (38 cells) shows every exposed meld of an
    opponent whole, its bonus tiles (counted when they don't fit: ``+3``) and whose turn it is,
    with a four-digit score (classical) — nothing was cut by an ellipsis."""
    from hkmj.scoring import Meld
    from hkmj.tui.render import opponent_text

    tx = Texts(lang)
    groups = tuple(Meld(kind, tile(t)) for kind, t in (m.split() for m in melds.split(", ")))
    flowers = tuple(tile(t) for t in bonus.split())
    panel = SeatPanel(seat=1, name=tx("bot", n=1, kind="strong"), relation="left", score=-1344, melds=groups,
                      bonus=flowers, pond=tuple(range(20)), latest=19, concealed=1, turn=True, dealer=True)
    lines = opponent_text(panel, tx, False, 38).plain.split("\n")
    assert all(len(line) <= 38 for line in lines), lines
    assert "-1344" in lines[0] and ("playing" in lines[0] or "joue" in lines[0] or lines[0].startswith("▶"))
    meld_faces = [short_name(tile(t), lang) for m in melds.split(", ") for t in [m.split()[1]]]
    assert all(face in lines[2] for face in meld_faces), lines[2]
    shown = sum(short_name(t, lang) in lines[2] for t in flowers)
    assert shown == len(flowers) or f"+{len(flowers) - shown}" in lines[2], lines[2]


@pytest.mark.asyncio
async def test_the_table_behind_the_end_screen_shows_the_settled_totals(make_session: Make) -> None:
    """HK-7: once a hand is settled, the scores on the table behind the end screen and the ranking
    are the new totals (they kept the totals from before the hand, disagreeing with the ranking)."""
    s = make_session()
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await _to_end_screen(pilot, app)
        totals = [s.panel(seat).score for seat in range(4)]
        assert totals == [s.match.totals[s.by_seat[seat]] for seat in range(4)] and totals[s.seat] == 96


@pytest.mark.parametrize(("lang", "words"), [("en", "q leaves the match"), ("fr", "q quitte la partie")])
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_the_help_says_how_to_leave_the_match(lang: str, words: str, rules: str) -> None:
    """The help (?) covers the keys line, so it says itself how to leave the match (q, Ctrl+C);
    it only said how to close the help."""
    body = Texts(lang, rules)("help.body")
    assert words in body and "Ctrl+C" in body


def test_a_side_panel_without_melds_keeps_saying_so_when_narrow() -> None:
    """Before the first layout a panel is drawn at 1 cell: an opponent without melds still reads
    "melds —" (the compact bonus count did not replace the label)."""
    from hkmj.tui.render import opponent_text

    panel = SeatPanel(seat=1, name="Bot 1 (strong)", relation="left", score=0, melds=(), bonus=(tile("1f"), tile("2f")),
                      pond=(), latest=None, concealed=13, turn=False, dealer=False)
    for width in (1, 38):
        assert opponent_text(panel, Texts(), False, width).plain.split("\n")[2].startswith("melds —")


@pytest.mark.asyncio
async def test_the_quit_question_says_the_match_is_saved_and_the_command_fits_80x24(
    make_session: Make, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The match is saved as it is played (docs/play.md, "Saving and resuming"): q says so, with the
    command that continues it whole on one line at 80×24 (a six-digit seed, the default place)."""
    from hkmj.tui.resume import save_dir

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    command = "hkmj play --resume ~/.local/state/hkmj/match-999999-2.jsonl"
    for lang in ("en", "fr"):
        app = PlayApp(make_session(lang=lang), delay=0, saved=save_dir() / "match-999999-2.jsonl")
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            lines = screen_text(app).split("\n")
            assert any(command in line for line in lines), screen_text(app)
            assert re.sub(r"\s+", " ", Texts(lang)("quit.saved", command=command).split("\n")[0]) in boxed_text(app)  # boxed_text reads no-break spaces as spaces
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_7_3_a_finished_match_offers_no_resume_command_when_leaving(make_session: Make, tmp_path: Path, lang: str) -> None:
    """HK-7.3: once the last hand is over the match is finished (``--resume`` refuses it: "this
    match is over, there is nothing to resume"). Yet q on the last end-of-hand screen and Ctrl+C
    on the final ranking asked "Leave the match?" above "to continue it later, hkmj play --resume
    FILE". The question now offers no command; in the middle of the match it still does."""
    tx = Texts(lang)
    app = PlayApp(make_session(lang=lang), delay=0, saved=tmp_path / "g.jsonl")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen) and "hkmj play --resume" in boxed_text(app)  # mid-match: it can go on
        await pilot.press("n")
        await pilot.pause()
        await _to_end_screen(pilot, app)
        for screen, key in ((EndScreen, "q"), (RankScreen, "ctrl+c")):
            assert isinstance(app.screen, screen)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            assert tx("quit.ask").split("?")[0] in screen_text(app) and "--resume" not in screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, screen)
            await pilot.press("enter")
            await pilot.pause()
    assert not app.is_running


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
async def test_hk_1_with_glyphs_the_help_shows_which_glyph_is_which_tile(make_session: Make, lang: str, rules: str) -> None:
    """HK-1: with ``--glyphs`` the help's tile section draws every tile's glyph over its text face
    (1m–9m, 1p–9p, 1s–9s, the winds and dragons, the flowers and seasons) instead of only saying
    that glyphs are used; without it the help keeps the one line about ``--glyphs``."""
    from rich.cells import cell_len

    from hkmj.rulesets import get_ruleset
    from hkmj.tiles import N_TILE_IDS, glyph
    from hkmj.tui.render import glyph_legend

    tx = Texts(lang, rules)
    assert tx("help.glyphs") in tx("help.body")
    rows = glyph_legend(lang)
    assert len(rows) == 10
    shown = [t for pair in zip(rows[::2], rows[1::2], strict=True) for t in range(N_TILE_IDS) if glyph(t) in pair[0].plain]
    assert shown == list(range(N_TILE_IDS))
    for glyphs_row, names_row in zip(rows[::2], rows[1::2], strict=True):
        names = names_row.plain.split()
        starts = [m.start() for m in re.finditer(r"\S+", names_row.plain)]
        for name, start in zip(names, starts, strict=True):
            t = next(t for t in range(N_TILE_IDS) if short_name(t, lang) == name)
            at = glyphs_row.plain.index(glyph(t))
            assert cell_len(glyphs_row.plain[:at]) == start, (name, glyphs_row.plain)  # the glyph stands over its name
    for glyphs in (True, False):
        app = PlayApp(make_session(lang=lang, rules=get_ruleset(rules)), glyphs=glyphs, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await _open_help(pilot, app)
            seen = boxed_text(app)
            for _ in range(3):
                await pilot.press("pagedown")
                await pilot.pause()
                seen += " " + boxed_text(app)
        if glyphs:
            assert " ".join(tx("help.glyphs_on").split()) in seen and tx("help.glyphs") not in seen
            assert glyph(tile("1m")) in seen and glyph(tile("7z")) in seen and " 1m 2m 3m " in seen
        else:
            assert tx("help.glyphs") in seen and glyph(tile("1m")) not in seen


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_hk_1_the_hint_list_ranks_a_dead_wait_after_the_live_ones_and_fits_80x24(make_session: Make, lang: str) -> None:
    """HK-1: you discard a 5 Circles, the three others discard theirs, and you draw 9 Bamboo:
    discarding it would leave a wait on 5 Circles, all four out. The hint panel's list put that
    discard first, as the best shape; at 80×24 it now lists first the discards one tile from a
    live ready hand, and the dead wait last, its line saying every winning tile is out, with the
    header and the keys line still on screen."""
    tx = Texts(lang)
    s = make_session(hands=("123m456m789m11z46p5p", "2233445566778m", "2233445566778s", "223344999s2346z"), draws="5p5p5p9s", lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("end", "enter")  # the 5 Circles, dealt last (kept apart)
        for _ in range(3):  # a win on each 5 Circles is on offer: pass
            await pilot.pause()
            await pilot.press("space")
        await pilot.pause()
        assert s.view().discards == ((tile("5p"),),) * 4 and s.view().drawn == tile("9s"), s.view()
        assert isinstance(app.screen, TableScreen)
        app.screen._advisor = FixedAdvisor(discard_of(tile("4p")))  # the list's order under test, not the advice (which lists its discard first)
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        flat = re.sub(r"\s+", " ", text)
        assert re.sub(r"\s+", " ", tx("hint.out")) in flat and tx("hint.discards") in text and tx("keys") in text
        dead = "  " + tx("hint.discard.ready.out", tile=tx.tile(tile("9s")), waits=tx.grouped((tile("5p"),)))
        live = ["  " + tx("hint.discard", tile=tx.tile(tile(t)), dist=tx.distance(1), unseen=tx.plural("unseen", 27)) for t in ("4p", "6p")]
        assert live[0].strip() in flat  # the advised discard, first, in sight without scrolling; the panel keeps what fits
        assert re.sub(r"\s+", " ", dead.strip()) not in flat  # the header says it: no room is taken from the live discards
        lines = app.screen.hint_lines(4)  # the four best discards, as a taller panel shows them
        shown = lines[lines.index(tx("hint.discards")) + 1 :]
        assert shown[:2] == live and shown[-1] == dead, shown


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "word"), [("en", "seed"), ("fr", "graine")])
async def test_a_seed_the_header_leaves_out_for_house_options_is_named_by_the_help_at_80x24(lang: str, word: str) -> None:
    """The help says "The top line also says which hand this is … and the seed: the same seed deals
    the same walls", but at a table of house options the 80-column header gives the seed's room to
    the options (``Hand 1/4 · East round · wall 73 · teaching · HK · min 3 fan · +4 options (?)``),
    and the help's line on the table, which names every option, did not name it either: the seed
    of a match started without --seed was nowhere on screen. The help's line now ends with it."""
    from hkmj.bots import make_bot
    from hkmj.rulesets import get_ruleset

    tx = Texts(lang)
    bots = [make_bot("greedy", i) for i in range(3)]
    s = Session(bots, ["greedy"] * 3, seed=987654, length="hands", hands=4, teach=True, lang=lang, rules=get_ruleset("hk", WORST_OPTIONS["hk"]))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        top = screen_text(app).split("\n")[0]
        assert "987654" not in top and re.search(r"\+\d options \(\?\)", top), top  # the header has no room for it
        await _open_help(pilot, app)
        await pilot.pause()
        text = re.sub(r"[\s▁▂▃▄▅▆▇█│]+", " ", screen_text(app))
    assert f"{word} 987654" in text, text[:600]
    assert tx("help.table", rules="").replace("\u00a0", " ").strip() in text
