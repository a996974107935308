"""The external-bot protocol ``hkmj-bot/1``: JSON lines, events in, actions out (docs/bot-protocol.md).

Pure functions (no I/O): what one seat may be told of each engine event (:func:`redact`), the
``request`` message built from its :class:`~hkmj.engine.SeatView`, and the parsing of a bot's
reply (:func:`parse_reply`). The process side lives in :mod:`hkmj.botmatch`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from hkmj.engine import PASS, Action, ActionSyntaxError, Discard, Event, SeatView, check_seat, parse_action
from hkmj.scoring.lines import json_refusal, json_syntax
from hkmj.scoring.model import echo
from hkmj.tiles import SEAT_LETTERS, format_tiles, tile_str, tiles_of

__all__ = [
    "PROTOCOL",
    "BadReply",
    "NotAnAnswer",
    "default_rng",
    "hello",
    "parse_reply",
    "redact",
    "request",
    "safe_default",
    "view_json",
]

PROTOCOL = "hkmj-bot/1"
"""The protocol name and version sent in ``hello``; a change that breaks bots bumps the number."""

_PUBLIC = {"bonus", "claim", "kong", "win", "false_mahjong", "exhaustive_draw", "hand_end", "totals", "match_end", "declare"}
_DROP_ALWAYS = {"answers", "offers"}


class BadReply(ValueError):
    """A bot's line that is not a valid reply; the message says what is wrong."""


class NotAnAnswer(BadReply):
    """A bot's line that answers no current request (a stale reply, a message of its own): logged and skipped."""


def hello(player: int, rules: str, time_limit: float, hands: int, options: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The first line sent to a bot: ``options`` are the ruleset's house options, every one with its
    value as text, as a record's ``match_start`` has them (``{}`` under MCR), so a bot knows the
    minimum it plays to and how wins are paid."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "player": player,
        "rules": rules,
        "options": dict(options or {}),
        "time_limit": time_limit,
        "hands": hands,
    }


def redact(event: Event, seat: int) -> Event | None:
    """What ``seat`` may know of an engine event (None: nothing). Never another seat's concealed tiles.

    Hidden: the wall and the seed (``hand_start``), other seats' dealt and drawn tiles, other
    seats' claim offers and answers (HK-4: answers are private until the claim is resolved), and
    a claim window that closes with nobody claiming (whether one opened would tell that another
    seat could claim), and the concealed tiles of another seat's false Mahjong while its dead hand
    plays on (MCR-5.4).
    ``seat`` is a number 0-3, never a bool (:func:`~hkmj.engine.check_seat`: ``IllegalAction``).
    """
    check_seat(seat)
    t = event.get("type")
    if t == "hand_start":
        keep = ("hand", "players", "dealer", "prevailing", "scores", "dice")
        out: Event = {"type": "hand_start", "seat": seat}
        out.update({k: event[k] for k in keep if k in event})
        return out
    if t == "deal":
        return {"type": "deal", "seat": seat, "tiles": list(event["hands"][seat]), "live": event["live"]}
    if t in ("draw", "replacement"):
        out = {k: v for k, v in event.items() if k != "tile"}
        if event["seat"] == seat:
            out["tile"] = event["tile"]
        return out
    if t == "discard":
        out = {"type": "discard", "seat": event["seat"], "tile": event["tile"], "final": event["final"]}
        offers = event.get("offers")
        if offers and offers[seat] is not None:
            out["offer"] = offers[seat]
        return out
    if t == "answer":
        return dict(event) if event["seat"] == seat else None
    if t == "mahjong_refused":
        return dict(event) if event["seat"] == seat else None
    if t == "false_mahjong" and event.get("dead_hand") and event.get("seat") != seat:
        # the hand goes on (MCR-5.4): the others are told who declared and what was paid, never
        # the declarer's concealed tiles (nor the reason, which writes them), as at a server table
        return {k: v for k, v in event.items() if k not in ("concealed", "reason")}
    if t == "claim" and event.get("seat") is None:
        # a window nobody claimed from: a table that asks only the seats with a claim opens one
        # only when some seat could claim, so saying it closed would tell who could (HK-4)
        return None
    if t in _PUBLIC:
        out = {k: v for k, v in event.items() if k not in _DROP_ALWAYS}
        offers = event.get("offers")
        if t == "kong" and offers and offers[seat] is not None:
            out["offer"] = offers[seat]  # this seat may rob the added kong (HK-4.10)
        return out
    return None


def view_json(view: SeatView) -> dict[str, Any]:
    """A :class:`SeatView` as JSON (tiles in mpsz notation, HK-1.4)."""
    return {
        "seat": view.seat,
        "seat_wind": SEAT_LETTERS[view.seat],
        "prevailing": SEAT_LETTERS[view.prevailing],
        "phase": view.phase,
        "turn": view.turn,
        "hand": format_tiles(tiles_of(view.concealed)),
        "drawn": None if view.drawn is None else tile_str(view.drawn),
        "melds": [[str(m) for m in ms] for ms in view.melds],
        "bonus": [[tile_str(t) for t in b] for b in view.bonus],
        "discards": [[tile_str(t) for t in d] for d in view.discards],
        "concealed_counts": list(view.concealed_counts),
        "live": view.live,
        "dead": view.dead,
        "scores": list(view.scores),
        "last_discard": None if view.last_discard is None else tile_str(view.last_discard),
        "last_discarder": view.last_discarder,
        "offered": None if view.offered is None else tile_str(view.offered),
        "dead_hands": [s for s, dead in enumerate(view.dead_hands) if dead],  # MCR-5.4, public
    }


def request(rid: int, view: SeatView, legal: Sequence[Action], deadline: float) -> dict[str, Any]:
    """A decision request: the seat's view and its legal actions (text forms); answer ``{"id", "action"}``."""
    return {"type": "request", "id": rid, "time_limit": deadline, "legal": [str(a) for a in legal], "view": view_json(view)}


def safe_default(legal: Sequence[Action], drawn: int | None, concealed: Sequence[int], rng: random.Random) -> Action:
    """The action played for a seat whose answer is illegal, late or missing.

    Pass on an offer; else discard the drawn tile; else (after a pung or chow, no tile drawn) a
    tile of the hand at random, every copy alike: ``concealed`` is the seat's 34-count vector
    (``SeatView.concealed``), ``rng`` a generator the caller seeds so that a match replays
    (:func:`default_rng`). The first legal discard, the hand's lowest tile, would tell every other
    seat, which sees the discard and the log line calling it a default, that the hand holds no
    tile below it: concealed tiles stay hidden (HK-1, HK-4).
    """
    if PASS in legal:
        return PASS
    discards: list[Action] = []
    for a in legal:
        if isinstance(a, Discard):
            if a.tile == drawn:
                return a
            copies = concealed[a.tile] if a.tile < len(concealed) else 0
            discards += [a] * max(copies, 1)  # each copy held is one chance (a tile not counted: one)
    if discards:
        return rng.choice(discards)
    return legal[0]


def default_rng(seed: int, player: int, rid: int) -> random.Random:
    """The generator of :func:`safe_default` for ``player``'s request ``rid`` in the match of
    ``seed``: the same three numbers give the same default, so a match replays from its seed
    (which no bot is told, ``hand_start``)."""
    return random.Random(f"hkmj safe default/{seed}/{player}/{rid}")


OWN_LINES = 'every line on a bot\'s stdout is read as an answer ({"id": N, "action": ...}): print anything else to stderr'
"""Said after a line that starts with no JSON (docs/bot-protocol.md, *Faults*)."""


MAX_ACTION = 40
"""Characters of the longest action text a reply may hold (``mahjong``, ``kong 5555m``…, with room)."""


def parse_reply(line: str, rid: int, legal: Sequence[Action]) -> Action:
    """The action of a bot's reply to request ``rid``; :class:`BadReply` says what is wrong.

    A reply to an older request, or a message of the bot's own (an object with a ``type`` and
    no ``id``, such as its ``hello``), raises :class:`NotAnAnswer`; one naming a ``protocol``
    other than :data:`PROTOCOL` says so.
    """
    if line.startswith("\ufeff"):  # what some Windows runtimes write first: json's words name a decoding for the host to use
        raise BadReply(f"the line starts with a byte order mark (BOM, U+FEFF): {line.strip()[:80]!r}; write UTF-8 without one")
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        # no JSON at the line's start: most often a print() of the bot's own (debugging) on stdout,
        # which is then read as the answer to each request, its real answer coming in too late
        own = "" if e.pos else f" ({OWN_LINES})"
        raise BadReply(f"not JSON ({json_syntax(e)}): {line.strip()[:80]!r}{own}") from None
    except (ValueError, RecursionError) as e:  # a number of thousands of digits, nesting too deep
        raise BadReply(f"not JSON this host reads ({json_refusal(e)}): {line.strip()[:80]!r}") from None
    if not isinstance(obj, dict):
        raise BadReply(f'expected an object {{"id": ..., "action": ...}}, got {line.strip()[:80]!r}')
    kind = obj.get("type")
    if "id" not in obj and isinstance(kind, str):
        theirs = obj.get("protocol")
        if theirs is not None and theirs != PROTOCOL:
            raise NotAnAnswer(
                f"it speaks {echo(theirs)}; this host speaks {PROTOCOL} (docs/bot-protocol.md): its {echo(kind)} message is not an answer"
            )
        raise NotAnAnswer(f"a {echo(kind)} message, not an answer")
    if "id" not in obj:
        raise BadReply(f'reply has no "id": answer request {rid} with {{"id": {rid}, "action": ...}}')
    got = obj.get("id")
    if type(got) is not int or got != rid:  # true and 1.0 are not the id 1
        if type(got) is int and got < rid:
            raise NotAnAnswer(f"stale reply to request {got} (waiting for {rid})")
        if (isinstance(got, str) and got.strip() == str(rid)) or (type(got) is float and got == rid):
            # the request's id as text ("17") or as a float (17.0): it read 'id 17 does not match request 17'
            raise BadReply(f'reply id {echo(got)} is not the whole number {rid}: write "id": {rid}')
        raise BadReply(f"reply id {echo(got)} does not match request {rid}")
    text = obj.get("action")
    if not isinstance(text, str):
        raise BadReply(f'reply {rid} has no "action" text')
    if len(text) > MAX_ACTION:  # no action is written so long: never quote a flood back
        raise BadReply(f"action {echo(text)} ({len(text):,} characters): not an action, e.g. 'discard 5p'")
    try:
        action = parse_action(text)
    except ActionSyntaxError as e:
        raise BadReply(str(e)) from None
    if action not in legal:
        raise BadReply(f"{text!r} is not legal now; legal: {', '.join(str(a) for a in legal)}")
    return action
