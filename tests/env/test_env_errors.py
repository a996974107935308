"""Errors a researcher meets stepping the AEC environment (issue 13: clear errors), and the mask as what step accepts.

Each was a confusing error or a silent truncation before (the docstrings say what), now a clear
error naming what to do.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

from hkmj.env import ACTION_NAMES, N_ACTIONS, RULES, HkmjEnv, SingleSeatEnv, env, parallel_env, raw_env


def _played_out(seed: int) -> HkmjEnv:
    """A raw environment whose one-hand episode has been played to its end by masked random agents."""
    e = raw_env()
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc or obs is None else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.agents == []
    return e


def test_step_before_reset_says_to_call_reset() -> None:
    """Was: "player_0: action 0 (discard 1m) is not legal now; legal: " (an empty legal list)."""
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        raw_env().step(0)


@pytest.mark.parametrize("rules", RULES)
def test_render_before_reset_says_to_call_reset_in_every_mode_and_ruleset(rules: str) -> None:
    """Was: ``raw_env(render_mode="ansi").render()`` before ``reset()`` returned None where a string
    is due (``human`` printed nothing, ``rgb_array`` gave None); now every render mode of every
    environment raises ``RuntimeError`` naming ``reset()``, as ``step()`` does and PettingZoo's
    ``env()`` wrapper does. Without a render mode, ``render()`` is None (Gymnasium's definition);
    after ``reset()``, the table."""
    makers: list[tuple[Any, tuple[str, ...]]] = [
        (raw_env, ("ansi", "human")),
        (parallel_env, ("ansi", "human")),
        (SingleSeatEnv, ("ansi", "human", "rgb_array")),
    ]
    for make, modes in makers:
        for mode in modes:
            with pytest.raises(RuntimeError, match=r"^call reset\(\) before render\(\)$"):
                make(rules, render_mode=mode).render()
        assert make(rules).render() is None
        shown = make(rules, render_mode="ansi")
        shown.reset(seed=1)
        text = shown.render()
        assert isinstance(text, str) and "hand: " in text


def test_hk7_stepping_or_reading_after_the_episode_ended_says_it_is_over() -> None:
    """Was: ``KeyError: 'player_1'`` from PettingZoo's ``_was_dead_step`` and from ``last()``."""
    e = _played_out(3)
    with pytest.raises(RuntimeError, match=r"over.*reset\(\)"):
        e.step(None)
    with pytest.raises(RuntimeError, match=r"over.*reset\(\)"):
        e.last()


@pytest.mark.parametrize("rules", RULES)
def test_hk7_the_wrapped_env_also_says_the_episode_is_over(rules: str) -> None:
    """Was, with ``env()`` (PettingZoo's wrappers, docs/env.md's first sample): ``step`` after the end
    only logged a warning and ``last()`` raised ``KeyError: 'player_1'`` from inside PettingZoo."""
    e = env(rules=rules)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.agents == []
    with pytest.raises(RuntimeError, match=r"episode is over.*reset\(\)"):
        e.step(None)
    with pytest.raises(RuntimeError, match=r"episode is over.*reset\(\)"):
        e.last()
    e.reset(seed=3)  # still usable: the same episode again
    assert e.agents and e.last()[0] is not None
    assert str(e) == "hkmj_v1"  # named as PettingZoo's own OrderEnforcingWrapper names it


@pytest.mark.parametrize("make", [raw_env, env])
def test_hk7_a_terminated_agents_action_other_than_none_is_a_valueerror(make: object) -> None:
    """Was, with ``env()``: ``AssertionError: action is not in action space`` from PettingZoo's
    wrapper for ``99`` or ``"x"`` (``3`` got PettingZoo's ``ValueError``); now every value gets the latter."""
    for bad in (3, 99, "x"):
        e = make()  # type: ignore[operator]
        e.reset(seed=3)
        for _agent in e.agent_iter():
            obs, _, term, _, _ = e.last()
            if term:
                with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
                    e.step(bad)
                break
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        for _agent in e.agent_iter():  # the refused step played nothing: the episode ends as usual
            e.step(None)
        assert e.agents == []


def test_a_fractional_action_is_refused_not_truncated() -> None:
    """Was: ``step(7.9)`` played action 7 when it is legal: ``int()`` truncates it silently."""
    e = raw_env()
    e.reset(seed=1)
    legal = sorted(e.legal_actions())
    with pytest.raises(ValueError, match="action index"):
        e.step(legal[0] + 0.5)


def test_the_wrapped_env_names_an_action_outside_the_action_space_and_the_legal_ones() -> None:
    """Was: ``AssertionError: action is not in action space`` from PettingZoo's wrapper of ``env()``,
    naming neither the agent, the value nor what is legal (docs/env.md: a ``ValueError``)."""
    e = env()
    e.reset(seed=1)
    agent = e.agent_selection
    legal = sorted(e.unwrapped.legal_actions())
    first = f"{legal[0]} \\({ACTION_NAMES[legal[0]]}\\)"
    for bad in (75, -1, np.int64(80), 7.5, "7", None, [legal[0]]):
        with pytest.raises(ValueError, match=rf"{agent}: action .* is not in the action space \(a whole number 0-74\); legal: {first}"):
            e.step(bad)
        assert e.agent_selection == agent and sorted(e.unwrapped.legal_actions()) == legal  # nothing played
    e.step(np.int64(legal[0]))  # a legal numpy integer is played
    assert e.agent_selection != agent
    while e.agents:  # finished agents step with None, as the wrapper requires
        obs, _r, term, trunc, _i = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))


@pytest.mark.parametrize("rules", RULES)
def test_hk4_the_mask_is_exactly_what_step_accepts(rules: str) -> None:
    """Every one of the 75 indices, tried on a copy at sampled moves: those in the mask are played,
    the others refused with a ``ValueError`` (the mask never offers what the engine refuses)."""
    e = raw_env(rules=rules, ask_all=rules == "mcr")
    e.reset(seed=3)
    rng = np.random.default_rng(2)
    tried = 0
    for move, _agent in enumerate(e.agent_iter()):
        obs, _r, term, trunc, _i = e.last()
        if term or trunc:
            e.step(None)
            continue
        if move % 15 == 0:
            for index in range(N_ACTIONS):
                twin = copy.deepcopy(e)
                if obs["action_mask"][index]:
                    twin.step(index)
                    assert twin._core.version > e._core.version  # played
                else:
                    with pytest.raises(ValueError, match=f"action {index} .*is not legal now"):
                        twin.step(index)
                tried += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert tried >= 5 * N_ACTIONS


def test_an_infinite_action_is_named_not_an_overflow() -> None:
    """Was: ``OverflowError: cannot convert float infinity to integer`` from ``step(inf)`` of the
    raw, parallel and single-seat environments; now the ValueError of any non-index action
    (the single seat plays it as an illegal action, as it does 7.5)."""
    from hkmj.env import SingleSeatEnv, parallel_env

    for bad in (float("inf"), float("-inf"), np.float32("inf"), float("nan")):
        e = raw_env()
        e.reset(seed=1)
        with pytest.raises(ValueError, match=r"player_\d: expected an action index 0-74, got "):
            e.step(bad)
        p = parallel_env()
        p.reset(seed=1)
        with pytest.raises(ValueError, match=r"player_\d: expected an action index 0-74, got "):
            p.step(dict.fromkeys(p.acting, bad))
        s = SingleSeatEnv()
        s.reset(seed=1)
        info = s.step(bad)[4]
        assert "is not an action index (a whole number 0-74)" in info["illegal_action"]


def test_observing_an_agent_that_is_no_name_says_which_agents_exist() -> None:
    """Was: ``TypeError: unhashable type: 'list'`` from ``observe([])`` (a dict, a NumPy array
    likewise); now the ValueError naming the four agents that an unknown name gets."""
    for make in (raw_env, env):
        e = make()
        e.reset(seed=1)
        for bad in ([], ["player_0"], {}, np.array([1, 2]), slice(1), "player_9", 0):
            with pytest.raises(ValueError, match=r"observe\(.*\): expected one of player_0, player_1, player_2, player_3"):
                e.observe(bad)


def test_single_seat_opponents_that_are_no_list_of_names_are_named() -> None:
    """Was: ``TypeError: 'int' object is not iterable`` for ``SingleSeatEnv(opponents=3)`` (None,
    a 0-d array likewise), and a string was read as its letters; now the ValueError asking for
    three bot names."""
    from hkmj.env import SingleSeatEnv

    for bad in (3, None, 7.5, np.array(5), "greedy", "abc", ["greedy"], ("greedy",) * 4):
        with pytest.raises(ValueError, match=r"opponents=.*: expected three bot names"):
            SingleSeatEnv(opponents=bad)  # type: ignore[arg-type]


_BAD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=-1),
    st.integers(min_value=N_ACTIONS, max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True).filter(lambda x: not (x.is_integer() and 0 <= x < N_ACTIONS)),
    st.text(max_size=4),
    st.lists(st.integers(0, 80), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sampled_from([np.float32("inf"), np.int8(-1), np.uint64(2**63), np.array([1, 2]), 1j, b"7", slice(1)]),
)
_PYTHON_WORDS = ("unhashable", "object is not", "cannot be interpreted", "index out of range", "cannot convert", "argument must be")


@settings(max_examples=150, deadline=None, derandomize=True)
@given(bad=_BAD_VALUES, which=st.sampled_from(["raw", "wrapped", "parallel", "observe", "reset"]))
def test_any_bad_argument_is_refused_in_our_words_and_nothing_is_played(bad: object, which: str) -> None:
    """Bad actions to ``step`` (of the raw, wrapped and parallel environments), bad agents to
    ``observe``, bad seeds to ``reset``: a ValueError (or the RuntimeError of a call out of order)
    in our words, never Python's (an OverflowError, "unhashable type"), and the move still to play."""
    from hkmj.env import parallel_env

    if which == "parallel":
        p = parallel_env()
        p.reset(seed=1)
        acting = list(p.acting)
        with pytest.raises(ValueError) as err:
            p.step(dict.fromkeys(acting, bad))
        assert p.acting == acting
    else:
        e = env() if which == "wrapped" else raw_env()
        e.reset(seed=1)
        agent = e.agent_selection
        legal = sorted(e.unwrapped.legal_actions())
        with pytest.raises(ValueError) as err:
            if which == "observe":
                e.observe(bad)
            elif which == "reset":
                if bad is None or (isinstance(bad, int) and not isinstance(bad, bool) and bad >= 0):
                    raise ValueError("a good seed")  # None and whole numbers 0 or more are seeds
                e.reset(seed=bad)
            else:
                e.step(bad)
        assert e.agent_selection == agent and sorted(e.unwrapped.legal_actions()) == legal
    assert not [w for w in _PYTHON_WORDS if w in str(err.value)], err.value


def test_a_float_with_a_whole_value_is_refused_by_env_and_read_as_its_index_elsewhere() -> None:
    """docs/env.md, "Illegal actions": ``env()`` refuses ``7.0`` as outside ``Discrete(75)``
    (Gymnasium's ``contains`` takes integers only), naming the legal actions and playing nothing;
    ``raw_env()``, ``parallel_env()`` and ``SingleSeatEnv`` play it as ``7``. HK-3.2: a discard."""
    from hkmj.env import SingleSeatEnv, parallel_env

    checked, bare = env(), raw_env()
    checked.reset(seed=1)
    bare.reset(seed=1)
    agent = checked.agent_selection
    index = sorted(checked.unwrapped.legal_actions())[0]
    assert not checked.action_space(agent).contains(float(index))
    for whole in (float(index), np.float32(index), np.float64(index)):
        with pytest.raises(ValueError, match=rf"{agent}: action .* is not in the action space \(a whole number 0-74\); legal: {index} "):
            checked.step(whole)
        assert checked.agent_selection == agent  # nothing played
    checked.step(index)
    bare.step(float(index))
    assert bare.unwrapped.current_hand().events == checked.unwrapped.current_hand().events
    played = []
    for action in (float, int):
        p = parallel_env()
        obs, _ = p.reset(seed=1)
        [acting] = p.acting
        p.step({acting: action(np.flatnonzero(obs[acting]["action_mask"])[0])})
        played.append(p.aec.current_hand().events)
    assert played[0] == played[1] and len(played[0]) > 2
    g = SingleSeatEnv(opponents=("random",) * 3)
    o, _ = g.reset(seed=1)
    _, _, _, _, info = g.step(float(np.flatnonzero(o["action_mask"])[0]))
    assert "illegal_action" not in info


@pytest.mark.parametrize("make", [raw_env, env, "parallel"])
def test_a_mistyped_agent_name_is_refused_by_the_space_getters(make: Any) -> None:
    """Was: ``action_space("player0")`` and ``observation_space("nobody")`` returned the spaces of
    any name, so a typo in a training loop went unnoticed while ``observe("player0")`` refused it;
    now both name the agents, as ``observe`` does (HK-2.1: four players)."""
    from hkmj.env import parallel_env

    e = parallel_env() if make == "parallel" else make()
    for agent in ("player_0", "player_3"):
        assert e.action_space(agent).n == 75
        assert e.observation_space(agent)["observation"].shape == (160, 34)
    for bad in ("player0", "player_4", 0, None, ["player_0"]):
        with pytest.raises(ValueError, match=r"action_space\(.*\): expected one of player_0, player_1, player_2, player_3"):
            e.action_space(bad)
        with pytest.raises(ValueError, match=r"observation_space\(.*\): expected one of player_0, player_1, player_2, player_3"):
            e.observation_space(bad)


def test_the_single_seat_says_an_array_of_one_action_is_no_index_not_that_it_is_illegal() -> None:
    """Was: ``step(np.array([2]))`` with 2 legal (a policy's output for a batch of one) reported
    "action array([2]) is not legal now (mask it with obs['action_mask'])", sending a researcher
    who did mask to the mask; the action is outside ``Discrete(75)`` (its shape), and the report
    now says so and how to pass it. It is still played as an illegal action (HK-3.2: the safe
    discard), and ``7.5`` is named as no index either."""
    from hkmj.env import SingleSeatEnv

    g = SingleSeatEnv(opponents=("random",) * 3, illegal_penalty=1.0)
    obs, _ = g.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    _obs, reward, _term, _trunc, info = g.step(np.array([legal]))
    said = info["illegal_action"]
    assert said.startswith(f"action array([{legal}]) is not an action index (a whole number 0-74; a batch of one? pass action[0]); played ")
    assert "mask" not in said and reward <= -1.0
    g.reset(seed=1)
    said = g.step(7.5)[4]["illegal_action"]
    assert said.startswith("action 7.5 is not an action index (a whole number 0-74); played ")
    g.reset(seed=1)
    assert "illegal_action" not in g.step(np.array(legal))[4]  # a 0-d array is an index


def test_the_aec_and_parallel_environments_name_an_array_of_one_action_as_a_batch() -> None:
    """As for the single seat: ``step(np.array([i]))`` (a batch of one) is refused as no action
    index, and the error now says to pass ``action[0]``; nothing is played (HK-3.2)."""
    from hkmj.env import parallel_env

    e = raw_env()
    e.reset(seed=1)
    agent = e.agent_selection
    legal = sorted(e.legal_actions())[0]
    with pytest.raises(ValueError, match=r"expected an action index 0-74, got array\(\[\d+\]\); a batch of one\? pass action\[0\]"):
        e.step(np.array([legal]))
    assert e.agent_selection == agent
    p = parallel_env()
    obs, _ = p.reset(seed=1)
    [acting] = p.acting
    with pytest.raises(ValueError, match=r"a batch of one\? pass action\[0\]"):
        p.step({acting: np.flatnonzero(obs[acting]["action_mask"])[:1]})
    with pytest.raises(ValueError, match=r"got array\(\[1, 2\]\)$"):
        e.step(np.array([1, 2]))


class _TensorOfOne:
    """What ``torch.tensor([i])`` (and NumPy 1.26's ``np.array([i])``) does with the calls the
    environments make: ``int()`` reads its one number, ``==`` answers with an array of one truth."""

    ndim = 1
    shape = (1,)

    def __init__(self, value: int) -> None:
        self.value = value

    def __int__(self) -> int:
        return self.value

    def __eq__(self, other: object) -> Any:
        return np.array([self.value == other])

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"tensor([{self.value}])"


def test_a_tensor_of_one_action_is_refused_as_a_batch_not_played() -> None:
    """Was: a tensor of one legal action (``torch.tensor([i])``, a policy's output for a batch of
    one; NumPy 1.26's ``np.array([i])`` alike, which ``numpy>=1.26`` allows) was played as ``i`` by
    ``raw_env()``, ``parallel_env()`` and ``SingleSeatEnv``, while ``env()`` refused it, against
    docs/env.md ("an array of one action ... pass ``action[0]``"); all now refuse it as no action
    index and say to pass ``action[0]``: the AEC and parallel environments play nothing, the single
    seat plays it as an illegal action (HK-3.2: the safe default, charged)."""
    e = raw_env()
    e.reset(seed=1)
    agent = e.agent_selection
    legal = sorted(e.legal_actions())[0]
    events = len(e.current_hand().events)
    with pytest.raises(ValueError, match=r"got tensor\(\[\d+\]\); a batch of one\? pass action\[0\]"):
        e.step(_TensorOfOne(legal))
    assert e.agent_selection == agent and len(e.current_hand().events) == events
    p = parallel_env()
    obs, _ = p.reset(seed=1)
    [acting] = p.acting
    with pytest.raises(ValueError, match=r"got tensor\(\[\d+\]\); a batch of one\? pass action\[0\]"):
        p.step({acting: _TensorOfOne(int(np.flatnonzero(obs[acting]["action_mask"])[0]))})
    assert p.acting == [acting]
    g = SingleSeatEnv(opponents=("random",) * 3, illegal_penalty=1.0)
    obs, _ = g.reset(seed=1)
    _obs, reward, _term, _trunc, info = g.step(_TensorOfOne(int(np.flatnonzero(obs["action_mask"])[0])))
    assert info["illegal_action"].startswith("action tensor([") and "a batch of one? pass action[0]" in info["illegal_action"]
    assert reward <= -1.0


def test_env_with_pettingzoos_wrappers_names_an_array_of_one_action_as_a_batch() -> None:
    """Was: ``env()`` (the first sample of docs/env.md) refused ``np.array([i])`` only as "not in the
    action space (a whole number 0-74)", where ``raw_env()`` and the page say to pass ``action[0]``;
    it now says so too, and nothing is played (HK-3.2)."""
    e = env()
    e.reset(seed=1)
    agent = e.agent_selection
    legal = sorted(e.unwrapped.legal_actions())[0]
    for batch in (np.array([legal]), np.array([[legal]]), _TensorOfOne(legal)):
        with pytest.raises(ValueError, match=r"is not in the action space \(a whole number 0-74; a batch of one\? pass action\[0\]\); legal: "):
            e.step(batch)
    with pytest.raises(ValueError, match=r"action array\(\[1, 2\]\) is not in the action space \(a whole number 0-74\); legal: "):
        e.step(np.array([1, 2]))
    assert e.agent_selection == agent


def _contains_gymnasium_1_0(self: Any, x: Any) -> bool:
    """Gymnasium 1.0.0's ``Discrete.contains`` (``gymnasium>=1.0`` allows it), as its source has it."""
    integer = isinstance(x, np.generic | np.ndarray) and np.issubdtype(x.dtype, np.integer) and x.shape == ()
    if not (isinstance(x, int) or integer):
        return False
    as_int64 = np.int64(x)
    return bool(self.start <= as_int64 < self.start + self.n)


def test_env_names_a_huge_action_under_gymnasium_1_0(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: under Gymnasium 1.0.0, whose ``Discrete.contains`` turns an ``int`` into an ``int64``,
    ``env().step(2**70)`` raised ``OverflowError: Python int too large to convert to C long``,
    naming neither the agent nor the action; it is now refused as out of the action space, with
    the legal actions, as under later versions, and nothing is played (HK-3.2)."""
    import gymnasium

    monkeypatch.setattr(gymnasium.spaces.Discrete, "contains", _contains_gymnasium_1_0)
    e = env()
    e.reset(seed=1)
    agent = e.agent_selection
    with pytest.raises(ValueError, match=rf"{agent}: action {2**70} is not in the action space \(a whole number 0-74\); legal: "):
        e.step(2**70)
    assert e.agent_selection == agent


def test_a_numpy_bool_is_no_action_index_as_a_python_bool_is_not() -> None:
    """Was: ``raw_env()``, ``parallel_env()`` and ``SingleSeatEnv`` read ``np.True_`` as action 1
    and played it (a discard of 2m, HK-3.2) where ``True`` is refused, as docs/env.md says a value
    that is not a whole number is: a boolean mask element passed by mistake became a move. Now a
    NumPy bool (a scalar or a 0-d array) is refused as ``True`` is, and nothing is played."""
    bools = (np.True_, np.False_, np.array(True), np.array(False))
    seed = next(s for s in range(200) if {0, 1} <= set(_legal_after_reset(raw_env(), s)))
    for make in (raw_env, env):
        e = make()
        e.reset(seed=seed)
        events = len(e.unwrapped.current_hand().events)
        for bad in bools:
            with pytest.raises(ValueError, match=r"expected an action index 0-74|not in the action space"):
                e.step(bad)
        assert len(e.unwrapped.current_hand().events) == events
    p = parallel_env(ask_all=False)
    p.reset(seed=seed)
    (agent,) = p.acting
    events = len(p.aec.current_hand().events)
    for bad in bools:
        with pytest.raises(ValueError, match=r"expected an action index 0-74"):
            p.step({agent: bad})
    assert len(p.aec.current_hand().events) == events
    g = SingleSeatEnv(opponents=("random",) * 3)
    g.reset(seed=seed)
    _obs, _reward, _term, _trunc, info = g.step(np.True_)
    assert "is not an action index" in info["illegal_action"], info


def _legal_after_reset(e: Any, seed: int) -> list[int]:
    e.reset(seed=seed)
    return sorted(e.legal_actions())
