"""The rare paths of a hand and a match, as an outside referee re-reads them.

A referee written from docs/record-format.md and the rules pages, auditing rigged hands of the
three rulesets (robbed kongs, kongs at the end of the wall, contested Mahjongs, false ones, long
matches), found the records and `hkmj replay` right but had to guess four things the pages left
unsaid: whether a concealed kong can be robbed for Thirteen Orphans at MCR (MCR-4.4), what the
classical game does at the end of the wall (CL-3.7), which of several Mahjong declarations on one
classical discard is judged (CL-7.7), and whether a player whose total runs out is bankrupt (R-11,
MCR-2.5, CL-4.7). Each test plays the case, checks the record with the docs referee and replay,
and checks the page now states what the engine does.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from hkmj.engine import IllegalAction, Match
from hkmj.engine.actions import PASS, WIN
from hkmj.engine.state import Hand, Phase
from hkmj.engine.testing import QUIET, act, play_quietly, script, stacked_hand
from hkmj.engine.wall import stacked_wall
from hkmj.record import replay
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile, tile_str

DOCS = Path(__file__).resolve().parents[2] / "docs"

# loaded by its path, as tests/records/test_docs_referee.py loads it
_spec = importlib.util.spec_from_file_location("hkmj_test_docs_referee_rare", Path(__file__).with_name("docs_referee.py"))
assert _spec is not None and _spec.loader is not None
dr = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = dr
_spec.loader.exec_module(dr)


def said(page: str) -> str:
    """A docs page with its line breaks and indentation read as single spaces."""
    return re.sub(r"\s+", " ", (DOCS / page).read_text(encoding="utf-8"))


def record_of(hand: Hand) -> list[dict[str, Any]]:
    """The hand's events as a record file gives them back, checked by the docs referee and by
    replay (a hand of a given wall, replayed from its recorded wall and dice)."""
    events: list[dict[str, Any]] = json.loads(json.dumps(hand.events))
    ref = dr.MatchReferee()
    for e in events:
        ref.feed(e)
    report = replay(events)
    assert report.divergence is None, report.divergence
    return events


THIRTEEN_ORPHANS_ON_9M = "1m19p19s11234567z"
"""Thirteen orphans waiting on 9 Characters alone (the pair is East wind)."""


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_4_10_mcr_4_4_cl_5_3_a_concealed_kong_is_not_robbed_even_for_thirteen_orphans(rules: str) -> None:
    """HK-4.10, MCR-4.4 Ruling, CL-5.3 Ruling: S declares a concealed kong of 9 Characters while W
    holds thirteen orphans waiting on that tile alone. No window opens: the `kong` event has no
    `offers`, S's replacement follows at once and W is never asked. The MCR page said only that
    Robbing the Kong is won "on the tile another player adds to a pung", which leaves a referee to
    guess whether Thirteen Orphans may rob a concealed kong, as some tables allow; MCR-4.4 now
    says it may not."""
    ruleset = get_ruleset(rules)
    hand = stacked_hand([QUIET[0], "9999m258p36s147s7z", THIRTEEN_ORPHANS_ON_9M, QUIET[3]], draws="5z", rules=ruleset)
    act(hand, "E discard 4m")
    assert hand.turn == 1 and hand.phase is Phase.TURN
    events = act(hand, "S concealed kong 9m")
    assert events[0] == {"type": "kong", "seat": 1, "action": "concealed kong 9m", "tile": "9m"}
    assert events[1]["type"] == "replacement" and events[1]["seat"] == 1 and events[1]["for"] == "kong"
    assert hand.phase is Phase.TURN and hand.turn == 1 and hand.pending() == (1,)
    record_of(hand)
    if rules == "mcr":
        page = said("rules-mcr.md")
        assert "4. Robbing the kong (HK-4.10):" in page and "**Ruling** (the seed names only the added kong" in page
        assert "A concealed kong never is, not even for Thirteen Orphans (MCR-6.81)" in page


CLASSICAL = get_ruleset("classical")


def test_cl_3_7_a_kong_on_the_last_tile_takes_its_replacement_and_the_next_discard_is_final() -> None:
    """CL-3.7 Ruling (the end of the wall): S draws the last live tile, the fourth 9 Circles, and
    declares a concealed kong; its replacement comes from the dead wall, which shrinks to 13, and
    S's next discard is the final discard, claimed only for Mahjong (W's pung of it refused).
    The classical page said nothing of a kong at the end of the wall."""
    hands = ["147m258p369s12345z", "999p123m456m78m11s", "369m147p258s1566z", "147m258p369s2345z"]
    hand = stacked_hand(hands, draws=[None] * 76 + [tile("9p")], replacements="6z", rules=CLASSICAL, ask_all=True)
    play_quietly(hand, until_live=0)
    assert (hand.turn, hand.live_count, hand.last_tile) == (1, 0, tile("9p"))
    events = act(hand, "S concealed kong 9p")
    assert events[-1] == {"type": "replacement", "seat": 1, "tile": "6z", "for": "kong", "live": 0, "dead": 13}
    assert act(hand, "S discard 6z")[0]["final"] is True
    with pytest.raises(IllegalAction, match=r"CL-3\.7"):
        act(hand, "W pung")
    script(hand, ["W pass", "E pass", "N pass"])
    events = record_of(hand)
    assert [e["type"] for e in events[-2:]] == ["exhaustive_draw", "hand_end"]
    page = said("rules-classical.md")
    assert (
        "a player who draws the last tile of the live wall may still declare a kong, and takes its replacement from the dead wall, which then shrinks; his next discard is the final discard"
        in page
    )


def test_cl_3_7_a_kongs_top_up_that_empties_the_live_wall_makes_the_next_discard_final() -> None:
    """CL-3.7 Ruling (as R-4): E declares a kong with one live tile left; its replacement moves
    that tile onto the dead wall (HK-2.7), so nobody drew the last tile, yet E's discard is the
    final discard and the hand is drawn when nobody wins it."""
    hands = ["999p147m258p369s12z", "258m36p147s12347z", QUIET[2], QUIET[3]]
    hand = stacked_hand(hands, draws=[None] * 75 + [tile("9p")], replacements="5z", rules=CLASSICAL)
    play_quietly(hand, until_live=1)
    assert (hand.turn, hand.live_count, hand.last_tile) == (0, 1, tile("9p"))
    events = act(hand, "E concealed kong 9p")
    assert events[-1] == {"type": "replacement", "seat": 0, "tile": "5z", "for": "kong", "live": 0, "dead": 14}
    assert act(hand, "E discard 5z")[0]["final"] is True
    events = record_of(hand)
    assert [e["type"] for e in events[-2:]] == ["exhaustive_draw", "hand_end"]
    page = said("rules-classical.md")
    assert (
        "A kong whose replacement moves the last live tile onto the dead wall (HK-2.7 keeps it at 14 tiles) also makes the next discard the final discard"
        in page
    )


@pytest.mark.parametrize("last", ["kong", "flower"])
def test_cl_3_7_cl_5_3_a_win_on_a_replacement_after_the_last_live_tile_is_not_the_last_tile_of_the_wall(last: str) -> None:
    """CL-3.7 Ruling, CL-5.3 (as R-2): S draws the last live tile, the fourth 9 Circles (then
    declares a concealed kong) or South's flower, and wins on its replacement, 9 Characters, from
    the dead wall: self-drawn, without `last_wall_tile` and without its double."""
    dealt = "999p123m456m78m11s"
    drawn = "9p" if last == "kong" else "2f"
    hand = stacked_hand(
        [QUIET[0], dealt, QUIET[2], QUIET[3]], draws=[None] * 76 + [tile(drawn)], replacements="9m", rules=CLASSICAL
    )
    play_quietly(hand, until_live=0)
    if last == "kong":
        act(hand, "S concealed kong 9p")
    assert hand.last_tile == tile("9m") and hand.live_count == 0
    win = next(e for e in act(hand, "S mahjong") if e["type"] == "win")
    assert win["win"] == "self_draw" and win["flags"] == []
    ids = [i["id"] for i in win["items"]]
    assert "self_drawn" in ids and "last_wall_tile" not in ids
    record_of(hand)
    page = said("rules-classical.md")
    assert (
        'A win on a replacement (for a kong, or for a flower drawn as the last live tile) is not "the last tile of the wall" (CL-5.3 `last_wall_tile`)'
        in page
    )


WINS_ON_4M = "123s456s789s99p56m"
"""A hand that wins on 4 Characters at every table (a pure straight, 16 points at MCR)."""


@pytest.mark.parametrize("first_false", [True, False])
def test_cl_7_7_several_declarations_on_one_discard_the_first_after_the_discarder_decides(first_false: bool) -> None:
    """CL-7.7 Ruling (as R-6): S and N both declare Mahjong on E's 4 Characters. The first after
    the discarder (CL-3.3) decides: S's false declaration is penalised and ends the hand though
    N's would have won; S's valid one wins and N's false one costs nothing."""
    south = QUIET[1] if first_false else "123p456p789p55s35m"
    hand = stacked_hand([QUIET[0], south, QUIET[2], WINS_ON_4M], rules=CLASSICAL, ask_all=True)
    script(hand, ["E discard 4m", "N mahjong" if first_false else "N pass", "S mahjong", "W pass"])
    events = record_of(hand)
    claim = next(e for e in events if e["type"] == "claim")
    assert (claim["seat"], claim["claim"]) == (1, "mahjong")
    end = events[-1]
    assert (end["result"], end["seat"]) == (("penalty", 1) if first_false else ("win", 1))
    assert not [e for e in events if e["type"] == "win" and e["seat"] == 3]
    page = said("rules-classical.md")
    assert "A false one is penalised and ends the hand, and a later one is not examined, even if it would have won" in page


def test_r_11_mcr_2_5_cl_4_7_nobody_goes_bankrupt() -> None:
    """R-11, MCR-2.5, CL-4.7 Rulings: a player whose total falls far below zero is not out of the
    game. Player 1 declares a false Mahjong in every pass of the deal of a Hong Kong game (HK-5.7,
    seats stay, 192 or 256 each time) and an earthly hand then moves the deal on (R-1): the match
    plays all 16 passes with player 1 thousands of points below zero, and the docs referee
    follows it. None of the rules pages said what happens when a total runs out, a thing many
    tables settle with a bankruptcy."""
    dice = (3, 4, 5)
    quiet = stacked_wall(QUIET, dice=dice)
    earthly = stacked_wall(["147m258p3569s1234z", "123m456m789m46s77z", QUIET[2], QUIET[3]], dice=dice)
    match = Match(11, ask_all=True)
    record = list(match.events)
    lowest = 0
    while not match.over:
        hand = match.new_hand(wall=quiet, dice=dice)
        seat = hand.events[0]["players"].index(1)
        if seat == 0:
            script(hand, ["E mahjong"])
        else:
            act(hand, "E discard 1z")
            hand.apply(seat, WIN)
            while not hand.over:
                hand.apply(hand.pending()[0], PASS)
        assert hand.events[-1]["result"] == "penalty"
        record += hand.events
        record += match.finish_hand()
        lowest = min(lowest, match.totals[1])
        hand = match.new_hand(wall=earthly, dice=dice)
        script(hand, ["E discard 5s", "S mahjong", "W pass", "N pass"])
        record += hand.events
        record += match.finish_hand()
    stats = dr.check_events(record)
    assert stats.hands == 32 and record[-1]["type"] == "match_end" and record[-1]["complete"]
    assert lowest < -3000 and record[-1]["totals"][1] < -3000
    for page, words in (
        ("rules.md", "- **R-11** Nobody goes bankrupt"),
        ("rules-mcr.md", "5. **Ruling** (the seed is silent): nobody goes bankrupt."),
        ("rules-classical.md", "7. **Ruling** (the seeds are silent): nobody goes bankrupt."),
    ):
        assert words in said(page), page


def rob_window(rules: str) -> Hand:
    """S pungs E's 9 Characters, draws the fourth and adds it to the pung; every seat is asked
    (W could rob it, N, holding nothing of it, is offered only a pass)."""
    dealt = ["1479m258p369s2345z", "99m258m369p147s12z", "78m123p456p789p11s", QUIET[3]]
    hand = stacked_hand(dealt, draws=[None, None, None, tile("9m")], rules=get_ruleset(rules), ask_all=True)
    script(hand, ["E discard 9m", "S pung", "W pass", "N pass", "S discard 1z", "W pass", "N pass", "E pass"])
    for seat in (2, 3, 0):  # W, N and E discard what they draw; S draws the fourth 9m
        assert hand.turn == seat and hand.phase is Phase.TURN
        act(hand, f"{'ESWN'[seat]} discard {_drawn(hand)}")
        while not hand.over and hand.phase is not Phase.TURN:
            hand.apply(hand.pending()[0], PASS)
    assert hand.turn == 1 and hand.last_tile == tile("9m")
    kong = act(hand, "S added kong 9m")[0]
    assert kong["offers"] == [["pass"], None, ["pass", "mahjong"], ["pass"]]
    return hand


def _drawn(hand: Hand) -> str:
    assert hand.last_tile is not None
    return tile_str(hand.last_tile)


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_r_5_cl_7_7_a_false_robbing_leaves_the_added_tile_in_its_kong(rules: str) -> None:
    """R-5, CL-7.7: N declares Mahjong on S's added 9 Characters without a winning hand. The
    `claim` (`on` `added_kong`) names N as taking the tile and the penalty ends the hand, the kong's
    owner paid as a discarder (R-5) or as the others (CL-7.7). Nobody robbed the kong, so its
    added tile stays in it, and the 144 tiles are all in place; docs/record-format.md said only
    that a false Mahjong's tile stays in the discarder's pond, and an added kong has none."""
    hand = rob_window(rules)
    script(hand, ["N mahjong", "W pass", "E pass"])
    events = record_of(hand)
    claim = next(e for e in events if e["type"] == "claim" and e["on"] == "added_kong")
    penalty = next(e for e in events if e["type"] == "false_mahjong")
    assert (claim["on"], claim["seat"], claim["claim"]) == ("added_kong", 3, "mahjong")
    assert penalty["from"] == 1 and events[-1]["result"] == "penalty"
    assert penalty["payments"] == ([64, 128, 64, -256] if rules == "hk" else [2000, 1000, 1000, -4000])
    assert [(m.kind, m.tile) for m in hand.melds[1]] == [("kong", tile("9m"))]
    assert sum(hand.census()) == 144
    assert not [e for e in events[events.index(claim) :] if e["type"] == "replacement"]
    page = said("record-format.md")
    assert "on an added kong, `on` `added_kong`, in the kong, which stands though no replacement is drawn: R-5, CL-7.7" in page


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_4_7_mcr_4_2_cl_3_3_two_players_robbing_one_kong_the_first_after_its_owner_wins(rules: str) -> None:
    """HK-4.7, HK-4.10, MCR-4.2 Ruling, CL-3.3: S adds 9 Characters to its pung and W and N both
    win on it. N answers first, but W, the first after S, takes the tile and is the only winner;
    S pays as the discarder. The pages spoke of several claims on one *discard*; MCR-4.2 and
    docs/record-format.md now say an added kong is settled alike."""
    dealt = ["1479m258p369s2345z", "99m258m369p147s12z", "78m123p456p789p11s", "78m123s456s789s22p"]
    hand = stacked_hand(dealt, draws=[None, None, None, tile("9m")], rules=get_ruleset(rules))
    script(hand, ["E discard 9m", "S pung", "W pass", "N pass"])  # W and N could win on it
    for seat, tile_text in ((1, "1z"), (2, None), (3, None), (0, None)):  # S draws the fourth 9m next
        assert hand.turn == seat and hand.phase is Phase.TURN
        act(hand, f"{'ESWN'[seat]} discard {tile_text or _drawn(hand)}")
        while hand.phase is not Phase.TURN:  # at MCR, E's knitted hand may win on some of them
            hand.apply(hand.pending()[0], PASS)
    kong = act(hand, "S added kong 9m")[0]
    assert kong["offers"] == [None, None, ["pass", "mahjong"], ["pass", "mahjong"]]
    script(hand, ["N mahjong", "W mahjong"])
    events = record_of(hand)
    claim = next(e for e in events if e["type"] == "claim" and e["on"] == "added_kong")
    assert claim["answers"] == [None, None, "mahjong", "mahjong"] and (claim["seat"], claim["claim"]) == (2, "mahjong")
    wins = [e for e in events if e["type"] == "win"]
    assert [(w["seat"], w["win"], w["from"]) for w in wins] == [(2, "robbed_kong", 1)]
    pay = wins[0]["payments"]
    assert pay[2] == max(pay) and sum(pay) == 0
    if rules != "classical":  # the kong's owner pays as the discarder (HK-4.10, MCR-8.2); classical: CL-7
        assert pay[1] == min(pay) and pay[0] == pay[3]
    assert "on an added kong, the first after the kong's owner: HK-4.7, MCR-4.2, CL-3.3" in said("record-format.md")
    assert "Two players robbing the same added kong (MCR-6.43) are settled alike" in said("rules-mcr.md")


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_3_3_cl_3_4_mcr_5_4_a_fourth_tile_kept_in_hand_may_be_added_to_the_pung(rules: str) -> None:
    """HK-3.3, CL-3.4 Ruling, MCR-4.1: S holds three 8 Characters, pungs E's 8m with two of them
    and keeps the third; on its next turn it draws Green dragon and adds the 8 Characters it kept to the pung. Every table allows it (HK-3.3: "a
    tile from your hand"), and the kong is offered for robbing as any other. The classical page
    said only that a player who *draws* the fourth tile may add it (CL-3.4, CL-3.5), and MCR-5.4
    spoke of "a drawn tile": a referee reading them would have refused this record."""
    dealt = ["1478m258p369s2345z", "888m25m369p147s17z", QUIET[2], QUIET[3]]
    hand = stacked_hand(dealt, draws=[None, None, None, tile("6z")], rules=get_ruleset(rules))
    act(hand, "E discard 8m")
    script(hand, ["S pung"] + [f"{'ESWN'[s]} pass" for s in hand.pending() if s != 1])
    assert [(m.kind, m.tile) for m in hand.melds[1]] == [("pung", tile("8m"))] and hand.hands[1][tile("8m")] == 1
    for seat, tile_text in ((1, "1z"), (2, None), (3, None), (0, None)):  # then S draws Green dragon
        assert hand.turn == seat and hand.phase is Phase.TURN
        act(hand, f"{'ESWN'[seat]} discard {tile_text or _drawn(hand)}")
        while hand.phase is not Phase.TURN:
            hand.apply(hand.pending()[0], PASS)
    assert hand.turn == 1 and hand.last_tile == tile("6z")
    assert any(str(a) == "added kong 8m" for a in hand.legal_actions(1))
    events = act(hand, "S added kong 8m")
    assert events[0]["type"] == "kong" and events[0]["action"] == "added kong 8m" and "offers" in events[0]
    assert events[-1]["type"] == "replacement" and events[-1]["for"] == "kong"
    assert [(m.kind, m.tile) for m in hand.melds[1]] == [("kong", tile("8m"))]
    record_of(hand)
    if rules == "classical":
        assert "the fourth tile may also be one the player kept in hand when he claimed the pung" in said("rules-classical.md")
    if rules == "mcr":
        assert "the fourth tile added from its hand to its exposed pung (HK-3.3;" in said("rules-mcr.md")


def test_mcr_4_3_mcr_5_4_a_dead_hand_at_a_table_that_asks_every_seat_is_offered_a_pass_on_an_added_kong() -> None:
    """MCR-4.3, MCR-5.4, HK-4.10: at a table that asks every seat (`ask_all`, as `hkmj play`'s),
    W declares a false Mahjong on E's 8 Characters and plays on dead; S, which punged that tile,
    later adds the fourth. A dead hand is offered nothing but a pass (docs/record-format.md),
    at a discard as at a kong: the `kong` event offers W `["pass"]` like every other seat. The
    docs referee gave a dead hand `["pass"]` at a discard but nothing at an added kong, and so
    refused this record of `hkmj play --rules mcr` as breaking HK-4.10."""
    dealt = ["1478m258p369s2345z", "888m25m369p147s17z", QUIET[2], QUIET[3]]
    hand = stacked_hand(dealt, draws=[None, None, None, tile("6z")], rules=get_ruleset("mcr"), ask_all=True)
    assert act(hand, "E discard 8m")[0]["offers"] == [None, ["pass", "pung", "kong 8m"], ["pass"], ["pass"]]
    assert act(hand, "W mahjong")[0]["dead_hand"] is True
    script(hand, ["S pung", "N pass"])
    for seat, tile_text in ((1, "1z"), (2, None), (3, None), (0, None)):  # then S draws Green dragon
        assert hand.turn == seat and hand.phase is Phase.TURN
        act(hand, f"{'ESWN'[seat]} discard {tile_text or _drawn(hand)}")
        while hand.phase is not Phase.TURN:
            hand.apply(hand.pending()[0], PASS)
    kong = act(hand, "S added kong 8m")[0]
    assert kong["offers"] == [["pass"], None, ["pass"], ["pass"]]
    script(hand, ["W pass", "N pass", "E pass"])
    record_of(hand)
    assert "a dead hand, MCR-4.3, is offered nothing else" in said("record-format.md")


def test_mcr_6_27_a_refused_mahjong_on_a_discard_counts_that_discard_once_for_the_last_tile() -> None:
    """MCR-6.27, MCR-5.1, MCR-5.4: at a teaching table that asks every seat, E discards two of
    its three 4 Bamboo and W the fourth; S, whose chows 123m 456m 789p with 23s and 55p it
    completes, declares Mahjong. Two copies lie in E's pond and E still holds one, so the tile
    is no Last Tile (`last_of_kind`): the hand has 5 points, under the 8 MCR needs, and the
    refusal is right. The docs referee counted the discard on offer, already in W's pond, as
    one of the three other copies, found 9 points and said a winning declaration was refused."""
    dealt = ["444s7s159m159p1234z", "123m456m789p55p23s", QUIET[2], QUIET[3]]
    hand = stacked_hand(dealt, draws=[None] * 5 + [tile("4s")], rules=get_ruleset("mcr"), teaching=True, ask_all=True)

    def settle() -> None:
        while not hand.over and hand.phase is not Phase.TURN:
            hand.apply(hand.pending()[0], PASS)

    for line in ("E discard 4s", "S", "W", "N", "E discard 4s", "S"):  # S, W and N discard what they draw
        act(hand, line if " " in line else f"{line} discard {_drawn(hand)}")
        settle()
    assert _drawn(hand) == "4s" and hand.hands[0][tile("4s")] == 1
    act(hand, "W discard 4s")
    refused = act(hand, "S mahjong")[0]
    assert refused["type"] == "mahjong_refused" and "5 points without flowers: MCR needs at least 8 to win (MCR-5.1)" in refused["reason"]
    settle()
    record_of(hand)
