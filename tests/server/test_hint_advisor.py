"""The browser's hint (issue 14): the advisor's best action for the player's open decision, from
that player's own view, with the shanten and waits as before; under MCR's 8-point minimum
(MCR-5.1) the waits that reach it, and for a dead hand (MCR-5.4) the safest discard."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from hkmj.bots import GreedyBot
from hkmj.bots.advice import Advisor, dead_hand_advice, hand_after, make_advisor
from hkmj.bots.expert import ExpertBot
from hkmj.engine import Discard, Hand, parse_action
from hkmj.engine.testing import QUIET, act, play_quietly, shuffle_hidden, stacked_hand
from hkmj.hand import shanten, waits
from hkmj.review import Loaded, analyse
from hkmj.rulesets import get_ruleset
from hkmj.server.protocol import TableConfig
from hkmj.server.table import Table, _dead_hands, hint_answer
from hkmj.tiles import tile, tile_str
from hkmj.tui.hints import hint_for


async def first_decision(t: Table, slot: int) -> int | None:
    """Wait until ``slot`` has an open decision (the deal's claim holds released); its seat."""
    seat = None
    for _ in range(500):
        seat = t.seat_of(slot)
        if t.hand is not None and seat is not None and seat in t.decisions and not t._pending:
            break
        await asyncio.sleep(0.01)
    return seat


async def first_discard_decision(t: Table, slot: int) -> int | None:
    """Wait until ``slot`` has an open decision on its own turn (a discard is legal); its seat.
    A claim offered on a bot's discard first is passed (a seated player's claim decision waits
    for them when the table has no timer: in about one deal in eight the player may pung or
    chow before their first turn, and the test then waited for nothing)."""
    seat = None
    for _ in range(3000):  # up to 30 s on a loaded machine
        seat = t.seat_of(slot)
        if t.hand is not None and seat is not None and seat in t.decisions and not t._pending:
            legal = [str(a) for a in t.hand.legal_actions(seat)]
            if any(a.startswith("discard") for a in legal):
                break
            if "pass" in legal:
                await t.act(slot, "pass", t.last_cseq[slot] + 1, t.pseq)
                continue
        await asyncio.sleep(0.01)
    return seat


def test_hint_is_the_advisors_best_action() -> None:
    async def go() -> None:
        cfg = TableConfig(
            slots=[None, "greedy", "greedy", "greedy"], bot_delay=0.0, claim_window=0.0, timer=None, next_delay=600.0
        )
        t = Table("h", cfg, 4321, None)
        t.go_live()
        await t.join(0, "Ann")  # the last human seat taken: the match starts
        try:
            seat = await first_decision(t, 0)
            assert t.hand is not None and seat is not None
            hint = await t.hint(0)
            view, legal = t.hand.view(seat), t.hand.legal_actions(seat)
            assert parse_action(hint["action"]) == make_advisor(1).advise(view, legal)[0].action
            assert hint["shanten"] == shanten(list(view.concealed), len(view.melds[seat]))
        finally:
            t.close()

    asyncio.run(go())


def test_a_hint_is_worked_out_once_per_decision() -> None:
    """The advisor (the expert: up to tens of milliseconds, 0.4 s at MCR) ran on the event loop,
    now in the server's one worker thread: four connections of one seat asking five hints each
    ran it twenty times for one decision, and every table waited. The hint is kept for the
    decision it answers; a new decision gets a new one."""

    class Counting:
        def __init__(self) -> None:
            self.inner, self.calls = make_advisor(1), 0

        def advise(self, view: Any, legal: Any) -> Any:
            self.calls += 1
            return self.inner.advise(view, legal)

    async def go() -> None:
        cfg = TableConfig(slots=[None, "greedy", "greedy", "greedy"], bot_delay=0.0, claim_window=0.0, timer=None, next_delay=600.0)
        t = Table("h", cfg, 4321, None)
        t.go_live()
        await t.join(0, "Ann")
        try:
            seat = await first_discard_decision(t, 0)
            counting = Counting()
            t._advisor = counting
            hints = [await t.hint(0) for _ in range(20)]
            assert counting.calls == 1 and all(h == hints[0] for h in hints)
            assert t.hand is not None and seat is not None
            discard = next(a for a in t.hand.legal_actions(seat) if str(a).startswith("discard"))
            await t.act(0, str(discard), t.last_cseq[0] + 1, t.pseq)
            for _ in range(1000):  # the bots play round to our next decision
                if seat in t.decisions and not t._pending and not t.hand.over:
                    break
                await asyncio.sleep(0.01)
            if seat in t.decisions and not t.hand.over:
                await t.hint(0)
                assert counting.calls == 2
        finally:
            t.close()

    asyncio.run(go())


async def _next_decision(t: Table, slot: int, seat: int) -> bool:
    """Wait until ``seat`` decides again in the same hand (False when the hand ended first)."""
    for _ in range(3000):
        if t.hand is None or t.hand.over:
            return False
        if seat in t.decisions and not t._pending:
            return True
        await asyncio.sleep(0.01)
    return False


async def _ann_at_an_mcr_table() -> Table:
    """A live MCR table of three greedy bots, Ann in slot 0, no timers (MCR-5.4's tests)."""
    cfg = TableConfig(slots=[None, "greedy", "greedy", "greedy"], bot_delay=0.0, claim_window=0.0, timer=None, next_delay=600.0, rules="mcr")
    t = Table("h", cfg, 4321, None)
    t.go_live()
    await t.join(0, "Ann")
    return t


def test_mcr_5_4_a_dead_hands_hint_is_the_safest_discard_and_says_so() -> None:
    """MCR-5.4 at a table that is not a teaching table: after a false Mahjong the seat's hand is
    dead. Its hint was the advisor's plan toward a win, with the distance to ready; it is now the
    safest discard (:func:`~hkmj.bots.advice.dead_hand_advice`), marked ``dead``, with no waits."""

    async def go() -> None:
        t = await _ann_at_an_mcr_table()
        try:
            seat = await first_discard_decision(t, 0)
            assert t.hand is not None and seat is not None
            assert "dead" not in await t.hint(0)
            assert "mahjong" not in [str(a) for a in t.hand.legal_actions(seat)]
            await t.act(0, "mahjong", t.last_cseq[0] + 1, t.pseq)  # a false Mahjong: the hand is dead, play goes on
            assert t.hand.dead_hands[seat] and not t.hand.over
            assert _dead_hands(t.hand.events) == [{"seat": seat, "amount": 10}]  # what the reveal settles, even in a draw
            assert await _next_decision(t, 0, seat)
            hint = await t.hint(0)
            view, legal = t.hand.view(seat), t.hand.legal_actions(seat)
            assert hint["dead"] is True and hint["waits"] == []
            assert parse_action(hint["action"]) == dead_hand_advice(view, legal)[0].action
            assert hint["action"].startswith("discard")
        finally:
            t.close()

    asyncio.run(go())


def test_mcr_5_4_the_reveal_settles_a_dead_hands_fine() -> None:
    """MCR-5.4: a false Mahjong leaves a dead hand; play goes on to the end of the hand, whose
    reveal now lists it (``dead_hands``: the seat and the 10 it pays each other player), so the
    browser can say who pays in a drawn hand (it said "nobody pays")."""

    async def go() -> None:
        t = await _ann_at_an_mcr_table()
        try:
            seat = await first_discard_decision(t, 0)
            assert t.hand is not None and seat is not None
            await t.act(0, "mahjong", t.last_cseq[0] + 1, t.pseq)
            while await _next_decision(t, 0, seat):  # the dead hand plays on: pass, or its first discard
                legal = [str(a) for a in t.hand.legal_actions(seat)]
                await t.act(0, "pass" if "pass" in legal else next(a for a in legal if a.startswith("discard")), t.last_cseq[0] + 1, t.pseq)
            for _ in range(1000):
                if t.tracker is not None and t.tracker.phase == "over":
                    break
                await asyncio.sleep(0.01)
            reveal = json.loads(t.state_text(0))["reveal"]
            assert reveal["dead_hands"] == [{"seat": seat, "amount": 10}], reveal["dead_hands"]
            assert isinstance(reveal["dead"], list)  # the dead wall's tiles keep their own key
        finally:
            t.close()

    asyncio.run(go())


@pytest.mark.parametrize("rules", ["mcr", "hk"])
def test_mcr_5_1_the_hint_names_the_waits_that_score_8_points(rules: str) -> None:
    """MCR-5.1: the hint sent to the browser said "ready" with its waits whatever they scored, and
    on a turn no waits at all; it now gives the waits after the advised discard, and at an MCR
    table the minimum (``min``: 8) and the waits that reach it (``scoring``, from the player's own
    view) and ``short`` for a hand ready in shape only, none of whose waits can win (the advisor
    then plays on toward value). A Hong Kong table (no minimum) sends none of them."""
    advisor = make_advisor(1)
    for hand14, scoring in (("123m234m567p345s9s1z", []), ("123m456m78m234p55s1z", ["9m"])):
        hand = stacked_hand([hand14, *QUIET[1:]], rules=get_ruleset(rules))
        view, legal = hand.view(0), hand.legal_actions(0)
        answer = hint_answer(view, legal, advisor)
        action = parse_action(answer["action"])
        assert action == advisor.advise(view, legal)[0].action and answer["shanten"] == 0
        assert isinstance(action, Discard)
        after = hand_after(view, action)[0]
        ready = shanten(after, 0) == 0
        assert answer["waits"] == ([tile_str(x) for x in waits(after, 0)] if ready else [])
        if rules == "hk":
            assert "min" not in answer and "scoring" not in answer and "short" not in answer and answer["waits"]
            continue
        assert answer["min"] == 8 and answer["scoring"] == scoring and answer["drawn"] == []
        assert answer["short"] is (not scoring)  # every ready discard's wait scores 7 points: ready in shape only


def test_mcr_5_1_a_complete_hand_under_8_points_gets_the_discards_toward_8() -> None:
    """MCR-5.1: a complete hand worth under 8 points cannot win; its hint gave the advised discard
    with no waits at all. It now gives the waits after that discard, as for a hand one tile from
    ready, and which of them reach 8 points (``scoring``)."""
    hand = stacked_hand(["123m789m456p345s77p", *QUIET[1:]], rules=get_ruleset("mcr"))
    view, legal = hand.view(0), hand.legal_actions(0)
    assert "mahjong" not in [str(a) for a in legal]  # complete, under 8
    answer = hint_answer(view, legal, make_advisor(1))
    action = parse_action(answer["action"])
    assert answer["shanten"] == -1 and isinstance(action, Discard)
    after = hand_after(view, action)[0]
    assert shanten(after, 0) == 0 and answer["waits"] == [tile_str(x) for x in sorted(waits(after, 0))] != []
    assert answer["min"] == 8 and set(answer["scoring"]) <= set(answer["waits"])


def test_mcr_5_2_the_hint_of_a_knitted_hand_counts_its_shape() -> None:
    """MCR-5.2.4: the hint sent shanten 6 for a complete honours-and-knitted hand (Mahjong on
    offer); it now sends -1, and 0 for a hand a discard away from waiting on the shape."""
    advisor = make_advisor(1)
    for hand14, sh in (("147m258p369s12345z", -1), ("147m258p36s12345z9m", 0)):
        hand = stacked_hand([hand14, *QUIET[1:]], rules=get_ruleset("mcr"))
        assert hint_answer(hand.view(0), hand.legal_actions(0), advisor)["shanten"] == sh


def test_mcr_6_25_the_hint_names_a_wait_that_scores_8_only_self_drawn() -> None:
    """MCR-5.1 with MCR-6.25: after the advised discard of 1z, 4p scores 8 only self-drawn (Fully
    Concealed Hand) and 1p never: ``scoring`` holds 4p and ``drawn`` says it needs a self-draw."""
    hand = stacked_hand(["234m456m789m23p55s1z", *QUIET[1:]], rules=get_ruleset("mcr"))
    answer = hint_answer(hand.view(0), hand.legal_actions(0), make_advisor(1))
    assert answer["action"] == "discard 1z" and answer["waits"] == ["1p", "4p"]
    assert answer["scoring"] == ["4p"] and answer["drawn"] == ["4p"] and answer["short"] is False


@pytest.mark.parametrize("hand14", ["234m456m789m23p55s1z", "234m456m789m24p55s1z", "123m456m78m234p55s1z"])
def test_mcr_6_25_browser_terminal_and_review_agree_on_the_self_drawn_only_waits(hand14: str) -> None:
    """MCR-5.1 with MCR-6.25: the waits of the advised discard that score 8 points only self-drawn
    are the same in the browser's hint (``drawn``), the terminal's discard line and ``hkmj
    review``: one measure (:func:`hkmj.bots.minimum.scoring_split`)."""
    hand = stacked_hand([hand14, *QUIET[1:]], rules=get_ruleset("mcr"))
    answer = hint_answer(hand.view(0), hand.legal_actions(0), make_advisor(1))
    assert answer["action"] == "discard 1z"
    terminal = next(c for c in hint_for(hand.view(0)).discards if c.tile == tile("1z"))
    act(hand, "E discard 1z")
    play_quietly(hand, 4)
    review = analyse(Loaded(list(hand.events)), "E").decisions[0]
    assert answer["drawn"] == [tile_str(t) for t in terminal.drawn_only] == [tile_str(t) for t in review.drawn_after]


def _searching(seed: int) -> Advisor:
    """The expert with its Monte-Carlo searches on (off by default, docs/bots.md): deals sampled."""
    bot = make_advisor(seed)
    assert isinstance(bot, ExpertBot)
    bot.search_claims = bot.search_discards = True
    return bot


@pytest.mark.parametrize(("rules", "advisor"), [("hk", make_advisor), ("hk", _searching), ("mcr", make_advisor), ("classical", make_advisor)])
def test_hk_1_a_hint_reads_only_the_asking_seats_view_whoever_asked_before(rules: str, advisor: Callable[[int], Advisor]) -> None:
    """HK-1, HK-2.2, HK-4: a table keeps one advisor for every seat's hints. At sampled decisions
    the hint (and every action's advice, in order) of that table advisor, after it advised every
    seat at every decision before, equals a fresh advisor's on a twin hand where the tiles the
    seat cannot see (the other seats' concealed tiles, both walls) are shuffled: no hint depends
    on hidden tiles, nor on what another seat asked before (the search deals only the unseen)."""
    rng = random.Random(41)
    shared = advisor(1)  # as Table.hint makes it
    checked = moved = 0
    for seed in (3, 8, 13):
        hand = Hand.from_seed(seed, rules=get_ruleset(rules))
        players = [GreedyBot(seed + s) for s in range(4)]
        while not hand.over:
            seat = hand.pending()[0]
            view, legal = hand.view(seat), hand.legal_actions(seat)
            if not view.dead_hand:
                mine = shared.advise(view, legal)  # the table's advisor, asked by every seat in turn
                if len(legal) > 1 and rng.random() < 0.35:
                    twin = copy.deepcopy(hand)
                    moved += shuffle_hidden(twin, {seat}, rng)
                    fresh = advisor(1)
                    assert fresh.advise(twin.view(seat), twin.legal_actions(seat)) == mine, (rules, seed, seat)
                    assert hint_answer(twin.view(seat), twin.legal_actions(seat), fresh) == hint_answer(view, legal, shared)
                    checked += 1
            hand.apply(seat, players[seat].choose(view, legal))
    assert checked > 20 and moved > 20
