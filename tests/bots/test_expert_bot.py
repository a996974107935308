"""The expert bot (issue 14): advice over every legal action, decisions on constructed views, and
legality, agreement and determinism over seeded whole hands of every ruleset."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hkmj.bots import BOTS, GreedyBot, RandomBot, StrongBot, make_bot
from hkmj.bots.advice import Advice, Advisor
from hkmj.bots.expert import ExpertBot
from hkmj.bots.strong import REALIZED, _chow_fan, _Ctx, _Melds, _win_payment, evaluate
from hkmj.engine import PASS, PUNG, WIN, Action, Discard, Hand, SeatView, play_hand
from hkmj.engine.actions import chow, discard
from hkmj.engine.testing import QUIET, stacked_hand
from hkmj.rulesets import Ruleset, get_ruleset
from hkmj.scoring import Meld
from hkmj.tiles import counts_of, name, parse_tiles, tile

HK = get_ruleset("hk")
MCR = get_ruleset("mcr")
CLASSICAL = get_ruleset("classical")


def seat_view(
    hand: str,
    *,
    rules: Ruleset = HK,
    offered: str | None = None,
    melds: Sequence[str] = ("", "", "", ""),
    ponds: Sequence[str] = ("", "", "", ""),
    live: int = 60,
) -> SeatView:
    """South's view (seat 1) holding ``hand``: its turn, or with ``offered`` a discard of East on
    offer (East sits on South's left, so a chow is possible, HK-4.2). ``melds`` are
    ``;``-separated meld texts per seat, ``ponds`` mpsz discards per seat."""
    base = stacked_hand(QUIET, rules=rules).view(1)
    discards = [tuple(parse_tiles(p)) for p in ponds]
    if offered is not None:
        discards[0] = (*discards[0], tile(offered))
    meld_sets = tuple(tuple(Meld.parse(m) for m in ms.split(";") if m) for ms in melds)
    concealed = tuple(counts_of(parse_tiles(hand)))
    return base._replace(
        phase="turn" if offered is None else "claim",
        turn=1 if offered is None else 0,
        concealed=concealed,
        melds=meld_sets,
        discards=tuple(discards),
        concealed_counts=tuple(sum(concealed) if s == 1 else 13 - 3 * len(meld_sets[s]) for s in range(4)),
        live=live,
        last_discard=None if offered is None else tile(offered),
        last_discarder=None if offered is None else 0,
        offered=None if offered is None else tile(offered),
    )


def discards_of(v: SeatView) -> list[Action]:
    return [discard(t) for t, n in enumerate(v.concealed) if n]


def check_advice(advice: list[Advice], legal: Sequence[Action]) -> None:
    """Every legal action exactly once, best first."""
    assert sorted(map(str, (a.action for a in advice))) == sorted(map(str, set(legal)))
    values = [a.value for a in advice]
    assert values == sorted(values, reverse=True)
    for a in advice:
        assert a.win is None or 0.0 <= a.win <= 1.0


def best(v: SeatView, legal: Sequence[Action], seed: int = 0) -> Action:
    bot = ExpertBot(seed)
    advice = bot.advise(v, legal)
    check_advice(advice, legal)
    a = ExpertBot(seed).choose(v, legal)
    assert a == advice[0].action
    return a


# ---------------------------------------------------------------- the Advisor protocol


def test_registered_by_name_and_an_advisor() -> None:
    assert "expert" in BOTS
    bot = make_bot("expert", 3)
    assert isinstance(bot, ExpertBot) and isinstance(bot, Advisor)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_advise_rejects_an_empty_action_list() -> None:
    with pytest.raises(ValueError, match="at least one legal action"):
        ExpertBot(0).advise(seat_view("123m456p789s11m35s4z"), [])


def test_advise_lists_each_legal_action_once_best_first() -> None:
    v = seat_view("123m456p789s11m35s4z")
    legal = discards_of(v)
    advice = ExpertBot(0).advise(v, [*legal, legal[0]])  # a repeated action is listed once
    check_advice(advice, legal)
    assert all(a.note for a in advice)


# ---------------------------------------------------------------- decisions (HK rules)


def test_hk_5_1_discards_the_isolated_honour_of_a_one_away_hand() -> None:
    # 123m 456p 789s 11m 35s + North: North goes, ready on 4s (HK-5.1)
    v = seat_view("123m456p789s11m35s4z")
    assert best(v, discards_of(v)) == discard(tile("4z"))


def test_hk_5_7_declares_mahjong_when_legal_valued_at_its_payment() -> None:
    # a self-drawn all-chows hand, one own flower absent: HK-6 fan counted by the scorer
    w = seat_view("123m456p789s11m345s")._replace(drawn=tile("5s"))
    advice = ExpertBot(0).advise(w, [WIN, *discards_of(w)])
    assert advice[0].action == WIN
    pts = _win_payment(w)
    assert pts > 0 and advice[0].value >= pts


def test_hk_4_3_a_ready_concealed_hand_passes_a_useless_pung() -> None:
    # ready on 1s/4s; a pung of 5p would not bring the hand closer
    v = seat_view("123m456p789s55p23s", offered="5p")
    assert best(v, [PASS, PUNG]) == PASS


def test_hk_6_claims_a_dragon_pung() -> None:
    # a pung of Red (1 fan, HK-6) that does not slow the hand
    v = seat_view("123m456p78s77z19m4z", offered="7z")
    assert best(v, [PASS, PUNG]) == PUNG


def test_hk_4_2_chows_only_when_it_brings_the_hand_closer() -> None:
    # two away; a chow 345s on East's 3s completes a group (HK-4.2) and brings the hand closer
    v = seat_view("123m456p45s19m3z4z7z", offered="3s")
    assert best(v, [PASS, chow(tile("3s"))]) == chow(tile("3s"))
    # ready on 3s/6s (Mahjong left out of the legal list): the chow would not bring it closer
    w = seat_view("123m456p789s11m45s", offered="3s")
    assert best(w, [PASS, chow(tile("3s"))]) == PASS


def test_hk_5_5_prefers_a_tile_passed_by_a_threatening_opponent() -> None:
    # West has three melds (likely ready) and let 9m pass after its last turn; South's hand is far
    v = seat_view(
        "258m369p47s1234z6z9m",
        melds=("", "", "pung 222s;chow 456p;pung 777m", ""),
        ponds=("3s", "", "5m", "9m"),
    )
    v = v._replace(last_discard=tile("9m"), last_discarder=3)
    assert best(v, discards_of(v)) == discard(tile("9m"))


# ---------------------------------------------------------------- under a minimum (MCR-5.1)


def test_mcr_5_1_a_ready_hand_below_8_points_is_worth_a_hand_one_from_a_winnable_wait() -> None:
    """MCR-5.1: discarding 9p leaves 123m 234m 567p 345s 9s, ready on 9s for 7 points: it cannot
    win as it stands. It was valued 0 with a 0% chance, below every hopeless far hand, so a review
    called keeping it a mistake worth a whole hand; a draw and a discard can still change its wait
    to one reaching 8 points, so it is now valued as a hand one from a winnable ready hand (as a
    one-away hand whose ready hands all miss 8 points is valued as two from ready), and still
    below the discard that keeps a winnable hand nearer."""
    v = seat_view("123m234m567p345s9s9p", rules=MCR)
    advice = {a.action: a for a in ExpertBot(0).advise(v, discards_of(v))}
    short = advice[discard(tile("9p"))]
    assert short.value > 1.0 and short.win is not None and 0.0 < short.win < 1.0, short
    assert short.note == "ready; no winnable wait left", short.note
    top = best(v, discards_of(v))
    assert top not in (discard(tile("9p")), discard(tile("9s")))
    assert advice[top].value > short.value


def test_hk_1_a_discard_into_a_wait_whose_every_copy_is_in_sight_is_not_ready() -> None:
    """HK-1 (four of each tile): discarding 9s leaves 123m 456m 789m 11z 46p, ready on 5p, but all
    four 5p are in the ponds. The expert called it "ready" with a 0% chance to win, and because
    a ready hand came first it capped every other discard at that 0: the whole advice read about
    0 points, and a review could tell no choice from another. It is now valued as a hand one from
    ready (a draw and a discard change its wait), and the other discards keep their own values."""
    v = seat_view("123m456m789m11z46p9s", ponds=("5p5p", "", "5p", "5p"))
    assert v.unseen()[tile("5p")] == 0
    advice = {a.action: a for a in ExpertBot(0).advise(v, discards_of(v))}
    out = advice[discard(tile("9s"))]
    assert out.note.startswith("ready; every winning tile is out"), out.note
    assert out.win is not None and out.win > 0.1 and out.value > 1.0, out
    for t in ("4p", "6p"):  # one from ready: no longer capped at the dead wait's 0
        assert advice[discard(tile(t))].value > 1.0, advice[discard(tile(t))]
    # with one 5p left to come the hand is ready again, and its discard is valued as such
    live = seat_view("123m456m789m11z46p9s", ponds=("5p5p", "", "5p", ""))
    first = ExpertBot(0).advise(live, discards_of(live))[0]
    assert first.action == discard(tile("9s")) and first.note.startswith("ready") and "out" not in first.note and first.win, first


def test_mcr_5_1_hk_1_a_ready_hand_whose_8_point_waits_are_all_in_sight_is_not_worth_0() -> None:
    """MCR-5.1 with HK-1: discarding 1z leaves 123m 456m 78m 234p 55s, ready on 3m and 6m (under 8
    points) and 9m (Pure Straight), but all four 9m are in the ponds: no wait that can win is
    left. It was valued 0 ("ready; no winnable wait"); it is now a hand one from a winnable wait."""
    v = seat_view("123m456m78m234p55s1z", rules=MCR, ponds=("9m", "9m", "9m9m", ""))
    advice = {a.action: a for a in ExpertBot(0).advise(v, discards_of(v))}
    out = advice[discard(tile("1z"))]
    assert out.value > 1.0 and out.win is not None and out.win > 0.0, out
    assert out.note == "ready; no winnable wait left", out.note


def test_mcr_5_1_keeps_a_ready_hand_that_reaches_8_points() -> None:
    # 123m 456m 789m 123p + 5m 9s: the pure straight (16 points) is ready on 5m or on 9s
    v = seat_view("123m456m789m123p5m9s", rules=MCR)
    advice = {a.action: a for a in ExpertBot(0).advise(v, discards_of(v))}
    assert advice[discard(tile("9s"))].value > 0 and advice[discard(tile("5m"))].value > 0
    assert best(v, discards_of(v)) in (discard(tile("9s")), discard(tile("5m")))


def test_mcr_5_1_claims_only_into_a_winnable_ready_hand() -> None:
    # 123m 456m 789m 46p + East, South: the chow 456p makes it ready on East with a pure
    # straight (16 points), so it is claimed
    v = seat_view("123m456m789m46p1z2z", rules=MCR, offered="5p")
    assert best(v, [PASS, chow(tile("4p"))]) == chow(tile("4p"))
    # a chow that only brings a far hand closer would expose it without a winnable wait
    w = seat_view("123m456p45s19m3z4z7z", rules=MCR, offered="3s")
    assert best(w, [PASS, chow(tile("3s"))]) == PASS


# ---------------------------------------------------------------- whole hands


class Checked:
    """Checks every decision: legal, and (for the expert) the first action of its own advice."""

    def __init__(self, name: str, seed: int) -> None:
        self.bot = make_bot(name, seed)
        self.decisions = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        advice = self.bot.advise(view, legal) if isinstance(self.bot, ExpertBot) else None
        a = self.bot.choose(view, legal)
        assert a in legal
        if advice is not None:
            check_advice(advice, legal)
            assert advice[0].action == a
        self.decisions += 1
        return a


@pytest.mark.parametrize("rules", [HK, MCR, CLASSICAL], ids=["hk", "mcr", "classical"])
@pytest.mark.parametrize("seed", range(3))
def test_only_legal_actions_over_seeded_hands(rules: Ruleset, seed: int) -> None:
    names = ["expert", "strong", "expert", "greedy"] if seed % 2 else ["expert"] * 4
    players = [Checked(names[(s + seed) % 4], seed * 10 + s) for s in range(4)]
    hand = Hand.from_seed(2000 + seed, prevailing=seed % 4, rules=rules, ask_all=seed == 2)
    result = play_hand(hand, players)
    assert result.kind in ("win", "draw")  # never a false Mahjong (HK-5.7)
    assert sum(p.decisions for p in players) > 0


def test_asking_for_advice_leaves_the_play_unchanged() -> None:
    """HK-3, HK-4: a bot asked for advice before each choice plays the same hand move for move,
    and its choice is the advice's first action."""

    class Advised(ExpertBot):
        def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
            first = self.advise(view, legal)[0].action
            a = super().choose(view, legal)
            assert a == first
            return a

    plain, advised = Hand.from_seed(31), Hand.from_seed(31)
    play_hand(plain, [ExpertBot(s) for s in range(4)])
    play_hand(advised, [Advised(s) for s in range(4)])
    assert advised.events == plain.events


def test_deterministic_given_its_seed() -> None:
    def run() -> list[dict[str, object]]:
        hand = Hand.from_seed(78)
        play_hand(hand, [ExpertBot(1), StrongBot(2), ExpertBot(3), GreedyBot(4)])
        return hand.events

    assert run() == run()


def test_plays_against_every_other_bot() -> None:
    hand = Hand.from_seed(5)
    result = play_hand(hand, [ExpertBot(0), RandomBot(1), GreedyBot(2), StrongBot(3)])
    assert result.kind in ("win", "draw")


# ---------------------------------------------------------------- screening switches (docs/bots.md, third round)


def test_hk_6_all_chows_fan_is_credited_only_while_no_pung_is_declared() -> None:
    # all chows (HK-6, 1 fan): a far hand with chows only may still make it, one with a pung cannot
    v = seat_view("134m57m24p68p9s3s1z2z")
    ctx = _Ctx(v, chow_fan=1.0)
    c = list(v.concealed)
    assert _chow_fan(ctx, c, _Melds((Meld.parse("chow 123s"),), ctx.hval)) == 1.0
    assert _chow_fan(ctx, c, _Melds((Meld.parse("pung 888s"),), ctx.hval)) == 0.0
    c[tile("1m")] += 3  # a concealed triplet must be broken up for all chows: half the credit
    assert _chow_fan(ctx, c, _Melds((), ctx.hval)) == 0.5
    c[tile("1m")] -= 3
    plain = evaluate(_Ctx(v), c, _Melds((), ctx.hval))
    assert evaluate(ctx, c, _Melds((), ctx.hval)).ev > plain.ev


def test_hk_6_calibration_scales_a_hand_by_the_realized_value_table() -> None:
    v = seat_view("13m57m24p68p9s3s1z2z5z")
    c = list(v.concealed)
    info = _Melds((), _Ctx(v).hval)
    plain = evaluate(_Ctx(v), c, info)
    scaled = evaluate(_Ctx(v, calibration=1.0), c, info)
    assert scaled.ev == pytest.approx(plain.ev * REALIZED[0][min(plain.shanten, 5)])
    assert scaled.p == plain.p


def test_hk_5_1_speed_ties_rank_equal_far_discards_by_acceptance() -> None:
    # with every discard counted equal, the far hand's discards go widest acceptance first (as greedy)
    v = seat_view("1357m246p268s13s7z")
    bot = ExpertBot(0)
    bot.speed_ties, bot.tie = True, 1.0
    advice = bot.advise(v, discards_of(v))
    wins = [a.win or 0.0 for a in advice]
    assert wins == sorted(wins, reverse=True)
    assert bot.choose(v, discards_of(v)) == advice[0].action


def test_mcr_5_1_a_hand_one_from_ready_with_no_winnable_hand_a_draw_away_keeps_its_order() -> None:
    """MCR-5.1: 1345779m46p55678s. Discarding 1m, 7m or 9m leaves the hand a tile from ready,
    but no ready hand a draw away has a wait that scores 8 points. The advisor valued all three
    0, as a hopeless hand (so the review read a choice among them as no choice, and any other
    discard as a whole hand's worth better); it now values them as hands two from a winnable
    one, by their improving tiles: 1m, which keeps more of them, first."""
    from hkmj.bots.minimum import ready_in_shape_only
    from hkmj.tui.hints import improving_tiles

    v = seat_view("1345779m46p55678s", rules=MCR)
    advice = {a.action: a for a in ExpertBot(0).advise(v, discards_of(v))}
    c, unseen = list(v.concealed), v.unseen()
    improving = {}
    for x in ("1m", "7m", "9m"):
        c[tile(x)] -= 1
        assert MCR.hand_shanten(c, 0) == 1
        tiles, improving[x] = improving_tiles(c, 0, unseen, knitted=True)
        for t in tiles:  # every ready hand a draw away is ready in shape only (MCR-5.1)
            c[t] += 1
            assert ready_in_shape_only(v, c)
            c[t] -= 1
        c[tile(x)] += 1
        assert advice[discard(tile(x))].value > 0, x
        assert "no ready hand a draw away reaches the minimum" in advice[discard(tile(x))].note
    assert improving["1m"] > improving["7m"] == improving["9m"]
    assert advice[discard(tile("1m"))].value > advice[discard(tile("7m"))].value == advice[discard(tile("9m"))].value


@pytest.mark.parametrize("rules", [HK, CLASSICAL], ids=["hk", "classical"])
def test_hk_5_3_cl_6_a_discards_reason_says_the_hands_distance_over_every_winning_shape(rules: Ruleset) -> None:
    """HK-5.3 (seven pairs), CL-6 (Seven pairs, Thirteen wonders): a hand of five pairs is 1 tile
    from ready as seven pairs, though 3 from four groups and a pair. The reason of a discard gave
    the standard shape's distance alone ("3 tiles from ready; aiming at all pungs…"), where the
    review of the same decision, the hint and the table say the hand's distance
    (:func:`hkmj.hand.knitted.distance_and_waits`): "After the advice: 1 tile from ready", under an
    advisor's "3 tiles from ready". Each discard's reason now opens with the hand's distance."""
    from hkmj.hand.knitted import distance_and_waits

    v = seat_view("11m55m99m22p88p3s7s1z5z", rules=rules)  # five pairs and four single tiles, 14 in all
    checked = 0
    for a in ExpertBot(0).advise(v, discards_of(v)):
        assert isinstance(a.action, Discard)
        after = list(v.concealed)
        after[a.action.tile] -= 1
        s = distance_and_waits(after, 0)[0]
        said = a.note.split(";")[0]
        assert said == ("ready" if s == 0 else f"{s} tile{'s' if s > 1 else ''} from ready"), (a.action, a.note, s)
        checked += 1
    assert checked == 9


@pytest.mark.parametrize("rules", [HK, CLASSICAL], ids=["hk", "classical"])
def test_hk_5_3_cl_6_a_claims_reasons_say_the_hands_distance_over_every_winning_shape(rules: Ruleset) -> None:
    """HK-5.3 (seven pairs), HK-4.3 (pung): offered a 5m, a hand of five pairs and three single
    tiles is 1 tile from ready as seven pairs. Passing read "stay concealed (3 tiles from ready)",
    the standard shape's distance, where the review of the same decision says "After yours: 1 tile
    from ready" (:func:`hkmj.hand.knitted.distance_and_waits`). Passing and each claim now give the
    hand's distance, a claim's after it and the discard it names."""
    from hkmj.hand.knitted import distance_and_waits

    def away(s: int) -> str:
        return "ready" if s == 0 else f"{s} tile{'s' if s > 1 else ''} from ready"

    v = seat_view("11m55m99m22p88p3s7s1z", rules=rules, offered="5m")
    advice = {a.action: a for a in ExpertBot(0).advise(v, [PASS, PUNG])}
    assert distance_and_waits(list(v.concealed), 0)[0] == 1
    assert advice[PASS].note == f"stay concealed ({away(1)})", advice[PASS].note
    note = advice[PUNG].note
    if note.startswith("pung, then discard "):  # a pung worth playing names its discard and the distance after
        after = list(v.concealed)
        after[tile("5m")] -= 2
        name_said = note.removeprefix("pung, then discard ").split(" (")[0]
        (d,) = [t for t, n in enumerate(after) if n and name(t) == name_said]
        after[d] -= 1
        assert note.endswith(f"({away(distance_and_waits(after, 1)[0])})"), note
