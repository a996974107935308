"""The expert's search (issue 14): deals sampled from a seat's view only, and the rollout simulator
(HK-3, HK-4.7, HK-5, HK-6) checked on hand-built deals against the ruleset's own scoring."""

from __future__ import annotations

import random

from hkmj.bots import GreedyBot
from hkmj.bots.expert import ExpertBot
from hkmj.bots.rollout import Deal, greedy_discard, live_draws, rollout_claim, rollout_discard, sample_deal
from hkmj.engine import Hand, SeatView
from hkmj.engine.testing import QUIET, stacked_hand
from hkmj.hand import shanten
from hkmj.rulesets import get_ruleset
from hkmj.scoring import Meld, Win
from hkmj.tiles import N_KINDS, counts_of, parse_tiles, tile, tiles_of

HK = get_ruleset("hk")


def _counts(text: str) -> tuple[int, ...]:
    return tuple(counts_of(parse_tiles(text)))


def _view(hand: str, *, offered: str | None = None, live: int = 40) -> SeatView:
    """South (seat 1) on its turn, or answering East's discard ``offered``."""
    base = stacked_hand(QUIET, rules=HK).view(1)
    concealed = _counts(hand)
    return base._replace(
        phase="turn" if offered is None else "claim",
        turn=1 if offered is None else 0,
        concealed=concealed,
        melds=((), (), (), ()),
        discards=((tile(offered),) if offered else (), (), (), ()),
        concealed_counts=tuple(sum(concealed) if s == 1 else 13 for s in range(4)),
        live=live,
        offered=None if offered is None else tile(offered),
        last_discard=None if offered is None else tile(offered),
        last_discarder=None if offered is None else 0,
    )


def _deal(hands: list[str], wall: str) -> Deal:
    """A hand-built deal; ``wall`` is listed in drawing order (the first tile is drawn first)."""
    from hkmj.hand import waits

    counts = [_counts(h) for h in hands]
    sh = []
    ws = []
    for c in counts:
        if sum(c) == 13:
            x = shanten(c, 0)
            sh.append(x)
            ws.append(frozenset(waits(c, 0)) if x == 0 else frozenset())
        else:
            sh.append(9)
            ws.append(frozenset())
    return Deal(tuple(counts), tuple(reversed(parse_tiles(wall))), tuple(sh), tuple(ws))


# ---------------------------------------------------------------- sampling reads only the view


def test_hk_2_sampled_deal_matches_what_the_seat_sees() -> None:
    """Every unseen tile is dealt once: opponents get their public hand sizes, the rest is wall."""
    hand = Hand.from_seed(3)
    bots = [GreedyBot(s) for s in range(4)]
    for _ in range(30):
        seat = hand.pending()[0]
        hand.apply(seat, bots[seat].choose(hand.view(seat), hand.legal_actions(seat)))
    v = hand.view(1)
    deal = sample_deal(v, random.Random(5))
    assert deal.hands[1] == v.concealed
    unseen = v.unseen()
    total = [0] * N_KINDS
    for s in (0, 2, 3):
        assert sum(deal.hands[s]) == v.concealed_counts[s]
        for t in range(N_KINDS):
            total[t] += deal.hands[s][t]
    for t in deal.wall:
        total[t] += 1
    assert all(total[t] <= unseen[t] for t in range(N_KINDS))
    assert len(deal.wall) == live_draws(v, sum(unseen) - sum(v.concealed_counts[s] for s in (0, 2, 3)))
    assert len(deal.wall) <= v.live


def _searching(seed: int) -> ExpertBot:
    """An expert with both searches on (they are off by default, docs/bots.md)."""
    bot = ExpertBot(seed)
    bot.search_claims = bot.search_discards = True
    return bot


# ---------------------------------------------------------------- the simulator


FAR = "147m258p69s12347z"
"""A hand far from ready (no pair, no wait) holding none of the tiles the tests play with."""


def _with(v: SeatView, deal: Deal) -> Deal:
    """The deal with South's hand taken from its view."""
    return Deal((deal.hands[0], v.concealed, deal.hands[2], deal.hands[3]), deal.wall, deal.shanten, deal.waits)


def test_hk_3_5_an_exhausted_wall_pays_nothing() -> None:
    """Nobody can win on the discard and the wall is empty: a draw, no payment."""
    v = _view("123m456p789s2345s7z", live=0)
    deal = _with(v, _deal([FAR, "", FAR, FAR], ""))
    assert rollout_discard(v, deal, tile("7z")) == 0.0


def test_hk_5_a_win_on_the_discard_pays_the_hk_6_payments() -> None:
    """West waits on 6z; South discards it: West wins on South's discard (HK-5, HK-6 payments)."""
    v = _view("123m456p789s2345s6z")
    deal = _with(v, _deal([FAR, "", "123m456p789s5556z", FAR], "8m8m8m8m"))
    got = rollout_discard(v, deal, tile("6z"))
    won = Win(tuple(parse_tiles("123m456p789s5556z6z")), tile("6z"), "discard", 2, v.prevailing, 1)
    assert got == HK.score(won).payments[1] < 0


def test_hk_5_a_self_drawn_win_pays_the_hk_6_payments() -> None:
    """South is ready on 1s-4s; after three draws that nobody uses it draws 1s: a self-drawn win."""
    v = _view("123m456p789s23s99s7z")
    deal = _with(v, _deal([FAR, "", FAR, FAR], "5z5z5z1s"))
    got = rollout_discard(v, deal, tile("7z"))
    won = Win(tuple(parse_tiles("123m456p789s123s99s")), tile("1s"), "self_draw", 1, v.prevailing)
    assert got == HK.score(won).payments[1] > 0


def test_hk_4_7_mahjong_beats_a_pung_on_the_same_discard() -> None:
    """South passes East's 5z; North could pung it but West wins on it (HK-4.7)."""
    v = _view("123m456p789s2345s", offered="5z")
    deal = _with(v, _deal([FAR, "", "123m456p789s666z5z", "147m258p69s12557z"], "8m8m8m8m"))
    won = Win(tuple(parse_tiles("123m456p789s666z55z")), tile("5z"), "discard", 2, v.prevailing, 0)
    assert rollout_claim(v, deal, None) == HK.score(won).payments[1] < 0


def test_hk_4_3_a_claimed_pung_is_a_meld_of_the_win() -> None:
    """South pungs 5z, discards 9m and then self-draws its wait: the pung scores (HK-6)."""
    v = _view("55z123m456p789s3s9m", offered="5z")
    deal = _with(v, _deal([FAR, "", FAR, FAR], "8m8m8m3s"))
    got = rollout_claim(v, deal, ("pung", tile("5z"), tile("9m")))
    won = Win(tuple(parse_tiles("123m456p789s33s")), tile("3s"), "self_draw", 1, v.prevailing, None, (Meld("pung", tile("5z")),))
    assert got == HK.score(won).payments[1] > 0


def test_greedy_discard_lowers_shanten_first() -> None:
    """The rollouts' policy: the discard leaving the lowest shanten, the isolated honour first."""
    c = list(_counts("123m456p789s23s99s7z"))
    t, sh = greedy_discard(c, 0)
    assert t == tile("7z")
    c[t] -= 1
    assert sh == shanten(c, 0) == 0
    assert tiles_of(c) == sorted(parse_tiles("123m456p789s23s99s"))


def test_hk_4_searching_expert_plays_legal_moves_and_its_own_advice() -> None:
    """With both searches on, over a whole seeded hand against greedy bots, every action is legal
    (HK-3, HK-4) and is the first entry of the bot's advice, asked just before."""
    hand = Hand.from_seed(21)
    players = [_searching(1), GreedyBot(2), _searching(3), GreedyBot(4)]
    while not hand.over:
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        view = hand.view(seat)
        p = players[seat]
        if isinstance(p, ExpertBot):
            first = p.advise(view, legal)[0]
            a = p.choose(view, legal)
            assert a == first.action
        else:
            a = p.choose(view, legal)
        assert a in legal
        hand.apply(seat, a)
    assert hand.result is not None


# ---------------------------------------------------------------- the compiled simulator's reading


def test_hk_5_1_suit_codes_read_hands_as_hkmj_hand_does() -> None:
    """The simulator reads hands by base-5 suit codes (mypyc-compiled, setup.py CORE): on seeded
    random hands its standard shanten, greedy discard and waits agree with hkmj.hand's."""
    from hkmj.bots.rollout import _codes, _std_codes, _waits
    from hkmj.hand import seven_pairs_shanten, standard_shanten, waits

    rng = random.Random(14)
    wall = [t for t in range(N_KINDS) for _ in range(4)]
    for _ in range(300):
        melds = rng.randrange(3)
        c = [0] * N_KINDS
        for t in rng.sample(wall, 14 - 3 * melds):
            c[t] += 1
        x = _codes(c)
        assert _std_codes(x[0], x[1], x[2], x[3], 4 - melds) == standard_shanten(c, melds)
        d, sh = greedy_discard(c, melds)
        after = []
        for t in range(N_KINDS):
            if c[t]:
                c[t] -= 1
                s = standard_shanten(c, melds)
                after.append(min(s, seven_pairs_shanten(c)) if melds == 0 and s > 0 else s)
                c[t] += 1
        assert sh == min(after)
        c[d] -= 1
        assert (min(standard_shanten(c, melds), seven_pairs_shanten(c)) if melds == 0 else standard_shanten(c, melds)) == sh
        if shanten(c, melds) == 0:
            assert _waits(c, _codes(c), melds) == waits(c, melds)


PINNED = [8.0, 8.0, 16.0, -8.0, -4.0, -2.0, 0.0, -8.0, -4.0]
"""Payments of the first playouts of :func:`_pinned_playouts`, the same pure and compiled."""


def _pinned_playouts() -> list[float]:
    hand = Hand.from_seed(5)
    bots = [GreedyBot(s) for s in range(4)]
    for _ in range(24):
        seat = hand.pending()[0]
        hand.apply(seat, bots[seat].choose(hand.view(seat), hand.legal_actions(seat)))
    while hand.view(hand.pending()[0]).phase != "turn":
        seat = hand.pending()[0]
        hand.apply(seat, bots[seat].choose(hand.view(seat), hand.legal_actions(seat)))
    v = hand.view(hand.pending()[0])
    rng = random.Random(7)
    out = []
    for _ in range(3):
        deal = sample_deal(v, rng)
        for d in sorted({t for t in range(N_KINDS) if v.concealed[t]})[:3]:
            out.append(rollout_discard(v, deal, d))
    return out


def test_hk_6_seeded_playouts_pay_the_same_compiled_or_not() -> None:
    """A seeded view, deals and discards give the same payments in every build (the compiled
    wheel runs this test too, .ci/compiled)."""
    assert _pinned_playouts() == PINNED
