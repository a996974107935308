"""``hkmj play --rules classical`` as a newcomer plays it at 80×24: what a false Mahjong costs is
said as an amount, the table's own, before and after it is declared (CL-7.7, CL-6.2)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.session import Session
from hkmj.tui.texts import Texts

Make = Callable[..., Session]


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now, its lines joined by single spaces."""
    return re.sub(r"[\s│▁▂▃▄▅▆▇█]+", " ", " ".join(strip.text for strip in app.screen._compositor.render_strips()))


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "options", "words"),
    [
        ("en", {}, "you pay each player the limit, 1000 (2000 when East pays or is paid; CL-7.7)"),
        ("fr", {}, "vous payez à chaque joueur la limite, 1000 (2000 quand l'Est paie ou reçoit ; CL-7.7)"),
        ("en", {"limit": "500"}, "you pay each player the limit, 500 (1000 when East pays or is paid; CL-7.7)"),
    ],
)
async def test_cl_7_7_the_false_mahjong_question_and_end_screen_say_the_amount_at_80x24(
    make_session: Make, lang: str, options: dict[str, str], words: str, boxed_text: Callable[[PlayApp], str]
) -> None:
    """CL-7.7, CL-6.2: m on a hand that is not complete asked "you pay the limit to each player,
    East's share doubled" — the limit's value said nowhere in the game, its help included. The
    question, the end screen and the help now say it (the table's `limit` option's too), and the
    East player (you) pays what they said: twice the limit to each of the three."""
    limit = int(options.get("limit", "1000"))
    tx = Texts(lang)
    s = make_session(lang=lang, rules=get_ruleset("classical", options))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert app.table.confirming
        shown = screen_text(app)
        assert words in shown and tx("keys") in shown, shown
        await pilot.press("question_mark")
        await pilot.pause()
        help_body = s.tx("help.body")
        assert f"{limit} (CL-6)" in help_body and f"{limit} ({2 * limit} " in help_body
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("m")  # the question is gone with the help: ask again
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        shown = boxed_text(app)
        assert f"{limit} ({2 * limit} " in shown, shown
    assert [r.payment for r in s.summary.seats] == [-6 * limit, 2 * limit, 2 * limit, 2 * limit]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cl_7_7_the_browsers_classical_help_says_the_limit_not_a_hong_kong_amount(lang: str) -> None:
    """The browser's /help?rules=classical is the terminal's help: its words are made without a
    table (no house options), so they say the classical limit, 1000 — never Hong Kong's 64."""
    from hkmj.server.help import help_page

    page = re.sub(r'<span class="cite">([^<]*)</span>', r"\1", help_page(lang, "classical"))  # a citation kept on one line
    assert "1000 (2000 " in page and "1000 (CL-6)" in page
    assert not re.search(r"\b64\b|\b128\b", page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cl_5_the_classical_help_and_teaching_words_never_say_fan(lang: str) -> None:
    """CL-5: the classical game scores points and doubles and never explains a "fan"; its help and
    its teaching note said "no fans from other tables", in Hong Kong's words. They now say it in
    points and doubles, in English and French (the Hong Kong table keeps its fans)."""
    tx = Texts(lang, "classical")
    for key in ("help.body", "teach.other_tables"):
        assert not re.search(r"\bfans?\b", tx(key)), (key, tx(key))
    assert ("points and doubles" if lang == "en" else "points et doubles") in tx("help.body")
    assert ("points and doubles" if lang == "en" else "points et ses doubles") in tx("teach.other_tables")
    assert re.search(r"\bfans?\b", Texts(lang, "hk")("teach.other_tables"))


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_cl_2_4_a_ready_hand_of_pungs_declared_too_soon_is_not_called_pairs_solitaire_at_80x24(
    make_session: Make, lang: str
) -> None:
    """CL-2.4, CL-7.7: South discards the Green dragon; you hold 111m 234p 56s 88s East 66z, one
    tile from winning, and press m. The refusal said "it is ready: one tile from winning", then
    "This is not pairs solitaire: pairs alone don't win" — a pung counted as a pair (111m, 666z
    with the discard, 88s). Only a hand of three pairs or more gets that warning now."""
    tx = Texts(lang, "classical")
    s = make_session(rules=get_ruleset("classical"), lang=lang, teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.table.handle(s.try_discard(tile("9m")))
        await pilot.pause()
        assert s.view().offered == tile("6z") and s.human_pending()
        await pilot.press("m")
        await pilot.pause()
        shown = screen_text(app)
        assert tx("dist.0") in shown and "CL-7.7" in shown, shown
        assert tx("teach.pairs")[:30] not in shown, shown


@pytest.mark.parametrize(
    ("lang", "seed_words", "house_words"),
    [
        ("en", "Each of the others pays the winner the winner's score;",
         "Each player scoring no more than the winner pays the winner's score; the winner pays each player scoring more twice the difference (house rule, CL-7.4);"),
        ("fr", "Chacun des autres paie au gagnant le score du gagnant ;",
         "Chaque joueur dont le score ne dépasse pas celui du gagnant lui paie le score du gagnant ; "
         "le gagnant paie à chaque joueur de score plus élevé le double de la différence (règle de la maison, CL-7.4) ;"),
    ],
)
def test_cl_7_4_the_help_says_who_pays_at_a_pay_the_highest_table(make_session: Make, lang: str, seed_words: str, house_words: str) -> None:
    """CL-7.4: with ``--option pay_highest=on`` the winner pays twice the difference to each player
    scoring more, and the end screen says so; but the help (``?``) still said "each of the others
    pays the winner the winner's score" under its own "This table: … pay the highest score" line.
    It now states the house rule in its place; without the option it keeps CL-7.1's words."""
    for options, said, unsaid in (({"pay_highest": "on"}, house_words, seed_words), ({}, seed_words, house_words)):
        s = make_session(lang=lang, rules=get_ruleset("classical", options))
        body = " ".join(s.tx("help.body").split())
        assert said in body and unsaid not in body
