"""Rare Hong Kong shapes against the independent naive scorer (HK-5, HK-6, R-3, R-7).

``random_winning_hand`` rarely reaches nine gates, four kongs, heavenly and earthly hands or
the situation flags together; here every hand gets a fresh, valid context (win type, seats,
flags: last wall tile, final discard, kong replacement, heavenly, earthly, robbed kong) and
one hand in five is built directly as nine gates (or a near miss), thirteen orphans (any
pair, any winning tile) or four declared groups with kongs. Both scorers must agree on
fan, limit, base and items; payments are checked against HK-6's rule; ``score_json`` must
give the same answer as the library. A longer run:
``python -m tests.oracle.test_rare_shapes 60000 11``.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections import Counter

from hkmj.scoring import InvalidHand, Meld, Win, score, score_json
from hkmj.scoring.generate import random_winning_hand
from hkmj.tiles import ORPHANS, SEAT_LETTERS

from .naive_scorer import mini_score
from .test_differential import _request

_POOLS: list[tuple[int, ...] | None] = [
    None,
    tuple(range(27, 34)),  # honours
    (0, 8, 9, 17, 18, 26, 27, 28, 29, 30),  # terminals and winds
    tuple(range(18, 27)) + (32,),  # bamboo + Green
    tuple(range(0, 9)) + (33, 32),  # characters + Red and Green
    tuple(range(9, 18)) + (31,),  # circles + White
    tuple(range(0, 9)),  # one suit
    tuple(range(27, 34)) + tuple(range(0, 9)),  # honours + one suit
]


def _payments(base: int, win: Win) -> tuple[int, ...]:
    """HK-6 by hand: self-drawn, each loser pays 2 × base; on a discard the discarder 2 ×, the others 1 ×."""
    pay = [0, 0, 0, 0]
    for s in range(4):
        if s != win.seat:
            amount = 2 * base if win.win == "self_draw" or s == win.discarder else base
            pay[s] -= amount
            pay[win.seat] += amount
    return tuple(pay)


def _context(rng: random.Random, win: Win) -> Win:
    """A fresh valid context for a hand (R-3: the flags that never go together are never drawn)."""
    held = win.concealed.count(win.win_tile) + sum(m.tiles.count(win.win_tile) for m in win.melds)
    seat, flags, discarder = rng.randrange(4), set(), None
    roll = rng.random()
    if roll < 0.08 and not win.melds:
        seat, how, flags = 0, "self_draw", {"heavenly"}
    elif roll < 0.16 and not win.melds:
        seat, how, discarder, flags = rng.randrange(1, 4), "discard", 0, {"earthly"}
    else:
        how = rng.choice(("self_draw", "discard", "robbed_kong"))
        if how == "robbed_kong" and held != 1:
            how = "discard"
        if how != "self_draw":
            discarder = rng.choice([s for s in range(4) if s != seat])
        x = rng.random()
        if how == "self_draw" and x < 0.3:
            flags.add("last_wall_tile")
        elif how == "self_draw" and x < 0.6 and any(m.is_kong for m in win.melds):
            flags.add("kong_replacement")
        elif how == "discard" and x < 0.3:
            flags.add("final_discard")
    return dataclasses.replace(win, win=how, seat=seat, discarder=discarder, flags=frozenset(flags), prevailing=rng.randrange(4))


def _special(rng: random.Random) -> Win | None:
    """Nine gates or a near miss (R-7), thirteen orphans, or four declared groups with kongs."""
    kind = rng.random()
    if kind < 0.3:
        s = 9 * rng.randrange(3)
        tiles = [s] * 3 + [s + i for i in range(1, 8)] + [s + 8] * 3
        if rng.random() < 0.2:  # a near miss: one tile moved to another rank or suit
            i = rng.randrange(13)
            tiles[i] = (tiles[i] + rng.choice((1, 9, 10))) % 27
        tiles.append(s + rng.randrange(9))
        if max(Counter(tiles).values()) > 4:
            return None
        return Win(concealed=tuple(tiles), win_tile=rng.choice(tiles), win="self_draw", seat=0, prevailing=0)
    if kind < 0.5:
        tiles = [*ORPHANS, rng.choice(ORPHANS)]
        return Win(concealed=tuple(tiles), win_tile=rng.choice(tiles), win="self_draw", seat=0, prevailing=0)
    kinds = rng.sample(range(34), 5)
    melds = tuple(Meld(rng.choice(("kong", "ckong", "pung")), t) for t in kinds[:4])
    return Win(concealed=(kinds[4], kinds[4]), win_tile=kinds[4], win="self_draw", seat=0, prevailing=0, melds=melds)


def disagreements(n: int, seed: int) -> tuple[list[str], Counter[str]]:
    """Score ``n`` seeded hands with both scorers; return the disagreements and the limits seen."""
    rng = random.Random(seed)
    bad: list[str] = []
    limits: Counter[str] = Counter()
    done = 0
    while done < n:
        if done % 5 == 4:
            special = _special(rng)
            if special is None:
                continue
            win = special
        else:
            pool = _POOLS[done % len(_POOLS)]
            kw = {} if pool is None else {"kinds": pool, "pung_rate": rng.choice((0.5, 0.85, 1.0))}
            win = random_winning_hand(rng, **kw)  # type: ignore[arg-type]
        win = _context(rng, win)
        done += 1
        request = _request(win)
        if win.discarder is not None:
            request["discarder"] = SEAT_LETTERS[win.discarder]
        naive = mini_score(request)
        answer = score_json(request)
        try:
            ours = score(win)
        except InvalidHand as e:
            if naive is not None or answer["valid"]:
                bad.append(f"{request}: refused ({e}) but the naive scorer or score_json scored it")
            continue
        got = (ours.fan, ours.limit, ours.base, [i.name for i in ours.items])
        if naive is None or got != tuple(naive[:4]):
            bad.append(f"{request}: {got} != naive {naive}")
        elif ours.payments != _payments(ours.base, win):
            bad.append(f"{request}: payments {ours.payments}")
        elif (answer["fan"], answer["limit"], answer["base"], [i["name"] for i in answer["items"]]) != got:
            bad.append(f"{request}: score_json {answer}")
        if ours.limit:
            limits[ours.limit] += 1
    return bad, limits


def test_hk6_rare_shapes_agree_with_the_naive_oracle() -> None:
    """HK-6 limits and situations (nine gates and near misses, thirteen orphans, four kongs,
    heavenly, earthly, robbed kong, last tile, kong replacement): 1,500 seeded hands, no disagreement."""
    bad, limits = disagreements(1500, 20261202)
    assert bad == []
    assert len(limits) >= 12, limits  # the run reaches nearly every limit, so the agreement means something


if __name__ == "__main__":
    found, seen = disagreements(int(sys.argv[1]), int(sys.argv[2]))
    print(*found[:20], sep="\n")
    print(f"{sys.argv[1]} hands, {len(found)} disagreements; limits {sorted(seen.items())}")
    sys.exit(1 if found else 0)
