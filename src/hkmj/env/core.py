"""The environment's numpy-free core: the fixed action space and the step bookkeeping (docs/env.md).

:class:`StepCore` does what :class:`~hkmj.env.aec.HkmjEnv` must do at every step besides the
engine's move and the observation's numpy work: select the next agent (HK-4: the seat on turn,
or the next seat to answer a discard on offer), list the index of each legal action, turn an
index back into the engine's action, count moves (the key of each agent's cached planes),
catch an observer's planes up, and settle a finished hand's points (HK-6) into the reward
dicts PettingZoo reads. It imports no numpy, gymnasium or pettingzoo, so the wheel compiles it
with mypyc next to the engine and the plane writer (setup.py ``CORE``); the pure-Python module
runs the same code.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, Final

from hkmj.engine.actions import Action
from hkmj.engine.match import Match
from hkmj.engine.state import Hand
from hkmj.env.planes import NATIVE, PlaneWriter
from hkmj.tiles import N_KINDS, tile_str

__all__ = [
    "ACTION_NAMES",
    "AGENTS",
    "CHOW",
    "DISCARD",
    "KONG_CLAIM",
    "KONG_OWN",
    "MAHJONG",
    "N_ACTIONS",
    "PASS_",
    "PUNG",
    "StepCore",
    "illegal_text",
    "legal_text",
    "mask_bytes",
    "whole_index",
    "whole_seed",
]

AGENTS: Final = ("player_0", "player_1", "player_2", "player_3")
"""The agents, one per player of the match (the match seats them, HK-2.1, and rotates them, HK-7.2)."""

# ---------------------------------------------------------------------------- actions

DISCARD: Final = 0
"""0..33: discard a tile of that kind (HK-3.2)."""
CHOW: Final = 34
"""34..36: chow with the discard as the low, middle or high tile (HK-4.2)."""
PUNG: Final = 37
"""37: pung the discard (HK-4.3)."""
KONG_CLAIM: Final = 38
"""38: kong the discard with three in hand (HK-4.4)."""
KONG_OWN: Final = 39
"""39..72: concealed or added kong of that kind on one's own turn (HK-3.3; never both at once)."""
MAHJONG: Final = 73
"""73: declare Mahjong (HK-5); only ever legal for a winning hand."""
PASS_: Final = 74
"""74: pass on a discard or an added kong on offer."""
N_ACTIONS: Final = 75
"""The engine's fixed numbering (:func:`hkmj.engine.actions.number`, ``N_NUMBERS``) is this action space
(literals here, so the compiled core reads them natively; tests/env/test_env_numbers.py checks them)."""

ACTION_NAMES: Final[tuple[str, ...]] = (
    tuple(f"discard {tile_str(t)}" for t in range(N_KINDS))
    + ("chow (discard low)", "chow (discard middle)", "chow (discard high)", "pung", "kong (discard)")
    + tuple(f"kong {tile_str(t)} (own turn)" for t in range(N_KINDS))
    + ("mahjong", "pass")
)
"""A readable name per action index."""


_NO_ACTION: Final = bytearray(N_ACTIONS)
_PLAYER: Final[dict[str, int]] = {a: i for i, a in enumerate(AGENTS)}


_MASK: Final[Any] = None if NATIVE is None else NATIVE.mask
"""``hkmj.env._cells.mask`` (C, the compiled wheel) or None."""


def mask_bytes(indices: list[int]) -> bytearray:
    """A new mask of :data:`N_ACTIONS` bytes with 1 at each of ``indices`` (numpy wraps it without a copy).

    In C when the wheel built ``hkmj.env._cells`` (:data:`~hkmj.env.planes.NATIVE`), the same bytes.
    """
    if _MASK is not None:
        mask: bytearray = _MASK(indices, N_ACTIONS)
        return mask
    buf = _NO_ACTION * 1  # a new bytearray: the fastest copy here, compiled or not
    for i in indices:
        buf[i] = 1
    return buf


def whole_seed(seed: Any) -> int | None:
    """``reset``'s ``seed`` as an ``int``: None, or a whole number 0 or more (a NumPy integer too).

    Raises :class:`ValueError` naming the value otherwise: ``-3`` would deal the same match as ``3``
    (Python's ``random`` drops the sign), and ``5.5``, ``"5"`` or ``True`` are no seed numbers.
    """
    if seed is None:
        return None
    try:
        number = operator.index(seed)  # int, numpy integers; never a float
    except TypeError:
        number = -1
    if isinstance(seed, bool) or number < 0:
        raise ValueError(f"seed={seed!r}: expected None or a whole number 0 or more")
    return number


def shape_of(action: Any) -> tuple[Any, ...]:
    """The ``shape`` of an array or tensor (NumPy's, torch's, JAX's...), ``()`` for anything else
    (core imports no NumPy)."""
    try:
        return tuple(getattr(action, "shape", ()))
    except TypeError:  # a shape that is no sequence: no array
        return ()


def is_boolean(action: Any) -> bool:
    """A boolean of an array library (NumPy's ``np.True_``, a 0-d bool array, torch's bool tensor),
    which ``int()`` reads as 0 or 1 as it does ``True``: no action index either (core imports no NumPy)."""
    dtype = getattr(action, "dtype", None)
    return dtype is not None and (getattr(dtype, "kind", None) == "b" or str(dtype) == "torch.bool")


def batch_hint(action: Any) -> str:
    """``; a batch of one? pass action[0]`` for an array or tensor of one number (a policy's output
    for a batch of one observation), which is no index of ``Discrete(75)``; else nothing."""
    shape = shape_of(action)
    one = len(shape) > 0 and all(n == 1 for n in shape)
    return "; a batch of one? pass action[0]" if one else ""


def whole_index(agent: str, action: Any) -> int:
    """``action`` as an action index: a whole number (``7.0`` is 7; ``7.5``, ``"7"``, ``True``, ``np.True_`` and None are refused).

    An array or tensor of one or more dimensions is refused too, even of one number, which ``int()``
    reads in NumPy 1.x and torch (``np.array([7])``, ``torch.tensor([7])``: a batch of one, not an
    index; a 0-d array is one). Raises :class:`ValueError` naming ``agent`` and the value; the range
    is checked with the legal actions.
    """
    if action is None or isinstance(action, bool) or is_boolean(action) or len(shape_of(action)) > 0:
        raise ValueError(f"{agent}: expected an action index 0-{N_ACTIONS - 1}, got {action!r}{batch_hint(action)}")
    try:
        index = int(action)
        whole = index == action  # 7.9 is no index (int() would truncate it to 7)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an infinite float
        whole = False
    if not whole:
        raise ValueError(f"{agent}: expected an action index 0-{N_ACTIONS - 1}, got {action!r}{batch_hint(action)}")
    return index


def legal_text(legal: Sequence[int]) -> str:
    """The ``legal`` action indices with their names, in order: ``7 (discard 8m), 74 (pass)``."""
    return ", ".join(f"{i} ({ACTION_NAMES[i]})" for i in sorted(legal))


def illegal_text(agent: str, index: int, legal: Sequence[int]) -> str:
    """The error for ``agent``'s action ``index`` outside its ``legal`` indices: both named."""
    what = ACTION_NAMES[index] if 0 <= index < N_ACTIONS else "out of range"
    return f"{agent}: action {index} ({what}) is not legal now; legal: {legal_text(legal)}"


# ---------------------------------------------------------------------------- bookkeeping

MOVED: Final = 0
""":meth:`StepCore.play`: the hand goes on, the next agent is selected."""
NEW_HAND: Final = 1
""":meth:`StepCore.play`: the hand ended and paid its rewards; the next hand is dealt."""
OVER: Final = 2
""":meth:`StepCore.play`: the hand ended and paid its rewards; the match is over."""
ILLEGAL: Final = -1
""":meth:`StepCore.step`: the index is not a legal action of the acting agent now (nothing played)."""

IDLE: Final = 0
""":meth:`StepCore.catch_up`: the observer is not the agent to act (its mask is all zero)."""
MASKED: Final = 1
""":meth:`StepCore.catch_up`: the observer is the agent to act and was handed its mask this move."""
TO_MASK: Final = 2
""":meth:`StepCore.catch_up`: the observer is the agent to act; its mask of this move is still to build."""


OVER_TEXT = "the episode is over and every agent has left: call reset() for a new one"
"""What ``step`` and ``last`` say once PettingZoo has removed every agent (HK-7: the match ended)."""


class StepCore:
    """One environment's move-by-move state: the engine's match and hand, who acts, what is legal.

    ``writers`` are the players' plane writers (``writers[p]`` for ``AGENTS[p]``), reset at each
    hand. :meth:`start` takes the reward dicts of a new episode (PettingZoo's ``rewards`` and
    ``_cumulative_rewards``, keyed by agent) and updates them in place, only when they change.
    """

    def __init__(self, writers: Sequence[PlaneWriter]) -> None:
        self.writers: list[PlaneWriter] = list(writers)
        self.match: Match | None = None
        self.hand: Hand | None = None
        self.seats: list[int] = [0, 1, 2, 3]  # the seat of each player in the current hand
        self.player_at: list[int] = [0, 1, 2, 3]  # the player at each seat
        self.acting = 0  # the seat to act
        self.player = 0  # its player
        self.agent: str = AGENTS[0]  # its agent: PettingZoo's agent_selection
        self.version = 0  # counts moves and hands: the key of each player's planes
        self.legal: tuple[Action, ...] = ()
        self.indices: list[int] = []
        self.done = False  # the match is over
        self.masked = False  # the acting agent's mask of this move was built
        self.rewarded = False  # the rewards hold a hand's points
        self.rewards: dict[str, float] = {}
        self.cumulative: dict[str, float] = {}
        self.kept: list[dict[str, Any]] = []  # the episode's record: match_start, each finished hand's events, totals
        # the PettingZoo side, set by attach(): the environment, each player's planes' ``copy``,
        # ``numpy.frombuffer`` and the mask's dtype (this module imports no numpy)
        self.env: Any = None
        self.copies: list[Any] = []
        self.frombuffer: Any = None
        self.i8: Any = None

    def attach(self, env: Any, copies: list[Any], frombuffer: Any, i8: Any) -> None:
        """Serve ``env``'s :meth:`observe`, :meth:`last` and :meth:`env_step` (PettingZoo's calls of
        every step, compiled in the wheel): ``copies[p]`` returns a new copy of player ``p``'s planes,
        ``frombuffer(bytearray, i8)`` wraps a mask's bytes as an array without a copy."""
        self.env = env
        self.copies = copies
        self.frombuffer = frombuffer
        self.i8 = i8

    def start(self, match: Match, rewards: dict[str, float], cumulative: dict[str, float]) -> None:
        """Begin an episode: ``match``'s first hand is dealt and its first agent selected."""
        self.match = match
        self.kept = list(match.events)
        self.rewards = rewards
        self.cumulative = cumulative
        self.rewarded = False
        self.done = False
        self._new_hand(match)

    def _new_hand(self, match: Match) -> None:
        self.hand = match.new_hand()
        player_at = self.player_at = [match.player_at(s) for s in range(4)]
        self.seats = [player_at.index(p) for p in range(4)]
        for w in self.writers:
            w.reset()
        self.version += 1
        self._select(self.hand)

    def _select(self, hand: Hand) -> None:
        """Point at the next seat to act and list its legal actions and their indices."""
        seat = hand.next_seat()
        self.acting = seat
        player = self.player = self.player_at[seat]
        self.agent = AGENTS[player]
        self.legal = hand.legal_actions(seat)
        self.indices = list(hand.legal_numbers(seat))  # the engine's fixed numbers are the action indices
        self.masked = False

    def step(self, index: int) -> int:
        """:meth:`play` the acting agent's legal action of ``index``; :data:`ILLEGAL` (nothing played) if none."""
        indices = self.indices
        for i in range(len(indices)):  # compiled: native int comparisons, one pass
            if indices[i] == index:
                return self.play(self.legal[i])
        return ILLEGAL

    def play(self, action: Action) -> int:
        """Apply the acting seat's ``action`` and settle the hand if it ends (HK-6 points as rewards).

        Returns :data:`MOVED`, :data:`NEW_HAND` or :data:`OVER`. Raises the engine's
        ``IllegalAction`` for an action not legal now (state unchanged).
        """
        hand = self.hand
        match = self.match
        assert hand is not None and match is not None, "call start() first"
        hand.play(self.acting, action)  # IllegalAction: nothing changed, the agent's unread points kept
        self.cumulative[self.agent] = 0.0
        self.version += 1
        result = hand.result
        rewards = self.rewards
        if result is None:
            if self.rewarded:
                for a in AGENTS:
                    rewards[a] = 0.0
                self.rewarded = False
            self._select(hand)
            return MOVED
        pay = result.payments
        for s in range(4):
            rewards[AGENTS[match.player_at(s)]] = float(pay[s])
        kept = self.kept
        kept.extend(hand.events)  # the finished hand's record, then the match's totals (and match_end)
        kept.extend(match.finish_hand())
        cumulative = self.cumulative
        for a, r in rewards.items():
            cumulative[a] += r
        self.rewarded = True
        if match.over:
            self.done = True
            self.legal = ()
            self.indices = []
            return OVER
        self._new_hand(match)
        return NEW_HAND

    def state(self) -> list[Any]:
        """``env.state()``: a new copy of each player's planes (``AGENTS`` order), every mask as it was."""
        if self.hand is None:
            raise RuntimeError("call reset() before state()")
        masked = self.masked
        out = []
        for player in range(4):
            self.catch_up(player)
            out.append(self.copies[player]())
        self.masked = masked  # the acting agent's next observe still builds its mask
        return out

    def catch_up(self, player: int) -> int:
        """Bring ``player``'s planes up to its seat's view now; :data:`IDLE`, :data:`MASKED` or :data:`TO_MASK`.

        ``to_act`` of the view: the acting agent, or a seat still to answer an offer (HK-4).
        :data:`TO_MASK` is returned once a move (the caller then builds the mask).
        """
        hand = self.hand
        if hand is None:
            raise RuntimeError("call reset() before observe()")
        mine = player == self.player and not self.done
        writer = self.writers[player]
        version = self.version
        if writer.key != version:
            seat = self.seats[player]
            writer.encode_state(hand, seat, mine or len(hand.legal_actions(seat)) > 0, version)
        if not mine:
            return IDLE
        if self.masked:
            return MASKED
        self.masked = True
        return TO_MASK

    def legal_mask(self) -> bytearray:
        """A new mask of the acting agent's legal actions (:func:`mask_bytes` of :attr:`indices`)."""
        return mask_bytes(self.indices)

    # ------------------------------------------------------------------ the PettingZoo calls

    def observe(self, agent: object) -> dict[str, Any]:
        """``env.observe(agent)``: the agent's planes (a new copy) and its action mask (:meth:`attach`).

        The mask is a new array at every call, the acting agent's legal actions or all zero for any
        other agent: a caller may change the one it holds (``mask[74] = 0``) without changing the
        next ``observe`` or ``last`` of the move.
        """
        player = _PLAYER.get(agent, -1) if isinstance(agent, str) else -1  # a list or dict cannot be looked up
        if player < 0:
            raise ValueError(f"observe({agent!r}): expected one of {', '.join(AGENTS)}")
        acting = self.catch_up(player)  # RuntimeError before reset()
        if acting == IDLE:
            mask = self.frombuffer(_NO_ACTION * 1, self.i8)
        else:
            mask = self.frombuffer(mask_bytes(self.indices), self.i8)
        return {"observation": self.copies[player](), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, Any, Any, Any, Any]:
        """``env.last(observe)``: PettingZoo's ``AECEnv.last``, the same reads in the same order."""
        env = self.env
        agent = env.agent_selection
        assert agent is not None
        observation = self.observe(agent) if observe else None
        try:
            return (
                observation,
                env._cumulative_rewards[agent],
                env.terminations[agent],
                env.truncations[agent],
                env.infos[agent],
            )
        except KeyError:  # every agent has left: PettingZoo's own last() has nothing to read
            raise RuntimeError(OVER_TEXT) from None

    def env_step(self, action: Any) -> None:
        """``env.step(action)``: play the action of that index for ``env.agent_selection`` (HK-3, HK-4).

        Once the match is over, PettingZoo's ``_was_dead_step`` takes the terminated agents' steps.
        A non-integer or illegal ``action`` raises :class:`ValueError` naming the legal ones.
        """
        env = self.env
        if self.done:
            if not env.agents:
                raise RuntimeError(OVER_TEXT)
            env._was_dead_step(action)
            return
        index: int = action if type(action) is int else whole_index(env.agent_selection, action)
        status = self.step(index)
        if status == ILLEGAL:
            if self.match is None:
                raise RuntimeError("no episode yet: call reset() before step()")
            raise ValueError(illegal_text(env.agent_selection, index, self.indices))
        if status == OVER:
            self.finish()
        env.agent_selection = self.agent

    def finish(self) -> None:
        """The match is over: every agent is terminated and told the totals and ranking (HK-7)."""
        match = self.match
        assert match is not None
        env = self.env
        terminations = env.terminations
        infos = env.infos
        for a in env.agents:
            terminations[a] = True
            infos[a] = {"totals": list(match.totals), "ranking": match.ranking()}
