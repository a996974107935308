"""The PettingZoo parallel environment: the agents who must act now act together (docs/env.md).

The same game, spaces and rewards as the AEC environment (:class:`~hkmj.env.aec.HkmjEnv`, which
this one drives). At each step the agents who must act are the player on turn, or, while a
discard (or added kong) is on offer, the three other players (``ask_all``, the default; those
without a legal claim may only pass) or only those with a legal claim (``ask_all=False``):
claims are decided simultaneously and resolved by priority (HK-4.7), so all of them answer in
the same step. The other agents stay in ``agents`` (they are still playing) with only ``pass``
set in their action mask: their action may be left out of the step's dict, or be ``pass`` (74);
it is never played. With ``ask_all``, neither the observations nor the steps at which they are
handed out depend on whether another player could claim.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from hkmj.env.aec import HkmjEnv, Obs, raw_env
from hkmj.env.core import AGENTS, ILLEGAL, MOVED, OVER_TEXT, PASS_, illegal_text, whole_index
from hkmj.env.encoding import N_ACTIONS, mask_of
from hkmj.rulesets import Ruleset

__all__ = ["HkmjParallelEnv", "parallel_env"]

_IDLE_MASK = mask_of([PASS_])
"""The mask of an agent with nothing to do this step: only ``pass`` (copied for each observation)."""
_NO_MASK = np.zeros(N_ACTIONS, dtype=np.int8)
"""The mask once the match is over: nothing at all."""


class HkmjParallelEnv(ParallelEnv):  # type: ignore[misc]
    """Mahjong as a PettingZoo ``ParallelEnv``: the game, spaces and rewards of :class:`~hkmj.env.aec.HkmjEnv`.

    ``acting`` lists the agents who must act in the coming step (the player on turn, or each
    player asked about a discard or added kong, HK-4); every other agent's mask has only ``pass``.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "hkmj_parallel_v1", "render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(self, aec: HkmjEnv) -> None:
        """Drive ``aec`` (a fresh :func:`~hkmj.env.raw_env`, whose ruleset, hands and render mode it plays)."""
        self.aec = aec
        self.render_mode = aec.render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.acting: list[str] = []

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.aec.observation_space(agent)

    @property
    def observation_spaces(self) -> dict[str, spaces.Dict]:
        """Each agent's observation space (the same for all), for libraries that read the dict."""
        return self.aec.observation_spaces

    @property
    def action_spaces(self) -> dict[str, spaces.Discrete]:
        """Each agent's action space, ``Discrete(75)``, for libraries that read the dict."""
        return self.aec.action_spaces

    @property
    def state_space(self) -> spaces.Box:
        """The space of :meth:`state` (the AEC environment's)."""
        return self.aec.state_space

    def state(self) -> npt.NDArray[np.float32]:
        """The global state of the AEC environment's :meth:`~hkmj.env.aec.HkmjEnv.state`: every
        agent's planes stacked, for centralised training only."""
        return self.aec.state()

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Deal a new match (the AEC environment's deal for the same ``seed``): observations and infos of every agent."""
        self.aec.reset(seed=seed)
        self.agents = list(AGENTS)
        self._list_acting()
        return self._observe(), {a: {} for a in AGENTS}

    def _list_acting(self) -> None:
        """The agents who must act now, in the engine's order of asking (:meth:`Hand.pending`)."""
        core = self.aec._core
        hand = core.hand
        assert hand is not None
        self.acting = [AGENTS[core.player_at[s]] for s in hand.pending()]

    def _observe(self) -> dict[str, Obs]:
        """Every agent's planes; the acting agents' masks of their legal actions, the others' of ``pass`` only."""
        core = self.aec._core
        hand = core.hand
        assert hand is not None
        out: dict[str, Obs] = {}
        for p, agent in enumerate(AGENTS):
            planes = core.observe(agent)["observation"]
            if core.done:
                mask = _NO_MASK.copy()
            elif agent in self.acting:
                mask = mask_of(hand.legal_numbers(core.seats[p]))
            else:
                mask = _IDLE_MASK.copy()
            out[agent] = {"observation": planes, "action_mask": mask}
        return out

    def _indices(self, actions: Mapping[str, Any]) -> list[int]:
        """The acting agents' action indices, each checked legal, in :attr:`acting` order; the others' pass checked."""
        if not isinstance(actions, Mapping):
            raise ValueError(f"step({actions!r}): expected a dict of actions keyed by agent")
        for agent, action in actions.items():
            if agent not in AGENTS:
                raise ValueError(f"step: unknown agent {agent!r}; expected {', '.join(AGENTS)}")
            if agent not in self.acting and action is not None and whole_index(agent, action) != PASS_:
                raise ValueError(f"{agent}: nothing to do this step: pass ({PASS_}) or leave it out, not {action!r}")
        missing = [a for a in self.acting if a not in actions]
        if missing:
            raise ValueError(f"step: no action for {', '.join(missing)}, who must act now (see acting and the action masks)")
        core = self.aec._core
        hand = core.hand
        assert hand is not None
        indices = []
        for agent in self.acting:
            index = whole_index(agent, actions[agent])
            legal = hand.legal_numbers(core.seats[AGENTS.index(agent)])
            if index not in legal:
                raise ValueError(illegal_text(agent, index, legal))
            indices.append(index)
        return indices

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """Play the acting agents' actions (a claim window's answers in the engine's order; HK-4.7 decides).

        Returns observations, rewards (a hand's points when it ends in this step, HK-6), terminations,
        truncations and infos of every agent still playing; when the match ends all are terminated,
        their infos hold ``totals`` and ``ranking`` (HK-7), and ``agents`` empties. A missing,
        illegal or malformed action raises :class:`ValueError` before anything is played.
        """
        core = self.aec._core
        if core.hand is None:
            raise RuntimeError("call reset() before step()")
        if not self.agents:
            raise RuntimeError(OVER_TEXT)
        indices = self._indices(actions)
        rewards = dict.fromkeys(self.agents, 0.0)
        for agent, index in zip(self.acting, indices, strict=True):
            assert core.agent == agent, f"{agent} was to act, the engine asks {core.agent}"
            status = core.step(index)
            assert status != ILLEGAL, f"{agent}: {index} was checked legal"
            if status != MOVED:  # a hand ended (only ever the last move of a step): its points
                for a in rewards:
                    rewards[a] += core.rewards[a]
        agents = self.agents
        over = core.done
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            match = core.match
            assert match is not None
            infos = {a: {"totals": list(match.totals), "ranking": match.ranking()} for a in agents}
            self.acting = []
            self.agents = []
        else:
            self._list_acting()
        self.aec.agent_selection = core.agent
        if self.render_mode == "human" and self.agents:
            self.render()
        return self._observe(), rewards, dict.fromkeys(agents, over), dict.fromkeys(agents, False), infos

    def record(self) -> list[dict[str, Any]]:
        """The episode's match record so far (:meth:`HkmjEnv.record`)."""
        return self.aec.record()

    def render(self) -> str | None:
        """``ansi``: the view of the first agent to act, as text; ``human``: printed (:meth:`HkmjEnv.render`)."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(
    rules: str | Ruleset | type[Ruleset] = "hk",
    *,
    options: Mapping[str, str] | None = None,
    hands: int = 1,
    ask_all: bool = True,
    render_mode: str | None = None,
) -> HkmjParallelEnv:
    """The parallel environment (docs/env.md): the same arguments as :func:`hkmj.env.env`.

    ``ask_all`` is on by default here: every agent is handed an observation at every step, so a
    step for a claim window that only happened when someone could claim would tell the others so
    (HK-4); with it, every discard and added kong opens one step for all three other players.
    """
    return HkmjParallelEnv(raw_env(rules, options=options, hands=hands, ask_all=ask_all, render_mode=render_mode))
