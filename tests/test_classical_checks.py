"""The classical deal's one-pass check (``classical._valid_deal``) against the full check it
stands in for (``classical._full_check``, docs/rules-classical.md CL-1.1, CL-1.2, CL-2.1, CL-4,
CL-5.3, CL-6.2, CL-7.4).

The one pass only says "plainly valid" or "look closer": a deal it accepts must pass the full
check (else a refusal would be lost), and a deal it sends on keeps the words and the order of
the full check's refusal. The well-formed deals of ``bench/bench_classical.py`` must take the
one pass (the compiled speed target of 0.2× the Hong Kong scorer counts on it).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from hkmj.scoring import classical
from hkmj.scoring.classical import (
    RULE_REFS,
    ClassicalOptions,
    Deal,
    _full_check,
    _valid_deal,
    deal_from_win,
    score_deal,
)
from hkmj.scoring.generate import other_hands, random_winning_hand
from hkmj.scoring.model import InvalidHand, Meld, PlayerHand, cite_refs

COMPILED = not classical.__file__.endswith(".py")
"""The mypyc build, whose dataclasses check their fields' types as they are built."""


def _deal(seed: int) -> Deal:
    rng = random.Random(seed)
    win = random_winning_hand(rng)
    return deal_from_win(win, other_hands(win, rng, bonus_rate=0.3), ClassicalOptions(pay_highest=seed % 2 == 1))


def _with_options(**fields: Any) -> ClassicalOptions:
    return ClassicalOptions(**fields)


def _problem(deal: Deal) -> str | None:
    try:
        _full_check(deal)
    except InvalidHand as e:
        return str(e)
    return None


def _other_seat(d: Deal) -> int:
    return next(s for s in range(4) if s != d.winner and d.hands[s] is not None)


def _with(d: Deal, **changes: Any) -> Deal:
    """``d`` with fields changed, to any value (the mistakes are of type too)."""
    return replace(d, **changes)


def _hand(d: Deal, seat: int, **changes: Any) -> Deal:
    hands: list[Any] = list(d.hands)
    hands[seat] = replace(hands[seat], **changes)
    return _with(d, hands=tuple(hands))


def _other(d: Deal, **changes: Any) -> Deal:
    """``d`` with a non-winner's hand changed."""
    return _hand(d, _other_seat(d), **changes)


def _tiles(d: Deal, drop: int = 0) -> tuple[Any, ...]:
    """A non-winner's concealed tiles but the first ``drop``."""
    hand = d.hands[_other_seat(d)]
    assert hand is not None
    return hand.concealed[drop:]


def _first_tile(d: Deal, value: object) -> Deal:
    return _other(d, concealed=(value, *_tiles(d, 1)))


MISTAKES: dict[str, Callable[[Deal], Deal]] = {
    "bool tile (True reads as 2m)": lambda d: _first_tile(d, True),
    "tile 34 (no tile)": lambda d: _first_tile(d, 34),
    "a flower among the concealed tiles": lambda d: _first_tile(d, 35),
    "negative tile": lambda d: _first_tile(d, -1),
    "tile as text": lambda d: _first_tile(d, "1m"),
    "one tile short": lambda d: _other(d, concealed=_tiles(d, 1)),
    "five 1m": lambda d: _other(d, concealed=(0, 0, 0, 0, 0, *_tiles(d, 5))),
    "concealed not a tuple": lambda d: _other(d, concealed=7),
    "chow from 9m": lambda d: _other(d, concealed=_tiles(d, 3), melds=(Meld("chow", 8),)),
    "meld kind misspelt": lambda d: _other(d, concealed=_tiles(d, 3), melds=(Meld("pong", 3),)),
    "meld of a bonus tile": lambda d: _other(d, concealed=_tiles(d, 3), melds=(Meld("pung", 34),)),
    "meld not a Meld": lambda d: _other(d, concealed=_tiles(d, 3), melds=("pung 111m",)),
    "five melds": lambda d: _other(d, concealed=(), melds=(Meld("chow", 0),) * 5),
    "flower 5": lambda d: _hand(d, d.winner, flowers=(5,)),
    "flower True": lambda d: _hand(d, d.winner, flowers=(True,)),
    "flower twice in a hand": lambda d: _hand(d, d.winner, flowers=(2, 2)),
    "season in two hands": lambda d: _other(_hand(d, d.winner, seasons=(3,)), seasons=(3,)),
    "flowers not a tuple": lambda d: _hand(d, d.winner, flowers=1),
    "winner True": lambda d: _with(d, winner=True),
    "winner 4": lambda d: _with(d, winner=4),
    "prevailing -1": lambda d: _with(d, prevailing=-1),
    "discarder 4": lambda d: _with(d, discarder=4),
    "winner's hand missing": lambda d: _with(d, hands=tuple(None if s == d.winner else h for s, h in enumerate(d.hands))),
    "three hands": lambda d: _with(d, hands=d.hands[:3]),
    "a hand that is a tuple": lambda d: _with(d, hands=tuple(h if s == d.winner else (1, 2) for s, h in enumerate(d.hands))),
    "win_tile a flower": lambda d: _with(d, win_tile=34),
    "win_tile True": lambda d: _with(d, win_tile=True),
    "unknown flag": lambda d: _with(d, flags=frozenset({"heavenly"})),
    "kong replacement flag": lambda d: _with(d, flags=frozenset({"kong_replacement"})),
    "flags as text": lambda d: _with(d, flags="last_wall_tile"),
    "last wall tile on a discard": lambda d: _with(
        d, win="discard", discarder=(d.winner + 1) % 4, flags=frozenset({"last_wall_tile"})
    ),
    "limit True": lambda d: _with(d, options=ClassicalOptions(limit=True)),
    "limit 99": lambda d: _with(d, options=ClassicalOptions(limit=99)),
    "pay_highest 1": lambda d: _with(d, options=_with_options(pay_highest=1)),
    "options a dict": lambda d: _with(d, options={"limit": 500}),
}
"""Each mistake made to a well-formed deal: every one is refused by the full check."""


@pytest.mark.parametrize("seed", range(300))
def test_well_formed_deals_take_the_one_pass(seed: int) -> None:
    deal = _deal(seed)
    assert _problem(deal) is None
    assert _valid_deal(deal), "a well-formed deal fell to the full check: the one pass refuses a valid form"
    assert sum(score_deal(deal).settlement) == 0


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_every_mistake_falls_to_the_full_check_with_its_words(mistake: str) -> None:
    checked = 0
    for seed in range(40):
        try:
            deal = MISTAKES[mistake](_deal(seed))
        except InvalidHand as refused:
            # compiled, Deal, PlayerHand and ClassicalOptions refuse a value their native fields
            # cannot hold (True as a seat, a string of flags) as they are built, in the full
            # check's words (test_score_strictness.py pins them against pure Python's); never
            # a bare TypeError, and never True stored as 1
            assert COMPILED, f"{mistake}: refused as the deal is built in pure Python (seed {seed})"
            assert str(refused) and "object expected" not in str(refused)
            checked += 1
            continue
        problem = _problem(deal)
        assert problem is not None, f"{mistake}: the full check accepts it (seed {seed})"
        checked += 1
        assert not _valid_deal(deal), f"{mistake}: the one pass accepts a deal the full check refuses (seed {seed})"
        with pytest.raises(InvalidHand) as e:
            score_deal(deal)
        # the refusal the full check words, its citations of shared checks in classical numbers
        assert str(e.value) == cite_refs(problem, RULE_REFS)
    assert checked or COMPILED


def _with_lists(h: PlayerHand) -> PlayerHand:
    fields: dict[str, Any] = {"concealed": list(h.concealed), "melds": list(h.melds)}
    return replace(h, **fields)


@pytest.mark.parametrize("seed", range(40))
def test_other_accepted_forms_score_alike(seed: int) -> None:
    """Lists where tuples are expected (and a set of flags) are accepted by the full check (not
    the one pass) and score the same, compiled too (CL-5)."""
    deal = _deal(seed)
    as_lists = _with(
        deal,
        hands=[None if h is None else _with_lists(h) for h in deal.hands],
        flags=set(deal.flags),
    )
    # compiled, Deal and PlayerHand store them as the tuples and frozenset of their native
    # fields (they once raised a TypeError), so the one pass takes them
    assert _valid_deal(as_lists) == COMPILED
    assert score_deal(as_lists) == score_deal(deal)


@pytest.mark.parametrize("seed", range(5))
def test_results_copy_and_pickle(seed: int) -> None:
    """Every value of a classical result survives copy and pickle (compiled too: each frozen
    dataclass defines ``__reduce__``)."""
    r = score_deal(_deal(seed))
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.deepcopy(r) == r
    assert copy.copy(r.players[r.winner_seat]) == r.winner
