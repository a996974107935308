"""Property tests (hypothesis) for hand reading and scoring invariants (HK-5, HK-6)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hkmj.cli import main
from hkmj.hand import is_complete, shanten, waits
from hkmj.scoring import Win, score, score_json
from hkmj.scoring.generate import random_winning_hand
from hkmj.tiles import N_KINDS, format_tiles, parse_tiles

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _hand(seed: int) -> Win:
    return random_winning_hand(random.Random(seed))


@SETTINGS
@given(seeds)
def test_random_winning_hands_always_score(seed: int) -> None:
    """HK-5: every generated winning hand has a valid reading and a base from the HK-6 table."""
    result = score(_hand(seed))
    assert result.base in (1, 2, 4, 8, 16, 32, 64)
    assert result.fan == sum(i.fan for i in result.items)


@SETTINGS
@given(seeds, st.randoms(use_true_random=False))
def test_tile_order_never_changes_the_result(seed: int, rnd: random.Random) -> None:
    """HK-5.6: the result depends on the tiles, never on the order they are written in."""
    win = _hand(seed)
    tiles = list(win.concealed)
    rnd.shuffle(tiles)
    assert score(replace(win, concealed=tuple(tiles))) == score(win)


@SETTINGS
@given(seeds)
def test_payments_sum_to_zero(seed: int) -> None:
    """HK-6: totals always sum to zero; the winner is the only one paid."""
    win = _hand(seed)
    pay = score(win).payments
    assert sum(pay) == 0
    assert pay[win.seat] > 0
    assert all(p < 0 for s, p in enumerate(pay) if s != win.seat)


@SETTINGS
@given(seeds)
def test_every_tile_of_a_complete_hand_is_a_wait_of_the_rest(seed: int) -> None:
    """Removing any tile from a complete concealed hand leaves a hand waiting on it."""
    win = _hand(seed)
    counts = [0] * N_KINDS
    for t in win.concealed:
        counts[t] += 1
    melds = len(win.melds)
    assert is_complete(counts, melds)
    assert shanten(counts, melds) == -1
    for t in set(win.concealed):
        counts[t] -= 1
        assert t in waits(counts, melds)
        assert shanten(counts, melds) == 0
        counts[t] += 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
fields = st.fixed_dictionaries(
    {},
    optional={
        "hand": st.text(alphabet="0123456789mpszfx ", max_size=20) | json_values,
        "melds": st.lists(st.text(alphabet="chowpungk 0123456789mpsz", max_size=12), max_size=5) | json_values,
        "win_tile": st.text(alphabet="0123456789mpsz", max_size=3) | json_values,
        "win": st.sampled_from(["self_draw", "discard", "robbed_kong", "x"]) | json_values,
        "seat": st.sampled_from(list("ESWNX")) | json_values,
        "prevailing": st.sampled_from(list("ESWN")) | json_values,
        "discarder": st.sampled_from(list("ESWN")) | json_values,
        "flowers": st.lists(st.integers(-1, 6), max_size=5) | json_values,
        "seasons": st.lists(st.integers(-1, 6), max_size=5) | json_values,
        "flags": st.lists(st.sampled_from(["last_wall_tile", "final_discard", "heavenly", "x"]), max_size=3) | json_values,
    },
)


@settings(max_examples=500, deadline=None)
@given(st.one_of(fields, json_values))
def test_random_garbage_never_raises(obj: Any) -> None:
    """Bad input of any kind gets ``valid: false`` with an error, never an exception."""
    out = score_json(obj)
    assert isinstance(out, dict)
    assert out["valid"] in (True, False)
    if not out["valid"]:
        assert isinstance(out["error"], str) and out["error"]


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_parse_garbage_raises_only_notation_errors(text: str) -> None:
    try:
        tiles = parse_tiles(text)
    except ValueError as e:
        assert str(e)
    else:
        assert parse_tiles(format_tiles(tiles)) == sorted(tiles)


def test_score_stream_survives_bad_lines(capsys: Any, monkeypatch: Any) -> None:
    """``hkmj score`` machine mode: one output line per input line, in order, bad lines included."""
    import io

    lines = [
        '{"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "E"}',
        "not json",
        "[1, 2]",
        '{"hand": "1111m", "win_tile": "1m", "win": "self_draw", "seat": "E", "prevailing": "E"}',
        '{"hand": "19m19p19s12345677z", "win_tile": "7z", "win": "self_draw", "seat": "E", "prevailing": "E"}',
    ]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode())))
    assert main(["score"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["valid"] for o in out] == [True, False, False, False, True]
    assert out[0]["payments"] == {"E": -8, "S": 32, "W": -16, "N": -8}
    assert "JSON" in out[1]["error"]
    assert out[4]["limit"] == "Thirteen orphans"


@settings(max_examples=50, deadline=None)
@given(seeds)
def test_results_copy_and_pickle(seed: int) -> None:
    """Values of the core survive copy and pickle (the compiled build too): records, workers."""
    import copy
    import pickle

    win = _hand(seed)
    result = score(win)
    assert pickle.loads(pickle.dumps(win)) == win
    assert copy.deepcopy(result) == result
    assert pickle.loads(pickle.dumps(result)) == result


@pytest.mark.parametrize("field", ["concealed", "win_tile", "flags"])
def test_values_stay_frozen_in_either_build(field: str) -> None:
    """Win, Reading and ScoreResult are immutable values, compiled or not (their ``__init__``
    stores fields natively when compiled; assignment from outside is still refused)."""
    import dataclasses

    from hkmj.hand import readings
    from hkmj.tiles import counts_of

    win = _hand(3)
    result = score(win)
    reading = readings(counts_of(win.concealed), len(win.melds))[0]
    for value, name in ((win, field), (result, "fan"), (reading, "pair")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, None)
    moved = replace(win, seat=2)
    assert moved.seat == 2 and moved.concealed == win.concealed


HOUSE = [
    ("hk", {"minfan": "3", "limit": "8", "table": "half", "payment": "half-shooter", "base": "2"}),
    ("hk", {"minfan": "1", "table": "doubling", "limit": "13"}),
    ("mcr", {}),
    ("classical", {}),
    ("classical", {"pay_highest": "on", "limit": "500"}),
]


@pytest.mark.parametrize(("name", "options"), HOUSE, ids=["hk-house", "hk-doubling", "mcr", "classical", "classical-pay-highest"])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(seeds, st.randoms(use_true_random=False))
def test_every_ruleset_scores_zero_sum_payments_whatever_the_tile_order(
    name: str, options: dict[str, str], seed: int, rnd: random.Random
) -> None:
    """HK-6 (house options too), MCR-8, CL-7.6: payments sum to zero; a hand under the minimum
    pays nothing (HK house ``minfan``, MCR-5.1); a winning hand is paid by the others only;
    the tile order changes nothing (HK-5.6)."""
    from hkmj.rulesets import get_ruleset

    rules = get_ruleset(name, options)
    win = _hand(seed)
    out = rules.score(win)
    assert sum(out.payments) == 0
    tiles = list(win.concealed)
    rnd.shuffle(tiles)
    assert rules.score(replace(win, concealed=tuple(tiles))) == out
    if not out.winning:  # the result says it pays nothing (docs/house-options.md, MCR-5.1)
        assert out.reason and set(rules.result_dict(out)["payments"].values()) == {0}
        return
    assert out.payments[win.seat] > 0
    if name != "classical":  # the classical score alone does not see the other hands (CL-7: see score_end)
        # (with payment=half-shooter the discarder pays for everyone: the others pay nothing)
        assert all(p <= 0 for s, p in enumerate(out.payments) if s != win.seat)
    if name == "mcr":  # MCR-8: the total + 8 from the discarder (or each on a self-draw), 8 from the others
        assert out.value >= 8
        others = [(s, -p) for s, p in enumerate(out.payments) if s != win.seat]
        if win.win == "self_draw":
            assert len({p for _, p in others}) == 1 and others[0][1] > 8
        else:
            paid = dict(others)
            assert paid.pop(win.discarder) > 8 and set(paid.values()) == {8}
