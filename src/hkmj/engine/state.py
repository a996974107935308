"""The state machine of one hand (HK-2 … HK-5.7): deal, turns, claims, kongs, wins, draws.

A :class:`Hand` is driven by :meth:`Hand.apply` ``(seat, action)``; it validates every action
against :meth:`Hand.legal_actions` *before* touching the state (an :class:`IllegalAction` leaves
it unchanged) and appends plain JSON-ready dicts to :attr:`Hand.events`. Nothing here reads a
clock, prints or uses global randomness; a hand is a function of its wall and dice (and the
wall of a seed, :meth:`Hand.from_seed`).

Phases: ``turn`` (one seat draws/plays), ``claim`` (a discard is on offer: every other seat
with a legal claim answers, then :func:`resolve_claim` decides), ``rob`` (an added kong may be
robbed for Mahjong, HK-4.10) and ``over``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from hkmj.engine.actions import (
    ADDED,
    CONCEALED,
    FROM_DISCARD,
    NUMBER_WIN,
    PASS,
    PUNG,
    WIN,
    Action,
    Chow,
    Discard,
    Kong,
    Pass,
    Pung,
    Win,
    chow,
    discard,
    kong,
    number,
    text,
)
from hkmj.engine.view import SeatView
from hkmj.engine.wall import (
    _DEAD_ORDER,
    _DEAL,
    LIVE_START,
    _seeded_wall,
    _Shuffled,
    break_position,
    check_dice,
    check_wall,
    draw_order,
)
from hkmj.hand import is_complete, shanten, thirteen_orphans_shanten, waits
from hkmj.hand.knitted import distance_and_waits, knitted_complete, knitted_waits
from hkmj.rulesets import Outcome, Ruleset, engine_ruleset, from_header
from hkmj.scoring import Meld, ScoreResult
from hkmj.scoring import Win as ScoringWin
from hkmj.scoring.model import PlayerHand, reduce_frozen, seat_problem
from hkmj.tiles import (
    HONOUR,
    N_KINDS,
    N_TILE_IDS,
    ORPHANS,
    SEAT_LETTERS,
    Tile,
    format_tiles,
    parse_tiles,
    plural,
    tile_str,
    tiles_of,
)

__all__ = [
    "Event",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Phase",
    "resolve_claim",
]

Event = dict[str, Any]
"""An event: a plain dict with a ``type`` key, JSON-serialisable (see docs/engine.md)."""

_TS: Final = tuple(tile_str(t) for t in range(N_TILE_IDS))
_NO_WAITS: Final[frozenset[Tile]] = frozenset()
_FLAG_ORDER: Final = ("last_of_kind", "last_wall_tile", "kong_replacement", "heavenly", "final_discard", "earthly")
_new_view = tuple.__new__  # builds a SeatView without NamedTuple's Python-level __new__ (same value)
_ORPHAN_LIST: Final[tuple[Tile, ...]] = ORPHANS
_ORPHAN_SET: Final[frozenset[Tile]] = frozenset(ORPHANS)
_DISCARDS: Final[tuple[Discard, ...]] = tuple(discard(t) for t in range(N_KINDS))
_DISCARD_TEXT: Final = tuple(f"discard {_TS[t]}" for t in range(N_KINDS))
_DEAL_GET: Final = tuple(itemgetter(*pos) for pos in _DEAL)
"""Per seat: its dealt tiles from the live wall (HK-2.5)."""
_OTHERS: Final[tuple[tuple[int, ...], ...]] = tuple(((d + 1) % 4, (d + 2) % 4, (d + 3) % 4) for d in range(4))
"""The other seats in play order after each seat (typed as variable-length tuples: the compiled
module then iterates them in place instead of rebuilding each one)."""
_CHOW_NEEDS: Final[tuple[tuple[tuple[Chow, Tile, Tile], ...], ...]] = tuple(
    tuple(
        (chow(low), *(x for x in (low, low + 1, low + 2) if x != t))  # type: ignore[misc]
        for low in (t - 2, t - 1, t)
        if t < HONOUR and low >= 9 * (t // 9) and low + 2 < 9 * (t // 9) + 9
    )
    for t in range(N_KINDS)
)
"""Per discard kind: each chow that uses it (lowest tile first) and the two tiles it needs from hand (HK-4.2)."""


class _OfferMemo(dict[int, tuple[tuple[Action, ...], tuple[str, ...]]]):
    """``memo[t << 6 | code]``: a seat's claims on a discard ``t`` and their texts (HK-4.2–HK-4.5),
    shared by every window; ``code`` bit 0 Mahjong, 1 pung, 2 kong, 3-5 each chow of
    ``_CHOW_NEEDS[t]`` (code 0: pass only, for ``ask_all``)."""

    def __missing__(self, key: int) -> tuple[tuple[Action, ...], tuple[str, ...]]:
        t, code = key >> 6, key & 63
        acts: list[Action] = [PASS]
        if code & 1:
            acts.append(WIN)
        if code & 2:
            acts.append(PUNG)
        if code & 4:
            acts.append(kong(t, FROM_DISCARD))
        for i, (x, _lo, _hi) in enumerate(_CHOW_NEEDS[t]):
            if code & 8 << i:
                acts.append(x)
        value = (tuple(acts), tuple(text(a) for a in acts))
        self[key] = value
        return value


_OFFERS: Final = _OfferMemo()


def _distance(sh: int) -> str:
    """How far a hand is from ready, in the words the terminal and browser use (``4 tiles from ready``)."""
    return "ready: one tile from winning" if sh <= 0 else f"{plural(sh, 'tile')} from ready"


class Phase(StrEnum):
    """What the hand waits for."""

    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    OVER = "over"


_TURN: Final = Phase.TURN  # module constants: an enum member read through its class costs ~10x a global
_CLAIM: Final = Phase.CLAIM
_ROB: Final = Phase.ROB
_OVER: Final = Phase.OVER


class IllegalAction(ValueError):
    """An action refused by the engine; ``reason`` says why. The state is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_seat(seat: object) -> int:
    """``seat`` if it is a seat number 0-3 (East, South, West, North; HK-2.1), else :class:`IllegalAction`.

    A bool is refused although Python counts it an int (``True`` would read as South); the
    message is :func:`~hkmj.scoring.model.seat_problem`'s, as for a scored ``Win``. The methods
    that take a seat declare it ``object``: the compiled core would turn an ``int`` argument's
    ``True`` into 1 before any check could see it."""
    problem = seat_problem(seat, "seat")
    if problem is not None:
        raise IllegalAction(problem)
    return cast(int, seat)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: ``win``, ``draw`` (HK-3.5, HK-7.1) or ``penalty`` (HK-5.7).

    ``seat`` is the winner (or the offender of a false Mahjong); ``discarder`` the seat whose
    discard (or added kong) was claimed; ``payments`` by seat sum to zero (they include any
    dead-hand penalties paid during the hand). ``outcome`` is the ruleset's generic scoring
    result of a win, ``score`` the Hong Kong detail when there is one. ``dealer_keeps`` is the
    ruleset's rotation (HK-7.2 and HK-5.7 Ruling: East stays East after its win, a draw or a
    penalty; MCR: the deal always passes).
    """

    kind: str
    payments: tuple[int, int, int, int]
    seat: int | None = None
    discarder: int | None = None
    win_type: str | None = None
    score: ScoreResult | None = None
    outcome: Outcome | None = None
    dealer_keeps: bool = True

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too


def resolve_claim(discarder: int, answers: Mapping[int, Action]) -> tuple[int, Action] | None:
    """The one place that decides who takes a discard (HK-4.7).

    Mahjong beats pung or kong, which beat chow; among several Mahjong declarations the
    first seat in play order after the discarder wins (there is only one winner). Returns
    ``(seat, action)`` or ``None`` when every seat passed.
    """
    for answer in answers.values():
        if answer is not PASS:
            break
    else:
        return None  # the usual case: every seat passed
    best: tuple[int, Action] | None = None
    best_rank = 3  # 0 Mahjong, 1 pung or kong, 2 chow; a pass (or anything else) never takes it
    for s in _OTHERS[discarder % 4]:
        a = answers.get(s)
        if a is None:
            continue
        rank = 0 if isinstance(a, Win) else 1 if isinstance(a, (Pung, Kong)) else 2 if isinstance(a, Chow) else 3
        if rank < best_rank:  # strictly better only: the first seat in play order keeps a tie
            best, best_rank = (s, a), rank
    return best


def _melds_only(c: list[int], suited: bool) -> bool:
    """Whether the counts ``c`` of one suit (changed in place) split exactly into pungs and chows
    (HK-5.2; honours: pungs only). The lowest tile left takes a pung when it can, then chows:
    three equal chows use the tiles of three pungs, so no split is missed."""
    for i in range(len(c)):
        x = c[i]
        if x >= 3:
            x -= 3
        if x:
            if not suited or i > 6 or c[i + 1] < x or c[i + 2] < x:
                return False
            c[i + 1] -= x
            c[i + 2] -= x
    return True


class _SuitFacts(dict[int, int]):
    """``facts[key]`` for one suit's counts as a base-5 number ``key`` (tile ``v`` of the suit
    counts ``5**v``), computed once per pattern and packed so that four suits' facts add up:
    bits 0-2 one when the suit cannot be read as complete groups with at most a pair (HK-5.1),
    bits 3-6 kinds held twice or more, bits 7-10 kinds held, bits 11-13 one when a simple (2-8)
    is held. ``suited`` False: the seven honours (no chows, no simples)."""

    def __init__(self, suited: bool) -> None:
        super().__init__()
        self.suited = suited

    def __missing__(self, key: int) -> int:
        facts = _suit_facts(key, self.suited)
        self[key] = facts
        return facts


def _suit_facts(key: int, suited: bool) -> int:
    """The packed facts of one suit's base-5 key (see :class:`_SuitFacts`), in native int work."""
    n_kinds = 9 if suited else 7
    counts = [0] * n_kinds
    k = key
    total = pairs = kinds = 0
    simples = False
    for v in range(n_kinds):
        n = k % 5
        k = k // 5
        counts[v] = n
        if n:
            total += n
            kinds += 1
            if n >= 2:
                pairs += 1
            if suited and 0 < v < 8:
                simples = True
    r = total % 3
    good = False
    if r == 0:
        good = _melds_only(counts[:], suited)
    elif r == 2:  # one pair, the rest groups
        for i in range(n_kinds):
            if counts[i] >= 2:
                c = counts[:]
                c[i] -= 2
                if _melds_only(c, suited):
                    good = True
                    break
    return int(not good) | pairs << 3 | kinds << 7 | int(simples) << 11


_SUIT_FACTS: Final = _SuitFacts(True)
_HONOUR_FACTS: Final = _SuitFacts(False)
_P5: Final = tuple(5 ** (t % 9) for t in range(N_KINDS))
"""What one tile of each kind adds to its suit's key."""
_SUIT: Final = tuple(t // 9 for t in range(N_KINDS))
"""The suit key (0-3) of each kind."""


_Part = tuple[tuple[Discard, ...], tuple[Kong, ...], tuple[int, ...]]
"""One suit's turn actions (:class:`_SuitActions`): the discards, the concealed kongs, the discards' numbers."""


class _SuitActions(dict[int, _Part]):
    """``memo[key]`` for one suit's counts as a base-5 key (as :class:`_SuitFacts`): the discards of
    the kinds held (HK-3.2), the concealed kongs of the kinds held four times (HK-3.3), in tile
    order, and the discards' fixed numbers (:func:`~hkmj.engine.actions.number`: the kinds), so
    that a seat's turn actions are four dict reads and tuple additions."""

    def __init__(self, first: Tile, n: int) -> None:
        super().__init__()
        self.first = first
        self.n = n
        self.parts: tuple[list[_Part], ...] = ()

    def _part(self, first: Tile, n: int) -> list[_Part]:
        """The value of every key of ``n`` kinds from ``first`` (a new key is the sum of two parts)."""
        out: list[_Part] = [((), (), ())]
        for t in range(first, first + n):  # key = previous key + count of t * 5 ** (t - first)
            d = (_DISCARDS[t],)
            k = (kong(t, CONCEALED),)
            x = (t,)
            out = out + [(ds + d, ks, xs + x) for ds, ks, xs in out] * 3 + [(ds + d, ks + k, xs + x) for ds, ks, xs in out]
        return out

    def __missing__(self, key: int) -> _Part:
        if not self.parts:  # built at the first miss: the four lowest kinds, then the rest
            self.parts = (self._part(self.first, 4), self._part(self.first + 4, self.n - 4))
        low, high = self.parts
        d0, k0, x0 = low[key % 625]
        d1, k1, x1 = high[key // 625]
        value = (d0 + d1, k0 + k1, x0 + x1)
        self[key] = value
        return value


_NO_PART: Final[_Part] = ((), (), ())


_ACTS0, _ACTS1, _ACTS2, _ACTS3 = (_SuitActions(0, 9), _SuitActions(9, 9), _SuitActions(18, 9), _SuitActions(27, 7))
_ACTS: Final[tuple[_SuitActions, ...]] = (_ACTS0, _ACTS1, _ACTS2, _ACTS3)
_FACTS: Final[tuple[_SuitFacts, ...]] = (_SUIT_FACTS, _SUIT_FACTS, _SUIT_FACTS, _HONOUR_FACTS)


def _refresh(memos: tuple[dict[int, Any], ...], keys: list[Any], seen: list[Any], values: list[Any]) -> None:
    """Bring a seat's per-suit ``values`` up to its suit ``keys``: ``values[s] = memos[s][keys[s]]``,
    looked up only for the suits whose key differs from ``seen`` (the keys they are of)."""
    for suit in range(4):
        key = keys[suit]
        if key != seen[suit]:
            values[suit] = memos[suit][key]
            seen[suit] = key


def _keys(h: list[int]) -> list[int]:
    """The four suit keys of a 34-count hand (the engine keeps them up to date move by move):
    each suit's counts read as a base-5 number, highest kind first (native int work compiled)."""
    keys = [0, 0, 0, 0]
    for suit in range(4):
        first = 9 * suit
        k = 0
        for t in range(first + (8 if suit < 3 else 6), first - 1, -1):
            k = k * 5 + h[t]
        keys[suit] = k
    return keys


def _tile_strs(tiles: Sequence[Tile]) -> list[str]:
    """The text of each tile, as a new list (a compiled loop over a tuple of texts)."""
    ts = _TS
    return [ts[t] for t in tiles]


def _facts(keys: Sequence[int]) -> int:
    return _SUIT_FACTS[keys[0]] + _SUIT_FACTS[keys[1]] + _SUIT_FACTS[keys[2]] + _HONOUR_FACTS[keys[3]]


def _special_ready_facts(facts: int, h: Sequence[int]) -> bool:
    """Seven pairs (HK-5.3): ready iff 6 - pairs + max(0, 7 - kinds) <= 0; thirteen orphans
    (HK-5.4): a ready hand holds no simple tile, then the exact shanten decides."""
    pairs = facts >> 3 & 15
    kinds = facts >> 7 & 15
    if 6 - pairs + max(0, 7 - kinds) <= 0:
        return True
    return not facts >> 11 and thirteen_orphans_shanten(h) <= 0


def _special_may_be_ready(h: list[int]) -> bool:
    """Whether 13 concealed tiles may wait for seven pairs (HK-5.3) or thirteen orphans (HK-5.4)."""
    return _special_ready_facts(_facts(_keys(h)), h)


def _standard_may_be_ready(h: Sequence[int]) -> bool:
    """False when two suits cannot be read as complete groups (with at most a pair): then no single
    tile completes four groups and a pair (HK-5.1), as the tile changes one suit only.

    A cheap necessary test before the exact shanten (a research speed-up); the engine
    keeps each seat's suit keys up to date move by move, so the test is four dict reads.
    """
    return _facts(_keys(list(h))) & 7 < 2


def instance_state(obj: object) -> dict[str, Any]:
    """Every attribute ``obj`` has, by name: copy and pickle rebuild engine objects from it.

    A mypyc-compiled class lists its attributes in ``__mypyc_attrs__`` and cannot be made without
    its ``__init__``, so :class:`Hand` and :class:`~hkmj.engine.Match` pickle as a fresh instance
    whose state is then replaced (``__reduce__`` + ``__setstate__``); pure Python reads the same
    names from ``__slots__`` or the instance dict.
    """
    cls = type(obj)
    names: Sequence[str] = getattr(cls, "__mypyc_attrs__", None) or getattr(cls, "__slots__", None) or tuple(vars(obj))
    return {n: getattr(obj, n) for n in names if hasattr(obj, n)}


def set_state(obj: object, state: Mapping[str, Any]) -> None:
    """Set the attributes of ``state`` (from :func:`instance_state`) on ``obj``."""
    for name, value in state.items():
        setattr(obj, name, value)


def _blank_hand() -> Hand:
    """A hand whose whole state :meth:`Hand.__setstate__` replaces next (a copy or an unpickling)."""
    wall, dice = _seeded_wall(0)
    return Hand(wall, dice, record=False)


@mypyc_attr(native_class=False)  # mypyc compiles no list subclass as a native class
class _Unrecorded(list[Event]):
    """The events of a hand played with ``record=False``: appending does nothing, so it stays empty."""

    __slots__ = ()

    def append(self, event: Event, /) -> None:
        """Drop ``event`` (nobody keeps it)."""


_EV_START: Final = 0
_EV_DEAL: Final = 1
_EV_DRAW: Final = 2
_EV_DISCARD: Final = 3
_EV_ANSWER: Final = 4
_EV_CLAIM: Final = 5
"""Compact event entries of a hand's log: ``(code, ...)`` tuples that :func:`_expand` makes into
the documented dicts (the most frequent events, and the two largest, of every hand)."""


def _start_dict(e: tuple[Any, ...]) -> Event:
    """The ``hand_start`` event of a compact entry (HK-2.3, HK-2.4; see :meth:`Hand._start_event`)."""
    _code, info, rules, seed, prevailing, scores, teaching, ask_all, dice, wall, live, dead = e
    bw, bs = break_position(sum(dice))
    wall_strs = _tile_strs(wall)
    start: Event = {"type": "hand_start"}
    if info:
        start.update(info)
    start.update(
        {
            **rules.header(),
            "seed": seed,
            "prevailing": SEAT_LETTERS[prevailing],
            "scores": list(scores),
            "teaching": teaching,
            "ask_all": ask_all,
            "dice": list(dice),
            "break": {"wall": bw, "stack": bs},
            "wall": [wall_strs[0:36], wall_strs[36:72], wall_strs[72:108], wall_strs[108:144]],
            "live": _tile_strs(live),
            "dead": _tile_strs(dead),
        }
    )
    return start


def _claim_dict(e: tuple[Any, ...]) -> Event:
    """The ``claim`` event of a compact entry: every answer, the claim taken (HK-4.7; see :meth:`Hand._claim_event`)."""
    _code, d, t, rob, claim, answers = e
    shown: list[str | None] = [None, None, None, None]
    for s, a in answers.items():
        shown[s] = "pass" if a is PASS else text(a)
    ev: Event = {
        "type": "claim",
        "tile": _TS[t],
        "from": d,
        "on": "added_kong" if rob else "discard",
        "answers": shown,
        "seat": None,
        "claim": None,
        "tiles": None,
    }
    if claim is not None:
        s, a = claim
        ev["seat"] = s
        ev["claim"] = a.kind
        if isinstance(a, Win):
            ev["tiles"] = _TS[t]
        elif isinstance(a, Chow):
            ev["tiles"] = format_tiles(a.tiles)
        else:  # a pung, or a kong from the discard (HK-4.4)
            ev["tiles"] = _TS[t] * (3 if isinstance(a, Pung) else 4)
    return ev


def _expand(e: tuple[Any, ...]) -> Event:
    """The event dict of a compact log entry (``_EV_*`` first), exactly as the engine documents it."""
    code = e[0]
    if code == _EV_DRAW:
        return {"type": "draw", "seat": e[1], "tile": _TS[e[2]], "live": e[3], "dead": e[4]}
    if code == _EV_DISCARD:
        t = e[2]
        shown = e[3]
        return {
            "type": "discard",
            "seat": e[1],
            "action": _DISCARD_TEXT[t],
            "tile": _TS[t],
            "offers": [None, None, None, None] if shown is None else shown,
            "final": e[4],
        }
    if code == _EV_ANSWER:
        action = e[2]
        return {"type": "answer", "seat": e[1], "action": "pass" if action is PASS else text(action)}
    if code == _EV_CLAIM:
        return _claim_dict(e)
    if code == _EV_DEAL:
        return {"type": "deal", "hands": [_tile_strs(d) for d in e[1]], "live": e[2], "dead": e[3]}
    return _start_dict(e)


class Hand:
    """One hand of Mahjong from the deal to a win, a draw or a penalty, under ``rules``.

    Seats are 0..3 = East (the dealer), South, West, North. ``scores`` are the running totals
    by seat (shown in views only). ``teaching`` refuses false Mahjong declarations instead of
    judging them (HK-5.7); ``ask_all`` makes every other seat answer every discard (with at
    least ``pass``), so that a human may declare Mahjong on any discard. ``rules`` (default:
    Hong Kong with the seed's rules) decides the wall, the win check, false Mahjong and scoring.
    ``record=False`` (self-play that keeps no events) leaves :attr:`events` empty and skips
    building them; the play, the result and the payments are the same.
    """

    # slots: more than 30 attributes would leave the instance dict unshared (slower attribute
    # reads in CPython 3.11); a slot is read at a fixed offset
    __slots__ = (
        "_answers", "_checked", "_complete", "_four_alike", "_knitted", "_dead", "_drawn", "_final", "_fines", "_fkeys", "_flag_last_of_kind", "_front", "_fvals",
        "_has_dead", "_head", "_keys", "_kong_chain", "_last_discard", "_last_live", "_live", "_offer_from",
        "_offer_tile", "_offers", "_parts", "_pkeys", "_tail", "_turn_legal", "_wc", "ask_all", "bonus", "dead_hands", "dice",
        "_lazy", "_log", "discards", "drawn_discards", "hands", "last_tile", "melds", "n_concealed", "n_discards", "phase", "prevailing",
        "record", "result", "rules", "scores", "seed", "teaching", "turn", "wall",
    )

    def __init__(
        self,
        wall: Sequence[Tile],
        dice: Sequence[int],
        *,
        prevailing: int = 0,
        scores: Sequence[int] = (0, 0, 0, 0),
        teaching: bool = False,
        ask_all: bool = False,
        seed: int | None = None,
        info: Mapping[str, Any] | None = None,
        rules: Ruleset | None = None,
        record: bool = True,
    ) -> None:
        self.rules: Ruleset = engine_ruleset(rules)  # a name or a class is refused in words
        self.record = bool(record)
        """Whether events are built and kept in :attr:`events` (``False``: it stays empty)."""
        self._checked = self.rules.value_checked
        self._knitted = self.rules.knitted_shapes  # MCR-5.2.4, MCR-5.2.5
        self._four_alike = self.rules.four_alike_pairs  # MCR-5.2.2 Ruling
        self._flag_last_of_kind = "last_of_kind" in self.rules.win_flags
        # a seeded wall is a permutation of the full set by construction (and immutable)
        self.wall: tuple[Tile, ...] = wall if type(wall) is _Shuffled else tuple(check_wall(wall))
        self.dice = check_dice(dice)
        if not 0 <= prevailing < 4:
            raise ValueError(f"prevailing wind {prevailing!r}: expected 0-3")
        self.prevailing = prevailing
        self.scores: tuple[int, ...] = tuple(scores)
        if len(self.scores) != 4:
            raise ValueError(f"scores {list(self.scores)!r}: expected one total per seat")
        self.teaching = teaching
        self.ask_all = ask_all
        self.seed = seed
        order = draw_order(self.wall, sum(self.dice))
        self._has_dead = self.rules.dead_wall > 0
        if self._has_dead:
            self._live: list[Tile] = order[:LIVE_START]
            self._tail = LIVE_START
            self._dead: list[Tile] = [order[i] for i in _DEAD_ORDER]
        else:  # every tile is played; replacements come from the end of the wall
            self._live = order
            self._tail = len(order)
            self._dead = []
        self._head = 0
        self._front = 0
        self.dead_hands = [False, False, False, False]
        """Seats whose hand is dead after a false Mahjong (rulesets with ``dead_hand``)."""
        self._fines = [0, 0, 0, 0]
        self.hands: list[list[int]] = [[], [], [], []]  # 34-count vectors from the deal
        """Concealed playing tiles by seat, 34-count vectors (read-only for callers)."""
        self.n_concealed = [0, 0, 0, 0]
        self.melds: list[tuple[Meld, ...]] = [(), (), (), ()]
        self.bonus: list[tuple[Tile, ...]] = [(), (), (), ()]
        self.discards: list[tuple[Tile, ...]] = [(), (), (), ()]
        """Discards still on the table by seat (a claimed discard leaves for the claimant)."""
        self.drawn_discards: list[tuple[bool, ...]] = [(), (), (), ()]
        """Parallel to :attr:`discards`: True where the seat discarded the tile it had just drawn
        (wall or replacement draw), which every player sees; the dealer's dealt 14th tile is not a draw."""
        self.n_discards = 0
        """Discards made so far in the hand (claimed ones included)."""
        self.phase = _TURN
        self.turn = 0
        self.last_tile: Tile | None = None
        """The tile the seat on turn last drew (wall, replacement or deal), None after a claim."""
        self._drawn = False  # the seat on turn may kong or win by self-draw (HK-3.3)
        self._complete = False  # the seat on turn holds a winning hand (its last tile completed it)
        self._kong_chain = False  # the tile in hand came from a kong replacement (HK-6 flag)
        self._last_live = False  # this turn's draw took the last live-wall tile (HK-6 flag)
        self._offer_tile = -1
        self._offer_from = -1
        self._final = False
        self._offers: dict[int, tuple[Action, ...]] = {}
        self._answers: dict[int, Action] = {}
        self._last_discard: tuple[Tile, int] | None = None
        self._wc: list[frozenset[Tile] | None] = [None, None, None, None]  # each seat's waits, None when its hand changed
        # per seat: the suit keys of its concealed tiles (_SuitFacts). Items typed Any on purpose: the
        # compiled module then hands them to the memo dicts as they are, instead of unboxing each
        # key into a native int and boxing it again (a new int object for a key above 256)
        self._keys: list[list[Any]] = [[0, 0, 0, 0] for _ in range(4)]
        self._turn_legal: tuple[Action, ...] | None = None  # the seat on turn's legal actions, until the next move
        # per seat: its four suits' turn actions (_SuitActions) as of its last turn, and the keys they are of
        # (a turn looks up only the suits whose key changed since: usually those of its draw and discard)
        self._parts: list[list[_Part]] = [[_NO_PART, _NO_PART, _NO_PART, _NO_PART] for _ in range(4)]
        self._pkeys: list[list[Any]] = [[-1, -1, -1, -1] for _ in range(4)]
        self._fvals: list[list[int]] = [[0, 0, 0, 0] for _ in range(4)]  # the same for the suits' facts
        self._fkeys: list[list[Any]] = [[-1, -1, -1, -1] for _ in range(4)]
        self.result: HandResult | None = None
        # the event log: plain dicts, and compact tuples (_EV_*) that reading events turns into
        # the same dicts; the environment's hands are never read, so they never build them
        self._log: list[Any] = [] if self.record else _Unrecorded()
        self._lazy = self.record  # entries may be compact (until events is first read)
        if self.record:
            self._start_event(info)
        self._deal()

    @property
    def events(self) -> list[Event]:
        """The hand's events so far, plain JSON-ready dicts (docs/engine.md); empty with ``record=False``.

        The same list object on every read. The engine logs its most frequent events as small
        tuples and builds their dicts here, at the first read (the environment's hands are
        never read); from then on it logs dicts directly, so a list held by a caller always
        holds dicts only.
        """
        if self._lazy:
            self._lazy = False
            log = self._log
            for i in range(len(log)):
                e = log[i]
                if type(e) is tuple:
                    log[i] = _expand(e)
        return self._log

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._log = events
        self._lazy = False

    def _emit(self, event: Event) -> None:
        """Append ``event`` to :attr:`events` when the hand records them."""
        if self.record:
            self._log.append(event)

    def _put(self, entry: tuple[Any, ...]) -> None:
        """Log a compact event ``entry`` (see :func:`_expand`; the caller checks :attr:`record`)."""
        if self._lazy:
            self._log.append(entry)
        else:
            self._log.append(_expand(entry))

    def __reduce__(self) -> tuple[Any, tuple[()], dict[str, Any]]:
        """Copy and pickle (compiled too): a fresh hand given this one's state."""
        return (_blank_hand, (), instance_state(self))

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        set_state(self, state)

    def _start_event(self, info: Mapping[str, Any] | None) -> None:
        """Record the ``hand_start`` event: options, dice, break and the whole wall (HK-2.3, HK-2.4).

        Logged compact (:func:`_start_dict` builds it): the wall's and dice's texts are built only if read.
        """
        self._put(
            (
                _EV_START,
                dict(info) if info else None,
                self.rules,
                self.seed,
                self.prevailing,
                self.scores,
                self.teaching,
                self.ask_all,
                self.dice,
                self.wall,
                self._live,
                tuple(self._dead),
            )
        )

    @classmethod
    def from_seed(cls, seed: int, **options: Any) -> Hand:
        """A hand whose wall and dice come from ``random.Random(seed)`` (HK-2.8)."""
        wall, dice = _seeded_wall(seed)
        return cls(wall, dice, seed=seed, **options)

    @classmethod
    def from_start(cls, start: Mapping[str, Any]) -> Hand:
        """Rebuild a hand from its ``hand_start`` event (its wall, dice and options), for replay."""
        if start.get("type") != "hand_start":
            raise ValueError("expected a hand_start event")
        wall = [parse_tiles(x)[0] for w in start["wall"] for x in w]
        known = {"type", "seed", "prevailing", "scores", "teaching", "ask_all", "dice", "break", "wall", "live", "dead"}
        known |= {"rules", "options"}
        return cls(
            wall,
            start["dice"],
            prevailing=SEAT_LETTERS.index(start["prevailing"]),
            scores=start["scores"],
            teaching=start["teaching"],
            ask_all=start.get("ask_all", False),
            seed=start["seed"],
            info={k: v for k, v in start.items() if k not in known},
            rules=from_header(start),
        )

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.phase is _OVER

    @property
    def live_count(self) -> int:
        """Tiles left in the live wall."""
        return self._tail - self._head

    @property
    def dead_count(self) -> int:
        """Tiles in the dead wall (14 while the live wall lasts, HK-2.7)."""
        return len(self._dead) - self._front

    @property
    def offered_tile(self) -> Tile | None:
        """The discard or added-kong tile that may be claimed now."""
        return self._offer_tile if self.phase is _CLAIM or self.phase is _ROB else None

    @property
    def offered_by(self) -> int | None:
        """The seat whose discard or added-kong tile may be claimed now (:attr:`offered_tile`)."""
        return self._offer_from if self.phase is _CLAIM or self.phase is _ROB else None

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile the seat on turn has just drawn (a replacement included), None after a claim
        or outside a turn: what that seat's view shows as ``drawn``."""
        return self.last_tile if self.phase is _TURN and self._drawn else None

    def pending(self) -> tuple[int, ...]:
        """Seats that must act now: the seat on turn, or the seats still to answer a claim window."""
        ph = self.phase
        if ph is _TURN:
            return (self.turn,)
        if ph is _OVER:
            return ()
        ans = self._answers
        return tuple(s for s in self._offers if s not in ans)

    def next_seat(self) -> int:
        """The first seat of :meth:`pending` (-1 when the hand is over): a driver asks it next."""
        if self.phase is _TURN:
            return self.turn
        ans = self._answers
        for s in self._offers:
            if s not in ans:
                return s
        return -1

    def legal_actions(self, seat: object) -> tuple[Action, ...]:
        """Exactly the legal actions of ``seat`` now (empty when it has nothing to do).

        ``Win`` is listed only for a valid winning hand; a Mahjong declaration outside the list
        is still accepted where :meth:`can_declare_mahjong` (HK-5.7). A seat is a number 0-3, never
        a bool (:func:`check_seat`).
        """
        return self._legal(check_seat(seat))

    def _legal(self, seat: int) -> tuple[Action, ...]:
        """:meth:`legal_actions` of a seat already checked."""
        ph = self.phase
        if ph is _TURN:
            if seat != self.turn:
                return ()
            cached = self._turn_legal
            if cached is None:
                cached = self._turn_legal = self._turn_actions(seat)
            return cached
        if ph is _OVER or seat in self._answers:
            return ()
        return self._offers.get(seat, ())

    def can_declare_mahjong(self, seat: object) -> bool:
        """True where a win could be declared (HK-5.5): after the seat's own draw, or on a tile on offer to it.

        Never for a dead hand (a false Mahjong under a ``dead_hand`` ruleset). A seat is a number
        0-3, never a bool (:func:`check_seat`).
        """
        return self._can_declare(check_seat(seat))

    def _can_declare(self, seat: int) -> bool:
        """:meth:`can_declare_mahjong` of a seat already checked."""
        if self.dead_hands[seat]:
            return False
        if self.phase is _TURN:
            return seat == self.turn and self._drawn
        if self.phase is _OVER:
            return False
        return seat in self._offers and seat not in self._answers

    def view(self, seat: object) -> SeatView:
        """What ``seat`` may know (see :class:`~hkmj.engine.view.SeatView`); a seat is a number 0-3 (:func:`check_seat`)."""
        return self._view(check_seat(seat))

    def _view(self, seat: int) -> SeatView:
        """:meth:`view` of a seat already checked."""
        ph = self.phase
        offering = ph is _CLAIM or ph is _ROB
        last = self._last_discard
        if ph is _TURN:
            to_act = seat == self.turn
        elif offering:
            to_act = seat in self._offers and seat not in self._answers
        else:
            to_act = False
        return _new_view(
            SeatView,
            (
                seat,
                self.prevailing,
                str(ph),  # StrEnum: the plain value
                self._offer_from if offering else self.turn,
                to_act,
                tuple(self.hands[seat]),
                self.last_tile if ph is _TURN and seat == self.turn and self._drawn else None,
                tuple(self.melds),
                tuple(self.bonus),
                tuple(self.discards),
                tuple(self.n_concealed),
                self._tail - self._head,
                len(self._dead) - self._front,
                self.scores,
                None if last is None else last[0],
                None if last is None else last[1],
                self._offer_tile if offering else None,
                self.rules,
                tuple(self.drawn_discards),
                tuple(self.dead_hands),
            ),
        )

    def live_wall(self) -> tuple[Tile, ...]:
        """The live wall in draw order (for tests and records; never shown to a player)."""
        return tuple(self._live[self._head : self._tail])

    def dead_wall(self) -> tuple[Tile, ...]:
        """The dead wall, next replacement first (for tests and records; never shown to a player)."""
        return tuple(self._dead[self._front :])

    def census(self) -> list[int]:
        """Where every tile is, as counts by tile id: must always equal the 144-tile set (HK-1)."""
        c = [0] * N_TILE_IDS
        for t in self._live[self._head : self._tail]:
            c[t] += 1
        for t in self._dead[self._front :]:
            c[t] += 1
        for seat in range(4):
            for t, n in enumerate(self.hands[seat]):
                c[t] += n
            for m in self.melds[seat]:
                for t in m.tiles:
                    c[t] += 1
            for t in self.bonus[seat]:
                c[t] += 1
            for t in self.discards[seat]:
                c[t] += 1
        if self.phase is _ROB:
            c[self._offer_tile] += 1  # the added-kong tile, not yet in the meld
        return c

    # ------------------------------------------------------------------ apply

    def apply(self, seat: object, action: object) -> list[Event]:
        """Play ``action`` for ``seat``; return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) for anything not in
        :meth:`legal_actions`, except a Mahjong declaration where one may be declared: that
        is judged by HK-5.7 (penalty, or refusal at a teaching table).
        """
        events = self.events
        n0 = len(events)
        self.play(seat, action)
        return events[n0:]

    def play(self, seat: object, action: object) -> None:
        """:meth:`apply` without returning the events (they are appended to :attr:`events`)."""
        s = check_seat(seat)  # HK-2.1: True is no South
        if self.phase is _TURN and s == self.turn:
            legal = self._turn_legal
            if legal is None:
                legal = self._turn_actions(s)
        else:
            legal = self._legal(s)
        for a in legal:  # the engine hands out shared instances: identity first
            if a is action:
                break
        else:
            if action not in legal:
                if isinstance(action, Win) and self._can_declare(s):
                    self._declare_false(s)
                else:
                    raise IllegalAction(self.rules.cite(self._why_illegal(s, action)))  # the table's own rule numbers
                self._turn_legal = None
                return
        if self.phase is _TURN:
            self._play_turn(s, action)
        else:
            self._answer(s, action)
        self._turn_legal = None

    def run(self, choosers: Sequence[Callable[[tuple[Action, ...]], object]]) -> HandResult:
        """Play the hand to its end, asking ``choosers[seat](legal)`` for each action of ``seat``.

        Exactly :meth:`play` of each answer (same checks, same events; an illegal one raises
        :class:`IllegalAction`), with the usual moves taken without the general checks: a
        shared discard of a held tile on the seat's turn (HK-3.2) and ``pass`` in a claim
        window (HK-4). The driver of :func:`~hkmj.engine.play_hand`.
        """
        turn_actions = self._turn_actions
        discards = _DISCARDS
        play = self.play
        self._turn_legal = None
        while self.result is None:
            if self.phase is _TURN:
                seat = self.turn
                action = choosers[seat](turn_actions(seat))
                if type(action) is Discard:
                    t = action.tile
                    try:  # only kind t's shared instance is discards[t]; any held kind may be discarded
                        if discards[t] is action and self.hands[seat][t]:
                            self._turn_legal = None
                            self._discard(seat, t)
                            continue
                    except (IndexError, TypeError):
                        pass  # not a tile: refused by play below
                play(seat, action)
            else:
                answers = self._answers
                for seat in self._offers:
                    if seat not in answers:
                        break
                action = choosers[seat](self._offers[seat])
                if action is PASS:  # every claim window offers pass to each seat it asks
                    self._answer(seat, PASS)
                else:
                    play(seat, action)
        return self.result

    # ------------------------------------------------------------------ legal actions

    def _turn_actions(self, seat: int) -> tuple[Action, ...]:
        """Mahjong (a valid win only), the discards by kind, then concealed and added kongs (HK-3)."""
        parts = self._turn_parts(seat)
        d0, k0, _x0 = parts[0]
        d1, k1, _x1 = parts[1]
        d2, k2, _x2 = parts[2]
        d3, k3, _x3 = parts[3]
        acts: tuple[Action, ...] = d0 + d1 + d2 + d3
        if self._drawn:
            if self._complete and not self.dead_hands[seat] and (not self._checked or self._reaches_minimum(seat, None)):
                acts = (WIN, *acts)
            melds = self.melds[seat]
            four = k0 or k1 or k2 or k3
            if (melds or four) and (self._has_dead or self._head < self._tail):  # MCR-3.3 ruling: no kong without a replacement
                kongs: list[Action] = list(k0 + k1 + k2 + k3)
                h = self.hands[seat]
                for m in melds:
                    if m.kind == "pung" and h[m.tile]:
                        kongs.append(kong(m.tile, ADDED))
                if kongs:
                    acts += tuple(kongs)
        return acts

    def _turn_parts(self, seat: int) -> list[_Part]:
        """The seat's four suits' turn actions (HK-3.2, HK-3.3) from its suit keys, each suit looked
        up in its memo only when its key changed since the seat's last turn."""
        k = self._keys[seat]
        pk = self._pkeys[seat]
        parts = self._parts[seat]
        _refresh(_ACTS, k, pk, parts)
        return parts

    def _seat_facts(self, seat: int) -> int:
        """The packed facts (:class:`_SuitFacts`) of the seat's concealed tiles: the four suits' sum,
        each suit looked up in its memo only when its key changed since the last time."""
        facts = self._fvals[seat]
        _refresh(_FACTS, self._keys[seat], self._fkeys[seat], facts)
        return facts[0] + facts[1] + facts[2] + facts[3]

    def legal_numbers(self, seat: object) -> tuple[int, ...]:
        """The fixed number (:func:`~hkmj.engine.actions.number`) of each of :meth:`legal_actions`, in order.

        On a turn the discards' numbers come with the suits' memoised actions (HK-3.2); the
        environment maps its action space with this, without a test per action.
        """
        s = check_seat(seat)
        legal = self._legal(s)
        if self.phase is _TURN and legal:
            parts = self._parts[s]  # current: legal_actions listed the turn from them
            nums = parts[0][2] + parts[1][2] + parts[2][2] + parts[3][2]
            n = len(legal)
            if len(nums) == n:  # discards only: the usual turn
                return nums
            head: tuple[int, ...] = (NUMBER_WIN,) if legal[0] is WIN else ()
            start = len(head) + len(nums)
            return head + nums + tuple([number(legal[i], None) for i in range(start, n)])
        offered = self.offered_tile
        return tuple([number(a, offered) for a in legal])

    def _waits(self, seat: int) -> frozenset[Tile]:
        """The tiles that complete ``seat``'s hand (HK-5.1-5.4), cached until its hand changes.

        The seat's suit keys give each suit's facts (:class:`_SuitFacts`) in four dict reads; with two
        suits that are not groups (and no seven pairs or orphans in reach) there is no wait.
        """
        w = self._wc[seat]
        if w is not None:
            return w
        h = self.hands[seat]
        facts = self._seat_facts(seat)
        melds = self.melds[seat]
        if facts & 7 < 2 or (not melds and _special_ready_facts(facts, h)):
            m = len(melds)
            w = frozenset(waits(h, m)) if shanten(h, m) == 0 else _NO_WAITS
        else:
            w = _NO_WAITS
        if self._knitted and len(melds) <= 1:  # the ruleset's knitted shapes (MCR-5.2.4, MCR-5.2.5)
            kw = knitted_waits(h, len(melds))
            if kw:
                w = w | frozenset(kw)
        if self._four_alike and not melds:  # seven pairs, four alike as two (MCR-5.2.2 Ruling)
            odd = [x for x in range(N_KINDS) if h[x] & 1]
            if len(odd) == 1 and h[odd[0]] < 4 and sum(h[x] for x in range(N_KINDS)) == 13:
                w = w | {odd[0]}
        self._wc[seat] = w
        return w

    def _wins_on(self, seat: int, t: Tile) -> bool:
        """True when tile ``t`` completes ``seat``'s waiting hand (HK-5.1-5.4).

        A cheap necessary test first (a research speed-up): a tile can complete a hand
        only if the hand holds it, holds a suit neighbour within two (a chow), or — with no
        declared group — holds only terminals and honours (thirteen orphans). Otherwise the
        exact, cached :meth:`_waits` decides.
        """
        w = self._wc[seat]
        if w is not None:
            return t in w
        if self._knitted:  # a knitted shape waits on tiles with no neighbour (MCR-5.2.4, MCR-5.2.5)
            return t in self._waits(seat)
        h = self.hands[seat]
        if not h[t]:
            near = False
            if t < HONOUR:
                v = t % 9
                near = bool((v > 0 and h[t - 1]) or (v < 8 and h[t + 1]) or (v > 1 and h[t - 2]) or (v < 7 and h[t + 2]))
            if not near:
                if self.melds[seat] or t not in _ORPHAN_SET:
                    return False
                if sum(h[x] for x in _ORPHAN_LIST) != self.n_concealed[seat]:
                    return False
        return t in self._waits(seat)

    def _claim_offers(self, d: int, t: Tile, final: bool) -> tuple[dict[int, tuple[Action, ...]], list[list[str] | None]]:
        """Each other seat's legal claims on discard ``t`` from ``d`` (HK-4.2–HK-4.5, HK-4.9), and
        their texts by seat for the discard event (None for a seat without an offer).

        In order: pass, Mahjong, pung, kong, then the chows by their lowest tile. :meth:`_discard`
        calls it only when some seat may claim (or with ``final`` or ``ask_all``).
        """
        offers: dict[int, tuple[Action, ...]] = {}
        shown: list[list[str] | None] = [None, None, None, None]
        left = (d + 1) % 4
        ask_all = self.ask_all
        hands = self.hands
        wc = self._wc
        dead = self.dead_hands
        base = t << 6  # the key of t's offers in _OFFERS
        needs = () if final else _CHOW_NEEDS[t]  # empty for an honour (no chow, HK-4.2)
        for s in _OTHERS[d]:
            if dead[s]:  # a dead hand neither wins nor claims
                if ask_all:
                    offers[s], texts = _OFFERS[base]
                    shown[s] = list(texts)
                continue
            h = hands[s]
            w = wc[s]
            if w is None:
                w = self._waits(s)
            code = 0
            if t in w and (not self._checked or self._reaches_minimum(s, t, d, final)):
                code = 1
            if not final:
                c = h[t]
                if c >= 2:
                    code |= 2 if c == 2 else 6
                if s == left:
                    bit = 8
                    for _x, lo, hi in needs:
                        if h[lo] and h[hi]:
                            code |= bit
                        bit <<= 1
            if code or ask_all:
                offers[s], texts = _OFFERS[base | code]
                shown[s] = list(texts)
        return offers, shown

    # ------------------------------------------------------------------ turn

    def _play_turn(self, seat: int, action: Action) -> None:
        if isinstance(action, Discard):
            self._discard(seat, action.tile)
        elif isinstance(action, Kong):
            if action.how == CONCEALED:
                self._concealed_kong(seat, action.tile)
            else:
                self._added_kong(seat, action.tile)
        else:  # Win: listed only when valid
            self._self_drawn_win(seat)

    def _discard(self, seat: int, t: Tile) -> None:
        hands = self.hands
        wc = self._wc
        # plain stores, not ``x[i] -= 1``: compiled, the item is then native int work, not a generic call
        h = hands[seat]
        h[t] = h[t] - 1
        nc = self.n_concealed
        nc[seat] = nc[seat] - 1
        wc[seat] = None
        keys = self._keys[seat]
        suit = _SUIT[t]
        keys[suit] = keys[suit] - _P5[t]
        self.discards[seat] += (t,)
        last = self.last_tile
        self.drawn_discards[seat] += (last is not None and last == t and (self.n_discards > 0 or self._kong_chain),)
        self.n_discards += 1
        self._drawn = False
        self.last_tile = None
        self._last_discard = (t, seat)
        final = self._head >= self._tail
        others = _OTHERS[seat]
        offers: dict[int, tuple[Action, ...]] | None = None
        shown: list[list[str] | None] = []
        if final or self.ask_all:
            offers, shown = self._claim_offers(seat, t, final)
        else:
            # the usual case, nobody can claim (HK-4), found without building offers: no seat
            # holds a pair of t, t is none of its waits, and the seat on the left has no chow
            h = hands[others[0]]
            for _x, lo, hi in _CHOW_NEEDS[t]:
                if h[lo] and h[hi]:
                    offers, shown = self._claim_offers(seat, t, False)
                    break
            else:
                for s in others:
                    h = hands[s]
                    if h[t] >= 2:
                        offers, shown = self._claim_offers(seat, t, False)
                        break
                    w = wc[s]
                    if w is None:  # the seat's suit facts usually rule out any wait (see _waits)
                        facts = self._seat_facts(s)
                        if self._knitted or facts & 7 < 2 or (not self.melds[s] and _special_ready_facts(facts, h)):
                            w = self._waits(s)
                        else:
                            w = wc[s] = _NO_WAITS
                    if t in w:
                        offers, shown = self._claim_offers(seat, t, False)
                        break
        if self.record:
            self._put((_EV_DISCARD, seat, t, shown if offers else None, final))
        if not offers:
            self._draw_turn(others[0])
            return
        self._open_window(_CLAIM, seat, t, final, offers)

    def _open_window(self, phase: Phase, seat: int, t: Tile, final: bool, offers: dict[int, tuple[Action, ...]]) -> None:
        """Offer ``t`` from ``seat`` to the seats in ``offers`` (a discard, HK-4, or an added kong, HK-4.10)."""
        self.phase = phase
        self._offer_tile = t
        self._offer_from = seat
        self._final = final
        self._offers = offers
        self._answers = {}

    def _concealed_kong(self, seat: int, t: Tile) -> None:
        self.hands[seat][t] -= 4
        self.n_concealed[seat] -= 4
        self._wc[seat] = None
        self._keys[seat][t // 9] -= 4 * _P5[t]
        self.melds[seat] += (Meld("ckong", t),)
        self._emit({"type": "kong", "seat": seat, "action": f"concealed kong {_TS[t]}", "tile": _TS[t]})
        self._kong_replacement(seat)

    def _added_kong(self, seat: int, t: Tile) -> None:
        """HK-3.3 added kong; other seats may rob it for Mahjong first (HK-4.10)."""
        self.hands[seat][t] -= 1
        self.n_concealed[seat] -= 1
        self._wc[seat] = None
        self._keys[seat][t // 9] -= _P5[t]
        offers: dict[int, tuple[Action, ...]] = {}
        for s in ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4):
            if self._wins_on(s, t) and not self.dead_hands[s] and (not self._checked or self._reaches_minimum(s, t, seat, rob=True)):
                offers[s] = (PASS, WIN)
            elif self.ask_all:
                offers[s] = (PASS,)
        self._emit(
            {
                "type": "kong",
                "seat": seat,
                "action": f"added kong {_TS[t]}",
                "tile": _TS[t],
                "offers": [[text(a) for a in offers[s]] if s in offers else None for s in range(4)],
            }
        )
        if offers:
            self._open_window(_ROB, seat, t, False, offers)
        else:
            self._complete_added_kong(seat, t)

    def _complete_added_kong(self, seat: int, t: Tile) -> None:
        self.melds[seat] = tuple(Meld("kong", t) if m.kind == "pung" and m.tile == t else m for m in self.melds[seat])
        self._kong_replacement(seat)

    def _kong_replacement(self, seat: int) -> None:
        self.phase = _TURN
        self.turn = seat
        self._drawn = True
        self._kong_chain = True
        self._last_live = False
        if not self._replace(seat, "kong"):
            if self._has_dead:
                self._exhaustive(seat)
            else:  # MCR-3.3 ruling: the replacement, the wall's last tile, was a flower; the seat discards without one
                self._drawn = False
                self.last_tile = None

    def _draw_turn(self, seat: int) -> None:
        """HK-3.2: the seat draws the first live-wall tile; HK-3.5: an empty live wall draws the hand."""
        self.phase = _TURN
        self.turn = seat
        self._drawn = True
        self._kong_chain = False
        if self._head >= self._tail:
            self._exhaustive(seat)
            return
        head = self._head
        tail = self._tail
        t = self._live[head]
        head += 1
        self._head = head
        self._last_live = head == tail
        if self.record:
            self._put((_EV_DRAW, seat, t, tail - head, len(self._dead) - self._front))
        if t < N_KINDS:  # the usual case: _receive inlined, the seat's waits usually cached
            n = self.n_concealed[seat]
            w = self._wc[seat]
            if n != 13 - 3 * len(self.melds[seat]):
                self._complete = False
            elif w is not None:
                self._complete = t in w
            else:
                self._complete = self._wins_on(seat, t)
            h = self.hands[seat]
            h[t] = h[t] + 1
            self.n_concealed[seat] = n + 1
            self._wc[seat] = None
            keys = self._keys[seat]
            suit = _SUIT[t]
            keys[suit] = keys[suit] + _P5[t]
            self.last_tile = t
        else:
            self.bonus[seat] += (t,)
            self._emit({"type": "bonus", "seat": seat, "tile": _TS[t]})
            self._last_live = False  # the tile played comes from the dead wall
            if not self._replace(seat, "bonus"):
                if self._has_dead:
                    self._exhaustive(seat)
                else:  # MCR-3.3 ruling: a flower as the last tile; the seat discards without a replacement
                    self._drawn = False
                    self.last_tile = None

    def _receive(self, seat: int, t: Tile) -> None:
        """A drawn or replacement tile joins the hand; it wins iff it is one of the hand's waits."""
        self._complete = self.n_concealed[seat] == 13 - 3 * len(self.melds[seat]) and self._wins_on(seat, t)
        self.hands[seat][t] += 1
        self.n_concealed[seat] += 1
        self._wc[seat] = None
        self._keys[seat][t // 9] += _P5[t]
        self.last_tile = t

    def _replace(self, seat: int, why: str) -> bool:
        """Take replacements from the dead wall until a playing tile comes (HK-2.6, HK-3.2, HK-3.3).

        Each replacement moves the last live-wall tile to the dead wall (HK-2.7); with the live
        wall empty the dead wall shrinks (Ruling HK-2.7). False if the dead wall ran out.
        A ruleset without a dead wall (MCR) takes replacements from the end of the wall (MCR-3.2),
        and the one that empties it is the wall's last tile (MCR-3.5 Ruling).
        """
        while True:
            if self._has_dead:
                if self._front >= len(self._dead):
                    return False
                t = self._dead[self._front]
                self._front += 1
                if self._head < self._tail:
                    self._tail -= 1
                    self._dead.append(self._live[self._tail])
            else:
                if self._head >= self._tail:
                    return False
                self._tail -= 1
                t = self._live[self._tail]
                # MCR-3.5 Ruling: no dead wall, so a replacement that empties the wall is its last
                # tile (MCR-6.40 Last Tile Draw, with MCR-6.42 for a kong's); R-2 is Hong Kong's
                self._last_live = self._head == self._tail
            self._emit(
                {
                    "type": "replacement",
                    "seat": seat,
                    "tile": _TS[t],
                    "for": why,
                    "live": self._tail - self._head,
                    "dead": len(self._dead) - self._front,
                }
            )
            if t >= N_KINDS:
                self.bonus[seat] += (t,)
                self._emit({"type": "bonus", "seat": seat, "tile": _TS[t]})
                why = "bonus"
                continue
            self._receive(seat, t)
            return True

    def _deal(self) -> None:
        """HK-2.5 deal in blocks, then HK-2.6 bonus exposure and replacement in play order."""
        live = self._live
        dealt: list[tuple[Tile, ...]] = [_DEAL_GET[s](live) for s in range(4)]
        self._head = _DEAL[3][-1] + 1
        hands = self.hands
        for seat in range(4):
            c = [0] * N_TILE_IDS  # bonus tiles counted too, then left out
            for t in dealt[seat]:
                c[t] += 1
            h = hands[seat] = c[:N_KINDS]
            self.n_concealed[seat] = sum(h)
        self._keys = [_keys(h) for h in hands]
        if self.record:
            self._put((_EV_DEAL, dealt, self._tail - self._head, len(self._dead) - self._front))
        east_last = next((t for t in reversed(dealt[0]) if t < N_KINDS), None)
        for seat in range(4):
            if max(dealt[seat]) >= N_KINDS:
                for t in dealt[seat]:
                    if t >= N_KINDS:
                        self.bonus[seat] += (t,)
                        self._emit({"type": "bonus", "seat": seat, "tile": _TS[t]})
                        self._replace(seat, "bonus")  # 8 bonus tiles at most: the dead wall never runs out here
                        if seat == 0:
                            east_last = self.last_tile
        self.phase = _TURN
        self.turn = 0
        self._drawn = True  # HK-3.1: East plays first with 14 tiles
        facts = _facts(self._keys[0])  # a complete hand has no bad suit, or is seven pairs or orphans in reach
        self._complete = (not facts & 7 or _special_ready_facts(facts, self.hands[0])) and is_complete(self.hands[0], 0)
        if self._knitted and not self._complete:
            self._complete = knitted_complete(self.hands[0], 0)
        if self._four_alike and not self._complete:  # seven pairs, four alike as two (MCR-5.2.2 Ruling)
            self._complete = all(not self.hands[0][x] & 1 for x in range(N_KINDS))
        self.last_tile = east_last

    # ------------------------------------------------------------------ claims

    def _answer(self, seat: int, action: Action) -> None:
        answers = self._answers
        answers[seat] = action
        if self.record:
            self._put((_EV_ANSWER, seat, action))
        if len(answers) == len(self._offers):
            self._resolve()

    def _resolve(self) -> None:
        """Apply the outcome of a claim window chosen by :func:`resolve_claim` (HK-4.6, HK-4.7, HK-4.10)."""
        d = self._offer_from
        t = self._offer_tile
        rob = self.phase is _ROB
        answers = self._answers
        claim = None
        for a in answers.values():
            if a is not PASS:
                claim = resolve_claim(d, answers)  # some seat claims (HK-4.7 decides)
                break
        if self.record:
            self._claim_event(d, t, rob, claim)
        if claim is None:
            if rob:
                self._complete_added_kong(d, t)
            else:
                self._draw_turn((d + 1) % 4)
            return
        s, a = claim
        if isinstance(a, Win):
            if WIN in self._offers[s]:
                self._win_on_claim(s, d, t, rob)
            else:
                reason = self._explain(s, t)
                if rob:  # nobody robbed the added kong (HK-4.10): its tile stays in it as the hand ends (HK-1)
                    self.melds[d] = tuple(Meld("kong", t) if m.kind == "pung" and m.tile == t else m for m in self.melds[d])
                self._penalty(s, d, t, reason)
            return
        # a discard claim: the tile leaves the discarder's pond for the claimant's meld
        self.discards[d] = self.discards[d][:-1]
        self.drawn_discards[d] = self.drawn_discards[d][:-1]
        h = self.hands[s]
        self._wc[s] = None
        keys = self._keys[s]  # a chow, pung or kong takes tiles of the discard's suit
        self.turn = s
        self.phase = _TURN
        self.last_tile = None
        if isinstance(a, Chow):
            for x in a.tiles:
                if x != t:
                    h[x] -= 1
                    keys[x // 9] -= _P5[x]
            self.n_concealed[s] -= 2
            self.melds[s] += (Meld("chow", a.low),)
            self._drawn = False
        elif isinstance(a, Pung):
            h[t] -= 2
            keys[t // 9] -= 2 * _P5[t]
            self.n_concealed[s] -= 2
            self.melds[s] += (Meld("pung", t),)
            self._drawn = False
        else:  # Kong from the discard (HK-4.4)
            h[t] -= 3
            keys[t // 9] -= 3 * _P5[t]
            self.n_concealed[s] -= 3
            self.melds[s] += (Meld("kong", t),)
            self._kong_replacement(s)

    def _claim_event(self, d: int, t: Tile, rob: bool, claim: tuple[int, Action] | None) -> None:
        """Record the ``claim`` event of a window on ``t`` from ``d``: every answer, the claim taken (HK-4.7).

        Logged compact (:func:`_claim_dict` builds it): the window's answers dict is never changed
        after the window (the next window has a new one).
        """
        self._put((_EV_CLAIM, d, t, rob, claim, self._answers))

    # ------------------------------------------------------------------ endings

    def _flowers(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        b = self.bonus[seat]
        return (
            tuple(sorted(t - N_KINDS + 1 for t in b if t < N_KINDS + 4)),
            tuple(sorted(t - N_KINDS - 3 for t in b if t >= N_KINDS + 4)),
        )

    def _scoring_win(
        self, seat: int, t: Tile, win_type: str, discarder: int | None, flags: list[str], claimed: bool
    ) -> ScoringWin:
        """The hand of ``seat`` as a win on ``t`` (``claimed``: ``t`` is not in the hand yet)."""
        h = self.hands[seat]
        if claimed:
            h = list(h)
            h[t] += 1
        flowers, seasons = self._flowers(seat)
        allowed = self.rules.win_flags
        return ScoringWin(
            concealed=tuple(tiles_of(h)),
            win_tile=t,
            win=win_type,
            seat=seat,
            prevailing=self.prevailing,
            discarder=discarder,
            melds=self.melds[seat],
            flowers=flowers,
            seasons=seasons,
            flags=frozenset(f for f in flags if f in allowed),
        )

    def _last_of_kind(self, seat: int, t: Tile, claimed: bool, discarded: bool = False) -> bool:
        """The winning tile ``t`` is the last of its kind: the other three are in sight (on the
        table or in exposed melds) and none is concealed in the hand (MCR-6.27). ``discarded``:
        ``t`` itself is still the discarder's latest discard."""
        if self.hands[seat][t] != (0 if claimed else 1):
            return False
        seen = sum(d.count(t) for d in self.discards) - (1 if discarded else 0)
        for melds in self.melds:
            for m in melds:
                if m.kind != "ckong":
                    seen += m.tiles.count(t)
        return seen == 3

    def _self_flags(self, seat: int) -> list[str]:
        flags: list[str] = []
        if self._flag_last_of_kind and self.last_tile is not None and self._last_of_kind(seat, self.last_tile, False):
            flags.append("last_of_kind")
        if self._last_live:
            flags.append("last_wall_tile")
        if self._kong_chain:
            flags.append("kong_replacement")
        if seat == 0 and self.n_discards == 0 and not self.melds[0]:
            flags.append("heavenly")
        return flags

    def _claim_flags(self, seat: int, t: Tile, d: int, final: bool, rob: bool) -> list[str]:
        flags: list[str] = []
        if self._flag_last_of_kind and self._last_of_kind(seat, t, True, not rob):
            flags.append("last_of_kind")
        if not rob:
            if final:
                flags.append("final_discard")
            if d == 0 and self.n_discards == 1 and not any(self.melds):
                flags.append("earthly")  # only before any kong (East's concealed kong, here)
        return flags

    def _reaches_minimum(self, seat: int, t: Tile | None, d: int | None = None, final: bool = False, rob: bool = False) -> bool:
        """The ruleset's win check for a complete hand: self-drawn (``t`` None) or on ``t`` from ``d``."""
        return self.rules.can_win(self._candidate(seat, t, d, final, rob))

    def _candidate(self, seat: int, t: Tile | None, d: int | None, final: bool, rob: bool) -> ScoringWin:
        if t is None:
            assert self.last_tile is not None
            return self._scoring_win(seat, self.last_tile, "self_draw", None, self._self_flags(seat), False)
        win_type = "robbed_kong" if rob else "discard"
        return self._scoring_win(seat, t, win_type, d, self._claim_flags(seat, t, d if d is not None else -1, final, rob), True)

    def _score_win(self, win: ScoringWin, action: bool) -> None:
        if self.rules.scores_every_hand:
            ends = tuple(PlayerHand(tuple(tiles_of(self.hands[s])), self.melds[s], *self._flowers(s)) for s in range(4))
            outcome = self.rules.score_end(win, ends)
        else:
            outcome = self.rules.score(win)
        seat = win.seat
        ev: Event = {"type": "win", "seat": seat}
        if action:
            ev["action"] = "mahjong"
        ev.update(
            {
                "win": win.win,
                "tile": _TS[win.win_tile],
                "from": win.discarder,
                "prevailing": SEAT_LETTERS[self.prevailing],
                "flags": sorted(win.flags, key=_FLAG_ORDER.index),
                "concealed": format_tiles(win.concealed),
                "melds": [str(m) for m in win.melds],
                "flowers": list(win.flowers),
                "seasons": list(win.seasons),
            }
        )
        ev.update(self.rules.win_fields(outcome))
        self._emit(ev)
        detail = outcome.detail if isinstance(outcome.detail, ScoreResult) else None
        self._end("win", outcome.payments, seat, win.discarder, win.win, detail, outcome)

    def _self_drawn_win(self, seat: int) -> None:
        assert self.last_tile is not None
        self._score_win(self._scoring_win(seat, self.last_tile, "self_draw", None, self._self_flags(seat), False), True)

    def _win_on_claim(self, seat: int, d: int, t: Tile, rob: bool) -> None:
        win = self._scoring_win(seat, t, "robbed_kong" if rob else "discard", d, self._claim_flags(seat, t, d, self._final, rob), True)
        self.hands[seat][t] += 1
        self.n_concealed[seat] += 1
        self._wc[seat] = None
        self._keys[seat][t // 9] += _P5[t]
        if not rob:  # the robbed pung stays a pung
            self.discards[d] = self.discards[d][:-1]
            self.drawn_discards[d] = self.drawn_discards[d][:-1]
        self._score_win(win, False)

    def _explain(self, seat: int, extra: Tile | None) -> str:
        """Why ``seat``'s hand (with ``extra``, a tile on offer) is no Mahjong, citing the ruleset's
        own rules: its winning shapes (:attr:`~hkmj.rulesets.Ruleset.winning_shapes`) or its minimum.
        The hand is written without ``extra``, which follows it (``… with 7z``): 13 tiles and the
        one claimed, not the claimed tile twice (docs/record-format.md: older records wrote it in both)."""
        h = list(self.hands[seat])
        m = self.melds[seat]
        hand = format_tiles(tiles_of(h)) + "".join(f" + {x}" for x in m)
        if extra is not None:
            h[extra] += 1
        # the ruleset's shapes (MCR's knitted hands too, MCR-5.2.4, MCR-5.2.5); a wait on a fifth copy is none (HK-1)
        sh = distance_and_waits(h, len(m), self.rules.knitted_shapes, far_knitted=False)[0]
        with_tile = f" with {_TS[extra]}" if extra is not None else ""
        if sh < 0:  # complete, but under the ruleset's minimum
            rob = self.phase is _ROB
            d = self._offer_from if extra is not None else None
            outcome = self.rules.score(self._candidate(seat, extra, d, self._final and not rob, rob))
            return f"{hand}{with_tile} is complete but not a winning hand: {outcome.reason}"
        return f"{hand}{with_tile} is not a winning hand: it is not {self.rules.winning_shapes}; it is {_distance(sh)}"

    def _declare_false(self, seat: int) -> None:
        """HK-5.7: a Mahjong declaration that is not in the legal list (so not a winning hand).

        A teaching table refuses it, citing the ruleset's own rule (its ``false_mahjong_rule``:
        HK-5.7, MCR-5.4, CL-7.7).

        Under a ``dead_hand`` ruleset (MCR) the declaration is judged at once: the seat's hand
        is dead, it pays the ruleset's penalty, and the hand goes on (its answer counts as a pass).
        """
        in_window = self.phase is not _TURN
        extra = self._offer_tile if in_window else None
        if self.teaching:
            self._emit(
                {
                    "type": "mahjong_refused",
                    "seat": seat,
                    "action": "mahjong",
                    "reason": f"teaching table ({self.rules.false_mahjong_rule}): " + self._explain(seat, extra),
                }
            )
            return
        if self.rules.dead_hand:
            d = self._offer_from if in_window else None
            self._false_mahjong(seat, d, extra, self._explain(seat, extra), True)
            self.dead_hands[seat] = True
            self._wc[seat] = None
            if in_window:
                self._answers[seat] = PASS
                if len(self._answers) == len(self._offers):
                    self._resolve()
            return
        if in_window:
            self._answer(seat, WIN)  # judged with the other answers (HK-4.7)
        else:
            self._emit({"type": "declare", "seat": seat, "action": "mahjong"})
            self._penalty(seat, None, None, self._explain(seat, None))

    def _false_mahjong(self, seat: int, discarder: int | None, t: Tile | None, reason: str, dead: bool) -> tuple[int, int, int, int]:
        pay = self.rules.false_mahjong_payments(seat, discarder)
        ev: Event = {"type": "false_mahjong", "seat": seat}
        if dead:
            ev["action"] = "mahjong"
        ev.update(
            {
                "from": discarder,
                "tile": None if t is None else _TS[t],
                "concealed": format_tiles(tiles_of(self.hands[seat])),
                "melds": [str(m) for m in self.melds[seat]],
                "reason": reason,
                "payments": list(pay),
            }
        )
        if dead:
            ev["dead_hand"] = True
            for s in range(4):
                self._fines[s] += pay[s]
        self._emit(ev)
        return pay

    def _penalty(self, seat: int, discarder: int | None, t: Tile | None, reason: str) -> None:
        """A false Mahjong that ends the hand (HK-5.7, CL-7.7): the ruleset's
        :meth:`~hkmj.rulesets.Ruleset.false_mahjong_payments` (Hong Kong: the limit base to each
        other player, doubled to the discarder of a claimed tile; classical: the limit to each,
        East's share doubled).

        Engine ruling: a false Mahjong on an added kong treats the kong's player as the discarder
        (HK-4.10: the robbed player pays as a discarder).
        """
        pay = self._false_mahjong(seat, discarder, t, reason, False)
        self._end("penalty", pay, seat, discarder)

    def _exhaustive(self, seat: int) -> None:
        """HK-3.5, HK-7.1: the seat due to draw finds the live wall empty: a draw, no payment."""
        self._emit({"type": "exhaustive_draw", "seat": seat, "live": 0, "dead": self.dead_count})
        self._end("draw", (0, 0, 0, 0))

    def _end(
        self,
        kind: str,
        payments: tuple[int, int, int, int],
        seat: int | None = None,
        discarder: int | None = None,
        win_type: str | None = None,
        score: ScoreResult | None = None,
        outcome: Outcome | None = None,
    ) -> None:
        """End the hand; its payments add any dead-hand penalties paid during it."""
        f = self._fines
        if any(f):
            payments = (payments[0] + f[0], payments[1] + f[1], payments[2] + f[2], payments[3] + f[3])
        keeps = self.rules.dealer_keeps(kind, seat)
        result = HandResult(kind, payments, seat, discarder, win_type, score, outcome, keeps)
        self.result = result
        self.phase = _OVER
        self._emit(
            {
                "type": "hand_end",
                "result": kind,
                "seat": seat,
                "from": discarder,
                "payments": list(payments),
                "scores": [self.scores[s] + payments[s] for s in range(4)],
                "dealer_keeps": keeps,
            }
        )

    # ------------------------------------------------------------------ reasons

    def _why_illegal(self, seat: int, action: object) -> str:
        """Why ``action`` of ``seat`` is refused, in words that cite Hong Kong's rule numbers; the
        caller rewrites them to the table's own by :meth:`~hkmj.rulesets.Ruleset.cite`."""
        who = SEAT_LETTERS[seat]
        if isinstance(action, str):  # a record's `action` field, or the text a player typed
            return f"{action!r} is not an action but its text: apply(seat, parse_action({action!r})) plays it"
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        tile = getattr(action, "low" if isinstance(action, Chow) else "tile", 0)
        if not isinstance(tile, int) or not 0 <= tile < N_KINDS:  # its text form would fail
            return f"{action!r}: {tile!r} is not a playing tile (0-{N_KINDS - 1})"
        ph = self.phase
        if ph is _OVER:
            return f"{action}: the hand is over"
        if self.dead_hands[seat] and (
            isinstance(action, Win) or (ph is not _TURN and isinstance(action, (Pung, Chow, Kong)) and seat != self._offer_from)
        ):
            return f"{action}: {who}'s hand is dead after its false Mahjong (MCR-5.4): it may no longer win or claim"
        if ph is _TURN:
            if seat != self.turn:
                return f"{action}: it is {SEAT_LETTERS[self.turn]}'s turn, not {who}'s"
            h = self.hands[seat]
            if isinstance(action, Discard):
                return f"{action}: {who} holds no {_TS[action.tile]}"
            if isinstance(action, (Pass, Pung, Chow)) or (isinstance(action, Kong) and action.how == FROM_DISCARD):
                return f"{action}: no discard is on offer; it is {who}'s turn to discard"
            if not self._drawn:
                return f"{action}: after claiming a chow or pung, {who} must discard (HK-4.2, HK-4.3)"
            if isinstance(action, Kong) and action.how == CONCEALED:
                n = h[action.tile]
                return f"{action}: a concealed kong needs four {_TS[action.tile]} in hand; {who} holds {n} (HK-3.3)"
            if isinstance(action, Kong):
                if not any(m.kind == "pung" and m.tile == action.tile for m in self.melds[seat]):
                    return f"{action}: {who} has no exposed pung of {_TS[action.tile]} to add to (HK-3.3)"
                return f"{action}: {who} holds no {_TS[action.tile]} to add (HK-3.3)"
            return f"{action} is not legal now"
        t = _TS[self._offer_tile]
        what = "discard" if ph is _CLAIM else "added kong"
        if seat == self._offer_from:
            return f"{action}: {who} cannot claim its own {what} {t}; waiting for the other seats"
        if seat in self._answers:
            return f"{action}: {who} has already answered the {what} {t}"
        if seat not in self._offers:
            return f"{action}: {who} has no claim on the {what} {t} (HK-4) and passes automatically"
        if isinstance(action, Discard) or (isinstance(action, Kong) and action.how != FROM_DISCARD):
            return f"{action}: first answer the {what} {t} (pass or claim)"
        if ph is _ROB:
            return f"{action}: an added kong can be robbed only for Mahjong (HK-4.10); answer mahjong or pass"
        if self._final:
            return f"{action}: the final discard can be claimed only for Mahjong (HK-4.9)"
        d = self._offer_from
        if isinstance(action, Chow):
            if seat != (d + 1) % 4:
                return f"{action}: a chow can be claimed only from the player on your left (HK-4.2); {t} is {SEAT_LETTERS[d]}'s"
            if self._offer_tile not in action.tiles:
                return f"{action}: the chow must use the discard {t}"
            need = format_tiles(x for x in action.tiles if x != self._offer_tile)
            return f"{action}: {who} needs {need} in hand for this chow (HK-4.2)"
        if isinstance(action, Pung):
            return f"{action}: a pung needs two {t} in hand (HK-4.3)"
        if isinstance(action, Kong):
            if action.tile != self._offer_tile:
                return f"{action}: the discard on offer is {t}"
            return (
                f"{action}: a kong from a discard needs three {t} in hand (HK-4.4);"
                " a discard cannot turn an exposed pung into a kong"
            )
        return f"{action} is not legal now"
