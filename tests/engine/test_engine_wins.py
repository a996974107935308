"""Wins and their flags from play (HK-5.5, HK-6), and false Mahjong in both table modes (HK-5.7)."""

from __future__ import annotations

import pytest

from hkmj.engine import PASS, WIN, IllegalAction, Phase
from hkmj.engine.testing import QUIET, act, play_quietly, script, snapshot, stacked_hand, tsumogiri
from hkmj.tiles import tile

# E discards 5s; S holds 5s 5s; W and N are ready on 4s-6s (as in test_engine_claims)
WINS = ["147m258p3569s1234z", "258m369p14557s34z", "123m456m789m46s77z", "123p456p789p46s66z"]
# E discards 5p for S's pung; N is ready on 4p-6p; S later adds the fourth 5p
ROB = ["147m258p369s12345z", "258m559p147s1234z", "369m147p258s1567z", "123m456m789m46p77z"]


def _items(win: dict[str, object]) -> list[str]:
    return [i["id"] for i in win["items"]]  # type: ignore[attr-defined, index]


def test_hk6_heavenly_hand_east_wins_on_the_dealt_hand() -> None:
    """HK-6 limit: East wins on the dealt hand before any discard."""
    hand = stacked_hand(["123m456m789m123p55s", *QUIET[1:]])
    assert hand.legal_actions(0)[0] == WIN
    events = act(hand, "E mahjong")
    win = events[0]
    assert win["type"] == "win" and win["action"] == "mahjong" and win["win"] == "self_draw"
    assert "heavenly" in win["flags"] and win["limit"] == "heavenly_hand" and win["base"] == 64
    assert win["payments"] == [384, -128, -128, -128]
    assert hand.result is not None and hand.result.dealer_keeps
    assert events[1]["type"] == "hand_end" and events[1]["scores"] == [384, -128, -128, -128]


def test_hk6_earthly_hand_another_seat_wins_on_easts_first_discard() -> None:
    """HK-6 limit: another player wins on East's very first discard."""
    hand = stacked_hand(["147m258p3569s1234z", "123m456m789m46s77z", QUIET[2], QUIET[3]])
    script(hand, ["E discard 5s"])
    events = act(hand, "S mahjong")
    win = events[-2]
    assert win["flags"] == ["earthly"] and win["limit"] == "earthly_hand"
    assert win["payments"] == [-128, 256, -64, -64]
    assert hand.result is not None and not hand.result.dealer_keeps


def test_hk6_flag_kong_replacement_self_drawn() -> None:
    """HK-6: a win on the replacement tile after a kong (also self-drawn); no heavenly hand with a kong."""
    hands = ["1111m234p567p99s56s", QUIET[1], QUIET[2], "47m258p369s23456z"]
    hand = stacked_hand(hands, replacements="7s")
    act(hand, "E concealed kong 1m")
    assert hand.legal_actions(0)[0] == WIN
    win = act(hand, "E mahjong")[0]
    assert win["flags"] == ["kong_replacement"] and win["tile"] == "7s"
    assert {"kong_replacement", "self_drawn"} <= set(_items(win))
    assert win["melds"] == ["ckong 1111m"]


def test_hk6_flag_last_wall_tile() -> None:
    """HK-6: a self-drawn win on the last tile of the live wall."""
    hands = ["147m258p3569s1234z", "123m456m789m123p5s", QUIET[2], QUIET[3]]
    hand = stacked_hand(hands, draws=[None] * 76 + [tile("5s")])
    play_quietly(hand, until_live=0)
    assert hand.turn == 1 and hand.last_tile == tile("5s") and WIN in hand.legal_actions(1)
    win = act(hand, "S mahjong")[0]
    assert win["flags"] == ["last_wall_tile"]
    assert {"last_wall_tile", "self_drawn"} <= set(_items(win))


def test_hk5_5_win_on_a_discard_completing_a_chow() -> None:
    """HK-5.5: the winning tile may be any player's latest discard, even to complete a chow."""
    hand = stacked_hand(WINS)
    events = script(hand, ["E discard 5s", "S pass", "W mahjong", "N pass"])
    win = events[-2]
    assert win["concealed"] == "123456789m456s77z" and win["from"] == 0
    assert hand.census() == [4] * 34 + [1] * 8


# ------------------------------------------------------------------ HK-5.7 false Mahjong


def test_hk5_7_false_mahjong_strict_on_own_turn() -> None:
    """HK-5.7: a false self-drawn declaration pays 64 to each other player and ends the hand."""
    hand = stacked_hand()
    assert WIN not in hand.legal_actions(0) and hand.can_declare_mahjong(0)
    events = act(hand, "E mahjong")
    assert [e["type"] for e in events] == ["declare", "false_mahjong", "hand_end"]
    assert events[1]["payments"] == [-192, 64, 64, 64] and "not a winning hand" in events[1]["reason"]
    assert hand.result is not None and hand.result.kind == "penalty" and hand.result.dealer_keeps
    assert events[2]["result"] == "penalty"


def test_hk5_7_false_mahjong_strict_on_a_discard_pays_double_to_the_discarder() -> None:
    """HK-5.7: declared on a discard: 128 to the discarder, 64 to the others; judged after every answer."""
    hand = stacked_hand(ask_all=True)
    act(hand, "E discard 1z")
    assert hand.pending() == (1, 2, 3) and hand.legal_actions(1) == (PASS,)
    act(hand, "S mahjong")
    assert hand.result is None and hand.pending() == (2, 3)
    events = script(hand, ["W pass", "N pass"])
    false = next(e for e in events if e["type"] == "false_mahjong")
    assert false["seat"] == 1 and false["from"] == 0 and false["tile"] == "1z"
    assert false["payments"] == [128, -256, 64, 64]
    assert hand.result is not None and hand.result.kind == "penalty" and hand.result.dealer_keeps


def test_hk5_7_false_mahjong_judged_in_claim_priority_order() -> None:
    """HK-4.7 with HK-5.7: the first declaration in play order after the discarder is judged; here it is false."""
    hand = stacked_hand(WINS, ask_all=True)
    events = script(hand, ["E discard 5s", "N mahjong", "W mahjong", "S mahjong"])
    false = next(e for e in events if e["type"] == "false_mahjong")
    assert false["seat"] == 1 and false["payments"] == [128, -256, 64, 64]


def test_hk5_7_a_false_declaration_after_a_valid_one_in_play_order_is_moot() -> None:
    """HK-4.7: W's valid Mahjong comes before N's false one after E's discard: W wins, nobody is penalised."""
    hands = [WINS[0], WINS[1], WINS[2], "123p456p789p47s66z"]
    hand = stacked_hand(hands, ask_all=True)
    events = script(hand, ["E discard 5s", "N mahjong", "S pass", "W mahjong"])
    assert events[-3]["answers"] == [None, "pass", "mahjong", "mahjong"]
    assert hand.result is not None and hand.result.kind == "win" and hand.result.seat == 2
    assert not any(e["type"] == "false_mahjong" for e in hand.events)


def test_hk5_7_false_mahjong_on_an_added_kong_robbed_player_pays_as_discarder() -> None:
    """HK-5.7 with HK-4.10 (engine ruling): the player whose kong was falsely robbed is paid as a discarder."""
    hand = stacked_hand(ROB, draws="9s9s9s5p", replacements="8m", ask_all=True)
    script(hand, ["E discard 5p", "S pung", "W pass", "N pass", "S discard 9p"])
    while not (hand.phase is Phase.TURN and hand.turn == 1):
        if hand.phase is Phase.TURN:
            tsumogiri(hand)
        else:
            hand.apply(hand.pending()[0], PASS)
    assert hand.last_tile == tile("5p")
    act(hand, "S added kong 5p")
    assert hand.phase is Phase.ROB and hand.pending() == (2, 3, 0)
    events = script(hand, ["W mahjong", "N pass", "E pass"])
    false = next(e for e in events if e["type"] == "false_mahjong")
    assert false["seat"] == 2 and false["from"] == 1 and false["payments"] == [64, 128, -256, 64]


def test_hk5_7_teaching_table_refuses_with_an_explanation_and_play_goes_on() -> None:
    """HK-5.7 teaching option: the declaration is refused, explained, and the state is otherwise unchanged."""
    hand = stacked_hand(teaching=True)
    before = snapshot(hand)
    events = act(hand, "E mahjong")
    assert len(events) == 1 and events[0]["type"] == "mahjong_refused"
    assert events[0]["seat"] == 0 and "HK-5.7" in events[0]["reason"] and "not a winning hand" in events[0]["reason"]
    assert snapshot(hand)[1:] == before[1:]
    act(hand, "E discard 5z")
    assert hand.turn == 1


def test_hk5_7_teaching_table_on_a_discard() -> None:
    hand = stacked_hand(teaching=True, ask_all=True)
    act(hand, "E discard 1z")
    events = act(hand, "S mahjong")
    assert events[0]["type"] == "mahjong_refused" and "with 1z" in events[0]["reason"]
    assert hand.pending() == (1, 2, 3)
    events = script(hand, ["S pass", "W pass", "N pass"])
    assert events[-1]["type"] == "draw" and events[-1]["seat"] == 1


def test_hk5_7_mahjong_cannot_be_declared_where_no_win_could_be() -> None:
    """HK-5.5: only after one's own draw, or on a tile on offer to one: elsewhere it is refused as illegal."""
    hand = stacked_hand()
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="E's turn"):
        act(hand, "S mahjong")
    assert snapshot(hand) == before
    hand = stacked_hand(["147m258p369s12345z", QUIET[1], QUIET[2], "147m258p369s2355z"])
    script(hand, ["E discard 5z", "N pung"])
    assert not hand.can_declare_mahjong(3)
    with pytest.raises(IllegalAction, match="must discard"):
        act(hand, "N mahjong")
