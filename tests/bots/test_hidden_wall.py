"""No bot's advice reads the hidden wall (HK-2.2: the tiles are shuffled face down): the expert's
learned discard value (hkmj.bots.learned), its danger model (hkmj.bots.danger), its search
(hkmj.bots.rollout) and the strong bot advise the same when the live wall beyond the next draws is
permuted consistently with the seat's view (:func:`~hkmj.engine.testing.permuted_wall_twins`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hkmj.bots.advice import Advisor
from hkmj.bots.expert import ExpertBot
from hkmj.bots.greedy import GreedyBot
from hkmj.bots.strong import StrongBot
from hkmj.engine.testing import permuted_wall_twins


def _learned() -> ExpertBot:
    bot = ExpertBot(8)
    bot.learned = 1.0
    return bot


def _danger() -> ExpertBot:
    bot = ExpertBot(6)
    bot.danger_model = 1.0
    return bot


def _searching() -> ExpertBot:
    """Both searches on (they are off by default, docs/bots.md): deals sampled from the view only."""
    bot = ExpertBot(4)
    bot.search_claims = bot.search_discards = True
    return bot


ADVISORS: dict[str, tuple[int, range, Callable[[], Advisor]]] = {
    "learned value": (17, range(10, 50, 3), _learned),
    "danger model": (19, range(10, 60, 3), _danger),
    "search": (11, range(16, 46, 3), _searching),
    "strong bot": (23, range(10, 50, 4), lambda: StrongBot(2)),
}
"""What is checked: the deal seed, the plies after which to compare, and the advisor."""


@pytest.mark.parametrize("what", list(ADVISORS))
def test_advice_never_peeks_at_the_hidden_wall_hk_2_2(what: str) -> None:
    """Two hands equal in everything a seat sees, different in the hidden future draws: the
    advice (every action's value, in order) is the same for both."""
    seed, plies_range, advisor = ADVISORS[what]
    checked = 0
    for plies in plies_range:
        a, b = permuted_wall_twins(seed, [GreedyBot(s) for s in range(4)], plies)
        assert a.live_wall != b.live_wall
        if a.over:
            break
        seat = a.pending()[0]
        va, vb = a.view(seat), b.view(seat)
        assert va == vb
        assert advisor().advise(va, a.legal_actions(seat)) == advisor().advise(vb, b.legal_actions(seat))
        checked += 1
    assert checked >= 5
