"""Determinized Monte-Carlo rollouts for the expert bot, Hong Kong rules.

The expert searches where a decision matters (claims, discards near ready): it deals the tiles
its seat cannot see — :meth:`~hkmj.engine.view.SeatView.unseen`, nothing else — into the
opponents' concealed hands and the live wall (:func:`sample_deal`), then plays the rest of
the hand out once per candidate action on that same deal (common random numbers) with a lean
simulator on tile-count vectors, every seat following a fast greedy policy, and scores the
outcome with the view's ruleset (HK-6 payments).

The simulator keeps the rules that decide who wins and for how much: draws from the live wall
and discards (HK-3.2), claims in their priority — Mahjong before pung before chow, chow
only from the left (HK-4.2, HK-4.3, HK-4.7) —, wins by self-draw or on a discard (HK-5), an
exhausted wall is a draw without payment (HK-3.5). It leaves out what rarely changes a
decision: kongs and their replacement draws (HK-3.3, HK-4.4), bonus tiles still in the wall
(HK-2.6; those drawn only shorten the live wall, which the deal accounts for), robbing a kong
and the situational fan of HK-6 (last tile, replacement tile).

Pure: no I/O, no global randomness (the caller passes its seeded generator). Compiled with mypyc
in the wheel (setup.py CORE), with the same results as the Python source (docs/bots.md, "What was
tried", sixth round; bench/bench_rollout.py).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from hkmj.engine.view import SeatView
from hkmj.hand import shanten, waits
from hkmj.hand.tables import Vector, combine, distance, honour_distance
from hkmj.scoring import InvalidHand, Meld, Win
from hkmj.scoring.model import reduce_frozen
from hkmj.tiles import FLOWER1, HONOUR, N_KINDS, SEASON1, Tile, tiles_of

__all__ = ["Deal", "Answer", "sample_deal", "rollout_discard", "rollout_claim", "greedy_discard", "isolation"]

BONUS_TILES: Final = 8
"""Flowers and seasons in the wall (HK-2.6): each drawn one costs a live-wall draw."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One determinization of a view: every seat's concealed tiles and the live draws to come.

    ``hands[seat]`` are 34-count vectors (this seat's own tiles as in its view), ``wall`` the
    playing tiles still to be drawn, last drawn first (``wall[-1]`` comes next)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too

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
    for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates on rng.random(): the same deal compiled or not
        j = int(rng.random() * (i + 1))
        pool[i], pool[j] = pool[j], pool[i]
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
#
# A playout reads hands thousands of times, so it keys everything by integers: each suit of a
# hand is a base-5 code (a count per tile), each distinct distance vector of hkmj.hand.tables an
# id, and their min-plus products (HK-5.1 shapes) a table of id pairs; the greedy discard, the
# waits and the scores are memoised by the four suit codes. Same answers as hkmj.hand's.


def isolation(c: Sequence[int], t: Tile) -> int:
    """How connected tile ``t`` is to the rest of the hand (lower = a better discard among equals)."""
    score = 3 * (c[t] - 1)
    if t >= HONOUR:
        return score
    v = t % 9
    for d in (-2, -1, 1, 2):
        if 0 <= v + d <= 8:
            score += c[t + d] * (2 if abs(d) == 1 else 1)
    return score + (0 if v in (0, 8) else 1)


_SUIT_OF: Final[list[int]] = [t // 9 if t < HONOUR else 3 for t in range(N_KINDS)]
_PLACE: Final[list[int]] = [5 ** (t % 9) if t < HONOUR else 5 ** (t - HONOUR) for t in range(N_KINDS)]
"""A tile's weight in its suit's base-5 code."""
_VECS: Final[list[Vector]] = []
"""Distance vectors by id."""
_VEC_ID: Final[dict[Vector, int]] = {}
_CODE_ID: Final[list[dict[int, int]]] = [{}, {}, {}, {}]
"""Per suit: a suit code -> the id of its distance vector."""
_PRODUCT: Final[dict[int, int]] = {}
"""``(a << 20) | b`` -> the id of the min-plus product of vectors ``a`` and ``b``."""


_INTERN_LOCK: Final = threading.Lock()
"""Guards a new vector's id: the server's bot worker and a review's thread intern at once."""


def _intern(vec: Vector) -> int:
    """The id of distance vector ``vec``, given it on first sight (thread-safe: two threads
    interning two new vectors at once could otherwise both take the same id)."""
    got = _VEC_ID.get(vec)
    if got is None:
        with _INTERN_LOCK:
            got = _VEC_ID.get(vec)
            if got is None:
                got = len(_VECS)
                _VECS.append(vec)
                _VEC_ID[vec] = got
    return got


def _suit_id(s: int, code: int) -> int:
    """The vector id of suit ``s`` (3: the honours) holding the tiles of base-5 ``code``."""
    ids = _CODE_ID[s]
    got = ids.get(code)
    if got is None:
        n = 9 if s < 3 else 7
        pattern: list[int] = []
        x = code
        for _ in range(n):
            pattern.append(x % 5)
            x //= 5
        got = _intern(distance(tuple(pattern)) if s < 3 else honour_distance(tuple(pattern)))
        ids[code] = got
    return got


def _product(a: int, b: int) -> int:
    """The vector id of the min-plus product of vector ids ``a`` and ``b`` (hkmj.hand.tables.combine)."""
    key = (a << 20) | b
    got = _PRODUCT.get(key)
    if got is None:
        got = _intern(combine(_VECS[a], _VECS[b]))
        _PRODUCT[key] = got
    return got


def _codes(c: Sequence[int]) -> list[int]:
    """The four suit codes of a 34-count vector."""
    out = [0, 0, 0, 0]
    for t in range(N_KINDS):
        if c[t]:
            out[_SUIT_OF[t]] += c[t] * _PLACE[t]
    return out


def _std_codes(c0: int, c1: int, c2: int, c3: int, need: int) -> int:
    """Standard-hand shanten (HK-5.1) of the hand with suit codes ``c0``..``c3`` needing ``need``
    more melds and a pair."""
    i = _product(_product(_suit_id(0, c0), _suit_id(1, c1)), _product(_suit_id(2, c2), _suit_id(3, c3)))
    return _VECS[i][5 + need] - 1


def _key(codes: list[int], melds: int) -> tuple[int, int]:
    """A memo key of a hand: its suit codes and melds, in two machine-size integers."""
    return (codes[0] * 1953125 + codes[1], (codes[2] * 78125 + codes[3]) * 8 + melds)


_MEMO: Final[dict[tuple[int, int], tuple[Tile, int]]] = {}
_WAITS: Final[dict[tuple[int, int], list[Tile]]] = {}
_MEMO_SIZE: Final = 200_000


def greedy_discard(c: list[int], melds: int) -> tuple[Tile, int]:
    """The greedy discard of a hand holding ``14 - 3 × melds`` tiles and its shanten after it:
    the lowest shanten (standard or seven pairs, HK-5.3), then the least connected tile, then
    the lowest. Memoised: rollouts repeat the same hands."""
    return _greedy(c, _codes(c), melds)


def _greedy(c: list[int], codes: list[int], melds: int) -> tuple[Tile, int]:
    """:func:`greedy_discard` of ``c`` whose suit codes are ``codes``."""
    key = _key(codes, melds)
    got = _MEMO.get(key)
    if got is not None:
        return got
    need = 4 - melds
    i0 = _suit_id(0, codes[0])
    i1 = _suit_id(1, codes[1])
    i2 = _suit_id(2, codes[2])
    i3 = _suit_id(3, codes[3])
    h23 = _product(i2, i3)
    h01 = _product(i0, i1)
    others = [_product(i1, h23), _product(i0, h23), _product(i3, h01), _product(i2, h01)]
    pairs = 0
    kinds = 0
    if melds == 0:
        for n in c:
            if n:
                kinds += 1
                if n >= 2:
                    pairs += 1
    best = 99
    pick = -1
    pick_iso = 0
    for t in range(N_KINDS):
        n = c[t]
        if not n:
            continue
        s = _SUIT_OF[t]
        sh = _VECS[_product(_suit_id(s, codes[s] - _PLACE[t]), others[s])][5 + need] - 1
        if melds == 0 and sh > 0:  # seven pairs (HK-5.3) after the discard
            sp = 6 - (pairs - (1 if n == 2 else 0)) + max(0, 7 - (kinds - (1 if n == 1 else 0)))
            if sp < sh:
                sh = sp
        if sh < best:
            best, pick, pick_iso = sh, t, -1
        elif sh == best:
            # ties: the least connected tile, then the lowest (tiles come in increasing order)
            if pick_iso < 0:
                pick_iso = isolation(c, pick)
            iso = isolation(c, t)
            if iso < pick_iso:
                pick, pick_iso = t, iso
    r = (pick, best)
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = r
    return r


def _waits(c: list[int], codes: list[int], melds: int) -> list[Tile]:
    """:func:`hkmj.hand.waits` of ``c`` (13 - 3 × melds tiles), memoised by its suit codes."""
    key = _key(codes, melds)
    got = _WAITS.get(key)
    if got is None:
        got = waits(c, melds)
        if len(_WAITS) >= _MEMO_SIZE:
            _WAITS.clear()
        _WAITS[key] = got
    return got


# ---------------------------------------------------------------- the simulator

_KIND_CODE: Final[dict[str, int]] = {"chow": 1, "pung": 2, "kong": 3, "ckong": 4}


class _Scores:
    """The payments of the wins scored for one view (HK-6), by winning hand: the playouts of a
    decision share a view (its rules, seat, prevailing wind, bonus tiles) and repeat wins."""

    def __init__(self) -> None:
        self.view: SeatView | None = None
        self.paid: dict[tuple[int, int, int, int, int, int], float] = {}


_SCORES: Final = _Scores()


class _Sim:
    """One playout on count vectors; every seat plays greedy (HK-3 … HK-5). Written for mypyc
    (setup.py CORE): lists of ints, native attributes, hands read through their suit codes."""

    __slots__ = ("view", "hands", "codes", "melds", "mkey", "nm", "sh", "wait", "wall", "me", "bonus", "paid")

    def __init__(self, view: SeatView, deal: Deal) -> None:
        self.view = view
        self.me: int = view.seat
        self.hands: list[list[int]] = [list(h) for h in deal.hands]
        self.codes: list[list[int]] = [_codes(h) for h in self.hands]
        self.melds: list[list[Meld]] = [list(m) for m in view.melds]
        self.mkey: list[int] = []
        for ms in view.melds:
            k = 0
            for m in ms:
                k = k * 1024 + _KIND_CODE.get(m.kind, 5) * 64 + m.tile
            self.mkey.append(k)
        self.nm: list[int] = [len(m) for m in view.melds]
        self.wall: list[Tile] = list(deal.wall)
        self.sh: list[int] = list(deal.shanten)
        self.wait: list[list[bool]] = []
        for w in deal.waits:
            flags = [False] * N_KINDS
            for x in w:
                flags[x] = True
            self.wait.append(flags)
        bonus: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for b in view.bonus:
            fl = tuple(sorted([x - FLOWER1 + 1 for x in b if FLOWER1 <= x < FLOWER1 + 4]))
            se = tuple(sorted([x - SEASON1 + 1 for x in b if SEASON1 <= x < SEASON1 + 4]))
            bonus.append((fl, se))
        self.bonus = bonus
        self.paid: float = 0.0
        """The payment of the hand once :meth:`offer` reports its end."""
        if _SCORES.view is not view:
            _SCORES.view = view
            _SCORES.paid = {}

    def add(self, s: int, t: Tile, k: int) -> None:
        """``k`` copies of ``t`` into (negative: out of) seat ``s``'s concealed hand."""
        self.hands[s][t] += k
        self.codes[s][_SUIT_OF[t]] += k * _PLACE[t]

    def std(self, s: int) -> int:
        """Standard-hand shanten of seat ``s``'s concealed hand of 13 - 3 × melds tiles (HK-5.1)."""
        x = self.codes[s]
        return _std_codes(x[0], x[1], x[2], x[3], 4 - self.nm[s])

    def set_waits(self, s: int, sh: int) -> None:
        """Seat ``s``'s waiting hand is ``sh`` from ready: record it and, when ready, its waits (HK-5)."""
        was = self.sh[s]
        self.sh[s] = sh
        if sh != 0 and was != 0:
            return  # no waits before, none now
        flags = [False] * N_KINDS
        self.wait[s] = flags
        if sh == 0:
            for x in _waits(self.hands[s], self.codes[s], self.nm[s]):
                flags[x] = True

    def others(self, s: int, su: int) -> int:
        """The vector id of seat ``s``'s concealed suits other than ``su`` (their min-plus product)."""
        x = self.codes[s]
        a = -1
        for k in range(4):
            if k != su:
                i = _suit_id(k, x[k])
                a = i if a < 0 else _product(a, i)
        return a

    def score(self, s: int, t: Tile, discarder: int) -> float:
        """This seat's payment when seat ``s`` wins on ``t`` (HK-6 with the view's ruleset);
        ``discarder`` -1: self-drawn."""
        k1, k2 = _key(self.codes[s], self.nm[s])
        key = (k1, k2, t, s, discarder, self.mkey[s])
        got = _SCORES.paid.get(key)
        if got is not None:
            return got
        c = self.hands[s]
        c[t] += 1
        concealed = tuple(tiles_of(c))
        c[t] -= 1
        fl, se = self.bonus[s]
        win = Win(
            concealed,
            t,
            "self_draw" if discarder < 0 else "discard",
            s,
            self.view.prevailing,
            None if discarder < 0 else discarder,
            tuple(self.melds[s]),
            fl,
            se,
        )
        try:
            o = self.view.rules.score(win)
            pay = float(o.payments[self.me]) if o.winning else 0.0
        except InvalidHand:  # pragma: no cover - waits are complete hands
            pay = 0.0
        _SCORES.paid[key] = pay
        return pay

    def after_discard(self, s: int, d: Tile, sh: int) -> float:
        """Seat ``s`` discards ``d`` (its hand then ``sh`` from ready); play on to the end."""
        self.add(s, d, -1)
        self.set_waits(s, sh)
        nxt = self.offer(s, d, None, False)
        return self.paid if nxt < 0 else self.turns(nxt)

    def offer(self, d: int, t: Tile, mine: Answer | None, passing: bool) -> int:
        """Tile ``t`` discarded by seat ``d`` is on offer: Mahjong first, then pung, then chow
        from the left (HK-4.7); a claimant discards and its tile is offered in turn. ``mine`` is
        this seat's fixed answer to the first offer (``passing``: it passes that one). Returns the
        next seat to draw, or -1 when the hand ends (its payment in :attr:`paid`)."""
        me = self.me
        fixed = mine is not None or passing
        while True:
            for k in range(1, 4):
                s = (d + k) % 4
                if self.wait[s][t] and not (s == me and fixed):
                    self.paid = self.score(s, t, d)
                    return -1
            left = (d + 1) % 4
            pung = -1
            chow_low = -1
            for k in range(1, 4):
                s = (d + k) % 4
                if s == me and fixed:
                    if mine is not None and mine[0] == "pung":
                        pung = s
                    elif mine is not None and s == left:
                        chow_low = mine[1]
                    continue
                chow = s == left and t < HONOUR and chow_low < 0
                pung_ok = pung < 0 and self.hands[s][t] >= 2
                if not (chow or pung_ok):
                    continue
                su = _SUIT_OF[t]
                o = self.others(s, su)
                if pung_ok:
                    code = self.codes[s][su] - 2 * _PLACE[t]
                    if _VECS[_product(_suit_id(su, code), o)][8 - self.nm[s]] - 1 < self.sh[s]:
                        pung = s
                if chow:
                    chow_low = self._greedy_chow(s, t, o)
            answer = mine
            mine = None
            fixed = False
            if pung >= 0:
                d, t = pung, self._claim(pung, True, t, t, answer if pung == me else None)
            elif chow_low >= 0:
                d, t = left, self._claim(left, False, chow_low, t, answer if left == me else None)
            else:
                return left

    def _greedy_chow(self, s: int, t: Tile, o: int) -> int:
        """The chow seat ``s`` would claim on ``t`` (lowest tile), -1 for none: one that lowers its
        shanten. ``o``: the vector id of its other suits (:meth:`others`)."""
        c = self.hands[s]
        v = t % 9
        best = -1
        best_sh = self.sh[s]
        su = _SUIT_OF[t]
        code = self.codes[s][su]
        col = 8 - self.nm[s]
        for low in range(t - 2, t + 1):
            lv = v - (t - low)
            if lv < 0 or lv > 6:
                continue
            a = low if low != t else low + 1
            b = low + 2 if low + 2 != t else low + 1
            if not (c[a] and c[b]):
                continue
            after = _VECS[_product(_suit_id(su, code - _PLACE[a] - _PLACE[b]), o)][col] - 1
            if after < best_sh:
                best_sh, best = after, low
        return best

    def _claim(self, s: int, pung: bool, low: Tile, t: Tile, mine: Answer | None) -> Tile:
        """Seat ``s`` claims ``t`` for a pung (``pung``) or the chow from ``low`` (HK-4.2, HK-4.3)
        and discards (``mine``'s discard, else greedily); returns the discard."""
        if pung:
            self.add(s, t, -2)
            self.melds[s].append(Meld("pung", t))
            self.mkey[s] = self.mkey[s] * 1024 + 2 * 64 + t
        else:
            for x in range(low, low + 3):
                if x != t:
                    self.add(s, x, -1)
            self.melds[s].append(Meld("chow", low))
            self.mkey[s] = self.mkey[s] * 1024 + 1 * 64 + low
        self.nm[s] += 1
        c = self.hands[s]
        if mine is not None and c[mine[2]]:
            d2 = mine[2]
        else:
            d2 = _greedy(c, self.codes[s], self.nm[s])[0]
        self.add(s, d2, -1)
        self.settle(s)
        return d2

    def settle(self, s: int) -> None:
        """Shanten and waits of seat ``s``'s waiting hand (13 - 3 × melds tiles)."""
        c = self.hands[s]
        if sum(c) != 13 - 3 * self.nm[s]:
            return
        self.set_waits(s, shanten(c, self.nm[s]))

    def turns(self, s: int) -> float:
        """From seat ``s``'s draw (HK-3.2) to the end: a self-drawn win ends the hand, else the seat
        discards greedily and its discard is offered."""
        while True:
            if not self.wall:
                return 0.0  # exhaustive draw: no payment (HK-3.5)
            t = self.wall.pop()
            if self.wait[s][t]:
                return self.score(s, t, -1)
            self.add(s, t, 1)
            d, sh = _greedy(self.hands[s], self.codes[s], self.nm[s])
            self.add(s, d, -1)
            self.set_waits(s, sh)
            s = self.offer(s, d, None, False)
            if s < 0:
                return self.paid


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
    t = view.offered
    if t is None:
        raise ValueError("rollout_claim needs a view with a tile on offer")
    sim = _Sim(view, deal)
    nxt = sim.offer(view.turn, t, answer, answer is None)
    return sim.paid if nxt < 0 else sim.turns(nxt)
