"""The terminal table (``hkmj play``) shows the player nothing of the other seats' concealed tiles
nor of the wall before the hand ends (HK-1, HK-2.2): at each of the player's decisions a twin
session whose hidden tiles (the bots' concealed tiles, both walls) are shuffled shows the same
screen: every seat's panel, the player's hand row, the status line, the action bar, the header,
the hint and the log so far."""

from __future__ import annotations

import copy
import random

import pytest

from hkmj.bots import make_bot
from hkmj.bots.advice import make_advisor
from hkmj.engine.testing import shuffle_hidden
from hkmj.rulesets import get_ruleset
from hkmj.tui.hints import best_move, hint_for
from hkmj.tui.session import Session


def _screen(s: Session) -> tuple[object, ...]:
    """Everything the table screen is drawn from while the hand is in play."""
    view, legal = s.view(), s.legal()
    hint = (hint_for(view), best_move(view, legal, make_advisor(0)))  # what the hint panel (key h) says
    return (
        [s.panel(seat) for seat in range(4)],
        s.hand_row(),
        s.status(),
        s.choices(),
        s.header(80),
        hint,
        [n.text for n in s.history],
    )


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_1_no_screen_of_hkmj_play_shows_a_hidden_tile_before_the_hand_ends(rules: str) -> None:
    rng = random.Random(17)
    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=5, length="hands", hands=4, rules=get_ruleset(rules))
    me = make_bot("greedy", 9)
    compared = moved = 0
    while not s.match_over:
        s.start_hand()
        while not s.over:
            if s.bots_pending():
                s.step()
                continue
            if rng.random() < 0.5:
                twin = copy.deepcopy(s)
                assert twin.hand is not None
                moved += shuffle_hidden(twin.hand, {twin.seat}, rng)
                assert _screen(twin) == _screen(s), (rules, compared)
                compared += 1
            s.play(me.choose(s.view(), s.legal()))
        s.finish_hand()
    assert compared > 20 and moved > 20
