"""A second referee of match records, written from the public docs only.

It reads a record as docs/record-format.md describes it and re-checks it against the rules
pages (the Hong Kong rules HK-1..HK-7 with their rulings, docs/rules-mcr.md, docs/rules-classical.md
and docs/house-options.md): the wall rebuilt from `hand_start.wall` and the dice (HK-2.2-2.4,
MCR-3.1), the deal (HK-2.5-2.6), every draw from the live wall and every replacement from the
dead wall or the wall's end (HK-2.7, MCR-3.2), every discard and kong from tiles held, the
offers of each claim window (HK-4, MCR-4, CL-3), the resolution by priority (HK-4.7), the
flags of each win, the end of the hand (HK-3.5, HK-7.1), the payments recomputed from the
rules pages (HK-6, MCR-8, CL-7; the fan, points and scores come from `hkmj score`'s machine
interface, as the record-format page allows), the totals, the rotation of the deal, the
prevailing wind and the match's end.

It was written without reading the project's own referee (tests/records/referee.py), so that
what it finds missing from the docs is what an outside referee would miss.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Any

from hkmj.rulesets import get_ruleset

WINDS = "ESWN"
BONUS = "f"


class RecordBroken(AssertionError):
    """A record that breaks the rules or the documented format: names the line and the rule."""


def tiles_of(text: str) -> list[str]:
    """The tiles of an mpsz text (`"345m"`, `"5p5p5p"`, `"12366m789p"`), in order (HK-1.4)."""
    out: list[str] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mpszf":
            out.extend(d + ch for d in digits)
            digits = []
        elif ch != " ":
            raise RecordBroken(f"not mpsz: {text!r}")
    if digits:
        raise RecordBroken(f"not mpsz (digits without a suit): {text!r}")
    return out


def is_bonus(tile: str) -> bool:
    return tile[1] == BONUS


def bonus_number(tile: str) -> tuple[str, int]:
    """`("flowers", n)` or `("seasons", n)` for a bonus tile (HK-1.3)."""
    n = int(tile[0])
    return ("flowers", n) if n <= 4 else ("seasons", n - 4)


def full_set() -> Counter[str]:
    """The 144 tiles (HK-1)."""
    c: Counter[str] = Counter()
    for suit in "mps":
        for v in range(1, 10):
            c[f"{v}{suit}"] = 4
    for v in range(1, 8):
        c[f"{v}z"] = 4
    for v in range(1, 9):
        c[f"{v}f"] = 1
    return c


def wall_order(wall: Sequence[Sequence[str]], dice: Sequence[int]) -> tuple[list[str], list[str], int, int]:
    """The 72 stacks in draw order from the break, as two lists (live part, dead part in
    replacement order) for a dead wall of 7 stacks, and the break (wall, stack) (HK-2.3-2.4)."""
    s = sum(dice)
    brk = (s - 1) % 4
    stacks: list[tuple[str, str]] = []
    w, k = brk, s + 1
    for _ in range(72):
        if k > 18:
            w, k = (w - 1) % 4, 1
        stacks.append((wall[w][2 * (k - 1)], wall[w][2 * (k - 1) + 1]))
        k += 1
    order = [t for st in stacks for t in st]
    dead = [t for st in reversed(stacks[65:]) for t in st]
    return order, dead, brk, s


@dataclass
class Meld:
    kind: str  # chow, pung, kong, ckong
    tiles: list[str]

    def text(self) -> str:
        return f"{self.kind} {''.join(t[0] for t in self.tiles)}{self.tiles[0][1]}"


def meld_key(text: str) -> tuple[str, tuple[str, ...]]:
    kind, tiles = text.split()
    return kind, tuple(sorted(tiles_of(tiles)))


def mpsz(tiles: Iterable[str]) -> str:
    """Tiles as a compact mpsz text, sorted by suit then value."""
    by: dict[str, list[str]] = {}
    for t in sorted(tiles, key=lambda t: ("mpsz".index(t[1]), t[0])):
        by.setdefault(t[1], []).append(t[0])
    return "".join("".join(v) + s for s, v in by.items())


# ---------------------------------------------------------------- a false Mahjong's reason
# docs/record-format.md: a reason writes the hand (its concealed tiles, each declared group
# after ` + `, the claimed tile after ` with `), then either `is complete but not a winning
# hand: ...` (under the table's minimum) or `is not a winning hand: it is not <the ruleset's
# shapes> (<rule>); it is <distance>`: the fewest tiles to exchange before the hand waits on a
# winning tile, counted with the claimed tile, on four groups and a pair (seven pairs and
# thirteen orphans too with no declared group); at MCR a knitted shape counts where it makes
# the hand ready. Written here from that page alone (referee24), not from the engine.
SHAPES = {
    "hk": "four groups and a pair, seven pairs or thirteen orphans (HK-5.1-5.4)",
    "mcr": "four groups and a pair, seven pairs, thirteen orphans, honours and knitted tiles or a knitted straight with a group and a pair (MCR-5.2)",
}
ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s", *(f"{v}z" for v in range(1, 8))]


def standard_distance(tiles: Counter[str], groups_needed: int) -> int:
    """8 - 2 × groups - partial groups - pair (at most ``groups_needed`` groups and partials), the
    usual count, over every way of taking groups, pairs and partial groups out of the tiles."""
    best = 99
    keys = sorted(tiles, key=lambda t: ("mpsz".index(t[1]), t[0]))

    def up(t: str, k: int) -> str | None:
        if t[1] == "z" or int(t[0]) + k > 9:
            return None
        return f"{int(t[0]) + k}{t[1]}"

    def rec(i: int, c: Counter[str], g: int, part: int, pair: int) -> None:
        nonlocal best
        while i < len(keys) and c[keys[i]] == 0:
            i += 1
        if i == len(keys):
            used = min(part, groups_needed - g)
            best = min(best, 2 * groups_needed - 2 * g - used - pair)
            return
        t = keys[i]
        if c[t] >= 3:
            c[t] -= 3
            rec(i, c, g + 1, part, pair)
            c[t] += 3
        a, b = up(t, 1), up(t, 2)
        if a and b and c[a] and c[b]:
            for x in (t, a, b):
                c[x] -= 1
            rec(i, c, g + 1, part, pair)
            for x in (t, a, b):
                c[x] += 1
        if c[t] >= 2:
            c[t] -= 2
            if not pair:
                rec(i, c, g, part, 1)
            rec(i, c, g, part + 1, pair)
            c[t] += 2
        for nb in (a, b):
            if nb and c[nb]:
                c[t] -= 1
                c[nb] -= 1
                rec(i, c, g, part + 1, pair)
                c[t] += 1
                c[nb] += 1
        c[t] -= 1
        rec(i, c, g, part, pair)
        c[t] += 1

    rec(0, Counter(tiles), 0, 0, 0)
    return best


KNITTED = [
    [f"{v}{s}" for s, first in zip(order, (1, 2, 3), strict=True) for v in (first, first + 3, first + 6)]
    for order in ("mps", "msp", "pms", "psm", "smp", "spm")
]


def knitted_complete(tiles: Counter[str], declared: int) -> bool:
    """MCR-5.2.4 honours and knitted tiles, or MCR-5.2.5 a knitted straight with a group and a pair."""
    for ks in KNITTED:
        if (
            declared == 0
            and sum(tiles.values()) == 14
            and max(tiles.values()) == 1
            and all(t in ks or t[1] == "z" for t in tiles)
        ):
            return True
        if all(tiles[t] for t in ks):
            rest = Counter(tiles)
            rest.subtract(ks)
            rest = +rest
            if standard_distance(rest, 1 - declared) == -1:
                return True
    return False


def reason_distance(tiles: Counter[str], declared: int, rules: str) -> int:
    """How far the hand (14 - 3 × declared tiles, the claimed tile in it) is from ready."""
    d = standard_distance(tiles, 4 - declared)
    if declared == 0:
        kinds = len(tiles)
        d = min(d, 6 - sum(1 for v in tiles.values() if v >= 2) + max(0, 7 - kinds))
        d = min(d, 13 - sum(1 for t in ORPHANS if tiles[t]) - (1 if any(tiles[t] >= 2 for t in ORPHANS) else 0))
    if rules == "mcr" and d > 0 and declared <= 1:
        every = [f"{v}{s}" for s in "mps" for v in range(1, 10)] + [f"{v}z" for v in range(1, 8)]
        for out in list(tiles):
            for extra in every:
                c = Counter(tiles)
                c[out] -= 1
                c[extra] += 1
                if knitted_complete(+c, declared):
                    return 0
    if d == 0 and not _a_real_wait(tiles, declared, rules):
        return 1  # ready in shape only on a fifth copy of a tile it holds four of (HK-1)
    return d


def _a_real_wait(tiles: Counter[str], declared: int, rules: str) -> bool:
    """Whether some discard of the hand leaves a wait on a tile it holds fewer than four of."""
    every = [f"{v}{s}" for s in "mps" for v in range(1, 10)] + [f"{v}z" for v in range(1, 8)]
    for out in list(tiles):
        for extra in every:
            c = Counter(tiles)
            c[out] -= 1
            if c[extra] >= 4:
                continue
            c[extra] += 1
            c = +c
            if standard_distance(c, 4 - declared) == -1 or (declared == 0 and _special_complete(c)):
                return True
            if rules == "mcr" and declared <= 1 and knitted_complete(c, declared):
                return True
    return False


def _special_complete(tiles: Counter[str]) -> bool:
    """Seven distinct pairs (HK-5.3) or thirteen orphans (HK-5.4), 14 tiles."""
    pairs = len(tiles) == 7 and all(v == 2 for v in tiles.values())
    return pairs or (set(tiles) == set(ORPHANS) and sum(tiles.values()) == 14)


def distance_words(d: int) -> str:
    return "ready: one tile from winning" if d == 0 else f"{d} tile{'s' if d > 1 else ''} from ready"


@dataclass
class Stats:
    """What the referee checked, for the report."""

    matches: int = 0
    hands: int = 0
    events: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    results: Counter[str] = field(default_factory=Counter)
    windows: int = 0
    offers_checked: int = 0
    false_mahjongs: int = 0
    refusals: int = 0
    flags: Counter[str] = field(default_factory=Counter)


class HandReferee:
    """One hand, event by event."""

    def __init__(self, start: Mapping[str, Any], match: MatchReferee, line: int) -> None:
        self.m = match
        self.rules: str = start.get("rules", "hk")
        self.options: dict[str, str] = dict(start.get("options") or {})
        self.ruleset = get_ruleset(self.rules, self.options)
        self.start = start
        self.line = line
        self.prevailing: str = start["prevailing"]
        self.ask_all = bool(start.get("ask_all"))
        self.teaching = bool(start.get("teaching"))
        self.no_dead_wall = self.rules == "mcr"
        self.check_wall(start)
        self.live: list[str] = list(start["live"])
        self.dead: list[str] = list(start["dead"])
        self.hands: list[Counter[str]] = [Counter() for _ in range(4)]
        self.newest: list[str | None] = [None] * 4  # the last tile each seat received
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.bonus: list[dict[str, list[int]]] = [{"flowers": [], "seasons": []} for _ in range(4)]
        self.pond: Counter[str] = Counter()
        self.dead_hand = [False] * 4
        self.payments = [0, 0, 0, 0]
        self.kongs_declared = 0
        self.discards = 0
        self.state: tuple[Any, ...] = ("deal",)
        self.last_in: tuple[str, ...] = ()  # how the acting seat's newest tile came
        self.deal_bonus_seat = 0
        self.window: dict[str, Any] | None = None
        self.answers: list[str | None] = [None] * 4
        self.ended = False
        self.won: Mapping[str, Any] | None = None
        self.penalty: Mapping[str, Any] | None = None
        self.exhausted = False

    # ------------------------------------------------------------------ helpers
    def fail(self, why: str) -> None:
        raise RecordBroken(f"line {self.m.lineno}: {why}")

    def need(self, cond: bool, why: str) -> None:
        if not cond:
            self.fail(why)

    def check_wall(self, start: Mapping[str, Any]) -> None:
        wall = start["wall"]
        self.need(len(wall) == 4 and all(len(w) == 36 for w in wall), "wall is not 4 x 36 (HK-2.2)")
        self.need(Counter(t for w in wall for t in w) == full_set(), "wall is not the 144 tiles (HK-1)")
        dice = start["dice"]
        self.need(len(dice) == 3 and all(1 <= d <= 6 for d in dice), f"dice {dice} are not three dice (HK-2.3)")
        order, dead, brk, s = wall_order(wall, dice)
        self.need(start["break"] == {"wall": brk, "stack": s}, f"break {start['break']} is not wall {brk} stack {s} (HK-2.3)")
        if self.no_dead_wall:
            self.need(start["live"] == order and start["dead"] == [], "live is not the 144 tiles from the break (MCR-3.1)")
        else:
            self.need(start["live"] == order[:130], "live is not the draw order from the break (HK-2.4)")
            self.need(start["dead"] == dead, "dead is not the 7 stacks right of the break (HK-2.4)")

    def sizes(self, e: Mapping[str, Any]) -> None:
        self.need(
            e["live"] == len(self.live) and e["dead"] == len(self.dead),
            f"wall sizes live {e['live']} dead {e['dead']}, expected {len(self.live)}, {len(self.dead)}",
        )

    def take_replacement(self) -> str:
        """The next replacement tile (HK-2.7; MCR-3.2 from the wall's end)."""
        if self.no_dead_wall:
            self.need(bool(self.live), "a replacement from an empty wall (MCR-3.3)")
            return self.live.pop()
        self.need(bool(self.dead), "a replacement from an empty dead wall")
        tile = self.dead.pop(0)
        if self.live:
            self.dead.append(self.live.pop())
        return tile

    def concealed(self, seat: int) -> list[str]:
        return sorted(self.hands[seat].elements())

    def n_tiles(self, seat: int) -> int:
        return sum(self.hands[seat].values()) + 3 * len(self.melds[seat])

    def remove(self, seat: int, tile: str, n: int = 1) -> None:
        self.need(self.hands[seat][tile] >= n, f"seat {seat} does not hold {n} x {tile}")
        self.hands[seat][tile] -= n
        if not self.hands[seat][tile]:
            del self.hands[seat][tile]

    def in_sight(self, tile: str) -> int:
        """Copies of `tile` in the ponds and exposed groups (MCR-6.27)."""
        n = self.pond[tile]
        for melds in self.melds:
            for m in melds:
                if m.kind != "ckong":
                    n += m.tiles.count(tile)
        return n

    def request(
        self, seat: int, tile: str, win: str, frm: int | None, flags: list[str], extra: str | None = None
    ) -> dict[str, Any]:
        """A machine-interface request for `seat`'s hand (docs/scoring.md, R-9)."""
        tiles = self.concealed(seat) + ([extra] if extra else [])
        req: dict[str, Any] = {
            "hand": mpsz(tiles),
            "win_tile": tile,
            "win": win,
            "seat": WINDS[seat],
            "prevailing": self.prevailing,
            "melds": [m.text() for m in self.melds[seat]],
            "flowers": self.bonus[seat]["flowers"],
            "seasons": self.bonus[seat]["seasons"],
            "flags": flags,
        }
        if frm is not None:
            req["discarder"] = WINDS[frm]
        if self.rules == "classical":
            hands: dict[str, Any] = {}
            for s in range(4):
                hs = self.concealed(s) + ([extra] if extra and s == seat else [])
                hands[WINDS[s]] = {
                    "hand": mpsz(hs),
                    "melds": [m.text() for m in self.melds[s]],
                    "flowers": self.bonus[s]["flowers"],
                    "seasons": self.bonus[s]["seasons"],
                }
            req = {
                "hands": hands,
                "winner": WINDS[seat],
                "win": win,
                "win_tile": tile,
                "prevailing": self.prevailing,
                "flags": [f for f in flags if f == "last_wall_tile"],
                "options": {
                    "pay_highest": self.options.get("pay_highest", "off") == "on",
                    "limit": int(self.options.get("limit", "1000")),
                },
            }
            if frm is not None:
                req["discarder"] = WINDS[frm]
        return req

    def score(self, req: dict[str, Any]) -> dict[str, Any]:
        if self.rules == "classical":
            from hkmj.scoring.classical import score_json as classical_json

            return classical_json(req)
        return self.ruleset.score_json(req)

    def can_win(self, seat: int, tile: str, win: str, frm: int | None, flags: list[str]) -> bool:
        extra = tile if win != "self_draw" else None
        res = self.score(self.request(seat, tile, win, frm, flags, extra))
        return bool(res.get("valid")) and res.get("winning", True) is not False

    def discard_flags(self, seat: int, tile: str, frm: int, final: bool) -> list[str]:
        flags = []
        if self.rules == "hk" and self.discards == 1 and frm == 0 and self.kongs_declared == 0 and seat != 0:
            flags.append("earthly")
        if final and self.rules != "classical":
            flags.append("final_discard")
        # the discard itself, once it lies in the pond: claimed, or on offer in its window (a
        # declaration judged there); not yet while its offers are worked out (on_discard)
        on_offer = self.state == ("window",) and self.window is not None and self.window["on"] == "discard"
        in_pond = 1 if self.state[0] == "claimed_mahjong" or on_offer else 0
        if self.rules == "mcr" and self.in_sight(tile) - in_pond == 3 and self.hands[seat][tile] == 0:
            flags.append("last_of_kind")
        return flags

    # ------------------------------------------------------------------ events
    def event(self, e: Mapping[str, Any]) -> None:
        kind = e["type"]
        self.need(not self.ended, f"{kind} after hand_end")
        getattr(self, "on_" + kind)(e)

    def on_deal(self, e: Mapping[str, Any]) -> None:
        self.need(self.state == ("deal",), "deal out of place")
        live = self.live
        dealt: list[list[str]] = [[] for _ in range(4)]
        for block in range(3):
            for s in range(4):
                dealt[s] += live[16 * block + 4 * s : 16 * block + 4 * s + 4]
        dealt[0] += live[48:50]
        dealt[1].append(live[50])
        dealt[2].append(live[51])
        dealt[3].append(live[52])
        self.need(e["hands"] == dealt, "deal.hands are not the first 53 live tiles in blocks (HK-2.5)")
        del self.live[:53]
        for s in range(4):
            self.hands[s] = Counter(dealt[s])
            self.newest[s] = dealt[s][-1]
        self.sizes(e)
        self.state = ("deal_bonus",)

    def held_bonus(self, seat: int) -> list[str]:
        return [t for t in self.hands[seat] if is_bonus(t)]

    def on_bonus(self, e: Mapping[str, Any]) -> None:
        seat, tile = e["seat"], e["tile"]
        self.need(is_bonus(tile), f"bonus {tile} is no bonus tile")
        if self.state == ("deal_bonus",):
            for s in range(self.deal_bonus_seat, seat):
                self.need(
                    not self.held_bonus(s), f"seat {s} still holds a bonus tile when seat {seat} exposes (HK-2.6, play order)"
                )
            self.need(seat >= self.deal_bonus_seat, "deal bonus tiles out of play order (HK-2.6)")
            self.deal_bonus_seat = seat
        else:
            self.need(self.state[0] == "act" and self.state[1] == seat, "a bonus exposed out of turn (HK-3.2)")
        self.remove(seat, tile)
        kind, n = bonus_number(tile)
        self.bonus[seat][kind].append(n)
        if self.no_dead_wall and not self.live and self.state != ("deal_bonus",):
            self.state = ("act", seat)  # MCR-3.3: no replacement for a flower drawn last
            self.last_in = ("no_replacement",)
            return
        self.pending_bonus = (seat, self.state)
        self.state = ("replace", seat, "bonus")

    def on_replacement(self, e: Mapping[str, Any]) -> None:
        seat, tile = e["seat"], e["tile"]
        self.need(
            self.state[:2] == ("replace", seat) and self.state[2] == e["for"],
            f"replacement for {e['for']} to seat {seat} not expected (state {self.state})",
        )
        expect = self.take_replacement()
        self.need(tile == expect, f"replacement {tile}, the next replacement tile is {expect} (HK-2.7, MCR-3.2)")
        self.sizes(e)
        self.hands[seat][tile] += 1
        self.newest[seat] = tile
        if e["for"] == "bonus" and self.pending_bonus[1] == ("deal_bonus",):
            self.state = ("deal_bonus",)
            return
        chain = "kong" if e["for"] == "kong" or "kong" in self.last_in else "bonus"
        self.last_in = ("replacement", chain)
        self.state = ("act", seat)

    def end_deal(self) -> None:
        if self.state == ("deal_bonus",):
            for s in range(4):
                self.need(not self.held_bonus(s), f"seat {s} keeps a bonus tile after the deal (HK-2.6)")
            self.state = ("act", 0)
            self.last_in = ("dealt",)

    def on_draw(self, e: Mapping[str, Any]) -> None:
        seat = e["seat"]
        self.need(self.state == ("draw", seat), f"seat {seat} draws, expected {self.state} (HK-3.2, HK-4.6)")
        self.need(bool(self.live), "a draw from an empty live wall (HK-3.5)")
        tile = self.live.pop(0)
        self.need(e["tile"] == tile, f"drew {e['tile']}, the next live tile is {tile} (HK-3.2)")
        self.sizes(e)
        self.hands[seat][tile] += 1
        self.newest[seat] = tile
        self.last_in = ("draw", "last" if not self.live else "")
        self.state = ("act", seat)

    def on_discard(self, e: Mapping[str, Any]) -> None:
        self.end_deal()
        seat, tile = e["seat"], e["tile"]
        self.need(self.state == ("act", seat), f"seat {seat} discards out of turn ({self.state})")
        self.need(e["action"] == f"discard {tile}", "discard action text")
        self.need(
            self.n_tiles(seat) == 14 or self.dead_hand[seat] or self.last_in == ("no_replacement",),
            f"seat {seat} discards holding {self.n_tiles(seat)} tiles (HK-5.1)",
        )
        self.remove(seat, tile)
        self.discards += 1
        final = not self.live
        self.need(e["final"] == final, f"final is {e['final']} with {len(self.live)} live tiles (HK-4.9)")
        offers: list[list[str] | None] = [None] * 4
        for s in range(4):
            if s == seat:
                continue
            opts: list[str] = []
            if not self.dead_hand[s]:
                if self.can_win(s, tile, "discard", seat, self.discard_flags(s, tile, seat, final)):
                    opts.append("mahjong")
                n = self.hands[s][tile]
                if not final:
                    if n >= 2:
                        opts.append("pung")
                    if n >= 3 and (self.live or not self.no_dead_wall):
                        opts.append(f"kong {tile}")
                    if s == (seat + 1) % 4 and tile[1] in "mps":
                        v = int(tile[0])
                        for a in range(max(1, v - 2), min(7, v) + 1):
                            need = [f"{x}{tile[1]}" for x in (a, a + 1, a + 2) if x != v]
                            if all(self.hands[s][t] for t in need):
                                opts.append(f"chow {a}{a + 1}{a + 2}{tile[1]}")
            if opts:
                offers[s] = ["pass", *opts]
            elif self.ask_all:
                offers[s] = ["pass"]
        self.m.stats.offers_checked += 1
        self.need(e["offers"] == offers, f"offers {e['offers']} on {tile}, the rules give {offers} (HK-4, HK-5)")
        self.pond[tile] += 1
        self.last_discard = (seat, tile, final)
        if any(o is not None for o in offers):
            self.window = {"on": "discard", "from": seat, "tile": tile, "offers": offers, "final": final}
            self.answers = [None] * 4
            self.state = ("window",)
            self.m.stats.windows += 1
        else:
            self.next_draw(seat)

    def next_draw(self, after: int) -> None:
        self.state = ("draw", (after + 1) % 4)

    def on_answer(self, e: Mapping[str, Any]) -> None:
        seat, action = e["seat"], e["action"]
        self.need(self.state == ("window",) and self.window is not None, "an answer outside a claim window")
        assert self.window is not None
        offered = self.window["offers"][seat]
        self.need(offered is not None, f"seat {seat} answers without being asked")
        self.need(self.answers[seat] is None, f"seat {seat} answers twice")
        self.need(action in offered or action == "mahjong", f"answer {action} not among {offered} (HK-5.5 for mahjong)")
        self.answers[seat] = action

    def on_claim(self, e: Mapping[str, Any]) -> None:
        self.need(self.state == ("window",) and self.window is not None, "a claim outside a window")
        assert self.window is not None
        w = self.window
        self.need(e["tile"] == w["tile"] and e["from"] == w["from"] and e["on"] == w["on"], "claim names another window")
        expected = [self.answers[s] if w["offers"][s] is not None else None for s in range(4)]
        for s in range(4):
            if w["offers"][s] is not None and expected[s] is None:
                self.fail(f"seat {s} was asked but never answered")
        self.need(e["answers"] == expected, f"claim answers {e['answers']}, answered {expected}")
        order = [(w["from"] + k) % 4 for k in (1, 2, 3)]
        winner: int | None = None
        kind: str | None = None
        for rank in (("mahjong",), ("pung", "kong"), ("chow",)):
            for s in order:
                a = expected[s]
                if a is not None and a.split()[0] in rank:
                    winner, kind = s, a.split()[0]
                    break
            if winner is not None:
                break
        self.need(
            e["seat"] == winner and e["claim"] == kind,
            f"claim went to seat {e['seat']} ({e['claim']}), priority gives seat {winner} ({kind}) (HK-4.7)",
        )
        tile, frm = w["tile"], w["from"]
        self.window = None
        if kind is None:
            self.need(e["tiles"] is None, "tiles of an unclaimed window")
            if w["on"] == "discard":
                self.next_draw(frm)
            else:
                self.state = ("replace", frm, "kong")
            return
        assert winner is not None
        if kind == "mahjong":
            self.need(tiles_of(e["tiles"]) == [tile], "a mahjong claim's tiles are the won tile")
            self.state = ("claimed_mahjong", winner, frm, w["on"], tile, w.get("final", False))
            return
        action = expected[winner]
        assert action is not None
        self.pond[tile] -= 1
        if kind == "chow":
            got = tiles_of(action.split()[1])
            self.need(sorted(tiles_of(e["tiles"])) == sorted(got), "chow tiles differ from the answer")
            for t in got:
                if t != tile:
                    self.remove(winner, t)
            self.melds[winner].append(Meld("chow", got))
            self.state = ("act", winner)
        elif kind == "pung":
            self.need(tiles_of(e["tiles"]) == [tile] * 3, "pung tiles")
            self.remove(winner, tile, 2)
            self.melds[winner].append(Meld("pung", [tile] * 3))
            self.state = ("act", winner)
        else:
            self.need(tiles_of(e["tiles"]) == [tile] * 4, "kong tiles")
            self.remove(winner, tile, 3)
            self.melds[winner].append(Meld("kong", [tile] * 4))
            self.kongs_declared += 1
            self.state = ("replace", winner, "kong")
        self.last_in = ("claim",)

    def on_kong(self, e: Mapping[str, Any]) -> None:
        self.end_deal()
        seat, tile, action = e["seat"], e["tile"], e["action"]
        self.need(self.state == ("act", seat), "a kong out of turn (HK-3.3)")
        self.need(not (self.no_dead_wall and not self.live), "a kong with the wall empty (MCR-3.3)")
        self.need(
            self.last_in[:1] in (("draw",), ("replacement",), ("dealt",)),
            "a kong on a turn that began with a claim, not a draw (HK-3.3)",
        )
        self.kongs_declared += 1
        if action == f"concealed kong {tile}":
            self.remove(seat, tile, 4)
            self.melds[seat].append(Meld("ckong", [tile] * 4))
            self.need("offers" not in e or all(o is None for o in e["offers"]), "a concealed kong offered for robbing (HK-4.10)")
            self.state = ("replace", seat, "kong")
            return
        self.need(action == f"added kong {tile}", f"kong action {action!r}")
        pungs = [m for m in self.melds[seat] if m.kind == "pung" and m.tiles[0] == tile]
        self.need(bool(pungs), f"added kong {tile} without an exposed pung (HK-3.3)")
        self.remove(seat, tile)
        offers: list[list[str] | None] = [None] * 4
        for s in range(4):
            if s == seat:
                continue
            flags = ["last_of_kind"] if self.rules == "mcr" else []
            if not self.dead_hand[s] and self.can_win(s, tile, "robbed_kong", seat, flags):
                offers[s] = ["pass", "mahjong"]
            elif self.ask_all:  # a dead hand too (MCR-4.3): offered nothing but a pass, as at a discard
                offers[s] = ["pass"]
        pungs[0].kind, pungs[0].tiles = "kong", [tile] * 4
        self.need(e.get("offers") == offers, f"robbing offers {e.get('offers')}, the rules give {offers} (HK-4.10)")
        if any(o is not None for o in offers):
            self.window = {"on": "added_kong", "from": seat, "tile": tile, "offers": offers}
            self.answers = [None] * 4
            self.state = ("window",)
        else:
            self.state = ("replace", seat, "kong")

    def declared_tiles(self, e: Mapping[str, Any], seat: int, extra: str | None) -> None:
        want = Counter(self.hands[seat])
        if extra:
            want[extra] += 1
        self.need(Counter(tiles_of(e["concealed"])) == want, f"concealed {e['concealed']} is not what seat {seat} holds")
        self.need(
            sorted(meld_key(m) for m in e["melds"]) == sorted(meld_key(m.text()) for m in self.melds[seat]),
            f"melds {e['melds']} are not seat {seat}'s groups",
        )

    def on_win(self, e: Mapping[str, Any]) -> None:
        seat, tile = e["seat"], e["tile"]
        st = self.state
        flags: list[str] = []
        if st[0] == "claimed_mahjong":
            _, who, frm, on, claimed, final = st
            self.need(seat == who and tile == claimed and e["from"] == frm, "win is not the claimed one")
            win = "discard" if on == "discard" else "robbed_kong"
            self.need(e["win"] == win, f"win type {e['win']}, expected {win}")
            self.need("action" not in e, "a claimed win carries an action")
            if win == "discard":
                flags = self.discard_flags(seat, tile, frm, final)
                if self.rules == "classical":
                    flags = []
            elif self.rules == "mcr":
                flags = ["last_of_kind"]
            if win == "robbed_kong":
                for m in self.melds[frm]:  # the robbed tile leaves the kong
                    if m.kind == "kong" and m.tiles[0] == tile:
                        m.kind, m.tiles = "pung", [tile] * 3
                        break
            extra: str | None = tile
        else:
            self.end_deal()
            self.need(self.state == ("act", seat), f"self-drawn win by seat {seat} out of turn")
            self.need(e.get("action") == "mahjong" and e["win"] == "self_draw" and e["from"] is None, "self-drawn win fields")
            frm, extra, win = None, None, "self_draw"
            self.need(
                tile == self.newest[seat], f"self-drawn win on {tile}, the last tile seat {seat} received is {self.newest[seat]}"
            )
            flags = self.self_draw_flags(seat, tile)
        self.declared_tiles(e, seat, extra)
        self.need(sorted(e["flags"]) == sorted(flags), f"flags {e['flags']}, the play gives {flags}")
        for f in flags:
            self.m.stats.flags[f] += 1
        self.need(e["prevailing"] == self.prevailing, "prevailing wind of the win")
        self.need(
            e["flowers"] == sorted(self.bonus[seat]["flowers"]) and e["seasons"] == sorted(self.bonus[seat]["seasons"]),
            f"bonus tiles of the win {e['flowers']} {e['seasons']}, seat {seat} exposed {self.bonus[seat]}",
        )
        res = self.score(self.request(seat, tile, win, frm, flags, extra))
        self.need(bool(res.get("valid")) and res.get("winning", True) is not False, f"the win does not score as a win: {res}")
        self.check_win_value(e, res, seat, frm)
        self.won = e
        self.m.stats.wins[f"{self.rules}:{win}"] += 1
        self.state = ("over",)

    def self_draw_flags(self, seat: int, tile: str) -> list[str]:
        """The flags of a self-drawn win, from the play (docs/record-format.md, R-1..R-3)."""
        flags: list[str] = []
        if self.discards == 0 and seat == 0 and self.kongs_declared == 0 and self.rules == "hk":
            flags.append("heavenly")
        else:
            # MCR-3.5 Ruling: with no dead wall, a replacement that empties the wall is its last tile
            emptied = self.no_dead_wall and self.last_in[:1] == ("replacement",) and not self.live
            if self.last_in == ("draw", "last") or emptied:
                flags.append("last_wall_tile")
            if self.last_in[:1] == ("replacement",) and self.last_in[1] == "kong" and self.rules != "classical":
                flags.append("kong_replacement")
        if self.rules == "mcr" and self.in_sight(tile) == 3 and self.hands[seat][tile] == 1:
            flags.append("last_of_kind")
        return flags

    def check_win_value(self, e: Mapping[str, Any], res: Mapping[str, Any], seat: int, frm: int | None) -> None:
        """The score from `hkmj score`, the payments recomputed from the rules pages."""
        pay = [0, 0, 0, 0]
        if self.rules == "hk":
            self.need(
                e["fan"] == res["fan"] and e["base"] == res["base"],
                f"fan/base {e['fan']}/{e['base']}, hkmj score {res['fan']}/{res['base']}",
            )
            ids = hk_ids()
            self.need(
                e["limit"] == (ids[res["limit"]] if res["limit"] is not None else None),
                f"limit {e['limit']}, hkmj score answers {res['limit']} (docs/scoring.md ids)",
            )
            self.need(
                [(i["id"], i["name"], i["fan"]) for i in e["items"]]
                == [(ids[i["name"]], i["name"], i["fan"]) for i in res["items"]],
                f"items {e['items']}, hkmj score {res['items']} (docs/scoring.md ids)",
            )
            base = hk_base(e["fan"], e["limit"] is not None, self.options)
            self.need(e["base"] == base, f"base {e['base']}, the fan table gives {base} (HK-6, house options)")
            for s in range(4):
                if s == seat:
                    continue
                if frm is None:
                    pay[s] = -2 * base
                elif self.options.get("payment", "seed") == "half-shooter":
                    pay[s] = -4 * base if s == frm else 0
                else:
                    pay[s] = -2 * base if s == frm else -base
        elif self.rules == "mcr":
            self.need(e["points"] == res["points"], f"points {e['points']}, hkmj score {res['points']}")
            self.need(
                e["points"] - e["fan_points"] == len(e["flowers"]) + len(e["seasons"]),
                "points minus fan_points is not the flowers (MCR-6.13)",
            )
            self.need(e["fan_points"] >= 8, "under 8 points (MCR-5.1)")
            fields = ("id", "name", "name_fr", "points", "count")  # each item as hkmj score gives it
            self.need(
                [tuple(i.get(k) for k in fields) for i in e["items"]] == [tuple(i.get(k) for k in fields) for i in res["items"]],
                f"items {e['items']}, hkmj score {res['items']}",
            )
            self.need(sum(i["points"] * i["count"] for i in e["items"]) == e["points"], "items do not add up to points")
            for s in range(4):
                if s != seat:
                    pay[s] = -(e["points"] + 8) if frm is None or s == frm else -8  # MCR-8
        else:
            got = (e["score"], e["hand_points"], e["doubles"])
            want = (res["score"], res["points"], res["doubles"])
            self.need(got == want and e["points"] == e["score"], f"score, points, doubles {got}, hkmj score {want}")
            self.need(
                sum(i["points"] * i["count"] for i in e["items"]) == e["points"],
                "items do not add up to points (docs/rules-classical.md, the win event)",
            )
            self.need(e["limit"] == res.get("limit_id"), f"limit {e['limit']}, hkmj score {res.get('limit_id')}")
            # the point lines and doubles hkmj score lists, in its order (`count` repeats a line),
            # then any limit adjustment (docs/rules-classical.md, the win event)
            lines = [k for k, _ in groupby(i["id"] for i in res["items"])]
            ids = [k for k, _ in groupby(i["id"] for i in e["items"])]
            self.need(  # the adjustment: `limit` for a score capped at the limit, the limit hand's id for one
                ids in (lines, [*lines, "limit"], [*lines, e["limit"]]),
                f"items {ids}, hkmj score's lines {lines} (docs/rules-classical.md)",
            )
            scores = e["hand_scores"]
            self.need(
                scores == [res["players"][w]["score"] for w in WINDS],
                f"hand_scores {scores}, hkmj score {[res['players'][w]['score'] for w in WINDS]}",
            )
            limit = int(self.options.get("limit", "1000"))
            for s in range(4):
                value = e["seat_points"][s] * 2 ** e["seat_doubles"][s]
                want = limit if s == seat and e["limit"] is not None else min(value, limit)
                self.need(
                    scores[s] == want,
                    f"hand score {scores[s]} of seat {s}: {e['seat_points'][s]} points x 2^{e['seat_doubles'][s]}, limit {limit} (CL-5, CL-6.2)",
                )
            pay = classical_settlement(scores, seat, self.options.get("pay_highest", "off") == "on")
        if self.rules != "classical":
            pay[seat] = -sum(pay)
        self.need(sum(pay) == 0, f"payments {pay} do not sum to zero (HK-6, MCR-8, CL-7.6)")
        self.need(list(e["payments"]) == pay, f"payments {e['payments']}, the rules give {pay}")
        for s in range(4):
            self.payments[s] += pay[s]

    def on_declare(self, e: Mapping[str, Any]) -> None:
        self.end_deal()
        self.need(self.state == ("act", e["seat"]) and e["action"] == "mahjong", "declare out of turn")
        self.state = ("declared", e["seat"])

    def check_reason(self, reason: str, seat: int, extra: str | None) -> None:
        """docs/record-format.md: the reason writes the hand, then why it is no win and how far it
        is from ready (Hong Kong and MCR shapes; the classical shapes are CL-2.4 and CL-6)."""
        hand = mpsz(self.hands[seat].elements()) + "".join(f" + {m.text()}" for m in self.melds[seat])
        head = f"{hand}{f' with {extra}' if extra else ''} is "
        self.need(reason.startswith(head), f"reason {reason[:60]!r} does not write the hand as {head!r}")
        rest = reason[len(head) :]
        if rest.startswith("complete but not a winning hand: "):
            return
        tiles = Counter(self.hands[seat])
        if extra:
            tiles[extra] += 1
        d = reason_distance(tiles, len(self.melds[seat]), self.rules)
        said = rest.rsplit("; it is ", 1)
        self.need(
            len(said) == 2 and said[1] == distance_words(d), f"reason says it is {said[-1]!r}; the hand is {distance_words(d)}"
        )
        if self.rules in SHAPES:
            self.need(
                said[0] == f"not a winning hand: it is not {SHAPES[self.rules]}", f"reason {said[0]!r} does not name the shapes"
            )

    def on_mahjong_refused(self, e: Mapping[str, Any]) -> None:
        """Teaching table (HK-5.7): a declaration that is no win is refused and nothing changes;
        on a turn the seat plays on, in a window it still answers."""
        self.need(self.teaching, "mahjong_refused at a table that is not teaching (HK-5.7)")
        rule = {"hk": "HK-5.7", "mcr": "MCR-5.4", "classical": "CL-7.7"}[self.rules]
        self.need(e["reason"].startswith(f"teaching table ({rule}): "), f"reason {e['reason'][:40]!r} does not cite {rule}")
        self.need(e["action"] == "mahjong", "mahjong_refused action")
        seat = e["seat"]
        claimed = self.window["tile"] if self.state == ("window",) and self.window is not None else None
        self.check_reason(e["reason"][len(f"teaching table ({rule}): ") :], seat, claimed)
        if self.state == ("window",):
            assert self.window is not None
            w = self.window
            self.need(w["offers"][seat] is not None and self.answers[seat] is None, "a refusal for a seat not asked")
            win = "discard" if w["on"] == "discard" else "robbed_kong"
            flags = self.discard_flags(seat, w["tile"], w["from"], w.get("final", False)) if win == "discard" else []
            self.need(not self.can_win(seat, w["tile"], win, w["from"], flags), "a winning declaration refused")
        else:
            self.end_deal()
            self.need(self.state == ("act", seat), f"a refusal out of turn ({self.state})")
            self.need(
                not any(self.can_win(seat, t, "self_draw", None, self.self_draw_flags(seat, t)) for t in set(self.hands[seat])),
                "a winning declaration refused",
            )
        self.m.stats.refusals += 1

    def on_false_mahjong(self, e: Mapping[str, Any]) -> None:
        seat = e["seat"]
        if self.rules == "mcr" and e.get("action") == "mahjong":
            self.end_deal()  # MCR-5.4: a declaration recorded as the false_mahjong itself, East's first turn included
        st = self.state
        self.m.stats.false_mahjongs += 1
        frm: int | None = None
        if st[0] == "claimed_mahjong":
            frm, tile = st[2], st[4]
            self.need(e["from"] == frm and e["tile"] == tile and seat == st[1], "false mahjong is not the claimed one")
            valid = self.can_win(
                seat,
                tile,
                "discard" if st[3] == "discard" else "robbed_kong",
                frm,
                self.discard_flags(seat, tile, frm, st[5]) if st[3] == "discard" else [],
            )
        elif st[0] == "declared" or (self.rules == "mcr" and st[0] == "act" and e.get("action") == "mahjong"):
            self.need(seat == st[1] and e["from"] is None and e["tile"] is None, "false mahjong is not the declared one")
            valid = any(self.can_win(seat, t, "self_draw", None, self.self_draw_flags(seat, t)) for t in set(self.hands[seat]))
            if st[0] == "act":
                self.need(e.get("dead_hand") is True, "MCR dead hand fields (MCR-5.4)")
                st = ("declared", seat)
        elif self.rules == "mcr" and st == ("window",):
            assert self.window is not None
            frm = self.window["from"]
            self.need(e.get("action") == "mahjong" and e.get("dead_hand") is True, "MCR dead hand fields (MCR-5.4)")
            self.need(
                self.answers[seat] is None and self.window["offers"][seat] is not None,
                "dead-hand declaration by a seat not asked",
            )
            self.answers[seat] = "pass"
            valid = "mahjong" in self.window["offers"][seat]
        else:
            self.fail(f"false_mahjong in state {st}")
            return
        self.need(not valid, "a false mahjong on a hand that wins")
        self.check_reason(e["reason"], seat, e["tile"])
        self.need(Counter(tiles_of(e["concealed"])) == self.hands[seat], "false mahjong's concealed tiles")
        pen = self.penalty_payments(seat, frm)
        self.need(list(e["payments"]) == pen, f"penalty {e['payments']}, the rules give {pen} (HK-5.7, MCR-5.4, CL-7.7)")
        for s in range(4):
            self.payments[s] += pen[s]
        if self.rules == "mcr":
            self.dead_hand[seat] = True
            if st[0] == "declared":
                self.state = ("act", seat)
            return
        self.penalty = e
        self.state = ("over",)

    def penalty_payments(self, seat: int, frm: int | None) -> list[int]:
        pay = [0, 0, 0, 0]
        for s in range(4):
            if s == seat:
                continue
            if self.rules == "hk":
                unit = hk_limit_base(self.options) * int(self.options.get("base", "1"))
                pay[s] = unit * (2 if s == frm else 1)
            elif self.rules == "mcr":
                pay[s] = 10
            else:
                pay[s] = int(self.options.get("limit", "1000")) * (2 if 0 in (s, seat) else 1)
        pay[seat] = -sum(pay)
        return pay

    def on_exhaustive_draw(self, e: Mapping[str, Any]) -> None:
        self.need(
            self.state == ("draw", e["seat"]) and not self.live, f"exhaustive draw with {len(self.live)} live tiles (HK-3.5)"
        )
        self.sizes(e)
        self.exhausted = True
        self.state = ("over",)

    def on_hand_end(self, e: Mapping[str, Any]) -> None:
        self.need(self.state == ("over",), f"hand_end before the hand is over ({self.state})")
        if self.won is not None:
            result, seat, frm = "win", self.won["seat"], self.won["from"]
        elif self.penalty is not None:
            result, seat, frm = "penalty", self.penalty["seat"], self.penalty["from"]
        else:
            result, seat, frm = "draw", None, None
        self.need(
            e["result"] == result and e["seat"] == seat and e["from"] == frm,
            f"hand_end result {e['result']}, play gives {result}",
        )
        self.need(list(e["payments"]) == self.payments, f"hand_end payments {e['payments']}, the events give {self.payments}")
        self.need(sum(e["payments"]) == 0, "payments do not sum to zero (HK-6)")
        before = self.start["scores"]
        self.need(list(e["scores"]) == [before[s] + self.payments[s] for s in range(4)], "scores are not before + payments")
        keeps = self.rules == "hk" and (result != "win" or seat == 0)
        self.need(e["dealer_keeps"] == keeps, f"dealer_keeps {e['dealer_keeps']}, rules give {keeps} (HK-7.2, MCR-2.2, CL-4.3)")
        self.m.stats.results[f"{self.rules}:{result}"] += 1
        self.ended = True
        self.result = e


def hk_ids() -> dict[str, str]:
    """Hong Kong element and limit names to their ids, read from the tables of docs/scoring.md."""
    global _HK_IDS
    if _HK_IDS is None:
        text = (Path(__file__).parents[2] / "docs" / "scoring.md").read_text()
        head = text.split("## MCR")[0]
        _HK_IDS = {m[2].strip(): m[1] for m in re.finditer(r"^\| `([a-z_0-9]+)` \| ([^|]+)\|", head, re.M)}
    return _HK_IDS


_HK_IDS: dict[str, str] | None = None


def hk_fan_table(table: str, f: int) -> int:
    if table == "half":
        return 2**f if f <= 4 else (2 ** (f // 2 + 2) if f % 2 == 0 else 3 * 2 ** ((f + 1) // 2))
    if table == "doubling":
        return 2**f
    if f <= 3:
        return 2**f
    return 16 * 2 ** ((f - 4) // 3)


def hk_limit_base(options: Mapping[str, str]) -> int:
    """The limit base of docs/house-options.md's tables."""
    limit = int(options.get("limit", "10"))
    table = options.get("table", "seed")
    if table == "seed":
        return 2 * hk_fan_table("seed", limit - 1)
    return hk_fan_table(table, limit)


def hk_base(fan: int, is_limit: bool, options: Mapping[str, str]) -> int:
    mult = int(options.get("base", "1"))
    if is_limit or fan >= int(options.get("limit", "10")):
        return hk_limit_base(options) * mult
    return hk_fan_table(options.get("table", "seed"), fan) * mult


def classical_settlement(scores: Sequence[int], winner: int, pay_highest: bool) -> list[int]:
    """CL-7: the winner is paid by each, non-winners pay the difference, East doubles."""
    pay = [0, 0, 0, 0]

    def transfer(a: int, b: int, amount: int) -> None:  # a pays b
        amount *= 2 if 0 in (a, b) else 1
        pay[a] -= amount
        pay[b] += amount

    for s in range(4):
        if s == winner:
            continue
        if pay_highest and scores[s] > scores[winner]:
            transfer(winner, s, 2 * (scores[s] - scores[winner]))
        else:
            transfer(s, winner, scores[winner])
    others = [s for s in range(4) if s != winner]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            if scores[a] < scores[b]:
                transfer(a, b, scores[b] - scores[a])
            elif scores[b] < scores[a]:
                transfer(b, a, scores[a] - scores[b])
    return pay


SEAT_TABLE = [(0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1)]
"""MCR-2.3 / CL-4.5: the first-seated players (A B C D) at E S W N in each round."""


class MatchReferee:
    """A match record: its header, its hands in turn and the rotation between them."""

    def __init__(self, stats: Stats | None = None) -> None:
        self.stats = stats or Stats()
        self.lineno = 0
        self.header: Mapping[str, Any] | None = None
        self.hand: HandReferee | None = None
        self.totals = [0, 0, 0, 0]
        self.hands_played = 0
        self.passes = 0
        self.players: list[int] = []
        self.first: list[int] = []
        self.expect_next: tuple[int, str] | None = None
        self.over = False

    def fail(self, why: str) -> None:
        raise RecordBroken(f"line {self.lineno}: {why}")

    def feed(self, e: Mapping[str, Any]) -> None:
        self.lineno += 1
        self.stats.events += 1
        kind = e["type"]
        if kind == "match_start":
            self.match_start(e)
        elif kind == "hand_start":
            self.hand_start(e)
        elif kind == "totals":
            self.on_totals(e)
        elif kind == "match_end":
            self.match_end(e)
        else:
            if self.hand is None:
                self.fail(f"{kind} outside a hand")
            assert self.hand is not None
            self.hand.event(e)

    def match_start(self, e: Mapping[str, Any]) -> None:
        if self.header is not None and not self.over:
            self.fail("a match_start before the previous match ended")
        lineno = self.lineno
        self.__init__(self.stats)  # type: ignore[misc]
        self.lineno = lineno
        self.header = e
        self.stats.matches += 1
        draw = e["seat_draw"]
        if sorted(draw) != sorted(WINDS):
            self.fail(f"seat_draw {draw} is not one of each wind (HK-2.1)")
        self.first = [draw.index(w) for w in WINDS]
        self.players = list(self.first)
        length, hands, cap = e.get("length"), e.get("hands"), e.get("max_hands")
        if length not in ("game", "round", "hands") or (hands is None) != (length != "hands"):
            self.fail(f"length {length!r} with hands {hands!r}: hands is N exactly when length is hands")
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
            self.fail(f"max_hands {cap!r} is not a number of hands")
        if "play" in e:  # hkmj play's header: the bots of players 2-4, their seeds, the screen's language and tiles
            play = e["play"]
            if (
                set(play) != {"bots", "bot_seeds", "lang", "glyphs"}
                or len(play["bots"]) != 3
                or not all(isinstance(b, str) for b in play["bots"])
                or len(play["bot_seeds"]) != 3
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in play["bot_seeds"])
                or play["lang"] not in ("en", "fr")
                or not isinstance(play["glyphs"], bool)
            ):
                self.fail(f"play header {play}: {{bots: [3 names], bot_seeds: [3 ints], lang: en or fr, glyphs: bool}}")
        if "table" in e:  # hkmj replay LOG --record's: the names by slot, the bots' slots, the server's moves for a person
            table = e["table"]
            if (
                not isinstance(table, dict)
                or set(table) != {"names", "bots", "others"}
                or not (isinstance(table["names"], list) and len(table["names"]) == 4 and all(isinstance(n, str) for n in table["names"]))
                or not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 3 for b in table["bots"])
                or not all(isinstance(n, int) and not isinstance(n, bool) and n > 1 for n in table["others"])
            ):
                self.fail(f"table header {table}: {{names: [4 names], bots: [slots 0-3], others: [line numbers]}}")

    def rules(self) -> str:
        return self.header.get("rules", "hk") if self.header else "hk"

    def hand_start(self, e: Mapping[str, Any]) -> None:
        if self.hand is not None and not self.hand.ended:
            self.fail("hand_start inside a hand")
        if self.header is not None:
            h = self.header
            if e.get("rules", "hk") != h.get("rules", "hk") or e.get("options") != h.get("options"):
                self.fail("the hand's rules or options differ from the match's")
            for name in ("teaching", "ask_all"):  # the table's, "as in match_start" (docs/record-format.md)
                if bool(e.get(name)) != bool(h.get(name)):
                    self.fail(f"the hand's {name} {e.get(name)} differs from the match's {h.get(name)}")
            cap = h.get("max_hands")
            if cap is not None and self.hands_played >= cap:
                self.fail(f"hand {self.hands_played + 1} of a match capped at max_hands {cap}")
            if e["hand"] != self.hands_played + 1:
                self.fail(f"hand number {e['hand']}, expected {self.hands_played + 1}")
            if e["players"] != self.players:
                self.fail(f"players {e['players']}, the rotation gives {self.players} (HK-7.2, MCR-2.3, CL-4.5)")
            if e["dealer"] != self.players[0]:
                self.fail("dealer is not the player at East")
            prev = WINDS[min(self.passes // 4, 3)]
            if e["prevailing"] != prev:
                self.fail(f"prevailing {e['prevailing']}, expected {prev} after {self.passes} passes (HK-7.3)")
            if e["scores"] != [self.totals[p] for p in self.players]:
                self.fail("hand_start scores are not the totals by seat")
        self.stats.hands += 1
        self.hand = HandReferee(e, self, self.lineno)

    def on_totals(self, e: Mapping[str, Any]) -> None:
        hand = self.hand
        if hand is None or not hand.ended or self.header is None:
            self.fail("totals outside a match or before hand_end")
        assert hand is not None
        pay = hand.result["payments"]
        for s in range(4):
            self.totals[self.players[s]] += pay[s]
        self.hands_played += 1
        if e["hand"] != self.hands_played or e["totals"] != self.totals:
            self.fail(f"totals {e['totals']}, the payments give {self.totals}")
        keeps = hand.result["dealer_keeps"]
        if e["dealer_keeps"] != keeps:
            self.fail("totals.dealer_keeps differs from hand_end")
        if not keeps:
            self.passes += 1
            if self.rules() == "hk":
                self.players = self.players[1:] + self.players[:1]
            else:
                rnd = min(self.passes // 4, 3)
                k = self.passes - 4 * rnd if self.passes < 16 else self.passes - 12
                table = [self.first[SEAT_TABLE[rnd][i]] for i in range(4)]
                self.players = [table[(s + k) % 4] for s in range(4)]
        if e["next_dealer"] != self.players[0] or e["next_prevailing"] != WINDS[min(self.passes // 4, 3)]:
            self.fail(
                f"next dealer {e['next_dealer']}/{e['next_prevailing']}, the rotation gives {self.players[0]}/{WINDS[min(self.passes // 4, 3)]}"
            )

    def match_end(self, e: Mapping[str, Any]) -> None:
        h = self.header
        if h is None:
            self.fail("match_end without match_start")
        assert h is not None
        if e["hands"] != self.hands_played or e["totals"] != self.totals:
            self.fail("match_end hands or totals")
        ranking = [1 + sum(t > self.totals[p] for t in self.totals) for p in range(4)]
        if e["ranking"] != ranking:
            self.fail(f"ranking {e['ranking']}, totals give {ranking}")
        if h["length"] == "hands":
            done = self.hands_played >= h["hands"]
        else:
            done = self.passes >= (16 if h["length"] == "game" else 4)
        if e["complete"] != done:
            self.fail(f"complete {e['complete']} after {self.hands_played} hands, {self.passes} passes")
        if not done and (h.get("max_hands") is None or self.hands_played != h["max_hands"]):
            self.fail("the match ended early without max_hands")
        self.over = True


def check_events(events: Iterable[Mapping[str, Any]], stats: Stats | None = None) -> Stats:
    """Referee a whole record (one or more matches); raises :class:`RecordBroken`."""
    ref = MatchReferee(stats)
    for e in events:
        ref.feed(e)
    if ref.header is not None and not ref.over:
        raise RecordBroken("the record stops before match_end")
    return ref.stats
