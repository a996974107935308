"""The classical points-and-doubles game (CL-5 … CL-7, docs/rules-classical.md) as data.

Every player scores: points for groups and bonus tiles (one :class:`PointLine` per line of
the seed 002 table), then each met condition doubles (one :class:`DoubleLine` each); the
winner may instead hold a limit hand (CL-6, the Hong Kong limit predicates where they
coincide). Then every player settles with every other (CL-7). Hand reading is shared with
the Hong Kong scorer (:func:`hkmj.hand.readings`); this module does no I/O.

>>> from hkmj.scoring.classical import Deal, PlayerHand, score_deal
>>> from hkmj.tiles import parse_tiles
>>> from hkmj.scoring.model import Meld
>>> south = PlayerHand(tuple(parse_tiles("88m567p234s111z")), (Meld.parse("pung 777z"),))
>>> r = score_deal(Deal((None, south, None, None), winner=1, win="discard", win_tile=27, discarder=2))
>>> r.winner.points, r.winner.doubles, r.winner.score, r.settlement
(28, 2, 112, (-224, 448, -112, -112))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast

from hkmj.hand import STANDARD, Reading, readings
from hkmj.scoring import hong_kong as hk
from hkmj.scoring.model import (
    PLAYER_HAND_FORMS,
    WIN_TYPES,
    InvalidHand,
    Meld,
    PlayerHand,
    Win,
    bonus_list,
    cite_refs,
    clip,
    echo,
    holds_a_bool,
    is_bonus_number,
    kong_hint,
    meld_problem,
    python_echo,
    reduce_frozen,
    seat_index,
    seat_problem,
    win_seat_problem,
)
from hkmj.scoring.request import MAX_HAND_CHARS, MAX_MELD_CHARS
from hkmj.scoring.ruleset import Limit, _validate_tiles, four_alike_as_pairs, validate
from hkmj.scoring.shape import Shape
from hkmj.tiles import (
    EAST,
    HONOUR,
    N_KINDS,
    N_TILE_IDS,
    SEAT_LETTERS,
    TERMINALS,
    WHITE,
    NotationError,
    Tile,
    ascii_int,
    format_tiles,
    parse_tiles,
    plural,
    tile,
    tile_str,
)

RULE_REFS: Final[Mapping[str, str]] = {
    "HK-1": "CL-1.1",
    "HK-1.3": "CL-1.2",
    "HK-1.4": "CL-1.3",  # the notation, and the longest hand and meld strings read
    "HK-4.2, HK-5.2": "CL-2.1",  # cited together: a chow's definition (the scorers' meld checks)
    "HK-4.2, HK-4.3": "CL-3.5",  # cited together: the claimer discards at once, without drawing
    "HK-3.2": "CL-1.2",
    "HK-3.3": "CL-3.5",
    "HK-3.4": "CL-2.2",
    "HK-3.5": "CL-4.2",
    "HK-4": "CL-3",
    "HK-4.1": "CL-3.1",
    "HK-4.2": "CL-3.1",
    "HK-4.3": "CL-3.1",
    "HK-4.4": "CL-3.4",
    "HK-4.5": "CL-3.2",
    "HK-4.7": "CL-3.3",  # several Mahjong claims on one tile: the first after the discarder
    "HK-4.9": "CL-3.7",
    "HK-4.10": "CL-3.4",
    "HK-5.1": "CL-2.4",
    "HK-5.2": "CL-2.1",
    "HK-5.3": "CL-6",
    "HK-5.4": "CL-6",
    "HK-5.5": "CL-3.8",  # the winning tile: a draw, a replacement, any discard (even to complete a chow), a robbed kong
    "HK-5.7": "CL-7.7",
    "HK-6": "CL-5",
    "HK-7.1": "CL-7.5",
}
"""Each Hong Kong rule that generic code cites (the engine's reasons, the screens' words, the shared
checks' errors of ``hkmj score``) and the classical rule of the same content, as
docs/rules-classical.md numbers it: the one table :func:`~hkmj.scoring.model.cite_refs` rewrites by
(:attr:`Ruleset.rule_refs`)."""

__all__ = [
    "CLASSICAL_LIMITS",
    "DOUBLE_LINES",
    "POINT_LINES",
    "ClassicalOptions",
    "ClassicalResult",
    "Deal",
    "DoubleLine",
    "Group",
    "PlayerHand",
    "PlayerScore",
    "PointLine",
    "ScoreItem",
    "Transfer",
    "name_of",
    "deal_from_json",
    "deal_from_win",
    "exposure_name",
    "exposure_word",
    "score_deal",
    "score_json",
    "settle",
]

LIMIT_RANGE = (100, 100000)
"""The values the ``limit`` option accepts, in points (CL-6.2; 1000 by default)."""

CLASSICAL_FLAGS = ("last_wall_tile",)
"""The only flag the classical table reads (CL-5.3); other HK flags score nothing here."""

_set: Final = object.__setattr__
_NATIVE: Final = not __file__.endswith(".py")
"""True when this module runs compiled by mypyc: ``__init__``s then store fields natively."""


@dataclass(frozen=True, slots=True, init=False)
class ClassicalOptions:
    """The ruleset options: ``pay_highest`` (CL-7.4) and the ``limit`` value (CL-6.2)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    pay_highest: bool = False
    limit: int = 1000

    def __init__(self, pay_highest: object = False, limit: object = 1000) -> None:
        # taken as ``object``: compiled, a native bool and int would refuse "yes" with a bare
        # TypeError and read limit=True as 1 point; a value they cannot hold is refused here in the
        # scorer's words (:func:`_option_problem`), which pure Python says as the deal is scored.
        # Written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            if not isinstance(pay_highest, bool) or not _whole(limit):
                raise InvalidHand(_option_problem(pay_highest, limit) or "options")
            self.pay_highest = pay_highest  # type: ignore[misc]
            self.limit = int(cast(int, limit))  # type: ignore[misc]
        else:
            _set(self, "pay_highest", pay_highest)
            _set(self, "limit", limit)


@dataclass(frozen=True, slots=True, init=False)
class Group:
    """One group of a player's hand: ``kind`` is ``pair``, ``chow``, ``pung`` or ``kong``."""

    kind: str
    tile: Tile
    exposed: bool

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    def __init__(self, kind: str, tile: Tile, exposed: bool) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.kind = kind  # type: ignore[misc]
            self.tile = tile  # type: ignore[misc]
            self.exposed = exposed  # type: ignore[misc]
        else:
            _set(self, "kind", kind)
            _set(self, "tile", tile)
            _set(self, "exposed", exposed)

    @property
    def is_set(self) -> bool:
        """A pung or a kong: the groups that score and earn doubles (CL-5.1, CL-5.2)."""
        return self.kind in ("pung", "kong")

    @property
    def tiles(self) -> str:
        """The group in mpsz notation, e.g. ``777z``."""
        return _GROUP_TEXT[self.kind][self.tile]


_GROUP_TEXT: dict[str, tuple[str, ...]] = {
    kind: tuple(
        format_tiles((t, t + 1, t + 2) if kind == "chow" and t % 9 <= 6 and t < HONOUR else (t,) * max(n, 1))
        for t in range(N_KINDS)
    )
    for kind, n in (("pair", 2), ("chow", 0), ("pung", 3), ("kong", 4))
}


class Facts:
    """What the table lines look at for one player: groups, winds, bonus tiles, the win."""

    __slots__ = (
        "groups",
        "seat",
        "seat_wind",
        "prevailing_wind",
        "flowers",
        "seasons",
        "winner",
        "win",
        "flags",
        "tiles",
        "melds",
        "set_tiles",
    )

    def __init__(
        self,
        groups: tuple[Group, ...],
        seat: int,
        prevailing: int,
        hand: PlayerHand,
        winner: bool,
        win: str,
        flags: frozenset[str],
    ) -> None:
        self.groups = groups
        self.seat = seat
        self.seat_wind = EAST + seat
        self.prevailing_wind = EAST + prevailing
        self.flowers = hand.flowers
        self.seasons = hand.seasons
        self.winner = winner
        self.win = win
        self.flags = flags
        self.melds = hand.melds
        self.tiles = list(hand.concealed) + [t for m in hand.melds for t in m.tiles] if winner else []
        """Every playing tile of the hand (the winner's only: read by a winner's double)."""
        self.set_tiles = [g.tile for g in groups if g.kind == "pung" or g.kind == "kong"]
        """The tile of every pung and kong (CL-5.2 reads only these)."""

    def sets(self) -> Iterator[Group]:
        return (g for g in self.groups if g.is_set)


# --- the points table (CL-5.1), one line per row of seed 002 ---------------------------


def _simple(t: Tile) -> bool:
    return t < HONOUR and t not in TERMINALS


def _terminal_or_wind(t: Tile) -> bool:
    return t in TERMINALS or HONOUR <= t < WHITE


def _dragon(t: Tile) -> bool:
    return t >= WHITE


@dataclass(frozen=True, slots=True)
class PointLine:
    """A line of the points table: a group ``kind`` whose tile passes ``test`` scores
    ``exposed`` or ``concealed`` points (CL-5.1)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too


    id: str
    name: str
    name_fr: str
    kind: str
    exposed: int
    concealed: int
    test: Callable[[Tile, Facts], bool]
    rule: str


POINT_LINES: tuple[PointLine, ...] = (
    PointLine("pair_seat_wind", "Pair of own seat wind", "Paire du Vent du joueur", "pair", 2, 2,
              lambda t, f: t == f.seat_wind, "CL-5.1.1"),
    PointLine("pair_prevailing_wind", "Pair of the prevailing wind", "Paire du Vent dominant", "pair", 2, 2,
              lambda t, f: t == f.prevailing_wind, "CL-5.1.2"),
    PointLine("pair_dragon", "Pair of dragons", "Paire de Dragons", "pair", 0, 2, lambda t, f: _dragon(t), "CL-5.1.3"),
    PointLine("chow", "Chow", "Chow", "chow", 0, 0, lambda t, f: True, "CL-5.1.4"),
    PointLine("pung_simple", "Pung of 2-8", "Pung de 2 à 8", "pung", 2, 4, lambda t, f: _simple(t), "CL-5.1.5"),
    PointLine("pung_terminal_wind", "Pung of 1 or 9, or of winds", "Pung de 1, de 9 ou de Vents", "pung", 4, 8,
              lambda t, f: _terminal_or_wind(t), "CL-5.1.6"),
    PointLine("pung_dragon", "Pung of dragons", "Pung de Dragons", "pung", 4, 8, lambda t, f: _dragon(t), "CL-5.1.7"),
    PointLine("kong_simple", "Kong of 2-8", "Kong de 2 à 8", "kong", 8, 16, lambda t, f: _simple(t), "CL-5.1.8"),
    PointLine("kong_terminal_wind", "Kong of 1 or 9, or of winds", "Kong de 1, de 9 ou de Vents", "kong", 16, 32,
              lambda t, f: _terminal_or_wind(t), "CL-5.1.9"),
    PointLine("kong_dragon", "Kong of dragons", "Kong de Dragons", "kong", 16, 32, lambda t, f: _dragon(t), "CL-5.1.10"),
)  # fmt: skip
"""CL-5.1 lines 1-10: the group lines, in the seed's order."""

_LINES_BY_KIND: dict[str, tuple[tuple[int, PointLine], ...]] = {
    kind: tuple((i, line) for i, line in enumerate(POINT_LINES) if line.kind == kind) for kind in ("pair", "chow", "pung", "kong")
}
"""The group lines of each kind with their place in the table (items are listed in table order)."""

BONUS_LINE = PointLine("bonus_tile", "Flower or season", "Fleur ou Saison", "bonus", 4, 4, lambda t, f: True, "CL-5.1.11")
"""CL-5.1 line 11: 4 points for each flower and each season."""
MAHJONG_LINE = PointLine("mahjong", "Mahjong", "Mah-Jong", "mahjong", 20, 20, lambda t, f: f.winner, "CL-5.1.12")
"""CL-5.1 line 12: 20 points to the winner."""


# --- the doubles (CL-5.2 for every player, CL-5.3 for the winner) ----------------------


@dataclass(frozen=True, slots=True)
class DoubleLine:
    """A condition that doubles the score ``count(facts)`` times (CL-5.2, CL-5.3)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too


    id: str
    name: str
    name_fr: str
    count: Callable[[Facts], int]
    winner_only: bool
    rule: str


def _pure_suit(f: Facts) -> int:
    suits = {t // 9 for t in f.tiles}
    return int(len(suits) == 1 and next(iter(suits)) < 3)


DOUBLE_LINES: tuple[DoubleLine, ...] = (
    DoubleLine("seat_wind_set", "Set of own seat wind", "Combinaison du Vent du joueur",
               lambda f: int(f.seat_wind in f.set_tiles), False, "CL-5.2"),
    DoubleLine("prevailing_wind_set", "Set of the prevailing wind", "Combinaison du Vent dominant",
               lambda f: int(f.prevailing_wind in f.set_tiles), False, "CL-5.2"),
    DoubleLine("dragon_set", "Set of dragons", "Combinaison de Dragons",
               lambda f: sum(1 for t in f.set_tiles if _dragon(t)), False, "CL-5.2"),
    DoubleLine("own_flower", "Own flower", "Fleur du joueur", lambda f: int(f.seat + 1 in f.flowers), False, "CL-5.2"),
    DoubleLine("own_season", "Own season", "Saison du joueur", lambda f: int(f.seat + 1 in f.seasons), False, "CL-5.2"),
    DoubleLine("all_four_flowers", "The four flowers", "Les 4 Fleurs", lambda f: int(len(f.flowers) == 4), False, "CL-5.2"),
    DoubleLine("all_four_seasons", "The four seasons", "Les 4 Saisons", lambda f: int(len(f.seasons) == 4), False, "CL-5.2"),
    DoubleLine("no_chow", "Mahjong without a chow", "Mah-Jong sans chow",
               lambda f: int(not any(g.kind == "chow" for g in f.groups)), True, "CL-5.3"),
    DoubleLine("pure_suit", "Pure hand (one suit)", "Main pure", _pure_suit, True, "CL-5.3"),
    DoubleLine("concealed", "Fully concealed hand", "Main entièrement cachée",
               lambda f: int(all(not m.exposed for m in f.melds)), True, "CL-5.3"),
    DoubleLine("robbing_a_kong", "Robbing a kong", "Voler un kong", lambda f: int(f.win == "robbed_kong"), True, "CL-5.3"),
    DoubleLine("self_drawn", "Mahjong from the wall", "Mah-Jong en piochant", lambda f: int(f.win == "self_draw"), True, "CL-5.3"),
    DoubleLine("last_wall_tile", "Fishing the moon from the bottom of the sea", "Pêcher la lune au fond de la mer",
               lambda f: int("last_wall_tile" in f.flags), True, "CL-5.3"),
)  # fmt: skip
"""CL-5.2 (every player) then CL-5.3 (the winner only), in the seed's order."""


# --- limit hands (CL-6), the HK predicates where the definitions coincide ------------------


def _seven_pairs(s: Shape) -> bool:
    """CL-6.1, CL-6.3: seven distinct pairs."""
    return s.kind == "seven_pairs"


CLASSICAL_LIMITS: tuple[Limit, ...] = (
    Limit("thirteen_wonders", "Thirteen wonders", "Les 13 Lanternes merveilleuses", hk.thirteen_orphans, "CL-6.1"),
    Limit("all_terminals", "All terminals", "Les Orphelins", hk.all_terminals, "CL-6.1"),
    Limit("nine_gates", "Nine gates", "La main pleine de 9 pièces", hk.nine_gates, "CL-6.1, CL-6.4"),
    Limit("seven_pairs", "Seven pairs", "Les Sept Paires", _seven_pairs, "CL-6.1, CL-6.3"),
    Limit("four_kongs", "Four kongs", "Main pleine de Carrés", hk.four_kongs, "CL-6.1", min_pungs=4),
    Limit("big_four_winds", "Big four winds", "Quatre Grands Vents", hk.big_four_winds, "CL-6.1", min_pungs=4),
    Limit("ruby_dragon", "Ruby dragon", "Dragon de Rubis", hk.ruby_dragon, "CL-6.1", min_pungs=4),
    Limit("jade_dragon", "Jade dragon", "Dragon de Jade", hk.jade_dragon, "CL-6.1", min_pungs=4),
    Limit("opal_dragon", "Opal dragon", "Dragon d'Opale", hk.pearl_dragon, "CL-6.1", min_pungs=4),
)
"""CL-6.1: the nine "Grands Jeux", checked in this order; ``limit`` names the first met."""


_COUNTED: dict[str, tuple[str, str]] = {
    "pair_seat_wind": ("{n} pairs of own seat wind", "{n} paires du Vent du joueur"),
    "pair_prevailing_wind": ("{n} pairs of the prevailing wind", "{n} paires du Vent dominant"),
    "pair_dragon": ("{n} pairs of dragons", "{n} paires de Dragons"),
    "chow": ("{n} chows", "{n} chows"),
    "pung_simple": ("{n} pungs of 2-8", "{n} pungs de 2 à 8"),
    "pung_terminal_wind": ("{n} pungs of 1 or 9, or of winds", "{n} pungs de 1, de 9 ou de Vents"),
    "pung_dragon": ("{n} pungs of dragons", "{n} pungs de Dragons"),
    "kong_simple": ("{n} kongs of 2-8", "{n} kongs de 2 à 8"),
    "kong_terminal_wind": ("{n} kongs of 1 or 9, or of winds", "{n} kongs de 1, de 9 ou de Vents"),
    "kong_dragon": ("{n} kongs of dragons", "{n} kongs de Dragons"),
    "bonus_tile": ("{n} flowers or seasons", "{n} fleurs ou saisons"),
    "seat_wind_set": ("{n} sets of own seat wind", "{n} combinaisons du Vent du joueur"),
    "prevailing_wind_set": ("{n} sets of the prevailing wind", "{n} combinaisons du Vent dominant"),
    "dragon_set": ("{n} sets of dragons", "{n} combinaisons de Dragons"),
}
"""A line or double counted ``n`` times, as a count: "2 flowers or seasons", never "Flower or
season ×2", which reads as the doubling "Own flower (×2)" beside it (CL-5.1, CL-5.2)."""


def counted(item_id: str, name: str, count: int, lang: str = "en") -> str:
    """The item ``item_id`` (displayed as ``name``) counted ``count`` times, as the terminal, the
    browser and ``hkmj replay --show`` write it: ``name`` alone once; more often the count first,
    in the plural ("3 pungs of 2-8", "2 fleurs ou saisons"), a double's "(×2)" said of each
    ("2 sets of dragons (×2 each)"); an item with no such words ``name ×count``."""
    if count <= 1:
        return name
    words = _COUNTED.get(item_id)
    if words is None:
        return f"{name} ×{count}"
    text = words[1 if lang == "fr" else 0].format(n=count)
    plain = _NAMES[item_id][1 if lang == "fr" else 0] if item_id in _NAMES else name
    if name.startswith(plain + ", "):  # "Pung of 2-8, concealed" (see exposure_name): "2 pungs of 2-8, concealed"
        text += name[len(plain) :] + ("s" if lang == "fr" else "")
    if name.endswith("(×2)"):
        text += " (×2 chacune)" if lang == "fr" else " (×2 each)"
    return text


_EXPOSURE_WORDS = {"en": ("concealed", "exposed"), "fr": ("caché", "exposé")}


def exposure_word(item_id: str, exposed: bool, lang: str = "en") -> str:
    """Whether a point line's group is ``exposed`` or concealed, in ``lang`` (CL-5.1: the two
    score differently): "concealed", « caché », « cachée » for a pair (the word agrees with it)."""
    word = _EXPOSURE_WORDS["fr" if lang == "fr" else "en"][1 if exposed else 0]
    return word + "e" if lang == "fr" and item_id.startswith("pair_") else word


def exposure_name(item_id: str, exposed: bool, lang: str = "en") -> str:
    """A point line's name with :func:`exposure_word`, as ``hkmj score`` says it: "Pung of 2-8,
    concealed", « Paire de Dragons, cachée »."""
    return f"{name_of(item_id, lang)}, {exposure_word(item_id, exposed, lang)}"


def name_of(item_id: str, lang: str = "en") -> str:
    """Display name of a classical point line, double or limit id in ``en`` or ``fr``."""
    names = _NAMES.get(item_id)
    if names is None:
        raise KeyError(item_id)
    return names[1] if lang == "fr" else names[0]


_NAMES: dict[str, tuple[str, str]] = {
    **{x.id: (x.name, x.name_fr) for x in (*POINT_LINES, BONUS_LINE, MAHJONG_LINE)},
    **{x.id: (f"{x.name} (×2)", f"{x.name_fr} (×2)") for x in DOUBLE_LINES},
    **{x.id: (x.name, x.name_fr) for x in CLASSICAL_LIMITS},
    "limit": ("Limit (CL-6.2)", "Limite (CL-6.2)"),
}


# --- input and output ----------------------------------------------------------------------


_NO_FLAGS: Final[frozenset[str]] = frozenset()
_DEFAULT_OPTIONS: Final = ClassicalOptions()


@dataclass(frozen=True, slots=True, init=False)
class Deal:
    """The end of a won hand: the four hands by seat (``None`` = not given, scores 0) and the win.

    Seats are 0..3 = East, South, West, North; ``winner`` is a seat.
    """

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    hands: tuple[PlayerHand | None, PlayerHand | None, PlayerHand | None, PlayerHand | None]
    winner: int
    win: str = "self_draw"
    win_tile: Tile = -1
    discarder: int | None = None
    prevailing: int = 0
    flags: frozenset[str] = field(default_factory=frozenset)
    options: ClassicalOptions = _DEFAULT_OPTIONS

    def __init__(
        self,
        hands: object,
        winner: object,
        win: object = "self_draw",
        win_tile: object = -1,
        discarder: object = None,
        prevailing: object = 0,
        flags: object = _NO_FLAGS,
        options: object = _DEFAULT_OPTIONS,
    ) -> None:
        # taken as ``object`` (CL-4, CL-5): compiled, the native fields would read winner=True as
        # South and refuse a mistyped field with a bare TypeError. Pure Python keeps what it is
        # given and score_deal names the first problem; compiled, a value the fields cannot hold
        # is refused here with the very words score_deal would say (:func:`_native_deal`), and the
        # other forms score_deal accepts (lists, a set of flags, an int subclass) are stored as
        # the fields' own types.
        # Written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            native = _native_deal(hands, winner, win, win_tile, discarder, prevailing, flags, options)
            self.hands = native[0]  # type: ignore[misc]
            self.winner = native[1]  # type: ignore[misc]
            self.win = native[2]  # type: ignore[misc]
            self.win_tile = native[3]  # type: ignore[misc]
            self.discarder = native[4]  # type: ignore[misc]
            self.prevailing = native[5]  # type: ignore[misc]
            self.flags = native[6]  # type: ignore[misc]
            self.options = native[7]  # type: ignore[misc]
        else:
            _set(self, "hands", hands)
            _set(self, "winner", winner)
            _set(self, "win", win)
            _set(self, "win_tile", win_tile)
            _set(self, "discarder", discarder)
            _set(self, "prevailing", prevailing)
            _set(self, "flags", flags)
            _set(self, "options", options)


_FourHands = tuple[PlayerHand | None, PlayerHand | None, PlayerHand | None, PlayerHand | None]
_DealFields = tuple[_FourHands, int, str, int, int | None, int, frozenset[str], ClassicalOptions]


class _RawDeal:
    """The fields of a :class:`Deal` as given, for the compiled ``Deal`` to word what its native
    fields cannot hold exactly as :func:`_full_check` words it of a pure ``Deal``."""

    __slots__ = ("hands", "winner", "win", "win_tile", "discarder", "prevailing", "flags", "options")

    def __init__(self, hands: Any, winner: Any, win: Any, win_tile: Any, discarder: Any, prevailing: Any, flags: Any, options: Any) -> None:
        self.hands = hands
        self.winner = winner
        self.win = win
        self.win_tile = win_tile
        self.discarder = discarder
        self.prevailing = prevailing
        self.flags = flags
        self.options = options


def _native_int(value: object) -> int | None:
    """``value`` as a native int field holds it: an int or an int subclass, never a bool (None)."""
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


def _native_deal(
    hands: object, winner: object, win: object, win_tile: object, discarder: object, prevailing: object, flags: object, options: object
) -> _DealFields:
    """The fields of a compiled :class:`Deal` (CL-4, CL-5), as their native types hold them; raises
    :class:`InvalidHand` with :func:`score_deal`'s words (the first problem :func:`_full_check`
    names, then the win's type) when one of them cannot be held: a bool seat or tile, a string
    tile, three hands, a string of flags..."""
    four: _FourHands | None = None
    if isinstance(hands, (tuple, list)) and len(hands) == 4 and all(h is None or isinstance(h, PlayerHand) for h in hands):
        four = (hands[0], hands[1], hands[2], hands[3])
    seat, tile_number, wind = _native_int(winner), _native_int(win_tile), _native_int(prevailing)
    from_seat = None if discarder is None else _native_int(discarder)
    names: frozenset[str] | None = None
    if type(flags) is frozenset:
        names = flags
    elif isinstance(flags, (frozenset, set, tuple, list)):
        try:
            names = frozenset(flags)
        except TypeError:  # an unhashable flag: _full_check raises it as pure Python does
            names = None
    if (
        four is not None
        and seat is not None
        and isinstance(win, str)
        and tile_number is not None
        and (discarder is None or from_seat is not None)
        and wind is not None
        and names is not None
        and isinstance(options, ClassicalOptions)
    ):
        return (four, seat, win, tile_number, from_seat, wind, names, options)
    try:
        _full_check(_RawDeal(hands, winner, win, win_tile, discarder, prevailing, flags, options))
    except InvalidHand as e:
        raise InvalidHand(cite_refs(str(e), RULE_REFS)) from None
    raise InvalidHand(f"win {echo(win)}: expected one of {', '.join(WIN_TYPES)}")  # what validate() says of it


def deal_from_win(
    win: Win, others: Sequence[PlayerHand | None] = (None, None, None, None), options: ClassicalOptions = ClassicalOptions()
) -> Deal:
    """The deal of a winning hand (a :class:`Win`, as the engine and the HK interface give it)
    with the other seats' hands ``others`` (by seat; the winner's entry is ignored).

    HK-only flags (``kong_replacement``, ``heavenly``…) are dropped: the classical table reads
    only ``last_wall_tile`` (CL-5.3).
    """
    problem = win_seat_problem(win)  # CL-4: a seat is a number 0-3, never a bool
    if problem is not None:
        raise InvalidHand(problem)
    four: list[object] = list(others)  # objects: compiled, a list of PlayerHand raises a TypeError on a dict
    four[win.seat] = PlayerHand(win.concealed, win.melds, win.flowers, win.seasons)
    flags: frozenset[object] = win.flags  # objects: compiled, a loop over strings raises a TypeError on 1
    return Deal(
        (four[0], four[1], four[2], four[3]),
        win.seat,
        win.win,
        win.win_tile,
        win.discarder,
        win.prevailing,
        frozenset(f for f in flags if f in CLASSICAL_FLAGS),
        options,
    )


@dataclass(frozen=True, slots=True, init=False)
class ScoreItem:
    """One scoring line met: ``points`` (CL-5.1) or ``doubles`` (CL-5.2/5.3); ``tiles`` names the group."""

    id: str
    name: str
    points: int = 0
    doubles: int = 0
    tiles: str = ""
    exposed: bool | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    def __init__(self, id: str, name: str, points: int = 0, doubles: int = 0, tiles: str = "", exposed: bool | None = None) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.id = id  # type: ignore[misc]
            self.name = name  # type: ignore[misc]
            self.points = points  # type: ignore[misc]
            self.doubles = doubles  # type: ignore[misc]
            self.tiles = tiles  # type: ignore[misc]
            self.exposed = exposed  # type: ignore[misc]
        else:
            _set(self, "id", id)
            _set(self, "name", name)
            _set(self, "points", points)
            _set(self, "doubles", doubles)
            _set(self, "tiles", tiles)
            _set(self, "exposed", exposed)

    def to_dict(self, lang: str = "en") -> dict[str, object]:
        out: dict[str, object] = {"id": self.id, "name": name_of(self.id, lang)}
        if self.tiles:
            out["tiles"] = self.tiles
        if self.exposed is not None:
            out["exposed"] = self.exposed
        if self.doubles:
            out["doubles"] = self.doubles
        else:
            out["points"] = self.points
        return out


@dataclass(frozen=True, slots=True, init=False)
class PlayerScore:
    """A player's points, doubles, score (points × 2^doubles, capped; the limit for a limit hand)."""

    seat: int
    points: int
    doubles: int
    score: int
    items: tuple[ScoreItem, ...]
    limit_id: str | None = None
    given: bool = True

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    def __init__(self, seat: int, points: int, doubles: int, score: int, items: tuple[ScoreItem, ...], limit_id: str | None = None, given: bool = True) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.seat = seat  # type: ignore[misc]
            self.points = points  # type: ignore[misc]
            self.doubles = doubles  # type: ignore[misc]
            self.score = score  # type: ignore[misc]
            self.items = items  # type: ignore[misc]
            self.limit_id = limit_id  # type: ignore[misc]
            self.given = given  # type: ignore[misc]
        else:
            _set(self, "seat", seat)
            _set(self, "points", points)
            _set(self, "doubles", doubles)
            _set(self, "score", score)
            _set(self, "items", items)
            _set(self, "limit_id", limit_id)
            _set(self, "given", given)

    def to_dict(self, lang: str = "en") -> dict[str, object]:
        """``points``, ``doubles``, ``score``, ``limit``, ``items``; ``given: false`` for a hand not given."""
        out: dict[str, object] = {} if self.given else {"given": False}
        return out | {
            "points": self.points,
            "doubles": self.doubles,
            "score": self.score,
            "limit": None if self.limit_id is None else name_of(self.limit_id, lang),
            "limit_id": self.limit_id,
            "items": [i.to_dict(lang) for i in self.items],
        }


@dataclass(frozen=True, slots=True, init=False)
class Transfer:
    """One payment of the settlement (CL-7): ``why`` is ``mahjong``, ``difference`` or ``pay_highest``."""

    payer: int
    payee: int
    amount: int
    why: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    def __init__(self, payer: int, payee: int, amount: int, why: str) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.payer = payer  # type: ignore[misc]
            self.payee = payee  # type: ignore[misc]
            self.amount = amount  # type: ignore[misc]
            self.why = why  # type: ignore[misc]
        else:
            _set(self, "payer", payer)
            _set(self, "payee", payee)
            _set(self, "amount", amount)
            _set(self, "why", why)


@dataclass(frozen=True, slots=True, init=False)
class ClassicalResult:
    """Every player's score, the transfers between them and the net settlement by seat."""

    players: tuple[PlayerScore, PlayerScore, PlayerScore, PlayerScore]
    winner_seat: int
    transfers: tuple[Transfer, ...]
    settlement: tuple[int, int, int, int]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    def __init__(self, players: tuple[PlayerScore, PlayerScore, PlayerScore, PlayerScore], winner_seat: int, transfers: tuple[Transfer, ...], settlement: tuple[int, int, int, int]) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.players = players  # type: ignore[misc]
            self.winner_seat = winner_seat  # type: ignore[misc]
            self.transfers = transfers  # type: ignore[misc]
            self.settlement = settlement  # type: ignore[misc]
        else:
            _set(self, "players", players)
            _set(self, "winner_seat", winner_seat)
            _set(self, "transfers", transfers)
            _set(self, "settlement", settlement)

    @property
    def winner(self) -> PlayerScore:
        return self.players[self.winner_seat]

    def to_dict(self, lang: str = "en") -> dict[str, object]:
        """The machine form of ``hkmj score --rules classical`` (docs/rules-classical.md)."""
        return {
            "valid": True,
            "rules": "classical",
            "winner": SEAT_LETTERS[self.winner_seat],
            **self.winner.to_dict(lang),  # the winner's hand is always given: its points … items
            "players": {SEAT_LETTERS[p.seat]: p.to_dict(lang) for p in self.players},
            "settlement": {SEAT_LETTERS[s]: self.settlement[s] for s in range(4)},
            "transfers": [
                {"from": SEAT_LETTERS[t.payer], "to": SEAT_LETTERS[t.payee], "amount": t.amount, "why": t.why}
                for t in self.transfers
            ],
        }


# --- scoring ---------------------------------------------------------------------------------


_ITEMS: dict[tuple[int, Tile, bool], ScoreItem] = {}
"""Group items by (table line, tile, exposed): a few hundred values, built once each."""
_DOUBLE_ITEMS: dict[str, ScoreItem] = {d.id: ScoreItem(d.id, d.name, doubles=1) for d in DOUBLE_LINES}
_BONUS_ITEMS: tuple[ScoreItem, ...] = tuple(
    ScoreItem(BONUS_LINE.id, BONUS_LINE.name, points=BONUS_LINE.exposed, tiles=f"{n}f") for n in range(9)
)
"""The bonus line's item of flower n (1-4) and season n - 4 (5-8), by n (CL-5.1.11)."""
_MAHJONG_ITEM: Final = ScoreItem(MAHJONG_LINE.id, MAHJONG_LINE.name, points=MAHJONG_LINE.exposed)


def _evaluate(facts: Facts, hand: PlayerHand, limit: int) -> tuple[int, int, int, tuple[ScoreItem, ...]]:
    """(points, doubles, score before any limit hand, items) of one reading (CL-5)."""
    found: list[tuple[int, int, ScoreItem]] = []
    points = 0
    for gi, g in enumerate(facts.groups):
        for li, line in _LINES_BY_KIND[g.kind]:
            if line.test(g.tile, facts):
                value = line.exposed if g.exposed else line.concealed
                if value:
                    points += value
                    key = (li, g.tile, g.exposed)
                    item = _ITEMS.get(key)
                    if item is None:
                        item = _ITEMS[key] = ScoreItem(line.id, line.name, points=value, tiles=g.tiles, exposed=g.exposed)
                    found.append((li, gi, item))
    found.sort()  # items in table order: (line, group) pairs are distinct, the items never compared
    items = [x[2] for x in found]
    for n in hand.flowers:
        points += BONUS_LINE.exposed
        items.append(_BONUS_ITEMS[n])
    for n in hand.seasons:
        points += BONUS_LINE.exposed
        items.append(_BONUS_ITEMS[n + 4])
    if facts.winner:
        points += MAHJONG_LINE.exposed
        items.append(_MAHJONG_ITEM)
    doubles = 0
    for d in DOUBLE_LINES:
        if d.winner_only and not facts.winner:
            continue
        n = d.count(facts)
        if n:
            doubles += n
            items.extend([_DOUBLE_ITEMS[d.id]] * n)
    return points, doubles, min(points << doubles, limit), tuple(items)


def _meld_groups(melds: tuple[Meld, ...]) -> list[Group]:
    return [Group("kong" if m.is_kong else m.kind, m.tile, m.exposed) for m in melds]


def _winner_readings(reading: Reading, deal: Deal) -> Iterator[tuple[Group, ...]]:
    """The groups of one reading, once per group the winning tile may complete (CL-2.3, CL-2.5)."""
    own: list[Group]
    if reading.shape == STANDARD:
        own = [Group("chow", t, False) for t in reading.chows] + [Group("pung", t, False) for t in reading.pungs]
        own.append(Group("pair", reading.pair, False))
    elif reading.shape == "seven_pairs":
        own = [Group("pair", t, False) for t in reading.pairs]
    else:
        own = [Group("pair", reading.pair, False)]
    hand = deal.hands[deal.winner]
    assert hand is not None
    melds = tuple(_meld_groups(hand.melds))
    if deal.win == "self_draw":
        yield tuple(own) + melds
        return
    wt = deal.win_tile
    seen: set[tuple[str, Tile]] = set()
    for i, g in enumerate(own):
        holds = wt in (g.tile, g.tile + 1, g.tile + 2) if g.kind == "chow" else g.tile == wt
        if holds and (g.kind, g.tile) not in seen:
            seen.add((g.kind, g.tile))
            yield tuple(own[:i]) + (Group(g.kind, g.tile, True),) + tuple(own[i + 1 :]) + melds
    if not seen:  # thirteen wonders won on a single tile: no group holds it, nothing is exposed
        yield tuple(own) + melds


def _winner_win(deal: Deal, hand: PlayerHand) -> Win:
    return Win(
        concealed=hand.concealed,
        win_tile=deal.win_tile,
        win=deal.win,
        seat=deal.winner,
        prevailing=deal.prevailing,
        discarder=deal.discarder,
        melds=hand.melds,
        flowers=hand.flowers,
        seasons=hand.seasons,
        flags=deal.flags,
    )


def _rank(p: PlayerScore) -> tuple[int, bool, int, int]:
    """CL-2.5: the best reading scores most; at equal scores a limit hand (CL-6.2 Ruling), then
    the most points, then the most doubles."""
    return (p.score, p.limit_id is not None, p.points, p.doubles)


def _score_winner(deal: Deal, hand: PlayerHand) -> PlayerScore:
    """The winner's best reading (CL-2.5): a limit hand scores the limit (CL-6.2)."""
    win = _winner_win(deal, hand)
    d = deal.discarder
    if deal.win in WIN_TYPES and (d is None if deal.win == "self_draw" else d is not None and d != deal.winner):
        # what validate() checks of the context beyond this: the seats, the flags and the bonus
        # tiles, which _check_deal has checked (CL-1.1, CL-4, CL-5.3)
        counts, concealed = _validate_tiles(win)
    else:
        counts = validate(win)  # raises, naming the problem
        concealed = _validate_tiles(win)[1]
    found = readings(concealed, len(hand.melds))
    if not found:
        quad = four_alike_as_pairs(concealed, len(hand.melds))
        raise InvalidHand(
            f"{format_tiles(hand.concealed)}"
            + "".join(f" + {m}" for m in hand.melds)
            + (
                " has no valid reading: it is not four groups and a pair nor a limit hand of CL-6"
                if quad is None
                else f" has no valid reading: seven pairs are seven distinct pairs, and {tile_str(quad)} is held four times (CL-6.3)"
            )
        )
    limit = deal.options.limit
    best: PlayerScore | None = None
    for reading in found:
        shape = Shape(win, reading, counts)
        n_pungs = len(shape.pungs)
        lim = next((x for x in CLASSICAL_LIMITS if n_pungs >= x.min_pungs and x.test(shape)), None)
        for groups in _winner_readings(reading, deal):
            facts = Facts(groups, deal.winner, deal.prevailing, hand, True, deal.win, deal.flags)
            points, doubles, value, items = _evaluate(facts, hand, limit)
            cand = PlayerScore(deal.winner, points, doubles, limit if lim else value, items, lim.id if lim else None)
            if best is None or _rank(cand) > _rank(best):
                best = cand
    assert best is not None
    return best


def _score_other(seat: int, deal: Deal, hand: PlayerHand) -> PlayerScore:
    """A non-winner: declared groups and concealed pungs, bonus tiles, CL-5.2 doubles (CL-5.4)."""
    counts = [0] * N_KINDS
    pungs: list[Tile] = []
    for t in hand.concealed:
        counts[t] += 1
        if counts[t] == 3:
            pungs.append(t)
    pungs.sort()  # in tile order
    own = [Group("pung", t, False) for t in pungs]
    own.extend(_meld_groups(hand.melds))
    groups = tuple(own)
    if not groups and not hand.flowers and not hand.seasons:
        return PlayerScore(seat, 0, 0, 0, ())  # every line and every double needs a set or a bonus tile
    facts = Facts(groups, seat, deal.prevailing, hand, False, deal.win, deal.flags)
    points, doubles, value, items = _evaluate(facts, hand, deal.options.limit)
    return PlayerScore(seat, points, doubles, value, items)


def settle(scores: tuple[int, int, int, int], winner: int, pay_highest: bool = False) -> tuple[Transfer, ...]:
    """CL-7: the winner is paid his score; non-winners pay each other the difference; East doubles.

    With ``pay_highest`` (CL-7.4) the winner pays twice the difference to a higher score instead.
    """
    out: list[Transfer] = []
    w = scores[winner]
    for s in range(4):
        if s == winner:
            continue
        east = 2 if 0 in (s, winner) else 1
        if pay_highest and scores[s] > w:
            out.append(Transfer(winner, s, 2 * east * (scores[s] - w), "pay_highest"))
        elif w:
            out.append(Transfer(s, winner, east * w, "mahjong"))
    losers = [s for s in range(4) if s != winner]
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            diff = scores[a] - scores[b]
            if diff:
                east = 2 if 0 in (a, b) else 1
                payer, payee = (b, a) if diff > 0 else (a, b)
                out.append(Transfer(payer, payee, east * abs(diff), "difference"))
    return tuple(out)


def _type_problem(deal: Deal | _RawDeal) -> str | None:
    """What field of a :class:`Deal` built in Python has a value of the wrong form, or None
    (the JSON reader never builds one: it checks every type itself)."""
    hands = deal.hands
    if not isinstance(hands, (tuple, list)) or len(hands) != 4:
        return "hands: expected four hands, E S W N (a PlayerHand or None each, CL-5)"
    for seat, hand in enumerate(hands):
        who = SEAT_LETTERS[seat]
        if hand is None:
            continue
        if not isinstance(hand, PlayerHand):
            return f"hands.{who}: expected a PlayerHand or None, not {type(hand).__name__}"
        if not isinstance(hand.concealed, (tuple, list)):
            return f"hands.{who}: {PLAYER_HAND_FORMS[0]}"
        tiles: tuple[object, ...] = hand.concealed  # objects: a compiled loop over ints raises a TypeError on "1m"
        for t in tiles:
            if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < N_TILE_IDS:  # never a bool: Python counts True as 1 (2m)
                return f"hands.{who}: {python_echo(t)} is not a tile number (an int 0-33)"
        if not isinstance(hand.melds, (tuple, list)):
            return f"hands.{who}: {PLAYER_HAND_FORMS[1].format(type(hand.melds).__name__)}"
        if not all(isinstance(g, (tuple, list)) for g in (hand.flowers, hand.seasons)):
            return f"hands.{who}: {PLAYER_HAND_FORMS[2]}"
    if not _whole(deal.win_tile) or not 0 <= deal.win_tile < N_TILE_IDS:
        return f"win_tile {echo(deal.win_tile)} is not a tile number (an int 0-33)"
    if isinstance(deal.flags, str) or not isinstance(deal.flags, (frozenset, set, tuple, list)):
        return f"flags {echo(deal.flags)}: expected a set of flag names"
    if not isinstance(deal.options, ClassicalOptions):
        return f"options: expected ClassicalOptions, not {type(deal.options).__name__}"
    return None


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


_MELD_SPAN: Final[Mapping[str, int]] = {"pung": 3, "kong": 4, "ckong": 4, "chow": 0}
"""Copies of its tile a declared group holds, by kind (0: a chow, one each of three tiles)."""


def _valid_deal(deal: Deal) -> bool:
    """True when ``deal`` plainly passes every check of :func:`_full_check` (CL-1.1, CL-1.2,
    CL-2.1, CL-4, CL-5.3, CL-6.2, CL-7.4), checked in one pass over the four hands: each field of
    its exact type, the tiles counted in one array, the bonus tiles in one bit mask, no message
    built. False sends the deal to :func:`_full_check`, which finds and words the first problem
    (or accepts a deal given in another accepted form: lists, an int subclass), so each refusal
    keeps the words and the order it had."""
    hands: object = deal.hands
    winner: object = deal.winner
    prevailing: object = deal.prevailing
    discarder: object = deal.discarder
    win_tile: object = deal.win_tile
    flags: object = deal.flags
    options: object = deal.options
    if type(hands) is not tuple or len(hands) != 4:
        return False
    if type(winner) is not int or not 0 <= winner < 4 or type(prevailing) is not int or not 0 <= prevailing < 4:
        return False
    if discarder is not None and (type(discarder) is not int or not 0 <= discarder < 4):
        return False
    if type(win_tile) is not int or not 0 <= win_tile < N_KINDS:
        return False
    if type(flags) is not frozenset or (flags and (flags != _LAST_WALL_TILE or deal.win != "self_draw")):
        return False
    if type(options) is not ClassicalOptions:
        return False
    limit: object = options.limit
    pay_highest: object = options.pay_highest
    if type(pay_highest) is not bool or type(limit) is not int or not LIMIT_RANGE[0] <= limit <= LIMIT_RANGE[1]:
        return False
    total = [0] * N_KINDS
    bonus = 0  # bit b - 1 a flower b, bit b + 3 a season b (CL-1.1: one of each)
    seat = 0
    for hand in hands:
        if hand is None:
            if seat == winner:
                return False
            seat += 1
            continue
        if type(hand) is not PlayerHand:
            return False
        concealed: object = hand.concealed
        melds: object = hand.melds
        flowers: object = hand.flowers
        seasons: object = hand.seasons
        if type(concealed) is not tuple or type(melds) is not tuple or type(flowers) is not tuple or type(seasons) is not tuple:
            return False
        for t in concealed:
            if type(t) is not int or not 0 <= t < N_KINDS:
                return False
            total[t] += 1
        for m in melds:
            if type(m) is not Meld:
                return False
            kind = m.kind
            mt: object = m.tile
            span = _MELD_SPAN.get(kind, -1) if type(kind) is str else -1
            if span < 0 or type(mt) is not int or not 0 <= mt < N_KINDS:
                return False
            if span:
                total[mt] += span
            elif mt < HONOUR and mt % 9 <= 6:  # a chow: three consecutive tiles of one suit
                total[mt] += 1
                total[mt + 1] += 1
                total[mt + 2] += 1
            else:
                return False
        for b in flowers:
            if type(b) is not int or not 1 <= b <= 4 or bonus >> (b - 1) & 1:
                return False
            bonus |= 1 << (b - 1)
        for b in seasons:
            if type(b) is not int or not 1 <= b <= 4 or bonus >> (b + 3) & 1:
                return False
            bonus |= 1 << (b + 3)
        if seat != winner and (len(melds) > 4 or len(concealed) != 13 - 3 * len(melds)):
            return False
        seat += 1
    return max(total) <= 4


_LAST_WALL_TILE: Final = frozenset(CLASSICAL_FLAGS)


def _check_deal(deal: Deal) -> None:
    """Raise :class:`InvalidHand` naming the first problem of ``deal`` (see :func:`_full_check`)."""
    if not _valid_deal(deal):
        _full_check(deal)
    _check_robbed_pung(deal)


def _full_check(deal: Deal | _RawDeal) -> None:
    problem = _type_problem(deal)
    if problem is not None:
        raise InvalidHand(problem)
    problem = (
        seat_problem(deal.winner, "winner")  # CL-4: seat numbers 0-3 (E, S, W, N), never bools
        or seat_problem(deal.prevailing, "prevailing")
        or seat_problem(deal.discarder, "discarder", none=True)
    )
    if problem is not None:
        raise InvalidHand(problem)
    if deal.hands[deal.winner] is None:
        raise InvalidHand(f"the winner {SEAT_LETTERS[deal.winner]} has no hand: give the winning hand")
    unknown = sorted(set(deal.flags) - set(CLASSICAL_FLAGS))
    unscored = {"kong_replacement": "a kong replacement", "final_discard": "the final discard"}
    if unknown and unknown[0] in unscored:  # a real way to win, which the classical game does not double
        raise InvalidHand(f"flag {echo(unknown[0])}: the classical game has no double for a win on {unscored[unknown[0]]} (CL-5.3): leave the flag out")
    ruled = {  # Hong Kong's limit hands of a win on the deal, which the classical rules rule on (CL-4.1, CL-6.1)
        "heavenly": "East's Mahjong on his dealt tiles is a plain self-drawn win there, no limit hand (CL-4.1, CL-6.1): leave the flag out",
        "earthly": "an earthly hand is not among its limit hands (CL-6.1): leave the flag out",
    }
    if unknown:
        why = ruled.get(unknown[0], f"expected any of {', '.join(CLASSICAL_FLAGS)}")
        raise InvalidHand(f"flag {echo(unknown[0])} is not part of the classical game: {why}")
    if "last_wall_tile" in deal.flags and deal.win != "self_draw":
        raise InvalidHand("flag 'last_wall_tile' needs a self-drawn win (CL-5.3)")
    problem = _option_problem(deal.options.pay_highest, deal.options.limit)
    if problem is not None:
        raise InvalidHand(problem)
    if not 0 <= deal.win_tile < N_KINDS:
        raise InvalidHand(
            f"win_tile {tile_str(deal.win_tile)}: a flower or season is set aside and replaced, it never wins a hand (CL-1.2)"
        )
    total = [0] * N_KINDS
    bonus: dict[str, int] = {}
    for seat, hand in enumerate(deal.hands):
        if hand is None:
            continue
        who = SEAT_LETTERS[seat]
        for group, what, offset in ((hand.flowers, "flower", 0), (hand.seasons, "season", 4)):
            if not group:
                continue
            if len(set(group)) != len(group) or not all(map(is_bonus_number, group)) or holds_a_bool(group):
                raise InvalidHand(f"{who}: {what}s {echo(list(group))}: each is a distinct number 1-4 (CL-1.1)")
            for b in group:
                key = f"{b + offset}f"
                if key in bonus:
                    raise InvalidHand(
                        f"{what} {b} is held by both {SEAT_LETTERS[bonus[key]]} and {who}: there is one of each (CL-1.1)"
                    )
                bonus[key] = seat
        if hand.concealed and not (min(hand.concealed) >= 0 and max(hand.concealed) < N_KINDS):
            t = next(t for t in hand.concealed if not 0 <= t < N_KINDS)
            # worded as the Hong Kong and MCR requests word it (it said "not part of the hand", never where it goes)
            raise InvalidHand(f"{who}: {tile_str(t)} is a bonus tile: give it in flowers or seasons (CL-1.2)")
        for t in hand.concealed:
            total[t] += 1
        melds: tuple[object, ...] = hand.melds  # objects: a compiled loop over Melds raises a TypeError on "pung 111m"
        for g in melds:
            problem = meld_problem(g)  # a Meld built in Python is not checked when built (CL-2.1)
            if problem is not None:
                raise InvalidHand(f"{who}: {problem}")
            assert isinstance(g, Meld)
            for t in g.tiles:
                total[t] += 1
        if seat != deal.winner:
            need = 13 - 3 * len(hand.melds)
            if len(hand.melds) > 4 or len(hand.concealed) != need:
                raise InvalidHand(
                    f"{who} holds {plural(len(hand.concealed), 'concealed tile')}; with {plural(len(hand.melds), 'meld')} "
                    f"a non-winner holds {max(need, 0)}{kong_hint(hand.concealed, need)}"
                )
    if max(total) > 4:
        _refuse_a_robbed_kong_shown(deal)  # the usual slip behind a fifth copy of a robbed tile
        worst = total.index(max(total))
        raise InvalidHand(
            f"{total[worst]} copies of {tile_str(worst)} in the four hands: there are only four of each tile (CL-1.1)"
        )


def _refuse_a_robbed_kong_shown(deal: Deal | _RawDeal) -> None:
    """CL-3.4: a robbed kong does not stand; its owner keeps the pung he added the tile to. A
    robbed player's hand given with the kong counts the robbed tile twice (his and the winner's):
    say so, rather than only that the four hands hold five of it (CL-1.1)."""
    d = deal.discarder
    if deal.win != "robbed_kong" or not isinstance(d, int) or not 0 <= d < 4 or d == deal.winner:
        return
    hand = deal.hands[d]
    if hand is not None and any(m.kind == "kong" and m.tile == deal.win_tile for m in hand.melds):
        t = tile_str(deal.win_tile)
        raise InvalidHand(
            f"robbed kong of {t}: a robbed kong does not stand, so {SEAT_LETTERS[d]} keeps the pung it had: "
            f"give it as 'pung {t[0] * 3}{t[1]}', not 'kong {t[0] * 4}{t[1]}' (CL-3.4)"
        )


def _check_robbed_pung(deal: Deal) -> None:
    """CL-3.4: a kong is robbed as it is added to an exposed pung, so the robbed player's hand,
    when given, still shows that pung; when it is not given, that pung still holds three of the
    tile, so no other non-winner holds one (CL-1.1)."""
    d = deal.discarder
    if deal.win != "robbed_kong" or d is None or d == deal.winner:
        return
    hand = deal.hands[d]
    if hand is not None and not any(m.kind == "pung" and m.tile == deal.win_tile for m in hand.melds):
        t = tile_str(deal.win_tile)
        raise InvalidHand(f"robbed kong of {t}: {SEAT_LETTERS[d]} shows no exposed pung of {t} to add it to (CL-3.4)")
    if hand is not None:
        return
    for seat, other in enumerate(deal.hands):
        if other is None or seat in (d, deal.winner):
            continue
        if deal.win_tile in other.concealed or any(deal.win_tile in m.tiles for m in other.melds):
            t = tile_str(deal.win_tile)
            raise InvalidHand(
                f"robbed kong of {t}: the other three {t} are in {SEAT_LETTERS[d]}'s robbed pung, "
                f"so {SEAT_LETTERS[seat]} holds none (CL-3.4)"
            )


def score_deal(deal: Deal) -> ClassicalResult:
    """Score all four hands of a won hand and settle them (CL-5, CL-6, CL-7).

    Raises :class:`InvalidHand` naming the first problem for an impossible or inconsistent deal,
    citing the classical rules (the checks shared with Hong Kong are rewritten by :data:`RULE_REFS`).
    """
    players: list[PlayerScore] = []
    try:
        _check_deal(deal)
        for seat, hand in enumerate(deal.hands):
            if hand is None:
                players.append(PlayerScore(seat, 0, 0, 0, (), given=False))
            elif seat == deal.winner:
                players.append(_score_winner(deal, hand))
            else:
                players.append(_score_other(seat, deal, hand))
    except InvalidHand as e:
        raise InvalidHand(cite_refs(str(e), RULE_REFS)) from None
    scores = (players[0].score, players[1].score, players[2].score, players[3].score)
    transfers = settle(scores, deal.winner, deal.options.pay_highest)
    net = [0, 0, 0, 0]
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return ClassicalResult(
        (players[0], players[1], players[2], players[3]),
        deal.winner,
        transfers,
        (net[0], net[1], net[2], net[3]),
    )


# --- the machine interface (hkmj score --rules classical) -----------------------------------

_DEAL_FIELDS = ("hands", "winner", "win", "win_tile", "discarder", "prevailing", "flags", "options")
_HAND_FIELDS = ("hand", "melds", "flowers", "seasons")
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")
"""The words a request may give ``pay_highest`` as text (any case, spaces around ignored); a JSON
boolean is the plain form, and the numbers 1 and 0 are read as their text is."""


def _options(value: Any) -> ClassicalOptions:
    if value is None:
        return ClassicalOptions()
    if not isinstance(value, Mapping):
        raise InvalidHand('options: expected an object like {"pay_highest": true, "limit": 1000}')
    extra = sorted(set(value) - {"pay_highest", "limit"})
    if extra:
        raise InvalidHand(f"unknown option {echo(extra[0])}: the classical options are pay_highest and limit")
    pay = value.get("pay_highest", False)
    if isinstance(pay, str) and pay.strip().lower() in _TRUE + _FALSE:
        pay = pay.strip().lower() in _TRUE
    elif type(pay) is int and pay in (0, 1):  # the number, as its text "1" or "0" is read
        pay = pay == 1
    limit = value.get("limit", 1000)
    if isinstance(limit, str) and ascii_int(limit) is not None:
        limit = ascii_int(limit)
    problem = _option_problem(pay, limit)
    if problem is not None:
        raise InvalidHand(problem)
    return ClassicalOptions(pay_highest=pay, limit=limit)


def _option_problem(pay_highest: object, limit: object) -> str | None:
    """What is wrong with the options of a request or of a :class:`ClassicalOptions` built in
    Python: ``pay_highest`` a bool (CL-7.4), ``limit`` a whole number of points in
    :data:`LIMIT_RANGE` (CL-6.2; never a bool, which Python counts as 1)."""
    if not isinstance(pay_highest, bool):
        return f"option pay_highest={echo(pay_highest)}: expected true or false (CL-7.4)"
    if not (isinstance(limit, int) and not isinstance(limit, bool) and LIMIT_RANGE[0] <= limit <= LIMIT_RANGE[1]):
        return f"option limit={echo(limit)}: expected a whole number of points {LIMIT_RANGE[0]}-{LIMIT_RANGE[1]} (CL-6.2)"
    return None


def _meld(text: Any, who: str) -> Meld:
    """A declared group of seat ``who``; an error names the seat and cites the classical rules."""
    try:
        return Meld.parse(text)
    except InvalidHand as e:
        raise InvalidHand(f"hands.{who}.melds: {cite_refs(str(e), RULE_REFS)}") from None


def _player_hand(value: Any, who: str) -> PlayerHand | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidHand(f"hands.{who}: expected an object with 'hand' (and 'melds', 'flowers', 'seasons') or null")
    extra = sorted(set(value) - set(_HAND_FIELDS))
    if extra:
        raise InvalidHand(f"hands.{who}: unknown field {echo(extra[0])}")
    if not isinstance(value.get("hand"), str):
        raise InvalidHand(f"hands.{who}.hand: expected an mpsz string of the concealed tiles, e.g. '234s567p88m111z'")
    if len(value["hand"]) > MAX_HAND_CHARS:  # refused by its size before a tile is read, as R-9
        raise InvalidHand(
            f"hands.{who}.hand of {len(value['hand']):,} characters: a hand of at most 14 tiles is written in at most "
            f"{MAX_HAND_CHARS} (CL-1.3)"
        )
    try:
        concealed = tuple(parse_tiles(value["hand"]))
    except NotationError as e:
        raise InvalidHand(f"hands.{who}.hand: {e}") from None
    melds_in = _or_none(value.get("melds"))
    if not isinstance(melds_in, list):
        raise InvalidHand(f"hands.{who}.melds: expected a list like ['pung 555m', 'chow 345s']")
    if len(melds_in) > 4:
        raise InvalidHand(f"hands.{who}.melds: {len(melds_in)} melds: a hand has at most four groups (CL-2)")
    for text in melds_in:
        if isinstance(text, str) and len(text) > MAX_MELD_CHARS:
            raise InvalidHand(f"hands.{who}.melds: a meld of {len(text):,} characters: a meld is written like 'pung 555m' (CL-1.3)")
    melds = tuple(_meld(m, who) for m in melds_in)
    return PlayerHand(concealed, melds, bonus_list(_or_none(value.get("flowers")), f"hands.{who}.flowers"),
                      bonus_list(_or_none(value.get("seasons")), f"hands.{who}.seasons"))  # fmt: skip


def _or_none(value: Any) -> Any:
    """An optional list of a request (``melds``, ``flowers``, ``seasons``, ``flags``): ``null``
    counts as absent, an empty list, as in the Hong Kong and MCR requests (docs/scoring.md)."""
    return [] if value is None else value


def deal_from_json(obj: Any) -> Deal:
    """Build a :class:`Deal` from the machine interface's fields (docs/rules-classical.md)."""
    if not isinstance(obj, Mapping):
        raise InvalidHand(f"expected a JSON object, got {echo(obj)}")
    extra = sorted(set(obj) - set(_DEAL_FIELDS))
    if extra and "hands" not in obj and set(extra) & {"hand", "seat", "melds", "flowers", "seasons"}:
        raise InvalidHand(
            f"unknown field {echo(extra[0])}: that is a one-hand request of the Hong Kong or MCR rules; the classical "
            'game scores all four hands under "hands" (E, S, W, N: a hand or null each, CL-5)'
        )
    if extra:
        raise InvalidHand(f"unknown field {echo(extra[0])}")
    for required in ("hands", "winner", "win", "win_tile", "prevailing"):
        if required not in obj:
            raise InvalidHand(f"missing field {required!r}")
    hands_in = obj["hands"]
    if not isinstance(hands_in, Mapping) or set(hands_in) != set(SEAT_LETTERS):
        raise InvalidHand("hands: expected an object with the four seats E, S, W, N (a hand or null each, CL-5)")
    hands = tuple(_player_hand(hands_in[w], w) for w in SEAT_LETTERS)
    if obj["win"] not in WIN_TYPES:
        raise InvalidHand(f"win {echo(obj['win'])}: expected one of {', '.join(WIN_TYPES)}")
    if not isinstance(obj["win_tile"], str):
        raise InvalidHand(f"win_tile {echo(obj['win_tile'])}: expected one tile like '1z'")
    try:
        win_tile = tile(obj["win_tile"])
    except NotationError as e:
        raise InvalidHand(f"win_tile: {clip(str(e))}") from None  # a long value is quoted short
    flags = _or_none(obj.get("flags"))
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise InvalidHand(f"flags {echo(flags)}: expected a list of flag names")
    if len(set(flags)) != len(flags):
        raise InvalidHand(f"flags {echo(flags)}: a flag is given twice")
    discarder = obj.get("discarder")
    return Deal(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        winner=seat_index(obj["winner"], "winner"),
        win=obj["win"],
        win_tile=win_tile,
        discarder=None if discarder is None else seat_index(discarder, "discarder"),
        prevailing=seat_index(obj["prevailing"], "prevailing"),
        flags=frozenset(flags),
        options=_options(obj.get("options")),
    )


def score_json(obj: Any, lang: str = "en") -> dict[str, Any]:
    """Score one machine request; never raises for bad input (``{"valid": false, "error"}``)."""
    try:
        return score_deal(deal_from_json(obj)).to_dict(lang)
    except InvalidHand as e:
        return {"valid": False, "error": str(e)}
