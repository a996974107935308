"""Differential test: hkmj's classical scorer against an independent naive scorer (CL-2, CL-5,
CL-6, CL-7 of docs/rules-classical.md).

``classical_naive.py`` was written from the rules page without reading hkmj's classical code;
``classical_deals.py`` deals seeded random legal hands of every shape the page scores. Both
scorers must agree on every seat's points, doubles, score, limit hand and items, on the
settlement and on every transfer. The hands of seeded ``hkmj simulate --rules classical``
games (rebuilt by the independent referee of tests/records) are compared as well, so the
hands real play deals are covered too (the random deals reach the rarer situations: robbed
kongs, the last wall tile, every limit hand).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import random
import subprocess
import sys
import tempfile
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


CASES = Path(__file__).parents[1] / "data" / "classical_cases.jsonl"


def test_naive_scorer_reproduces_the_hand_computed_cases() -> None:
    """The oracle itself checked: every valid hand-computed case of tests/data/classical_cases.jsonl
    (one or more per CL-5 line, double, CL-6 limit and CL-7 settlement) gets its points,
    doubles, score, item ids, every seat's score and the settlement from the naive scorer."""
    checked = 0
    for line in CASES.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        expect = case["expect"]
        if not expect["valid"]:
            continue
        got = score_request(case["input"])
        assert got["valid"] is True, case["id"]
        w = got["players"][case["input"]["winner"]]
        mine = {
            "points": w["points"],
            "doubles": w["doubles"],
            "score": w["score"],
            "item_ids": sorted(i["id"] for i in w["items"]),
            "player_scores": {s: p["score"] for s, p in got["players"].items()},
            "settlement": got["settlement"],
        }
        assert {k: v for k, v in mine.items() if k in expect} == {k: expect[k] for k in mine if k in expect}, case["id"]
        checked += 1
    assert checked >= 50


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
        seen.update(why for *_, why in naive["transfers"])  # mahjong, difference, pay_highest (CL-7)
    # the deals reach every line, double and limit hand of the page
    expected = POINT_IDS | {
        "seat_wind_set", "prevailing_wind_set", "dragon_set", "own_flower", "own_season", "all_four_flowers",
        "all_four_seasons", "no_chow", "pure_suit", "concealed", "robbing_a_kong", "self_drawn", "last_wall_tile",
        "thirteen_wonders", "all_terminals", "nine_gates", "seven_pairs", "four_kongs", "big_four_winds",
        "ruby_dragon", "jade_dragon", "opal_dragon", "self_draw", "discard", "robbed_kong", "no reading", "difference", "pay_highest",
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


def record_diffs(win: Any) -> list[str]:
    """What the naive scorer disagrees with in one recorded classical win (a referee ``Win``):
    the recorded points, doubles, limit, every seat's points, doubles and score, the payments
    (CL-5..CL-7), then ``hkmj score`` item by item."""
    req, rec = win.request, win.recorded
    naive = score_request(req)
    if naive["valid"] is not True:
        return ["the naive scorer finds no winning reading"]
    players = [naive["players"][s] for s in "ESWN"]
    w = players[rec["seat"]]
    pairs = {
        "points, doubles, score, limit": ((w["points"], w["doubles"], w["score"], w["limit_id"]),
                                          (rec["hand_points"], rec["doubles"], rec["score"], rec["limit"])),
        "hand_scores": ([p["score"] for p in players], rec["hand_scores"]),
        "seat_points": ([p["points"] for p in players], rec["seat_points"]),
        "seat_doubles": ([p["doubles"] for p in players], rec["seat_doubles"]),
        "payments": ([naive["settlement"][s] for s in "ESWN"], rec["payments"]),
    }  # fmt: skip
    # the record's items: the point lines (points x count), each double as what it adds, a limit
    # adjustment last; they add up to the recorded value (docs/rules-classical.md, the win event)
    lines: Counter[str] = Counter()
    doubles: Counter[str] = Counter()
    for i in rec["items"]:
        if i["id"] in POINT_IDS:
            lines[i["id"]] += i["points"] * i["count"]
        elif i["id"] != w["limit_id"] and i["id"] != "limit":
            doubles[i["id"]] += i["count"]
    naive_lines: Counter[str] = Counter()
    for i in w["items"]:
        naive_lines[i["id"]] += i.get("points", 0)
    pairs["point lines"] = (+naive_lines, +lines)
    pairs["doubles"] = (Counter(i["id"] for i in w["items"] if "doubles" in i), doubles)
    pairs["items add up"] = (rec["points"], sum(i["points"] * i["count"] for i in rec["items"]))
    diffs = [f"{k}: naive {a}, recorded {b}" for k, (a, b) in pairs.items() if a != b]
    return diffs + compare(req, score_json(req), naive)


def game_wins(path: Path, seed: int, hands: int, bots: str, options: list[str]) -> list[Any]:
    """The wins of a seeded ``hkmj simulate --rules classical --record`` game, each with the
    request rebuilt from the record by the independent referee (all four hands)."""
    args = ["simulate", "--rules", "classical", "--hands", str(hands), "--seed", str(seed), "--bots", bots, "--record", str(path), "--quiet"]  # fmt: skip
    for o in options:
        args += ["--option", o]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(args) == 0
    referee = _load_referee().Referee()
    referee.check([json.loads(line) for line in path.read_text().splitlines()])
    return list(referee.wins)


@pytest.mark.parametrize(
    ("seed", "options", "bots"),
    [
        (3, [], "greedy,greedy,greedy,random"),
        (5, ["pay_highest=on"], "greedy,greedy,greedy,greedy"),
        (8, ["limit=300", "pay_highest=on"], "greedy,random,greedy,greedy"),
    ],
)
def test_classical_games_agree_with_the_naive_oracle(tmp_path: Path, seed: int, options: list[str], bots: str) -> None:
    """Every win of a seeded 24-hand classical game (CL-5..CL-7): the naive scorer gives what
    the record says, and agrees with ``hkmj score`` item by item."""
    wins = game_wins(tmp_path / "game.jsonl", seed, 24, bots, options)
    assert len(wins) >= 5
    for win in wins:
        assert record_diffs(win) == [], json.dumps(win.request)


def main_compare(argv: list[str]) -> int:
    """A longer run than the tests': ``python -m tests.oracle.test_classical_differential deals N
    SEED`` compares N seeded deals; ``... games HANDS SEED...`` the wins of one game per seed
    (the options and bots vary with the seed). Prints the count and every disagreement."""
    bad = compared = 0
    kinds: Counter[str] = Counter()
    if argv[0] == "deals":
        rng = random.Random(int(argv[2]))
        for _ in range(int(argv[1])):
            req = random_deal(rng)
            diffs = compare(req, score_json(req), score_request(req))
            compared += 1
            bad += bool(diffs)
            if diffs:
                print(json.dumps(req), *diffs, sep="\n  ")
    else:
        configs = [([], "greedy,greedy,random,random"), (["pay_highest=on"], "strong,greedy,expert,greedy"),
                   (["limit=500"], "expert,expert,greedy,strong"), (["pay_highest=on", "limit=2000"], "greedy,greedy,greedy,greedy")]  # fmt: skip
        with tempfile.TemporaryDirectory() as tmp:
            for seed in map(int, argv[2:]):
                options, bots = configs[seed % len(configs)]
                for win in game_wins(Path(tmp) / f"{seed}.jsonl", seed, int(argv[1]), bots, options):
                    diffs = record_diffs(win)
                    compared += 1
                    kinds.update([win.request["win"], *win.request["flags"], str(win.recorded["limit"] or "")])
                    bad += bool(diffs)
                    if diffs:
                        print(json.dumps(win.request), *diffs, sep="\n  ")
    print(f"{compared} {'deals' if argv[0] == 'deals' else 'wins of recorded games'} compared: {bad} disagreements")
    if kinds:
        print(", ".join(f"{k or 'no limit'} {n}" for k, n in sorted(kinds.items())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main_compare(sys.argv[1:]))
