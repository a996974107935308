"""The table as a screen reader and the keyboard give it, in Debian's Chromium (Playwright) against a real ``hkmj serve`` on
127.0.0.1: what its live regions say as the game goes on, and what its accessibility tree names."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, lobby_in, lobby_page, rigged_final_frame

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)

HEARD = """() => {
  window.__heard = [];
  // a live region is read when what it holds changes, if it was on the page before: one drawn anew with its text is not
  const regions = Array.from(document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role=status], [role=log], [role=alert]'));
  new MutationObserver((records) => {
    for (const r of records) {
      const region = regions.find((el) => el.contains(r.target));
      if (!region) continue;
      const added = r.type === 'childList' ? Array.from(r.addedNodes).map((n) => n.textContent) : [r.target.textContent];
      for (const text of added) if (text && text.trim()) window.__heard.push(text.trim());
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""
"""Collects into ``window.__heard`` what the page's live regions (those on it now, as a screen reader follows them)
are given to say from now on."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_3_hk_4_a_screen_reader_hears_the_others_discards_and_when_it_is_the_players_turn(server: Server, lang: str, browser: Any) -> None:
    """HK-3, HK-4: the table is drawn anew at every move, and its only live region was the toast (errors): a player
    who does not see the screen heard nothing when another player discarded or claimed, nor that it was their turn
    or that a discard was on offer to them. The page now says, in a live region that stays, each other seat's move
    as the recent moves list words it ("West: discards 5 Circles", "Ouest : défausse 5 Cercles"), and when a
    decision of the player's begins, what is asked: "Your turn… — you drew 5 Circles", or "Claim the discard? Pass,
    Pung 5 Circles". The hint's answer was shown only in the line under the buttons, the focus left on Hint: it is
    said too ("Hint: Discard South wind (3 tiles from ready)")."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    page.evaluate(HEARD)
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=length]", "1")
    page.fill("input[name=botdelay]", "0")
    page.fill("input[name=claim]", "0.2")
    page.click("#create")
    page.wait_for_selector("#board")
    winds = {"en": "East|South|West|North", "fr": "Est|Sud|Ouest|Nord"}[lang]
    discards, turn, claim = {"en": ("discards", "Your turn", "Claim the discard?"), "fr": ("défausse", "À vous", "Réclamer la défausse\u00a0?")}[lang]
    hint = {"en": "Hint: ", "fr": "Conseil\u00a0: "}[lang]
    asked = False
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        heard: list[str] = page.evaluate("window.__heard")
        mine = page.evaluate("G.state && G.state.you")
        others = [w for i, w in enumerate(winds.split("|")) if i != mine]
        said_discard = any(re.match(rf"({'|'.join(others)})\u00a0?: {discards} \S", x) for x in heard)
        if said_discard and any(x.startswith(turn) for x in heard) and any(x.startswith(hint) for x in heard):
            break
        legal: list[str] = page.evaluate("(G.state && G.state.mine && G.state.mine.legal) || []")
        if legal and not asked:  # the hint, asked with its key: its answer said too
            page.keyboard.press("h")
            asked = True
            page.wait_for_timeout(600)
        elif "pass" in legal:
            page.locator('[data-action="pass"]').click()
        elif legal and page.locator("#hand button.t:not([disabled])").count():
            page.locator("#hand button.t:not([disabled])").first.click()
        page.wait_for_timeout(100)
    heard = page.evaluate("window.__heard")
    assert said_discard, f"no other seat's discard was said: {heard}"
    assert any(x.startswith(turn) for x in heard), f"the player's turn was not said: {heard}"
    assert any(re.match(rf"{hint}\S", x) and "<" not in x for x in heard), f"the hint was not said: {heard}"
    for x in heard:
        if x.startswith(claim):
            assert re.search(r"\S, \S", x), x  # the choices named
    assert not errors, errors


def _table_state() -> dict[str, Any]:
    """A table's state as the server sends it, at the player's (East's) turn: South has claimed a pung of 9 Bamboo and a
    chow 5-6-7 Circles, holds 7 tiles and has discarded West wind and 4 Characters; West holds 13 tiles, one discard."""
    players = [{"slot": i, "name": f"P{i}", "bot": None if i == 0 else "greedy", "away": False, "held": False,
                "connected": True, "joined": True, "total": 0} for i in range(4)]
    hand = ["1m:0", "2m:0", "3m:0", "4p:0", "5p:0", "6p:0", "7s:0", "7s:1", "8s:0", "9s:0", "1z:0", "1z:1", "5z:0", "5z:1"]
    return {"table": "sr", "status": "playing", "you": 0, "players": players, "events": [],
            "config": {"rules": "hk", "teaching": True, "hints": True, "timer": None, "options": {}},
            "hand": {"number": 1, "prevailing": "E", "seat_slots": [0, 1, 2, 3],
                     "discards": [["2z:0"], ["3z:0", "4m:0"], ["6z:0"], []],
                     "melds": [[], [{"kind": "pung", "tiles": ["9s:1", "9s:2", "9s:3"]}, {"kind": "chow", "tiles": ["5p:1", "6p:1", "7p:1"]}], [], []],
                     "bonus": [[], [], [], []], "concealed_counts": [14, 7, 13, 13], "phase": "turn",
                     "turn": 0, "last_discard": None, "offered": None, "live": 60, "dead": 14, "commitment": "ab" * 32},
            "mine": {"legal": [f"discard {x.split(':')[0]}" for x in hand], "concealed": hand, "drawn": "5z:1",
                     "can_declare": False, "away": False, "held": False, "bank": None}}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_4_a_screen_reader_tells_a_seats_melds_from_its_discards_and_counts_its_tiles(server: Server, lang: str, browser: Any) -> None:
    """HK-4: another seat's box read its melds and its discards as one run of tile names ("9 Bamboo, 9 Bamboo,
    9 Bamboo, 5 Circles, 6 Circles, 7 Circles, Green dragon, 4 Characters"), so a player who does not see the screen
    could not tell what South had claimed from what South had thrown away, and the tiles each seat hides were
    pictures without a name. Each meld is now a group named as a claim button names it ("Pung 9 Bamboo", "Chow 5-6-7
    Circles"), the pond a group named as the terminal's panel names it ("Pond", "Défausses"), and the hidden tiles
    are counted ("7 tiles in hand", "7 tuiles en main")."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    page.evaluate("(st) => { G.state = st; G.log = []; render(); }", _table_state())
    south = page.locator('.seat[data-seat="1"]').aria_snapshot().replace("\u00a0", " ")
    words = {"en": ("Pung 9 Bamboo", "Chow 5-6-7 Circles", "Pond", "7 tiles in hand"),
             "fr": ("Pung 9 Bambous", "Chow 5-6-7 Cercles", "Défausses", "7 tuiles en main")}[lang]
    pung, chow, pond, hidden = words
    assert f'group "{pung}"' in south and f'group "{chow}"' in south, south
    assert f'group "{pond}"' in south, south
    assert f'img "{hidden}"' in south, south
    discards = south.split(f'group "{pond}"')[1]
    assert "West wind" in discards or "Vent Ouest" in discards, south
    assert "9 Ba" not in discards, south  # the pung's tiles are not read as discards
    assert not errors, errors


def test_a_table_created_with_the_keyboard_puts_the_focus_on_the_players_hand(server: Server, browser: Any) -> None:
    """A keyboard player who pressed Enter on "Create table" (or on a seat's button) saw the table drawn over the
    button that had the focus, and the focus fell to the page itself: no control had it, a screen reader said nothing
    of the table, and Tab went through the header (the logo, How to play, the language) before the hand. The first
    drawing of a table now puts the focus on the player's hand, so Tab goes on from there."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=length]", "1")
    page.focus("#create")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board")
    page.wait_for_timeout(300)
    assert page.evaluate("document.activeElement.id") == "hand", page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    deadline = time.monotonic() + 20  # the player's first decision (their turn, or a claim): a control of theirs to go to
    while not page.evaluate("!!(G.state && G.state.mine && G.state.mine.legal.length)") and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('#board')"), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    assert not errors, errors


def _play_until(page: Any, done: Any, seconds: float) -> bool:
    """Play the page's seat (pass every claim, discard the first tile) until ``done()`` or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        legal: list[str] = page.evaluate("(G.state && G.state.mine && G.state.mine.legal) || []")
        if "pass" in legal:
            page.locator('[data-action="pass"]').click()
        elif legal and page.locator("#hand button.t:not([disabled])").count():
            page.locator("#hand button.t:not([disabled])").first.click()
        page.wait_for_timeout(100)
    return bool(done())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_screen_reader_hears_who_sits_down_goes_offline_is_away_and_comes_back(make_server: Any, lang: str, browser: Any) -> None:
    """The live region said the moves only: a player who does not see the screen never heard that the friend they had
    invited sat down (the seat list changed), that a player lost their connection ("offline" badge), that a bot now
    played for them after their missed turns ("away (bot playing)") or that they were back. Each is now said, by name
    and wind: "Bob sat at seat 2", "Bob (South) is offline", "Bob (South) is away: a bot plays for them", "Bob (South)
    is connected again", "Bob (South) is back and plays again" (French: "Bob prend la place 2", "Bob (Sud) est hors
    ligne"...); a seat taken and then connected is not said to be "connected again"."""
    server = make_server(None, "--absent-after", "1")
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=slot1]", "open")
    page.select_option("select[name=length]", "4")  # a hand may end while Bob is away: the match goes on
    page.fill("input[name=botdelay]", "0")
    page.fill("input[name=claim]", "0.2")
    page.click("#create")
    page.wait_for_selector("input.share")
    page.evaluate(HEARD)
    link = page.evaluate("location.href")
    other = browser.new_context(viewport={"width": 390, "height": 844})
    bob = other.new_page()
    bob.on("pageerror", lambda e: errors.append(str(e)))
    bob.goto(link)
    bob.fill("#name", "Bob")
    bob.click("button.sit")
    bob.wait_for_selector("#board")
    words = {"en": ("Bob sat at seat 2", "is offline", "is away: a bot plays for them", "is connected again", "is back and plays again"),
             "fr": ("Bob prend la place 2", "est hors ligne", "est absent\u00a0: un robot joue à sa place", "est de nouveau en ligne", "est de retour et rejoue")}[lang]
    joined, offline, away, online, back = words

    def heard() -> list[str]:
        return list(page.evaluate("window.__heard"))

    page.wait_for_function("(w) => window.__heard.includes(w)", arg=joined)
    bob.close()  # the tab closed: Bob's connection goes, his turns are played for him after 1 s, then a bot holds his seat
    assert _play_until(page, lambda: any(away in x for x in heard()), 90), heard()
    said = heard()
    bob_is = f"Bob ({WINDS_OF[lang][page.evaluate('G.state.players[1].seat')]}) "
    assert f"{bob_is}{offline}" in said and f"{bob_is}{away}" in said, said
    assert not any(online in x for x in said), said  # sat down, then connected: nothing to say of it
    bob = other.new_page()
    bob.goto(link)  # his tab opened again: his seat token resumes it, and the bot gives it back
    assert _play_until(page, lambda: any(back in x for x in heard()), 60), heard()
    said = heard()
    assert f"{bob_is}{online}" in said and f"{bob_is}{back}" in said, said
    assert not errors, errors


WINDS_OF = {"en": ["East", "South", "West", "North"], "fr": ["Est", "Sud", "Ouest", "Nord"]}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_7_a_screen_reader_tells_the_melds_from_the_concealed_tiles_at_the_end_of_a_hand(server: Server, lang: str, browser: Any) -> None:
    """HK-7 (the hands shown when a hand ends): the end-of-hand dialog read each hand's concealed tiles, its melds and its
    bonus tiles as one run of tile names ("1 Circles, 2 Circles, …, 9 Bamboo, 9 Bamboo, 9 Bamboo, Plum"), where the play
    view names each meld as a group: a player who does not see the screen could not tell what a seat had claimed
    from what it had hidden. The concealed tiles are now a group ("Concealed", "Cachées"), each meld a group named as
    in the play view ("Pung 9 Bamboo", "Pung 9 Bambous"), the bonus tiles a group ("Bonus tiles", "Tuiles bonus")."""
    from hkmj.engine.testing import QUIET
    from hkmj.engine.wall import stacked_wall

    wall = stacked_wall([QUIET[0], "123p456p789p55s35m", QUIET[2], "123s456s789s99p56m"])
    frame = rigged_final_frame(wall, (1, 1, 1), "hk", "discard 4m")  # South wins on Ann's 4 Characters
    assert frame["reveal"]["result"] == "win", frame["reveal"]
    frame["hand"]["melds"][2] = [{"kind": "pung", "tiles": ["9s:1", "9s:2", "9s:3"]}]  # West shows a meld and a flower
    frame["hand"]["bonus"][2] = ["1f:0"]
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    page.evaluate("(st) => { G.state = st; G.log = []; render(); }", frame)
    page.wait_for_selector("#hands")
    rows = page.locator("#hands tr")
    west = rows.nth(2).aria_snapshot().replace("\u00a0", " ")
    concealed, pung, bonus = {"en": ("Concealed", "Pung 9 Bamboo", "Bonus tiles"), "fr": ("Cachées", "Pung 9 Bambous", "Tuiles bonus")}[lang]
    assert f'group "{concealed}"' in west and f'group "{pung}"' in west and f'group "{bonus}"' in west, west
    hidden = west.split(f'group "{concealed}"')[1].split(f'group "{pung}"')[0]
    assert "9 Ba" not in hidden and hidden.count("img") == 13, west  # the pung's tiles are not read as concealed ones
    south = rows.nth(1).aria_snapshot()
    assert south.split(f'group "{concealed}"')[1].count("img") == 14, south  # the winner's 14 tiles, the one won included
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_4_with_several_chows_the_c_key_puts_the_focus_on_the_first_and_its_message_goes_with_the_hand(server: Server, lang: str, browser: Any) -> None:
    """HK-4 (claims): with two chows on offer, the key `c` said "Several chows are possible: click the one you want" to
    a player using the keyboard, and left the focus on their hand, away from the chow buttons; and that message stayed
    on show over the end-of-hand result when the hand ended meanwhile. The first chow's button now has the focus (Enter
    claims it, Tab goes to the next), the message says so, and it goes when the hand ends, as a refused move's does."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    st = _table_state()
    st["hand"].update(phase="claim", turn=3, last_discard={"seat": 3, "tile": "4m:1"}, discards=[[], [], [], ["4m:1"]])
    st["mine"].update(legal=["pass", "chow 234m", "chow 345m"], drawn=None, concealed=st["mine"]["concealed"][:13])
    page.evaluate("(st) => { G.state = st; G.log = []; render(); window.__sent = []; send = (m) => window.__sent.push(m); }", st)
    page.wait_for_selector('button.claim[data-action="chow 345m"]')
    page.keyboard.press("c")
    assert page.evaluate("document.activeElement.dataset.action") == "chow 234m", page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    said = page.inner_text("#toast")
    assert {"en": "Tab goes to the next", "fr": "Tab passe au suivant"}[lang] in said, said
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "chow 345m"
    page.keyboard.press("Enter")
    assert page.evaluate("window.__sent.map((m) => m.action)") == ["chow 345m"]
    over = json.loads(json.dumps(st))
    over["hand"]["phase"] = "over"
    over["mine"]["legal"] = []
    over["reveal"] = {"end": [], "concealed": [[], [], [], []], "payments": [0, 0, 0, 0], "salt": "s", "commitment": "ab" * 32}
    page.evaluate("(st) => onMessage({ type: 'state', ...st })", over)
    page.wait_for_selector("#scoring")
    assert not page.locator("#toast.on").count(), page.inner_text("#toast")  # the hand's message gone with it
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_3_the_recent_moves_are_a_group_a_screen_reader_names(server: Server, lang: str, browser: Any) -> None:
    """HK-3: the table's list of the latest moves carried its name ("Recent moves") on a plain box, where a screen reader
    reads no name: its lines came after the rules' line and the last discard with nothing to say what they were. The
    list is now a group named "Recent moves" ("Derniers coups")."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    lobby_in(page, lang)
    log = [{"type": "discard", "seat": 1, "tile": "4m:0"}, {"type": "discard", "seat": 2, "tile": "6z:0"}]
    page.evaluate("([st, log]) => { G.state = st; G.log = log; render(); }", [_table_state(), log])
    snap = page.locator("#board .center").aria_snapshot().replace("\u00a0", " ")
    name, move = {"en": ("Recent moves", "South: discards 4 Characters"), "fr": ("Derniers coups", "Sud : défausse 4 Caractères")}[lang]
    assert f'group "{name}"' in snap and move in snap.split(f'group "{name}"')[1], snap
    assert not errors, errors
