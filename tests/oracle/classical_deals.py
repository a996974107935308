"""Seeded random legal classical deals for the differential test (docs/rules-classical.md).

A deal is the request of ``hkmj score --rules classical``: a winning hand of every shape the
page allows (four groups and a pair with concealed and exposed chows, pungs, kongs and
declared concealed kongs; seven pairs, thirteen wonders, nine gates), three other hands of
13 tiles (melds counted as three) with pungs in hand now and then, the eight bonus tiles
dealt at random, every seat winning, every prevailing wind, a self-draw (on the last wall
tile or not), a discard or a robbed kong (the robbed player holds the exposed pung, CL-3.4),
and both options; now and then one tile is changed, so that most such hands have no
winning reading. No tile is used more than four times (CL-1.1). Built from plain strings:
nothing is imported from ``hkmj``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

SEATS = "ESWN"
SUIT_KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
HONOURS = [f"{n}z" for n in range(1, 8)]
ALL_KINDS = SUIT_KINDS + HONOURS
TERMINALS = [f"{n}{s}" for s in "mps" for n in (1, 9)]
POOLS: list[list[str]] = [
    ALL_KINDS,
    ALL_KINDS,
    HONOURS + TERMINALS,  # big winds, all terminals and their look-alikes
    [f"{n}s" for n in range(1, 10)] + ["6z"],  # jade dragon and look-alikes
    [f"{n}m" for n in range(1, 10)] + ["7z", "5z"],  # ruby dragon and look-alikes
    [f"{n}p" for n in range(1, 10)] + ["5z"],  # opal dragon
    [f"{n}{s}" for n in range(1, 10) for s in "m"],  # one suit: pure hands, nine gates look-alikes
    TERMINALS,
    ["1z", "2z", "3z", "4z", "1z", "2z", "3z", "4z", "5z", "9p"],  # big four winds and look-alikes
]


class Exhausted(Exception):
    """The wall has no more copies of a tile the generator wanted: try again."""


def compact(tiles: list[str]) -> str:
    """Tiles as mpsz text, grouped by suit (``"123m55z"``)."""
    out = ""
    for suit in "mpsz":
        digits = sorted(t[0] for t in tiles if t[1] == suit)
        if digits:
            out += "".join(digits) + suit
    return out


class Wall:
    """The 136 playing tiles still free (four copies of each kind)."""

    def __init__(self) -> None:
        self.left: Counter[str] = Counter({k: 4 for k in ALL_KINDS})

    def take(self, tiles: list[str]) -> list[str]:
        need = Counter(tiles)
        if any(self.left[t] < n for t, n in need.items()):
            raise Exhausted
        self.left -= need
        return tiles


def random_group(rng: random.Random, pool: list[str], chow_rate: float, kong_rate: float = 0.2) -> tuple[str, list[str]]:
    t = rng.choice(pool)
    if t[1] != "z" and int(t[0]) <= 7 and rng.random() < chow_rate:
        return "chow", [t, f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"]
    if rng.random() < kong_rate:
        return "kong", [t] * 4
    return "pung", [t] * 3


def winning_hand(rng: random.Random, wall: Wall) -> tuple[list[str], list[str]]:
    """Concealed tiles (with the winning tile) and melds of a winning hand."""
    shape = rng.random()
    if shape < 0.04:  # CL-6.1 seven pairs; now and then four alike as two pairs (CL-6.3: no seven pairs)
        kinds = rng.sample(rng.choice(POOLS[:2] + POOLS[3:7]), 7) if rng.random() < 0.5 else rng.sample(ALL_KINDS, 7)
        if rng.random() < 0.15:
            kinds[6] = kinds[0]
        return wall.take([t for k in kinds for t in (k, k)]), []
    if shape < 0.07:  # CL-6.1 thirteen wonders
        wonders = TERMINALS + HONOURS
        return wall.take(wonders + [rng.choice(wonders)]), []
    if shape < 0.10:  # CL-6.1 nine gates
        suit = rng.choice("mps")
        base = [f"{n}{suit}" for n in [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]]
        return wall.take(base + [f"{rng.randint(1, 9)}{suit}"]), []
    if shape < 0.12:  # CL-6.1 big four winds: a set of each wind, any pair
        groups: list[list[str]] = [[w] * rng.choice([3, 3, 4]) for w in HONOURS[:4]]
        pair = rng.choice(ALL_KINDS)
    else:
        pool = rng.choice(POOLS)
        groups, pair = random_groups(rng, pool), rng.choice(pool)
    concealed: list[str] = []
    melds: list[str] = []
    for tiles in groups:
        wall.take(tiles)
        text = compact(tiles)
        if len(tiles) == 4:
            melds.append(("ckong " if rng.random() < 0.4 else "kong ") + text)
        elif rng.random() < 0.35:
            melds.append(f"{'pung' if tiles[0] == tiles[1] else 'chow'} {text}")
        else:
            concealed += tiles
    concealed += wall.take([pair, pair])
    return concealed, melds


def random_groups(rng: random.Random, pool: list[str]) -> list[list[str]]:
    """Four random chows, pungs and kongs drawn from ``pool`` (not yet taken from the wall)."""
    chow_rate = rng.choice([0.0, 0.3, 0.6])
    kong_rate = rng.choice([0.1, 0.2, 0.6])
    return [random_group(rng, pool, chow_rate, kong_rate)[1] for _ in range(4)]


def other_hand(rng: random.Random, wall: Wall) -> dict[str, Any]:
    """A non-winner's 13 tiles (CL-5.4): some declared groups, the rest in hand, with pungs and
    four alike in hand now and then."""
    melds: list[str] = []
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        kind, tiles = random_group(rng, rng.choice(POOLS), 0.4)
        wall.take(tiles)
        word = {"kong": rng.choice(["kong", "ckong"]), "pung": "pung", "chow": "chow"}[kind]
        melds.append(f"{word} {compact(tiles)}")
    n = 13 - 3 * len(melds)
    hand: list[str] = []
    while len(hand) < n:
        t = rng.choice(ALL_KINDS)
        k = min(rng.choice([1, 1, 1, 2, 3, 4]), n - len(hand), wall.left[t])
        hand += wall.take([t] * k)
    return {"hand": compact(hand), "melds": melds}


def random_deal(rng: random.Random) -> dict[str, Any]:
    """One legal classical deal as a ``hkmj score --rules classical`` request."""
    while True:
        try:
            return _deal(rng)
        except Exhausted:
            continue


def _deal(rng: random.Random) -> dict[str, Any]:
    wall = Wall()
    winner = rng.randrange(4)
    concealed, melds = winning_hand(rng, wall)
    if rng.random() < 0.04:  # one tile changed: mostly no winning reading (CL-2.4), both must refuse
        i = rng.randrange(len(concealed))
        wall.left[concealed[i]] += 1
        concealed[i] = wall.take([rng.choice([k for k in ALL_KINDS if wall.left[k]])])[0]
    win_tile = rng.choice(concealed)
    win = rng.choice(["self_draw", "self_draw", "discard", "discard", "robbed_kong"])
    discarder = rng.choice([s for s in range(4) if s != winner])
    hands: dict[str, Any] = {}
    robbed: str | None = None
    if win == "robbed_kong":  # CL-3.4: the robbed player's pung of the tile stays exposed
        if concealed.count(win_tile) == 1 and wall.left[win_tile] == 3:
            wall.take([win_tile] * 3)
            robbed = f"pung {compact([win_tile] * 3)}"
        else:
            win = "discard"
    hands[SEATS[winner]] = {"hand": compact(concealed), "melds": melds}
    for seat in range(4):
        if seat == winner:
            continue
        if rng.random() < 0.05:
            hands[SEATS[seat]] = None
            continue
        if robbed and seat == discarder:
            other = {"hand": "", "melds": [robbed]}
            for _ in range(rng.choice([0, 1])):
                kind, tiles = random_group(rng, rng.choice(POOLS), 0.4)
                other["melds"].append(f"{kind} {compact(wall.take(tiles))}")
            n = 13 - 3 * len(other["melds"])
            other["hand"] = compact(wall.take(rng.sample([t for t, c in wall.left.items() for _ in range(c)], n)))
            hands[SEATS[seat]] = other
        else:
            hands[SEATS[seat]] = other_hand(rng, wall)
    for seat in range(4):
        hand = hands[SEATS[seat]]
        if hand is not None:
            hand["flowers"], hand["seasons"] = [], []
    for key in ("flowers", "seasons"):  # CL-5.2: own bonus tiles, and all four now and then
        if rng.random() < 0.08:
            owners: list[int | None] = [rng.randrange(4)] * 4
        else:
            owners = [rng.choice([None, None, None, 0, 1, 2, 3]) for _ in range(4)]
        for n, owner in enumerate(owners, start=1):
            if owner is not None and hands[SEATS[owner]] is not None:
                hands[SEATS[owner]][key].append(n)
    req: dict[str, Any] = {
        "hands": hands,
        "winner": SEATS[winner],
        "win": win,
        "win_tile": win_tile,
        "prevailing": rng.choice(SEATS),
        "flags": ["last_wall_tile"] if win == "self_draw" and rng.random() < 0.2 else [],
        "options": {"pay_highest": rng.random() < 0.5, "limit": rng.choice([1000, 1000, 1000, 500, 2000, 100])},
    }
    if win != "self_draw":
        req["discarder"] = SEATS[discarder]
    return req
