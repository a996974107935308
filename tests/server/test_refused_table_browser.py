"""A table page whose ``resume`` or ``watch`` is refused before any state (issue 9), in Debian's
Chromium (Playwright) against a real server: the refusal is said in place of the table, in the
page's language, and a refusal that will not change (``no_table``) is not asked again; one that
passes (``rate_limited``, the ``lookups`` limit) is asked again after a delay the page names: the
error's ``retry_after`` when the server sends it; a full gallery (``spectators_full``) alike.
The page's clock is Playwright's (``page.clock``), paused: the retry is checked without waiting for it, and
only ``fast_forward`` moves it (a running clock kept real time: on a loaded machine the second or more
a screenshot took let the retry fire before the check that it had not)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, each_case

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
START = 1_800_000_000.0  # the pages' clock (Unix seconds), paused

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)

SAID = {
    "en": {
        "no_table": "There is no such table: check the link you were given, or choose a table in the lobby.",
        "lookups": "At most 1 past or unknown table a minute may be looked up from your address: wait a minute, then try again.",
        "retry": "Trying again in {s} seconds.",
        "spectators_full": "This table has as many spectators as it accepts, or is watched from many connections of your address or of its network already.",
        "lobby": "Back to the lobby",
        "bad_token": "Your seat could not be resumed; please sit again.",
        "sit": "Sit",
    },
    "fr": {
        "no_table": "Cette table n'existe pas\u00a0: vérifiez le lien reçu, ou choisissez une table dans le salon.",
        "lookups": "Au plus 1 table passée ou inconnue par minute peut être consultée depuis votre adresse\u00a0: attendez une minute, puis réessayez.",
        "retry": "Nouvel essai dans {s}\u00a0secondes.",
        "spectators_full": "Cette table a autant de spectateurs qu'elle en accepte, ou votre adresse (ou son réseau) la regarde déjà depuis de nombreuses connexions.",
        "lobby": "Retour au salon",
        "bad_token": "Votre place n'a pas pu être reprise\u00a0; asseyez-vous à nouveau.",
        "sit": "S'asseoir",
    },
}


def _table_page(
    browser: Any,
    server: Server,
    tid: str,
    lang: str,
    token: str | None,
    errors: list[str],
    asked: list[str],
    refusals: list[dict[str, Any]] | None = None,
) -> Any:
    """The page of table ``tid`` in ``lang`` (with a seat token kept for it, else as a spectator),
    its clock Playwright's; each ``resume``/``watch`` it sends goes to ``asked``, each error frame
    it receives to ``refusals``."""
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

        def received(payload: Any) -> None:
            msg = json.loads(payload)
            if refusals is not None and msg.get("type") == "error":
                refusals.append(msg)

        ws.on("framesent", sent)
        ws.on("framereceived", received)

    page.on("websocket", frames)
    page.clock.install(time=START)
    page.clock.pause_at(START + 1)  # the page's time stands still but for fast_forward: a loaded machine cannot let a timer fire early
    page.goto(f"{server.base}/t/{tid}" + ("" if token else "?watch=1"))
    page.wait_for_selector("#refused-what", timeout=15000)
    return page


def _until(page: Any, check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "still not so"
        page.wait_for_timeout(50)


def test_a_refused_resume_or_watch_is_said_in_place_and_asked_again_only_when_it_can_change(
    make_server: Callable[..., Server], browser: Any,
) -> None:
    """In English and French, each on a server of its own (the lookups limit is per address: the
    second language's lookups would be refused by the first's), one Chromium; a failure names its language."""
    each_case(((f"lang={lang}", partial(_refused_resume_or_watch_case, make_server, lang, browser)) for lang in ("en", "fr")), browser)


def _refused_resume_or_watch_case(make_server: Callable[..., Server], lang: str, browser: Any) -> None:
    server = make_server(None, "--replay-rate", "1")  # one lookup of an unknown table a minute
    said = SAID[lang]
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
    # past the lookups limit (a spectator's link): said, with when it is tried again (the error's
    # retry_after: the budget's token comes back 60 s after the lookup above, of which at least
    # 3 s have passed, where the page's own estimate was 60 s), then tried again
    time.sleep(3)
    asked, refusals = [], []
    page = _table_page(browser, server, "nosuch2", lang, None, errors, asked, refusals)
    assert page.inner_text("#refused-what") == said["lookups"]
    (refusal,) = refusals
    wait = refusal["retry_after"]
    assert refusal["limit"] == "lookups" and 1 <= wait <= 57, refusal
    assert page.inner_text("#refused-retry") == said["retry"].format(s=wait)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"refused-watch-{lang}.png"))
    assert asked == ["watch"]
    page.clock.fast_forward((wait - 1) * 1000)
    page.wait_for_timeout(300)
    assert asked == ["watch"], f"asked again before the {wait} s it said: {asked}"
    page.clock.fast_forward(2_000)
    _until(page, lambda: len(asked) == 2)
    assert asked == ["watch", "watch"]
    assert errors == []


def test_a_watch_refused_by_a_full_gallery_is_said_in_place_and_asked_again(make_server: Callable[..., Server], browser: Any) -> None:
    """A ``watch`` refused with ``spectators_full`` was only a toast over a blank table page (its
    text the server's English message): it is now said in place like the other refused watches,
    in the page's language, and asked again after 30 s (no ``retry_after``: a count cap), when a
    spectator may have left; then the page watches the table. In English and French: one server
    and one Chromium, each language a table of its own, its own spectator and page (closed before
    the next); a failure names its language."""
    server = make_server(None, "--spectators", "1")
    each_case(((f"lang={lang}", partial(_full_gallery_case, server, lang, browser)) for lang in ("en", "fr")), browser)


def _full_gallery_case(server: Server, lang: str, browser: Any) -> None:
    from websockets.sync.client import connect

    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1)
    said = SAID[lang]
    with connect(server.ws_url) as watcher:  # the one spectator the table accepts
        watcher.send(json.dumps({"v": 1, "type": "watch", "table": tid}))
        assert json.loads(watcher.recv(timeout=10))["type"] == "welcome"
        errors: list[str] = []
        asked: list[str] = []
        refusals: list[dict[str, Any]] = []
        page = _table_page(browser, server, tid, lang, None, errors, asked, refusals)
        assert [r["code"] for r in refusals] == ["spectators_full"] and "retry_after" not in refusals[0]
        assert page.inner_text("#refused-what") == said["spectators_full"]
        assert page.inner_text("#refused-retry") == said["retry"].format(s=30)
        assert page.inner_text("#refused a") == said["lobby"]
        watcher.close()  # the spectator leaves
        page.clock.fast_forward(29_000)
        page.wait_for_timeout(300)
        assert asked == ["watch"], f"asked again before the 30 s it said: {asked}"
        page.clock.fast_forward(2_000)
        _until(page, lambda: len(asked) == 2)
        _until(page, lambda: bool(page.evaluate("G.state !== null")))  # watching now
        assert page.locator("#refused").count() == 0
        assert errors == []
