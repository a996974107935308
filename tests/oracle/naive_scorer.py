"""A second, naive scorer written independently from the rules page, as an oracle.

Tiles are strings ("5p"), readings are found by plain recursion over a Counter; nothing is
shared with ``hkmj.scoring``. ``tests/oracle/test_differential.py`` scores thousands of random
hands with both and requires the same fan, limit, base and items (HK-5, HK-6).
"""
# ruff: noqa
# mypy: ignore-errors

import re
from collections import Counter

ORDER = [
    "Dragon pung",
    "Seat wind pung",
    "Prevailing wind pung",
    "All chows",
    "All pungs",
    "Mixed one suit",
    "Pure one suit",
    "Seven pairs",
    "No bonus tiles",
    "Seat flower",
    "Seat season",
    "All four flowers",
    "All four seasons",
    "Self-drawn",
    "Win on the last wall tile",
    "Win on the final discard",
    "Robbing a kong",
    "Win on a kong replacement",
    "Small three dragons",
]
FANS = [1, 1, 1, 1, 3, 3, 6, 4, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 4]
IDS = [
    "dragon_pung",
    "seat_wind_pung",
    "prevailing_wind_pung",
    "all_chows",
    "all_pungs",
    "mixed_one_suit",
    "pure_one_suit",
    "seven_pairs",
    "no_bonus",
    "seat_flower",
    "seat_season",
    "all_four_flowers",
    "all_four_seasons",
    "self_drawn",
    "last_wall_tile",
    "final_discard",
    "robbing_a_kong",
    "kong_replacement",
    "small_three_dragons",
]
LIMITS = [
    ("heavenly_hand", "Heavenly hand"),
    ("earthly_hand", "Earthly hand"),
    ("thirteen_orphans", "Thirteen orphans"),
    ("nine_gates", "Nine gates"),
    ("four_kongs", "Four kongs"),
    ("big_four_winds", "Big four winds"),
    ("small_four_winds", "Small four winds"),
    ("big_three_dragons", "Big three dragons"),
    ("all_honours", "All honours"),
    ("all_terminals", "All terminals"),
    ("four_concealed_pungs", "Four concealed pungs"),
    ("jade_dragon", "Jade dragon"),
    ("ruby_dragon", "Ruby dragon"),
    ("pearl_dragon", "Pearl dragon"),
]
NAME2FAN = dict(zip(ORDER, FANS))
SEATS = "ESWN"


def parse(s):
    if not re.fullmatch(r"(\d+[mpsz])*", s):
        raise ValueError("syntax " + s)
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", s):
        for d in digits:
            t = d + suit
            if d == "0" or (suit == "z" and d > "7"):
                raise ValueError("unknown tile " + t)
            out.append(t)
    return out


def base_of(fan):
    return 1 if fan == 0 else 2 if fan == 1 else 4 if fan == 2 else 8 if fan == 3 else 16 if fan <= 6 else 32 if fan <= 9 else 64


def decomps(tiles):
    """All standard readings of concealed tiles: list of (groups, pair)."""
    res = set()
    c = Counter(tiles)

    def rec(c, groups, pair):
        keys = sorted(k for k, v in c.items() if v)
        if not keys:
            if pair is not None:
                res.add((tuple(sorted(groups)), pair))
            return
        t = keys[0]
        n, s = int(t[0]), t[1]
        if pair is None and c[t] >= 2:
            c[t] -= 2
            rec(c, groups, t)
            c[t] += 2
        if c[t] >= 3:
            c[t] -= 3
            rec(c, groups + [("pung", t)], pair)
            c[t] += 3
        if s != "z" and n <= 7:
            a, b = f"{n + 1}{s}", f"{n + 2}{s}"
            if c[a] and c[b]:
                c[t] -= 1
                c[a] -= 1
                c[b] -= 1
                rec(c, groups + [("chow", t)], pair)
                c[t] += 1
                c[a] += 1
                c[b] += 1

    rec(c, [], None)
    return res


def meld_parse(m):
    kind, tiles = m.split()
    ts = parse(tiles)
    if kind == "chow":
        ok = (
            len(ts) == 3
            and ts[0][1] != "z"
            and len({t[1] for t in ts}) == 1
            and [int(t[0]) for t in ts] == list(range(int(ts[0][0]), int(ts[0][0]) + 3))
        )
        return ("chow", ts[0], False, False), ts, ok
    n = 3 if kind == "pung" else 4
    ok = len(ts) == n and len(set(ts)) == 1 and kind in ("pung", "kong", "ckong")
    return (("pung" if kind == "pung" else "kong"), ts[0], kind != "ckong", kind == "ckong"), ts, ok


def mini_score(inp):
    """Independent scorer, for cross-checking only. Returns (fan, limit, base, items)."""
    hand = parse(inp["hand"])
    melds = [meld_parse(m)[0] for m in inp.get("melds", [])]
    seat, prev = inp["seat"], inp["prevailing"]
    fl, se, flags, win = inp.get("flowers", []), inp.get("seasons", []), inp.get("flags", []), inp["win"]
    all_tiles = hand + [x for m in inp.get("melds", []) for x in meld_parse(m)[1]]
    honours = [t for t in all_tiles if t[1] == "z"]
    suits = {t[1] for t in all_tiles if t[1] != "z"}
    wind_of = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}
    common = []
    if not fl and not se:
        common.append("No bonus tiles")
    if seat and len(set(fl)) < 4 and SEATS.index(seat) + 1 in fl:
        common.append("Seat flower")
    if len(set(se)) < 4 and SEATS.index(seat) + 1 in se:
        common.append("Seat season")
    if len(set(fl)) == 4:
        common.append("All four flowers")
    if len(set(se)) == 4:
        common.append("All four seasons")
    if win == "self_draw":
        common.append("Self-drawn")
    if "last_wall_tile" in flags:
        common.append("Win on the last wall tile")
    if "final_discard" in flags:
        common.append("Win on the final discard")
    if win == "robbed_kong":
        common.append("Robbing a kong")
    if "kong_replacement" in flags:
        common.append("Win on a kong replacement")
    suit_items = []
    if len(suits) == 1 and honours:
        suit_items.append("Mixed one suit")
    if len(suits) == 1 and not honours:
        suit_items.append("Pure one suit")
    readings = []

    def lim_generic(groups_or_none, pair):
        L = []
        if "heavenly" in flags:
            L.append("Heavenly hand")
        if "earthly" in flags:
            L.append("Earthly hand")
        return L

    # standard readings
    for groups, pair in decomps(hand):
        gs = [(k, t, False, False) for k, t in groups] + melds  # (kind,tile,exposed,ckong)
        items = []
        dr = [g for g in gs if g[0] != "chow" and g[1] in ("5z", "6z", "7z")]
        items += ["Dragon pung"] * len(dr)
        if any(g[0] != "chow" and g[1] == wind_of[seat] for g in gs):
            items.append("Seat wind pung")
        if any(g[0] != "chow" and g[1] == wind_of[prev] for g in gs):
            items.append("Prevailing wind pung")
        chows = [g for g in gs if g[0] == "chow"]
        if len(chows) == 4:
            items.append("All chows")
        if not chows:
            items.append("All pungs")
        items += suit_items + common
        if len(dr) == 2 and pair in ("5z", "6z", "7z"):
            items.append("Small three dragons")
        items.sort(key=ORDER.index)
        L = lim_generic(gs, pair)
        if sorted(all_tiles) == sorted(all_tiles) and not melds and len(suits) == 1 and not honours:
            cnt = Counter(hand)
            s = next(iter(suits))
            need = Counter({f"1{s}": 3, f"9{s}": 3, **{f"{i}{s}": 1 for i in range(2, 9)}})
            if all(cnt[k] >= v for k, v in need.items()):
                L.append("Nine gates")
        if sum(1 for g in gs if g[0] == "kong") == 4:
            L.append("Four kongs")
        wp = [g for g in gs if g[0] != "chow" and g[1] in ("1z", "2z", "3z", "4z")]
        if len(wp) == 4:
            L.append("Big four winds")
        if len(wp) == 3 and pair in ("1z", "2z", "3z", "4z"):
            L.append("Small four winds")
        if len(dr) == 3:
            L.append("Big three dragons")
        if all(t[1] == "z" for t in all_tiles):
            L.append("All honours")
        if all(t[1] != "z" and t[0] in "19" for t in all_tiles):
            L.append("All terminals")
        if not chows and all(not g[2] for g in gs) and win == "self_draw":
            L.append("Four concealed pungs")
        for s, d, nm in (("s", "6z", "Jade dragon"), ("m", "7z", "Ruby dragon"), ("p", "5z", "Pearl dragon")):
            if (
                not chows
                and pair[1] == s
                and any(g[1] == d for g in gs)
                and all(g[1][1] == s or g[1] == d for g in gs)
                and sum(g[1][1] == s for g in gs) == 3
            ):
                L.append(nm)
        readings.append((items, L, ("std", groups, pair)))
    # seven pairs
    cnt = Counter(hand)
    if not melds and len(hand) == 14 and len(cnt) == 7 and all(v == 2 for v in cnt.values()):
        items = sorted(suit_items + ["Seven pairs"] + common, key=ORDER.index)
        L = lim_generic(None, None)
        if all(t[1] == "z" for t in hand):
            L.append("All honours")
        readings.append((items, L, ("7p",)))
    orphans = {"1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}
    if not melds and len(hand) == 14 and set(hand) == orphans:
        items = sorted(common, key=ORDER.index)
        L = lim_generic(None, None) + ["Thirteen orphans"]
        readings.append((items, L, ("13o",)))
    if not readings:
        return None
    order = [n for _, n in LIMITS]
    best = None
    for items, L, r in readings:
        fan = sum(NAME2FAN[i] for i in items)
        L = sorted(set(L), key=order.index)
        lim = L[0] if L else None
        base = 64 if lim else base_of(fan)
        key = (base, fan)
        if best is None or key > best[0]:
            best = (key, fan, lim, base, items, len(readings))
    return best[1:]
