"""docs/record-format.md, "How to re-check a record without hkmj", step 0: the page gives the recipe
by which the seat draw, the hands' seeds, the walls and the dice follow from the seeds (HK-2.1,
HK-2.8), so that a referee holding a record and the page alone can check that each wall is the one
its seed deals. The page said only that they "follow from" the seed; these tests run the page's
own recipe against records the engine writes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hkmj.bots import make_bot
from hkmj.engine import play_match
from hkmj.rulesets import get_ruleset

PAGE = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def _recipe() -> dict[str, Callable[..., Any]]:
    """The page's step 0 code block, run as a referee would paste it (nothing from hkmj)."""
    page = PAGE.read_text(encoding="utf-8")
    found = re.search(r"0\. \*\*Seeds\*\* \(HK-2\.1, HK-2\.8\).*?```python\n(.*?)```", page, re.S)
    assert found is not None, "docs/record-format.md: step 0 (Seeds) and its python recipe are missing"
    code = "\n".join(line[3:] if line.startswith("   ") else line for line in found.group(1).splitlines())
    names: dict[str, Any] = {}
    exec(compile(code, str(PAGE), "exec"), names)  # the page's own example
    return names


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_the_pages_recipe_deals_every_wall_of_a_record_hk_2_8(rules: str) -> None:
    recipe = _recipe()
    events = play_match([make_bot("random", i) for i in range(4)], 20261206, length="hands", hands=3, rules=get_ruleset(rules)).events
    start = events[0]
    hands = [e for e in events if e["type"] == "hand_start"]
    seat_draw, seeds = recipe["seat_draw_and_hand_seeds"](start["seed"], len(hands))
    assert seat_draw == start["seat_draw"]  # HK-2.1
    assert seeds == [h["seed"] for h in hands]
    for h in hands:
        wall, dice = recipe["wall_and_dice"](h["seed"])  # HK-2.2, HK-2.3, HK-2.8
        assert (wall, dice) == (h["wall"], h["dice"])
