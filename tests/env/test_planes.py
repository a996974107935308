"""The incremental plane writer (:class:`hkmj.env.planes.PlaneWriter`, issue 13) on edge cases.

Every update rewrites only the cells that changed since the previous one; whatever the sequence
of views, the planes must equal those a new writer gives for the last view alone. The engine's
games reach the common cases (tests/env/test_env.py); this walk also reaches the rare ones: an
added kong replacing a pung in place (HK-3.3), a claimed discard followed by a new one (HK-4),
bonus tiles (HK-2.6), a 33rd discard sharing the last discard row, dead hands (MCR-5.4, a list
the engine changes in place), and equal tuples that are
not the same objects (the writer's identity shortcut must never hide a change). The compiled
wheel's C writer (``hkmj.env._cells``) must write exactly the cells the Python writer writes.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import hkmj
from hkmj.engine import IllegalAction, Match
from hkmj.engine.actions import WIN
from hkmj.env.core import N_ACTIONS, mask_bytes
from hkmj.env.planes import DISCARDS, LAYOUT, MAX_DISCARDS, N_CELLS, N_ROWS, NATIVE, PlaneWriter, _count_meld
from hkmj.env.rules import check_rules
from hkmj.scoring import Meld
from hkmj.tiles import N_KINDS

Planes = npt.NDArray[np.float32]

needs_c = pytest.mark.skipif(NATIVE is None, reason="hkmj.env._cells is built only in the compiled wheel (pip install .)")


def _writer(native: bool = True) -> tuple[PlaneWriter, Planes]:
    planes = np.zeros(N_CELLS, dtype=np.float32)
    return PlaneWriter(planes.data, np.zeros(N_CELLS, dtype=np.float32).data, native=native), planes


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
        self.dead_hands = [False, False, False, False]

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
        if rng.random() < 0.05:  # MCR-5.4: a false Mahjong makes a hand dead (changed in place, as the engine's list)
            self.dead_hands[rng.randrange(4)] = True
        elif rng.random() < 0.02:  # a new hand: none dead
            self.dead_hands[:] = [False] * 4
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
            "dead_hands": self.dead_hands,
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


def test_the_compiled_wheel_writes_the_planes_and_masks_in_c() -> None:
    """The compiled wheel builds ``hkmj.env._cells`` for the layout of ``hkmj.env.planes`` (setup.py)."""
    if not hkmj.compiled():
        pytest.skip("pure-Python install: the C cell writer is built only in the compiled wheel")
    assert NATIVE is not None
    assert tuple(NATIVE.LAYOUT) == LAYOUT
    assert _writer()[0].cells is not None and _writer(native=False)[0].cells is None


@needs_c
def test_c_and_python_writers_write_the_same_cells_through_kongs_claims_bonus_and_long_ponds() -> None:
    """HK-3.3, HK-4, HK-2.6: the C writer and the Python writer give equal planes after every view of the walk."""
    for seed in range(8):
        walk = _Walk(seed)
        c_writer, c_planes = _writer()
        py_writer, py_planes = _writer(native=False)
        assert c_writer.cells is not None and py_writer.cells is None
        for step in range(400):
            view = walk.step()
            c_writer.update(**view)
            py_writer.update(**view)
            assert np.array_equal(c_planes, py_planes), (seed, step)
            assert c_planes.tobytes() == py_planes.tobytes(), (seed, step)  # the same float32 bits


@needs_c
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_c_and_python_writers_read_the_same_planes_from_the_engine_state(rules: str) -> None:
    """HK-3, HK-4: every seat's planes read from the engine's state at every move, C and Python alike,
    with false Mahjongs declared now and then: dead hands under MCR (MCR-5.4), penalties ending the
    hand under Hong Kong and classical rules (HK-5.7, CL-7.7)."""
    rng = random.Random(7)
    match = Match(11, length="hands", hands=3, rules=check_rules(rules, None))
    writers = [(_writer(), _writer(native=False)) for _ in range(4)]
    key = 0
    dead_seen = False
    while not match.over:
        hand = match.new_hand()
        for (c, _), (p, _) in writers:
            c.reset()
            p.reset()
        while hand.result is None:
            seat = hand.next_seat()
            key += 1
            for s, ((c, c_planes), (p, p_planes)) in enumerate(writers):
                to_act = s == seat or len(hand.legal_actions(s)) > 0
                c.encode_state(hand, s, to_act, key)
                p.encode_state(hand, s, to_act, key)
                assert c_planes.tobytes() == p_planes.tobytes(), (rules, key, s)
                assert c.key == p.key == key
            dead_seen = dead_seen or any(hand.dead_hands)
            if not hand.dead_hands[seat] and rng.random() < 0.02:
                try:
                    hand.play(seat, WIN)  # a false Mahjong, unless the seat holds a winning hand
                    continue
                except IllegalAction:  # no declaration here (a claimant must discard, HK-4.2)
                    pass
            legal = hand.legal_actions(seat)
            hand.play(seat, legal[rng.randrange(len(legal))])
        match.finish_hand()
    assert dead_seen == (rules == "mcr")


@needs_c
def test_c_mask_bytes_equal_the_python_ones_and_refuse_a_bad_index() -> None:
    """The action mask (docs/env.md): 1 exactly at the legal indices; an index outside 0-74 is a clear error."""
    assert NATIVE is not None
    rng = random.Random(3)
    for _ in range(200):
        indices = rng.sample(range(N_ACTIONS), rng.randrange(N_ACTIONS))
        expected = bytearray(N_ACTIONS)
        for i in indices:
            expected[i] = 1
        assert mask_bytes(indices) == expected
    with pytest.raises(IndexError, match="action index 75 out of range 0-74"):
        NATIVE.mask([3, 75], N_ACTIONS)
    with pytest.raises(TypeError, match="expected a list or tuple"):
        NATIVE.mask({1, 2}, N_ACTIONS)


@needs_c
def test_c_writer_refuses_a_buffer_that_is_not_the_planes_and_counts_beyond_four() -> None:
    """HK-1 (four copies of a kind): bad input is a clear error, never a write outside the planes."""
    assert NATIVE is not None
    with pytest.raises(ValueError, match="float32 buffer of 5440 cells"):
        NATIVE.Cells(np.zeros(N_CELLS, dtype=np.float64).data)
    with pytest.raises(ValueError, match="float32 buffer of 5440 cells"):
        NATIVE.Cells(np.zeros(10, dtype=np.float32).data)
    with pytest.raises(BufferError, match="not writable"):
        NATIVE.Cells(np.zeros(N_CELLS, dtype=np.float32).data.toreadonly())
    writer, _planes = _writer()
    view = _Walk(0).step()
    with pytest.raises(ValueError, match="a tile count of 5"):
        writer.update(**{**view, "conc": (5,) + (0,) * (N_KINDS - 1)})
    with pytest.raises(ValueError, match="seat 4: expected 0-3"):
        writer.update(**{**view, "me": 4})
    with pytest.raises(ValueError, match="drawn 40, offered -1: expected a tile kind 0-33"):
        writer.update(**{**view, "drawn": 40, "offered": None})
    with pytest.raises(IndexError, match="out of range"):
        writer.update(**{**view, "phase": 1000})
    with pytest.raises(ValueError, match=r"dead hands: expected one per seat \(4\), got 3"):
        writer.update(**{**view, "dead_hands": [True, False, False]})


@pytest.mark.parametrize("rules", ["hk", "mcr"])
def test_one_encoder_following_a_seat_into_the_next_hand_drops_the_last_hands_discards(rules: str) -> None:
    """docs/env.md: ``ViewEncoder.encode(view)`` gives the planes of a view. A bot of one's own that
    keeps one encoder for a match (``SingleSeatEnv`` keeps its opponents for the episode, every
    hand of it) saw the new hand's planes keep the last hand's discards (rows 22-149) whenever its
    seat and the prevailing wind stayed (HK-7.2: East keeps the deal; HK-4.1: a pond only grows, or
    loses its latest tile to a claim). A view that does not continue the last one now starts afresh."""
    from hkmj.bots import make_bot
    from hkmj.engine import Hand
    from hkmj.env.encoding import ViewEncoder

    def views(seed: int, moves: int) -> list[Any]:
        hand = Hand.from_seed(seed, rules=check_rules(rules))
        bots = [make_bot("random", s) for s in range(4)]
        out = [hand.view(0)]
        while hand.result is None and len(out) <= moves:
            s = hand.pending()[0]
            hand.play(s, bots[s].choose(hand.view(s), hand.legal_actions(s)))
            out.append(hand.view(0))
        return out

    for seed in range(3):
        encoder = ViewEncoder()
        for view in views(seed, 60):
            encoder.encode(view)
        for view in views(seed + 100, 8):  # the next hand: East again, the same prevailing wind
            assert np.array_equal(encoder.encode(view), ViewEncoder().encode(view))
