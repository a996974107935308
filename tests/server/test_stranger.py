"""A stranger against ``hkmj serve``, knowing only docs/protocol.md and docs/server.md: every kind of
answer the server writes, whoever writes it; a finished table's final frame as a bandwidth
amplifier; and the stranger's attack script, trying to lock a table, read another seat's tiles,
and crash or slow the server (docs/server.md, "Attacked by a stranger who read the docs"). A real
server on 127.0.0.1 each.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect

from hkmj.server.client import GameClient
from hkmj.server.testing import Server, choose, drain, match_over, my_turn, play, public_tiles, tiles_in

MakeServer = Callable[..., Server]

HANDSHAKE = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
KEY = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"


def answer_of(
    server: Server, request: bytes, *, sock: socket.socket | None = None, timeout: float = 10.0
) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body the server writes for the raw ``request``
    (on ``sock`` when given), read until it closes the connection, or, once a whole head came,
    until it has said nothing for ``timeout`` seconds (a handshake answered 101 stays open)."""
    s = sock or socket.create_connection(("127.0.0.1", server.port))
    s.settimeout(timeout)
    if request:
        s.sendall(request)
    raw = b""
    try:
        while chunk := s.recv(65536):
            raw += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        if b"\r\n\r\n" not in raw:
            raise
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
    request it cannot read, and every refusal of a websocket handshake (websockets' 400, 405 and 431,
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
        "a 20 KB URL": http(f"GET /?{'a' * 20_000} HTTP/1.1\r\n{host}\r\n"),
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
        "a handshake with a 20 KB header": http(f"GET /ws HTTP/1.1\r\n{host}{HANDSHAKE}{KEY}X-Pad: {'b' * 20_000}\r\n\r\n"),
        "a handshake with a 20 KB request line": http(f"GET /ws?{'a' * 20_000} HTTP/1.1\r\n{host}{HANDSHAKE}{KEY}\r\n"),
        "a POST handshake": http(f"POST /ws HTTP/1.1\r\n{host}{HANDSHAKE}{KEY}\r\n"),
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
        for _ in range(40):  # on a loaded machine the bucket may refill between two: a handshake then is 101, and open
            status, headers, _ = answer_of(server, request, timeout=1.0)
            if status == 429:
                break
        statuses[what] = status
        lacking += secured(what, status, headers)
    assert statuses == {
        "a page": 200,
        "a garbled request line": 400,
        "a bad Content-Length": 400,
        "a 20 KB header": 431,
        "a 20 KB URL": 414,
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
        "a handshake with a 20 KB header": 431,
        "a handshake with a 20 KB request line": 414,
        "a POST handshake": 405,
        "a socket past --sockets-per-address": 429,
        "a request past --http-rate": 429,
        "a handshake past --http-rate": 429,
    }, statuses
    assert not lacking, "\n".join(lacking)
    assert b"too many connections from your address" in body


def test_a_body_announced_too_large_is_refused_at_once_without_waiting_for_it(server: Server) -> None:
    """A ``POST`` whose ``Content-Length`` is over the body limit (8,192 bytes at POST /api/tables) was read until it
    was passed, or, when the client sent nothing after its head, answered ``408`` only once the
    body timeout (10 s) had run out, its socket held meanwhile; it is now ``413`` at once, saying
    the limit, whether any of the body follows or not, and the server serves the next request."""
    host = f"Host: 127.0.0.1:{server.port}\r\n"
    for declared in ("8193", "10000000", "999999999999"):
        head = f"POST /api/tables HTTP/1.1\r\n{host}Connection: close\r\nContent-Type: application/json\r\nContent-Length: {declared}\r\n\r\n"
        start = time.monotonic()
        status, headers, body = answer_of(server, head.encode())
        assert (status, time.monotonic() - start < 2.0) == (413, True), (declared, status, body[:200])
        assert b"request bodies are limited to" in body and headers.get("cache-control") == "no-store"
    status, _, _ = answer_of(server, f"GET /api/info HTTP/1.1\r\n{host}Connection: close\r\n\r\n".encode())
    assert status == 200


def test_a_request_head_too_large_is_answered_431_and_the_server_serves_the_next(server: Server) -> None:
    """A request head over 16 KiB (the HTTP parser's bound) was answered ``400 Invalid HTTP request
    received.``; it is now ``431 Request Header Fields Too Large`` (RFC 6585), ``414 URI Too Long``
    for a request line alone over the bound, each saying the bound, with the security headers,
    ``Cache-Control: no-store`` and ``Connection: close``, and the connection closed, whether the
    head arrives at once or in pieces, first on its socket or after a request served. A request
    garbled otherwise is still ``400``, and the server serves the next request."""
    host = f"Host: 127.0.0.1:{server.port}\r\n"
    pad = f"X-Pad: {'b' * 100_000}\r\n"

    def in_pieces(request: bytes) -> socket.socket:
        s = socket.create_connection(("127.0.0.1", server.port))
        with contextlib.suppress(OSError):  # the server closes once it has read 16 KiB
            for i in range(0, len(request), 8192):
                s.sendall(request[i : i + 8192])
        return s

    def after_one_served(request: bytes) -> socket.socket:
        s = socket.create_connection(("127.0.0.1", server.port))
        s.settimeout(10)
        s.sendall(f"GET /api/info HTTP/1.1\r\n{host}\r\n".encode())
        raw = b""
        while b"\r\n\r\n" not in raw:
            raw += s.recv(65536)
        head, _, body = raw.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)\r\ncontent-length: (\d+)", head)
        assert head.startswith(b"HTTP/1.1 200 ") and length, raw[:300]
        while len(body) < int(length.group(1)):
            body += s.recv(65536)
        with contextlib.suppress(OSError):
            s.sendall(request)
        return s

    header = f"GET / HTTP/1.1\r\n{host}{pad}\r\n".encode()
    url = f"GET /?{'a' * 100_000} HTTP/1.1\r\n{host}\r\n".encode()
    many = "".join(f"X-H{i}: v\r\n" for i in range(200))
    asked: dict[str, tuple[bytes, socket.socket | None]] = {
        "a 100 KB header at once": (header, None),
        "a 100 KB header in pieces": (b"", in_pieces(header)),
        "a 100 KB header after a request served": (b"", after_one_served(header)),
        "200 headers": (f"GET / HTTP/1.1\r\n{host}{many}\r\n".encode(), None),
        "a 100 KB URL at once": (url, None),
        "a 100 KB URL in pieces": (b"", in_pieces(url)),
    }
    answers = {what: answer_of(server, request, sock=sock) for what, (request, sock) in asked.items()}
    statuses = {what: status for what, (status, _, _) in answers.items()}
    assert statuses == {
        "a 100 KB header at once": 431,
        "a 100 KB header in pieces": 431,
        "a 100 KB header after a request served": 431,
        "200 headers": 431,
        "a 100 KB URL at once": 414,
        "a 100 KB URL in pieces": 414,
    }, statuses
    lacking: list[str] = []
    for what, (status, headers, body) in answers.items():
        lacking += secured(what, status, headers)
        assert headers.get("cache-control") == "no-store", (what, headers)
        assert headers.get("connection") == "close", (what, headers)
        assert int(headers["content-length"]) == len(body), (what, headers, body)
        if status == 431:
            assert body == b"request head too large: at most 16384 bytes and 128 header lines\n", (what, body)
        else:
            assert body == b"request line too long: at most 16384 bytes\n", (what, body)
    assert not lacking, "\n".join(lacking)
    status, headers, body = answer_of(server, b"GARBAGE\r\n\r\n")
    assert status == 400 and not secured("a garbled request line", status, headers), (status, headers, body)
    status, _, body = answer_of(server, f"GET /api/info HTTP/1.1\r\n{host}Connection: close\r\n\r\n".encode())
    assert status == 200, (status, body[:200])


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


# ------------------------------------------------------------------ the stranger's attack script


async def answer(c: GameClient, **msg: Any) -> dict[str, Any]:
    """The one answer (``welcome``, ``ack``, ``pong`` or ``error``) to ``msg`` sent on ``c``."""
    await c.send(**msg)
    return await c.wait(lambda m: m["type"] in ("welcome", "ack", "pong", "error"), 10)


def test_a_stranger_cannot_lock_a_table_of_friends(make_server: MakeServer) -> None:
    """docs/protocol.md tells a stranger how to join, resume, start and act; they try to hold a
    listed table: every seat, a seat already taken, a bot's seat, the start, tokens guessed, a
    flood of claims, and then sitting on every decision without a word. Ann, the host, still
    plays her turns at a pace the stranger cannot hold back (``--idle-after``, ``--slow-grace``,
    ``--slow-bank``; docs/server.md)."""
    server = make_server(None, "--idle-after", "1", "--slow-grace", "0.2", "--slow-bank", "0.2")
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=None, claim_window=0.05, hands=1, listed=True)

    async def go() -> tuple[dict[str, str | None], dict[str, Any], int, float]:
        codes: dict[str, str | None] = {}
        s1, s2 = server.client(), server.client()
        await s1.open()
        await s2.open()
        async with server.client() as ann:
            await ann.join(tid, 0, "Ann")
            for what, msg, c in (
                ("Ann's seat", {"type": "join", "table": tid, "slot": 0, "name": "Bob"}, s1),
                ("a bot's seat", {"type": "join", "table": tid, "slot": 2, "name": "Bob"}, s1),
                ("slot 7", {"type": "join", "table": tid, "slot": 7, "name": "Bob"}, s1),
                ("Ann's name", {"type": "join", "table": tid, "slot": 1, "name": "ANN"}, s1),
                ("a guessed token", {"type": "resume", "table": tid, "token": "A" * 32}, s1),
                ("start before sitting", {"type": "start"}, s1),
                ("the free seat", {"type": "join", "table": tid, "slot": 1, "name": "Bob"}, s1),
                ("the same seat again", {"type": "join", "table": tid, "slot": 1, "name": "Bob2"}, s2),
                ("a second seat from a seated socket", {"type": "join", "table": tid, "slot": 0}, s1),
            ):
                got = await answer(c, **msg)
                codes[what] = got.get("code") if got["type"] == "error" else got["type"]
            # the stranger floods claims and actions of every kind, never a legal one
            for i in range(120):
                await s1.send(type="action", cseq=10**6 + i, at=0, action=("pung", "kong 5p", "mahjong", "chow 345s")[i % 4])
            limited = await s1.wait(lambda m: m.get("code") == "rate_limited", 10)
            # then sits on every decision: Ann plays six turns of her own all the same
            started = time.monotonic()
            turns, acted = 0, -1
            while turns < 6 and time.monotonic() < started + 30:
                st = ann.state or {}
                if st.get("reveal"):  # the hand ended sooner (a bot's Mahjong, the wall)
                    break
                legal = (st.get("mine") or {}).get("legal") or []
                if legal and st["seq"] != acted:
                    acted = st["seq"]
                    discards = [a for a in legal if a.startswith("discard")]
                    turns += bool(discards)
                    await ann.act(discards[0] if discards else "pass")
                with contextlib.suppress(TimeoutError):
                    await ann.recv(0.5)
            took = time.monotonic() - started
        for c in (s1, s2):  # walks away without reading what is queued (a close would wait for it)
            assert c.ws is not None
            c.ws.transport.abort()
        return codes, limited, turns, took

    codes, limited, turns, took = asyncio.run(go())
    assert codes == {
        "Ann's seat": "seat_taken",
        "a bot's seat": "seat_taken",
        "slot 7": "bad_request",
        "Ann's name": "name_taken",
        "a guessed token": "bad_token",
        "start before sitting": "not_joined",
        "the free seat": "welcome",
        "the same seat again": "seat_taken",
        "a second seat from a seated socket": "already_joined",
    }, codes
    assert limited["limit"] == "messages"  # past 100 messages at once: dropped, said once a second
    assert turns >= 1 and took < 15, (turns, took)


KINDS = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
TILE_ID = re.compile(r"[1-9][mpszf]:[0-3]")


def test_a_stranger_reads_no_other_seats_tiles_from_frames_errors_or_the_api(make_server: MakeServer) -> None:
    """Seated at a table of bots, a second socket watching, the stranger asks for every action on
    every tile it does not hold (a discard, each kong) and reads every frame, error, the
    lobby's summary, the log export and a review with a guessed token. Each refusal of an action is
    one sentence whatever tile is named (what the others hold or the wall keeps changes nothing in
    it), names no physical tile, and every frame shows only public tiles and the seat's own."""
    server = make_server()
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, bot_delay=0, claim_window=0.3, timer=None)

    async def go() -> tuple[dict[str, set[str]], list[str], list[dict[str, Any]], list[dict[str, Any]]]:
        texts: dict[str, set[str]] = {}
        leaks: list[str] = []
        async with server.client(record=True) as me, server.client(record=True) as spectator:
            await me.join(tid, 0, "Eve")
            await spectator.watch(tid)
            st = await my_turn(me, 20)
            held = {t.split(":")[0] for t in st["mine"]["concealed"]}
            others = [k for k in KINDS if k not in held][:20]  # 4 x 20 messages: under a burst of 100
            for verb in ("discard", "concealed kong", "added kong", "kong"):
                for kind in others:
                    got = await answer(me, type="action", cseq=me.cseq + 1, at=st["seq"], action=f"{verb} {kind}")
                    me.cseq += 1
                    assert got["type"] == "error", got
                    message = got["message"]
                    if TILE_ID.search(message):
                        leaks.append(message)
                    # the tile asked for, by code or by name, is the only thing that may change
                    texts.setdefault(verb, set()).add(re.sub(r"\b[1-9][mpsz]\b", "X", message))
            await drain([me, spectator], 0.3)
            return texts, leaks, me.messages, spectator.messages

    texts, leaks, mine, watched = asyncio.run(go())
    assert not leaks, leaks
    assert all(len(t) == 1 for t in texts.values()), texts
    for frame in watched:
        if frame["type"] == "state":
            assert tiles_in(frame) <= public_tiles(frame), tiles_in(frame) - public_tiles(frame)
    for frame in mine:
        if frame["type"] == "state":
            own = set(frame["mine"]["concealed"]) | {frame["mine"].get("drawn")}
            assert tiles_in(frame) <= public_tiles(frame) | own, tiles_in(frame) - public_tiles(frame) - own
    with urllib.request.urlopen(f"{server.base}/api/tables/{tid}", timeout=10) as r:
        assert not tiles_in(json.loads(r.read()))
    for path, data, refused in ((f"/api/tables/{tid}/log", None, 409), (f"/t/{tid}/review", b"token=" + b"A" * 32, 403)):
        try:
            urllib.request.urlopen(urllib.request.Request(server.base + path, data=data), timeout=10)
            raise AssertionError(f"{path} answered in mid-match")
        except urllib.error.HTTPError as e:
            assert e.code == refused and not TILE_ID.search(e.read().decode()), (path, e.code)


def test_malformed_frames_huge_numbers_deep_json_odd_names_and_many_tables_neither_crash_nor_slow_the_server(
    make_server: MakeServer,
) -> None:
    """The stranger sends what docs/protocol.md does not foresee: JSON nested 4,000 deep, numbers
    of 4,000 digits in every field, ``1e308``, ``-0.0``, 400 keys, duplicate keys, a lone
    surrogate, NUL, direction overrides and 500 combining marks in names, table ids of NULs, SQL
    and ``%``; then table options of the same kinds, and tables until refused. Each message gets
    one answer (an error naming what is wrong, or a pong), each request a 201 or a 4xx, the log no
    traceback, and a ping its pong at once."""
    server = make_server()
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=None)
    big = "9" * 4000
    frames = [
        "[" * 4000,
        '{"a":' * 1300 + "1" + "}" * 1300,
        '{"v":1,"type":"ping","id":' + "[" * 2000 + "]" * 2000 + "}",
        '{"v":1,"type":"join","table":"x","slot":' + big + "}",
        '{"v":1,"type":"action","cseq":' + big + ',"at":1,"action":"pass"}',
        '{"v":1,"type":"ping","id":' + big + "}",
        '{"v":' + big + ',"type":"ping"}',
        '{"v":1,"type":"ping","id":1e308}',
        '{"v":1,"type":"ping","id":1e999}',
        '{"v":1,"type":"ping","id":-0.0}',
        json.dumps({"v": 1, "type": "ping", **{f"k{i}": i for i in range(400)}}),
        '{"v":1,"type":"ping","type":"join"}',
        '{"v":1,"type":"ping","id":"\\ud800"}',
        '{"v":1,"type":"ping","id":"\\u0000"}',
        json.dumps({"v": 1, "type": "ping", "id": "\u202e\u200b\ufeff" * 300}, ensure_ascii=False),
        json.dumps({"v": 1, "type": "watch", "table": "\u0000" * 32}),
        json.dumps({"v": 1, "type": "watch", "table": "' OR 1=1 --"}),
        json.dumps({"v": 1, "type": "watch", "table": "%"}),
        json.dumps({"v": 1, "type": "watch", "table": "é" * 33}),
        json.dumps({"v": 1, "type": "resume", "table": tid, "token": "é" * 1000}, ensure_ascii=False),
        '"ping"',
        "null",
        "",
        "{}",
    ]
    names: list[Any] = [["Eve"], 10**30, {"n": 1}, "\u202e\u200b" + "e\u0301\u0302\u0303\u0304\u0305" * 100 + "\u0000"]

    async def go() -> tuple[list[str], list[str], str, float]:
        answers: list[str] = []
        async with server.client() as c:
            for text in frames:
                await c.send_raw(text)
                got = await c.wait(lambda m: m["type"] in ("pong", "error"), 10)
                answers.append(got.get("code") or got["type"])
            joined = []
            for name in names:
                got = await answer(c, type="join", table=tid, slot=1, name=name)
                joined.append(got.get("code") or got["type"])
            shown = (await c.wait(lambda m: m["type"] == "state", 10))["players"][1]["name"]
        async with server.client() as d:
            started = time.monotonic()
            await answer(d, type="ping", id="still")
            return answers, joined, shown, time.monotonic() - started

    answers, joined, shown, ping = asyncio.run(go())
    assert len(answers) == len(frames) and set(answers) <= {"pong", "bad_json", "too_large", "bad_request", "bad_version", "not_joined", "no_table", "bad_token", "unknown_type"}, answers
    assert joined == ["bad_request", "bad_request", "bad_request", "welcome"], joined
    assert shown == "\u00e9\u0302\u0303\u0304" * 6, ascii(shown)  # NFC, 3 marks a letter, 24 characters
    assert ping < 0.5, ping

    def post(body: bytes) -> int:
        req = urllib.request.Request(server.base + "/api/tables", data=body, method="POST", headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return int(r.status)
        except urllib.error.HTTPError as e:
            assert json.loads(e.read())["message"], e.code
            return int(e.code)

    bad_options = [
        b"[" * 8000,
        b'{"hands": ' + big.encode() + b', "length": "hands"}',
        b'{"timer": 1e308}',
        b'{"claim_window": -0.0, "bot_delay": 1e-320, "timer": 0.05, "next_delay": 600}',
        b'{"names": ["' + "\u202e".encode() * 20 + b'", 5, null, []]}',
        b'{"slots": [' + b'"greedy",' * 100 + b"null]}",
        b'{"rules": {"$ne": 1}}',
        b'{"options": {"' + b"k" * 3000 + b'": "1"}}',
    ]
    statuses = [post(body) for body in bad_options]
    assert all(s in (201, 400) for s in statuses), statuses
    created = [post(b'{"slots": [null, "greedy", "greedy", "greedy"]}') for _ in range(15)]
    assert 201 in created and created[-1] == 429 and set(created) == {201, 429}, created
    assert server.alive()
    said = server.log.read_text(errors="replace")
    assert "Traceback" not in said and "Exception in ASGI" not in said, said[-3000:]


def test_a_cseq_past_what_a_browser_reads_exactly_is_refused(server: Server) -> None:
    """``cseq`` was any integer JSON could carry: a seat's action with ``cseq`` 2**53 or more was
    applied, and its ``last_cseq`` then read in the browser as a float whose next value (+1) was
    the same number, so every later move from the page was a ``duplicate`` for the rest of the
    match. A ``cseq`` over 2**53 - 1 is now ``bad_request`` naming the bound, nothing applied;
    2**53 - 1 itself is played."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=None)

    async def go() -> tuple[dict[str, Any], dict[str, Any], int, int]:
        async with server.client() as c:
            await c.join(tid, 0, "Ann")
            await answer(c, type="start")
            st = await my_turn(c)
            move = next(a for a in st["mine"]["legal"] if a.startswith("discard"))
            refused = await answer(c, type="action", cseq=2**53, at=st["seq"], action=move)
            kept = (c.state or st)["mine"]["last_cseq"]
            played = await answer(c, type="action", cseq=2**53 - 1, at=st["seq"], action=move)
            after = await c.wait(lambda m: m["type"] == "state" and m["mine"]["last_cseq"] == 2**53 - 1, 10)
            return refused, played, kept, after["mine"]["last_cseq"]

    refused, played, kept, last = asyncio.run(go())
    assert refused["code"] == "bad_request" and str(2**53 - 1) in refused["message"], refused
    assert kept < 2**53, kept
    assert played["type"] == "ack" and played["cseq"] == 2**53 - 1 and last == 2**53 - 1, played
