"""MCR-5.1 on ``hkmj play --rules mcr``'s end-of-hand screen: a win needs 8 points without the
flowers (MCR-6.13), and ``hkmj score --rules mcr`` prints that check under the total ("Without
flowers (8 needed, MCR-5.1)"); the end screen printed only "Total points", flowers included, so a
hand won with a flower showed no count of what the minimum reads. It now shows the two lines
``hkmj score`` shows, with the same numbers, at 80×24, in English and French."""

from __future__ import annotations

import re

import pytest

from hkmj.cli import main
from hkmj.engine import stacked_wall
from hkmj.engine.testing import QUIET
from hkmj.rulesets import get_ruleset
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.render import summary_text
from hkmj.tui.session import Session
from hkmj.tui.testing import TsumogiriBot

EAST_SEED = 5
"""The human draws East (tests/tui/conftest.py)."""
EAST = "123m456m789m123p5m1f"
"""East is dealt Flower 1 with 13 other tiles; its replacement, 5 Characters, completes
123m 456m 789m 123p 55m: a self-drawn win of 26 points, 25 without the flower (MCR-6.13)."""
LINES = {
    "en": ("Total (flowers included)", "Without flowers (8 needed, MCR-5.1)"),
    "fr": ("Total (fleurs comprises)", "Sans les fleurs (8 requis, MCR-5.1)"),
}


def _session(lang: str) -> Session:
    wall = stacked_wall((EAST, *QUIET[1:]), "", "5m", dead_wall=False)  # MCR-3.2: replacements from the wall's end
    return Session(
        [TsumogiriBot(), TsumogiriBot(), TsumogiriBot()],
        ["script"] * 3,
        seed=EAST_SEED,
        length="hands",
        hands=1,
        lang=lang,
        rules=get_ruleset("mcr"),
        walls=lambda n: (wall, (1, 1, 1)) if n == 1 else None,
    )


def _score_lines(lang: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The total and minimum lines ``hkmj score --rules mcr`` prints for East's hand, spaces squeezed."""
    capsys.readouterr()
    assert main(["score", "12345556789m123p", "--win", "5m", "--flower", "1", "--rules", "mcr", "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    return [re.sub(r"\s+", " ", line.strip()) for line in out if line.startswith(LINES[lang])]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_the_end_screen_counts_the_minimum_without_flowers_as_score_does(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    s = _session(lang)
    s.start_hand()
    assert s.try_mahjong().done
    summary = s.finish_hand()
    text = summary_text(summary, s.tx, False, 78).plain
    shown = [re.sub(r"\s+", " ", line.strip()) for line in text.splitlines() if line.startswith(LINES[lang])]
    assert shown == _score_lines(lang, capsys) == [f"{LINES[lang][0]} 26", f"{LINES[lang][1]} 25"], text


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_mcr_5_1_the_minimum_line_is_on_the_end_screen_at_80x24(lang: str) -> None:
    from hkmj.tui.testing import screen_text

    s = _session(lang)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        for label, value in zip(LINES[lang], (26, 25), strict=True):
            assert re.search(rf"{re.escape(label)} +{value}\b", text), text
        assert s.tx("end.last") in text
