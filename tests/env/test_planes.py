"""The incremental plane writer (:class:`hkmj.env.planes.PlaneWriter`, issue 13) on edge cases.

Every update rewrites only the cells that changed since the previous one; whatever the sequence
of views, the planes must equal those a new writer gives for the last view alone. The engine's
games reach the common cases (tests/env/test_env.py); this walk also reaches the rare ones: an
added kong replacing a pung in place (HK-3.3), a claimed discard followed by a new one (HK-4),
bonus tiles (HK-2.6), a 33rd discard sharing the last discard row, and equal tuples that are
not the same objects (the writer's identity shortcut must never hide a change).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from hkmj.env.planes import DISCARDS, MAX_DISCARDS, N_CELLS, N_ROWS, PlaneWriter, _count_meld
from hkmj.scoring import Meld
from hkmj.tiles import N_KINDS

Planes = npt.NDArray[np.float32]


def _writer() -> tuple[PlaneWriter, Planes]:
    planes = np.zeros(N_CELLS, dtype=np.float32)
    return PlaneWriter(planes.data, np.zeros(N_CELLS, dtype=np.float32).data), planes


class _Walk:
    """A random sequence of seat views (not a legal game: each part changes the ways the engine changes it)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.me = 0
        self.conc = [0] * N_KINDS
        self.melds: list[tuple[Meld, ...]] = [(), (), (), ()]
        self.ponds: list[tuple[int, ...]] = [(), (), (), ()]
        self.bonus: list[tuple[int, ...]] = [(), (), (), ()]
        self.scores: tuple[int, ...] = (0, 0, 0, 0)

    def step(self) -> dict[str, Any]:
        rng = self.rng
        for _ in range(rng.randrange(4)):  # own hand: a draw, a discard, a claim's tiles
            t = rng.randrange(N_KINDS)
            self.conc[t] = max(0, min(4, self.conc[t] + rng.choice((-2, -1, 1, 1, 2))))
        s = rng.randrange(4)
        r = rng.random()
        if r < 0.15 and len(self.melds[s]) < 4:
            t = rng.randrange(27)
            kind = rng.choice(("chow", "pung", "kong", "ckong")) if t % 9 < 7 else "pung"
            meld = Meld(kind, t)
            held = [u for m in self.melds[s] for u in m.tiles]
            if all(held.count(u) + meld.tiles.count(u) <= 4 for u in meld.tiles):  # HK-1: four copies
                self.melds[s] = (*self.melds[s], meld)
        elif r < 0.25:  # HK-3.3 added kong: a pung becomes a kong in place
            held = [u for m in self.melds[s] for u in m.tiles]
            pungs = [i for i, m in enumerate(self.melds[s]) if m.kind == "pung" and held.count(m.tile) == 3]
            if pungs:
                i = rng.choice(pungs)
                ms = list(self.melds[s])
                ms[i] = Meld("kong", ms[i].tile)
                self.melds[s] = tuple(ms)
        elif r < 0.35 and self.ponds[s]:  # HK-4: the latest discard claimed
            self.ponds[s] = self.ponds[s][:-1]
        elif r < 0.45:  # HK-2.6: a bonus tile exposed
            self.bonus[s] = (*self.bonus[s], N_KINDS + rng.randrange(8))
        elif r < 0.5:  # equal parts, new objects
            self.melds = [tuple(list(m)) for m in self.melds]
            self.ponds = [tuple(list(p)) for p in self.ponds]
            self.bonus = [tuple(list(b)) for b in self.bonus]
        else:
            self.ponds[s] = (*self.ponds[s], rng.randrange(N_KINDS))
        if rng.random() < 0.05:
            self.scores = tuple(rng.randrange(-2000, 2000) for _ in range(4))
        if rng.random() < 0.02:
            self.me = rng.randrange(4)
        return {
            "me": self.me,
            "prevailing": 0,
            "dealer": 0,
            "conc": tuple(self.conc),
            "drawn": rng.choice((None, rng.randrange(N_KINDS))),
            "offered": rng.choice((None, rng.randrange(N_KINDS))),
            "melds": tuple(self.melds),
            "discards": tuple(self.ponds),
            "bonus": tuple(self.bonus),
            "phase": rng.randrange(4),
            "turn": rng.randrange(4),
            "to_act": rng.random() < 0.5,
            "live": rng.randrange(131),
            "dead": rng.randrange(17),
            "counts": tuple(rng.randrange(15) for _ in range(4)),
            "scores": self.scores,
        }


def test_incremental_planes_equal_fresh_planes_through_kongs_claims_bonus_and_long_ponds() -> None:
    """HK-3.3, HK-4, HK-2.6: after any sequence of changes the planes equal a fresh writer's."""
    long_pond = False
    for seed in range(8):
        walk = _Walk(seed)
        live, planes = _writer()
        for step in range(400):
            view = walk.step()
            live.update(**view)
            fresh, expected = _writer()
            fresh.update(**view)
            assert np.array_equal(planes, expected), (seed, step)
            long_pond = long_pond or max(len(p) for p in walk.ponds) > MAX_DISCARDS
    assert long_pond  # the walk reached the shared last discard row


def test_a_33rd_discard_shares_the_last_discard_row() -> None:
    """Discard rows hold the first 32 discards in order; later ones share row 32 (docs/env.md)."""
    live, planes = _writer()
    view: dict[str, Any] = {
        "me": 1, "prevailing": 0, "dealer": 0, "conc": (0,) * N_KINDS, "drawn": None, "offered": None,
        "melds": ((), (), (), ()), "bonus": ((), (), (), ()), "phase": 0, "turn": 1, "to_act": True,
        "live": 100, "dead": 16, "counts": (13, 13, 13, 13), "scores": (0, 0, 0, 0),
    }  # fmt: skip
    pond = tuple(i % N_KINDS for i in range(MAX_DISCARDS + 2))
    live.update(discards=((), pond, (), ()), **view)
    grid = planes.reshape(N_ROWS, N_KINDS)
    rows = grid[DISCARDS : DISCARDS + MAX_DISCARDS]  # seat 1 is the observer itself (relative seat 0)
    assert [int(np.flatnonzero(r)[0]) for r in rows[:-1]] == list(pond[: MAX_DISCARDS - 1])
    assert sorted(np.flatnonzero(rows[-1]).tolist()) == sorted(set(pond[MAX_DISCARDS - 1 :]))
    live.update(discards=((), pond[:-1], (), ()), **view)  # the latest claimed (HK-4)
    fresh, expected = _writer()
    fresh.update(discards=((), pond[:-1], (), ()), **view)
    assert np.array_equal(planes, expected)


def test_hk4_8_a_melds_counts_by_kind_are_its_tiles() -> None:
    """The writer counts a meld's kinds without building ``Meld.tiles``: the same counts, for every kind of meld."""
    for kind in ("chow", "pung", "kong", "ckong"):
        for tile in range(25 if kind == "chow" else N_KINDS):
            if kind == "chow" and tile % 9 > 6:
                continue
            meld = Meld(kind, tile)
            counts = [0] * N_KINDS
            touched: list[int] = []
            _count_meld(counts, meld, 1, touched)
            assert counts == [meld.tiles.count(t) for t in range(N_KINDS)], meld
            assert sorted(set(touched)) == sorted(set(meld.tiles)), meld
            _count_meld(counts, meld, -1, touched)
            assert counts == [0] * N_KINDS, meld
