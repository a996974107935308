"""A fresh stranger's audit of ``hkmj serve``: what was still open to a script after the threats of
docs/server.md ("Threat model") were closed. A real server on 127.0.0.1 each.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from hkmj.server.testing import Server, choose, match_over, play

MakeServer = Callable[..., Server]


def create_seated(server: Server, **options: Any) -> tuple[str, str]:
    """A table created with the creator seated at slot 0: its id and the creator's seat token."""
    body = {"slots": [None, "greedy", "greedy", "greedy"], "sit": 0, "timer": 60, "bot_delay": 0, **options}
    req = urllib.request.Request(
        server.base + "/api/tables", data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        answer = json.loads(r.read())
    return str(answer["id"]), str(answer["token"])


def test_watchers_filling_the_servers_connections_never_keep_a_player_from_their_seat(make_server: MakeServer) -> None:
    """``--max-connections`` counted every websocket alike, so strangers who watched tables (or
    opened sockets and never joined) up to it kept a seated player who reloaded the page from
    their seat: the ``resume`` was refused ``too_many_connections`` (close 1013), and the table
    played for them once ``--absent-after`` passed. Past the cap in all, a new connection may now
    only take a seat; a watcher still gets ``too_many_connections``."""
    server = make_server(None, "--max-connections", "3")
    tid, token = create_seated(server)

    async def go() -> None:
        player = server.client()
        await player.open()
        await player.resume(tid, token)
        watchers = []
        for _ in range(2):
            w = server.client()
            await w.open()
            await w.watch(tid)
            watchers.append(w)
        await player.close()  # a reload: the stranger takes the place the player's socket left
        await asyncio.sleep(0.3)
        w = server.client()
        await w.open()
        await w.watch(tid)
        watchers.append(w)
        back = server.client()
        await back.open()
        st = await back.resume(tid, token)
        assert st["mine"]["slot"] == 0 and st["status"] == "playing"
        # the seat's connection plays as any other
        turn = await back.wait(lambda m: m["type"] == "state" and bool(m["mine"]["legal"]), timeout=20)
        assert turn["mine"]["slot"] == 0
        # a further watcher, or a socket that sends anything but a seat's message, is still refused
        for first in ({"type": "watch", "table": tid}, {"type": "ping"}, {"type": "no such type"}):
            extra = server.client()
            await extra.open()
            await extra.send(**first)
            refused = await extra.wait(lambda m: m["type"] == "error" and m["code"] != "unknown_type")
            assert refused["code"] == "too_many_connections", refused
            with pytest.raises((ConnectionClosed, TimeoutError)):
                await extra.recv(timeout=5)
        for c in [*watchers, back]:
            await c.close()

    asyncio.run(go())



SLOW_REVIEWS = '''
"""Each game review of this test server takes 0.8 s more, and says when it was made."""
import time

import hkmj.server.app as app

_review_page = app._review_page


def _slow(rows, slot, lang="en"):
    time.sleep(0.8)
    return _review_page(rows, slot, lang)


app._review_page = _slow
'''


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests below that need no limit of their own: two client addresses by
    ``X-Forwarded-For`` from a trusted proxy, HTTP requests unbounded, game reviews slowed."""
    folder = tmp_path_factory.mktemp("shared")
    server = Server(
        f"sqlite:///{folder / 'hkmj.db'}", folder / "server.log", ("--trusted-proxy", "127.0.0.1", "--http-rate", "100000"), hook=SLOW_REVIEWS
    )
    server.start()
    yield server
    server.stop()


def raw_answer(server: Server, request: str) -> tuple[bytes, bytes]:
    """The head and body of ``server``'s answer to ``request`` sent as is, read until it closes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(request.encode())
        raw = b""
        while chunk := s.recv(65536):
            raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    return head, body


def server_cpu(server: Server) -> float:
    """Seconds of CPU the server process has used (Linux's /proc)."""
    assert server.proc is not None
    with open(f"/proc/{server.proc.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_help_page_of_an_mcr_or_classical_table_costs_about_what_the_hong_kong_one_does(shared: Server) -> None:
    """``/help?rules=mcr`` (and the classical game's, with any house options) built the ruleset's
    words of the whole terminal again at each request, on the event loop: about 6 ms of CPU
    against 0.4 ms for the Hong Kong help, so one address at the 50 requests a second (bursts
    of 200) ``--http-rate`` allows held every table's loop a third of the time, 1.2 s at once
    for a burst. The words of each language and ruleset are now made once. Measured against the
    Hong Kong help in the same run (each request a different page, so that no cache of pages
    could hide it)."""
    server = shared

    def cpu_per_request(paths: list[str]) -> float:
        before = server_cpu(server)
        for path in paths:
            with urllib.request.urlopen(server.base + path, timeout=30) as r:
                assert r.status == 200 and b"<h1>" in r.read()
        return (server_cpu(server) - before) / len(paths)

    n = 150
    hk = cpu_per_request([f"/help?base={1 + i}&lang={'fr' if i % 2 else 'en'}" for i in range(n)])
    mcr = cpu_per_request([f"/help?rules=mcr&lang={'fr' if i % 2 else 'en'}&n={i}" for i in range(n)])
    classical = cpu_per_request([f"/help?rules=classical&limit={100 + i}&lang={'fr' if i % 2 else 'en'}" for i in range(n)])
    # before: 6.4 and 5.9 ms against 0.9 (7 times); now 1.3 and 1.1 ms against 0.9
    print(f"CPU a help page: MCR {mcr * 1000:.2f} ms, classical {classical * 1000:.2f} ms, Hong Kong {hk * 1000:.2f} ms")
    assert mcr < 2.5 * max(hk, 0.0005) and classical < 2.5 * max(hk, 0.0005), (mcr, classical, hk)


def test_one_address_asking_for_many_game_reviews_never_queues_the_others_behind_them(shared: Server) -> None:
    """Game reviews are made one at a time (their thread competes with the event loop), in the order
    asked, and an address may have ``--review-rate`` (6) made a minute: a 64-hand match's takes
    about 3 s, so a stranger who played a few matches asked for six reviews at once from each of a
    few addresses (or the 48 an IPv6 /48 may have) and every other player's review waited behind
    them all, longer each minute (18 s a minute from one address, 144 s from a /48). Each address
    (and each /48, up to ``--network-share`` at once) now has one review waiting or being made at a
    time: another player's review waits for one of the stranger's at most. Two addresses by
    ``X-Forwarded-For`` from a trusted proxy; the reviews slowed to 0.8 s each by a hook."""
    server = shared
    tid = server.create(slots=[None, None, None, None], hands=1, claim_window=0.01, next_delay=0, timer=30)

    async def play_it() -> list[str]:
        clients = [server.client() for _ in range(4)]
        tokens = []
        for slot, c in enumerate(clients):
            await c.open()
            tokens.append(await c.join(tid, slot, f"P{slot}"))
        rng = random.Random(5)
        await play(clients, match_over, lambda i, legal: choose(legal, rng), 120)
        for c in clients:
            await c.close()
        return tokens

    tokens = asyncio.run(play_it())
    done: list[str] = []

    def review(who: str, slot: int, lang: str) -> None:
        req = urllib.request.Request(
            f"{server.base}/t/{tid}/review",
            data=f"token={tokens[slot]}&lang={lang}".encode(),
            method="POST",
            headers={"X-Forwarded-For": who, "Content-Type": "application/x-www-form-urlencoded"},
        )
        with urllib.request.urlopen(req, timeout=60) as r:
            assert r.status == 200
        done.append(f"{who} {slot} {lang}")

    stranger = [threading.Thread(target=review, args=("203.0.113.7", slot, lang)) for slot, lang in ((0, "en"), (0, "fr"), (1, "en"), (1, "fr"))]
    for t in stranger:
        t.start()
    time.sleep(0.4)  # the stranger's four are asked for first
    player = threading.Thread(target=review, args=("198.51.100.9", 3, "en"))
    player.start()
    for t in [*stranger, player]:
        t.join(60)
    assert len(done) == 5, done
    # before: made fifth, after the stranger's four; now second (third if it came a review late)
    assert done.index("198.51.100.9 3 en") <= 2, done


def test_joins_with_names_of_thousands_of_letters_cost_about_what_short_ones_do(shared: Server) -> None:
    """A ``join`` read its whole ``name`` letter by letter (about 1 µs each) before the seat was
    checked, though only 24 letters are kept: a join of a taken seat with a name of 3,900 letters
    cost the event loop some 1.3 ms (20 times a short name's), so one address's 64 sockets at the
    50 messages a second each may send asked for about four seconds of work a second, and every
    table stalled. Only a name's first
    200 characters are read now. Measured against the same joins with a short name, in the same
    run; each refused ``seat_taken``."""
    tid, _ = create_seated(shared)

    async def cpu_of(name: str) -> float:
        async def one() -> None:
            async with connect(shared.ws_url, additional_headers={"X-Forwarded-For": "192.0.2.44"}) as ws:
                text = json.dumps({"v": 1, "type": "join", "table": tid, "slot": 0, "name": name})
                for _ in range(80):  # within the burst of 100 messages a connection may send at once
                    await ws.send(text)
                for _ in range(80):
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    assert answer["code"] == "seat_taken", answer

        before = server_cpu(shared)
        await asyncio.gather(*(one() for _ in range(4)))
        return server_cpu(shared) - before

    short = asyncio.run(cpu_of("Ann"))
    long = asyncio.run(cpu_of("Ann" * 1300))
    print(f"server CPU, 320 joins of a taken seat: name of 3 letters {short:.3f} s, of 3,900 letters {long:.3f} s")
    # before: 0.42 s against 0.02; now 0.03
    assert long < 2 * short + 0.05, (long, short)


def test_a_range_of_thousands_of_digits_is_read_not_a_server_error(shared: Server) -> None:
    """``Range: bytes=`` with a position of 5,000 digits (past the 4,300 ``int()`` reads) was
    answered ``500`` and wrote a traceback of some 2.5 KB to the server's log at each request: a
    script filled the disk at the log's pace. Such a position now reads as past any file's end
    (RFC 9110 §14.1.1): a first position there is not satisfiable (``416``), a last one or a
    suffix means up to the end."""
    host = shared.base.split("//", 1)[1]
    huge, padded = "9" * 5000, "0" * 5000 + "5"
    size = len(urllib.request.urlopen(shared.base + "/static/app.js", timeout=10).read())
    cases = {f"{huge}-": 416, f"0-{huge}": 206, f"-{huge}": 206, f"{padded}-{padded}": 206, f"0-5,{huge}-": 206}
    for spec, status in cases.items():
        head, body = raw_answer(shared, f"GET /static/app.js HTTP/1.1\r\nHost: {host}\r\nRange: bytes={spec}\r\nConnection: close\r\n\r\n")
        assert head.split()[1] == str(status).encode(), (spec[:20], head[:200])
        if spec in (f"0-{huge}", f"-{huge}"):
            assert len(body) == size
    assert "Traceback" not in shared.log.read_text()


def test_a_pong_or_an_error_never_echoes_kilobytes_the_sender_chose(shared: Server) -> None:
    """Every frame the server queues for a client is shared by the table or small, but for two:
    the ``pong`` echoed a ``ping``'s ``id`` and an ``error`` the message's ``cseq``, whatever their
    size. A client sending pings of 4,000-byte ids (or any message with a 4,000-digit ``cseq``) at
    the 50 messages a second a connection may send, and reading nothing, had the server queue 512
    such frames, 2 MB a connection until ``--write-timeout``: 60 connections of one address grew
    the server by 70 MB in 15 s, and as much again after each drop. A ping's ``id`` is now at most
    128 bytes of JSON (a longer one is ``bad_request``) and an error echoes a ``cseq`` only within
    ±(2**53 - 1); no answer here is over 300 bytes."""

    async def go() -> list[dict[str, Any]]:
        async with connect(shared.ws_url, max_size=None) as ws:
            frames = [
                {"type": "ping", "id": "x" * 4000},
                {"type": "ping", "id": [[["x" * 40]] * 20]},
                '{"v":1,"type":"hint","cseq":' + "9" * 4000 + "}",
                '{"v":1,"type":"action","cseq":' + "9" * 4000 + ',"at":0,"action":"pass"}',
                {"type": "hint", "cseq": 2**53},
                {"type": "hint", "cseq": -(2**53) + 1},
                {"type": "ping", "id": "x" * 100},
            ]
            out = []
            for f in frames:
                text = f if isinstance(f, str) else json.dumps({"v": 1, **f})
                await ws.send(text)
                raw = await asyncio.wait_for(ws.recv(), 10)
                assert len(raw) <= 300, (text[:60], len(raw), raw[:120])
                out.append(json.loads(raw))
            return out

    long_id, nested_id, hint, action, over, under, short = asyncio.run(go())
    for refused in (long_id, nested_id):
        assert refused["code"] == "bad_request" and refused["ref"] == "ping", refused
        assert "'id'" in refused["message"] and "128 bytes" in refused["message"], refused
    assert hint["code"] == "not_joined" and "cseq" not in hint, hint
    assert action["code"] == "not_joined" and "cseq" not in action, action
    assert "cseq" not in over and under["cseq"] == -(2**53) + 1, (over, under)
    assert short == {"type": "pong", "id": "x" * 100, "v": 1}, short


def test_a_seat_left_to_time_out_at_a_fast_table_keeps_the_all_bot_pace(shared: Server) -> None:
    """The all-bot pace held while every seat was a bot's (open, or its player turned away), and
    ``--action-rate`` paced a player's own moves, but not the moves the server makes for a seat
    whose decision times out: a stranger created a table with one seat, no bot delay, no claim
    window, a 0.05 s timer and ``away_after`` 100, sat, stayed connected and never played (a
    ``back`` each time its seat turned away), and the timeouts and the bots played the match flat
    out: 26 hands in 20 s, some 120 log entries a second from one table, ten tables an address.
    A seat whose last turn timed out now counts as played by the server, so such a table keeps
    the all-bot pace (0.5 s a bot's turn, 0.3 s a claim window, 3 s between hands)."""
    body = {"slots": [None, "greedy", "greedy", "greedy"], "sit": 0, "timer": 0.05, "away_after": 100, "bot_delay": 0, "claim_window": 0, "next_delay": 0}
    tid, token = create_seated(shared, **body)

    async def go() -> int:
        async with connect(shared.ws_url, additional_headers={"X-Forwarded-For": "192.0.2.61"}, max_size=None) as ws:
            await ws.send(json.dumps({"v": 1, "type": "resume", "table": tid, "token": token}))
            discards, timed_out, t0 = 0, False, time.monotonic()
            while time.monotonic() - t0 < (1.5 if timed_out else 10.0):
                with contextlib.suppress(TimeoutError):
                    m = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                    if m["type"] == "state" and m["mine"]["timeouts"] and not timed_out:
                        timed_out, t0 = True, time.monotonic()  # the seat's first turn timed out: count from here
                    elif m["type"] == "state" and timed_out:
                        discards += sum(e["type"] == "discard" for e in m["events"])
            assert timed_out, "the seat's turn never timed out"
            return discards

    discards = asyncio.run(go())
    assert discards <= 6, f"{discards} discards in 1.5 s: the timeouts and the bots play flat out"  # before: 107 in 2 s


def test_a_websocket_handshake_for_another_path_says_where_the_websocket_is(shared: Server) -> None:
    """A websocket handshake for any path but ``/ws`` (``/ws/`` with a trailing slash, ``/``, a
    table's page) was answered a bare ``403 Forbidden`` with no body: Starlette's answer to a
    websocket no route takes, which read as the refusal of a foreign origin (docs/protocol.md says
    a handshake from another origin gets 403) and named nothing. It is now ``404`` with a line
    naming ``/ws``, with the security headers; the handshake for ``/ws`` still opens."""
    host = shared.base.split("//", 1)[1]
    handshake = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
    for path in ("/ws/", "/", "/t/abcdefgh", "/static/app.js", "/api/tables"):
        head, body = raw_answer(shared, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{handshake}\r\n")
        assert head.split()[1] == b"404", (path, head[:100])
        assert body == b"no websocket here: the tables' websocket is at /ws (docs/protocol.md)\n", (path, body)
        assert b"x-frame-options: DENY" in head.lower().replace(b"deny", b"DENY"), head

    async def go() -> None:
        async with connect(shared.ws_url) as ws:
            await ws.send(json.dumps({"v": 1, "type": "ping", "id": 1}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10)) == {"type": "pong", "id": 1, "v": 1}

    asyncio.run(go())


def test_a_ping_nested_as_deep_as_python_reads_is_refused_without_a_traceback(shared: Server) -> None:
    """A ``ping`` whose ``id`` nested some 962 arrays (as deep as Python's ``json`` reads, deeper
    than it writes) was answered ``server_error`` and logged a traceback of some 30 lines each
    time, at the 20 records a second the log lets through. Every depth is now ``bad_request``
    (the ``id`` is over 128 bytes) or ``bad_json`` (deeper than Python reads)."""

    async def go() -> set[str]:
        codes = set()
        async with connect(shared.ws_url) as ws:
            for depth in (*range(940, 990), 1500, 2000):
                await ws.send('{"type":"ping","id":' + "[" * depth + "]" * depth + "}")
                codes.add(json.loads(await asyncio.wait_for(ws.recv(), 10)).get("code"))
        return codes

    assert asyncio.run(go()) == {"bad_request", "bad_json"}
    assert "Traceback" not in shared.log.read_text()


def test_a_refusal_quoting_a_number_of_thousands_of_digits_costs_what_quoting_a_short_one_does(shared: Server) -> None:
    """Python writes a whole number in time that grows with the square of its digits, and a message
    of 4,096 bytes holds one of 4,000: a refusal quoting it (``{"type": 99…9}``, a ``join`` whose
    ``slot`` or an action whose negative ``cseq`` is such a number) cost the event loop some 0.3 ms
    more than reading it (a join of such a slot 0.45 ms, 14 pings' worth), so one address's 64 sockets at their 50 messages a second asked for more than a
    core and every table stalled (another client's ping waited up to 2.4 s in the attacker's run).
    Such a number is now quoted by its length. Measured against messages holding the same number
    whose refusal quotes a short value, in the same run: reading the number costs the same."""
    huge = "9" * 4000

    async def cpu_of(text: str) -> float:
        async def one() -> None:
            async with connect(shared.ws_url, additional_headers={"X-Forwarded-For": "192.0.2.45"}) as ws:
                for _ in range(80):  # within the burst of 100 messages a connection may send at once
                    await ws.send(text)
                for _ in range(80):
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    assert answer["code"] == "unknown_type" and len(answer["message"]) < 200, answer

        before = server_cpu(shared)
        await asyncio.gather(*(one() for _ in range(8)))
        return server_cpu(shared) - before

    short = asyncio.run(cpu_of('{"type": 7, "x": ' + huge + "}"))
    long = asyncio.run(cpu_of('{"type": ' + huge + ', "x": 7}'))
    print(f"server CPU, 640 refusals of messages holding a 4,000-digit number: quoting 7 {short:.3f} s, quoting the number {long:.3f} s")
    # before: 0.27 s against 0.10
    assert long < 1.5 * short + 0.05, (long, short)

    async def quoted() -> dict[str, Any]:
        async with connect(shared.ws_url) as ws:
            await ws.send('{"type": "join", "table": "abcdefgh", "slot": ' + huge + "}")
            return dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))

    answer = asyncio.run(quoted())
    assert answer["code"] == "bad_request" and answer["message"] == "join: slot <a number of about 4000 digits>: expected 0 to 3", answer


def test_actions_of_thousands_of_characters_cost_about_what_short_ones_do(shared: Server) -> None:
    """The engine reads a tile string letter by letter, and an ``action`` of 4,000 characters
    (``chow 1m2p1m2p…``) cost the event loop some 4 ms to be refused ``bad_action``, read once
    before the actions' pace was applied (to tell a discard) and once more after: a seated
    stranger's four sockets at their 50 messages a second held a core, and another client's ping
    waited up to 4.9 s in the attacker's run. A text over 64 characters (the longest action is
    20) is now ``bad_action`` unread. Measured against the same seat's short illegal actions, in
    the same run."""
    tid, token = create_seated(shared)

    async def cpu_of(action: str, address: str) -> float:
        async def one() -> set[str]:
            async with connect(shared.ws_url, additional_headers={"X-Forwarded-For": address}) as ws:
                await ws.send(json.dumps({"type": "resume", "table": tid, "token": token}))
                while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "state":
                    pass
                text = json.dumps({"type": "action", "cseq": 10**6, "at": 0, "action": action})
                for _ in range(80):  # within the burst of 100 messages a connection may send at once
                    await ws.send(text)
                codes: set[str] = set()
                refused = 0
                while refused < 80:
                    m = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if m["type"] == "error":
                        codes.add(m["code"])
                        refused += 1
                return codes

        before = server_cpu(shared)
        codes = await asyncio.gather(*(one() for _ in range(4)))
        assert set().union(*codes) <= {"bad_action", "stale", "rate_limited", "out_of_turn"}, codes
        return server_cpu(shared) - before

    short = asyncio.run(cpu_of("chow 999s", "192.0.2.46"))
    long = asyncio.run(cpu_of("chow " + "1m2p" * 990, "192.0.2.47"))
    print(f"server CPU, 320 refused actions: short {short:.3f} s, of 3,965 characters {long:.3f} s")
    # before: 1.34 s against 0.02
    assert long < 2 * short + 0.05, (long, short)

    async def refusal() -> dict[str, Any]:
        async with connect(shared.ws_url) as ws:
            await ws.send(json.dumps({"type": "resume", "table": tid, "token": token}))
            while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "state":
                pass
            await ws.send(json.dumps({"type": "action", "cseq": 10**6, "at": 0, "action": "discard " + " " * 100 + "5p"}))
            while (m := json.loads(await asyncio.wait_for(ws.recv(), 10)))["type"] != "error":
                pass
            return m

    answer = asyncio.run(refusal())
    assert answer["code"] == "bad_action", answer
    assert "at most 64 characters" in answer["message"] and len(answer["message"]) < 200, answer
