"""The game engine (HK-2 … HK-7): a pure, deterministic state machine any player can drive.

* :class:`Hand` — one hand: deal, turns, claims, kongs, wins, draws, false Mahjong.
* :class:`Match` — seat draw, dealer rotation, prevailing wind, totals, ranking.
* Actions (:mod:`hkmj.engine.actions`) with a text form; :class:`SeatView` per seat.
* :func:`play_hand` / :func:`play_match` drive players; :func:`stacked_wall` fixes a wall for tests.

See docs/engine.md for the state machine and every event's fields.
"""

from hkmj.engine.actions import (
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
    Kong,
    KongKind,
    Pass,
    Pung,
    Win,
    parse_action,
)
from hkmj.engine.match import LENGTHS, Length, Match, ranking
from hkmj.engine.play import MatchResult, Player, play_hand, play_match
from hkmj.engine.state import Event, Hand, HandResult, IllegalAction, Phase, check_seat, resolve_claim
from hkmj.engine.view import SeatView
from hkmj.engine.wall import draw_order, physical_from_order, random_wall, stacked_wall

__all__ = [
    "ADDED",
    "CONCEALED",
    "FROM_DISCARD",
    "LENGTHS",
    "PASS",
    "PUNG",
    "WIN",
    "Action",
    "ActionSyntaxError",
    "Chow",
    "Discard",
    "Event",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Kong",
    "KongKind",
    "Length",
    "Match",
    "MatchResult",
    "Pass",
    "Phase",
    "Player",
    "Pung",
    "SeatView",
    "Win",
    "check_seat",
    "draw_order",
    "parse_action",
    "physical_from_order",
    "play_hand",
    "play_match",
    "random_wall",
    "ranking",
    "resolve_claim",
    "stacked_wall",
]
