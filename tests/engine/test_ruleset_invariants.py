"""The engine's invariants under EVERY ruleset, not only Hong Kong with its seed rules.

tests/engine/test_engine_properties.py checks them at the default Hong Kong table; this file
plays random legal hands (hypothesis, derandomized) under MCR, the classical rules and Hong Kong
with house options too, and checks at every step:

* tile conservation: live wall + dead wall + hands + melds + discards + bonus tiles are the
  144-tile set (HK-1, MCR-1, CL-1), the dead wall keeps the ruleset's size while the live wall
  lasts (HK-2.7: 14; MCR-3: none);
* payments sum to zero (HK-6, MCR-8, CL-7.6), and the classical settlement is CL-7's every player
  with every other, recomputed here from the players' scores;
* a seat's view, and what the bot protocol tells that seat (``view_json``, ``request``,
  ``redact``), never depends on another seat's concealed tiles or the order of the walls
  (HK-1, HK-4);
* every listed action applies, and an action not listed is refused with a clear error and the
  state unchanged (HK-3, HK-4, HK-5.7: only a Mahjong declaration outside the list is judged);
  a bot's reply naming a listed text is that action, one naming another is refused;
* a match's record replays to the same events and final totals (HK-7, docs/records.md).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hkmj.botproto import BadReply, parse_reply, redact, request, view_json
from hkmj.bots import GreedyBot, RandomBot
from hkmj.engine import (
    ADDED,
    CONCEALED,
    FROM_DISCARD,
    PASS,
    PUNG,
    WIN,
    Action,
    Hand,
    IllegalAction,
    Phase,
    Player,
    SeatView,
    play_match,
)
from hkmj.engine.actions import chow, discard, kong
from hkmj.engine.testing import inputs, shuffle_hidden, snapshot
from hkmj.record import replay
from hkmj.rulesets import Ruleset, get_ruleset
from hkmj.tiles import N_KINDS

FULL = [4] * 34 + [1] * 8
RULESETS: dict[str, tuple[str, dict[str, str]]] = {
    "hk": ("hk", {}),
    "hk-house": ("hk", {"minfan": "3", "limit": "8", "table": "half", "payment": "half-shooter", "base": "2"}),
    "mcr": ("mcr", {}),
    "classical": ("classical", {}),
    "classical-pay-highest": ("classical", {"pay_highest": "on", "limit": "500"}),
}
NAMES = list(RULESETS)
seeds = st.integers(0, 2**63 - 1)


def _rules(name: str) -> Ruleset:
    ruleset, options = RULESETS[name]
    return get_ruleset(ruleset, options)


class Bluffer:
    """A player that now and then declares Mahjong where one may be declared without a winning
    hand (HK-5.7, MCR-5.4 dead hand, CL-7.7), else plays as ``inner``."""

    def __init__(self, inner: Player, seed: int, rate: float = 0.01) -> None:
        self.inner, self.rng, self.rate = inner, random.Random(seed), rate

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        may = view.drawn is not None or (view.phase != "turn" and view.to_act)
        if may and WIN not in legal and not view.dead_hands[view.seat] and self.rng.random() < self.rate:
            return WIN
        return self.inner.choose(view, legal)


def _players(seed: int) -> list[Player]:
    return [
        Bluffer(GreedyBot(seed), seed),
        RandomBot(seed),
        Bluffer(GreedyBot(seed + 1), seed + 1),
        Bluffer(RandomBot(seed + 1), seed + 2),
    ]


# ---------------------------------------------------------------- tile conservation, zero sums


def _check_classical_settlement(hand: Hand) -> None:
    """CL-7: the winner is paid his score by each other player, non-winners pay each other the
    difference, East's amounts double; with ``pay_highest`` (CL-7.4) the winner pays twice the
    difference to a higher score instead. Recomputed from the players' scores, by seat."""
    res = hand.result
    assert res is not None and res.outcome is not None
    detail = res.outcome.detail
    scores = [p.score for p in detail.players]
    w = res.seat
    assert w == detail.winner_seat
    highest = hand.rules.options["pay_highest"] == "on"
    pay = [0, 0, 0, 0]

    def transfer(payer: int, payee: int, amount: int) -> None:
        east = 2 if 0 in (payer, payee) else 1  # CL-7.3 (seat 0 is East in a hand)
        pay[payer] -= east * amount
        pay[payee] += east * amount

    for s in range(4):
        if s == w:
            continue
        if highest and scores[s] > scores[w]:
            transfer(w, s, 2 * (scores[s] - scores[w]))
        else:
            transfer(s, w, scores[w])
        for o in range(s + 1, 4):
            if o != w and scores[s] != scores[o]:
                lo, hi = (s, o) if scores[s] < scores[o] else (o, s)
                transfer(lo, hi, scores[hi] - scores[lo])
    assert tuple(pay) == res.payments, (scores, w, res.payments)


def _play_checked(hand: Hand, players: Sequence[Player]) -> None:
    """Play ``hand`` to its end, checking conservation and the views after every action."""
    dead_wall = hand.rules.dead_wall
    while not hand.over:
        assert hand.census() == FULL
        if hand.live_count:
            assert hand.dead_count == dead_wall
        views = [hand.view(s) for s in range(4)]
        public = [v._replace(seat=None, to_act=None, concealed=None, drawn=None) for v in views]
        assert all(p == public[0] for p in public)
        for s, v in enumerate(views):
            assert v.concealed == tuple(hand.hands[s]) and v.concealed_counts[s] == sum(hand.hands[s])
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        assert legal
        hand.apply(seat, players[seat].choose(views[seat], legal))
    assert hand.census() == FULL
    res = hand.result
    assert res is not None and res.kind in ("win", "draw", "penalty")
    assert sum(res.payments) == 0
    assert hand.events[-1]["type"] == "hand_end" and hand.events[-1]["payments"] == list(res.payments)
    if res.kind == "win" and hand.rules.name == "classical":
        _check_classical_settlement(hand)
    if res.kind == "draw" and hand.rules.name == "classical":
        assert res.payments == (0, 0, 0, 0)  # CL-7.5


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=seeds)
def test_every_step_keeps_the_144_tiles_and_every_hand_settles_to_zero(name: str, seed: int) -> None:
    """HK-1, MCR-1, CL-1 (the tile set); HK-6, MCR-8, CL-7 (payments sum to zero, CL-7 settlement)."""
    _play_checked(Hand.from_seed(seed, rules=_rules(name), ask_all=seed % 2 == 0), _players(seed))


@pytest.mark.parametrize("name", NAMES)
def test_the_checks_meet_wins_draws_and_false_mahjongs(name: str) -> None:
    """The checks above are not vacuous: seeded hands of each ruleset end in wins (the CL-7
    settlement recomputed: the winner paid, non-winners paying the difference, and with
    ``pay_highest`` the winner paying a higher score, CL-7.1, CL-7.2, CL-7.4), and false Mahjongs happen: a penalty that ends the hand (HK-5.7,
    CL-7.7), a dead hand that plays on under MCR (MCR-5.4)."""
    kinds: dict[str, int] = {}
    dead = 0
    transfers: set[str] = set()  # CL-7's kinds of payment met
    for seed in range(16):
        hand = Hand.from_seed(seed, rules=_rules(name))
        _play_checked(hand, _players(seed))
        assert hand.result is not None
        kinds[hand.result.kind] = kinds.get(hand.result.kind, 0) + 1
        dead += any(hand.dead_hands)
        if hand.result.kind == "win" and hand.rules.name == "classical":
            transfers |= {t.why for t in hand.result.outcome.detail.transfers}  # type: ignore[union-attr]
    if name == "classical":
        assert transfers == {"mahjong", "difference"}
    if name == "classical-pay-highest":
        assert transfers == {"mahjong", "difference", "pay_highest"}
    assert kinds.get("win", 0) >= 2 and kinds.get("draw", 0) >= 1, kinds
    if name == "mcr":
        assert dead >= 2 and "penalty" not in kinds
    else:
        assert kinds.get("penalty", 0) >= 2 and not dead


# ---------------------------------------------------------------- nothing hidden leaks


def _told(hand: Hand, seat: int) -> tuple[object, ...]:
    """Everything one seat is shown now: its engine view and its bot-protocol request."""
    view = hand.view(seat)
    legal = hand.legal_actions(seat)
    return view, json.dumps(view_json(view)), json.dumps(request(1, view, legal, 0.0))


def _passes(hand: Hand, observer: int) -> tuple[list[dict[str, object]], list[tuple[object, ...]]]:
    """Every seat asked passes, up to the next turn (or the hand's end): the events, and what
    ``observer`` was shown each time it was asked."""
    events: list[dict[str, object]] = []
    asked: list[tuple[object, ...]] = []
    while hand.phase is not Phase.TURN and not hand.over:
        answering = hand.pending()[0]
        if answering == observer:
            asked.append(_told(hand, observer))
        events += hand.apply(answering, PASS)
    return events, asked


@pytest.mark.parametrize("ask_all", [True, False])
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=seeds)
def test_no_view_or_bot_message_depends_on_hidden_tiles(name: str, ask_all: bool, seed: int) -> None:
    """HK-1, HK-4: at every step, each seat's view and bot request are the same with the other
    seats' concealed tiles and both walls shuffled. After a discard, whatever the two other seats
    hold, the observer is asked (and shown) the same, and told the same events (bot protocol,
    ``redact``) up to the next draw: with ``ask_all`` every other seat is asked, without it only
    those with a claim, and nobody is told who else was asked or what they answered (HK-4.7)."""
    rng = random.Random(seed)
    hand = Hand.from_seed(seed, rules=_rules(name), ask_all=ask_all)
    players = _players(seed)
    moved = after = 0
    while not hand.over:
        observer = rng.randrange(4)
        twin = copy.deepcopy(hand)
        moved += shuffle_hidden(twin, {observer}, rng)
        assert _told(twin, observer) == _told(hand, observer), (name, seed, observer)
        seat = hand.pending()[0]
        action = players[seat].choose(hand.view(seat), hand.legal_actions(seat))
        if hand.phase is Phase.TURN and action is not WIN and (not after or rng.random() < 0.3):
            # the same move in a world where the two other seats hold each other's tiles; every
            # seat asked then passes, in each world, up to the next turn's draw
            observer = rng.choice([s for s in range(4) if s != seat])
            twin = copy.deepcopy(hand)
            shuffle_hidden(twin, {seat, observer}, rng, walls=False)
            mine, theirs = hand.apply(seat, action), twin.apply(seat, action)
            if ask_all:
                assert twin.pending() == hand.pending()  # who answers is public: every other seat
            more_mine, asked_mine = _passes(hand, observer)
            more_theirs, asked_theirs = _passes(twin, observer)
            assert asked_mine == asked_theirs, (name, seed, action)
            told = [x for x in (redact(e, observer) for e in mine + more_mine) if x is not None]
            assert told == [x for x in (redact(e, observer) for e in theirs + more_theirs) if x is not None], (name, seed, action)
            assert _told(twin, observer) == _told(hand, observer)
            after += 1
            continue
        if action is WIN and WIN not in hand.legal_actions(seat) and hand.rules.dead_hand:
            # a false Mahjong whose dead hand plays on (MCR-5.4): the others learn nothing of
            # the declarer's concealed tiles, whatever they are
            observer = rng.choice([s for s in range(4) if s != seat])
            twin = copy.deepcopy(hand)
            shuffle_hidden(twin, {observer}, rng, walls=False)
            if WIN not in twin.legal_actions(seat):  # still a false declaration in the twin
                mine, theirs = hand.apply(seat, action), twin.apply(seat, action)
                assert hand.dead_hands[seat] and twin.dead_hands[seat]
                told = [redact(e, observer) for e in mine]
                assert told == [redact(e, observer) for e in theirs], (name, seed, told)
                assert _told(twin, observer) == _told(hand, observer)
                continue
        hand.apply(seat, action)
    assert moved and (after or hand.n_discards == 0)  # the first move of a turn is always compared


# ---------------------------------------------------------------- listed actions apply, others are refused


def _every_action() -> list[Action]:
    out: list[Action] = [PASS, PUNG, WIN]
    out += [discard(t) for t in range(N_KINDS)]
    out += [chow(t) for t in range(27) if t % 9 < 7]
    out += [kong(t, how) for t in range(N_KINDS) for how in (CONCEALED, ADDED, FROM_DISCARD)]
    return out


EVERY_ACTION = _every_action()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=seeds)
def test_every_listed_action_applies_and_any_other_is_refused_with_the_state_unchanged(name: str, seed: int) -> None:
    """HK-3, HK-4 (MCR and classical alike): an action of ``legal_actions`` always applies and
    keeps the tiles; an action outside it is :class:`IllegalAction` with a reason, and the hand is
    as it was, except a Mahjong declaration where one may be declared (HK-5.7, judged)."""
    rng = random.Random(seed)
    hand = Hand.from_seed(seed, rules=_rules(name), ask_all=seed % 2 == 1)
    players = _players(seed)
    refused = 0
    while not hand.over:
        pending = hand.pending()
        for seat in {pending[0], rng.randrange(4)}:  # the seat asked, and any seat (asked or not)
            legal = hand.legal_actions(seat)
            if seat in pending:
                for a in rng.sample(legal, min(2, len(legal))):
                    trial = copy.deepcopy(hand)
                    trial.apply(seat, a)
                    assert trial.census() == FULL
                # a bot's reply naming any listed text is that action (docs/bot-protocol.md)
                texts = request(1, hand.view(seat), legal, 1.0)["legal"]
                assert [parse_reply(json.dumps({"id": 1, "action": x}), 1, legal) for x in texts] == list(legal)
            others = [a for a in EVERY_ACTION if a not in legal and not (a is WIN and hand.can_declare_mahjong(seat))]
            before = snapshot(hand)
            for a in rng.sample(others, 4):
                with pytest.raises(IllegalAction) as err:
                    hand.apply(seat, a)
                assert str(err.value).strip()
                with pytest.raises(BadReply) as bad:  # and a bot naming it is refused, with why
                    parse_reply(json.dumps({"id": 1, "action": str(a)}), 1, legal)
                assert str(a) in str(bad.value)
                refused += 1
            assert snapshot(hand) == before
        seat = pending[0]
        hand.apply(seat, players[seat].choose(hand.view(seat), hand.legal_actions(seat)))
    before = snapshot(hand)
    for seat in range(4):
        with pytest.raises(IllegalAction, match="over"):
            hand.apply(seat, PASS)
    assert snapshot(hand) == before and refused


# ---------------------------------------------------------------- records replay


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=seeds)
def test_a_match_record_replays_to_the_same_events_and_final_totals(name: str, seed: int) -> None:
    """HK-7, docs/records.md: each hand rebuilt from its ``hand_start`` and its recorded inputs
    gives the same events and payments; the totals add up the hands' payments, sum to zero, and
    the whole record replays without a divergence."""
    res = play_match(_players(seed), seed % 1000, length="hands", hands=3, rules=_rules(name), ask_all=seed % 2 == 0)
    events = json.loads(json.dumps(res.events))  # as a record file holds them
    report = replay(events)
    assert report.ok and report.complete and report.hands == 3, report.divergence
    starts = [i for i, e in enumerate(events) if e["type"] == "hand_start"]
    running = [0, 0, 0, 0]  # by player
    for n, i in enumerate(starts):
        end = next(j for j in range(i, len(events)) if events[j]["type"] == "hand_end")
        recorded = events[i : end + 1]
        seated = recorded[0]["players"]  # the player in each seat, E S W N
        assert recorded[0]["scores"] == [running[p] for p in seated]
        hand = Hand.from_start(recorded[0])
        for seat, action in inputs(recorded):
            hand.apply(seat, action)
        assert hand.events == recorded
        assert hand.result is not None and list(hand.result.payments) == recorded[-1]["payments"] == list(res.hands[n].payments)
        for seat, p in enumerate(seated):
            running[p] += hand.result.payments[seat]
        assert events[end + 1]["type"] == "totals" and events[end + 1]["totals"] == running
    assert res.totals == running == events[-1]["totals"] and sum(running) == 0
