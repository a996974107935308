"""The browser client in Debian's Chromium (Playwright): lobby, a table with three bots, a whole
hand played by clicking, the scoring; screenshots saved under artifacts/ (gitignored)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from hkmj.server.testing import Server

CHROMIUM = os.environ.get("HKMJ_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)


def test_play_a_whole_hand_by_clicking(server: Server) -> None:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
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
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(server.base + "/")
        phone.select_option("#lang", "fr")
        phone.goto(table_url + "?watch=1")
        phone.wait_for_selector("#board", timeout=10000)
        clicks = 0
        shot = claim_shot = hinted = False
        keys = 0
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
                    if not claim_shot:
                        claim_shot = True
                        page.screenshot(path=str(ARTIFACTS / "claim.png"), full_page=True)
                    claims.first.click(timeout=1000)
                elif tiles.count():
                    if clicks >= 2 and not hinted:
                        page.click("#hint", timeout=1000)
                        page.wait_for_selector(".msg b", timeout=5000)
                        hinted = "Hint" in page.inner_text(".msg")
                    if clicks % 4 == 3:
                        page.keyboard.press("ArrowLeft")  # keyboard: select the last tile, Enter discards it
                        page.keyboard.press("Enter")
                        keys += 1
                    else:
                        tiles.last.click(timeout=1000)
                    clicks += 1
                    if clicks == 6 and not shot:
                        page.wait_for_timeout(300)
                        page.screenshot(path=str(ARTIFACTS / "table.png"), full_page=True)
                        phone.screenshot(path=str(ARTIFACTS / "phone-table-fr.png"), full_page=True)
                        assert "Vent dominant" in phone.inner_text("#board")
                        shot = True
                else:
                    page.wait_for_timeout(50)
                    continue
            except Exception:  # the frame re-rendered under the click: look again
                continue
            page.wait_for_timeout(120)
        page.wait_for_selector("#scoring", timeout=10000)
        page.wait_for_timeout(300)
        text = page.inner_text("#scoring")
        assert "Payments" in text and ("Match over" in text or "End of hand" in text)
        page.screenshot(path=str(ARTIFACTS / "scoring.png"), full_page=True)
        assert clicks >= 1 and (keys >= 1 or clicks < 4)
        assert hinted or clicks < 3
        phone.wait_for_selector("#scoring", timeout=10000)
        phone.wait_for_timeout(300)
        phone.screenshot(path=str(ARTIFACTS / "phone-scoring-fr.png"), full_page=True)
        assert "Paiements" in phone.inner_text("#scoring")
        assert not errors, errors
        browser.close()
