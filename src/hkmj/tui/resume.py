"""Saving and resuming a match of ``hkmj play`` (docs/play.md, "Saving and resuming").

A match is saved as it is played: its record (docs/record-format.md), one event per line,
flushed after every move, in the ``--record`` file or else in a file of its own under
:func:`save_dir`. The record's ``match_start`` carries a ``play`` field (the bots by name,
their seeds, the screen's language and tiles) that the engine's header lacks.

Resuming rebuilds the match honestly: a fresh engine from the recorded seed, ruleset and house
options, the same bots made again from their recorded seeds, and every recorded move played
again in order: the human's moves read from the record, each bot's move chosen again by the bot
itself (so its generator reaches the state it had) and compared with the recorded one. Every
event must come out as recorded; else the file is refused, untouched. Nothing here imports
Textual.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from hkmj.engine import Event, IllegalAction, parse_action
from hkmj.oserror import InputError, input_text, read_input
from hkmj.record import PLAY_FIELD, BadLine, RecordWriter, line_error, no_event, one_document, parse_events, shown
from hkmj.tui.session import Note, Session

__all__ = ["ResumeError", "Saved", "continue_in", "missing_home", "read_saved", "replay_into", "resume_command", "save_dir", "save_path"]


class ResumeError(ValueError):
    """A saved match that cannot be resumed: ``key`` names the problem (a ``cli.resume.*``
    string of :mod:`hkmj.tui.texts`), ``params`` fill it in; ``lang``, the saved match's language
    when its header was read (the refusal is said in it, as the resumed screen would be)."""

    def __init__(self, key: str, lang: str | None = None, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.lang = lang
        self.params = params


@dataclass
class Saved:
    """A saved match read back: its complete events and its ``play`` header."""

    path: Path
    events: list[Event]
    header: dict[str, Any]
    complete_bytes: int
    """The length of the file's complete lines: a line cut by a crash in the middle of a write
    comes after them, and is left out (the match resumes from the last complete event)."""
    start: Event = field(init=False)

    def __post_init__(self) -> None:
        self.start = self.events[0]


def save_dir() -> Path:
    """Where ``hkmj play`` keeps a match played without ``--record``: ``$XDG_STATE_HOME/hkmj``,
    by default ``~/.local/state/hkmj``."""
    state = os.environ.get("XDG_STATE_HOME", "").strip()
    base = Path(state) if state and Path(state).is_absolute() else Path.home() / ".local" / "state"
    return base / "hkmj"


def missing_home() -> Path | None:
    """The home folder :func:`save_dir` is under when it does not exist (``HOME=/nonexistent``), else
    None: ``hkmj play`` creates ``~/.local/state/hkmj`` in an existing home, never the home itself."""
    state = os.environ.get("XDG_STATE_HOME", "").strip()
    if state and Path(state).is_absolute():
        return None
    home = Path.home()
    return None if home.is_dir() else home


def save_path(seed: int) -> Path:
    """A new file for the match of ``seed`` in :func:`save_dir` (``match-7.jsonl``, or
    ``match-7-2.jsonl`` when a match of that seed is saved there already: none is overwritten)."""
    folder = save_dir()
    path = folder / f"match-{seed}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"match-{seed}-{n}.jsonl"
    return path


def shell_path(path: str | Path) -> str:
    """``path`` as a shell reads it in a command to copy: a file under the home folder written
    from ``~`` (to keep the line short), any other quoted when it needs to be."""
    text = str(path)
    home = str(Path.home())
    if text.startswith(home + os.sep):
        rest = text[len(home) + 1 :]
        if shlex.quote(rest) == rest:
            return f"~/{rest}"
    return shlex.quote(text)


def resume_command(path: str | Path, options: tuple[str, ...] = ()) -> str:
    """The command that resumes the match saved in ``path`` (see :func:`shell_path`), with the
    ``options`` the file does not keep (``--lang fr`` given with ``--resume``, ``--delay 0``)."""
    return " ".join(("hkmj play --resume", shell_path(path), *options))


def read_saved(path: str | Path) -> Saved:
    """Read a match saved by ``hkmj play``; :class:`ResumeError` says why it is not one."""
    p = Path(path)
    try:  # in the words of hkmj replay and hkmj review
        data = read_input(path)
        input_text(path, data, cut=True)
    except InputError as err:
        raise ResumeError("cli.resume.input", problem=err) from None
    end = data.rfind(b"\n") + 1  # what follows the last newline was cut in the middle of a write
    if end < len(data) and one_document(data.decode("utf-8", "replace")) is not None:
        end = len(data)  # unless the file is one JSON document with no last newline (as json.dump writes it): said so
    text = data[:end].decode("utf-8")
    try:
        events = parse_events(text)
    except BadLine as err:
        if isinstance(err.value, dict) and "seq" in err.value and "kind" in err.value:
            raise ResumeError("cli.resume.server") from None
        raise ResumeError("cli.resume.input", problem=line_error(p, err)) from None  # as hkmj replay and review say it
    if not events:  # blank lines (Unicode ones, which read_input lets by), perhaps then a line cut by a crash
        cut = len(text.splitlines()) + 1 if data[end:].decode("utf-8", "ignore").strip() else None
        raise ResumeError("cli.resume.input", problem=no_event(p, cut))
    start = events[0]
    header = start.get(PLAY_FIELD)
    if isinstance(start["type"], str) and start["type"] not in ("match_start", "hand_start"):  # another program's file (an mjai log)
        from hkmj.record import shown
        from hkmj.review import ReviewError

        raise ResumeError("cli.resume.input", problem=ReviewError("not_a_record", path=p, line=start.get("_line", 1), type=shown(start["type"])))
    if start["type"] != "match_start" or not isinstance(header, dict):
        raise ResumeError("cli.resume.not_play")
    if any(e["type"] == "match_end" for e in events):
        raise ResumeError("cli.resume.over", lang=header.get("lang") if header.get("lang") in ("en", "fr") else None)
    bots, seeds = header.get("bots"), header.get("bot_seeds")
    if not (
        isinstance(bots, list)
        and isinstance(seeds, list)
        and len(bots) == len(seeds) == 3
        and all(isinstance(b, str) for b in bots)
        and all(type(s) is int for s in seeds)
    ):
        raise ResumeError("cli.resume.bad_header", line=start["_line"])
    return Saved(p, events, header, end)


class _Collect:
    """The record sink while a match is played again: the events, kept to compare."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def write(self, events: Iterable[Event]) -> None:
        self.events.extend(events)


def _same(recorded: Event, produced: Event) -> bool:
    """The recorded event is the one produced (its line number and ``play`` header aside)."""
    return {k: v for k, v in recorded.items() if k not in ("_line", PLAY_FIELD)} == {
        k: v for k, v in produced.items() if k != PLAY_FIELD
    }


def replay_into(session: Session, saved: Saved) -> list[Event]:
    """Play the saved match again in ``session`` (a new one, on the saved seed, rules and bots,
    with no record yet) up to its last recorded move, as the table played it: hands started and
    finished where the record starts and finishes them, the human's moves read from the record,
    each bot's chosen again. Returns the events produced after the last recorded one (a move's
    consequences a crash kept from the file). :class:`ResumeError` names the first line that does
    not come out as recorded, or a match that turns out to be over."""
    sink = _Collect()
    recorded = saved.events
    session.record = sink
    sink.write([{**session.match.events[0]}])  # Session wrote its match_start before the sink
    checked = 0

    def diverged(line: Any, event: Any) -> ResumeError:
        return ResumeError("cli.resume.no_replay", line=line, event=shown(event).removesuffix("…"))

    while True:
        produced = sink.events
        for i in range(checked, min(len(produced), len(recorded))):
            if not _same(recorded[i], produced[i]):
                raise diverged(recorded[i]["_line"], recorded[i]["type"])
        checked = min(len(produced), len(recorded))
        if checked == len(recorded):
            break
        nxt = recorded[checked]
        kind, line = nxt["type"], nxt["_line"]
        try:
            if kind == "hand_start" and (session.hand is None or session.summary is not None) and not session.match_over:
                session.start_hand()
            elif kind in ("totals", "match_end") and session.hand is not None and session.over and session.summary is None:
                session.finish_hand()
            elif "action" in nxt and not session.over:
                seat, action = nxt.get("seat"), parse_action(str(nxt["action"]))
                if seat == session.seat and session.human_pending():
                    session.redo(action)
                elif seat in session.bots_pending() and session.bots_pending()[0] == seat:
                    session.step()
                else:
                    raise diverged(line, kind)
            else:
                raise diverged(line, kind)
        except (IllegalAction, ValueError, KeyError, TypeError) as err:
            if isinstance(err, ResumeError):
                raise
            raise diverged(line, kind) from None
        if len(sink.events) == checked:  # nothing came of it: the record asks for what the table never does
            raise diverged(line, kind)
    if session.hand is not None and session.over and session.summary is None:
        session.finish_hand()  # the hand ended as the file stopped: settle it (HK-7) as the table did
    if session.match_over:
        raise ResumeError("cli.resume.over")
    session.record = None
    moves = sum(1 for e in recorded if "action" in e and e["type"] != "match_start")
    # 1 move, 2 moves; none (left at the first decision): not "0 moves played again ..., as they were played"
    note = Note(session.tx.plural("ev.resumed", moves) if moves else session.tx("ev.resumed.none"), "info")
    session.history.append(note)
    return sink.events[len(recorded) :]


def continue_in(saved: Saved, extra: Sequence[Event], held: IO[bytes] | None = None) -> RecordWriter:
    """The saved file, ready for the match to go on at its end: a line a crash cut is removed
    (nothing else of the file changes), then the events the replay produced past the file's end
    are written; ``held`` (the file's lock, :func:`hkmj.record.hold`) goes with the writer.
    ``OSError`` if the file cannot be written."""
    with saved.path.open("r+b") as f:
        f.truncate(saved.complete_bytes)
    writer = RecordWriter(saved.path, append=True, held=held)
    writer.write(extra)
    return writer
