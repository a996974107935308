"""The ``hkmj`` command line: a thin adapter that parses arguments and calls the core."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shlex
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, Final, NoReturn, TextIO, cast

from hkmj.helpformat import HelpFormatter
from hkmj.language import LOCALE_DEFAULT, colon, lang_word
from hkmj.oserror import OSReason, Unwritable, no_folder
from hkmj.scoring.lines import score_line
from hkmj.termlines import fitted

if TYPE_CHECKING:
    from hkmj.record import RecordWriter
    from hkmj.rulesets import Outcome, Ruleset
    from hkmj.scoring import Win

# The rulesets, the classical adapter and the human score path are imported where they are
# used: ``hkmj score`` with no argument (the JSON-lines interface) starts without them.

_SCORE_EPILOG = """\
Two ways to use it:

  Human: give the hand on the command line.
    hkmj score 234s567p88m111z777z --win 1z --from W --seat S
    hkmj score 123m456p789s11z --meld "pung 777z" --win 9s --flower 2

  Machine: no hand argument; one JSON object a line in, one a line out (R-9).
    echo '{"hand": "234s567p88m111z777z", "win_tile": "1z", "seat": "S",' \\
      '"prevailing": "E", "win": "discard", "discarder": "W"}' | hkmj score

  Chinese Official rules (MCR, docs/rules-mcr.md): add --rules mcr, e.g.
    hkmj score 123456789m111p11z --win 1z --flower 1 --rules mcr --lang fr

Notation (HK-1.4): digits then suit letter; m characters, p circles, s bamboo,
z honours 1z..7z = East South West North White Green Red; bonus tiles 1f-4f
flowers, 5f-8f seasons. The hand is the concealed tiles *including* the winning
tile. Each declared group is one --meld:
    --meld "chow 345s"   --meld "pung 555m"   --meld "kong 1111z"
    --meld "ckong 2222p"   (a declared concealed kong)

How it was won (HK-6): a self-draw unless --from SEAT names the discarder;
--robbed --from SEAT: you took the tile SEAT added to a pung (HK-4.10).
--flag last_wall_tile: you drew the last tile of the live wall; final_discard:
you took the discard made after it (HK-4.9); kong_replacement: you drew the
winning tile to replace a kong; heavenly: East won on the dealt tiles;
earthly: you won on East's very first discard.

Rules: --rules hk (default) with house options, e.g. --option minfan=3 --option table=half.

The classical game (--rules classical, docs/rules-classical.md) scores all four
hands: give the others with --other, e.g.
    hkmj score --rules classical 88m567p234s111z --meld "pung 777z" --win 1z \\
      --from W --seat S --other "W: 1789p45s2z666z, kong 7777m, season 3"

Exit status: 0 scored; 1 not a valid hand, or not a winning one under the rules
(with --json the answer is on stdout: {"valid": false, "error": ...}); 2 a wrong
command line: an unknown option or value, an option of one value given twice,
an option of a hand without a hand, --other outside --rules classical; 2 also
when the answer cannot be written (a full disk).
"""

_WORDS = {
    "en": {
        "limit": "Limit hand",
        "fan": "Total fan",
        "base": "Base points",
        "base_seed": "Base points (HK-6)",
        "base_house": "Base points (house table)",
        "payments": "Payments",
        "element": "Element (HK-6)",
        "limit_rule": "Limit hand (HK-6)",
        "pay_self": "HK-6: self-drawn, each loser pays 2 × base",
        "pay_discard": "HK-6: the discarder pays 2 × base, the others 1 ×",
        "pay_shooter": "payment=half-shooter: the discarder alone pays 4 × base",
        "not_counted": "(elements shown for information: a limit hand scores the limit base)",
        "no_element": "(no scoring element: a hand worth 0 fan still wins, HK-6)",
        "winner": "winner",
        "discarder": "discarder",
        "robbed": "robbed kong, pays as the discarder ({rule})",
        "invalid": "Not a valid winning hand",
        "not_winning": "Not a winning hand under these rules",
        "colon": ":",
    },
    "fr": {
        "limit": "Main limite",
        "fan": "Total des fans",
        "base": "Points de base",
        "base_seed": "Points de base (HK-6)",
        "base_house": "Points de base (table maison)",
        "payments": "Paiements",
        "element": "Élément (HK-6)",
        "limit_rule": "Main limite (HK-6)",
        "pay_self": "HK-6\u00a0: tuile piochée, chaque perdant paie 2 × la base",
        "pay_discard": "HK-6\u00a0: le défausseur paie 2 × la base, les autres 1 ×",
        "pay_shooter": "payment=half-shooter\u00a0: le défausseur paie seul 4 × la base",
        "not_counted": "(éléments donnés pour information\u00a0: une main limite vaut la base limite)",
        "no_element": "(aucun élément ne compte\u00a0: une main à 0 fan gagne quand même, HK-6)",
        "winner": "gagnant",
        "discarder": "défausseur",
        "robbed": "kong volé, paie comme le défausseur ({rule})",
        "invalid": "Main gagnante non valable",
        "not_winning": "Pas une main gagnante selon ces règles",
        "colon": "\u00a0:",
    },
}


def seat_roles(seat: int, discarder: int | None, win: str) -> dict[str, str]:
    """Each seat's role in a win, by seat letter (E S W N), as ``hkmj score --json`` gives it
    beside the payments (``roles``): ``winner``, ``discarder`` (who discarded the winning tile),
    ``robbed_kong`` (whose added kong was robbed: pays as the discarder, HK-4.10, MCR-8.2) or
    ``other``; ``win`` is the request's (``self_draw``, ``discard``, ``robbed_kong``)."""
    roles = ["other"] * 4
    if discarder is not None:
        roles[discarder] = "robbed_kong" if win == "robbed_kong" else "discarder"
    roles[seat] = "winner"
    return dict(zip("ESWN", roles, strict=True))


def payment_roles(win: Win, lang: str = "en", rules: Ruleset | None = None) -> tuple[str, str, str, str]:
    """Each seat's label in the payments of ``hkmj score`` (E S W N), in words, from its
    :func:`seat_roles`: the winner, the discarder, and on a robbed kong the player whose added
    kong was robbed, who pays as the discarder (HK-4.10, MCR-8.2); the others' is empty."""
    from hkmj.rulesets import DEFAULT

    w = _WORDS[lang]
    words = {"winner": w["winner"], "discarder": w["discarder"], "other": "",
             "robbed_kong": w["robbed"].format(rule=(rules or DEFAULT).robbed_pays_rule)}  # fmt: skip
    labels = [words[role] for role in seat_roles(win.seat, win.discarder, win.win).values()]
    return (labels[0], labels[1], labels[2], labels[3])


def payment_scheme(win: Win, rules: Ruleset | None = None, lang: str = "en") -> str:
    """How the Hong Kong losers pay, as the table's payments heading says it, with its rule: each
    loser 2 × base on a self-draw; on a discard (or a robbed kong, HK-4.10) the discarder 2 × and
    the others 1 × (HK-6), or the discarder 4 × alone under house option ``payment=half-shooter``."""
    w = _WORDS[lang]
    if win.win == "self_draw":
        return w["pay_self"]
    shooter = rules is not None and rules.options.get("payment") == "half-shooter"
    return w["pay_shooter"] if shooter else w["pay_discard"]


def format_result(
    outcome: Outcome, roles: Sequence[str], lang: str = "en", rules: Ruleset | None = None, scheme: str = ""
) -> str:
    """A human table: itemised elements (HK-6), total, limit, base (Hong Kong) and payments, each
    seat's labelled by ``roles`` (:func:`payment_roles`), under ``scheme``, how they are paid
    (:func:`payment_scheme`); ``rules`` names the limit (the default ruleset when None)."""
    from hkmj.rulesets import DEFAULT
    from hkmj.score_words import error_in
    from hkmj.tiles import wind_letter

    rules = DEFAULT if rules is None else rules
    w = _WORDS[lang]
    unit = outcome.unit
    base = getattr(outcome.detail, "base", None)
    # the figures' column: 3 wide, wider for a big base (--option base=1000 --option table=doubling)
    n = max(3, len(str(outcome.value)), len(str(base if base is not None else 0)))
    lines = [f"{w['element']:<34} {unit:>{n}}", "-" * (35 + n)]
    for item in outcome.items:
        for _ in range(item.count):
            lines.append(f"{item.label(lang):<34} {item.value:>{n}}")
    if not outcome.items and unit == "fan" and outcome.winning and not outcome.limit:
        lines.append(w["no_element"])
    lines.append("-" * (35 + n))
    lines.append(f"{w['fan'] if unit == 'fan' else 'Total':<34} {outcome.value:>{n}}")
    if outcome.limit:
        lines.append(f"{w['limit_rule']}{w['colon']} {rules.name_of(outcome.limit, lang)}")
        lines.append(w["not_counted"])
    if base is not None:  # HK-6's table, or the house's (options table, limit, base: docs/house-options.md)
        seed = all(rules.options.get(key, value) == value for key, value in (("table", "seed"), ("limit", "10"), ("base", "1")))
        lines.append(f"{w['base_seed' if seed else 'base_house']:<34} {base:>{n}}")
    if not outcome.winning:
        # the ruleset words its reason in English (HK minfan); score_words says it in French
        lines.append(f"{w['not_winning']}{w['colon']} {error_in(outcome.reason, lang)}")
        return "\n".join(lines)
    lines.append(f"{w['payments']} ({scheme}){w['colon']}" if scheme else f"{w['payments']}{w['colon']}")
    said = [f"{p:+}" if p else "0" for p in outcome.payments]  # a seat that pays nothing: 0, not +0
    paid = max(6, *(len(p) for p in said))
    for s in range(4):
        lines.append(f"  {wind_letter(s, lang)} {said[s]:>{paid}}  {roles[s]}".rstrip())
    return "\n".join(lines)


def _binary_in(stream: Any) -> BinaryIO:
    """The byte stream under a text stream (a stand-in without one, e.g. io.StringIO, is read whole)."""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        return cast(BinaryIO, buffer)
    return io.BytesIO(stream.read().encode("utf-8", "surrogateescape"))


class _TextOut(io.RawIOBase):
    """Bytes written to a text stream that has no byte stream under it (e.g. io.StringIO)."""

    def __init__(self, stream: Any) -> None:
        super().__init__()
        self._stream = stream

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self._stream.write(bytes(data).decode("utf-8"))
        return len(data)


def _binary_out(stream: Any) -> BinaryIO:
    buffer = getattr(stream, "buffer", None)
    return cast(BinaryIO, buffer if buffer is not None else _TextOut(stream))


_LONGEST_REQUEST = 16 << 20
"""The longest request line ``hkmj score`` reads, in bytes (a request is a few hundred)."""

_OVERLONG_ANSWER = b'{"valid": false, "error": "bad JSON: the line is over 16 MB long (a request is a few hundred bytes)"}\n'


def _score_stream(inp: BinaryIO, out: BinaryIO, score_json: Callable[[Any], dict[str, Any]] | None = None) -> int:
    """Score JSON lines from ``inp`` to ``out``, in order, one result per non-blank line.

    Input is read in chunks as it arrives and every complete line of a chunk is answered
    before the next read, so a script may write a line and wait for its answer. ``score_json``
    is the ruleset's scorer; None for the default Hong Kong table's fast path.
    """
    read = getattr(inp, "read1", inp.read)
    pending: list[bytes] = []  # the pieces of a line not yet ended, joined once when it ends
    held = 0  # their size
    overlong = False  # the line being read passed _LONGEST_REQUEST: answered, skipped to its end
    while True:
        chunk = read(1 << 16)
        if not chunk:
            break
        lines = chunk.split(b"\n")
        if len(lines) == 1:
            if not overlong:
                pending.append(chunk)
                held += len(chunk)
                if held > _LONGEST_REQUEST:  # /dev/zero, an endless line: one answer, memory bounded
                    overlong, pending, held = True, [], 0
                    out.write(_OVERLONG_ANSWER)
                    out.flush()
            continue
        if overlong:
            overlong = False
            lines[0] = b""  # the end of the line already answered
        elif pending:
            pending.append(lines[0])
            lines[0] = b"".join(pending)
        pending = [lines.pop()]
        held = len(pending[0])
        answers = [score_line(line, score_json) for line in lines if line.strip()]
        if answers:
            out.write(("\n".join(answers) + "\n").encode("utf-8", "backslashreplace"))
            out.flush()
    rest = b"".join(pending)
    if rest.strip() and not overlong:
        out.write((score_line(rest, score_json) + "\n").encode("utf-8", "backslashreplace"))
        out.flush()
    return 0


def _cmd_score(args: argparse.Namespace) -> int:
    from hkmj import cli_classical
    from hkmj.rules_args import rules_from_args, rules_refusal
    from hkmj.rulesets import DEFAULT, RulesetError
    from hkmj.score_words import error_in, said_by_score
    from hkmj.scoring import InvalidHand, win_from_json
    from hkmj.scoring.request import hand_problem
    from hkmj.tiles import wind_word

    try:
        rules = rules_from_args(args)
    except RulesetError as e:
        print(rules_refusal("score", e, args.lang), file=sys.stderr)
        return 2
    usage = _score_usage_error(args, rules)
    if usage:
        print(said_by_score(usage, args.lang), file=sys.stderr)
        return 2
    if rules.scores_every_hand and args.hand is not None:
        return cli_classical.run(args, rules.score_json)
    if args.hand is None:
        _hint_at_a_terminal()
        return _score_stream(_binary_in(sys.stdin), _binary_out(sys.stdout), None if rules is DEFAULT else rules.score_json)
    if args.win is None:
        # what is wrong with the hand itself comes before a missing --win
        problem = hand_problem(args.hand, len(args.meld))
        if problem:
            return _invalid_hand(args, _as_options(problem, rules))
        print(said_by_score(NEED_WIN, args.lang), file=sys.stderr)
        return 2
    request: dict[str, Any] = {
        "hand": args.hand,
        "win_tile": args.win,
        "seat": wind_word(args.seat),
        "prevailing": wind_word(args.prevailing),
        "melds": args.meld,
        "flowers": args.flower,
        "seasons": args.season,
        "flags": args.flag,
    }
    if args.robbed:
        request["win"] = "robbed_kong"
    elif args.discarder:
        request["win"] = "discard"
    else:
        request["win"] = "self_draw"
    if args.discarder:
        request["discarder"] = wind_word(args.discarder)
    try:
        win = win_from_json(request)
        outcome = rules.score(win)
    except InvalidHand as e:
        problem = str(e)
        return _invalid_hand(args, own_seat_typed(args, rules.robbed_kong_rule) if problem == OWN_SEAT else _as_options(problem, rules))
    if args.json:
        answer = rules.result_dict(outcome, args.lang)
        if "reason" in answer:  # a hand under the minimum: its reason in --lang, as an error's
            answer["reason"] = error_in(answer["reason"], args.lang)
        answer["roles"] = seat_roles(win.seat, win.discarder, win.win)  # who is who in the payments
        print(json.dumps(answer, ensure_ascii=False))
    else:
        roles = payment_roles(win, args.lang, rules)
        print(
            rules.format_outcome(outcome, args.lang, roles)
            or format_result(outcome, roles, args.lang, rules, payment_scheme(win, rules, args.lang))
        )
    return 0 if outcome.winning else 1


OWN_SEAT = "discarder must be another seat (E, S, W or N)"
"""The scorers' refusal of a discarder at the winner's own seat (R-9)."""

def own_seat_typed(args: argparse.Namespace, robbed_kong_rule: str = "HK-4.10") -> str:
    """:data:`OWN_SEAT` as the command line says it: ``--from`` names the winner's own seat, which one;
    after ``--robbed`` it names the seat whose added kong was robbed (``robbed_kong_rule``: HK-4.10,
    MCR-6.43, CL-3.4), not a discarder."""
    from hkmj.rules_args import given
    from hkmj.tiles import wind_word

    seat = wind_word(str(args.seat)).strip().upper()  # --seat east: E
    default = ", the default" if not given(args, "seat") else ""
    whose = f"whose added kong was robbed ({robbed_kong_rule})" if args.robbed else "that discarded the winning tile"
    return f"--from {seat}: that is the winner's own seat (--seat {seat}{default}); give the seat {whose}"


NEED_WIN = "--win TILE is required with a hand (the winning tile, e.g. --win 1z)"
"""``hkmj score HAND`` without ``--win`` (a usage error, exit 2, under every ruleset)."""


def _invalid_hand(args: argparse.Namespace, problem: str, words: dict[str, dict[str, str]] | None = None) -> int:
    """Report a hand ``hkmj score`` refuses, in ``--lang``: with ``--json`` the machine interface's
    answer on stdout (R-9), else a sentence on stderr (``words``: the ruleset's, default Hong Kong's); exit 1."""
    from hkmj.score_words import error_in

    error = error_in(problem, args.lang)
    if args.json:
        print(json.dumps({"valid": False, "error": error}, ensure_ascii=False))
    else:
        w = (words or _WORDS)[args.lang]
        print(f"{w['invalid']}{w['colon']} {error}", file=sys.stderr)
    return 1


_HAND_OPTIONS = ("--win", "--from", "--seat", "--prevailing", "--lang")
"""Options of one hand on the command line (stored once each by ``OnceAction``)."""


def _score_usage_error(args: argparse.Namespace, rules: Ruleset) -> str | None:
    """What is wrong with the combination of ``hkmj score`` options, or with an option's value, or
    None (exit 2).

    Nothing given is ignored: options of one hand without a hand (the JSON-lines mode reads
    everything from its requests), ``--other`` outside the classical game (CL-5: only it
    scores the other hands) and ``--robbed`` without the seat whose kong was robbed. A
    ``--seat``, ``--prevailing`` or ``--from`` that names no wind is a bad option value, as
    argparse's own (exit 2), not a hand that does not win (exit 1).
    """
    from hkmj.rules_args import given

    undecoded = _not_utf8(args)
    if undecoded:
        return undecoded
    if args.hand is None:
        typed = [o for o in _HAND_OPTIONS if given(args, o[2:].replace("from", "discarder"))]
        typed += [o for o, v in (("--robbed", args.robbed), ("--meld", args.meld), ("--flower", args.flower),
                                 ("--season", args.season), ("--flag", args.flag), ("--other", args.other)) if v]  # fmt: skip
        if typed:
            return (
                f"{typed[0]} needs a hand on the command line (hkmj score 234s567p88m111z777z --win 1z); "
                "without a hand, hkmj score reads JSON requests on stdin, one a line, and takes every field from them (R-9)"
            )
    if args.hand is not None and os.path.exists(args.hand) and not re.fullmatch(r"[\dmpszf\s]*", args.hand, re.IGNORECASE):
        # hkmj score requests.jsonl: not "unknown suit 'r'" of a file's name read as tiles
        if os.path.isdir(args.hand):
            return f"{args.hand!r} is a folder, not a hand (tiles such as 234s567p88m111z777z)"
        return (
            f"{args.hand!r} is a file, not a hand (tiles such as 234s567p88m111z777z); "
            f"to score the JSON requests it holds, one a line: hkmj score < {shlex.quote(args.hand)}"
        )
    if args.other and not rules.scores_every_hand:
        return f"--other gives another seat's hand to the classical game (--rules classical); --rules {rules.name} scores the winner alone"
    if args.robbed and not args.discarder:
        return f"--robbed needs --from SEAT, the seat whose added kong was robbed ({rules.robbed_kong_rule})"
    from hkmj.scoring.model import echo
    from hkmj.tiles import wind_word

    for option, value in (("--seat", args.seat), ("--prevailing", args.prevailing), ("--from", args.discarder)):
        if value is not None and wind_word(value) not in ("E", "S", "W", "N"):  # a bad value, as argparse's: exit 2
            tile = re.fullmatch(r"\s*([1-4])z\s*", value)
            if tile:  # the wind's tile: 2z is South (HK-1.4)
                wind = ("East", "South", "West", "North")[int(tile[1]) - 1]
                return f"{option} {value!r}: a tile: write the {wind} wind as {wind[0]}"
            return f"{option} {echo(value)}: expected a wind E, S, W (or O for Ouest) or N"  # a long value cut
    return None


def _not_utf8(args: argparse.Namespace) -> str | None:
    """Which argument of a hand holds a byte that is not UTF-8 text, and the byte, or None.

    Python reads such a byte of the command line as a lone surrogate (U+DC80-U+DCFF, the
    "surrogateescape" of :func:`os.fsdecode`), which the notation would otherwise quote as an
    unexpected character ``'\\udcff'``: a terminal or a script in another encoding (Latin-1's
    ``é``) sends it."""
    given: list[tuple[str, str | None]] = [("hand", args.hand), ("--win", args.win), ("--from", args.discarder),
                                           ("--seat", args.seat), ("--prevailing", args.prevailing)]  # fmt: skip
    given += [("--meld", m) for m in args.meld] + [("--other", o) for o in args.other or ()]
    for what, value in given:
        byte = next((ord(c) - 0xDC00 for c in value or "" if 0xDC80 <= ord(c) <= 0xDCFF), None)
        if byte is not None:
            return f"the {what} argument holds the byte 0x{byte:02x}, which is not UTF-8 text (is the terminal set to another encoding?)"
    return None


_SIMULATE_EPILOG = """\
Examples:
  hkmj simulate --hands 2000 --seed 7 --bots greedy,greedy,random,random
  hkmj simulate --hands 100000 --bots random,random,random,random --workers 2
  hkmj simulate --hands 50 --record games.jsonl && hkmj replay games.jsonl
  hkmj simulate --hands 100000 --backend ray --address ray://head:10001

Hands are played as matches of 64 hands (match k is seeded SEED + k), so a seed gives the
same hands with any number of workers; seeds 7 and 8 share all their matches but one, so
for independent runs of N hands pick seeds at least N/64 apart. Players are numbered 1-4 in --bots order; seats
(winds) are drawn at each match start and rotate by the rules (HK-7).

Output: a summary on stdout (hands played, wins by seat and by type, draws, false
Mahjongs, limit hands, the average fan of a win (MCR: points, flowers not counted;
classical: score), points per hand by seat and by player, throughput); the progress on
stderr: a bar on a terminal, else a line after the first match and at each tenth of the run.

Exit status: 0 played; 2 a wrong command line, or a --record file that exists already or
cannot be written; 130 stopped by Ctrl+C (it prints "interrupted (Ctrl+C)"), 143 by
SIGTERM ("stopped (SIGTERM)"), 129 by SIGHUP ("stopped (SIGHUP)"; ignored under nohup).
"""


_OPTIONS = {
    "win_tile": "--win",
    "discarder": "--from",
    "seat": "--seat",
    "prevailing": "--prevailing",
    "flowers": "--flower",
    "seasons": "--season",
    "meld": "--meld",
}
"""The request fields (R-9) a command-line error names, and the option the user typed for each."""


_BONUS_IN_HAND = re.compile(r"(?P<tile>[1-8]f) is a bonus tile(?:: give it in flowers or seasons|, not part of the hand) (?P<rule>\([^)]*\))$")
"""A bonus tile written among the concealed tiles, as the scorers word it (HK-1.3, MCR-1.2, CL-1.2)."""


def bonus_tile_typed(message: str, other: bool = False) -> str:
    """``message`` with a bonus tile found in a hand worded as the command line takes it: the
    winner's ``--flower N`` / ``--season N``, another seat's ``flower N`` / ``season N`` after its
    tiles (``--other``)."""
    found = _BONUS_IN_HAND.search(message)
    if found is None:
        return message
    n = int(found["tile"][0])
    kind, number = ("flower", n) if n <= 4 else ("season", n - 4)
    how = f"write it after the tiles as '{kind} {number}'" if other else f"give it with --{kind} {number}"
    return f"{message[: found.start()]}{found['tile']} is a bonus tile: {how} {found['rule']}"


_KONG_IN_HAND = re.compile(r": \w+ is a kong, given (?P<how>as the meld) '[^']*' or as '[^']*' when declared concealed$")
"""A kong held undeclared among the concealed tiles, as the scorers word it (HK-3.3)."""
_MELD_IN_HAND = re.compile(r"(?P<typed>'[^']*') is a declared group: give it in melds as (?P<meld>'[^']*')$")
"""A declared group written among the concealed tiles, as the tile notation words it (HK-5.1)."""


def flag_twice_typed(message: str) -> str:
    """``flags ["last_wall_tile", "last_wall_tile"]: a flag is given twice`` (the request's list, R-3) as the
    user typed it: ``--flag last_wall_tile is given twice (give it once)``; any other message as it is."""
    found = re.fullmatch(r"flags (\[.*): a flag is given twice", message)
    if found is None:
        return message
    flags = re.findall(r'"(\w+)"', found[1])  # the list as quoted, perhaps cut short
    twice = [f for i, f in enumerate(flags) if f in flags[:i]]
    return f"--flag {twice[0]} is given twice (give it once)" if twice else "--flag: a flag is given twice (give each once)"


def typed_in_hand(message: str, other: bool = False) -> str:
    """``message`` with a bonus tile (:func:`bonus_tile_typed`) or a declared group found among a
    hand's tiles worded as the command line takes it: the winner's ``--meld 'pung 777z'``, another
    seat's ``, pung 777z`` after its tiles (``--other``)."""
    kong = _KONG_IN_HAND.search(message)
    if kong is not None and not other:  # 1111z is a kong, given as the meld 'kong 1111z': --meld
        return f"{message[: kong.start('how')]}with --meld{message[kong.end('how') :]}"
    found = _MELD_IN_HAND.search(message)
    if found is None:
        return bonus_tile_typed(message, other)
    how = f"write it after the tiles and a comma, as ', {found['meld'][1:]}" if other else f"give it with --meld {found['meld']}"
    return f"{message[: found.start()]}{found['typed']} is a declared group: {how}"


def bonus_numbers_typed(field: str, numbers: str) -> str:
    """Bonus numbers refused (``field`` "flowers" or "seasons", ``numbers`` "5, 1" as the request's
    list shows them) as the user typed them: ``--flower 5 --flower 1: flowers are numbered 1-4…``."""
    option = _OPTIONS[field]
    typed = " ".join(f"{option} {n}" for n in numbers.split(", "))
    given = [int(n) for n in numbers.split(", ") if n.lstrip("-").isdigit()]
    twice = [n for i, n in enumerate(given) if n in given[:i]]
    if twice and all(1 <= n <= 4 for n in given):  # each number right, one of them twice (HK-1.3)
        return f"{typed}: {field[:-1]} {twice[0]} is given twice: there is one tile of each, give it once"
    return f"{typed}: {field} are numbered 1-4, one tile of each, e.g. {option} 2"


def _as_options(message: str, rules: Ruleset) -> str:
    """A scoring error about a request field, worded with the option the user typed and citing
    the rules of ``rules`` (``HK-1.3`` → ``MCR-1.2``): ``win_tile '10m': …`` becomes ``--win '10m': …``."""
    message = flag_twice_typed(typed_in_hand(rules.cite(message)))
    field, _, rest = message.partition(" ")
    bonus = re.fullmatch(r"\[([-\d, ]*)\]: expected a list of distinct numbers 1-4, one per flower or season held \(R-9\)", rest)
    if field in ("flowers", "seasons") and bonus:  # as typed, not as the request's list: --flower 5
        return bonus_numbers_typed(field, bonus.group(1))
    return f"{_OPTIONS[field]} {rest}" if field in _OPTIONS and rest else message


def whole_number(text: str) -> int:
    """A whole number, negative ones included (argparse type: seeds, bonus tile numbers)."""
    from hkmj.tiles import ascii_int

    n = ascii_int(text)  # ASCII digits: "３" and "1_0" are refused, as in a tile (HK-1.4)
    if n is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (digits 0-9)")
    if abs(n) >= 10**4000:  # a seed is printed, and str() refuses more than 4300 digits (a traceback)
        from hkmj.scoring.model import echo

        raise argparse.ArgumentTypeError(f"{echo(text.strip())} has more than 4000 digits")
    return n


def seed_number(text: str) -> int:
    """A seed (argparse type of every command's ``--seed``): a whole number 0 or more, as the
    environments' ``reset(seed=...)`` takes it (docs/env.md; HK-2.8: the seed replays the walls).
    ``-3`` was a seed here and refused there, where Python's ``random`` would deal it as ``3``."""
    n = whole_number(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"{n} is negative: a seed is a whole number 0 or more")
    return n


def bonus_number(kind: str) -> Callable[[str], int]:
    """The argparse type of ``--flower`` (``kind`` "flower") or ``--season``: a whole number, the
    scorer checking it is 1-4. The tile written whole, as the table shows it (``F2``, ``S3``) or
    in the notation (``2f``; seasons ``5f``-``8f``), is answered with the option and its number; a tile of the other
    kind (``--flower 5f``, ``--season F2``) with the option that gives it (HK-1.3)."""
    letter, first = ("f", 1) if kind == "flower" else ("s", 5)
    other, other_letter, other_first = ("season", "s", 5) if kind == "flower" else ("flower", "f", 1)

    def read(text: str) -> int:
        shown = re.fullmatch(rf"\s*{letter}\s*([1-4])\s*", text, re.IGNORECASE)
        notation = re.fullmatch(rf"\s*([{first}-{first + 3}])\s*f\s*", text, re.IGNORECASE)
        found = shown or notation
        if found:
            n = int(found.group(1)) - (0 if shown else first - 1)
            raise argparse.ArgumentTypeError(f"{text!r} is {kind} {n}: give its number only, --{kind} {n}")
        shown = re.fullmatch(rf"\s*{other_letter}\s*([1-4])\s*", text, re.IGNORECASE)
        notation = re.fullmatch(rf"\s*([{other_first}-{other_first + 3}])\s*f\s*", text, re.IGNORECASE)
        found = shown or notation
        if found:  # --flower 5f: Season 1
            n = int(found.group(1)) - (0 if shown else other_first - 1)
            raise argparse.ArgumentTypeError(f"{text!r} is a {other}: give it with --{other} {n}")
        from hkmj.scoring.model import bonus_name_numbers

        named = bonus_name_numbers().get(unicodedata.normalize("NFC", text).strip().casefold())
        if named:  # the name painted on the tile: --flower plum, --season autumn
            what, n = named
            if what == kind:
                raise argparse.ArgumentTypeError(f"{text!r} is {kind} {n}: give its number only, --{kind} {n}")
            raise argparse.ArgumentTypeError(f"{text!r} is a {other}: give it with --{other} {n}")
        return whole_number(text)

    return read


MOST = 10_000_000
"""The largest count :func:`at_least_one` takes: a larger one (``--hands 99999999999999999999999``)
failed with a traceback in the list of jobs or the process pool, or filled the memory."""


def at_least_one(text: str) -> int:
    """A whole number from 1 to :data:`MOST` (argparse type: hands, deals, workers, mistakes listed)."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    if value > MOST:
        raise argparse.ArgumentTypeError(f"{value} must be at most {MOST}")
    return value


def _cmd_simulate(args: argparse.Namespace) -> int:
    from hkmj.bots import BOTS
    from hkmj.rules_args import rules_from_args, rules_refusal
    from hkmj.rulesets import RulesetError
    from hkmj.run_words import label, said
    from hkmj.scoring.model import echo
    from hkmj.simulate import Progress, run

    lang = args.lang
    try:
        rules = rules_from_args(args)
    except RulesetError as e:
        print(rules_refusal("simulate", e, lang), file=sys.stderr)
        return 2
    from hkmj.tui.texts import bot_by_table_name, bot_in

    # a bot named as the French table names it (glouton, hasard, fort) is that bot, as in hkmj play
    bots = [bot_by_table_name(n) or n for n in (b.strip().lower() for b in args.bots.split(","))]
    if len(bots) != 4:
        print(said("simulate", f"--bots needs four names, got {len(bots)}: {echo(args.bots)}", lang), file=sys.stderr)
        return 2
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        print(said("simulate", f"unknown bot {echo(unknown[0])}: expected one of {', '.join(BOTS)}", lang), file=sys.stderr)
        return 2
    record = StreamedRecord("simulate", args.record, lang) if args.record else None
    if record is not None and (refused := record.open()):
        print(refused, file=sys.stderr)
        return 2
    progress = None if args.quiet else Progress(args.hands, lang=lang)

    def on_chunk(chunk: Any) -> None:
        if record is not None:
            record.write(chunk.lines)
        if progress is not None:
            progress.advance(chunk.summary.hands)

    try:
        summary = run(
            args.hands,
            args.seed,
            bots,
            workers=args.workers,
            on_chunk=on_chunk,
            record=record is not None,
            rules=rules,
            backend=args.backend,
            address=args.address,
        )
        if record is not None:
            record.ended()  # rm -r of its folder while it ran: not a silent loss
    except ValueError as e:
        if progress is not None:
            progress.end()  # the bar it cut ends first
        print(said("simulate", str(e), lang), file=sys.stderr)
        return 2
    except Unwritable as e:
        if progress is not None:
            progress.end()  # the bar it cut ends first
        print(record.unwritable(e), file=sys.stderr)  # type: ignore[union-attr]  # only a record raises it
        return 2
    finally:
        if record is not None:
            record.close()
    # on an 80-column terminal the MCR and classical headers are filled by main's stdout (termlines)
    if lang == "fr":
        named = ", ".join(bot_in(b, "fr") for b in bots)  # the French table's names: glouton, hasard
        print(f"hkmj simulate\u00a0: graine {args.seed}, robots {named}, {_rules_in_a_sentence_fr(rules)}")
    else:
        print(f"hkmj simulate: seed {args.seed}, bots {', '.join(bots)}, rules {rules.describe()}")
    print(summary.report(summary.workers or args.workers, lang) + (f" {label('on Ray', lang)}" if args.backend == "ray" else ""))
    if record is not None and (code := record.said_at_end()) is not None:
        return code
    return 0


class StreamedRecord:
    """The ``--record FILE`` of ``hkmj simulate`` and ``hkmj arena``: refused before any hand is
    played when it cannot be written (:func:`record_refused`), written chunk by chunk as the hands
    end, deleted when it cannot be finished (a full disk), and said at the end (in ``lang``): its
    line count, or that it was removed while the hands were played."""

    def __init__(self, command: str, path: str, lang: str) -> None:
        self.command, self.path, self.lang = command, path, lang
        self.writer: RecordWriter | None = None
        self.lost = False

    def open(self) -> str | None:
        """Create the file; why it cannot be, or None."""
        from hkmj.record import RecordWriter
        from hkmj.run_words import said

        if refused := record_refused(self.command, self.path, self.lang):
            return refused
        try:
            self.writer = RecordWriter(self.path)
        except OSError as e:
            return said(self.command, f"cannot write {self.path}: {e.strerror}", self.lang)
        return None

    def write(self, lines: list[str]) -> None:
        """Write a chunk's lines; :class:`Unwritable` (a full disk, a quota) to be said in one line."""
        try:
            self.writer.write_lines(lines)  # type: ignore[union-attr]  # called only once opened
        except OSError as e:
            raise Unwritable(OSReason.of(e)) from None

    def ended(self) -> None:
        """Note, once the run has ended, whether the file (or its folder) was removed meanwhile."""
        self.lost = self.writer is not None and self.writer.removed()

    def close(self) -> None:
        """Close the file; one still empty (the run refused, a Ray head not found, or stopped
        before its first match ended) is deleted, so that the same command can be run again."""
        if self.writer is None:
            return
        empty = self.writer.lines == 0 and not self.writer.removed()
        with contextlib.suppress(OSError):
            self.writer.close()
        if empty:
            import stat

            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.stat(self.path).st_mode):  # not /dev/null, nor a named pipe
                    os.unlink(self.path)

    def drop(self) -> None:
        """Close and delete an unfinished record (its last line may be cut)."""
        if self.writer is not None:
            self.close()
            with contextlib.suppress(OSError):
                os.unlink(self.path)

    def unwritable(self, e: Unwritable) -> str:
        """Delete the unfinished record and say why it could not be written."""
        from hkmj.run_words import said

        self.drop()
        reason = e.reason.say(self.lang)
        return said(self.command, f"--record {self.path}: cannot write the file ({reason}); the unfinished record is deleted", self.lang)

    def said_at_end(self) -> int | None:
        """Print the record's line (or, to stderr, that it was lost: then 2); None to go on."""
        from hkmj.run_words import run_error_in, said

        if self.lost:
            message = f"--record {self.path}: the file (or its folder) was removed while the hands were played; the record is lost"
            print(said(self.command, message, self.lang), file=sys.stderr)
            return 2
        if self.writer is not None:
            print(run_error_in(f"record: {self.path} ({self.writer.lines} events)", self.lang))
        return None


def record_refused(command: str, record: str, lang: str) -> str | None:
    """Why ``hkmj COMMAND --record RECORD`` cannot write its record, said before any hand is played
    (``simulate``, ``bot-match``, ``arena``): the file exists (a saved match, hkmj play --record, is never
    lost), or its folder does not (not the OS's "No such file or directory"); None when it can."""
    from hkmj.run_words import said

    if os.path.exists(record) and not os.path.isdir(record):
        return said(command, _exists(record), lang)
    return no_folder(command, "--record", record, lang)


def _exists(record: str) -> str:
    """Why ``--record RECORD``, which exists, is refused: a file is never overwritten; a device or a
    pipe (/dev/stdout, >(gzip > r.gz)) is no file to delete, as the sentence for a file advises."""
    if os.path.isfile(record):
        return f"--record {record}: this file already exists; give another name, or delete the file first"
    return f"--record {record}: not a regular file (a device, a pipe or a terminal); a record is saved in a file of its own: give a file name"


def _rules_in_a_sentence_fr(rules: Ruleset) -> str:
    """``describe('fr')`` with its title as the ruleset's ``title_fr_in_sentence`` says it (the options kept)."""
    described, title, phrase = rules.describe("fr"), rules.title_fr, rules.title_fr_in_sentence
    if described.startswith(title):
        return phrase + described[len(title) :]
    return phrase[:-1] + described[len(title) - 1 :]  # "Classique (points et doublements ; pay_highest=on)"


def _cmd_replay(args: argparse.Namespace) -> int:
    from hkmj.record import RecordError, read_record_cut, replay, show
    from hkmj.review import ReviewError
    from hkmj.score_words import error_in, said_by

    if args.record is not None and (missing := no_folder("replay", "--record", args.record, args.lang)):
        print(missing, file=sys.stderr)  # said before the log is read and replayed
        return 2
    try:
        events, cut_line = read_record_cut(args.file)
        if cut_line is not None:  # a crash cut the last line in the middle of a write, as hkmj play --resume leaves it out
            print(said_by("replay", f"{args.file}, line {cut_line} was cut in the middle of a write (a crash) and is left out", args.lang), file=sys.stderr)
    except RecordError as err:
        if err.problem is not None:  # missing, a folder, unreadable, not UTF-8, empty: as review and play --resume say it
            print(f"hkmj replay{colon(args.lang)} {err.problem.say(args.lang)}", file=sys.stderr)
            return 2
        try:
            log_events = _table_log_events(args.file, args.lang)
        except ValueError as log_err:  # a ReviewError: worded as hkmj review words it
            said = log_err.say(args.lang) if isinstance(log_err, ReviewError) else str(log_err)
            print(f"hkmj replay{colon(args.lang)} {said}", file=sys.stderr)
            return 2
        if log_events is None:
            print(said_by("replay", str(err), args.lang), file=sys.stderr)
            return 2
        events = log_events
        from_log = True
    else:
        from_log = False
        kind = events[0].get("type")
        if isinstance(kind, str) and kind not in ("match_start", "hand_start"):  # another program's JSON Lines (an mjai log)
            from hkmj.record import shown

            said = ReviewError("not_a_record", path=args.file, line=events[0].get("_line", 1), type=shown(kind)).say(args.lang)
            print(f"hkmj replay{colon(args.lang)} {said}", file=sys.stderr)  # as hkmj review says it
            return 2
    if args.record is not None and not from_log:
        print(said_by("replay", f"--record writes the match of a server table's log export; {args.file} is already a record", args.lang), file=sys.stderr)
        return 2
    if args.rules is not None:  # a record carries its ruleset (records before rulesets: hk); --rules checks it
        starts = [e for e in events if e.get("type") == "match_start"] or [e for e in events if e.get("type") == "hand_start"][:1]
        played = sorted({str(e.get("rules", "hk")) for e in starts} or {"hk"})
        if played != [args.rules]:
            print(said_by("replay", f"--rules {args.rules}: this {'table log' if from_log else 'record'} is played under {' and '.join(played)} rules; a record carries its ruleset: replay it without --rules", args.lang), file=sys.stderr)
            return 2
    if args.record is not None and os.path.exists(args.record):
        print(said_by("replay", _exists(args.record), args.lang), file=sys.stderr)
        return 2
    bar = None
    if not args.quiet and sys.stderr.isatty():  # a long record takes a while: a bar on a terminal only
        from hkmj.simulate import Progress

        bar = Progress(sum(e["type"] == "hand_start" for e in events), stream=sys.stderr, lang=args.lang)
    report = replay(events, None if bar is None else bar.advance)
    if bar is not None:  # stopped early (or at the start): end the bar's line
        bar.end()
    if args.show:
        # what replays is shown; from the first divergence on, the record may hold anything
        bad = report.divergence.line if report.divergence is not None else None
        for line in show([e for e in events if bad is None or e["_line"] < bad], args.lang):
            print(line)  # each line filled at a terminal by main's stdout (termlines)
    if report.ok:
        from hkmj.tiles import plural

        unfinished = "" if report.complete else "; the record stops before the match's end (an interrupted match)"
        if report.cut:
            unfinished = f"; the record stops in the middle of hand {report.cut[-1]} (an interrupted match)"
        if from_log:  # the log's events were made from its actions just now: nothing recorded to compare
            done = "played from the table log's actions (a table log keeps the actions, not their results)"
            if args.record is not None and not _write_record(args.record, events, args.lang):
                return 2
        elif report.older_words:
            done = "reproduced (every move, score and payment); " + _older_words_note(report.older_words, report.older_rules, report.older_claimed, report.older_knitted, report.older_plural)
        else:
            done = "reproduced exactly"
        print(error_in(f"replay OK: {plural(report.hands, 'hand')}, {plural(report.events, 'event')} {done}{unfinished}", args.lang))
        return 0
    print(error_in(f"replay: {report.divergence}", args.lang))
    return 1


def _write_record(path: str, events: list[Any], lang: str = "en", command: str = "replay") -> bool:
    """Write a table log's match as a record (``hkmj replay LOG --record FILE``), or a bot match's
    (``hkmj bot-match --record FILE``, ``command``); False, with the reason on stderr, when the
    file cannot be written."""
    from hkmj.record import RecordWriter
    from hkmj.score_words import error_in, said_by

    new = not os.path.lexists(path)
    try:
        with RecordWriter(path) as writer:
            writer.write({k: v for k, v in e.items() if k != "_line"} for e in events)
    except OSError as e:
        if new:  # a full disk cut it: no half-written record is left behind
            with contextlib.suppress(OSError):
                os.unlink(path)
        print(said_by(command, f"cannot write {path}: {e.strerror}", lang), file=sys.stderr)
        return False
    print(error_in(f"record: {path} ({len(events)} events)", lang))
    return True


def _older_words_note(n: int, rules: list[str], claimed: int = 0, knitted: int = 0, one_point: int = 0) -> str:
    """What ``hkmj replay`` says of false-Mahjong reasons recorded in earlier versions' words:
    citing Hong Kong's rules at the tables of ``rules``, writing a claimed tile twice (``claimed``
    of them), measuring an MCR hand's distance from ready with the standard shapes only
    (``knitted`` of them), writing a complete MCR hand worth one point as "1 points" (``one_point``)."""
    import re

    from hkmj.rulesets import get_ruleset
    from hkmj.tiles import plural

    own = [get_ruleset(r) for r in rules]
    refs = [ref for r in own for ref in re.findall(r"[A-Z]+-\d+(?:\.\d+)*", f"{r.false_mahjong_rule} {r.winning_shapes}")]
    was, now = [], []
    if rules:
        was.append("cited Hong Kong's rules (HK-5.7, HK-5.1-5.4) at every table")
        now.append(f"cites the table's own ({', '.join(refs)})")
    if claimed:
        was.append("wrote a claimed tile in the hand as well as after it")
        now.append("writes the hand without it")
    if knitted:
        was.append("measured an MCR hand's distance from ready with the standard shapes only")
        now.append("counts the knitted hands too (MCR-5.2.4, MCR-5.2.5)")
    if one_point:
        was.append("wrote a complete MCR hand worth one point as '1 points without flowers'")
        now.append("writes '1 point without flowers' (MCR-5.1)")
    return f"{plural(n, 'false-Mahjong reason')} in the words of earlier versions, which {' and '.join(was)}; this version {' and '.join(now)}"


def _table_log_events(path: str, lang: str = "en") -> list[Any] | None:
    """A server table's log export (``GET /api/tables/<id>/log``) re-played into record events,
    as ``hkmj review`` reads it; None if the file is not a table log (``ValueError`` if it is a
    bad one). Each event's ``_line`` is its place among the events."""
    from hkmj.record import json_line

    try:
        with open(path, encoding="utf-8") as f:
            first = next((line for line in f if line.strip()), "")
        row = json_line(first)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not (isinstance(row, dict) and "kind" in row and "data" in row and "type" not in row):
        return None
    from hkmj.review import load
    from hkmj.score_words import said_by

    loaded = load(path)  # ReviewError (a ValueError) names the bad entry
    if loaded.cut_line is not None:  # as for a record: a crash cut the last line in the middle of a write
        print(said_by("replay", f"{path}, line {loaded.cut_line} was cut in the middle of a write (a crash) and is left out", lang), file=sys.stderr)
    events = loaded.events
    for i, e in enumerate(events, 1):
        e["_line"] = i
    if events and events[0]["type"] == "match_start":  # who sat where, for hkmj review of the record --record writes
        from hkmj.record import TABLE_FIELD

        events[0][TABLE_FIELD] = {"names": list(loaded.names), "bots": sorted(loaded.bots), "others": sorted(i + 1 for i in loaded.others)}
    return events


def version_text(lang: str = "en") -> str:
    """``hkmj 0.1.0 (compiled)`` or ``hkmj 0.1.0 (pure Python)``: which core is installed; in
    French (``lang`` ``fr``, a French locale) ``(compilé)`` or ``(Python pur)``."""
    from hkmj import __version__, compiled

    if lang == "fr":
        return f"hkmj {__version__} ({'compilé' if compiled() else 'Python pur'})"
    return f"hkmj {__version__} ({'compiled' if compiled() else 'pure Python'})"


_MAIN_EPILOG = """\
Start here:
  hkmj play --teach            a teaching game in the terminal (? for help)
  hkmj score 234s567p88m111z777z --win 1z --from W --seat S
  hkmj simulate --hands 100    bots play 100 hands; --record saves them
  hkmj serve                   tables in the browser at http://127.0.0.1:8000

Each command has its own help, with examples: hkmj COMMAND --help (or hkmj help COMMAND).
"""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, except that a help or a version it cannot write is not passed over in
    silence: argparse drops an ``OSError`` of its messages, so ``hkmj --help > /dev/full`` wrote
    nothing and exited 0; :func:`_main` now says it cannot write, status 2, as every command does."""

    def _print_message(self, message: str, file: Any = None) -> None:
        import errno

        if message:
            out = file or sys.stderr
            try:
                out.write(message)
                out.flush()
            except OSError as e:  # a full disk, a reader gone: said by _main; anything else dropped, as argparse does
                if isinstance(e, BrokenPipeError) or e.errno in (errno.ENOSPC, errno.EDQUOT):
                    raise
            except AttributeError:  # no stream at all (pythonw): as argparse does
                pass


def build_parser(only: str | None = None, lang: str = "en") -> argparse.ArgumentParser:
    """The ``hkmj`` parser; ``only`` (a command of this module) registers that subcommand alone;
    ``lang`` ``fr``: its help in French (:mod:`hkmj.help_fr`).

    ``main`` passes the command it was given, so ``hkmj score`` never imports the server,
    the terminal client or the bots (start-up is part of the JSON-lines path's time).
    """
    parser = _Parser(
        prog="hkmj",
        description=(
            "Mahjong with exact rules: Hong Kong (the default, HK-1..HK-7), the Chinese Official rules "
            "(MCR) and the classical points-and-doubles game, chosen with --rules hk|mcr|classical. "
            "Score hands, play in the terminal, simulate and replay bot matches, review your games, "
            "serve tables to browsers."
        ),
        epilog=_MAIN_EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=version_text(), help="print the version and the build")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    if only in (None, "score"):
        _add_score(sub)
    if only in (None, "simulate"):
        _add_simulate(sub)
    if only in (None, "replay"):
        _add_replay(sub)
    if only is None:
        _register_commands(sub)
    if lang == "fr":
        from hkmj.help_fr import in_french

        return in_french(parser)
    return parser


def _add_score(sub: Any) -> None:
    from hkmj import cli_classical
    from hkmj.rules_args import OnceAction, add_rules_arguments, options_help

    p = sub.add_parser(
        "score",
        help="score a winning hand (Hong Kong, MCR or classical), or a stream of JSON requests on stdin",
        description=(
            "Score a winning hand exactly: Hong Kong by default (HK-5, HK-6), the Chinese Official "
            "rules with --rules mcr (MCR-5..MCR-8), the classical game with --rules classical (CL-5..CL-7)."
        ),
        epilog=_SCORE_EPILOG + "\n" + options_help(),
        formatter_class=HelpFormatter,
    )
    p.add_argument("hand", nargs="?", help="concealed tiles including the winning tile (mpsz)")
    p.add_argument("--win", action=OnceAction, metavar="TILE", help="the winning tile, e.g. 1z")
    p.add_argument(
        "--from",
        dest="discarder",
        action=OnceAction,
        metavar="SEAT",
        help="won on this seat's discard (E/S/W/N, O for Ouest, or the wind's name: west); omit for self-draw",
    )
    p.add_argument("--robbed", action="store_true", help="won by robbing --from's added kong (HK-4.10)")
    p.add_argument("--seat", default="E", action=OnceAction, metavar="WIND", help="your seat wind: E, S, W or N (default E)")
    p.add_argument("--prevailing", default="E", action=OnceAction, metavar="WIND", help="the prevailing wind: E, S, W or N (default E)")
    p.add_argument("--meld", action="append", default=[], metavar="MELD", help='a declared group, e.g. "pung 555m" (repeatable)')
    p.add_argument(
        "--flower", action="append", type=bonus_number("flower"), default=[], metavar="N", help="a flower you hold, by its number: 1 Plum, 2 Orchid, 3 Chrysanthemum, 4 Bamboo (repeatable)"
    )
    p.add_argument(
        "--season", action="append", type=bonus_number("season"), default=[], metavar="N", help="a season you hold, by its number: 1 Spring, 2 Summer, 3 Autumn, 4 Winter (repeatable)"
    )
    p.add_argument(
        "--flag",
        action="append",
        default=[],
        choices=["last_wall_tile", "final_discard", "kong_replacement", "heavenly", "earthly", "last_of_kind"],
        metavar="FLAG",
        help="how the hand was won (repeatable): last_wall_tile (every ruleset); final_discard and "
        "kong_replacement (Hong Kong, MCR); heavenly and earthly (Hong Kong); last_of_kind (MCR)",
    )
    p.add_argument(
        "--lang", type=lang_word, choices=["en", "fr"], metavar="en|fr", default="en", action=OnceAction, help=f"language of element names and errors: en or fr; without --lang, {LOCALE_DEFAULT}"
    )
    p.add_argument("--json", action="store_true", help="print the machine JSON result instead of a table")
    add_rules_arguments(p)
    cli_classical.add_arguments(p)
    p.set_defaults(func=_cmd_score)


def _add_simulate(sub: Any) -> None:
    from hkmj.rules_args import add_rules_arguments, options_help

    p = sub.add_parser(
        "simulate",
        help="self-play bot matches and print a summary (optionally record them)",
        description="Play seeded self-play hands with bots under any ruleset (--rules) and summarise them.",
        epilog=_SIMULATE_EPILOG + "\n" + options_help(),
        formatter_class=HelpFormatter,
    )
    p.add_argument("--hands", type=at_least_one, default=1000, metavar="N", help="hands to play (default 1000)")
    p.add_argument("--seed", type=seed_number, default=0, help="seed, a whole number 0 or more: the same seed plays the same hands (default 0)")
    p.add_argument(
        "--bots",
        default="greedy,greedy,random,random",
        help="four bot names, comma-separated, from random, greedy, strong, expert, or as the French table names them: hasard, glouton, fort (default greedy,greedy,random,random)",
    )
    p.add_argument("--record", metavar="FILE", help="write every event as JSON Lines (docs/record-format.md) to a new file; never overwrites one")
    p.add_argument(
        "--workers",
        type=at_least_one,
        default=1,
        metavar="N",
        help="processes to spread the hands over (default 1; with --backend ray: Ray tasks at once, and the CPUs of a new local instance)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_lang_argument(p, "the progress, the summary and the errors")
    add_rules_arguments(p)
    p.add_argument(
        "--backend", choices=["local", "ray"], metavar="local|ray", default="local", help="local process pool (default) or Ray tasks (extra hkmj[ray])"
    )
    p.add_argument("--address", help="Ray cluster address (ray://host:10001 or host:6379); default: a new local Ray instance")
    p.set_defaults(func=_cmd_simulate)


def add_lang_argument(p: argparse.ArgumentParser, what: str) -> None:
    """``--lang en|fr`` of a command whose ``what`` (its messages) it chooses; without it the
    locale's language (:mod:`hkmj.language`, set by :func:`main`)."""
    p.add_argument("--lang", type=lang_word, choices=["en", "fr"], metavar="en|fr", default="en", help=f"language of {what}: en or fr; without --lang, {LOCALE_DEFAULT}")


def _add_replay(sub: Any) -> None:
    from hkmj.rules_args import OnceAction
    from hkmj.rulesets import RULESETS

    p = sub.add_parser(
        "replay",
        help="re-run a match record through the engine and report the first divergence",
        description=(
            "Re-run a JSON Lines match record (docs/record-format.md) through the engine: each match is rebuilt "
            "from its seed, the recorded moves are played again and every event the engine produces is compared "
            'with the recorded one. It prints "replay OK: N hands, M events reproduced exactly", or the line of '
            "the first event that differs with both versions."
        ),
        epilog=(
            "Exit status: 0 when every recorded event is reproduced (a record that stops early, because a match "
            "was left or a process killed, replays what it holds and says so); 1 at the first divergence; 2 for a file that "
            "is no record, a record of another ruleset than --rules, or a --record file that exists already or cannot be written.\n\nExamples:\n  hkmj simulate --hands 8 --record g.jsonl && hkmj replay g.jsonl\n"
            "  hkmj replay g.jsonl --show --lang fr     # the hands move by move, in French\n"
            "  hkmj replay log.jsonl --record t.jsonl  # a table log's match as a record"
        ),
        formatter_class=HelpFormatter,
    )
    p.add_argument(
        "file", help="a record written by hkmj simulate --record, hkmj play --record, hkmj bot-match --record or hkmj arena --record, or a server table's log export"
    )
    p.add_argument("--show", action="store_true", help="first print the hands move by move, in words")
    p.add_argument("--lang", type=lang_word, choices=["en", "fr"], metavar="en|fr", default="en", help=f"language of --show, of the report and of the errors: en or fr; without --lang, {LOCALE_DEFAULT}")
    p.add_argument("--quiet", action="store_true", help="no progress bar (shown on a terminal only)")
    p.add_argument(
        "--rules",
        choices=list(RULESETS),
        action=OnceAction,
        metavar="NAME",
        help=f"check that the record is of this ruleset: {' or '.join(RULESETS)} (default: none; a record carries its ruleset and is replayed under it)",
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="for a server table's log export: also write the match it holds as a record (JSON Lines, "
        "docs/record-format.md) to a new file; never overwrites one",
    )
    p.set_defaults(func=_cmd_replay)


def _register_commands(sub: Any) -> None:
    """Subcommands that live beside their adapters: each module adds its parser.

    A module here exposes ``register(sub)`` that calls ``sub.add_parser(...)`` and sets
    ``func`` to a function taking the parsed arguments and returning an exit code. Imports
    of heavy adapters (Textual, the server) belong inside those functions, not at the top.
    """
    from importlib import import_module

    for name in _COMMAND_MODULES:
        import_module(name).register(sub)


_COMMAND_MODULES: tuple[str, ...] = ("hkmj.tui.command", "hkmj.server.command", "hkmj.research_commands", "hkmj.review_command")
"""Modules with a ``register(sub)`` function, in the order their commands are listed."""


_OWN_COMMANDS: frozenset[str] = frozenset({"score", "simulate", "replay"})
"""The subcommands defined in this module (the others are registered by their modules)."""


def _reopen_closed_streams() -> bool:
    """Open on /dev/null each of the standard streams hkmj was started without (``<&-``, ``>&-``,
    ``2>&-``: Python then leaves ``sys.stdout`` None, and the first file the command opens would
    take its number); True when standard output was one of them."""
    closed_out = False
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        if getattr(sys, name) is None:
            setattr(sys, name, open(fd, "r" if fd == 0 else "w", encoding="utf-8", closefd=False))  # noqa: SIM115
        closed_out = closed_out or fd == 1
    return closed_out


def _no_stdout(command: str | None, lang: str) -> str:
    """Standard output closed (``>&-``): said before any work, as ``ls >&-`` says it."""
    name = f"hkmj {command}" if command else "hkmj"
    if lang == "fr":
        return f"{name}\u00a0: la sortie standard est fermée (>&-), rien où écrire\u00a0; envoyez-la plutôt vers /dev/null (> /dev/null)"
    return f"{name}: standard output is closed (>&-): nothing to write to; send it to /dev/null instead (> /dev/null)"


def _tolerant_streams() -> None:
    """Let standard output and error write what their encoding cannot (``PYTHONIOENCODING=ascii``
    and French, a file name of non-UTF-8 bytes) as ``\\xe9`` escapes: a strict stream raised
    ``UnicodeEncodeError`` with a traceback after the work was done."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        return _started(words)
    except KeyboardInterrupt:  # while a command's parts are imported, before it runs (_run says it then)
        from hkmj.launch import interrupted

        return interrupted(None, words)


def _started(words: list[str]) -> int:
    _tolerant_streams()
    if _reopen_closed_streams() and words[:1] != ["serve"]:  # hkmj serve logs on stderr
        from hkmj.language import lang_of

        command = words[0] if words and not words[0].startswith("-") else None
        print(_no_stdout(command, lang_of(words)), file=sys.stderr)
        return 2
    if words == ["score"]:
        # the JSON-lines interface with the default ruleset (what the parser would choose):
        # straight to the stream, its start-up being part of every batch's time
        _hint_at_a_terminal()
        return _run(lambda: _score_stream(_binary_in(sys.stdin), _binary_out(sys.stdout)))
    from hkmj.help_fr import without_lang
    from hkmj.language import LANGS, lang_of, lang_typed

    lang = lang_of(words)  # --lang anywhere, else the environment's (LANGUAGE unless C, LC_ALL, LC_MESSAGES, LANG)
    typed = lang_typed(words)
    if typed is not None and typed.strip().lower() in LANGS and (words[:1] == ["help"] or any(w in ("-h", "--help", "-help") for w in words)):
        words = without_lang(words)  # it chose the help's language: hkmj --lang fr --help is hkmj's help
    words = _help_words(words)
    command = words[0] if words else None
    if command == "serve":  # a server's log: its own
        return _main(words, lang, typed)
    stdout, stderr = sys.stdout, sys.stderr
    sys.stderr = fitted(stderr)  # on a terminal, a sentence too wide for it is filled to its width
    try:
        return _main(words, lang, typed, stdout)
    finally:
        sys.stderr.flush()
        sys.stdout.flush()
        sys.stdout, sys.stderr = stdout, stderr


def _main(words: list[str], lang: str, typed: str | None, stdout: TextIO | None = None) -> int:
    """Parse ``words`` and run the command; ``stdout``, when given, is filled on a terminal once
    the command is known to write for a person (not ``hkmj score``'s JSON, nor the Textual screen
    of ``hkmj play`` and the command it prints to continue a match, to be copied whole)."""
    parser = build_parser(words[0] if words and words[0] in _OWN_COMMANDS else None, lang)
    try:
        args = _parse(parser, words)
    except OSError as e:  # a help or version written to a full disk, or to a reader gone (| head)
        return _unwritten(e, words, lang)
    if not getattr(args, "func", None):
        try:
            parser.print_help()
        except OSError as e:
            return _unwritten(e, words, lang)
        return 0
    if typed is None and getattr(args, "lang", None) is not None and not getattr(args, "json", False):
        # no --lang: the environment's language (a --json answer is for a program: English unless typed;
        # hkmj play's None is the resumed match's own language, else the environment's)
        args.lang = lang
    if stdout is not None and not getattr(args, "json", False) and words[0] != "play" and not (words[0] == "score" and args.hand is None):
        sys.stdout = fitted(stdout)
    return _run(lambda: int(args.func(args)), words[0], getattr(args, "lang", None) or lang)


def _unwritten(e: OSError, words: list[str], lang: str) -> int:
    """What ``hkmj [COMMAND] --help`` (or ``--version``, a usage error) does when its text cannot
    be written: 0 when the reader went away (``| head -1``), as for every command; on a full disk,
    one line on stderr, status 2, in the words a command uses (:func:`_run_caught`)."""
    import errno

    if isinstance(e, BrokenPipeError):
        _drop_stdout()
        return 0
    if e.errno not in (errno.ENOSPC, errno.EDQUOT):
        _drop_stdout()
        raise e
    command = words[0] if words and not words[0].startswith("-") else None
    return _say_unwritten("hkmj" if command is None else f"hkmj {command}", e, lang)


def _drop_stdout() -> None:
    """What is left in stdout's buffer goes nowhere, not into a second error at exit."""
    if sys.stdout is sys.__stdout__ and sys.__stdout__ is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())


def _say_unwritten(name: str, e: OSError, lang: str) -> int:
    """A full disk under ``name``'s output: one line on stderr in ``lang``, status 2."""
    _drop_stdout()
    reason = OSReason.of(e).say(lang)
    if lang == "fr":
        said = f"{name}\u00a0: écriture impossible ({reason})\u00a0; libérez de la place, ou écrivez la sortie ailleurs"
    else:
        said = f"{name}: cannot write ({reason}); free some space, or write the output elsewhere"
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(said + "\n")
        sys.stderr.flush()
    return 2


def _help_words(words: list[str]) -> list[str]:
    """What a newcomer types for help, as ``--help``: ``hkmj help`` and ``hkmj help help`` (``hkmj
    --help``), ``hkmj help play`` and ``hkmj play help`` (``hkmj play --help``), ``-?`` and
    ``-help`` (argparse read it as ``-h`` with a value: "ignored explicit argument 'elp'")."""
    if words[:1] == ["help"]:
        words = [*(w for w in words[1:2] if w != "help"), "--help"]  # hkmj help help: hkmj's own
    if words in (["version"], ["-version"], ["-V"], ["-v"]):  # what other programs take for --version
        return ["--version"]
    from hkmj.help_fr import without_lang

    bare = without_lang(words)  # --lang fr chose the help's language (main read it first)
    if len(bare) == 2 and bare[1] == "help" and not bare[0].startswith("-") and not os.path.exists("help"):
        words = [bare[0], "--help"]  # hkmj play help (a file named help is a record to replay)
    return ["--help" if w in ("-help", "-?") else w for w in words]


def _parse(parser: argparse.ArgumentParser, words: list[str]) -> argparse.Namespace:
    """Parse ``words``; a mistake is reported by the command it concerns, with its usage and the
    closest name: ``hkmj scor`` (did you mean score?), ``hkmj simulate --sed 7`` (--seed?)."""
    import difflib

    from hkmj.language import lang_of

    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    if lang_of(words) == "fr":  # --lang fr, or a French locale: the parser's errors in French, as its help (hkmj.help_fr)
        _french_errors(parser)
        if words and words[0] in sub.choices:
            _french_errors(sub.choices[words[0]])
    if words and not words[0].startswith("-") and words[0] not in sub.choices:
        close = difflib.get_close_matches(words[0], list(sub.choices), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        parser.error(f"unknown command {words[0]!r}{hint} (the commands: {', '.join(sub.choices)})")
    own = {o for a in parser._actions for o in a.option_strings}
    if words and words[0].startswith("-") and "--" in words and not any(w in sub.choices for w in words[: words.index("--")]):
        # hkmj -- score 1m (it said "unknown option --"): '--' belongs after the command, before its arguments
        end = words.index("--")
        after = words[end + 1 :]
        line = [after[0], *words[:end], *after[1:]] if after and after[0] in sub.choices else ["COMMAND", *words[:end], "--", *after]
        parser.error(f"'--' ends the options, and the command comes first: hkmj {shlex.join(line)}")
    if words and words[0].startswith("-") and words[0].split("=")[0] not in own:
        option = words[0].split("=")[0]
        having = [name for name, p in sub.choices.items() if any(option in a.option_strings for a in p._actions)]
        if not having:
            parser.error(
                f"unknown option {option} (hkmj itself takes -h and --version; a command's options: hkmj COMMAND --help)"
            )
        named = [w for w in words if w in sub.choices]
        typos = [(w, close) for w in words if not w.startswith("-") for close in difflib.get_close_matches(w, list(sub.choices), n=1)]
        if not named and typos:  # hkmj --lang fr plya: the misspelt command, and the line it meant
            typo, meant = typos[0]
            rest = [w for w in words if w != typo]
            parser.error(
                f"unknown command {typo!r}; did you mean {meant!r}? ({option} is an option of a command, given "
                f"after it: hkmj {shlex.join([meant, *rest])})"
            )
        command = named[0] if named else having[0] if len(having) == 1 else "COMMAND"  # hkmj --lang fr: any command
        rest = [w for w in words if w != command]
        parser.error(
            f"{option} is an option of a command, not of hkmj itself: give the command first "
            f"(hkmj {shlex.join([command, *rest])}); commands that take it: {', '.join(having)}"
        )
    _short_choices(parser)
    if words and words[0] in sub.choices:
        _short_choices(sub.choices[words[0]])
        _one_dash_or_a_value(sub.choices[words[0]], words[1:])
        _unknown_before_missing(sub.choices[words[0]], words[1:])
    args, extra = parser.parse_known_args(words)
    if extra:
        command = sub.choices.get(getattr(args, "command", None) or "", parser)
        options = [o for a in command._actions for o in a.option_strings if o.startswith("--")]
        close = [m for w in extra if w.startswith("--") for m in difflib.get_close_matches(w.split("=")[0], options, 1, 0.8)]
        hint = f" (did you mean {close[0]}?)" if close else ""
        ended = [w.split("=")[0] for w in words[words.index("--") + 1 :] if w.split("=")[0] in options] if "--" in words else []
        if ended:  # hkmj score -- 123m... --win 5p: not "did you mean --win?" of --win itself
            hint = f" ({ended[0]} comes after '--', which ends the options: give it before '--')"
        hand = getattr(args, "hand", None)
        at = _position(words, extra)
        owner = words[at - 2] if at >= 2 and words[at - 2].startswith("--") and "=" not in words[at - 2] else None
        value = words[at - 1] if at >= 1 else ""
        if args.command == "score" and hand and owner is None and all(re.fullmatch(r"[0-9A-Za-z]+", w) for w in extra):  # 123m EE 999m
            hint = f" (write the hand as one word, without spaces: {hand}{''.join(extra)})"
        elif owner == "--meld" and value.lower() in ("chow", "pung", "kong", "ckong") and not close:  # --meld pung 555m
            hint = f" (put the meld in quotes: --meld \"{value} {extra[0]}\")"
        elif owner == "--other" and re.fullmatch(r"[ESWNO]:?", value, re.IGNORECASE) and not close:  # --other E: 13m...
            hint = f" (put the hand in quotes: --other \"{' '.join([value, *extra])}\")"
        elif owner in _pairs(command) and not close and "".join([value, *extra]).count("=") == 1:  # --option minfan = 3
            hint = f" (write {owner} KEY=VALUE as one word, without spaces: {owner} {''.join([value, *extra])})"
        elif owner in _repeated(command) and not close and not any(w.startswith("-") for w in extra):  # --flower 1 2, given once per value
            hint = f" (give {owner} before each value: {' '.join(f'{owner} {v}' for v in [value, *extra])})"
        if args.command == "play" and len(extra) == 1 and os.path.isfile(extra[0]) and not close:  # hkmj play match.jsonl
            hint = f" (to go on with the match saved in that file: --resume {shlex.quote(extra[0])})"
        bots = getattr(args, "bots", None)
        if isinstance(bots, str) and _bot_names(extra):  # --bots strong strong greedy (or "strong, strong, greedy")
            names = [n for w in [bots, *extra] for n in w.split(",") if n]
            hint = f" (write the bots as one word, separated by commas: --bots {','.join(names)})"
        command.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    return args


def _one_dash_or_a_value(command: argparse.ArgumentParser, words: list[str]) -> None:
    """Refuse, naming the option meant, what argparse would misread: a long option typed with one
    dash or a typographic one (``-teach``, ``—teach``: "unrecognized arguments"; ``-hands 5``: "argument
    -h/--help: ignored explicit argument 'ands'") and a value given to an option that takes none
    (``--teach=yes``: "ignored explicit argument 'yes'")."""
    import difflib

    flags = {o for a in command._actions if a.nargs == 0 for o in a.option_strings}
    options = [o for a in command._actions for o in a.option_strings if o.startswith("--")]
    for word in words:
        if word == "--":
            return
        name = word.split("=")[0]
        if re.fullmatch(r"(-|[\u2010-\u2015\u2212]{1,2})[A-Za-z][\w-]+", name) and name not in options:
            meant = difflib.get_close_matches("--" + name.lstrip("-\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), options, 1, 0.8)
            if meant:
                command.error(f"unrecognized arguments: {word} (did you mean {meant[0]}?)")
        if word.startswith("--") and "=" in word and name in flags:
            command.error(f"argument {name}: takes no value (write {name} alone)")


def _unknown_before_missing(command: argparse.ArgumentParser, words: list[str]) -> None:
    """Make a misspelt option outrank a missing argument: ``hkmj review --helpp`` (or ``hkmj arena
    --bost a,b``) said only "the following arguments are required: GAME" (argparse checks the
    required arguments before it reports unknown ones), hiding the typo and the option meant; it
    now says "unrecognized arguments: --helpp (did you mean --help?)", as the commands without a
    required argument do."""
    import difflib

    options = [o for a in command._actions for o in a.option_strings if o.startswith("--")]
    typed = [w for w in words[: words.index("--") if "--" in words else len(words)] if w.startswith("--") and w != "--"]
    unknown = [w for w in typed if not any(o.startswith(w.split("=")[0]) for o in options)]  # argparse takes a prefix
    if not unknown:
        return
    error = command.error

    def typo_first(message: str) -> NoReturn:
        if message.startswith("the following arguments are required"):
            close = difflib.get_close_matches(unknown[0].split("=")[0], options, 1, 0.8)
            error(f"unrecognized arguments: {' '.join(unknown)}" + (f" (did you mean {close[0]}?)" if close else ""))
        error(message)

    setattr(command, "error", typo_first)  # noqa: B010 - this parser only, for this command line


_CHOICE: Final = re.compile(r"(invalid choice: )('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def _short_choices(command: argparse.ArgumentParser) -> None:
    """Make ``command``'s "invalid choice" errors quote at most 40 characters of the value, as every
    other error does (R-9): argparse quoted all of it (``--flag`` followed by 10,000 characters)."""
    from hkmj.scoring.model import ECHO

    error = command.error

    def cut(m: re.Match[str]) -> str:
        return m[1] + (m[2] if len(m[2]) <= ECHO else m[2][: ECHO - 3] + "...")

    def short(message: str) -> NoReturn:
        error(_CHOICE.sub(cut, message, count=1))

    setattr(command, "error", short)  # noqa: B010 - this parser only, for this command line


def _repeated(command: argparse.ArgumentParser) -> set[str]:
    """The options of ``command`` given once per value (``--flower 1 --flower 2``)."""
    return {o for a in command._actions if isinstance(a, argparse._AppendAction) for o in a.option_strings}


def _pairs(command: argparse.ArgumentParser) -> set[str]:
    """The options of ``command`` whose value is one ``KEY=VALUE`` word (``--option minfan=3``)."""
    return {o for a in command._actions if a.metavar in ("KEY=VALUE", "CLÉ=VALEUR") for o in a.option_strings}  # French help renames it


def _position(words: list[str], extra: list[str]) -> int:
    """Where the first of the words the parser left over (``extra``, in order) stands in ``words``,
    found from the end (a left-over word may repeat a value given before it: ``strong strong``)."""
    i = len(words)
    for w in reversed(extra):
        i -= 1
        while i > 0 and words[i] != w:
            i -= 1
    return i


def _bot_names(words: list[str]) -> bool:
    """``words`` are all built-in bot names (each may end with a comma: ``strong,``)."""
    from hkmj.bots import BOTS

    return all(w.strip(",").lower() in BOTS for w in words)


def _french_errors(command: argparse.ArgumentParser) -> None:
    """Make ``command``'s own usage errors (an unknown option or choice, a bad value, an option
    given twice...) French: ``hkmj COMMAND ... --lang fr`` (or a French locale) says everything in
    French, its parser's errors included; so does ``hkmj`` itself (``hkmj --lang fr scor``)."""
    from hkmj.run_words import run_error_in

    def error(message: str) -> NoReturn:
        sys.stderr.write(command.format_usage().replace("usage:", "utilisation\u00a0:", 1))
        command.exit(2, f"{command.prog}\u00a0: erreur\u00a0: {run_error_in(message, 'fr')}\n")

    setattr(command, "error", error)  # noqa: B010 - this parser only, for this command line


def _hint_at_a_terminal() -> None:
    """``hkmj score`` with no hand typed at a terminal: say what it waits for (a pipe hears nothing)."""
    isatty = getattr(sys.stdin, "isatty", None)
    if isatty is not None and isatty():
        print(
            "hkmj score: reading one JSON request per line from the terminal (Ctrl-D ends).\n"
            "To score one hand: hkmj score 234s567p88m111z777z --win 1z (hkmj score --help)",
            file=sys.stderr,
        )


_STOPPED_BY_SIGTERM: Final = frozenset({"simulate", "arena", "bot-match"})
"""The commands that start processes of their own (a local pool's workers, external bots): SIGTERM
(``kill``, ``timeout``, a job scheduler) reaches the command alone, and so does SIGHUP (``kill
-HUP``, the terminal or ssh session that closed: a bot runs in a session of its own), so it stops
them as Ctrl+C would rather than leave them running."""


class Terminated(BaseException):
    """SIGTERM or SIGHUP during a command of ``_STOPPED_BY_SIGTERM``: raised in the main thread so
    that the command's cleanup runs (bots' sessions ended, pool workers killed, Ray shut down)."""


_SIGTERM_SEEN: list[int] = []
"""The signal that stopped the command (SIGTERM or SIGHUP), once it arrived: whatever error the
interruption became on its way out (raised inside a library's C code, Ray's ``ray.get``, it comes
out as a ``SystemError``) is the stop it asked for."""


def _raise_terminated(signum: int, frame: object) -> None:
    _SIGTERM_SEEN.append(signum)
    raise Terminated


_SIGTERM_SAID: Final = ("stopped (SIGTERM)", "arrêté (SIGTERM)", 143)  # 128 + SIGTERM, as a shell reports it
_SIGHUP_SAID: Final = ("stopped (SIGHUP)", "arrêté (SIGHUP)", 129)  # 128 + SIGHUP
_CTRL_C_SAID: Final = ("interrupted (Ctrl+C)", "interrompu (Ctrl+C)", 130)


def _stop_words() -> tuple[str, str, int]:
    """What ``_say_stopped`` says for the signal that stopped the command."""
    import signal

    hup = getattr(signal, "SIGHUP", None)
    return _SIGHUP_SAID if _SIGTERM_SEEN and _SIGTERM_SEEN[0] == hup else _SIGTERM_SAID


def _say_stopped(name: str, lang: str | None, words: tuple[str, str, int] = _SIGTERM_SAID) -> int:
    """``hkmj NAME: stopped (SIGTERM)`` (or Ctrl+C's ``words``: English, French, exit status) on
    stderr, on a line of its own (a progress bar it cut is ended first), in ``lang`` (None: the
    locale's); returns the exit status."""
    english, french, code = words
    if (simulate := sys.modules.get("hkmj.simulate")) is not None:
        simulate.end_bars()  # a bar not drawn yet never comes after these words
    with contextlib.suppress(OSError, ValueError):
        if lang is None:
            from hkmj.language import lang_of

            lang = lang_of([])
        where = "\n" if sys.stderr.isatty() else ""
        said = french if lang == "fr" else english
        sys.stderr.write(f"{where}hkmj {name}{colon(lang)} {said}\n")
        sys.stderr.flush()
    return code


def _run(command: Callable[[], int], name: str = "score", lang: str | None = None) -> int:
    """Run a command: exit code 130 on Ctrl-C, 143 on SIGTERM (129 on SIGHUP, unless ignored as
    under ``nohup``) for the commands that start processes (``_STOPPED_BY_SIGTERM``), 0 when the
    reader of the output went away."""
    import signal
    import threading

    if name not in _STOPPED_BY_SIGTERM or threading.current_thread() is not threading.main_thread():
        return _run_caught(command, name, lang)
    _SIGTERM_SEEN.clear()
    stops = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    previous = {s: signal.getsignal(s) for s in stops}
    for s in stops:
        if s == getattr(signal, "SIGHUP", None) and previous[s] == signal.SIG_IGN:
            continue  # nohup: a hangup is to be ignored, as asked
        signal.signal(s, _raise_terminated)
    try:
        return _run_caught(command, name, lang)
    except (Terminated, KeyboardInterrupt):  # one more stop while the first was being said: no traceback
        return _stop_words()[2] if _SIGTERM_SEEN else _CTRL_C_SAID[2]
    finally:
        for s, before in previous.items():
            signal.signal(s, before)


def _run_caught(command: Callable[[], int], name: str, lang: str | None) -> int:
    """``_run``'s work: Ctrl-C (and SIGTERM) says so on stderr, on a line of its own: a progress
    bar it cut is ended first (the shell's prompt came after the bar, on its line, with nothing
    saying the work had stopped). ``lang`` None (``hkmj score`` reading JSON lines, which reads no
    option): the locale's."""
    try:
        code: int = command()
    except Terminated:
        return _say_stopped(name, lang, _stop_words())
    except KeyboardInterrupt:
        return _say_stopped(name, lang, _CTRL_C_SAID)
    except BrokenPipeError:
        return 0
    except OSError as e:  # its output sent to a full disk (> file): one line, not a traceback
        import errno

        if e.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        if lang is None:
            from hkmj.language import lang_of

            lang = lang_of([])
        return _say_unwritten(f"hkmj {name}", e, lang)
    except Exception:
        if not _SIGTERM_SEEN:
            raise
        return _say_stopped(name, lang, _stop_words())
    return code


if __name__ == "__main__":
    sys.exit(main())
