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

from itertools import permutations
from typing import Any, Final

from mypy_extensions import i64

from hkmj.scoring.model import FLAGS, MELD_KINDS, WIN_TYPES, InvalidHand, Meld, Win, bonus_tile_hint, clip, echo, kong_hint
from hkmj.scoring.ruleset import _FLAG_BIT, precheck
from hkmj.tiles import HONOUR, N_KINDS, N_TILE_IDS, SEAT_LETTERS, NotationError, parse_tiles, plural, tile, tile_str

__all__ = ["FIELDS", "OPTIONAL", "REQUIRED", "hand_problem", "win_from_json", "win_from_line"]

REQUIRED: Final = ("hand", "win_tile", "win", "seat", "prevailing")
"""R-9: the fields every request must give (``discarder`` too for a discard or robbed kong)."""
OPTIONAL: Final = ("discarder", "melds", "flowers", "seasons", "flags")
FIELDS: Final = frozenset(REQUIRED + OPTIONAL)

MAX_HAND_CHARS: Final = 80
"""HK-1.4 (its Ruling): the longest ``hand`` string read. A hand holds at most 14 concealed tiles (the
melds are their own field), at most 42 characters even with a suit letter after every digit
and a space between tiles; a longer string is refused before any tile is read."""
MAX_MELD_CHARS: Final = 40
"""HK-1.4 (its Ruling): the longest meld string read (``"ckong 2222p"`` is 11 characters)."""
MAX_FLAGS: Final = 16
"""R-9: the most entries a ``flags`` list may have (HK-6 names five flags)."""

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
_END: Final = 253
_char[ord("\t")] = _BAD  # no raw tab in a JSON string
_char[ord('"')] = _END
_LINE_CHAR: Final[bytes] = bytes(_char)
""":data:`_CHAR` for a hand inside a JSON line: the quote ends it."""
_TOP: Final[bytes] = bytes(9 if b in (0, 9, 18) else 7 if b == HONOUR else 0 for b in range(N_KINDS + 1))
"""The highest digit of each suit, indexed by its first tile id (0: bonus tiles are no hand's)."""


def _hand_tiles(text: str) -> list[int]:
    """The playing tiles of an mpsz string, in written order (HK-1.4); table-driven."""
    out: list[int] = []
    _read_hand(text, out, [0] * N_KINDS)
    return out


def _read_hand(text: str, out: list[int], counts: list[int]) -> bool:
    """Append the playing tiles of an mpsz string to ``out`` in written order (HK-1.4) and
    count each tile. False when some tile has more than four copies (then the counts are not
    to be used) or the text needed the slow path, True otherwise."""
    data = text.encode("utf-8", "surrogatepass")
    found = _scan_hand(data, 0, len(data), _CHAR, out, counts)
    if found < 0:
        out[:] = _hand_error(text)
        return False
    return found & 1 == 1


def _scan_hand(data: bytes, start: i64, end: i64, table: bytes, out: list[int], counts: list[int]) -> i64:
    """Append the playing tiles of the mpsz text from ``data[start]`` to ``out`` in written
    order and count them, in one pass over the bytes (each suit letter then reads back its
    digits), up to ``end`` or a byte ``table`` reads as the end. Returns ``2 * stop + ok``:
    ``stop`` the index where the text ends, ``ok`` 0 when some tile has more than four
    copies; or -1 when the text needs the slow path (anything but digits, m/p/s/z and
    spaces, a digit out of its suit, a lone run)."""
    digits = False
    ok: i64 = 1
    i = start
    while i < end:
        kind: i64 = table[data[i]]
        if kind < 10:
            digits = True
        elif kind == _END:
            break
        elif kind == _SKIP:
            pass
        elif kind == _BAD or not digits:
            return -1
        else:
            top: i64 = _TOP[kind - _SUIT]
            base = kind - _SUIT - 1
            j = start
            while j < i:
                d: i64 = table[data[j]]
                j += 1
                if d == _SKIP:
                    continue
                if not 1 <= d <= top:
                    return -1
                t = base + d
                out.append(t)
                c = counts[t] + 1
                counts[t] = c
                if c > 4:
                    ok = 0
            start = i + 1
            digits = False
        i += 1
    return -1 if digits else 2 * i + ok


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
        raise InvalidHand(f"{key} {echo(value)}: expected a list of distinct numbers 1-4, one per flower or season held (R-9)")
    seen = 0
    for b in value:
        if type(b) is not int or not 1 <= b <= 4 or seen >> b & 1:
            raise InvalidHand(
                f"{key} {echo(value)}: expected a list of distinct numbers 1-4, one per flower or season held (R-9)"
                + bonus_tile_hint(value, key)
            )
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
        raise InvalidHand(f"{len(value)} melds: a hand has at most four groups (HK-5.1)")
    out: list[Meld] = []
    for text in value:
        if isinstance(text, str) and len(text) > MAX_MELD_CHARS:
            raise InvalidHand(f"meld of {len(text):,} characters: a meld is written like 'pung 555m' (HK-1.4)")
        m = _MELDS.get(text) if isinstance(text, str) else None
        out.append(m if m is not None else Meld.parse(text))
    return tuple(out), _count_melds(out, counts)


def _count_melds(melds: list[Meld], counts: list[int]) -> int:
    """Add the tiles of some melds to ``counts``: 1, or 2 when one is a kong (R-3); 3 when a
    tile reaches five copies (HK-1: left to the scorer)."""
    some = 1
    for m in melds:
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
    return some


def _flags(value: object) -> tuple[frozenset[str], int]:
    """The flags of a request and their bits (HK-6: bit i for ``FLAGS[i]``; -1 if one is unknown)."""
    if value is None:
        return _NO_FLAGS, 0
    if not isinstance(value, list):
        raise InvalidHand(f"flags {echo(value)}: expected a list of flag names, e.g. ['last_wall_tile']")
    if not value:
        return _NO_FLAGS, 0
    if len(value) > MAX_FLAGS:
        raise InvalidHand(f"{len(value):,} flags: a request has at most {MAX_FLAGS} (R-9)")
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
_ALL_REQUIRED: Final = (1 << _N_REQUIRED) - 1


def win_from_json(obj: object, strict: bool = True) -> Win:
    """Build a :class:`Win` from one machine-interface request (R-9; see docs/scoring.md).

    Raises :class:`InvalidHand` naming the first problem: not an object, an unknown or
    missing field, or a field of the wrong form. The hand itself is checked by the scorer
    (:func:`hkmj.scoring.ruleset.score`); what the read finds on the way (the count of each
    tile, flags and bonus tiles as bits) is handed to it rather than computed twice.
    ``strict=False`` (the Python keyword helpers ``score_hand``/``score_mcr_hand`` only, never
    the JSON interface of any ruleset) lets ``win``, ``seat`` and ``prevailing`` default to a
    self-draw by East in the East round.
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
    if len(hand) > MAX_HAND_CHARS:
        raise InvalidHand(
            f"hand of {len(hand):,} characters: a hand of at most 14 tiles is written in at most {MAX_HAND_CHARS} (HK-1.4)"
        )
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


# ------------------------------------------------------------------ one line, one pass
# The tables of win_from_line. Every string it accepts is matched in full against what may
# be written there (field names, win types, seats, tiles, melds, flags: each with its closing
# quote), so an escape, a control or non-ASCII byte inside a string always sends the line to
# the JSON decoder. Fields are told apart by their first and fourth bytes, win types, melds
# and flags by their first one or two.
_JSON_SPACE: Final[bytes] = bytes(1 if b in b" \t\n\r" else 0 for b in range(256))
_FIELD_WORDS: Final[tuple[bytes, ...]] = tuple(key.encode() + b'"' for key in REQUIRED + OPTIONAL)
_field = bytearray(256 * 256)
for _i, _word in enumerate(_FIELD_WORDS):
    _field[_word[0] * 256 + _word[3]] = _i + 1
_FIELD_OF: Final[bytes] = bytes(_field)
_WIN_WORDS: Final[tuple[bytes, ...]] = tuple(w.encode() + b'"' for w in WIN_TYPES)
_WIN_OF: Final[bytes] = bytes(next((i + 1 for i, w in enumerate(_WIN_WORDS) if w[0] == b), 0) for b in range(256))
_WIN_NAMES: Final[tuple[str, ...]] = WIN_TYPES
_FLAG_WORDS: Final[tuple[bytes, ...]] = tuple(f.encode() + b'"' for f in FLAGS)
_FLAG_OF: Final[bytes] = bytes(next((i + 1 for i, f in enumerate(_FLAG_WORDS) if f[0] == b), 0) for b in range(256))
_FLAG_SETS: Final[tuple[frozenset[str], ...]] = tuple(
    frozenset(f for i, f in enumerate(FLAGS) if bits >> i & 1) for bits in range(1 << len(FLAGS))
)
_SEAT_OF: Final[bytes] = bytes(SEAT_LETTERS.index(chr(b)) if chr(b) in SEAT_LETTERS else 255 for b in range(256))
_MELD_AT: Final[tuple[Meld | None, ...]] = tuple(
    _MELDS[str(Meld(kind, t))] if kind != "chow" or (t < HONOUR and t % 9 <= 6) else None
    for kind in MELD_KINDS
    for t in range(N_KINDS)
)
_MELD_WORDS: Final[tuple[bytes, ...]] = tuple(b"" if m is None else str(m).encode() + b'"' for m in _MELD_AT)
_NO_MELDS: Final[list[Meld]] = []
"""Empty, never appended to: the melds of a line without any."""
_BONUS_TUPLES: Final[list[tuple[int, ...]]] = [() for _ in range(5**4)]
"""Each list of distinct bonus numbers 1-4 by its numbers in written order, base 5."""
for _count in range(5):
    for _numbers in permutations(range(1, 5), _count):
        _code = 0
        for _b in _numbers:
            _code = _code * 5 + _b
        _BONUS_TUPLES[_code] = _numbers


def _match(data: bytes, start: i64, word: bytes) -> i64:
    """The index after ``word`` when ``data`` holds it at ``start``, else -1 (without slicing)."""
    n: i64 = len(word)
    k: i64 = 0
    while k < n:
        if data[start + k] != word[k]:
            return -1
        k += 1
    return start + n


def _skip(data: bytes, i: i64) -> i64:
    """The first index from ``i`` that is not JSON white space."""
    while _JSON_SPACE[data[i]]:
        i += 1
    return i


def _meld_end(data: bytes, start: i64, melds: list[Meld]) -> i64:
    """Read a meld written as ``str(meld)`` and its closing quote (``chow 345s"``) into
    ``melds``: the index after the quote, or -1."""
    first = data[start]
    kind = 1 if first == 112 else 2 if first == 107 else 0 if data[start + 1] == 104 else 3  # pung kong chow ckong
    d = _CHAR[data[start + (6 if kind == 3 else 5)]]
    suit = _CHAR[data[start + (8 if kind < 2 else 9 if kind == 2 else 10)]]
    if d == 0 or d >= 10 or suit < _SUIT or suit >= _SKIP or d > _TOP[suit - _SUIT]:
        return -1
    at = kind * N_KINDS + suit - _SUIT + d - 1
    m = _MELD_AT[at]
    if m is None or len(melds) == 4:
        return -1
    melds.append(m)
    return _match(data, start, _MELD_WORDS[at])


def win_from_line(data: bytes) -> Win | None:
    """:func:`win_from_json` of a request line (UTF-8 JSON), read in one pass over its bytes
    with no intermediate objects, or None whenever the line is not a plain, valid request
    whose tiles pass the reader's checks (HK-1): then the caller decodes it as JSON and reads
    it with :func:`win_from_json`, which words every refusal (R-9). Given a Win, it is the one
    :func:`win_from_json` builds, and the scorer is handed the same counts (``precheck``).

    Plain means: an object of known, distinct fields; its strings exactly what the reader
    expects there (a hand of digits, suit letters and spaces; a meld as ``str(meld)``; no
    escapes); bonus numbers single digits. Anything else (escapes, other numbers, nesting,
    duplicate keys, invalid UTF-8) is left to the JSON decoders.
    """
    try:
        return _read_line(data)
    except IndexError:  # a line cut short
        return None


def _read_line(data: bytes) -> Win | None:
    i: i64 = _skip(data, 0)
    if data[i] != 123:  # {
        return None
    i = _skip(data, i + 1)
    seen: i64 = 0
    win_tile = win = seat = prevailing = discarder = -1
    n_concealed = -1
    concealed: list[int] = []
    counts = [0] * N_KINDS
    melds = _NO_MELDS  # a list of its own once a meld is read
    flowers: i64 = 0
    seasons: i64 = 0
    flags: i64 = 0
    flower_code: i64 = 0
    season_code: i64 = 0
    while True:
        if data[i] != 34:  # "
            return None
        f: i64 = _FIELD_OF[data[i + 1] * 256 + data[i + 4]] - 1
        if f < 0 or seen >> f & 1:
            return None
        i = _match(data, i + 1, _FIELD_WORDS[f])
        if i < 0:
            return None
        seen |= 1 << f
        if _JSON_SPACE[data[i]]:
            i = _skip(data, i)
        if data[i] != 58:  # :
            return None
        i = _skip(data, i + 1)
        c = data[i]
        if c == 110:  # null: an optional field left empty
            if f < _N_REQUIRED or _match(data, i, b"null") < 0:
                return None
            i += 4
        elif f <= 5:  # a string
            if c != 34:
                return None
            i += 1
            if f == 0:
                found = _scan_hand(data, i, min(len(data), i + MAX_HAND_CHARS), _LINE_CHAR, concealed, counts)
                if found < 0 or not found & 1:
                    return None
                n_concealed = len(concealed)
                i = found >> 1
                if data[i] != 34:
                    return None
                i += 1
            elif f == 1:
                d = _CHAR[data[i]]
                suit = _CHAR[data[i + 1]]
                if d == 0 or d >= 10 or suit < _SUIT or suit >= _SKIP or d > _TOP[suit - _SUIT] or data[i + 2] != 34:
                    return None
                win_tile = suit - _SUIT + d - 1
                i += 3
            elif f == 2:
                win = _WIN_OF[data[i]] - 1
                i = _match(data, i, _WIN_WORDS[win]) if win >= 0 else -1
                if i < 0:
                    return None
            else:
                s = _SEAT_OF[data[i]]
                if s == 255 or data[i + 1] != 34:
                    return None
                if f == 3:
                    seat = s
                elif f == 4:
                    prevailing = s
                else:
                    discarder = s
                i += 2
        else:  # a list: melds, flowers, seasons or flags
            if c != 91:  # [
                return None
            i = _skip(data, i + 1)
            bits: i64 = 0
            code: i64 = 0
            if data[i] == 93:  # ]
                i += 1
            else:
                while True:
                    c = data[i]
                    if f == 7 or f == 8:  # a bonus number 1-4, each once (HK-1.3)
                        b: i64 = c - 48
                        if b < 1 or b > 4 or bits >> b & 1:
                            return None
                        bits |= 1 << b
                        code = code * 5 + b
                        i += 1
                    elif c != 34:
                        return None
                    elif f == 6:
                        if not melds:
                            melds = []
                        i = _meld_end(data, i + 1, melds)
                        if i < 0:
                            return None
                    else:
                        k: i64 = _FLAG_OF[data[i + 1]] - 1
                        if k < 0 or bits >> k & 1:
                            return None
                        i = _match(data, i + 1, _FLAG_WORDS[k])
                        if i < 0:
                            return None
                        bits |= 1 << k
                    i = _skip(data, i)
                    c = data[i]
                    if c == 93:
                        i += 1
                        break
                    if c != 44:  # ,
                        return None
                    i = _skip(data, i + 1)
            if f == 7:
                flowers = bits
                flower_code = code
            elif f == 8:
                seasons = bits
                season_code = code
            elif f == 9:
                flags = bits
        if _JSON_SPACE[data[i]]:
            i = _skip(data, i)
        c = data[i]
        if c == 125:  # }
            break
        if c != 44:
            return None
        i = _skip(data, i + 1)
    if (
        seen & _ALL_REQUIRED != _ALL_REQUIRED
        or (win == 0) != (discarder < 0)
        or not counts[win_tile]
        or n_concealed != 14 - 3 * len(melds)
    ):
        return None
    end: i64 = len(data)
    i += 1
    while i < end:  # nothing but white space after the object
        if not _JSON_SPACE[data[i]]:
            return None
        i += 1
    # the reader's checks of the tiles (HK-1), as win_from_json makes them before precheck
    concealed_counts = counts
    some = 0
    if melds:
        concealed_counts = list(counts)
        some = _count_melds(melds, counts)
        if some == 3:
            return None
    if win == 2 and counts[win_tile] != 1:
        return None
    result = Win(
        concealed=tuple(concealed),
        win_tile=win_tile,
        win=_WIN_NAMES[win],
        seat=seat,
        prevailing=prevailing,
        discarder=None if discarder < 0 else discarder,
        melds=tuple(melds),
        flowers=_BONUS_TUPLES[flower_code],
        seasons=_BONUS_TUPLES[season_code],
        flags=_FLAG_SETS[flags],
    )
    precheck(result, counts, concealed_counts, result.discarder, flags, some, flowers, seasons)
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
        raise InvalidHand(f"win_tile {tile_str(t)}: a bonus tile never wins a hand (HK-3.2)")
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
        return (
            f"hand {echo(text)} has {plural(len(tiles), 'tile')}; with {plural(n_melds, 'meld')} it needs {need} (the winning tile "
            f"included, HK-5.1){kong_hint(tiles, need)}"
        )
    return None
