"""A slow network in Debian's Chromium (Playwright) against a real ``hkmj serve`` on 127.0.0.1: the lobby's requests
held back with ``page.route``, the table's websocket frames with ``page.route_web_socket``, as a phone's connection
in a train delays them; what a player who presses a button again meanwhile gets."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, lobby_page

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)


def _wait(page: Any, seconds: float) -> None:
    """Let ``seconds`` pass with the page's events (and the routes' handlers) running."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        page.wait_for_timeout(50)


def test_create_pressed_again_on_a_slow_network_makes_one_table(server: Server, browser: Any) -> None:
    """The lobby's "Create table" showed nothing while the server's answer was on its way (3 s on a slow network):
    a player who pressed it again, and again, made a table each time (three listed tables, the player seated at
    each, three of the address's ten creations a minute spent). The button is now disabled from the first press
    until the answer comes (and pressed again only after a refusal), so three presses make one table."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 390, 844)
    held: list[Any] = []
    page.route("**/api/tables", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    before = server.get("/api/tables")["total"]
    page.check("input[name=listed]")
    page.click("#create")
    _wait(page, 0.3)
    page.locator("#create").click(force=True)  # a second and third press, as an impatient thumb does
    page.locator("input[name=name]").press("Enter")
    _wait(page, 0.5)
    assert len(held) == 1, f"{len(held)} tables asked for"
    assert page.locator("#create").is_disabled(), "Create table stayed pressable while the table was being made"
    held.pop().continue_()
    page.wait_for_selector("ul.seats, #board")
    _wait(page, 1)
    assert server.get("/api/tables")["total"] == before + 1
    assert not errors, errors


def test_sit_pressed_again_on_a_slow_network_keeps_the_seat(server: Server, browser: Any) -> None:
    """A join link's "Sit at seat 2" showed nothing while the connection's answer was on its way: a newcomer who
    pressed it again closed the connection the server had just seated them on and asked again on a new one. The
    seat was theirs, held under their name with nobody holding its token, and the page said "Error: That seat is
    taken." over "This table is full: you can watch it": locked out of their own seat, the table played it for them.
    The seat buttons are now disabled once one is pressed, so the second press does nothing and the newcomer sits."""
    tid = server.create(slots=[None, None, "greedy", "greedy"], names=["", "", "", ""], hands=1, timer=None)
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 390, 844)
    held: list[tuple[float, str | bytes, Any]] = []

    def slow(ws: Any) -> None:  # every frame from the server 2 s late, to the page's socket it was meant for
        upstream = ws.connect_to_server()
        upstream.on_message(lambda m: held.append((time.monotonic() + 2, m, ws)))
        ws.on_message(upstream.send)

    page.route_web_socket("**/ws", slow)
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("button.sit")
    page.fill("#name", "Bob")
    page.locator("button.sit").first.click()
    _wait(page, 0.3)
    page.locator("button.sit").first.click(force=True)
    end = time.monotonic() + 8
    while time.monotonic() < end and not page.evaluate("!!G.state"):
        _wait(page, 0.05)
        while held and held[0][0] <= time.monotonic():
            _, frame, ws = held.pop(0)
            with contextlib.suppress(Exception):  # the page closed that socket: its frames go nowhere
                ws.send(frame)
    _wait(page, 0.5)
    assert page.evaluate("G.slot") == 0 and page.evaluate("G.token"), "the page holds no seat"
    assert "taken" not in page.inner_text("#toast")
    assert not errors, errors


class SlowNetwork:
    """A websocket route for a page: what the page sends is noted in :attr:`sent`; while :attr:`on`, every frame
    from the server is held 2 s (released by :meth:`release`)."""

    def __init__(self, page: Any) -> None:
        self.page, self.on = page, False
        self.sent: list[str] = []
        self.held: list[tuple[float, str | bytes, Any]] = []
        page.route_web_socket("**/ws", self._route)

    def _route(self, ws: Any) -> None:
        upstream = ws.connect_to_server()
        # fast again, a frame still waits behind those held: the page gets them in the server's order
        upstream.on_message(lambda m: self.held.append((time.monotonic() + (2 if self.on else 0), m, ws)) if self.on or self.held else ws.send(m))

        def up(m: str | bytes) -> None:
            self.sent.append(str(m))
            upstream.send(m)
        ws.on_message(up)

    def release(self, until: str) -> None:
        """Give the page the held frames as they fall due until ``until`` (a selector) shows; then, the network fast
        again, the rest of them as they fall due (the answer to a second press among them)."""
        page = self.page
        end = time.monotonic() + 15
        while time.monotonic() < end and (self.held or not page.locator(until).count()):
            if page.locator(until).count():
                self.on = False
            _wait(page, 0.05)
            while self.held and self.held[0][0] <= time.monotonic():
                _, frame, ws = self.held.pop(0)
                with contextlib.suppress(Exception):
                    ws.send(frame)
        self.on = False
        assert page.locator(until).count(), until
        _wait(page, 0.3)

    def press_twice_sent_once(self, button: str, until: str, kind: str) -> None:
        """``button`` pressed, then again before the server's answer came (nothing changed on the screen): one
        message of type ``kind`` sent, and no error said to the player."""
        page = self.page
        self.on = True
        page.click(button)
        _wait(page, 0.3)
        page.locator(button).click(force=True)  # again, nothing having changed on the screen
        self.release(until)
        assert sum(f'"type":"{kind}"' in m for m in self.sent) == 1, [m for m in self.sent if kind in m]
        assert not page.locator("#toast.on").count(), page.inner_text("#toast")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_start_now_pressed_again_on_a_slow_network_starts_the_match_once_without_an_error(server: Server, lang: str, browser: Any) -> None:
    """A waiting table's "Start now (bots fill the open seats)" showed nothing until the server's first deal arrived
    (2 s on a slow network): a host who pressed it again sent a second start, and was told "Error: Nothing to do: that
    is done already." over the first hand. The button is now disabled once pressed (pressable again if the start is
    refused), so the second press sends nothing and nothing is said against the player."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 390, 844)
    page.select_option("#lang", lang)
    page.wait_for_selector(f"html[lang={lang}] #app:not([aria-busy]) #create-form")
    net = SlowNetwork(page)
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=slot1]", "open")
    page.click("#create")
    page.wait_for_selector("#start")
    net.press_twice_sent_once("#start", "#board", "start")
    assert not errors, errors


def test_next_hand_and_im_back_pressed_again_on_a_slow_network_are_sent_once(make_server: Any, browser: Any) -> None:
    """HK-7 (the next hand), docs/protocol.md (`back`): "Next hand" and "I'm back" changed nothing on the screen until
    the server's answer came (2 s on a slow network): a second press sent them again, and the player was told "Error:
    Nothing to do: that is done already." (back) or "Error: You have no decision to make now." over the hand just
    dealt (next).
    Each is now sent once and its button disabled until the answer."""
    server = make_server(None, "--absent-after", "1")
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    net = SlowNetwork(page)
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=length]", "4")
    page.fill("input[name=timer]", "1")  # Ann plays nothing: her turns time out and a bot takes her seat
    page.fill("input[name=botdelay]", "0")
    page.fill("input[name=claim]", "0.2")
    page.click("#create")
    page.wait_for_selector("#back", timeout=90000)
    net.press_twice_sent_once("#back", "#board:not(:has(#back))", "back")
    deadline = time.monotonic() + 120  # the hand played to its end (the timer plays Ann's turns now and then)
    while not page.locator("#next").count():
        assert time.monotonic() < deadline, "the hand never ended"
        legal: list[str] = page.evaluate("(G.state && G.state.mine && G.state.mine.legal) || []")
        if "pass" in legal and page.locator('[data-action="pass"]').count():
            with contextlib.suppress(Exception):
                page.locator('[data-action="pass"]').click(timeout=300)
        elif legal and page.locator("#hand button.t:not([disabled])").count():
            with contextlib.suppress(Exception):
                page.locator("#hand button.t:not([disabled])").last.click(timeout=300)
        _wait(page, 0.05)
    net.press_twice_sent_once("#next", "#app:not(:has(#next))", "next")
    assert not errors, errors


def test_hk_3_a_tile_clicked_again_on_a_slow_network_is_one_discard_without_an_error(server: Server, browser: Any) -> None:
    """HK-3 (a turn ends with one discard): the hand showed nothing new until the server's answer to a discard came
    (2 s on a slow network); a player who clicked a tile again, or another one, sent a second discard, refused with
    "Error: You have no decision to make now." (a second Pass at a claim: "The table moved on before your move
    arrived; look again."). One move is now sent a decision; the next once the player's choices change, or the move
    is refused."""
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1280, 800)
    net = SlowNetwork(page)
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=length]", "1")
    page.fill("input[name=botdelay]", "0")
    page.fill("input[name=claim]", "0.2")
    page.click("#create")
    page.wait_for_selector("#board")
    deadline = time.monotonic() + 60
    while not page.evaluate("((G.state && G.state.mine && G.state.mine.legal) || []).some((a) => a.startsWith('discard '))"):
        assert time.monotonic() < deadline, "no turn of Ann's"
        if page.locator('[data-action="pass"]').count():
            with contextlib.suppress(Exception):
                page.locator('[data-action="pass"]').click(timeout=300)
        _wait(page, 0.05)
    net.on = True
    before = len(net.sent)
    page.locator("#hand button.t:not([disabled])").first.click()
    _wait(page, 0.3)
    page.locator("#hand button.t:not([disabled])").nth(1).click(force=True)  # again, the tile still in the hand
    page.keyboard.press("d")  # and the key that discards the tile drawn
    net.release("#hand button.t:not(.never)")
    end = time.monotonic() + 5
    while time.monotonic() < end and page.evaluate("((G.state && G.state.mine && G.state.mine.legal) || []).some((a) => a.startsWith('discard '))"):
        _wait(page, 0.05)  # the first discard's frame shown: Ann's turn is over
    actions = [m for m in net.sent[before:] if '"type":"action"' in m]
    assert len(actions) == 1, actions
    assert not page.locator("#toast.on").count(), page.inner_text("#toast")
    assert not errors, errors
