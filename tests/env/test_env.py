"""The PettingZoo and Gymnasium environments (issue 13): standard API checks, encoding, rewards.

HK-4 (claims: one agent at a time, hidden answers), HK-6 (rewards are the hand's payments),
HK-7 (a match of several hands rotates seats), and the rule that a seat's observation holds
only its own view (never another seat's concealed tiles).
"""

from __future__ import annotations

import functools
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from hkmj.engine import Hand
from hkmj.engine.actions import Chow, Pung
from hkmj.env import ACTION_NAMES, AGENTS, N_ACTIONS, N_ROWS, RULES, HkmjEnv, SingleSeatEnv, env, raw_env
from hkmj.env.encoding import (
    DISCARDS,
    DRAWN,
    HAND,
    MAHJONG,
    MAX_DISCARDS,
    OFFERED,
    PASS_,
    PUNG,
    ViewEncoder,
    encode_legal,
)
from hkmj.rulesets import get_ruleset
from hkmj.tiles import N_KINDS, parse_tiles

from .action_oracle import action_index

RULES_BY_NAME = {name: get_ruleset(name) for name in RULES}


def _random_play(e: HkmjEnv, seed: int) -> tuple[dict[str, float], dict[str, object]]:
    """Play a seeded episode with masked uniform actions: summed rewards by agent, the final info."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(AGENTS, 0.0)
    final: dict[str, object] = {}
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            final = info
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals, final


def test_pettingzoo_api_test_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(), num_cycles=300)
        api_test(env(hands=3), num_cycles=300)


@pytest.mark.parametrize("rules", RULES)
def test_every_registered_ruleset_passes_the_pettingzoo_api_test(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(rules=rules, hands=2), num_cycles=200)
    totals, _final = _random_play(raw_env(rules=rules, hands=2), 3)
    assert sum(totals.values()) == 0


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_seed_test_passes(rules: str) -> None:
    """docs/env.md: ``seed_test`` passes for every registered ruleset, not only Hong Kong."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(functools.partial(env, rules=rules), num_cycles=300)


@pytest.mark.parametrize("rules", RULES)
def test_gymnasium_check_env_passes(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SingleSeatEnv(rules=rules, opponents=("random", "greedy", "random")))


def test_hk6_rewards_are_the_hand_payments_and_sum_to_zero() -> None:
    e = raw_env(hands=5)
    for seed in range(4):
        totals, final = _random_play(e, seed)
        assert sum(totals.values()) == 0
        assert final["totals"] == [totals[a] for a in AGENTS]
        assert e.agents == []


def test_observation_holds_only_the_seats_own_concealed_tiles() -> None:
    e = raw_env()
    e.reset(seed=5)
    hand = e.current_hand()
    for p, agent in enumerate(AGENTS):
        seat = e._seats[p]
        planes = e.observe(agent)["observation"]
        counts = planes[HAND : HAND + 4].sum(axis=0).astype(int).tolist()
        assert counts == hand.hands[seat]
    # two seats with different hands see different hand planes, equal public planes
    a, b = (e.observe(x)["observation"] for x in AGENTS[:2])
    assert not np.array_equal(a[HAND : HAND + 4], b[HAND : HAND + 4])


def test_observation_does_not_change_with_hidden_tiles() -> None:
    """Two deals that differ only in another seat's concealed tiles give the same observation."""
    e = raw_env()
    e.reset(seed=9)
    hand = e.current_hand()
    agent = e.agent_selection
    before = e.observe(agent)["observation"]
    me = e._seats[AGENTS.index(agent)]
    other = (me + 2) % 4
    saved = list(hand.hands[other])
    t = next(i for i, n in enumerate(saved) if n)
    u = next(i for i in range(N_KINDS) if i != t and saved[i] < 4)
    hand.hands[other][t] -= 1
    hand.hands[other][u] += 1
    e._encoders[AGENTS.index(agent)].reset()
    after = e.observe(agent)["observation"]
    hand.hands[other][:] = saved
    assert np.array_equal(before, after)


@pytest.mark.parametrize("rules", RULES)
def test_incremental_planes_equal_a_fresh_encoding_of_the_view(rules: str) -> None:
    """Draws, discards, claims (HK-4), kongs (HK-3.3) and bonus tiles (HK-2.6) change the planes in
    place, cell by cell; at every step they equal the planes a new encoder writes from the same view,
    whether the agent observes every step (the actor) or only now and then (the others)."""
    e = raw_env(rules=rules, hands=3)
    rng = np.random.default_rng(17)
    for seed in range(3):
        e.reset(seed=seed)
        for step, agent in enumerate(e.agent_iter()):
            obs, _r, term, trunc, _i = e.last()
            hand = e.current_hand()
            seen = [agent] if step % 5 else e.agents
            for a in seen:
                seat = e._seats[AGENTS.index(a)]
                planes = obs["observation"] if a == agent else e.observe(a)["observation"]
                assert np.array_equal(planes, ViewEncoder().encode(hand.view(seat))), (seed, step, a)
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("rules", RULES)
def test_planes_read_from_the_engine_state_equal_the_planes_of_the_seats_view(rules: str) -> None:
    """``encode_state`` (the environment's path: no SeatView) gives exactly the planes of ``view(seat)``
    for every seat at every move (turns, HK-4 claim windows, HK-4.10 robbing, the end), incrementally
    from each seat's previous planes, and never reads another seat's concealed tiles: changing them
    changes nothing."""
    rng = np.random.default_rng(5)
    for seed in range(4):
        hand = Hand.from_seed(seed, rules=RULES_BY_NAME[rules], ask_all=seed % 2 == 1)
        live = [ViewEncoder() for _ in range(4)]
        while True:
            for seat in range(4):
                view = hand.view(seat)
                live[seat].encode_state(hand, seat, view.to_act, 0)
                assert np.array_equal(live[seat].planes, ViewEncoder().encode(view)), (seed, seat)
                other = (seat + 1 + seed % 3) % 4  # another seat
                saved = list(hand.hands[other])
                t = next((i for i, n in enumerate(saved) if n), None)
                if t is not None:
                    hand.hands[other][t] -= 1
                    hand.hands[other][(t + 1) % N_KINDS] += 1
                    fresh = ViewEncoder()
                    fresh.encode_state(hand, seat, view.to_act, 0)
                    hand.hands[other][:] = saved
                    assert np.array_equal(fresh.planes, live[seat].planes), (seed, seat, "hidden tiles leaked")
            if hand.result is not None:
                break
            seat = hand.next_seat()
            legal = hand.legal_actions(seat)
            hand.play(seat, legal[int(rng.integers(len(legal)))])


def test_observations_are_copies_the_caller_may_keep() -> None:
    e = raw_env()
    e.reset(seed=2)
    agent = e.agent_selection
    first = e.observe(agent)
    kept = first["observation"].copy()
    first["observation"][:] = 7.0  # the caller's array, not the environment's
    again = e.observe(agent)["observation"]
    assert np.array_equal(again, kept)
    e.step(int(np.flatnonzero(first["action_mask"])[0]))
    assert not np.array_equal(e.observe(agent)["observation"], kept)


def test_hk4_action_mask_is_exactly_the_engine_legal_actions() -> None:
    e = raw_env(hands=2)
    e.reset(seed=21)
    rng = np.random.default_rng(21)
    for _agent in e.agent_iter():
        obs, _r, term, _t, _i = e.last()
        if term:
            e.step(None)
            continue
        hand = e.current_hand()
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        idx = sorted(action_index(a, hand.offered_tile) for a in legal)
        assert np.flatnonzero(obs["action_mask"]).tolist() == idx
        assert len(set(idx)) == len(legal)
        e.step(int(rng.choice(idx)))


def test_hk4_2_chow_positions_and_claims_encode_relative_to_the_offered_tile() -> None:
    legal = Hand.from_seed(1).legal_actions(0)
    assert all(0 <= action_index(a, None) < N_KINDS for a in legal)
    from hkmj.engine.actions import PASS as P
    from hkmj.engine.actions import PUNG as PG
    from hkmj.engine.actions import WIN as W
    from hkmj.engine.actions import chow

    five = parse_tiles("5m")[0]
    mask, indices = encode_legal([P, PG, W, chow(five - 2), chow(five - 1), chow(five)], five)
    assert np.flatnonzero(mask).tolist() == [34, 35, 36, PUNG, MAHJONG, PASS_]
    assert indices == [PASS_, PUNG, MAHJONG, 36, 35, 34]  # the discard 5m is the high tile of 345m
    assert ACTION_NAMES[36] == "chow (discard high)" and len(ACTION_NAMES) == N_ACTIONS


def test_discard_planes_keep_the_order_of_each_pond() -> None:
    e = raw_env()
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(60):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
    if not e.agents:
        pytest.skip("hand ended early")
    agent = e.agent_selection
    p = AGENTS.index(agent)
    seat = e._seats[p]
    planes = e.observe(agent)["observation"]
    hand = e.current_hand()
    for s in range(4):
        r = (s - seat) % 4
        block = planes[DISCARDS + MAX_DISCARDS * r : DISCARDS + MAX_DISCARDS * (r + 1)]
        pond = [int(np.argmax(row)) for row in block if row.any()]
        assert pond == list(hand.discards[s])


def test_drawn_and_offered_tile_rows() -> None:
    e = raw_env()
    e.reset(seed=4)
    agent = e.agent_selection
    planes = e.observe(agent)["observation"]
    assert planes.shape == (N_ROWS, N_KINDS)
    hand = e.current_hand()
    assert planes[DRAWN].sum() == 1.0 and int(np.argmax(planes[DRAWN])) == hand.last_tile
    assert planes[OFFERED].sum() == 0.0


def test_illegal_action_is_refused_with_a_clear_message() -> None:
    e = raw_env()
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="is not legal now; legal:"):
        e.step(bad)
    with pytest.raises(ValueError, match="expected an action index"):
        e.step("discard")  # type: ignore[arg-type]


def test_unknown_rules_and_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown ruleset 'riichi'"):
        raw_env(rules="riichi")
    with pytest.raises(ValueError, match="nonsense"):
        raw_env(options={"nonsense": "1"})
    with pytest.raises(ValueError, match="hands="):
        raw_env(hands=0)
    with pytest.raises(ValueError, match="opponents"):
        SingleSeatEnv(opponents=("greedy",))
    with pytest.raises(ValueError, match="unknown bot"):
        SingleSeatEnv(opponents=("greedy", "greedy", "nobody"))


def test_single_seat_illegal_action_plays_a_safe_default_and_says_so() -> None:
    g = SingleSeatEnv(opponents=("random", "random", "random"), illegal_penalty=1.0)
    obs, _ = g.reset(seed=8)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs, reward, _term, _trunc, info = g.step(bad)
    assert "is not legal now" in info["illegal_action"]
    assert reward <= 0.0


def test_single_seat_episode_is_reproducible_from_its_seed() -> None:
    def run(seed: int) -> tuple[float, int]:
        g = SingleSeatEnv(opponents=("greedy", "random", "greedy"), hands=2)
        obs, _ = g.reset(seed=seed)
        rng = np.random.default_rng(0)
        total, steps, done = 0.0, 0, False
        while not done:
            obs, r, done, _t, _i = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            total += r
            steps += 1
        return total, steps

    assert run(12) == run(12)


def test_ansi_render_shows_the_acting_seat() -> None:
    e = raw_env(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and text.startswith(e.agent_selection) and "legal:" in text


def test_single_seat_arguments_of_the_wrong_kind_are_named() -> None:
    """``player=True`` is no player number; ``illegal_penalty`` must be a finite number: each is
    refused with a message naming the argument (not float()'s own words)."""
    with pytest.raises(ValueError, match=r"player=True: expected 0-3"):
        SingleSeatEnv(player=True)
    for bad in ("abc", None, float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"illegal_penalty=.*: expected a finite number of points"):
            SingleSeatEnv(illegal_penalty=bad)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match=r"call reset\(\)"):
        SingleSeatEnv().step(0)


def test_a_negative_illegal_penalty_is_refused_rather_than_rewarding_illegal_actions() -> None:
    """``illegal_penalty`` is taken from the reward; ``-1``, written as the reward for an illegal
    move as some environments give it, paid the learner +1 per illegal action without a word."""
    with pytest.raises(ValueError, match=r"illegal_penalty=-1: expected a number of points 0 or more.*illegal_penalty=1 to charge 1"):
        SingleSeatEnv(illegal_penalty=-1)
    assert SingleSeatEnv(illegal_penalty=0).illegal_penalty == 0.0


def test_single_seat_penalty_may_be_any_real_number_type() -> None:
    """A numpy scalar or an int is a number of points like a float."""
    assert SingleSeatEnv(illegal_penalty=np.float32(0.5)).illegal_penalty == 0.5  # type: ignore[arg-type]
    assert SingleSeatEnv(illegal_penalty=2).illegal_penalty == 2.0


def test_house_options_given_with_a_ruleset_object_apply_to_it_not_vanish() -> None:
    """``rules=get_ruleset("hk"), options={"minfan": "3"}`` plays with a 3-fan minimum (HK-5.6);
    the options were silently dropped when ``rules`` was a ``Ruleset``. A bad one is named."""
    e = raw_env(rules=RULES_BY_NAME["hk"], options={"minfan": "3"})
    assert e.rules.options["minfan"] == "3" and e.rules.name == "hk"
    assert raw_env(rules=get_ruleset("hk", {"limit": "8"}), options={"minfan": "1"}).rules.options["limit"] == "8"
    with pytest.raises(ValueError, match="nonsense"):
        raw_env(rules=RULES_BY_NAME["mcr"], options={"nonsense": "1"})
    with pytest.raises(ValueError, match="key=value"):
        raw_env(rules=RULES_BY_NAME["hk"], options=["minfan=3"])  # type: ignore[arg-type]


def _defaults_after_claims(seed: int) -> list[tuple[str, bool]]:
    """Each safe default the learner gets by an illegal action right after it claimed a tile (no
    tile drawn): the action played, and whether it discarded the hand's lowest tile."""
    g = SingleSeatEnv(opponents=("random", "random", "random"), hands=4)
    obs, _ = g.reset(seed=seed)
    out: list[tuple[str, bool]] = []
    done = False
    while not done:
        legal = g.aec.legal_actions()
        hand = g.aec.current_hand()
        view = hand.view(hand.pending()[0])
        if view.phase == "turn" and view.drawn is None:  # just claimed: an illegal action plays the default
            bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
            obs, _r, done, _t, info = g.step(bad)
            played = info["illegal_action"].rsplit("played ", 1)[1]
            lowest = min(t for t in range(N_KINDS) if view.concealed[t])
            out.append((played, played == ACTION_NAMES[lowest]))
            continue
        claims = [i for i, a in legal.items() if isinstance(a, (Pung, Chow))]
        obs, _r, done, _t, _i = g.step(claims[0] if claims else min(legal))
    return out


def test_single_seat_safe_default_after_a_claim_is_a_random_tile_and_replays() -> None:
    """HK-1, HK-4: the default discard after a pung or chow was always the hand's lowest tile,
    telling the bots (which see it) that the hand held nothing lower; now it is a tile of the hand
    at random, and ``reset(seed=...)`` replays it."""
    found = [d for seed in range(6) for d in _defaults_after_claims(seed)]
    assert len(found) >= 10, found
    assert not all(lowest for _a, lowest in found), found
    assert _defaults_after_claims(3) == _defaults_after_claims(3)
