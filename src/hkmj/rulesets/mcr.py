"""Chinese Official rules (MCR, seed 001): the game around :mod:`hkmj.scoring.mcr`.

What differs from Hong Kong, as ruleset hooks: no dead wall (every tile is played; kong and
flower replacements come from the end of the wall), an 8-point minimum without flowers
checked at every declaration, a false Mahjong makes a dead hand that plays on (seed 001),
points instead of fan and base, the deal passing after every hand (16 hands, four per
prevailing wind) and the competition seat changes at each new round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hkmj.rulesets.base import ROUND_SEATS, Outcome, OutcomeItem, PaymentNote, Ruleset
from hkmj.scoring.mcr import MCR_FANS, MCR_FLAGS, MIN_POINTS, RULE_REFS, McrResult, mcr_payments, score_mcr
from hkmj.scoring.model import Win

__all__ = ["FALSE_MAHJONG_PENALTY", "ROUND_SEATS", "Mcr"]

FALSE_MAHJONG_PENALTY = 10
"""Ruling (MCR false Mahjong): the offender pays 10 points to each other player (30 in all),
as in the competition rules; seed 001 adds that the hand goes on with the offender's hand dead."""


_NAMES = {f.id: (f.name, f.name_fr) for f in MCR_FANS}


class Mcr(Ruleset):
    """The Chinese Official rules (MCR): 81 fans, 8 points to win, every tile played."""

    name = "mcr"
    title = "Chinese Official (MCR)"
    title_fr = "Règles officielles chinoises (MCR)"
    title_fr_in_sentence = "règles officielles chinoises (MCR)"
    title_fr_at = "aux règles officielles chinoises"
    false_mahjong_rule = "MCR-5.4"
    robbed_kong_rule = "MCR-6.43"
    robbed_pays_rule = "MCR-8.2"  # the ruling of MCR-8.2: as HK-4.10
    rule_refs = RULE_REFS
    winning_shapes = (
        "four groups and a pair, seven pairs, thirteen orphans, honours and knitted tiles or a knitted straight"
        " with a group and a pair (MCR-5.2)"
    )
    OPTIONS = ()
    dead_wall = 0
    dead_hand = True
    knitted_shapes = True
    four_alike_pairs = True
    unit = "points"
    summary_value = ("fan_points", "points")
    summary_note = "flowers not counted"  # the win's ``points`` counts them (MCR-5.1: the 8 points exclude them)
    limit_hands = False
    win_flags = frozenset(MCR_FLAGS)
    round_seats = ROUND_SEATS  # seats change at each new round; the deal passes after every hand (the base hooks)

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self.min_value = MIN_POINTS
        self.value_checked = True

    def score(self, win: Win) -> Outcome:
        """MCR-5 to MCR-8: the best reading's fans; ``winning`` from 8 points without flowers."""
        r = score_mcr(win)
        items = tuple(OutcomeItem(i.id, i.name, i.name_fr, i.points, i.count) for i in r.items)
        return Outcome(r.winning, r.reason, r.fan_points, "points", items, r.payments, None, r)

    def result_dict(self, outcome: Outcome, lang: str = "en") -> dict[str, Any]:
        r: McrResult = outcome.detail
        out: dict[str, Any] = r.to_dict()
        if lang == "fr":  # each item keeps its name_fr too
            out["items"] = [item | {"name": item["name_fr"]} for item in out["items"]]
        return out

    def format_outcome(self, outcome: Outcome, lang: str = "en", roles: Sequence[str] = ()) -> str | None:
        """The MCR table of :meth:`hkmj.scoring.mcr.McrResult.format` (fans, counts, the 8-point check)."""
        r: McrResult = outcome.detail
        return r.format(lang, roles)

    def name_of(self, item_id: str, lang: str = "en") -> str:
        names = _NAMES[item_id]
        return names[1] if lang == "fr" else names[0]

    def win_fields(self, outcome: Outcome) -> dict[str, Any]:
        """``points`` (flowers included), ``fan_points`` (without), ``items`` (``id``, names, ``points``, ``count``), ``payments``."""
        r: McrResult = outcome.detail
        return {
            "points": r.points,
            "fan_points": r.fan_points,
            "items": [i.to_dict() for i in r.items],
            "payments": list(outcome.payments),
        }

    def describe_win(self, event: Mapping[str, Any], lang: str = "en") -> str:
        parts = []
        for i in event["items"]:
            times = f" ×{i['count']}" if i["count"] > 1 else ""
            parts.append(f"{self.name_of(i['id'], lang)}{times} {i['points'] * i['count']}")
        items = ", ".join(parts)
        return f"{items} = {event['points']} points"

    def payment_note(
        self,
        payments: Sequence[int],
        winner: int,
        discarder: int | None,
        points: int | None,
        scores: Sequence[int] | None = None,
        robbed: bool = False,
    ) -> PaymentNote | None:
        """MCR-8: the discarder (everyone on a self-draw; the robbed player on a robbed kong) pays
        the total plus 8, the others 8."""
        if points is None or list(payments) != list(mcr_payments(points, winner, discarder)):
            return None
        rule = "mcr.self_draw" if discarder is None else "mcr.robbed_kong" if robbed else "mcr.discard"
        return PaymentNote(rule, {"points": points, "each": points + 8, "total": payments[winner]})

    def false_mahjong_payments(self, offender: int, discarder: int | None) -> tuple[int, int, int, int]:
        """Ruling: 10 points to each other player; the hand is dead and play goes on (seed 001)."""
        pay = [FALSE_MAHJONG_PENALTY] * 4
        pay[offender] = -3 * FALSE_MAHJONG_PENALTY
        return (pay[0], pay[1], pay[2], pay[3])

