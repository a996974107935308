"""Benchmark: PettingZoo AEC env steps per second with random agents, and PettingZoo's own overhead.

    pip install -e ".[env]" && python bench/bench_env.py

In one process (one core), for ``--seconds`` each:

* ``engine``: the reference — the bare engine loop (``pending``, ``view``, ``legal_actions``,
  a uniform random ``apply``), no observation at all;
* ``raw env, direct``: ``raw_env()`` driven by ``observe`` + ``step`` (what an RL loop needs:
  the planes and the mask every step);
* ``raw env, agent_iter/last``: the same through PettingZoo's ``agent_iter`` and ``last`` (the
  headline; the environment serves ``last``, ``observe`` and ``step`` from its compiled core and
  ``agent_iter`` as a generator, API-exact);
* ``the same, PettingZoo's own``: that loop through PettingZoo's ``AECEnv.agent_iter`` and
  ``AECEnv.last`` (interpreted), for PettingZoo's own overhead;
* ``env() (wrapped)``: the same through PettingZoo's standard wrappers;
* ``raw env, never observed``: ``agent_iter`` + ``last(observe=False)``, the agent picking among
  ``legal_actions()``: the engine plus the environment's bookkeeping, without observations;
* ``parallel_env, per decision``: ``parallel_env()``, the acting agents picking from their masks;
  counted per decision (one acting agent's action, the unit of an AEC step), though each parallel
  step hands out all four agents' observations. By default every discard is put to the three
  other players (``ask_all``; those without a claim may only pass), so hands per second are
  printed too, and the same for ``parallel_env(ask_all=False)``, which asks only claimants;
* ``SingleSeatEnv``: the Gymnasium environment's learner steps per CPU-second, a random learner
  (from its mask) against three random bots and against three greedy bots, the bots' own moves
  included (against bots that think, their moves are most of the time).

Rates are per CPU-second of this process (``time.process_time``), i.e. on one core even when
other jobs share the machine; a warm-up second fills the hand-reading tables first. Random
agents pick uniformly among the mask's legal actions (``mask.nonzero()[0]`` and Python's
``random``; ``np.flatnonzero`` picks the same actions at about three times the cost); that
choice is timed alone too and reported, like PettingZoo's overhead, as a separate cost per
step. One step is one ``env.step`` of a live agent. Prints steps/s and the ratios, and whether the core is compiled (``hkmj.compiled()``: a wheel from ``pip install .``;
run from outside ``src`` to use it); exits 1 when the raw env through ``agent_iter``/``last``
misses ``--target`` steps/s (default 50,000; ``--no-fail`` to only report).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np
from pettingzoo import AECEnv

from hkmj.cli import seed_number
from hkmj.engine import Hand
from hkmj.env import SingleSeatEnv, env, parallel_env, raw_env


def engine_steps(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    n = 0
    k = seed
    start = time.process_time()
    while time.process_time() - start < seconds:
        h = Hand.from_seed(k)
        k += 1
        while h.result is None:
            s = h.pending()[0]
            h.view(s)
            legal = h.legal_actions(s)
            h.apply(s, legal[int(rng.random() * len(legal))])
            n += 1
    return n / (time.process_time() - start)


def direct_steps(seconds: float, seed: int) -> float:
    e = raw_env()
    rng = random.Random(seed)
    e.reset(seed=seed)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        e.reset()
        while e.agents:
            agent = e.agent_selection
            obs = e.observe(agent)
            if e.terminations[agent]:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
    return n / (time.process_time() - start)


def iter_steps(make: Callable[[], Any], seconds: float, seed: int, observe: bool = True, base: bool = False) -> float:
    """Steps/s through ``agent_iter`` + ``last``; ``observe=False``: ``last(observe=False)``, the
    agent picking among ``legal_actions()`` (the engine and the environment's bookkeeping only);
    ``base=True``: PettingZoo's own ``AECEnv.agent_iter`` and ``AECEnv.last`` (interpreted) instead
    of the environment's (served by its compiled core)."""
    e = make()
    rng = random.Random(seed)
    e.reset(seed=seed)
    agent_iter = partial(AECEnv.agent_iter, e) if base else e.agent_iter
    last = partial(AECEnv.last, e) if base else e.last
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        e.reset()
        for _agent in agent_iter():
            obs, _reward, term, trunc, _info = last(observe)
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0] if observe else list(e.legal_actions())
            e.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
    return n / (time.process_time() - start)


def parallel_decisions(seconds: float, seed: int, ask_all: bool = True) -> tuple[float, float]:
    """Decisions/s and hands/s of ``parallel_env(ask_all=...)`` with random acting agents (every agent observed each step)."""
    p = parallel_env(ask_all=ask_all)
    rng = random.Random(seed)
    p.reset(seed=seed)
    n = hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        hands += 1
        obs, _infos = p.reset()
        while p.agents:
            actions = {}
            for a in p.acting:
                legal = obs[a]["action_mask"].nonzero()[0]
                actions[a] = int(legal[int(rng.random() * len(legal))])
            n += len(actions)
            obs, _r, _t, _u, _i = p.step(actions)
    spent = time.process_time() - start
    return n / spent, hands / spent


def single_steps(seconds: float, seed: int, bot: str) -> float:
    """Learner steps/s of ``SingleSeatEnv`` against three ``bot`` bots, a random learner picking from its mask."""
    g = SingleSeatEnv(opponents=(bot, bot, bot))
    rng = random.Random(seed)
    n = episode = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, _info = g.reset(seed=seed + episode)
        episode += 1
        done = False
        while not done:
            legal = obs["action_mask"].nonzero()[0]
            action = int(legal[int(rng.random() * len(legal))]) if len(legal) else 0
            obs, _r, terminated, truncated, _i = g.step(action)
            done = terminated or truncated
            n += 1
    return n / (time.process_time() - start)


def agent_cost(seconds: float, seed: int) -> float:
    """Seconds per step of the random agent's own choice on a typical turn mask (14 legal actions)."""
    rng = random.Random(seed)
    mask = np.zeros(75, dtype=np.int8)
    mask[:14] = 1
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            legal = mask.nonzero()[0]
            int(legal[int(rng.random() * len(legal))])
        n += 1000
    return (time.process_time() - start) / n


def _positive_seconds(text: str) -> float:
    """``--seconds``: a finite number above 0 (``0`` or ``-1`` ended in a ZeroDivisionError)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of seconds above 0")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=_positive_seconds, default=5.0, help="time per measurement (default 5)")
    parser.add_argument("--seed", type=seed_number, default=2026, help="seed of the episodes (default 2026)")
    parser.add_argument("--target", type=float, default=50_000.0, help="least steps per CPU-second of the raw env through agent_iter + last (default 50000)")
    parser.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when the target is missed")
    args = parser.parse_args(argv)
    engine_steps(1.0, args.seed + 1)  # warm-up: hand-reading tables
    ref = engine_steps(args.seconds, args.seed)
    direct = direct_steps(args.seconds, args.seed)
    it = iter_steps(raw_env, args.seconds, args.seed)
    base = iter_steps(raw_env, args.seconds, args.seed, base=True)
    wrapped = iter_steps(env, args.seconds, args.seed)
    blind = iter_steps(raw_env, args.seconds, args.seed, observe=False)
    parallel, parallel_hands = parallel_decisions(args.seconds, args.seed)
    claimants, claimants_hands = parallel_decisions(args.seconds, args.seed, ask_all=False)
    single_random = single_steps(args.seconds, args.seed, "random")
    single_greedy = single_steps(args.seconds, args.seed, "greedy")
    choice = agent_cost(min(args.seconds, 2.0), args.seed)
    import hkmj

    build = "mypyc-compiled core" if hkmj.compiled() else "pure Python"
    print(f"random agents, one core, {args.seconds:g} CPU-s per measurement, hkmj {build}")
    print(f"{'loop':<32} {'steps/s':>9} {'vs engine':>9}")
    for name, rate in (
        ("engine alone (reference)", ref),
        ("raw env, observe + step", direct),
        ("raw env, agent_iter + last", it),
        ("  the same, PettingZoo's own", base),
        ("env() with PettingZoo wrappers", wrapped),
        ("raw env, never observed", blind),
        ("parallel_env, per decision", parallel),
        ("  the same, ask_all=False", claimants),
    ):
        print(f"{name:<32} {rate:>9,.0f} {rate / ref:>9.2f}")
    print(f"parallel_env, hands/s: {parallel_hands:,.0f} (every discard put to all), {claimants_hands:,.0f} with ask_all=False")
    print(f"SingleSeatEnv, learner steps/s: {single_random:,.0f} against random bots, {single_greedy:,.0f} against greedy bots")
    print(
        f"PettingZoo overhead: agent_iter/last {1e6 / it - 1e6 / direct:+.1f} µs/step (PettingZoo's own AECEnv"
        f" methods {1e6 / base - 1e6 / direct:+.1f}), wrappers {1e6 / wrapped - 1e6 / it:+.1f} µs/step"
    )
    print(f"the random agent's own choice: {1e6 * choice:.1f} µs/step; without it, agent_iter + last would give {1 / (1 / it - choice):,.0f} steps/s")
    print(f"encoding + mask overhead over the engine: {1e6 / direct - 1e6 / ref:+.1f} µs/step")
    print(
        f"per step: engine {1e6 / ref:.1f} µs, the environment's bookkeeping {1e6 / blind - 1e6 / ref:+.1f} µs,"
        f" observations (planes, mask) and the agent's pick {1e6 / it - 1e6 / blind:+.1f} µs"
    )
    ok = it >= args.target
    print(f"target {args.target:,.0f} steps/s (raw env, agent_iter + last): {'met' if ok else 'MISSED'}")
    return 0 if ok or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
