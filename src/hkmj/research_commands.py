"""Command-line adapters for research tools: ``hkmj bot-match`` and ``hkmj arena``."""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
from typing import Any

from hkmj.bots import BOTS
from hkmj.cli import (
    StreamedRecord,
    _exists,
    _rules_in_a_sentence_fr,
    _write_record,
    add_lang_argument,
    at_least_one,
    record_refused,
    seed_number,
)
from hkmj.helpformat import HelpFormatter
from hkmj.oserror import OSReason, Unwritable, is_stream_path, no_folder, own_stream
from hkmj.record import gone
from hkmj.rules_args import add_rules_arguments, rules_from_args
from hkmj.run_words import count, said

_BOT_MATCH_EPILOG = """\
Each --bot is a built-in bot (random, greedy, strong, expert) or a command run as a subprocess that
speaks the hkmj-bot/1 JSON-lines protocol (docs/bot-protocol.md). Give --bot one to four
times; empty places are filled with --fill (greedy). A bot reads JSON lines on stdin and
answers each {"type": "request", "id": N, "legal": [...], ...} with one line on stdout,
{"id": N, "action": "discard 5p"} (a text from "legal"), ending with a newline and flushed.
A late, malformed or illegal answer, or a bot that dies, is logged on stderr and replaced
by a safe default; the match goes on. The first example runs in the repository's folder
(examples/ comes with the source, not with pip install):

  hkmj bot-match --bot "python examples/simple_bot.py" --hands 8 --seed 1
  hkmj bot-match --bot "python a.py" --bot "python b.py" --time-limit 0.5

Output: one row per player, numbered 1-4 in --bot order, with its total and rank; for an
external bot also its answers, how many were late or illegal, whether it died (1; a dead bot's
place is then played by safe defaults), and its mean thinking time per request (think; a late
request and the one it died on count with their wait).

Exit status: 0 played; 2 a wrong command line or a bot that cannot be started (no such
program), or a --log file that already exists (a fault log is never replaced: give another
name or delete it first; /dev/stdout, /dev/null and pipes are written to) or cannot be
written; 130 stopped by Ctrl+C, 143 by SIGTERM, 129 by SIGHUP (ignored under nohup): every
bot's process ended.
"""

_ARENA_EPILOG = """\
Rates bots with OpenSkill (Plackett-Luce) over duplicate deals: each deal is played four
times with the seats rotated, so every bot holds every hand. Needs the extra: pip install "hkmj[arena]".

  hkmj arena --bots random,greedy,strong --deals 50 --plot ratings.png
  hkmj arena --bots mybots:make_bot,greedy,strong --deals 50
  hkmj arena --bots greedy,strong --deals 10 --plot '' --record a.jsonl
  hkmj replay a.jsonl && hkmj review a.jsonl --seat strong

A bot of your own is an import path module:factory, where factory(seed) returns a player with a
choose(view, legal) method (docs/bot-protocol.md); the module is looked up from the current
folder first.

Output: one row per bot, best first: rating (OpenSkill's mu; every bot starts at 25),
sigma (how uncertain it still is), the 95% interval (mu +/- 1.96 sigma), the ordinal the
rows are ranked by (mu - 3 sigma, a cautious rating), the hands it played and its points
per hand (pts/hand); then the plot of each rating against hands played (--plot).

--record FILE saves every hand played (4 per deal) in the record format of hkmj simulate
(docs/record-format.md): hkmj replay re-checks it, and hkmj review --seat followed by a bot's
name (at every seat it held), E|S|W|N or 1-4 (the deal's four bots, in the order each hand's
"arena" field names them) reviews its play.

Exit status: 0 rated; 2 a wrong command line, an unknown bot, a bot that fails, the extra
missing or a --plot file that already exists (the default arena.png too: a plot is never
replaced; give another name, --plot '' for none, or delete it first) or cannot be written,
or a --record file that already exists (never replaced either) or cannot be written; 130
stopped by Ctrl+C, 143 by SIGTERM, 129 by SIGHUP (ignored under nohup).
"""


_ARENA_PLOT = "arena.png"


class _GivenPlot(argparse.Action):
    """Stores ``--plot FILE`` and that it was given (its refusal of an existing file names the default as such)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.plot_given = True


def _positive_float(text: str) -> float:
    """A positive number of seconds (argparse type)."""
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if not 0 < x < math.inf:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a positive number of seconds")
    return x


def _same_file(a: str, b: str) -> bool:
    """Whether the paths ``a`` and ``b`` (of two output options, written to new files) name one file:
    the same path however written (``out.txt``, ``./out.txt``, through a link), existing or not."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them is not there yet
        return False


def _cmd_bot_match(args: argparse.Namespace) -> int:
    from hkmj.botmatch import play_bot_match
    from hkmj.tui.texts import bot_by_table_name

    # a built-in bot named as the French table names it (glouton, hasard, fort) is that bot, as in hkmj play
    bots: list[str] = [bot_by_table_name(b) or b for b in args.bot or []]
    args.fill = bot_by_table_name(args.fill) or args.fill
    if len(bots) > 4:
        print(said("bot-match", f"at most four --bot, got {len(bots)}", args.lang), file=sys.stderr)
        return 2
    if args.fill.strip().lower() not in BOTS:
        print(said("bot-match", f"--fill {args.fill!r}: choose from {', '.join(BOTS)}", args.lang), file=sys.stderr)
        return 2
    bots += [args.fill] * (4 - len(bots))
    if args.record and args.log and _same_file(args.log, args.record):  # else the log takes the name and the record is refused after the match
        print(said("bot-match", f"--log {args.log} and --record {args.record} name the same file: give each a file of its own", args.lang), file=sys.stderr)
        return 2
    if args.record and (refused := record_refused("bot-match", args.record, args.lang)):  # never replaced, as simulate --record
        print(refused, file=sys.stderr)
        return 2
    log_file = None
    created = False  # --log FILE made here: removed again if the match is refused, so that it can be run again
    if args.log:
        if missing := no_folder("bot-match", "--log", args.log, args.lang, what="log"):
            print(missing, file=sys.stderr)
            return 2
        stream = is_stream_path(args.log)  # /dev/stdout, /dev/fd/5: written to as it is, never deleted
        if not stream and os.path.isfile(args.log):  # the fault log of a run before is never lost (as --record)
            print(said("bot-match", f"--log {args.log}: this file already exists; give another name, or delete the file first", args.lang), file=sys.stderr)
            return 2
        try:
            # standard output or error through its own stream (after what it printed), another stream appended to
            log_file = own_stream(args.log) if stream else None
            if log_file is None:
                # "x": a file that appeared since the check is not replaced; a FIFO or a device is written to
                append = stream or os.path.lexists(args.log)
                log_file = open(args.log, "a" if append else "x", encoding="utf-8")  # noqa: SIM115 (closed below)
                created = not append
        except OSError as e:
            print(said("bot-match", f"cannot write {args.log}: {e.strerror}", args.lang), file=sys.stderr)
            return 2

    from hkmj.simulate import Progress

    # a progress bar on a terminal only: its line is cleared before a fault line is written there
    bar = Progress(args.hands, lang=args.lang) if not args.quiet and sys.stderr.isatty() else None

    def log(line: str) -> None:
        clear = "\r\033[K" if bar is not None and log_file is None else ""
        try:
            print(f"{clear}{said('bot-match', line, args.lang)}", file=log_file or sys.stderr, flush=True)
        except OSError as e:
            if log_file is None:
                raise
            raise Unwritable(OSReason.of(e)) from None  # a full disk: the match stops, said in one line

    try:
        try:
            rules = rules_from_args(args)
            report = play_bot_match(
            bots,
            hands=args.hands,
            seed=args.seed,
            time_limit=args.time_limit,
            startup_limit=args.startup_limit,
            log=log,
            rules=rules,
            progress=None if bar is None else bar.advance,
            )
            lost = log_file is not None and not stream and gone(args.log, log_file)  # rm -r of its folder while it ran: not a silent loss
        finally:
            if log_file and log_file not in (sys.stdout, sys.stderr):
                try:
                    log_file.close()
                except OSError as e:  # the last lines, flushed on closing, met a full disk
                    raise Unwritable(OSReason.of(e)) from None
    except ValueError as e:  # refused before any hand (a bot that cannot start): no empty log left to refuse the next run
        if bar is not None:
            bar.end()  # the bar it cut ends first
        if created:
            with contextlib.suppress(OSError):
                if os.path.getsize(args.log) == 0:
                    os.unlink(args.log)
        print(said("bot-match", str(e), args.lang), file=sys.stderr)
        return 2
    except Unwritable as e:
        if log_file is not None and log_file not in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError):
                log_file.close()
        if not stream:
            with contextlib.suppress(OSError):
                os.unlink(args.log)
        if bar is not None:
            bar.end()  # the bar it cut ends first
        why = f"--log {args.log}: cannot write the file ({e.reason.say(args.lang)}); the unfinished fault log is deleted"
        if stream:
            why = f"--log {args.log}: cannot write to it ({e.reason.say(args.lang)})"
        print(said("bot-match", why, args.lang), file=sys.stderr)
        return 2
    from hkmj.tiles import plural

    # the ruleset played, as hkmj simulate's first line names it: a match is never of two (MCR issue)
    if args.lang == "fr":
        limit = f"{args.time_limit:g}".replace(".", ",")
        played = _rules_in_a_sentence_fr(rules)
        print(f"hkmj bot-match\u00a0: {count(report.hands, 'hand', 'fr')}, graine {args.seed}, {played}, limite de temps {limit} s par décision")
    else:
        print(f"hkmj bot-match: {plural(report.hands, 'hand')}, seed {args.seed}, rules {rules.describe()}, time limit {args.time_limit:g} s per decision")
    print(report.table(args.lang))
    if args.record:
        if os.path.exists(args.record) and not os.path.isdir(args.record):  # appeared while the hands were played
            print(said("bot-match", _exists(args.record), args.lang), file=sys.stderr)
            return 2
        if not _write_record(args.record, report.events, args.lang, "bot-match"):
            return 2
    if lost:
        message = f"--log {args.log}: the file (or its folder) was removed while the hands were played; the fault log is lost"
        print(said("bot-match", message, args.lang), file=sys.stderr)
        return 2
    return 0


def _unwritable_plot(path: str) -> str | None:
    """Why matplotlib cannot write an image at ``path`` (its format, its folder), or None."""
    from pathlib import Path

    from matplotlib.figure import Figure

    formats = Figure().canvas.get_supported_filetypes()
    suffix = Path(path).suffix.lstrip(".").lower()
    if suffix not in formats:
        return f"unknown image format {suffix!r} (use one of {', '.join(sorted(formats))}, e.g. ratings.png)"
    return None


def _plot_exists(args: argparse.Namespace) -> str | None:
    """Why ``--plot FILE`` is refused when FILE already exists (a plot, or any file, is never replaced,
    as ``--record`` and ``--log``; the default arena.png too), or None. A device or a pipe is written to."""
    if not args.plot or is_stream_path(args.plot) or not os.path.isfile(args.plot):
        return None
    if not args.plot_given:
        return f"--plot {args.plot} (the default): this file already exists; give another name with --plot, --plot '' for none, or delete the file first"
    return f"--plot {args.plot}: this file already exists; give another name, or delete the file first"


def _cmd_arena(args: argparse.Namespace) -> int:
    from importlib.util import find_spec

    from hkmj.arena import run_arena
    from hkmj.simulate import Progress

    needed = ["openskill"] + (["matplotlib"] if args.plot else [])
    missing = [m for m in needed if find_spec(m) is None]
    if missing:  # said before any deal is played, not after
        print(said("arena", f'needs the "arena" extra ({", ".join(missing)} missing): pip install "hkmj[arena]"', args.lang), file=sys.stderr)
        return 2
    from hkmj.tui.texts import bot_by_table_name

    # a built-in bot named as the French table names it (glouton, hasard, fort) is that bot, as in hkmj play
    names = [bot_by_table_name(b) or b.strip() for b in args.bots.split(",") if b.strip()]
    if any(":" in b for b in names) and os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())  # a bot's module:factory is looked up from here first, as `python -m` does
    if args.plot and args.record and _same_file(args.plot, args.record):  # else the record takes the name and the plot is refused after the deals
        default = "" if args.plot_given else " (the default)"
        print(said("arena", f"--plot {args.plot}{default} and --record {args.record} name the same file: give each a file of its own", args.lang), file=sys.stderr)
        return 2
    if args.plot and (no_dir := no_folder("arena", "--plot", args.plot, args.lang, what="plot")):  # before any deal is played
        print(no_dir, file=sys.stderr)
        return 2
    if exists := _plot_exists(args):  # before any deal is played
        print(said("arena", exists, args.lang), file=sys.stderr)
        return 2
    if args.plot and (why := _unwritable_plot(args.plot)):
        print(said("arena", f"--plot {args.plot}: {why}", args.lang), file=sys.stderr)
        return 2
    if args.record and (refused := record_refused("arena", args.record, args.lang)):  # never replaced, as simulate --record
        print(refused, file=sys.stderr)
        return 2
    record = StreamedRecord("arena", args.record, args.lang) if args.record else None
    bar = None
    try:
        rules = rules_from_args(args)
        if record is not None and (cannot := record.open()):
            print(cannot, file=sys.stderr)
            return 2
        bar = None if args.quiet else Progress(args.deals, label="deals", lang=args.lang)
        result = run_arena(
            names,
            deals=args.deals,
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            rules=rules,
            progress=None if bar is None else bar.advance,
            on_record=None if record is None else record.write,
        )
        if record is not None:
            record.ended()  # rm -r of its folder while it ran: not a silent loss
    except ValueError as e:
        if record is not None:
            record.drop()  # a bot that failed: no record of half an arena is left
        if bar is not None:
            bar.end()  # the bar it cut ends first
        print(said("arena", str(e), args.lang), file=sys.stderr)
        return 2
    except Unwritable as e:
        if bar is not None:
            bar.end()  # the bar it cut ends first
        print(record.unwritable(e), file=sys.stderr)  # type: ignore[union-attr]  # only a record raises it
        return 2
    finally:
        if record is not None:
            record.close()
    print(result.table(args.lang))
    if record is not None and (code := record.said_at_end()) is not None:
        return code
    if exists := _plot_exists(args):  # a file that appeared while the deals were played is not replaced either
        print(said("arena", exists, args.lang), file=sys.stderr)
        return 2
    if args.plot:
        new = not os.path.lexists(args.plot)
        try:
            result.plot(args.plot, args.lang)
        except OSError as e:
            if new:  # a full disk left it empty or cut: no broken image is left behind
                with contextlib.suppress(OSError):
                    os.unlink(args.plot)
            print(said("arena", f"cannot write {args.plot}: {e.strerror}", args.lang), file=sys.stderr)
            return 2
        print(f"courbe écrite dans {args.plot}" if args.lang == "fr" else f"plot written to {args.plot}")
    return 0


def register(sub: Any) -> None:
    """Add ``bot-match`` and ``arena`` to the ``hkmj`` command."""
    p = sub.add_parser(
        "bot-match",
        help="play external bots (subprocesses, JSON lines) against each other or built-in bots",
        description=(
            "Play a seeded match between bots run as subprocesses (protocol hkmj-bot/1, "
            "docs/bot-protocol.md) and built-in bots, under any ruleset (--rules), and print the totals "
            "and each external bot's faults."
        ),
        epilog=_BOT_MATCH_EPILOG,
        formatter_class=HelpFormatter,
    )
    p.add_argument("--bot", action="append", metavar="BOT", help="built-in name or a command; repeat up to four times")
    p.add_argument(
        "--fill", default="greedy", metavar="BOT", help="built-in bot for the empty places (default greedy; random, greedy, strong, expert, or hasard, glouton, fort as the French table names them)"
    )
    p.add_argument("--hands", type=at_least_one, default=4, metavar="N", help="hands to play (default 4)")
    p.add_argument(
        "--seed",
        type=seed_number,
        default=0,
        help="match seed, a whole number 0 or more: seats and walls (default 0; a bot can find a small seed from its deal, "
        "and so every wall: between bots you do not trust, give a large random one)",
    )
    from hkmj.botmatch import STARTUP_GRACE

    p.add_argument("--time-limit", type=_positive_float, default=1.0, metavar="S", help="seconds per decision (default 1)")
    p.add_argument(
        "--startup-limit",
        type=_positive_float,
        default=STARTUP_GRACE,
        metavar="S",
        help=f"seconds a bot has for its first request, start-up included, if more than --time-limit (default {STARTUP_GRACE:g})",
    )
    p.add_argument("--log", metavar="FILE", help="write the fault log to this new file instead of stderr (an existing file is refused)")
    p.add_argument(
        "--record",
        metavar="FILE",
        help="write every event of the match as JSON Lines (docs/record-format.md) to a new file, for hkmj replay "
        "and hkmj review; never overwrites one",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar (shown on a terminal only)")
    add_lang_argument(p, "the progress, the result, the fault log and the errors")
    add_rules_arguments(p)
    p.set_defaults(func=_cmd_bot_match)

    p = sub.add_parser(
        "arena",
        help="rate bots with OpenSkill over duplicate deals with rotated seats",
        description="Rate bots against each other (built-in ones, or your own by import path): ratings with 95% intervals, and a plot of rating against hands played.",
        epilog=_ARENA_EPILOG,
        formatter_class=HelpFormatter,
    )
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bots, at least two: built-in names (random, greedy, strong, expert, or hasard, glouton, fort as the French table names them) or import paths "
        "module:factory of your own (factory(seed) returns a player; see docs/bot-protocol.md)",
    )
    p.add_argument("--deals", type=at_least_one, default=40, metavar="N", help="deals per table of four (default 40)")
    p.add_argument("--seed", type=seed_number, default=0, help="seed of the deals, a whole number 0 or more (default 0)")
    p.add_argument(
        "--workers",
        type=at_least_one,
        default=1,
        metavar="N",
        help="processes (default 1; same ratings for any number; with --backend ray: Ray tasks at once, and the CPUs of a new local instance)",
    )
    p.add_argument("--backend", choices=["local", "ray"], metavar="local|ray", default="local", help="local processes (default) or Ray tasks")
    p.add_argument("--address", help="Ray cluster address; default: a new local Ray instance")
    add_rules_arguments(p)
    p.add_argument(
        "--plot", default=_ARENA_PLOT, action=_GivenPlot, metavar="FILE", help="rating plot file, a new one: an existing file is refused (default arena.png; '' for none)"
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="write every hand played as JSON Lines (docs/record-format.md) to a new file, for hkmj replay "
        "and hkmj review; never overwrites one",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_lang_argument(p, "the progress, the ratings and the errors")
    p.set_defaults(func=_cmd_arena, plot_given=False)
