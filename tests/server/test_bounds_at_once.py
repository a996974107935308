"""Issue 9, availability: ``--max-tables`` bounds the tables in play in all, also against
requests sent at once (docs/server.md, Threat model, "create tables in a loop").

Every test runs a real ``hkmj serve`` on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path

from hkmj.server.testing import Server

MakeServer = Callable[..., Server]

GENEROUS = ("--create-rate", "1000", "--tables-per-address", "1000", "--unattended-per-address", "1000", "--http-rate", "1000")
"""Per-address limits far away, so that only ``--max-tables`` can refuse."""


def live(server: Server) -> int:
    return int(server.get("/api/info")["live_tables"])


async def _post_raw(server: Server, body: bytes) -> tuple[int, dict[str, object]]:
    """One ``POST /api/tables`` on a connection of its own; its status and JSON answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    head = (
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {server.base}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    writer.write(head.encode() + body)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    status = int(answer.split(b" ", 2)[1])
    return status, json.loads(answer.split(b"\r\n\r\n", 1)[1] or b"{}")


def test_creations_sent_at_once_never_take_more_than_max_tables(make_server: MakeServer) -> None:
    """The cap was checked against the live tables only, before the new table was saved: while
    one creation waited for the database the others found room too, so twenty creations sent at
    once with ``--max-tables 3`` made twenty tables live. Now the tables being saved count too:
    three are made, the others get 503 ``table_full``."""
    server = make_server(None, "--max-tables", "3", *GENEROUS)
    body = json.dumps({"slots": [None, "greedy", "greedy", "greedy"]}).encode()

    async def go() -> list[tuple[int, dict[str, object]]]:
        return list(await asyncio.gather(*(_post_raw(server, body) for _ in range(16))))

    answers = asyncio.run(go())
    statuses = sorted(status for status, _ in answers)
    assert statuses == [201] * 3 + [503] * 13, statuses
    assert all(a["error"] == "table_full" for status, a in answers if status == 503), answers
    assert live(server) == 3


def test_abandoned_tables_brought_back_at_once_never_take_more_than_max_tables(make_server: MakeServer, tmp_path: Path) -> None:
    """A player's ``resume`` of an abandoned table brings it back to play, if ``--max-tables``
    leaves room. The room was checked before the table was replayed from its log, so players of
    four abandoned tables resuming at once under ``--max-tables 2`` made all four live."""
    db = f"sqlite:///{tmp_path / 'bounds.db'}"
    first = make_server(db, "--abandon-after", "1", *GENEROUS)
    tids = [first.create(slots=[None, "greedy", "greedy", "greedy"], timer=60) for _ in range(4)]

    async def sit_and_leave() -> list[str]:
        tokens = []
        for tid in tids:
            c = first.client()
            await c.open()
            tokens.append(await c.join(tid, 0, "Bo"))
            await c.close()
        deadline = time.monotonic() + 15
        while live(first) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert live(first) == 0, "tables nobody is connected to stayed live"
        return tokens

    tokens = asyncio.run(sit_and_leave())
    first.stop()
    server = make_server(db, "--abandon-after", "60", "--max-tables", "2", *GENEROUS)
    assert live(server) == 0

    async def back() -> list[str]:
        async def one(tid: str, token: str) -> str:
            c = server.client()
            await c.open()
            try:
                await c.resume(tid, token)
                return "back"
            except Exception as e:  # the client raises the server's error
                return str(e)
            finally:
                await c.close()

        return list(await asyncio.gather(*(one(t, k) for t, k in zip(tids, tokens, strict=True))))

    results = asyncio.run(back())
    assert results.count("back") == 2, results
    assert all("table_full" in r or "tables in play" in r for r in results if r != "back"), results
    assert live(server) <= 2


def test_tables_of_four_bots_sent_at_once_never_pass_unattended_per_address(make_server: MakeServer) -> None:
    """``--unattended-per-address`` counted the started tables of bots only, and a table of four
    bots is started only once it is saved: twenty such creations sent at once under a bound of
    two made four. Now the creations under way count too: two are made, the others get 429
    (``limit`` ``unattended``)."""
    server = make_server(
        None, "--create-rate", "1000", "--tables-per-address", "1000", "--http-rate", "1000", "--unattended-per-address", "2"
    )
    body = json.dumps({"slots": ["random"] * 4, "hands": 4}).encode()

    async def go() -> list[tuple[int, dict[str, object]]]:
        return list(await asyncio.gather(*(_post_raw(server, body) for _ in range(16))))

    answers = asyncio.run(go())
    statuses = sorted(status for status, _ in answers)
    assert statuses == [201] * 2 + [429] * 14, statuses
    assert all(a["limit"] == "unattended" for status, a in answers if status == 429), answers
    assert live(server) == 2
