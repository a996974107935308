"""The compact event log (issue 13 speed work) changes no event: a hand logs its frequent events
(``hand_start``, ``deal``, ``draw``, ``discard``, ``answer``) as small tuples and builds their
dicts when :attr:`Hand.events` is first read; records, replay, the server and review must see
exactly the dicts the engine documents (HK-2.3 … HK-4.7 events, docs/engine.md)."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from hkmj.engine import Hand, Match
from hkmj.rulesets import get_ruleset

RULES = ("hk", "mcr", "classical")


def _play(hand: Hand, rng: random.Random, *, read_each_move: bool) -> None:
    """Random legal moves to the end; ``read_each_move`` reads the events after every move."""
    while hand.result is None:
        seat = hand.next_seat()
        legal = hand.legal_actions(seat)
        hand.play(seat, legal[int(rng.random() * len(legal))])
        if read_each_move:
            assert all(type(e) is dict for e in hand.events)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(("ask_all", "teaching"), [(False, False), (True, False), (False, True)])
def test_hk2_3_events_read_at_the_end_equal_events_read_move_by_move(rules: str, ask_all: bool, teaching: bool) -> None:
    ruleset = get_ruleset(rules)
    for k in range(25):
        options = {"rules": ruleset, "ask_all": ask_all, "teaching": teaching, "info": {"hand": k + 1}}
        late, eager = Hand.from_seed(k, **options), Hand.from_seed(k, **options)
        _play(late, random.Random(k), read_each_move=False)
        _play(eager, random.Random(k), read_each_move=True)
        events = late.events
        assert all(type(e) is dict for e in events)
        assert json.dumps(events) == json.dumps(eager.events)
        assert events is late.events  # the same list on every read
        assert [e["type"] for e in events[:2]] == ["hand_start", "deal"]


def test_hk2_3_a_list_read_early_holds_only_dicts_as_the_hand_goes_on() -> None:
    hand = Hand.from_seed(7)
    held = hand.events  # read before any move: the engine logs dicts from now on
    _play(hand, random.Random(7), read_each_move=False)
    assert held is hand.events and len(held) > 10
    assert all(type(e) is dict for e in held)
    twin = Hand.from_seed(7)
    _play(twin, random.Random(7), read_each_move=False)
    assert twin.events == held


def test_hk2_3_apply_returns_the_dicts_of_its_move() -> None:
    hand = Hand.from_seed(3)
    seat = hand.next_seat()
    discard = next(a for a in hand.legal_actions(seat) if a.kind == "discard")
    out = hand.apply(seat, discard)
    assert out and all(type(e) is dict for e in out)
    assert out == hand.events[-len(out) :]
    assert out[0]["type"] == "discard" and out[0]["action"] == str(discard)


def test_hk2_3_a_hand_copied_or_pickled_before_its_events_are_read_logs_the_same_events() -> None:
    for k in range(10):
        hand = Hand.from_seed(k, rules=get_ruleset(RULES[k % 3]))
        rng = random.Random(k)
        for _ in range(30):
            if hand.result is not None:
                break
            seat = hand.next_seat()
            legal = hand.legal_actions(seat)
            hand.play(seat, legal[int(rng.random() * len(legal))])
        twins = [copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))]
        state = rng.getstate()
        _play(hand, rng, read_each_move=False)
        for twin in twins:
            rng.setstate(state)
            _play(twin, rng, read_each_move=False)
            assert twin.events == hand.events


def test_hk2_3_events_set_by_a_caller_receive_plain_dicts() -> None:
    hand = Hand.from_seed(11)
    saved, hand.events = hand.events, []
    _play(hand, random.Random(11), read_each_move=False)
    assert hand.events and all(type(e) is dict for e in hand.events)
    assert [e["type"] for e in saved[:2]] == ["hand_start", "deal"]


def test_hk2_3_unrecorded_hands_log_nothing() -> None:
    hand = Hand.from_seed(5, record=False)
    _play(hand, random.Random(5), read_each_move=False)
    assert hand.events == []


def test_hk7_match_hands_read_late_give_the_recorded_hand_start() -> None:
    match = Match(4, length="hands", hands=2)
    hand = match.new_hand()
    _play(hand, random.Random(4), read_each_move=False)
    start = hand.events[0]
    assert start["type"] == "hand_start" and start["hand"] == 1 and start["dealer"] == start["players"][0]
    assert start["seed"] == hand.seed and sum(len(w) for w in start["wall"]) == 144
