"""How tiles are drawn on screen (HK-1): every tile is a fixed slot of two terminal cells.

Text faces (the default) are coloured Latin letters, :func:`hkmj.tiles.short_name` in the
player's language: suits as the number and the mpsz letter (``5m`` red characters, ``5p`` blue
circles, ``5s`` green bamboo), winds as ``E S W N`` (French ``E S O N``), dragons ``Wh Gr Rd``
(French ``Bl Ve Ro``), bonus tiles in purple ``F1``-``F4`` (flowers) and ``S1``-``S4``
(seasons), so the Bamboo flower never reads as a bamboo tile. Glyph faces (``--glyphs``) use the Unicode Mahjong Tiles block (U+1F000…): U+1F004 (Red dragon)
is two cells wide and the others one, and fonts draw them wider than a cell, so each glyph is
padded to the same two-cell slot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text

from hkmj.scoring import Meld
from hkmj.tiles import HONOUR, N_KINDS, Tile, glyph, short_name

__all__ = [
    "BACK",
    "FACE_BG",
    "LATEST_BG",
    "SELECTED_BG",
    "SLOT",
    "face",
    "meld_text",
    "melds_text",
    "tile_text",
    "tiles_text",
]

SLOT = 2
"""Cells per tile; tiles in a row are separated by one more cell."""

_SUIT_STYLES = ("bold #b22222", "bold #1f4fa0", "bold #1d7a31")
_HONOUR_STYLES = ("bold #202020",) * 4 + ("bold #1f4fa0", "bold #1d7a31", "bold #b22222")
_BONUS_STYLE = "bold #8b2f8b"
FACE_BG = "#f3ecd8"
"""The ivory background of a text tile."""
SELECTED_BG = "#ffd75f"
"""Background of the tile selected in your hand."""
LATEST_BG = "#ff9f43"
"""Background of the latest discard."""
BACK = "back"
"""A face-down tile (the outer tiles of a declared concealed kong, HK-4.8)."""


def face(t: Tile, glyphs: bool = False, lang: str = "en") -> tuple[str, str]:
    """The two-cell text of tile ``t`` and its foreground style.

    >>> face(4), face(29, lang="fr"), face(37), face(33, glyphs=True)
    (('5m', 'bold #b22222'), ('O ', 'bold #202020'), ('F4', 'bold #8b2f8b'), ('🀄', ''))
    """
    if glyphs:
        g = glyph(t)
        return g + " " * max(0, SLOT - cell_len(g)), ""
    text = short_name(t, lang).ljust(SLOT)
    if t < HONOUR:
        return text, _SUIT_STYLES[t // 9]
    if t < N_KINDS:
        return text, _HONOUR_STYLES[t - HONOUR]
    return text, _BONUS_STYLE


def tile_text(t: Tile | str, glyphs: bool = False, bg: str | None = None, lang: str = "en") -> Text:
    """One tile as Rich text in its two-cell slot; ``bg`` overrides the background (highlights)."""
    if t == BACK:
        return Text("🀫 " if glyphs else "  ", style=f"on {bg or '#2e6b4f'}")
    assert isinstance(t, int)
    body, fg = face(t, glyphs, lang)
    back = bg or (None if glyphs else FACE_BG)
    return Text(body, style=f"{fg} on {back}".strip() if back else fg)


def tiles_text(tiles: Iterable[Tile | str], glyphs: bool = False, sep: str = " ", lang: str = "en") -> Text:
    """Tiles side by side, one separator cell apart."""
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(sep)
        out.append_text(tile_text(t, glyphs, lang=lang))
    return out


def meld_text(m: Meld, glyphs: bool = False, lang: str = "en") -> Text:
    """A declared group; a declared concealed kong (HK-3.3) shows its two outer tiles face down."""
    tiles: Sequence[Tile | str] = m.tiles
    if m.kind == "ckong":
        tiles = (BACK, m.tile, m.tile, BACK)
    return tiles_text(tiles, glyphs, sep="", lang=lang)


def melds_text(melds: Iterable[Meld], glyphs: bool = False, lang: str = "en", gap: int = 2) -> Text:
    """Several groups, ``gap`` cells apart."""
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append(" " * gap)
        out.append_text(meld_text(m, glyphs, lang))
    return out
