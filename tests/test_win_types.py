"""A ``Win`` built directly in Python with a value of the wrong type (a float or ``None``
tile, a string seat...) is refused by both scorers with :class:`InvalidHand` naming the field
(bad input gets a clear error, never Python's own message; R-9 covers the JSON side). On the
compiled core the `Win` constructor refuses such values itself (a TypeError), so these tests
run on the pure-Python core only (not in .ci/compiled)."""

from __future__ import annotations

from typing import Any

import pytest

from hkmj.scoring import InvalidHand, Meld, Win, score
from hkmj.scoring.mcr import score_mcr
from hkmj.scoring.model import win_type_problem

HAND = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27, 27)


def _win(**kw: Any) -> Win:
    fields: dict[str, Any] = {"concealed": HAND, "win_tile": 27}
    fields.update(kw)
    return Win(**fields)


CASES = [
    ({"win_tile": 1.5}, "win_tile 1.5"),
    ({"win_tile": None}, "win_tile None"),
    ({"concealed": (*HAND[:-1], None)}, "concealed: None"),
    ({"seat": None}, "seat None"),
    ({"discarder": "x", "win": "discard"}, "discarder 'x'"),
]


@pytest.mark.parametrize(("fields", "named"), CASES)
def test_mistyped_win_is_refused_by_the_hong_kong_scorer(fields: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidHand, match=named.replace("(", r"\(").replace(".", r"\.")):
        score(_win(**fields))


@pytest.mark.parametrize(("fields", "named"), CASES)
def test_mistyped_win_is_refused_by_the_mcr_scorer(fields: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidHand) as info:
        score_mcr(_win(**fields))
    assert "Error" not in str(info.value) and "not supported" not in str(info.value)


def test_a_meld_of_a_float_tile_is_refused_as_it_is_built() -> None:
    """``Meld("pung", 1.5)`` no longer reaches a Win: the Meld refuses it as it is built, naming it (HK-4.8)."""
    with pytest.raises(InvalidHand, match=r"meld 'pung' 1\.5"):
        Meld("pung", 1.5)


def test_well_typed_win_has_no_type_problem() -> None:
    assert win_type_problem(_win()) is None
    assert score(_win()).fan >= 0
