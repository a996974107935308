"""What a researcher's first hour with the environments tries, beyond docs/env.md's samples.

Each test was a failure before its fix (the docstrings say what): the standard tools of
PettingZoo and Gymnasium run on the environments as they run on their own (``render_test``,
``gymnasium.make``, ``make_vec``), and numbers that come out of NumPy (a sweep's
``np.int64``, ``np.bool_``) are numbers here too. HK-7 (a match of ``hands`` hands), HK-2.1
(the learner's ``player``), HK-4 (``ask_all``: who is asked about a discard).
"""

from __future__ import annotations

import contextlib
import io
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium as gym
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

from hkmj.env import RULES, SingleSeatEnv, env, parallel_env, raw_env


def test_pettingzoo_render_test_passes_human_mode_prints_the_acting_seat() -> None:
    """Was: ``render_test`` (which builds the environment with ``render_mode="human"`` first)
    failed with ``ValueError: render_mode='human'``; now ``human`` prints the ``ansi`` text and
    ``render()`` returns None, as PettingZoo and Gymnasium define it."""
    for make in (env, raw_env):
        render_test(lambda render_mode=None, make=make: make(render_mode=render_mode))  # type: ignore[misc]
    shown = raw_env(render_mode="ansi")
    shown.reset(seed=3)
    text = shown.render()
    assert text is not None
    printed = raw_env(render_mode="human")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        printed.reset(seed=3)  # human mode shows the table as it plays (Gymnasium's definition)
        assert out.getvalue() == text + "\n"
        assert printed.render() is None
        assert out.getvalue() == (text + "\n") * 2
        obs = printed.observe(printed.agent_selection)
        printed.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert out.getvalue().count("legal:") == 3


def test_single_seat_and_parallel_human_mode_print_and_return_none() -> None:
    """Was: ``SingleSeatEnv(render_mode="human")`` and ``parallel_env(render_mode="human")`` refused."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        g = SingleSeatEnv(render_mode="human")
        obs, _ = g.reset(seed=2)
        assert out.getvalue().startswith("player_0 ") and out.getvalue().count("legal:") == 1
        g.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert out.getvalue().count("player_0 ") == 2  # the learner's view, not each bot's
        assert g.render() is None
        p = parallel_env(render_mode="human")
        p.reset(seed=2)
        assert p.render() is None
    assert "legal:" in out.getvalue()


@pytest.mark.parametrize("rules", RULES)
def test_gymnasium_make_and_make_vec_build_the_single_seat_env(rules: str) -> None:
    """Was: ``gym.make("hkmj/SingleSeat-v1")`` raised ``NamespaceNotFound`` (nothing registered), so
    ``make_vec``, wrappers by id and ``check_env``'s render-mode checks were out of reach; now
    importing ``hkmj.env`` registers it, and ``check_env`` passes on it without a warning."""
    g = gym.make("hkmj/SingleSeat-v1", rules=rules, opponents=("random", "greedy", "random"))
    assert isinstance(g.unwrapped, SingleSeatEnv) and g.unwrapped.aec.rules.name == rules
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(g.unwrapped)
    v = gym.make_vec("hkmj/SingleSeat-v1", num_envs=2, vectorization_mode="sync", rules=rules)
    obs, _ = v.reset(seed=5)
    assert obs["observation"].shape == (2, 160, 34) and obs["action_mask"].shape == (2, 75)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    obs, rewards, _terminated, truncated, _ = v.step(actions)
    assert rewards.shape == (2,) and not truncated.any()
    v.close()


def test_numpy_numbers_are_numbers_for_hands_player_and_ask_all() -> None:
    """Was: ``raw_env(hands=np.int64(2))`` refused as "expected a positive whole number of hands"
    and ``SingleSeatEnv(player=np.int64(1))`` as "expected 0-3" (both are), and
    ``ask_all=np.bool_(True)`` as "expected True or False"; a seed was already a NumPy integer
    too. Now they play as their Python values, and stay plain Python in the environment."""
    e = raw_env(hands=np.int64(2), ask_all=np.bool_(True))
    assert e.n_hands == 2 and type(e.n_hands) is int and e.ask_all is True
    p = parallel_env(hands=np.int32(1), ask_all=np.bool_(False))
    assert p.aec.ask_all is False
    g = SingleSeatEnv(player=np.int64(1), hands=np.uint8(1))
    assert g.player == 1 and type(g.player) is int and g.agent == "player_1"
    for bad in (np.float64(2.0), np.int64(0), np.True_):
        with pytest.raises(ValueError, match=r"hands=.*: expected a positive whole number"):
            raw_env(hands=bad)
    for bad in (np.int64(4), np.True_, 1.0):
        with pytest.raises(ValueError, match=r"player=.*: expected 0-3"):
            SingleSeatEnv(player=bad)
    with pytest.raises(ValueError, match=r"ask_all=.*: expected True or False"):
        raw_env(ask_all=np.int64(1))


def test_single_seat_step_before_reset_says_to_call_reset_not_that_an_episode_ended() -> None:
    """Was: ``SingleSeatEnv().step(0)`` before any ``reset()`` said "the episode is over: call
    reset()", of an episode that never began; now it says to call ``reset()`` first, as the AEC
    and parallel environments do (and the message after the end is unchanged)."""
    g = SingleSeatEnv(opponents=("random",) * 3)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        g.step(0)
    obs, _ = g.reset(seed=1)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _r, done, _t, _i = g.step(int(legal[0]) if len(legal) else 0)
    with pytest.raises(RuntimeError, match=r"the episode is over: call reset\(\)"):
        g.step(0)


@pytest.mark.parametrize("rules", RULES)
def test_mcr_has_no_dead_wall_cell_and_the_wall_cells_stay_within_one(rules: str) -> None:
    """Row 158 as docs/env.md's table gives it per ruleset: the dead-wall cell is always 0 under
    MCR (no dead wall); under ``hk`` and ``classical`` 14 tiles of 16, kept so by the live wall
    (HK-2.4, HK-2.7), fewer only once the live wall is empty (HK-2.7's ruling); the live-wall
    cell never passes 1 (at most 91 of 130 tiles, MCR's live wall after the deal)."""
    e = raw_env(rules=rules)
    dead, live = set(), set()
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            row = obs["observation"][158]
            dead.add(round(float(row[1]) * 16))
            live.add(float(row[0]))
            if rules != "mcr" and round(float(row[1]) * 16) < 14:
                assert row[0] == 0, "the dead wall shrinks only once the live wall is empty (HK-2.7)"
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert agent in e.possible_agents
    assert max(live) <= 91 / 130 + 1e-6 and min(live) >= 0
    assert dead == {0} if rules == "mcr" else dead <= {12, 13, 14}


def test_the_module_prefixed_id_works_without_importing_hkmj_env_first() -> None:
    """docs/env.md: ``gymnasium.make("hkmj.env:hkmj/SingleSeat-v1")`` in a fresh process, where
    nothing imported ``hkmj.env`` yet, imports it and builds the environment."""
    import subprocess
    import sys

    code = 'import gymnasium as g; e = g.make("hkmj.env:hkmj/SingleSeat-v1", rules="mcr"); print(e.spec.id, e.unwrapped.aec.rules.name)'
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split() == ["hkmj/SingleSeat-v1", "mcr"]


def test_hk3_the_drawn_tile_is_also_counted_in_the_hand_rows() -> None:
    """docs/env.md's table: on one's turn rows 0–3 hold all 14 tiles (HK-3: a turn's draw makes 14,
    less three per meld), the drawn one among them, and row 4 marks it too."""
    e = raw_env()
    for seed in range(5):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in e.agent_iter(200):
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            planes = obs["observation"]
            if planes[4].any():
                hand = e.current_hand()
                seat = hand.pending()[0]
                melds = len(hand.view(seat).melds[seat])
                assert planes[0:4].sum() == 14 - 3 * melds
                assert planes[0, int(planes[4].argmax())] == 1
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--hands", "99999999999999999999999"],
        ["simulate", "--hands", "2", "--workers", "99999999999999999999999"],
        ["arena", "--bots", "greedy,random", "--deals", "99999999999999999999999"],
        ["arena", "--bots", "greedy,random", "--workers", "99999999999999999999999"],
        ["bot-match", "--hands", "10000001"],
    ],
)
def test_research_commands_refuse_a_count_too_large_to_play(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Was: ``hkmj simulate --hands 99999999999999999999999`` ended in an ``OverflowError``
    traceback (its list of chunks), ``--workers`` that large in another (the process pool's
    semaphore), and ``hkmj arena --deals`` that large filled the memory listing its deals. Counts
    (HK-7: hands of a match; deals; workers) now stop at 10,000,000 with argparse's error."""
    from hkmj.cli import main

    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "must be at most 10000000" in err and "Traceback" not in err


def _square(n: int) -> int:
    return n * n


def test_workers_beyond_the_jobs_start_no_idle_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: ``hkmj simulate --hands 2 --workers 5000`` (one chunk of hands to play) started a
    pool of 5,000 processes and hung the machine; now a pool has at most one process per job,
    and a single job runs in the calling process, with the same results in order."""
    import hkmj.scale

    sizes: list[int] = []

    class Pool:
        def __init__(self, max_workers: int, initializer: Callable[[], None] | None = None) -> None:
            sizes.append(max_workers)

        def map(self, fn: Callable[[int], int], jobs: list[int]) -> Iterator[int]:
            return map(fn, jobs)

        def shutdown(self) -> None:
            pass

    monkeypatch.setattr(hkmj.scale, "ProcessPoolExecutor", Pool)
    assert list(hkmj.scale.map_ordered(_square, [3], workers=5000)) == [9]
    assert sizes == []
    assert list(hkmj.scale.map_ordered(_square, [1, 2, 3], workers=5000)) == [1, 4, 9]
    assert sizes == [3]


@pytest.mark.parametrize(
    ("script", "args", "said"),
    [
        ("bench_env.py", ["--seconds", "0"], "--seconds: '0': expected a number of seconds above 0"),
        ("bench_env.py", ["--seconds", "-1"], "--seconds: '-1': expected a number of seconds above 0"),
        ("reward_scale.py", ["--hands", "0"], "--hands: '0': expected a whole number of hands, at least 1"),
    ],
)
def test_the_benches_docs_env_md_names_refuse_a_count_of_nothing(script: str, args: list[str], said: str) -> None:
    """Was: ``python bench/bench_env.py --seconds 0`` (the throughput docs/env.md quotes) ended in
    a ZeroDivisionError traceback, and ``python bench/reward_scale.py --hands 0`` (its reward
    scales, HK-6 payments) in an IndexError; both now stop with argparse's error naming the value."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    path = os.pathsep.join(filter(None, [str(root / "src"), os.environ.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, str(root / "bench" / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": path},
    )
    assert out.returncode == 2 and said in out.stderr and "Traceback" not in out.stderr


def test_simulate_reports_a_throughput_below_one_hand_a_second_as_it_is() -> None:
    """Was: ``hkmj simulate --hands 2 --backend ray`` (Ray's start-up in the time) said
    "throughput 0 hands/s"; a rate under 10 hands a second now shows a decimal, in English and
    French (HK-7: hands of a match), and larger ones stay whole."""
    from hkmj.simulate import Summary

    slow = Summary(("greedy", "greedy", "random", "random"), hands=2, seconds=5.0)
    assert "throughput        0.4 hands/s (1 worker)" in slow.report(1)
    assert "0,4 " in slow.report(1, lang="fr").splitlines()[-1]
    fast = Summary(("greedy", "greedy", "random", "random"), hands=70, seconds=0.4)
    assert "throughput        175 hands/s (2 workers)" in fast.report(2)


def test_simulate_names_the_workers_that_played_not_those_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """Was: ``hkmj simulate --hands 2 --workers 2`` played its one chunk of hands in one process
    but printed "(2 workers)"; the throughput line now names the processes that played."""
    from hkmj.cli import main

    assert main(["simulate", "--hands", "2", "--workers", "2", "--seed", "1"]) == 0
    assert "hands/s (1 worker)" in capsys.readouterr().out


@pytest.mark.parametrize("rules", RULES)
def test_the_spaces_are_also_dicts_for_libraries_that_read_pettingzoos_older_attributes(rules: str) -> None:
    """Was: ``env.observation_spaces`` and ``env.action_spaces`` (read by code written for
    PettingZoo before the space methods, and by some wrappers) raised AttributeError; now each is
    a dict of the four agents holding what ``observation_space(agent)`` and ``action_space(agent)``
    give, before and after ``reset()``, for ``env()``, ``raw_env()`` and ``parallel_env()``."""
    for make in (env, raw_env, parallel_env):
        e = make(rules)
        for when in ("before", "after"):
            assert sorted(e.observation_spaces) == sorted(e.possible_agents), (make, when)
            assert sorted(e.action_spaces) == sorted(e.possible_agents), (make, when)
            for agent in e.possible_agents:
                assert e.observation_spaces[agent] == e.observation_space(agent)
                assert e.action_spaces[agent] == e.action_space(agent)
            e.reset(seed=5)
        e.close()


@pytest.mark.parametrize("rules", RULES)
def test_a_registry_entry_plays_as_its_name(rules: str) -> None:
    """Was: docs/env.md says ``rules`` is "any ruleset of the registry (``hkmj.rulesets.RULESETS``)",
    but the registry's entry itself (``rules=RULESETS["mcr"]``, a ruleset class) was refused with
    "expected a name"; now every environment plays it as the name (HK-1, MCR, CL rulesets), house
    options included, and the episode is the one the name deals for the same seed."""
    from hkmj.rulesets import RULESETS

    cls = RULESETS[rules]
    opts = {"minfan": "0"} if rules == "hk" else None
    by_name, by_class = raw_env(rules, options=opts), raw_env(cls, options=opts)
    assert by_class.rules == by_name.rules
    by_name.reset(seed=3)
    by_class.reset(seed=3)
    assert by_class.current_hand().events[0] == by_name.current_hand().events[0]
    for e in (env(cls), parallel_env(cls), SingleSeatEnv(rules=cls, opponents=("random",) * 3)):
        e.reset(seed=1)
        assert e.record()[0]["rules"] == rules, e


def _play_fresh(make: Callable[[str], Any], i: int) -> None:
    """Episode ``i`` (its ruleset, seed and masked random actions all from ``i``) in a new environment."""
    rules, rng = RULES[i % len(RULES)], np.random.default_rng(i)
    e = make(rules)
    if isinstance(e, SingleSeatEnv):
        obs, _ = e.reset(seed=i)
        done = False
        while not done:
            mask = obs["action_mask"]
            obs, _, terminated, truncated, _ = e.step(int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0)
            done = terminated or truncated
    elif hasattr(e, "acting"):
        obs, _ = e.reset(seed=i)
        while e.agents:
            obs, *_ = e.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.acting})
    else:
        e.reset(seed=i)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    e.close()
    e.close()  # twice: nothing to release, nothing refused


@pytest.mark.parametrize(
    "make",
    [raw_env, env, parallel_env, lambda rules: SingleSeatEnv(rules=rules, opponents=("random",) * 3)],
    ids=["raw_env", "env", "parallel_env", "SingleSeatEnv"],
)
def test_a_fresh_environment_per_episode_leaves_nothing_behind(make: Callable[[str], Any]) -> None:
    """docs/env.md ("Throughput", at scale): replaying episodes already played, each in a new
    environment (every ruleset in turn, HK-7 one hand each), grows ``tracemalloc``'s traced memory
    by nothing that matters; only new hand patterns fill the engine's per-suit memos."""
    import gc
    import tracemalloc

    tracemalloc.start()
    try:
        for i in range(12):
            _play_fresh(make, i)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(3):
            for i in range(12):
                _play_fresh(make, i)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 16_384, f"{grown} bytes kept over 36 replayed episodes"


@pytest.mark.parametrize("make", [env, raw_env])
def test_a_mask_changed_by_its_caller_leaves_the_next_observations_mask_equal_to_the_legal_actions(make: Callable[..., Any]) -> None:
    """Was: the acting agent's mask was one array for every ``observe`` and ``last`` of a move, so a
    policy that edited the mask it was handed (``mask[74] = 0``, no passing) changed what the next
    ``last()``, a critic's ``observe`` of every agent, or the next loop's read showed, and that mask
    no longer marked the legal actions (HK-4: a pass the engine still allows). Each call now hands
    out a new mask, as it does the planes."""
    e = make(rules="hk", ask_all=True)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    edited = 0
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = sorted(e.unwrapped.legal_actions())
        mask = obs["action_mask"]
        assert np.flatnonzero(mask).tolist() == legal
        mask[:] = 0  # the caller's own array
        edited += 1
        assert np.flatnonzero(e.last()[0]["action_mask"]).tolist() == legal
        assert np.flatnonzero(e.observe(agent)["action_mask"]).tolist() == legal
        e.step(int(rng.choice(legal)))
    assert edited > 50
