"""HK-4: claims on a discard — who is offered what, priorities, turn order, robbing a kong."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from hkmj.engine import PASS, PUNG, WIN, Hand, IllegalAction, Phase, resolve_claim
from hkmj.engine.actions import FROM_DISCARD, chow, kong
from hkmj.engine.testing import QUIET, act, play_quietly, script, snapshot, stacked_hand, tsumogiri
from hkmj.scoring import Meld
from hkmj.tiles import tile

# E discards 3m; S (after E) holds 2m 4m 5m; W holds 2m 3m 3m 4m
CHOW = ["1347m258p369s1234z", "245m369p147s1234z", "2334m147p258s156z", QUIET[3]]


def test_hk4_2_chow_only_from_the_left() -> None:
    """HK-4.2: a chow is offered only to the player after the discarder."""
    hand = stacked_hand(CHOW)
    ev = act(hand, "E discard 3m")[0]
    assert ev["offers"] == [None, ["pass", "chow 234m", "chow 345m"], ["pass", "pung"], None]
    assert hand.pending() == (1, 2)
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=r"only from the player on your left \(HK-4.2\)"):
        act(hand, "W chow 234m")
    assert snapshot(hand) == before


@pytest.mark.parametrize(("rules", "cited"), [("mcr", "MCR-4.1"), ("classical", "CL-3.1")])
def test_an_illegal_claim_cites_the_table_s_own_rule(rules: str, cited: str) -> None:
    """MCR-4.1, CL-3.1: a chow only from the left, as HK-4.2; at an MCR or a classical table the
    engine's refusal (which the server sends as its ``illegal`` error) cites that table's rule,
    never a Hong Kong one; at a Hong Kong table it stays HK-4.2."""
    from hkmj.rulesets import get_ruleset

    hand = stacked_hand(CHOW, rules=get_ruleset(rules))
    act(hand, "E discard 3m")
    with pytest.raises(IllegalAction) as refused:
        act(hand, "W chow 234m")
    assert f"only from the player on your left ({cited})" in refused.value.reason
    assert "HK-" not in refused.value.reason
    with pytest.raises(IllegalAction) as refused:
        act(hand, "S pung")  # S holds one 3m
    assert refused.value.reason.endswith(f"a pung needs two 3m in hand ({cited})")


def test_hk4_2_chow_then_discard_without_drawing() -> None:
    """HK-4.2: show the two tiles, take the discard, discard without drawing; play goes on after the claimant."""
    hand = stacked_hand(CHOW)
    script(hand, ["E discard 3m", "S chow 345m"])
    assert hand.pending() == (2,)  # W has not answered yet: nothing applied
    assert hand.melds[1] == ()
    events = act(hand, "W pass")
    claim = events[-1]
    assert claim["type"] == "claim" and (claim["seat"], claim["claim"], claim["tiles"], claim["from"]) == (
        1,
        "chow",
        "345m",
        0,
    )
    assert claim["answers"] == [None, "chow 345m", "pass", None]
    assert hand.melds[1] == (Meld("chow", tile("3m")),)
    assert hand.discards[0] == ()  # the claimed discard left East's pond
    assert hand.turn == 1 and hand.last_tile is None
    assert all(a.kind == "discard" for a in hand.legal_actions(1))
    events = act(hand, "S discard 1z")
    assert events[-1]["type"] == "draw" and events[-1]["seat"] == 2


def test_hk4_7_pung_beats_chow() -> None:
    """HK-4.7: pung or kong before chow, whatever the answer order."""
    for order in (["S chow 234m", "W pung"], ["W pung", "S chow 234m"]):
        hand = stacked_hand(CHOW)
        act(hand, "E discard 3m")
        events = script(hand, order)
        claim = next(e for e in events if e["type"] == "claim")
        assert (claim["seat"], claim["claim"], claim["tiles"]) == (2, "pung", "3m3m3m")
        assert hand.melds[1] == () and hand.melds[2] == (Meld("pung", tile("3m")),)
        assert hand.turn == 2


# E discards 5z; N holds 5z 5z; W holds the fourth 5z
PUNG_HANDS = ["147m258p369s12345z", QUIET[1], QUIET[2], "147m258p369s2355z"]


def test_hk4_3_pung_skips_turns() -> None:
    """HK-4.3, HK-4.6: a pung from any player; play continues after the claimant, skipping S and W."""
    hand = stacked_hand(PUNG_HANDS, draws="9m")
    ev = act(hand, "E discard 5z")[0]
    assert ev["offers"] == [None, None, None, ["pass", "pung"]]
    script(hand, ["N pung"])
    assert hand.turn == 3 and hand.melds[3] == (Meld("pung", tile("5z")),)
    assert hand.live_count == 77  # nobody drew
    events = act(hand, "N discard 1m")
    assert events[-1] == {"type": "draw", "seat": 0, "tile": "9m", "live": 76, "dead": 14}


def test_hk4_4_kong_from_a_discard() -> None:
    """HK-4.4: three matching tiles in hand claim a kong: expose four, replacement, then discard."""
    hands = ["147m258p369s12346z", QUIET[1], "369m147p258s1257z", "147m258p369s2666z"]
    hand = stacked_hand(hands, replacements="9m")
    ev = act(hand, "E discard 6z")[0]
    assert ev["offers"][3] == ["pass", "pung", "kong 6z"]
    events = act(hand, "N kong 6z")
    assert [e["type"] for e in events] == ["answer", "claim", "replacement"]
    assert events[1]["tiles"] == "6z6z6z6z" and events[2]["for"] == "kong"
    assert hand.melds[3] == (Meld("kong", tile("6z")),)
    assert hand.turn == 3 and hand.last_tile == tile("9m")
    assert (hand.live_count, hand.dead_count) == (76, 14)
    assert hand.n_concealed[3] == 13 - 3 + 1


def test_hk4_4_a_discard_cannot_extend_an_exposed_pung() -> None:
    """HK-4.4: after N's pung of 5z, the fourth 5z discarded by W offers N nothing."""
    hand = stacked_hand(PUNG_HANDS, draws="9m9m9m")
    script(hand, ["E discard 5z", "N pung", "N discard 1m"])
    tsumogiri(hand)  # E
    tsumogiri(hand)  # S
    ev = act(hand, "W discard 5z")[0]
    assert ev["offers"] == [None, None, None, None]
    with pytest.raises(IllegalAction):
        hand.apply(3, kong(tile("5z"), FROM_DISCARD))


def test_hk4_5_no_claim_for_a_pair_only() -> None:
    """HK-4.5: holding one matching tile gives no claim (unless it completes a win, see HK-4.7 tests)."""
    hand = stacked_hand(PUNG_HANDS)
    ev = act(hand, "E discard 1z")[0]  # S and W each hold one 1z
    assert ev["offers"] == [None, None, None, None]
    assert hand.turn == 1


def test_hk4_1_only_the_latest_discard_can_be_claimed() -> None:
    """HK-4.1: once the next player has drawn, the earlier discard is gone for claims."""
    hand = stacked_hand(CHOW)
    script(hand, ["E discard 3m", "S pass", "W pass"])
    assert hand.turn == 1 and hand.phase is Phase.TURN
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="S's turn, not W's"):
        act(hand, "W pung")
    assert snapshot(hand) == before


# E discards 5s; S holds 5s 5s; W and N are ready on 4s-6s
WINS = ["147m258p3569s1234z", "258m369p14557s34z", "123m456m789m46s77z", "123p456p789p46s66z"]


def test_hk4_7_two_wins_on_one_discard_first_in_play_order_after_the_discarder() -> None:
    """HK-4.7: several Mahjong claims: the first seat in play order after the discarder wins alone."""
    hand = stacked_hand(WINS)
    ev = act(hand, "E discard 5s")[0]
    assert ev["offers"] == [None, ["pass", "pung"], ["pass", "mahjong"], ["pass", "mahjong"]]
    script(hand, ["N mahjong", "S pung"])
    assert hand.pending() == (2,) and hand.result is None  # all answers first
    events = act(hand, "W mahjong")
    claim = events[1]
    assert claim["answers"] == [None, "pung", "mahjong", "mahjong"]
    assert (claim["seat"], claim["claim"]) == (2, "mahjong")
    win = events[2]
    assert win["type"] == "win" and win["seat"] == 2 and win["win"] == "discard" and win["from"] == 0
    assert hand.result is not None and hand.result.seat == 2
    assert hand.result.payments[0] == -2 * win["base"]


def test_hk4_7_mahjong_beats_pung() -> None:
    hand = stacked_hand(WINS)
    script(hand, ["E discard 5s", "S pung", "W pass", "N mahjong"])
    assert hand.result is not None and hand.result.kind == "win" and hand.result.seat == 3


def test_hk4_7_everyone_passes_the_next_player_draws() -> None:
    hand = stacked_hand(WINS)
    events = script(hand, ["E discard 5s", "S pass", "W pass", "N pass"])
    assert events[-2]["claim"] is None and events[-1]["type"] == "draw" and events[-1]["seat"] == 1


@pytest.mark.parametrize("discarder", range(4))
def test_hk4_7_resolve_claim_priorities(discarder: int) -> None:
    """HK-4.7 in one function: Mahjong > pung/kong > chow; ties go to the first seat after the discarder."""
    others = [(discarder + i) % 4 for i in (1, 2, 3)]
    for a, b in itertools.combinations(others, 2):
        assert resolve_claim(discarder, {b: WIN, a: WIN}) == (a, WIN)
        assert resolve_claim(discarder, {a: PUNG, b: WIN}) == (b, WIN)
    left = others[0]
    assert resolve_claim(discarder, {left: chow(tile("3m")), others[2]: PUNG}) == (others[2], PUNG)
    assert resolve_claim(discarder, {left: chow(tile("3m")), others[1]: PASS}) == (left, chow(tile("3m")))
    assert resolve_claim(discarder, {s: PASS for s in others}) is None


# S ends the wall: it draws the last tile (5s) and discards it; W holds 5s 5s; N is ready on 5s
FINAL = [QUIET[0], QUIET[1], "369m147p559s1567z", "123m456m789m123p5s"]


def _final_discard(**options: Any) -> Hand:
    hand = stacked_hand(FINAL, draws=[None] * 76 + [tile("5s")], **options)
    play_quietly(hand, until_live=0)
    assert hand.turn == 1 and hand.live_count == 0 and hand.last_tile == tile("5s")
    return hand


def test_hk4_9_the_final_discard_can_be_claimed_only_for_mahjong() -> None:
    """HK-4.9 Ruling: after the last live-wall tile, the discard is offered only for Mahjong."""
    hand = _final_discard()
    ev = act(hand, "S discard 5s")[0]
    assert ev["final"] is True
    assert ev["offers"] == [None, None, None, ["pass", "mahjong"]]  # W's pung is not offered
    events = act(hand, "N mahjong")
    win = events[-2]
    assert win["flags"] == ["final_discard"]
    assert "final_discard" in [i["id"] for i in win["items"]]


def test_hk4_9_final_discard_refuses_a_pung_with_a_reason() -> None:
    hand = _final_discard(ask_all=True)
    ev = act(hand, "S discard 5s")[0]
    assert ev["offers"] == [["pass"], None, ["pass"], ["pass", "mahjong"]]
    with pytest.raises(IllegalAction, match=r"HK-4.9"):
        act(hand, "W pung")
    events = script(hand, ["W pass", "N pass", "E pass"])
    assert events[-2]["type"] == "exhaustive_draw" and events[-1]["result"] == "draw"


# E discards 5p: S pungs it (N, ready on 4p-6p, passes); S later draws the fourth 5p and adds it
ROB = ["147m258p369s12345z", "258m559p147s1234z", "369m147p258s1567z", "123m456m789m46p77z"]


def _rob_setup() -> Hand:
    hand = stacked_hand(ROB, draws="9s9s9s5p", replacements="8m")
    ev = act(hand, "E discard 5p")[0]
    assert ev["offers"] == [None, ["pass", "pung"], None, ["pass", "mahjong"]]
    script(hand, ["S pung", "N pass", "S discard 9p"])
    for _ in range(3):
        tsumogiri(hand)
    assert hand.turn == 1 and hand.last_tile == tile("5p")
    return hand


def test_hk4_10_robbing_an_added_kong() -> None:
    """HK-4.10: the tile added to an exposed pung may be taken to complete a win; the robbed pays as a discarder."""
    hand = _rob_setup()
    events = act(hand, "S added kong 5p")
    assert events == [
        {
            "type": "kong",
            "seat": 1,
            "action": "added kong 5p",
            "tile": "5p",
            "offers": [None, None, None, ["pass", "mahjong"]],
        }
    ]
    assert hand.phase is Phase.ROB and hand.pending() == (3,)
    with pytest.raises(IllegalAction, match=r"HK-4\.10"):
        hand.apply(3, PUNG)
    events = act(hand, "N mahjong")
    win = events[-2]
    assert win["win"] == "robbed_kong" and win["from"] == 1 and win["tile"] == "5p"
    assert "robbing_a_kong" in [i["id"] for i in win["items"]]
    base = win["base"]
    assert win["payments"] == [-base, -2 * base, -base, 4 * base]
    assert hand.melds[1] == (Meld("pung", tile("5p")),)


def test_hk4_10_an_unrobbed_added_kong_completes() -> None:
    hand = _rob_setup()
    act(hand, "S added kong 5p")
    events = act(hand, "N pass")
    assert [e["type"] for e in events] == ["answer", "claim", "replacement"]
    assert events[1]["on"] == "added_kong" and events[1]["claim"] is None
    assert hand.melds[1] == (Meld("kong", tile("5p")),)
    assert hand.turn == 1 and hand.phase is Phase.TURN


def _pass_window(hand: Hand) -> None:
    while hand.phase is not Phase.TURN and not hand.over:
        hand.apply(hand.pending()[0], PASS)


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_hk4_10_hk5_7_a_false_mahjong_on_an_added_kong_leaves_its_tile_in_the_kong(rules: str) -> None:
    """HK-4.10, HK-5.7 (CL-7.7): W, asked about S's added kong at a table that asks everyone,
    declares a Mahjong it does not have: the hand ends on W's penalty, and the added tile, which
    nobody robbed, stays in S's kong. It was lost: the hand ended with 143 tiles (HK-1)."""
    from hkmj.rulesets import get_ruleset

    hand = stacked_hand(ROB, draws="9s9s9s5p", replacements="8m", ask_all=True, rules=get_ruleset(rules))
    act(hand, "E discard 5p")
    script(hand, ["S pung", "W pass", "N pass", "S discard 9p"])
    _pass_window(hand)
    for _ in range(3):
        tsumogiri(hand)
        _pass_window(hand)
    assert hand.turn == 1 and hand.last_tile == tile("5p")
    act(hand, "S added kong 5p")
    assert hand.phase is Phase.ROB and WIN not in hand.legal_actions(2) and hand.can_declare_mahjong(2)
    events = script(hand, ["W mahjong", "E pass", "N pass"])
    assert [e["type"] for e in events][-3:] == ["claim", "false_mahjong", "hand_end"]
    assert hand.result is not None and hand.result.kind == "penalty" and hand.result.seat == 2
    assert hand.melds[1] == (Meld("kong", tile("5p")),)
    assert hand.census() == [4] * 34 + [1] * 8


def test_hk4_10_concealed_kongs_cannot_be_robbed() -> None:
    """HK-4.10: N is ready on 7s, yet W's concealed kong of 7s opens no robbing window."""
    hands = ["147m258p369s12345z", "258m369p148s1234z", "369m147p777s1567z", "123m456m789m68s77z"]
    hands[3] = "123m456m789m68s66z"
    hand = stacked_hand(hands, draws="9s7s", replacements="9m")
    act(hand, "E discard 5z")
    tsumogiri(hand)  # S draws and discards 9s
    assert hand.turn == 2 and hand.last_tile == tile("7s")
    events = act(hand, "W concealed kong 7s")
    assert [e["type"] for e in events] == ["kong", "replacement"]
    assert "offers" not in events[0]
    assert hand.phase is Phase.TURN and hand.melds[2] == (Meld("ckong", tile("7s")),)
