"""Scoring (HK-6, MCR-6): the Hong Kong table, the generic scorer, the MCR scorer and the JSON interface.

>>> from hkmj.scoring import score_hand
>>> r = score_hand("234s567p88m111z777z", win_tile="1z", win="discard", discarder="W", seat="S")
>>> r.fan, r.base, r.payments
(3, 8, (-8, 32, -16, -8))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hkmj.scoring.hong_kong import HONG_KONG
from hkmj.scoring.mcr import MCR_FLAGS, McrItem, McrResult, score_json_mcr, score_mcr
from hkmj.scoring.model import FLAGS, WIN_TYPES, InvalidHand, Item, Meld, ScoreResult, Win, bonus_list, seat_index
from hkmj.scoring.ruleset import Element, Limit, Ruleset, payments, validate
from hkmj.scoring.ruleset import score as _score
from hkmj.tiles import NotationError, parse_tiles, tile

__all__ = [
    "HONG_KONG",
    "FLAGS",
    "MCR_FLAGS",
    "McrItem",
    "McrResult",
    "score_mcr",
    "score_mcr_hand",
    "score_json_mcr",
    "WIN_TYPES",
    "Element",
    "InvalidHand",
    "Item",
    "Limit",
    "Meld",
    "Ruleset",
    "ScoreResult",
    "Win",
    "payments",
    "score",
    "score_hand",
    "score_json",
    "win_from_json",
    "validate",
]

RULESETS: dict[str, Ruleset] = {"hong-kong": HONG_KONG}


def score(win: Win, ruleset: Ruleset = HONG_KONG) -> ScoreResult:
    """Score a winning hand with a ruleset (the Hong Kong table by default).

    Raises :class:`InvalidHand` for an impossible hand or one with no valid reading.
    """
    return _score(win, ruleset)


def win_from_json(obj: Mapping[str, Any]) -> Win:
    """Build a :class:`Win` from the machine interface's fields (see docs/scoring.md)."""
    if not isinstance(obj, Mapping):
        raise InvalidHand(f"expected a JSON object, got {type(obj).__name__}")
    known = {"hand", "melds", "win_tile", "win", "seat", "prevailing", "discarder", "flowers", "seasons", "flags"}
    extra = sorted(set(obj) - known)
    if extra:
        raise InvalidHand(f"unknown field {extra[0]!r}")
    for required in ("hand", "win_tile"):
        if required not in obj:
            raise InvalidHand(f"missing field {required!r}")
    try:
        if not isinstance(obj["hand"], str):
            raise InvalidHand(f"hand {obj['hand']!r}: expected an mpsz string like '234s567p88m111z777z'")
        concealed = tuple(parse_tiles(obj["hand"]))
        if not isinstance(obj["win_tile"], str):
            raise InvalidHand(f"win_tile {obj['win_tile']!r}: expected one tile like '1z'")
        win_tile = tile(obj["win_tile"])
    except NotationError as e:
        raise InvalidHand(str(e)) from None
    melds_in = obj.get("melds", [])
    if not isinstance(melds_in, list):
        raise InvalidHand("melds: expected a list like ['pung 555m', 'chow 345s']")
    melds = tuple(Meld.parse(m) for m in melds_in)
    win = obj.get("win", "self_draw")
    if win not in WIN_TYPES:
        raise InvalidHand(f"win {win!r}: expected one of {', '.join(WIN_TYPES)}")
    discarder = obj.get("discarder")
    flags_in = obj.get("flags", [])
    if not isinstance(flags_in, list) or not all(isinstance(f, str) for f in flags_in):
        raise InvalidHand(f"flags {flags_in!r}: expected a list of flag names")
    return Win(
        concealed=concealed,
        win_tile=win_tile,
        win=win,
        seat=seat_index(obj.get("seat", "E"), "seat"),
        prevailing=seat_index(obj.get("prevailing", "E"), "prevailing"),
        discarder=None if discarder is None else seat_index(discarder, "discarder"),
        melds=melds,
        flowers=bonus_list(obj.get("flowers", []), "flowers"),
        seasons=bonus_list(obj.get("seasons", []), "seasons"),
        flags=frozenset(flags_in),
    )


def score_json(obj: Any, ruleset: Ruleset = HONG_KONG) -> dict[str, Any]:
    """Score one machine-interface request; never raises for bad input.

    Returns ``{"valid": true, "fan", "limit", "base", "items", "payments"}`` or
    ``{"valid": false, "error": "..."}``.
    """
    try:
        return score(win_from_json(obj), ruleset).to_dict()
    except InvalidHand as e:
        return {"valid": False, "error": str(e)}


def _hand_request(
    hand: str,
    *,
    win_tile: str,
    win: str = "self_draw",
    seat: str = "E",
    prevailing: str = "E",
    discarder: str | None = None,
    melds: Iterable[str] = (),
    flowers: Iterable[int] = (),
    seasons: Iterable[int] = (),
    flags: Iterable[str] = (),
) -> dict[str, Any]:
    """The machine-interface request for a hand written in mpsz notation."""
    request: dict[str, Any] = {
        "hand": hand,
        "win_tile": win_tile,
        "win": win,
        "seat": seat,
        "prevailing": prevailing,
        "melds": list(melds),
        "flowers": list(flowers),
        "seasons": list(seasons),
        "flags": list(flags),
    }
    if discarder is not None:
        request["discarder"] = discarder
    return request


def score_hand(
    hand: str,
    *,
    win_tile: str,
    win: str = "self_draw",
    seat: str = "E",
    prevailing: str = "E",
    discarder: str | None = None,
    melds: Iterable[str] = (),
    flowers: Iterable[int] = (),
    seasons: Iterable[int] = (),
    flags: Iterable[str] = (),
    ruleset: Ruleset = HONG_KONG,
) -> ScoreResult:
    """Score a hand written in mpsz notation; the Python twin of ``hkmj score``."""
    request = _hand_request(
        hand,
        win_tile=win_tile,
        win=win,
        seat=seat,
        prevailing=prevailing,
        discarder=discarder,
        melds=melds,
        flowers=flowers,
        seasons=seasons,
        flags=flags,
    )
    return score(win_from_json(request), ruleset)


def score_mcr_hand(hand: str, **fields: Any) -> McrResult:
    """Score a hand under MCR; the Python twin of ``hkmj score --rules mcr`` (same keywords
    as :func:`score_hand`)."""
    return score_mcr(win_from_json(_hand_request(hand, **fields)))
