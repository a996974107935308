"""Leak test: over 200+ random hands, every frame a seat receives holds only tiles it may see.

Four scripted clients play each table. Tiles travel as unique physical ids (``"5p:2"``); for
every frame we collect every id anywhere in it and check it against what that seat may know:
its own concealed tiles (as told to it) and public tiles (melds, bonus, ponds, the tile on
offer) seen so far in the hand. Frames of the four seats with the same ``seq`` must agree on
the public part, their hands must be disjoint, and hands + public + wall must make 144 tiles.
At each hand end the revealed wall must match the SHA-256 commitment published at its start.

Channels that would tell a seat who was offered a claim (issue 9), each checked on every frame:
the sequence number advances by exactly the public events a frame carries (so it cannot count
secret claim answers); nothing public follows a discard or added kong in the same frame (the
frame boundaries are the same whether or not a seat was asked); an added kong always shows the
``rob`` phase. And a discard from hand picks among the seat's copies of that tile at random, so
the copy shown says nothing about the copies kept (checked against the expected frequency).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import math
import random
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from typing import Any

import pytest

from hkmj.bots import GreedyBot
from hkmj.engine import Hand, Phase
from hkmj.server.client import GameClient
from hkmj.server.protocol import TableConfig
from hkmj.server.table import Table
from hkmj.server.testing import Server, choose, play, public_tiles, tiles_in
from hkmj.tiles import N_KINDS

TABLES = 8
HANDS_PER_TABLE = 26  # 208 hands
PRIVATE = ("answer", "mahjong_refused")


def _kind(tile_id: str) -> str:
    return tile_id.split(":")[0]


def check_table(clients: list[GameClient], copies: list[tuple[bool, float]]) -> int:
    """Check every frame of one table; append (lowest copy discarded?, its chance) to ``copies``."""
    by_seq: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    hands = 0
    for c in clients:
        legit: set[str] = set()
        current = None
        prev_seq = None
        held: list[str] = []
        for m in c.messages:
            if m["type"] != "state":
                continue
            public = [e for e in m["events"] if e["type"] not in PRIVATE]
            # the sequence counts public events: a seat's own secret answers leave it unchanged,
            # and nobody can count the secret claim answers of the other seats
            assert prev_seq is None or m["seq"] - prev_seq == len(public), (prev_seq, m["seq"], m["events"])
            prev_seq = m["seq"]
            # a claim window ends a frame: what follows a discard or added kong comes later
            for i, e in enumerate(public):
                if e["type"] == "discard" or (e["type"] == "kong" and e.get("how") == "added"):
                    assert i == len(public) - 1, f"seat {m['you']} got {public[i + 1]['type']} with the window opener"
                    if e["type"] == "kong" and m.get("hand") and not m.get("reveal"):
                        assert m["hand"]["phase"] == "rob", "an added kong nobody can rob must look the same"
                if e["type"] == "discard" and e["seat"] == m["you"] and held:
                    same = sorted(x for x in held if _kind(x) == _kind(e["tile"]))
                    if len(same) >= 2:
                        copies.append((e["tile"] == same[0], 1 / len(same)))
            if m.get("mine"):
                held = list(m["mine"]["concealed"])
            if not m.get("hand"):
                continue
            h = m["hand"]
            if h["number"] != current:
                current, legit = h["number"], set()
            if m.get("reveal"):
                r = m["reveal"]
                text = r["salt"] + ":" + " ".join(r["wall"])
                assert hashlib.sha256(text.encode()).hexdigest() == h["commitment"]
                if c is clients[0]:
                    hands += 1
                continue
            mine = m["mine"]
            own = set(mine["concealed"])
            assert len(own) == len(mine["concealed"]) == h["concealed_counts"][m["you"]]
            if mine["drawn"]:
                assert mine["drawn"] in own
            pub = public_tiles(m)
            legit |= own | pub
            seen = tiles_in({k: v for k, v in m.items() if k != "_t"})
            leaked = seen - legit
            assert not leaked, f"seat {m['you']} saw {sorted(leaked)} at seq {m['seq']}"
            by_seq[m["seq"]][m["you"]] = m
    for seq, frames in by_seq.items():
        if len(frames) < 4:
            continue
        pubs = {tuple(sorted(public_tiles(f))) for f in frames.values()}
        assert len(pubs) == 1, f"seats disagree on public tiles at seq {seq}"
        pub = set(next(iter(pubs)))
        owns = [set(f["mine"]["concealed"]) for f in frames.values()]
        assert sum(len(o) for o in owns) == len(set().union(*owns)), f"two hands share a tile at seq {seq}"
        assert not pub & set().union(*owns)
        h = next(iter(frames.values()))["hand"]
        total = len(pub) + sum(len(o) for o in owns) + h["live"] + h["dead"]  # an added kong on offer counts once
        assert total == 144, (seq, h["phase"], len(pub), sum(len(o) for o in owns), h["live"], h["dead"])
    return hands


def test_no_frame_leaks_a_hidden_tile_or_who_was_offered_a_claim_over_200_hands(server: Server) -> None:
    tids = [
        server.create(slots=[None, None, None, None], hands=HANDS_PER_TABLE, claim_window=0.0, next_delay=0)
        for _ in range(TABLES)
    ]

    copies: list[tuple[bool, float]] = []

    async def one(tid: str, k: int) -> int:
        clients = [server.client(record=True) for _ in range(4)]
        for c in clients:
            await c.open()
        for i, c in enumerate(clients):
            await c.join(tid, i, f"p{i}")
        rng = random.Random(k)
        await play(
            clients,
            lambda cs: all(c.state is not None and bool((c.state.get("match") or {}).get("over")) for c in cs),
            lambda i, legal: choose(legal, rng),
            timeout=900,
        )
        for c in clients:
            await c.close()
        return check_table(clients, copies)

    async def go() -> int:
        return sum(await asyncio.gather(*(one(t, k) for k, t in enumerate(tids))))

    assert asyncio.run(go()) >= 200
    # the copy discarded is the lowest of the seat's copies as often as chance says, no more
    lowest = sum(x for x, _ in copies)
    expected = sum(p for _, p in copies)
    sd = math.sqrt(sum(p * (1 - p) for _, p in copies))
    assert len(copies) > 300 and abs(lowest - expected) < 5 * sd, (len(copies), lowest, expected, sd)


def check_spectator(frames: list[dict[str, Any]]) -> int:
    """A spectator's frames hold public tiles only and never a ``mine``; the frames checked."""
    legit: set[str] = set()
    current = None
    checked = 0
    for m in frames:
        if m["type"] != "state":
            continue
        assert m.get("mine") is None and m["you"] is None
        h = m.get("hand")
        if not h or m.get("reveal"):
            continue
        if h["number"] != current:
            current, legit = h["number"], set()
        legit |= public_tiles(m)
        leaked = tiles_in({k: v for k, v in m.items() if k != "_t"}) - legit
        assert not leaked, f"the spectator saw {sorted(leaked)} at seq {m['seq']}"
        assert not any(e["type"] in PRIVATE or ("tile" in e and e["type"] in ("draw", "replacement")) for e in m["events"])
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("hk", {}),
        ("hk", {"minfan": "3", "limit": "8", "table": "half", "payment": "half-shooter", "base": "2"}),
        ("mcr", {}),
        ("classical", {}),
        ("classical", {"pay_highest": "on", "limit": "500"}),
    ],
)
def test_no_frame_hint_or_spectator_view_leaks_a_hidden_tile_under_every_ruleset(
    server: Server, rules: str, options: dict[str, str]
) -> None:
    """The leak test's checks (HK above) on every ruleset's tables, house options too (MCR has no
    dead wall, MCR-3), with a spectator (Hong Kong's too: the 200-hand test above has none), and
    hints asked on the way: a hint names only the asking seat's own tiles."""
    tid = server.create(slots=[None] * 4, hands=3, claim_window=0.0, next_delay=0, rules=rules, options=options, hints=True)
    config = server.get(f"/api/tables/{tid}")["table"]["config"]
    assert config["rules"] == rules and options.items() <= config["options"].items()

    async def go() -> tuple[int, int, list[tuple[dict[str, Any], dict[str, Any]]]]:
        clients = [server.client(record=True) for _ in range(4)]
        watcher = server.client(record=True)
        for c in (*clients, watcher):
            await c.open()
        for i, c in enumerate(clients):
            await c.join(tid, i, f"p{i}")
        await watcher.watch(tid)
        rng = random.Random(5)
        asked: list[asyncio.Task[None]] = []

        async def hint_then(c: GameClient, action: str) -> None:
            await c.send(type="hint")
            await c.act(action)

        def policy(i: int, legal: list[str]) -> str | None:
            if any(a.startswith("discard") for a in legal) and rng.random() < 0.15:  # ask first, then play
                asked.append(asyncio.create_task(hint_then(clients[i], choose(legal, rng))))
                return None
            return choose(legal, rng)

        await play(clients, lambda cs: all(bool(((c.state or {}).get("match") or {}).get("over")) for c in cs), policy, 300)
        with contextlib.suppress(TimeoutError):
            while True:
                await watcher.recv(0.5)
        for c in (*clients, watcher):
            await c.close()
        hints = []
        for c in clients:  # each hint with the seat's own frame just before it
            last: dict[str, Any] | None = None
            for m in c.messages:
                if m["type"] == "state":
                    last = m
                elif m["type"] == "hint" and last is not None:
                    hints.append((m, last))
        return check_table(clients, []), check_spectator(watcher.messages), hints

    hands, watched, hints = asyncio.run(go())
    assert hands >= 3 and watched > 20 and hints
    for hint, frame in hints:
        assert not tiles_in(hint)  # kinds only, never a physical tile
        words = hint["action"].split()
        if words[0] == "discard":  # the advisor's discard is one of the seat's own tiles
            assert words[1] in {x.split(":")[0] for x in frame["mine"]["concealed"]}, (hint, frame["mine"])


def test_hk_4_a_timeout_after_a_claim_discards_any_tile_of_the_hand_not_its_highest() -> None:
    """HK-3.2, HK-4: on a timeout the server plays for the seat: it discards the drawn tile, which
    says nothing of the hand. After a pung or chow there is no drawn tile, and the server
    discarded the last (highest) tile of the hand: everyone sees the timeout (the discard comes
    at the timer's end), so everyone knew the hand held no tile above it (a 7s: no 8s, 9s nor
    honour). Now every copy held is as likely: the discard shows one tile of the hand, nothing
    of the others."""
    hand = Hand.from_seed(12)
    players = [GreedyBot(s) for s in range(4)]
    while True:  # play until a seat claims a discard (its turn then has no drawn tile)
        assert not hand.over
        seat = hand.pending()[0]
        hand.apply(seat, players[seat].choose(hand.view(seat), hand.legal_actions(seat)))
        if hand.phase is Phase.TURN and hand.view(hand.pending()[0]).drawn is None and hand.n_discards > 0:
            break
    seat = hand.pending()[0]
    held = hand.view(seat).concealed
    t = Table("t", TableConfig(slots=[None] * 4), 7, None)
    t.hand = hand
    n = 600
    seen = Counter(t.auto_action(seat) for _ in range(n))
    kinds = [k for k in range(N_KINDS) if held[k]]
    assert {a.tile for a in seen} == set(kinds), (seen, kinds)  # any tile of the hand, not always the last
    total = sum(held)
    for a, got in seen.items():  # each copy alike: a kind as often as its copies say (5 sd)
        p = held[a.tile] / total
        assert abs(got - n * p) < 5 * math.sqrt(n * p * (1 - p)) + 1, (a, got, n * p)


def test_a_player_mid_hand_reads_no_hidden_tile_through_resume_the_table_lookup_the_log_or_their_review(server: Server) -> None:
    """HK-1, HK-2.2: a seated player in mid-hand, with their own seat token, tries every other way
    in: a second socket resuming the seat (its full frame, with the hand's recent moves), the
    table's ``GET /api/tables/{id}``, the log export and their own review (``POST`` with the real
    token). The resumed frame holds the seat's own tiles and public ones only, no reveal nor
    salt; the lookup no tile at all; the log and the review ``409 not_over`` (they hold every
    wall and hand), their bodies no tile.

    The walls are secret and fresh: a hand may end within the player's first moves (a bot's
    early win, or the player's own). The player then asks for the next hand and makes its moves
    there; the second socket resumes while the hand waits for the player's answer (no timer), so
    the hand is in play whatever the bots do."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=4, timer=None, claim_window=0.0)

    def decision_or_end(m: dict[str, Any]) -> bool:
        return m["type"] == "state" and (bool((m.get("mine") or {}).get("legal")) or bool(m.get("reveal")))

    async def go() -> tuple[dict[str, Any], str]:
        async with server.client() as me:
            token = await me.join(tid, 0, "Ann")
            rng = random.Random(2)
            moves, last, joined = 0, -1, me.state
            while True:  # a few moves into a hand: discards, claims, draws of every seat behind us
                st, joined = (joined, None) if joined is not None and decision_or_end(joined) else (await me.wait(decision_or_end, 30), None)
                assert not st["match"]["over"], "every hand ended within the player's first moves"
                if st["seq"] <= last:  # a frame again of a decision answered
                    continue
                if st.get("reveal"):  # the hand ended early: the next one at once, its moves counted anew
                    moves = 0
                    if not st["mine"]["ready"]:
                        await me.send(type="next")
                elif moves < 6:
                    moves, last = moves + 1, st["seq"]
                    await me.act(choose(st["mine"]["legal"], rng))
                else:  # the hand waits for this answer: resume now, in mid-hand
                    break
            async with server.client() as again:
                return await again.resume(tid, token), token

    frame, token = asyncio.run(go())
    assert frame["hand"] and frame["hand"]["phase"] != "over" and frame["reveal"] is None and frame["you"] is not None
    assert "salt" not in json.dumps(frame) and frame["events"], frame["events"]
    own = set(frame["mine"]["concealed"])
    assert len(own) == frame["hand"]["concealed_counts"][frame["you"]]
    assert tiles_in(frame) <= public_tiles(frame) | own, tiles_in(frame) - public_tiles(frame) - own
    assert not any("tile" in e and e["type"] in ("draw", "replacement") for e in frame["events"])  # nobody's draw, mine neither
    looked = server.get(f"/api/tables/{tid}")
    assert looked["live"] and not tiles_in(looked) and not {"salt", "wall", "seed"} & _keys(looked)
    for path, data in ((f"/api/tables/{tid}/log", None), (f"/t/{tid}/review", f"token={token}&lang=en".encode())):
        try:
            urllib.request.urlopen(urllib.request.Request(server.base + path, data=data), timeout=10)
            raise AssertionError(f"{path} answered in mid-match")
        except urllib.error.HTTPError as e:
            body = e.read().decode()
            assert e.code == 409 and json.loads(body)["error"] == "not_over" and not tiles_in(json.loads(body)), (path, body)


def _keys(obj: Any) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in _keys(v)}
    return set()
