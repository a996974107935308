"""Corrupted records fed to ``hkmj replay``, ``replay --show``, ``replay --show --lang fr`` and
``hkmj review``: every one is a clear error, never a traceback or Python's own words.

Real one-hand records of each ruleset (HK, MCR, classical; and a ``hkmj play``-style record,
whose ``match_start`` carries the ``play`` header) are corrupted the ways a hand edit, a disk or
a copy corrupts them: a field deleted, a field's type changed (text, number, list, null,
object), numbers out of range (seat 7, -1, 10**30), wrong tile strings, a line truncated,
swapped or duplicated. Each command must exit with 0 (a change nothing checks), 1 (a
divergence) or 2 (no record), and say what is wrong in its own words (docs/record-format.md).
Hypothesis runs derandomized, a bounded number of examples.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hkmj.cli import main
from hkmj.record import read_record, replay

RULESETS = ("hk", "mcr", "classical", "play", "hk3", "classical-hands")
"""The records corrupted: one hand of each ruleset, a play-style one, three hands of a match, and
hands recorded without a match_start (rebuilt from their own hand_start)."""

FORBIDDEN = (
    "Traceback",
    "index out of range",
    "unhashable type",
    "cannot be interpreted as an integer",
    "object is not",  # 'int' object is not iterable / subscriptable / callable
    "has no attribute",
    "unsupported operand",
    "not supported between instances",
    "invalid literal for int",
    "NoneType",
    "KeyError",
    "TypeError",
    "IndexError",
    "AttributeError",
    "OverflowError",
    "too many values to unpack",
    "not enough values to unpack",
    "expected str, bytes",
    "must be str, not",
    "argument must be",
)
"""Fragments of Python's own error wording: none may reach the user."""

VALUES: tuple[Any, ...] = (None, 7, -1, 10**30, 1.5, True, "", "x", "9z", "E", "1m1m", [], [None], ["1m"], {}, {"a": 1})
"""What a corrupted field becomes."""


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """The lines of each record of :data:`RULESETS`."""
    folder = tmp_path_factory.mktemp("fuzz")
    out: dict[str, list[str]] = {}
    for rules in ("hk", "mcr", "classical"):
        path = folder / f"{rules}.jsonl"
        assert main(["simulate", "--hands", "1", "--seed", "3", "--rules", rules, "--quiet", "--record", str(path)]) == 0
        out[rules] = path.read_text(encoding="utf-8").splitlines()
    path = folder / "hk3.jsonl"
    assert main(["simulate", "--hands", "3", "--seed", "5", "--quiet", "--record", str(path)]) == 0
    out["hk3"] = path.read_text(encoding="utf-8").splitlines()
    out["classical-hands"] = out["classical"][1:]
    start = json.loads(out["hk"][0])
    start["play"] = {"bots": ["greedy", "greedy", "random"], "bot_seeds": [1, 2, 3]}  # player 1 is the human
    out["play"] = [json.dumps(start), *out["hk"][1:]]
    return out


def _corrupt_field(event: Any, data: st.DataObject) -> None:
    """Delete one (possibly nested) field of ``event``, or give it another value."""
    obj = event
    while True:
        keys = list(obj) if isinstance(obj, dict) else list(range(len(obj)))
        if not keys:
            return
        key = data.draw(st.sampled_from(keys))
        inner = obj[key]
        if isinstance(inner, (dict, list)) and inner and data.draw(st.booleans()):
            obj = inner
            continue
        if isinstance(obj, dict) and data.draw(st.booleans()):
            del obj[key]
        else:
            obj[key] = data.draw(st.sampled_from(VALUES))
        return


def _corrupt(lines: list[str], data: st.DataObject) -> list[str]:
    """One corruption of a record's lines."""
    lines = list(lines)
    # most corruptions hit the lines replay reads before comparing: headers, inputs, wins
    read = [i for i, x in enumerate(lines) if any(w in x for w in ('"action"', "match_start", "hand_start", '"type":"win"'))]
    i = data.draw(st.sampled_from(read) | st.integers(0, len(lines) - 1))
    kind = data.draw(st.sampled_from(("field", "field", "field", "delete", "duplicate", "swap", "truncate")))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(data.draw(st.integers(0, len(lines))), lines[i])
    elif kind == "swap":
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "truncate":
        lines[i] = lines[i][: data.draw(st.integers(0, max(len(lines[i]) - 1, 0)))]
    elif lines[i].startswith("{") and lines[i].endswith("}"):  # not a line cut by a first corruption
        event = json.loads(lines[i])
        _corrupt_field(event, data)
        lines[i] = json.dumps(event)
    return lines


def _check(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``hkmj ARGV``: an exit status 0-2 (argparse's ``SystemExit`` included) and no Python wording."""
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 2
    said = capsys.readouterr()
    text = said.out[-4000:] + said.err
    assert code in (0, 1, 2), text
    leaked = [f for f in FORBIDDEN if f in text]
    assert not leaked, f"{leaked}: {said.err[-800:] or said.out[-800:]}"
    return text


@settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_corrupted_record_is_a_clear_error_in_replay_show_french_and_review(
    data: st.DataObject, records: dict[str, list[str]], tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = data.draw(st.sampled_from(RULESETS))
    lines = _corrupt(records[rules], data)
    if data.draw(st.booleans()):
        lines = _corrupt(lines, data)  # two corruptions: the first one in the record must be named
    path = tmp_path_factory.mktemp("case") / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    command = data.draw(st.sampled_from(("replay", "show", "french", "review")))
    argv = {
        "replay": ["replay", str(path)],
        "show": ["replay", str(path), "--show"],
        "french": ["replay", str(path), "--show", "--lang", "fr"],
        "review": ["review", str(path), "--seat", data.draw(st.sampled_from(("1", "E", "3", "N"))), "--html", "-", "--quiet"],
    }[command]
    _check(argv, capsys)


def test_the_first_corrupted_line_is_named_even_when_a_later_input_is_refused(
    records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An edited event (a replacement's ``for``) and, later in the hand, a recorded input the
    engine refuses (a line deleted before it): replay named the later refusal, the inputs being
    applied before any event was compared, and ``--show``, showing every line before it, met the
    edited event: ``KeyError: 'for.x'``. The first difference is named, and shown up to."""
    lines = list(records["hk"])
    k = next(i for i, x in enumerate(lines) if '"type":"replacement"' in x)
    edited = json.loads(lines[k])
    edited["for"] = "x"
    lines[k] = json.dumps(edited)
    late = max(i for i, x in enumerate(lines) if '"type":"answer"' in x)
    del lines[late - 1]  # the answer's window loses a line: that input is refused at its turn
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = replay(read_record(path))
    assert report.divergence is not None and report.divergence.line == k + 1, report.divergence
    assert "differs in for" in report.divergence.reason
    for lang in ("en", "fr"):
        text = _check(["replay", str(path), "--show", "--lang", lang], capsys)
        assert re.search(rf"\b(line|ligne) {k + 1}\b", text), text[-600:]


@pytest.mark.parametrize("key", ["hands", "max_hands"])
@pytest.mark.parametrize("value", ["3", {"a": 1}, [2], 0, -1, 1.5, True])
def test_a_match_start_with_a_bad_count_of_hands_names_it(
    key: str, value: object, records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HK-7.3 (a match of N hands): ``hands`` or ``max_hands`` of another type than a whole
    number said "'<' not supported between instances of 'str' and 'int'"; it is named, in
    English and French."""
    start = json.loads(records["mcr"][0])
    start[key] = value
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([json.dumps(start), *records["mcr"][1:]]) + "\n", encoding="utf-8")
    text = _check(["replay", str(path)], capsys)
    assert f"bad match_start: {key} {value!r}: expected a whole number 1 or more, or null" in text, text
    text = _check(["replay", str(path), "--lang", "fr"], capsys)
    shown = f"«\u00a0{value}\u00a0»" if isinstance(value, str) else repr(value)  # a text quoted in French guillemets
    assert f"match_start invalide\u00a0: {key} {shown}\u00a0: un nombre entier de 1 ou plus, ou null, est attendu" in text, text


_HAND_START_CASES = (
    ("seed", "9z", "seed '9z': expected a whole number, or null for a given wall",
     "seed «\u00a09z\u00a0»\u00a0: un nombre entier est attendu, ou null pour un mur donné"),
    ("seed", [1], "seed [1]: expected a whole number, or null for a given wall", "seed [1]\u00a0: un nombre entier"),
    ("prevailing", ["E"], "prevailing ['E']: expected a wind letter E, S, W or N", "prevailing ['E']\u00a0: une lettre de vent"),
    ("prevailing", "Q", "prevailing 'Q': expected a wind letter E, S, W or N", "prevailing «\u00a0Q\u00a0»\u00a0: une lettre de vent"),
    ("scores", None, "scores None: expected four whole numbers, one per seat", "scores None\u00a0: quatre nombres entiers"),
    ("scores", [0, 0, {}, 0], "scores [0, 0, {}, 0]: expected four whole numbers, one per seat", "scores [0, 0, {}, 0]\u00a0: quatre"),
    ("dice", True, "dice True: expected three numbers 1-6 (HK-2.3)", "dice True\u00a0: trois nombres de 1 à 6 sont attendus (HK-2.3)"),
    ("teaching", 1.5, "teaching 1.5: expected true or false", "teaching 1.5\u00a0: true ou false est attendu"),
    ("wall", 7, "wall 7: expected four walls of 36 tile names each (HK-2.2)", "wall 7\u00a0: quatre murs de 36 noms de tuiles"),
    ("players", [1, "", 2, 0], "players [1, '', 2, 0]: expected the players 0-3 in seat order, each once",
     "players [1, '', 2, 0]\u00a0: les joueurs 0 à 3 dans l'ordre des places, chacun une fois, sont attendus"),
    ("hand", "1", "hand '1': expected a whole number 1 or more", "hand «\u00a01\u00a0»\u00a0: un nombre entier de 1 ou plus est attendu"),
    ("dealer", 4, "dealer 4: expected a whole number 0-3", "dealer 4\u00a0: un nombre entier de 0 à 3 est attendu"),
    ("wall", "0.None", "wall None: expected a tile name such as 5p", "wall None\u00a0: un nom de tuile est attendu, par exemple 5p"),
)


@pytest.mark.parametrize(("key", "value", "english", "french"), _HAND_START_CASES)
def test_a_hand_start_read_without_a_match_names_its_bad_field_hk_2(
    key: str, value: object, english: str, french: str, records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hands recorded without a match_start are rebuilt from their hand_start's wall (HK-2.2),
    dice (HK-2.3), prevailing wind, scores and seed. A field of another form said Python's words
    ("must be str, not list", "'bool' object is not iterable", "invalid literal for int() with
    base 10", "substring not found", "list index out of range"). The players, hand number and dealer,
    kept as recorded, made --show crash ("can only concatenate str (not "int") to str"). Each is
    named, in English and French."""
    start = json.loads(records["classical"][1])
    if value == "0.None":  # one tile of the first wall
        start["wall"][0][0] = None
    else:
        start[key] = value
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([json.dumps(start), *records["classical"][2:]]) + "\n", encoding="utf-8")
    text = _check(["replay", str(path)], capsys)
    assert f"diverged at line 1 (hand 1): bad hand_start: {english}" in text, text
    text = _check(["replay", str(path), "--show", "--lang", "fr"], capsys)
    assert f"hand_start invalide\u00a0: {french}" in text, text


def test_a_given_wall_in_a_match_is_checked_in_form_hk_2_2(records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hand of a match with seed null is dealt from its recorded wall and dice: a wall of the
    wrong shape is named (it could say "'float' object is not iterable")."""
    start = json.loads(records["hk"][1])
    start["seed"] = None
    start["wall"] = [1.5, [], [], []]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([records["hk"][0], json.dumps(start), *records["hk"][2:]]) + "\n", encoding="utf-8")
    text = _check(["replay", str(path)], capsys)
    assert "bad hand_start: wall [1.5, [], [], []]: expected four walls of 36 tile names each (HK-2.2)" in text, text


def test_a_hand_cut_short_before_another_is_named_at_the_next_line_and_show_stops_there(
    records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand_start duplicated in the middle of a hand (hands without a match): the first hand
    stops short while the record goes on. The divergence had no line ("at end of record"), so
    --show showed every line after it unchecked, and crashed on an edited one (KeyError: 'tile').
    It is named at the line where the record goes on."""
    lines = list(records["classical"][1:])
    # a discard nobody may claim: the engine goes on by itself (a draw) where the record has a hand_start
    k = next(i for i, x in enumerate(lines) if '"type":"discard"' in x and '"offers":[null,null,null,null]' in x and i > 40)
    lines.insert(k + 1, lines[0])  # a second hand_start after that discard
    late = max(i for i, x in enumerate(lines) if '"type":"discard"' in x)
    edited = json.loads(lines[late])
    del edited["tile"]
    lines[late] = json.dumps(edited)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for lang in ("en", "fr"):
        text = _check(["replay", str(path), "--show", "--lang", lang], capsys)
        assert re.search(rf"(diverged at line|divergence à la ligne) {k + 2} \((hand|donne) 1\)", text), text[-800:]


def test_missing_totals_before_the_next_hand_are_named_at_that_hand_hk_7(
    records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HK-7: a match's totals follow each hand. With the last totals and match_end removed
    and a hand's totals too, the next hand was reported "at end of record" as "record ends before
    the match's totals", and --show showed that hand unchecked; it is named at its line."""
    path = tmp_path / "three.jsonl"
    assert main(["simulate", "--hands", "3", "--seed", "5", "--quiet", "--record", str(path)]) == 0
    lines = [x for x in path.read_text(encoding="utf-8").splitlines() if '"type":"totals","hand":1' in x or '"type":"totals"' not in x]
    lines = [x for x in lines if '"type":"match_end"' not in x]
    third = [i for i, x in enumerate(lines) if '"type":"hand_start"' in x][2]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = replay(read_record(path))
    assert report.divergence is not None and report.divergence.line == third + 1, report.divergence
    assert report.divergence.reason == "the match's totals are missing; the record goes on without them"
    text = _check(["replay", str(path), "--lang", "fr"], capsys)
    assert f"divergence à la ligne {third + 1} (donne 2)\u00a0: les totaux de la partie manquent\u00a0; l'enregistrement continue sans eux" in text, text


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ('{"type": "match_start", "seed": "\\ud800"}\n', "not JSON (a string holds a lone surrogate escape such as \\ud800, not Unicode text)",
         "pas du JSON (une chaîne contient un échappement de demi-caractère isolé comme \\ud800, pas du texte Unicode)"),
        ("[" * 100_000 + "]" * 100_000 + "\n", "not JSON (arrays or objects nested too deeply)",
         "pas du JSON (des tableaux ou objets imbriqués trop profondément)"),
        ('\ufeff{"type": "match_start", "seed": 3}\n', "not JSON (it starts with a byte order mark, U+FEFF: save the file as UTF-8 without one)",
         "pas du JSON (il commence par une marque d'ordre des octets, U+FEFF\u00a0: enregistrez le fichier en UTF-8 sans elle)"),
    ],
)
def test_a_line_no_text_can_show_or_nested_too_deep_is_named(
    text: str, english: str, french: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A lone surrogate escape (``"\\ud800"``) was read, then printing the divergence that quotes
    it crashed (UnicodeEncodeError: surrogates not allowed); arrays nested 100,000 deep said
    Python's "maximum recursion depth exceeded while decoding a JSON array from a unicode
    string", in French too; a byte order mark before the first line said "expecting value at
    column 1". Each is refused when the line is read, in our words."""
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert _check(["replay", str(path)], capsys).endswith(f"bad.jsonl:1: {english}\n")
    assert _check(["replay", str(path), "--lang", "fr"], capsys).endswith(f"bad.jsonl:1\u00a0: {french}\n")
    review = _check(["review", str(path), "--html", "-"], capsys)
    # review says it in hkmj replay's sentence (it said "line 1: not JSON" without why)
    assert review.endswith(f"bad.jsonl:1: {english}\n")


def test_a_match_whose_hand_start_is_deleted_names_the_first_stray_line(
    records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The only hand_start of a match deleted: every line of the hand belongs to no hand. Replay
    named the match's totals at the end ("event after the match's end") before the stray deal on
    line 2, so --show showed the unchecked hand and crashed on an edited event of it (KeyError:
    'for.x'); the first of the two in the record, line 2, is named."""
    lines = [records["hk"][0], *records["hk"][2:]]
    k = next(i for i, x in enumerate(lines) if '"type":"replacement"' in x)
    edited = json.loads(lines[k])
    edited["for"] = "x"
    lines[k] = json.dumps(edited)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = replay(read_record(path))
    assert report.divergence is not None and report.divergence.line == 2, report.divergence
    assert report.divergence.reason == "event 'deal' outside any hand: a record has no such line"
    for lang in ("en", "fr"):
        _check(["replay", str(path), "--show", "--lang", lang], capsys)


def test_a_field_null_in_the_replay_and_missing_in_the_record_is_named(
    records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A claim nobody made has "seat": null; with the field deleted, replay said "event 'claim'
    differs in " and named nothing (the two read alike as missing). The field is named."""
    lines = list(records["hk"])
    k = next(i for i, x in enumerate(lines) if '"type":"claim"' in x and '"seat":null' in x)
    edited = json.loads(lines[k])
    del edited["seat"]
    lines[k] = json.dumps(edited)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = replay(read_record(path))
    assert report.divergence is not None and report.divergence.line == k + 1, report.divergence
    assert report.divergence.reason == "event 'claim' differs in seat"
    assert "l'événement «\u00a0claim\u00a0» diffère par seat" in _check(["replay", str(path), "--lang", "fr"], capsys)


def test_a_bad_match_start_header_is_said_in_french(records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The seed, ruleset and options of a match_start of the wrong type were said in English
    inside the French report ("match_start invalide : seed True: expected a whole number")."""
    for key, value, french in (
        ("seed", True, "seed True\u00a0: un nombre entier est attendu"),
        ("rules", [None], "jeu de règles [None]\u00a0: un nom est attendu (hk, mcr, classical)"),
        ("options", [], "options []\u00a0: des paires clé=valeur sont attendues"),
    ):
        start = json.loads(records["mcr"][0])
        start[key] = value
        path = tmp_path / "bad.jsonl"
        path.write_text("\n".join([json.dumps(start), *records["mcr"][1:]]) + "\n", encoding="utf-8")
        assert f"match_start invalide\u00a0: {french}\n" in _check(["replay", str(path), "--lang", "fr"], capsys)


def test_review_in_french_says_why_a_record_does_not_replay_in_french(
    records: dict[str, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj review --lang fr`` quoted the divergence, and a line that is no event, in English
    ("... ne peut donc pas être analysé : diverged at line 1 (hand 0): bad match_start: ..."):
    both are said in hkmj replay's French words."""
    start = json.loads(records["hk"][0])
    start["seed"] = True
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([json.dumps(start), *records["hk"][1:]]) + "\n", encoding="utf-8")
    text = _check(["review", str(path), "--lang", "fr", "--html", "-"], capsys).replace("\xa0", " ")  # French typography
    assert "analysé : divergence à la ligne 1 (donne 0) : match_start invalide : seed True : un nombre entier est attendu" in text, text
    assert "  rejoué : (rien)" in text and "diverged" not in text
    path.write_text("[1, 2]\n", encoding="utf-8")
    text = _check(["review", str(path), "--lang", "fr", "--html", "-"], capsys).replace("\xa0", " ")
    assert text == f"hkmj review : {path}:1 : un événement est un objet JSON avec un champ « type »\n", text  # as hkmj replay says it


@pytest.mark.parametrize(("kind", "field", "value"), [("draw", "seat", True), ("replacement", "live", 76.0), ("discard", "final", 0)])
def test_true_or_a_float_where_the_engine_writes_a_number_is_a_divergence(
    kind: str, field: str, value: object, records: dict[str, list[str]], tmp_path: Path
) -> None:
    """JSON ``true`` is not ``1``, nor ``76.0`` the number ``76``, nor ``0`` false, but Python's
    ``True == 1 == 1.0`` let such an edited record replay "reproduced exactly". It diverges."""
    lines = list(records["hk"])
    k = next(i for i, x in enumerate(lines) if json.loads(x)["type"] == kind and json.loads(x).get(field) == value)
    edited = json.loads(lines[k])
    edited[field] = value
    lines[k] = json.dumps(edited)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = replay(read_record(path))
    assert report.divergence is not None and report.divergence.line == k + 1, report.divergence
    assert report.divergence.reason == f"event '{kind}' differs in {field}"
