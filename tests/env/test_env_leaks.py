"""No observation depends on what its seat may not know (docs/env.md, "Observations").

A seat may know its own concealed tiles and the public table, never another seat's concealed
tiles nor the order of the wall (HK-1, HK-4: claims stay hidden until HK-4.7 decides). The
tests shuffle exactly those hidden tiles in a copy of the environment, consistently (every
seat keeps its number of tiles, the walls their lengths, bonus tiles their places), and check
that the observer sees the same thing: at every step, and, in the parallel environment, also at
the step after a discard, which ``ask_all`` puts to every other player whether or not anyone
could claim.
"""

from __future__ import annotations

import copy
import functools
import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from hkmj.engine import Discard
from hkmj.engine.testing import shuffle_hidden
from hkmj.env import AGENTS, RULES, env, parallel_env, raw_env
from hkmj.env.encoding import PASS_


def _seen(obs: dict[str, Any]) -> tuple[bytes, bytes]:
    return obs["observation"].tobytes(), obs["action_mask"].tobytes()


@pytest.mark.parametrize("ask_all", [False, True])
@pytest.mark.parametrize("rules", RULES)
def test_no_observation_depends_on_another_seats_concealed_tiles_or_the_wall(rules: str, ask_all: bool) -> None:
    """HK-1, HK-4: every agent's observation at every step, with the tiles it cannot see shuffled."""
    rng = random.Random(7)
    e = raw_env(rules=rules, hands=2, ask_all=ask_all)
    e.reset(seed=11)
    compared = moved = 0
    for _agent in e.agent_iter():
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        for p, observer in enumerate(AGENTS):
            if rng.random() < 0.5:  # about half the observers of each step: CPU stays modest
                continue
            twin = copy.deepcopy(e)
            moved += shuffle_hidden(twin.current_hand(), {twin._seats[p]}, rng)
            assert _seen(twin.observe(observer)) == _seen(e.observe(observer)), f"{observer} at move {compared}"
            compared += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    assert compared > 200 and moved > 200


def _claimants(p: Any) -> list[int]:
    """The seats with a legal claim (more than ``pass``) on the tile on offer."""
    hand = p.aec.current_hand()
    return [s for s in range(4) if any(n != PASS_ for n in hand.legal_numbers(s))]


@pytest.mark.parametrize("rules", RULES)
def test_hk4_a_parallel_step_after_a_discard_shows_no_one_whether_another_could_claim(rules: str) -> None:
    """HK-4: the discarder and a bystander see the same step after a discard, whatever the others hold.

    Each agent is handed an observation at every step of the parallel environment; a step for a
    claim window that opened only when someone could claim would tell the others so.
    """
    rng = random.Random(3)
    p = parallel_env(rules=rules, hands=2)
    obs, _ = p.reset(seed=5)
    compared = differed = 0
    while p.agents:
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]).tolist())) for a in p.acting}
        hand = p.aec.current_hand()
        seats = p.aec._core.seats
        if len(p.acting) == 1 and hand.phase == "turn" and rng.random() < 0.5:
            (actor,) = p.acting
            move = p.aec.legal_actions()[actions[actor]]
            if isinstance(move, Discard):
                observer = rng.choice([a for a in AGENTS if a != actor])
                mine, twin = copy.deepcopy(p), copy.deepcopy(p)
                keep = {seats[AGENTS.index(actor)], seats[AGENTS.index(observer)]}
                shuffle_hidden(twin.aec.current_hand(), keep, rng)
                seen, twin_seen = mine.step(actions)[0], twin.step(actions)[0]
                for watcher in (actor, observer):
                    assert _seen(seen[watcher]) == _seen(twin_seen[watcher]), f"{watcher} after {move}"
                assert mine.acting == twin.acting  # who answers is public: every other player
                differed += _claimants(mine) != _claimants(twin)
                compared += 1
        obs, _rew, _term, _trunc, _info = p.step(actions)
    assert compared > 20 and differed > 0  # some shuffles changed who could claim


@pytest.mark.parametrize("rules", RULES)
def test_the_aec_environment_asking_every_player_passes_pettingzoos_tests(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's two notes on dict observations (docs/env.md)
        api_test(env(rules=rules, hands=2, ask_all=True), num_cycles=300)
        seed_test(functools.partial(env, rules=rules, ask_all=True), num_cycles=300)


def test_ask_all_of_the_wrong_kind_is_named() -> None:
    for make in (raw_env, parallel_env):
        with pytest.raises(ValueError, match=r"ask_all='yes': expected True or False"):
            make(ask_all="yes")  # type: ignore[arg-type]
