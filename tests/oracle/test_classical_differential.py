"""Differential test: hkmj's classical scorer against an independent naive scorer (CL-2, CL-5,
CL-6, CL-7 of docs/rules-classical.md).

``classical_naive.py`` was written from the rules page without reading hkmj's classical code;
``classical_deals.py`` deals seeded random legal hands of every shape the page scores. Both
scorers must agree on every seat's points, doubles, score, limit hand and items, on the
settlement and on every transfer. The hands of seeded ``hkmj simulate --rules classical``
games (rebuilt by the independent referee of tests/records) are compared as well, so real
game situations (robbed kongs, replacement draws, last wall tiles) are covered.
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hkmj.cli import main
from hkmj.scoring.classical import score_json

from .classical_deals import random_deal
from .classical_naive import score_request

POINT_IDS = {
    "pair_seat_wind", "pair_prevailing_wind", "pair_dragon", "pung_simple", "pung_terminal_wind", "pung_dragon",
    "kong_simple", "kong_terminal_wind", "kong_dragon", "bonus_tile", "mahjong",
}  # fmt: skip
"""CL-5.1: the point lines (every other item id is a double or a limit adjustment)."""


def _items(items: list[dict[str, Any]]) -> tuple[Counter[tuple[Any, ...]], Counter[str]]:
    """Point items as a multiset of (id, tiles, exposed, points), doubles as counts by id."""
    points: Counter[tuple[Any, ...]] = Counter()
    doubles: Counter[str] = Counter()
    for i in items:
        if "doubles" in i:
            doubles[i["id"]] += i["doubles"]
        else:
            points[(i["id"], i.get("tiles"), i.get("exposed"), i["points"])] += 1
    return points, doubles


def _totals(p: dict[str, Any]) -> tuple[Any, ...]:
    return (p["points"], p["doubles"], p["score"], p["limit_id"])


def compare(req: dict[str, Any], ours: dict[str, Any], naive: dict[str, Any]) -> list[str]:
    """What differs between the two answers (empty: they agree)."""
    if ours.get("valid") is False and naive["valid"] is False:
        return []  # not a winning hand for either (CL-2.4, CL-6.3)
    if ours.get("valid") is not True or naive["valid"] is not True:
        return [f"valid: ours {ours.get('valid')} ({ours.get('error')}), naive {naive['valid']}"]
    diffs = []
    for seat, mine in naive["players"].items():
        theirs = ours["players"][seat]
        if _totals(theirs) != _totals(mine):
            diffs.append(f"{seat}: (points, doubles, score, limit) ours {_totals(theirs)}, naive {_totals(mine)}")
        readings = mine.get("readings", [mine["items"]])
        if _items(theirs["items"]) not in [_items(r) for r in readings]:
            diffs.append(f"{seat}: items ours {theirs['items']}, naive {readings}")
    winner = ours["players"][req["winner"]]
    if _totals(winner) != (ours["points"], ours["doubles"], ours["score"], ours["limit_id"]):
        diffs.append("the winner's top-level fields differ from players[winner]")
    if ours["settlement"] != naive["settlement"]:
        diffs.append(f"settlement ours {ours['settlement']}, naive {naive['settlement']}")
    transfers = sorted((t["from"], t["to"], t["amount"], t["why"]) for t in ours["transfers"] if t["amount"])
    if transfers != sorted(naive["transfers"]):
        diffs.append(f"transfers ours {transfers}, naive {sorted(naive['transfers'])}")
    return diffs


def test_classical_scorer_agrees_with_the_naive_oracle_on_random_deals() -> None:
    """CL-5, CL-6, CL-7: 2,500 seeded deals, every shape, win, bonus and option, agree exactly."""
    rng = random.Random(20261201)
    seen: Counter[str] = Counter()
    for _ in range(2500):
        req = random_deal(rng)
        naive = score_request(req)
        ours = score_json(req)
        assert compare(req, ours, naive) == [], json.dumps(req)
        if not naive["valid"]:
            seen["no reading"] += 1
            continue
        winner = naive["players"][req["winner"]]
        seen.update(i["id"] for i in winner["items"])
        seen[str(winner["limit_id"])] += 1
        seen[req["win"]] += 1
    # the deals reach every line, double and limit hand of the page
    expected = POINT_IDS | {
        "seat_wind_set", "prevailing_wind_set", "dragon_set", "own_flower", "own_season", "all_four_flowers",
        "all_four_seasons", "no_chow", "pure_suit", "concealed", "robbing_a_kong", "self_drawn", "last_wall_tile",
        "thirteen_wonders", "all_terminals", "nine_gates", "seven_pairs", "four_kongs", "big_four_winds",
        "ruby_dragon", "jade_dragon", "opal_dragon", "self_draw", "discard", "robbed_kong", "no reading",
    }  # fmt: skip
    assert expected - set(seen) == set(), seen


def test_classical_command_line_agrees_with_the_naive_oracle() -> None:
    """The same comparison through ``hkmj score --rules classical`` (JSON lines on stdin)."""
    rng = random.Random(12)
    reqs = [random_deal(rng) for _ in range(300)]
    text = "".join(json.dumps(r) + "\n" for r in reqs)
    out = subprocess.run(
        [sys.executable, "-m", "hkmj.cli", "score", "--rules", "classical"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = out.stdout.splitlines()
    assert len(lines) == len(reqs)
    for req, line in zip(reqs, lines, strict=True):
        assert compare(req, json.loads(line), score_request(req)) == [], json.dumps(req)


def _load_referee() -> ModuleType:
    """tests/records/referee.py (it rebuilds every hand of a record from its events)."""
    name = "hkmj_classical_oracle_referee"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parents[1] / "records" / "referee.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("seed", "options", "bots"),
    [
        (3, [], "greedy,greedy,greedy,random"),
        (5, ["pay_highest=on"], "greedy,greedy,greedy,greedy"),
        (8, ["limit=300", "pay_highest=on"], "greedy,random,greedy,greedy"),
    ],
)
def test_classical_games_agree_with_the_naive_oracle(tmp_path: Path, seed: int, options: list[str], bots: str) -> None:
    """Every win of a seeded ``hkmj simulate --rules classical --record`` game: the naive scorer
    gives the recorded points, doubles, every seat's score and the payments (CL-5..CL-7), and
    agrees with ``hkmj score`` item by item."""
    path = tmp_path / "game.jsonl"
    args = ["simulate", "--rules", "classical", "--hands", "24", "--seed", str(seed), "--bots", bots, "--record", str(path), "--quiet"]  # fmt: skip
    for o in options:
        args += ["--option", o]
    assert main(args) == 0
    events = [json.loads(line) for line in path.read_text().splitlines()]
    referee = _load_referee().Referee()
    referee.check(events)
    assert len(referee.wins) >= 5
    for win in referee.wins:
        req, rec = win.request, win.recorded
        naive = score_request(req)
        assert naive["valid"] is True, json.dumps(req)
        players = [naive["players"][s] for s in "ESWN"]
        winner = players[rec["seat"]]
        assert (winner["points"], winner["doubles"], winner["score"], winner["limit_id"]) == (
            rec["hand_points"], rec["doubles"], rec["score"], rec["limit"]
        ), json.dumps(req)  # fmt: skip
        assert [p["score"] for p in players] == rec["hand_scores"], json.dumps(req)
        assert [p["points"] for p in players] == rec["seat_points"], json.dumps(req)
        assert [p["doubles"] for p in players] == rec["seat_doubles"], json.dumps(req)
        assert [naive["settlement"][s] for s in "ESWN"] == rec["payments"], json.dumps(req)
        assert compare(req, score_json(req), naive) == [], json.dumps(req)


def main_compare(argv: list[str]) -> int:
    """``python -m tests.oracle.test_classical_differential N SEED``: compare N seeded deals
    (a longer run than the test's), print how many were compared and every disagreement."""
    n, seed = int(argv[0]), int(argv[1])
    rng = random.Random(seed)
    bad = 0
    for _ in range(n):
        req = random_deal(rng)
        diffs = compare(req, score_json(req), score_request(req))
        if diffs:
            bad += 1
            print(json.dumps(req), *diffs, sep="\n  ")
    print(f"{n} deals compared (seed {seed}): {bad} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main_compare(sys.argv[1:]))
