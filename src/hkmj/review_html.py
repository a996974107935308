"""The game review (:mod:`hkmj.review`) as one self-contained HTML page.

Tiles are the project's own SVG faces (:func:`hkmj.server.svg.face`), each defined once as an
inline ``<symbol>`` and drawn with ``<use>`` (``href`` and, for older browsers, ``xlink:href``): no script, no style sheet, font or image from
outside, so the file opens offline in any browser. The biggest mistakes come first, then every
decision hand by hand with every legal action and its value. The page is written in English or
French (``lang``, :mod:`hkmj.review_words`): its words, the tiles' names and the wind letters
drawn on the tiles (:func:`hkmj.server.svg.face`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from hkmj.review import Decision, Review, decision_title, proxy_words
from hkmj.review_words import Words, words
from hkmj.server.svg import face
from hkmj.tiles import Tile, parse_tiles, tile_str

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
.muted{color:#5f6678}
a.jump{font-size:.85em;font-weight:normal;margin-left:.5em;white-space:nowrap}
tr:target td{background:#ffe08a}.mistake:target{outline:3px solid #e0b000}
@media (max-width:600px){main{padding:8px}ol.mistakes{padding-left:1.4em}.mistake{padding:6px 8px}details{padding:4px 6px}
table{font-size:13px}td,th{padding:2px 3px}.t{width:24px;height:32px}
.advice tr{display:grid;grid-template-columns:1fr 4.2em 4.2em 4.6em;border-bottom:1px solid #e4dccb}.advice th{font-size:11px}
.advice td,.advice th{border:none}.advice td:last-child,.advice th:last-child{grid-column:1/-1;color:#4a5266}
.hand-review tr{display:grid;grid-template-columns:1.8em 1fr 1fr auto;border-bottom:1px solid #e4dccb}
.hand-review td,.hand-review th{border:none}.hand-review :is(td,th):nth-child(2){grid-column:2/-1}
.hand-review :is(td,th):nth-child(3){grid-column:2}.hand-review :is(td,th):nth-child(6){grid-column:2/-1;color:#4a5266}}
"""


def _symbols(names: Iterable[str], lang: str) -> str:
    """Each tile face once, as a ``<symbol id="t-5p">`` (its letters in ``lang``)."""
    out = []
    for n in sorted(set(names)):
        svg = face(n, lang)
        body = re.sub(r"^<svg[^>]*>(<title>[^<]*</title>)?", "", svg).removesuffix("</svg>")
        out.append(f'<symbol id="t-{n}" viewBox="0 0 60 80">{body}</symbol>')
    return '<svg width="0" height="0" style="position:absolute" aria-hidden="true">' + "".join(out) + "</svg>"


class _Page:
    """Collects the tiles used while the body is written, in one language."""

    def __init__(self, lang: str) -> None:
        self.used: set[str] = set()
        self.w: Words = words(lang)

    def t(self, text: str) -> str:
        """Plain text for the page: escaped, with French typography in French."""
        return html.escape(self.w.typo(text))

    def tile(self, t: Tile, small: bool = False) -> str:
        n = tile_str(t)
        self.used.add(n)
        cls = "t s" if small else "t"
        label = html.escape(self.w.tile(t))
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
            parts.append(f'<span class="meld" title="{self.t(self.w.meld_kind(kind))}">{self.tiles(ts, small)}</span>')
        return " ".join(parts)


def _hand_html(pg: _Page, d: Decision, small: bool = False) -> str:
    """The player's concealed tiles (the tile just drawn set apart), melds, and the tile on offer."""
    tiles = list(d.concealed)
    drawn = ""
    if d.phase == "turn" and d.drawn is not None and d.drawn in tiles:
        tiles.remove(d.drawn)
        drawn = f' &nbsp;<span class="drawn" title="{pg.t(pg.w("html.drawn"))}">{pg.tile(d.drawn, small)}</span>'
    out = pg.tiles(tiles, small) + drawn
    if d.melds:
        out += " &nbsp;" + pg.melds(d.melds, small)
    if d.offered is not None and d.phase in ("claim", "rob"):
        out += f' &nbsp;<span class="offer" title="{pg.t(pg.w("html.offered"))}">{pg.tile(d.offered, small)}</span>'
    return out


def _num(w: Words, x: float) -> str:
    """A value as the page prints every number: a negative one with the minus sign (−0.23, as the
    losses in its headings), not a hyphen."""
    return w.num(x).replace("-", "\u2212")


def _advice_table(pg: _Page, d: Decision) -> str:
    w = pg.w
    rows = []
    best = d.best.value
    for i, a in enumerate(d.advice):
        cls = " ".join(c for c, on in (("best", i == 0), ("played", a.action == d.played)) if on)
        mark = w("html.yours") if a.action == d.played else ""
        rows.append(
            f'<tr class="{cls}"><td>{pg.t(w.action(a.action, d.offered) + mark)}</td>'
            f'<td class="num">{_num(w, a.value)}</td><td class="num">{"+" if best - a.value >= 0 else "−"}{w.num(abs(best - a.value))}</td>'
            f'<td class="num">{pg.t(w.pct(a.win, "–"))}</td><td>{pg.t(w.note(a.note) or "")}</td></tr>'
        )
    cols = ("action", "value", "behind", "win", "why")
    head = "<tr>" + "".join(f"<th>{pg.t(w('html.col.' + c))}</th>" for c in cols) + "</tr>"
    return f'<table class="advice">{head}{"".join(rows)}</table>'


def _shape_lines(pg: _Page, d: Decision) -> str:
    w = pg.w
    text = w(
        "html.shape",
        before=d.shape("before", w.lang),
        after=d.shape("after", w.lang),
        advised=d.shape("advised", w.lang),
    )
    return f"<p>{pg.t(text)}</p>"


def _mistake(pg: _Page, d: Decision, rank: int, row: str) -> str:
    w = pg.w
    mine, best = d.mine, d.best
    note = w.note(best.note)
    you = w("html.you", action=pg.t(w.action(d.played, d.offered)), value=_num(w, mine.value), win=pg.t(w.pct(mine.win, "–")))
    advisor = w(
        "html.advisor",
        action=pg.t(w.action(best.action, d.offered)),
        value=_num(w, best.value),
        win=pg.t(w.pct(best.win, "–")),
        note=pg.t(w("html.note", note=note)) if note else "",
    )
    return (
        f'<li class="mistake" id="m{rank}" data-loss="{d.loss:.4f}">'
        f'<h3>{pg.t(decision_title(d, w.lang))} <span class="loss">{pg.t(w("html.loss", points=w.points(d.loss)))}</span>'
        f'<a class="jump" href="#{row}">{pg.t(w("html.to_table", hand=d.hand))}</a></h3>'
        f'<div class="hand">{_hand_html(pg, d)}</div>'
        f"<p>{w.typo(you)} {w.typo(advisor)}</p>"
        f"{_shape_lines(pg, d)}{_advice_table(pg, d)}</li>"
    )


def _hand_section(pg: _Page, hand: int, ds: Sequence[Decision], rows_of: dict[int, str], ranks: dict[int, int]) -> str:
    """A hand's decisions, folded; each row has the id ``rows_of`` gives it, and a row among the
    biggest mistakes (``ranks``) links back to that mistake (``#m3``)."""
    w = pg.w
    lost = sum(d.loss for d in ds)
    rows = []
    for d in ds:
        # a different choice worth the advice (within the review's tolerance) is "as good", not "as advised"
        agreed = w("html.as_advised" if d.played == d.best.action else "html.as_good")
        verdict = f'<span class="loss">−{w.num(d.loss)}</span>' if not d.agrees else f'<span class="ok">{pg.t(agreed)}</span>'
        if (rank := ranks.get(id(d))) is not None:
            verdict += f' <a class="jump" href="#m{rank}">{pg.t(w("html.to_mistake", rank=rank))}</a>'
        advised = "" if d.played == d.best.action else pg.t(w.action(d.best.action, d.offered))
        rows.append(
            f'<tr id="{rows_of[id(d)]}"><td class="num">{d.number}</td><td>{_hand_html(pg, d, small=True)}</td>'
            f"<td>{pg.t(w.action(d.played, d.offered))}</td><td>{advised}</td><td>{verdict}</td>"
            f"<td>{pg.t(d.shape('after', w.lang))}</td></tr>"
        )
    cols = ("number", "hand", "you", "advisor", "loss", "after")
    head = "<tr>" + "".join(f"<th>{pg.t(w('html.col.' + c))}</th>" for c in cols) + "</tr>"
    title = w("html.hand", hand=hand, wind=w.wind(ds[0].seat), decisions=w.plural("decisions", len(ds)), lost=w.points(lost))
    return f'<details class="hand-review"><summary>{pg.t(title)}</summary><table>{head}{"".join(rows)}</table></details>'


def render_html(r: Review, top: int = 20, lang: str = "en") -> str:
    """The whole review page in ``lang`` (``en``, ``fr``; see the module docstring); ``top``
    mistakes are shown in full."""
    pg = _Page(lang)
    w = pg.w
    n = len(r.decisions)
    agree = sum(1 for d in r.decisions if d.agrees)
    bad = r.mistakes
    player = r.player_in(lang)
    hands = w.plural("hands", r.hands, rules=r.rules_in(lang))
    parts = [
        f"<h1>{pg.t(w('html.h1', player=player))}</h1>",
        f'<p class="muted">{pg.t(w("html.intro", hands=hands, advisor=w.bot(r.advisor)))}</p>',
    ]
    parts.extend(f'<p class="cut">{pg.t(w("cut", hand=hand))}</p>' for hand in r.cut)
    if r.stopped:
        parts.append(f'<p class="cut">{pg.t(w("stopped", hand=r.stopped))}</p>')
    if r.others:
        parts.append(f'<p class="others muted">{pg.t(w.plural("others", r.others))}</p>')
    if r.proxy and n:
        parts.append(f'<p class="proxy muted">{pg.t(proxy_words(r, lang))}</p>')
    if n:
        mark = "\x00"
        totals = w("totals", decisions=w.plural("decisions", n), agree=agree, pct=w.pct(agree / n), worse=n - agree, lost=mark)
        parts.append(f'<p id="totals">{pg.t(totals).replace(mark, f"<b>{pg.t(w.points(r.lost))}</b>")}</p>')
    else:
        parts.append(f'<p id="totals">{pg.t(w("none.others" if r.others else "none"))}</p>')
    if not n:  # nothing to rank nor to list: said once, as the summary says it
        return _page(pg, w, player, parts)
    parts.append(f"<h2>{pg.t(w('html.h.mistakes'))}</h2>")
    rows_of = {id(d): f"d{i}" for i, d in enumerate(r.decisions, 1)}  # each decision's row in its hand's table
    ranks = {id(d): i for i, d in enumerate(bad[:top], 1)}
    if bad:
        parts.append('<ol class="mistakes">' + "".join(_mistake(pg, d, i, rows_of[id(d)]) for i, d in enumerate(bad[:top], 1)) + "</ol>")
        if len(bad) > top:
            parts.append(f'<p class="muted">{pg.t(w.plural("html.more", len(bad) - top))}</p>')
    else:
        parts.append(f"<p>{pg.t(w('no_mistake'))}</p>")
    parts.append(f"<h2>{pg.t(w('html.h.hands'))}</h2>")
    by_hand: dict[int, list[Decision]] = {}
    for d in r.decisions:
        by_hand.setdefault(d.hand, []).append(d)
    parts.extend(_hand_section(pg, h, ds, rows_of, ranks) for h, ds in by_hand.items())
    return _page(pg, w, player, parts)


CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
"""The page's own Content-Security-Policy, in a ``<meta>``: no script runs and nothing is fetched,
whatever a record's text might hold, also in the file ``hkmj review --html`` writes, which a
browser opens from disk without the policy the server sends with it."""


def _page(pg: _Page, w: Words, player: str, parts: list[str]) -> str:
    """The whole page around its ``parts``."""
    title = pg.t(w("html.title", player=player))
    lang = w.lang
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{_STYLE}</style></head><body>"
        f"{_symbols(pg.used, lang)}<main>{''.join(parts)}</main></body></html>\n"
    )
