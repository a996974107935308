"""HK-2: seats, wall, dice, break, dead wall, deal and bonus tiles at the deal."""

from __future__ import annotations

import random

import pytest

from hkmj.engine import Hand, Match
from hkmj.engine.testing import QUIET, play_quietly, stacked_hand, tsumogiri
from hkmj.engine.wall import (
    deal_positions,
    draw_order,
    physical_from_order,
    random_wall,
    stacked_wall,
)
from hkmj.tiles import full_set, parse_tiles, tile


def _marked_wall() -> list[int]:
    """A valid physical wall whose tile at each position is known."""
    wall = full_set()
    random.Random(7).shuffle(wall)
    return wall


@pytest.mark.parametrize(
    ("dice", "wall_seat", "stack"),
    [((1, 1, 1), 2, 3), ((1, 1, 2), 3, 4), ((1, 2, 2), 0, 5), ((6, 6, 6), 1, 18), ((2, 2, 2), 1, 6)],
)
def test_hk2_3_dice_and_break(dice: tuple[int, int, int], wall_seat: int, stack: int) -> None:
    """HK-2.3: the dice sum counts walls from East = 1, then stacks from that wall's right end."""
    wall = _marked_wall()
    hand = Hand(wall, dice)
    start = hand.events[0]
    assert start["dice"] == list(dice)
    assert start["break"] == {"wall": wall_seat, "stack": stack}
    s = sum(dice)
    order = draw_order(wall, s)
    # HK-2.4: the live wall starts with the stack left of the break, top tile first
    if stack < 18:
        first = 36 * wall_seat + 2 * stack
    else:  # the break is at the left end: the live wall starts on the next wall to the left
        first = 36 * ((wall_seat - 1) % 4)
    assert order[0] == wall[first] and order[1] == wall[first + 1]
    # the dead wall's front is the stack right of the break, top then bottom
    right = 36 * wall_seat + 2 * (stack - 1)
    assert order[142] == wall[right] and order[143] == wall[right + 1]


def test_hk2_4_dead_wall_wraps_onto_the_wall_to_the_right() -> None:
    """HK-2.4: with a break at East's stack 5, the dead wall is East's stacks 5..1 then South's 18, 17."""
    wall = _marked_wall()
    order = draw_order(wall, 5)
    dead_stacks = [order[142 - 2 * j] for j in range(7)]  # top tiles, nearest the break first
    east = [wall[2 * (k - 1)] for k in (5, 4, 3, 2, 1)]
    south = [wall[36 + 2 * (k - 1)] for k in (18, 17)]
    assert dead_stacks == east + south
    # the live wall runs left along East's wall, then into North's wall from its right end
    assert order[2 * 12] == wall[2 * 17]  # East's stack 18
    assert order[2 * 13] == wall[36 * 3]  # North's stack 1


def test_hk2_4_draw_order_round_trip() -> None:
    """The physical wall and the draw order are the same information (records may give either)."""
    for s in range(3, 19):
        order = full_set()
        random.Random(s).shuffle(order)
        assert draw_order(physical_from_order(order, s), s) == order


def test_hk2_5_deal_in_blocks_of_four_then_east_two() -> None:
    """HK-2.5: blocks of four E, S, W, N three times, then East 2 and the others 1."""
    pos = deal_positions()
    assert pos[0] == [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49]
    assert pos[1] == [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 50]
    assert pos[3] == [12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 52]
    hand = stacked_hand()
    deal = hand.events[1]
    assert deal["type"] == "deal"
    for seat in range(4):
        assert sorted(parse_tiles("".join(deal["hands"][seat]))) == sorted(parse_tiles(QUIET[seat]))
    assert hand.n_concealed == [14, 13, 13, 13]
    assert (hand.live_count, hand.dead_count) == (130 - 53, 14)
    assert hand.pending() == (0,)


def test_hk2_6_bonus_at_the_deal_in_play_order_with_a_chain() -> None:
    """HK-2.6: East first, each bonus tile is exposed and replaced, again if the replacement is a bonus."""
    hands = ["147m258p369s1234z1f", "258m369p147s12z26f", QUIET[2], QUIET[3]]
    hand = stacked_hand(hands, replacements="5f5z34z")
    kinds = [(e["type"], e["seat"], e["tile"]) for e in hand.events[2:]]
    assert kinds == [
        ("bonus", 0, "1f"),
        ("replacement", 0, "5f"),
        ("bonus", 0, "5f"),
        ("replacement", 0, "5z"),
        ("bonus", 1, "2f"),
        ("replacement", 1, "3z"),
        ("bonus", 1, "6f"),
        ("replacement", 1, "4z"),
    ]
    assert hand.bonus[0] == (tile("1f"), tile("5f"))
    assert hand.bonus[1] == (tile("2f"), tile("6f"))
    assert hand.n_concealed == [14, 13, 13, 13]
    assert hand.last_tile == tile("5z")  # East's last tile, the replacement
    assert (hand.live_count, hand.dead_count) == (77 - 4, 14)


def test_hk2_7_dead_wall_top_up() -> None:
    """HK-2.7: each replacement moves the last live-wall tile to the back of the dead wall."""
    hand = stacked_hand(draws="3f", replacements="9m")
    live_before = hand.live_wall()
    dead_before = hand.dead_wall()
    tsumogiri(hand)  # East discards; South draws the flower and takes a replacement
    assert [e["type"] for e in hand.events[-4:]] == ["discard", "draw", "bonus", "replacement"]
    assert hand.dead_wall() == dead_before[1:] + (live_before[-1],)
    assert hand.live_wall() == live_before[1:-1]
    assert hand.events[-1]["live"] == 77 - 2 and hand.events[-1]["dead"] == 14


def test_hk2_7_ruling_replacement_with_an_empty_live_wall_shrinks_the_dead_wall() -> None:
    """Ruling HK-2.7: after the last live tile, a replacement is still taken; the dead wall shrinks."""
    hand = stacked_hand(draws=[None] * 76 + [tile("8f")])
    play_quietly(hand, until_live=0)
    assert hand.turn == 1 and hand.live_count == 0
    last = hand.events[-3:]
    assert [e["type"] for e in last] == ["draw", "bonus", "replacement"]
    assert last[0]["tile"] == "8f" and last[0]["live"] == 0 and last[0]["dead"] == 14
    assert last[2]["live"] == 0 and last[2]["dead"] == 13
    # every earlier draw and replacement saw a full dead wall
    assert all(e["dead"] == 14 for e in hand.events if e["type"] in ("draw", "replacement") and e["live"] > 0)
    play_quietly(hand)
    assert hand.result is not None and hand.result.kind == "draw"


def test_hk2_8_one_seed_replays_the_same_wall_and_dice() -> None:
    """HK-2.8: dice, break and wall come from one seedable source."""
    a, b = Hand.from_seed(12345), Hand.from_seed(12345)
    assert a.wall == b.wall and a.dice == b.dice and a.events == b.events
    assert Hand.from_seed(12346).wall != a.wall
    wall, dice = random_wall(random.Random(12345))
    assert tuple(wall) == a.wall and dice == a.dice


def test_hk2_1_seat_draw_is_seeded_and_a_permutation() -> None:
    """HK-2.1: each player draws one wind; East deals first."""
    draws = {Match(seed).first_wind for seed in range(40)}
    assert all(sorted(d) == [0, 1, 2, 3] for d in draws)
    assert len(draws) > 10
    m = Match(99)
    assert m.first_wind == Match(99).first_wind
    assert m.seat_of(m.dealer) == 0 and m.player_at(0) == m.dealer
    assert m.events[0]["seat_draw"] == ["ESWN"[w] for w in m.first_wind]


def test_stacked_wall_rejects_impossible_walls() -> None:
    with pytest.raises(ValueError, match="too many"):
        stacked_wall(["11111m258p369s123z", *QUIET[1:]])
    with pytest.raises(ValueError, match="dealt 13"):
        stacked_wall([QUIET[0], QUIET[0], QUIET[2], QUIET[3]])
    with pytest.raises(ValueError, match="dice"):
        stacked_wall(QUIET, dice=(0, 1, 2))
    with pytest.raises(ValueError, match="144"):
        Hand([0] * 10, (1, 1, 1))


def test_hk2_8_random_wall_is_python_shuffle_then_three_dice() -> None:
    """HK-2.8: the wall of a seed is ``random.Random(seed).shuffle`` of the full set, then three
    ``randint(1, 6)`` dice; the batched draws leave the generator exactly where ``shuffle`` does."""
    for seed in [*range(300), 2**63 - 1]:
        mine = random.Random(seed)
        wall, dice = random_wall(mine)
        ref = random.Random(seed)
        want = full_set()
        ref.shuffle(want)
        assert wall == want
        assert dice == (ref.randint(1, 6), ref.randint(1, 6), ref.randint(1, 6))
        assert mine.getstate() == ref.getstate()
