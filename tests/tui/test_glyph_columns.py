"""``hkmj play --glyphs`` keeps its columns (HK-1: every tile one slot): U+1F004 (Red dragon) is
two cells wide, the other Mahjong glyphs one, and every tile takes the same two cells, so the
tiles after a Red dragon, the key letters under the hand, pond clicks and melds stay in line."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from rich.cells import cell_len

from hkmj.scoring import Meld
from hkmj.tiles import glyph, parse_tiles, tile
from hkmj.tui.app import OpponentView, PlayApp, TableScreen, YouView
from hkmj.tui.faces import melds_text, tiles_text
from hkmj.tui.render import (
    KEY_LABELS,
    POND_LINE,
    STEP,
    hand_positions,
    opponent_text,
    pond_index_at,
    pond_line,
    summary_text,
    you_text,
)
from hkmj.tui.session import HandSummary, SeatPanel, SeatReveal, Session
from hkmj.tui.texts import Texts

Make = Callable[..., Session]
RED = "\U0001f004"
HANDS_REST = ("2233445566778m", "2233445566778p", "223344999s2345z")
"""The bots' hands of the stacked wall (tests/tui/conftest.py)."""


def is_tile(ch: str) -> bool:
    return 0x1F000 <= ord(ch) <= 0x1F02B


def starts(line: str) -> list[int]:
    """The cell where each tile glyph of ``line`` starts, as the terminal (and Rich) counts cells."""
    out, x = [], 0
    for ch in line:
        if is_tile(ch):
            out.append(x)
        x += cell_len(ch)
    return out


def inside(line: str, left: int, right: int) -> str:
    """The characters of a screen ``line`` in cells ``left`` to ``right`` (a widget's content)."""
    out, x = "", 0
    for ch in line:
        if left <= x < right:
            out += ch
        x += cell_len(ch)
    return out


def cells_of(line: str, chars: str) -> list[int]:
    """The cell where each character of ``chars`` stands in ``line`` (first occurrence)."""
    return [cell_len(line[: line.index(c)]) for c in chars]


def panel(pond: str, melds: tuple[Meld, ...] = (), bonus: str = "", relation: str = "left") -> SeatPanel:
    return SeatPanel(
        seat=3, name="Bot", relation=relation, score=0, melds=melds, bonus=tuple(parse_tiles(bonus)) if bonus else (),
        pond=tuple(parse_tiles(pond)), latest=None, concealed=13, turn=False, dealer=False,
    )


@pytest.mark.asyncio
async def test_hand_and_key_letters_in_line_after_red_dragons_at_80x24(make_session: Make) -> None:
    """At 80×24 with --glyphs, a hand holding two Red dragons (7z) draws every tile at its slot
    (3 cells apart, the drawn tile kept apart, HK-3.2), each key letter under its tile, and a
    click on each tile, as the terminal shows it, selects that tile."""
    hand = "111m234p56s7z7z1z66z9m"
    app = PlayApp(make_session(hands=(hand, *HANDS_REST)), glyphs=True, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        y = next(i for i, line in enumerate(lines) if line.count(RED) == 2)
        xs = starts(lines[y])
        assert len(xs) == 14
        left = xs[0]
        assert [x - left for x in xs] == hand_positions(13, True)  # the drawn 9m too, after the two dragons
        assert cells_of(lines[y + 1], KEY_LABELS[:14]) == xs
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for dx in (0, 1):  # either cell of the tile's slot (a second click on the selected tile would discard it)
            for i in (12, 13, 0, 11):  # a Red dragon, the drawn tile after them, the first, the other dragon
                await pilot.click(offset=(xs[i] + dx, y))
                await pilot.pause()
                assert screen.selected == i
                await pilot.click(offset=(xs[(i + 1) % 14] - 1, y))  # the cell between two tiles: no tile
                await pilot.pause()
                assert screen.selected == i


@pytest.mark.parametrize("width", [38, 76])
def test_pond_columns_and_clicks_with_red_dragons_hk_4_1(width: int) -> None:
    """A pond holding Red dragons (an opponent's 38-cell panel, your 76-cell one) keeps every
    discard at ``3 * k`` on its line, and a click on either cell of a discard names that discard
    (HK-4.1: the latest is the one that may be claimed)."""
    pond = "7z1m7z7z2p3s" * 5  # 30 discards: several lines
    tiles = parse_tiles(pond)
    tx = Texts("en")
    p = panel(pond)
    if width == 38:
        text = opponent_text(p, tx, True, width).plain.split("\n")[3:]
    else:
        text = you_text(p, [], None, None, tx, True, width).plain.split("\n")[3:]
    k = (width + 1) // STEP
    seen = 0
    for y, line in enumerate(text):
        xs = starts(line)
        assert xs == [STEP * j for j in range(len(xs))], line
        assert [ch for ch in line if is_tile(ch)] == [glyph(t) for t in tiles[seen : seen + len(xs)]]
        for j, x in enumerate(xs):
            for dx in (0, 1):
                assert pond_index_at(x + dx, y, width, len(tiles)) == seen + j
        seen += len(xs)
        assert len(xs) == min(k, len(tiles) - (seen - len(xs)))
    assert seen == len(tiles)


def test_melds_bonus_and_backs_keep_their_slots_hk_3_3() -> None:
    """Melds (a Red dragon pung, a concealed kong of Red dragons shown with its outer tiles face
    down, HK-3.3, a chow) and bonus tiles take two cells a tile, the melds two cells apart."""
    melds = (Meld("pung", tile("7z")), Meld("ckong", tile("7z")), Meld("chow", tile("1m")))
    line = melds_text(melds, glyphs=True).plain
    expected, x = [], 0
    for n in (3, 4, 3):
        expected += [x + 2 * i for i in range(n)]
        x += 2 * n + 2
    assert starts(line) == expected
    assert starts(tiles_text(parse_tiles("7z1f7z2f"), glyphs=True).plain) == [0, 3, 6, 9]
    opp = opponent_text(panel("", melds, bonus="1f2f"), Texts("en"), True, 38).plain.split("\n")[2]
    assert starts(opp)[:10] == expected


def test_end_screen_rows_in_line_with_red_dragons_hk_1() -> None:
    """The end-of-hand screen draws each revealed hand from the same cell, every tile 3 cells on."""
    seats = tuple(
        SeatReveal(seat=i, name=f"P{i}", concealed=tuple(parse_tiles(h)), melds=(), bonus=(), payment=0, total=0)
        for i, h in enumerate(("7z7z7z1m2m3m", "1m2m3m7z1p", "1p2p3p4p5p6p", "1s2s3s4s5s6s"))
    )
    summary = HandSummary(
        kind="draw", title="Draw", detail=(), winner=None, win_tile=None, seats=seats, items=(), fan=None, limit=None,
        base=None, teach=(), match_over=False,
    )
    rows = [line for line in summary_text(summary, Texts("en"), True).plain.split("\n") if any(map(is_tile, line))]
    assert len(rows) == 4
    for line in rows:
        xs = starts(line)
        assert xs == [xs[0] + STEP * j for j in range(len(xs))] and xs[0] == 4, line


@pytest.mark.asyncio
async def test_ponds_and_melds_in_line_and_clicked_at_80x24_hk_4_1(make_session: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80×24 with --glyphs, every panel (three opponents, yours) shows a pond full of Red
    dragons with each discard at ``3 * k`` from the panel's left edge and a Red dragon pung
    before it, in Textual's own rendering; a click on either cell of a discard touches that
    discard (HK-4.1: judged as a claim on it)."""
    session = make_session()
    pond = tuple(parse_tiles("7z1m7z7z2p3s7z9p1z7z5s6s"))
    own = session.panel

    def panel_with_dragons(seat: int) -> SeatPanel:
        return dataclasses.replace(own(seat), pond=pond, latest=len(pond) - 1, melds=(Meld("pung", tile("7z")),))

    monkeypatch.setattr(session, "panel", panel_with_dragons)
    app = PlayApp(session, glyphs=True, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        touched: list[tuple[int, int]] = []
        monkeypatch.setattr(screen, "touch_pond", lambda seat, i: touched.append((seat, i)))
        screen.refresh_view()
        await pilot.pause()
        lines = [strip.text for strip in screen._compositor.render_strips()]
        for wid in ("#left", "#across", "#right", "#you"):
            view = screen.query_one(wid)
            box = view.content_region
            first = box.y + (POND_LINE if wid == "#you" else pond_line(box.width))
            row = inside(lines[first], box.x, box.right)
            assert starts(row) == [STEP * k for k in range(len(pond))], (wid, row)
            assert [ch for ch in row if is_tile(ch)] == [glyph(t) for t in pond]
            assert inside(lines[first - (2 if wid == "#you" else 1)], box.x, box.right).count(RED) == 3  # the pung (after your hand)
            assert isinstance(view, OpponentView | YouView)
            seat = view.seat
            for k in (1, 4, 8, 11):  # the tiles after one, two, three and four Red dragons
                for dx in (0, 1):
                    touched.clear()
                    await pilot.click(offset=(box.x + STEP * k + dx, first))
                    await pilot.pause()
                    assert touched == [(seat, k)], (wid, k, dx)
