"""The environment's step bookkeeping (``hkmj.env.core``, compiled in the wheel), issue 13.

HK-4 (one agent acts at a time; its mask is exactly its legal actions), HK-6 (a hand's
payments are the rewards of the move that ends it, and only of that move), HK-7 (a match of
several hands).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hkmj.engine import Chow, Discard, Hand, Pung
from hkmj.engine.actions import WIN
from hkmj.env import AGENTS, N_ACTIONS, raw_env
from hkmj.env.core import CHOW, DISCARD, PUNG, StepCore, mask_bytes
from hkmj.env.encoding import encode_legal, mask_of

from .action_oracle import action_index


def test_hk4_legal_numbers_equal_action_index_for_every_move_and_for_actions_built_elsewhere() -> None:
    rng = random.Random(4)
    for seed in range(6):
        h = Hand.from_seed(seed)
        while h.result is None:
            seat = h.next_seat()
            legal = h.legal_actions(seat)
            offered = h.offered_tile
            indices = list(h.legal_numbers(seat))
            assert indices == [action_index(a, offered) for a in legal]
            assert encode_legal(legal, offered)[1] == indices
            assert bytes(mask_bytes(indices)) == bytes(1 if i in indices else 0 for i in range(N_ACTIONS))
            h.play(seat, legal[int(rng.random() * len(legal))])
    # instances not shared by the engine are indexed by value; a chow by the tile on offer (HK-4.2)
    assert encode_legal([Discard(5), Pung(), Chow(2)], 3)[1] == [DISCARD + 5, PUNG, CHOW + 1]
    assert mask_of((3, 74)).tolist() == [1 if i in (3, 74) else 0 for i in range(N_ACTIONS)]


def test_hk4_the_mask_is_a_new_writable_array_each_move_that_the_agent_may_keep() -> None:
    e = raw_env()
    e.reset(seed=3)
    first = e.observe(e.agent_selection)["action_mask"]
    kept = first.copy()
    assert first.flags.writeable and first.dtype == np.int8 and first.shape == (N_ACTIONS,)
    assert np.array_equal(e.observe(e.agent_selection)["action_mask"], kept)  # the same move: the same mask
    others = [a for a in AGENTS if a != e.agent_selection]
    assert all(not e.observe(a)["action_mask"].any() for a in others)
    e.step(int(first.nonzero()[0][0]))
    assert np.array_equal(first, kept)  # a kept mask does not follow the game
    second = e.observe(e.agent_selection)["action_mask"]
    assert second is not first
    second[:] = 0  # the agent's own array (returned again within this move): later moves get new masks
    e.step(next(iter(e.legal_actions())))
    assert e.observe(e.agent_selection)["action_mask"].any()


def test_hk6_a_hands_payments_are_the_rewards_of_the_move_that_ends_it_only() -> None:
    e = raw_env(hands=3)
    e.reset(seed=11)
    rng = random.Random(11)
    hands_paid = 0
    paid_last_move = False
    while e.agents:
        agent = e.agent_selection
        if e.terminations[agent]:
            e.step(None)
            continue
        hand = e.current_hand()
        seats = list(e._seats)
        legal = list(e.legal_actions())
        e.step(legal[int(rng.random() * len(legal))])
        if hand.result is not None:
            pay = hand.result.payments
            assert e.rewards == {a: float(pay[seats[p]]) for p, a in enumerate(AGENTS)}
            hands_paid += 1
            paid_last_move = True
        elif e.agents:
            assert set(e.rewards.values()) == {0.0}, "a hand's points are rewarded once"
            paid_last_move = False
    assert hands_paid == 3 and paid_last_move


def test_hk6_a_refused_play_keeps_the_acting_agents_unread_points() -> None:
    """Was: ``play`` of an action the engine refuses (a bot's own, in ``SingleSeatEnv``) zeroed the
    acting agent's cumulative reward before the refusal, losing the points of the hand just paid (HK-6)."""
    e = raw_env(hands=2)
    e.reset(seed=1)
    e.play(WIN)  # the dealer's false Mahjong ends the first hand with its penalty paid (HK-5.7)
    agent = e.agent_selection
    unread = e._cumulative_rewards[agent]
    assert unread != 0.0
    with pytest.raises(ValueError, match="pung"):
        e.play(Pung())  # no discard is on offer at the second hand's first turn
    assert e.last()[1] == unread
    assert e.agent_selection == agent


def test_observe_play_and_the_hand_before_reset_are_refused_clearly() -> None:
    e = raw_env()
    with pytest.raises(RuntimeError, match=r"call reset\(\) before observe\(\)"):
        e.observe(AGENTS[0])
    with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
        e.play(Pung())
    with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
        e.current_hand()
    core = StepCore([])
    assert core.step(0) == -1


def test_hk4_last_agent_iter_and_step_served_by_the_core_act_as_pettingzoos_base_class() -> None:
    """``observe``, ``last`` and ``step`` go straight to the compiled core; ``agent_iter`` is a
    generator: the same values, in the same order, as PettingZoo's ``AECEnv`` (HK-4: one agent at a
    time; HK-7: the match's end terminates every agent)."""
    from pettingzoo import AECEnv
    from pettingzoo.utils.env import AECIterable

    e = raw_env(hands=2)
    e.reset(seed=5)
    assert list(e.agent_iter(3)) == list(AECIterable(e, 3)) == [e.agent_selection] * 3
    rng = random.Random(5)
    steps = 0
    for agent in e.agent_iter():
        mine = e.last()
        base = AECEnv.last(e)
        assert agent == e.agent_selection
        assert np.array_equal(mine[0]["observation"], base[0]["observation"])
        assert np.array_equal(mine[0]["action_mask"], base[0]["action_mask"])
        assert mine[1:] == base[1:] and e.last(False)[0] is None and e.last(False)[1:] == base[1:]
        if mine[2]:
            assert mine[4]["ranking"] and len(mine[4]["totals"]) == 4
            e.step(None)
            continue
        legal = mine[0]["action_mask"].nonzero()[0]
        e.step(np.int64(legal[int(rng.random() * len(legal))]))  # numpy integers are indices too
        steps += 1
    assert steps > 0 and not e.agents and list(e.agent_iter()) == []


def test_unknown_agents_and_bad_actions_are_refused_with_a_clear_error() -> None:
    e = raw_env()
    e.reset(seed=6)
    with pytest.raises(ValueError, match=r"observe\('player_9'\): expected one of player_0"):
        e.observe("player_9")
    with pytest.raises(ValueError, match="expected an action index 0-74, got 'x'"):
        e.step("x")  # type: ignore[arg-type]
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=rf"action {illegal} \(.*\) is not legal now; legal: "):
        e.step(illegal)
