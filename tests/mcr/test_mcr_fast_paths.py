"""The scorer's fast paths agree with the reference steps they replace (MCR-1, MCR-5 to 7).

``score_mcr`` reads a request and its hand facts in one pass (``mcr._read``), falling back
to ``validate_mcr`` for anything unusual. Here, on seeded generated hands and on copies
changed one field at a time (bad tiles, flags, flowers, win types, melds), the one-pass
reader must accept exactly the hands ``validate_mcr`` accepts (or leave them to it) and
produce the same facts.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hkmj.scoring import InvalidHand
from hkmj.scoring.mcr import MCR_FANS, _fan_counts, _read, _special_memo, validate_mcr
from hkmj.scoring.mcr_generate import random_mcr_hand
from hkmj.scoring.mcr_shape import NINE_GATES, STANDARD, HandFacts, hand_facts, shapes, wait_count
from hkmj.scoring.model import Meld, Win

_FACTS = (
    "win", "counts", "concealed", "n_kinds", "concealed_mask", "fours", "keys", "mask", "ranks",
    "honours", "suits", "has_winds", "has_dragons", "self_drawn", "last_of_kind", "meld_chows",
    "meld_pungs", "n_exposed", "n_melded_kongs", "n_concealed_kongs", "flowers",
)
"""The facts compared: every slot of ``HandFacts`` but its memos (``fans``, ``_unique``), named
here because a class compiled by mypyc has no ``__slots__`` to read."""


def test_the_compared_facts_are_every_slot_but_the_memos() -> None:
    slots = getattr(HandFacts, "__slots__", None)  # absent from the compiled class
    if slots is not None:
        assert set(_FACTS) == set(slots) - {"fans", "_unique"}


def _changed(rng: random.Random, w: Win) -> Win:
    """``w`` with one field changed, often to something invalid."""
    tiles = list(w.concealed)
    k = rng.randrange(10)
    if k == 0:
        tiles[rng.randrange(len(tiles))] = rng.randrange(-1, 35)
        return replace(w, concealed=tuple(tiles))
    if k == 1:
        return replace(w, win_tile=rng.choice([*tiles, rng.randrange(-1, 35)]))
    if k == 2:
        return replace(w, win=rng.choice(["self_draw", "discard", "robbed_kong"]), discarder=rng.choice([None, 0, 1, 2, 3, 4]))
    if k == 3:
        names = ["last_wall_tile", "final_discard", "kong_replacement", "last_of_kind", "heavenly"]
        return replace(w, flags=frozenset(rng.sample(names, rng.randrange(3))))
    if k == 4:
        return replace(w, flowers=tuple(rng.sample([0, 1, 1, 2, 3, 4, 5], rng.randrange(4))))
    if k == 5:
        return replace(w, seat=rng.choice([0, 1, 2, 3, 4, -1]), prevailing=rng.choice([0, 3, 4]))
    if k == 6 and w.melds:
        melds = list(w.melds)
        i = rng.randrange(len(melds))
        melds[i] = Meld(rng.choice(["chow", "pung", "kong", "ckong"]), rng.choice([melds[i].tile, rng.randrange(34)]))
        return replace(w, melds=tuple(melds))
    if k == 7:
        return replace(w, concealed=tuple(tiles[:-1]))
    if k == 8:
        return replace(w, flags=frozenset(["last_of_kind"]))
    return replace(w, seat=(w.seat + 1) % 4)


def test_mcr_1_one_pass_reader_accepts_what_validate_mcr_accepts_with_the_same_facts() -> None:
    rng = random.Random(20261202)
    read = rejected = 0
    for _ in range(3000):
        base = random_mcr_hand(rng)
        for win in (base, _changed(rng, base)):
            try:
                reference: HandFacts | None = hand_facts(win, *validate_mcr(win))
            except InvalidHand:
                reference = None
            try:
                fast = _read(win)
            except (TypeError, ValueError, IndexError):  # as score_mcr: left to validate_mcr
                fast = None
            if reference is None:
                assert fast is None, win
                rejected += 1
            elif fast is not None:
                read += 1
                for name in _FACTS:
                    assert getattr(fast, name) == getattr(reference, name), (name, win)
    # both sides of the comparison are exercised
    assert read > 2500 and rejected > 300


def test_mcr_6_9_unique_wait_shortcut_matches_the_full_wait_count() -> None:
    """The unique wait read from the winning tile's suit alone (when that suit is
    incomplete without it) agrees with counting every completion (MCR-6.9 Ruling)."""
    rng = random.Random(20261203)
    checked = 0
    for _ in range(3000):
        win = random_mcr_hand(rng)
        for s in shapes(win, *validate_mcr(win))[1]:
            if s.kind != STANDARD:
                continue
            hand = s.hand
            hand._unique = None
            fast = hand.unique_wait
            before = list(hand.concealed)
            before[win.win_tile] -= 1
            seven_pairs = hand.n_kinds <= 7 and not win.melds
            assert fast == (wait_count(before, None, seven_pairs) == 1), win
            checked += 1
    assert checked > 1500


def test_mcr_5_2_special_shape_fans_remembered_by_shape_match_their_predicates() -> None:
    """The special-shape fans, remembered by shape and extra rank, are those the fans'
    predicates give for each special reading (MCR-6.44, 45, 55, 56, 80, 81)."""
    rng = random.Random(20261204)
    seen = set()
    for _ in range(3000):
        win = random_mcr_hand(rng)
        for s in shapes(win, *validate_mcr(win))[1]:
            if s.kind in (STANDARD, NINE_GATES):
                continue
            _fan_counts(s)
            expected = {i: int(f.count(s)) for i, f in enumerate(MCR_FANS) if f.scope == "special" and f.count(s)}
            assert dict(_special_memo[f"{s.kind}/{s.extra_rank}"]) == expected, win
            seen.add((s.kind, s.extra_rank))
    assert len(seen) >= 5


def test_mcr_8_result_is_a_frozen_mcr_result_equal_to_one_built_directly() -> None:
    """``score_mcr`` builds its result by the fastest path of the build; it is still a
    frozen :class:`McrResult`, equal to one built field by field (MCR-6, MCR-8)."""
    import dataclasses

    import pytest

    from hkmj.scoring import score_mcr
    from hkmj.scoring.mcr import McrResult

    rng = random.Random(20261205)
    for _ in range(200):
        r = score_mcr(random_mcr_hand(rng))
        assert type(r) is McrResult
        direct = McrResult(r.points, r.fan_points, r.winning, r.reason, r.items, r.payments, r.shape)
        assert r == direct and hash(r) == hash(direct) and repr(r) == repr(direct)
        with pytest.raises(dataclasses.FrozenInstanceError):
            r.points = 0  # type: ignore[misc]
