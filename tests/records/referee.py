"""An independent referee of match records (docs/record-format.md), written from the documents
only: the record format, the rules (HK-2..HK-7, MCR-2/3, CL-4) and ``hkmj score``'s machine
interface. It imports nothing from hkmj: it re-reads every event, move by move, with its own
tile bookkeeping, and re-scores every win by running ``hkmj score`` in a subprocess.

``Referee().check(events)`` raises :class:`Foul` naming the event (1-based line) and what is
wrong: a field missing, of another type or not documented; a tile not conserved (144); a
draw or replacement not from the wall's order; a discard not held; a bonus tile kept in hand;
offers other than the seat's legal claims (HK-4, MCR-4.3); a claim against priority (HK-4.7);
flags the play does not give; penalties, payments, totals, rotation or the match's end off.
``rescore()`` then sends every win, and every seat whose hand a tile on offer completed, to
``hkmj score``: each win must score as recorded (and reach the minimum: house ``minfan``,
MCR-5.1), and Mahjong must have been offered exactly when the hand may win.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WINDS = "ESWN"
SUITS = "mps"
FULL_SET = Counter(
    [f"{n}{s}" for s in SUITS for n in range(1, 10) for _ in range(4)]
    + [f"{n}z" for n in range(1, 8) for _ in range(4)]
    + [f"{n}f" for n in range(1, 9)]
)
"""The 144 tiles of every ruleset here (HK-1, MCR-1, CL-1): 136 playing tiles and 8 bonus tiles."""
SEAT_TABLE = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 1, 0], [3, 2, 0, 1]]
"""MCR-2.3 and CL-4.5: the player (by first-hand seat A B C D) at each seat E S W N in round r."""


INT, STR, BOOL, LIST, DICT, NONE = "int", "str", "bool", "list", "dict", "null"
_COMMON_WIN = {"seat": INT, "win": STR, "tile": STR, "from": (INT, NONE), "prevailing": STR, "flags": LIST,
               "concealed": STR, "melds": LIST, "flowers": LIST, "seasons": LIST, "payments": LIST}
FIELDS: dict[str, dict[str, Any]] = {
    "match_start": {"rules": STR, "options": DICT, "seed": INT, "length": STR, "hands": (INT, NONE), "max_hands": (INT, NONE),
                    "teaching": BOOL, "ask_all": BOOL, "seat_draw": LIST},
    "hand_start": {"rules": STR, "options": DICT, "seed": (INT, NONE), "prevailing": STR, "scores": LIST, "teaching": BOOL,
                   "ask_all": BOOL, "dice": LIST, "break": DICT, "wall": LIST, "live": LIST, "dead": LIST},
    "deal": {"hands": LIST, "live": INT, "dead": INT},
    "bonus": {"seat": INT, "tile": STR},
    "replacement": {"seat": INT, "tile": STR, "for": STR, "live": INT, "dead": INT},
    "draw": {"seat": INT, "tile": STR, "live": INT, "dead": INT},
    "discard": {"seat": INT, "action": STR, "tile": STR, "offers": LIST, "final": BOOL},
    "kong": {"seat": INT, "action": STR, "tile": STR},
    "answer": {"seat": INT, "action": STR},
    "claim": {"tile": STR, "from": INT, "on": STR, "answers": LIST, "seat": (INT, NONE), "claim": (STR, NONE), "tiles": (STR, NONE)},
    "win": _COMMON_WIN,
    "declare": {"seat": INT, "action": STR},
    "false_mahjong": {"seat": INT, "from": (INT, NONE), "tile": (STR, NONE), "concealed": STR, "melds": LIST, "reason": STR, "payments": LIST},
    "mahjong_refused": {"seat": INT, "action": STR, "reason": STR},
    "exhaustive_draw": {"seat": INT, "live": INT, "dead": INT},
    "hand_end": {"result": STR, "seat": (INT, NONE), "from": (INT, NONE), "payments": LIST, "scores": LIST, "dealer_keeps": BOOL},
    "totals": {"hand": INT, "totals": LIST, "dealer_keeps": BOOL, "next_dealer": INT, "next_prevailing": STR},
    "match_end": {"hands": INT, "totals": LIST, "ranking": LIST, "complete": BOOL},
}
"""Every event's documented fields and their JSON types (docs/record-format.md, "Events")."""
OPTIONAL: dict[str, dict[str, Any]] = {
    "match_start": {"play": DICT, "table": DICT},  # hkmj play's: what resuming the match needs; hkmj replay LOG --record's: who sat where
    "hand_start": {"hand": INT, "players": LIST, "dealer": INT, "arena": DICT},  # in matches and hkmj arena records; arena in the latter
    "kong": {"offers": LIST},  # an added kong's rob offers
    "win": {"action": STR},  # a self-drawn declaration
    "false_mahjong": {"action": STR, "dead_hand": BOOL},  # a dead-hand ruleset (MCR)
}
WIN_FIELDS: dict[str, dict[str, Any]] = {
    "hk": {"fan": INT, "limit": (STR, NONE), "base": INT, "items": LIST},
    "mcr": {"points": INT, "fan_points": INT, "items": LIST},
    # docs/rules-classical.md, "In play: the win event of a record"
    "classical": {"points": INT, "score": INT, "hand_points": INT, "doubles": INT, "limit": (STR, NONE), "items": LIST,
                  "hand_scores": LIST, "seat_points": LIST, "seat_doubles": LIST},
}
"""The ruleset's fields of a ``win`` (those of ``hkmj score --rules ...``)."""


def _limit_names(page: str, heading: str) -> dict[str, str]:
    """``{id: name}`` of a limit table in the docs (a record names a limit by its id, ``hkmj
    score`` by its name): the rows ``| `id` | Name (French) | ...`` after ``heading``."""
    text = (Path(__file__).resolve().parents[2] / "docs" / page).read_text(encoding="utf-8").split(heading, 1)[1]
    rows = re.findall(r"^ *\| `(\w+)` \| ([^|(]+?) (?:\([^|]*\) )?\|", text.split("\n## ", 1)[0], re.M)
    return dict(rows)


LIMITS = {"hk": _limit_names("scoring.md", "## Limits"), "classical": _limit_names("rules-classical.md", "## CL-6")}


LIMIT_BASE = {
    "seed": {"8": 64, "10": 64, "13": 128},
    "half": {"8": 64, "10": 128, "13": 384},
    "doubling": {"8": 256, "10": 1024, "13": 8192},
}
"""docs/house-options.md: the limit base by fan table and limit (HK-6: 64), the false-Mahjong penalty."""


HOUSE_OPTIONS = {"hk": {"minfan", "limit", "table", "payment", "base"}, "mcr": set(), "classical": {"pay_highest", "limit"}}
"""docs/house-options.md: every ruleset's house options, all of them in each record."""


def json_type(v: Any) -> str:
    if v is None:
        return NONE
    if isinstance(v, bool):
        return BOOL
    return {int: INT, str: STR, list: LIST, dict: DICT}.get(type(v), type(v).__name__)


class Foul(AssertionError):
    """A record that breaks a rule or the documented format."""


def tiles_of(text: str) -> list[str]:
    """mpsz text (``"123m55z"``, ``"5p5p5p"``) as tile strings."""
    out: list[str] = []
    digits: list[str] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
        else:
            out.extend(f"{d}{ch}" for d in digits)
            digits = []
    if digits:
        raise ValueError(f"tiles without a suit letter: {text!r}")
    return out


def meld_text(kind: str, tiles: list[str]) -> str:
    """A meld as the record and ``hkmj score`` write it: ``"chow 345m"``, ``"ckong 1111z"``."""
    return f"{kind} {''.join(sorted(t[0] for t in tiles))}{tiles[0][1]}"


def is_bonus(t: str) -> bool:
    return t.endswith("f")


def _key(t: str) -> tuple[str, str]:
    return (t[1], t[0])


def groups_only(c: Counter[str]) -> bool:
    """Whether ``c`` splits into pungs and chows (HK-5.1, HK-5.2: honours never form chows)."""
    c = +c
    if not c:
        return True
    t = min(c, key=_key)
    if c[t] >= 3 and groups_only(c - Counter({t: 3})):
        return True
    n, s = int(t[0]), t[1]
    if s in SUITS and n <= 7:
        run = Counter([t, f"{n + 1}{s}", f"{n + 2}{s}"])
        if all(c[x] >= 1 for x in run):
            return groups_only(c - run)
    return False


ORPHANS = {"1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}
KNITTED = [
    {f"{n}{s}" for k, s in enumerate(perm) for n in (1 + k, 4 + k, 7 + k)}
    for perm in ("mps", "msp", "pms", "psm", "smp", "spm")
]
"""MCR-6.44/6.45: the six knitted straights (147, 258, 369 in three different suits)."""


def complete(hand: Counter[str], melds: int, rules: str) -> bool:
    """Whether ``hand`` (concealed tiles, the winning tile included) with ``melds`` declared groups
    has a winning shape: four groups and a pair (HK-5.1, CL-2.4, MCR-5.2.1), seven pairs
    (HK-5.3, CL-6.3 distinct; MCR-5.2.2 four alike may be two pairs), thirteen orphans (HK-5.4,
    CL-6, MCR-5.2.3), and MCR's knitted shapes (MCR-5.2.4, MCR-5.2.5). Points are not judged here."""
    hand = +hand
    if sum(hand.values()) != 14 - 3 * melds:
        return False
    if any(hand[t] >= 2 and groups_only(hand - Counter({t: 2})) for t in list(hand)):
        return True
    if melds:
        if rules == "mcr" and melds == 1:
            return any(k <= set(hand) and _pair_only(hand - Counter(k)) for k in KNITTED)
        return False
    if set(hand) == ORPHANS:
        return True
    if rules == "mcr":
        if all(v % 2 == 0 for v in hand.values()):
            return True
        suited = {t for t in hand if t[1] != "z"}
        if len(hand) == 14 and all(v == 1 for v in hand.values()) and any(suited <= k for k in KNITTED):
            return True
        for k in KNITTED:
            if k <= set(hand):
                rest = hand - Counter(k)
                if any(rest[t] >= 2 and groups_only(rest - Counter({t: 2})) for t in list(rest)):
                    return True
        return False
    return len(hand) == 7 and all(v == 2 for v in hand.values())


def _pair_only(c: Counter[str]) -> bool:
    c = +c
    return len(c) == 1 and next(iter(c.values())) == 2


@dataclass
class Win:
    """One win to re-score: the request for ``hkmj score`` and what the record says."""

    line: int
    rules: str
    options: dict[str, str]
    request: dict[str, Any]
    recorded: dict[str, Any]


@dataclass
class Offer:
    """A seat whose hand the tile on offer completes (or that was offered Mahjong): whether
    Mahjong was offered, and the request that asks ``hkmj score`` whether it is a win."""

    line: int
    rules: str
    options: dict[str, str]
    seat: int
    offered: bool
    request: dict[str, Any]


@dataclass
class Seat:
    hand: Counter[str] = field(default_factory=Counter)
    bonus: list[str] = field(default_factory=list)
    melds: list[tuple[str, list[str]]] = field(default_factory=list)
    pond: list[str] = field(default_factory=list)


class Referee:
    """Reads one record (several matches allowed), event by event."""

    def __init__(self) -> None:
        self.wins: list[Win] = []
        self.offers: list[Offer] = []
        """Every Mahjong offered, and every one not offered where the tile completes a hand."""
        self.final_hands: list[list[list[str]]] = []
        """Each hand's concealed tiles by seat at its end, sorted (to compare with a reveal)."""
        self.hands = 0
        self.events = 0
        self.draws = 0
        self.claims = 0

    # ------------------------------------------------------------------ helpers

    def foul(self, why: str) -> Foul:
        return Foul(f"event {self.line} ({self.ev.get('type')}): {why}")

    def expect(self, cond: bool, why: str) -> None:
        if not cond:
            raise self.foul(why)

    def take(self, seat: int, tiles: list[str]) -> None:
        """Remove ``tiles`` from ``seat``'s concealed hand (they must be there)."""
        need = Counter(tiles)
        have = self.seats[seat].hand
        self.expect(all(have[t] >= n for t, n in need.items()), f"seat {seat} does not hold {tiles} (holds {sorted(have.elements())})")
        have.subtract(need)
        self.seats[seat].hand = +have

    def conserved(self) -> None:
        """Every one of the 144 tiles is somewhere: hands, bonus, melds, ponds, live and dead walls."""
        c = Counter(self.live) + Counter(self.dead) + Counter(self.on_offer)
        for s in self.seats:
            c += s.hand + Counter(s.bonus) + Counter(s.pond)
            for _, ts in s.melds:
                c += Counter(ts)
        self.expect(c == self.full, f"tiles not conserved: extra {sorted((c - self.full).elements())}, missing {sorted((self.full - c).elements())}")

    def sizes(self) -> None:
        ev = self.ev
        if "live" in ev and isinstance(ev["live"], int):
            self.expect(ev["live"] == len(self.live), f"live wall {ev['live']}, the referee counts {len(self.live)}")
        if "dead" in ev and isinstance(ev["dead"], int):
            self.expect(ev["dead"] == len(self.dead), f"dead wall {ev['dead']}, the referee counts {len(self.dead)}")

    # ------------------------------------------------------------------ the record

    def check(self, events: list[dict[str, Any]]) -> None:
        self.match: dict[str, Any] | None = None
        self.in_hand = False
        self.must_expose: tuple[int, str] | None = None
        self.match_due = False
        self.last_type = ""
        self.last_ev: dict[str, Any] | None = None
        self.before: dict[str, Any] | None = None
        for i, ev in enumerate(events, 1):
            self.line, self.ev = i, ev
            self.events += 1
            self.expect(isinstance(ev, dict) and ev.get("type") in FIELDS, "an event type the record format does not list")
            self.fields(ev)
            if self.in_hand and self.must_expose is not None:  # HK-3.2: a drawn bonus tile is exposed at once
                seat, t = self.must_expose
                self.expect(ev["type"] == "bonus" and (ev["seat"], ev["tile"]) == (seat, t), f"seat {seat} drew the bonus tile {t} and did not expose it at once (HK-2.6, HK-3.2)")
                self.must_expose = None
            if ev["type"] not in ("match_start", "hand_start", "totals", "match_end"):
                self.expect(self.in_hand, "an event of a hand outside any hand")
            if self.in_hand and self.last_type == "hand_start":
                self.expect(ev["type"] == "deal", "a hand_start not followed by its deal")
            owed = ev["type"] in ("draw", "discard", "kong", "win", "claim", "answer", "exhaustive_draw", "hand_end")
            if self.in_hand and owed and self.replacement_for is not None:
                raise self.foul(f"seat {self.replacement_for[1]} is owed a replacement for a {self.replacement_for[0]} first (HK-2.6, HK-3.3)")
            self.before, self.last_type = (self.last_ev if self.in_hand else None), ev["type"]
            self.last_ev = ev
            handler = getattr(self, "on_" + str(ev.get("type")))
            handler(ev)
            if self.in_hand and ev["type"] not in ("hand_start",):
                self.conserved()
                if ev["type"] not in ("deal", "draw", "replacement", "bonus"):
                    self.deal_phase = False
                    held = [(k, t) for k, x in enumerate(self.seats) for t in x.hand if is_bonus(t)]
                    self.expect(not held, f"bonus tiles held in hand {held}: bonus tiles are never playing tiles (HK-3.2)")

    def check_simulate(self, events: list[dict[str, Any]], seed: int, hands: int, chunk: int = 64) -> None:
        """A record of ``hkmj simulate --hands HANDS --seed SEED --record`` (docs/record-format.md):
        every event refereed by :meth:`check`, and the hands played as consecutive matches of
        ``chunk`` hands (the last one shorter), match ``k`` seeded ``SEED + k`` and of length
        ``hands``, none cut short: the same ``--seed`` names the same hands whatever ``--workers``."""
        self.check(events)
        starts = [(i, e) for i, e in enumerate(events, 1) if e["type"] == "match_start"]
        sizes = [min(chunk, hands - k) for k in range(0, hands, chunk)]
        self.line, self.ev = (starts[-1] if starts else (len(events), events[-1] if events else {}))
        self.expect(len(starts) == len(sizes), f"{len(starts)} matches for {hands} hands in chunks of {chunk}: expected {len(sizes)}")
        bounds = [i for i, _ in starts] + [len(events) + 1]
        for k, ((line, start), size) in enumerate(zip(starts, sizes, strict=True)):
            self.line, self.ev = line, start
            self.expect(start["seed"] == seed + k, f"match {k + 1} is seeded {start['seed']}: chunk {k} is seeded SEED + {k} = {seed + k}")
            self.expect((start["length"], start["hands"]) == ("hands", size), f"match {k + 1} of length {start['length']} {start['hands']}: expected hands {size}")
            played = sum(1 for e in events[line - 1 : bounds[k + 1] - 1] if e["type"] == "hand_start")
            self.expect(played == size, f"match {k + 1} plays {played} hands: expected {size}")

    def fields(self, ev: dict[str, Any]) -> None:
        """The documented fields, each of its documented JSON type, and no other (record-format.md)."""
        kind = ev["type"]
        want = dict(FIELDS[kind])
        if kind == "win":
            want.update(WIN_FIELDS[self.rules])
        optional = OPTIONAL.get(kind, {})
        for name, types in list(want.items()) + [(k, t) for k, t in optional.items() if k in ev]:
            self.expect(name in ev, f"field {name!r} missing")
            allowed = types if isinstance(types, tuple) else (types,)
            self.expect(json_type(ev[name]) in allowed, f"field {name!r} is {json_type(ev[name])}, documented as {' or '.join(allowed)}")
        extra = sorted(set(ev) - set(want) - set(optional) - {"type"})
        self.expect(not extra, f"fields the record format does not list: {extra}")
        for name in ("seat", "from"):
            if isinstance(ev.get(name), int):
                self.expect(0 <= ev[name] <= 3, f"{name} {ev[name]} is not a seat 0..3")
        for name in ("tile",):
            if isinstance(ev.get(name), str):
                self.expect(ev[name] in FULL_SET, f"{name} {ev[name]!r} is not a tile")

    def house_options(self, ev: dict[str, Any]) -> None:
        """``options`` holds every house option of the ruleset with its value (docs/house-options.md)."""
        want = HOUSE_OPTIONS.get(ev["rules"])
        self.expect(want is not None, f"rules {ev['rules']!r} is none of {sorted(HOUSE_OPTIONS)}")
        self.expect(set(ev["options"]) == want, f"options {sorted(ev['options'])}, the ruleset's are {sorted(want or ())}")
        self.expect(all(isinstance(v, str) for v in ev["options"].values()), f"option values {ev['options']} are not text")

    def on_match_start(self, ev: dict[str, Any]) -> None:
        self.house_options(ev)
        if "play" in ev:  # docs/record-format.md: the bots by name, their seeds, the screen's language and tiles
            play = ev["play"]
            self.expect(set(play) == {"bots", "bot_seeds", "lang", "glyphs"}, f"play fields {sorted(play)}")
            self.expect(len(play["bots"]) == 3 and all(isinstance(b, str) for b in play["bots"]), f"play bots {play['bots']}")
            self.expect(len(play["bot_seeds"]) == 3 and all(json_type(x) == INT for x in play["bot_seeds"]), "play bot_seeds")
            self.expect(play["lang"] in ("en", "fr") and json_type(play["glyphs"]) == BOOL, "play lang or glyphs")
            self.expect(ev["ask_all"], "a match of hkmj play asks every seat at every discard (ask_all)")
        self.expect(not self.in_hand, "a match starts inside a hand")
        self.expect(self.match is None, "a match starts before the last one's match_end")
        self.expect(ev["length"] in ("game", "round", "hands"), f"length {ev['length']!r}")
        self.expect((ev["length"] == "hands") == (ev["hands"] is not None), f"hands {ev['hands']} with length {ev['length']!r}")
        draw = ev["seat_draw"]
        self.expect(sorted(draw) == sorted(WINDS), f"seat_draw {draw} is not the four winds")
        self.match = ev
        self.first_players = [draw.index(w) for w in WINDS]
        self.next_players: list[int] | None = list(self.first_players)
        self.next_prevailing = "E"
        self.totals = [0, 0, 0, 0]
        self.hand_no = 0
        self.passes = 0
        """Times the deal has passed (HK-7.2), or hands played (MCR, classical)."""

    def on_hand_start(self, ev: dict[str, Any]) -> None:
        self.expect(not self.in_hand, "a hand starts inside a hand")
        self.expect(not self.match_due, "a hand after the match's last one (HK-7.3)")
        self.house_options(ev)
        self.rules = ev["rules"]
        self.options = ev["options"]
        self.full = FULL_SET
        if self.match is not None:
            m = self.match
            self.expect(ev["rules"] == m["rules"] and ev["options"] == m["options"], "rules or options differ from match_start")
            self.expect(
                (ev["teaching"], ev["ask_all"]) == (m["teaching"], m["ask_all"]),
                f"teaching/ask_all {ev['teaching']}/{ev['ask_all']} differ from match_start's {m['teaching']}/{m['ask_all']}",
            )
            self.hand_no += 1
            self.expect(ev["hand"] == self.hand_no, f"hand {ev['hand']}, expected {self.hand_no}")
            self.expect(ev["players"] == self.next_players, f"players {ev['players']}, the rotation gives {self.next_players}")
            self.expect(ev["dealer"] == ev["players"][0], "the dealer is not the player at East")
            self.expect(ev["prevailing"] == self.next_prevailing, f"prevailing {ev['prevailing']}, expected {self.next_prevailing}")
            self.expect(ev["scores"] == [self.totals[p] for p in ev["players"]], "scores by seat are not the totals")
            self.players = ev["players"]
        self.prevailing = ev["prevailing"]
        self.scores = list(ev["scores"])
        # HK-2.2-2.4: the physical wall, the break and the draw order
        wall = ev["wall"]
        self.expect(len(wall) == 4 and all(len(w) == 36 for w in wall), "the wall is not 4 x 36 tiles")
        self.expect(Counter(t for w in wall for t in w) == self.full, "the wall is not the 144 tiles")
        dice = ev["dice"]
        self.expect(len(dice) == 3 and all(1 <= d <= 6 for d in dice), f"dice {dice}")
        s = sum(dice)
        self.expect(ev["break"] == {"wall": (s - 1) % 4, "stack": s}, f"break {ev['break']} for dice sum {s} (HK-2.3)")
        order: list[str] = []
        w, stack = (s - 1) % 4, s
        for _ in range(72):  # from the left of the break, top then bottom, around the square (HK-2.4)
            stack += 1
            if stack > 18:
                stack, w = 1, (w - 1) % 4
            order += [wall[w][2 * stack - 2], wall[w][2 * stack - 1]]
        if ev["dead"]:  # the 7 stacks to the right of the break, the one at the break first
            self.expect(ev["live"] == order[:130], "live is not the wall from the left of the break (HK-2.4)")
            dead = [order[130 + 2 * k + j] for k in reversed(range(7)) for j in (0, 1)]
            self.expect(ev["dead"] == dead, "dead is not the 7 stacks at the break, nearest first (HK-2.4)")
        else:  # MCR-3.1: no dead wall, all 144 tiles in the draw order
            self.expect(ev["live"] == order, "live is not the wall from the left of the break (MCR-3.1, HK-2.4)")
        self.live = list(ev["live"])
        self.dead = list(ev["dead"])
        self.seats = [Seat() for _ in range(4)]
        self.short = [0, 0, 0, 0]
        """Tiles a seat lacks: a flower drawn as the wall's last tile is not replaced (MCR-3.3)."""
        self.on_offer: list[str] = []
        self.replacement_for: tuple[str, int] | None = None
        self.drawn: tuple[int, str] | None = None
        """The last tile a seat took from a wall (draw or replacement): a self-drawn win's tile."""
        self.drawn_from = ""
        """Where it came from: ``live`` (a draw, ``last`` if it emptied the live wall), ``bonus``, ``kong``."""
        self.discards = 0
        self.kongs = 0
        self.final = False
        self.won_on: tuple[int, str, int, str] | None = None
        """The claim that gave a seat a tile to win on: seat, tile, from, ``discard``/``added_kong``."""
        self.turn: int | None = None
        self.window: dict[str, Any] | None = None
        self.answers: list[str | None] = [None] * 4
        self.win: dict[str, Any] | None = None
        self.ended: dict[str, Any] | None = None
        self.dead_hands: set[int] = set()
        self.dead_payments = [0, 0, 0, 0]
        """MCR-5.4: penalties of dead hands, paid during the hand and counted in its payments."""
        self.teaching = bool(ev.get("teaching"))
        self.ask_all = bool(ev.get("ask_all"))
        self.in_hand = True
        self.hands += 1

    def on_deal(self, ev: dict[str, Any]) -> None:
        hands = ev["hands"]
        L = self.live
        for seat in range(4):  # HK-2.5: blocks of 4 E S W N three times, then 2 to East, 1 each
            want = [t for r in range(3) for t in L[16 * r + 4 * seat : 16 * r + 4 * seat + 4]]
            want += L[48:50] if seat == 0 else [L[49 + seat]]
            self.expect(hands[seat] == want, f"seat {seat} was dealt {hands[seat]}, the wall gives {want} (HK-2.5)")
            self.seats[seat].hand = Counter(want)
        del self.live[:53]
        self.sizes()
        self.turn = 0
        self.deal_phase = True
        self.bonus_seat = 0
        self.drawn = (0, hands[0][-1])  # a heavenly hand's tile: East's 14th, or its last replacement
        self.drawn_from = "deal"

    def on_bonus(self, ev: dict[str, Any]) -> None:
        seat, t = ev["seat"], ev["tile"]
        self.expect(is_bonus(t), f"{t} is not a bonus tile")
        if self.deal_phase:  # HK-2.6: the deal's bonus tiles are exposed in play order
            self.expect(seat >= self.bonus_seat, f"seat {seat} exposes a dealt bonus tile after seat {self.bonus_seat} (HK-2.6)")
            self.bonus_seat = seat
        self.take(seat, [t])
        self.seats[seat].bonus.append(t)
        self.replacement_for = ("bonus", seat)
        if not self.live and not self.dead:  # MCR-3.3: the last tile was a flower, no replacement
            self.replacement_for = None
            self.short[seat] += 1

    def _replace(self) -> str:
        """HK-2.7: the next dead-wall tile, the last live tile moving to the dead wall while
        there is one; MCR-3.2: without a dead wall, the last tile of the wall."""
        if self.dead:
            t = self.dead.pop(0)
            if self.live:
                self.dead.append(self.live.pop())
            return t
        self.expect(bool(self.live), "a replacement from an empty wall")
        return self.live.pop()

    def on_replacement(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        self.expect(self.replacement_for == (ev["for"], seat), f"a replacement for {ev['for']} nobody owed seat {seat}")
        self.replacement_for = None
        t = self._replace()
        self.expect(ev["tile"] == t, f"replacement {ev['tile']}, the dead wall gives {t}")
        self.seats[seat].hand[t] += 1
        self.sizes()
        if is_bonus(t):
            self.must_expose = (seat, t)
        if self.deal_phase and seat != 0:  # East's last tile stays its heavenly tile
            return
        # a bonus tile's replacement after a kong's replacement is still the kong's (docs/engine.md)
        chain = ev["for"] == "bonus" and self.drawn_from == "kong" and self.drawn is not None and self.drawn[0] == seat
        self.drawn = (seat, t)
        self.drawn_from = "kong" if chain else ev["for"]

    def on_draw(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        self.expect(self.window is None, "a draw while a claim window is open")
        self.expect(seat == self.turn, f"seat {seat} draws, seat {self.turn} is due (HK-3.2)")
        self.expect(bool(self.live), "a draw from an empty live wall")
        t = self.live.pop(0)
        self.expect(ev["tile"] == t, f"drew {ev['tile']}, the live wall gives {t} (HK-3.2)")
        self.seats[seat].hand[t] += 1
        self.sizes()
        self.draws += 1
        if is_bonus(t):
            self.must_expose = (seat, t)
        self.drawn = (seat, t)
        self.drawn_from = "live" if self.live else "last"

    def on_discard(self, ev: dict[str, Any]) -> None:
        seat, t = ev["seat"], ev["tile"]
        self.expect(seat == self.turn and self.window is None, f"seat {seat} discards out of turn (turn: {self.turn})")
        self.expect(ev["action"] == f"discard {t}", f"action {ev['action']!r} for tile {t}")
        self.take(seat, [t])
        size = sum(self.seats[seat].hand.values()) + 3 * len(self.seats[seat].melds) + self.short[seat]
        self.expect(size == 13, f"a hand of {size} tiles after a discard")
        self.on_offer = [t]
        self.expect(ev["final"] == (not self.live), f"final {ev['final']} with {len(self.live)} live tiles (HK-4.9)")
        self.discards += 1
        self.final = ev["final"]
        self.open_window(seat, t, "discard", ev["offers"])

    def open_window(self, seat: int, t: str, on: str, offers: list[Any]) -> None:
        self.expect(len(offers) == 4 and offers[seat] is None, "offers must be by seat, none to the discarder")
        for other, acts in enumerate(offers):
            if acts is None:
                continue
            self.expect(acts[0] == "pass", f"seat {other}'s offers do not start with pass")
            for a in acts:
                if a.startswith("chow"):
                    self.expect(other == (seat + 1) % 4, f"chow offered to seat {other}, not the next seat (HK-4.5)")
                    meld = tiles_of(a.split()[1])
                    self.expect(t in meld, f"{a} does not use the discard {t}")
        for other in range(4):
            if other != seat:
                self.check_offers(other, seat, t, on, offers[other])
        self.answers = [None] * 4
        if all(a is None for a in offers):  # nobody may claim: no answers, no claim event
            self.window = None
            self.on_offer = []
            if on == "discard":
                self.seats[seat].pond.append(t)
                self.turn = (seat + 1) % 4
            else:
                self.finish_added_kong(seat, t)
            return
        self.window = {"from": seat, "tile": t, "on": on, "offers": offers}

    def check_offers(self, seat: int, frm: int, t: str, on: str, got: list[str] | None) -> None:
        """Exactly the legal claims are offered: pung with two alike in hand, kong from a discard
        with three (HK-4.3, HK-4.4, CL-3.1), chow to the next seat only (HK-4.2), nothing but
        Mahjong on the final discard (HK-4.9) or an added kong (HK-4.10), nothing to a dead hand
        (MCR-4.3); Mahjong offered exactly when ``hkmj score`` finds the hand a win (HK-5,
        the house minimum, MCR-5.1's 8 points), re-asked in :meth:`rescore`."""
        hand = self.seats[seat].hand
        want: list[str] = []
        if on == "discard" and not self.final and seat not in self.dead_hands:
            if hand[t] >= 2:
                want.append("pung")
            if hand[t] >= 3:
                want.append(f"kong {t}")
            n, suit = int(t[0]), t[1]
            if seat == (frm + 1) % 4 and suit in SUITS:
                for low in (n - 2, n - 1, n):
                    run = [f"{k}{suit}" for k in range(low, low + 3)]
                    if low >= 1 and low + 2 <= 9 and all(hand[x] >= 1 for x in run if x != t):
                        want.append(f"chow {low}{low + 1}{low + 2}{suit}")
        if got is None:
            self.expect(not want and not self.ask_all, f"seat {seat} was offered nothing; its legal claims are {want}")
            offered = False
        else:
            self.expect(got[:1] == ["pass"] and len(set(got)) == len(got), f"seat {seat}'s offers {got} do not start with pass or repeat one")
            rank = {"pass": 0, "mahjong": 1, "pung": 2, "kong": 3, "chow": 4}  # the documented order
            self.expect(all(a.split()[0] in rank for a in got), f"seat {seat}'s offers {got} hold an unknown action")
            self.expect(got == sorted(got, key=lambda a: (rank[a.split()[0]], a)), f"seat {seat}'s offers {got} are not in the documented order")
            rest = [a for a in got[1:] if a != "mahjong"]
            self.expect(sorted(rest) == sorted(want), f"seat {seat} was offered {got}; its legal claims are {want} (HK-4)")
            offered = "mahjong" in got
            self.expect(offered or bool(rest) or self.ask_all, f"seat {seat} was asked with nothing to claim")
        if seat in self.dead_hands:
            self.expect(not offered, f"seat {seat}'s hand is dead and was offered Mahjong (MCR-4.3)")
            return
        hand[t] += 1
        try:
            if offered or complete(hand, len(self.seats[seat].melds), self.rules):
                how = "robbed_kong" if on == "added_kong" else "discard"
                request = self.request(seat, t, how, frm, self.flags(seat, t, how, frm))
                self.offers.append(Offer(self.line, self.rules, dict(self.options), seat, offered, request))
        finally:
            hand[t] -= 1

    def on_answer(self, ev: dict[str, Any]) -> None:
        w = self.window
        self.expect(w is not None, "an answer with no window open")
        assert w is not None
        seat = ev["seat"]
        offers = w["offers"][seat]
        declared = ev["action"] == "mahjong"  # HK-5.5: Mahjong may be declared unlisted (a false one, HK-5.7)
        self.expect(offers is not None and (ev["action"] in offers or declared), f"seat {seat} answered {ev['action']!r}, offered {offers}")
        self.expect(self.answers[seat] is None, f"seat {seat} answered twice")
        self.answers[seat] = ev["action"]

    def on_claim(self, ev: dict[str, Any]) -> None:
        w = self.window
        self.expect(w is not None, "a claim resolution with no window open")
        assert w is not None
        self.claims += 1
        frm, t = w["from"], w["tile"]
        self.expect(ev["from"] == frm and ev["tile"] == t and ev["on"] == w["on"], "the claim is not about the tile on offer")
        self.expect(ev["answers"] == self.answers, f"answers {ev['answers']}, the seats answered {self.answers}")
        silent = [s for s, o in enumerate(w["offers"]) if o is not None and self.answers[s] is None]
        self.expect(not silent, f"seats {silent} were offered the tile and had not answered (HK-4: every seat answers first)")
        # HK-4.7: Mahjong > pung/kong > chow; ties go to the first seat in play order after the discarder
        rank = {"mahjong": 3, "pung": 2, "kong": 2, "chow": 1}
        best, who = 0, None
        for k in range(1, 4):
            s = (frm + k) % 4
            a = self.answers[s]
            r = rank.get(a.split()[0], 0) if a else 0
            if r > best:
                best, who = r, s
        self.expect(ev["seat"] == who, f"the claim went to seat {ev['seat']}, priority gives {who} (HK-4.7)")
        self.window = None
        self.on_offer = []
        if who is None:
            self.expect(ev["claim"] is None, "a claim kind with nobody claiming")
            if w["on"] == "discard":
                self.seats[frm].pond.append(t)
                self.turn = (frm + 1) % 4
            else:  # the added kong stands; its owner takes a replacement
                self.finish_added_kong(frm, t)
            return
        action = self.answers[who]
        assert action is not None
        kind = action.split()[0]
        self.expect(ev["claim"] == kind, f"claim {ev['claim']!r} for the answer {action!r}")
        if kind == "mahjong":
            self.expect(ev["tiles"] == t, f"won tile {ev['tiles']}, on offer {t}")
            self.won_on = (who, t, frm, w["on"])
            self.seats[who].hand[t] += 1
            return
        self.expect(w["on"] == "discard", "only Mahjong can take an added kong's tile (HK-4.10)")
        meld = tiles_of(ev["tiles"])
        if kind == "chow":
            self.expect(who == (frm + 1) % 4, "a chow by a seat other than the next (HK-4.5)")
            self.expect(ev["tiles"] == action.split()[1], f"meld {ev['tiles']} for {action!r}")
            self.expect(len(meld) == 3 and t in meld, f"chow {meld} does not hold {t}")
            suit = {x[1] for x in meld}
            nums = sorted(int(x[0]) for x in meld)
            self.expect(len(suit) == 1 and suit <= set(SUITS) and nums == list(range(nums[0], nums[0] + 3)), f"{meld} is not a chow")
        else:
            n = 3 if kind == "pung" else 4
            self.expect(meld == [t] * n, f"{kind} {meld} for the tile {t}")
        rest = list(meld)
        rest.remove(t)
        self.take(who, rest)
        self.seats[who].melds.append((kind, meld))
        self.turn = who
        if kind == "kong":
            self.kongs += 1
            self.replacement_for = ("kong", who)

    def finish_added_kong(self, seat: int, t: str) -> None:
        melds = self.seats[seat].melds
        for i, (kind, ts) in enumerate(melds):
            if kind == "pung" and ts[0] == t:
                melds[i] = ("kong", ts + [t])
                break
        else:
            raise self.foul(f"an added kong of {t} without a pung of it")
        self.turn = seat
        self.replacement_for = ("kong", seat)

    def on_kong(self, ev: dict[str, Any]) -> None:
        seat, t = ev["seat"], ev["tile"]
        self.expect(seat == self.turn and self.window is None, "a kong out of turn (HK-3.3)")
        how = ev["action"].rsplit(" ", 1)[0]
        self.kongs += 1
        self.expect(ev["action"] == f"{how} {t}" and how in ("concealed kong", "added kong"), f"kong action {ev['action']!r}")
        if how == "concealed kong":
            self.expect("offers" not in ev, "a concealed kong with rob offers: it can't be robbed (HK-4.10)")
            self.take(seat, [t] * 4)
            self.seats[seat].melds.append(("ckong", [t] * 4))
            self.replacement_for = ("kong", seat)
        else:
            self.take(seat, [t])
            self.expect(any(k == "pung" and ts[0] == t for k, ts in self.seats[seat].melds), f"added kong of {t} without a pung")
            self.on_offer = [t]
            self.open_window(seat, t, "added_kong", ev["offers"])
            self.expect(all(a is None or set(a) <= {"pass", "mahjong"} for a in ev["offers"]), "a rob offer other than Mahjong (HK-4.10)")

    def on_declare(self, ev: dict[str, Any]) -> None:
        self.expect(ev["seat"] == self.turn, "a declaration out of turn")

    def on_mahjong_refused(self, ev: dict[str, Any]) -> None:
        self.expect(self.teaching, "a Mahjong refused at a table that is not teaching (HK-5.7)")

    def on_false_mahjong(self, ev: dict[str, Any]) -> None:
        self.expect(sum(ev["payments"]) == 0, f"penalty payments {ev['payments']} do not sum to zero")
        seat, frm = ev["seat"], ev["from"]
        if self.rules == "hk":  # HK-5.7, R-5, docs/house-options.md: the table's limit base times base, double to `from`
            limit = LIMIT_BASE[self.options.get("table", "seed")][self.options.get("limit", "10")] * int(self.options.get("base", "1"))
            owed = [2 * limit if s == frm else limit for s in range(4)]
        elif self.rules == "mcr":  # MCR-5.4: 10 points to each other player
            owed = [10] * 4
        else:  # CL-7.7: the limit to each other player, East's share doubled (CL-7.3)
            limit = int(self.options.get("limit", "1000"))
            owed = [2 * limit if 0 in (s, seat) else limit for s in range(4)]
        want = [owed[s] if s != seat else -sum(owed[o] for o in range(4) if o != seat) for s in range(4)]
        self.expect(ev["payments"] == want, f"penalty payments {ev['payments']}, the rules give {want}")
        s = self.seats[ev["seat"]]
        held = Counter(s.hand)  # without the claimed tile: a claim that judged it false gave it to the hand
        if ev["tile"] is not None and not ev.get("dead_hand"):
            held -= Counter([ev["tile"]])
        self.expect(Counter(tiles_of(ev["concealed"])) == held, f"concealed {ev['concealed']}, the seat holds {sorted(held.elements())}")
        self.expect(sorted(ev["melds"]) == sorted(meld_text(k, ts) for k, ts in s.melds), f"melds {ev['melds']} differ from the seat's")
        if ev.get("dead_hand"):  # MCR-5.4: the hand goes on, the offender may not win
            self.dead_hands.add(ev["seat"])
            if self.window is not None:  # a declaration on a discard: the claim lists it as a pass
                self.expect(self.answers[ev["seat"]] is None and ev["tile"] == self.window["tile"], "a dead hand's declaration on another tile")
                self.answers[ev["seat"]] = "pass"
            self.dead_payments = [a + b for a, b in zip(self.dead_payments, ev["payments"], strict=True)]
            return
        self.ended = ev

    def on_win(self, ev: dict[str, Any]) -> None:
        seat, t = ev["seat"], ev["tile"]
        self.expect(seat not in self.dead_hands, "a dead hand wins (MCR)")
        how = ev["win"]
        if how == "self_draw":
            self.expect(seat == self.turn and self.window is None, "a self-drawn win out of turn")
            self.expect(self.drawn == (seat, t), f"self-drawn {t}, the last tile seat {seat} took is {self.drawn}")
            self.expect(ev["from"] is None, "a self-draw from a seat")
        else:
            won = self.won_on
            self.expect(won is not None and won[:3] == (seat, t, ev["from"]), f"a win on {t} from {ev['from']} that no claim gave")
            assert won is not None
            self.expect((how == "robbed_kong") == (won[3] == "added_kong"), f"win {how} on a {won[3]}")
        s = self.seats[seat]
        self.expect(Counter(tiles_of(ev["concealed"])) == s.hand, f"concealed {ev['concealed']}, the seat holds {sorted(s.hand.elements())}")
        melds = [meld_text(k, ts) for k, ts in s.melds]
        self.expect(sorted(ev["melds"]) == sorted(melds), f"melds {ev['melds']}, the seat declared {melds}")
        flowers = sorted(int(b[0]) for b in s.bonus if int(b[0]) <= 4)
        seasons = sorted(int(b[0]) - 4 for b in s.bonus if int(b[0]) > 4)
        # numbers 1-4 in increasing order (docs/record-format.md)
        self.expect(ev["flowers"] == flowers and ev["seasons"] == seasons, f"bonus tiles {ev['flowers']}/{ev['seasons']}, the seat exposed {s.bonus}")
        self.expect(sum(ev["payments"]) == 0, f"payments {ev['payments']} do not sum to zero (HK-6)")
        want = self.flags(seat, t, how, ev["from"])
        self.expect(sorted(ev["flags"]) == sorted(want), f"flags {ev['flags']}, the play gives {want}")
        items = ev["items"]
        keys = {"hk": {"id", "name", "fan"}, "mcr": {"id", "name", "name_fr", "points", "count"}, "classical": {"id", "points", "count"}}[self.rules]
        self.expect(all(isinstance(i, dict) and set(i) == keys for i in items), f"items {items} lack the documented fields {keys}")
        if self.rules == "hk":  # the fan is the sum of the items (HK-6; a limit hand's base is the limit's)
            self.expect(sum(i["fan"] for i in items) == ev["fan"], f"items add up to {sum(i['fan'] for i in items)} fan, not {ev['fan']}")
        elif self.rules == "mcr":  # MCR-6: each fan once with its count; flowers outside the 8 points (MCR-6.13)
            total = sum(i["points"] * i["count"] for i in items)
            flowers = sum(i["points"] * i["count"] for i in items if i["id"] == "flower_tiles")
            self.expect((total, total - flowers) == (ev["points"], ev["fan_points"]), f"items add up to {total} points ({total - flowers} without flowers), not {ev['points']} ({ev['fan_points']})")
        else:  # docs/rules-classical.md: each item's points times its count add up to points
            total = sum(i["points"] * i["count"] for i in items)
            self.expect(total == ev["points"], f"items add up to {total} points, not {ev['points']}")
        self.win = ev
        self.ended = ev
        self.expect(ev["prevailing"] == self.prevailing, f"prevailing {ev['prevailing']}, the hand's is {self.prevailing}")
        self.wins.append(Win(self.line, self.rules, dict(self.options), self.request(seat, t, how, ev["from"], ev["flags"]), ev))

    def request(self, seat: int, t: str, how: str, frm: int | None, flags: list[str]) -> dict[str, Any]:
        """The ``hkmj score`` request for ``seat`` winning on ``t`` with the tiles it holds now
        (R-9's fields; a classical request carries every seat's hand, docs/rules-classical.md)."""
        s = self.seats[seat]
        base: dict[str, Any] = {"win": how, "win_tile": t, "prevailing": self.prevailing, "flags": sorted(flags)}
        if frm is not None:
            base["discarder"] = WINDS[frm]
        if self.rules == "classical":
            hands: dict[str, Any] = {}
            for k, other in enumerate(self.seats):
                ms = [meld_text(kk, ts) for kk, ts in other.melds]
                conc = "".join(sorted(other.hand.elements(), key=lambda x: (x[1], x[0])))
                hands[WINDS[k]] = {
                    "hand": conc,
                    "melds": ms,
                    "flowers": sorted(int(b[0]) for b in other.bonus if int(b[0]) <= 4),
                    "seasons": sorted(int(b[0]) - 4 for b in other.bonus if int(b[0]) > 4),
                }
            opts = {"pay_highest": self.options.get("pay_highest") == "on", "limit": int(self.options.get("limit", 1000))}
            return {"hands": hands, "winner": WINDS[seat], **base, "options": opts}
        return {
            "hand": "".join(sorted(s.hand.elements(), key=_key)),
            "seat": WINDS[seat],
            "melds": [meld_text(k, ts) for k, ts in s.melds],
            "flowers": sorted(int(b[0]) for b in s.bonus if int(b[0]) <= 4),
            "seasons": sorted(int(b[0]) - 4 for b in s.bonus if int(b[0]) > 4),
            **base,
        }

    def flags(self, seat: int, t: str, how: str, frm: int | None) -> list[str]:
        """The win's circumstances (the flags of ``hkmj score``) as the play shows them: HK-6 and
        R-1..R-4 (Hong Kong), MCR-6.27/6.40-6.42 (MCR), CL-5.3 (classical: the last wall tile only)."""
        out = []
        if how == "self_draw":
            # R-2: a bonus replacement is not the last wall tile; MCR-3.5 Ruling: with no dead wall,
            # a replacement that empties the wall is
            if self.drawn_from == "last" or (self.rules == "mcr" and self.drawn_from in ("kong", "bonus") and not self.live):
                out.append("last_wall_tile")
            if self.drawn_from == "kong":
                out.append("kong_replacement")
            if seat == 0 and self.discards == 0 and not self.kongs:
                out.append("heavenly")
        elif how == "discard":
            if self.final:
                out.append("final_discard")
            if frm == 0 and seat != 0 and self.discards == 1 and not self.kongs:  # R-1
                out.append("earthly")
        if self.rules == "mcr":
            out = [f for f in out if f not in ("heavenly", "earthly")]
            hidden = self.seats[seat].hand[t] - 1  # the winning tile itself is in the hand now
            seen = sum(s.pond.count(t) for s in self.seats)
            seen += sum(ts.count(t) for s in self.seats for k, ts in s.melds if k != "ckong")
            if hidden == 0 and seen == 3:  # MCR-6.27 (a robbed kong's scorer does not also count it)
                out.append("last_of_kind")
        elif self.rules == "classical":
            out = [f for f in out if f == "last_wall_tile"]
        return out

    def on_exhaustive_draw(self, ev: dict[str, Any]) -> None:
        self.expect(not self.live and ev["seat"] == self.turn, "a drawn hand with tiles left in the live wall (HK-7.1)")
        b = self.before or {}
        due = b.get("type") == "discard" or (b.get("type") == "claim" and b.get("seat") is None)
        self.expect(due, f"a drawn hand after a {b.get('type')}: the hand is drawn only when the seat due to draw finds the wall empty, after a discard nobody took (HK-3.5, MCR-3.3)")
        self.expect((ev["live"], ev["dead"]) == (0, len(self.dead)), f"wall sizes {ev['live']}/{ev['dead']}, the walls hold 0/{len(self.dead)}")
        self.ended = ev

    def on_hand_end(self, ev: dict[str, Any]) -> None:
        self.expect(self.ended is not None, "a hand ends with neither a win, a penalty nor an exhaustive draw")
        assert self.ended is not None
        result = {"win": "win", "false_mahjong": "penalty", "exhaustive_draw": "draw"}[self.ended["type"]]
        self.expect(ev["result"] == result, f"result {ev['result']} after a {self.ended['type']}")
        pay = ev["payments"]
        self.expect(sum(pay) == 0, f"payments {pay} do not sum to zero")
        expected = self.ended.get("payments", [0, 0, 0, 0])
        dead = self.dead_payments
        self.expect(pay == [a + b for a, b in zip(expected, dead, strict=True)], f"payments {pay}, the end event and penalties give {expected} + {dead}")
        self.expect(ev["scores"] == [a + b for a, b in zip(self.scores, pay, strict=True)], "scores are not the scores before plus the payments")
        winner = ev["seat"] if result != "draw" else None
        who = None if result == "draw" else self.ended["seat"]
        frm = None if result == "draw" else self.ended["from"]
        self.expect((ev["seat"], ev["from"]) == (who, frm), f"seat {ev['seat']} from {ev['from']}, the {self.ended['type']} gives {who} from {frm}")
        if self.rules == "hk":  # HK-7.2: the dealer keeps the deal after its win, a draw or a penalty
            keeps = result in ("draw", "penalty") or winner == 0
        else:  # MCR-2.2, CL-4.3: the winds move on after every hand
            keeps = False
        self.expect(ev["dealer_keeps"] == keeps, f"dealer_keeps {ev['dealer_keeps']}, the rules give {keeps}")
        self.final_hands.append([sorted(x.hand.elements()) for x in self.seats])
        self.in_hand = False
        self.hand_payments = pay
        self.keeps = keeps

    def on_totals(self, ev: dict[str, Any]) -> None:
        self.expect(self.match is not None and not self.in_hand, "totals outside a match's hand")
        for seat, p in enumerate(self.players):
            self.totals[p] += self.hand_payments[seat]
        self.expect(ev["totals"] == self.totals, f"totals {ev['totals']}, the payments add up to {self.totals}")
        self.expect(ev["hand"] == self.hand_no and ev["dealer_keeps"] == self.keeps, "hand number or dealer_keeps differ from the hand")
        if self.rules == "hk":  # HK-7.2, HK-7.3
            nxt = list(self.players) if self.keeps else self.players[1:] + self.players[:1]
            if not self.keeps:
                self.passes += 1
        else:  # MCR-2.2/2.3, CL-4.3/4.5: rotate within a round, the seat table at a new round
            self.passes += 1
            r, k = min(self.passes // 4, 3), self.passes % 4  # past a game: the North round goes on
            table = [self.first_players[a] for a in SEAT_TABLE[r]]
            nxt = table[k:] + table[:k]
        self.next_players = nxt
        self.next_prevailing = WINDS[min(self.passes // 4, 3)]  # HK-7.3; a longer match stays North
        self.expect(ev["next_dealer"] == nxt[0], f"next dealer {ev['next_dealer']}, the rotation gives {nxt[0]}")
        self.expect(ev["next_prevailing"] == self.next_prevailing, f"next prevailing {ev['next_prevailing']}, expected {self.next_prevailing}")
        m = self.match
        assert m is not None
        self.length_done = {"hands": self.hand_no >= (m["hands"] or 0), "round": self.passes >= 4, "game": self.passes >= 16}[m["length"]]
        self.match_due = self.length_done or (m["max_hands"] is not None and self.hand_no >= m["max_hands"])

    def on_match_end(self, ev: dict[str, Any]) -> None:
        self.expect(self.match is not None and not self.in_hand, "match_end outside a match")
        self.expect(ev["hands"] == self.hand_no and ev["totals"] == self.totals, "match_end hands or totals differ")
        self.expect(self.match_due, f"the match ends after {self.hand_no} hands, before its length ({self.match['length'] if self.match else '?'}) or max_hands")
        self.expect(ev["complete"] == self.length_done, f"complete {ev['complete']}, the match played its whole length: {self.length_done}")
        self.match_due = False
        if self.match is not None and self.match["max_hands"] is None:
            self.expect(ev["complete"] is True, "a match without max_hands ends complete")
        ranking = [1 + sum(1 for o in self.totals if o > t) for t in self.totals]
        self.expect(ev["ranking"] == ranking, f"ranking {ev['ranking']}, the totals give {ranking} (HK-7.3)")
        self.match = None

    # ------------------------------------------------------------------ re-scoring

    def rescore(self, env: dict[str, str] | None = None) -> int:
        """Send every win to ``hkmj score`` (one process per ruleset and options) and compare."""
        groups: dict[str, list[Win | Offer]] = {}
        for w in [*self.wins, *self.offers]:
            groups.setdefault(json.dumps([w.rules, w.options], sort_keys=True), []).append(w)
        for key, asks in groups.items():
            rules, options = json.loads(key)
            args = [sys.executable, "-m", "hkmj.cli", "score", "--rules", rules]
            if rules == "hk":
                for k, v in options.items():
                    args += ["--option", f"{k}={v}"]
            text = "".join(json.dumps(w.request) + "\n" for w in asks)
            out = subprocess.run(args, input=text, capture_output=True, text=True, check=True, env=env or dict(os.environ))
            for w, line in zip(asks, out.stdout.splitlines(), strict=True):
                got = json.loads(line)
                if isinstance(w, Win):
                    self.compare(w, got)
                    continue
                wins = bool(got.get("valid")) and got.get("winning") is not False
                if wins != w.offered:
                    said = "offered" if w.offered else "not offered"
                    why = got.get("reason") or got.get("error") or f"a win of {got.get('fan', got.get('points'))}"
                    raise Foul(f"event {w.line} ({w.rules}): seat {w.seat} was {said} Mahjong; hkmj score: {why}")
        return len(self.wins)

    @staticmethod
    def compare(w: Win, got: dict[str, Any]) -> None:
        rec = w.recorded
        where = f"win at event {w.line} ({w.rules})"
        if not got.get("valid"):
            raise Foul(f"{where}: hkmj score refuses the recorded hand: {got.get('error')}")
        if got.get("winning") is False:  # HK minfan, MCR-5.1: a hand under the minimum is no win
            raise Foul(f"{where}: hkmj score says the hand may not win: {got.get('reason')}")
        if w.rules == "classical":
            pay = [got["settlement"][x] for x in WINDS]
            scores = [got["players"][x]["score"] for x in WINDS]
            seats = ([got["players"][x]["points"] for x in WINDS], [got["players"][x]["doubles"] for x in WINDS])
            if seats != (rec["seat_points"], rec["seat_doubles"]):
                raise Foul(f"{where}: recorded seat points {rec['seat_points']} doubles {rec['seat_doubles']}, hkmj score {seats}")
            if (got["points"], got["doubles"], got["score"]) != (rec["hand_points"], rec["doubles"], rec["score"]) or scores != rec["hand_scores"]:
                raise Foul(f"{where}: recorded {rec['hand_points']} points {rec['doubles']} doubles {rec['hand_scores']}, hkmj score {got['points']} {got['doubles']} {scores}")
            if LIMITS["classical"].get(rec["limit"], rec["limit"]) != got["limit"]:
                raise Foul(f"{where}: recorded limit {rec['limit']}, hkmj score {got['limit']}")
        elif w.rules == "mcr":
            pay = [got["payments"][x] for x in WINDS]
            if (got["points"], got["fan_points"]) != (rec["points"], rec["fan_points"]) or got["items"] != rec["items"]:
                raise Foul(f"{where}: recorded {rec['points']} points {rec['items']}, hkmj score {got['points']} {got['items']}")
        else:
            pay = [got["payments"][x] for x in WINDS]
            items = [(i["name"], i["fan"]) for i in rec["items"]]
            limit = LIMITS["hk"].get(rec["limit"], rec["limit"])  # the record's id, hkmj score's name
            if (got["fan"], got["limit"], got["base"]) != (rec["fan"], limit, rec["base"]) or [(i["name"], i["fan"]) for i in got["items"]] != items:
                raise Foul(f"{where}: recorded fan {rec['fan']} base {rec['base']} {items}, hkmj score {got['fan']} {got['base']} {got['items']}")
        if pay != rec["payments"]:
            raise Foul(f"{where}: recorded payments {rec['payments']}, hkmj score {pay}")
