"""The scoring vocabulary: melds, a winning hand to score, and the result (HK-5, HK-6)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final, cast

from hkmj.tiles import N_KINDS, N_TILE_IDS, SEAT_LETTERS, Tile, format_tiles, is_suited, parse_tiles, tile_str

__all__ = [
    "ECHO",
    "clip",
    "echo",
    "InvalidHand",
    "Meld",
    "Win",
    "Item",
    "ScoreResult",
    "WIN_TYPES",
    "FLAGS",
    "seat_index",
    "seat_problem",
    "win_seat_problem",
    "bonus_list",
    "PlayerHand",
    "PLAYER_HAND_FORMS",
    "win_type_problem",
    "raise_type_problem",
    "meld_problem",
    "cite_refs",
]

WIN_TYPES = ("self_draw", "discard", "robbed_kong")
FLAGS = ("last_wall_tile", "final_discard", "kong_replacement", "heavenly", "earthly")
MELD_KINDS = ("chow", "pung", "kong", "ckong")


def reduce_frozen(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` for frozen dataclasses, so copy and pickle also work on the mypyc build."""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj)))


class InvalidHand(ValueError):
    """A hand that cannot be scored; the message says what is wrong."""


_HK_REF = re.compile(r"HK-\d+(?:\.\d+)?")
_REPEATED_REF = re.compile(r"\b([A-Z]+-[\d.]+\d)(?:, \1\b)+")


def cite_refs(text: str, refs: Mapping[str, str]) -> str:
    """Rewrite every ``HK-n.m`` of ``text`` by ``refs`` (a reference it lacks stays as it is); a
    reference repeated by the rewrite (``HK-4.2, HK-4.3`` → ``MCR-4.1``) is given once. A key
    naming rules cited together (``"HK-4.2, HK-5.2"``, a chow's definition) is rewritten as one,
    before the single references. ``refs`` is a ruleset's one table of rule references
    (:attr:`hkmj.rulesets.Ruleset.rule_refs`: :data:`hkmj.scoring.mcr.RULE_REFS`,
    :data:`hkmj.scoring.classical.RULE_REFS`), for the engine's reasons, the screens' words and the
    scorers' errors alike: an error never mixes rulesets."""
    for group, own in refs.items():
        if ", " in group:
            text = text.replace(group, own)
    out = _HK_REF.sub(lambda m: refs.get(m.group(0), m.group(0)), text)
    return _REPEATED_REF.sub(r"\1", out)


def seat_index(value: Any, what: str) -> int:
    """A seat wind letter (E, S, W, N) of the machine interface → 0..3, or :class:`InvalidHand`."""
    if isinstance(value, str) and len(value) == 1 and value in SEAT_LETTERS:
        return SEAT_LETTERS.index(value)
    raise InvalidHand(f"{what} {echo(value)}: expected a wind E, S, W or N")


def python_echo(value: object) -> str:
    """A value of a field built in Python, for an error message: ``True``, ``None`` and floats in
    Python's words, anything else as :func:`echo` shows it (cut short; an integer too long to
    print is named, never a ``ValueError``)."""
    return repr(value) if isinstance(value, (bool, float)) or value is None else echo(value)


def seat_problem(value: object, what: str, none: bool = False) -> str | None:
    """What makes ``value`` no seat number 0-3 (East, South, West, North; HK-2.1), or None.

    A bool is refused although Python counts it an int (``True`` would read as South); ``none``
    allows ``None`` (a self-drawn win's discarder). For the fields of a :class:`Win` built in Python."""
    if value is None and none:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return None
    return f"{what} {python_echo(value)}: expected a seat number 0-3 (East, South, West, North)" + (" or None" if none else "")


def _refuse_seat(value: object, what: str, none: bool) -> None:
    """Refuse a seat field of a :class:`Win` that is no int (a bool, a string, a float), in the
    scorers' words (HK-2.1); an int out of range is left to :func:`win_seat_problem`."""
    if not _is_int(value):
        raise InvalidHand(seat_problem(value, what, none=none) or what)


def _refuse_tile(value: object) -> None:
    """Refuse a winning tile that is no int (a bool: Python counts True as 1, the tile 2m)."""
    if not _is_int(value):
        raise InvalidHand(f"win_tile {value!r} is not a tile number (an int 0-33)")


_WIN_TUPLE_FORMS: Final = {
    "concealed": "concealed must be a tuple of tile numbers, not {}",
    "melds": "melds must be a tuple of Meld, not {}",
}


def _win_tuple(value: object, what: str) -> tuple[Any, ...]:
    """A tuple field of a :class:`Win` given as another type: a list (a set of bonus numbers) is
    read as its tuple; anything else is refused in the scorers' words."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, list) or (what in ("flowers", "seasons") and isinstance(value, (set, frozenset))):
        return tuple(value)
    if what in _WIN_TUPLE_FORMS:
        raise InvalidHand(_WIN_TUPLE_FORMS[what].format(type(value).__name__))
    raise InvalidHand(f"{what} {value!r}: expected a tuple of numbers 1-4")


def _win_flags(value: object) -> frozenset[str]:
    """The flags of a :class:`Win` given as a set, list or tuple, as a frozenset; anything else
    (a string, which is no set of names read letter by letter) refused in the scorers' words."""
    if isinstance(value, frozenset):
        return value
    if isinstance(value, (set, list, tuple)):
        try:
            return frozenset(value)
        except TypeError:  # an unhashable flag
            pass
    raise InvalidHand(f"flags {python_echo(value)}: expected a set of names ({', '.join(FLAGS)})")


def win_seat_problem(win: Win) -> str | None:
    """The first of ``win``'s seat, prevailing wind and discarder that is no seat number (HK-2.1), or None."""
    return (
        seat_problem(win.seat, "seat")
        or seat_problem(win.prevailing, "prevailing")
        or seat_problem(win.discarder, "discarder", none=True)
    )


def holds_a_bool(values: Iterable[object]) -> bool:
    """Whether ``values`` holds a bool, which Python counts as an int (True as 1: the tile 2m, the
    flower 1). Asked of the tuple itself: a compiled loop over its ints would see only 1 and 0."""
    return bool in map(type, values)


def first_bool(values: Iterable[object]) -> bool | None:
    """The first bool ``values`` holds (see :func:`holds_a_bool`), for an error message."""
    for v in values:  # objects, never unboxed: a compiled loop over ints would see True as 1
        if type(v) is bool:
            return bool(v)
    return None


def is_bonus_number(b: object) -> bool:
    """A flower or season number 1-4 (HK-1.3): an int, never a bool (Python counts True as 1)."""
    return isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 4


def bonus_list(value: Any, what: str) -> tuple[int, ...]:
    """A JSON list of bonus tile numbers → a tuple (range-checked later), or :class:`InvalidHand`."""
    if not isinstance(value, list) or not all(isinstance(b, int) and not isinstance(b, bool) for b in value):
        raise InvalidHand(f"{what} {echo(value)}: expected a list of numbers 1-4{bonus_tile_hint(value, what)}")
    return tuple(value)


_BONUS_AS_TILE: Final = re.compile(r"\s*(?:([1-8])\s*f|([fs])\s*([1-4]))\s*", re.IGNORECASE)
"""A bonus tile written as a tile in a list of bonus numbers: ``2f`` (HK-1.4: ``1f``-``4f`` flowers,
``5f``-``8f`` seasons) or as the table shows it, ``F2``, ``S3``."""


def bonus_tile_hint(value: object, what: str) -> str:
    """What to write for the first bonus tile that a request's ``flowers`` or ``seasons`` list
    (``what``, e.g. ``seasons`` or ``hands.W.flowers``) gives as a tile or a name instead of its
    number: ``': "7f" is season 3: give it as 3'``, or ``'in seasons as 3'`` from the flowers list
    (HK-1.3); else ``""``. The field table of docs/scoring.md writes the tiles ``1f``-``8f``."""
    if not isinstance(value, list):
        return ""
    for b in value[:ECHO]:
        if not isinstance(b, str) or len(b) > ECHO:
            continue
        found = _BONUS_AS_TILE.fullmatch(b)
        if found is not None and found.group(1):
            n = int(found.group(1))
            kind, n = ("flower", n) if n <= 4 else ("season", n - 4)
        elif found is not None:
            kind, n = ("flower" if found.group(2) in "fF" else "season"), int(found.group(3))
        else:
            named = bonus_name_numbers().get(b.strip().casefold())
            if named is None:
                continue
            kind, n = named
        where = f"give it as {n}" if what.endswith(f"{kind}s") else f"give it in {kind}s as {n}"
        return f": {echo(b)} is {kind} {n}: {where}"
    return ""


def bonus_name_numbers() -> dict[str, tuple[str, int]]:
    """The flowers' and seasons' names, English and French, in small letters → (kind, number):
    Plum 1 .. Bamboo 4, Spring 1 .. Winter 4 (HK-1.3; ``fall`` too)."""
    from hkmj.tiles import _EN_FLOWERS, _EN_SEASONS, _FR_FLOWERS, _FR_SEASONS

    names: dict[str, tuple[str, int]] = {"fall": ("season", 3)}
    for kind, words in (("flower", _EN_FLOWERS), ("flower", _FR_FLOWERS), ("season", _EN_SEASONS), ("season", _FR_SEASONS)):
        names.update({word.casefold(): (kind, n) for n, word in enumerate(words, 1)})
    return names


ECHO = 40
"""At most this many characters of one input value appear in an error message (an error
quotes a few values at most: far under 200 characters of the input in all)."""


def echo(value: object) -> str:
    """An input value as a JSON user wrote it (R-9: ``null``, ``true``, ``[1, true]``; a string
    in quotes), cut to :data:`ECHO` characters; never raises."""
    if isinstance(value, str):
        text = repr(value[: ECHO + 1])
    else:
        if isinstance(value, (list, tuple)):
            value = list(value[: ECHO + 1])  # no more is shown: never render a huge list
        try:
            text = json.dumps(value, ensure_ascii=False, default=repr)
        except Exception:  # e.g. an integer beyond int_max_str_digits, or a deeply nested list
            if isinstance(value, int):
                return f"<an integer of more than {sys.get_int_max_str_digits():,} digits>"
            return f"<a {type(value).__name__}>"
    return text if len(text) <= ECHO else text[: ECHO - 3] + "..."


def kong_hint(tiles: Iterable[object], need: int) -> str:
    """What to say after a tile count over ``need`` when the hand holds a kong left undeclared
    (``1111z`` among 15 tiles: HK-3.3, a kong is a declared group that takes a replacement),
    else ``""``."""
    held = [t for t in tiles if isinstance(t, int) and not isinstance(t, bool) and 0 <= t < N_KINDS]  # a mistyped tile is named later
    extra = len(held) - need
    fours = sorted({t for t in held if held.count(t) == 4})
    if extra < 1 or len(fours) < extra:
        return ""
    four = format_tiles([fours[0]] * 4)
    return f": {four} is a kong, given as the meld 'kong {four}' or as 'ckong {four}' when declared concealed"


def clip(message: str) -> str:
    """A notation error quotes the bad part of the input: keep that quote to :data:`ECHO`
    characters as :func:`echo` does, and the message to ``2 * ECHO``, cutting the quoted part
    rather than the reason after it (``'1z1z1z...': expected one tile, got 50000``, not
    ``'1z1z1z1z1z1z...``: R-9, an error names what is wrong and quotes at most 40 characters
    of any input value)."""
    cut = max(message.rfind("': "), message.rfind('": '))
    reason = message[cut + 1 :]
    if cut >= ECHO and message[:1] == message[cut] and len(reason) <= ECHO + ECHO // 2:
        return f"{message[: ECHO - 3]}...{message[cut]}{reason}"
    if len(message) <= 2 * ECHO:
        return message
    return message[: 2 * ECHO - 3] + "..."


_set = object.__setattr__
_NATIVE: Final = not __file__.endswith(".py")
"""True when this module runs compiled by mypyc: ``__init__``s then store fields natively."""


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """A declared group (HK-4.8): ``chow``, ``pung``, ``kong`` (exposed) or ``ckong``.

    ``tile`` is the lowest tile of a chow, the repeated tile otherwise.
    """

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    kind: str
    tile: Tile

    def __init__(self, kind: object, tile: object) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if type(kind) is not str or type(tile) is not int:
            _refuse_meld(kind, tile)
        if _NATIVE:
            self.kind = cast(str, kind)  # type: ignore[misc]
            self.tile = cast(int, tile)  # type: ignore[misc]
        else:
            _set(self, "kind", kind)
            _set(self, "tile", tile)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The physical tiles of the meld (four for a kong)."""
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (3 if self.kind == "pung" else 4)

    @property
    def is_kong(self) -> bool:
        return self.kind in ("kong", "ckong")

    @property
    def is_pung_like(self) -> bool:
        """Pung or kong: the groups that count as pungs in HK-6."""
        return self.kind != "chow"

    @property
    def exposed(self) -> bool:
        """Everything but a declared concealed kong is exposed."""
        return self.kind != "ckong"

    def __str__(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles)}"

    @classmethod
    def parse(cls, text: object) -> Meld:
        """Parse ``"chow 345s"``, ``"pung 555m"``, ``"kong 1111z"`` or ``"ckong 2222p"``.

        ``text`` is taken as ``object`` (R-9): a request's meld that is no string (``"melds":
        [1]``) is named here; compiled, a ``str`` parameter refused it with a bare ``TypeError``
        that stopped ``hkmj score``'s JSON lines."""
        if not isinstance(text, str):
            raise InvalidHand(f"meld {echo(text)}: expected a string like 'pung 555m'")
        parts = text.split()
        if len(parts) > 2 and parts[0] in MELD_KINDS and all(w[:1].isdigit() for w in parts[1:]):
            parts = [parts[0], "".join(parts[1:])]  # 'chow 3m 4m 5m': spaces between tiles, as in a hand
        if len(parts) == 1:
            _kind_missing(text)
        if len(parts) == 2 and parts[0] not in MELD_KINDS:
            kind = _KIND_SPELLINGS.get(parts[0].lower(), parts[0].lower())
            if kind in MELD_KINDS:  # 'PUNG', 'Pung', 'pong': the kind, written another way
                right = f"{kind} {parts[1]}"
                raise InvalidHand(f"meld {echo(text)}: write it {echo(right)} (the kinds are chow, pung, kong and ckong, in small letters)")
        if len(parts) == 3 and parts[2] and parts[2][0].isdigit():
            kind = _KIND_SPELLINGS.get(f"{parts[0]} {parts[1]}".lower(), "")
            if kind:  # 'concealed kong 1111p', 'exposed pung 555m': the kind in two words
                right = f"{kind} {parts[2]}"
                raise InvalidHand(f"meld {echo(text)}: write it {echo(right)} (the kinds are chow, pung, kong and ckong, in small letters)")
        words = text.replace(",", " ").replace(";", " ").split()
        if len(words) > 2 and len(words) % 2 == 0 and all(w in MELD_KINDS for w in words[::2]):  # pung 777z, chow 123m
            groups = " then ".join(echo(f"{kind} {spec}") for kind, spec in zip(words[::2], words[1::2], strict=True))
            raise InvalidHand(f"meld {echo(text)}: {len(words) // 2} groups in one meld: give them one by one: {groups}")
        if len(parts) != 2 or parts[0] not in MELD_KINDS:
            _bonus_as_meld(text)
            raise InvalidHand(f"meld {echo(text)}: expected '<chow|pung|kong|ckong> <tiles>', e.g. 'pung 555m'")
        kind, spec = parts
        try:
            tiles = sorted(parse_tiles(spec))
        except ValueError as e:
            raise InvalidHand(f"meld {echo(text)}: {clip(str(e))}") from None
        if kind == "chow":
            ok = len(tiles) == 3 and is_suited(tiles[0]) and tiles[0] % 9 <= 6 and tiles == [tiles[0], tiles[0] + 1, tiles[0] + 2]
            if not ok:
                raise InvalidHand(f"meld {echo(text)}: a chow is three consecutive tiles of one suit (HK-4.2, HK-5.2)")
        else:
            want = 3 if kind == "pung" else 4
            if len(tiles) != want or len(set(tiles)) != 1:
                message = f"meld {echo(text)}: a {kind} is {want} identical tiles"
                if len(set(tiles)) == 1:  # alike, but too few or too many: the meld as it is written
                    message += f": write {echo(f'{kind} {format_tiles([tiles[0]] * want)}')}"
                    other = {("kong", 3): "pung", ("pung", 4): "kong"}.get((kind, len(tiles)))
                    if other:  # 'kong 999m' may be a pung, 'pung 9999m' a kong
                        message += f", or {echo(f'{other} {format_tiles(tiles)}')} for {('three', 'four')[len(tiles) - 3]}"
                raise InvalidHand(message)
        if tiles[0] >= 34:
            raise InvalidHand(f"meld {echo(text)}: bonus tiles never form melds (HK-3.2)")
        return cls(kind, tiles[0])


_BONUS_WORD = re.compile(r"\s*(flowers?|fleurs?|seasons?|saisons?|f|s)\s*([1-4])\s*", re.IGNORECASE)
"""A bonus tile by its kind and number: ``flower 3``, ``Season 2`` (French ``fleur``, ``saison``), ``F3``, ``S2``."""


def _refuse_meld(kind: object, tile: object) -> None:
    """Refuse a :class:`Meld` whose kind is no string or whose tile is no int, as it is built, in
    both builds (HK-4.8): compiled, its native fields raised a bare ``TypeError`` naming no field
    ("int object expected; got None") and read ``True`` as 1, a pung of 2m; in pure Python the
    scorer refused it later. A bool is no tile, though Python counts True as 1."""
    if isinstance(kind, str) and _is_int(tile):
        return  # a str or int subclass (an IntEnum tile): read as one
    raise InvalidHand(f"meld {echo(kind)} {echo(tile)}: expected a kind ({', '.join(MELD_KINDS)}) and a tile number 0-33")


def _bonus_as_meld(text: str) -> None:
    """Refuse a bonus tile given where a meld goes (``--meld 3f``, ``"flower 3"``, ``F3``, ``autumn``)
    with the words a bonus tile among the hand's tiles gets, which each interface turns into how it
    takes one (``--flower 3``; HK-1.3: bonus tiles are never part of the hand's groups)."""
    from hkmj.tiles import _EN_FLOWERS, _EN_SEASONS, _FR_FLOWERS, _FR_SEASONS

    found = _BONUS_WORD.fullmatch(text)
    names = [n.casefold() for n in (*_EN_FLOWERS, *_EN_SEASONS)] + [n.casefold() for n in (*_FR_FLOWERS, *_FR_SEASONS)] + ["fall"]
    word = text.strip().casefold()
    tile: int | None = None
    if found is not None and found[1] != "s":  # s2 in small letters: 2s, a bamboo tile written backwards
        tile = N_KINDS + int(found[2]) - 1 + (4 if found[1][0].lower() == "s" else 0)
    elif word in names:  # autumn, prunier: a bonus tile by its name (HK-1.3)
        tile = N_KINDS + (names.index(word) % 8 if word != "fall" else 6)
    else:
        try:
            tile = next((t for t in parse_tiles(text) if t >= N_KINDS), None)
        except ValueError:
            return
    if tile is not None:
        raise InvalidHand(f"meld {echo(text)}: {tile_str(tile)} is a bonus tile: give it in flowers or seasons (HK-1.3)")


def _kind_missing(text: str) -> None:
    """Refuse a meld given by its tiles alone (``--meld 345m``) with the kind its tiles make."""
    try:
        tiles = sorted(parse_tiles(text))
    except ValueError:
        return
    if not tiles or tiles[-1] >= N_KINDS:
        return
    first = tiles[0]
    if len(tiles) == 3 and is_suited(first) and first % 9 <= 6 and tiles == [first, first + 1, first + 2]:
        right = f"'chow {text.strip()}'"
    elif len(tiles) == 3 and len(set(tiles)) == 1:
        right = f"'pung {text.strip()}'"
    elif len(tiles) == 4 and len(set(tiles)) == 1:
        right = f"'kong {text.strip()}' (or 'ckong {text.strip()}' when declared concealed)"
    else:
        return
    raise InvalidHand(f"meld {echo(text)}: say which group it is: {right}")


_KIND_SPELLINGS: Final[dict[str, str]] = {
    "pong": "pung", "pon": "pung", "chi": "chow", "kang": "kong", "kan": "kong", "minkan": "kong", "ankan": "ckong",
    "concealed kong": "ckong", "closed kong": "ckong", "hidden kong": "ckong", "kong concealed": "ckong",
    "exposed kong": "kong", "open kong": "kong", "exposed pung": "pung", "open pung": "pung",
    "exposed chow": "chow", "open chow": "chow", "kong caché": "ckong", "kong exposé": "kong", "pung exposé": "pung",
}  # fmt: skip
"""Other spellings of a meld's kind a player may type (``--meld "pong 999m"``, ``"concealed kong 1111p"``),
answered with ours."""

_NO_FLAGS: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True, init=False)
class Win:
    """A winning hand to score. Seats are indices 0..3 = East, South, West, North.

    ``concealed`` holds the concealed playing tiles *including* the winning tile.
    """

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    concealed: tuple[Tile, ...]
    win_tile: Tile
    win: str = "self_draw"
    seat: int = 0
    prevailing: int = 0
    discarder: int | None = None
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()
    flags: frozenset[str] = field(default_factory=frozenset)

    def __init__(
        self,
        concealed: object,
        win_tile: object,
        win: object = "self_draw",
        seat: object = 0,
        prevailing: object = 0,
        discarder: object = None,
        melds: object = (),
        flowers: object = (),
        seasons: object = (),
        flags: object = _NO_FLAGS,
    ) -> None:
        # Every field is taken as ``object`` and one of the wrong type is refused here, in the
        # scorers' words, in both builds (HK-1, HK-2.1): compiled, a native field would refuse
        # it with a bare TypeError naming no field (an ``int`` parameter would even turn True
        # into 1). A list of tiles, melds or bonus numbers is read as its tuple, and a set, list or
        # tuple of flags as its frozenset, as the scorers read them. Values of the right type
        # (a tile out of range, a seat 7, an unknown flag) are left to the scorers.
        # Written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if type(concealed) is not tuple:
            concealed = _win_tuple(concealed, "concealed")
        if type(win_tile) is not int:
            _refuse_tile(win_tile)
        if not isinstance(win, str):
            raise InvalidHand(f"win {echo(win)}: expected one of {', '.join(WIN_TYPES)}")
        if type(seat) is not int:
            _refuse_seat(seat, "seat", False)
        if type(prevailing) is not int:
            _refuse_seat(prevailing, "prevailing", False)
        if discarder is not None and type(discarder) is not int:
            _refuse_seat(discarder, "discarder", True)
        if type(melds) is not tuple:
            melds = _win_tuple(melds, "melds")
        if type(flowers) is not tuple:
            flowers = _win_tuple(flowers, "flowers")
        if type(seasons) is not tuple:
            seasons = _win_tuple(seasons, "seasons")
        if type(flags) is not frozenset:
            flags = _win_flags(flags)
        if _NATIVE:
            self.concealed = cast(tuple[Tile, ...], concealed)  # type: ignore[misc]
            self.win_tile = cast(int, win_tile)  # type: ignore[misc]
            self.win = win  # type: ignore[misc]
            self.seat = cast(int, seat)  # type: ignore[misc]
            self.prevailing = cast(int, prevailing)  # type: ignore[misc]
            self.discarder = cast("int | None", discarder)  # type: ignore[misc]
            self.melds = cast(tuple[Meld, ...], melds)  # type: ignore[misc]
            self.flowers = cast(tuple[int, ...], flowers)  # type: ignore[misc]
            self.seasons = cast(tuple[int, ...], seasons)  # type: ignore[misc]
            self.flags = cast(frozenset[str], flags)  # type: ignore[misc]
        else:
            _set(self, "concealed", concealed)
            _set(self, "win_tile", win_tile)
            _set(self, "win", win)
            _set(self, "seat", seat)
            _set(self, "prevailing", prevailing)
            _set(self, "discarder", discarder)
            _set(self, "melds", melds)
            _set(self, "flowers", flowers)
            _set(self, "seasons", seasons)
            _set(self, "flags", flags)

    @property
    def self_drawn(self) -> bool:
        return self.win == "self_draw"


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def win_type_problem(win: object) -> str | None:
    """What field of a :class:`Win` built directly in Python has a value of the wrong type
    (a float or ``None`` tile, a string seat...), or ``None`` when every type is right.

    The scorers call it only after a ``TypeError``, to name the field instead of Python's
    message; JSON requests never get that far (their reader checks every type).
    """
    if not isinstance(win, Win):
        return f"expected a Win, not {type(win).__name__}"

    def tiles(what: str, xs: object) -> str | None:
        if not isinstance(xs, (tuple, list)):
            return f"{what} must be a tuple of tile numbers, not {type(xs).__name__}"
        for x in xs:
            if not _is_int(x):
                return f"{what}: {python_echo(x)} is not a tile number (an int 0-33)"
        return None

    # read as objects: compiled, a loop over ``win.melds`` (a tuple of Meld) would raise the very
    # TypeError this names on its first string
    melds: object = win.melds
    flags: object = win.flags
    checks: list[str | None] = [tiles("concealed", win.concealed)]
    if not _is_int(win.win_tile):
        checks.append(f"win_tile {win.win_tile!r} is not a tile number (an int 0-33)")
    if not isinstance(win.win, str):
        checks.append(f"win {win.win!r}: expected one of {', '.join(WIN_TYPES)}")
    for what in ("seat", "prevailing"):
        value = getattr(win, what)
        if not _is_int(value):
            checks.append(f"{what} {value!r} is not a seat number (an int 0-3: East, South, West, North)")
    if win.discarder is not None and not _is_int(win.discarder):
        checks.append(f"discarder {win.discarder!r} is not a seat number (an int 0-3) or None")
    if not isinstance(melds, (tuple, list)):
        checks.append(f"melds must be a tuple of Meld, not {type(melds).__name__}")
    else:
        for m in melds:
            if not isinstance(m, Meld):
                checks.append(f"melds: {m!r} is not a Meld")
            elif not isinstance(m.kind, str) or not _is_int(m.tile):
                checks.append(f"meld {m.kind!r} {m.tile!r}: expected a kind ({', '.join(MELD_KINDS)}) and a tile number")
    for what in ("flowers", "seasons"):
        value = getattr(win, what)
        if not isinstance(value, (tuple, list)) or not all(_is_int(x) for x in value):
            checks.append(f"{what} {value!r}: expected a tuple of numbers 1-4")
    if not isinstance(flags, (frozenset, set, tuple, list)) or not all(isinstance(f, str) for f in flags):
        checks.append(f"flags {flags!r}: expected a set of names ({', '.join(FLAGS)})")
    return next((c for c in checks if c is not None), None)


def meld_problem(m: object) -> str | None:
    """What makes ``m`` no declared group of playing tiles (HK-4.2, HK-5.2, HK-3.2), or None.

    A :class:`Meld` built in Python is not checked when built; the scorers ask this before
    reading its tiles, so ``Meld("chow", 8)`` (9m 1p 2p) is refused, never scored.
    """
    if not isinstance(m, Meld):
        return f"melds: {echo(m) if isinstance(m, (str, int, list)) else type(m).__name__} is not a Meld (e.g. Meld.parse('pung 555m'))"
    kind, t = m.kind, m.tile
    if kind not in MELD_KINDS or not _is_int(t):
        return f"meld {echo(kind)} {echo(t)}: expected a kind ({', '.join(MELD_KINDS)}) and a tile number 0-33"
    if N_KINDS <= t < N_TILE_IDS:
        return f"meld {kind} {tile_str(t)}: bonus tiles never form melds (HK-3.2)"
    if not 0 <= t < N_KINDS:
        return f"meld {kind} {echo(t)}: {echo(t)} is not a tile number (an int 0-33)"
    if kind == "chow" and (not is_suited(t) or t % 9 > 6):
        return f"meld chow from {tile_str(t)}: a chow is three consecutive tiles of one suit (HK-4.2, HK-5.2)"
    return None


def raise_type_problem(win: object) -> None:
    """Raise :class:`InvalidHand` naming the mistyped field of ``win``, if there is one
    (called by the scorers on a ``TypeError``, which they re-raise otherwise)."""
    problem = win_type_problem(win)
    if problem is not None:
        raise InvalidHand(problem) from None


PLAYER_HAND_FORMS: Final = (
    "concealed must be a tuple of tile numbers (ints 0-33)",
    "melds must be a tuple of Meld, not {}",
    "flowers and seasons must be tuples of numbers 1-4",
)
"""What the classical scorer says of a :class:`PlayerHand` field of the wrong form, after the
seat (``hands.S: concealed must be ...``, CL-5): the compiled ``PlayerHand`` says it as it is built."""


def _native_tuple(value: object, form: str) -> tuple[Any, ...]:
    """A tuple field of the compiled :class:`PlayerHand` (a native tuple): a list is taken as its
    tuple, as the scorers read one in pure Python; anything else is refused in the scorers' words
    (compiled, storing it would raise a bare ``TypeError`` naming no field)."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, list):
        return tuple(value)
    raise InvalidHand(form.format(type(value).__name__))


@dataclass(frozen=True, slots=True, init=False)
class PlayerHand:
    """One player's tiles at the end of a hand, for tables that score every player (CL-5.4).

    ``concealed`` holds the concealed playing tiles (the winner's include the winning tile:
    14 - 3 × melds tiles; a non-winner holds 13 - 3 × melds); ``melds`` the declared groups.
    """

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()

    def __init__(self, concealed: object, melds: object = (), flowers: object = (), seasons: object = ()) -> None:
        # taken as ``object`` (CL-5): a field of the wrong form is named by the classical scorer's
        # own words, in pure Python as the deal is scored (with the seat), compiled as the hand is
        # built (its native tuples would refuse it with a bare TypeError); a list is read as its tuple.
        # Written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.concealed = _native_tuple(concealed, PLAYER_HAND_FORMS[0])  # type: ignore[misc]
            self.melds = _native_tuple(melds, PLAYER_HAND_FORMS[1])  # type: ignore[misc]
            self.flowers = _native_tuple(flowers, PLAYER_HAND_FORMS[2])  # type: ignore[misc]
            self.seasons = _native_tuple(seasons, PLAYER_HAND_FORMS[2])  # type: ignore[misc]
        else:
            _set(self, "concealed", concealed)
            _set(self, "melds", melds)
            _set(self, "flowers", flowers)
            _set(self, "seasons", seasons)


@dataclass(frozen=True, slots=True)
class Item:
    """One scoring element present in the hand."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    id: str
    name: str
    fan: int


@dataclass(frozen=True, slots=True, init=False)
class ScoreResult:
    """Fan, limit and base of the best reading, its itemised elements and the payments."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    fan: int
    limit: str | None
    limit_id: str | None
    base: int
    items: tuple[Item, ...]
    payments: tuple[int, int, int, int]
    shape: str = "standard"

    def __init__(
        self,
        fan: int,
        limit: str | None,
        limit_id: str | None,
        base: int,
        items: tuple[Item, ...],
        payments: tuple[int, int, int, int],
        shape: str = "standard",
    ) -> None:
        # written out (init=False); compiled, native stores (mypyc ignores the frozen
        # dataclass __setattr__, which still guards every assignment from outside)
        if _NATIVE:
            self.fan = fan  # type: ignore[misc]
            self.limit = limit  # type: ignore[misc]
            self.limit_id = limit_id  # type: ignore[misc]
            self.base = base  # type: ignore[misc]
            self.items = items  # type: ignore[misc]
            self.payments = payments  # type: ignore[misc]
            self.shape = shape  # type: ignore[misc]
        else:
            _set(self, "fan", fan)
            _set(self, "limit", limit)
            _set(self, "limit_id", limit_id)
            _set(self, "base", base)
            _set(self, "items", items)
            _set(self, "payments", payments)
            _set(self, "shape", shape)

    def to_dict(self) -> dict[str, object]:
        """The machine form used by ``hkmj score`` (see docs/scoring.md)."""
        p = self.payments
        return {
            "valid": True,
            "fan": self.fan,
            "limit": self.limit,
            "base": self.base,
            "items": [{"name": i.name, "fan": i.fan} for i in self.items],
            "payments": {"E": p[0], "S": p[1], "W": p[2], "N": p[3]},  # SEAT_LETTERS order
        }
