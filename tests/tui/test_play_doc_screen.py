"""docs/play.md's picture of the screen is true: it is what ``hkmj play --teach --seed 1`` shows
at 80×24 when the first claim is offered to the newcomer, with the hint panel open (HK-4.2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hkmj.bots import make_bot
from hkmj.tui.app import PlayApp
from hkmj.tui.session import Session

PLAY_MD = Path(__file__).resolve().parents[2] / "docs" / "play.md"


def _documented_screen() -> list[str]:
    """The screen drawn in docs/play.md (the code block after "as a newcomer sees it with
    ``hkmj play --teach --seed 1``"), its ``←`` notes removed."""
    text = PLAY_MD.read_text(encoding="utf-8")
    start = text.index("```\n", text.index("as a newcomer sees it with `hkmj play --teach --seed 1`")) + 4
    block = text[start : text.index("```", start)]
    return [re.sub(r"\s*←.*$", "", line).rstrip() for line in block.splitlines()]


@pytest.mark.asyncio
async def test_play_md_screen_is_the_seed_1_teaching_table_hk_4_2() -> None:
    """Seed 1, default bots (strong, strong, greedy, as ``hkmj play`` seeds them), teaching table:
    West's 1 Bamboo is the first discard the human may claim (a chow from the left, HK-4.2); the
    table and the hint panel (``h``) read exactly as docs/play.md draws them."""
    seed, names = 1, ["strong", "strong", "greedy"]
    session = Session([make_bot(n, seed * 4 + i + 1) for i, n in enumerate(names)], names, seed=seed, teach=True)
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(1000):  # the bots move on timers: at most 50 s on a loaded machine
            await pilot.pause(0.05)
            if session.human_pending():
                break
        await pilot.press("h")
        await pilot.pause(0.2)
        shown = [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]
    assert shown == _documented_screen()
