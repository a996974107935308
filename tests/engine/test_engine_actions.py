"""Actions: text forms, parsing, and refusal of illegal or out-of-turn actions with the state unchanged."""

from __future__ import annotations

import pytest

from hkmj.engine import (
    ADDED,
    CONCEALED,
    FROM_DISCARD,
    PASS,
    PUNG,
    WIN,
    Action,
    ActionSyntaxError,
    Chow,
    Discard,
    Hand,
    IllegalAction,
    Kong,
    parse_action,
)
from hkmj.engine.actions import chow, discard, kong
from hkmj.engine.testing import QUIET, act, play_quietly, snapshot, stacked_hand
from hkmj.tiles import N_KINDS, tile

ALL_ACTIONS: list[Action] = [PASS, PUNG, WIN]
ALL_ACTIONS += [discard(t) for t in range(N_KINDS)]
ALL_ACTIONS += [kong(t, how) for t in range(N_KINDS) for how in (CONCEALED, ADDED, FROM_DISCARD)]
ALL_ACTIONS += [chow(t) for t in range(27) if t % 9 <= 6]


def test_text_forms_round_trip() -> None:
    for a in ALL_ACTIONS:
        assert parse_action(str(a)) == a
        assert Action.from_text(a.text) == a
    assert [str(a) for a in (discard(tile("5p")), chow(tile("3s")), PUNG, WIN, PASS)] == [
        "discard 5p",
        "chow 345s",
        "pung",
        "mahjong",
        "pass",
    ]


def test_parse_is_lenient_on_case_and_order_but_not_on_content() -> None:
    assert parse_action("  CHOW 534s ") == Chow(tile("3s"))
    assert parse_action("Kong 5555p") == Kong(tile("5p"), FROM_DISCARD)
    assert parse_action("win") == WIN
    assert Discard(tile("1z")) == discard(tile("1z"))  # value equality with the shared instances
    for bad in ("discard", "discard 5x", "discard 1f", "chow 357s", "chow 789s1m", "chow 123z", "hello", "kong 56p",
                "discard 55p", "discard 99999999999999999999m", "kong 555p", "kong 55555p", "added kong 77z"):
        with pytest.raises(ActionSyntaxError):
            parse_action(bad)


CHOW = ["1347m258p369s1234z", "245m369p147s1234z", "2334m147p258s156z", QUIET[3]]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("S discard 2m", "it is E's turn, not S's"),
        ("E discard 7z", "holds no 7z"),
        ("E pung", "no discard is on offer"),
        ("E chow 345m", "no discard is on offer"),
        ("E kong 1m", "no discard is on offer"),
        ("E concealed kong 1m", r"needs four 1m in hand; E holds 1 \(HK-3.3\)"),
        ("E added kong 1m", r"no exposed pung of 1m"),
        ("E pass", "no discard is on offer"),
    ],
)
def test_illegal_actions_on_a_turn_are_refused_with_the_state_unchanged(line: str, reason: str) -> None:
    hand = stacked_hand(CHOW)
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=reason):
        act(hand, line)
    assert snapshot(hand) == before


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("E pass", "cannot claim its own discard"),
        ("N pung", "has no claim on the discard 3m"),
        ("W chow 234m", "only from the player on your left"),
        ("S chow 123m", "needs 12m in hand"),
        ("S chow 456m", "must use the discard 3m"),
        ("S pung", r"a pung needs two 3m in hand \(HK-4.3\)"),
        ("W kong 3m", "a kong from a discard needs three 3m"),
        ("W kong 4m", "the discard on offer is 3m"),
        ("S discard 2m", "first answer the discard 3m"),
        ("S concealed kong 2m", "first answer the discard 3m"),
    ],
)
def test_illegal_claims_are_refused_with_the_state_unchanged(line: str, reason: str) -> None:
    hand = stacked_hand(CHOW)
    act(hand, "E discard 3m")
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=reason):
        act(hand, line)
    assert snapshot(hand) == before


def test_answering_twice_and_acting_after_the_end_are_refused() -> None:
    hand = stacked_hand(CHOW)
    act(hand, "E discard 3m")
    act(hand, "S pass")
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="already answered"):
        act(hand, "S chow 234m")
    assert snapshot(hand) == before
    hand = stacked_hand()
    play_quietly(hand)
    with pytest.raises(IllegalAction, match="the hand is over"):
        act(hand, "E discard 1m")
    with pytest.raises(IllegalAction, match="seat 4: expected a seat number 0-3"):
        hand.apply(4, PASS)
    with pytest.raises(IllegalAction, match="not an action"):
        stacked_hand().apply(0, "discard 1m")  # type: ignore[arg-type]


def test_legal_actions_are_immutable_and_views_are_copies() -> None:
    hand = stacked_hand()
    legal = hand.legal_actions(0)
    assert isinstance(legal, tuple)
    view = hand.view(0)
    assert isinstance(view.concealed, tuple) and view.concealed == tuple(hand.hands[0])


def test_a_records_action_text_is_refused_with_the_call_that_plays_it() -> None:
    """docs/record-format.md "Inputs": a record's `action` field is the action's text; a script
    that passes it to `Hand.apply` as it stands is told to parse it first, and the parsed action
    then plays (the state is unchanged by the refusal). Same at an MCR table (MCR-5.4's dead-hand
    `false_mahjong` carries its `action` too)."""
    from hkmj.rulesets import get_ruleset

    for rules in ("hk", "mcr", "classical"):
        hand = Hand.from_seed(5, rules=get_ruleset(rules))
        seat = hand.pending()[0]
        text = str(hand.legal_actions(seat)[0])
        before = snapshot(hand)
        with pytest.raises(IllegalAction) as refused:
            hand.apply(seat, text)  # type: ignore[arg-type]
        assert str(refused.value) == f"{text!r} is not an action but its text: apply(seat, parse_action({text!r})) plays it"
        assert snapshot(hand) == before
        assert [e["action"] for e in hand.apply(seat, parse_action(text)) if "action" in e] == [text]
    with pytest.raises(IllegalAction, match=r"^42 is not an action$"):
        stacked_hand().apply(0, 42)
