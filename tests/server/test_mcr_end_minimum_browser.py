"""MCR-5.1 in the browser's end-of-hand view: a win needs 8 points without the flowers (MCR-6.13),
and ``hkmj score --rules mcr`` (as the terminal's end screen) prints that check under the total:
"Total (flowers included) 26", "Without flowers (8 needed, MCR-5.1) 25". At an MCR table the
browser showed only "Points 26", flowers included, so a hand won with a flower showed no count of
what the minimum reads. It now shows the same two lines with the same figures, English and French."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hkmj.cli import main
from hkmj.engine.testing import QUIET
from hkmj.engine.wall import stacked_wall
from hkmj.server.testing import CHROMIUM, Server, lobby_in, lobby_page, rigged_final_frame

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)

EAST = "123m456m789m123p5m1f"
"""East is dealt Flower 1 with 13 other tiles; its replacement, 5 Characters (from the wall's end,
MCR-3.2), completes 123m 456m 789m 123p 55m: a self-drawn win of 26 points, 25 without the flower."""
LINES = {
    "en": ("Total (flowers included)", "Without flowers (8 needed, MCR-5.1)"),
    "fr": ("Total (fleurs comprises)", "Sans les fleurs (8 requis, MCR-5.1)"),
}


def _squeezed(lines: list[str], lang: str) -> list[str]:
    """The total and minimum lines among ``lines``, spaces (a tab between cells) squeezed to one."""
    return [re.sub(r"\s+", " ", line.strip()) for line in lines if line.strip().startswith(LINES[lang])]


def _score_lines(lang: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The two lines ``hkmj score --rules mcr`` prints under the fans for East's hand."""
    capsys.readouterr()
    assert main(["score", "12345556789m123p", "--win", "5m", "--flower", "1", "--rules", "mcr", "--lang", lang]) == 0
    return _squeezed(capsys.readouterr().out.splitlines(), lang)


def test_mcr_5_1_the_browsers_end_view_counts_the_minimum_without_flowers_as_score_does(
    server: Server, browser: Any, capsys: pytest.CaptureFixture[str],
) -> None:
    # Ann (East) declares Mahjong on her first turn, the hand above (MCR-3.2: no dead wall)
    frame = rigged_final_frame(stacked_wall((EAST, *QUIET[1:]), "", "5m", dead_wall=False), (1, 1, 1), "mcr", "mahjong")
    [win] = frame["reveal"]["end"]
    assert (win["type"], win["seat"], win["win"], win["points"]) == ("win", 0, "self_draw", 26), win
    errors: list[str] = []
    page = lobby_page(browser, server, errors, 1000, 800)
    for lang in ("en", "fr"):
        lobby_in(page, lang)  # the lobby drawn again in that language, not drawn over the view after it
        page.evaluate("(st) => { G.state = st; G.open = []; G.log = []; render(); }", frame)
        text = page.inner_text("#reveal #scoring")
        shown = _squeezed(text.splitlines(), lang)
        assert shown == _score_lines(lang, capsys) == [f"{LINES[lang][0]} 26", f"{LINES[lang][1]} 25"], text
    assert not errors, errors
