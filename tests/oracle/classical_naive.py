"""A naive, independent scorer for the classical points-and-doubles game, as an oracle.

Written from ``docs/rules-classical.md`` only (CL-2, CL-5, CL-6, CL-7), without reading or
importing ``hkmj`` (its scorer, rulesets or tile code). Tiles are plain strings (``"5p"``,
``"7z"``); a winning hand is read by brute force: every split of the concealed tiles into
pungs, chows and one pair, every group the winning tile may complete, and the reading that
scores most (then the most points, then the most doubles) is kept (CL-2.5). The three other
hands are scored by what they show and hold (CL-5.4), and every pair of players settles
(CL-7). ``tests/oracle/test_classical_differential.py`` compares it with ``hkmj``.

Input: the request of ``hkmj score --rules classical`` (a dict); the scorer trusts it to be a
legal deal (the differential test only sends legal ones). Output: :func:`score_request`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

SEATS = "ESWN"
WIND_TILES = ("1z", "2z", "3z", "4z")  # East, South, West, North (HK-1.4 notation)
DRAGON_TILES = ("5z", "6z", "7z")  # White, Green, Red
# CL-6.1: the dragon and the suit of the ruby, jade and opal dragons
DRAGON_LIMITS = (("ruby_dragon", "7z", "m"), ("jade_dragon", "6z", "s"), ("opal_dragon", "5z", "p"))
WONDERS = ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")

# CL-5.1: (exposed, concealed) points of each group line
PUNG_POINTS = {"simple": (2, 4), "terminal_wind": (4, 8), "dragon": (4, 8)}
KONG_POINTS = {"simple": (8, 16), "terminal_wind": (16, 32), "dragon": (16, 32)}
BONUS_POINTS = 4  # CL-5.1 line 11
MAHJONG_POINTS = 20  # CL-5.1 line 12


def parse_tiles(text: str) -> list[str]:
    """mpsz text as a list of tile strings: ``"123m55z"`` -> ``["1m", "2m", "3m", "5z", "5z"]``."""
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def compact(tiles: list[str]) -> str:
    """Tiles of one suit letter back to mpsz text: ``["5z", "5z"]`` -> ``"55z"``."""
    return "".join(sorted(t[0] for t in tiles)) + tiles[0][1]


def is_honour(t: str) -> bool:
    return t[1] == "z"


def is_terminal(t: str) -> bool:
    return not is_honour(t) and t[0] in "19"


def kind_of(t: str) -> str:
    """The CL-5.1 column of a pung or kong: dragons, 1/9 or winds, or 2-8."""
    if t in DRAGON_TILES:
        return "dragon"
    if t in WIND_TILES or is_terminal(t):
        return "terminal_wind"
    return "simple"


# A group is (shape, tiles, exposed): shape "chow", "pung", "kong" or "pair".
Group = tuple[str, tuple[str, ...], bool]


def parse_meld(text: str) -> Group:
    """``"pung 555m"`` -> ("pung", (...), True); ``ckong`` is a concealed kong (CL-5.1)."""
    word, tiles = text.split()
    ts = tuple(parse_tiles(tiles))
    if word == "ckong":
        return ("kong", ts, False)
    return (word, ts, True)


def splits(counts: Counter[str], need_pair: bool) -> Iterator[list[tuple[str, tuple[str, ...]]]]:
    """Every way to read the tiles as pungs, chows and (if ``need_pair``) exactly one pair (CL-2.4)."""
    left = sorted(t for t, n in counts.items() if n > 0)
    if not left:
        if not need_pair:
            yield []
        return
    first = min(left, key=lambda t: (t[1], t[0]))
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in splits(counts, need_pair):
            yield [("pung", (first,) * 3), *rest]
        counts[first] += 3
    if need_pair and counts[first] >= 2:
        counts[first] -= 2
        for rest in splits(counts, False):
            yield [("pair", (first,) * 2), *rest]
        counts[first] += 2
    if not is_honour(first) and int(first[0]) <= 7:
        nxt = [f"{int(first[0]) + k}{first[1]}" for k in (1, 2)]
        if all(counts[t] > 0 for t in nxt):
            for t in (first, *nxt):
                counts[t] -= 1
            for rest in splits(counts, need_pair):
                yield [("chow", (first, *nxt)), *rest]
            for t in (first, *nxt):
                counts[t] += 1


def group_points(group: Group, seat_wind: str, prevailing: str) -> list[dict[str, Any]]:
    """The CL-5.1 point items of one group (a list: a pair may meet two lines)."""
    shape, tiles, exposed = group
    t = tiles[0]
    text = compact(list(tiles))
    items: list[dict[str, Any]] = []

    def add(item_id: str, pts: int) -> None:
        items.append({"id": item_id, "points": pts, "tiles": text, "exposed": exposed})

    if shape == "pair":
        # lines 1-3, with the page's Rulings: seat and prevailing both count; line 3 is read for dragons
        if t == seat_wind:
            add("pair_seat_wind", 2)
        if t == prevailing:
            add("pair_prevailing_wind", 2)
        if t in DRAGON_TILES:
            add("pair_dragon", 0 if exposed else 2)
        return [i for i in items if i["points"]]
    if shape == "chow":
        return []  # line 4: 0
    table = PUNG_POINTS if shape == "pung" else KONG_POINTS
    k = kind_of(t)
    add(f"{shape}_{k}", table[k][0 if exposed else 1])
    return items


def shared_doubles(groups: list[Group], seat: int, prevailing: str, flowers: list[int], seasons: list[int]) -> list[str]:
    """CL-5.2: the doubles every player may earn, one id per condition met."""
    out: list[str] = []
    for shape, tiles, _ in groups:
        if shape not in ("pung", "kong"):
            continue
        t = tiles[0]
        if t == WIND_TILES[seat]:
            out.append("seat_wind_set")
        if t == prevailing:
            out.append("prevailing_wind_set")
        if t in DRAGON_TILES:
            out.append("dragon_set")
    if seat + 1 in flowers:
        out.append("own_flower")
    if seat + 1 in seasons:
        out.append("own_season")
    if len(set(flowers)) == 4:
        out.append("all_four_flowers")
    if len(set(seasons)) == 4:
        out.append("all_four_seasons")
    return out


def finish(points_items: list[dict[str, Any]], doubles: list[str], limit: int, limit_id: str | None) -> dict[str, Any]:
    """Points x 2^doubles capped at the limit, or the limit for a limit hand (CL-5, CL-6.2)."""
    points = sum(i["points"] for i in points_items)
    score = limit if limit_id else min(points * 2 ** len(doubles), limit)
    items = [*points_items, *({"id": d, "doubles": 1} for d in doubles)]
    return {"points": points, "doubles": len(doubles), "score": score, "limit_id": limit_id, "items": items}


def score_non_winner(hand: dict[str, Any] | None, seat: int, prevailing: str, limit: int) -> dict[str, Any]:
    """CL-5.4: declared groups, any three or four alike in hand as a concealed pung, bonus tiles;
    then the CL-5.2 doubles; pairs score nothing; no Mahjong points, no winner's doubles."""
    if hand is None:
        return {"points": 0, "doubles": 0, "score": 0, "limit_id": None, "items": []}
    groups = [parse_meld(m) for m in hand.get("melds", [])]
    counts = Counter(parse_tiles(hand["hand"]))
    groups += [("pung", (t,) * 3, False) for t, n in sorted(counts.items()) if n >= 3]
    flowers, seasons = list(hand.get("flowers", [])), list(hand.get("seasons", []))
    items = [i for g in groups for i in group_points(g, WIND_TILES[seat], prevailing)]
    items += bonus_items(flowers, seasons)
    return finish(items, shared_doubles(groups, seat, prevailing, flowers, seasons), limit, None)


def bonus_items(flowers: list[int], seasons: list[int]) -> list[dict[str, Any]]:
    """CL-5.1 line 11: 4 points for each flower (``1f``-``4f``) and season (``5f``-``8f``)."""
    tiles = [f"{n}f" for n in sorted(flowers)] + [f"{n + 4}f" for n in sorted(seasons)]
    return [{"id": "bonus_tile", "points": BONUS_POINTS, "tiles": t} for t in tiles]


def limit_of(groups: list[Group]) -> str | None:
    """CL-6.1 for a four-groups-and-a-pair reading (the seven pairs and thirteen wonders are
    tested on the tiles by the caller)."""
    tiles = [t for _, ts, _ in groups for t in ts]
    sets = [g for g in groups if g[0] in ("pung", "kong")]
    pair = next(g for g in groups if g[0] == "pair")
    if all(is_terminal(t) for t in tiles) and len(sets) == 4:
        return "all_terminals"
    if sum(1 for g in groups if g[0] == "kong") == 4:
        return "four_kongs"
    if {g[1][0] for g in sets} >= set(WIND_TILES):
        return "big_four_winds"
    for lim, dragon, suit in DRAGON_LIMITS:
        if len(sets) == 4 and any(g[1][0] == dragon for g in sets):
            others = [g for g in sets if g[1][0] != dragon]
            if len(others) == 3 and all(g[1][0][1] == suit for g in others) and pair[1][0][1] == suit:
                return lim
    return None


def nine_gates(concealed: list[str], melds: list[Group]) -> bool:
    """CL-6.1, CL-6.4: concealed, one suit, 1112345678999 and one more tile of that suit."""
    if melds or len(concealed) != 14 or is_honour(concealed[0]):
        return False
    suit = concealed[0][1]
    if any(t[1] != suit for t in concealed):
        return False
    c = Counter(int(t[0]) for t in concealed)
    base = Counter({1: 3, 9: 3, **{n: 1 for n in range(2, 9)}})
    return all(c[n] >= k for n, k in base.items())


def winner_doubles(groups: list[Group], melds: list[Group], req: dict[str, Any]) -> list[str]:
    """CL-5.3: the winner's own doubles."""
    out: list[str] = []
    tiles = [t for _, ts, _ in groups for t in ts]
    if not any(g[0] == "chow" for g in groups):
        out.append("no_chow")
    if not any(is_honour(t) for t in tiles) and len({t[1] for t in tiles}) == 1:
        out.append("pure_suit")
    if not any(exposed for _, _, exposed in melds):
        out.append("concealed")  # Ruling: a win on a discard keeps it; declared concealed kongs allowed
    if req["win"] == "robbed_kong":
        out.append("robbing_a_kong")
    if req["win"] == "self_draw":
        out.append("self_drawn")
        if "last_wall_tile" in req.get("flags", []):
            out.append("last_wall_tile")  # Ruling: a self-draw only, on top of self_drawn
    return out


def score_winner(req: dict[str, Any], seat: int, limit: int) -> dict[str, Any] | None:
    """The best reading of the winner's hand (CL-2.5), or None when it has none (not a win)."""
    hand = req["hands"][SEATS[seat]]
    concealed = parse_tiles(hand["hand"])
    melds = [parse_meld(m) for m in hand.get("melds", [])]
    flowers, seasons = list(hand.get("flowers", [])), list(hand.get("seasons", []))
    prevailing = WIND_TILES[SEATS.index(req["prevailing"])]
    seat_wind = WIND_TILES[seat]
    win_tile = req["win_tile"]
    on_discard = req["win"] != "self_draw"  # CL-2.3: a discard or a robbed kong tile exposes its group
    bonus = bonus_items(flowers, seasons)
    mahjong = [{"id": "mahjong", "points": MAHJONG_POINTS}]
    candidates: list[dict[str, Any]] = []

    def consider(groups: list[Group], limit_id: str | None) -> None:
        items = [i for g in groups for i in group_points(g, seat_wind, prevailing)] + bonus + mahjong
        doubles = shared_doubles(groups, seat, prevailing, flowers, seasons) + winner_doubles(groups, melds, req)
        candidates.append(finish(items, doubles, limit, limit_id))

    counts = Counter(concealed)
    for split in splits(counts, need_pair=True):
        for k, (shape, ts) in enumerate(split):
            if win_tile not in ts or any(win_tile in split[j][1] and split[j] == (shape, ts) for j in range(k)):
                continue  # the winning tile goes into each distinct group that can hold it once
            groups: list[Group] = [(sh, t, on_discard and j == k) for j, (sh, t) in enumerate(split)]
            groups += melds
            lim = limit_of(groups)
            if lim is None and nine_gates(concealed, melds):
                lim = "nine_gates"
            consider(groups, lim)
    if not melds and len(concealed) == 14:
        pairs = [t for t, n in counts.items() if n == 2]
        if len(pairs) == 7:  # CL-6.1, CL-6.3: seven distinct pairs
            groups = [("pair", (t, t), on_discard and t == win_tile) for t in pairs]
            items = [i for g in groups for i in group_points(g, seat_wind, prevailing)] + bonus + mahjong
            doubles = shared_doubles(groups, seat, prevailing, flowers, seasons) + winner_doubles(groups, melds, req)
            candidates.append(finish(items, doubles, limit, "seven_pairs"))
        if set(counts) == set(WONDERS):  # CL-6.1: thirteen wonders, the 14th pairing one of them
            pair = next(t for t, n in counts.items() if n == 2)
            groups = [("pair", (pair, pair), on_discard and pair == win_tile)]
            singles: list[Group] = [("single", (t,), False) for t in counts if t != pair]
            items = [i for g in groups for i in group_points(g, seat_wind, prevailing)] + bonus + mahjong
            doubles = shared_doubles(groups, seat, prevailing, flowers, seasons) + winner_doubles(groups + singles, melds, req)
            candidates.append(finish(items, doubles, limit, "thirteen_wonders"))
    if not candidates:
        return None

    def rank(c: dict[str, Any]) -> tuple[int, bool, int, int]:
        return (c["score"], c["limit_id"] is not None, c["points"], c["doubles"])

    best = max(candidates, key=rank)
    # Readings that tie on everything the page ranks by (CL-2.5) may place a group differently
    # (``66667788999s`` won on a discarded 9s: a concealed pung of 666s or the exposed pung of
    # 999s, 4 points either way): every such itemisation is a right answer.
    best["readings"] = [c["items"] for c in candidates if rank(c) == rank(best)]
    return best


def settle(scores: list[int], winner: int, pay_highest: bool) -> list[tuple[str, str, int, str]]:
    """CL-7: transfers (payer, payee, amount, why), East's amounts doubled (CL-7.3)."""
    out: list[tuple[str, str, int, str]] = []
    for a in range(4):
        for b in range(a + 1, 4):
            east = 2 if 0 in (a, b) else 1
            if winner in (a, b):
                other = b if a == winner else a
                if pay_highest and scores[other] > scores[winner]:  # CL-7.4
                    out.append((SEATS[winner], SEATS[other], 2 * east * (scores[other] - scores[winner]), "pay_highest"))
                else:  # CL-7.1
                    out.append((SEATS[other], SEATS[winner], east * scores[winner], "mahjong"))
            elif scores[a] != scores[b]:  # CL-7.2: the lower score pays the difference
                lo, hi = (a, b) if scores[a] < scores[b] else (b, a)
                out.append((SEATS[lo], SEATS[hi], east * (scores[hi] - scores[lo]), "difference"))
    return [t for t in out if t[2]]


def score_request(req: dict[str, Any]) -> dict[str, Any]:
    """Score one ``hkmj score --rules classical`` request: ``players`` (points, doubles, score,
    limit_id, items per seat), ``settlement`` by seat and ``transfers``; or ``{"valid": False}``
    when the winner's hand has no winning reading."""
    options = req.get("options", {})
    limit = int(options.get("limit", 1000))
    winner = SEATS.index(req["winner"])
    prevailing = WIND_TILES[SEATS.index(req["prevailing"])]
    players: dict[str, dict[str, Any]] = {}
    for seat, letter in enumerate(SEATS):
        if seat == winner:
            best = score_winner(req, seat, limit)
            if best is None:
                return {"valid": False}
            players[letter] = best
        else:
            players[letter] = score_non_winner(req["hands"].get(letter), seat, prevailing, limit)
    scores = [players[s]["score"] for s in SEATS]
    transfers = settle(scores, winner, bool(options.get("pay_highest", False)))
    settlement = dict.fromkeys(SEATS, 0)
    for payer, payee, amount, _ in transfers:
        settlement[payer] -= amount
        settlement[payee] += amount
    return {"valid": True, "players": players, "settlement": settlement, "transfers": transfers}
