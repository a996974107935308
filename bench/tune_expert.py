"""Joint, noise-aware tuning of the expert's constants against its shipped defaults.

Each candidate moves several constants at once (the third round moved one at a time) and plays
the bench's deals against greedy with ``screen_expert``'s method (six seatings per deal, the same
walls and bot seeds); its gain is the mean of the per-deal differences of A − B between it and the
shipped expert on the same deals, pooled over the tuning seeds. Three stages, each on deals no
earlier stage chose on, so that the winner's luck does not carry over:

1. ``--candidates`` random candidates around the defaults (each constant moved by a factor
   exp(σ·z) or, for ``calibration``, by σ·z) on deals ``[0, --deals)``; a least-squares line
   of the gains on the z's estimates every constant's slope from all candidates at once (each
   candidate informs every coordinate, where a one-at-a-time search spends a run on each);
2. the ``--top`` best candidates and the step along the fitted slopes, on the next ``--deals``;
3. the best of stage 2 on ``--validate`` fresh deals per seed.

The shipped expert is played on every deal in the same run (cached per seed and deal in
``--log``'s folder). Every candidate's figures go to ``--log`` (JSON lines; a rerun with the same
log resumes). Exits 1 unless the validated candidate gains on every tuning seed (then its
settings are printed, for a confirmation run on the reporting seeds with bench_bots.py).

    python bench/tune_expert.py --seeds 11,13 --candidates 24 --deals 150 --validate 300 --log /tmp/tune/log.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import hkmj.bots.strong as strong_module
from hkmj.bots.expert import ExpertBot
from screen_expert import interval, play

SHIPPED = ExpertBot(0)
"""The shipped expert, the centre of the search."""
MODEL = SHIPPED.model or strong_module.Model(
    strong_module.UKEIRE_EXP, strong_module.PAIR_VALUE, strong_module.SELF_DRAW_FAN, strong_module.PLAN_EXP, strong_module.PLAN_SPEED
)
"""The strong model's constants the shipped expert plays with (its own, or the module's)."""

# name, kind ("attr": an ExpertBot attribute; "const": a constant of the model), default (the
# shipped expert's), how it moves ("log": × exp(σ z); "lin": + σ z), σ
SPACE: list[tuple[str, str, float, str, float]] = [
    ("ukeire", "const", 1.0, "log", 0.35),  # factor on UKEIRE_EXP[1:] (acceptance in the win chance)
    ("PAIR_VALUE", "const", MODEL.pair_value, "log", 0.35),
    ("SELF_DRAW_FAN", "const", MODEL.self_draw_fan, "log", 0.45),
    ("PLAN_EXP", "const", MODEL.plan_exp, "log", 0.3),
    ("plan_speed", "const", 1.0, "log", 0.35),  # factor on PLAN_SPEED of one suit and all pungs
    ("margin", "attr", SHIPPED.claim_margin - 1, "log", 0.7),  # claim_margin − 1
    ("defence", "attr", SHIPPED.defence, "log", 0.4),
    ("calibration", "attr", SHIPPED.calibration, "lin", 0.2),
    ("tie", "attr", SHIPPED.tie, "log", 0.6),
]
NAMES = [s[0] for s in SPACE]


def settings(z: Sequence[float]) -> dict[str, float]:
    """The constants of the candidate at standardised offsets ``z``."""
    out = {}
    for (name, _kind, default, how, sigma), zi in zip(SPACE, z, strict=True):
        out[name] = default * math.exp(sigma * zi) if how == "log" else default + sigma * zi
    return out


def spec(values: dict[str, float]) -> tuple[str, list[str]]:
    """The bench_bots variant name and screen_expert ``--set`` items of a candidate."""
    variant = (
        f"expert+claim_margin={1 + values['margin']:.4f}+defence={values['defence']:.4f}"
        f"+calibration={values['calibration']:.4f}+tie={values['tie']:.4f}"
    )
    u = values["ukeire"]
    exp = MODEL.ukeire_exp
    sets = [
        "UKEIRE_EXP=(" + ",".join(f"{e * (u if i else 1.0):.4f}" for i, e in enumerate(exp)) + ")",
        f"PAIR_VALUE={values['PAIR_VALUE']:.4f}",
        f"SELF_DRAW_FAN={values['SELF_DRAW_FAN']:.4f}",
        f"PLAN_EXP={values['PLAN_EXP']:.4f}",
    ]
    for plan in ("mixed_one_suit", "pure_one_suit", "all_pungs"):
        sets.append(f"PLAN_SPEED[{plan}]={MODEL.plan_speed[plan] * values['plan_speed']:.4f}")
    return variant, sets


class Runner:
    """Plays candidates and the reference deal by deal, caching every per-deal result in the log's folder."""

    def __init__(self, log: Path, seeds: Sequence[int]) -> None:
        self.log = log
        self.seeds = seeds
        self.ref_path = log.with_name(log.stem + "_reference.json")
        self.ref: dict[str, float] = json.loads(self.ref_path.read_text()) if self.ref_path.exists() else {}
        self.done: dict[str, dict[str, float]] = {}
        if log.exists():
            for line in log.read_text().splitlines():
                row = json.loads(line)
                self.done.setdefault(row["key"], {}).update(row["diffs"])

    def reference(self, seed: int, deals: range) -> list[float]:
        missing = [d for d in deals if f"{seed}:{d}" not in self.ref]
        if missing:
            diffs, _ = play("expert", "greedy", seed, range(missing[0], missing[-1] + 1), None)
            for d, x in zip(range(missing[0], missing[-1] + 1), diffs, strict=True):
                self.ref[f"{seed}:{d}"] = x
            self.ref_path.write_text(json.dumps(self.ref))
        return [self.ref[f"{seed}:{d}"] for d in deals]

    def gains(self, label: str, z: Sequence[float], deals: range) -> dict[int, list[float]]:
        """Per-seed per-deal paired gains of the candidate over the shipped expert on ``deals``."""
        values = settings(z)
        variant, sets = spec(values)
        key = json.dumps([round(x, 6) for x in z])
        have = self.done.setdefault(key, {})
        out: dict[int, list[float]] = {}
        for seed in self.seeds:
            ref = self.reference(seed, deals)
            missing = [d for d in deals if f"{seed}:{d}" not in have]
            if missing:
                run = range(missing[0], missing[-1] + 1)
                diffs, st = play(variant, "greedy", seed, run, None, sets)
                new = {f"{seed}:{d}": x for d, x in zip(run, diffs, strict=True)}
                have.update(new)
                a = st["A"]
                row = {
                    "key": key,
                    "label": label,
                    "seed": seed,
                    "deals": [run.start, run.stop],
                    "values": values,
                    "variant": variant,
                    "set": sets,
                    "diffs": new,
                    "win_rate": a["wins"] / a["seats"],
                    "deal_in_rate": a["deal_ins"] / a["seats"],
                }
                with self.log.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            var = [have[f"{seed}:{d}"] for d in deals]
            out[seed] = [x - y for x, y in zip(var, ref, strict=True)]
        return out


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def fit_slopes(zs: Sequence[Sequence[float]], ys: Sequence[float], ridge: float = 1.0) -> list[float]:
    """Least squares of ``ys`` on an intercept and ``zs`` (ridge-damped), the slopes only."""
    k = len(zs[0]) + 1
    rows = [[1.0, *z] for z in zs]
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j and i else 0.0) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    for col in range(k):  # Gauss-Jordan
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(1, k)]


def show(label: str, z: Sequence[float], gains: dict[int, list[float]]) -> float:
    pooled = [x for g in gains.values() for x in g]
    per = "  ".join(f"seed {s}: {interval(g)}" for s, g in gains.items())
    vals = settings(z)
    print(f"{label}: pooled {interval(pooled)}  {per}")
    print("    " + " ".join(f"{n}={vals[n]:.3f}" for n in NAMES))
    sys.stdout.flush()
    return mean(pooled)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", default="11,13", help="tuning seeds (default 11,13; never the ladder's 7 and 3)")
    p.add_argument("--candidates", type=int, default=24, help="random candidates around the defaults in stage 1 (default 24)")
    p.add_argument("--deals", type=int, default=150, help="deals per seed in stages 1 and 2 (each its own)")
    p.add_argument("--top", type=int, default=4, help="stage-1 candidates carried to stage 2")
    p.add_argument("--validate", type=int, default=300, help="fresh deals per seed for the last stage")
    p.add_argument("--step", type=float, default=1.0, help="length (in σ) of the step along the fitted slopes")
    p.add_argument("--rng", type=int, default=1, help="seed of the candidates' offsets")
    p.add_argument("--log", type=Path, required=True, help="JSON lines of every candidate's per-deal results (a rerun with the same log resumes)")
    args = p.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    if {3, 7} & set(seeds):
        p.error("seeds 3 and 7 are the ladder's reporting seeds: tune on others")
    args.log.parent.mkdir(parents=True, exist_ok=True)
    runner = Runner(args.log, seeds)
    rng = random.Random(args.rng)
    n = args.deals
    stage1 = range(0, n)
    stage2 = range(n, 2 * n)
    stage3 = range(2 * n, 2 * n + args.validate)

    zs = [[rng.gauss(0.0, 1.0) for _ in SPACE] for _ in range(args.candidates)]
    scores = []
    for i, z in enumerate(zs):
        scores.append(show(f"stage 1, candidate {i + 1}", z, runner.gains(f"c{i + 1}", z, stage1)))
    slopes = fit_slopes(zs, scores)
    print("fitted slopes (points per hand per σ): " + " ".join(f"{nm}={s:+.3f}" for nm, s in zip(NAMES, slopes, strict=True)))
    norm = math.sqrt(sum(s * s for s in slopes)) or 1.0
    step = [args.step * s / norm for s in slopes]
    order = sorted(range(len(zs)), key=lambda i: -scores[i])[: args.top]
    finalists: list[tuple[str, list[float]]] = [(f"c{i + 1}", zs[i]) for i in order] + [("step", step)]
    best_label, best_z, best = "", [0.0] * len(SPACE), -math.inf
    for label, z in finalists:
        s = show(f"stage 2, {label}", z, runner.gains(label, z, stage2))
        if s > best:
            best_label, best_z, best = label, z, s
    gains = runner.gains(best_label, best_z, stage3)
    show(f"stage 3 (validation), {best_label}", best_z, gains)
    variant, sets = spec(settings(best_z))
    print("settings: " + variant + " " + " ".join(f'--set "{s}"' for s in sets))
    if all(mean(g) > 0 for g in gains.values()):
        print("the validated candidate gains on every tuning seed: confirm it on the reporting seeds")
        return 0
    print("FAIL: the validated candidate does not gain on every tuning seed")
    return 1


if __name__ == "__main__":
    sys.exit(main())
