"""Tile faces drawn in SVG by this module: all 42 faces (HK-1) and a tile back, no outside artwork.

``face(name, lang)`` takes a tile in mpsz notation (``"5p"``, ``"7z"``, ``"3f"``) or ``"back"`` and
returns a standalone SVG document (viewBox 60×80). The server serves them at ``/tiles/<name>.svg``
(``?lang=fr``: the French letters E S O N on wind tiles and in bonus tile corners, O for Ouest).
"""

from __future__ import annotations

import math
from functools import cache

from hkmj.tiles import N_TILE_IDS, WIND_LETTERS, name, parse_tiles, tile_str

__all__ = ["NAMES", "face"]

NAMES: tuple[str, ...] = (*(tile_str(t) for t in range(N_TILE_IDS)), "back")

_BLUE, _GREEN, _RED, _INK = "#1f5fa8", "#23803a", "#c0392b", "#1b2a49"

_CIRCLES: dict[int, tuple[float, list[tuple[float, float]]]] = {
    1: (17, [(30, 40)]),
    2: (11, [(30, 24), (30, 56)]),
    3: (9, [(16, 19), (30, 40), (44, 61)]),
    4: (10, [(18, 25), (42, 25), (18, 55), (42, 55)]),
    5: (8.5, [(17, 21), (43, 21), (30, 40), (17, 59), (43, 59)]),
    6: (8, [(19, 17), (41, 17), (19, 43), (41, 43), (19, 63), (41, 63)]),
    7: (6.5, [(15, 13), (30, 20), (45, 27), (19, 46), (41, 46), (19, 64), (41, 64)]),
    8: (7, [(19, 15), (41, 15), (19, 31), (41, 31), (19, 49), (41, 49), (19, 65), (41, 65)]),
    9: (7, [(15, 19), (30, 19), (45, 19), (15, 40), (30, 40), (45, 40), (15, 61), (30, 61), (45, 61)]),
}
_CIRCLE_COLOURS = (_BLUE, _GREEN, _RED)

_STICKS: dict[int, list[tuple[float, float, bool]]] = {
    2: [(30, 23, False), (30, 57, False)],
    3: [(30, 23, False), (19, 57, False), (41, 57, False)],
    4: [(19, 23, False), (41, 23, False), (19, 57, False), (41, 57, False)],
    5: [(16, 23, False), (44, 23, False), (30, 40, True), (16, 57, False), (44, 57, False)],
    6: [(15, 23, False), (30, 23, False), (45, 23, False), (15, 57, False), (30, 57, False), (45, 57, False)],
    7: [(30, 17, True), (15, 40, False), (30, 40, False), (45, 40, False), (15, 63, False), (30, 63, False), (45, 63, False)],
    8: [
        (12, 23, False),
        (24, 23, False),
        (36, 23, False),
        (48, 23, False),
        (12, 57, False),
        (24, 57, False),
        (36, 57, False),
        (48, 57, False),
    ],
    9: [
        (15, 17, False),
        (30, 17, True),
        (45, 17, False),
        (15, 40, False),
        (30, 40, True),
        (45, 40, False),
        (15, 63, False),
        (30, 63, True),
        (45, 63, False),
    ],
}


def _doc(body: str, title: str, back: bool = False) -> str:
    fill = "#2f6d4f" if back else "#fbf8ee"
    edge = "#1d4a34" if back else "#b9ae95"
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80" role="img">'
        f"<title>{title}</title>"
        f'<rect x="1" y="1" width="58" height="78" rx="7" fill="{fill}" stroke="{edge}" stroke-width="2"/>'
        f'<rect x="3" y="70" width="54" height="7" rx="3" fill="{edge}" opacity=".18"/>'
        f"{body}</svg>"
    )


def _circles(n: int) -> str:
    r, pts = _CIRCLES[n]
    out = []
    for i, (x, y) in enumerate(pts):
        c = _CIRCLE_COLOURS[(i + n) % 3] if n != 1 else _BLUE
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{c}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.62:.2f}" fill="#fbf8ee"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.3:.2f}" fill="{c}"/>'
        )
        if n == 1:
            out.append(f'<circle cx="{x}" cy="{y}" r="{r * 0.82:.2f}" fill="none" stroke="{_RED}" stroke-width="1.5"/>')
    return "".join(out)


def _stick(x: float, y: float, red: bool, h: float = 19) -> str:
    c = _RED if red else _GREEN
    top = y - h / 2
    return (
        f'<rect x="{x - 3.5}" y="{top}" width="7" height="{h}" rx="3" fill="{c}"/>'
        f'<rect x="{x - 4.5}" y="{y - 1}" width="9" height="2" rx="1" fill="{c}"/>'
        f'<line x1="{x}" y1="{top + 2}" x2="{x}" y2="{top + h - 2}" stroke="#fbf8ee" stroke-width="1.2" opacity=".7"/>'
    )


def _bird() -> str:
    return (
        f'<path d="M16 58 Q10 40 22 30 Q30 22 40 26 Q50 30 46 44 Q42 58 26 62 Z" fill="{_GREEN}"/>'
        f'<path d="M26 62 Q18 70 10 72 M30 61 Q26 72 22 76 M34 59 Q36 70 34 76" stroke="{_GREEN}" stroke-width="3" fill="none"/>'
        f'<circle cx="42" cy="22" r="7" fill="{_RED}"/><circle cx="44" cy="20" r="1.6" fill="#fbf8ee"/>'
        f'<path d="M48 21 L56 24 L48 26 Z" fill="#e08a1e"/>'
        f'<path d="M22 40 Q30 34 38 40 Q30 46 22 40 Z" fill="{_BLUE}"/>'
    )


def _characters(n: int) -> str:
    return (
        f'<text x="30" y="37" text-anchor="middle" font-family="Georgia,serif" font-weight="bold" font-size="31" fill="{_INK}">{n}</text>'
        f'<rect x="17" y="44" width="26" height="24" rx="3" fill="none" stroke="{_RED}" stroke-width="3"/>'
        f'<path d="M17 52 H43 M17 60 H43 M30 44 V68 M22 40 H38" stroke="{_RED}" stroke-width="2.4" fill="none"/>'
    )


def _wind(letter: str) -> str:
    return (
        f'<text x="30" y="53" text-anchor="middle" font-family="Georgia,serif" font-weight="bold" font-size="42" fill="{_INK}">{letter}</text>'
        f'<path d="M12 66 H48" stroke="{_INK}" stroke-width="1.5" opacity=".4"/>'
    )


def _dragon(k: int) -> str:
    if k == 4:  # White: the blue frame
        return (
            f'<rect x="13" y="14" width="34" height="52" rx="2" fill="none" stroke="{_BLUE}" stroke-width="3"/>'
            f'<rect x="18" y="19" width="24" height="42" rx="1" fill="none" stroke="{_BLUE}" stroke-width="1.5"/>'
        )
    if k == 5:  # Green
        return (
            f'<path d="M30 12 L50 40 L30 68 L10 40 Z" fill="none" stroke="{_GREEN}" stroke-width="3.5"/>'
            f'<path d="M30 24 L41 40 L30 56 L19 40 Z" fill="{_GREEN}"/>'
            f'<path d="M30 12 V68 M10 40 H50" stroke="{_GREEN}" stroke-width="1.5"/>'
        )
    return (  # Red: the "middle" sign, a box crossed by one stroke
        f'<rect x="15" y="29" width="30" height="20" rx="2" fill="none" stroke="{_RED}" stroke-width="4.5"/>'
        f'<path d="M30 13 V67" stroke="{_RED}" stroke-width="5" stroke-linecap="round"/>'
    )


def _petals(cx: float, cy: float, n: int, r: float, pr: float, colour: str) -> str:
    out = []
    for i in range(n):
        a = 2 * math.pi * i / n - math.pi / 2
        out.append(f'<circle cx="{cx + r * math.cos(a):.2f}" cy="{cy + r * math.sin(a):.2f}" r="{pr}" fill="{colour}"/>')
    return "".join(out)


def _bonus(b: int, letters: str) -> str:
    number = b % 4 + 1
    seat = letters[b % 4]
    colour = "#b5388a" if b < 4 else "#c46a12"
    corner = (
        f'<text x="8" y="16" font-family="Georgia,serif" font-weight="bold" font-size="12" fill="{colour}">{number}</text>'
        f'<text x="52" y="16" text-anchor="end" font-family="Georgia,serif" font-size="10" fill="{colour}">{seat}</text>'
    )
    stem = f'<path d="M30 46 Q28 58 30 68" stroke="{_GREEN}" stroke-width="2.5" fill="none"/>'
    if b == 0:  # plum
        art = stem + _petals(30, 38, 5, 8, 6, "#e56b9e") + '<circle cx="30" cy="38" r="3.5" fill="#f4d03f"/>'
    elif b == 1:  # orchid
        art = stem + _petals(30, 38, 3, 8, 7.5, "#8e44ad") + '<circle cx="30" cy="38" r="3" fill="#f4d03f"/>'
    elif b == 2:  # chrysanthemum
        art = stem + _petals(30, 38, 12, 10, 4, "#e0a800") + '<circle cx="30" cy="38" r="5" fill="#b9770e"/>'
    elif b == 3:  # bamboo
        art = (
            _stick(30, 44, False, 40)
            + f'<path d="M31 34 Q42 26 48 28 Q40 34 31 36 Z M29 50 Q18 42 12 44 Q20 50 29 52 Z" fill="{_GREEN}"/>'
        )
    elif b == 4:  # spring: a sprout
        art = f'<path d="M30 68 V40" stroke="{_GREEN}" stroke-width="3"/><path d="M30 44 Q16 40 14 28 Q28 28 30 44 Z M30 40 Q44 34 46 22 Q32 22 30 40 Z" fill="#3fae5a"/>'
    elif b == 5:  # summer: the sun
        rays = "".join(
            f'<line x1="{30 + 13 * math.cos(a):.2f}" y1="{42 + 13 * math.sin(a):.2f}" x2="{30 + 20 * math.cos(a):.2f}" y2="{42 + 20 * math.sin(a):.2f}" stroke="#e67e22" stroke-width="3" stroke-linecap="round"/>'
            for a in (2 * math.pi * i / 8 for i in range(8))
        )
        art = rays + '<circle cx="30" cy="42" r="10" fill="#f39c12"/>'
    elif b == 6:  # autumn: a leaf
        art = '<path d="M30 66 Q12 50 18 30 Q26 18 42 16 Q48 34 40 52 Q36 60 30 66 Z" fill="#c0561c"/><path d="M30 66 Q32 40 42 16" stroke="#7a3510" stroke-width="1.8" fill="none"/>'
    else:  # winter: a snowflake
        arms = "".join(
            f'<line x1="30" y1="42" x2="{30 + 19 * math.cos(a):.2f}" y2="{42 + 19 * math.sin(a):.2f}" stroke="{_BLUE}" stroke-width="3" stroke-linecap="round"/>'
            for a in (math.pi * i / 3 for i in range(6))
        )
        art = arms + f'<circle cx="30" cy="42" r="4" fill="{_BLUE}"/>'
    return corner + art


@cache
def face(tile_name: str, lang: str = "en") -> str:
    """The SVG document of a tile face (``"5p"``) or of the back (``"back"``), with the wind letters
    of ``lang`` (``en`` or ``fr``: hkmj.tiles.WIND_LETTERS, HK-1); ``KeyError`` for an unknown tile or language."""
    letters = WIND_LETTERS[lang]
    if tile_name == "back":
        pattern = '<rect x="10" y="12" width="40" height="56" rx="4" fill="none" stroke="#d9c98f" stroke-width="2"/><path d="M30 22 L42 40 L30 58 L18 40 Z" fill="#d9c98f" opacity=".6"/>'
        return _doc(pattern, "tile back", back=True)
    if tile_name not in NAMES:
        raise KeyError(tile_name)
    t = parse_tiles(tile_name)[0]
    if t < 9:
        body = _characters(t + 1)
    elif t < 18:
        body = _circles(t - 8)
    elif t < 27:
        body = _bird() if t == 18 else "".join(_stick(x, y, red) for x, y, red in _STICKS[t - 17])
    elif t < 31:
        body = _wind(letters[t - 27])
    elif t < 34:
        body = _dragon(t - 27)
    else:
        body = _bonus(t - 34, letters)
    return _doc(body, name(t, lang))
