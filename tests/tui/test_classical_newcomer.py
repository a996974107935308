"""``hkmj play --rules classical`` as a newcomer plays it at 80×24: what a false Mahjong costs is
said as an amount, the table's own, before and after it is declared (CL-7.7, CL-6.2)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest

from hkmj.engine import PASS, Action, Discard, SeatView, stacked_wall
from hkmj.engine.actions import discard
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.session import Session
from hkmj.tui.testing import joined
from hkmj.tui.texts import Texts

Make = Callable[..., Session]


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now, its lines joined by single spaces."""
    return re.sub(r"[ \n│▁▂▃▄▅▆▇█]+", " ", " ".join(strip.text for strip in app.screen._compositor.render_strips()))


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "options", "words"),
    [
        ("en", {}, "you pay 2000 to each player, the limit doubled as you are East (CL-7.7)"),
        ("fr", {}, "vous payez 2000 à chaque joueur, la limite doublée car vous êtes l'Est (CL-7.7)"),
        ("en", {"limit": "500"}, "you pay 1000 to each player, the limit doubled as you are East (CL-7.7)"),
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
        assert f"pays {2 * limit} to each other player" in shown or f"paie {2 * limit} à chaque autre joueur" in shown, shown
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
        ("fr", "Chacun des autres paie au gagnant le score du gagnant\u00a0;",
         "Chaque joueur dont le score ne dépasse pas celui du gagnant lui paie le score du gagnant\u00a0; "
         "le gagnant paie à chaque joueur de score plus élevé le double de la différence (règle de la maison, CL-7.4)\u00a0;"),
    ],
)
def test_cl_7_4_the_help_says_who_pays_at_a_pay_the_highest_table(make_session: Make, lang: str, seed_words: str, house_words: str) -> None:
    """CL-7.4: with ``--option pay_highest=on`` the winner pays twice the difference to each player
    scoring more, and the end screen says so; but the help (``?``) still said "each of the others
    pays the winner the winner's score" under its own "This table: … pay the highest score" line.
    It now states the house rule in its place; without the option it keeps CL-7.1's words."""
    for options, said, unsaid in (({"pay_highest": "on"}, house_words, seed_words), ({}, seed_words, house_words)):
        s = make_session(lang=lang, rules=get_ruleset("classical", options))
        body = joined(s.tx("help.body"))
        assert said in body and unsaid not in body


class _Passer:
    """Discards the tile it just drew (else its first tile) and passes every claim."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase == "turn":
            return discard(view.drawn) if view.drawn is not None and discard(view.drawn) in legal else next(a for a in legal if isinstance(a, Discard))
        return PASS


SOUTH_SEED = 2
"""With this match seed the human (player 0) draws South at the seat draw (HK-2.1, CL-4.1)."""


def _south_session(rules: str, lang: str, **options: str) -> Session:
    """One hand where you sit South with ``2233445566778m`` and East's first discard, ``9m``, on offer."""
    wall = stacked_wall(("111m234p56s88s1z66z9m", "2233445566778m", "2233445566778p", "223344999s2345z"), "6z9p9p9p1m", "7s")
    s = Session([_Passer(), _Passer(), _Passer()], ["script"] * 3, seed=SOUTH_SEED, length="hands", hands=1, lang=lang,
                walls=lambda n: (wall, (1, 1, 1)) if n == 1 else None, rules=get_ruleset(rules, options))
    return s


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("rules", "lang", "question", "end"),
    [
        ("classical", "en", "you pay East 2000, the limit doubled for East, and 1000 to each of the two others (CL-7.7)",
         "Its declarer (you) pays East 2000, the limit doubled for East, and 1000 to each of the two others (CL-7.7)"),
        ("classical", "fr", "vous payez 2000 à Est, la limite doublée pour l'Est, et 1000 à chacun des deux autres (CL-7.7)",
         "Celui qui l'a annoncé (vous) paie 2000 à Est, la limite doublée pour l'Est, et 1000 à chacun des deux autres (CL-7.7)"),
        ("hk", "en", "you pay East 128, double as the discarder, and 64 to each other player (HK-5.7)",
         "Its declarer (you) pays the discarder (East) 128, double, and 64 to each of the two others (HK-5.7)"),
        ("hk", "fr", "vous payez 128 à Est, le double comme défausseur, et 64 à chacun des autres joueurs (HK-5.7)",
         "Celui qui l'a annoncé (vous) paie 128 au défausseur (Est), le double, et 64 à chacun des deux autres (HK-5.7)"),
    ],
)
async def test_cl_7_7_a_south_declarer_is_told_his_own_false_mahjong_cost_at_80x24(
    rules: str, lang: str, question: str, end: str, boxed_text: Callable[[PlayApp], str]
) -> None:
    """CL-7.7 (HK-5.7 alike): you sit South and press m on East's discard with a hand that does
    not win. The question said the general rule, "you pay each player the limit, 1000 (2000 when
    East pays or is paid)", and the end screen "whoever declares a false Mahjong pays ...": it now
    says what you pay, seat by seat (East 2000, the two others 1000; in Hong Kong the discarder
    East 128, the others 64), and the payments are those figures."""
    s = _south_session(rules, lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert s.seat == 1 and s.view().offered == tile("9m") and s.human_pending()
        await pilot.press("m")
        await pilot.pause()
        assert app.table.confirming
        shown = screen_text(app)
        assert question in shown and "1000 (2000" not in shown, shown
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        shown = boxed_text(app)
        assert end in shown, shown
    big, small = (2000, 1000) if rules == "classical" else (128, 64)
    assert [r.payment for r in s.summary.seats] == [big, -(big + 2 * small), small, small]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cl_7_7_the_log_says_what_a_bots_false_mahjong_costs_each_seat(lang: str) -> None:
    """CL-7.7: a false Mahjong by another seat was logged with the general rule ("pays each player
    the limit, 1000 (2000 when East pays or is paid)"); the log now says what that seat pays: West
    pays you (East) 2000 and 1000 to each of the two others; East declaring pays 2000 to each."""
    s = _south_session("classical", lang)
    s.start_hand()
    s.seat = 0  # seen from East's chair
    ev = {"type": "false_mahjong", "seat": 2, "from": 1, "tile": None, "concealed": "", "melds": [], "reason": "", "payments": [2000, 1000, -4000, 1000]}
    said = " ".join(n.text for n in s._describe(ev))
    assert said.endswith(
        "West pays you 2000, the limit doubled for East, and 1000 to each of the two others (CL-7.7)."
        if lang == "en" else "Ouest vous paie 2000, la limite doublée pour l'Est, et 1000 à chacun des deux autres (CL-7.7)."
    ), said
    s.seat = 2  # seen from West's chair, East declaring
    ev = {**ev, "seat": 0, "payments": [-6000, 2000, 2000, 2000]}
    said = " ".join(n.text for n in s._describe(ev))
    assert said.endswith(
        "East pays 2000 to each player, the limit doubled as East pays double (CL-7.7)."
        if lang == "en" else "Est paie 2000 à chaque joueur, la limite doublée car l'Est paie double (CL-7.7)."
    ), said
