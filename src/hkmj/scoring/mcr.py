"""The Chinese Official (MCR) scorer: the 81 fans as data, exclusions, payments (MCR-6 to MCR-8).

Each fan is one row of :data:`MCR_FANS` — id, English and French names, points, rule
number and a small predicate over a :class:`~hkmj.scoring.mcr_shape.McrShape` giving how
many times it applies. The exclusion principles (MCR-7) are data too:
:data:`EXCLUDES` lists, for each fan, the fans it makes redundant. A reading is scored
by evaluating the predicates (those that read the groups in one pass over them, and the
ones that read only the tiles or how the hand was won remembered by those), then walking
the fans from the highest down and striking the fans each remaining one excludes; the best
reading (highest total) wins (MCR-7.6).

>>> from hkmj.scoring import score_mcr_hand
>>> r = score_mcr_hand("123456789m111p11z", win_tile="1z", flowers=[1, 2])
>>> r.points, r.fan_points, r.winning, [(i.id, i.count) for i in r.items][:2]
(25, 23, True, [('pure_straight', 1), ('fully_concealed_hand', 1)])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hkmj.scoring.mcr_shape import (
    HONOURS_KNITTED,
    KNITTED,
    NINE_GATES,
    NO_MELDS,
    POW_OF,
    SEVEN_PAIRS,
    STANDARD,
    SUIT_OF,
    THIRTEEN_ORPHANS,
    HandFacts,
    McrShape,
    hand_facts,
    meld_facts,
    readings,
)
from hkmj.scoring.model import (
    WIN_TYPES,
    InvalidHand,
    Meld,
    Win,
    cite_refs,
    echo,
    holds_a_bool,
    is_bonus_number,
    meld_problem,
    raise_type_problem,
    reduce_frozen,
    win_seat_problem,
)
from hkmj.scoring.ruleset import _validate_tiles
from hkmj.tiles import EAST, N_KINDS, NORTH, SEAT_LETTERS, format_tiles, plural, tile_str, wind_letter

RULE_REFS: Final[Mapping[str, str]] = {
    "HK-1": "MCR-1.1",
    "HK-4.2, HK-5.2": "MCR-5.2",  # cited together: a chow's definition (the scorers' meld checks)
    "HK-1.3": "MCR-1.2",
    "HK-1.4": "MCR-1.1",  # the notation, and the longest hand and meld strings read
    "HK-3.2": "MCR-3.4",
    "HK-3.3": "MCR-3.2",
    "HK-3.4": "MCR-4.1",
    "HK-3.5": "MCR-3.3",
    "HK-4": "MCR-4",
    "HK-4.1": "MCR-4.1",
    "HK-4.2": "MCR-4.1",
    "HK-4.3": "MCR-4.1",
    "HK-4.4": "MCR-4.1",
    "HK-4.5": "MCR-4.1",
    "HK-4.7": "MCR-4.2",  # several Mahjong claims on one tile: the first after the discarder
    "HK-4.9": "MCR-3.3",
    "HK-4.10": "MCR-4.4",  # robbing an added kong
    "HK-5.1": "MCR-5.2",
    "HK-5.2": "MCR-5.2",
    "HK-5.3": "MCR-5.2",
    "HK-5.4": "MCR-5.2",
    "HK-5.5": "MCR-5.6",  # the winning tile: a draw, a discard or a robbed kong
    "HK-5.7": "MCR-5.4",
    "HK-6": "MCR-6",
    "HK-7.1": "MCR-3.3",
}
"""Each Hong Kong rule that generic code cites (the engine's reasons, the screens' words, the shared
checks' errors of ``hkmj score``) and the MCR rule of the same content, as docs/rules-mcr.md numbers
it: the one table :func:`~hkmj.scoring.model.cite_refs` rewrites by (:attr:`Ruleset.rule_refs`)."""

__all__ = [
    "MCR_FLAGS",
    "MCR_FANS",
    "EXCLUDES",
    "MIN_POINTS",
    "Fan",
    "McrItem",
    "McrResult",
    "score_mcr",
    "score_json_mcr",
    "validate_mcr",
    "mcr_payments",
]

MIN_POINTS: Final = 8
"""MCR-5.1: a hand needs 8 points, flowers not counted, to be declared."""

MCR_FLAGS: Final = ("last_wall_tile", "final_discard", "kong_replacement", "last_of_kind")
"""Win flags MCR reads (MCR-6.27, 6.40 to 6.42); ``robbed_kong`` is a win type."""
_FLAG_SET: Final = frozenset(MCR_FLAGS)
_BLESSINGS: Final[Mapping[str, str]] = {"heavenly": "a heavenly hand", "earthly": "an earthly hand"}
"""The Hong Kong flags of the blessing hands, which MCR-5.5 does not score: refused with that reason."""
_set: Final = object.__setattr__
_NATIVE: Final = not __file__.endswith(".py")
"""True when this module runs compiled by mypyc: ``__init__``s then store fields natively."""


@dataclass(frozen=True, slots=True)
class Fan:
    """One row of the MCR table (MCR-6.n, n the seed's number)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    id: str
    name: str
    name_fr: str
    points: int
    number: int
    count: Callable[[McrShape], int]
    scope: str = "reading"
    """What the predicate reads, so the scorer can skip it: ``hand`` (tiles and how the hand
    was won: once per hand), ``combo`` (the reading's combination fans), ``special`` (only a
    special shape scores it), ``pungs`` (needs a pung or kong), ``wait`` (needs a unique
    wait), ``win`` (reads only how the hand was won and its declared groups: remembered by
    that context) or ``reading``. The ``pungs``, ``reading`` and ``wait`` fans of a reading
    with groups are evaluated together in one pass (:func:`_group_fans`, checked against
    these predicates by ``tests/mcr/test_mcr_group_fans.py``)."""
    within: int = (1 << 34) - 1
    """Tile mask: the fan is impossible unless every tile of the hand is in it."""
    holds: int = (1 << 34) - 1
    """Tile mask: the fan is impossible unless the hand holds a tile of it."""
    kongs: bool = False
    """The fan is impossible without a kong."""

    @property
    def rule(self) -> str:
        return f"MCR-6.{self.number}"


@dataclass(frozen=True, slots=True)
class McrItem:
    """A fan present in the scored hand: its value per occurrence and how many times."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    id: str
    name: str
    name_fr: str
    points: int
    count: int

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "name_fr": self.name_fr, "points": self.points, "count": self.count}


@dataclass(frozen=True, slots=True, init=False)
class McrResult:
    """An MCR score (MCR-6, MCR-8): totals, the fans, and who pays whom."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    points: int
    """Total including flowers (MCR-6.13)."""
    fan_points: int
    """Total without flowers: what the 8-point minimum reads (MCR-5.1)."""
    winning: bool
    reason: str
    items: tuple[McrItem, ...]
    payments: tuple[int, int, int, int]
    shape: str = STANDARD

    def __init__(
        self,
        points: int,
        fan_points: int,
        winning: bool,
        reason: str,
        items: tuple[McrItem, ...],
        payments: tuple[int, int, int, int],
        shape: str = STANDARD,
    ) -> None:
        # written out (init=False). Compiled: native stores (mypyc ignores the frozen dataclass
        # __setattr__, which still guards every assignment from outside). Pure Python: the
        # instance is a _Draft (same slots, no __setattr__) while its fields are stored, which
        # is several times faster than object.__setattr__ for each
        cls = type(self)
        if not _NATIVE:
            _set(self, "__class__", _Draft)
        self.points = points  # type: ignore[misc]
        self.fan_points = fan_points  # type: ignore[misc]
        self.winning = winning  # type: ignore[misc]
        self.reason = reason  # type: ignore[misc]
        self.items = items  # type: ignore[misc]
        self.payments = payments  # type: ignore[misc]
        self.shape = shape  # type: ignore[misc]
        if not _NATIVE:
            _set(self, "__class__", cls)

    def format(self, lang: str = "en", roles: Sequence[str] = ()) -> str:
        """A human table in English or French (``hkmj score --rules mcr``): each fan with
        its count and points, the totals, the 8-point check and the payments, each labelled by
        ``roles`` (E S W N: winner, discarder...) when given."""
        fr = lang == "fr"
        words = _FR_WORDS if fr else _EN_WORDS
        lines = [f"{words['fan']:<40} {'n':>2} {words['points']:>6}", "-" * 50]
        for i in self.items:
            lines.append(f"{i.name_fr if fr else i.name:<40} {i.count:>2} {i.points * i.count:>6}")
        lines.append("-" * 50)
        lines.append(f"{words['total']:<43} {self.points:>6}")
        lines.append(f"{words['minimum']:<43} {self.fan_points:>6}")
        if not self.winning:
            lines.append(words["not_winning"])
            return "\n".join(lines)
        colon = "\u00a0:" if fr else ":"
        lines.append(f"{words['payments']}{colon}")
        for s in range(4):
            role = roles[s] if s < len(roles) else ""
            lines.append(f"  {wind_letter(s, lang)} {self.payments[s]:>+6}  {role}".rstrip())
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        """The machine form of ``hkmj score --rules mcr`` (docs/scoring.md)."""
        out: dict[str, object] = {
            "valid": True,
            "rules": "mcr",
            "points": self.points,
            "fan_points": self.fan_points,
            "winning": self.winning,
            "items": [i.to_dict() for i in self.items],
            "payments": {SEAT_LETTERS[s]: self.payments[s] for s in range(4)},
        }
        if not self.winning:
            out["reason"] = self.reason
        return out


class _Draft:
    """:class:`McrResult`'s slots, in the same order, without its frozen ``__setattr__``
    (pure Python: see ``McrResult.__init__``)."""

    __slots__ = ("points", "fan_points", "winning", "reason", "items", "payments", "shape")


if not _NATIVE:  # the same layout, or the class change fails (read by name: mypyc types slots per instance)
    assert getattr(_Draft, "__slots__") == getattr(McrResult, "__slots__")  # noqa: B009

_EN_WORDS: Final = {
    "fan": "Fan",
    "points": "points",
    "total": "Total (flowers included)",
    "minimum": "Without flowers (8 needed, MCR-5.1)",
    "not_winning": "Under 8 points without flowers: not a winning hand (MCR-5.1)",
    "payments": "Payments (MCR-8)",
}
_FR_WORDS: Final = {
    "fan": "Fan",  # as the table's end screen and the browser head the column (it said "Combinaison")
    "points": "points",
    "total": "Total (fleurs comprises)",
    "minimum": "Sans les fleurs (8 requis, MCR-5.1)",
    "not_winning": "Moins de 8 points sans les fleurs\u00a0: main non gagnante (MCR-5.1)",
    "payments": "Paiements (MCR-8)",
}


# --- predicates, one per fan -----------------------------------------------------------------
# ``s.hand`` holds what does not depend on the reading; ``s.combos`` the multi-group fans.
# A fan counted at most once returns its test's bool (an int, 1 or 0: no int() call per fan).


class _Combo:
    """A fan made of several groups, read from the reading's combinations (MCR-7.4, 7.5)."""

    __slots__ = ("fan_id", "definition")

    def __init__(self, fan_id: str, definition: str) -> None:
        self.fan_id = fan_id
        self.definition = definition
        """``MCR-6.n: what the fan is`` (the docstring of a plain predicate)."""

    def __call__(self, s: McrShape) -> int:
        return s.combos.get(self.fan_id, 0)


def _combo(fan_id: str, rule: str, definition: str) -> Callable[[McrShape], int]:
    return _Combo(fan_id, f"{rule}: {definition}")


def _mask(tiles: tuple[int, ...]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


_GREEN: Final = _mask((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 bamboo, Green dragon
_REVERSIBLE: Final = _mask((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))  # 1234589p 245689s White
_TERMINALS: Final = _mask((0, 8, 9, 17, 18, 26))
_ORPHANS: Final = _TERMINALS | _mask(tuple(range(27, 34)))
_SUITED: Final = (1 << 27) - 1
_WINDS: Final = _mask((27, 28, 29, 30))
_DRAGONS: Final = _mask((31, 32, 33))
_HONOURS: Final = _WINDS | _DRAGONS


def _ranks_mask(*ranks: int) -> int:
    """The suited tiles of these ranks (1-9) in the three suits."""
    return _mask(tuple(9 * s + r - 1 for s in range(3) for r in ranks))


_EVEN: Final = _ranks_mask(2, 4, 6, 8)


def _only(s: McrShape, allowed: int) -> bool:
    """True when every tile of the hand is in the ``allowed`` tile mask."""
    return s.hand.mask & ~allowed == 0


def _ranks_within(s: McrShape, low: int, high: int) -> bool:
    """True when the hand has no honour and every rank is in low..high."""
    return not s.hand.honours and s.hand.ranks & ~((1 << high) - (1 << (low - 1))) == 0


def _missing_suits(s: McrShape) -> int:
    suits = s.hand.suits
    return 3 - ((suits & 1) + (suits >> 1 & 1) + (suits >> 2 & 1))


def _groups_in(s: McrShape, chow_ranks: tuple[int, ...], pung_ranks: tuple[int, ...], honours: bool) -> bool:
    """True for a four-groups-and-a-pair reading whose every chow starts on a rank index
    (0-8) in ``chow_ranks`` and whose every pung, kong and the pair has a rank index in
    ``pung_ranks`` or, when ``honours``, is an honour (MCR-6.24, 52, 57)."""
    if s.kind != STANDARD:
        return False
    for t in s.chows:
        if t % 9 not in chow_ranks:
            return False
    for t in s.pungs:
        if (not honours or t < 27) and (t >= 27 or t % 9 not in pung_ranks):
            return False
    t = s.pair
    return (honours and t >= 27) or (t < 27 and t % 9 in pung_ranks)


def big_four_winds(s: McrShape) -> int:
    """MCR-6.75: pungs or kongs of all four winds."""
    return sum(1 for t in s.pungs if EAST <= t <= NORTH) == 4


def big_three_dragons(s: McrShape) -> int:
    """MCR-6.76: pungs or kongs of the three dragons."""
    return s.combos.get("big_three_dragons", 0)


def all_green(s: McrShape) -> int:
    """MCR-6.77: only 2 3 4 6 8 bamboo and Green dragons."""
    return _only(s, _GREEN)


def nine_gates(s: McrShape) -> int:
    """MCR-6.78: 1112345678999 of one suit, concealed, plus any tile of that suit."""
    return s.kind == NINE_GATES


def four_kongs(s: McrShape) -> int:
    """MCR-6.79: four kongs, exposed or concealed."""
    return s.hand.n_melded_kongs + s.hand.n_concealed_kongs == 4


def seven_shifted_pairs(s: McrShape) -> int:
    """MCR-6.80: seven consecutive pairs of one suit."""
    return s.kind == SEVEN_PAIRS and s.extra_rank == 1


def thirteen_orphans(s: McrShape) -> int:
    """MCR-6.81: one of each terminal and honour, plus a second of one of them."""
    return s.kind == THIRTEEN_ORPHANS


def all_terminals(s: McrShape) -> int:
    """MCR-6.69: only 1s and 9s."""
    return _only(s, _TERMINALS)


def little_four_winds(s: McrShape) -> int:
    """MCR-6.70: three wind pungs and a wind pair."""
    return s.combos.get("big_three_winds", 0) == 1 and EAST <= s.pair <= NORTH


def little_three_dragons(s: McrShape) -> int:
    """MCR-6.71: two dragon pungs and a dragon pair."""
    return s.combos.get("two_dragon_pungs", 0) == 1 and s.pair > NORTH


def all_honors(s: McrShape) -> int:
    """MCR-6.72: only winds and dragons."""
    return s.hand.suits == 0


def four_concealed_pungs(s: McrShape) -> int:
    """MCR-6.73: four concealed pungs or kongs."""
    return s.concealed_pungs == 4


pure_terminal_chows = _combo("pure_terminal_chows", "MCR-6.74", "two 123 and two 789 of one suit, a pair of 5 of that suit.")
quadruple_chow = _combo("quadruple_chow", "MCR-6.67", "four identical chows.")
four_pure_shifted_pungs = _combo("four_pure_shifted_pungs", "MCR-6.68", "four pungs of one suit, each one above the last.")
four_pure_shifted_chows = _combo(
    "four_pure_shifted_chows", "MCR-6.64", "four chows of one suit, each one (or each two) above the last."
)


def three_kongs(s: McrShape) -> int:
    """MCR-6.65: three kongs."""
    return s.hand.n_melded_kongs + s.hand.n_concealed_kongs == 3


def all_terminals_and_honors(s: McrShape) -> int:
    """MCR-6.66: only terminals and honours, with both present."""
    h = s.hand
    return h.honours and h.suits != 0 and _only(s, _ORPHANS)


def seven_pairs(s: McrShape) -> int:
    """MCR-6.55: seven pairs (four identical tiles may be two pairs)."""
    return s.kind == SEVEN_PAIRS


def greater_honors_and_knitted_tiles(s: McrShape) -> int:
    """MCR-6.56: the seven honours and seven tiles of one knitted straight, all single."""
    return s.kind == HONOURS_KNITTED and s.extra_rank == 7


def all_even_pungs(s: McrShape) -> int:
    """MCR-6.57: pungs and a pair of 2, 4, 6 or 8 only."""
    return _groups_in(s, (), (1, 3, 5, 7), False)


def full_flush(s: McrShape) -> int:
    """MCR-6.58: one suit, no honours."""
    return _missing_suits(s) == 2 and not s.hand.honours


pure_triple_chow = _combo("pure_triple_chow", "MCR-6.59", "three identical chows.")
pure_shifted_pungs = _combo("pure_shifted_pungs", "MCR-6.60", "three pungs of one suit, each one above the last.")


def upper_tiles(s: McrShape) -> int:
    """MCR-6.61: only 7, 8 and 9."""
    return _ranks_within(s, 7, 9)


def middle_tiles(s: McrShape) -> int:
    """MCR-6.62: only 4, 5 and 6."""
    return _ranks_within(s, 4, 6)


def lower_tiles(s: McrShape) -> int:
    """MCR-6.63: only 1, 2 and 3."""
    return _ranks_within(s, 1, 3)


pure_straight = _combo("pure_straight", "MCR-6.49", "123, 456 and 789 of one suit.")
three_suited_terminal_chows = _combo(
    "three_suited_terminal_chows", "MCR-6.50", "123 and 789 of two suits, a pair of 5 of the third."
)
pure_shifted_chows = _combo("pure_shifted_chows", "MCR-6.51", "three chows of one suit, each one (or each two) above the last.")


def all_five(s: McrShape) -> int:
    """MCR-6.52: every group and the pair hold a 5."""
    return _groups_in(s, (2, 3, 4), (4,), False)


triple_pung = _combo("triple_pung", "MCR-6.53", "pungs of the same number in the three suits.")


def three_concealed_pungs(s: McrShape) -> int:
    """MCR-6.54: three concealed pungs or kongs."""
    return s.concealed_pungs == 3


def lesser_honors_and_knitted_tiles(s: McrShape) -> int:
    """MCR-6.44: fourteen single tiles, honours and tiles of one knitted straight."""
    return s.kind == HONOURS_KNITTED and s.extra_rank > 7


def knitted_straight(s: McrShape) -> int:
    """MCR-6.45: 147, 258 and 369 in three different suits."""
    return s.kind == KNITTED or (s.kind == HONOURS_KNITTED and s.extra_rank == 9)


def upper_four(s: McrShape) -> int:
    """MCR-6.46: only 6 to 9 (with a 6)."""
    return _ranks_within(s, 6, 9) and s.hand.ranks & 1 << 5 != 0


def lower_four(s: McrShape) -> int:
    """MCR-6.47: only 1 to 4 (with a 4)."""
    return _ranks_within(s, 1, 4) and s.hand.ranks & 1 << 3 != 0


def big_three_winds(s: McrShape) -> int:
    """MCR-6.48: three wind pungs or kongs."""
    return s.combos.get("big_three_winds", 0)


mixed_straight = _combo("mixed_straight", "MCR-6.35", "123, 456 and 789, each in a different suit.")


def reversible_tiles(s: McrShape) -> int:
    """MCR-6.36: only tiles that look the same upside down."""
    return _only(s, _REVERSIBLE)


mixed_triple_chow = _combo("mixed_triple_chow", "MCR-6.37", "the same chow in the three suits.")
mixed_shifted_pungs = _combo("mixed_shifted_pungs", "MCR-6.38", "pungs in the three suits, numbers one apart.")


def chicken_hand(s: McrShape) -> int:
    """MCR-6.39: no other fan at all (flowers aside); decided after the exclusions."""
    return 0


def last_tile_draw(s: McrShape) -> int:
    """MCR-6.40: self-drawn on the last tile of the wall."""
    return s.hand.self_drawn and "last_wall_tile" in s.hand.win.flags


def last_tile_claim(s: McrShape) -> int:
    """MCR-6.41: won on the final discard."""
    return "final_discard" in s.hand.win.flags


def out_with_replacement_tile(s: McrShape) -> int:
    """MCR-6.42: self-drawn on a kong's replacement tile."""
    return s.hand.self_drawn and "kong_replacement" in s.hand.win.flags


def robbing_the_kong(s: McrShape) -> int:
    """MCR-6.43: won on the tile another player adds to a pung."""
    return s.hand.win.win == "robbed_kong"


def all_pungs(s: McrShape) -> int:
    """MCR-6.28: four pungs or kongs."""
    return s.kind == STANDARD and len(s.pungs) == 4


def half_flush(s: McrShape) -> int:
    """MCR-6.29: one suit plus honours."""
    return _missing_suits(s) == 2 and s.hand.honours


mixed_shifted_chows = _combo("mixed_shifted_chows", "MCR-6.30", "chows in the three suits, each starting one above the last.")


def all_types(s: McrShape) -> int:
    """MCR-6.31: the three suits, winds and dragons."""
    h = s.hand
    return h.suits == 7 and h.has_winds and h.has_dragons


def melded_hand(s: McrShape) -> int:
    """MCR-6.32: four exposed groups, won on a discard with the pair."""
    return s.hand.n_exposed == 4 and not s.hand.self_drawn


def two_concealed_kongs(s: McrShape) -> int:
    """MCR-6.33: two concealed kongs (and no third kong)."""
    h = s.hand
    return h.n_concealed_kongs == 2 and h.n_melded_kongs == 0


two_dragon_pungs = _combo("two_dragon_pungs", "MCR-6.34", "two dragon pungs or kongs.")


def outside_hand(s: McrShape) -> int:
    """MCR-6.24: every group and the pair hold a terminal or an honour."""
    return _groups_in(s, (0, 6), (0, 8), True)


def fully_concealed_hand(s: McrShape) -> int:
    """MCR-6.25: no exposed group, self-drawn."""
    return s.hand.n_exposed == 0 and s.hand.self_drawn


def two_melded_kongs(s: McrShape) -> int:
    """MCR-6.26: two exposed kongs (and no third kong)."""
    h = s.hand
    return h.n_melded_kongs == 2 and h.n_concealed_kongs == 0


def last_tile(s: McrShape) -> int:
    """MCR-6.27: won on the last tile of its kind, the other three in sight."""
    return s.hand.last_of_kind


def dragon_pung(s: McrShape) -> int:
    """MCR-6.14: each pung or kong of dragons."""
    return sum(1 for t in s.pungs if t > NORTH)


def prevalent_wind(s: McrShape) -> int:
    """MCR-6.15: a pung or kong of the prevailing wind."""
    return EAST + s.hand.win.prevailing in s.pungs


def seat_wind(s: McrShape) -> int:
    """MCR-6.16: a pung or kong of the seat wind."""
    return EAST + s.hand.win.seat in s.pungs


def concealed_hand(s: McrShape) -> int:
    """MCR-6.17: no exposed group, won on a discard."""
    return s.hand.n_exposed == 0 and not s.hand.self_drawn


def all_chows(s: McrShape) -> int:
    """MCR-6.18: four chows (a knitted straight counts as three) and a suited pair."""
    n = len(s.chows) + (3 if s.kind == KNITTED else 0)
    return n == 4 and 0 <= s.pair < 27


def tile_hog(s: McrShape) -> int:
    """MCR-6.19: each set of four identical tiles not declared as a kong."""
    h = s.hand
    return h.fours - h.n_melded_kongs - h.n_concealed_kongs


double_pung = _combo("double_pung", "MCR-6.20", "two pungs of the same number in two suits.")


def two_concealed_pungs(s: McrShape) -> int:
    """MCR-6.21: two concealed pungs or kongs."""
    return s.concealed_pungs == 2


def concealed_kong(s: McrShape) -> int:
    """MCR-6.22: one concealed kong (with at most one other kong, exposed)."""
    h = s.hand
    return h.n_concealed_kongs == 1 and h.n_melded_kongs <= 1


def all_simples(s: McrShape) -> int:
    """MCR-6.23: no terminals, no honours."""
    return s.hand.mask & _ORPHANS == 0


pure_double_chow = _combo("pure_double_chow", "MCR-6.1", "two identical chows.")
mixed_double_chow = _combo("mixed_double_chow", "MCR-6.2", "two chows of the same numbers in two suits.")
short_straight = _combo("short_straight", "MCR-6.3", "two chows of one suit that continue each other (123 456).")
two_terminal_chows = _combo("two_terminal_chows", "MCR-6.4", "123 and 789 of one suit.")


def pung_of_terminals_or_honors(s: McrShape) -> int:
    """MCR-6.5: each pung or kong of terminals, or of a wind that is neither seat nor
    prevailing wind; the winds of Big Three Winds are already counted there."""
    seat = EAST + s.hand.win.seat
    prevailing = EAST + s.hand.win.prevailing
    three_winds = s.combos.get("big_three_winds", 0)
    n = 0
    for t in s.pungs:
        if t < 27:
            n += t % 9 in (0, 8)
        elif t <= NORTH and not three_winds and t != seat and t != prevailing:
            n += 1
    return n


def melded_kong(s: McrShape) -> int:
    """MCR-6.6: one exposed kong (with at most one other kong, concealed)."""
    h = s.hand
    return h.n_melded_kongs == 1 and h.n_concealed_kongs <= 1


def one_voided_suit(s: McrShape) -> int:
    """MCR-6.7: exactly one of the three suits missing."""
    return _missing_suits(s) == 1


def no_honors(s: McrShape) -> int:
    """MCR-6.8: no winds or dragons."""
    return not s.hand.honours


def edge_wait(s: McrShape) -> int:
    """MCR-6.9: the only winning tile, completing 12-3 or 7-89."""
    return s.wait == "edge_wait"


def closed_wait(s: McrShape) -> int:
    """MCR-6.10: the only winning tile, completing the middle of a chow."""
    return s.wait == "closed_wait"


def single_wait(s: McrShape) -> int:
    """MCR-6.11: the only winning tile, completing the pair."""
    return s.wait == "single_wait"


def self_drawn(s: McrShape) -> int:
    """MCR-6.12: the winning tile drawn from the wall (or a replacement)."""
    return s.hand.self_drawn


def flower_tiles(s: McrShape) -> int:
    """MCR-6.13: each flower or season, 1 point, outside the 8-point minimum."""
    return s.hand.flowers


MCR_FANS: Final[tuple[Fan, ...]] = (
    # 88 points
    Fan("big_four_winds", "Big Four Winds", "Quatre Grands Vents", 88, 75, big_four_winds, scope="pungs", holds=_WINDS),
    Fan("big_three_dragons", "Big Three Dragons", "Trois Grands Dragons", 88, 76, big_three_dragons, scope="combo"),
    Fan("all_green", "All Green", "Main Verte", 88, 77, all_green, scope="hand", within=_GREEN),
    Fan("nine_gates", "Nine Gates", "Neuf Portes", 88, 78, nine_gates, scope="special"),
    Fan("four_kongs", "Four Kongs", "Quatre Kong", 88, 79, four_kongs, scope="win", kongs=True),
    Fan(
        "seven_shifted_pairs",
        "Seven Shifted Pairs",
        "Sept Paires pures consécutives",
        88,
        80,
        seven_shifted_pairs,
        scope="special",
    ),
    Fan("thirteen_orphans", "Thirteen Orphans", "Treize lanternes merveilleuses", 88, 81, thirteen_orphans, scope="special"),
    # 64 points
    Fan("all_terminals", "All Terminals", "Tout Extrémités", 64, 69, all_terminals, scope="hand", within=_TERMINALS),
    Fan("little_four_winds", "Little Four Winds", "Quatre Petits Vents", 64, 70, little_four_winds, scope="pungs", holds=_WINDS),
    Fan(
        "little_three_dragons",
        "Little Three Dragons",
        "Trois Petits Dragons",
        64,
        71,
        little_three_dragons,
        scope="pungs",
        holds=_DRAGONS,
    ),
    Fan("all_honors", "All Honors", "Tout Honneurs", 64, 72, all_honors, scope="hand", within=_HONOURS),
    Fan("four_concealed_pungs", "Four Concealed Pungs", "Quatre Pung Cachés", 64, 73, four_concealed_pungs, scope="pungs"),
    Fan("pure_terminal_chows", "Pure Terminal Chows", "Chow d'Extrémités Purs", 64, 74, pure_terminal_chows, scope="combo"),
    # 48 points
    Fan("quadruple_chow", "Quadruple Chow", "Quadruple Chow", 48, 67, quadruple_chow, scope="combo"),
    Fan(
        "four_pure_shifted_pungs",
        "Four Pure Shifted Pungs",
        "Quatre Pung Purs Consécutifs",
        48,
        68,
        four_pure_shifted_pungs,
        scope="combo",
    ),
    # 32 points
    Fan(
        "four_pure_shifted_chows",
        "Four Pure Shifted Chows",
        "Quatre Chow Purs Superposés",
        32,
        64,
        four_pure_shifted_chows,
        scope="combo",
    ),
    Fan("three_kongs", "Three Kongs", "Trois Kong", 32, 65, three_kongs, scope="win", kongs=True),
    Fan(
        "all_terminals_and_honors",
        "All Terminals and Honors",
        "Tout Extrémités et Honneurs",
        32,
        66,
        all_terminals_and_honors,
        scope="hand",
        within=_ORPHANS,
        holds=_HONOURS,
    ),
    # 24 points
    Fan("seven_pairs", "Seven Pairs", "Sept Paires", 24, 55, seven_pairs, scope="special"),
    Fan(
        "greater_honors_and_knitted_tiles",
        "Greater Honors and Knitted Tiles",
        "Honneurs Supérieurs et Tuiles Cousues",
        24,
        56,
        greater_honors_and_knitted_tiles,
        scope="special",
    ),
    Fan("all_even_pungs", "All Even Pungs", "Tout Pair", 24, 57, all_even_pungs, scope="pungs", within=_EVEN),
    Fan("full_flush", "Full Flush", "Main Pure", 24, 58, full_flush, scope="hand", within=_SUITED),
    Fan("pure_triple_chow", "Pure Triple Chow", "Triple Chow Purs", 24, 59, pure_triple_chow, scope="combo"),
    Fan("pure_shifted_pungs", "Pure Shifted Pungs", "Trois Pung Purs Consécutifs", 24, 60, pure_shifted_pungs, scope="combo"),
    Fan("upper_tiles", "Upper Tiles", "Tuiles Supérieures", 24, 61, upper_tiles, scope="hand", within=_ranks_mask(7, 8, 9)),
    Fan("middle_tiles", "Middle Tiles", "Tuiles Médianes", 24, 62, middle_tiles, scope="hand", within=_ranks_mask(4, 5, 6)),
    Fan("lower_tiles", "Lower Tiles", "Tuiles Inférieures", 24, 63, lower_tiles, scope="hand", within=_ranks_mask(1, 2, 3)),
    # 16 points
    Fan("pure_straight", "Pure Straight", "Grande Suite Pure", 16, 49, pure_straight, scope="combo"),
    Fan(
        "three_suited_terminal_chows",
        "Three-Suited Terminal Chows",
        "Chow Terminaux à Trois Suites",
        16,
        50,
        three_suited_terminal_chows,
        scope="combo",
    ),
    Fan("pure_shifted_chows", "Pure Shifted Chows", "Trois Chow Purs Superposés", 16, 51, pure_shifted_chows, scope="combo"),
    Fan("all_five", "All Five", "Tout Cinq", 16, 52, all_five, within=_ranks_mask(3, 4, 5, 6, 7)),
    Fan("triple_pung", "Triple Pung", "Triple Pung", 16, 53, triple_pung, scope="combo"),
    Fan("three_concealed_pungs", "Three Concealed Pungs", "Trois Pung Cachés", 16, 54, three_concealed_pungs, scope="pungs"),
    # 12 points
    Fan(
        "lesser_honors_and_knitted_tiles",
        "Lesser Honors and Knitted Tiles",
        "Honneurs Inférieurs et Tuiles Cousues",
        12,
        44,
        lesser_honors_and_knitted_tiles,
        scope="special",
    ),
    Fan("knitted_straight", "Knitted Straight", "Suite Cousue", 12, 45, knitted_straight, scope="special"),
    Fan("upper_four", "Upper Four", "Quatre Supérieurs", 12, 46, upper_four, scope="hand", within=_ranks_mask(6, 7, 8, 9)),
    Fan("lower_four", "Lower Four", "Quatre Inférieurs", 12, 47, lower_four, scope="hand", within=_ranks_mask(1, 2, 3, 4)),
    Fan("big_three_winds", "Big Three Winds", "Trois Grands Vents", 12, 48, big_three_winds, scope="combo"),
    # 8 points
    Fan("mixed_straight", "Mixed Straight", "Grande Suite Mélangée", 8, 35, mixed_straight, scope="combo"),
    Fan("reversible_tiles", "Reversible Tiles", "Tuiles Symétriques", 8, 36, reversible_tiles, scope="hand", within=_REVERSIBLE),
    Fan("mixed_triple_chow", "Mixed Triple Chow", "Trois Chow Identiques", 8, 37, mixed_triple_chow, scope="combo"),
    Fan("mixed_shifted_pungs", "Mixed Shifted Pungs", "Trois Pung Consécutifs", 8, 38, mixed_shifted_pungs, scope="combo"),
    Fan("chicken_hand", "Chicken Hand", "Main du Poulet", 8, 39, chicken_hand, scope="hand", within=0),
    Fan("last_tile_draw", "Last Tile Draw", "Pioche la Dernière Tuile", 8, 40, last_tile_draw, scope="win"),
    Fan("last_tile_claim", "Last Tile Claim", "Réclamer la Dernière Tuile", 8, 41, last_tile_claim, scope="win"),
    Fan(
        "out_with_replacement_tile",
        "Out with Replacement Tile",
        "Finir sur un Kong",
        8,
        42,
        out_with_replacement_tile,
        scope="win",
    ),
    Fan("robbing_the_kong", "Robbing the Kong", "Voler un Kong", 8, 43, robbing_the_kong, scope="win"),
    # 6 points
    Fan("all_pungs", "All Pungs", "Tout Pung", 6, 28, all_pungs, scope="pungs"),
    Fan("half_flush", "Half Flush", "Main Propre", 6, 29, half_flush, scope="hand", holds=_HONOURS),
    Fan("mixed_shifted_chows", "Mixed Shifted Chows", "Trois Chow Superposés", 6, 30, mixed_shifted_chows, scope="combo"),
    Fan("all_types", "All Types", "Tous Types", 6, 31, all_types, scope="hand", holds=_HONOURS),
    Fan("melded_hand", "Melded Hand", "Main Exposée", 6, 32, melded_hand, scope="win"),
    Fan("two_concealed_kongs", "Two Concealed Kongs", "Deux Kong Cachés", 6, 33, two_concealed_kongs, scope="win", kongs=True),
    Fan("two_dragon_pungs", "Two Dragon Pungs", "Deux Dragons", 6, 34, two_dragon_pungs, scope="combo"),
    # 4 points
    Fan("outside_hand", "Outside Hand", "Main d'Extrémités", 4, 24, outside_hand, holds=_ORPHANS),
    Fan("fully_concealed_hand", "Fully Concealed Hand", "Main Entièrement Cachée", 4, 25, fully_concealed_hand, scope="win"),
    Fan("two_melded_kongs", "Two Melded Kongs", "Deux Kong Exposés", 4, 26, two_melded_kongs, scope="win", kongs=True),
    Fan("last_tile", "Last Tile", "Dernière Tuile", 4, 27, last_tile, scope="win"),
    # 2 points
    Fan("dragon_pung", "Dragon Pung", "Pung de Dragon", 2, 14, dragon_pung, scope="pungs", holds=_DRAGONS),
    Fan("prevalent_wind", "Prevalent Wind", "Vent Dominant", 2, 15, prevalent_wind, scope="pungs", holds=_WINDS),
    Fan("seat_wind", "Seat Wind", "Vent du Joueur", 2, 16, seat_wind, scope="pungs", holds=_WINDS),
    Fan("concealed_hand", "Concealed Hand", "Tout Caché Donné", 2, 17, concealed_hand, scope="win"),
    Fan("all_chows", "All Chows", "Tout Chow", 2, 18, all_chows, within=_SUITED),
    Fan("tile_hog", "Tile Hog", "Quatre Identiques", 2, 19, tile_hog, scope="hand"),
    Fan("double_pung", "Double Pung", "Double Pung", 2, 20, double_pung, scope="combo"),
    Fan("two_concealed_pungs", "Two Concealed Pungs", "Deux Pung Cachés", 2, 21, two_concealed_pungs, scope="pungs"),
    Fan("concealed_kong", "Concealed Kong", "Kong Caché", 2, 22, concealed_kong, scope="win", kongs=True),
    Fan("all_simples", "All Simples", "Tout Ordinaire", 2, 23, all_simples, scope="hand", within=_SUITED & ~_TERMINALS),
    # 1 point
    Fan("pure_double_chow", "Pure Double Chow", "Deux Chow Purs", 1, 1, pure_double_chow, scope="combo"),
    Fan("mixed_double_chow", "Mixed Double Chow", "Deux Chow Identiques Mélangés", 1, 2, mixed_double_chow, scope="combo"),
    Fan("short_straight", "Short Straight", "Petite Suite Pure", 1, 3, short_straight, scope="combo"),
    Fan("two_terminal_chows", "Two Terminal Chows", "Deux Chow Purs d'Extrémités", 1, 4, two_terminal_chows, scope="combo"),
    Fan(
        "pung_of_terminals_or_honors",
        "Pung of Terminals or Honors",
        "Pung d'Extrémités ou d'Honneurs",
        1,
        5,
        pung_of_terminals_or_honors,
        scope="pungs",
        holds=_TERMINALS | _WINDS,
    ),
    Fan("melded_kong", "Melded Kong", "Kong Exposé", 1, 6, melded_kong, scope="win", kongs=True),
    Fan("one_voided_suit", "One Voided Suit", "Une Famille Absente", 1, 7, one_voided_suit, scope="hand"),
    Fan("no_honors", "No Honors", "Pas d'Honneur", 1, 8, no_honors, scope="hand", within=_SUITED),
    Fan("edge_wait", "Edge Wait", "Attente d'un Côté", 1, 9, edge_wait, scope="wait"),
    Fan("closed_wait", "Closed Wait", "Attente au Milieu", 1, 10, closed_wait, scope="wait"),
    Fan("single_wait", "Single Wait", "Attente Simple", 1, 11, single_wait, scope="wait"),
    Fan("self_drawn", "Self-Drawn", "Pioche", 1, 12, self_drawn, scope="win"),
    Fan("flower_tiles", "Flower Tiles", "Tuile de Fleur", 1, 13, flower_tiles, scope="hand"),
)
"""The 81 fans, highest first (MCR-6)."""

EXCLUDES: Final[dict[str, tuple[str, ...]]] = {
    # non-repeat principle (MCR-7.1): a fan implied by a bigger one is not counted again
    "big_four_winds": ("big_three_winds", "all_pungs", "prevalent_wind", "seat_wind", "pung_of_terminals_or_honors"),
    "big_three_dragons": ("dragon_pung", "two_dragon_pungs"),
    "all_green": ("half_flush", "one_voided_suit"),
    "nine_gates": ("full_flush", "concealed_hand", "fully_concealed_hand", "no_honors"),
    "four_kongs": ("three_kongs", "all_pungs", "single_wait"),
    "seven_shifted_pairs": ("seven_pairs", "full_flush", "concealed_hand", "fully_concealed_hand", "single_wait", "no_honors"),
    "thirteen_orphans": (
        "all_types",
        "concealed_hand",
        "fully_concealed_hand",
        "single_wait",
        "all_terminals_and_honors",
    ),
    "all_terminals": (
        "all_terminals_and_honors",
        "all_pungs",
        "outside_hand",
        "pung_of_terminals_or_honors",
        "no_honors",
        "double_pung",
    ),
    "little_four_winds": ("big_three_winds", "pung_of_terminals_or_honors"),
    "little_three_dragons": ("two_dragon_pungs", "dragon_pung"),
    "all_honors": ("all_terminals_and_honors", "all_pungs", "outside_hand", "pung_of_terminals_or_honors", "one_voided_suit"),
    "four_concealed_pungs": ("all_pungs", "concealed_hand", "fully_concealed_hand"),
    "pure_terminal_chows": ("seven_pairs", "full_flush", "all_chows", "no_honors"),
    "quadruple_chow": ("tile_hog",),
    "four_pure_shifted_pungs": ("all_pungs",),
    "all_terminals_and_honors": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
    "seven_pairs": ("concealed_hand", "fully_concealed_hand", "single_wait"),
    "greater_honors_and_knitted_tiles": ("all_types", "concealed_hand", "fully_concealed_hand", "single_wait"),
    "all_even_pungs": ("all_pungs", "all_simples", "no_honors"),
    "full_flush": ("one_voided_suit", "no_honors"),
    "upper_tiles": ("no_honors",),
    "middle_tiles": ("all_simples", "no_honors"),
    "lower_tiles": ("no_honors",),
    "three_suited_terminal_chows": ("all_chows", "no_honors"),
    "all_five": ("all_simples", "no_honors"),
    "lesser_honors_and_knitted_tiles": ("all_types", "concealed_hand", "fully_concealed_hand"),
    "upper_four": ("no_honors",),
    "lower_four": ("no_honors",),
    "reversible_tiles": ("one_voided_suit",),
    "last_tile_draw": ("self_drawn",),
    "out_with_replacement_tile": ("self_drawn",),
    "robbing_the_kong": ("last_tile",),
    "half_flush": ("one_voided_suit",),
    "melded_hand": ("single_wait",),
    "two_concealed_kongs": ("two_concealed_pungs",),
    "two_dragon_pungs": ("dragon_pung",),
    "fully_concealed_hand": ("self_drawn",),
    "all_chows": ("no_honors",),
    "all_simples": ("no_honors",),
}
"""For each fan, the fans it excludes (MCR-7.1 non-repeat, MCR-7.2 non-separation);
applied from the highest fan down, so an excluded fan excludes nothing itself."""

NINE_GATES_EXTRAS: Final[dict[int, tuple[str, ...]]] = {
    1: ("pure_straight", "tile_hog"),
    9: ("pure_straight", "tile_hog"),
    2: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    8: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    5: ("two_concealed_pungs", "pung_of_terminals_or_honors"),
    3: ("short_straight",),
    4: ("short_straight",),
    6: ("short_straight",),
    7: ("short_straight",),
}
"""MCR-6.78 Ruling: the fans Nine Gates keeps, by the rank of its fourteenth tile — those of
the best reading of 1112345678999 + that tile that Nine Gates does not already include."""

_WIN_FANS: Final = frozenset(
    ("self_drawn", "last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong", "last_tile")
)
_BY_ID: Final = {f.id: f for f in MCR_FANS}
_INDEX: Final = {f.id: i for i, f in enumerate(MCR_FANS)}
_EXCLUDES_IDX: Final = tuple(tuple(_INDEX[x] for x in EXCLUDES.get(f.id, ())) for f in MCR_FANS)
_EXCLUDES_MASK: Final = tuple(sum(1 << j for j in excluded) for excluded in _EXCLUDES_IDX)
# a fan only excludes fans listed after it, so one walk down the table applies them all
assert all(j > i for i, excluded in enumerate(_EXCLUDES_IDX) for j in excluded)
_CHICKEN: Final = _INDEX["chicken_hand"]
_FLOWERS: Final = _INDEX["flower_tiles"]
assert MCR_FANS[-1].id == "flower_tiles"  # listed last in a result
_SPECIAL_SHAPES: Final = frozenset((SEVEN_PAIRS, HONOURS_KNITTED, THIRTEEN_ORPHANS))
_MELDED_ONLY: Final = frozenset(("concealed_hand", "fully_concealed_hand"))


_Gated = tuple[tuple[int, int, int, bool, Callable[[McrShape], int]], ...]


def _gated(scope: str) -> _Gated:
    """(index, mask outside ``within``, ``holds``, ``kongs``, predicate) of a scope's fans."""
    return tuple((i, ~f.within & ((1 << 34) - 1), f.holds, f.kongs, f.count) for i, f in enumerate(MCR_FANS) if f.scope == scope)


_BY_COUNTS: Final = frozenset(("tile_hog", "flower_tiles"))
"""Hand-scope fans that read how many of a tile the hand holds, or its bonus tiles; the
other hand-scope fans read only the hand's ranks, suits, whether it holds winds and
dragons, and whether all its tiles are green or reversible, and are remembered by that."""
_HAND: Final = _gated("hand")
_WIN: Final = _gated("win")
_context_memo: Final[dict[tuple[object, ...], dict[int, int]]] = {}
_tiles_memo: Final[dict[int, dict[int, int]]] = {}
"""Tile fans by :func:`_tiles_key`: at most 2**16 keys, so never cleared."""
# the hand-scope fans a hand can have, by whether it holds an honour: fewer to test
_HAND_BY_KIND: Final = tuple(
    tuple(
        g
        for g in _HAND
        if (not honours or ~g[1] & _HONOURS) and (honours or g[2] & _SUITED) and MCR_FANS[g[0]].id not in _BY_COUNTS
    )
    for honours in (False, True)
)
_TILE_HOG: Final = _INDEX["tile_hog"]
_NOT_GREEN: Final = ~_GREEN
_NOT_REVERSIBLE: Final = ~_REVERSIBLE
_SPECIAL: Final = _gated("special")
_special_memo: Final[dict[str, tuple[tuple[int, int], ...]]] = {}
"""The special-scope fans by shape and extra rank (at most a few dozen keys)."""
_POINTS: Final = tuple(f.points for f in MCR_FANS)
_NINE_GATES: Final = _INDEX["nine_gates"]
_NINE_GATES_KEEP: Final = {r: tuple(_INDEX[f] for f in fans) for r, fans in NINE_GATES_EXTRAS.items()}
_WIN_IDX: Final = tuple(_INDEX[f] for f in sorted(_WIN_FANS))
_FAN_GROUP_SCOPES: Final = ("pungs", "reading", "wait")
"""The scopes whose fans :func:`_group_fans` evaluates in one pass."""
assert {f.scope for f in MCR_FANS} == {"hand", "win", "combo", "special", *_FAN_GROUP_SCOPES}
_CONCEALED_PUNGS: Final = (-1, -1, _INDEX["two_concealed_pungs"], _INDEX["three_concealed_pungs"], _INDEX["four_concealed_pungs"])
"""The concealed pungs fan by the number of concealed pungs and kongs (none under two)."""
_BIG_FOUR_WINDS: Final = _INDEX["big_four_winds"]
_LITTLE_FOUR_WINDS: Final = _INDEX["little_four_winds"]
_LITTLE_THREE_DRAGONS: Final = _INDEX["little_three_dragons"]
_ALL_EVEN_PUNGS: Final = _INDEX["all_even_pungs"]
_ALL_PUNGS: Final = _INDEX["all_pungs"]
_DRAGON_PUNG: Final = _INDEX["dragon_pung"]
_PREVALENT_WIND: Final = _INDEX["prevalent_wind"]
_SEAT_WIND: Final = _INDEX["seat_wind"]
_PUNG_OF_TERMINALS: Final = _INDEX["pung_of_terminals_or_honors"]
_ALL_FIVE: Final = _INDEX["all_five"]
_OUTSIDE_HAND: Final = _INDEX["outside_hand"]
_ALL_CHOWS: Final = _INDEX["all_chows"]
_BITS_ALL_FIVE_CHOWS: Final = 0b11100  # chows 345, 456, 567 (rank indexes 2 to 4)
_BITS_FIVE: Final = 1 << 4
_BITS_EVEN: Final = 0b10101010  # ranks 2 4 6 8 (indexes 1 3 5 7)
_BITS_TERMINAL_CHOWS: Final = 1 | 1 << 6  # 123 and 789
_BITS_TERMINALS: Final = 1 | 1 << 8


def _run(gated: _Gated, s: McrShape, fans: dict[int, int]) -> None:
    """Evaluate the predicates of ``gated`` that the hand's tiles allow; record the fans found."""
    h = s.hand
    mask = h.mask
    no_kong = h.n_melded_kongs + h.n_concealed_kongs == 0
    for i, outside, holds, kongs, count in gated:
        if mask & outside or not mask & holds or (kongs and no_kong):
            continue
        n = count(s)
        if n:
            fans[i] = n


def _group_fans(s: McrShape, fans: dict[int, int]) -> None:
    """Record the fans of the pung, reading and wait scopes — those read from the groups,
    the pair and the wait of a four-groups-and-a-pair or knitted-straight reading — in one
    pass over the groups: the rank bits of the chows and of the suited pungs, and the honour
    pungs, then a test per fan. Same counts as the fans' predicates (MCR-6.5, 6.9 to 6.11,
    6.14 to 6.16, 6.18, 6.21, 6.24, 6.28, 6.52, 6.54, 6.57, 6.70, 6.71, 6.73, 6.75), which
    ``tests/mcr`` checks on every reading of thousands of hands."""
    standard = s.kind == STANDARD
    pair = s.pair
    chows = s.chows
    chow_bits = 0
    for t in chows:
        chow_bits |= 1 << t % 9
    pungs = s.pungs
    pung_bits = honour_pungs = 0
    if pungs:
        win = s.hand.win
        seat = EAST + win.seat
        prevailing = EAST + win.prevailing
        combos = s.combos
        three_winds = combos.get("big_three_winds", 0)
        winds = dragons = terminals = 0
        for t in pungs:
            if t < 27:
                r = t % 9
                pung_bits |= 1 << r
                if r == 0 or r == 8:
                    terminals += 1
            else:
                honour_pungs += 1
                if t > NORTH:
                    dragons += 1
                else:
                    winds += 1
                    if t == seat:
                        fans[_SEAT_WIND] = 1
                    if t == prevailing:
                        fans[_PREVALENT_WIND] = 1
                    if not three_winds and t != seat and t != prevailing:
                        terminals += 1
        if terminals:
            fans[_PUNG_OF_TERMINALS] = terminals
        if dragons:
            fans[_DRAGON_PUNG] = dragons
            if pair > NORTH and combos.get("two_dragon_pungs", 0) == 1:
                fans[_LITTLE_THREE_DRAGONS] = 1
        if winds:
            if winds == 4:
                fans[_BIG_FOUR_WINDS] = 1
            elif three_winds == 1 and EAST <= pair <= NORTH:
                fans[_LITTLE_FOUR_WINDS] = 1
        concealed = _CONCEALED_PUNGS[s.concealed_pungs]
        if concealed >= 0:
            fans[concealed] = 1
        if standard and len(pungs) == 4:
            fans[_ALL_PUNGS] = 1
            if not honour_pungs and pung_bits & ~_BITS_EVEN == 0 and pair < 27 and 1 << pair % 9 & _BITS_EVEN:
                fans[_ALL_EVEN_PUNGS] = 1
    if standard:
        pair_bit = 1 << pair % 9 if 0 <= pair < 27 else 0
        if pair_bit == _BITS_FIVE and not honour_pungs and chow_bits & ~_BITS_ALL_FIVE_CHOWS == 0 and pung_bits & ~_BITS_FIVE == 0:
            fans[_ALL_FIVE] = 1
        elif (
            (pair >= 27 or pair_bit & _BITS_TERMINALS)
            and chow_bits & ~_BITS_TERMINAL_CHOWS == 0
            and pung_bits & ~_BITS_TERMINALS == 0
        ):
            fans[_OUTSIDE_HAND] = 1
    if len(chows) + (3 if s.kind == KNITTED else 0) == 4 and 0 <= pair < 27:
        fans[_ALL_CHOWS] = 1
    if s.wait:
        fans[_INDEX[s.wait]] = 1  # each wait is named after its fan


def _hand_fans(s: McrShape) -> dict[int, int]:
    """The hand-scope fans (same for every reading of the hand) but flowers, index → count;
    computed once per hand (callers copy it before adding to it)."""
    h = s.hand
    fans = h.fans
    if fans is None:
        w = h.win
        key = (w.win, w.flags, h.n_exposed, h.n_melded_kongs, h.n_concealed_kongs, h.last_of_kind)
        try:
            context = _context_memo[key]
        except KeyError:
            context = {}
            _run(_WIN, s, context)
            if len(_context_memo) > 4096:
                _context_memo.clear()
            _context_memo[key] = context
        mask = h.mask
        tkey = (
            h.ranks
            | h.suits << 9
            | h.has_winds << 12
            | h.has_dragons << 13
            | (mask & _NOT_GREEN == 0) << 14
            | (mask & _NOT_REVERSIBLE == 0) << 15
        )
        try:
            tiles = _tiles_memo[tkey]
        except KeyError:
            tiles = _tiles_memo[tkey] = {}
            _run(_HAND_BY_KIND[h.honours], s, tiles)
        fans = h.fans = context | tiles
        n = tile_hog(s)
        if n:
            fans[_TILE_HOG] = n
    return fans


def _fan_counts(s: McrShape) -> tuple[dict[int, int], int, list[McrItem]]:
    """Fans of one reading (index in :data:`MCR_FANS` → count), exclusions applied (MCR-7),
    their total, and their result items in table order.

    Flowers (MCR-6.13) are left out: they are added to the chosen reading.
    """
    kind = s.kind
    if kind == NINE_GATES:
        fans = {i: n for i, n in _hand_fans(s).items() if i in _WIN_IDX}
        fans[_NINE_GATES] = 1
        for i in _NINE_GATES_KEEP[s.extra_rank]:
            fans[i] = 1
    else:
        fans = _hand_fans(s).copy()
        if kind == STANDARD:
            for fid, n in s.combos.items():
                fans[_INDEX[fid]] = n
            _group_fans(s, fans)
        else:
            # the special fans read only the shape and its extra rank: remembered by those
            key = f"{kind}/{s.extra_rank}"
            special = _special_memo.get(key)
            if special is None:
                found: dict[int, int] = {}
                _run(_SPECIAL, s, found)
                special = _special_memo[key] = tuple(found.items())
            for i, n in special:
                fans[i] = n
            if kind == KNITTED:
                _group_fans(s, fans)
    # from the highest fan down, each fan still standing strikes the fans it excludes
    total = 0
    struck = 0
    kept = []
    excludes, points, items = _EXCLUDES_MASK, _POINTS, _ITEMS
    for i in sorted(fans):
        if struck >> i & 1:
            del fans[i]
        else:
            struck |= excludes[i]
            n = fans[i]
            total += points[i] * n
            kept.append(items[i][n])
    if not total and kind == STANDARD:
        fans[_CHICKEN] = 1
        total = points[_CHICKEN]
        kept.append(items[_CHICKEN][1])
    return fans, total, kept


_PURE_TRIPLE_CHOW: Final = _INDEX["pure_triple_chow"]
_TRIPLE_PUNG: Final = _INDEX["triple_pung"]


_pay_memo: Final[dict[int, tuple[int, int, int, int]]] = {}


def mcr_payments(points: int, winner: int, discarder: int | None) -> tuple[int, int, int, int]:
    """MCR-8: self-drawn, each pays points + 8; on a discard the discarder pays points + 8
    and the two others 8."""
    if not (0 <= winner < 4 and points >= 0 and (discarder is None or 0 <= discarder < 4)):
        return _payments(points, winner, discarder)  # not a scored hand's: not remembered
    key = (points << 6) | (winner << 3) | (4 if discarder is None else discarder)
    try:
        r = _pay_memo[key]
    except KeyError:
        r = _pay_memo[key] = _payments(points, winner, discarder)
        if len(_pay_memo) > 4096:
            _pay_memo.clear()
    return r


def _payments(points: int, winner: int, discarder: int | None) -> tuple[int, int, int, int]:
    pay = [0, 0, 0, 0]
    for s in range(4):
        if s == winner:
            continue
        amount = points + 8 if discarder is None or s == discarder else 8
        pay[s] = -amount
        pay[winner] += amount
    return (pay[0], pay[1], pay[2], pay[3])


def validate_mcr(win: Win) -> tuple[list[int], list[int], bool]:
    """Check an MCR hand is possible and consistently described (MCR-1, MCR-6 flags).

    Returns (all tile counts, concealed counts, last of its kind) or raises
    :class:`InvalidHand` naming the first problem.
    """
    how = win.win
    if how not in WIN_TYPES:
        raise InvalidHand(f"win {echo(how)}: expected one of {', '.join(WIN_TYPES)}")
    seat = win.seat
    problem = win_seat_problem(win)  # a seat is a number 0-3, never a bool (MCR-2)
    if problem is not None:
        raise InvalidHand(problem)
    flags = win.flags
    if not isinstance(flags, frozenset):  # the memo of a hand's context keys on it (Win.flags is a frozenset)
        raise InvalidHand(f"flags {echo(flags)}: expected a frozenset of names ({', '.join(MCR_FLAGS)})")
    if flags and not flags <= _FLAG_SET:
        unknown = sorted(set(flags) - _FLAG_SET)[0]
        if unknown in _BLESSINGS:  # a real way to win at other tables, which MCR does not score
            raise InvalidHand(
                f"flag {echo(unknown)}: MCR does not score {_BLESSINGS[unknown]}, which is not among its 81 fans (MCR-5.5): leave the flag out"
            )
        raise InvalidHand(f"unknown flag {echo(unknown)} for MCR: expected any of {', '.join(MCR_FLAGS)}")
    if win.flowers or win.seasons:
        for group, what in ((win.flowers, "flower"), (win.seasons, "season")):
            if not group or (_BONUS_TYPES.issuperset(map(type, group)) and _BONUS.issuperset(group) and len(set(group)) == len(group)):
                continue  # plain ints 1-4, distinct: fine (the test below also takes int subclasses)
            if len(set(group)) != len(group) or not all(map(is_bonus_number, group)) or holds_a_bool(group):
                raise InvalidHand(f"{what}s {echo(list(group))}: each is a distinct number 1-4 (MCR-1.2)")
    discarder = win.discarder
    if how == "self_draw":
        if discarder is not None:
            raise InvalidHand("a self-drawn win has no discarder")
        if flags and "final_discard" in flags:
            raise InvalidHand("flag 'final_discard' needs a win on a discard (MCR-6.41)")
    else:
        if discarder is None:
            raise InvalidHand(f"a win by {how} needs the discarder's seat")
        if not (isinstance(discarder, int) and 0 <= discarder < 4) or discarder == seat:
            raise InvalidHand("discarder must be another seat (E, S, W or N)")
        if flags:
            for f, rule in (("last_wall_tile", "MCR-6.40"), ("kong_replacement", "MCR-6.42")):
                if f in flags:
                    raise InvalidHand(f"flag {f!r} needs a self-drawn win ({rule})")
            if how == "robbed_kong" and "final_discard" in flags:
                raise InvalidHand("flag 'final_discard' needs a win on a discard, not a robbed kong (MCR-6.41)")
    if not isinstance(win.melds, (tuple, list)):
        raise InvalidHand(f"melds must be a tuple of Meld, not {type(win.melds).__name__}")
    for m in win.melds:
        if not isinstance(m, Meld):
            raise InvalidHand(meld_problem(m) or "melds: expected Meld values")
        kind, t = m.kind, m.tile
        if kind == "chow":
            ok = isinstance(t, int) and 0 <= t < 27 and t % 9 <= 6
        else:
            ok = kind in _PUNG_KINDS and isinstance(t, int) and 0 <= t < N_KINDS
        if not ok:
            raise InvalidHand(f"meld {echo(kind)} {echo(t)}: not a chow, pung, kong or ckong of playing tiles (MCR-1)")
    if flags and "kong_replacement" in flags and not any(m.is_kong for m in win.melds):
        raise InvalidHand("flag 'kong_replacement': the hand declares no kong (MCR-6.42)")
    counts, concealed = _validate_tiles(win)
    wt = win.win_tile
    exposed = counts[wt] - concealed[wt]
    if flags and "last_of_kind" in flags and concealed[wt] != 1:
        raise InvalidHand(
            f"flag 'last_of_kind': the hand holds {concealed[wt] - 1} other {tile_str(wt)} concealed, "
            "so the winning tile cannot be the last of its kind (MCR-6.27)"
        )
    last_of_kind = (exposed == 3 and concealed[wt] == 1) or "last_of_kind" in flags
    return counts, concealed, last_of_kind


_PUNG_KINDS: Final = ("pung", "kong", "ckong")
_BONUS: Final = frozenset((1, 2, 3, 4))
_BONUS_TYPES: Final = frozenset((int,))
"""The type of a bonus number on the one-pass path: never a bool (True would read as 1);
anything else goes to :func:`validate_mcr`, which names it."""
_BONUS_GROUPS: Final = frozenset(
    tuple(p) for n in range(1, 5) for c in itertools.combinations((1, 2, 3, 4), n) for p in itertools.permutations(c)
)
"""Every tuple of distinct bonus numbers 1-4 (MCR-1.2), for the one-pass reader."""
_ITEMS: Final = tuple(tuple(McrItem(f.id, f.name, f.name_fr, f.points, n) for n in range(16)) for f in MCR_FANS)
"""``_ITEMS[i][n]``: the (immutable, shared) item for fan ``i`` counted ``n`` times. No count
reaches 16: flowers and seasons are at most 8, every other fan at most 4."""


_HOW_BIT: Final = {"self_draw": 1, "discard": 2, "robbed_kong": 4}
_FLAG_HOWS: Final[dict[frozenset[str], int]] = {}
"""For each set of MCR flags, the win types (``_HOW_BIT``) it goes with: the flag rules of
:func:`validate_mcr` that read only the win type (MCR-6.40 to 6.42)."""
for _n in range(1 << len(MCR_FLAGS)):
    _flags = frozenset(f for b, f in enumerate(MCR_FLAGS) if _n >> b & 1)
    _FLAG_HOWS[_flags] = (
        (0 if "final_discard" in _flags else 1)
        | (0 if "last_wall_tile" in _flags or "kong_replacement" in _flags else 2 | (0 if "final_discard" in _flags else 4))
    )


def _read(win: Win) -> HandFacts | None:
    """Validation (MCR-1) and the hand facts in one pass over the tiles, for a request whose
    every field is of the expected type; None when anything is unusual, for
    :func:`validate_mcr` to name the problem (or to accept what this leaves to it)."""
    how = win.win
    seat = win.seat
    prevailing = win.prevailing
    discarder = win.discarder
    how_bit = _HOW_BIT.get(how, 0)
    if type(seat) is not int or type(prevailing) is not int or not (0 <= seat < 4 and 0 <= prevailing < 4) or not how_bit:
        return None
    if how_bit == 1:
        if discarder is not None:
            return None
    elif type(discarder) is not int or not 0 <= discarder < 4 or discarder == seat:
        return None
    flags = win.flags
    if type(flags) is not frozenset or (flags and not _FLAG_HOWS.get(flags, 0) & how_bit):
        return None  # an empty list, set or None too: validate_mcr names it (the memo keys on a frozenset)
    flowers = win.flowers
    if flowers and (flowers not in _BONUS_GROUPS or not _BONUS_TYPES.issuperset(map(type, flowers))):
        return None
    seasons = win.seasons
    if seasons and (seasons not in _BONUS_GROUPS or not _BONUS_TYPES.issuperset(map(type, seasons))):
        return None
    tiles = win.concealed
    melds = win.melds
    if len(tiles) != 14 - 3 * len(melds) or len(melds) > 4:
        return None
    counts = [0] * 34
    keys = [0, 0, 0, 0]
    mask = 0
    suit_of, pow_of = SUIT_OF, POW_OF
    # a tile that is no tile id raises here (IndexError, OverflowError compiled, TypeError, or
    # ValueError on ``1 << t`` for a negative one), for score_mcr to hand the request to validate_mcr
    fours = 0
    if holds_a_bool(tiles):  # Python counts True as 1 (2m): validate_mcr names it
        return None
    for t in tiles:
        n = counts[t] + 1
        if n > 3:
            if n > 4:
                return None
            fours += 1
        counts[t] = n
        mask |= 1 << t
        keys[suit_of[t]] += pow_of[t]
    wt = win.win_tile
    if type(wt) is not int or not 0 <= wt < 34 or not counts[wt]:
        return None
    facts = NO_MELDS
    concealed = counts
    if melds:
        concealed = list(counts)
        for m in melds:
            t = m.tile
            if type(t) is not int or not 0 <= t < 34:
                return None
            kind = m.kind
            if kind == "chow":
                if t >= 27 or t % 9 > 6:
                    return None
                for u in range(t, t + 3):
                    n = counts[u] + 1
                    if n > 3:
                        if n > 4:
                            return None
                        fours += 1
                    counts[u] = n
            elif kind == "pung" or kind == "kong" or kind == "ckong":
                n = counts[t] + (3 if kind == "pung" else 4)
                if n > 3:
                    if n > 4:
                        return None
                    fours += 1
                counts[t] = n
            else:
                return None
        facts = meld_facts(melds)
    c_wt = concealed[wt]
    if how_bit == 4 and counts[wt] != 1:
        return None
    last_of_kind = counts[wt] - c_wt == 3 and c_wt == 1
    if flags:
        if "kong_replacement" in flags and not facts[4] + facts[5]:
            return None
        if "last_of_kind" in flags:
            if c_wt != 1:
                return None
            last_of_kind = True
    return HandFacts(win, counts, concealed, last_of_kind, mask, keys, facts, fours)


def score_mcr(win: Win) -> McrResult:
    """Score a hand under the Chinese Official rules (MCR-5 to MCR-8).

    Raises :class:`InvalidHand` for an impossible hand or one with no winning shape; a
    winning shape under 8 points gives ``winning=False`` with the reason (MCR-5.1).
    """
    try:
        hand = _read(win)
    except (TypeError, ValueError, IndexError, OverflowError, AttributeError):  # a field of an unexpected type: validate_mcr says which
        hand = None  # OverflowError: compiled, a tile too big for a C index (pure Python: IndexError)
    if hand is None:
        try:
            hand = hand_facts(win, *validate_mcr(win))
        except TypeError:
            raise_type_problem(win)
            raise
        except InvalidHand as e:  # the checks shared with Hong Kong cite its rules: cite MCR's (MCR-1.1, MCR-1.2)
            raise InvalidHand(cite_refs(str(e), RULE_REFS)) from None
    found = readings(hand)
    if not found:
        raise InvalidHand(
            f"{format_tiles(win.concealed)}"
            + "".join(f" + {m}" for m in win.melds)
            + " has no winning shape: not four groups and a pair, seven pairs, thirteen orphans,"
            " honours and knitted tiles or a knitted straight (MCR-5.2)"
        )
    best_shape = found[0]
    # on equal totals a later reading replaces seven pairs, or brings a preferred fan (MCR-7.6)
    if len(found) == 1:
        _fans, best_total, items_list = _fan_counts(best_shape)
    else:
        seven_pairs_first = best_shape.kind == SEVEN_PAIRS
        best_total = -1
        items_list = []
        for s in found:
            fans, total, kept = _fan_counts(s)
            if total > best_total or (
                total == best_total and (seven_pairs_first or _PURE_TRIPLE_CHOW in fans or _TRIPLE_PUNG in fans)
            ):
                best_total, best_shape, items_list = total, s, kept
    flowers = hand.flowers
    if flowers:
        items_list.append(_ITEMS[_FLOWERS][flowers])  # the last fan of the table (MCR-6.13)
    items = tuple(items_list)
    points = best_total + flowers
    winning = best_total >= MIN_POINTS
    reason = "" if winning else f"{plural(best_total, 'point')} without flowers: MCR needs at least {MIN_POINTS} to win (MCR-5.1)"
    pay = mcr_payments(points, win.seat, None if hand.self_drawn else win.discarder) if winning else (0, 0, 0, 0)
    return McrResult(points, best_total, winning, reason, items, pay, best_shape.kind)


def score_json_mcr(obj: Any) -> dict[str, Any]:
    """Score one machine-interface request under MCR; never raises for bad input.

    Returns :meth:`McrResult.to_dict` or ``{"valid": false, "error": "..."}``.
    """
    from hkmj.scoring import win_from_json

    try:
        if not isinstance(obj, Mapping):
            raise InvalidHand(f"expected a JSON object, got {type(obj).__name__}")
        return score_mcr(win_from_json(obj)).to_dict()  # the fields of every ruleset
    except InvalidHand as e:  # the request reader cites Hong Kong's rules: cite MCR's
        return {"valid": False, "error": cite_refs(str(e), RULE_REFS)}


assert len(MCR_FANS) == 81 and sorted(f.number for f in MCR_FANS) == list(range(1, 82))
assert all(k in _INDEX and all(x in _INDEX for x in v) for k, v in EXCLUDES.items())
