"""A seeded mix of winning hands that looks like real play, for the scoring benchmarks.

    python bench/mixed_hands.py -n 5 --seed 1      # print five requests as JSON lines

About half the hands have declared melds or a concealed kong; most hold flowers or
seasons; some are won in a special situation (last wall tile, final discard, kong
replacement, robbed kong, heavenly, earthly); some are limit hands (one suit and honours
with many pungs, thirteen orphans); some have several readings (three identical chows are
also three pungs: 222333444m). Every hand is valid: the scorer accepts it (checked here).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from hkmj.cli import seed_number
from hkmj.hand import readings
from hkmj.scoring import InvalidHand, Meld, Win, score
from hkmj.tiles import HONOUR, N_KINDS, ORPHANS, SEAT_LETTERS, counts_of, format_tiles, tile_str

_BONUS_COUNTS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4)


def _group(rng: random.Random, stock: list[int], kinds: Sequence[int], pung_rate: float) -> tuple[str, int] | None:
    for _ in range(30):
        t = rng.choice(kinds)
        if rng.random() < pung_rate:
            if stock[t] >= 3:
                stock[t] -= 3
                return ("pung", t)
        elif t < HONOUR and t % 9 <= 6 and stock[t] and stock[t + 1] and stock[t + 2]:
            for k in range(3):
                stock[t + k] -= 1
            return ("chow", t)
    return None


def _groups(rng: random.Random, stock: list[int], roll: float) -> list[tuple[str, int]] | None:
    groups: list[tuple[str, int]] = []
    if roll < 0.18:  # limit-prone: honours and one suit, mostly pungs
        suit = rng.randrange(3)
        kinds: Sequence[int] = [*range(9 * suit, 9 * suit + 9), *range(HONOUR, N_KINDS)]
        pung_rate = 0.85
    else:
        kinds = range(N_KINDS)
        pung_rate = 0.35
    if 0.18 <= roll < 0.28:  # several readings: three identical chows are also three pungs
        t = 9 * rng.randrange(3) + rng.randrange(7)
        for k in range(3):
            stock[t + k] -= 3
        groups = [("chow", t)] * 3
    while len(groups) < 4:
        g = _group(rng, stock, kinds, pung_rate)
        if g is None:
            return None
        groups.append(g)
    return groups


def _attempt(rng: random.Random) -> Win | None:
    stock = [4] * N_KINDS
    melds: list[Meld] = []
    roll = rng.random()
    if roll < 0.03:
        concealed = [*ORPHANS, rng.choice(ORPHANS)]
    elif roll < 0.08:
        concealed = [t for t in rng.sample(range(N_KINDS), 7) for _ in range(2)]
    else:
        groups = _groups(rng, stock, (roll - 0.08) / 0.92)
        if groups is None:
            return None
        pairs = [t for t in range(N_KINDS) if stock[t] >= 2]
        pair = rng.choice(pairs)
        concealed = [pair, pair]
        declared = rng.sample(range(4), rng.choice((1, 1, 2, 2, 3, 4))) if rng.random() < 0.45 else []
        for i, (kind, t) in enumerate(groups):
            if kind == "pung" and stock[t] >= 1 and rng.random() < (0.3 if i in declared else 0.08):
                stock[t] -= 1
                melds.append(Meld(rng.choice(("kong", "ckong")) if i in declared else "ckong", t))
            elif i in declared:
                melds.append(Meld(kind, t))
            else:
                concealed.extend((t, t, t) if kind == "pung" else (t, t + 1, t + 2))
    rng.shuffle(concealed)
    seat = rng.randrange(4)
    win_tile = rng.choice(concealed)
    win = rng.choice(("self_draw", "self_draw", "discard", "discard", "discard"))
    total = concealed.count(win_tile) + sum(m.tiles.count(win_tile) for m in melds)
    if rng.random() < 0.04 and total == 1:
        win = "robbed_kong"
    flags: set[str] = set()
    situation = rng.random()
    if win == "self_draw":
        if situation < 0.06:
            flags.add("last_wall_tile")
        elif situation < 0.16 and any(m.is_kong for m in melds):
            flags.add("kong_replacement")
        elif situation < 0.20 and not melds:
            seat = 0
            flags.add("heavenly")
    elif win == "discard":
        if situation < 0.05:
            flags.add("final_discard")
        elif situation < 0.09 and not melds:
            seat = rng.randrange(1, 4)
            flags.add("earthly")
    discarder = None
    if win != "self_draw":
        discarder = 0 if "earthly" in flags else rng.choice([s for s in range(4) if s != seat])
    return Win(
        concealed=tuple(concealed),
        win_tile=win_tile,
        win=win,
        seat=seat,
        prevailing=rng.randrange(4),
        discarder=discarder,
        melds=tuple(melds),
        flowers=tuple(sorted(rng.sample(range(1, 5), rng.choice(_BONUS_COUNTS)))),
        seasons=tuple(sorted(rng.sample(range(1, 5), rng.choice(_BONUS_COUNTS)))),
        flags=frozenset(flags),
    )


def mixed_win(rng: random.Random) -> Win:
    """One valid winning hand of the mix."""
    while True:
        win = _attempt(rng)
        if win is None:
            continue
        try:
            score(win)
        except InvalidHand:
            continue
        return win


def mixed_wins(n: int, seed: int) -> list[Win]:
    """``n`` hands of the mix; the same seed gives the same hands."""
    rng = random.Random(seed)
    return [mixed_win(rng) for _ in range(n)]


def to_request(win: Win) -> dict[str, Any]:
    """The machine-interface request (R-9) for a hand: every required field, the rest when set."""
    request: dict[str, Any] = {
        "hand": format_tiles(win.concealed),
        "win_tile": tile_str(win.win_tile),
        "win": win.win,
        "seat": SEAT_LETTERS[win.seat],
        "prevailing": SEAT_LETTERS[win.prevailing],
    }
    if win.discarder is not None:
        request["discarder"] = SEAT_LETTERS[win.discarder]
    if win.melds:
        request["melds"] = [str(m) for m in win.melds]
    if win.flowers:
        request["flowers"] = list(win.flowers)
    if win.seasons:
        request["seasons"] = list(win.seasons)
    if win.flags:
        request["flags"] = sorted(win.flags)
    return request


def describe(wins: Sequence[Win]) -> str:
    """One line on what the mix holds (shares of hands with each feature)."""
    n = len(wins)
    results = [score(w) for w in wins]

    def share(k: int) -> str:
        return f"{100 * k / n:.0f}%"

    return ", ".join(
        [
            f"melds or concealed kongs {share(sum(1 for w in wins if w.melds))}",
            f"a kong {share(sum(1 for w in wins if any(m.is_kong for m in w.melds)))}",
            f"bonus tiles {share(sum(1 for w in wins if w.flowers or w.seasons))}",
            f"flags or robbed kong {share(sum(1 for w in wins if w.flags or w.win == 'robbed_kong'))}",
            f"limit hands {share(sum(1 for r in results if r.limit))}",
            f"seven pairs / thirteen orphans {share(sum(1 for r in results if r.shape != 'standard'))}",
            f"several readings {share(sum(1 for w in wins if len(readings(counts_of(w.concealed), len(w.melds))) > 1))}",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=10, help="hands (default 10)")
    parser.add_argument("--seed", type=seed_number, default=2026, help="seed of the hands (default 2026)")
    args = parser.parse_args(argv)
    wins = mixed_wins(args.n, args.seed)
    for w in wins:
        print(json.dumps(to_request(w)))
    print(describe(wins), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
