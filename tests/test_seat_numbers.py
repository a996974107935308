"""A seat is a number 0-3 (E, S, W, N; HK-2.1): ``True`` is no seat, though Python's bool is an int.

``Win(seat=True)`` used to score as South and ``Hand.play(True, ...)`` to play for South; every
public entry that takes a seat number refuses a bool (and any number out of range) with an
error naming the field, never a traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from hkmj.botproto import redact
from hkmj.cli import main
from hkmj.engine import IllegalAction, Match
from hkmj.engine.testing import stacked_hand
from hkmj.rulesets import get_ruleset
from hkmj.scoring import InvalidHand
from hkmj.scoring.classical import Deal, score_deal
from hkmj.scoring.model import PlayerHand, Win
from hkmj.tiles import parse_tiles, tile

HAND = tuple(parse_tiles("123m456m789m123p55p"))
BAD = [
    ({"seat": True}, "seat True"),
    ({"seat": False}, "seat False"),
    ({"prevailing": True}, "prevailing True"),
    ({"win": "discard", "seat": 0, "discarder": True}, "discarder True"),
    ({"win": "discard", "seat": 1, "discarder": False}, "discarder False"),
    ({"seat": 7}, "seat 7"),
    ({"seat": -1}, "seat -1"),
    ({"prevailing": 4}, "prevailing 4"),
    ({"win": "discard", "discarder": 9}, "discarder"),
]


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize(("fields", "named"), BAD)
def test_hk_2_1_a_bool_or_out_of_range_seat_is_refused_by_every_scorer(rules: str, fields: dict[str, Any], named: str) -> None:
    """HK-2.1 (MCR-2, CL-4): the seat, prevailing wind and discarder of a Win are seat numbers 0-3, never bools.

    The compiled core refuses a bool seat or prevailing wind as the ``Win`` is built (its native
    int fields would read True as 1), pure Python as it is scored: the same error either way."""
    with pytest.raises(InvalidHand, match=named):
        get_ruleset(rules).score(Win(HAND, tile("5p"), **fields))


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_1_a_bool_winning_tile_is_refused_by_every_scorer(rules: str) -> None:
    """HK-1: the winning tile is a tile number; ``True`` (which Python counts as 1, the tile 2m held
    in HAND) is refused, in the compiled core as the ``Win`` is built, in pure Python as it is scored."""
    with pytest.raises(InvalidHand, match=r"(?i)win_tile true is not a tile number"):
        get_ruleset(rules).score(Win(HAND, True))


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("bad", [True, False])
def test_hk_2_1_a_bool_discarder_is_refused_after_the_same_hand_with_a_number(rules: str, bad: bool) -> None:
    """HK-2.1: the scorers remember a hand's context once checked; a discarder ``True`` must not
    pass as the discarder 1 of the same hand scored before (the compiled core read it as 1 there)."""
    rule = get_ruleset(rules)
    rule.score(Win(HAND, tile("5p"), "discard", seat=2, discarder=int(bad)))
    with pytest.raises(InvalidHand, match=f"discarder {bad}"):
        rule.score(Win(HAND, tile("5p"), "discard", seat=2, discarder=bad))


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_2_1_a_seat_as_a_number_still_scores(rules: str) -> None:
    """HK-2.1: South as 1 scores, from East's discard (the refusal above is of bools only)."""
    out = get_ruleset(rules).score(Win(HAND, tile("5p"), "discard", seat=1, discarder=0))
    assert out.payments[1] > 0 and out.payments[0] < 0


@pytest.mark.parametrize(("fields", "named"), [({"winner": True}, "winner True"), ({"winner": 5}, "winner 5"),
                                               ({"prevailing": True}, "prevailing True"), ({"prevailing": 4}, "prevailing 4"),
                                               ({"win": "discard", "discarder": True}, "discarder True")])
def test_cl_4_a_classical_deal_takes_seat_numbers_only(fields: dict[str, Any], named: str) -> None:
    """CL-4 (seats E S W N = 0-3): a Deal built in Python with a bool or out-of-range seat is refused.

    The compiled core refuses a bool as the ``Deal`` is built (its native int fields read
    ``winner=True`` as South, which scored), pure Python as it is scored: the same error."""
    hands = (None, PlayerHand(HAND), None, None)
    with pytest.raises(InvalidHand, match=named):
        score_deal(Deal(hands, **{"winner": 1, "win_tile": tile("5p"), **fields}))


def test_hk_2_1_the_engine_takes_no_bool_seat() -> None:
    """HK-2.1: ``Hand.play(True, ...)`` is refused (it used to play for South), naming the seat."""
    hand = stacked_hand(ask_all=True)
    legal = hand.legal_actions(0)
    for bad in (True, False):
        with pytest.raises(IllegalAction, match=f"seat {bad}"):
            hand.play(bad, legal[0])
        with pytest.raises(IllegalAction, match=f"seat {bad}"):
            hand.apply(bad, legal[0])
    hand.play(0, legal[0])
    assert hand.turn == 0 and len(hand.pending()) == 3


NO_SEATS: list[Any] = [True, False, 4, -1, "1", 1.0, None]


@pytest.mark.parametrize("bad", NO_SEATS, ids=repr)
def test_hk_2_1_the_engine_s_queries_take_no_bool_or_out_of_range_seat(bad: Any) -> None:
    """HK-2.1: ``legal_actions``, ``legal_numbers``, ``can_declare_mahjong`` and ``view`` refuse
    ``True``/``False`` (they read as South/East), a number out of 0-3 and a non-number, naming the seat."""
    hand = stacked_hand(ask_all=True)
    queries = (hand.legal_actions, hand.legal_numbers, hand.can_declare_mahjong, hand.view)
    for query in queries:
        with pytest.raises(IllegalAction, match=r"^seat .*: expected a seat number 0-3 \(East, South, West, North\)$") as refused:
            query(bad)
        assert repr(bad) in str(refused.value)
    assert hand.view(0).seat == 0 and hand.legal_actions(0) and hand.can_declare_mahjong(0)  # East's deal: HK-3.1
    assert hand.legal_actions(1) == () and hand.view(1).to_act is False and not hand.can_declare_mahjong(1)


@pytest.mark.parametrize("bad", [True, False, 4])
def test_hk_2_1_a_match_and_the_bot_protocol_take_no_bool_seat(bad: Any) -> None:
    """HK-2.1: ``Match.player_at`` and the bot protocol's ``redact`` refuse a bool seat (``redact``
    used to tell a bot its seat was ``true``)."""
    match = Match(3)
    with pytest.raises(IllegalAction, match=f"seat {bad!r}"):
        match.player_at(bad)
    assert sorted(match.player_at(s) for s in range(4)) == [0, 1, 2, 3]
    with pytest.raises(IllegalAction, match=f"player {bad!r}: expected a player number 0-3"):
        match.seat_of(bad)  # it was a StopIteration for 4, and True read as player 1
    assert [match.seat_of(match.player_at(s)) for s in range(4)] == [0, 1, 2, 3]
    hand = stacked_hand()
    start = hand.events[0]
    with pytest.raises(IllegalAction, match=f"seat {bad!r}"):
        redact(start, bad)
    told = redact(start, 1)
    assert told is not None and told["seat"] == 1 and told["seat"] is not True


@pytest.mark.parametrize("bad", [True, False, 4])
def test_hk_2_1_the_observation_encoder_takes_no_bool_seat(bad: Any) -> None:
    """HK-2.1: ``ViewEncoder.encode_state`` (the environment's planes read from the engine) refuses a bool seat."""
    pytest.importorskip("numpy")
    from hkmj.env.encoding import ViewEncoder

    hand = stacked_hand()
    encoder = ViewEncoder()
    with pytest.raises(IllegalAction, match=f"seat {bad!r}"):
        encoder.encode_state(hand, bad, True, 0)
    encoder.encode_state(hand, 0, True, 0)
    assert (encoder.planes == ViewEncoder().encode(hand.view(0))).all()



def test_bot_match_numbers_its_players_1_to_4_like_the_rest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj bot-match`` numbers players 1-4 in the ``--bot`` order in its table and log lines, as
    ``hkmj simulate`` and records do (it said ``player 0`` for the first); the protocol's ``hello``
    keeps its documented 0-3 ``player`` field."""
    dump = tmp_path / "hello.jsonl"
    crash = tmp_path / "crash.py"
    crash.write_text(f"import sys\nopen({str(dump)!r}, 'w').write(sys.stdin.readline())\nsys.exit(3)\n", encoding="utf-8")
    log = tmp_path / "faults.log"
    args = ["bot-match", "--bot", "random", "--bot", f"{sys.executable} {crash}", "--hands", "1", "--seed", "4", "--log", str(log)]
    assert main(args) == 0
    table = capsys.readouterr().out.splitlines()[2:]
    assert [row.split()[0] for row in table] == ["1", "2", "3", "4"]
    assert table[0].split()[1] == "random" and "crash.py" in table[1] and table[2].split()[1] == "greedy"
    faults = log.read_text(encoding="utf-8")
    assert f"player 2 ({sys.executable} {crash}): exited (code 3)" in faults and "player 1 " not in faults
    assert json.loads(dump.read_text(encoding="utf-8"))["player"] == 1  # the protocol's number, documented 0-3
