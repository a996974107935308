"""``hkmj play --rules classical``'s end screen at 80×24 says which of two pungs of a kind is exposed
and which concealed, since they score differently (CL-5.1)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.tiles import tile
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.session import Session

PUNGS_HANDS = ("111m888p56s88s1z88m9m", "2233445566778m", "2233445566778p", "223344999s2345z")
"""The scripted kong-replacement win (tests/tui/conftest.py) with East's Green pung made an 8m
pung claimed from South and its 234p a concealed 888p pung: two pungs of 2-8 that score 2 and 4."""


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Pung of 2-8, concealed 4", "Pung of 2-8, exposed 2")),
        ("fr", ("Pung de 2 à 8, caché 4", "Pung de 2 à 8, exposé 2")),
    ],
)
async def test_cl_5_1_the_end_screen_says_which_pung_is_exposed_and_which_concealed_at_80x24(
    make_session: Callable[..., Session], lang: str, words: tuple[str, str], boxed_text: Callable[[PlayApp], str]
) -> None:
    """CL-5.1: a concealed pung of 2-8 scores 4, an exposed one 2; the classical end screen listed
    them as "Pung of 2-8 4" and "Pung of 2-8 2", the reader left to guess why. It names which is
    which, as ``hkmj score --rules classical`` does, in English and French."""
    s = make_session(hands=PUNGS_HANDS, draws="8m9p9p9p1m", lang=lang, rules=get_ruleset("classical"))
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys in ("9m", "p", "1z", "k", "m"):
            if len(keys) == 2:
                app.table.selected = app.table.hand_tiles().index(tile(keys))
                await pilot.press("enter")
            else:
                await pilot.press(keys)
            await pilot.pause()
            await pilot.pause()
        assert isinstance(app.screen, EndScreen), s.status()
        shown = boxed_text(app)
    for w in words:
        assert re.sub(r"\s+", " ", w) in shown, shown


def test_cl_5_1_a_line_counted_twice_keeps_its_exposed_or_concealed_word() -> None:
    """CL-5.1: two concealed pungs of 2-8 beside an exposed one read "2 pungs of 2-8, concealed"
    (French « 2 pungs de 2 à 8, cachés »): the count keeps the word that tells them apart."""
    from hkmj.scoring.classical import counted, exposure_name

    assert counted("pung_simple", exposure_name("pung_simple", False), 2) == "2 pungs of 2-8, concealed"
    assert counted("pung_simple", exposure_name("pung_simple", True, "fr"), 2, "fr") == "2 pungs de 2 à 8, exposés"
    assert exposure_name("pair_dragon", False, "fr") == "Paire de Dragons, cachée"
    assert counted("pung_simple", "Pung of 2-8", 3) == "3 pungs of 2-8"
