"""MCR-5.1 on ``hkmj play --rules mcr``'s end-of-hand screen: a win needs 8 points without the
flowers (MCR-6.13), and ``hkmj score --rules mcr`` prints that check under the total ("Without
flowers (8 needed, MCR-5.1)"); the end screen printed only "Total points", flowers included, so a
hand won with a flower showed no count of what the minimum reads. It now shows the two lines
``hkmj score`` shows, with the same numbers, at 80×24, in English and French."""

from __future__ import annotations

import re

import pytest

from hkmj.cli import main
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.render import summary_text
from hkmj.tui.testing import mcr_flower_win

LINES = {
    "en": ("Total (flowers included)", "Without flowers (8 needed, MCR-5.1)"),
    "fr": ("Total (fleurs comprises)", "Sans les fleurs (8 requis, MCR-5.1)"),
}


def _score_lines(lang: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The total and minimum lines ``hkmj score --rules mcr`` prints for East's hand, spaces squeezed."""
    capsys.readouterr()
    assert main(["score", "12345556789m123p", "--win", "5m", "--flower", "1", "--rules", "mcr", "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    return [re.sub(r"\s+", " ", line.strip()) for line in out if line.startswith(LINES[lang])]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_1_the_end_screen_counts_the_minimum_without_flowers_as_score_does(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    s = mcr_flower_win(lang)
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

    s = mcr_flower_win(lang)
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
