"""``hkmj score`` as a stranger drives it: every option combination gets a documented exit
status and a clear message, never a traceback and never an option silently ignored (R-9,
docs/scoring.md "Exit status"), for each ruleset (hk, mcr, classical)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hkmj.cli import main
from hkmj.scoring import InvalidHand, Meld, Win, score, score_mcr
from hkmj.scoring.classical import ClassicalOptions, Deal, score_deal
from hkmj.scoring.classical import score_json as classical_json
from hkmj.scoring.model import PlayerHand
from hkmj.tiles import NotationError, parse_tiles, tile

HAND = ["234s567p88m111z777z", "--win", "1z"]
RULES = ["hk", "mcr", "classical"]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> tuple[int, str, str]:
    """``main(argv)`` in process; an argparse usage error (SystemExit) counts as its status."""
    import sys

    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        code = main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    "twice",
    [["--win", "1z"], ["--from", "N"], ["--seat", "W"], ["--prevailing", "S"], ["--lang", "fr"], ["--rules", "hk"]],
    ids=["win", "from", "seat", "prevailing", "lang", "rules"],
)
def test_r9_an_option_of_one_value_given_twice_is_refused(rules: str, twice: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``--seat S --seat W`` is a usage error (exit 2) naming the option: the last one never silently wins."""
    once = ["--from", "W", "--seat", "S", "--prevailing", "E", "--lang", "en", "--rules", rules]
    code, out, err = _run(["score", *HAND, *once, *twice], capsys)
    assert code == 2 and out == ""
    assert f"argument {twice[0]}: given twice" in err and "Traceback" not in err


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    "option",
    [["--win", "1z"], ["--from", "W"], ["--seat", "S"], ["--prevailing", "S"], ["--robbed"], ["--meld", "pung 777z"],
     ["--flower", "1"], ["--season", "2"], ["--flag", "last_wall_tile"], ["--lang", "fr"], ["--other", "W: 123m"]],
    ids=lambda o: o[0],
)  # fmt: skip
def test_r9_options_of_one_hand_without_a_hand_are_refused_not_ignored(
    rules: str, option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """With no hand, ``hkmj score`` reads JSON requests (R-9): an option meant for a command-line
    hand would be dropped, so it is a usage error (exit 2) before any line is read."""
    line = '{"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "self_draw", "seat": "E", "prevailing": "E"}\n'
    code, out, err = _run(["score", "--rules", rules, *option], capsys, stdin=line)
    assert code == 2 and out == ""
    assert f"{option[0]} needs a hand on the command line" in err


@pytest.mark.parametrize("rules", ["hk", "mcr"])
def test_cl5_other_hands_outside_the_classical_game_are_refused(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--other`` gives a non-winner's hand, which only the classical game scores (CL-5)."""
    code, out, err = _run(["score", *HAND, "--rules", rules, "--other", "W: 1789p45s2z666z, kong 7777m"], capsys)
    assert code == 2 and out == ""
    assert "--other gives another seat's hand to the classical game" in err


@pytest.mark.parametrize(("rules", "rule"), [("hk", "HK-4.10"), ("mcr", "MCR-6.43"), ("classical", "CL-3.4")])
def test_hk4_10_robbed_without_from_is_a_usage_error_in_every_ruleset(rules: str, rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A robbed kong needs the seat that was robbed (HK-4.10, MCR-6.43, CL-3.4): exit 2 in each ruleset."""
    code, out, err = _run(["score", "234s567p88m111z777z", "--win", "2s", "--robbed", "--rules", rules], capsys)
    assert code == 2 and out == ""
    assert f"--robbed needs --from SEAT, the seat whose added kong was robbed ({rule})" in err


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["234x567p88m111z777z", "--win", "1z"], "'234x': unknown suit 'x'"),
        (["234s567p88m111z777z", "--win", "2z"], "2z is not in the concealed hand"),
        (["234s567p88m111z777z", "--win", "1z", "--seat", "X"], "--seat 'X': expected a wind"),
        (["234s567p88m111z777z", "--win", "1z", "--flower", "5"], "1-4"),
        (["23x4s", "--json"], "'23x': unknown suit 'x'"),
    ],
    ids=["bad_suit", "win_not_in_hand", "bad_seat", "flower_5", "bad_hand_no_win"],
)
def test_r9_json_output_answers_an_invalid_hand_on_stdout(rules: str, argv: list[str], error: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` prints the machine interface's ``{"valid": false, "error"}`` on stdout (exit 1),
    the same schema as a bad JSON line, so a script reads one object whatever happened."""
    code, out, err = _run(["score", *argv, "--rules", rules] + ([] if "--json" in argv else ["--json"]), capsys)
    answer = json.loads(out)
    assert code == 1 and err == ""
    assert answer["valid"] is False and set(answer) == {"valid", "error"}
    assert error in answer["error"]


@pytest.mark.parametrize(
    ("hand", "error"),
    [
        ("1" * 100_000 + "m", "hands.E.hand of 100,001 characters: a hand of at most 14 tiles is written in at most 80 (CL-1.1)"),
        ("0" * 100_000 + "m", "hands.E.hand of 100,001 characters"),
    ],
    ids=["100k_ones", "100k_zeros"],
)
def test_cl1_1_an_overlong_classical_hand_is_refused_by_its_size(hand: str, error: str) -> None:
    """A hand longer than any legal one is refused before its tiles are read, as R-9 does for
    Hong Kong and MCR (it once took the classical reader minutes: a quadratic error text)."""
    request = {"hands": {"E": {"hand": hand}, "S": None, "W": None, "N": None}, "winner": "E", "win": "self_draw",
               "win_tile": "1m", "prevailing": "E"}  # fmt: skip
    answer = classical_json(request)
    assert answer["valid"] is False and answer["error"].startswith(error) and len(answer["error"]) < 200


def test_cl2_more_than_four_melds_in_a_classical_hand_are_refused() -> None:
    """A hand holds at most four groups (CL-2): forty declared pungs are named as such, not as 120 copies."""
    request = {"hands": {"E": {"hand": "88m", "melds": ["pung 111m"] * 40}, "S": None, "W": None, "N": None},
               "winner": "E", "win": "self_draw", "win_tile": "8m", "prevailing": "E"}  # fmt: skip
    assert classical_json(request) == {"valid": False, "error": "hands.E.melds: 40 melds: a hand has at most four groups (CL-2)"}


@pytest.mark.parametrize(("value", "shown"), [(None, "null"), ([], "[]"), ("x", "'x'"), (1, "1")])
def test_cl5_a_request_that_is_no_object_is_named_as_json(value: Any, shown: str) -> None:
    """The classical reader names what it got in JSON terms (``null``), never Python's (``NoneType``)."""
    assert classical_json(value) == {"valid": False, "error": f"expected a JSON object, got {shown}"}


def test_hk1_4_a_long_digit_run_names_its_group_once() -> None:
    """HK-1.4: a bad tile in a long run of digits is named by that run (the run is read once, not once per digit)."""
    with pytest.raises(NotationError, match=r"unknown tile 0m"):
        parse_tiles("1" * 50_000 + "0m")
    assert parse_tiles("1 1 1m") == [0, 0, 0]


_WORDS = st.sampled_from(
    ["234s567p88m111z777z", "19m19p19s1234567z1z", "88m", "1m", "", "abc", "１２３m", "--win", "1z", "2s", "0m", "--from",
     "W", "E", "O", "x", "--seat", "S", "--prevailing", "N", "--robbed", "--meld", "pung 777z", "kong 1111z", "chow 135s",
     "--flower", "1", "5", "-1", "--season", "4", "--flag", "last_wall_tile", "heavenly", "earthly", "last_of_kind",
     "kong_replacement", "final_discard", "--lang", "fr", "de", "--json", "--rules", "hk", "mcr", "classical", "zz",
     "--option", "minfan=3", "limit=500", "pay_highest=on", "--other", "W: 1789p45s2z666z, kong 7777m", "S: 123m", "--",
     "-h"]
)  # fmt: skip


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(_WORDS, max_size=10), text=st.text(max_size=6))
def test_r9_fuzzed_score_command_lines_never_raise(words: list[str], text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Any command line of ``hkmj score`` ends with status 0, 1 or 2 and says why: 2 (usage) on
    stderr, 1 (not a winning hand) on stderr or, with ``--json``, one JSON object on stdout."""
    argv = ["score", *words, text] if text.strip() and not text.startswith("-") else ["score", *words]
    line = '{"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "self_draw", "seat": "E", "prevailing": "E"}\n'
    code, out, err = _run(argv, capsys, stdin=line)
    assert code in (0, 1, 2), (argv, code)
    assert "Traceback" not in out + err, argv
    if "-h" in argv[1:] and code == 0:
        return
    if code == 2:
        assert err.strip() and out == "", argv
    elif "--json" in argv and out:  # a result, an invalid answer or JSON lines: objects only
        assert all(isinstance(json.loads(x), dict) for x in out.splitlines()), argv
    elif code == 1:
        assert err.strip() or out.strip(), argv


# --- the library entry points: a Win or Deal built in Python ------------------------------

_BASE_WIN: dict[str, Any] = dict(concealed=(0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27), win_tile=0, win="self_draw", seat=0, prevailing=0)


@pytest.mark.parametrize(
    ("melds", "error"),
    [
        ((Meld("chow", 8),), "meld chow from 9m: a chow is three consecutive tiles of one suit (HK-4.2, HK-5.2)"),
        ((Meld("chow", 27),), "meld chow from 1z: a chow is three consecutive tiles of one suit (HK-4.2, HK-5.2)"),
        ((Meld("pung", 40),), "meld pung 7f: bonus tiles never form melds (HK-3.2)"),
        ((Meld("pung", 99),), "meld pung 99: 99 is not a tile number (an int 0-33)"),
        ((Meld("bogus", 1),), "meld 'bogus' 1: expected a kind (chow, pung, kong, ckong) and a tile number 0-33"),
        ("pung 111m", "melds must be a tuple of Meld, not str"),
        (("pung 111m",), "melds: 'pung 111m' is not a Meld"),
    ],
    ids=["chow_across_suits", "chow_of_honours", "pung_of_bonus", "pung_99", "unknown_kind", "melds_str", "meld_str"],
)
def test_hk4_2_a_meld_built_in_python_is_checked_before_scoring(melds: Any, error: str) -> None:
    """HK-4.2, HK-5.2, HK-3.2: ``Meld("chow", 8)`` (9m 1p 2p) was scored as a chow; now every
    scorer refuses an impossible meld with its reason, never an AttributeError or IndexError."""
    win = Win(**{**_BASE_WIN, "melds": melds})
    with pytest.raises(InvalidHand) as err:
        score(win)
    assert str(err.value).startswith(error)
    with pytest.raises(InvalidHand):
        score_mcr(win)
    deal = Deal(hands=(PlayerHand(_BASE_WIN["concealed"], melds, (), ()), None, None, None), winner=0, win_tile=0)
    with pytest.raises(InvalidHand) as err:
        score_deal(deal)
    if isinstance(melds, tuple) and all(isinstance(m, Meld) for m in melds):
        assert str(err.value) == f"E: {error}"
    else:
        assert str(err.value) in ("hands.E: melds must be a tuple of Meld, not str", "E: melds: 'pung 111m' is not a Meld (e.g. Meld.parse('pung 555m'))")


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("concealed", (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, -1), "concealed: -1 is not a tile number (an int 0-33)"),
        ("flags", "last_wall_tile", "flags 'last_wall_tile': expected a set of names"),
    ],
    ids=["tile_minus_1", "flags_str"],
)
def test_hk1_a_win_field_of_the_wrong_form_is_named(field: str, value: Any, error: str) -> None:
    """HK-1: a tile number out of range and a string of flags are named, not read as a bonus
    tile or letter by letter (``unknown flag '_'``)."""
    win = Win(**{**_BASE_WIN, "concealed": (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, 28), field: value})
    with pytest.raises(InvalidHand) as err:
        score(win)
    assert str(err.value).startswith(error)


@pytest.mark.parametrize("flags", [{"last_wall_tile"}, ("last_wall_tile",), "last_wall_tile"], ids=["set", "tuple", "str"])
def test_mcr_6_flags_that_are_no_frozenset_are_refused_not_a_type_error(flags: Any) -> None:
    """MCR-6.40: ``Win.flags`` is a frozenset; a set once raised ``TypeError: unhashable type``."""
    win = Win(**{**_BASE_WIN, "concealed": (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, 28), "flags": flags})
    with pytest.raises(InvalidHand, match="expected a frozenset of names"):
        score_mcr(win)


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--flower", "３"], "argument --flower: '３' is not a whole number (digits 0-9)"),
        (["--season", "1_0"], "argument --season: '1_0' is not a whole number (digits 0-9)"),
        (["--option", "base=５"], "option base='５': expected a whole number 1-1000"),
        (["--rules", "classical", "--option", "limit=５００"], "option limit='５００': expected a whole number 100-100000"),
        (["--rules", "classical", "--from", "W", "--seat", "S", "--other", "W: 1789p45s2z666z, kong 7777m, season ３"],
         "'season ３' needs a number 1-4"),
    ],
    ids=["flower_fullwidth", "season_underscore", "option_base", "classical_limit", "other_season"],
)  # fmt: skip
def test_hk1_4_numbers_on_the_command_line_are_ascii_digits(argv: list[str], error: str, capsys: pytest.CaptureFixture[str]) -> None:
    """HK-1.4: a tile's digit is ASCII (``７`` is refused); so is every number typed to ``hkmj
    score`` (``int()`` alone took ``"３"`` as 3 and scored the hand with that season)."""
    code, out, err = _run(["score", *HAND, *argv], capsys)
    assert code == 2 and out == "" and error in err


def test_cl6_2_a_limit_option_in_json_is_ascii_digits() -> None:
    """CL-6.2: the JSON request's ``options.limit`` string is read as ASCII digits only."""
    request = {"hands": {"E": {"hand": "234s567p88m111z777z"}, "S": None, "W": None, "N": None}, "winner": "E",
               "win": "self_draw", "win_tile": "1z", "prevailing": "E", "options": {"limit": "５００"}}  # fmt: skip
    assert classical_json(request) == {"valid": False, "error": "option limit='５００': expected a whole number of points 100-100000 (CL-6.2)"}
    assert classical_json({**request, "options": {"limit": "500"}})["score"] == 500


@pytest.mark.parametrize(
    ("rules", "keys", "item_keys"),
    [
        ("hk", {"valid", "fan", "limit", "base", "items", "payments"}, {"name", "fan"}),
        ("mcr", {"valid", "rules", "points", "fan_points", "winning", "items", "payments"}, {"id", "name", "name_fr", "points", "count"}),
        ("classical", {"valid", "rules", "winner", "points", "doubles", "score", "limit", "limit_id", "items", "players",
                       "settlement", "transfers"}, {"id", "name", "points", "tiles", "exposed"}),
    ],
)  # fmt: skip
def test_r9_json_result_schema_is_the_documented_one(rules: str, keys: set[str], item_keys: set[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj score --json`` prints the fields docs/scoring.md (and rules-mcr/-classical) list,
    no more and no fewer, with payments keyed E S W N summing to zero."""
    code, out, err = _run(["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S", "--rules", rules, "--json"], capsys)
    answer = json.loads(out)
    assert code == 0 and err == "" and set(answer) == keys
    assert set(answer["items"][0]) == item_keys
    money = answer["settlement"] if rules == "classical" else answer["payments"]
    assert list(money) == ["E", "S", "W", "N"] and sum(money.values()) == 0


_PH = PlayerHand((0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, 28), (), (), ())


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"hands": (_PH, None, None)}, "hands: expected four hands"),
        ({"hands": ({"hand": "1m"}, None, None, None)}, "hands.E: expected a PlayerHand or None, not dict"),
        ({"hands": (PlayerHand("123m", (), (), ()), None, None, None)}, "hands.E: concealed must be a tuple of tile numbers"),  # type: ignore[arg-type]
        ({"hands": (PlayerHand((0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, -1), (), (), ()), None, None, None)},
         "hands.E: -1 is not a tile number (an int 0-33)"),
        ({"win_tile": "1m"}, "win_tile '1m' is not a tile number"),
        ({"win_tile": 99}, "win_tile 99 is not a tile number"),
        ({"flags": "last_wall_tile"}, "flags 'last_wall_tile': expected a set of flag names"),
        ({"options": None}, "options: expected ClassicalOptions, not NoneType"),
        ({"options": ClassicalOptions(limit=True)}, "option limit=true: expected a whole number of points 100-100000 (CL-6.2)"),  # type: ignore[arg-type]
        ({"options": ClassicalOptions(limit="1000")}, "option limit='1000': expected a whole number"),  # type: ignore[arg-type]
        ({"options": ClassicalOptions(limit=1.5)}, "option limit=1.5: expected a whole number"),  # type: ignore[arg-type]
        ({"options": ClassicalOptions(limit=50)}, "option limit=50: expected a whole number of points 100-100000"),
        ({"options": ClassicalOptions(limit=-(10**5000))}, "option limit=<an integer of more than 4,300 digits>: expected"),
        ({"options": ClassicalOptions(pay_highest="yes")}, "option pay_highest='yes': expected true or false (CL-7.4)"),  # type: ignore[arg-type]
        ({"hands": (PlayerHand(_PH.concealed, (), (1,) * 1000, ()), None, None, None)}, "E: flowers [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ...: each"),
    ],
    ids=["three_hands", "hand_dict", "concealed_str", "tile_minus_1", "win_tile_str", "win_tile_99", "flags_str", "options_none",
         "limit_bool", "limit_str", "limit_float", "limit_50", "limit_huge", "pay_highest_str", "flowers_long"],
)  # fmt: skip
def test_cl5_a_deal_built_in_python_with_a_wrong_field_is_named(fields: dict[str, Any], error: str) -> None:
    """CL-5: ``score_deal`` names a mistyped field of a :class:`Deal` (it raised IndexError,
    AttributeError, TypeError or ValueError before). Options as in a JSON request (CL-6.2,
    CL-7.4): ``limit=True`` was scored as a limit of 1 point (the winner's score printed ``True``),
    ``limit="1000"`` a TypeError; a list of bonus numbers is quoted short, as in JSON (R-9)."""
    with pytest.raises(InvalidHand) as err:
        score_deal(Deal(**{"hands": (_PH, None, None, None), "winner": 0, "win_tile": 0, **fields}))
    assert str(err.value).startswith(error)


@pytest.mark.parametrize(
    ("rules", "names"),
    [("hk", ["Brelan de Dragon", "Brelan du Vent dominant", "Aucun bonus"]), ("mcr", ["Tous Types", "Pung de Dragon"])],
)
def test_r9_json_with_lang_fr_gives_french_names(rules: str, names: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``--json --lang fr`` names the elements in French, as the classical game always did;
    ``--lang`` was silently ignored by the Hong Kong and MCR JSON results."""
    code, out, _err = _run(["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S", "--rules", rules,
                            "--json", "--lang", "fr"], capsys)  # fmt: skip
    got = [item["name"] for item in json.loads(out)["items"]]
    assert code == 0 and got[: len(names)] == names


def test_hk6_json_with_lang_fr_names_the_limit_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-6 limits: the ``limit`` field follows ``--lang`` too (thirteen orphans)."""
    code, out, _err = _run(["score", "19m19p19s1234567z1z", "--win", "1z", "--json", "--lang", "fr"], capsys)
    assert code == 0 and json.loads(out)["limit"] == "Treize Orphelins"


_TILES = tuple(parse_tiles("123m456p234s111z77z"))  # 2m is tile 1: True would read as 2m
_HUGE = 10**5000  # more digits than Python prints (int_max_str_digits)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"concealed": tuple(True if t == 1 else t for t in _TILES)}, "True is not a tile number (an int 0-33)"),
        ({"concealed": tuple(False if t == 0 else t for t in _TILES)}, "False is not a tile number"),
        ({"win_tile": True}, "win_tile true is not a tile number (an int 0-33)"),
        ({"concealed": (*_TILES[:-1], _HUGE)}, "<an integer of more than 4,300 digits> is not a tile number"),
        ({"concealed": _TILES[3:], "melds": (Meld("pung", _HUGE),)}, "<an integer of more than 4,300 digits>"),
        ({"concealed": _TILES[3:], "melds": (Meld("x" * 100_000, 1),)}, "meld 'xxxxxxxx"),
        ({"seat": _HUGE}, "seat <an integer of more than 4,300 digits>: expected a seat number 0-3"),
        ({"win": "discard", "discarder": _HUGE}, "discarder <an integer of more than 4,300 digits>"),
        ({"win": "x" * 100_000}, "win 'xxxxxxxx"),
        ({"flowers": (1,) * 100_000}, "flowers [1, 1, 1,"),
        ({"flowers": (_HUGE,)}, "flowers <a list>: each is a distinct number 1-4"),
        ({"flowers": (True,)}, "flowers [true]: each is a distinct number 1-4"),
        ({"seasons": (True, 2)}, "seasons [true, 2]: each is a distinct number 1-4"),
    ],
    ids=["tile_true", "tile_false", "win_tile_true", "tile_huge", "meld_tile_huge", "meld_kind_long", "seat_huge",
         "discarder_huge", "win_long", "flowers_long", "flower_huge", "flower_true", "season_true"],
)  # fmt: skip
def test_hk1_a_win_built_in_python_with_a_bool_huge_or_long_field_is_named_short(
    rules: str, fields: dict[str, Any], error: str
) -> None:
    """HK-1, HK-2.1, R-9 from Python, under every ruleset: a bool tile (Python counts True as 1, so
    ``Win(concealed=(..., True, ...))`` and ``win_tile=True`` scored as holding a 2m) and a bool
    flower or season number (``flowers=(True,)`` scored East's seat flower) are refused; an
    integer too long to print is named instead of a ``ValueError`` from the message itself; a long
    string or list is quoted short (MCR quoted 100,000 characters back, the classical flowers list
    too) — always an ``InvalidHand`` of at most a few hundred characters."""
    from hkmj.scoring.classical import deal_from_win

    win = Win(**{"concealed": _TILES, "win_tile": tile("7z"), **fields})
    with pytest.raises(InvalidHand) as err:
        if rules == "hk":
            score(win)
        elif rules == "mcr":
            score_mcr(win)
        else:
            score_deal(deal_from_win(win))
    message = str(err.value)
    assert len(message) < 300 and error.lower() in message.lower(), message
