"""What an operator running ``hkmj serve`` sees of it: its log and how it stops (docs/server.md,
first section; ``hkmj serve --help``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from hkmj.server.testing import free_port


class Run:
    """``hkmj serve --log-level info`` in a session of its own, as at a terminal (Ctrl+C signals
    its whole process group), its stdout and stderr in two files."""

    def __init__(self, tmp_path: Path) -> None:
        self.port = free_port()
        self.out, self.err = tmp_path / "stdout", tmp_path / "stderr"
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(self.port), "--db", f"sqlite:///{tmp_path / 'op.db'}",
                 "--log-level", "info", "--all-bot-pace", "0"],
                stdout=out,
                stderr=err,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, self.err.read_text(errors="replace")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/info", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

    def post(self, path: str, body: dict[str, object]) -> None:
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status in (200, 201)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def run(tmp_path: Path) -> Iterator[Run]:
    r = Run(tmp_path)
    try:
        yield r
    finally:
        r.stop()


def test_each_request_is_logged_on_stderr_at_once_as_the_help_says(run: Run) -> None:
    """``--log-level``: "how much the server logs on stderr: its start-up, each request and any
    problem". The requests' lines were uvicorn's, on stdout: not in a log of stderr (``2>
    server.log``), and in a file (``> server.log 2>&1``) held in a buffer, shown kilobytes late
    and lost when the server stopped. They are on stderr now, each written as it happens."""
    with urllib.request.urlopen(f"http://127.0.0.1:{run.port}/api/tables", timeout=10) as r:
        assert r.status == 200
    deadline = time.monotonic() + 30
    while '"GET /api/tables HTTP/1.1" 200' not in run.err.read_text(errors="replace"):
        assert time.monotonic() < deadline, run.err.read_text(errors="replace")
        time.sleep(0.2)
    assert run.out.read_text(errors="replace") == ""


def test_ctrl_c_stops_the_server_with_no_traceback_and_status_130(run: Run) -> None:
    """Ctrl+C at the terminal signals the whole process group, the bots' process as well as the
    server: the bots' process printed a ``KeyboardInterrupt`` traceback (``Process
    SpawnProcess-1: Traceback ...``) in the server's log as it stopped. It ignores SIGINT now (the
    server ends it), and the server says one line and ends with status 130, as ``--help`` says."""
    run.post("/api/tables", {"slots": ["greedy", "greedy", "greedy", "greedy"], "length": "game", "bot_delay": 0,
                             "claim_window": 0.02, "next_delay": 0})
    time.sleep(1.0)  # the bots play: their process waits for the next decision or makes one
    os.killpg(run.proc.pid, signal.SIGINT)
    try:
        run.proc.wait(30)
    except subprocess.TimeoutExpired:
        pytest.fail("the server did not stop on Ctrl+C")
    said = run.err.read_text(errors="replace")
    deadline = time.monotonic() + 10
    while "Traceback" not in said and _children_alive(run.proc.pid) and time.monotonic() < deadline:
        time.sleep(0.2)  # a child still writing its traceback
        said = run.err.read_text(errors="replace")
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said[-3000:]
    assert said.rstrip().endswith("hkmj serve: interrupted (Ctrl+C)"), said[-500:]
    assert run.proc.returncode == 130


def test_sighup_stops_the_server_as_sigterm_does_with_status_129(run: Run) -> None:
    """SIGHUP (the terminal or ssh session running ``hkmj serve`` closed): uvicorn catches SIGINT
    and SIGTERM only, so SIGHUP ended the server mid-loop, with no shutdown (connections cut, the
    bots' process's semaphores reported leaked). It now stops as on SIGTERM, its application shut
    down, and ends with 129 as ``--help`` says."""
    run.proc.send_signal(signal.SIGHUP)
    try:
        run.proc.wait(30)
    except subprocess.TimeoutExpired:
        pytest.fail("the server did not stop on SIGHUP")
    said = run.err.read_text(errors="replace")
    assert "Application shutdown complete" in said and "Traceback" not in said, said[-3000:]
    assert run.proc.returncode in (129, -signal.SIGHUP)  # ended by the signal raised again: a shell says 129


def _children_alive(pgid: int) -> bool:
    """Whether any process of the server's process group is still running."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("db", ["sqlite:///", "sqlite://", "sqlite:///:memory:"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_database_in_memory_is_refused_at_start_up(db: str, lang: str) -> None:
    """``--db sqlite:///`` (a file's name forgotten) or ``:memory:`` started a server whose every
    table was refused "the database is unavailable; try again shortly" while its log said
    "database write failed (OperationalError: no such table: hkmj_tables); retrying" for ever: each
    of its connections was a database of its own, empty. It is refused before start-up, in one
    line naming the option, exit status 2 (docs/server.md, first section)."""
    done = subprocess.run(
        [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(free_port()), "--db", db, "--lang", lang],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2, done.stderr
    said = done.stderr.replace("\u00a0", " ")
    assert said.count("\n") == 1 and "--db" in said and "Traceback" not in said, said
    assert ("a database in memory (no file named)" if lang == "en" else "une base de données en mémoire (aucun fichier nommé)") in said
    assert "sqlite:///hkmj.db" in said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_database_a_newer_hkmj_migrated_is_refused_in_one_line(lang: str, tmp_path: Path) -> None:
    """A database whose schema a newer hkmj upgraded (an Alembic revision this release does not
    have), given to this one again (a release rolled back): the start-up printed alembic's
    traceback, "Can't locate revision identified by ...", and "Application startup failed". It is
    refused before start-up in one line naming the revision, exit status 2."""
    import sqlalchemy as sa

    from hkmj.server.store import migrate, normalise_url

    db = f"sqlite:///{tmp_path / 'newer.db'}"
    engine = sa.create_engine(normalise_url(db))
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = 'f00dcafe1234'"))
    engine.dispose()
    done = subprocess.run(
        [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(free_port()), "--db", db, "--lang", lang],
        capture_output=True, text=True, timeout=120,
    )
    said = done.stderr.replace("\u00a0", " ")
    assert done.returncode == 2 and said.count("\n") == 1 and "Traceback" not in said, said[-3000:]
    assert "f00dcafe1234" in said and "--db" in said
    assert ("which this hkmj does not know (a newer hkmj made it)" if lang == "en" else "que ce hkmj ne connaît pas") in said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_database_opened_read_only_is_refused_in_one_line(lang: str, tmp_path: Path) -> None:
    """A SQLite database named read-only (a URI filename's ``mode=ro``; ``immutable=1`` alike):
    the server started, said its tables restored and took new tables, then logged "attempt to
    write a readonly database; retrying with backoff until it works" for ever while every move
    waited. It is refused before start-up in one line, exit status 2 (docs/server.md, first
    section)."""
    import sqlalchemy as sa

    from hkmj.server.store import migrate, normalise_url

    path = tmp_path / "club.db"
    engine = sa.create_engine(normalise_url(f"sqlite:///{path}"))
    migrate(engine)
    engine.dispose()
    done = subprocess.run(
        [sys.executable, "-m", "hkmj.cli", "serve", "--port", str(free_port()), "--db", f"sqlite:///file:{path}?mode=ro&uri=true", "--lang", lang],
        capture_output=True, text=True, timeout=120,
    )
    said = done.stderr.replace("\u00a0", " ")
    assert done.returncode == 2 and said.count("\n") == 1 and "Traceback" not in said, said[-3000:]
    assert "--db" in said and "mode=ro" in said
    assert ("cannot write the database (attempt to write a readonly database)" if lang == "en" else "impossible d'écrire dans la base de données") in said


def test_the_start_ups_write_probe_leaves_nothing_in_the_database(tmp_path: Path) -> None:
    """The probe that refuses a read-only database writes a table and rolls it back: the driver
    commits DDL of its own accord, so it must not stay (a second start would find it and refuse a
    good database)."""
    import sqlalchemy as sa

    from hkmj.server.store import migrate, normalise_url, write_problem

    db = f"sqlite:///{tmp_path / 'club.db'}"
    engine = sa.create_engine(normalise_url(db))
    migrate(engine)
    assert write_problem(db) is None and write_problem(db) is None
    assert "hkmj_write_probe" not in sa.inspect(engine).get_table_names()
    engine.dispose()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sqlite_url_option_the_driver_would_ignore_is_refused_in_one_line(lang: str, tmp_path: Path) -> None:
    """``sqlite:///club.db?mode=ro`` (an option SQLite reads only with ``uri=true``): the server
    printed SQLAlchemy's warning, source lines and all, three times, and started without it (not
    read-only). It is refused before start-up in one line naming the option (docs/server.md)."""
    import warnings

    from hkmj.run_words import said
    from hkmj.server.store import db_problem

    url = f"sqlite:///{tmp_path / 'club.db'}?mode=ro"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no SAWarning before the refusal
        problem = db_problem(url, connect=True)
    assert problem is not None
    line = said("serve", f"--db {url!r}: {problem}", lang).replace("\u00a0", " ")
    assert "\n" not in line and "mode" in line
    assert ("SQLite does not read mode in this URL without uri=true" if lang == "en" else "SQLite ne lit pas mode dans cette URL sans uri=true") in line
    assert db_problem(f"sqlite:///{tmp_path / 'club.db'}?timeout=5", connect=True) is None  # an argument the driver reads


def test_debug_log_of_websocket_frames_shows_no_seat_token() -> None:
    """``--log-level debug``: websockets logs each frame on uvicorn's logger, which showed a
    message's first and last 37 characters: the end of the seat token of every ``welcome`` and of
    a browser's ``resume`` (and a player's hidden tiles). Each frame is now its kind and size."""
    import logging

    from websockets.frames import Frame, Opcode

    from hkmj.server.http import LogRate

    token = "Zq3" * 11
    frame = Frame(Opcode.TEXT, json.dumps({"type": "resume", "table": "ExOawLwu", "token": token}).encode())
    record = logging.LogRecord("uvicorn.error", logging.DEBUG, __file__, 1, "< %s", (frame,), None)
    assert LogRate().filter(record)
    line = record.getMessage()
    assert line == f"< TEXT [{len(frame.data)} bytes]" and token[-10:] not in line
