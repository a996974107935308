"""HTTP and websocket glue for uvicorn: the defences that live below the application.

uvicorn's h11 protocol waits for request headers without a time limit, so a client that
sends one byte every few seconds holds a connection forever. :func:`guarded_h11` gives
every connection ``timeout`` seconds to complete the headers of each request (after the
connection opens and after each response); a client that misses it is disconnected. It also
bounds a request head however it arrives (:class:`BoundedHead`).

uvicorn's websocket protocol answers every ping frame at once, however fast they come and
whether or not the client reads the answers, and a socket whose client stopped reading was
never closed (a close waits for what is queued to be sent). :func:`guarded_ws` bounds both:
see :class:`GuardedWebSocket`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import re
import socket
import time
from typing import Any

import h11
from h11._receivebuffer import ReceiveBuffer
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets import http11 as ws_http11
from websockets.http11 import Response

__all__ = [
    "FILES_KEPT",
    "SECURITY_HEADERS",
    "BoundedHead",
    "GuardedWebSocket",
    "LogRate",
    "SocketCount",
    "guarded_h11",
    "guarded_ws",
    "secured_headers",
    "socket_room",
]

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
"""Sent with every HTTP response (pages, API, tiles, static files, errors, and the answers written
below the application: uvicorn's 400 for a request it cannot read, the 431 or 414 for a request
head too large, the websocket handshake's refusals, the 429 for a connection past
``--sockets-per-address``). No inline style either: the
page and the help have none, and an injected ``<style>`` could otherwise test the review form's
hidden seat token letter by letter with attribute selectors."""
NO_STORE = (b"cache-control", b"no-store")
"""Sent with every refusal (status 400 or more) that names no caching of its own: a shared cache
must not keep a ``429`` or a ``503`` for everyone behind it."""


def secured_headers(headers: list[tuple[bytes, bytes]], status: int) -> list[tuple[bytes, bytes]]:
    """``headers`` of an answer of ``status`` with :data:`SECURITY_HEADERS` added where missing,
    and :data:`NO_STORE` for a refusal that has no ``Cache-Control``; a ``101 Switching
    Protocols`` (the websocket accepted) is left as it is."""
    if status == 101:
        return headers
    names = {name.lower() for name, _ in headers}
    wanted = [*SECURITY_HEADERS, NO_STORE] if status >= 400 else SECURITY_HEADERS
    return [*headers, *(h for h in wanted if h[0] not in names)]


def secured_response(response: Response) -> Response:
    """A websocket handshake's answer with :func:`secured_headers` (the ``101`` left as it is)."""
    for name, value in secured_headers([], response.status_code):
        if name.decode() not in response.headers:  # case-insensitive
            response.headers[name.decode()] = value.decode()
    return response


def secured_head(status: int, reason: bytes, body: bytes, retry_after: int | None = None) -> bytes:
    """A whole plain-text answer written straight to a transport (no request was read, or none the
    application may see): status line, headers with :func:`secured_headers`, ``body``; the
    connection closes after it."""
    headers = [(b"content-type", b"text/plain; charset=utf-8")]
    if retry_after is not None:
        headers.append((b"retry-after", b"%d" % retry_after))
    headers += [(b"content-length", b"%d" % len(body)), (b"connection", b"close")]
    lines = b"".join(b"%s: %s\r\n" % h for h in secured_headers(headers, status))
    return b"HTTP/1.1 %d %s\r\n%s\r\n%s" % (status, reason, lines, body)


PINGS_PER_SECOND = 2.0
"""Ping and pong frames a websocket client may send a second, together (in bursts of
:data:`PING_BURST`): browsers send no ping and a pong only for the server's keepalive ping (one
every 20 s), client libraries a ping every few seconds to keep the socket alive."""
PING_BURST = 20.0
FEED_SLICE = 4096
"""Bytes of one read handed to the websocket parser at a time: it parses every frame of what it is
given before any can be refused, and a read (up to 256 KiB) of 6-byte frames is 43,690 of them,
266 ms of the event loop; a slice is 682 at most, about 4 ms."""
MAX_QUEUED = 1024
"""Messages a websocket client may have waiting unread by the application: more are a flood the
application closes the connection for (it drops a connection's messages past its burst of 100 and
closes it, saying why, after 500 dropped), so nothing more the client sends is parsed meanwhile (a
read of empty text frames queued 43,690 messages)."""
MAX_FRAGMENTS = 16
"""Frames one websocket message may be split into (browsers send a message in one)."""
WRITE_BUFFER = 65536
"""Bytes queued for a websocket client beyond the kernel's buffers before its writes wait."""
SEND_BUFFER = 65536
"""The kernel's send buffer of a websocket (``SO_SNDBUF``; Linux doubles it for its bookkeeping).
Left to the kernel, it grew to 4 MB for a client that never read (Linux's ``tcp_wmem``), all of it
the server's memory; a game sends a few kilobytes a second."""


NETWORK_FULL = (
    "too many connections from your network (the IPv6 /48 holding your address); try again shortly\n"
    "trop de connexions depuis votre réseau (le /48 IPv6 de votre adresse)\u00a0; réessayez dans un instant\n"
).encode()
"""The answer to a connection past an IPv6 /48's share of ``--sockets-per-address``, in English
and French (it comes before any request, so no language is asked for)."""

ADDRESS_FULL = (
    "too many connections from your address; try again shortly\n"
    "trop de connexions depuis votre adresse\u00a0; réessayez dans un instant\n"
).encode()
"""The answer to a connection past ``--sockets-per-address``, in English and French (it said it
in English only)."""
SERVER_FULL = (
    "the server holds as many connections as it can; try again shortly\n"
    "le serveur a autant de connexions qu'il peut en tenir\u00a0; réessayez dans un instant\n"
).encode()
"""The ``503`` to a connection past :attr:`SocketCount.total`, in English and French."""
FILES_KEPT = 128
"""Open files the process keeps for itself besides its connections: the database and its WAL
files, static files being sent, the log, worker threads (19 are open when idle)."""


def socket_room() -> int:
    """The connections the process may hold at once: its limit of open files (raised to the hard
    limit, as far as the system lets it) less :data:`FILES_KEPT`. The usual soft limit is 1,024,
    so four addresses at ``--sockets-per-address`` (256) took every file and the server accepted
    nobody else, not even for a page (nor could it open a static file)."""
    try:
        import resource
    except ImportError:  # not a POSIX system: no limit to read
        return 1 << 62
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or hard > soft):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    if soft == resource.RLIM_INFINITY:
        return 1 << 62
    return max(16, soft - FILES_KEPT)


MAX_HEAD = 16384
"""Bytes a request head (request line and headers) may hold: h11's own bound on a head that
arrives in pieces."""
MAX_HEADERS = 128
"""Header lines a request may carry (browsers send about twenty): the websocket layer's bound."""


_BLANK_LINE = re.compile(rb"\n\r?\n")
"""The end of a head (h11's own pattern: a bare LF is read as a line end too)."""


class BoundedBuffer(ReceiveBuffer):
    """h11's receive buffer, whose block of header lines (a request head, a chunked body's
    trailer) is refused before it is parsed when it spans more than :data:`MAX_HEAD` bytes or
    holds more than :data:`MAX_HEADERS` header lines. h11 splits and checks every line of a block
    that arrived whole (the event loop reads up to 256 KiB at a time) before
    :meth:`BoundedHead.next_event` can count them: a head of 13,000 three-letter headers (63 KiB)
    held the event loop 34 ms before its ``431``, so two clients sending such heads in a loop kept
    every table's pings waiting 80 ms at the median; and the trailer of a chunked body was not
    bounded at all (10,000 trailer lines were read and the table created). A bytes search and a
    count of line ends, both in C, now refuse them at once (``431``, or ``414`` for a request line
    alone over the bound, as :meth:`BoundedHead.next_event` tells)."""

    def maybe_extract_lines(self) -> list[bytearray] | None:
        data = self._data
        if data[:1] != b"\n" and data[:2] != b"\r\n":  # an empty block is h11's at once
            end = _BLANK_LINE.search(data, 0, MAX_HEAD + 3)
            if end is None:
                over = len(data) > MAX_HEAD + 2  # no end within the bound, and more bytes than it
            else:  # the line ends before the block's end: one a header line (the request line's besides)
                over = data.count(b"\n", 0, end.start()) > MAX_HEADERS
            if over:
                raise h11.RemoteProtocolError(f"request head over {MAX_HEAD} bytes or {MAX_HEADERS} headers", 431)
        return super().maybe_extract_lines()


MAX_CHUNKS = 1024
"""Pieces (chunks, or parts of chunks as they arrive) a chunked request body may come in: h11
hands each to the server as an event of its own, about 4 µs of the event loop, so a body of
one-byte chunks sent flat out (6 bytes each) kept the event loop busy as long as it lasted.
Browsers send no chunked body, and the largest body the server reads is 8 KiB."""


class BoundedHead(h11.Connection):
    """An h11 connection that refuses a request head over :data:`MAX_HEAD` bytes or
    :data:`MAX_HEADERS` header lines. h11 bounds only a head still incomplete after a read, so one
    arriving whole in a read (the event loop reads up to 256 KiB at a time) was parsed whatever its
    size: 2,000 headers in one packet were answered 200. Such a head is refused with the status
    :attr:`refused` names (``431``, or ``414`` for a request line alone over the bound)."""

    refused: int | None = None
    """The status refusing the last request head for its size (``414`` or ``431``), or its
    chunked body for its pieces (``400``, past :data:`MAX_CHUNKS`), else None."""
    _chunked = False
    _chunks = 0

    def __init__(self) -> None:
        super().__init__(h11.SERVER, MAX_HEAD)
        self._receive_buffer = BoundedBuffer()  # h11 makes its buffer once, here

    def send_with_data_passthrough(self, event: Any) -> list[bytes] | None:
        """``event`` sent, a response with :func:`secured_headers`: uvicorn's own answers (its
        ``400`` for a request it cannot read, a ``500``, a ``503``) never pass the application's
        middleware."""
        if isinstance(event, h11.Response):
            headers = secured_headers(list(event.headers.raw_items()), event.status_code)
            event = h11.Response(status_code=event.status_code, headers=headers, reason=event.reason, http_version=event.http_version)
        return super().send_with_data_passthrough(event)

    def next_event(self) -> Any:
        self.refused = None
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as exc:
            if exc.error_status_hint == 431:  # h11's bound on a head still incomplete after a read
                line_ends = b"\n" in bytes(self._receive_buffer)[:MAX_HEAD]
                self.refused = 431 if line_ends else 414
            raise
        if isinstance(event, h11.Data) and self._chunked:
            self._chunks += 1
            if self._chunks > MAX_CHUNKS:
                self.refused = 400
                raise h11.RemoteProtocolError(f"request body in more than {MAX_CHUNKS} chunks", 400)
        if isinstance(event, h11.Request):
            self._chunked = any(n == b"transfer-encoding" for n, _ in event.headers)
            self._chunks = 0
            line = len(event.method) + len(event.target) + len(b"  HTTP/1.1\r\n")
            size = line + sum(len(n) + len(v) + 4 for n, v in event.headers)
            if len(event.headers) > MAX_HEADERS or size > MAX_HEAD:
                self.refused = 414 if line > MAX_HEAD else 431
                raise h11.RemoteProtocolError(f"request head over {MAX_HEAD} bytes or {MAX_HEADERS} headers", self.refused)
        return event


class SocketCount:
    """Open TCP connections (HTTP and websocket alike) per client address, counted as the
    per-address limits count them (:func:`hkmj.server.app.client_key`), and per IPv6 /48 network
    (:func:`hkmj.server.app.network_key`), which may hold ``share`` times :attr:`cap`; connections
    from a trusted proxy are not counted (they carry many clients)."""

    def __init__(self, cap: int, trusted: tuple[str, ...] = (), share: int = 1, total: int = 1 << 62) -> None:
        self.cap = cap
        self.share = share
        self.total = total
        """Connections of every client together (a trusted proxy's too): what the process's open
        files allow, less what it needs for itself (:func:`socket_room`)."""
        self.held = 0
        """Connections open now, counted or not."""
        self.refused_total = False
        """Whether the last refusal of :meth:`take` was for :attr:`total` (the server is full)."""
        self.trusted = tuple(ipaddress.ip_network(n, strict=False) for n in trusted)
        self.open: dict[str, int] = {}
        """Connections per address key, and per IPv6 /48."""
        self.refused_network = False
        """Whether the last refusal of :meth:`take` was the /48's (its answer names the network)."""

    def take(self, transport: asyncio.BaseTransport) -> str | None:
        """Count a new connection: its address key, or ``""`` when it is not counted by address (a
        trusted proxy, no address); None when the address already holds :attr:`cap` connections,
        its IPv6 /48 ``share`` times as many (then :attr:`refused_network`), or the server
        :attr:`total` (then :attr:`refused_total`)."""
        self.refused_network = False
        self.refused_total = self.held >= self.total
        if self.refused_total:
            return None
        key = self._key(transport)
        if key is None:
            return None
        self.held += 1
        return key

    def _key(self, transport: asyncio.BaseTransport) -> str | None:
        from hkmj.server.app import client_key, network_key

        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        if not isinstance(host, str):
            return ""
        with contextlib.suppress(ValueError):
            ip = ipaddress.ip_address(host.split("%", 1)[0])
            if any(ip in n for n in self.trusted):
                return ""
        key = client_key(host)
        net = network_key(key)
        if self.open.get(key, 0) >= self.cap:
            return None
        if net is not None and self.open.get(net, 0) >= self.share * self.cap:
            self.refused_network = True
            return None
        for k in (key,) if net is None else (key, net):
            self.open[k] = self.open.get(k, 0) + 1
        return key

    def release(self, key: str | None) -> None:
        """Forget a connection :meth:`take` counted (``key`` its answer; None: nothing held)."""
        from hkmj.server.app import network_key

        if key is None:
            return
        self.held -= 1
        if not key:
            return
        net = network_key(key)
        for k in (key,) if net is None else (key, net):
            n = self.open.get(k, 1) - 1
            if n > 0:
                self.open[k] = n
            else:
                self.open.pop(k, None)


def guarded_h11(timeout: float, sockets: SocketCount | None = None, write_timeout: float = 30.0) -> type[H11Protocol]:
    """An h11 protocol class that drops clients slower than ``timeout`` seconds per request head
    (or, once a request is answered, to finish sending its body),
    and connections from an address that holds ``sockets.cap`` already (one client opened 2,600
    a second and held each for the ``timeout``: enough to take every file descriptor of the
    process, after which nobody could connect). Request heads are bounded by :class:`BoundedHead`.

    A client that leaves an answer unread for ``write_timeout`` seconds (the kernel's buffers full
    and the transport's above its high-water mark, so the answer's writes wait) is disconnected.
    uvicorn's writes waited for it for ever, and the timers above do not run while an answer is
    being sent: forty ``GET /static/app.js`` pipelined on a socket that never read held it, and the
    file the answer was reading, for as long as the client liked (256 sockets and 512 file
    descriptors an address, 4,096 an IPv6 /48: every descriptor of a process left at the usual
    limit of 1,024), and the kernel let each such socket's send buffer grow to 4 MB (1 GB an
    address): it is :data:`SEND_BUFFER`, as a websocket's. Long answers (a review, a log export)
    are sent in pieces (:func:`hkmj.server.app.in_pieces`), so a client that keeps reading, however
    slowly, sees its writes resume within the ``write_timeout``."""
    count = sockets or SocketCount(1 << 62)

    class Guarded(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _stalled: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.conn = BoundedHead()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            key = count.take(transport)
            if key is None:
                if count.refused_total:  # the process's open files kept for the others already here
                    transport.write(secured_head(503, b"Service Unavailable", SERVER_FULL, retry_after=10))
                else:
                    why = NETWORK_FULL if count.refused_network else ADDRESS_FULL
                    transport.write(secured_head(429, b"Too Many Requests", why, retry_after=10))
                transport.close()
                return
            self._counted = key
            sock = transport.get_extra_info("socket")
            if sock is not None:  # left to the kernel, 4 MB a client that does not read
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            self._arm()

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request head it cannot read: ``431 Request Header Fields Too
            Large`` (RFC 6585) for a head over :data:`MAX_HEAD` bytes or :data:`MAX_HEADERS`
            headers, ``414 URI Too Long`` for a request line alone over :data:`MAX_HEAD` bytes
            (uvicorn answered both ``400``), else uvicorn's ``400``; the connection closes."""
            refused = self.conn.refused if isinstance(self.conn, BoundedHead) else None
            if refused == 400:  # a body in too many chunks: answered if the application has not begun to
                self.logger.warning("Request body in too many chunks.")
                if self.cycle is None or not self.cycle.response_started:
                    why = b"request body in too many chunks: at most %d\n" % MAX_CHUNKS
                    self.transport.write(secured_head(400, b"Bad Request", why))
                self.transport.close()
                return
            if refused is None or (self.cycle is not None and not self.cycle.response_complete):
                super().send_400_response(msg)
                return
            self.logger.warning("Request head too large.")
            if refused == 414:
                answer = secured_head(414, b"URI Too Long", b"request line too long: at most %d bytes\n" % MAX_HEAD)
            else:
                why = b"request head too large: at most %d bytes and %d header lines\n" % (MAX_HEAD, MAX_HEADERS)
                answer = secured_head(431, b"Request Header Fields Too Large", why)
            self.transport.write(answer)
            self.transport.close()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            super().handle_websocket_upgrade(event)
            protocol = self.transport.get_protocol()
            if isinstance(protocol, GuardedWebSocket):  # the socket's count goes with it
                protocol.counted, self._counted = (count, self._counted), None

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            # the request head is still incomplete, or a request already answered is still sending
            # its body (a byte at a time, of 100 MB announced, it held the connection for ever)
            if self.conn.their_state is h11.IDLE or self.conn.our_state is h11.DONE:
                self.transport.close()

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE and self.conn.our_state is not h11.DONE:
                self._disarm()  # a request under way: the application bounds its body (read_body)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def pause_writing(self) -> None:
            super().pause_writing()
            if self._stalled is None:
                self._stalled = self.loop.call_later(write_timeout, self._unread)

        def resume_writing(self) -> None:
            super().resume_writing()
            if self._stalled is not None:
                self._stalled.cancel()
                self._stalled = None

        def _unread(self) -> None:
            """The client left the answer unread ``write_timeout`` seconds: drop it, whatever is queued."""
            self._stalled = None
            if self.transport.get_protocol() is self:
                self.transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._stalled is not None:
                self._stalled.cancel()
                self._stalled = None
            count.release(self._counted)
            self._counted = None
            super().connection_lost(exc)

    return Guarded


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol with a bound on what a client makes the server hold.

    * A client that leaves what the server sends unread for ``write_timeout`` seconds (the
      kernel's buffers full and :data:`WRITE_BUFFER` bytes queued) is disconnected: its writes
      would otherwise wait forever, holding the socket, its buffers and its place in the
      connection caps (a close too waits for the queue to drain, so it never closed). The
      kernel's send buffer is :data:`SEND_BUFFER`, not the 4 MB Linux let it grow to.
    * Ping frames are answered at :data:`PINGS_PER_SECOND` (bursts of :data:`PING_BURST`); a client
      sending faster is disconnected (close code
      1008). Each ping cost about 3 µs of the event loop, so one socket kept a core busy, and its
      answer was queued however much was queued already: one socket pinging without reading grew
      the server by its upload rate, 13 MB a second.
    * The handshake must be done within ``handshake_timeout`` seconds, and one that websockets
      cannot read is answered 400 and closed (uvicorn 0.55 answers it itself first): a request
      line over websockets' 8 KiB, which h11 accepts up to 16 KiB, was neither answered nor
      closed, and the hub never counted it, so one client held 300 sockets (and could hold every
      file descriptor of the process) for ever. A handshake's head is bounded as any request's,
      by :class:`BoundedHead` (:func:`guarded_ws` lifts websockets' own 8 KiB line bound).
    * A message in more than :data:`MAX_FRAGMENTS` frames is refused (close code 1009): 65,000
      one-byte frames of one unfinished message held 3.7 MB per socket.
    * A closing handshake the client does not finish in 10 s, or a keepalive ping it does not
      answer, ends in an abort when output is still queued (a plain close would wait for it).
      After the server's close frame, more than :data:`WRITE_BUFFER` bytes from the client abort
      the connection: a socket closed for flooding had its whole backlog read and parsed.
    """

    write_timeout: float = 30.0
    handshake_timeout: float = 10.0
    counted: tuple[SocketCount, str | None] | None = None
    """The :class:`SocketCount` this socket is counted in and its key (set at the upgrade)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stalled: asyncio.TimerHandle | None = None
        self._handshake: asyncio.TimerHandle | None = None
        self._pings = PING_BURST
        self._pinged = self.loop.time()
        self._after_close = 0
        self._flooded = False
        """More than :data:`MAX_QUEUED` messages waited unread: nothing more is parsed."""
        send_response = self.conn.send_response

        def secured(response: Response) -> None:
            """Every handshake answer with :func:`secured_response`: websockets' own refusals (no
            key, a head it cannot read), the ``403`` of a refused origin, the application's refusals
            of a handshake (host, rate): none passes the application's middleware."""
            send_response(secured_response(response))

        self.conn.send_response = secured  # type: ignore[method-assign]  # websockets calls it for its own refusals too

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._handshake = self.loop.call_later(self.handshake_timeout, self._handshake_too_slow)
        self.transport.set_write_buffer_limits(high=WRITE_BUFFER)
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def connection_lost(self, exc: Exception | None) -> None:
        self._unstall()
        if self.counted is not None:
            self.counted[0].release(self.counted[1])
            self.counted = None
        if self._handshake is not None:
            self._handshake.cancel()
            self._handshake = None
        super().connection_lost(exc)

    def _handshake_too_slow(self) -> None:
        self._handshake = None
        if not self.handshake_complete:
            self._abort()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stalled is None:
            self._stalled = self.loop.call_later(self.write_timeout, self._abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._unstall()

    def _unstall(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    def _abort(self) -> None:
        """Drop the connection now, whatever is queued for it (the application sees a disconnect)."""
        self._stalled = None
        self.close_sent = True
        if not self.transport.is_closing() or self.transport.get_write_buffer_size():
            self.transport.abort()

    def _shut(self, code: int, reason: str) -> None:
        """Close with ``code`` at once: the close frame if it can still be sent, else an abort."""
        if self.transport.is_closing():
            return
        with contextlib.suppress(Exception):
            self.conn.fail(code, reason)
            self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.transport.get_write_buffer_size():
            self.transport.abort()
        else:
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.close_sent:  # only the client's close frame is still wanted: not a flood's remains
            self._after_close += len(data)
            if self._after_close > WRITE_BUFFER:
                self.transport.abort()
                return
        for start in range(0, len(data), FEED_SLICE):  # a connection closed for a flood parses no more of it
            if self._flooded:  # the application is closing it: nothing more is read
                return
            super().data_received(data[start : start + FEED_SLICE] if len(data) > FEED_SLICE else data)
            if self.transport.is_closing():
                break
        if not self.handshake_initiated and self.conn.handshake_exc is not None and not self.transport.is_closing():
            # a request h11 read but websockets cannot: it used to wait for ever
            why = b"the websocket handshake could not be read\n"
            self.transport.write(secured_head(400, b"Bad Request", why))
            self.close_sent = True
            self.transport.close()

    def handle_handshake_exception(self) -> None:
        """A handshake websockets cannot read: its own answer (``414``, ``431``), else a ``400``,
        each with :func:`secured_headers` (uvicorn's ``400`` had none)."""
        self.handshake_complete = True
        self.close_sent = True
        output = b"".join(self.conn.data_to_send())
        if not output:
            output = secured_response(self.conn.reject(400, "Failed to open a WebSocket connection: invalid request.\n")).serialize()
        self.transport.write(output)
        self.transport.close()

    def _control_frame(self, what: str) -> bool:
        """Whether a ping or pong frame is within :data:`PINGS_PER_SECOND` (one budget for both);
        else the connection is closed (1008) and False."""
        if self.transport.is_closing():
            return False
        now = self.loop.time()
        self._pings = min(PING_BURST, self._pings + (now - self._pinged) * PINGS_PER_SECOND)
        self._pinged = now
        if self._pings < 1.0:
            self._shut(1008, f"more than {PINGS_PER_SECOND:g} {what} a second")
            return False
        self._pings -= 1.0
        return True

    def handle_ping(self) -> None:
        if self._control_frame("pings"):
            super().handle_ping()

    def handle_pong(self, event: Any) -> None:
        """A pong frame, within the budget of pings: pongs were not bounded, and one socket
        sending empty pongs flat out (6 bytes each, about 6 µs of the event loop to parse) held
        the event loop for good: a ``GET`` of another client waited over 10 s."""
        if self._control_frame("pings or pongs"):
            super().handle_pong(event)

    def handle_cont(self, event: Any) -> None:
        if len(self.frames) >= MAX_FRAGMENTS:
            self._shut(1009, f"a message may come in {MAX_FRAGMENTS} frames at most")
            return
        super().handle_cont(event)

    def _room(self) -> bool:
        """Whether a further message may be queued for the application: not past
        :data:`MAX_QUEUED` waiting, after which nothing more from the client is parsed (the
        application, reading those, closes the connection with its ``rate_limited`` error)."""
        if self.transport.is_closing() or self._flooded:
            return False
        if self.queue.qsize() >= MAX_QUEUED:
            self._flooded = True
            return False
        return True

    def handle_text(self, event: Any) -> None:
        if self._room():
            super().handle_text(event)

    def handle_bytes(self, event: Any) -> None:
        if self._room():
            super().handle_bytes(event)

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        if self.transport.get_write_buffer_size():
            self.transport.abort()

    async def send(self, message: Any) -> None:
        closing = self.close_timer is None
        await super().send(message)
        if closing and self.close_timer is not None:  # the close handshake began: never wait forever
            self.close_timer.cancel()
            self.close_timer = self.loop.call_later(self.close_timeout, self._abort)


def guarded_ws(write_timeout: float, handshake_timeout: float) -> type[GuardedWebSocket]:
    """A :class:`GuardedWebSocket` class whose clients may leave its output unread ``write_timeout``
    seconds, and whose handshake must be done within ``handshake_timeout`` seconds.

    websockets reads a handshake's request line and header lines up to 8 KiB each, while the HTTP
    parser reads a head up to :data:`MAX_HEAD` bytes (:class:`BoundedHead`), so a handshake whose
    URL or a header was 8–16 KiB got websockets' own ``414`` or ``431`` (its wording, its bound)
    where a plain request of that size was served. The websocket layer reads only what
    :class:`BoundedHead` let through: its line bound is lifted to :data:`MAX_HEAD`, and one bound,
    the same answers, refuse a handshake and a request alike."""
    ws_http11.MAX_LINE_LENGTH = max(ws_http11.MAX_LINE_LENGTH, MAX_HEAD)

    class Guarded(GuardedWebSocket):
        pass

    Guarded.write_timeout = write_timeout
    Guarded.handshake_timeout = handshake_timeout
    return Guarded


CLIENT_FAULTS = frozenset({"Invalid UTF-8 sequence received from client."})
"""uvicorn's log messages for a client's bad input that it logs with a traceback (a websocket text
frame that is not UTF-8: some 400 bytes of traceback per frame, closed 1007): one line is enough."""


class LogRate(logging.Filter):
    """At most ``rate`` log lines a second pass (in bursts of ``burst``), in all the loggers it
    filters, counting the line that says how many were dropped, written before the next that passes. uvicorn writes a line for
    every request (an access line, refused ones included) and every unreadable one (a warning),
    so one client wrote 23,000 lines (1.4 MB) in 8 s: 15 GB a day into the server's log."""

    def __init__(self, rate: float = 20.0, burst: float = 200.0) -> None:
        super().__init__()
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in ("< %s", "> %s") and isinstance(record.args, tuple) and len(record.args) == 1:
            # websockets' own lines at --log-level debug, one per frame, showed each message's
            # first and last 37 characters: the end of every seat token, in a `welcome` and in a
            # browser's `resume`, and players' hidden tiles; a frame is now its kind and size
            frame = record.args[0]
            opcode, data = getattr(frame, "opcode", None), getattr(frame, "data", None)
            if opcode is not None and isinstance(data, (bytes, bytearray)):
                record.args = (f"{getattr(opcode, 'name', opcode)} [{len(data)} bytes]",)
        if record.exc_info and record.msg in CLIENT_FAULTS:  # the client's fault: no traceback
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        cost = 2.0 if self.dropped else 1.0  # the note of those dropped is a line of the bound too
        if self.tokens < cost:
            self.dropped += 1
            return False
        self.tokens -= cost
        if self.dropped:
            dropped, self.dropped = self.dropped, 0
            logging.getLogger("uvicorn.error.hkmj").warning("%d log lines dropped: more than %g a second", dropped, self.rate)
        return True

    def install(self, *names: str) -> None:
        """Filter the loggers ``names`` (records they log themselves, as uvicorn's are)."""
        for name in names:
            logging.getLogger(name).addFilter(self)
