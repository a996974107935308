"""A crowded late hand on a phone (360×640 and 390×844, touch, English and French): every opponent with three or
four melds (kongs among them), bonus tiles and a long pond, the player's fourteen tiles at their turn. The page as it
opens shows the whole hand, the line that says it is their turn and the turn's buttons without scrolling, and at a
claim the hand with the claim's buttons; every discard stays reachable. The buttons' labels keep to two lines; the
hand stays whole above the tallest bar (the longest claim, the time bank, the hint's answer); screens 401-700 px wide
(412×915, 600×960) have the same layout, and a phone held sideways (667×375, 740×360, 844×390) one made for a short
screen, the hand in a tray fixed above the bar. While the seat is away, "I'm back" is in that bar, and so are the line
that says a claim asked for waits and the one that says a bot holds the seat until the next hand. On small phones
(360×640 and 375×667 upright, 568×320, 640×360, 667×375 and 740×360 sideways) each claim button names its whole tile,
held sideways the bar shows the tile on offer and the hand keeps one row at a turn, the end of a hand shows nothing
beside or under *Next hand*, and the header names the table and the hand whole. Screenshots go to artifacts/
(gitignored)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, lobby_in, phone_page

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module's tests: each draws its own frames in the page (nothing is played on the server)."""
    folder = tmp_path_factory.mktemp("phone")
    served = Server(f"sqlite:///{folder / 'hkmj.db'}", folder / "server.log")
    served.start()
    yield served
    served.stop()


PONDS = (17, 18, 19, 20)
"""How many discards each seat's pond holds: late in a hand (the wall is down to its last tiles)."""


def _meld(kind: str, tiles: str) -> dict[str, Any]:
    """A meld of the frame: ``tiles`` as "1z:a 1z:b 1z:c"."""
    return {"kind": kind, "tiles": tiles.split()}


def crowded(claim: bool) -> dict[str, Any]:
    """A Hong Kong table's frame (as the server sends it) four tiles from the end of the wall: South, West and North
    (seats 1-3) each with four melds, two or three of them kongs (a concealed one too), one concealed tile and 18-20
    discards, South three bonus tiles and West, with three kongs, four; the player (East, seat 0) with no meld, a flower and 17 discards. At their turn
    (``claim`` false) they hold fourteen tiles, a kong of South wind to declare, Mahjong to declare (a teaching table),
    a hint and the decision timer running; at a claim (``claim`` true) thirteen, North's discard of 7 Bamboo on offer
    to chow, pung or win."""
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    ponds = [[f"{kinds[(s * 5 + i * 3) % len(kinds)]}:{s}{i:02d}" for i in range(n)] for s, n in enumerate(PONDS)]
    melds = [[],
             [_meld("kong", "1z:a 1z:b 1z:c 1z:d"), _meld("pung", "9m:a 9m:b 9m:c"), _meld("chow", "3p:a 4p:a 5p:a"),
              _meld("ckong", "6s:a 6s:b 6s:c 6s:d")],
             [_meld("kong", "5z:a 5z:b 5z:c 5z:d"), _meld("kong", "2m:a 2m:b 2m:c 2m:d"), _meld("kong", "8p:b 8p:c 8p:d 8p:a"),
              _meld("pung", "4s:b 4s:c 4s:d")],
             [_meld("pung", "7z:a 7z:b 7z:c"), _meld("kong", "1s:a 1s:b 1s:c 1s:d"), _meld("chow", "7m:c 8m:c 9m:c"),
              _meld("kong", "3z:a 3z:b 3z:c 3z:d")]]
    players = [{"slot": i, "name": name, "bot": None if i == 0 else "greedy", "away": False, "held": False,
                "connected": True, "joined": True, "total": total}
               for i, (name, total) in enumerate((("Ann", 12), ("Bob", -4), ("Chen-the-strong", 0), ("Dora", -8)))]
    hand = ["1m:0", "2m:0", "3m:0", "4p:0", "5p:0", "6p:0", "7s:0", "7s:1", "8s:0", "9s:0", "2z:0", "2z:1", "2z:2", "2z:3"]
    state: dict[str, Any] = {
        "table": "crowded", "status": "playing", "you": 0, "players": players, "events": [],
        "config": {"rules": "hk", "teaching": True, "hints": True, "timer": 30, "options": {}},
        "hand": {"number": 7, "prevailing": "S", "seat_slots": [0, 1, 2, 3], "discards": ponds, "melds": melds,
                 "bonus": [["2f:0"], ["1f:0", "5f:0", "6f:0"], ["3f:0", "4f:0", "7f:0", "8f:0"], []],
                 "concealed_counts": [14, 1, 1, 1], "phase": "turn", "turn": 0,
                 "last_discard": {"seat": 3, "tile": ponds[3][-1]}, "offered": None, "live": 4, "dead": 14,
                 "commitment": "ab" * 32},
        "mine": {"legal": [*sorted({f"discard {x.split(':')[0]}" for x in hand}), "concealed kong 2z"], "concealed": hand,
                 "drawn": "2z:3", "can_declare": True, "away": False, "held": False, "bank": None, "remaining": 20}}
    if claim:
        ponds[3][-1] = "7s:3"
        state["hand"].update(phase="claim", turn=3, offered=None, last_discard={"seat": 3, "tile": "7s:3"}, concealed_counts=[13, 1, 1, 1])
        state["mine"].update(legal=["pass", "chow 789s", "pung", "mahjong"], drawn=None, concealed=hand[:13], can_declare=False)
    return state


LOG = [{"type": "claim", "seat": 2, "claim": "kong", "tiles": ["8p:a"]}, {"type": "discard", "seat": 2, "tile": "9p:203"},
       {"type": "discard", "seat": 3, "tile": "6z:318"}, {"type": "claim", "seat": 3, "claim": "pung", "tiles": ["7z:c"]}]

SEEN = r"""() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const off = (el) => { const r = el.getBoundingClientRect();
    return r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5 || r.width === 0; };
  const hidden = (el) => { const r = el.getBoundingClientRect();  // each corner (3 px in) is its own: nothing lies over it
    return [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]
      .some(([x, y]) => { const at = document.elementFromPoint(x, y); return !at || !el.contains(at); }); };
  const size = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; };
  const msg = document.querySelector('.msg'), tiles = Array.from(document.querySelectorAll('#hand button.t'));
  const buttons = Array.from(document.querySelectorAll('.actions button'));
  const controls = Array.from(document.querySelectorAll('button, a, select, input, summary')).filter((el) => el.offsetParent !== null);
  return { vw, vh, scrollY: window.scrollY, scrollW: document.documentElement.scrollWidth,
    prompt: msg ? msg.textContent : null, promptOff: !msg || off(msg) || hidden(msg),
    tiles: tiles.length, tilesOff: tiles.filter((b) => off(b) || hidden(b)).map((b) => b.dataset.tile),
    tileSizes: tiles.map(size), buttons: buttons.map((b) => b.innerText.trim()),
    buttonsOff: buttons.filter((b) => off(b) || hidden(b)).map((b) => b.textContent.trim()),
    offerOff: Array.from(document.querySelectorAll('.center .bigtile img')).some((el) => off(el) || hidden(el)),
    small: controls.filter((el) => { const [w, h] = size(el); return w < 40 || h < 40; }).map((el) => `${el.tagName}.${el.className} ${size(el)}`),
    ponds: Array.from(document.querySelectorAll('.pond')).map((p) => ({ seat: Number(p.dataset.seat),
      shown: Array.from(p.querySelectorAll('img.tile')).map((el) => el.dataset.tile),
      count: (p.querySelector('button.earlier') || {}).textContent || '' })) };
}"""
"""What the page shows without scrolling: the prompt, the hand's tiles and the buttons of the decision, which of them
lie (even in part) off the screen or under something else (the bar fixed at the foot of the screen), whether the tile
on offer in the centre does, every visible control under 40 px, and each pond's shown discards and count of the earlier
ones."""


def test_hk_4_2_a_crowded_late_hand_on_a_phone_shows_the_whole_hand_without_scrolling(server: Server, browser: Any) -> None:
    """HK-4.2, HK-4.1: late in a hand where every opponent has four melds (kongs among them), bonus tiles and a long
    pond, a touch phone (360×640, 390×844) shows, as the page opens (not scrolled), English and French: at the player's
    turn their fourteen tiles, each whole, on the screen and under nothing (at least 28 × 40 px), the line that says it
    is their turn and every button of the turn (a kong, Declare Mahjong, Hint); at a claim the thirteen tiles and the
    claim's buttons. Every control is at least 40 × 40 px, nothing runs off the page's width, and every discard is
    shown or counted, the count a button that shows the whole pond where it is, the page not scrolled. At 360×640 the
    hand lay below the fold, under the bar of buttons fixed at the foot of the screen (at 390×844 at a claim in
    French): a phone player had to scroll to see their own tiles."""
    errors: list[str] = []
    prompts = {"en": "Your turn: tap a tile to discard it", "fr": "À vous\u00a0: touchez une tuile pour la défausser"}
    for size in ((360, 640), (390, 844)):
        page = phone_page(browser, server, errors, "en", size)
        for lang in ("en", "fr"):
            if lang == "fr":
                lobby_in(page, "fr")
            for claim in (False, True):
                state = crowded(claim)
                page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
                  G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
                page.wait_for_timeout(250)  # the tick that follows a drawing (padForBar) has run
                seen = page.evaluate(SEEN)
                page.screenshot(path=str(ARTIFACTS / f"crowded-{size[0]}-{lang}-{'claim' if claim else 'turn'}.png"))
                where = (size, lang, claim, seen)
                assert seen["scrollY"] == 0 and seen["scrollW"] <= seen["vw"], where
                assert seen["tiles"] == len(state["mine"]["concealed"]) and seen["tilesOff"] == [], where
                assert all(w >= 28 and h >= 40 for w, h in seen["tileSizes"]), where
                assert seen["buttonsOff"] == [] and seen["small"] == [] and not seen["promptOff"], where
                if claim:
                    assert seen["buttons"][:4] == ({"en": ["Pass", "Chow\u00a07-8-9 Bamboo", "Pung\u00a07 Bamboo", "Mahjong!"],  # the whole names, each
                                                    "fr": ["Passer", "Chow\u00a07-8-9 Bambous", "Pung\u00a07 Bambous", "Mahjong\u00a0!"]}[lang]), where
                else:
                    assert seen["prompt"] == prompts[lang] and len(seen["buttons"]) == 3, where
                # every discard is public (HK-4.1): shown, or counted by a button that shows the whole pond
                for pond in seen["ponds"]:
                    whole = state["hand"]["discards"][pond["seat"]]
                    hidden = int(pond["count"][1:]) if pond["count"] else 0
                    assert pond["shown"] == whole[hidden:], (where, pond)
        # the count shows the whole pond where it is, without moving the page; "−" shows the newest again
        page.click(".pond[data-seat='2'] button.earlier")
        assert page.locator(".pond[data-seat='2'] img.tile").count() == PONDS[2]
        assert page.evaluate("window.scrollY") == 0
        page.click(".pond[data-seat='2'] button.earlier")
        assert 0 < page.locator(".pond[data-seat='2'] img.tile").count() < PONDS[2]
        page.context.close()
    assert not errors, errors


LABELS = r"""() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  return Array.from(document.querySelectorAll('.actions button')).map((b) => {
    const box = b.getBoundingClientRect(), words = [], cut = [], walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) { const n = walk.currentNode; for (const m of n.data.matchAll(/\S+/g)) {
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const rects = Array.from(r.getClientRects()).filter((x) => x.width > 0);
      if (new Set(rects.map((x) => Math.round(x.top))).size > 1) cut.push(m[0]);
      words.push(...rects); } }
    const at = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return { text: b.innerText.replace(/\s+/g, ' ').trim(), lines: new Set(words.map((r) => Math.round(r.top))).size,
      clipped: b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight
        || words.some((r) => r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom),
      cut, off: box.left < 0 || box.top < 0 || box.right > vw || box.bottom > vh || !at || !b.contains(at),
      size: [Math.round(box.width), Math.round(box.height)] };
  });
}"""
"""Each button of the decision: its words, on how many lines, whether any of them lies outside the button (or the
button scrolls), the words broken inside ("7-" / "8-9"), whether the button lies (even in part) off the screen or
under something else at its middle, and its size."""


def test_hk_4_2_a_phones_turn_and_claim_buttons_keep_their_words_on_two_lines_at_most(server: Server, browser: Any) -> None:
    """HK-4.2, HK-4.3: on a touch phone (360×640, 390×844), English and French, the buttons of the player's turn
    (*Concealed kong South wind*, *Declare Mahjong*, *Hint*, the timer running) and of a claim of an honour tile
    (*Pung South wind*, *Kong South wind*) each show their words on two lines at most, no word broken inside or
    cut by the button's edge, every button on the screen and at least 40 px tall. The buttons of the bar fixed at the
    foot of the screen shared each row from their narrowest, down to their longest word: *Concealed kong South wind*
    stood on three lines (*Kong caché Vent Sud*, *Pung Vent Sud* in French), a chow's *7-8-9* broke after *7-*."""
    errors: list[str] = []
    page = phone_page(browser, server, errors, "en", (360, 640))
    seen: dict[tuple[Any, ...], Any] = {}
    for size in ((360, 640), (390, 844)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            turn, claim = crowded(False), crowded(True)
            claim["hand"]["last_discard"]["tile"] = claim["hand"]["discards"][3][-1] = "2z:3"  # South wind, to pung or kong
            claim["mine"]["legal"] = ["pass", "pung", "kong 2z"]
            pung = crowded(True)  # and a chow's numbers in a full row
            for name, state in (("turn", turn), ("honour", claim), ("chow", pung)):
                page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
                  G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
                seen[(size, lang, name)] = page.evaluate(LABELS)
                page.screenshot(path=str(ARTIFACTS / f"labels-{size[0]}-{lang}-{name}.png"))
    bad = [f"{where}: {b}" for where, buttons in seen.items() for b in buttons
           if b["lines"] > 2 or b["clipped"] or b["cut"] or b["off"] or b["size"][1] < 40 or b["size"][0] < 40]
    assert not bad, "\n".join(bad)
    assert seen[((360, 640), "en", "turn")][0]["text"] == "Concealed kong South wind", seen
    assert [b["text"] for b in seen[((360, 640), "fr", "honour")]] == ["Passer", "Pung Vent Sud", "Kong Vent Sud", "Conseil"], seen
    assert not errors, errors


def test_hk_4_1_a_phones_hand_stays_whole_above_the_longest_claim_bar(server: Server, browser: Any) -> None:
    """HK-4.1, HK-4.2: late in a crowded hand on a 360×640 touch phone, English and French, a claim with the longest bar
    (three chows, pung, kong, Mahjong, pass, hint, the timer's seconds), the player's time bank (a table of two people)
    and the hint's answer under the buttons: the page as it opens shows the whole hand (every tile on the screen and
    under nothing, at least 28 × 40 px) with the tile on offer, every button of the claim and the question. The bar fixed
    at the foot of the screen grew over the hand: in French the time bank took a line of its own and five tiles lay
    under the bar (the hand had kept 11 px above a bar without it), the hint's answer did the same in both languages."""
    errors: list[str] = []
    wrong: list[str] = []
    page = phone_page(browser, server, errors, "en", (360, 640))
    hint = {"type": "hint", "action": "chow 789s", "shanten": 1, "waits": []}
    for lang in ("en", "fr"):
        lobby_in(page, lang)
        for shown in (None, hint):
            state = crowded(True)
            state["mine"].update(legal=["pass", "chow 567s", "chow 678s", "chow 789s", "pung", "kong 7s", "mahjong"], bank=45)
            state["mine"]["concealed"] = ["1m:0", "2m:0", "3m:0", "4p:0", "5p:0", "6p:0", "5s:0", "6s:0", "7s:0", "7s:1", "7s:2", "8s:0", "9s:0"]
            page.evaluate("""([st, log, hint]) => { G.state = st; G.open = []; G.log = log; G.hint = hint;
              G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG, shown])
            seen = page.evaluate(SEEN)
            page.screenshot(path=str(ARTIFACTS / f"longest-claim-360-{lang}{'-hint' if shown else ''}.png"))
            ok = (seen["scrollY"] == 0 and seen["scrollW"] <= seen["vw"] and seen["tiles"] == 13 and seen["tilesOff"] == []
                  and all(w >= 28 and h >= 40 for w, h in seen["tileSizes"]) and len(seen["buttons"]) == 8
                  and seen["buttonsOff"] == [] and not seen["offerOff"] and not seen["promptOff"]
                  and seen["prompt"].startswith({"en": "Claim the discard?", "fr": "Réclamer la défausse\u00a0?"}[lang]))
            if not ok:
                wrong.append(f"{lang}, hint {bool(shown)}: " + str({k: seen[k] for k in ("scrollY", "tilesOff", "tileSizes", "buttons", "buttonsOff", "offerOff", "promptOff", "prompt")}))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


def longest_bar(page: Any, claim: bool, bank: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Draw the crowded late hand at the player's turn, or (``claim``) at a claim with the longest bar
    (three chows, pung, kong, Mahjong, pass; the time bank when ``bank``), scrolled to the top: the
    frame drawn and what :data:`SEEN` measures of the page."""
    state = crowded(claim)
    if claim:
        state["mine"].update(legal=["pass", "chow 567s", "chow 678s", "chow 789s", "pung", "kong 7s", "mahjong"])
        if bank is not None:
            state["mine"]["bank"] = bank
        state["mine"]["concealed"] = ["1m:0", "2m:0", "3m:0", "4p:0", "5p:0", "6p:0", "5s:0", "6s:0", "7s:0", "7s:1", "7s:2", "8s:0", "9s:0"]
    page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
      G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
    return state, page.evaluate(SEEN)


def fits(seen: dict[str, Any], state: dict[str, Any], claim: bool) -> bool:
    """Unscrolled, the page shows the whole hand (every tile at least 28 × 40 px, under nothing), every
    button of the decision, the question and the tile on offer, nothing wider than the screen."""
    return bool(seen["scrollY"] == 0 and seen["scrollW"] <= seen["vw"] and seen["tiles"] == len(state["mine"]["concealed"])
                and seen["tilesOff"] == [] and all(w >= 28 and h >= 40 for w, h in seen["tileSizes"])
                and len(seen["buttons"]) == (8 if claim else 3) and seen["buttonsOff"] == [] and seen["small"] == []
                and not seen["offerOff"] and not seen["promptOff"])


def test_hk_4_1_a_large_phone_or_small_tablet_shows_the_hand_and_its_buttons_late_in_a_hand(server: Server, browser: Any) -> None:
    """HK-4.1, HK-4.2: touch screens 401-700 px wide (412×915, a large phone; 600×960, a small tablet held upright),
    English and French, late in a crowded hand: at the player's turn and at a claim with the longest bar (three chows,
    pung, kong, Mahjong, pass, hint, the timer), the page as it opens shows the whole hand (every tile on the screen
    and under nothing, at least 28 × 40 px), every button of the decision, the line that says what is asked and, at a
    claim, the tile on offer. They had the layout of a wider screen, the claim's buttons in five rows of whole names
    kept at the foot of the screen over the hand: at 412×915 every one of the thirteen tiles lay under them in French, four in English."""
    errors: list[str] = []
    wrong: list[str] = []
    page = phone_page(browser, server, errors, "en", (412, 915))
    for size in ((412, 915), (600, 960)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            for claim in (False, True):
                state, seen = longest_bar(page, claim)
                page.screenshot(path=str(ARTIFACTS / f"large-phone-{size[0]}-{lang}-{'claim' if claim else 'turn'}.png"))
                ok = fits(seen, state, claim)
                if not ok:
                    wrong.append(f"{size} {lang} {'claim' if claim else 'turn'}: "
                                 + str({k: seen[k] for k in ("scrollY", "tilesOff", "buttonsOff", "offerOff", "promptOff", "small")}))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


def test_hk_4_1_a_phone_held_sideways_shows_the_hand_and_its_buttons_late_in_a_hand(server: Server, browser: Any) -> None:
    """HK-4.1, HK-4.2: a touch phone held sideways (667×375, 740×360; 844×390, wider than 700 px), English and French,
    late in a crowded hand: at the player's turn and at a claim with the longest bar (three chows, pung, kong, Mahjong,
    pass, hint, the timer, the time bank), the page as it opens shows the whole hand (every tile on the screen and under
    nothing, at least 28 × 40 px), every button of the decision, the line that says what is asked and the last discard
    (at a claim, the tile on offer); every discard is shown or counted, and scrolled to its end the page shows the
    player's own pond and the wall's commitment above the hand. At 667×375 the hand and the tile on offer lay under the
    bar fixed at the foot of the screen; at 844×390, a desktop's layout, the hand, the buttons and the question lay below
    the screen."""
    errors: list[str] = []
    wrong: list[str] = []
    end = r"""() => Array.from(document.querySelectorAll('.seat.me .pond img.tile, .commit-below')).filter((el) => {
      const r = el.getBoundingClientRect(), at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return r.top < 0 || r.bottom > window.innerHeight || !at || !el.contains(at); }).length"""
    page = phone_page(browser, server, errors, "en", (667, 375))
    for size in ((667, 375), (740, 360), (844, 390)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            for claim in (False, True):
                state, seen = longest_bar(page, claim, bank=45)
                page.screenshot(path=str(ARTIFACTS / f"sideways-{size[0]}-{lang}-{'claim' if claim else 'turn'}.png"))
                ok = fits(seen, state, claim)
                ponds = all(p["shown"] == state["hand"]["discards"][p["seat"]][int(p["count"][1:]) if p["count"] else 0:]
                            for p in seen["ponds"])
                page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
                under = page.evaluate(end)
                if not ok or not ponds or under:
                    wrong.append(f"{size} {lang} {'claim' if claim else 'turn'}: covered at the end {under}, "
                                 + str({k: seen[k] for k in ("scrollY", "scrollW", "tilesOff", "buttonsOff", "offerOff", "promptOff", "small")}))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


BACK = r"""() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const place = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    const on = r.left >= 0 && r.top >= 0 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5 && r.width > 0;
    const under = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]
      .filter(([x, y]) => { const at = document.elementFromPoint(x, y); return !at || !el.contains(at); }).length;
    return { text: el.innerText.trim(), on, under, height: Math.round(r.height), top: Math.round(r.top) }; };
  return { scrollY: window.scrollY, back: place(document.querySelector('#back')), msg: place(document.querySelector('.msg')),
    held: place(document.querySelector('#held')),
    tilesOff: Array.from(document.querySelectorAll('#hand button.t')).filter((b) => { const p = place(b); return !p.on || p.under; }).length };
}"""
"""Where the page, not scrolled, shows the "I'm back" button, the line under the buttons and the line that says a bot
holds the seat until the next hand: its words, whether it is wholly on the screen, how many of its corners (3 px in)
lie under something else, its height; and how many of the hand's tiles lie off the screen or under something."""


def test_hk_4_1_a_phone_shows_im_back_and_a_claims_waiting_line_without_scrolling(server: Server, browser: Any) -> None:
    """HK-4.1, HK-4.7: late in a crowded hand on a touch phone, upright (360×640, 390×844) and sideways (667×375,
    844×390), English and French: while the player's seat is away (the table plays for them, docs/server.md: the
    frame's ``mine.away``, no decision of theirs) the page as it opens shows the "I'm back" button wholly on the screen,
    under nothing and at least 40 px tall, with the whole hand; after a claim, while the claim window is still open,
    it shows the line that says so ("You asked for Pung: waiting…") on the screen and under nothing; the hand stays
    whole. Both stood at the end of the page, after the player's own seat, where a phone held sideways has the hand's
    tray fixed at the foot of the screen: "I'm back" lay under the tray (at 667×375 partly below the screen) and the
    waiting line under it at 667×375; upright they showed only while everything above them fitted the screen. So did
    the line that says a bot plays for the player until the next hand (turned away twice in a hand: no "I'm back"
    then), which is now in the bar too, wholly on the screen with the whole hand."""
    errors: list[str] = []
    wrong: list[str] = []
    back = {"en": "I'm back", "fr": "Je reviens"}
    sent = {"en": "You asked for Pung: waiting", "fr": "Vous avez demandé Pung\u00a0: en attente"}
    held_words = {"en": "A bot plays for you until the next hand", "fr": "Un robot joue pour vous jusqu'à la donne suivante"}
    page = phone_page(browser, server, errors, "en", (360, 640))
    for lang in ("en", "fr"):
        lobby_in(page, lang)
        for size in ((360, 640), (390, 844), (667, 375), (844, 390)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            away = crowded(False)  # West's turn; the player's seat away, its bot playing
            away["players"][0]["away"] = True
            away["players"][2].update(bot=None, connected=False, played_in=5)  # a person, offline: the table plays for them soon
            away["hand"].update(turn=2, concealed_counts=[13, 1, 1, 1], last_discard={"seat": 1, "tile": away["hand"]["discards"][1][-1]})
            away["mine"].update(away=True, legal=[], drawn=None, concealed=away["mine"]["concealed"][:13], can_declare=False, remaining=None)
            waiting = crowded(True)  # a pung asked for: the window still open for the others
            waiting["mine"].update(legal=[], remaining=None)
            held = copy.deepcopy(away)  # away twice this hand: a bot holds the seat until the next hand
            held["players"][0]["held"] = True
            held["mine"].update(held=True)
            for name, state, claimed in (("away", away, None), ("waiting", waiting, {"action": "pung", "tile": "7s"}), ("held", held, None)):
                page.evaluate("""([st, log, claimed]) => { G.state = st; G.open = []; G.log = log; G.claimed = claimed; G.hint = null;
                  G.deadline = 0; render(); window.scrollTo(0, 0); tick(); }""", [state, LOG, claimed])  # tick: padForBar
                seen = page.evaluate(BACK)
                if name == "away":
                    b = seen["back"]
                    ok = b is not None and b["text"] == back[lang] and b["on"] and not b["under"] and b["height"] >= 40
                elif name == "held":
                    h = seen["held"]
                    ok = seen["back"] is None and h is not None and h["text"].startswith(held_words[lang]) and h["on"] and not h["under"]
                else:
                    m = seen["msg"]
                    ok = seen["back"] is None and m is not None and m["text"].startswith(sent[lang]) and m["on"] and not m["under"]
                if not ok or seen["scrollY"] != 0 or seen["tilesOff"]:
                    wrong.append(f"{size} {lang} {name}: {seen}")
                    page.screenshot(path=str(ARTIFACTS / f"back-{size[0]}-{lang}-{name}.png"))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


SMALL_PHONES = ((360, 640), (375, 667), (568, 320), (640, 360), (667, 375), (740, 360))
"""Small phones upright (360×640, 375×667) and held sideways (568×320, 640×360, 667×375, 740×360)."""


def test_hk_4_3_on_a_small_phone_each_claim_button_names_its_whole_tile(server: Server, browser: Any) -> None:
    """HK-4.3, HK-4.7: on a small touch phone, upright and sideways (:data:`SMALL_PHONES`), English and French, late in a
    crowded hand, each claim button names the whole tile it claims, as the rest of the page names tiles (*Pung 7
    Bamboo*, *Chow 5-6-7 Bambous*, *Kong Vent Sud*): the words seen are the button's whole name (its aria-label), on two
    lines at most, no word cut or out of its button, every button on the screen, under nothing and at least 40 px tall,
    at a usual claim (a chow, pung, Mahjong) and at the longest (three chows, pung, kong, Mahjong, the hint, the timer
    and the time bank); the whole hand, the question and the tile on offer still show. A phone's bar said *Pung 7* and
    *Chow 7-8-9* without the suit: the button alone did not tell which tile it claimed."""
    errors: list[str] = []
    wrong: list[str] = []
    page = phone_page(browser, server, errors, "en", SMALL_PHONES[0])
    for size in SMALL_PHONES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            for name in ("usual", "longest", "honour"):
                if name == "longest":
                    state, _ = longest_bar(page, True, bank=45)
                else:
                    state = crowded(True)
                    if name == "honour":  # South wind on offer, to pung or kong
                        state["hand"]["last_discard"]["tile"] = state["hand"]["discards"][3][-1] = "2z:3"
                        state["mine"]["legal"] = ["pass", "pung", "kong 2z"]
                    page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
                      G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
                page.wait_for_timeout(250)  # the tick that follows a drawing (padForBar) has run
                labels = page.evaluate(LABELS)
                named = page.evaluate("""() => Array.from(document.querySelectorAll('.actions button.claim'))
                  .filter((b) => /^(chow|pung|kong)/.test(b.dataset.action)).map((b) => [b.innerText.replace(/\\s+/g, ' ').trim(), b.getAttribute('aria-label')])""")
                page.screenshot(path=str(ARTIFACTS / f"small-labels-{size[0]}x{size[1]}-{lang}-{name}.png"))
                where = f"{size} {lang} {name}"
                wrong += [f"{where}: {b}" for b in labels if b["lines"] > 2 or b["clipped"] or b["cut"] or b["off"] or b["size"][1] < 40]
                wrong += [f"{where}: shows {text!r} for {label!r}" for text, label in named if text != label.replace("\u00a0", " ")]
                suit = {"en": "Bamboo", "fr": "Bambous"}[lang]
                if name == "usual" and [label for _, label in named] != [f"Chow 7-8-9 {suit}", f"Pung 7 {suit}"]:
                    wrong.append(f"{where}: named {named}")
                seen = page.evaluate(SEEN)
                if not (seen["scrollY"] == 0 and seen["tilesOff"] == [] and seen["buttonsOff"] == [] and not seen["promptOff"]):
                    wrong.append(f"{where}: " + str({k: seen[k] for k in ("scrollY", "tilesOff", "buttonsOff", "promptOff")}))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


OFFER = r"""(tile) => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  return Array.from(document.querySelectorAll('img.tile')).filter((el) => el.dataset.tile === tile).map((el) => {
    const r = el.getBoundingClientRect();
    const under = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]
      .filter(([x, y]) => { const at = document.elementFromPoint(x, y); return !at || !el.contains(at); }).length;
    return { where: el.closest('.foot') ? 'bar' : el.closest('.center') ? 'centre' : el.closest('.pond') ? 'pond' : 'other',
      whole: r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5, under,
      size: [Math.round(r.width), Math.round(r.height)] };
  });
}"""
"""Every picture of the tile ``tile`` (its id, "7s:3") on the page: where (the bar, the centre, a pond), whether it lies
wholly on the screen, how many of its corners (3 px in) lie under something else, and its size."""


def test_hk_4_1_a_small_phone_held_sideways_shows_the_tile_on_offer_at_a_claim(server: Server, browser: Any) -> None:
    """HK-4.1, HK-4.3: on a small touch phone held sideways (568×320, 640×360, 667×375, 740×360), English and French, at
    a claim early in a hand and late in a crowded one (a usual claim, the longest with the time bank) and at a kong that
    may be robbed, the page as it opens (not scrolled) shows a picture of the tile on offer, wholly on the screen, under
    nothing and at least 28 × 37 px, with the whole hand. At 568×320 the tile on offer, drawn in the centre of the
    table, lay under the hand's tray: the player could not see the tile they were asked to claim."""
    errors: list[str] = []
    wrong: list[str] = []
    page = phone_page(browser, server, errors, "en", (568, 320))
    for size in ((568, 320), (640, 360), (667, 375), (740, 360)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            for name in ("early", "usual", "longest", "rob"):
                if name == "longest":
                    state, _ = longest_bar(page, True, bank=45)
                else:
                    state = crowded(True)
                    h = state["hand"]
                    if name == "early":  # three discards each, no meld or bonus tile yet
                        h.update(discards=[d[:2] + [d[-1]] for d in h["discards"]], melds=[[], [], [], []], bonus=[[], [], [], []],
                                 concealed_counts=[13, 13, 13, 13])
                    if name == "rob":  # North adds 7 Bamboo to its pung: the player may rob the kong (HK-4.3)
                        h.update(phase="rob", offered="7s:3", last_discard={"seat": 2, "tile": h["discards"][2][-1]})
                        state["mine"]["legal"] = ["pass", "mahjong"]
                    page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
                      G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
                page.wait_for_timeout(250)  # the tick that follows a drawing (padForBar) has run
                tile = state["hand"]["offered"] or state["hand"]["last_discard"]["tile"]
                pictures = page.evaluate(OFFER, tile)
                seen = page.evaluate(SEEN)
                page.screenshot(path=str(ARTIFACTS / f"offer-{size[0]}x{size[1]}-{lang}-{name}.png"))
                shown = [p for p in pictures if p["where"] != "pond" and p["whole"] and not p["under"]
                         and p["size"][0] >= 28 and p["size"][1] >= 37]
                if not shown or seen["scrollY"] != 0 or seen["tilesOff"] or seen["buttonsOff"]:
                    wrong.append(f"{size} {lang} {name}: {pictures} " + str({k: seen[k] for k in ("scrollY", "tilesOff", "buttonsOff")}))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


def test_hk_4_2_a_small_phone_held_sideways_keeps_the_hand_on_one_row_at_its_turn(server: Server, browser: Any) -> None:
    """HK-4.2: on a small touch phone held sideways (568×320, 640×360, 667×375, 740×360), English and French, at the
    player's turn (fourteen tiles, the one drawn apart), the hand's tray holds the whole hand on one row, every tile on
    the screen, under nothing and at least 32 × 40 px (the tray at most a fifth of the screen's height), the table above
    it. At 568×320 the fourteen tiles took two rows, and the tray covered the table to the opposite seat: the others'
    discards and the last one could not be seen while choosing a discard."""
    errors: list[str] = []
    wrong: list[str] = []
    rows = r"""() => { const tiles = Array.from(document.querySelectorAll('#hand button.t')).map((b) => b.getBoundingClientRect());
      return { rows: new Set(tiles.map((r) => Math.round(r.top))).size, tray: document.querySelector('#hand').getBoundingClientRect().height }; }"""
    page = phone_page(browser, server, errors, "en", (568, 320))
    for size in ((568, 320), (640, 360), (667, 375), (740, 360)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            state = crowded(False)
            page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
              G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
            page.wait_for_timeout(250)  # the tick that follows a drawing (padForBar) has run
            seen, hand = page.evaluate(SEEN), page.evaluate(rows)
            page.screenshot(path=str(ARTIFACTS / f"turn-row-{size[0]}x{size[1]}-{lang}.png"))
            if (hand["rows"] != 1 or hand["tray"] > size[1] / 5 + 1 or seen["tiles"] != 14 or seen["tilesOff"]
                    or not all(w >= 32 and h >= 40 for w, h in seen["tileSizes"]) or seen["buttonsOff"] or seen["promptOff"]):
                wrong.append(f"{size} {lang}: {hand} " + str({k: seen[k] for k in ("tilesOff", "tileSizes", "buttonsOff", "promptOff")}))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


SEAT_PARTS = r"""() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight, bad = [];
  const name = (el) => `${el.closest('.seat') ? 'seat' + el.closest('.seat').dataset.seat : ''} ${el.tagName}.${el.className} "${(el.dataset.tile || el.textContent || '').trim().slice(0, 24)}"`;
  const parts = [];
  for (const seat of document.querySelectorAll('#board .seat')) {
    for (const el of seat.querySelectorAll('.who > *, .tiles.small:not(.pond) > img.tile, .tiles.small:not(.pond) > .tiny, .meld, .meld img.tile, .pond img.tile, .pond button')) parts.push(el);
  }
  for (const el of parts) {
    const r0 = el.getBoundingClientRect();
    if (r0.width === 0 || r0.height === 0) { bad.push(`${name(el)}: not shown`); continue; }
    window.scrollTo(0, Math.max(0, window.scrollY + r0.top - 70));
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5) { bad.push(`${name(el)}: off the screen ${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.right)},${Math.round(r.bottom)}`); continue; }
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') bad.push(`${name(el)}: text cut (${el.scrollWidth} > ${el.clientWidth})`);
    const seat = el.closest('.seat').getBoundingClientRect();
    if (r.left < seat.left - 0.5 || r.right > seat.right + 0.5 || r.top < seat.top - 0.5 || r.bottom > seat.bottom + 0.5) bad.push(`${name(el)}: outside its seat`);
    const inset = el.tagName === "IMG" ? 2 : el.tagName === "BUTTON" ? 5 : 1.5;
    const pts = [[r.left + inset, r.top + inset], [r.right - inset, r.top + inset], [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset]];
    const under = pts.filter(([x, y]) => { const at = document.elementFromPoint(x, y); return !at || !el.contains(at); });
    if (under.length) bad.push(`${name(el)}: under ${under.map(([x, y]) => { const at = document.elementFromPoint(x, y); return at ? at.tagName + '.' + at.className + (at.closest('.seat') ? '@seat' + at.closest('.seat').dataset.seat : '') : '-'; }).join(', ')}`);
  }
  window.scrollTo(0, 0);
  return bad;
}"""
"""Each part of every seat (its wind, name, badges and total, each meld and tile, each pond's discards and count),
scrolled to near the top of the screen: the parts that are not shown, lie off the screen or outside their seat, have
their words cut, or lie (even in part) under something else (another seat, the hand's tray, another tile); the
concealed stack, the backs of a seat's tiles fanned on purpose, counts as one part."""


def test_hk_4_1_a_small_phone_held_sideways_shows_every_seat_whole(server: Server, browser: Any) -> None:
    """HK-4.1: at 568×320 (a small touch phone held sideways), English and French, early in a hand and late in a crowded
    one, at a turn and at a claim, every seat's wind, name, badges, total, melds, bonus tiles, concealed stack and
    newest discards can be scrolled into view whole, inside its seat and under nothing; the hand and the buttons show
    without scrolling. The seats on the left and the right were cut in two narrow columns: "Chen-the-strong" read
    "Chen-t…" (and "Bot 4 (gr…" at a real table), a pond showed one or two discards after its count ("+18"), and the
    bonus tiles lay over each other."""
    errors: list[str] = []
    wrong: list[str] = []
    page = phone_page(browser, server, errors, "en", (568, 320))
    for lang in ("en", "fr"):
        lobby_in(page, lang)
        for name in ("early", "turn", "claim"):
            state = crowded(name == "claim")
            h = state["hand"]
            if name == "early":
                h.update(discards=[d[:2] + [d[-1]] for d in h["discards"]], melds=[[], [], [], []], bonus=[[], [], [], []],
                         concealed_counts=[14, 13, 13, 13])
            page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
              G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
            page.wait_for_timeout(250)  # the tick that follows a drawing (padForBar) has run
            seen = page.evaluate(SEEN)
            bad = page.evaluate(SEAT_PARTS)
            shown = [len(p["shown"]) for p in seen["ponds"] if p["seat"] in (1, 3) and p["count"]]  # a pond cut short
            page.screenshot(path=str(ARTIFACTS / f"seats-568x320-{lang}-{name}.png"))
            if bad or seen["tilesOff"] or seen["buttonsOff"] or seen["promptOff"] or min(shown, default=5) < 5:
                wrong.append(f"{lang} {name}: {bad[:8]} ponds {shown} " + str({k: seen[k] for k in ("tilesOff", "buttonsOff", "promptOff")}))
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


NAMES_CUT = r"""() => [...document.querySelectorAll('#board .seat .who b')].filter((b) => {
  const r = b.getBoundingClientRect(), seat = b.closest('.seat').getBoundingClientRect();
  return b.scrollWidth > b.clientWidth + 1 || r.right > seat.right + 0.5 || r.left < seat.left - 0.5;
}).map((b) => b.textContent)"""
"""The players' names at the table that are cut (their words wider than their box) or stick out of their seat."""


def test_every_players_name_shows_whole_on_a_phone_and_a_desktop(server: Server, browser: Any) -> None:
    """At 390×844 in French the table read "Robot 2 (glou…" and "Robot 3 (glouto…": a bot's name was cut at the edge of
    its box, so a player could not tell one bot from another, and a person's longer name ("Chen-the-strong") the same.
    Every name now shows whole, on a second line if it must, on phones upright and sideways and at desktop sizes,
    in English and French, early in a hand and late in a crowded one."""
    errors: list[str] = []
    wrong: list[str] = []
    page = phone_page(browser, server, errors, "en", (390, 844))
    for size in ((390, 844), (360, 640), (375, 667), (568, 320), (667, 375), (740, 360), (1024, 768)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            for name in ("early", "crowded"):
                state = crowded(True)
                for p in state["players"][1:3]:
                    p["name"] = ""  # "Bot 2 (greedy)", "Robot 3 (glouton)"
                if name == "early":
                    h = state["hand"]
                    h.update(discards=[d[:2] + [d[-1]] for d in h["discards"]], melds=[[], [], [], []], bonus=[[], [], [], []],
                             concealed_counts=[13, 13, 13, 13])
                state["players"][3]["name"] = "Chen-the-strong"
                state["players"][3]["bot"] = None
                page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log;
                  G.deadline = performance.now() + 20000; G.total = 30; render(); window.scrollTo(0, 0); }""", [state, LOG])
                page.wait_for_timeout(100)
                cut = page.evaluate(NAMES_CUT)
                if cut:
                    page.screenshot(path=str(ARTIFACTS / f"names-cut-{size[0]}x{size[1]}-{lang}-{name}.png"))
                    wrong.append(f"{size} {lang} {name}: {cut}")
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


BESIDE = r"""() => {
  const box = document.querySelector('#reveal'), card = box.querySelector('#scoring'), next = box.querySelector('#next');
  const cs = getComputedStyle(card), c = card.getBoundingClientRect();
  const left = c.left + parseFloat(cs.paddingLeft), right = c.right - parseFloat(cs.paddingRight);
  const r = next.getBoundingClientRect(), beside = [];
  for (const y of [r.top + 2, (r.top + r.bottom) / 2, r.bottom - 2]) for (let x = left + 1; x < right; x += 8) {
    const at = document.elementFromPoint(x, y);
    if (!at || !next.contains(at)) beside.push(`${Math.round(x)},${Math.round(y)}: ${at ? at.tagName + ' ' + (at.textContent || '').trim().slice(0, 20) : '-'}`);
  }
  /* below it, past its white ring (8 px), to the screen's foot: the card's own white, or the overlay */
  for (let y = r.bottom + 9; y < Math.min(c.bottom, window.innerHeight); y += 3) for (let x = left + 1; x < right; x += 8) {
    const at = document.elementFromPoint(x, y);
    if (at && at !== card && at !== box && !next.contains(at)) beside.push(`${Math.round(x)},${Math.round(y)} below: ${at.tagName} ${(at.textContent || '').trim().slice(0, 20)}`);
  }
  return { beside: beside.slice(0, 4), on: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
    height: Math.round(r.height), text: next.innerText.trim(), clipped: next.scrollWidth > next.clientWidth };
}"""
"""At the end of a hand, the row of the dialog where "Next hand" stays (sticky): the points across the card's width, at
the button's top, middle and foot and below it to the screen's foot, where something else shows (the result scrolled under it), whether the button lies
wholly on the screen, its height and words, and whether they are cut."""


def test_hk_7_on_a_small_phone_the_end_of_a_hand_shows_nothing_beside_next_hand(server: Server, browser: Any) -> None:
    """HK-7: on a small touch phone, upright (360×640, 375×667) and sideways (568×320, 640×360), English and French, the
    end of a crowded hand (every hand, the fan, the payments: longer than the screen) keeps *Next hand* at the foot of
    the screen, wholly on it, at least 40 px tall, its words whole, while the result is scrolled under it: as wide as the
    result, nothing of the result shows beside it. The button stood at the left of that row, and the lines scrolled
    under it showed on its right and were cut at its edge (*Sud · Bob*, a payment's reason, a player's tiles), and in a
    strip under it, above the screen's foot. At the end
    of the match *Review this match* and *New table*, scrolled to, lie wholly on the screen, apart, at least 40 px tall."""
    errors: list[str] = []
    wrong: list[str] = []
    page = phone_page(browser, server, errors, "en", (360, 640))
    state = crowded(False)
    state["hand"].update(phase="over", last_discard=None)
    state["mine"].update(legal=[], ready=False, drawn=None, can_declare=False)
    win = {"type": "win", "seat": 0, "win": "discard", "from": 1, "tile": "2z", "fan": 3, "base": 8, "limit": None,
           "items": [{"name": "Dragon pung", "fan": 1}, {"name": "Seat wind pung", "fan": 1}, {"name": "Prevailing wind pung", "fan": 1}],
           "payments": [32, -16, -8, -8]}
    state["reveal"] = {"end": [win], "concealed": [state["mine"]["concealed"]] * 4, "payments": [32, -16, -8, -8],
                       "salt": "00", "commitment": "ab" * 32, "wall": []}
    over = copy.deepcopy(state)
    over.update(status="over", match={"over": True, "ranking": [1, 3, 2, 4]})
    for size in ((360, 640), (375, 667), (568, 320), (640, 360)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            page.evaluate("(st) => { G.state = st; G.log = []; G.open = []; G.deadline = 0; render(); }", state)
            page.wait_for_timeout(100)
            high = page.evaluate("document.querySelector('#reveal').scrollHeight - document.querySelector('#reveal').clientHeight")
            for i, at in enumerate((0, high // 3, 2 * high // 3)):
                page.evaluate("(y) => { document.querySelector('#reveal').scrollTop = y; }", at)
                seen = page.evaluate(BESIDE)
                page.screenshot(path=str(ARTIFACTS / f"next-hand-{size[0]}x{size[1]}-{lang}-{i}.png"))
                if seen["beside"] or not seen["on"] or seen["height"] < 40 or seen["clipped"]:
                    wrong.append(f"{size} {lang} scrolled {at}: {seen}")
            page.evaluate("""(st) => { G.token = 'tok'; G.slot = 0; G.tid = 'crowded'; G.state = st; render();
              const r = document.querySelector('#reveal'); r.scrollTop = r.scrollHeight; }""", over)
            ends = page.evaluate("""() => ['#review', '#scoring a.button[href="/"]'].map((s) => {
              const el = document.querySelector(s), r = el.getBoundingClientRect();
              return [r.left, r.top, r.right, r.bottom, el.scrollWidth > el.clientWidth]; })""")
            page.screenshot(path=str(ARTIFACTS / f"review-offer-{size[0]}x{size[1]}-{lang}.png"))
            (a, b) = ends
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            if not apart or any(e[4] or e[0] < 0 or e[1] < 0 or e[2] > size[0] or e[3] > size[1] or e[3] - e[1] < 40 for e in ends):
                wrong.append(f"{size} {lang} review offer: {ends}")
            page.evaluate("() => { G.token = null; G.slot = null; }")
    assert not wrong, "\n".join(wrong)
    assert not errors, errors


def test_on_a_small_phone_the_header_names_the_table_and_hand_whole(server: Server, browser: Any) -> None:
    """On a small touch phone, upright (360×640, 375×667) and sideways (568×320, 640×360), English and French, the
    header names the table (its id, eight letters as the server makes them), the hand and, at the end of the match,
    that it is over, whole (no word cut, nothing out of its box), the header no taller while the hand is played (48 px)
    and the page no wider than the screen, the hand's number never a line's first word. Upright, the line was cut to its first letters (*Kq…* in French at 360 px),
    and at 568×320 *Partie terminée* was cut."""
    errors: list[str] = []
    wrong: list[str] = []
    title = r"""() => { const el = document.querySelector('#title'), range = document.createRange(); range.selectNodeContents(el);
      const box = el.getBoundingClientRect(), words = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      return { text: el.textContent, clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight
        || words.some((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5),
        header: Math.round(document.querySelector('header').getBoundingClientRect().height),
        scrollW: document.documentElement.scrollWidth, vw: document.documentElement.clientWidth }; }"""
    page = phone_page(browser, server, errors, "en", (360, 640))
    playing = crowded(False)
    playing["table"] = "Kq3-x9Zt"
    over = copy.deepcopy(playing)
    over["hand"].update(phase="over", last_discard=None)
    over["mine"].update(legal=[], drawn=None, can_declare=False)
    over.update(status="over", match={"over": True, "ranking": [1, 3, 2, 4]})
    over["reveal"] = {"end": [], "concealed": [over["mine"]["concealed"]] * 4, "payments": [0, 0, 0, 0],
                      "salt": "00", "commitment": "ab" * 32, "wall": []}
    for size in ((360, 640), (375, 667), (568, 320), (640, 360)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for lang in ("en", "fr"):
            lobby_in(page, lang)
            for name, state in (("playing", playing), ("over", over)):
                page.evaluate("""([st, log]) => { G.state = st; G.open = []; G.log = log; G.deadline = 0; render(); }""", [state, LOG])
                seen = page.evaluate(title)
                page.screenshot(path=str(ARTIFACTS / f"title-{size[0]}x{size[1]}-{lang}-{name}.png"))
                words = {"en": ("Hand", "Match over"), "fr": ("Donne", "Partie terminée")}[lang]
                text = f"Kq3-x9Zt · {words[0]}\u00a07" + (f" · {words[1]}" if name == "over" else "")  # "Donne" never over "7"
                if (seen["text"] != text or seen["clipped"] or seen["scrollW"] > seen["vw"]
                        or seen["header"] > (48 if name == "playing" else 56)):
                    wrong.append(f"{size} {lang} {name}: {seen}")
    assert not wrong, "\n".join(wrong)
    assert not errors, errors
