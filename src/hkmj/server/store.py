"""Persistence: one append-only event log per table, in SQLite or PostgreSQL (SQLAlchemy Core).

Every accepted input is a row of ``hkmj_events`` ``(table_id, seq, kind, data)``; a table is
rebuilt by replaying its rows through the deterministic engine. Rows are written by one
writer thread that commits whatever is queued in a single transaction (group commit), so
many tables share each commit; :meth:`Store.append` returns only once its row is committed.
The schema is created and upgraded by Alembic at start-up (:func:`migrate`).
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

__all__ = ["Row", "Store", "metadata", "migrate", "normalise_url"]

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


def normalise_url(url: str) -> str:
    """``postgresql://`` uses psycopg 3 (the driver the project installs); others are kept."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite runs in WAL mode (a commit survives SIGKILL of the server)."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision."""
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


class Store:
    """The database behind the server: table rows, event rows, a group-commit writer thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)
        self._q: queue.Queue[tuple[list[_Op], asyncio.Future[None] | None, asyncio.AbstractEventLoop | None] | None] = (
            queue.Queue()
        )
        self._thread = threading.Thread(target=self._writer, name="hkmj-store", daemon=True)
        self._thread.start()
        self.commits = 0
        """Transactions committed so far (a commit may carry rows of many tables)."""

    # ------------------------------------------------------------------ writes

    async def run(self, ops: list[_Op]) -> None:
        """Queue ``ops`` and wait until their transaction is committed (raises if it failed)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
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

    def _writer(self) -> None:
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
            error: BaseException | None = None
            try:
                with self.engine.begin() as conn:
                    self._execute(conn, [op for ops, _, _ in batch for op in ops])
                self.commits += 1
            except Exception as e:  # report to every waiter; nothing of this batch is applied
                error = e
            for _, fut, loop in batch:
                if fut is not None and loop is not None:
                    loop.call_soon_threadsafe(_settle, fut, error)

    @staticmethod
    def _execute(conn: Connection, ops: list[_Op]) -> None:
        rows: list[dict[str, Any]] = []
        for kind, values in ops:
            if kind == "event":
                rows.append(values)
                continue
            if rows:
                conn.execute(events_t.insert(), rows)
                rows = []
            if kind == "table":
                conn.execute(tables_t.insert().values(**values))
            elif kind == "status":
                conn.execute(tables_t.update().where(tables_t.c.id == values["id"]).values(status=values["status"]))
        if rows:
            conn.execute(events_t.insert(), rows)

    def close(self) -> None:
        """Finish queued writes and stop the writer."""
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


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)
