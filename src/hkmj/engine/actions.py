"""Player actions (HK-3, HK-4) as small frozen values with a text form.

Every action has a canonical text (``str(action)``, like python-chess's ``Move.uci()``)
and :func:`parse_action` reads it back:

==========================  =====================================================
``discard 5p``              :class:`Discard` — discard a tile (HK-3.2)
``chow 345s``               :class:`Chow` — claim the discard for a chow (HK-4.2)
``pung``                    :class:`Pung` — claim the discard for a pung (HK-4.3)
``kong 5p``                 :class:`Kong` from a discard (HK-4.4)
``concealed kong 5p``       :class:`Kong` declared from four tiles in hand (HK-3.3)
``added kong 5p``           :class:`Kong` adding a tile to an exposed pung (HK-3.3)
``mahjong``                 :class:`Win` — declare a win (HK-5, HK-5.7)
``pass``                    :class:`Pass` — decline every claim (HK-4)
==========================  =====================================================

Actions compare by value; the engine hands out shared instances (:func:`discard`,
:data:`PUNG`…) so that building legal-action lists allocates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from hkmj.scoring.model import reduce_frozen
from hkmj.tiles import N_KINDS, NotationError, Tile, format_tiles, is_suited, parse_tiles, tile_str

__all__ = [
    "Action",
    "ActionSyntaxError",
    "Chow",
    "Discard",
    "Kong",
    "KongKind",
    "Pass",
    "Pung",
    "Win",
    "CONCEALED",
    "ADDED",
    "FROM_DISCARD",
    "PASS",
    "PUNG",
    "WIN",
    "chow",
    "discard",
    "kong",
    "number",
    "parse_action",
    "text",
    "N_NUMBERS",
    "NUMBER_CHOW",
    "NUMBER_KONG_OWN",
    "NUMBER_WIN",
]

KongKind = Literal["concealed", "added", "discard"]
CONCEALED: Final[KongKind] = "concealed"
ADDED: Final[KongKind] = "added"
FROM_DISCARD: Final[KongKind] = "discard"


class ActionSyntaxError(ValueError):
    """Text that is not an action; the message shows the accepted forms."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; ``str(action)`` is its text form."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

    @property
    def kind(self) -> str:
        """The action's kind word (``discard``, ``chow``, ``pung``, ``kong``, ``mahjong``, ``pass``)."""
        return "action"

    @property
    def text(self) -> str:
        return str(self)

    @staticmethod
    def from_text(text: str) -> Action:
        """Parse a text form (see :func:`parse_action`)."""
        return parse_action(text)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``tile`` face up (HK-3.2)."""

    tile: Tile

    @property
    def kind(self) -> str:
        return "discard"

    def __str__(self) -> str:
        return f"discard {tile_str(self.tile)}"


@dataclass(frozen=True, slots=True)
class Chow(Action):
    """Claim the discard for the chow ``low, low+1, low+2`` (HK-4.2: from the left only)."""

    low: Tile

    @property
    def kind(self) -> str:
        return "chow"

    @property
    def tiles(self) -> tuple[Tile, Tile, Tile]:
        return (self.low, self.low + 1, self.low + 2)

    def __str__(self) -> str:
        return f"chow {format_tiles(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Pung(Action):
    """Claim the discard for a pung with two matching tiles from hand (HK-4.3)."""

    @property
    def kind(self) -> str:
        return "pung"

    def __str__(self) -> str:
        return "pung"


@dataclass(frozen=True, slots=True)
class Kong(Action):
    """A kong of ``tile``: ``concealed`` or ``added`` on your turn (HK-3.3), ``discard`` as a claim (HK-4.4)."""

    tile: Tile
    how: KongKind = FROM_DISCARD

    @property
    def kind(self) -> str:
        return "kong"

    def __str__(self) -> str:
        prefix = "" if self.how == FROM_DISCARD else f"{self.how} "
        return f"{prefix}kong {tile_str(self.tile)}"


@dataclass(frozen=True, slots=True)
class Win(Action):
    """Declare Mahjong (HK-5); the engine judges it (HK-5.7 false Mahjong)."""

    @property
    def kind(self) -> str:
        return "mahjong"

    def __str__(self) -> str:
        return "mahjong"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline every claim on the tile on offer."""

    @property
    def kind(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


PASS: Final = Pass()
PUNG: Final = Pung()
WIN: Final = Win()
_DISCARDS: Final = tuple(Discard(t) for t in range(N_KINDS))
_CHOWS: Final = tuple(Chow(t) if is_suited(t) and t % 9 <= 6 else None for t in range(N_KINDS))
_KONGS: Final = {how: tuple(Kong(t, how) for t in range(N_KINDS)) for how in (CONCEALED, ADDED, FROM_DISCARD)}


_TEXTS: Final[dict[int, str]] = {
    id(a): str(a)
    for a in (PASS, PUNG, WIN, *_DISCARDS, *(c for c in _CHOWS if c is not None), *(k for ks in _KONGS.values() for k in ks))
}
"""The text form of each shared instance, by identity (they live as long as the module)."""


def text(action: Action) -> str:
    """``str(action)``, looked up for the engine's shared instances (events name every action)."""
    t = _TEXTS.get(id(action))
    return str(action) if t is None else t


N_NUMBERS: Final = 75
"""The fixed action numbering (the environment's action space, docs/env.md), for every ruleset:
0-33 discard a kind (HK-3.2), 34-36 chow with the discard as its low, middle or high tile
(HK-4.2), 37 pung (HK-4.3), 38 kong of the discard (HK-4.4), 39-72 concealed or added kong of a
kind on one's turn (HK-3.3; never both at once), 73 Mahjong (HK-5), 74 pass."""
NUMBER_CHOW: Final = 34
NUMBER_KONG_OWN: Final = 39
NUMBER_WIN: Final = 73

_NUMBERS: Final[dict[int, int]] = {
    id(a): n
    for a, n in (
        (PASS, 74),
        (PUNG, 37),
        (WIN, NUMBER_WIN),
        *((d, d.tile) for d in _DISCARDS),
        *((k, 38 if how == FROM_DISCARD else NUMBER_KONG_OWN + k.tile) for how, ks in _KONGS.items() for k in ks),
    )
}
"""The number of each shared instance but the chows, by identity (they live as long as the module)."""


def number(action: object, offered: Tile | None) -> int:
    """The fixed number of ``action`` (:data:`N_NUMBERS`); a chow's depends on ``offered``, the tile on offer.

    Raises ``ValueError`` for a value that is not an action, or a chow that does not use ``offered``.
    """
    n = _NUMBERS.get(id(action))
    if n is not None:
        return n
    if isinstance(action, Chow):
        if offered is None or not action.low <= offered <= action.low + 2:
            raise ValueError(f"{action}: no tile on offer that this chow uses")
        return NUMBER_CHOW + offered - action.low
    # an equal action that is not the shared instance (a copy, or one built by hand)
    tile = getattr(action, "tile", 0)
    if isinstance(action, Action) and type(tile) is int and 0 <= tile < N_KINDS:
        shared: Action | None = {Pass: PASS, Pung: PUNG, Win: WIN}.get(type(action))
        if isinstance(action, Discard):
            shared = _DISCARDS[tile]
        elif isinstance(action, Kong) and action.how in _KONGS:
            shared = _KONGS[action.how][tile]
        if shared is not None:
            return _NUMBERS[id(shared)]
    raise ValueError(f"{action!r} is not an action")


def discard(t: Tile) -> Discard:
    """The shared :class:`Discard` of a playing tile."""
    return _DISCARDS[t]


def chow(low: Tile) -> Chow:
    """The shared :class:`Chow` starting at ``low`` (a suited tile 1–7)."""
    c = _CHOWS[low]
    if c is None:
        raise ValueError(f"no chow starts at {tile_str(low)}")
    return c


def kong(t: Tile, how: KongKind) -> Kong:
    """The shared :class:`Kong` of a tile and kind."""
    return _KONGS[how][t]


_FORMS: Final = "discard 5p | chow 345s | pung | kong 5p | concealed kong 5p | added kong 5p | mahjong | pass"


def _one_tile(spec: str, text: str, *, kong: bool = False) -> Tile:
    """The one playing tile ``spec`` names; a kong may also name its four tiles (``7777z``)."""
    try:
        tiles = parse_tiles(spec)
    except NotationError as e:
        raise ActionSyntaxError(f"{text!r}: {e}") from None
    if len(tiles) not in ((1, 4) if kong else (1,)) or len(set(tiles)) != 1 or tiles[0] >= N_KINDS:
        raise ActionSyntaxError(f"{text!r}: expected one playing tile such as 5p")
    return tiles[0]


def parse_action(text: str) -> Action:
    """Read an action's text form (case and spacing are free).

    >>> parse_action("Discard 5p"), parse_action("chow 354s"), parse_action("added kong 7z")
    (Discard(tile=13), Chow(low=20), Kong(tile=33, how='added'))
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(f"expected an action text, got {type(text).__name__}")
    words = text.lower().split()
    if words == ["pass"]:
        return PASS
    if words in (["mahjong"], ["win"], ["hu"]):
        return WIN
    if words == ["pung"]:
        return PUNG
    if len(words) == 2 and words[0] == "discard":
        return discard(_one_tile(words[1], text))
    if len(words) == 2 and words[0] == "chow":
        try:
            tiles = sorted(parse_tiles(words[1]))
        except NotationError as e:
            raise ActionSyntaxError(f"{text!r}: {e}") from None
        if len(tiles) != 3 or not is_suited(tiles[0]) or tiles != [tiles[0], tiles[0] + 1, tiles[0] + 2]:
            raise ActionSyntaxError(f"{text!r}: a chow is three consecutive tiles of one suit (HK-5.2)")
        if tiles[0] // 9 != tiles[2] // 9:
            raise ActionSyntaxError(f"{text!r}: a chow never crosses suits (HK-5.2)")
        return chow(tiles[0])
    if len(words) == 2 and words[0] == "kong":
        return kong(_one_tile(words[1], text, kong=True), FROM_DISCARD)
    if len(words) == 3 and words[1] == "kong" and words[0] in (CONCEALED, ADDED):
        how: KongKind = CONCEALED if words[0] == CONCEALED else ADDED
        return kong(_one_tile(words[2], text, kong=True), how)
    raise ActionSyntaxError(f"{text!r}: not an action; expected one of: {_FORMS}")
