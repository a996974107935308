"""``hkmj score`` as a stranger drives it: every option combination gets a documented exit
status and a clear message, never a traceback and never an option silently ignored (R-9,
docs/scoring.md "Exit status"), for each ruleset (hk, mcr, classical)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hkmj
from hkmj.score_words import PHRASES, compiled_phrases, error_in
from hkmj.scoring import InvalidHand, Meld, Win, score, score_mcr
from hkmj.scoring.classical import RULE_REFS as CLASSICAL_REFS
from hkmj.scoring.classical import ClassicalOptions, Deal, score_deal
from hkmj.scoring.classical import score_json as classical_json
from hkmj.scoring.model import PlayerHand, cite_refs
from hkmj.tiles import NotationError, parse_tiles, tile

RunHkmj = Callable[..., tuple[int, str, str]]
"""``hkmj`` run in this process (the ``hkmj_cli`` fixture, tests/conftest.py): (status, stdout, stderr)."""

HAND = ["234s567p88m111z777z", "--win", "1z"]
RULES = ["hk", "mcr", "classical"]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    "twice",
    [["--win", "1z"], ["--from", "N"], ["--seat", "W"], ["--prevailing", "S"], ["--lang", "en"], ["--rules", "hk"]],
    ids=["win", "from", "seat", "prevailing", "lang", "rules"],  # --lang fr after en: refused in French (the last --lang)
)
def test_r9_an_option_of_one_value_given_twice_is_refused(rules: str, twice: list[str], hkmj_cli: RunHkmj) -> None:
    """``--seat S --seat W`` is a usage error (exit 2) naming the option: the last one never silently wins."""
    once = ["--from", "W", "--seat", "S", "--prevailing", "E", "--lang", "en", "--rules", rules]
    code, out, err = hkmj_cli(["score", *HAND, *once, *twice])
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
    rules: str, option: list[str], hkmj_cli: RunHkmj
) -> None:
    """With no hand, ``hkmj score`` reads JSON requests (R-9): an option meant for a command-line
    hand would be dropped, so it is a usage error (exit 2) before any line is read."""
    line = '{"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "self_draw", "seat": "E", "prevailing": "E"}\n'
    code, out, err = hkmj_cli(["score", "--rules", rules, *option], stdin=line)
    assert code == 2 and out == ""
    said = "demande une main sur la ligne de commande" if option == ["--lang", "fr"] else "needs a hand on the command line"
    assert f"{option[0]} {said}" in err  # --lang fr: said in French, as every error of hkmj score


@pytest.mark.parametrize("rules", ["hk", "mcr"])
def test_cl5_other_hands_outside_the_classical_game_are_refused(rules: str, hkmj_cli: RunHkmj) -> None:
    """``--other`` gives a non-winner's hand, which only the classical game scores (CL-5)."""
    code, out, err = hkmj_cli(["score", *HAND, "--rules", rules, "--other", "W: 1789p45s2z666z, kong 7777m"])
    assert code == 2 and out == ""
    assert "--other gives another seat's hand to the classical game" in err


@pytest.mark.parametrize(("rules", "rule"), [("hk", "HK-4.10"), ("mcr", "MCR-6.43"), ("classical", "CL-3.4")])
def test_hk4_10_robbed_without_from_is_a_usage_error_in_every_ruleset(rules: str, rule: str, hkmj_cli: RunHkmj) -> None:
    """A robbed kong needs the seat that was robbed (HK-4.10, MCR-6.43, CL-3.4): exit 2 in each ruleset."""
    code, out, err = hkmj_cli(["score", "234s567p88m111z777z", "--win", "2s", "--robbed", "--rules", rules])
    assert code == 2 and out == ""
    assert f"--robbed needs --from SEAT, the seat whose added kong was robbed ({rule})" in err


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["234x567p88m111z777z", "--win", "1z"], "'234x': unknown suit 'x'"),
        (["234s567p88m111z777z", "--win", "2z"], "2z is not in the concealed hand"),
        (["234s567p88m111z777z", "--win", "1z", "--flower", "5"], "1-4"),
        (["23x4s", "--json"], "'23x': unknown suit 'x'"),
    ],
    ids=["bad_suit", "win_not_in_hand", "flower_5", "bad_hand_no_win"],
)
def test_r9_json_output_answers_an_invalid_hand_on_stdout(rules: str, argv: list[str], error: str, hkmj_cli: RunHkmj) -> None:
    """``--json`` prints the machine interface's ``{"valid": false, "error"}`` on stdout (exit 1),
    the same schema as a bad JSON line, so a script reads one object whatever happened."""
    code, out, err = hkmj_cli(["score", *argv, "--rules", rules] + ([] if "--json" in argv else ["--json"]))
    answer = json.loads(out)
    assert code == 1 and err == ""
    assert answer["valid"] is False and set(answer) == {"valid", "error"}
    assert error in answer["error"]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("option", ["--seat", "--prevailing", "--from"])
@pytest.mark.parametrize("json_out", [False, True])
def test_a_wind_option_that_names_no_wind_is_a_usage_error(rules: str, option: str, json_out: bool, hkmj_cli: RunHkmj) -> None:
    """A bad option value exits 2, as argparse's own do (``--flag foo``, ``--lang de``, ``--option
    minfan=x``): ``--seat X`` exited 1, "Not a valid winning hand" (with ``--json`` an R-9 answer),
    as if the hand were judged and lost. It is said in one line, in English and French."""
    argv = ["score", "234s567p88m111z777z", "--win", "1z", option, "X", "--rules", rules] + (["--json"] if json_out else [])
    code, out, err = hkmj_cli(argv)
    assert (code, out, err) == (2, "", f"hkmj score: {option} 'X': expected a wind E, S, W (or O for Ouest) or N\n")
    code, out, err = hkmj_cli([*argv, "--lang", "fr"])
    assert (code, out, err) == (2, "", f"hkmj score\u00a0: {option} «\u00a0X\u00a0»\u00a0: un vent est attendu, E, S, O (ou W) ou N\n")


_MCR_REQUEST = {"hand": "123m456p789s22m", "win_tile": "2m", "seat": "E", "prevailing": "E", "win": "discard", "discarder": "W",
                "melds": ["chow 345s"]}


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"hand": "123m456p789s22m1f"}, "(MCR-1.2)"),
        ({"win_tile": "1f"}, "(MCR-3.4)"),
        ({"melds": ["chow 346s"]}, "(MCR-5.2)"),
        ({"melds": ["pung 1f1f1f"]}, "(MCR-3.4)"),
        ({"hand": "222m456p789s22m", "melds": ["kong 2222m"]}, "(MCR-1.1)"),
    ],
    ids=["bonus_in_hand", "bonus_wins", "bad_chow", "bonus_meld", "five_copies"],
)
def test_mcr_1_the_checks_shared_with_hong_kong_cite_the_mcr_rules(change: dict[str, Any], rule: str, hkmj_cli: RunHkmj) -> None:
    """MCR-1.1, MCR-1.2, MCR-3.4, MCR-5.2: a request refused by the checks every ruleset shares
    (the tiles, the melds) cites the MCR page's rule, never a Hong Kong one (docs/rules-mcr.md: a
    match never mixes rulesets), through the JSON lines and ``--json`` alike."""
    code, out, _ = hkmj_cli(["score", "--rules", "mcr"], json.dumps(_MCR_REQUEST | change) + "\n")
    answer = json.loads(out)
    assert code == 0 and answer["valid"] is False
    assert answer["error"].endswith(rule) and "HK-" not in answer["error"]


@pytest.mark.parametrize(
    ("hand", "error"),
    [
        ("1" * 100_000 + "m", "hands.E.hand of 100,001 characters: a hand of at most 14 tiles is written in at most 80 (CL-1.3)"),
        ("0" * 100_000 + "m", "hands.E.hand of 100,001 characters"),
    ],
    ids=["100k_ones", "100k_zeros"],
)
def test_cl1_3_an_overlong_classical_hand_is_refused_by_its_size(hand: str, error: str) -> None:
    """CL-1.3: a hand longer than any legal one is refused before its tiles are read, as the HK-1.4 Ruling does for
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
def test_r9_fuzzed_score_command_lines_never_raise(words: list[str], text: str, hkmj_cli: RunHkmj) -> None:
    """Any command line of ``hkmj score`` ends with status 0, 1 or 2 and says why: 2 (usage) on
    stderr, 1 (not a winning hand) on stderr or, with ``--json``, one JSON object on stdout."""
    argv = ["score", *words, text] if text.strip() and not text.startswith("-") else ["score", *words]
    line = '{"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "self_draw", "seat": "E", "prevailing": "E"}\n'
    code, out, err = hkmj_cli(argv, stdin=line)
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
    if not isinstance(melds, tuple):  # named as the Win is built, in both builds
        with pytest.raises(InvalidHand) as err:
            Win(**{**_BASE_WIN, "melds": melds})
        assert str(err.value) == error
        with pytest.raises(InvalidHand) as err:  # the compiled PlayerHand names the field as it is built (CL-5)
            score_deal(Deal(hands=(PlayerHand(_BASE_WIN["concealed"], melds, (), ()), None, None, None), winner=0, win_tile=0))
        assert _said_of_the_deal(str(err.value), "hands.E: melds must be a tuple of Meld, not str")
        return
    win = Win(**{**_BASE_WIN, "melds": melds})
    with pytest.raises(InvalidHand) as err:
        score(win)
    assert str(err.value).startswith(error)
    with pytest.raises(InvalidHand):
        score_mcr(win)
    deal = Deal(hands=(PlayerHand(_BASE_WIN["concealed"], melds, (), ()), None, None, None), winner=0, win_tile=0)
    with pytest.raises(InvalidHand) as err:
        score_deal(deal)
    if isinstance(melds, tuple) and all(isinstance(m, Meld) for m in melds):  # the classical rules cited (CL-1.2, CL-2.1)
        assert str(err.value) == f"E: {cite_refs(error, CLASSICAL_REFS)}" and "HK-" not in str(err.value)
    else:
        assert str(err.value) in ("hands.E: melds must be a tuple of Meld, not str", "E: melds: 'pung 111m' is not a Meld (e.g. Meld.parse('pung 555m'))")


@pytest.mark.parametrize(
    ("kind", "tile_number", "error"),
    [
        ("pung", None, "meld 'pung' null: expected a kind (chow, pung, kong, ckong) and a tile number 0-33"),
        ("pung", "1m", "meld 'pung' '1m': expected a kind (chow, pung, kong, ckong) and a tile number 0-33"),
        ("chow", 1.0, "meld 'chow' 1.0: expected a kind (chow, pung, kong, ckong) and a tile number 0-33"),
        ("pung", True, "meld 'pung' true: expected a kind (chow, pung, kong, ckong) and a tile number 0-33"),
        (None, 1, "meld null 1: expected a kind (chow, pung, kong, ckong) and a tile number 0-33"),
        (5, 1, "meld 5 1: expected a kind (chow, pung, kong, ckong) and a tile number 0-33"),
    ],
    ids=["tile_none", "tile_str", "tile_float", "tile_true", "kind_none", "kind_int"],
)
def test_hk4_8_a_meld_of_the_wrong_types_is_named_as_it_is_built(kind: Any, tile_number: Any, error: str) -> None:
    """HK-4.8: a ``Meld`` whose kind is no string or whose tile is no int is refused as it is
    built, in both builds. The compiled core raised a bare ``TypeError`` naming no field ("int
    object expected; got None") and read ``Meld("pung", True)`` as a pung of 2m, which it then
    scored, where pure Python refused it only when scoring."""
    with pytest.raises(InvalidHand) as err:
        Meld(kind, tile_number)
    assert str(err.value) == error


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
    fields = {**_BASE_WIN, "concealed": (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, 28), field: value}
    with pytest.raises(InvalidHand) as err:
        score(Win(**fields))  # a string of flags is named as the Win is built, in both builds
    assert str(err.value).startswith(error)


@pytest.mark.parametrize(
    ("flags", "fan"),
    [({"last_wall_tile"}, 8), (("last_wall_tile",), 8), (set(), 0), ([], 0)],
    ids=["set", "tuple", "empty_set", "empty_list"],
)
def test_mcr_6_flags_given_as_a_set_list_or_tuple_are_read_as_their_frozenset(flags: Any, fan: int) -> None:
    """MCR-6.40: ``Win.flags`` is a frozenset; a set once raised ``TypeError: unhashable type``,
    then was refused by MCR while the Hong Kong scorer read it, and the compiled core refused it
    with a bare TypeError as the Win was built. A set, list or tuple of flags is now read as its
    frozenset as the Win is built, in both builds, and every scorer scores it alike."""
    fields = {**_BASE_WIN, "concealed": (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, 28), "flags": flags}
    win = Win(**fields)
    assert win.flags == frozenset(flags)
    same = Win(**{**fields, "flags": frozenset(flags)})
    assert score_mcr(win) == score_mcr(same) and score(win) == score(same)
    assert any(i.name == "Last Tile Draw" for i in score_mcr(win).items) == bool(fan), score_mcr(win)


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
def test_hk1_4_numbers_on_the_command_line_are_ascii_digits(argv: list[str], error: str, hkmj_cli: RunHkmj) -> None:
    """HK-1.4: a tile's digit is ASCII (``７`` is refused); so is every number typed to ``hkmj
    score`` (``int()`` alone took ``"３"`` as 3 and scored the hand with that season)."""
    code, out, err = hkmj_cli(["score", *HAND, *argv])
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
        ("hk", {"valid", "fan", "limit", "base", "items", "payments", "roles"}, {"name", "fan"}),
        ("mcr", {"valid", "rules", "points", "fan_points", "winning", "items", "payments", "roles"}, {"id", "name", "name_fr", "points", "count"}),
        ("classical", {"valid", "rules", "winner", "points", "doubles", "score", "limit", "limit_id", "items", "players",
                       "settlement", "transfers", "roles"}, {"id", "name", "points", "tiles", "exposed"}),
    ],
)  # fmt: skip
def test_r9_json_result_schema_is_the_documented_one(rules: str, keys: set[str], item_keys: set[str], hkmj_cli: RunHkmj) -> None:
    """``hkmj score --json`` prints the fields docs/scoring.md (and rules-mcr/-classical) list,
    no more and no fewer, with payments keyed E S W N summing to zero."""
    code, out, err = hkmj_cli(["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S", "--rules", rules, "--json"])
    answer = json.loads(out)
    assert code == 0 and err == "" and set(answer) == keys
    assert set(answer["items"][0]) == item_keys
    money = answer["settlement"] if rules == "classical" else answer["payments"]
    assert list(money) == ["E", "S", "W", "N"] and sum(money.values()) == 0


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize(
    ("argv", "roles"),
    [
        (["--win", "1z", "--from", "W", "--seat", "S"], {"E": "other", "S": "winner", "W": "discarder", "N": "other"}),
        (["--win", "4s", "--from", "E", "--seat", "N", "--robbed"], {"E": "robbed_kong", "S": "other", "W": "other", "N": "winner"}),
        (["--win", "1z", "--lang", "fr"], {"E": "winner", "S": "other", "W": "other", "N": "other"}),
    ],
    ids=["discard", "robbed_kong", "self_draw_fr"],
)  # fmt: skip
def test_json_payments_say_each_seats_role(rules: str, argv: list[str], roles: dict[str, str], hkmj_cli: RunHkmj) -> None:
    """``hkmj score --json`` labels each seat's payment as the table does, in words a program
    reads (English under ``--lang fr``): the winner, the discarder, and after ``--robbed`` the
    seat whose added kong was robbed (pays as the discarder, HK-4.10, MCR-8.2; the classical
    settlement marks him though every loser pays alike, CL-7.1). The payments came unlabelled."""
    code, out, err = hkmj_cli(["score", "234s567p88m111z777z", *argv, "--rules", rules, "--json"])
    answer = json.loads(out)
    assert (code, err) == (0, "") and answer["roles"] == roles and list(answer)[-1] == "roles"
    assert list(answer["roles"]) == list(answer["settlement" if rules == "classical" else "payments"])


def test_json_roles_are_given_beside_a_hand_under_the_minimum(hkmj_cli: RunHkmj) -> None:
    """HK house option minfan: a hand under it pays nothing, and its seats' roles are still said."""
    argv = ["score", "123m456p789s11z999m", "--win", "9m", "--from", "W", "--seat", "S", "--option", "minfan=3", "--json"]
    code, out, _err = hkmj_cli(argv)
    answer = json.loads(out)
    assert code == 1 and answer["winning"] is False and answer["roles"] == {"E": "other", "S": "winner", "W": "discarder", "N": "other"}


_PH = PlayerHand((0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, 28), (), (), ())


def _said_of_the_deal(message: str, error: str) -> bool:
    """Whether ``message`` is what ``score_deal`` says of a deal, ``error`` (its start): the same
    words from both builds (CL-5). Only the compiled ``PlayerHand``, which refuses a field of the
    wrong form as it is built, cannot know its seat: it says the words after ``hands.E: ``."""
    if message.startswith(error):
        return True
    return hkmj.compiled() and error.startswith("hands.E: ") and message.startswith(error.removeprefix("hands.E: "))


def _concealed_str() -> dict[str, Any]:
    """A hand whose concealed tiles are a string: built inside the test (the compiled core
    refuses it as it is built, naming the field)."""
    return {"hands": (PlayerHand("123m", (), (), ()), None, None, None)}


def _options(**fields: object) -> Callable[[], dict[str, Any]]:
    """Options built inside the test, not as the module is collected: the compiled core refuses
    ``limit=True`` as it is built (its native int would read it as 1 point), in the scorer's words."""
    return lambda: {"options": ClassicalOptions(**fields)}


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"hands": (_PH, None, None)}, "hands: expected four hands"),
        ({"hands": ({"hand": "1m"}, None, None, None)}, "hands.E: expected a PlayerHand or None, not dict"),
        (_concealed_str, "hands.E: concealed must be a tuple of tile numbers"),
        ({"hands": (PlayerHand((0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, -1), (), (), ()), None, None, None)},
         "hands.E: -1 is not a tile number (an int 0-33)"),
        ({"win_tile": "1m"}, "win_tile '1m' is not a tile number"),
        ({"win_tile": 99}, "win_tile 99 is not a tile number"),
        ({"flags": "last_wall_tile"}, "flags 'last_wall_tile': expected a set of flag names"),
        ({"options": None}, "options: expected ClassicalOptions, not NoneType"),
        (_options(limit=True), "option limit=true: expected a whole number of points 100-100000 (CL-6.2)"),
        (_options(limit="1000"), "option limit='1000': expected a whole number"),
        (_options(limit=1.5), "option limit=1.5: expected a whole number"),
        (_options(limit=50), "option limit=50: expected a whole number of points 100-100000"),
        (_options(limit=-(10**5000)), "option limit=<an integer of more than 4,300 digits>: expected"),
        (_options(pay_highest="yes"), "option pay_highest='yes': expected true or false (CL-7.4)"),
        (_options(pay_highest=1), "option pay_highest=1: expected true or false (CL-7.4)"),
        ({"hands": (PlayerHand(_PH.concealed, (), (1,) * 1000, ()), None, None, None)}, "E: flowers [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ...: each"),
        ({"win_tile": True}, "win_tile true is not a tile number (an int 0-33)"),
        ({"winner": True, "win_tile": "1m"}, "win_tile '1m' is not a tile number"),
        ({"winner": "E"}, "winner 'E': expected a seat number 0-3"),
        ({"win": None}, "win null: expected one of self_draw, discard, robbed_kong"),
        ({"flags": ("last_wall_tile",), "win": "discard", "discarder": 1}, "flag 'last_wall_tile' needs a self-drawn win (CL-5.3)"),
        (lambda: {"hands": (PlayerHand(_PH.concealed, "pung 111m"), None, None, None)}, "hands.E: melds must be a tuple of Meld, not str"),
        (lambda: {"hands": (PlayerHand(_PH.concealed, (), None), None, None, None)}, "hands.E: flowers and seasons must be tuples of numbers 1-4"),
    ],
    ids=["three_hands", "hand_dict", "concealed_str", "tile_minus_1", "win_tile_str", "win_tile_99", "flags_str", "options_none",
         "limit_bool", "limit_str", "limit_float", "limit_50", "limit_huge", "pay_highest_str", "pay_highest_1", "flowers_long",
         "win_tile_bool", "winner_bool_and_win_tile_str", "winner_letter", "win_none", "last_wall_tile_on_a_discard",
         "melds_str", "flowers_none"],
)  # fmt: skip
def test_cl5_a_deal_built_in_python_with_a_wrong_field_is_named(
    fields: dict[str, Any] | Callable[[], dict[str, Any]], error: str
) -> None:
    """CL-5: ``score_deal`` names a mistyped field of a :class:`Deal` (it raised IndexError,
    AttributeError, TypeError or ValueError before). Options as in a JSON request (CL-6.2,
    CL-7.4): ``limit=True`` was scored as a limit of 1 point (the winner's score printed ``True``),
    ``limit="1000"`` a TypeError; a list of bonus numbers is quoted short, as in JSON (R-9).

    The compiled core's ``Deal``, ``PlayerHand`` and ``ClassicalOptions`` store their fields
    natively: a value they cannot hold (``win_tile=True``, which read as 2m, a string of tiles,
    ``limit=True``) is refused as it is built, in the words ``score_deal`` says of it in pure
    Python (the first problem: ``winner=True`` beside a string tile names the tile in both)."""
    with pytest.raises(InvalidHand) as err:
        given = fields() if callable(fields) else fields
        score_deal(Deal(**{"hands": (_PH, None, None, None), "winner": 0, "win_tile": 0, **given}))
    assert _said_of_the_deal(str(err.value), error), str(err.value)


def test_cl5_a_deal_built_in_python_of_lists_scores_as_one_of_tuples() -> None:
    """CL-5: ``score_deal`` reads a :class:`Deal` given lists (hands, tiles, melds, bonus tiles),
    a list or set of flags and an int subclass as a seat, as the same deal of tuples, a frozenset
    and ints: same scores, same settlement, compiled too (its native fields once refused them
    with a bare ``TypeError``)."""
    import enum

    class Seat(enum.IntEnum):
        SOUTH = 1

    melds = (Meld.parse("pung 777z"),)
    tuples = Deal((None, PlayerHand(tuple(parse_tiles("88m567p234s111z")), melds, (2,), ()), None, None), winner=1,
                  win="self_draw", win_tile=27, prevailing=0, flags=frozenset({"last_wall_tile"}))  # fmt: skip
    lists = Deal([None, PlayerHand(parse_tiles("88m567p234s111z"), list(melds), [2], []), None, None], winner=Seat.SOUTH,
                 win="self_draw", win_tile=27, prevailing=Seat.SOUTH - 1, flags=["last_wall_tile"])  # fmt: skip
    sets = Deal(tuples.hands, winner=1, win_tile=27, flags={"last_wall_tile"}, options=ClassicalOptions(limit=Seat.SOUTH * 500))
    expected = score_deal(tuples)
    assert (expected.winner.points, expected.winner.doubles, expected.winner.score) == (36, 5, 1000)  # CL-5.1 … CL-5.3, capped (CL-6.2)
    assert score_deal(lists) == expected
    assert score_deal(sets).settlement == tuple(s // 2 for s in expected.settlement)


@pytest.mark.parametrize(
    ("rules", "names"),
    [("hk", ["Pung de Dragon", "Pung du Vent dominant", "Aucun bonus"]), ("mcr", ["Tous Types", "Pung de Dragon"])],
)
def test_r9_json_with_lang_fr_gives_french_names(rules: str, names: list[str], hkmj_cli: RunHkmj) -> None:
    """``--json --lang fr`` names the elements in French, as the classical game always did;
    ``--lang`` was silently ignored by the Hong Kong and MCR JSON results."""
    code, out, _err = hkmj_cli(["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S", "--rules", rules,
                            "--json", "--lang", "fr"])  # fmt: skip
    got = [item["name"] for item in json.loads(out)["items"]]
    assert code == 0 and got[: len(names)] == names


def test_hk6_json_with_lang_fr_names_the_limit_in_french(hkmj_cli: RunHkmj) -> None:
    """HK-6 limits: the ``limit`` field follows ``--lang`` too (thirteen orphans)."""
    code, out, _err = hkmj_cli(["score", "19m19p19s1234567z1z", "--win", "1z", "--json", "--lang", "fr"])
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

    with pytest.raises(InvalidHand) as err:
        win = Win(**{"concealed": _TILES, "win_tile": tile("7z"), **fields})  # compiled, win_tile=True is refused here
        if rules == "hk":
            score(win)
        elif rules == "mcr":
            score_mcr(win)
        else:
            score_deal(deal_from_win(win))
    message = str(err.value)
    assert len(message) < 300 and error.lower() in message.lower(), message


# --- --lang fr: every error in French ------------------------------------------------------
# The minfan refusal was the only French error; a bad tile, an impossible hand or a mistyped
# option were English. Each kind of error hkmj score can print, under each ruleset that words it
# its own way, is made from a real command line and read in both languages: the English line as
# before, the French one from hkmj.score_words. The last test checks that every phrase of the
# French table is used by one of these command lines (no phrase is dead, none is missing).

LANG_CASES: list[tuple[list[str], int, str, str]] = [
    (["123m456m789m123p5x", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p5x': '5x': unknown suit 'x' (use m, p, s, z or f)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p5x\u00a0»\u00a0: «\u00a05x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)"),
    (["123m456m789m123p5x", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p5x': '5x': unknown suit 'x' (use m, p, s, z or f)",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p5x\u00a0»\u00a0: «\u00a05x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)"),
    (["123m456m789m123p5", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p5': '5': digits with no suit letter after them",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p5\u00a0»\u00a0: «\u00a05\u00a0»\u00a0: des chiffres sans lettre de famille après eux"),
    (["123m456m789m123p5", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p5': '5': digits with no suit letter after them",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p5\u00a0»\u00a0: «\u00a05\u00a0»\u00a0: des chiffres sans lettre de famille après eux"),
    (["123m456m789m123p55p1f", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p55p1f': 1f is a bonus tile: give it with --flower 1 (HK-1.3)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p55p1f\u00a0»\u00a0: 1f est une tuile bonus\u00a0: donnez-la avec --flower 1 (HK-1.3)"),
    (["123m456m789m123p55p1f", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p55p1f': 1f is a bonus tile: give it with --flower 1 (CL-1.2)",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p55p1f\u00a0»\u00a0: 1f est une tuile bonus\u00a0: donnez-la avec --flower 1 (CL-1.2)"),
    (["123m456m789m123p0p", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p0p': '0p': unknown tile 0p (suits run 1-9)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p0p\u00a0»\u00a0: «\u00a00p\u00a0»\u00a0: tuile 0p inconnue (les familles vont de 1 à 9)"),
    (["123m456m789m123p0p", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p0p': '0p': unknown tile 0p (suits run 1-9)",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p0p\u00a0»\u00a0: «\u00a00p\u00a0»\u00a0: tuile 0p inconnue (les familles vont de 1 à 9)"),
    (["123m456m789m123p55p8z", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p55p8z': '8z': unknown tile 8z (honours run 1z-7z)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p55p8z\u00a0»\u00a0: «\u00a08z\u00a0»\u00a0: tuile 8z inconnue (les honneurs vont de 1z à 7z)"),
    (["123m456m789m123p55p8z", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p55p8z': '8z': unknown tile 8z (honours run 1z-7z)",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p55p8z\u00a0»\u00a0: «\u00a08z\u00a0»\u00a0: tuile 8z inconnue (les honneurs vont de 1z à 7z)"),
    (["123m456m789m123p55pm", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p55pm': 'm': suit letter 'm' with no digits before it",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p55pm\u00a0»\u00a0: «\u00a0m\u00a0»\u00a0: la lettre de famille «\u00a0m\u00a0» sans chiffre devant elle"),
    (["123m456m789m123p55pm", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p55pm': 'm': suit letter 'm' with no digits before it",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p55pm\u00a0»\u00a0: «\u00a0m\u00a0»\u00a0: la lettre de famille «\u00a0m\u00a0» sans chiffre devant elle"),
    (["m123m456m789p123p55", "--win", "5p", "--rules", "hk"], 1,  # HK-1.4: the suit letter first
     "Not a valid winning hand: hand 'm123m456m789p123p55': 'm123': the suit letter comes after its digits: write '123m'",
     "Main gagnante non valable\u00a0: main «\u00a0m123m456m789p123p55\u00a0»\u00a0: «\u00a0m123\u00a0»\u00a0: la lettre de famille vient "
     "après ses chiffres\u00a0: écrivez «\u00a0123m\u00a0»"),
    (["一二三萬456m789m123p55p", "--win", "5p", "--rules", "hk"], 1,  # HK-1.4: tiles as painted
     "Not a valid winning hand: hand '一二三萬456m789m123p55p': '一二三萬': write it '123m' (digits, then the suit letter m, p or s)",
     "Main gagnante non valable\u00a0: main «\u00a0一二三萬456m789m123p55p\u00a0»\u00a0: «\u00a0一二三萬\u00a0»\u00a0: écrivez «\u00a0123m\u00a0» "
     "(les chiffres, puis la lettre de famille m, p ou s)"),
    (["123m456m789m55p", "--meld", "123p", "--win", "5p", "--rules", "hk"], 1,  # a meld without its kind
     "Not a valid winning hand: --meld '123p': say which group it is: 'chow 123p'",
     "Main gagnante non valable\u00a0: --meld «\u00a0123p\u00a0»\u00a0: dites quel groupe c'est\u00a0: «\u00a0chow 123p\u00a0»"),
    # HK-1.3 (MCR-1.2, CL-1.2): a bonus tile given where a meld goes (--meld 3f, "flower 3", --other's ", 7f") was
    # answered only "expected '<chow|pung|kong|ckong> <tiles>'", never saying how a bonus tile is given
    (["123m456m789m55p", "--meld", "3f", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld '3f': 3f is a bonus tile: give it with --flower 3 (HK-1.3)",
     "Main gagnante non valable\u00a0: --meld «\u00a03f\u00a0»\u00a0: 3f est une tuile bonus\u00a0: donnez-la avec --flower 3 (HK-1.3)"),
    (["123m456m789m55p", "--meld", "Season 2", "--win", "5p", "--rules", "mcr"], 1,
     "Not a valid winning hand: --meld 'Season 2': 6f is a bonus tile: give it with --season 2 (MCR-1.2)",
     "Main gagnante non valable\u00a0: --meld «\u00a0Season 2\u00a0»\u00a0: 6f est une tuile bonus\u00a0: donnez-la avec --season 2 (MCR-1.2)"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1789p45s2z666z, 7f"], 1,
     "Not a valid deal: --other W: meld '7f': 7f is a bonus tile: write it after the tiles as 'season 3' (CL-1.2)",
     "Donne non valable\u00a0: --other O\u00a0: groupe «\u00a07f\u00a0»\u00a0: 7f est une tuile bonus\u00a0: écrivez-la après les tuiles "
     "sous la forme «\u00a0season 3\u00a0» (CL-1.2)"),
    (["123m456m789m55p", "--meld", "1111p", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld '1111p': say which group it is: 'kong 1111p' (or 'ckong 1111p' when declared concealed)",
     "Main gagnante non valable\u00a0: --meld «\u00a01111p\u00a0»\u00a0: dites quel groupe c'est\u00a0: «\u00a0kong 1111p\u00a0» "
     "(ou «\u00a0ckong 1111p\u00a0» s'il a été déclaré caché)"),
    (["１23m456m789m123p55p", "--win", "5p", "--rules", "hk"], 1,  # a full-width digit
     "Not a valid winning hand: hand '１23m456m789m123p55p': '１': unexpected character '１': a full-width digit: write 1",
     "Main gagnante non valable\u00a0: main «\u00a0１23m456m789m123p55p\u00a0»\u00a0: «\u00a0１\u00a0»\u00a0: caractère «\u00a0１\u00a0» inattendu\u00a0: "
     "un chiffre pleine chasse\u00a0: écrivez 1"),
    (["123m456m789m55p", "--meld", "kong 1111z", "--win", "1z", "--rules", "hk"], 1,  # HK-3.3: a kong's tile never wins
     "Not a valid winning hand: --win 1z is not in the concealed hand 123456789m55p: a kong never holds the winning tile; "
     "a win after a kong is on its replacement tile",
     "Main gagnante non valable\u00a0: la tuile gagnante 1z n'est pas dans la main cachée 123456789m55p\u00a0: un kong ne contient "
     "jamais la tuile gagnante\u00a0; une main gagnée après un kong l'est sur sa tuile de remplacement"),
    (["123m456m789m123p55p#", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p55p#': '#': unexpected character '#'",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p55p#\u00a0»\u00a0: «\u00a0#\u00a0»\u00a0: caractère «\u00a0#\u00a0» inattendu"),
    (["123m456m789m123p55p#", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p55p#': '#': unexpected character '#'",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p55p#\u00a0»\u00a0: «\u00a0#\u00a0»\u00a0: caractère «\u00a0#\u00a0» inattendu"),
    (["123m456m789m123p5p", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand has 13 concealed tiles; with 0 melds it needs 14 (the winning tile included, HK-5.1)",
     "Main gagnante non valable\u00a0: la main a 13 tuiles cachées\u00a0; avec 0 groupe il en faut 14 (tuile gagnante comprise, HK-5.1)"),
    (["123m456m789m123p55p", "--rules", "hk"], 2,
     "hkmj score: --win TILE is required with a hand (the winning tile, e.g. --win 1z)",
     "hkmj score\u00a0: --win TUILE est obligatoire avec une main (la tuile gagnante, par exemple --win 1z)"),
    (["123m456m789m123p5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p5p' has 13 tiles; with 0 melds it needs 14 (the winning tile included, HK-5.1)",
     "Main gagnante non valable\u00a0: la main «\u00a0123m456m789m123p5p\u00a0» a 13 tuiles\u00a0; avec 0 groupe il en faut 14 (tuile gagnante comprise, HK-5.1)"),
    (["123m456m789m123p55p", "--win", "9p", "--rules", "hk"], 1,
     "Not a valid winning hand: --win 9p is not in the concealed hand 123456789m12355p",
     "Main gagnante non valable\u00a0: la tuile gagnante 9p n'est pas dans la main cachée 123456789m12355p"),
    (["123m456m789m123p55p", "--win", "1f", "--rules", "hk"], 1,
     "Not a valid winning hand: --win 1f: a bonus tile never wins a hand (HK-3.2)",
     "Main gagnante non valable\u00a0: --win 1f\u00a0: une tuile bonus ne gagne jamais une main (HK-3.2)"),
    (["123m456m789m123p55p", "--win", "1f", "--rules", "classical"], 1,
     "Not a valid deal: --win 1f: a flower or season is set aside and replaced, it never wins a hand (CL-1.2)",
     "Donne non valable\u00a0: --win 1f\u00a0: une fleur ou une saison est mise de côté et remplacée, elle ne gagne jamais une main (CL-1.2)"),
    (["123m456m789m123p55p", "--win", "5x", "--rules", "hk"], 1,
     "Not a valid winning hand: --win '5x': '5x': unknown suit 'x' (use m, p, s, z or f)",
     "Main gagnante non valable\u00a0: --win «\u00a05x\u00a0»\u00a0: «\u00a05x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)"),
    (["123m456m789m123p55p", "--win", "5x", "--rules", "classical"], 1,
     "Not a valid deal: win_tile: '5x': unknown suit 'x' (use m, p, s, z or f)",
     "Donne non valable\u00a0: tuile gagnante\u00a0: «\u00a05x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)"),
    (["123m456m789m123p55p", "--win", "55p", "--rules", "hk"], 1,
     "Not a valid winning hand: --win '55p': '55p': expected one tile, got 2",
     "Main gagnante non valable\u00a0: --win «\u00a055p\u00a0»\u00a0: «\u00a055p\u00a0»\u00a0: une seule tuile attendue, 2 données"),
    (["123m456m789m123p55p", "--win", "55p", "--rules", "classical"], 1,
     "Not a valid deal: win_tile: '55p': expected one tile, got 2",
     "Donne non valable\u00a0: tuile gagnante\u00a0: «\u00a055p\u00a0»\u00a0: une seule tuile attendue, 2 données"),
    (["11111m456m789m12p", "--win", "1m", "--rules", "classical"], 1,
     "Not a valid deal: 5 copies of 1m in the four hands: there are only four of each tile (CL-1.1)",
     "Donne non valable\u00a0: 5 exemplaires de 1m dans les quatre mains\u00a0: il n'y a que quatre exemplaires de chaque tuile (CL-1.1)"),
    (["11111m456m789m123p", "--win", "1m", "--rules", "hk"], 1,
     "Not a valid winning hand: 5 copies of 1m: there are only four of each tile (HK-1)",
     "Main gagnante non valable\u00a0: 5 exemplaires de 1m\u00a0: il n'y a que quatre exemplaires de chaque tuile (HK-1)"),
    (["123m456m789m135p55p", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: 123456789m13555p has no valid reading: it is not four groups and a pair, seven pairs or thirteen orphans (HK-5)",
     "Main gagnante non valable\u00a0: 123456789m13555p ne se lit d'aucune façon valable\u00a0: ce n'est ni quatre groupes et une paire, ni sept paires, ni les treize orphelins (HK-5)"),
    (["123m456m789m135p55p", "--win", "5p", "--rules", "mcr"], 1,
     "Not a valid winning hand: 123456789m13555p has no winning shape: not four groups and a pair, seven pairs, thirteen orphans, honours and knitted tiles or a knitted straight (MCR-5.2)",
     "Main gagnante non valable\u00a0: 123456789m13555p n'a aucune forme gagnante\u00a0: ni quatre groupes et une paire, ni sept paires, ni les treize orphelins, ni honneurs et tuiles cousues, ni suite cousue (MCR-5.2)"),
    (["123m456m789m135p55p", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: 123456789m13555p has no valid reading: it is not four groups and a pair nor a limit hand of CL-6",
     "Donne non valable\u00a0: 123456789m13555p ne se lit d'aucune façon valable\u00a0: ce n'est ni quatre groupes et une paire, ni une main limite de CL-6"),
    # HK-5.3, CL-6.3 Ruling: four alike are never two of the seven pairs (MCR-5.2 allows them)
    (["1111m22p33p44s55s66z", "--win", "6z", "--rules", "hk"], 1,
     "Not a valid winning hand: 1111m2233p4455s66z has no valid reading: seven pairs are seven distinct pairs, and 1m is held four times (HK-5.3)",
     "Main gagnante non valable\u00a0: 1111m2233p4455s66z ne se lit d'aucune façon valable\u00a0: les sept paires sont sept paires distinctes, et 1m y est quatre fois (HK-5.3)"),
    (["1111m22p33p44s55s66z", "--win", "6z", "--rules", "classical"], 1,
     "Not a valid deal: 1111m2233p4455s66z has no valid reading: seven pairs are seven distinct pairs, and 1m is held four times (CL-6.3)",
     "Donne non valable\u00a0: 1111m2233p4455s66z ne se lit d'aucune façon valable\u00a0: les sept paires sont sept paires distinctes, et 1m y est quatre fois (CL-6.3)"),
    # CL-5.3: a win on a kong replacement or the final discard is real, but doubles nothing in the classical game
    (["123m456p11z999m", "--win", "9m", "--meld", "kong 7777s", "--flag", "kong_replacement", "--rules", "classical"], 1,
     "Not a valid deal: flag 'kong_replacement': the classical game has no double for a win on a kong replacement (CL-5.3): leave the flag out",
     "Donne non valable\u00a0: le drapeau «\u00a0kong_replacement\u00a0»\u00a0: le jeu classique n'a pas de doublement pour une victoire sur un remplacement de kong (CL-5.3)\u00a0: retirez le drapeau"),
    (["123m456p789s11z999m", "--win", "9m", "--from", "S", "--flag", "final_discard", "--rules", "classical"], 1,
     "Not a valid deal: flag 'final_discard': the classical game has no double for a win on the final discard (CL-5.3): leave the flag out",
     "Donne non valable\u00a0: le drapeau «\u00a0final_discard\u00a0»\u00a0: le jeu classique n'a pas de doublement pour une victoire sur la dernière défausse (CL-5.3)\u00a0: retirez le drapeau"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 123p", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld 'pung 123p': a pung is 3 identical tiles",
     "Main gagnante non valable\u00a0: --meld «\u00a0pung 123p\u00a0»\u00a0: un pung est fait de 3 tuiles identiques"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 123p", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'pung 123p': a pung is 3 identical tiles",
     "Donne non valable\u00a0: --meld «\u00a0pung 123p\u00a0»\u00a0: un pung est fait de 3 tuiles identiques"),
    # HK-5.1: alike tiles of the wrong count are answered with the meld as written (three alike may be a pung)
    (["123m456p789s11z", "--win", "9s", "--meld", "kong 999m", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld 'kong 999m': a kong is 4 identical tiles: write 'kong 9999m', or 'pung 999m' for three",
     "Main gagnante non valable\u00a0: --meld «\u00a0kong 999m\u00a0»\u00a0: un kong est fait de 4 tuiles identiques\u00a0: écrivez «\u00a0kong 9999m\u00a0», ou «\u00a0pung 999m\u00a0» pour trois"),
    (["123m456p789s11z", "--win", "9s", "--meld", "pung 9999m", "--rules", "mcr"], 1,
     "Not a valid winning hand: --meld 'pung 9999m': a pung is 3 identical tiles: write 'pung 999m', or 'kong 9999m' for four",
     "Main gagnante non valable\u00a0: --meld «\u00a0pung 9999m\u00a0»\u00a0: un pung est fait de 3 tuiles identiques\u00a0: écrivez «\u00a0pung 999m\u00a0», ou «\u00a0kong 9999m\u00a0» pour quatre"),
    (["123m456p789s11z", "--win", "9s", "--meld", "ckong 999m", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'ckong 999m': a ckong is 4 identical tiles: write 'ckong 9999m'",
     "Donne non valable\u00a0: --meld «\u00a0ckong 999m\u00a0»\u00a0: un ckong est fait de 4 tuiles identiques\u00a0: écrivez «\u00a0ckong 9999m\u00a0»"),
    (["123m456m789m55p", "--win", "5p", "--meld", "chow 135p", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld 'chow 135p': a chow is three consecutive tiles of one suit (HK-4.2, HK-5.2)",
     "Main gagnante non valable\u00a0: --meld «\u00a0chow 135p\u00a0»\u00a0: un chow est fait de trois tuiles qui se suivent dans une même famille (HK-4.2, HK-5.2)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "chow 135p", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'chow 135p': a chow is three consecutive tiles of one suit (CL-2.1)",
     "Donne non valable\u00a0: --meld «\u00a0chow 135p\u00a0»\u00a0: un chow est fait de trois tuiles qui se suivent dans une même famille (CL-2.1)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pang 111p", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld 'pang 111p': expected '<chow|pung|kong|ckong> <tiles>', e.g. 'pung 555m'",
     "Main gagnante non valable\u00a0: --meld «\u00a0pang 111p\u00a0»\u00a0: attendu «\u00a0<chow|pung|kong|ckong> <tuiles>\u00a0», par exemple «\u00a0pung 555m\u00a0»"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pang 111p", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'pang 111p': expected '<chow|pung|kong|ckong> <tiles>', e.g. 'pung 555m'",
     "Donne non valable\u00a0: --meld «\u00a0pang 111p\u00a0»\u00a0: attendu «\u00a0<chow|pung|kong|ckong> <tuiles>\u00a0», par exemple «\u00a0pung 555m\u00a0»"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pong 111p", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld 'pong 111p': write it 'pung 111p' (the kinds are chow, pung, kong and ckong, in small letters)",
     "Main gagnante non valable\u00a0: --meld «\u00a0pong 111p\u00a0»\u00a0: écrivez-le «\u00a0pung 111p\u00a0» (les sortes de groupe sont chow, pung, kong et ckong, en minuscules)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "PUNG 111p", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'PUNG 111p': write it 'pung 111p' (the kinds are chow, pung, kong and ckong, in small letters)",
     "Donne non valable\u00a0: --meld «\u00a0PUNG 111p\u00a0»\u00a0: écrivez-le «\u00a0pung 111p\u00a0» (les sortes de groupe sont chow, pung, kong et ckong, en minuscules)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 1x", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'pung 1x': '1x': unknown suit 'x' (use m, p, s, z or f)",
     "Donne non valable\u00a0: --meld «\u00a0pung 1x\u00a0»\u00a0: «\u00a01x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 1f1f1f", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld 'pung 1f1f1f': bonus tiles never form melds (HK-3.2)",
     "Main gagnante non valable\u00a0: --meld «\u00a0pung 1f1f1f\u00a0»\u00a0: les tuiles bonus ne forment jamais de groupe (HK-3.2)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 1f1f1f", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'pung 1f1f1f': bonus tiles never form melds (CL-1.2)",
     "Donne non valable\u00a0: --meld «\u00a0pung 1f1f1f\u00a0»\u00a0: les tuiles bonus ne forment jamais de groupe (CL-1.2)"),
    (["55p", "--win", "5p", "--meld", "pung 111p", "--meld", "pung 222p", "--meld", "pung 333p", "--meld", "pung 444p", "--meld", "pung 666p", "--rules", "hk"], 1,
     "Not a valid winning hand: 5 melds: a hand has at most four groups (HK-5.1)",
     "Main gagnante non valable\u00a0: 5 groupes\u00a0: une main en a au plus quatre (HK-5.1)"),
    (["55p", "--win", "5p", "--meld", "pung 111p", "--meld", "pung 222p", "--meld", "pung 333p", "--meld", "pung 444p", "--meld", "pung 666p", "--rules", "classical"], 1,
     "Not a valid deal: 5 melds: a hand has at most four groups (CL-2)",
     "Donne non valable\u00a0: 5 groupes\u00a0: une main en a au plus quatre (CL-2)"),
    # HK-1.4: a wind given as its tile is answered with its letter (it said "expected a wind E, S, W (or O for Ouest) or N")
    (["123m456m789m123p55p", "--win", "5p", "--from", "3z", "--rules", "hk"], 2,
     "hkmj score: --from '3z': a tile: write the West wind as W",
     "hkmj score\u00a0: --from «\u00a03z\u00a0»\u00a0: une tuile\u00a0: écrivez le Vent Ouest O"),
    (["123m456m789m123p55p", "--win", "5p", "--prevailing", "2z", "--rules", "classical"], 2,
     "hkmj score: --prevailing '2z': a tile: write the South wind as S",
     "hkmj score\u00a0: --prevailing «\u00a02z\u00a0»\u00a0: une tuile\u00a0: écrivez le Vent Sud S"),
    # R-3: a flag given twice is named as typed (it said the request's list: 'flags ["last_wall_tile", "last_wall_tile"]')
    (["123m456m789m123p55p", "--win", "5p", "--flag", "last_wall_tile", "--flag", "last_wall_tile", "--rules", "hk"], 1,
     "Not a valid winning hand: --flag last_wall_tile is given twice (give it once)",
     "Main gagnante non valable\u00a0: --flag last_wall_tile est donné deux fois (donnez-le une seule fois)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "last_wall_tile", "--flag", "last_wall_tile", "--rules", "classical"], 1,
     "Not a valid deal: --flag last_wall_tile is given twice (give it once)",
     "Donne non valable\u00a0: --flag last_wall_tile est donné deux fois (donnez-le une seule fois)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "last_wall_tile", "--flag", "final_discard", "--flag", "last_wall_tile",
      "--rules", "mcr"], 1,
     "Not a valid winning hand: --flag: a flag is given twice (give each once)",
     "Main gagnante non valable\u00a0: --flag\u00a0: un drapeau est donné deux fois (donnez chacun une seule fois)"),
    # HK-1.3: a bonus number outside 1-4, or given twice, is named as typed (not as the request's
    # list "--flower [5]", with the machine interface's R-9) and the message shows how to write it
    (["123m456m789m123p55p", "--win", "5p", "--flower", "5", "--rules", "hk"], 1,
     "Not a valid winning hand: --flower 5: flowers are numbered 1-4, one tile of each, e.g. --flower 2",
     "Main gagnante non valable\u00a0: --flower 5\u00a0: les fleurs sont numérotées de 1 à 4, une tuile de chaque, par exemple --flower 2"),
    # given twice, each number right: which one (it said "seasons are numbered 1-4, one tile of each, e.g. --season 2")
    (["123m456m789m123p55p", "--win", "5p", "--season", "3", "--season", "3", "--rules", "mcr"], 1,
     "Not a valid winning hand: --season 3 --season 3: season 3 is given twice: there is one tile of each, give it once",
     "Main gagnante non valable\u00a0: --season 3 --season 3\u00a0: la saison 3 est donnée deux fois\u00a0: il n'y a qu'une tuile de chaque, "
     "donnez-la une fois"),
    (["123m456m789m123p55p", "--win", "5p", "--flower", "1", "--flower", "2", "--flower", "2", "--rules", "classical"], 1,
     "Not a valid deal: --flower 1 --flower 2 --flower 2: flower 2 is given twice: there is one tile of each, give it once",
     "Donne non valable\u00a0: --flower 1 --flower 2 --flower 2\u00a0: la fleur 2 est donnée deux fois\u00a0: il n'y a qu'une tuile de chaque, "
     "donnez-la une fois"),
    (["123m456m789m123p55p", "--win", "5p", "--flower", "2", "--flower", "2", "--flower", "5", "--rules", "hk"], 1,
     "Not a valid winning hand: --flower 2 --flower 2 --flower 5: flowers are numbered 1-4, one tile of each, e.g. --flower 2",
     "Main gagnante non valable\u00a0: --flower 2 --flower 2 --flower 5\u00a0: les fleurs sont numérotées de 1 à 4, une tuile de chaque, "
     "par exemple --flower 2"),
    (["123m456m789m123p55p", "--win", "5p", "--flower", "5", "--rules", "classical"], 1,
     "Not a valid deal: --flower 5: flowers are numbered 1-4, one tile of each, e.g. --flower 2",
     "Donne non valable\u00a0: --flower 5\u00a0: les fleurs sont numérotées de 1 à 4, une tuile de chaque, par exemple --flower 2"),
    (["123m456m789m123p55p", "--win", "5p", "--robbed", "--rules", "hk"], 2,
     "hkmj score: --robbed needs --from SEAT, the seat whose added kong was robbed (HK-4.10)",
     "hkmj score\u00a0: --robbed demande --from PLACE, la place dont le kong ajouté a été volé (HK-4.10)"),
    (["123m456m789m123p55p", "--win", "5p", "--from", "E", "--seat", "E", "--rules", "hk"], 1,
     "Not a valid winning hand: --from E: that is the winner's own seat (--seat E); give the seat that discarded the winning tile",
     "Main gagnante non valable\u00a0: --from E\u00a0: c'est la place du gagnant (--seat E)\u00a0; donnez la place qui a défaussé la tuile gagnante"),
    (["123m456m789m123p55p", "--win", "5p", "--from", "east", "--seat", "east", "--rules", "hk"], 1,  # it said "--from EAST ... (--seat EAST)"
     "Not a valid winning hand: --from E: that is the winner's own seat (--seat E); give the seat that discarded the winning tile",
     "Main gagnante non valable\u00a0: --from E\u00a0: c'est la place du gagnant (--seat E)\u00a0; donnez la place qui a défaussé la tuile gagnante"),
    (["123m456m789m123p55p", "--win", "5p", "--from", "E", "--rules", "mcr"], 1,
     "Not a valid winning hand: --from E: that is the winner's own seat (--seat E, the default); give the seat that discarded the winning tile",
     "Main gagnante non valable\u00a0: --from E\u00a0: c'est la place du gagnant (--seat E, par défaut)\u00a0; donnez la place qui a défaussé la tuile gagnante"),
    (["123m456m789m123p55p", "--win", "5p", "--from", "S", "--seat", "S", "--rules", "classical"], 1,
     "Not a valid deal: --from S: that is the winner's own seat (--seat S); give the seat that discarded the winning tile",
     "Donne non valable\u00a0: --from S\u00a0: c'est la place du gagnant (--seat S)\u00a0; donnez la place qui a défaussé la tuile gagnante"),
    # HK-4.10, MCR-6.43, CL-3.4: --robbed --from the winner's own seat was told to give "the seat that discarded the
    # winning tile", where --robbed takes the seat whose added kong was robbed
    (["123m456m789m123p55p", "--win", "5p", "--robbed", "--from", "E", "--rules", "hk"], 1,
     "Not a valid winning hand: --from E: that is the winner's own seat (--seat E, the default); give the seat whose added kong "
     "was robbed (HK-4.10)",
     "Main gagnante non valable\u00a0: --from E\u00a0: c'est la place du gagnant (--seat E, par défaut)\u00a0; donnez la place dont le "
     "kong ajouté a été volé (HK-4.10)"),
    (["123m456m789m123p55p", "--win", "5p", "--robbed", "--from", "S", "--seat", "S", "--rules", "mcr"], 1,
     "Not a valid winning hand: --from S: that is the winner's own seat (--seat S); give the seat whose added kong was robbed (MCR-6.43)",
     "Main gagnante non valable\u00a0: --from S\u00a0: c'est la place du gagnant (--seat S)\u00a0; donnez la place dont le kong ajouté a "
     "été volé (MCR-6.43)"),
    (["123m456m789m123p55p", "--win", "5p", "--robbed", "--from", "W", "--seat", "W", "--rules", "classical"], 1,
     "Not a valid deal: --from W: that is the winner's own seat (--seat W); give the seat whose added kong was robbed (CL-3.4)",
     "Donne non valable\u00a0: --from O\u00a0: c'est la place du gagnant (--seat O)\u00a0; donnez la place dont le kong ajouté a été volé (CL-3.4)"),
    (["123m456m789m123p55p", "--win", "5p", "--from", "X", "--rules", "hk"], 2,
     "hkmj score: --from 'X': expected a wind E, S, W (or O for Ouest) or N",
     "hkmj score\u00a0: --from «\u00a0X\u00a0»\u00a0: un vent est attendu, E, S, O (ou W) ou N"),
    (["123m456m789m123p55p", "--win", "5p", "--option", "minfan=x", "--rules", "hk"], 2,
     "hkmj score: option minfan='x': expected one of 0, 1, 3",
     "hkmj score\u00a0: option minfan='x'\u00a0: attendu parmi 0, 1, 3"),
    (["123m456m789m123p55p", "--win", "5p", "--option", "minfan=x", "--rules", "mcr"], 2,
     "hkmj score: unknown option 'minfan': mcr rules have no house options",
     "hkmj score\u00a0: option «\u00a0minfan\u00a0» inconnue\u00a0: les règles mcr n'ont pas d'option de la maison"),
    (["123m456m789m123p55p", "--win", "5p", "--option", "fan=3", "--rules", "hk"], 2,
     "hkmj score: unknown option 'fan' for hk rules (options: minfan, limit, table, payment, base)",
     "hkmj score\u00a0: option «\u00a0fan\u00a0» inconnue pour les règles hk (options\u00a0: minfan, limit, table, payment, base)"),
    (["123m456m789m123p55p", "--win", "5p", "--option", "minfan", "--rules", "hk"], 2,
     "hkmj score: option 'minfan': expected key=value, e.g. minfan=3",
     "hkmj score\u00a0: option «\u00a0minfan\u00a0»\u00a0: attendu clé=valeur, par exemple minfan=3"),
    # each ruleset's own example (it said "e.g. minfan=3" at MCR, which takes no option at all)
    (["123m456m789m123p55p", "--win", "5p", "--option", "minfan", "--rules", "mcr"], 2,
     "hkmj score: option 'minfan': mcr rules have no house options",
     "hkmj score\u00a0: option «\u00a0minfan\u00a0»\u00a0: les règles mcr n'ont pas d'option de la maison"),
    (["123m456m789m123p55p", "--win", "5p", "--option", "limit", "--rules", "classical"], 2,
     "hkmj score: option 'limit': expected key=value, e.g. pay_highest=on",
     "hkmj score\u00a0: option «\u00a0limit\u00a0»\u00a0: attendu clé=valeur, par exemple pay_highest=on"),
    (["123m456m789m123p55p", "--win", "5p", "--other", "x", "--rules", "hk"], 2,
     "hkmj score: --other gives another seat's hand to the classical game (--rules classical); --rules hk scores the winner alone",
     "hkmj score\u00a0: --other donne la main d'une autre place au jeu classique (--rules classical)\u00a0; --rules hk ne compte que le gagnant"),
    (["123m456m789m123p55p", "--win", "5p", "--other", "x", "--rules", "classical"], 2,
     "hkmj score: --other 'x': expected 'SEAT: TILES, ...' with SEAT one of E, S, W (or O), N",
     "hkmj score\u00a0: --other «\u00a0x\u00a0»\u00a0: attendu «\u00a0PLACE: TUILES, ...\u00a0» avec PLACE parmi E, S, O (ou W), N"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "heavenly", "--from", "S", "--rules", "hk"], 1,
     "Not a valid winning hand: flag 'heavenly' needs a self-drawn win (HK-6)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0heavenly\u00a0» demande une victoire sur sa propre pioche (HK-6)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "heavenly", "--from", "S", "--rules", "mcr"], 1,
     "Not a valid winning hand: flag 'heavenly': MCR does not score a heavenly hand, which is not among its 81 fans (MCR-5.5): leave the flag out",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0heavenly\u00a0»\u00a0: le MCR ne compte pas de main du ciel, absente de ses 81 fans (MCR-5.5)\u00a0: retirez le drapeau"),
    # CL-4.1, CL-6.1: the classical rules rule on East's Mahjong on his dealt tiles (a plain self-drawn win, no limit
    # hand); the flags were answered only "is not part of the classical game: expected any of last_wall_tile"
    (["123m456m789m123p55p", "--win", "5p", "--flag", "heavenly", "--rules", "classical"], 1,
     "Not a valid deal: flag 'heavenly' is not part of the classical game: East's Mahjong on his dealt tiles is a plain "
     "self-drawn win there, no limit hand (CL-4.1, CL-6.1): leave the flag out",
     "Donne non valable\u00a0: le drapeau «\u00a0heavenly\u00a0» n'existe pas dans le jeu classique\u00a0: le Mah-Jong d'Est sur ses "
     "tuiles distribuées y est une simple victoire sur sa propre pioche, pas une main limite (CL-4.1, CL-6.1)\u00a0: retirez le drapeau"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "earthly", "--from", "E", "--seat", "S", "--rules", "classical"], 1,
     "Not a valid deal: flag 'earthly' is not part of the classical game: an earthly hand is not among its limit hands "
     "(CL-6.1): leave the flag out",
     "Donne non valable\u00a0: le drapeau «\u00a0earthly\u00a0» n'existe pas dans le jeu classique\u00a0: la main de la terre n'est "
     "pas parmi ses mains limites (CL-6.1)\u00a0: retirez le drapeau"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "last_of_kind", "--from", "S", "--rules", "classical"], 1,
     "Not a valid deal: flag 'last_of_kind' is not part of the classical game: expected any of last_wall_tile",
     "Donne non valable\u00a0: le drapeau «\u00a0last_of_kind\u00a0» n'existe pas dans le jeu classique\u00a0: attendu parmi last_wall_tile"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "heavenly", "--seat", "S", "--rules", "hk"], 1,
     "Not a valid winning hand: flag 'heavenly': only East wins a heavenly hand (HK-6)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0heavenly\u00a0»\u00a0: seul Est gagne une main du ciel (HK-6)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "earthly", "--rules", "hk"], 1,
     "Not a valid winning hand: flag 'earthly' needs a win on a discard (HK-6)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0earthly\u00a0» demande une victoire sur une défausse (HK-6)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "earthly", "--from", "S", "--seat", "W", "--rules", "hk"], 1,
     "Not a valid winning hand: flag 'earthly': another seat wins on East's very first discard (HK-6)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0earthly\u00a0»\u00a0: une autre place que l'Est gagne sur la toute première défausse de l'Est (HK-6)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "kong_replacement", "--from", "S", "--rules", "hk"], 1,
     "Not a valid winning hand: flag 'kong_replacement' needs a declared kong among the melds (R-3)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0kong_replacement\u00a0» demande un kong déclaré parmi les groupes (R-3)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "kong_replacement", "--rules", "mcr"], 1,
     "Not a valid winning hand: flag 'kong_replacement': the hand declares no kong (MCR-6.42)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0kong_replacement\u00a0»\u00a0: la main ne déclare aucun kong (MCR-6.42)"),
    (["123m456m789m55p", "--win", "5p", "--flag", "kong_replacement", "--flag", "last_wall_tile", "--meld", "kong 1111p", "--rules", "hk"], 1,
     "Not a valid winning hand: flags 'last_wall_tile' and 'kong_replacement' never go together (R-3)",
     "Main gagnante non valable\u00a0: les drapeaux «\u00a0last_wall_tile\u00a0» et «\u00a0kong_replacement\u00a0» ne vont jamais ensemble (R-3)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "heavenly", "--flag", "last_wall_tile", "--rules", "hk"], 1,
     "Not a valid winning hand: flag 'heavenly' never goes with 'last_wall_tile' (R-3)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0heavenly\u00a0» ne va jamais avec «\u00a0last_wall_tile\u00a0» (R-3)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "heavenly", "--robbed", "--from", "S", "--rules", "hk"], 1,
     "Not a valid winning hand: flag 'heavenly' never goes with a robbed kong (R-3)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0heavenly\u00a0» ne va jamais avec un kong volé (R-3)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "final_discard", "--robbed", "--from", "S", "--rules", "mcr"], 1,
     "Not a valid winning hand: flag 'final_discard' needs a win on a discard, not a robbed kong (MCR-6.41)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0final_discard\u00a0» demande une victoire sur une défausse, pas sur un kong volé (MCR-6.41)"),
    (["123m456m789m55p", "--win", "5p", "--flag", "heavenly", "--meld", "pung 111p", "--rules", "hk"], 1,
     "Not a valid winning hand: a heavenly or earthly hand has no melds: it is won on the dealt tiles (HK-6)",
     "Main gagnante non valable\u00a0: une main du ciel ou de la terre n'a aucun groupe déclaré\u00a0: elle est gagnée avec les tuiles distribuées (HK-6)"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "last_of_kind", "--rules", "hk"], 1,
     "Not a valid winning hand: unknown flag 'last_of_kind': expected any of last_wall_tile, final_discard, kong_replacement, heavenly, earthly",
     "Main gagnante non valable\u00a0: drapeau «\u00a0last_of_kind\u00a0» inconnu\u00a0: attendu parmi last_wall_tile, final_discard, kong_replacement, heavenly, earthly"),
    (["123m456m789m123p55p", "--win", "5p", "--flag", "last_of_kind", "--rules", "mcr"], 1,
     "Not a valid winning hand: flag 'last_of_kind': the hand holds 1 other 5p concealed, so the winning tile cannot be the last of its kind (MCR-6.27)",
     "Main gagnante non valable\u00a0: le drapeau «\u00a0last_of_kind\u00a0»\u00a0: la main cache 1 autre 5p, la tuile gagnante ne peut donc pas être la dernière de son espèce (MCR-6.27)"),
    (["123m456m789m123p55p", "--win", "5p", "--robbed", "--from", "S", "--rules", "hk"], 1,
     "Not a valid winning hand: robbed kong: the other three 5p are in the pung the 5p was robbed from, so the robbed tile must be the hand's only 5p; it holds 2 (HK-4.10)",
     "Main gagnante non valable\u00a0: kong volé\u00a0: les trois autres 5p sont dans le pung d'où le 5p a été volé, la tuile volée doit donc être le seul 5p de la main\u00a0; elle en tient 2 (HK-4.10)"),
    (["78s11z6s", "--meld", "chow 234m", "--meld", "pung 888p", "--meld", "chow 456s", "--win", "6s", "--robbed", "--from", "W", "--seat", "S", "--rules", "mcr"], 1,
     "Not a valid winning hand: robbed kong: the other three 6s are in the pung the 6s was robbed from, so the robbed tile must be the hand's only 6s; it holds 2, 1 of them in its declared melds (MCR-4.4)",
     "Main gagnante non valable\u00a0: kong volé\u00a0: les trois autres 6s sont dans le pung d'où le 6s a été volé, la tuile volée doit donc être le seul 6s de la main\u00a0; elle en tient 2, dont 1 dans ses groupes déclarés (MCR-4.4)"),
    (["123m456m789m123p55p9f", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m123p55p9f': '9f': unknown tile 9f (bonus tiles run 1f-8f)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p55p9f\u00a0»\u00a0: «\u00a09f\u00a0»\u00a0: tuile 9f inconnue (les tuiles bonus vont de 1f à 8f)"),
    (["123m456m789m123p55p9f", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m123p55p9f': '9f': unknown tile 9f (bonus tiles run 1f-8f)",
     "Donne non valable\u00a0: main «\u00a0123m456m789m123p55p9f\u00a0»\u00a0: «\u00a09f\u00a0»\u00a0: tuile 9f inconnue (les tuiles bonus vont de 1f à 8f)"),
    (["--seat", "S", "--rules", "hk"], 2,
     "hkmj score: --seat needs a hand on the command line (hkmj score 234s567p88m111z777z --win 1z); without a hand, hkmj score reads JSON requests on stdin, one a line, and takes every field from them (R-9)",
     "hkmj score\u00a0: --seat demande une main sur la ligne de commande (hkmj score 234s567p88m111z777z --win 1z)\u00a0; sans main, hkmj score lit des requêtes JSON sur l'entrée standard, une par ligne, et prend chaque champ de celles-ci (R-9)"),
    (["123m456m789m123p55p", "--win", "5p", "--option", "base=0", "--rules", "hk"], 2,
     "hkmj score: option base=0: expected a whole number 1-1000",
     "hkmj score\u00a0: option base=0\u00a0: un nombre entier de 1 à 1000 est attendu"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "zz"], 2,
     "hkmj score: unknown ruleset 'zz': expected one of hk, mcr, classical",
     "hkmj score\u00a0: jeu de règles «\u00a0zz\u00a0» inconnu\u00a0: attendu parmi hk, mcr, classical"),
    (["123m456m789m11p345p", "--win", "5p", "--robbed", "--from", "S", "--rules", "classical", "--other", "S: 123s"], 1,
     "Not a valid deal: S holds 3 concealed tiles; with 0 melds a non-winner holds 13",
     "Donne non valable\u00a0: S tient 3 tuiles cachées\u00a0; avec 0 groupe, un perdant en tient 13"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "S: 123m456m789m123s, flower 1", "--flower", "1"], 1,
     "Not a valid deal: flower 1 is held by both E and S: there is one of each (CL-1.1)",
     "Donne non valable\u00a0: la fleur 1 est tenue à la fois par E et par S\u00a0: il n'y en a qu'une de chaque (CL-1.1)"),
    (["123m456m789m123p55p", "--win", "5p", "--other", "W: 1789p45s2z666z, flower x", "--rules", "classical"], 2,
     "hkmj score: --other 'W: 1789p45s2z666z, flower x': 'flower x' needs a number 1-4, e.g. 'flower 2'",
     "hkmj score\u00a0: --other «\u00a0W: 1789p45s2z666z, flower x\u00a0»\u00a0: «\u00a0flower x\u00a0» demande un numéro de 1 à 4, par exemple «\u00a0flower 2\u00a0»"),
    (["123m456m789m123p55p", "--win", "5p", "--other", "W: 123m", "--other", "W: 456m", "--rules", "classical"], 2,
     "hkmj score: --other: seat W given twice",
     "hkmj score\u00a0: --other\u00a0: la place O est donnée deux fois"),
    (["123m456m789m123p55p", "--win", "5p", "--other", "E: 123m", "--rules", "classical"], 2,
     "hkmj score: --other E: that is the winner's seat (--seat); give the winner's hand as HAND",
     "hkmj score\u00a0: --other E\u00a0: c'est la place du gagnant (--seat)\u00a0; donnez la main du gagnant comme MAIN"),
    (["1m", "--flower", "x", "--rules", "hk"], 2,
     "hkmj score: error: argument --flower: 'x' is not a whole number (digits 0-9)",
     "hkmj score\u00a0: erreur\u00a0: argument --flower\u00a0: «\u00a0x\u00a0» n'est pas un nombre entier (chiffres 0-9)"),
    (["1m", "--flower", "F2", "--rules", "hk"], 2,  # HK-1.3: the bonus tile written whole, as the table shows it
     "hkmj score: error: argument --flower: 'F2' is flower 2: give its number only, --flower 2",
     "hkmj score\u00a0: erreur\u00a0: argument --flower\u00a0: «\u00a0F2\u00a0» est la fleur 2\u00a0: donnez seulement son numéro, --flower 2"),
    (["1m", "--season", "S3", "--rules", "mcr"], 2,
     "hkmj score: error: argument --season: 'S3' is season 3: give its number only, --season 3",
     "hkmj score\u00a0: erreur\u00a0: argument --season\u00a0: «\u00a0S3\u00a0» est la saison 3\u00a0: donnez seulement son numéro, --season 3"),
    (["1m", "--season", "7f", "--rules", "classical"], 2,  # seasons 1-4 are 5f-8f in the notation
     "hkmj score: error: argument --season: '7f' is season 3: give its number only, --season 3",
     "hkmj score\u00a0: erreur\u00a0: argument --season\u00a0: «\u00a07f\u00a0» est la saison 3\u00a0: donnez seulement son numéro, --season 3"),
    # HK-1.3: a tile of the other kind is answered with its option (it said "'5f' is not a whole number")
    (["1m", "--flower", "5f", "--rules", "hk"], 2,
     "hkmj score: error: argument --flower: '5f' is a season: give it with --season 1",
     "hkmj score\u00a0: erreur\u00a0: argument --flower\u00a0: «\u00a05f\u00a0» est une saison\u00a0: donnez-la avec --season 1"),
    (["1m", "--season", "F2", "--rules", "classical"], 2,
     "hkmj score: error: argument --season: 'F2' is a flower: give it with --flower 2",
     "hkmj score\u00a0: erreur\u00a0: argument --season\u00a0: «\u00a0F2\u00a0» est une fleur\u00a0: donnez-la avec --flower 2"),
    (["1m", "--seat", "E", "--seat", "S", "--rules", "hk"], 2,
     "hkmj score: error: argument --seat: given twice (give it once)",
     "hkmj score\u00a0: erreur\u00a0: argument --seat\u00a0: donné deux fois (donnez-le une seule fois)"),
    (["1m", "--win", "--rules", "hk"], 2,
     "hkmj score: error: argument --win: expected one argument",
     "hkmj score\u00a0: erreur\u00a0: argument --win\u00a0: une valeur est attendue"),
    (["1m", "2m", "--win", "1m", "--rules", "hk"], 2,
     "hkmj score: error: unrecognized arguments: 2m (write the hand as one word, without spaces: 1m2m)",
     "hkmj score\u00a0: erreur\u00a0: arguments non reconnus\u00a0: 2m (écrivez la main d'un seul mot, sans espaces\u00a0: 1m2m)"),
    (["123m456p789s", "EE", "999m", "--win", "9m", "--rules", "hk"], 2,
     "hkmj score: error: unrecognized arguments: EE 999m (write the hand as one word, without spaces: 123m456p789sEE999m)",
     "hkmj score\u00a0: erreur\u00a0: arguments non reconnus\u00a0: EE 999m (écrivez la main d'un seul mot, sans espaces\u00a0: 123m456p789sEE999m)"),
    # HK-1.4: an honour typed as the table shows it (E, Wh; O for Ouest) or a suit letter in
    # capitals is answered with the notation to write instead
    (["123m456p789sEE999m", "--win", "9m", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456p789sEE999m': 'E': write the East wind as 1z (winds 1z-4z, dragons 5z-7z)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456p789sEE999m\u00a0»\u00a0: «\u00a0E\u00a0»\u00a0: écrivez le Vent Est 1z (vents 1z-4z, dragons 5z-7z)"),
    (["123m456p789s11z999m", "--win", "Rd", "--rules", "mcr"], 1,
     "Not a valid winning hand: --win 'Rd': 'Rd': write the Red dragon as 7z (winds 1z-4z, dragons 5z-7z)",
     "Main gagnante non valable\u00a0: --win «\u00a0Rd\u00a0»\u00a0: «\u00a0Rd\u00a0»\u00a0: écrivez le Dragon Rouge 7z (vents 1z-4z, dragons 5z-7z)"),
    (["123m456p789s11z999m", "--win", "east", "--rules", "hk"], 1,
     "Not a valid winning hand: --win 'east': 'east': write the East wind as 1z (winds 1z-4z, dragons 5z-7z)",
     "Main gagnante non valable\u00a0: --win «\u00a0east\u00a0»\u00a0: «\u00a0east\u00a0»\u00a0: écrivez le Vent Est 1z (vents 1z-4z, dragons 5z-7z)"),
    (["123m456p789s11z999mF2", "--win", "9m", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456p789s11z999mF2': 'F2': write Flower 2 (Orchid) as 2f (flowers 1f-4f, seasons 5f-8f)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456p789s11z999mF2\u00a0»\u00a0: «\u00a0F2\u00a0»\u00a0: écrivez la Fleur 2 (Orchidée) 2f (fleurs 1f-4f, saisons 5f-8f)"),
    (["123m456p789s11z999m", "--win", "\U0001f00f", "--rules", "hk"], 1,
     "Not a valid winning hand: --win '\U0001f00f': '\U0001f00f': write 9 Characters as 9m (digits, then the suit letter m, p or s)",
     "Main gagnante non valable\u00a0: --win «\u00a0\U0001f00f\u00a0»\u00a0: «\u00a0\U0001f00f\u00a0»\u00a0: écrivez 9 Caractères 9m (les chiffres, puis la lettre de famille m, p ou s)"),
    (["123M456P789S11Z999M", "--win", "9m", "--rules", "classical"], 1,
     "Not a valid deal: hand '123M456P789S11Z999M': '123M': suit letters are lowercase: write '123m'",
     "Donne non valable\u00a0: main «\u00a0123M456P789S11Z999M\u00a0»\u00a0: «\u00a0123M\u00a0»\u00a0: les lettres de famille s'écrivent en minuscules\u00a0: écrivez «\u00a0123m\u00a0»"),
    (["1m", "--wim", "1m", "--rules", "hk"], 2,
     "hkmj score: error: unrecognized arguments: --wim 1m (did you mean --win?)",
     "hkmj score\u00a0: erreur\u00a0: arguments non reconnus\u00a0: --wim 1m (vouliez-vous dire --win\u00a0?)"),
    (["1m", "--bogus", "--rules", "hk"], 2,
     "hkmj score: error: unrecognized arguments: --bogus",
     "hkmj score\u00a0: erreur\u00a0: arguments non reconnus\u00a0: --bogus"),
    (["1m" * 200, "--win", "1m", "--rules", "hk"], 1,
     "Not a valid winning hand: hand of 400 characters: a hand of at most 14 tiles is written in at most 80 (HK-1.4)",
     "Main gagnante non valable\u00a0: main de 400 caractères\u00a0: une main d'au plus 14 tuiles s'écrit en au plus 80 (HK-1.4)"),
    (["11m", "--win", "1m", "--meld", "pung " + "1" * 300 + "m", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld of 306 characters: a meld is written like 'pung 555m' (HK-1.4)",
     "Main gagnante non valable\u00a0: --meld de 306 caractères\u00a0: un groupe s'écrit comme «\u00a0pung 555m\u00a0» (HK-1.4)"),
    (["11m", "--win", "1m", "--meld", "pung " + "1" * 300 + "m", "--rules", "classical"], 1,
     "Not a valid deal: a meld of 306 characters: a meld is written like 'pung 555m' (CL-1.3)",
     "Donne non valable\u00a0: un groupe de 306 caractères\u00a0: un groupe s'écrit comme «\u00a0pung 555m\u00a0» (CL-1.3)"),
    (["123m456m789m123p55p", "--win", "5p", *["--flag", "last_wall_tile"] * 30, "--rules", "hk"], 1,
     "Not a valid winning hand: 30 flags: a request has at most 16 (R-9)",
     "Main gagnante non valable\u00a0: 30 drapeaux\u00a0: une requête en a au plus 16 (R-9)"),
    (["123m456m789m123p55p", "--win", "5p", "--option", "minfan=1", "--option", "minfan=3", "--rules", "hk"], 2,
     "hkmj score: option 'minfan' given twice",
     "hkmj score\u00a0: option «\u00a0minfan\u00a0» donnée deux fois"),
    (["123m456m789m11p345p", "--win", "5p", "--robbed", "--from", "S", "--rules", "classical", "--other", "S: 123456789s1z, pung 777z"], 1,
     "Not a valid deal: robbed kong of 5p: S shows no exposed pung of 5p to add it to (CL-3.4)",
     "Donne non valable\u00a0: kong volé de 5p\u00a0: S n'a aucun pung exposé de 5p auquel l'ajouter (CL-3.4)"),
    # CL-3.4: a robbed kong does not stand; the robbed hand given with the kong was answered only "5 copies of 5p in
    # the four hands", which never said which group to change
    (["123m456m789m11p345p", "--win", "5p", "--robbed", "--from", "S", "--rules", "classical", "--other", "S: 123456789s1z, kong 5555p"], 1,
     "Not a valid deal: robbed kong of 5p: a robbed kong does not stand, so S keeps the pung it had: give it as 'pung 555p', not 'kong 5555p' (CL-3.4)",
     "Donne non valable\u00a0: kong volé de 5p\u00a0: un kong volé ne tient pas, S garde donc le pung qu'il avait\u00a0: "
     "donnez-le comme «\u00a0pung 555p\u00a0», pas «\u00a0kong 5555p\u00a0» (CL-3.4)"),
    (["123m678p789s99s345p", "--win", "5p", "--robbed", "--from", "S", "--seat", "N", "--rules", "classical",
      "--other", "W: 258m369s147s7z, pung 555p"], 1,
     "Not a valid deal: robbed kong of 5p: the other three 5p are in S's robbed pung, so W holds none (CL-3.4)",
     "Donne non valable\u00a0: kong volé de 5p\u00a0: les trois autres 5p sont dans le pung volé de S, O n'en tient donc aucun (CL-3.4)"),
    # MCR-1, MCR-3.4, MCR-5.2: the checks shared with Hong Kong cite the MCR rules under --rules mcr
    (["123m456m789m123p55p1f", "--win", "5p", "--rules", "mcr"], 1,
     "Not a valid winning hand: hand '123m456m789m123p55p1f': 1f is a bonus tile: give it with --flower 1 (MCR-1.2)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p55p1f\u00a0»\u00a0: 1f est une tuile bonus\u00a0: donnez-la avec --flower 1 (MCR-1.2)"),
    (["123m456m789m123p55p7f", "--rules", "mcr"], 1,
     "Not a valid winning hand: hand '123m456m789m123p55p7f': 7f is a bonus tile: give it with --season 3 (MCR-1.2)",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m123p55p7f\u00a0»\u00a0: 7f est une tuile bonus\u00a0: donnez-la avec --season 3 (MCR-1.2)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "chow 135p", "--rules", "mcr"], 1,
     "Not a valid winning hand: --meld 'chow 135p': a chow is three consecutive tiles of one suit (MCR-5.2)",
     "Main gagnante non valable\u00a0: --meld «\u00a0chow 135p\u00a0»\u00a0: un chow est fait de trois tuiles qui se suivent dans une même famille (MCR-5.2)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 1f1f1f", "--rules", "mcr"], 1,
     "Not a valid winning hand: --meld 'pung 1f1f1f': bonus tiles never form melds (MCR-3.4)",
     "Main gagnante non valable\u00a0: --meld «\u00a0pung 1f1f1f\u00a0»\u00a0: les tuiles bonus ne forment jamais de groupe (MCR-3.4)"),
    (["123m456m789m123p55p", "--win", "1f", "--rules", "mcr"], 1,
     "Not a valid winning hand: --win 1f: a bonus tile never wins a hand (MCR-3.4)",
     "Main gagnante non valable\u00a0: --win 1f\u00a0: une tuile bonus ne gagne jamais une main (MCR-3.4)"),
    (["11111m456m789m123p", "--win", "1m", "--rules", "mcr"], 1,
     "Not a valid winning hand: 5 copies of 1m: there are only four of each tile (MCR-1.1)",
     "Main gagnante non valable\u00a0: 5 exemplaires de 1m\u00a0: il n'y a que quatre exemplaires de chaque tuile (MCR-1.1)"),
    # CL-1.2, CL-2.1: another seat's hand (--other) is named as typed
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1789p45s2z666z5f"], 1,
     "Not a valid deal: --other W: 5f is a bonus tile: write it after the tiles as 'season 1' (CL-1.2)",
     "Donne non valable\u00a0: --other O\u00a0: 5f est une tuile bonus\u00a0: écrivez-la après les tuiles sous la forme «\u00a0season 1\u00a0» (CL-1.2)"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1789p45s2z666z, flower 5"], 1,
     "Not a valid deal: --other W: flowers [5]: each is a distinct number 1-4 (CL-1.1)",
     "Donne non valable\u00a0: --other O\u00a0: fleurs [5]\u00a0: chacune est un numéro distinct de 1 à 4 (CL-1.1)"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1789p45s2z666z, chow 234z"], 1,
     "Not a valid deal: --other W: meld 'chow 234z': a chow is three consecutive tiles of one suit (CL-2.1)",
     "Donne non valable\u00a0: --other O\u00a0: groupe «\u00a0chow 234z\u00a0»\u00a0: un chow est fait de trois tuiles qui se suivent dans une même famille (CL-2.1)"),
    # HK-5.1, CL-2: a declared group pasted among the tiles is answered with the meld to give (it said
    # "'p': suit letter 'p' with no digits before it", "'k': unknown suit 'k'")
    (["123m456m789m55p pung 777z", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m456m789m55p pung 777z': 'pung 777z' is a declared group: give it with --meld 'pung 777z'",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m55p pung 777z\u00a0»\u00a0: «\u00a0pung 777z\u00a0» est un groupe déclaré\u00a0: "
     "donnez-le avec --meld «\u00a0pung 777z\u00a0»"),
    (["123m456m789m55p Kong 1111z", "--rules", "mcr"], 1,
     "Not a valid winning hand: hand '123m456m789m55p Kong 1111z': 'Kong 1111z' is a declared group: give it with --meld 'kong 1111z'",
     "Main gagnante non valable\u00a0: main «\u00a0123m456m789m55p Kong 1111z\u00a0»\u00a0: «\u00a0Kong 1111z\u00a0» est un groupe déclaré\u00a0: "
     "donnez-le avec --meld «\u00a0kong 1111z\u00a0»"),
    (["123m456m789m55p chow 123s", "--win", "5p", "--rules", "classical"], 1,
     "Not a valid deal: hand '123m456m789m55p chow 123s': 'chow 123s' is a declared group: give it with --meld 'chow 123s'",
     "Donne non valable\u00a0: main «\u00a0123m456m789m55p chow 123s\u00a0»\u00a0: «\u00a0chow 123s\u00a0» est un groupe déclaré\u00a0: "
     "donnez-le avec --meld «\u00a0chow 123s\u00a0»"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1789p45s2z666z kong 7777m"], 1,
     "Not a valid deal: --other W: 'kong 7777m' is a declared group: write it after the tiles and a comma, as ', kong 7777m'",
     "Donne non valable\u00a0: --other O\u00a0: «\u00a0kong 7777m\u00a0» est un groupe déclaré\u00a0: écrivez-le après les tuiles et une virgule, "
     "sous la forme «\u00a0, kong 7777m\u00a0»"),
    # HK-1.4: a hand pasted with commas is answered with how to write it (it said only "unexpected character ','")
    (["123m, 456m, 789m, 123p, 55p", "--win", "5p", "--rules", "hk"], 1,
     "Not a valid winning hand: hand '123m, 456m, 789m, 123p, 55p': ',': unexpected character ',': separate tiles with spaces, "
     "e.g. '234s 567p'",
     "Main gagnante non valable\u00a0: main «\u00a0123m, 456m, 789m, 123p, 55p\u00a0»\u00a0: «\u00a0,\u00a0»\u00a0: caractère «\u00a0,\u00a0» inattendu\u00a0: "
     "séparez les tuiles par des espaces, par exemple «\u00a0234s 567p\u00a0»"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1789p45s2z666z; kong 7777m"], 1,
     "Not a valid deal: --other W: ';': unexpected character ';': separate tiles with spaces, e.g. '234s 567p'",
     "Donne non valable\u00a0: --other O\u00a0: «\u00a0;\u00a0»\u00a0: caractère «\u00a0;\u00a0» inattendu\u00a0: séparez les tuiles par des espaces, "
     "par exemple «\u00a0234s 567p\u00a0»"),
    # HK-5.1, CL-5.4: one tile is one tile (it said "hand has 1 concealed tiles", "la main a 1 tuiles cachées")
    (["1m", "--win", "1m", "--from", "S", "--meld", "kong 1111p", "--meld", "kong 9999p", "--meld", "ckong 1111s", "--meld",
      "kong 9999m", "--rules", "hk"], 1,
     "Not a valid winning hand: hand has 1 concealed tile; with 4 melds it needs 2 (the winning tile included, HK-5.1)",
     "Main gagnante non valable\u00a0: la main a 1 tuile cachée\u00a0; avec 4 groupes il en faut 2 (tuile gagnante comprise, HK-5.1)"),
    (["1m", "--meld", "kong 1111p", "--meld", "kong 9999p", "--meld", "ckong 1111s", "--meld", "kong 9999m", "--rules", "mcr"], 1,
     "Not a valid winning hand: hand '1m' has 1 tile; with 4 melds it needs 2 (the winning tile included, MCR-5.2)",
     "Main gagnante non valable\u00a0: la main «\u00a01m\u00a0» a 1 tuile\u00a0; avec 4 groupes il en faut 2 (tuile gagnante comprise, MCR-5.2)"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1m, kong 1111p, kong 9999p, kong 1111s"], 1,
     "Not a valid deal: W holds 1 concealed tile; with 3 melds a non-winner holds 4",
     "Donne non valable\u00a0: O tient 1 tuile cachée\u00a0; avec 3 groupes, un perdant en tient 4"),
    # R-9: the group a discard completed, laid down on the table and given as a meld, is written in the hand (it said
    # only "--win 7z is not in the concealed hand ...")
    (["234s567p88m111z", "--meld", "pung 777z", "--win", "7z", "--from", "W", "--rules", "hk"], 1,
     "Not a valid winning hand: --win 7z is not in the concealed hand 88m567p234s111z: the group it completes is written in the hand, "
     "not as the meld 'pung 777z'",
     "Main gagnante non valable\u00a0: la tuile gagnante 7z n'est pas dans la main cachée 88m567p234s111z\u00a0: le groupe qu'elle complète "
     "s'écrit dans la main, pas comme le groupe déclaré «\u00a0pung 777z\u00a0»"),
    (["567p88m111z777z", "--meld", "chow 234s", "--win", "3s", "--from", "N", "--rules", "classical"], 1,
     "Not a valid deal: --win 3s is not in the concealed hand 88m567p111777z: the group it completes is written in the hand, "
     "not as the meld 'chow 234s'",
     "Donne non valable\u00a0: la tuile gagnante 3s n'est pas dans la main cachée 88m567p111777z\u00a0: le groupe qu'elle complète "
     "s'écrit dans la main, pas comme le groupe déclaré «\u00a0chow 234s\u00a0»"),
    # HK-3.3, CL-5.4: a kong held undeclared makes the count one over: say how to give it (it said only "hand has 15 concealed
    # tiles; with 0 melds it needs 14")
    (["1111z234s567p88m777z", "--win", "8m", "--rules", "hk"], 1,
     "Not a valid winning hand: hand has 15 concealed tiles; with 0 melds it needs 14 (the winning tile included, HK-5.1): 1111z "
     "is a kong, given with --meld 'kong 1111z' or as 'ckong 1111z' when declared concealed",
     "Main gagnante non valable\u00a0: la main a 15 tuiles cachées\u00a0; avec 0 groupe il en faut 14 (tuile gagnante comprise, HK-5.1)\u00a0: "
     "1111z est un kong, donné avec --meld «\u00a0kong 1111z\u00a0» ou comme «\u00a0ckong 1111z\u00a0» s'il est déclaré caché"),
    (["1111z2222s567p88m777z", "--rules", "mcr"], 1,
     "Not a valid winning hand: hand '1111z2222s567p88m777z' has 16 tiles; with 0 melds it needs 14 (the winning tile included, "
     "MCR-5.2): 2222s is a kong, given with --meld 'kong 2222s' or as 'ckong 2222s' when declared concealed",
     "Main gagnante non valable\u00a0: la main «\u00a01111z2222s567p88m777z\u00a0» a 16 tuiles\u00a0; avec 0 groupe il en faut 14 (tuile "
     "gagnante comprise, MCR-5.2)\u00a0: 2222s est un kong, donné avec --meld «\u00a0kong 2222s\u00a0» ou comme «\u00a0ckong 2222s\u00a0» "
     "s'il est déclaré caché"),
    (["123m456m789m123p55p", "--win", "5p", "--rules", "classical", "--other", "W: 1111m456789p1234s"], 1,
     "Not a valid deal: W holds 14 concealed tiles; with 0 melds a non-winner holds 13: 1111m is a kong, given as the meld "
     "'kong 1111m' or as 'ckong 1111m' when declared concealed",
     "Donne non valable\u00a0: O tient 14 tuiles cachées\u00a0; avec 0 groupe, un perdant en tient 13\u00a0: 1111m est un kong, donné comme le "
     "groupe déclaré «\u00a0kong 1111m\u00a0» ou comme «\u00a0ckong 1111m\u00a0» s'il est déclaré caché"),
    # HK-5.1, CL-2: several groups in one --meld are named one by one (it said "expected '<chow|pung|kong|ckong> <tiles>'")
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 777z, chow 123s", "--rules", "hk"], 1,
     "Not a valid winning hand: --meld 'pung 777z, chow 123s': 2 groups in one meld: give them one by one: 'pung 777z' then 'chow 123s'",
     "Main gagnante non valable\u00a0: --meld «\u00a0pung 777z, chow 123s\u00a0»\u00a0: 2 groupes dans un seul groupe déclaré\u00a0: "
     "donnez-les un par un\u00a0: «\u00a0pung 777z\u00a0» puis «\u00a0chow 123s\u00a0»"),
    (["123m456m55p", "--win", "5p", "--meld", "pung 777z chow 123s; kong 1111z", "--rules", "classical"], 1,
     "Not a valid deal: --meld 'pung 777z chow 123s; kong 1111z': 3 groups in one meld: give them one by one: 'pung 777z' then "
     "'chow 123s' then 'kong 1111z'",
     "Donne non valable\u00a0: --meld «\u00a0pung 777z chow 123s; kong 1111z\u00a0»\u00a0: 3 groupes dans un seul groupe déclaré\u00a0: "
     "donnez-les un par un\u00a0: «\u00a0pung 777z\u00a0» puis «\u00a0chow 123s\u00a0» puis «\u00a0kong 1111z\u00a0»"),
    # HK-1.4: a byte that is not UTF-8 (Latin-1's é from a terminal in another encoding), which Python reads as a
    # lone surrogate: the argument is named and the byte too (it said "'\udcff': unexpected character '\udcff'")
    (["12\udcff3m456m789m123p55p", "--win", "5p", "--rules", "hk"], 2,
     "hkmj score: the hand argument holds the byte 0xff, which is not UTF-8 text (is the terminal set to another encoding?)",
     "hkmj score\u00a0: l'argument de la main contient l'octet 0xff, qui n'est pas du texte UTF-8 (le terminal est-il réglé sur "
     "un autre encodage\u00a0?)"),
    (["123m456m789m55p", "--win", "5p", "--meld", "pung 7\udce97z", "--rules", "mcr"], 2,
     "hkmj score: the --meld argument holds the byte 0xe9, which is not UTF-8 text (is the terminal set to another encoding?)",
     "hkmj score\u00a0: l'argument --meld contient l'octet 0xe9, qui n'est pas du texte UTF-8 (le terminal est-il réglé sur "
     "un autre encodage\u00a0?)"),
]
"""A command line, its status (1: a hand refused, 2: a usage error), its last line on stderr
in English, then with ``--lang fr``."""


@pytest.mark.parametrize(("argv", "status", "english", "french"), LANG_CASES, ids=[f"{i}" for i in range(len(LANG_CASES))])
def test_every_error_of_hkmj_score_follows_lang(
    argv: list[str], status: int, english: str, french: str, hkmj_cli: RunHkmj
) -> None:
    """R-9 and every rule the messages cite: the same refusal, in English and in French."""
    for lang, said in (("en", english), ("fr", french)):
        code, out, err = hkmj_cli(["score", *argv, "--lang", lang])
        assert (code, out) == (status, ""), (lang, err)
        assert err.strip().splitlines()[-1] == said, lang
        if status == 2 and lang == "fr" and "erreur" in said:  # argparse's usage line too
            assert err.startswith("utilisation\u00a0: hkmj score"), err


def test_a_refused_choice_is_french_too(hkmj_cli: RunHkmj) -> None:
    """argparse's own error for an unknown ``--flag`` (its list of choices is worded by Python's version)."""
    code, _, err = hkmj_cli(["score", "1m", "--flag", "bad", "--lang", "fr"])
    assert code == 2 and "hkmj score\u00a0: erreur\u00a0: argument --flag\u00a0: choix «\u00a0bad\u00a0» invalide (choisissez parmi " in err
    assert "last_of_kind" in err and "invalid choice" not in err and "usage:" not in err
    code, _, err = hkmj_cli(["score", "1m", "--flag", "bad", "--lang", "en"])
    assert code == 2 and "hkmj score: error: argument --flag: invalid choice: 'bad'" in err


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_the_json_error_follows_lang(rules: str, hkmj_cli: RunHkmj) -> None:
    """R-9: with ``--json`` the refusal is the machine answer on stdout, its ``error`` in ``--lang``."""
    argv = ["score", "123m456m789m123p5x", "--win", "5p", "--rules", rules, "--json"]
    answers = {}
    for lang in ("en", "fr"):
        code, out, err = hkmj_cli([*argv, "--lang", lang])
        assert code == 1 and err == ""
        answers[lang] = json.loads(out)
    assert answers["en"]["valid"] is answers["fr"]["valid"] is False
    assert "unknown suit 'x' (use m, p, s, z or f)" in answers["en"]["error"]
    assert answers["fr"]["error"].endswith("«\u00a05x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)")


def _phrases_used(message: str) -> list[int]:
    """The indexes of the phrases that render ``message`` (its own, then its inner message's)."""
    for i, (pattern, _) in enumerate(compiled_phrases()):
        m = pattern.fullmatch(message)
        if m is None:
            continue
        inner = m.groupdict().get("inner")
        if inner is None:
            return [i]
        rest = _phrases_used(inner)
        if rest:
            return [i, *rest]
    return []


UNDER_MINIMUM = (
    "0 fan: this table needs at least 1 fan to win (house option minfan)",
    "6 points without flowers: MCR needs at least 8 to win (MCR-5.1)",
)
"""The ``reason`` of a complete hand under the table's minimum (tests/test_cli.py scores them)."""


OTHER_COMMANDS_ERRORS = (
    "argument --hands: 0 must be at least 1",
    "argument --seed: '9999999999999999999999999999999999999... has more than 4000 digits",
    "argument --hands: 10000001 must be at most 10000000",
    "argument --seed: -3 is negative: a seed is a whole number 0 or more",
    "argument --delay: must be between 0 and 10 seconds",
    "argument --delay: 'x' is not a number of seconds",
    "argument --hands: not allowed with argument --round",
    "the following arguments are required: file",
    # KEY=VALUE typed with spaces, two options in one (tests/test_new_user.py, tests/tui/test_newcomer.py)
    "unrecognized arguments: = 3 (write --option KEY=VALUE as one word, without spaces: --option minfan=3)",
    "option 'minfan=3,limit=8': one option per --option: --option minfan=3 --option limit=8",
    # hkmj itself (hkmj.cli._parse; tests/test_help_fr.py)
    "unknown command 'scor'; did you mean 'score'? (the commands: score, play)",
    "unknown option --bogus (hkmj itself takes -h and --version; a command's options: hkmj COMMAND --help)",
    "--seat is an option of a command, not of hkmj itself: give the command first (hkmj score --seat S); commands that take it: score, review",
    "--lang is an option of a command, not of hkmj itself: give the command first (hkmj COMMAND --lang fr); commands that take it: score, play",
    "unknown command 'plya'; did you mean 'play'? (--lang is an option of a command, given after it: hkmj play --lang fr)",
    "argument --lang: language 'de': the review is written in en (English) or fr (French)",
    "ambiguous option: --r could match --round, --record, --rules",
    "unrecognized arguments: strong greedy (write the bots as one word, separated by commas: --bots strong,strong,greedy)",
    'unrecognized arguments: 555m (put the meld in quotes: --meld "pung 555m")',
    'unrecognized arguments: 13m46p555s9s56z (put the hand in quotes: --other "E: 13m46p555s9s56z")',
    "unrecognized arguments: 2 (give --flower before each value: --flower 1 --flower 2)",
    "argument --teach: takes no value (write --teach alone)",
    "unrecognized arguments: --win 5p (--win comes after '--', which ends the options: give it before '--')",
    "'--' ends the options, and the command comes first: hkmj score --lang fr 1m",
    "argument --create-rate: 'abc' is not a number (digits 0-9, a point before decimals: 2.5)",  # hkmj serve (tests/server/test_play.py)
    "unrecognized arguments: g.jsonl (to go on with the match saved in that file: --resume g.jsonl)",  # hkmj play (tests/test_new_user.py)
    # hkmj score given a file or a folder for the hand (tests/test_cli.py)
    "'g.jsonl' is a file, not a hand (tiles such as 234s567p88m111z777z); to score the JSON requests it holds, one a line: hkmj score < g.jsonl",
    "'games' is a folder, not a hand (tiles such as 234s567p88m111z777z)",
    # hkmj replay's run-time errors (tests/records/test_records.py)
    "g.jsonl: cannot read (No such file or directory)",
    "g.jsonl: not a UTF-8 text file",
    "--record writes the match of a server table's log export; g.jsonl is already a record",
    "--record r.jsonl: this file already exists; give another name, or delete the file first",
    "cannot write r.jsonl: Permission denied",
    "g.jsonl:1: an event is a JSON object with a 'type'",
    "g.jsonl:1: not JSON (expecting value at line 2 column 1)",
    "g.jsonl:1: not JSON (NaN is not JSON (RFC 8259 has no NaN or Infinity))",
    "g.jsonl:1: not JSON (a number of more than 4,300 digits)",
)
"""Usage errors of the other commands that take ``--lang`` (``hkmj play``, ``replay``, ``review``),
and the run-time errors of ``hkmj replay``."""


REPLAY_REPORTS = (
    "replay OK: 1 hand, 9 events reproduced exactly",
    "record: table.jsonl (401 events)",
    "replay: diverged at line 3 (hand 1): the engine produced no such event",
    "g.jsonl:1: its only line was cut in the middle of a write",
    "g.jsonl:1: the file is one JSON array, not JSON Lines: a record holds one event (a JSON object) per line",
    "g.jsonl:2: the file is one JSON object written over 4 lines, not JSON Lines: a record holds one event (a JSON object) per line",
    "t.jsonl:1: not an event but the server's refusal (not_over: the table's log is readable once its match is over)",
    "the engine produced no such event",
    "the engine produced more events than recorded",
    "event after the match's end",
    "record ends before the match's totals",
    "the match's totals are missing; the record goes on without them",
    "the match's end is missing; the record goes on without it",
    "the match was already over",
    "the wall is not the one of its seed",
    "the hand stops before its end, and the record goes on",
    "a match starts before the previous one's end (a match stops only at the record's end)",
    "event 'discard' differs in tile",
    "event 'chat' outside any hand: a record has no such line",
    "a match's 'totals' with no match_start before it: nothing can check it",
    "recorded input refused by the engine: discard 5p: E holds no 5p",
    "bad match_start: seed 'x': expected a whole number",
    "bad hand_start: the field 'wall' is missing",
    "bad match_start: hands '3': expected a whole number 1 or more, or null",
    "max_hands [2]: expected a whole number 1 or more, or null",
    "wall [[]]: expected four walls of 36 tile names each (HK-2.2)",
    "wall None: expected a tile name such as 5p",
    "dice True: expected three numbers 1-6 (HK-2.3)",
    "seed '9z': expected a whole number, or null for a given wall",
    "prevailing 'SW': expected a wind letter E, S, W or N",
    "scores [0, 0, {}, 0]: expected four whole numbers, one per seat",
    "ask_all 1.5: expected true or false",
    "players [1, '', 2, 0]: expected the players 0-3 in seat order, each once",
    "dealer 4: expected a whole number 0-3",
    "ruleset [None]: expected a name (hk, mcr, classical)",
    "seed 'x': expected a whole number",
    "length 'x': expected one of game, round, hands",
    "options []: expected an object of key=value pairs",
    "g.jsonl:3: not JSON (arrays or objects nested too deeply)",
    "g.jsonl:1: not JSON (it starts with a byte order mark, U+FEFF: save the file as UTF-8 without one)",
    "g.jsonl:1: not JSON (a string holds a lone surrogate escape such as \\ud800, not Unicode text)",
    "the field 'seat' is missing",
    # a server table's log export that cannot be re-played (hkmj.server.export, tests/review/test_review.py)
    "the table log is empty",
    "entry 1: a table log starts with 'create', not 'join'",
    "entry 1: bad 'create' entry (the field 'seed' is missing)",
    "entry 5: an action before the match started",
    "entry 5: 'next' before the match started",
    "entry 7 (act): seat \"9z\": expected a whole number",
    "entry 7 (act): seat 9: expected 0 to 3",
    "entry 3 (start): fill \"greedy\": expected an object of slots and bot names",
    # the engine's refusals a divergence quotes (tests/records/test_replay_refusals_french.py)
    "concealed kong 5s: S cannot claim its own discard 5s; waiting for the other seats",
    "kong 3p: S has already answered the discard 2m",
    "chow 123p: W has no claim on the discard 3p (HK-4) and passes automatically",
    "added kong 7m: N has no exposed pung of 7m to add to (HK-3.3)",
    "discard 9s: E holds no 9s",
    "added kong 2z: N holds no 2z to add (HK-3.3)",
    "chow 678m: E needs 78m in hand for this chow (HK-4.2)",
    "chow 345p: a chow can be claimed only from the player on your left (HK-4.2); 3m is E's",
    "concealed kong 4m: a concealed kong needs four 4m in hand; W holds 1 (HK-3.3)",
    "kong 1m: a kong from a discard needs three 1m in hand (HK-4.4); a discard cannot turn an exposed pung into a kong",
    "pung: a pung needs two 8m in hand (HK-4.3)",
    "concealed kong 1p: after claiming a chow or pung, E must discard (HK-4.2, HK-4.3)",
    "added kong 5s: first answer the discard 5p (pass or claim)",
    "discard 5s: it is S's turn, not E's",
    "kong 6m: no discard is on offer; it is N's turn to discard",
    "chow 345m: the chow must use the discard 7s",
    "kong 4p: the discard on offer is 1s",
    "concealed kong 7p: the hand is over",
    "mahjong is not legal now",
    "mahjong: S's hand is dead after its false Mahjong (MCR-5.4): it may no longer win or claim",
    "pung: an added kong can be robbed only for Mahjong (HK-4.10); answer mahjong or pass",
    "pung: the final discard can be claimed only for Mahjong (HK-4.9)",
    "seat 7: expected a seat number 0-3 (East, South, West, North)",
    "expected an action text, got int",
    "'fold': not an action; expected one of: discard 5p | pass",
    "'discard 55p': expected one playing tile such as 5p",
    "'chow 89m1p': a chow never crosses suits (HK-5.2)",
    "'discard 5x': '5x': unknown suit 'x' (use m, p, s, z or f)",
    "game.jsonl, line 12 was cut in the middle of a write (a crash) and is left out",
    "--record /dev/null: not a regular file (a device, a pipe or a terminal); a record is saved in a file of its own: give a file name",
    "--rules mcr: this record is played under hk rules; a record carries its ruleset: replay it without --rules",
    "--rules hk: this table log is played under mcr rules; a record carries its ruleset: replay it without --rules",
)
"""What ``hkmj replay`` reports (tests/records/test_replay_french.py), and the reasons of a divergence."""


def test_every_french_phrase_is_used_and_an_unknown_message_stays_as_written() -> None:
    """Each phrase of the table renders one of the command lines above (none is dead), and a
    message no phrase knows is shown as it is rather than lost; English is never touched."""
    heads = ("Not a valid winning hand: ", "Not a valid deal: ", "hkmj score: error: ", "hkmj score: ")
    used: set[int] = set()
    for _, _, english, _ in LANG_CASES:
        message = next((english[len(h) :] for h in heads if english.startswith(h)), english)
        found = _phrases_used(message)
        assert found, english
        used.update(found)
    used.update(_phrases_used("argument --flag: invalid choice: 'bad' (choose from 'a', 'b')"))
    # a flag of no table, which only a JSON request can send (--flag takes the known ones; MCR-5.5 answers heavenly and earthly)
    used.update(_phrases_used("unknown flag 'riichi' for MCR: expected any of last_wall_tile, final_discard, kong_replacement, last_of_kind"))
    for other in (*OTHER_COMMANDS_ERRORS, *REPLAY_REPORTS, *UNDER_MINIMUM):  # argparse's errors of play, replay, review (tests/test_cli.py)
        found = _phrases_used(other)
        assert found, other
        used.update(found)
    assert sorted(set(range(len(PHRASES))) - used) == []
    assert error_in("something new: 12 tiles", "fr") == "something new: 12 tiles"
    assert error_in("hand '5x': something new", "fr") == "hand '5x': something new"  # no half-French
    assert error_in("5 copies of 1m: there are only four of each tile (HK-1)", "en").startswith("5 copies")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(
    "option",
    [["--seat"], ["--prevailing"], ["--from"], ["--flag"], ["--lang"], ["--rules"], ["--option"], ["--option", "x"],
     ["--option", "minfan="]],
    ids=["seat", "prevailing", "from", "flag", "lang", "rules", "option", "option-key", "option-value"],
)  # fmt: skip
def test_r9_a_long_bad_option_value_is_quoted_short(rules: str, option: list[str], lang: str, hkmj_cli: RunHkmj) -> None:
    """A 5,000-character ``--seat`` (or ``--flag``, ``--rules``, ``--option``...) is refused with its
    start only, as the JSON interface quotes at most 40 characters of a value (R-9): the error
    quoted all 5,000 (argparse's "invalid choice" too), in English and French; French keeps its
    guillemets around the cut value."""
    long = "9" * 5000
    if option[1:] == ["minfan="]:  # a value of the ruleset's own option (MCR has none: its key alone is named)
        if rules == "mcr":
            pytest.skip("MCR takes no house option")
        option = ["--option", "limit=" if rules == "classical" else "minfan="]
    value = ["".join(option[1:]) + long] if option[0] == "--option" else [long]
    words = ["score", *HAND, "--rules", rules, "--lang", lang, option[0], *value]
    if option[0] in ("--rules", "--lang"):
        words = ["score", *HAND, *(["--lang", lang] if option[0] == "--rules" else ["--rules", rules]), option[0], *value]
    code, out, err = hkmj_cli(words)
    assert code == 2 and out == "" and "Traceback" not in err
    line = err.strip().splitlines()[-1]
    assert "9" * 41 not in line and "99..." in line, line
    assert len(line) < 300, line
    if lang == "fr" and option[0] != "--lang" and "=" not in option[-1]:  # minfan='2' keeps its quote as typed
        assert "«\u00a0" in line and "'9" not in line, line


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("rules", "reason"),
    [(["123m456p789s234p55s", "--win", "1m", "--from", "W", "--seat", "S", "--option", "minfan=3"], ("Not a winning hand under these rules: 2 fan: this table needs at least 3 fan to win (house option minfan)",
                                 "3 fans pour gagner (option de la maison minfan)")),
     (["333m444p22z", "--win", "3m", "--seat", "S", "--from", "N", "--meld", "kong 5555z", "--meld", "chow 123p", "--rules", "mcr"],
      ("Under 8 points without flowers: not a winning hand (MCR-5.1)", "main non gagnante (MCR-5.1)"))],
    ids=["hk-minfan", "mcr"],
)  # fmt: skip
def test_r9_a_hand_under_the_minimum_prints_its_table_and_reason_on_stdout(
    rules: list[str], reason: tuple[str, str], lang: str, hkmj_cli: RunHkmj
) -> None:
    """docs/scoring.md "Exit status", status 1 (HK minfan, MCR-5.1): a complete hand under the
    minimum is no impossible hand: its table goes to stdout and ends with the reason, and stderr
    stays empty (the docs said "a sentence on stderr" for both kinds of status 1)."""
    code, out, err = hkmj_cli(["score", *rules, "--lang", lang])
    assert code == 1 and err == "", err
    last = out.strip().splitlines()[-1]
    assert (reason[1] in last) if lang == "fr" else (last == reason[0]), last


_SEATS = "expected a seat number 0-3 (East, South, West, North)"
_FLAG_NAMES = "last_wall_tile, final_discard, kong_replacement, heavenly, earthly"


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("concealed", "1m2m3m", "concealed must be a tuple of tile numbers, not str"),
        ("concealed", None, "concealed must be a tuple of tile numbers, not NoneType"),
        ("concealed", {0, 1}, "concealed must be a tuple of tile numbers, not set"),
        ("win_tile", "1m", "win_tile '1m' is not a tile number (an int 0-33)"),
        ("win_tile", None, "win_tile None is not a tile number (an int 0-33)"),
        ("win_tile", 1.5, "win_tile 1.5 is not a tile number (an int 0-33)"),
        ("win", 1, "win 1: expected one of self_draw, discard, robbed_kong"),
        ("win", None, "win null: expected one of self_draw, discard, robbed_kong"),
        ("win", True, "win true: expected one of self_draw, discard, robbed_kong"),
        ("seat", "E", f"seat 'E': {_SEATS}"),
        ("seat", None, f"seat None: {_SEATS}"),
        ("seat", 1.0, f"seat 1.0: {_SEATS}"),
        ("prevailing", "E", f"prevailing 'E': {_SEATS}"),
        ("prevailing", True, f"prevailing True: {_SEATS}"),
        ("discarder", "W", f"discarder 'W': {_SEATS} or None"),
        ("discarder", False, f"discarder False: {_SEATS} or None"),
        ("melds", "x", "melds must be a tuple of Meld, not str"),
        ("melds", None, "melds must be a tuple of Meld, not NoneType"),
        ("melds", 5, "melds must be a tuple of Meld, not int"),
        ("flowers", "x", "flowers 'x': expected a tuple of numbers 1-4"),
        ("flowers", None, "flowers None: expected a tuple of numbers 1-4"),
        ("seasons", 2, "seasons 2: expected a tuple of numbers 1-4"),
        ("flags", "last_wall_tile", f"flags 'last_wall_tile': expected a set of names ({_FLAG_NAMES})"),
        ("flags", None, f"flags None: expected a set of names ({_FLAG_NAMES})"),
        ("flags", 5, f"flags 5: expected a set of names ({_FLAG_NAMES})"),
        ("flags", [["last_wall_tile"]], f"flags [[\"last_wall_tile\"]]: expected a set of names ({_FLAG_NAMES})"),
    ],
)  # fmt: skip
def test_hk1_a_win_field_of_the_wrong_type_is_named_alike_compiled_and_pure(field: str, value: Any, error: str) -> None:
    """HK-1, HK-2.1: a Hong Kong ``Win`` built in Python with a field of the wrong type (not a
    bool) was named by the scorers in the pure build, while the compiled core (.ci/compiled)
    raised a bare ``TypeError`` naming no field as it was built (``Win((0,), 0, melds='x')``:
    "str object expected; got tuple"-like words). Every field is now refused as the Win is built,
    in both builds and for every scorer, in the same words."""
    fields = {**_BASE_WIN, "win": "discard", "discarder": 1, field: value}
    with pytest.raises(InvalidHand) as err:
        Win(**fields)
    assert str(err.value) == error
    assert "Traceback" not in str(err.value) and not isinstance(err.value.__context__, TypeError)


def test_hk1_a_win_of_lists_scores_as_one_of_tuples() -> None:
    """A Win built with lists of tiles, melds and bonus numbers (as a JSON-minded caller writes
    it) is read as the one of tuples, in both builds: the compiled core once refused the lists
    with a bare TypeError, while the pure scorers read them."""
    concealed = [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27]
    listed = Win(concealed, 0, "discard", 0, 0, 1, [Meld("pung", 5)], [1], [2], ["final_discard"])
    tupled = Win(tuple(concealed), 0, "discard", 0, 0, 1, (Meld("pung", 5),), (1,), (2,), frozenset({"final_discard"}))
    assert listed == tupled
    assert score(listed) == score(tupled) and score_mcr(listed) == score_mcr(tupled)


def test_a_byte_that_is_not_utf8_in_an_argument_is_named_as_such() -> None:
    """HK-1.4: ``hkmj score $'\\xff' --win 5s`` from a real shell (the argument's bytes as given,
    not UTF-8) says the argument holds a byte that is not UTF-8 text, exit 2; it said
    "unexpected character '\\udcff'", a character nobody typed."""
    import os
    import subprocess
    import sys

    for argv, said in (
        ([b"\xff", b"--win", b"5s"], "the hand argument holds the byte 0xff, which is not UTF-8 text"),
        ([b"123m456m789m123p5s", b"--win", b"5\xe9"], "the --win argument holds the byte 0xe9, which is not UTF-8 text"),
        ([b"--rules", b"classical", b"88m567p234s111z", b"--meld", b"pung 777z", b"--win", b"1z", b"--from", b"W",
          b"--seat", b"S", b"--other", b"E: 13m\xff"], "the --other argument holds the byte 0xff"),
    ):
        env = {**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": ""}
        done = subprocess.run([os.fsencode(sys.executable), b"-m", b"hkmj", b"score", *argv], capture_output=True, env=env, timeout=60)
        err = done.stderr.decode()
        assert (done.returncode, done.stdout) == (2, b""), err
        assert said in err and "udc" not in err and "unexpected character" not in err
