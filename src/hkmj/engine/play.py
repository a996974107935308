"""Drivers: let players play a hand or a match (pure: no I/O, no printing)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hkmj.engine.actions import Action
from hkmj.engine.match import Length, Match
from hkmj.engine.player import Player
from hkmj.engine.state import Event, Hand, HandResult
from hkmj.rulesets import Ruleset
from hkmj.scoring.model import reduce_frozen

__all__ = ["MatchResult", "Player", "play_hand", "play_match"]


def _chooser(player: Player, hand: Hand, seat: int) -> Callable[[Sequence[Action]], Action]:
    """``legal -> action`` for ``player`` at ``seat``: its ``choose_blind``, or ``choose`` with a fresh view."""
    blind: Callable[[Sequence[Action]], Action] | None = getattr(player, "choose_blind", None)
    if callable(blind):
        return blind
    choose = player.choose
    view = hand.view
    return lambda legal: choose(view(seat), legal)


def play_hand(hand: Hand, players: Sequence[Player]) -> HandResult:
    """Ask the players (indexed by seat) for actions until the hand ends.

    In a claim window every pending seat answers before anything is resolved (HK-4); a
    player's illegal action raises :class:`~hkmj.engine.state.IllegalAction`.
    """
    return hand.run([_chooser(players[s], hand, s) for s in range(4)])


@dataclass
class MatchResult:
    """The outcome of :func:`play_match`: totals and ranks by player, every hand's result."""

    seed: int
    totals: list[int]
    ranking: list[int]
    hands: list[HandResult] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # copy and pickle, compiled too (its fields in order)


def play_match(
    players: Sequence[Player],
    seed: int,
    *,
    length: Length = "game",
    hands: int | None = None,
    teaching: bool = False,
    ask_all: bool = False,
    max_hands: int | None = None,
    keep_events: bool = True,
    on_events: Callable[[list[Event]], None] | None = None,
    rules: Ruleset | None = None,
) -> MatchResult:
    """Play a seeded match (HK-7) with ``players`` (by player number, before the seat draw).

    ``on_events`` receives each chunk of events as it is produced (the match start, then each
    hand's events followed by its ``totals``, then ``match_end``): a record writer can stream
    them. ``keep_events=False`` keeps memory flat for long self-play runs; without
    ``on_events`` it also lets the hands skip building their events (``Hand(record=False)``:
    same play, same results, only ``result.events`` stays empty). ``rules``: the ruleset
    (default Hong Kong).
    """
    if len(players) != 4:
        raise ValueError("a match needs four players")
    match = Match(seed, length=length, hands=hands, teaching=teaching, ask_all=ask_all, max_hands=max_hands, rules=rules)
    result = MatchResult(seed, [], [])
    chunk = list(match.events)
    record = keep_events or on_events is not None
    while not match.over:
        hand = match.new_hand(record=record)
        by_seat = [players[match.player_at(s)] for s in range(4)]
        result.hands.append(play_hand(hand, by_seat))
        chunk.extend(hand.events)
        chunk.extend(match.finish_hand())
        if on_events is not None:
            on_events(chunk)
        if keep_events:
            result.events.extend(chunk)
        chunk = []
    if chunk:  # a match over before its first hand (none: Match refuses max_hands < 1)
        if on_events is not None:
            on_events(chunk)
        if keep_events:
            result.events.extend(chunk)
    result.totals = list(match.totals)
    result.ranking = match.ranking()
    return result
