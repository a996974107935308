"""The strong bot: speed, value and defence weighed in expected points (HK-4, HK-5, HK-6).

* **Offence.** A hand after its discard (13 - 3×melds concealed tiles) is valued as
  ``win points × P(win)`` for the best of several plans: the standard hand (HK-5.1), mixed or
  pure one suit (HK-6, 3 or 6 fan), all pungs (3 fan), seven pairs (HK-5.3, 4 fan) and thirteen
  orphans (HK-5.4, a limit). ``P(win)`` (:data:`WIN_MODEL`, fitted on greedy self-play) falls
  with the plan's shanten, the live wall and the threat at the table, and rises with the plan's
  *acceptance*: the unseen copies of the tiles that lower its shanten, counting every tile the
  seat can see (own tiles, all discards, all melds). The points come from the HK-6 base of the
  fan the plan is sure or likely to carry (dragon, seat and prevailing wind pungs, bonus tiles),
  so a dragon pair is kept over an equally fast plain pair and a one-suit or all-pungs hand is
  pursued when it is close. Ready hands are scored exactly over their waits (:mod:`hkmj.scoring`),
  and the leading one-away discards by the ready hands they lead to. Shanten comes first: a
  discard that slows the standard hand must serve a value plan.
* **Defence.** Each opponent gets a chance of being ready (:func:`p_ready`, from its melds and
  how long it has played), a cost (its likely base; the discarder pays 2 × base, HK-6) and, per
  tile, a chance of being its wait (:func:`threats`): zero for a tile discarded after its last
  turn that it did not claim (it would have won on it, HK-5.5) or with every copy visible,
  small for its own discards, higher in the suit of one-suit looking melds. A discard scores
  its offence value minus its expected cost; with a far hand (shanten ≥ 2) against a likely
  ready opponent the cost counts triple and claims are passed: the bot folds.
* **Claims (HK-4).** A dragon or valuable wind pung is claimed unless it slows the hand; any
  other pung or chow only if it brings the hand (or its value plan) closer *and* is worth more
  than staying concealed; a kong when it does not slow the hand.
* **Wins.** Mahjong is declared whenever the engine lists it, and never otherwise (HK-5.7).

Everything is read from :mod:`hkmj.hand`'s memoised per-suit tables, so a decision takes well
under a millisecond at the median (``bench/bench_bots.py`` measures it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from hkmj.bots.advice import Advice, dead_hand_advice, hand_after
from hkmj.bots.greedy import GreedyBot
from hkmj.bots.minimum import WaitValues
from hkmj.bots.rollout import isolation as _isolation
from hkmj.engine.actions import ADDED, CONCEALED, FROM_DISCARD, PASS, WIN, Action, Chow, Discard, Kong, Pass, Pung
from hkmj.engine.view import SeatView
from hkmj.hand import waits
from hkmj.hand.tables import combine, distance, honour_distance
from hkmj.scoring import InvalidHand, Meld, score
from hkmj.scoring import Win as ScoringWin
from hkmj.tiles import DRAGONS, FLOWER1, GREEN, HONOUR, N_KINDS, ORPHANS, RED, SEASON1, WHITE, WINDS, Tile, tiles_of

__all__ = ["StrongBot", "Threat", "danger_table", "p_ready", "threats"]

Vector = tuple[int, ...]

# ---------------------------------------------------------------- tuning constants

WIN_MODEL: tuple[tuple[float, float, float], ...] = (
    (-0.36, 0.96, -1.26),
    (-1.92, 1.73, -1.69),
    (-3.50, 2.87, -1.95),
    (-4.28, 3.20, -2.51),
    (-4.60, 2.90, -3.00),
    (-4.14, 1.93, -3.00),
)
"""Chance of winning the hand by shanten (rows 0..5): logistic in the live wall (/72) and the
threat (the highest chance an opponent is ready, :func:`p_ready`), fitted on 5,000 greedy
self-play hands (the pace of a table of fast bots)."""
UKEIRE_REF = (4.0, 12.0, 21.0, 41.0, 69.0, 80.0)
"""Median count of unseen improving tiles by shanten in the same self-play."""
UKEIRE_EXP = (0.6, 0.5, 0.35, 0.3, 0.3, 0.3)
"""How the win chance scales with (improving tiles / median) by shanten."""
WIN_MULT = 4.5
"""A win collects about 4.5 × base (4 on a discard, 6 self-drawn; HK-6 payments)."""
EXACT_SHARE = 0.7
"""One away from ready, discards within this share of the best score are valued exactly."""
PAIR_VALUE = 0.45
"""Expected fan of a concealed valuable honour pair (it may become a pung)."""
SELF_DRAW_FAN = 0.3
"""Expected fan from self-draw and the like (HK-6)."""
PLAN_SLACK = 1
"""Value plans are considered up to this many shanten behind the standard hand."""
ORPHANS_MAX = 2
"""Thirteen orphans is considered only this close to ready."""
PLAN_EXP = 1.0
"""How a value plan's win chance scales with its (improving tiles / median): plans that need
specific tiles keep needing them, so narrow acceptance costs more than in the standard hand."""
FOLD_READY = 0.5
"""Fold when an opponent is at least this likely ready and our shanten is 2 or more ..."""
FOLD_WEIGHT = 3.0
"""... by counting the expected cost of each discard this many times."""
SUIT_PAIR_W = (0.0, 0.25, 0.6, 1.1, 1.1)
"""Weight of a suited tile as a pair or pung wait, by its unseen copies (one must be in the opponent's hand)."""
HONOUR_PAIR_W = (0.0, 0.0, 0.1, 0.6, 0.6)
"""The same for honours (self-play: honours with one unseen copy were never waits)."""
SIDE_W, CLOSED_W = 0.45, 0.3
"""Weight of each two-sided (or edge) and closed chow shape that can wait on a suited tile."""
OWN_DISCARD_W = 0.05
"""A tile the opponent itself discarded is rarely its wait (no furiten in HK, but it let it go)."""
THREAT_MIN = 0.45
"""Defence looks only at opponents at least this likely to be ready (a threat: 3+ melds, or 2
melds late in the wall, or a long concealed hand); elsewhere speed matters more."""
WAITS_PER_HAND = 2.0
"""Average number of tile kinds a ready hand waits on."""
TIE = 0.03
"""Discard scores within this share of the best offence value count as equal (shape decides)."""
CLAIM_MARGIN = 1.05
"""A non-value claim must beat passing by this factor."""
KONG_BONUS = 1.08
"""A kong's replacement draw is a free extra tile (and a chance of HK-6 'win on a replacement')."""

DEAL_IN_NET = 0.5
"""Share of the 2 × base a deal-in costs that is really lost: a ready opponent who is not fed
by us often wins anyway, on another discard (we pay 1 × base) or by self-draw (2 × base)."""
ONE_SUIT_LOOK = (0.0, 0.0, 0.5, 2.0, 3.0)
"""Expected extra fan of an opponent whose 2, 3, 4 melds are all in one suit (plus honours)."""
PUNGS_LOOK = (0.0, 0.0, 0.5, 1.5, 3.0)
"""Expected extra fan of an opponent whose 2, 3, 4 melds are all pungs or kongs."""

WAIT_W = [1.5 if t >= HONOUR else 1.2 if t % 9 in (0, 8) else 1.0 if t % 9 in (1, 7) else 0.85 for t in range(N_KINDS)]
"""How likely each kind of tile is to come out, as a wait (honours and terminals are discarded most)."""

REALIZED: tuple[tuple[float, ...], ...] = (
    (0.8, 1.0, 1.9, 1.75, 2.2, 2.4),
    (0.83, 1.05, 1.5, 1.65, 1.7, 1.7),
    (0.9, 0.95, 0.9, 1.0, 1.0, 1.0),
    (0.55, 0.9, 1.0, 1.0, 1.0, 1.0),
)
"""Realized over modelled win points, by declared melds (rows 0..3+) and the plan's shanten
(0..5+): what the expert's hands went on to collect when it won, over what the model predicted
at its decisions (tuning seeds 11 and 13, two experts and two greedy bots per table)."""


class Model(NamedTuple):
    """The constants of the model that a bot may carry for itself: :data:`UKEIRE_EXP`,
    :data:`PAIR_VALUE`, :data:`SELF_DRAW_FAN`, :data:`PLAN_EXP` and :data:`PLAN_SPEED` (by plan).
    The strong bot reads the module's (:class:`_Ctx` without a model); an expert may carry other
    values (``ExpertBot.model``) without changing the strong bot's moves."""

    ukeire_exp: tuple[float, ...]
    pair_value: float
    self_draw_fan: float
    plan_exp: float
    plan_speed: Mapping[str, float]

_BASE = (1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64)


def base_of(fan: float) -> float:
    """HK-6 base of a (possibly fractional, expected) fan count, interpolated between integers."""
    if fan <= 0:
        return 1.0
    if fan >= 10:
        return 64.0
    i = int(fan)
    f = fan - i
    return _BASE[i] * (1 - f) + _BASE[i + 1] * f


def p_ready(melds: int, age: int) -> float:
    """Chance an opponent with ``melds`` declared groups who has played ``age`` turns
    (discards on the table plus melds) is ready; fitted on greedy self-play."""
    if melds >= 4:
        return 1.0
    if melds == 3:
        return 0.8
    if melds == 2:
        return min(0.8, max(0.1, 0.06 * age - 0.1))
    if melds == 1:
        return min(0.75, 0.0045 * age * age)
    return min(0.7, 0.003 * age * age)


# ---------------------------------------------------------------- hand shapes


def _vectors(c: Sequence[int]) -> tuple[Vector, Vector, Vector, Vector]:
    return (
        distance(tuple(c[0:9])),
        distance(tuple(c[9:18])),
        distance(tuple(c[18:27])),
        honour_distance(tuple(c[27:34])),
    )


def _pungs_shanten(c: Sequence[int], need: int) -> int:
    """Shanten of all pungs (HK-6): ``need`` pungs and a pair from the concealed tiles."""
    top = sorted((x if x < 3 else 3 for x in c if x), reverse=True)[: need + 1]
    cost = 3 * (need + 1 - len(top)) + sum(3 - x for x in top)
    if len(top) <= need or top[-1] <= 2:
        cost -= 1
    return cost - 1


def _seven_pairs(c: Sequence[int]) -> tuple[int, int]:
    """(pairs, kinds) of a hand, for seven distinct pairs (HK-5.3)."""
    pairs = kinds = 0
    for x in c:
        if x:
            kinds += 1
            if x >= 2:
                pairs += 1
    return pairs, kinds


class _Melds:
    """What a seat's declared groups allow and are worth (HK-6)."""

    __slots__ = ("melds", "fan", "need", "pungs_ok", "suits", "pure_ok", "chows")

    def __init__(self, melds: Sequence[Meld], hval: Sequence[float]) -> None:
        self.melds = tuple(melds)
        self.need = 4 - len(melds)
        self.fan = 0.0
        self.chows = 0
        suits: set[int] = set()
        honours = False
        for m in melds:
            if m.kind == "chow":
                self.chows += 1
                suits.add(m.tile // 9)
            elif m.tile >= HONOUR:
                honours = True
                self.fan += hval[m.tile]
            else:
                suits.add(m.tile // 9)
        self.pungs_ok = self.chows == 0
        self.suits = suits
        self.pure_ok = not honours


class _Ctx:
    """Everything one decision needs from the view, computed once."""

    __slots__ = (
        "seat",
        "prevailing",
        "flowers",
        "seasons",
        "unseen",
        "hval",
        "fixed_fan",
        "danger",
        "threat",
        "suit",
        "p0",
        "chow_fan",
        "calibration",
        "big_plans",
        "big_slack",
        "big_max",
        "rules",
        "ukeire_exp",
        "pair_value",
        "plan_exp",
        "plan_speed",
    )

    def __init__(self, view: SeatView, chow_fan: float = 0.0, calibration: float = 0.0, model: Model | None = None) -> None:
        me = self.seat = view.seat
        # the bot's own constants, or the module's read now (bench/screen_expert.py overrides them)
        consts = Model(UKEIRE_EXP, PAIR_VALUE, SELF_DRAW_FAN, PLAN_EXP, PLAN_SPEED) if model is None else model
        self.ukeire_exp, self.pair_value, self_draw_fan, self.plan_exp, self.plan_speed = consts
        """The model constants of this decision (:class:`Model`): the bot's own, or the module's."""
        self.rules = view.rules.name
        """The ruleset's name: the notes name a plan as its table does (:func:`plan_name`)."""
        self.chow_fan = chow_fan
        """Expected fan of all chows (HK-6, 1 fan) credited to a far standard hand that can still make it."""
        self.calibration = calibration
        """Weight of :data:`REALIZED` on a hand's value (0: the model as fitted, 1: the table)."""
        self.big_plans = False
        """Value the big hands of HK-6 too (:data:`BIG_PLANS`; the expert's switch, off here)."""
        self.big_slack = PLAN_SLACK
        """With :attr:`big_plans`: how many shanten behind the standard hand a big plan is considered."""
        self.big_max = 9
        """With :attr:`big_plans`: a big plan is considered only this close to ready or closer."""
        self.prevailing = view.prevailing
        bonus = view.bonus[me]
        self.flowers = tuple(sorted(t - FLOWER1 + 1 for t in bonus if FLOWER1 <= t < FLOWER1 + 4))
        self.seasons = tuple(sorted(t - SEASON1 + 1 for t in bonus if SEASON1 <= t < SEASON1 + 4))
        unseen = view.unseen()  # own tiles, every meld and pond
        if view.phase == "rob" and view.offered is not None and unseen[view.offered]:
            unseen[view.offered] -= 1  # the added-kong tile on offer
        self.unseen = unseen
        self.hval = _honour_values(me, view.prevailing)
        self.fixed_fan = _bonus_fan(view.bonus[me], me) + self_draw_fan
        self.danger, self.threat = danger_table(view, self.unseen)
        live = min(view.live, 72) / 72
        self.p0 = [1 / (1 + math.exp(-(a + b * live + c * self.threat))) for a, b, c in WIN_MODEL]
        # the one suit worth pursuing: the one holding most of our tiles (HK-6 one suit)
        per = [0, 0, 0]
        c = view.concealed
        for s in range(3):
            per[s] = sum(c[9 * s : 9 * s + 9])
        for m in view.melds[me]:
            if m.tile < HONOUR:
                per[m.tile // 9] += 3
        self.suit = max(range(3), key=lambda s: (per[s], -s))

    def p_win(self, s: int, u: float) -> float:
        """Chance to win a hand ``s`` shanten from ready with ``u`` unseen improving tiles (:data:`WIN_MODEL`)."""
        if u <= 0 or s > 5:
            return 0.0
        return self.p0[s] * min(1.8, math.pow(u / UKEIRE_REF[s], self.ukeire_exp[s]))

    def p_plan(self, s: int, u: int) -> float:
        """:meth:`p_win` for a value plan (see :data:`PLAN_EXP`, :attr:`plan_exp`)."""
        if u <= 0 or s > 5:
            return 0.0
        return self.p0[s] * min(1.2, math.pow(u / UKEIRE_REF[s], self.plan_exp))


def _honour_values(seat: int, prevailing: int) -> list[float]:
    """Fan of a pung of each tile: dragons 1, seat wind 1, prevailing wind 1 (both: 2) (HK-6)."""
    hval = [0.0] * N_KINDS
    for t in range(HONOUR + 4, N_KINDS):
        hval[t] = 1.0
    hval[HONOUR + seat] += 1.0
    hval[HONOUR + prevailing] += 1.0
    return hval


def _bonus_fan(bonus: Sequence[Tile], seat: int) -> float:
    """HK-6 bonus fan: none at all 1; own flower/season 1 each; a complete set 2 instead."""
    if not bonus:
        return 1.0
    fan = 0.0
    for first in (FLOWER1, SEASON1):
        have = [t for t in bonus if first <= t < first + 4]
        if len(have) == 4:
            fan += 2
        elif first + seat in have:
            fan += 1
    return fan


def _passed(view: SeatView, o: int) -> set[Tile]:
    """Tiles discarded after ``o``'s last turn that ``o`` did not claim (a ready ``o`` would have
    won on them, HK-5.5): the latest discard of each seat that played after ``o``, walking back
    from the latest discarder (play order, HK-2.1)."""
    out: set[Tile] = set()
    j = view.last_discarder
    if j is None:
        return out
    for _ in range(3):
        if j == o:
            break
        pond = view.discards[j]
        if pond:
            out.add(pond[-1])
        j = (j - 1) % 4
    return out


class Threat(NamedTuple):
    """One opponent as seen by the defence: chance it is ready, what its win would cost us as
    the discarder (2 × its likely base, HK-6), and the chance each tile is one of its waits."""

    seat: int
    ready: float
    cost: float
    waits: list[float]


def threats(view: SeatView, unseen: Sequence[int]) -> list[Threat]:
    """The :class:`Threat` of each opponent (skipping those very unlikely to be ready)."""
    out: list[Threat] = []
    me = view.seat
    for o in range(4):
        if o == me:
            continue
        melds = view.melds[o]
        k = len(melds)
        p = p_ready(k, len(view.discards[o]) + k)
        if p < THREAT_MIN:
            continue
        info = _Melds(melds, _honour_values(o, view.prevailing))
        fan = info.fan + _bonus_fan(view.bonus[o], o) + (1.0 if k == 0 else 0.0)
        one_suit = -1
        if k >= 2 and len(info.suits) == 1:
            one_suit = next(iter(info.suits))
            fan += ONE_SUIT_LOOK[k]
        pungy = k >= 2 and info.pungs_ok
        if pungy:
            fan += PUNGS_LOOK[k]
        safe = _passed(view, o)
        own = set(view.discards[o])
        raw = [0.0] * N_KINDS
        total = 0.0
        for t in range(N_KINDS):
            if t in safe:
                continue
            u = unseen[t]
            if t >= HONOUR:
                r = HONOUR_PAIR_W[u]  # an honour waits only as a pair or pung
            else:
                r = SUIT_PAIR_W[u]
                v = t % 9
                chow = 0.0
                if v >= 2 and unseen[t - 2] and unseen[t - 1]:
                    chow += SIDE_W
                if 1 <= v <= 7 and unseen[t - 1] and unseen[t + 1]:
                    chow += CLOSED_W
                if v <= 6 and unseen[t + 1] and unseen[t + 2]:
                    chow += SIDE_W
                if pungy:
                    chow *= 0.2
                r += chow
                if one_suit >= 0:
                    r *= 1.6 if t // 9 == one_suit else 0.05
            if t in own:
                r *= OWN_DISCARD_W
            raw[t] = r
            total += r
        if total <= 0:
            continue
        scale = WAITS_PER_HAND / total
        out.append(Threat(o, p, 2 * base_of(fan) * DEAL_IN_NET, [min(1.0, r * scale) for r in raw]))
    return out


def danger_table(view: SeatView, unseen: Sequence[int]) -> tuple[list[float], float]:
    """Expected points lost by discarding each tile (HK-6: the discarder pays 2 × base), and the
    highest chance that some opponent is ready."""
    danger = [0.0] * N_KINDS
    threat = max(p_ready(len(view.melds[o]), len(view.discards[o]) + len(view.melds[o])) for o in range(4) if o != view.seat)
    for th in threats(view, unseen):
        k = th.ready * th.cost
        w = th.waits
        for t in range(N_KINDS):
            if w[t]:
                danger[t] += k * w[t]
    return danger, threat


# ---------------------------------------------------------------- evaluation


def _tenpai_quality(ctx: _Ctx, c: list[int], d: Tile, need: int) -> int:
    """For a 1-shanten hand after discarding ``d``: the sum over the tiles that make it ready of
    their unseen copies × the unseen copies of the best wait they allow (HK-5: waits)."""
    unseen = ctx.unseen
    c[d] -= 1
    total = 0
    for u in _near(c, 0, N_KINDS):
        if not unseen[u] or c[u] >= 4:
            continue
        c[u] += 1
        best = -1
        for d2 in range(N_KINDS):
            if c[d2] and d2 != u:
                c[d2] -= 1
                if _std_shanten(c, need) == 0:
                    w = sum(unseen[x] - (x == u) for x in waits(c, 4 - need))
                    best = max(best, w)
                c[d2] += 1
        c[u] -= 1
        if best >= 0:
            total += unseen[u] * best
    c[d] += 1
    return total


def _near(c: Sequence[int], lo: int, hi: int) -> list[Tile]:
    """Tiles in ``lo..hi-1`` that may lower a standard shanten: held tiles and suit neighbours within two."""
    out: list[Tile] = []
    for t in range(lo, hi):
        if c[t]:
            out.append(t)
            continue
        if t >= HONOUR:
            continue
        v = t % 9
        if (v >= 1 and c[t - 1]) or (v <= 7 and c[t + 1]) or (v >= 2 and c[t - 2]) or (v <= 6 and c[t + 2]):
            out.append(t)
    return out


def _with(vecs: tuple[Vector, Vector, Vector, Vector], c: list[int], t: Tile) -> tuple[Vector, int]:
    """The distance vector of ``t``'s suit once ``t`` is added, and that suit's index."""
    s = t // 9 if t < HONOUR else 3
    b = 9 * s
    c[t] += 1
    v = distance(tuple(c[b : b + 9])) if s < 3 else honour_distance(tuple(c[HONOUR:N_KINDS]))
    c[t] -= 1
    return v, s


STANDARD, MIXED, PURE, PUNGS, PAIRS, ORPHANS_PLAN = (
    "standard",
    "mixed_one_suit",
    "pure_one_suit",
    "all_pungs",
    "seven_pairs",
    "thirteen_orphans",
)
MIXED_PUNGS, PURE_PUNGS, SMALL_DRAGONS, BIG_DRAGONS, SMALL_WINDS, BIG_WINDS, ALL_HONOURS = (
    "mixed_one_suit_and_all_pungs",
    "pure_one_suit_and_all_pungs",
    "small_three_dragons",
    "big_three_dragons",
    "small_four_winds",
    "big_four_winds",
    "all_honours",
)
DRAGON_SUIT, MIXED_PAIRS, PURE_PAIRS = ("dragon_and_suit_pungs", "seven_pairs_in_mixed_one_suit", "seven_pairs_in_pure_one_suit")
BIG_PLANS = frozenset(
    (MIXED_PUNGS, PURE_PUNGS, SMALL_DRAGONS, BIG_DRAGONS, SMALL_WINDS, BIG_WINDS, ALL_HONOURS, DRAGON_SUIT, MIXED_PAIRS, PURE_PAIRS)
)
"""The big hands of HK-6 that combine elements or are limits: valued only with
:attr:`_Ctx.big_plans` (the expert's switch; the strong bot never sees them)."""
PLAN_SPEED = {
    MIXED: 1.0,
    PURE: 1.0,
    PUNGS: 1.0,
    PAIRS: 0.1,
    ORPHANS_PLAN: 1.0,
    **{p: 1.0 for p in BIG_PLANS},
    MIXED_PAIRS: 0.1,
    PURE_PAIRS: 0.1,
}
"""Extra factor on each value plan's win chance (0: the plan is never played)."""
LIMIT_FAN = 10.0
"""A limit hand's fan for :func:`base_of` (HK-6: base 64)."""
SUIT_DRAGON = (RED, WHITE, GREEN)
"""The dragon of each suit's dragon-and-suit limit hand (HK-6): characters Red, circles White, bamboo Green."""


class Outlook(NamedTuple):
    """The best plan for a waiting-size hand: expected win points, the plan, its shanten and win
    chance, and the hand's standard shanten (HK-5.1)."""

    ev: float
    plan: str
    shanten: int
    p: float
    std: int


def evaluate(ctx: _Ctx, c: list[int], info: _Melds, plans: dict[str, int] | None = None) -> Outlook:
    """The :class:`Outlook` of a hand of 13 - 3×melds concealed tiles over the plans (HK-5, HK-6);
    ``plans``, when given, receives the shanten of each value plan within reach."""
    need = info.need
    idx = 5 + need
    unseen = ctx.unseen
    vecs = _vectors(c)
    v0, v1, v2, vh = vecs
    c01 = combine(v0, v1)
    c23 = combine(v2, vh)
    s_std = combine(c01, c23)[idx] - 1
    hval = ctx.hval
    hfan = 0.0
    pair_value = ctx.pair_value
    for t in range(HONOUR, N_KINDS):
        if hval[t] and c[t] >= 2:
            hfan += hval[t] * (1.0 if c[t] >= 3 else pair_value)
    fan0 = ctx.fixed_fan + info.fan
    # standard hand
    u: float = 0
    for t in _near(c, 0, N_KINDS):
        if unseen[t] and c[t] < 4:
            v, s = _with(vecs, c, t)
            if s == 0:
                r = combine(combine(v, v1), c23)
            elif s == 1:
                r = combine(combine(v0, v), c23)
            elif s == 2:
                r = combine(c01, combine(v, vh))
            else:
                r = combine(c01, combine(v2, v))
            if r[idx] - 1 < s_std:
                u += unseen[t] * (WAIT_W[t] if s_std == 0 else 1.0)
    if s_std == 0 and u <= 0:
        # HK-1: every copy of every wait is in sight (this hand, the melds, the ponds): it cannot win
        # as it stands, a wait that can is a draw and a discard away, as for a hand one from ready
        s_std, u = 1, _wait_changes(unseen, c, need)
    p = ctx.p_win(s_std, u)
    chow_fan = _chow_fan(ctx, c, info) if s_std and ctx.chow_fan else 0.0
    points = WIN_MULT * base_of(fan0 + hfan + chow_fan) if s_std else _ready_points(ctx, c, info)
    best = Outlook(points * p, STANDARD, s_std, p, s_std)
    limit = s_std + PLAN_SLACK

    def consider(plan: str, fan: float, s: int, u: int) -> None:
        nonlocal best
        if plans is not None:
            plans[plan] = s
        p = ctx.p_plan(s, u) * ctx.plan_speed[plan]
        ev = WIN_MULT * (64 if plan == ORPHANS_PLAN else base_of(fan)) * p
        if ev > best.ev:
            best = Outlook(ev, plan, s, p, s_std)

    # one suit (mixed: suit + honours, 3 fan; pure: no honours, 6 fan)
    x = ctx.suit
    if not info.suits or info.suits == {x}:
        vx = vecs[x]
        lo = 9 * x
        s_mixed = combine(vx, vh)[idx] - 1
        if s_mixed <= limit:
            u = 0
            for t in _near(c, lo, lo + 9) + _near(c, HONOUR, N_KINDS):
                if unseen[t] and c[t] < 4:
                    v, s = _with(vecs, c, t)
                    r = combine(v, vh) if s < 3 else combine(vx, v)
                    if r[idx] - 1 < s_mixed:
                        u += unseen[t]
            consider(MIXED, fan0 + hfan + 3, s_mixed, u)
        if info.pure_ok:
            s_pure = vx[idx] - 1
            if s_pure <= limit:
                u = 0
                for t in _near(c, lo, lo + 9):
                    if unseen[t] and c[t] < 4:
                        v, _ = _with(vecs, c, t)
                        if v[idx] - 1 < s_pure:
                            u += unseen[t]
                consider(PURE, fan0 + 6, s_pure, u)
    # all pungs (3 fan)
    if info.pungs_ok:
        s_p = _pungs_shanten(c, need)
        if s_p <= limit:
            u = 0
            for t in range(N_KINDS):
                if unseen[t] and c[t] < 3:
                    c[t] += 1
                    if _pungs_shanten(c, need) < s_p:
                        u += unseen[t]
                    c[t] -= 1
            consider(PUNGS, fan0 + hfan + 3, s_p, u)
    if need == 4:
        # seven pairs (HK-5.3, 4 fan): 6 - pairs + missing kinds
        pairs, kinds = _seven_pairs(c)
        s7 = 6 - pairs + max(0, 7 - kinds)
        if s7 <= limit:
            u = 0
            for t in range(N_KINDS):
                if unseen[t] and (c[t] == 1 or (c[t] == 0 and kinds < 7)):
                    u += unseen[t]
            consider(PAIRS, fan0 + 4, s7, u)
        # thirteen orphans (HK-5.4, a limit)
        have = sum(1 for t in ORPHANS if c[t])
        pair = any(c[t] >= 2 for t in ORPHANS)
        s13 = 13 - have - pair
        if s13 <= ORPHANS_MAX:
            u = 0
            for t in ORPHANS:
                if unseen[t] and (c[t] == 0 or (c[t] == 1 and not pair)):
                    u += unseen[t]
            consider(ORPHANS_PLAN, 0.0, s13, u)
    if ctx.big_plans:
        for plan, fan, s, u in big_plans(ctx, c, info, hfan, fan0, min(s_std + ctx.big_slack, ctx.big_max)):
            consider(plan, fan, s, u)
    if ctx.calibration:
        row = REALIZED[min(len(info.melds), 3)]
        k = row[min(max(best.shanten, 0), len(row) - 1)]
        best = best._replace(ev=best.ev * (1 + ctx.calibration * (k - 1)))
    return best


def _pungs_in(c: Sequence[int], need: int, kinds: Sequence[Tile]) -> int:
    """Shanten of all pungs (HK-6) made of ``kinds`` only: ``need`` pungs and a pair."""
    return _pungs_shanten([c[t] for t in kinds], need)


def _pairs_in(c: Sequence[int], kinds: Sequence[Tile]) -> tuple[int, int]:
    """Shanten of seven pairs (HK-5.3) made of ``kinds`` only, and how many of them are held."""
    pairs, held = _seven_pairs([c[t] for t in kinds])
    return 6 - pairs + max(0, 7 - held), held


def _declared_in(info: _Melds, group: Sequence[Tile]) -> set[Tile]:
    """The kinds of ``group`` already declared as a pung or kong."""
    return {m.tile for m in info.melds if m.kind != "chow" and m.tile in group}


def _honour_part(c: Sequence[int], info: _Melds, group: Sequence[Tile], pungs: int, pair: bool) -> tuple[int, int] | None:
    """(tiles missing from the honour groups, concealed pungs still to make) of :func:`_honour_sets`;
    None when out of reach (too many groups declared, too few kinds left)."""
    declared = _declared_in(info, group)
    todo = pungs - len(declared)
    free = sorted((c[t] for t in group if t not in declared), reverse=True)
    if todo < 0 or info.need < todo or len(free) < todo + pair:
        return None
    # the most held kinds make the pungs, the next the pair (an exchange never helps)
    return sum(3 - min(x, 3) for x in free[:todo]) + (2 - min(free[todo], 2) if pair else 0), todo


def _honour_sets(c: Sequence[int], info: _Melds, group: Sequence[Tile], pungs: int, pair: bool) -> int:
    """Shanten of a hand with ``pungs`` pungs (declared or concealed) of the honours ``group`` and,
    if ``pair``, a pair of them too, the rest any groups (HK-5.1) and the pair when the group has
    none: small three dragons is (dragons, 2, True), big three dragons (dragons, 3, False), small
    four winds (winds, 3, True), big four winds (winds, 4, False) (HK-6). 99 when out of reach (a
    chow or too many groups declared)."""
    part = _honour_part(c, info, group, pungs, pair)
    if part is None:
        return 99
    cost, todo = part
    rest = list(c)
    for t in group:
        rest[t] = 0
    v0, v1, v2, vh = _vectors(rest)
    return cost + combine(combine(v0, v1), combine(v2, vh))[info.need - todo + (0 if pair else 5)] - 1


def _dragon_suit(c: Sequence[int], info: _Melds, suit: int) -> int:
    """Shanten of the dragon-and-suit limit hand (HK-6): all pungs, three of ``suit`` and one of
    its dragon (:data:`SUIT_DRAGON`), the pair of ``suit``; 99 when out of reach."""
    d = SUIT_DRAGON[suit]
    todo = 0 if d in _declared_in(info, (d,)) else 1
    if info.need - todo < 0:
        return 99
    return 3 * todo - min(c[d], 3) * todo + _pungs_in(c, info.need - todo, range(9 * suit, 9 * suit + 9))


def _accept(c: list[int], kinds: Sequence[Tile], unseen: Sequence[int], s: int, shanten_of: Callable[[list[int]], int]) -> int:
    """Unseen copies of the tiles of ``kinds`` that bring a plan of shanten ``s`` closer."""
    u = 0
    for t in kinds:
        if unseen[t] and c[t] < 4:
            c[t] += 1
            if shanten_of(c) < s:
                u += unseen[t]
            c[t] -= 1
    return u


def big_plans(ctx: _Ctx, c: list[int], info: _Melds, hfan: float, fan0: float, limit: int) -> list[tuple[str, float, int, int]]:
    """The big hands of HK-6 (:data:`BIG_PLANS`) within ``limit`` shanten of a hand of 13 - 3×melds
    concealed tiles, as (plan, expected fan, shanten, acceptance): one suit with all pungs (3 + 3
    or 6 + 3 fan), small three dragons (4 fan and its two dragon pungs), the honour limits (big
    three dragons, small and big four winds, all honours; :data:`LIMIT_FAN`), the dragon-and-suit
    limits and seven pairs in one suit (4 + 3 or 4 + 6 fan). ``fan0`` is the fan the hand is sure
    of (bonus tiles, declared honour pungs, self-draw), ``hfan`` its valuable honour pairs and
    pungs (:func:`evaluate`)."""
    out: list[tuple[str, float, int, int]] = []
    need = info.need
    unseen = ctx.unseen
    x = ctx.suit
    suit = range(9 * x, 9 * x + 9)
    honours = range(HONOUR, N_KINDS)
    one_suit = not info.suits or info.suits == {x}
    if info.pungs_ok:
        plans: list[tuple[str, Sequence[Tile], float]] = []
        if one_suit:
            plans.append((MIXED_PUNGS, [*suit, *honours], fan0 + hfan + 6))
            if info.pure_ok:
                plans.append((PURE_PUNGS, suit, fan0 + 9))
        if not info.suits:
            plans.append((ALL_HONOURS, honours, LIMIT_FAN))
        for plan, kinds, fan in plans:
            s = _pungs_in(c, need, kinds)
            if s <= limit:
                out.append((plan, fan, s, _accept(c, kinds, unseen, s, lambda h, k=kinds: _pungs_in(h, need, k))))  # type: ignore[misc]
        if one_suit and all(m.tile < HONOUR or m.tile == SUIT_DRAGON[x] for m in info.melds):
            s = _dragon_suit(c, info, x)
            if s <= limit:
                kinds = [*suit, SUIT_DRAGON[x]]
                out.append((DRAGON_SUIT, LIMIT_FAN, s, _accept(c, kinds, unseen, s, lambda h: _dragon_suit(h, info, x))))
    hval = ctx.hval
    wind_fan = sum(hval[t] * (1.0 if c[t] >= 3 else ctx.pair_value) for t in WINDS if hval[t] and c[t] >= 2)
    for plan, group, pungs, pair in (
        (SMALL_DRAGONS, DRAGONS, 2, True),
        (BIG_DRAGONS, DRAGONS, 3, False),
        (SMALL_WINDS, WINDS, 3, True),
        (BIG_WINDS, WINDS, 4, False),
    ):
        # the honour part alone (a cheap bound) before the whole hand
        part = _honour_part(c, info, group, pungs, pair)
        if part is None or part[0] - 1 > limit:
            continue
        todo = part[1]
        s = _honour_sets(c, info, group, pungs, pair)
        if s > limit:
            continue
        kinds = [*_near(c, 0, HONOUR), *(t for t in honours if c[t] or t in group)]
        u = _accept(c, kinds, unseen, s, lambda h, g=group, n=pungs, p=pair: _honour_sets(h, info, g, n, p))  # type: ignore[misc]
        fan = fan0 + 4 + todo + wind_fan if plan == SMALL_DRAGONS else LIMIT_FAN
        out.append((plan, fan, s, u))
    if need == 4:
        for plan, kinds, fan in ((MIXED_PAIRS, [*suit, *honours], fan0 + 7), (PURE_PAIRS, suit, fan0 + 10)):
            s, held = _pairs_in(c, kinds)
            if s <= limit:
                u = sum(unseen[t] for t in kinds if c[t] == 1 or (c[t] == 0 and held < 7))
                out.append((plan, fan, s, u))
    return out


def _chow_fan(ctx: _Ctx, c: Sequence[int], info: _Melds) -> float:
    """Expected all-chows fan (HK-6: four chows and a pair, 1 fan) of a far standard hand: none once
    a pung or kong is declared; halved for each concealed triplet or honour pair beyond the first
    pair (each must be broken up or become a pung)."""
    if info.chows != len(info.melds):
        return 0.0
    blocks = sum(1 for x in c if x >= 3)
    pairs = sum(1 for t in range(HONOUR, N_KINDS) if c[t] >= 2)
    lone = sum(1 for t in range(HONOUR, N_KINDS) if c[t] == 1)
    return ctx.chow_fan * 0.5 ** (blocks + max(0, pairs - 1) + max(0, lone - 2))


def _ready_points(ctx: _Ctx, c: list[int], info: _Melds) -> float:
    """Expected points of a ready hand's win, scored exactly (HK-6) for each wait, weighted by how
    likely each wait is to come (its unseen copies, :data:`WAIT_W`); 30% self-drawn (1 fan more,
    6 × base), else on a discard (4 × base)."""
    num = den = 0.0
    me = ctx.seat
    for w in waits(c, 4 - info.need):
        k = ctx.unseen[w] * WAIT_W[w]
        if k <= 0:
            continue
        c[w] += 1
        win = ScoringWin(
            concealed=tuple(tiles_of(c)),
            win_tile=w,
            win="discard",
            seat=me,
            prevailing=ctx.prevailing,
            discarder=(me + 1) % 4,
            melds=info.melds,
            flowers=ctx.flowers,
            seasons=ctx.seasons,
        )
        try:
            res = score(win)
        except InvalidHand:  # pragma: no cover - a wait always completes a valid hand
            res = None
        c[w] -= 1
        if res is None:
            continue
        drawn = 64.0 if res.limit_id else base_of(res.fan + 1)
        num += k * (0.7 * 4 * res.base + 0.3 * 6 * drawn)
        den += k
    return num / den if den else 0.0


def _one_away_points(ctx: _Ctx, c: list[int], info: _Melds, memo: dict[tuple[int, ...], float]) -> float:
    """For a 1-shanten hand: the average, over the unseen tiles that make it ready, of the points
    of the best ready hand each allows (:func:`_ready_points`, memoised by hand)."""
    need = info.need
    unseen = ctx.unseen
    num = den = 0.0
    for u in _near(c, 0, N_KINDS):
        if not unseen[u] or c[u] >= 4:
            continue
        c[u] += 1
        best = -1.0
        for d2 in range(N_KINDS):
            if c[d2] and d2 != u:
                c[d2] -= 1
                if _std_shanten(c, need) == 0:
                    key = tuple(c)
                    pts = memo.get(key)
                    if pts is None:
                        pts = memo[key] = _ready_points(ctx, c, info)
                    best = max(best, pts)
                c[d2] += 1
        c[u] -= 1
        if best >= 0:
            num += unseen[u] * best
            den += unseen[u]
    return num / den if den else 0.0


def _kong_outlook(ctx: _Ctx, c: list[int], my_melds: Sequence[Meld], info: _Melds, a: Kong) -> Outlook:
    """The hand after a concealed kong (its four tiles become a declared group, HK-4.8) or an
    added kong (one tile joins an exposed pung), before the replacement draw."""
    if a.how == CONCEALED:
        c[a.tile] -= 4
        o = evaluate(ctx, c, _Melds((*my_melds, Meld("ckong", a.tile)), ctx.hval))
        c[a.tile] += 4
    else:
        c[a.tile] -= 1
        o = evaluate(ctx, c, info)
        c[a.tile] += 1
    return o


def _wait_changes(unseen: Sequence[int], c: list[int], need: int) -> int:
    """For a standard ready hand ``c`` none of whose waits has a copy left (HK-1): the unseen copies
    of the tiles after whose draw a discard other than that tile leaves a standard ready hand with
    a wait that has (the hand's acceptance, as a hand one from ready)."""
    total = 0
    for t in range(N_KINDS):
        if not unseen[t] or c[t] >= 4:
            continue
        c[t] += 1

        def live_ready(h: list[int], drawn: Tile = t) -> bool:  # ready, a wait with a copy left
            return _std_shanten(h, need) == 0 and any(unseen[w] - (w == drawn) > 0 for w in waits(h, 4 - need))

        if discard_leaves(c, t, live_ready):
            total += unseen[t]
        c[t] -= 1
    return total


def discard_leaves(c: list[int], t: Tile, ready: Callable[[list[int]], bool]) -> bool:
    """Some discard other than the drawn tile ``t`` leaves the hand ``c`` (a tile over its
    waiting size) a hand for which ``ready`` is true; ``c`` is as it was after the call."""
    for d in range(N_KINDS):
        if c[d] and d != t:
            c[d] -= 1
            ok = ready(c)
            c[d] += 1
            if ok:
                return True
    return False


def _std_shanten(c: Sequence[int], need: int) -> int:
    v0, v1, v2, vh = _vectors(c)
    return combine(combine(v0, v1), combine(v2, vh))[5 + need] - 1


# ---------------------------------------------------------------- the bot


class Choice(NamedTuple):
    """A discard valued: offence value minus expected cost, offence value, standard shanten, plan
    and the plan's shanten."""

    tile: Tile
    score: float
    ev: float
    std: int
    plan: str
    shanten: int
    p: float


class StrongBot:
    """Efficient, value-aware, defensive play (see the module docstring); deterministic given ``seed``
    (the seeded generator only breaks exact ties)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._points = GreedyBot(seed, by_value=True, lookahead=True)
        """Play for a points table (MCR): aim at the waits worth the most points over the
        minimum, one draw ahead (see :class:`~hkmj.bots.greedy.GreedyBot`)."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Mahjong whenever it is legal (never a false one, HK-5.7), else the best turn action or claim.

        Its model of value is the HK-6 fan table; under a ruleset with a minimum in points
        (MCR's 8) it plays the points strategy instead. A dead hand (MCR-5.4) plays the safest
        discard (:func:`~hkmj.bots.advice.dead_hand_advice`): it cannot win.
        """
        if view.dead_hand:
            return dead_hand_advice(view, legal)[0].action
        if WIN in legal:
            return WIN
        if view.rules.value_checked and view.rules.unit != "fan":
            return self._points.choose(view, legal)
        if view.phase == "turn":
            return self._turn(view, legal)
        return self._claim(view, legal)

    # ------------------------------------------------------------ turn

    def _discards(self, ctx: _Ctx, c: list[int], info: _Melds, tiles: Sequence[Tile]) -> list[Choice]:
        """Every discard valued. Shanten first: a discard that raises the standard shanten without
        serving a value plan keeps at most the offence value of the worst shanten-keeping one, so
        only defence can prefer it."""
        outs: list[tuple[Tile, Outlook]] = []
        for t in tiles:
            c[t] -= 1
            outs.append((t, evaluate(ctx, c, info)))
            c[t] += 1
        s_min = min(o.std for _, o in outs)
        floor = min((o.ev for _, o in outs if o.std == s_min), default=0.0)
        out: list[Choice] = []
        for t, o in outs:
            slack = ctx.big_slack if o.plan in BIG_PLANS else PLAN_SLACK
            ok = o.std == s_min or (o.plan != STANDARD and o.shanten <= s_min + slack)
            ev = o.ev if ok else min(o.ev, floor)
            out.append(Choice(t, ev - ctx.danger[t], ev, o.std, o.plan, o.shanten, o.p))
        return out

    def _pick(self, ctx: _Ctx, c: list[int], info: _Melds, scored: list[Choice]) -> Choice:
        """The discard to play: the best score (offence value minus expected cost; folding, with a far
        hand facing a likely ready opponent, the cost counts :data:`FOLD_WEIGHT` times), where scores
        within :data:`TIE` count as equal and go to the better ready hand to come (at shanten 1),
        then to the least connected tile (shape the values do not see)."""
        w = FOLD_WEIGHT if min(x.std for x in scored) >= 2 and ctx.threat >= FOLD_READY else 1.0
        if w == 1.0 and min(x.std for x in scored) == 1:
            scored = self._exact_one(ctx, c, info, scored)
        keyed = [(x.ev - w * ctx.danger[x.tile], x) for x in scored]
        top_score = max(k for k, _ in keyed)
        tol = TIE * max(0.1, max(x.ev for x in scored))
        best = [x for k, x in keyed if k >= top_score - tol]
        if len(best) > 1 and min(x.std for x in best) == 1:
            best = [x for x in best if x.std == 1]
            q = {x.tile: _tenpai_quality(ctx, c, x.tile, info.need) for x in best}
            top_q = max(q.values())
            best = [x for x in best if q[x.tile] >= top_q * 0.95]
        if len(best) > 1:
            low = min(_isolation(c, x.tile) for x in best)
            best = [x for x in best if _isolation(c, x.tile) == low]
            top_score = max(x.score for x in best)
            best = [x for x in best if x.score == top_score]
        return best[0] if len(best) == 1 else best[int(self.rng.random() * len(best))]

    def _exact_one(self, ctx: _Ctx, c: list[int], info: _Melds, scored: list[Choice]) -> list[Choice]:
        """Re-value the leading 1-shanten standard discards by the exact points (HK-6) of the ready
        hands their improving tiles lead to (:func:`_one_away_points`)."""
        top = max(x.score for x in scored)
        memo: dict[tuple[int, ...], float] = {}
        out: list[Choice] = []
        for x in scored:
            if x.plan == STANDARD and x.std == 1 and x.score >= EXACT_SHARE * top:
                c[x.tile] -= 1
                ev = x.p * _one_away_points(ctx, c, info, memo)
                c[x.tile] += 1
                x = x._replace(ev=ev, score=ev - ctx.danger[x.tile])
            out.append(x)
        return out

    def _turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ctx = _Ctx(view)
        c = list(view.concealed)
        my_melds = view.melds[view.seat]
        info = _Melds(my_melds, ctx.hval)
        tiles = [a.tile for a in legal if isinstance(a, Discard)]
        scored = self._discards(ctx, c, info, tiles)
        pick = self._pick(ctx, c, info, scored)
        tile, score = pick.tile, pick.score
        folding = min(x.std for x in scored) >= 2 and ctx.threat >= FOLD_READY
        if not folding:
            for a in legal:
                if not isinstance(a, Kong):
                    continue
                if a.how not in (CONCEALED, ADDED):
                    continue
                ev = _kong_outlook(ctx, c, my_melds, info, a).ev
                if ev * KONG_BONUS >= score:
                    return a
        return next(a for a in legal if isinstance(a, Discard) and a.tile == tile)

    # ------------------------------------------------------------ claims

    def _claim(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Answer a discard (HK-4): pass unless a claim brings the hand closer (its standard shanten,
        or the shanten of the value plan it follows) and is worth more than staying as it is; a
        dragon or valuable wind pung (HK-6) only has to not slow the hand."""
        t = view.offered
        if t is None or view.phase != "claim" or len(legal) == 1:
            return PASS
        ctx = _Ctx(view)
        c = list(view.concealed)
        my_melds = view.melds[view.seat]
        info = _Melds(my_melds, ctx.hval)
        need = info.need
        now = evaluate(ctx, c, info)
        if now.std >= 2 and ctx.threat >= FOLD_READY:
            return PASS  # folding: keep every tile for defence
        valuable = ctx.hval[t] > 0
        best: Action = PASS
        best_score = now.ev - min(ctx.danger[x] for x in range(N_KINDS) if c[x])
        for a in legal:
            if isinstance(a, Kong) and a.how == FROM_DISCARD:
                c[t] -= 3
                if _std_shanten(c, need - 1) <= now.std:
                    ev = evaluate(ctx, c, _Melds((*my_melds, Meld("kong", t)), ctx.hval)).ev
                    if valuable or ev * KONG_BONUS > best_score:
                        c[t] += 3
                        return a
                c[t] += 3
                continue
            if isinstance(a, Pung):
                used: tuple[Tile, ...] = (t, t)
                meld = Meld("pung", t)
            elif isinstance(a, Chow):
                used = tuple(x for x in a.tiles if x != t)
                meld = Meld("chow", a.low)
            else:
                continue
            for x in used:
                c[x] -= 1
            rest = [x for x in range(N_KINDS) if c[x]]
            s_after = 99
            for x in rest:
                c[x] -= 1
                s_after = min(s_after, _std_shanten(c, need - 1))
                c[x] += 1
            pung_ok = valuable and isinstance(a, Pung) and s_after <= now.std
            if s_after < now.std or pung_ok or now.plan != STANDARD:
                scored = self._discards(ctx, c, _Melds((*my_melds, meld), ctx.hval), rest)
                top = max(scored, key=lambda x: x.score)
                closer = s_after < now.std or (top.plan == now.plan != STANDARD and top.shanten < now.shanten)
                margin = 1.0 if pung_ok else CLAIM_MARGIN
                if (closer or pung_ok) and top.score > best_score * margin + 1e-9:
                    best, best_score = a, top.score
            for x in used:
                c[x] += 1
        return best

    # ------------------------------------------------------------ advice

    def advise(self, view: SeatView, legal: Sequence[Action]) -> list[Advice]:
        """Every legal action once, valued, best first (:class:`~hkmj.bots.advice.Advisor`).

        ``value`` re-uses this bot's own valuations: a discard's score (offence value minus the
        expected cost of feeding a ready opponent, the cost weighted as when folding), a kong's
        value with its replacement draw, a claim's best score after its discard, passing's value
        of the hand as it is, and a win's actual payment (HK-6; MCR points). Under a points
        minimum (MCR) a hand is worth its chance of winning times its winnable waits' mean value
        (or the minimum while not ready). The action :meth:`choose` plays comes first; an action
        it rejects for a reason its value does not show (a claim that does not bring the hand
        closer) is valued at most as the chosen one. ``win`` is the modelled chance of winning.
        A dead hand (MCR-5.4) gets :func:`~hkmj.bots.advice.dead_hand_advice`, safest first.
        """
        actions = list(dict.fromkeys(legal))
        if not actions:
            return []
        if view.dead_hand:
            return dead_hand_advice(view, actions)
        states = (self.rng.getstate(), self._points.rng.getstate())
        try:
            chosen = self.choose(view, actions)
        finally:
            self.rng.setstate(states[0])
            self._points.rng.setstate(states[1])
        raw = self._values(view, actions)
        top = raw[chosen][0]
        out = [Advice(a, v if a == chosen else min(v, top), w, note) for a, (v, w, note) in raw.items()]
        out.sort(key=lambda x: (x.action != chosen, -x.value))
        return out

    def _values(self, view: SeatView, legal: list[Action]) -> dict[Action, tuple[float, float | None, str]]:
        """(value, win chance, note) of each legal action (see :meth:`advise`)."""
        ctx = _Ctx(view)
        c = list(view.concealed)
        my_melds = view.melds[view.seat]
        info = _Melds(my_melds, ctx.hval)
        points = view.rules.value_checked and view.rules.unit != "fan"
        out: dict[Action, tuple[float, float | None, str]] = {}
        for a in legal:
            if a == WIN:
                out[a] = (_win_payment(view), 1.0, "declare Mahjong")
        if points:
            for a in legal:
                if a not in out:
                    v, p = _points_value(ctx, view, self._points.values, *hand_after(view, a))
                    out[a] = (v, p, f"aims at {view.rules.min_value}+ {view.rules.unit}")
            return out
        if view.phase == "turn":
            tiles = [a.tile for a in legal if isinstance(a, Discard)]
            if tiles:
                scored = self._discards(ctx, c, info, tiles)
                folding = min(x.std for x in scored) >= 2 and ctx.threat >= FOLD_READY
                w = FOLD_WEIGHT if folding else 1.0
                if not folding and min(x.std for x in scored) == 1:
                    scored = self._exact_one(ctx, c, info, scored)
                by_tile = {x.tile: x for x in scored}
                for a in legal:
                    if isinstance(a, Discard):
                        ch = by_tile[a.tile]
                        note = "folding: keeps the safest tiles" if folding else _plan_note(ch.plan, ch.shanten, ctx.rules)
                        out[a] = (ch.ev - w * ctx.danger[a.tile], ch.p, note)
            for a in legal:
                if isinstance(a, Kong) and a not in out:
                    o = _kong_outlook(ctx, c, my_melds, info, a)
                    out[a] = (o.ev * KONG_BONUS, o.p, "a kong draws a free replacement tile")
        else:
            now = evaluate(ctx, c, info)
            held = [x for x in range(N_KINDS) if c[x]]
            safe = min((ctx.danger[x] for x in held), default=0.0)
            t = view.offered
            for a in legal:
                if a in out:
                    continue
                if t is None or isinstance(a, Pass) or not isinstance(a, (Pung, Chow, Kong)):
                    out[a] = (now.ev - safe, now.p, "keeps the hand as it is")
                    continue
                if isinstance(a, Kong):
                    c[t] -= 3
                    o = evaluate(ctx, c, _Melds((*my_melds, Meld("kong", t)), ctx.hval))
                    c[t] += 3
                    out[a] = (o.ev * KONG_BONUS, o.p, "a kong draws a free replacement tile")
                    continue
                used = (t, t) if isinstance(a, Pung) else tuple(x for x in a.tiles if x != t)
                meld = Meld("pung", t) if isinstance(a, Pung) else Meld("chow", a.low)
                for x in used:
                    c[x] -= 1
                rest = [x for x in range(N_KINDS) if c[x]]
                if rest:
                    best = max(self._discards(ctx, c, _Melds((*my_melds, meld), ctx.hval), rest), key=lambda ch: ch.score)
                    out[a] = (best.score, best.p, _plan_note(best.plan, best.shanten, ctx.rules))
                else:
                    out[a] = (0.0, None, "")
                for x in used:
                    c[x] += 1
        for a in legal:
            out.setdefault(a, (0.0, None, ""))
        return out


_PLAN_WORDS = {
    STANDARD: "a standard hand",
    MIXED: "mixed one suit",
    PURE: "pure one suit",
    PUNGS: "all pungs",
    PAIRS: "seven pairs",
    ORPHANS_PLAN: "thirteen orphans",
    **{p: p.replace("_", " ") for p in BIG_PLANS},
}


PLAN_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "mcr": {
        MIXED: ("Half Flush", "Main Propre"),
        PURE: ("Full Flush", "Main Pure"),
        PUNGS: ("All Pungs", "Tout Pung"),
        PAIRS: ("Seven Pairs", "Sept Paires"),
        ORPHANS_PLAN: ("Thirteen Orphans", "Treize lanternes merveilleuses"),
    },
    "classical": {
        MIXED: ("one suit with honours", "une famille avec des honneurs"),
        PURE: ("a pure hand", "une main pure"),
        PUNGS: ("Mahjong without a chow", "Mah-Jong sans chow"),
        PAIRS: ("Seven pairs", "Les Sept Paires"),
        ORPHANS_PLAN: ("Thirteen wonders", "Les 13 Lanternes merveilleuses"),
    },
}
"""A plan's name (English, French) at an MCR or classical table: the fan of MCR-6 it is (Half
Flush, MCR-6.29), the classical double or limit hand (a pure hand and Mahjong without a chow are
doubles, CL-5.3; seven pairs and thirteen wonders limit hands, CL-6), or plain words for a shape
that has no name there (one suit with honours); never a Hong Kong fan's name. A Hong Kong plan is
named by its HK-6 fan (:data:`_PLAN_WORDS`)."""


def plan_name(plan: str, rules: str = "hk") -> str:
    """The English name of ``plan`` at a ``rules`` table (:data:`PLAN_NAMES`, else the HK-6 words)."""
    named = PLAN_NAMES.get(rules, {}).get(plan)
    return named[0] if named else _PLAN_WORDS.get(plan, plan)


def _plan_note(plan: str, shanten: int, rules: str = "hk") -> str:
    """Plain words for the plan an action serves and that plan's distance from ready:
    ``aims at all pungs (1 tile from ready)``, at an MCR table ``aims at All Pungs (...)``."""
    where = "ready" if shanten == 0 else "complete" if shanten < 0 else f"{shanten} tile{'s' if shanten > 1 else ''} from ready"
    return f"aims at {plan_name(plan, rules)} ({where})"


def _view_flags(view: SeatView, how: str, t: Tile) -> frozenset[str]:
    """The situational flags a win on ``t`` now would carry (HK-6, MCR-6) that the table shows, as
    the engine sets them: the last wall tile or the final discard (the live wall is empty), East's
    heavenly and earthly hands, the last tile of its kind (MCR-6.27). Not a win on a kong's
    replacement tile, which no view tells (MCR has no dead wall: a replacement that empties its
    wall reads as the last wall tile, of the same 8 points). Only the ruleset's own flags."""
    flags: list[str] = []
    claimed = how != "self_draw"
    if view.live == 0 and how == "discard":
        flags.append("final_discard")
    # a draw that emptied the live wall; a replacement drawn after it took the dead wall's
    # tile, which the emptied live wall no longer restores (HK-2.4)
    if view.live == 0 and not claimed and view.dead >= view.rules.dead_wall:
        flags.append("last_wall_tile")
    in_ponds = sum(len(pond) for pond in view.discards)
    if not any(view.melds):
        if not claimed and view.seat == 0 and in_ponds == 0:
            flags.append("heavenly")
        if how == "discard" and view.turn == 0 and in_ponds == 1:
            flags.append("earthly")
    if view.concealed[t] == (0 if claimed else 1):
        seen = sum(pond.count(t) for pond in view.discards) - (1 if how == "discard" else 0)
        seen += sum(m.tiles.count(t) for melds in view.melds for m in melds if m.kind != "ckong")
        if seen == 3:
            flags.append("last_of_kind")
    return frozenset(f for f in flags if f in view.rules.win_flags)


def _win_payment(view: SeatView) -> float:
    """What declaring Mahjong now collects for this seat (HK-6 payments; MCR points), scored from
    the view with the situational flags it shows (:func:`_view_flags`); 0 if the ruleset cannot
    score it alone."""
    seat = view.seat
    c = list(view.concealed)
    discarder: int | None = None
    if view.phase == "turn":
        held = [x for x in range(N_KINDS) if c[x]]
        if not held:
            return 0.0
        t = view.drawn if view.drawn is not None and c[view.drawn] else held[0]
        how = "self_draw"
    else:
        if view.offered is None:
            return 0.0
        t = view.offered
        c[t] += 1
        how = "robbed_kong" if view.phase == "rob" else "discard"
        discarder = view.turn
    bonus = view.bonus[seat]
    win = ScoringWin(
        concealed=tuple(tiles_of(c)),
        win_tile=t,
        win=how,
        seat=seat,
        prevailing=view.prevailing,
        discarder=discarder,
        melds=view.melds[seat],
        flowers=tuple(sorted(b - FLOWER1 + 1 for b in bonus if FLOWER1 <= b < FLOWER1 + 4)),
        seasons=tuple(sorted(b - SEASON1 + 1 for b in bonus if SEASON1 <= b < SEASON1 + 4)),
        flags=_view_flags(view, how, t),
    )
    try:
        return float(view.rules.score(win).payments[seat])
    except (InvalidHand, ValueError, TypeError, NotImplementedError):
        return 0.0


def _points_value(ctx: _Ctx, view: SeatView, values: WaitValues, h: list[int], melds: tuple[Meld, ...]) -> tuple[float, float]:
    """(expected points, win chance) of a hand under a points minimum (MCR-5.1): a hand with a tile
    to discard is worth its best discard; a ready hand its chance of winning times the mean value
    of its winnable waits; a hand further away its chance times the minimum. Distances count the
    ruleset's winning shapes (:meth:`~hkmj.rulesets.Ruleset.hand_shanten`: MCR-5.2's knitted hands too)."""
    m = len(melds)
    shanten = view.rules.shanten_near(h, m, 1)
    if sum(h) % 3 == 2:
        best = (0.0, 0.0)
        for x in range(N_KINDS):
            if h[x]:
                h[x] -= 1
                best = max(best, _points_value(ctx, view, values, h, melds))
                h[x] += 1
        return best
    s = shanten(h, m)
    unseen = ctx.unseen
    if s == 0:
        live = [(unseen[t], max(d, c)) for t, d, c in values.waits(view, h, melds) if d or c]
        n = sum(k for k, _ in live)
        if not n:
            return 0.0, 0.0
        p = ctx.p_win(0, n)
        return p * sum(k * v for k, v in live) / n, p
    u = 0
    for t in range(N_KINDS):
        if unseen[t] and h[t] < 4:
            h[t] += 1
            if shanten(h, m) < s:
                u += unseen[t]
            h[t] -= 1
    p = ctx.p_win(s, u)
    return p * view.rules.min_value, p
