"""The PettingZoo AEC environment: four players, one seated match, fixed spaces (docs/env.md).

An episode is a match of ``hands`` hands (HK-7; default one hand). Agents are the players
``player_0`` … ``player_3``; the match draws their seats (HK-2.1) and rotates them (HK-7.2).
Exactly one agent acts at a time: the seat on turn, or each seat with a legal claim on a
discard in turn (HK-4; answers stay hidden until all are in, then HK-4.7 decides). Seats with
no legal claim pass automatically and are not asked. Rewards are the points each player wins
or pays in each hand (HK-6 payments, HK-5.7 penalties), given when the hand ends.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hkmj.engine import Action, Hand, Match
from hkmj.env.core import AGENTS, OVER, OVER_TEXT, StepCore, batch_hint, legal_text, whole_seed
from hkmj.env.encoding import ACTION_NAMES, N_ACTIONS, N_ROWS, ViewEncoder
from hkmj.env.rules import check_rules
from hkmj.rulesets import Ruleset
from hkmj.tiles import N_KINDS, SEAT_LETTERS, format_tiles, tiles_of

__all__ = ["AGENTS", "HkmjEnv", "env", "raw_env"]

Obs = dict[str, npt.NDArray[Any]]

_REBUILT = frozenset({"_core", "_encoders", "_planes", "observe", "last", "step"})
""":class:`HkmjEnv` attributes a pickle or a copy does not keep: made again by ``__init__`` (the planes
are written afresh at the next ``observe``, the same cells as the incremental writer's)."""


def whole_number(value: Any) -> int | None:
    """``value`` as an ``int`` when it is a whole number (an ``int`` or a NumPy integer), else None
    (a bool, a float such as ``2.0``, a string, ``np.True_``...)."""
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def true_or_false(name: str, value: Any) -> bool:
    """``value`` as a ``bool`` when it is ``True`` or ``False`` (a NumPy bool too); else a ValueError naming ``name``."""
    if not isinstance(value, bool | np.bool_):
        raise ValueError(f"{name}={value!r}: expected True or False")
    return bool(value)


def hands_per_episode(hands: Any) -> int:
    """``hands`` as a positive ``int`` (a NumPy integer too); else a ValueError naming it (HK-7: a match's length)."""
    number = whole_number(hands)
    if number is None or number < 1:
        raise ValueError(f"hands={hands!r}: expected a positive whole number of hands per episode")
    return number


_CORE_STATE = ("match", "kept", "hand", "seats", "player_at", "acting", "player", "agent", "version", "legal", "indices", "done", "rewarded")
""":class:`~hkmj.env.core.StepCore` attributes that hold the game in play (kept by a pickle or a copy)."""


class HkmjEnv(AECEnv):  # type: ignore[misc]
    """Mahjong as a PettingZoo ``AECEnv`` under any registered ruleset (``rules="hk"``, ``"classical"``; house ``options``).

    ``hands``: hands per episode (a match of that length, HK-7). ``ask_all``: every discard and
    added kong is put to every other player (those without a claim may only pass, HK-4), so no
    observation of any agent at any step shows whether another player could claim; without it,
    only players with a legal claim are asked. ``render_mode="ansi"`` renders the acting seat's
    view as text. Observations are dicts with ``observation``
    (``float32`` planes, :data:`~hkmj.env.encoding.N_ROWS` × 34) and ``action_mask``
    (``int8``, :data:`~hkmj.env.encoding.N_ACTIONS`).
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "hkmj_v1", "render_modes": ["human", "ansi"], "is_parallelizable": False, "render_fps": 4}

    def __init__(
        self,
        rules: str | Ruleset | type[Ruleset] = "hk",
        *,
        options: Mapping[str, str] | None = None,
        hands: int = 1,
        ask_all: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = check_rules(rules, options)
        self.n_hands = hands_per_episode(hands)
        self.ask_all = true_or_false("ask_all", ask_all)
        self.render_mode = render_mode_of(render_mode)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (N_ROWS, N_KINDS), np.float32),
                "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(N_ACTIONS)
        # the same spaces as dicts, for libraries written against PettingZoo's older attributes
        self.observation_spaces = dict.fromkeys(AGENTS, self._obs_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._act_space)
        self.state_space = spaces.Box(-1.0, 1.0, (len(AGENTS), N_ROWS, N_KINDS), np.float32)
        """The space of :meth:`state`: the four agents' observation planes stacked."""
        self._rng = random.Random()
        self._encoders = [ViewEncoder() for _ in range(4)]
        self._planes = [e.planes for e in self._encoders]
        # agent selection, legal actions, move count, rewards: compiled in the wheel (hkmj.env.core)
        core = self._core = StepCore([e.writer for e in self._encoders])
        core.attach(self, [p.copy for p in self._planes], np.frombuffer, np.dtype(np.int8))
        # PettingZoo's calls of every step go straight to the compiled core (the methods below
        # say the same in Python): no interpreted frame between the agent's loop and the core
        self.observe = core.observe  # type: ignore[method-assign]
        self.last = core.last  # type: ignore[method-assign]
        self.step = core.env_step  # type: ignore[method-assign]
        if render_mode == "human":  # the table printed after each step (Gymnasium's "human" mode)
            self.step = self._step_shown  # type: ignore[method-assign]
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle or ``copy.deepcopy`` keeps: the arguments, the match in play (walls, hands,
        random state) and PettingZoo's dicts; a copy plays on exactly as the original would."""
        state = {k: v for k, v in self.__dict__.items() if k not in _REBUILT}
        state["_core_state"] = {name: getattr(self._core, name) for name in _CORE_STATE}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        core_state = state.pop("_core_state")
        HkmjEnv.__init__(self, state["rules"], hands=state["n_hands"], ask_all=state["ask_all"], render_mode=state["render_mode"])
        self.__dict__.update(state)
        core = self._core
        for name, value in core_state.items():
            setattr(core, name, value)
        core.rewards = self.rewards  # the core updates PettingZoo's dicts in place
        core.cumulative = self._cumulative_rewards

    @property
    def _seats(self) -> list[int]:
        """The seat of each player (``AGENTS`` order) in the current hand."""
        return self._core.seats

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        """The space of ``observe(agent)``, the same for every agent; an unknown ``agent`` (a typo) raises ValueError."""
        if not (isinstance(agent, str) and agent in AGENTS):
            raise ValueError(f"observation_space({agent!r}): expected one of {', '.join(AGENTS)}")
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(75)``, the same for every agent; an unknown ``agent`` (a typo) raises ValueError."""
        if not (isinstance(agent, str) and agent in AGENTS):
            raise ValueError(f"action_space({agent!r}): expected one of {', '.join(AGENTS)}")
        return self._act_space

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match; the same ``seed`` (a whole number 0 or more) deals the same walls and seats.

        ``options`` are ignored (none are known; PettingZoo's ``parallel_api_test`` passes some).
        """
        seed = whole_seed(seed)
        if seed is not None:
            self._rng = random.Random(seed)
        match = Match(self._rng.getrandbits(63), length="hands", hands=self.n_hands, ask_all=self.ask_all, rules=self.rules)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        core = self._core
        core.start(match, self.rewards, self._cumulative_rewards)
        self.agent_selection = core.agent
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ observe / step

    def observe(self, agent: str) -> Obs:
        """The agent's view as planes, and its action mask (all zero when it has nothing to do).

        The planes are brought up to date only here, on demand, from the agent's previous planes
        and the engine's state (see :meth:`~hkmj.env.encoding.ViewEncoder.encode_state`), and
        handed out as a copy the caller may keep; so is the mask, a new array at every call
        (:meth:`StepCore.observe <hkmj.env.core.StepCore.observe>`, which each instance calls directly).
        """
        return self._core.observe(agent)

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: observation, cumulative reward, terminated, truncated, info of ``agent_selection``."""
        return self._core.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """PettingZoo's ``agent_iter``: ``agent_selection`` while agents remain, at most ``max_iter`` times."""
        return _AgentIter(self, max_iter)

    def legal_actions(self) -> dict[int, Action]:
        """The acting agent's legal actions: action index → engine action."""
        core = self._core
        return dict(zip(core.indices, core.legal, strict=True))

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index, see :data:`~hkmj.env.encoding.ACTION_NAMES`) for ``agent_selection``.

        :meth:`StepCore.env_step <hkmj.env.core.StepCore.env_step>`, which each instance calls
        directly; a terminated agent's step is PettingZoo's ``_was_dead_step``.
        """
        self._core.env_step(action)

    def _step_shown(self, action: int | None) -> None:
        """:meth:`step` in ``human`` render mode: the move, then the table as the next agent sees it."""
        self._core.env_step(action)
        if self.agents:
            self.render()

    def play(self, action: Action) -> None:
        """Apply a legal engine action of the acting agent, settle a finished hand, select the next agent."""
        core = self._core
        if core.hand is None:
            raise RuntimeError("call reset() first")
        if core.play(action) == OVER:
            core.finish()
        self.agent_selection = core.agent

    def state(self) -> npt.NDArray[np.float32]:
        """PettingZoo's global state, for centralised training (a critic that sees everything), never
        for an agent at play: every agent's observation planes, in ``possible_agents`` order, stacked
        (4 × :data:`~hkmj.env.encoding.N_ROWS` × 34 ``float32``, :attr:`state_space`), so it holds every concealed hand but not the
        wall's order. Calling it changes no observation, mask or reward."""
        return np.stack(self._core.state())

    def current_hand(self) -> Hand:
        """The engine hand being played (for tools and tests; it holds hidden information)."""
        hand = self._core.hand
        if hand is None:
            raise RuntimeError("call reset() first")
        return hand

    def record(self) -> list[dict[str, Any]]:
        """The episode's match record so far, as docs/record-format.md describes it: ``match_start``,
        then each finished hand's events and the match's ``totals`` after it, and ``match_end`` once
        the match is over (a hand in play is not in it). ``hkmj replay`` and any referee re-check it;
        :class:`hkmj.record.RecordWriter` writes it to a file. It holds hidden information."""
        if self._core.match is None:
            raise RuntimeError("call reset() first")
        return list(self._core.kept)

    def render(self) -> str | None:
        """``ansi``: the acting seat's view as text; ``human``: the same text printed (and None returned).

        Before the first ``reset()`` there is no table: a render mode raises ``RuntimeError`` ("call
        reset() before render()"), as ``step()`` does, rather than return None where a string is due
        (and as PettingZoo's ``env()`` wrapper refuses it); without a render mode, None."""
        if self.render_mode is not None and self._core.hand is None:
            raise RuntimeError("call reset() before render()")
        return rendered(self.table_text(), self.render_mode)

    def table_text(self) -> str | None:
        """The acting seat's view as text (what ``render`` shows), or None before the first ``reset()``."""
        core = self._core
        if core.hand is None:
            return None
        player = AGENTS.index(self.agent_selection)
        v = core.hand.view(core.seats[player])
        lines = [f"{self.agent_selection} ({SEAT_LETTERS[v.seat]}), {v.phase}, live wall {v.live}"]
        lines.append("hand: " + format_tiles(tiles_of(v.concealed)))
        for s in range(4):
            melds = " ".join(str(m) for m in v.melds[s])
            dead = ", dead hand (MCR-5.4)" if v.dead_hands[s] else ""  # public, as the false Mahjong was
            lines.append(f"  {SEAT_LETTERS[s]}: melds [{melds}] discards {format_tiles(v.discards[s], sort=False)}{dead}")
        if core.indices:
            lines.append("legal: " + ", ".join(f"{i}={ACTION_NAMES[i]}" for i in sorted(core.indices)))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def rendered(text: str | None, render_mode: str | None) -> str | None:
    """What ``render()`` gives of the table ``text`` in ``render_mode``: the text (``ansi``), None
    once it is printed (``human``), or None (no render mode)."""
    if render_mode == "human":
        if text is not None:
            print(text)
        return None
    return None if render_mode is None else text


def render_mode_of(render_mode: Any, modes: Sequence[str] = ("human", "ansi")) -> str | None:
    """``render_mode`` checked: None or one of ``modes``, by default ``"human"`` (the table printed
    as it plays) or ``"ansi"`` (``render()`` returns it)."""
    if render_mode is not None and (not isinstance(render_mode, str) or render_mode not in modes):
        raise ValueError(f"render_mode={render_mode!r}: expected None, " + ", ".join(repr(m) for m in modes[:-1]) + f" or {modes[-1]!r}")
    return render_mode


class _AgentIter:
    """What :meth:`HkmjEnv.agent_iter` returns: PettingZoo's ``AECIterable``, its iterator a generator."""

    def __init__(self, env: HkmjEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env = self.env
        left = self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection


class _ActionSpaceCheck(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper`` whose refusal is a :class:`ValueError` naming the
    agent, the value and the legal actions (PettingZoo's own says only "action is not in action space").
    A terminated agent's step goes to the environment through PettingZoo's ``BaseWrapper.step``
    without that check (the environment's ``_was_dead_step`` refuses anything but None with a
    :class:`ValueError` saying so; PettingZoo's check would assert first): in PettingZoo 1.24.0 to
    1.24.2 that step also copies ``agent_selection`` and the dicts back to this wrapper, which would
    otherwise go on naming the agent that has just left."""

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        live = self.agents and not (self.terminations[agent] or self.truncations[agent])
        if not live:
            wrappers.BaseWrapper.step(self, action)
            return
        try:
            inside = self.action_space(agent).contains(action)
        except (OverflowError, TypeError, ValueError):  # Gymnasium 1.0 makes an int an int64 first: 2**70 overflows
            inside = False
        if not inside:
            legal = legal_text(self.unwrapped.legal_actions())
            space = f"a whole number 0-{N_ACTIONS - 1}{batch_hint(action)}"
            raise ValueError(f"{agent}: action {action!r} is not in the action space ({space}); legal: {legal}")
        super().step(action)


_BEFORE_RESET = frozenset({"rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents"})
"""What ``env()`` refuses before the first ``reset()`` (PettingZoo's ``OrderEnforcingWrapper``'s list)."""


class _CallOrderCheck(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` whose ``step`` and ``last`` after the episode's end raise
    the bare environment's :class:`RuntimeError` (PettingZoo's own only warns at ``step`` and lets
    ``last`` fail with a ``KeyError`` naming an agent that has left, HK-7: the match is over)."""

    def step(self, action: Any) -> None:
        if self._has_reset and not self.agents:
            raise RuntimeError(OVER_TEXT)
        super().step(action)

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        if self._has_reset and not self.agents:
            raise RuntimeError(OVER_TEXT)
        return super().last(observe)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        """Any other public name from the environment (``record``, ``current_hand``, ``legal_actions``,
        ``rules``...), PettingZoo's dicts and ``agent_selection`` once ``reset()`` has been called, as
        PettingZoo 1.24.3 on does; 1.24.0 to 1.24.2 refused every name they did not know."""
        if name.startswith("_") and name != "_cumulative_rewards":
            raise AttributeError(f"accessing private attribute '{name}' is prohibited")
        if name in _BEFORE_RESET and not self.__dict__.get("_has_reset", False):
            raise AttributeError(f"{name} cannot be accessed before reset")
        inner = self.__dict__.get("env")
        if inner is None:  # an instance being unpickled or copied, not made yet
            raise AttributeError(name)
        return getattr(inner, name)

    def __str__(self) -> str:
        """The environment's name (``hkmj_v1``), as PettingZoo's own wrapper prints it."""
        return str(self.env)


def raw_env(
    rules: str | Ruleset | type[Ruleset] = "hk",
    *,
    options: Mapping[str, str] | None = None,
    hands: int = 1,
    ask_all: bool = False,
    render_mode: str | None = None,
) -> HkmjEnv:
    """The unwrapped environment (fastest)."""
    return HkmjEnv(rules, options=options, hands=hands, ask_all=ask_all, render_mode=render_mode)


def env(
    rules: str | Ruleset | type[Ruleset] = "hk",
    *,
    options: Mapping[str, str] | None = None,
    hands: int = 1,
    ask_all: bool = False,
    render_mode: str | None = None,
) -> Any:
    """The environment with PettingZoo's standard checks (out-of-bounds actions, call order)."""
    e: Any = raw_env(rules, options=options, hands=hands, ask_all=ask_all, render_mode=render_mode)
    e = _ActionSpaceCheck(e)
    return _CallOrderCheck(e)
