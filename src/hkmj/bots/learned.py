"""A learned value of the expert's discards: ridge regression from self-play.

For every candidate discard (HK-3.2) the expert already computes an analytic outlook (the strong
bot's plans, win chances, exact ready points and danger table, :mod:`hkmj.bots.strong`). This
module turns that outlook plus a few facts of the seat's :class:`~hkmj.engine.view.SeatView`
into a feature vector (:data:`FEATURES`) and values it with a linear model fitted on self-play
outcomes: the target is the seat's final HK-6 payment for the hand (what it wins, minus what it
pays for other players' wins, HK-6). Only the view is read (never a hidden tile): the features
come from the seat's own tiles, the unseen counts (:meth:`SeatView.unseen`), the declared melds,
the live wall's size and the danger table, which reads the discards.

The weights ship in ``expert_value.json`` beside this module, written by ``bench/train_expert.py``
(the training script, with its data seeds); they are read once, on first use. The core does no
other I/O. Hong Kong rules only (HK-6 payments); the expert uses the model through its
``learned`` attribute (the blend weight, 0 = off).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import NamedTuple

from hkmj.bots.rollout import isolation as _isolation
from hkmj.bots.strong import STANDARD, Choice, _Ctx, _Melds
from hkmj.engine.view import SeatView
from hkmj.hand import shanten
from hkmj.tiles import HONOUR, N_KINDS, Tile

__all__ = [
    "FEATURES",
    "LEARNED_TOP",
    "WEIGHTS_FILE",
    "LearnedModel",
    "discard_features",
    "learned_values",
    "load_model",
    "top_candidates",
]

LEARNED_TOP = 3
"""Candidates the model re-ranks: the analytic best 3 discards, the ones the training run
explored (``bench/train_expert.py``); a linear model fitted there says nothing of the rest."""
WEIGHTS_FILE = "expert_value.json"
"""The fitted model, a package resource of :mod:`hkmj.bots`."""

FEATURES: tuple[str, ...] = (
    # the state (the same for every candidate: controls that absorb the hand's luck)
    "bias",
    "live",  # live wall left / 72 (HK-3.5)
    "threat",  # highest chance an opponent is ready (strong's danger model)
    "own_melds",  # declared groups / 4 (HK-4)
    "opp_melds",  # opponents' declared groups / 12
    "best_ev",  # best analytic offence value over the candidates / 10
    # the candidate (differ between discards)
    "ev",  # analytic offence value after the discard (HK-6 payments) / 10
    "log_ev",  # log(1 + ev)
    "ev_live",  # ev × live
    "p",  # modelled win chance after the discard
    "danger",  # expected deal-in cost of the tile (HK-6 payments)
    "danger_threat",  # danger × threat
    "ready",  # standard shanten 0 after the discard (HK-5.1)
    "one_away",  # standard shanten 1
    "two_away",  # standard shanten 2
    "ready_live",  # ready × live
    "one_live",  # one away × live
    "accept",  # unseen tiles that lower the standard shanten / 20
    "value_plan",  # the best plan is not the standard hand (one suit, all pungs, pairs, orphans)
    "plan_gap",  # value plan's shanten − standard shanten (0 for the standard hand)
    "honour",  # the discard is an honour
    "terminal",  # the discard is a 1 or 9
    "isolation",  # how connected the tile was (strong's _isolation) / 10
)
"""The feature names, in the order of the weight vector."""


def standardised_sum(
    weights: Sequence[float], mean: Sequence[float], scale: Sequence[float], intercept: float, x: Sequence[float]
) -> float:
    """``intercept + Σ w × (x − mean) / scale``: the linear part of both shipped models."""
    return intercept + sum(w * (v - m) / s for w, v, m, s in zip(weights, x, mean, scale, strict=True))


class LearnedModel(NamedTuple):
    """A linear value: ``sum(w × (x − mean) / scale) + intercept`` over :data:`FEATURES`."""

    weights: tuple[float, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    intercept: float
    meta: dict[str, object]

    def value(self, x: Sequence[float]) -> float:
        """The predicted final payment of the hand for this seat (HK-6 payments)."""
        return standardised_sum(self.weights, self.mean, self.scale, self.intercept, x)


def parse_linear(
    data: object, features: Sequence[str], what: str
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], float, dict[str, object]]:
    """Weights, means, scales, intercept and meta of a linear model's JSON object over
    ``features``; ``ValueError`` naming ``what`` and the fault when a field is missing, mistyped
    or its length does not match ``features``."""
    if not isinstance(data, dict):
        raise ValueError(f"{what}: the weights file must hold a JSON object")
    names = data.get("features")
    if names != list(features):
        raise ValueError(f"{what}: features {names!r} do not match this version's {list(features)!r}")
    vecs: list[tuple[float, ...]] = []
    for key in ("weights", "mean", "scale"):
        v = data.get(key)
        if not isinstance(v, list) or len(v) != len(features) or not all(isinstance(x, int | float) for x in v):
            raise ValueError(f"{what}: {key!r} must be a list of {len(features)} numbers")
        vecs.append(tuple(float(x) for x in v))
    if any(s <= 0 for s in vecs[2]):
        raise ValueError(f"{what}: every 'scale' must be positive")
    icpt = data.get("intercept")
    if not isinstance(icpt, int | float):
        raise ValueError(f"{what}: 'intercept' must be a number")
    meta = data.get("meta", {})
    return vecs[0], vecs[1], vecs[2], float(icpt), meta if isinstance(meta, dict) else {}


def parse_model(data: object) -> LearnedModel:
    """A :class:`LearnedModel` from the JSON object ``bench/train_expert.py`` writes; ``ValueError``
    naming what is wrong when a field is missing or its length does not match :data:`FEATURES`."""
    return LearnedModel(*parse_linear(data, FEATURES, "learned model"))


@cache
def load_model() -> LearnedModel:
    """The shipped model (``hkmj/bots/expert_value.json``), read once."""
    text = resources.files("hkmj.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    return parse_model(json.loads(text))


def _acceptance(c: list[int], melds: int, unseen: Sequence[int], s: int) -> int:
    """Unseen copies of the tiles that lower the standard-or-special shanten ``s`` of ``c`` (HK-5)."""
    u = 0
    for t in range(N_KINDS):
        if unseen[t] and c[t] < 4:
            c[t] += 1
            if shanten(c, melds) < s:
                u += unseen[t]
            c[t] -= 1
    return u


def discard_features(view: SeatView, ctx: _Ctx, c: list[int], info: _Melds, scored: Sequence[Choice]) -> dict[Tile, list[float]]:
    """:data:`FEATURES` of each candidate discard of ``scored`` (the expert's analytic values),
    from the view only: ``c`` is the seat's concealed counts (restored on return)."""
    me = view.seat
    live = min(view.live, 72) / 72
    own = len(view.melds[me]) / 4
    opp = sum(len(m) for s, m in enumerate(view.melds) if s != me) / 12
    best = max(x.ev for x in scored) / 10
    m = 4 - info.need
    out: dict[Tile, list[float]] = {}
    for x in scored:
        t = x.tile
        c[t] -= 1
        s = shanten(c, m)
        u = _acceptance(c, m, ctx.unseen, s)
        c[t] += 1
        ev = max(0.0, x.ev)
        d = ctx.danger[t]
        ready = 1.0 if x.std == 0 else 0.0
        one = 1.0 if x.std == 1 else 0.0
        out[t] = [
            1.0,
            live,
            ctx.threat,
            own,
            opp,
            best,
            ev / 10,
            math.log1p(ev),
            ev / 10 * live,
            x.p,
            d,
            d * ctx.threat,
            ready,
            one,
            1.0 if x.std == 2 else 0.0,
            ready * live,
            one * live,
            u / 20,
            0.0 if x.plan == STANDARD else 1.0,
            0.0 if x.plan == STANDARD else float(max(0, x.shanten - x.std)),
            1.0 if t >= HONOUR else 0.0,
            1.0 if t < HONOUR and t % 9 in (0, 8) else 0.0,
            _isolation(c, t) / 10,
        ]
    return out


def top_candidates(values: dict[Tile, float], k: int = LEARNED_TOP) -> list[Tile]:
    """The ``k`` discards with the best analytic values (ties by tile), best first."""
    return sorted(values, key=lambda t: (-values[t], t))[:k]


def learned_values(
    model: LearnedModel, feats: dict[Tile, list[float]], values: dict[Tile, float], weight: float
) -> dict[Tile, float]:
    """Correct the analytic ``values`` of the candidates of ``feats`` (the analytic best,
    :func:`top_candidates`) by the model: ``analytic + weight × (learned − best learned)``, the
    model's estimate of how much worse each candidate's final payment is than its best one's
    (HK-6). The candidates stay above every other discard, whose value is unchanged (weight 0:
    every value unchanged)."""
    if weight <= 0:
        return dict(values)
    q = {t: model.value(f) for t, f in feats.items()}
    top_q = max(q.values())
    rest = [v for t, v in values.items() if t not in q]
    floor = max(rest) if rest else -math.inf
    out = dict(values)
    fixed = {t: values[t] + weight * (q[t] - top_q) for t in q}
    for i, t in enumerate(sorted(fixed, key=lambda t: (-fixed[t], t))):
        out[t] = max(fixed[t], floor + 1e-9 * (len(q) - i))
    return out
