"""Probing a table's lock: what a refusal's answer time tells (docs/server.md, *Fairness*, and
*Attacked once again*). A real ``hkmj serve`` on 127.0.0.1 whose saving of a bot's
claim answer is made slow on purpose by a ``sitecustomize`` module of the test's own: the stand-in
for a database that takes its time (a PostgreSQL round trip, a disk under load), while the
table's lock is held over the save as it is over every log entry."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from hkmj.server.client import GameClient
from hkmj.server.testing import Server

SLOW_SAVE = 1.0
"""Seconds the test server's database takes to save a bot's answer to a discard."""

ANSWER_WITHIN = 0.4
"""The longest a refusal may take meanwhile: nothing it says waits for that save."""


def _hook(mark: Path) -> str:
    return f'''
"""Saving a bot's answer to a discard (pass, chow, pung, kong) takes {SLOW_SAVE} s; each such
save is written to {str(mark)!r} as it starts."""
import asyncio
import time

import hkmj.server.store as store

_append = store.Store.append_retrying


async def _slow_append(self, table_id, seq, kind, data, status=None, *, stop):
    if kind == "act" and data.get("by") == "bot" and str(data.get("action", "")).split(" ")[0] in ("pass", "chow", "pung", "kong"):
        with open({str(mark)!r}, "a") as f:
            f.write(f"{{time.time()}}\\n")
        await asyncio.sleep({SLOW_SAVE})
    return await _append(self, table_id, seq, kind, data, status, stop=stop)


store.Store.append_retrying = _slow_append
'''


@pytest.fixture
def slow_save_server(tmp_path: Path) -> Any:
    mark = tmp_path / "bot-claim-saves"
    s = Server(f"sqlite:///{tmp_path / 'hkmj.db'}", tmp_path / "server.log", ("--auth-timeout", "60"), hook=_hook(mark))
    s.start()
    yield s, mark
    s.stop()


async def _probe(c: GameClient, msg: dict[str, Any], code: str, times: list[float], stop: asyncio.Event) -> None:
    """Send ``msg`` every 50 ms until ``stop``, each answered (``code``) before the next: the answer times."""
    while not stop.is_set():
        t0 = time.perf_counter()
        await c.send(**msg)
        answer = await c.wait(lambda m: m.get("type") == "error" and m.get("ref") == msg["type"], timeout=10)
        assert answer["code"] == code, answer
        times.append(time.perf_counter() - t0)
        await asyncio.sleep(0.05)


def test_refusals_of_join_next_and_start_do_not_wait_for_a_bots_claim_answer_being_saved(slow_save_server: Any) -> None:
    """A bot is asked about a discard only when it can claim it (a chow, a pung, a kong, HK-4.2 to
    HK-4.4, or a win), and its answer is saved under the table's lock. A ``join`` of a taken seat, a ``next``
    in mid-hand and a ``start`` of a started match waited for that lock before their refusal, so
    their answer times told whether a bot could claim the tile on offer: a stranger with no seat
    (a ``join`` of a taken seat from a socket of its own, beside a spectator's) as well as a seated
    player. On this machine's SQLite a refusal after such a discard took about 2 ms at its longest
    against 1.2 ms after the others (a seated player's ``next``, MCR, expert bots, a 0.3 s window:
    the median over the discards of each kind of the longest answer among some 40 probes sent in
    the window's first 120 ms; a ping 1.0 against 1.1 ms); with a database slower to save, as
    long as the save. Those refusals are now answered without waiting for the lock, as ``back``
    and a refused action are: within :data:`ANSWER_WITHIN` while the save takes :data:`SLOW_SAVE`."""
    server, mark = slow_save_server
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, claim_window=0.2, timer=None, next_delay=0)

    async def go() -> dict[str, list[float]]:
        times: dict[str, list[float]] = {"join": [], "next": [], "start": []}
        async with GameClient(server.ws_url) as player:
            token = await player.join(tid, 0, "Ann")
            stop = asyncio.Event()
            probes: list[asyncio.Task[None]] = []
            others: list[GameClient] = []
            for kind, code in (("next", "out_of_turn"), ("start", "nothing_to_do"), ("join", "seat_taken")):
                other = GameClient(server.ws_url)
                await other.open()
                others.append(other)
                if kind == "join":  # a stranger: a socket of its own that never joins, nor watches
                    msg = {"type": "join", "table": tid, "slot": 0, "name": "Eve"}
                else:  # the player's other tab
                    await other.resume(tid, token)
                    msg = {"type": kind}
                probes.append(asyncio.create_task(_probe(other, msg, code, times[kind], stop)))
            deadline = time.monotonic() + 30
            acted = -1
            try:
                while time.monotonic() < deadline:
                    saves = mark.read_text().split() if mark.exists() else []
                    if saves and time.time() > float(saves[0]) + SLOW_SAVE + 0.2:
                        break  # a slow save probed through
                    with_frame = await player.wait(lambda m: m.get("type") == "state", timeout=10)
                    if with_frame.get("reveal"):
                        break
                    legal = (with_frame.get("mine") or {}).get("legal") or []
                    if legal and with_frame["seq"] != acted:
                        acted = with_frame["seq"]
                        await player.act("mahjong" if "mahjong" in legal else "pass" if "pass" in legal else legal[-1])
            finally:
                stop.set()
                await asyncio.gather(*probes)
                for other in others:
                    await other.close()
        assert mark.exists(), "no bot was asked about a discard: the hand ended first"
        return times

    times = asyncio.run(go())
    assert all(times.values()), {kind: len(took) for kind, took in times.items()}
    slow = {kind: round(max(took), 2) for kind, took in times.items() if max(took) >= ANSWER_WITHIN}
    assert not slow, f"refused in up to these seconds while a bot's answer to a discard was saved: {slow}"


def _hook_shared_window(mark: Path) -> str:
    return f'''
"""Saving a bot's answer to a discard that slot 0 is asked about too takes {SLOW_SAVE} s; each such
save is written to {str(mark)!r} as it starts."""
import asyncio
import time

import hkmj.server.table as table

_commit = table.Table._commit


async def _slow_commit(self, kind, data, status=None):
    claim = str(data.get("action", "")).split(" ")[0] in ("pass", "chow", "pung", "kong")
    if kind == "act" and data.get("by") == "bot" and claim and any(self.slot_at(s) == 0 for s in self.decisions):
        with open({str(mark)!r}, "a") as f:
            f.write(f"{{time.time()}}\\n")
        await asyncio.sleep({SLOW_SAVE})
    return await _commit(self, kind, data, status)


table.Table._commit = _slow_commit
'''


def test_an_illegal_answer_to_a_discard_is_refused_without_waiting_for_another_seats_answer_being_saved(tmp_path: Path) -> None:
    """A player asked about a discard (a chow, a pung, HK-4.2, HK-4.3) may send illegal answers
    (``chow 123m`` of tiles not held, a ``kong`` of a pair) as often as the actions' pace allows:
    each is refused ``illegal`` and the decision stays open. The refusal waited for the table's
    lock, under which a bot's answer to the same discard is saved, so the player learnt whether a
    bot had been asked about the tile too (could chow, pung or win on it). An illegal action is now
    refused before the lock, as the other refusals of an action are."""
    mark = tmp_path / "bot-claim-saves"
    server = Server(f"sqlite:///{tmp_path / 'hkmj.db'}", tmp_path / "server.log", hook=_hook_shared_window(mark))
    server.start()
    try:
        # hands until the player and a bot are asked about the same discard (a few seconds of play, most often in the first)
        tid = server.create(slots=[None, "greedy", "greedy", "greedy"], length="hands", hands=16, claim_window=0.0, timer=None, next_delay=0, teaching=False)

        async def go() -> list[float]:
            times: list[float] = []
            async with GameClient(server.ws_url) as player:
                await player.join(tid, 0, "Ann")
                acted = -1
                deadline = time.monotonic() + 120
                while time.monotonic() < deadline:
                    frame = await player.wait(lambda m: m.get("type") == "state", timeout=20)
                    if frame["match"] and frame["match"]["over"]:
                        break
                    if frame.get("reveal"):
                        await player.send(type="next")
                        continue
                    legal = (frame.get("mine") or {}).get("legal") or []
                    if not legal or frame["seq"] == acted:
                        continue
                    acted = frame["seq"]
                    if "pass" in legal and "mahjong" not in legal:  # asked about a discard: probe, then pass
                        for _ in range(8):
                            t0 = time.perf_counter()
                            await player.act("concealed kong 1m", at=frame["seq"])  # never an answer to a discard
                            answer = await player.wait(lambda m: m.get("type") in ("error", "ack"), timeout=10)
                            assert answer["type"] == "error" and answer["code"] == "illegal", answer
                            times.append(time.perf_counter() - t0)
                            await asyncio.sleep(0.02)
                        if mark.exists():
                            break  # a bot's answer to a discard we were asked about too was saved meanwhile
                    await player.act("mahjong" if "mahjong" in legal else "pass" if "pass" in legal else legal[-1])
            return times

        times = asyncio.run(go())
        assert mark.exists(), "no discard was asked of the player and a bot alike"
        assert times and max(times) < ANSWER_WITHIN, f"illegal answers refused in up to {max(times):.2f} s while a bot's answer to the same discard was saved"
    finally:
        server.stop()
