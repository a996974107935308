"""HK-3: a turn — East's start, draws, bonus on a draw, concealed and added kongs, exhaustive draw."""

from __future__ import annotations

from hkmj.engine import CONCEALED, Discard, Kong, Phase, Win
from hkmj.engine.actions import ADDED, discard, kong
from hkmj.engine.testing import QUIET, act, play_quietly, script, stacked_hand, tsumogiri
from hkmj.scoring import Meld
from hkmj.tiles import tile


def test_hk3_1_east_starts_with_fourteen_tiles_and_discards() -> None:
    """HK-3.1: East plays first with 14 tiles, without drawing."""
    hand = stacked_hand()
    assert hand.phase is Phase.TURN and hand.pending() == (0,)
    legal = hand.legal_actions(0)
    assert all(isinstance(a, Discard) for a in legal) and len(legal) == 14
    assert [hand.legal_actions(s) for s in (1, 2, 3)] == [(), (), ()]
    events = act(hand, "E discard 5z")
    assert [e["type"] for e in events] == ["discard", "draw"]
    assert events[1]["seat"] == 1 and events[1]["live"] == 76 and events[1]["dead"] == 14


def test_hk3_2_draw_first_live_tile_then_discard() -> None:
    """HK-3.2: on your turn draw the first tile of the live wall, then discard."""
    hand = stacked_hand(draws="9m8m")
    first = hand.live_wall()[0]
    act(hand, "E discard 5z")
    assert hand.turn == 1 and hand.last_tile == first == tile("9m")
    assert hand.n_concealed[1] == 14
    assert hand.view(1).drawn == tile("9m") and hand.view(2).drawn is None
    tsumogiri(hand)
    assert hand.turn == 2 and hand.last_tile == tile("8m")


def test_hk3_2_drawn_bonus_is_exposed_and_replaced_at_once_chain() -> None:
    """HK-3.2: a drawn bonus tile is exposed at once and replaced, again if the replacement is a bonus."""
    hand = stacked_hand(draws="3f", replacements="7f9m")
    events = act(hand, "E discard 5z")
    assert [(e["type"], e.get("tile")) for e in events[1:]] == [
        ("draw", "3f"),
        ("bonus", "3f"),
        ("replacement", "7f"),
        ("bonus", "7f"),
        ("replacement", "9m"),
    ]
    assert events[2]["seat"] == 1 and events[3]["for"] == "bonus"
    assert hand.bonus[1] == (tile("3f"), tile("7f"))
    assert hand.n_concealed[1] == 14 and hand.last_tile == tile("9m")
    assert (hand.live_count, hand.dead_count) == (77 - 1 - 2, 14)


# E: four 1m and three 9p, so the kong's replacement 9p allows a second kong
KONGS = ["1111m999p369s1234z", "258m36p147s12347z", QUIET[2], "47m258p369s23456z"]


def test_hk3_3_concealed_kong_takes_a_replacement() -> None:
    """HK-3.3: a concealed kong is declared from four tiles in hand; a replacement follows."""
    hand = stacked_hand(KONGS, replacements="5m")
    assert kong(tile("1m"), CONCEALED) in hand.legal_actions(0)
    events = act(hand, "E concealed kong 1m")
    assert [e["type"] for e in events] == ["kong", "replacement"]
    assert events[1]["for"] == "kong" and events[1]["tile"] == "5m"
    assert hand.melds[0] == (Meld("ckong", tile("1m")),)
    assert hand.n_concealed[0] == 11 and hand.turn == 0 and hand.phase is Phase.TURN
    assert (hand.live_count, hand.dead_count) == (76, 14)
    # after the replacement East may kong again, win, or discard
    assert any(isinstance(a, Discard) for a in hand.legal_actions(0))


def test_hk3_3_kong_on_a_replacement() -> None:
    """HK-3.3: after a kong's replacement the player may kong again (here on the replacement itself)."""
    hand = stacked_hand(KONGS, replacements="9p6z")
    act(hand, "E concealed kong 1m")
    assert kong(tile("9p"), CONCEALED) in hand.legal_actions(0)
    events = act(hand, "E concealed kong 9p")
    assert [(e["type"], e["tile"]) for e in events] == [("kong", "9p"), ("replacement", "6z")]
    assert hand.melds[0] == (Meld("ckong", tile("1m")), Meld("ckong", tile("9p")))
    assert hand.n_concealed[0] == 14 - 8 + 2
    assert (hand.live_count, hand.dead_count) == (75, 14)
    act(hand, "E discard 6z")
    assert hand.turn == 1


def test_hk3_3_added_kong_after_a_claimed_pung() -> None:
    """HK-3.3: on a later turn a tile from hand is added to the player's exposed pung."""
    # S pungs East's 5z, later draws the fourth 5z and adds it
    hands = ["147m258p369s12345z", "258m369p147s1255z", "369m147p258s1367z", "147m258p369s2347z"]
    hand = stacked_hand(hands, draws="6z6z6z5z", replacements="8m")
    script(hand, ["E discard 5z", "S pung"])
    assert hand.melds[1] == (Meld("pung", tile("5z")),)
    # after a pung: discard only, no kong and no self-drawn win (HK-4.3)
    assert all(isinstance(a, Discard) for a in hand.legal_actions(1))
    act(hand, "S discard 1z")
    for _ in range(3):  # W, N, E draw and discard 6z
        tsumogiri(hand)
    assert hand.turn == 1 and hand.last_tile == tile("5z")
    assert kong(tile("5z"), ADDED) in hand.legal_actions(1)
    events = act(hand, "S added kong 5z")
    assert [e["type"] for e in events] == ["kong", "replacement"]
    assert events[0]["offers"] == [None, None, None, None]
    assert hand.melds[1] == (Meld("kong", tile("5z")),)
    assert hand.n_concealed[1] == 13 - 2 - 1 + 1 - 1 + 1


def test_hk3_4_four_identical_tiles_kept_in_hand_are_ordinary_tiles() -> None:
    """HK-3.4: four identical undeclared tiles may be used in other groups, e.g. a chow."""
    hands = ["1257m258p369s1234z", "33334m69p147s123z", "69m147p258s14567z", QUIET[3]]
    hand = stacked_hand(hands)
    offers = act(hand, "E discard 2m")[0]["offers"]
    assert offers == [None, ["pass", "chow 234m"], None, None]
    events = act(hand, "S chow 234m")
    assert events[-1]["type"] == "claim" and events[-1]["tiles"] == "234m"
    assert hand.hands[1][tile("3m")] == 3 and hand.melds[1] == (Meld("chow", tile("2m")),)


def test_hk3_5_exhaustive_draw_when_the_live_wall_is_empty() -> None:
    """HK-3.5, HK-7.1: the player due to draw finds the live wall empty: a draw without payment."""
    hand = stacked_hand()
    play_quietly(hand)
    assert hand.result is not None and hand.result.kind == "draw"
    assert hand.result.payments == (0, 0, 0, 0) and hand.result.dealer_keeps
    ends = hand.events[-2:]
    assert ends[0] == {"type": "exhaustive_draw", "seat": 2, "live": 0, "dead": 14}
    assert ends[1]["type"] == "hand_end" and ends[1]["result"] == "draw"
    draws = [e for e in hand.events if e["type"] == "draw"]
    assert len(draws) == 77 and draws[-1]["live"] == 0
    assert Win() not in hand.legal_actions(0) and hand.pending() == ()


def test_hk3_3_kong_kinds_have_distinct_text_forms() -> None:
    assert str(Kong(tile("5p"), CONCEALED)) == "concealed kong 5p"
    assert str(kong(tile("5p"), ADDED)) == "added kong 5p"
    assert str(kong(tile("5p"), "discard")) == "kong 5p"
    assert discard(tile("7z")).text == "discard 7z"


def test_hk3_3_bonus_on_a_kong_replacement_is_replaced_again() -> None:
    """HK-3.2 with HK-3.3: a bonus tile drawn as a kong's replacement is exposed and replaced in turn."""
    hand = stacked_hand(KONGS, replacements="2f9m")
    events = act(hand, "E concealed kong 1m")
    assert [(e["type"], e["tile"], e.get("for")) for e in events] == [
        ("kong", "1m", None),
        ("replacement", "2f", "kong"),
        ("bonus", "2f", None),
        ("replacement", "9m", "bonus"),
    ]
    assert hand.bonus[0] == (tile("2f"),) and hand.last_tile == tile("9m")
    assert (hand.live_count, hand.dead_count) == (75, 14)


def test_hk6_kong_replacement_flag_survives_a_bonus_in_the_chain() -> None:
    """The winning tile came from the dead wall because of the kong, through a bonus replacement."""
    hands = ["1111m234p567p99s56s", QUIET[1], QUIET[2], "47m258p369s23456z"]
    hand = stacked_hand(hands, replacements="2f7s")
    act(hand, "E concealed kong 1m")
    win = act(hand, "E mahjong")[0]
    assert win["flags"] == ["kong_replacement"] and win["flowers"] == [2]


def test_the_public_queries_say_what_each_view_shows() -> None:
    """HK-3.2, HK-4: ``offered_by``/``offered_tile`` (the tile on offer and whose it is) and
    ``drawn_tile`` (the tile the seat on turn just drew), ``live_count``, ``dead_count``: the
    public surface an adapter reads instead of the hand's private state, equal at every step of
    seeded hands (claims included) to what each seat's view shows."""
    import random

    from hkmj.engine import Hand
    from hkmj.rulesets import get_ruleset

    for seed, rules in ((3, "hk"), (4, "mcr"), (5, "classical")):
        hand = Hand.from_seed(seed, rules=get_ruleset(rules), ask_all=True)
        pick = random.Random(seed)
        while not hand.over:
            assert (hand.offered_by is None) == (hand.offered_tile is None)
            for seat in range(4):
                v = hand.view(seat)
                assert v.turn == (hand.turn if hand.offered_by is None else hand.offered_by)
                assert v.drawn == (hand.drawn_tile if seat == hand.turn else None)
                assert (v.live, v.dead) == (hand.live_count, hand.dead_count)
            seat = hand.pending()[0]
            hand.apply(seat, pick.choice(hand.legal_actions(seat)))
