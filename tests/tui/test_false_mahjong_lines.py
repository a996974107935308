"""The terminal's lines for a false Mahjong (HK-5.7, MCR-5.4, CL-7.7): the rule each cites."""

from __future__ import annotations

import pytest

from hkmj.tui.rules_texts import REFS
from hkmj.tui.texts import Texts


@pytest.mark.parametrize(("lang", "words"), [("en", "pays 10 to each player (MCR-5.4)."), ("fr", "paie 10 à chaque joueur (MCR-5.4).")])
def test_mcr_5_4_the_dead_hand_line_cites_its_rule(lang: str, words: str) -> None:
    """MCR-5.4: the line for a false Mahjong that makes a hand dead cited no rule where the other
    false-Mahjong lines do; it cites the table's own (Hong Kong's HK-5.7 through the ruleset's
    ``rule_refs``)."""
    assert REFS["mcr"]["HK-5.7"] == "MCR-5.4"
    mcr = Texts(lang, "mcr")
    assert mcr("ev.false", who="West", amount=10).endswith(words)
    assert mcr("ev.false.dead", who="West", amount=10).endswith(words)
    assert mcr("ev.false.dead.you", why="", amount=10).endswith("(MCR-5.4).")
    assert Texts(lang, "hk")("ev.false.dead.you", why="", amount=10).endswith("(HK-5.7).")
