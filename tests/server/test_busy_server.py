"""A stranger's refused messages at a busy server: what they cost the event loop once the server
holds hundreds of tables and their seats (a real ``hkmj serve`` on 127.0.0.1, docs/server.md,
*Threat model*)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from hkmj.server.testing import Server

TABLES = 600
"""Tables of four human seats, three of them taken (so none starts): 1,800 seats held."""


def _loop_cpu(server: Server) -> float:
    """Seconds of CPU the server's main thread, its event loop, has used (Linux's
    ``/proc/PID/schedstat``, in nanoseconds: finer than the process's clock ticks)."""
    assert server.proc is not None
    with open(f"/proc/{server.proc.pid}/schedstat") as f:
        return int(f.read().split()[0]) / 1e9


def _create(server: Server) -> str:
    body = {"slots": [None, None, None, None], "sit": 0, "listed": False, "timer": None}
    req = urllib.request.Request(server.base + "/api/tables", data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return str(json.loads(r.read())["id"])


async def _sit(server: Server, tid: str, slot: int, gate: asyncio.Semaphore) -> None:
    async with gate, connect(server.ws_url) as ws:
        await ws.send(json.dumps({"v": 1, "type": "join", "table": tid, "slot": slot, "name": f"P{slot}"}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "welcome"


async def _cost(server: Server, message: dict[str, Any], answer: str, headers: dict[str, str] | None = None) -> float:
    """The event loop's CPU for four sockets sending ``message`` 80 times each at once (within a connection's
    burst), every one answered (``answer``: an error code, or ``pong``)."""

    async def one() -> None:
        async with connect(server.ws_url, additional_headers=headers) as ws:
            text = json.dumps({"v": 1, **message})
            for _ in range(80):
                await ws.send(text)
            for _ in range(80):
                got = json.loads(await asyncio.wait_for(ws.recv(), 30))
                assert got.get("code", got["type"]) == answer, got

    before = _loop_cpu(server)
    await asyncio.gather(*(one() for _ in range(4)))
    return _loop_cpu(server) - before


def test_a_join_refused_at_a_server_holding_many_seats_costs_about_what_a_ping_does(tmp_path: Path) -> None:
    """Every ``join`` counted the seats its address held (``--seats-per-address``) by reading
    every seat of every live table, before the seat asked for was even looked at: with 600 tables
    and 1,800 seats held (a busy public server holds up to 500 tables, 2,000 seats) a join of a
    taken seat cost the event loop about 185 µs against 21 µs for a ping (0.178 s against 0.021 s
    for 960 of each), so a stranger's 64 sockets sending such joins at the 50 messages a second
    each may send, from one address, held the event loop some 0.6 s of each second, and every
    table's moves waited (a ``join`` of a free seat refused for its name, or past the address's
    seats, cost the same). Seats are now counted per address as they are taken and given up: a
    refused join costs about what a ping does (30 µs), whatever the server holds."""
    lifted = ("--http-rate", "100000", "--create-rate", "100000", "--tables-per-address", "100000", "--max-tables", str(TABLES))
    server = Server(f"sqlite:///{tmp_path / 'hkmj.db'}", tmp_path / "server.log", lifted)
    server.start()
    try:
        with ThreadPoolExecutor(4) as pool:
            tids = list(pool.map(lambda _: _create(server), range(TABLES)))

        async def go() -> tuple[float, float]:
            gate = asyncio.Semaphore(32)
            await asyncio.gather(*(_sit(server, tid, slot, gate) for tid in tids for slot in (1, 2)))
            await asyncio.sleep(0.5)  # the closed sockets' presence frames
            join = {"type": "join", "table": tids[0], "slot": 1, "name": "Eve"}
            ping = {"type": "ping", "id": 1}
            pings = joins = 0.0
            for _ in range(3):  # interleaved: a busy moment of the machine falls on both
                pings += await _cost(server, ping, "pong")
                joins += await _cost(server, join, "seat_taken")
            return joins, pings

        started = time.monotonic()
        joins, pings = asyncio.run(go())
        print(f"event loop's CPU, 960 joins of a taken seat with {3 * TABLES} seats held: {joins:.3f} s; 960 pings: {pings:.3f} s ({time.monotonic() - started:.1f} s)")
        assert joins < 2 * pings + 0.02, (joins, pings)
    finally:
        server.stop()


def test_a_join_refused_past_the_tables_an_address_may_hold_costs_about_what_a_ping_does_at_a_busy_server(tmp_path: Path) -> None:
    """A ``join`` of an abandoned table's free seat would bring the table back to play, so it is
    refused (``rate_limited``, ``limit: "tables"``) from an address that holds its
    ``--tables-per-address``, and may be sent again at once. Each refusal counted the address's
    tables by reading the creator of every live table: with 500 live tables it cost the event loop
    about 78 µs against 21 µs for a ping (0.075 s against 0.020 s for 960 of each). The tables are
    now counted per address (and IPv6 /48) as they come and go: 25 to 29 µs. 500 tables, each created from an address of its own (``X-Forwarded-For`` from a trusted
    proxy); a table abandoned earlier (its status set while the server was stopped) with a free
    seat; a stranger holding its one table."""
    db = tmp_path / "hkmj.db"
    lifted = ("--http-rate", "100000", "--create-rate", "100000", "--trusted-proxy", "127.0.0.1")
    first = Server(f"sqlite:///{db}", tmp_path / "first.log", lifted)
    first.start()
    try:
        gone = first.create(slots=[None, "greedy", "greedy", "greedy"])  # nobody sat: every seat but bots' free
    finally:
        first.stop()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE hkmj_tables SET status = 'abandoned' WHERE id = ?", (gone,))
    server = Server(f"sqlite:///{db}", tmp_path / "server.log", (*lifted, "--tables-per-address", "1", "--max-tables", "501"))
    server.start()
    try:
        def create_from(address: str) -> None:
            body = json.dumps({"slots": [None, None, None, None], "listed": False, "timer": None}).encode()
            headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
            req = urllib.request.Request(server.base + "/api/tables", data=body, method="POST", headers=headers)
            urllib.request.urlopen(req, timeout=30).read()

        with ThreadPoolExecutor(4) as pool:
            list(pool.map(create_from, [f"10.1.{i // 250}.{i % 250 + 1}" for i in range(499)] + ["192.0.2.9"]))

        async def go() -> tuple[float, float]:
            join = {"type": "join", "table": gone, "slot": 0, "name": "Eve"}
            headers = {"X-Forwarded-For": "192.0.2.9"}
            pings = joins = 0.0
            for _ in range(3):
                pings += await _cost(server, {"type": "ping", "id": 1}, "pong", headers)
                joins += await _cost(server, join, "rate_limited", headers)
            return joins, pings

        joins, pings = asyncio.run(go())
        print(f"event loop's CPU, 960 joins refused past the tables of the address with 500 live tables: {joins:.3f} s; 960 pings: {pings:.3f} s")
        assert joins < 2 * pings + 0.02, (joins, pings)
    finally:
        server.stop()
