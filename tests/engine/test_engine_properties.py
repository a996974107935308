"""Properties over many seeded hands and matches with bots (deterministic examples).

144 tiles accounted for after every action; a 14-tile dead wall while the live wall lasts;
totals sum to zero; every hand ends by a win, a draw or a penalty; every offered action is
legal; every view holds only what its seat may know; records replay exactly.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from hkmj.bots import GreedyBot, RandomBot
from hkmj.engine import WIN, Action, Hand, Phase, Player, SeatView, play_match
from hkmj.engine.testing import QUIET, inputs, stacked_hand
from hkmj.hand import is_complete

FULL = [4] * 34 + [1] * 8
VIEW_FIELDS = (
    "seat",
    "prevailing",
    "phase",
    "turn",
    "to_act",
    "concealed",
    "drawn",
    "melds",
    "bonus",
    "discards",
    "concealed_counts",
    "live",
    "dead",
    "scores",
    "last_discard",
    "last_discarder",
    "offered",
    "rules",
    "drawn_discards",
    "dead_hands",
)
PRIVATE = ("seat", "to_act", "concealed", "drawn")


def _check_views(hand: Hand) -> None:
    views = [hand.view(s) for s in range(4)]
    pending = hand.pending()
    for s, v in enumerate(views):
        assert v._fields == VIEW_FIELDS
        assert v.concealed == tuple(hand.hands[s]) and sum(v.concealed) == hand.n_concealed[s]
        assert v.to_act == (s in pending)
        assert (v.live, v.dead) == (hand.live_count, hand.dead_count)
        assert v.concealed_counts == tuple(hand.n_concealed)
        for name in VIEW_FIELDS:
            value = getattr(v, name)
            assert not isinstance(value, (list, dict, set)), name  # nothing aliases the state
    # apart from its own concealed tiles (and whether it must act), every seat sees the same table
    public = [v._replace(**{k: None for k in PRIVATE}) for v in views]
    assert all(p == public[0] for p in public)


def _check_events(events: Sequence[dict[str, object]]) -> None:
    json.dumps(events)
    for e in events:
        if e["type"] in ("draw", "replacement") and e["live"]:  # type: ignore[operator]
            assert e["dead"] == 14, e


def _check_win_offers(hand: Hand, seat: int, legal: Sequence[Action]) -> None:
    """Mahjong is offered exactly when the hand (with the tile on offer) is complete (HK-5)."""
    if not hand.can_declare_mahjong(seat):
        assert WIN not in legal
        return
    counts = list(hand.hands[seat])
    if hand.offered_tile is not None:
        counts[hand.offered_tile] += 1
    assert (WIN in legal) == is_complete(counts, len(hand.melds[seat]))


def play_checked(hand: Hand, players: Sequence[Player], probe: bool = False) -> None:
    """Play a hand to its end, checking the invariants after every action."""
    _check_events(hand.events)
    while not hand.over:
        pending = hand.pending()
        assert pending
        seat = pending[0]
        legal = hand.legal_actions(seat)
        assert legal, (hand.phase, seat)
        for s in range(4):
            if s not in pending:
                assert hand.legal_actions(s) == ()
        _check_views(hand)
        _check_win_offers(hand, seat, legal)
        if probe:
            saved, hand.events = hand.events, []
            for a in legal:  # every offered action is legal
                trial = copy.deepcopy(hand)
                trial.apply(seat, a)
                assert trial.census() == FULL
            hand.events = saved
        view: SeatView = hand.view(seat)
        n0 = len(hand.events)
        hand.apply(seat, players[seat].choose(view, legal))
        _check_events(hand.events[n0:])
        assert hand.census() == FULL
        if hand.live_count:
            assert hand.dead_count == 14
    res = hand.result
    assert res is not None and res.kind in ("win", "draw", "penalty")
    assert sum(res.payments) == 0
    assert hand.events[-1]["type"] == "hand_end" and hand.pending() == ()
    assert hand.phase is Phase.OVER


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 2**63 - 1))
def test_random_bot_hands_keep_every_invariant(seed: int) -> None:
    play_checked(Hand.from_seed(seed), [RandomBot(seed + i) for i in range(4)])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(0, 2**63 - 1))
def test_greedy_and_random_hands_keep_every_invariant(seed: int) -> None:
    players: list[Player] = [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1), RandomBot(seed + 1)]
    play_checked(Hand.from_seed(seed, ask_all=seed % 2 == 0), players)


def test_every_offered_action_applies() -> None:
    for seed in range(3):
        play_checked(Hand.from_seed(seed), [GreedyBot(seed), RandomBot(seed), RandomBot(seed + 1), GreedyBot(1)], True)


def test_matches_totals_sum_to_zero_and_replay_deterministically() -> None:
    for seed in range(4):
        players: list[Player] = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
        res = play_match(players, seed, length="hands", hands=12)
        assert sum(res.totals) == 0 and len(res.hands) == 12
        again = play_match([GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)], seed, length="hands", hands=12)
        assert again.events == res.events
        kinds = {r.kind for r in res.hands}
        assert kinds <= {"win", "draw", "penalty"}


def test_recorded_inputs_replay_to_the_same_events() -> None:
    """The events with an ``action`` field are exactly the inputs: re-applying them reproduces the hand."""
    res = play_match([GreedyBot(0), RandomBot(1), GreedyBot(2), GreedyBot(3)], 11, length="hands", hands=6)
    starts = [i for i, e in enumerate(res.events) if e["type"] == "hand_start"]
    for i in starts:
        end = next(j for j in range(i, len(res.events)) if res.events[j]["type"] == "hand_end")
        recorded = res.events[i : end + 1]
        hand = Hand.from_start(recorded[0])
        for seat, action in inputs(recorded):
            hand.apply(seat, action)
        assert hand.events == recorded


def test_a_view_does_not_depend_on_hidden_tiles() -> None:
    """Two tables that differ only in other seats' hands and the wall order look the same to East."""
    a = stacked_hand(QUIET, fill_seed=1)
    b = stacked_hand([QUIET[0], QUIET[2], QUIET[1], QUIET[3]], fill_seed=2)
    assert a.live_wall() != b.live_wall() and a.hands[1] != b.hands[1]
    assert a.view(0) == b.view(0)
