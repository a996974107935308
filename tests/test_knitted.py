"""MCR's knitted winning shapes on tile counts (MCR-5.2.4, MCR-5.2.5): ``hkmj.hand.knitted``."""

from __future__ import annotations

import random

from hkmj.hand import is_complete
from hkmj.hand.knitted import (
    KNITTED_STRAIGHTS,
    honours_and_knitted,
    knitted_complete,
    knitted_straight_complete,
    knitted_waits,
    shanten_knitted,
    waits_knitted,
)
from hkmj.tiles import counts_of, parse_tiles, tile


def c(text: str) -> list[int]:
    return list(counts_of(parse_tiles(text)))


def test_mcr_6_45_six_knitted_straights_each_147_258_369_in_three_suits() -> None:
    assert len(set(KNITTED_STRAIGHTS)) == 6
    for ks in KNITTED_STRAIGHTS:
        assert len(ks) == 9 and {t // 9 for t in ks} == {0, 1, 2}
        assert sorted(t % 9 for t in ks) == list(range(9))


def test_mcr_5_2_4_honours_and_knitted_fourteen_different_tiles() -> None:
    assert honours_and_knitted(c("147m258p369s12345z"))
    assert honours_and_knitted(c("147m25p36s1234567z"))  # seven honours, seven knitted tiles
    assert not honours_and_knitted(c("147m258p369s11234z"))  # a pair
    assert not honours_and_knitted(c("147m258p368s12345z"))  # 8s is not in 369s
    assert not honours_and_knitted(c("147m258p36s12345z"), 1)  # concealed only


def test_mcr_5_2_5_knitted_straight_with_a_group_and_a_pair_the_group_may_be_declared() -> None:
    assert knitted_straight_complete(c("147m258p369s11z123m"))
    assert knitted_straight_complete(c("147m258p369s555z77z"))
    assert knitted_straight_complete(c("147p258s369m99s"), 1)  # the group declared
    assert not knitted_straight_complete(c("147m258p369s12z13m"))
    assert not knitted_straight_complete(c("147m258p369s"), 2)
    assert knitted_complete(c("147m258p369s11z123m")) and knitted_complete(c("147m258p369s12345z"))


def test_mcr_5_2_knitted_waits() -> None:
    assert knitted_waits(c("147m258p369s1234z")) == [tile("5z"), tile("6z"), tile("7z")]
    assert knitted_waits(c("147m258p369s11z12m")) == [tile("3m")]
    assert knitted_waits(c("14m258p369s11z123m")) == [tile("7m")]  # the straight's missing tile
    assert knitted_waits(c("123m456p789s11z55z")) == []  # no knitted shape in reach
    assert knitted_waits(c("147m258p369s1111z"), 0) == []  # no pair or group for the fifth 1z


def test_mcr_5_2_knitted_waits_are_exactly_the_tiles_that_complete() -> None:
    """Every wait completes a knitted shape and every other tile does not (seeded random hands
    near the knitted shapes)."""
    rng = random.Random(5)
    for _ in range(300):
        ks = rng.choice(KNITTED_STRAIGHTS)
        pool = [*ks, *range(27, 34)] if rng.random() < 0.5 else [*ks, *rng.sample(range(34), 6)]
        tiles = rng.sample(pool, min(len(pool), 9)) + [rng.randrange(34) for _ in range(4)]
        counts = [0] * 34
        for t in tiles[:13]:
            counts[t] += 1
        if max(counts) > 4:
            continue
        w = knitted_waits(counts)
        for t in range(34):
            if counts[t] == 4:
                assert t not in w
                continue
            counts[t] += 1
            assert (t in w) == knitted_complete(counts), (counts, t)
            counts[t] -= 1


def test_mcr_5_2_shanten_and_waits_with_the_knitted_shapes() -> None:
    """MCR-5.2.4/5.2.5 for the hint and the review: a complete knitted hand is -1 (standard shanten
    said 6), one waiting on a knitted shape or a discard away from it is 0, with the knitted waits
    beside the standard ones; standard hands keep their distance."""
    assert shanten_knitted(c("147m258p369s12345z")) == -1
    assert shanten_knitted(c("147m258p36s12345z")) == 0
    assert waits_knitted(c("147m258p36s12345z")) == [tile("9s"), tile("6z"), tile("7z")]
    assert shanten_knitted(c("147m258p36s12345z9m")) == 0  # discard 9m
    assert shanten_knitted(c("147m258p369s789m11z")) == -1  # MCR-5.2.5: a knitted straight, a chow and a pair
    assert shanten_knitted(c("147m258p369s789m1z")) == 0 and tile("1z") in waits_knitted(c("147m258p369s789m1z"))
    assert shanten_knitted(c("123m456m789m123p5m")) == 0 and waits_knitted(c("123m456m789m123p5m")) == [tile("5m")]
    assert shanten_knitted(c("1m9m1p9p1s9s1234567z1m")) == -1  # thirteen orphans still


def _near_knitted_hand(rng: random.Random, size: int) -> list[int]:
    ks = rng.choice(KNITTED_STRAIGHTS)
    pool = [*ks, *range(27, 34)] if rng.random() < 0.5 else [*ks, *ks, *rng.sample(range(34), 6)]
    h = [0] * 34
    while sum(h) < size:
        t = rng.choice(pool) if rng.random() < 0.85 else rng.randrange(34)
        if h[t] < 4:
            h[t] += 1
    return h


def test_mcr_5_2_the_bots_gate_never_changes_a_distance() -> None:
    """MCR-5.2.4/5.2.5: the bots measure with ``Ruleset.shanten_near(hand, melds, added)``, the
    standard shanten where no hand of up to ``added`` more tiles can come near a knitted shape; on
    hands near knitted shapes, every hand a discard, a draw and a discard away measures as
    ``shanten_knitted`` does (and Hong Kong's measure is always the standard one)."""
    from hkmj.hand import shanten
    from hkmj.rulesets import get_ruleset

    mcr, hk = get_ruleset("mcr"), get_ruleset("hk")
    rng = random.Random(19)
    for _ in range(120):
        melds = rng.choice((0, 0, 1))
        h = _near_knitted_hand(rng, 14 - 3 * melds)
        assert hk.shanten_near(h, melds, 1) is shanten
        near1, near0 = mcr.shanten_near(h, melds, 1), mcr.shanten_near(h, melds, 0)
        for d in {t for t in range(34) if h[t]}:
            h[d] -= 1
            assert near0(h, melds) == near1(h, melds) == shanten_knitted(h, melds)
            for u in range(34):
                if h[u] < 4:
                    h[u] += 1
                    assert near1(h, melds) == shanten_knitted(h, melds)
                    h[u] -= 1
            h[d] += 1


def test_mcr_5_2_a_far_knitted_hand_is_at_its_own_distance_not_the_standard_one() -> None:
    """MCR-5.2.4, MCR-5.2.5: a hand two or more tiles from a knitted wait measured the standard
    shape's distance (5 for the first hand: it is one tile from Lesser Honours and Knitted Tiles,
    draw an honour and discard a 1s), so the hint, the review and the bots overstated it."""
    assert shanten_knitted(c("147m258p3s1234z119s")) == 1  # MCR-5.2.4: 12 different, draw a 13th
    assert shanten_knitted(c("147m258p1234z1199s")) == 2
    assert shanten_knitted(c("147m258p369s1z159m")) == 2  # MCR-5.2.5: a pair and a group to make
    assert shanten_knitted(c("147m258p36s159m99s")) == 2  # MCR-5.2.5: 9s, then a group
    assert shanten_knitted(c("147m258p36s19m"), 1) == 1  # a declared group: 9s, and 1m or 9m for a pair


def test_mcr_5_2_the_knitted_distance_is_the_brute_force_one() -> None:
    """MCR-5.2.4, MCR-5.2.5: on random hands near knitted shapes, ``shanten_knitted`` is the
    distance a search finds: 0 exactly when a draw completes the hand, and otherwise one more than
    the best hand a discard and a draw (of a tile not held four times, HK-1) lead to; a hand of a
    tile more measures as its best discard."""
    rng = random.Random(23)
    for _ in range(150):
        melds = rng.choice((0, 0, 1))
        h = _spoilt_knitted_hand(rng, melds) if rng.random() < 0.6 else _near_knitted_hand(rng, 13 - 3 * melds)
        s = shanten_knitted(h, melds)
        completes = any(h[t] < 4 and (is_complete(h2 := _plus(h, t), melds) or knitted_complete(h2, melds)) for t in range(34))
        assert completes == (s == 0), (h, melds, s)
        if s > 0:
            swaps = {shanten_knitted(_plus(_plus(h, d, -1), u), melds) for d in range(34) if h[d] for u in range(34) if u != d and h[u] < 4}
            assert min(swaps) == s - 1, (h, melds, s)
        drawn = _plus(h, rng.randrange(27, 34) if rng.random() < 0.3 else rng.randrange(27))
        if max(drawn) <= 4 and shanten_knitted(drawn, melds) >= 0:
            assert shanten_knitted(drawn, melds) == min(shanten_knitted(_plus(drawn, d, -1), melds) for d in range(34) if drawn[d])


def _spoilt_knitted_hand(rng: random.Random, melds: int) -> list[int]:
    """A knitted hand (MCR-5.2.4 or MCR-5.2.5) less a tile, with one to three of its tiles
    replaced by random ones: 13 - 3 × melds tiles one to four tiles from ready."""
    ks = rng.choice(KNITTED_STRAIGHTS)
    if melds or rng.random() < 0.5:
        tiles = [*ks, *[rng.choice(range(34))] * 2, *([] if melds else [rng.randrange(27, 34)] * 3)]
    else:
        tiles = rng.sample([*ks, *range(27, 34)], 14)
    rng.shuffle(tiles)
    tiles = tiles[: 13 - 3 * melds]
    for i in rng.sample(range(len(tiles)), rng.randint(1, 3)):
        tiles[i] = rng.randrange(34)
    h = [0] * 34
    for t in tiles:
        h[t] += 1
    return h if max(h) <= 4 else _spoilt_knitted_hand(rng, melds)


def _plus(h: list[int], t: int, n: int = 1) -> list[int]:
    out = list(h)
    out[t] += n
    return out
