"""The ASGI application: lobby pages, a small JSON API, tile faces and the game websocket.

``create_app(db_url, limits)`` builds a Starlette app whose lifespan opens the store (running
the Alembic migrations) and restores every table still in play. Routes:

``GET /``, ``GET /t/{id}``     the browser client (one page, plain HTML/CSS/JS)
``GET /api/info``              protocol version, bot names, match lengths, defaults
``GET|POST /api/tables``       list live tables / create one (JSON options, see TableConfig)
``GET /api/tables/{id}``       one table's public summary
``GET /tiles/{name}.svg``      a tile face (:mod:`hkmj.server.svg`; ``?lang=fr`` for French letters)
``GET /help``                  how to play, in English or French (``?lang=fr``), for a ruleset (``?rules=mcr``)
``WS  /ws``                    the game protocol (docs/protocol.md)

Only tables in play are held in memory: a finished table is dropped (its log stays in the
database, readable and replayable), and a table with no player connected for
:attr:`Limits.abandon_after` seconds (spectators do not count, but at a match of four bots) is
saved as ``abandoned`` and dropped too; a player's ``resume`` brings it back. The defences listed in docs/server.md ("Threat model") live here:
:class:`Limits` holds every cap and timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import json
import logging
import re
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import sqlalchemy as sa
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from hkmj.bots import BOTS
from hkmj.engine import LENGTHS, Discard, parse_action
from hkmj.engine.actions import ActionSyntaxError
from hkmj.rulesets import Ruleset, get_ruleset, rulesets_info
from hkmj.scoring.lines import json_refusal
from hkmj.server.botprocess import BotProcess
from hkmj.server.export import log_lines
from hkmj.server.help import help_page, pick_lang, pick_options, pick_rules
from hkmj.server.hosts import HostCheck
from hkmj.server.http import secured_headers
from hkmj.server.limits import Limits
from hkmj.server.protocol import (
    ERRORS,
    MAX_ACTION,
    MAX_CSEQ,
    MAX_PING_ID,
    VERSION,
    NameTaken,
    ProtocolError,
    RateLimiter,
    TableConfig,
    clean_name,
    compact_json,
    decode,
    echo_size,
    encode,
    field_of,
    limit_fields,
    quote_value,
)
from hkmj.server.ranges import RangedFileResponse, RangedStaticFiles
from hkmj.server.refusal_page import refusal_page, wants_html
from hkmj.server.store import Store, shown_url
from hkmj.server.svg import face
from hkmj.server.table import SLOW_SAVE, Table
from hkmj.tiles import plural

__all__ = ["Hub", "Limits", "create_app"]

log = logging.getLogger("uvicorn.error.hkmj")  # shown with uvicorn's own log settings
STATIC = Path(__file__).with_name("static")
FLOOD_BURST = 500
"""Messages past its rate limit a connection may send in a burst (and 50 a second beyond it) before
it is closed: the dropped messages of a flood still cost the event loop about 6 µs each, and one
socket sending flat out (160,000 a second) kept a core busy."""
OUTBOX_LIMIT = 512
"""Frames queued for a client that does not read; past this the connection is closed."""
PLAYER_CONNECTIONS_PER_SLOT = 4
"""Connections holding one seat; a further ``resume`` closes the oldest (it always succeeds)."""
SPECTATORS_PER_ADDRESS = 8
"""Connections one client address may watch one table from: a stranger watching a listed table
from as many connections as it takes spectators left no place for anyone else to watch it."""
SPECTATOR_BLOCK_SHARE = 4
"""One address block (:func:`spectator_block`: an IPv4 /24, an IPv6 /48) may watch one table from
a quarter of its spectators' places (8 of 32), and never fewer than one address may: four IPv4
addresses (a rented server holding a few, 8 connections each) took all 32 places of a table, and
one IPv6 /48 (64 connections, ``--network-share`` times 8) did it alone."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id may be (the server makes them with :func:`secrets.token_urlsafe`: 8 of these
letters): anything else is ``no_table`` before the database is asked. A NUL, which PostgreSQL
refuses in any text, made the lookup fail as a database outage (``503 server_error``, *try again
shortly*), where SQLite said ``no_table``."""

FINISHED_CACHE = 32
"""Finished or abandoned tables kept replayed (read-only, not live) for lookups and watchers."""
ACTION_WAIT = 2.0
"""Seconds an action past ``--action-rate`` is held before it is played; one that would wait
longer (a script sending far ahead of its answers) is refused with ``rate_limited``."""

REVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
"""The game review's own policy: one self-contained page (its style and tile pictures inline), no
script, nothing fetched."""


class SecurityHeaders:
    """ASGI middleware: :data:`hkmj.server.http.SECURITY_HEADERS` on every HTTP response (and ``Cache-Control:
    no-store`` on a refusal that names no caching: :func:`hkmj.server.http.secured_headers`). The
    answers written below the application (uvicorn's, websockets') get them in
    :mod:`hkmj.server.http`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = secured_headers(list(message.get("headers", [])), message["status"])
            await send(message)

        await self.app(scope, receive, send_with_headers)


LOBBY_SIZE = 100
"""Tables ``GET /api/tables`` lists at most (``total`` says how many are listed in all): with 500
live tables the whole list was 320 KB, so one address at ``--http-rate`` drew 16 MB a second."""


def lobby_tables(tables: Iterable[Table]) -> list[Table]:
    """The live tables the lobby lists (not over, created ``listed``), in the order it shows them:
    those with a free seat for a person first, then the others, newest first in each."""
    live = [t for t in tables if t.status != "over" and t.cfg.listed]
    live.reverse()  # the hub holds tables in the order they were created or brought back
    return sorted(live, key=lambda t: not t.free_seat())


LOBBY_MAX_AGE = 0.5
"""Seconds the lobby list may be served unchanged while only what the hub is not told of at once
changed (a table's spectators, its hands played): at most two builds a second then."""


class LobbyList:
    """The answer to ``GET /api/tables``, the same bytes for every caller (it varies on nothing
    of the request), built again only when a table is created or gone, a seat taken, a match
    started (:meth:`changed`) or the answer is ``LOBBY_MAX_AGE`` old. Built on every request, it
    cost the event loop 3-5 ms with 500 live tables: one address at the 50 requests a second
    ``--http-rate`` allows took a fifth of the loop, a few addresses most of it."""

    def __init__(self) -> None:
        self.version = 0
        """Bumped by :meth:`changed`; the answer is built again when it is not :attr:`_built`."""
        self.builds = 0
        """Answers built so far."""
        self._built = -1
        self._at = 0.0
        self._body = b""

    def changed(self) -> None:
        """Something the lobby shows changed: the next request builds the list again."""
        self.version += 1

    def body(self, tables: Iterable[Table]) -> bytes:
        now = time.monotonic()
        if self._built != self.version or now - self._at >= LOBBY_MAX_AGE:
            listed = lobby_tables(tables)
            # orjson: with 500 tables listed the stdlib's json took 12 ms an answer
            shown = [t.summary() for t in listed[:LOBBY_SIZE]]
            self._body = compact_json({"v": VERSION, "tables": shown, "total": len(listed)}).encode()
            self._built, self._at = self.version, now
            self.builds += 1
        return self._body


class HttpRateLimit:
    """ASGI middleware: per client address, at most ``rate`` HTTP requests and websocket
    handshakes a second (bursts of ``4 * rate``); more are answered 429 ``rate_limited`` with
    ``Retry-After: 1``. A handshake costs the event loop about 0.4 ms: one client opening and
    closing websockets in a loop (1,900 a second) kept a core busy. Open websockets have their own
    caps (connections per address, messages per connection)."""

    def __init__(self, app: ASGIApp, rate: float, share: int = 1, origins: tuple[str, ...] = ()) -> None:
        self.app = app
        self.rate = rate
        self.share = share
        """An IPv6 /48's budget, in addresses' worth (:attr:`Limits.network_share`)."""
        self.origins = origins
        """The ``--origin`` URLs, whose requests are not another site's."""
        self.buckets = Buckets()

    def foreign(self, scope: Scope) -> bool:
        """Whether a browser sent this request for a page of another site (:func:`cross_site`;
        a websocket handshake: an ``Origin`` :func:`origin_allowed` refuses). Such a request is
        refused before it counts: a page elsewhere firing images at this server (a few hundred a
        second) kept its visitors' address over the rate, their own page and websocket refused."""
        headers = Headers(scope=scope)
        if scope["type"] == "websocket":
            return not origin_allowed(headers.get("origin"), scope.get("scheme", "ws"), headers.get("host"), self.origins)
        return cross_site(scope.get("method", "GET"), headers, self.origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            if self.foreign(scope):
                why = "cross-site request refused: a page of another site may only link to this server"
                await _refuse(403, "forbidden_origin", why)(scope, receive, send)
                return
            client = scope.get("client")
            address = client_key(client[0] if client else None)
            over = _refused(self.buckets, address, self.rate, 4 * self.rate, self.share)
            if over is not None:
                rate = self.rate * (self.share if over == "network" else 1)
                why = f"more than {rate:g} requests a second from {_yours(over)}; try again shortly"
                wait = _retry_after(self.buckets, address, over)
                await _refuse(429, "rate_limited", why, None, over, limit="requests", n=rate, retry_after=wait)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def client_key(host: str | None) -> str:
    """The client a per-address limit counts for ``host``: an IPv4 address (an IPv4-mapped IPv6
    address as its IPv4 one), or an IPv6 address's /64 network. A home or a rented server is
    given at least a /64 (2^64 addresses), so counting IPv6 addresses one by one let a single
    client pick a new address for each request and pass every per-address limit."""
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@functools.lru_cache(maxsize=16384)
def network_key(key: str) -> str | None:
    """The wider network a client counted as ``key`` (:func:`client_key`'s) is counted in too:
    an IPv6 /64's /48 (``2001:db8:5::/48``), whose budget is :attr:`Limits.network_share` times
    one client's; None for an IPv4 address (or no address), counted alone as before."""
    if not key.endswith("/64"):
        return None
    try:
        return str(ipaddress.IPv6Network(key).supernet(new_prefix=48))
    except ValueError:
        return None


@functools.lru_cache(maxsize=16384)
def spectator_block(key: str) -> str | None:
    """The address block a client counted as ``key`` (:func:`client_key`'s) watches a table from,
    bounded together (:data:`SPECTATOR_BLOCK_SHARE`): an IPv4 address's /24 (``192.0.2.0/24``), an
    IPv6 /64's /48; None for anything else."""
    if key.endswith("/64"):
        return network_key(key)
    try:
        return str(ipaddress.IPv4Network((key, 24), strict=False))
    except ValueError:
        return None


def _within(key: str, who: str) -> bool:
    """Whether the client ``key`` counts for ``who``: that client itself, or the /48 holding it."""
    return key == who or (who.endswith("/48") and network_key(key) == who)


def _yours(scope: str | None) -> str:
    """Whose budget a refusal names: the sender's address, or the IPv6 /48 network it belongs to."""
    return "your network (the IPv6 /48 holding your address)" if scope == "network" else "your address"


def origin_allowed(origin: str | None, scheme: str, host: str | None, extra: tuple[str, ...]) -> bool:
    """Cross-site check: no ``Origin`` (not a browser) passes; else it must be this server's
    own origin (``scheme://Host``) or one of ``extra``. An ``https`` origin of the request's own
    ``Host`` reached over plain HTTP is its own too: a reverse proxy that ends TLS and passes
    the ``Host`` on (nginx's ``proxy_set_header Host $host``) but no ``X-Forwarded-Proto`` from a
    ``--trusted-proxy``, where every table creation and websocket was refused as cross-site
    (only a page that name serves over TLS can send that origin)."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    if origin in {o.rstrip("/").lower() for o in extra}:
        return True
    if host is None:
        return False
    own_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    parts = urlsplit(origin)
    schemes = {own_scheme, "https"} if own_scheme == "http" else {own_scheme}
    return parts.scheme in schemes and parts.netloc == host.strip().lower() and not parts.path


def cross_site(method: str, headers: Mapping[str, str], extra: tuple[str, ...]) -> bool:
    """Whether a browser sent this request for a page of another site (Fetch Metadata's
    ``Sec-Fetch-Site``: ``cross-site``, or ``same-site``, which another port of the same address
    is), other than by following a link to it (a ``GET`` navigation) and other than from an
    ``--origin`` (``extra``). Such a request (an image, a script, a form posted from elsewhere)
    would spend the visitor's address's lookups on the page elsewhere's behalf: a page with
    twenty images pointing at ``/api/tables/x`` a minute kept its visitors from watching or
    reopening any past table. A request without the header (not a browser, or an old one) passes."""
    if headers.get("sec-fetch-site") not in ("cross-site", "same-site"):
        return False
    if method in ("GET", "HEAD") and headers.get("sec-fetch-mode") == "navigate":
        return False
    origin = headers.get("origin")
    return origin is None or origin.strip().rstrip("/").lower() not in {o.rstrip("/").lower() for o in extra}


class Conn:
    """One websocket client: its table, slot (None for a spectator), outbox and rate limits."""

    def __init__(self, ws: WebSocket, address: str, limits: Limits) -> None:
        self.ws = ws
        self.address = address
        self.slot: int | None = None
        self.table: Table | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.limiter = RateLimiter()
        self.flood = RateLimiter(self.limiter.rate, FLOOD_BURST)
        """Messages dropped by :attr:`limiter`: past these, the connection is closed."""
        self.hints = RateLimiter(limits.hints_per_minute / 60.0, 5.0)
        self.dead = False
        self.opened = time.monotonic()
        self._last_limit_error = 0.0
        self.past_cap = False
        """Opened while the server held ``--max-connections``: its first message must take a seat
        (:meth:`Hub.handle`), else it is closed (``too_many_connections``, 1013)."""
        self.close_code = 1000

    def drop(self, code: int = 1000) -> None:
        """Close this connection after what is queued (a newer connection took the seat)."""
        self.dead = True
        self.close_code = code
        self.outbox.put_nowait(None)

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
                await self.ws.close(1008 if self.outbox.qsize() else self.close_code)


class Hub:
    """All live tables of this server process, the store behind them, and the connection counts."""

    def __init__(self, db_url: str, limits: Limits | None = None) -> None:
        self.db_url = db_url
        self.limits = limits or Limits()
        self.store: Store | None = None
        self.tables: dict[str, Table] = {}
        """Live tables only (in play, timers running); the cap counts these."""
        self.lobby = LobbyList()
        """``GET /api/tables``'s answer, told of every table that comes or goes and of seats taken."""
        self.finished: OrderedDict[str, Table] = OrderedDict()
        """Read-only replays of finished or abandoned tables (a small cache, never live)."""
        self.conns: set[Conn] = set()
        self.per_address: dict[str, int] = {}
        """Websocket connections per client address, and per IPv6 /48 network (:func:`network_key`)."""
        self.creators = Buckets()
        self.created_by: dict[str, str] = {}
        """The client address that created each live table (in memory only: restored tables have none)."""
        self._tables_held: dict[str, int] = {}
        """The tables of :attr:`created_by`, per address and per IPv6 /48 (:meth:`count_created`,
        :meth:`_uncreated`): the check of ``--tables-per-address`` read every live table's creator
        (65 µs with 500 tables), at each ``join`` of an abandoned table's free seat refused for it."""
        self.seated_by: dict[str, dict[int, str]] = {}
        """The client address that took each seat of each live table (in memory only)."""
        self._seats_held: dict[str, int] = {}
        """The seats of :attr:`seated_by`, per address and per IPv6 /48 (:meth:`_seated`,
        :meth:`_unseated`): a join's check of ``--seats-per-address`` read every seat of every live
        table (0.2 ms with 1,800 seats held), so joins refused at a busy server held its event loop."""
        self._joining: dict[str, int] = {}
        """Joins under way (waiting for the table's lock or the database), per client address."""
        self.replayers = Buckets()
        self.reviewers = Buckets()
        self.actors = Buckets()
        self._reviewing = asyncio.Semaphore(1)
        """One review is made at a time: its thread competes with the event loop for the GIL."""
        self._review_turns: dict[str, tuple[asyncio.Semaphore, list[int]]] = {}
        """Per client address (one at a time) and per IPv6 /48 (``network_share`` at a time): the
        reviews waiting for :attr:`_reviewing` or being made, and how many requests hold or wait
        for that turn (the entry goes once none does). :meth:`_review_turn`."""
        self.idle_since: dict[str, float] = {}
        self._forget_at = 0.0
        """When (monotonic) the next deletion of tables older than ``keep_days`` is due."""
        self._sweeper: asyncio.Task[None] | None = None
        self._taking: dict[str, int] = {}
        """Tables being created or brought back from abandoned, by address (:meth:`taking_table`)."""
        self._unattended_coming: dict[str, int] = {}
        """Tables of four bots being created, by address: counted under
        :attr:`Limits.unattended_per_address` (:meth:`unattended_of`) from the check on."""
        self._arriving = 0
        """Tables being created or brought back to play (saved or replayed, not yet live), from
        any address: counted with the live ones under :attr:`Limits.max_tables` (:meth:`room`)."""
        self._loading: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        """Per table id being looked up: the lock that lets one lookup at a time replay it, and how
        many lookups hold or wait for that lock (the entry goes once none does)."""
        self.reviews: OrderedDict[tuple[str, int, str], str] = OrderedDict()
        """HTML reviews already made (finished tables never change), by table, slot and language."""
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hkmj-bots")
        """The one thread in which every live table's hints decide (:meth:`Table._decide`), one at
        a time: on the event loop an MCR hint held every table, the lobby and every ping for up
        to 0.2 s (docs/server.md, *Where bots and hints decide*)."""
        self.bots = BotProcess()
        """The child process in which every live table's bots decide, one decision at a time: in
        a thread they shared the interpreter lock with the event loop, and a message's answer
        time told whether a bot was asked about a discard (docs/server.md, *Attacked once more*)."""

    async def open(self) -> None:
        bots_ready = asyncio.wrap_future(self.bots.start())
        self.store = await asyncio.to_thread(Store, self.db_url)
        await bots_ready  # a table restored below, or created at once, has its bots ready to play
        now = time.time()
        for tid, last in await asyncio.to_thread(self.store.live_tables):
            if now - last > self.limits.abandon_after:  # nobody played it for too long: not restored
                await asyncio.to_thread(self.store.set_status, tid, "abandoned")
                continue
            try:
                self._go_live(await self._replay(tid))
            except Exception:  # one unreadable log must not keep the other tables down
                log.exception("table %s could not be restored; it stays closed", tid)
        log.info("hkmj server: %s restored from %s", plural(len(self.tables), "table"), shown_url(self.db_url).split("@")[-1])
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _replay(self, tid: str, *, abandoned: bool = False) -> Table:
        """The table rebuilt from its log, in a worker thread: a long log takes a good part of a
        second to replay, and the event loop keeps serving every other table meanwhile;
        ``abandoned`` for a read-only copy of a table saved as abandoned."""
        assert self.store is not None
        store = self.store
        rows = await asyncio.to_thread(lambda: list(store.rows(tid)))
        t = await asyncio.to_thread(Table.restore, tid, rows, store)
        t.abandoned = abandoned
        return t

    def _go_live(self, t: Table) -> Table:
        self.tables[t.id] = t
        self.idle_since[t.id] = time.monotonic()
        self.lobby.changed()
        t.on_shown = self.lobby.changed
        t.absent_after = self.limits.absent_after
        t.idle_after = self.limits.idle_after
        t.slow_grace = self.limits.slow_grace
        t.slow_bank = self.limits.slow_bank
        t.all_bot_pace = self.limits.all_bot_pace
        t.on_finished = self._finished
        t.worker = self.worker
        t.bot_process = self.bots
        t.go_live()
        return t

    def _finished(self, t: Table) -> None:
        """A match is over and saved: the table leaves the live set (its log stays in the database)."""
        if self.tables.get(t.id) is t:
            del self.tables[t.id]
            self.lobby.changed()
            self.idle_since.pop(t.id, None)
            self._uncreated(t.id)
            self._unseated(t.id)
            t.close()
            self._cache(t)

    async def withdraw(self, t: Table) -> None:
        """A table just created whose creator could not be seated (``POST /api/tables`` with
        ``sit``, its address's seats taken meanwhile by another request): it leaves the live set
        and is saved as abandoned, rather than staying listed with its creator's seat empty."""
        if self.tables.get(t.id) is t and not t.started and not self.seated_by.get(t.id):
            del self.tables[t.id]
            self.lobby.changed()
            self.idle_since.pop(t.id, None)
            self._uncreated(t.id)
            t.close()
            assert self.store is not None
            await asyncio.to_thread(self.store.set_status, t.id, "abandoned")
            self._abandoned(t)

    def _abandoned(self, t: Table) -> None:
        """A table just saved as abandoned: its spectators (a spectator alone does not keep it
        live) get its last state, ``status: "abandoned"``, and go on watching it read-only, as
        the copy a later ``watch`` gets; a player's ``resume`` brings it back, and them with it."""
        t.abandoned = True
        for c in list(t.clients):
            c.send(t.state_text(c.slot))
        self._cache(t)

    def _cache(self, t: Table) -> None:
        """Keep the replay ``t``, pushing out the least recently cached beyond :data:`FINISHED_CACHE`,
        but never a copy someone watches: its spectators follow the table from it when a player
        brings it back, and a stranger's lookups of other past tables pushed it out, leaving them
        on a copy nobody updates (such copies are bounded by the connection caps)."""
        self.finished[t.id] = t
        self.finished.move_to_end(t.id)
        while len(self.finished) > FINISHED_CACHE:
            unwatched = next((tid for tid, c in self.finished.items() if not c.clients and c is not t), None)
            if unwatched is None:
                break
            del self.finished[unwatched]

    async def _sweep(self) -> None:
        """Every few seconds: tables no player has been connected to for ``abandon_after`` are
        saved as abandoned and dropped; unauthenticated or idle sockets are closed."""
        period = max(0.2, min(10.0, self.limits.abandon_after / 4, self.limits.auth_timeout / 4))
        down = False  # the database failed the last sweep: the outage was logged already
        while True:
            await asyncio.sleep(period)
            try:
                await self._sweep_once()
            except (sa.exc.SQLAlchemyError, sqlite3.Error, OSError) as err:
                # a database outage: one line for the whole outage (not one per sweep, every few
                # seconds for as long as it lasts), no traceback; the same work is done next time
                if not down:
                    reason = str(getattr(err, "orig", None) or err).strip().splitlines()
                    log.warning("sweep of idle and old tables postponed: the database is unavailable (%s); retrying", reason[0] if reason else type(err).__name__)
                down = True
            except Exception:  # the sweep must go on
                log.exception("sweep of idle tables failed; retrying")
            else:
                down = False

    async def _sweep_once(self) -> None:
        now = time.monotonic()
        if self.limits.keep_days > 0 and now >= self._forget_at:
            await self._forget_old()
            self._forget_at = now + min(3600.0, self.limits.keep_days * 86400 / 4)
        for tid, t in list(self.tables.items()):
            if t.attended:
                self.idle_since[tid] = now
            elif now - self.idle_since.get(tid, now) >= self.limits.abandon_after:
                assert self.store is not None
                await asyncio.to_thread(self.store.set_status, tid, "abandoned")
                if t.attended or t.lock.locked() or t.status == "over":
                    # a player came back (or is joining, or the match ended) while the status was
                    # written: the table stays as it is (before, it was closed under the player,
                    # who saw no frame again until the page was reloaded)
                    await asyncio.to_thread(self.store.set_status, tid, t.status)
                    if t.attended and self.tables.get(tid) is t:
                        self.idle_since[tid] = time.monotonic()
                    continue  # else the next sweep tries again
                if self.tables.get(tid) is t:
                    del self.tables[tid]
                    self.lobby.changed()
                    self.idle_since.pop(tid, None)
                    self._uncreated(tid)
                    self._unseated(tid)
                    t.close()
                    self._abandoned(t)
                log.info("table %s abandoned (no player connected for %.0f s)", tid, self.limits.abandon_after)
        for c in list(self.conns):
            limit = self.limits.auth_timeout if c.table is None else self.limits.idle_timeout
            if now - c.opened >= limit and not c.dead:
                # the auth timeout runs from the opening whatever the socket sent (a client that
                # pinged all along was told "nothing received"): say what it lacked
                why = f"no join, resume or watch within {limit:g} s of connecting" if c.table is None else f"nothing received for {limit:g} s"
                c.send(_error("timeout", f"{why}; closing", None))
                c.drop()

    async def _forget_old(self) -> None:
        """Delete the finished and abandoned tables older than :attr:`Limits.keep_days` (in a
        worker thread), and whatever this process kept of them."""
        assert self.store is not None
        cutoff = time.time() - self.limits.keep_days * 86400
        gone = await asyncio.to_thread(self.store.forget_before, cutoff, set(self.tables))
        for tid in gone:
            self.finished.pop(tid, None)
        if gone:
            for key in [k for k in self.reviews if k[0] in set(gone)]:
                del self.reviews[key]
            log.info("%s finished or abandoned, older than %g days, deleted", plural(len(gone), "table"), self.limits.keep_days)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for t in self.tables.values():
            t.close()
        self.worker.shutdown(wait=False, cancel_futures=True)  # a decision under way ends unused
        self.bots.shutdown()
        if self.store is not None:
            self.store.close()

    async def get(
        self, tid: Any, *, revive: Callable[[Table], bool] | None = None, address: str | None = None
    ) -> Table:
        """A table by id: the live one, else a read-only replay of a finished or abandoned one
        (never made live), except that an abandoned table for which ``revive`` is true (a seat
        token of it, a free seat) is brought back to play, counted as ``address``'s
        (:attr:`Limits.tables_per_address`). A replay counts against ``address``'s
        :attr:`Limits.replay_rate` (``rate_limited``)."""
        if not isinstance(tid, str) or not TABLE_ID.fullmatch(tid):
            raise ProtocolError("no_table", f"no table {quote_value(tid)}")
        t = self.tables.get(tid)
        if t is not None:
            return t
        t = self.finished.get(tid)
        if t is not None and t.status == "over":
            # a finished match already replayed never changes, so the database is not asked again
            # (each lookup of it asked for its status in a worker thread: with its final frame built
            # again, 0.5 ms of the event loop, so one address's sockets watching it in a loop
            # asked for more than a core)
            return t
        if t is not None and t.status == "abandoned":
            # an abandoned table already replayed that this lookup cannot bring back (a watch, a
            # taken seat, a wrong token, an address holding its --tables-per-address) is answered
            # from memory: only this process changes its status, and a table brought back leaves
            # the cache first. Each such lookup asked the database for its status in a worker
            # thread, uncounted: 0.37 ms of server CPU against 0.05 ms for a ping, so one address's
            # 64 sockets sending a taken seat's join, a wrong token's resume, or a free seat's join
            # past its tables, 50 times a second each, used more than a core
            if revive is None or not revive(t):
                return t
            over = None if address is None else self.held_over(address)
            if over is not None:
                raise ProtocolError("rate_limited", self.held_message(over), over, limit="tables", n=self.cap(over, self.limits.tables_per_address))
        # one lookup at a time replays the table, and a new lock is made only once no lookup holds
        # or waits for the old one: dropped as soon as it was released (its next waiter not yet
        # woken), a lookup arriving then took a new lock and replayed the table beside that
        # waiter, and a player's two tabs brought it back to play twice: two live copies
        lock, users = self._loading.setdefault(tid, (asyncio.Lock(), [0]))
        users[0] += 1
        taking: str | None = None
        try:
            async with lock:  # one replay at a time per table
                t = self.tables.get(tid)
                if t is not None:
                    return t
                assert self.store is not None
                # a table neither live nor cached costs a database lookup (and a replay if it
                # exists), known or not: counted before the database is asked
                if tid not in self.finished and address is not None:
                    self.count_lookup(address)
                try:
                    status = await asyncio.to_thread(self.store.status_of, tid)
                except Exception:
                    raise ProtocolError("server_error", "the database is unavailable; try again shortly") from None
                if status is None:
                    raise ProtocolError("no_table", f"no table {tid!r}")
                cached = self.finished.get(tid)
                if status == "abandoned" and revive is not None:
                    # only a player of it, or someone taking a free seat, brings it back: a
                    # stranger's join or resume would make it live for --abandon-after again
                    if cached is None:
                        cached = await self._replay(tid, abandoned=True)
                        self._cache(cached)
                    if not revive(cached):
                        return cached
                    over = None if address is None else self.held_over(address)
                    if over is not None:
                        raise ProtocolError("rate_limited", self.held_message(over), over, limit="tables", n=self.cap(over, self.limits.tables_per_address))
                    if address is not None:  # counted from now: returns sent at once get no more
                        taking = address
                        self.taking_table(address, 1)
                if status in ("open", "playing") or (status == "abandoned" and revive is not None):
                    if not self.room():
                        raise ProtocolError("table_full", "the server holds as many tables in play as it can")
                    copy = self.finished.pop(tid, None)
                    self._arriving += 1  # counted until live: lookups sent at once find no more room
                    try:
                        t = await self._replay(tid)
                        if status == "abandoned":
                            await asyncio.to_thread(self.store.set_status, tid, "playing" if t.started else "open")
                            if address is not None:
                                self.count_created(tid, address)
                        self._go_live(t)
                    finally:
                        self._arriving -= 1
                    if copy is not None:  # its spectators follow the table back to play (else their view froze)
                        for c in list(copy.clients):
                            copy.clients.discard(c)
                            if isinstance(c, Conn) and not c.dead:
                                c.table = t
                                t.attach(c)
                    return t
                if cached is None:
                    cached = await self._replay(tid, abandoned=status == "abandoned")
                    self._cache(cached)
                return cached
        finally:
            if taking is not None:
                self.taking_table(taking, -1)
            users[0] -= 1
            if users[0] == 0 and self._loading.get(tid, (None,))[0] is lock:
                del self._loading[tid]

    def count_lookup(self, address: str) -> None:
        """One lookup of a past or unknown table for ``address`` (:attr:`Limits.replay_rate`, and its
        IPv6 /48's): ``rate_limited`` once its budget is used up."""
        over = self.may_replay(address)
        if over is not None:
            rate = self.limits.replay_rate * (self.limits.network_share if over == "network" else 1)
            why = f"at most {rate:g} lookups of past or unknown tables a minute from {_yours(over)}; try again later"
            raise ProtocolError("rate_limited", why, over, limit="lookups", n=rate, retry_after=_retry_after(self.replayers, address, over))

    async def log_text(self, tid: str, address: str | None = None) -> str:
        """A finished table's log export, JSON Lines with the seat tokens left out (:func:`log_lines`),
        read and encoded in a worker thread. Every export counts as a lookup of ``address``
        (:meth:`count_lookup`), whether or not the table is cached: the log of a 64-hand match
        is 306 KB and cost 33 ms of the server's CPU, so one address asking for it at
        ``--http-rate`` used a whole core and drew 10 MB a second."""
        if address is not None:
            self.count_lookup(address)
        rows = await self.log_rows(tid)  # counted above, once
        return await asyncio.to_thread(lambda: "\n".join(log_lines(rows)) + "\n")

    async def log_rows(self, tid: str, address: str | None = None) -> list[tuple[int, str, dict[str, Any]]]:
        """A finished table's log entries (``ProtocolError`` ``not_over`` while it is in play)."""
        t = await self.get(tid, address=address)
        if t.status != "over":
            raise ProtocolError("not_over", "the table's log is readable once its match is over")
        assert self.store is not None
        store = self.store
        rows = await asyncio.to_thread(lambda: list(store.rows(tid)))
        return [(r.seq, r.kind, r.data) for r in rows]

    async def review(self, tid: str, token: str, lang: str = "en", address: str | None = None) -> str:
        """The HTML review of the seat holding ``token`` at the finished table ``tid``,
        in ``lang`` (``en``, ``fr``): a player sees only their own seat's review, and only once
        the match is over. Every review asked for counts as a lookup of ``address``
        (:meth:`count_lookup`), made or kept already: the review of a 64-hand match is 1.9 MB, and
        a player posting the form at ``--http-rate`` drew 97 MB a second."""
        if address is not None:
            self.count_lookup(address)
        t = await self.get(tid)  # counted above, once
        if not token:  # none sent, or not as a form field (a JSON or multipart body): "not recognised" hid which
            why = "no seat token was sent: post it as the form field 'token' (application/x-www-form-urlencoded)"
            raise ProtocolError("bad_token", f"only a player of this table can review it: {why}")
        slot = t.slot_of_token(token)
        if slot is None:
            raise ProtocolError("bad_token", "only a player of this table can review it: your seat token was not recognised")
        key = (t.id, slot, lang)
        page = self.reviews.get(key)
        if page is None:
            over = None if address is None else _refused_per_minute(self.reviewers, address, self.limits.review_rate, self.limits.network_share)
            if over is not None:
                rate = self.limits.review_rate * (self.limits.network_share if over == "network" else 1)
                why = f"at most {rate:g} game reviews made a minute from {_yours(over)}; try again later"
                raise ProtocolError("rate_limited", why, over, limit="reviews", n=rate, retry_after=_retry_after(self.reviewers, address, over))
            rows = await self.log_rows(tid)
            async with self._review_turn(address), self._reviewing:
                made = self.reviews.get(key)  # made meanwhile by a request that went first
                if made is None:
                    made = await asyncio.to_thread(_review_page, rows, slot, lang)
            self.reviews[key] = page = made
            while len(self.reviews) > FINISHED_CACHE:
                self.reviews.popitem(last=False)
        return page

    @contextlib.asynccontextmanager
    async def _review_turn(self, address: str | None) -> AsyncIterator[None]:
        """The turn of ``address`` to have a review made: one at a time per address, and
        ``network_share`` at a time per IPv6 /48. Reviews are made one at a time in the order
        asked (:attr:`_reviewing`), and an address asking for its six a minute at once queued
        every other player's review behind them (a 64-hand match's takes about 3 s); now another
        address waits for one of its reviews at most."""
        counted: list[str] = []
        acquired: list[str] = []
        try:
            for who in () if address is None else _counted_as(address):
                turn = self._review_turns.get(who)
                if turn is None:
                    turn = self._review_turns[who] = (asyncio.Semaphore(1 if who == address else self.limits.network_share), [0])
                turn[1][0] += 1
                counted.append(who)
                await turn[0].acquire()
                acquired.append(who)
            yield
        finally:
            for who in acquired:
                self._review_turns[who][0].release()
            for who in counted:
                users = self._review_turns[who][1]
                users[0] -= 1
                if users[0] == 0:
                    del self._review_turns[who]

    def room(self) -> bool:
        """Whether one more table may come into play under :attr:`Limits.max_tables`: the live
        tables and those being created or brought back (:attr:`_arriving`). Counted by the live
        ones alone, creations sent at once each found room while the others were being saved:
        with ``--max-tables 3``, 20 requests sent together made 20 tables live."""
        return len(self.tables) + self._arriving < self.limits.max_tables

    async def create(self, cfg: TableConfig) -> Table:
        if not self.room():
            raise ProtocolError("table_full", f"the server holds {self.limits.max_tables} tables in play; try again later")
        assert self.store is not None
        tid = secrets.token_urlsafe(6)
        seed = secrets.randbits(63)
        self._arriving += 1
        try:
            await self.store.create_table(tid, cfg.to_dict(), {"config": cfg.to_dict(), "seed": seed})
        except Exception as e:  # a full disk, a lock held elsewhere: the operator is told, once
            self.store.failed(e)
            raise ProtocolError("server_error", "the database is unavailable; try again shortly") from None
        finally:
            self._arriving -= 1
        self.store.recovered()
        t = self._go_live(Table(tid, cfg, seed, self.store))
        if all(s is not None for s in cfg.slots):
            await t.start()
        return t

    def connect(self, conn: Conn) -> ProtocolError | None:
        """Count a new connection; why it is refused (``too_many_connections``), or None. Past
        ``--max-connections`` in all the connection is let in :attr:`Conn.past_cap`: it may only
        take a seat. Watchers and sockets that never join filled the cap and kept a seated player
        who reloaded the page from their seat; players never count against it, as against the
        spectators' cap (the per-address caps and the limit of open files still bound them)."""
        over = self.over(lambda who: self.per_address.get(who, 0), conn.address, self.limits.per_address)
        if over is not None:
            why = f"{self.cap(over, self.limits.per_address)} connections from {_yours(over)} already"
            return ProtocolError("too_many_connections", why, over)
        conn.past_cap = len(self.conns) >= self.limits.max_connections
        self.conns.add(conn)
        for who in _counted_as(conn.address):
            self.per_address[who] = self.per_address.get(who, 0) + 1
        return None

    def disconnect(self, conn: Conn) -> None:
        if conn in self.conns:
            self.conns.discard(conn)
            for who in _counted_as(conn.address):
                n = self.per_address.get(who, 1) - 1
                if n > 0:
                    self.per_address[who] = n
                else:
                    self.per_address.pop(who, None)

    def over(self, count: Callable[[str], int], address: str, cap: int) -> str | None:
        """Which budget a client at ``address`` has used up, ``count`` counting what it holds:
        ``"address"`` (``cap`` reached by the address itself), ``"network"`` (``network_share``
        times ``cap`` reached by the IPv6 /48 holding it), or None."""
        if count(address) >= cap:
            return "address"
        net = network_key(address)
        if net is not None and count(net) >= self.cap("network", cap):
            return "network"
        return None

    def cap(self, scope: str | None, cap: int) -> int:
        """A per-address ``cap`` as it applies to ``scope`` (an IPv6 /48 has ``network_share`` of them)."""
        return cap * self.limits.network_share if scope == "network" else cap

    def may_create(self, address: str) -> str | None:
        """Per-address creation rate (token bucket of ``create_rate`` a minute, and its IPv6 /48's):
        the budget used up (``"address"``, ``"network"``), or None and one creation counted."""
        return _refused_per_minute(self.creators, address, self.limits.create_rate, self.limits.network_share)

    def held_by(self, who: str) -> int:
        """Live tables created (or brought back from abandoned) from ``who`` (an address, or an
        IPv6 /48 network: from its addresses), and those being created or brought back."""
        return self._tables_held.get(who, 0) + sum(n for a, n in self._taking.items() if _within(a, who))

    def count_created(self, tid: str, address: str) -> None:
        """The live table ``tid`` (or one going live at once) counts as ``address``'s, unless it
        counts for an address already."""
        if tid in self.created_by:
            return
        self.created_by[tid] = address
        _tally(self._tables_held, address, +1)

    def _uncreated(self, tid: str) -> None:
        """The table ``tid`` leaves the live set: it no longer counts for the address that created it."""
        address = self.created_by.pop(tid, None)
        if address is not None:
            _tally(self._tables_held, address, -1)

    def taking_table(self, address: str, n: int) -> None:
        """Count (``n`` 1) or no longer count (-1) a table being created or brought back from
        abandoned by ``address``: :attr:`Limits.tables_per_address` was checked before the table
        was saved or replayed and counted only once it was live, so requests sent at once all
        found the address under its bound (six of its abandoned tables resumed at once all came
        back, with a bound of two)."""
        left = self._taking.get(address, 0) + n
        if left > 0:
            self._taking[address] = left
        else:
            self._taking.pop(address, None)

    def seats_of(self, who: str) -> int:
        """Seats taken from ``who`` (an address or an IPv6 /48) at live tables, and its joins under way."""
        return self._seats_held.get(who, 0) + sum(n for a, n in self._joining.items() if _within(a, who))

    def _seated(self, table: Table, slot: int, address: str) -> None:
        """``slot`` of ``table`` taken from ``address`` (unless already counted), if the table is live."""
        if self.tables.get(table.id) is not table:
            return
        seats = self.seated_by.setdefault(table.id, {})
        if slot in seats:
            return
        seats[slot] = address
        _tally(self._seats_held, address, +1)

    def _unseated(self, tid: str) -> None:
        """The table ``tid`` leaves the live set: its seats no longer count for their addresses."""
        for address in self.seated_by.pop(tid, {}).values():
            _tally(self._seats_held, address, -1)

    def held_over(self, address: str) -> str | None:
        """Whether ``address`` (or its IPv6 /48) holds :attr:`Limits.tables_per_address` live tables."""
        return self.over(self.held_by, address, self.limits.tables_per_address)

    def seats_over(self, address: str) -> str | None:
        """Whether ``address`` (or its IPv6 /48) holds :attr:`Limits.seats_per_address` seats."""
        return self.over(self.seats_of, address, self.limits.seats_per_address)

    async def seat(self, table: Table, slot: int, name: str, address: str) -> str:
        """Take ``slot`` at ``table`` for a client at ``address`` (:attr:`Limits.seats_per_address`,
        and its IPv6 /48's share); the seat token."""
        over = self.seats_over(address)
        if over is not None:
            raise ProtocolError("rate_limited", self.seats_message(over), over, limit="seats", n=self.cap(over, self.limits.seats_per_address))
        self._joining[address] = self._joining.get(address, 0) + 1  # sockets racing get no more
        try:
            token = await table.join(slot, name)
        finally:
            left = self._joining.pop(address) - 1
            if left:
                self._joining[address] = left
        self._seated(table, slot, address)
        return token

    def _count_again(self, table: Table, slot: int, address: str) -> None:
        """A player back at ``slot`` of the live ``table`` whose seat no address holds here (a table
        restored after a restart, or brought back from abandoned): the seat counts again under
        :attr:`Limits.seats_per_address` for ``address``, and the table under
        :attr:`Limits.tables_per_address` (and ``unattended_per_address``) when it is the host's
        seat. The addresses are kept in memory only, so after a restart those tables counted for
        nobody and an address at its bounds could take as many again."""
        if self.tables.get(table.id) is not table:
            return
        self._seated(table, slot, address)
        if table.host == slot:
            self.count_created(table.id, address)

    def seats_message(self, scope: str | None = None) -> str:
        n = self.cap(scope, self.limits.seats_per_address)
        return f"{n} seats at tables in play were taken from {_yours(scope)}; wait for one of those matches to end"

    def held_message(self, scope: str | None = None) -> str:
        n = self.cap(scope, self.limits.tables_per_address)
        return f"{n} tables in play were created from {_yours(scope)}; wait for one to end or be abandoned"

    def making_unattended(self, address: str, n: int) -> None:
        """Count (``n`` 1) or no longer count (-1) a table of four bots being created by
        ``address``: counted only once started, creations sent at once each found the address
        under :attr:`Limits.unattended_per_address` (twenty sent together with a bound of two
        made four such tables)."""
        left = self._unattended_coming.get(address, 0) + n
        if left > 0:
            self._unattended_coming[address] = left
        else:
            self._unattended_coming.pop(address, None)

    def unattended_of(self, who: str) -> int:
        """Live tables created from ``who`` (an address or an IPv6 /48) that bots alone are
        playing (:attr:`Table.unattended`)."""
        live = sum(
            1
            for tid, by in self.created_by.items()
            if _within(by, who) and (t := self.tables.get(tid)) is not None and t.started and t.unattended
        )
        return live + sum(n for a, n in self._unattended_coming.items() if _within(a, who))

    def may_replay(self, address: str) -> str | None:
        """Per-address rate of replays of tables neither live nor cached (``replay_rate`` a minute,
        and its IPv6 /48's): the budget used up, or None and one replay counted."""
        return _refused_per_minute(self.replayers, address, self.limits.replay_rate, self.limits.network_share)

    # ------------------------------------------------------------------ websocket messages

    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        if not conn.past_cap:
            await self._handle(conn, msg)
            return
        # let in past --max-connections: a seat's join or resume, else closed (Hub.connect)
        if msg["type"] in ("join", "resume"):
            try:
                await self._handle(conn, msg)
            except ProtocolError as e:
                conn.send(_error(e.code, e.message, msg, e.scope, limit=e.limit, n=e.n, retry_after=e.retry_after))
            if conn.slot is not None and conn.table is not None:
                conn.past_cap = False
                return
        self.turn_away(conn, msg)

    def turn_away(self, conn: Conn, msg: dict[str, Any] | None) -> None:
        """Close a connection let in past ``--max-connections`` whose message took no seat."""
        why = f"the server holds {self.limits.max_connections} connections; only a player may take their seat"
        conn.send(_error("too_many_connections", why, msg))
        conn.drop(1013)

    async def _handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "ping":
            if conn.table is not None:  # keeps a joined socket alive; never stretches the auth timeout
                conn.opened = time.monotonic()
            # the pong echoes the id: a long one would be the sender's own kilobytes queued per pong
            if (size := echo_size(msg.get("id"))) is None or size > MAX_PING_ID:
                got = f"more than {MAX_PING_ID}" if size is None else size
                raise ProtocolError("bad_request", f"ping: field 'id' is echoed in the pong: at most {MAX_PING_ID} bytes of JSON (got {got})")
            conn.send(encode({"type": "pong", "id": msg.get("id")}))
            return
        if conn.table is not None:  # any message resets the idle timeout once joined or watching;
            conn.opened = time.monotonic()  # before, the auth timeout runs from the socket's opening
        if kind in ("join", "resume", "watch"):
            if conn.table is not None:
                raise ProtocolError("already_joined")
            if kind == "join":
                slot = field_of(msg, "slot", int)
                if not 0 <= slot < 4:
                    raise ProtocolError("bad_request", f"join: slot {quote_value(slot)}: expected 0 to 3")
            revive = None if kind == "watch" else _seat_for(msg)
            tid = field_of(msg, "table", str)  # missing or not text: "no table None" told nothing of the field
            done = self.finished.get(tid)
            if done is not None and done.status == "over":
                # its final frame, answered from memory, is kilobytes for the hundred bytes asked and
                # leaves the socket free to ask again: one address's sockets drew 8 MB a second
                self.count_lookup(conn.address)
            table = await self.get(tid, revive=revive, address=conn.address)
            if table.status == "over":
                self._show_result(conn, table, msg)
                return
            if kind == "watch":
                watching = [c for c in table.clients if c.slot is None]
                if len(watching) >= self.limits.spectators_per_table:
                    raise ProtocolError("spectators_full", f"this table accepts {self.limits.spectators_per_table} spectators")
                over = self.over(lambda who: sum(1 for c in watching if isinstance(c, Conn) and _within(c.address, who)), conn.address, SPECTATORS_PER_ADDRESS)
                if over is not None:
                    why = f"this table is watched from {self.cap(over, SPECTATORS_PER_ADDRESS)} connections of {_yours(over)} already"
                    raise ProtocolError("spectators_full", why, over)
                block = spectator_block(conn.address)
                share = max(SPECTATORS_PER_ADDRESS, self.limits.spectators_per_table // SPECTATOR_BLOCK_SHARE)
                if block is not None and sum(1 for c in watching if isinstance(c, Conn) and spectator_block(c.address) == block) >= share:
                    ipv6 = block.endswith("/48")
                    why = f"this table is watched from {share} connections of your network (the IPv{6 if ipv6 else 4} {block[-3:]} holding your address) already"
                    raise ProtocolError("spectators_full", why, "network" if ipv6 else None)
            if kind == "join":
                if not table.live:  # abandoned, and that seat is not free: it stays abandoned
                    raise ProtocolError("seat_taken", f"slot {slot} is taken or played by a bot")
                name = clean_name(field_of(msg, "name", str, optional=True) or "")
                # not yet at the table, the joiner would not hear its `saving` notice: a join sent
                # while the database was down waited the whole outage without a word
                saving = asyncio.get_running_loop().call_later(SLOW_SAVE, conn.send, _error("saving", ERRORS["saving"], msg))
                try:
                    token = await self.seat(table, slot, name, conn.address)
                finally:
                    saving.cancel()
                conn.send(self._welcome(table, slot, "player", token=token))
            elif kind == "resume":
                token = field_of(msg, "token", str)
                slot_or_none = table.slot_of_token(token) if len(token) < 200 else None
                if slot_or_none is None:
                    raise ProtocolError("bad_token", "this token holds no seat at this table")
                slot = slot_or_none
                seated = [c for c in table.clients if c.slot == slot and isinstance(c, Conn)]
                for old in sorted(seated, key=lambda c: c.opened)[: max(0, len(seated) - PLAYER_CONNECTIONS_PER_SLOT + 1)]:
                    table.detach(old)  # the seat's oldest connection makes room: a resume always succeeds
                    old.drop()
                self._count_again(table, slot, conn.address)
                conn.send(self._welcome(table, slot, "player"))
            else:
                slot = None
                conn.send(self._welcome(table, None, "spectator"))
            conn.table, conn.slot = table, slot
            conn.opened = time.monotonic()  # joined: the idle timeout runs from now
            table.attach(conn)  # the full view: of a table replayed read-only (abandoned), its last state, once
            if table.live and kind == "resume" and slot is not None and table.away[slot]:
                await table.back(slot, asked=False)
            return
        current = conn.table
        if current is None:
            raise ProtocolError("not_joined")
        if conn.slot is None:
            raise ProtocolError("spectator")
        table = current
        if kind == "action":
            # pace the address's actions: bots answer them, and each is a log entry kept for good;
            # a discard counts once more for each other seat a bot plays, whose turn it sets off
            # (a script discarding at once at bot tables logged 3.3 bot moves for each of its own)
            rate = self.limits.action_rate
            cost = 1.0 + (table.bots_besides(conn.slot) if _discard_text(msg.get("action")) else 0)
            wait, over = _reserve(self.actors, conn.address, rate, 4 * rate, self.limits.network_share, ACTION_WAIT * cost, cost)
            if wait is None:
                rate *= self.limits.network_share if over == "network" else 1
                why = f"more than {rate:g} actions a second from {_yours(over)}; nothing was played"
                raise ProtocolError("rate_limited", why, over, limit="actions", n=rate, retry_after=_retry_after(self.actors, conn.address, over))
            if wait > 0:
                await asyncio.sleep(wait)
            cseq = field_of(msg, "cseq", int)
            if cseq > MAX_CSEQ:
                raise ProtocolError("bad_request", f"action: field 'cseq' must be at most {MAX_CSEQ} (2**53 - 1)")
            at = field_of(msg, "at", int)
            action = field_of(msg, "action", str)
            await table.act(conn.slot, action, cseq, at)
            conn.send(encode({"type": "ack", "cseq": cseq, "seq": table.pseq}))
        elif kind == "hint":
            if not conn.hints.allow():
                n = self.limits.hints_per_minute
                raise ProtocolError("rate_limited", f"at most {n:g} hints a minute", limit="hints", n=n, retry_after=conn.hints.retry_after())
            conn.send(encode(await table.hint(conn.slot)))
        elif kind == "back":
            await table.back(conn.slot)
        elif kind == "next":
            await table.next_ready(conn.slot)
        elif kind == "start":
            await table.start(conn.slot)

    def _welcome(self, table: Table, slot: int | None, role: str, **extra: Any) -> str:
        """The answer to join, resume and watch; ``idle_timeout`` tells the client how often to
        ping so that a silent player or spectator keeps its socket."""
        return encode(
            {"type": "welcome", "table": table.id, "slot": slot, "role": role, "idle_timeout": self.limits.idle_timeout, **extra}
        )

    def _show_result(self, conn: Conn, table: Table, msg: dict[str, Any]) -> None:
        """A finished table: its final frame (last hand, reveal, ranking) whatever was asked; the
        connection is not attached, since nothing will change. A seat token still shows its hand.
        Each one counts as a lookup of the sender's address (:attr:`Limits.replay_rate`), from
        memory or not: a bound on the bytes a finished table sends one address."""
        token = msg.get("token") if msg["type"] == "resume" else None
        slot = table.slot_of_token(token) if isinstance(token, str) and len(token) < 200 else None
        role = "spectator" if slot is None else "player"
        conn.send(self._welcome(table, slot, role, over=True))
        conn.send(table.final_text(slot))


def _seat_for(msg: dict[str, Any]) -> Callable[[Table], bool]:
    """Whether a ``join`` (its slot free) or ``resume`` (its token a seat's) would seat its
    sender at a table: only then may it bring an abandoned table back to play."""
    if msg["type"] == "join":
        slot = msg["slot"]
        return lambda t: t.bots[slot] is None and t.tokens[slot] is None
    token = msg.get("token")
    return lambda t: isinstance(token, str) and len(token) < 200 and t.slot_of_token(token) is not None


def _discard_text(action: Any) -> bool:
    """Whether an ``action`` field reads as a discard, as the engine reads it (whatever its case
    and spaces): the action that hands the turn on to the other seats, bots included."""
    if not isinstance(action, str) or len(action) > MAX_ACTION:  # 4,000 characters took the engine 4 ms to read
        return False
    try:
        return isinstance(parse_action(action), Discard)
    except ActionSyntaxError:
        return False


def _counted_as(address: str) -> tuple[str, ...]:
    """The keys a client at ``address`` is counted under: itself, and its IPv6 /48 if any."""
    net = network_key(address)
    return (address,) if net is None else (address, net)


def _tally(counts: dict[str, int], address: str, step: int) -> None:
    """Add ``step`` to what ``address`` holds in ``counts``, under each key it is counted as
    (:func:`_counted_as`); a key that comes to 0 leaves ``counts``."""
    for who in _counted_as(address):
        n = counts.get(who, 0) + step
        if n > 0:
            counts[who] = n
        else:
            counts.pop(who, None)


def _refused_per_minute(buckets: Buckets, address: str, per_minute: float, share: int) -> str | None:
    """One more event for ``address`` in its token bucket of ``per_minute`` (bursts of as many),
    and its IPv6 /48's (``share`` times as big): :func:`_refused`."""
    return _refused(buckets, address, per_minute / 60.0, max(1.0, per_minute), share)


def _pair(buckets: Buckets, address: str, rate: float, burst: float, share: int) -> list[tuple[str, RateLimiter]]:
    """The token buckets an event of ``address`` draws on: its own, and its IPv6 /48's, which
    holds and earns ``share`` times as many tokens."""
    out = [("address", _bucket(buckets, address, rate, burst))]
    net = network_key(address)
    if net is not None:
        out.append(("network", _bucket(buckets, net, share * rate, share * burst)))
    return out


def _refused(buckets: Buckets, address: str, rate: float, burst: float, share: int = 1) -> str | None:
    """One more event for ``address`` in its token bucket of ``rate`` a second (bursts of
    ``burst``) and its IPv6 /48's: the budget that has no token left (``"address"``,
    ``"network"``; nothing taken from either), or None and a token taken from both."""
    pair = _pair(buckets, address, rate, burst, share)
    for scope, bucket in pair:
        if bucket.refill() < 1.0:
            bucket.refused += 1
            return scope
    for _, bucket in pair:
        bucket.tokens -= 1.0
    return None


def _reserve(
    buckets: Buckets, address: str, rate: float, burst: float, share: int, max_wait: float, cost: float = 1.0
) -> tuple[float | None, str | None]:
    """:meth:`RateLimiter.reserve` of ``cost`` tokens on ``address``'s bucket and its IPv6 /48's
    together: the seconds to wait (the longer of the two) and None, or None and the budget whose
    wait would pass ``max_wait`` (nothing taken from either)."""
    pair = _pair(buckets, address, rate, burst, share)
    waits = []
    for scope, bucket in pair:
        wait = max(0.0, (cost - bucket.refill()) / bucket.rate)
        if wait > max_wait:
            bucket.refused += 1
            return None, scope
        waits.append(wait)
    for _, bucket in pair:
        bucket.tokens -= cost
    return max(waits), None


def _retry_after(buckets: Buckets, address: str | None, scope: str | None) -> int | None:
    """Whole seconds (1 or more) until the bucket that refused ``address`` (its own, or its IPv6
    /48's for ``scope`` ``"network"``) holds a token again; None when there is no such bucket."""
    if address is None:
        return None
    key = network_key(address) if scope == "network" else address
    bucket = None if key is None else buckets.get(key)
    return None if bucket is None else bucket.retry_after()


class Buckets(dict[str, RateLimiter]):
    """The token buckets of one per-address limit, by client (:func:`client_key`) and IPv6 /48.

    A bucket that has filled up again carries no state (a new one is made full), so buckets are
    forgotten once they are full *now*, counting the tokens earned since their last use. They
    used to be forgotten by the tokens stored at their last use, so the bucket of any client that
    had made two requests was never full and never forgotten: past 10,000 clients (a public
    server's first weeks, or an hour of one IPv6 /48 using its /64s in turn) every new client's
    first request read the whole table to forget nothing (1.2 ms at 30,000, and growing), and
    memory grew with every client ever seen. The table is looked over when it has doubled since
    the last look (at :data:`BUCKETS_KEPT` at least), so a look costs each new client O(1) on
    average, and the buckets still in use are kept whatever their number."""

    def __init__(self) -> None:
        super().__init__()
        self.look_at = BUCKETS_KEPT
        """The size at which the buckets that are full again are forgotten."""

    def forget_full(self) -> None:
        for a in [a for a, b in self.items() if b.refill() >= b.burst]:
            del self[a]
        self.look_at = max(BUCKETS_KEPT, 2 * len(self))


BUCKETS_KEPT = 10000
"""Token buckets a per-address limit keeps before it forgets those full again (:class:`Buckets`)."""


def _bucket(buckets: Buckets, address: str, rate: float, burst: float) -> RateLimiter:
    """The token bucket of ``address`` (made full when new)."""
    bucket = buckets.get(address)
    if bucket is None:
        if len(buckets) >= buckets.look_at:
            buckets.forget_full()  # full buckets carry no state
        bucket = buckets[address] = RateLimiter(rate, burst)
    return bucket


def _error(
    code: str,
    message: str,
    msg: dict[str, Any] | None,
    scope: str | None = None,
    *,
    limit: str | None = None,
    n: float | None = None,
    retry_after: int | None = None,
) -> str:
    """An error frame; a ``rate_limited`` one names its ``limit`` (and ``n``, the cap or rate it
    names, and ``retry_after``, the whole seconds until a token bucket refills, when known)."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, **limit_fields(limit, n, retry_after)}
    if scope == "network":  # an IPv6 /48's budget; an address's own is not named (as before)
        out["scope"] = scope
    if msg is not None:
        out["ref"] = msg.get("type")
        cseq = msg.get("cseq")
        if isinstance(cseq, int) and not isinstance(cseq, bool) and -MAX_CSEQ <= cseq <= MAX_CSEQ:
            out["cseq"] = cseq  # not a 4,000-digit one: an error must not echo the sender's kilobytes
    return encode(out)


def _refuse(
    status: int,
    code: str,
    message: str,
    headers: dict[str, str] | None = None,
    scope: str | None = None,
    *,
    limit: str | None = None,
    n: float | None = None,
    retry_after: int | None = None,
) -> Response:
    """An HTTP refusal as JSON; ``scope: "network"`` when an IPv6 /48's budget was used up, and
    for ``rate_limited`` the ``limit`` reached (and ``n``, the cap or rate the message names,
    and ``retry_after``, the whole seconds until that rate's budget earns a token again, as the
    websocket's refusals carry it: also the ``Retry-After`` header then)."""
    fields = limit_fields(limit, n, retry_after)
    # a message quoting a client's text that is no Unicode (a lone surrogate) still encodes as UTF-8
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    body: dict[str, Any] = {"v": VERSION, "error": code, "message": message, **fields}
    if scope == "network":
        body["scope"] = scope
    if "retry_after" in fields:
        headers = {**(headers or {}), "Retry-After": str(fields["retry_after"])}
    return JSONResponse(body, status_code=status, headers=headers)


WS_ONLY = "/ws is the tables' websocket (docs/protocol.md): open it with a websocket handshake, not a plain HTTP request\n"
"""The answer to an HTTP request for ``/ws`` that is no websocket handshake (status 426)."""

WS_ELSEWHERE = "no websocket here: the tables' websocket is at /ws (docs/protocol.md)\n"
"""The answer to a websocket handshake for any other path (status 404): Starlette refused it with a
bare ``403 Forbidden`` and no body, which read as the refusal of a foreign origin."""


PIECE = 16384
"""Bytes of a long answer handed to the connection at a time (:func:`in_pieces`)."""


def in_pieces(text: str, media_type: str, headers: dict[str, str]) -> Response:
    """A long answer (a game review: 2 MB for a long match; a log export) sent :data:`PIECE` bytes
    at a time, each once the client has read the previous ones: handed over whole, it sat in the
    connection's buffer, and a client on a slow link that kept reading saw its writes wait until
    nearly all of it was read, longer than ``--write-timeout`` (``hkmj.server.http.guarded_h11``)."""
    body = text.encode()

    async def pieces() -> AsyncIterator[bytes]:
        for i in range(0, len(body), PIECE):
            yield body[i : i + PIECE]

    return StreamingResponse(pieces(), media_type=media_type, headers={**headers, "Content-Length": str(len(body))})


class BodyError(Exception):
    """A request body refused: too large or too slow."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


async def read_body(request: Request, limit: int, timeout: float) -> bytes:
    """The request body, at most ``limit`` bytes, complete within ``timeout`` seconds; a body whose
    ``Content-Length`` is over ``limit`` is refused at once, before any of it is read (it was
    refused once ``limit`` bytes had come, or after ``timeout`` when they never did)."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and (len(declared) > 18 or int(declared) > limit):
        raise BodyError(413, "too_large", f"request bodies are limited to {limit} bytes")

    async def read() -> bytes:
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise BodyError(413, "too_large", f"request bodies are limited to {limit} bytes")
            chunks.append(chunk)
        return b"".join(chunks)

    try:
        return await asyncio.wait_for(read(), timeout)
    except TimeoutError:
        raise BodyError(408, "timeout", f"the request body did not arrive within {timeout:g} s") from None
    except ClientDisconnect:  # else a traceback of some 50 lines in the server's log, each time
        raise BodyError(400, "bad_request", "the connection closed before the request body arrived") from None


def _review_page(rows: list[tuple[int, str, dict[str, Any]]], slot: int, lang: str = "en") -> str:
    """The review page, in ``lang``, of the player at ``slot`` from a finished table's log (CPU
    work: run in a thread)."""
    from hkmj.review import Loaded, analyse
    from hkmj.review_html import render_html
    from hkmj.server.export import record_from_log

    rec = record_from_log((kind, data) for _, kind, data in rows)
    return render_html(analyse(Loaded(rec.events, rec.names, "table log", others=rec.others), str(slot + 1)), lang=lang)


def create_app(db_url: str = "sqlite:///hkmj.db", limits: Limits | None = None, rules: Ruleset | None = None) -> Starlette:
    """The server application on the database at ``db_url`` (SQLite or PostgreSQL URL). ``rules``
    (``hkmj serve --rules``/``--option``; default Hong Kong) is the ruleset, with its house options,
    of a table whose creator names none, and the lobby's first choice (``/api/info``'s ``defaults``)."""
    hub = Hub(db_url, limits)
    lim = hub.limits
    served = rules if rules is not None else get_ruleset("hk")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.open()
        try:
            yield
        finally:
            hub.close()

    async def index(request: Request) -> Response:
        return RangedFileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def not_found(request: Request, exc: Exception) -> Response:
        """An address that is no page: a browser's navigation gets the client, which says so in the
        language the player chose and links to the lobby (status 404 still); anything else the
        plain 404 it had. ``/ws`` asked for without a websocket handshake is ``426 Upgrade Required``
        saying what it is: a plain 404 "Not Found" told whoever tried the protocol's address by hand
        that it did not exist."""
        if request.url.path == "/ws":
            return Response(WS_ONLY, status_code=426, headers={"Upgrade": "websocket", "Connection": "Upgrade"}, media_type="text/plain")
        if request.method == "GET" and wants_html(request.headers.get("accept"), request.headers.get("sec-fetch-dest")):
            return RangedFileResponse(STATIC / "index.html", status_code=404, headers={"Cache-Control": "no-cache"})
        return Response("Not Found", status_code=404, media_type="text/plain")

    async def help_(request: Request) -> Response:
        lang = pick_lang(request.query_params.get("lang"), request.headers.get("accept-language"))
        rules = pick_rules(request.query_params.get("rules"))
        options = pick_options(rules, request.query_params)  # a table's house options, from its help link
        return HTMLResponse(help_page(lang, rules, options), headers={"Cache-Control": "no-cache", "Content-Language": lang})

    async def info(request: Request) -> Response:
        return JSONResponse(
            {
                "v": VERSION,
                "bots": list(BOTS),
                "lengths": list(LENGTHS),
                "defaults": TableConfig(rules=served.name, options={} if served is get_ruleset("hk") else dict(served.options)).to_dict(),
                "rulesets": rulesets_info(),
                "live_tables": len(hub.tables),
                "max_tables": lim.max_tables,
            }
        )

    async def tables(request: Request) -> Response:
        if request.method in ("GET", "HEAD"):
            return Response(hub.lobby.body(hub.tables.values()), media_type="application/json")
        if not origin_allowed(request.headers.get("origin"), request.url.scheme, request.headers.get("host"), lim.origins):
            return _refuse(403, "forbidden_origin", "cross-site request refused: this origin may not create tables")
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            return _refuse(415, "bad_request", "send the table options as application/json")
        try:
            body = await read_body(request, 8192, lim.header_timeout)
        except BodyError as e:
            return _refuse(e.status, e.code, e.message)
        try:
            data = json.loads(body or b"{}")
        except (ValueError, RecursionError) as e:
            return _refuse(400, "bad_request", f"not JSON: {json_refusal(e)}")
        sit = data.pop("sit", None) if isinstance(data, dict) else None
        try:
            cfg = TableConfig.from_dict(data, tuple(BOTS), lim.all_bot_pace, served)
            if sit is not None and (not isinstance(sit, int) or isinstance(sit, bool) or not 0 <= sit < 4):
                raise ValueError(f"sit: the creator's slot, 0 to 3 (got {quote_value(sit)})")
            if sit is not None and cfg.slots[sit] is not None:
                raise ValueError(f"sit: slot {sit} is a bot; the creator sits at a human slot")
        except NameTaken as e:
            return _refuse(400, e.code, str(e))
        except (ValueError, RecursionError) as e:
            return _refuse(400, "bad_request", str(e))
        address = address_of(request)
        wait = {"Retry-After": "60"}
        if over := hub.held_over(address):
            return _refuse(429, "rate_limited", hub.held_message(over), wait, over, limit="tables", n=hub.cap(over, lim.tables_per_address))
        if sit is not None and (over := hub.seats_over(address)):
            return _refuse(429, "rate_limited", hub.seats_message(over), wait, over, limit="seats", n=hub.cap(over, lim.seats_per_address))
        if over := hub.over(hub.unattended_of, address, lim.unattended_per_address):
            n = hub.cap(over, lim.unattended_per_address)
            why = f"{n} tables created from {_yours(over)} are played by bots only; wait for one to end"
            return _refuse(429, "rate_limited", why, wait, over, limit="unattended", n=n)
        if over := hub.may_create(address):
            rate = lim.create_rate * (lim.network_share if over == "network" else 1)
            why = f"at most {rate:g} new tables a minute from {_yours(over)}; try again later"
            return _refuse(429, "rate_limited", why, wait, over, limit="create", n=rate, retry_after=_retry_after(hub.creators, address, over))
        hub.taking_table(address, 1)  # counted from now: creations sent at once get no more
        bots_only = all(s is not None for s in cfg.slots)
        if bots_only:  # the same for --unattended-per-address
            hub.making_unattended(address, 1)
        try:
            t = await hub.create(cfg)
            hub.count_created(t.id, address)
        except ProtocolError as e:
            return _refuse(503, e.code, e.message, {"Retry-After": "30"}, e.scope, limit=e.limit, n=e.n)
        finally:
            hub.taking_table(address, -1)
            if bots_only:
                hub.making_unattended(address, -1)
        try:
            # the creator's seat: taken under the table's lock before any other request runs
            # (listed at once in the lobby, it would otherwise go to whoever joins first)
            seat = {} if sit is None else {"slot": sit, "token": await hub.seat(t, sit, cfg.names[sit], address)}
        except ProtocolError as e:  # a seat taken meanwhile from the same address: no table left behind
            await hub.withdraw(t)
            status = 429 if e.code == "rate_limited" else 409 if e.code == "seat_taken" else 503
            return _refuse(status, e.code, e.message, wait, e.scope, limit=e.limit, n=e.n, retry_after=e.retry_after)
        # the answer may hold the creator's secret seat token: no cache keeps it
        answer = {"v": VERSION, "id": t.id, "url": f"/t/{t.id}", "table": t.summary(), **seat}
        return JSONResponse(answer, status_code=201, headers={"Cache-Control": "no-store"})

    def address_of(request: Request) -> str:
        return client_key(request.client.host if request.client else None)

    def refuse_lookup(e: ProtocolError) -> Response:
        """A refused table lookup as HTTP: 404, 409, 403, 429 (with Retry-After) or 503."""
        status = {"no_table": 404, "not_over": 409, "bad_token": 403, "rate_limited": 429}.get(e.code, 503)
        wait = {"Retry-After": "60"} if status in (429, 503) else None  # a rate's own wait replaces it (retry_after)
        return _refuse(status, e.code, e.message, wait, e.scope, limit=e.limit, n=e.n, retry_after=e.retry_after)

    def refusal_as_page(
        refused: Response, code: str, lang: str, limit: str | None = None, n: float | None = None, scope: str | None = None
    ) -> Response:
        """The JSON refusal ``refused`` as the browser's page in ``lang``: the same status code and
        Retry-After, under the review page's strict CSP (the review form's new tab
        showed raw JSON)."""
        retry = refused.headers.get("retry-after")
        page = refusal_page(code, lang, limit=limit, n=n, scope=scope, retry_after=int(retry) if retry else None)
        headers = {"Cache-Control": "no-store", "Content-Language": lang, "Content-Security-Policy": REVIEW_CSP}
        if retry:
            headers["Retry-After"] = retry
        return HTMLResponse(page, status_code=refused.status_code, headers=headers)

    async def table_info(request: Request) -> Response:
        try:
            t = await hub.get(request.path_params["tid"], address=address_of(request))
        except ProtocolError as e:
            return refuse_lookup(e)
        return JSONResponse({"v": VERSION, "table": t.summary(), "live": t.id in hub.tables})

    async def tile(request: Request) -> Response:
        try:
            svg = face(request.path_params["name"], request.query_params.get("lang", "en"))
        except KeyError:
            return Response("no such tile (or language: en, fr)", status_code=404, media_type="text/plain")
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})

    async def table_log(request: Request) -> Response:
        """The finished table's log as JSON Lines (seat tokens left out), for ``hkmj review``."""
        tid = request.path_params["tid"]
        try:
            body = await hub.log_text(tid, address_of(request))
        except ProtocolError as e:
            return refuse_lookup(e)
        disposition = f'attachment; filename="hkmj-table-{tid}.jsonl"'
        return in_pieces(body, "application/x-ndjson", {"Content-Disposition": disposition})

    async def review(request: Request) -> Response:
        """POST ``token=…&lang=fr`` (the "Review this match" form): the player's own review page, in
        the client's language (``lang``: en or fr; else the browser's Accept-Language). The seat
        token is the credential (no Origin check: under ``Referrer-Policy: no-referrer`` a form
        posts ``Origin: null``, and a page elsewhere would need the secret token and still could
        not read the answer); it travels in the body, never in a URL. A form posted from another
        site is refused before it counts as a lookup (:class:`HttpRateLimit`, :func:`cross_site`)."""
        page_wanted = wants_html(request.headers.get("accept"), request.headers.get("sec-fetch-dest"))
        try:
            body = await read_body(request, 4096, lim.header_timeout)
        except BodyError as e:
            refused = _refuse(e.status, e.code, e.message)
            return refusal_as_page(refused, e.code, pick_lang(None, request.headers.get("accept-language"))) if page_wanted else refused
        form = parse_qs(body.decode("utf-8", "replace"))
        token = form.get("token", [""])[0]
        lang = pick_lang(form.get("lang", [None])[0], request.headers.get("accept-language"))
        try:
            page = await hub.review(request.path_params["tid"], token, lang, address_of(request))
        except ProtocolError as e:
            refused = refuse_lookup(e)
            return refusal_as_page(refused, e.code, lang, e.limit, e.n, e.scope) if page_wanted else refused
        headers = {"Cache-Control": "no-store", "Content-Language": lang, "Content-Security-Policy": REVIEW_CSP}
        return in_pieces(page, "text/html", headers)

    async def ws_endpoint(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.url.scheme, ws.headers.get("host"), lim.origins):
            await ws.close(code=1008)  # before accept: the handshake is refused with HTTP 403
            return
        conn = Conn(ws, client_key(ws.client.host if ws.client else None), lim)
        refused = hub.connect(conn)
        await ws.accept()
        if refused is not None:
            with contextlib.suppress(Exception):
                await ws.send_text(_error(refused.code, refused.message, None, refused.scope))
                await ws.close(code=1013)
            return
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
                    if not conn.flood.allow():
                        why = f"far more than {conn.limiter.rate:g} messages a second; closing"
                        conn.send(_error("rate_limited", why, None, limit="messages", n=conn.limiter.rate))
                        conn.drop()
                        break
                    now = asyncio.get_running_loop().time()
                    if now - conn._last_limit_error >= 1.0:
                        conn._last_limit_error = now
                        why = f"more than {conn.limiter.rate:g} messages a second; message dropped"
                        wait = conn.limiter.retry_after()
                        conn.send(_error("rate_limited", why, None, limit="messages", n=conn.limiter.rate, retry_after=wait))
                    continue
                msg: dict[str, Any] | None = None
                try:
                    msg = decode(text)
                    await hub.handle(conn, msg)
                except ProtocolError as e:
                    conn.send(_error(e.code, e.message, msg, e.scope, limit=e.limit, n=e.n, retry_after=e.retry_after))
                    if conn.past_cap:  # not even a message (bad JSON, an unknown type): no seat taken
                        hub.turn_away(conn, msg)
                except Exception:
                    log.exception("error handling a message")
                    conn.send(_error("server_error", "internal error; nothing changed", msg))
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(conn)
            if conn.table is not None:
                conn.table.detach(conn)
            conn.dead = True
            conn.outbox.put_nowait(None)
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, 2)

    async def ws_elsewhere(ws: WebSocket) -> None:
        """A websocket handshake for a path that is not ``/ws`` (``/ws/``, ``/``, ``/t/{id}``): 404
        with a line naming ``/ws``, where Starlette answered a bare ``403 Forbidden`` that named
        nothing and read as a foreign origin's refusal."""
        await ws.send_denial_response(PlainTextResponse(WS_ELSEWHERE, status_code=404))

    routes = [
        Route("/", index),
        Route("/t/{tid}", index),
        Route("/help", help_),
        Route("/api/info", info),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{tid}", table_info),
        Route("/api/tables/{tid}/log", table_log),
        Route("/t/{tid}/review", review, methods=["POST"]),
        Route("/tiles/{name}.svg", tile),
        WebSocketRoute("/ws", ws_endpoint),
        WebSocketRoute("/{path:path}", ws_elsewhere),
        Mount("/static", RangedStaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(HttpRateLimit, rate=lim.http_rate, share=lim.network_share, origins=lim.origins),
        Middleware(HostCheck, hosts=lim.answered_hosts()),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware, exception_handlers={404: not_found})
    app.state.hub = hub
    return app
