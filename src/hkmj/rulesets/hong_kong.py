"""Hong Kong rules (HK-1 … HK-7) with the house options of docs/house-options.md.

Defaults are the seed's rules exactly: no minimum fan, the 4-7-10 fan→base table with the
limit (base 64) at 10 fan, the discarder paying double, a base value of 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hkmj.rulesets.base import Option, Outcome, OutcomeItem, Ruleset
from hkmj.scoring.hong_kong import HONG_KONG
from hkmj.scoring.model import FLAGS, ScoreResult, Win
from hkmj.scoring.ruleset import Ruleset as FanTable
from hkmj.scoring.ruleset import payments as seed_payments
from hkmj.scoring.ruleset import score as score_table

__all__ = ["HongKong", "fan_table"]

TABLES = ("seed", "half", "doubling")


def _table_base(table: str, fan: int) -> int:
    """Base points of ``fan`` in one of the fan→base tables, before the limit (house option ``table``)."""
    if fan < 4:
        return 1 << fan
    if table == "seed":  # HK-6: 4-6 fan 16, 7-9 fan 32, 10-12 fan 64, ...
        return 16 << ((fan - 4) // 3)
    if table == "half":  # half-exponential: 16, 24, 32, 48, 64, 96, ...
        steps = fan - 4
        return (16 << (steps // 2)) * (3 if steps % 2 else 2) // 2
    return 1 << fan  # doubling: every fan doubles


def fan_table(table: str, limit: int, unit: int = 1) -> tuple[tuple[int, ...], int]:
    """``(base_by_fan, limit_base)`` for a table, a limit in fan and a base value (HK-6 + options).

    Every hand of ``limit`` fan or more, and every limit hand, scores the limit base: the
    table's value at ``limit`` fan, except that the seed's step table, whose rows span three
    fan, gives the limit double its row below (so limit 8 is worth 64 as limit 10 is).
    """
    below = tuple(unit * _table_base(table, f) for f in range(limit))
    top = 2 * below[-1] if table == "seed" else unit * _table_base(table, limit)
    return below + (top,), top


def _half_shooter(base: int, winner: int, discarder: int | None) -> tuple[int, int, int, int]:
    """House option ``payment=half-shooter``: on a discard the discarder pays for all three losers."""
    if discarder is None:
        return seed_payments(base, winner, None)
    pay = [0, 0, 0, 0]
    pay[discarder] = -4 * base
    pay[winner] = 4 * base
    return (pay[0], pay[1], pay[2], pay[3])


_WIN_WORDS: dict[str, tuple[str, str]] = {
    "en": ("no scoring element", ", limit hand: {name}"),
    "fr": ("aucun élément", ", main limite\u00a0: {name}"),
}
"""A win with no element, and its limit hand, in the words of :meth:`HongKong.describe_win`."""


class HongKong(Ruleset):
    """Hong Kong Mahjong (seed 004, /work/shared/rules/hong-kong.md) and its house options."""

    name = "hk"
    title = "Hong Kong"
    title_fr = "Hong Kong"
    title_fr_in_sentence = "règles de Hong Kong"
    title_fr_at = "aux règles de Hong Kong"
    false_mahjong_rule = "HK-5.7"
    robbed_kong_rule = "HK-4.10"
    robbed_pays_rule = "HK-4.10"
    summary_value = ("fan", "fan")
    dead_wall = 14  # HK-2.7
    unit = "fan"
    win_flags = frozenset(FLAGS)  # HK-6's ways of winning
    winning_shapes = "four groups and a pair, seven pairs or thirteen orphans (HK-5.1-5.4)"
    OPTIONS = (
        Option("minfan", "0", ("0", "1", "3"), help="minimum fan to win (limit hands always qualify)",
               help_fr="fans minimum pour gagner (une main limite gagne toujours)"),
        Option("limit", "10", ("8", "10", "13"), help="fan from which a hand scores the limit base",
               help_fr="nombre de fans à partir duquel une main vaut la base limite"),
        Option(
            "table",
            "seed",
            TABLES,
            help="fan→base table: seed, the rules' own (HK-6: 4-7-10 steps); half (half-exponential); doubling (every fan doubles)",
            help_fr="table des fans aux points de base\u00a0: seed, celle des règles (HK-6\u00a0: paliers 4-7-10)\u00a0; half (demi-exponentielle)\u00a0; "
            "doubling (chaque fan double)",
        ),
        Option(
            "payment",
            "seed",
            ("seed", "half-shooter"),
            help="on a discard, seed (the rules' own, HK-6): the discarder pays 2 × base, the others 1 ×; "
            "half-shooter: the discarder pays 4 × base, the others nothing",
            help_fr="sur une défausse, seed (celle des règles, HK-6)\u00a0: le défausseur paie 2 × la base, les autres 1 ×\u00a0; "
            "half-shooter\u00a0: le défausseur paie 4 × la base, les autres rien",
        ),
        Option("base", "1", low=1, high=1000, help="base value: every base (and the HK-5.7 penalty) is multiplied by it",
               help_fr="valeur de base\u00a0: chaque base (et la pénalité de HK-5.7) est multipliée par elle"),
    )

    def __init__(self, options: dict[str, str] | None = None) -> None:
        super().__init__(options)
        o = self.options
        self.min_fan = int(o["minfan"])
        self.min_value = self.min_fan
        self.value_checked = self.min_fan > 0
        self._shooter = o["payment"] == "half-shooter"
        by_fan, limit_base = fan_table(o["table"], int(o["limit"]), int(o["base"]))
        if (by_fan, limit_base) == (HONG_KONG.base_by_fan, HONG_KONG.limit_base):
            self.table: FanTable = HONG_KONG
        else:
            self.table = replace(HONG_KONG, base_by_fan=by_fan, limit_base=limit_base)
        self.penalty = limit_base
        """HK-5.7: the false-Mahjong penalty to each other player is the limit base (64 by the seed)."""

    def score(self, win: Win) -> Outcome:
        """HK-6 with the house table; ``winning`` is false under ``minfan`` (limit hands always win),
        and such a hand pays nothing: its payments are 0, as ``hkmj score`` answers and as MCR's
        outcome under 8 points (nobody pays for a hand that may not win)."""
        r = score_table(win, self.table)
        pay = r.payments
        if self._shooter:
            pay = _half_shooter(r.base, win.seat, None if win.win == "self_draw" else win.discarder)
        winning = r.limit_id is not None or r.fan >= self.min_fan
        if not winning:
            pay = (0, 0, 0, 0)
        reason = "" if winning else f"{r.fan} fan: this table needs at least {self.min_fan} fan to win (house option minfan)"
        counts: dict[str, int] = {}
        for i in r.items:
            counts[i.id] = counts.get(i.id, 0) + 1
        items = tuple(
            OutcomeItem(k, self.table.name_of(k), self.table.name_of(k, "fr"), self._fan_of(r, k), n) for k, n in counts.items()
        )
        return Outcome(
            winning, reason, r.fan, "fan", items, pay, r.limit_id, r if pay is r.payments else replace(r, payments=pay)
        )

    @staticmethod
    def _fan_of(r: ScoreResult, item_id: str) -> int:
        return next(i.fan for i in r.items if i.id == item_id)

    def result_dict(self, outcome: Outcome, lang: str = "en") -> dict[str, Any]:
        """The HK-6 JSON result (``valid``, ``fan``, ``limit``, ``base``, ``items``, ``payments``);
        a hand under ``minfan`` pays nothing (``winning: false``, ``reason``, the outcome's payments
        of 0), as under MCR."""
        r: ScoreResult = outcome.detail
        out: dict[str, Any] = r.to_dict()
        if lang != "en":  # the names of the items and the limit hand, by their ids
            out["items"] = [item | {"name": self.name_of(i.id, lang)} for item, i in zip(out["items"], r.items, strict=True)]
            if r.limit_id:
                out["limit"] = self.name_of(r.limit_id, lang)
        if not outcome.winning:
            out["winning"] = False
            out["reason"] = outcome.reason
            out["payments"] = dict.fromkeys("ESWN", 0)
        return out

    def name_of(self, item_id: str, lang: str = "en") -> str:
        return self.table.name_of(item_id, lang)

    def win_fields(self, outcome: Outcome) -> dict[str, Any]:
        """``fan``, ``limit``, ``base``, ``items`` (``id``, ``name``, ``fan``, repeated per count), ``payments``."""
        r: ScoreResult = outcome.detail
        return {
            "fan": r.fan,
            "limit": r.limit_id,
            "base": r.base,
            "items": [{"id": i.id, "name": i.name, "fan": i.fan} for i in r.items],
            "payments": list(outcome.payments),
        }

    def describe_win(self, event: Mapping[str, Any], lang: str = "en") -> str:
        """HK-6: each element and its fan, the total, the limit hand and the base
        (``Self-drawn 1 · Pung of dragons 1 = 2 fan → base 4``), in ``lang``: ``hkmj replay
        --show``'s line for a win."""
        none, limit_words = _WIN_WORDS["fr" if lang == "fr" else "en"]
        items = " · ".join(f"{self.name_of(i['id'], lang)} {i['fan']}" for i in event["items"]) or none
        limit = limit_words.format(name=self.name_of(event["limit"], lang)) if event["limit"] else ""
        return f"{items} = {event['fan']} fan{limit} → base {event['base']}"

    def false_mahjong_payments(self, offender: int, discarder: int | None) -> tuple[int, int, int, int]:
        """HK-5.7: the penalty to each other player, doubled to the discarder of a claimed tile."""
        pay = [self.penalty] * 4
        if discarder is not None:
            pay[discarder] = 2 * self.penalty
        pay[offender] = 0
        pay[offender] = -sum(pay)
        return (pay[0], pay[1], pay[2], pay[3])

    def dealer_keeps(self, kind: str, winner: int | None) -> bool:
        """HK-7.2 (and HK-5.7 Ruling): East deals again after its own win, a draw or a penalty;
        another seat's win passes the deal. Seats never change (the base's ``round_seats``)."""
        return kind != "win" or winner == 0
