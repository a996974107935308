"""The facts about one reading of a winning hand that scoring elements look at.

Built once per reading so that each element of a ruleset is a one-line predicate.
"""

from __future__ import annotations

from typing import Final

from hkmj.hand import STANDARD, Reading
from hkmj.scoring.model import Win
from hkmj.tiles import EAST, HONOUR, N_KINDS, Tile

_SUIT_BIT: Final = tuple(1 << (t // 9) for t in range(HONOUR))


class Shape:
    """One reading of a winning hand with its context (seat, prevailing wind, flags…).

    Attributes are plain data: ``pungs`` lists the tile of every pung or kong, concealed
    or declared; ``counts`` is the 34-vector of every playing tile of the hand.
    """

    __slots__ = (
        "win",
        "reading",
        "kind",
        "pungs",
        "n_chows",
        "pair",
        "n_kongs",
        "n_exposed",
        "counts",
        "suits",
        "has_honours",
        "seat_wind",
        "prevailing_wind",
    )

    def __init__(self, win: Win, reading: Reading, counts: list[int], suits: int = -1, has_honours: bool = False) -> None:
        """``suits`` (bit s for suit s) and ``has_honours`` describe ``counts``; -1 computes them."""
        self.win = win
        self.reading = reading
        self.kind = reading.shape
        standard = reading.shape == STANDARD
        pungs: list[Tile] = list(reading.pungs) if standard else []
        n_chows = len(reading.chows)
        n_kongs = n_exposed = 0
        for m in win.melds:  # declared groups: only a standard reading has them (HK-5)
            if m.kind == "chow":
                n_chows += 1
            else:
                if standard:
                    pungs.append(m.tile)
                if m.kind != "pung":
                    n_kongs += 1
            if m.kind != "ckong":
                n_exposed += 1
        self.pungs = pungs
        self.n_chows = n_chows
        self.pair = reading.pair
        self.n_kongs = n_kongs
        self.n_exposed = n_exposed
        self.counts = counts
        if suits < 0:
            suits = 0
            for t in range(HONOUR):
                if counts[t]:
                    suits |= _SUIT_BIT[t]
            has_honours = False
            for t in range(HONOUR, N_KINDS):
                if counts[t]:
                    has_honours = True
                    break
        self.suits = suits
        self.has_honours = has_honours
        self.seat_wind = EAST + win.seat
        self.prevailing_wind = EAST + win.prevailing

    @property
    def standard(self) -> bool:
        """Four groups and a pair (HK-5.1)."""
        return self.kind == STANDARD

    @property
    def n_suits(self) -> int:
        return (self.suits & 1) + (self.suits >> 1 & 1) + (self.suits >> 2 & 1)

    def flag(self, name: str) -> bool:
        return name in self.win.flags
