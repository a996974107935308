"""``hkmj score --rules classical``: the command-line adapter of the classical scorer (CL-5 … CL-7).

Human mode builds one machine request from the arguments (the winner's hand plus
``--other`` for each other seat) and prints every player's points, doubles and score and
the settlement; machine mode (``hkmj.cli`` streams JSON lines) sends each line to the same
ruleset ``score_json`` (:func:`hkmj.scoring.classical.score_json`), so both modes refuse the
same inputs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from typing import Any

from hkmj.scoring.classical import RULE_REFS, exposure_word, name_of
from hkmj.scoring.model import cite_refs, echo
from hkmj.tiles import N_KINDS, SEAT_LETTERS, ascii_int, name, wind_letter, wind_word

__all__ = ["OtherHandError", "add_arguments", "format_result", "parse_other", "request_from_args", "run", "translate"]

OTHER_HELP = (
    'another seat\'s hand (classical only, repeatable): "SEAT: TILES[, MELD ...][, flower N][, season N]", '
    'e.g. "W: 1789p45s2z666z, kong 7777m, season 3"; a seat not given scores 0'
)

_WORDS = {
    "en": {
        "title": "Classical game (points and doubles)",
        "winner": "winner",
        "points": "points",
        "not_given": "hand not given: scores 0",
        "limit": "limit hand",
        "capped": "capped at the limit",
        "settlement": "Settlement (CL-7)",
        "pays": "pays",
        "mahjong": "Mahjong",
        "difference": "difference",
        "pay_highest": "pay the highest score",
        "totals": "Totals",
        "invalid": "Not a valid deal",
        "colon": ":",
    },
    "fr": {
        "title": "Jeu classique (points et doublements)",
        "winner": "gagnant",
        "points": "points",
        "not_given": "main non donnée\u00a0: 0",
        "limit": "Grand Jeu",
        "capped": "plafonné à la limite",
        "settlement": "Règlement (CL-7)",
        "pays": "paie",
        "mahjong": "Mah-Jong",
        "difference": "différence",
        "pay_highest": "payer le score le plus élevé",
        "totals": "Totaux",
        "invalid": "Donne non valable",
        "colon": "\u00a0:",
    },
}


class OtherHandError(ValueError):
    """An ``--other`` argument that does not follow ``SEAT: TILES, MELD…``."""


def parse_other(text: str) -> tuple[str, dict[str, Any]]:
    """``"W: 1789p45s2z666z, kong 7777m, season 3"`` → ``("W", {"hand": ..., "melds": [...], ...})``."""
    seat, sep, rest = text.partition(":")
    seat = wind_word(seat)
    if not sep or seat not in tuple(SEAT_LETTERS):
        raise OtherHandError(f"--other {text!r}: expected 'SEAT: TILES, ...' with SEAT one of E, S, W (or O), N")
    parts = [p.strip() for p in rest.split(",")]
    hand: dict[str, Any] = {"hand": parts[0], "melds": [], "flowers": [], "seasons": []}
    for part in parts[1:]:
        word, _, value = part.partition(" ")
        if word in ("flower", "season"):
            number = ascii_int(value)
            if number is None:
                from hkmj.scoring.model import bonus_name_numbers

                kind, n = bonus_name_numbers().get(value.strip().casefold(), (word, 2))  # flower plum: flower 1 (HK-1.3)
                raise OtherHandError(f"--other {text!r}: {part!r} needs a number 1-4, e.g. '{kind} {n}'")
            hand[word + "s"].append(number)
        else:
            hand["melds"].append(part)
    return seat, hand


class WindError(ValueError):
    """A ``--seat``, ``--prevailing`` or ``--from`` that is no wind, or a missing ``--from``."""




def _option_wind(value: str, flag: str) -> str:
    """The wind letter of ``--seat``/``--prevailing``/``--from``, or :class:`WindError` naming the option."""
    letter = wind_word(value)
    if letter not in tuple(SEAT_LETTERS):
        raise WindError(f"{flag} {echo(value)}: expected a wind E, S, W (or O for Ouest) or N")  # a long value cut
    return letter


def _letter(seat: str, lang: str) -> str:
    """A seat letter of the machine result (E S W N) as people read it in ``lang`` (E S O N)."""
    return wind_letter(SEAT_LETTERS.index(seat), lang)


def request_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The machine request equivalent to a human ``hkmj score --rules classical`` command line."""
    hands: dict[str, Any] = {s: None for s in SEAT_LETTERS}
    for text in args.other:
        seat, hand = parse_other(text)
        if hands[seat] is not None:
            raise OtherHandError(f"--other: seat {seat} given twice")
        hands[seat] = hand
    winner = _option_wind(args.seat, "--seat")
    if winner in hands and hands[winner] is not None:
        raise OtherHandError(f"--other {winner}: that is the winner's seat (--seat); give the winner's hand as HAND")
    hands[winner] = {"hand": args.hand, "melds": args.meld, "flowers": args.flower, "seasons": args.season}
    request: dict[str, Any] = {
        "hands": hands,
        "winner": winner,
        "win": "robbed_kong" if args.robbed else "discard" if args.discarder else "self_draw",
        "win_tile": args.win,
        "prevailing": _option_wind(args.prevailing, "--prevailing"),
        "flags": args.flag,
    }
    if args.discarder:
        request["discarder"] = _option_wind(args.discarder, "--from")
    return request


def format_result(result: dict[str, Any], lang: str = "en") -> str:
    """A human report of a valid result of :func:`~hkmj.scoring.classical.score_json`."""
    w = _WORDS[lang]
    lines = [w["title"]]
    for seat, p in result["players"].items():
        head = f"{_letter(seat, lang)}{' (' + w['winner'] + ')' if seat == result['winner'] else ''}"
        if p.get("given") is False:
            lines.append(f"{head}{w['colon']} {w['not_given']}")
            continue
        value = f"{p['points']} {w['points']} × 2^{p['doubles']} = {p['points'] << p['doubles']}"
        if p["score"] != p["points"] << p["doubles"]:  # CL-6.2: capped at the limit
            value += f", {w['capped']}{w['colon']} {p['score']}"
        if p["limit"]:
            value = f"{w['limit']} {p['limit']}{w['colon']} {p['score']}"
        lines.append(f"{head}{w['colon']} {value}")
        for item in p["items"]:
            tiles = item.get("tiles", "")
            if re.fullmatch("[1-8]f", tiles):  # a bonus tile by its name, not its notation: Season 3 (Autumn)
                what = name(N_KINDS + int(tiles[0]) - 1, lang)
            else:
                what = f"{item['name']} {tiles}".strip()
            if "exposed" in item:  # « Paire de Dragons 55z, cachée »
                what += f", {exposure_word(str(item.get('id', '')), bool(item['exposed']), lang)}"
            amount = "" if "doubles" in item else f"{item['points']:>3}"  # a double's name says ×2
            lines.append(f"    {what:<48} {amount:>4}".rstrip())
    lines.append(f"{w['settlement']}{w['colon']}")
    for t in result["transfers"]:
        payer, payee = _letter(t["from"], lang), _letter(t["to"], lang)
        lines.append(f"  {payer} {w['pays']} {payee} {t['amount']:>6}  ({w[t['why']]})")
    totals = "  ".join(f"{_letter(s, lang)} {v:+d}" for s, v in result["settlement"].items())
    lines.append(f"{w['totals']}{w['colon']} {totals}")
    return "\n".join(lines)


def run(args: argparse.Namespace, scorer: Callable[[Any], dict[str, Any]]) -> int:
    """``hkmj score --rules classical HAND ...`` (human mode) with the ruleset's JSON ``scorer``.

    The ruleset supplies its options (``--option pay_highest=on``, ``--option limit=500``);
    exit 1 for an invalid deal, 2 for a malformed ``--other``.
    """
    from hkmj.cli import NEED_WIN, _invalid_hand, seat_roles, typed_in_hand
    from hkmj.score_words import said_by_score

    if args.win is None:
        from hkmj.scoring.request import hand_problem

        problem = hand_problem(args.hand, len(args.meld))  # the hand's own problem first, as in the other rulesets
        if problem is None:
            print(said_by_score(NEED_WIN, args.lang), file=sys.stderr)
            return 2
        return _invalid_hand(args, typed_in_hand(cite_refs(problem, RULE_REFS)), _WORDS)
    try:
        request = request_from_args(args)
    except OtherHandError as e:
        print(said_by_score(str(e), args.lang), file=sys.stderr)
        return 2
    except WindError as e:
        result = {"valid": False, "error": str(e)}
    else:
        result = scorer(request)
    if not result["valid"]:
        return _invalid_hand(args, as_typed(str(result["error"]), args), _WORDS)
    if args.lang != "en":
        result = translate(result, args.lang)
    if args.json:  # who is who in the settlement, as in the other rulesets (CL-7.1: every loser pays the winner alike)
        discarder = request.get("discarder")
        result["roles"] = seat_roles(SEAT_LETTERS.index(request["winner"]), None if discarder is None else SEAT_LETTERS.index(discarder),
                                     request["win"])  # fmt: skip
    print(json.dumps(result, ensure_ascii=False) if args.json else format_result(result, args.lang))
    return 0


def as_typed(message: str, args: argparse.Namespace) -> str:
    """A refusal of the request built from the command line, worded with what the user typed:
    ``hands.S.melds: meld 'chow 778z': …`` becomes ``--meld 'chow 778z': …`` for the winner's seat
    (``--seat``) and ``--other W: meld …`` for another; ``win_tile 5f: …`` ``--win 5f: …``; a bonus
    tile among a hand's tiles says how to give it (``--flower 1``, ``season 2`` in ``--other``)."""
    from hkmj.cli import OWN_SEAT, bonus_numbers_typed, flag_twice_typed, own_seat_typed, typed_in_hand

    if message == OWN_SEAT and args.discarder:
        return own_seat_typed(args, "CL-3.4")
    winner = wind_word(args.seat)
    m = re.fullmatch(r"(?:hands\.)?(?P<seat>[ESWN])(?P<field>\.hand|\.melds)?: (?P<rest>.+)", message, re.DOTALL)
    if m is None:
        message = flag_twice_typed(message)
        if not re.match(r"[ESWN] holds ", message):  # another seat's count says its kong as a meld, as --other writes it
            message = typed_in_hand(message)  # win_tile: 'pung 5p' is a declared group ...
        return f"--win {message[len('win_tile ') :]}" if message.startswith("win_tile ") else message
    rest = typed_in_hand(m["rest"], other=m["seat"] != winner)
    if m["seat"] != winner:
        return f"--other {m['seat']}: {rest}"
    if m["field"] == ".melds":  # --meld 'chow 135p': …, or about the melds as a whole
        return f"--meld {rest[len('meld ') :]}" if rest.startswith("meld ") else rest
    numbers = re.fullmatch(r"(flowers|seasons) \[([-\d, ]*)\]: each is a distinct number 1-4 \(CL-1\.1\)", rest)
    if numbers:
        return bonus_numbers_typed(numbers[1], numbers[2])
    if m["field"] is None and "bonus tile" not in rest:
        return message
    return f"hand {echo(args.hand)}: {rest}" if m["field"] == ".hand" or "bonus tile" in rest else f"{winner}: {rest}"


def translate(result: dict[str, Any], lang: str) -> dict[str, Any]:
    """The result with item and limit names in ``lang`` (``fr``)."""

    def items(xs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [x | {"name": name_of(x["id"], lang)} for x in xs]

    def player(p: dict[str, Any], limit_id: str | None) -> dict[str, Any]:
        return p | {"items": items(p["items"])} | ({"limit": name_of(limit_id, lang)} if limit_id else {})

    limit_id = result.get("limit_id")
    players = {s: player(p, p.get("limit_id")) for s, p in result["players"].items()}
    return (
        result | {"items": items(result["items"]), "players": players} | ({"limit": name_of(limit_id, lang)} if limit_id else {})
    )


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``hkmj score`` option that only rulesets scoring every hand read (the classical game)."""
    p.add_argument("--other", action="append", default=[], metavar="HAND", help=OTHER_HELP)
