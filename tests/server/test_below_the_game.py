"""Attacked below the game (docs/server.md, *Attacked below the game, again*): what a seat or a
spectator can learn from when frames arrive, against a real ``hkmj serve`` on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from pathlib import Path

import pytest

from hkmj.server.client import GameClient
from hkmj.server.testing import Server

THINK = 0.25
"""Seconds the test's bots think before discarding a Characters tile (none before another move)."""
BOT_DELAY = 0.4
"""The table's ``bot_delay``: longer than :data:`THINK`, so every move can come at that pause."""

SITECUSTOMIZE = f'''
"""Makes the bots of this test server think {THINK} s when they discard a Characters tile."""
import time

import hkmj.server.botprocess as botprocess
import hkmj.server.table as table

_make_bot = botprocess.make_bot


class _Pondering:
    def __init__(self, bot):
        self.bot = bot

    def choose(self, view, legal):
        action = self.bot.choose(view, legal)
        text = str(action)
        if text.startswith("discard") and text.endswith("m"):
            time.sleep({THINK})
        return action


def _pondering_bot(name, seed):
    return _Pondering(_make_bot(name, seed))


botprocess.make_bot = _pondering_bot
table.make_bot = _pondering_bot
'''


@pytest.fixture
def pondering_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    """A real server whose bots think :data:`THINK` seconds before discarding a Characters tile."""
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SITECUSTOMIZE)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(hook), os.environ.get("PYTHONPATH", "")) if p))
    s = Server(f"sqlite:///{tmp_path / 'hkmj.db'}", tmp_path / "server.log", ("--all-bot-pace", "0"))
    s.start()
    yield s
    s.stop()


def test_the_pause_before_a_bots_move_does_not_tell_how_long_it_thought(pondering_server: Server) -> None:
    """A bot's turn was decided only once ``bot_delay`` had passed, and its move played as soon as
    it was decided: everyone at the table, spectators included, saw the move come ``bot_delay``
    plus the bot's thinking time after its draw, and the expert bot thinks longer on a hidden hand
    that is ready or one tile from it (MCR, 3 hands of four expert bots watched by a spectator:
    13 ms against 6-7 ms at the median; at Hong Kong 2.3 ms against 0.6 ms, timed in process).
    Here the bots think :data:`THINK` s before discarding a Characters tile: those discards came
    that much later than the others. A bot now decides as its turn opens and plays once
    ``bot_delay`` has passed: every move comes at the same pause, whatever the bot thought."""
    server = pondering_server
    tid = server.create(slots=["greedy"] * 4, hands=1, bot_delay=BOT_DELAY, claim_window=0.02, teaching=False)

    async def watch() -> dict[bool, list[float]]:
        pauses: dict[bool, list[float]] = {True: [], False: []}
        async with GameClient(server.ws_url) as c:
            await c.watch(tid)
            opened: float | None = None
            while min(len(pauses[True]), len(pauses[False])) < 6:
                frame = await c.wait(lambda m: m.get("type") == "state", timeout=30)
                now = time.monotonic()
                if frame.get("status") == "over":
                    break
                for e in frame.get("events") or []:
                    if e.get("type") in ("draw", "replacement", "claim"):
                        opened = now
                    elif e.get("type") == "discard" and opened is not None:
                        pauses[str(e["tile"])[1] == "m"].append(now - opened)
                        opened = None
        return pauses

    pauses = asyncio.run(watch())
    assert len(pauses[True]) >= 3 and len(pauses[False]) >= 3, pauses
    pondered, quick = statistics.median(pauses[True]), statistics.median(pauses[False])
    assert min(pauses[True] + pauses[False]) >= BOT_DELAY - 0.05, "a bot still waits bot_delay before its move"
    assert abs(pondered - quick) < THINK / 2, (
        f"discards the bot thought {THINK} s about came {pondered:.3f} s after the draw at the median, others {quick:.3f} s"
    )
