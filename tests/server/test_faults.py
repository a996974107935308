"""Issue 9, faults: a database outage never freezes a table; a restart keeps every hold.

The outage tests run on SQLite (another connection holds the write lock for seconds) and on a
real PostgreSQL (the database refuses connections for seconds; ``HKMJ_TEST_PG_URL``, which
.ci/run sets after starting Debian's PostgreSQL; skipped when none is reachable).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from hkmj.server.client import GameClient
from hkmj.server.store import normalise_url
from hkmj.server.testing import Server, choose, drain, my_turn, play

OUTAGE = 3.0


@contextlib.contextmanager
def sqlite_locked(path: Path) -> Iterator[None]:
    """Hold SQLite's write lock from another connection: every write of the server fails."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=10)
    conn.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


@contextlib.contextmanager
def postgres_down(url: str) -> Iterator[None]:
    """The database refuses connections and the server's are cut (the owner may do both)."""
    u = sa.engine.make_url(normalise_url(url))
    admin = sa.create_engine(u.set(database="postgres"), isolation_level="AUTOCOMMIT")
    name = u.database
    with admin.connect() as conn:
        conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
        conn.execute(
            sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :d AND pid <> pg_backend_pid()"),
            {"d": name},
        )
    try:
        yield
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        admin.dispose()


def _outage_then_resume(server: Server, outage: Callable[[], contextlib.AbstractContextManager[None]]) -> None:
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, bot_delay=0, claim_window=0.01, timer=120)

    async def go() -> None:
        c = server.client()
        await c.open()
        await c.join(tid, 0, "Ed")
        rng = random.Random(4)
        st = await my_turn(c)
        released = threading.Event()
        with outage():
            # the player's decision, sent while the database is down, is not lost
            cseq = await c.act(next(a for a in st["mine"]["legal"] if a.startswith("discard")))
            # (the table tells everyone it cannot save yet: error "saving"; the answer comes later)
            waiter = asyncio.create_task(c.wait(lambda m: m["type"] == "ack" or (m["type"] == "error" and m["code"] != "saving"), 30))
            await asyncio.sleep(OUTAGE)
            assert not waiter.done(), "answered while the database was down"
            released.set()
        t0 = time.monotonic()
        answer = await waiter
        assert answer["type"] == "ack" and answer["cseq"] == cseq, answer
        assert time.monotonic() - t0 < 3, "the table did not resume within seconds of the database coming back"
        # and the bots' turns, whose saves failed too, go on to the end of the hand
        await play([c], lambda cs: bool((cs[0].state or {}).get("reveal")), lambda i, legal: choose(legal, rng), 60)
        await c.close()

    asyncio.run(go())
    assert server.alive()
    log = server.log.read_text()
    assert log.count("database write failed") == 1, log[-3000:]  # once per outage, not per retry
    assert log.count("database writes work again") == 1
    assert "Traceback" not in log and "never retrieved" not in log


def test_sqlite_write_errors_are_retried_and_the_table_resumes(tmp_path: Path, make_server: Callable[..., Server]) -> None:
    db = tmp_path / "f.db"
    server = make_server(f"sqlite:///{db}")
    _outage_then_resume(server, lambda: sqlite_locked(db))


def test_postgresql_down_for_seconds_is_retried_and_the_table_resumes(pg_url: str, make_server: Callable[..., Server]) -> None:
    url = pg_url
    server = make_server(url)
    _outage_then_resume(server, lambda: postgres_down(url))


def test_restart_restores_the_ready_for_next_hand_state(make_server: Callable[..., Server]) -> None:
    server = make_server()
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=2, bot_delay=0, claim_window=0.01, next_delay=600)

    async def go() -> None:
        a, b = server.client(), server.client()
        await a.open()
        await b.open()
        tokens = [await a.join(tid, 0, "A"), await b.join(tid, 1, "B")]
        rng = random.Random(6)
        await play(
            [a, b],
            lambda cs: all(bool((c.state or {}).get("reveal")) for c in cs),
            lambda i, legal: choose(legal, rng),
            60,
            next_hand=False,
        )
        await a.send(type="next")
        await a.wait(lambda m: m["type"] == "state" and m["mine"]["ready"])
        server.kill()
        await a.close()
        await b.close()
        server.start()
        a2, b2 = GameClient(server.ws_url), GameClient(server.ws_url)
        await a2.open()
        await b2.open()
        assert (await a2.resume(tid, tokens[0]))["mine"]["ready"] is True
        assert (await b2.resume(tid, tokens[1]))["mine"]["ready"] is False
        await b2.send(type="next")  # the last one to ask: the next hand starts
        await b2.wait(lambda m: m["type"] == "state" and m["hand"] is not None and m["hand"]["number"] == 2, 10)
        await a2.close()
        await b2.close()

    asyncio.run(go())


def test_restart_restores_the_claim_window_hold(make_server: Callable[..., Server]) -> None:
    """After a discard, what follows is held for the claim window (30 s here); killed during the
    hold, the server restarts with the discard still on offer, not the next draw shown."""
    server = make_server()
    tid = server.create(slots=[None] * 4, claim_window=30, timer=60)

    async def go() -> None:
        clients = [server.client() for _ in range(4)]
        for c in clients:
            await c.open()
        tokens = [await c.join(tid, i, f"p{i}") for i, c in enumerate(clients)]
        await drain(clients, 0.3)
        turn = next(c for c in clients if any(a.startswith("discard") for a in c.legal))
        await turn.act(next(a for a in turn.legal if a.startswith("discard")))
        await drain(clients, 0.5)
        for c in clients:  # whoever may claim passes: the window closes, what follows is held
            if c.legal:
                await c.act("pass")
        await drain(clients, 0.5)
        held = turn.state
        assert held is not None and held["hand"]["phase"] == "claim"
        server.kill()
        for c in clients:
            await c.close()
        server.start()
        d = server.client()
        await d.open()
        after = await d.resume(tid, tokens[clients.index(turn)])
        # the discard is still on offer: what follows it waits for the claim window again
        assert after["hand"]["phase"] == "claim" and after["hand"]["offered"] == held["hand"]["offered"]
        assert after["seq"] == held["seq"]
        await d.close()

    asyncio.run(go())


def test_a_database_outage_during_the_sweep_is_one_line_and_retried(caplog: pytest.LogCaptureFixture) -> None:
    """The periodic sweep (abandoned tables, and deleting tables older than ``--keep-days``)
    reads the database; during an outage it logged a full traceback at its first run (seen in a
    PostgreSQL outage test). Now one warning line without traceback, and the deletion is tried
    again at the next sweep."""
    import logging

    from hkmj.server.app import Hub, Limits

    calls: list[float] = []

    class DownStore:
        def forget_before(self, cutoff: float, keep: set[str]) -> list[str]:
            calls.append(cutoff)
            if len(calls) == 1:
                raise sa.exc.OperationalError("SELECT", {}, Exception('database "hkmj" is not currently accepting connections'))
            return []

    async def go() -> None:
        hub = Hub("sqlite://", Limits(abandon_after=0.8, keep_days=90))
        hub.store = DownStore()  # type: ignore[assignment]
        task = asyncio.create_task(hub._sweep())
        for _ in range(100):
            if len(calls) >= 2:
                break
            await asyncio.sleep(0.05)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    with caplog.at_level(logging.INFO, logger="uvicorn.error.hkmj"):
        asyncio.run(go())
    assert len(calls) == 2, "the deletion was not tried again at the next sweep"
    lines = [r for r in caplog.records if "sweep" in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING and lines[0].exc_info is None, lines
    assert "not currently accepting connections" in lines[0].getMessage()
