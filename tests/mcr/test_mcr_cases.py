"""Hand-computed cases for every one of the 81 MCR fans (MCR-6.1 to MCR-6.81).

Each line of ``tests/data/mcr_cases.jsonl`` is a hand built to show one fan, with every
fan the hand scores written out by hand (``expect``) and their total (``points``). The
test ids are the rule number and the fan. The same hands are also checked against the
C++ official calculator.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hkmj.scoring import score_json_mcr, score_mcr, win_from_json
from hkmj.scoring.mcr import MCR_FANS

from .gb_oracle import gb_fans

CASES: list[dict[str, Any]] = [
    json.loads(line) for line in (Path(__file__).parent.parent / "data" / "mcr_cases.jsonl").read_text().splitlines() if line
]


def test_mcr_cases_cover_all_81_fans_once_each() -> None:
    assert sorted(c["fan"] for c in CASES) == sorted(f.id for f in MCR_FANS)
    assert len(MCR_FANS) == 81


@pytest.mark.parametrize("case", CASES, ids=[f"{c['rule']}-{c['fan']}" for c in CASES])
def test_mcr_fan_case(case: dict[str, Any]) -> None:
    win = win_from_json(case["request"])
    result = score_mcr(win)
    got = {i.id: i.count for i in result.items}
    assert got == case["expect"]
    assert case["fan"] in got
    assert result.points == case["points"]
    assert result.points == sum(i.points * i.count for i in result.items)
    assert gb_fans(win) == case["expect"]


COMBINATIONS: list[dict[str, Any]] = [
    json.loads(line)
    for line in (Path(__file__).parent.parent / "data" / "mcr_combination_cases.jsonl").read_text(encoding="utf-8").splitlines()
    if line
]
"""Hands where several fans meet (exclusions, account once, the best reading, the wait and
concealment Rulings, the 8-point minimum), each fan and total worked out by hand from
docs/rules-mcr.md (``note``) before hkmj scored it."""


def test_mcr_combination_case_ids_unique() -> None:
    ids = [c["id"] for c in COMBINATIONS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("case", COMBINATIONS, ids=[c["id"] for c in COMBINATIONS])
def test_mcr_combination_case(case: dict[str, Any]) -> None:
    """MCR-5 to MCR-8: the fans and their counts, the total (flowers included), whether it wins
    (8 points without the flowers, MCR-5.1) and the payments (MCR-8), as the case says; the fans
    also agree with the C++ official calculator."""
    got = score_json_mcr(case["request"])
    assert {i["id"]: i["count"] for i in got["items"]} == case["expect"]
    assert (got["points"], got["winning"], got["payments"]) == (case["points"], case["winning"], case["payments"])
    assert sum(i["points"] * i["count"] for i in got["items"]) == case["points"]
    assert gb_fans(win_from_json(case["request"])) == case["expect"]
