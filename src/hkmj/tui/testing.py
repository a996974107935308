"""Test helper: a :class:`~hkmj.tui.session.Session` (``hkmj play``) played to the end with a bot
in the human's seat, as the terminal would drive it. Used by tests; nothing imports it in play."""

from __future__ import annotations

from hkmj.engine import Player
from hkmj.tui.session import Session

__all__ = ["play_hand", "play_match"]


def play_hand(session: Session, me: Player) -> None:
    """Play the current hand to its end: the bots step, ``me`` answers the human's decisions."""
    while not session.over:
        if session.bots_pending():
            session.step()
        else:
            session.play(me.choose(session.view(), session.legal()))


def play_match(session: Session, me: Player) -> None:
    """Every hand of the match, each started, played by :func:`play_hand` and finished."""
    while not session.match_over:
        session.start_hand()
        play_hand(session, me)
        session.finish_hand()
