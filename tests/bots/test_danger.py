"""The expert's learned danger model (issue 14; hkmj.bots.danger)."""

from __future__ import annotations

import pytest

from hkmj.bots.danger import DANGER_FEATURES, danger_table, load_danger_model, pair_features, parse_danger_model
from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.engine import Hand
from hkmj.engine.actions import Discard
from hkmj.tiles import N_KINDS


def _danger(seed: int, on: float = 1.0) -> ExpertBot:
    bot = ExpertBot(seed)
    bot.danger_model = on
    return bot


def _hands(seed: int) -> list[Hand]:
    """Hands of deal ``seed`` stopped at turns with several discards (HK-3.2), played by greedy bots."""
    out = []
    for plies in range(6, 90, 6):
        hand = Hand.from_seed(seed)
        bots = [GreedyBot(s) for s in range(4)]
        for _ in range(plies):
            if hand.over:
                break
            seat = hand.pending()[0]
            hand.apply(seat, bots[seat].choose(hand.view(seat), hand.legal_actions(seat)))
        if hand.over:
            break
        seat = hand.pending()[0]
        if hand.view(seat).phase == "turn" and sum(isinstance(a, Discard) for a in hand.legal_actions(seat)) > 1:
            out.append(hand)
    return out


def _good() -> dict[str, object]:
    n = len(DANGER_FEATURES)
    return {"features": list(DANGER_FEATURES), "weights": [0] * n, "mean": [0] * n, "scale": [1] * n, "intercept": 0}


def test_the_shipped_danger_model_loads_with_its_data_seeds_and_holdout_figures() -> None:
    """The weights ship in the package with the training run's seeds (2000+, never the ladder's
    3 / 7 nor the tuning seeds 11 / 13) and its held-out AUC."""
    m = load_danger_model()
    assert len(m.weights) == len(m.mean) == len(m.scale) == len(DANGER_FEATURES)
    seeds = m.meta["data_seeds"]
    assert isinstance(seeds, list) and seeds[0] >= 2000
    auc = m.meta["holdout_auc_model"]
    assert isinstance(auc, float) and 0.5 < auc <= 1.0
    assert any(w != 0 for w in m.weights)


def test_a_bad_danger_weights_file_gives_a_clear_error() -> None:
    good = _good()
    assert parse_danger_model(good).prob([1.0] * len(DANGER_FEATURES)) == 0.5
    with pytest.raises(ValueError, match="features"):
        parse_danger_model({**good, "features": ["bias"]})
    with pytest.raises(ValueError, match="'mean' must be a list"):
        parse_danger_model({**good, "mean": [0, "x"]})
    with pytest.raises(ValueError, match="'scale' must be positive"):
        parse_danger_model({**good, "scale": [0] * len(DANGER_FEATURES)})
    with pytest.raises(ValueError, match="'intercept'"):
        parse_danger_model({**good, "intercept": None})
    with pytest.raises(ValueError, match="JSON object"):
        parse_danger_model("weights")


def test_hk_5_5_a_tile_that_passed_the_opponent_is_flagged_and_costs_are_probabilities_times_hk_6_payments() -> None:
    """Each (opponent, tile) row has every feature; the danger of a tile is at most the sum of
    the opponents' deal-in payments (P ≤ 1) and a tile passed since the opponent's turn is flagged."""
    model = load_danger_model()
    checked = 0
    for hand in _hands(31):
        seat = hand.pending()[0]
        v = hand.view(seat)
        held = [t for t in range(N_KINDS) if v.concealed[t]]
        feats = pair_features(v, v.unseen(), held)
        assert sorted(feats) == [o for o in range(4) if o != seat]
        for rows in feats.values():
            assert sorted(rows) == held
            assert all(len(x) == len(DANGER_FEATURES) for x in rows.values())
            assert all(0.0 <= model.prob(x) <= 1.0 for x in rows.values())
        d = danger_table(model, v, v.unseen(), held, 1.0)
        assert all(d[t] == 0.0 for t in range(N_KINDS) if t not in held)
        assert all(0.0 < d[t] <= 3 * 2 * 64 for t in held)
        assert danger_table(model, v, v.unseen(), held, 2.0) == pytest.approx([2 * x for x in d])
        checked += 1
    assert checked >= 3


def test_hk_3_2_the_danger_model_expert_plays_its_first_advice() -> None:
    """With ``danger_model=1`` the expert still lists every legal action once and plays the first."""
    checked = 0
    for hand in _hands(12):
        seat = hand.pending()[0]
        v = hand.view(seat)
        legal = hand.legal_actions(seat)
        adv = _danger(4).advise(v, legal)
        assert sorted(map(repr, (a.action for a in adv))) == sorted(map(repr, dict.fromkeys(legal)))
        assert _danger(4).choose(v, legal) == adv[0].action
        checked += 1
    assert checked >= 3
