"""A Gymnasium single-agent environment: one player against three built-in bots (docs/env.md).

The learning player is ``player`` (0..3, seated by the match's seat draw, HK-2.1); the others
are bots (:func:`hkmj.bots.load_bot`: built-in names or import paths) seeded from the reset seed.
``step`` plays the learner's action, then the bots, until the learner must act again or the
episode ends. An action that is not legal is replaced by a safe default (pass on an offer, else
discard the drawn tile, else a tile of the hand at random, drawn from a generator ``reset`` seeds),
reported as ``info["illegal_action"]`` and charged ``illegal_penalty``.

No points are lost: a hand that ends while the bots play (HK-6 payments, HK-5.7 penalties) pays
the learner in the reward of the step that let them play, and one that ends before the
learner's first decision (while ``reset`` lets the bots play) in the first step's reward. The
rewards of an episode sum to the learner's score change, less its illegal-action charges.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from numbers import Real
from typing import Any

import gymnasium as gym
import numpy as np

from hkmj.botproto import safe_default
from hkmj.bots import bot_factory, bot_name, load_bot
from hkmj.engine import IllegalAction, Player
from hkmj.env.aec import AGENTS, HkmjEnv, Obs, render_mode_of, rendered, whole_number
from hkmj.env.core import batch_hint, whole_index, whole_seed
from hkmj.env.encoding import N_ACTIONS
from hkmj.rulesets import Ruleset

__all__ = ["SingleSeatEnv"]


class SingleSeatEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of :class:`~hkmj.env.HkmjEnv` against bots (``opponents``: three bot names)."""

    # "rgb_array": the learner's planes as an image (what Stable-Baselines3's make_vec_env asks for by default)
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 4}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        rules: str | Ruleset | type[Ruleset] = "hk",
        *,
        options: Mapping[str, str] | None = None,
        player: int = 0,
        opponents: Sequence[str] = ("greedy", "greedy", "greedy"),
        hands: int = 1,
        illegal_penalty: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        seat_player = whole_number(player)  # a NumPy integer too
        if seat_player is None or not 0 <= seat_player < 4:
            raise ValueError(f"player={player!r}: expected 0-3")
        # a string or a number is no list of names ("greedy" is not three bots 'g', 'r', 'e'...)
        try:
            names = [] if isinstance(opponents, str) else list(opponents)
        except TypeError:  # not iterable (a number, None, a 0-d array)
            names = []
        if len(names) != 3:
            raise ValueError(f"opponents={opponents!r}: expected three bot names")
        for n in names:
            bot_factory(n)  # an unknown name or a bad import path is named here
        names = [bot_name(n) for n in names]
        # "human": this environment prints the learner's table after reset and each step (not each bot's move)
        self.render_mode = render_mode_of(render_mode, self.metadata["render_modes"])
        text_mode = render_mode in ("human", "ansi")
        self.aec = HkmjEnv(rules, options=options, hands=hands, render_mode="ansi" if text_mode else None)
        self.player = seat_player
        self.agent = AGENTS[seat_player]
        self.opponent_names = names
        real = isinstance(illegal_penalty, Real) and not isinstance(illegal_penalty, bool)
        penalty = float(illegal_penalty) if real else math.nan
        if not math.isfinite(penalty):
            raise ValueError(f"illegal_penalty={illegal_penalty!r}: expected a finite number of points")
        if penalty < 0:  # a reward of -1 for an illegal move, as some environments write it, would pay +1 here
            raise ValueError(
                f"illegal_penalty={illegal_penalty!r}: expected a number of points 0 or more, taken from the reward "
                f"for each illegal action (illegal_penalty={-penalty:g} to charge {-penalty:g}); a negative one would reward them"
            )
        self.illegal_penalty = float(penalty)
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._bots: dict[str, Player] = {}
        self._bot_names: dict[str, str] = {}  # each bot's name (opponents), by agent
        self._carried = 0.0  # the learner's points from hands that ended before its first decision
        self._ended_early = False  # the match ended before the learner's first decision
        self._mask = np.zeros(N_ACTIONS, dtype=bool)  # the last observation's action mask, as action_masks() gives it
        self._defaults = random.Random(0)  # draws a safe default's discard; reset seeds it

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal a new match; bots are seeded from ``seed`` too, so a seed replays the episode.

        ``seed``: None or a whole number 0 or more (a NumPy integer too); ``options`` are ignored.
        """
        seed = whole_seed(seed)
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**62))
        self.aec.reset(seed=base)
        others = [a for a in AGENTS if a != self.agent]
        bot_rng = random.Random(base)
        self._defaults = random.Random(f"hkmj safe default/{base}")  # apart from np_random: the next reset's base stays the same
        self._bots = {a: load_bot(n, bot_rng.getrandbits(32)) for a, n in zip(others, self.opponent_names, strict=True)}
        self._bot_names = dict(zip(others, self.opponent_names, strict=True))
        self._carried, self._ended_early = 0.0, False  # nothing left of the last episode if a bot fails now
        self._carried = self._run_bots()
        aec = self.aec
        self._ended_early = bool(aec.terminations[self.agent])
        info: dict[str, Any] = {}
        if aec._core.match is not None and aec._core.match.hands_played:
            info["carried_reward"] = self._carried  # paid with the first step's reward
        if self._ended_early:
            info.update(aec.infos[self.agent])
        if self.render_mode == "human":
            self.render()
        return self._observed(), info

    def _observed(self) -> Obs:
        """The learner's observation, its mask kept for :meth:`action_masks`."""
        obs = self.aec.observe(self.agent)
        self._mask = obs["action_mask"].astype(bool)
        return obs

    def action_masks(self) -> np.ndarray:
        """The legal actions of the last observation (``reset`` or ``step``), as booleans.

        Equal to that observation's ``obs["action_mask"]`` (all False when the learner has nothing
        to decide). sb3-contrib's ``MaskablePPO`` looks for this method, so it trains on
        ``gymnasium.make("hkmj/SingleSeat-v1")`` without an ``ActionMasker`` wrapper.
        """
        return self._mask.copy()

    def _run_bots(self) -> float:
        """Let the bots play until the learner must act or the match ends; the learner's reward meanwhile."""
        aec = self.aec
        reward = 0.0
        while aec.agents and aec.agent_selection != self.agent and not aec.terminations[aec.agent_selection]:
            agent = aec.agent_selection
            bot = self._bots[agent]
            hand = aec.current_hand()
            seat = hand.pending()[0]
            legal = hand.legal_actions(seat)
            try:
                action = bot.choose(hand.view(seat), legal)
            except Exception as err:  # an outside bot's own error, named with its seat (its traceback kept)
                raise ValueError(f"bot {self._bot_names[agent]!r} ({agent}) failed: {type(err).__name__}: {err}") from err
            try:
                aec.play(action)  # a false Mahjong is played (HK-5.7): the engine judges it
            except IllegalAction as err:  # the engine's words alone would not say whose move it was
                raise ValueError(f"bot {self._bot_names[agent]!r} ({agent}) chose an illegal move: {err}; legal: {', '.join(map(str, legal))}") from None
            reward += aec.rewards[self.agent]
        return reward

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the bots until the learner must act again (or the match ends).

        The reward is the learner's points from every hand that ended meanwhile (and, on the
        first step, before its first decision), less ``illegal_penalty`` for an illegal action.
        If the match ended before the learner's first decision, the first step only pays those
        points and ends the episode (``info["no_decision"]``; the action is not played).
        """
        aec = self.aec
        carried, self._carried = self._carried, 0.0
        if self._ended_early:  # nothing to decide: the points of the hands the bots played, then the end
            self._ended_early = False
            ended = {"no_decision": "the match ended before this player's first decision; the action was not played"}
            return self._observed(), carried, True, False, {**ended, **aec.infos[self.agent]}
        if aec._core.match is None:
            raise RuntimeError("call reset() before step()")
        if not aec.agents or aec.terminations[self.agent]:
            raise RuntimeError("the episode is over: call reset()")
        if aec.agent_selection != self.agent:  # a bot's error stopped the last reset or step midway
            raise RuntimeError(f"a bot's error stopped the episode before {self.agent}'s turn: call reset()")
        info: dict[str, Any] = {}
        legal = aec.legal_actions()
        why = "is not legal now (mask it with obs['action_mask'])"
        try:
            index = whole_index(self.agent, action)
        except ValueError:  # not a whole number (7.5 is not truncated to 7): illegal like any other
            index = -1
            why = f"is not an action index (a whole number 0-{N_ACTIONS - 1}{batch_hint(action)})"
        chosen = legal.get(index)
        reward = carried
        if chosen is None:
            hand = aec.current_hand()
            seat = hand.pending()[0]
            view = hand.view(seat)
            chosen = safe_default(hand.legal_actions(seat), view.drawn, view.concealed, self._defaults)
            info["illegal_action"] = f"action {action!r} {why}; played {chosen}"
            reward -= self.illegal_penalty
        aec.play(chosen)
        reward += aec.rewards[self.agent]
        reward += self._run_bots()
        terminated = bool(aec.terminations[self.agent])
        if terminated:
            info.update(aec.infos[self.agent])
        if self.render_mode == "human":
            self.render()
        return self._observed(), reward, terminated, False, info

    def render(self) -> Any:
        """``ansi``: the table as text, seen by the seat to act (the learner's after ``reset`` and
        ``step``, unless the match is over); ``human``: the same text printed (None returned);
        ``rgb_array``: the learner's planes (``obs["observation"]``) as an RGB image, ``uint8`` of
        shape ``(640, 144, 3)``, each cell 4 × 4 pixels (0 dark blue, 1 yellow, -1 red) from the
        top left corner, the 160 × 34 cells' 640 × 136 pixels padded with black to multiples of 16
        (what video encoders take as they are). Before the first ``reset()``, every render mode raises
        ``RuntimeError`` ("call reset() before render()"), as :meth:`HkmjEnv.render` does."""
        if self.render_mode is not None and self.aec._core.match is None:
            raise RuntimeError("call reset() before render()")
        if self.render_mode == "rgb_array":
            return planes_image(self.aec.observe(self.agent)["observation"])
        return rendered(self.aec.table_text(), self.render_mode)

    def record(self) -> list[dict[str, Any]]:
        """The episode's match record so far, the bots' moves included (:meth:`HkmjEnv.record`)."""
        return self.aec.record()

    @property
    def n_actions(self) -> int:
        return N_ACTIONS


_DARK = np.array([30, 30, 70], dtype=np.float32)  # a 0 cell
_HIGH = np.array([253, 231, 37], dtype=np.float32)  # a 1 cell (yellow)
_LOW = np.array([220, 40, 40], dtype=np.float32)  # a -1 cell (red: a running score below zero)
PIXELS = 4  # each plane cell is PIXELS x PIXELS pixels in an rgb_array frame
BLOCK = 16  # a frame's height and width are multiples of BLOCK: video encoders (imageio-ffmpeg's macro_block_size) rescale others


def planes_image(planes: np.ndarray) -> np.ndarray:
    """Observation planes (values in [-1, 1]) as an RGB image, ``uint8``, each cell ``PIXELS`` pixels square,
    padded with black at the bottom and right to a height and width that are multiples of ``BLOCK``."""
    v = planes[..., None]
    rgb = _DARK + np.clip(v, 0, 1) * (_HIGH - _DARK) + np.clip(-v, 0, 1) * (_LOW - _DARK)
    cells = np.repeat(np.repeat(np.rint(rgb).astype(np.uint8), PIXELS, axis=0), PIXELS, axis=1)
    height, width = (-(-n // BLOCK) * BLOCK for n in cells.shape[:2])
    frame = np.zeros((height, width, 3), dtype=np.uint8)
    frame[: cells.shape[0], : cells.shape[1]] = cells
    return frame
