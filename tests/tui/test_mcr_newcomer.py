"""``hkmj play --rules mcr`` as a newcomer plays it at 80×24: the hint panel's long lines (MCR-5.1's
waits that score 8 points only self-drawn) read whole, in English and French."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.app import PlayApp
from hkmj.tui.session import Session
from hkmj.tui.testing import joined
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
HANDS_REST = ("2233445566778m", "2233445566778p", "223344999s2345z")
"""The bots' hands of the stacked wall (tests/tui/conftest.py)."""


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "tail"), [("en", "self-drawn on 4 Circles"), ("fr", "seulement en piochant sur 4 Cercles")])
async def test_mcr_5_1_a_long_discard_line_of_the_hint_hangs_under_its_text_and_nothing_hides_at_80x24(
    make_session: Make, lang: str, tail: str
) -> None:
    """MCR-5.1, MCR-6.25: East holds 234m 456m 789m 23p 55s and East wind; discarding the wind
    leaves waits 1p and 4p, 4p scoring 8 points only self-drawn. That discard's hint line is wider
    than the panel at 80 columns: it went on at the panel's left margin, under the heading, and
    pushed the next discard below the panel, where no key scrolls (the panel takes no focus).
    Now it continues under its own text (two cells further in) and the panel holds what it shows:
    no scrolling."""
    tx = Texts(lang, "mcr")
    s = make_session(hands=("234m456m789m23p55s1z", *HANDS_REST), rules=get_ruleset("mcr"), lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        for _ in range(3):
            await pilot.pause()
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        assert any(tx("hint.discards") in row for row in rows)
        start = next(i for i, row in enumerate(rows) if row.startswith("   " + tx.tile(tile("1z"))))  # East wind's line
        assert rows[start + 1].startswith("     ") and tail in rows[start + 1], rows[start : start + 2]
        assert app.table.query_one("#hints").max_scroll_y == 0  # nothing below the panel's last line
        assert tx("keys") in rows[-1]


@pytest.mark.parametrize(("rules", "rule"), [("mcr", "MCR-2.3"), ("classical", "CL-4.5"), ("hk", None)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_2_3_cl_4_5_a_new_round_says_the_players_change_seats(rules: str, rule: str | None, lang: str) -> None:
    """MCR-2.3, CL-4.5: at the fifth hand (a new round) the players change seats, so the bots on
    your left, across and on your right are others than before — and the log said nothing of it:
    only the panels' names changed. The hand's first lines now say it, with the rule and who sits
    where; the hands within a round, and a Hong Kong match (whose order never changes), say nothing."""
    from hkmj.bots import make_bot
    from hkmj.tui.testing import play_hand

    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=21, length="hands", hands=5, lang=lang, rules=get_ruleset(rules))
    me = make_bot("greedy", 9)
    said: list[list[str]] = []
    while not s.match_over:
        notes = s.start_hand()
        said.append([n.text for n in notes if n.text.startswith(("New round", "Nouveau tour de vent", "The players", "Les joueurs"))])
        play_hand(s, me)
        s.finish_hand()
    if rule is None:
        assert said == [[]] * 5
        return
    assert said[:4] == [[]] * 4 and len(said[4]) == 1
    line = said[4][0]
    right, across, left = (s.player_name(s.by_seat[(s.seat + k) % 4]) for k in (1, 2, 3))
    tx = Texts(lang, rules)
    assert line == tx("ev.seats", right=right, across=across, left=left) and f"({rule})" in line


@pytest.mark.parametrize(
    ("rules", "lang", "length", "starts"),
    [
        ("mcr", "en", "game", "Hand 1/16 · prevailing East"),
        ("mcr", "fr", "round", "Donne 1/4 · vent Est"),
        ("classical", "en", "game", "Hand 1/16 · prevailing East"),
        ("classical", "fr", "game", "Donne 1/16 · vent Est"),
        ("hk", "en", "game", "Hand 1 · prevailing East"),
    ],
)
def test_mcr_2_1_cl_4_4_the_header_counts_the_16_hands_of_a_game(rules: str, lang: str, length: str, starts: str) -> None:
    """MCR-2.1, CL-4.4: an MCR or classical game is 16 hands exactly, a round 4 (the deal passes
    after every hand, MCR-2.2, CL-4.3), yet the header said "Hand 5" as for Hong Kong, whose
    dealer may keep the deal (HK-7.2): a newcomer could not tell how long the match would last.
    It now says "Hand 5/16"; a Hong Kong game keeps "Hand 5". The header still fits 78 columns."""
    from hkmj.bots import make_bot

    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=987654, length=length, lang=lang, teach=True, rules=get_ruleset(rules))  # type: ignore[arg-type]
    s.start_hand()
    assert s.header().startswith(starts), s.header()
    assert len(s.header(78)) <= 78 and s.header(78).startswith(starts.split(" · ")[0] + " · ")


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_mcr_6_nine_waits_of_the_hint_scroll_with_page_keys_at_80x24(make_session: Make, lang: str) -> None:
    """MCR-6 (Nine Gates): East holds 1112345678999m and South's 1m is on offer. The hint's list of
    waits (all nine Characters, each with its unseen copies) is longer than the panel at 80×24,
    and neither the panel nor the log takes the focus: the last waits stayed below the panel with
    no key to reach them. PgDn now scrolls the shown hint panel (PgUp back), and the help says so."""
    tx = Texts(lang, "mcr")
    s = make_session(hands=("1112345678999m1z", *HANDS_REST), draws="1m9p9p9p", rules=get_ruleset("mcr"), lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end", "enter")  # discard East wind; South then discards 1m
        await pilot.pause()
        await pilot.press("h")
        for _ in range(3):
            await pilot.pause()
        hints = app.table.query_one("#hints")
        last = tx.plural("hint.unseen", 1, tile=tx.tile(tile("9m")))  # 9 Characters: three in hand
        assert hints.max_scroll_y > 0
        shown = " ".join(strip.text.strip() for strip in app.screen._compositor.render_strips())
        assert last not in shown
        await pilot.press("pagedown")
        await pilot.pause()
        assert hints.scroll_y > 0
        shown = " ".join(strip.text.strip() for strip in app.screen._compositor.render_strips())
        assert last in shown, shown
        await pilot.press("pageup")
        await pilot.pause()
        assert hints.scroll_y == 0
        assert not s.over  # the keys scrolled, and played nothing
    assert "PgUp/PgDn" in tx("help.body") or "PgPréc/PgSuiv" in tx("help.body")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "teach", "mistake"),
    [
        ("en", "or seven pairs, four identical tiles making two (MCR-5.2)", "pairs alone don't win, unless they are seven (Seven Pairs, 24"),
        ("fr", "ou sept paires, quatre tuiles identiques en faisant deux (MCR-5.2)", "des paires seules ne gagnent pas, sauf sept (Sept Paires, 24"),
    ],
)
async def test_mcr_5_2_the_pairs_warning_and_the_help_say_seven_pairs_win_and_need_not_differ_at_80x24(
    make_session: Make, lang: str, teach: str, mistake: str
) -> None:
    """MCR-5.2, MCR-6.55: at an MCR table seven pairs win (24 points) and four identical tiles may
    be two of them. A false Mahjong of pairs at a teaching table said "or seven different pairs"
    (Hong Kong's HK-5.3), and the help's common mistakes said only "pairs alone don't win" under a
    goal that lists seven pairs among the winning hands. Both now say what MCR allows."""
    hands = ("1122m234p56s88s1z6z9m", "2233445566778m", "2233445566778p", "223344999s2345z")
    s = make_session(hands=hands, rules=get_ruleset("mcr"), lang=lang, teach=True)  # 11m 22m 88s: three pairs
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        log = joined(" ".join(strip.text for strip in app.table.query_one("#log").lines))
        assert teach in log and "different" not in log and "différentes" not in log
        await pilot.press("question_mark", "end")
        for _ in range(50):  # the help screen opens, then scrolls to its end: a loaded machine takes a few frames
            await pilot.pause(0.05)
            rows = [strip.text for strip in app.screen._compositor.render_strips()]
            shown = " ".join(" ".join(row.split("│")[1] for row in rows if row.count("│") >= 2).split())
            if mistake in shown:
                break
        assert mistake in shown, shown


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "rule"),
    [
        ("en", "MCR-4.1: to pung a discard you show two matching tiles from your hand; a discard is never claimed just to make a pair"),
        ("fr", "MCR-4.1\u00a0: pour faire pung sur une défausse, montrez deux tuiles identiques de votre main\u00a0; on ne réclame jamais une défausse"),
    ],
)
async def test_mcr_4_1_a_pung_refused_on_one_tile_cites_its_rule_once_at_80x24(make_session: Make, lang: str, rule: str) -> None:
    """MCR-4.1: North (on your left) discards 4 Circles; you hold 234p, so you may chow it, and
    press p holding a single 4p. The refusal's rule said "MCR-4.1: … MCR-4.1: …", the Hong Kong
    text's two rules (HK-4.3, HK-4.5) both renumbered to MCR-4.1; it now cites MCR-4.1 once."""
    s = make_session(draws="9p9p4p", rules=get_ruleset("mcr"), lang=lang, teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end", "enter")  # discard 9m; South and West discard 9p, North 4p
        for _ in range(3):
            await pilot.pause()
        assert s.view().offered == tile("4p") and s.human_pending()
        await pilot.press("p")
        await pilot.pause()
        log = joined(" ".join(strip.text for strip in app.table.query_one("#log").lines))
        assert rule in log and log.count("MCR-4.1" + rule[7:9].rstrip()) == 1, log  # "MCR-4.1:", "MCR-4.1 :"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "it is ready in shape only: no wait scores the 8-point minimum (MCR-5.1)."),
        ("fr", "elle est prête par sa forme seulement\u00a0: aucune attente n'atteint les 8 points (MCR-5.1)."),
    ],
)
async def test_mcr_5_1_a_refused_mahjong_one_discard_from_a_wait_under_8_points_is_not_called_one_tile_from_winning_at_80x24(
    make_session: Make, lang: str, said: str
) -> None:
    """MCR-5.1: East holds 123m 234p 345p 555s, 7 Bamboo and East wind and presses m at a teaching
    table. Either discard leaves a single wait worth under 8 points (the hint says "ready in shape
    only"), but the refusal said the hand was "ready: one tile from winning". It now says what the
    hint says: ready in shape only, no wait reaching the 8 points."""
    tx = Texts(lang, "mcr")
    s = make_session(hands=("123m234p345p555s7s1z", *HANDS_REST), rules=get_ruleset("mcr"), lang=lang, teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        shown = re.sub(r"[ \n▁▂▃▄▅▆▇█]+", " ", " ".join(strip.text for strip in app.screen._compositor.render_strips()))
        assert said in shown, shown  # the log's last lines, in view
        assert tx("dist.0") not in shown
        assert not s.over and s.view().turn == s.seat  # refused: East still has to discard


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "drawn", "fine"),
    [
        ("en", "The wall is empty: the hand is a draw, nobody wins (MCR-3.3).", "you pay 10 to each other player (MCR-5.4)."),
        ("fr", "Le mur est épuisé\u00a0: donne nulle, personne ne gagne (MCR-3.3).", "vous payez 10 à chaque autre joueur (MCR-5.4)."),
    ],
)
async def test_mcr_5_4_a_drawn_hand_after_your_false_mahjong_does_not_say_nobody_pays_at_80x24(
    make_session: Make, lang: str, drawn: str, fine: str
) -> None:
    """MCR-3.3, MCR-5.4: East declares a false Mahjong (the hand goes dead, 10 to each player) and
    the wall runs out. The end screen said the fine was paid, but the log's last line said "the
    hand is a draw, nobody pays" over a score of -30. The log now says nobody wins, then that the
    false Mahjong is settled, as the end screen does."""
    tx = Texts(lang, "mcr")
    s = make_session(hands=("123m234p345p555s7s1z", *HANDS_REST), rules=get_ruleset("mcr"), lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m", "m")  # declared and confirmed: a false Mahjong, the hand is dead
        await pilot.pause()
        assert s.dead_hand
        while s.summary is None:
            if s.human_pending():
                await pilot.press(*(("end", "enter") if s.view().phase == "turn" else ("space",)))
            await pilot.pause()
        await pilot.pause()
        assert s.summary.kind == "draw" and s.panel(s.seat).score == -30
        log = joined(" ".join(strip.text for strip in app.table.query_one("#log").lines))
        assert drawn in log and log.endswith(fine), log[-400:]
        assert tx("ev.exhausted") not in log


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_4_a_dead_hand_is_told_why_it_cannot_declare_or_claim(make_session: Make, lang: str) -> None:
    """MCR-5.4: after a false Mahjong the hand is dead, it can no longer win or claim (MCR-4.3).
    Then m on your own turn, just after your draw, answered "You can declare Mahjong only after
    your own draw, or on a tile you could take", and p on another player's discard "There is no
    discard to claim now": both untrue. Both now say the hand is dead, citing MCR-5.4."""
    tx = Texts(lang, "mcr")
    s = make_session(hands=("123m234p345p555s7s1z", *HANDS_REST), rules=get_ruleset("mcr"), lang=lang)
    s.start_hand()
    assert s.try_mahjong(confirmed=True).done and s.dead_hand
    dead = tx("no.dead")
    assert "MCR-5.4" in dead and "HK-" not in dead
    refused = s.try_mahjong(confirmed=True)
    assert not refused.done and refused.notes[0].text == dead
    s.try_discard(s.view().drawn or s.hand_row()[0][0])
    while not (s.view().offered is not None and s.view().turn != s.seat):
        s.step()
    for key in (s.try_pung, s.try_chow, s.try_kong, s.try_mahjong):
        refused = key()
        assert not refused.done and refused.notes[0].text == dead, (key, refused.notes)


@pytest.mark.parametrize("width", range(30, 80))
def test_the_french_hint_panel_never_opens_a_line_with_a_sign(width: int) -> None:
    """The hint panel (h) broke its lines where the panel's width fell, and French puts a space
    before ``: ; ! ?``: the useful tiles "1 2 3 4 5 6 7 8 Cercles ; 1 2 3 8 Bambous ; Dragon Rouge"
    or "Meilleur coup (robot expert) : défausser …" could open a line with the sign. In French the
    panel now breaks its lines itself, never there, indented lines still hanging under their text."""
    from rich.console import Console

    from hkmj.tui.render import hint_text

    tx = Texts("fr", "mcr")
    lines = [
        tx("hint.distance", dist=tx.distance(2)),
        tx("hint.best", bot="robot expert", action="défausser Dragon Vert"),
        tx("hint.improving", tiles="1 2 3 4 5 6 7 8 Cercles\u00a0; 1 2 3 8 Bambous\u00a0; Dragon Rouge", unseen=tx.plural("unseen", 37)),
        "  " + tx("hint.discard.ready.short", tile="Dragon Vert", waits="4 7 Bambous", min=8, unit="points"),
    ]
    body = hint_text(tx("hint.title") + " — ", lines, width, 40, lang="fr")
    shown = [line.plain for line in body.wrap(Console(width=200), width)]  # as the panel shows it
    assert [x for x in shown if re.match(r"\s*[:;!?»]", x) or x.rstrip().endswith("«")] == [], shown
    assert " ".join(" ".join(shown).split()) == " ".join((tx("hint.title") + " — " + " ".join(lines)).split())
