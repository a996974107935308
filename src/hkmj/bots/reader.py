"""A hand reader for the expert: which opponent is ready, and on which tiles.

The learned danger model (:mod:`hkmj.bots.danger`) reads an opponent's discards as a set. A
player reads more: whether each discard was the tile just drawn or a tile kept in the hand
(:attr:`~hkmj.engine.view.SeatView.drawn_discards`, public at a real table), in order. A ready
hand tends to throw what it draws (it can only win or keep its wait), so a run of drawn discards
at the end of the pond hints "ready"; the last tile it threw from the hand may be the one it let
go when it became ready, and the tiles next to it (in its suit) are more often its wait; what it
throws from its hand tells what it does not need, what it throws as drawn tells nothing about
the hand. Against self-play opponents these signals proved weak (docs/bots.md, "What was tried",
fifth round).

:func:`reader_features` adds those signals (:data:`READER_EXTRA`) to the danger model's features,
and a logistic model fitted on self-play (``bench/train_danger.py --reader``; weights in
``reader_weights.json`` beside this module, read once) turns them into P(the tile is one of that
opponent's waits now) (HK-5). The expert uses it through its ``reader`` attribute.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources

from hkmj.bots.danger import DANGER_FEATURES, DangerModel, pair_features
from hkmj.bots.learned import parse_linear
from hkmj.engine.view import SeatView
from hkmj.tiles import HONOUR, Tile

__all__ = [
    "READER_EXTRA",
    "READER_FEATURES",
    "READER_FILE",
    "load_reader_model",
    "parse_reader_model",
    "pond_reading",
    "reader_features",
    "wait_chances",
]

READER_FILE = "reader_weights.json"
"""The fitted reader, a package resource of :mod:`hkmj.bots`."""

READER_EXTRA: tuple[str, ...] = (
    "known",  # the opponent has discarded and the view records where its discards came from
    "streak1",  # its latest discard was the tile it had just drawn
    "streak2",  # its latest 2 discards were
    "streak3",  # its latest 3 or more discards were
    "streak_age",  # min(streak, 5) / 5 × the opponent's turns played / 20
    "hand_recent",  # share of its latest 4 discards thrown from the hand
    "hand_share",  # share of all its discards thrown from the hand
    "lh_near1",  # the tile is 1 away from its last discard thrown from the hand (same suit)
    "lh_near2",  # 2 away
    "lh_suji",  # 3 away
    "lh_suit",  # the same suit as that discard
    "lh_near_streak",  # (1 or 2 away) × min(streak, 4) / 4
    "hand_suji",  # a tile 3 away in the same suit was thrown from its hand
    "hand_near",  # a tile 1 or 2 away in the same suit was thrown from its hand
    "hand_suit_share",  # share of its discards from the hand in the tile's suit (honours: honours)
    "drawn_only",  # it discarded this tile, but only as a drawn tile
    "wait_streak",  # the strong table's wait weight × streak1
    "side_streak",  # chow shapes waiting on the tile × streak2
    "honour_streak",  # an honour × streak2
)
"""The reader's features beyond :data:`~hkmj.bots.danger.DANGER_FEATURES`."""

READER_FEATURES: tuple[str, ...] = DANGER_FEATURES + READER_EXTRA
"""The reader's feature names, in the order of its weight vector."""

_SIDE = DANGER_FEATURES.index("side_shapes")
_WAIT = DANGER_FEATURES.index("strong_wait")
_AGE = DANGER_FEATURES.index("age")


class PondReading:
    """What one opponent's pond says, read in order with where each tile came from."""

    __slots__ = ("from_hand", "hand_recent", "hand_share", "hand_suits", "known", "last_hand", "only_drawn", "streak")

    def __init__(self, pond: Sequence[Tile], drawn: Sequence[bool]) -> None:
        self.known = len(drawn) == len(pond) and len(pond) > 0
        """False when the view does not record the flags (an older constructor): nothing is read."""
        flags = drawn if self.known else [False] * len(pond)
        streak = 0
        for f in reversed(flags):
            if not f:
                break
            streak += 1
        self.streak = streak if self.known else 0
        """How many of its latest discards in a row were the tile just drawn."""
        self.last_hand: Tile | None = None
        """Its latest discard thrown from the hand (None: none)."""
        if self.known:
            for t, f in zip(reversed(pond), reversed(flags), strict=True):
                if not f:
                    self.last_hand = t
                    break
        self.from_hand = frozenset(t for t, f in zip(pond, flags, strict=True) if not f) if self.known else frozenset()
        """Kinds it threw from its hand."""
        self.only_drawn = frozenset(t for t in pond if t not in self.from_hand) if self.known else frozenset()
        """Kinds it threw only as drawn tiles."""
        n_hand = sum(1 for f in flags if not f)
        recent = flags[-4:]
        self.hand_recent = (sum(1 for f in recent if not f) / len(recent)) if self.known else 0.0
        self.hand_share = (n_hand / len(flags)) if self.known else 0.0
        suits = [0, 0, 0, 0]
        if self.known:
            for t, f in zip(pond, flags, strict=True):
                if not f:
                    suits[3 if t >= HONOUR else t // 9] += 1
        self.hand_suits = [s / max(1, n_hand) for s in suits]
        """Share of its discards from the hand by suit (3 = honours)."""


def pond_reading(view: SeatView, o: int) -> PondReading:
    """Seat ``o``'s pond as :class:`PondReading` (public information only)."""
    flags = view.drawn_discards[o] if o < len(view.drawn_discards) else ()
    return PondReading(view.discards[o], flags)


def _extra(r: PondReading, t: Tile, base: Sequence[float]) -> list[float]:
    """:data:`READER_EXTRA` of tile ``t`` against one opponent's reading ``r``."""
    s = r.streak
    s1 = 1.0 if s >= 1 else 0.0
    s2 = 1.0 if s >= 2 else 0.0
    honour = t >= HONOUR
    near1 = near2 = suji = same_suit = 0.0
    lh = r.last_hand
    if lh is not None and not honour and lh < HONOUR and lh // 9 == t // 9:
        same_suit = 1.0
        d = abs(lh - t)
        near1 = 1.0 if d == 1 else 0.0
        near2 = 1.0 if d == 2 else 0.0
        suji = 1.0 if d == 3 else 0.0
    hand_suji = hand_near = 0.0
    if not honour and r.from_hand:
        v = t % 9
        lo = t - v
        if (v >= 3 and t - 3 in r.from_hand) or (v <= 5 and t + 3 in r.from_hand):
            hand_suji = 1.0
        if any(0 <= v + d <= 8 and lo + v + d in r.from_hand for d in (-2, -1, 1, 2)):
            hand_near = 1.0
    return [
        1.0 if r.known else 0.0,
        s1,
        s2,
        1.0 if s >= 3 else 0.0,
        min(s, 5) / 5 * base[_AGE],
        r.hand_recent,
        r.hand_share,
        near1,
        near2,
        suji,
        same_suit,
        (near1 + near2) * min(s, 4) / 4,
        hand_suji,
        hand_near,
        r.hand_suits[3 if honour else t // 9],
        1.0 if t in r.only_drawn else 0.0,
        base[_WAIT] * s1,
        base[_SIDE] * s2,
        s2 if honour else 0.0,
    ]


def reader_features(view: SeatView, unseen: Sequence[int], tiles: Sequence[Tile]) -> dict[int, dict[Tile, list[float]]]:
    """:data:`READER_FEATURES` of each tile of ``tiles`` for each opponent (keyed by seat), from the
    view only: :func:`~hkmj.bots.danger.pair_features` followed by :data:`READER_EXTRA`."""
    out = pair_features(view, unseen, tiles)
    for o, rows in out.items():
        r = pond_reading(view, o)
        for t, x in rows.items():
            x.extend(_extra(r, t, x))
    return out


def wait_chances(model: DangerModel, view: SeatView, unseen: Sequence[int], tiles: Sequence[Tile]) -> dict[Tile, float]:
    """For each tile of ``tiles``, the reader's chance that discarding it deals in: the sum over
    the opponents of P(the tile is its wait) (HK-5), capped at 1."""
    out = dict.fromkeys(tiles, 0.0)
    for rows in reader_features(view, unseen, tiles).values():
        for t, x in rows.items():
            out[t] += model.prob(x)
    return {t: min(1.0, p) for t, p in out.items()}


def parse_reader_model(data: object) -> DangerModel:
    """The reader (a :class:`~hkmj.bots.danger.DangerModel` over :data:`READER_FEATURES`) from the
    JSON object ``bench/train_danger.py --reader`` writes; ``ValueError`` naming what is wrong."""
    return DangerModel(*parse_linear(data, READER_FEATURES, "hand reader"))


@cache
def load_reader_model() -> DangerModel:
    """The shipped reader (``hkmj/bots/reader_weights.json``), read once."""
    text = resources.files("hkmj.bots").joinpath(READER_FILE).read_text(encoding="utf-8")
    return parse_reader_model(json.loads(text))
