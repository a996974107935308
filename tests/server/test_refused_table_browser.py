"""A table page whose ``resume`` or ``watch`` is refused before any state (issue 9), in Debian's
Chromium (Playwright) against a real server: the refusal is said in place of the table, in the
page's language, and a refusal that will not change (``no_table``) is not asked again; one that
passes (``rate_limited``, the ``lookups`` limit) is asked again after a delay the page names.
The page's clock is Playwright's (``page.clock``): the retry is checked without waiting for it."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import Server

CHROMIUM = os.environ.get("HKMJ_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)

SAID = {
    "en": {
        "no_table": "There is no such table.",
        "lookups": "At most 1 past or unknown table a minute may be looked up from your address: wait a minute, then try again.",
        "retry": "Trying again in 60 seconds.",
        "lobby": "Back to the lobby",
        "bad_token": "Your seat could not be resumed; please sit again.",
        "sit": "Sit",
    },
    "fr": {
        "no_table": "Cette table n'existe pas.",
        "lookups": "Au plus 1 table passée ou inconnue par minute peut être consultée depuis votre adresse\u00a0: attendez une minute, puis réessayez.",
        "retry": "Nouvel essai dans 60\u00a0secondes.",
        "lobby": "Retour au salon",
        "bad_token": "Votre place n'a pas pu être reprise\u00a0; asseyez-vous à nouveau.",
        "sit": "S'asseoir",
    },
}


def _table_page(browser: Any, server: Server, tid: str, lang: str, token: str | None, errors: list[str], asked: list[str]) -> Any:
    """The page of table ``tid`` in ``lang`` (with a seat token kept for it, else as a spectator),
    its clock Playwright's; each ``resume``/``watch`` it sends goes to ``asked``."""
    context = browser.new_context()
    kept = f"localStorage.setItem('hkmj.token.{tid}', {json.dumps(token)});" if token else ""
    context.add_init_script(f"{kept} localStorage.setItem('hkmj.lang', {json.dumps(lang)});")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))

    def frames(ws: Any) -> None:
        def sent(payload: Any) -> None:
            kind = json.loads(payload).get("type")
            if kind in ("resume", "watch"):
                asked.append(kind)

        ws.on("framesent", sent)

    page.on("websocket", frames)
    page.clock.install()
    page.goto(f"{server.base}/t/{tid}" + ("" if token else "?watch=1"))
    page.wait_for_selector("#refused-what", timeout=15000)
    return page


def _until(page: Any, check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "still not so"
        page.wait_for_timeout(50)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_resume_or_watch_is_said_in_place_and_asked_again_only_when_it_can_change(
    make_server: Callable[..., Server], lang: str
) -> None:
    from playwright.sync_api import sync_playwright

    server = make_server(None, "--replay-rate", "1")  # one lookup of an unknown table a minute
    said = SAID[lang]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        errors: list[str] = []
        # a seat token the live table does not know: said above the join panel, and not asked again
        live = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1)
        asked: list[str] = []
        page = _table_page(browser, server, live, lang, "not-a-token", errors, asked)
        assert page.inner_text("#refused-what") == said["bad_token"]
        assert page.locator("button.sit").count() == 1 and page.inner_text("button.sit").startswith(said["sit"])
        assert page.evaluate("localStorage.getItem('hkmj.token.' + G.tid)") is None and page.evaluate("G.want") is None
        page.clock.fast_forward(300_000)
        page.wait_for_timeout(300)
        assert asked == ["resume"]
        # a seat token kept for a table the server does not have: said, and not asked again
        asked = []
        page = _table_page(browser, server, "nosuch1", lang, "tok", errors, asked)
        assert page.inner_text("#refused-what") == said["no_table"]
        assert page.locator("#refused-retry").count() == 0
        assert page.inner_text("#refused a") == said["lobby"]
        assert page.evaluate("G.want") is None
        page.clock.fast_forward(300_000)  # five minutes: every reconnection timer would have fired
        page.wait_for_timeout(300)
        assert asked == ["resume"] and page.locator("#refused").count() == 1
        # past the lookups limit (a spectator's link): said, with when it is tried again, then tried again
        asked = []
        page = _table_page(browser, server, "nosuch2", lang, None, errors, asked)
        assert page.inner_text("#refused-what") == said["lookups"]
        assert page.inner_text("#refused-retry") == said["retry"]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"refused-watch-{lang}.png"))
        assert asked == ["watch"]
        page.clock.fast_forward(30_000)
        page.wait_for_timeout(300)
        assert asked == ["watch"]  # not before its time
        page.clock.fast_forward(31_000)
        _until(page, lambda: len(asked) == 2)
        assert asked == ["watch", "watch"]
        assert errors == []
        browser.close()
