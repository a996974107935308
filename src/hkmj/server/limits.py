"""The limits of a public server (``hkmj serve`` options; docs/server.md, "Threat model").

Apart from :mod:`hkmj.server.app` so that ``hkmj``'s command line reads their defaults without
importing the server (Starlette, SQLAlchemy, the bots): every ``hkmj`` command starts faster."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """Caps and timeouts of a public server (``hkmj serve`` options; docs/server.md)."""

    max_tables: int = 500
    """Live tables in all; creating one more is refused with 503."""
    create_rate: float = 10.0
    """Tables one client address may create per minute (bursts of as many); then 429."""
    max_connections: int = 5000
    """Websocket connections in all."""
    per_address: int = 64
    """Websocket connections from one client address."""
    sockets_per_address: int = 256
    """TCP connections of any kind (HTTP, websocket, half-sent requests) one client address may hold
    open at once; more are answered 429 and closed at once (:class:`hkmj.server.http.SocketCount`).
    One client opened 2,600 a second, each held until ``header_timeout``: every file descriptor of
    the process was soon taken, and nobody could connect."""
    spectators_per_table: int = 32
    """Spectators of one table (players never count against it)."""
    auth_timeout: float = 10.0
    """Seconds a new websocket has to join, resume or watch a table."""
    idle_timeout: float = 1800.0
    """Seconds a websocket may send nothing (a ``ping`` counts) before it is closed."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's headers (or a POST body): slowloris defence."""
    write_timeout: float = 30.0
    """Seconds a websocket client may leave the server's messages unread, once the kernel's buffers
    and 64 KiB more are full, before it is disconnected (:class:`hkmj.server.http.GuardedWebSocket`);
    the same for an HTTP answer whose writes wait (:func:`hkmj.server.http.guarded_h11`)."""
    abandon_after: float = 1800.0
    """Seconds without any player connection after which a table is saved as abandoned and
    dropped (spectators do not keep it, except at a match of four bots: :attr:`Table.attended`)."""
    keep_days: float = 90.0
    """Days a finished or abandoned table is kept (its log, its review, its export) after it was
    created; then it is deleted, so that the database stops growing (0: kept for ever)."""
    hints_per_minute: float = 20.0
    """Hint requests per connection per minute (bursts of 5)."""
    absent_after: float = 30.0
    """Seconds a seated player may be disconnected while a decision waits for them; then the
    server plays for the seat as on a timeout, at any table (with or without a timer)."""
    idle_after: float = 300.0
    """Seconds a decision may wait for a connected player who does nothing, at a table where
    another human is seated and no sooner timer runs; then the server plays for the seat as on a
    timeout. A learner alone with bots is never hurried; a stranger cannot hold friends' table."""
    slow_grace: float = 20.0
    """Seconds of each decision that are free where ``idle_after`` applies; what a player takes
    beyond them is drawn from their per-hand time bank (:attr:`slow_bank`)."""
    slow_bank: float = 300.0
    """Seconds per hand a player may take beyond :attr:`slow_grace` on their decisions, in all,
    where ``idle_after`` applies; once it is spent a decision times out after ``slow_grace``
    seconds. Someone who acts just before ``idle_after`` each time cannot make a hand last hours."""
    all_bot_pace: float = 1.0
    """How much of the minimum pace of a table played by bots only the server keeps
    (:data:`hkmj.server.protocol.ALL_BOT_MIN_DELAY` a turn, ``ALL_BOT_MIN_WINDOW`` a claim window,
    ``ALL_BOT_MIN_NEXT`` between hands, each times this): 1 keeps it whole, 0 lets such a table
    run as fast as its options ask. For a private server or tests; a public server keeps 1."""
    seats_per_address: int = 16
    """Seats one client address may have taken at live tables; one more ``join`` gets
    ``rate_limited``. A script took every open seat of every table in the lobby in seconds (a seat
    stays its taker's); sixteen seat four tables of friends behind one address."""
    tables_per_address: int = 10
    """Live tables one client address may have created, or brought back from abandoned, at once;
    one more gets 429 until one ends or is abandoned. Without it, two addresses creating tables and
    walking away held all :attr:`max_tables` for :attr:`abandon_after` and nobody could create one."""
    unattended_per_address: int = 4
    """Live tables played by bots only (four bots, or every player turned away or letting their turns time out) that tables created
    from one client address may count; creating another is refused with 429. Bots cost CPU on the
    event loop, and nobody waits for such a table."""
    http_rate: float = 50.0
    """HTTP requests one client address may send per second, in bursts of four times as many (a
    page load fetches about fifty files); then 429. Each costs the event loop about 1 ms."""
    replay_rate: float = 20.0
    """Lookups one client address may make per minute (``GET``, log export, review, ``watch``, ``join``,
    ``resume``) of tables neither live nor cached: each asks the database, and an existing table
    is then replayed from its whole log; then 429 (``rate_limited``). Every log export and review counts,
    cached table or not (:meth:`Hub.log_text`), and so does every final frame of a finished table
    (a ``watch``, ``join`` or ``resume`` of it: :meth:`Hub._show_result`)."""
    action_rate: float = 10.0
    """Actions all the seats played from one client address may send per second, at every table,
    in bursts of four times as many; a discard counts once more for each other seat a bot plays
    (their turns it sets off are log entries too); a faster one is held until its turn (over
    :data:`ACTION_WAIT` seconds for each action it counts as: ``rate_limited``). Far above a person's pace (a LAN party behind one address
    included), it stops a script that answers at once from driving bot tables flat out, and from
    filling the database: four tables of humans only played by one address's scripts logged
    2.4 GB a day when they were not paced."""
    review_rate: float = 6.0
    """Game reviews one client address may have made per minute: each is worked out from
    the whole log (about 0.05 s of CPU a hand); then 429. A review already made costs nothing."""
    network_share: int = 8
    """How many clients' worth of every per-address limit (each cap, rate and count above, and
    the 8 connections watching one table) one IPv6 /48 network may use in all, besides each of its
    /64s keeping one client's (:func:`network_key`). A client holding a /48 (a rented server, some
    providers' homes) has 65,536 /64s: counted by /64 alone, it had 65,536 times every budget."""
    origins: tuple[str, ...] = ()
    """Origins allowed besides the server's own (``https://example.org``) for POST and /ws."""
    allowed_hosts: tuple[str, ...] = ()
    """Host names answered besides IP literals, this machine's names and the hosts of
    :attr:`origins` (``mj.example.org``, ``*.example.org``, ``*``): :mod:`hkmj.server.hosts`."""

    def answered_hosts(self) -> tuple[str, ...]:
        """Every host-name pattern the server answers (IP literals are always answered)."""
        from hkmj.server.hosts import machine_names  # starlette: imported when the server starts, not by `hkmj --help`

        from_origins = tuple(h for o in self.origins if (h := urlsplit(o.strip()).hostname))
        return (*machine_names(), *self.allowed_hosts, *from_origins)
