"""The rulings R-1..R-8 of ``../shared/rules/hong-kong.md`` and R-10 of docs/rules.md played out on
stacked walls (R-3 and R-9 are the scorer's: tests/test_machine_interface.py)."""

from __future__ import annotations

from pathlib import Path

from hkmj.engine import PASS, WIN, Hand, Phase
from hkmj.engine.testing import QUIET, act, play_quietly, script, stacked_hand, tsumogiri
from hkmj.scoring import score_json
from hkmj.tiles import tile

# E discards 5s; S holds 5s 5s; W and N are ready on 4s-6s (as in test_engine_wins)
WINS = ["147m258p3569s1234z", "258m369p14557s34z", "123m456m789m46s77z", "123p456p789p46s66z"]


def _pass_claims(hand: Hand) -> None:
    while not hand.over and hand.phase is not Phase.TURN:
        hand.apply(hand.pending()[0], PASS)


def _win(hand: Hand) -> dict[str, object]:
    return next(e for e in hand.events if e["type"] == "win")


def test_r1_earthly_hand_only_before_any_kong() -> None:
    """R-1: after East's concealed kong, a win on East's first discard is a plain discard win."""
    hands = ["1111m258p3569s123z", "234p567p789m46s77z", QUIET[2], "247m258p369s2345z"]
    hand = stacked_hand(hands, replacements="4z")
    script(hand, ["E concealed kong 1m", "E discard 5s"])
    assert hand.n_discards == 1 and WIN in hand.legal_actions(1)
    act(hand, "S mahjong")
    win = _win(hand)
    assert win["win"] == "discard" and win["flags"] == [] and win["limit"] is None


def test_r1_earthly_hand_without_a_kong_is_still_the_limit() -> None:
    """R-1, the other side: no kong before East's first discard, the limit stands."""
    hand = stacked_hand(["147m258p3569s1234z", "123m456m789m46s77z", QUIET[2], QUIET[3]])
    script(hand, ["E discard 5s", "S mahjong"])
    assert _win(hand)["limit"] == "earthly_hand"


def test_r2_bonus_replacement_of_the_last_live_tile_is_not_the_last_wall_tile() -> None:
    """R-2: the last live tile is a flower; the winning tile is its replacement from the dead wall."""
    hands = ["147m258p3569s1234z", "123m456m789m123p5s", QUIET[2], QUIET[3]]
    hand = stacked_hand(hands, draws=[None] * 76 + [tile("1f")], replacements="5s")
    play_quietly(hand, until_live=0)
    assert hand.turn == 1 and hand.live_count == 0 and hand.last_tile == tile("5s")
    assert hand.bonus[1] == (tile("1f"),)
    win = act(hand, "S mahjong")[0]
    assert win["flags"] == [] and win["win"] == "self_draw"
    assert "last_wall_tile" not in [i["id"] for i in win["items"]]


def test_r4_a_kong_top_up_that_empties_the_live_wall_makes_the_next_discard_final() -> None:
    """R-4, HK-4.9: E's kong moves the last live tile to the dead wall; E's discard is the final
    discard: S, holding a pair of it, is offered no pung (Mahjong only)."""
    hands = ["666z147m258p369s12z", "258m369p147s1134z", "369m147p258s1577z", QUIET[3]]
    hand = stacked_hand(hands, draws=[None] * 75 + [tile("6z")], replacements="3m")
    play_quietly(hand, until_live=1)
    assert hand.turn == 0 and hand.live_count == 1 and hand.last_tile == tile("6z")
    act(hand, "E concealed kong 6z")
    assert hand.live_count == 0 and not hand.over and hand.turn == 0
    discard = act(hand, "E discard 1z")[0]
    assert discard["type"] == "discard" and discard["final"] is True
    assert discard["offers"][1] is None
    assert hand.over and hand.result is not None and hand.result.kind == "draw"


def test_r4_final_discard_flag_when_won() -> None:
    """R-4: the same final discard won by a ready seat scores 'final discard'."""
    hands = ["666z147m258p369s12z", "123m456m789m13p11z", "369m147p258s1577z", QUIET[3]]
    hand = stacked_hand(hands, draws=[None] * 75 + [tile("6z")], replacements="3m")
    play_quietly(hand, until_live=1)
    act(hand, "E concealed kong 6z")
    discard = act(hand, "E discard 2p")[0]
    assert discard["final"] is True and discard["offers"][1] == ["pass", "mahjong"]
    act(hand, "S mahjong")
    assert _win(hand)["flags"] == ["final_discard"]


def test_r5_false_robbing_of_an_added_kong_pays_the_kongs_owner_as_a_discarder() -> None:
    """R-5: W falsely robs S's added kong of 5p: 128 to S (the kong's owner), 64 to the others."""
    rob = ["147m258p369s12345z", "258m559p147s1234z", "369m147p258s1567z", "123m456m789m46p77z"]
    hand = stacked_hand(rob, draws="9s9s9s5p", replacements="8m", ask_all=True)
    script(hand, ["E discard 5p", "S pung", "W pass", "N pass", "S discard 9p"])
    while not (hand.phase is Phase.TURN and hand.turn == 1):
        tsumogiri(hand) if hand.phase is Phase.TURN else hand.apply(hand.pending()[0], PASS)
    act(hand, "S added kong 5p")
    events = script(hand, ["W mahjong", "N pass", "E pass"])
    false = next(e for e in events if e["type"] == "false_mahjong")
    assert false["from"] == 1 and false["payments"] == [64, 128, -256, 64]
    assert hand.result is not None and hand.result.kind == "penalty" and hand.result.discarder == 1


def test_r6_several_declarations_the_first_in_priority_order_decides() -> None:
    """R-6, HK-4.7: on E's discard, S (first after E) declares falsely, W and N validly: S is
    penalised and the hand ends; W's and N's declarations are not examined."""
    hand = stacked_hand(WINS, ask_all=True)
    script(hand, ["E discard 5s", "N mahjong", "W mahjong", "S mahjong"])
    assert hand.result is not None and hand.result.kind == "penalty" and hand.result.seat == 1
    assert not any(e["type"] == "win" for e in hand.events)
    # the other way round: W's valid declaration comes first, N's false one is never judged
    hands = [WINS[0], WINS[1], WINS[2], "123p456p789p47s66z"]
    hand = stacked_hand(hands, ask_all=True)
    script(hand, ["E discard 5s", "N mahjong", "S pass", "W mahjong"])
    assert hand.result is not None and hand.result.kind == "win" and hand.result.seat == 2
    assert not any(e["type"] == "false_mahjong" for e in hand.events)


def test_r7_nine_gates_won_on_a_discard() -> None:
    """R-7: 1112345678999m + 5m from E's second discard (not earthly), concealed: the nine gates limit."""
    hands = ["5m147p258s1234567z", "1112345678999m", "258p369p147s1234z", "369s258s369p1567z"]
    hand = stacked_hand(hands, draws="2z3z4z5z")
    script(hand, ["E discard 7z", "S discard 2z", "W discard 3z", "N discard 4z", "E discard 5m", "S mahjong"])
    win = _win(hand)
    assert win["win"] == "discard" and win["limit"] == "nine_gates" and win["base"] == 64


def test_r7_nine_gates_whatever_the_winning_tile() -> None:
    """R-7: any 14 tiles 1112345678999 + one of the suit, concealed; not with a concealed kong."""
    for extra in "123456789":
        hand = "".join(sorted("1112345678999" + extra)) + "p"
        for win_tile in {"1p", f"{extra}p", "9p"}:
            request = {"hand": hand, "win_tile": win_tile, "win": "discard", "discarder": "N", "seat": "S", "prevailing": "E"}
            assert score_json(request)["limit"] == "Nine gates", (hand, win_tile)
    kong = {"hand": "23455678999p", "melds": ["ckong 1111p"], "win_tile": "9p", "win": "self_draw", "seat": "S", "prevailing": "E"}
    result = score_json(kong)
    assert result["valid"] and result["limit"] != "Nine gates"


def test_r8_four_kongs_by_different_players_do_not_end_the_hand() -> None:
    """R-8: each seat declares a concealed kong in turn; play goes on to the wall's end."""
    hands = ["1111m36m48p27s1234z", "9999p25m37p148s56z", "5555s47m16p369s12z", "7777z89m25p27s345z"]
    hand = stacked_hand(hands, replacements="9m9s3s1s", draws="6m6p6s")
    for seat, kong in enumerate(("1m", "9p", "5s", "7z")):
        assert hand.turn == seat and hand.phase is Phase.TURN
        act(hand, f"{'ESWN'[seat]} concealed kong {kong}")
        tsumogiri(hand)
        _pass_claims(hand)
    assert [len(m) for m in hand.melds] == [1, 1, 1, 1]
    assert not hand.over and hand.turn == 0 and hand.phase is Phase.TURN
    live = hand.live_count
    play_quietly(hand)
    assert live > 40 and hand.result is not None and hand.result.kind == "draw" and hand.live_count == 0


def test_r10_a_win_on_the_replacement_of_a_kongs_bonus_replacement_is_a_kong_replacement_win() -> None:
    """R-10 (HK-2.6, HK-6 "win on a replacement tile after a kong"): E declares a concealed kong of
    9p, its replacement is a flower (exposed and replaced again) and that second replacement, 9s,
    completes E's hand: the win is flagged ``kong_replacement`` and scores its fan; docs/rules.md
    states the ruling."""
    quiet = ["369m147p258s1567z", "147m258p369s2346z"]
    hand = stacked_hand(["9999p123m456m78s55z", "258m367p147s1234z", *quiet], replacements="1f9s")
    events = act(hand, "E concealed kong 9p")
    assert [(e["type"], e.get("for"), e.get("tile")) for e in events if e["type"] == "replacement"] == [
        ("replacement", "kong", "1f"),
        ("replacement", "bonus", "9s"),
    ]
    win = next(e for e in act(hand, "E mahjong") if e["type"] == "win")
    assert win["flags"] == ["kong_replacement"]
    assert ("kong_replacement", 1) in [(i["id"], i["fan"]) for i in win["items"]]
    page = " ".join((Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8").split())
    assert '- **R-10** A kong\'s replacement that is a bonus tile is exposed and replaced again' in page
