"""Two ``hkmj serve`` processes on one database (a second one started by mistake, on another
port or another address, or a new release started before the old one stopped): each replayed
the tables in play and played them, and both appended to the same log. A player on each saw
a different game, and each server, finding its row's place taken, took the other's row for its
own lost commit (``Store._landed``) and went on: the log mixed both games, with no line in
either server's log. The second server now refuses to start while the first holds the
database, and starts at once when the first was killed (SIGKILL) — docs/server.md, *Attacked
with a second server*."""

from __future__ import annotations

import asyncio
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hkmj.server.testing import Server, free_port


def _table_with_ann(server: Server) -> tuple[str, str]:
    """A table of ``server`` with Ann at seat 0 and three bots: its id and Ann's seat token."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)

    async def sit() -> str:
        async with server.client() as c:
            return await c.join(tid, 0, "Ann")

    return tid, asyncio.run(sit())


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_second_server_on_the_same_database_refuses_to_start_and_a_killed_ones_database_is_free(
    kind: str, tmp_path: Path, make_server: Callable[..., Server], kind_db: str
) -> None:
    db = kind_db
    first = make_server(db)
    tid, token = _table_with_ann(first)
    second = subprocess.Popen(
        [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(free_port()), "--db", db, "--log-level", "warning"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _, err = second.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        second.kill()
        second.communicate()
        pytest.fail("a second hkmj serve started on the database the first one serves")
    assert second.returncode == 2, err
    assert "another hkmj serve is using this database" in err, err
    assert "Traceback" not in err

    # the first one was not disturbed; killed, its database is free at once for the next one
    first.kill()
    first.start()

    async def back() -> dict[str, object]:
        async with first.client() as c:
            return await c.resume(tid, token)

    assert asyncio.run(back())["type"] == "state"


def test_a_sqlite_database_named_by_a_uri_is_private_and_held_as_a_path_is(tmp_path: Path, make_server: Callable[..., Server]) -> None:
    """``--db sqlite:///file:PATH?uri=true`` (SQLite's URI filenames, which SQLAlchemy passes on)
    names the same file as ``sqlite:///PATH``, but the server took it for a database in memory:
    the file was created readable by everyone (0644 under the usual umask, where a path's is
    0600: it holds every hidden hand and the seat tokens' digests), and a second server on it
    was not refused. Both now hold whichever way the file is named."""
    path = tmp_path / "by uri.db"
    url = f"sqlite:///file:{path.as_posix().replace(' ', '%20')}?uri=true"
    first = make_server(url)
    first.create(slots=[None, "greedy", "greedy", "greedy"])
    assert path.exists() and stat.S_IMODE(path.stat().st_mode) == 0o600, oct(path.stat().st_mode)
    for other in (url, f"sqlite:///{path}"):
        second = subprocess.run(
            [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(free_port()), "--db", other, "--log-level", "warning"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2 and "another hkmj serve is using this database" in second.stderr, (other, second.stderr[-500:])


def test_a_database_file_the_server_cannot_make_private_is_one_line_before_start_up(tmp_path: Path) -> None:
    """A database file the server may not change the mode of (another user's, or immutable):
    ``hkmj serve`` started, then failed in its start-up with a traceback (``PermissionError`` from
    ``os.chmod``) and exit 3, where docs/server.md promises one line naming the problem and exit 2."""
    path = tmp_path / "locked.db"
    path.touch()
    try:
        made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, timeout=10).returncode == 0
    except OSError:
        made = False
    if not made:
        pytest.skip("chattr +i needs root and a file system that keeps the immutable flag")
    try:
        run = subprocess.run(
            [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(free_port()), "--db", f"sqlite:///{path}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, timeout=10)
    assert run.returncode == 2, run.stderr[-800:]
    assert "Traceback" not in run.stderr
    assert f"cannot open the database file {path} (Operation not permitted)" in run.stderr, run.stderr[-800:]


def test_a_database_path_that_is_a_symlink_to_a_file_not_made_yet_stays_one(tmp_path: Path, make_server: Callable[..., Server]) -> None:
    """An operator who keeps the database elsewhere (``ln -s /data/hkmj.db hkmj.db``) before the
    first start: the check that a database can be created there wrote its probe through the link,
    then deleted the link itself (and left the probe at the target), so the server made its
    database beside the link, not where it pointed, and said nothing. The probe now goes to the
    link's target and is deleted there: the link stays and the database is where it points."""
    data = tmp_path / "data"
    data.mkdir()
    link = tmp_path / "hkmj.db"
    link.symlink_to(data / "hkmj.db")
    server = make_server(f"sqlite:///{link}")
    server.create(slots=[None, "greedy", "greedy", "greedy"])
    assert link.is_symlink(), "the link to the database was replaced by a file"
    with sqlite3.connect(data / "hkmj.db") as con:
        names = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"hkmj_tables", "hkmj_events"} <= names and "hkmj_probe" not in names, names


def _advisory_holders(url: str) -> list[int]:
    """The PostgreSQL backends holding an advisory lock on ``url``'s database (the test database
    is this test's alone: only a server's one-server lock lives there)."""
    import sqlalchemy as sa

    from hkmj.server.store import normalise_url

    engine = sa.create_engine(normalise_url(url), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")
            )
            return [int(r[0]) for r in rows]
    finally:
        engine.dispose()


def _cut_every_connection(url: str) -> int:
    """What a PostgreSQL restart does to a server's connections to ``url``'s database: every
    backend of that database but ours is ended (``pg_terminate_backend``); how many were."""
    import sqlalchemy as sa

    from hkmj.server.store import normalise_url

    engine = sa.create_engine(normalise_url(url), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            )
            return sum(1 for r in rows if r[0])
    finally:
        engine.dispose()


def test_a_server_whose_postgresql_restarted_takes_its_database_back_before_a_second_server_can(
    make_server: Callable[..., Server], pg_url: str
) -> None:
    """The one-server lock of a PostgreSQL database is a session advisory lock on a connection of
    its own: a restart of PostgreSQL (or anything ending that connection) dropped it, and the
    server never took it again, so a second ``hkmj serve`` started afterwards on the same database
    ran beside the first, both playing its tables into one log. The server now watches its lock's
    connection and takes the lock again as soon as the database answers: the second one is refused
    as before, and the first plays on."""
    first = make_server(pg_url)
    tid, token = _table_with_ann(first)
    held = _advisory_holders(pg_url)
    assert len(held) == 1, held
    assert _cut_every_connection(pg_url) >= 1
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        now = _advisory_holders(pg_url)
        if now and now != held:
            break
        time.sleep(0.2)
    else:
        pytest.fail("the server never took its database's lock again after its connection was cut")
    second = subprocess.run(
        [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(free_port()), "--db", pg_url, "--log-level", "warning"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode == 2 and "another hkmj serve is using this database" in second.stderr, second.stderr[-800:]
    assert first.alive()

    async def back() -> dict[str, object]:
        async with first.client() as c:
            return await c.resume(tid, token)

    assert asyncio.run(back())["type"] == "state"
    said = first.log.read_text(errors="replace")
    assert "the database's one-server lock is held again" in said and "Traceback" not in said, said[-1500:]


def test_a_server_that_finds_its_database_taken_after_postgresql_restarted_stops(
    make_server: Callable[..., Server], pg_url: str
) -> None:
    """The other order: the lock's connection cut, another server takes the database first (here
    the test itself holds the lock, as a second ``hkmj serve`` would). The first one cannot take
    its lock back, and two servers would play the same tables: it says why in its log and stops."""
    import sqlalchemy as sa

    from hkmj.server.store import PG_SERVE_LOCK, normalise_url

    first = make_server(pg_url)
    first.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)
    engine = sa.create_engine(normalise_url(pg_url), poolclass=sa.pool.NullPool)
    try:
        assert _cut_every_connection(pg_url) >= 1
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT pg_try_advisory_lock(:key)"), {"key": PG_SERVE_LOCK}).scalar()
            assert first.proc is not None
            try:
                first.proc.wait(20)
            except subprocess.TimeoutExpired:
                pytest.fail("the server played on while another held its database")
            assert first.proc.returncode == 2, first.proc.returncode
    finally:
        engine.dispose()
    said = first.log.read_text(errors="replace")
    assert "another hkmj serve took this database" in said, said[-1500:]
    assert "Traceback" not in said, said[-1500:]


class _OrphaningRelay:
    """Relays 127.0.0.1:``port`` to PostgreSQL; :meth:`orphan` closes the server's side of every
    connection open then and keeps PostgreSQL's side open and idle: the server sees its
    connections end while PostgreSQL still sees their sessions (as after a network cut that
    PostgreSQL has not noticed yet). New connections pass."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self.loop = asyncio.new_event_loop()
        self.port = 0
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)

            async def start() -> None:
                server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
                self.port = server.sockets[0].getsockname()[1]
                ready.set()

            self.loop.run_until_complete(start())
            self.loop.run_forever()
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.close()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        ready.wait(10)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_r, up_w = await asyncio.open_connection(*self.target)
        self.pairs.append((writer, up_w))

        async def pipe(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            while data := await r.read(65536):
                if w.is_closing():
                    return
                w.write(data)
                await w.drain()

        await asyncio.gather(pipe(reader, up_w), pipe(up_r, writer), return_exceptions=True)

    def orphan(self) -> None:
        def go() -> None:
            for down, _up in self.pairs:
                down.close()

        self.loop.call_soon_threadsafe(go)

    def close(self) -> None:
        def go() -> None:
            for down, up in self.pairs:
                down.close()
                up.close()
            self.loop.stop()

        self.loop.call_soon_threadsafe(go)
        self.thread.join(5)


def test_a_server_whose_own_former_session_still_holds_the_lock_takes_it_back(
    make_server: Callable[..., Server], pg_url: str
) -> None:
    """A network cut that the server sees and PostgreSQL does not yet: the server's connection is
    gone, but PostgreSQL keeps its session, and the lock with it, until its own keepalives give
    up (two hours by default). The server must not take that session for another server's and
    stop: it ends its own former session and takes the lock again."""
    import sqlalchemy as sa

    from hkmj.server.store import normalise_url

    url = sa.engine.make_url(normalise_url(pg_url))
    relay = _OrphaningRelay(url.host or "127.0.0.1", url.port or 5432)
    first: Server | None = None
    try:
        first = make_server(url.set(port=relay.port).render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://"))
        tid = first.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)
        held = _advisory_holders(pg_url)
        assert len(held) == 1, held
        relay.orphan()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            now = _advisory_holders(pg_url)
            if now and now != held:
                break
            time.sleep(0.2)
        else:
            pytest.fail(f"the server never took its database's lock again (alive: {first.alive()})")
        time.sleep(2)
        assert first.alive(), first.log.read_text(errors="replace")[-1500:]
        assert first.get(f"/api/tables/{tid}")["live"]
        said = first.log.read_text(errors="replace")
        assert "another hkmj serve took this database" not in said and "Traceback" not in said, said[-1500:]
    finally:
        if first is not None:  # before the relay goes: its sessions hold the database
            first.stop()
        relay.close()


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_sqlite_database_file_deleted_or_replaced_under_the_server_stops_it(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``rm hkmj.db`` (or a backup moved over it) while the server ran: every move went on into
    the old file, gone once the server stopped, new connections made an empty file at the path
    (the log said "no such table" while tables were still created) and a second server could
    take that file's lock. The server now says so in one line and stops (exit 2: ``hold.lost``)."""
    from hkmj.server import store

    monkeypatch.setattr(store, "PG_LOCK_CHECK", 0.02)
    db = tmp_path / "hkmj.db"
    sqlite3.connect(db).close()
    hold, problem = store.hold_database(f"sqlite:///{db}")
    assert hold is not None and problem is None
    stopped = threading.Event()
    hold.on_lost(stopped.set)
    try:
        time.sleep(0.1)
        assert not stopped.is_set() and not hold.lost  # the file in place: nothing said
        db.unlink()
        if how == "replaced":
            sqlite3.connect(tmp_path / "backup.db").close()
            (tmp_path / "backup.db").rename(db)
        assert stopped.wait(5) and hold.lost
    finally:
        hold.release()
    assert f"the database file {db} was deleted or replaced while the server ran" in caplog.text
