"""Scenario helpers for the ``hkmj play`` tests: stacked walls and bots that never surprise."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from hkmj.engine import stacked_wall
from hkmj.tiles import tile
from hkmj.tui.app import PlayApp
from hkmj.tui.session import Session
from hkmj.tui.testing import TsumogiriBot

EAST_SEED = 5
"""With this match seed the human (player 0) draws East at the seat draw (HK-2.1)."""

# The human (East) is dealt 111m 234p 56s 88s 1z 66z and draws 9m last (kept apart).
# South then draws 6z and discards it (the human pungs), the human discards 1z, the bots
# discard three 9p, the human draws the fourth 1m (concealed kong), the replacement 7s
# completes 234p 567s 88s + pung 6z + kong 1m: Mahjong on a kong replacement (HK-6).
HANDS = ("111m234p56s88s1z66z9m", "2233445566778m", "2233445566778p", "223344999s2345z")
DRAWS = "6z9p9p9p1m"
REPLACEMENTS = "7s"


MakeSession = Callable[..., Session]


@pytest.fixture
def make_session() -> MakeSession:
    """A one-hand match on a stacked wall (human East, tsumogiri bots; ``kinds``: the names the
    bots go by on screen)."""

    def make(
        hands: Sequence[str] = HANDS,
        draws: str = DRAWS,
        replacements: str = REPLACEMENTS,
        kinds: Sequence[str] = ("script", "script", "script"),
        **options: Any,
    ) -> Session:
        wall = stacked_wall(hands, draws, replacements)
        options.setdefault("length", "hands")
        if options["length"] == "hands":  # a count of hands goes with that length only (HK-7.3)
            options.setdefault("hands", 1)
        return Session(
            [TsumogiriBot(), TsumogiriBot(), TsumogiriBot()],
            list(kinds),
            seed=EAST_SEED,
            walls=lambda n: (wall, (1, 1, 1)) if n == 1 else None,
            **options,
        )

    return make


def _advance(session: Session) -> None:
    while not session.over:
        if session.bots_pending():
            session.step()
        elif session.only_pass():
            session.try_pass()
        else:
            return


@pytest.fixture
def advance() -> Callable[[Session], None]:
    """Let the bots play (passing the human's empty claim windows) until the human must decide."""
    return _advance


def _until_offer(session: Session, t: int, seat: int | None = None) -> None:
    while not session.over:
        if session.bots_pending():
            session.step()
            continue
        v = session.view()
        if v.offered == t and (seat is None or v.turn == seat) and session.human_pending():
            return
        if not session.human_pending() or v.phase == "turn":
            raise AssertionError(f"the human must act before {t} is offered: {session.status()}")
        session.try_pass()
    raise AssertionError("the hand ended first")


@pytest.fixture
def until_offer() -> Callable[..., None]:
    """Let the bots play (passing the human's claim windows) until tile ``t`` is on offer to the human."""
    return _until_offer


@pytest.fixture
def kong_replacement_win(advance: Callable[[Session], None]) -> Callable[[Session], None]:
    """Play the stacked wall's scripted win (see test_session) on a new session: East discards
    9m, pungs the Green, discards East, declares the concealed kong of 1m and wins on its
    replacement."""

    def run(session: Session) -> None:
        session.start_hand()
        assert session.try_discard(tile("9m")).done
        advance(session)
        assert session.try_pung().done and session.try_discard(tile("1z")).done
        advance(session)
        assert session.try_kong().done and session.try_mahjong().done

    return run


def _boxed_text(app: PlayApp) -> str:
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    inner = [line[line.index("│") + 1 : line.rindex("│")] for line in lines if line.count("│") >= 2]
    return re.sub(r"[ \n▁▂▃▄▅▆▇█]+", " ", " ".join(inner))


@pytest.fixture
def boxed_text() -> Callable[[PlayApp], str]:
    """The text inside a modal box's frame on the app's screen, its lines joined by single spaces."""
    return _boxed_text
