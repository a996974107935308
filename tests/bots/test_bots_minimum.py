"""Bots under a ruleset with a minimum (issue 11): MCR's 8 points, Hong Kong's ``minfan``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from hkmj.bots import make_bot
from hkmj.bots.minimum import WaitValues
from hkmj.engine import WIN, Action, Discard, Hand, Player, play_match
from hkmj.engine.match import Match
from hkmj.engine.testing import QUIET, stacked_hand
from hkmj.rulesets import get_ruleset
from hkmj.tiles import counts_of, parse_tiles, tile

MCR = get_ruleset("mcr")


def _view_and_counts(hand13: str):  # type: ignore[no-untyped-def]
    hand = stacked_hand([hand13 + "1z", *QUIET[1:]], rules=MCR)
    return hand.view(0), counts_of(parse_tiles(hand13))


def test_mcr_wait_values_keep_only_waits_reaching_8_points() -> None:
    """MCR-5.1: a 7-point wait is worth nothing; a pure straight (16) is winnable either way."""
    values = WaitValues()
    view, counts = _view_and_counts("123m234m567p345s9s")
    assert values.waits(view, counts) == ((tile("9s"), 0.0, 0.0),)
    assert values.weight(view, counts, view.unseen()) == 0.0
    view, counts = _view_and_counts("123m456m789m123p5m")
    ((t, drawn, claimed),) = values.waits(view, counts)
    assert t == tile("5m") and drawn >= 16 and claimed >= 16
    assert values.weight(view, counts, view.unseen(), by_value=True) > values.weight(view, counts, view.unseen())


def test_hk_minfan_wait_values_read_the_house_option() -> None:
    """``minfan=3``: an all-chows wait (2 fan on a discard) wins only when self-drawn (+1 fan)."""
    hk3 = get_ruleset("hk", {"minfan": "3"})
    hand = stacked_hand(["123m456m789m46s77z1z", *QUIET[1:]], rules=hk3)
    view = hand.view(0)
    ((t, drawn, claimed),) = WaitValues().waits(view, counts_of(parse_tiles("123m456m789m46s77z")))
    assert t == tile("5s") and drawn == 3.0 and claimed == 0.0


def test_mcr_bots_play_whole_matches_and_win_only_from_8_points() -> None:
    """Greedy and strong bots play an MCR game through; every win reaches 8 points."""
    bots = [make_bot(n, i) for i, n in enumerate(("strong", "greedy", "strong", "greedy"))]
    result = play_match(bots, 21, length="round", rules=MCR)
    wins = [e for e in result.events if e["type"] == "win"]
    assert len(result.hands) == 4 and wins
    assert all(e["fan_points"] >= 8 for e in wins)


KNITTED_ONE_AWAY = [
    ("147m258p36s12345z9m", ("9m",)),  # MCR-5.2.4: discarding 9m waits on 9s, 6z and 7z (honours and knitted tiles)
    ("147m258p36s234m11z5m", ("2m", "5m")),  # MCR-5.2.5: discarding 2m or 5m waits on 9s (knitted straight, a chow, a pair)
]


@pytest.mark.parametrize("bot", ["greedy", "strong", "expert"])
@pytest.mark.parametrize(("hand14", "ready"), KNITTED_ONE_AWAY)
def test_mcr_5_2_bots_discard_into_a_knitted_wait(bot: str, hand14: str, ready: tuple[str, ...]) -> None:
    """MCR-5.2.4, MCR-5.2.5: the bots measured hands by the standard shapes only: a discard from
    a knitted wait was "6 tiles from ready" to them, and the expert advised (and played) White
    dragon where 9 Characters makes the hand ready. The ruleset now says which shapes count
    (:meth:`~hkmj.rulesets.Ruleset.hand_shanten`): the bots play, and advise first, a ready discard."""
    hand = stacked_hand([hand14, *QUIET[1:]], rules=MCR)
    view, legal = hand.view(0), hand.legal_actions(0)
    want = {Discard(tile(t)) for t in ready}
    b = make_bot(bot, 0)
    advise = getattr(b, "advise", None)
    if advise is not None:
        advice = advise(view, legal)
        assert advice[0].action in want and advice[0].value > 0
        assert all(a.value < advice[0].value for a in advice if a.action not in want)
    assert b.choose(view, legal) in want


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_knitted_shapes_count_only_where_the_ruleset_says_so(rules: str) -> None:
    """MCR-5.2.4 is no Hong Kong (HK-5) nor classical shape: their distance stays the standard one."""
    counts = counts_of(parse_tiles("147m258p36s12345z"))
    assert get_ruleset("mcr").hand_shanten(counts) == 0 and get_ruleset("mcr").hand_waits(counts) == [tile("9s"), tile("6z"), tile("7z")]
    r = get_ruleset(rules)
    assert r.hand_shanten(counts) == 6 and r.hand_waits(counts) == []


def test_mcr_5_1_the_advisor_gives_no_win_chance_to_a_hand_that_cannot_reach_8_points() -> None:
    """MCR-5.1: discarding 1p or 5s from 123m56m 156778p 5s 44z leaves a hand one tile from ready
    whose ready hands have no wait reaching 8 points: the expert advisor (hint, review) showed the
    shape's chance (33%) beside a value of 0. It then valued it 0 with a chance of 0, as a hopeless
    hand; it now values it as a hand two from a winnable one (value and chance of a hand two from
    ready, below the shape's chance), and says why. The hands two tiles away keep theirs, and a
    seeded MCR game's every advice row agrees: no value of 0 with a chance to win."""
    hand = stacked_hand(["12356m156778p5s44z", *QUIET[1:]], rules=MCR)
    rows = {a.action: a for a in make_bot("expert", 0).advise(hand.view(0), hand.legal_actions(0))}
    for t in ("1p", "5s"):
        row = rows[Discard(tile(t))]
        assert row.value > 0 and row.win is not None and 0 < row.win < 0.33, row
        assert row.note == "1 tile from ready; no ready hand a draw away reaches the minimum", row
    assert rows[Discard(tile("8p"))].win and rows[Discard(tile("8p"))].value > 0
    seen = []

    class Spy:
        def __init__(self, seed: int) -> None:
            self.bot, self.advisor = make_bot("expert", seed), make_bot("expert", 100 + seed)

        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            seen.extend(self.advisor.advise(view, legal))
            return self.bot.choose(view, legal)

    play_match([Spy(i) for i in range(4)], seed=0, rules=MCR, length="hands", hands=1)
    far = [a for a in seen if "no ready hand a draw away reaches the minimum" in a.note]
    assert far and all(a.value > 0 and a.win for a in far)  # the game meets such hands; none is worth 0
    assert not [a for a in seen if a.value <= 0 and a.win], [a for a in seen if a.value <= 0 and a.win][:3]


def _declaring(hand: Hand, seat: int, bot: Player, valued: dict[int, float]) -> Callable[[Sequence[Action]], Action]:
    """``bot`` at ``seat``, but Mahjong whenever it is legal, noting what the advice values it at."""
    from hkmj.bots.strong import _win_payment

    def choose(legal: Sequence[Action]) -> Action:
        view = hand.view(seat)
        if WIN in legal:
            valued[seat] = _win_payment(view)
            return WIN
        return bot.choose(view, legal)

    return choose


@pytest.mark.parametrize(("rules", "options"), [("hk", {"minfan": "3"}), ("mcr", {})])
def test_hk_6_mcr_6_the_advice_for_mahjong_is_what_the_win_pays(rules: str, options: dict[str, str]) -> None:
    """The bots' advice values a legal Mahjong at what the engine then pays this seat, the
    situational flags the table shows included (the last wall tile, the final discard, the last
    tile of its kind, MCR-6.27): at a ``minfan=3`` table a win reaching 3 fan by the last wall
    tile read "the win pays 0", under MCR 8 points short. Only a win on a kong's replacement
    tile, which no view tells, may differ."""
    checked = flagged = 0
    for seed in range(24):
        match = Match(seed=seed, rules=get_ruleset(rules, options), max_hands=4)
        bots = [make_bot("greedy", seed + s) for s in range(4)]
        while not match.over:
            hand = match.new_hand()
            valued: dict[int, float] = {}
            result = hand.run([_declaring(hand, s, bots[s], valued) for s in range(4)])
            match.finish_hand()
            if result.kind != "win":
                continue
            assert result.seat is not None and result.outcome is not None
            win = next(e for e in reversed(hand.events) if e["type"] == "win")
            flagged += bool(win["flags"])
            if "kong_replacement" not in win["flags"]:
                checked += 1
                assert valued[result.seat] == result.outcome.payments[result.seat], win
    assert checked >= 40 and flagged >= 3, (checked, flagged)


def test_hk_minfan_the_expert_claims_no_pung_into_a_hand_whose_waits_cannot_win() -> None:
    """House option ``minfan=3`` (docs/house-options.md; HK-5.7): South holds 1m 22m 555m 57p 99p
    111s and East discards 9p. Pung, then discard 1m, is ready on 6p only, and that win (no
    honours, three suits, no bonus tile) scores under 3 fan even self-drawn: the hand cannot win
    as it stands. The expert's fan model valued the ready hand all the same: it punged, its advice
    (the hint, ``hkmj review``) said "pung, then discard 1 Characters (ready)" with a 45% win chance,
    and the review charged a player who passed with a mistake of several points while its own line
    said "ready in shape, but no wait scores 3 fan". At a ``minfan`` table the claim is now valued
    as passing at most, and passed; without the house minimum the pung stays the advice."""
    from hkmj.engine import PASS, Pung

    for options, want in (({"minfan": "3"}, PASS), ({}, Pung())):
        hand = stacked_hand(["147m258p36s12345z9p", "1m22m555m57p99p111s", *QUIET[2:]], rules=get_ruleset("hk", options))
        hand.apply(0, Discard(tile("9p")))
        view, legal = hand.view(1), hand.legal_actions(1)
        assert set(legal) == {PASS, Pung()}
        advice = make_bot("expert", 0).advise(view, legal)
        assert advice[0].action == want and make_bot("expert", 0).choose(view, legal) == want, options
        if options:
            pung, passing = advice[1], advice[0]
            assert pung.value <= passing.value and pung.win == passing.win
            assert pung.note == "the pung would not leave a winnable ready hand"
