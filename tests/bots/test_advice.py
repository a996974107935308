"""``Advisor.advise`` (issue 14) on the strong bot: every legal action once, the bot's own choice
first, values from its own scores; ``choose`` is unchanged by asking for advice (the ladder holds)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hkmj.bots.advice import Advisor, hand_after, make_advisor
from hkmj.bots.strong import StrongBot
from hkmj.engine import PASS, Action, Chow, Discard, Hand, Kong, Match, Pung, SeatView, play_hand
from hkmj.rulesets import get_ruleset


class Advised:
    """A strong bot asked for advice before every choice (as the hint and the review do)."""

    def __init__(self, seed: int) -> None:
        self.bot = StrongBot(seed)
        self.checked = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        advice = self.bot.advise(view, legal)
        assert sorted(map(str, (a.action for a in advice))) == sorted(map(str, set(legal)))
        assert advice[0].value >= max(a.value for a in advice) - 1e-9
        chosen = self.bot.choose(view, legal)
        if len(set(legal)) > 1:
            self.checked += 1
            # the advice's first action is the one played, up to exact ties of value
            assert chosen == advice[0].action or next(a.value for a in advice if a.action == chosen) == advice[0].value
        return chosen


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_advice_is_every_legal_action_best_first_and_leaves_choose_unchanged(rules: str) -> None:
    """HK-3, HK-4 (MCR-5.1 and the classical game too): asking for advice does not move the bot's
    seeded tie-breaks, so the same hands are played move for move."""
    ruleset = get_ruleset(rules)
    for seed in (1, 2):
        plain = Hand.from_seed(seed, rules=ruleset)
        play_hand(plain, [StrongBot(10 + s) for s in range(4)])
        advised_bots = [Advised(10 + s) for s in range(4)]
        advised = Hand.from_seed(seed, rules=ruleset)
        play_hand(advised, advised_bots)
        assert advised.events == plain.events
        assert sum(b.checked for b in advised_bots) > 10


def test_advice_values_a_claim_and_a_pass_hk_4() -> None:
    """HK-4: in a claim window, passing and each offered claim are valued; the claim's value is
    the best discard after it."""
    m = Match(5, length="hands", hands=3)
    bot = StrongBot(0)
    seen = 0
    while not m.over and seen < 5:
        hand = m.new_hand()
        while hand.result is None:
            s = hand.pending()[0]
            view, legal = hand.view(s), hand.legal_actions(s)
            if view.phase == "claim" and any(isinstance(a, (Pung, Chow)) for a in legal):
                advice = {a.action: a for a in bot.advise(view, legal)}
                assert PASS in advice and advice[PASS].note
                for a in legal:
                    if isinstance(a, (Pung, Chow)):
                        h, melds = hand_after(view, a)
                        assert sum(h) % 3 == 2 and len(melds) == view.n_melds + 1
                        assert advice[a].win is not None
                seen += 1
            hand.apply(s, bot.choose(view, legal))
        m.finish_hand()
    assert seen


def test_hand_after_each_kind_of_action() -> None:
    """The tiles and melds an action leaves: a discard takes one tile, a concealed kong four."""
    hand = Hand.from_seed(3)
    view = hand.view(0)
    for a in hand.legal_actions(0):
        h, melds = hand_after(view, a)
        if isinstance(a, Discard):
            assert sum(h) == sum(view.concealed) - 1 and melds == view.melds[0]
        if isinstance(a, Kong):
            assert len(melds) == view.n_melds + 1


def test_make_advisor_gives_an_advisor() -> None:
    assert isinstance(make_advisor(0), Advisor)
