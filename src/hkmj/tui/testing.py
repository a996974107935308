"""Test helper: a :class:`~hkmj.tui.session.Session` (``hkmj play``) played to the end with a bot
in the human's seat, as the terminal would drive it. Used by tests; nothing imports it in play."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hkmj.bots.advice import Advice
from hkmj.engine import PASS, Action, Discard, Player, SeatView
from hkmj.engine.actions import discard
from hkmj.engine.testing import QUIET
from hkmj.engine.wall import stacked_wall
from hkmj.language import joined
from hkmj.rulesets import get_ruleset
from hkmj.tui.session import Session

if TYPE_CHECKING:
    from hkmj.tui.app import PlayApp

__all__ = ["FixedAdvisor", "first_frame", "mcr_flower_win", "play_command", "play_hand", "joined", "play_match", "screen_text"]


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now (``App.run_test``'s pilot): the current screen's rendered
    lines, a modal box's frame included, one string."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def first_frame(app: PlayApp, screen: type[object]) -> list[str]:
    """Record the first frame ``app`` draws with a screen of class ``screen`` on top (its text, as
    :func:`screen_text` reads it): the returned list gets it once drawn. What a terminal shows
    for that instant, before anything the screen does after its first refresh."""
    frames: list[str] = []
    draw = app._display

    def display(on: object, update: object) -> None:
        if not frames and update is not None and isinstance(on, screen) and on is app.screen:
            frames.append(screen_text(app))
        draw(on, update)  # type: ignore[arg-type]

    setattr(app, "_display", display)  # noqa: B010 (a method of the App: drawn through here from now on)
    return frames


class TsumogiriBot:
    """Discards the tile it just drew (else its first tile) and passes every claim: a bot that
    leaves a rigged wall's tiles where a test put them."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase == "turn":
            if view.drawn is not None and discard(view.drawn) in legal:
                return discard(view.drawn)
            return next(a for a in legal if isinstance(a, Discard))
        return PASS


class FixedAdvisor:
    """An advisor (:class:`~hkmj.bots.advice.Advisor`) that advises one fixed action, the others
    after it: for tests of a hint's wording or of a list's order, not of the advice."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.action

    def advise(self, view: SeatView, legal: Sequence[Action]) -> list[Advice]:
        return [Advice(self.action, 1.0), *(Advice(a, 0.0) for a in legal if a != self.action)]


def play_hand(session: Session, me: Player, declare: Callable[[int], bool] | None = None) -> None:
    """Play the current hand to its end: the bots step, ``me`` answers the human's decisions.
    ``declare(n)``, when given and true at the human's ``n``-th decision (from 1), declares
    Mahjong there first, winning or not (a false Mahjong, HK-5.7), as the player may."""
    decisions = 0
    while not session.over:
        if session.bots_pending():
            session.step()
            continue
        decisions += 1
        if declare is not None and declare(decisions) and session.try_mahjong(confirmed=True).done:
            continue
        if not session.over and not session.bots_pending():
            session.play(me.choose(session.view(), session.legal()))


def play_match(session: Session, me: Player, declare: Callable[[int], bool] | None = None) -> None:
    """Every hand of the match, each started, played by :func:`play_hand` and finished."""
    while not session.match_over:
        session.start_hand()
        play_hand(session, me, declare)
        session.finish_hand()


def play_command(argv: Sequence[str], me: Player) -> None:
    """``hkmj play ARGV`` (``--record FILE`` among them) as the command opens its table, played to
    its end with ``me`` in the player's seat; the record is written as ``hkmj play`` writes it.
    The caller makes the command believe it runs in a terminal (``command._in_a_terminal``)."""
    from hkmj.cli import build_parser
    from hkmj.tui import command

    table = command.open_table(build_parser().parse_args(["play", *argv]))
    if not isinstance(table, command.Table):
        raise ValueError(f"hkmj play {' '.join(argv)}: no table opened (exit status {table})")
    with table.record:
        play_match(table.session, me)


def mcr_flower_win(lang: str) -> Session:
    """A one-hand MCR session (seed 5: the human is East) where East is dealt Flower 1 and
    ``123m456m789m123p5m``; its replacement, 5 Characters from the wall's end (MCR-3.2), completes
    123m 456m 789m 123p 55m: a self-drawn win of 26 points, 25 without the flower (MCR-6.13).
    The other seats throw what they draw."""
    wall = stacked_wall(("123m456m789m123p5m1f", *QUIET[1:]), "", "5m", dead_wall=False)
    return Session(
        [TsumogiriBot(), TsumogiriBot(), TsumogiriBot()],
        ["script"] * 3,
        seed=5,
        length="hands",
        hands=1,
        lang=lang,
        rules=get_ruleset("mcr"),
        walls=lambda n: (wall, (1, 1, 1)) if n == 1 else None,
    )
