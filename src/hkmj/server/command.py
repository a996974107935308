"""``hkmj serve``: start the table server (registered in :mod:`hkmj.cli`)."""

from __future__ import annotations

import argparse
import copy
import gc
import ipaddress
import logging
import sys
from typing import Any
from urllib.parse import urlsplit

from hkmj.helpformat import HelpFormatter
from hkmj.language import LOCALE_DEFAULT, lang_word

__all__ = ["address_problem", "register"]

_EPILOG = """\
Open http://HOST:PORT/ in a browser: create a table, share its link, play or watch.
The database is created and migrated on start-up; tables in play resume after a restart.
The server logs on stderr (--log-level).

Exit status: 130 stopped by Ctrl+C, 143 by SIGTERM (a service stopped), 129 by SIGHUP; 2 it cannot start:
a wrong option, a port in use, a --db it cannot open, or one another hkmj serve is using
(each said in one line); 2 too when it stops because its database was taken from it (another
server, after PostgreSQL restarted) or its SQLite file deleted or replaced (said in its log).

  hkmj serve                                   # 127.0.0.1:8000, ./hkmj.db
  hkmj serve --host 0.0.0.0 --port 8080        # open to the local network (by address or this machine's name)
  hkmj serve --allowed-host mj.example.org     # also answer that name (other names get 403)
  hkmj serve --db postgresql://user:pw@localhost/hkmj
  hkmj serve --rules mcr                       # tables play MCR by default
"""


def _port(text: str) -> int:
    """A TCP port number, 1-65535 (argparse type)."""
    from hkmj.scoring.model import echo
    from hkmj.tiles import ascii_int

    # ASCII digits only: str.isdigit() let "８０００" through as 8000, and "²" or 5000 digits to int(), whose
    # ValueError argparse worded "invalid _port value: '<all 5000 digits>'"
    n = ascii_int(text) if text.strip().isdigit() else None
    if n is None or not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{echo(text)}: expected a port number from 1 to 65535")
    return n


def register(sub: Any) -> None:
    """Add the ``serve`` subcommand."""
    p = sub.add_parser(
        "serve",
        help="run the online table server (browser client, websocket protocol)",
        description=(
            "Serve online Mahjong tables (Hong Kong, MCR or the classical game, chosen per table in the "
            "lobby): humans and bots, browser client, persistent event log."
        ),
        epilog=_EPILOG,
        formatter_class=HelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument(
        "--db", default="sqlite:///hkmj.db", help="database URL: sqlite:///FILE (default sqlite:///hkmj.db) or postgresql://..."
    )
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"], metavar="critical|error|warning|info|debug", help="how much the server logs on stderr: its start-up, each request and any problem at info (default info)")
    p.add_argument(
        "--lang",
        type=lang_word,
        choices=["en", "fr"],
        metavar="en|fr",
        default="en",
        help=f"language of the errors at start-up: en or fr; without --lang, {LOCALE_DEFAULT} (the server's log "
        "stays in English; the browser chooses its own language)",
    )
    from hkmj.rules_args import add_rules_arguments
    from hkmj.rulesets import RULESETS

    add_rules_arguments(p, f"ruleset of a table whose creator chooses none, and the lobby's first choice: {' or '.join(RULESETS)} (default hk)")
    d = _limits_defaults()
    g = p.add_argument_group("limits of a public server (docs/server.md, Threat model)")
    g.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        help="a further origin allowed to create tables and open websockets, e.g. https://mj.example.org "
        "(repeatable; the server's own origin is always allowed)",
    )
    g.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the server answers besides IP addresses, localhost and this machine's names (short, .local "
        "and fully qualified), e.g. "
        "mj.example.org, *.example.org for its subdomains, or * for any (repeatable; other Host headers get 403: "
        "a defence against DNS rebinding)",
    )
    g.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="the address (or CIDR network) of a reverse proxy whose X-Forwarded-For header names the client: "
        "per-address limits then count the client, not the proxy (repeatable; without it the header is ignored)",
    )
    for flag, kind, metavar, text in _LIMIT_FLAGS:
        typed = _whole if kind is int else _number  # not argparse's "invalid int value: '1.5'", in English under --lang fr
        g.add_argument(flag, type=typed, default=d[flag], metavar=metavar, help=f"{text} (default {d[flag]:g})")
    p.set_defaults(func=_serve)


def _whole(text: str) -> int:
    """A limit that counts (argparse type): a whole number, as ``hkmj simulate --hands`` reads it."""
    from hkmj.cli import whole_number

    return whole_number(text)


def _number(text: str) -> float:
    """A limit that is a rate, a time or a share (argparse type): a number, decimals allowed."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (digits 0-9, a point before decimals: 2.5)") from None


_LIMIT_FLAGS: list[tuple[str, type, str, str]] = [
    ("--max-tables", int, "N", "tables in play in all; more are refused with 503"),
    ("--create-rate", float, "N", "tables one address may create per minute; more get 429"),
    ("--max-connections", int, "N", "websocket connections in all (past it, a connection may only take a seat)"),
    ("--per-address", int, "N", "websocket connections from one address"),
    ("--sockets-per-address", int, "N", "connections of any kind (HTTP, websocket) one address may hold open at once; more are refused at once"),
    ("--spectators", int, "N", "spectators per table"),
    ("--auth-timeout", float, "S", "seconds a new websocket has to join or watch a table"),
    ("--idle-timeout", float, "S", "seconds a websocket may send nothing before it is closed"),
    ("--header-timeout", float, "S", "seconds a client has to send a request's headers or body"),
    ("--write-timeout", float, "S", "seconds a client may leave the server's messages (websocket) or answer (HTTP) unread, its buffers full, before it is disconnected"),
    ("--abandon-after", float, "S", "seconds with no player connected after which a table is abandoned (spectators keep only a match of four bots)"),
    ("--keep-days", float, "D", "days a finished or abandoned table is kept after its creation, then deleted (0: for ever)"),
    ("--hints-per-minute", float, "N", "hint requests per connection per minute"),
    ("--absent-after", float, "S", "seconds a seated player may be disconnected while it is their decision; then the server plays for them"),
    ("--idle-after", float, "S", "seconds a decision waits for a connected player who does nothing, when another human is seated; then the server plays for them"),
    ("--slow-grace", float, "S", "seconds of each decision that are free where --idle-after applies; more is drawn from the player's time bank"),
    ("--slow-bank", float, "S", "seconds per hand a player may take beyond --slow-grace on their decisions in all, where --idle-after applies; then each decision times out after --slow-grace"),
    ("--all-bot-pace", float, "K", "the share of the minimum pace a table played by bots only keeps (0.5 s a turn, 0.3 s a claim window, 3 s between hands, each times K): 1 keeps it, 0 lets such tables run as fast as their options ask (a private server, tests)"),
    ("--seats-per-address", int, "N", "seats one address may have taken at tables in play; one more join is refused"),
    ("--tables-per-address", int, "N", "tables in play one address may have created (or brought back from abandoned) at once; more get 429"),
    ("--unattended-per-address", int, "N", "tables in play where only bots play (four bots, or every player away) among those one address created; more get 429"),
    ("--http-rate", float, "N", "HTTP requests one address may send per second (bursts of four times as many); more get 429"),
    ("--action-rate", float, "N", "actions the seats played from one address may send per second (bursts of four times as many; a discard counts once more for each other seat a bot plays); faster ones wait their turn, and one that would wait over 2 s is refused, nothing played"),
    ("--review-rate", float, "N", "game reviews one address may have made per minute (a review already made costs nothing); more get 429"),
    ("--replay-rate", float, "N", "past or unknown tables (not live, not cached) one address may look up per minute; every log export, "
     "review asked for and final frame of a finished table (a watch, join or resume of it) counts as one, cached or not; more get 429"),
    ("--network-share", int, "K", "an IPv6 address counts as its /64 under every per-address limit above; each IPv6 /48 network may besides "
     "use K times one address's budget under each of them in all (a /48 holds 65,536 /64s); IPv4 addresses are not grouped"),
]
_FIELDS = {
    "--max-tables": "max_tables",
    "--create-rate": "create_rate",
    "--max-connections": "max_connections",
    "--per-address": "per_address",
    "--sockets-per-address": "sockets_per_address",
    "--spectators": "spectators_per_table",
    "--auth-timeout": "auth_timeout",
    "--idle-timeout": "idle_timeout",
    "--header-timeout": "header_timeout",
    "--write-timeout": "write_timeout",
    "--abandon-after": "abandon_after",
    "--keep-days": "keep_days",
    "--hints-per-minute": "hints_per_minute",
    "--absent-after": "absent_after",
    "--idle-after": "idle_after",
    "--slow-grace": "slow_grace",
    "--slow-bank": "slow_bank",
    "--all-bot-pace": "all_bot_pace",
    "--seats-per-address": "seats_per_address",
    "--tables-per-address": "tables_per_address",
    "--unattended-per-address": "unattended_per_address",
    "--http-rate": "http_rate",
    "--replay-rate": "replay_rate",
    "--review-rate": "review_rate",
    "--action-rate": "action_rate",
    "--network-share": "network_share",
}

_ZERO_MEANS = {"keep_days": "keep for ever", "all_bot_pace": "no minimum"}
"""The limits that may be 0, and what 0 means; every other limit must be positive."""


def _limits_defaults() -> dict[str, Any]:
    from hkmj.server.limits import Limits

    base = Limits()
    return {flag: getattr(base, name) for flag, name in _FIELDS.items()}


GC_THRESHOLDS = (5000, 20, 100)
"""The server's garbage-collector thresholds (Python's are 700, 10, 10). A frame allocates a few
hundred short-lived containers, so with the defaults the young generation is collected every
few actions and its survivors soon trigger full collections, which traverse every live table
(~80 ms of CPU at 200 tables, up to 800 ms of wall time on a loaded machine; docs/server.md,
"Latency"). These keep young collections at a few milliseconds and make full ones rare."""


def tune_gc() -> None:
    """Set :data:`GC_THRESHOLDS` and move what is loaded so far (modules, rule tables, the app)
    out of the collector's sight: it lives as long as the process."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def address_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port``, in plain words, or None. Asked before the
    database and the app start, so a port already taken (another ``hkmj serve``) is one line, not
    uvicorn's start-up, ``[Errno 98]`` and shut-down logs."""
    import errno
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (OSError, UnicodeError):
        return f"--host {host!r}: no such address or host name on this machine (e.g. 127.0.0.1, or 0.0.0.0 for every network)"
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a port just freed is free
        try:
            probe.bind(address)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                return f"port {port} on {host} is already in use (another hkmj serve?): stop it, or choose another port with --port {port + 1 if port < 65535 else 8000}"
            if err.errno == errno.EACCES:
                return f"port {port} on {host}: permission denied (ports below 1024 need administrator rights): choose another with --port 8000"
            if err.errno == errno.EADDRNOTAVAIL:
                return f"--host {host!r}: not an address of this machine (e.g. 127.0.0.1, or 0.0.0.0 for every network)"
            return f"cannot listen on {host}:{port}: {err.strerror or err}"
    return None


def _graceful_server(config: Any) -> Any:
    """A uvicorn server that stops on SIGHUP as it does on SIGTERM: its connections closed, the
    application shut down (the bots' process ended), then the signal raised again (exit 129,
    "stopped (SIGHUP)"). uvicorn catches SIGINT and SIGTERM only, so SIGHUP (the terminal or
    the ssh session that ran ``hkmj serve`` closed) ended it mid-loop: no shutdown, the bots'
    process's semaphores reported leaked, no line saying why. Under ``nohup`` (SIGHUP ignored)
    it is left ignored."""
    import contextlib
    import signal
    import threading
    from collections.abc import Iterator

    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            hup = getattr(signal, "SIGHUP", None)
            if hup is None or threading.current_thread() is not threading.main_thread() or signal.getsignal(hup) == signal.SIG_IGN:
                with super().capture_signals():
                    yield
                return
            before = signal.signal(hup, self.handle_exit)
            try:
                with super().capture_signals():
                    try:
                        yield
                    finally:
                        signal.signal(hup, before)  # before uvicorn raises the signals it caught again
            finally:
                signal.signal(hup, before)

    return Server(config)


def _origin_ok(url: str) -> bool:
    """Whether ``--origin`` ``url`` is a site's origin as a browser sends it: ``http`` or ``https``,
    a host, a valid port if any, nothing after (a path, a query)."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError for a port out of range or not a number
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname) and parts.path in ("", "/") and not parts.query and not parts.fragment


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from hkmj.run_words import said
    from hkmj.server.app import Limits, create_app
    from hkmj.server.hosts import allowed_host_problem
    from hkmj.server.http import FILES_KEPT, LogRate, SocketCount, guarded_h11, guarded_ws, socket_room
    from hkmj.server.store import db_problem, hold_database, schema_problem, shown_url, write_problem
    from hkmj.termlines import fitted

    err = fitted(sys.stderr)  # a start-up error filled at a terminal's width (the log is uvicorn's)

    values: dict[str, Any] = {name: getattr(args, flag[2:].replace("-", "_")) for flag, name in _FIELDS.items()}
    for flag, name in _FIELDS.items():
        if name in _ZERO_MEANS and not values[name] >= 0:
            print(said("serve", f"{flag} must be 0 ({_ZERO_MEANS[name]}) or more, got {values[name]:g}", args.lang), file=err)
            return 2
        if name not in _ZERO_MEANS and not values[name] > 0:
            print(said("serve", f"{flag} must be positive, got {values[name]:g}", args.lang), file=err)
            return 2
    proxies = []
    for addr in args.trusted_proxy:
        try:
            proxies.append(str(ipaddress.ip_network(addr.strip(), strict=False)))
        except ValueError:
            print(said("serve", f"--trusted-proxy wants an IP address or network such as 10.0.0.5 or 10.0.0.0/24, got {addr!r}", args.lang), file=err)
            return 2
    from hkmj.rules_args import rules_from_args, rules_refusal
    from hkmj.rulesets import RulesetError

    try:
        rules = rules_from_args(args)
    except RulesetError as e:
        print(rules_refusal("serve", e, args.lang), file=err)
        return 2
    for url in args.origin:
        if not _origin_ok(url):
            print(said("serve", f"--origin wants a site's origin such as https://mj.example.org (a scheme, a host, a port if any, no path), got {url!r}", args.lang), file=err)
            return 2
    for name in args.allowed_host:
        why = allowed_host_problem(name)
        if why:
            print(said("serve", f"--allowed-host {name!r}: {why}", args.lang), file=err)
            return 2
    problem = address_problem(args.host, args.port)
    if problem:
        print(said("serve", problem, args.lang), file=err)
        return 2
    problem = db_problem(args.db, connect=True)
    if problem:
        print(said("serve", f"--db {shown_url(args.db)!r}: {problem}", args.lang), file=err)
        return 2
    hold, problem = hold_database(args.db)
    if problem or hold is None:
        print(said("serve", f"--db {shown_url(args.db)!r}: {problem}", args.lang), file=err)
        return 2
    problem = schema_problem(args.db) or write_problem(args.db)
    if problem:
        hold.release()
        print(said("serve", f"--db {shown_url(args.db)!r}: {problem}", args.lang), file=err)
        return 2
    limits = Limits(**values, origins=tuple(args.origin), allowed_hosts=tuple(h.strip() for h in args.allowed_host))
    room = socket_room()  # raises the limit of open files as far as the system lets it
    log_config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    # uvicorn writes each request's line on stdout, block-buffered in a file (> server.log): they
    # showed late, not at all in a log of stderr (2> server.log), and those still in the buffer
    # were lost when the server stopped (it ends by the signal); the whole log is on stderr
    log_config["handlers"]["access"]["stream"] = "ext://sys.stderr"
    config = uvicorn.Config(
        create_app(args.db, limits, rules),
        http=guarded_h11(
            limits.header_timeout,
            SocketCount(limits.sockets_per_address, tuple(proxies), limits.network_share, total=room),
            limits.write_timeout,
        ),
        ws=guarded_ws(limits.write_timeout, limits.header_timeout),
        timeout_keep_alive=5,
        timeout_graceful_shutdown=5,  # a move waiting for a full disk must not keep the server from stopping
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        log_config=log_config,
        ws_max_size=65536,
        ws_per_message_deflate=False,  # frames are small; compressing them costs more CPU than it saves
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
        # X-Forwarded-For names the client only when it comes from a trusted proxy: anyone else
        # could put any address there and slip past the per-address limits
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
    )
    LogRate().install("uvicorn.access", "uvicorn.error")  # a flood of requests must not fill the disk
    if room < limits.max_connections:  # the operator learns why connections are refused 503 before the cap
        logging.getLogger("uvicorn.error.hkmj").warning(
            "at most %d connections at once (the limit of open files, ulimit -n, less %d kept), below --max-connections %d",
            room,
            FILES_KEPT,
            limits.max_connections,
        )
    server = _graceful_server(config)
    hold.on_lost(lambda: setattr(server, "should_exit", True))  # another server took the database: exit 2
    tune_gc()
    try:
        server.run()
    finally:
        hold.release()
    return 2 if hold.lost else 0
