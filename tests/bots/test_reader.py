"""The expert's hand reader (issue 14; hkmj.bots.reader): the danger features plus where each of
an opponent's discards came from (the tile just drawn, HK-3.2, or one kept in the hand)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hkmj.bots.danger import DANGER_FEATURES, danger_table
from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.bots.reader import (
    READER_EXTRA,
    READER_FEATURES,
    PondReading,
    load_reader_model,
    parse_reader_model,
    pond_reading,
    reader_features,
    wait_chances,
)
from hkmj.engine import Action, SeatView
from hkmj.engine.actions import Discard
from hkmj.engine.testing import discard_turns, permuted_turns
from hkmj.tiles import N_KINDS

EXTRA = {name: len(DANGER_FEATURES) + i for i, name in enumerate(READER_EXTRA)}


def _reader(seed: int) -> ExpertBot:
    bot = ExpertBot(seed)
    bot.reader = 1.0
    return bot


def _turns(seed: int) -> list[tuple[SeatView, Sequence[Action]]]:
    """The turns with a choice of discards in deal ``seed``, greedy play."""
    return discard_turns(seed, [GreedyBot(s) for s in range(4)])


def test_hk_3_2_a_pond_is_read_in_order_with_where_each_tile_came_from() -> None:
    """The run of drawn discards at the end, the last tile thrown from the hand, the kinds thrown
    from the hand and only as drawn tiles."""
    pond = [27, 0, 14, 30, 8, 30]  # 1z 1m 6p 4z 9m 4z
    r = PondReading(pond, [False, True, False, True, True, True])
    assert r.known and r.streak == 3 and r.last_hand == 14
    assert r.from_hand == {27, 14} and r.only_drawn == {0, 30, 8}
    assert r.hand_recent == 0.25 and r.hand_share == pytest.approx(2 / 6)
    assert r.hand_suits == [0.0, 0.5, 0.0, 0.5]
    none = PondReading(pond, ())  # a view without the flags: nothing is read
    assert not none.known and none.streak == 0 and none.last_hand is None and not none.from_hand


def test_hk_3_2_reader_features_extend_the_danger_features_from_the_view_only() -> None:
    """Each (opponent, tile) row starts with the danger model's features and adds the reader's;
    the tiles next to the last discard from the hand are flagged, and a streak is the flags' run."""
    checked = 0
    for v, _legal in _turns(31)[4::4]:
        held = [t for t in range(N_KINDS) if v.concealed[t]]
        feats = reader_features(v, v.unseen(), held)
        assert sorted(feats) == [o for o in range(4) if o != v.seat]
        for o, rows in feats.items():
            r = pond_reading(v, o)
            flags = v.drawn_discards[o]
            run = len(flags) - max((i + 1 for i, f in enumerate(flags) if not f), default=0)
            assert r.streak == run
            for t, x in rows.items():
                assert len(x) == len(READER_FEATURES)
                lh = r.last_hand
                near = lh is not None and lh < 27 and t < 27 and lh // 9 == t // 9 and abs(lh - t) in (1, 2)
                assert (x[EXTRA["lh_near1"]] + x[EXTRA["lh_near2"]] == 1.0) == near
                assert x[EXTRA["streak2"]] == (1.0 if run >= 2 else 0.0)
        checked += 1
    assert checked >= 3


def test_hk_6_the_reader_costs_are_probabilities_times_deal_in_payments() -> None:
    model = load_reader_model()
    checked = 0
    for v, _legal in _turns(12)[3::5]:
        held = [t for t in range(N_KINDS) if v.concealed[t]]
        d = danger_table(model, v, v.unseen(), held, 1.0, reader_features)
        assert all(d[t] == 0.0 for t in range(N_KINDS) if t not in held)
        assert all(0.0 < d[t] <= 3 * 2 * 64 for t in held)
        checked += 1
    assert checked >= 3


def test_the_shipped_reader_loads_with_its_data_seeds_and_holdout_figures() -> None:
    """Trained on deals 2000+ (never the ladder's 3 / 7 nor the tuning seeds 11 / 13)."""
    m = load_reader_model()
    assert len(m.weights) == len(READER_FEATURES)
    seeds = m.meta["data_seeds"]
    assert isinstance(seeds, list) and seeds[0] >= 2000
    auc = m.meta["holdout_auc_model"]
    assert isinstance(auc, float) and 0.5 < auc <= 1.0
    assert "holdout_top_danger_features" in m.meta


def test_a_bad_reader_weights_file_gives_a_clear_error() -> None:
    n = len(READER_FEATURES)
    good = {"features": list(READER_FEATURES), "weights": [0] * n, "mean": [0] * n, "scale": [1] * n, "intercept": 0}
    assert parse_reader_model(good).prob([1.0] * n) == 0.5
    with pytest.raises(ValueError, match="hand reader: features"):
        parse_reader_model({**good, "features": list(DANGER_FEATURES)})


def test_hk_3_2_the_reader_expert_plays_its_first_advice() -> None:
    checked = 0
    for v, legal in _turns(7)[::6]:
        adv = _reader(4).advise(v, legal)
        assert sorted(map(repr, (a.action for a in adv))) == sorted(map(repr, dict.fromkeys(legal)))
        assert _reader(4).choose(v, legal) == adv[0].action
        checked += 1
    assert checked >= 3


def test_the_reader_never_peeks_at_hidden_tiles() -> None:
    """The reader expert's advice is unchanged when the hidden wall is permuted consistently with
    the view: it reads the seat's view only (the drawn flags are public)."""
    turns = permuted_turns(23, [GreedyBot(s) for s in range(4)], range(10, 60, 4))
    for va, la, vb, lb in turns:
        assert va == vb
        assert _reader(6).advise(va, la) == _reader(6).advise(vb, lb)
    assert len(turns) >= 5


def test_hk_5_the_reader_veto_throws_the_best_tile_under_the_threshold() -> None:
    """With ``reader_veto`` = τ the expert never discards a tile the reader gives a deal-in chance
    of at least τ while another discard is under it (as the perfect-defence oracle, HK-5)."""
    model = load_reader_model()
    checked = 0
    for v, legal in _turns(41)[2::3]:
        held = [t for t in range(N_KINDS) if v.concealed[t]]
        chances = wait_chances(model, v, v.unseen(), held)
        assert all(0.0 <= p <= 1.0 for p in chances.values())
        tau = max(chances.values())
        if tau == min(chances.values()):
            continue
        bot = _reader(5)
        bot.reader = 0.0
        bot.reader_veto, bot.reader_veto_cost = tau, 1000.0
        a = bot.choose(v, legal)
        if isinstance(a, Discard):
            assert chances[a.tile] < tau
            checked += 1
    assert checked >= 3


def test_hk_5_1_the_reader_veto_waits_for_a_far_hand_when_asked() -> None:
    """With ``reader_veto_shanten`` above any hand's distance from ready the veto never applies:
    the advice is the shipped expert's."""
    checked = 0
    for v, legal in _turns(41)[2::4]:
        bot = ExpertBot(5)
        bot.reader_veto, bot.reader_veto_cost, bot.reader_veto_shanten = 0.01, 1000.0, 9
        assert bot.advise(v, legal) == ExpertBot(5).advise(v, legal)
        checked += 1
    assert checked >= 3
