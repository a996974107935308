"""Train the expert's learned danger model (:mod:`hkmj.bots.danger`).

1. **Self-play data** (Hong Kong rules). Deal ``i`` of ``--deals`` is
   ``Hand.from_seed(--data-seed + i)`` (prevailing wind ``i mod 4``), seated as
   :data:`SEATINGS` ``[i mod 6]``: two recording experts (A) against two greedy bots (B), as on
   the ladder. At each of a recorder's discard decisions, for each opponent and each tile kind it
   could discard, the features come from its view only (:func:`hkmj.bots.danger.pair_features`);
   the label (the tile is one of that opponent's waits now, HK-5) is read from the engine's
   hidden hands, for labels only.
2. **Fit**: logistic regression (Newton / IRLS, a small L2 penalty on the standardised
   features). The last ``--holdout`` share of the deals is held out to report the log-loss, the
   calibration and the AUC (how well the model ranks deadly tiles above safe ones) next to the
   strong bot's table (``p_ready × wait weight``); then the model is refitted on every deal and
   written to ``src/hkmj/bots/danger_weights.json`` with the data seeds and these figures.

    python bench/train_danger.py --deals 500 --data-seed 2000
    python bench/train_danger.py --reader --deals 1200 --data-seed 2000

``--reader`` fits the hand reader (:mod:`hkmj.bots.reader`: the danger features plus where each
discard came from, drawn or kept in the hand) into ``src/hkmj/bots/reader_weights.json``, and
reports it beside the danger model's features refitted on the same rows. Every run prints, on the
held-out deals, the share of the deadly rows among the riskiest 1%, 3%, 5%, 10% of rows
(``capture``) and the deadly rate there (``precision``), for each model and the strong table.

The data seeds (2000 +) are not the ladder's (seeds 3 and 7) nor the tuning runs' (11, 13).
Needs NumPy (the ``env`` extra); the bot itself reads the JSON with plain Python.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from hkmj.bots import make_bot
from hkmj.bots.danger import DANGER_FEATURES, Features, pair_features
from hkmj.bots.expert import ExpertBot
from hkmj.bots.reader import READER_FEATURES, reader_features
from hkmj.cli import seed_number
from hkmj.engine import Action, Hand, Player, SeatView, play_hand
from hkmj.engine.actions import Discard
from hkmj.hand import shanten, waits
from progress import progress_done, progress_line  # run from bench/: a whole line a step in a log file

SEATINGS: tuple[str, ...] = ("AABB", "ABAB", "ABBA", "BAAB", "BABA", "BBAA")
"""As the ladder (``bench/bench_bots.py``): A = recording expert, B = greedy."""
BOTS = Path(__file__).resolve().parent.parent / "src" / "hkmj" / "bots"
OUT = BOTS / "danger_weights.json"
READER_OUT = BOTS / "reader_weights.json"
STRONG = DANGER_FEATURES.index("strong_joint")


class Recorder(ExpertBot):
    """The expert as shipped, recording (features, label) at each of its discard decisions."""

    def __init__(self, seed: int, hand: Hand, features: Features) -> None:
        super().__init__(seed)
        self.hand = hand
        self.features = features
        self.rows: list[list[float]] = []
        self.labels: list[int] = []

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        tiles = sorted({a.tile for a in legal if isinstance(a, Discard)})
        if view.phase == "turn" and tiles:
            feats = self.features(view, view.unseen(), tiles)
            for o, rows in feats.items():
                h = list(self.hand.hands[o])
                m = len(self.hand.melds[o])
                deadly = set(waits(h, m)) if shanten(h, m) == 0 else set()
                for t, x in rows.items():
                    self.rows.append(x)
                    self.labels.append(1 if t in deadly else 0)
        return super().choose(view, legal)


def generate(deals: int, data_seed: int, features: Features) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows (n × len(DANGER_FEATURES)), labels (n), deal index (n)."""
    xs: list[list[float]] = []
    ys: list[int] = []
    groups: list[int] = []
    t0 = time.perf_counter()
    for i in range(deals):
        hand = Hand.from_seed(data_seed + i, prevailing=i % 4)
        players: list[Player] = []
        recorders: list[Recorder] = []
        for s, letter in enumerate(SEATINGS[i % 6]):
            bot_seed = (data_seed + i) * 8 + s
            if letter == "A":
                r = Recorder(bot_seed, hand, features)
                recorders.append(r)
                players.append(r)
            else:
                players.append(make_bot("greedy", bot_seed))
        play_hand(hand, players)
        for r in recorders:
            xs.extend(r.rows)
            ys.extend(r.labels)
            groups.extend([i] * len(r.rows))
        if (i + 1) % 25 == 0:
            progress_line(f"{i + 1}/{deals} deals, {len(xs)} rows, {time.perf_counter() - t0:6.1f} s")
    progress_done()
    return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(groups)


def standardise(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Column means and scales (the bias column: mean 0, scale 1)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    mean[0] = 0.0
    scale[0] = 1.0
    scale[scale < 1e-9] = 1.0
    return mean, scale


def fit_logistic(z: np.ndarray, y: np.ndarray, lam: float, iters: int = 30) -> np.ndarray:
    """Newton / IRLS for an L2-penalised logistic regression (the bias column unpenalised)."""
    w = np.zeros(z.shape[1])
    pen = np.full(z.shape[1], lam)
    pen[0] = 0.0
    for _ in range(iters):
        p = 1 / (1 + np.exp(-np.clip(z @ w, -30, 30)))
        g = z.T @ (p - y) + pen * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(pen) + 1e-9 * np.eye(z.shape[1])
        step = np.linalg.solve(hess, g)
        w -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return w


def auc(score: np.ndarray, y: np.ndarray) -> float:
    """Chance a random deadly row scores above a random safe one (ties count half)."""
    order = np.argsort(score, kind="mergesort")
    ranks = np.empty(len(score))
    s = score[order]
    i = 0
    while i < len(s):  # average ranks over ties
        j = i
        while j + 1 < len(s) and s[j + 1] == s[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    pos = y == 1
    n1, n0 = int(pos.sum()), int((~pos).sum())
    return float((ranks[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def top_share(score: np.ndarray, y: np.ndarray, q: float) -> tuple[float, float]:
    """(capture, precision) of the riskiest ``q`` share of rows by ``score``: the share of all
    deadly rows among them, and the deadly rate among them."""
    k = max(1, round(q * len(score)))
    top = np.argsort(-score, kind="stable")[:k]
    hits = float(y[top].sum())
    return round(hits / max(1.0, float(y.sum())), 4), round(hits / k, 4)


def tops(score: np.ndarray, y: np.ndarray) -> dict[str, list[float]]:
    """:func:`top_share` at 1%, 3%, 5% and 10%."""
    return {f"{round(q * 100)}%": list(top_share(score, y, q)) for q in (0.01, 0.03, 0.05, 0.1)}


def fit_holdout(x: np.ndarray, y: np.ndarray, tr: np.ndarray, te: np.ndarray, lam: float) -> np.ndarray:
    """P on the held-out rows of a model fitted on the training rows."""
    mean, scale = standardise(x[tr])
    w = fit_logistic((x[tr] - mean) / scale, y[tr], lam)
    return np.asarray(1 / (1 + np.exp(-np.clip(((x[te] - mean) / scale) @ w, -30, 30))))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def calibration(p: np.ndarray, y: np.ndarray) -> list[list[float]]:
    """[bin low, bin high, rows, mean predicted, observed rate] over predicted-probability bins."""
    out: list[list[float]] = []
    edges = (0.0, 0.01, 0.03, 0.1, 0.2, 0.4, 1.0001)
    for lo, hi in itertools.pairwise(edges):
        m = (p >= lo) & (p < hi)
        if m.any():
            out.append([lo, min(hi, 1.0), int(m.sum()), round(float(p[m].mean()), 4), round(float(y[m].mean()), 4)])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=500, help="self-play deals (default 500)")
    ap.add_argument("--data-seed", type=seed_number, default=2000, help="first deal seed (default 2000)")
    ap.add_argument("--holdout", type=float, default=0.2, help="share of deals held out for the figures (default 0.2)")
    ap.add_argument("--lam", type=float, default=1.0, help="L2 penalty on standardised weights (default 1)")
    ap.add_argument("--data", type=Path, help="cache the self-play rows in this .npz (read it if present)")
    ap.add_argument("--reader", action="store_true", help="fit the hand reader (hkmj.bots.reader) instead")
    ap.add_argument("--out", type=Path, help="weights file to write (default: the model's file in src/hkmj/bots)")
    args = ap.parse_args(argv)
    if args.deals < 10 or not 0 < args.holdout < 1 or args.lam < 0:
        ap.error("need --deals >= 10, 0 < --holdout < 1 and --lam >= 0")
    if args.data is not None and args.data.exists():
        d = np.load(args.data)
        x, y, g = d["x"], d["y"], d["g"]
    else:
        x, y, g = generate(args.deals, args.data_seed, reader_features if args.reader else pair_features)
        if args.data is not None:
            np.savez_compressed(args.data, x=x, y=y, g=g)
    names = READER_FEATURES if args.reader else DANGER_FEATURES
    out = args.out if args.out is not None else READER_OUT if args.reader else OUT
    if x.shape[1] != len(names):
        print(f"error: the data has {x.shape[1]} features, this model {len(names)}", file=sys.stderr)
        return 2
    cut = int(args.deals * (1 - args.holdout))
    tr, te = g < cut, g >= cut
    p_te = fit_holdout(x, y, tr, te, args.lam)
    base_rate = float(y[tr].mean())
    figures = {
        "rows": len(y),
        "deadly_rate": round(float(y.mean()), 4),
        "holdout_rows": int(te.sum()),
        "holdout_log_loss": round(log_loss(p_te, y[te]), 4),
        "holdout_log_loss_constant": round(log_loss(np.full(int(te.sum()), base_rate), y[te]), 4),
        "holdout_auc_model": round(auc(p_te, y[te]), 4),
        "holdout_auc_strong_table": round(auc(x[te][:, STRONG], y[te]), 4),
        "holdout_calibration": calibration(p_te, y[te]),
        "holdout_top_model": tops(p_te, y[te]),
        "holdout_top_strong_table": tops(x[te][:, STRONG], y[te]),
    }
    if args.reader:  # the danger model's features alone, refitted on the same rows
        p_base = fit_holdout(x[:, : len(DANGER_FEATURES)], y, tr, te, args.lam)
        figures["holdout_auc_danger_features"] = round(auc(p_base, y[te]), 4)
        figures["holdout_log_loss_danger_features"] = round(log_loss(p_base, y[te]), 4)
        figures["holdout_top_danger_features"] = tops(p_base, y[te])
    mean, scale = standardise(x)
    w = fit_logistic((x - mean) / scale, y, args.lam)
    data = {
        "features": list(names),
        "weights": [0.0] + [round(float(v), 6) for v in w[1:]],  # the bias's weight is the intercept
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "intercept": round(float(w[0]), 6),
        "meta": {
            "deals": args.deals,
            "data_seeds": [args.data_seed, args.data_seed + args.deals - 1],
            "lam": args.lam,
            **figures,
        },
    }
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=1))
    for name, v in sorted(zip(names[1:], w[1:], strict=True), key=lambda kv: -abs(kv[1])):
        print(f"{name:14s} {v:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
