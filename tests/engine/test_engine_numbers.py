"""The fixed action numbering (:func:`hkmj.engine.actions.number`, the environment's action space)
and :meth:`Hand.legal_numbers`, read from the per-seat suit memos on a turn (HK-3.2, HK-3.3)."""

from __future__ import annotations

import random

import pytest

from hkmj.engine import Hand
from hkmj.engine.actions import (
    ADDED,
    CONCEALED,
    FROM_DISCARD,
    N_NUMBERS,
    PASS,
    PUNG,
    WIN,
    Chow,
    Discard,
    Kong,
    Pass,
    chow,
    discard,
    kong,
    number,
)
from hkmj.rulesets import get_ruleset
from hkmj.tiles import N_KINDS


def test_hk3_hk4_every_action_has_one_fixed_number_below_n_numbers() -> None:
    assert [number(discard(t), None) for t in range(N_KINDS)] == list(range(N_KINDS))  # HK-3.2
    assert [number(chow(3), offered) for offered in (3, 4, 5)] == [34, 35, 36]  # HK-4.2: the discard's place
    assert (number(PUNG, 9), number(kong(9, FROM_DISCARD), 9)) == (37, 38)  # HK-4.3, HK-4.4
    assert number(kong(9, CONCEALED), None) == number(kong(9, ADDED), None) == 39 + 9  # HK-3.3
    assert (number(WIN, None), number(PASS, 4), N_NUMBERS) == (73, 74, 75)
    # equal values that are not the engine's shared instances number the same
    assert (number(Discard(5), None), number(Kong(9, CONCEALED), None), number(Pass(), 1)) == (5, 48, 74)


@pytest.mark.parametrize("bad", [Chow(3), "pass", None, Discard(99), Kong(40, CONCEALED)])
def test_hk4_2_a_value_without_a_number_is_refused_with_a_clear_error(bad: object) -> None:
    with pytest.raises(ValueError, match=r"not an action|no tile on offer"):
        number(bad, 9)


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk3_hk4_legal_numbers_number_each_legal_action_in_order_at_every_move(rules: str) -> None:
    rng = random.Random(3)
    for seed in range(12):
        hand = Hand.from_seed(seed, rules=get_ruleset(rules), ask_all=seed % 3 == 0)
        while hand.result is None:
            for seat in range(4):  # the seats not to act too: an empty list
                legal = hand.legal_actions(seat)
                assert hand.legal_numbers(seat) == tuple(number(a, hand.offered_tile) for a in legal)
            seat = hand.next_seat()
            legal = hand.legal_actions(seat)
            hand.play(seat, legal[int(rng.random() * len(legal))])
        assert hand.legal_numbers(0) == ()
