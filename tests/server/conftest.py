"""Fixtures: a real ``hkmj serve`` process on 127.0.0.1 (see :mod:`hkmj.server.testing`)."""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from hkmj.server.store import normalise_url
from hkmj.server.testing import CHROMIUM, LazyChromium, Server

PG_URL = os.environ.get("HKMJ_TEST_PG_URL", "postgresql://hkmj:hkmj@127.0.0.1:5432/hkmj_test")


RUNNING: list[Server] = []
"""The servers :func:`make_server` started in this process and has not stopped yet."""


@pytest.fixture
def pg_url() -> Iterator[str]:
    """``HKMJ_TEST_PG_URL`` emptied of hkmj tables, or skip the test when no server answers
    (.ci/run installs Debian's PostgreSQL, starts it and sets the variable).

    The suite runs on several cores (pytest-xdist): a test holds the one database alone, under a
    file lock, from the emptying to its end, its servers on it stopped before the lock is freed
    (a test asks for ``make_server`` before ``pg_url``, whose end then came first: the next test's
    server started while this one's still held the database, which a server refuses)."""
    with open(Path(tempfile.gettempdir()) / "hkmj-test-postgresql.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        url = _emptied_pg_url()
        try:
            yield url
        finally:
            for s in RUNNING:  # this test's (a worker runs one test at a time), on the database or a proxy to it
                s.stop()


def _emptied_pg_url() -> str:
    try:
        engine = sa.create_engine(normalise_url(PG_URL), connect_args={"connect_timeout": 3})
        with engine.begin() as conn:
            conn.execute(sa.text("DROP TABLE IF EXISTS hkmj_events, hkmj_tables, alembic_version"))
        engine.dispose()
    except Exception as e:
        pytest.skip(f"no PostgreSQL at HKMJ_TEST_PG_URL ({type(e).__name__}); .ci/run installs and starts one")
    return PG_URL


@pytest.fixture
def kind_db(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A database of the test's ``kind`` parameter: "sqlite", a file of its own; "postgresql",
    :func:`pg_url` (the test is skipped when no PostgreSQL answers)."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'kind.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def make(db: str | None = None, *args: str) -> Server:
        default = f"sqlite:///{tmp_path / 'hkmj.db'}"
        if db is None and any(s.alive() and s.db == default for s in servers):
            db = f"sqlite:///{tmp_path / f'hkmj{len(servers)}.db'}"  # one server per database: a second one at once gets its own
        s = Server(db or default, tmp_path / f"server{len(servers)}.log", args)
        s.start()
        servers.append(s)
        RUNNING.append(s)
        return s

    yield make
    for s in servers:
        s.stop()
        RUNNING.remove(s)


@pytest.fixture
def server(make_server: Callable[..., Server]) -> Server:
    return make_server()


def _chromium() -> LazyChromium:
    """A :class:`hkmj.server.testing.LazyChromium` (launched when first used: a test may run asyncio.run before); the
    screenshots' folder (artifacts/, gitignored) made. A test without Chromium at ``CHROMIUM`` is skipped."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium")
    (Path(__file__).resolve().parents[2] / "artifacts").mkdir(exist_ok=True)
    return LazyChromium()


@pytest.fixture(scope="module")
def module_chromium() -> Iterator[LazyChromium]:
    """One Chromium for the tests of a module that shares it (``SHARED_CHROMIUM = True``), closed after its last test."""
    browser = _chromium()
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (:class:`hkmj.server.testing.LazyChromium`), closed after the test.

    A module that sets ``SHARED_CHROMIUM = True`` shares one Chromium between its tests (launching it cost each test
    about 1.5 s); the pages a test opened are closed after it. Such a module runs its coroutines with
    :func:`hkmj.server.testing.run_apart`, not ``asyncio.run``, which fails in a thread where Playwright runs."""
    if getattr(request.module, "SHARED_CHROMIUM", False):
        shared: LazyChromium = request.getfixturevalue("module_chromium")
        try:
            yield shared
        finally:
            shared.close_contexts()
        return
    browser = _chromium()
    try:
        yield browser
    finally:
        browser.close()
