"""A new player at a desktop or laptop window (1024 × 768, 1280 × 800, 1920 × 1080): the lobby's form and list as
they are laid out, in Debian's Chromium (Playwright) against a real ``hkmj serve`` on 127.0.0.1."""

from __future__ import annotations

import math
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, choose, lobby_in, lobby_page, play, run_apart

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)

DESKTOPS = ((1024, 768), (1280, 800), (1920, 1080))

FORM_ROWS = """() => { const form = document.querySelector('#create-form');
  const items = [...form.children].flatMap((el) => el.id === 'house' ? [...el.children] : [el])
    .filter((el) => el.getClientRects().length);
  const lefts = new Set(items.map((el) => Math.round(el.getBoundingClientRect().left)));
  const tops = new Set(items.map((el) => Math.round(el.getBoundingClientRect().top)));
  return { items: items.length, columns: lefts.size, rows: tops.size }; }"""
"""The lobby form's fields (a house option counts as one, like the seats and the timers): how many, in how many
columns and on how many rows they lie."""


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_the_house_options_fill_the_lobbys_rows_like_the_other_fields(server: Server, rules: str, browser: Any) -> None:
    """The house options of each ruleset are fields of the form like the seats: at 1280 × 800 the five of Hong Kong
    stood one under another in the third column, beside a blank third of the form, the teaching box floating beside
    the fourth. Every field now takes the next cell, so the form has as many rows as its fields need, no more."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[0])
    for lang in ("en", "fr"):
        lobby_in(page, lang)
        page.select_option("#rules", rules)
        for width, height in DESKTOPS:
            page.set_viewport_size({"width": width, "height": height})
            got = page.evaluate(FORM_ROWS)
            assert got["columns"] >= 3, (lang, width, got)
            assert got["rows"] == math.ceil(got["items"] / got["columns"]), (rules, lang, width, got)
    page.screenshot(path=str(Path(__file__).resolve().parents[2] / "artifacts" / f"desktop-lobby-{rules}.png"), full_page=True)
    assert not errors, errors


SPLIT_IDS = """() => [...document.querySelectorAll('table.list a.tid')].filter((a) => {
  const r = document.createRange(); r.selectNodeContents(a);
  return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1;
}).map((a) => a.textContent)"""
"""The ids of the lobby's tables whose characters lie on more than one line."""


def test_the_lobby_shows_each_tables_id_on_one_line(server: Server, browser: Any) -> None:
    """A table's id is the name its link and the header give it, to read out to a friend: at 1280 × 800 the list
    broke it in two ("kBw9kW" over "r0") to give its room to the players and the rules. Each id is whole on one
    line now, at every desktop size, in English and French."""
    for rules in ("hk", "mcr", "classical"):
        server.create(slots=[None, "greedy", "greedy", "greedy"], rules=rules, names=["Anastasia", "", "", ""])
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[0])
    for lang in ("en", "fr"):
        lobby_in(page, lang)
        assert page.locator("table.list a.tid").count() == 3
        for width, height in DESKTOPS:
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate(SPLIT_IDS) == [], (lang, width)
    assert not errors, errors


def test_the_lobby_says_how_many_hands_a_table_has_played_in_words(server: Server, browser: Any) -> None:
    """HK-7: a match is played in hands. The lobby's list ended a table's rules with a bare count, "· 1 hands" (and
    "· 0 donnes", "· 1 donnes" in French): a wrong plural, and no word of what was counted. It now says "1 hand
    played", "0 hands played" ("1 donne jouée", "0 donne jouée")."""
    played = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=4, claim_window=0.01)
    server.create(slots=[None, "greedy", "greedy", "greedy"], hands=4)

    async def one_hand() -> None:
        c = server.client()
        await c.open()
        await c.join(played, 0, "Ann")
        rng = random.Random(7)
        await play([c], lambda cs: ((cs[0].state or {}).get("match") or {}).get("hands_played") == 1, lambda i, legal: choose(legal, rng), 120)
        await c.close()

    run_apart(one_hand())
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[1])
    for lang, words in (("en", ("· 1 hand played", "· 0 hands played")), ("fr", ("· 1\u00a0donne jouée", "· 0\u00a0donne jouée"))):
        lobby_in(page, lang)
        rows = page.locator("table.list tr")
        texts = {rows.nth(i).locator("a.tid").inner_text(): rows.nth(i).inner_text() for i in range(rows.count())}
        assert words[0] in texts[played], texts
        assert any(words[1] in text for tid, text in texts.items() if tid != played), texts
    assert not errors, errors


CUT_CHOICES = """() => { const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('#create-form select')].flatMap((s) => {
    const cs = getComputedStyle(s); ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;  // 20: the arrow
    return [...s.options].filter((o) => ctx.measureText(o.text).width > room)
      .map((o) => `${s.name}: "${o.text}" ${Math.round(ctx.measureText(o.text).width)} px in ${Math.round(room)}`); }); }"""
"""The choices of the lobby form's menus that are wider than their menu's box (the room left of its arrow): shown
cut once chosen."""


def test_every_choice_of_the_lobbys_menus_is_read_whole_once_chosen(server: Server, browser: Any) -> None:
    """A menu shows its chosen value in its box: at 1280 × 800 the Hong Kong payment read "the discarder pays double
    (the rule", and the French rules "Classique (points et doublement" at 1024 × 768 and 1920 × 1080. The form's
    columns are now wide enough for every choice of every ruleset, English and French. So on phones: held sideways
    (568 × 320, 640 × 360) the form's two columns cut the Hong Kong payment's default, "the discarder pays double
    (the rules", and "Partie complète (16 donnes ou plus"; two columns now come only where both are whole."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[0])
    cut: list[str] = []
    for lang in ("en", "fr"):
        lobby_in(page, lang)
        for rules in ("hk", "mcr", "classical"):
            page.select_option("#rules", rules)
            for width, height in (*DESKTOPS, (568, 320), (640, 360), (390, 844), (700, 400)):
                page.set_viewport_size({"width": width, "height": height})
                cut += [f"{lang} {rules} {width}: {c}" for c in page.evaluate(CUT_CHOICES)]
    assert not cut, "\n".join(sorted(set(cut)))
    assert not errors, errors


FAINT_TEXT = """() => {
  const rgba = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, below) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3]));
  const lum = (c) => { const l = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const board = document.querySelector('#board'), css = getComputedStyle(document.documentElement);
  const felts = ['--felt', '--felt2'].map((v) => { const h = css.getPropertyValue(v).trim();
    return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)); });
  const out = [];
  for (const el of board.querySelectorAll('*')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.data.trim()).map((n) => n.data.trim()).join(' ');
    if (!own || !el.getClientRects().length) continue;
    const chain = []; for (let a = el; a && a !== board; a = a.parentElement) chain.unshift(a);
    for (const felt of felts) {
      let bg = felt;
      for (const a of chain) bg = over(rgba(getComputedStyle(a).backgroundColor), bg);
      const r = ratio(over(rgba(getComputedStyle(el).color), bg), bg);
      if (r < 4.5) { out.push(`"${own.slice(0, 40)}" (${el.className}) ${r.toFixed(2)}:1`); break; }
    }
  }
  return out; }"""
"""The texts drawn on the table's felt whose contrast with it (WCAG: the text's colour against the felt under it,
each box's background laid over the felt; the lighter and the darker felt) is under 4.5:1."""


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_every_text_on_the_table_is_readable_against_the_felt(server: Server, rules: str, browser: Any) -> None:
    """The rules line in the centre of the table ("Hong Kong · minimum 0 fan · limit from 10 fan · …", the house
    rules a player sits down to) was drawn in the lobby's grey on the green felt, 1.8:1, barely seen at a desktop. Every
    text on the table now reads at 4.5:1 at least (WCAG AA), English and French."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[1])
    page.select_option("#rules", rules)
    page.fill("input[name=botdelay]", "0")
    page.click("#create")
    page.wait_for_selector("#board .center")
    faint: list[str] = []
    for lang in ("en", "fr"):
        page.select_option("#lang", lang)
        page.wait_for_selector(f"html[lang={lang}] #board .center")
        faint += [f"{lang}: {f}" for f in page.evaluate(FAINT_TEXT)]
    assert not faint, faint
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_free_seat_is_said_free_in_the_lobby_the_join_panel_and_the_waiting_room(server: Server, lang: str, browser: Any) -> None:
    """A seat nobody has taken yet was shown as a dash ("Seat 2: —", "— · bot: greedy"): a newcomer could not tell
    an empty seat from a missing name. It now says "free seat" ("place libre") wherever the seats are listed: the
    lobby's list, a join link's panel and the host's waiting room."""
    free = {"en": "free seat", "fr": "place libre"}[lang]
    errors: list[str] = []
    host = lobby_page(browser, server, errors, *DESKTOPS[1])
    lobby_in(host, lang)
    host.fill("input[name=name]", "Host")
    host.select_option("select[name=slot1]", "open")
    host.check("input[name=listed]")
    host.click("#create")
    host.wait_for_selector("ul.seats")
    assert "—" not in host.inner_text("ul.seats") and free in host.locator("ul.seats li").nth(1).inner_text()
    tid = host.url.rsplit("/", 1)[1]
    guest = lobby_page(browser, server, errors, *DESKTOPS[2])
    lobby_in(guest, lang)
    row = guest.locator("table.list tr", has=guest.locator(f"a.tid:text-is('{tid}')"))
    assert "—" not in row.inner_text() and free in row.inner_text(), row.inner_text()
    guest.goto(f"{server.base}/t/{tid}")
    guest.wait_for_selector("button.sit")
    assert "—" not in guest.inner_text("ul.seats") and free in guest.locator("ul.seats li").nth(1).inner_text()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_table_created_while_the_server_is_down_is_said_not_created_and_the_lobby_comes_back(
    make_server: Any, lang: str, browser: Any
) -> None:
    """The server stopped with the lobby open: "Create table" did nothing at all (the request failed, nothing was
    said), and choosing another language turned the header but left the lobby in the old one. The page now says the
    server did not answer and the table was not created, and a lobby it could not draw is said so and drawn again
    once the server is back; a table is then created as usual."""
    server = make_server()
    said = {"en": ("The server did not answer", "the table was not created"), "fr": ("Le serveur n'a pas répondu", "la table n'a pas été créée")}[lang]
    other = {"en": "fr", "fr": "en"}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[1])
    lobby_in(page, lang)
    server.stop()
    page.click("#create")
    page.wait_for_selector("#toast.on", timeout=5000)
    assert all(s in page.inner_text("#toast") for s in said), page.inner_text("#toast")
    assert page.url.endswith("/") or "/t/" not in page.url
    page.select_option("#lang", other)
    deadline = time.monotonic() + 5
    while not re.search(r"lobby|salon", page.inner_text("#toast")):
        assert time.monotonic() < deadline, page.inner_text("#toast")
        time.sleep(0.05)
    server.start()
    page.wait_for_selector(f"html[lang={other}] #app:not([aria-busy]) #create-form", timeout=30000)
    assert page.inner_text("#create") == {"en": "Créer la table", "fr": "Create table"}[lang]
    page.click("#create")
    page.wait_for_selector("#board, ul.seats", timeout=20000)
    assert "/t/" in page.url
    assert not errors, errors


def test_hk_4_7_in_french_de_is_elided_before_a_name_that_begins_with_a_vowel(server: Server, browser: Any) -> None:
    """HK-4.7: the end of a hand says who discarded the winning tile. In French it read "gagne — sur la défausse de
    Ann" and "la réclamation de Émile": French elides *de* before a vowel ("d'Ann", "d'Émile"). A real one-hand table
    on a rigged wall: Ann (East) discards 4 Characters, South and North both claim Mahjong on it, South wins."""
    from hkmj.engine.testing import QUIET
    from hkmj.engine.wall import stacked_wall
    from hkmj.server.testing import rigged_final_frame

    wall = stacked_wall([QUIET[0], "123p456p789p55s35m", QUIET[2], "123s456s789s99p56m"], dead_wall=True)
    frame = rigged_final_frame(wall, (1, 1, 1), "hk", "discard 4m")
    reveal = frame["reveal"]
    assert (reveal["seat"], reveal["from"], reveal["mahjong_claims"]) == (1, 0, [1, 3]), reveal
    south = frame["hand"]["seat_slots"][1]
    players = [dict(p, name="Émile") if p["slot"] == south else p for p in frame["players"]]
    fm = {"type": "false_mahjong", "seat": 1, "from": 0, "payments": [64, -192, 64, 64], "reason": "", "reasons": {"en": "", "fr": ""}}
    # the winner's heading ("South · Bot 2 (greedy) wins — on a discard from Ann"), after "Final ranking" once the match is over
    card = """(st) => { const card = document.createRange().createContextualFragment(revealCard(st));
      const claims = card.querySelector("#claims"); return [[...card.querySelectorAll("h3")].map((h) => h.textContent).find((h) => h.includes(" — ")),
        claims ? claims.textContent : null]; }"""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[1])
    title, _ = page.evaluate(card, frame)
    assert title.endswith("on a discard from Ann"), title
    lobby_in(page, "fr")
    title, _ = page.evaluate(card, frame)
    assert title.endswith("sur la défausse d'Ann"), title
    _, claims = page.evaluate(card, {**frame, "players": players, "reveal": {**reveal, "result": "penalty", "end": [fm]}})
    assert "la réclamation d'Émile, premier joueur après Ann" in claims, claims
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_3_2_the_recent_moves_say_what_a_bonus_tile_shown_means(server: Server, lang: str, browser: Any) -> None:
    """HK-3.2: a flower or season drawn is set aside and replaced. The recent moves in the centre of the table said only
    "East: Plum" (no verb, where every other line says what was done: "South: discards 6 Circles"). They now say, as
    the terminal does, "East: exposes the bonus tile Plum" ("Est : expose la tuile bonus Prunier")."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[1])
    lobby_in(page, lang)
    page.select_option("select[name=length]", "4")
    page.fill("input[name=botdelay]", "0")
    page.fill("input[name=claim]", "0.1")
    page.click("#create")
    page.wait_for_selector("#board")
    deadline = time.monotonic() + 120
    while not page.evaluate("G.log.some((e) => e.type === 'bonus')"):
        assert time.monotonic() < deadline, "no bonus tile shown in 120 s"
        if page.locator("#reveal button#next").count():
            page.locator("#reveal button#next").click()
        elif page.locator("button.claim[data-action=pass]").count():
            page.locator("button.claim[data-action=pass]").first.click(timeout=1000)
        elif page.locator("#hand button.t:not([disabled])").count():
            page.locator("#hand button.t:not([disabled])").last.click(timeout=1000)
        time.sleep(0.05)
    lines = page.evaluate("G.log.filter((e) => e.type === 'bonus').map(eventText)")
    verb = {"en": ": exposes the bonus tile ", "fr": "\u00a0: expose la tuile bonus "}[lang]
    assert lines and all(verb in line for line in lines), lines
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_4_1_the_centre_says_when_there_is_no_discard_to_claim(server: Server, lang: str, browser: Any) -> None:
    """HK-4.1: only the latest discard may be claimed, and the centre of the table shows it under "Last discard". At
    the start of a hand, and once a discard was claimed, that heading stood over nothing: a newcomer looked for a
    tile that was not there. The heading now says "No discard to claim" ("Aucune défausse à réclamer") then."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[1])
    lobby_in(page, lang)
    page.fill("input[name=botdelay]", "1")
    page.click("#create")
    page.wait_for_selector("#board")
    said = page.evaluate("""() => new Promise((done) => { const look = () => { const h = G.state && G.state.hand, d = document.querySelector('.center .lastd');
      if (h && d && !h.offered && !h.last_discard) done([d.textContent.trim(), d.querySelectorAll('img').length]); else setTimeout(look, 20); }; look(); })""")
    assert said == [{"en": "No discard to claim", "fr": "Aucune défausse à réclamer"}[lang], 0], said
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_3_3_the_wall_line_names_the_dead_wall(server: Server, lang: str, browser: Any) -> None:
    """HK-3.3: kongs and bonus tiles are replaced from the dead wall. The centre said "Wall: 73 (dead 14)": "dead"
    alone, a word a newcomer cannot place (dead what?). It now says "Wall: 73 (dead wall 14)" ("Mur : 73 (mur mort
    14)"), the terminal's words."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, *DESKTOPS[1])
    lobby_in(page, lang)
    page.click("#create")
    page.wait_for_selector("#board #live")
    line = page.locator(".center .state div", has=page.locator("#live")).inner_text()
    assert re.fullmatch({"en": r"Wall: \d+ \(dead wall \d+\)", "fr": "Mur\u00a0: \\d+ \\(mur mort \\d+\\)"}[lang], line), line
    assert not errors, errors
