"""``hkmj play --teach`` help (?) read page by page at 80×24 by someone who never played: the word
"fan" is said what it is where the help first uses it (HK-6, MCR-6), in English and French."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hkmj.rulesets import get_ruleset
from hkmj.tui.app import HelpScreen, PlayApp
from hkmj.tui.session import Session

Make = Callable[..., Session]


def _boxed(app: PlayApp) -> str:
    """The help box's visible text, its wrapped lines joined by single spaces."""
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    inner = [r[r.index("│") + 1 : r.rindex("│")] for r in rows if r.count("│") >= 2]
    return " ".join(" ".join(inner).replace("▁", " ").replace("▂", " ").replace("▃", " ").replace("▄", " ").replace("▅", " ").replace("▆", " ").replace("▇", " ").replace("█", " ").split())


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("rules", "lang", "first_use"),
    [
        ("hk", "en", "even worth 0 fan (a fan is a unit of a hand's score, HK-6)"),
        ("hk", "fr", "même à 0 fan (le fan est l'unité de score d'une main, HK-6)"),
        ("mcr", "en", "aim for fans, the scoring patterns worth points (MCR-6)"),
        ("mcr", "fr", "visez des fans, les motifs qui rapportent des points (MCR-6)"),
    ],
)
async def test_the_help_says_what_a_fan_is_where_it_first_says_fan_at_80x24(make_session: Make, rules: str, lang: str, first_use: str) -> None:
    """HK-6, MCR-6: the help's first "fan" ("even worth 0 fan (HK-6)", "aim for fans (MCR-6)")
    came with no word of what a fan is; a newcomer met it again only in the scoring section. The
    first use now says it, on the help's first page at 80×24."""
    s = make_session(rules=get_ruleset(rules), lang=lang, teach=True)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        first_page = _boxed(app)
    assert first_use in first_page
    assert first_page.index(first_use) <= first_page.find(" fan")
