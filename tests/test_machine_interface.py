"""The machine interface of ``hkmj score`` (R-9, R-3): strict fields, refused combinations,
JSON lines that never stop the batch, errors in mpsz that never echo much of the input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hkmj.cli import _score_stream, main
from hkmj.scoring import FLAGS, InvalidHand, Meld, Win, score, score_json
from hkmj.scoring.lines import _score_line_json, score_line
from hkmj.scoring.request import REQUIRED, win_from_json, win_from_line
from hkmj.tiles import parse_tiles, tile

GOOD: dict[str, Any] = {
    "hand": "234s567p88m111z777z",
    "win_tile": "1z",
    "win": "discard",
    "discarder": "W",
    "seat": "S",
    "prevailing": "E",
}
SELF_DRAW: dict[str, Any] = {"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "self_draw", "seat": "S", "prevailing": "E"}
KONG_HAND: dict[str, Any] = {**SELF_DRAW, "hand": "234s567p88m777z", "win_tile": "7z", "melds": ["ckong 1111z"]}


def _error(obj: object) -> str:
    out = score_json(obj)
    assert out["valid"] is False, out
    error: str = out["error"]
    return error


def _stream(data: bytes) -> list[dict[str, Any]]:
    out = io.BytesIO()
    assert _score_stream(io.BytesIO(data), out) == 0
    return [json.loads(line) for line in out.getvalue().decode("utf-8").splitlines()]


# ------------------------------------------------------------------


def test_r9_a_complete_request_scores() -> None:
    out = score_json(GOOD)
    assert out["valid"] and out["base"] == 8 and out["payments"] == {"E": -8, "S": 32, "W": -16, "N": -8}


@pytest.mark.parametrize("field", REQUIRED)
def test_r9_each_required_field_missing_is_a_clear_error(field: str) -> None:
    request = {k: v for k, v in GOOD.items() if k != field}
    assert f"missing field {field!r}" in _error(request)


@pytest.mark.parametrize("win", ["discard", "robbed_kong"])
def test_r9_discarder_is_required_on_a_discard_or_robbed_kong(win: str) -> None:
    request = {k: v for k, v in GOOD.items() if k != "discarder"}
    request["win"] = win
    assert "missing field 'discarder'" in _error(request)


def test_r9_only_melds_flowers_seasons_flags_have_defaults() -> None:
    explicit = {**GOOD, "melds": [], "flowers": [], "seasons": [], "flags": []}
    assert score_json(GOOD) == score_json(explicit)


def test_r9_unknown_fields_are_refused() -> None:
    assert "unknown field 'dealer'" in _error({**GOOD, "dealer": "E"})


def test_r9_a_self_draw_has_no_discarder() -> None:
    assert "no discarder" in _error({**SELF_DRAW, "discarder": "W"})


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seat", "X", "seat 'X': expected a wind"),
        ("prevailing", 0, "prevailing 0: expected a wind"),
        ("win", "tsumo", "win 'tsumo': expected one of"),
        ("win_tile", "5f", "win_tile 5f: a bonus tile never wins"),
        ("win_tile", "12m", "expected one tile, got 2"),
        ("hand", "234s567p88m111z77z1f", "1f is a bonus tile"),
        ("hand", 5, "hand 5: expected an mpsz string"),
        ("melds", ["pung 556m"], "meld 'pung 556m': a pung is 3 identical tiles"),
        ("melds", ["flower 1"], "meld 'flower 1': 1f is a bonus tile: give it in flowers or seasons (HK-1.3)"),
        ("melds", ["5f"], "meld '5f': 5f is a bonus tile: give it in flowers or seasons (HK-1.3)"),
        ("melds", ["Seasons 2"], "meld 'Seasons 2': 6f is a bonus tile: give it in flowers or seasons (HK-1.3)"),
        ("melds", ["f4"], "meld 'f4': 4f is a bonus tile: give it in flowers or seasons (HK-1.3)"),
        ("flowers", [5], "flowers [5]: expected a list of distinct numbers 1-4"),
        ("flowers", [True], "flowers [true]"),
        ("flags", ["riichi"], "unknown flag 'riichi'"),
        ("flags", ["final_discard", "final_discard"], "a flag is given twice"),
    ],
)
def test_r9_malformed_fields_are_named(field: str, value: object, message: str) -> None:
    assert message in _error({**GOOD, field: value})


@pytest.mark.parametrize(
    ("field", "value", "hint"),
    [
        ("seasons", ["5f"], "'5f' is season 1: give it as 1"),
        ("seasons", [1, "8f"], "'8f' is season 4: give it as 4"),
        ("flowers", ["2f"], "'2f' is flower 2: give it as 2"),
        ("flowers", ["7f"], "'7f' is season 3: give it in seasons as 3"),
        ("flowers", ["F2"], "'F2' is flower 2: give it as 2"),
        ("seasons", ["S3"], "'S3' is season 3: give it as 3"),
        ("flowers", ["plum"], "'plum' is flower 1: give it as 1"),
        ("flowers", ["Automne"], "'Automne' is season 3: give it in seasons as 3"),
    ],
)
def test_r9_a_bonus_tile_written_as_a_tile_in_flowers_or_seasons_is_told_its_number(field: str, value: object, hint: str) -> None:
    """HK-1.3, R-9: docs/scoring.md's field table writes the bonus tiles 1f-8f beside ``flowers``
    and ``seasons``, which take numbers 1-4; ``"seasons": ["5f"]`` was answered only "expected a
    list of distinct numbers 1-4", never which number, where ``--season 5f`` is told "is season 1".
    Every ruleset's request says it (MCR-1.2; the classical game's hands, CL-1.1)."""
    from hkmj.scoring import score_json_mcr
    from hkmj.scoring.classical import score_json as score_json_classical

    assert _error({**GOOD, field: value}).endswith(hint)
    mcr = score_json_mcr({**GOOD, field: value})
    assert mcr["valid"] is False and mcr["error"].endswith(hint)
    west = {"hand": "222s444s666s88s", "melds": ["pung 666z"], field: value}
    deal = {"hands": {"E": None, "S": None, "N": None, "W": west}, "winner": "W", "win": "self_draw", "win_tile": "8s", "prevailing": "E"}
    classical = score_json_classical(deal)
    assert classical["valid"] is False and classical["error"].endswith(hint)


def test_r9_bonus_numbers_out_of_range_keep_their_plain_answer() -> None:
    """A number (not a tile) out of 1-4 keeps the plain answer, which ``hkmj score --flower 5``
    words as its options (HK-1.3)."""
    assert _error({**GOOD, "flowers": [5]}).endswith("one per flower or season held (R-9)")
    assert _error({**GOOD, "flowers": ["x"]}).endswith("one per flower or season held (R-9)")


# ------------------------------------------------------------------


def test_r3_kong_replacement_without_a_kong_is_refused() -> None:
    assert "needs a declared kong" in _error({**SELF_DRAW, "flags": ["kong_replacement"]})
    pung = {**KONG_HAND, "melds": ["pung 111z"], "flags": ["kong_replacement"]}
    assert "needs a declared kong" in _error(pung)
    assert score_json({**KONG_HAND, "flags": ["kong_replacement"]})["valid"] is True


def test_r3_last_wall_tile_never_goes_with_kong_replacement() -> None:
    error = _error({**KONG_HAND, "flags": ["last_wall_tile", "kong_replacement"]})
    assert "never go together (R-3)" in error


@pytest.mark.parametrize("other", ["last_wall_tile", "kong_replacement", "earthly"])
def test_r3_heavenly_never_goes_with_another_situation(other: str) -> None:
    request = {**SELF_DRAW, "seat": "E", "flags": ["heavenly", other]}
    assert "R-3" in _error(request) or "needs" in _error(request)


def test_r3_heavenly_with_the_last_wall_tile_names_r3() -> None:
    assert "never goes with 'last_wall_tile' (R-3)" in _error({**SELF_DRAW, "seat": "E", "flags": ["heavenly", "last_wall_tile"]})


def test_r3_earthly_never_goes_with_the_final_discard_or_a_robbed_kong() -> None:
    earthly = {**GOOD, "discarder": "E", "flags": ["earthly", "final_discard"]}
    assert "never goes with 'final_discard' (R-3)" in _error(earthly)
    hand = "19m19p19s1234567z"
    robbed = {**GOOD, "hand": hand, "win_tile": "1m", "discarder": "E", "win": "robbed_kong", "flags": ["earthly"]}
    assert "R-3" in _error(robbed)
    ok = {**GOOD, "discarder": "E", "flags": ["earthly"]}
    assert score_json(ok)["limit"] == "Earthly hand"


def test_r3_the_python_api_refuses_the_same_combinations() -> None:
    win = Win(
        concealed=tuple(parse_tiles("234s567p88m777z")),
        win_tile=tile("7z"),
        melds=(Meld("kong", tile("1z")),),
        flags=frozenset({"last_wall_tile", "kong_replacement"}),
    )
    with pytest.raises(InvalidHand, match="R-3"):
        score(win)


# ------------------------------------------------------------------ JSON lines


def test_r9_a_huge_integer_is_refused_in_our_words_not_pythons() -> None:
    """R-9: the refusal of a 5,000-digit number names the limit, not Python's sys advice."""
    for line in (b'{"hand": ' + b"1" * 5000 + b"}", b'{"hand": "123m", "seat": ' + b"9" * 100_000 + b"}"):
        (out,) = _stream(line + b"\n")
        assert out["error"] == "bad JSON: a number of more than 4,300 digits"
        assert "sys" not in out["error"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b'{"hand": ' + b"1" * 5000 + b"}", "bad JSON: a number of more than 4,300 digits"),
        (b"[" * 100_000, "bad JSON"),
        (b'{"hand": "\xff\xfe"}', "not UTF-8"),
        (b'{"hand": NaN}', "NaN is not JSON"),
        (b'{"hand": -Infinity}', "-Infinity is not JSON"),
        (b'{"hand": "123m"', "bad JSON"),
        (b"\xef\xbb\xbf{}", "bad JSON"),
    ],
)
def test_json_lines_python_refuses_get_valid_false_and_the_batch_goes_on(line: bytes, message: str) -> None:
    good = json.dumps(GOOD).encode()
    out = _stream(good + b"\n" + line + b"\n" + good + b"\n")
    assert len(out) == 3
    assert out[0] == out[2] and out[0]["valid"] is True
    assert out[1]["valid"] is False and message in out[1]["error"]


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize(("meld", "shown"), [(1, "1"), (None, "null"), (True, "true"), (1.5, "1.5"), ([1], "[1]"), ({}, "{}")])
def test_r9_a_meld_that_is_no_string_is_named_and_the_batch_goes_on(
    rules: str, meld: object, shown: str, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    """R-9: ``"melds": [1]`` (or null, a list, an object) is answered "meld 1: expected a string
    like 'pung 555m'" and the next line is scored. The compiled core (``pip install .``) raised a
    bare ``TypeError`` from ``Meld.parse``'s ``str`` parameter: a traceback that ended ``hkmj
    score``'s JSON lines at that line, in every ruleset (the classical game's hands too, CL-2.1)."""
    if rules == "classical":
        west = {"hand": "222s444s666s88s", "melds": ["pung 666z"]}
        good = {"hands": {"E": None, "S": None, "N": None, "W": west}, "winner": "W", "win": "self_draw", "win_tile": "8s", "prevailing": "E"}
        bad: dict[str, Any] = json.loads(json.dumps(good))
        bad["hands"]["W"] = {"hand": "222s444s666s88s", "melds": [meld]}
        error = f"hands.W.melds: meld {shown}: expected a string like 'pung 555m'"
    else:
        good, bad, error = GOOD, {**GOOD, "melds": [meld]}, f"meld {shown}: expected a string like 'pung 555m'"
    sys_stdin = sys.stdin
    try:
        sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(bad).encode() + b"\n" + json.dumps(good).encode() + b"\n"))
        assert main(["score", "--rules", rules]) == 0
    finally:
        sys.stdin = sys_stdin
    first, second = (json.loads(x) for x in capsysbinary.readouterr().out.splitlines())
    assert first == {"valid": False, "error": error}
    assert second["valid"] is True


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_r9_a_byte_order_mark_is_named_and_the_batch_goes_on(rules: str, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """R-9: a file saved "UTF-8 with BOM" (Windows Notepad) starts its first line with U+FEFF.
    Its answer says so, rather than Python's "Expecting value: line 1 column 1 (char 0)" about
    a line that looks right; the next lines are answered as usual."""
    good = json.dumps(GOOD).encode()
    sys_stdin = sys.stdin
    try:
        sys.stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + good + b"\r\n" + good + b"\n"))
        assert main(["score", "--rules", rules]) == 0
    finally:
        sys.stdin = sys_stdin
    first, second = (json.loads(x) for x in capsysbinary.readouterr().out.splitlines())
    assert first == {"valid": False, "error": "bad JSON: the line starts with a byte order mark (U+FEFF): save the input as UTF-8 without one"}
    assert "byte order mark" not in json.dumps(second) and ("valid" in second or "winning" in second)


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_r9_utf16_input_is_named_on_every_line(rules: str, encoding: str, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """R-9: requests saved as UTF-16 (Windows PowerShell 5's ``>`` writes it) split on their
    newline bytes into lines holding NUL bytes. Each answer once said "the line is not UTF-8
    (byte 1)" or Python's "Expecting value: line 1 column 1 (char 0)" about a request that looks
    right in an editor; each now names the UTF-16 mark or the NUL byte and says to save as UTF-8."""
    good = json.dumps(GOOD)
    sys_stdin = sys.stdin
    try:
        sys.stdin = io.TextIOWrapper(io.BytesIO((good + "\n" + good + "\n").encode(encoding)))
        assert main(["score", "--rules", rules]) == 0
    finally:
        sys.stdin = sys_stdin
    answers = [json.loads(x) for x in capsysbinary.readouterr().out.splitlines()]
    assert len(answers) >= 2
    for answer in answers:
        assert answer["valid"] is False and "save the input as UTF-8" in answer["error"], answer
        assert "UTF-16" in answer["error"] and "Expecting" not in answer["error"], answer


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize(("text", "shown"), [("1e400", "1e400"), ("-1E+999", "-1E+999"), ("1" + "0" * 400 + ".5", "1" + "0" * 36 + "...")])
def test_r9_a_number_beyond_a_float_is_named_as_written_never_as_infinity(rules: str, text: str, shown: str) -> None:
    """R-9: Python's json reads 1e400 as infinity, and the answer once quoted the request back as
    "hand Infinity: ...", which is not JSON; ``orjson`` refuses the number. It is refused in the
    input's own words, and the batch goes on."""
    good = json.dumps(GOOD).encode()
    line = json.dumps(GOOD).replace('"S"', text, 1).encode()
    out = io.BytesIO()
    from hkmj.rulesets import get_ruleset

    score = None if rules == "hk" else get_ruleset(rules).score_json
    assert _score_stream(io.BytesIO(line + b"\n" + good + b"\n"), out, score) == 0
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert first == {"valid": False, "error": f"bad JSON: the number {shown} is too large (beyond a float's range)"}
    assert "Infinity" not in second.get("error", "")


def test_json_lines_a_last_line_without_newline_and_blank_lines() -> None:
    good = json.dumps(GOOD).encode()
    out = _stream(b"\n  \n" + good + b"\r\n\n" + good)
    assert [o["valid"] for o in out] == [True, True]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=60).filter(lambda b: b"\n" not in b and b.strip() != b""), max_size=6))
def test_json_lines_arbitrary_bytes_never_raise(lines: list[bytes]) -> None:
    """Fuzz: one JSON answer per non-blank line, whatever the bytes."""
    out = _stream(b"\n".join(lines) + b"\n")
    assert len(out) == len(lines)
    assert all(o["valid"] is False and o["error"] for o in out)


json_text = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from([*GOOD, "melds", "flags", "flowers", "seasons", "x"]), json_text, max_size=8))
def test_json_lines_arbitrary_requests_answer_in_one_line(obj: dict[str, Any]) -> None:
    line = score_line(json.dumps(obj).encode())
    assert "\n" not in line
    result = json.loads(line)
    assert result["valid"] in (True, False)


EDGE_LINES = [
    b'{"hand": ' + b"1" * 30 + b"}",  # orjson reads an integer beyond 64 bits as a float
    b'{"flowers": [' + b"9" * 25 + b"]}",
    b'{"hand": "\\ud800"}',  # a lone surrogate escape: json accepts it, orjson does not
    b"[" * 1010 + b"]" * 1010,  # deeper than json's recursion limit, within orjson's
    b'{"hand": 1e400}',
    b"\xef\xbb\xbf" + json.dumps(GOOD).encode(),
    json.dumps({**GOOD, "flowers": [1.0]}).encode(),
    json.dumps(GOOD).encode() + b" \t\r",
]


@pytest.mark.parametrize("line", EDGE_LINES)
def test_r9_fast_decoder_answers_edge_lines_exactly_as_python_json(line: bytes) -> None:
    """R-9: orjson decodes the lines; what it reads differently from ``json`` is answered as ``json`` would."""
    assert score_line(line) == _score_line_json(line, None)


@pytest.mark.parametrize("rules", ["mcr", "classical"])
@pytest.mark.parametrize("line", EDGE_LINES)
def test_r9_fast_decoder_answers_edge_lines_of_every_ruleset_as_python_json(rules: str, line: bytes) -> None:
    from hkmj.rulesets import get_ruleset

    scorer = get_ruleset(rules, {}).score_json
    assert score_line(line, scorer) == _score_line_json(line, scorer)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from([*GOOD, "melds", "flags", "flowers", "seasons", "x"]), json_text, max_size=8))
def test_r9_fast_decoder_answers_every_request_exactly_as_python_json(obj: dict[str, Any]) -> None:
    line = json.dumps(obj).encode()
    assert score_line(line) == _score_line_json(line, None)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=80) | st.text(max_size=40).map(lambda t: ('{"hand": ' + json.dumps(t) + "}").encode()))
def test_r9_fast_decoder_answers_arbitrary_bytes_exactly_as_python_json(line: bytes) -> None:
    assert score_line(line) == _score_line_json(line, None)


def _with_repeat(obj: dict[str, Any], name: str, value: Any, escaped: bool = False) -> bytes:
    """``obj`` as a JSON line with field ``name`` written once more (its name in ``\\u`` escapes)."""
    key = "".join(f"\\u{ord(c):04x}" for c in name) if escaped else name
    return json.dumps(obj).encode()[:-1] + f', "{key}": {json.dumps(value)}}}'.encode()


CLASSICAL: dict[str, Any] = {
    "hands": {"E": None, "S": None, "N": None, "W": {"hand": "222s444s666s88s", "melds": ["pung 666z"]}},
    "winner": "W", "win": "self_draw", "win_tile": "8s", "prevailing": "E",
}


@pytest.mark.parametrize("escaped", [False, True], ids=["plain", "escaped"])
@pytest.mark.parametrize(
    ("name", "value"),
    [("seat", "W"), ("seat", "S"), ("flags", ["final_discard"]), ("discarder", "N"), ("hand", GOOD["hand"]), ("melds", [])],
)
def test_r9_a_field_given_twice_is_refused_never_the_last_one_scored(name: str, value: Any, escaped: bool) -> None:
    """R-9: ``"seat": "S", ..., "seat": "W"`` is no request: JSON decoders keep the last value and
    scored the hand for another seat (or with flags the first value denied); now refused by name,
    on the fast path (orjson, the byte reader) and by Python's ``json`` alike, even with the same value twice."""
    line = _with_repeat({**GOOD, "melds": [], "flags": []}, name, value, escaped)
    answer = json.loads(score_line(line))
    assert answer == {"valid": False, "error": f"field '{name}' is given twice: a request names each field once (R-9)"}
    assert score_line(line) == _score_line_json(line, None)
    assert _stream(line + b"\n" + json.dumps(GOOD).encode() + b"\n")[1]["valid"] is True  # the batch goes on


@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_r9_a_field_given_twice_is_refused_in_every_ruleset(rules: str) -> None:
    """MCR and classical requests (R-9, CL-5): a top-level field, a seat of ``hands`` or a field of a
    hand given twice is refused; the same line without the repeat scores."""
    from hkmj.rulesets import get_ruleset

    scorer = get_ruleset(rules, {}).score_json
    if rules == "mcr":
        good, lines = GOOD, [_with_repeat(GOOD, "seat", "W"), _with_repeat(GOOD, "win", "discard", escaped=True)]
    else:
        good = CLASSICAL
        text = json.dumps(CLASSICAL)
        lines = [
            _with_repeat(CLASSICAL, "winner", "W"),
            text.replace('"N": null', '"N": null, "W": null').encode(),
            text.replace('"melds": [', '"melds": [], "melds": [').encode(),
        ]
    assert json.loads(score_line(json.dumps(good).encode(), scorer))["valid"] is True
    for line in lines:
        answer = json.loads(score_line(line, scorer))
        assert answer["valid"] is False and "is given twice: a request names each field once (R-9)" in answer["error"], line
        assert score_line(line, scorer) == _score_line_json(line, scorer)


def test_r9_a_colon_inside_a_string_is_no_repeated_field() -> None:
    """Lines with a ``:`` inside a string are decoded again by Python's ``json`` (their ``:`` count
    exceeds their fields) and answered exactly as before: no field is said to be given twice."""
    for obj in ({**GOOD, "hand": "1:2"}, {**GOOD, "x:y": 1}, {**GOOD, "melds": ["pung 555m:"]}):
        line = json.dumps(obj).encode()
        answer = json.loads(score_line(line))
        assert answer["valid"] is False and "twice" not in answer["error"]
        assert score_line(line) == _score_line_json(line, None)


# ------------------------------------------------------------------ error wording


def test_errors_name_tiles_in_mpsz_never_internal_ids() -> None:
    bonus_in_hand = Win(concealed=(*parse_tiles("234s567p88m111z77z"), 34), win_tile=tile("1z"))
    with pytest.raises(InvalidHand, match="1f: bonus tiles are not part of the hand"):
        score(bonus_in_hand)
    bonus_win = Win(concealed=tuple(parse_tiles("234s567p88m111z777z")), win_tile=41)
    with pytest.raises(InvalidHand, match="win_tile 8f"):
        score(bonus_win)
    assert "5 copies of 1m" in _error({**SELF_DRAW, "hand": "11111m234p567s999s", "win_tile": "1m"})


LONG = "9" * 5000


@pytest.mark.parametrize(
    "request_",
    [
        {**GOOD, "hand": LONG + "m"},
        {**GOOD, "hand": "x" * 5000},
        {**GOOD, "hand": "1m" + " " * 5000 + "q"},
        {**GOOD, "win_tile": LONG},
        {**GOOD, "seat": LONG},
        {**GOOD, "melds": ["pung " + LONG + "m"]},
        {**GOOD, "melds": [LONG]},
        {**GOOD, "flags": [LONG]},
        {**GOOD, "flowers": list(range(3000))},
        {**GOOD, LONG: 1},
        {**GOOD, "seat": 10**5000},
        {**GOOD, "seat": [[[[LONG]]]]},
    ],
)
def test_errors_never_echo_more_than_200_characters_of_the_input(request_: dict[str, Any]) -> None:
    error = _error(request_)
    assert len(error) <= 300
    assert "9" * 201 not in error and "x" * 201 not in error and " " * 201 not in error


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(GOOD)), st.text(min_size=250, max_size=600))
def test_errors_never_echo_more_than_200_characters_of_any_text(field: str, text: str) -> None:
    out = score_json({**GOOD, field: text})
    if not out["valid"]:
        error = out["error"]
        assert all(text[i : i + 201] not in error for i in range(0, len(text) - 200))


# ------------------------------------------------------------------ human command line


def test_human_cli_says_what_is_wrong_with_the_hand_before_missing_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "abc"]) == 1
    err = capsys.readouterr().err
    assert "hand 'abc'" in err and "unknown suit 'a'" in err and "--win" not in err
    assert main(["score", "123m"]) == 1
    assert "has 3 tiles" in capsys.readouterr().err
    assert main(["score", "123m456m789m123p55s"]) == 2
    assert "--win TILE is required" in capsys.readouterr().err


def test_human_cli_defaults_seat_and_prevailing_east_and_a_self_draw(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fan"] == 5 and out["payments"] == {"E": 96, "S": -32, "W": -32, "N": -32}


def test_version_says_which_core_is_installed() -> None:
    out = subprocess.run([sys.executable, "-m", "hkmj", "--version"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("hkmj 0.1.0 (") and ("compiled" in out or "pure Python" in out)


def test_machine_mode_through_the_command_one_process() -> None:
    lines = [json.dumps(GOOD), "{", json.dumps({**GOOD, "win_tile": "9z"})]
    proc = subprocess.run(
        [sys.executable, "-m", "hkmj", "score"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True
    )
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [o["valid"] for o in out] == [True, False, False]
    assert "9z" in out[2]["error"] and proc.stderr == ""


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_json_lines_answers_are_exactly_json_dumps_of_the_result(seed: int) -> None:
    """The pre-encoded answer writer gives byte for byte what ``json.dumps`` gives."""
    import random

    from hkmj.scoring.generate import random_winning_hand
    from hkmj.scoring.lines import result_json

    result = score(random_winning_hand(random.Random(seed)))
    assert result_json(result) == json.dumps(result.to_dict(), ensure_ascii=False)


# the reader hands the scorer the tile counts it found: the answer must be the scorer's own
_NEAR_TILES = [0, 1, 2, 3, 4, 5, 27, 31, 33]  # few kinds, so five copies and pairs come often
_NEAR_MELDS = ["chow 123m", "pung 111m", "pung 4m4m4m", "kong 1111z", "ckong 5555z", "ckong 7777z", "chow 345m"]


@st.composite
def _near_requests(draw: st.DrawFn) -> dict[str, Any]:
    """Requests of the right form whose tiles are often wrong in one way (HK-1, R-9)."""
    from hkmj.tiles import format_tiles, tile_str

    melds = draw(st.lists(st.sampled_from(_NEAR_MELDS), max_size=4))
    size = 14 - 3 * len(melds) + draw(st.sampled_from([0, 0, 0, -1, 1]))
    tiles = draw(st.lists(st.sampled_from(_NEAR_TILES), min_size=max(size, 1), max_size=max(size, 1)))
    win = draw(st.sampled_from(["self_draw", "discard", "robbed_kong"]))
    obj: dict[str, Any] = {
        "hand": format_tiles(tiles),
        "win_tile": tile_str(draw(st.sampled_from(_NEAR_TILES))),
        "win": win,
        "seat": "E",
        "prevailing": "S",
    }
    if win != "self_draw":
        obj["discarder"] = draw(st.sampled_from(["S", "W", "N"]))
    flags = ["kong_replacement", "last_wall_tile", "final_discard", "no_flag"]
    for key, value in (
        ("melds", melds),
        ("flags", draw(st.lists(st.sampled_from(flags), max_size=1))),
        ("flowers", draw(st.lists(st.integers(1, 4), max_size=4, unique=True))),
    ):
        if value:
            obj[key] = value
    return obj


@settings(max_examples=500, deadline=None)
@given(_near_requests())
def test_hk1_r9_tile_checks_done_while_reading_answer_as_the_scorer_alone(obj: dict[str, Any]) -> None:
    from dataclasses import replace

    from hkmj.scoring import HONG_KONG
    from hkmj.scoring.request import win_from_json

    try:
        read = win_from_json(obj)
    except InvalidHand as e:
        alone: dict[str, Any] = {"valid": False, "error": str(e)}
    else:
        try:  # an equal Win the reader never saw: the scorer checks every tile itself
            alone = score(replace(read), HONG_KONG).to_dict()
        except InvalidHand as e:
            alone = {"valid": False, "error": str(e)}
    assert score_json(obj) == alone


# ------------------------------------------------------------------ the one-pass line reader


def _request_of(win: Win) -> dict[str, Any]:
    """The R-9 request of a hand: every required field, the optional ones when set."""
    from hkmj.tiles import SEAT_LETTERS, format_tiles, tile_str

    obj: dict[str, Any] = {
        "hand": format_tiles(win.concealed, sort=False),
        "win_tile": tile_str(win.win_tile),
        "win": win.win,
        "seat": SEAT_LETTERS[win.seat],
        "prevailing": SEAT_LETTERS[win.prevailing],
    }
    if win.discarder is not None:
        obj["discarder"] = SEAT_LETTERS[win.discarder]
    for key, value in (("melds", [str(m) for m in win.melds]), ("flowers", list(win.flowers)), ("seasons", list(win.seasons))):
        if value:
            obj[key] = value
    if win.flags:
        obj["flags"] = sorted(win.flags)
    return obj


_SPACES = ["", " ", "  ", "\t", "\r\n "]


@st.composite
def _request_lines(draw: st.DrawFn) -> bytes:
    """Request lines as a script may write them: any field order, any JSON white space,
    sometimes a null, a field twice, a changed or missing byte; the fields valid or nearly."""
    import random

    from hkmj.scoring.generate import random_winning_hand

    if draw(st.booleans()):
        obj = _request_of(random_winning_hand(random.Random(draw(st.integers(0, 2**32)))))
        if draw(st.booleans()):
            obj["flowers"] = draw(st.lists(st.integers(0, 5), max_size=4))
        if draw(st.booleans()):
            obj["flags"] = draw(st.lists(st.sampled_from([*FLAGS, "no_flag"]), max_size=2))
    else:
        obj = draw(_near_requests())
    pairs = draw(st.permutations(list(obj.items())))
    if draw(st.booleans()):
        pairs.append((draw(st.sampled_from(["discarder", "melds", "flowers", "seasons", "flags"])), None))
    if draw(st.booleans()) and pairs:
        pairs.append(draw(st.sampled_from(pairs)))
    space = st.sampled_from(_SPACES)
    text = draw(space) + "{" + draw(space)
    for k, (key, value) in enumerate(pairs):
        sep = "," + draw(space) if k else ""
        text += sep + json.dumps(key) + draw(space) + ":" + draw(space) + json.dumps(value) + draw(space)
    line = (text + "}" + draw(space)).encode()
    edit = draw(st.sampled_from(["none", "none", "cut", "byte"]))
    if edit != "none" and line:
        at = draw(st.integers(0, len(line) - 1))
        line = line[:at] if edit == "cut" else line[:at] + bytes([draw(st.integers(0, 255))]) + line[at + 1 :]
    return line


def _read_both(line: bytes) -> tuple[Win | None, object, Win | str, object]:
    """(the one-pass reader's Win, what it handed the scorer, the JSON reader's Win or error, what that one handed)."""
    from hkmj.scoring import ruleset
    from hkmj.scoring.request import win_from_json, win_from_line

    ruleset._prechecked[0] = None
    fast = win_from_line(line)
    fast_pre = ruleset._prechecked[0]
    ruleset._prechecked[0] = None
    try:
        slow: Win | str = win_from_json(json.loads(line))
    except (ValueError, RecursionError) as e:  # InvalidHand is a ValueError, as json's errors are
        slow = str(e)
    slow_pre = ruleset._prechecked[0]
    ruleset._prechecked[0] = None
    return fast, fast_pre, slow, slow_pre


@settings(max_examples=600, deadline=None)
@given(_request_lines())
def test_r9_one_pass_reader_builds_the_json_readers_win_or_leaves_the_line_to_it(line: bytes) -> None:
    """R-9, HK-1: the byte reader's Win (and the counts handed to the scorer) are the JSON reader's."""
    fast, fast_pre, slow, slow_pre = _read_both(line)
    if fast is not None:
        assert fast == slow
        assert fast_pre == slow_pre and fast_pre is not None


@settings(max_examples=300, deadline=None)
@given(_request_lines())
def test_r9_one_pass_reader_answers_every_line_exactly_as_python_json(line: bytes) -> None:
    from hkmj.scoring import lines

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lines, "READ_BYTES", True)  # the compiled core's path, also in pure Python
        assert score_line(line) == _score_line_json(line, None)


def test_r9_one_pass_reader_takes_every_plain_valid_request() -> None:
    """Every valid request written plainly (``json.dumps``, any field order) is read in one pass, as the JSON reader reads it."""
    import random

    from hkmj.scoring.generate import random_winning_hand

    rng = random.Random(2026)
    for _ in range(500):
        pairs = list(_request_of(random_winning_hand(rng)).items())
        rng.shuffle(pairs)
        line = json.dumps(dict(pairs), separators=rng.choice([(", ", ": "), (",", ":")])).encode()
        fast, fast_pre, slow, slow_pre = _read_both(line)
        assert fast is not None and fast == slow and fast_pre == slow_pre


@pytest.mark.parametrize(
    "line",
    [
        b'{"h\\u0061nd": "234s567p88m111z777z", "win_tile": "1z", "win": "self_draw", "seat": "S", "prevailing": "E"}',
        json.dumps({**SELF_DRAW, "flowers": [1.0]}).encode(),
        json.dumps({**SELF_DRAW, "flowers": [True]}).encode(),
        json.dumps({**SELF_DRAW, "flowers": [12]}).encode(),
        json.dumps({**SELF_DRAW, "discarder": None, "melds": None, "flags": None}).encode(),
        json.dumps({**SELF_DRAW, "hand": "234s567p88m111z777z1f"}).encode(),
        json.dumps({**KONG_HAND, "melds": ["ckong 1z1z1z1z"]}).encode(),
        json.dumps(SELF_DRAW).encode()[:-1] + b', "seat": "N"}',
        json.dumps(SELF_DRAW).encode() + b"x",
        json.dumps({**SELF_DRAW, "hand": "234s567p\u00a088m111z777z"}).encode(),
        json.dumps({**SELF_DRAW, "hand": "234s567p 88m111z777z"}).encode(),
        json.dumps(SELF_DRAW).encode().replace(b'"E"', b'"E\\u0000"'),
    ],
)
def test_r9_one_pass_reader_edge_lines_read_as_the_json_reader(line: bytes) -> None:
    """Escapes, numbers that are no bonus number, nulls, bonus tiles, other meld spellings, a field twice, trailing bytes."""
    fast, fast_pre, slow, slow_pre = _read_both(line)
    assert fast is None or (fast == slow and fast_pre == slow_pre)
    from hkmj.scoring import lines

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lines, "READ_BYTES", True)
        assert score_line(line) == _score_line_json(line, None)


MCR_GOOD: dict[str, Any] = {**GOOD, "hand": "123m456p789s11z999m", "win_tile": "9m"}


@pytest.mark.parametrize("field", REQUIRED)
def test_r9_each_required_field_missing_is_a_clear_error_under_mcr_too(field: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11: ``hkmj score --rules mcr`` takes the same JSON fields; a request without its
    seat, prevailing wind or kind of win is never scored as East's self-draw in the East round."""
    from hkmj.scoring import score_json_mcr

    request = {k: v for k, v in MCR_GOOD.items() if k != field}
    if field == "win":
        request.pop("discarder")
    out = score_json_mcr(request)
    assert out["valid"] is False and f"missing field {field!r}" in out["error"], out
    stream = io.BytesIO((json.dumps(request) + "\n" + json.dumps(MCR_GOOD) + "\n").encode())
    answers = io.BytesIO()
    from hkmj.rulesets import get_ruleset

    _score_stream(stream, answers, get_ruleset("mcr").score_json)
    first, second = (json.loads(x) for x in answers.getvalue().decode().splitlines())
    assert first["valid"] is False and f"missing field {field!r}" in first["error"]
    assert second["valid"] is True and second["points"] == 11


class _Chunks(io.RawIOBase):
    """A pipe that hands over at most ``size`` bytes a read (``read1``), as a slow writer does."""

    def __init__(self, data: bytes, size: int) -> None:
        super().__init__()
        self._data, self._size, self._at = data, size, 0

    def readable(self) -> bool:
        return True

    def read1(self, n: int = -1) -> bytes:
        piece = self._data[self._at : self._at + min(n if n > 0 else self._size, self._size)]
        self._at += len(piece)
        return piece


@pytest.mark.parametrize("size", [1, 7, 1 << 16])
def test_json_lines_a_line_of_megabytes_split_over_many_reads(size: int) -> None:
    """Issue 8 (lines of megabytes): a 1 MB line, then good ones, whatever the pieces the pipe
    hands over; every line answered once, in order (the line is gathered once, not re-copied at
    every read)."""
    good = json.dumps(GOOD).encode()
    lines = [good, good] if size == 1 else [json.dumps({**GOOD, "hand": "x" * 1_000_000}).encode(), good, good]
    out = io.BytesIO()
    _score_stream(_Chunks(b"\n".join(lines), size), out)  # the last line without its newline
    answers = [json.loads(x) for x in out.getvalue().decode().splitlines()]
    assert [a["valid"] for a in answers] == ([True, True] if size == 1 else [False, True, True])
    if size > 1:
        assert answers[0]["error"].startswith("hand of 1,000,000 characters") and len(answers[0]["error"]) < 200


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("hand", "1m" * 2_500_000, "hand of 5,000,000 characters: a hand of at most 14 tiles is written in at most 80 (HK-1.4)"),
        ("hand", "1m " * 27, "hand of 81 characters: a hand of at most 14 tiles is written in at most 80 (HK-1.4)"),
        ("melds", ["pung " + "5" * 1_000_000 + "m"], "meld of 1,000,006 characters: a meld is written like 'pung 555m' (HK-1.4)"),
        ("flags", ["heavenly"] * 1_000_000, "1,000,000 flags: a request has at most 16 (R-9)"),
    ],
    ids=["hand_5M_tiles", "hand_81_chars", "meld_1M_chars", "flags_1M"],
)
def test_r9_an_overlong_hand_meld_or_flags_list_is_refused_before_reading_tiles(field: str, value: Any, error: str) -> None:
    """R-9: a field longer than any legal request is refused by its size, the same in every reader."""
    request = {**GOOD, field: value}
    line = json.dumps(request).encode()
    with pytest.raises(InvalidHand) as err:
        score(win_from_json(request))
    assert str(err.value).startswith(error)
    for answer in (json.loads(score_line(line)), json.loads(_score_line_json(line, None)), score_json(request)):
        assert answer == {"valid": False, "error": str(err.value)}
    assert win_from_line(line) is None  # the byte reader leaves it to win_from_json's wording


def test_r9_a_hand_of_80_characters_is_still_read() -> None:
    """R-9: the bound leaves room for a 14-tile hand written with spaces and a suit per tile."""
    hand = " ".join(["2s", "3s", "4s", "5p", "6p", "7p", "8m", "8m", "1z", "1z", "1z", "7z", "7z", "7z"])
    hand = hand + " " * (80 - len(hand))
    assert json.loads(score_line(json.dumps({**GOOD, "hand": hand}).encode())) == json.loads(
        score_line(json.dumps(GOOD).encode())
    )


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [("seat", True, "seat true"), ("win", None, "win null"), ("flowers", [True, None], "flowers [true, null]")],
)
def test_r9_errors_quote_values_as_json_not_python(field: str, value: Any, words: str) -> None:
    """R-9: a JSON user reads the values of the request back in JSON (null, true), not Python."""
    error = score_json({**GOOD, field: value})["error"]
    assert words in error and "None" not in error and "True" not in error


def test_r9_an_error_quotes_at_most_40_characters_of_a_huge_list() -> None:
    error = score_json({**GOOD, "flowers": [True] * 1_000_000})["error"]
    assert error.startswith("flowers [true, true,") and len(error) < 200


@pytest.mark.parametrize(
    ("field", "value"),
    [("win_tile", "1" * 50 + "z"), ("win_tile", "1" * 39 + "z"), ("win_tile", "1" * 5000 + "z"), ("hand", "1" * 70 + "x"),
     ("melds", ["pung " + "1" * 34 + "x"])],
)  # fmt: skip
def test_r9_an_error_quotes_at_most_40_characters_of_any_input_value(field: str, value: Any) -> None:
    """R-9 (docs/scoring.md): an error quotes at most 40 characters of any input value, the
    notation's own quote of the bad part included: a win_tile of 51 characters was quoted whole
    after its 40-character echo ("win_tile '111...: '111...111z': expected one tile, got 50")."""
    error = score_json({**GOOD, field: value})["error"]
    assert "1" * 37 not in error, error
    assert error.endswith(("expected one tile, got 50", "expected one tile, got 39", "expected one tile, got 5000",
                           "unknown suit 'x' (use m, p, s, z or f)"))  # fmt: skip


_BIG = "z" * 50_000


@pytest.mark.parametrize("rules", ["hk", "mcr"])
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("win", _BIG),
        ("flags", [_BIG]),
        ("flags", [1] * 30_000),
        ("melds", [_BIG]),
        ("flowers", [_BIG]),
        (_BIG, 1),
        ("seat", _BIG),
        ("win_tile", _BIG),
        ("hand", _BIG),
    ],
)
def test_r9_a_refusal_quotes_at_most_a_short_piece_of_the_input(rules: str, field: str, value: Any) -> None:
    """Under every ruleset, a refusal names the bad value without echoing more than a short piece
    of it (an unknown MCR flag of 50,000 characters once came back whole)."""
    from hkmj.rulesets import get_ruleset

    got = get_ruleset(rules).score_json({**SELF_DRAW, field: value})
    assert got["valid"] is False and 10 < len(got["error"]) < 300, got["error"][:400]


class _Zeros(io.RawIOBase):
    """``n`` NUL bytes with no line break (what ``hkmj score < /dev/zero`` reads), then the end."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.left = n

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        k = min(len(b), self.left)
        b[:k] = bytes(k)
        self.left -= k
        return k


def test_an_endless_line_is_answered_once_with_memory_bounded() -> None:
    """R-9, one answer per non-blank line: ``hkmj score < /dev/zero`` kept every byte of its
    one endless line and died of MemoryError (the system's killer without a limit); now a line
    past 16 MB is answered once as bad JSON, the rest of it skipped, the lines after it answered."""
    import tracemalloc

    request = b'{"hand":"234s567p88m111z777z","win_tile":"1z","win":"discard","seat":"S","prevailing":"E","discarder":"W"}'
    tracemalloc.start()
    out = io.BytesIO()
    _score_stream(io.BufferedReader(_Zeros(48 << 20), 1 << 16), out)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 24 << 20
    assert out.getvalue() == b'{"valid": false, "error": "bad JSON: the line is over 16 MB long (a request is a few hundred bytes)"}\n'
    out = io.BytesIO()
    _score_stream(io.BytesIO(request + b"\n" + b" x" * (9 << 20) + b"\n" + request), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["valid"] for a in answers] == [True, False, True]
    assert "over 16 MB" in answers[1]["error"]
