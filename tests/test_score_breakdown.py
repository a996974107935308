"""The breakdown a user reads adds up: ``hkmj score``'s printed table, in English and French,
for every ruleset, on seeded random hands.

A scorer comparing with hkmj reads the printed table, not the JSON: each line must name an
element of the rules page (HK-6, MCR-6.n, CL-5.1/CL-5.2/CL-5.3, the limit hands) and the
listed parts must add up to the total printed under them — HK-6 fan to the total and its
base, MCR-6 points (count × value) to the total with and without flowers (MCR-5.1, MCR-6.13),
classical points to each seat's points and its ``(×2)`` lines to its doubles, capped at the
limit (CL-5, CL-6.2) — and the printed payments or settlement to zero (HK-6, MCR-8, CL-7).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.oracle.classical_deals import random_deal

from hkmj.scoring import HONG_KONG, Win
from hkmj.scoring.classical import BONUS_LINE, CLASSICAL_LIMITS, DOUBLE_LINES, MAHJONG_LINE, POINT_LINES
from hkmj.scoring.generate import random_winning_hand
from hkmj.scoring.mcr import MCR_FANS
from hkmj.scoring.mcr_generate import random_mcr_hand
from hkmj.tiles import N_KINDS, N_TILE_IDS, SEAT_LETTERS, format_tiles, tile_str
from hkmj.tiles import name as tile_name

RunHkmj = Callable[..., tuple[int, str, str]]
"""``hkmj`` run in this process (the ``hkmj_cli`` fixture, tests/conftest.py): (status, stdout, stderr)."""

N_HANDS = 40
LANGS = ("en", "fr")
_NUMBER = re.compile(r"(-?\d+)\s*$")


def _run(hkmj_cli: RunHkmj, argv: list[str]) -> tuple[int, str]:
    """``hkmj`` in process (the ``hkmj_cli`` fixture): its status and stdout; never a traceback."""
    code, out, err = hkmj_cli(argv)
    assert "Traceback" not in err
    return code, out


def _win_args(win: Win) -> list[str]:
    """``hkmj score`` arguments describing a :class:`Win`."""
    args = [format_tiles(win.concealed, sort=False), "--win", tile_str(win.win_tile)]
    args += ["--seat", SEAT_LETTERS[win.seat], "--prevailing", SEAT_LETTERS[win.prevailing]]
    if win.discarder is not None:
        args += ["--from", SEAT_LETTERS[win.discarder]]
    if win.win == "robbed_kong":
        args.append("--robbed")
    for m in win.melds:
        args += ["--meld", str(m)]
    for f in win.flowers:
        args += ["--flower", str(f)]
    for s in win.seasons:
        args += ["--season", str(s)]
    for flag in sorted(win.flags):
        args += ["--flag", flag]
    return args


def _value(line: str) -> int:
    m = _NUMBER.search(line)
    assert m, line
    return int(m.group(1))


def _label(line: str) -> str:
    return _NUMBER.sub("", line).strip()


def _payments(lines: list[str]) -> dict[str, int]:
    """``  E    +64  winner`` lines under the payments heading, by seat letter."""
    out: dict[str, int] = {}
    for line in lines:
        m = re.match(r"^  ([ESWNO]) +([+-]?\d+)", line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


# ------------------------------------------------------------------ Hong Kong (HK-6)


@pytest.mark.parametrize("lang", LANGS)
def test_hk6_printed_elements_add_up_to_the_total_fan_and_its_base(lang: str, hkmj_cli: RunHkmj) -> None:
    """HK-6: every printed line is an element or limit of the table by its name; the lines add up to
    ``Total fan``; the base is the HK-6 table's (64 for a limit); the payments sum to zero and are
    those of the JSON answer."""
    names = {(e.name_fr if lang == "fr" else e.name): e.fan for e in HONG_KONG.elements}
    limits = {(lim.name_fr if lang == "fr" else lim.name) for lim in HONG_KONG.limits}
    rng = random.Random(20261202)
    for _ in range(N_HANDS):
        win = random_winning_hand(rng, pung_rate=rng.choice((0.2, 0.5, 0.9)))
        args = ["score", *_win_args(win), "--lang", lang]
        code, out = _run(hkmj_cli, args)
        assert code == 0, out
        lines = out.splitlines()
        rules = [i for i, line in enumerate(lines) if line and set(line) == {"-"}]
        assert len(rules) == 2, out
        items = lines[rules[0] + 1 : rules[1]]
        if items and items[0].startswith("("):  # a 0-fan win: the note that no element counts, alone
            assert items[0].endswith("HK-6)") and len(items) == 1, out
            items = []
        for line in items:
            assert _label(line) in names and names[_label(line)] == _value(line), line
        total = _value(lines[rules[1] + 1])
        assert sum(_value(line) for line in items) == total, out
        limit = next((line.split(":", 1)[1].strip() for line in lines if line.startswith(("Limit", "Main limite"))), None)
        base = _value(next(line for line in lines[rules[1] + 2 :] if _NUMBER.search(line) and not line.startswith("  ")))
        if limit is not None:
            assert limit in limits and base == 64, out
        else:
            assert base == HONG_KONG.base(total), out
        pay = _payments(lines)
        assert len(pay) == 4 and sum(pay.values()) == 0, out
        code, out = _run(hkmj_cli, [*args, "--json"])
        import json

        answer = json.loads(out)
        assert answer["fan"] == total and answer["base"] == base
        assert sorted(pay.values()) == sorted(answer["payments"].values())


# the house options' tables, copied from docs/house-options.md (fan 0-12, then the limit base)
_TABLES = {
    "seed": (1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64),
    "half": (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256),
    "doubling": (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096),
}
_LIMIT_BASES = {"seed": {8: 64, 10: 64, 13: 128}, "half": {8: 64, 10: 128, 13: 384}, "doubling": {8: 256, 10: 1024, 13: 8192}}


def test_house_options_printed_base_and_payments_follow_the_documented_tables(hkmj_cli: RunHkmj) -> None:
    """docs/house-options.md: with random ``minfan``, ``limit``, ``table``, ``payment`` and ``base``, the
    printed lines still add up to the total fan, the printed base is the documented table's (the
    limit base at the limit fan or for a limit hand) times ``base``, and the payments are the
    documented ones (``half-shooter``: the discarder pays 4 × base alone); a hand under ``minfan``
    that is no limit hand is not winning (status 1) and prints no payments."""
    rng = random.Random(20261205)
    one_suit = (*range(9), *range(27, 34))  # characters and honours: many hands of 8 fan or more
    for _ in range(N_HANDS * 2):
        win = random_winning_hand(rng, rng.choice((tuple(range(34)), one_suit)), pung_rate=rng.choice((0.2, 0.5, 0.9)))
        opts = {
            "minfan": rng.choice(("0", "1", "3")),
            "limit": rng.choice(("8", "10", "13")),
            "table": rng.choice(("seed", "half", "doubling")),
            "payment": rng.choice(("seed", "half-shooter")),
            "base": str(rng.choice((1, 2, 5, 1000))),
        }
        argv = ["score", *_win_args(win)]
        for key, value in opts.items():
            argv += ["--option", f"{key}={value}"]
        code, out = _run(hkmj_cli, argv)
        lines = out.splitlines()
        rules = [i for i, line in enumerate(lines) if line and set(line) == {"-"}]
        total = _value(lines[rules[1] + 1])
        assert sum(_value(line) for line in lines[rules[0] + 1 : rules[1]]) == total, out
        is_limit = any(line.startswith("Limit hand") for line in lines)
        if not is_limit and total < int(opts["minfan"]):
            assert code == 1 and "Payments" not in out, out
            continue
        assert code == 0, out
        limit, table = int(opts["limit"]), opts["table"]
        unit = _LIMIT_BASES[table][limit] if is_limit or total >= limit else _TABLES[table][total]
        base = unit * int(opts["base"])
        assert _value(next(line for line in lines if line.startswith("Base points"))) == base, out
        pay = _payments(lines)
        winner = SEAT_LETTERS[win.seat]
        for seat, amount in pay.items():
            if seat == winner:
                continue
            if win.discarder is None:
                owed = 2 * base
            elif opts["payment"] == "half-shooter":
                owed = 4 * base if seat == SEAT_LETTERS[win.discarder] else 0
            else:
                owed = 2 * base if seat == SEAT_LETTERS[win.discarder] else base
            assert amount == -owed, (seat, out)
        assert sum(pay.values()) == 0, out
        # the figures stand in one column however big (base=1000, table=doubling: 8192000), and so do the
        # payments (they overflowed to the right: "Base points                        8192000")
        figures = [line for line in lines[: rules[1] + 2] if set(line) != {"-"}] + [line for line in lines if line.startswith("Base points")]
        assert len({len(line) for line in figures}) == 1, out
        paid = [re.sub(r"\s+(?:winner|discarder|robbed kong, .*)$", "", line) for line in lines if re.match(r"  [ESWN] ", line)]
        assert len({len(line) for line in paid}) == 1, out


# ------------------------------------------------------------------ MCR


@pytest.mark.parametrize("lang", LANGS)
def test_mcr_printed_fans_add_up_to_the_total_with_and_without_flowers(lang: str, hkmj_cli: RunHkmj) -> None:
    """MCR-6, MCR-5.1: every printed line is one of the 81 fans by its name, with its count and its
    points (count × the fan's value); the lines
    add up to the total (flowers included), and the total without the Flower Tiles (MCR-6.13) is
    what the 8-point minimum reads; a winning hand's payments sum to zero (MCR-8)."""
    fans = {(f.name_fr if lang == "fr" else f.name): f for f in MCR_FANS}
    rng = random.Random(20261203)
    for _ in range(N_HANDS):
        win = random_mcr_hand(rng)
        code, out = _run(hkmj_cli, ["score", *_win_args(win), "--rules", "mcr", "--lang", lang])
        assert code in (0, 1), out
        lines = out.splitlines()
        rules = [i for i, line in enumerate(lines) if line and set(line) == {"-"}]
        assert len(rules) == 2, out
        total = flowers = 0
        for line in lines[rules[0] + 1 : rules[1]]:
            m = re.match(r"^(.*?)\s+(\d+)\s+(\d+)$", line)
            assert m, line
            fan = fans[m.group(1).strip()]
            count, points = int(m.group(2)), int(m.group(3))
            assert count >= 1 and points == count * fan.points, line  # the column is the line's points
            total += points
            if fan.number == 13:
                flowers = points
        assert _value(lines[rules[1] + 1]) == total, out
        assert _value(lines[rules[1] + 2]) == total - flowers, out
        assert code == (0 if total - flowers >= 8 else 1), out
        if code == 0:
            pay = _payments(lines)
            assert len(pay) == 4 and sum(pay.values()) == 0, out


# ------------------------------------------------------------------ classical (CL-5, CL-6, CL-7)


def _classical_args(req: dict[str, Any]) -> list[str]:
    """``hkmj score --rules classical`` arguments for a classical request (``--other`` for each other seat)."""
    winner = req["winner"]
    hand = req["hands"][winner]
    args = [hand["hand"], "--win", req["win_tile"], "--seat", winner, "--prevailing", req["prevailing"]]
    if "discarder" in req:
        args += ["--from", req["discarder"]]
    if req["win"] == "robbed_kong":
        args.append("--robbed")
    for m in hand["melds"]:
        args += ["--meld", m]
    for f in hand["flowers"]:
        args += ["--flower", str(f)]
    for s in hand["seasons"]:
        args += ["--season", str(s)]
    for flag in req["flags"]:
        args += ["--flag", flag]
    for seat, other in req["hands"].items():
        if seat == winner or other is None:
            continue
        parts = [other["hand"], *other["melds"], *(f"flower {f}" for f in other["flowers"])]
        parts += [f"season {s}" for s in other["seasons"]]
        args += ["--other", f"{seat}: {', '.join(parts)}"]
    options = req["options"]
    args += ["--option", f"pay_highest={'on' if options['pay_highest'] else 'off'}", "--option", f"limit={options['limit']}"]
    return ["score", *args, "--rules", "classical"]


@pytest.mark.parametrize("lang", LANGS)
def test_cl5_printed_points_and_doubles_add_up_to_each_seats_score(lang: str, hkmj_cli: RunHkmj) -> None:
    """CL-5, CL-6.2, CL-7: for every seat, its printed point lines add up to its points and its
    ``(×2)`` lines count its doubles; the score is points × 2^doubles capped at the limit, or the
    limit for a limit hand named by the rules page; the printed transfers give the printed totals,
    which sum to zero."""
    fr = lang == "fr"
    rng = random.Random(20261204)
    limit_names = {cl.name_fr if fr else cl.name for cl in CLASSICAL_LIMITS}
    line_names = {x.name_fr if fr else x.name for x in (*POINT_LINES, BONUS_LINE, MAHJONG_LINE, *DOUBLE_LINES)}
    line_names |= {tile_name(t, lang) for t in range(N_KINDS, N_TILE_IDS)}  # a bonus tile's line: its name (Season 3 (Autumn))
    scored = 0
    while scored < N_HANDS:
        req = random_deal(rng)
        code, out = _run(hkmj_cli, [*_classical_args(req), "--lang", lang])
        if code == 1:
            continue  # a deal changed to have no winning reading (CL-2.4): refused, nothing printed on stdout
        assert code == 0, out
        scored += 1
        limit = req["options"]["limit"]
        lines = out.splitlines()
        heads = [i for i, line in enumerate(lines) if re.match(r"^[ESWNO]( \((winner|gagnant)\))?[ \u00a0]?:", line)]
        assert len(heads) == 4, out
        ends = [*heads[1:], next(i for i, line in enumerate(lines) if line.startswith(("Settlement", "Règlement")))]
        for start, end in zip(heads, ends, strict=True):
            head, body = lines[start], lines[start + 1 : end]
            points = [_value(line) for line in body if not line.rstrip().endswith("(×2)")]
            doubles = sum(1 for line in body if line.rstrip().endswith("(×2)"))
            for line in body:
                label = re.sub(r"\s+\d+$", "", line.strip())
                label = re.sub(r", (exposed|concealed|exposé|exposée|caché|cachée)$", "", label)  # a group's, in words
                label = re.sub(r" (\(×2\)|\d\S*|[1-9][mpszf]\S*)( \([CE]\))?$", "", label)
                label = re.sub(r" \S+ \([CE]\)$", "", label)
                assert label in line_names, (label, out)
            if re.search(r"(limit hand|Grand Jeu) ", head):
                name = re.search(r"(?:limit hand|Grand Jeu) (.*?)[ \u00a0]?: (\d+)$", head)
                assert name and name.group(1) in limit_names and int(name.group(2)) == limit, head
                continue
            m = re.search(r"(\d+) points × 2\^(\d+) = (\d+)(?:, .*: (\d+))?$", head)
            if m is None:
                assert body == [] and re.search(r": (scores )?0$", head), head  # a hand not given (CL-5)
                continue
            assert int(m.group(1)) == sum(points) and int(m.group(2)) == doubles, (head, out)
            assert int(m.group(3)) == sum(points) << doubles, head
            assert int(m.group(4) or m.group(3)) == min(sum(points) << doubles, limit), head
        totals = {s: 0 for s in "ESWNO"}
        for line in lines[ends[-1] + 1 :]:
            t = re.match(r"^  ([ESWNO]) (?:pays|paie) ([ESWNO]) +(\d+)", line)
            if t:
                totals[t.group(1)] -= int(t.group(3))
                totals[t.group(2)] += int(t.group(3))
        shown = dict(re.findall(r"([ESWNO]) ([+-]?\d+)", lines[-1].split(":", 1)[1]))
        assert {s: int(v) for s, v in shown.items()} == {s: totals[s] for s in shown}, out
        assert sum(int(v) for v in shown.values()) == 0, out
