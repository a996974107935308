"""A fresh stranger's audit of ``hkmj serve``: what was still open to a script after the threats of
docs/server.md ("Threat model") were closed. A real server on 127.0.0.1 each.
"""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from hkmj.server.testing import Server

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
        for first in ({"type": "watch", "table": tid}, {"type": "ping"}):
            extra = server.client()
            await extra.open()
            await extra.send(**first)
            refused = await extra.wait(lambda m: m["type"] == "error")
            assert refused["code"] == "too_many_connections", refused
            with pytest.raises((ConnectionClosed, TimeoutError)):
                await extra.recv(timeout=5)
        for c in [*watchers, back]:
            await c.close()

    asyncio.run(go())

