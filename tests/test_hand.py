"""HK-5: readings, waits and shanten, cross-checked against an independent implementation."""

from __future__ import annotations

import random

import pytest
from mahjong.shanten import Shanten

from hkmj.hand import (
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    is_complete,
    readings,
    shanten,
    waits,
)
from hkmj.scoring.generate import random_concealed
from hkmj.tiles import counts_of, format_tiles, parse_tiles


def c(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def w(text: str, melds: int = 0) -> str:
    return format_tiles(waits(c(text), melds))


def test_hk5_1_four_groups_and_a_pair() -> None:
    assert is_complete(c("234s567p88m111z777z"))
    assert not is_complete(c("234s567p88m111z77z1m"))


def test_hk5_1_kong_melds_take_one_group_place() -> None:
    assert is_complete(c("234s567p88m"), melds=2)
    assert not is_complete(c("234s567p88m"), melds=1)


def test_hk5_2_honours_never_chow() -> None:
    assert not is_complete(c("123z456p789s11m222m"))
    assert not is_complete(c("789m123p11s111z234z"))


def test_hk5_2_chows_never_cross_suits() -> None:
    assert not is_complete(c("89m1p456p789s11z222z"))


def test_hk5_3_seven_pairs_distinct() -> None:
    r = readings(c("1133m5577p99s1122z"))
    assert [x.shape for x in r] == [SEVEN_PAIRS]
    assert not is_complete(c("1111m5577p99s1122z"))  # four of a kind is not two pairs


def test_hk5_4_thirteen_orphans() -> None:
    r = readings(c("19m19p19s12345677z"))
    assert [x.shape for x in r] == [THIRTEEN_ORPHANS]
    assert w("19m19p19s1234567z") == "19m19p19s1234567z"
    assert w("19m19p19s1234566z") == "7z"


def test_hk5_6_several_readings_are_all_listed() -> None:
    r = readings(c("111222333m44455p"))
    assert {(x.chows, x.pungs) for x in r} == {((), (0, 1, 2, 12)), ((0, 0, 0), (12,))}
    both = readings(c("22334455667788m"))
    assert {x.shape for x in both} == {STANDARD, SEVEN_PAIRS}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1112345678999m", "123456789m"),  # nine gates: every tile of the suit
        ("234s567p88m11z777z", "8m1z"),  # seed 004 section 06: East or 8 characters
    ],
)
def test_waits_examples(hand: str, expected: str) -> None:
    assert w(hand) == expected


def test_waits_skip_a_fifth_copy() -> None:
    """1111m held: the only completing tile would be a fifth 1m, so no waits, though ready."""
    assert shanten(c("1111m234p567s999s")) == 0
    assert waits(c("1111m234p567s999s")) == []


def test_waits_with_melds() -> None:
    assert w("1m", melds=4) == "1m"
    assert w("2355m", melds=3) == "14m"


def test_waits_size_is_checked() -> None:
    with pytest.raises(ValueError, match="13 concealed tiles"):
        waits(c("1234m"))


def test_shanten_examples() -> None:
    assert shanten(c("234s567p88m111z777z")) == -1
    assert shanten(c("234s567p88m11z777z")) == 0
    assert shanten(c("19m19p19s1234567z")) == 0
    assert shanten(c("1133m5577p99s112z")) == 0


def test_shanten_agrees_with_reference_library() -> None:
    """Same shape rules as riichi: the ``mahjong`` library is an independent oracle."""
    ref = Shanten()
    rng = random.Random(7)
    for _ in range(2000):
        counts = random_concealed(rng, rng.choice((13, 14)))
        assert shanten(counts) == ref.calculate_shanten(counts), format_tiles([t for t, n in enumerate(counts) for _ in range(n)])


def test_waits_agree_with_completeness() -> None:
    """A tile is a wait exactly when adding it makes a complete hand (HK-5)."""
    rng = random.Random(11)
    checked = 0
    for _ in range(20000):
        counts = random_concealed(rng, 13)
        if shanten(counts) > 1:
            continue
        expected = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if is_complete(counts):
                    expected.append(t)
                counts[t] -= 1
        assert waits(counts) == expected
        checked += 1
    assert checked > 100


def test_hk5_1_suit_decompositions_rebuild_the_pattern_with_a_pair_exactly_when_needed() -> None:
    """HK-5.1, HK-5.2: every split of one suit (or the honours) gives back its tiles, has a pair
    exactly when the count is 2 mod 3, and a split built at random is always found."""
    from hkmj.hand.tables import decompositions

    rng = random.Random(5)
    for _ in range(3000):
        suited = rng.random() < 0.8
        size = 9 if suited else 7
        counts = [0] * size
        chows: list[int] = []
        pungs: list[int] = []
        for _ in range(rng.randint(0, 4)):
            if suited and rng.random() < 0.5:
                t = rng.randrange(7)
                if max(counts[t : t + 3]) < 4:
                    counts[t] += 1
                    counts[t + 1] += 1
                    counts[t + 2] += 1
                    chows.append(t)
            else:
                t = rng.randrange(size)
                if counts[t] <= 1:
                    counts[t] += 3
                    pungs.append(t)
        pair = -1
        if rng.random() < 0.6:
            t = rng.randrange(size)
            if counts[t] <= 2:
                counts[t] += 2
                pair = t
        found = decompositions(tuple(counts), suited)
        assert (tuple(sorted(chows)), tuple(sorted(pungs)), pair) in found
        for ch, pu, pr in found:
            rebuilt = [0] * size
            for c in ch:
                for k in range(3):
                    rebuilt[c + k] += 1
            for p in pu:
                rebuilt[p] += 3
            if pr >= 0:
                rebuilt[pr] += 2
            assert rebuilt == counts and (pr >= 0) == (sum(counts) % 3 == 2)
    assert decompositions((1, 1, 1, 1, 0, 0, 0, 0, 0), True) == ()
