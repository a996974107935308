"""IPv6 clients counted fairly: an IPv6 address counts as its /64 under every
per-address limit, and each IPv6 /48 network may besides use ``--network-share`` (K) times one
client's budget under each of them in all. A client holding a /48 (a rented server, some
providers' homes) has 65,536 /64s: counted by /64 alone, it had 65,536 times every budget.

The limits are driven through the ASGI application itself (Starlette's TestClient), each request
and websocket naming its client address in a test-only ``x-test-client`` header that a wrapper
puts in the ASGI scope: no real IPv6 socket is needed. Three /64s of one /48 (``A1``-``A3``), a
/64 of another /48 (``B``) and three IPv4 addresses of one /24 are the clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.types import ASGIApp, Receive, Scope, Send

from hkmj.server import app as server_app
from hkmj.server.app import Hub, Limits, client_key, create_app, network_key
from hkmj.server.http import NETWORK_FULL, SocketCount
from hkmj.server.protocol import ProtocolError

with warnings.catch_warnings():  # Starlette 1.x would have httpx2 rather than httpx behind it
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

A1, A2, A3 = "2001:db8:5:1::1", "2001:db8:5:2::1", "2001:db8:5:ffff:a:b:c:d"
"""Three /64s of the /48 2001:db8:5::/48."""
B = "2001:db8:6:1::1"
"""A /64 of another /48."""
IPV4 = ("198.51.100.1", "198.51.100.2", "198.51.100.3")
"""Three IPv4 addresses of one /24: never grouped."""
HUMANS = {"slots": [None, None, None, None]}
BOTS = {"slots": ["greedy", "greedy", "greedy", "greedy"]}


def test_an_ipv6_address_counts_as_its_64_and_its_48() -> None:
    """The mapping: an IPv6 address is its /64 and belongs to its /48; an IPv4 address, an
    IPv4-mapped IPv6 address and anything else are counted alone (no network)."""
    assert client_key(A1) == "2001:db8:5:1::/64" and network_key(client_key(A1)) == "2001:db8:5::/48"
    assert network_key(client_key(A3)) == "2001:db8:5::/48" and network_key(client_key(B)) == "2001:db8:6::/48"
    assert client_key("fe80::1%eth0") == "fe80::/64" and network_key("fe80::/64") == "fe80::/48"
    assert client_key("::ffff:198.51.100.7") == "198.51.100.7" and network_key("198.51.100.7") is None
    for other in ("198.51.100.7", "?", "testclient", "not/64"):
        assert network_key(client_key(other)) is None


def _fake_client(app: ASGIApp) -> ASGIApp:
    """The app with the scope's client address taken from the ``x-test-client`` header."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = dict(scope["headers"]).get(b"x-test-client")
            if host is not None:
                scope = {**scope, "client": (host.decode(), 50000)}
        await app(scope, receive, send)

    return wrapped


class Site:
    """The server app (over SQLite in a temporary directory) and its clients by address."""

    def __init__(self, client: TestClient, hub: Hub) -> None:
        self.client, self.hub = client, hub

    def post(self, host: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        r = self.client.post("/api/tables", json=body, headers={"x-test-client": host})
        return r.status_code, r.json()

    def get(self, host: str, path: str) -> tuple[int, dict[str, Any]]:
        r = self.client.get(path, headers={"x-test-client": host})
        return r.status_code, r.json()

    def ws(self, host: str) -> Any:
        return self.client.websocket_connect("ws://127.0.0.1:8000/ws", headers={"x-test-client": host})


@contextlib.contextmanager
def site(tmp_path: Path, **limits: Any) -> Iterator[Site]:
    app = create_app(f"sqlite:///{tmp_path / 'hkmj.db'}", Limits(**limits))
    with TestClient(_fake_client(app), base_url="http://127.0.0.1:8000") as client:
        yield Site(client, app.state.hub)


def refused(status: int, answer: dict[str, Any], scope: str | None, limit: str, n: float) -> bool:
    """A 429 ``rate_limited`` refusal naming ``scope``'s budget (``None``: the address's), the
    ``limit`` reached and its cap or rate ``n`` for that scope (issue 9: the browser words each)."""
    return status == 429 and answer["error"] == "rate_limited" and answer.get("scope") == scope and (answer.get("limit"), answer.get("n")) == (limit, n)


def said(error: dict[str, Any], limit: str, n: float) -> bool:
    """A websocket ``rate_limited`` error naming the ``limit`` reached and its cap or rate ``n``."""
    return error["code"] == "rate_limited" and (error.get("limit"), error.get("n")) == (limit, n)


def test_tables_created_per_minute_are_counted_per_48_too(tmp_path: Path) -> None:
    """``--create-rate`` 1 and K = 2: each /64 creates one table a minute, and the /48 two in all;
    the third /64 is refused with ``scope: "network"``, another /48 and IPv4 addresses are not."""
    with site(tmp_path, create_rate=1.0, network_share=2) as s:
        assert s.post(A1, HUMANS)[0] == 201
        assert refused(*s.post(A1, HUMANS), None, "create", 1)
        assert s.post(A2, HUMANS)[0] == 201
        status, answer = s.post(A3, HUMANS)  # a fresh /64 of the same /48
        assert refused(status, answer, "network", "create", 2), answer
        assert "at most 2 new tables a minute from your network (the IPv6 /48 holding your address)" in answer["message"]
        assert s.post(B, HUMANS)[0] == 201
        assert [s.post(ip, HUMANS)[0] for ip in IPV4] == [201, 201, 201]


def test_live_tables_held_are_counted_per_48_too(tmp_path: Path) -> None:
    """``--tables-per-address`` 1 and K = 2: a /48 holds two live tables in all."""
    with site(tmp_path, tables_per_address=1, network_share=2) as s:
        assert s.post(A1, HUMANS)[0] == 201
        assert refused(*s.post(A1, HUMANS), None, "tables", 1)
        assert s.post(A2, HUMANS)[0] == 201
        status, answer = s.post(A3, HUMANS)
        assert refused(status, answer, "network", "tables", 2) and "2 tables in play were created from your network" in answer["message"], answer
        assert s.post(B, HUMANS)[0] == 201
        assert [s.post(ip, HUMANS)[0] for ip in IPV4] == [201, 201, 201]


def test_tables_of_bots_only_are_counted_per_48_too(tmp_path: Path) -> None:
    """``--unattended-per-address`` 1 and K = 2: a /48 keeps two tables of four bots in all."""
    with site(tmp_path, unattended_per_address=1, network_share=2) as s:
        assert s.post(A1, BOTS)[0] == 201
        assert refused(*s.post(A1, BOTS), None, "unattended", 1)
        assert s.post(A2, BOTS)[0] == 201
        status, answer = s.post(A3, BOTS)
        assert refused(status, answer, "network", "unattended", 2) and "2 tables created from your network" in answer["message"], answer
        assert s.post(B, BOTS)[0] == 201


def _first_answer(ws: Any, msg: dict[str, Any]) -> dict[str, Any]:
    """The answer to ``msg``: an error, or the welcome, pong or ack it brings (state frames skipped)."""
    ws.send_json({"v": 1, **msg})
    while True:
        got: dict[str, Any] = ws.receive_json()
        if got["type"] in ("error", "welcome", "pong", "ack"):
            return got


def test_seats_taken_are_counted_per_48_too(tmp_path: Path) -> None:
    """``--seats-per-address`` 1 and K = 2: a /48 takes two seats in all, whether at creation
    (``sit``) or by a ``join``; the refused join's error carries ``scope: "network"``."""
    with site(tmp_path, seats_per_address=1, network_share=2) as s:
        status, made = s.post(A1, {**HUMANS, "sit": 0})
        assert status == 201 and made["token"]
        assert refused(*s.post(A1, {**HUMANS, "sit": 0}), None, "seats", 1)
        tid = made["id"]
        with s.ws(A2) as ws:
            assert _first_answer(ws, {"type": "join", "table": tid, "slot": 1})["type"] == "welcome"
        with s.ws(A3) as ws:
            error = _first_answer(ws, {"type": "join", "table": tid, "slot": 2})
            assert said(error, "seats", 2) and error["scope"] == "network", error
            assert "2 seats at tables in play were taken from your network" in error["message"]
        assert refused(*s.post(A3, {**HUMANS, "sit": 0}), "network", "seats", 2)
        with s.ws(B) as ws:
            assert _first_answer(ws, {"type": "join", "table": tid, "slot": 2})["type"] == "welcome"


def test_websocket_connections_are_counted_per_48_too(tmp_path: Path) -> None:
    """``--per-address`` 1 and K = 2: a /48 holds two websockets in all; the third /64's gets
    ``too_many_connections`` with ``scope: "network"``, and a closed one frees its place."""
    with site(tmp_path, per_address=1, network_share=2) as s, contextlib.ExitStack() as held:
        first = contextlib.ExitStack()
        held.callback(first.close)
        a1 = first.enter_context(s.ws(A1))
        assert _first_answer(a1, {"type": "ping"})["type"] == "pong"
        with s.ws(A1) as ws:
            error = _first_answer(ws, {"type": "ping"})
            assert error["code"] == "too_many_connections" and "scope" not in error, error
        a2 = held.enter_context(s.ws(A2))
        assert _first_answer(a2, {"type": "ping"})["type"] == "pong"
        with s.ws(A3) as ws:
            error = _first_answer(ws, {"type": "ping"})
            assert error["code"] == "too_many_connections" and error["scope"] == "network", error
            assert error["message"] == "2 connections from your network (the IPv6 /48 holding your address) already"
        for host in (B, *IPV4):
            ws = held.enter_context(s.ws(host))
            assert _first_answer(ws, {"type": "ping"})["type"] == "pong"
        first.close()  # closed, and the server's end of it finished
        assert s.hub.per_address == {
            client_key(A2): 1, "2001:db8:5::/48": 1, client_key(B): 1, "2001:db8:6::/48": 1, **dict.fromkeys(IPV4, 1)
        }
        with s.ws(A3) as ws:
            assert _first_answer(ws, {"type": "ping"})["type"] == "pong"


def test_lookups_of_unknown_tables_are_counted_per_48_too(tmp_path: Path) -> None:
    """``--replay-rate`` 1 and K = 2: a /48 looks up two past or unknown tables a minute in all."""
    with site(tmp_path, replay_rate=1.0, network_share=2) as s:
        assert s.get(A1, "/api/tables/nope1")[0] == 404
        assert refused(*s.get(A1, "/api/tables/nope2"), None, "lookups", 1)
        assert s.get(A2, "/api/tables/nope3")[0] == 404
        status, answer = s.get(A3, "/api/tables/nope4")
        assert refused(status, answer, "network", "lookups", 2) and "lookups of past or unknown tables" in answer["message"], answer
        with s.ws(A3) as ws:  # over the websocket alike
            error = _first_answer(ws, {"type": "watch", "table": "nope5"})
            assert said(error, "lookups", 2) and error["scope"] == "network", error
        assert s.get(B, "/api/tables/nope6")[0] == 404


def test_http_requests_are_counted_per_48_too(tmp_path: Path) -> None:
    """``--http-rate`` 0.25 (bursts of 1) and K = 2: a /48 sends two requests in a burst in all."""
    with site(tmp_path, http_rate=0.25, network_share=2) as s:
        assert s.get(A1, "/api/info")[0] == 200
        assert refused(*s.get(A1, "/api/info"), None, "requests", 0.25)
        assert s.get(A2, "/api/info")[0] == 200
        status, answer = s.get(A3, "/api/info")
        assert refused(status, answer, "network", "requests", 0.5) and "requests a second from your network" in answer["message"], answer
        assert s.get(B, "/api/info")[0] == 200
        assert [s.get(ip, "/api/info")[0] for ip in IPV4] == [200, 200, 200]


def test_actions_are_paced_per_48_too(tmp_path: Path) -> None:
    """``--action-rate`` 0.25 (bursts of 1; an action that would wait over 2 s is refused) and
    K = 1: the second /64 of a /48 to act finds the /48's one token taken (a 4 s wait) and is
    refused with ``scope: "network"``; an action let through goes on to be read (here refused as
    ``bad_request``: it names no move)."""
    with site(tmp_path, action_rate=0.25, network_share=1, seats_per_address=4) as s:
        tokens = {}
        for host in (A1, A2, B):
            status, made = s.post(host, {**HUMANS, "sit": 0})
            assert status == 201
            tokens[host] = made["id"], made["token"]

        def act(host: str) -> dict[str, Any]:
            tid, token = tokens[host]
            with s.ws(host) as ws:
                assert _first_answer(ws, {"type": "resume", "table": tid, "token": token})["type"] == "welcome"
                return _first_answer(ws, {"type": "action"})

        assert act(A1)["code"] == "bad_request"
        error = act(A2)
        assert said(error, "actions", 0.25) and error["scope"] == "network", error
        assert "more than 0.25 actions a second from your network" in error["message"]
        assert act(B)["code"] == "bad_request"


def test_spectators_of_one_table_are_counted_per_48_too(tmp_path: Path) -> None:
    """One address watches a table from 8 connections at most; with K = 2 a /48 from 16 (at a
    table of 64 places, of which a network may hold a quarter, 16, too)."""
    with site(tmp_path, network_share=2, spectators_per_table=64) as s, contextlib.ExitStack() as held:
        tid = s.post(IPV4[0], HUMANS)[1]["id"]

        def watch(host: str) -> dict[str, Any]:
            ws = held.enter_context(s.ws(host))
            return _first_answer(ws, {"type": "watch", "table": tid})

        assert [watch(A1)["type"] for _ in range(8)] == ["welcome"] * 8
        assert watch(A1)["code"] == "spectators_full"
        assert [watch(A2)["type"] for _ in range(8)] == ["welcome"] * 8
        error = watch(A3)
        assert error["code"] == "spectators_full" and error["scope"] == "network", error
        assert "watched from 16 connections of your network" in error["message"]
        assert watch(B)["type"] == "welcome"


def test_game_reviews_made_are_counted_per_48_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--review-rate`` 1 and K = 2: a /48 has two reviews made a minute in all (the finished
    table and its log stood in for: the count comes before the log is read)."""
    hub = Hub("sqlite://", Limits(review_rate=1.0, network_share=2))
    finished = SimpleNamespace(id="t", slot_of_token=lambda token: 0)

    async def get(tid: str, **_: Any) -> Any:
        return SimpleNamespace(id=tid, slot_of_token=finished.slot_of_token)

    async def log_rows(tid: str, address: str | None = None) -> list[Any]:
        return []

    monkeypatch.setattr(hub, "get", get)
    monkeypatch.setattr(hub, "log_rows", log_rows)
    monkeypatch.setattr(server_app, "_review_page", lambda rows, slot, lang="en": "<p>review</p>")

    async def review(tid: str, host: str) -> str | None:
        try:
            await hub.review(tid, "token", "en", client_key(host))
        except ProtocolError as e:
            assert e.code == "rate_limited" and (e.limit, e.n) == ("reviews", 2 if e.scope == "network" else 1), (e.limit, e.n)
            return e.scope or "address"
        return None

    async def go() -> list[str | None]:
        return [await review(tid, host) for tid, host in [("t1", A1), ("t2", A1), ("t3", A2), ("t4", A3), ("t5", B)]]

    assert asyncio.run(go()) == [None, "address", None, "network", None]


def test_abandoned_tables_brought_back_are_counted_per_48_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--tables-per-address`` 1 and K = 2: a ``join`` or ``resume`` that would bring an abandoned
    table back to play counts as creating a live table; past the address's one, or the /48's two,
    it is refused with ``limit: "tables"`` and the cap of the budget reached (the store and the
    replay stood in for: the count comes after them)."""
    hub = Hub("sqlite://", Limits(tables_per_address=1, network_share=2))
    hub.store = SimpleNamespace(status_of=lambda tid: "abandoned")  # type: ignore[assignment]

    async def replay(tid: str, **_: Any) -> Any:
        return SimpleNamespace(id=tid)

    monkeypatch.setattr(hub, "_replay", replay)
    for tid, host in (("held1", A1), ("held2", A2)):  # a live table created from each of two /64s of the /48
        hub.tables[tid] = SimpleNamespace()  # type: ignore[assignment]
        hub.count_created(tid, client_key(host))

    async def revive(tid: str, host: str) -> tuple[str | None, str | None, float | None]:
        with pytest.raises(ProtocolError) as refused:
            await hub.get(tid, revive=lambda t: True, address=client_key(host))
        e = refused.value
        assert e.code == "rate_limited", e.message
        return e.scope, e.limit, e.n

    assert asyncio.run(revive("gone1", A1)) == ("address", "tables", 1)
    assert asyncio.run(revive("gone2", A3)) == ("network", "tables", 2)


class _Transport:
    def __init__(self, host: str) -> None:
        self.host = host

    def get_extra_info(self, name: str) -> Any:
        return (self.host, 50000) if name == "peername" else None


def test_open_sockets_are_counted_per_48_too() -> None:
    """``--sockets-per-address`` 1 and K = 2: a /48 holds two TCP connections in all; the
    refusal then names the network, in English and French."""
    count = SocketCount(1, share=2)
    a1 = count.take(_Transport(A1))  # type: ignore[arg-type]
    assert a1 == client_key(A1)
    assert count.take(_Transport(A1)) is None and not count.refused_network  # type: ignore[arg-type]
    a2 = count.take(_Transport(A2))  # type: ignore[arg-type]
    assert a2 is not None
    assert count.take(_Transport(A3)) is None and count.refused_network  # type: ignore[arg-type]
    assert count.take(_Transport(B)) and all(count.take(_Transport(ip)) for ip in IPV4)  # type: ignore[arg-type]
    count.release(a1)
    assert count.take(_Transport(A3)) == client_key(A3)  # type: ignore[arg-type]
    assert count.open["2001:db8:5::/48"] == 2
    text = NETWORK_FULL.decode()
    assert "your network (the IPv6 /48 holding your address)" in text and "votre réseau (le /48 IPv6 de votre adresse)" in text


def test_a_creator_refused_a_seat_after_the_table_was_made_leaves_no_table_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``POST /api/tables`` with ``sit``: the seats limit is checked, the table made, then the
    creator seated; a seat taken meanwhile by another request from the same address (or its
    /48) refused the creator with 503, naming the seats limit, and left the new table live and
    listed with its creator's seat empty. Now it is a 429 with ``Retry-After``, and the table is
    withdrawn (saved as abandoned, not listed)."""
    with site(tmp_path, seats_per_address=1, network_share=2) as s:

        async def lost_race(*args: Any, **kwargs: Any) -> str:
            raise ProtocolError("rate_limited", s.hub.seats_message("network"), "network", limit="seats", n=2)

        monkeypatch.setattr(s.hub, "seat", lost_race)
        r = s.client.post("/api/tables", json={**HUMANS, "sit": 0}, headers={"x-test-client": A1})
        assert refused(r.status_code, r.json(), "network", "seats", 2), (r.status_code, r.json())
        assert r.headers.get("retry-after") == "60"
        assert s.hub.tables == {} and s.hub.created_by == {}
        assert s.get(A1, "/api/tables")[1]["tables"] == []
        monkeypatch.undo()
        status, made = s.post(A1, {**HUMANS, "sit": 0})  # the address's budget was not spent on it
        assert status == 201 and made["token"]
