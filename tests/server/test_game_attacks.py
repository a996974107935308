"""Attacks at the level of the game and the protocol's meaning, by a seated player, a spectator or
an outsider, on a real server on 127.0.0.1 (docs/server.md, "Attacked at the level of the
game"): each test is the attack script, and checks that the server holds.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect

from hkmj.server.client import GameClient
from hkmj.server.testing import Server, choose, drain, play, public_tiles, tiles_in

from .test_attacks import cpu_of_many, is_live, post
from .test_browser import wait_true

MakeServer = Callable[..., Server]


def test_a_stranger_cannot_start_the_match_while_the_host_reloads_the_page(make_server: MakeServer) -> None:
    """A stranger seated at an open seat of a listed table sent ``start`` in a loop: the moment the
    host's connection dropped (a page reload, a phone putting the browser to sleep) the stranger
    was let start, and every seat kept for a friend went to a bot. A seated player other than the
    host may start only once the host has had no connection for ``--absent-after`` seconds (5 s
    here: the first start, sent as soon as the stranger hears the host left, must reach the
    server within it, also on a loaded machine; 2 s left about one)."""
    absent_after = 5.0
    server = make_server(None, "--absent-after", str(absent_after))
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
            await stranger.send(type="start")
            refused = await stranger.wait(lambda m: m["type"] == "error")
            assert refused["code"] == "not_host", refused
            assert "5 s" in refused["message"], refused["message"]
            async with GameClient(server.ws_url) as host:  # the page is back: still open, the host's
                st = await host.resume(tid, token)
                assert st["status"] == "open" and st["players"][2]["joined"] is False
            # the host is gone for good: once it has been away --absent-after seconds, anyone seated may start
            # (counted from this second departure: the host's return reset the server's count)
            await stranger.wait(lambda m: m["type"] == "state" and not m["players"][0]["connected"])
            await asyncio.sleep(absent_after + 0.1)
            await stranger.send(type="start")
            st = await stranger.wait(lambda m: m["type"] == "state" and m["status"] == "playing")
            assert st["players"][2]["bot"] == "greedy"

    asyncio.run(go())


def test_a_name_cannot_pass_for_another_seat_or_for_a_bot(server: Server) -> None:
    """Names are anyone's choice and the page shows them as they are: a stranger joined as the
    friend the creator named for a seat, as ``Аlice`` with a Cyrillic А beside Alice, as
    ``ALICE`` or ``A1ice``, or as ``Bot 3 (greedy)``, which is how the page labels a bot without a
    name, so the others took a person for a bot. Such a join is refused with ``name_taken`` naming
    the seat it reads as; the seat stays free, and the same player joins under another name."""
    status, answer = post(
        server, {"slots": [None, None, None, "greedy"], "names": ["Alice", "", "Bob", ""], "sit": 0, "listed": True}
    )
    assert status == 201, answer
    tid = answer["id"]
    look_alikes = ["Alice", "Аlice", "ALICE", "A1ice", "Ａｌｉｃｅ", "Alíce", "Bob", "Bоb", "Bot 3 (greedy)", "Robot 4", "bot", "Player 1", "Joueur 3"]

    async def go() -> None:
        async with server.client() as stranger:
            for name in look_alikes:
                await stranger.send(type="join", table=tid, slot=1, name=name)
                refused = await stranger.wait(lambda m: m["type"] == "error")
                assert refused["code"] == "name_taken", (name, refused)
                assert "seat" in refused["message"] and "choose another" in refused["message"], refused
            assert "seat 1 ('Alice')" in stranger.errors[1]["message"]
            await stranger.join(tid, 1, "Carol")
            assert stranger.state is not None and stranger.state["players"][1]["name"] == "Carol"
            assert stranger.state["players"][0]["name"] == "Alice"
        async with server.client() as own_label:  # a seat's own label is no one else's
            await own_label.join(tid, 2, "Bob")  # the friend the creator named that seat for
            assert own_label.state is not None and own_label.state["players"][2]["name"] == "Bob"

    asyncio.run(go())
    # the creator's names are checked too: one name twice, or a bot's label, is a 400
    for names in (["Ann", "ann", "", ""], ["Ann", "", "Robot 3", ""]):
        status, answer = post(server, {"slots": [None, None, "greedy", "greedy"], "names": names})
        assert status == 400 and "choose another" in answer["message"], answer


def test_a_name_in_letters_of_other_scripts_that_look_latin_cannot_pass_for_another_seat(server: Server) -> None:
    """Issue 9: the look-alike letters a name was checked against were Cyrillic and Greek ones, so a
    stranger still joined beside Alice as ``Ꭺlice`` (a Cherokee Ꭺ), ``ꓮꓡꓲꓚꓰ`` (Lisu capitals, drawn
    as Latin ones), ``ᴀlice`` (a small capital), or as ``Ᏼot 4`` and ``ꓑlayer 3``, the page's labels
    of a bot and of another seat. Such joins are refused with ``name_taken``; a name written in
    Cherokee or Lisu that reads as nobody else's is taken as it is."""
    status, answer = post(server, {"slots": [None, None, None, "greedy"], "names": ["Alice", "", "", ""], "sit": 0, "listed": True})
    assert status == 201, answer
    tid = answer["id"]
    look_alikes = ["Ꭺlice", "ꓮlice", "ꓮꓡꓲꓚꓰ", "Ꭺꮮꭵꮯꭼ", "ᴀlice", "ᴀʟɪᴄᴇ", "Ᏼot 4", "ꓐot", "ʙot 4 (greedy)", "ꓑlayer 3", "Ꮲlayer 3", "Ꭱobot 4"]

    async def go() -> None:
        async with server.client() as stranger:
            for name in look_alikes:
                await stranger.send(type="join", table=tid, slot=1, name=name)
                refused = await stranger.wait(lambda m: m["type"] in ("error", "welcome"))
                assert refused["type"] == "error" and refused["code"] == "name_taken", (name, refused)
            await stranger.join(tid, 1, "ᏣᎳᎩ")  # Tsalagi, in Cherokee: nobody's name here
            assert stranger.state is not None and stranger.state["players"][1]["name"] == "ᏣᎳᎩ"
        async with server.client() as lisu:
            await lisu.join(tid, 2, "ꓡꓲ-ꓢꓴ")  # Lisu, in its own letters
            assert lisu.state is not None and lisu.state["players"][2]["name"] == "ꓡꓲ-ꓢꓴ"

    asyncio.run(go())


def test_hints_are_off_at_a_table_of_people_unless_its_creator_turns_them_on(server: Server) -> None:
    """Any player could ask the server's strongest bot for every move (``hint``), at a match
    between people too: there was no way to play without it. ``hints`` is a table option, on by
    default at a teaching table and where one person plays bots, off at a match between people
    that is not a teaching table; where it is off a ``hint`` is refused with ``no_hints`` and the
    advisor never runs. The table's ``config`` says which, so the page shows *Hint* only where
    it answers."""

    async def ask(tid: str, slots: int) -> list[dict[str, Any]]:
        clients = [server.client() for _ in range(slots)]
        for c in clients:
            await c.open()
        try:
            for i, c in enumerate(clients):
                await c.join(tid, i, f"p{i}")
            mover = await first_to_decide(clients)
            assert mover.state is not None and mover.state["mine"]["legal"]
            await mover.send(type="hint")
            answer = await mover.wait(lambda m: m["type"] in ("hint", "error"))
            return [answer, mover.state["config"]]
        finally:
            for c in clients:
                await c.close()

    people = server.create(slots=[None, None, "greedy", "greedy"])  # a teaching table (bots play): hints on
    answer, config = asyncio.run(ask(people, 2))
    assert config["hints"] is True and answer["type"] == "hint", answer
    against = server.create(slots=[None, None, "greedy", "greedy"], teaching=False)  # two people compete: off
    answer, config = asyncio.run(ask(against, 2))
    assert config["hints"] is False and answer["code"] == "no_hints", answer
    people = server.create(slots=[None] * 4)  # a table of people only: off by default
    answer, config = asyncio.run(ask(people, 4))
    assert config["hints"] is False and answer["type"] == "error" and answer["code"] == "no_hints", answer
    assert "hints are off" in answer["message"]
    turned_off = server.create(slots=[None, "greedy", "greedy", "greedy"], hints=False)
    answer, config = asyncio.run(ask(turned_off, 1))
    assert config["hints"] is False and answer["code"] == "no_hints", answer
    turned_on = server.create(slots=[None] * 4, hints=True)
    answer, config = asyncio.run(ask(turned_on, 4))
    assert config["hints"] is True and answer["type"] == "hint", answer
    status, body = post(server, {"hints": "yes"})
    assert status == 400 and "hints" in body["message"], body


async def first_to_decide(clients: list[GameClient], timeout: float = 20.0) -> GameClient:
    """The first client with a decision to make (read until one has)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await drain(clients, 0.3)
        for c in clients:
            if c.state is not None and c.state.get("mine") and c.state["mine"]["legal"]:
                return c
    raise TimeoutError("nobody had a decision")


WIDE = "W" * 24
"""The longest name a player may take, of the widest Latin letter: one word with no place to break."""
RTL = "\u05e9\u05dc\u05d5\u05dd 12"
"""A name written right to left that ends in digits: outside an isolate it takes the text after it
(the next seat's name in a list) into its own direction and reorders it."""


def test_a_long_or_right_to_left_name_stays_in_its_own_seat(server: Server, browser: Any) -> None:
    """A name of 24 W (or of 24 wide letters such as U+FDFD) has nowhere to break: at phone width it
    ran out of its seat's box over the seat beside it, on every player's screen. A name written
    right to left ending in digits reordered the text beside it. Every name is now its own
    direction isolate (``<bdi>``), and in a seat's box it is cut with an ellipsis at the box's edge."""
    tid = server.create(slots=["greedy"] * 4, names=[WIDE, RTL, "", "Ann"], hands=1, bot_delay=0.5)
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(server.base + f"/t/{tid}?watch=1")
    wait_true(page, "document.querySelectorAll('.seat .who b').length === 4")
    boxes = page.evaluate(
        """() => Array.from(document.querySelectorAll('.seat')).map((s) => {
            const seat = s.getBoundingClientRect(), name = s.querySelector('.who b').getBoundingClientRect();
            return [s.querySelector('.who b').textContent, seat.left, seat.right, name.left, name.right]; })"""
    )
    for text, left, right, name_left, name_right in boxes:
        assert left - 0.5 <= name_left and name_right <= right + 0.5, (text, left, right, name_left, name_right)
    isolated = page.evaluate("Array.from(document.querySelectorAll('.seat .who bdi')).map((b) => b.textContent)")
    assert sorted(isolated) == sorted([WIDE, RTL, "Bot 3 (greedy)", "Ann"]), isolated


def test_one_network_cannot_take_every_spectators_place(make_server: MakeServer) -> None:
    """One address may watch a table from 8 connections, and a table takes 32 spectators: four
    IPv4 addresses (a rented server holding a few) took every place, and one IPv6 /48 (8
    addresses' worth, 64) did it alone, so nobody else could watch. One address block (an IPv4
    /24, an IPv6 /48) may now hold a quarter of a table's places (8 of 32); other networks still
    watch (docs/server.md, threat model)."""
    server = make_server(None, "--trusted-proxy", "127.0.0.1")
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=60)

    async def watch(forwarded: str) -> tuple[Any, dict[str, Any]]:
        ws = await connect(server.ws_url, additional_headers={"X-Forwarded-For": forwarded})
        await ws.send(json.dumps({"v": 1, "type": "watch", "table": tid}))
        return ws, json.loads(await asyncio.wait_for(ws.recv(), 5))

    async def go() -> None:
        held = []
        try:
            for block in ("203.0.113.", "2001:db8:7:"):
                answers = []
                for n in range(1, 5):  # four addresses of the block, 8 connections each
                    for _ in range(8):
                        held.append(await watch(f"{block}{n}::1" if ":" in block else f"{block}{n}"))
                        answers.append(held[-1][1])
                assert [a["type"] for a in answers[:8]] == ["welcome"] * 8, answers
                refused = answers[8:]
                assert all(a["type"] == "error" and a["code"] == "spectators_full" for a in refused), refused
                where = "the IPv4 /24" if ":" not in block else "the IPv6 /48"
                assert all(f"watched from 8 connections of your network ({where} holding your address)" in a["message"] for a in refused)
                assert all(a.get("scope") == (None if ":" not in block else "network") for a in refused), refused
            others = [await watch(f"198.51.{n}.2") for n in range(100, 102)] + [await watch("2001:db8:8::1")]
            held += others
            assert [a["type"] for _, a in others] == ["welcome"] * 3, others
        finally:
            for ws, _ in held:
                await ws.close()

    asyncio.run(go())


def test_one_address_cannot_take_every_spectators_place(make_server: MakeServer) -> None:
    """A table takes ``--spectators`` watchers (32), and one address may hold 64 connections: a
    stranger watching a listed table 32 times left no place to watch it for anyone else (the
    players' friends got ``spectators_full``), and 64 sockets did it to two tables at once. One
    address may watch one table from 8 connections at most (a LAN party watching one table
    stays below it); others still watch."""
    server = make_server(None, "--trusted-proxy", "127.0.0.1")
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=60)

    async def watch(forwarded: str) -> tuple[Any, str]:
        ws = await connect(server.ws_url, additional_headers={"X-Forwarded-For": forwarded})
        await ws.send(json.dumps({"v": 1, "type": "watch", "table": tid}))
        msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
        return ws, msg["type"] if msg["type"] == "welcome" else f"{msg['code']}: {msg['message']}"

    async def go() -> None:
        held = []
        try:
            for _ in range(10):
                held.append(await watch("203.0.113.7"))
            answers = [a for _, a in held]
            assert answers[:8] == ["welcome"] * 8, answers
            assert all(a.startswith("spectators_full") and "your address" in a for a in answers[8:]), answers
            other = await watch("198.51.100.2")
            held.append(other)
            assert other[1] == "welcome"
        finally:
            for ws, _ in held:
                await ws.close()

    asyncio.run(go())


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_acting_for_another_seat_or_with_tiles_not_held_is_refused_and_the_hand_finishes(server: Server, rules: str) -> None:
    """A seated player acts for the seat on turn (its ``slot``, ``seat`` and token written into the
    message), discards, kongs and claims tiles it does not hold, claims after the window closed,
    replays an applied action, and the player on turn reconnects in mid-decision and answers with
    the frame it saw before: each is refused with its own error to that client only (or, for the
    reconnect, applied once), the frames of the others do not move, and the hand then finishes."""
    tid = server.create(slots=[None] * 4, hands=1, rules=rules, claim_window=0.05, timer=60, teaching=False)

    async def refused(c: GameClient, **msg: Any) -> dict[str, Any]:
        await c.send(type="action", **msg)
        return await c.wait(lambda m: m["type"] in ("error", "ack"))

    async def go() -> None:
        clients = [server.client() for _ in range(4)]
        for c in clients:
            await c.open()
        for i, c in enumerate(clients):
            await c.join(tid, i, f"p{i}")
        mover = await first_to_decide(clients)
        others = [c for c in clients if c is not mover]
        st = mover.state
        assert st is not None and mover.token is not None
        held = {t.split(":")[0] for t in st["mine"]["concealed"]}
        absent = next(k for k in ("1m", "9p", "5s", "7z", "1z", "3p", "8m") if k not in held)
        seq = st["seq"]
        mine = mover.state and mover.state["mine"]["concealed"]
        # someone else writes the mover's slot, seat and token into an action: it is theirs, not the mover's
        forged = await refused(others[0], cseq=1, at=seq, action=f"discard {next(iter(held))}", slot=mover.slot, seat=st["you"], token=mover.token)
        assert forged["code"] == "out_of_turn", forged
        for action, word in ((f"discard {absent}", "holds no"), (f"concealed kong {absent}", "four"), (f"added kong {absent}", "pung"), ("pung", "no discard"), ("chow 345m", "no discard"), ("kong 5p", "no discard")):
            answer = await refused(mover, cseq=mover.cseq + 1, at=seq, action=action)
            assert answer["code"] == "illegal" and word in answer["message"], (action, answer)
        await drain(clients, 0.2)  # nothing moved, and only the senders were told
        assert all(c.state is not None and c.state["seq"] == seq for c in clients)
        assert [len(c.errors) for c in others] == [1, 0, 0] and len(mover.errors) == 6
        # the mover reconnects in mid-decision and answers with the frame it saw before
        await mover.close()
        again = server.client()
        await again.open()
        back = await again.resume(tid, mover.token)
        assert back["mine"]["concealed"] == mine and back["mine"]["legal"] == st["mine"]["legal"]
        discard = next(a for a in st["mine"]["legal"] if a.startswith("discard"))
        ack = await refused(again, cseq=7, at=seq, action=discard)
        assert ack["type"] == "ack", ack
        assert (await refused(again, cseq=7, at=seq, action=discard))["code"] == "duplicate"
        again.cseq = 7
        clients[clients.index(mover)] = again
        # after the window: every seat that is not on turn claims the discard; each is out of turn
        await drain(clients, 0.3)
        for c in clients:
            if c.state is not None and not c.state["mine"]["legal"]:
                late = await refused(c, cseq=c.cseq + 100, at=c.state["seq"], action="pung")
                assert late["code"] == "out_of_turn", late
        rng = random.Random(7)
        await play(clients, lambda cs: bool(cs[0].state and cs[0].state.get("reveal")), lambda i, legal: choose(legal, rng), 120)
        for c in clients:
            await c.close()

    asyncio.run(go())


def test_an_abandoned_tables_log_and_view_keep_its_hands_and_wall_hidden(make_server: MakeServer) -> None:
    """Everyone leaves in mid-hand and the table is saved as abandoned: its log export is still
    ``409 not_over`` (the log holds every wall and hand), and a spectator of it sees no hand."""
    server = make_server(None, "--abandon-after", "1")
    tid, _ = abandoned_in_mid_hand(server)
    try:
        urllib.request.urlopen(server.base + f"/api/tables/{tid}/log", timeout=5)
        raise AssertionError("the log of an abandoned hand was exported")
    except urllib.error.HTTPError as e:
        assert e.code == 409 and json.loads(e.read())["error"] == "not_over"

    async def watch() -> dict[str, Any]:
        async with server.client() as w:
            return await w.watch(tid)

    st = asyncio.run(watch())
    assert st["reveal"] is None and st["mine"] is None and st["hand"]["phase"] != "over"
    public = public_tiles(st)
    last = (st["hand"].get("last_discard") or {}).get("tile")
    assert tiles_in(st) <= public | ({last} if last else set()), tiles_in(st) - public


def test_a_spectator_of_an_abandoned_table_follows_it_when_a_player_brings_it_back(make_server: MakeServer) -> None:
    """A spectator of an abandoned table watched a copy read from the database; when a player came
    back and the table played on, the spectator's view stayed frozen (nothing told it to look
    again). The spectators of that copy now follow the table brought back to play."""
    server = make_server(None, "--abandon-after", "1")
    tid, token = abandoned_in_mid_hand(server)

    async def come_back() -> None:
        async with server.client() as w, GameClient(server.ws_url) as player:
            st = await w.watch(tid)
            assert not st["players"][0]["connected"]
            await player.resume(tid, token)
            await w.wait(lambda m: m["type"] == "state" and m["players"][0]["connected"], 5)
            assert server.get(f"/api/tables/{tid}")["live"]

    asyncio.run(come_back())


def test_a_spectator_of_an_abandoned_table_follows_it_back_even_after_a_stranger_filled_the_cache(make_server: MakeServer) -> None:
    """Issue 9: the spectators of an abandoned table watch its copy read from the database, kept
    among the 32 finished and abandoned tables the server caches, and follow the table when a
    player brings it back. A stranger who looked up 32 other past tables pushed that copy out of
    the cache: its spectators stayed on a copy nobody would update, and when the player came
    back their view stayed frozen on "abandoned". A copy someone watches now stays cached."""
    many = ("--create-rate", "1000", "--tables-per-address", "1000", "--unattended-per-address", "1000", "--replay-rate", "1000")
    server = make_server(None, "--abandon-after", "1", *many)
    tid, token = abandoned_in_mid_hand(server)
    # 32 other past tables (created, never joined: abandoned within seconds)
    others = [post(server, {"slots": [None, "greedy", "greedy", "greedy"]})[1]["id"] for _ in range(32)]
    deadline = time.monotonic() + 60
    while any(t["id"] in others for t in server.get("/api/tables")["tables"]):
        assert time.monotonic() < deadline, "never abandoned"
        time.sleep(0.3)

    async def come_back() -> None:
        async with server.client() as w, GameClient(server.ws_url) as player:
            st = await w.watch(tid)
            assert st["status"] == "abandoned" and not st["players"][0]["connected"]
            for other in others:  # the stranger's lookups: each replays a past table into the cache
                assert await asyncio.to_thread(server.get, f"/api/tables/{other}")
            await player.resume(tid, token)
            await w.wait(lambda m: m["type"] == "state" and m["players"][0]["connected"], 10)
            assert server.get(f"/api/tables/{tid}")["live"]

    asyncio.run(come_back())


def test_a_taken_seat_or_a_wrong_token_at_an_abandoned_table_costs_about_what_a_ping_does(make_server: MakeServer) -> None:
    """An abandoned table already replayed is kept in memory, but a ``join`` of its taken seat, a
    ``resume`` with a wrong token (neither brings it back to play) asked the database for its
    status in a worker thread every time, uncounted by ``--replay-rate`` and refused, so the socket
    could ask again at once: 0.37 ms of server CPU each against 0.05 ms for a ping, and one
    address's 64 sockets at the 50 messages a second each may send used more than a core. Such a
    lookup is now answered from memory (only this process changes the table's status; a table
    brought back leaves the cache): 1,200 of each cost about what 1,200 pings do. A player's
    ``resume`` still brings the table back."""
    server = make_server(None, "--abandon-after", "1")
    tid, token = abandoned_in_mid_hand(server)

    async def cached() -> None:  # a spectator: the table is replayed and kept in memory
        async with server.client() as spectator:
            assert (await spectator.watch(tid))["status"] == "abandoned"

    async def player_back() -> str:
        async with server.client() as player:
            return str((await player.resume(tid, token))["status"])

    asyncio.run(cached())
    pings = asyncio.run(cpu_of_answers(server, {"type": "ping"}, "pong"))
    joins = asyncio.run(cpu_of_answers(server, {"type": "join", "table": tid, "slot": 0}, "seat_taken"))
    resumes = asyncio.run(cpu_of_answers(server, {"type": "resume", "table": tid, "token": "x" * 32}, "bad_token"))
    assert joins < 3 * pings + 0.05 and resumes < 3 * pings + 0.05, (joins, resumes, pings)
    assert not is_live(server, tid)
    assert asyncio.run(player_back()) == "playing"  # its player still brings it back
    assert is_live(server, tid)


def test_a_free_seats_join_past_the_tables_an_address_may_hold_costs_about_what_a_ping_does(make_server: MakeServer) -> None:
    """A ``join`` of a free seat at an abandoned table brings it back to play, unless the sender's
    address already holds ``--tables-per-address`` tables in play: then it is refused
    (``rate_limited``, ``limit: "tables"``) and the socket may ask again at once. Each refusal of
    a table already replayed asked the database for its status first, uncounted: 0.37 ms of
    server CPU against 0.05 ms for a ping. It is now refused from memory; once the address's own
    table has gone, the same ``join`` brings the table back."""
    server = make_server(None, "--abandon-after", "1", "--tables-per-address", "1")
    status, answer = post(server, {"slots": [None, "greedy", "greedy", "greedy"]})  # nobody sits: abandoned
    assert status == 201, answer
    tid = answer["id"]
    deadline = time.monotonic() + 20
    while is_live(server, tid):
        assert time.monotonic() < deadline, "never abandoned"
        time.sleep(0.3)

    async def refused_then_back() -> tuple[float, float, str]:
        async with server.client() as spectator:  # the table is replayed and kept in memory
            assert (await spectator.watch(tid))["status"] == "abandoned"
        status, own = post(server, {"slots": [None, "greedy", "greedy", "greedy"], "sit": 0, "timer": None})
        assert status == 201, own
        async with server.client() as keeper:  # the address's one table in play, attended
            await keeper.resume(own["id"], own["token"])
            pings = await cpu_of_answers(server, {"type": "ping"}, "pong")
            joins = await cpu_of_answers(server, {"type": "join", "table": tid, "slot": 0}, "rate_limited")
        deadline = time.monotonic() + 20
        while is_live(server, own["id"]):  # its player gone, it is abandoned
            assert time.monotonic() < deadline, "never abandoned"
            await asyncio.sleep(0.3)
        async with server.client() as c:
            await c.join(tid, 0, "Ann")
            return pings, joins, str(c.state and c.state["status"])

    pings, joins, status_back = asyncio.run(refused_then_back())
    assert joins < 3 * pings + 0.05, (joins, pings)
    assert status_back == "playing" and is_live(server, tid)


async def cpu_of_answers(server: Server, message: dict[str, Any], answer: str) -> float:
    """Ten sockets sending ``message`` 120 times each, at 40 a second, each answered ``answer`` (an
    error's code, else the answer's type): the server's CPU seconds meanwhile."""
    return await cpu_of_many(server, message, lambda said: (said.get("code") or said["type"]) == answer)


def abandoned_in_mid_hand(server: Server) -> tuple[str, str]:
    """A table whose only player started the match and left: saved as abandoned in mid-hand
    (``--abandon-after 1``); its id and the player's token."""
    status, answer = post(server, {"slots": [None, "greedy", "greedy", "greedy"], "sit": 0, "timer": None})
    assert status == 201
    tid, token = answer["id"], answer["token"]

    async def leave() -> None:
        async with GameClient(server.ws_url) as c:
            await c.resume(tid, token)
            await c.send(type="start")
            await c.wait(lambda m: m["type"] == "state" and bool(m["hand"]))

    asyncio.run(leave())
    deadline = time.monotonic() + 20
    while server.get(f"/api/tables/{tid}")["live"]:
        assert time.monotonic() < deadline, "never abandoned"
        time.sleep(0.3)
    return str(tid), str(token)


def test_a_refused_hint_says_when_the_next_one_is_allowed(make_server: MakeServer) -> None:
    """A ``hint`` past ``--hints-per-minute`` (bursts of 5 on a connection) is ``rate_limited``;
    the error now carries ``retry_after``, the whole seconds until the connection's budget earns
    its next hint: at 1 hint a minute, with the burst just spent, up to 60 s."""
    server = make_server(None, "--hints-per-minute", "1")
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"])

    async def go() -> list[dict[str, Any]]:
        c = server.client()
        await c.open()
        try:
            await c.join(tid, 0, "ann")
            answers = []
            for _ in range(6):
                await c.send(type="hint")
                answers.append(await c.wait(lambda m: m["type"] in ("hint", "error")))
            return answers
        finally:
            await c.close()

    answers = asyncio.run(go())
    assert all(a.get("code") != "rate_limited" for a in answers[:5]), answers
    refused = answers[5]
    assert refused["code"] == "rate_limited" and refused["limit"] == "hints" and refused["ref"] == "hint", refused
    assert isinstance(refused["retry_after"], int) and 1 <= refused["retry_after"] <= 60, refused
