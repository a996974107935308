"""Issue 9, faults: a PostgreSQL server that goes silent (no answer, no closed connection) never
freezes a table for good (docs/server.md, Threat model, "Faults").

The server reaches the real PostgreSQL (``HKMJ_TEST_PG_URL``, skipped when none answers) through
a TCP relay on 127.0.0.1 that this test runs: cut, the relay keeps every connection open and
passes nothing more on them, as a database host powered off or cut from the network, or a NAT
that forgets its connections, leaves them.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import sqlalchemy as sa

from hkmj.server.store import normalise_url
from hkmj.server.testing import Server, choose, my_turn, play


class SilentRelay:
    """Relays 127.0.0.1:``port`` to the database; :meth:`cut` silences every connection open then
    for good (and new ones until :meth:`restore`), without closing any."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.silent = False
        self.silenced: list[dict[str, bool]] = []
        self.writers: list[asyncio.StreamWriter] = []
        """Both ends of every connection relayed, closed by :meth:`close`: a connection left open kept
        its PostgreSQL session, and with it the server's hold on the database, for the rest of the run."""
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.port = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def start() -> None:
            server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()

        self.loop.run_until_complete(start())
        self.loop.run_forever()
        tasks = asyncio.all_tasks(self.loop)
        for task in tasks:
            task.cancel()
        self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        self.loop.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        flag = {"silent": self.silent}
        self.silenced.append(flag)
        up_r, up_w = await asyncio.open_connection(*self.target)
        self.writers += [writer, up_w]

        async def pipe(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            while data := await r.read(65536):
                if flag["silent"]:
                    await asyncio.sleep(3600)  # held open, nothing passed on
                w.write(data)
                await w.drain()

        await asyncio.gather(pipe(reader, up_w), pipe(up_r, writer), return_exceptions=True)

    def cut(self) -> None:
        def go() -> None:
            self.silent = True
            for flag in self.silenced:
                flag["silent"] = True

        self.loop.call_soon_threadsafe(go)

    def restore(self) -> None:
        """New connections pass again; those silenced stay silent (their peer is gone)."""

        def go() -> None:
            self.silent = False

        self.loop.call_soon_threadsafe(go)

    def close(self) -> None:
        def go() -> None:
            for w in self.writers:
                w.close()
            self.loop.stop()

        self.loop.call_soon_threadsafe(go)
        self.thread.join(5)


def test_a_silent_postgresql_never_freezes_a_table_for_good(pg_url: str, make_server: Callable[..., Server]) -> None:
    """A command sent to a PostgreSQL that went silent waited for an answer for ever: libpq has no
    timeout once connected, and a pooled connection's ping or a commit on it never returned. The
    writer thread stopped there, every table's saves queued behind it, and the tables stayed
    frozen after the database was back, until a restart, with nothing logged. Now a command with
    no answer for 10 s has its connection cut (new connections time out after 5 s): the save is
    retried on a new connection and the table resumes within seconds of the database's return;
    the outage is logged once."""
    url = sa.engine.make_url(normalise_url(pg_url))
    relay = SilentRelay(url.host or "127.0.0.1", url.port or 5432)
    try:
        server = make_server(url.set(port=relay.port).render_as_string(hide_password=False))
        tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, bot_delay=0, claim_window=0.01, timer=120)

        async def go() -> None:
            c = server.client()
            await c.open()
            await c.join(tid, 0, "Ed")
            rng = random.Random(4)
            st = await my_turn(c)
            relay.cut()
            await asyncio.sleep(0.2)
            cseq = await c.act(next(a for a in st["mine"]["legal"] if a.startswith("discard")))
            waiter = asyncio.create_task(
                c.wait(lambda m: m["type"] == "ack" or (m["type"] == "error" and m["code"] != "saving"), 60)
            )
            await asyncio.sleep(3)
            assert not waiter.done(), "answered while the database was silent"
            relay.restore()
            t0 = time.monotonic()
            answer = await waiter
            assert answer["type"] == "ack" and answer["cseq"] == cseq, answer
            # cut 10 s after the command was sent (7 s ago), retried at once
            assert time.monotonic() - t0 < 15, "the table did not resume within seconds of the database answering again"
            await play([c], lambda cs: bool((cs[0].state or {}).get("reveal")), lambda i, legal: choose(legal, rng), 60)
            await c.close()

        asyncio.run(go())
        assert server.alive()
        server.stop()
        log = server.log.read_text()
        assert log.count("database write failed") == 1, log[-3000:]
        assert "no answer from the database for 10 s" in log
        assert "Traceback" not in log and "never retrieved" not in log
    finally:
        relay.close()


def test_a_long_database_outage_is_one_line_of_the_sweep_not_one_per_sweep(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 9: "errors are logged once per outage". The periodic sweep (every 2.5 s with the
    default limits) logged its warning at every run while the database was down: a 60 s
    PostgreSQL outage wrote two dozen of them beside the store's one line. Now one warning for
    the outage, and one more at the next outage once a sweep has worked between them."""
    import contextlib
    import logging

    from hkmj.server.app import Hub, Limits

    outcomes = iter([False, False, False, True, False, False, True])
    calls: list[bool] = []

    class FlakyStore:
        def forget_before(self, cutoff: float, keep: set[str]) -> list[str]:
            up = next(outcomes, True)
            calls.append(up)
            if not up:
                raise sa.exc.OperationalError("SELECT", {}, Exception("connection timeout expired"))
            return []

    async def go() -> None:
        hub = Hub("sqlite://", Limits(abandon_after=0.8, keep_days=1e-5))  # old tables looked for at every sweep
        hub.store = FlakyStore()  # type: ignore[assignment]
        task = asyncio.create_task(hub._sweep())
        for _ in range(200):
            if len(calls) >= 7:
                break
            await asyncio.sleep(0.05)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    with caplog.at_level(logging.INFO, logger="uvicorn.error.hkmj"):
        asyncio.run(go())
    assert len(calls) >= 7
    said = [(r.levelno, r.getMessage()) for r in caplog.records if "sweep" in r.getMessage()]
    warnings = [m for level, m in said if level == logging.WARNING]
    assert len(warnings) == 2, said  # two outages, one line each
    assert all("connection timeout expired" in m for m in warnings)


def test_a_join_waiting_for_the_database_is_told_why(tmp_path: Path, make_server: Callable[..., Server]) -> None:
    """A ``join`` sent while the database cannot save waited for the whole outage without a word:
    the ``saving`` notice went to the connections at the table only, and the joiner is not one
    yet. Now the joiner gets ``saving`` (``ref`` ``join``) after 2 s, then its ``welcome`` once the
    database is back. (SQLite: another connection holds its write lock.)"""
    path = tmp_path / "join.db"
    server = make_server(f"sqlite:///{path}")
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=60)

    async def go() -> None:
        c = server.client()
        await c.open()
        lock = sqlite3.connect(path, isolation_level=None, timeout=10)
        lock.execute("BEGIN EXCLUSIVE")
        try:
            await c.send(type="join", table=tid, slot=0, name="Jo")
            said = await c.wait(lambda m: m["type"] in ("error", "welcome"), 6)
            assert said["type"] == "error" and said["code"] == "saving" and said["ref"] == "join", said
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        welcome = await c.wait(lambda m: m["type"] in ("welcome", "error"), 10)
        assert welcome["type"] == "welcome" and welcome["slot"] == 0, welcome
        await c.close()

    asyncio.run(go())


def test_a_postgresql_connection_busy_with_command_after_command_is_never_cut(pg_url: str) -> None:
    """The watch that cuts a PostgreSQL command with no answer for 10 s (docs/server.md, a silent database) counted
    a connection as stuck when it found it busy at ten looks in a row, a second apart, whatever ran in between: a
    connection sending commands back to back (a transaction every 25 ms, each waiting 20 ms on the database) was cut
    three times in 40 s, its saves failed and an outage was logged that never was. It now counts the commands sent:
    busy at every look with new commands in between is not cut; one command that does not end still is."""
    from hkmj.server.store import PG_STUCK_AFTER, _StuckCutter, make_engine

    engine = make_engine(normalise_url(pg_url))
    cuts: list[str] = []
    cutter = _StuckCutter(engine, threading.Event(), lambda e, _since: cuts.append(str(e)))  # looked at by hand below
    done = threading.Event()

    def busy() -> None:  # commands of 0.2 s, back to back
        with contextlib.suppress(Exception), engine.connect() as conn:
            while not done.is_set():
                conn.execute(sa.text("SELECT pg_sleep(0.2)"))

    def look_when_busy(now: float) -> None:
        deadline = time.monotonic() + 5
        while not any(c.pgconn.transaction_status == 1 for c in list(cutter._conns)):  # pq.TransactionStatus.ACTIVE
            assert time.monotonic() < deadline, "no command ever seen running"
            time.sleep(0.005)
        cutter.check(now)

    worker = threading.Thread(target=busy, daemon=True)
    worker.start()
    try:
        for look in range(int(PG_STUCK_AFTER) + 3):  # each look a second later (by the watch's clock), a new command
            look_when_busy(float(look))
            assert cuts == [], f"a connection answering command after command was cut at the look {look}"
            time.sleep(0.25)  # the command seen has ended: a new one runs at the next look
        assert cuts == []
    finally:
        done.set()
        worker.join(timeout=5)
    # one command that never ends (a silent database, here a sleep) is still cut after PG_STUCK_AFTER
    def never_ends() -> None:
        with contextlib.suppress(Exception), engine.connect() as conn:
            conn.execute(sa.text("SELECT pg_sleep(3)"))

    stuck = threading.Thread(target=never_ends, daemon=True)
    stuck.start()
    for look in range(int(PG_STUCK_AFTER) + 2):
        if cuts:
            break
        look_when_busy(100.0 + look)
        time.sleep(0.05)
    stuck.join(timeout=10)
    assert len(cuts) == 1 and "was cut" in cuts[0], cuts
    engine.dispose()
