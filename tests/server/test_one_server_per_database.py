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
from collections.abc import Callable
from pathlib import Path

import pytest

from hkmj.server.testing import Server, free_port


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_second_server_on_the_same_database_refuses_to_start_and_a_killed_ones_database_is_free(
    kind: str, tmp_path: Path, make_server: Callable[..., Server], kind_db: str
) -> None:
    db = kind_db
    first = make_server(db)
    tid = first.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)

    async def sit() -> str:
        async with first.client() as c:
            return await c.join(tid, 0, "Ann")

    token = asyncio.run(sit())
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
