"""The end-of-hand screen's first frame is the one it settles on. It was drawn first unwrapped,
Rich breaking a long line at the box's edge, and redrawn once its width was measured: for a
fraction of a second a non-winner's itemised score (CL-5.4) went on at the box's margin instead
of under its own text (seen at ``hkmj play --rules classical --hands 4 --seed 33`` in tmux 80x24),
and the payment sentences broke elsewhere. The summary now wraps at the width it is drawn at."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.render import own_scoring
from hkmj.tui.session import Session
from hkmj.tui.testing import first_frame, screen_text
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
HANDS = ("111m234p56s88s1z66z9m", "2233445566778m", "2233445566p555z", "223344s999s777z4z")
"""tests/tui/conftest.py's scripted self-drawn win; West holds a White pung, North 9s and Red
pungs: North's own score (CL-5.4) is longer than a line of the box."""


def _box(text: str) -> list[str]:
    """The rows inside the end screen's frame, without the scroll bar's column, the footer (the
    key that goes on, and "↑↓ scroll" once the screen knows it scrolls) left out."""
    rows = [r[r.index("│") + 1 : r.rindex("│") - 2].rstrip() for r in text.split("\n") if r.count("│") >= 2]
    return rows[:-1]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_cl_5_4_the_end_screens_first_frame_hangs_a_long_score_line_under_its_text(make_session: Make, lang: str) -> None:
    """At 80x50 the whole summary is in view: North's long line hangs under its own text in the
    first frame, and nothing moves after it."""
    tx = Texts(lang, "classical")
    s = make_session(hands=HANDS, lang=lang, rules=get_ruleset("classical"))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 50)) as pilot:
        first = first_frame(app, EndScreen)
        await pilot.pause()
        for keys in (("enter", "p"), ("end", "enter"), ("k",), ("m",)):  # the scripted hand, to its Mahjong
            await pilot.press(*keys)
            await pilot.pause()
        await pilot.pause(0.3)
        assert isinstance(app.screen, EndScreen) and first
        assert s.summary is not None
        rows = _box(first[0])
        north = own_scoring(s.summary.seats[3].scoring, tx)  # type: ignore[arg-type]
        at = next(i for i, r in enumerate(rows) if r.strip().startswith(north[:12]))
        assert rows[at].startswith("    ") and rows[at + 1].startswith("      "), rows[at : at + 2]  # continued under its text
        assert rows == _box(screen_text(app)), "the first frame is not the one the screen settles on"


@pytest.mark.asyncio
async def test_cl_5_4_the_first_frame_of_seed_33s_first_end_screen_at_80x24_is_the_settled_one() -> None:
    """The table of the report, ``hkmj play --rules classical --hands 4 --seed 33`` (its bots and
    their seeds, as the command makes them), a greedy bot in the player's seat: the first hand's
    end screen scrolls at 80x24: its scroll bar came with the second frame and took a column, and
    the wrapped lines (a non-winner's own score, CL-5.4, the payment sentences) moved again; the
    bar's column is now kept from the first frame."""
    from hkmj.bots import make_bot
    from hkmj.tui.command import DEFAULT_BOTS
    from hkmj.tui.testing import play_hand

    names = DEFAULT_BOTS.split(",")
    bots = [make_bot(n, 33 * 4 + i + 1) for i, n in enumerate(names)]
    s = Session(bots, names, seed=33, length="hands", hands=4, rules=get_ruleset("classical"))
    s.start_hand()
    play_hand(s, make_bot("greedy", 9))
    summary = s.finish_hand()
    app = PlayApp(s, delay=0)  # the table goes on to hand 2 behind the screen
    async with app.run_test(size=(80, 24)) as pilot:
        first = first_frame(app, EndScreen)
        await pilot.pause()
        app.push_screen(EndScreen(summary, s.tx, False))
        await pilot.pause(0.3)
        assert isinstance(app.screen, EndScreen) and first
        assert _box(first[0]) == _box(screen_text(app)), "the first frame is not the one the screen settles on"
