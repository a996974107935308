"""Table ids a stranger makes up: whatever a link or a message names, a table the server does not
hold is ``no_table`` (404), on either database, never a database error (a real ``hkmj serve`` on
127.0.0.1; docs/protocol.md, *Errors*)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Callable

import pytest

from hkmj.server.client import GameClient
from hkmj.server.testing import Server

ODD = ("a\x00b", "\x00", "ab%cd", "a b", "é", "a.b")
"""Ids no table has (the server's are 8 letters of ``A-Za-z0-9_-``): a NUL, which PostgreSQL refuses
in any text, and other characters an id never holds."""


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_table_id_with_a_nul_or_any_other_odd_character_is_no_table_on_either_database(
    backend: str, make_server: Callable[..., Server], request: pytest.FixtureRequest
) -> None:
    """On PostgreSQL, a table id holding a NUL (``/api/tables/%00x``, a ``watch`` of ``"a\\u0000b"``)
    was sent to the database, which refuses NUL in any text: the answer was ``503 server_error``,
    *the database is unavailable; try again shortly*, with a ``Retry-After`` (and the websocket's
    ``server_error`` alike), where SQLite said ``no_table``: a link that names no table was told to
    wait for a database that was fine, and the browser, to try again. An id the server could not
    have made is now ``no_table`` before the database is asked, on either database."""
    db = request.getfixturevalue("pg_url") if backend == "postgresql" else None
    server = make_server(db, "--replay-rate", "1000")  # each lookup of an unknown table counts: 30 here
    for tid in ODD:
        quoted = urllib.request.quote(tid, safe="")
        for path in (f"/api/tables/{quoted}", f"/api/tables/{quoted}/log"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(server.base + path, timeout=10)
            body = refused.value.read()
            assert refused.value.code == 404, (tid, path, refused.value.code, body[:200])
            assert json.loads(body)["error"] == "no_table", (tid, path, body[:200])

    async def go() -> list[dict[str, object]]:
        answers = []
        async with GameClient(server.ws_url) as c:
            for tid in ODD:
                for kind in ("watch", "join", "resume"):
                    await c.send(type=kind, table=tid, slot=0, token="x" * 32)
                    answers.append(await c.wait(lambda m: m.get("type") == "error", timeout=10))
        return answers

    answers = asyncio.run(go())
    assert {a["code"] for a in answers} == {"no_table"}, answers
    assert server.create()  # the database is fine
