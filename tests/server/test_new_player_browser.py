"""A new player's first tables in Debian's Chromium (Playwright) against a real ``hkmj serve`` on 127.0.0.1: what
the page calls things, at a desktop window and on phones."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, lobby_in, lobby_page, phone_page

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bot_has_one_name_in_the_lobby_the_join_panel_and_at_the_table(server: Server, lang: str, browser: Any) -> None:
    """A bot was named four ways: "Bot: greedy" in the lobby's seat menus, "bot: greedy" in the lobby's list of
    tables, "Seat 3: bot greedy" on a join link's panel and "Bot 3 (greedy)" at the table (and "greedy bot" in the
    log export). It is now "Bot 3 (greedy)" ("Robot 3 (glouton)") wherever a seat is named, as the terminal names
    it, and "Bot (greedy)" in a seat's menu, beside the seat's number."""
    words = {"en": ("Bot", "greedy", "strong", "random"), "fr": ("Robot", "glouton", "fort", "hasard")}[lang]
    bot, greedy, strong, rand = words
    errors: list[str] = []
    host = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(host, lang)
    options = host.locator("select[name=slot1] option").all_inner_texts()
    assert f"{bot} ({greedy})" in options and f"{bot} ({strong})" in options, options
    host.fill("input[name=name]", "Ann")
    host.select_option("select[name=slot1]", "greedy")
    host.select_option("select[name=slot2]", "open")
    host.select_option("select[name=slot3]", "random")
    host.check("input[name=listed]")
    host.click("#create")
    host.wait_for_selector("ul.seats")
    seats = host.locator("ul.seats li").all_inner_texts()
    assert seats[1].endswith(f"{bot} 2 ({greedy})") and seats[3].endswith(f"{bot} 4 ({rand})"), seats
    tid = host.url.rsplit("/", 1)[1]
    guest = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(guest, lang)
    row = guest.locator("table.list tr", has=guest.locator(f"a.tid:text-is('{tid}')")).inner_text()
    assert f"{bot} 2 ({greedy})" in row and f"{bot} 4 ({rand})" in row and ":" not in row.split("Ann")[1], row
    guest.goto(f"{server.base}/t/{tid}")
    guest.wait_for_selector("button.sit")
    assert guest.locator("ul.seats li").nth(1).inner_text().endswith(f"{bot} 2 ({greedy})")
    host.click("#start")
    host.wait_for_selector("#board")
    deadline = time.monotonic() + 10
    while len(names := host.locator(".seat .who b").all_inner_texts()) < 4:
        assert time.monotonic() < deadline, names
        time.sleep(0.05)
    assert sorted(names) == sorted(["Ann", f"{bot} 2 ({greedy})", f"{bot} 3 ({greedy})", f"{bot} 4 ({rand})"]), names
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cl_7_mcr_8_a_bots_name_is_not_put_in_brackets_inside_brackets(server: Server, lang: str, browser: Any) -> None:
    """CL-7, MCR-8, HK-4.7: the end of a hand says who pays whom, naming the winner and the discarder in brackets, and a
    claim that lost says who took the tile, with their wind in brackets. A bot's name has its own brackets, so the
    page read "Each of the others pays the winner (Bot 4 (greedy)) the winner's score" and "Bot 3 (greedy) (West)
    claimed 1 Circles". A bot's name now goes between commas there ("the winner, Bot 4 (greedy), receives"); a
    person's keeps its brackets."""
    from hkmj.tui.texts import Texts

    rules = {rule: {lg: Texts(lg, ruleset)(f"end.pay.{rule}", winner="{winner}", whom="{whom}", points=21, each=29, total=45)
                    for lg in ("en", "fr")} for ruleset, rule in (("classical", "classical"), ("mcr", "mcr.discard"))}
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    players = [{"slot": 0, "name": "Ann", "bot": None}, {"slot": 1, "name": "", "bot": "greedy"},
               {"slot": 2, "name": "", "bot": "greedy"}, {"slot": 3, "name": "", "bot": "strong"}]
    st = {"players": players, "hand": {"seat_slots": [0, 1, 2, 3]}}
    said = page.evaluate(
        """([st, rules]) => { const name = (seat) => playerName(st, st.hand.seat_slots[seat]);
          const text = (html) => Object.assign(document.createElement("p"), { innerHTML: html }).textContent;
          return [text(payRule(st, { seat: 3, from: null, pay_rule: rules.classical }, name)),
                  text(payRule(st, { seat: 1, from: 0, pay_rule: rules["mcr.discard"] }, name)),
                  claimLostText(st, { seat: 2, claim: "pung" }, { action: "chow 123p", tile: "1p" }),
                  claimLostText(st, { seat: 0, claim: "pung" }, { action: "chow 123p", tile: "1p" })]; }""",
        [st, rules],
    )
    bot4, bot2, bot3 = {"en": ("Bot 4 (strong)", "Bot 2 (greedy)", "Bot 3 (greedy)"), "fr": ("Robot 4 (fort)", "Robot 2 (glouton)", "Robot 3 (glouton)")}[lang]
    assert not any(")) " in s or "))" in s or ") (" in s for s in said), said
    want = {
        "en": (f"the winner, {bot4}, the winner's score", "The discarder (Ann) pays", f"the winner, {bot2}, receives 45",
               f"{bot3}, West, claimed 1 Circles", "Ann (East) claimed 1 Circles"),
        "fr": (f"au gagnant, {bot4}, le score", "Le défausseur (Ann) paie", f"le gagnant, {bot2}, reçoit 45",
               f"{bot3}, Ouest, a réclamé 1 Cercles", "Ann (Est) a réclamé 1 Cercles"),
    }[lang]
    assert want[0] in said[0] and want[1] in said[1] and want[2] in said[1], said
    assert want[3] in said[2] and want[4] in said[3], said
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_full_tables_link_asks_for_no_name_and_offers_to_watch(server: Server, lang: str, browser: Any) -> None:
    """The link of a table whose seats are all taken (here four bots) showed "Join <id>" and a "Your name" box above
    "This table is full: you can watch it": a newcomer typed a name for nothing (a spectator gives none), under a
    heading offering what they could not do. The panel is now headed "Watch <id>" ("Regarder <id>"), without the
    name box, and its Watch button shows the table."""
    tid = server.create(slots=["greedy"] * 4, hands=1, bot_delay=1)
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("#full")
    assert page.inner_text("h2") == f"{ {'en': 'Watch', 'fr': 'Regarder'}[lang]} {tid}"
    assert page.locator("#name").count() == 0 and page.locator("button.sit").count() == 0
    page.locator("a.button[href$='?watch=1']").click()
    page.wait_for_selector("#board")
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_of_a_hands_verify_line_reads_against_the_dialog(server: Server, lang: str, browser: Any) -> None:
    """HK-7: the end of a hand closes with "verify", which opens the wall's check ("Wall verified: SHA-256(salt:wall)
    matches the commitment"). Both were faded on the white dialog, 3.7:1 and 3.3:1, under WCAG's 4.5:1. Every text
    of the dialog, the verify line opened, now reads at 4.5:1 at least (3:1 when large). A real one-hand table played
    by clicking to its end."""
    from hkmj.server.testing import FAINT_PAGE_TEXT

    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    _played_to_its_end(page)
    page.wait_for_selector("#reveal #verify")
    page.locator("#verify summary").click()
    page.wait_for_function("document.querySelector('#verdict').textContent.length > 0")
    faint = page.evaluate(FAINT_PAGE_TEXT, "#reveal")
    assert not faint, faint
    assert not errors, errors


BROKEN_WORDS = r"""() => {
  const out = [];
  for (const bdi of document.querySelectorAll('#scoring td bdi')) {
    const text = bdi.firstChild; if (!text || text.nodeType !== 3) continue;
    let at = 0;
    for (const word of text.data.split(' ')) {
      const r = document.createRange(); r.setStart(text, at); r.setEnd(text, at + word.length); at += word.length + 1;
      if (new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1) out.push(`${bdi.textContent}: ${word}`);
    }
  }
  return out; }"""
"""The words of the players' names in the end-of-hand dialog that are split over two lines."""


def _played_to_its_end(page: Any, rules: str = "hk") -> None:
    """Create a one-hand table of ``rules`` in ``page``'s lobby with three bots and play it by clicking (passing every
    claim, discarding the newest tile) until the end of the hand shows."""
    page.select_option("#rules", rules)
    page.select_option("select[name=length]", "1")
    page.fill("input[name=botdelay]", "0")
    page.fill("input[name=claim]", "0.1")
    page.click("#create")
    page.wait_for_selector("#board")
    deadline = time.monotonic() + 120
    while not page.locator("#reveal #scoring").count():
        assert time.monotonic() < deadline, "the hand did not end in 120 s"
        try:
            if page.locator("button.claim[data-action=pass]").count():
                page.locator("button.claim[data-action=pass]").first.click(timeout=1000)
            elif page.locator("#hand button.t:not([disabled])").count():
                page.locator("#hand button.t:not([disabled])").last.click(timeout=1000)
        except Exception:  # the button went as the bots played: look again
            pass
        time.sleep(0.05)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cl_7_on_a_phone_the_end_of_a_hand_splits_no_players_name_inside_a_word(server: Server, lang: str, browser: Any) -> None:
    """CL-7: on a phone (390 × 844) the end of a hand lists the hands and the payments by player. The payments' name
    column was squeezed by the reasons beside it (each player's points and doubles, opened) to the width of a few letters, and a name broke anywhere: "Robot 3
    (glouton" over a lone ")", "Bot 2 (greedy" over a lone ")". A name now breaks between its words only. A real one-hand
    classical table (its payments say each player's points and doubles) with three bots, played by tapping to its end."""
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang, (390, 844))
    _played_to_its_end(page, "classical")
    for summary in page.locator("#payments details summary").all():  # each player's points and doubles, itemised
        summary.click()
    page.evaluate("document.querySelector('#reveal').scrollTo(0, 1e6)")
    broken = page.evaluate(BROKEN_WORDS)
    page.screenshot(path=str(ARTIFACTS / f"end-names-390-{lang}.png"))
    assert page.locator("#scoring td bdi").count() >= 8
    assert not broken, broken
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_7_2_mcr_2_2_cl_4_3_the_last_hand_drawn_says_no_deal_moves_on(server: Server, lang: str, browser: Any) -> None:
    """HK-7.2, MCR-2.2, CL-4.3: a drawn hand's result says nobody pays and what happens to the deal: East keeps it in
    Hong Kong, the winds move on in MCR and the classical game. The match's last hand said it too, under "Match
    over", where there is no next hand ("Nobody pays (MCR-3.3); the seat winds move on (MCR-2.2)"). A match's last
    hand drawn now says only that nobody pays; a hand drawn before it says what becomes of the deal, as before. The
    final frame of a real one-hand table (:func:`hkmj.server.testing.rigged_final_frame`), its result made a draw,
    drawn in a real server's page."""
    from hkmj.engine.testing import QUIET
    from hkmj.engine.wall import stacked_wall
    from hkmj.server.testing import rigged_final_frame

    wall = stacked_wall([QUIET[0], "123p456p789p55s35m", QUIET[2], "123s456s789s99p56m"], dead_wall=True)
    frame = rigged_final_frame(wall, (1, 1, 1), "hk", "discard 4m")
    frame["reveal"].update(result="draw", end=[], payments=[0, 0, 0, 0], scores=[0, 0, 0, 0], dead_hands=[])
    card = """(st) => { const card = document.createRange().createContextualFragment(revealCard(st));
      return card.querySelector('#scoring > p, #scoring h3 + p').textContent; }"""
    deal = {"en": ("keeps the deal", "move on"), "fr": ("garde la main", "vents tournent")}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    for rules, rule in (("hk", "HK-7.1"), ("mcr", "MCR-3.3"), ("classical", "CL-7.5")):
        st = {**frame, "config": {**frame["config"], "rules": rules}}
        last = page.evaluate(card, {**st, "status": "over"})
        before = page.evaluate(card, {**st, "status": "playing"})
        assert rule in last and not any(w in last for w in deal), (rules, last)
        assert rule in before and any(w in before for w in deal), (rules, before)
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lobby_offers_to_join_only_a_table_with_a_free_seat(server: Server, lang: str, browser: Any) -> None:
    """The lobby's list offered "Join" beside every table, those whose four seats were taken too (a player and three
    bots, four bots): a newcomer who clicked it was told the table was full. A full table now offers "Watch" only; a
    table with a free seat offers "Join" and "Watch", as before."""
    full = server.create(slots=["greedy"] * 4, hands=1, bot_delay=1)
    free = server.create(slots=[None, None, "greedy", "greedy"], hands=1)
    join, watch = {"en": ("Join", "Watch"), "fr": ("Rejoindre", "Regarder")}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    buttons = {tid: page.locator("table.list tr", has=page.locator(f"a.tid:text-is('{tid}')")).locator("a.button").all_inner_texts()
               for tid in (full, free)}
    assert buttons == {full: [watch], free: [join, watch]}, buttons
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_how_to_play_at_a_table_opens_beside_the_hand_in_play(server: Server, lang: str, browser: Any) -> None:
    """A newcomer at a table who pressed "How to play" mid-hand left the table for the help page, in the same tab
    (a decision's timer running), and the help's only way back, "Back to the tables", led to the lobby, not to their
    table. At a table the help now opens in a tab of its own and the table stays as it was; from the lobby it
    opens in place, as before."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    assert page.get_attribute("#help-link", "target") is None
    page.fill("input[name=botdelay]", "0")
    page.click("#create")
    page.wait_for_selector("#board")
    table = page.url
    with page.expect_popup() as popup:
        page.click("#help-link")
    popup.value.wait_for_selector("#help h1")
    assert page.url == table and page.locator("#board").count() == 1
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_7_1_a_drawn_hand_says_once_that_nobody_pays(server: Server, lang: str, browser: Any) -> None:
    """HK-7.1, MCR-3.3, CL-7.5: the end of a drawn hand said it twice, its heading "Draw: the wall is exhausted, nobody
    pays" over "Nobody pays (HK-7.1); the dealer keeps the deal (HK-7.2)". The heading now says "Draw: the wall is
    exhausted" and the line under it, with its rule, who pays. The final frame of a real one-hand table, its result
    made a draw, drawn in a real server's page."""
    from hkmj.engine.testing import QUIET
    from hkmj.engine.wall import stacked_wall
    from hkmj.server.testing import rigged_final_frame

    wall = stacked_wall([QUIET[0], "123p456p789p55s35m", QUIET[2], "123s456s789s99p56m"], dead_wall=True)
    frame = rigged_final_frame(wall, (1, 1, 1), "hk", "discard 4m")
    frame["reveal"].update(result="draw", end=[], payments=[0, 0, 0, 0], scores=[0, 0, 0, 0], dead_hands=[])
    card = """(st) => { const card = document.createRange().createContextualFragment(revealCard(st));
      return [card.querySelector('#scoring h3 + p').previousElementSibling.textContent, card.querySelector('#scoring').textContent]; }"""
    heading, nobody = {"en": ("Draw: the wall is exhausted", "obody pays"), "fr": ("Nulle\u00a0: le mur est épuisé", "ersonne ne paie")}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    for rules in ("hk", "mcr"):
        for status in ("over", "playing"):
            title, text = page.evaluate(card, {**frame, "status": status, "config": {**frame["config"], "rules": rules}})
            assert title == heading and text.count(nobody) == 1, (rules, status, title, text)
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_4_10_a_kong_to_rob_is_not_called_a_discard(server: Server, lang: str, browser: Any) -> None:
    """HK-4.10, MCR-4.4, CL-3.4: when South adds a tile to their pung, a player whose hand it completes may rob it.
    The page showed that tile under "Last discard" and asked "Claim the discard?", of a tile nobody had discarded, where
    the terminal says "South adds 5 Circles to a pung: rob it for Mahjong (m) or pass (Space) (HK-4.10)". The page now
    heads it "Added to a pung" and asks as the terminal does, citing the table's own rule."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    players = [{"slot": i, "name": f"P{i}", "bot": None if i == 0 else "greedy", "away": False, "held": False,
                "connected": True, "joined": True, "total": 0} for i in range(4)]
    hand = ["1m:0", "2m:0", "3m:0", "4p:0", "6p:0", "7s:0", "8s:0", "9s:0", "1z:0", "1z:1", "5z:0", "5z:1", "5z:2"]
    words = {"en": ("Added to a pung", "South adds 5 Circles to a pung: rob it for Mahjong or pass ({rule})", "Claim the discard?"),
             "fr": ("Ajoutée à un pung", "Sud ajoute 5 Cercles à un pung\u00a0: volez-la pour Mahjong ou passez ({rule})", "Réclamer la défausse")}[lang]
    for rules, rule in (("hk", "HK-4.10"), ("mcr", "MCR-4.4"), ("classical", "CL-3.4")):
        st = {"table": "rob", "status": "playing", "you": 0, "players": players, "events": [],
              "config": {"rules": rules, "teaching": True, "hints": True, "timer": None, "options": {}},
              "hand": {"number": 1, "prevailing": "E", "seat_slots": [0, 1, 2, 3], "discards": [["2z:0"], ["3z:0"], [], []],
                       "melds": [[], [{"kind": "kong", "tiles": ["5p:0", "5p:1", "5p:2", "5p:3"]}], [], []],
                       "bonus": [[], [], [], []], "concealed_counts": [13, 10, 13, 13], "phase": "rob", "turn": 1,
                       "last_discard": {"seat": 1, "tile": "3z:0"}, "offered": "5p:3", "offer_from": 1,
                       "live": 60, "dead": 14, "commitment": "ab" * 32},
              "mine": {"legal": ["mahjong", "pass"], "concealed": hand, "drawn": None, "can_declare": True,
                       "away": False, "held": False, "bank": None}}
        page.evaluate("(st) => { G.state = st; G.log = []; render(); }", st)
        assert page.inner_text(".lastd .muted") == words[0]
        assert page.inner_text(".foot .msg") == words[1].format(rule=rule)
        assert words[2] not in page.inner_text("#app")
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_1_every_tile_has_the_terminals_name_a_bonus_tile_its_number_too(server: Server, lang: str, browser: Any) -> None:
    """HK-1: the table named a bonus tile by its picture alone, "Bamboo", "Spring" ("Bambou", "Printemps"), where the
    terminal, the help page and the README say "Flower 4 (Bamboo)", "Season 1 (Spring)": a screen reader read a hand as
    "… 9 Bamboo, Bamboo", the flower taken for a bamboo tile, and "East: exposes the bonus tile Bamboo". Every one of
    the 42 kinds now has the name hkmj.tiles gives it (its pictures' text, the recent moves, the end of a hand)."""
    from hkmj.tiles import N_KINDS, N_TILE_IDS, name, tile_str

    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    kinds = [tile_str(t) for t in range(N_KINDS)] + [tile_str(t) for t in range(N_KINDS, N_TILE_IDS)]
    shown = page.evaluate("(kinds) => kinds.map(tileName)", kinds)
    assert shown == [name(t, lang) for t in range(N_TILE_IDS)], shown
    assert not errors, errors
