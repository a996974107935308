"""The ASGI application: lobby pages, a small JSON API, tile faces and the game websocket.

``create_app(db_url)`` builds a Starlette app whose lifespan opens the store (running the
Alembic migrations) and restores every table that is not over. Routes:

``GET /``, ``GET /t/{id}``     the browser client (one page, plain HTML/CSS/JS)
``GET /api/info``              protocol version, bot names, match lengths, defaults
``GET|POST /api/tables``       list live tables / create one (JSON options, see TableConfig)
``GET /api/tables/{id}``       one table's public summary
``GET /tiles/{name}.svg``      a tile face (:mod:`hkmj.server.svg`; ``?lang=fr`` for French letters)
``GET /help``                  how to play, in English or French (``?lang=fr``)
``WS  /ws``                    the game protocol (docs/protocol.md)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from hkmj.bots import BOTS
from hkmj.engine import LENGTHS
from hkmj.rulesets import rulesets_info
from hkmj.server.help import help_page, pick_lang
from hkmj.server.protocol import (
    VERSION,
    ProtocolError,
    RateLimiter,
    TableConfig,
    clean_name,
    decode,
    encode,
    field_of,
)
from hkmj.server.store import Store
from hkmj.server.svg import face
from hkmj.server.table import Table

__all__ = ["Hub", "create_app"]

log = logging.getLogger("uvicorn.error.hkmj")  # shown with uvicorn's own log settings
STATIC = Path(__file__).with_name("static")
MAX_TABLES = 2000
MAX_CLIENTS_PER_TABLE = 64
OUTBOX_LIMIT = 512
"""Frames queued for a client that does not read; past this the connection is closed."""


class Conn:
    """One websocket client: its table, slot (None for a spectator), outbox and rate limit."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.slot: int | None = None
        self.table: Table | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.limiter = RateLimiter()
        self.dead = False
        self._last_limit_error = 0.0

    def send(self, text: str) -> None:
        if self.dead:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.dead = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    async def writer(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:  # the peer went away; the reader notices
            pass
        finally:
            self.dead = True
            with contextlib.suppress(Exception):
                await self.ws.close(1008 if self.outbox.qsize() else 1000)


class Hub:
    """All tables of this server process, and the store behind them."""

    def __init__(self, db_url: str) -> None:
        self.db_url = db_url
        self.store: Store | None = None
        self.tables: dict[str, Table] = {}

    async def open(self) -> None:
        self.store = await asyncio.to_thread(Store, self.db_url)
        for tid in self.store.table_ids():
            try:
                self._restore(tid)
            except Exception:  # one unreadable log must not keep the other tables down
                log.exception("table %s could not be restored; it stays closed", tid)
        log.info("hkmj server: %d table(s) restored from %s", len(self.tables), self.db_url.split("@")[-1])

    def _restore(self, tid: str) -> Table:
        assert self.store is not None
        t = Table.restore(tid, list(self.store.rows(tid)), self.store)
        self.tables[tid] = t
        t.go_live()
        return t

    def close(self) -> None:
        for t in self.tables.values():
            t.close()
        if self.store is not None:
            self.store.close()

    def get(self, tid: Any) -> Table:
        if not isinstance(tid, str) or not 1 <= len(tid) <= 32:
            raise ProtocolError("no_table", f"no table {tid!r}")
        t = self.tables.get(tid)
        if t is not None:
            return t
        if self.store is not None and self.store.has_table(tid):
            return self._restore(tid)
        raise ProtocolError("no_table", f"no table {tid!r}")

    async def create(self, cfg: TableConfig) -> Table:
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError("table_full")
        assert self.store is not None
        tid = secrets.token_urlsafe(6)
        seed = secrets.randbits(63)
        await self.store.create_table(tid, cfg.to_dict(), {"config": cfg.to_dict(), "seed": seed})
        t = Table(tid, cfg, seed, self.store)
        self.tables[tid] = t
        t.go_live()
        if all(s is not None for s in cfg.slots):
            await t.start()
        return t

    # ------------------------------------------------------------------ websocket messages

    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "ping":
            conn.send(encode({"type": "pong", "id": msg.get("id")}))
            return
        if kind in ("join", "resume", "watch"):
            if conn.table is not None:
                raise ProtocolError("already_joined")
            table = self.get(msg.get("table"))
            if table.status == "over":
                self._show_result(conn, table, msg)
                return
            if len(table.clients) >= MAX_CLIENTS_PER_TABLE:
                raise ProtocolError("table_full", "this table has too many connections")
            if kind == "join":
                slot = field_of(msg, "slot", int)
                name = clean_name(field_of(msg, "name", str, optional=True) or "")
                token = await table.join(slot, name)
                conn.send(encode({"type": "welcome", "table": table.id, "slot": slot, "token": token, "role": "player"}))
            elif kind == "resume":
                token = field_of(msg, "token", str)
                slot_or_none = table.slot_of_token(token) if len(token) < 200 else None
                if slot_or_none is None:
                    raise ProtocolError("bad_token", "this token holds no seat at this table")
                slot = slot_or_none
                conn.send(encode({"type": "welcome", "table": table.id, "slot": slot, "role": "player"}))
            else:
                slot = None
                conn.send(encode({"type": "welcome", "table": table.id, "slot": None, "role": "spectator"}))
            conn.table, conn.slot = table, slot
            table.attach(conn)
            if kind == "resume" and slot is not None and table.away[slot]:
                await table.back(slot)
            return
        current = conn.table
        if current is None:
            raise ProtocolError("not_joined")
        if conn.slot is None:
            raise ProtocolError("spectator")
        table = current
        if kind == "action":
            cseq = field_of(msg, "cseq", int)
            at = field_of(msg, "at", int)
            action = field_of(msg, "action", str)
            await table.act(conn.slot, action, cseq, at)
            conn.send(encode({"type": "ack", "cseq": cseq, "seq": table.pseq}))
        elif kind == "hint":
            conn.send(encode(table.hint(conn.slot)))
        elif kind == "back":
            await table.back(conn.slot)
        elif kind == "next":
            await table.next_ready(conn.slot)
        elif kind == "start":
            await table.start()

    @staticmethod
    def _show_result(conn: Conn, table: Table, msg: dict[str, Any]) -> None:
        """A finished table: its final frame (last hand, reveal, ranking) whatever was asked; the
        connection is not attached, since nothing will change. A seat token still shows its hand."""
        token = msg.get("token") if msg["type"] == "resume" else None
        slot = table.slot_of_token(token) if isinstance(token, str) and len(token) < 200 else None
        role = "spectator" if slot is None else "player"
        conn.send(encode({"type": "welcome", "table": table.id, "slot": slot, "role": role, "over": True}))
        conn.send(table.state_text(slot))


def _error(code: str, message: str, msg: dict[str, Any] | None) -> str:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if msg is not None:
        out["ref"] = msg.get("type")
        if isinstance(msg.get("cseq"), int):
            out["cseq"] = msg["cseq"]
    return encode(out)


def create_app(db_url: str = "sqlite:///hkmj.db") -> Starlette:
    """The server application on the database at ``db_url`` (SQLite or PostgreSQL URL)."""
    hub = Hub(db_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.open()
        try:
            yield
        finally:
            hub.close()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def help_(request: Request) -> Response:
        lang = pick_lang(request.query_params.get("lang"), request.headers.get("accept-language"))
        return HTMLResponse(help_page(lang), headers={"Cache-Control": "no-cache", "Content-Language": lang})

    async def info(request: Request) -> Response:
        return JSONResponse(
            {
                "v": VERSION,
                "bots": list(BOTS),
                "lengths": list(LENGTHS),
                "defaults": TableConfig().to_dict(),
                "rulesets": rulesets_info(),
            }
        )

    async def tables(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse({"v": VERSION, "tables": [t.summary() for t in hub.tables.values() if t.status != "over"]})
        body = await request.body()
        if len(body) > 8192:
            return JSONResponse({"v": VERSION, "error": "too_large", "message": "request too large"}, status_code=413)
        try:
            data = json.loads(body or b"{}")
            cfg = TableConfig.from_dict(data, tuple(BOTS))
        except (ValueError, RecursionError) as e:
            return JSONResponse({"v": VERSION, "error": "bad_request", "message": str(e)}, status_code=400)
        try:
            t = await hub.create(cfg)
        except ProtocolError as e:
            return JSONResponse({"v": VERSION, "error": e.code, "message": e.message}, status_code=503)
        return JSONResponse({"v": VERSION, "id": t.id, "url": f"/t/{t.id}", "table": t.summary()}, status_code=201)

    async def table_info(request: Request) -> Response:
        try:
            t = hub.get(request.path_params["tid"])
        except ProtocolError as e:
            return JSONResponse({"v": VERSION, "error": e.code, "message": e.message}, status_code=404)
        return JSONResponse({"v": VERSION, "table": t.summary()})

    async def tile(request: Request) -> Response:
        try:
            svg = face(request.path_params["name"], request.query_params.get("lang", "en"))
        except KeyError:
            return Response("no such tile (or language: en, fr)", status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        conn = Conn(ws)
        writer = asyncio.create_task(conn.writer())
        try:
            while not conn.dead:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                text = raw.get("text")
                if text is None:
                    text = raw.get("bytes") or b""
                if not conn.limiter.allow():
                    now = asyncio.get_running_loop().time()
                    if now - conn._last_limit_error >= 1.0:
                        conn._last_limit_error = now
                        why = f"more than {conn.limiter.rate:g} messages a second; message dropped"
                        conn.send(_error("rate_limited", why, None))
                    continue
                msg: dict[str, Any] | None = None
                try:
                    msg = decode(text)
                    await hub.handle(conn, msg)
                except ProtocolError as e:
                    conn.send(_error(e.code, e.message, msg))
                except Exception:
                    log.exception("error handling a message")
                    conn.send(_error("server_error", "internal error; nothing changed", msg))
        except WebSocketDisconnect:
            pass
        finally:
            if conn.table is not None:
                conn.table.detach(conn)
            conn.dead = True
            conn.outbox.put_nowait(None)
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, 2)

    routes = [
        Route("/", index),
        Route("/t/{tid}", index),
        Route("/help", help_),
        Route("/api/info", info),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{tid}", table_info),
        Route("/tiles/{name}.svg", tile),
        WebSocketRoute("/ws", ws_endpoint),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app
