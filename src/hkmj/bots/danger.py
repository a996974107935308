"""A learned danger model for the expert: the chance each tile is an opponent's wait.

For every opponent and every tile kind, :func:`pair_features` reads the seat's
:class:`~hkmj.engine.view.SeatView` only (the opponent's declared melds, its discards, the turns
it has played, the live wall, the unseen copies of the tile, whether the tile passed the opponent
since its last turn, the strong bot's own estimates :func:`~hkmj.bots.strong.p_ready` and
:func:`~hkmj.bots.strong.threats`) and a logistic regression (:class:`DangerModel`) turns them
into P(the tile is one of that opponent's waits now) (HK-5: a ready hand wins on a discard of
one of its waits). The deal-in cost of a discard (HK-6: the discarder pays 2 × base) is then
``Σ over opponents P(wait) × 2 × base(opponent's likely fan)`` (:func:`danger_table`).

The weights ship in ``danger_weights.json`` beside this module, written by
``bench/train_danger.py`` (the training script, with its data seeds: labels come from the
engine's hidden hands there, features from the view only). Read once, on first use; the core does
no other I/O. The expert uses it through its ``danger_model`` attribute (off by default).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import NamedTuple

from hkmj.bots.learned import parse_linear, standardised_sum
from hkmj.bots.strong import ONE_SUIT_LOOK, PUNGS_LOOK, _bonus_fan, _honour_values, _Melds, _passed, base_of, p_ready, threats
from hkmj.engine.view import SeatView
from hkmj.tiles import HONOUR, N_KINDS, Tile

__all__ = [
    "DANGER_FEATURES",
    "WEIGHTS_FILE",
    "DangerModel",
    "Features",
    "danger_table",
    "load_danger_model",
    "pair_features",
    "parse_danger_model",
]

WEIGHTS_FILE = "danger_weights.json"
"""The fitted model, a package resource of :mod:`hkmj.bots`."""

DANGER_FEATURES: tuple[str, ...] = (
    "bias",
    "live",  # live wall left / 72 (HK-3.5)
    "age",  # the opponent's turns played (discards + melds) / 20
    "age2",  # age squared
    "melds1",  # the opponent has declared 1 group (HK-4)
    "melds2",  # 2 groups
    "melds3",  # 3 or 4 groups
    "p_ready",  # strong's chance the opponent is ready
    "passed",  # the tile was discarded after the opponent's last turn and not claimed (HK-5.5)
    "own_discard",  # the opponent discarded this tile itself
    "unseen1",  # unseen copies of the tile: 1, 2, 3, 4 (0 is the baseline)
    "unseen2",
    "unseen3",
    "unseen4",
    "honour",  # the tile is an honour
    "terminal",  # a 1 or 9
    "two_eight",  # a 2 or 8
    "value_honour",  # an honour worth a fan to the opponent (dragon, its seat or the prevailing wind, HK-6)
    "side_shapes",  # two-sided / edge chow shapes that wait on the tile, both tiles unseen (0-2)
    "closed_shape",  # the closed chow shape around the tile, both tiles unseen
    "suji",  # the opponent discarded the tile 3 away in the same suit
    "near",  # the opponent discarded a tile 1 or 2 away in the same suit
    "one_suit_in",  # the opponent's 2+ groups are all one suit, the tile's suit
    "one_suit_out",  # ... and the tile is of another suit
    "pungy_suited",  # the opponent's 2+ groups are all pungs, the tile is suited
    "suit_share",  # share of the opponent's discards in the tile's suit (honours: in honours)
    "strong_wait",  # strong's chance the tile is the opponent's wait (0 when it is no threat)
    "strong_joint",  # strong_wait × p_ready
    "recent",  # the tile is among the opponent's last 3 discards
)
"""The feature names, in the order of the weight vector."""


class DangerModel(NamedTuple):
    """A logistic model: ``P = σ(intercept + Σ w × (x − mean) / scale)`` over :data:`DANGER_FEATURES`."""

    weights: tuple[float, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    intercept: float
    meta: dict[str, object]

    def prob(self, x: Sequence[float]) -> float:
        """P(the tile is a wait of the opponent) for a feature row of :func:`pair_features`."""
        z = standardised_sum(self.weights, self.mean, self.scale, self.intercept, x)
        if z < -30:
            return 0.0
        return 1 / (1 + math.exp(-z))


def parse_danger_model(data: object) -> DangerModel:
    """A :class:`DangerModel` from the JSON object ``bench/train_danger.py`` writes; ``ValueError``
    naming what is wrong when a field is missing, mistyped or of the wrong length."""
    return DangerModel(*parse_linear(data, DANGER_FEATURES, "danger model"))


@cache
def load_danger_model() -> DangerModel:
    """The shipped model (``hkmj/bots/danger_weights.json``), read once."""
    text = resources.files("hkmj.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    return parse_danger_model(json.loads(text))


def _deal_in_cost(view: SeatView, o: int) -> float:
    """What a deal-in to opponent ``o`` costs the discarder: 2 × the base of its likely fan (HK-6),
    the fan read from its declared melds and bonus tiles as the strong bot's defence reads it."""
    melds = view.melds[o]
    k = len(melds)
    info = _Melds(melds, _honour_values(o, view.prevailing))
    fan = info.fan + _bonus_fan(view.bonus[o], o) + (1.0 if k == 0 else 0.0)
    if k >= 2 and len(info.suits) == 1:
        fan += ONE_SUIT_LOOK[k]
    if k >= 2 and info.pungs_ok:
        fan += PUNGS_LOOK[k]
    return 2 * base_of(fan)


def pair_features(view: SeatView, unseen: Sequence[int], tiles: Sequence[Tile]) -> dict[int, dict[Tile, list[float]]]:
    """:data:`DANGER_FEATURES` of each tile of ``tiles`` for each opponent (keyed by seat), from
    the view only; ``unseen`` is :meth:`SeatView.unseen` (as the expert's context holds it)."""
    me = view.seat
    live = min(view.live, 72) / 72
    strong = {th.seat: th.waits for th in threats(view, unseen)}
    out: dict[int, dict[Tile, list[float]]] = {}
    for o in range(4):
        if o == me:
            continue
        melds = view.melds[o]
        k = len(melds)
        pond = view.discards[o]
        age_n = len(pond) + k
        pr = p_ready(k, age_n)
        age = age_n / 20
        info = _Melds(melds, _honour_values(o, view.prevailing))
        one_suit = next(iter(info.suits)) if k >= 2 and len(info.suits) == 1 else -1
        pungy = k >= 2 and info.pungs_ok
        safe = _passed(view, o)
        own = set(pond)
        recent = set(pond[-3:])
        per_suit = [0, 0, 0, 0]
        for d in pond:
            per_suit[d // 9 if d < HONOUR else 3] += 1
        n_pond = max(1, len(pond))
        sw = strong.get(o)
        rows: dict[Tile, list[float]] = {}
        for t in tiles:
            u = unseen[t]
            honour = t >= HONOUR
            v = t % 9
            side = closed = suji = near = 0.0
            if not honour:
                base = t - v
                if v >= 2 and unseen[t - 2] and unseen[t - 1]:
                    side += 1
                if v <= 6 and unseen[t + 1] and unseen[t + 2]:
                    side += 1
                if 1 <= v <= 7 and unseen[t - 1] and unseen[t + 1]:
                    closed = 1.0
                if (v >= 3 and t - 3 in own) or (v <= 5 and t + 3 in own):
                    suji = 1.0
                if any(0 <= v + d <= 8 and base + v + d in own for d in (-2, -1, 1, 2)):
                    near = 1.0
            suit = 3 if honour else t // 9
            w = sw[t] if sw is not None else 0.0
            rows[t] = [
                1.0,
                live,
                age,
                age * age,
                1.0 if k == 1 else 0.0,
                1.0 if k == 2 else 0.0,
                1.0 if k >= 3 else 0.0,
                pr,
                1.0 if t in safe else 0.0,
                1.0 if t in own else 0.0,
                1.0 if u == 1 else 0.0,
                1.0 if u == 2 else 0.0,
                1.0 if u == 3 else 0.0,
                1.0 if u == 4 else 0.0,
                1.0 if honour else 0.0,
                1.0 if not honour and v in (0, 8) else 0.0,
                1.0 if not honour and v in (1, 7) else 0.0,
                1.0 if honour and info_value(view, o, t) else 0.0,
                side,
                closed,
                suji,
                near,
                1.0 if one_suit >= 0 and suit == one_suit else 0.0,
                1.0 if one_suit >= 0 and not honour and suit != one_suit else 0.0,
                1.0 if pungy and not honour else 0.0,
                per_suit[suit] / n_pond,
                w,
                w * pr,
                1.0 if t in recent else 0.0,
            ]
        out[o] = rows
    return out


def info_value(view: SeatView, o: int, t: Tile) -> bool:
    """Whether a pung of honour ``t`` is worth a fan to seat ``o`` (dragon, seat or prevailing wind, HK-6)."""
    return _honour_values(o, view.prevailing)[t] > 0


Features = Callable[[SeatView, Sequence[int], Sequence[Tile]], dict[int, dict[Tile, list[float]]]]
"""A feature function such as :func:`pair_features`: rows by opponent and tile, from the view only."""


def danger_table(
    model: DangerModel,
    view: SeatView,
    unseen: Sequence[int],
    tiles: Sequence[Tile],
    weight: float,
    features: Features = pair_features,
) -> list[float]:
    """Expected points lost by discarding each tile of ``tiles`` (other kinds 0): ``weight ×
    Σ over opponents P(wait) × 2 × base`` (HK-6: the discarder pays 2 × base); ``features`` are
    the model's (the hand reader, :mod:`hkmj.bots.reader`, passes its own)."""
    danger = [0.0] * N_KINDS
    for o, rows in features(view, unseen, tiles).items():
        cost = weight * _deal_in_cost(view, o)
        for t, x in rows.items():
            danger[t] += model.prob(x) * cost
    return danger
