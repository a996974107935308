"""One JSON line in, one JSON line out: the per-line work of ``hkmj score`` (R-9), no I/O.

A line Python's ``json`` refuses for any reason (bad syntax, invalid UTF-8, NaN or
Infinity, an integer beyond ``int_max_str_digits``, nesting too deep) is answered with
``{"valid": false, "error": ...}`` like any other bad request.

A Hong Kong request line is read in one pass over its bytes when the core is compiled
(:func:`~hkmj.scoring.request.win_from_line`: only plain, valid requests; anything else is
left to the decoders below), else decoded with ``orjson`` (a few times faster than
``json``). A line ``orjson`` refuses, or whose request turns out invalid, is decoded again by
Python's ``json`` and answered from that: the two disagree only on lines no valid request
looks like (``orjson`` reads an integer beyond 64 bits as a float, refuses a lone surrogate
escape, nests deeper), so every error is worded exactly as with ``json`` alone and every
valid answer is the same.

A field named twice in one object (``"seat": "E", ..., "seat": "S"``) is refused (R-9): Python's
``json`` and ``orjson`` would both keep the last value and score a hand the request does not
unambiguously describe. ``orjson`` cannot tell, so a decoded line whose raw ``:`` count differs
from its number of fields (:func:`_fields`) is decoded again by Python's ``json``, whose
:func:`_unique_fields` hook names the field; a valid request never holds a ``:`` inside a
string, so a plain line never pays for the second decoding.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import Any, Final

import orjson

from hkmj.scoring.hong_kong import HONG_KONG
from hkmj.scoring.model import InvalidHand, Item, ScoreResult, Win, echo
from hkmj.scoring.request import win_from_json, win_from_line
from hkmj.scoring.ruleset import Ruleset, score

__all__ = ["DECODER", "has_lone_surrogate", "json_refusal", "read_request", "result_json", "score_json", "score_line"]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (RFC 8259 has no NaN or Infinity)")


def json_refusal(err: BaseException) -> str:
    """Why Python's ``json`` refused a text, in our words (R-9): never Python's advice to
    raise ``sys.set_int_max_str_digits``, at most 120 characters."""
    text = str(err)
    if isinstance(err, RecursionError):  # Python's "maximum recursion depth exceeded while decoding..."
        return "arrays or objects nested too deeply"
    if isinstance(err, ValueError) and "int_max_str_digits" in text:
        return f"a number of more than {sys.get_int_max_str_digits():,} digits"
    return text[:120] or type(err).__name__


def json_syntax(err: json.JSONDecodeError) -> str:
    """Where and why Python's ``json`` could not read a text, in a phrase: "unterminated string
    starting at column 2", "expecting value at line 3 column 1"."""
    msg = err.msg[:1].lower() + err.msg[1:]
    where = f"column {err.colno}" if err.lineno == 1 else f"line {err.lineno} column {err.colno}"
    return f"{msg} {where}" if msg.endswith(" at") else f"{msg} at {where}"


DECODER = json.JSONDecoder(parse_constant=_refuse_constant)
"""Python's decoder, refusing NaN and Infinity."""


class DuplicateField(ValueError):
    """A request names one field twice in the same object (R-9)."""


def has_lone_surrogate(value: object) -> bool:
    """Whether a string anywhere in ``value`` (keys included) holds a lone surrogate, which an
    escape such as ``\\ud800`` gives and no UTF-8 text can carry (a record line, a client's message)."""
    stack = [value]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(x, dict):
            stack.extend(x)
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return False


def _unique_fields(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's fields as a dict, or :class:`DuplicateField` naming the first one given twice."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                raise DuplicateField(f"field {echo(name)} is given twice: a request names each field once (R-9)")
            seen.add(name)
    return obj


def _finite_float(text: str) -> float:
    """A JSON number with a fraction or exponent; one beyond a float's range (``1e400``, which
    Python reads as infinity and ``orjson`` refuses) is refused in the words of the input, never
    echoed back as ``Infinity``, which is not JSON (R-9)."""
    value = float(text)
    if math.isinf(value):
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise ValueError(f"the number {shown} is too large (beyond a float's range)")
    return value


REQUEST_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float, object_pairs_hook=_unique_fields)
"""Python's decoder for requests: NaN and Infinity refused, a number too large for a float too,
and a field given twice (R-9)."""


def _fields(obj: object) -> int:
    """How many fields the objects of a decoded JSON value hold in all (each written with one
    ``:``); iterative, as a line may nest deeper than Python recurses."""
    n = 0
    stack = [obj]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            n += len(value)
            stack.extend([v for v in value.values() if isinstance(v, (dict, list))])
        elif isinstance(value, list):
            stack.extend([v for v in value if isinstance(v, (dict, list))])
    return n


def _may_repeat_a_field(line: bytes, obj: object) -> bool:
    """Whether ``line`` may name a field twice in an object that ``obj`` (its decoding, which kept
    one value per field) no longer shows: more ``:`` than fields (a ``:`` in a string, which no
    valid request holds, or a field given twice). A flat object whose ``:`` are its fields (every
    Hong Kong and MCR request) costs one count; only other lines are walked."""
    colons = line.count(b":")
    if type(obj) is dict and colons == len(obj):
        return False
    return colons != _fields(obj)
_ENCODER = json.JSONEncoder(ensure_ascii=False)
READ_BYTES: Final = not __file__.endswith(".py")
"""Whether :func:`read_request` tries the one-pass byte reader first: in the compiled core
(mypyc), where it reads a line in well under half the time of ``orjson`` and the dict reader
(docs/scoring.md, "Speed"); in pure Python a loop over the bytes takes twice their time."""


def score_json(obj: object, ruleset: Ruleset = HONG_KONG) -> dict[str, Any]:
    """Score one machine-interface request (R-9); never raises for bad input.

    Returns ``{"valid": true, "fan", "limit", "base", "items", "payments"}`` or
    ``{"valid": false, "error": "..."}``.
    """
    try:
        return score(win_from_json(obj), ruleset).to_dict()
    except InvalidHand as e:
        return {"valid": False, "error": str(e)}


def score_line(line: bytes, score_json: Callable[[Any], dict[str, Any]] | None = None) -> str:
    """One request line (UTF-8 JSON) in, one answer line out (no newline); never raises.

    ``score_json`` scores a decoded request (a ruleset's, see :mod:`hkmj.rulesets`); None
    scores with the Hong Kong table and writes the answer from pre-encoded parts (the same
    text as ``json.dumps`` of :func:`score_json`'s answer).
    """
    if score_json is None:
        win = read_request(line)
        if win is None:
            return _score_line_json(line, None)
        try:
            result = score(win, HONG_KONG)
        except InvalidHand:
            return _score_line_json(line, None)
        return result_json(result)
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError:
        return _score_line_json(line, score_json)
    if _may_repeat_a_field(line, obj):
        return _score_line_json(line, score_json)
    try:
        answer = score_json(obj)
    except RecursionError:  # nested deeper than json reads: json words the refusal
        return _score_line_json(line, score_json)
    return _ENCODER.encode(answer) if answer.get("valid") is not False else _score_line_json(line, score_json)


def read_request(line: bytes) -> Win | None:
    """The Hong Kong request of a line (R-9), as :func:`score_line` reads it: in one pass over
    its bytes (:func:`~hkmj.scoring.request.win_from_line`), else decoded by ``orjson`` and
    read by :func:`~hkmj.scoring.request.win_from_json`; None when either refuses the line
    (then Python's ``json`` words the answer)."""
    if READ_BYTES:
        win = win_from_line(line)
        if win is not None:
            return win
    try:
        obj = orjson.loads(line)
        if _may_repeat_a_field(line, obj):
            return None
        return win_from_json(obj)
    except (orjson.JSONDecodeError, InvalidHand):
        return None


_BOM: Final = "bad JSON: the line starts with a byte order mark (U+FEFF): save the input as UTF-8 without one"


_UTF16: Final = "bad JSON: the line starts with a UTF-16 byte order mark (bytes {}): save the input as UTF-8"
_NUL: Final = "bad JSON: the line holds a NUL byte (byte {}), as UTF-16 text does: save the input as UTF-8"


def _score_line_json(line: bytes, score_json: Callable[[Any], dict[str, Any]] | None) -> str:
    """:func:`score_line` with Python's ``json`` alone: the wording of every refused line."""
    if line.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 (Windows PowerShell 5's `>`): named, as UTF-8's words do not
        return _ENCODER.encode({"valid": False, "error": _UTF16.format(line[:2].hex(" ").upper())})
    if b"\x00" in line:  # the lines after a UTF-16 one: never in a JSON text, whatever its encoding
        return _ENCODER.encode({"valid": False, "error": _NUL.format(line.index(b"\x00") + 1)})
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        return _ENCODER.encode({"valid": False, "error": f"bad JSON: the line is not UTF-8 (byte {e.start + 1})"})
    if text.startswith("\ufeff"):  # an editor's mark before the first line: named, as Python's words do not
        return _ENCODER.encode({"valid": False, "error": _BOM})
    try:
        obj = REQUEST_DECODER.decode(text)
    except DuplicateField as e:
        return _ENCODER.encode({"valid": False, "error": str(e)})
    except (ValueError, RecursionError) as e:
        return _ENCODER.encode({"valid": False, "error": f"bad JSON: {json_refusal(e)}"})
    if score_json is not None:
        return _ENCODER.encode(score_json(obj))
    try:
        result = score(win_from_json(obj), HONG_KONG)
    except InvalidHand as e:
        return _ENCODER.encode({"valid": False, "error": str(e)})
    return result_json(result)


_fragments: Final[dict[str, tuple[int, str]]] = {}


def _fragment(item: Item) -> str:
    """The JSON text of one item, built once per element name and fan."""
    known = _fragments.get(item.name)
    if known is None or known[0] != item.fan:
        known = (item.fan, _ENCODER.encode({"name": item.name, "fan": item.fan}))
        _fragments[item.name] = known
    return known[1]


def result_json(result: ScoreResult) -> str:
    """``json.dumps(result.to_dict(), ensure_ascii=False)``, written from pre-encoded parts."""
    items = ", ".join([_fragment(i) for i in result.items])
    limit = "null" if result.limit is None else _ENCODER.encode(result.limit)
    p = result.payments
    return (
        f'{{"valid": true, "fan": {result.fan}, "limit": {limit}, "base": {result.base}, "items": [{items}], '
        f'"payments": {{"E": {p[0]}, "S": {p[1]}, "W": {p[2]}, "N": {p[3]}}}}}'
    )
