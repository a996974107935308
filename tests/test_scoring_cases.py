"""Scoring cases as data (like chess perft files): one JSON object per line of
``tests/data/scoring_cases.jsonl``, each checked against ``hkmj.scoring.score_json``.

Expected values were worked out by hand from ``shared/rules/hong-kong.md`` (HK-5, HK-6) and
``docs/scoring.md``; every case names the rule it demonstrates in its ``rule`` field, the
element and limit ids it shows in ``covers`` and, for a look-alike, the ids it must not get in
``misses``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

Case = dict[str, Any]

ROOT = Path(__file__).resolve().parents[1]
CASES_PATH = ROOT / "tests" / "data" / "scoring_cases.jsonl"
DOCS_PATH = ROOT / "docs" / "scoring.md"
SEATS = ("E", "S", "W", "N")


def load_cases() -> list[Case]:
    """Read the case file, one JSON object per non-blank line."""
    with CASES_PATH.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def docs_table(heading: str) -> list[tuple[str, str]]:
    """(id, name) rows of the table under ``## <heading>`` in docs/scoring.md."""
    text = DOCS_PATH.read_text(encoding="utf-8")
    section = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \| ([^|]+?) \|", section, flags=re.MULTILINE)


CASES: list[Case] = load_cases()


def base_for(fan: int) -> int:
    """HK-6 base table: 0→1, 1→2, 2→4, 3→8, 4–6→16, 7–9→32, 10+→64."""
    for top, base in ((0, 1), (1, 2), (2, 4), (3, 8), (6, 16), (9, 32)):
        if fan <= top:
            return base
    return 64


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_scoring_case(case: Case) -> None:
    """HK-5/HK-6: ``score_json`` returns exactly the hand-computed result (or a clear error)."""
    from hkmj.scoring import score_json

    got: dict[str, Any] = score_json(case["input"])
    expect: dict[str, Any] = case["expect"]
    if expect["valid"]:
        assert got == expect
    else:
        assert got["valid"] is False
        assert expect["error_contains"] in str(got["error"]).lower()


def test_case_ids_unique() -> None:
    """Every case id appears once, so ``pytest -k <id>`` selects one case."""
    dupes = [cid for cid, n in Counter(c["id"] for c in CASES).items() if n > 1]
    assert dupes == []


def test_every_element_and_limit_covered() -> None:
    """Each element id and limit id of docs/scoring.md has at least one case covering it."""
    known = {i for i, _ in docs_table("Elements")} | {i for i, _ in docs_table("Limits")}
    assert len(known) == 19 + 14
    covered = {cid for c in CASES for cid in c.get("covers", [])}
    assert covered - known == set(), "covers names an id missing from docs/scoring.md"
    assert known - covered == set(), "ids without a case"


def test_every_element_and_limit_has_a_near_miss() -> None:
    """Each element and limit has a case listing it in ``misses``: a look-alike hand that must not
    get it (HK-6: "never give a limit to a look-alike that misses a condition"), or, for the
    limits that only a flag gives (heavenly, earthly), a request that must be refused."""
    known = {i for i, _ in docs_table("Elements")} | {i for i, _ in docs_table("Limits")}
    missed = {cid for c in CASES for cid in c.get("misses", [])}
    assert missed - known == set(), "misses names an id missing from docs/scoring.md"
    assert known - missed == set(), "ids without a near miss"


def test_near_misses_do_not_get_what_they_miss() -> None:
    """A case's ``misses`` are absent from its expected result (no item, no limit of that id) and
    from its ``covers``; the expected result itself is checked by ``test_scoring_case``."""
    names = dict(docs_table("Elements")) | dict(docs_table("Limits"))
    for case in CASES:
        misses = set(case.get("misses", []))
        assert not misses & set(case.get("covers", [])), case["id"]
        exp = case["expect"]
        if exp["valid"]:
            got = {item["name"] for item in exp["items"]} | {exp["limit"]}
            assert not {names[m].strip() for m in misses} & got, case["id"]


def test_case_file_is_consistent() -> None:
    """Self-check of the data against docs/scoring.md and HK-6 (names, order, sums, payments)."""
    elements = docs_table("Elements")
    order = {name.strip(): i for i, (_, name) in enumerate(elements)}
    limit_names = {name.strip() for _, name in docs_table("Limits")}
    for case in CASES:
        inp, exp = case["input"], case["expect"]
        if not exp["valid"]:
            continue
        names = [item["name"] for item in exp["items"]]
        assert set(names) <= set(order), case["id"]
        assert names == sorted(names, key=order.__getitem__), case["id"]
        assert exp["fan"] == sum(item["fan"] for item in exp["items"]), case["id"]
        no_bonus = not inp.get("flowers") and not inp.get("seasons")
        assert no_bonus == ("No bonus tiles" in names), case["id"]
        if exp["limit"] is None:
            assert exp["base"] == base_for(exp["fan"]), case["id"]
        else:
            assert exp["limit"] in limit_names and exp["base"] == 64, case["id"]
        pay, base, seat = exp["payments"], exp["base"], inp["seat"]
        assert list(pay) == list(SEATS) and sum(pay.values()) == 0, case["id"]
        for s in SEATS:
            if s != seat:
                owed = 2 * base if inp["win"] == "self_draw" or s == inp["discarder"] else base
                assert pay[s] == -owed, case["id"]
