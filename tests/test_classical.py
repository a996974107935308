"""The classical game (docs/rules-classical.md, CL-1 … CL-7): hand-computed cases as data,
coverage of every table line, double and limit, and settlement properties.

``tests/data/classical_cases.jsonl`` holds one case per line; every expected number was
worked out by hand from the rules page (the ``rule`` field shows the sum).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hkmj.cli import main
from hkmj.rulesets import get_ruleset
from hkmj.scoring.classical import (
    BONUS_LINE,
    CLASSICAL_LIMITS,
    DOUBLE_LINES,
    MAHJONG_LINE,
    POINT_LINES,
    ClassicalOptions,
    Deal,
    deal_from_win,
    score_deal,
    score_json,
    settle,
)
from hkmj.scoring.generate import random_winning_hand
from hkmj.tiles import parse_tiles
from hkmj.tui.rules_texts import rule_words
from hkmj.tui.texts import STRINGS

Case = dict[str, Any]
CASES_PATH = Path(__file__).resolve().parent / "data" / "classical_cases.jsonl"
CASES: list[Case] = [json.loads(line) for line in CASES_PATH.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_classical_case(case: Case) -> None:
    """CL-5/CL-6/CL-7: ``score_json`` gives exactly the hand-computed result (or a clear error)."""
    got = score_json(case["input"])
    expect = case["expect"]
    if not expect["valid"]:
        assert got["valid"] is False, got
        assert expect["error_contains"] in got["error"]
        return
    assert got["valid"] is True, got
    for key in ("points", "doubles", "score", "limit", "settlement"):
        if key in expect:
            assert got[key] == expect[key], key
    if "item_ids" in expect:
        assert sorted(i["id"] for i in got["items"]) == expect["item_ids"]
        assert got["points"] == sum(i.get("points", 0) for i in got["items"])
        assert got["doubles"] == sum(i.get("doubles", 0) for i in got["items"])
    if "player_scores" in expect:
        assert {s: p["score"] for s, p in got["players"].items()} == expect["player_scores"]
    assert sum(got["settlement"].values()) == 0


def test_case_ids_unique() -> None:
    """Every case id appears once, so ``pytest -k <id>`` selects one case."""
    assert [cid for cid, n in Counter(c["id"] for c in CASES).items() if n > 1] == []


def test_every_table_line_double_and_limit_has_a_case() -> None:
    """CL-5.1 lines 1-12, CL-5.2/5.3 doubles and CL-6.1 limits: each is covered by a case."""
    known = {x.id for x in (*POINT_LINES, BONUS_LINE, MAHJONG_LINE)} | {d.id for d in DOUBLE_LINES}
    known |= {lim.id for lim in CLASSICAL_LIMITS}
    assert len(known) == 12 + 13 + 9
    covered = {cid for c in CASES for cid in c["covers"]}
    assert covered - known == set(), "covers names an unknown id"
    assert known - covered == set(), "ids without a case"


def test_every_table_line_double_and_limit_has_a_near_miss() -> None:
    """CL-5.1, CL-5.2, CL-5.3, CL-6.1: each line, double and limit is named in some case's
    ``misses`` (seat: ids): a look-alike that must not get it, or a request refused (CL-2.4, CL-3.4,
    CL-5.3)."""
    known = {x.id for x in (*POINT_LINES, BONUS_LINE, MAHJONG_LINE)} | {d.id for d in DOUBLE_LINES}
    known |= {lim.id for lim in CLASSICAL_LIMITS}
    missed = {cid for c in CASES for ids in c.get("misses", {}).values() for cid in ids}
    assert missed - known == set(), "misses names an unknown id"
    assert known - missed == set(), "ids without a near miss"


@pytest.mark.parametrize("case", [c for c in CASES if "misses" in c and c["expect"]["valid"]], ids=lambda c: c["id"])
def test_near_misses_do_not_get_what_they_miss(case: Case) -> None:
    """A near miss's seat has none of its ``misses`` among its items, nor as its limit hand (CL-5.4:
    a non-winner's items too)."""
    got = score_json(case["input"])
    for seat, ids in case["misses"].items():
        player = got["players"][seat]
        assert not set(ids) & ({i["id"] for i in player["items"]} | {player.get("limit_id")}), seat


def test_cl5_1_table_values_are_the_seed_table() -> None:
    """CL-5.1: (exposed, concealed) points of each group line, as in seed 002."""
    table = {line.id: (line.exposed, line.concealed) for line in POINT_LINES}
    assert table == {
        "pair_seat_wind": (2, 2),
        "pair_prevailing_wind": (2, 2),
        "pair_dragon": (0, 2),
        "chow": (0, 0),
        "pung_simple": (2, 4),
        "pung_terminal_wind": (4, 8),
        "pung_dragon": (4, 8),
        "kong_simple": (8, 16),
        "kong_terminal_wind": (16, 32),
        "kong_dragon": (16, 32),
    }
    assert (BONUS_LINE.exposed, MAHJONG_LINE.exposed) == (4, 20)


def test_cl2_5_winner_gets_the_best_reading() -> None:
    """CL-2.3, CL-2.5: a discarded 5m completing ``345m555m`` goes into the chow, so the pung
    stays concealed (4 points, not 2): the winner gets the placing that scores most."""
    r = score_json(
        {
            "hands": {"E": None, "S": {"hand": "345m555m123p234s99s"}, "W": None, "N": None},
            "winner": "S",
            "win": "discard",
            "win_tile": "5m",
            "discarder": "W",
            "prevailing": "E",
        }
    )
    assert r["valid"] is True
    assert [(i["id"], i["exposed"], i["points"]) for i in r["items"] if "exposed" in i] == [("pung_simple", False, 4)]
    assert r["points"] == 24


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _deal(seed: int, pay_highest: bool) -> Deal:
    """A random winning hand (the HK generator) as a classical deal; the other hands not given."""
    return deal_from_win(random_winning_hand(random.Random(seed)), options=ClassicalOptions(pay_highest=pay_highest))


@settings(max_examples=200, deadline=None)
@given(SEEDS, st.booleans())
def test_cl7_6_random_deals_settle_to_zero(seed: int, pay_highest: bool) -> None:
    """CL-7.6: every generated winning hand scores within the limit and the settlement sums to 0."""
    r = score_deal(_deal(seed, pay_highest))
    w = r.winner
    assert w.points >= 20 and 0 < w.score <= 1000
    assert w.score == 1000 if w.limit_id else w.score == min(w.points << w.doubles, 1000)
    assert sum(r.settlement) == 0
    assert r.settlement[r.winner_seat] > 0


@given(st.lists(st.integers(min_value=0, max_value=5000), min_size=4, max_size=4), st.integers(0, 3), st.booleans())
def test_cl7_settlement_sums_to_zero_and_east_doubles(scores: list[int], winner: int, pay_highest: bool) -> None:
    """CL-7.3, CL-7.6: transfers cancel out, and every transfer touching East is even (doubled)."""
    s = (scores[0], scores[1], scores[2], scores[3])
    transfers = settle(s, winner, pay_highest)
    net = [0, 0, 0, 0]
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
        if 0 in (t.payer, t.payee):
            assert t.amount % 2 == 0
    assert sum(net) == 0
    if not pay_highest:
        assert all(t.payee == winner for t in transfers if t.why == "mahjong")
        assert not any(t.why == "pay_highest" for t in transfers)


def test_cl_cli_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj score --rules classical`` prints every player's score and the settlement (docs example 1)."""
    code = main(
        [
            "score", "--rules", "classical", "88m567p234s111z", "--meld", "pung 777z", "--win", "1z", "--from", "W",
            "--seat", "S", "--flower", "2", "--other", "E: 13m46p555s9s56z, pung 222p",
            "--other", "W: 1789p45s2z666z, kong 7777m, season 3", "--other", "N: 12356m78s23z4p, pung 444z",
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "S (winner): 32 points × 2^3 = 256" in out
    assert "Totals: E -664  S +1024  W -36  N -324" in out


@pytest.mark.parametrize(
    ("lang", "bonus", "group"),
    [("en", "    Season 3 (Autumn)", "    Kong of 2-8 7777m, exposed"), ("fr", "    Saison 3 (Automne)", "    Kong de 2 à 8 7777m, exposé")],
)
def test_cl_5_cli_names_bonus_tiles_and_says_exposed_in_words(lang: str, bonus: str, group: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CL-5.1 items as a newcomer reads them: West's Season 3 was printed ``Flower or season 7f``
    (the tile's id, which no input uses: it is given as ``season 3``), groups ended ``(E)`` or
    ``(C)`` with nothing saying what the letters mean, and a double's line ended in spaces."""
    code = main(
        [
            "score", "--rules", "classical", "88m567p234s111z", "--meld", "pung 777z", "--win", "1z", "--from", "W",
            "--seat", "S", "--flower", "2", "--other", "W: 1789p45s2z666z, kong 7777m, season 3", "--lang", lang,
        ]
    )  # fmt: skip
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(bonus) and line.endswith(" 4") for line in lines)
    assert any(line.startswith(group) and line.endswith(" 8") for line in lines)
    assert not any("7f" in line or "(E)" in line or "(C)" in line or line != line.rstrip() for line in lines)


def test_cl_cli_json_stream_and_errors(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Machine mode: one JSON result per line; a bad line gets ``valid: false`` and the batch goes on."""
    import io

    lines = [json.dumps(CASES[0]["input"]), "{not json", json.dumps({"winner": "S"})]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--rules", "classical"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["valid"] for o in out] == [True, False, False]
    assert out[0]["score"] == CASES[0]["expect"]["score"]
    assert "missing field" in out[2]["error"]


def test_cl_cli_bad_other_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    """A malformed ``--other`` names the problem and exits 2, never a traceback."""
    code = main(["score", "--rules", "classical", "123m456p234s55m", "--meld", "chow 789s", "--win", "1m", "--other", "X 123m"])
    assert code == 2
    assert "--other" in capsys.readouterr().err


@pytest.mark.parametrize("seat", ["\u017f", "Ｓ", "S1", ""], ids=["long_s", "fullwidth", "S1", "empty"])
def test_cl_cli_other_seat_is_a_wind_never_a_look_alike(seat: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CL-5, as ``--seat``: ``--other``'s seat is a wind (a letter or a name, any case); the long s
    ``ſ``, whose ``upper()`` is ``S``, was once read as South."""
    argv = ["score", "--rules", "classical", "123m456p234s55m", "--meld", "chow 789s", "--win", "1m", "--seat", "E"]
    code = main([*argv, "--other", f"{seat}: 13m46p555s9s56z, pung 222p"])
    assert code == 2
    assert "expected 'SEAT: TILES, ...' with SEAT one of E, S, W (or O), N" in capsys.readouterr().err
    assert main([*argv, "--other", "S: 13m46p555s9s56z, pung 222p"]) == 0


def test_cl_cli_french_names(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang fr`` prints the seed's French names."""
    code = main(["score", "--rules", "classical", "123m456p234s55m", "--meld", "chow 789s", "--win", "1m", "--lang", "fr"])
    assert code == 0
    assert "Mah-Jong" in capsys.readouterr().out


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.sampled_from(["E", "S", "1m", "123m", "pung 777z", "discard", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["hand", "melds", "E", "S", "W", "N", "x"]), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={k: JSON for k in ("hands", "winner", "win", "win_tile", "discarder", "prevailing", "flags", "options")},
)


@settings(max_examples=300, deadline=None)
@given(FIELDS | JSON)
def test_cl_bad_input_gives_a_clear_error_never_a_traceback(obj: Any) -> None:
    """Any JSON value gets ``{"valid": false, "error": ...}`` (or a valid result), never an exception."""
    got = score_json(obj)
    assert got["valid"] in (True, False)
    if not got["valid"]:
        assert isinstance(got["error"], str) and got["error"]


BIG = "z" * 50_000
GOOD: dict[str, Any] = {
    "hands": {"E": None, "S": {"hand": "123m456p234s22z", "melds": ["chow 789s"]}, "W": None, "N": None},
    "winner": "S",
    "win": "discard",
    "win_tile": "1m",
    "prevailing": "E",
    "discarder": "W",
}


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("win",), BIG),
        (("flags",), [1] * 30_000),
        (("flags",), [BIG]),
        (("options",), {"limit": BIG}),
        (("options",), {"pay_highest": BIG}),
        (("options",), {BIG: 1}),
        ((BIG,), 1),
        (("hands", "S", BIG), 1),
        (("winner",), BIG),
        (("win_tile",), [BIG]),
    ],
)
def test_cl_errors_quote_at_most_a_short_piece_of_the_input(path: tuple[str, ...], value: Any) -> None:
    """A refusal names the bad value but never echoes more than a short piece of it (R-9: one
    line in, one short line out; a 50,000-character field once came back whole)."""
    obj = json.loads(json.dumps(GOOD))
    inner = obj
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    got = score_json(obj)
    assert got["valid"] is False and 10 < len(got["error"]) < 300, got["error"][:400]


def test_cl_a_flag_given_twice_is_refused() -> None:
    """As in the Hong Kong and MCR requests, a flag listed twice is a mistake to name, not to ignore."""
    obj = {**GOOD, "win": "self_draw", "flags": ["last_wall_tile", "last_wall_tile"]}
    obj.pop("discarder")
    assert score_json(obj) == {"valid": False, "error": 'flags ["last_wall_tile", "last_wall_tile"]: a flag is given twice'}


@pytest.mark.parametrize("flag", ["--seat", "--prevailing", "--from"])
def test_cl_cli_bad_wind_is_named(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CL-5: a seat or wind that is not E, S, W (O) or N is a bad option value naming the option (exit
    2, as under the Hong Kong rules and for argparse's own), never a complaint about the four hands."""
    code = main(["score", "--rules", "classical", "123m456p234s55m", "--meld", "chow 789s", "--win", "1m", flag, "X"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"hkmj score: {flag} 'X': expected a wind E, S, W" in err


def test_cl6_2_cli_shows_the_cap_at_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """CL-6.2: a hand over the limit prints its real product, then the cap (48 × 2^4 is 768, not 100)."""
    args = ["score", "--rules", "classical", "111m999p11z", "--meld", "pung 777z", "--meld", "pung 555z", "--win", "1m"]
    assert main([*args, "--option", "limit=100"]) == 0
    assert "E (winner): 48 points × 2^4 = 768, capped at the limit: 100" in capsys.readouterr().out
    assert main([*args, "--option", "limit=100", "--lang", "fr"]) == 0
    assert "E (gagnant)\u00a0: 48 points × 2^4 = 768, plafonné à la limite\u00a0: 100" in capsys.readouterr().out
    assert main(args) == 0
    assert "E (winner): 48 points × 2^4 = 768\n" in capsys.readouterr().out


def test_cl3_4_cli_robbed_needs_the_robbed_player(capsys: pytest.CaptureFixture[str]) -> None:
    """CL-3.4: ``--robbed`` without ``--from`` says which option names the robbed player; a usage
    error (exit 2) as in the other rulesets."""
    code = main(["score", "--rules", "classical", "123m456p234s55m", "--meld", "chow 789s", "--win", "1m", "--robbed"])
    assert code == 2
    assert "--robbed needs --from SEAT" in capsys.readouterr().err


def test_cl7_4_pay_highest_takes_a_json_boolean_its_words_and_the_numbers_1_and_0() -> None:
    """CL-7.4 ``pay_highest`` in a JSON request: true or false; as text, the words the option reads
    on the command line and their kin (on/off, yes/no, true/false, 1/0, any case, spaces around);
    the numbers 1 and 0 as their text is read (the number 1 was refused while "1" was taken).
    Any other value is refused by name: 2, 1.0, null, "maybe"."""
    obj = json.loads(json.dumps(GOOD))
    obj["hands"]["W"] = {"hand": "777z11z99p", "melds": ["pung 555z", "pung 666z"]}  # scores more than the winner

    def settled(value: Any) -> Any:
        got = score_json({**obj, "options": {"pay_highest": value}})
        return got.get("settlement", got)

    on, off = settled(True), settled(False)
    assert on != off and on["S"] < 0 < off["S"]  # the winner pays the higher score (CL-7.4)
    for value in (1, "1", "on", " Yes ", "TRUE"):
        assert settled(value) == on, value
    for value in (0, "0", "off", "no", "False "):
        assert settled(value) == off, value
    for value, shown in ((2, "2"), (1.0, "1.0"), (None, "null"), ("maybe", "'maybe'"), ([1], "[1]")):
        assert settled(value) == {"valid": False, "error": f"option pay_highest={shown}: expected true or false (CL-7.4)"}


def test_cl5_null_counts_as_absent_for_the_optional_fields_of_a_request() -> None:
    """CL-5 request (docs/rules-classical.md), as R-9 reads the Hong Kong and MCR requests: ``null``
    counts as absent for ``melds``, ``flowers``, ``seasons`` and ``flags`` (it was refused, "hands.S.melds:
    expected a list", where the other rulesets' requests take it); another value of the wrong type is still named."""
    base = json.loads(json.dumps(GOOD))
    base["hands"]["S"] = {"hand": "123m456p234s22z789s"}
    want = score_json(base)
    assert want["valid"] is True
    nulls = json.loads(json.dumps(base))
    nulls["hands"]["S"].update(melds=None, flowers=None, seasons=None)
    assert score_json({**nulls, "flags": None}) == want
    assert score_json({**base, "flags": 0}) == {"valid": False, "error": "flags 0: expected a list of flag names"}
    nulls["hands"]["S"]["melds"] = False
    assert score_json(nulls) == {"valid": False, "error": "hands.S.melds: expected a list like ['pung 555m', 'chow 345s']"}


def test_cl7_4_cl6_2_the_command_line_options_fill_what_a_json_request_leaves_out(tmp_path: Path) -> None:
    """CL-7.4, CL-6.2: ``hkmj score --rules classical --option pay_highest=on --option limit=100``
    reading JSON lines gives each request the options it leaves out: no ``options``, ``null``, ``{}``
    or one key of the two. A request with ``"options": {"limit": 100}`` was scored with
    pay_highest off, the command line's option silently dropped (and ``null`` or ``{}`` dropped
    both); a key the request gives is still its own."""
    from hkmj.rulesets import get_ruleset

    obj = json.loads(json.dumps(GOOD))
    obj["hands"]["W"] = {"hand": "777z11z99p", "melds": ["pung 555z", "pung 666z"]}  # 144 points: more than the winner
    scorer = get_ruleset("classical", {"pay_highest": "on", "limit": "100"}).score_json
    both = score_json({**obj, "options": {"pay_highest": True, "limit": 100}})
    assert both["players"]["W"]["score"] == 100 and any(t["why"] == "pay_highest" for t in both["transfers"])
    without = {k: v for k, v in obj.items() if k != "options"}
    for options in ("absent", None, {}, {"limit": 100}, {"pay_highest": "on"}, {"limit": "100", "pay_highest": 1}):
        request = without if options == "absent" else {**obj, "options": options}
        assert scorer(request) == both, options
    assert scorer({**obj, "options": {"pay_highest": False}}) == score_json({**obj, "options": {"pay_highest": False, "limit": 100}})
    assert scorer({**obj, "options": {"limit": 1000}}) == score_json({**obj, "options": {"pay_highest": True, "limit": 1000}})
    assert scorer({**obj, "options": {"limit": 1}})["error"].startswith("option limit=1: expected a whole number of points")
    assert scorer({**obj, "options": []})["error"].startswith("options: expected an object")
    # the command line itself, one request a line
    lines = "".join(json.dumps(r) + "\n" for r in (without, {**obj, "options": None}, {**obj, "options": {"limit": 100}}))
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "hkmj", "score", "--rules", "classical", "--option", "pay_highest=on", "--option",
                          "limit=100"], input=lines, capture_output=True, text=True, check=True, cwd=tmp_path,
                         env={**__import__("os").environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")})
    assert [json.loads(line)["settlement"] for line in run.stdout.splitlines()] == [both["settlement"]] * 3


@pytest.mark.parametrize(
    ("lang", "pair", "pung"),
    [("en", "    Pair of dragons 55z, concealed", "    Pung of dragons 777z, exposed"),
     ("fr", "    Paire de Dragons 55z, cachée", "    Pung de Dragons 777z, exposé")],
)
def test_cl_5_1_a_pair_is_cachee_in_french(lang: str, pair: str, pung: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CL-5.1 line 3: the French report said « Paire de Dragons 55z, caché », a masculine word for
    a pair (une paire); it says « cachée », and a pung stays « exposé »."""
    argv = ["score", "--rules", "classical", "123m456p789s55z", "--meld", "pung 777z", "--win", "9s", "--from", "N", "--lang", lang]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(pair) for line in lines) and any(line.startswith(pung) for line in lines), lines


ROBBED_5P = ["score", "--rules", "classical", "123m678p789s99s345p", "--win", "5p", "--robbed", "--from", "S", "--seat", "N"]


@pytest.mark.parametrize(
    ("lang", "error"),
    [("en", "robbed kong of 5p: the other three 5p are in S's robbed pung, so W holds none (CL-3.4)"),
     ("fr", "kong volé de 5p\u00a0: les trois autres 5p sont dans le pung volé de S, O n'en tient donc aucun (CL-3.4)")],
)
def test_cl3_4_robbed_pung_not_given_still_holds_three(lang: str, error: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CL-1.1, CL-3.4: a robbed kong was being added to S's exposed pung, so three 5p are S's even
    when S's hand is not given; W showing a pung of 5p as well made seven 5p and was scored."""
    assert main([*ROBBED_5P, "--other", "W: 258m369s147s7z, pung 555p", "--lang", lang]) == 1
    assert error in capsys.readouterr().err
    assert main([*ROBBED_5P, "--other", "W: 258m369s147s7z, pung 555m"]) == 0  # no 5p elsewhere: scored
    capsys.readouterr()


PAGE = (Path(__file__).resolve().parents[1] / "docs" / "rules-classical.md").read_text(encoding="utf-8")


def _page_item(rule: str) -> str:
    """The text of numbered rule ``rule`` (``CL-3.5``) on docs/rules-classical.md, on one line."""
    section, item = rule.rsplit(".", 1)
    body = PAGE.split(f"\n## {section} ", 1)[1].split("\n## ", 1)[0]
    found = re.search(rf"(?ms)^{item}\. (.*?)(?=^\d+\. |^#|\Z)", body)
    assert found, rule
    return " ".join(found.group(1).split())


def test_cl_1_1_the_page_rules_on_seed_002s_optional_flowers_as_the_game_plays() -> None:
    """CL-1.1 Ruling: seed 002 calls the flowers and seasons optional; the page must say which
    reading hkmj takes, and the game agrees: no option leaves them out, and they score."""
    said = _page_item("CL-1.1")
    assert "**Ruling**" in said and "optionnelle" in said and "always plays with them" in said
    assert [o.key for o in get_ruleset("classical").OPTIONS] == ["pay_highest", "limit"]
    assert (BONUS_LINE.exposed, BONUS_LINE.concealed) == (4, 4)


def test_cl_5_2_a_pair_of_dragons_or_of_a_wind_doubles_nothing_as_the_page_rules() -> None:
    """CL-5.2 Ruling: seed 002's doubles for a "Combinaison" of dragons or of a wind are read for
    a pung or kong only (its "Combinaisons" include the pair); the page states the reading, and a
    concealed pair of dragons, of one's seat wind or of the prevailing wind earns its CL-5.1 points
    and no double."""
    assert "**Ruling** (\"Combinaison du Vent du joueur" in PAGE and "doubles nothing" in PAGE
    for pair, lines in (("55z", {"pair_dragon": 2}), ("22z", {"pair_seat_wind": 2}), ("11z", {"pair_prevailing_wind": 2})):
        r = score_json(
            {
                "hands": {"E": None, "S": {"hand": "123m456m789m234p" + pair}, "W": None, "N": None},
                "winner": "S",
                "win": "self_draw",
                "win_tile": "4p",
                "prevailing": "E",
            }
        )
        assert r["valid"] is True, r
        assert {i["id"]: i["points"] for i in r["items"] if "points" in i and i["id"] != "mahjong"} == lines
        assert [i["id"] for i in r["items"] if "doubles" in i] == ["concealed", "self_drawn"]


def test_cl_3_5_the_turn_kong_line_cites_a_rule_that_states_it() -> None:
    """CL-3.5: the terminal's line on a kong declared on one's own turn (a concealed kong, or a
    drawn tile added to an exposed pung, then a replacement) cites CL-3.5, and CL-3.5 says so; it
    spoke only of the claimer's turn."""
    shown = rule_words(STRINGS["en"], "classical", "en")["rule.kong_turn"]
    assert shown.startswith("CL-3.5:")
    said = _page_item("CL-3.5")
    assert "own turn" in said and "concealed kong" in said and "exposed pung" in said and "replacement" in said


def test_worked_example_1_says_nothing_of_pairs_north_does_not_hold() -> None:
    """Worked example 1 (CL-5.4): North's concealed tiles are all single, so the page must not speak
    of "the pairs he holds"."""
    row = next(line for line in PAGE.splitlines() if line.startswith("| N | `12356m"))
    tiles = Counter(parse_tiles(row.split("`")[1]))
    assert max(tiles.values()) == 1
    assert "The pairs he holds" not in PAGE


def test_cl_2_5_the_pages_tie_example_says_which_pung_is_exposed() -> None:
    """CL-2.5 Ruling (ties): ``66667788999s`` won on a discarded 9s (with a declared chow) reads as
    a concealed pung of 666s (4, line 5) or as the exposed pung of 999s (4, line 6); the page said
    "the exposed pung is 666s or 999s", but a 666s pung is never exposed there: the discard
    completes a chow or the pair in that reading."""
    r = score_json(
        {
            "hands": {"E": None, "S": {"hand": "66667788999s", "melds": ["chow 123m"]}, "W": None, "N": None},
            "winner": "S",
            "win": "discard",
            "discarder": "W",
            "win_tile": "9s",
            "prevailing": "E",
        }
    )
    assert r["valid"] is True and r["score"] == 24
    pungs = {(i["tiles"], i["exposed"], i["points"]) for i in r["items"] if i["id"].startswith("pung")}
    assert pungs in ({("999s", True, 4)}, {("666s", False, 4)})
    said = " ".join(_page_item("CL-2.5").split())
    assert "a concealed pung of `666s`, 4 points by line 5, or the pung of `999s` the discard exposes" in said
    assert "the exposed pung is `666s`" not in said


def test_cl_5_3_robbing_a_kong_is_the_tile_added_to_a_pung_not_a_discard_wanted_for_a_kong() -> None:
    """CL-5.3 Ruling (robbing a kong): seed 002's gloss "réclamer l'écart pour kong pour faire
    Mah-Jong" is read as taking the tile added to an exposed pung (CL-3.4); a Mahjong on a discard
    that another player could have konged (W holds three 5s) is a win on a discard, without the
    double. The page states the reading; the scorer refuses a robbed kong whose robbed player shows
    no pung."""
    said = " ".join(PAGE.split())
    assert "**Ruling** (robbing a kong): seed 002 glosses it \"réclamer l'écart pour kong pour faire Mah-Jong\"" in said
    deal = {
        "hands": {"E": None, "S": {"hand": "123m456p789s55m456s"}, "W": {"hand": "555s1234m6789p12z"}, "N": None},
        "winner": "S",
        "win_tile": "5s",
        "discarder": "N",
        "prevailing": "E",
    }
    won = score_json({**deal, "win": "discard"})
    assert won["valid"] is True and "robbing_a_kong" not in [i["id"] for i in won["items"]]
    robbed = score_json({**deal, "win": "robbed_kong"})
    assert robbed["valid"] is False and "(CL-3.4)" in robbed["error"]


def test_cl_5_cl_6_every_name_the_end_of_a_hand_shows_is_on_the_rules_page() -> None:
    """CL-5, CL-6: the end of a classical hand (terminal, browser) names its lines and doubles ("Set of the
    prevailing wind (×2)", "Pure hand (one suit)", "Mahjong from the wall"), but the rules page listed the doubles
    by id and condition only and the point lines in other words ("pair of your seat wind"): a player who read
    "Set of own seat wind" on their screen found it nowhere on the page. Every line, double and limit hand is now
    on the page under the name shown, in English and French."""
    shown = [(x.name, x.name_fr) for x in (*POINT_LINES, BONUS_LINE, MAHJONG_LINE, *DOUBLE_LINES, *CLASSICAL_LIMITS)]
    missing = [name for pair in shown for name in pair if name not in PAGE]
    assert not missing, missing
