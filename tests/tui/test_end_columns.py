"""The winner's itemised score on ``hkmj play``'s end-of-hand screen is a table: each number ends
under the last letter of its heading. At an MCR or classical table the heading is "points" (six
letters) and the numbers were right-aligned on four columns, so they stood under its "in"
(``Fan      points`` over ``All Chows   2``); they now end under its "s", as ``hkmj score``
prints them (MCR-6, CL-5). Hong Kong's "fan" heading keeps its four columns."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.tui.app import EndScreen, PlayApp
from hkmj.tui.render import summary_text
from hkmj.tui.session import Session
from hkmj.tui.testing import mcr_flower_win, screen_text

Make = Callable[..., Session]

HEADINGS = {"en": ("Element", "Fan"), "fr": ("Élément", "Fan")}


def _table_rows(lines: list[str], first_word: str) -> list[str]:
    """The itemised table: the heading line (``first_word`` first) and the rows that end in a
    number set apart by two spaces or more, up to the first other line ("Base points: 16")."""
    start = next(i for i, line in enumerate(lines) if line.startswith(first_word + " "))
    rows = [lines[start]]
    for line in lines[start + 1 :]:
        if not re.search(r"\s\s\d+$", line.rstrip()):
            break
        rows.append(line)
    return rows


def _assert_aligned(rows: list[str], heading: str) -> None:
    assert rows[0].rstrip().endswith(heading), rows
    end = len(rows[0].rstrip())
    assert len(rows) > 2, rows
    for row in rows[1:]:
        assert len(row.rstrip()) == end, (row, rows)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cl5_the_winners_points_end_under_the_heading(make_session: Make, kong_replacement_win: Callable[[Session], None], lang: str) -> None:
    """CL-5: the classical winner's items (Pung of dragons 4, Kong of 1 or 9 32, Mahjong 20) and
    its score, each number ending where "points" ends."""
    s = make_session(rules=get_ruleset("classical"), lang=lang)
    kong_replacement_win(s)
    lines = summary_text(s.finish_hand(), s.tx, False, 78).plain.split("\n")
    _assert_aligned(_table_rows(lines, HEADINGS[lang][0]), "points")


def test_hk6_the_fan_column_is_unchanged(make_session: Make, kong_replacement_win: Callable[[Session], None]) -> None:
    """HK-6: the Hong Kong table's "fan" column stays four wide, its numbers under the "n"."""
    s = make_session()
    kong_replacement_win(s)
    rows = _table_rows(summary_text(s.finish_hand(), s.tx, False, 78).plain.split("\n"), "Element")
    _assert_aligned(rows, "fan")
    assert re.fullmatch(r"Element +fan", rows[0]) and rows[0].index("fan") == len(rows[0]) - 3


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_mcr6_the_points_end_under_the_heading_at_80x24(lang: str) -> None:
    """MCR-6: the end screen at 80×24, as the player sees it: every fan's points, the total and
    the count without flowers (MCR-5.1) end where "points" ends."""
    app = PlayApp(mcr_flower_win(lang), delay=0)  # East self-draws 123m 456m 789m 123p 55m on its flower's replacement (MCR-3.2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        boxed = [r[r.index("│") + 2 : r.rindex("│")] for r in screen_text(app).split("\n") if r.count("│") >= 2]
        _assert_aligned(_table_rows(boxed, HEADINGS[lang][1]), "points")
