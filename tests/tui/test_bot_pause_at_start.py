"""``hkmj play --delay``: the bots' pause holds for the first move of a hand too (HK-3: East
discards first), not only for the moves after it."""

from __future__ import annotations

import pytest

from hkmj.tui.app import HelpScreen, PlayApp
from hkmj.tui.session import Session
from hkmj.tui.testing import TsumogiriBot

BOT_EAST_SEED = 1
"""With this match seed a bot draws East (HK-2.1): the hand's first move is a bot's."""


def _session() -> Session:
    return Session([TsumogiriBot(), TsumogiriBot(), TsumogiriBot()], ["script"] * 3, seed=BOT_EAST_SEED, length="hands", hands=1)


@pytest.mark.asyncio
async def test_the_first_bot_move_waits_its_pause_when_the_table_opens() -> None:
    """The table opened, the bots' loop started twice (Textual's mount, then its screen-resume
    event), and the second run cancelled the pause the first had begun: East's first discard came
    at once instead of after ``--delay`` seconds. Now it waits, and waits again after the help
    (``?``) is closed, instead of playing the moment the table comes back."""
    s = _session()
    app = PlayApp(s, delay=60)
    async with app.run_test(size=(100, 34)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert s.bots_pending() and s.view().turn != s.seat, "East (a bot) has played without its pause"
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        for _ in range(5):
            await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert s.bots_pending() and s.view().turn != s.seat, "East (a bot) played at once when the help was closed"
        history = len(s.history)
        app.table.pump()  # the pause ends (as its timer would fire): East discards
        await pilot.pause()
        assert len(s.history) > history
