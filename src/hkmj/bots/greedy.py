"""The greedy bot: play to reduce shanten (:func:`hkmj.hand.shanten`), win whenever possible."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hkmj.bots.advice import dead_hand_advice
from hkmj.bots.minimum import WaitValues
from hkmj.engine.actions import ADDED, CONCEALED, FROM_DISCARD, PASS, WIN, Action, Chow, Discard, Kong, Pung
from hkmj.engine.view import SeatView
from hkmj.hand import thirteen_orphans_shanten
from hkmj.hand.knitted import knitted_bound
from hkmj.scoring import Meld
from hkmj.tiles import HONOUR, N_KINDS, ORPHANS

__all__ = ["GreedyBot"]

UKEIRE_MAX_SHANTEN = 2
"""Tie-break discards by counting improving tiles only this close to ready (it costs ~30 shanten calls)."""


def _near(counts: Sequence[int], melds: int, target: int, knitted: bool = False) -> list[int]:
    """Tiles that can lower the shanten of a hand below ``target + 1``: those held and their suit
    neighbours within two, plus every terminal and honour when thirteen orphans is that close;
    every tile when ``knitted`` (the ruleset's knitted shapes, MCR-5.2.4, MCR-5.2.5) and a tile
    more may bring a knitted shape within ``target`` (:func:`~hkmj.hand.knitted.knitted_bound`)."""
    if knitted and knitted_bound(counts, melds) <= target + 1:
        return list(range(N_KINDS))
    near = [False] * N_KINDS
    for t in range(N_KINDS):
        if counts[t]:
            near[t] = True
            if t < HONOUR:
                v = t % 9
                for d in (-2, -1, 1, 2):
                    if 0 <= v + d <= 8:
                        near[t + d] = True
    if melds == 0 and thirteen_orphans_shanten(counts) <= target:
        for t in ORPHANS:
            near[t] = True
    return [t for t in range(N_KINDS) if near[t]]


def _isolation(counts: Sequence[int], t: int) -> int:
    """How connected tile ``t`` is to the rest of the hand (lower = better discard)."""
    if t >= HONOUR:
        return 3 * (counts[t] - 1)
    v = t % 9
    score = 3 * (counts[t] - 1)
    for d in (-2, -1, 1, 2):
        if 0 <= v + d <= 8:
            score += counts[t + d] * (2 if abs(d) == 1 else 1)
    return score + (0 if v in (0, 8) else 1)


class GreedyBot:
    """Wins when it can; discards the tile leaving the lowest shanten (ties: most improving
    unseen tiles when near ready, then the least connected tile); claims pung or chow only
    if it lowers shanten, a kong if it does not raise it; always adds a tile to its pung.

    Under a ruleset with a minimum (MCR's 8 points, Hong Kong ``minfan``) it knows that only
    some waits win (:class:`~hkmj.bots.minimum.WaitValues`): among ready discards it keeps the
    most winnable waits, and it claims a pung or chow only when that leaves a winnable ready
    hand. ``by_value`` weighs waits by their value and ``lookahead`` values one-away hands
    by the ready hands they lead to (the strong bot's MCR play). A dead hand (MCR-5.4) cannot win:
    it plays the safest discard (:func:`~hkmj.bots.advice.dead_hand_advice`).
    """

    def __init__(self, seed: int = 0, *, by_value: bool = False, lookahead: bool = False) -> None:
        self.rng = random.Random(seed)
        self.values = WaitValues()
        self.by_value = by_value
        self.lookahead = lookahead

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.dead_hand:  # MCR-5.4: it cannot win nor claim; only what a discard may cost counts
            return dead_hand_advice(view, legal)[0].action
        if WIN in legal:
            return WIN
        if view.phase == "turn":
            return self._turn(view, legal)
        return self._claim(view, legal)

    def _turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        counts = list(view.concealed)
        m = view.n_melds
        shanten = view.rules.shanten_near(counts, m, 1)  # the shapes that win under the ruleset (MCR-5.2's knitted hands too)
        kongs = [a for a in legal if isinstance(a, Kong)]
        if kongs:
            cur = shanten(counts, m)
            for k in kongs:
                if k.how == ADDED:
                    return k
                if k.how == CONCEALED:
                    counts[k.tile] -= 4
                    s = shanten(counts, m + 1)
                    counts[k.tile] += 4
                    if s <= cur:
                        return k
        best: list[Discard] = []
        best_s = 99
        for a in legal:
            if not isinstance(a, Discard):
                continue
            counts[a.tile] -= 1
            s = shanten(counts, m)
            counts[a.tile] += 1
            if s < best_s:
                best_s, best = s, [a]
            elif s == best_s:
                best.append(a)
        if view.rules.value_checked and best_s <= (1 if self.lookahead else 0) and len(best) > 1:
            best = self._winnable(view, counts, best, best_s)
        if len(best) > 1 and best_s <= UKEIRE_MAX_SHANTEN:
            left = view.unseen()
            scored: list[tuple[int, Discard]] = []
            for d in best:
                counts[d.tile] -= 1
                n = 0
                for u in _near(counts, m, best_s, view.rules.knitted_shapes):
                    if left[u] > 0 and counts[u] < 4:
                        counts[u] += 1
                        if shanten(counts, m) < best_s:
                            n += left[u]
                        counts[u] -= 1
                counts[d.tile] += 1
                scored.append((n, d))
            top = max(n for n, _ in scored)
            best = [a for n, a in scored if n == top]
        if len(best) > 1:
            low = min(_isolation(counts, a.tile) for a in best)
            best = [a for a in best if _isolation(counts, a.tile) == low]
        return best[0] if len(best) == 1 else best[int(self.rng.random() * len(best))]

    def _winnable(self, view: SeatView, counts: list[int], best: list[Discard], best_s: int) -> list[Discard]:
        """Among equally close discards, those whose ready hands win most (the minimum, MCR-5.1)."""
        left = view.unseen()
        m = view.n_melds
        shanten = view.rules.shanten_near(counts, m, 1)
        scored: list[tuple[float, Discard]] = []
        for d in best:
            counts[d.tile] -= 1
            if best_s == 0:
                w = self.values.weight(view, counts, left, self.by_value)
            else:  # one away: the ready hands each unseen draw leads to
                w = 0.0
                for u in _near(counts, m, 0, view.rules.knitted_shapes):
                    if left[u] and counts[u] < 4:
                        counts[u] += 1
                        if shanten(counts, m) <= 0:
                            w += left[u] * self.values.best_after_discard(view, counts, left, self.by_value)
                        counts[u] -= 1
            counts[d.tile] += 1
            scored.append((w, d))
        top = max(w for w, _ in scored)
        return [d for w, d in scored if w == top] if top > 0 else best

    def _claim_ok(self, view: SeatView, counts: list[int], meld: Meld) -> bool:
        """Under a minimum: claim only into a ready hand with a winnable wait (concealment is worth points)."""
        if not view.rules.value_checked:
            return True
        melds = (*view.melds[view.seat], meld)
        return self.values.best_after_discard(view, counts, view.unseen(), False, melds) > 0

    def _claim(self, view: SeatView, legal: Sequence[Action]) -> Action:
        t = view.offered
        if t is None or len(legal) == 1:
            return PASS
        counts = list(view.concealed)
        m = view.n_melds
        shanten = view.rules.shanten_near(counts, m, 0)
        cur = shanten(counts, m)
        choice: Action = PASS
        best_s = cur
        for a in legal:
            if isinstance(a, Kong) and a.how == FROM_DISCARD:
                counts[t] -= 3
                s = shanten(counts, m + 1)
                counts[t] += 3
                if s <= cur:
                    return a
            elif isinstance(a, Pung):
                counts[t] -= 2
                s = shanten(counts, m + 1)
                if s < best_s and self._claim_ok(view, counts, Meld("pung", t)):
                    best_s, choice = s, a
                counts[t] += 2
            elif isinstance(a, Chow):
                others = [x for x in a.tiles if x != t]
                for x in others:
                    counts[x] -= 1
                s = shanten(counts, m + 1)
                if s < best_s and self._claim_ok(view, counts, Meld("chow", a.low)):
                    best_s, choice = s, a
                for x in others:
                    counts[x] += 1
        return choice
