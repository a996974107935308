"""Determinized Monte-Carlo rollouts for the expert bot (issue 14), Hong Kong rules.

The expert searches where a decision matters (claims, discards near ready): it deals the tiles
its seat cannot see — :meth:`~hkmj.engine.view.SeatView.unseen`, nothing else — into the
opponents' concealed hands and the live wall (:func:`sample_deal`), then plays the rest of
the hand out once per candidate action on that same deal (common random numbers) with a lean
simulator on tile-count vectors, every seat following a fast greedy policy, and scores the
outcome with the view's ruleset (HK-6 payments).

The simulator keeps the rules that decide who wins and for how much: draws from the live wall
(HK-3.1), discards (HK-3.2), claims in their priority — Mahjong before pung before chow, chow
only from the left (HK-4.2, HK-4.3, HK-4.7) —, wins by self-draw or on a discard (HK-5), an
exhausted wall is a draw without payment (HK-3.5). It leaves out what rarely changes a
decision: kongs and their replacement draws (HK-3.3, HK-4.4), bonus tiles still in the wall
(HK-2.6; those drawn only shorten the live wall, which the deal accounts for), robbing a kong
and the situational fan of HK-6 (last tile, replacement tile).

Pure: no I/O, no global randomness (the caller passes its seeded generator).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hkmj.bots.strong import _isolation
from hkmj.engine.view import SeatView
from hkmj.hand import shanten, waits
from hkmj.hand.tables import combine, distance, honour_distance
from hkmj.scoring import InvalidHand, Meld, Win
from hkmj.tiles import FLOWER1, HONOUR, N_KINDS, SEASON1, Tile, tiles_of

__all__ = ["Deal", "Answer", "sample_deal", "rollout_discard", "rollout_claim"]

BONUS_TILES = 8
"""Flowers and seasons in the wall (HK-2.6): each drawn one costs a live-wall draw."""
_SUIT = tuple(t // 9 if t < HONOUR else 3 for t in range(N_KINDS))


@dataclass(frozen=True, slots=True)
class Deal:
    """One determinization of a view: every seat's concealed tiles and the live draws to come.

    ``hands[seat]`` are 34-count vectors (this seat's own tiles as in its view), ``wall`` the
    playing tiles still to be drawn, last drawn first (``wall[-1]`` comes next)."""

    hands: tuple[tuple[int, ...], ...]
    wall: tuple[Tile, ...]
    shanten: tuple[int, ...] = (9, 9, 9, 9)
    """Each seat's shanten when it holds a waiting hand (13 - 3 × melds tiles), else 9."""
    waits: tuple[frozenset[Tile], ...] = (frozenset(),) * 4
    """Each ready seat's winning tiles (HK-5)."""


Answer = tuple[str, int, Tile]
"""A claim to play in a rollout: ``("pung", t, discard)`` or ``("chow", low, discard)``."""


def live_draws(view: SeatView, playing_left: int) -> int:
    """How many playing tiles the live wall still holds: its size less the bonus tiles expected in
    it (the unseen ones spread over the live and dead walls in proportion, HK-2.6)."""
    seen_bonus = sum(len(b) for b in view.bonus)
    hidden_bonus = max(0, BONUS_TILES - seen_bonus)
    walls = view.live + view.dead
    expected = hidden_bonus * view.live / walls if walls else 0.0
    return max(0, min(playing_left, round(view.live - expected)))


def sample_deal(view: SeatView, rng: random.Random) -> Deal:
    """Deal the tiles ``view`` cannot see (:meth:`SeatView.unseen`) uniformly into the opponents'
    concealed hands (their sizes are public) and the live wall. Reads only the view."""
    unseen = view.unseen()
    if view.phase == "rob" and view.offered is not None and unseen[view.offered]:
        unseen[view.offered] -= 1
    pool = [t for t in range(N_KINDS) for _ in range(unseen[t])]
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    k = 0
    for s in range(4):
        if s == view.seat:
            hands.append(tuple(view.concealed))
            continue
        n = min(view.concealed_counts[s], len(pool) - k)
        c = [0] * N_KINDS
        for t in pool[k : k + n]:
            c[t] += 1
        k += n
        hands.append(tuple(c))
    rest = pool[k:]
    draws = live_draws(view, len(rest))
    sh: list[int] = []
    ws: list[frozenset[Tile]] = []
    for s, h in enumerate(hands):
        m = len(view.melds[s])
        if sum(h) == 13 - 3 * m:
            x = shanten(h, m)
            sh.append(x)
            ws.append(frozenset(waits(h, m)) if x == 0 else frozenset())
        else:
            sh.append(9)
            ws.append(frozenset())
    return Deal(tuple(hands), tuple(rest[:draws]), tuple(sh), tuple(ws))


# ---------------------------------------------------------------- fast hand reading


def _svec(c: Sequence[int], s: int) -> tuple[int, ...]:
    if s < 3:
        return distance(tuple(c[9 * s : 9 * s + 9]))
    return honour_distance(tuple(c[27:34]))


_REMOVALS: dict[tuple[tuple[int, ...], int], tuple[tuple[Tile, int, tuple[int, ...]], ...]] = {}


def _removals(pattern: tuple[int, ...], s: int) -> tuple[tuple[Tile, int, tuple[int, ...]], ...]:
    """For each tile held in a suit pattern: ``(tile, copies held, distance vector without one copy)``."""
    key = (pattern, s)
    got = _REMOVALS.get(key)
    if got is None:
        out = []
        for i, n in enumerate(pattern):
            if n:
                q = list(pattern)
                q[i] -= 1
                vec = distance(tuple(q)) if s < 3 else honour_distance(tuple(q))
                out.append((9 * s + i, n, vec))
        got = tuple(out)
        _REMOVALS[key] = got
    return got


_MEMO: dict[tuple[tuple[int, ...], int], tuple[Tile, int]] = {}
_MEMO_SIZE = 200_000


def greedy_discard(c: list[int], melds: int) -> tuple[Tile, int]:
    """The greedy discard of a hand holding ``14 - 3 × melds`` tiles and its shanten after it:
    the lowest shanten (standard or seven pairs), then the least connected tile, then the lowest.
    Memoised: rollouts on one deal repeat the same hands."""
    key = (tuple(c), melds)
    got = _MEMO.get(key)
    if got is not None:
        return got
    need = 4 - melds
    pats = (tuple(c[0:9]), tuple(c[9:18]), tuple(c[18:27]), tuple(c[27:34]))
    vecs = (distance(pats[0]), distance(pats[1]), distance(pats[2]), honour_distance(pats[3]))
    h23 = combine(vecs[2], vecs[3])
    h01 = combine(vecs[0], vecs[1])
    others = (combine(vecs[1], h23), combine(vecs[0], h23), combine(vecs[3], h01), combine(vecs[2], h01))
    pairs = kinds = 0
    if melds == 0:
        for n in c:
            if n:
                kinds += 1
                if n >= 2:
                    pairs += 1
    best = 99
    tied: list[Tile] = []
    for s in range(4):
        o = others[s]
        for t, n, vec in _removals(pats[s], s):
            sh = combine(vec, o)[5 + need] - 1
            if melds == 0 and sh > 0:  # seven pairs (HK-5.3) after the discard
                sp = 6 - (pairs - (n == 2)) + max(0, 7 - (kinds - (n == 1)))
                if sp < sh:
                    sh = sp
            if sh < best:
                best, tied = sh, [t]
            elif sh == best:
                tied.append(t)
    r = (tied[0] if len(tied) == 1 else min(tied, key=lambda t: (_isolation(c, t), t)), best)
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = r
    return r


def _std(c: Sequence[int], need: int) -> int:
    return combine(combine(_svec(c, 0), _svec(c, 1)), combine(_svec(c, 2), _svec(c, 3)))[5 + need] - 1


# ---------------------------------------------------------------- the simulator


class _Sim:
    """One playout on count vectors; every seat plays greedy (HK-3 … HK-5)."""

    __slots__ = ("view", "hands", "melds", "nm", "sh", "waits", "wall", "me", "flowers", "seasons")

    def __init__(self, view: SeatView, deal: Deal) -> None:
        self.view = view
        self.me = view.seat
        self.hands = [list(h) for h in deal.hands]
        self.melds = [list(m) for m in view.melds]
        self.nm = [len(m) for m in view.melds]
        self.wall = list(deal.wall)
        self.sh = list(deal.shanten)
        self.waits: list[frozenset[Tile]] = list(deal.waits)
        fl: list[tuple[int, ...]] = []
        se: list[tuple[int, ...]] = []
        for b in view.bonus:
            fl.append(tuple(sorted(x - FLOWER1 + 1 for x in b if FLOWER1 <= x < FLOWER1 + 4)))
            se.append(tuple(sorted(x - SEASON1 + 1 for x in b if SEASON1 <= x < SEASON1 + 4)))
        self.flowers = fl
        self.seasons = se

    def settle(self, s: int) -> None:
        """Shanten and waits of seat ``s``'s waiting hand (13 - 3 × melds tiles)."""
        c = self.hands[s]
        if sum(c) != 13 - 3 * self.nm[s]:
            return
        sh = shanten(c, self.nm[s])
        self.sh[s] = sh
        self.waits[s] = frozenset(waits(c, self.nm[s])) if sh == 0 else frozenset()

    def score(self, s: int, t: Tile, discarder: int | None) -> float:
        """This seat's payment when seat ``s`` wins on ``t`` (HK-6 with the view's ruleset)."""
        c = self.hands[s]
        c[t] += 1
        win = Win(
            tuple(tiles_of(c)),
            t,
            "self_draw" if discarder is None else "discard",
            s,
            self.view.prevailing,
            discarder,
            tuple(self.melds[s]),
            self.flowers[s],
            self.seasons[s],
        )
        c[t] -= 1
        try:
            o = self.view.rules.score(win)
        except InvalidHand:  # pragma: no cover - waits are complete hands
            return 0.0
        return float(o.payments[self.me]) if o.winning else 0.0

    def after_discard(self, s: int, d: Tile, sh: int, mine: Answer | None = None, passing: bool = False) -> float:
        """Seat ``s`` discards ``d`` (its hand then ``sh`` from ready); play on to the end."""
        c = self.hands[s]
        c[d] -= 1
        self.sh[s] = sh
        self.waits[s] = frozenset(waits(c, self.nm[s])) if sh == 0 else frozenset()
        done, x = self.offer(s, d, mine, passing)
        return x if done else self.turns(int(x))

    def offer(self, d: int, t: Tile, mine: Answer | None, passing: bool) -> tuple[bool, float]:
        """Tile ``t`` discarded by seat ``d`` is on offer: Mahjong first, then pung, then chow
        from the left (HK-4.7); a claimant discards and its tile is offered in turn. ``mine`` is
        this seat's fixed answer to the first offer (``passing``: it passes that one). Returns
        ``(True, payment)`` when the hand ends, else ``(False, next seat to draw)``."""
        me = self.me
        while True:
            order = ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4)
            for s in order:
                if t in self.waits[s] and not (s == me and (mine is not None or passing)):
                    return True, self.score(s, t, d)
            pung = -1
            chow_low = -1
            for s in order:
                if s == me and (mine is not None or passing):
                    if mine is not None and mine[0] == "pung":
                        pung = s
                    elif mine is not None and s == order[0]:
                        chow_low = mine[1]
                    continue
                c = self.hands[s]
                if pung < 0 and c[t] >= 2:
                    c[t] -= 2
                    after = _std(c, 3 - self.nm[s])
                    c[t] += 2
                    if after < self.sh[s]:
                        pung = s
                if s == order[0] and t < HONOUR and chow_low < 0:
                    chow_low = self._greedy_chow(s, t)
            fixed = mine
            mine, passing = None, False
            if pung >= 0:
                s, kind, low = pung, "pung", t
            elif chow_low >= 0:
                s, kind, low = order[0], "chow", chow_low
            else:
                return False, float(order[0])
            d, t = s, self._claim(s, kind, low, t, fixed if s == me else None)

    def _greedy_chow(self, s: int, t: Tile) -> int:
        """The chow seat ``s`` would claim on ``t`` (lowest tile), -1 for none: one that lowers its shanten."""
        c = self.hands[s]
        v = t % 9
        best = -1
        best_sh = self.sh[s]
        for low in (t - 2, t - 1, t):
            lv = v - (t - low)
            if lv < 0 or lv > 6:
                continue
            a, b = [x for x in (low, low + 1, low + 2) if x != t]
            if not (c[a] and c[b]):
                continue
            c[a] -= 1
            c[b] -= 1
            after = _std(c, 3 - self.nm[s])
            c[a] += 1
            c[b] += 1
            if after < best_sh:
                best_sh, best = after, low
        return best

    def _claim(self, s: int, kind: str, low: Tile, t: Tile, mine: Answer | None) -> Tile:
        """Seat ``s`` claims ``t`` for a pung or the chow from ``low`` (HK-4.2, HK-4.3) and discards
        (``mine``'s discard, else greedily); returns the discard."""
        c = self.hands[s]
        if kind == "pung":
            c[t] -= 2
            self.melds[s].append(Meld("pung", t))
        else:
            for x in (low, low + 1, low + 2):
                if x != t:
                    c[x] -= 1
            self.melds[s].append(Meld("chow", low))
        self.nm[s] += 1
        if mine is not None and c[mine[2]]:
            d2 = mine[2]
        else:
            d2, _ = greedy_discard(c, self.nm[s])
        c[d2] -= 1
        self.settle(s)
        return d2

    def turns(self, s: int) -> float:
        """From seat ``s``'s draw (HK-3.1) to the end: a self-drawn win ends the hand, else the seat
        discards greedily and its discard is offered."""
        while True:
            if not self.wall:
                return 0.0  # exhaustive draw: no payment (HK-3.5)
            t = self.wall.pop()
            if t in self.waits[s]:
                return self.score(s, t, None)
            c = self.hands[s]
            c[t] += 1
            d, sh = greedy_discard(c, self.nm[s])
            c[d] -= 1
            self.sh[s] = sh
            self.waits[s] = frozenset(waits(c, self.nm[s])) if sh == 0 else frozenset()
            done, x = self.offer(s, d, None, False)
            if done:
                return x
            s = int(x)


def rollout_discard(view: SeatView, deal: Deal, d: Tile) -> float:
    """This seat's payment when it discards ``d`` now (its turn, HK-3.2) and every seat then
    plays greedily on ``deal`` to the end of the hand."""
    sim = _Sim(view, deal)
    me = view.seat
    c = sim.hands[me]
    c[d] -= 1
    sh = shanten(c, sim.nm[me])
    c[d] += 1
    return sim.after_discard(me, d, sh)


def rollout_claim(view: SeatView, deal: Deal, answer: Answer | None) -> float:
    """This seat's payment when it answers the discard on offer with ``answer`` (None: pass;
    the others may still claim it, HK-4.7) and every seat then plays greedily on ``deal``."""
    sim = _Sim(view, deal)
    t = view.offered
    if t is None:
        raise ValueError("rollout_claim needs a view with a tile on offer")
    done, x = sim.offer(view.turn, t, answer, answer is None)
    return x if done else sim.turns(int(x))
