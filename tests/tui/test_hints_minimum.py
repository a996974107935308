"""The hint under a ruleset with a minimum to win (issue 14, MCR-5.1: 8 points without the
flowers) and for a dead hand (MCR-5.4): "ready" is said only of a hand with a wait that can win,
the waits say which score the minimum, and a dead hand is advised the safest discard, never a
win. Hong Kong and classical tables (no minimum) keep their words."""

from __future__ import annotations

import pytest

from hkmj.bots.advice import dead_hand_advice, make_advisor
from hkmj.bots.strong import danger_table
from hkmj.engine import Discard, Win
from hkmj.engine.actions import discard
from hkmj.engine.testing import QUIET, stacked_hand
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.hints import action_text, best_move, dead_lines, describe, hint_for, safest_discard
from hkmj.tui.texts import Texts

MCR = get_ruleset("mcr")
SHORT = "123m234m567p345s9s1z"
"""East's 14 tiles: discarding 1z or 9s leaves a hand ready in shape whose wait scores 7 points (MCR-5.1)."""
MIXED = "123m456m78m234p55s1z"
"""Discarding 1z leaves 123m456m78m234p55s: waits 3m and 6m (under 8 points) and 9m (Pure Straight, 16+)."""


def _view(hand14: str, rules: object = MCR):  # type: ignore[no-untyped-def]
    hand = stacked_hand([hand14, *QUIET[1:]], rules=rules)
    return hand, hand.view(0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_a_hand_whose_waits_all_miss_8_points_is_ready_in_shape_only(lang: str) -> None:
    """MCR-5.1: the hint said "ready: one tile from winning" of a hand that can never win (its only
    wait scores 7 points); it now says it is ready in shape only, citing the 8-point minimum, and
    each discard that leaves it so says no wait scores 8 points."""
    tx = Texts(lang, "mcr")
    _, view = _view(SHORT)
    h = hint_for(view)
    lines = describe(h, tx)
    assert lines[0] == tx("hint.short", min=8, unit=tx("unit.points"))
    assert "MCR-5.1" in lines[0] and "8" in lines[0]
    assert tx("hint.distance", dist=tx.distance(0)) not in lines
    short = tx("hint.discard.ready.short", tile=tx.tile(tile("1z")), waits=tx.grouped((tile("9s"),)), min=8, unit=tx("unit.points"))
    assert "  " + short in lines


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_the_waits_say_which_score_8_points(lang: str) -> None:
    """MCR-5.1: a discard leaving waits of which one scores 8 points names it; the ready hand
    itself lists its winning wait apart from the two that cannot win."""
    tx = Texts(lang, "mcr")
    hand, view = _view(MIXED)
    h = hint_for(view)
    low = {"min": 8, "unit": tx("unit.points")}
    assert not h.short()
    choice = next(c for c in h.discards if c.tile == tile("1z"))
    assert choice.improving == (tile("3m"), tile("6m"), tile("9m")) and choice.scoring == (tile("9m"),)
    lines = describe(h, tx)
    assert lines[0] == tx("hint.distance", dist=tx.distance(0))
    assert "  " + tx("hint.discard.ready.scoring", tile=tx.tile(tile("1z")), waits=tx.grouped(choice.improving), scoring=tx.grouped((tile("9m"),)), **low) in lines
    hand.apply(0, discard(tile("1z")))
    ready = hint_for(hand.view(0))
    assert ready.scoring == (tile("9m"),)
    lines = describe(ready, tx)
    unseen = dict(ready.waits)
    assert lines[1] == tx("hint.waits.scoring", tiles=tx.plural("hint.unseen", unseen[tile("9m")], tile=tx.tile(tile("9m"))), **low)
    assert lines[2].startswith(tx("hint.waits.short", tiles="", **low).rstrip())
    assert tx.tile(tile("3m")) in lines[2] and tx.tile(tile("6m")) in lines[2] and tx.tile(tile("9m")) not in lines[2]


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_without_a_minimum_the_hint_keeps_its_words(rules: str) -> None:
    """HK-6 (no minimum) and the classical game: any complete hand wins, so a ready discard is
    "ready · waits …" as before, with nothing about a minimum."""
    tx = Texts("en", rules)
    _, view = _view(SHORT, get_ruleset(rules))
    h = hint_for(view)
    assert h.minimum == 0 and not h.short()
    lines = describe(h, tx)
    assert lines[0] == tx("hint.distance", dist=tx.distance(0))
    assert "  " + tx("hint.discard.ready", tile=tx.tile(tile("1z")), waits=tx.grouped((tile("9s"),))) in lines


def test_mcr_5_4_a_dead_hand_is_advised_the_safest_discard_never_a_win() -> None:
    """MCR-5.4: a dead hand cannot win; its advice values each discard by what it may cost (the
    danger table), safest first, win chance 0, and a Mahjong (were one offered) comes last."""
    hand, view = _view(MIXED)
    legal = hand.legal_actions(0)
    advice = dead_hand_advice(view, [*legal, Win()] if not any(isinstance(a, Win) for a in legal) else legal)
    assert isinstance(advice[0].action, Discard) and isinstance(advice[-1].action, Win)
    danger, _ = danger_table(view, view.unseen())
    discards = [a for a in advice if isinstance(a.action, Discard)]
    assert [a.value for a in discards] == sorted((a.value for a in discards), reverse=True)
    assert all(a.value == -danger[a.action.tile] and a.win == 0.0 and "MCR-5.4" in a.note for a in discards)
    assert safest_discard(view, legal) == advice[0].action.tile  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_4_the_dead_hands_hint_says_it_cannot_win_and_names_the_safest_discard(lang: str) -> None:
    """MCR-5.4: the hint of a dead hand says plainly it cannot win, citing the rule, and suggests
    the safest discard (it said only "just discard a tile each turn")."""
    tx = Texts(lang, "mcr")
    hand, view = _view(MIXED)
    legal = hand.legal_actions(0)
    lines = dead_lines(view, legal, tx)
    assert "MCR-5.4" in lines[0] and "HK-" not in lines[0]
    assert lines[1] == tx("hint.safe", tile=tx.tile(safest_discard(view, legal) or 0))
    assert dead_lines(view, [], tx) == [tx("hint.dead")]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_2_a_knitted_hand_is_complete_or_ready_not_6_tiles_away(lang: str) -> None:
    """MCR-5.2.4 (honours and knitted tiles): the hint counted standard shapes only, and said "Your
    hand is 6 tiles from ready" of a complete knitted hand the engine offers Mahjong on; it is
    now complete, and one discard away it is ready on the knitted shape's waits, each scoring 8+."""
    tx = Texts(lang, "mcr")
    hand, view = _view("147m258p369s12345z")
    assert Win() in hand.legal_actions(0)
    assert describe(hint_for(view), tx)[0] == tx("hint.complete")
    _, view = _view("147m258p36s12345z9m")
    h = hint_for(view)
    assert h.shanten == 0
    choice = h.discards[0]
    assert choice.tile == tile("9m") and choice.shanten == 0
    assert choice.improving == (tile("9s"), tile("6z"), tile("7z")) == choice.scoring
    assert describe(h, tx)[0] == tx("hint.distance", dist=tx.distance(0))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_6_25_a_wait_scoring_8_only_self_drawn_is_named_so(lang: str) -> None:
    """MCR-5.1 with MCR-6.12/MCR-6.25: 234m456m789m23p55s scores 8 on 4p only self-drawn (Fully
    Concealed Hand), never on a discard, and 1p not at all: the waits say so apart."""
    tx = Texts(lang, "mcr")
    hand, _ = _view("234m456m789m23p55s1z")
    hand.apply(0, discard(tile("1z")))
    h = hint_for(hand.view(0))
    assert h.scoring == (tile("4p"),) and h.drawn_only == (tile("4p"),)
    lines = describe(h, tx)
    low = {"min": 8, "unit": tx("unit.points")}
    unseen = dict(h.waits)
    assert lines[1] == tx("hint.waits.drawn", tiles=tx.plural("hint.unseen", unseen[tile("4p")], tile=tx.tile(tile("4p"))), **low)
    assert lines[2] == tx("hint.waits.short", tiles=tx.plural("hint.unseen", unseen[tile("1p")], tile=tx.tile(tile("1p"))), **low)
    assert not any(line.startswith(tx("hint.waits.scoring", tiles="", **low).rstrip()) for line in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_2_the_best_move_of_a_hand_one_discard_from_a_knitted_wait_is_that_discard(lang: str) -> None:
    """MCR-5.2.4: the hint said "Best move (the expert bot): discard White dragon" while its own
    list put 9 Characters (ready on 9s, 6z and 7z) first: the advisor measured standard shapes
    only. It now advises 9 Characters, and the panel's first discard is the same tile."""
    tx = Texts(lang, "mcr")
    hand, view = _view("147m258p36s12345z9m")
    legal = hand.legal_actions(0)
    h = hint_for(view)
    move = best_move(view, legal, make_advisor())
    assert move == Discard(tile("9m")) == Discard(h.discards[0].tile)
    lines = describe(h, tx, best=(move, "expert"))
    assert lines[1] == tx("hint.best", bot="expert", action=action_text(Discard(tile("9m")), tx))
    assert tx.tile(tile("9m")) in lines[3]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("hand14", "waits", "drawn"),
    [("234m456m789m23p55s1z", ("1p", "4p"), ("4p",)), ("234m456m789m24p55s1z", ("3p",), ("3p",))],
)
def test_mcr_6_25_a_discard_line_says_when_its_8_points_come_only_self_drawn(lang: str, hand14: str, waits: tuple[str, ...], drawn: tuple[str, ...]) -> None:
    """MCR-5.1 with MCR-6.12/MCR-6.25: discarding 1z leaves waits that score 8 points only
    self-drawn (Fully Concealed Hand); the discard line said "8+ points on 4 Circles" (or "(8+
    points)") as if a discard of it could win. It now says "only self-drawn on …", as the
    waits list of the ready hand does, in the same words as the browser's hint."""
    tx = Texts(lang, "mcr")
    _, view = _view(hand14)
    h = hint_for(view)
    choice = next(c for c in h.discards if c.tile == tile("1z"))
    assert choice.improving == tuple(tile(t) for t in waits) and choice.drawn_only == tuple(tile(t) for t in drawn)
    line = next(x for x in describe(h, tx) if x.startswith("  " + tx.tile(tile("1z"))))
    assert line.endswith(tx("hint.discard.drawn", tiles=tx.grouped(choice.drawn_only))), line
    said = {"en": "only self-drawn on", "fr": "seulement en piochant sur"}[lang]
    assert said in line


def test_mcr_6_25_a_wait_scoring_8_on_a_discard_is_not_called_self_drawn_only() -> None:
    """MCR-5.1: 9m scores 16+ on a discard too (Pure Straight): no "only self-drawn" on its line."""
    tx = Texts("en", "mcr")
    _, view = _view(MIXED)
    h = hint_for(view)
    choice = next(c for c in h.discards if c.tile == tile("1z"))
    assert choice.scoring == (tile("9m"),) and choice.drawn_only == ()
    assert not any("self-drawn" in x for x in describe(h, tx))


def test_mcr_5_1_a_discard_ready_in_shape_only_ranks_as_one_from_ready() -> None:
    """MCR-5.1: of 123456788m 234p 55s, discarding 4 or 7 Characters leaves a wait (8m and 5s) that
    never reaches 8 points; the list ranked both above 5 Bamboo and the other discards one tile from
    a hand that can win. They now rank as one from ready, after those."""
    _, view = _view("123456788m234p55s")
    order = [c.tile for c in hint_for(view).discards]
    assert order[:2] == [tile("8m"), tile("1m")], order  # ready on waits reaching 8 points
    for t in ("4m", "7m"):
        assert order.index(tile(t)) > order.index(tile("5s")), order
