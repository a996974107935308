"""The ``hkmj play`` subcommand: parse options, pick the bots by name, run the Textual app.

Textual is imported only when the command runs (``hkmj score`` stays light).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import TYPE_CHECKING, Any

from hkmj.cli import whole_number
from hkmj.engine.match import Length
from hkmj.helpformat import HelpFormatter
from hkmj.oserror import OSReason
from hkmj.rulesets import RulesetError
from hkmj.rulesets.args import add_rules_arguments, options_help, rules_from_args
from hkmj.tui.texts import LANGS, Texts

if TYPE_CHECKING:
    from hkmj.tui.session import Session

__all__ = ["DEFAULT_BOTS", "register", "resolve_bots", "result_line", "ruleset_error", "run"]

DEFAULT_BOTS = "strong,strong,greedy"
FALLBACK_BOT = "greedy"

_EPILOG = """\
Keys: the letter shown under a tile (or the arrows) chooses it, Enter discards it (or
click a tile twice); when a discard is on offer: p pung, c chow, k kong, m Mahjong!,
Space pass; k declares a kong on your turn; h hint, ? help, q quit. See docs/play.md.
Needs an 80x24 terminal or larger.

Examples:
  hkmj play --teach                 learn: refused moves explained, help on ?
  hkmj play --hands 4 --seed 7      four hands, replayable from the seed
  hkmj play --lang fr --glyphs      in French, with Unicode mahjong tiles
  hkmj play --record match.jsonl    save the match for hkmj replay and review
  hkmj play --option minfan=3       house rule: at least 3 fan to win
"""


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


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
        help="play a match against three bots in the terminal (Textual): Hong Kong, MCR or classical",
        description=(
            "Play Mahjong against three bots in the terminal: Hong Kong by default, the Chinese "
            "Official rules (MCR, --rules mcr) or the classical game (--rules classical); a full game by default (HK-7)."
        ),
        epilog=_EPILOG + "\n" + options_help(),
        formatter_class=HelpFormatter,
    )
    length = p.add_mutually_exclusive_group()
    length.add_argument("--hands", type=_positive, metavar="N", help="play N hands only")
    length.add_argument("--round", action="store_true", help="play one round (East prevailing) instead of a full game")
    p.add_argument(
        "--bots",
        default=None,
        metavar="A,B,C",
        help=f"the three bots by name (default {DEFAULT_BOTS}; from random, greedy, strong, expert)",
    )
    p.add_argument("--seed", type=whole_number, help="seed of the match (seat draw and every wall); random if omitted")
    p.add_argument(
        "--teach",
        action="store_true",
        help=(
            "teaching table: a false Mahjong is refused and explained instead of penalised "
            "(HK-5.7, MCR-5.4, CL-7.7), other refusals explained, common mistakes warned"
        ),
    )
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the whole screen (default en)")
    p.add_argument("--glyphs", action="store_true", help="draw tiles with Unicode mahjong glyphs (U+1F000) instead of coloured text")
    p.add_argument("--record", metavar="FILE", help="save the match events as JSON Lines (one engine event per line); never overwrites an existing file")
    p.add_argument("--delay", type=_delay, default=0.3, metavar="SECONDS", help="pause before each bot move (default 0.3)")
    add_rules_arguments(p)
    p.set_defaults(func=run)


def resolve_bots(spec: str | None, lang: str = "en") -> tuple[list[str], list[str]]:
    """The three bot names to play, and warnings.

    An unknown name given with ``--bots`` is an error (``ValueError`` with the known names);
    an unknown name in the default line-up falls back to ``greedy`` with a warning.
    """
    from hkmj.bots import BOTS

    tx = Texts(lang)
    names = [n.strip().lower() for n in (spec or DEFAULT_BOTS).split(",")]
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
            raise ValueError(tx("cli.unknown_bot", name=n, known=", ".join(sorted(BOTS))))
    return out, warnings


def ruleset_error(e: RulesetError, tx: Texts) -> str:
    """A bad ``--rules`` or ``--option`` in the table's language (``option minfan='2': ...``)."""
    kind = e.kind
    if kind == "unknown_option" and not e.params["known"]:
        kind = "no_option"
    if not kind:
        return f"hkmj play: {e}"
    return tx(f"cli.rules.{kind}", **e.params)


def result_line(session: Session, tx: Texts) -> str:
    """The line printed on leaving: hands played, your total and rank (HK-7.3), or that no hand
    was played (a rank after no hand would mean nothing)."""
    me = session.match
    if me.hands_played == 0:
        return tx("cli.none", seed=session.seed)
    return tx.plural("cli.result", me.hands_played, seed=session.seed, total=me.totals[0], rank=me.ranking()[0])


def run(args: argparse.Namespace) -> int:
    """Run ``hkmj play``; returns the exit code (2 for a bad option)."""
    from hkmj.bots import make_bot

    tx = Texts(args.lang)
    try:
        names, warnings = resolve_bots(args.bots, args.lang)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    for w in warnings:
        print(w, file=sys.stderr)
    try:
        rules = rules_from_args(args)
    except RulesetError as e:
        print(ruleset_error(e, tx), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    from hkmj.record import RecordWriter

    record: RecordWriter | None = None
    if args.record:
        if os.path.exists(args.record) and not os.path.isdir(args.record):  # never lose a saved match
            print(tx("cli.record_exists", path=args.record), file=sys.stderr)
            return 2
        try:
            record = RecordWriter(args.record)
        except OSError as e:
            print(f"hkmj play: --record {args.record}: {OSReason.of(e).say(args.lang)}", file=sys.stderr)
            return 2
    if not (sys.stdin.isatty() and sys.stdout.isatty()):  # Textual would draw into a pipe and wait for keys forever
        if record is not None:
            record.close()
            os.remove(args.record)
        print(tx("cli.no_terminal"), file=sys.stderr)
        return 2
    from hkmj.tui.app import PlayApp
    from hkmj.tui.session import Session

    bots = [make_bot(n, seed * 4 + i + 1) for i, n in enumerate(names)]
    if args.hands:
        session = Session(
            bots, names, seed=seed, length="hands", hands=args.hands, teach=args.teach, lang=args.lang, record=record, rules=rules
        )
    else:
        length: Length = "round" if args.round else "game"
        session = Session(bots, names, seed=seed, length=length, teach=args.teach, lang=args.lang, record=record, rules=rules)
    try:
        PlayApp(session, glyphs=args.glyphs, delay=args.delay).run()
    finally:
        if record is not None:
            record.close()
    print(result_line(session, tx))
    if args.record:
        print(tx("cli.record", path=args.record))
    return 0
