"""The hint (key h) when the game asks nothing of you: a discard you cannot claim is on offer and
the table waits a moment before going on (you may only pass, or call a false Mahjong, HK-5.7).

Seen at 80×24 (``hkmj play --teach --seed 5``, hint open): after every bot's discard the panel
read "Best move (the expert bot): pass" while no Pass button or prompt was shown, then the next
moment the line was gone; a newcomer looked for something to pass. With no choice to make the
hint gives no best move (as on a bot's turn); the distance to ready and the useful tiles stay."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hkmj.bots.advice import make_advisor
from hkmj.engine import PASS
from hkmj.tui.hints import best_move, describe, hint_for
from hkmj.tui.session import Session
from hkmj.tui.texts import Texts


def _to_a_window_with_nothing_to_claim(session: Session) -> None:
    """Play the stacked hand (the human East discards what it drew, passes every claim) until a
    bot's discard the human cannot claim is on offer (HK-4.1)."""
    while not session.over:
        if session.bots_pending():
            session.step()
        elif session.only_pass():
            return
        elif session.view().phase == "turn":
            session.play(next(a for a in session.legal() if type(a).__name__ == "Discard"))
        else:
            session.try_pass()
    raise AssertionError("the hand ended before a window with nothing to claim")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hk_4_1_no_best_move_when_you_may_only_pass(make_session: Callable[..., Session], lang: str) -> None:
    tx = Texts(lang)
    session = make_session(lang=lang)
    session.start_hand()
    _to_a_window_with_nothing_to_claim(session)
    assert session.legal() == (PASS,) and session.choices() == []  # nothing shown to press
    assert best_move(session.view(), session.legal(), make_advisor(0)) is None
    lines = describe(hint_for(session.view()), tx, 4, None)  # what the panel (TableScreen.hint_lines) shows then
    best = tx("hint.best", bot="", action="").split("(")[0].strip()
    assert lines and not any(line.startswith(best) for line in lines), lines
