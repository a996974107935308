"""Train the expert's learned discard value (:mod:`hkmj.bots.learned`).

1. **Self-play data** (Hong Kong rules, HK-6 payments). Deal ``i`` of ``--deals`` is
   ``Hand.from_seed(--data-seed + i)`` (prevailing wind ``i mod 4``), seated as
   :data:`SEATINGS` ``[i mod 6]``: two recording experts (A) against two greedy bots (B) on even
   deals, two strong bots on odd ones. At each of a recorder's discards the features of every
   candidate are computed (:func:`hkmj.bots.learned.discard_features`, from its view only); with
   chance ``--explore`` it plays one of its analytic top 3 at random instead of the best, so
   the data shows what other discards lead to. The played discard's features are kept, and at the
   end of the hand every kept row gets the seat's final payment (the target).
2. **Fit**: ridge regression of the payment on the standardised features (intercept free), the
   penalty chosen by 5-fold cross-validation grouped by hand; the weights, the data seeds and the
   fit's figures go to ``src/hkmj/bots/expert_value.json``.

    python bench/train_expert.py --deals 1500 --data-seed 1000 --explore 0.35 --seed 5

The data seeds (1000 +) are not the ladder's (seeds 3 and 7) nor the tuning runs' (11, 13).
Needs NumPy (the ``env`` extra); the bot itself reads the JSON with plain Python.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from hkmj.bots import make_bot
from hkmj.bots.expert import ExpertBot
from hkmj.bots.learned import FEATURES, LEARNED_TOP, discard_features, top_candidates
from hkmj.bots.strong import Choice, _Ctx, _Melds
from hkmj.cli import seed_number
from hkmj.engine import Action, Hand, Player, SeatView, play_hand
from hkmj.engine.actions import Discard
from hkmj.tiles import Tile
from progress import progress_done, progress_line  # run from bench/: a whole line a step in a log file

SEATINGS: tuple[str, ...] = ("AABB", "ABAB", "ABBA", "BAAB", "BABA", "BBAA")
"""As the ladder (``bench/bench_bots.py``): A = recording expert."""
OUT = Path(__file__).resolve().parent.parent / "src" / "hkmj" / "bots" / "expert_value.json"
DELTA = ("honour", "terminal", "isolation")
"""The differences fitted by default: with 3,000 deals only these had coefficients clearly
apart from 0 (|t| > 2 with standard errors clustered by deal); the others were noise."""
LAMBDAS = (1.0, 10.0, 100.0, 1000.0, 10000.0)
"""Ridge penalties tried (on standardised features)."""


class Recorder(ExpertBot):
    """The expert as shipped (analytic values) that records each played discard's features and
    explores: with chance ``explore`` one of its analytic best 3 discards is played instead."""

    def __init__(self, seed: int, explore: float) -> None:
        super().__init__(seed)
        self.explore = explore
        self.xrng = random.Random(seed ^ 0x5EED)
        self.rows: list[list[float]] = []
        self.best_rows: list[list[float]] = []
        self._pending: dict[Tile, list[float]] | None = None
        self._best: Tile | None = None

    def _learned_discards(
        self, view: SeatView, ctx: _Ctx, c: list[int], info: _Melds, scored: list[Choice], values: dict[Tile, float]
    ) -> dict[Tile, float]:
        self._pending = discard_features(view, ctx, c, info, scored)
        top = top_candidates(values, LEARNED_TOP)
        self._best = top[0]
        if len(values) > 1 and self.xrng.random() < self.explore:
            pick = top[self.xrng.randrange(len(top))]
            values = dict(values)
            values[pick] = max(values.values()) + 1e-6
        return values

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self._pending = None
        a = super().choose(view, legal)
        if self._pending is not None and self._best is not None and isinstance(a, Discard):
            self.rows.append(self._pending[a.tile])
            self.best_rows.append(self._pending[self._best])
        return a


def generate(deals: int, data_seed: int, explore: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Self-play rows: the played discard's features (n × len(FEATURES)), the analytic best
    discard's features (the same where it was played), target payments (n), hand ids (n)."""
    xs: list[list[float]] = []
    xb: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    t0 = time.perf_counter()
    for i in range(deals):
        hand = Hand.from_seed(data_seed + i, prevailing=i % 4)
        seating = SEATINGS[i % 6]
        other = "greedy" if i % 2 == 0 else "strong"
        players: list[Player] = []
        recorders: dict[int, Recorder] = {}
        for s, letter in enumerate(seating):
            bot_seed = (data_seed + i) * 8 + s
            if letter == "A":
                recorders[s] = Recorder(bot_seed, explore)
                players.append(recorders[s])
            else:
                players.append(make_bot(other, bot_seed))
        res = play_hand(hand, players)
        for s, r in recorders.items():
            xb.extend(r.best_rows)
            for row in r.rows:
                xs.append(row)
                ys.append(float(res.payments[s]))
                groups.append(i)
        if (i + 1) % 50 == 0:
            progress_line(f"{i + 1}/{deals} deals, {len(xs)} rows, {time.perf_counter() - t0:6.1f} s")
    progress_done()
    return np.array(xs, dtype=float), np.array(xb, dtype=float), np.array(ys, dtype=float), np.array(groups)


def ridge(x: np.ndarray, y: np.ndarray, lam: float) -> np.ndarray:
    """Ridge weights on already standardised, centred ``x`` and centred ``y``."""
    k = x.shape[1]
    return np.linalg.solve(x.T @ x + lam * np.eye(k), x.T @ y)


def fit(
    x: np.ndarray, xb: np.ndarray, y: np.ndarray, groups: np.ndarray, seed: int, form: str, delta: Sequence[str] = FEATURES
) -> tuple[dict[str, object], list[str]]:
    """Standardise (the bias column is left out: the intercept is free), pick the ridge penalty by
    grouped 5-fold cross-validation, fit on everything; the model JSON and a report.

    ``form="played"`` regresses the payment on the played discard's features; ``form="delta"`` on
    the analytic best discard's features (the state) plus the played discard's difference from
    them in the features named by ``delta`` (only the explored decisions make it non-zero): the
    shipped weights are then those of the difference, which is all that ranks the candidates of
    one decision, and the bot adds them to its analytic values (:func:`learned_values`)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    mean[0], scale[0] = 0.0, 1.0
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    z[:, 0] = 0.0
    k = len(FEATURES)
    if form == "delta":
        zb = (xb - mean) / scale
        zb[:, 0] = 0.0
        cols = [FEATURES.index(n) for n in delta]
        design = np.hstack([zb, (z - zb)[:, cols]])
    else:
        design = z
    hands = np.unique(groups)
    rng = np.random.default_rng(seed)
    fold_of = dict(zip(hands.tolist(), rng.permutation(len(hands)) % 5, strict=True))
    folds = np.array([fold_of[g] for g in groups.tolist()])
    report: list[str] = [f"{len(y)} rows from {len(hands)} deals; {int(np.any(x != xb, axis=1).sum())} explored (played another discard than the analytic best)"]
    cv: dict[float, float] = {}
    for lam in LAMBDAS:
        sse = 0.0
        for f in range(5):
            tr, te = folds != f, folds == f
            my = y[tr].mean()
            w = ridge(design[tr], y[tr] - my, lam)
            sse += float(((design[te] @ w + my - y[te]) ** 2).sum())
        cv[lam] = sse / len(y)
        report.append(f"lambda {lam:g}: cross-validated mean squared error {cv[lam]:.1f}")
    base = float(((y - y.mean()) ** 2).mean())
    lam = min(cv, key=lambda k: cv[k])
    w_all = ridge(design, y - y.mean(), lam)
    if form == "delta":
        w = np.zeros(k)
        w[cols] = w_all[k:]
    else:
        w = w_all
    report.append(f"variance of the target {base:.1f}; chosen lambda {lam:g} (cross-validated R^2 {1 - cv[lam] / base:.4f})")
    for i, n in enumerate(FEATURES):
        level = f"  (state {w_all[i]:+.3f})" if form == "delta" else ""
        report.append(f"  {n:14s} {w[i]:+.3f}{level}")
    model = {
        "features": list(FEATURES),
        "weights": [round(float(v), 6) for v in w],
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "intercept": round(float(y.mean()), 6),
        "meta": {
            "target": "final HK-6 payment of the hand for the seat",
            "form": form,
            "delta": list(delta) if form == "delta" else [],
            "rows": len(y),
            "hands": len(hands),
            "lambda": lam,
            "cv_r2": round(1 - cv[lam] / base, 5),
        },
    }
    return model, report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=1500, help="self-play deals (default 1500)")
    p.add_argument("--data-seed", type=seed_number, default=1000, help="first deal seed (default 1000)")
    p.add_argument("--explore", type=float, default=0.35, help="chance to play one of the analytic top 3 at random (default 0.35)")
    p.add_argument("--seed", type=seed_number, default=5, help="seed of the cross-validation folds (default 5)")
    p.add_argument("--form", choices=("delta", "played"), default="delta", help="what is regressed (see fit; default delta)")
    p.add_argument(
        "--delta", default=",".join(DELTA), help=f"features whose difference is fitted (form delta; default {','.join(DELTA)})"
    )
    p.add_argument("--data", type=Path, help="cache the self-play rows in this .npz (reused when it exists)")
    p.add_argument("--out", type=Path, default=OUT, help=f"model file (default {OUT})")
    args = p.parse_args(argv)
    if args.deals < 10 or not 0 <= args.explore <= 1:
        p.error("--deals must be at least 10 and --explore between 0 and 1")
    if args.data is not None and args.data.exists():
        got = np.load(args.data)
        x, xb, y, g = got["x"], got["xb"], got["y"], got["g"]
    else:
        x, xb, y, g = generate(args.deals, args.data_seed, args.explore)
        if args.data is not None:
            np.savez_compressed(args.data, x=x, xb=xb, y=y, g=g)
    delta = [n for n in args.delta.split(",") if n]
    bad = [n for n in delta if n not in FEATURES]
    if bad or not delta:
        p.error(f"--delta: unknown features {bad} (known: {', '.join(FEATURES)})")
    model, report = fit(x, xb, y, g, args.seed, args.form, delta)
    meta = model["meta"]
    assert isinstance(meta, dict)
    meta.update(deals=args.deals, data_seed=args.data_seed, explore=args.explore, fold_seed=args.seed)
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print("\n".join(report))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
