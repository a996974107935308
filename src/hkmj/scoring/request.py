"""The machine interface (R-9): a JSON object in, a :class:`~hkmj.scoring.model.Win` out.

Strict: ``hand``, ``win_tile``, ``win``, ``seat`` and ``prevailing`` are required, and
``discarder`` for a win on a discard or a robbed kong; only ``melds``, ``flowers``,
``seasons`` and ``flags`` default (to empty). Unknown fields are refused. Every error is an
:class:`~hkmj.scoring.model.InvalidHand` that names tiles in mpsz and echoes at most
:data:`ECHO` characters of any one input value.

The parser is table-driven: tiles, melds, winds and flags are looked up in tables built
once at import, and the hand string is read in one pass over its characters. The slow
path (the notation parser of :mod:`hkmj.tiles`) runs only to word an error.
"""

from __future__ import annotations

from typing import Any, Final

from hkmj.scoring.model import FLAGS, MELD_KINDS, WIN_TYPES, InvalidHand, Meld, Win, clip, echo
from hkmj.scoring.ruleset import _FLAG_BIT, precheck
from hkmj.tiles import HONOUR, N_KINDS, N_TILE_IDS, SEAT_LETTERS, NotationError, parse_tiles, plural, tile, tile_str

__all__ = ["FIELDS", "OPTIONAL", "REQUIRED", "hand_problem", "win_from_json"]

REQUIRED: Final = ("hand", "win_tile", "win", "seat", "prevailing")
"""R-9: the fields every request must give (``discarder`` too for a discard or robbed kong)."""
OPTIONAL: Final = ("discarder", "melds", "flowers", "seasons", "flags")
FIELDS: Final = frozenset(REQUIRED + OPTIONAL)

_SEATS: Final[dict[str, int]] = {letter: i for i, letter in enumerate(SEAT_LETTERS)}
_WIN_TYPES: Final[dict[str, str]] = {w: w for w in WIN_TYPES}
_NO_FLAGS: Final[frozenset[str]] = frozenset()
_PLAYING: Final[dict[str, int]] = {tile_str(t): t for t in range(N_KINDS)}
_MELDS: Final[dict[str, Meld]] = {}
for _kind in MELD_KINDS:
    for _t in range(N_KINDS):
        if _kind != "chow" or (_t < HONOUR and _t % 9 <= 6):
            _m = Meld(_kind, _t)
            _MELDS[str(_m)] = _m

# one entry per byte of the hand's UTF-8 text: a digit's value (1-9; 0 for '0'), a suit's
# first tile id (``_SUIT + base``), a space to skip, or anything else (an error worded by the
# slow path); a bytes table, so the compiled reader indexes it without boxing
_SKIP: Final = 254
_BAD: Final = 255
_SUIT: Final = 100
_char = [_BAD] * 256
for _c in range(10):
    _char[48 + _c] = _c
for _letter, _base in (("m", 0), ("p", 9), ("s", 18), ("z", HONOUR), ("f", N_KINDS)):
    _char[ord(_letter)] = _SUIT + _base
for _space in " \t":
    _char[ord(_space)] = _SKIP
_CHAR: Final[bytes] = bytes(_char)
_TOP: Final[bytes] = bytes(9 if b in (0, 9, 18) else 7 if b == HONOUR else 0 for b in range(N_KINDS + 1))
"""The highest digit of each suit, indexed by its first tile id (0: bonus tiles are no hand's)."""


def _hand_tiles(text: str) -> list[int]:
    """The playing tiles of an mpsz string, in written order (HK-1.4); table-driven."""
    out: list[int] = []
    _read_hand(text, out, None)
    return out


def _read_hand(text: str, out: list[int], counts: list[int] | None) -> bool:
    """Append the playing tiles of an mpsz string to ``out`` in written order (HK-1.4), in one
    pass over its bytes (each suit letter then reads back its digits); with ``counts``, also
    count each tile. False when some tile has more than four copies (then the counts are not
    to be used) or the text needed the slow path, True otherwise."""
    data = text.encode("utf-8", "surrogatepass")
    start = 0
    digits = False
    ok = True
    for i in range(len(data)):
        kind = _CHAR[data[i]]
        if kind < 10:
            digits = True
        elif kind == _SKIP:
            continue
        elif kind == _BAD or not digits:
            out[:] = _hand_error(text)
            return False
        else:
            top = _TOP[kind - _SUIT]
            base = kind - _SUIT - 1
            for j in range(start, i):
                d = _CHAR[data[j]]
                if d == _SKIP:
                    continue
                if not 1 <= d <= top:
                    out[:] = _hand_error(text)
                    return False
                t = base + d
                out.append(t)
                if counts is not None:
                    c = counts[t] + 1
                    counts[t] = c
                    if c > 4:
                        ok = False
            start = i + 1
            digits = False
    if digits:
        out[:] = _hand_error(text)
        return False
    return ok


def _hand_error(text: str) -> list[int]:
    """Word the error of a hand string the fast parser refused (or parse its rare white space)."""
    try:
        tiles = parse_tiles(text)
    except NotationError as e:
        raise InvalidHand(f"hand {echo(text)}: {clip(str(e))}") from None
    bonus = [t for t in tiles if t >= N_KINDS]
    if not bonus:  # other white space than the fast parser skips
        return tiles
    raise InvalidHand(f"hand {echo(text)}: {tile_str(bonus[0])} is a bonus tile: give it in flowers or seasons (HK-1.3)")


def _seat(value: object, key: str) -> int:
    seat = _SEATS.get(value) if isinstance(value, str) else None
    if seat is None:
        raise InvalidHand(f"{key} {echo(value)}: expected a wind E, S, W or N")
    return seat


def _bonus_bits(value: object, key: str) -> int:
    """Bit b for each bonus number b (distinct numbers 1-4, HK-1.3); 0 for none (null or absent)."""
    if value is None:
        return 0
    if not isinstance(value, list):
        raise InvalidHand(f"{key} {echo(value)}: expected a list of distinct numbers 1-4 (HK-1.3)")
    seen = 0
    for b in value:
        if type(b) is not int or not 1 <= b <= 4 or seen >> b & 1:
            raise InvalidHand(f"{key} {echo(value)}: expected a list of distinct numbers 1-4 (HK-1.3)")
        seen |= 1 << b
    return seen


def _melds(value: object, counts: list[int]) -> tuple[tuple[Meld, ...], int]:
    """The melds of a request, their tiles added to ``counts``, and 0 for no meld, 1 for some,
    2 for some with a kong (R-3); 3 when a tile reaches five copies (HK-1: left to the scorer)."""
    if value is None:
        return (), 0
    if not isinstance(value, list):
        raise InvalidHand(f"melds {echo(value)}: expected a list like ['pung 555m', 'chow 345s']")
    if not value:
        return (), 0
    if len(value) > 4:
        raise InvalidHand(f"{len(value)} melds: a hand has at most four groups")
    out: list[Meld] = []
    some = 1
    for text in value:
        m = _MELDS.get(text) if isinstance(text, str) else None
        if m is None:
            m = Meld.parse(text)
        out.append(m)
        t = m.tile
        kind = m.kind
        if kind == "chow":
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
            if counts[t] > 4 or counts[t + 1] > 4 or counts[t + 2] > 4:
                some = 3
        else:
            if kind == "pung":
                counts[t] += 3
            else:
                counts[t] += 4
                if some == 1:
                    some = 2
            if counts[t] > 4:
                some = 3
    return tuple(out), some


def _flags(value: object) -> tuple[frozenset[str], int]:
    """The flags of a request and their bits (HK-6: bit i for ``FLAGS[i]``; -1 if one is unknown)."""
    if value is None:
        return _NO_FLAGS, 0
    if not isinstance(value, list):
        raise InvalidHand(f"flags {echo(value)}: expected a list of flag names ({', '.join(FLAGS)})")
    if not value:
        return _NO_FLAGS, 0
    bits = 0
    for f in value:  # which names a ruleset knows is its own check (HK: ruleset.validate)
        if not isinstance(f, str):
            raise InvalidHand(f"flags: {echo(f)} is not a flag name (e.g. {FLAGS[0]!r})")
        b = _FLAG_BIT.get(f)
        bits = bits | b if b is not None and bits >= 0 else -1
    flags = frozenset(value)
    if len(flags) != len(value):
        raise InvalidHand(f"flags {echo(value)}: a flag is given twice")
    return flags, bits


def _missing(obj: dict[str, Any]) -> InvalidHand:
    for key in REQUIRED:
        if key not in obj:
            break
    return InvalidHand(f"missing field {key!r} (R-9: {', '.join(REQUIRED)} are required, discarder too on a discard)")


_LENIENT: Final[dict[str, str]] = {"win": "self_draw", "seat": "E", "prevailing": "E"}
_FIELD_INDEX: Final[dict[str, int]] = {key: i for i, key in enumerate(REQUIRED + OPTIONAL)}
"""Each field's place: the required ones first (one lookup per key of a request)."""
_N_REQUIRED: Final = len(REQUIRED)
_N_FIELDS: Final = len(REQUIRED + OPTIONAL)


def win_from_json(obj: object, strict: bool = True) -> Win:
    """Build a :class:`Win` from one machine-interface request (R-9; see docs/scoring.md).

    Raises :class:`InvalidHand` naming the first problem: not an object, an unknown or
    missing field, or a field of the wrong form. The hand itself is checked by the scorer
    (:func:`hkmj.scoring.ruleset.score`); what the read finds on the way (the count of each
    tile, flags and bonus tiles as bits) is handed to it rather than computed twice.
    R-9 is a Hong Kong ruling: ``strict=False`` (other rulesets' requests) lets ``win``,
    ``seat`` and ``prevailing`` default to a self-draw by East in the East round.
    """
    if not isinstance(obj, dict):
        raise InvalidHand(f"expected a JSON object, got {'an array' if isinstance(obj, list) else echo(obj)}")
    if not strict and any(key not in obj for key in _LENIENT):
        obj = {**_LENIENT, **obj}
    values: list[Any] = [None] * _N_FIELDS
    present = 0
    for key, value in obj.items():  # one pass over the request
        i = _FIELD_INDEX.get(key) if isinstance(key, str) else None
        if i is None:
            raise InvalidHand(f"unknown field {echo(key)}: the fields are {', '.join(REQUIRED + OPTIONAL)} (R-9)")
        if i < _N_REQUIRED:
            present += 1
        values[i] = value
    if present != _N_REQUIRED:
        raise _missing(obj)
    hand = values[0]
    if not isinstance(hand, str):
        raise InvalidHand(f"hand {echo(hand)}: expected an mpsz string like '234s567p88m111z777z'")
    concealed: list[int] = []
    counts = [0] * N_KINDS
    tiles_ok = _read_hand(hand, concealed, counts)
    wt_text = values[1]
    win_tile = _PLAYING.get(wt_text) if isinstance(wt_text, str) else None
    if win_tile is None:
        win_tile = _win_tile_error(wt_text)
    win_text = values[2]
    win = _WIN_TYPES.get(win_text) if isinstance(win_text, str) else None
    if win is None:
        raise InvalidHand(f"win {echo(win_text)}: expected one of {', '.join(WIN_TYPES)}")
    discarder: int | None = None
    if win != "self_draw":
        if values[5] is None:
            raise InvalidHand(f"missing field 'discarder': a win by {win} needs the discarder's seat (R-9)")
        discarder = _seat(values[5], "discarder")
    elif values[5] is not None:
        raise InvalidHand("a self-drawn win has no discarder")
    seat = _seat(values[3], "seat")
    prevailing = _seat(values[4], "prevailing")
    n_concealed = len(concealed)
    in_hand = counts[win_tile] if win_tile < N_KINDS else 0
    concealed_counts = list(counts) if values[6] else counts
    melds, some = _melds(values[6], counts)
    flowers = _bonus_bits(values[7], "flowers")
    seasons = _bonus_bits(values[8], "seasons")
    flags, bits = _flags(values[9])
    result = Win(
        concealed=tuple(concealed),
        win_tile=win_tile,
        win=win,
        seat=seat,
        prevailing=prevailing,
        discarder=discarder,
        melds=melds,
        flowers=tuple(values[7]) if flowers else (),
        seasons=tuple(values[8]) if seasons else (),
        flags=flags,
    )
    # the scorer's checks of the tiles (HK-1, ruleset._validate_tiles) on what was just read:
    # on any doubt the scorer checks (and words) it all again
    if (
        tiles_ok
        and some < 3
        and bits >= 0
        and in_hand
        and n_concealed == 14 - 3 * len(melds)
        and (win != "robbed_kong" or counts[win_tile] == 1)
    ):
        precheck(result, counts, concealed_counts, discarder, bits, some, flowers, seasons)
    return result


def _win_tile_error(value: object) -> int:
    """Word the error of a ``win_tile`` that is not one playing tile (always raises)."""
    if not isinstance(value, str):
        raise InvalidHand(f"win_tile {echo(value)}: expected one tile like '1z'")
    try:
        t = tile(value)
    except NotationError as e:
        raise InvalidHand(f"win_tile {echo(value)}: {clip(str(e))}") from None
    if N_KINDS <= t < N_TILE_IDS:
        raise InvalidHand(f"win_tile {tile_str(t)}: a bonus tile never wins a hand (HK-1.3)")
    return t


def hand_problem(text: str, n_melds: int = 0) -> str | None:
    """What is wrong with a hand string on its own (notation, bonus tiles, tile count), or None.

    The human command line says this before anything about a missing option.
    """
    try:
        tiles = _hand_tiles(text)
    except InvalidHand as e:
        return str(e)
    need = 14 - 3 * n_melds
    if len(tiles) != need:
        return f"hand {echo(text)} has {len(tiles)} tiles; with {plural(n_melds, 'meld')} it needs {need} (the winning tile included)"
    return None
