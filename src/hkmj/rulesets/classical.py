"""The classical game (docs/rules-classical.md, CL-1 … CL-7): points and doubles, European Classic play.

Play is the Hong Kong engine's (CL-3 claims and priority are HK-4's, a kong is never claimed
onto an exposed pung); what differs is here: no minimum, every player scored at the end and
settled with every other (:mod:`hkmj.scoring.classical`), the deal passing after every hand
(CL-4.3), the seat table of each round (CL-4.5) and the ruleset options ``pay_highest`` and
``limit``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from hkmj.rulesets.base import ROUND_SEATS, Option, Outcome, OutcomeItem, PaymentNote, Ruleset, SeatScoring
from hkmj.scoring import classical as cl
from hkmj.scoring.classical import RULE_REFS
from hkmj.scoring.model import PlayerHand, Win
from hkmj.tiles import wind_letter

__all__ = ["Classical", "SEAT_TABLE"]

SEAT_TABLE = ROUND_SEATS
"""CL-4.5: at the start of round r, seat wind s (E, S, W, N) goes to the player who sat at
``SEAT_TABLE[r][s]`` in the first hand (seed 003: round 2 is B A D C, round 3 C D B A, round 4 D C A B):
the competition seat changes of MCR, one table for both (:data:`hkmj.rulesets.base.ROUND_SEATS`)."""


_DOUBLE_NAMES: dict[str, tuple[str, str]] = {d.id: (d.name, d.name_fr) for d in cl.DOUBLE_LINES}
"""Each double's plain name, English and French (``name_of`` adds "(×2)" for the winner's table)."""


def _point_items(found: Sequence[cl.ScoreItem]) -> list[OutcomeItem]:
    """A hand's point lines, one item per line and value with a count, in table order (CL-5.1). A
    line met both exposed and concealed (``Pung of 2-8`` 2 and 4) names which is which, as
    ``hkmj score`` does: "Pung of 2-8, exposed", "Pung of 2-8, concealed"."""
    counts: dict[tuple[str, int], int] = {}
    exposed: dict[tuple[str, int], bool | None] = {}
    for i in found:
        if not i.doubles:
            counts[(i.id, i.points)] = counts.get((i.id, i.points), 0) + 1
            exposed[(i.id, i.points)] = i.exposed
    values: dict[str, int] = {}
    for k, _ in counts:
        values[k] = values.get(k, 0) + 1
    out = []
    for (k, v), n in counts.items():
        e = exposed[(k, v)]
        if values[k] > 1 and e is not None:
            out.append(OutcomeItem(k, cl.exposure_name(k, e), cl.exposure_name(k, e, "fr"), v, n))
        else:
            out.append(OutcomeItem(k, cl.name_of(k), cl.name_of(k, "fr"), v, n))
    return out


class Classical(Ruleset):
    """The classical points-and-doubles game (seeds 002 and 003) and its options."""

    name = "classical"
    title = "Classical (points and doubles)"
    title_fr = "Classique (points et doublements)"
    title_fr_in_sentence = "jeu classique (points et doublements)"
    title_fr_at = "au jeu classique"
    false_mahjong_rule = "CL-7.7"
    robbed_kong_rule = "CL-3.4"
    robbed_pays_rule = "CL-7.1"  # the robbed player pays the winner as every loser does
    rule_refs = RULE_REFS
    winning_shapes = "four groups and a pair (CL-2.4) or a limit hand such as seven pairs or thirteen wonders (CL-6)"
    unit = "points"
    dead_wall = 14  # as Hong Kong (CL-1.2: replacements from the dead wall)
    summary_value = ("score", "score")
    scores_every_hand = True
    round_seats = SEAT_TABLE  # CL-4.5; the deal passes after every hand, CL-4.3 (the base hook)
    OPTIONS = (
        Option("pay_highest", "off", ("off", "on"), help="the winner pays twice the difference to higher scores (CL-7.4)",
               help_fr="le gagnant paie deux fois la différence aux scores plus élevés (CL-7.4)"),
        Option("limit", "1000", low=cl.LIMIT_RANGE[0], high=cl.LIMIT_RANGE[1], help="the limit in points (CL-6.2)",
               help_fr="la limite en points (CL-6.2)"),
    )
    win_flags: ClassVar[frozenset[str]] = frozenset(cl.CLASSICAL_FLAGS)

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self.table = cl.ClassicalOptions(pay_highest=self.options["pay_highest"] == "on", limit=int(self.options["limit"]))

    # -------------------------------------------------------------- scoring

    def _outcome(self, r: cl.ClassicalResult) -> Outcome:
        """The generic outcome, its items adding up to the score (for end screens that add them).

        Point lines come first (one item per line and value, with a count); then each double
        as the amount it adds, doubling the running total (CL-5: points × 2^doubles); then, when
        the limit applies, the adjustment to it (CL-6.2).
        """
        w = r.winner
        items = _point_items(w.items)
        total = w.points
        for i in w.items:
            if i.doubles:
                items.append(OutcomeItem(i.id, cl.name_of(i.id), cl.name_of(i.id, "fr"), total, 1))
                total *= 2
        if total != w.score:
            lim = w.limit_id
            en = f"Limit: {cl.name_of(lim)}" if lim else "Limit (CL-6.2)"
            fr = f"Limite\u00a0: {cl.name_of(lim, 'fr')}" if lim else "Limite (CL-6.2)"
            items.append(OutcomeItem(lim or "limit", en, fr, w.score - total, 1))
        return Outcome(True, "", w.score, "points", tuple(items), r.settlement, w.limit_id, r)

    def score(self, win: Win) -> Outcome:
        """CL-5, CL-6: the winner's score; the others count as scoring 0 (their hands are unknown here)."""
        return self._outcome(cl.score_deal(cl.deal_from_win(win, options=self.table)))

    def score_end(self, win: Win, hands: Sequence[PlayerHand | None]) -> Outcome:
        """CL-5 … CL-7 at the end of a hand: every player scored from ``hands`` and settled."""
        return self._outcome(cl.score_deal(cl.deal_from_win(win, hands, self.table)))

    def score_json(self, obj: Any) -> dict[str, Any]:
        """The four-hand request of ``hkmj score --rules classical`` (docs/rules-classical.md).

        This ruleset's options (``--option pay_highest=on``) fill in what the request's ``options``
        leave out: no ``options``, ``null``, or a key missing from them (CL-6.2, CL-7.4); a key the
        request gives is its own."""
        if isinstance(obj, dict):
            given = obj.get("options")
            if given is None or isinstance(given, Mapping):
                obj = {**obj, "options": {"pay_highest": self.table.pay_highest, "limit": self.table.limit, **(given or {})}}
        return cl.score_json(obj)

    def result_dict(self, outcome: Outcome, lang: str = "en") -> dict[str, Any]:
        r: cl.ClassicalResult = outcome.detail
        return r.to_dict(lang)

    def name_of(self, item_id: str, lang: str = "en") -> str:
        return cl.name_of(item_id, lang)

    def counted(self, item_id: str, name: str, count: int, lang: str = "en") -> str:
        return cl.counted(item_id, name, count, lang)

    def seat_scoring(self, outcome: Outcome) -> tuple[SeatScoring, ...]:
        """CL-5, CL-5.4: every seat's point lines (one item per line and value, with a count, in
        table order) and doubles (one item per condition, with the number of doubles it gives)."""
        r: cl.ClassicalResult = outcome.detail
        out = []
        for p in r.players:
            doubled: dict[str, int] = {}
            for i in p.items:
                if i.doubles:
                    doubled[i.id] = doubled.get(i.id, 0) + i.doubles
            out.append(
                SeatScoring(
                    p.seat,
                    p.points,
                    p.doubles,
                    p.score,
                    tuple(_point_items(p.items)),
                    tuple(OutcomeItem(k, *_DOUBLE_NAMES[k], 1, n) for k, n in doubled.items()),
                    p.limit_id,
                )
            )
        return tuple(out)

    def win_fields(self, outcome: Outcome) -> dict[str, Any]:
        """The ``win`` event's score: ``points`` and ``score`` (what the hand is worth: points ×
        2^doubles, or the limit), ``items`` adding up to it (``id``, ``points``, ``count``: the point lines, each double
        as what it adds, the limit adjustment), ``hand_points`` and ``doubles`` before that,
        ``limit``, every seat's ``hand_scores`` with the ``seat_points`` and ``seat_doubles`` they come
        from (CL-5.4: every player scores) and the ``payments`` (CL-7)."""
        r: cl.ClassicalResult = outcome.detail
        w = r.winner
        return {
            "points": w.score,
            "score": w.score,
            "hand_points": w.points,
            "doubles": w.doubles,
            "limit": w.limit_id,
            "items": [{"id": i.id, "points": i.value, "count": i.count} for i in outcome.items],
            "hand_scores": [p.score for p in r.players],
            "seat_points": [p.points for p in r.players],
            "seat_doubles": [p.doubles for p in r.players],
            "payments": list(outcome.payments),
        }

    def describe_win(self, event: Mapping[str, Any], lang: str = "en") -> str:
        parts = []
        values: dict[str, set[int]] = {}
        for i in event["items"]:
            values.setdefault(i["id"], set()).add(i["points"])
        lines = {line.id: line for line in cl.POINT_LINES}
        for i in event["items"]:
            name = self.name_of(i["id"], lang)
            line = lines.get(i["id"])
            if line is not None and len(values[i["id"]]) > 1:  # CL-5.1: met exposed and concealed, say which is which
                name = cl.exposure_name(i["id"], i["points"] == line.exposed, lang)
            parts.append(f"{cl.counted(i['id'], name, i['count'], lang)} {i['points'] * i['count']}")
        fr = lang == "fr"
        colon, semicolon = ("\u00a0:", "\u00a0;") if fr else (":", ";")
        scores = " ".join(f"{wind_letter(s, lang)} {v}" for s, v in enumerate(event["hand_scores"]))
        score, product = event["points"], event["hand_points"] * 2 ** event["doubles"]
        if event["limit"]:  # CL-6.1: a limit hand scores the limit, whatever its reading makes
            limit = f", {'main limite' if fr else 'limit hand'}{colon} {self.name_of(event['limit'], lang)}"
        elif product != score:  # CL-6.2: any other hand is capped at the limit
            limit = f" = {product}, {'plafonné à la limite de' if fr else 'capped at the limit of'} {score}"
        else:
            limit = ""
        return (
            f"{', '.join(parts)} = {score} ({event['hand_points']} points × 2^{event['doubles']}{limit}){semicolon} "
            f"{'mains' if fr else 'hands'} {scores}"
        )

    def payment_note(
        self,
        payments: Sequence[int],
        winner: int,
        discarder: int | None,
        points: int | None,
        scores: Sequence[int] | None = None,
        robbed: bool = False,
    ) -> PaymentNote:
        """CL-7: every player scores and settles with every other, East double (CL-7.3); with the
        option ``pay_highest`` the winner pays twice the difference to a higher score (CL-7.4).
        Given every seat's ``scores``, the transfers :func:`hkmj.scoring.classical.settle` makes."""
        highest = self.options.get("pay_highest") == "on"
        transfers = None
        if scores is not None:
            four = (scores[0], scores[1], scores[2], scores[3])
            transfers = tuple((t.payer, t.payee, t.amount) for t in cl.settle(four, winner, highest))
        return PaymentNote("classical.highest" if highest else "classical", {}, transfers)

    def false_mahjong_payments(self, offender: int, discarder: int | None) -> tuple[int, int, int, int]:
        """CL-7.7 Ruling: the offender pays each other player the limit, East's share doubled (CL-7.3)."""
        pay = [0, 0, 0, 0]
        for s in range(4):
            if s != offender:
                amount = self.table.limit * (2 if 0 in (s, offender) else 1)
                pay[s] += amount
                pay[offender] -= amount
        return (pay[0], pay[1], pay[2], pay[3])
