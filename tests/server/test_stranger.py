"""A stranger against ``hkmj serve``, knowing only docs/protocol.md and docs/server.md: every kind of
answer the server writes, whoever writes it (docs/server.md, "Threat model"). A real server on
127.0.0.1 each.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
import urllib.request
from collections.abc import Callable

from websockets.asyncio.client import connect

from hkmj.server.testing import Server, choose, match_over, play

MakeServer = Callable[..., Server]

HANDSHAKE = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
KEY = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"


def answer_of(server: Server, request: bytes, *, sock: socket.socket | None = None) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body the server writes for the raw ``request``
    (on ``sock`` when given), read until it closes the connection."""
    s = sock or socket.create_connection(("127.0.0.1", server.port))
    s.settimeout(10)
    if request:
        s.sendall(request)
    raw = b""
    try:
        while chunk := s.recv(65536):
            raw += chunk
    except ConnectionResetError:
        pass
    s.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].startswith("HTTP/1.1 "), raw[:300]
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def secured(what: str, status: int, headers: dict[str, str]) -> list[str]:
    """What the answer ``what`` lacks of the headers every answer carries (docs/server.md)."""
    lacks = []
    if "frame-ancestors 'none'" not in headers.get("content-security-policy", ""):
        lacks.append("Content-Security-Policy with frame-ancestors 'none'")
    if "script-src 'self'" not in headers.get("content-security-policy", "") and "default-src 'none'" not in headers.get(
        "content-security-policy", ""
    ):
        lacks.append("Content-Security-Policy limiting scripts")
    if headers.get("x-frame-options") != "DENY":
        lacks.append("X-Frame-Options: DENY")
    if headers.get("x-content-type-options") != "nosniff":
        lacks.append("X-Content-Type-Options: nosniff")
    if headers.get("referrer-policy") != "no-referrer":
        lacks.append("Referrer-Policy: no-referrer")
    if not headers.get("content-type"):
        lacks.append("Content-Type")
    if status >= 400 and headers.get("cache-control") not in ("no-store", "no-cache"):
        lacks.append("Cache-Control: no-store")
    return [f"{what} ({status}): no {h}" for h in lacks]


def test_every_kind_of_answer_carries_the_security_headers(make_server: MakeServer) -> None:
    """The plain-text 429 for a connection past ``--sockets-per-address``, uvicorn's own 400 for a
    request it cannot read, and every refusal of a websocket handshake (websockets' 400 and 431,
    the 403 of a foreign origin or host, the 429 past ``--http-rate``) carried none of the security
    headers every other answer carries, and no refusal said ``Cache-Control`` (a shared cache could
    keep a 429 or a 503 for everyone behind it). Every answer the server writes, whoever writes
    it, now carries them, and a refusal ``Cache-Control: no-store``."""
    server = make_server(None, "--sockets-per-address", "6", "--max-tables", "1", "--http-rate", "5", "--header-timeout", "1")
    host = f"Host: 127.0.0.1:{server.port}\r\n"
    close = "Connection: close\r\n"

    def http(head: str, body: bytes = b"") -> bytes:
        return head.encode() + body

    server.create(slots=[None, "greedy", "greedy", "greedy"])  # the only table --max-tables allows
    big = b"{" + b" " * 10_000 + b"}"
    json_post = f"POST /api/tables HTTP/1.1\r\n{host}{close}Content-Type: application/json\r\n"
    asked = {
        "a page": http(f"GET / HTTP/1.1\r\n{host}{close}\r\n"),
        "a garbled request line": b"GARBAGE\r\n\r\n",
        "a bad Content-Length": http(f"POST /api/tables HTTP/1.1\r\n{host}Content-Length: -5\r\n\r\n"),
        "a 20 KB header": http(f"GET / HTTP/1.1\r\n{host}X-Pad: {'b' * 20_000}\r\n\r\n"),
        "another host": http(f"GET / HTTP/1.1\r\nHost: evil.example\r\n{close}\r\n"),
        "a foreign origin's POST": http(f"{json_post}Origin: http://evil.example\r\nContent-Length: 2\r\n\r\n{{}}"),
        "an unknown path": http(f"GET /missing HTTP/1.1\r\n{host}{close}\r\n"),
        "an unknown table": http(f"GET /api/tables/nope HTTP/1.1\r\n{host}{close}\r\n"),
        "a method not served": http(f"DELETE /api/info HTTP/1.1\r\n{host}{close}\r\n"),
        "a body cut short": http(f"{json_post}Content-Length: 50\r\n\r\n{{"),
        "a body too large": http(f"{json_post}Content-Length: {len(big)}\r\n\r\n", big),
        "a form": http(f"POST /api/tables HTTP/1.1\r\n{host}{close}Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{{}}"),
        "a table past --max-tables": http(f"{json_post}Content-Length: 2\r\n\r\n{{}}"),
        "a handshake with no key": http(f"GET /ws HTTP/1.1\r\n{host}{HANDSHAKE}\r\n"),
        "a handshake from another origin": http(f"GET /ws HTTP/1.1\r\n{host}{HANDSHAKE}{KEY}Origin: http://evil.example\r\n\r\n"),
        "a handshake to another host": http(f"GET /ws HTTP/1.1\r\nHost: evil.example\r\n{HANDSHAKE}{KEY}\r\n"),
        "a handshake with a 9 KB header": http(f"GET /ws HTTP/1.1\r\n{host}{HANDSHAKE}{KEY}X-Pad: {'b' * 9000}\r\n\r\n"),
        "a handshake with an 8 KB request line": http(f"GET /ws?{'a' * 8300} HTTP/1.1\r\n{host}{HANDSHAKE}{KEY}\r\n"),
    }
    statuses: dict[str, int] = {}
    lacking: list[str] = []
    for what, request in asked.items():
        status, headers, _ = answer_of(server, request)
        statuses[what] = status
        lacking += secured(what, status, headers)
    # the sockets past --sockets-per-address: six held open, the seventh refused at once
    held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(6)]
    status, headers, body = answer_of(server, b"")
    statuses["a socket past --sockets-per-address"] = status
    lacking += secured("a socket past --sockets-per-address", status, headers)
    for s in held:
        s.close()
    # past --http-rate (5 a second, bursts of 20): the HTTP request and the handshake alike
    for what, request in {
        "a request past --http-rate": http(f"GET /api/info HTTP/1.1\r\n{host}{close}\r\n"),
        "a handshake past --http-rate": http(f"GET /ws HTTP/1.1\r\n{host}{HANDSHAKE}{KEY}\r\n"),
    }.items():
        for _ in range(40):
            status, headers, _ = answer_of(server, request)
            if status == 429:
                break
        statuses[what] = status
        lacking += secured(what, status, headers)
    assert statuses == {
        "a page": 200,
        "a garbled request line": 400,
        "a bad Content-Length": 400,
        "a 20 KB header": 400,
        "another host": 403,
        "a foreign origin's POST": 403,
        "an unknown path": 404,
        "an unknown table": 404,
        "a method not served": 405,
        "a body cut short": 408,
        "a body too large": 413,
        "a form": 415,
        "a table past --max-tables": 503,
        "a handshake with no key": 400,
        "a handshake from another origin": 403,
        "a handshake to another host": 403,
        "a handshake with a 9 KB header": 431,
        "a handshake with an 8 KB request line": 414,
        "a socket past --sockets-per-address": 429,
        "a request past --http-rate": 429,
        "a handshake past --http-rate": 429,
    }, statuses
    assert not lacking, "\n".join(lacking)
    assert b"too many connections from your address" in body


def finished(server: Server, tid: str) -> bool:
    """Whether the table ``tid`` is over and no longer live (saved just after its last frame)."""
    with urllib.request.urlopen(f"{server.base}/api/tables/{tid}", timeout=10) as r:
        answer = json.loads(r.read())
    return bool(answer["table"]["status"] == "over" and not answer["live"])


def test_a_finished_tables_final_frame_counts_against_the_lookup_budget(make_server: MakeServer) -> None:
    """A ``watch`` (or ``join``, ``resume``) of a finished table is answered with its final frame,
    kilobytes for the hundred bytes asked, and leaves the socket free to ask again; a table already
    replayed was not counted against ``--replay-rate``, so one address's sockets drew some 8 MB a
    second from the server. Every final frame now counts as a lookup: past the address's 20 a
    minute, a short ``rate_limited`` (``limit: "lookups"``) instead."""
    server = make_server()
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, bot_delay=0, claim_window=0.01, next_delay=0)

    async def play_out() -> None:
        async with server.client() as c:
            await c.join(tid, 0, "Ann")
            rng = random.Random(3)
            await play([c], match_over, lambda i, legal: choose(legal, rng), 120)

    asyncio.run(play_out())
    deadline = time.monotonic() + 30
    while not finished(server, tid):  # saved as over just after its last frame
        assert time.monotonic() < deadline
        time.sleep(0.1)

    async def go() -> tuple[int, int, int, int]:
        frames = refusals = size = biggest = 0

        async def one() -> None:
            nonlocal frames, refusals, size, biggest
            async with connect(server.ws_url) as ws:
                for _ in range(15):
                    await ws.send(json.dumps({"v": 1, "type": "watch", "table": tid}))
                    while True:
                        text = str(await asyncio.wait_for(ws.recv(), 10))
                        size += len(text.encode())
                        answer = json.loads(text)
                        if answer["type"] == "state":
                            assert answer["match"]["over"]
                            frames += 1
                            biggest = max(biggest, len(text.encode()))
                            break
                        if answer["type"] == "error":
                            assert (answer["code"], answer["limit"], answer["n"]) == ("rate_limited", "lookups", 20), answer
                            assert answer["retry_after"] >= 1
                            refusals += 1
                            break

        await asyncio.gather(*(one() for _ in range(3)))
        return frames, refusals, size, biggest

    frames, refusals, size, biggest = asyncio.run(go())
    assert frames + refusals == 45
    assert 20 <= frames <= 22, (frames, refusals)  # a burst of 20, and a lookup earned every 3 s
    assert size < (frames + 1) * (biggest + 300) + refusals * 400, (size, frames, biggest)

