"""``hkmj bot-match``: external bots as subprocesses speaking ``hkmj-bot/1`` (docs/bot-protocol.md).

Each external bot is one process; it receives JSON lines (``hello``, the events its seat may
see, ``request``) on stdin and answers each request with one line on stdout. An answer that is
late, malformed or illegal — or a bot that died — is logged in one clear line and replaced by
a safe default (pass on an offer, else discard the drawn tile); the match goes on.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Final

from hkmj.botproto import BadReply, NotAnAnswer, default_rng, hello, parse_reply, redact, request, safe_default
from hkmj.bots import BOTS, make_bot
from hkmj.engine import Action, Event, Match, Player, SeatView
from hkmj.rulesets import DEFAULT, Ruleset
from hkmj.tui.texts import bot_in

__all__ = ["MAX_LINE", "BotStats", "ExternalBot", "MatchReport", "play_bot_match"]

MAX_LINE = 1 << 16
"""The longest line read from a bot (bytes); a reply is a few dozen."""
_BACKLOG = 64
"""Lines read ahead of the host: a bot that floods its output then waits on its own pipe."""


def _read_some(fd: int) -> bytes:
    """What the pipe ``fd`` holds now, up to ``MAX_LINE`` bytes (waits for some; empty at its end)."""
    try:
        return os.read(fd, MAX_LINE)
    except OSError:  # closed under the reader as the match ends
        return b""


_QUIET_TAIL = 0.25
"""Seconds (at most; half the time limit if shorter) a bot's unfinished last line must have stood
without more bytes before a missing answer is said to be written without a newline."""

_IGNORED_LOGGED = 3
"""Lines answering no request (stale replies, a bot's own messages) logged one by one in a wait;
the rest are counted in one line, so that a bot flooding them cannot flood the log."""


@dataclass(frozen=True)
class _BadLine:
    """A line from a bot that is no text to parse (why, in words)."""

    why: str


_INPUT_CLOSED: Final = _BadLine("closed its input")
"""Put in a bot's line queue by its writer when a write fails (the bot closed its input): wakes a
wait on an answer to a request that never reached the bot."""


@dataclass
class BotStats:
    """Decisions and faults of one bot."""

    decisions: int = 0
    """Requests sent to it: none once it has died. Each ends as exactly one of ``answers``,
    ``late``, ``illegal`` or the one pending when it died (counted under ``dead`` only)."""
    answers: int = 0
    """Requests it answered in time with a legal action (the table's ``answers``)."""
    late: int = 0
    illegal: int = 0
    dead: int = 0
    think: float = 0.0
    """Seconds from each request to its end, summed (the table's mean is over ``decisions``)."""


STARTUP_GRACE: Final = 5.0
"""Seconds a bot has to answer its first request, whatever ``--time-limit`` is: the start-up
of an interpreter and its imports do not count against the first decision
(docs/bot-protocol.md)."""


_LONGEST_WAIT: Final = 3600.0
"""Seconds of one wait on a bot's answer: a longer time limit (``--time-limit 1e10``, allowed) is
waited on in such steps, since the system's timed waits overflow past about 292 years
(``threading.TIMEOUT_MAX``) and raised ``OverflowError``."""


def how_ended(code: int) -> str:
    """How a bot's process ended, from its exit code: ``exited (code 3)``, or for a negative code
    (the process ended by a signal, as :mod:`subprocess` reports it) ``was killed by signal 11
    (SIGSEGV)``: a bot that crashed (a segmentation fault) or that the system killed (out of
    memory: SIGKILL) read ``exited (code -11)``, which says neither."""
    if code >= 0:
        return f"exited (code {code})"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        return f"was killed by signal {-code}"
    return f"was killed by signal {-code} ({name})"


class ExternalBot:
    """A bot process: ``command`` (a shell-like string) run with its stdin/stdout as the protocol pipes.

    ``player`` is the protocol's number 0-3 (``hello``); log lines name it as users read players
    everywhere, numbered 1-4 in the ``--bot`` order (``hkmj simulate``, records). ``seed`` is the
    match's: with the player and the request number it seeds the safe default's random discard."""

    def __init__(
        self,
        command: str,
        player: int,
        *,
        time_limit: float,
        log: Callable[[str], None],
        startup_limit: float = STARTUP_GRACE,
        seed: int = 0,
    ) -> None:
        self.command = command
        self.player = player
        self.seed = seed  # the match's: its safe defaults replay with it (default_rng)
        self.time_limit = time_limit
        self.startup_limit = startup_limit
        self.log = log
        self.stats = BotStats()
        self.seat = 0
        self._rid = 0
        self._alive = True
        try:
            args = shlex.split(command)
        except ValueError as e:  # an unbalanced quote
            raise ValueError(f"--bot {command!r}: cannot split it into words ({e})") from None
        if not args:
            raise ValueError("--bot: empty command")
        shell = shell_only(command, args)
        if shell is not None:  # else '2> err.log' would reach the bot as two words, and no file be written
            raise ValueError(
                f"--bot {command!r}: {shell!r} is read by a shell, and no shell runs the command (its words are split "
                f"as a shell would, then run as they are): {SHELL_FIXES[shell_kind(shell)]}"
            )
        try:
            self.proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                # a session of its own: Ctrl+C at the terminal stops hkmj, which closes the bot's
                # input (close()); the bot no longer gets the SIGINT too and prints its traceback
                start_new_session=True,
            )
        except FileNotFoundError:
            import difflib

            missing = _missing_interpreter(args[0])
            if missing:
                raise ValueError(f"--bot {command!r}: cannot start it: {missing}") from None
            close = difflib.get_close_matches(command.strip().lower(), list(BOTS), 1)
            hint = f"; did you mean {close[0]}?" if close else ""
            spaced = _spaced_path(command, args)
            if spaced:  # '/tmp/my bots/bot.sh' unquoted: its words name no program
                quoted = f"'{spaced}'" if "'" not in spaced else shlex.quote(spaced)
                rest = args[len(spaced.split()) :] if " ".join(args).startswith(spaced) else []
                hint = f'; {spaced!r} is a file: quote its path: --bot "{" ".join([quoted, *rest])}"'
            raise ValueError(
                f"--bot {command!r}: cannot start it: no program {args[0]!r} found, and not a built-in bot ({', '.join(BOTS)}){hint}"
            ) from None
        except OSError as e:
            raise ValueError(f"--bot {command!r}: cannot start it: {_why_not_started(args[0], e)}") from None
        self._lines: queue.Queue[str | _BadLine | None] = queue.Queue(_BACKLOG)
        self._out: queue.Queue[bytes | None] = queue.Queue()
        self._write_failed = threading.Event()
        self._unended: tuple[bytes, int] = (b"", 0)
        self._last_read = time.monotonic()  # when the reader last got bytes from the bot
        self._heard = False  # whether the bot has written anything at all (answers left in its buffer: never)
        self._told_flush = False  # whether a late answer's log line has said to flush (once is enough)
        assert self.proc.stdout is not None and self.proc.stdin is not None
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        self._writer = threading.Thread(target=self._write, args=(self.proc.stdin,), daemon=True)
        self._writer.start()

    def _read(self, stream: IO[bytes]) -> None:
        """Queue the bot's lines (at most ``_BACKLOG`` ahead, each at most ``MAX_LINE`` bytes).

        What the bot wrote after its last newline is kept in :attr:`_unended` (its first bytes
        and length), so that a missing answer can say it was written without a newline.
        """
        fd = stream.fileno()
        buf = bytearray()
        overlong = False  # the current line passed MAX_LINE: reported once, skipped to its newline
        while chunk := _read_some(fd):
            self._last_read = time.monotonic()
            self._heard = True
            buf += chunk
            start = 0
            while (nl := buf.find(b"\n", start)) >= 0:
                if not overlong:
                    self._queue_line(bytes(buf[start : nl + 1]))
                overlong = False
                start = nl + 1
            del buf[:start]
            if len(buf) > MAX_LINE and not overlong:
                overlong = True
                self._lines.put(_BadLine(f"a line longer than {MAX_LINE} bytes"))
            if overlong:
                buf.clear()
            self._unended = (bytes(buf[:60]), len(buf))
        if buf and not overlong:
            self._queue_line(bytes(buf))
        self._unended = (b"", 0)
        self._lines.put(None)

    def _queue_line(self, line: bytes) -> None:
        """Queue one line as text, or why it is no text (over ``MAX_LINE`` bytes, not UTF-8)."""
        if len(line.rstrip(b"\r\n")) > MAX_LINE:
            self._lines.put(_BadLine(f"a line longer than {MAX_LINE} bytes"))
            return
        try:
            self._lines.put(line.decode("utf-8"))
        except UnicodeDecodeError as e:
            self._lines.put(_BadLine(f"not UTF-8 (byte {e.start + 1} of the line)"))

    def _write(self, stream: IO[bytes]) -> None:
        """Write queued messages: a bot that does not read blocks this thread, never the match."""
        while (data := self._out.get()) is not None:
            try:
                stream.write(data)
                stream.flush()
            except (OSError, ValueError):
                self._write_failed.set()
                # a request waiting on its answer never reached the bot: wake that wait (a full
                # queue wakes it by itself, and the wait sees the failure before its next line)
                with contextlib.suppress(queue.Full):
                    self._lines.put_nowait(_INPUT_CLOSED)
                break
        with contextlib.suppress(OSError):
            stream.close()

    def _fault(self, what: str) -> None:
        self.log(f"player {self.player + 1} ({self.command}): {what}")

    def send(self, message: dict[str, Any]) -> None:
        """Write one JSON line (a dead bot is noted once and then skipped)."""
        if not self._alive:
            return
        if self._write_failed.is_set():
            self._died(self._exit_or("closed its input"))
            return
        self._out.put((json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))

    def _exit_or(self, why: str) -> str:
        """``exited (code N)`` if the process ends within a second (a closed pipe is most often a
        crash), else ``why``."""
        code = self._ended(1.0)
        if code is None:
            return why
        self._end_session()  # what it started dies with it, and it is reaped: no zombie meanwhile
        return how_ended(code)

    def _ended(self, timeout: float) -> int | None:
        """The process's exit code once it has ended, waiting at most ``timeout`` seconds (None if it
        still runs). It is left unreaped where the system allows (``waitid`` with ``WNOWAIT``), so
        that its id, which is also its process group's, is not given to another process before
        :meth:`close` ends that group."""
        if not hasattr(os, "waitid"):  # macOS has none: reap it
            try:
                return self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                return None
        end = time.monotonic() + timeout
        while True:
            try:
                r = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:  # reaped already
                return self.proc.returncode
            if r is not None:
                return r.si_status if r.si_code == os.CLD_EXITED else -r.si_status
            if time.monotonic() >= end:
                return None
            time.sleep(0.01)

    def _died(self, why: str) -> None:
        if self._alive:
            self._alive = False
            self.stats.dead += 1
            self._fault(f"{why}; it plays safe defaults from now on")

    def events(self, events: Sequence[Event]) -> None:
        """Send what this bot's seat may see of ``events``."""
        for e in events:
            r = redact(e, self.seat)
            if r is not None:
                self.send(r)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Ask the process; a late, bad or missing answer gives :func:`safe_default` with a log line."""
        self._rid += 1
        rid = self._rid
        default = safe_default(legal, view.drawn, view.concealed, default_rng(self.seed, self.player, rid))
        if not self._alive:  # a dead bot is asked nothing: no answer to count, no time to average
            return default
        self.stats.decisions += 1
        start = time.perf_counter()
        self.send(request(rid, view, legal, self.time_limit))
        allowed = self.time_limit if rid > 1 else max(self.time_limit, self.startup_limit)
        deadline = start + allowed
        ignored = 0  # lines of this wait that answer no request: the first few logged, the rest counted
        try:
            while self._alive:
                if self._write_failed.is_set():  # the request (or a message before it) did not reach the bot
                    self._died(self._exit_or("closed its input"))
                    break
                left = deadline - time.perf_counter()
                wait = min(left, _LONGEST_WAIT)  # a huge --time-limit: waited on in steps the system can time
                try:
                    line = self._lines.get(timeout=wait) if left > 0 else self._lines.get_nowait()
                except queue.Empty:
                    code = self._ended(0.0)
                    if code is not None:  # it exited, but a process it started holds its output open
                        self._end_session()
                        self._died(how_ended(code))
                        break
                    if wait < left:  # one step of a long limit: wait on
                        continue
                    self.stats.late += 1
                    head, size = self._unended
                    # a line still arriving (a bot writing lines in pieces, a flood cut between two
                    # reads) is no forgotten newline: only a tail the bot has stopped writing to is
                    quiet = time.monotonic() - self._last_read >= min(allowed / 2, _QUIET_TAIL)
                    unended = (
                        f" (it wrote {size:,} bytes without a newline, {head.decode('utf-8', 'replace')!r}"
                        f"{'…' if size > len(head) else ''}: end each line with a newline)"
                        if size and quiet
                        else ""
                        if self._heard or self._told_flush
                        # answers written but never flushed (Python's print() to a pipe) reach the
                        # host only when the bot's buffer fills: every request late until then (said once)
                        else " (nothing read from it yet: if it answered, flush its output after each line, e.g. print(..., flush=True))"
                    )
                    self._told_flush = self._told_flush or not self._heard
                    self._fault(f"no answer to request {rid} within {allowed:g} s{unended}; playing {default}")
                    break
                if line is None:
                    self._died(self._exit_or("closed its output"))
                    break
                if line is _INPUT_CLOSED:  # seen at the top of the loop
                    continue
                if isinstance(line, _BadLine):
                    self.stats.illegal += 1
                    self._fault(f"bad answer to request {rid}: {line.why}; playing {default}")
                    break
                if not line.strip():
                    continue
                try:
                    action = parse_reply(line, rid, legal)
                except NotAnAnswer as e:
                    ignored += 1
                    if ignored <= _IGNORED_LOGGED:
                        self._fault(f"{e}; ignored")
                    continue
                except BadReply as e:
                    self.stats.illegal += 1
                    self._fault(f"bad answer to request {rid}: {view.rules.cite(str(e))}; playing {default}")  # its own rule numbers
                    break
                self.stats.think += time.perf_counter() - start
                self.stats.answers += 1
                return action
            self.stats.think += time.perf_counter() - start
            return default
        finally:
            if ignored > _IGNORED_LOGGED:
                self._fault(f"and {ignored - _IGNORED_LOGGED:,} more lines like these ignored while waiting for request {rid}")

    def close(self) -> None:
        """Close stdin, give the process a moment to exit, then kill it and every process it
        started: its session's process group (a shell script's ``python bot.py`` that hangs, a
        helper the bot forked), which would otherwise run on after the match."""
        _close_all([self])

    def _end_session(self) -> None:
        """Kill the bot's process group (its session: the bot and what it started) and reap the bot."""
        if self.proc.returncode is not None:  # reaped already: its id may be another's by now
            return
        if hasattr(os, "killpg"):
            with contextlib.suppress(OSError):  # the group is empty (ESRCH) once all have exited
                os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):  # a bot that left its group itself
            self.proc.kill()
        self.proc.wait()


@dataclass
class MatchReport:
    """Totals and ranking by player, each player's name, and the external bots' statistics."""

    names: list[str]
    totals: list[int]
    ranking: list[int]
    hands: int
    stats: dict[int, BotStats] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    """The match record (docs/record-format.md): ``match_start``, each hand's events followed by
    its ``totals``, and ``match_end``, as ``hkmj simulate --record`` writes them."""

    def table(self, lang: str = "en") -> str:
        """The result in 80 columns: each player's total and rank (players numbered 1-4 in the
        ``--bot`` order); for an external bot, its
        answers (in time and legal), late and illegal ones, deaths (a request pending when the bot
        died is counted there, not as an answer) and mean thinking time (a long command is shown
        by its end). ``lang`` ``fr``: in French."""
        heads, widths, point = _RESULT_COLUMNS["fr" if lang == "fr" else "en"]
        w_name = widths[1]
        lines = [" ".join(f"{h:<{w}}" if i < 2 else f"{h:>{w}}" for i, (h, w) in enumerate(zip(heads, widths, strict=True)))]
        for p in range(4):
            s = self.stats.get(p)
            if s:
                think = f"{1000 * s.think / max(s.decisions, 1):.1f}".replace(".", point)
                counts = (s.answers, s.late, s.illegal, s.dead)
                extra = " ".join(f"{c:>{w}}" for c, w in zip(counts, widths[4:8], strict=True)) + f" {think:>{widths[8] - 3}} ms"
            else:
                extra = " ".join(f"{'-':>{w}}" for w in widths[4:])
            name = _tail(self.names[p] if s else bot_in(self.names[p], lang), w_name)
            lines.append(f"{p + 1:<{widths[0]}} {name:<{w_name}} {self.totals[p]:>+{widths[2]}} {self.ranking[p]:>{widths[3]}} {extra}")
        return "\n".join(lines)


_SHELL_OPERATORS: Final = frozenset("|&;<>()`")
"""Characters that, unquoted, make a shell pipe, redirect, chain or group commands."""


def shell_only(command: str, args: Sequence[str]) -> str | None:
    """What in the ``--bot`` ``command`` (split into ``args`` by :func:`shlex.split`) only a shell would
    read, or None: an unquoted operator (``|``, ``>``, ``2>``, ``&&``, ``;``...), an expansion (``$HOME``,
    a ``~`` starting a word, also ``$`` between double quotes), or a first word that sets a variable
    (``FOO=1 python bot.py``). The command is run without a shell, so each would reach the bot as a
    word of its own, or be looked up as a program; a quoted or backslashed one is a plain character."""
    first = args[0] if args else ""
    name, equals, _ = first.partition("=")
    if equals and name.isidentifier() and name.isascii():
        return first
    quote = ""
    escaped = False
    word_start = True
    for i, c in enumerate(command):
        if escaped:
            escaped = word_start = False
        elif quote == "'":
            quote = "" if c == "'" else quote
        elif quote == '"':
            if c == '"':
                quote = ""
            elif c == "\\":
                escaped = True
            elif c in "$`":
                return _word_at(command, i)
        elif c == "\\":
            escaped = True
        elif c in "'\"":
            quote = c
            word_start = False
        elif c.isspace():
            word_start = True
        elif c in _SHELL_OPERATORS:
            j = i
            while j < len(command) and command[j] in _SHELL_OPERATORS:
                j += 1
            start = i - 1 if i and command[i - 1].isdigit() and c in "<>" else i  # 2> err.log
            return command[start:j]
        elif c == "$" or (c == "~" and word_start):
            return _word_at(command, i)
        else:
            word_start = False
    return None


SHELL_FIXES: Final = {
    "operator": "put the command in a script (#!/bin/sh) and give --bot ./script.sh",
    "expansion": "write the path in full, or put the command in a script (#!/bin/sh) and give --bot ./script.sh",
    "variable": "start the command with env (env FOO=1 python bot.py), or put it in a script (#!/bin/sh) and give --bot ./script.sh",
}
"""What to do instead of each kind of :func:`shell_only` text (run_words.py has them in French)."""


def shell_kind(text: str) -> str:
    """The kind of a :func:`shell_only` text: a variable set (``FOO=1``), an expansion (``$HOME``, ``~``) or an operator."""
    if text[:1] in "$~":
        return "expansion"
    return "variable" if "=" in text else "operator"


def _spaced_path(command: str, args: Sequence[str]) -> str | None:
    """The path of an existing file that ``command``'s first words name once joined by the blanks
    between them (``/tmp/my bots/bot.sh`` unquoted, split into ``/tmp/my`` and ``bots/bot.sh``), or None."""
    text = command.strip()
    for n in range(len(args), 1, -1):
        head = " ".join(args[:n])
        for candidate in (head, text) if n == len(args) else (head,):
            if os.path.isfile(candidate):
                return candidate
    return None


def _word_at(command: str, i: int) -> str:
    """The text of ``command`` from ``i`` to the next blank or quote (``$HOME/bot.py``)."""
    j = i
    while j < len(command) and not command[j].isspace() and command[j] not in "'\"":
        j += 1
    return command[i:j]


def _tail(command: str, width: int) -> str:
    """``command`` in ``width`` columns: whole, else its end after "…", from the start of a word or
    a path's part ("…examples/simple_bot.py" for "python examples/simple_bot.py", never
    "…on examples/simple_bot.py"), cut mid-word only when its last part alone is too long."""
    if len(command) <= width:
        return command
    tail = command[-(width - 1) :]
    if command[-width] not in " /":
        cut = min((i for i in (tail.find(" "), tail.find("/")) if i >= 0), default=-1)
        if 0 <= cut < len(tail) - 1:
            tail = tail[cut + 1 :]
    return "…" + tail


_RESULT_COLUMNS: dict[str, tuple[tuple[str, ...], tuple[int, ...], str]] = {
    "en": (("player", "bot", "total", "rank", "answers", "late", "illegal", "died", "think"), (6, 26, 6, 4, 7, 4, 7, 4, 8), "."),
    "fr": (("joueur", "robot", "total", "rang", "réponses", "retards", "illég.", "morts", "réflexion"), (6, 21, 6, 4, 8, 7, 6, 5, 9), ","),
}
""":meth:`MatchReport.table`'s columns in each language (80 columns wide): their headings, their
widths (a longer command is shown by its end) and the decimal point of the thinking time."""


def _forward(external: dict[int, ExternalBot], events: Sequence[Event], sent: int) -> int:
    """Send ``events[sent:]`` to every external bot (each sees its seat's view); return the new count."""
    new = events[sent:]
    for b in external.values():
        b.events(new)
    return len(events)


def play_bot_match(
    bots: Sequence[str],
    *,
    hands: int,
    seed: int,
    time_limit: float = 1.0,
    startup_limit: float = STARTUP_GRACE,
    rules: Ruleset | None = None,
    log: Callable[[str], None] = lambda line: print(line, file=sys.stderr),
    progress: Callable[[int], None] | None = None,
) -> MatchReport:
    """Play a seeded ``hands``-hand match (HK-7) between four bots: built-in names or commands.

    ``rules``: the ruleset (default Hong Kong); external bots are told its name in ``hello``.
    ``startup_limit``: seconds an external bot has for its first request when longer than
    ``time_limit`` (its start-up does not count against the first decision).
    ``progress(1)`` is called as each hand ends (a progress bar's ``advance``).
    """
    ruleset = DEFAULT if rules is None else rules
    if len(bots) != 4:
        raise ValueError(f"a match needs four bots, got {len(bots)}")
    if time_limit <= 0:
        raise ValueError(f"time limit {time_limit!r}: expected a positive number of seconds")
    players: list[Player] = []
    external: dict[int, ExternalBot] = {}
    try:
        for p, spec in enumerate(bots):
            if spec.strip().lower() in BOTS:
                players.append(make_bot(spec, seed * 4 + p))
            else:
                bot = ExternalBot(spec, p, time_limit=time_limit, log=log, startup_limit=startup_limit, seed=seed)
                external[p] = bot
                players.append(bot)
        for p, bot in external.items():
            bot.send(hello(p, ruleset.name, time_limit, hands, ruleset.options))
        match = Match(seed, length="hands", hands=hands, rules=ruleset)
        events: list[Event] = list(match.events)  # match_start
        while not match.over:
            hand = match.new_hand()
            for s in range(4):
                b = external.get(match.player_at(s))
                if b is not None:
                    b.seat = s
            sent = 0
            while hand.result is None:
                sent = _forward(external, hand.events, sent)
                seat = hand.pending()[0]
                player = players[match.player_at(seat)]
                hand.apply(seat, player.choose(hand.view(seat), hand.legal_actions(seat)))
            ended = match.finish_hand()
            _forward(external, [*hand.events, *ended], sent)
            events += [*hand.events, *ended]
            if progress is not None:
                progress(1)
        return MatchReport(
            [b.strip() for b in bots],
            list(match.totals),
            match.ranking(),
            match.hands_played,
            {p: b.stats for p, b in external.items()},
            events,
        )
    finally:
        _close_all(list(external.values()))


def _close_all(bots: list[ExternalBot]) -> None:
    """Close every bot together (:meth:`ExternalBot.close`'s moment to exit shared, not one after
    another); a second Ctrl+C or signal while they are given that moment kills what is left of
    every bot's session at once, so that no bot outlives the match however it was stopped."""
    try:
        for b in bots:
            b._out.put(None)  # the writers close the bots' inputs once their queues are written
        end = time.monotonic() + 1.0
        for b in bots:
            b._writer.join(timeout=max(0.0, end - time.monotonic()))
        end = time.monotonic() + 2.0
        for b in bots:
            if not b._writer.is_alive():  # it read everything: a moment to exit by itself
                b._ended(max(0.0, end - time.monotonic()))
            b._end_session()
    except BaseException:
        for b in bots:
            with contextlib.suppress(BaseException):  # yet another signal: the next bot all the same
                b._end_session()
        raise


def _why_not_started(program: str, err: OSError) -> str:
    """Why ``program`` (a bot's command's first word) did not start, in words that say what to
    do: a folder, a file not executable (the system's "Permission denied") or a script with no
    ``#!`` line (its "Exec format error"), else the system's words."""
    import errno

    if os.path.isdir(program):
        return f"{program!r} is a folder, not a program"
    if err.errno == errno.EACCES and os.path.isfile(program) and not os.access(program, os.X_OK):
        return f"{program!r} is not executable: run it with its interpreter (--bot \"python {program}\") or make it executable (chmod +x {program})"
    if err.errno == errno.ENOEXEC:
        return f"{program!r} is no program the system can run: start a script with a #! line (#!/usr/bin/env python3), or run it with its interpreter (--bot \"python {program}\")"
    return str(err.strerror or err)


def _missing_interpreter(program: str) -> str | None:
    """Why ``program``, a file that is there, could not be found by the system (``ENOENT``): the
    interpreter its ``#!`` line names is missing, most often a script saved with Windows line
    endings, whose ``#!/bin/sh\\r`` names a program with a carriage return. None when there is
    no such file (or no ``#!`` line): the program is then truly missing."""
    import shutil

    path = program if os.sep in program else shutil.which(program)
    if not path or not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as f:
            first = f.readline(4096)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    # the system's reading: the first word after "#!", up to a space or a tab ("\r" is no separator)
    name = first[2:].rstrip(b"\n").lstrip(b" \t").replace(b"\t", b" ").split(b" ")[0].decode("utf-8", "replace")
    if not name:
        return None
    if name.endswith("\r"):
        return (
            f"{program!r} has Windows line endings (CRLF): its #! line names the interpreter {name!r}, with a carriage "
            f"return, which the system cannot find; save it with Unix line endings (sed -i 's/\\r$//' {shlex.quote(path)})"
        )
    return (
        f"{program!r} names in its #! line the interpreter {name!r}, which the system cannot find: install it, or fix "
        "the #! line (#!/usr/bin/env python3)"
    )
