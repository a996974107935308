"""``hkmj arena``: OpenSkill ratings of bots over duplicate deals with rotated seats.

Deal ``k`` is a wall seeded from ``seed`` and ``k``; the table of four for that deal cycles
through the bots (every combination of four when there are more than four; bots repeat when
there are fewer). The deal is played four times, the players rotated one seat each time, so
every bot plays every hand of the deal (duplicate play removes most of the luck of the wall).
Each bot's points over the four hands rank the table for one Plackett-Luce update (OpenSkill).
Deals may be played by several processes; ratings are always updated in deal order, so the
result is the same for any number of workers.

With a record (``hkmj arena --record FILE``), every hand is kept as the engine's events
(docs/record-format.md): hands without a match, each ``hand_start`` numbering the hand in the
arena (``hand``), the deal's four bots as its players 0-3 (``players`` by seat, ``dealer`` the
player at East) and ``arena`` ``{deal, rotation, bots}`` (the deal's number, the rotation 1-4,
the names of players 0-3), so ``hkmj replay`` and ``hkmj review`` read it as they read any record.

A bot is a built-in name or an import path ``module:factory`` of one's own bot, where
``factory(seed)`` returns a :class:`~hkmj.engine.Player` (:func:`hkmj.bots.bot_factory`); its
module must be importable wherever deals are played (each worker process, each Ray node).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from hkmj.bots import bot_name, load_bot
from hkmj.engine import Hand, play_hand
from hkmj.rulesets import DEFAULT, Ruleset, get_ruleset
from hkmj.scale import map_ordered
from hkmj.tui.texts import bot_in

__all__ = ["ArenaResult", "play_deal", "play_deal_recorded", "run_arena", "tables"]


def tables(bots: Sequence[str], deals: int) -> list[tuple[str, ...]]:
    """The four bots at the table of each deal."""
    n = len(bots)
    if n >= 4:
        combos = list(combinations(bots, 4))
        return [combos[k % len(combos)] for k in range(deals)]
    return [tuple(bots[(k + i) % n] for i in range(4)) for k in range(deals)]


Job = tuple[int, int, tuple[str, ...], tuple[str, tuple[tuple[str, str], ...]]]
"""One deal to play: (arena seed, deal index k from 0, the table's four bots, ruleset (name, options))."""


def play_deal(args: Job) -> dict[str, int]:
    """Points per bot over the four rotations of deal ``k`` (HK-6 payments summed) under ruleset (name, options)."""
    return _play_deal(args, None)


def play_deal_recorded(args: Job) -> tuple[dict[str, int], list[str]]:
    """:func:`play_deal` and the four hands' events as JSON lines (a record's lines, module docstring)."""
    lines: list[str] = []
    return _play_deal(args, lines), lines


def _play_deal(args: Job, lines: list[str] | None) -> dict[str, int]:
    seed, k, table, spec = args
    rules = get_ruleset(spec[0], dict(spec[1]))
    rng = random.Random(seed * 1_000_003 + k)
    hand_seed = rng.getrandbits(63)
    points: dict[str, int] = dict.fromkeys(table, 0)
    for r in range(4):
        at_seat = [table[(s + r) % 4] for s in range(4)]
        players = [load_bot(at_seat[s], rng.getrandbits(32)) for s in range(4)]
        if lines is None:
            hand = Hand.from_seed(hand_seed, rules=rules)
        else:  # the same wall and play, its hand_start naming the deal and who sat where
            seats = [(s + r) % 4 for s in range(4)]
            info = {"hand": 4 * k + r + 1, "players": seats, "dealer": seats[0], "arena": {"deal": k + 1, "rotation": r + 1, "bots": list(table)}}
            hand = Hand.from_seed(hand_seed, rules=rules, info=info)
        try:
            result = play_hand(hand, players)
        except Exception as e:  # an outside bot's error or illegal action, named with its table
            raise ValueError(f"deal {k + 1}, seats E S W N = {', '.join(at_seat)}: {type(e).__name__}: {e}") from None
        for s in range(4):
            points[at_seat[s]] += result.payments[s]
        if lines is not None:
            lines.extend(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in hand.events)
    return points


def _shown(x: float) -> float:
    """``x`` to two decimals, a negative zero made positive (shown as 0.00, never -0.00)."""
    return round(x, 2) + 0.0


@dataclass
class ArenaResult:
    """Final ratings and their history (after each deal) by bot."""

    bots: list[str]
    mu: dict[str, float]
    sigma: dict[str, float]
    hands: dict[str, int]
    points: dict[str, int]
    history: list[tuple[int, dict[str, tuple[float, float]]]] = field(default_factory=list)
    """(hands played in all, {bot: (mu, sigma)}) after each deal."""

    def table(self, lang: str = "en") -> str:
        """Bots by rating: mu, sigma, a 95% interval (mu ± 1.96 sigma), ordinal (mu − 3 sigma), points per hand;
        ``lang`` ``fr``: the headings in French, decimal commas."""
        w = max(10, *(len(bot_in(b, lang)) for b in self.bots))
        if lang == "fr":
            head = f"{'robot':<{w}} {'niveau':>7} {'sigma':>6} {'intervalle à 95 %':>17} {'ordinal':>8} {'donnes':>7} {'pts/donne':>9}"
            return "\n".join([head, *self._rows(w, "fr")])
        lines = [f"{'bot':<{w}} {'rating':>7} {'sigma':>6} {'95% interval':>17} {'ordinal':>8} {'hands':>7} {'pts/hand':>9}"]
        lines += self._rows(w)
        return "\n".join(lines)

    def _rows(self, w: int, lang: str = "en") -> list[str]:
        """The table's rows, best first (:meth:`table`); in French with decimal commas."""
        if lang == "fr":
            return [self._row_fr(b, w) for b in sorted(self.bots, key=lambda x: self.mu[x] - 3 * self.sigma[x], reverse=True)]
        lines = []
        for b in sorted(self.bots, key=lambda x: self.mu[x] - 3 * self.sigma[x], reverse=True):
            mu, sg = self.mu[b], self.sigma[b]
            lo, hi, ordinal = _shown(mu - 1.96 * sg), _shown(mu + 1.96 * sg), _shown(mu - 3 * sg)
            pph = self.points[b] / max(self.hands[b], 1)
            lines.append(
                f"{b:<{w}} {mu:>7.2f} {sg:>6.2f} [{lo:>6.2f}, {hi:>6.2f}] {ordinal:>8.2f} {self.hands[b]:>7} {pph:>+9.2f}"
            )
        return lines

    def _row_fr(self, b: str, w: int) -> str:
        mu, sg = self.mu[b], self.sigma[b]
        lo, hi, ordinal = _shown(mu - 1.96 * sg), _shown(mu + 1.96 * sg), _shown(mu - 3 * sg)
        pph = self.points[b] / max(self.hands[b], 1)

        def fr(x: float, spec: str) -> str:
            return format(x, spec).replace(".", ",")

        return (
            f"{bot_in(b, 'fr'):<{w}} {fr(mu, '>7.2f')} {fr(sg, '>6.2f')} [{fr(lo, '>6.2f')}\u00a0; {fr(hi, '>6.2f')}] {fr(ordinal, '>8.2f')} "
            f"{self.hands[b]:>7} {fr(pph, '>+9.2f')}"
        )

    def plot(self, path: str, lang: str = "en") -> None:
        """Write a PNG of each bot's rating (mu, with a ±1.96 sigma band) against hands played;
        ``lang`` ``fr``: its axes and title in French."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 4.5))
        xs = [h for h, _ in self.history]
        for b in self.bots:
            mus = [r[b][0] for _, r in self.history]
            sgs = [r[b][1] for _, r in self.history]
            (line,) = ax.plot(xs, mus, label=bot_in(b, lang))
            ax.fill_between(
                xs, [m - 1.96 * s for m, s in zip(mus, sgs, strict=True)], [m + 1.96 * s for m, s in zip(mus, sgs, strict=True)],
                color=line.get_color(), alpha=0.15,
            )  # fmt: skip
        fr = lang == "fr"
        ax.set_xlabel("donnes jouées (toutes tables)" if fr else "hands played (all tables)")
        ax.set_ylabel("niveau OpenSkill (mu, bande à 95 %)" if fr else "OpenSkill rating (mu, 95% band)")
        ax.set_title("hkmj arena\u00a0: donnes dupliquées, places tournantes" if fr else "hkmj arena: duplicate deals, rotated seats")
        ax.legend()
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)


def run_arena(
    bots: Sequence[str],
    *,
    deals: int,
    seed: int,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    rules: Ruleset | None = None,
    progress: Callable[[int], None] | None = None,
    on_record: Callable[[list[str]], None] | None = None,
) -> ArenaResult:
    """Rate ``bots`` (built-in names or import paths ``module:factory``, at least two distinct) over ``deals`` duplicate deals.

    Deals run locally or on Ray (:func:`hkmj.scale.map_ordered`); ratings are the same for any backend and worker count.
    ``progress(1)`` is called as each deal is played (a progress bar's ``advance``); with
    ``on_record``, ``on_record(lines)`` is given each deal's four hands as record lines, in deal
    order (the module docstring), before its ``progress``.
    """
    from openskill.models import PlackettLuce

    names = [bot_name(b) for b in bots]
    for b in names:
        load_bot(b, seed)  # a bad name or import path, or a factory that fails, is named before any deal
    if len(set(names)) < 2 or len(set(names)) != len(names):
        raise ValueError(f"--bots {','.join(bots)}: expected at least two different bots, each once")
    if deals < 1:
        raise ValueError("deals: expected at least 1")
    ruleset = DEFAULT if rules is None else rules
    spec = (ruleset.name, tuple(sorted(ruleset.options.items())))
    jobs = [(seed, k, t, spec) for k, t in enumerate(tables(names, deals))]
    results: list[dict[str, int]] = []
    if on_record is None:
        for pts in map_ordered(play_deal, jobs, workers=workers, backend=backend, address=address):
            results.append(pts)
            if progress is not None:
                progress(1)
    else:
        for pts, lines in map_ordered(play_deal_recorded, jobs, workers=workers, backend=backend, address=address):
            on_record(lines)
            results.append(pts)
            if progress is not None:
                progress(1)
    model = PlackettLuce()
    ratings: dict[str, Any] = {b: model.rating(name=b) for b in names}
    hands = dict.fromkeys(names, 0)
    points = dict.fromkeys(names, 0)
    out = ArenaResult(names, {}, {}, hands, points)
    total_hands = 0
    for (_s, _k, table, _r), pts in zip(jobs, results, strict=True):
        seated = list(pts)
        new = model.rate([[ratings[b]] for b in seated], scores=[pts[b] for b in seated])
        for b, team in zip(seated, new, strict=True):
            ratings[b] = team[0]
            points[b] += pts[b]
            hands[b] += 4 * sum(1 for x in table if x == b)
        total_hands += 4
        out.history.append((total_hands, {b: (float(ratings[b].mu), float(ratings[b].sigma)) for b in names}))
    out.mu = {b: float(ratings[b].mu) for b in names}
    out.sigma = {b: float(ratings[b].sigma) for b in names}
    assert all(math.isfinite(v) for v in out.mu.values())
    return out
