"""The match (HK-2.1, HK-7): seat draw, hands, dealer rotation, prevailing wind, totals, ranking.

Rotation, seat changes and length come from the match's ruleset (one for the whole match).

Players are numbered 0..3 in the order they were given; seats (winds) change as the deal
passes. The match owns one ``random.Random(seed)``: it draws the seats, then one seed per
hand, so a match replays from its seed and each hand from its own seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from hkmj.engine.state import Event, Hand, IllegalAction, check_seat, instance_state, set_state
from hkmj.engine.wall import _seeded_wall
from hkmj.rulesets import Ruleset, engine_ruleset
from hkmj.scoring.model import python_echo
from hkmj.tiles import SEAT_LETTERS, Tile

__all__ = ["LENGTHS", "Length", "Match", "ranking"]

Length = Literal["game", "round", "hands"]
LENGTHS: Final[tuple[Length, ...]] = ("game", "round", "hands")
"""``game``: until the North round ends (HK-7.3, at least 16 hands); ``round``: one round
(East prevailing only); ``hands``: a fixed number of hands."""


def ranking(totals: Sequence[int]) -> list[int]:
    """Rank of each player, 1 = best; equal totals share a rank (HK-7.3): ``[10, 30, 10, -50] -> [2, 1, 2, 4]``."""
    return [1 + sum(1 for o in totals if o > t) for t in totals]


class Match:
    """A match of four players: makes each :class:`~hkmj.engine.state.Hand` and settles it (HK-7).

    ``max_hands`` stops a match early whatever its length (useful with bots that rarely win,
    since the dealer keeps the deal on a draw). ``rules`` is the ruleset of every hand
    (default: Hong Kong with the seed's rules); a match never mixes rulesets.
    """

    def __init__(
        self,
        seed: int,
        *,
        length: Length = "game",
        hands: int | None = None,
        teaching: bool = False,
        ask_all: bool = False,
        max_hands: int | None = None,
        rules: Ruleset | None = None,
    ) -> None:
        self.rules: Ruleset = engine_ruleset(rules)  # a name or a class is refused in words
        if length not in LENGTHS:
            raise ValueError(f"length {length!r}: expected one of {', '.join(LENGTHS)}")
        for flag, value in (("teaching", teaching), ("ask_all", ask_all)):
            if type(value) is not bool:  # a record's match_start and hand_start hold it as true or false
                raise ValueError(f"{flag} {value!r}: expected True or False")
        if type(seed) is not int:  # a record's match_start holds it: replay rebuilds the match from it
            raise ValueError(f"seed {seed!r}: expected a whole number")
        if hands is not None and (type(hands) is not int or hands < 1):
            raise ValueError(f"hands {hands!r}: expected a whole number 1 or more, or None")
        if length == "hands" and (hands is None or hands < 1):
            raise ValueError("length 'hands' needs hands >= 1")
        if length != "hands" and hands is not None:  # match_start's hands is null unless length is hands
            raise ValueError(f"hands {hands!r} with length {length!r}: a {length} ends by its passes of the deal (HK-7.3); give length 'hands'")
        if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
            # HK-7: a match plays at least one hand; its record (match_start, then match_end)
            # must be one `hkmj replay` and a referee accept (docs/record-format.md)
            raise ValueError(f"max_hands {max_hands!r}: expected a whole number 1 or more, or None")
        self.seed = seed
        self.length: Length = length
        self.n_hands = hands
        self.teaching = teaching
        self.ask_all = ask_all
        self.max_hands = max_hands
        self.rng = random.Random(seed)
        winds = [0, 1, 2, 3]
        self.rng.shuffle(winds)  # HK-2.1: each player draws a wind
        self.first_wind: tuple[int, ...] = tuple(winds)
        """The wind each player drew (by player); that player sits at that seat for hand 1."""
        self._at_first_seat = [winds.index(s) for s in range(4)]
        self.rotations = 0
        """How many times the deal has passed (HK-7.2)."""
        self.totals = [0, 0, 0, 0]
        """Running totals by player."""
        self.hands_played = 0
        self.hand: Hand | None = None
        self.events: list[Event] = [
            {
                "type": "match_start",
                **self.rules.header(),
                "seed": seed,
                "length": length,
                "hands": hands,
                "max_hands": max_hands,
                "teaching": teaching,
                "ask_all": ask_all,
                "seat_draw": [SEAT_LETTERS[w] for w in winds],
            }
        ]
        """Match-level events (``match_start``, ``totals``, ``match_end``); hand events are in each hand."""

    def __reduce__(self) -> tuple[Any, tuple[int], dict[str, Any]]:
        """Copy and pickle (compiled too): a fresh match given this one's state."""
        return (Match, (self.seed,), instance_state(self))

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        set_state(self, state)

    @property
    def prevailing(self) -> int:
        """HK-7.3: East for the first four deals, then South, West, North."""
        return self.rules.prevailing(self.rotations)

    @property
    def dealer(self) -> int:
        """The player who is East in the coming (or current) hand."""
        return self.player_at(0)

    def player_at(self, seat: object) -> int:
        """The player sitting at ``seat`` (0 = East) in the current deal; a seat is a number 0-3, never a bool (HK-2.1)."""
        return self.rules.player_at(self._at_first_seat, self.rotations, check_seat(seat))

    def seat_of(self, player: object) -> int:
        """The seat wind of ``player`` (a player number 0-3, never a bool) in the current deal (HK-2.1)."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < 4:
            raise IllegalAction(f"player {python_echo(player)}: expected a player number 0-3")
        return next(s for s in range(4) if self.player_at(s) == player)

    @property
    def over(self) -> bool:
        if self.max_hands is not None and self.hands_played >= self.max_hands:
            return True
        if self.length == "hands":
            assert self.n_hands is not None
            return self.hands_played >= self.n_hands
        return self.rotations >= (self.rules.game_rotations if self.length == "game" else 4)

    def ranking(self) -> list[int]:
        """Rank by player (1 = best, ties shared)."""
        return ranking(self.totals)

    def new_hand(self, *, wall: Sequence[Tile] | None = None, dice: Sequence[int] | None = None, record: bool = True) -> Hand:
        """Start the next hand; ``wall`` and ``dice`` override the seeded ones (stacked-wall tests).

        ``record=False``: the hand builds no events (see :class:`~hkmj.engine.state.Hand`); the
        match's own events (``totals``, ``match_end``) are still kept.
        """
        if self.over:
            raise ValueError("the match is over")
        if self.hand is not None and not self.hand.over:
            raise ValueError("finish the current hand first")
        hand_seed = self.rng.getrandbits(63)
        w: Sequence[Tile]
        d: Sequence[int]
        seed: int | None = None
        if wall is None or dice is None:
            w, d = _seeded_wall(hand_seed)
            seed = hand_seed
        else:
            w, d = wall, dice
        players = [self.player_at(s) for s in range(4)]
        info: dict[str, Any] = {"hand": self.hands_played + 1, "players": players, "dealer": players[0]}
        self.hand = Hand(
            w,
            d,
            prevailing=self.prevailing,
            scores=[self.totals[p] for p in players],
            teaching=self.teaching,
            ask_all=self.ask_all,
            seed=seed,
            info=info,
            rules=self.rules,
            record=record,
        )
        return self.hand

    def finish_hand(self) -> list[Event]:
        """Settle the finished current hand (HK-7.1, HK-7.2) and return the match events it caused."""
        hand = self.hand
        if hand is None or hand.result is None:
            raise ValueError("no finished hand to settle")
        res = hand.result
        out: list[Event] = []
        for s in range(4):
            self.totals[self.player_at(s)] += res.payments[s]
        self.hands_played += 1
        if not res.dealer_keeps:
            self.rotations += 1
        out.append(
            {
                "type": "totals",
                "hand": self.hands_played,
                "totals": list(self.totals),
                "dealer_keeps": res.dealer_keeps,
                "next_dealer": self.dealer,
                "next_prevailing": SEAT_LETTERS[self.prevailing],
            }
        )
        self.hand = None
        if self.over:
            out.append(
                {
                    "type": "match_end",
                    "hands": self.hands_played,
                    "totals": list(self.totals),
                    "ranking": self.ranking(),
                    "complete": self.max_hands is None or self._complete(),
                }
            )
        self.events.extend(out)
        return out

    def _complete(self) -> bool:
        if self.length == "hands":
            assert self.n_hands is not None
            return self.hands_played >= self.n_hands
        return self.rotations >= (self.rules.game_rotations if self.length == "game" else 4)
