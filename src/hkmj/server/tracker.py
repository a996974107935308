"""The 144 physical tiles followed through one hand: what is public, what each seat holds.

The engine works with tile kinds; the server gives every physical tile a unique id so that
clients (and the leak test) can tell copies apart. Id ``4 * kind + copy`` for the 136 playing
tiles (``copy`` 0..3), ``136 + n`` for the eight bonus tiles; on the wire a tile is the string
``"<kind>:<copy>"`` such as ``"5p:2"`` or ``"3f:0"``. Copies are dealt to wall positions by a
seeded shuffle independent of the positions, so an id says nothing about where a tile lay.

A :class:`Tracker` replays the engine's events (the same events the engine appends) and moves
ids between the live wall, the dead wall, hands, melds, bonus rows and ponds exactly as the
engine moves kinds. The server builds every frame from a tracker, so a frame can only carry
what the tracker's public fields and the addressed seat's own hand hold.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from hkmj.engine.wall import LIVE_START, dead_wall_order, deal_positions, draw_order
from hkmj.record import mahjong_claims
from hkmj.tiles import N_KINDS, N_TILE_IDS, Tile, parse_tiles, tile_str

__all__ = ["PRIVATE", "Tracker", "commitment", "physical_wall", "pid_kind", "pid_str"]

PRIVATE = frozenset({"answer", "mahjong_refused"})
"""Engine events told to their seat only that change nothing on the table: a claim answer, and a
false Mahjong a teaching table refused (HK-5.7). They open no new decision (a refusal restarted
the declarer's timer, and those of the seats deciding a claim with it), complete no added kong
and send the other seats no frame."""

_TS = tuple(tile_str(t) for t in range(N_TILE_IDS))
_KIND = {s: i for i, s in enumerate(_TS)}


def pid_kind(p: int) -> Tile:
    """The tile kind of a physical id."""
    return p >> 2 if p < 136 else p - 102


def _wire(p: int) -> str:
    return f"{_TS[pid_kind(p)]}:{p & 3 if p < 136 else 0}"


_WIRE = tuple(_wire(p) for p in range(144))


def pid_str(p: int) -> str:
    """Wire form of a physical id: ``"5p:2"``."""
    return _WIRE[p]


def physical_wall(wall: Sequence[Tile], rng: random.Random) -> list[int]:
    """Give each tile of an engine wall (kinds) a physical id; copies are shuffled per kind."""
    copies = [rng.sample(range(4), 4) for _ in range(N_KINDS)]
    out: list[int] = []
    for t in wall:
        out.append(4 * t + copies[t].pop() if t < N_KINDS else 136 + t - N_KINDS)
    return out


def commitment(salt: str, wall: Sequence[int]) -> str:
    """SHA-256 hex of ``salt + ":" + the 144 wire ids of the physical wall joined by spaces``."""
    text = salt + ":" + " ".join(pid_str(p) for p in wall)
    return hashlib.sha256(text.encode()).hexdigest()


Summary = dict[str, Any]


class Tracker:
    """Physical tiles of one hand, moved by the engine's events (see the module docstring)."""

    def __init__(
        self, wall: Sequence[int], dice: Sequence[int], dead_wall: bool = True, rng: random.Random | None = None
    ) -> None:
        self.wall = list(wall)
        self.rng = rng if rng is not None else random.Random(0)
        """Picks which held copy of a kind leaves a hand (seeded from the hand's secret seed, so a
        replay picks the same copies): the copy shown says nothing about the copies kept."""
        order = draw_order(self.wall, sum(dice))
        self.has_dead = dead_wall
        """False for rulesets without a dead wall (MCR): replacements come from the end of the wall."""
        self.live = order[:LIVE_START] if dead_wall else order
        self.head = 0
        self.tail = len(self.live)
        self.dead = [order[i] for i in dead_wall_order()] if dead_wall else []
        self.front = 0
        self.hands: list[list[int]] = [[], [], [], []]
        self.melds: list[list[tuple[str, list[int]]]] = [[], [], [], []]
        self.bonus: list[list[int]] = [[], [], [], []]
        self.ponds: list[list[int]] = [[], [], [], []]
        self.drawn: int | None = None
        """The id the seat on turn just drew or took as a replacement (None after a claim)."""
        self.phase = "deal"
        self.turn = 0
        self.offered: int | None = None
        self.offer_from: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.window = 0
        """Counts every processed event but the private ones (:data:`PRIVATE`): a decision belongs to one window."""
        self.result: dict[str, Any] | None = None
        self._east_last: int | None = None
        self.end: list[Summary] = []
        """Public end-of-hand events (win, false Mahjong, draw), with the full hand shown."""
        self._rob_open = False
        self._rob_seat = 0
        self._rob_tile = 0
        self.mahjong_claims: list[int] = []
        """The seats that claimed Mahjong on the tile that ended the hand, when more than one did, in
        the order they were judged: play order after the discarder, the first decides (HK-4.7, R-6,
        MCR-4.2, CL-3.3, CL-7.7). Told only in the end-of-hand reveal, where the record shows them too."""

    def dealt(self) -> None:
        """The deal is over (its events were fed): East plays first with its last tile as drawn."""
        self.phase, self.turn = "turn", 0
        self.drawn = self._east_last

    # ------------------------------------------------------------------ moves

    def _take(self, seat: int, kind: Tile) -> int:
        """Remove one held copy of ``kind`` from the seat's hand, chosen at random among its copies."""
        hand = self.hands[seat]
        held = sorted(p for p in hand if pid_kind(p) == kind)
        if not held:
            raise AssertionError(f"seat {seat} holds no {_TS[kind]}")
        p = held[self.rng.randrange(len(held))] if len(held) > 1 else held[0]
        hand.remove(p)
        return p

    def _live_count(self) -> int:
        return self.tail - self.head

    def feed(self, ev: dict[str, Any]) -> tuple[Summary | None, dict[int, Summary]]:
        """Apply one engine event; return its public summary (or None) and private ones by seat."""
        t = ev["type"]
        if t not in PRIVATE:
            self.window += 1
            if self._rob_open and t != "claim":  # an added kong nobody could rob: complete it now
                self._rob_open = False
                self.offered = self.offer_from = None
                self._complete_added(self._rob_seat, self._rob_tile)
        if t == "deal":
            pos = deal_positions()
            for s in range(4):
                ids = [self.live[p] for p in pos[s]]
                assert [pid_kind(p) for p in ids] == [_KIND[x] for x in ev["hands"][s]]
                self.hands[s] = ids
            self.head = pos[3][-1] + 1
            self._east_last = next((p for p in reversed(self.hands[0]) if p < 136), None)
            return {"type": "deal"}, {}
        if t == "bonus":
            s = ev["seat"]
            p = 136 + _KIND[ev["tile"]] - N_KINDS
            self.hands[s].remove(p)
            self.bonus[s].append(p)
            if self.drawn == p:
                self.drawn = None
            return {"type": "bonus", "seat": s, "tile": pid_str(p)}, {}
        if t == "draw":
            s = ev["seat"]
            p = self.live[self.head]
            self.head += 1
            assert pid_kind(p) == _KIND[ev["tile"]]
            self.hands[s].append(p)
            self.drawn = p
            self.phase, self.turn = "turn", s
            self.offered = self.offer_from = None
            return {"type": "draw", "seat": s}, {s: {"type": "draw", "seat": s, "tile": pid_str(p)}}
        if t == "replacement":
            s = ev["seat"]
            if self.has_dead:
                p = self.dead[self.front]
                self.front += 1
                if self.head < self.tail:
                    self.tail -= 1
                    self.dead.append(self.live[self.tail])
            else:
                self.tail -= 1
                p = self.live[self.tail]
            assert pid_kind(p) == _KIND[ev["tile"]]
            self.hands[s].append(p)
            if self.phase == "deal":
                if s == 0 and p < 136:
                    self._east_last = p
            else:
                self.drawn = p
                self.phase, self.turn = "turn", s
            return {"type": "replacement", "seat": s}, {s: {"type": "replacement", "seat": s, "tile": pid_str(p)}}
        if t == "discard":
            s = ev["seat"]
            p = self._take(s, _KIND[ev["tile"]])
            self.ponds[s].append(p)
            self.drawn = None
            self.offered, self.offer_from = p, s
            self.last_discard = (p, s)
            self.phase, self.turn = "claim", s
            return {"type": "discard", "seat": s, "tile": pid_str(p)}, {}
        if t == "answer":
            s = ev["seat"]
            return None, {s: {"type": "answer", "seat": s, "action": ev["action"]}}
        if t == "claim":
            return self._claim(ev)
        if t == "kong":
            return self._kong(ev)
        if t == "mahjong_refused":
            s = ev["seat"]
            return None, {s: {"type": "mahjong_refused", "seat": s, "reason": ev["reason"]}}
        if t == "false_mahjong" and ev.get("dead_hand"):  # the hand goes on (MCR): tell everyone, show no tiles
            pub = {"type": "false_mahjong", "seat": ev["seat"], "dead_hand": True, "payments": ev["payments"]}
            return pub, {ev["seat"]: dict(pub)}  # the declarer's own copy gets the reason (Table._feed)
        if t in ("win", "false_mahjong", "exhaustive_draw", "declare"):
            if t == "declare":
                return {"type": "declare", "seat": ev["seat"]}, {}
            self.end.append(ev)
            return None, {}
        if t == "hand_end":
            self.phase = "over"
            self.offered = self.offer_from = None
            self.drawn = None
            self.result = ev
            return {"type": "hand_end", "result": ev["result"], "seat": ev["seat"], "from": ev["from"]}, {}
        return None, {}

    def _claim(self, ev: dict[str, Any]) -> tuple[Summary | None, dict[int, Summary]]:
        s, d = ev["seat"], ev["from"]
        if ev["claim"] == "mahjong":
            claims = mahjong_claims(ev)
            self.mahjong_claims = claims if len(claims) > 1 else []
        p = self.offered
        assert p is not None
        self.offered = self.offer_from = None
        if ev["on"] == "added_kong":
            if s is None:
                self._complete_added(d, p)
                return None, {}
            self.hands[s].append(p)
            return {"type": "claim", "seat": s, "from": d, "claim": "mahjong", "tiles": [pid_str(p)]}, {}
        if s is None:
            return None, {}
        assert self.ponds[d][-1] == p
        self.ponds[d].pop()
        self.last_discard = None
        claim = ev["claim"]
        if claim == "mahjong":
            self.hands[s].append(p)
            return {"type": "claim", "seat": s, "from": d, "claim": "mahjong", "tiles": [pid_str(p)]}, {}
        kinds = parse_tiles(ev["tiles"])
        k = pid_kind(p)
        rest = list(kinds)
        rest.remove(k)
        ids = [p] + [self._take(s, x) for x in rest]
        ids.sort()
        self.melds[s].append(("chow" if claim == "chow" else claim, ids))
        self.phase, self.turn = "turn", s
        self.drawn = None
        return {"type": "claim", "seat": s, "from": d, "claim": claim, "tiles": [pid_str(x) for x in ids]}, {}

    def _complete_added(self, seat: int, p: int) -> None:
        k = pid_kind(p)
        for i, (kind, ids) in enumerate(self.melds[seat]):
            if kind == "pung" and pid_kind(ids[0]) == k:
                self.melds[seat][i] = ("kong", sorted([*ids, p]))
                return
        raise AssertionError("added kong without its pung")

    def _kong(self, ev: dict[str, Any]) -> tuple[Summary | None, dict[int, Summary]]:
        s = ev["seat"]
        k = _KIND[ev["tile"]]
        if ev["action"].startswith("concealed"):
            ids = sorted(self._take(s, k) for _ in range(4))
            self.melds[s].append(("ckong", ids))
            self.drawn = None
            return {"type": "kong", "seat": s, "how": "concealed", "tiles": [pid_str(x) for x in ids]}, {}
        p = self._take(s, k)
        self.drawn = None
        # the rob phase is shown whether or not anyone can rob: it must not tell who waits on the tile
        self.phase = "rob"
        self.offered, self.offer_from = p, s
        if not any(o is not None for o in ev.get("offers", ())):
            self._rob_open, self._rob_seat, self._rob_tile = True, s, p
        return {"type": "kong", "seat": s, "how": "added", "tiles": [pid_str(p)]}, {}

    # ------------------------------------------------------------------ views

    def public(self) -> dict[str, Any]:
        """Everything every seat (and every spectator) may see."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "live": self._live_count(),
            "dead": len(self.dead) - self.front,
            "melds": [[{"kind": k, "tiles": [_WIRE[x] for x in ids]} for k, ids in ms] for ms in self.melds],
            "bonus": [[_WIRE[x] for x in b] for b in self.bonus],
            "discards": [[_WIRE[x] for x in pond] for pond in self.ponds],
            "concealed_counts": [len(h) for h in self.hands],
            "offered": None if self.offered is None else pid_str(self.offered),
            "offer_from": self.offer_from,
            "last_discard": None
            if self.last_discard is None
            else {"tile": pid_str(self.last_discard[0]), "seat": self.last_discard[1]},
        }

    def own(self, seat: int) -> dict[str, Any]:
        """What only ``seat`` may see: its concealed tiles and the tile it just drew."""
        drawn = self.drawn if self.phase == "turn" and self.turn == seat and self.drawn in self.hands[seat] else None
        return {
            "concealed": [pid_str(x) for x in sorted(self.hands[seat])],
            "drawn": None if drawn is None else pid_str(drawn),
        }

    def reveal(self) -> dict[str, Any]:
        """The end-of-hand reveal: every hand and the whole physical wall (checks the commitment)."""
        return {
            "concealed": [[pid_str(x) for x in sorted(h)] for h in self.hands],
            "wall": [pid_str(x) for x in self.wall],
            "live": [pid_str(x) for x in self.live[self.head : self.tail]],
            "dead": [pid_str(x) for x in self.dead[self.front :]],
        }
