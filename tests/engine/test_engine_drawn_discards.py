"""Where each discard came from (issue 14, the hand reader): ``SeatView.drawn_discards``.

At a real table everyone sees whether a player threw the tile it had just drawn (HK-3.2, or a
replacement, HK-3.3) or a tile kept in its hand. The flag is public: it is rebuilt here from the
events alone, is the same in every seat's view, and never depends on a concealed tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from hkmj.bots import GreedyBot, RandomBot
from hkmj.engine import PASS, Event, Hand, Phase, Player, SeatView
from hkmj.engine.actions import Discard
from hkmj.engine.testing import QUIET, play_quietly, stacked_hand, tsumogiri
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile, tile_str


def _ponds_from_events(events: Sequence[Event]) -> list[list[tuple[str, bool]]]:
    """Each seat's pond as (tile, discarded the tile it had just drawn), from the public events only."""
    ponds: list[list[tuple[str, bool]]] = [[], [], [], []]
    drawn: list[str | None] = [None, None, None, None]
    discarded = False
    kong = [False, False, False, False]
    for e in events:
        kind = e["type"]
        if kind == "draw":
            drawn[e["seat"]] = e["tile"]  # type: ignore[index]
        elif kind == "kong":
            kong[e["seat"]] = True  # type: ignore[index]
        elif kind == "replacement":
            s = e["seat"]
            assert isinstance(s, int)
            # the dealer's bonus replacements before the first discard complete its dealt hand
            drawn[s] = e["tile"] if discarded or kong[s] else None  # type: ignore[assignment]
        elif kind == "discard":
            s = e["seat"]
            assert isinstance(s, int)
            ponds[s].append((str(e["tile"]), drawn[s] == e["tile"]))
            drawn[s] = None
            kong[s] = False
            discarded = True
        elif kind == "claim" and e["seat"] is not None and e["on"] == "discard":
            ponds[e["from"]].pop()  # type: ignore[index]
    return ponds


def _check_flags(hand: Hand) -> None:
    views = [hand.view(s) for s in range(4)]
    ponds = _ponds_from_events(hand.events)
    for v in views:
        assert v.drawn_discards == views[0].drawn_discards  # public: every seat sees the same flags
        assert tuple(len(p) for p in v.drawn_discards) == tuple(len(p) for p in v.discards)
        for s in range(4):
            assert [(tile_str(t), f) for t, f in zip(v.discards[s], v.drawn_discards[s], strict=True)] == ponds[s]


def _play(hand: Hand, players: Sequence[Player]) -> None:
    while not hand.over:
        _check_flags(hand)
        seat = hand.pending()[0]
        hand.apply(seat, players[seat].choose(hand.view(seat), hand.legal_actions(seat)))
    _check_flags(hand)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 2**63 - 1))
def test_hk3_drawn_discard_flag_is_true_exactly_when_the_seat_threw_its_drawn_tile(seed: int) -> None:
    players: list[Player] = [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1), RandomBot(seed + 1)]
    _play(Hand.from_seed(seed, ask_all=seed % 2 == 0), players)


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.integers(0, 2**63 - 1))
def test_hk3_drawn_discard_flags_under_mcr_and_classical(seed: int) -> None:
    for name in ("mcr", "classical"):
        players: list[Player] = [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 2), RandomBot(seed + 3)]
        _play(Hand.from_seed(seed, rules=get_ruleset(name)), players)


def test_hk3_tsumogiri_flagged_hand_tiles_and_the_dealers_first_discard_not() -> None:
    hand = stacked_hand(QUIET)
    hand.apply(0, Discard(hand.view(0).tiles[0]))  # the dealer's 14th tile was dealt, not drawn (HK-3.1)
    tsumogiri(hand)  # South throws what it drew
    west = hand.view(2)
    kept = next(t for t in west.tiles if t != west.drawn)
    hand.apply(2, Discard(kept))  # West throws a tile it kept
    assert hand.view(3).drawn_discards[:3] == ((False,), (True,), (False,))
    play_quietly(hand, 1)  # North throws what it drew
    assert hand.view(0).drawn_discards == ((False,), (True,), (False,), (True,))


def test_hk4_a_claimed_discard_leaves_its_flag_with_it() -> None:
    # South holds a pair of East's first discard, 1z (the quiet hands cannot claim)
    hands = ("147m258p369s12345z", "258m369p147s1134z", "369m147p258s1567z", "147m258p369s2345z")
    hand = stacked_hand(hands)
    hand.apply(0, Discard(tile("1z")))
    assert hand.phase is Phase.CLAIM and hand.view(1).drawn_discards[0] == (False,)
    legal = hand.legal_actions(1)
    pung = next(a for a in legal if a is not PASS and a.kind == "pung")
    for s in hand.pending():
        hand.apply(s, pung if s == 1 else PASS)
    v: SeatView = hand.view(2)
    assert v.discards[0] == () and v.drawn_discards[0] == ()
    hand.apply(1, Discard(hand.view(1).tiles[0]))
    assert hand.view(2).drawn_discards[1] == (False,)  # after a claim nothing was drawn


def test_a_view_built_without_the_flags_knows_nothing() -> None:
    v = stacked_hand(QUIET).view(0)
    old = SeatView(*v[: SeatView._fields.index("drawn_discards")])  # an older constructor: every field before the flags
    assert old.drawn_discards == ((), (), (), ())


def test_the_flags_never_reveal_a_concealed_tile() -> None:
    """Two tables differing only in the hidden wall order and other seats' hands look the same."""
    a = stacked_hand(QUIET, fill_seed=1)
    b = stacked_hand([QUIET[0], QUIET[2], QUIET[1], QUIET[3]], fill_seed=2)
    assert a.view(0) == b.view(0) and a.view(0).drawn_discards == ((), (), (), ())
