"""The game review (:mod:`hkmj.review`) as one self-contained HTML page (issue 14).

Tiles are the project's own SVG faces (:func:`hkmj.server.svg.face`), each defined once as an
inline ``<symbol>`` and drawn with ``<use>`` (``href`` and, for older browsers, ``xlink:href``): no script, no style sheet, font or image from
outside, so the file opens offline in any browser. The biggest mistakes come first, then every
decision hand by hand with every legal action and its value.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from hkmj.review import WIND_WORDS, Decision, Review, action_words, decision_title, distance_words
from hkmj.server.svg import face
from hkmj.tiles import Tile, name, parse_tiles, tile_str

__all__ = ["render_html"]

_STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f1e8;color:#1b2a49}
main{max-width:1000px;margin:0 auto;padding:16px}
h1{font-size:1.5em;margin:.2em 0}h2{margin-top:1.4em;border-bottom:2px solid #d8cfb8}
.t{width:30px;height:40px;vertical-align:middle;margin:0 1px}
.t.s{width:21px;height:28px}
.offer .t{outline:3px solid #c0392b;border-radius:5px}
.mistake{background:#fff;border:1px solid #d8cfb8;border-radius:8px;padding:8px 12px;margin:10px 0}
.mistake h3{margin:.1em 0 .4em;font-size:1.05em}
.loss{color:#c0392b;font-weight:bold}
.ok{color:#23803a}
table{border-collapse:collapse;margin:.4em 0;width:100%}
td,th{border-bottom:1px solid #e4dccb;padding:3px 6px;text-align:left;vertical-align:middle}
th{background:#ece5d3}
tr.played td{background:#fdf0d2}
tr.best td{font-weight:bold}
.num{text-align:right;font-variant-numeric:tabular-nums}
details{background:#fff;border:1px solid #d8cfb8;border-radius:8px;margin:8px 0;padding:4px 10px}
summary{cursor:pointer;font-weight:bold}
.muted{color:#6b7386}
"""


def _symbols(names: Iterable[str]) -> str:
    """Each tile face once, as a ``<symbol id="t-5p">``."""
    out = []
    for n in sorted(set(names)):
        svg = face(n)
        body = re.sub(r"^<svg[^>]*>(<title>[^<]*</title>)?", "", svg).removesuffix("</svg>")
        out.append(f'<symbol id="t-{n}" viewBox="0 0 60 80">{body}</symbol>')
    return '<svg width="0" height="0" style="position:absolute" aria-hidden="true">' + "".join(out) + "</svg>"


class _Page:
    """Collects the tiles used while the body is written."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def tile(self, t: Tile, small: bool = False) -> str:
        n = tile_str(t)
        self.used.add(n)
        cls = "t s" if small else "t"
        label = html.escape(name(t))
        return f'<svg class="{cls}" viewBox="0 0 60 80" role="img" aria-label="{label}" data-tile="{n}"><title>{label}</title><use href="#t-{n}" xlink:href="#t-{n}"/></svg>'

    def tiles(self, ts: Sequence[Tile], small: bool = False) -> str:
        return "".join(self.tile(t, small) for t in ts)

    def melds(self, melds: Sequence[str], small: bool = False) -> str:
        parts = []
        for m in melds:
            kind, _, spec = m.partition(" ")
            try:
                ts = parse_tiles(spec)
            except ValueError:
                parts.append(html.escape(m))
                continue
            parts.append(f'<span class="meld" title="{html.escape(kind)}">{self.tiles(ts, small)}</span>')
        return " ".join(parts)


def _pct(p: float | None) -> str:
    return "–" if p is None else f"{100 * p:.0f}%"


def _hand_html(pg: _Page, d: Decision, small: bool = False) -> str:
    """The player's concealed tiles (the tile just drawn set apart), melds, and the tile on offer."""
    tiles = list(d.concealed)
    drawn = ""
    if d.phase == "turn" and d.drawn is not None and d.drawn in tiles:
        tiles.remove(d.drawn)
        drawn = f' &nbsp;<span class="drawn" title="drawn">{pg.tile(d.drawn, small)}</span>'
    out = pg.tiles(tiles, small) + drawn
    if d.melds:
        out += " &nbsp;" + pg.melds(d.melds, small)
    if d.offered is not None and d.phase in ("claim", "rob"):
        out += f' &nbsp;<span class="offer" title="on offer">{pg.tile(d.offered, small)}</span>'
    return out


def _advice_table(d: Decision) -> str:
    rows = []
    best = d.best.value
    for i, a in enumerate(d.advice):
        cls = " ".join(c for c, on in (("best", i == 0), ("played", a.action == d.played)) if on)
        mark = " (yours)" if a.action == d.played else ""
        rows.append(
            f'<tr class="{cls}"><td>{html.escape(action_words(a.action, d.offered))}{mark}</td>'
            f'<td class="num">{a.value:.2f}</td><td class="num">{best - a.value:+.2f}</td>'
            f'<td class="num">{_pct(a.win)}</td><td>{html.escape(a.note)}</td></tr>'
        )
    head = "<tr><th>action</th><th>value</th><th>behind best</th><th>win chance</th><th>why</th></tr>"
    return f'<table class="advice">{head}{"".join(rows)}</table>'


def _shape_lines(d: Decision) -> str:
    return (
        f"<p>Before: {html.escape(distance_words(d.shanten_before, d.waits_before))}. "
        f"After yours: {html.escape(distance_words(d.shanten_after, d.waits_after))}. "
        f"After the advice: {html.escape(distance_words(d.shanten_advised, d.waits_advised))}.</p>"
    )


def _mistake(pg: _Page, d: Decision, rank: int) -> str:
    mine, best = d.mine, d.best
    return (
        f'<li class="mistake" id="m{rank}" data-loss="{d.loss:.4f}">'
        f'<h3>{html.escape(decision_title(d))} <span class="loss">−{d.loss:.2f} points</span></h3>'
        f'<div class="hand">{_hand_html(pg, d)}</div>'
        f"<p>You: <b>{html.escape(action_words(d.played, d.offered))}</b> (value {mine.value:.2f}, win {_pct(mine.win)}). "
        f"Advisor: <b>{html.escape(action_words(best.action, d.offered))}</b> (value {best.value:.2f}, win {_pct(best.win)})"
        f"{': ' + html.escape(best.note) if best.note else ''}.</p>"
        f"{_shape_lines(d)}{_advice_table(d)}</li>"
    )


def _hand_section(pg: _Page, hand: int, ds: Sequence[Decision]) -> str:
    lost = sum(d.loss for d in ds)
    rows = []
    for d in ds:
        verdict = f'<span class="loss">−{d.loss:.2f}</span>' if not d.agrees else '<span class="ok">as advised</span>'
        advised = "" if d.played == d.best.action else html.escape(action_words(d.best.action, d.offered))
        rows.append(
            f'<tr><td class="num">{d.number}</td><td>{_hand_html(pg, d, small=True)}</td>'
            f"<td>{html.escape(action_words(d.played, d.offered))}</td><td>{advised}</td><td>{verdict}</td>"
            f"<td>{html.escape(distance_words(d.shanten_after, d.waits_after))}</td></tr>"
        )
    seat = WIND_WORDS[ds[0].seat]
    head = "<tr><th>#</th><th>hand</th><th>you</th><th>advisor</th><th>loss</th><th>after yours</th></tr>"
    return (
        f'<details class="hand-review"><summary>Hand {hand} ({seat}): {len(ds)} decisions, '
        f"{lost:.2f} points lost</summary><table>{head}{''.join(rows)}</table></details>"
    )


def render_html(r: Review, top: int = 20) -> str:
    """The whole review page (see the module docstring); ``top`` mistakes are shown in full."""
    pg = _Page()
    n = len(r.decisions)
    agree = sum(1 for d in r.decisions if d.agrees)
    bad = r.mistakes
    parts = [
        f"<h1>Review of {html.escape(r.player)}</h1>",
        f'<p class="muted">{r.hands} hand{"s" if r.hands != 1 else ""} of {html.escape(r.rules)}, against the {html.escape(r.advisor)} bot. '
        "Values are the advisor's expected points for the hand after each action; "
        '"behind best" is how many points an action gives up against the advice.</p>',
    ]
    if n:
        parts.append(
            f'<p id="totals">{n} decisions with a choice: {agree} as good as the advice ({100 * agree / n:.0f}%), '
            f"{n - agree} worse; expected value lost in all: <b>{r.lost:.2f} points</b>.</p>"
        )
    else:
        parts.append('<p id="totals">This player had no decision with a choice to make.</p>')
    parts.append("<h2>Biggest mistakes first</h2>")
    if bad:
        parts.append('<ol class="mistakes">' + "".join(_mistake(pg, d, i) for i, d in enumerate(bad[:top], 1)) + "</ol>")
        if len(bad) > top:
            parts.append(f'<p class="muted">{len(bad) - top} smaller mistakes are in the hands below.</p>')
    else:
        parts.append("<p>No mistake found: every choice was as good as the advisor's.</p>")
    parts.append("<h2>Every decision, hand by hand</h2>")
    by_hand: dict[int, list[Decision]] = {}
    for d in r.decisions:
        by_hand.setdefault(d.hand, []).append(d)
    parts.extend(_hand_section(pg, h, ds) for h, ds in by_hand.items())
    title = html.escape(f"hkmj review: {r.player}")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{_STYLE}</style></head><body>"
        f"{_symbols(pg.used)}<main>{''.join(parts)}</main></body></html>\n"
    )
