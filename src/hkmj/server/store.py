"""Persistence: one append-only event log per table, in SQLite or PostgreSQL (SQLAlchemy Core).

Every accepted input is a row of ``hkmj_events`` ``(table_id, seq, kind, data)``; a table is
rebuilt by replaying its rows through the deterministic engine. Whatever is queued is
committed in a single transaction (group commit), so many tables share each commit;
:meth:`Store.append` returns only once its row is committed. The schema is created and
upgraded by Alembic at start-up (:func:`migrate`).

Where the commit runs depends on the database (docs/server.md, "Latency"):

* SQLite: on the event loop itself, once per loop iteration, for everything the iteration
  queued. A WAL commit without fsync takes a fraction of a millisecond, while handing it to a
  thread cost several milliseconds of GIL hand-offs per commit under load (the waiting
  thread gets the GIL back only every ``sys.getswitchinterval()``). The loop's connection
  waits at most :data:`SQLITE_LOOP_BUSY_TIMEOUT` for a lock (a longer lock is an outage,
  retried with backoff) and never checkpoints: a checkpoint thread does that, off the loop.
* PostgreSQL: in a writer thread (a network round trip, or a server that is down, must not
  stall the loop).

A failed write (SQLite busy or failing, PostgreSQL down) is retried with backoff by
:meth:`Store.append_retrying` until it is saved; the outage is logged once when it starts and
once when it ends. A PostgreSQL command with no answer for :data:`PG_STUCK_AFTER` seconds has
its connection cut (:class:`_StuckCutter`), so a database gone silent fails the write, which is
retried, rather than holding it for ever. A SQLite database file is created readable by its
owner only (0600).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import functools
import hashlib
import json
import logging
import os
import queue
import select
import signal
import socket
import threading
import time
import urllib.parse
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect
from sqlalchemy.engine import Connection, Engine

__all__ = ["DatabaseHold", "Row", "Store", "hold_database", "metadata", "migrate", "normalise_url"]

metadata = sa.MetaData()
tables_t = sa.Table(
    "hkmj_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("config", sa.Text, nullable=False),
)
events_t = sa.Table(
    "hkmj_events",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("hkmj_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")
SCHEMA_HEAD = "0001"
"""The newest revision of :data:`MIGRATIONS` (a test checks it is Alembic's head): a database at
it, or a new one, needs no Alembic (:func:`migrate`)."""
RETRY_FIRST = 0.05
RETRY_MAX = 1.0
"""Backoff between retries of a failed write: doubles from RETRY_FIRST up to RETRY_MAX seconds."""
FLAP_SECONDS = 10.0
"""A failure this soon after the database came back is the same outage (logged once)."""
SQLITE_BUSY_TIMEOUT = 1.0
"""Seconds a SQLite write from a thread (status changes, migrations) waits for a lock before it fails."""
SQLITE_LOOP_BUSY_TIMEOUT = 0.01
"""Seconds the event loop's own SQLite commit waits for a lock before it fails (and is retried with backoff)."""
CHECKPOINT_PERIOD = 1.0
"""Seconds between WAL checkpoints of a SQLite database (run by the checkpoint thread)."""
PG_CONNECT_TIMEOUT = 5
"""Seconds a new PostgreSQL connection may take (libpq's ``connect_timeout``; a URL may set its own)."""
PG_STUCK_AFTER = 10.0
"""Seconds a PostgreSQL command may run before its connection is cut (:class:`_StuckCutter`)."""

log = logging.getLogger("uvicorn.error.hkmj")


def normalise_url(url: str) -> str:
    """``postgresql://`` uses psycopg 3 (the driver the project installs); others are kept."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def shown_url(url: str) -> str:
    """``url`` as it may be printed: its password, if any, as ``***``, whether in its user part
    or given as libpq's ``password`` parameter (``postgresql://hkmj@host/db?password=...``, shown
    in clear in the refusal's line and the start-up's log)."""
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        return url
    hidden = {k for k in parsed.query if k.lower() == "password"}
    if hidden:
        parsed = parsed.set(query={k: ("_HIDDEN_" if k in hidden else v) for k, v in parsed.query.items()})
    return parsed.render_as_string(hide_password=True).replace("_HIDDEN_", "***")


def db_problem(url: str, connect: bool = False) -> str | None:
    """What keeps ``url`` from being the server's database, in words (``None`` when nothing
    does): not a URL, a database other than SQLite or PostgreSQL, a driver that is not
    installed, a SQLite file in a directory that does not exist or that is a directory; with
    ``connect``, a PostgreSQL server that cannot be reached or refuses the login. No SQLite
    file is created."""
    expected = "expected sqlite:///FILE or postgresql://USER:PASSWORD@HOST/NAME"
    try:
        parsed = sa.engine.make_url(normalise_url(url))
    except sa.exc.ArgumentError:
        if "://" not in url and url.strip():  # a file's path: the URL it means
            return f"not a database URL; for a file, write sqlite:///{url} (or postgresql://USER:PASSWORD@HOST/NAME)"
        return f"not a database URL; {expected}"
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        return f"unknown database {backend!r}; {expected}"
    if backend == "sqlite" and not sa.util.asbool(parsed.query.get("uri", False)):
        # the driver ignores them with a warning of three lines (source lines and all) at each of
        # the server's engines, and the server started without them: mode=ro was not read-only
        ignored = sorted(k for k in parsed.query if k not in _PYSQLITE_ARGS)
        if ignored:
            return (
                f"SQLite does not read {', '.join(ignored)} in this URL without uri=true "
                f"(sqlite:///file:FILE?{ignored[0]}=...&uri=true); give the file alone, e.g. sqlite:///hkmj.db"
            )
    try:
        sa.create_engine(parsed).dispose()  # imports the driver, connects to nothing
    except (ImportError, sa.exc.NoSuchModuleError) as err:
        return f"the {backend} driver is not installed ({err})"
    path = sqlite_file(url) if backend == "sqlite" else None
    if connect and backend == "sqlite" and not path:
        # sqlite:/// (no file named) or :memory:: the server started, and every table it was asked
        # for was refused "the database is unavailable" while its log said "no such table" for ever
        return "a database in memory (no file named): the server cannot keep its tables there; give a file, e.g. sqlite:///hkmj.db"
    if path:
        if Path(path).is_dir():
            return f"{path} is a folder, not a database file"
        if not Path(path).parent.is_dir():
            return f"no folder {str(Path(path).parent)!r} for the database file"
        if _not_sqlite(Path(path)):  # a record given for the database (it failed at start-up, with a traceback)
            return f"{path} is not an SQLite database (its first bytes say another kind of file); give a new file's name or the server's database"
        if connect and not Path(path).exists() and (why := _cannot_create_sqlite(Path(path))):
            return why  # a full disk, a read-only folder: it failed at start-up, with a traceback, exit 3
    if connect and backend == "postgresql":
        # the URL's own connect_timeout, as the server's engine reads it (make_engine): overridden
        # here, a bad one (?connect_timeout=abc) passed this check and failed the start-up with a traceback, exit 3
        engine = sa.create_engine(parsed, connect_args={} if "connect_timeout" in parsed.query else {"connect_timeout": 10})
        try:
            engine.connect().close()
        except sa.exc.SQLAlchemyError as err:
            return f"cannot connect: {_first_line(err)}"
        finally:
            engine.dispose()
    return None


def _first_line(err: Exception) -> str:
    """The first line of what the database driver said (SQLAlchemy wraps it with its own lines), or the error's kind."""
    said = str(getattr(err, "orig", err)).strip().splitlines()
    return said[0] if said else type(err).__name__


_PYSQLITE_ARGS = frozenset({"timeout", "isolation_level", "detect_types", "check_same_thread", "cached_statements", "uri"})
"""The query arguments SQLAlchemy's pysqlite dialect reads from a SQLite URL without ``uri=true``."""


_SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file (https://sqlite.org/fileformat.html)."""


def _cannot_create_sqlite(path: Path) -> str | None:
    """Why a new SQLite database cannot be created at ``path`` (a full disk, a folder it may not
    write in), or None: a table is written in a file there, as the server's first migration
    does, and the file (with its journal) is deleted again. Written where a symbolic link points
    (a database kept elsewhere, linked before the first start): deleting the probe deleted the
    link itself, and the database was made beside it, not where the operator put it."""
    import sqlite3

    shown, path = path, Path(os.path.realpath(path))
    try:
        con = sqlite3.connect(path)
        try:
            con.execute("PRAGMA journal_mode=WAL")
            con.execute("CREATE TABLE hkmj_probe (x INTEGER)")
            con.commit()
        finally:
            con.close()
    except sqlite3.Error as err:
        return f"cannot create the database file {shown} ({err}); give a path where it can be written"
    finally:
        for made in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"), path.with_name(path.name + "-journal")):
            with contextlib.suppress(OSError):
                made.unlink()
    return None


def _not_sqlite(path: Path) -> bool:
    """Whether ``path`` is a file with bytes that are not an SQLite database's (an empty file, or one
    that cannot be read, is left to SQLite)."""
    try:
        with path.open("rb") as f:
            head = f.read(len(_SQLITE_HEADER))
    except OSError:
        return False
    return bool(head) and head != _SQLITE_HEADER


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite runs in WAL mode (a commit survives SIGKILL of the server)."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        _private_sqlite_file(url)
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    parsed = sa.engine.make_url(url)
    connect_args = {} if "connect_timeout" in parsed.query else {"connect_timeout": PG_CONNECT_TIMEOUT}
    return sa.create_engine(parsed, pool_pre_ping=True, connect_args=connect_args)


class _StuckCutter:
    """PostgreSQL: cut the connection of a command that has run for :data:`PG_STUCK_AFTER` seconds.

    A database that goes away without closing its connections (a host powered off or cut from
    the network, a proxy or NAT that drops them silently) leaves a command waiting for an answer
    that never comes: libpq has no timeout of its own once connected, so the writer thread waited
    for ever, every table's next save behind it, and the tables stayed frozen after the database
    was back (until a restart). Cut, the command fails, the write is retried with backoff on a
    new connection (:meth:`Store._retrying`), and the tables resume once the database answers.
    Our commands take milliseconds: one still running after 10 s is taken as lost.

    The same command, not the same connection: each command sent is counted (:meth:`began`), and a
    connection seen busy at every look (once a second) with new commands in between is healthy.
    Counted by connection alone, a connection sending commands back to back was cut when the looks
    happened to fall in ten commands in a row (with a transaction every 25 ms, each waiting 20 ms on the database, it
    was cut three times in 40 s: the saves failed and an outage was logged that never was)."""

    def __init__(self, engine: Engine, stopping: threading.Event, on_cut: Callable[[BaseException, float], None]) -> None:
        self._on_cut = on_cut
        """Told of each cut (:meth:`Store.failed`: the outage is logged once)."""
        self._conns: weakref.WeakSet[Any] = weakref.WeakSet()
        self._busy: weakref.WeakKeyDictionary[Any, tuple[float, int]] = weakref.WeakKeyDictionary()
        """Connections seen busy: since when, and at which command (:attr:`_sent`)."""
        self._sent: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        """Commands sent on each connection so far (statements, commits and rollbacks)."""
        self._stopping = stopping
        sa.event.listen(engine, "connect", self._seen)
        sa.event.listen(engine, "before_cursor_execute", lambda conn, *_: self._began_on(conn))
        sa.event.listen(engine, "commit", self._began_on)
        sa.event.listen(engine, "rollback", self._began_on)

    def _began_on(self, conn: Any) -> None:
        with contextlib.suppress(Exception):  # a connection closed meanwhile: nothing to watch
            self.began(conn.connection.dbapi_connection)

    def began(self, dbapi_conn: Any) -> None:
        """A command is about to be sent on ``dbapi_conn``."""
        self._sent[dbapi_conn] = self._sent.get(dbapi_conn, 0) + 1

    def start(self) -> None:
        """Watch from now on (after the migrations, which may take long on a big database)."""
        threading.Thread(target=self._run, name="hkmj-store-watch", daemon=True).start()

    def _seen(self, dbapi_conn: Any, _record: Any) -> None:
        self._conns.add(dbapi_conn)

    def _run(self) -> None:
        while not self._stopping.wait(1.0):
            with contextlib.suppress(Exception):  # the watch must go on
                self.check(time.monotonic())

    def check(self, now: float) -> None:
        from psycopg import pq

        for conn in list(self._conns):
            try:
                busy = conn.pgconn.transaction_status == pq.TransactionStatus.ACTIVE
                fd = conn.pgconn.socket if busy else -1
            except Exception:  # closed meanwhile
                busy = False
            if not busy:
                self._busy.pop(conn, None)
                continue
            command = self._sent.get(conn, 0)
            since, seen = self._busy.get(conn, (now, command))
            if seen != command:  # another command since the last look: the connection answers
                since = now
            self._busy[conn] = (since, command)
            if now - since >= PG_STUCK_AFTER:
                self._busy.pop(conn, None)
                with contextlib.suppress(OSError), socket.socket(fileno=os.dup(fd)) as sock:
                    sock.shutdown(socket.SHUT_RDWR)  # the waiting command fails at once
                self._on_cut(TimeoutError(f"no answer from the database for {PG_STUCK_AFTER:g} s; its connection was cut"), since)


def sqlite_file(url: str) -> str | None:
    """The file SQLite opens for the SQLite ``url``, or None for a database in memory: the
    database's path, also when the URL names it by a URI filename
    (``sqlite:///file:/srv/hkmj.db?uri=true``, percent-escapes and all), which was taken for a
    database in memory, its file left readable by everyone and not held against a second server."""
    parsed = sa.engine.make_url(normalise_url(url))
    database = parsed.database
    if not database or database == ":memory:":
        return None
    if database.startswith("file:") and sa.util.asbool(parsed.query.get("uri", False)):
        split = urllib.parse.urlsplit(database)
        modes = urllib.parse.parse_qs(split.query).get("mode", []) + [str(m) for m in [parsed.query.get("mode")] if m]
        path = urllib.parse.unquote(split.path)
        return None if "memory" in modes or not path else path
    return database


def _private_sqlite_file(url: str) -> None:
    """Create the SQLite file mode 0600 before SQLite does (or make an existing one 0600), so
    the log of hidden hands and seat-token hashes is readable by its owner only."""
    path = sqlite_file(url)
    if path is None:
        return
    if not os.path.exists(path):  # SQLite gives its -wal and -shm files the database file's mode
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.chmod(path, 0o600)


HELD_BY_ANOTHER = "another hkmj serve is using this database: stop it first (two servers would both play its tables and mix their moves in one log)"
"""Why a second server on a database refuses to start (:func:`hold_database`)."""
HOLD_WAIT = 15.0
"""Seconds :func:`hold_database` keeps trying: a PostgreSQL server may take a moment to see that the
connection of a server just killed is gone, and to free its lock, and a server asked to stop
(SIGTERM) may take up to 5 s more to end moves waiting for the database before it lets go; a
restart started meanwhile waits for it rather than refusing."""
PG_SERVE_LOCK: Final = int.from_bytes(hashlib.sha256(b"hkmj serve").digest()[:8], "big", signed=True)
"""The PostgreSQL advisory lock a server holds on its database (advisory locks are per database)."""


PG_LOCK_CHECK = 1.0
"""Seconds between two looks of a PostgreSQL server at its lock's connection (:class:`_PgLock`)."""
PG_LOCK_KEEPALIVE: Final = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3}
"""libpq settings of the lock's idle connection: TCP keepalives find a database host gone
silent (powered off, cut from the network) within about 11 s, and the connection then reads as
ended (:meth:`_PgLock._quiet`)."""
TAKEN_WHILE_CUT = (
    "another hkmj serve took this database while the connection holding it was cut (PostgreSQL restarted?);"
    " stopping, so that only one server plays its tables"
)
"""Why a PostgreSQL server stops when it finds its lock taken by another (:class:`_PgLock`)."""


class DatabaseHold:
    """What :func:`hold_database` gives a server: :meth:`release` when it stops, and :attr:`lost`,
    true once another server took the database (PostgreSQL: while the connection holding the
    lock was cut), after which this server is asked to stop: :meth:`on_lost` (called from the
    lock's thread), by default SIGTERM to itself."""

    def __init__(self, release: Callable[[], None], keeper: _PgLock | _SqliteFileWatch | None = None) -> None:
        self._release = release
        self._keeper = keeper

    def on_lost(self, stop: Callable[[], None]) -> None:
        """How the server is asked to stop once the database was taken from it."""
        if self._keeper is not None:
            self._keeper.stop_server = stop

    @property
    def lost(self) -> bool:
        return self._keeper is not None and self._keeper.lost

    def release(self) -> None:
        self._release()


FILE_GONE = (
    "the database file {path} was deleted or replaced while the server ran: its moves went on into the old file,"
    " which no other process sees and which is gone once the server stops, and another hkmj serve could start on the file"
    " now at that path; stopping: start the server again to use that file"
)
"""Why a SQLite server stops when its database file is no longer at its path (:class:`_SqliteFileWatch`)."""


class _SqliteFileWatch:
    """A SQLite server's database file, looked at once a second: still the file the server
    opened at its path? Deleted (``rm hkmj.db``) or replaced (a backup moved over it) while the
    server ran, the server went on writing every move into the old file, now reachable by
    nothing else and gone once the server stopped, while its new connections made an empty file
    at the path ("no such table" in the log, tables still created) and a second server could take
    that file's lock and start beside it. The server says so in the log and stops (exit 2)."""

    def __init__(self, path: str, fd: int) -> None:
        self.path, self.fd = path, fd
        self.lost = False
        self.stop_server: Callable[[], None] = lambda: os.kill(os.getpid(), signal.SIGTERM)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def moved(self) -> bool:
        """Whether the file at :attr:`path` is no longer the one the server holds."""
        held = os.fstat(self.fd)
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            return True
        except OSError:  # unreadable for a moment (a network file system): not a verdict
            return False
        return (now.st_dev, now.st_ino) != (held.st_dev, held.st_ino)

    def watch(self) -> None:
        self._thread = threading.Thread(target=self._run, name="hkmj-db-file", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(PG_LOCK_CHECK):
            if self.moved():
                self.lost = True
                log.error(FILE_GONE.format(path=self.path))
                self.stop_server()
                return

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        os.close(self.fd)


class _PgLock:
    """The session advisory lock of a PostgreSQL database (:data:`PG_SERVE_LOCK`), kept for the
    server's life. The lock lives as long as its connection: a PostgreSQL restart (or anything
    ending that backend) dropped it, and it was never taken again, so a second ``hkmj serve``
    started afterwards ran beside this one, both playing the tables into one log.

    A thread looks at the connection every :data:`PG_LOCK_CHECK` seconds without sending
    anything while it stays quiet (an idle connection that turns readable has been ended, or
    its peer found gone by TCP keepalives: :data:`PG_LOCK_KEEPALIVE`), so a silent database
    never holds the look. Once the connection is gone, it connects again (while the database
    does not answer, again a second later) and takes the lock back. Found held by this
    server's own former session, which PostgreSQL has not yet seen gone (the network cut rather
    than the database restarted), that session is ended and the lock taken at the next look.
    Found held by another session, another server has the database: this one says why in the
    log and stops (SIGTERM to itself)."""

    def __init__(self, url: sa.engine.URL) -> None:
        self.engine = sa.create_engine(
            url, connect_args={"connect_timeout": PG_CONNECT_TIMEOUT, **PG_LOCK_KEEPALIVE}, poolclass=sa.pool.NullPool
        )
        self.conn: Connection | None = None
        self.session: tuple[int, Any] | None = None
        """The backend (pid, start time) that holds the lock, or held it last."""
        self.lost = False
        self.stop_server: Callable[[], None] = lambda: os.kill(os.getpid(), signal.SIGTERM)
        """Asks the server to stop once another took the database (:meth:`DatabaseHold.on_lost`)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        key = PG_SERVE_LOCK & 0xFFFFFFFFFFFFFFFF
        self._key_parts = {"hi": key >> 32, "lo": key & 0xFFFFFFFF}
        """The lock's key as ``pg_locks`` shows it (``classid``, ``objid``)."""

    def take(self) -> bool:
        """Connect (if need be) and try the lock: whether this process holds it now
        (``SQLAlchemyError`` when the database cannot be reached)."""
        if self.conn is None:
            self.conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        if not self.conn.execute(sa.text("SELECT pg_try_advisory_lock(:key)"), {"key": PG_SERVE_LOCK}).scalar():
            return False
        row = self.conn.execute(sa.text("SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()")).one()
        self.session = (int(row[0]), row[1])
        return True

    def _holder(self) -> tuple[int, Any] | None:
        """The session holding the lock now, if any (pid, start time)."""
        assert self.conn is not None
        row = self.conn.execute(
            sa.text(
                "SELECT l.pid, a.backend_start FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
                " AND l.classid::bigint = :hi AND l.objid::bigint = :lo"
                " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            ),
            self._key_parts,
        ).first()
        return None if row is None else (int(row[0]), row[1])

    def _quiet(self) -> bool:
        """Whether the idle lock connection has received nothing (nor been closed) since the last
        look: the lock is still held, and nothing was sent that a silent database could leave
        unanswered."""
        assert self.conn is not None
        try:
            fd = self.conn.connection.dbapi_connection.fileno()  # type: ignore[union-attr]
            poller = select.poll()  # not select(): a descriptor past 1024, a busy server's, is fine
            poller.register(fd, select.POLLIN | select.POLLPRI)
            return not poller.poll(0)
        except (OSError, ValueError, AttributeError):
            return False

    def _drop_conn(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(sa.exc.SQLAlchemyError):
                self.conn.close()
            self.conn = None

    def watch(self) -> None:
        self._thread = threading.Thread(target=self._run, name="hkmj-db-lock", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        cut = False
        while not self._stop.wait(PG_LOCK_CHECK):
            try:
                if not cut:
                    if self._quiet():
                        continue
                    assert self.conn is not None
                    self.conn.execute(sa.text("SELECT 1"))  # a notice, or the end of the connection
                    continue
                if self.take():
                    log.warning("the database's one-server lock is held again (its connection had been cut)")
                    cut = False
                    continue
                holder = self._holder()
                if holder is None:  # let go meanwhile: taken at the next look
                    continue
                if holder == self.session:  # this server's former session, not yet seen gone
                    assert self.conn is not None
                    self.conn.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": holder[0]})
                    continue
            except sa.exc.SQLAlchemyError as err:
                if not cut:
                    log.warning(
                        "the connection holding the database's one-server lock was cut (%s); taking it again once the database answers",
                        _first_line(err),
                    )
                    cut = True
                self._drop_conn()
                continue
            if self._stop.is_set():
                return
            self.lost = True
            log.error(TAKEN_WHILE_CUT)
            self._drop_conn()
            self.stop_server()
            return

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(PG_CONNECT_TIMEOUT + 1)
        self._drop_conn()
        self.engine.dispose()


def hold_database(url: str, wait: float = HOLD_WAIT) -> tuple[DatabaseHold | None, str | None]:
    """Make this process the only ``hkmj serve`` of the database at ``url``: a hold to release
    when the server stops, or the reason it cannot (:data:`HELD_BY_ANOTHER`).

    Two servers on one database each replayed its tables in play and played them, appending to
    the same log. SQLite: an exclusive ``flock`` on the database file itself (SQLite's own locks
    are ``fcntl`` byte ranges, which ``flock`` does not touch; the descriptor stays open for the
    process's life, since closing any descriptor of the file would drop SQLite's locks). PostgreSQL:
    a session advisory lock, on a connection of its own kept open and watched (:class:`_PgLock`:
    taken again after a PostgreSQL restart). Either goes when the process dies, SIGKILL included,
    so a restart finds the database free."""
    parsed = sa.engine.make_url(normalise_url(url))
    deadline = time.monotonic() + wait
    if parsed.get_backend_name() == "sqlite":
        path = sqlite_file(url)
        if path is None:
            return DatabaseHold(lambda: None), None
        try:
            _private_sqlite_file(url)
            fd = os.open(path, os.O_RDONLY)  # flock needs no write access
        except OSError as err:
            return None, f"cannot open the database file {path} ({err.strerror or err})"
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    return None, HELD_BY_ANOTHER
                time.sleep(0.1)
                continue
            watch = _SqliteFileWatch(path, fd)
            watch.watch()
            return DatabaseHold(watch.release, watch), None
    keeper = _PgLock(parsed)
    try:
        while not keeper.take():
            if time.monotonic() >= deadline:
                keeper.release()
                return None, HELD_BY_ANOTHER
            time.sleep(0.1)
    except sa.exc.SQLAlchemyError as err:  # gone since db_problem connected
        keeper.release()
        return None, f"cannot connect: {_first_line(err)}"
    keeper.watch()
    return DatabaseHold(keeper.release, keeper), None


def schema_problem(url: str) -> str | None:
    """Why the database at ``url`` cannot be migrated by this hkmj, in words, or None: its schema
    is at an Alembic revision this release does not have (a newer hkmj migrated it, and an older
    one was started on it again), which failed in the start-up with alembic's traceback."""
    engine = sa.create_engine(normalise_url(url), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            if not sa.inspect(conn).has_table("alembic_version"):
                return None
            found = [str(v) for v in conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars()]
    except sa.exc.SQLAlchemyError:
        return None  # said by the start-up itself, as before
    finally:
        engine.dispose()
    if all(v == SCHEMA_HEAD for v in found):
        return None
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(MIGRATIONS))
    known = {rev.revision for rev in script.walk_revisions()}
    unknown = [v for v in found if v not in known]
    if unknown:
        return (
            f"its schema is at revision {unknown[0]!r}, which this hkmj does not know (a newer hkmj made it): "
            "run that newer hkmj on it, or give another database"
        )
    return None


def write_problem(url: str) -> str | None:
    """Why the existing SQLite database at ``url`` cannot be written, in words, or None: opened
    read-only (a URI filename's ``mode=ro`` or ``immutable=1``), it started, said its tables
    restored, took new tables, and then logged "attempt to write a readonly database" for ever
    while every move waited. A table is created and rolled back, as the first migration would
    write. Only for a file that exists (a new one is probed by :func:`db_problem`); PostgreSQL's
    own rights are left to its errors."""
    import sqlite3

    if not normalise_url(url).startswith("sqlite"):
        return None
    path = sqlite_file(url)
    if path is None or not os.path.exists(path):
        return None
    engine = sa.create_engine(normalise_url(url), poolclass=sa.pool.NullPool, connect_args={"timeout": SQLITE_BUSY_TIMEOUT})
    try:
        raw = engine.raw_connection()
        try:
            con: Any = raw.driver_connection
            con.isolation_level = None  # the driver commits DDL of its own accord: begin and roll back here
            con.execute("BEGIN IMMEDIATE")
            try:
                con.execute("CREATE TABLE hkmj_write_probe (x INTEGER)")
            finally:
                con.execute("ROLLBACK")
        finally:
            raw.close()
    except (sqlite3.Error, sa.exc.SQLAlchemyError) as err:
        return f"cannot write the database ({_first_line(err)}); the server saves every move there: give a file it may write (no mode=ro, no immutable=1)"
    finally:
        engine.dispose()
    return None


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision (:data:`SCHEMA_HEAD`).

    A new database gets :data:`metadata`'s tables and its ``alembic_version`` row at once, as
    Alembic's own recipe for a database built from scratch (``create_all``, then ``stamp head``)
    does, and one already at the head is left as it is: importing Alembic cost each start of
    ``hkmj serve`` 0.2 s of CPU, a fifth of it. Alembic itself upgrades an older schema
    (:func:`upgrade_with_alembic`); tests check that both ways give the same schema."""
    with engine.begin() as conn:
        found = sa.inspect(conn).get_table_names()
        if not {"alembic_version", *metadata.tables} & set(found):
            metadata.create_all(conn)
            version = sa.Table(
                "alembic_version",
                sa.MetaData(),
                sa.Column("version_num", sa.String(32), nullable=False),
                sa.PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
            )
            version.create(conn)
            conn.execute(version.insert().values(version_num=SCHEMA_HEAD))
            return
        if "alembic_version" in found:
            versions = list(conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())
            if versions == [SCHEMA_HEAD]:
                return
    upgrade_with_alembic(engine)


def upgrade_with_alembic(engine: Engine) -> None:
    """Upgrade the schema to the newest Alembic revision with Alembic's ``upgrade head``."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass(frozen=True, slots=True)
class Row:
    """One stored log entry."""

    seq: int
    kind: str
    data: dict[str, Any]


_Op = tuple[str, dict[str, Any]]
_Waiter = tuple[list[_Op], "asyncio.Future[None] | None", "asyncio.AbstractEventLoop | None"]


class Store:
    """The database behind the server: table rows, event rows, a group-commit writer thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.down_since: float | None = None
        """When the current outage began (None while writes succeed)."""
        self.failures = 0
        self._up_since = -FLAP_SECONDS
        self._quiet = False
        self._stopping = threading.Event()
        cutter = None
        if self.engine.dialect.name == "postgresql":  # before the first connection is made
            cutter = _StuckCutter(self.engine, self._stopping, self.failed)
        migrate(self.engine)
        if cutter is not None:
            cutter.start()
        self.on_loop = self.engine.dialect.name == "sqlite"
        """Commits run on the event loop (SQLite) rather than in the writer thread (module docstring)."""
        self._q: queue.Queue[_Waiter | None] = queue.Queue()
        self._batch: list[_Waiter] = []
        """Writes queued on the loop during this iteration (SQLite)."""
        self._flush_at: asyncio.Handle | None = None
        self._conn: Any = None
        """The loop's :mod:`sqlite3` connection (opened at the first write, reopened after a failure)."""
        worker = self._checkpointer if self.on_loop else self._writer
        self._thread = threading.Thread(target=worker, name="hkmj-store", daemon=True)
        self._thread.start()
        self.commits = 0
        """Transactions committed so far (a commit may carry rows of many tables)."""

    # ------------------------------------------------------------------ writes

    async def run(self, ops: list[_Op]) -> None:
        """Queue ``ops`` and wait until their transaction is committed (raises if it failed)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        if self.on_loop:
            self._batch.append((ops, fut, loop))
            if self._flush_at is None:  # after the callbacks of this iteration: one commit for all
                self._flush_at = loop.call_soon(self._flush)
        else:
            self._q.put((ops, fut, loop))
        await fut

    async def create_table(self, table_id: str, config: dict[str, Any], first: dict[str, Any]) -> None:
        """Insert a table and its ``create`` entry (seq 0) in one transaction."""
        now = time.time()
        await self.run(
            [
                ("table", {"id": table_id, "created": now, "status": "open", "config": json.dumps(config)}),
                ("event", {"table_id": table_id, "seq": 0, "kind": "create", "data": json.dumps(first), "at": now}),
            ]
        )

    async def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any], status: str | None = None) -> None:
        """Append one log entry (and optionally set the table's status); returns once committed."""
        ops: list[_Op] = [
            ("event", {"table_id": table_id, "seq": seq, "kind": kind, "data": json.dumps(data), "at": time.time()})
        ]
        if status is not None:
            ops.append(("status", {"id": table_id, "status": status}))
        await self.run(ops)

    async def append_retrying(
        self,
        table_id: str,
        seq: int,
        kind: str,
        data: dict[str, Any],
        status: str | None = None,
        *,
        stop: Callable[[], bool],
    ) -> bool:
        """:meth:`append`, retried with backoff until it is saved; False if ``stop()`` said to give up."""
        ops: list[_Op] = [
            ("event", {"table_id": table_id, "seq": seq, "kind": kind, "data": json.dumps(data), "at": time.time()})
        ]
        if status is not None:
            ops.append(("status", {"id": table_id, "status": status}))
        return await self._retrying(ops, stop, (table_id, seq))

    async def status_retrying(self, table_id: str, status: str, *, stop: Callable[[], bool]) -> bool:
        """Set a table's status, retried like :meth:`append_retrying`."""
        return await self._retrying([("status", {"id": table_id, "status": status})], stop, None)

    async def _retrying(self, ops: list[_Op], stop: Callable[[], bool], event: tuple[str, int] | None) -> bool:
        delay = RETRY_FIRST
        while True:
            try:
                await self.run(ops)
            except Exception as e:
                # a commit whose answer was lost (connection cut during COMMIT) may have landed
                if event is not None and await self._landed(*event):
                    self.recovered()
                    return True
                self.failed(e)
                if stop():
                    return False
                await asyncio.sleep(delay)
                delay = min(2 * delay, RETRY_MAX)
                continue
            self.recovered()
            return True

    async def _landed(self, table_id: str, seq: int) -> bool:
        try:
            return await asyncio.to_thread(self.has_event, table_id, seq)
        except Exception:
            return False

    def failed(self, e: BaseException, since: float | None = None) -> None:
        """A write failed (its outage began at ``since``, a monotonic time, if known earlier than
        now): logged once per outage (not once per retry)."""
        self.failures += 1
        if self.down_since is None:
            now = time.monotonic()
            self.down_since = now if since is None else since
            # a failure soon after a recovery (a stale pooled connection) belongs to the same outage
            self._quiet = now - self._up_since < FLAP_SECONDS
            if not self._quiet:
                log.error("database write failed (%s: %s); retrying with backoff until it works", type(e).__name__, e)

    def recovered(self) -> None:
        """A write worked: the end of an outage is logged."""
        if self.down_since is not None:
            if not self._quiet:
                log.warning("database writes work again after %.1f s; tables resume", time.monotonic() - self.down_since)
            self.down_since = None
            self._up_since = time.monotonic()

    def _commit(self, conn: Connection, batch: list[_Waiter]) -> BaseException | None:
        """One transaction for every op of ``batch``; the error if it failed (nothing applied)."""
        try:
            with conn.begin():
                self._execute(conn, [op for ops, _, _ in batch for op in ops])
        except Exception as e:
            return e
        self.commits += 1
        return None

    def _flush(self) -> None:
        """Commit the writes queued on the loop (SQLite), then answer their waiters.

        The loop's connection is a plain :mod:`sqlite3` one in autocommit mode, running the
        statements :func:`_sqlite_statements` compiled from the table definitions: through
        SQLAlchemy a commit of two rows cost ~190 µs of CPU, this way ~40 µs."""
        self._flush_at = None
        batch, self._batch = self._batch, []
        if not batch:
            return
        error: BaseException | None = None
        try:
            if self._conn is None:
                raw = self.engine.raw_connection()
                conn: Any = raw.driver_connection
                raw.detach()  # ours for good: its settings below never go back to the pool
                conn.isolation_level = None
                conn.execute(f"PRAGMA busy_timeout={int(1000 * SQLITE_LOOP_BUSY_TIMEOUT)}")
                conn.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
                self._conn = conn
            self._sqlite_commit(self._conn, [op for ops, _, _ in batch for op in ops])
            self.commits += 1
        except Exception as e:  # nothing of this batch is applied
            error = e
            if self._conn is not None:  # start afresh
                with contextlib.suppress(Exception):
                    self._conn.close()
                self._conn = None
        for _, fut, _ in batch:
            if fut is not None:
                _settle(fut, error)

    @staticmethod
    def _sqlite_commit(conn: Any, ops: list[_Op]) -> None:
        """``ops`` in one transaction on a :mod:`sqlite3` connection in autocommit mode."""
        sql = _sqlite_statements()
        conn.execute("BEGIN IMMEDIATE")
        try:
            for kind, values in _grouped(ops):
                if isinstance(values, list):
                    conn.executemany(sql[kind], values)
                else:
                    conn.execute(sql[kind], values)
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(Exception):
                conn.execute("ROLLBACK")
            raise

    def _checkpointer(self) -> None:
        """SQLite: copy the WAL back into the database every :data:`CHECKPOINT_PERIOD` seconds,
        off the event loop (a passive checkpoint never blocks the loop's commits)."""
        while not self._stopping.wait(CHECKPOINT_PERIOD):
            with contextlib.suppress(Exception), self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _writer(self) -> None:
        """PostgreSQL: commit whatever is queued, in a thread, until :meth:`close`."""
        while True:
            item = self._q.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < 1000:
                try:
                    nxt = self._q.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._q.put(None)
                    break
                batch.append(nxt)
            error: BaseException | None
            try:
                with self.engine.connect() as conn:
                    error = self._commit(conn, batch)
            except Exception as e:  # no connection (the database is down)
                error = e
            for _, fut, loop in batch:  # report to every waiter
                if fut is not None and loop is not None:
                    loop.call_soon_threadsafe(_settle, fut, error)

    @staticmethod
    def _execute(conn: Connection, ops: list[_Op]) -> None:
        for kind, values in _grouped(ops):
            if isinstance(values, list):
                conn.execute(events_t.insert(), values)
            elif kind == "table":
                conn.execute(tables_t.insert().values(**values))
            elif kind == "status":
                conn.execute(tables_t.update().where(tables_t.c.id == values["id"]).values(status=values["status"]))

    def close(self) -> None:
        """Finish queued writes and stop the writer (or checkpoint) thread."""
        if self._flush_at is not None:
            self._flush_at.cancel()
        self._flush()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
        self._stopping.set()
        self._q.put(None)
        self._thread.join(timeout=10)
        self.engine.dispose()

    # ------------------------------------------------------------------ reads

    def table_ids(self, *, live_only: bool = True) -> list[str]:
        """Tables to restore at start-up (those not over unless ``live_only`` is False)."""
        q = sa.select(tables_t.c.id).order_by(tables_t.c.created)
        if live_only:
            q = q.where(tables_t.c.status != "over")
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(q)]

    def has_table(self, table_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(tables_t.c.id).where(tables_t.c.id == table_id)).first() is not None

    def status_of(self, table_id: str) -> str | None:
        """The stored status (open, playing, over, abandoned) or None for an unknown table."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables_t.c.status).where(tables_t.c.id == table_id)).first()
            return None if row is None else str(row[0])

    def has_event(self, table_id: str, seq: int) -> bool:
        with self.engine.connect() as conn:
            q = sa.select(events_t.c.seq).where(events_t.c.table_id == table_id, events_t.c.seq == seq)
            return conn.execute(q).first() is not None

    def live_tables(self) -> list[tuple[str, float]]:
        """Tables neither over nor abandoned, with the time of their last log entry, oldest first."""
        q = (
            sa.select(tables_t.c.id, sa.func.max(events_t.c.at))
            .join(events_t, events_t.c.table_id == tables_t.c.id)
            .where(tables_t.c.status.in_(["open", "playing"]))
            .group_by(tables_t.c.id, tables_t.c.created)
            .order_by(tables_t.c.created)
        )
        with self.engine.connect() as conn:
            return [(str(r[0]), float(r[1])) for r in conn.execute(q)]

    def forget_before(self, cutoff: float, keep: set[str], batch: int = 50) -> list[str]:
        """Delete the finished and abandoned tables created before ``cutoff`` (a Unix time), log
        and all, except those in ``keep``; at most ``batch`` per transaction, so that the game's
        own commits never wait long for the database. The ids deleted."""
        q = sa.select(tables_t.c.id).where(tables_t.c.status.in_(["over", "abandoned"]), tables_t.c.created < cutoff)
        with self.engine.connect() as conn:
            old = [str(r[0]) for r in conn.execute(q) if r[0] not in keep]
        for i in range(0, len(old), batch):
            ids = old[i : i + batch]
            with self.engine.begin() as conn:
                conn.execute(events_t.delete().where(events_t.c.table_id.in_(ids)))
                conn.execute(tables_t.delete().where(tables_t.c.id.in_(ids), tables_t.c.status.in_(["over", "abandoned"])))
        return old

    def set_status(self, table_id: str, status: str) -> None:
        """Set a table's status at once (start-up and the abandoned-table sweep)."""
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(status=status))

    def rows(self, table_id: str) -> Iterator[Row]:
        """A table's log in order."""
        q = (
            sa.select(events_t.c.seq, events_t.c.kind, events_t.c.data)
            .where(events_t.c.table_id == table_id)
            .order_by(events_t.c.seq)
        )
        with self.engine.connect() as conn:
            for seq, kind, data in conn.execute(q):
                yield Row(seq, kind, json.loads(data))


def _grouped(ops: list[_Op]) -> Iterator[tuple[str, dict[str, Any] | list[dict[str, Any]]]]:
    """``ops`` in order, consecutive events gathered into one list of rows (one executemany)."""
    rows: list[dict[str, Any]] = []
    for kind, values in ops:
        if kind == "event":
            rows.append(values)
            continue
        if rows:
            yield "event", rows
            rows = []
        yield kind, values
    if rows:
        yield "event", rows


@functools.cache
def _sqlite_statements() -> dict[str, str]:
    """The loop's three writes as SQLite SQL with named parameters, compiled from the tables."""
    dialect = sqlite_dialect(paramstyle="named")
    status = tables_t.update().where(tables_t.c.id == sa.bindparam("id")).values(status=sa.bindparam("new_status"))
    return {
        "event": str(events_t.insert().compile(dialect=dialect)),
        "table": str(tables_t.insert().compile(dialect=dialect)),
        "status": str(status.compile(dialect=dialect)).replace(":new_status", ":status"),
    }


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)
