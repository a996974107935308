"""Match records as JSON Lines (docs/record-format.md): write, read, replay, show.

A record is the engine's event list, one JSON object per line. Replaying re-runs the match
through the engine from the record's own seed (or its recorded walls) and the recorded
player inputs, and compares every event it produces with the recorded one: the first
difference is reported with its line number.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from hkmj.engine import Event, Hand, IllegalAction, Match, parse_action
from hkmj.engine.wall import random_wall
from hkmj.oserror import InputError, input_text, read_input
from hkmj.rulesets import DEFAULT, Ruleset, RulesetError, from_header
from hkmj.scoring.lines import DECODER, has_lone_surrogate, json_refusal, json_syntax
from hkmj.tiles import HONOUR, SEAT_LETTERS, counts_of, format_tiles, name, parse_tiles, tile, wind_letter, wind_name

__all__ = [
    "PLAY_FIELD",
    "TABLE_FIELD",
    "BadLine",
    "Divergence",
    "RecordBusy",
    "RecordError",
    "RecordWriter",
    "ReplayReport",
    "Show",
    "describe",
    "describe_all",
    "gone",
    "plain_tiles",
    "read_record",
    "replay",
    "show",
    "hand_from_start",
    "hold",
    "json_line",
    "json_shown",
    "shown",
    "line_error",
    "mahjong_claims",
    "match_from_start",
    "next_hand",
    "no_event",
    "only_line_cut",
    "parse_events",
    "split_hands",
    "split_matches",
]


class RecordError(ValueError):
    """A record file that cannot be read; the message names the line and the problem. A file
    that cannot be read as text at all keeps its :class:`~hkmj.oserror.InputError` in ``problem``."""

    def __init__(self, message: str, problem: InputError | None = None) -> None:
        super().__init__(message)
        self.problem = problem

    def say(self, lang: str) -> str:
        """The error in ``lang``, in the words ``hkmj replay``, ``review`` and ``play --resume``
        share: its :attr:`problem`'s when it has one, else the line's (:mod:`hkmj.score_words`)."""
        from hkmj.score_words import error_in

        return self.problem.say(lang) if self.problem is not None else error_in(str(self), lang)


class RecordBusy(Exception):
    """The record's lock is held: another running match writes to it (see :func:`hold`)."""


def _lock(f: IO[Any]) -> None:
    """Take ``f``'s exclusive lock without waiting (``fcntl.flock``; released when ``f`` is
    closed, or its process ends): :class:`RecordBusy` when another open file holds it. Where
    ``flock`` does not exist (Windows), nothing is locked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise RecordBusy(f.name) from None


def hold(path: str | Path) -> IO[bytes]:
    """``path`` opened for reading with its exclusive lock, held until the handle is closed: a
    match resumed from the file holds it before reading, so no other ``hkmj play`` can write to
    it meanwhile. :class:`RecordBusy` when a running match holds it; ``OSError`` when the file
    cannot be opened."""
    f = Path(path).open("rb")  # noqa: SIM115 - held open, and locked, until the caller closes it
    try:
        _lock(f)
    except BaseException:
        f.close()
        raise
    return f


def gone(path: str | Path, f: IO[Any]) -> bool:
    """True when ``path`` no longer names the open file ``f`` (it, or its folder, was removed or
    replaced while ``f`` was written): what was written went nowhere a user can find, to be said so."""
    try:
        there = os.stat(path)
        own = os.fstat(f.fileno())
    except (OSError, ValueError):  # no file there, or this one closed already
        return True
    return (there.st_dev, there.st_ino) != (own.st_dev, own.st_ino)


class RecordWriter:
    """Write events to a JSON Lines file, flushed after each chunk (a hand) so nothing is lost;
    ``append`` goes on at the end of an existing record (a resumed match). With ``lock`` the
    writer holds the file's exclusive lock (:class:`RecordBusy` if another does, the file then
    left as it was); ``held`` is a handle from :func:`hold`, closed with the writer."""

    def __init__(self, path: str | Path, *, append: bool = False, lock: bool = False, held: IO[bytes] | None = None) -> None:
        self.path = Path(path)
        # a file to lock is opened without emptying it, and emptied once the lock is held
        self._f: IO[str] = self.path.open("a" if append or lock else "w", encoding="utf-8")
        try:
            if lock:
                _lock(self._f)
                if not append:
                    self._f.truncate(0)
        except BaseException:
            self._f.close()
            raise
        self._held = held
        self.lines = 0

    def write(self, events: Iterable[Event]) -> None:
        for e in events:
            self._f.write(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.lines += 1
        self._f.flush()

    def removed(self) -> bool:
        """True when ``path`` no longer names the file written (it, or its folder, was removed or
        replaced while writing): what was written goes with the last handle, to be said so."""
        return gone(self.path, self._f)

    def write_lines(self, lines: Iterable[str]) -> None:
        """Write already-serialised event lines (from worker processes)."""
        for line in lines:
            self._f.write(line + "\n")
            self.lines += 1
        self._f.flush()

    def close(self) -> None:
        self._f.close()
        if self._held is not None:
            self._held.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def json_line(line: str) -> object:
    """One line of a JSON Lines file as Python's ``json`` reads it, NaN and Infinity refused;
    anything it cannot read raises ``ValueError("not JSON (why)")``, never another error."""
    try:
        value = DECODER.decode(line)
    except json.JSONDecodeError as err:
        if line.startswith("\ufeff"):  # an editor's mark before the first line: named, as Python's words do not
            raise ValueError("not JSON (it starts with a byte order mark, U+FEFF: save the file as UTF-8 without one)") from None
        raise ValueError(f"not JSON ({json_syntax(err)})") from None
    except (ValueError, RecursionError) as err:  # a number of thousands of digits, nesting too deep
        raise ValueError(f"not JSON ({json_refusal(err)})") from None
    if "\\u" in line and has_lone_surrogate(value):  # no UTF-8 text can show it, or carry it on
        raise ValueError("not JSON (a string holds a lone surrogate escape such as \\ud800, not Unicode text)")
    return value


def read_record_text(path: str | Path) -> tuple[str, int | None]:
    """The text of the record in ``path`` and, when its last line was cut in the middle of a
    write (a crash: no newline after it, and not JSON), that line's number; the cut line is left
    out of the text, as ``hkmj play --resume`` leaves it out. A line cut anywhere else stays in
    the text (an error for :func:`parse_events`). :class:`InputError` when the file cannot be read."""
    data = read_input(path)
    text = input_text(path, data, cut=True)  # a character cut by the crash goes with its line
    end = text.rfind("\n") + 1
    tail = text[end:]
    if not tail.strip() and len(text.encode("utf-8")) == len(data):
        return text, None
    try:
        json_line(tail)
    except ValueError:
        if one_document(text) is not None:  # one JSON document without a last newline (as json.dump writes it), not a crash
            return text, None
        return text[:end], len(text[:end].splitlines()) + 1
    if len(text.encode("utf-8")) != len(data):  # whole JSON, then a character's first bytes
        return text[:end], len(text[:end].splitlines()) + 1
    return text, None


def read_record_cut(path: str | Path) -> tuple[list[Event], int | None]:
    """:func:`read_record`, accepting a record whose last line a crash cut in the middle of a
    write: its events before that line, and the cut line's number (None when none was cut)."""
    try:
        text, cut = read_record_text(path)
    except InputError as err:
        raise RecordError(str(err), problem=err) from None
    return _record_events(Path(path), text, cut), cut


def read_record(path: str | Path) -> list[Event]:
    """Read a record; :class:`RecordError` names the first bad line."""
    try:
        text = input_text(path, read_input(path))
    except InputError as err:
        raise RecordError(str(err), problem=err) from None
    return _record_events(Path(path), text, None)


def _record_events(p: Path, text: str, cut: int | None) -> list[Event]:
    """The events of record ``p``'s ``text`` (``cut``: the number of a cut last line left out);
    :class:`RecordError` names the first bad line, or says the record is empty."""
    try:
        events = parse_events(text)
    except BadLine as err:
        raise line_error(p, err) from None
    if not events:
        raise no_event(p, cut)
    return events


def line_error(path: str | Path, bad: BadLine) -> RecordError:
    """A line of record ``path`` that is no event, in the words ``hkmj replay``, ``review`` and
    ``play --resume`` share: ``g.jsonl:3: not JSON (expecting value at column 1)``."""
    return RecordError(f"{path}:{bad.line}: {bad.why}")


def no_event(path: str | Path, cut: int | None) -> RecordError:
    """Record ``path`` holds no event, in the words ``hkmj replay``, ``review`` and ``play
    --resume`` share: nothing but blank lines (Unicode ones too, which :func:`~hkmj.oserror.read_input`
    lets by) is its empty file (kept in ``problem``, to be said in French); blank lines then a
    last line ``cut`` by a crash is :func:`only_line_cut`."""
    if cut is not None:
        return only_line_cut(path, cut)
    empty = InputError("empty", path)
    return RecordError(str(empty), problem=empty)


def only_line_cut(path: str | Path, line: int) -> RecordError:
    """Record ``path`` holds nothing but line ``line``, cut by a crash in the middle of a write."""
    return RecordError(f"{path}:{line}: its only line was cut in the middle of a write")


class BadLine(ValueError):
    """A line of a record that is no event: its number, and why."""

    def __init__(self, line: int, why: str, value: object = None) -> None:
        super().__init__(f"line {line}: {why}")
        self.line = line
        self.why = why
        self.value = value
        """What the line holds when it is JSON (None otherwise)."""


def one_document(text: str) -> str | None:
    """Why a file that is one JSON document is no record, when it is one (None otherwise): a JSON
    array (of events, as a script may save them) or one object written over several lines (an
    event pretty-printed) read as a line that is not JSON, or a line that is no event."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    why = "not JSON Lines: a record holds one event (a JSON object) per line"
    if isinstance(doc, list) and doc and all(isinstance(e, dict) for e in doc):  # events in an array
        return f"the file is one JSON array, {why}"
    spread = [i for i, line in enumerate(text.splitlines()) if line.strip()]
    if isinstance(doc, dict) and len(spread) > 1:
        return f"the file is one JSON object written over {spread[-1] - spread[0] + 1} lines, {why}"
    return None


def parse_events(text: str) -> list[Event]:
    """The events of a record's text, each with its line number (``_line``), blank lines skipped;
    :class:`BadLine` names the first line that is not a JSON object with a ``type``."""
    events: list[Event] = []
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = json_line(line)
        except ValueError as err:
            raise BadLine(i, one_document(text) or str(err)) from None
        if isinstance(event, dict) and "type" not in event and isinstance(event.get("error"), str) and isinstance(event.get("message"), str):
            # the server's refusal saved in place of a log export (docs/protocol.md, HTTP: 409 not_over)
            raise BadLine(i, f"not an event but the server's refusal ({shown(event['error']).removesuffix('…')}: {shown(event['message'], 200).removesuffix('…')})", event)
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise BadLine(i, one_document(text) or "an event is a JSON object with a 'type'", event)
        event["_line"] = i
        events.append(event)
    return events


@dataclass
class Divergence:
    """Where a replay first differs from the record."""

    line: int | None
    hand: int
    reason: str
    expected: Event | None = None
    got: Event | None = None

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "end of record"
        out = f"diverged at {where} (hand {self.hand}): {self.reason}"
        if self.expected is not None or self.got is not None:
            out += f"\n  recorded: {_clean(self.expected)}\n  replayed: {_clean(self.got)}"
        return out


@dataclass
class ReplayReport:
    """Outcome of :func:`replay`: counts, and the first divergence if any."""

    hands: int
    events: int
    divergence: Divergence | None = None
    complete: bool = True
    """False when the record stops before its (last) match's end: a match interrupted."""
    cut: list[int] = field(default_factory=list)
    """Hands (numbered as :attr:`hands` counts them) the record stops in the middle of: the last
    hand of its match, every recorded event reproduced, and nothing after it."""
    older_words: int = 0
    """False-Mahjong reasons (``false_mahjong``, ``mahjong_refused``) recorded in the words of
    earlier versions: at an MCR or classical table they cited Hong Kong's rules (HK-5.7,
    HK-5.1-5.4), at every table they wrote a claimed tile twice; each is the engine's reason in
    those words, the game itself reproduced."""
    older_rules: list[str] = field(default_factory=list)
    """The rulesets (``mcr``, ``classical``) whose reasons :attr:`older_words` counts as citing
    Hong Kong's rules."""
    older_claimed: int = 0
    """Of :attr:`older_words`, the reasons on a claimed tile that earlier versions wrote in the
    hand as well as after it (``3447m9p1235s12557z with 7z``); this version writes the hand
    without it."""
    older_knitted: int = 0
    """Of :attr:`older_words`, the MCR reasons whose distance from ready earlier versions measured
    with the standard shapes only (``6 tiles from ready``) where this version counts the knitted
    hands too (MCR-5.2.4, MCR-5.2.5: ``ready: one tile from winning``)."""
    older_plural: int = 0
    """Of :attr:`older_words`, the MCR reasons that wrote a complete hand worth one point as
    ``1 points without flowers`` (MCR-5.1); this version writes ``1 point``."""

    @property
    def ok(self) -> bool:
        return self.divergence is None


def _clean(e: Event | None) -> str:
    if e is None:
        return "(nothing)"
    text = json_shown(json.dumps({k: v for k, v in e.items() if k != "_line"}, ensure_ascii=False)[:401])
    return text if len(text) < 400 else text[:400] + "…"


def json_shown(text: str) -> str:
    """JSON text (``ensure_ascii=False``) for the terminal: JSON escapes only the C0 controls, so
    a C1 control (U+009B opens a terminal's sequence too) or a direction override in a string is
    escaped here (``\\u202e``, still JSON), never written raw (see :func:`shown`)."""
    return "".join(ch if ch.isprintable() or ch == " " else f"\\u{ord(ch):04x}" for ch in text)


def mahjong_claims(claim: Event) -> list[int]:
    """The seats that answered Mahjong to a recorded ``claim`` event's tile, in the order they are
    judged: play order after the discarder (or the kong's owner), the first decides (HK-4.7,
    MCR-4.2, CL-3.3; a false first claim decides alone, R-6, CL-7.7)."""
    d = claim["from"]
    return [x % 4 for x in range(d + 1, d + 4) if claim["answers"][x % 4] == "mahjong"]


def split_matches(events: Sequence[Event]) -> list[list[Event]]:
    """A record cut into matches, each from its ``match_start`` (events before the first one,
    hands recorded without a match, form a first part of their own)."""
    segments: list[list[Event]] = []
    for e in events:
        if e["type"] == "match_start" or not segments:
            segments.append([])
        segments[-1].append(e)
    return segments


def split_hands(events: Sequence[Event]) -> Iterator[list[Event]]:
    """Each hand's events, from its ``hand_start`` to its ``hand_end`` (or the record's end)."""
    current: list[Event] | None = None
    for e in events:
        if e["type"] == "hand_start":
            if current is not None:
                yield current
            current = [e]
        elif current is not None:
            current.append(e)
            if e["type"] == "hand_end":
                yield current
                current = None
    if current is not None:
        yield current


_DEFAULT_HEADER = DEFAULT.header()

PLAY_FIELD = "play"
"""The field ``hkmj play`` adds to its record's ``match_start``: what resuming the match needs
beyond the engine's own header (the bots, their seeds, the screen's choices; docs/play.md). The
engine does not produce it, so replay leaves it out of the comparison."""
TABLE_FIELD = "table"
"""The field ``hkmj replay LOG --record FILE`` adds to the ``match_start`` of the record it writes
from a server table's log export: who sat where beyond the engine's header (``names``: the name at
each slot, ``bots``: the slots a server bot played from the start, ``others``: the record's lines of
the actions the server played for a person, away or timed out), so that ``hkmj review`` of the
record knows the players as it knows them from the log (docs/record-format.md). The engine does not
produce it, so replay leaves it out of the comparison."""
HEADER_FIELDS = (PLAY_FIELD, TABLE_FIELD)
"""The fields of a ``match_start`` that the engine does not produce (replay leaves them out)."""
HUMAN_PLAYER = 0
"""The player (shown as player 1) who sat at the keyboard in a ``hkmj play`` record."""


def _typed(a: object, b: object) -> bool:
    """Whether ``a`` and ``b``, equal in Python, are the same JSON too: ``true`` is not ``1``, nor
    ``1.0`` (Python's ``True == 1 == 1.0``); a record holding one for the other was edited."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return all(_typed(v, b[k]) for k, v in a.items())  # type: ignore[index]
    if type(a) is list:
        return all(map(_typed, a, b))  # type: ignore[call-overload]
    return True


def _diff(expected: Event, got: Event) -> str | None:
    a = {k: v for k, v in expected.items() if k != "_line"}
    if a == got:
        if _typed(a, got):
            return None
        bad = [shown(k) for k in a if not _typed(a[k], got[k])]
        return f"event '{shown(a.get('type'))}' differs in {', '.join(bad[:8])}"
    if "rules" not in a and "rules" in got:  # records before rulesets were Hong Kong with the seed's rules
        got = {k: v for k, v in got.items() if k not in _DEFAULT_HEADER or v != _DEFAULT_HEADER[k]}
        if a == got:
            return None
    keys = sorted(set(a) | set(got), key=str)
    bad = [shown(k) for k in keys if a.get(k) != got.get(k) or (k in a) != (k in got)]  # a field null or missing
    more = f" and {len(bad) - 8} more" if len(bad) > 8 else ""
    return f"event '{shown(a.get('type'))}' differs in {', '.join(bad[:8])}{more}"


_CLAIMED = re.compile(r"(?P<head>(?:teaching table \([^)]*\): )?)(?P<hand>[1-9mpsz]+)(?P<rest>(?: \+ \S+ \S+)* with (?P<tile>[1-9][mpsz]) is )")
"""The start of a reason for a hand declared on a claimed tile: the hand, its melds, ``with`` the tile."""


def _claimed_twice(reason: str) -> str:
    """``reason`` as earlier versions wrote it for a claimed tile: the tile in the hand as well as
    after it (``3447m…12557z with 7z``); ``reason`` itself when no tile was claimed."""
    m = _CLAIMED.match(reason)
    if m is None:
        return reason
    tiles = parse_tiles(m["hand"]) + parse_tiles(m["tile"])
    return m["head"] + format_tiles(tiles) + reason[m.start("rest") :]


_ONE_POINT = "not a winning hand: 1 point without flowers: "
_ONE_POINTS = "not a winning hand: 1 points without flowers: "
"""A complete MCR hand worth one point (MCR-5.1), as this version writes it and as earlier versions did."""


def _older_words(expected: Event, got: Event, rules: Ruleset) -> set[str] | None:
    """How ``expected`` is ``got`` but for its ``reason`` in the words of earlier versions, or None:
    ``rules`` when they cited Hong Kong's rules at every table (``teaching table (HK-5.7)`` and the
    shapes of HK-5.1-5.4 instead of the ruleset's own,
    :attr:`~hkmj.rulesets.Ruleset.false_mahjong_rule` and
    :attr:`~hkmj.rulesets.Ruleset.winning_shapes`); ``claimed`` when they wrote a claimed tile in
    the hand as well as after it (:func:`_claimed_twice`); ``plural`` when they wrote a complete
    MCR hand worth one point as ``1 points without flowers``."""
    if got.get("type") not in ("false_mahjong", "mahjong_refused"):
        return None
    reason = got.get("reason")
    if not isinstance(reason, str) or {k: v for k, v in expected.items() if k not in ("_line", "reason")} != {
        k: v for k, v in got.items() if k != "reason"
    }:
        return None
    measured = [(reason, set[str]())]
    standard = _standard_distance(reason) if rules.knitted_shapes else reason
    if standard != reason:
        measured.append((standard, {"knitted"}))
    candidates: list[tuple[str, set[str]]] = []
    for base, kinds in measured:
        cited = base
        if rules.false_mahjong_rule != DEFAULT.false_mahjong_rule:
            cited = base.replace(rules.winning_shapes, DEFAULT.winning_shapes, 1)
            cited = cited.replace(f"teaching table ({rules.false_mahjong_rule}): ", f"teaching table ({DEFAULT.false_mahjong_rule}): ", 1)
        candidates += [(base, kinds), (cited, kinds | {"rules"}), (_claimed_twice(base), kinds | {"claimed"}), (_claimed_twice(cited), kinds | {"rules", "claimed"})]
    candidates += [(old.replace(_ONE_POINT, _ONE_POINTS, 1), kinds | {"plural"}) for old, kinds in candidates if _ONE_POINT in old]
    return next((kinds for older, kinds in candidates if older != reason and expected.get("reason") == older), None)


_READY_TAIL = "; it is ready: one tile from winning"


def _standard_distance(reason: str) -> str:
    """``reason`` as earlier versions wrote it at MCR: the hand's distance from ready measured with
    the standard shapes only (:func:`hkmj.hand.shanten`), where this version counts the knitted
    hands too (MCR-5.2.4, MCR-5.2.5: "ready" a discard from a knitted wait); ``reason`` itself
    for any other reason."""
    from hkmj.hand import shanten

    teaching = _TEACHING.match(reason)
    m = _REASON.fullmatch(reason[teaching.end() :] if teaching is not None else reason)
    if m is None or m["complete"] or not reason.endswith(_READY_TAIL):
        return reason
    hand, *melds = m["hand"].split(" + ")
    counts = counts_of(parse_tiles(hand) + ([] if m["tile"] is None else [tile(m["tile"])]))
    sh = shanten(counts, len(melds)) if len(melds) <= 4 else 0
    if sh <= 0:
        return reason
    return reason.removesuffix(_READY_TAIL) + f"; it is {sh} tile{'s' if sh > 1 else ''} from ready"


def shown(value: object, width: int = 40) -> str:
    """A recorded value as text for the terminal, cut to ``width`` characters: an edited record may
    hold anything, so a character that is not printable (a terminal's escape ``\\x1b``, a bell, a
    newline that would forge a line of the report, a direction override) is written as its
    escape (``\\x1b``, ``\\n``, ``\\u202e``), never raw: a record passed on by someone else
    cannot drive the reader's terminal (change its title, clear its screen, write its clipboard)."""
    text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in str(value)[: width + 1])
    return text if len(text) <= width else text[:width] + "…"


def _stray(events: Sequence[Event], with_match: bool) -> int | None:
    """The index of the first event that belongs to no hand (from ``hand_start`` to ``hand_end``)
    and is not its match's own (``match_start`` first, then ``totals`` and ``match_end``, which
    only a match can check), or ``None``: every line of a record must be checked by its replay."""
    in_hand = False
    for i, e in enumerate(events):
        t = e["type"]
        if t == "hand_start":
            in_hand = True
        elif in_hand:
            in_hand = t != "hand_end"
        elif not ((i == 0 and t == "match_start") or (with_match and t in ("totals", "match_end"))):
            return i
    return None


def _stray_divergence(e: Event, hand: int, with_match: bool) -> Divergence:
    t = e["type"]
    if t in ("totals", "match_end") and not with_match:
        why = f"a match's '{t}' with no match_start before it: nothing can check it"
    else:
        why = f"event '{shown(t)}' outside any hand: a record has no such line"
    return Divergence(e.get("_line"), hand, why, e)


def _why(err: Exception) -> str:
    """What is wrong with a recorded event, from the error reading it raised: a missing field
    is named as such (a ``KeyError`` says only the field's name)."""
    if isinstance(err, KeyError) and err.args:
        return f"the field {str(err.args[0])!r} is missing"
    return str(err)


def _check_hand(
    hand: Hand, recorded: list[Event], number: int, last: bool = False, report: ReplayReport | None = None
) -> tuple[Divergence | None, int]:
    """Apply the recorded inputs to ``hand`` and compare every event; (divergence, events checked).

    When ``last`` (nothing follows the hand in the record), the engine may produce more events
    than recorded: the record was cut in the middle of the hand, not edited. A false-Mahjong
    reason in older words (:func:`_older_words`) is counted in ``report``, not a divergence.
    The divergence reported is the first one in the record: an input refused at a line comes
    after any earlier event that differs (the one to name, and where ``--show`` stops)."""
    for j, e in enumerate(recorded):
        if "action" not in e:
            continue
        try:
            seat = e["seat"]
            if type(seat) is not int:
                raise ValueError(f"seat {seat!r}: expected a seat number 0-3")
            action = parse_action(str(e["action"]))
            hand.apply(seat, action)
        except (IllegalAction, ValueError, KeyError, TypeError) as err:
            earlier, checked = _compare(hand, recorded[:j], number, report)
            if earlier is not None:
                return earlier, checked
            return Divergence(e.get("_line"), number, f"recorded input refused by the engine: {hand.rules.cite(_why(err))}", e, None), 0
    earlier, checked = _compare(hand, recorded, number, report)
    if earlier is not None:
        return earlier, checked
    produced = hand.events
    if len(produced) > len(recorded) and not last:
        return Divergence(None, number, "the engine produced more events than recorded", None, produced[len(recorded)]), len(
            recorded
        )
    return None, len(recorded)


def _compare(hand: Hand, recorded: list[Event], number: int, report: ReplayReport | None) -> tuple[Divergence | None, int]:
    """The first of ``recorded`` that differs from the event ``hand`` produced in its place
    (None if none does), and the events checked before it."""
    produced = hand.events
    for i, exp in enumerate(recorded):
        got = produced[i] if i < len(produced) else None
        if got is None:
            return Divergence(exp.get("_line"), number, "the engine produced no such event", exp, None), i
        why = _diff(exp, got)
        older = _older_words(exp, got, hand.rules) if why and report is not None else None
        if older is not None and report is not None:
            report.older_words += 1
            report.older_claimed += "claimed" in older
            report.older_knitted += "knitted" in older
            report.older_plural += "plural" in older
            if "rules" in older and hand.rules.name not in report.older_rules:
                report.older_rules.append(hand.rules.name)
        elif why:
            return Divergence(exp.get("_line"), number, why, exp, got), i
    return None, len(recorded)


def replay(events: Sequence[Event], progress: Callable[[int], None] | None = None) -> ReplayReport:
    """Re-run a record through the engine and report the first divergence, if any.

    A record holds one or more matches, each opening with ``match_start``: a match is rebuilt
    from its seed (seat draw, every hand's wall from its seed, totals and ranking); hands
    recorded from a given wall (seed null) are rebuilt from their recorded wall. Hands with
    no ``match_start`` before them are rebuilt from their own ``hand_start``. ``progress(1)``
    is called as each hand is reproduced (a progress bar's ``advance``).
    """
    report = ReplayReport(0, 0)
    segments = split_matches(events)
    for k, segment in enumerate(segments):
        _replay_segment(segment, report, progress)
        if report.divergence:
            break
        if not report.complete and k + 1 < len(segments):  # an interruption is the record's end
            nxt = segments[k + 1][0]
            why = "a match starts before the previous one's end (a match stops only at the record's end)"
            report.divergence = Divergence(nxt.get("_line"), report.hands, why, nxt)
            break
    return report


def match_from_start(start: Event) -> Match:
    """The match a ``match_start`` event describes (seed, ruleset, length, options)."""
    seed = start["seed"]
    if type(seed) is not int:
        raise ValueError(f"seed {seed!r}: expected a whole number")
    for key in ("hands", "max_hands"):  # a number the match compares with its count of hands
        value = start.get(key)
        if value is not None and (type(value) is not int or value < 1):
            raise ValueError(f"{key} {value!r}: expected a whole number 1 or more, or null")
    return Match(
        seed,
        rules=from_header(start),
        length=start["length"],
        hands=start.get("hands"),
        teaching=bool(start.get("teaching")),
        ask_all=bool(start.get("ask_all")),
        max_hands=start.get("max_hands"),
    )


def _bad(key: str, value: object, expected: str) -> ValueError:
    return ValueError(f"{key} {shown(repr(value))}: expected {expected}")


def _wall_and_dice(hs: Event) -> tuple[list[int], list[int]]:
    """A recorded ``hand_start``'s physical wall (4 walls of 36 tiles, HK-2.2) and dice (HK-2.3),
    each checked in form (the engine checks the tiles' counts): a ``ValueError`` naming the field."""
    walls, dice = hs["wall"], hs["dice"]
    if not (isinstance(walls, list) and len(walls) == 4 and all(isinstance(w, list) and len(w) == 36 for w in walls)):
        raise _bad("wall", walls, "four walls of 36 tile names each (HK-2.2)")
    wall = []
    for w in walls:
        for x in w:
            if not isinstance(x, str):
                raise _bad("wall", x, "a tile name such as 5p")
            wall.append(tile(x))
    if not (isinstance(dice, list) and len(dice) == 3 and all(type(d) is int and 1 <= d <= 6 for d in dice)):
        raise _bad("dice", dice, "three numbers 1-6 (HK-2.3)")
    return wall, dice


def hand_from_start(hs: Event) -> Hand:
    """The hand a recorded ``hand_start`` describes, for hands recorded without a match (the
    line number :func:`read_record` adds is no part of the event). Each field it reads is
    checked in form first: a ``ValueError`` naming it, never Python's words."""
    _wall_and_dice(hs)
    seed, prevailing, scores = hs["seed"], hs["prevailing"], hs["scores"]
    if seed is not None and type(seed) is not int:
        raise _bad("seed", seed, "a whole number, or null for a given wall")
    if not isinstance(prevailing, str) or prevailing not in tuple(SEAT_LETTERS):
        raise _bad("prevailing", prevailing, "a wind letter E, S, W or N")
    if not (isinstance(scores, list) and len(scores) == 4 and all(type(x) is int for x in scores)):
        raise _bad("scores", scores, "four whole numbers, one per seat")
    for key in ("teaching", "ask_all"):
        if key in hs and not isinstance(hs[key], bool):
            raise _bad(key, hs[key], "true or false")
    # kept as they are recorded (a hand without a match does not make them), and shown by --show
    players = hs.get("players")
    if "players" in hs and not (isinstance(players, list) and sorted(p for p in players if type(p) is int) == [0, 1, 2, 3]):
        raise _bad("players", players, "the players 0-3 in seat order, each once")
    for key, low, high in (("hand", 1, None), ("dealer", 0, 3)):
        value = hs.get(key)
        if key in hs and not (type(value) is int and low <= value and (high is None or value <= high)):
            raise _bad(key, value, f"a whole number {low}-{high}" if high is not None else f"a whole number {low} or more")
    return Hand.from_start({k: v for k, v in hs.items() if k != "_line"})


def next_hand(match: Match, hs: Event) -> Hand:
    """The match's next hand as its ``hand_start`` recorded it: from the match seed, or from the
    recorded wall and dice when the hand had a given wall (seed null)."""
    if hs.get("seed") is None:
        wall, dice = _wall_and_dice(hs)
        return match.new_hand(wall=wall, dice=dice)
    return match.new_hand()


def _after(events: Sequence[Event], e: Event) -> Event | None:
    """The event after ``e`` in the record (by line number), None at its end."""
    line = e.get("_line", 0)
    return next((x for x in events if x.get("_line", 0) > line), None)


def _replay_segment(events: Sequence[Event], report: ReplayReport, progress: Callable[[int], None] | None = None) -> None:
    start = events[0]
    match: Match | None = None
    if start["type"] == "match_start":
        try:
            match = match_from_start(start)
        except (ValueError, TypeError, KeyError) as err:  # RulesetError is a ValueError
            report.divergence = Divergence(start.get("_line"), 0, f"bad match_start: {_why(err)}", start)
            return
        why = _diff({k: v for k, v in start.items() if k not in HEADER_FIELDS}, match.events[0])
        if why:
            report.divergence = Divergence(start.get("_line"), 0, why, start, match.events[0])
            return
        report.events += 1
    match_tail = [e for e in events if e["type"] in ("totals", "match_end")]
    tail_i = 0
    first = report.hands
    hands = list(split_hands(events))
    stray = _stray(events, match is not None)
    starts = [i for i, e in enumerate(events) if e["type"] == "hand_start"]
    for number, recorded in enumerate(hands, first + 1):
        hs = recorded[0]
        if stray is not None and stray < starts[number - first - 1]:
            report.divergence = _stray_divergence(events[stray], number - 1, match is not None)
            return
        try:
            if match is not None:
                if match.over:
                    report.divergence = Divergence(hs.get("_line"), number, "the match was already over", hs)
                    return
                hand = next_hand(match, hs)
            else:
                hand = hand_from_start(hs)
                if hs.get("seed") is not None:
                    wall, dice = random_wall(random.Random(int(hs["seed"])))
                    if Hand(wall, dice, rules=hand.rules).events[0]["wall"] != hs["wall"] or list(dice) != hs["dice"]:
                        report.divergence = Divergence(hs.get("_line"), number, "the wall is not the one of its seed", hs)
                        return
        except (ValueError, TypeError, KeyError, IndexError) as err:
            report.divergence = Divergence(hs.get("_line"), number, f"bad hand_start: {_why(err)}", hs)
            return
        last = number - first == len(hands) and tail_i == len(match_tail)  # nothing after it in its match
        divergence, checked = _check_hand(hand, recorded, number, last, report)
        report.events += checked
        if divergence and divergence.line is None and not last:
            # the hand's events all matched, but the engine goes on where the record holds the
            # next line: the divergence is there (and --show stops before it)
            following = _after(events, recorded[-1])
            if following is not None:
                divergence = Divergence(following.get("_line"), number, divergence.reason, following, divergence.got)
        if divergence:
            report.divergence = divergence
            return
        report.hands += 1
        if progress is not None:
            progress(1)
        if hand.result is None or len(hand.events) > len(recorded):
            if not last:
                why = "the hand stops before its end, and the record goes on"
                report.divergence = Divergence(recorded[-1].get("_line"), number, why, recorded[-1])
                return
            report.cut.append(number)  # a record that stops in the middle of a hand
            report.complete = False
            return
        if match is not None:
            checked_last = recorded[-1]  # the record's last event checked so far
            for got in match.finish_hand():
                exp = match_tail[tail_i] if tail_i < len(match_tail) else None
                tail_i += 1
                if exp is None:
                    # what follows the events checked (not the hand: its own totals may follow it,
                    # and a record that stops after the last hand's totals, its match_end lost in
                    # a crash, stops between two events as one that stops at a hand_end does)
                    nxt = _after(events, checked_last)
                    if nxt is not None:  # the next hand, unchecked, where the totals belong
                        if got["type"] == "match_end":
                            why = "the match's end is missing; the record goes on without it"
                        else:
                            why = "the match's totals are missing; the record goes on without them"
                        report.divergence = Divergence(nxt.get("_line"), number, why, nxt, got)
                    report.complete = False  # else: the record stops between two hands
                    return
                why = _diff(exp, got)
                if why:
                    report.divergence = Divergence(exp.get("_line"), number, why, exp, got)
                    return
                report.events += 1
                checked_last = exp
    extra = match_tail[tail_i] if match is not None and tail_i < len(match_tail) else None
    if extra is not None and (stray is None or next(i for i, e in enumerate(events) if e is extra) < stray):
        report.divergence = Divergence(extra.get("_line"), report.hands, "event after the match's end", extra)
    elif stray is not None:  # the first of the two in the record is named
        report.divergence = _stray_divergence(events[stray], report.hands, match is not None)
    report.complete = report.complete and (match is None or match.over)


# ---------------------------------------------------------------------------- show

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "player": "player {n}",
        "match": "Match with seed {seed} ({length}, {rules}); seat draw: {draw}",
        "length.game": "a full game",
        "length.round": "one round",
        "length.hands": "{n} hands",
        "length.hand": "1 hand",
        "hand": "Hand {hand} · prevailing {prevailing} · dice {dice} = {sum}, the wall of {wall} opens after stack {stack}",
        "seats": "  Seats and scores before the hand: {who}",
        "you.match": "; you (hkmj play): player 1",
        "table.match": "; the server table's players: {names}",
        "you.bots": ", with {bots}",
        "you.bot": "{bot} as player {n}",
        "you": "  You: {wind} (player 1)",
        "arena": "  hkmj arena, deal {deal}, rotation {rotation} of 4; the bots: {bots}",
        "deal": "Deal (each hand sorted):",
        "bonus": "{who} exposes {tile}",
        "replacement": "{who} takes a replacement tile from the dead wall: {tile} (for a {why}; live {live}, dead {dead})",
        "replacement.wall_end": "{who} takes a replacement tile from the end of the wall: {tile} (for a {why}; wall {live})",
        "for.bonus": "bonus tile",
        "for.kong": "kong",
        "draw": "{who} draws {tile} (live {live})",
        "discard": "{who} discards {tile}",
        "final": " — final discard, Mahjong only (HK-4.9)",
        "kong.concealed": "{who} declares a concealed kong of {tile}",
        "kong.added": "{who} adds {tile} to a pung: kong",
        "claim": "{who} claims {tile} from {whom}: {what}",
        "claim.mahjong": "Mahjong",
        "win.self_draw": "{who} wins by self-draw on {tile}",
        "win.discard": "{who} wins on {tile} discarded by {whom}",
        "win.robbed_kong": "{who} wins by robbing {tile} from {whom}'s kong",
        "payments": "payments",
        "false": "{who} declared a false Mahjong ({rule}): {reason}",
        "dead": "; the hand is dead and play goes on",
        "refused": "{who}'s Mahjong refused (teaching table, {rule}): {reason}",
        "exhausted": "Live wall exhausted: drawn hand, no payment (HK-7.1)",
        "exhausted.wall_end": "Wall exhausted: drawn hand, no payment (HK-7.1)",
        "exhausted.penalty": "Live wall exhausted: drawn hand; the draw pays nothing, the false Mahjong's penalty stands (HK-7.1)",
        "exhausted.wall_end.penalty": "Wall exhausted: drawn hand; the draw pays nothing, the false Mahjong's penalty stands (HK-7.1)",
        "exhausted.penalties": "Live wall exhausted: drawn hand; the draw pays nothing, the false Mahjongs' penalties stand (HK-7.1)",
        "exhausted.wall_end.penalties": "Wall exhausted: drawn hand; the draw pays nothing, the false Mahjongs' penalties stand (HK-7.1)",
        "hand_end": "Hand over ({result}); scores",
        "result.win": "won",
        "result.draw": "drawn",
        "result.penalty": "false Mahjong",
        "keeps": "the dealer keeps the deal",
        "passes": "the deal passes",
        "totals": "Totals after hand {hand}: {who}; {deal}; next prevailing {prevailing}",
        "totals.last": "Totals after hand {hand}: {who}",
        "match_end": "Match over after {hands} hands; ranking: {rows}",
        "match_end.one": "Match over after 1 hand; ranking: {rows}",
        "sep": ": ",
    },
    "fr": {
        "player": "joueur {n}",
        "match": "Partie de graine {seed} ({length}, {rules})\u00a0; tirage des places\u00a0: {draw}",
        "length.game": "une partie complète",
        "length.round": "un tour de vent",
        "length.hands": "{n} donnes",
        "length.hand": "1 donne",
        "hand": "Donne {hand} · {prevailing} dominant · dés {dice} = {sum}, le mur de {wall} s'ouvre après la pile {stack}",
        "seats": "  Places et scores avant la donne\u00a0: {who}",
        "you.match": "\u00a0; vous (hkmj play)\u00a0: joueur 1",
        "table.match": "\u00a0; les joueurs de la table du serveur\u00a0: {names}",
        "you.bots": ", avec {bots}",
        "you.bot": "{bot} en joueur {n}",
        "you": "  Vous\u00a0: {wind} (joueur 1)",
        "arena": "  hkmj arena, donne {deal}, rotation {rotation} sur 4\u00a0; les robots\u00a0: {bots}",
        "deal": "Distribution (chaque main triée)\u00a0:",
        "bonus": "{who} expose {tile}",
        "replacement": "{who} prend un remplacement dans le mur mort\u00a0: {tile} (pour {why}\u00a0; mur vivant {live}, mort {dead})",
        "replacement.wall_end": "{who} prend un remplacement au bout du mur\u00a0: {tile} (pour {why}\u00a0; mur {live})",
        "for.bonus": "une tuile bonus",
        "for.kong": "un kong",
        "draw": "{who} pioche {tile} (mur vivant {live})",
        "discard": "{who} défausse {tile}",
        "final": " — dernière défausse, Mahjong seulement (HK-4.9)",
        "kong.concealed": "{who} déclare un kong caché de {tile}",
        "kong.added": "{who} ajoute {tile} à un pung\u00a0: kong",
        "claim": "{who} réclame {tile} à {whom}\u00a0: {what}",
        "claim.mahjong": "Mahjong",
        "win.self_draw": "{who} gagne en piochant {tile}",
        "win.discard": "{who} gagne sur la tuile {tile} jetée par {whom}",
        "win.robbed_kong": "{who} gagne en volant {tile} au kong de {whom}",
        "payments": "paiements",
        "false": "{who} a annoncé un faux Mahjong ({rule})\u00a0: {reason}",
        "dead": "\u00a0; la main est morte et le jeu continue",
        "refused": "Mahjong de {who} refusé (table d'apprentissage, {rule})\u00a0: {reason}",
        "exhausted": "Mur vivant épuisé\u00a0: donne nulle, aucun paiement (HK-7.1)",
        "exhausted.wall_end": "Mur épuisé\u00a0: donne nulle, aucun paiement (HK-7.1)",
        "exhausted.penalty": "Mur vivant épuisé\u00a0: donne nulle\u00a0; la nulle ne paie rien, la pénalité du faux Mahjong reste due (HK-7.1)",
        "exhausted.wall_end.penalty": "Mur épuisé\u00a0: donne nulle\u00a0; la nulle ne paie rien, la pénalité du faux Mahjong reste due (HK-7.1)",
        "exhausted.penalties": "Mur vivant épuisé\u00a0: donne nulle\u00a0; la nulle ne paie rien, les pénalités des faux Mahjongs restent dues (HK-7.1)",
        "exhausted.wall_end.penalties": "Mur épuisé\u00a0: donne nulle\u00a0; la nulle ne paie rien, les pénalités des faux Mahjongs restent dues (HK-7.1)",
        "hand_end": "Fin de la donne ({result})\u00a0; scores",
        "result.win": "gagnée",
        "result.draw": "nulle",
        "result.penalty": "faux Mahjong",
        "keeps": "le donneur garde la main",
        "passes": "la main passe",
        "totals": "Totaux après la donne {hand}\u00a0: {who}\u00a0; {deal}\u00a0; ensuite {prevailing} dominant",
        "totals.last": "Totaux après la donne {hand}\u00a0: {who}",
        "match_end": "Partie finie après {hands} donnes\u00a0; classement\u00a0: {rows}",
        "match_end.one": "Partie finie après 1 donne\u00a0; classement\u00a0: {rows}",
        "sep": "\u00a0: ",
    },
}


def plain_tiles(text: str, lang: str = "en") -> str:
    """Tiles (mpsz) sorted and named plainly, suits grouped: ``1 1 2 Characters; 5 Circles;
    East wind ×2; Flower 4 (Bamboo)``."""
    tiles = sorted(parse_tiles(text))
    parts: list[str] = []
    for suit in range(3):
        nums = [str(t % 9 + 1) for t in tiles if t < HONOUR and t // 9 == suit]
        if nums:
            parts.append(" ".join(nums) + " " + name(9 * suit, lang).split(" ", 1)[1])
    for t in sorted(set(t for t in tiles if t >= HONOUR)):
        n = tiles.count(t)
        parts.append(name(t, lang) + (f" ×{n}" if n > 1 else ""))
    return ("\u00a0; " if lang == "fr" else "; ").join(parts)


_TEACHING = re.compile(r"teaching table \(([A-Z]+-[\d.]+)\): ")
"""The opening of a teaching table's refusal (``teaching table (HK-5.7): ``), naming its rule."""


_REASON = re.compile(
    r"(?P<hand>[1-9mpsz]+(?: \+ \S+ \S+)*)(?: with (?P<tile>[1-9][mpsz]))? is (?P<complete>complete but )?not a winning hand: (?P<why>.*)"
)
"""The engine's reason for a false Mahjong (:meth:`hkmj.engine.Hand._explain`): the hand, its
melds, the claimed tile, and why it is no win (its distance from ready, or what it is worth)."""
_DISTANCE = re.compile(r".*; it is (?:(?P<n>\d+) tiles? from ready|ready: one tile from winning)")
_WORTH = re.compile(r"(?P<n>\d+) points? without flowers")


def reason_in(reason: str, lang: str, rules: Ruleset) -> str:
    """A false Mahjong's ``reason`` (the engine's English, without a teaching table's opening) in
    ``lang``: in French worded as the terminal words it (``why.not_winning``, ``why.under_min``),
    the hand in the tile notation as the engine writes it (``258m… avec 1z``); as written when
    ``lang`` is English or the reason is not the engine's."""
    m = _REASON.fullmatch(reason)
    if lang == "en" or m is None:
        return reason
    from hkmj.tui.texts import Texts

    tx = Texts(lang, rules.name)
    hand = m["hand"] if m["tile"] is None else tx("why.tiles_with", hand=m["hand"], tile=m["tile"])
    if m["complete"]:
        worth = _WORTH.search(m["why"])
        if worth is not None:  # MCR-5.1: the points that count toward the minimum
            text = tx("why.under_min.worth", hand=hand, worth=tx.plural("pts", int(worth["n"])), min=rules.min_value)
        else:
            text = tx("why.under_min", hand=hand, min=rules.min_value, unit=tx(f"unit.{rules.unit}"))
    else:
        d = _DISTANCE.fullmatch(m["why"])
        if d is None:
            return reason
        text = tx("why.not_winning", hand=hand, dist=tx.distance(int(d["n"] or 0)))
    return text.removesuffix(".")


class Show:
    """``hkmj replay --show``: the record move by move, in words. Every seat is shown as its wind
    letter and its player (``E player 2``); payments, scores and totals are always listed in
    the seat order E, S, W, N of the hand, whether the record keeps them by seat or by player."""

    def __init__(self, lang: str = "en", rules: Ruleset = DEFAULT) -> None:
        self.lang = "fr" if lang == "fr" else "en"
        self.w = _WORDS[self.lang]
        self.rules = rules
        """The ruleset naming scoring elements: each match and hand header may change it."""
        self.players: list[int] | None = None
        self.last_totals = False
        """The next event ends the match: its ``totals`` announce no next deal (set by :func:`show`)."""
        self.penalty = 0
        """How many false Mahjongs of this hand paid a penalty while play went on (MCR-5.4): its
        draw is not "no payment", and two or more are said in the plural."""
        self.human = False
        """The record is a ``hkmj play`` match (its ``match_start`` has the :data:`PLAY_FIELD`):
        player 1 is the person who played it."""

    def _bots_named(self, play: Any) -> str:
        """``, with Bot 1 (strong) as player 2, …``: the bots of a ``hkmj play`` record as its
        table named them (players 2-4 were the screen's bots 1-3); nothing for a header that
        names no bots."""
        bots = play.get("bots") if isinstance(play, dict) else None
        if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
            return ""
        from hkmj.tui.texts import Texts

        tx = Texts(self.lang)
        named = (self.w["you.bot"].format(bot=tx("bot", n=n, kind=tx.bot_name(b)), n=n + 1) for n, b in enumerate(bots, 1))
        return self.w["you.bots"].format(bots=", ".join(named))

    def _table_named(self, table: Any) -> str:
        """``; the server table's players: player 1 Ann, player 2 Bot 2 (greedy), …``: the names of
        a record written from a table log (:data:`TABLE_FIELD`), printable; nothing without them."""
        names = table.get("names") if isinstance(table, dict) else None
        if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
            return ""
        from hkmj.review_words import words
        from hkmj.server.protocol import clean_name

        # the names the export gives a seat without one in this language (Robot 2 (glouton), joueur 2),
        # a person's own name as it is; "player 2 player 2" said nothing
        label = [self.w["player"].format(n=p + 1) for p in range(4)]
        shown = [words(self.lang).name(clean_name(n)) for n in names]
        named = [f"{label[p]} {n}" for p, n in enumerate(shown) if n and n != label[p]]
        return self.w["table.match"].format(names=", ".join(named)) if named else ""

    def who(self, seat: int) -> str:
        """``E player 2``: the seat's wind letter, and its player when the record names it."""
        letter = wind_letter(seat, self.lang)
        if self.players is None:
            return letter
        return f"{letter} {self.w['player'].format(n=self.players[seat] + 1)}"

    def _by_seat(self, values: Sequence[int]) -> str:
        return " · ".join(f"{self.who(s)} {v:+d}" for s, v in enumerate(values))

    def _by_player(self, values: Sequence[int]) -> str:
        """Values indexed by player, shown in the seat order of the hand just played."""
        if self.players is None:
            return " · ".join(f"{self.w['player'].format(n=p + 1)} {v:+d}" for p, v in enumerate(values))
        return " · ".join(f"{self.who(s)} {values[p]:+d}" for s, p in enumerate(self.players))

    def _tile(self, text: str) -> str:
        return name(tile(text), self.lang)

    def _length(self, e: Event) -> str:
        """The match's length in words (HK-7.3): ``a full game``, ``one round``, ``50 hands``."""
        length, hands = e.get("length"), e.get("hands")
        if length == "hands" and isinstance(hands, int):
            return self.w["length.hand"] if hands == 1 else self.w["length.hands"].format(n=hands)
        return self.w.get(f"length.{length}", str(length))

    def _score(self, e: Event) -> str:
        """A win's itemised score as its ruleset describes it (Hong Kong: fan and base); the
        payments are shown labelled below."""
        return self.rules.describe_win(e, self.lang)

    def _meld(self, kind: str, tiles: str) -> str:
        """``chow 1-2-3 Circles``, ``pung 7 Characters``, ``ckong East wind``."""
        ts = sorted(parse_tiles(tiles))
        if kind == "chow":
            return f"{kind} " + "-".join(str(t % 9 + 1) for t in ts) + " " + name(ts[0], self.lang).split(" ", 1)[1]
        return f"{kind} {name(ts[0], self.lang)}"

    def line(self, e: Event) -> str | None:
        """The text for one event (None for events not shown)."""
        w, t = self.w, e["type"]
        seat = e["seat"] if isinstance(e.get("seat"), int) else None
        who = self.who(seat) if seat is not None else "?"
        if t in ("match_start", "hand_start"):
            try:
                self.rules = from_header(e)
            except RulesetError:
                self.rules = DEFAULT
        if t == "match_start":
            draw = ", ".join(
                f"{w['player'].format(n=p + 1)} {wind_letter(SEAT_LETTERS.index(x), self.lang)}" for p, x in enumerate(e["seat_draw"])
            )
            play = e.get(PLAY_FIELD)
            self.human = isinstance(play, dict)
            you = w["you.match"] + self._bots_named(play) if self.human else self._table_named(e.get(TABLE_FIELD))
            return w["match"].format(seed=e["seed"], length=self._length(e), rules=self.rules.describe(self.lang), draw=draw) + you
        if t == "hand_start":
            self.players = list(e["players"]) if "players" in e else None
            self.penalty = 0
            d = e["dice"]
            head = w["hand"].format(
                hand=e.get("hand", 1),
                prevailing=name(HONOUR + SEAT_LETTERS.index(e["prevailing"]), self.lang),
                dice="+".join(map(str, d)),
                sum=sum(d),
                wall=self.who(e["break"]["wall"]),
                stack=e["break"]["stack"],
            )
            lines = [head, w["seats"].format(who=self._by_seat(e["scores"]))]
            if self.human and self.players is not None and HUMAN_PLAYER in self.players:
                lines.append(w["you"].format(wind=wind_name(self.players.index(HUMAN_PLAYER), self.lang)))
            arena = e.get("arena")
            bots = arena.get("bots") if isinstance(arena, dict) else None
            if isinstance(arena, dict) and self.players is not None and isinstance(bots, list) and len(bots) == 4:  # a hkmj arena deal
                from hkmj.tui.texts import Texts

                tx = Texts(self.lang)  # the bots as this language names them (fort, glouton)
                named = " · ".join(f"{self.who(s)} {tx.bot_name(bots[p])}" for s, p in enumerate(self.players))
                lines.append(w["arena"].format(deal=arena.get("deal"), rotation=arena.get("rotation"), bots=named))
            return "\n" + "\n".join(lines)
        if t == "deal":
            dealt = [f"  {self.who(s)}{w['sep']}{plain_tiles(''.join(h), self.lang)}" for s, h in enumerate(e["hands"])]
            return "\n".join([w["deal"], *dealt])
        if t == "bonus":
            return "  " + w["bonus"].format(who=who, tile=self._tile(e["tile"]))
        if t == "replacement":
            why = w[f"for.{e['for']}"]
            key = "replacement" if self.rules.dead_wall else "replacement.wall_end"  # MCR, classical: no dead wall
            return "  " + w[key].format(who=who, tile=self._tile(e["tile"]), why=why, live=e["live"], dead=e["dead"])
        if t == "draw":
            return "  " + w["draw"].format(who=who, tile=self._tile(e["tile"]), live=e["live"])
        if t == "discard":
            final = self.rules.cite(w["final"]) if e.get("final") else ""  # HK-4.9: MCR-3.3, CL-3.7
            return "  " + w["discard"].format(who=who, tile=self._tile(e["tile"])) + final
        if t == "kong":
            key = "kong.concealed" if e["action"].startswith("concealed") else "kong.added"
            return "  " + w[key].format(who=who, tile=self._tile(e["tile"]))
        if t == "claim":
            if seat is None:
                return None
            kind = e["claim"]
            what = w["claim.mahjong"] if kind == "mahjong" else self._meld(kind, e["tiles"])
            return "  " + w["claim"].format(who=who, tile=self._tile(e["tile"]), whom=self.who(e["from"]), what=what)
        if t == "win":
            whom = self.who(e["from"]) if e["from"] is not None else ""
            head = w[f"win.{e['win']}"].format(who=who, tile=self._tile(e["tile"]), whom=whom)
            hand = plain_tiles(e["concealed"], self.lang)
            melds = "".join(" + " + self._meld(*m.split()) for m in e["melds"])
            return (
                f"  {head}{w['sep']}{hand}{melds}\n"
                f"    {self._score(e)}\n"
                f"    {w['payments']}{w['sep']}{self._by_seat(e['payments'])}"
            )
        if t == "false_mahjong":
            dead = w["dead"] if e.get("dead_hand") else ""
            self.penalty += 1 if any(e["payments"]) else 0
            reason = reason_in(str(e["reason"]), self.lang, self.rules)
            return f"  {w['false'].format(who=who, rule=self.rules.false_mahjong_rule, reason=reason)}{dead}\n    {w['payments']}{w['sep']}{self._by_seat(e['payments'])}"
        if t == "mahjong_refused":
            m = _TEACHING.match(str(e["reason"]))  # the reason opens with the rule: said once
            rule, reason = (m.group(1), e["reason"][m.end() :]) if m else (self.rules.false_mahjong_rule, e["reason"])
            return "  " + w["refused"].format(who=who, rule=rule, reason=reason_in(reason, self.lang, self.rules))
        if t == "exhaustive_draw":
            # MCR plays every tile: no dead wall, so no "live" wall to speak of (MCR-3)
            fined = {0: "", 1: ".penalty"}.get(self.penalty, ".penalties")  # several dead hands: plural
            key = ("exhausted" if self.rules.dead_wall else "exhausted.wall_end") + fined
            return "  " + self.rules.cite(w[key])  # HK-7.1: MCR-3.3, CL-7.5
        if t == "hand_end":
            result = w.get(f"result.{e['result']}", e["result"])
            return f"  {w['hand_end'].format(result=result)}{w['sep']}{self._by_seat(e['scores'])}"
        if t == "totals" and self.last_totals:  # the match ends here: no next deal to announce
            return w["totals.last"].format(hand=e["hand"], who=self._by_player(e["totals"]))
        if t == "totals":
            return w["totals"].format(
                hand=e["hand"],
                who=self._by_player(e["totals"]),
                deal=w["keeps"] if e["dealer_keeps"] else w["passes"],
                prevailing=name(HONOUR + SEAT_LETTERS.index(e["next_prevailing"]), self.lang),
            )
        if t == "match_end":
            order = sorted(range(len(e["totals"])), key=lambda p: (e["ranking"][p], p))
            rows = " · ".join(f"{e['ranking'][p]}. {w['player'].format(n=p + 1)} {e['totals'][p]:+d}" for p in order)
            return "\n" + w["match_end.one" if e["hands"] == 1 else "match_end"].format(hands=e["hands"], rows=rows)
        return None


def show(events: Iterable[Event], lang: str = "en") -> Iterator[str]:
    """The lines of ``hkmj replay --show`` for a record (see :class:`Show`), each match
    described under its own ruleset."""
    shower = Show(lang)
    ahead = iter(events)
    e = next(ahead, None)
    while e is not None:
        after = next(ahead, None)
        # the totals of a match's last hand announce no next dealer nor prevailing wind (HK-7.3)
        shower.last_totals = after is not None and after.get("type") == "match_end"
        text = shower.line(e)
        if text is not None:
            yield text
        e = after


describe_all = show
"""The ``--show`` lines of a whole record (the name :mod:`hkmj.cli` and older callers use)."""


def describe(e: Event, lang: str = "en", rules: Ruleset = DEFAULT) -> str | None:
    """One event alone in words (seats by wind only: the players are known from a hand's start)."""
    return Show(lang, rules).line(e)
