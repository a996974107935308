"""The engine's fourth speed pass (issue 13) changes no move: turn actions from per-suit memos
(HK-3.2, HK-3.3), :meth:`Hand.run` with its fast paths, and the claim window skipped when no
seat can claim (HK-4)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hkmj.bots import make_bot
from hkmj.engine import Hand, IllegalAction
from hkmj.engine.actions import CONCEALED, Action, Discard, kong
from hkmj.engine.state import _ACTS0, _ACTS1, _ACTS2, _ACTS3
from hkmj.rulesets import get_ruleset
from hkmj.tiles import N_KINDS


def _direct(first: int, counts: Sequence[int]) -> tuple[tuple[Discard, ...], tuple[Action, ...]]:
    discards = tuple(Discard(first + v) for v, c in enumerate(counts) if c)
    kongs = tuple(kong(first + v, CONCEALED) for v, c in enumerate(counts) if c == 4)
    return discards, kongs


def test_hk3_2_hk3_3_suit_memos_list_each_held_kind_and_each_four() -> None:
    rng = random.Random(13)
    for memo, first, n in ((_ACTS0, 0, 9), (_ACTS1, 9, 9), (_ACTS2, 18, 9), (_ACTS3, 27, 7)):
        samples = [[0] * n, [4] * n] + [[rng.randrange(5) for _ in range(n)] for _ in range(3000)]
        for counts in samples:
            key = sum(c * 5**v for v, c in enumerate(counts))
            discards, kongs, numbers = memo[key]
            assert (discards, kongs) == _direct(first, counts), (first, counts)
            assert numbers == tuple(d.tile for d in discards)


def _old_turn_actions(hand: Hand, seat: int) -> tuple[Action, ...]:
    """The turn's legal actions as the engine listed them before the memos (HK-3.2, HK-3.3)."""
    h = hand.hands[seat]
    acts: tuple[Action, ...] = tuple(Discard(t) for t in range(N_KINDS) if h[t])
    legal = hand.legal_actions(seat)
    if legal and legal[0].kind == "mahjong":
        acts = (legal[0], *acts)
    kongs = [a for a in legal if a.kind == "kong"]
    expected = [kong(t, CONCEALED) for t in range(N_KINDS) if h[t] == 4]
    assert [a for a in kongs if a.how == CONCEALED] == expected or not kongs
    return acts + tuple(kongs)


def test_hk3_2_turn_actions_equal_the_direct_listing_at_every_turn() -> None:
    for rules in (get_ruleset("hk"), get_ruleset("mcr"), get_ruleset("classical")):
        for k in range(30):
            hand = Hand.from_seed(k, rules=rules)
            bots = [make_bot("greedy" if k % 2 else "random", k * 4 + i) for i in range(4)]
            while hand.result is None:
                seat = hand.pending()[0]
                legal = hand.legal_actions(seat)
                if hand.phase == "turn":
                    assert legal == _old_turn_actions(hand, seat)
                hand.apply(seat, bots[seat].choose(hand.view(seat), legal))


@pytest.mark.parametrize("ask_all", [False, True])
def test_hk4_run_plays_exactly_as_apply_move_by_move(ask_all: bool) -> None:
    """Hand.run (fast discards and passes, claim window skipped) gives the events of apply."""
    for rules in ("hk", "mcr", "classical"):
        for k in range(25):
            a = Hand.from_seed(k, rules=get_ruleset(rules), ask_all=ask_all)
            b = Hand.from_seed(k, rules=get_ruleset(rules), ask_all=ask_all)
            bots_a = [make_bot("random", k * 4 + i) for i in range(4)]
            bots_b = [make_bot("random", k * 4 + i) for i in range(4)]
            while a.result is None:
                seat = a.pending()[0]
                a.apply(seat, bots_a[seat].choose(a.view(seat), a.legal_actions(seat)))
            b.run([bot.choose_blind for bot in bots_b])  # type: ignore[attr-defined]
            assert b.events == a.events
            assert b.result == a.result


def test_hk3_2_run_accepts_an_equal_discard_and_refuses_foreign_answers() -> None:
    """A discard made by the caller (not the engine's shared one) is legal by value; anything
    else that is not legal raises IllegalAction naming the problem, never another error."""
    ref = Hand.from_seed(3)
    ref_seat = ref.turn
    first = ref.legal_actions(ref_seat)[-1]
    assert isinstance(first, Discard)
    hand = Hand.from_seed(3)
    calls = []

    def copy_then_stop(legal: tuple[Action, ...]) -> Action:
        calls.append(legal)
        if len(calls) == 1:
            return Discard(first.tile)  # equal by value, not the shared instance
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError, match="stop"):
        hand.run([copy_then_stop] * 4)
    ref.apply(ref_seat, first)
    assert hand.events[: len(ref.events)] == ref.events
    for bad in (Discard(99), Discard(-1), "discard 5p", None):
        h = Hand.from_seed(3)
        with pytest.raises(IllegalAction):
            h.run([lambda legal, bad=bad: bad] * 4)  # type: ignore[misc]
