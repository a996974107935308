"""A table whose players have all gone is abandoned after ``--abandon-after`` even while someone
watches it (a spectator kept it live, played by the server, for as long as they watched); its
spectators are told (``status: "abandoned"``) and follow it back when a player resumes. A match of
four bots, which has no player and ends by itself, stays live while it is watched."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from hkmj.server.client import GameClient
from hkmj.server.testing import Server

from .test_attacks import post

MakeServer = Callable[..., Server]


def _abandoned_after_a_second(make_server: MakeServer) -> tuple[Server, str, str]:
    """A server that saves a table as abandoned 1 s after its last player left, and a table of one
    player (seated, its token) and three greedy bots on it."""
    server = make_server(None, "--abandon-after", "1")
    status, answer = post(server, {"slots": [None, "greedy", "greedy", "greedy"], "sit": 0, "timer": None})
    assert status == 201
    return server, answer["id"], answer["token"]


def test_a_spectator_does_not_keep_a_table_its_players_left(make_server: MakeServer) -> None:
    server, tid, token = _abandoned_after_a_second(make_server)

    async def go() -> None:
        async with server.client() as w:
            async with GameClient(server.ws_url) as player:
                await player.resume(tid, token)
                await player.send(type="start")
                await player.wait(lambda m: m["type"] == "state" and bool(m["hand"]))
                st = await w.watch(tid)
                assert st["status"] == "playing" and st["players"][0]["connected"]
            # the player has gone; the spectator stays and is told when the table is abandoned
            st = await w.wait(lambda m: m["type"] == "state" and m["status"] == "abandoned", 15)
            assert not st["players"][0]["connected"] and st["mine"] is None and st["reveal"] is None
            assert not server.get(f"/api/tables/{tid}")["live"]
            assert server.get(f"/api/tables/{tid}")["table"]["status"] == "abandoned"
            # the player comes back: the table plays again, and the spectator follows it
            async with GameClient(server.ws_url) as player:
                await player.resume(tid, token)
                st = await w.wait(lambda m: m["type"] == "state" and m["status"] == "playing" and m["players"][0]["connected"], 10)
                assert server.get(f"/api/tables/{tid}")["live"]

    asyncio.run(go())


def test_a_watched_match_of_four_bots_is_not_abandoned(make_server: MakeServer) -> None:
    """Four bots (no seat for a person): the spectator is all the table has, and the match ends by
    itself (at most 16 hands); it stays live while watched, and is abandoned once nobody watches."""
    server = make_server(None, "--abandon-after", "1")
    status, answer = post(server, {"slots": ["greedy"] * 4, "bot_delay": 1.0, "max_hands": 1})
    assert status == 201
    tid = answer["id"]

    async def go() -> None:
        async with server.client() as w:
            st = await w.watch(tid)
            assert st["status"] in ("open", "playing")
            await asyncio.sleep(3.5)  # more than --abandon-after and a sweep or two
            st = await w.recv(5)
            assert st["type"] == "state" and st["status"] != "abandoned", st["status"]
            assert server.get(f"/api/tables/{tid}")["live"] or server.get(f"/api/tables/{tid}")["table"]["status"] == "over"

    asyncio.run(go())
    deadline = time.monotonic() + 15
    while server.get(f"/api/tables/{tid}")["live"]:
        assert time.monotonic() < deadline, "a bots' match nobody watches stayed live"
        time.sleep(0.3)


def test_a_spectator_of_an_abandoned_table_gets_its_last_state_once(make_server: MakeServer) -> None:
    """A ``watch`` of a table saved as abandoned (a read-only copy) was answered with its full
    state twice, its recent moves with each, and the browser listed every move twice; now once."""
    server, tid, token = _abandoned_after_a_second(make_server)

    async def go() -> None:
        async with server.client() as w:
            async with GameClient(server.ws_url) as player:
                await player.resume(tid, token)
                await player.send(type="start")
                await player.wait(lambda m: m["type"] == "state" and bool(m["hand"]))
                await w.watch(tid)
            await w.wait(lambda m: m["type"] == "state" and m["status"] == "abandoned", 15)
        async with server.client(record=True) as late:
            st = await late.watch(tid)
            assert st["status"] == "abandoned"
            with contextlib.suppress(TimeoutError):
                await late.wait(lambda m: m["type"] == "state", 1.5)
            assert [m["type"] for m in late.messages].count("state") == 1, [m["type"] for m in late.messages]

    asyncio.run(go())
