"""A new player's first tables in Debian's Chromium (Playwright) against a real ``hkmj serve`` on 127.0.0.1: what
the page calls things, at a desktop window and on phones."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.testing import CHROMIUM, Server, lobby_in, lobby_page

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
