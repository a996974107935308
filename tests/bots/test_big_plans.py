"""The expert's big-hand plans (issue 14; ``ExpertBot.big_plans``, off by default): each plan's
shanten on hand-made hands, its fan against the scoring of the hands it completes (HK-6), that the
strong bot never sees them, and that the expert reads its own view only with the switch on."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.bots.strong import (
    ALL_HONOURS,
    BIG_DRAGONS,
    BIG_PLANS,
    BIG_WINDS,
    DRAGON_SUIT,
    DRAGONS,
    LIMIT_FAN,
    MIXED_PAIRS,
    MIXED_PUNGS,
    PURE_PAIRS,
    PURE_PUNGS,
    SMALL_DRAGONS,
    SMALL_WINDS,
    WINDS,
    StrongBot,
    _Ctx,
    _dragon_suit,
    _honour_sets,
    _honour_values,
    _Melds,
    _pairs_in,
    _pungs_in,
    big_plans,
    evaluate,
)
from hkmj.engine.actions import Discard
from hkmj.engine.testing import discard_turns, permuted_turns
from hkmj.hand import waits
from hkmj.scoring import Meld, Win, score
from hkmj.tiles import counts_of, parse_tiles, tile

SEAT, PREVAILING = 2, 0
"""West's seat in an East round: only East and West pungs are worth fan (HK-6)."""
CHARACTERS = range(0, 9)
WITH_HONOURS = [*range(0, 9), *range(27, 34)]
LIMITS = (BIG_DRAGONS, SMALL_WINDS, BIG_WINDS, ALL_HONOURS, DRAGON_SUIT)


def _c(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def _melds(*pungs: str) -> _Melds:
    return _Melds(tuple(Meld("pung", tile(t)) for t in pungs), _honour_values(SEAT, PREVAILING))


def test_hk_6_one_suit_and_all_pungs_shanten() -> None:
    """One suit with all pungs (HK-6: 3 + 3 or 6 + 3 fan): pungs and the pair of the allowed kinds only."""
    hand = _c("111m555m999m2z3z44p")
    assert _pungs_in(hand, 4, WITH_HONOURS) == 2  # two 2z and a 3z to go
    assert _pungs_in(hand, 4, CHARACTERS) == 4  # the honours do not count: a pung and a pair to go
    assert _pungs_in(_c("111m555m999m22z33z"), 4, WITH_HONOURS) == 0
    assert _pungs_in(_c("555m777m999m3m"), 3, CHARACTERS) == 0  # a pung declared: 3 more and the pair


def test_hk_6_dragon_and_wind_hands_shanten() -> None:
    """Small three dragons (two dragon pungs and a dragon pair), big three dragons (three dragon
    pungs), small four winds (three wind pungs and a wind pair), big four winds (four): the honour
    groups first, any groups and pair for the rest (HK-5.1, HK-6); a declared pung counts."""
    free = _melds()
    assert _honour_sets(_c("555z666z77z123m45p"), free, DRAGONS, 2, True) == 0
    assert _honour_sets(_c("555z666z77z123m45p"), free, DRAGONS, 3, False) == 1
    assert _honour_sets(_c("555z66z7z123m456p9s"), free, DRAGONS, 2, True) == 1
    assert _honour_sets(_c("666z77z123m45p99s"), _melds("5z"), DRAGONS, 2, True) == 0
    assert _honour_sets(_c("111z222z333z44z19m"), free, WINDS, 3, True) == 1
    assert _honour_sets(_c("111z222z333z44z19m"), free, WINDS, 4, False) == 1
    assert _honour_sets(_c("111z222z333z44z55m"), free, WINDS, 4, False) == 0
    # out of reach: too few winds left after a chow-free hand declares four other groups
    assert _honour_sets(_c("1z"), _Melds(tuple(Meld("pung", t) for t in (0, 9, 18, 1)), [0.0] * 34), WINDS, 4, False) == 99


def test_hk_6_dragon_and_suit_and_pairs_shanten() -> None:
    """The dragon-and-suit limit (all pungs, three of the suit, its dragon, a pair of the suit:
    characters with Red) and seven pairs in one suit (HK-5.3 with HK-6 mixed or pure one suit)."""
    free = _melds()
    assert _dragon_suit(_c("111m555m999m77z66z"), free, 0) == 2  # Red and the characters pair
    assert _dragon_suit(_c("111m555m999m777z3m"), free, 0) == 0
    assert _dragon_suit(_c("555m999m11m3m4m"), _melds("7z"), 0) == 1
    assert _pairs_in(_c("1133m5577m99m55z6z"), WITH_HONOURS) == (0, 7)
    assert _pairs_in(_c("1133m5577m99m55z6z"), CHARACTERS) == (3, 5)


def _ctx(c: Sequence[int]) -> _Ctx:
    """A decision context for West in an East round, every tile not in ``c`` unseen."""
    v, _ = discard_turns(5, [GreedyBot(s) for s in range(4)])[0]
    ctx = _Ctx(v)
    ctx.seat, ctx.prevailing = SEAT, PREVAILING
    ctx.hval = _honour_values(SEAT, PREVAILING)
    ctx.unseen = [4 - x for x in c]
    ctx.flowers = ctx.seasons = ()
    ctx.suit = 0  # characters
    return ctx


@pytest.mark.parametrize(
    ("plan", "concealed", "declared"),
    [
        (MIXED_PUNGS, "555m999m222z3z", ("1m",)),
        (PURE_PUNGS, "555m999m22m77m", ("1m",)),
        (SMALL_DRAGONS, "555z666z77z123m45p", ()),
        (SMALL_DRAGONS, "666z77z123m45p", ("5z",)),
        (BIG_DRAGONS, "555z666z777z123m4p", ()),
        (SMALL_WINDS, "222z333z44z12m", ("1z",)),
        (BIG_WINDS, "111z222z333z444z5m", ()),
        (ALL_HONOURS, "222z444z555z6z", ("3z",)),
        (DRAGON_SUIT, "222m555m777z9m", ("1m",)),
        (MIXED_PAIRS, "11m33m55m77m99m22z4z", ()),
        (PURE_PAIRS, "11m22m33m55m77m99m4m", ()),
    ],
)
def test_hk_6_each_big_plan_has_the_fan_of_the_hands_it_completes(plan: str, concealed: str, declared: tuple[str, ...]) -> None:
    """A hand ready for the plan is offered it at shanten 0 with the fan the scoring gives every
    hand its waits complete (HK-6: the plan's elements and its honour pungs, without the
    no-bonus fan the bot adds for every hand; a limit hand is base 64). Each hand is chosen so
    that every wait completes the plan."""
    c = _c(concealed)
    info = _melds(*declared)
    ctx = _ctx(c)
    got = {p: (fan, s, u) for p, fan, s, u in big_plans(ctx, c, info, 0.0, info.fan, 9)}
    fan, s, u = got[plan]
    assert s == 0 and u > 0
    won = 0
    for w in waits(c, len(info.melds)):
        c[w] += 1
        res = score(Win(tuple(t for t in range(34) for _ in range(c[t])), w, "discard", SEAT, PREVAILING, (SEAT + 1) % 4, info.melds))
        c[w] -= 1
        if plan in LIMITS:
            assert fan == LIMIT_FAN and res.limit_id is not None and res.base == 64
        else:
            assert res.limit_id is None and res.fan - 1 == fan  # no bonus tile: 1 fan (HK-6)
        won += 1
    assert won >= 1


def test_hk_6_the_big_plan_is_valued_by_its_base() -> None:
    """With the switch on, a hand one tile from small three dragons is valued as that plan
    (base 16 for 4 + 2 fan, HK-6) rather than as a plain standard hand; with it off the strong
    bot's plans alone value it."""
    c = _c("555z666z7z123m45p9s")
    info = _melds()
    ctx = _ctx(c)
    plain = evaluate(ctx, c, info)
    ctx.big_plans = True
    plans: dict[str, int] = {}
    big = evaluate(ctx, c, info, plans)
    assert plain.plan not in BIG_PLANS
    assert big.plan == SMALL_DRAGONS and big.shanten == 1 and plans[SMALL_DRAGONS] == 1
    assert big.ev > plain.ev


def test_the_strong_bot_and_the_default_expert_never_use_big_plans() -> None:
    """The switch is the expert's alone and off by default: at the turns of a deal where the
    switched model values a dragon hand (HK-6), the strong bot's context leaves it out, the
    strong bot's discards serve none, and a default expert's advice names none."""
    assert not ExpertBot(0).big_plans and not ExpertBot(0).big_claims
    switched = 0
    for v, legal in discard_turns(26, [_big(s) for s in range(4)]):
        ctx = _Ctx(v)
        assert not ctx.big_plans
        c = list(v.concealed)
        info = _Melds(v.melds[v.seat], ctx.hval)
        tiles = sorted({a.tile for a in legal if isinstance(a, Discard)})
        assert all(x.plan not in BIG_PLANS for x in StrongBot(1)._discards(ctx, c, info, tiles))
        ctx.big_plans = True
        switched += any(x.plan in BIG_PLANS for x in StrongBot(1)._discards(ctx, c, info, tiles))
        for a in ExpertBot(1).advise(v, legal):
            assert not any(p.replace("_", " ") in a.note for p in BIG_PLANS)
    assert switched >= 1


def _big(seed: int) -> ExpertBot:
    bot = ExpertBot(seed)
    bot.big_plans = bot.big_claims = True
    return bot


def test_the_switch_makes_the_expert_aim_at_big_hands() -> None:
    """In a deal where it holds dragons, the switched expert aims at a dragon hand (HK-6) at some
    turn, and its advice there differs from the default expert's."""
    aimed = 0
    for v, legal in discard_turns(26, [_big(s) for s in range(4)]):
        advice = _big(1).advise(v, legal)
        if any(p.replace("_", " ") in advice[0].note for p in (SMALL_DRAGONS, BIG_DRAGONS)):
            assert advice != ExpertBot(1).advise(v, legal)
            aimed += 1
    assert aimed >= 1


def test_big_plans_never_peek_at_hidden_tiles() -> None:
    """With the big plans (and their claim rule) on, the advice is unchanged when the hidden wall is
    permuted consistently with the view: plans count the view's unseen tiles, never the wall's order."""
    turns = permuted_turns(26, [_big(s) for s in range(4)], range(4, 70, 3))
    for va, la, vb, lb in turns:
        assert va == vb
        assert _big(6).advise(va, la) == _big(6).advise(vb, lb)
    assert len(turns) >= 5
