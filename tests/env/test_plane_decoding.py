"""The planes read back as docs/env.md describes them: a decoder written from the table alone.

Each block of the documented layout (rows 0–159) is decoded independently of the writer and
compared with the engine's ``SeatView`` of the observing seat (HK-1 tile kinds, HK-2.6 bonus
tiles, HK-3/HK-4 draws, discards, claims and melds, HK-7.3 winds, MCR-5.4 dead hands), for random states of every
registered ruleset.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

pytest.importorskip("pettingzoo")

from hkmj.engine import SeatView
from hkmj.env import AGENTS, RULES, HkmjEnv, raw_env
from hkmj.tiles import FLOWER1, N_KINDS

_PHASES = ("turn", "claim", "rob", "over")


def _one_hot(row: npt.NDArray[np.float32], what: str) -> int | None:
    """The column of a row's single 1 (None for an all-zero row); any other content fails."""
    cols = np.flatnonzero(row)
    assert set(row[cols].tolist()) <= {1.0}, f"{what}: values {row[cols]}"
    assert len(cols) <= 1, f"{what}: several columns set {cols}"
    return int(cols[0]) if len(cols) else None


def _counts(rows: npt.NDArray[np.float32], what: str) -> list[int]:
    """Counts 0–4 per kind from 4 threshold rows (row k is 1 where the count is above k)."""
    assert set(np.unique(rows).tolist()) <= {0.0, 1.0}, what
    for k in range(1, 4):
        assert (rows[k] <= rows[k - 1]).all(), f"{what}: row {k} set where row {k - 1} is not"
    return [int(c) for c in rows.sum(axis=0)]


def decode(planes: npt.NDArray[np.float32]) -> dict[str, Any]:
    """The facts docs/env.md's table puts in the planes, seats relative to the observer."""
    assert planes.shape == (160, N_KINDS) and planes.dtype == np.float32
    wind = _one_hot(planes[154], "own seat wind")
    assert wind is not None and 27 <= wind <= 30, "own seat wind must be at columns 27-30"
    seat = wind - 27
    prevailing = _one_hot(planes[155], "prevailing wind")
    assert prevailing is not None and 27 <= prevailing <= 30
    dealer = _one_hot(planes[156], "dealer")
    assert dealer is not None and dealer < 4
    phase_row = planes[157]
    phase = _one_hot(phase_row[0:4], "phase")
    on_turn = _one_hot(phase_row[4:8], "seat on turn")
    assert phase is not None and on_turn is not None
    assert phase_row[8] in (0.0, 1.0) and not phase_row[9:].any()
    discards = []
    for rel in range(4):
        pond = []
        for i in range(32):
            kind = _one_hot(planes[22 + 32 * rel + i], f"discard {i} of relative seat {rel}")
            if kind is None:
                assert not planes[22 + 32 * rel + i + 1 : 22 + 32 * (rel + 1)].any(), "a gap in a pond"
                break
            pond.append(kind)
        discards.append(pond)
    bonus = []
    for rel in range(4):
        row = planes[150 + rel]
        assert not row[8:].any() and set(row[:8].tolist()) <= {0.0, 1.0}
        bonus.append(sorted(FLOWER1 + int(c) for c in np.flatnonzero(row[:8])))
    s = planes[158]
    assert not s[10:].any()
    dead_row = planes[159]
    assert not dead_row[4:].any() and set(dead_row[:4].tolist()) <= {0.0, 1.0}, "dead hands: columns 0-3, 0 or 1"
    return {
        "seat": seat,
        "hand": _counts(planes[0:4], "own hand"),
        "drawn": _one_hot(planes[4], "drawn tile"),
        "offered": _one_hot(planes[5], "tile on offer"),
        "melds": [_counts(planes[6 + 4 * rel : 10 + 4 * rel], f"melds of {rel}") for rel in range(4)],
        "discards": discards,
        "bonus": bonus,
        "prevailing": prevailing - 27,
        "dealer": dealer,
        "phase": _PHASES[phase],
        "on_turn": on_turn,
        "to_act": bool(phase_row[8]),
        "live": float(s[0]) * 130,
        "dead": float(s[1]) * 16,
        "concealed_counts": [float(x) * 14 for x in s[2:6]],
        "scores": [float(x) for x in s[6:10]],
        "dead_hands": [bool(x) for x in dead_row[:4]],
    }


def expected(v: SeatView) -> dict[str, Any]:
    """The same facts read from the engine's view, seats made relative to ``v.seat``."""
    order = [(v.seat + rel) % 4 for rel in range(4)]

    def meld_counts(s: int) -> list[int]:
        c = Counter(t for m in v.melds[s] for t in m.tiles)
        return [c[k] for k in range(N_KINDS)]

    return {
        "seat": v.seat,
        "hand": list(v.concealed),
        "drawn": v.drawn,
        "offered": v.offered,
        "melds": [meld_counts(s) for s in order],
        "discards": [list(v.discards[s][:31]) + list(v.discards[s][-1:] if len(v.discards[s]) > 31 else []) for s in order],
        "bonus": [sorted(v.bonus[s]) for s in order],
        "prevailing": v.prevailing,
        "dealer": (v.dealer - v.seat) % 4,
        "phase": v.phase,
        "on_turn": (v.turn - v.seat) % 4,
        "to_act": v.to_act,
        "live": float(v.live),
        "dead": float(v.dead),
        "concealed_counts": [float(v.concealed_counts[s]) for s in order],
        "scores": [max(-1.0, min(1.0, v.scores[s] / 1000)) for s in order],
        "dead_hands": [bool(v.dead_hands[s]) for s in order],
    }


def _compare(got: dict[str, Any], want: dict[str, Any], where: str) -> None:
    for key, value in want.items():
        g = got[key]
        if isinstance(value, float) or key in ("concealed_counts", "scores"):
            assert g == pytest.approx(value, abs=1e-4), f"{where}: {key} {g} != {value}"
        else:
            assert g == value, f"{where}: {key} {g} != {value}"


@pytest.mark.parametrize("rules", RULES)
def test_hk1_every_documented_plane_decodes_to_the_engines_view_of_each_agent(rules: str) -> None:
    """All four agents' observations, at every move of seeded random hands, match their SeatView."""
    for seed in range(3):
        e: HkmjEnv = raw_env(rules=rules, hands=2)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        moves = 0
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            hand = e.current_hand()
            for player, other in enumerate(AGENTS):
                seat = e._seats[player]
                got = decode(e.observe(other)["observation"])
                _compare(got, expected(hand.view(seat)), f"{rules} seed {seed} move {moves} {other}")
            assert obs is not None
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            moves += 1
        assert moves > 50
