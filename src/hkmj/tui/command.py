"""The ``hkmj play`` subcommand: parse options, pick the bots by name, run the Textual app.

Textual is imported only when the command runs (``hkmj score`` stays light).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from hkmj.cli import at_least_one, seed_number
from hkmj.engine.match import Length
from hkmj.helpformat import HelpFormatter
from hkmj.language import LOCALE_DEFAULT, env_lang, lang_word
from hkmj.oserror import InputError, OSReason, no_folder
from hkmj.rules_args import add_rules_arguments, options_help, rules_from_args, rules_refusal
from hkmj.rulesets import RulesetError
from hkmj.run_words import said
from hkmj.tui.texts import LANGS, Texts, bot_by_table_name

if TYPE_CHECKING:
    from hkmj.record import RecordWriter
    from hkmj.tui.session import Session

__all__ = ["DEFAULT_BOTS", "Table", "farewell", "forget_if_over", "open_table", "play", "register", "resolve_bots", "result_line", "run"]

DEFAULT_BOTS = "strong,strong,greedy"
FALLBACK_BOT = "greedy"
DEFAULT_DELAY = 0.3

_EPILOG = """\
Keys: the letter shown under a tile (or the arrows) chooses it, Enter discards it (or
click a tile twice); when a discard is on offer: p pung, c chow, k kong, m Mahjong!,
Space pass; k declares a kong on your turn; h hint, ? help, q quit. See docs/play.md.
Needs an 80x24 terminal or larger.

A match is saved as you play: in the --record file, else under $XDG_STATE_HOME/hkmj
(~/.local/state/hkmj); leaving before its end prints the command that continues it.
With --resume, the seed, length, bots, --teach and rules are the saved match's (given,
they must agree with it); --lang and --glyphs default to the saved ones.

Exit status: 0 when you leave or the match ends; 2 a wrong command line, an existing
--record file, a --resume file it cannot continue, or no terminal (input or output a pipe
or a file, or TERM=dumb: it says so instead of waiting).

Examples:
  hkmj play --teach                 learn: refused moves explained, help on ?
  hkmj play --hands 4 --seed 7      four hands, replayable from the seed
  hkmj play --lang fr --glyphs      in French, with Unicode mahjong tiles
  hkmj play --record match.jsonl    save the match for hkmj replay and review
  hkmj play --resume match.jsonl    continue a match you left where it stopped
  hkmj play --option minfan=3       house rule: at least 3 fan to win
"""


def _delay(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= x <= 10:
        raise argparse.ArgumentTypeError("must be between 0 and 10 seconds")
    return x


def register(sub: Any) -> None:
    """Add the ``play`` subcommand to ``hkmj`` (see :func:`hkmj.cli._register_commands`)."""
    p = sub.add_parser(
        "play",
        help="play a match against three bots in the terminal: Hong Kong, MCR or classical",
        description=(
            "Play Mahjong against three bots in the terminal: Hong Kong by default, the Chinese "
            "Official rules (MCR, --rules mcr) or the classical game (--rules classical); a full game by default (HK-7)."
        ),
        epilog=_EPILOG + "\n" + options_help(),
        formatter_class=HelpFormatter,
    )
    length = p.add_mutually_exclusive_group()
    length.add_argument("--hands", type=at_least_one, metavar="N", help="play N hands only")
    length.add_argument("--round", action="store_true", help="play one round (East prevailing) instead of a full game")
    p.add_argument(
        "--bots",
        default=None,
        metavar="A,B,C",
        help=f"the three bots by name (default {DEFAULT_BOTS}; from random, greedy, strong, expert, or as the French table names them: hasard, glouton, fort)",
    )
    p.add_argument("--seed", type=seed_number, help="seed of the match (seat draw and every wall), a whole number 0 or more; random if omitted")
    p.add_argument(
        "--teach",
        action="store_true",
        help=(
            "teaching table: a false Mahjong is refused and explained instead of penalised "
            "(HK-5.7, MCR-5.4, CL-7.7), other refusals explained, common mistakes warned"
        ),
    )
    p.add_argument("--lang", type=lang_word, choices=LANGS, metavar="en|fr", default=None, help=f"language of the whole screen; without --lang, a resumed match's own, else {LOCALE_DEFAULT}")
    p.add_argument(
        "--glyphs",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw tiles with Unicode mahjong glyphs (U+1F000) instead of coloured text (--no-glyphs: coloured text, for a resumed match)",
    )
    p.add_argument("--record", metavar="FILE", help="save the match events as JSON Lines (one engine event per line); never overwrites an existing file")
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="continue the match saved in FILE where it stopped (its --record file, or the file named when you left)",
    )
    p.add_argument("--delay", type=_delay, default=DEFAULT_DELAY, metavar="SECONDS", help=f"pause before each bot move, 0 to 10 (default {DEFAULT_DELAY})")
    add_rules_arguments(p)
    p.set_defaults(func=run)


def resolve_bots(spec: str | None, lang: str = "en") -> tuple[list[str], list[str]]:
    """The three bot names to play, and warnings.

    A bot may be named as the table names it in either language (:func:`bot_names`). An unknown
    name given with ``--bots`` is an error (``ValueError`` with the known names); an unknown name
    in the default line-up falls back to ``greedy`` with a warning.
    """
    from hkmj.bots import BOTS

    tx = Texts(lang)
    names = bot_names(spec or DEFAULT_BOTS)
    if len(names) != 3 or not all(names):
        raise ValueError(tx("cli.bots_count"))
    warnings: list[str] = []
    out: list[str] = []
    for n in names:
        if n in BOTS:
            out.append(n)
        elif spec is None:
            warnings.append(tx("cli.fallback", name=n, fallback=FALLBACK_BOT))
            out.append(FALLBACK_BOT)
        else:
            raise ValueError(said("play", f"unknown bot {n!r}: expected one of {', '.join(BOTS)}", lang))  # simulate's words
    return out, warnings


def bot_names(spec: str) -> list[str]:
    """The bots of ``--bots A,B,C`` by the names hkmj gives them: ``fort``, ``glouton``, ``hasard``
    (as the French table shows them, :data:`~hkmj.tui.texts.BOT_NAMES`) are ``strong``,
    ``greedy``, ``random``; other names as given, in lower case."""
    from hkmj.bots import BOTS

    return [n if n in BOTS else bot_by_table_name(n) or n for n in (n.strip().lower() for n in spec.split(","))]


def result_line(session: Session, tx: Texts) -> str:
    """The line printed on leaving: hands played, your total and rank (HK-7.3), or that no hand
    was played (a rank after no hand would mean nothing)."""
    me = session.match
    if me.hands_played == 0:
        return tx("cli.none", seed=session.seed)
    return tx.plural("cli.result", me.hands_played, seed=session.seed, total=me.totals[0], rank=me.ranking()[0])


@dataclass
class Table:
    """A match ready to play: its session, the file it is saved in as it goes, and whether that
    file is one ``hkmj play`` chose (no ``--record``: removed once the match is over)."""

    session: Session
    record: RecordWriter
    autosaved: bool
    glyphs: bool
    delay: float
    again: tuple[str, ...] = ()
    """The options to give again with ``--resume`` to go on the same way: those the file does not
    keep (``--delay``) or keeps otherwise (a ``--lang`` or ``--glyphs`` given with ``--resume``)."""


def run(args: argparse.Namespace) -> int:
    """Run ``hkmj play``; returns the exit code (2 for a bad option)."""
    table = open_table(args)
    if isinstance(table, int):
        return table
    return play(table)


def open_table(args: argparse.Namespace) -> Table | int:
    """The match the options ask for, new or resumed (``--resume``), or the exit code after saying
    what is wrong with them (2), before any table opens."""
    from hkmj.bots import make_bot
    from hkmj.tui.session import Session  # before any file is opened: Ctrl+C meanwhile leaves nothing behind

    if args.resume is not None:
        return _resume(args)
    lang = args.lang or env_lang()
    tx = Texts(lang)
    try:
        names, warnings = resolve_bots(args.bots, lang)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    for w in warnings:
        print(w, file=sys.stderr)
    try:
        rules = rules_from_args(args)
    except RulesetError as e:
        print(rules_refusal("play", e, tx.lang), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    from hkmj.record import RecordBusy, RecordWriter

    record: RecordWriter | None = None
    if args.record:
        if os.path.exists(args.record) and not os.path.isdir(args.record):  # never lose a saved match
            # a pipe is not opened to see whether it is busy: that open waits for a writer for ever
            key = "cli.record_not_file" if not os.path.isfile(args.record) else "cli.record_busy" if _busy(args.record) else "cli.record_exists"
            print(tx(key, path=args.record), file=sys.stderr)
            return 2
        if missing := no_folder("play", "--record", args.record, lang):  # not the OS's "No such file or directory"
            print(missing, file=sys.stderr)
            return 2
        try:
            record = RecordWriter(args.record, lock=True)
        except RecordBusy:  # created by another hkmj play since the line above
            print(tx("cli.record_busy", path=args.record), file=sys.stderr)
            return 2
        except OSError as e:
            print(tx("cli.record_unwritable", path=args.record, reason=OSReason.of(e).say(lang)), file=sys.stderr)
            return 2
    if (no_terminal := _no_terminal()) is not None:
        if record is not None:
            record.close()
            os.remove(args.record)
        print(tx(no_terminal, term=os.environ.get("TERM", "")), file=sys.stderr)
        return 2
    if record is None:  # saved anyway, for --resume
        record = _autosave(seed, tx, lang)
        if record is None:
            return 2
    try:
        seeds = [seed * 4 + i + 1 for i in range(3)]
        bots = [make_bot(n, s) for n, s in zip(names, seeds, strict=True)]
        glyphs = bool(args.glyphs)
        header = {"bots": names, "bot_seeds": seeds, "lang": lang, "glyphs": glyphs}
        length: Length = "hands" if args.hands else "round" if args.round else "game"
        session = Session(
            bots, names, seed=seed, length=length, hands=args.hands, teach=args.teach, lang=lang, record=record, rules=rules, play_header=header
        )
    except KeyboardInterrupt:  # Ctrl+C before the table opened: nothing was played, no file is left to block the same command
        record.close()
        with contextlib.suppress(OSError):
            record.path.unlink()
        raise
    return Table(session, record, autosaved=not args.record, glyphs=glyphs, delay=args.delay, again=_delay_again(args.delay))


def _busy(path: str) -> bool:
    """A running ``hkmj play`` holds the lock of the file at ``path`` (it writes its match there)."""
    from hkmj.record import RecordBusy, hold

    try:
        hold(path).close()
    except RecordBusy:
        return True
    except OSError:
        pass
    return False


def _in_a_terminal() -> bool:
    """Textual would draw into a pipe and wait for keys forever; it draws on standard error, so
    ``hkmj play 2> log`` drew the whole table into the file and showed nothing (:func:`_no_terminal`)."""
    err = sys.__stderr__
    return sys.stdin.isatty() and sys.stdout.isatty() and err is not None and err.isatty()


def _no_terminal() -> str | None:
    """The key of the sentence saying why the match cannot be drawn here, None when it can."""
    if _in_a_terminal():
        return "cli.dumb_terminal" if _dumb_terminal() else None
    return "cli.no_terminal" if not (sys.stdin.isatty() and sys.stdout.isatty()) else "cli.no_terminal_stderr"


def _dumb_terminal() -> bool:
    """``TERM=dumb`` (or ``unknown``): a terminal that says it cannot move its cursor (Emacs's
    shell, a serial console). The table drew one row too low (Rich takes such a terminal for
    80×25, Textual's driver reads 80×24) and the two sizes took turns for ever: the screen was
    redrawn without end, a core busy, and the bots never played."""
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def _autosave(seed: int, tx: Texts, lang: str) -> RecordWriter | None:
    """The record of a match played without ``--record``, in :func:`~hkmj.tui.resume.save_dir`
    (None, the reason said, when that folder cannot be written)."""
    from hkmj.record import RecordBusy, RecordWriter
    from hkmj.tui.resume import missing_home, save_dir, save_path

    if (home := missing_home()) is not None:  # a user's home folder is not the program's to create
        print(tx("cli.autosave_no_home", path=save_dir(), home=home), file=sys.stderr)
        return None
    try:
        save_dir().mkdir(parents=True, exist_ok=True)
        while True:
            try:
                return RecordWriter(save_path(seed), lock=True)
            except RecordBusy:  # another hkmj play of this seed took the name at the same moment
                continue
    except OSError as e:
        print(tx("cli.autosave_failed", path=save_dir(), reason=OSReason.of(e).say(lang)), file=sys.stderr)
        return None


def play(table: Table) -> int:
    """Run the table, then say how the match went and, when it is not over, how to go on with it;
    a finished match saved without ``--record`` has its file removed. Ctrl+C before the screen
    takes the keys (it reads Ctrl+C as a key from then on, and asks) leaves as ``q`` does: the
    match is saved as it stands, and the command that continues it is printed."""
    try:
        from hkmj.tui.app import PlayApp

        PlayApp(table.session, glyphs=table.glyphs, delay=table.delay, saved=table.record.path, again=table.again).run()
    except KeyboardInterrupt:
        pass
    finally:
        removed = table.record.removed()  # rm -r of its folder during the match: no command to resume a file that is nowhere
        with contextlib.suppress(OSError):  # what a full disk left in its buffer is lost, said by farewell
            table.record.close()
    for line in farewell(table, removed=removed):
        print(line)
    forget_if_over(table)
    return 0


def forget_if_over(table: Table) -> None:
    """Remove the file of a finished match saved without ``--record``: a finished match is not kept
    where matches wait to be resumed (a ``--record`` file stays, for replay and review)."""
    if table.autosaved and table.session.match_over:
        table.record.path.unlink(missing_ok=True)


def farewell(table: Table, *, removed: bool = False) -> list[str]:
    """The lines printed on leaving, each within 80 columns for a short file name: the result; with
    ``--record``, the file and the command that reviews it; when the match is not over, the command
    that resumes it. ``removed``: the file (or its folder) was removed during the match, which is
    said instead of commands naming a file that is nowhere."""
    from hkmj.tui.resume import resume_command, shell_path

    session, path = table.session, table.record.path
    tx = session.tx
    lines = [result_line(session, tx)]
    if removed:
        return [*lines, tx("cli.record_removed", path=path)]
    if not table.autosaved:
        lines += [tx("cli.record", path=path), tx("cli.review", path=shell_path(path))]
    if session.unsaved is not None:  # a full disk stopped the saving: the file ends there
        lines.append(tx("cli.unsaved", path=path, reason=session.unsaved))
    if not session.match_over:
        lines.append(tx("cli.saved", command=resume_command(path, table.again)))
    return lines


_CONFLICTS = ("seed", "hands", "round", "bots", "teach", "rules", "option")
"""The options a saved match fixes: given with ``--resume``, each must agree with the file."""


def _conflict(args: argparse.Namespace, start: dict[str, Any], header: dict[str, Any], tx: Texts) -> tuple[str, str] | None:
    """The first option given with ``--resume`` that contradicts the saved match: ``(option as
    typed, the saved value)`` in ``tx``'s language; None when they agree (or none is given)."""
    from hkmj.record import shown
    from hkmj.rules_args import given

    if args.seed is not None and args.seed != start.get("seed"):
        return f"--seed {args.seed}", f"--seed {shown(start.get('seed'))}"
    length, hands = start.get("length"), start.get("hands")
    saved_length = f"--hands {shown(hands)}" if length == "hands" else "--round" if length == "round" else tx("cli.resume.full_game")
    if args.hands is not None and (length, hands) != ("hands", args.hands):
        return f"--hands {args.hands}", saved_length
    if args.round and length != "round":
        return "--round", saved_length
    if args.bots is not None and bot_names(args.bots) != header.get("bots"):
        return f"--bots {args.bots}", "--bots " + ",".join(map(shown, header.get("bots", [])))
    if args.teach and not start.get("teaching"):
        return "--teach", tx("cli.resume.no_teach")
    from hkmj.rulesets import get_ruleset, parse_option_args

    saved_rules = str(start.get("rules", "hk"))
    name = args.rules if given(args, "rules") else saved_rules
    rules = get_ruleset(name, parse_option_args(args.option, name))  # options of the saved rules
    saved_options = start.get("options") or {}
    if rules.name != saved_rules:
        return f"--rules {args.rules}", f"--rules {shown(saved_rules)}"
    for item in args.option:
        key = item.partition("=")[0].strip().lower()
        if rules.options.get(key) != saved_options.get(key):
            return f"--option {item}", f"{key}={shown(saved_options.get(key))}"
    return None


def _resume(args: argparse.Namespace) -> Table | int:
    """``hkmj play --resume FILE``: the saved match, played again to where it stopped, goes on; the
    file's lock is held from before it is read (a second ``hkmj play`` of it is refused)."""
    path = args.resume
    refuse = _Refusal(path, Texts(args.lang or env_lang()))
    if args.record:
        return refuse("cli.resume.record", record=args.record)
    from hkmj.record import RecordBusy, hold

    try:
        held = hold(path)  # before reading: no other hkmj play writes the file from now on
    except RecordBusy:
        return refuse("cli.resume.busy")
    except OSError:
        held = None  # read_saved says what is wrong with the file
    try:
        table = _resume_held(args, refuse, held)
    except BaseException:
        if held is not None:
            held.close()
        raise
    if isinstance(table, int) and held is not None:
        held.close()
    return table


@dataclass
class _Refusal:
    """Says why ``--resume FILE`` is refused, in the language known so far; exit status 2."""

    path: str
    tx: Texts

    def __call__(self, key: str, **params: Any) -> int:
        print(self.tx(key, path=self.path, **params), file=sys.stderr)
        return 2


def _problem_said(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A :class:`~hkmj.tui.resume.ResumeError`'s ``params`` with its ``problem`` said in ``lang``,
    in the words of ``hkmj replay`` and ``hkmj review``: a file that cannot be read as text (an
    :class:`InputError`), or a line that is no event (a :class:`~hkmj.record.RecordError`)."""
    from hkmj.record import RecordError
    from hkmj.review import ReviewError
    from hkmj.score_words import error_in

    problem = params.get("problem")
    if isinstance(problem, (InputError, RecordError, ReviewError)):
        return {**params, "problem": problem.say(lang)}
    if isinstance(problem, ValueError):
        return {**params, "problem": error_in(str(problem), lang)}
    return {**params, "problem": ""}


def _resume_held(args: argparse.Namespace, refuse: _Refusal, held: IO[bytes] | None) -> Table | int:
    """:func:`_resume` once the file's lock is ``held``: the record then holds the lock."""
    from hkmj.bots import make_bot
    from hkmj.tui.resume import ResumeError, continue_in, read_saved, replay_into, save_dir
    from hkmj.tui.session import Session

    path = args.resume
    try:
        saved = read_saved(path)
    except ResumeError as e:
        if e.lang is not None and not args.lang:  # the saved match's language, as its screen would speak
            refuse.tx = Texts(e.lang)
        return refuse(e.key, **_problem_said(e.params, refuse.tx.lang))
    start, header = saved.start, saved.header
    lang: str = args.lang or (str(header["lang"]) if header.get("lang") in LANGS else env_lang())
    refuse.tx = tx = Texts(lang)
    try:
        conflict = _conflict(args, start, header, tx)
    except RulesetError as e:
        print(rules_refusal("play", e, tx.lang), file=sys.stderr)
        return 2
    if conflict is not None:
        return refuse("cli.resume.conflict", given=conflict[0], saved=conflict[1])
    try:
        from hkmj.record import PLAY_FIELD, match_from_start

        match = match_from_start({k: v for k, v in start.items() if k != PLAY_FIELD})
        names = [str(n) for n in header["bots"]]
        bots = [make_bot(n, s) for n, s in zip(names, header["bot_seeds"], strict=True)]
    except (ValueError, TypeError, KeyError):  # an unknown bot, ruleset or length: RulesetError is a ValueError
        return refuse("cli.resume.bad_header", line=start["_line"])
    if (no_terminal := _no_terminal()) is not None:
        print(tx(no_terminal, term=os.environ.get("TERM", "")), file=sys.stderr)
        return 2
    session = Session(
        bots,
        names,
        seed=match.seed,
        length=match.length,
        hands=match.n_hands,
        teach=match.teaching,
        lang=lang,
        rules=match.rules,
        play_header={**header, "lang": lang},
    )
    try:
        extra = replay_into(session, saved)
    except ResumeError as e:
        return refuse(e.key, **e.params)
    try:
        record = continue_in(saved, extra, held)
    except OSError as e:
        return refuse("cli.resume.unwritable", reason=OSReason.of(e).say(lang))
    session.record = record
    glyphs = args.glyphs if args.glyphs is not None else bool(header.get("glyphs"))
    autosaved = saved.path.resolve().parent == save_dir().resolve()  # a match saved without --record
    again: tuple[str, ...] = ("--lang", lang) if lang != header.get("lang") else ()  # the file's first line keeps the language it began in
    if glyphs != bool(header.get("glyphs")):
        again += ("--glyphs" if glyphs else "--no-glyphs",)
    return Table(session, record, autosaved=autosaved, glyphs=glyphs, delay=args.delay, again=again + _delay_again(args.delay))


def _delay_again(delay: float) -> tuple[str, ...]:
    """``--delay S`` to repeat with ``--resume`` (the file does not keep it), nothing for the default."""
    return () if delay == DEFAULT_DELAY else ("--delay", f"{delay:g}")
