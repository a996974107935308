"""A small asyncio client of the protocol (tests, the benchmark, scripted players).

>>> # async with GameClient("ws://127.0.0.1:8000/ws") as c:
>>> #     token = await c.join(table_id, slot=0, name="Ann")
>>> #     await c.act(c.state["mine"]["legal"][0])
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from hkmj.server.protocol import VERSION

__all__ = ["GameClient", "ServerError"]


class ServerError(Exception):
    """An ``error`` message received while waiting for something else."""

    def __init__(self, msg: dict[str, Any]) -> None:
        super().__init__(f"{msg.get('code')}: {msg.get('message')}")
        self.msg = msg
        self.code = msg.get("code")


class GameClient:
    """One websocket connection; keeps the latest ``state`` frame and every message if asked."""

    def __init__(self, url: str, *, record: bool = False) -> None:
        self.url = url
        self.ws: ClientConnection | None = None
        self.state: dict[str, Any] | None = None
        self.cseq = 0
        self.record = record
        self.messages: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.token: str | None = None
        self.slot: int | None = None
        self.table: str | None = None

    async def __aenter__(self) -> GameClient:
        await self.open()
        return self

    async def __aexit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        await self.close()

    async def open(self) -> None:
        # max_queue=None: frames not yet read are kept however many, and the connection never
        # stops reading; with the library's default (16) a script that reads slowly (thinking
        # between moves) stopped reading the server's frames and the keepalive pongs with them,
        # and the connection was closed (1011, "keepalive ping timeout") under its feet.
        self.ws = await connect(self.url, max_size=2**22, open_timeout=10, max_queue=None)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, **msg: Any) -> None:
        assert self.ws is not None
        msg.setdefault("v", VERSION)
        await self.ws.send(json.dumps(msg))

    async def send_raw(self, data: str | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(data)

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message (a state frame also updates :attr:`state`)."""
        assert self.ws is not None
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        try:
            msg: dict[str, Any] = orjson.loads(raw)  # several times faster than json: a table sends a frame per seat per move
        except orjson.JSONDecodeError:  # what orjson refuses and json reads: a number past a double's range (1e999)
            msg = json.loads(raw)
        msg["_t"] = time.perf_counter()
        if self.record:
            self.messages.append(msg)
        if msg.get("type") == "state":
            self.state = msg
        elif msg.get("type") == "error":
            self.errors.append(msg)
        return msg

    async def wait(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0, *, raise_errors: bool = False
    ) -> dict[str, Any]:
        """Read until a message satisfies ``pred``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(
                    f"no matching message within {timeout}s; last state seq {self.state and self.state.get('seq')}"
                )
            msg = await self.recv(left)
            if raise_errors and msg.get("type") == "error":
                raise ServerError(msg)
            if pred(msg):
                return msg

    async def join(self, table: str, slot: int, name: str = "") -> str:
        await self.send(type="join", table=table, slot=slot, name=name)
        w = await self.wait(lambda m: m["type"] in ("welcome",), raise_errors=True)
        self.token, self.slot, self.table = w["token"], slot, table
        await self.wait(lambda m: m["type"] == "state")
        return str(w["token"])

    async def resume(self, table: str, token: str) -> dict[str, Any]:
        await self.send(type="resume", table=table, token=token)
        w = await self.wait(lambda m: m["type"] == "welcome", raise_errors=True)
        self.token, self.slot, self.table = token, w["slot"], table
        st = await self.wait(lambda m: m["type"] == "state")
        self.cseq = max(self.cseq, int((st.get("mine") or {}).get("last_cseq") or 0))
        return st

    async def watch(self, table: str) -> dict[str, Any]:
        await self.send(type="watch", table=table)
        await self.wait(lambda m: m["type"] == "welcome", raise_errors=True)
        return await self.wait(lambda m: m["type"] == "state")

    async def act(self, action: str, *, at: int | None = None) -> int:
        """Send an action with the next client sequence number; returns that number."""
        self.cseq += 1
        assert self.state is not None
        await self.send(type="action", cseq=self.cseq, at=self.state["seq"] if at is None else at, action=action)
        return self.cseq

    @property
    def legal(self) -> list[str]:
        if self.state is None or self.state.get("mine") is None:
            return []
        return list(self.state["mine"]["legal"])
