"""Paired screening of an expert variant: the variant and the reference expert each play
the same deals against the same opponent, with bench_bots' method (six seatings per deal, the same
walls and bot seeds), and the variant's gain is the mean of the per-deal differences of A − B.

Runs of one seed play the same deals, so a variant's A − B matches ``bench_bots.py --seed S`` with
as many hands (6 per deal); the paired difference cancels most of the deal's luck. Also prints
why a bot scores what it does: its win rate, mean win, self-drawn share, deal-in rate (HK-6).

    python bench/screen_expert.py --variant expert+chow_fan=0.6 --seed 11 --deals 200
    python bench/screen_expert.py --set "PAIR_VALUE=0.7" --seed 13 --deals 200
    python bench/screen_expert.py --claims greedy --seed 11 --deals 200
    python bench/screen_expert.py --variant expert+reader=1 --seed 11 --deals 200 --ref-cache /tmp/screen

``--set NAME=VALUE`` (or ``NAME[key]=VALUE``) overrides a constant of :mod:`hkmj.bots.strong` or
:mod:`hkmj.bots.expert` (a Python literal) while the variant plays (the strong model's constants
that an expert carries in its own model, as the shipped one does, are set in that model); ``--claims greedy`` /
``--discards greedy`` let the greedy bot make the variant's claims / turn actions (Mahjong is
always declared, HK-5.7). A screening tool, not a test: it exits 0.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import hkmj.bots.expert as expert_module
import hkmj.bots.strong as strong_module
from bench_bots import SEATINGS, build_bot, deal_seed
from hkmj.bots.greedy import GreedyBot
from hkmj.cli import seed_number
from hkmj.engine import WIN, Action, Hand, Player, SeatView, play_hand


class Hybrid:
    """A bot whose claims (``part="claims"``) or turn actions (``part="discards"``) greedy makes
    (seeded 0: its generator only breaks exact ties)."""

    def __init__(self, bot: Player, part: str) -> None:
        self.bot = bot
        self.greedy = GreedyBot(0)
        self.part = part

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        on_turn = view.phase == "turn"
        if WIN not in legal and on_turn == (self.part == "discards"):
            return self.greedy.choose(view, legal)
        return self.bot.choose(view, legal)


def _parse_set(item: str) -> tuple[ModuleType, str, str | None, object]:
    """``NAME=VALUE`` or ``NAME[key]=VALUE`` -> (module holding NAME, NAME, key, value)."""
    target, eq, text = item.partition("=")
    if not eq:
        raise SystemExit(f"--set {item!r}: expected NAME=VALUE")
    name, _, key = target.partition("[")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise SystemExit(f"--set {item!r}: {text!r} is not a Python literal") from None
    for module in (strong_module, expert_module):
        if hasattr(module, name):
            return module, name, key.rstrip("]") or None, value
    raise SystemExit(f"--set {item!r}: no constant {name} in hkmj.bots.strong or hkmj.bots.expert")


@contextmanager
def overridden(sets: Sequence[str]) -> Iterator[None]:
    """The constants of ``sets`` overridden, restored on exit."""
    saved: list[tuple[ModuleType, str, object]] = []
    try:
        for item in sets:
            module, name, key, value = _parse_set(item)
            old = getattr(module, name)
            saved.append((module, name, old))
            if key is None:
                setattr(module, name, value)
            else:
                new = dict(old) if isinstance(old, dict) else None
                if new is None or key not in new:
                    raise SystemExit(f"--set {item!r}: {name} has no key {key!r}")
                new[key] = value
                setattr(module, name, new)
        yield
    finally:
        for module, name, old in reversed(saved):
            setattr(module, name, old)


MODEL_FIELDS = {
    "UKEIRE_EXP": "ukeire_exp",
    "PAIR_VALUE": "pair_value",
    "SELF_DRAW_FAN": "self_draw_fan",
    "PLAN_EXP": "plan_exp",
    "PLAN_SPEED": "plan_speed",
}
"""The constants of :mod:`hkmj.bots.strong` that an expert may carry in its own model
(:class:`hkmj.bots.strong.Model`), by field."""


def carried(bot: Any, sets: Sequence[str]) -> list[str]:
    """Apply to the bot's own model (an expert's ``model``, when it carries one) the items of
    ``sets`` that name one of its constants, and return the others: an expert with its own model
    does not read the module's, so overriding those would leave it as it was."""
    model = getattr(bot, "model", None)
    if not isinstance(model, strong_module.Model):
        return list(sets)
    rest: list[str] = []
    for item in sets:
        module, name, key, value = _parse_set(item)
        field = MODEL_FIELDS.get(name) if module is strong_module else None
        if field is None:
            rest.append(item)
        elif key is None:
            model = model._replace(**{field: value})
        else:
            speeds = dict(model.plan_speed)
            if key not in speeds:
                raise SystemExit(f"--set {item!r}: {name} has no key {key!r}")
            speeds[key] = float(value)  # type: ignore[arg-type]
            model = model._replace(plan_speed=speeds)
    bot.model = model
    return rest


class Scoped:
    """A bot that plays with the constants of ``sets`` overridden during its own decisions only
    (its opponents, the strong bot among them, keep the defaults); an expert carrying its own
    model (:func:`carried`) gets the model's constants set in that model."""

    def __init__(self, bot: Player, sets: Sequence[str]) -> None:
        self.bot = bot
        self.sets = carried(bot.bot if isinstance(bot, Hybrid) else bot, sets)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        with overridden(self.sets):
            return self.bot.choose(view, legal)


def play(
    a: str, b: str, seed: int, deals: range, part: str | None, sets: Sequence[str] = ()
) -> tuple[list[float], dict[str, Counter[str]]]:
    """Per-deal A − B (points per hand) and each side's counts (seats, points, wins, ...); A plays
    with the constants of ``sets`` overridden (:class:`Scoped`)."""
    diffs: list[float] = []
    st: dict[str, Counter[str]] = {"A": Counter(), "B": Counter()}
    for d in deals:
        tot = {"A": 0.0, "B": 0.0}
        for k, seating in enumerate(SEATINGS):
            hand = Hand.from_seed(deal_seed(seed, d), prevailing=d % 4)
            players: list[Player] = []
            for s, letter in enumerate(seating):
                bot_seed = (seed * 31 + d) * 64 + k * 4 + s
                bot = build_bot(a if letter == "A" else b, bot_seed)
                if letter == "A" and part:
                    bot = Hybrid(bot, part)
                players.append(Scoped(bot, sets) if letter == "A" and sets else bot)
            res = play_hand(hand, players)
            for s, letter in enumerate(seating):
                st[letter]["seats"] += 1
                tot[letter] += res.payments[s] / 2
            if res.kind == "win" and res.seat is not None:
                w = seating[res.seat]
                st[w]["wins"] += 1
                st[w]["win_pts"] += res.payments[res.seat]
                st[w]["self_drawn"] += res.discarder is None
                if res.discarder is not None:
                    st[seating[res.discarder]]["deal_ins"] += 1
        diffs.append((tot["A"] - tot["B"]) / len(SEATINGS))
    return diffs, st


def cached_reference(
    cache: Path | None, ref: str, against: str, seed: int, deals: range
) -> tuple[list[float], dict[str, Counter[str]]]:
    """:func:`play` of the reference, read from (or written to) ``cache`` when one is given: the
    reference plays the same deals the same way every run, so it need not be replayed."""
    if cache is None:
        return play(ref, against, seed, deals, None)
    path = cache / f"{ref}_vs_{against}_seed{seed}_deals{len(deals)}.json".replace("/", "_")
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        return [float(x) for x in data["diffs"]], {k: Counter(v) for k, v in data["stats"].items()}
    diffs, st = play(ref, against, seed, deals, None)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"diffs": diffs, "stats": {k: dict(v) for k, v in st.items()}}), encoding="utf-8")
    return diffs, st


def interval(xs: Sequence[float]) -> str:
    """Mean and 95% interval (mean ± 1.96 · sd / √n)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n)
    return f"{m:+.2f} [{m - h:+.2f}, {m + h:+.2f}]"


def report(label: str, diffs: Sequence[float], st: dict[str, Counter[str]]) -> None:
    print(f"{label}: A - B {interval(diffs)} over {len(diffs)} deals")
    for side in "AB":
        c = st[side]
        wins = max(1, c["wins"])
        print(
            f"  {side}: win {100 * c['wins'] / c['seats']:.1f}% of seat-hands, mean win {c['win_pts'] / 2 / wins:.1f} points, "
            f"self-drawn {100 * c['self_drawn'] / wins:.0f}% of wins, deals in {100 * c['deal_ins'] / c['seats']:.1f}%"
        )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="expert", help="the bot screened (a name or name+attr=value; default expert)")
    p.add_argument("--ref", default="expert", help="the reference it is compared with on the same deals (default expert)")
    p.add_argument("--against", default="greedy", help="the opponent of both (default greedy)")
    p.add_argument("--seed", type=seed_number, default=11, help="run seed, as bench_bots.py (default 11: a tuning seed)")
    p.add_argument("--deals", type=int, default=200, help="deals, six hands each (default 200)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="override a constant for the variant")
    p.add_argument("--claims", choices=["greedy"], help="greedy makes the variant's claims")
    p.add_argument("--discards", choices=["greedy"], help="greedy makes the variant's turn actions")
    p.add_argument("--no-ref", action="store_true", help="play the variant only")
    p.add_argument(
        "--ref-cache",
        type=Path,
        metavar="DIR",
        help="keep the reference's per-deal results in DIR and reuse them (same ref, opponent, seed, deals)",
    )
    args = p.parse_args(argv)
    if args.deals < 2:
        p.error("--deals must be at least 2")
    if args.claims and args.discards:
        p.error("--claims and --discards together would be the greedy bot")
    for spec in (args.variant, args.ref, args.against):
        try:
            build_bot(spec, 0)
        except (ValueError, KeyError) as e:
            p.error(str(e))
    deals = range(args.deals)
    part = "claims" if args.claims else "discards" if args.discards else None
    var, st = play(args.variant, args.against, args.seed, deals, part, args.set)
    label = args.variant + "".join(f" {s}" for s in args.set) + (f" ({part} by greedy)" if part else "")
    report(f"{label} vs {args.against}, seed {args.seed}", var, st)
    if not args.no_ref:
        ref, st = cached_reference(args.ref_cache, args.ref, args.against, args.seed, deals)
        report(f"{args.ref} vs {args.against}, seed {args.seed}", ref, st)
        print(f"variant - reference on the same deals: {interval([x - y for x, y in zip(var, ref, strict=True)])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
