"""The expert's learned discard value (issue 14, third round; hkmj.bots.learned)."""

from __future__ import annotations

import json

import pytest

from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.bots.learned import FEATURES, LEARNED_TOP, discard_features, learned_values, load_model, parse_model, top_candidates
from hkmj.bots.strong import _Melds
from hkmj.engine import Hand
from hkmj.engine.actions import Discard
from hkmj.rulesets import get_ruleset


def _learned(seed: int, weight: float = 1.0) -> ExpertBot:
    bot = ExpertBot(seed)
    bot.learned = weight
    return bot


def _played(seed: int, plies: int, rules: str = "hk") -> Hand:
    """A hand of deal ``seed`` after ``plies`` actions of four greedy bots."""
    hand = Hand.from_seed(seed, rules=get_ruleset(rules))
    bots = [GreedyBot(s) for s in range(4)]
    for _ in range(plies):
        if hand.over:
            break
        seat = hand.pending()[0]
        hand.apply(seat, bots[seat].choose(hand.view(seat), hand.legal_actions(seat)))
    return hand


def _turns(seed: int, rules: str = "hk") -> list[Hand]:
    """Hands of one deal stopped at turns with several discards (HK-3.2)."""
    out = []
    for plies in range(4, 60, 5):
        h = _played(seed, plies, rules)
        if h.over:
            break
        seat = h.pending()[0]
        v = h.view(seat)
        if v.phase == "turn" and sum(1 for a in h.legal_actions(seat) if isinstance(a, Discard)) > 1:
            out.append(h)
    return out


def test_the_shipped_model_loads_and_names_its_data_seeds() -> None:
    """The weights ship in the package with the training run's seeds (never the ladder's 3 / 7 or
    the tuning seeds 11 / 13)."""
    m = load_model()
    assert len(m.weights) == len(m.mean) == len(m.scale) == len(FEATURES)
    seed = m.meta["data_seed"]
    assert isinstance(seed, int) and seed >= 1000
    assert m.meta["deals"] and m.meta["rows"]
    assert any(w != 0 for w in m.weights)


def test_a_bad_weights_file_gives_a_clear_error() -> None:
    good = json.loads(json.dumps({"features": list(FEATURES), "weights": [0] * len(FEATURES), "mean": [0] * len(FEATURES), "scale": [1] * len(FEATURES), "intercept": 0}))
    assert parse_model(good).value([1.0] * len(FEATURES)) == 0.0
    with pytest.raises(ValueError, match="features"):
        parse_model({**good, "features": ["bias"]})
    with pytest.raises(ValueError, match="'weights' must be a list"):
        parse_model({**good, "weights": [1.0]})
    with pytest.raises(ValueError, match="'scale' must be positive"):
        parse_model({**good, "scale": [0] * len(FEATURES)})
    with pytest.raises(ValueError, match="'intercept'"):
        parse_model({**good, "intercept": "x"})
    with pytest.raises(ValueError, match="JSON object"):
        parse_model([1, 2])


def test_hk_3_2_learned_discards_rerank_the_analytic_best_and_advise_equals_choose() -> None:
    """With ``learned=1`` the analytic best discards (:data:`LEARNED_TOP`, those the training run
    explored) are ranked by their analytic value plus the model's correction, ahead of the others
    (in the analytic order); ``choose`` plays advise's first entry (legal)."""
    checked = 0
    model = load_model()
    for h in _turns(21):
        seat = h.pending()[0]
        v = h.view(seat)
        legal = h.legal_actions(seat)
        adv = _learned(3).advise(v, legal)
        assert _learned(3).choose(v, legal) == adv[0].action
        assert adv[0].action in legal
        bot = ExpertBot(3)
        ctx = bot._context(v)  # the expert's context: its own model constants (docs/bots.md, tenth round)
        c = list(v.concealed)
        info = _Melds(v.melds[seat], ctx.hval)
        tiles = sorted({a.tile for a in legal if isinstance(a, Discard)})
        scored = bot._discards(ctx, c, info, tiles)
        values = bot._discard_values(ctx, c, info, scored)
        top = top_candidates(values)
        assert len(top) == min(LEARNED_TOP, len(tiles))
        feats = discard_features(v, ctx, c, info, [x for x in scored if x.tile in top])
        assert c == list(v.concealed)  # restored
        assert set(feats) == set(top) and all(len(f) == len(FEATURES) for f in feats.values())
        q = {t: model.value(f) for t, f in feats.items()}
        corrected = {t: values[t] + q[t] - max(q.values()) for t in top}
        ranked = [a.action.tile for a in adv if isinstance(a.action, Discard)]
        assert ranked[: len(top)] == sorted(top, key=lambda t: -corrected[t])
        assert learned_values(model, feats, values, 1.0)[ranked[0]] == pytest.approx(corrected[ranked[0]])
        rest = [t for t in ranked if t not in top]
        assert [values[t] for t in rest] == sorted((values[t] for t in rest), reverse=True)
        assert learned_values(model, feats, values, 0.0) == values
        checked += 1
    assert checked >= 3


def test_mcr_the_learned_value_is_hong_kong_only() -> None:
    """Under MCR (points minimum, MCR-5.1) the learned switch changes nothing: the model is fitted
    on HK-6 payments."""
    checked = 0
    for h in _turns(5, "mcr"):
        seat = h.pending()[0]
        v = h.view(seat)
        legal = h.legal_actions(seat)
        assert _learned(2).advise(v, legal) == ExpertBot(2).advise(v, legal)
        checked += 1
    assert checked >= 2
