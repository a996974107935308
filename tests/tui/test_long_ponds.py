"""However long a discard pond grows (MCR and classical hands without claims, a Hong
Kong hand late on), the latest discard of every player stays on screen at 80×24 — the one a
player must see to claim it (HK-4.1) — and the pond counts the earlier discards it leaves out."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest

from hkmj.tiles import N_TILE_IDS, short_name, tile
from hkmj.tui.app import PlayApp
from hkmj.tui.faces import LATEST_BG
from hkmj.tui.render import opponent_text, pond_index_at, pond_layout, pond_text, you_text
from hkmj.tui.session import SeatPanel, Session
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
SMALL = (80, 24)
OLD = 60
"""Earlier discards put before each real pond: more than any panel holds at 80 columns."""


def screen_lines(app: PlayApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def lengthen(session: Session, extra: int = OLD) -> None:
    """Every pond of ``session`` as the screen gets it, with ``extra`` earlier discards first (a
    click on the pond judged at the discard's place in the real pond)."""
    panel, touch = session.panel, session.touch_pond

    def long_panel(seat: int) -> SeatPanel:
        p = panel(seat)
        old = tuple((seat * 7 + i) % N_TILE_IDS for i in range(extra))
        return dataclasses.replace(p, pond=old + p.pond, latest=None if p.latest is None else p.latest + extra)

    session.panel = long_panel  # type: ignore[method-assign]
    session.touch_pond = lambda seat, i: touch(seat, i - extra)  # type: ignore[method-assign]


def pond_rows(lines: list[str]) -> dict[str, list[str]]:
    """The pond lines of each panel at 80×24 (header, across 4 lines, sides 5, you 5)."""
    return {
        "across": [lines[3][1:79], lines[4][1:79]],
        "left": [lines[8][1:39], lines[9][1:39]],
        "right": [lines[8][41:79], lines[9][41:79]],
        "you": [lines[13][1:79], lines[14][1:79]],
    }


async def at_the_table(pilot: Any) -> None:
    """Past the first screen (Enter) to the table, drawn."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()

@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
async def test_the_latest_discard_of_a_long_pond_stays_on_screen_80x24(make_session: Make, lang: str, rules: str) -> None:
    """HK-4.1 at 80×24: with 60 and more discards in every pond, each panel shows the newest
    discards up to the latest one (the one on offer highlighted), after a ``+N`` count of the
    earlier ones; no line passes its panel."""
    from hkmj.rulesets import get_ruleset

    s = make_session(lang=lang, rules=get_ruleset(rules))
    lengthen(s)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # East discards 9m; South discards the Green dragon, on offer
        await pilot.pause()
        await pilot.pause()
        rows = pond_rows(screen_lines(app))
        seats = {"you": s.seat, "right": (s.seat + 1) % 4, "across": (s.seat + 2) % 4, "left": (s.seat + 3) % 4}
        for rel, seat in seats.items():
            p = s.panel(seat)
            first, last = rows[rel]
            faces = last.split()
            assert faces and faces[-1] == short_name(p.pond[-1], lang).strip(), (rel, rows[rel])
            m = re.match(r"\+(\d+) ", first)
            assert m, (rel, first)
            shown = len(first.split()) - 1 + len(faces)
            assert int(m.group(1)) + shown == len(p.pond), (rel, rows[rel], len(p.pond))
        south = s.panel((s.seat + 1) % 4)
        assert south.latest == len(south.pond) - 1 and south.pond[-1] == tile("6z")


@pytest.mark.asyncio
async def test_a_click_on_the_latest_discard_of_a_long_pond_is_answered_as_the_offer(make_session: Make) -> None:
    """HK-4.1: in a pond that shows only its newest discards, a click on the latest one (South's
    Green dragon, on offer) names the claims, and a click on the discard before it is an old one."""
    s = make_session()
    lengthen(s)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await at_the_table(pilot)
        rows = pond_rows(screen_lines(app))["right"]
        y = 1 if rows[1].strip() else 0
        x = rows[y].rstrip().rindex(" ") + 1
        before = len(s.history)
        await pilot.click("#right", offset=(1 + x, 3 + y))
        await pilot.pause()
        said = [n.text for n in s.history[before:]]
        assert said and said[-1] == s.status(), said
        before = len(s.history)
        await pilot.click("#right", offset=(1 + x - 3, 3 + y))
        await pilot.pause()
        said = [n.text for n in s.history[before:]]
        assert any(Texts()("no.old_discard") in t for t in said), said


@pytest.mark.parametrize("n", [26, 27, 30, 60, 130])
def test_a_pond_in_two_lines_keeps_its_newest_discards(n: int) -> None:
    """A pond of ``n`` discards in two lines of 38 cells (13 tiles each): all when they fit, else
    ``+N`` and the newest, the latest last and highlighted; a click maps back to the right discard."""
    pond = tuple(i % N_TILE_IDS for i in range(n))
    text = pond_text(pond, n - 1, False, 38, "en", lines=2)
    lines = text.plain.split("\n")
    assert len(lines) <= 2 and all(len(line) <= 38 for line in lines), lines
    hidden, slots = pond_layout(n, 38, 2)
    assert lines[-1].split()[-1] == short_name(pond[-1])
    if n <= 26:
        assert (hidden, slots) == (0, 0) and not lines[0].startswith("+")
    else:
        assert lines[0].startswith(f"+{hidden} ") and hidden + 26 - slots == n
    latest = [span for span in text.spans if LATEST_BG in str(span.style)]
    assert len(latest) == 1 and text.plain[latest[0].start : latest[0].end].strip() == short_name(pond[-1])
    x = lines[-1].rstrip().rindex(" ") + 1
    assert pond_index_at(x, len(lines) - 1, 38, n, 2) == n - 1
    assert pond_index_at(0, 0, 38, n, 2) == (None if hidden else 0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_panels_draw_long_ponds_in_the_lines_they_have(lang: str) -> None:
    """An opponent's panel and yours, given their pond lines, end with the latest discard."""
    tx = Texts(lang)
    pond = tuple(i % N_TILE_IDS for i in range(70))
    opp = SeatPanel(seat=1, name="Bot 1 (strong)", relation="left", score=0, melds=(), bonus=(),
                    pond=pond, latest=69, concealed=13, turn=False, dealer=False)
    for width in (38, 78):
        lines = opponent_text(opp, tx, False, width, pond_lines=2).plain.split("\n")
        assert lines[-1].split()[-1] == short_name(pond[-1], lang) and lines[-2].startswith("+")
    me = dataclasses.replace(opp, relation="you", seat=0)
    lines = you_text(me, [tile("1m")] * 13, None, None, tx, False, 78, pond_lines=2).plain.split("\n")
    assert len(lines) == 5 and lines[-1].split()[-1] == short_name(pond[-1], lang) and lines[3].startswith("+")


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_click_on_the_count_of_earlier_discards_writes_the_whole_pond_to_the_log(make_session: Make, lang: str) -> None:
    """The discards a long pond leaves out stay reachable: a click on its ``+N`` (South's, yours)
    writes the whole pond to the log, the earliest first, as the table names tiles (EN, FR)."""
    tx = Texts(lang)
    s = make_session(lang=lang)
    lengthen(s)
    app = PlayApp(s, delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await at_the_table(pilot)
        for widget, seat, y in (("#right", (s.seat + 1) % 4, 3), ("#you", s.seat, 3)):
            before = len(s.history)
            await pilot.click(widget, offset=(2, y))
            await pilot.pause()
            pond = s.panel(seat).pond
            whole = " ".join(short_name(t, lang).strip() for t in pond)
            assert [n.text for n in s.history[before:]] == [tx("pond.all", who=s.who(seat), n=len(pond), tiles=whole)]


@pytest.mark.parametrize(("lang", "words"), [("en", "after the count of the earlier ones (+7)"), ("fr", "après le nombre des plus anciennes (+7)")])
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_the_help_says_what_the_count_before_a_long_pond_is(lang: str, words: str, rules: str) -> None:
    """The help (?) explains the ``+7`` before a long pond and how to see the whole pond."""
    body = Texts(lang, rules)("help.body")
    assert words in body
