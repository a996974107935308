"""Differential test: hkmj's scorer against an independent naive scorer (HK-5, HK-6)."""

from __future__ import annotations

import random
from typing import Any

from hkmj.scoring import Win, score
from hkmj.scoring.generate import random_winning_hand
from hkmj.tiles import SEAT_LETTERS, format_tiles, tile_str

from .naive_scorer import mini_score


def _request(win: Win) -> dict[str, Any]:
    return {
        "hand": format_tiles(win.concealed),
        "melds": [str(m) for m in win.melds],
        "win_tile": tile_str(win.win_tile),
        "win": win.win,
        "seat": SEAT_LETTERS[win.seat],
        "prevailing": SEAT_LETTERS[win.prevailing],
        "flowers": list(win.flowers),
        "seasons": list(win.seasons),
        "flags": sorted(win.flags),
    }


def test_scorer_agrees_with_the_naive_oracle_on_random_hands() -> None:
    rng = random.Random(20261130)
    limits = 0
    for _ in range(3000):
        win = random_winning_hand(rng)
        ours = score(win)
        fan, limit, base, items, _n = mini_score(_request(win))
        assert (ours.fan, ours.limit, ours.base, [i.name for i in ours.items]) == (fan, limit, base, items), _request(win)
        limits += limit is not None
    assert limits > 0


def test_scorer_agrees_with_the_naive_oracle_on_limit_prone_hands() -> None:
    """Hands built from honours, terminals and one suit reach the limits and their look-alikes."""
    rng = random.Random(7)
    pools = [
        tuple(range(27, 34)),  # honours: winds, dragons, all honours
        (0, 8, 9, 17, 18, 26, 27, 28, 29, 30),  # terminals and winds
        tuple(range(18, 27)) + (32,),  # bamboo + Green: jade dragon and look-alikes
        tuple(range(0, 9)) + (33, 32),  # characters + Red (and Green): ruby dragon look-alikes
        tuple(range(9, 18)) + (31,),  # circles + White: pearl dragon
        tuple(range(0, 9)),  # one suit: nine gates, pure one suit
    ]
    seen: set[str] = set()
    for i in range(4000):
        win = random_winning_hand(rng, kinds=pools[i % len(pools)], pung_rate=0.85)
        ours = score(win)
        fan, limit, base, items, _n = mini_score(_request(win))
        assert (ours.fan, ours.limit, ours.base, [i.name for i in ours.items]) == (fan, limit, base, items), _request(win)
        if limit:
            seen.add(limit)
    assert len(seen) >= 9, seen
