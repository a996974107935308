"""HK-7: payments into totals, dealer rotation, prevailing wind, match lengths, ranking with ties."""

from __future__ import annotations

from typing import Any

import pytest

import hkmj
from hkmj.bots import GreedyBot, RandomBot
from hkmj.engine import Hand, Match, play_hand, play_match, ranking
from hkmj.engine.testing import QUIET, play_quietly, script, stacked_hand
from hkmj.engine.wall import stacked_wall
from hkmj.rulesets import get_ruleset

DICE = (3, 4, 5)
HEAVENLY = stacked_wall(["123m456m789m123p55s", *QUIET[1:]], dice=DICE)
EARTHLY = stacked_wall(["147m258p3569s1234z", "123m456m789m46s77z", QUIET[2], QUIET[3]], dice=DICE)
QUIET_WALL = stacked_wall(QUIET, dice=DICE)

# payments by seat of each scripted hand
PAY = {
    "heavenly": (384, -128, -128, -128),
    "earthly": (-128, 256, -64, -64),
    "penalty": (-192, 64, 64, 64),
    "draw": (0, 0, 0, 0),
}


def _play(match: Match, kind: str) -> Hand:
    wall = {"heavenly": HEAVENLY, "earthly": EARTHLY}.get(kind, QUIET_WALL)
    hand = match.new_hand(wall=wall, dice=DICE)
    if kind == "heavenly":
        script(hand, ["E mahjong"])
    elif kind == "earthly":
        script(hand, ["E discard 5s", "S mahjong"])
    elif kind == "penalty":
        script(hand, ["E mahjong"])
    else:
        play_quietly(hand)
    assert hand.result is not None and hand.result.payments == PAY[kind]
    return hand


def test_hk7_dealer_rotation_and_prevailing_wind_over_a_full_match() -> None:
    """HK-7.1-7.3: East keeps the deal on its win, a draw or a penalty (HK-5.7 Ruling), else the deal
    passes; the prevailing wind moves E→S→W→N after each player has dealt; the game ends after North."""
    match = Match(2024)
    first = match.first_wind
    totals = [0, 0, 0, 0]
    hands = 0
    for rot in range(16):
        plan = ["heavenly"] + (["draw"] if rot % 4 == 0 else []) + (["penalty"] if rot % 5 == 0 else []) + ["earthly"]
        for kind in plan:
            assert not match.over
            assert match.rotations == rot and match.prevailing == rot // 4
            players = [first.index((s + rot) % 4) for s in range(4)]  # player at each seat
            assert [match.player_at(s) for s in range(4)] == players
            assert all(match.seat_of(p) == s for s, p in enumerate(players))
            hand = _play(match, kind)
            start = hand.events[0]
            assert start["prevailing"] == "ESWN"[rot // 4] and start["players"] == players
            assert start["dealer"] == players[0] and start["hand"] == hands + 1
            assert start["scores"] == [totals[p] for p in players]
            for s, p in enumerate(players):
                totals[p] += PAY[kind][s]
            out = match.finish_hand()
            hands += 1
            assert out[0]["totals"] == totals and match.totals == totals
            assert out[0]["dealer_keeps"] == (kind != "earthly")
    assert match.over and hands >= 16 and match.hands_played == hands
    end = match.events[-1]
    assert end["type"] == "match_end" and end["totals"] == totals and end["ranking"] == ranking(totals)
    assert sum(totals) == 0
    with pytest.raises(ValueError, match="over"):
        match.new_hand()


def test_hk7_one_round_and_fixed_number_of_hands() -> None:
    match = Match(1, length="round")
    for _ in range(4):
        _play(match, "earthly")
        match.finish_hand()
    assert match.over and match.hands_played == 4
    match = Match(1, length="hands", hands=3)
    for kind in ("draw", "heavenly", "earthly"):
        assert not match.over
        _play(match, kind)
        match.finish_hand()
    assert match.over and match.events[-1]["complete"] is True
    with pytest.raises(ValueError):
        Match(1, length="hands")
    with pytest.raises(ValueError):
        Match(1, length="season")  # type: ignore[arg-type]


def test_hk7_3_ranking_shares_ties() -> None:
    """HK-7.3: the best total wins; a tie is shared."""
    assert ranking([10, 30, 10, -50]) == [2, 1, 2, 4]
    assert ranking([0, 0, 0, 0]) == [1, 1, 1, 1]
    assert ranking([5, 5, -5, -5]) == [1, 1, 3, 3]


def test_hk7_full_game_with_greedy_bots() -> None:
    """HK-7 over a real full game: rotation, winds and totals read back from the events."""
    players = [GreedyBot(i) for i in range(4)]
    res = play_match(players, seed=7)
    starts = [e for e in res.events if e["type"] == "hand_start"]
    totals_ev = [e for e in res.events if e["type"] == "totals"]
    assert len(starts) == len(totals_ev) == len(res.hands) >= 16
    rotations = 0
    running = [0, 0, 0, 0]
    for start, tot, result in zip(starts, totals_ev, res.hands, strict=True):
        assert start["prevailing"] == "ESWN"[rotations // 4]
        for s, p in enumerate(start["players"]):
            running[p] += result.payments[s]
        assert tot["totals"] == running
        assert tot["dealer_keeps"] == (result.kind != "win" or result.seat == 0)
        if not tot["dealer_keeps"]:
            assert tot["next_dealer"] == start["players"][1]
            rotations += 1
        else:
            assert tot["next_dealer"] == start["players"][0]
    assert rotations == 16
    assert res.totals == running and sum(running) == 0 and res.ranking == ranking(running)
    assert res.events[-1]["type"] == "match_end"


def test_max_hands_stops_a_match_of_random_bots() -> None:
    chunks: list[int] = []
    res = play_match(
        [RandomBot(i) for i in range(4)], seed=3, max_hands=5, keep_events=False, on_events=lambda c: chunks.append(len(c))
    )
    assert len(res.hands) == 5 and res.events == [] and len(chunks) == 5
    assert sum(res.totals) == 0


def test_hand_end_scores_follow_the_match_totals() -> None:
    match = Match(5, length="hands", hands=2)
    _play(match, "heavenly")
    match.finish_hand()
    hand = match.new_hand(wall=QUIET_WALL, dice=DICE)
    assert sorted(hand.scores) == [-128, -128, -128, 384]
    assert hand.view(2).scores == hand.scores
    with pytest.raises(ValueError, match="finish the current hand"):
        match.new_hand()
    assert stacked_hand().scores == (0, 0, 0, 0)


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_hk_7_unrecorded_hands_pay_and_rotate_as_recorded_ones(rules: str, bot: type[RandomBot] | type[GreedyBot]) -> None:
    """keep_events=False hands build no events (Hand(record=False)) yet settle identically (HK-7.1, HK-7.2)."""

    def run(keep: bool) -> tuple[object, ...]:
        r = play_match([bot(i) for i in range(4)], 11, length="hands", hands=12, keep_events=keep, rules=get_ruleset(rules))
        return tuple((h.kind, h.payments, h.seat, h.discarder, h.win_type, h.dealer_keeps, h.score) for h in r.hands), r.totals

    assert run(False) == run(True)


def test_an_unrecorded_hand_keeps_no_events_and_records_by_default() -> None:
    match = Match(4, length="hands", hands=2)
    quiet = match.new_hand(record=False)
    assert not quiet.record
    play_hand(quiet, [RandomBot(i) for i in range(4)])
    assert quiet.events == [] and quiet.result is not None
    match.finish_hand()
    loud = match.new_hand()
    play_hand(loud, [RandomBot(i) for i in range(4)])
    assert loud.record and loud.events[0]["type"] == "hand_start" and len(loud.events) > 10


def _refused(value: object, pattern: str) -> Any:
    """The engine's ValueError matching ``pattern``. The compiled core refuses a value of another type at the call
    already (mypyc: "TypeError: int object expected; got str"), and takes True where an int goes as 1, which a record
    holds and replays: that case is skipped there."""
    if not hkmj.compiled():
        return pytest.raises(ValueError, match=pattern)
    if value is True:
        pytest.skip("the compiled core takes True as the whole number 1 at the call (mypyc)")
    return pytest.raises((ValueError, TypeError))


@pytest.mark.parametrize("max_hands", [0, -1, True, 2.0])
def test_hk_7_max_hands_below_one_is_refused_not_written_as_a_record_replay_refuses(max_hands: object) -> None:
    """HK-7, docs/record-format.md: `max_hands` is N >= 1 or null. A match capped at 0 hands wrote
    a record of a lone `match_start` (no `match_end`) that `hkmj replay` and the referees refuse
    ("max_hands 0: expected a whole number 1 or more, or null"); the engine now refuses it first."""
    with _refused(max_hands, r"max_hands .*: expected a whole number 1 or more, or None"):
        Match(1, max_hands=max_hands)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_hands 0"):
        play_match([RandomBot(i) for i in range(4)], seed=1, max_hands=0)
    assert Match(1, max_hands=1).max_hands == 1


@pytest.mark.parametrize(("key", "value"), [("seed", "abc"), ("seed", True), ("seed", 1.5), ("hands", True), ("hands", 0), ("hands", 2.0)])
def test_hk_7_a_seed_or_hands_a_record_cannot_hold_is_refused(key: str, value: object) -> None:
    """HK-2.8, HK-7: a match's seed and hand count go into its record's match_start, which `hkmj
    replay` rebuilds the match from; `Match(seed='abc')` or `hands=True` played a match whose record
    replay then refused ("seed 'abc': expected a whole number"). The engine now refuses them first."""
    kwargs: dict[str, object] = {"seed": 1, "length": "hands", "hands": 2, key: value}
    with _refused(value, rf"{key} .*: expected a whole number"):
        Match(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("length", ["game", "round"])
def test_hk_7_3_hands_with_a_game_or_a_round_is_refused(length: str) -> None:
    """HK-7.3, docs/record-format.md: match_start's `hands` is N, or null unless `length` is
    `hands`. `Match(length='game', hands=5)` wrote `"length": "game", "hands": 5`, a header the
    page and the docs referee call a contradiction; the engine now refuses it, naming both."""
    with pytest.raises(ValueError, match=rf"hands 5 with length '{length}'"):
        Match(1, length=length, hands=5)  # type: ignore[arg-type]
    assert Match(1, length=length).events[0]["hands"] is None  # type: ignore[arg-type]


@pytest.mark.parametrize(("key", "value"), [("teaching", "no"), ("teaching", 0), ("ask_all", 1), ("ask_all", None)])
def test_hk_5_7_a_teaching_or_ask_all_flag_that_is_not_a_bool_is_refused(key: str, value: object) -> None:
    """HK-5.7 (the teaching table), docs/record-format.md (`teaching`, `ask_all`: true or false):
    `Match(teaching='no')` played a teaching-less match but wrote `"teaching": "no"`, a record
    `hkmj replay` then refused ("event 'match_start' differs in teaching"); now refused at once."""
    with _refused(value, rf"{key} .*: expected True or False"):
        Match(1, **{key: value})  # type: ignore[arg-type]
