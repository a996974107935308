"""``hkmj review GAME.jsonl --seat S``: the command-line adapter of :mod:`hkmj.review`."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path
from typing import Any

from hkmj.cli import at_least_one
from hkmj.helpformat import HelpFormatter
from hkmj.language import LOCALE_DEFAULT, colon
from hkmj.oserror import OSReason, is_stream_path, no_folder, own_stream

_DESCRIPTION = """\
Replay a match (finished, or left to be resumed) and review one player's decisions against the advisor bot (the
expert bot). For every discard, kong, Mahjong and claim
answer (passes included) that offered a choice, the advisor values every legal action from
that player's own view: the review shows what it would have played, how many points of
expected value the choice gave up (and the win chances), and how far the hand was from ready
(shanten) and its waits, before and after. The biggest mistakes come first.

GAME is a record written by hkmj play --record, hkmj simulate --record, hkmj bot-match
--record (review an external bot's play there) or hkmj arena --record, or a server table's log export (GET /api/tables/<id>/log, once the match is over). Any ruleset: Hong
Kong, MCR, classical. Values are the advisor's estimates of the points the hand will bring
(the ruleset's payments: HK-6, MCR-8, CL-7), not certainties: a "mistake" may be a sound choice the advisor
does not see.

--lang fr writes the summary, the page and the error messages in French (tiles, winds,
actions, the advisor's notes); without --lang, the locale's language (French for a French
locale, else English).
"""

_EPILOG = """\
Who is reviewed (--seat):
  E, S, W, N    the player who drew that wind (their seat in the first hand; the review
                follows them as the seats move)
  1, 2, 3, 4    a player number: the --bots order of hkmj simulate; in hkmj play
                records player 1 is you (the default)
  slot0..slot3  a server table's slot (slot0 is player 1)
  a name        in a hkmj play record, the name the table showed: you (player 1), Bot 1,
                Bot 2, Bot 3 (players 2-4; the French table's vous, Robot 1… too);
                in a server table's log, a player's name; in a hkmj arena record,
                a bot's name (at every seat it held)

Output: a text summary on stdout (the biggest mistakes first) and an HTML page with the tiles
drawn, every decision and every legal action valued, written next to the record
(GAME.review.html) unless --html says where (--html - for none). Open it in any browser.
A record read from a pipe (<(cat g.jsonl), /dev/stdin) has no folder: the page is then
review.html in the current folder (review-2.html… when that exists; none is overwritten).

Exit status: 0 reviewed; 2 a file that is no record (or one the engine cannot replay), a
--seat that names nobody in it (or a seat a server table's bot played), or an --html file
that cannot be written or that exists and is not an HTML page (another record, a text: never
replaced); 130 stopped by Ctrl+C.

Examples:
  hkmj play --record match.jsonl && hkmj review match.jsonl
  hkmj review match.jsonl --seat "Bot 1"     # the table's Bot 1 (player 2)
  hkmj simulate --hands 16 --bots greedy,strong,strong,strong --record g.jsonl
  hkmj review g.jsonl --seat 1 --top 5 --html g.html
  hkmj review hkmj-table-kX3v9aQw.jsonl --seat Alice
  hkmj review g.jsonl --lang fr       # en français
"""


def _lang(text: str) -> str:
    from hkmj.review_words import check_lang

    try:
        return check_lang(text.strip().lower())
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def default_html_path(game: str) -> Path:
    """``games/m.jsonl`` -> ``games/m.review.html`` (next to the record). A record read through
    ``/dev/stdin`` or ``/dev/fd/N`` from a file: next to that file. A pipe (``<(cat g.jsonl)``,
    ``cat g.jsonl | hkmj review /dev/stdin``) has no folder: ``review.html`` in the current
    folder, or ``review-2.html``, ``review-3.html``… when it exists (none is overwritten)."""
    p = Path(game)
    if is_stream_path(p):
        real = Path(os.path.realpath(p))
        if not real.is_file() or is_stream_path(real):  # a pipe, a terminal, a device
            out, n = Path("review.html"), 1
            while out.exists():
                n += 1
                out = Path(f"review-{n}.html")
            return out
        p = real
    stem = p.name[: -len(p.suffix)] if p.suffix else p.name
    return p.with_name(stem + ".review.html")


def _cmd_review(args: argparse.Namespace) -> int:
    from hkmj.review import ReviewError, analyse, count_inputs, load, summary_text
    from hkmj.review_html import render_html
    from hkmj.review_words import words
    from hkmj.simulate import Progress

    if args.html not in ("", "-") and (missing := no_folder("review", "--html", args.html, args.lang, what="review")):
        print(words(args.lang).typo(missing), file=sys.stderr)  # said before the review is computed
        return 2
    if args.html not in ("", "-") and _same_file(args.html, args.game):  # the page would replace the record
        print(_error(args.lang, words(args.lang)("err.html_is_game", path=args.html)), file=sys.stderr)
        return 2
    if args.html not in ("", "-") and _not_a_page(args.html):  # another record, a text: not the program's to replace
        print(_error(args.lang, words(args.lang)("err.html_not_page", path=args.html)), file=sys.stderr)
        return 2
    out: Path | None = None
    bar: Progress | None = None
    try:
        loaded = load(args.game)
        if args.html != "-":  # chosen before the analysis (review.html for a pipe)
            out = Path(args.html) if args.html else default_html_path(args.game)
        if loaded.cut_line is not None:  # said before the analysis, which may take a while
            print(_error(args.lang, words(args.lang)("cli.cut_line", path=args.game, line=loaded.cut_line)), file=sys.stderr)
        if not args.quiet and sys.stderr.isatty():
            bar = Progress(count_inputs(loaded.events), stream=sys.stderr, label="moves", lang=args.lang)
        seen = 0

        def progress(done: int, total: int) -> None:
            nonlocal seen
            if bar is not None and (done - seen >= 25 or done == total):
                bar.advance(done - seen)
                seen = done

        review = analyse(loaded, args.seat, progress=progress)
    except ReviewError as err:
        if bar is not None:
            bar.end()  # the bar it drew ends first
        print(_error(args.lang, err.say(args.lang)), file=sys.stderr)
        return 2
    if bar is not None:
        bar.end()
    sys.stdout.write(summary_text(review, top=args.top, lang=args.lang))
    if out is not None:
        w = words(args.lang)
        try:
            write_whole(out, render_html(review, lang=args.lang))
        except OSError as err:
            print(_error(args.lang, w("err.write", path=out, reason=OSReason.of(err).say(args.lang))), file=sys.stderr)
            return 2
        print("\n" + w.typo(w("cli.html", path=out)))
    return 0


def write_whole(out: Path, text: str) -> None:
    """Write ``text`` to ``out`` whole or not at all: into a file beside it, put in its place once
    written (a full disk or a file size limit cut the page in the middle, and lost the page
    already there); a device or a pipe (``/dev/stdout``) is written as it is. On an error the file
    beside it is removed and the error raised. A stream of this process (``/dev/stdout``,
    ``/dev/fd/N``) is written to as it is, never replaced, even when it is a file: standard
    output or error through their own stream (``--html /dev/stdout > out.txt``: after the
    summary), another one appended to."""
    if is_stream_path(out):
        os.stat(out)  # a stream that is not there (/dev/fd/9 not open) is an error, not a new file
        _write_stream(out, text)
        return
    if out.exists() and not out.is_file():
        out.write_text(text, encoding="utf-8")
        return
    target = Path(os.path.realpath(out))  # a link's file, not the link
    part = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with open(part, "x", encoding="utf-8") as f:
            f.write(text)
    except PermissionError:  # a folder one may not add to, holding a page one may rewrite
        part.unlink(missing_ok=True)
        if not target.exists():
            raise
        target.write_text(text, encoding="utf-8")
        return
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    try:
        if target.exists():
            os.chmod(part, stat.S_IMODE(target.stat().st_mode))  # the page's permissions stay
        os.replace(part, target)
    except BaseException:
        part.unlink(missing_ok=True)
        raise


def _write_stream(out: Path, text: str) -> None:
    """Write ``text`` to ``out``, a path of ``/dev`` or ``/proc`` naming a stream: through
    ``sys.stdout`` or ``sys.stderr`` when it is one of them (the same file, pipe or terminal),
    where the lines printed before it already are; else opened for appending, so that a file
    behind it keeps what it holds."""
    stream = own_stream(out)
    if stream is not None:
        stream.flush()
        stream.write(text)
        stream.flush()
        return
    with open(out, "a", encoding="utf-8") as f:
        f.write(text)


def _same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name one existing file (a link, another spelling of the path)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one of them does not exist (or is no path at all)
        return False


def _not_a_page(path: str) -> bool:
    """Whether ``path`` is a file that holds something other than an HTML page: ``--html
    other.jsonl`` (another record, a slip of the tab key) replaced it with the page, unasked, and
    that match was lost. An earlier review (an HTML page), an empty file, a device or a stream
    (``/dev/stdout``, whatever file it was sent to) are written as before."""
    if path.startswith(("/dev/", "/proc/")):  # a stream named as a file: written to, never replaced
        return False
    try:
        if not os.path.isfile(path):
            return False
        with open(path, "rb") as f:
            start = f.read(512).lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    except OSError:
        return False  # unreadable: writing it says why
    return bool(start) and not start.startswith((b"<!doctype html", b"<html", b"<!--"))


def _error(lang: str, message: str) -> str:
    """``hkmj review: MESSAGE``, in French ``hkmj review\u00a0: MESSAGE`` (a no-break space before
    the colon, as ``hkmj play`` writes its own errors)."""
    from hkmj.review_words import words

    return words(lang).typo(f"hkmj review{colon(lang)} {message}")


def register(sub: Any) -> None:
    """Add ``hkmj review`` (see :mod:`hkmj.cli`)."""
    p = sub.add_parser(
        "review",
        help="review one player's decisions in a record against the advisor bot",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=HelpFormatter,
    )
    p.add_argument("game", metavar="GAME", help="a match record (.jsonl) or a server table's log export")
    p.add_argument("--seat", default="1", help="who to review: E/S/W/N, a player number 1-4, slot0-slot3, or a name (you, Bot 1…; a server table's player name) (default 1)")
    p.add_argument(
        "--html", metavar="FILE", default="", help="where to write the HTML review (default GAME.review.html; - for none)"
    )
    p.add_argument("--top", type=at_least_one, default=10, metavar="N", help="mistakes listed in the text summary (default 10)")
    p.add_argument(
        "--lang", metavar="en|fr", type=_lang, default="en", help=f"language of the summary and the page: en (English) or fr (French); without --lang, {LOCALE_DEFAULT}"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_review)
