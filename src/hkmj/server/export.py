"""A server table's log as a match record (docs/record-format.md), for ``hkmj review``.

A table's log (:mod:`hkmj.server.table`) holds its options, its secret match seed, the players
who joined, each hand's wall seed and every action. :func:`log_lines` exports it as JSON Lines,
one entry ``{"seq", "kind", "data"}`` a line, without the seat tokens; :func:`record_from_log`
re-plays the entries through the engine into the engine's events, the same events as a
``hkmj play --record`` file, so ``hkmj replay`` and ``hkmj review`` read either.

Pure: no I/O (the caller reads the database or the file).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from hkmj.engine import Event, Hand, Length, Match, parse_action
from hkmj.engine.wall import random_wall
from hkmj.rulesets import get_ruleset
from hkmj.server.protocol import TableConfig
from hkmj.server.tracker import commitment, physical_wall, pid_str

__all__ = ["LogError", "TableRecord", "log_lines", "record_from_log", "shown_short", "wall_reveal"]


class LogError(ValueError):
    """A table log that cannot be re-played; the message names the entry and the problem."""


@dataclass
class TableRecord:
    """A table's match as engine events, with the name (or bot) at each player slot."""

    events: list[Event]
    names: list[str]
    over: bool
    """The match ended (its ``match_end`` is in :attr:`events`)."""
    others: frozenset[int] = frozenset()
    """Indices in :attr:`events` of the actions the server played for a player's seat (its bot
    while the player was away, or a decision that timed out: the entry's ``by`` is not
    ``player``): a review leaves them out, since the player did not choose them."""
    bots: frozenset[int] = frozenset()
    """The slots a bot of the server played from the start (the table's ``slots`` or the start's
    ``fill``), which no person ever joined: none of their moves is a person's."""


def log_lines(entries: Iterable[tuple[int, str, Mapping[str, Any]]]) -> list[str]:
    """The log as JSON Lines ``{"seq", "kind", "data"}``, seat tokens left out (they are secrets).

    Each deal (``start``, ``next``) also gets the hand's revealed wall as the players saw it at
    the reveal: ``ids``, its 144 tile ids in physical order, the ``dice``, and ``commitment``, the
    ``SHA-256(salt:ids)`` published at the hand's start (:func:`wall_reveal`), so that anyone
    holding the export checks every commitment with ``sha256sum`` and the docs alone, without
    re-deriving the wall from its seed through hkmj's code. The log is a finished match's: its
    last ``next`` settles the last hand and deals nothing (its seed is never used), so it gets none."""
    rows = list(entries)
    last = max((i for i, (_seq, kind, _data) in enumerate(rows) if kind == "next"), default=-1)
    out = []
    for i, (seq, kind, data) in enumerate(rows):
        clean = {k: v for k, v in data.items() if k != "token"}
        dealt = kind == "start" or (kind == "next" and i != last)  # a finished match's last next deals nothing
        if dealt and type(clean.get("wall")) is int and isinstance(clean.get("salt"), str):
            clean.update(wall_reveal(clean["salt"], clean["wall"]))
        out.append(json.dumps({"seq": seq, "kind": kind, "data": clean}, ensure_ascii=False, separators=(",", ":")))
    return out


REVEALED = ("ids", "dice", "commitment")
"""The fields :func:`log_lines` adds to each deal of an export (:func:`wall_reveal`)."""


def wall_reveal(salt: str, wall_seed: int) -> dict[str, Any]:
    """A hand's wall as the table revealed it: ``ids`` (the 144 tile ids in physical order, as
    ``reveal.wall`` of docs/protocol.md), the three ``dice`` that broke it (``hand.dice``, HK-2)
    and the ids' ``commitment`` under ``salt``, all drawn
    from the hand's wall seed as :meth:`hkmj.server.table.Table._new_hand` deals it."""
    rng = random.Random(wall_seed)
    wall, dice = random_wall(rng)
    ids = physical_wall(wall, rng)
    return {"ids": [pid_str(p) for p in ids], "dice": list(dice), "commitment": commitment(salt, ids)}


def _whole(value: Any, what: str) -> int:
    """``value`` as a whole number (an int, or digits as a string), else a ValueError naming ``what``."""
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise ValueError(f"{what} {shown_short(value)}: expected a whole number")


def shown_short(value: Any) -> str:
    """A value as written in JSON, cut to 40 characters, every character a terminal would obey
    escaped (:func:`hkmj.record.json_shown`): a log passed on by someone else is quoted by ``hkmj
    replay`` and ``hkmj review`` in their errors."""
    from hkmj.record import json_shown

    text = json_shown(json.dumps(value, ensure_ascii=False)[:41])
    return text if len(text) <= 40 else text[:39] + "…"


def _slot(value: Any) -> int:
    slot = _whole(value, "slot")
    if not 0 <= slot < 4:
        raise ValueError(f"slot {slot}: expected 0 to 3")
    return slot


def _why(err: Exception) -> str:
    """What is wrong with an entry: a missing field is named as such (a KeyError says only its name)."""
    if isinstance(err, KeyError) and err.args:
        return f"the field {str(err.args[0])!r} is missing"
    return str(err)


def record_from_log(entries: Iterable[tuple[str, Mapping[str, Any]]]) -> TableRecord:
    """Re-play a table's log entries ``(kind, data)`` (``create`` first) into engine events.

    Every hand is dealt from the wall seed of its ``start``/``next`` entry (logs from before
    per-hand seeds deal from the match seed), every ``act`` is applied to the engine; a bad
    entry raises :class:`LogError` naming it.
    """
    it = iter(entries)
    n = 1
    try:
        kind, data = next(it)
    except StopIteration:
        raise LogError("the table log is empty") from None
    if kind != "create":
        raise LogError(f"entry 1: a table log starts with 'create', not {kind!r}")
    try:
        cfg = TableConfig(**data["config"])
        rules = get_ruleset(cfg.rules, cfg.options)
        seed = _whole(data["seed"], "seed")
        names = [str(n or "") for n in cfg.names][:4] + [""] * (4 - len(cfg.names))
        bots: list[str | None] = list(cfg.slots)[:4] + [None] * (4 - len(cfg.slots))
    except (KeyError, TypeError, ValueError) as err:
        raise LogError(f"entry 1: bad 'create' entry ({_why(err)})") from None
    events: list[Event] = []
    match: Match | None = None
    hand: Hand | None = None
    played_for: list[tuple[int | None, Event]] = []  # (slot, action event) of the seats' bots and timeouts
    joined: set[int] = set()  # the slots a person took

    def deal(data: Mapping[str, Any]) -> Hand:
        assert match is not None
        wall_seed = data.get("wall")
        if wall_seed is None:
            return match.new_hand()
        if any(k in data for k in REVEALED) and (
            type(wall_seed) is not int
            or not isinstance(data.get("salt"), str)
            or {k: data.get(k) for k in REVEALED} != wall_reveal(data["salt"], wall_seed)
        ):
            raise ValueError("its revealed wall (ids, dice, commitment) is not the one its wall seed deals")
        wall, dice = random_wall(random.Random(wall_seed))
        return match.new_hand(wall=wall, dice=dice)

    for kind, data in it:
        n += 1
        try:
            if kind == "join":
                names[_slot(data["slot"])] = str(data["name"])
                joined.add(_slot(data["slot"]))
            elif kind == "start":
                fill = data["fill"]
                if not isinstance(fill, dict):
                    raise ValueError(f"fill {shown_short(fill)}: expected an object of slots and bot names")
                for k, bot in fill.items():
                    bots[_slot(k)] = str(bot)
                length = cast(Length, cfg.length)
                match = Match(seed, length=length, hands=cfg.hands, teaching=cfg.teaching, rules=rules, max_hands=cfg.max_hands)
                events.extend(match.events)
                hand = deal(data)
            elif kind == "act":
                if hand is None:
                    raise LogError(f"entry {n}: an action before the match started")
                seat = _whole(data["seat"], "seat")
                if not 0 <= seat < 4:
                    raise ValueError(f"seat {seat}: expected 0 to 3")
                seen = len(hand.events)
                hand.apply(seat, parse_action(str(data["action"])))
                if data.get("by", "player") != "player":  # a log from before ``by``: the player's own
                    slot = _slot(data["slot"]) if "slot" in data else None
                    played_for.extend((slot, e) for e in hand.events[seen:] if "action" in e and e.get("seat") == seat)
            elif kind == "next":
                if match is None or hand is None:
                    raise LogError(f"entry {n}: 'next' before the match started")
                events.extend(hand.events)
                events.extend(match.finish_hand())
                hand = None if match.over else deal(data)
        except LogError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:  # IllegalAction is a ValueError
            raise LogError(f"entry {n} ({kind}): {_why(err)}") from None
    if hand is not None:  # a hand still in play
        events.extend(hand.events)
    for slot in range(4):
        if not names[slot]:
            names[slot] = f"Bot {slot + 1} ({bots[slot]})" if bots[slot] else f"player {slot + 1}"
    robots = frozenset(slot for slot in range(4) if bots[slot] is not None and slot not in joined)
    # a person's moves the server made (away, timed out): a bot's own moves at its slot are not
    ids = {id(e) for slot, e in played_for if slot not in robots}
    others = frozenset(i for i, e in enumerate(events) if id(e) in ids)
    return TableRecord(events, names, match is not None and match.over, others, robots)
