"""The browser as the victim (docs/server.md, "Threat model"): what a page elsewhere, or text
injected into ours, could do with a player's browser. Chromium (Playwright) where the browser's
own enforcement is what is tested; a real server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import http.client
import http.server
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, run_apart

from .test_review_browser import _click_review, played_to_the_end

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)


async def pong(server: Server) -> bool:
    """A client of the visitor's address opens a websocket and gets its pong."""
    async with server.client() as c:
        await c.send(type="ping", id="here")
        return (await c.wait(lambda m: m["type"] == "pong"))["id"] == "here"


def watch_policy(page: Any, violations: list[str]) -> None:
    """Record every Content-Security-Policy violation Chromium reports on ``page``."""
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) => console.error("
        "'Content Security Policy: ' + e.violatedDirective + ' ' + e.blockedURI))"
    )


def reported(page: Any, violations: list[str], *directives: str, timeout: float = 10.0) -> bool:
    """Whether a violation of one of ``directives`` is reported within ``timeout`` seconds: the
    browser reports it after the fact (an image is blocked when it loads), and Playwright hands
    the console message over while the test waits, maybe after the next call on a loaded machine."""
    deadline = time.monotonic() + timeout
    while not any(d in v for v in violations for d in directives):
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)
    return True


def test_no_inline_style_anywhere_but_the_self_contained_review(server: Server, browser: Any) -> None:
    """Every response allowed inline style (``style-src 'unsafe-inline'``), although only the
    game review has any: text injected into a page could have added a ``<style>`` whose
    attribute selectors test the review form's hidden seat token letter by letter. The policy
    is now ``style-src 'self'``; the review, one page with its style and tiles inline, has a
    policy of its own that allows no script and fetches nothing. Chromium applies both without a
    violation: the lobby, the help, a watched table and the review keep their look."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, claim_window=0.01)

    token = played_to_the_end(server, tid, "Ann", 5)
    violations: list[str] = []
    context = browser.new_context()
    page = context.new_page()
    watch_policy(page, violations)
    for path, ready in (("/", "form"), ("/help", "h1"), (f"/t/{tid}?watch=1", "#scoring")):
        response = page.goto(server.base + path)
        assert response is not None
        policy = response.headers["content-security-policy"]
        assert "style-src 'self';" in policy and "unsafe-inline" not in policy, (path, policy)
        page.wait_for_selector(ready, timeout=15000)
        # the stylesheet applies (the header is a flex row in style.css)
        assert page.eval_on_selector("header", "e => getComputedStyle(e).display") == "flex", path
    # an injected <style> no longer applies
    page.evaluate("document.head.insertAdjacentHTML('beforeend', '<style>header{display:none}</style>')")
    assert page.eval_on_selector("header", "e => getComputedStyle(e).display") == "flex"
    assert reported(page, violations, "style-src"), violations
    violations.clear()
    errors: list[str] = []
    review = _click_review(browser, server, tid, token, "en", errors)
    watch_policy(review, violations)
    review.reload()  # a POST answer: the browser posts the form again, with the same token
    review.wait_for_selector("h1")
    assert review.inner_text("h1") == "Review of player 1 (Ann)"
    assert review.eval_on_selector("main", "e => getComputedStyle(e).maxWidth") == "1000px"  # its inline style applies
    # no script runs in the review, whatever its text holds
    review.evaluate("document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=\"document.title=1\">')")
    assert reported(review, violations, "script-src", "img-src"), violations
    assert review.title() != "1"  # looked at once the image was refused: its handler would have run by then
    assert errors == []


def test_a_page_elsewhere_cannot_seat_its_visitors_at_a_table_by_a_join_link(server: Server, browser: Any) -> None:
    """The table page read ``?sit=N`` as "join seat N at once, under the name saved in this
    browser": a page elsewhere sending its visitors to ``/t/<id>?sit=1`` (a link, a redirect)
    seated each of them at the attacker's table, taking one of their address's seats and showing
    the attacker the name they play under, without a click. A join link now shows the join
    panel with that seat's button focused: the visitor sits only by pressing it."""
    tid = server.create(slots=[None, None, "greedy", "greedy"])
    link = f"{server.base}/t/{tid}?sit=1"
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.evaluate("localStorage.setItem('hkmj.name', 'Visitor')")  # a player of this server
    page.route(
        "http://elsewhere.example/**",
        lambda route: route.fulfill(content_type="text/html", body=f"<script>location.href = {link!r};</script>"),
    )
    page.goto("http://elsewhere.example/")
    page.wait_for_url(link)
    page.wait_for_selector('button.sit[data-slot="1"]', timeout=15000)
    assert page.evaluate("document.activeElement.dataset.slot") == "1"
    slots = server.get(f"/api/tables/{tid}")["table"]["slots"]
    assert not slots[1]["joined"] and slots[1]["name"] != "Visitor", slots[1]
    page.click('button.sit[data-slot="1"]')  # the visitor's own choice
    deadline = time.monotonic() + 15
    while not server.get(f"/api/tables/{tid}")["table"]["slots"][1]["joined"]:
        assert time.monotonic() < deadline
        page.wait_for_timeout(50)
    assert server.get(f"/api/tables/{tid}")["table"]["slots"][1]["name"] == "Visitor"
    assert not errors, errors


@contextlib.contextmanager
def elsewhere_serving(body: str) -> Iterator[str]:
    """A web server of another site on this machine (``localhost``, another port) whose every page
    is ``body``: its address."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    try:
        yield f"http://localhost:{site.server_address[1]}/"
    finally:
        site.shutdown()
        site.server_close()


def test_a_page_elsewhere_cannot_spend_its_visitors_lookups(server: Server, browser: Any) -> None:
    """Every lookup of a past or unknown table counts against the address's ``--replay-rate``
    (20 a minute): a page elsewhere holding twenty images that point at ``/api/tables/<id>`` spent
    the budget of each visitor's address, who then could not watch, reopen or review any past
    table for a minute. A lookup a browser sends for a page of another site (``Sec-Fetch-Site``
    ``cross-site`` or ``same-site``), other than by following a link, is now refused ``403
    forbidden_origin`` before it counts; a form posted from elsewhere to the review too, while a
    link followed from elsewhere is served."""
    images = "".join(f'<img src="{server.base}/api/tables/gone{i}" alt="">' for i in range(25))
    page = browser.new_page()
    done: list[str] = []  # the browser keeps the answers from the page (ORB) once they came
    page.on("requestfinished", lambda r: done.append(r.url) if "/api/tables/" in r.url else None)
    page.on("requestfailed", lambda r: done.append(r.url) if "/api/tables/" in r.url else None)
    # another site on this machine (the browser keeps a public page from loopback addresses)
    with elsewhere_serving(images) as elsewhere:
        page.goto(elsewhere, wait_until="load")
    deadline = time.monotonic() + 15
    while len(done) < 25:  # each image asked for and answered
        assert time.monotonic() < deadline, done
        page.wait_for_timeout(50)
    with pytest.raises(urllib.error.HTTPError) as e:  # the visitor's own lookup is still answered
        server.get("/api/tables/gone")
    assert e.value.code == 404  # before: 429, the budget spent by the page elsewhere
    image = urllib.request.Request(f"{server.base}/api/tables/gone", headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"})
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(image, timeout=10)
    assert e.value.code == 403 and json.loads(e.value.read())["error"] == "forbidden_origin"
    headers = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", "Accept": "text/html"}
    form = urllib.request.Request(f"{server.base}/t/gone/review", data=b"token=x&lang=fr", headers=headers, method="POST")
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(form, timeout=10)
    assert e.value.code == 403 and json.loads(e.value.read())["error"] == "forbidden_origin"
    link = urllib.request.Request(f"{server.base}/api/tables/gone/log", headers=headers)  # a link followed from elsewhere
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(link, timeout=10)
    assert e.value.code == 404


def test_a_page_elsewhere_cannot_spend_its_visitors_request_budget(server: Server) -> None:
    """``--http-rate`` counts every request and websocket handshake of an address (50 a second,
    bursts of 200): a page of another site making its visitors' browsers load images from this
    server, or open websockets to it, a few hundred a second kept each visitor's address over
    it, so the visitor's own page, and the websocket of a game, were refused 429 for as long as
    the page stayed open. Such requests, with the headers the browser sends for them (an image:
    ``Sec-Fetch-Site: cross-site``; a websocket: the other site's ``Origin``), are now refused
    ``403`` before they count. (Chromium itself loaded about 55 images a second on this machine,
    so the requests are sent here as it sends them, faster.)"""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    image = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
    socket_elsewhere = {"Origin": "http://localhost:1", "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    statuses: dict[int, int] = {}
    for i in range(200):
        conn.request("GET", f"/tiles/5m.svg?n={i}", headers=image)
        answer = conn.getresponse()
        answer.read()
        statuses[answer.status] = statuses.get(answer.status, 0) + 1
    for _ in range(150):
        ws = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        ws.request("GET", "/ws", headers=socket_elsewhere)
        answer = ws.getresponse()
        answer.read()
        statuses[answer.status] = statuses.get(answer.status, 0) + 1
        ws.close()
    conn.close()
    assert statuses == {403: 350}, statuses  # before: 429 past the burst
    assert server.get("/api/info")["v"] == 1  # the visitor's own requests: before, 429
    assert run_apart(pong(server))  # and a game's websocket
