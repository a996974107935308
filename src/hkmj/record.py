"""Match records as JSON Lines (docs/record-format.md): write, read, replay, show.

A record is the engine's event list, one JSON object per line. Replaying re-runs the match
through the engine from the record's own seed (or its recorded walls) and the recorded
player inputs, and compares every event it produces with the recorded one: the first
difference is reported with its line number.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO

from hkmj.engine import Event, Hand, IllegalAction, Match, parse_action
from hkmj.engine.wall import random_wall
from hkmj.rulesets import DEFAULT, Ruleset, RulesetError, from_header
from hkmj.tiles import SEAT_LETTERS, name, parse_tiles

__all__ = [
    "Divergence",
    "RecordError",
    "RecordWriter",
    "ReplayReport",
    "describe",
    "describe_all",
    "read_record",
    "replay",
]


class RecordError(ValueError):
    """A record file that cannot be read; the message names the line and the problem."""


class RecordWriter:
    """Append events to a JSON Lines file, flushed after each chunk (a hand) so nothing is lost."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._f: IO[str] = self.path.open("w", encoding="utf-8")
        self.lines = 0

    def write(self, events: Iterable[Event]) -> None:
        for e in events:
            self._f.write(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.lines += 1
        self._f.flush()

    def write_lines(self, lines: Iterable[str]) -> None:
        """Write already-serialised event lines (from worker processes)."""
        for line in lines:
            self._f.write(line + "\n")
            self.lines += 1
        self._f.flush()

    def close(self) -> None:
        self._f.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def read_record(path: str | Path) -> list[Event]:
    """Read a record; :class:`RecordError` names the first bad line."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"{p}: cannot read ({err.strerror})") from None
    except UnicodeDecodeError:
        raise RecordError(f"{p}: not a UTF-8 text file") from None
    events: list[Event] = []
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as err:
            raise RecordError(f"{p}:{i}: not JSON ({err.msg})") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RecordError(f"{p}:{i}: an event is a JSON object with a 'type'")
        event["_line"] = i
        events.append(event)
    if not events:
        raise RecordError(f"{p}: empty record")
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

    @property
    def ok(self) -> bool:
        return self.divergence is None


def _clean(e: Event | None) -> str:
    if e is None:
        return "(nothing)"
    text = json.dumps({k: v for k, v in e.items() if k != "_line"}, ensure_ascii=False)
    return text if len(text) < 400 else text[:400] + "…"


def _split_hands(events: Sequence[Event]) -> Iterator[list[Event]]:
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


def _diff(expected: Event, got: Event) -> str | None:
    a = {k: v for k, v in expected.items() if k != "_line"}
    if a == got:
        return None
    if "rules" not in a and "rules" in got:  # records before rulesets were Hong Kong with the seed's rules
        got = {k: v for k, v in got.items() if k not in _DEFAULT_HEADER or v != _DEFAULT_HEADER[k]}
        if a == got:
            return None
    keys = sorted(set(a) | set(got), key=str)
    bad = [k for k in keys if a.get(k) != got.get(k)]
    return f"event '{a.get('type')}' differs in {', '.join(bad)}"


def _check_hand(hand: Hand, recorded: list[Event], number: int) -> tuple[Divergence | None, int]:
    """Apply the recorded inputs to ``hand`` and compare every event; (divergence, events checked)."""
    for e in recorded:
        if "action" not in e:
            continue
        try:
            seat = int(e["seat"])
            action = parse_action(str(e["action"]))
            hand.apply(seat, action)
        except (IllegalAction, ValueError, KeyError, TypeError) as err:
            return Divergence(e.get("_line"), number, f"recorded input refused by the engine: {err}", e, None), 0
    produced = hand.events
    for i, exp in enumerate(recorded):
        got = produced[i] if i < len(produced) else None
        if got is None:
            return Divergence(exp.get("_line"), number, "the engine produced no such event", exp, None), i
        why = _diff(exp, got)
        if why:
            return Divergence(exp.get("_line"), number, why, exp, got), i
    if len(produced) > len(recorded):
        return Divergence(None, number, "the engine produced more events than recorded", None, produced[len(recorded)]), len(
            recorded
        )
    return None, len(recorded)


def replay(events: Sequence[Event]) -> ReplayReport:
    """Re-run a record through the engine and report the first divergence, if any.

    A record holds one or more matches, each opening with ``match_start``: a match is rebuilt
    from its seed (seat draw, every hand's wall from its seed, totals and ranking); hands
    recorded from a given wall (seed null) are rebuilt from their recorded wall. Hands with
    no ``match_start`` before them are rebuilt from their own ``hand_start``.
    """
    report = ReplayReport(0, 0)
    segments: list[list[Event]] = []
    for e in events:
        if e["type"] == "match_start" or not segments:
            segments.append([])
        segments[-1].append(e)
    for segment in segments:
        _replay_segment(segment, report)
        if report.divergence:
            break
    return report


def _replay_segment(events: Sequence[Event], report: ReplayReport) -> None:
    start = events[0]
    match: Match | None = None
    if start["type"] == "match_start":
        try:
            match = Match(
                int(start["seed"]),
                rules=from_header(start),
                length=start["length"],
                hands=start.get("hands"),
                teaching=bool(start.get("teaching")),
                ask_all=bool(start.get("ask_all")),
                max_hands=start.get("max_hands"),
            )
        except (ValueError, TypeError, KeyError) as err:  # RulesetError is a ValueError
            report.divergence = Divergence(start.get("_line"), 0, f"bad match_start: {err}", start)
            return
        why = _diff(start, match.events[0])
        if why:
            report.divergence = Divergence(start.get("_line"), 0, why, start, match.events[0])
            return
        report.events += 1
    match_tail = [e for e in events if e["type"] in ("totals", "match_end")]
    tail_i = 0
    first = report.hands
    for number, recorded in enumerate(_split_hands(events), first + 1):
        hs = recorded[0]
        try:
            if match is not None:
                if match.over:
                    report.divergence = Divergence(hs.get("_line"), number, "the match was already over", hs)
                    return
                if hs.get("seed") is None:
                    wall = [parse_tiles(x)[0] for w in hs["wall"] for x in w]
                    hand = match.new_hand(wall=wall, dice=hs["dice"])
                else:
                    hand = match.new_hand()
            else:
                hand = Hand.from_start(hs)
                if hs.get("seed") is not None:
                    wall, dice = random_wall(random.Random(int(hs["seed"])))
                    if Hand(wall, dice, rules=hand.rules).events[0]["wall"] != hs["wall"] or list(dice) != hs["dice"]:
                        report.divergence = Divergence(hs.get("_line"), number, "the wall is not the one of its seed", hs)
                        return
        except (ValueError, TypeError, KeyError, IndexError) as err:
            report.divergence = Divergence(hs.get("_line"), number, f"bad hand_start: {err}", hs)
            return
        divergence, checked = _check_hand(hand, recorded, number)
        report.events += checked
        if divergence:
            report.divergence = divergence
            return
        report.hands += 1
        if match is not None:
            for got in match.finish_hand():
                exp = match_tail[tail_i] if tail_i < len(match_tail) else None
                tail_i += 1
                if exp is None:
                    report.divergence = Divergence(None, number, "record ends before the match's totals", None, got)
                    return
                why = _diff(exp, got)
                if why:
                    report.divergence = Divergence(exp.get("_line"), number, why, exp, got)
                    return
                report.events += 1
    if match is not None and tail_i < len(match_tail):
        extra = match_tail[tail_i]
        report.divergence = Divergence(extra.get("_line"), report.hands, "event after the match's end", extra)
    return


# ---------------------------------------------------------------------------- show


def _t(text: str, lang: str) -> str:
    tiles = parse_tiles(text)
    return " ".join(name(t, lang) for t in tiles) if len(tiles) <= 2 else text


def describe(e: Event, lang: str = "en", rules: Ruleset = DEFAULT) -> str | None:
    """One line describing an event for ``hkmj replay --show`` (None for events not shown).

    ``rules`` names the scoring elements of ``win`` events (see :func:`describe_all`).
    """
    t = e["type"]
    seat = SEAT_LETTERS[e["seat"]] if isinstance(e.get("seat"), int) else "?"
    if t == "match_start":
        return (
            f"Match seed {e['seed']} ({e['length']}, {rules.describe(lang)}); "
            f"seat draw by player: {' '.join(e['seat_draw'])}"
        )
    if t == "hand_start":
        d = e["dice"]
        brk = e["break"]
        head = f"Hand {e['hand']}: " if "hand" in e else ""
        return (
            f"\n{head}prevailing {e['prevailing']}, dice {d[0]}+{d[1]}+{d[2]}={sum(d)}, "
            f"break in {SEAT_LETTERS[brk['wall']]}'s wall after stack {brk['stack']}; scores {e['scores']}"
        )
    if t == "deal":
        return "Deal: " + "  ".join(f"{SEAT_LETTERS[s]} {''.join(h)}" for s, h in enumerate(e["hands"]))
    if t == "bonus":
        return f"  {seat} exposes {_t(e['tile'], lang)}"
    if t == "replacement":
        return f"  {seat} takes a replacement {e['tile']} (for a {e['for']}; live {e['live']}, dead {e['dead']})"
    if t == "draw":
        return f"  {seat} draws {e['tile']} (live {e['live']})"
    if t == "discard":
        final = " — final discard, Mahjong only" if e.get("final") else ""
        return f"  {seat} discards {_t(e['tile'], lang)}{final}"
    if t == "kong":
        return f"  {seat} declares {e['action']}"
    if t == "claim":
        if e["seat"] is None:
            return None
        return f"  {SEAT_LETTERS[e['seat']]} claims {e['claim']} {e['tiles']} from {SEAT_LETTERS[e['from']]}"
    if t == "win":
        how = "self-drawn" if e["win"] == "self_draw" else f"{e['win']} from {SEAT_LETTERS[e['from']]}"
        melds = " ".join(e["melds"])
        return f"  {seat} wins ({how}) on {e['tile']}: {e['concealed']} {melds}\n    {rules.describe_win(e, lang)}"
    if t == "false_mahjong":
        dead = "; the hand is dead and play goes on" if e.get("dead_hand") else ""
        return f"  {seat} declared a false Mahjong: {e['reason']}; payments {e['payments']}{dead}"
    if t == "mahjong_refused":
        return f"  {seat}'s Mahjong refused (teaching table): {e['reason']}"
    if t == "exhaustive_draw":
        return "  Live wall exhausted: drawn hand, no payment (HK-7.1)"
    if t == "hand_end":
        return f"  Hand over ({e['result']}); scores by seat {e['scores']}"
    if t == "totals":
        keep = "dealer keeps the deal" if e["dealer_keeps"] else "the deal passes"
        return f"Totals by player {e['totals']}; {keep}; next prevailing {e['next_prevailing']}"
    if t == "match_end":
        return f"\nMatch over after {e['hands']} hands: totals {e['totals']}, ranking {e['ranking']}"
    return None


def describe_all(events: Sequence[Event], lang: str = "en") -> Iterator[str]:
    """The ``--show`` lines of a whole record, each match described under its own ruleset."""
    rules = DEFAULT
    for e in events:
        if e["type"] in ("match_start", "hand_start"):
            try:
                rules = from_header(e)
            except RulesetError:
                rules = DEFAULT
        line = describe(e, lang, rules)
        if line is not None:
            yield line
