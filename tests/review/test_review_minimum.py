"""``hkmj review`` at an MCR table (issue 14): a ready hand's waits say which reach the 8-point
minimum (MCR-5.1), a hand none of whose waits does is "ready in shape" only, and the decisions
of a dead hand (MCR-5.4) are judged against the safest discard, not a plan to win."""

from __future__ import annotations

from pathlib import Path

import pytest

from hkmj.bots.advice import dead_hand_advice
from hkmj.engine import Discard, Win
from hkmj.engine.testing import QUIET, act, play_quietly, stacked_hand
from hkmj.review import Loaded, analyse, mistake_lines
from hkmj.review_words import words
from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile

MCR = get_ruleset("mcr")
MIXED = "123m456m78m234p55s1z"
"""East discards 1z: waits 3m and 6m (under 8 points) and 9m (Pure Straight, 16+)."""
SHORT = "123m234m567p345s9s1z"
"""East discards 1z: ready on 9s, which scores 7 points (MCR-5.1: no win)."""


def _first(hand14: str, rules: str = "mcr"):  # type: ignore[no-untyped-def]
    hand = stacked_hand([hand14, *QUIET[1:]], rules=get_ruleset(rules))
    act(hand, "E discard 1z")
    play_quietly(hand, 4)
    return analyse(Loaded(list(hand.events)), "E").decisions[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_the_review_says_which_waits_score_8_points(lang: str) -> None:
    """MCR-5.1: "ready on 3 Characters, 6 Characters, 9 Characters" said nothing of the two that
    cannot win; the review now names the one that reaches 8 points."""
    w = words(lang)
    d = _first(MIXED)
    assert d.played == Discard(tile("1z")) and d.minimum == 8
    assert d.waits_after == (tile("3m"), tile("6m"), tile("9m")) and d.scoring_after == (tile("9m"),)
    tiles = ", ".join(w.tile(t) for t in d.waits_after)
    assert d.shape("after", lang) == w("dist.waits.some", tiles=tiles, scoring=w.tile(tile("9m")), min=8, unit=w.tx("unit.points"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_a_hand_whose_waits_all_miss_8_points_is_ready_in_shape_only(lang: str) -> None:
    """MCR-5.1: a hand ready on one 7-point wait was "ready on 9 Bamboo"; it is ready in shape
    only, before the discard (no discard leaves a winning wait) and after it."""
    w = words(lang)
    d = _first(SHORT)
    low = {"min": 8, "unit": w.tx("unit.points")}
    assert d.scoring_after == () and d.short[:2] == (True, True)
    assert d.shape("before", lang) == w("dist.ready.short", **low)
    assert d.shape("after", lang) == w("dist.waits.short", tiles=w.tile(tile("9s")), **low)


def test_hong_kong_keeps_ready_on_its_waits() -> None:
    """HK-6 has no minimum: the same hand is simply ready on its wait."""
    d = _first(SHORT, "hk")
    assert d.minimum == 0 and d.short == (False, False, False)
    assert d.shape("after") == words().distance(0, (tile("9s"),))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_4_a_dead_hands_decisions_are_judged_against_the_safest_discard(lang: str) -> None:
    """MCR-5.4: after East's false Mahjong its hand is dead; its decisions were valued against the
    advisor's plan to win (a loss for not building a hand that cannot win); they are now valued
    against the safest discard (:func:`~hkmj.bots.advice.dead_hand_advice`), never a Mahjong, and
    the review says the hand cannot win, in English and French."""
    hand = stacked_hand([MIXED, *QUIET[1:]], rules=MCR)
    act(hand, "E mahjong")
    assert hand.dead_hands[0] and not hand.over
    view, legal = hand.view(0), hand.legal_actions(0)
    expected = dead_hand_advice(view, legal)
    play_quietly(hand, 12)
    r = analyse(Loaded(list(hand.events)), "E")
    false, d = r.decisions[0], r.decisions[1]  # the false Mahjong itself is a decision (its penalty), not yet dead
    assert isinstance(false.played, Win) and not false.dead and false.mine.value < 0
    assert d.dead == "MCR-5.4"
    assert [a.action for a in d.advice] == [a.action for a in expected]
    assert all(d.dead and not any(isinstance(a.action, Win) for a in d.advice) for d in r.decisions[1:])
    w = words(lang)
    assert d.shape("after", lang) == w("dist.dead", rule="MCR-5.4")
    assert w.note(d.best.note) is not None and "MCR-5.4" in (w.note(d.best.note) or "")
    assert "MCR-5.4" in " ".join(mistake_lines(d, 1, lang=lang))


def test_mcr_5_2_a_knitted_hand_is_ready_in_the_review() -> None:
    """MCR-5.2.4: after discarding 9m, 147m258p36s12345z waits on 9s, 6z and 7z (honours and
    knitted tiles); the review called it 6 tiles from ready."""
    d = _first_discard("147m258p36s12345z9m", "9m")
    assert d.shanten_after == 0 and d.waits_after == (tile("9s"), tile("6z"), tile("7z")) == d.scoring_after
    assert d.shape("after") == words().distance(0, d.waits_after, d.scoring_after, 8, "points")


def _first_discard(hand14: str, t: str):  # type: ignore[no-untyped-def]
    hand = stacked_hand([hand14, *QUIET[1:]], rules=MCR)
    act(hand, f"E discard {t}")
    play_quietly(hand, 4)
    return analyse(Loaded(list(hand.events)), "E").decisions[0]


def test_mcr_5_2_the_review_advises_the_discard_into_a_knitted_wait() -> None:
    """MCR-5.2.4: the review's advisor measured standard shapes only and advised White dragon
    (the hand "6 tiles from ready" after it) over 9 Characters, which makes 147m258p36s12345z ready
    on 9s, 6z and 7z. It now advises 9 Characters, and playing it is no mistake."""
    d = _first_discard("147m258p36s12345z9m", "9m")
    assert d.best.action == Discard(tile("9m")) and d.agrees and d.loss == 0
    assert d.shanten_advised == 0
    d = _first_discard("147m258p36s12345z9m", "5z")
    assert d.best.action == Discard(tile("9m")) and not d.agrees


def test_a_win_chance_is_never_shown_above_certainty() -> None:
    """The advisor's model can rate a ready hand with many winning tiles above 1 (the strong
    bot's p_win grows with them, up to 1.8 × its base); the review printed "win chance 0% instead
    of 116%". Short of a win (Mahjong: exactly 1) a chance is shown as at most 99%, in English
    and French; a chance of nothing stays 0%."""
    from hkmj.review_words import words

    en, fr = words("en"), words("fr")
    assert en.pct(1.16) == "99%" and fr.pct(1.16) == "99\u00a0%"
    assert en.pct(1.0) == "100%" and en.pct(0.25) == "25%" and en.pct(0.0) == "0%" and en.pct(None, "–") == "–"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_6_25_the_review_says_which_waits_score_8_only_self_drawn(lang: str) -> None:
    """MCR-5.1 with MCR-6.12/MCR-6.25: after discarding 1z, 234m456m789m23p55s scores 8 on 4p
    only self-drawn (Fully Concealed Hand) and 1p never. The review said "ready on 1 Circles, 4
    Circles (8+ points on 4 Circles only)"; it now adds that 4p needs a self-draw, as the hint does."""
    w = words(lang)
    d = _first("234m456m789m23p55s1z")
    assert d.waits_after == (tile("1p"), tile("4p")) and d.scoring_after == (tile("4p"),) and d.drawn_after == (tile("4p"),)
    tiles = ", ".join(w.tile(t) for t in d.waits_after)
    four = w.tile(tile("4p"))
    want = w("dist.waits.some.drawn", tiles=tiles, scoring=four, drawn=four, min=8, unit=w.tx("unit.points"))
    assert d.shape("after", lang) == want
    assert ("only self-drawn on " if lang == "en" else "seulement en piochant sur ") + four in want
    d = _first("234m456m789m24p55s1z")  # the one wait, 3p, scores 8 only self-drawn
    three = w.tile(tile("3p"))
    assert d.shape("after", lang) == w("dist.waits.all.drawn", tiles=three, drawn=three, min=8, unit=w.tx("unit.points"))


def test_mcr_6_25_a_wait_scoring_8_on_a_discard_is_not_called_self_drawn_only() -> None:
    """MCR-5.1: 9m scores 16+ on a discard too (Pure Straight): the review's words are unchanged."""
    d = _first(MIXED)
    assert d.drawn_after == () and "self-drawn" not in d.shape("after")


def test_mcr_5_1_a_claim_the_advisor_passes_is_valued_by_the_hand_it_leaves(tmp_path: Path) -> None:
    """MCR-5.1: the expert passes a pung or chow that leaves no winnable ready hand, but the review
    valued that claim at 0 points and a 0% chance to win, so punging a dragon two tiles from ready
    read as losing the whole hand's value (-12.17 points, the review's biggest "mistake"). The claim
    is now worth the hand after its best discard, at most as much as passing (docs/review.md), and
    the expert still passes it."""
    from hkmj.cli import main
    from hkmj.engine import PASS, Chow, Pung
    from hkmj.review import load

    record = tmp_path / "m.jsonl"
    assert main(["simulate", "--rules", "mcr", "--hands", "1", "--seed", "5", "--bots", "random,strong,expert,greedy",
                 "--record", str(record), "--quiet"]) == 0
    passed = []
    for d in analyse(load(record), "1").decisions:
        for a in d.advice:
            if isinstance(a.action, (Pung, Chow)) and "would not leave a winnable ready hand" in a.note:
                now = next(x for x in d.advice if x.action == PASS)
                assert a.value <= now.value and d.best.action != a.action
                passed.append(a)
    assert passed and any(a.value > 0 and a.win is not None and a.win > 0 for a in passed)
