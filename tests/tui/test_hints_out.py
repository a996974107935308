"""The hint of a ready hand whose every winning tile is already out (HK-1: four of each tile),
and under MCR's minimum (MCR-5.1) of one whose only waits reaching 8 points are all in sight:
the hint measured the shape only and said "ready: one tile from winning", so a player waited
for a tile that no longer exists. It now says the hand is ready but every winning tile is out,
and to change the wait, in English and French, in the terminal and in the server's answer that
the browser words."""

from __future__ import annotations

import pytest

from hkmj.engine import Action, SeatView
from hkmj.engine.actions import discard
from hkmj.engine.testing import QUIET, stacked_hand
from hkmj.rulesets import Ruleset, get_ruleset
from hkmj.server.table import hint_answer
from hkmj.tiles import parse_tiles, tile
from hkmj.tui.hints import describe, hint_for
from hkmj.tui.testing import FixedAdvisor
from hkmj.tui.texts import Texts

HK = get_ruleset("hk")
MCR = get_ruleset("mcr")
DEAD = "123m456m789m11z46p9s"
"""East's 14 tiles: discarding 9 Bamboo leaves a hand ready on 5 Circles only (HK-5.1)."""


def _view(hand14: str, ponds: tuple[str, str, str, str], rules: Ruleset = HK) -> tuple[SeatView, list[Action]]:
    """East's view of ``hand14`` on its first turn, with these tiles in the four ponds (seen by all)."""
    hand = stacked_hand([hand14, *QUIET[1:]], rules=rules)
    view = hand.view(0)
    return view._replace(discards=tuple(tuple(parse_tiles(p)) for p in ponds)), list(hand.legal_actions(0))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_1_a_discard_into_a_wait_whose_four_copies_are_out_is_not_called_ready(lang: str) -> None:
    """HK-1: all four 5 Circles are in the ponds, so the only ready discard (9 Bamboo) waits on
    nothing that can come. The hint said "Your hand is ready: one tile from winning." and "9
    Bamboo → ready · waits 5 Circles"; both now say every winning tile is out."""
    tx = Texts(lang, "hk")
    view, _ = _view(DEAD, ("5p", "5p", "5p", "5p"))
    assert view.unseen()[tile("5p")] == 0
    h = hint_for(view)
    assert h.out
    lines = describe(h, tx)
    assert lines[0] == tx("hint.out"), lines
    assert tx("hint.distance", dist=tx.distance(0)) not in lines
    assert "  " + tx("hint.discard.ready.out", tile=tx.tile(tile("9s")), waits=tx.grouped((tile("5p"),))) in lines, lines
    words = {"en": ("every winning tile is already out", "change your wait"), "fr": ("toutes ses tuiles gagnantes sont sorties", "changez d'attente")}[lang]
    assert all(w in lines[0] for w in words), lines[0]
    # one 5 Circles left to come: ready, as before
    live, _ = _view(DEAD, ("5p", "5p", "5p", ""))
    h = hint_for(live)
    assert not h.out and describe(h, tx)[0] == tx("hint.distance", dist=tx.distance(0))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_1_a_waiting_hand_whose_wait_is_out_says_so(lang: str) -> None:
    """HK-1: South waits on 5 Circles only (123m 456m 789m 111p 5p) while a discard is on offer, and all
    three other 5 Circles are in the ponds: the hint said "ready" with "Waits: 5 Circles (0
    unseen)"; it now says first that every winning tile is out."""
    tx = Texts(lang, "hk")
    hand = stacked_hand([QUIET[0], "123m456m789m111p5p", *QUIET[2:]])
    view = hand.view(1)._replace(discards=((tile("5p"),), (tile("5p"),), (tile("5p"),), ()))
    assert sum(view.concealed) == 13 and view.unseen()[tile("5p")] == 0
    h = hint_for(view)
    lines = describe(h, tx)
    assert lines[0] == tx("hint.out"), lines
    assert tx("hint.waits", tiles=tx.plural("hint.unseen", 0, tile=tx.tile(tile("5p")))) in lines


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_hk_1_the_only_waits_that_score_8_are_all_out(lang: str) -> None:
    """MCR-5.1 with HK-1: discarding East wind leaves 123m 456m 78m 234p 55s, ready on 3m and 6m
    (under 8 points) and 9m (Pure Straight); with all four 9 Characters in sight no wait that can
    win is left. The hint said "ready"; it now says every winning tile is out (not "ready in shape
    only": a wait does reach 8 points)."""
    tx = Texts(lang, "mcr")
    view, _ = _view("123m456m78m234p55s1z", ("9m", "9m", "9m9m", ""), MCR)
    h = hint_for(view)
    assert h.out and not h.short()
    lines = describe(h, tx)
    assert lines[0] == tx("hint.out"), lines
    assert any(line.startswith("  " + tx.tile(tile("1z")) + " → ") and line.strip() == tx("hint.discard.ready.out", tile=tx.tile(tile("1z")), waits=tx.grouped((tile("3m"), tile("6m"), tile("9m")))) for line in lines), lines


def test_hk_1_the_servers_hint_says_the_wait_is_out() -> None:
    """HK-1: the browser's hint words the server's answer, which had no way to tell a ready hand
    whose winning tiles are all out from one that can win: ``out`` is now true after a discard
    into such a wait, false with a copy left, and under MCR's minimum (MCR-5.1) true when the
    only waits reaching 8 points are all in sight (``short`` stays false: one does reach 8)."""
    for ponds, out in ((("5p", "5p", "5p", "5p"), True), (("5p", "5p", "5p", ""), False)):
        view, legal = _view(DEAD, ponds)
        answer = hint_answer(view, legal, FixedAdvisor(discard(tile("9s"))))
        assert answer["waits"] == ["5p"] and answer["shanten"] == 0 and answer["out"] is out, answer
    for ponds, out in ((("9m", "9m", "9m9m", ""), True), (("9m", "9m", "9m", ""), False)):
        view, legal = _view("123m456m78m234p55s1z", ponds, MCR)
        answer = hint_answer(view, legal, FixedAdvisor(discard(tile("1z"))))
        assert answer["waits"] == ["3m", "6m", "9m"] and answer["scoring"] == ["9m"], answer
        assert answer["out"] is out and answer["short"] is False, answer
    # a discard that leaves the hand one from ready has no waits, and nothing is out
    view, legal = _view(DEAD, ("5p", "5p", "5p", "5p"))
    answer = hint_answer(view, legal, FixedAdvisor(discard(tile("4p"))))
    assert answer["waits"] == [] and answer["out"] is False, answer


def test_mcr_5_1_the_servers_hint_after_a_discard_into_waits_under_8_points_is_ready_in_shape_only() -> None:
    """MCR-5.1: of 123m 456m 788m 234p 55s, discarding 8 Characters leaves a wait on 9 Characters
    that reaches 8 points, discarding 7 Characters a wait on 8 Characters and 5 Bamboo that never
    does. Advised the 7 Characters (the advisor values such a hand as one from a winnable wait),
    the answer sent those waits with ``short`` false, measured on the other discard, and the
    browser read "ready: one tile from winning; waits for 8 Characters, 5 Bamboo"; ``short`` is
    now about the hand whose waits are sent."""
    view, legal = _view("123456788m234p55s", ("", "", "", ""), MCR)
    answer = hint_answer(view, legal, FixedAdvisor(discard(tile("7m"))))
    assert answer["waits"] == ["8m", "5s"] and answer["scoring"] == [], answer
    assert answer["short"] is True and answer["out"] is False, answer
    answer = hint_answer(view, legal, FixedAdvisor(discard(tile("8m"))))
    assert answer["scoring"] == ["9m"] and answer["short"] is False, answer


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_1_a_discard_into_a_dead_wait_ranks_as_one_from_ready_in_the_list(lang: str) -> None:
    """HK-1: with all four 5 Circles in the ponds, discarding 9 Bamboo leaves a wait that cannot
    win, which the advisor values as a hand one from ready. The list of best discards ranked it
    first (ready, by shape), above 4 Circles, 6 Circles and East wind, which leave the hand one
    tile from a live ready hand; it now ranks among the one-from-ready discards, after those with
    copies left to come, and its own line still says every winning tile is out."""
    tx = Texts(lang, "hk")
    view, _ = _view(DEAD, ("5p", "5p", "5p", "5p"))
    h = hint_for(view)
    order = [c.tile for c in h.discards]
    dead = order.index(tile("9s"))
    live = [c for c in h.discards if c.shanten == 1 and c.count > 0]
    assert {tile("4p"), tile("6p"), tile("1z")} <= {c.tile for c in live}, h.discards
    assert all(order.index(c.tile) < dead for c in live), order
    assert all(c.shanten >= 1 for c in h.discards[dead + 1 :]), h.discards  # still above the hands two from ready
    lines = describe(h, tx)
    shown = lines[lines.index(tx("hint.discards")) + 1 :]
    why = "  " + tx("hint.discard.ready.out", tile=tx.tile(tile("9s")), waits=tx.grouped((tile("5p"),)))
    assert len(shown) == 4 and shown[-1] == why, shown  # the header speaks of it: its line stays in sight, last
    assert shown[0] == "  " + tx("hint.discard", tile=tx.tile(order[0]), dist=tx.distance(1), unseen=tx.plural("unseen", h.discards[0].count))
    # one 5 Circles left to come: the ready discard is first, as before
    live_view, _ = _view(DEAD, ("5p", "5p", "5p", ""))
    assert hint_for(live_view).discards[0].tile == tile("9s")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_hk_1_a_discard_whose_scoring_waits_are_out_ranks_as_one_from_ready(lang: str) -> None:
    """MCR-5.1 with HK-1: discarding East wind leaves a wait whose only 8-point tile (9 Characters)
    has all four copies in sight; the list ranked it first, above the discards that leave the hand
    one tile from a live ready hand. It now ranks among those, its line saying why."""
    tx = Texts(lang, "mcr")
    view, _ = _view("123m456m78m234p55s1z", ("9m", "9m", "9m9m", ""), MCR)
    h = hint_for(view)
    order = [c.tile for c in h.discards]
    assert order[0] != tile("1z"), h.discards
    assert all(c.shanten == 1 for c in h.discards[: order.index(tile("1z"))]), h.discards
    waits = tx.grouped((tile("3m"), tile("6m"), tile("9m")))
    assert "  " + tx("hint.discard.ready.out", tile=tx.tile(tile("1z")), waits=waits) in describe(h, tx, top=len(order))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_1_the_advised_discard_stays_first_even_into_a_dead_wait(lang: str) -> None:
    """The panel lists the best move's discard first, so that the two agree; a dead wait (HK-1)
    advised stays first, its line saying every winning tile is out."""
    tx = Texts(lang, "hk")
    view, _ = _view(DEAD, ("5p", "5p", "5p", "5p"))
    lines = describe(hint_for(view), tx, best=(discard(tile("9s")), "expert"))
    shown = lines[lines.index(tx("hint.discards")) + 1 :]
    assert shown[0] == "  " + tx("hint.discard.ready.out", tile=tx.tile(tile("9s")), waits=tx.grouped((tile("5p"),))), shown
    assert len(shown) == 4, shown
