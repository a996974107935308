"""Self-play at scale (``hkmj simulate``): seeded bot matches, a summary, optional records.

The hands are played as consecutive chunks: chunk ``k`` is a match of up to
:data:`CHUNK` hands seeded with ``seed + k`` (its seat draw and walls follow from that
seed), so the same ``--seed`` gives the same hands whatever ``--workers`` is. Workers
are processes, each playing whole chunks; results are merged in chunk order.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from hkmj.bots import make_bot
from hkmj.engine import Event, play_match
from hkmj.language import colon
from hkmj.rulesets import DEFAULT, RULESETS, Ruleset, get_ruleset
from hkmj.run_words import label
from hkmj.scale import map_ordered
from hkmj.tiles import SEAT_LETTERS, wind_letter
from hkmj.tui.texts import bot_in

CHUNK = 64
"""Hands per match chunk."""

WIN_TYPES = ("self_draw", "discard", "robbed_kong")
WIN_WORDS = {"self_draw": "self-draw", "discard": "discard", "robbed_kong": "robbed kong"}
"""Each way of winning as the summary says it: the words of the terminal's "wins by self-draw" (HK-5.5)."""


@dataclass
class Summary:
    """Counts gathered over hands; :meth:`merge` adds another summary."""

    bots: tuple[str, ...]
    hands: int = 0
    draws: int = 0
    penalties: int = 0
    wins_by_type: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WIN_TYPES, 0))
    wins_by_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    wins_by_player: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    limits: dict[str, int] = field(default_factory=dict)
    fan_total: int = 0
    points_by_player: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    points_by_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    seconds: float = 0.0
    workers: int = field(default=0, compare=False)
    """The processes (Ray: CPUs) that played the hands, set by :func:`run` (0 for a summary built
    otherwise); not compared: the hands are the same whatever the workers."""
    rules: str = "hk"
    """The ruleset's name. ``fan_total`` adds up its :attr:`~hkmj.rulesets.Ruleset.summary_value`
    (the winner's fan, MCR's points without flowers, the classical winner's score: points ×
    2^doubles, CL-5); limit hands are counted where it has them (:attr:`~hkmj.rulesets.Ruleset.limit_hands`)."""

    def add_hand(self, start: Event, end: Event, win: Event | None) -> None:
        players: list[int] = start["players"]
        self.hands += 1
        for s in range(4):
            self.points_by_seat[s] += end["payments"][s]
            self.points_by_player[players[s]] += end["payments"][s]
        if end["result"] == "draw":
            self.draws += 1
        elif end["result"] == "penalty":
            self.penalties += 1
        elif win is not None:
            self.wins_by_type[win["win"]] += 1
            self.wins_by_seat[win["seat"]] += 1
            self.wins_by_player[players[win["seat"]]] += 1
            self.fan_total += win[RULESETS[self.rules].summary_value[0]]
            if win.get("limit"):
                self.limits[win["limit"]] = self.limits.get(win["limit"], 0) + 1

    def merge(self, other: Summary) -> None:
        self.hands += other.hands
        self.draws += other.draws
        self.penalties += other.penalties
        for k, v in other.wins_by_type.items():
            self.wins_by_type[k] += v
        for k, v in other.limits.items():
            self.limits[k] = self.limits.get(k, 0) + v
        for i in range(4):
            self.wins_by_seat[i] += other.wins_by_seat[i]
            self.wins_by_player[i] += other.wins_by_player[i]
            self.points_by_player[i] += other.points_by_player[i]
            self.points_by_seat[i] += other.points_by_seat[i]
        self.fan_total += other.fan_total

    @property
    def wins(self) -> int:
        return sum(self.wins_by_type.values())

    def _limit_name(self, limit: str, lang: str = "en") -> str:
        """A limit hand as the ruleset names it (``Big three dragons``, not ``big_three_dragons``)."""
        try:
            return get_ruleset(self.rules).name_of(limit, lang)
        except KeyError:
            return limit

    def _limit_line(self, lang: str = "en") -> list[str]:
        """The summary's line of limit hands, named; none for MCR (no limit hands among its 81 fans, MCR-6)."""
        if not RULESETS[self.rules].limit_hands:
            return []
        named = ", ".join(f"{self._limit_name(k, lang)} {v}" for k, v in sorted(self.limits.items()))
        return [f"{_head('limit hands', lang)}{sum(self.limits.values())}" + (f"{colon(lang)} {named}" if named else "")]

    def report(self, workers: int, lang: str = "en") -> str:
        """The summary, in ``lang`` (``en`` or ``fr``: French words, winds and numbers)."""
        n = max(self.hands, 1)
        wins = max(self.wins, 1)
        fr = lang == "fr"
        wind = SEAT_LETTERS if not fr else [wind_letter(s, "fr") for s in range(4)]
        lines = [
            f"{_head('hands played', lang)}{self.hands}",
            f"{_head('wins', lang)}{self.wins} ({_percent(self.wins / n, lang)}){colon(lang)} "
            + ", ".join(f"{label(WIN_WORDS[k], lang)} {v}" for k, v in self.wins_by_type.items()),
            f"{_head('draws', lang)}{self.draws} ({_percent(self.draws / n, lang)})",
            f"{_head('false Mahjong', lang)}{self.penalties}",
            *self._limit_line(lang),
            (
                f"{_head('average ' + RULESETS[self.rules].summary_value[1], lang)}"
                f"{_decimal(f'{self.fan_total / wins:.2f}', lang)} {label('per win', lang)}"
                + (f", {label(note, lang)}" if (note := RULESETS[self.rules].summary_note) else "")
            ),
            _head("wins by seat", lang) + "  ".join(f"{wind[s]} {self.wins_by_seat[s]}" for s in range(4)),
            _head("points/hand seat", lang) + "  ".join(f"{wind[s]} {_decimal(f'{self.points_by_seat[s] / n:+.2f}', lang)}" for s in range(4)),
            label("by player:", lang),
        ]
        for p in range(4):
            lines.append(
                f"  {label('player', lang)} {p + 1} {bot_in(self.bots[p], lang):<8} {label('wins', lang)} {self.wins_by_player[p]:>6}  "
                f"{label('points/hand', lang)} {_decimal(f'{self.points_by_player[p] / n:+8.2f}', lang)}  "
                f"{label('total', lang)} {self.points_by_player[p]:+d}"
            )
        rate = self.hands / self.seconds if self.seconds else math.inf
        workers_word = label("workers" if workers > 1 else "worker", lang)
        figure = f"{rate:,.1f}" if rate < 10 else f"{rate:,.0f}"  # 2 hands over a Ray start-up: 0.4, not 0
        lines.append(f"{_head('throughput', lang)}{_decimal(figure, lang)} {label('hands/s', lang)} ({workers} {workers_word})")
        return "\n".join(lines)


def _head(word: str, lang: str) -> str:
    """A summary line's heading, padded: 18 columns in English, 20 in French (longer words)."""
    return f"{label(word, lang):<{17 if lang != 'fr' else 19}} "


def _decimal(figure: str, lang: str) -> str:
    """A figure as ``lang`` writes it: French ``1 234,5`` for ``1,234.5``."""
    return figure if lang != "fr" else figure.replace(",", " ").replace(".", ",")


def _percent(x: float, lang: str) -> str:
    """``12.5%``, French ``12,5 %``."""
    return f"{x:.1%}" if lang != "fr" else _decimal(f"{100 * x:.1f}", lang) + " %"


@dataclass
class ChunkResult:
    index: int
    summary: Summary
    lines: list[str]


def play_chunk(
    index: int, hands: int, seed: int, bots: tuple[str, ...], record: bool, rules: tuple[str, tuple[tuple[str, str], ...]] = ("hk", ())
) -> ChunkResult:
    """Play chunk ``index``: one match of ``hands`` hands seeded ``seed + index`` under ``rules`` (name, options)."""
    ruleset = get_ruleset(rules[0], dict(rules[1]))
    summary = Summary(bots, rules=ruleset.name)
    lines: list[str] = []
    state: dict[str, Event | None] = {"start": None, "win": None}

    def on_events(chunk: list[Event]) -> None:
        for e in chunk:
            t = e["type"]
            if t == "hand_start":
                state["start"], state["win"] = e, None
            elif t == "win":
                state["win"] = e
            elif t == "false_mahjong" and e.get("dead_hand"):
                summary.penalties += 1  # a dead hand: the hand goes on (MCR)
            elif t == "hand_end":
                start = state["start"]
                assert start is not None
                summary.add_hand(start, e, state["win"])
            if record:
                lines.append(json.dumps(e, ensure_ascii=False, separators=(",", ":")))

    match_seed = seed + index
    players = [make_bot(b, match_seed * 4 + i) for i, b in enumerate(bots)]
    play_match(players, match_seed, length="hands", hands=hands, keep_events=False, on_events=on_events, rules=ruleset)
    return ChunkResult(index, summary, lines)


def _chunks(n: int) -> list[int]:
    sizes = [CHUNK] * (n // CHUNK)
    if n % CHUNK:
        sizes.append(n % CHUNK)
    return sizes


def _play_star(args: tuple[int, int, int, tuple[str, ...], bool, tuple[str, tuple[tuple[str, str], ...]]]) -> ChunkResult:
    return play_chunk(*args)


def run(
    hands: int,
    seed: int,
    bots: Sequence[str],
    *,
    workers: int = 1,
    on_chunk: Callable[[ChunkResult], None] | None = None,
    record: bool = False,
    rules: Ruleset | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Summary:
    """Play ``hands`` hands and return the merged summary; ``on_chunk`` sees chunks in order.

    ``rules``: the ruleset of every match (default Hong Kong); workers rebuild it from its name
    and options. ``backend="ray"`` runs the chunks as Ray tasks (on the cluster at ``address``,
    else on a new local instance with ``workers`` CPUs); the summary is the same for any backend
    and number of workers, because chunk ``k`` is always the match seeded ``seed + k``.
    """
    names = tuple(bots)
    ruleset = DEFAULT if rules is None else rules
    spec = (ruleset.name, tuple(sorted(ruleset.options.items())))
    for b in names:
        make_bot(b)  # unknown names fail here, before any process starts
    jobs = [(i, size, seed, names, record, spec) for i, size in enumerate(_chunks(hands))]
    total = Summary(names, rules=ruleset.name)
    start = time.perf_counter()
    for r in map_ordered(_play_star, jobs, workers=workers, backend=backend, address=address):
        total.merge(r.summary)
        if on_chunk:
            on_chunk(r)
    total.seconds = time.perf_counter() - start
    total.workers = workers if backend == "ray" else max(1, min(workers, len(jobs)))  # as map_ordered starts them
    return total


_WAITING: set[Progress] = set()
"""Bars whose first drawing is still to come (:func:`end_bars`)."""


def end_bars() -> None:
    """End every bar (Ctrl+C, SIGTERM): one not yet drawn never will be, after the words that stop the command."""
    for bar in list(_WAITING):
        bar.end()


def _columns(stream: TextIO) -> int:
    """The width of the terminal ``stream`` writes to (that of the standard output's, or
    ``COLUMNS``, or 80, when the stream says none)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):  # a stream with no file (io.UnsupportedOperation is both)
        return shutil.get_terminal_size().columns


class Progress:
    """A progress bar on a terminal stream (when it is not one, a line each time the count passes another tenth)."""

    def __init__(self, total: int, stream: TextIO | None = None, label: str = "hands", lang: str = "en", first_after: float = 1.0) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.stream = sys.stderr if stream is None else stream  # the current stderr, not the one at import
        self.label = label
        self.lang = lang
        self.start = time.perf_counter()
        self.tty = self.stream.isatty()
        self._last_decile = -1
        self._shown = 0  # the width of the bar's line last drawn, cleared by the next
        self._open = False  # a bar's line is drawn and not ended
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        if self.tty:  # soon, not after the first match (strong bots take seconds over 64 hands)
            self._timer = threading.Timer(first_after, self._first)
            self._timer.daemon = True
            self._timer.start()
            _WAITING.add(self)

    def _first(self) -> None:
        """The bar at 0, when nothing came in ``first_after`` seconds (an error said at once
        shows none)."""
        with self._lock:
            if self._timer is not None and self.done == 0:
                with contextlib.suppress(OSError, ValueError):  # a stream closed meanwhile
                    self._draw([f"{self.done}/{self.total} {self._what()}"])
                    self.stream.flush()
            self._timer = None
            _WAITING.discard(self)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        _WAITING.discard(self)

    def end(self) -> None:
        """End the bar's line, if one is drawn and not yet ended, so that what follows (an error,
        the summary) starts a line of its own; a bar not yet drawn never will be."""
        with self._lock:
            self._cancel()
            if self._open:
                self.stream.write("\n")
                self.stream.flush()
                self._open = False

    def _what(self) -> str:
        return label(self.label, "fr") if self.lang == "fr" and self.label in ("hands", "deals", "moves") else self.label

    def _draw(self, parts: list[str]) -> None:
        """The bar and ``parts`` (count, rate, time left) on one line redrawn in place, made to fit
        the terminal's width: a line wider than it wraps, and each redraw would leave a line
        behind. The bar narrows first, then the last parts go."""
        room = _columns(self.stream) - 1  # the last column would wrap on some terminals
        frac = self.done / self.total
        for width in (30, 20, 10):
            line = f"[{'#' * int(width * frac):<{width}}] " + "  ".join(parts) + " "
            if len(line) <= room:
                break
        while len(line) > room and len(parts) > 1:
            parts = parts[:-1]
            line = f"[{'#' * int(10 * frac):<10}] " + "  ".join(parts) + " "
        if len(line) > room:  # narrower than any bar: the count alone
            line = f"{self.done}/{self.total}"[: max(room, 1)]
        self.stream.write("\r" + line + " " * max(min(self._shown, room) - len(line), 0))
        self._shown = len(line)
        self._open = True

    def advance(self, n: int) -> None:
        with self._lock:
            self._cancel()
            self._advance(n)

    def _advance(self, n: int) -> None:
        self.done += n
        elapsed = time.perf_counter() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        frac = self.done / self.total
        fr = self.lang == "fr"  # French: [###   ] 5/10 donnes  1 234 donnes/s  reste 3 s
        known = self.label in ("hands", "deals", "moves")
        what = label(self.label, "fr") if fr and known else self.label
        per = label(f"{self.label}/s", "fr") if fr and known else f"{self.label}/s"  # the rate says what it counts
        speed = (_decimal(f"{rate:,.0f}", "fr") if fr else f"{rate:,.0f}") + " " + per
        if self.tty:
            left = f"reste {_decimal(f'{eta:,.0f}', 'fr')} s" if fr else f"ETA {eta:,.0f}s"
            self._draw([f"{self.done}/{self.total} {what}", speed, left])
            if self.done >= self.total and self._open:
                self.stream.write("\n")
                self._open = False
        else:
            decile = int(frac * 10)
            if decile != self._last_decile:
                self._last_decile = decile
                share = f"{frac * 100:.0f} %" if fr else f"{frac:.0%}"
                self.stream.write(f"{self.done}/{self.total} {what} ({share}), {speed}\n")
        self.stream.flush()
