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
from hkmj.scoring.lines import score_json
from hkmj.scoring.mcr import MCR_FLAGS, McrItem, McrResult, score_json_mcr, score_mcr
from hkmj.scoring.mcr import RULE_REFS as MCR_RULE_REFS
from hkmj.scoring.model import FLAGS, WIN_TYPES, InvalidHand, Item, Meld, ScoreResult, Win, cite_refs
from hkmj.scoring.request import win_from_json
from hkmj.scoring.ruleset import Element, Limit, Ruleset, payments, validate
from hkmj.scoring.ruleset import score as _score

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


def _listed(value: object) -> object:
    """A keyword of many values as the request's list. ``None`` (absent, as a JSON ``null``), a
    string, a mapping or a lone number is left as it is for the request reader to name (R-9):
    ``flags="heavenly"`` is not eight flags ``h``, ``e``, ...; ``flowers=1`` is no ``TypeError``."""
    if value is None or isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        return value
    return list(value)


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
        "melds": _listed(melds),
        "flowers": _listed(flowers),
        "seasons": _listed(seasons),
        "flags": _listed(flags),
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
    as :func:`score_hand`). An impossible hand raises :class:`InvalidHand` citing the MCR rules
    (MCR-1.1, MCR-1.2), as ``hkmj score --rules mcr`` does."""
    try:
        win = win_from_json(_hand_request(hand, **fields), strict=False)
    except InvalidHand as e:  # the request reader cites Hong Kong's rules: cite MCR's
        raise InvalidHand(cite_refs(str(e), MCR_RULE_REFS)) from None
    return score_mcr(win)
