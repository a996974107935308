"""The browser client in Debian's Chromium (Playwright): lobby, a one-hand match against three
bots played by clicking to "Match over" and the ranking (player and spectator), the finished
table opened later, the help page in English and French, tile names instead of codes, French
wording and touch targets at phone width, each player's time bank where two humans play.
Screenshots are saved under artifacts/ (gitignored)."""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import re
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, choose, each_case, lobby_in, lobby_page, phone_page, run_apart

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

CODE = re.compile(r"\b\d[mpszf]\b|\b[1-7]z\b")
"""A tile code such as 5p or 7z: never shown to a person."""
SMALL_TARGETS = """(min) => Array.from(document.querySelectorAll('button, a, select, input, summary'))
  .filter((el) => el.offsetParent !== null && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el.closest('label') && el.type === 'checkbox' ? el.closest('label') : el, el])
  .filter(([box]) => { const r = box.getBoundingClientRect(); return r.width < min || r.height < min; })
  .map(([box, el]) => `${el.tagName}#${el.id}.${el.className} ${Math.round(box.getBoundingClientRect().width)}x${Math.round(box.getBoundingClientRect().height)}`)"""
"""Visible controls (a checkbox counts by its label) smaller than ``min`` CSS pixels either way."""
SPLIT_CITATIONS = r"""() => { const re = /\b(?:HK|MCR|CL)-\d+(?:\.\d+)*(?:[-–]\d+(?:\.\d+)*)?/g; const seen = [], split = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) { const n = walk.currentNode; for (const m of n.data.matchAll(re)) {
    const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
    const tops = new Set(Array.from(r.getClientRects()).filter((x) => x.width > 0).map((x) => Math.round(x.top)));
    if (tops.size) seen.push(m[0]); if (tops.size > 1) split.push(`${m[0]} in "${n.parentElement.textContent.slice(0, 50)}"`); } }
  return { seen, split }; }"""
"""The rule citations (HK-4.1, MCR-5.2.5, CL-6) shown on the page, and those split over two lines (a Range over
each citation's characters whose boxes lie on more than one line)."""


def wait_true(page: Any, expression: str, timeout: float = 15.0) -> None:
    """Poll a JavaScript expression from Python until it is true. ``page.wait_for_function``
    evaluates a string with ``eval`` inside the page when it has to poll, which the client's
    Content-Security-Policy (``script-src 'self'``, no ``unsafe-eval``) rightly refuses, so a
    slow machine turned a late render into an error; ``page.evaluate`` is not subject to it."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"
        time.sleep(0.05)


def when(page: Any, expression: str, timeout: float = 30.0) -> Any:
    """Poll a JavaScript expression from Python (as :func:`wait_true`) until it gives something
    other than null; that value. What the page shows and what is measured of it are read in one
    evaluation, so a frame drawn between two reads cannot pair one state's element with another's."""
    deadline = time.monotonic() + timeout
    while (value := page.evaluate(expression)) is None:
        assert time.monotonic() < deadline, f"still null after {timeout} s: {expression}"
        time.sleep(0.05)
    return value


COUNTS_DOWN = """(() => { const el = document.querySelector('.played-in');
  if (!el) { window.countdown = null; return false; }
  const secs = parseInt(el.textContent), seq = G.state.seq;
  if (!window.countdown || window.countdown.seq !== seq) { window.countdown = { seq, secs }; return false; }
  return secs < window.countdown.secs; })()"""
"""Script, polled: true once the seconds an offline player's turn is played in have gone down on the
page since first read with no frame from the server in between (the page counts them down itself);
a new frame (a later turn, say) starts the reading again."""


SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)


def _pass_until_own_turn(page: Any, timeout: float) -> None:
    """Wait until the player may discard, passing every claim a bot's discard offers meanwhile
    (a table with no timer waits for that answer for ever, so a first decision that is a claim
    left the hand's tiles disabled until the test gave up)."""
    deadline = time.monotonic() + timeout
    while not page.locator("#hand button.t:not([disabled])").count():
        assert time.monotonic() < deadline, "the player's turn never came"
        with contextlib.suppress(Exception):
            page.locator("button.claim[data-action=pass]").first.click(timeout=200)
        time.sleep(0.05)


def _hint_texts(browser: Any, server: Server, hints: dict[str, tuple[dict[str, Any], str]]) -> dict[str, dict[str, str]]:
    """By language (English, French), the text the page's ``hintText`` writes for each hint (the
    server's ``hint`` answer) at a table of the ruleset named beside it, by key; the page logs no error."""
    texts: dict[str, dict[str, str]] = {}
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang in ("en", "fr"):
        page.select_option("#lang", lang)
        texts[lang] = page.evaluate(
            """(hs) => Object.fromEntries(Object.entries(hs).map(([k, [h, rules]]) =>
              [k, Object.assign(document.createElement("div"), { innerHTML: hintText(h, { config: { rules } }) }).textContent]))""",
            hints,
        )
    assert not errors, errors
    return texts


def test_match_over_with_ranking_for_player_and_spectator_then_result_reopened(server: Server, browser: Any) -> None:
    """HK-7.3: the last hand ends with "Match over" and the final ranking, for the player and a
    (French, phone-sized) spectator; the end screen names the winning tile, shows the hands under
    their own heading, explains each payment (HK-6 payments) and folds the wall check behind "verify";
    the finished table opened later shows its result, not "Waiting for players…"."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1200, 900)
    # a table with bots: a teaching table without a timer unless the player says otherwise
    assert page.is_checked("input[name=teaching]") and page.input_value("input[name=timer]") == ""
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=slot1]", "random")
    page.select_option("select[name=slot2]", "greedy")
    page.select_option("select[name=slot3]", "greedy")
    page.select_option("select[name=length]", "1")
    page.fill("input[name=claim]", "0.2")
    page.fill("input[name=botdelay]", "0")
    page.screenshot(path=str(ARTIFACTS / "lobby.png"), full_page=True)
    page.click("#create")
    page.wait_for_selector("#board", timeout=15000)
    table_url = page.url
    tid = table_url.rstrip("/").split("/")[-1]
    assert server.get(f"/api/tables/{tid}")["table"]["config"]["teaching"] is True
    assert server.get(f"/api/tables/{tid}")["table"]["config"]["timer"] is None
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(server.base + "/")
    phone.select_option("#lang", "fr")
    phone.goto(table_url + "?watch=1")
    phone.wait_for_selector("#board", timeout=10000)
    assert "Vous regardez" in phone.inner_text("#app")
    clicks = keys = 0
    shot = claim_shot = hinted = recent_checked = False
    labels: list[str] = []
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if page.locator("#scoring").count():
            break
        mj = page.locator("button.claim[data-action=mahjong]")
        claims = page.locator("button.claim[data-action=pass]")
        tiles = page.locator("#hand button.t:not([disabled])")
        try:
            if mj.count():
                mj.first.click(timeout=1000)
            elif claims.count():
                labels += page.locator("button.claim").all_inner_texts()
                if not claim_shot:
                    claim_shot = True
                    page.screenshot(path=str(ARTIFACTS / "claim.png"), full_page=True)
                claims.first.click(timeout=1000)
            elif tiles.count():
                if clicks >= 2 and not hinted:
                    page.click("#hint", timeout=1000)
                    wait_true(page, "!!G.hint", 60)  # the server's reply, however long a loaded machine takes
                    msg = page.inner_text(".msg")
                    assert "Hint" in msg and not CODE.search(msg), msg
                    hinted = True
                if not shot:  # the first turn: screenshots, French phone spectator, phone-sized player
                    page.wait_for_timeout(300)
                    assert page.locator("#bank").count() == 0  # alone with bots: no time bank to show
                    page.screenshot(path=str(ARTIFACTS / "table.png"), full_page=True)
                    phone.screenshot(path=str(ARTIFACTS / "phone-table-fr.png"), full_page=True)
                    board = phone.inner_text("#board")
                    assert "Vent dominant\u00a0:" in board and not CODE.search(board), board
                    assert phone.evaluate(SMALL_TARGETS, 40) == []
                    page.set_viewport_size({"width": 390, "height": 844})  # the player's own hand on a phone
                    page.wait_for_timeout(200)
                    page.screenshot(path=str(ARTIFACTS / "phone-player.png"), full_page=True)
                    assert page.evaluate(SMALL_TARGETS, 40) == []
                    page.set_viewport_size({"width": 1200, "height": 900})
                    shot = True
                if clicks % 4 == 3:
                    page.keyboard.press("ArrowLeft")  # keyboard: select the last tile, Enter discards it
                    page.keyboard.press("Enter")
                    keys += 1
                else:
                    tiles.last.click(timeout=1000)
                clicks += 1
                if clicks == 4 and not recent_checked:
                    # a newcomer's page gets the recent moves at once
                    late = browser.new_page(viewport={"width": 1000, "height": 800})
                    late.goto(table_url + "?watch=1")
                    late.wait_for_selector("#recent", timeout=10000)
                    moves = late.inner_text("#recent")
                    assert moves.strip() and not CODE.search(moves), moves
                    late.close()
                    recent_checked = True
            else:
                page.wait_for_timeout(50)
                continue
        except AssertionError:
            raise
        except Exception:  # the frame re-rendered under the click: look again
            continue
        page.wait_for_timeout(120)
    assert not any(CODE.search(x) for x in labels), labels
    wait_true(page, "!!document.querySelector('#scoring h2') && document.querySelector('#scoring h2').textContent === 'Match over'", 15)
    text = page.inner_text("#scoring")
    assert "Final ranking" in text and "Hands" in text and "Payments" in text, text
    assert page.inner_text("#review") == "Review this match"  # issue 14 (tests/server/test_review_browser.py)
    assert page.locator("#ranking tr").count() == 5
    if page.locator("#scoring .wintile").count():  # a win: the tile is named and marked, payments explained
        assert "Winning tile" in text and page.locator("#hands img.tile.win").count() == 1
        assert "pays double" in text and ("pays the base" in text or "everyone pays double" in text)
    assert not page.is_visible("#verdict")  # the wall check is folded behind "verify"
    page.click("#verify summary")
    page.wait_for_selector("#verdict b", timeout=5000)
    assert "Wall verified" in page.inner_text("#verdict")
    page.screenshot(path=str(ARTIFACTS / "match-over.png"), full_page=True)
    # the match's log, which `hkmj review` and `hkmj replay` read: the page offered no way to save it
    with page.expect_download() as got:
        page.click("#game-log")
    assert got.value.suggested_filename == f"hkmj-table-{tid}.jsonl"
    first = json.loads(Path(got.value.path()).read_text(encoding="utf-8").splitlines()[0])
    assert first["kind"] == "create" and "token" not in json.dumps(first)
    assert clicks >= 1 and (keys >= 1 or clicks < 4)
    assert hinted or clicks < 3
    wait_true(phone, "!!document.querySelector('#scoring h2') && document.querySelector('#scoring h2').textContent === 'Partie terminée'", 15)
    ftext = phone.inner_text("#scoring")
    assert "Classement final" in ftext and "Paiements" in ftext and "Les mains" in ftext
    assert phone.locator("#review").count() == 0  # a spectator has no seat to review
    assert phone.inner_text("#game-log") == "Télécharger le journal de la partie"  # but may save the log
    assert "salt" not in phone.inner_text("#verify") and "\u00a0:" not in ftext.replace("\u00a0:", "")
    phone.screenshot(path=str(ARTIFACTS / "phone-match-over-fr.png"), full_page=True)
    assert phone.evaluate(SMALL_TARGETS, 40) == []
    # opened later, in a fresh browser: the result, not "Waiting for players…"
    later = browser.new_page(viewport={"width": 1000, "height": 800})
    later.on("pageerror", lambda e: errors.append(str(e)))
    later.goto(table_url)
    later.wait_for_selector("#ranking", timeout=10000)
    assert "Match over" in later.inner_text("#scoring") and "Waiting" not in later.inner_text("#app")
    assert later.get_attribute("#game-log", "href") == f"/api/tables/{tid}/log"
    later.screenshot(path=str(ARTIFACTS / "finished-later.png"), full_page=True)
    # a join link (?sit=) to the finished table: the result, and why no seat was taken (it said nothing)
    later.goto(table_url + "?sit=1")
    later.wait_for_selector("#ranking", timeout=10000)
    wait_true(later, "document.querySelector('#toast').textContent.startsWith('This match is over: no seat can be taken.')", 10)
    assert not errors, errors


def test_help_page_in_english_and_french_with_the_terminal_rules(server: Server, browser: Any) -> None:
    """The help page teaches the terminal help's rules (HK-5.1 ... HK-5.7) with the browser's
    controls, in English and in French; the lobby links to it; at phone width every control is
    at least 40 px."""
    from hkmj.server.help import typography
    from hkmj.tui.texts import Texts

    errors: list[str] = []
    page = lobby_page(browser, server, errors, 390, 844)
    assert page.evaluate(SMALL_TARGETS, 40) == []
    page.click(".newcomer a")
    page.wait_for_selector("#help h1")
    text = page.inner_text("#help")
    for heading in ("The goal", "The tiles", "Your turn", "After a discard", "Scoring", "Common mistakes"):
        assert heading in text, heading
    first_rule = Texts("en")("help.body").splitlines()[1]
    assert first_rule in text and "HK-5.7" in text and "Chow 3-4-5 Characters" in text
    assert "PgUp" not in text and "Esc" not in text  # the terminal's own keys stay in the terminal
    assert page.evaluate(SMALL_TARGETS, 40) == []
    page.screenshot(path=str(ARTIFACTS / "help-en.png"), full_page=True)
    page.click("#other-lang")
    page.wait_for_selector("html[lang=fr]")
    text = page.inner_text("#help")
    assert "Comment jouer" in text and "Le but" in text and "Après une défausse" in text and "Chow 3-4-5 Caractères" in text
    assert typography(Texts("fr")("help.body").splitlines()[1], "fr") in text
    page.screenshot(path=str(ARTIFACTS / "help-fr.png"), full_page=True)
    # the table's own words: tile names in action labels, French typography
    page.goto(server.base + "/")
    page.select_option("#lang", "en")
    labels = page.evaluate("['chow 345m', 'discard 5p', 'concealed kong 7z', 'kong 3z'].map(actionLabel)")
    assert labels == ["Chow 3-4-5 Characters", "Discard 5 Circles", "Concealed kong Red dragon", "Kong West wind"]
    # HK-6: a 0-fan win's table says no element counts (its element rows were empty)
    zero = "fanTable({items: [], fan: 0, base: 1, limit: null})"
    assert "No scoring element: a hand worth 0 fan still wins (HK-6)." in page.evaluate(zero)
    assert "No scoring element" not in page.evaluate("fanTable({items: [{name: 'Self-drawn', fan: 1}], fan: 1, base: 2, limit: null})")
    # the house option payment=half-shooter: the discarder pays 4 × base for everyone, the others nothing
    shooter = "[[1, 32], [2, 0], [0, -32]].map(([s, p]) => payReason({win: 'discard', seat: 0, from: 1, base: 8}, s, p))"
    assert page.evaluate(shooter) == [
        "4 × 8 — discarded the winning tile: pays for everyone (house rule)",
        "pays nothing: the discarder pays for everyone (house rule)",
        "receives",
    ]
    seed = "[[1, 16], [2, 8]].map(([s, p]) => payReason({win: 'discard', seat: 0, from: 1, base: 8}, s, p))"
    assert page.evaluate(seed) == ["2 × 8 — discarded the winning tile: pays double", "1 × 8 — pays the base"]
    page.select_option("#lang", "fr")
    labels = page.evaluate("['chow 789s', 'discard 3z', 'pass', 'mahjong'].map(actionLabel)")
    assert labels == ["Chow 7-8-9 Bambous", "Défausser Vent Ouest", "Passer", "Mahjong\u00a0!"]
    assert "Aucun élément ne compte\u00a0: une main à 0 fan gagne quand même (HK-6)." in page.evaluate(zero)
    assert page.evaluate(shooter)[:2] == [
        "4 × 8 — a défaussé la tuile gagnante\u00a0: paie pour tous (règle de la maison)",
        "ne paie rien\u00a0: le défausseur paie pour tous (règle de la maison)",
    ]
    assert page.evaluate("tileSrc('3z')").endswith("?lang=fr")
    wait_true(page, "document.querySelector('#app').innerText.includes('Robot')")  # the lobby re-renders after its fetch
    lobby = page.inner_text("#app")
    assert "greedy" not in lobby and "Robot (glouton)" in lobby, lobby
    assert not errors, errors


def test_a_silent_spectator_keeps_its_socket(make_server: Any, browser: Any) -> None:
    """The server closes sockets idle for ``--idle-timeout``; the page pings at the pace its
    ``welcome`` gives, so a spectator who only watches is never dropped (nor reconnects)."""
    server = make_server(None, "--idle-timeout", "2")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/t/{tid}?watch=1")
    wait_true(page, "G.state !== null && G.slot === null", 15)  # watching
    page.evaluate("() => { window.firstSocket = G.ws; }")
    page.wait_for_timeout(7000)  # three idle timeouts
    assert page.evaluate("() => G.ws === window.firstSocket && G.ws.readyState === WebSocket.OPEN && G.retry === 0")
    assert errors == []


def test_a_lobby_of_more_than_100_tables_says_how_many_it_shows_in_english_and_french(make_server: Any, browser: Any) -> None:
    """The lobby lists 100 tables at most (docs/protocol.md, ``GET /api/tables``); with more, it
    says how many of how many it shows and which come first, in the lobby's language."""
    server = make_server(None, "--tables-per-address", "1000", "--create-rate", "100000", "--http-rate", "100000")
    for _ in range(101):
        server.create(slots=[None, None, "greedy", "greedy"], timer=600)
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    assert page.locator("table.list tr").count() == 100
    assert page.inner_text("#more-tables") == "100 of the 101 tables in play are shown: those with a free seat first, the newest first."
    lobby_in(page, "fr")
    assert page.inner_text("#more-tables").startswith("100 des 101\u00a0tables en cours sont montrées\u00a0:")
    assert errors == []


def test_a_table_keeping_a_seat_for_a_friend_is_unlisted_by_default(server: Server, browser: Any) -> None:
    """The lobby's *Listed in the lobby* box is ticked for a table of you and bots and unticked as
    soon as a seat is an *Open seat* (kept for a friend): the table is then found by its link only,
    so nobody polling the lobby takes the friend's seat; a box the player ticked stays ticked."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1200, 900)
    assert page.is_checked("input[name=listed]")
    page.select_option("select[name=slot2]", "open")
    assert not page.is_checked("input[name=listed]")
    page.click("#create")
    page.wait_for_selector(".share", timeout=15000)
    tid = page.url.rstrip("/").split("/")[-1]
    assert server.get(f"/api/tables/{tid}")["table"]["config"]["listed"] is False
    assert tid not in [t["id"] for t in server.get("/api/tables")["tables"]]
    page = lobby_page(browser, server, errors, 1200, 900)
    page.select_option("select[name=slot2]", "open")
    page.check("input[name=listed]")  # the player's own choice is kept
    page.select_option("select[name=slot3]", "open")
    assert page.is_checked("input[name=listed]")
    assert not errors, errors


def test_changing_the_language_keeps_what_the_player_chose_in_the_lobby(server: Server, browser: Any) -> None:
    """Choosing another language draws the lobby again: every box, seat, number and house option
    the player had set was back to its default (a name typed, a seat kept for a friend, the
    classical rules and their options). They are kept, and so is a box the player set themselves
    (the *Listed* box ticked by hand stays ticked when another seat is opened, in French too)."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1200, 900)
    page.fill("input[name=name]", "Zoé")
    page.select_option("select[name=slot2]", "open")
    page.check("input[name=listed]")  # the player's own choice
    page.select_option("select[name=length]", "1")
    page.fill("input[name=claim]", "2.5")
    page.select_option("#rules", "classical")
    page.select_option("select[name='opt.pay_highest']", "on")
    lobby_in(page, "fr")
    assert "Nouvelle table" in page.inner_text("#app")
    assert page.input_value("input[name=name]") == "Zoé"
    assert page.input_value("select[name=slot2]") == "open" and page.input_value("select[name=length]") == "1"
    assert page.input_value("input[name=claim]") == "2.5" and page.input_value("#rules") == "classical"
    assert page.input_value("select[name='opt.pay_highest']") == "on"
    assert page.is_checked("input[name=listed]")
    page.select_option("select[name=slot3]", "open")
    assert page.is_checked("input[name=listed]")  # still the player's choice
    lobby_in(page, "en")
    assert page.input_value("select[name=slot3]") == "open" and page.is_checked("input[name=listed]")
    assert not errors, errors


def test_mcr_3_3_cl_7_7_the_reveal_words_of_a_ruleset_table(server: Server, browser: Any) -> None:
    """The reveal's own strings (a draw, a false Mahjong) and the help link at an MCR or
    classical table cite that ruleset's rules (MCR-3.3, MCR-5.4, CL-7.5, CL-7.7), in English and
    French; a Hong Kong table keeps HK-7.1 and HK-5.7; an MCR table shows no dead wall (MCR-3.1)."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang in ("en", "fr"):
        page.select_option("#lang", lang)
        said = page.evaluate(
            """(rs) => rs.map((r) => { const st = { config: { rules: r } };
              return [ruled(st, "nobodyPays"), ruled(st, "falsePays", { name: "Ann", amount: 10, double: 20 }), helpHref(st)]; })""",
            ["hk", "mcr", "classical"],
        )
        hk, mcr, cl = said
        assert "HK-7.1" in hk[0] and "HK-5.7" in hk[1] and hk[2] == f"/help?lang={lang}"
        assert "MCR-3.3" in mcr[0] and "MCR-5.4" in mcr[1] and mcr[2] == f"/help?lang={lang}&rules=mcr"
        assert "CL-7.5" in cl[0] and "CL-7.7" in cl[1] and cl[2] == f"/help?lang={lang}&rules=classical"
        assert not [s for s in mcr + cl if "HK-" in s], (mcr, cl)
        dead = page.evaluate("(rs) => rs.map((r) => deadWall({ config: { rules: r }, hand: { dead: 14 } }))", ["hk", "mcr"])
        assert "14" in dead[0] and dead[1] == ""  # MCR-3.1: no dead wall to count
    assert not errors, errors


def test_cl_7_7_the_browser_says_what_a_classical_false_mahjong_costs(server: Server, browser: Any) -> None:
    """CL-7.7: the reveal of a classical false Mahjong said the general rule, "pays each player the
    limit, 1000 (2000 when East pays or is paid)", whoever declared. It now says what the declarer
    paid, from the hand's payments (the table's ``limit`` option's too): East 2000 to each player;
    South 2000 to East and 1000 to each of the two others; in English and French. East is named between commas
    ("Bob pays Ann, East, 2000"), as when East declares: in brackets, a bot's name read "Bot 1 (greedy) (East)"."""
    reveal = """([seat, payments]) => { const fm = { type: "false_mahjong", seat, from: null, payments };
      const st = { config: { rules: "classical" }, you: 3, players: ["Ann", "Bob", "Cy", "Di"].map((name, slot) => ({ name, slot })),
        hand: { seat_slots: [0, 1, 2, 3], melds: [[], [], [], []], bonus: [[], [], [], []] },
        reveal: { end: [fm], concealed: [[], [], [], []], payments } };
      return document.createRange().createContextualFragment(revealCard(st)).querySelector("h3 + p").textContent; }"""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang, east, south in (
        ("en", "Ann, East, pays {d} to each player, the limit doubled as East pays double (CL-7.7).",
         "Bob pays Ann, East, {d}, the limit doubled for East, and {a} to each of the two others (CL-7.7)."),
        ("fr", "Ann, l'Est, paie {d} à chaque joueur, la limite doublée car l'Est paie double (CL-7.7).",
         "Bob paie {d} à Ann, l'Est, la limite doublée pour l'Est, et {a} à chacun des deux autres (CL-7.7)."),
    ):
        page.select_option("#lang", lang)
        for a in (1000, 500):  # the default limit, and a table's `limit` option
            said = page.evaluate(reveal, [0, [-6 * a, 2 * a, 2 * a, 2 * a]])
            assert said.endswith(east.format(a=a, d=2 * a)) and f"({2 * a}" not in said, said
            said = page.evaluate(reveal, [1, [2 * a, -4 * a, a, a]])
            assert said.endswith(south.format(a=a, d=2 * a)), said
    assert not errors, errors


def test_hk_5_7_the_reveal_of_a_false_mahjong_says_who_was_paid_what(server: Server, browser: Any) -> None:
    """HK-5.7: the reveal of a false Mahjong stated the rule ("pays 64 to each player, 128 to a
    discarder") even when nobody discarded; it now says what was paid: the discarder named with
    its double, or one amount to each player when self-drawn. MCR (MCR-5.4) and classical
    (CL-7.7: East's double, not a discarder's) keep their own sentences."""
    reveal = """([rules, from, payments]) => { const fm = { type: "false_mahjong", seat: 2, from, payments };
      const st = { config: { rules }, you: 0, players: ["Ann", "Bob", "Cy", "Di"].map((name, slot) => ({ name, slot })),
        hand: { seat_slots: [0, 1, 2, 3], melds: [[], [], [], []], bonus: [[], [], [], []] },
        reveal: { end: [fm], concealed: [[], [], [], []], payments } };
      return document.createRange().createContextualFragment(revealCard(st)).querySelector("h3 + p").textContent; }"""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang, discard, drawn in (
        ("en", "Cy pays Bob 128, double as the discarder, and 64 to each other player (HK-5.7).", "Cy pays 64 to each player (HK-5.7)."),
        ("fr", "Cy paie 128 à Bob, le double comme défausseur, et 64 à chacun des autres joueurs (HK-5.7).", "Cy paie 64 à chaque joueur (HK-5.7)."),
    ):
        page.select_option("#lang", lang)
        said = page.evaluate(reveal, ["hk", 1, [64, 128, -256, 64]])
        assert said.endswith(discard), said
        said = page.evaluate(reveal, ["hk", None, [64, 64, -192, 64]])
        assert said.endswith(drawn) and "128" not in said, said
        mcr = page.evaluate(reveal, ["mcr", 1, [10, 10, -30, 10]])
        assert mcr.endswith("(MCR-5.4).") and "20" not in mcr, mcr
        east = page.evaluate(reveal, ["classical", 1, [2000, 1000, -4000, 1000]])  # South discarded: paid as the others
        assert east.endswith("(CL-7.7).") and "Ann" in east and "Bob" not in east, east  # East (Ann) is paid double
    assert not errors, errors


def test_mcr_5_4_a_drawn_hand_after_a_false_mahjong_says_who_pays(server: Server, browser: Any) -> None:
    """MCR-5.4: a false Mahjong leaves a dead hand and play goes on; when the wall then ran out the
    reveal said "Draw: the wall is exhausted, nobody pays" over the declarer's fine. It now says
    nobody wins and that the false Mahjong is settled, who pays what (the reveal's ``dead_hands``), in
    English and French, as the terminal does; a drawn hand with no false Mahjong keeps its words."""
    reveal = """([dead, payments]) => { const st = { config: { rules: "mcr" }, you: 0, players: ["Ann", "Bob", "Cy", "Di"].map((name, slot) => ({ name, slot })),
        hand: { seat_slots: [0, 1, 2, 3], melds: [[], [], [], []], bonus: [[], [], [], []] },
        reveal: { end: [{ type: "exhaustive_draw" }], dead_hands: dead, concealed: [[], [], [], []], payments } };
      const card = document.createRange().createContextualFragment(revealCard(st));
      return [card.querySelector("h3").textContent, card.querySelector("h3 + p").textContent]; }"""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang, title, line, plain in (
        ("en", "Draw: the wall is exhausted, nobody wins", "Cy's false Mahjong earlier in the hand is settled: Cy pays 10 to each other player (MCR-5.4).", "nobody pays"),
        ("fr", "Nulle\u00a0: le mur est épuisé, personne ne gagne",
         "Le faux Mahjong annoncé par Cy plus tôt dans la donne est réglé\u00a0: Cy paie 10 à chaque autre joueur (MCR-5.4).", "personne ne paie"),
    ):
        page.select_option("#lang", lang)
        said = page.evaluate(reveal, [[{"seat": 2, "amount": 10}], [10, 10, -30, 10]])
        assert said == [title, line], said
        said = page.evaluate(reveal, [[], [0, 0, 0, 0]])
        assert plain not in said[0] and plain in said[1].lower() and "MCR-3.3" in said[1], said  # said once, with its rule
    assert not errors, errors


def test_cl_5_1_the_reveal_says_a_count_in_the_servers_words(server: Server, browser: Any) -> None:
    """CL-5.1: the reveal wrote a count as "Flower or season ×2", which reads as the doubling
    "Own flower (×2)" beside it; it now writes the server's words for the count ("2 flowers or
    seasons", the terminal's), in the page's language, and a name with " ×n" without them."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang, two in (("en", "2 flowers or seasons"), ("fr", "2 fleurs ou saisons")):
        page.select_option("#lang", lang)
        said = page.evaluate("""() => [
          counted({ id: "bonus_tile", names: { en: "Flower or season", fr: "Fleur ou Saison" }, count: 2,
                    counted: { en: "2 flowers or seasons", fr: "2 fleurs ou saisons" } }),
          counted({ id: "x", names: { en: "Pure Double Chow", fr: "Double suite pure" }, count: 2 })]""")
        assert said[0] == two and said[1].endswith(" ×2"), said
    assert not errors, errors


def test_the_page_title_names_the_tables_ruleset(server: Server, browser: Any) -> None:
    """The browser tab said "Hong Kong Mahjong" at every table: it now names the table's ruleset
    (MCR, classical, Hong Kong), in English and French; the lobby, which offers them all, names none."""
    tables = {rules: server.create(slots=[None, None, "greedy", "greedy"], rules=rules) for rules in ("hk", "mcr", "classical")}
    words = {
        "en": {"hk": "Hong Kong Mahjong", "mcr": "Chinese Official Mahjong (MCR)", "classical": "Classical Mahjong"},
        "fr": {"hk": "Mahjong de Hong Kong", "mcr": "Mahjong officiel chinois (MCR)", "classical": "Mahjong classique"},
    }
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    assert page.title() == "Mahjong tables — hkmj"
    for lang in ("en", "fr"):
        page.select_option("#lang", lang)
        for rules, tid in tables.items():
            want = f"{words[lang][rules]} · {tid} — hkmj"
            for path in (f"/t/{tid}", f"/t/{tid}?watch=1"):  # the join panel, then the table's frames
                page.goto(server.base + path)
                wait_true(page, f"document.title === {want!r}")
    assert not errors, errors


def test_each_player_sees_their_time_bank_in_english_and_french(make_server: Any, browser: Any) -> None:
    """Where another human is seated, each player sees what is left of their own time bank for
    the hand (``mine.bank``, ``--slow-bank``) next to their actions, in English and in French; a
    decision taken beyond ``--slow-grace`` comes off it, and the page shows the smaller bank."""
    server = make_server(None, "--slow-bank", "90", "--slow-grace", "1")
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=None, teaching=False)
    errors: list[str] = []
    pages = []
    for slot, lang in ((0, "en"), (1, "fr")):
        page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()  # a context each: own seat token
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        page.select_option("#lang", lang)
        page.goto(f"{server.base}/t/{tid}?sit={slot}")
        page.click(f'button.sit[data-slot="{slot}"]')  # a join link shows the seat; the player sits
        pages.append(page)
    en, fr = pages
    for page, words in ((en, "Time bank: 90\u00a0s"), (fr, "Réserve de temps\u00a0: 90\u00a0s")):
        wait_true(page, f"!!document.querySelector('#bank') && document.querySelector('#bank').textContent === {words!r}")
    assert "beyond each decision's free seconds" in (en.get_attribute("#bank", "title") or "")
    assert "au-delà des secondes libres" in (fr.get_attribute("#bank", "title") or "")
    fr.screenshot(path=str(ARTIFACTS / "time-bank-fr.png"), full_page=True)
    # the player on turn (seats are drawn) takes about three seconds, two beyond the grace
    deadline = time.monotonic() + 30
    slow = None
    while slow is None and time.monotonic() < deadline:
        for page in pages:
            if page.locator("#hand button.t:not([disabled])").count():
                slow = page
                break
            with contextlib.suppress(Exception):  # a bot's discard offered to a player: pass at once
                page.locator("button.claim[data-action=pass]").first.click(timeout=200)
        else:
            time.sleep(0.05)
    assert slow is not None, "nobody's turn came"
    slow.wait_for_timeout(3000)
    slow.locator("#hand button.t:not([disabled])").last.click()
    wait_true(slow, "G.state.mine.bank < 89 && /: 8[0-8]\\u00a0s$/.test(document.querySelector('#bank').textContent)", 15)
    assert not errors, errors


def test_an_offline_players_turn_says_when_the_table_plays_it_for_them_in_english_and_french(make_server: Any, browser: Any) -> None:
    """A player closes their tab mid-hand: on that seat's turn the others (here two spectators)
    saw only "offline" while the table waited ``--absent-after`` seconds for them; they now see
    when the server plays the turn for them (``players[i].played_in``), counting down, in English
    on a desktop and in French at a phone's 360 px, where it wraps within its seat; the turn is
    then played and the badge says "offline" alone again."""
    server = make_server(None, "--absent-after", "4")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=None, teaching=False, bot_delay=0.2, away_after=100)
    errors: list[str] = []
    pages = []
    for lang, width in (("en", 1000), ("fr", 360), ("en", 1000)):
        page = browser.new_context(viewport={"width": width, "height": 740}).new_page()  # a context each: own seat token
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        page.select_option("#lang", lang)
        pages.append(page)
    en, fr, leaver = pages
    leaver.goto(f"{server.base}/t/{tid}?sit=0")
    leaver.click('button.sit[data-slot="0"]')
    wait_true(leaver, "!!G.state && !!G.state.hand", 30)
    leaver.context.close()  # the tab closes mid-hand
    for page in (en, fr):
        page.goto(f"{server.base}/t/{tid}?watch=1")
    said = {
        en: "/^offline: the table plays this turn for them in [1-4]\\u00a0s unless they are back by then$/",
        fr: "/^hors ligne\\u00a0: la table joue ce tour à sa place dans [1-4]\\u00a0s, sauf retour d'ici là$/",
    }
    badge = "document.querySelector('.badge.offline-turn')"
    for page, words in said.items():
        wait_true(page, f"!!{badge} && {words}.test({badge}.textContent)", 60)
    # it counts down: read twice within one turn (read once, then compared with a fixed 3 s wait, a
    # loaded machine read "1 s" as the turn was played, and the badge was gone before any lower number)
    wait_true(en, COUNTS_DOWN, 30)
    # the badge measured as one frame draws it (a badge of this turn, or of the next one)
    fits = f"""(() => {{ const badge = {badge}; if (!badge) return null;
      const b = badge.getBoundingClientRect(), s = badge.closest('.seat').getBoundingClientRect();
      return {{ fits: document.documentElement.scrollWidth <= innerWidth && b.left >= s.left && b.right <= s.right,
               badge: b.toJSON(), seat: s.toJSON(), scrollWidth: document.documentElement.scrollWidth }}; }})()"""
    seen = when(fr, fits)
    assert seen["fits"], seen
    en.screenshot(path=str(ARTIFACTS / "offline-turn-en.png"), full_page=True)
    fr.screenshot(path=str(ARTIFACTS / "offline-turn-fr-360.png"), full_page=True)
    # the turn is played for them: the badge is "offline" alone until their next turn
    for page, word in ((en, "offline"), (fr, "hors ligne")):
        wait_true(page, f"G.state.players[0].played_in === null && [...document.querySelectorAll('.badge')].some((b) => b.textContent === {word!r})", 30)
    assert not errors, errors


def test_a_seat_held_until_the_next_hand_says_why_and_offers_no_back_button_in_english_and_french(make_server: Any, browser: Any) -> None:
    """A player who never plays is turned away (``away_after`` 1): the page offers "I'm back", and
    it is taken. Turned away a second time in the hand, the bot keeps the seat until the next
    hand (issue 9): the page says so plainly, in English and in French, with no "Back" button
    (``back`` would be refused), the seat's badge saying until when, and the player's hand still shown."""
    server = make_server(None, "--idle-after", "30", "--slow-grace", "0.3", "--slow-bank", "0.3")
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=4, teaching=True, timer=None, claim_window=0.02, bot_delay=0.2, away_after=1, next_delay=0.5)
    stop = threading.Event()
    joined = threading.Event()

    def host() -> None:  # the other human plays at once
        async def go() -> None:
            async with server.client() as c:
                await c.join(tid, 0, "Host")
                joined.set()
                rng, acted = random.Random(7), -1
                while not stop.is_set():
                    st = c.state or {}
                    legal = (st.get("mine") or {}).get("legal") or []
                    if legal and st["seq"] != acted:
                        acted = st["seq"]
                        await c.act(choose(legal, rng))
                    with contextlib.suppress(TimeoutError):
                        await c.recv(0.05)

        run_apart(go())

    playing = threading.Thread(target=host, daemon=True)
    playing.start()
    try:  # the host's thread stops whatever happens (else it raises once the server is gone)
        assert joined.wait(15)
        errors: list[str] = []
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        page.select_option("#lang", "en")
        page.goto(f"{server.base}/t/{tid}?sit=1")
        page.click('button.sit[data-slot="1"]')  # a join link shows the seat; the player sits
        words = {
            "en": ("A bot plays for you until the next hand: you were away twice this hand.", "away until the next hand (bot playing)"),
            "fr": ("Un robot joue pour vous jusqu'à la donne suivante\u00a0: vous avez été absent deux fois dans cette donne.", "absent jusqu'à la donne suivante (un robot joue)"),
        }
        for lang in ("en", "fr"):
            if lang == "fr":
                page.select_option("#lang", "fr")
            # the held page read in one go, in this language: the bots redraw it many times a second,
            # and the hand may end (the seat then the player's again) between two separate reads
            seen = _held_page(page, lang)
            said, badge = words[lang]
            assert seen["held"].startswith(said), seen
            assert badge in seen["badge"], seen
            assert seen["back"] == 0  # back would be refused: not offered
            assert seen["bank"] == 0  # nothing for the player to spend in this hand
            # the player still sees their hand: every concealed tile (the bot may have claimed a meld for them)
            assert seen["shown"] == seen["concealed"] >= 1, seen
            assert seen["enabled"] == 0, seen
            assert page.evaluate("window.backTaken === true")  # held at the second time away: "I'm back" was offered and taken
            page.screenshot(path=str(ARTIFACTS / f"held-{lang}.png"), full_page=True)
    finally:
        stop.set()
        playing.join(10)
    assert not errors, errors


HELD_PAGE = """(lang) => {
  const held = document.querySelector('#held');
  if (!held || document.documentElement.lang !== lang || !G.state.mine || !G.state.mine.held) {
    const back = document.querySelector('#back');  // turned away once: "I'm back" is offered, and taken
    if (back) { back.click(); window.backTaken = true; }
    return null;
  }
  return {
    held: held.textContent, badge: (document.querySelector('.seat.me') || {}).textContent || '',
    back: document.querySelectorAll('#back').length, bank: document.querySelectorAll('#bank').length,
    shown: document.querySelectorAll('#hand button.t').length, concealed: G.state.mine.concealed.length,
    enabled: document.querySelectorAll('#hand button.t:not([disabled])').length,
  };
}"""
"""The page of a seat held until the next hand, read in one evaluation (the page and ``G.state``
as one frame drew them), or null (after clicking "I'm back" if it is offered) while the seat is
not held or the page is not yet in ``lang``."""


def _held_page(page: Any, lang: str, timeout: float = 120.0) -> dict[str, Any]:
    """Poll :data:`HELD_PAGE` until the seat is held with the page in ``lang``: in this hand, or,
    if the hand ended first (the seat is its player's again at the deal), in a later one."""
    deadline = time.monotonic() + timeout
    while (seen := page.evaluate(HELD_PAGE, lang)) is None:
        assert time.monotonic() < deadline, f"the seat was not held in {timeout} s"
        time.sleep(0.05)
    return dict(seen)


def test_the_house_options_are_named_in_words_in_the_lobby_and_on_the_table(server: Server, browser: Any) -> None:
    """A newcomer met the house options as the protocol spells them: labels *minfan*, *table*,
    *payment* and values *seed*, *half-shooter*, in French too, and "HK minfan=0 … table=seed" on
    the table. Each option is now named in the page's language (its value sent as before: the
    table is created with table=half, payment=half-shooter, minfan=3), for Hong Kong and the
    classical game, and the table shows its ruleset and options in the same words."""
    from hkmj.rulesets import rulesets_info

    raw = re.compile(r"\b(minfan|seed|half-shooter|pay_highest)\b|=")
    words = {
        "en": ("Minimum fan to win", "half-exponential", "the discarder pays for all", "Pay the highest score (CL-7.4)"),
        "fr": ("Fan minimum pour gagner", "demi-exponentielle", "le défausseur paie pour tous", "Payer le score le plus haut (CL-7.4)"),
    }
    on_table = {
        "en": "Hong Kong · minimum 3 fan · limit from 10 fan · half-exponential · the discarder pays for all · base value 1",
        "fr": "Hong Kong · 3 fans minimum · limite à partir de 10 fans · demi-exponentielle · le défausseur paie pour tous · valeur de base 1",
    }
    errors: list[str] = []
    for lang in ("en", "fr"):
        page = lobby_page(browser, server, errors, 390, 844)
        lobby_in(page, lang)  # the lobby is drawn again in the language chosen (it was read still in English)
        label, half, shooter, highest = words[lang]
        house = page.inner_text("#house")
        assert not raw.search(house), house
        assert label in house and half in house and shooter in house
        # each option's explanation on hover, in the page's language (French had none), in the menu's words: it said
        # "seed, the rules' own (HK-6: 4-7-10 steps); half (half-exponential)", the values as the command line takes them
        tips = page.eval_on_selector_all("#house label", "ls => ls.map((l) => l.title)")
        server_help = [o["help_fr" if lang == "fr" else "help"] for o in rulesets_info()["hk"]["options"]]
        assert [tip == said for tip, said in zip(tips, server_help, strict=True)] == [True, True, False, False, True], tips
        assert not any(raw.search(tip) for tip in tips), tips
        assert half in tips[2] and {"en": "4\u20117\u201110 steps", "fr": "paliers 4\u20117\u201110"}[lang] in tips[2], tips
        assert shooter in tips[3], tips
        page.select_option("#rules", "classical")
        assert highest in page.inner_text("#house") and not raw.search(page.inner_text("#house"))
        page.select_option("#rules", "hk")
        page.select_option("select[name='opt.minfan']", "3")
        page.select_option("select[name='opt.table']", "half")
        page.select_option("select[name='opt.payment']", "half-shooter")
        # a name read as a free seat's label, and a number box emptied: the lobby said the server's English refusal
        # ("names: name 'place libre' reads as ...", "option base='': expected a whole number 1-1000") on a French page too
        page.fill("input[name=name]", {"en": "free seat", "fr": "place libre"}[lang])
        page.click("#create")
        taken = {"en": "Error: That name looks like another seat's name", "fr": "Erreur\u00a0: Ce nom ressemble à celui d'une autre place"}[lang]
        wait_true(page, f"document.querySelector('#toast').textContent.startsWith({taken!r})", 10)
        page.fill("input[name=name]", "Ann")
        page.fill("input[name='opt.base']", "")
        page.click("#create")  # asked for by the box itself, nothing sent
        assert page.evaluate("document.querySelector(\"input[name='opt.base']\").validationMessage") and page.locator("#create-form").count()
        page.fill("input[name='opt.base']", "1e0")  # a number the box takes: sent as the server reads it, 1
        page.click("#create")
        page.wait_for_selector("#board", timeout=15000)
        tid = page.url.rstrip("/").split("/")[-1]
        options = server.get(f"/api/tables/{tid}")["table"]["config"]["options"]
        assert (options["minfan"], options["table"], options["payment"], options["base"]) == ("3", "half", "half-shooter", "1")
        line = page.inner_text("#board .center .rulesline")
        assert line.replace("\u00a0", " ") == on_table[lang], line
    assert not errors, errors


@pytest.fixture
def bot_server(make_server: Any) -> Server:
    """A server that lets a table of four bots play as fast as it asks (``--all-bot-pace 0``): a
    test watching a bot hand to its end waits for its moves, not for the public pace (about 40 s
    a hand)."""
    return make_server(None, "--all-bot-pace", "0")


def _watched_win(browser: Any, server: Server, errors: list[str], rules: str, lang: str, width: int, height: int) -> Any:
    """A page watching a one-hand table of four bots under ``rules`` (on :func:`bot_server`, a
    twentieth of a second a move) until its end-of-hand screen shows a win (a drawn hand has no
    payments to explain: another table is played, up to five), drawn as the match's end."""
    for _ in range(5):
        tid = server.create(slots=["greedy"] * 4, hands=1, rules=rules, bot_delay=0.05, claim_window=0.05, next_delay=60)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        lobby_in(page, lang)
        page.goto(f"{server.base}/t/{tid}?watch=1")
        page.wait_for_selector("#reveal #scoring", timeout=90000)
        # the one hand's end is drawn, then drawn again as the match's end (HK-7.3): wait for that
        # last drawing, or a check may hold a table the page has since replaced
        page.wait_for_selector('#reveal #scoring a.button[href="/"]', timeout=30000)
        if page.locator("#reveal .wintile").count():
            return page
        page.close()
    raise AssertionError(f"five {rules} tables of bots ended without a win")


@pytest.mark.parametrize(("rules", "lang", "width"), [("mcr", "en", 1280), ("mcr", "fr", 390), ("classical", "en", 390), ("classical", "fr", 1280)])
def test_mcr_8_cl_7_the_payments_of_a_won_hand_say_why(bot_server: Server, rules: str, lang: str, width: int, browser: Any) -> None:
    """MCR-6, MCR-8: an MCR win lists its fans under "Fan" (not Hong Kong's "Element"), their
    total and the points without flowers as the terminal heads them (MCR-5.1), and the
    payments say how they are made — the total plus 8 from the discarder (everyone on a
    self-draw), 8 from the two others — the sentence and every paying row (they said nothing);
    CL-5, CL-7: a classical win's total is its score (points × 2^doubles, it read "Points") and the
    payments say that every player settles with every other, East double. English and French,
    desktop and phone (the amounts stay on one line); the lobby offers a full game of exactly 16
    hands there (MCR-2.1, CL-4.4: no dealer's repeat; it said "16+")."""
    words = {
        ("mcr", "en"): ("Fan", "Total (flowers included)", "(MCR-8)", "Full game (16 hands)"),
        ("mcr", "fr"): ("Fan", "Total (fleurs comprises)", "(MCR-8)", "Partie complète (16 donnes)"),
        ("classical", "en"): ("Element", "Score", "East pays and receives double (CL-7)", "Full game (16 hands)"),
        ("classical", "fr"): ("Élément", "Score", "l'Est paie et reçoit double (CL-7)", "Partie complète (16 donnes)"),
    }
    head, total, rule, game = words[rules, lang]
    errors: list[str] = []
    lobby = lobby_page(browser, bot_server, errors, width, 800)
    lobby_in(lobby, lang)
    lobby.select_option("select[name=rules]", rules)
    assert lobby.inner_text("select[name=length] option[value=game]") == game
    lobby.select_option("select[name=rules]", "hk")  # Hong Kong's dealer may keep the deal (HK-7.2)
    assert lobby.inner_text("select[name=length] option[value=game]") in ("Full game (16+ hands)", "Partie complète (16 donnes ou plus)")
    page = _watched_win(browser, bot_server, errors, rules, lang, width, 800)
    text = page.inner_text("#reveal #scoring")
    assert re.search(rf"^{re.escape(head)}\s+Points$", text, re.M), text
    assert re.search(rf"^{re.escape(total)}\s+\d+$", text, re.M), text
    if rules == "mcr":  # what the 8-point minimum reads, under the total (MCR-5.1)
        minimum = "Without flowers (8 needed, MCR-5.1)" if lang == "en" else "Sans les fleurs (8 requis, MCR-5.1)"
        assert re.search(rf"^{re.escape(minimum)}\s+\d+$", text, re.M), text
    else:
        assert "MCR-5.1" not in text, text
    assert rule in text
    assert "HK-" not in text and "fan)" not in text
    amounts = [int(a.replace("+", "")) for a in page.locator("#payments td.num").all_inner_texts()]
    assert sum(amounts) == 0 and len(amounts) == 4
    whys = page.locator("#payments td.why").all_inner_texts()
    if rules == "mcr":  # every payer says why: the total plus 8, or 8
        payers = [w for w, a in zip(whys, amounts, strict=True) if a < 0]
        assert payers and all(re.match(r"(\d+ \+ 8|8) — ", w) for w in payers), whys
        assert all(a == -8 or (a < -8 and w.startswith(f"{-a - 8} + 8")) for w, a in zip(whys, amounts, strict=True) if a < 0)
    else:  # every player's own points, doubles and score (CL-5.4)
        assert all(re.search(r"\d+", w) for w in whys), whys
    lines = "(tds) => tds.map((td) => { const r = document.createRange(); r.selectNodeContents(td); return r.getClientRects().length; })"
    assert page.locator("#payments td.num").evaluate_all(lines) == [1, 1, 1, 1]  # each amount on one line, at phone width too
    page.locator("#payments").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"payments-{rules}-{lang}-{width}.png"))
    assert not errors, errors


def test_mcr_5_1_mcr_5_4_the_hint_says_which_waits_can_win_and_when_the_hand_is_dead(server: Server, browser: Any) -> None:
    """MCR-5.1: the hint said "ready: one tile from winning; waits for …" of a hand none of whose
    waits reaches 8 points; it now says the hand is ready in shape only, names the waits that
    score 8 when some do (and those that do only self-drawn, MCR-6.25), and (MCR-5.4) tells a
    dead hand it cannot win. A complete hand worth under 8 points (the server's own answer) was
    told "ready: one tile from winning"; it is now called complete but unable to win, ready only
    after the advised discard. English and French; a Hong Kong hint (no minimum) is unchanged,
    and a Hong Kong table with minfan=3 words its complete hand under 3 fan in its own terms."""

    from hkmj.bots.advice import make_advisor
    from hkmj.engine.testing import QUIET, stacked_hand
    from hkmj.rulesets import get_ruleset
    from hkmj.server.table import hint_answer

    hand = stacked_hand(["123m789m456p345s77p", *QUIET[1:]], rules=get_ruleset("mcr"))  # complete, under 8 points
    complete = hint_answer(hand.view(0), hand.legal_actions(0), make_advisor(1))
    assert complete["shanten"] == -1 and complete["action"].startswith("discard") and complete["waits"], complete
    hints = {
        "complete": complete,
        "hk_minfan": {"action": "discard 1z", "shanten": -1, "waits": [], "min": 3, "scoring": [], "short": False},
        "short": {"action": "discard 7p", "shanten": 0, "waits": [], "min": 8, "scoring": [], "short": True},
        "short_waits": {"action": "pass", "shanten": 0, "waits": ["9s"], "min": 8, "scoring": [], "short": True},
        "some": {"action": "discard 1z", "shanten": 0, "waits": ["3m", "6m", "9m"], "min": 8, "scoring": ["9m"], "short": False},
        "all": {"action": "discard 1z", "shanten": 0, "waits": ["5m"], "min": 8, "scoring": ["5m"], "short": False},
        "drawn": {"action": "discard 1z", "shanten": 0, "waits": ["1p", "4p"], "min": 8, "scoring": ["4p"], "drawn": ["4p"], "short": False},
        "dead": {"action": "discard 5s", "shanten": 1, "waits": [], "dead": True},
        "hk": {"action": "discard 1z", "shanten": 0, "waits": ["3m", "6m", "9m"]},
        "hk_win": {"action": "mahjong", "shanten": -1, "waits": []},
        "win": {"action": "mahjong", "shanten": -1, "waits": [], "min": 8, "scoring": [], "short": False},
    }
    for lang, said in _hint_texts(browser, server, {k: (h, "hk" if k.startswith("hk") else "mcr") for k, h in hints.items()}).items():
        ready = "ready: one tile from winning" if lang == "en" else "prête\u00a0: à une tuile de la victoire"
        for k in ("short", "short_waits"):
            assert "MCR-5.1" in said[k] and ready not in said[k] and "8" in said[k], said[k]
        assert ("ready in shape" if lang == "en" else "prête par sa forme") in said["short"]
        assert ready in said["some"] and ("8+ points on 9 Characters" if lang == "en" else "8 points ou plus sur 9 Caractères") in said["some"]
        assert ("5 Characters, 8+ points" if lang == "en" else "5 Caractères, 8 points ou plus") in said["all"]
        assert ("only self-drawn on 4 Circles" if lang == "en" else "seulement en piochant sur 4 Cercles") in said["drawn"]
        assert "MCR-5.4" in said["dead"] and ready not in said["dead"] and ("5 Bamboo" if lang == "en" else "5 Bambous") in said["dead"]
        assert ready in said["hk"] and "8" not in said["hk"] and "MCR" not in said["hk"]
        # a hand advised to declare Mahjong was told "ready: one tile from winning"
        win = "Mahjong! (your hand is complete: declare Mahjong)" if lang == "en" else "Mahjong\u00a0! (votre main est complète\u00a0: annoncez Mahjong)"
        assert said["hk_win"] == win and said["win"] == win, (said["hk_win"], said["win"])
        if lang == "en":
            assert "(your hand is complete, but worth under the 8-point minimum (MCR-5.1), so it cannot win: do not declare Mahjong; after this discard, ready: one tile from winning; waits for" in said["complete"], said["complete"]
            assert said["hk_minfan"] == "Discard East wind (your hand is complete, but worth under the 3 fan these rules need to win, so it cannot win: do not declare Mahjong)", said["hk_minfan"]
        else:
            assert "(votre main est complète, mais vaut moins que le minimum de 8 points (MCR-5.1), elle ne peut donc pas gagner\u00a0: n'annoncez pas Mahjong\u00a0; après cette défausse, prête\u00a0: à une tuile de la victoire\u00a0; attend" in said["complete"], said["complete"]
            assert "vaut moins que le minimum de ces règles pour gagner (3 fans)\u00a0: n'annoncez pas Mahjong)" in said["hk_minfan"], said["hk_minfan"]
        assert not [s for s in said.values() if CODE.search(s)], said


def test_hk_1_the_hint_says_when_every_winning_tile_is_out(server: Server, browser: Any) -> None:
    """HK-1 (four of each tile): a hint whose hand waits only on tiles all in the player's sight
    (the server's ``out``) read "ready: one tile from winning; waits for 5 Circles"; it now says
    the hand is ready but every winning tile is out and to change the wait, English and French,
    also after a complete hand's advised discard under MCR's minimum (MCR-5.1). A hand with a
    copy left keeps "ready"."""

    hints = {
        "out": {"action": "discard 9s", "shanten": 0, "waits": ["5p"], "out": True},
        "live": {"action": "discard 9s", "shanten": 0, "waits": ["5p"], "out": False},
        "none": {"action": "pass", "shanten": 0, "waits": [], "out": True},
        "mcr": {"action": "discard 1z", "shanten": 0, "waits": ["3m", "6m", "9m"], "out": True, "min": 8, "scoring": ["9m"], "short": False},
        "mcr_complete": {"action": "discard 1z", "shanten": -1, "waits": ["9m"], "out": True, "min": 8, "scoring": ["9m"], "short": False},
    }
    for lang, said in _hint_texts(browser, server, {k: (h, "mcr" if k.startswith("mcr") else "hk") for k, h in hints.items()}).items():
        ready = "ready: one tile from winning" if lang == "en" else "prête\u00a0: à une tuile de la victoire"
        out = "ready, but every winning tile is already out: change your wait" if lang == "en" else "prête, mais toutes les tuiles gagnantes sont déjà sorties\u00a0: changez d'attente"
        for k in ("out", "none", "mcr", "mcr_complete"):
            assert out in said[k] and ready not in said[k], (k, said[k])
        assert ready in said["live"] and out not in said["live"], said["live"]
        assert ("5 Circles" if lang == "en" else "5 Cercles") in said["out"]
        assert not [s for s in said.values() if CODE.search(s)], said


@pytest.mark.parametrize(("lang", "width"), [("en", 390), ("fr", 1280)])
def test_cl5_4_each_non_winners_score_is_itemised_behind_its_total(bot_server: Server, lang: str, width: int, browser: Any) -> None:
    """CL-5.1, CL-5.2, CL-5.4: at a classical table every player scores, and the end-of-hand panel
    showed a non-winner's total only ("16 points, 1 double: scores 32"); a click on that total now
    opens what it is made of — its point lines added up, the doubles that multiply them — named in
    the page's language (English at phone width, French on a desktop). The lines add up to the
    seat's points, the doubles to its score; the winner's own items stay in the table above."""
    doubled = {"en": "doubled by", "fr": "doublé par"}[lang]
    errors: list[str] = []
    for _ in range(6):  # a won hand where a non-winner holds a scoring group (nearly every one)
        page = _watched_win(browser, bot_server, errors, "classical", lang, width, 800)
        if page.locator("#payments details.own").count():
            break
        page.close()
    else:
        raise AssertionError("six classical hands won without a non-winner scoring anything")
    win = page.evaluate("G.state.reveal.end.find((e) => e.type === 'win')")
    rows = page.locator("#payments tr")
    opened = 0
    for seat in range(4):
        sc = win["seat_scoring"][seat]
        assert (sc["points"], sc["doubles"], sc["score"]) == (win["seat_points"][seat], win["seat_doubles"][seat], win["hand_scores"][seat])
        assert sum(line["points"] * line["count"] for line in sc["lines"]) == sc["points"]
        assert sum(d["count"] for d in sc["doubles_by"]) == sc["doubles"]
        own = rows.nth(seat).locator("details.own")
        if seat == win["seat"] or not sc["lines"]:
            assert own.count() == 0
            continue
        assert own.count() == 1 and not own.locator(".items").is_visible()
        own.locator("summary").click()
        items = own.locator(".items").inner_text().replace("\u00a0", " ")
        for line in sc["lines"]:
            assert line["counted"][lang] in items, items  # "2 flowers or seasons", a count (CL-5.1)
            assert line["count"] > 1 or line["counted"][lang] == line["names"][lang]
        assert f"= {sc['points']}" in items and "undefined" not in items and "NaN" not in items, items
        if sc["doubles_by"]:
            assert doubled in items and f"{sc['points']} × {2 ** sc['doubles']} = {sc['points'] << sc['doubles']}" in items, items
            assert all(d["counted"][lang] in items for d in sc["doubles_by"]), items
        opened += 1
    assert opened >= 1
    page.locator("#payments").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"own-scores-{lang}-{width}.png"))
    assert not errors, errors


def test_cl5_4_hk_6_what_a_reader_opened_at_the_end_of_a_hand_stays_open_when_it_is_drawn_again(bot_server: Server, browser: Any) -> None:
    """CL-5.4, HK-6: the end-of-hand panel is drawn again whenever the table's state changes (another
    player's "next", the match's end); drawn from scratch, it closed a non-winner's score and the
    wall's check that the reader had opened, and went back to the top of a panel they had scrolled
    down on a phone. Both now stay as the reader left them; the next hand's panel starts closed."""
    errors: list[str] = []
    for _ in range(6):  # a won hand where a non-winner holds a scoring group (nearly every one)
        page = _watched_win(browser, bot_server, errors, "classical", "en", 390, 600)
        if page.locator("#payments details.own").count():
            break
        page.close()
    else:
        raise AssertionError("six classical hands won without a non-winner scoring anything")
    own = page.locator("#payments details.own").first
    own.locator("summary").click()
    page.locator("#verify summary").click()
    page.locator("#reveal").evaluate("(box) => { box.scrollTop = box.scrollHeight; }")
    top = page.locator("#reveal").evaluate("(box) => box.scrollTop")
    assert top > 0  # a phone's panel is longer than its screen
    page.evaluate("render()")  # what every message of the table does
    assert page.locator("#payments details.own[open]").count() == 1
    assert page.locator("#payments details.own").first.get_attribute("open") is not None
    assert page.locator("#verify").get_attribute("open") is not None
    assert page.locator("#reveal").evaluate("(box) => box.scrollTop") == top
    page.evaluate("G.state = { ...G.state, reveal: { ...G.state.reveal, commitment: 'another hand' } }; render()")
    assert page.locator("#reveal details[open]").count() == 0  # another hand's panel starts closed
    assert not errors, errors


def _post(server: Server, body: Any) -> tuple[int, dict[str, Any]]:
    """POST /api/tables; the status and the JSON answer."""
    import json
    import urllib.error
    import urllib.request

    req = urllib.request.Request(server.base + "/api/tables", data=json.dumps(body).encode(), method="POST")
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _player_thread(server: Server, tid: str, token: str, start: bool, leave: Any, asked: list[int] | None = None) -> Any:
    """A player connected to table ``tid`` in a thread of its own (the page's Playwright loop owns
    this one): it resumes its seat, starts the match if ``start``, and leaves once ``leave`` (a
    ``threading.Event``) is set. Given ``asked``, it appends to it the ``seq`` of the first state
    that asks it to move (the table then waits for it: every move before its own is made)."""
    import asyncio
    import threading

    from hkmj.server.client import GameClient

    async def play() -> None:
        async with GameClient(server.ws_url) as c:
            await c.resume(tid, token)
            if start:
                await c.send(type="start")
                await c.wait(lambda m: m["type"] == "state" and bool(m["hand"]))
            while not leave.is_set():
                if asked is not None and not asked:
                    if c.legal:
                        assert c.state is not None
                        asked.append(int(c.state["seq"]))
                    else:
                        with contextlib.suppress(TimeoutError):
                            await c.recv(0.05)
                        continue
                await asyncio.sleep(0.05)

    thread = threading.Thread(target=lambda: asyncio.run(play()), daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize(("lang", "width"), [("en", 390), ("fr", 1280)])
def test_a_spectator_sees_a_table_abandoned_and_follows_it_back(make_server: Any, lang: str, width: int, browser: Any) -> None:
    """docs/server.md, --abandon-after: a spectator watches a table whose only player leaves; once
    it is saved as abandoned the page says so and what it means above the table, where a phone
    shows it whole (it was said only at the end of the page's title line, cut at phone width), and
    its recent moves are listed once (the frame that tells of the abandon sent them again, and the
    list doubled them); a page opened on the abandoned table later says it too, and when the
    player comes back with their link the spectator follows the play and the notice goes.
    English at phone width, French on a desktop."""
    import threading


    words = {
        "en": ("abandoned", "Abandoned table: its players left", "Spectating"),
        "fr": ("abandonnée", "Table abandonnée\u00a0: ses joueurs sont partis", "Vous regardez"),
    }[lang]
    server = make_server(None, "--abandon-after", "1")
    errors: list[str] = []
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    lobby_in(page, lang)
    for _ in range(8):  # until Ann does not deal: the bots before her move, then the table waits for her (no timer)
        status, answer = _post(server, {"slots": [None, "greedy", "greedy", "greedy"], "sit": 0, "timer": None, "names": ["Ann", "", "", ""]})
        assert status == 201
        tid, token = answer["id"], answer["token"]
        leave, asked = threading.Event(), []
        player = _player_thread(server, tid, token, True, leave, asked)
        page.goto(f"{server.base}/t/{tid}?watch=1")
        page.wait_for_selector("#board", timeout=10000)
        # Ann (slot 0) deals when she holds seat 0: nothing moves before her, try another table;
        # else the dealer bot's discard is listed (waited for as long as a loaded machine needs:
        # a 4 s wait for it on every table gave up on slow bots as if Ann had dealt)
        wait_true(page, "!!G.state && !!G.state.hand", 30)
        if page.evaluate("G.state.hand.seat_slots[0] !== 0"):
            wait_true(page, "document.querySelector('#recent').textContent.trim() !== ''", 30)
            break
        leave.set()
        player.join(10)
    else:
        raise AssertionError("Ann dealt at eight tables")
    assert page.locator("#abandoned").count() == 0 and words[0] not in page.inner_text("#title")
    # the bots before Ann have moved (fewer moves than the list shows, 6, so a repeat shows): the
    # table asks Ann, and the page has the state that asks her
    deadline = time.monotonic() + 30
    while not asked:
        assert time.monotonic() < deadline, "Ann was never asked to move"
        time.sleep(0.05)
    wait_true(page, f"G.state.seq >= {asked[0]}", 30)
    leave.set()
    player.join(10)
    page.wait_for_selector("#abandoned", timeout=20000)
    assert server.get(f"/api/tables/{tid}")["table"]["status"] == "abandoned"
    note = page.locator("#abandoned")
    assert words[1] in note.inner_text() and note.is_visible()
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] < 200, box  # whole, at the top
    assert words[2] in page.inner_text("#app") and page.locator("#board").count() == 1  # still watching the table
    assert page.inner_text("#title").endswith(f" · {words[0]}"), page.inner_text("#title")
    page.screenshot(path=str(ARTIFACTS / f"abandoned-{lang}-{width}.png"))
    recent = page.inner_text("#recent")
    # a page opened on the abandoned table now: the notice above the seats (none free: a spectator's place)
    later = browser.new_page(viewport={"width": width, "height": 800})
    later.on("pageerror", lambda e: errors.append(str(e)))
    later.goto(server.base + "/")
    lobby_in(later, lang)
    later.goto(f"{server.base}/t/{tid}")
    later.wait_for_selector("#abandoned", timeout=10000)
    assert words[1] in later.inner_text("#abandoned")
    later.goto(f"{server.base}/t/{tid}?watch=1")
    later.wait_for_selector("#board #recent", state="attached", timeout=10000)
    wait_true(later, "document.querySelector('#abandoned') !== null")
    lines = recent.split("\n")
    assert recent.strip() and all(a != b for a, b in itertools.pairwise(lines)), recent  # each move once
    assert later.inner_text("#recent") == recent, (later.inner_text("#recent"), recent)
    # the player comes back: the table plays on, and the spectator follows it
    leave = threading.Event()
    player = _player_thread(server, tid, token, False, leave)
    wait_true(page, "document.querySelector('#abandoned') === null && document.querySelector('#board') !== null", 20)
    assert words[0] not in page.inner_text("#title")
    leave.set()
    player.join(10)
    assert not errors, errors


def test_a_table_abandoned_before_its_first_hand_says_so_not_waiting_for_players(make_server: Any, browser: Any) -> None:
    """docs/server.md: a table whose only player sat and left before the first hand is saved as
    abandoned; its spectator was shown "Waiting for players…" as if someone were about to play.
    The page now says the table is abandoned, above a heading that says before its first hand,
    in English and then in French (the language chosen on the page)."""
    import threading


    server = make_server(None, "--abandon-after", "1")
    # a seat kept for a friend: the match waits for them (with every seat taken it starts by itself)
    status, answer = _post(server, {"slots": [None, None, "greedy", "greedy"], "sit": 0, "timer": None})
    assert status == 201
    tid, token = answer["id"], answer["token"]
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    lobby_in(page, "en")
    leave = threading.Event()
    player = _player_thread(server, tid, token, False, leave)
    page.goto(f"{server.base}/t/{tid}?watch=1")
    page.wait_for_selector("#app h2", timeout=10000)
    assert "Waiting for players" in page.inner_text("#app")
    leave.set()
    player.join(10)
    page.wait_for_selector("#abandoned", timeout=20000)
    text = page.inner_text("#app")
    assert "Abandoned table: its players left" in text and "Abandoned before its first hand" in text, text
    assert "Waiting for players" not in text and page.locator("#start").count() == 0
    page.select_option("#lang", "fr")
    wait_true(page, "document.querySelector('#abandoned') !== null && document.documentElement.lang === 'fr'")
    text = page.inner_text("#app")
    assert "Table abandonnée\u00a0: ses joueurs sont partis" in text and "Abandonnée avant sa première donne" in text, text
    assert "En attente des joueurs" not in text
    assert not errors, errors


def test_a_refusal_by_the_ipv6_48_network_budget_or_of_a_connection_is_said_in_english_and_french(make_server: Any, browser: Any) -> None:
    """An IPv6 /48 has ``--network-share`` times one address's budget under every per-address
    limit: a table refused because the /48 holds its share says so in the page's language (the
    server's own message, in English, names the network too), not "Too many messages": which
    limit (its ``limit`` field, issue 9), its cap, and that the network's budget is used up.

    A page whose websocket the server refuses as it opens (``too_many_connections``: more than
    ``--per-address`` from one address, or the server full but for its players) showed "Connection
    to the server lost: reconnecting…" and asked again every few seconds for ever, the server's
    English reason flashing by in a toast on a French page too. It now says why in place of the
    table, in the page's language, and tries again after 30 s."""
    import json
    import urllib.request


    server = make_server(None, "--tables-per-address", "1", "--network-share", "1", "--trusted-proxy", "127.0.0.1", "--per-address", "1")
    req = urllib.request.Request(server.base + "/api/tables", data=json.dumps({"slots": [None, None, None, None]}).encode(), method="POST")
    req.add_header("Content-Type", "application/json")
    req.add_header("X-Forwarded-For", "2001:db8:5:1::1")
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 201  # the /48's one live table, from another /64 of it
        tid = json.loads(r.read())["id"]
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1200, "height": 900}, extra_http_headers={"X-Forwarded-For": "2001:db8:5:2::1"})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    for lang, words in [
        ("fr", "1 table en cours a déjà été créée depuis votre réseau (le /48 IPv6 dont fait partie votre adresse)\u00a0: "
         "vous pourrez en créer une autre quand elle sera terminée ou abandonnée."),
        ("en", "1 table still in play was already created from your network (the IPv6 /48 your address belongs to): "
         "you may create another once it ends or is abandoned."),
    ]:
        lobby_in(page, lang)
        page.click("#create")
        page.wait_for_selector("#toast.on", timeout=15000)
        assert words in page.inner_text("#toast"), page.inner_text("#toast")
        page.evaluate("() => document.querySelector('#toast').classList.remove('on')")
    page.screenshot(path=str(ARTIFACTS / "ipv6-network-refusal.png"))
    # one websocket from 198.51.100.9 (--per-address 1) watches the table: a second one is refused as it opens
    first = browser.new_page(viewport={"width": 390, "height": 844}, extra_http_headers={"X-Forwarded-For": "198.51.100.9"})
    first.goto(f"{server.base}/t/{tid}?watch=1")
    first.wait_for_selector(".seats", timeout=10000)
    for lang, words, retry in [
        ("fr", "Le serveur ne prend plus de connexions depuis votre adresse pour l'instant", "Nouvel essai dans 30 secondes."),
        ("en", "The server takes no more connections from your address for now", "Trying again in 30 seconds."),
    ]:
        other = browser.new_page(viewport={"width": 390, "height": 844}, extra_http_headers={"X-Forwarded-For": "198.51.100.9"})
        other.on("pageerror", lambda e: errors.append(str(e)))
        other.goto(f"{server.base}/t/{tid}?watch=1&lang={lang}")
        other.wait_for_selector("#refused-what", timeout=10000)
        assert other.inner_text("#refused-what").startswith(words), other.inner_text("#refused-what")
        assert other.inner_text("#refused-retry").replace("\u00a0", " ") == retry
        assert not other.inner_text("#toast").strip(), other.inner_text("#toast")  # no "reconnecting…" over it
        other.close()
    assert not errors, errors


def test_a_refused_seat_says_which_limit_in_english_and_french(make_server: Any, browser: Any) -> None:
    """Issue 9: every ``rate_limited`` refusal read "Too many messages: slow down." in the page,
    whichever limit it was, and the lobby's create toast showed the server's English text in
    French. With ``--seats-per-address 1`` and the address's one seat taken, a table created with
    the creator seated is refused in the create toast, and a seat chosen on a table's page is
    refused in a toast over the table's join panel again, both saying the seats limit, its cap
    and that it is the address's, in the page's language (the seat is not taken)."""
    import json
    import urllib.request


    server = make_server(None, "--seats-per-address", "1")
    req = urllib.request.Request(server.base + "/api/tables", data=json.dumps({"slots": [None, None, None, None], "sit": 0}).encode(), method="POST")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=10) as r:
        tid = json.loads(r.read())["id"]  # this address's one seat
    words = {
        "fr": "1 place à une table en cours a déjà été prise depuis votre adresse\u00a0: vous pourrez vous asseoir de nouveau quand cette partie sera terminée.",
        "en": "1 seat at a table in play was already taken from your address: you may sit again once that match ends.",
    }
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    for lang in ("fr", "en"):
        lobby_in(page, lang)
        assert page.input_value("select[name=slot0]") == "you"  # the creator sits: one seat more
        page.click("#create")
        page.wait_for_selector("#toast.on", timeout=15000)
        toast = page.inner_text("#toast")
        assert words[lang] in toast and "messages" not in toast, toast
        page.evaluate("() => document.querySelector('#toast').classList.remove('on')")
        page.goto(f"{server.base}/t/{tid}")
        page.wait_for_selector("button.sit", timeout=15000)
        page.click("button.sit[data-slot='1']")
        page.wait_for_selector("#toast.on", timeout=15000)
        toast = page.inner_text("#toast")
        assert words[lang] in toast and "messages" not in toast, toast
        page.wait_for_selector("button.sit[data-slot='1']", timeout=15000)  # the join panel again: the seat is free
        page.screenshot(path=str(ARTIFACTS / f"seat-limit-refusal-{lang}.png"))
        page.evaluate("() => document.querySelector('#toast').classList.remove('on')")
        page.goto(server.base + "/")
    assert not errors, errors
    assert [s["joined"] for s in server.get(f"/api/tables/{tid}")["table"]["slots"]][:2] == [True, False]


def test_hk_4_the_claim_keys_are_the_terminals_p_pung_c_chow_k_kong_space_pass(server: Server, browser: Any) -> None:
    """HK-4: the browser's keys at a claim are the terminal's (README, docs/play.md): `p` pungs,
    `c` chows, `k` kongs, Space passes, `m` declares Mahjong. The browser's `p` used to pass, so a
    player coming from the terminal who pressed `p` to pung lost the claim. With several chows
    (or kongs) on offer, the key asks to click the one meant (English and French) and sends
    nothing."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    page.evaluate("""() => { window.__acts = []; window.__toasts = [];
        act = (a) => window.__acts.push(a); toast = (text) => window.__toasts.push(text);
        document.activeElement.blur(); }""")

    def keys(legal: list[str], pressed: str) -> list[list[str]]:
        page.evaluate("(legal) => { G.state = { mine: { legal, drawn: null }, config: {} }; G.sel = -1;"
                      " window.__acts.length = 0; window.__toasts.length = 0; }", legal)
        page.keyboard.press(pressed)
        return page.evaluate("() => [window.__acts.slice(), window.__toasts.slice()]")  # type: ignore[no-any-return]

    offer = ["pass", "pung", "chow 345m", "kong 5m", "mahjong"]
    assert keys(offer, "p") == [["pung"], []]
    assert keys(offer, "Space")[0] == ["pass"]
    assert keys(offer, "c")[0] == ["chow 345m"]
    assert keys(offer, "k")[0] == ["kong 5m"]
    assert keys(offer, "m")[0] == ["mahjong"]
    assert keys(["pass", "chow 345m"], "p")[0] == []  # no pung on offer: `p` does nothing (it passed before)
    assert keys(["discard 1m", "concealed kong 5m"], "k")[0] == ["concealed kong 5m"]
    page.evaluate("""() => { const b = document.createElement("button"); b.id = "focused"; document.body.append(b); b.focus(); }""")
    assert keys(offer, "Space")[0] == []  # Space on a focused button presses that button, it does not pass
    page.evaluate("() => { document.getElementById('focused').remove(); }")
    for lang, words in (("en", "click the one you want"), ("fr", "cliquez celui que vous voulez")):
        lobby_in(page, lang)
        page.evaluate("() => document.activeElement.blur()")
        acts, toasts = keys(["pass", "chow 234m", "chow 345m"], "c")
        assert acts == [] and len(toasts) == 1 and words in toasts[0], toasts
        acts, toasts = keys(["discard 1m", "concealed kong 5m", "added kong 7p"], "k")
        assert acts == [] and len(toasts) == 1 and words in toasts[0], toasts
    assert not errors, errors


def _long_ponds(rules: str, n: int) -> dict[str, Any]:
    """A table's state (as the server sends it) in a claim window, ``n`` discards in every pond, the
    latest one South's (seat 1), on offer to the player (East, seat 0): pass, pung or Mahjong."""
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    ponds = [[f"{kinds[(s * 7 + i) % len(kinds)]}:{s}{i:03d}" for i in range(n)] for s in range(4)]
    players = [{"slot": i, "name": f"P{i}", "bot": None if i == 0 else "greedy", "away": False, "held": False,
                "connected": True, "joined": True, "total": 0} for i in range(4)]
    hand = ["1m:0", "2m:0", "3m:0", "4p:0", "5p:0", "6p:0", "7s:0", "7s:1", "8s:0", "9s:0", "1z:0", "1z:1", "5z:0"]
    return {"table": "long", "status": "playing", "you": 0, "players": players, "events": [],
            "config": {"rules": rules, "teaching": True, "hints": True, "timer": None, "options": {}},
            "hand": {"number": 3, "prevailing": "E", "seat_slots": [0, 1, 2, 3], "discards": ponds,
                     "melds": [[{"tiles": ["2z:0", "2z:1", "2z:2"]}], [], [{"tiles": ["3s:0", "4s:0", "5s:0"]}], []],
                     "bonus": [["1f:0"], [], ["5f:0"], []], "concealed_counts": [10, 13, 10, 13], "phase": "claim",
                     "turn": 1, "last_discard": {"seat": 1, "tile": ponds[1][-1]}, "offered": None,
                     "live": 40, "dead": 14, "commitment": "ab" * 32},
            "mine": {"legal": ["pass", "pung", "mahjong"], "concealed": hand, "drawn": None, "can_declare": False,
                     "away": False, "held": False, "bank": None}}


LONG_PONDS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const ponds = Array.from(document.querySelectorAll('.pond'));
  const lines = (p) => { let n = 0, bottom = -Infinity;
    for (const el of p.children) { const r = el.getBoundingClientRect(); if (r.top >= bottom - 1) { n += 1; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom); }
    return n; };
  const last = Array.from(document.querySelectorAll('.pond .tile.last'));
  return { vw: document.documentElement.clientWidth, vh: window.innerHeight, scrollW: document.documentElement.scrollWidth,
    last: last.map((el) => [el.dataset.tile, box(el), getComputedStyle(el).outlineStyle, el.closest('[data-seat]').dataset.seat]),
    claims: Array.from(document.querySelectorAll('button.claim')).map(box),
    ponds: ponds.map((p) => ({ seat: p.closest('[data-seat]').dataset.seat, lines: lines(p), rows: Number(getComputedStyle(p).getPropertyValue('--pond-rows')),
      tiles: p.querySelectorAll('img.tile').length, count: (p.querySelector('button.earlier') || {}).textContent || '',
      title: (p.querySelector('button.earlier') || {}).title || '', box: box(p),
      newest: Array.from(p.querySelectorAll('img.tile')).map((el) => el.dataset.tile) })),
    centre: box(document.querySelector('.center')) };
}"""
"""The table as measured for the long-ponds test: the latest discard, the claim buttons, each pond."""


def test_hk_4_1_the_latest_discard_and_the_claim_buttons_stay_in_view_however_long_the_ponds(server: Server, browser: Any) -> None:
    """HK-4.1: only the latest discard may be claimed, so it stays in view, marked, with
    the claim buttons, however long the ponds: with 60 discards in every pond (in English and French,
    each ruleset) a pond shows its newest discards in its rows (two; four beside the centre at desktop
    width) after a "+N" count of the earlier ones, as the terminal does; nothing overflows the page's
    width or overlaps; the count, clicked, shows the whole pond, and "−" the newest again. The ponds
    grew without end and pushed the hand and the claim buttons below the screen (at 1280x800 too)."""
    each_case(
        ((f"width={width}, height={height}", partial(_hk_4_1_the_latest_discard_and_the_claim_buttons_stay_in_view_however_long_the_ponds_case, server, width=width, height=height, browser=browser)) for width, height in ((390, 844), (1280, 800))),
        browser,
    )


def _hk_4_1_the_latest_discard_and_the_claim_buttons_stay_in_view_however_long_the_ponds_case(
        server: Server, width: int, height: int, browser: Any) -> None:
    errors: list[str] = []
    page = lobby_page(browser, server, errors, width, height)
    for lang, words in (("en", "earlier discards, not shown"),
                        ("fr", "défausses précédentes non montrées")):
        lobby_in(page, lang)
        for rules in ("hk", "mcr", "classical"):
            state = _long_ponds(rules, 60)
            page.evaluate("(st) => { G.state = st; G.open = []; G.log = []; render(); window.scrollTo(0, 0); }", state)
            seen = page.evaluate(LONG_PONDS)
            page.screenshot(path=str(ARTIFACTS / f"long-ponds-{width}-{lang}-{rules}.png"))
            vw, vh = seen["vw"], seen["vh"]
            assert seen["scrollW"] <= vw, (lang, rules, seen["scrollW"])
            [(tile, (left, top, right, bottom), outline, seat)] = seen["last"]
            assert tile == state["hand"]["last_discard"]["tile"] and seat == "1" and outline == "solid"
            assert left >= 0 and right <= vw and top >= 0 and bottom <= vh, (lang, rules, seen["last"])
            assert seen["claims"] and all(b[1] >= 0 and b[3] <= vh and b[2] <= vw for b in seen["claims"]), seen["claims"]
            for pond in seen["ponds"]:
                assert pond["lines"] <= pond["rows"], pond
                assert pond["box"][0] >= 0 and pond["box"][2] <= vw
                hidden = int(pond["count"][1:]) if pond["count"] else 0
                assert hidden + pond["tiles"] == 60, pond  # every discard shown or counted
                assert pond["newest"] == state["hand"]["discards"][int(pond["seat"])][hidden:]
                assert not pond["count"] or (pond["count"] == f"+{hidden}" and words in pond["title"]
                                             and pond["title"].startswith(f"{hidden}")), pond
                # no pond overlaps the centre (the boxes of the board's grid)
                c = seen["centre"]
                assert pond["box"][2] <= c[0] or pond["box"][0] >= c[2] or pond["box"][3] <= c[1] or pond["box"][1] >= c[3]
            assert any(pond["count"] for pond in seen["ponds"] if pond["seat"] == "1")
            assert page.evaluate(SMALL_TARGETS, 40) == []
        # the count shows the whole pond; "−" in front of it the newest again
        page.click(".pond[data-seat='1'] button.earlier")
        assert page.locator(".pond[data-seat='1'] img.tile").count() == 60
        assert page.get_attribute(".pond[data-seat='1'] button.earlier", "aria-expanded") == "true"
        page.click(".pond[data-seat='1'] button.earlier")
        assert 0 < page.locator(".pond[data-seat='1'] img.tile").count() < 60
    # the other size (a phone turned, a window resized): the ponds are fitted again
    other = (1280, 800) if width == 390 else (390, 844)
    page.set_viewport_size({"width": other[0], "height": other[1]})
    wait_true(page, f"document.documentElement.clientWidth === {other[0]}"
              f" && ({LONG_PONDS})().ponds.every((pond) => pond.lines <= pond.rows)")  # the resize event comes later
    seen = page.evaluate(LONG_PONDS)
    assert seen["scrollW"] <= other[0] and all(pond["lines"] <= pond["rows"] for pond in seen["ponds"]), seen["ponds"]
    assert all(b[3] <= other[1] for b in seen["claims"]), seen["claims"]
    assert not errors, errors


PHONE_FOLD = """() => {
  const vh = window.innerHeight, bottom = (el) => el.getBoundingClientRect().bottom;
  const covered = Array.from(document.querySelectorAll('#hand button.t')).filter((b) => {
    const r = b.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const at = document.elementFromPoint(x, y);
    return y > vh || !at || !b.contains(at);
  }).map((b) => b.dataset.tile);
  const hand = document.querySelector('#hand').getBoundingClientRect(), bar = document.querySelector('.actions').getBoundingClientRect();
  return { vh, scrollY: window.scrollY, scrollW: document.documentElement.scrollWidth, vw: document.documentElement.clientWidth,
    hand: hand.bottom, covered, overlap: bar.top < hand.bottom - 1,
    buttons: Array.from(document.querySelectorAll('.actions button')).map((b) => [b.textContent, bottom(b)]),
    msg: [document.querySelector('.msg').textContent, bottom(document.querySelector('.msg'))] };
}"""
"""Where the player's own hand, its buttons and the prompt under them end on the screen, and which tiles of the hand
something else covers (the claim buttons kept at the foot of a phone's screen covered the hand they are about)."""


def _mid_hand(rules: str, claim: bool, timed: bool = False) -> dict[str, Any]:
    """A state late in a hand: every pond past its rows, melds and bonus tiles, the player's own meld; a claim on
    offer (``claim``) or the player's turn to discard, a tile just drawn; ``timed``: a claim of the longest
    buttons (a chow, pung, pass, and Declare Mahjong at a teaching table) with the decision timer running."""
    state = _long_ponds(rules, 20)
    state["config"]["options"] = {"hk": {"minfan": "0", "limit": "10", "table": "seed", "payment": "seed", "base": "1"},
                                  "classical": {"pay_highest": "off", "limit": "1000"}}.get(rules, {})  # the lobby's defaults, said in full
    if timed:
        state["config"]["timer"] = 30
        state["mine"].update(legal=["pass", "chow 789s", "pung"], can_declare=True, remaining=20)
    if not claim:
        state["hand"].update(phase="discard", turn=0)
        mine = state["mine"]
        mine["concealed"] = [*mine["concealed"], "6m:0"]
        mine["drawn"] = "6m:0"
        mine["legal"] = sorted({f"discard {x.split(':')[0]}" for x in mine["concealed"]}) + ["kong 1z"]
    return state


def test_on_a_phone_the_own_hand_and_its_buttons_fit_above_the_fold_late_in_a_hand(server: Server, browser: Any) -> None:
    """HK-4.1, HK-4.2: on a phone (390×844, touch) the player's own hand, the buttons to discard, claim or pass
    and the line that says what is asked are on the screen as the table opens, without scrolling, late in a
    hand too (every pond at its rows, melds, six recent moves), at a claim and at the player's turn, in English
    and French, for each ruleset; and the claim buttons, kept at the foot of the screen while a claim is on
    offer, cover no tile of the hand. The hand and the buttons fell below the 844 px fold, and at a claim the
    buttons kept at the foot of the screen covered the hand the claim is about."""
    each_case(
        ((f"lang={lang}", partial(_on_a_phone_the_own_hand_and_its_buttons_fit_above_the_fold_late_in_a_hand_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _on_a_phone_the_own_hand_and_its_buttons_fit_above_the_fold_late_in_a_hand_case(server: Server, lang: str, browser: Any) -> None:
    log = [{"type": "claim", "seat": 3, "claim": "chow", "tiles": ["1m:3", "2m:3", "3m:3"]},
           {"type": "discard", "seat": 3, "tile": "5z:3"}, {"type": "kong", "seat": 0, "how": "concealed", "tiles": ["9p:1"]},
           {"type": "discard", "seat": 0, "tile": "7p:2"}, {"type": "claim", "seat": 2, "claim": "pung", "tiles": ["7p:2"]},
           {"type": "discard", "seat": 1, "tile": "6z:2"}]
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang)
    for rules in ("hk", "mcr", "classical"):
        for claim, timed in ((True, False), (False, False), (True, True)):
            state = _mid_hand(rules, claim, timed)
            page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
              G.deadline = st.mine.remaining ? performance.now() + 20000 : 0; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, log])
            assert page.locator("#timebar").count() == int(timed)
            seen = page.evaluate(PHONE_FOLD)
            page.screenshot(path=str(ARTIFACTS / f"phone-fold-{lang}-{rules}-{'claim' if claim else 'turn'}{'-timed' if timed else ''}.png"))
            vh = seen["vh"]
            assert seen["scrollY"] == 0 and seen["scrollW"] <= seen["vw"], seen
            assert seen["hand"] <= vh and seen["covered"] == [] and not seen["overlap"], (lang, rules, claim, seen)
            assert seen["buttons"] and all(b <= vh for _, b in seen["buttons"]), (lang, rules, claim, seen)
            assert seen["msg"][0] and seen["msg"][1] <= vh, (lang, rules, claim, seen)
            if not claim:  # a touch screen is told to tap, not to click or use arrow keys it has not got
                assert seen["msg"][0] == {"en": "Your turn: tap a tile to discard it",
                                          "fr": "À vous\u00a0: touchez une tuile pour la défausser"}[lang], seen["msg"]
    assert not errors, errors


def test_hk_4_3_the_pung_button_names_its_tile_and_the_claim_bar_still_fits_a_phone(server: Server, browser: Any) -> None:
    """Issue 9 asks for tile names on the claim buttons: a chow's ("Chow 3-4-5 Characters") and a kong's named their
    tiles, the pung button said only "Pung". It now names the tile on offer (HK-4.3: the pung is of that tile). The
    longest claim bar (three chows, pung, kong, Mahjong, pass, hint and the timer) ran off a 360×640 screen (five rows
    at its foot, "Chow 7-8-9 Bamboo" to "Hint" below the screen): on a phone the buttons' labels, the whole names, break on
    two lines ("Chow 5-6-7" over "Bamboo"), their aria-label the same, in rows of 40 px targets. Every button stays on
    the screen without scrolling either way, English and French, at 390×844 and 360×640 (the longest bar in French ended
    9 px below a 360×640 screen, "Mahjong !" and "Conseil" out of reach while the timer ran: it is now fixed at the foot of
    the screen, a label on two lines between its words where a row is full), each button at least 40 × 40 px, no word of a label cut or out
    of its button; at 1280×800 the bar keeps the whole names. Where every opponent has four melds the player's own seat
    starts lower, and the bar, kept at the foot of the screen but no higher than the top of that seat, fell below a
    360×640 screen in English too: on a phone it is now fixed at the foot of the screen, and the page, scrolled to its
    end, shows the whole hand above it."""
    bar = r"""() => ({ vw: document.documentElement.clientWidth, vh: window.innerHeight, scrollY: window.scrollY,
      scrollW: document.documentElement.scrollWidth,
      claims: Array.from(document.querySelectorAll('button.claim')).map((b) => [b.innerText, b.getAttribute('aria-label')]),
      out: Array.from(document.querySelectorAll('.actions button')).map((b) => [b.textContent, b.getBoundingClientRect()])
        .filter(([, r]) => r.left < 0 || r.top < 0 || r.right > document.documentElement.clientWidth || r.bottom > window.innerHeight)
        .map(([t]) => t),
      small: Array.from(document.querySelectorAll('.actions button')).map((b) => [b.textContent, b.getBoundingClientRect()])
        .filter(([, r]) => r.height < 40 || r.width < 40).map(([t, r]) => `${t} ${Math.round(r.width)}x${Math.round(r.height)}`),
      cut: Array.from(document.querySelectorAll('.actions button')).flatMap((b) => { const box = b.getBoundingClientRect(), cut = [];
        const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) { const n = walk.currentNode; for (const m of n.data.matchAll(/\S+/g)) {
          const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
          const rects = Array.from(r.getClientRects()).filter((x) => x.width > 0);
          if (rects.length && (new Set(rects.map((x) => Math.round(x.top))).size > 1
            || rects.some((x) => x.left < box.left || x.right > box.right || x.top < box.top || x.bottom > box.bottom))) cut.push(m[0]); } }
        return cut; }) })"""
    errors: list[str] = []
    for size in ((390, 844), (360, 640), (1280, 800)):
        phone = size[0] <= 400
        page = phone_page(browser, server, errors, "en", size, touch=phone)
        for lang, suit in (("en", "Bamboo"), ("fr", "Bambous")):
            lobby_in(page, lang)
            for crowded in (False, True):  # every opponent with four melds: the player's own seat starts lower
                state = _mid_hand("hk", claim=True, timed=True)
                state["hand"]["last_discard"]["tile"] = "7s:3"
                if crowded:
                    state["hand"]["melds"] = [state["hand"]["melds"][0]] + [
                        [*({"tiles": [f"{r}m:{s}", f"{r + 1}m:{s}", f"{r + 2}m:{s}"]} for r in (1, 4, 7)), {"tiles": [f"3z:{s}"] * 4}]
                        for s in (1, 2, 3)]
                    state["hand"]["concealed_counts"] = [10, 1, 1, 1]
                # the longest bar possible (7s offered to 5s 6s 7s 7s 7s 8s 9s)
                chows = ["chow 567s", "chow 678s", "chow 789s"]
                state["mine"]["legal"] = ["pass", *chows, "pung", "kong 7s", "mahjong"]
                page.evaluate("""(st) => { G.state = st; G.open = []; G.log = [];
                  G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", state)
                seen = page.evaluate(bar)
                page.screenshot(path=str(ARTIFACTS / f"claim-bar-{size[0]}-{lang}{'-crowded' * crowded}.png"))
                # the whole name, for a screen reader and on the screen (a phone's bar left the suit out: "Pung 7")
                words = [("Pass", "Passer")[lang == "fr"], *(f"Chow {a}" for a in ("5-6-7", "6-7-8", "7-8-9")), "Pung 7", "Kong 7"]
                labels = [w if w in ("Pass", "Passer") else f"{w} {suit}" for w in words]
                assert [label for _, label in seen["claims"][:-1]] == labels, seen
                assert [" ".join(text.split()) for text, _ in seen["claims"][:-1]] == labels, seen
                assert seen["scrollY"] == 0 and seen["scrollW"] <= seen["vw"], (size, lang, crowded, seen)
                assert seen["out"] == [] and seen["small"] == [] and seen["cut"] == [], (size, lang, crowded, seen)
                # scrolled to its end, the page shows the whole hand above the bar
                page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
                wait_true(page, """(() => { const h = document.querySelector('#hand').getBoundingClientRect();
                  return h.bottom <= document.querySelector('.actions').getBoundingClientRect().top + 1; })()""", 2)
        page.context.close()
    assert not errors, errors


def test_enter_deals_the_next_hand_from_the_end_of_hand_screen(server: Server, browser: Any) -> None:
    """HK-7: at the end of a hand the keyboard alone goes on, as in the terminal: Enter asks for the next
    hand (the focus was nowhere after the end screen was drawn, and a keyboard player had to Tab through the
    page to find "Next hand"); Enter on another control (the "verify" fold) does that control's job, and
    nothing is asked once the player is waiting for the others. The How-to-play page says so, in both languages."""
    each_case(
        ((f"lang={lang}", partial(_enter_deals_the_next_hand_from_the_end_of_hand_screen_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _enter_deals_the_next_hand_from_the_end_of_hand_screen_case(server: Server, lang: str, browser: Any) -> None:
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    state = _hand_over()
    page.evaluate("(st) => { window.sent = []; window.send = (m) => window.sent.push(m); G.state = st; G.log = []; render(); }", state)
    assert page.locator("#next").is_visible()
    page.focus("#verify summary")
    page.keyboard.press("Enter")  # the fold opens; no hand asked for
    assert page.evaluate("window.sent") == [] and page.locator("#verify[open]").count() == 1
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{"type": "next"}]
    state["mine"]["ready"] = True
    page.evaluate("(st) => { window.sent = []; G.state = st; render(); }", state)
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == []
    page.goto(f"{server.base}/help?lang={lang}")
    assert ("Next hand (or Enter)" if lang == "en" else "Donne suivante (ou Entrée)") in page.inner_text("main")
    assert not errors, errors


def _hand_over() -> dict[str, Any]:
    """A Hong Kong table's frame at the end of a hand (``_long_ponds``' table, nobody paid, the
    player not yet ready for the next hand)."""
    state = _long_ponds("hk", 6)
    state["hand"].update(phase="over", last_discard=None)
    state["mine"].update(legal=[], ready=False)
    state["reveal"] = {"end": [], "concealed": [state["mine"]["concealed"]] * 4, "payments": [0, 0, 0, 0],
                       "salt": "00", "commitment": "ab" * 32, "wall": []}
    return state


FOCUS = """() => { const el = document.activeElement;
  return { inside: !!el.closest('#reveal'), id: el.id, tag: el.tagName, text: (el.textContent || '').trim().slice(0, 40) }; }"""
"""Where the keyboard focus is: inside the end-of-hand dialog or not, and which element."""


def test_the_end_of_hand_result_is_a_modal_dialog_the_keyboard_stays_in(server: Server, browser: Any) -> None:
    """HK-7: the end-of-hand result covers the table, so it is a modal dialog: the focus moves into
    it as it opens (it stayed on the page behind, and Tab walked the header and the table hidden
    under it), Tab and Shift+Tab go round its own controls only, the table behind is inert, a new
    drawing (another player ready) keeps the focus where it was, Enter still deals the next hand
    and, once the next hand is dealt, the focus is back on the table (the hand)."""
    each_case(
        ((f"lang={lang}", partial(_the_end_of_hand_result_is_a_modal_dialog_the_keyboard_stays_in_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _the_end_of_hand_result_is_a_modal_dialog_the_keyboard_stays_in_case(server: Server, lang: str, browser: Any) -> None:
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    playing = _long_ponds("hk", 6)
    state = _hand_over()
    page.evaluate("(st) => { window.sent = []; window.send = (m) => window.sent.push(m); G.state = st; G.log = []; render(); }", playing)
    page.focus("button.claim")  # the player was on a claim button when the hand ended
    page.evaluate("(st) => { G.state = st; render(); }", state)
    dialog = page.locator("#reveal")
    assert dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-modal") == "true"
    title = page.inner_text(f"#{dialog.get_attribute('aria-labelledby')}")
    assert title == {"en": "End of hand", "fr": "Fin de la donne"}[lang]
    assert page.evaluate(FOCUS) == {"inside": True, "id": "reveal", "tag": "DIV", "text": page.evaluate("document.activeElement.textContent.trim().slice(0, 40)")}
    assert page.locator("#board[inert]").count() == 1
    stops = page.evaluate("""() => Array.from(document.querySelectorAll('#reveal summary, #reveal button:not([disabled]), #reveal a[href]'))
      .map((el) => el.id || el.tagName)""")
    assert stops == ["SUMMARY", "next"], stops
    seen = []
    for _ in range(2 * len(stops) + 1):  # round the dialog twice, and one more
        page.keyboard.press("Tab")
        where = page.evaluate(FOCUS)
        assert where["inside"], where
        seen.append(where["id"] or where["tag"])
    assert seen == ["SUMMARY", "next", "SUMMARY", "next", "SUMMARY"], seen
    page.keyboard.press("Shift+Tab")  # from the first control back to the last
    assert page.evaluate(FOCUS)["id"] == "next"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS)["tag"] == "SUMMARY"
    page.evaluate("(st) => { G.state = st; render(); }", state)  # drawn again (another player ready): the focus stays
    assert page.evaluate(FOCUS)["tag"] == "SUMMARY" and page.evaluate("window.sent") == []
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # on Next hand
    assert page.evaluate("window.sent") == [{"type": "next"}]
    playing["hand"]["number"] = 4
    playing["mine"]["legal"] = []  # another seat's turn: the claim button it came from is gone
    page.evaluate("(st) => { G.state = st; render(); }", playing)  # the next hand is dealt: the dialog closes
    assert page.locator("#reveal").count() == 0 and page.locator("#board[inert]").count() == 0
    assert page.evaluate("document.activeElement.id") == "hand"  # back on the table: the player's hand
    page.evaluate("(st) => { G.state = st; render(); }", state)  # the end of that hand, then a claim on offer
    playing["mine"]["legal"] = ["pass", "pung", "mahjong"]
    page.evaluate("(st) => { G.state = st; render(); }", playing)
    assert page.evaluate("document.activeElement.id") == "hand"  # the dialog was opened from the hand
    page.focus("button.claim")
    page.evaluate("(st) => { G.state = st; render(); }", state)
    page.evaluate("(st) => { G.state = st; render(); }", playing)
    assert page.evaluate("document.activeElement.dataset.action") == "pass"  # the same claim button, there again
    assert not errors, errors


@pytest.mark.parametrize(("lang", "width"), [("en", 390), ("fr", 1280)])
def test_a_wrong_link_says_what_to_do_and_the_join_panel_names_the_seat(server: Server, lang: str, width: int, browser: Any) -> None:
    """A newcomer's wrong table link (mistyped, or of a table no longer kept) says there is no such table,
    what to do, and offers the way back to the lobby (it said "There is no such table." and nothing more,
    with "Hand · <link>" in the title line); an address that is no page at all (still a 404) says so the
    same way, in the chosen language (it was the server's plain English "Not Found"); the join panel's buttons name the seat they take ("Sit at
    seat 2", not "Sit here 2"); in the page's language (English at phone width, French on a desktop)."""
    words = {"en": ("check the link you were given", "Back to the lobby", "Sit at seat 2", "There is no page at this address"),
             "fr": ("vérifiez le lien reçu", "Retour au salon", "S'asseoir à la place 2", "Il n'y a pas de page à cette adresse")}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, width, 844)
    lobby_in(page, lang)
    page.goto(f"{server.base}/t/nosuchtable")
    page.wait_for_selector("#refused-what", timeout=15000)
    assert words[0] in page.inner_text("#refused-what")
    assert page.inner_text("#refused a") == words[1] and "Hand" not in page.inner_text("#title")
    page.click("#refused a")
    page.wait_for_selector(f"html[lang={lang}] #app:not([aria-busy]) #create-form")
    # a mistyped address (not a table's): no page there, said in the chosen language, with the lobby's link
    for wrong in ("/tables", "/t/abc/def", "/t/bad$$id"):
        answer = page.goto(server.base + wrong)
        assert answer is not None and (answer.status == 404 or wrong.startswith("/t/bad"))  # /t/ID serves the client
        page.wait_for_selector("#refused-what", timeout=15000)
        assert words[3] in page.inner_text("#refused-what") and page.inner_text("#refused a") == words[1], wrong
    import urllib.error
    import urllib.request
    with pytest.raises(urllib.error.HTTPError) as plain:  # a script (no text/html) gets the plain 404 it had
        urllib.request.urlopen(server.base + "/tables", timeout=10)
    assert plain.value.code == 404 and plain.value.read() == b"Not Found"
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=1)
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("button.sit", timeout=15000)
    assert page.locator("button.sit").all_inner_texts() == [words[2].replace("2", "1"), words[2]]
    assert not errors, errors


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("fr", 390)])
def test_a_lost_connection_says_what_happened_and_a_move_made_meanwhile_is_said_not_sent(
        server: Server, lang: str, width: int, browser: Any) -> None:
    """A connection to the server lost at the table says so and that the page reconnects (it said only
    "Reconnecting…"); a tile clicked while the connection is down, which was silently dropped, says the
    move was not sent and to make it again once the table is back; the page then reconnects and the player
    plays on. In the page's language (English on a desktop, French at phone width)."""
    words = {"en": ("Connection to the server lost", "Your move was not sent"),
             "fr": ("Connexion au serveur perdue", "Votre coup n'a pas été envoyé")}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, width, 844)
    lobby_in(page, lang)
    page.fill("input[name=botdelay]", "0")
    page.click("#create")
    _pass_until_own_turn(page, 60)
    toast = "document.querySelector('#toast.on') ? document.querySelector('#toast').textContent : ''"
    page.evaluate("() => G.ws.close()")  # the connection drops: said while the page reconnects
    wait_true(page, f"({toast}).includes({words[0]!r})")
    wait_true(page, "G.ws && G.ws.readyState === 1 && !!G.state && G.state.mine.legal.length > 0")
    page.evaluate("() => { G.ws.onclose = null; G.ws.close(); }")  # down, and not yet reconnecting
    wait_true(page, "G.ws.readyState === 3")
    page.locator("#hand button.t:not([disabled])").last.click()
    wait_true(page, f"({toast}).includes({words[1]!r})")
    legal = page.evaluate("G.state.mine.legal.length")
    page.evaluate("() => connect()")  # back: the move is made again and goes through
    wait_true(page, "G.ws.readyState === 1 && G.welcomed === false && !!G.state")
    page.wait_for_selector("#hand button.t:not([disabled])", timeout=15000)
    page.locator("#hand button.t:not([disabled])").last.click()
    wait_true(page, f"G.state.mine.legal.length !== {legal} || G.state.hand.turn !== G.state.you", 15)
    assert not errors, errors


def test_the_lobby_boxes_keep_their_size_at_phone_width(server: Server, browser: Any) -> None:
    """At phone width (390 px) every box of the lobby's form (teaching table, hints, listed) is drawn
    22 × 22 px, whatever the length of its label: a label on two lines squeezed its box (13–18 px
    wide, beside a 22 px one), in English and French."""
    each_case(
        ((f"lang={lang}", partial(_the_lobby_boxes_keep_their_size_at_phone_width_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _the_lobby_boxes_keep_their_size_at_phone_width_case(server: Server, lang: str, browser: Any) -> None:
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 390, 844)
    lobby_in(page, lang)
    sizes = page.evaluate("() => Array.from(document.querySelectorAll('#create-form input[type=checkbox]'))"
                          ".map((c) => [c.name, Math.round(c.getBoundingClientRect().width), Math.round(c.getBoundingClientRect().height)])")
    assert len(sizes) == 3 and all((w, h) == (22, 22) for _, w, h in sizes), sizes
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lobby_lists_tables_whole_on_a_phone_and_names_the_way_back_to_ones_own_seat(server: Server, lang: str, browser: Any) -> None:
    """At phone width (390 px) the lobby's tables in play are listed one under the other, each word whole:
    in four columns the table's link and the buttons broke inside their words ("Rejoi|ndre", "Rega|rde|r");
    a table where this browser holds a seat offers "Back to your seat" (the player who left it finds it
    again) where the others offer "Join"; in English and French."""
    words = {"en": ("Back to your seat", "Join", "Watch"), "fr": ("Reprendre votre place", "Rejoindre", "Regarder")}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 390, 844)
    lobby_in(page, lang)
    page.fill("input[name=name]", "Zoé")
    page.click("#create")
    page.wait_for_selector("#board", timeout=15000)
    mine = page.url.rstrip("/").split("/")[-1]
    other = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, listed=True)
    page.click("#home")
    page.wait_for_selector(f"html[lang={lang}] #app:not([aria-busy]) table.list a[href='/t/{other}']")
    seen = page.evaluate("""() => Array.from(document.querySelectorAll('table.list a')).map((a) => {
      const r = a.getBoundingClientRect(), range = document.createRange(); range.selectNodeContents(a);
      return [a.getAttribute('href'), a.textContent, range.getClientRects().length, Math.round(r.left), Math.round(r.right), a.className]; })""")
    page.screenshot(path=str(ARTIFACTS / f"lobby-tables-phone-{lang}.png"), full_page=True)
    assert all(lines == 1 and left >= 0 and right <= 390 for _, _, lines, left, right, _ in seen), seen  # each on one line
    buttons = {href: text for href, text, *_, cls in seen if cls == "button"}
    assert buttons[f"/t/{mine}"] == words[0] and buttons[f"/t/{other}"] == words[1]
    assert buttons[f"/t/{mine}?watch=1"] == buttons[f"/t/{other}?watch=1"] == words[2]
    assert not errors, errors


def test_a_person_seated_without_a_name_is_named_in_french(server: Server, browser: Any) -> None:
    """A person who takes a seat without a name is "Player 1" on the server (its default): the French
    page showed that English name at the table, in the lobby's list and on the waiting card; it now says
    "Joueur 1" there, as for a seat nobody has taken."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, "fr")
    page.fill("input[name=name]", "")
    page.fill("input[name=botdelay]", "0")
    page.click("#create")
    page.wait_for_selector("#board .seat.me", timeout=15000)
    tid = page.url.rstrip("/").split("/")[-1]
    assert server.get(f"/api/tables/{tid}")["table"]["slots"][0]["name"] == "Player 1"  # the server's default
    assert page.inner_text(".seat.me .who b") == "Joueur 1"
    page.click("#home")
    page.wait_for_selector(f"html[lang=fr] #app:not([aria-busy]) table.list a[href='/t/{tid}']")
    row = page.inner_text(f"table.list tr:has(a[href='/t/{tid}'])")
    assert "Joueur 1" in row and "Player" not in row, row
    assert not errors, errors


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("fr", 390)])
def test_a_full_table_says_what_one_can_do_instead(server: Server, lang: str, width: int, browser: Any) -> None:
    """A table's link opened by someone else once every seat is taken says the table is full and what
    they can do: watch it (a button) or go back to the lobby to create their own (a button); it said
    only "This table is full." beside a button nested in a link. In English on a desktop, French at phone width."""
    words = {"en": ("This table is full: you can watch it", "Watch", "Back to the lobby"),
             "fr": ("Cette table est complète\u00a0: vous pouvez la regarder", "Regarder", "Retour au salon")}[lang]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, width, 844)
    page.click("#create")  # the creator and three bots: no seat left
    page.wait_for_selector("#board", timeout=15000)
    tid = page.url.rstrip("/").split("/")[-1]
    other = phone_page(browser, server, errors, lang, (width, 844), touch=False)
    other.goto(f"{server.base}/t/{tid}")
    other.wait_for_selector("#full", timeout=15000)
    assert other.inner_text("#full").startswith(words[0]), other.inner_text("#full")
    assert other.locator("#app a.button").all_inner_texts() == [words[1], words[2]]
    assert other.locator("#app a button").count() == 0  # no button inside a link
    assert other.evaluate(SMALL_TARGETS, 40) == []
    other.click(f"#app a.button:has-text('{words[1]}')")
    other.wait_for_selector("#spectating", timeout=15000)
    assert not errors, errors


def test_on_a_phone_next_hand_is_on_the_screen_as_the_end_of_hand_opens(server: Server, browser: Any) -> None:
    """HK-7: on a phone (390 × 844, touch) the end-of-hand screen is long (the result, every hand,
    the payments): "Next hand" was at its foot, below the fold, to be hunted for; it now stays at the
    foot of the screen while the result above is read, covering none of the result's last lines once
    scrolled to the end; in English and French."""
    each_case(
        ((f"lang={lang}", partial(_on_a_phone_next_hand_is_on_the_screen_as_the_end_of_hand_opens_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _on_a_phone_next_hand_is_on_the_screen_as_the_end_of_hand_opens_case(server: Server, lang: str, browser: Any) -> None:
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang)
    state = _long_ponds("hk", 6)
    state["hand"].update(phase="over", last_discard=None)
    state["mine"].update(legal=[], ready=False)
    win = {"type": "win", "seat": 0, "win": "discard", "from": 1, "tile": "1z", "fan": 3, "base": 8, "limit": None,
           "items": [{"name": "Dragon pung", "fan": 1}, {"name": "Seat wind pung", "fan": 1}, {"name": "Prevailing wind pung", "fan": 1}],
           "payments": [32, -16, -8, -8]}
    state["reveal"] = {"end": [win], "concealed": [state["mine"]["concealed"]] * 4, "payments": [32, -16, -8, -8],
                       "salt": "00", "commitment": "ab" * 32, "wall": []}
    page.evaluate("(st) => { G.state = st; G.log = []; render(); }", state)
    box = page.locator("#next").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    assert page.evaluate("document.querySelector('#reveal').scrollHeight > window.innerHeight")  # a long screen
    page.evaluate("() => { const r = document.querySelector('#reveal'); r.scrollTop = r.scrollHeight; }")
    page.click("#verify summary")  # the last thing above the button, whole once at the end
    page.evaluate("() => { const r = document.querySelector('#reveal'); r.scrollTop = r.scrollHeight; }")
    last = page.locator("#verify").bounding_box()
    box = page.locator("#next").bounding_box()
    assert last is not None and box is not None and last["y"] + last["height"] <= box["y"] + 1, (last, box)
    page.screenshot(path=str(ARTIFACTS / f"phone-next-hand-{lang}.png"))
    assert not errors, errors


def test_the_language_menu_is_named_in_the_pages_language(server: Server, browser: Any) -> None:
    """The language menu's name for a screen reader stayed "Language" on a French page (it is
    index.html's, which the script never translated); it follows the page's language, as the
    How-to-play link does."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    assert page.inner_text(".lang .sr") == "Language" and page.inner_text("#help-link") == "How to play"
    lobby_in(page, "fr")
    assert page.inner_text(".lang .sr") == "Langue" and page.inner_text("#help-link") == "Comment jouer"
    assert not errors, errors


def test_mcr_5_4_a_refused_mahjong_toast_spans_a_phones_screen_not_half_of_it(server: Server, browser: Any) -> None:
    """MCR-5.4, HK-5.7: a Mahjong refused at a teaching table is said in a toast; on a phone (375×667) that toast
    took half the screen's width (its ``left: 50%`` left it half the screen to wrap in), a narrow column of ten
    lines over the player's own tiles for the 15 s it stays. It spans up to 90 % of the screen's width, in a
    few lines."""
    each_case(
        ((f"lang={lang}", partial(_mcr_5_4_a_refused_mahjong_toast_spans_a_phones_screen_not_half_of_it_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _mcr_5_4_a_refused_mahjong_toast_spans_a_phones_screen_not_half_of_it_case(server: Server, lang: str, browser: Any) -> None:
    words = {"en": "your hand is not a winning hand: not four groups and a pair, nor seven pairs, nor thirteen orphans, "
                   "nor a knitted hand (MCR-5.2); it is 3 tiles from ready.",
             "fr": "votre main n'est pas une main gagnante\u00a0: ni quatre groupes et une paire, ni sept paires, ni treize "
                   "orphelins, ni une main cousue (MCR-5.2)\u00a0; elle est à 3 tuiles d'une main prête."}
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang, (375, 667))
    state = _mid_hand("mcr", claim=False)
    state.update(type="state", events=[{"type": "mahjong_refused", "seat": 0, "reasons": words}])
    page.evaluate("(st) => { G.state = null; G.open = []; G.log = []; onMessage(st); }", state)
    page.wait_for_selector("#toast.on", timeout=5000)
    box = page.locator("#toast").bounding_box()
    page.screenshot(path=str(ARTIFACTS / f"phone-refused-toast-{lang}.png"))
    assert box is not None and box["width"] >= 0.85 * 375 and box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    assert box["height"] <= 160, box  # a few lines, not a column over the hand
    assert not errors, errors


def test_on_a_phone_the_help_page_never_splits_a_rule_citation_over_two_lines(server: Server, browser: Any) -> None:
    """HK-5.7, MCR-3.1, CL-5.2: at 390 px the help page broke citations after their hyphen, "MCR-" ending a line
    and "3.1)" beginning the next ("(HK-" / "5.7)" in French). Each citation is on one line; its text is the same."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    for rules in ("hk", "mcr", "classical"):
        for lang in ("en", "fr"):
            page.goto(f"{server.base}/help?lang={lang}&rules={rules}")
            found = page.evaluate(SPLIT_CITATIONS)
            assert len(found["seen"]) >= 5 and found["split"] == [], (rules, lang, found["split"])
    page.goto(f"{server.base}/help?lang=en&rules=classical")
    assert "(CL-5.1, CL-5.2)" in page.inner_text("#help")  # the words as they were, spans or not
    page.screenshot(path=str(ARTIFACTS / "phone-help-citations.png"), full_page=True)


def test_on_a_phone_a_refused_mahjong_never_splits_a_rule_citation_over_two_lines(server: Server, browser: Any) -> None:
    """MCR-5.2, MCR-5.4: at a teaching table on a phone (390×844) the refusal under the hand and its toast broke
    citations after their hyphen ("MCR-" at the end of a line, "5.2.5)" on the next). Each is on one line, in the
    box under the hand, in the toast and at the end of the hand alike; the words are the same."""
    each_case(
        ((f"lang={lang}", partial(_on_a_phone_a_refused_mahjong_never_splits_a_rule_citation_over_two_lines_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _on_a_phone_a_refused_mahjong_never_splits_a_rule_citation_over_two_lines_case(server: Server, lang: str, browser: Any) -> None:
    words = {"en": "your hand is not a winning hand: not four groups and a pair (MCR-5.1), nor seven pairs (MCR-5.2.1), "
                   "nor thirteen orphans (MCR-5.2.3), nor a knitted hand (MCR-5.2.5), nor lesser honours and knitted "
                   "tiles (MCR-5.2.4); it is 3 tiles from ready (MCR-4.1, MCR-5.4, MCR-8.1).",
             "fr": "votre main n'est pas une main gagnante\u00a0: ni quatre groupes et une paire (MCR-5.1), ni sept paires "
                   "(MCR-5.2.1), ni treize orphelins (MCR-5.2.3), ni une main cousue (MCR-5.2.5), ni honneurs et tuiles "
                   "cousues (MCR-5.2.4)\u00a0; elle est à 3 tuiles d'une main prête (MCR-4.1, MCR-5.4, MCR-8.1)."}
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang)
    state = _mid_hand("mcr", claim=False)
    state.update(type="state", events=[{"type": "mahjong_refused", "seat": 0, "reasons": words}])
    page.evaluate("(st) => { window.send = () => {}; G.state = null; G.open = []; G.log = []; onMessage(st); }", state)
    page.wait_for_selector("#toast.on", timeout=5000)
    page.screenshot(path=str(ARTIFACTS / f"phone-refusal-citations-{lang}.png"))
    assert page.inner_text("#toast") == page.inner_text(".refusal") and "(MCR-4.1, MCR-5.4, MCR-8.1)" in page.inner_text(".refusal")
    found = page.evaluate(SPLIT_CITATIONS)
    assert len(found["seen"]) >= 16 and found["split"] == [], found["split"]
    for width in range(330, 390, 7):  # wherever the lines happen to end
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate(SPLIT_CITATIONS)["split"] == [], width
    assert not errors, errors


def test_hk_5_7_a_refused_mahjongs_toast_goes_when_the_hand_ends_not_over_its_result(server: Server, browser: Any) -> None:
    """HK-5.7 (teaching table), HK-7: the toast of a refused Mahjong stays up to 15 s; when the hand ended
    meanwhile (bots playing fast), it lay over the end-of-hand dialog, hiding its payments under words about a
    hand already over. It goes as the end of the hand opens; until then it stays, and any other toast is left."""
    each_case(
        ((f"lang={lang}, size={size}", partial(_hk_5_7_a_refused_mahjongs_toast_goes_when_the_hand_ends_not_over_its_result_case, server, lang=lang, size=size, browser=browser)) for lang, size in (("en", (1280, 800)), ("fr", (390, 844)))),
        browser,
    )


def _hk_5_7_a_refused_mahjongs_toast_goes_when_the_hand_ends_not_over_its_result_case(
        server: Server, lang: str, size: tuple[int, int], browser: Any) -> None:
    words = {"en": "your hand is not a winning hand: it is 3 tiles from ready.",
             "fr": "votre main n'est pas une main gagnante\u00a0: elle est à 3 tuiles d'une main prête."}
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang, size, touch=size[0] < 500)
    playing = _mid_hand("hk", claim=False)
    playing.update(type="state", events=[{"type": "mahjong_refused", "seat": 0, "reasons": words}])
    page.evaluate("(st) => { window.send = () => {}; G.state = null; G.open = []; G.log = []; onMessage(st); }", playing)
    page.wait_for_selector("#toast.on", timeout=5000)
    playing["events"] = [{"type": "discard", "seat": 0, "tile": "6m:0"}]
    page.evaluate("(st) => onMessage(st)", playing)  # play goes on: the refusal is still said
    assert page.locator("#toast.on").count() == 1
    over = _mid_hand("hk", claim=False)
    over["hand"].update(phase="over", last_discard=None)
    over["mine"].update(legal=[], ready=False)
    over.update(type="state", events=[], reveal={"end": [], "concealed": [over["mine"]["concealed"]] * 4,
                                                 "payments": [0, 0, 0, 0], "salt": "00", "commitment": "ab" * 32, "wall": []})
    page.evaluate("(st) => onMessage(st)", over)
    page.wait_for_selector("#reveal", timeout=5000)
    page.screenshot(path=str(ARTIFACTS / f"refusal-then-hand-over-{lang}.png"))
    assert page.locator("#toast.on").count() == 0, page.inner_text("#toast")
    page.evaluate("toast(t('reconnecting'))")  # a toast about the connection, not the hand, shows over it
    page.evaluate("(st) => onMessage(st)", over)
    assert page.locator("#toast.on").count() == 1
    assert not errors, errors


REFUSED_4_FROM_READY = {
    "en": "your hand is not a winning hand: not four groups and a pair, nor seven distinct pairs (HK-5.3), "
          "nor thirteen orphans (HK-5.4); it is 4 tiles from ready.",
    "fr": "votre main n'est pas une main gagnante\u00a0: ni quatre groupes et une paire, ni sept paires distinctes "
          "(HK-5.3), ni treize orphelins (HK-5.4)\u00a0; elle est à 4 tuiles d'une main prête.",
}
"""A teaching table's refusal of a Mahjong declared 4 tiles from ready (HK-5.7), as the server words it."""
COVERED_BY_TOAST = """(sel) => { const t = document.querySelector('#toast').getBoundingClientRect();
  return Array.from(document.querySelectorAll(sel)).filter((el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom; })
    .map((el) => `${el.className || el.id} ${Math.round(el.getBoundingClientRect().top)}`); }"""
"""Script: the elements matching a selector that the toast covers (class or id, and top), none: []."""


def test_hk_4_1_on_a_phone_a_toast_is_neither_under_the_claim_buttons_nor_over_the_hand(server: Server, browser: Any) -> None:
    """HK-4.1, HK-5.7: on a phone (390×844) a claim on offer keeps its buttons at the foot of the screen; the toast of a
    Mahjong refused just before (it stays up to 15 s) was drawn at the foot too, under those buttons: its first
    lines hidden, the rest showing between and below them. The toast is at the top of the screen, clear of the claim
    buttons, the question asked ("Claim the discard?") and the player's own hand, whole."""
    each_case(
        ((f"lang={lang}, size={size}", partial(_hk_4_1_on_a_phone_a_toast_is_neither_under_the_claim_buttons_nor_over_the_hand_case, server, lang=lang, size=size, browser=browser)) for lang, size in (("en", (390, 844)), ("fr", (390, 844)), ("fr", (375, 667)))),
        browser,
    )


def _hk_4_1_on_a_phone_a_toast_is_neither_under_the_claim_buttons_nor_over_the_hand_case(
        server: Server, lang: str, size: tuple[int, int], browser: Any) -> None:
    words = REFUSED_4_FROM_READY
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang, size)
    state = _mid_hand("hk", claim=True, timed=True)
    state.update(type="state", events=[{"type": "mahjong_refused", "seat": 0, "reasons": words}])
    page.evaluate("(st) => { window.send = () => {}; G.state = null; G.open = []; G.log = []; onMessage(st); }", state)
    page.wait_for_selector("#toast.on", timeout=5000)
    page.wait_for_timeout(400)  # the toast's fade-in
    page.screenshot(path=str(ARTIFACTS / f"claim-toast-{lang}-{size[0]}.png"))
    assert page.locator(".actions button.claim").count() >= 3
    box = page.locator("#toast").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size[1], box  # whole, on the screen
    assert not page.evaluate(COVERED_BY_TOAST, ".actions"), box  # the claim buttons' bar
    assert not page.evaluate(COVERED_BY_TOAST, "#hand, .msg"), box
    assert not errors, errors


def test_hk_5_7_at_1280x800_a_refused_mahjongs_toast_covers_neither_its_refusal_nor_the_question(server: Server, browser: Any) -> None:
    """HK-5.7, HK-4.1: at a teaching table on a 1280×800 screen, late in a hand (opponents with melds and flowers), the
    toast of a refused Mahjong lay at the foot of the screen over the refusal's own box under the hand (and the
    question asked, "Claim the discard?"), which end the page. The toast is at the top, as on a phone: clear of the
    refusal, the question, the buttons and the hand, the page scrolled to its top or to its foot, and whole."""
    each_case(
        ((f"lang={lang}, claim={claim}", partial(_hk_5_7_at_1280x800_a_refused_mahjongs_toast_covers_neither_its_refusal_nor_the_question_case, server, lang=lang, claim=claim, browser=browser)) for lang, claim in (("en", False), ("fr", True))),
        browser,
    )


def _hk_5_7_at_1280x800_a_refused_mahjongs_toast_covers_neither_its_refusal_nor_the_question_case(
        server: Server, lang: str, claim: bool, browser: Any) -> None:
    words = REFUSED_4_FROM_READY
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang, (1280, 800), touch=False)
    state = _mid_hand("hk", claim=claim, timed=claim)
    hand = state["hand"]
    hand["melds"][0] = [{"tiles": ["2z:0", "2z:1", "2z:2"]}, {"tiles": ["4s:0", "4s:1", "4s:2", "4s:3"]}]
    hand["melds"][1] = hand["melds"][3] = [{"tiles": ["6z:0", "6z:1", "6z:2", "6z:3"]},
                                           {"tiles": ["7p:0", "7p:1", "7p:2", "7p:3"]}, {"tiles": ["1p:0", "2p:0", "3p:0"]}]
    hand["bonus"][1] = hand["bonus"][3] = ["5f:1", "6f:0", "7f:0", "8f:0"]
    state.update(type="state", events=[{"type": "mahjong_refused", "seat": 0, "reasons": words}])
    page.evaluate("(st) => { window.send = () => {}; G.state = null; G.open = []; G.log = []; onMessage(st); }", state)
    page.wait_for_selector("#toast.on", timeout=5000)
    page.wait_for_timeout(400)  # the toast's fade-in
    assert page.inner_text(".refusal") == page.inner_text("#toast") == words[lang].replace("\u00a0:", "\u00a0:").replace("\u00a0;", "\u00a0;")
    assert page.inner_text(".msg")
    for scroll in ("0", "document.documentElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        page.screenshot(path=str(ARTIFACTS / f"desktop-refused-toast-{lang}-{scroll[0]}.png"))
        box = page.locator("#toast").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box  # whole, on the screen
        assert page.evaluate(COVERED_BY_TOAST, ".refusal, .msg, .actions, #hand") == [], (scroll, box)
    assert not errors, errors


HEADER_UNDER_TOAST = """() => Array.from(document.querySelectorAll('header a, header select')).map((el) => {
  const r = el.getBoundingClientRect(); const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [el.id, !!hit && el.contains(hit), Number(getComputedStyle(document.querySelector('#toast')).opacity)]; })"""
"""Script: each header control's id, whether a click at its centre reaches it, and the toast's opacity then."""


def test_the_header_under_a_toast_is_clicked_through_it_and_shows_when_the_pointer_or_the_focus_is_on_it(server: Server, browser: Any) -> None:
    """HK-5.7: a refused Mahjong's toast (up to 15 s) lies over the page's header, the table's name, *How to play*
    (hkmj's home) and the language, at 1280×800 as on a phone. A click on them reached them through it, but they
    could not be seen, for as long as it stayed, however long the pointer or the keyboard's focus was on them. The
    toast now gives way (transparent) while the pointer is over the header or a header control has the focus, and
    comes back after; a click still reaches the header's controls."""
    each_case(
        ((f"size={size}", partial(_the_header_under_a_toast_is_clicked_through_it_and_shows_when_the_pointer_or_the_focus_is_on_it_case, server, size=size, browser=browser)) for size in ((1280, 800), (390, 844))),
        browser,
    )


def _the_header_under_a_toast_is_clicked_through_it_and_shows_when_the_pointer_or_the_focus_is_on_it_case(
        server: Server, size: tuple[int, int], browser: Any) -> None:
    errors: list[str] = []
    page = phone_page(browser, server, errors, "en", size, touch=False)
    state = _mid_hand("hk", claim=False)
    state.update(type="state", events=[{"type": "mahjong_refused", "seat": 0, "reasons": REFUSED_4_FROM_READY}])
    page.evaluate("(st) => { window.send = () => {}; G.state = null; G.open = []; G.log = []; onMessage(st); }", state)
    page.wait_for_selector("#toast.on", timeout=5000)
    # the toast stays up for this test (its 10.8 s could run out amid these checks on a loaded machine);
    # each check waits for the toast's 0.3 s fade to end, however late a loaded machine draws it
    page.evaluate("clearTimeout(toast.h)")
    opacities = f"({HEADER_UNDER_TOAST})().map((c) => c[2])"
    page.mouse.move(size[0] / 2, size[1] - 5)  # the pointer on the table, not the header
    wait_true(page, f"{opacities}.every((o) => o > 0.9)", 30)  # the toast's fade-in
    covered = page.evaluate(COVERED_BY_TOAST, "header a, header select, #title")
    assert len(covered) >= 3, covered  # it lies over the header (at the top, clear of the hand and the buttons)
    shown = page.evaluate(HEADER_UNDER_TOAST)
    assert [c[:2] for c in shown] == [["home", True], ["help-link", True], ["lang", True]], shown
    assert all(c[2] > 0.9 for c in shown), shown  # the toast shown over them
    page.hover("#help-link")
    wait_true(page, f"{opacities}.every((o) => o === 0)", 30)  # its fade-out
    page.screenshot(path=str(ARTIFACTS / f"toast-header-hover-{size[0]}.png"))
    assert [c[1:] for c in page.evaluate(HEADER_UNDER_TOAST)] == [[True, 0]] * 3  # pointer on the header: it shows
    page.mouse.move(size[0] / 2, size[1] - 5)
    wait_true(page, f"{opacities}.every((o) => o > 0.9)", 30)  # the toast back, while it lasts
    page.focus("#help-link")  # the keyboard's focus on a header control: it shows too
    wait_true(page, f"{opacities}.every((o) => o === 0)", 30)
    assert [c[1:] for c in page.evaluate(HEADER_UNDER_TOAST)] == [[True, 0]] * 3
    page.evaluate("document.activeElement.blur()")
    wait_true(page, f"{opacities}.every((o) => o > 0.9)", 30)  # the focus gone: the toast back
    assert page.locator("#toast.on").count() == 1
    box = page.locator("#help-link").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_url("**/help?lang=en", timeout=10000)
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_copy_says_link_copied_only_when_it_was_else_selects_it(server: Server, lang: str, browser: Any) -> None:
    """The waiting table's "Copy" said "Link copied" whatever happened: on a page served over plain http (no
    clipboard) or when the browser refused the copy, nothing was copied. It says so and selects the link for the
    player to copy; "Link copied" stays for a copy made."""
    words = {"en": ("The link could not be copied: it is selected, copy it yourself", "Link copied"),
             "fr": ("Le lien n'a pas pu être copié\u00a0: il est sélectionné, copiez-le vous-même", "Lien copié")}[lang]
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang, (375, 667), touch=False)
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=slot1]", "open")  # a seat kept for a friend: the table waits
    page.click("#create")
    page.wait_for_selector("#copy", timeout=10000)
    share = page.input_value("input.share")
    toast = "document.querySelector('#toast').textContent"
    for clipboard in ("undefined", "{ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }"):
        page.evaluate(f"() => {{ document.querySelector('#toast').textContent = ''; Object.defineProperty(navigator, 'clipboard', {{ value: {clipboard}, configurable: true }}); }}")
        page.click("#copy")
        wait_true(page, f"{toast} !== ''", 5)
        assert page.evaluate(toast) == words[0]
        assert page.evaluate("(() => { const b = document.activeElement; return b.matches('input.share') && b.selectionStart === 0 && b.selectionEnd === b.value.length; })()")
    page.evaluate("() => { document.querySelector('#toast').textContent = ''; window.copied = null; Object.defineProperty(navigator, 'clipboard', { value: { writeText: (x) => { window.copied = x; return Promise.resolve(); } }, configurable: true }); }")
    page.click("#copy")
    wait_true(page, f"{toast} !== ''", 5)
    assert page.evaluate(toast) == words[1] and page.evaluate("window.copied") == share
    assert not errors, errors


@pytest.mark.parametrize("how", ["menu", "address"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_copy_link_keeps_the_language_the_host_chose(server: Server, lang: str, how: str, browser: Any) -> None:
    """The waiting table's link left out ``?lang=``: a host who had chosen French sent a friend whose browser is
    English an English page. The link carries ``?lang=`` once the host chose the page's language (the menu, or
    ``?lang=`` in the address), and the friend's page opens in it; a host who chose nothing sends no ``?lang=``,
    so the friend's page follows the friend's own browser."""
    other = {"en": "fr-FR", "fr": "en-US"}[lang]  # both browsers speak the other language
    errors: list[str] = []
    host = browser.new_context(locale=other).new_page()
    host.on("pageerror", lambda e: errors.append(str(e)))
    host.goto(server.base + ("/" if how == "menu" else f"/?lang={lang}"))
    host.wait_for_selector("#app:not([aria-busy]) #create-form")
    host.fill("input[name=name]", "Ann")
    host.select_option("select[name=slot1]", "open")  # a seat kept for a friend: the table waits
    host.click("#create")
    host.wait_for_selector("#copy", timeout=10000)
    table = host.evaluate("location.origin + location.pathname")
    if how == "menu":
        assert host.input_value("input.share") == table  # nothing chosen: the friend's own language
        host.select_option("#lang", lang)
        host.wait_for_selector(f"html[lang={lang}] #copy")
    wait_true(host, f"document.querySelector('input.share').value === {table + '?lang=' + lang!r}", 5)
    host.evaluate("() => { window.copied = null; Object.defineProperty(navigator, 'clipboard', { value: { writeText: (x) => { window.copied = x; return Promise.resolve(); } }, configurable: true }); }")
    host.click("#copy")
    wait_true(host, "window.copied !== null", 5)
    link = host.evaluate("window.copied")
    assert link == f"{table}?lang={lang}"
    friend = browser.new_context(locale=other).new_page()
    friend.on("pageerror", lambda e: errors.append(str(e)))
    friend.goto(link)
    friend.wait_for_selector(f"html[lang={lang}] #join-rules", timeout=10000)
    assert not errors, errors


def test_mcr_cl_a_join_link_says_the_tables_rules_and_who_sits_there(server: Server, browser: Any) -> None:
    """A stranger opening a join link saw only "Join <id>" and the free seats: not that the table plays MCR (or the
    classical game, each with its own rules: MCR-5.1's 8-point minimum, CL-7's points and doubles), nor who sits
    there. The panel names the ruleset, with its house options, and each seat's person or bot; in French the MCR's
    name is the lobby's, "Règles officielles chinoises (MCR)" (the table said "Officiel chinois (MCR)")."""
    each_case(
        ((f"lang={lang}, rules={rules}, name={name}", partial(_mcr_cl_a_join_link_says_the_tables_rules_and_who_sits_there_case, server, lang=lang, rules=rules, name=name, browser=browser)) for lang, rules, name in (("en", "mcr", "Chinese Official (MCR)"), ("fr", "classical", "Classique"), ("fr", "mcr", "Règles officielles chinoises (MCR)"))),
        browser,
    )


def _mcr_cl_a_join_link_says_the_tables_rules_and_who_sits_there_case(server: Server, lang: str, rules: str, name: str, browser: Any) -> None:
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=1, rules=rules)
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang, (375, 667), touch=False)
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("button.sit", timeout=10000)
    assert page.locator("#join-rules").count() == 1, page.inner_text("#app")
    assert page.inner_text("#join-rules").startswith(name), page.inner_text("#join-rules")
    page.screenshot(path=str(ARTIFACTS / f"join-panel-{lang}-{rules}.png"))
    seats = page.locator("ul.seats li").all_inner_texts()
    bot = {"en": "Seat 3: Bot 3 (greedy)", "fr": "Place 3\u00a0: Robot 3 (glouton)"}[lang]
    assert len(seats) == 4 and seats[2] == bot and seats[0].endswith({"en": "free seat", "fr": "place libre"}[lang]), seats
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_join_link_says_how_to_sit_enter_in_the_name_box_sits_and_a_seat_taken_meanwhile_is_said(
    server: Server, lang: str, browser: Any,
) -> None:
    """A friend opening a join link (``?sit=1``) on a phone (375 × 667) saw the seat buttons and a name box with no
    word of what the box is for or that only a button seats them; Enter in the name box did nothing; and a second
    stranger opening the same link once that seat was taken got no word of it, no button focused. The panel says
    what the name is for and that a seat's button sits; Enter in the name box sits at the linked seat (its button is
    shown first); a linked seat taken meanwhile is said, in the page's language, with the text inside the screen."""
    words = {"en": ("Your name is shown to the other players", "Seat 2, which your link offered, has been taken meanwhile"),
             "fr": ("Votre nom est montré aux autres joueurs", "La place 2, que votre lien proposait, a été prise entre-temps\u00a0:")}[lang]
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=1)
    link = f"{server.base}/t/{tid}?sit=1"
    errors: list[str] = []
    friend = phone_page(browser, server, errors, lang, (375, 667), touch=False)
    friend.goto(link)
    friend.wait_for_selector("button.sit", timeout=10000)
    assert friend.inner_text("#join-how").startswith(words[0]), friend.inner_text("#app")
    assert friend.evaluate("document.activeElement.dataset.slot") == "1"
    friend.fill("#name", "Bea")
    friend.press("#name", "Enter")
    friend.wait_for_selector("#copy", timeout=10000)  # seated: the table waits for its other seat
    assert server.get(f"/api/tables/{tid}")["table"]["slots"][1]["joined"]
    other = phone_page(browser, server, errors, lang, (375, 667), touch=False)
    other.goto(link)
    other.wait_for_selector("button.sit", timeout=10000)
    assert other.inner_text("#link-taken").startswith(words[1]), other.inner_text("#app")
    assert other.locator("button.sit").count() == 1
    assert other.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert not errors, errors


def test_a_table_link_with_lang_fr_shows_the_page_in_french(server: Server, browser: Any) -> None:
    """A join link sent with ``?lang=fr`` (the help page's way of asking for French) opened the table page in
    English in a browser set to English: the page ignored it. It chooses the page's language, and stays chosen
    (the lobby reached from there is in French too)."""
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=1)
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 375, "height": 667}, locale="en-GB")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/t/{tid}?sit=1&lang=fr")
    page.wait_for_selector("button.sit", timeout=10000)
    assert page.evaluate("document.documentElement.lang") == "fr" and page.input_value("#lang") == "fr"
    assert page.locator("button.sit").first.inner_text() == "S'asseoir à la place 2"
    page.click("#home")
    page.wait_for_selector("html[lang=fr] #app:not([aria-busy]) #create-form", timeout=10000)
    assert not errors, errors


CLAIM_LOST = {
    "en": "Your Chow 1-2-3 Circles was not played: Béa (West) claimed 1 Circles for a Pung, which comes first ({order})",
    "fr": "Votre Chow 1-2-3 Cercles n'est pas joué\u00a0: Béa (Ouest) a réclamé 1 Cercles pour un Pung, qui passe avant ({order})",
}
CLAIM_ORDER = {
    ("en", "hk"): "HK-4.7: Mahjong, then pung or kong, then chow",
    ("en", "mcr"): "MCR-4.1: a win, then pung or kong, then chow",
    ("en", "classical"): "CL-3.3: Mahjong, then kong, then pung, then chow",
    ("fr", "hk"): "HK-4.7\u00a0: Mahjong, puis pung ou kong, puis chow",
    ("fr", "mcr"): "MCR-4.1\u00a0: la victoire, puis pung ou kong, puis chow",
    ("fr", "classical"): "CL-3.3\u00a0: Mahjong, puis kong, puis pung, puis chow",
}


def test_hk_4_7_a_claim_beaten_by_another_players_is_said_to_its_player(server: Server, browser: Any) -> None:
    """HK-4.7 (MCR-4.1, CL-3.3): two friends want the same discard, one a chow, the other a pung; the pung
    comes first. The chow's player clicked Chow and saw the buttons vanish with nothing said, then the other
    player's pung in the recent moves: the page never told them their claim was made, nor why it was not played.
    Now, once claimed, the line under the buttons says the claim waits for the claim window to close, and
    when another seat's claim takes the tile a notice says whose claim came first and the priority rule of the
    table's ruleset, in the page's language; a claim that won says nothing, and a player who did not claim is
    told nothing (the server keeps claim answers secret)."""
    each_case(
        ((f"lang={lang}", partial(_hk_4_7_a_claim_beaten_by_another_players_is_said_to_its_player_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _hk_4_7_a_claim_beaten_by_another_players_is_said_to_its_player_case(server: Server, lang: str, browser: Any) -> None:
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    for rules in ("hk", "mcr", "classical"):
        for claimed, winner in (("chow 123p", "bea"), ("chow 123p", "me"), (None, "bea")):
            # the player is East (seat 0, slot 0); North (seat 3) discards 1 Circles; Béa (slot 1) sits West (seat 2)
            state = _long_ponds(rules, 4)
            hand, players = state["hand"], state["players"]
            players[1].update(name="Béa", bot=None)
            hand.update(turn=3, seat_slots=[0, 2, 1, 3], last_discard={"seat": 3, "tile": "1p:3"},
                        discards=[*hand["discards"][:3], [*hand["discards"][3], "1p:3"]])
            state.update(type="state", you=0, seq=10)
            state["mine"].update(legal=["pass", "chow 123p"], concealed=["2p:0", "3p:0", *state["mine"]["concealed"][2:]])
            page.evaluate("""(st) => { window.sent = []; G.ws = { readyState: 1, send: (x) => sent.push(JSON.parse(x)), close() {} };
              G.claimed = null; G.log = []; G.state = null; clearTimeout(toast.h); document.querySelector('#toast').classList.remove('on');
              document.querySelector('#toast').textContent = ''; onMessage(st); }""", state)
            if claimed:
                page.locator("button.claim[data-action='chow 123p']").click()
                assert page.evaluate("sent.at(-1).action") == claimed
                # the server's answer: the player's own frame, the same seq, nothing more to choose
                page.evaluate("(st) => onMessage(st)", {**state, "mine": {**state["mine"], "legal": []}})
                waiting = page.inner_text(".msg")
                assert waiting == {"en": "You asked for Chow 1-2-3 Circles: waiting for the claim window to close",
                                   "fr": "Vous avez demandé Chow 1-2-3 Cercles\u00a0: en attente de la fin des réclamations"}[lang], waiting
            else:
                page.locator("button.claim[data-action=pass]").click()
            after = {**state, "seq": 11, "mine": {**state["mine"], "legal": []}}
            claim = ({"type": "claim", "seat": 2, "from": 3, "claim": "pung", "tiles": ["1p:0", "1p:1", "1p:3"]} if winner == "bea"
                     else {"type": "claim", "seat": 0, "from": 3, "claim": "chow", "tiles": ["1p:3", "2p:0", "3p:0"]})
            after["hand"] = {**hand, "phase": "turn", "turn": claim["seat"], "last_discard": None}
            after["events"] = [claim]
            page.evaluate("(st) => onMessage(st)", after)
            toast_text = page.inner_text("#toast")
            if claimed and winner == "bea":
                assert page.is_visible("#toast"), (rules, lang)
                assert toast_text == CLAIM_LOST[lang].format(order=CLAIM_ORDER[(lang, rules)]), toast_text
                page.screenshot(path=str(ARTIFACTS / f"claim-lost-{lang}-{rules}.png"))
                assert page.evaluate(SPLIT_CITATIONS)["split"] == []
            else:
                assert toast_text == "", (rules, claimed, winner, toast_text)
            assert page.inner_text(".msg") == ""
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_who_closed_the_tab_of_an_unlisted_table_finds_their_seat_in_the_lobby(server: Server, lang: str, browser: Any) -> None:
    """A table keeping a seat for a friend is unlisted by default (docs/server.md), so the friend who joined it by
    its link, closed the tab and came back to the lobby found no table there and no way back to their seat but
    the link itself. The lobby now offers the tables where this browser holds a seat that its list leaves out,
    the latest seated first; a table listed there is not offered twice; in English and French."""
    words = {"en": "Your seats at tables not in this list (found by their link only, or finished): ",
             "fr": "Vos places à des tables absentes de cette liste (trouvées par leur lien seulement, ou terminées)\u00a0: "}[lang]
    first = server.create(slots=[None, None, "greedy", "greedy"], hands=1, listed=False, timer=None)
    second = server.create(slots=[None, None, "greedy", "greedy"], hands=1, listed=False, timer=None)
    listed = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, listed=True, timer=None)
    errors: list[str] = []
    page = phone_page(browser, server, errors, lang)
    page.evaluate("localStorage.setItem('hkmj.name', 'Béa')")
    for tid, slot in ((first, 1), (second, 1), (listed, 0)):
        page.goto(f"{server.base}/t/{tid}")
        page.click(f"button.sit[data-slot='{slot}']")
        page.wait_for_selector("#board, input.share", timeout=15000)
        page.wait_for_timeout(50)
    page.close()  # the tab closed
    page = browser.contexts[0].new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector(f"html[lang={lang}] #app:not([aria-busy]) #create-form")
    assert page.locator(f"table.list a[href='/t/{first}']").count() == 0  # unlisted: not in the list
    assert page.locator("#your-others").count() == 1, page.inner_text("#app")
    assert page.inner_text("#your-others") == words + f"{second} {first}"
    assert page.locator("#your-others a").evaluate_all("(xs) => xs.map((a) => a.getAttribute('href'))") == [f"/t/{second}", f"/t/{first}"]
    sizes = page.locator("#your-others a").evaluate_all("(xs) => xs.map((a) => { const r = a.getBoundingClientRect(); return [r.width, r.height, r.right]; })")
    assert all(w >= 40 and h >= 40 and right <= 390 for w, h, right in sizes), sizes  # a phone's touch targets, on screen
    page.screenshot(path=str(ARTIFACTS / f"lobby-your-others-{lang}.png"), full_page=True)
    page.click(f"#your-others a[href='/t/{first}']")
    page.wait_for_selector("#board, input.share", timeout=15000)
    assert page.evaluate("G.state.you") is not None or page.evaluate("G.slot") == 1  # back in the seat, not the join panel
    assert page.locator("button.sit").count() == 0
    assert not errors, errors


def test_on_a_phone_the_lobbys_table_links_are_big_enough_to_tap(server: Server, browser: Any) -> None:
    """On a phone (390×844, touch) every control of the lobby is at least 40 px either way, the table's name
    that links to it too: it was a bare link of 75×18 px beside 40 px buttons, hard to tap; a tap on it opens
    the table; in English and French, with no horizontal scroll."""
    each_case(
        ((f"lang={lang}", partial(_on_a_phone_the_lobbys_table_links_are_big_enough_to_tap_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _on_a_phone_the_lobbys_table_links_are_big_enough_to_tap_case(server: Server, lang: str, browser: Any) -> None:
    errors: list[str] = []
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, listed=True)
    page = phone_page(browser, server, errors, lang)
    page.wait_for_selector(f"table.list a[href='/t/{tid}']")
    page.screenshot(path=str(ARTIFACTS / f"lobby-phone-targets-{lang}.png"), full_page=True)
    assert page.evaluate(SMALL_TARGETS, 40) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.tap(f"table.list a[href='/t/{tid}']:not(.button)")
    page.wait_for_url(f"**/t/{tid}")
    assert not errors, errors


KEY_FOCUS = """() => { const e = document.activeElement;
  return e.id || (e.dataset.i != null ? `tile ${e.dataset.i}` : e.dataset.action || (e.classList.contains('earlier') ? `pond ${e.closest('.pond').dataset.seat}` : e.tagName)); }"""
"""Which control has the keyboard's focus: its id, a hand tile's place, a claim's action, a pond's count, else the tag."""


def test_hk_4_the_keyboard_focus_stays_on_its_control_when_the_table_is_drawn_again(server: Server, browser: Any) -> None:
    """HK-4, keyboard only (1280×800): each frame draws the table anew. The focus stays on the control drawn
    again: Hint after its answer, a pond's count after it opened the pond; when that control is gone (the claim
    settled) it goes to the player's hand, from where Tab goes on. It fell to the page itself, with no focus
    ring, and Tab started again from the header. The arrow keys move from the tile that has the focus (reached
    with Tab): they began at the first tile of the hand, whichever tile was focused."""
    each_case(
        ((f"lang={lang}", partial(_hk_4_the_keyboard_focus_stays_on_its_control_when_the_table_is_drawn_again_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _hk_4_the_keyboard_focus_stays_on_its_control_when_the_table_is_drawn_again_case(server: Server, lang: str, browser: Any) -> None:
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    turn, claim = _mid_hand("hk", claim=False), _mid_hand("hk", claim=True)
    turn["config"]["hints"] = True
    long = _long_ponds("hk", 60)["hand"]  # ponds past their rows at 1280 px: each shows a count of its earlier discards
    turn["hand"].update(discards=long["discards"], last_discard=long["last_discard"])
    draw = "(st) => { G.state = st; G.log = []; G.open = []; render(); }"
    page.evaluate("(st) => { window.sent = []; window.send = (m) => window.sent.push(m); G.state = st; G.log = []; G.open = []; render(); }", turn)
    page.focus("#hint")
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{"type": "hint"}]
    page.evaluate("() => { G.hint = { action: 'discard 1m', shanten: 2, waits: [] }; render(); }")  # its answer drawn
    assert page.evaluate(KEY_FOCUS) == "hint"
    page.focus("#hand button.t[data-i='5']")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(KEY_FOCUS) == "tile 6"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(KEY_FOCUS) == "tile 4"
    page.screenshot(path=str(ARTIFACTS / f"keyboard-focus-tile-{lang}.png"))
    page.keyboard.press("Tab")  # on from the tile chosen with the arrows
    assert page.evaluate(KEY_FOCUS) == "tile 5"
    page.focus("#hint")  # Enter on another control presses it: it discarded the tile chosen with the arrows
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{"type": "hint"}, {"type": "hint"}]
    page.keyboard.press("Space")
    assert page.evaluate("window.sent") == [{"type": "hint"}] * 3
    seat = page.get_attribute(".pond:has(button.earlier)", "data-seat")
    page.focus(f".pond[data-seat='{seat}'] button.earlier")
    page.keyboard.press("Enter")  # the whole pond; then its "−" keeps the focus
    assert page.evaluate(KEY_FOCUS) == f"pond {seat}" and page.evaluate("window.sent") == [{"type": "hint"}] * 3
    assert page.locator(f".pond[data-seat='{seat}'] button.earlier[aria-expanded=true]").count() == 1
    page.evaluate(draw, claim)
    page.focus("button.claim[data-action=pung]")
    page.evaluate(draw, claim)  # another frame, the same claim
    assert page.evaluate(KEY_FOCUS) == "pung"
    claim["mine"]["legal"] = []
    page.evaluate(draw, claim)  # the claim settled: its buttons gone
    assert page.evaluate(KEY_FOCUS) == "hand"
    page.evaluate(draw, turn)  # the player's turn: Tab goes on from the hand, to its first tile
    page.keyboard.press("Tab")
    assert page.evaluate(KEY_FOCUS) == "tile 0"
    assert not errors, errors


def _one_hand_table(page: Any) -> None:
    """From the lobby: create a one-hand table with no claim window and no bot delay, and wait for its board."""
    page.select_option("select[name=length]", "1")
    page.fill("input[name=claim]", "0")
    page.fill("input[name=botdelay]", "0")
    page.click("#create")
    page.wait_for_selector("#board", timeout=15000)


def _play_out_and_verify(page: Any, errors: list[str]) -> None:
    """Pass every claim and throw the last tile until the hand ends (HK-3.5), then open the wall check
    (HK-2) and see it verified. A turn may offer a kong or Mahjong beside the discards, in buttons of
    the claims' look but with no Pass: the tile is thrown then (it waited for a Pass for ever)."""
    deadline = time.monotonic() + 180
    while not page.locator("#scoring").count():
        assert time.monotonic() < deadline, f"the hand never ended ({errors[:2]})"
        with contextlib.suppress(Exception):
            if page.locator("button.claim[data-action=pass]").count():
                page.locator("button.claim[data-action=pass]").first.click(timeout=300)
            elif page.locator("#hand button.t:not([disabled])").count():
                page.locator("#hand button.t:not([disabled])").last.click(timeout=300)
        page.wait_for_timeout(60)
    page.click("#verify summary")
    page.wait_for_selector("#verdict b", timeout=5000)
    assert page.inner_text("#verdict").startswith("Wall verified"), page.inner_text("#verdict")


def _two_mahjong_claims_frame(rules: str) -> dict[str, Any]:
    """The final frame, for Ann (East, slot 0), of a one-hand table on a rigged wall: Ann discards 4
    Characters and South and North (greedy bots) both claim Mahjong on it; South, the first after
    Ann in turn order, wins it (HK-4.7, MCR-4.2, CL-3.3)."""
    from hkmj.engine.testing import QUIET
    from hkmj.engine.wall import stacked_wall
    from hkmj.server.testing import rigged_final_frame

    wall = stacked_wall([QUIET[0], "123p456p789p55s35m", QUIET[2], "123s456s789s99p56m"], dead_wall=rules != "mcr")
    return rigged_final_frame(wall, (1, 1, 1), rules, "discard 4m")


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_4_7_the_end_screen_says_which_of_two_mahjong_claims_won_and_by_which_rule(server: Server, rules: str, browser: Any) -> None:
    """HK-4.7 (MCR-4.2, CL-3.3): South and North both claim Mahjong on East's discard. The end
    screen named South the winner, and North, who had claimed too, was told nowhere why its claim
    lost. The reveal now lists the claims in the order judged (``mahjong_claims``) and the end
    screen says, to every player, in English and French: "Two players claimed Mahjong on this
    tile; South won it as the first in turn order after East (HK-4.7)". A first claim that is
    false decides alone (R-6, CL-7.7): said so too. A single claim says nothing more."""
    frame = _two_mahjong_claims_frame(rules)
    reveal = frame["reveal"]
    assert (reveal["result"], reveal["seat"], reveal["from"], reveal["mahjong_claims"]) == ("win", 1, 0, [1, 3]), reveal
    rule = {"hk": "HK-4.7", "mcr": "MCR-4.2", "classical": "CL-3.3"}[rules]
    card = """(st) => { const card = document.createRange().createContextualFragment(revealCard(st));
      const claims = card.querySelector("#claims"); return [claims ? claims.textContent : null, [...card.querySelectorAll("h3")].map((h) => h.textContent).join(" | ")]; }"""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang, won, false in (
        ("en", "Two players claimed Mahjong on this tile; {who} won it as the first in turn order after Ann ({rule}).",
         "Two players claimed Mahjong on this tile; {who}'s claim, the first in turn order after Ann, was judged first and is not a win: "
         "the hand ends there and the others were not examined ({rule})."),
        ("fr", "Deux joueurs ont réclamé Mahjong sur cette tuile\u00a0; {who} l'emporte, premier joueur après Ann dans l'ordre du jeu ({rule}).",
         "Deux joueurs ont réclamé Mahjong sur cette tuile\u00a0; la réclamation de {who}, premier joueur après Ann dans l'ordre du jeu, "
         "est jugée d'abord et n'est pas gagnante\u00a0: la donne s'arrête là et les autres ne sont pas examinées ({rule})."),
    ):
        page.select_option("#lang", lang)
        said, title = page.evaluate(card, frame)
        south = page.evaluate("(st) => document.createRange().createContextualFragment(playerName(st, st.hand.seat_slots[1])).textContent", frame)
        assert south in title and said == won.format(who=south, rule=rule), (said, title)
        one = page.evaluate(card, {**frame, "reveal": {**reveal, "mahjong_claims": []}})
        assert one[0] is None, one
        if rules != "mcr":  # an MCR false Mahjong leaves a dead hand and the claim counts as a pass (MCR-5.4)
            fm = {"type": "false_mahjong", "seat": 1, "from": 0, "payments": [64, -192, 64, 64], "reason": "", "reasons": {"en": "", "fr": ""}}
            wrong = {**frame, "reveal": {**reveal, "result": "penalty", "end": [fm]}}
            said, _ = page.evaluate(card, wrong)
            assert said == false.format(who=south, rule="R-6" if rules == "hk" else "CL-7.7"), said
    assert not errors, errors


def test_hk_2_the_wall_check_compares_with_the_commitment_published_at_the_start_and_shows_what_it_hashed(
    server: Server, browser: Any,
) -> None:
    """Issue 5 ("anyone can check the wall was fixed in advance"): the end of a hand's "verify" holds the very text
    hashed (salt:wall), so a reader recomputes SHA-256 outside the page and finds the commitment published when the
    hand began; the page's own verdict compares with the commitment it saw then, not with the copy the result
    carries (a result whose commitment differs from the one published says so), and a page that did not see the
    hand begin says that it could not compare."""
    import hashlib


    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1200, 900)
    _one_hand_table(page)
    tid = page.url.rstrip("/").split("/")[-1]
    published = when(page, "G.state && G.state.hand && !G.state.reveal ? G.state.hand.commitment : null")
    _play_out_and_verify(page, errors)
    hashed = page.input_value("#hashed")
    salt, wall = hashed.split(":", 1)
    assert len(wall.split(" ")) == 144 and salt
    assert hashlib.sha256(hashed.encode()).hexdigest() == published  # recomputed outside the page
    # the commitment this browser kept from the start is not the result's: the check fails and says why
    page.evaluate(f"localStorage.setItem('hkmj.commit.{tid}', JSON.stringify({{1: '{'0' * 64}'}}))")
    page.reload()
    page.wait_for_selector("#scoring", timeout=10000)
    page.click("#verify summary")
    page.wait_for_selector("#verdict b", timeout=5000)
    verdict = page.inner_text("#verdict")
    assert verdict.startswith("Wall check FAILED") and "not the one published when the hand began" in verdict, verdict
    # a page that never saw the hand begin (a fresh browser, in French) cannot compare, and says so
    later = browser.new_context().new_page()
    later.on("pageerror", lambda e: errors.append(str(e)))
    later.goto(f"{server.base}/t/{tid}?lang=fr")
    later.wait_for_selector("#scoring", timeout=10000)
    later.click("#verify summary")
    later.wait_for_selector("#verdict b", timeout=5000)
    verdict = later.inner_text("#verdict")
    assert "n'a pas vu le début de la donne\u00a0:" in verdict and "Wall" not in verdict, verdict
    assert "sha256sum" in later.inner_text("#verify") and later.input_value("#hashed") == hashed
    # on an English phone the short word "verify" is still a touch target of 40 px each way (it was 39.5 px wide)
    phone = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True).new_page()
    phone.goto(f"{server.base}/t/{tid}?lang=en")
    phone.wait_for_selector("#verify summary", timeout=10000)
    box = phone.locator("#verify summary").bounding_box()
    assert box and box["width"] >= 40 and box["height"] >= 40, box
    assert phone.evaluate(SMALL_TARGETS, 40) == []
    assert not errors, errors


def test_hk_2_a_browser_whose_storage_is_full_still_draws_the_table_and_checks_the_wall(server: Server, browser: Any) -> None:
    """HK-2 wall commitment: the page keeps each hand's commitment in localStorage, and a full storage (every table
    ever opened leaves a key; a browser's quota of a few MB) made that write throw in the middle of each frame: the
    table was no longer drawn (the board never appeared) and the page reported an uncaught QuotaExceededError. The
    page now draws on, keeps its own copy of the commitment and still verifies the wall at the hand's end."""
    full = """(() => { const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (String(k).startsWith("hkmj.commit.")) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        return set.call(this, k, v); }; })();"""
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(full)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    lobby_in(page, "en")
    _one_hand_table(page)
    _play_out_and_verify(page, errors)
    assert not errors, errors


FILL_STORAGE = """(tables) => { localStorage.clear();
  const now = Date.now(); let n = 0, size = 1 << 19;
  while (size >= 1) {
    const id = `r${n}`;
    try {
      if (tables) { localStorage.setItem(`hkmj.at.${id}`, String(now - 3600000 + n * 1000)); localStorage.setItem(`hkmj.token.${id}`, `tok${n}`); }
      localStorage.setItem(tables ? `hkmj.commit.${id}` : `other.${n}`, "x".repeat(size)); n += 1;
    } catch {
      if (tables) { localStorage.removeItem(`hkmj.at.${id}`); localStorage.removeItem(`hkmj.token.${id}`); }
      size = Math.floor(size / 2);
    }
  }
  for (let i = 0; ; i += 1) { try { localStorage.setItem(`z${i}`, ""); } catch { break; } }
  try { localStorage.setItem("probe", "x"); return -1; } catch { return n; } }"""
"""Script: fill this origin's localStorage to its quota (a probe write then throws QuotaExceededError), with the keys
of ``n`` tables opened within the last hour (``hkmj.at/token/commit.r<k>``, ``r0`` the least recently opened, the
largest) when ``tables`` is true, else with another page's keys (``other.<k>``) that the game may not remove;
returns ``n`` (-1: the storage was not full)."""


@pytest.mark.parametrize("tables", [True, False], ids=["full-of-old-tables", "full-of-other-keys"])
def test_hk_2_every_storage_write_survives_a_storage_filled_to_its_quota(server: Server, tables: bool, browser: Any) -> None:
    """The page keeps by table a seat token, when it was opened, the last action's number and the wall commitments
    (HK-2); each table left its keys for ever and every write but the commitments' threw QuotaExceededError once the
    storage was full: choosing the language, creating a table (the board never came) and each welcome threw in the
    middle of the page's work. Now every write goes through one helper: a full storage forgets other tables' keys,
    least recently opened first, and writes again, else the value is kept in the page only. Measured in Chromium
    with the storage really at its quota: the one-hand table is played out and its wall verified with no script
    error; with other tables to forget, the new seat token is in the browser's storage and the oldest table made
    room, the latest is kept."""
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form")
    n = page.evaluate(FILL_STORAGE, tables)
    assert n > (3 if tables else 0), n
    page.reload()
    lobby_in(page, "en")
    _one_hand_table(page)
    tid = page.url.rstrip("/").split("/")[-1]
    _play_out_and_verify(page, errors)
    assert not errors, errors
    if tables:
        mine = page.evaluate(f"localStorage.getItem('hkmj.token.{tid}')")
        assert mine and mine == page.evaluate("G.token"), mine
        left = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('hkmj.token.r'))")
        assert "hkmj.token.r0" not in left and f"hkmj.token.r{n - 1}" in left, left


def test_tables_unopened_for_90_days_and_all_but_the_latest_40_are_forgotten(server: Server, browser: Any) -> None:
    """A table's keys (hkmj.token/at/cseq/commit.<id>) piled up one table after another for ever; a page now forgets,
    when it opens, the tables unopened for 90 days and all but the 40 opened last (never the table it opens), so
    the storage no longer fills with them; the lobby still lists this browser's latest seats."""
    fill = """() => { localStorage.clear(); const now = Date.now(), day = 86400000;
      for (let i = 0; i < 100; i += 1) {  // s0..s49 opened 91-140 days ago; s50..s99 within the last 50 minutes
        const at = i < 50 ? now - (140 - i) * day : now - (100 - i) * 60000;
        localStorage.setItem(`hkmj.at.s${i}`, String(at)); localStorage.setItem(`hkmj.token.s${i}`, `tok${i}`);
        localStorage.setItem(`hkmj.cseq.s${i}`, "3"); localStorage.setItem(`hkmj.commit.s${i}`, '{"1":"00"}'); }
      localStorage.setItem("hkmj.name", "Ann"); }"""
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form")
    page.evaluate(fill)
    page.reload()
    lobby_in(page, "en")
    ids = page.evaluate(
        "[...new Set(Object.keys(localStorage).filter((k) => /^hkmj\\.(token|at|cseq|commit)\\./.test(k))"
        ".map((k) => k.split('.').slice(2).join('.')))]"
    )
    assert sorted(ids, key=lambda x: int(x[1:])) == [f"s{i}" for i in range(60, 100)], ids
    assert page.evaluate("localStorage.getItem('hkmj.name')") == "Ann"
    assert page.inner_text("#your-others").split()[-6:] == [f"s{i}" for i in range(99, 93, -1)]
    assert not errors, errors


def test_hk_6_the_help_of_a_table_with_house_rules_says_its_house_minimum_and_payment(server: Server, browser: Any) -> None:
    """HK-6 with house options (minfan=3, payment=half-shooter, base=2): the table's "How to play" link opens the help
    of that table, as the terminal's help is: the ruleset and its house options under the title, the house minimum
    in place of "There is no minimum", the discarder paying for all, the false Mahjong's penalty times the base value
    (HK-5.7: 128 to each player, not 64); the page in the other language keeps them. It used to describe the rules'
    own table whatever the house options, telling a newcomer at a 3-fan table that any complete hand wins."""
    each_case(
        ((f"lang={lang}", partial(_hk_6_the_help_of_a_table_with_house_rules_says_its_house_minimum_and_payment_case, server, lang=lang, browser=browser)) for lang in ("en", "fr")),
        browser,
    )


def _hk_6_the_help_of_a_table_with_house_rules_says_its_house_minimum_and_payment_case(server: Server, lang: str, browser: Any) -> None:
    words = {
        "en": ("Hong Kong · minimum 3 fan · the discarder pays for all · base value 2", "at least 3 fan to win",
               "There is no minimum", "A false Mahjong costs 128 to each other player", "Règle de la maison"),
        "fr": ("Hong Kong · 3 fans minimum · le défausseur paie pour tous · valeur de base 2", "au moins 3 fans pour gagner",
               "Pas de minimum", "Un faux Mahjong coûte 128 à chaque autre joueur", "House rule"),
    }[lang]
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1,
                        options={"minfan": "3", "payment": "half-shooter", "base": "2"})
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/t/{tid}?watch=1&lang={lang}")
    page.wait_for_selector("#help-link[href*='minfan=3']", timeout=15000)  # the table is drawn (waiting for its player)
    with page.expect_popup() as popup:  # in a tab of its own, the table left as it is
        page.click("#help-link")
    page = popup.value
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.wait_for_selector("#help h1")
    house, text = page.inner_text("#house-rules"), page.inner_text("#help")
    assert house == words[0], house
    assert words[1] in text and words[2] not in text and words[3] in text, text
    assert "4 × " in text  # the discarder pays for everyone, 4 × the base
    page.click("#other-lang")
    page.wait_for_selector("#house-rules")
    assert words[4] in page.inner_text("#help"), page.inner_text("#help")
    assert not errors, errors


OWN_TURN = r"""() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const off = (el) => { const r = el.getBoundingClientRect();
    return r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5 || r.width === 0; };
  const hidden = (el) => { const r = el.getBoundingClientRect();  // each corner (3 px in, inside a rounded one) is its own
    return [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]
      .some(([x, y]) => { const at = document.elementFromPoint(x, y); return !at || !el.contains(at); }); };
  const msg = document.querySelector('.msg'), tiles = Array.from(document.querySelectorAll('#hand button.t'));
  const buttons = Array.from(document.querySelectorAll('.actions button'));
  return { vw, vh, scrollY: window.scrollY, scrollW: document.documentElement.scrollWidth,
    prompt: msg ? msg.textContent : null, promptOff: !msg || off(msg),
    tiles: tiles.length, tilesOff: tiles.filter((b) => off(b) || hidden(b)).map((b) => b.dataset.tile),
    buttons: buttons.map((b) => b.textContent.trim()),
    buttonsOff: buttons.filter((b) => off(b) || hidden(b)).map((b) => [b.textContent.trim(), b.getBoundingClientRect().toJSON()]),
    small: buttons.filter((b) => { const r = b.getBoundingClientRect(); return r.width < 40 || r.height < 40; }).map((b) => b.textContent.trim()) };
}"""
"""At the player's own turn, as the page shows it without scrolling: the prompt, every tile of the hand and every
button of the turn, which of them lie (even in part) off the screen or under something else, and buttons under 40 px."""


def test_hk_4_2_at_the_players_own_turn_a_phone_shows_the_prompt_the_hand_and_its_buttons(server: Server, browser: Any) -> None:
    """HK-4.2: at the player's own turn, on a touch phone (360×640 and 390×844), English and French, the page as it
    opens (not scrolled) shows the line that says it is their turn ("À vous : touchez une tuile pour la défausser"),
    their whole concealed hand and every button of the turn (Declare Mahjong, Hint, a concealed kong on offer), each
    whole, none under something else. At 360×640 in French the page stayed at its top with Declare Mahjong and Hint
    about 10 px below the screen and the prompt 20 px below, at the first turn of a real game as late in a hand: a
    player on a small phone did not see it was their turn, nor reach Mahjong or Hint, without scrolling."""
    each_case(
        ((f"size={size}", partial(_hk_4_2_at_the_players_own_turn_a_phone_shows_the_prompt_the_hand_and_its_buttons_case, server, size=size, browser=browser)) for size in ((360, 640), (390, 844))),
        browser,
    )


def _hk_4_2_at_the_players_own_turn_a_phone_shows_the_prompt_the_hand_and_its_buttons_case(server: Server, size: tuple[int, int], browser: Any) -> None:
    errors: list[str] = []
    log = [{"type": "claim", "seat": 3, "claim": "chow", "tiles": ["1m:3", "2m:3", "3m:3"]},
           {"type": "discard", "seat": 3, "tile": "5z:3"}, {"type": "discard", "seat": 1, "tile": "6z:2"}]
    prompts = {"en": "Your turn: tap a tile to discard it", "fr": "À vous\u00a0: touchez une tuile pour la défausser"}
    for lang in ("en", "fr"):
        # a real game: the player sits at East (the dealer) of a teaching table, and plays first
        tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=None, teaching=True)
        page = phone_page(browser, server, errors, lang, size)
        page.goto(f"{server.base}/t/{tid}?sit=0")
        page.click('button.sit[data-slot="0"]')
        turn = "!!G.state && !!G.state.hand && !!G.state.mine && (G.state.mine.legal || []).some((a) => a.startsWith('discard '))"
        deadline = time.monotonic() + 30
        while not page.evaluate(turn):  # a claim offered before the player's first turn is passed
            assert time.monotonic() < deadline, "the player's turn never came"
            page.evaluate("() => { if (G.state && G.state.mine && (G.state.mine.legal || []).includes('pass')) act('pass'); }")
            time.sleep(0.1)
        page.wait_for_timeout(300)  # the tick that follows a drawing (padForBar) has run
        seen = page.evaluate(OWN_TURN)
        page.screenshot(path=str(ARTIFACTS / f"own-turn-{size[0]}-{lang}-first.png"))
        assert seen["scrollY"] == 0 and seen["scrollW"] <= seen["vw"], (lang, seen)
        assert seen["prompt"] == prompts[lang] and not seen["promptOff"], (lang, seen)
        assert seen["tiles"] == 14 and seen["tilesOff"] == [], (lang, seen)
        assert seen["buttonsOff"] == [] and seen["small"] == [] and len(seen["buttons"]) >= 1, (lang, seen)
        # late in a hand: long ponds, melds, a concealed kong and Declare Mahjong on offer, the timer running
        state = _mid_hand("hk", claim=False)
        state["config"].update(timer=30, teaching=True)
        state["mine"].update(can_declare=True, remaining=20)
        page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
          G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, log])
        page.wait_for_timeout(300)
        seen = page.evaluate(OWN_TURN)
        page.screenshot(path=str(ARTIFACTS / f"own-turn-{size[0]}-{lang}-late.png"))
        assert seen["scrollY"] == 0 and seen["scrollW"] <= seen["vw"], (lang, seen)
        assert seen["prompt"] == prompts[lang] and not seen["promptOff"], (lang, seen)
        assert len(seen["buttons"]) == 3 and seen["buttonsOff"] == [] and seen["small"] == [], (lang, seen)
        assert seen["tiles"] == len(state["mine"]["concealed"]), (lang, seen)
        if size[1] < 844:  # 640 px: the opponents' long ponds above; the page scrolled to its end shows the whole hand
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            page.wait_for_timeout(100)
            seen = page.evaluate(OWN_TURN)
            page.screenshot(path=str(ARTIFACTS / f"own-turn-{size[0]}-{lang}-late-scrolled.png"))
            assert not seen["promptOff"] and seen["buttonsOff"] == [], (lang, seen)
        assert seen["tilesOff"] == [], (lang, seen)
        page.context.close()
    assert not errors, errors
