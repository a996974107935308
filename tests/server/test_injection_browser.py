"""Names that are markup, shown by Debian's Chromium (Playwright) with the page's
Content-Security-Policy switched off (``bypass_csp``): the escaping alone must hold, the CSP is
a second wall. A stranger sits under ``<img src=x onerror=X=1>``, ``"><svg onload=X=2>``,
``<script>X=3</script>`` and ``'><b id=injected>B</b>`` (each within the 24 characters a name
keeps): the lobby, the table waiting for its players, a hand in play, a match's end and "Review this match"
show each as text, and no script of theirs runs (``window.X`` stays unset)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, choose, match_over, play, run_apart

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)

NAMES = ["<img src=x onerror=X=1>", '"><svg onload=X=2>', "<script>X=3</script>", "'><b id=injected>B</b>"]
INJECTED = "() => ({ x: window.X ?? null, nodes: document.querySelectorAll('#app img[src=\"x\"], #app svg[onload], #app script, #injected, main img[src=\"x\"], main svg[onload], main script').length })"
"""What a name that became markup would leave: the flag its script sets, the elements it made."""


def _clean(page: Any) -> None:
    assert page.evaluate(INJECTED) == {"x": None, "nodes": 0}


def test_names_that_are_markup_are_shown_as_text_everywhere_even_without_the_csp(server: Server, browser: Any) -> None:

    waiting = server.create(slots=[None, None, None, None], listed=True)
    finished = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, claim_window=0.01)
    playing = server.create(slots=["greedy"] * 4, names=NAMES, hands=1)  # bots under those names, in play

    async def go() -> str:
        for slot, name in enumerate(NAMES):
            async with server.client() as c:
                await c.join(waiting, slot, name)
        async with server.client() as me:
            token = await me.join(finished, 0, NAMES[0])
            rng = random.Random(3)
            await play([me], match_over, lambda i, legal: choose(legal, rng), 120)
            return token

    token = run_apart(go())
    context = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 900})
    context.add_init_script(f"localStorage.setItem('hkmj.token.{finished}', {json.dumps(token)});")
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")  # the lobby lists the waiting table with its four names
    page.wait_for_function(f"document.body.innerText.includes({json.dumps(NAMES[3])})", timeout=15000)
    text = page.inner_text("#app")
    assert all(n in text for n in NAMES), text
    _clean(page)
    page.goto(f"{server.base}/t/{waiting}?watch=1")  # the table waiting for its players
    page.wait_for_function(f"document.body.innerText.includes({json.dumps(NAMES[2])})", timeout=15000)
    text = page.inner_text("#app")
    assert all(n in text for n in NAMES), text
    _clean(page)
    page.goto(f"{server.base}/t/{playing}?watch=1")  # a hand in play, watched
    page.wait_for_selector("#board", timeout=15000)
    page.wait_for_function(f"document.body.innerText.includes({json.dumps(NAMES[1])})", timeout=15000)
    text = page.inner_text("#app")
    assert all(n in text for n in NAMES), text
    _clean(page)
    page.goto(f"{server.base}/t/{finished}")  # the match's end, as its player sees it
    page.wait_for_selector("#review", timeout=15000)
    assert NAMES[0] in page.inner_text("#app")
    _clean(page)
    with page.expect_popup() as popup:
        page.click("#review")
    review = popup.value
    review.wait_for_load_state()
    assert NAMES[0] in review.inner_text("h1")
    _clean(review)
    assert errors == []


def test_the_review_file_written_to_disk_runs_no_script_whatever_it_holds(tmp_path: Path, browser: Any) -> None:
    """``hkmj review --html`` writes a page a browser opens from disk, without the policy the
    server sends with the same page (``REVIEW_CSP``): it had none, so a script that reached it
    (a flaw in the escaping of a record's text, an edit of the file by whoever passed it on) ran
    with the file's origin. The page now carries its policy in a ``<meta>``: no script runs,
    nothing is fetched, and its tiles and style still draw."""
    from hkmj.cli import main

    record, out = tmp_path / "g.jsonl", tmp_path / "g.html"
    assert main(["simulate", "--hands", "1", "--seed", "11", "--record", str(record), "--quiet"]) == 0
    assert main(["review", str(record), "--seat", "1", "--html", str(out), "--quiet"]) == 0
    page_text = out.read_text(encoding="utf-8")
    evil = '<script>window.X = 1</script><img src="x" onerror="window.X = 2"><img src="https://example.invalid/x.png">'
    out.write_text(page_text.replace("<main>", "<main>" + evil, 1), encoding="utf-8")
    page = browser.new_page()
    page.add_init_script("window.blocked = []; document.addEventListener('securitypolicyviolation', (e) => window.blocked.push(e.blockedURI));")
    page.goto(out.as_uri())
    page.wait_for_selector("h1")
    page.wait_for_timeout(300)
    assert page.evaluate("window.X ?? null") is None
    blocked = page.evaluate("window.blocked")
    assert "inline" in blocked and "https://example.invalid/x.png" in blocked, blocked  # the script, the fetch
    drawn = page.evaluate("Array.from(document.querySelectorAll('main svg.t use')).map((u) => u.getBBox().width > 0)")
    assert drawn and all(drawn)
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(244, 241, 232)"  # the inline style applies
