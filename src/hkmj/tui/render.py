"""Rich text for each part of the table (no Textual here): panels, your hand, the end-of-hand
summary and the ranking, plus the geometry that maps a click back to a tile.

Tiles sit in slots of :data:`~hkmj.tui.faces.SLOT` cells, one cell apart, so tile ``i`` of a
row starts at ``3 * i``; the drawn tile stands :data:`DRAWN_GAP` cells further right.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from hkmj.rulesets import SeatScoring
from hkmj.tiles import N_TILE_IDS, Tile, short_name
from hkmj.tui.faces import LATEST_BG, SELECTED_BG, SLOT, melds_text, tile_text, tiles_text
from hkmj.tui.session import HandSummary, SeatPanel
from hkmj.tui.texts import Texts

__all__ = [
    "DRAWN_GAP",
    "KEY_LABELS",
    "POND_LINE",
    "WIDE",
    "french_lines",
    "hand_index_at",
    "hand_positions",
    "glyph_legend",
    "help_text",
    "hint_text",
    "opponent_text",
    "own_scoring",
    "per_line",
    "pond_count_at",
    "pond_index_at",
    "pond_layout",
    "pond_line",
    "pond_text",
    "ranking_text",
    "rules_text",
    "SummaryBody",
    "summary_footer",
    "summary_text",
    "you_text",
]

STEP = SLOT + 1
POND_LINE = 3
"""First line of a narrow opponent panel's pond, and of yours."""
WIDE = 70
"""Panels at least this wide put an opponent's title and seat information on one line."""
DRAWN_GAP = 2
"""Extra cells between your sorted tiles and the tile you just drew (HK-3.2: kept apart)."""
KEY_LABELS = "abdefgijlnorst"
"""The key of each tile of your hand, shown under it: fourteen letters a-t, skipping the
command keys c, h, k, m, p and q (a hand holds at most 14 tiles, HK-3)."""


def per_line(width: int) -> int:
    """Tiles per pond line in ``width`` cells."""
    return max(1, (width + 1) // STEP)


def hand_positions(n: int, has_drawn: bool) -> list[int]:
    """Start cell of each tile of your hand row (``n`` sorted tiles, then the drawn one)."""
    xs = [STEP * i for i in range(n)]
    if has_drawn:
        xs.append(STEP * n + DRAWN_GAP)
    return xs


def hand_index_at(x: int, n: int, has_drawn: bool) -> int | None:
    """The hand tile under cell ``x``, if any.

    >>> hand_index_at(0, 13, True), hand_index_at(2, 13, True), hand_index_at(41, 13, True)
    (0, None, 13)
    """
    for i, start in enumerate(hand_positions(n, has_drawn)):
        if start <= x < start + SLOT:
            return i
    return None


def pond_layout(n: int, width: int, lines: int | None) -> tuple[int, int]:
    """How a pond of ``n`` discards fits ``lines`` lines of ``width`` cells: the number of its
    earliest discards left out, and the tile slots their count (``+7``) takes at the start of the
    first line; ``(0, 0)`` when every discard fits (or ``lines`` is not known). The newest
    discards are always kept, the latest last (the only one that may be claimed, HK-4.1).

    >>> pond_layout(26, 38, 2), pond_layout(27, 38, 2), pond_layout(130, 38, 2)
    ((0, 0), (2, 1), (106, 2))
    """
    k = per_line(width)
    room = k * max(1, lines or 0)
    if lines is None or n <= room:
        return 0, 0
    slots = 1
    while True:
        hidden = n - max(1, room - slots)
        need = -(-(len(f"+{hidden}") + 1) // STEP)  # the count in slots * STEP - 1 cells
        if need <= slots:
            return hidden, slots
        slots = need


def pond_index_at(x: int, y: int, width: int, n: int, lines: int | None = None) -> int | None:
    """The pond tile under cell ``(x, y)`` (``y`` counted from the pond's first line), if any; in
    ``lines`` lines, the earliest discards may be left out (:func:`pond_layout`)."""
    if x < 0 or y < 0 or x % STEP >= SLOT:
        return None
    k = per_line(width)
    if x // STEP >= k:
        return None
    hidden, slots = pond_layout(n, width, lines)
    pos = y * k + x // STEP
    if pos < slots or (lines is not None and y >= max(1, lines)):
        return None
    i = hidden + pos - slots
    return i if i < n else None


def pond_count_at(x: int, y: int, width: int, n: int, lines: int | None) -> bool:
    """Cell ``(x, y)`` (``y`` counted from the pond's first line) is on the count of the earlier
    discards a pond too long for its ``lines`` leaves out (:func:`pond_layout`)."""
    hidden, slots = pond_layout(n, width, lines)
    return bool(hidden) and y == 0 and 0 <= x < slots * STEP - 1


def pond_text(
    pond: Sequence[Tile], latest: int | None, glyphs: bool, width: int, lang: str = "en", lines: int | None = None
) -> Text:
    """A discard pond wrapped to ``width``; the latest discard is highlighted. In ``lines`` lines
    (when known), a pond too long for them shows its newest discards after the count of the
    earlier ones (``+7``, see :func:`pond_layout`)."""
    out = Text()
    k = per_line(width)
    hidden, slots = pond_layout(len(pond), width, lines)
    if hidden:
        out.append(f"+{hidden}".ljust(slots * STEP - 1), style="dim")
    for i in range(hidden, len(pond)):
        pos = slots + i - hidden
        if pos:
            out.append("\n" if pos % k == 0 else " ")
        out.append_text(tile_text(pond[i], glyphs, LATEST_BG if i == latest else None, lang))
    return out


def _melds(p: SeatPanel, tx: Texts, glyphs: bool, width: int | None = None) -> Text:
    """Exposed melds (and declared concealed kongs), then bonus tiles. In ``width`` cells (an
    opponent's side panel at 80 columns) the melds always show whole: the bonus tiles lose their
    label when the line is too long, and those that still don't fit are counted (``+2``)."""
    line = melds_text(p.melds, glyphs, tx.lang) if p.melds else Text(f"{tx('panel.melds')} {tx('panel.none')}", style="dim")
    if not p.bonus:
        return line
    full = line.copy()
    full.append("   " + tx("panel.bonus") + " ", style="dim")
    full.append_text(tiles_text(p.bonus, glyphs, lang=tx.lang))
    if width is None or full.cell_len <= width:
        return full
    if p.melds and line.cell_len + 3 + len(str(len(p.bonus))) > width:  # even a count needs the melds closer
        line = melds_text(p.melds, glyphs, tx.lang, gap=1)
    shown = len(p.bonus)
    def cells(n: int) -> int:  # the line with n bonus tiles, and the count of the others
        rest = len(p.bonus) - n
        return line.cell_len + 2 + max(0, n * STEP - 1) + (len(f" +{rest}") if rest else 0)

    while shown and cells(shown) > width:
        shown -= 1
    line.append("  ")
    line.append_text(tiles_text(p.bonus[:shown], glyphs, lang=tx.lang))
    if shown < len(p.bonus):
        line.append((" " if shown else "") + f"+{len(p.bonus) - shown}", style="dim")
    return line


def _title(p: SeatPanel, tx: Texts, you: bool, width: int | None = None) -> Text:
    """The seat's wind, player and score; whose turn it is as a ``playing`` tag after them, or
    as a ``▶`` before them when the tag would not fit in ``width`` cells."""
    title = Text()
    wind = tx.wind(p.seat)
    if you:
        title.append(tx("panel.you", wind=wind, score=p.score), style="bold")
    else:
        title.append(tx("panel", wind=wind, name=p.name, score=p.score), style="bold")
    if p.turn:
        tag = "  " + tx("panel.turn")
        if width is not None and title.cell_len + len(tag) > width:
            return Text("▶", style="bold reverse") + Text(" ") + title
        title.append(tag, style="bold reverse")
    return title


def _info(p: SeatPanel, tx: Texts, glyphs: bool, you: bool) -> Text:
    """Where the seat sits, its concealed tile count, dealer, bonus tiles (HK-1.3)."""
    info = Text(style="dim")
    if not you:
        if p.relation == "left":  # the only seat you may chow from (HK-4.2)
            info.append(tx("panel.left_note"), style="italic")
        else:
            info.append(tx(f"rel.{p.relation}"))
        info.append(" · " + tx.plural("panel.tiles", p.concealed))
    if p.dealer:
        info.append((" · " if info.plain else "") + tx("panel.dealer"), style="bold #d08700")
    if p.dead:
        info.append((" · " if info.plain else "") + tx("panel.dead"), style="bold red")
    if you and p.bonus:
        info.append((" · " if info.plain else "") + tx("panel.bonus") + " ")
        info.append_text(tiles_text(p.bonus, glyphs, lang=tx.lang))
    return info


def pond_line(width: int) -> int:
    """First line of an opponent's pond: 3, or 2 when the panel is wide enough to put its
    title and seat information on one line."""
    return 2 if width >= WIDE else POND_LINE


def opponent_text(p: SeatPanel, tx: Texts, glyphs: bool, width: int, pond_lines: int | None = None) -> Text:
    """An opponent: title line; where it sits, tile count, dealer (on the title line when wide);
    exposed melds and bonus tiles; then its pond (from line :func:`pond_line`, in ``pond_lines``
    lines when known: its newest discards, see :func:`pond_layout`)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append_text(_title(p, tx, you=False, width=width))
    out.append("   " if width >= WIDE else "\n")
    out.append_text(_info(p, tx, glyphs, you=False))
    out.append("\n")
    out.append_text(_melds(p, tx, glyphs, width))
    out.append("\n")
    out.append_text(pond_text(p.pond, p.latest, glyphs, width, tx.lang, pond_lines))
    return out


def you_text(
    p: SeatPanel,
    row: Sequence[Tile],
    drawn: Tile | None,
    selected: int | None,
    tx: Texts,
    glyphs: bool,
    width: int,
    pond_lines: int | None = None,
) -> Text:
    """Your seat: title and bonus tiles; your hand sorted with the drawn tile apart, then your melds
    (line 1); the key of each tile and a mark under the selected one (line 2); your pond (line 3 on,
    in ``pond_lines`` lines when known: its newest discards, see :func:`pond_layout`)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append_text(_title(p, tx, you=True))
    info = _info(p, tx, glyphs, you=True)
    if info.plain:
        out.append("   ")
        out.append_text(info)
    out.append("\n")
    tiles = list(row) + ([drawn] if drawn is not None else [])
    xs = hand_positions(len(row), drawn is not None)
    line = Text()
    labels = Text()
    for i, (t, x) in enumerate(zip(tiles, xs, strict=True)):
        line.append(" " * (x - line.cell_len))
        line.append_text(tile_text(t, glyphs, SELECTED_BG if i == selected else None, tx.lang))
        labels.append(" " * (x - labels.cell_len))
        key = KEY_LABELS[i] if i < len(KEY_LABELS) else " "
        if i == selected:
            labels.append(key + "▲", style=f"bold #000000 on {SELECTED_BG}")
        else:
            labels.append(key + " ", style="bold")
    if p.melds:
        line.append("    ")
        line.append_text(melds_text(p.melds, glyphs, tx.lang))
    out.append_text(line)
    out.append("\n")
    out.append_text(labels)
    out.append("\n")
    out.append_text(pond_text(p.pond, p.latest, glyphs, width, tx.lang, pond_lines))
    return out


def own_scoring(sc: SeatScoring, tx: Texts) -> str:
    """A non-winner's own score itemised on one line (CL-5.1, CL-5.2, CL-5.4): its point lines
    added up, then the doubles that multiply them (``Pung of 2-8 2 + 2 pungs of dragons 8 = 10;
    doubled by 2 sets of dragons: 10 × 4 = 40``), and the limit when it caps the score (CL-6.2)."""
    from hkmj.scoring.classical import counted  # "2 flowers or seasons": a count, not a doubling

    parts = [f"{counted(i.id, i.label(tx.lang), i.count, tx.lang)}\u00a0{i.value * i.count}" for i in sc.lines]
    line = tx("end.own.lines", lines=" + ".join(parts), points=sc.points)
    if sc.doubled:
        names = ", ".join(counted(i.id, i.label(tx.lang), i.count, tx.lang) for i in sc.doubled)
        line += tx("end.own.doubled", doubles=names, points=sc.points, factor=1 << sc.doubles, score=sc.points << sc.doubles)
    if sc.capped:
        line += tx("end.own.capped", score=sc.score)
    return line


def _wrapped(line: str, width: int | None, indent: str) -> str:
    """``line`` indented, wrapped at ``width`` with its continued lines under its text."""
    if width is None:
        return indent + line
    return "\n".join(textwrap.wrap(line, max(20, width), initial_indent=indent, subsequent_indent=indent + "  ", break_on_hyphens=False))


def summary_text(s: HandSummary, tx: Texts, glyphs: bool, width: int | None = None) -> Text:
    """The end-of-hand screen, most important first so that it reads at 80×24: title, how the
    hand was won, the winner's itemised fan, limit and base (HK-6), why the base becomes each
    payment, then every hand revealed with its payment (where every player scores, CL-5.4, each
    other seat's own score itemised under its tiles, wrapped at ``width`` when given), the new
    totals and teaching notes. The line telling which key goes on is :func:`summary_footer`
    (kept in view by the screen)."""
    wrap_at = width

    def said(text: str) -> str:
        """French broken here, never before ": ; ! ?"; a sentence holding no-break spaces (CL-7's
        "East\u00a0-224\u00a0· South …") broken here too, never at one: Rich breaks at both."""
        if not wrap_at:
            return text
        if tx.lang == "fr":
            return french_lines(text, wrap_at)
        if "\u00a0" in text:
            return "\n".join("\n".join(textwrap.wrap(p, wrap_at, break_on_hyphens=False)) for p in text.split("\n"))
        return text

    out = Text()
    out.append(said(s.title) + "\n", style="bold")
    for d in s.detail:
        out.append(said(d) + "\n")
    if s.kind == "win":
        out.append("\n")
        fan = s.unit == "fan"
        total = tx("end.total_fan") if fan else tx("end.total_points")
        width = max([len(total)] + [len(n) for n, _ in s.items] + [len(s.minimum[0]) if s.minimum else 0]) + 2
        unit = tx("end.fan") if fan else tx("unit.points")
        col = max(4, len(unit))  # the numbers end under the heading's last letter ("points", 6 letters)
        out.append(f"{tx('end.element'):<{width}}{unit:>{col}}\n", style="bold")
        for item_name, value in s.items:
            out.append(f"{item_name:<{width}}{value:>{col}}\n")
        if fan and not s.items and not s.limit:
            out.append(tx("end.no_element") + "\n", style="italic")
        out.append(f"{total:<{width}}{s.fan:>{col}}\n", style="bold")
        if s.minimum is not None:  # MCR-5.1: what the minimum reads, as hkmj score prints it
            out.append(f"{s.minimum[0]:<{width}}{s.minimum[1]:>{col}}\n")
        if s.limit:
            out.append(tx("end.limit", name=s.limit) + "\n", style="bold #d08700")
        if s.base is not None:
            out.append(tx("end.base", base=s.base) + "\n", style="bold")
    if s.why_paid:
        out.append(said(s.why_paid) + "\n")
    out.append("\n" + tx("end.hands") + "\n", style="bold underline")
    name_w = max(len(r.name) for r in s.seats)
    for r in s.seats:
        mark = "★ " if r.seat == s.winner else "  "
        out.append(f"{mark}{tx.wind(r.seat):<6} {r.name:<{name_w}} ", style="bold" if r.seat == s.winner else "")
        out.append(f"{r.payment:>+5}", style="green" if r.payment > 0 else "red" if r.payment < 0 else "")
        if r.own is not None:  # every player scores (classical, CL-5.4)
            points, doubles, score = r.own
            out.append("  " + tx("end.own", points=tx.plural("pts", points), doubles=tx.plural("dbl", doubles), score=score))
        out.append("\n")
        out.append("    ")
        out.append_text(tiles_text(r.concealed, glyphs, lang=tx.lang))
        if r.melds:
            out.append("   ")
            out.append_text(melds_text(r.melds, glyphs, tx.lang))
        if r.bonus:
            out.append("   ")
            out.append_text(tiles_text(r.bonus, glyphs, lang=tx.lang))
        out.append("\n")
        if r.scoring is not None and r.seat != s.winner and r.scoring.lines:  # the winner's is itemised above
            out.append(_wrapped(own_scoring(r.scoring, tx), wrap_at, "    ") + "\n", style="#87afaf")
    head = tx("end.totals") + tx("colon")
    out.append("\n" + head, style="bold")
    out.append(_totals(head, [f"{r.name} {r.total:+d}" for r in s.seats], wrap_at))  # the seat order of the hands above
    for line in s.teach:
        out.append("\n\n" + said(line), style="italic #5f87d7")
    return out


class SummaryBody:
    """The end-of-hand summary (:func:`summary_text`) as a Rich renderable wrapped at the width it
    is drawn at, its first frame included: a long itemised line (a non-winner's own score, CL-5.4)
    continues under its own text, and French never breaks before ": ; ! ?". (The screen drew the
    summary unwrapped first, Rich breaking such a line at the box's margin, and wrapped it only
    once it had measured its width: for an instant the line showed unindented.)"""

    def __init__(self, summary: HandSummary, tx: Texts, glyphs: bool) -> None:
        self.summary = summary
        self.tx = tx
        self.glyphs = glyphs

    @property
    def plain(self) -> str:
        """The summary's text, unwrapped."""
        return summary_text(self.summary, self.tx, self.glyphs).plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield summary_text(self.summary, self.tx, self.glyphs, max(1, options.max_width - 1))


def _totals(head: str, entries: list[str], width: int | None) -> str:
    """The players' totals after ``head``, ``  ·  `` between them; given the ``width``, a line
    that would pass it is broken between two players, never inside one's name."""
    if width is None:
        return "  ·  ".join(entries)
    lines = [""]
    used = len(head)
    for entry in entries:
        if lines[-1] and used + len("  ·  ") + len(entry) > width:
            lines.append("")
            used = 0
        if lines[-1]:
            lines[-1] += "  ·  "
            used += len("  ·  ")
        lines[-1] += entry
        used += len(entry)
    return "\n".join(lines)


def summary_footer(s: HandSummary, tx: Texts) -> Text:
    """The key that goes on from the end-of-hand screen (always in view, below the summary)."""
    return Text(tx("end.last" if s.match_over else "end.continue"), style="reverse")


GLYPH_ROWS = (range(0, 9), range(9, 18), range(18, 27), range(27, 34), range(34, N_TILE_IDS))
"""The help's glyph legend: characters, circles, bamboo, the honours, the bonus tiles (HK-1)."""


def glyph_legend(lang: str = "en") -> list[Text]:
    """Each tile's Unicode glyph over its text face, a row of each kind (for ``--glyphs``)."""
    rows: list[Text] = []
    for kinds in GLYPH_ROWS:
        rows.append(Text("  ").append_text(tiles_text(kinds, glyphs=True)))
        rows.append(Text("  ").append_text(tiles_text(kinds, lang=lang)))
    return rows


def help_text(body: str, lang: str = "en", width: int | None = None, legend: tuple[str, str] | None = None) -> Text:
    """The help page: headings in bold; on the lines that name the tiles (``5m = …``,
    ``E S W N = …``), each tile face coloured as on the table. Given the ``width`` it is shown
    at, an indented line too long for it continues under its own text (a bullet's text after
    its ``•``), not at the left margin. Given ``legend`` = (the body's line about ``--glyphs``,
    what to say instead), that line is replaced by the words and :func:`glyph_legend`."""
    out = Text()
    faces = {short_name(t, lang): t for t in range(N_TILE_IDS)}
    for line in body.split("\n"):
        if legend is not None and line == legend[0]:
            for piece in _hang(legend[1], width, lang):
                out.append(piece + "\n")
            for row in glyph_legend(lang):
                out.append_text(row)
                out.append("\n")
            continue
        if line and line.isupper():
            out.append(line + "\n", style="bold underline")
            continue
        tiles = line.startswith("  ") and ("=" in line or "F1" in line)
        for piece in _hang(line, width, lang):
            text = Text(piece)
            if tiles:
                for m in re.finditer(r"(?<![\w-])\w{1,2}(?![\w-])", piece):
                    t = faces.get(m.group())
                    if t is not None:
                        text.stylize(str(tile_text(t, lang=lang).style), m.start(), m.end())
            out.append_text(text)
            out.append("\n")
    return out


def rules_text(line: str, width: int | None = None) -> Text:
    """The help's first line, the table's ruleset and house options (``This table: Hong Kong ·
    minimum 3 fan · …``), in bold, then a blank line before the help's first heading. Given the
    ``width`` it is shown at, a line that would pass it is broken after a `` ·``, never inside an
    option's words nor before a ``·`` (a line opening on the separator reads as a list item)."""
    if width is None:
        return Text(line + "\n", style="bold")
    entries = line.split(" · ")
    lines = [entries[0]]
    for i, entry in enumerate(entries[1:], 1):
        tail = 0 if i == len(entries) - 1 else len(" ·")  # this entry's own separator, if it is not the last
        if len(lines[-1]) + len(" · ") + len(entry) + tail > width:
            lines[-1] += " ·"
            lines.append(entry)
        else:
            lines[-1] += " · " + entry
    return Text("\n".join(lines) + "\n", style="bold")


def hint_text(title: str, lines: Sequence[str], width: int | None = None, room: int | None = None, lang: str = "en") -> Text:
    """The hint panel (key h): ``title`` in bold before the first of the hint's ``lines``. Given
    the ``width`` it is shown at, an indented line too long for it (a discard's line, MCR-5.1's
    waits) continues under its own text, two cells further in, not at the left margin; given the ``room`` (its height),
    the last discards are left out while the whole does not fit, the best one always kept. In
    French (``lang``) every line is broken here, never before ``: ; ! ? »`` nor after ``«``."""
    lines = list(lines)
    french = lang == "fr"

    def wrap(text: str, **kw: Any) -> list[str]:
        return _fill(text, width or 1, french, break_long_words=False, **kw)

    def rows(line: str, first: bool = False) -> list[str]:
        if width is None or width <= 0:
            return [line]
        if line.startswith(" "):  # a discard's line: its continuations two cells further in than its tile
            lead = len(line) - len(line.lstrip())
            return wrap(line.strip(), initial_indent=" " * lead, subsequent_indent=" " * (lead + 2)) or [line]
        return wrap(title + line if first else line) or [""]

    def height() -> int:
        return sum(len(rows(line, i == 0)) for i, line in enumerate(lines))

    discards = len(lines) - next((i for i in range(len(lines) - 1, -1, -1) if not lines[i].startswith("  ")), -1) - 1
    while room is not None and discards > 1 and height() > room:
        lines.pop()
        discards -= 1
    if french and width and lines and not lines[0].startswith(" "):  # broken here, not by the panel (Rich breaks before ":"): the title in bold
        shown = "\n".join(rows(lines[0], True))
        j = 0
        for ch in title:  # where the title ends in its rows: a space of it may have become a break, or gone
            if j < len(shown) and (shown[j] == ch or (ch == " " and shown[j] == "\n")):
                j += 1
        out = Text(shown[:j], style="bold")
        out.append(shown[j:])
    else:
        out = Text(title, style="bold")
    for i, line in enumerate(lines):
        if french and width and not line.startswith(" "):
            if i:
                out.append("\n" + "\n".join(rows(line)))
            continue
        out.append(("\n" if i else "") + (line if not line.startswith(" ") else "\n".join(rows(line))))
    return out


_KEPT = "\x1f"
"""Stands for a French sign's space (before ``: ; ! ? »``, after ``«``) while a line is filled:
never a place to break it."""


def _hang(line: str, width: int | None, lang: str = "en") -> list[str]:
    """``line`` as it fits ``width``: an indented line's continuations hang under its text; in
    French no continuation starts with ``: ; ! ? »`` and no line ends on ``«`` (a line at the left
    margin is filled here too: the screen's own wrapping breaks at any space)."""
    if width is None or len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip())
    hang = lead + (2 if line.lstrip().startswith("• ") else 0)
    return _fill(line.strip(), width, lang == "fr", initial_indent=" " * lead, subsequent_indent=" " * hang, break_long_words=False)


def _fill(text: str, width: int, french: bool, **kw: Any) -> list[str]:
    """``text`` filled into lines of ``width`` cells (:func:`textwrap.wrap` with ``kw``, never at a
    hyphen, nor between a word and the count after it: ``Hand 1/4``, ``Donne 1/4``); in French
    (``french``) never broken before ``: ; ! ? »`` nor after ``«``."""
    text = re.sub(r"(?<=\w) (?=\d+/\d+\b)", _KEPT, text)
    if french:
        text = re.sub(r" +(?=[:;!?»])|(?<=«) +", lambda m: _KEPT * len(m.group()), text)
    return [piece.replace(_KEPT, " ") for piece in textwrap.wrap(text, width, break_on_hyphens=False, **kw)]


def french_lines(text: str, width: int) -> str:
    """``text`` in French broken into lines of at most ``width`` cells, as the log shows it: no
    line starts with ``: ; ! ? »`` nor ends on ``«`` (the space before the sign, or after ``«``,
    is never a place to break; Rich's own wrapping breaks there). Its own line breaks are kept."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        out.extend(_fill(paragraph, max(width, 1), True) or [""])
    return "\n".join(out)


def ranking_text(rows: Sequence[tuple[int, str, int]], hands: int, tx: Texts) -> Text:
    """The final ranking (HK-7.3: best total wins, ties shared)."""
    out = Text(tx.plural("rank.title", hands) + "\n\n", style="bold")
    for rank, name, total in rows:
        out.append(tx("rank.row", rank=rank, name=name, total=total) + "\n", style="bold" if rank == 1 else "")
    out.append("\n" + tx("rank.quit"), style="reverse")
    return out
