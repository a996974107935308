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

from hkmj.rulesets.base import Option, Outcome, OutcomeItem, Ruleset
from hkmj.scoring import classical as cl
from hkmj.scoring.model import PlayerHand, Win
from hkmj.tiles import SEAT_LETTERS

__all__ = ["Classical", "SEAT_TABLE"]

SEAT_TABLE: tuple[tuple[int, int, int, int], ...] = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))
"""CL-4.5: at the start of round r, seat wind s (E, S, W, N) goes to the player who sat at
``SEAT_TABLE[r][s]`` in the first hand (seed 003: round 2 is B A D C, round 3 C D B A, round 4 D C A B)."""


_DOUBLES = frozenset(d.id for d in cl.DOUBLE_LINES)


class Classical(Ruleset):
    """The classical points-and-doubles game (seeds 002 and 003) and its options."""

    name = "classical"
    title = "Classical (points and doubles)"
    title_fr = "Classique (points et doublements)"
    unit = "points"
    scores_every_hand = True
    OPTIONS = (
        Option("pay_highest", "off", ("off", "on"), help="the winner pays twice the difference to higher scores (CL-7.4)"),
        Option("limit", "1000", low=100, high=100000, help="the limit in points (CL-6.2)"),
    )
    win_flags: ClassVar[frozenset[str]] = frozenset(cl.CLASSICAL_FLAGS)

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self.table = cl.ClassicalOptions(pay_highest=self.options["pay_highest"] == "on", limit=int(self.options["limit"]))

    # -------------------------------------------------------------- scoring

    def _deal(self, win: Win, hands: Sequence[PlayerHand | None]) -> cl.Deal:
        four = list(hands)
        four[win.seat] = PlayerHand(win.concealed, win.melds, win.flowers, win.seasons)
        return cl.Deal(
            (four[0], four[1], four[2], four[3]),
            win.seat,
            win.win,
            win.win_tile,
            win.discarder,
            win.prevailing,
            frozenset(f for f in win.flags if f in self.win_flags),
            self.table,
        )

    def _outcome(self, r: cl.ClassicalResult) -> Outcome:
        """The generic outcome: one item per (line, value); a double's value is its factor 2."""
        counts: dict[tuple[str, int], int] = {}
        for i in r.winner.items:
            key = (i.id, 2 if i.doubles else i.points)
            counts[key] = counts.get(key, 0) + 1
        items = tuple(
            OutcomeItem(
                k,
                cl.name_of(k) + (" (×2)" if k in _DOUBLES else ""),
                cl.name_of(k, "fr") + (" (×2)" if k in _DOUBLES else ""),
                v,
                n,
            )
            for (k, v), n in counts.items()
        )
        return Outcome(True, "", r.winner.score, "points", items, r.settlement, r.winner.limit_id, r)

    def score(self, win: Win) -> Outcome:
        """CL-5, CL-6: the winner's score; the others count as scoring 0 (their hands are unknown here)."""
        return self._outcome(cl.score_deal(self._deal(win, (None, None, None, None))))

    def score_end(self, win: Win, hands: Sequence[PlayerHand | None]) -> Outcome:
        """CL-5 … CL-7 at the end of a hand: every player scored from ``hands`` and settled."""
        return self._outcome(cl.score_deal(self._deal(win, hands)))

    def score_json(self, obj: Any) -> dict[str, Any]:
        """The four-hand request of ``hkmj score --rules classical`` (docs/rules-classical.md)."""
        if isinstance(obj, dict) and "options" not in obj:
            obj = {**obj, "options": {"pay_highest": self.table.pay_highest, "limit": self.table.limit}}
        return cl.score_json(obj)

    def result_dict(self, outcome: Outcome) -> dict[str, Any]:
        r: cl.ClassicalResult = outcome.detail
        return r.to_dict()

    def name_of(self, item_id: str, lang: str = "en") -> str:
        return cl.name_of(item_id, lang)

    def win_fields(self, outcome: Outcome) -> dict[str, Any]:
        """``points``, ``doubles``, ``score``, ``limit``, ``items``, every seat's ``scores_by_seat`` and ``payments``."""
        r: cl.ClassicalResult = outcome.detail
        w = r.winner
        return {
            "points": w.points,
            "doubles": w.doubles,
            "score": w.score,
            "limit": w.limit_id,
            "items": [i.to_dict() for i in w.items],
            "hand_scores": [p.score for p in r.players],
            "payments": list(outcome.payments),
        }

    def describe_win(self, event: Mapping[str, Any], lang: str = "en") -> str:
        items = ", ".join(f"{self.name_of(i['id'], lang)} {i.get('points', '×2')}" for i in event["items"])
        limit = f", limit {self.name_of(event['limit'], lang)}" if event["limit"] else ""
        scores = " ".join(f"{SEAT_LETTERS[s]} {v}" for s, v in enumerate(event["hand_scores"]))
        return (
            f"{items} = {event['points']} points × 2^{event['doubles']} = {event['score']}{limit}; "
            f"hands {scores}; payments {event['payments']}"
        )

    def false_mahjong_payments(self, offender: int, discarder: int | None) -> tuple[int, int, int, int]:
        """CL-7.7 Ruling: the offender pays each other player the limit, East's share doubled (CL-7.3)."""
        pay = [0, 0, 0, 0]
        for s in range(4):
            if s != offender:
                amount = self.table.limit * (2 if 0 in (s, offender) else 1)
                pay[s] += amount
                pay[offender] -= amount
        return (pay[0], pay[1], pay[2], pay[3])

    # -------------------------------------------------------------- rotation and length

    def dealer_keeps(self, kind: str, winner: int | None) -> bool:
        """CL-4.3: the seat winds move on after every hand, won or drawn."""
        return False

    def player_at(self, first: Sequence[int], rotations: int, seat: int) -> int:
        """CL-4.5: the round's seat table, then one step per hand within the round (CL-4.3)."""
        r = min(rotations // 4, 3)
        return first[SEAT_TABLE[r][(seat + rotations) % 4]]
