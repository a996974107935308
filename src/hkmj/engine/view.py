"""What one seat may know: the per-seat view handed to players.

A :class:`SeatView` is built from the state by :meth:`hkmj.engine.Hand.view`, which copies only
public information and the seat's own concealed tiles — never another seat's concealed tiles,
another seat's claim answers, nor the wall order (only the wall sizes).
"""

from __future__ import annotations

from typing import NamedTuple

from hkmj.rulesets import DEFAULT, Ruleset
from hkmj.scoring import Meld
from hkmj.tiles import N_KINDS, Tile, tiles_of

__all__ = ["SeatView"]


class SeatView(NamedTuple):
    """One seat's knowledge of the hand. Per-seat tuples are indexed by seat (0 = East … 3 = North)."""

    seat: int
    """This seat; its seat wind is ``seat`` (0 = East, the dealer)."""
    prevailing: int
    """Prevailing wind 0..3 (HK-7.3)."""
    phase: str
    """``turn``, ``claim`` (a discard is on offer), ``rob`` (an added kong is on offer) or ``over``."""
    turn: int
    """The seat playing its turn, or whose discard / added kong is on offer."""
    to_act: bool
    """True when this seat must answer now."""
    concealed: tuple[int, ...]
    """This seat's concealed playing tiles as a 34-count vector."""
    drawn: Tile | None
    """The tile this seat just drew (or took as a replacement) on its own turn, else None."""
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's declared groups, concealed kongs included (HK-4.8)."""
    bonus: tuple[tuple[Tile, ...], ...]
    """Every seat's exposed flowers and seasons."""
    discards: tuple[tuple[Tile, ...], ...]
    """Every seat's discards still on the table (claimed tiles moved to the claimant's meld)."""
    concealed_counts: tuple[int, ...]
    """How many concealed tiles each seat holds."""
    live: int
    """Tiles left in the live wall."""
    dead: int
    """Tiles in the dead wall."""
    scores: tuple[int, ...]
    """Running totals by seat at the start of this hand."""
    last_discard: Tile | None
    """The latest discard (None before the first)."""
    last_discarder: int | None
    offered: Tile | None
    """The tile that may be claimed now (the discard, or the tile of an added kong), else None."""
    rules: Ruleset = DEFAULT
    """The ruleset of the hand (public): its win check, scoring and minimum."""
    drawn_discards: tuple[tuple[bool, ...], ...] = ((), (), (), ())
    """Parallel to ``discards``: True where that seat discarded the tile it had just drawn (from the
    wall or as a replacement), False where it played a tile kept in its hand; public, as every
    player sees where a discard comes from (a dealer's first discard is from its dealt hand). A
    view built without it (older constructors) has empty tuples: nothing known."""
    dead_hands: tuple[bool, ...] = (False, False, False, False)
    """Every seat's hand is dead (MCR-5.4: after its false Mahjong it plays on but can never win
    nor claim); public, as the false Mahjong was. Never True under a ruleset without dead hands
    (Hong Kong, classical). A view built without it (older constructors) has none dead."""

    @property
    def dealer(self) -> int:
        """The dealer is always East, seat 0 (HK-2.1)."""
        return 0

    @property
    def dead_hand(self) -> bool:
        """This seat's hand is dead (MCR-5.4): it cannot win nor claim; on its turn it discards, or
        declares a kong from its own tiles (docs/rules-mcr.md's ruling)."""
        return bool(self.dead_hands[self.seat]) if self.seat < len(self.dead_hands) else False

    @property
    def tiles(self) -> list[Tile]:
        """This seat's concealed tiles, sorted."""
        return tiles_of(self.concealed)

    @property
    def n_melds(self) -> int:
        """Declared groups of this seat (the ``melds`` argument of :mod:`hkmj.hand`)."""
        return len(self.melds[self.seat])

    def unseen(self) -> list[int]:
        """Copies of each playing tile this seat cannot see: 4 minus its own hand, every meld, every pond."""
        left = [4] * N_KINDS
        for t, n in enumerate(self.concealed):
            left[t] -= n
        for melds in self.melds:
            for m in melds:
                for t in m.tiles:
                    left[t] -= 1
        for pond in self.discards:
            for t in pond:
                left[t] -= 1
        return [n if n > 0 else 0 for n in left]
