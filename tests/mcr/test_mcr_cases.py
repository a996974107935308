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

from hkmj.scoring import score_mcr, win_from_json
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
