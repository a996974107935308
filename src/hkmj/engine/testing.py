"""Helpers for scenario tests and tools: stacked walls, scripted play, quiet hands.

Nothing here is used by the engine itself.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from hkmj.engine.actions import PASS, Action, Discard, parse_action
from hkmj.engine.play import Player
from hkmj.engine.state import Event, Hand, Phase
from hkmj.engine.state import _keys as suit_keys
from hkmj.engine.view import SeatView
from hkmj.engine.wall import LIVE_START, draw_order, physical_from_order, stacked_wall
from hkmj.tiles import N_KINDS, Tile, seat_index

__all__ = [
    "QUIET",
    "act",
    "discard_turns",
    "inputs",
    "permuted_turns",
    "permuted_wall_twins",
    "play_quietly",
    "script",
    "shuffle_hidden",
    "snapshot",
    "stacked_hand",
    "tsumogiri",
]

QUIET: tuple[str, str, str, str] = (
    "147m258p369s12345z",
    "258m369p147s1234z",
    "369m147p258s1567z",
    "147m258p369s2345z",
)
"""Four dealt hands that can never claim from each other under Hong Kong and classical rules: no
pairs, and no two tiles of a suit within two steps, so no pung, chow or win is possible while they
discard what they draw. Under MCR they are knitted hands (MCR-5.2.4): East's 14 tiles win at once
and the others wait on honours."""


def stacked_hand(
    hands: Sequence[str | Sequence[Tile]] = QUIET,
    draws: str | Sequence[Tile | None] = (),
    replacements: str | Sequence[Tile] = (),
    dice: Sequence[int] = (1, 1, 1),
    fill_seed: int = 0,
    **options: Any,
) -> Hand:
    """A :class:`Hand` dealt from :func:`~hkmj.engine.wall.stacked_wall` (same arguments; the
    ``rules`` option decides where replacements are stacked)."""
    rules = options.get("rules")
    wall = stacked_wall(hands, draws, replacements, dice, fill_seed, dead_wall=rules is None or rules.dead_wall > 0)
    return Hand(wall, dice, **options)


def permuted_wall_twins(seed: int, players: Sequence[Player], plies: int) -> tuple[Hand, Hand]:
    """Two hands of deal ``seed`` whose live-wall tiles beyond the first draws are shuffled
    differently, both played the same ``plies`` actions (chosen by ``players`` on the first):
    everything a seat can see is equal, the hidden future draws are not. For tests that a bot
    reads its view only."""
    first = Hand.from_seed(seed)
    order = draw_order(first.wall, sum(first.dice))
    # the playing tiles among draw positions 100-114, far from the front (draws) and from the
    # back (replacements), shuffled in place; bonus tiles keep their positions
    spots = [i for i in range(100, LIVE_START - 15) if order[i] < N_KINDS]
    tiles = [order[i] for i in spots]
    random.Random(seed).shuffle(tiles)
    other_order = list(order)
    for i, t in zip(spots, tiles, strict=True):
        other_order[i] = t
    second = Hand(physical_from_order(other_order, sum(first.dice)), first.dice)
    for _ in range(plies):
        if first.over:
            break
        seat = first.pending()[0]
        a = players[seat].choose(first.view(seat), first.legal_actions(seat))
        first.apply(seat, a)
        second.apply(seat, a)
    return first, second


def discard_turns(seed: int, players: Sequence[Player]) -> list[tuple[SeatView, Sequence[Action]]]:
    """The view and legal actions of every turn with a choice of discards (HK-3.2) in deal
    ``seed`` played out by ``players``. For tests that question a bot at real positions."""
    hand = Hand.from_seed(seed)
    out: list[tuple[SeatView, Sequence[Action]]] = []
    while not hand.over:
        seat = hand.pending()[0]
        v, legal = hand.view(seat), hand.legal_actions(seat)
        if v.phase == "turn" and sum(isinstance(a, Discard) for a in legal) > 1:
            out.append((v, legal))
        hand.apply(seat, players[seat].choose(v, legal))
    return out


def permuted_turns(
    seed: int, players: Sequence[Player], plies: Iterable[int]
) -> list[tuple[SeatView, Sequence[Action], SeatView, Sequence[Action]]]:
    """For each count of ``plies`` (until the hand is over): the pending seat's view and legal
    actions in both hands of :func:`permuted_wall_twins`, whose hidden draws differ. For tests
    that a bot's advice is the same in both (it reads its view only)."""
    out: list[tuple[SeatView, Sequence[Action], SeatView, Sequence[Action]]] = []
    for n in plies:
        a, b = permuted_wall_twins(seed, players, n)
        if a.over:
            break
        seat = a.pending()[0]
        out.append((a.view(seat), a.legal_actions(seat), b.view(seat), b.legal_actions(seat)))
    return out


def act(hand: Hand, line: str) -> list[Event]:
    """Apply one scripted line ``"<seat letter> <action text>"``, e.g. ``"S chow 345s"``."""
    seat_text, _, action_text = line.strip().partition(" ")
    return hand.apply(seat_index(seat_text.upper()), parse_action(action_text))


def script(hand: Hand, lines: Iterable[str]) -> list[Event]:
    """Apply scripted lines in order; return all the events they caused."""
    out: list[Event] = []
    for line in lines:
        out.extend(act(hand, line))
    return out


def tsumogiri(hand: Hand) -> list[Event]:
    """The seat on turn discards the tile it just drew (its first tile after a claim)."""
    seat = hand.turn
    t = hand.last_tile
    legal = hand.legal_actions(seat)
    pick = next((a for a in legal if isinstance(a, Discard) and a.tile == t), None)
    if pick is None:
        pick = next(a for a in legal if isinstance(a, Discard))
    return hand.apply(seat, pick)


def play_quietly(hand: Hand, steps: int | None = None, *, until_live: int | None = None) -> None:
    """Every seat on turn discards the tile it just drew (or its first tile) and every claim is
    passed, for ``steps`` actions or until the live wall holds ``until_live`` tiles."""
    n = 0
    while not hand.over and (steps is None or n < steps):
        if until_live is not None and hand.live_count <= until_live and hand.phase is Phase.TURN:
            break
        if hand.phase is Phase.TURN:
            tsumogiri(hand)
        else:
            hand.apply(hand.pending()[0], PASS)
        n += 1


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything observable about a hand, to check that a refused action changed nothing."""
    return (
        len(hand.events),
        hand.phase,
        hand.turn,
        hand.pending(),
        tuple(hand.view(s) for s in range(4)),
        tuple(tuple(hand.legal_actions(s)) for s in range(4)),
        tuple(hand.census()),
        hand.live_wall(),
        hand.dead_wall(),
        hand.result,
    )


def inputs(events: Iterable[Event]) -> list[tuple[int, Action]]:
    """The player inputs recorded in a hand's events: every event with an ``action`` field.

    Re-applying them in order to a hand built from the same wall and dice reproduces the events.
    """
    return [(e["seat"], parse_action(e["action"])) for e in events if "action" in e]


def shuffle_hidden(hand: Hand, keep: Collection[int], rng: random.Random, *, walls: bool = True) -> bool:
    """Shuffle what the seats in ``keep`` may not see, for tests that nothing hidden leaks.

    The concealed playing tiles of every other seat (and, with ``walls``, the playing tiles of
    the live and dead walls) are shuffled among their places: every seat keeps its number of
    tiles, the walls their lengths, bonus tiles their places (they are exposed as soon as they
    are drawn, HK-2.6). The hand's memos of the changed seats are reset. Returns whether any
    tile moved.
    """
    others = [s for s in range(4) if s not in keep]
    pool = [t for s in others for t in range(N_KINDS) for _ in range(hand.hands[s][t])]
    live, dead = hand._live, hand._dead
    places: list[tuple[str, int]] = []
    if walls:
        places = [("live", i) for i in range(hand._head, hand._tail) if live[i] < N_KINDS]
        places += [("dead", i) for i in range(hand._front, len(dead)) if dead[i] < N_KINDS]
    pool += [live[i] if w == "live" else dead[i] for w, i in places]
    before = list(pool)
    rng.shuffle(pool)
    it = iter(pool)
    for s in others:
        counts = [0] * N_KINDS
        for _ in range(sum(hand.hands[s])):
            counts[next(it)] += 1
        hand.hands[s][:] = counts
        hand._keys[s] = suit_keys(hand.hands[s])  # the memos of that seat's hand are stale
        hand._wc[s] = None
        hand._pkeys[s] = [-1, -1, -1, -1]
        hand._fkeys[s] = [-1, -1, -1, -1]
    for w, i in places:
        (live if w == "live" else dead)[i] = next(it)
    hand._turn_legal = None
    return pool != before
