"""Attacks at the level of the game and the protocol's meaning, by a seated player, a spectator or
an outsider, on a real server on 127.0.0.1 (docs/server.md, "Attacked at the level of the
game"): each test is the attack script, and checks that the server holds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from hkmj.server.client import GameClient
from hkmj.server.testing import Server

from .test_attacks import post

MakeServer = Callable[..., Server]


def test_a_stranger_cannot_start_the_match_while_the_host_reloads_the_page(make_server: MakeServer) -> None:
    """A stranger seated at an open seat of a listed table sent ``start`` in a loop: the moment the
    host's connection dropped (a page reload, a phone putting the browser to sleep) the stranger
    was let start, and every seat kept for a friend went to a bot. A seated player other than the
    host may start only once the host has had no connection for ``--absent-after`` seconds."""
    server = make_server(None, "--absent-after", "2")
    status, answer = post(server, {"slots": [None, None, None, "greedy"], "sit": 0, "listed": True})
    assert status == 201
    tid, token = answer["id"], answer["token"]

    async def go() -> None:
        async with server.client() as stranger:
            await stranger.join(tid, 1, "stranger")
            async with GameClient(server.ws_url) as host:
                await host.resume(tid, token)
                await stranger.wait(lambda m: m["type"] == "state" and m["players"][0]["connected"])
            # the host's page reloads: its socket closes, and the stranger starts at once
            await stranger.wait(lambda m: m["type"] == "state" and not m["players"][0]["connected"])
            left = time.monotonic()
            await stranger.send(type="start")
            refused = await stranger.wait(lambda m: m["type"] == "error")
            assert refused["code"] == "not_host", refused
            assert "2 s" in refused["message"], refused["message"]
            async with GameClient(server.ws_url) as host:  # the page is back: still open, the host's
                st = await host.resume(tid, token)
                assert st["status"] == "open" and st["players"][2]["joined"] is False
            # the host is gone for good: once it has been away --absent-after seconds, anyone seated may start
            await stranger.wait(lambda m: m["type"] == "state" and not m["players"][0]["connected"])
            await asyncio.sleep(max(0.0, 2.1 - (time.monotonic() - left)))
            await stranger.send(type="start")
            st = await stranger.wait(lambda m: m["type"] == "state" and m["status"] == "playing")
            assert st["players"][2]["bot"] == "greedy"

    asyncio.run(go())
