"""The PettingZoo AEC environment: four players, one seated match, fixed spaces (docs/env.md).

An episode is a match of ``hands`` hands (HK-7; default one hand). Agents are the players
``player_0`` … ``player_3``; the match draws their seats (HK-2.1) and rotates them (HK-7.2).
Exactly one agent acts at a time: the seat on turn, or each seat with a legal claim on a
discard in turn (HK-4; answers stay hidden until all are in, then HK-4.7 decides). Seats with
no legal claim pass automatically and are not asked. Rewards are the points each player wins
or pays in each hand (HK-6 payments, HK-5.7 penalties), given when the hand ends.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hkmj.engine import Action, Hand, Match
from hkmj.env.core import AGENTS, IDLE, ILLEGAL, OVER, TO_MASK, StepCore
from hkmj.env.encoding import ACTION_NAMES, N_ACTIONS, N_ROWS, ViewEncoder
from hkmj.env.rules import check_rules
from hkmj.rulesets import Ruleset
from hkmj.tiles import N_KINDS, SEAT_LETTERS, format_tiles, tiles_of

__all__ = ["AGENTS", "HkmjEnv", "env", "raw_env"]

_PLAYER = {a: i for i, a in enumerate(AGENTS)}
_I8 = np.dtype(np.int8)
_frombuffer = np.frombuffer

Obs = dict[str, npt.NDArray[Any]]


class HkmjEnv(AECEnv):  # type: ignore[misc]
    """Mahjong as a PettingZoo ``AECEnv`` under any registered ruleset (``rules="hk"``, ``"classical"``; house ``options``).

    ``hands``: hands per episode (a match of that length, HK-7). ``render_mode="ansi"``
    renders the acting seat's view as text. Observations are dicts with ``observation``
    (``float32`` planes, :data:`~hkmj.env.encoding.N_ROWS` × 34) and ``action_mask``
    (``int8``, :data:`~hkmj.env.encoding.N_ACTIONS`).
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "hkmj_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: str | Ruleset = "hk",
        *,
        options: Mapping[str, str] | None = None,
        hands: int = 1,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = check_rules(rules, options)
        if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
            raise ValueError(f"hands={hands!r}: expected a positive whole number of hands per episode")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: expected None or 'ansi'")
        self.render_mode = render_mode
        self.n_hands = hands
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (N_ROWS, N_KINDS), np.float32),
                "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(N_ACTIONS)
        self._rng = random.Random()
        self._encoders = [ViewEncoder() for _ in range(4)]
        self._planes = [e.planes for e in self._encoders]
        # agent selection, legal actions, move count, rewards: compiled in the wheel (hkmj.env.core)
        self._core = StepCore([e.writer for e in self._encoders])
        self._mask = np.zeros(N_ACTIONS, dtype=np.int8)  # the acting agent's, built by its first observe of a move
        self._no_mask = np.zeros(N_ACTIONS, dtype=np.int8)
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]

    @property
    def _seats(self) -> list[int]:
        """The seat of each player (``AGENTS`` order) in the current hand."""
        return self._core.seats

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match; the same ``seed`` deals the same walls and seats."""
        if seed is not None:
            self._rng = random.Random(seed)
        match = Match(self._rng.getrandbits(63), length="hands", hands=self.n_hands, rules=self.rules)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        core = self._core
        core.start(match, self.rewards, self._cumulative_rewards)
        self.agent_selection = core.agent

    # ------------------------------------------------------------------ observe / step

    def observe(self, agent: str) -> Obs:
        """The agent's view as planes, and its action mask (all zero when it has nothing to do).

        The planes are brought up to date only here, on demand, from the agent's previous planes
        and the engine's state (see :meth:`~hkmj.env.encoding.ViewEncoder.encode_state`), and
        handed out as a copy the caller may keep. The acting agent's mask is built on its first
        ``observe`` of a move.
        """
        player = _PLAYER[agent]
        core = self._core
        acting = core.catch_up(player)  # RuntimeError before reset()
        if acting == IDLE:
            mask = self._no_mask.copy()
        elif acting == TO_MASK:  # a new array each move: the agent may keep it
            mask = self._mask = _frombuffer(core.legal_mask(), _I8)
        else:
            mask = self._mask
        return {"observation": self._planes[player].copy(), "action_mask": mask}

    def legal_actions(self) -> dict[int, Action]:
        """The acting agent's legal actions: action index → engine action."""
        core = self._core
        return dict(zip(core.indices, core.legal, strict=True))

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index, see :data:`~hkmj.env.encoding.ACTION_NAMES`) for ``agent_selection``."""
        agent = self.agent_selection
        core = self._core
        if core.done:
            self._was_dead_step(action)
            return
        if type(action) is int:
            index = action
        else:
            if action is None or isinstance(action, bool):
                raise ValueError(f"{agent}: expected an action index 0-{N_ACTIONS - 1}, got {action!r}")
            try:
                index = int(action)
            except (TypeError, ValueError):
                raise ValueError(f"{agent}: expected an action index 0-{N_ACTIONS - 1}, got {action!r}") from None
        status = core.step(index)
        if status == ILLEGAL:
            what = ACTION_NAMES[index] if 0 <= index < N_ACTIONS else "out of range"
            legal = ", ".join(f"{i} ({ACTION_NAMES[i]})" for i in sorted(core.indices))
            raise ValueError(f"{agent}: action {index} ({what}) is not legal now; legal: {legal}")
        if status == OVER:
            self._over()
        self.agent_selection = core.agent

    def play(self, action: Action) -> None:
        """Apply a legal engine action of the acting agent, settle a finished hand, select the next agent."""
        core = self._core
        if core.hand is None:
            raise RuntimeError("call reset() first")
        if core.play(action) == OVER:
            self._over()
        self.agent_selection = core.agent

    def _over(self) -> None:
        """The match is over: every agent is terminated and told the totals and ranking (HK-7)."""
        match = self._core.match
        assert match is not None
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"totals": list(match.totals), "ranking": match.ranking()} for a in self.agents}

    def current_hand(self) -> Hand:
        """The engine hand being played (for tools and tests; it holds hidden information)."""
        hand = self._core.hand
        if hand is None:
            raise RuntimeError("call reset() first")
        return hand

    def render(self) -> str | None:
        """``ansi``: the acting seat's view as text."""
        core = self._core
        if self.render_mode is None or core.hand is None:
            return None
        player = AGENTS.index(self.agent_selection)
        v = core.hand.view(core.seats[player])
        lines = [f"{self.agent_selection} ({SEAT_LETTERS[v.seat]}), {v.phase}, live wall {v.live}"]
        lines.append("hand: " + format_tiles(tiles_of(v.concealed)))
        for s in range(4):
            melds = " ".join(str(m) for m in v.melds[s])
            lines.append(f"  {SEAT_LETTERS[s]}: melds [{melds}] discards {format_tiles(v.discards[s], sort=False)}")
        if core.indices:
            lines.append("legal: " + ", ".join(f"{i}={ACTION_NAMES[i]}" for i in sorted(core.indices)))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    rules: str | Ruleset = "hk", *, options: Mapping[str, str] | None = None, hands: int = 1, render_mode: str | None = None
) -> HkmjEnv:
    """The unwrapped environment (fastest)."""
    return HkmjEnv(rules, options=options, hands=hands, render_mode=render_mode)


def env(
    rules: str | Ruleset = "hk", *, options: Mapping[str, str] | None = None, hands: int = 1, render_mode: str | None = None
) -> Any:
    """The environment with PettingZoo's standard checks (out-of-bounds actions, call order)."""
    e: Any = raw_env(rules, options=options, hands=hands, render_mode=render_mode)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
