"""``hkmj play --rules mcr`` as a newcomer plays it at 80×24: the hint panel's long lines (MCR-5.1's
waits that score 8 points only self-drawn) read whole, in English and French."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.app import PlayApp
from hkmj.tui.session import Session
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
HANDS_REST = ("2233445566778m", "2233445566778p", "223344999s2345z")
"""The bots' hands of the stacked wall (tests/tui/conftest.py)."""


@pytest.mark.asyncio
@pytest.mark.parametrize(("lang", "tail"), [("en", "self-drawn on 4 Circles"), ("fr", "seulement en piochant sur 4 Cercles")])
async def test_mcr_5_1_a_long_discard_line_of_the_hint_hangs_under_its_text_and_nothing_hides_at_80x24(
    make_session: Make, lang: str, tail: str
) -> None:
    """MCR-5.1, MCR-6.25: East holds 234m 456m 789m 23p 55s and East wind; discarding the wind
    leaves waits 1p and 4p, 4p scoring 8 points only self-drawn. That discard's hint line is wider
    than the panel at 80 columns: it went on at the panel's left margin, under the heading, and
    pushed the next discard below the panel, where no key scrolls (the panel takes no focus).
    Now it continues under its own text (two cells further in) and the panel holds what it shows:
    no scrolling."""
    tx = Texts(lang, "mcr")
    s = make_session(hands=("234m456m789m23p55s1z", *HANDS_REST), rules=get_ruleset("mcr"), lang=lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        for _ in range(3):
            await pilot.pause()
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        assert any(tx("hint.discards") in row for row in rows)
        start = next(i for i, row in enumerate(rows) if row.startswith("   " + tx.tile(tile("1z"))))  # East wind's line
        assert rows[start + 1].startswith("     ") and tail in rows[start + 1], rows[start : start + 2]
        assert app.table.query_one("#hints").max_scroll_y == 0  # nothing below the panel's last line
        assert tx("keys") in rows[-1]
