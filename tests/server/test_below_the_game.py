"""Attacked below the game (docs/server.md, *Attacked below the game, again*): what a seat or a
spectator can learn from when frames arrive, against a real ``hkmj serve`` on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import statistics
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from hkmj.server.client import GameClient
from hkmj.server.testing import Server, raw_websocket, websocket_frame

THINK = 0.25
"""Seconds the test's bots think before discarding a Characters tile (none before another move)."""
BOT_DELAY = 0.4
"""The table's ``bot_delay``: longer than :data:`THINK`, so every move can come at that pause."""

SITECUSTOMIZE = f'''
"""Makes the bots of this test server think {THINK} s when they discard a Characters tile."""
import time

import hkmj.server.botprocess as botprocess
import hkmj.server.table as table

_make_bot = botprocess.make_bot


class _Pondering:
    def __init__(self, bot):
        self.bot = bot

    def choose(self, view, legal):
        action = self.bot.choose(view, legal)
        text = str(action)
        if text.startswith("discard") and text.endswith("m"):
            time.sleep({THINK})
        return action


def _pondering_bot(name, seed):
    return _Pondering(_make_bot(name, seed))


botprocess.make_bot = _pondering_bot
table.make_bot = _pondering_bot
'''


@pytest.fixture
def pondering_server(tmp_path: Path) -> object:
    """A real server whose bots think :data:`THINK` seconds before discarding a Characters tile."""
    s = Server(f"sqlite:///{tmp_path / 'hkmj.db'}", tmp_path / "server.log", ("--all-bot-pace", "0"), hook=SITECUSTOMIZE)
    s.start()
    yield s
    s.stop()


def test_the_pause_before_a_bots_move_does_not_tell_how_long_it_thought(pondering_server: Server) -> None:
    """A bot's turn was decided only once ``bot_delay`` had passed, and its move played as soon as
    it was decided: everyone at the table, spectators included, saw the move come ``bot_delay``
    plus the bot's thinking time after its draw, and the expert bot thinks longer on a hidden hand
    that is ready or one tile from it (MCR, 3 hands of four expert bots watched by a spectator:
    13 ms against 6-7 ms at the median; at Hong Kong 2.3 ms against 0.6 ms, timed in process).
    Here the bots think :data:`THINK` s before discarding a Characters tile: those discards came
    that much later than the others. A bot now decides as its turn opens and plays once
    ``bot_delay`` has passed: every move comes at the same pause, whatever the bot thought."""
    server = pondering_server
    tid = server.create(slots=["greedy"] * 4, hands=2, bot_delay=BOT_DELAY, claim_window=0.02, next_delay=0.5, teaching=False)

    async def watch() -> dict[bool, list[float]]:
        pauses: dict[bool, list[float]] = {True: [], False: []}
        async with GameClient(server.ws_url) as c:
            await c.watch(tid)
            opened: float | None = None
            while min(len(pauses[True]), len(pauses[False])) < 6:
                frame = await c.wait(lambda m: m.get("type") == "state", timeout=30)
                now = time.monotonic()
                if frame.get("status") == "over":
                    break
                for e in frame.get("events") or []:
                    if e.get("type") in ("draw", "replacement", "claim"):
                        opened = now
                    elif e.get("type") == "discard" and opened is not None:
                        pauses[str(e["tile"])[1] == "m"].append(now - opened)
                        opened = None
        return pauses

    pauses = asyncio.run(watch())
    assert len(pauses[True]) >= 3 and len(pauses[False]) >= 3, pauses
    pondered, quick = statistics.median(pauses[True]), statistics.median(pauses[False])
    assert min(pauses[True] + pauses[False]) >= BOT_DELAY / 2, "a bot still waits bot_delay before its move"
    assert abs(pondered - quick) < THINK / 2, (
        f"discards the bot thought {THINK} s about came {pondered:.3f} s after the draw at the median, others {quick:.3f} s"
    )


def _send_whole(port: int, data: bytes) -> bytes:
    """``data`` sent in one write on a new connection; what the server answers until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        out = b""
        with contextlib.suppress(OSError):
            while chunk := s.recv(65536):
                out += chunk
        return out


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the server's CPU time from /proc")
def test_a_head_of_thousands_of_short_header_lines_costs_the_server_nothing_to_refuse(server: Server) -> None:
    """A request head of 20,000 header lines of three letters (97 KiB) sent in one write was
    read whole (the event loop reads 256 KiB at a time) and h11 split and checked every line
    before the bound of 128 headers refused it: about 50 ms of the event loop for each ``431``,
    so two clients sending such heads in a loop kept every table's pings waiting 80 ms at the
    median (0.7 ms otherwise). The head is now refused from a count of its line ends, before it
    is parsed: the same ``431`` for a small part of that CPU."""
    assert server.proc is not None
    head = f"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode() + b"X:a\r\n" * 20_000 + b"\r\n"
    before = _cpu_seconds(server.proc.pid)
    answers = [_send_whole(server.port, head) for _ in range(40)]
    spent = _cpu_seconds(server.proc.pid) - before
    assert all(a.startswith(b"HTTP/1.1 431 ") for a in answers), answers[0][:200]
    assert spent < 0.3, f"40 refused heads cost the server {spent:.2f} s of CPU"
    assert server.get("/api/info"), "the server answers on"


def test_a_chunked_bodys_trailer_is_bounded_as_a_head_is(server: Server) -> None:
    """The trailer after a chunked body's last chunk is a block of header lines as a head is, and
    h11 reads it with no bound but the 256 KiB the event loop reads at once: a table creation
    whose body came with 10,000 trailer lines (or one trailer line of 100 KB) was read, each
    line checked, and the table created. Such a trailer is now refused as a head over the bound
    is (``400``, nothing created); a trailer of a few lines is still read."""
    body = b'{"slots": ["greedy", "greedy", "greedy", "greedy"]}'

    def creation(trailer: bytes) -> bytes:
        return (
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n"
            f"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{len(body):x}\r\n".encode()
            + body
            + b"\r\n0\r\n"
            + trailer
            + b"\r\n"
        )

    tables = len(server.get("/api/tables")["tables"])
    for trailer in (b"".join(b"X-T%d: v\r\n" % i for i in range(10_000)), b"X-T: " + b"v" * 100_000 + b"\r\n"):
        answer = _send_whole(server.port, creation(trailer))
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert len(server.get("/api/tables")["tables"]) == tables, "no table was created"
    answer = _send_whole(server.port, creation(b"X-One: 1\r\nX-Two: 2\r\n"))
    assert answer.startswith(b"HTTP/1.1 201 "), answer[:200]


def test_pong_frames_sent_flat_out_cannot_hold_the_event_loop(server: Server) -> None:
    """Ping frames were bounded (2 a second, bursts of 20), pong frames not at all: the server
    parsed and ignored each (about 6 µs of the event loop for 6 bytes), so one socket sending
    empty pongs flat out held the event loop for good (a ``GET`` of another client waited over
    10 s). Pongs now share the pings' budget: past it the socket is closed (1008) and the server
    answers everyone else at once."""
    flood = raw_websocket(server.port)
    blob = websocket_frame(0xA) * 40_000
    closed: list[bytes] = []

    def pong_flat_out() -> None:
        end = time.monotonic() + 3.0
        with contextlib.suppress(OSError):
            while time.monotonic() < end:
                flood.sendall(blob)
        with contextlib.suppress(OSError):
            flood.settimeout(2)
            closed.append(flood.recv(256))

    sender = threading.Thread(target=pong_flat_out)
    sender.start()
    waits = []
    try:
        for _ in range(5):
            t0 = time.monotonic()
            with urllib.request.urlopen(server.base + "/api/info", timeout=10) as r:
                r.read()
            waits.append(time.monotonic() - t0)
            time.sleep(0.1)
    finally:
        sender.join()
        flood.close()
    assert max(waits) < 1.0, f"a GET waited up to {max(waits):.2f} s while one socket sent pongs"
    assert not closed or closed[0][:1] in (b"", b"\x88"), closed  # a close frame (1008), or the reset that followed it


def test_thousands_of_messages_in_one_read_close_the_socket_before_they_are_parsed(server: Server) -> None:
    """A websocket read (up to 256 KiB) of empty text frames was parsed whole, 43,690 messages
    queued for the application, before the application's flood limit closed the socket: about
    67 ms of the event loop for each connection doing it, so one address reconnecting at the
    handshakes `--http-rate` allows kept a core busy. Past 1,024 messages waiting unread nothing
    more is parsed, and the application closes the socket for its flood as before."""
    assert server.proc is not None
    blob = websocket_frame(0x1) * 40_000
    before = _cpu_seconds(server.proc.pid)
    for _ in range(30):
        s = raw_websocket(server.port)
        with contextlib.suppress(OSError):
            s.sendall(blob)
            s.settimeout(5)
            while s.recv(65536):
                pass
        s.close()
    spent = _cpu_seconds(server.proc.pid) - before
    print(f"30 sockets of 40,000 empty messages each: {spent:.2f} s of server CPU, {spent / 30 * 1000:.0f} ms a connection")
    assert spent < 0.6, f"30 sockets of 40,000 empty messages each cost the server {spent:.2f} s of CPU"
    assert server.get("/api/info"), "the server answers on"


def test_a_chunked_body_of_one_byte_chunks_is_refused_before_it_costs_the_server(server: Server, tmp_path: Path) -> None:
    """h11 hands each chunk of a chunked body to the server as an event of its own (about 4 µs of
    the event loop): a request whose body came in one-byte chunks sent flat out (6 bytes a chunk)
    cost the server 4.8 s of CPU in 4 s for a ``GET`` (answered at once, its body then read to
    its end) and 6.3 s for a table creation, and another client's ``GET`` waited 2.5 s and more.
    Past 1,024 pieces the body is refused (``400`` if nothing was answered yet) and the
    connection closed; nothing is created and nothing but a warning logged."""
    assert server.proc is not None
    tables = len(server.get("/api/tables")["tables"])
    before = _cpu_seconds(server.proc.pid)
    answers = []
    for method, path in (("GET", "/api/info"), ("POST", "/api/tables"), ("GET", "/api/info"), ("POST", "/api/tables")):
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n"
        ).encode()
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            s.sendall(head)
            end = time.monotonic() + 1.0
            with contextlib.suppress(OSError):
                while time.monotonic() < end:
                    s.sendall(b"1\r\n \r\n" * 40_000)
            got = b""
            with contextlib.suppress(OSError):
                while chunk := s.recv(65536):
                    got += chunk
            answers.append(got)
    spent = _cpu_seconds(server.proc.pid) - before
    assert spent < 1.0, f"four bodies of one-byte chunks sent for a second each cost the server {spent:.2f} s of CPU"
    for got in answers[1::2]:  # the creations: refused, or the connection reset before the answer was read
        assert not got or got.startswith(b"HTTP/1.1 400 "), got[:200]
    assert len(server.get("/api/tables")["tables"]) == tables, "no table was created"
    assert "Traceback" not in server.log.read_text()
