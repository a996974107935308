"""Copies and pickles of engine objects (pure and mypyc-compiled alike): the same state, played on alike."""

from __future__ import annotations

import copy
import pickle
import random

from hkmj.bots import RandomBot
from hkmj.engine import ADDED, PASS, PUNG, WIN, Chow, Discard, Hand, Kong, Match, play_match
from hkmj.engine.testing import snapshot


def _played(seed: int, moves: int) -> Hand:
    hand = Hand.from_seed(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if hand.over:
            break
        seat = hand.next_seat()
        legal = hand.legal_actions(seat)
        hand.play(seat, legal[int(rng.random() * len(legal))])
    return hand


def test_hk2_a_hand_copied_or_pickled_mid_play_goes_on_exactly_like_the_original() -> None:
    for seed in range(6):
        hand = _played(seed, 25)
        for twin in (copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
            assert snapshot(twin) == snapshot(hand) and twin.events == hand.events
            assert twin.rules == hand.rules and twin.hands is not hand.hands
            for h in (hand, twin):
                rng = random.Random(seed)
                while not h.over:
                    seat = h.next_seat()
                    legal = h.legal_actions(seat)
                    h.play(seat, legal[int(rng.random() * len(legal))])
            assert twin.events == hand.events and twin.result == hand.result
            hand = _played(seed, 25)


def test_hk7_a_match_copies_and_pickles_with_its_totals_and_seats() -> None:
    match = Match(11, length="hands", hands=2)
    match.new_hand()
    for twin in (copy.copy(match), copy.deepcopy(match), pickle.loads(pickle.dumps(match))):
        assert twin.totals == match.totals and twin.first_wind == match.first_wind and twin.events == match.events
        assert [twin.player_at(s) for s in range(4)] == [match.player_at(s) for s in range(4)]


def test_actions_and_results_pickle_to_equal_values_with_their_kind() -> None:
    actions = (Discard(5), Chow(9), PUNG, Kong(27, ADDED), WIN, PASS)
    assert [a.kind for a in actions] == ["discard", "chow", "pung", "kong", "mahjong", "pass"]
    for a in actions:
        assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a and str(copy.copy(a)) == str(a)
    result = play_match([RandomBot(i) for i in range(4)], 3, length="hands", hands=1)
    again = pickle.loads(pickle.dumps(result))
    assert again == result and again.hands[0] == result.hands[0] and copy.deepcopy(result.hands[0]) == result.hands[0]
