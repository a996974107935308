"""The expert bot: every legal action valued in expected points, the best one played.

It builds on the strong bot's model (:mod:`hkmj.bots.strong`: plans, win chances, exact ready
hands, the danger table) and turns every decision into a list of :class:`~hkmj.bots.advice.Advice`
— one per legal action, best first — so that hints and game reviews can say how much worse a
choice was. :meth:`ExpertBot.choose` plays the first entry.

* **Its own constants**: the strong model's constants that matter most (:class:`~hkmj.bots.strong.Model`)
  and its claim margin, deal-in weight, calibration and tie share are those of the parameter set
  :data:`SHIPPED` (``c16``, tuned jointly; docs/bots.md, "What was tried", ninth and tenth
  rounds); the strong bot keeps the module's. ``params = "ninth"`` plays the expert as before.
* **Mahjong** (HK-5, HK-5.7) whenever the engine lists it, valued at what the win pays this seat
  (the ruleset's own scoring, HK-6 / MCR / classical).
* **Discards (HK-3.2)**: offence value (``win points × P(win)`` over the plans) minus the expected
  cost of dealing in; one away from ready the leading discards are valued by the exact points of
  the ready hands their improving draws lead to. Unlike the strong bot it never folds: a deal-in
  costs only 1 × base more than another player's win on a discard (HK-6), and in paired runs
  against a folding version (docs/bots.md) never folding did better. Each discard still pays
  its expected deal-in cost.
* **Claims (HK-4)**: a claim is worth the best discard after it; it is played only when it brings
  the hand (or its value plan) closer and beats passing by :data:`CLAIM_MARGIN` — a dragon or
  valuable wind pung (HK-6) only has to not slow the hand — else it is valued no higher than
  passing. A claim that makes the hand ready is valued by its best ready discard (every wait
  scored exactly, HK-6).
* **Kongs (HK-3.3, HK-4.4)**: worth the hand after them plus the free replacement draw.
* **Search (optional, Hong Kong rules)**: with :attr:`ExpertBot.search_claims` /
  :attr:`ExpertBot.search_discards` the claims and the close discards near ready are played out
  on deals sampled from the view (:mod:`hkmj.bots.rollout`) and the search overrules the model
  when its gain is clear. Both are off: in paired runs they did not beat the model (docs/bots.md).
* **Learned correction (optional, Hong Kong rules)**: with :attr:`ExpertBot.learned` > 0 the
  analytic best 3 discards are re-ranked by a model fitted on self-play outcomes
  (:mod:`hkmj.bots.learned`). Off: it did not measurably help (docs/bots.md).
* **Learned danger (optional, Hong Kong rules)**: with :attr:`ExpertBot.danger_model` the
  deal-in cost of each held tile is ``danger_weight × Σ P(wait) × 2 × base`` over the opponents,
  P from a logistic model fitted on self-play (:mod:`hkmj.bots.danger`). Off by default
  (docs/bots.md, "What was tried", fourth round).
* **Hand reader (optional, Hong Kong rules)**: with :attr:`ExpertBot.reader` the deal-in cost
  comes from the hand reader (:mod:`hkmj.bots.reader`): the danger model's features plus the
  order of each opponent's discards and whether each was the tile just drawn or one kept in the
  hand (docs/bots.md, "What was tried", fifth round).
* **One-draw look-ahead (optional)**: with :attr:`ExpertBot.lookahead` the model's best discards
  are valued by the model's best hand after each unseen draw (HK-3.2). Off: in paired runs it
  was not better (docs/bots.md, "What was tried", seventh round).
* **Big hands (optional, Hong Kong fan)**: with :attr:`ExpertBot.big_plans` the model also values
  the big hands of HK-6 (one suit with all pungs, the dragon and wind hands, all honours, the
  dragon-and-suit limits, seven pairs in one suit; :func:`~hkmj.bots.strong.big_plans`). Off:
  in paired runs it was not better (docs/bots.md, "What was tried", eighth round).
* **Under a points minimum** (MCR-5.1's 8 points, :attr:`~hkmj.rulesets.Ruleset.value_checked`
  with a points unit): ready hands are valued by the payments of their winnable waits, one-away
  hands by the ready hands each draw leads to, farther hands by their shanten and acceptance; a
  ready hand with no winnable wait left (none reaches the minimum, or every copy of those that do
  is in sight, HK-1) as a hand one from ready; a pung or chow is claimed only into a ready hand
  with a winnable wait.

Deterministic given its seed: the seeded generator only orders exact ties.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from hkmj.bots.advice import Advice, dead_hand_advice, hand_after
from hkmj.bots.danger import danger_table, load_danger_model
from hkmj.bots.learned import discard_features, learned_values, load_model, top_candidates
from hkmj.bots.minimum import ready_in_shape_only
from hkmj.bots.reader import load_reader_model, reader_features, wait_chances
from hkmj.bots.rollout import Answer, Deal, rollout_claim, rollout_discard, sample_deal
from hkmj.bots.rollout import isolation as _isolation
from hkmj.bots.strong import (
    BIG_PLANS,
    KONG_BONUS,
    MIXED,
    PLAN_SPEED,
    PUNGS,
    PURE,
    STANDARD,
    TIE,
    Choice,
    Model,
    StrongBot,
    _Ctx,
    _kong_outlook,
    _Melds,
    _near,
    _std_shanten,
    _tenpai_quality,
    _win_payment,
    discard_leaves,
    evaluate,
    plan_name,
)
from hkmj.engine.actions import ADDED, CONCEALED, FROM_DISCARD, PASS, WIN, Action, Chow, Discard, Kong, Pung
from hkmj.engine.view import SeatView
from hkmj.hand import shanten
from hkmj.rulesets.base import Ruleset
from hkmj.scoring import InvalidHand, Meld, Win
from hkmj.tiles import FLOWER1, N_KINDS, SEASON1, Tile, name, plural, tiles_of

__all__ = ["PARAM_SETS", "ExpertBot", "ParamSet", "PointsModel"]

CLAIM_MARGIN = 1.0991
"""A claim that is not a valuable honour pung must beat passing by this factor (HK-4): c16's
(:data:`SHIPPED`); 1.05 up to the ninth round."""
SELF_DRAW_SHARE = 0.3
"""Share of wins that are self-drawn (HK-6 / MCR payments differ between the two)."""
FAR_POINTS = 40.0
"""Under a points minimum: the payments a win brings, for hands two or more from ready
(MCR: a win of ~10 points pays about 34 on a discard, 54 self-drawn)."""

CLAIM_DEEP = True
"""Under a points minimum, a claim that leaves no winnable ready hand is valued (for advice: the bot
passes it) by the hand after its best discard, a one-away hand by its ready hands to come."""
_TOP = float("inf")
K = TypeVar("K")
SEARCH_CLAIM_SAMPLES = 24
"""Deals sampled to search a claim (:mod:`hkmj.bots.rollout`), each played out once per option."""
SEARCH_DISCARD_SAMPLES = 16
"""Deals sampled to search the leading discards near ready."""
SEARCH_TOP = 3
"""Discards searched: the model's best ones."""
SEARCH_SHANTEN = 1
"""Discards are searched when the best leaves the hand this close to ready or closer."""
SEARCH_Z = 1.0
"""The search overrules the model only when its gain exceeds this many standard errors."""
SEARCH_GAP = 0.15
"""Only discards valued within this share of the best are searched: the close calls."""


class ParamSet(NamedTuple):
    """A named set of the expert's tunable values (:attr:`ExpertBot.params`): its own
    :attr:`~ExpertBot.claim_margin`, :attr:`~ExpertBot.defence`, :attr:`~ExpertBot.calibration`,
    :attr:`~ExpertBot.tie` and the strong model's constants it plays with (:attr:`~ExpertBot.model`)."""

    claim_margin: float
    defence: float
    calibration: float
    tie: float
    model: Model | None
    """None: the strong module's constants (:class:`~hkmj.bots.strong.Model`), as the strong bot."""


_C16_SPEED = 1.4286
PARAM_SETS: dict[str, ParamSet] = {
    "c16": ParamSet(
        claim_margin=CLAIM_MARGIN,
        defence=1.0603,
        calibration=-0.1135,
        tie=0.0361,
        model=Model(
            ukeire_exp=(0.6000, 0.6377, 0.4464, 0.3826, 0.3826, 0.3826),
            pair_value=0.4104,
            self_draw_fan=0.1854,
            plan_exp=0.8619,
            plan_speed={**PLAN_SPEED, MIXED: _C16_SPEED, PURE: _C16_SPEED, PUNGS: _C16_SPEED},
        ),
    ),
    "ninth": ParamSet(claim_margin=1.05, defence=1.0, calibration=0.0, tie=TIE, model=None),
    # c16's move from the ninth round's values taken 1.5 times (a factor f becomes f ** 1.5, a shift s 1.5 s):
    # the eleventh round's line search (docs/bots.md)
    "c16far": ParamSet(
        claim_margin=1.1245,
        defence=1.0918,
        calibration=-0.1703,
        tie=0.0396,
        model=Model(
            ukeire_exp=(0.6000, 0.7202, 0.5041, 0.4321, 0.4321, 0.4321),
            pair_value=0.3919,
            self_draw_fan=0.1457,
            plan_exp=0.8002,
            plan_speed={**PLAN_SPEED, MIXED: 1.7075, PURE: 1.7075, PUNGS: 1.7075},
        ),
    ),
}
"""Named parameter sets of the expert (``bench/bench_bots.py --pairs expert+params=ninth:greedy``):
``c16``, the candidate of the joint tuning of docs/bots.md ("What was tried", ninth round),
shipped in the tenth; ``ninth``, the expert's values up to then (the strong bot's constants)."""
SHIPPED = "c16"
"""The parameter set of a new expert (docs/bots.md, "What was tried", tenth round)."""


class ExpertBot(StrongBot):
    """Values every legal action (:meth:`advise`) and plays the best (:meth:`choose`)."""

    claim_margin: float = PARAM_SETS[SHIPPED].claim_margin
    """A claim that is not a valuable honour pung must beat passing by this factor."""
    chow_fan: float = 0.0
    """Expected all-chows fan (HK-6) credited to a far standard hand with no pung declared."""
    tie: float = PARAM_SETS[SHIPPED].tie
    """Discard values within this share of the best count as equal (then shape decides)."""
    speed_ties: bool = False
    """Among equal discards far from ready, prefer the widest standard acceptance (as greedy)."""
    calibration: float = PARAM_SETS[SHIPPED].calibration
    """Weight of the realized-value table (:data:`~hkmj.bots.strong.REALIZED`) on hand values."""
    defence: float = PARAM_SETS[SHIPPED].defence
    """Weight of a discard's expected deal-in cost against its offence value."""
    search_claims: bool = False
    """Search the claims (pung, chow) by rollouts (Hong Kong rules). Off: in paired runs the
    search did not beat the model (docs/bots.md, "What was tried")."""
    search_discards: bool = False
    """Search the leading discards near ready by rollouts (Hong Kong rules). Off, as above."""
    claim_samples: int = SEARCH_CLAIM_SAMPLES
    discard_samples: int = SEARCH_DISCARD_SAMPLES
    search_top: int = SEARCH_TOP
    search_shanten: int = SEARCH_SHANTEN
    search_z: float = SEARCH_Z
    search_gap: float = SEARCH_GAP
    search_cap: float = 0.0
    """Nonzero: each playout's payment counts at most this much either way in the search's
    estimate (HK-6: a limit hand pays 64 × base 6 when self-drawn, outweighing a whole sample)."""
    search_plain: bool = False
    """Search only where the hand plays for speed (no value plan, the standard hand): there the
    greedy playouts continue the way the bot itself would."""
    learned: float = 0.0
    """Weight of the learned discard value (:mod:`hkmj.bots.learned`, Hong Kong rules) blended
    with the analytic one; 0 = off (docs/bots.md, "What was tried")."""
    danger_model: float = 0.0
    """Nonzero: the deal-in cost of each tile comes from the learned danger model
    (:mod:`hkmj.bots.danger`, Hong Kong rules) instead of the strong bot's table; 0 = off."""
    danger_weight: float = 1.0
    """With :attr:`danger_model`: the weight of the learned cost (1 = Σ P(wait) × 2 × base, HK-6)."""
    reader: float = 0.0
    """Nonzero: the deal-in cost of each tile is ``reader × Σ P(wait) × 2 × base`` (HK-6), P from
    the hand reader (:mod:`hkmj.bots.reader`, Hong Kong rules); 0 = off."""
    reader_veto: float = 0.0
    """Nonzero: a held tile the hand reader gives at least this chance of dealing in (summed over
    the opponents) costs :attr:`reader_veto_cost` more, so the expert throws the best tile under
    the threshold, as the perfect-defence oracle does with the true waits (Hong Kong rules); 0 = off."""
    reader_veto_cost: float = 50.0
    """With :attr:`reader_veto`: the points added to a vetoed tile's deal-in cost."""
    reader_veto_shanten: int = 0
    """With :attr:`reader_veto`: veto only when the hand (before its discard) is at least this many
    tiles from ready (HK-5.1 shapes), where giving up a good tile costs the least."""
    lookahead: int = 0
    """Nonzero: the model's best this many discards that leave the hand at least one tile from
    ready are valued one draw ahead (:meth:`_looked_ahead`, HK-3.2); 0 = off."""
    lookahead_gap: float = 0.15
    """With :attr:`lookahead`: only discards valued within this share of the best are looked at."""
    lookahead_shanten: int = 1
    """With :attr:`lookahead`: only discards leaving the hand at least this many tiles from ready
    (HK-5.1 shapes) are looked at, and only when the model's best discard does."""
    lookahead_width: int = 4
    """With :attr:`lookahead`: after each draw, the drawn tile and the model's best this many
    discards are tried as the next discard."""

    big_plans: bool = False
    """Value the big hands of HK-6 too (:data:`~hkmj.bots.strong.BIG_PLANS`: one suit with all
    pungs, the dragon and wind hands, all honours, the dragon-and-suit limits, seven pairs in one
    suit) besides the strong bot's plans."""
    big_claims: bool = False
    """With :attr:`big_plans`: a pung (HK-4.2) also counts as bringing the hand closer when the big
    plan it leads to is then closer to ready than before the claim."""
    big_slack: int = 1
    """With :attr:`big_plans`: a big plan is considered up to this many shanten behind the standard hand."""
    big_max: int = 9
    """With :attr:`big_plans`: a big plan is considered only this close to ready (HK-5.1 shanten) or closer."""
    model: Model | None = PARAM_SETS[SHIPPED].model
    """The strong model's constants this expert plays with (:class:`~hkmj.bots.strong.Model`):
    c16's (:data:`SHIPPED`); None: the module's, as the strong bot reads them."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.points = PointsModel()
        self._params = SHIPPED

    @property
    def params(self) -> str:
        """The name of the parameter set (:data:`PARAM_SETS`) last applied (:data:`SHIPPED` at first). Setting
        it sets the set's values on this bot (``KeyError`` for an unknown name)."""
        return self._params

    @params.setter
    def params(self, name: str) -> None:
        chosen = PARAM_SETS[name]
        for field, value in zip(ParamSet._fields, chosen, strict=True):
            setattr(self, field, value)
        self._params = name

    # ------------------------------------------------------------ the Advisor protocol

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The first action of :meth:`advise` (Mahjong whenever it is legal, HK-5.7)."""
        return self._ranked(view, legal)[0].action

    def advise(self, view: SeatView, legal: Sequence[Action]) -> list[Advice]:
        """Every action of ``legal`` exactly once, valued in expected points for this seat, best
        first (exact ties in a seeded random order); ``ValueError`` for an empty ``legal``.

        Asking for advice leaves the bot's generator as it was, so a bot that is asked before it
        chooses plays exactly as one that is not, and its choice is this list's first action."""
        state = self.rng.getstate()
        try:
            return self._ranked(view, legal)
        finally:
            self.rng.setstate(state)

    def _ranked(self, view: SeatView, legal: Sequence[Action]) -> list[Advice]:
        """:meth:`advise`, drawing the tie order from the bot's generator."""
        if not legal:
            raise ValueError("advise needs at least one legal action")
        acts = list(dict.fromkeys(legal))
        if view.dead_hand:  # MCR-5.4: it cannot win nor claim; the safest discard first
            return dead_hand_advice(view, acts)
        others = [a for a in acts if a != WIN]
        rows: list[tuple[Advice, int]] = []
        if others:
            if view.rules.value_checked and view.rules.unit != "fan":
                self.points.model = self.model
                got = self.points.advise(view, others)
            elif view.phase == "turn":
                got = self._advise_turn(view, others)
            else:
                got = self._advise_claim(view, others)
            rows.extend(got)
        if WIN in acts:
            best = max((a.value for a, _ in rows), default=0.0)
            pts = _win_payment(view)
            rows.append((Advice(WIN, max(best, pts), 1.0, f"Mahjong: the win pays {pts:g}"), 3))
        order = [(-a.value, -prio, self.rng.random(), i) for i, (a, prio) in enumerate(rows)]
        order.sort()
        return [rows[i][0] for *_, i in order]

    # ------------------------------------------------------------ turn (HK-3)

    def _context(self, view: SeatView) -> _Ctx:
        """The strong bot's decision context; with :attr:`reader` or :attr:`danger_model` (Hong
        Kong rules) its danger table for the held tiles replaced by the hand reader's
        (:mod:`hkmj.bots.reader`) or the learned danger model's (:mod:`hkmj.bots.danger`); with
        :attr:`reader_veto` the tiles the reader judges likely deadly cost much more."""
        ctx = _Ctx(view, self.chow_fan, self.calibration, self.model)
        ctx.big_plans = self.big_plans
        ctx.big_slack = self.big_slack
        ctx.big_max = self.big_max
        if (self.reader or self.danger_model) and view.rules.name == "hk":
            held = [t for t in range(N_KINDS) if view.concealed[t]]
            if self.reader:
                ctx.danger = danger_table(load_reader_model(), view, ctx.unseen, held, self.reader, reader_features)
            else:
                ctx.danger = danger_table(load_danger_model(), view, ctx.unseen, held, self.danger_weight)
        if (
            self.reader_veto
            and view.rules.name == "hk"
            and (self.reader_veto_shanten <= 0 or shanten(list(view.concealed), view.n_melds) >= self.reader_veto_shanten)
        ):
            held = [t for t in range(N_KINDS) if view.concealed[t]]
            for t, p in wait_chances(load_reader_model(), view, ctx.unseen, held).items():
                if p >= self.reader_veto:
                    ctx.danger[t] += self.reader_veto_cost
        return ctx

    def _advise_turn(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Advice, int]]:
        ctx = self._context(view)
        c = list(view.concealed)
        my_melds = view.melds[view.seat]
        info = _Melds(my_melds, ctx.hval)
        tiles = [a.tile for a in legal if isinstance(a, Discard)]
        rows: list[tuple[Advice, int]] = []
        if tiles:
            scored = self._discards(ctx, c, info, tiles)
            values = self._discard_values(ctx, c, info, scored)
            values = self._learned_discards(view, ctx, c, info, scored, values)
            values = self._looked_ahead(ctx, c, info, scored, values)
            notes = {x.tile: _discard_note(ctx, x, c, info.need, view.rules) for x in scored}
            if self.search_discards and _searchable(view) and min(x.std for x in scored) <= self.search_shanten:
                top = sorted(values, key=lambda t: -values[t])[: self.search_top]
                floor = values[top[0]] - self.search_gap * abs(values[top[0]])
                top = [t for t in top if values[t] >= floor]
                if self.search_plain:
                    plans = {x.tile: x.plan for x in scored}
                    top = [t for t in top if plans[t] == STANDARD]
                if len(top) > 1:
                    self._searched(view, top, values, notes, lambda deal, d: rollout_discard(view, deal, d), self.discard_samples)
            for x in scored:
                rows.append((Advice(Discard(x.tile), values[x.tile], x.p, notes[x.tile]), 1))
        for a in legal:
            if isinstance(a, Kong) and a.how in (CONCEALED, ADDED):
                o = _kong_outlook(ctx, c, my_melds, info, a)
                v = o.ev * KONG_BONUS
                rows.append((Advice(a, v, o.p, "kong: a free replacement draw, the hand unchanged"), 2))
            elif not isinstance(a, Discard):  # pragma: no cover - the engine offers no other turn action
                rows.append((Advice(a, -_TOP, None, "not a turn action this bot plays"), 0))
        return rows

    def _discard_values(self, ctx: _Ctx, c: list[int], info: _Melds, scored: list[Choice]) -> dict[Tile, float]:
        """Each discard's value: offence minus :attr:`defence` × its expected cost (HK-6). Values
        within :attr:`tie` of the best count as equal and go to the best, ordered by the ready hands
        to come (one away) and then by the least connected tile (shape the values do not see)."""
        w = self.defence
        if min(x.std for x in scored) == 1:
            scored[:] = self._exact_one(ctx, c, info, scored)
        vals = {x.tile: x.ev - w * ctx.danger[x.tile] for x in scored}
        top = max(vals.values())
        tol = self.tie * max(0.1, max(x.ev for x in scored))
        tied = [x for x in scored if vals[x.tile] >= top - tol]
        if len(tied) > 1:
            if min(x.std for x in tied) == 1:
                one = [x for x in tied if x.std == 1]
                q = {x.tile: _tenpai_quality(ctx, c, x.tile, info.need) for x in one}
                top_q = max(q.values())
                keys: dict[Tile, float] = {x.tile: (0 if x.std != 1 else 2 if q[x.tile] >= top_q * 0.95 else 1) for x in tied}
            elif self.speed_ties:
                # the standard hand's win chance grows with its acceptance (HK-5.1): the widest first
                s_min = min(x.std for x in tied)
                keys = {x.tile: (round(x.p, 4) if x.std == s_min and x.plan == STANDARD else -1.0) for x in tied}
            else:
                keys = {x.tile: 0 for x in tied}
            # strictly ordered, differing by less than the tie tolerance: the best of the tied
            # group gets the top value, the others a hair less in the order the bot prefers
            ranked = sorted(tied, key=lambda x: (-keys[x.tile], _isolation(c, x.tile), -vals[x.tile]))
            step = tol / (4 * len(ranked))
            for i, x in enumerate(ranked):
                vals[x.tile] = top - i * step
        return vals

    def _learned_discards(
        self, view: SeatView, ctx: _Ctx, c: list[int], info: _Melds, scored: list[Choice], values: dict[Tile, float]
    ) -> dict[Tile, float]:
        """The analytic best discards re-ranked by the learned model (:attr:`learned`, HK-6
        payments, :mod:`hkmj.bots.learned`); unchanged when it is off, under another ruleset, or with a single candidate."""
        if self.learned <= 0 or len(values) < 2 or not _searchable(view):
            return values
        top = set(top_candidates(values))
        feats = discard_features(view, ctx, c, info, [x for x in scored if x.tile in top])
        return learned_values(load_model(), feats, values, self.learned)

    def _looked_ahead(
        self, ctx: _Ctx, c: list[int], info: _Melds, scored: list[Choice], values: dict[Tile, float]
    ) -> dict[Tile, float]:
        """The best :attr:`lookahead` discards valued one draw ahead (HK-3.2): for each, the mean
        over the unseen tiles (weighted by their unseen copies) of the model's value of the best
        hand after drawing that tile and discarding it or one of the model's best
        :attr:`lookahead_width` discards, minus the discard's expected deal-in cost. Draws that
        cannot join the hand (no held tile within two) leave it as it is. The values are re-based
        so that the best looked-at discard keeps the top value; unchanged when it is off, when the
        model's best discard leaves the hand closer than :attr:`lookahead_shanten` to ready, or when
        fewer than two candidates leave it that far (HK-5.1)."""
        if self.lookahead < 2 or len(values) < 2:
            return values
        order = sorted(values, key=lambda t: (-values[t], t))
        std = {x.tile: x.std for x in scored}
        far = max(1, self.lookahead_shanten)
        if std[order[0]] < far:
            return values
        top = values[order[0]]
        floor = top - self.lookahead_gap * max(abs(top), 0.1)
        cands = [t for t in order[: self.lookahead] if values[t] >= floor and std[t] >= far]
        if len(cands) < 2:
            return values
        pool = order[: self.lookahead_width]
        unseen = ctx.unseen
        memo: dict[tuple[int, ...], float] = {}

        def value() -> float:
            key = tuple(c)
            v = memo.get(key)
            if v is None:
                v = memo[key] = evaluate(ctx, c, info).ev
            return v

        ahead: dict[Tile, float] = {}
        for d in cands:
            c[d] -= 1
            stay = value()
            near = set(_near(c, 0, N_KINDS))
            acc = 0.0
            total = 0
            for t in range(N_KINDS):
                k = unseen[t]
                if k <= 0:
                    continue
                total += k
                if t not in near or c[t] >= 4:
                    acc += k * stay
                    continue
                c[t] += 1
                best = stay
                for d2 in pool:
                    if d2 != t and c[d2]:
                        c[d2] -= 1
                        best = max(best, value())
                        c[d2] += 1
                c[t] -= 1
                acc += k * best
            c[d] += 1
            ahead[d] = (acc / total if total else stay) - self.defence * ctx.danger[d]
        lead = max(ahead.values())
        out = dict(values)
        for d, v in ahead.items():
            out[d] = top + (v - lead)
        return out

    # ------------------------------------------------------------ claims (HK-4)

    def _advise_claim(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Advice, int]]:
        t = view.offered
        rows: list[tuple[Advice, int]] = []
        if t is None or view.phase != "claim":
            for a in legal:
                rows.append((Advice(a, 0.0, None, "nothing to claim" if a == PASS else "not offered"), 2 if a == PASS else 0))
            return rows
        ctx = self._context(view)
        c = list(view.concealed)
        my_melds = view.melds[view.seat]
        info = _Melds(my_melds, ctx.hval)
        need = info.need
        now_plans: dict[str, int] = {}
        now = evaluate(ctx, c, info, now_plans)
        valuable = ctx.hval[t] > 0
        pass_value = now.ev - min(ctx.danger[x] for x in range(N_KINDS) if c[x])
        pass_note = f"stay concealed ({_distance(c, need, now.std, view.rules)})"
        if PASS in legal:
            rows.append((Advice(PASS, pass_value, now.p, pass_note), 2))
        answers: dict[Action, Answer] = {}
        closer_any = False
        claim_plans: list[str] = []
        for a in legal:
            if a == PASS:
                continue
            if isinstance(a, Kong) and a.how == FROM_DISCARD:
                c[t] -= 3
                s_after = _std_shanten(c, need - 1)
                o = evaluate(ctx, c, _Melds((*my_melds, Meld("kong", t)), ctx.hval))
                c[t] += 3
                v = o.ev * KONG_BONUS
                ok = s_after <= now.std and (valuable or v > pass_value)
                if ok and valuable:
                    v = max(v, pass_value + 1e-9)
                note = "kong: a free replacement draw" if ok else "the kong would slow the hand"
                rows.append((Advice(a, v if ok else min(v, pass_value), o.p, note), 3))
                continue
            claim = _claim_meld(a, t)
            if claim is None:  # pragma: no cover - the engine offers no other claim
                rows.append((Advice(a, -_TOP, None, "not a claim this bot plays"), 0))
                continue
            used, meld = claim
            for x in used:
                c[x] -= 1
            rest = [x for x in range(N_KINDS) if c[x]]
            claimed = _Melds((*my_melds, meld), ctx.hval)
            scored = self._discards(ctx, c, claimed, rest)
            best = max(scored, key=lambda x: x.score)
            s_after = min(x.std for x in scored)
            if s_after == 0 and now.std >= 1:
                # ready after the claim: compare exact ready points with the concealed hand's
                best = max((x for x in scored if x.std == 0), key=lambda x: x.score)
            c[best.tile] -= 1
            best_away = _distance(c, need - 1, best.std, view.rules)
            c[best.tile] += 1
            for x in used:
                c[x] += 1
            pung_ok = valuable and isinstance(a, Pung) and s_after <= now.std
            closer = s_after < now.std or (best.plan == now.plan != STANDARD and best.shanten < now.shanten)
            if self.big_claims and isinstance(a, Pung) and best.plan in BIG_PLANS:
                closer = closer or best.shanten < now_plans.get(best.plan, 99)
            # under a fan minimum (Hong Kong's house minfan; MCR plays the points model): the fan model
            # values a ready hand whatever its waits score, so a claim into a hand ready in shape only,
            # no wait of it reaching the minimum, is not claimed (the points model's rule, MCR-5.1)
            short = s_after == 0 and view.rules.value_checked and ready_in_shape_only(view, *hand_after(view, a))
            if short:
                closer = pung_ok = False
            margin = 1.0 if pung_ok else self.claim_margin
            worth = (closer or pung_ok) and best.score > pass_value * margin + 1e-9
            what = "pung" if isinstance(a, Pung) else "chow"
            if worth:
                note = f"{what}, then discard {name(best.tile)} ({best_away})"
                v = best.score
            else:
                note = f"the {what} would not leave a winnable ready hand" if short else f"the {what} does not bring the hand closer enough"
                v = min(best.score, pass_value)
            rows.append((Advice(a, v, now.p if short else best.p, note), 1))  # no likelier to win than passing
            answers[a] = ("pung" if isinstance(a, Pung) else "chow", a.low if isinstance(a, Chow) else t, best.tile)
            closer_any = closer_any or closer or pung_ok
            claim_plans.append(best.plan)
        plain = not self.search_plain or (now.plan == STANDARD and all(p == STANDARD for p in claim_plans))
        if self.search_claims and closer_any and plain and PASS in legal and _searchable(view):
            rows = self._search_claims(view, rows, answers)
        return rows

    def _search_claims(
        self, view: SeatView, rows: list[tuple[Advice, int]], answers: dict[Action, Answer]
    ) -> list[tuple[Advice, int]]:
        """Pass and each pung or chow (with the discard the model chose after it) played out on the
        same sampled deals (HK-4); the best mean payment wins when it beats the model's choice by
        :attr:`search_z` standard errors."""
        keys: list[Action] = [PASS, *answers]
        values = {a.action: a.value for a, _ in rows}
        notes = {a.action: a.note for a, _ in rows}

        def play(deal: Deal, a: Action) -> float:
            return rollout_claim(view, deal, answers.get(a))

        self._searched(view, keys, values, notes, play, self.claim_samples)
        return [(a._replace(value=values[a.action], note=notes[a.action]), prio) for a, prio in rows]

    def _searched(
        self,
        view: SeatView,
        keys: list[K],
        values: dict[K, float],
        notes: dict[K, str],
        play: Callable[[Deal, K], float],
        n: int,
    ) -> None:
        """Determinized Monte-Carlo (:mod:`hkmj.bots.rollout`): ``n`` deals of the unseen tiles,
        each option played out on every deal. When an option's mean payment beats the model's
        best (the highest of ``values``) by more than :attr:`search_z` standard errors of the
        paired difference, ``values`` are re-based on the search: each option gets the model's
        best value plus its mean gain, so the option searched best comes first."""
        rng = random.Random(self.rng.getrandbits(64))
        ref = max(keys, key=lambda k: values[k])
        pay: dict[K, list[float]] = {k: [] for k in keys}
        cap = self.search_cap
        for _ in range(n):
            deal = sample_deal(view, rng)
            for k in keys:
                x = play(deal, k)
                pay[k].append(max(-cap, min(cap, x)) if cap > 0 else x)
        base = pay[ref]
        gains: dict[K, tuple[float, float]] = {}
        for k in keys:
            diffs = [x - y for x, y in zip(pay[k], base, strict=True)]
            m = sum(diffs) / n
            var = sum((x - m) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
            gains[k] = (m, math.sqrt(var / n))
        best = max(keys, key=lambda k: gains[k][0])
        m, se = gains[best]
        if best == ref or m <= self.search_z * se or m <= 0:
            return
        top = values[ref]
        for k in keys:
            values[k] = top + gains[k][0]
            notes[k] = f"{notes[k]}; search: {gains[k][0]:.1f} points against the model's choice over {n} deals"


# ---------------------------------------------------------------- helpers


def _away(s: int) -> str:
    """The distance in the words every screen uses: ``ready``, ``1 tile from ready``, ``3 tiles from ready``."""
    return "ready" if s == 0 else f"{plural(s, 'tile')} from ready"


def _shape_note(shape: int, s: int) -> str:
    """The distance of a hand from ready (``shape``) in words, and, when the points model puts a
    hand that can win farther (``s``: one from ready, no ready hand a draw away reaching the
    minimum, MCR-5.1), that too; a ready hand with no winnable wait left (MCR-5.1, HK-1) says so."""
    if shape == 0 and s > 0:  # MCR-5.1, HK-1: no wait that can win has a copy left
        return _away(0) + "; no winnable wait left" + ("" if s == 1 else "; no ready hand a draw away reaches the minimum")
    return _away(shape) + ("; no ready hand a draw away reaches the minimum" if s > shape else "")


def _searchable(view: SeatView) -> bool:
    """Rollouts model the Hong Kong rules without a minimum (HK-6): search only there."""
    return view.rules.name == "hk" and not view.rules.value_checked


def _distance(c: Sequence[int], need: int, modelled: int, rules: Ruleset) -> str:
    """The distance from ready of the hand ``c`` (``need`` groups to go; ``modelled`` the model's
    standard distance, one for a ready hand whose every winning tile is in sight, HK-1) over every
    shape that wins here (seven pairs, thirteen orphans, MCR's knitted hands: Ruleset.hand_shanten),
    as the hint and the review say it: the standard shape's alone read "4 tiles from ready" beside
    the review's "3 tiles from ready" of a hand of five pairs, and a claim's "stay concealed (6 tiles
    from ready)" beside its "After yours: 4 tiles from ready"."""
    std, other = _std_shanten(c, need), rules.hand_shanten(c, 4 - need)
    if modelled == 1 and std == 0:
        return f"{_away(0)}; every winning tile is out"
    return _away(min(modelled, other) if other < std else modelled)  # another shape nearer than four groups and a pair


def _discard_note(ctx: _Ctx, x: Choice, c: list[int], need: int, rules: Ruleset) -> str:
    """A discard's reason: the distance it leaves (a hand ready in shape whose every winning tile
    is in sight is one from a live wait, HK-1), the value plan, the deal-in risk."""
    c[x.tile] -= 1
    parts = [_distance(c, need, x.std, rules)]
    c[x.tile] += 1
    if x.plan != STANDARD:
        parts.append(f"aiming at {plan_name(x.plan, ctx.rules)} ({_away(x.shanten)})")
    cost = ctx.danger[x.tile]
    if cost >= 0.5:
        parts.append(f"risks {cost:.1f} points in deal-ins")
    return "; ".join(parts)


def _bonus_numbers(view: SeatView) -> tuple[tuple[int, ...], tuple[int, ...]]:
    bonus = view.bonus[view.seat]
    flowers = tuple(sorted(t - FLOWER1 + 1 for t in bonus if FLOWER1 <= t < FLOWER1 + 4))
    seasons = tuple(sorted(t - SEASON1 + 1 for t in bonus if SEASON1 <= t < SEASON1 + 4))
    return flowers, seasons


class PointsModel:
    """Values under a points minimum (MCR-5.1: 8 points): a ready hand by the payments of its
    winnable waits (each scored once, self-drawn and on a discard, and remembered), a one-away
    hand by the ready hands its improving draws lead to, farther hands by shanten and acceptance.
    Shanten and waits are the ruleset's (:meth:`~hkmj.rulesets.Ruleset.hand_shanten`,
    :meth:`~hkmj.rulesets.Ruleset.hand_waits`): at an MCR table the knitted hands count too
    (MCR-5.2.4, MCR-5.2.5)."""

    def __init__(self, size: int = 8192) -> None:
        self._memo: dict[tuple[object, ...], tuple[float, ...]] = {}
        self._size = size
        self.model: Model | None = None
        """The strong model's constants for the win chances (:class:`~hkmj.bots.strong.Model`;
        None: the module's): the expert's own (:attr:`ExpertBot.model`)."""

    def ready(self, view: SeatView, c: list[int], melds: tuple[Meld, ...], unseen: Sequence[int]) -> tuple[float, float]:
        """``(winnable unseen copies, mean payment of a win)`` of the ready hand ``c`` (13 - 3 × melds)."""
        key = (tuple(c), melds, tuple(unseen), view.bonus[view.seat], view.seat, view.prevailing, view.rules)
        got = self._memo.get(key)
        if got is not None:
            return got[0], got[1]
        seat = view.seat
        flowers, seasons = _bonus_numbers(view)
        num = den = 0.0
        for w in view.rules.hand_waits(c, len(melds)):
            k = unseen[w]
            if k <= 0:
                continue
            c[w] += 1
            concealed = tuple(tiles_of(c))
            c[w] -= 1
            pay = []
            for how, discarder in (("self_draw", None), ("discard", (seat + 1) % 4)):
                try:
                    o = view.rules.score(Win(concealed, w, how, seat, view.prevailing, discarder, melds, flowers, seasons))
                except InvalidHand:
                    pay.append(0.0)
                    continue
                pay.append(float(o.payments[seat]) if o.winning else 0.0)
            drawn, claimed = pay
            if drawn <= 0 and claimed <= 0:
                continue
            if claimed > 0:
                num += k * (SELF_DRAW_SHARE * drawn + (1 - SELF_DRAW_SHARE) * claimed)
                den += k
            else:  # only a self-draw reaches the minimum
                num += k * SELF_DRAW_SHARE * drawn
                den += k * SELF_DRAW_SHARE
        res = (den, num / den if den else 0.0)
        if len(self._memo) >= self._size:
            self._memo.clear()
        self._memo[key] = res
        return res

    def hand_value(
        self, view: SeatView, ctx: _Ctx, c: list[int], melds: tuple[Meld, ...], unseen: Sequence[int], deep: bool
    ) -> tuple[float, float, int]:
        """``(expected payments, win chance, shanten)`` of a waiting-size hand ``c``; ``deep``
        values a one-away hand by its ready hands to come (else by :data:`FAR_POINTS`). A ready hand
        with no wait that can win left (none reaches the minimum, MCR-5.1, or every copy of those
        that do is in sight, HK-1) is a hand one from a winnable ready hand: valued by the winnable
        ready hands a draw and a discard lead to, its shanten given as 1 (2, valued as such, when
        no draw leads to one); it read 0, a whole hand's value lost against a hopeless far hand. A
        one-away hand with no ready hand to come that has one is valued as a hand two from ready
        (its improving tiles, :data:`FAR_POINTS`), and its shanten given as 2: the distance to a hand
        that can win, so that the discards' order still follows how close each leaves the hand."""
        m = len(melds)
        shanten = view.rules.shanten_near(c, m, 1)
        s = shanten(c, m)
        if s == 0:
            u, pts = self.ready(view, c, melds, unseen)
            if u <= 0:
                return self._changed_wait(view, ctx, c, melds, unseen)
            p = ctx.p_win(0, u)
            return p * pts, p, 0
        u_total = 0.0
        num = 0.0
        for t in range(N_KINDS):
            if unseen[t] and c[t] < 4:
                c[t] += 1
                if shanten(c, m) < s:
                    u_total += unseen[t]
                    if s == 1 and deep:
                        num += unseen[t] * self._best_ready(view, ctx, c, melds, unseen)
                c[t] -= 1
        p = ctx.p_win(s, u_total)
        if s == 1 and deep:
            if num <= 0:
                # no improving draw leaves a wait that reaches the minimum (MCR-5.1): a winnable
                # ready hand is two draws away at best, so the hand is valued as a hand two from
                # ready (not 0, as a hopeless hand: it still beats one three from ready)
                p = ctx.p_win(2, u_total)
                return p * FAR_POINTS, p, 2
            return p * num / u_total, p, 1
        return p * FAR_POINTS, p, s

    def _changed_wait(
        self, view: SeatView, ctx: _Ctx, c: list[int], melds: tuple[Meld, ...], unseen: Sequence[int]
    ) -> tuple[float, float, int]:
        """``(expected payments, win chance, shanten)`` of a ready hand ``c`` with no wait that can
        win left (MCR-5.1, HK-1), valued as a hand one from ready: its improving tiles are the draws
        after which a discard (not of the drawn tile) leaves it ready again, each worth the best
        winnable ready hand it allows (:meth:`_best_ready`, 0 when none), its win chance that of a
        hand one from ready times the share of them that allow one; when no draw allows one, a hand
        two from ready (:data:`FAR_POINTS`), as :meth:`hand_value` values a one-away hand."""
        key = ("changed", tuple(c), melds, tuple(unseen), view.bonus[view.seat], view.seat, view.prevailing, view.rules)
        got = self._memo.get(key)
        if got is None:
            m = len(melds)
            shanten = view.rules.shanten_near(c, m, 1)
            num = u_total = u_win = 0.0
            for t in range(N_KINDS):
                if not unseen[t] or c[t] >= 4:
                    continue
                c[t] += 1
                best = self._best_ready(view, ctx, c, melds, unseen)
                if best > 0:
                    num += unseen[t] * best
                    u_win += unseen[t]
                if best > 0 or discard_leaves(c, t, lambda h: shanten(h, m) == 0):
                    u_total += unseen[t]
                c[t] -= 1
            got = (num, u_total, u_win)
            if len(self._memo) >= self._size:
                self._memo.clear()
            self._memo[key] = got
        num, u_total, u_win = got
        if num <= 0:
            p = ctx.p_win(2, u_total)
            return p * FAR_POINTS, p, 2
        p = ctx.p_win(1, u_total)
        return p * num / u_total, p * u_win / u_total, 1

    def _best_ready(self, view: SeatView, ctx: _Ctx, c: list[int], melds: tuple[Meld, ...], unseen: Sequence[int]) -> float:
        """The best ready-hand payments (winnable copies × mean payment, scaled to a win chance)
        over the discards of a hand of 14 - 3 × melds tiles."""
        best = 0.0
        m = len(melds)
        shanten = view.rules.shanten_near(c, m, 0)
        for d in range(N_KINDS):
            if c[d]:
                c[d] -= 1
                if shanten(c, m) == 0:
                    u, pts = self.ready(view, c, melds, unseen)
                    best = max(best, ctx.p_win(0, u) / max(ctx.p0[0], 1e-9) * pts)
                c[d] += 1
        return best

    def advise(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Advice, int]]:
        """Rows (advice, priority among equal values) for every non-Mahjong action under a points minimum."""
        ctx = _Ctx(view, model=self.model)
        unseen = ctx.unseen
        c = list(view.concealed)
        melds = view.melds[view.seat]
        shanten = view.rules.shanten_near(c, len(melds), 0)
        rows: list[tuple[Advice, int]] = []
        if view.phase == "turn":
            sh: dict[Tile, int] = {}
            for a in legal:
                if isinstance(a, Discard) and a.tile not in sh:
                    c[a.tile] -= 1
                    sh[a.tile] = shanten(c, len(melds))
                    c[a.tile] += 1
            s_min = min(sh.values(), default=9)
            got: dict[Tile, tuple[float, float, int]] = {}
            for d, s in sh.items():
                c[d] -= 1
                got[d] = self.hand_value(view, ctx, c, melds, unseen, deep=s <= 1)
                c[d] += 1
            # shanten first (as the greedy bot): a discard that slows the hand is worth at most the
            # worst one that does not, unless those are all worthless (ready below the minimum)
            floor = min((ev for ev, _, s in got.values() if s == s_min), default=0.0)
            if floor <= 0:
                floor = _TOP
            for a in legal:
                if isinstance(a, Discard):
                    ev, p, s = got[a.tile]
                    note = _shape_note(sh[a.tile], s) + ("; no winnable wait" if s == 0 and ev <= 0 else "")
                    # equal values: the discards that keep the hand closest, then the loosest tile
                    prio = -(100 * (s - s_min) + _isolation(c, a.tile))
                    rows.append((Advice(a, ev if s == s_min else min(ev, floor), p, note), prio))
                elif isinstance(a, Kong):
                    k = 4 if a.how == CONCEALED else 1
                    c[a.tile] -= k
                    new = (*melds, Meld("ckong", a.tile)) if a.how == CONCEALED else _added(melds, a.tile)
                    ev, p, s = self.hand_value(view, ctx, c, new, unseen, deep=True)
                    note = _shape_note(view.rules.hand_shanten(c, len(new)), s)
                    c[a.tile] += k
                    rows.append((Advice(a, ev * KONG_BONUS, p, f"kong: a replacement draw, {note}"), 2))
                else:  # pragma: no cover - no other turn action
                    rows.append((Advice(a, -_TOP, None, ""), 0))
            return rows
        t = view.offered
        now_ev, now_p, now_s = self.hand_value(view, ctx, c, melds, unseen, deep=True)
        now_shape = view.rules.hand_shanten(c, len(melds))
        now_note = f"stay concealed ({_away(now_shape)})" + _shape_note(now_shape, now_s).removeprefix(_away(now_shape))
        for a in legal:
            if a == PASS or t is None:
                rows.append((Advice(a, now_ev, now_p, now_note), 2 if a == PASS else 0))
                continue
            if isinstance(a, Kong):
                c[t] -= 3
                ev, p, s = self.hand_value(view, ctx, c, (*melds, Meld("kong", t)), unseen, deep=True)
                note = _shape_note(view.rules.hand_shanten(c, len(melds) + 1), s)
                c[t] += 3
                rows.append((Advice(a, ev * KONG_BONUS, p, f"kong, {note}"), 3))
                continue
            claim = _claim_meld(a, t)
            if claim is None:  # pragma: no cover - the engine offers no other claim
                rows.append((Advice(a, -_TOP, None, "not a claim this bot plays"), 0))
                continue
            used, meld = claim
            for x in used:
                c[x] -= 1
            new = (*melds, meld)
            # only into a ready hand with a winnable wait: a concealed hand is worth points and
            # an exposed hand far from ready often never reaches the minimum (MCR-5.1)
            best = (-1.0, 0.0, 9, -1)
            after = (-1.0, 0.0, 9)  # the hand after the claim's best discard, ready or not
            for d in range(N_KINDS):
                if c[d]:
                    c[d] -= 1
                    if shanten(c, len(new)) == 0:
                        ev, p, s = self.hand_value(view, ctx, c, new, unseen, deep=True)
                        if s == 0 and ev > best[0]:  # a winnable wait left (else one from one: not worth a claim)
                            best = (ev, p, s, d)
                    else:
                        ev, p, s = self.hand_value(view, ctx, c, new, unseen, deep=CLAIM_DEEP)
                    if ev > after[0]:
                        after = (ev, p, s)
                    c[d] += 1
            for x in used:
                c[x] += 1
            what = "pung" if isinstance(a, Pung) else "chow"
            if best[0] <= 0:
                # the bot passes, but the claim is worth the hand it leaves, at most as much as
                # passing: it read 0 points and a 0% chance to win, a whole hand's value lost in a review;
                # capped at passing's value, its chance is capped at passing's too (a value of 0 with a
                # chance to win read as a win worth nothing)
                if after[0] < 0:
                    ev, p = min(0.0, now_ev), 0.0
                elif after[0] > now_ev:
                    ev, p = now_ev, min(after[1], now_p)
                else:
                    ev, p = after[0], after[1]
                rows.append((Advice(a, ev, p, f"the {what} would not leave a winnable ready hand"), 1))
            else:
                ev, p, s, d = best
                rows.append((Advice(a, ev, p, f"{what}, then discard {name(d)} ({_away(s)})"), 1))
        return rows


def _claim_meld(a: Action, t: Tile) -> tuple[tuple[Tile, ...], Meld] | None:
    """The tiles a pung or chow of the discard ``t`` takes from the hand, and the meld it makes
    (HK-4.2, HK-4.3); None for another action."""
    if isinstance(a, Pung):
        return (t, t), Meld("pung", t)
    if isinstance(a, Chow):
        return tuple(x for x in a.tiles if x != t), Meld("chow", a.low)
    return None


def _added(melds: tuple[Meld, ...], t: Tile) -> tuple[Meld, ...]:
    """``melds`` with the pung of ``t`` grown into a kong (HK-3.3 added kong)."""
    return tuple(Meld("kong", t) if m.kind == "pung" and m.tile == t else m for m in melds)
