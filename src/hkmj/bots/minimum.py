"""Playing to a ruleset's minimum (MCR-5.1: 8 points): which waits of a ready hand may be won.

Under a ruleset whose win check reads a minimum value (``Ruleset.value_checked``: MCR, or Hong
Kong with ``minfan``), a ready hand is worth only the waits that reach it. :class:`WaitValues`
scores each wait of a ready hand once (as a self-drawn win and as a win on a discard) and
remembers it; bots weigh their discards and claims with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from hkmj.engine.view import SeatView
from hkmj.scoring import InvalidHand, Meld, Win
from hkmj.tiles import N_KINDS, Tile, tiles_of

__all__ = ["WaitValues", "ready_but_out", "ready_in_shape_only", "scoring_split", "scoring_waits", "winning_waits"]

DISCARD_SHARE = 0.6
"""Weight of a wait that reaches the minimum only when self-drawn (no discard will do)."""


class WaitValues:
    """Remembers, per hand shape and seat context, the value of each wait that reaches the minimum."""

    def __init__(self, size: int = 4096) -> None:
        self._memo: dict[tuple[object, ...], tuple[tuple[Tile, float, float], ...]] = {}
        self._size = size

    def waits(
        self, view: SeatView, counts: Sequence[int], melds: tuple[Meld, ...] | None = None
    ) -> tuple[tuple[Tile, float, float], ...]:
        """``(tile, value self-drawn, value on a discard)`` for each wait of the ready hand ``counts``
        (13 - 3 × melds tiles; ``melds`` default to the seat's); a value is 0 where that win misses
        the minimum."""
        seat = view.seat
        if melds is None:
            melds = view.melds[seat]
        bonus = view.bonus[seat]
        key = (tuple(counts), melds, bonus, seat, view.prevailing, view.rules)
        got = self._memo.get(key)
        if got is not None:
            return got
        m = len(melds)
        out: list[tuple[Tile, float, float]] = []
        rules = view.rules  # its winning shapes: MCR-5.2's knitted hands too
        if rules.hand_shanten(counts, m) == 0:
            flowers = tuple(sorted(t - N_KINDS + 1 for t in bonus if t < N_KINDS + 4))
            seasons = tuple(sorted(t - N_KINDS - 3 for t in bonus if t >= N_KINDS + 4))
            h = list(counts)
            for t in rules.hand_waits(h, m):
                h[t] += 1
                concealed = tuple(tiles_of(h))
                h[t] -= 1
                values = []
                for how, discarder in (("self_draw", None), ("discard", (seat + 1) % 4)):
                    win = Win(concealed, t, how, seat, view.prevailing, discarder, melds, flowers, seasons)
                    try:
                        o = view.rules.score(win)
                    except InvalidHand:
                        values.append(0.0)
                        continue
                    values.append(float(o.value) if o.winning else 0.0)
                out.append((t, values[0], values[1]))
        if len(self._memo) >= self._size:
            self._memo.clear()
        result = tuple(out)
        self._memo[key] = result
        return result

    def weight(
        self,
        view: SeatView,
        counts: Sequence[int],
        unseen: Sequence[int],
        by_value: bool = False,
        melds: tuple[Meld, ...] | None = None,
    ) -> float:
        """How good a ready hand is: unseen copies of its winnable waits (times their value when
        ``by_value``), a wait winnable only by self-draw counting :data:`DISCARD_SHARE`."""
        total = 0.0
        for t, drawn, claimed in self.waits(view, counts, melds):
            if not (drawn or claimed):
                continue
            share = 1.0 if claimed else DISCARD_SHARE
            total += unseen[t] * share * (max(drawn, claimed) if by_value else 1.0)
        return total

    def best_after_discard(
        self, view: SeatView, counts: list[int], unseen: Sequence[int], by_value: bool, melds: tuple[Meld, ...] | None = None
    ) -> float:
        """The best :meth:`weight` over the discards of a 14-tile hand (0 if none leaves it ready)."""
        m = len(view.melds[view.seat] if melds is None else melds)
        best = 0.0
        shanten = view.rules.shanten_near(counts, m, 0)
        for t in range(N_KINDS):
            if counts[t]:
                counts[t] -= 1
                if shanten(counts, m) == 0:
                    best = max(best, self.weight(view, counts, unseen, by_value, melds))
                counts[t] += 1
        return best


_VALUES = WaitValues()
"""The waits' values :func:`scoring_waits` remembers across calls (per hand, seat, bonus tiles and ruleset)."""


def scoring_waits(
    view: SeatView, counts: Sequence[int], melds: tuple[Meld, ...] | None = None, on_discard: bool = False
) -> tuple[Tile, ...] | None:
    """The waits of the ready hand ``counts`` (13 - 3 × melds tiles; ``melds`` default to the seat's) whose win
    reaches the ruleset's minimum (MCR-5.1: 8 points without the flowers), self-drawn or on a
    discard, scored from the seat's own view (for the hint and the review); None when the
    ruleset has no minimum (any complete hand wins). ``on_discard``: only the waits that reach it
    on a discard too (a self-drawn win scores more: MCR-6.12 Self-Drawn, MCR-6.25 Fully Concealed Hand)."""
    if not view.rules.value_checked:
        return None
    return tuple(t for t, drawn, claimed in _VALUES.waits(view, counts, melds) if claimed or (drawn and not on_discard))


def scoring_split(
    view: SeatView, counts: Sequence[int], melds: tuple[Meld, ...] | None = None
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]] | None:
    """The waits of the ready hand ``counts`` that reach the ruleset's minimum (MCR-5.1), as
    :func:`scoring_waits` gives them, and those of them that reach it only self-drawn (no discard
    of them can win: MCR-6.12 Self-Drawn, MCR-6.25 Fully Concealed Hand); None without a
    minimum. The one measure the hint's waits and discard lines, the browser's hint and
    ``hkmj review`` word."""
    if not view.rules.value_checked:
        return None
    values = _VALUES.waits(view, counts, melds)
    return tuple(t for t, drawn, claimed in values if claimed or drawn), tuple(t for t, drawn, claimed in values if drawn and not claimed)


def ready_in_shape_only(view: SeatView, counts: Sequence[int], melds: tuple[Meld, ...] | None = None) -> bool:
    """True when the hand ``counts`` is ready (13 - 3 × melds tiles) or a discard away from ready
    (one tile more), yet no wait of it (of any discard that leaves it ready) reaches the ruleset's
    minimum (MCR-5.1): it cannot win as it stands. False without a minimum, or when not ready."""
    if not view.rules.value_checked:
        return False
    m = len(view.melds[view.seat] if melds is None else melds)
    h = list(counts)
    distance = view.rules.hand_shanten  # MCR-5.2.4, MCR-5.2.5: the knitted shapes too
    if distance(h, m) != 0:
        return False
    if sum(h) % 3 == 1:
        return not scoring_waits(view, h, melds)
    for t in range(N_KINDS):
        if h[t]:
            h[t] -= 1
            if distance(h, m) == 0 and scoring_waits(view, h, melds):
                return False
            h[t] += 1
    return True


def winning_waits(view: SeatView, counts: Sequence[int], melds: tuple[Meld, ...] | None = None) -> tuple[Tile, ...]:
    """The waits of the ready hand ``counts`` (13 - 3 × melds tiles) that can win: under a minimum
    (MCR-5.1) those whose win reaches it (:func:`scoring_waits`), else every wait of the shape
    (:meth:`~hkmj.rulesets.Ruleset.hand_waits`: never a fifth copy of a tile held four times, HK-1)."""
    good = scoring_waits(view, counts, melds)
    if good is None:
        m = len(view.melds[view.seat] if melds is None else melds)
        return tuple(view.rules.hand_waits(list(counts), m))
    return good


def ready_but_out(view: SeatView, counts: Sequence[int], melds: tuple[Meld, ...] | None = None, offered: bool = False) -> bool:
    """True when the hand ``counts`` is ready (13 - 3 × melds tiles) or a discard away from ready
    (one tile more) and could win on some tile, yet every copy of every such tile is in the seat's
    sight (HK-1: four of each tile; in its own hand, the melds or the ponds): no winning tile is
    left to come, so the hand must change its wait. Under a minimum (MCR-5.1) only the waits whose
    win reaches it count; a hand none of whose waits reaches it is :func:`ready_in_shape_only`
    instead (False here). A shape that waits only on a fifth copy of a tile held four times has no
    wait at all: without a minimum it is True. False when not ready. ``offered``: the discard on
    offer (a claim decision) is still to come, as the seat may take it now (the hand as it is;
    after a pass it is gone)."""
    m = len(view.melds[view.seat] if melds is None else melds)
    h = list(counts)
    distance = view.rules.hand_shanten  # MCR-5.2.4, MCR-5.2.5: the knitted shapes too
    if distance(h, m) != 0:
        return False
    unseen = view.unseen()
    if offered and view.phase == "claim" and view.offered is not None:  # in its discarder's pond, yet it may be claimed
        unseen[view.offered] += 1
    minimum = view.rules.value_checked

    def state(hand: list[int]) -> tuple[bool, bool]:  # (some wait can win, some such wait has a copy left)
        good = winning_waits(view, hand, melds)
        return bool(good) or not minimum, any(unseen[t] for t in good)

    if sum(h) % 3 == 1:
        can, live = state(h)
        return can and not live
    can_any = False
    for t in range(N_KINDS):
        if h[t]:
            h[t] -= 1
            if distance(h, m) == 0:
                can, live = state(h)
                if live:
                    return False
                can_any = can_any or can
            h[t] += 1
    return can_any
