"""Issue 9, availability and fairness: one test per threat of docs/server.md ("Threat model").

Every test runs a real ``hkmj serve`` on 127.0.0.1 with small limits passed as options.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import sqlite3
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from hkmj.engine.wall import random_wall
from hkmj.server.app import origin_allowed
from hkmj.server.client import GameClient
from hkmj.server.testing import Server, choose, drain, my_turn, play
from hkmj.server.tracker import physical_wall, pid_str

MakeServer = Callable[..., Server]


def post(server: Server, body: Any, headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """POST /api/tables; the status and the JSON answer (errors included)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(server.base + "/api/tables", data=data, method="POST")
    for k, v in {"Content-Type": "application/json", **(headers or {})}.items():
        req.add_header(k, v)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def get(server: Server, path: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(server.base + path, timeout=10) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def live(server: Server) -> int:
    return int(server.get("/api/info")["live_tables"])


def _none_live(server: Server, timeout: float = 10.0) -> bool:
    """Whether the server holds no live table within ``timeout`` seconds: a finished table is
    dropped once its ``over`` status is saved, a moment after its last frame went out."""
    deadline = time.monotonic() + timeout
    while live(server):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


async def finish(server: Server, tid: str, seed: int = 1) -> GameClient:
    """Join slot 0 of a table with three bots and play to the end of the match."""
    c = server.client(record=True)
    await c.open()
    await c.join(tid, 0, "Ann")
    rng = random.Random(seed)
    await play(
        [c],
        lambda cs: bool(((cs[0].state or {}).get("match") or {}).get("over")),
        lambda i, legal: choose(legal, rng),
        120,
    )
    return c


def quick_bots(server: Server, **options: Any) -> str:
    base: dict[str, Any] = {"slots": [None, "greedy", "greedy", "greedy"], "hands": 1, "bot_delay": 0, "claim_window": 0.01}
    return server.create(**{**base, **options})


# ---------------------------------------------------------------------------------- availability


def test_finished_tables_leave_memory_stay_readable_and_are_not_restored(make_server: MakeServer) -> None:
    server = make_server(None, "--max-tables", "1")
    tid = quick_bots(server, next_delay=0.1)

    async def go() -> None:
        c = await finish(server, tid)
        await c.close()
        # the cap counts live tables only: the finished one leaves memory, a new one fits (the
        # server drops it once its status is saved, just after the last frame went out)
        assert _none_live(server), live(server)
        summary = server.get(f"/api/tables/{tid}")
        assert summary["table"]["status"] == "over" and summary["live"] is False
        assert live(server) == 0  # looking it up did not load it live
        # still readable and replayable: a watcher gets the final state
        w = server.client()
        await w.open()
        final = await w.watch(tid)
        assert final["match"]["over"] and final["match"]["ranking"] is not None
        await w.close()
        assert live(server) == 0
        # a finished match takes no seat
        j = server.client()
        await j.open()
        await j.send(type="join", table=tid, slot=1, name="late")
        welcome = await j.wait(lambda m: m["type"] in ("welcome", "error"))
        assert welcome.get("over") is True and welcome.get("role") == "spectator"
        await j.close()

    asyncio.run(go())
    status, _ = post(server, {"slots": [None, "greedy", "greedy", "greedy"]})
    assert status == 201 and live(server) == 1
    server.kill()
    server.start()
    assert live(server) == 1  # the open table is back, the finished one is not


def test_replays_of_finished_tables_are_rate_limited_per_address(make_server: MakeServer) -> None:
    """An unauthenticated lookup of a finished table the server does not hold replays its whole
    log (0.1-0.4 s of CPU for 16-64 hands): one address may cause ``--replay-rate`` such replays a
    minute (then 429 / ``rate_limited``), whether by ``GET /api/tables/{id}``, the log export or
    a ``watch``; a table already replayed answers from the cache at no cost."""
    server = make_server(None, "--replay-rate", "2")
    tids = [quick_bots(server, next_delay=0.1) for _ in range(3)]

    async def play_all() -> None:
        for tid in tids:
            await (await finish(server, tid)).close()

    asyncio.run(play_all())
    # each finished table is saved as over just after its last frame: stopped before that, the
    # last one would come back live on restart, read without a replay
    assert _none_live(server), live(server)
    server.stop()
    server.start()  # an empty cache: every finished table must be replayed to be read
    assert get(server, f"/api/tables/{tids[0]}")[0] == 200
    assert get(server, f"/api/tables/{tids[1]}/log")[0] == 200
    status, headers, body = get(server, f"/api/tables/{tids[2]}")
    assert status == 429 and json.loads(body)["error"] == "rate_limited" and "retry-after" in headers
    assert (json.loads(body)["limit"], json.loads(body)["n"]) == ("lookups", 2)
    assert get(server, f"/api/tables/{tids[0]}")[0] == 200  # cached: no replay, no cost

    async def watch() -> dict[str, Any]:
        w = server.client()
        await w.open()
        await w.send(type="watch", table=tids[2])
        answer = await w.wait(lambda m: m["type"] in ("welcome", "error"))
        await w.close()
        return answer

    refusal = asyncio.run(watch())
    assert (refusal["code"], refusal["limit"], refusal["n"]) == ("rate_limited", "lookups", 2), refusal


def test_a_replay_of_a_finished_table_leaves_the_event_loop_answering(make_server: MakeServer) -> None:
    """docs/server.md, *stall every table by looking up many finished tables*: a lookup of a
    finished table neither live nor cached replays its whole log (a good part of a second for a
    16-hand match); on the event loop, every table and every ping stood still meanwhile (a ping
    waited 520 ms). The replay runs in a worker thread: a ping sent while a lookup replays a
    16-hand match is answered within a small part of that lookup's own time, the reference of the
    same run (a ping waiting for a replay on the loop waits about the lookup's whole time). The
    figures are printed (``-s``)."""
    server = make_server(None, "--all-bot-pace", "0", "--replay-rate", "100000", "--auth-timeout", "600", "--unattended-per-address", "10")
    bots = {"slots": ["greedy"] * 4, "length": "game", "bot_delay": 0, "claim_window": 0, "next_delay": 0, "timer": None}
    tids = [server.create(**bots) for _ in range(4)]
    deadline = time.monotonic() + 240
    for tid in tids:  # 16 hands each (the cap of a match of bots), played at once
        while server.get(f"/api/tables/{tid}")["table"]["status"] != "over":
            assert time.monotonic() < deadline, server.get(f"/api/tables/{tid}")
            time.sleep(0.5)
    assert _none_live(server), live(server)
    server.stop()
    server.start()  # an empty cache: each lookup below replays its table's whole log

    async def measure(tid: str) -> tuple[float, list[float]]:
        """The lookup's round trip and those of the pings sent meanwhile, one every 20 ms or so."""
        async with connect(server.ws_url) as ws:
            await ws.send(json.dumps({"v": 1, "type": "ping", "id": 0}))
            await ws.recv()  # the socket is open and answering
            looked_up: list[float] = []

            def look_up() -> None:
                t0 = time.perf_counter()
                assert get(server, f"/api/tables/{tid}")[0] == 200
                looked_up.append(time.perf_counter() - t0)

            lookup = asyncio.create_task(asyncio.to_thread(look_up))
            pings: list[float] = []
            while not lookup.done():
                t0 = time.perf_counter()
                await ws.send(json.dumps({"v": 1, "type": "ping", "id": len(pings) + 1}))
                assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "pong"
                pings.append(time.perf_counter() - t0)
                await asyncio.sleep(0.02)  # under the 50 messages a second a connection may send
            await lookup
            return looked_up[0], pings

    runs = [asyncio.run(measure(tid)) for tid in tids]
    for lookup, pings in runs:
        print(f"lookup (a replay of 16 hands) {lookup * 1000:.0f} ms; {len(pings)} pings meanwhile, at most {max(pings) * 1000:.1f} ms")
    # the slowest ping over the lookup's time: 0.75 to 0.83 with the replay on the event loop, 0.09
    # to 0.29 in its worker thread (2026-12-05, load average 15); the upper median of the four, so
    # that one scheduler's hiccup on a loaded machine is not taken for the loop standing still
    assert sorted(max(pings) / lookup for lookup, pings in runs)[2] < 0.5, [(round(lookup, 3), round(max(pings), 3)) for lookup, pings in runs]


def test_lookups_of_unknown_tables_over_the_websocket_are_rate_limited_per_address(make_server: MakeServer) -> None:
    """``join``, ``watch`` or ``resume`` of a table the server does not hold asks the database
    (about 0.9 ms of server CPU each against 0.24 ms for a ping), and a refused lookup leaves the
    socket free to try again: one address with 64 sockets at 50 messages a second could keep both
    cores busy. A lookup of a table neither live nor cached, known or not, now counts against
    ``--replay-rate`` first; past it the answer is ``rate_limited`` without asking the database.
    The live table a player is asked to join is never counted."""
    server = make_server(None, "--replay-rate", "5")
    live_tid = server.create(slots=[None, None, "greedy", "greedy"], timer=60)

    async def go() -> tuple[list[str], str]:
        c = server.client()
        await c.open()
        codes = []
        for i in range(8):
            await c.send(type=("join", "watch", "resume")[i % 3], table=f"nope{i}", slot=0, token="x")
            codes.append((await c.wait(lambda m: m["type"] == "error"))["code"])
        await c.send(type="watch", table=live_tid)
        answer = (await c.wait(lambda m: m["type"] in ("welcome", "error")))["type"]
        await c.close()
        return codes, answer

    codes, answer = asyncio.run(go())
    assert codes[:5] == ["no_table"] * 5 and set(codes[5:]) == {"rate_limited"}, codes
    assert answer == "welcome"
    status, headers, body = get(server, "/api/tables/nope99")  # HTTP shares the address's budget
    assert status == 429 and json.loads(body)["error"] == "rate_limited" and "retry-after" in headers


def _review(server: Server, tid: str, token: str, lang: str) -> tuple[int, dict[str, str], bytes]:
    """POST /t/{tid}/review as the end-of-match form does; the status, headers and body."""
    req = urllib.request.Request(
        f"{server.base}/t/{tid}/review",
        data=urllib.parse.urlencode({"token": token, "lang": lang}).encode(),
        method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def test_game_reviews_made_are_rate_limited_per_address(make_server: MakeServer) -> None:
    """A review is worked out from the whole log (about 0.05 s of CPU a hand: 3 s for a 64-hand
    match) and 32 are kept. Reviews of 17 finished tables in two languages, asked in turn, were
    all worked out again, at up to ``--http-rate`` requests a second. Now an address may have
    ``--review-rate`` reviews made a minute (then 429 with Retry-After) and one is made at a time;
    a review already made is answered at no cost."""
    server = make_server(None, "--review-rate", "2")
    tids = [quick_bots(server, next_delay=0.1) for _ in range(2)]

    async def play_all() -> list[str]:
        tokens = []
        for tid in tids:
            c = await finish(server, tid)
            assert c.token is not None
            tokens.append(c.token)
            await c.close()
        return tokens

    tokens = asyncio.run(play_all())
    assert _review(server, tids[0], tokens[0], "en")[0] == 200
    assert _review(server, tids[0], tokens[0], "fr")[0] == 200
    status, headers, body = _review(server, tids[1], tokens[1], "en")
    assert status == 429 and "retry-after" in headers
    assert {k: v for k, v in json.loads(body).items() if k in ("error", "limit", "n")} == {"error": "rate_limited", "limit": "reviews", "n": 2}
    assert _review(server, tids[0], tokens[0], "en")[0] == 200  # made already: no cost, not counted
    assert _review(server, tids[1], "not-a-token", "en")[0] == 403  # a wrong token costs nothing either


def test_actions_are_paced_per_address_so_a_script_cannot_drive_bot_tables_flat_out(make_server: MakeServer) -> None:
    """A script seated at a table of bots with no bot delay, answering every decision at once, had
    the server play as fast as it could (three expert bots: 12 hands in 8 s, about 30 % of a
    core, and one address could keep many such tables). At tables where a bot plays, the actions
    of one client address are now paced (``--action-rate`` a second, bursts of four times as
    many): an action past the rate is held until its turn, never lost (one that would wait more
    than ``ACTION_WAIT`` seconds, possible only with several sockets of one address sending at
    once, gets ``rate_limited`` and nothing is applied)."""
    server = make_server(None, "--action-rate", "2")
    tid = quick_bots(server, hands=4, next_delay=0)

    async def go() -> tuple[int, int, float, list[str], float]:
        c = server.client()
        await c.open()
        await c.join(tid, 0, "Script")
        rng = random.Random(1)
        start = time.monotonic()
        limited = acked = 0
        while time.monotonic() - start < 4:
            legal = c.legal
            if legal:
                await c.act(choose(legal, rng))
                msg = await c.wait(lambda m: m["type"] in ("ack", "error"), 10)
                if msg["type"] == "ack":
                    acked += 1
                elif msg["code"] == "rate_limited":
                    limited += 1
            with contextlib.suppress(TimeoutError):
                await c.recv(0.01)
        secs = time.monotonic() - start
        await asyncio.sleep(4)  # a full bucket again: 8 actions at once, then 2 a second
        sent = time.monotonic()
        for _ in range(12):  # far ahead of any answer: each one answered, none lost
            await c.act("pass")
        codes: list[str] = []
        while len(codes) < 12:
            m = await c.wait(lambda m: m["type"] in ("ack", "error"), 10)
            codes.append(m.get("code", m["type"]))
        held = time.monotonic() - sent
        await c.close()
        return acked, limited, secs, codes, held

    acked, limited, secs, codes, held = asyncio.run(go())
    assert limited == 0 and 0 < acked <= 8 + 2 * (secs + 1), (acked, limited, secs)  # the burst, then 2 a second
    assert "rate_limited" not in codes and held >= 1.5, (codes, held)  # the last 4 held 0.5 s each


def test_actions_at_a_table_of_humans_only_are_paced_too(make_server: MakeServer) -> None:
    """Actions at tables of humans only were not paced (no bot answers them), but each is a log
    entry kept for good: one address's scripts at four such tables (its sixteen seats), each
    socket at the 50 messages a second it may send, logged 400 entries a second, 2.4 GB a day.
    They are paced like the others (``--action-rate`` a second from one address, bursts of four
    times as many); a faster action is held, never lost."""
    server = make_server(None, "--action-rate", "2")
    tid = server.create(slots=[None, None, None, None], hands=1, next_delay=0, bot_delay=0)

    async def go() -> tuple[int, float]:
        clients = [server.client() for _ in range(4)]
        for i, c in enumerate(clients):
            await c.open()
            await c.join(tid, i, f"P{i}")
        rng = random.Random(2)
        acked, start = 0, time.monotonic()
        while time.monotonic() - start < 5:
            for c in clients:
                with contextlib.suppress(TimeoutError):
                    await c.recv(0.02)
                if c.legal:
                    await c.act(choose(c.legal, rng))
                    m = await c.wait(lambda m: m["type"] in ("ack", "error"), 10)
                    assert m["type"] == "ack" or m["code"] != "rate_limited", m  # held, not refused
                    acked += m["type"] == "ack"
        secs = time.monotonic() - start
        for c in clients:
            await c.close()
        return acked, secs

    acked, secs = asyncio.run(go())
    assert 8 < acked <= 8 + 2 * (secs + 1), (acked, secs)  # the burst, then 2 a second


def test_table_creation_is_rate_limited_per_address_and_bounded_in_all(make_server: MakeServer) -> None:
    server = make_server(None, "--create-rate", "3", "--max-tables", "2")
    body = {"slots": [None, "greedy", "greedy", "greedy"]}
    assert post(server, body)[0] == 201
    assert post(server, body)[0] == 201
    status, answer = post(server, body)
    assert status == 503 and answer["error"] == "table_full" and "tables in play" in answer["message"]
    status, answer = post(server, body)
    assert status == 429 and answer["error"] == "rate_limited" and "a minute" in answer["message"]
    assert (answer["limit"], answer["n"]) == ("create", 3) and "scope" not in answer, answer


def test_tables_played_by_bots_only_are_bounded_per_address(make_server: MakeServer) -> None:
    """Bots cost CPU (the expert up to tens of milliseconds a decision, on the event loop) and a
    table played by bots only needs nobody: one address creating ten a minute (four bots, or one
    human seat left at once) kept a hundred or more playing and slowed every table. An address
    may have ``--unattended-per-address`` live tables played by bots only; then 429."""
    server = make_server(None, "--unattended-per-address", "2")
    bots = {"slots": ["greedy"] * 4, "hands": 4}
    assert post(server, bots)[0] == 201
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=4, timer=0.05, teaching=False)

    async def sit_start_and_leave() -> None:
        async with server.client() as c:
            await c.join(tid, 0, "gone")
            await c.send(type="start")
            await c.wait(lambda m: m["type"] == "state" and m["players"][0]["away"], 10)

    asyncio.run(sit_start_and_leave())  # its only human turned away: bots play every seat
    status, answer = post(server, bots)
    assert status == 429 and answer["error"] == "rate_limited" and "bots" in answer["message"], answer
    assert (answer["limit"], answer["n"]) == ("unattended", 2), answer
    status, answer = post(server, {"slots": [None, "greedy", "greedy", "greedy"]})
    assert status == 429  # until one of them ends, is abandoned, or a player is back


def test_an_unlisted_tables_open_seat_is_found_by_its_link_only(server: Server) -> None:
    """``GET /api/tables`` lists every table with its open seats, so a script polling it took the
    seat a creator kept for a friend (``seat_taken`` for the friend, who could not play). A table
    created with ``listed: false`` is left out of the list (its 48-bit id is the invitation): the
    friend joins with the link, a lobby poller never sees it."""
    status, answer = post(server, {"slots": [None, None, "greedy", "greedy"], "sit": 0, "listed": False})
    assert status == 201 and answer["table"]["config"]["listed"] is False
    tid = answer["id"]
    assert post(server, {"slots": [None, None, "greedy", "greedy"], "listed": "no"})[0] == 400
    listed = server.create(slots=[None, None, "greedy", "greedy"])
    ids = [t["id"] for t in server.get("/api/tables")["tables"]]
    assert listed in ids and tid not in ids
    assert server.get(f"/api/tables/{tid}")["table"]["id"] == tid  # the link still finds it

    async def friend() -> int:
        async with server.client() as c:
            await c.join(tid, 1, "friend")
            return int(c.state["mine"]["slot"]) if c.state else -1

    assert asyncio.run(friend()) == 1


def test_http_requests_are_rate_limited_per_address(make_server: MakeServer) -> None:
    """Every HTTP request costs the event loop about a millisecond of CPU (a lookup of an unknown
    table 1.6 ms) and nothing bounded them: one address sending GETs in a loop kept a core busy.
    Past ``--http-rate`` requests a second (bursts of four times as many) an address gets 429
    with ``Retry-After``; the others are served as before."""
    server = make_server(None, "--http-rate", "5", "--replay-rate", "1000")  # only the HTTP limit here
    start = time.monotonic()
    answers = [get(server, f"/api/tables/nope{i}") for i in range(40)]
    allowed = 20 + 5 * (time.monotonic() - start) + 1  # the burst, then what refilled meanwhile (a loaded machine)
    refused = [(h, body) for status, h, body in answers if status == 429]
    assert 40 - len(refused) <= allowed and refused and all(status in (404, 429) for status, _, _ in answers), (len(refused), allowed)
    headers, body = refused[0]
    assert headers["retry-after"] == "1" and json.loads(body)["error"] == "rate_limited"
    assert (json.loads(body)["limit"], json.loads(body)["n"]) == ("requests", 5)
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    time.sleep(1.0)
    assert get(server, "/api/info")[0] == 200  # the bucket refills


def test_abandoned_tables_leave_memory_are_not_restored_and_a_player_brings_them_back(make_server: MakeServer) -> None:
    server = make_server(None, "--abandon-after", "1")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)

    async def go() -> str:
        c = server.client()
        await c.open()
        token = await c.join(tid, 0, "Bo")
        await c.close()
        deadline = time.monotonic() + 10
        while live(server) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert live(server) == 0, "a table nobody is connected to stayed live"
        return token

    token = asyncio.run(go())
    server.kill()
    server.start()
    assert live(server) == 0

    async def back() -> None:
        c = server.client()
        await c.open()
        st = await c.resume(tid, token)  # the player's resume always succeeds
        assert st["hand"] is not None and live(server) == 1
        await c.close()

    asyncio.run(back())


def test_cross_site_requests_and_plain_text_bodies_are_refused(make_server: MakeServer) -> None:
    server = make_server(None, "--origin", "https://mj.example.org")
    body = {"slots": [None, "greedy", "greedy", "greedy"]}
    status, answer = post(server, body, {"Origin": "https://evil.example"})
    assert status == 403 and answer["error"] == "forbidden_origin"
    assert post(server, body, {"Origin": server.base})[0] == 201
    assert post(server, body, {"Origin": "https://mj.example.org"})[0] == 201
    status, answer = post(server, json.dumps(body).encode(), {"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in answer["message"]

    async def go() -> None:
        with pytest.raises(InvalidStatus) as refused:
            async with connect(server.ws_url, origin="https://evil.example"):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403
        async with connect(server.ws_url, origin=server.base) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"v": 1, "type": "ping"}))
            assert json.loads(await ws.recv())["type"] == "pong"

    asyncio.run(go())


def test_spectators_have_their_own_cap_and_a_players_resume_always_succeeds(make_server: MakeServer) -> None:
    server = make_server(None, "--spectators", "2")
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=60)

    async def go() -> None:
        watchers = [server.client() for _ in range(3)]
        for w in watchers:
            await w.open()
        await watchers[0].watch(tid)
        await watchers[1].watch(tid)
        await watchers[2].send(type="watch", table=tid)
        assert (await watchers[2].wait(lambda m: m["type"] == "error"))["code"] == "spectators_full"
        # a seat is still free to a player, and the player can always come back
        p = server.client()
        await p.open()
        token = await p.join(tid, 0, "Cy")
        again = []
        for _ in range(6):
            c = server.client()
            await c.open()
            st = await c.resume(tid, token)
            assert st["mine"]["slot"] == 0
            again.append(c)
        for c in [*watchers, p, *again]:
            await c.close()

    asyncio.run(go())


def test_connections_are_capped_per_address(make_server: MakeServer) -> None:
    server = make_server(None, "--per-address", "3")

    async def go() -> None:
        conns = [await connect(server.ws_url) for _ in range(3)]
        extra = await connect(server.ws_url)
        msg = json.loads(await extra.recv())
        assert msg["code"] == "too_many_connections" and "your address" in msg["message"]
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(extra.recv(), 5)
        await conns[0].close()
        deadline = time.monotonic() + 10
        while True:  # the place is given back once the server has handled the close
            ok = await connect(server.ws_url)
            with contextlib.suppress(ConnectionClosed):  # refused: the server may close before the ping
                await ok.send(json.dumps({"v": 1, "type": "ping"}))
            answer = json.loads(await ok.recv())  # the pong, or too_many_connections
            if answer["type"] == "pong" or time.monotonic() > deadline:
                break
            await ok.close()
            await asyncio.sleep(0.1)
        assert answer["type"] == "pong", answer
        for c in [*conns[1:], ok]:
            await c.close()

    asyncio.run(go())


def test_behind_a_tls_proxy_that_keeps_the_host_the_https_origin_is_the_servers_own() -> None:
    """nginx ending TLS with ``proxy_set_header Host $host`` and no X-Forwarded-Proto (or no
    ``--trusted-proxy``): the server sees ``http`` and the browser sends ``Origin:
    https://mj.example.org``; every table creation and websocket was refused 403 as cross-site,
    though docs/server.md asks for ``--origin`` only of a proxy that rewrites ``Host``."""
    host = "mj.example.org"
    for scheme in ("http", "ws", "https", "wss"):
        assert origin_allowed("https://mj.example.org", scheme, host, ())
    assert origin_allowed("http://mj.example.org", "http", host, ())
    # a plain-HTTP page of that name is not the TLS server's own; other names and ports are others'
    assert not origin_allowed("http://mj.example.org", "https", host, ())
    assert not origin_allowed("https://evil.example", "http", host, ())
    assert not origin_allowed("https://mj.example.org:8443", "http", host, ())
    assert not origin_allowed("https://mj.example.org/x", "http", host, ())


def test_x_forwarded_for_names_the_client_only_behind_a_trusted_proxy(make_server: MakeServer) -> None:
    """Per-address limits behind a reverse proxy: X-Forwarded-For is honoured from ``--trusted-proxy``
    only; from anyone else it is ignored, so a client cannot pick its own address."""

    async def refused(server: Server, forwarded: str) -> bool:
        ws = await connect(server.ws_url, additional_headers={"X-Forwarded-For": forwarded})
        with contextlib.suppress(ConnectionClosed):  # a refused socket may be closed already
            await ws.send(json.dumps({"v": 1, "type": "ping"}))
        msg = json.loads(await asyncio.wait_for(ws.recv(), 5))  # the refusal comes first, else the pong
        await ws.close()
        return bool(msg["type"] == "error" and msg["code"] == "too_many_connections")

    async def go(server: Server, *, trusted: bool) -> None:
        first = await connect(server.ws_url, additional_headers={"X-Forwarded-For": "203.0.113.7"})
        # the same client again is refused either way; another client through the proxy is
        # counted apart only when the proxy is trusted
        assert await refused(server, "203.0.113.7")
        assert await refused(server, "198.51.100.9") is not trusted
        await first.close()

    asyncio.run(go(make_server(None, "--per-address", "1", "--trusted-proxy", "127.0.0.1"), trusted=True))
    asyncio.run(go(make_server(None, "--per-address", "1"), trusted=False))


def test_trusted_proxy_must_be_an_address(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "hkmj.cli", "serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--trusted-proxy", "proxy.lan"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "--trusted-proxy wants an IP address or network" in out.stderr
    assert "Traceback" not in out.stdout + out.stderr


@pytest.mark.parametrize("origin", ["notaurl", "mj.example.org", "https://mj.example.org/play", "https://mj.example.org:99999"])
def test_an_origin_that_no_browser_sends_is_refused_at_start_up(origin: str, tmp_path: Path) -> None:
    """``--origin`` is compared with the ``Origin`` header browsers send (``https://host[:port]``):
    a value without its scheme, with a path or a port out of range was taken, so the operator's
    site was silently refused tables and websockets (docs/server.md, Threat model). Now refused at
    start-up, in English and French."""
    db = f"sqlite:///{tmp_path / 'x.db'}"
    for lang, words in (("en", "--origin wants a site's origin such as https://mj.example.org"), ("fr", "--origin veut l'origine d'un site")):
        out = subprocess.run(
            [sys.executable, "-m", "hkmj.cli", "serve", "--db", db, "--origin", origin, "--lang", lang],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 2 and words in out.stderr and origin in out.stderr, out.stderr
        assert "Traceback" not in out.stdout + out.stderr


def test_unauthenticated_and_idle_sockets_time_out(make_server: MakeServer) -> None:
    server = make_server(None, "--auth-timeout", "1", "--idle-timeout", "2")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)

    async def closed_within(ws: Any, seconds: float) -> float:
        t0 = time.monotonic()
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), seconds)
        return time.monotonic() - t0

    async def go() -> None:
        silent = await connect(server.ws_url)
        assert await closed_within(silent, 5) < 4
        idle = await connect(server.ws_url)
        await idle.send(json.dumps({"v": 1, "type": "watch", "table": tid}))
        assert await closed_within(idle, 8) < 6

    asyncio.run(go())


def test_pings_keep_a_joined_socket_alive_but_never_an_unauthenticated_one(make_server: MakeServer) -> None:
    """The idle timeout closes silent sockets; a joined one that pings (as the browser client does,
    at the pace ``welcome`` implies) stays, while pings before joining do not stretch the auth timeout."""
    server = make_server(None, "--auth-timeout", "1", "--idle-timeout", "2")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)

    async def pinging(ws: Any, seconds: float) -> bool:
        """Ping every 0.4 s for ``seconds``; whether the socket is still open."""
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                await ws.send(json.dumps({"v": 1, "type": "ping"}))
                with contextlib.suppress(TimeoutError):
                    while True:
                        await asyncio.wait_for(ws.recv(), 0.4)
        except ConnectionClosed:
            return False
        return True

    async def go() -> None:
        watcher = await connect(server.ws_url)
        await watcher.send(json.dumps({"v": 1, "type": "watch", "table": tid}))
        welcome = json.loads(await watcher.recv())
        assert welcome["type"] == "welcome" and welcome["idle_timeout"] == 2
        assert await pinging(watcher, 5), "a spectator that pings was dropped as idle"
        await watcher.close()
        stranger = await connect(server.ws_url)
        assert not await pinging(stranger, 4), "pings kept a socket that never joined"

    asyncio.run(go())


def test_a_socket_closed_for_never_joining_is_told_why_not_that_it_sent_nothing(make_server: MakeServer) -> None:
    """The auth timeout runs from a socket's opening whatever it sends before a ``join``,
    ``resume`` or ``watch``; a client that pinged all along (and got every pong) was closed with
    ``timeout`` "nothing received for 1 s; closing", which was false and did not say what it
    lacked. It is now told that no join, resume or watch came within the timeout; a joined
    socket that falls silent is still told that nothing was received."""
    server = make_server(None, "--auth-timeout", "1", "--idle-timeout", "2")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], timer=60)

    async def timeout_error(ws: Any, ping: bool) -> dict[str, Any]:
        while True:
            if ping:
                await ws.send(json.dumps({"v": 1, "type": "ping"}))
            with contextlib.suppress(TimeoutError):
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 0.3))
                    if msg["type"] == "error":
                        return dict(msg)

    async def go() -> None:
        async with connect(server.ws_url) as stranger:
            said = await asyncio.wait_for(timeout_error(stranger, ping=True), 10)
        assert said["code"] == "timeout", said
        assert "nothing received" not in said["message"], said
        assert "join, resume or watch" in said["message"] and "1 s" in said["message"], said
        async with connect(server.ws_url) as watcher:
            await watcher.send(json.dumps({"v": 1, "type": "watch", "table": tid}))
            said = await asyncio.wait_for(timeout_error(watcher, ping=False), 10)
        assert said["code"] == "timeout" and said["message"] == "nothing received for 2 s; closing", said

    asyncio.run(go())


def test_slowloris_clients_are_dropped(make_server: MakeServer) -> None:
    server = make_server(None, "--header-timeout", "1")

    def drip(head: bytes, body: bytes = b"") -> float:
        """Send ``head`` then ``body`` one byte every 0.2 s; seconds until the server hangs up."""
        t0 = time.monotonic()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            try:
                for b in head + body:
                    s.sendall(bytes([b]))
                    time.sleep(0.2)
                    if time.monotonic() - t0 > 8:
                        return 99.0
                s.settimeout(8)
                while s.recv(4096):
                    pass
            except OSError:
                pass
        return time.monotonic() - t0

    assert drip(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100) < 4
    head = b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(head)
        s.settimeout(8)
        for _ in range(30):  # a body that never finishes
            try:
                s.sendall(b" ")
            except OSError:
                break
            time.sleep(0.2)
            if time.monotonic() - t0 > 3:
                break
        answer = s.recv(4096)
    assert b"408" in answer.split(b"\r\n")[0]


async def discards_within(w: GameClient, seconds: float) -> int:
    """Discards a recording watcher sees in the next ``seconds``."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        with contextlib.suppress(TimeoutError):
            await w.recv(0.5)
    return sum(e["type"] == "discard" for m in w.messages if m["type"] == "state" for e in m["events"])


def test_all_bot_tables_keep_a_minimum_pace_and_end(server: Server) -> None:
    status, answer = post(server, {"slots": ["greedy"] * 4, "length": "game", "bot_delay": 0, "claim_window": 0, "next_delay": 0})
    assert status == 201
    cfg = answer["table"]["config"]
    assert cfg["bot_delay"] >= 0.5 and cfg["claim_window"] >= 0.3 and cfg["next_delay"] >= 3 and cfg["max_hands"] == 16

    async def go() -> int:
        async with server.client(record=True) as w:
            await w.watch(answer["id"])
            w.messages.clear()  # the first frame's recent moves were played before the watch (a late one under load)
            return await discards_within(w, 3.0)

    assert asyncio.run(go()) <= 8  # 3 s at one turn per 0.5 s (+ claim windows), not hundreds


def test_the_operator_may_lower_the_all_bot_pace_of_a_private_server(make_server: MakeServer) -> None:
    """``hkmj serve --all-bot-pace K`` keeps K times the all-bot minimum pace: 0.5 halves it, 0
    lets a table of four bots run as fast as its options ask (the suite's browser tests watch bot
    matches to their end this way). A client cannot ask for it: the public default is 1."""
    half = make_server(None, "--all-bot-pace", "0.5")
    status, answer = post(half, {"slots": ["greedy"] * 4, "bot_delay": 0, "claim_window": 0, "next_delay": 0})
    assert status == 201
    cfg = answer["table"]["config"]
    assert (cfg["bot_delay"], cfg["claim_window"], cfg["next_delay"]) == (0.25, 0.15, 1.5)
    half.stop()
    fifth = make_server(None, "--all-bot-pace", "0.2")  # in whole milliseconds, not 0.6000000000000001
    status, answer = post(fifth, {"slots": ["greedy"] * 4, "bot_delay": 0, "claim_window": 0, "next_delay": 0})
    assert status == 201
    cfg = answer["table"]["config"]
    assert (cfg["bot_delay"], cfg["claim_window"], cfg["next_delay"]) == (0.1, 0.06, 0.6), cfg
    fifth.stop()
    flat = make_server(None, "--all-bot-pace", "0")
    status, answer = post(flat, {"slots": ["greedy"] * 4, "bot_delay": 0, "claim_window": 0, "next_delay": 0})
    assert status == 201
    cfg = answer["table"]["config"]
    assert (cfg["bot_delay"], cfg["claim_window"], cfg["next_delay"]) == (0, 0, 0)

    async def go() -> int:
        async with flat.client(record=True) as w:
            await w.watch(answer["id"])
            w.messages.clear()
            return await discards_within(w, 1.5)

    assert asyncio.run(go()) > 30  # far more than the three a public server would play in 1.5 s
    status, answer = post(flat, {"all_bot_pace": 0})
    assert status == 400 and "unknown option: all_bot_pace (a table takes" in answer["message"], answer


def test_a_table_whose_humans_left_keeps_the_all_bot_pace(server: Server) -> None:
    """The all-bot minimum pace only covered tables created with four bots: a table with one human
    seat, no bot delay, no claim window and a 0.05 s timer, whose player sat, started and left,
    was played by bots flat out (64 hands in about 4 s of CPU, one core busy). While every seat
    is played by a bot (open, or its player away) the table keeps the all-bot pace."""
    tid = server.create(
        slots=[None, "greedy", "greedy", "greedy"], hands=64, bot_delay=0, claim_window=0, timer=0.05, next_delay=0, teaching=False
    )

    async def go() -> int:
        async with server.client() as c:
            await c.join(tid, 0, "gone")
            await c.send(type="start")
            await c.wait(lambda m: m["type"] == "state" and bool(m["hand"]))
        async with server.client(record=True) as w:
            await w.watch(tid)
            # two timeouts: a bot holds the seat (well within a second; a generous deadline for a loaded machine)
            await w.wait(lambda m: m["type"] == "state" and m["players"][0]["away"], 30)
            w.messages.clear()
            return await discards_within(w, 3.0)

    assert asyncio.run(go()) <= 8  # 3 s at one turn per 0.5 s (+ claim windows), not hundreds
    assert server.get(f"/api/tables/{tid}")["table"]["hands_played"] < 3


def test_false_mahjongs_and_hints_are_rate_limited_and_not_logged_without_bound(tmp_path: Path, make_server: MakeServer) -> None:
    db = tmp_path / "t.db"
    server = make_server(f"sqlite:///{db}")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], teaching=True, bot_delay=0, timer=120, claim_window=0.01)

    async def go() -> None:
        async with server.client() as c:
            await c.join(tid, 0, "Di")
            await my_turn(c)
            codes, limits = [], set()
            for _ in range(8):
                await c.act("mahjong")
                answer = await c.wait(lambda m: m["type"] in ("error", "ack"))
                codes.append(answer.get("code"))
                if answer.get("code") == "rate_limited":  # HK-5.7: 3 false Mahjongs refused a hand at a teaching table
                    limits.add((answer["limit"], answer["n"]))
            assert codes.count("rate_limited") >= 5 and limits == {("false_mahjong", 3)}, (codes, limits)
            for _ in range(12):
                await c.send(type="hint")
            answers = [await c.wait(lambda m: m["type"] in ("hint", "error")) for _ in range(12)]
            assert sum(m.get("code") == "rate_limited" for m in answers) >= 6
            assert {(m["limit"], m["n"]) for m in answers if m.get("code") == "rate_limited"} == {("hints", 20)}

    asyncio.run(go())
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT COUNT(*) FROM hkmj_events WHERE table_id = ? AND data LIKE '%\"mahjong\"%'", (tid,))
        assert rows.fetchone()[0] <= 3


def test_security_headers_on_every_page(server: Server) -> None:
    paths = ("/", "/t/abc", "/api/info", "/api/tables", "/api/tables/nope", "/tiles/5p.svg", "/tiles/nope.svg", "/tiles/5p.svg?lang=xx")
    for path in (*paths, "/static/app.js", "/missing", "/help", "/api/tables/nope/log"):
        _, headers, _ = get(server, path)
        assert headers.get("content-type"), f"{path}: no Content-Type (a browser would sniff it)"
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_seat_token_in_an_http_answer_is_never_stored_by_a_cache(server: Server) -> None:
    """``POST /api/tables`` with ``sit`` answers the creator's secret seat token: the answer says
    ``Cache-Control: no-store`` (it said nothing, so a shared proxy could keep it)."""
    data = json.dumps({"slots": [None, "greedy", "greedy", "greedy"], "sit": 0}).encode()
    req = urllib.request.Request(server.base + "/api/tables", data=data, method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 201 and json.loads(r.read())["token"]
        assert "no-store" in r.headers.get("Cache-Control", "")


def test_head_of_the_table_list_is_answered_as_its_get(server: Server) -> None:
    """``HEAD /api/tables`` (a link checker, a monitor) was taken for a POST and answered 415."""
    req = urllib.request.Request(server.base + "/api/tables", method="HEAD")
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 200 and r.headers["Content-Type"] == "application/json"


def test_message_size_limit_counts_bytes_not_characters(server: Server) -> None:
    async def go() -> None:
        async with server.client() as c:
            await c.send_raw(json.dumps({"v": 1, "type": "ping", "pad": "é" * 2100}, ensure_ascii=False))  # 4,200+ bytes
            err = await c.wait(lambda m: m["type"] in ("error", "pong"))
            assert err.get("code") == "too_large"

    asyncio.run(go())


# ---------------------------------------------------------------------------------- fairness


def test_each_hands_wall_seed_is_fresh_from_secrets_and_stored_where_the_hand_starts(
    tmp_path: Path, make_server: MakeServer
) -> None:
    db = tmp_path / "w.db"
    server = make_server(f"sqlite:///{db}")
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600  # the database is its owner's only
    tid = quick_bots(server, hands=2, next_delay=0.1)

    async def go() -> GameClient:
        c = await finish(server, tid)
        await c.close()
        return c

    c = asyncio.run(go())
    reveals = {m["hand"]["number"]: m["reveal"]["wall"] for m in c.messages if m["type"] == "state" and m.get("reveal")}
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT kind, data FROM hkmj_events WHERE table_id = ? ORDER BY seq", (tid,)).fetchall()
    starts = [json.loads(d) for k, d in rows if k in ("start", "next")]
    seeds = [s["wall"] for s in starts if "wall" in s]
    assert len(seeds) >= 2 and len(set(seeds)) == len(seeds) and all(s.bit_length() > 100 for s in seeds)
    for number, seed in enumerate(seeds[:2], start=1):
        rng = random.Random(seed)
        wall, _ = random_wall(rng)
        assert [pid_str(p) for p in physical_wall(wall, rng)] == reveals[number]


def test_probes_during_a_claim_window_read_the_same_whoever_is_deciding(server: Server) -> None:
    """Seat A probes with an action at every claim window it has no part in; seat B, when it
    is offered a claim, thinks for 0.3 s. The texts A gets must not depend on B's offers."""
    tid = server.create(slots=[None, None, "random", "random"], hands=4, timer=30, claim_window=0.1, bot_delay=0, next_delay=0.5)

    async def go() -> set[str]:
        a, b = server.client(), server.client()
        await a.open()
        await b.open()
        await a.join(tid, 0, "A")
        await b.join(tid, 1, "B")
        texts: set[str] = set()
        rng = random.Random(3)
        stop = time.monotonic() + 40
        probes = 0

        def going() -> bool:
            over = bool(((a.state or {}).get("match") or {}).get("over"))
            return time.monotonic() < stop and probes < 12 and not over

        async def run_b() -> None:
            while going():
                try:
                    m = await b.recv(0.5)
                except TimeoutError:
                    continue
                legal = (m.get("mine") or {}).get("legal") or [] if m["type"] == "state" else []
                if legal:
                    if "pass" in legal:
                        await asyncio.sleep(0.3)
                    await b.act("pass" if "pass" in legal else choose(legal, rng))

        async def run_a() -> None:
            nonlocal probes
            while going():
                try:
                    m = await a.recv(0.5)
                except TimeoutError:
                    continue
                if m["type"] == "error" and m["code"] == "out_of_turn" and m["message"].startswith("pass: "):
                    if (a.state or {}).get("hand", {}).get("phase") in ("claim", "rob"):
                        texts.add(m["message"])
                        probes += 1
                    continue
                if m["type"] != "state" or not m.get("hand"):
                    continue
                legal = m["mine"]["legal"]
                if legal:
                    await a.act("pass" if "pass" in legal else choose(legal, rng))
                elif m["hand"]["phase"] == "claim":
                    await a.act("pass")
                    await asyncio.sleep(0.2)  # and again once the minimum window has passed
                    if (a.state or {}).get("hand", {}).get("phase") == "claim":
                        await a.act("pass")

        await asyncio.gather(run_a(), run_b())
        await a.close()
        await b.close()
        return texts

    texts = asyncio.run(go())
    assert len(texts) == 1, texts


def test_a_seat_turns_away_only_after_its_own_turn_never_during_a_claim_window(server: Server) -> None:
    tids = [server.create(slots=[None] * 4, timer=0.3, claim_window=0.05, away_after=1, hands=1) for _ in range(3)]

    async def one(tid: str) -> list[tuple[int, int | None, str]]:
        clients = [server.client(record=True) for _ in range(4)]
        for c in clients:
            await c.open()
        for i, c in enumerate(clients):
            await c.join(tid, i, f"p{i}")
        await clients[0].wait(lambda m: m["type"] == "state" and all(p["away"] for p in m["players"]), 30)
        for c in clients:
            await c.close()
        # every player turned away right after a timed-out turn of its own: the seat that discarded
        turned = []
        prev: dict[str, Any] | None = None
        for m in clients[0].messages:
            if m["type"] != "state":
                continue
            if prev is not None and m.get("hand"):
                for p, q in zip(prev["players"], m["players"], strict=True):
                    if q["away"] and not p["away"]:
                        turned.append((q["seat"], (m["hand"]["last_discard"] or {}).get("seat"), m["hand"]["phase"]))
            prev = m
        return turned

    async def go() -> list[tuple[int, int | None, str]]:
        return [x for r in await asyncio.gather(*(one(t) for t in tids)) for x in r]

    turned = asyncio.run(go())
    assert len(turned) == 12
    assert all(seat == discarder for seat, discarder, _ in turned), turned


def test_bots_are_seeded_from_secrets_not_from_the_table_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tables with the same match seed: their bots' seeds differ (they come from secrets)."""
    import hkmj.server.table as table_module
    from hkmj.server.protocol import TableConfig
    from hkmj.server.table import Table

    seeds: list[int] = []
    real = table_module.make_bot

    def spy(name: str, seed: int = 0) -> Any:
        seeds.append(seed)
        return real(name, seed)

    monkeypatch.setattr(table_module, "make_bot", spy)

    async def go() -> None:
        for tid in ("a", "b"):
            cfg = TableConfig(slots=["greedy"] * 4, bot_delay=0.0, claim_window=0.0, next_delay=600.0)
            t = Table(tid, cfg, 12345, None)
            t.go_live()
            await t.start()
            for _ in range(400):  # four bots at the all-bot pace (0.5 s a turn): a few seconds
                if len(seeds) >= (4 if tid == "a" else 8):
                    break
                await asyncio.sleep(0.02)
            t.close()

    asyncio.run(go())
    assert len(seeds) >= 8 and len(set(seeds)) == len(seeds)


def test_before_the_match_each_player_gets_its_own_frame(server: Server) -> None:
    """Before every seat is taken no seat exists yet: each player's frame carries its own slot and
    cseq, never another player's (frames are shared only between clients of one seat)."""
    tid = server.create(slots=[None, None, None, None])

    async def go() -> None:
        async with server.client() as a, server.client() as b:
            await a.join(tid, 0, "Ann")
            await b.join(tid, 1, "Bo")
            await a.wait(lambda m: m["type"] == "state" and sum(p["connected"] for p in m["players"]) >= 2 if "players" in m else False)
            await b.wait(lambda m: m["type"] == "state")
            assert a.state is not None and b.state is not None
            assert a.state["slot"] == 0 and a.state["mine"]["slot"] == 0
            assert b.state["slot"] == 1 and b.state["mine"]["slot"] == 1

    asyncio.run(go())


def test_a_player_who_joins_and_leaves_cannot_freeze_a_table_without_a_timer(make_server: MakeServer) -> None:
    """A teaching table with bots has no decision timer by default. A stranger who takes the
    open seat and closes the page (or a friend whose connection dies) left the table waiting
    for that seat forever; now a seat with nobody connected is played as on a timeout after
    ``--absent-after`` seconds (turns away after ``away_after`` turns), and the match ends."""
    server = make_server(None, "--absent-after", "0.3")
    # two hands, away after one missed turn: a hand may end before the seat's second turn (walls are secret)
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=2, away_after=1, teaching=True, timer=None, claim_window=0.01)

    async def go() -> list[dict[str, Any]]:
        squatter = server.client()
        await squatter.open()
        await squatter.join(tid, 1, "squatter")
        await squatter.close()
        c = await finish(server, tid)
        await c.close()
        return [m for m in c.messages if m["type"] == "state"]

    states = asyncio.run(go())
    assert states[-1]["match"]["over"] and states[-1]["config"]["timer"] is None
    assert any(s["players"][1]["away"] for s in states)  # a bot held the squatter's seat


def test_a_connected_player_who_never_plays_cannot_hold_another_humans_table(make_server: MakeServer) -> None:
    """At a table without a timer a stranger could take the open seat, stay connected (a ping now
    and then) and never play: the other human waited forever. With another human seated, a
    decision now times out ``--idle-after`` seconds after it opened (turns away after
    ``away_after`` turns, so a bot holds the seat), and the match ends."""
    server = make_server(None, "--idle-after", "0.3")
    # two hands, away after one missed turn: a hand may end before the seat's second turn (walls are secret)
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=2, away_after=1, teaching=True, timer=None, claim_window=0.01)

    async def go() -> list[dict[str, Any]]:
        squatter = server.client()
        await squatter.open()
        await squatter.join(tid, 1, "squatter")
        c = await finish(server, tid)
        await squatter.close()
        await c.close()
        return [m for m in c.messages if m["type"] == "state"]

    states = asyncio.run(go())
    assert states[-1]["match"]["over"] and states[-1]["config"]["timer"] is None
    assert any(s["players"][1]["away"] for s in states)  # a bot held the idle seat


def test_a_learner_alone_with_bots_is_never_hurried(make_server: MakeServer) -> None:
    """``--idle-after`` only applies when another human is seated: a learner alone at a teaching
    table (no timer) may think as long as they like; nothing is played for them."""
    server = make_server(None, "--idle-after", "0.2")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, teaching=True, timer=None, bot_delay=0, claim_window=0.01)

    async def go() -> tuple[list[str], list[str]]:
        c = server.client()
        await c.open()
        await c.join(tid, 0, "Ann")
        await my_turn(c)
        before = c.legal
        await asyncio.sleep(1.0)  # five times --idle-after
        await c.send(type="ping")
        await c.wait(lambda m: m["type"] == "pong")
        after = c.legal
        await c.close()
        return before, after

    before, after = asyncio.run(go())
    assert before and after == before  # still our decision: nothing was played for us


def test_the_creators_seat_is_taken_at_creation_so_nobody_can_snipe_it(server: Server) -> None:
    """The lobby lists every new table at once; the creator's seat used to stay open until the
    creator's page joined it over the websocket, so a script polling ``GET /api/tables`` could
    take it first. ``POST /api/tables`` with ``sit`` takes that slot for the creator in the same
    request and answers its token; a later ``join`` of it is ``seat_taken``."""
    status, body = post(server, {"slots": [None, None, "greedy", "greedy"], "names": ["Ann", "", "", ""], "sit": 0})
    assert status == 201 and body["slot"] == 0 and isinstance(body["token"], str)
    listed = next(t for t in server.get("/api/tables")["tables"] if t["id"] == body["id"])
    assert listed["slots"][0]["joined"] and listed["slots"][0]["name"] == "Ann"

    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        sniper, owner = server.client(), server.client()
        await sniper.open()
        await owner.open()
        await sniper.send(type="join", table=body["id"], slot=0, name="sniper")
        refused = await sniper.wait(lambda m: m["type"] in ("welcome", "error"))
        state = await owner.resume(body["id"], body["token"])
        await sniper.close()
        await owner.close()
        return refused, state

    refused, state = asyncio.run(go())
    assert refused["code"] == "seat_taken"
    assert state["slot"] == 0 and state["mine"]["slot"] == 0
    for bad, words in ((5, "0 to 3"), (2, "bot"), ("0", "0 to 3"), (True, "0 to 3")):
        status, answer = post(server, {"slots": [None, None, "greedy", "greedy"], "sit": bad})
        assert status == 400 and words in answer["message"], (bad, answer)


async def _slow_and_fast(server: Server, tid: str, think: float, hands_over: float) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Seat 0 acts ``think`` seconds after each decision opens (always under ``--idle-after``),
    seat 1 at once, until the hand is over or ``hands_over`` seconds pass; their frames."""
    slow, fast = server.client(record=True), server.client(record=True)
    await slow.open()
    await fast.open()
    await slow.join(tid, 0, "Slow")
    await fast.join(tid, 1, "Fast")
    rng = random.Random(3)

    async def caught_up(c: GameClient) -> dict[str, Any]:
        """The latest state after reading every frame already sent: a player who read one frame
        per decision would answer stale decisions, and its unread frames would pile up."""
        await drain([c], 0.005)
        return c.state or {}

    async def player(c: GameClient, delay: float) -> None:
        acted = -1
        while True:
            st = await caught_up(c)
            if st.get("reveal"):
                return
            legal = (st.get("mine") or {}).get("legal") or []
            if legal and st["seq"] != acted:
                acted = st["seq"]
                await asyncio.sleep(delay)
                if (await caught_up(c)).get("seq") == acted:  # still that decision: play it
                    await c.act(choose(legal, rng))
            with contextlib.suppress(TimeoutError):
                await c.recv(0.05)

    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(player(slow, think), player(fast, 0.0)), hands_over)
    await slow.close()
    await fast.close()
    return [m for m in slow.messages if m["type"] == "state"], [m for m in fast.messages if m["type"] == "state"]


def test_a_player_who_acts_just_before_idle_after_spends_a_time_bank_then_is_played_for(tmp_path: Path, make_server: MakeServer) -> None:
    """Acting just before ``--idle-after`` each time made every decision last that long (300 s: a
    hand could take hours). Where another human waits, each decision has ``--slow-grace`` seconds
    free and the rest comes off a per-hand time bank (``--slow-bank``); once it is spent the slow
    seat's decisions time out after the grace (the server plays for it, then a bot holds the seat).
    The quick player never loses anything, and a learner alone with bots is not concerned."""
    db = tmp_path / "slow.db"
    # A grace of 3 s leaves the quick player room on a loaded machine (0.3 s did not, at a load of
    # 8 on 2 cores, and 1 s left it about 0.8 s); thinking 3.5 s spends 0.5 s of the 1 s bank per
    # decision, so the slow seat's third decision times out after the grace.
    server = make_server(f"sqlite:///{db}", "--idle-after", "5", "--slow-grace", "3", "--slow-bank", "1")
    for _ in range(3):  # tables are dealt from secret walls: a hand won before the slow seat's third decision, another table
        tid = server.create(slots=[None, None, "greedy", "greedy"], hands=1, teaching=True, timer=None, bot_delay=0, claim_window=0.01)
        slow, fast = asyncio.run(_slow_and_fast(server, tid, 3.5, 18))  # the third slow decision ends within 11 s
        with sqlite3.connect(db) as conn:
            acts = [json.loads(d) for (d,) in conn.execute("SELECT data FROM hkmj_events WHERE table_id = ? AND kind = 'act'", (tid,))]
        played_for = {slot: sum(1 for a in acts if a["slot"] == slot and a["by"] != "player") for slot in (0, 1)}
        if played_for[0] or not slow or not slow[-1]["reveal"]:
            break
    banks = [s["mine"]["bank"] for s in slow if s["mine"]["bank"] is not None]
    assert banks[0] == 1 and banks[-1] == 0 and banks == sorted(banks, reverse=True), banks
    assert played_for[0] > 0 and played_for[1] == 0, played_for  # the slow seat was played for once its bank was spent
    assert all(s["mine"]["timeouts"] == 0 and not s["players"][1]["away"] for s in fast)
    assert {s["mine"]["bank"] for s in fast if s["mine"]["bank"] is not None} == {1}  # acting at once costs nothing


def test_a_slow_player_within_the_grace_is_never_played_for(make_server: MakeServer) -> None:
    """A player who takes less than ``--slow-grace`` per decision keeps a full bank and is never
    hurried (0.2 s a decision against a grace of 3 s: a loaded machine's late reply is still within it)."""
    server = make_server(None, "--idle-after", "5", "--slow-grace", "3", "--slow-bank", "0.6")
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=1, teaching=True, timer=None, bot_delay=0, claim_window=0.01)
    slow, _ = asyncio.run(_slow_and_fast(server, tid, 0.2, 12))
    assert all(s["mine"]["timeouts"] == 0 and not s["players"][0]["away"] for s in slow)
    assert {s["mine"]["bank"] for s in slow if s["mine"]["bank"] is not None} == {0.6}


def test_a_refused_lookup_over_the_websocket_says_when_to_retry(make_server: MakeServer) -> None:
    """A websocket ``rate_limited`` error gave no retry time, so the table page guessed one. A
    refusal of a rate (here ``lookups``: ``--replay-rate 6``, a token every 10 s) now carries
    ``retry_after``: whole seconds, at least 1, until the address's bucket earns its next token;
    with the bucket just emptied that is about the 10 s a token takes."""
    server = make_server(None, "--replay-rate", "6")

    async def go() -> list[dict[str, Any]]:
        c = server.client()
        await c.open()
        errors = []
        for i in range(8):
            await c.send(type="watch", table=f"nope{i}")
            errors.append(await c.wait(lambda m: m["type"] == "error"))
        await c.close()
        return errors

    errors = asyncio.run(go())
    assert [e["code"] for e in errors] == ["no_table"] * 6 + ["rate_limited"] * 2, errors
    assert all("retry_after" not in e for e in errors[:6])
    for e in errors[6:]:
        assert e["limit"] == "lookups" and isinstance(e["retry_after"], int) and 1 <= e["retry_after"] <= 10, e
