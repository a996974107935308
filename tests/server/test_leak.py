"""Leak test: over 200+ random hands, every frame a seat receives holds only tiles it may see.

Four scripted clients play each table. Tiles travel as unique physical ids (``"5p:2"``); for
every frame we collect every id anywhere in it and check it against what that seat may know:
its own concealed tiles (as told to it) and public tiles (melds, bonus, ponds, the tile on
offer) seen so far in the hand. Frames of the four seats with the same ``seq`` must agree on
the public part, their hands must be disjoint, and hands + public + wall must make 144 tiles.
At each hand end the revealed wall must match the SHA-256 commitment published at its start,
and each seat's frame sequence numbers never skip (so nobody can count other seats' secret
claim answers).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections import defaultdict
from typing import Any

from hkmj.server.client import GameClient
from hkmj.server.testing import Server, choose, play, public_tiles, tiles_in

TABLES = 8
HANDS_PER_TABLE = 26  # 208 hands


def check_table(clients: list[GameClient]) -> int:
    by_seq: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    hands = 0
    for c in clients:
        legit: set[str] = set()
        current = None
        prev_seq = None
        for m in c.messages:
            if m["type"] != "state":
                continue
            # every public change reaches every seat: the sequence never skips, so nobody can
            # count the secret claim answers of the other seats
            assert prev_seq is None or 0 <= m["seq"] - prev_seq <= 1, (prev_seq, m["seq"])
            prev_seq = m["seq"]
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
        in_meld_offer = 1 if h["phase"] == "rob" else 0
        assert len(pub) - in_meld_offer + sum(len(o) for o in owns) + h["live"] + h["dead"] == 144 - in_meld_offer * 0
    return hands


def test_no_frame_leaks_a_hidden_tile_over_200_hands(server: Server) -> None:
    tids = [
        server.create(slots=[None, None, None, None], hands=HANDS_PER_TABLE, claim_window=0.0, next_delay=0)
        for _ in range(TABLES)
    ]

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
            timeout=240,
        )
        for c in clients:
            await c.close()
        return check_table(clients)

    async def go() -> int:
        return sum(await asyncio.gather(*(one(t, k) for k, t in enumerate(tids))))

    assert asyncio.run(go()) >= 200
