"""Tiles and their notation (HK-1).

A tile is a small ``int``:

* ``0..8``   characters 1–9 (``1m``..``9m``)
* ``9..17``  circles 1–9 (``1p``..``9p``)
* ``18..26`` bamboo 1–9 (``1s``..``9s``)
* ``27..33`` honours East, South, West, North, White, Green, Red (``1z``..``7z``)
* ``34..37`` flowers 1–4 (``1f``..``4f``), ``38..41`` seasons 1–4 (``5f``..``8f``)

The 34 playing kinds come first so that a hand is a count vector of length 34
(:data:`N_KINDS`). Notation is mpsz (HK-1.4): digits then their suit letter,
``234s567p88m111z777z``. Bonus tiles use the letter ``f``: ``1f``–``4f`` are the
flowers of seats East..North, ``5f``–``8f`` the seasons (HK-1.3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

Tile = int

N_KINDS: Final = 34
"""Playing tile kinds (suits and honours); bonus tiles are outside the count vector."""
N_TILE_IDS: Final = 42
"""All tile ids, bonus tiles included."""

# Final: constants the compiled core inlines (mypyc reads a non-final global from a dict)
MAN: Final = 0
PIN: Final = 9
SOU: Final = 18
HONOUR: Final = 27
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: tuple[Tile, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[Tile, ...] = (WHITE, GREEN, RED)
FLOWER1: Final = 34
SEASON1: Final = 38

SUIT_LETTERS: Final = "mpsz"
SEAT_LETTERS: Final = "ESWN"
"""Seat winds in play order (HK-2.1); index 0 is East."""
WIND_LETTERS = {"en": SEAT_LETTERS, "fr": "ESON"}
"""The wind letters people read, by language: French writes West as O (Ouest)."""

TERMINALS: tuple[Tile, ...] = (0, 8, 9, 17, 18, 26)
ORPHANS: tuple[Tile, ...] = TERMINALS + tuple(range(27, 34))

_EN_SUITS = ("Characters", "Circles", "Bamboo")
_FR_SUITS = ("Caractères", "Cercles", "Bambous")
_EN_HONOURS = ("East", "South", "West", "North", "White", "Green", "Red")
_FR_HONOURS = ("Est", "Sud", "Ouest", "Nord", "Blanc", "Vert", "Rouge")
_EN_WIND_WORD, _FR_WIND_WORD = "wind", "Vent"
_EN_DRAGON_WORD, _FR_DRAGON_WORD = "dragon", "Dragon"
_EN_FLOWERS = ("Plum", "Orchid", "Chrysanthemum", "Bamboo")
_FR_FLOWERS = ("Prunier", "Orchidée", "Chrysanthème", "Bambou")
_EN_SEASONS = ("Spring", "Summer", "Autumn", "Winter")
_FR_SEASONS = ("Printemps", "Été", "Automne", "Hiver")

# Unicode Mahjong Tiles block: winds 1F000..1F003, Red 1F004, Green 1F005, White 1F006,
# characters 1F007.., bamboo 1F010.., circles 1F019.., flowers 1F022.., seasons 1F026..
_GLYPH_HONOURS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_GLYPH_SUIT_BASE = (0x1F007, 0x1F019, 0x1F010)
# Unicode orders the flowers Plum 1F022, Orchid 1F023, Bamboo 1F024, Chrysanthemum 1F025; the
# flowers are numbered Plum 1, Orchid 2, Chrysanthemum 3, Bamboo 4 (their names above).
_GLYPH_BONUS = (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)


class NotationError(ValueError):
    """A tile string that does not follow the mpsz notation; the message names the bad part."""


def is_suited(t: Tile) -> bool:
    """True for characters, circles and bamboo (HK-1.1)."""
    return 0 <= t < HONOUR


def is_honour(t: Tile) -> bool:
    """True for winds and dragons (HK-1.2)."""
    return HONOUR <= t < N_KINDS


def is_bonus(t: Tile) -> bool:
    """True for flowers and seasons (HK-1.3)."""
    return N_KINDS <= t < N_TILE_IDS


def is_terminal(t: Tile) -> bool:
    """True for 1s and 9s of the three suits (HK-1.2)."""
    return t in TERMINALS


def suit_of(t: Tile) -> int:
    """0 characters, 1 circles, 2 bamboo, 3 honours, 4 bonus."""
    return 4 if t >= N_KINDS else t // 9


def value_of(t: Tile) -> int:
    """The printed number: 1–9 for suits, 1–7 for honours, 1–8 for bonus tiles."""
    if t >= N_KINDS:
        return t - N_KINDS + 1
    return t % 9 + 1


def tile(text: str) -> Tile:
    """Parse exactly one tile, e.g. ``tile("5p")``. Tiles given as a list (``--win 9m,1m``) are
    answered with their count, not with how to write a list (HK-1.4)."""
    try:
        tiles = parse_tiles(text)
    except NotationError:
        listed = "".join(" " if ch in _SEPARATORS else ch for ch in text)
        if listed == text or len(parse_tiles(listed)) == 1:  # no list, or one tile and a stray comma ('9m,')
            raise
        tiles = parse_tiles(listed)  # a list's tiles, each well written: counted below; else its own error
    if len(tiles) != 1:
        raise NotationError(f"{text!r}: expected one tile, got {len(tiles)}")
    return tiles[0]


def _make(digit: int, letter: str, part: str) -> Tile:
    if letter in "mps":
        if not 1 <= digit <= 9:
            raise NotationError(f"{part!r}: unknown tile {digit}{letter} (suits run 1-9)")
        return SUIT_LETTERS.index(letter) * 9 + digit - 1
    if letter == "z":
        if not 1 <= digit <= 7:
            raise NotationError(f"{part!r}: unknown tile {digit}z (honours run 1z-7z)")
        return HONOUR + digit - 1
    if not 1 <= digit <= 8:
        raise NotationError(f"{part!r}: unknown tile {digit}f (bonus tiles run 1f-8f)")
    return N_KINDS + digit - 1


def ascii_int(text: str) -> int | None:
    """A whole number written in ASCII digits (an optional ``-``, spaces around allowed), or None.

    ``int()`` also takes ``"５"`` (a full-width digit), ``"1_000"`` and ``"+3"``; a number a
    person types into a bonus tile, a seat or a house option is refused in those forms, as a
    tile's digit is (HK-1.4: ``７`` is an unexpected character).
    """
    body = text.strip()
    digits = body[1:] if body.startswith("-") else body
    if not digits or not all("0" <= c <= "9" for c in digits):
        return None
    # read in pieces: int() refuses more than sys.get_int_max_str_digits() digits with a ValueError
    # (a traceback for --option base=<5000 nines>, a server error for /help?base=<5000 nines>)
    digits = digits.lstrip("0") or "0"
    n = 0
    for i in range(0, len(digits), 4000):
        piece = digits[i : i + 4000]
        n = n * 10 ** len(piece) + int(piece)
    return -n if body.startswith("-") else n


_DRAGON_LETTERS = {"en": ("Wh", "Gr", "Rd"), "fr": ("Bl", "Ve", "Ro")}
_HONOURS_TYPED: Final = {
    **{word: 5 + i for letters in _DRAGON_LETTERS.values() for i, word in enumerate(letters)},  # two letters: before W
    "Wd": 5, "Gd": 6, "WD": 5, "GD": 6, "RD": 7,  # White, Green, Red dragon as score sheets abbreviate them
    **{letter: 1 + seat for letters in WIND_LETTERS.values() for seat, letter in enumerate(letters)},
    # the characters painted on the tiles, traditional and simplified: 東 南 西 北, 白 發 中
    "東": 1, "东": 1, "南": 2, "西": 3, "北": 4, "白": 5, "發": 6, "发": 6, "中": 7,
    "G": 6, "R": 7,  # GGG, RRR: the Green and Red dragons by their initial (W is West)
}  # fmt: skip
"""An honour typed as the terminal shows it (``E``, ``Wh``; ``O`` for Ouest, ``Ro`` for Rouge), or
as the tile shows it (``中``), and its number in z."""
_CJK_DIGITS: Final = "一二三四五六七八九"
_CJK_SUITS: Final = {"萬": "m", "万": "m", "筒": "p", "餅": "p", "饼": "p", "索": "s", "條": "s", "条": "s"}
"""Suit tiles as painted (``五萬``, ``三筒``, ``七索``): a Chinese numeral, then the suit's character."""


def _cjk_typed(text: str) -> None:
    """Refuse suit tiles written as painted on them (``一二三萬``: Chinese numerals, then the suit's
    character) with the notation to write instead (HK-1.4)."""
    end = 0
    while end < len(text) and end < 9 and text[end] in _CJK_DIGITS:
        end += 1
    if end and end < len(text) and text[end] in _CJK_SUITS:
        right = "".join(str(_CJK_DIGITS.index(c) + 1) for c in text[:end]) + _CJK_SUITS[text[end]]
        raise NotationError(f"{text[: end + 1]!r}: write it {right!r} (digits, then the suit letter m, p or s)")
_HONOUR_WORDS: Final = {
    word: number
    for number, words in enumerate(
        (("east", "est"), ("south", "sud"), ("west", "ouest"), ("north", "nord"), ("white", "blanc"), ("green", "vert"), ("red", "rouge")),
        1,
    )
    for word in words
}
"""An honour typed by its name, in English or French (``east``, ``rouge``), and its number in z."""


def _honour_typed(text: str) -> tuple[str, str, int] | None:
    """The honour that ``text`` starts with as the table writes it (``"Wh"``, ``"E"``) or by its
    name (``"east"``, ``"Red"``), its English name and its number in z (HK-1.4); None if it
    starts with none."""
    letters = len(text) - len(text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
    number = _HONOUR_WORDS.get(text[:letters].lower())
    if number is not None:
        return text[:letters], name(HONOUR + number - 1), number
    run = text[:letters]
    if run and set(run) <= set("ewno") and len(set(run)) == 1:  # eee, n: a wind letter in lower case (s is a suit)
        number = _HONOURS_TYPED.get(run[0].upper())
        if number is not None and number <= 4:
            return run, name(HONOUR + number - 1), number
    for word, number in _HONOURS_TYPED.items():
        if text.startswith(word):
            return word, name(HONOUR + number - 1), number
    return None


_MELD_WORDS: Final = {"chow": "chow", "pung": "pung", "kong": "kong", "ckong": "ckong", "pong": "pung", "chi": "chow", "kang": "kong", "kan": "kong"}
"""A declared group's kind as a player may type it among the tiles (``pung 777z``, ``Pong 777z``), and ours."""


def _meld_typed(text: str) -> None:
    """Refuse a declared group written among the tiles (``"111z pung 777z"``: HK-5.1, its tiles
    belong to the melds) with the meld to give instead."""
    letters = len(text) - len(text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
    kind = _MELD_WORDS.get(text[:letters].lower())
    if kind is None:
        return
    end = letters
    while end < len(text) and (text[end].isspace() or "0" <= text[end] <= "9"):
        end += 1
    digits = "".join(text[letters:end].split())
    if not digits or end == len(text) or text[end] not in "mpsz":
        return
    typed = f"{text[:letters]} {digits}{text[end]}"  # short: the message stays whole (clip, R-9)
    raise NotationError(f"{typed!r} is a declared group: give it in melds as '{kind} {digits}{text[end]}'")


_SEPARATORS: Final = ",;/|+"
"""Characters a pasted list of tiles may hold between them (``234s, 567p``): refused with how to write it (HK-1.4)."""


def _bonus_typed(text: str) -> tuple[str, str, int] | None:
    """The bonus tile that ``text`` starts with as the table writes it (``"F1"`` a flower, ``"S3"``
    a season), its English name and its number in f (HK-1.4); None if it starts with none."""
    if len(text) >= 2 and text[0] in "FS" and text[1] in "1234":
        number = int(text[1]) + (4 if text[0] == "S" else 0)
        return text[:2], name(N_KINDS + number - 1), number
    return None


def _glyph_typed(ch: str) -> None:
    """Refuse a tile typed as its Unicode glyph (``🀄``) with the notation to write instead."""
    t = next((t for t in range(N_TILE_IDS) if glyph(t) == ch), None)
    if t is None:
        return
    if t >= N_KINDS:
        raise NotationError(f"{ch!r}: write {name(t)} as {t - N_KINDS + 1}f (flowers 1f-4f, seasons 5f-8f)")
    if t >= HONOUR:
        raise NotationError(f"{ch!r}: write the {name(t)} as {t - HONOUR + 1}z (winds 1z-4z, dragons 5z-7z)")
    raise NotationError(f"{ch!r}: write {name(t)} as {format_tiles([t])} (digits, then the suit letter m, p or s)")


def parse_tiles(text: str) -> list[Tile]:
    """Parse mpsz notation (``"123m456p1z"``, spaces allowed) into tiles in written order.

    >>> parse_tiles("12m7z")
    [0, 1, 33]
    """
    if not isinstance(text, str):
        raise NotationError(f"expected a tile string, got {type(text).__name__}")
    out: list[Tile] = []
    digits: list[int] = []
    start = 0
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        if "0" <= ch <= "9":
            if not digits:
                start = i
            digits.append(ord(ch) - 48)
        elif ch in "mpszf":
            if not digits:
                _meld_typed(text[i:])  # pung 777z: a declared group among the tiles
                honour = _honour_typed(text[i:])  # south, sud: an honour by its name
                if honour is not None:
                    word, name, number = honour
                    raise NotationError(f"{word!r}: write the {name} as {number}z (winds 1z-4z, dragons 5z-7z)")
                end = i + 1
                while end < len(text) and end < i + 10 and "0" <= text[end] <= "9":
                    end += 1
                # m123p456, s9: every suit letter written first, so the text ends with digits (HK-1.4);
                # not 123mm456p (a letter doubled) nor m234s567p (a stray letter before groups written right)
                before = text[:i].rstrip()[-1:]
                letter_first = text.rstrip()[-1:].isdigit() and (not before or before not in "mpszf")
                if end > i + 1 and ch != "f" and letter_first:
                    typed = text[i:end]
                    raise NotationError(f"{typed!r}: the suit letter comes after its digits: write {typed[1:] + ch!r}")
                raise NotationError(f"{ch!r}: suit letter {ch!r} with no digits before it")
            part = text[start : i + 1].replace(" ", "")  # the group an error names, built once per group
            out.extend(_make(d, ch, part) for d in digits)
            digits = []
        else:
            part = (text[start:i] if digits else "") + ch
            if digits and ch in "MPSZF":  # 9M: the suit letter in capitals
                raise NotationError(f"{part!r}: suit letters are lowercase: write {part.lower()!r}")
            if not digits:
                _meld_typed(text[i:])  # kong 7777z, chow 123m: a declared group among the tiles
            bonus = None if digits else _bonus_typed(text[i : i + 2])
            if bonus is not None:  # F1, S3: a bonus tile as the table shows it (HK-1.3)
                word, name, number = bonus
                raise NotationError(f"{word!r}: write {name} as {number}f (flowers 1f-4f, seasons 5f-8f)")
            honour = None if digits else _honour_typed(text[i:])
            if honour is not None:  # E, Wh, east: an honour as the table shows it or by its name (HK-1.4)
                word, name, number = honour
                raise NotationError(f"{word!r}: write the {name} as {number}z (winds 1z-4z, dragons 5z-7z)")
            if not digits:
                _cjk_typed(text[i:])  # 五萬: a suit tile as painted
            if ch.isalpha():
                raise NotationError(f"{part!r}: unknown suit {ch!r} (use m, p, s, z or f)")
            if not digits and 0x1F000 <= ord(ch) <= 0x1F02B:  # a tile's glyph, copied from a --glyphs table
                _glyph_typed(ch)
            if "\uff10" <= ch <= "\uff19":  # １２３ from a Chinese or Japanese keyboard's full-width mode
                raise NotationError(f"{part!r}: unexpected character {ch!r}: a full-width digit: write {ord(ch) - 0xFF10}")
            if ch in _SEPARATORS:  # a list pasted with its commas: how to write it
                raise NotationError(f"{ch!r}: unexpected character {ch!r}: separate tiles with spaces, e.g. '234s 567p'")
            raise NotationError(f"{part!r}: unexpected character {ch!r}")
    if digits:
        raise NotationError(f"{text[start:].strip()!r}: digits with no suit letter after them")
    return out


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Write tiles in compact mpsz notation (``[0, 1, 33] -> "12m7z"``)."""
    seq = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    run_letter = ""
    for t in seq:
        if not 0 <= t < N_TILE_IDS:
            raise ValueError(f"{t} is not a tile id")
        letter = "f" if t >= N_KINDS else SUIT_LETTERS[t // 9]
        if run_letter and letter != run_letter:
            out.append(run_letter)
        run_letter = letter
        out.append(str(value_of(t)))
    if run_letter:
        out.append(run_letter)
    return "".join(out)


def tile_str(t: Tile) -> str:
    """One tile in mpsz notation (``33 -> "7z"``)."""
    return format_tiles((t,))


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """Count vector of length 34 for playing tiles (bonus tiles are rejected)."""
    c = [0] * N_KINDS
    for t in tiles:
        if not 0 <= t < N_KINDS:
            raise ValueError(f"{tile_str(t) if 0 <= t < N_TILE_IDS else t} is not a playing tile")
        c[t] += 1
    return c


def tiles_of(counts: Sequence[int]) -> list[Tile]:
    """Inverse of :func:`counts_of`: the sorted tiles of a count vector."""
    return [t for t, n in enumerate(counts) for _ in range(n)]


def name(t: Tile, lang: str = "en") -> str:
    """Human name of a tile in English (``"5 Circles"``, ``"Red dragon"``) or French."""
    fr = lang == "fr"
    if t < HONOUR:
        return f"{value_of(t)} {(_FR_SUITS if fr else _EN_SUITS)[t // 9]}"
    if t < N_KINDS:
        h = t - HONOUR
        word = (_FR_HONOURS if fr else _EN_HONOURS)[h]
        if h < 4:
            return f"{_FR_WIND_WORD} {word}" if fr else f"{word} {_EN_WIND_WORD}"
        return f"{_FR_DRAGON_WORD} {word}" if fr else f"{word} {_EN_DRAGON_WORD}"
    b = t - N_KINDS
    if b < 4:
        return f"{'Fleur' if fr else 'Flower'} {b + 1} ({(_FR_FLOWERS if fr else _EN_FLOWERS)[b]})"
    s = b - 4
    return f"{'Saison' if fr else 'Season'} {s + 1} ({(_FR_SEASONS if fr else _EN_SEASONS)[s]})"


def plural_name(t: Tile, lang: str = "en") -> str:
    """The name of several copies of a tile, after a count ("three Red dragons", « quatre Dragons
    Rouges »): an honour's name takes the plural; a number tile's already reads so (``5 Circles``).

    >>> plural_name(tile("7z")), plural_name(tile("1z")), plural_name(tile("5z"), "fr"), plural_name(tile("5p"))
    ('Red dragons', 'East winds', 'Dragons Blancs', '5 Circles')
    """
    if not HONOUR <= t < N_KINDS:
        return name(t, lang)
    h = t - HONOUR
    if lang != "fr":
        return f"{_EN_HONOURS[h]} {_EN_WIND_WORD if h < 4 else _EN_DRAGON_WORD}s"
    if h < 4:
        return f"{_FR_WIND_WORD}s {_FR_HONOURS[h]}"  # a compass point stays as it is: « Vents Est »
    return f"{_FR_DRAGON_WORD}s {_FR_HONOURS[h]}s"


def wind_letter(seat: int, lang: str = "en") -> str:
    """The letter of a wind (0 = East) as people read it: ``E S W N``, in French ``E S O N``.

    >>> wind_letter(2), wind_letter(2, "fr")
    ('W', 'O')
    """
    return WIND_LETTERS["fr" if lang == "fr" else "en"][seat]


def wind_name(seat: int, lang: str = "en") -> str:
    """The name of a wind (0 = East): ``East South West North``, in French ``Est Sud Ouest Nord``.

    >>> wind_name(1), wind_name(2, "fr")
    ('South', 'Ouest')
    """
    return (_FR_HONOURS if lang == "fr" else _EN_HONOURS)[seat]


_WIND_WORDS: Final = {
    name.lower(): SEAT_LETTERS[seat]
    for names in (SEAT_LETTERS, WIND_LETTERS["fr"], _EN_HONOURS[:4], _FR_HONOURS[:4])
    for seat, name in enumerate(names)
}
"""A wind's letter by what people type for it, lower-cased: its letter (French ``O``) or its name."""


def wind_word(text: str) -> str:
    """The letter of a wind as people type it on a command line, in English or French and any
    case: ``W``, ``O`` (Ouest), ``west``, ``Ouest`` are all ``W``; anything else comes back as
    given, for the caller's error to name it.

    >>> wind_word("west"), wind_word("O"), wind_word("nord"), wind_word("X")
    ('W', 'W', 'N', 'X')
    """
    return _WIND_WORDS.get(text.strip().lower(), text)


def short_name(t: Tile, lang: str = "en") -> str:
    """A tile in at most two Latin characters, for compact displays (HK-1): suits in mpsz
    (``5m``), winds by letter (``E S W N``, French ``E S O N``), dragons ``Wh Gr Rd``
    (French ``Bl Ve Ro``), flowers ``F1``-``F4`` and seasons ``S1``-``S4`` (the same in French:
    Fleur, Saison). No bonus tile reads like a suit: the Bamboo flower is ``F4``, not bamboo.

    >>> [short_name(t) for t in (4, 29, 33, 37)], short_name(29, "fr")
    (['5m', 'W', 'Rd', 'F4'], 'O')
    """
    if not 0 <= t < N_TILE_IDS:
        raise ValueError(f"{t} is not a tile id")
    if t < HONOUR:
        return tile_str(t)
    if t < N_KINDS:
        h = t - HONOUR
        if h < 4:
            return wind_letter(h, lang)
        return _DRAGON_LETTERS["fr" if lang == "fr" else "en"][h - 4]
    b = t - N_KINDS
    return f"F{b + 1}" if b < 4 else f"S{b - 3}"


def glyph(t: Tile) -> str:
    """Unicode glyph from the Mahjong Tiles block (U+1F000..U+1F029)."""
    if t < HONOUR:
        return chr(_GLYPH_SUIT_BASE[t // 9] + t % 9)
    if t < N_KINDS:
        return chr(_GLYPH_HONOURS[t - HONOUR])
    return chr(_GLYPH_BONUS[t - N_KINDS])


def seat_index(letter: str) -> int:
    """``"E"`` → 0 … ``"N"`` → 3; raises ``ValueError`` naming the bad seat."""
    if not isinstance(letter, str) or len(letter) != 1 or letter not in SEAT_LETTERS:
        raise ValueError(f"{letter!r}: unknown wind (use E, S, W or N)")
    return SEAT_LETTERS.index(letter)


def full_set() -> list[Tile]:
    """The 144 physical tiles (HK-1): four of each playing kind and one of each bonus tile."""
    return [t for t in range(N_KINDS) for _ in range(4)] + list(range(N_KINDS, N_TILE_IDS))


def plural(n: int, noun: str) -> str:
    """``"1 meld"``, ``"2 melds"``, ``"0 melds"``: a count with its noun (English messages)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
