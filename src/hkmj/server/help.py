"""The browser's "How to play" page (``GET /help``), in English or French.

The rules come from the terminal help (``help.body`` in :mod:`hkmj.tui.texts`), so both front
ends teach the same thing: the page's eight sections are, in order, the goal, the tiles, your turn,
after a discard, your first hand, help while playing, scoring and common mistakes (the terminal's
section on its own screen, :data:`TERMINAL_ONLY`, is left out). The three
sections about controls (keys of the terminal) are replaced by their browser versions below,
and the tiles are shown as the pictures the table uses (HK-1) instead of the terminal's
letters; the others are shown as they are. ``GET /help?rules=mcr`` (or ``classical``) gives the
page as that ruleset's table words it, citing its own rules (MCR-…, CL-…; see
:mod:`hkmj.tui.rules_texts`). Pure: builds a string, no I/O.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from hkmj.rulesets import RULESETS, RulesetError, get_ruleset
from hkmj.tiles import HONOUR, N_KINDS, N_TILE_IDS, name, tile_str
from hkmj.tui.rules_texts import FLOWERS, cite
from hkmj.tui.texts import LANGS, Texts

__all__ = ["cite_spans", "help_page", "pick_lang", "pick_rules", "sections", "typography"]

CITATION = re.compile(r"\b(?:HK|MCR|CL)-\d+(?:\.\d+)*(?:[-–]\d+(?:\.\d+)*)?")
"""A rule's citation (HK-4.1, MCR-5.2.5, CL-6, HK-5.1-5.4), kept on one line by :func:`cite_spans`."""

TERMINAL_ONLY = frozenset({"THE TABLE", "LA TABLE"})
"""The headings of the terminal help's sections about the terminal's own screen (its panels, their
counts and labels), left out of the page: the browser's table is laid out otherwise."""

CONTROLS: dict[str, dict[int, tuple[str, str]]] = {
    "en": {
        2: (
            "YOUR TURN",
            "You draw one tile automatically; it is shown apart, at the right end of your hand. Then discard one tile: "
            "click it, or choose it with ← → and press Enter (d discards the tile you just drew). When you may declare "
            "a kong, a button under your hand offers it (HK-3.3). If your hand is complete, press Mahjong! (or m).",
        ),
        3: (
            "AFTER A DISCARD",
            "The latest discard is shown in the middle of the table and outlined in its player's pond. If you can use it, "
            "buttons under your hand show your choices: Pung (you hold two of that tile), Chow 3-4-5 Characters (only "
            "from the player on your left, who plays just before you), Kong (you hold three), Mahjong! (it completes "
            "your hand), or Pass. The keys are the terminal's: p pung, c chow, k kong, m Mahjong!, Space passes.\nOnly the latest discard can be taken, and only before the next player draws "
            "(HK-4.1).\nA pond too long for its rows shows its newest discards, the latest last, after the count of the "
            "earlier ones (+7): click the count to show the whole pond, and − to show the newest again.\n"
            "After a chow or pung you discard without drawing; the players in between lose their turn.",
        ),
        5: (
            "HELP WHILE PLAYING",
            "The Hint button (or h) suggests a move, says how far your hand is from ready and which tiles it waits for.\n"
            "The line under your hand always says what you can do now; the middle of the table lists the latest moves.\n"
            "A table with bots is a teaching table by default: a false Mahjong is refused and explained instead of "
            "penalised (HK-5.7), and there is no decision timer.\nAt the end of a hand, press Next hand (or Enter) once you "
            "have read the result.",
        ),
    },
    "fr": {
        2: (
            "VOTRE TOUR",
            "Vous piochez une tuile automatiquement\u00a0; elle est à part, à droite de votre main. Puis défaussez une tuile\u00a0: "
            "cliquez-la, ou choisissez-la avec ← → puis Entrée (d défausse la tuile que vous venez de piocher). Quand vous "
            "pouvez déclarer un kong, un bouton sous votre main le propose (HK-3.3). Si votre main est complète, "
            "appuyez sur Mahjong\u00a0! (ou m).",
        ),
        3: (
            "APRÈS UNE DÉFAUSSE",
            "La dernière défausse est montrée au milieu de la table et entourée dans les défausses de son joueur. Si vous "
            "pouvez l'utiliser, des boutons sous votre main proposent vos choix\u00a0: Pung (vous avez deux fois cette tuile), "
            "Chow 3-4-5 Caractères (seulement du joueur à votre gauche, qui joue juste avant vous), Kong (vous en "
            "avez trois), Mahjong\u00a0! (elle complète votre main), ou Passer. Les touches sont celles du terminal\u00a0: p pung, "
            "c chow, k kong, m Mahjong\u00a0!, Espace passe.\nSeule la dernière défausse peut être "
            "prise, et seulement avant la pioche suivante (HK-4.1).\nDes défausses trop nombreuses pour leurs lignes "
            "montrent les plus récentes, la dernière à la fin, après le nombre des plus anciennes (+7)\u00a0: cliquez ce "
            "nombre pour les montrer toutes, et − pour ne montrer à nouveau que les plus récentes.\nAprès un chow ou un "
            "pung vous défaussez sans "
            "piocher\u00a0; les joueurs entre-temps perdent leur tour.",
        ),
        5: (
            "DE L'AIDE EN JOUANT",
            "Le bouton Conseil (ou h) propose un coup et dit combien de tuiles séparent votre main d'une main prête, et quelles "
            "tuiles elle attend.\nLa ligne sous votre main dit toujours ce que vous pouvez faire\u00a0; le milieu de la table "
            "montre les derniers coups.\nUne table avec des robots est par défaut une table d'apprentissage\u00a0: un faux "
            "Mahjong y est refusé et expliqué au lieu d'être pénalisé (HK-5.7), et il n'y a pas de limite de temps.\nÀ la "
            "fin d'une donne, appuyez sur Donne suivante (ou Entrée) une fois le résultat lu.",
        ),
    },
}
"""The browser versions of the sections about controls, by language and section index."""

TILES_NOTE = {
    "en": "Flowers and seasons are bonus tiles: they are set aside and replaced for you (HK-3.2).",
    "fr": "Les fleurs et les saisons sont des tuiles bonus\u00a0: elles sont mises de côté et remplacées pour vous (HK-3.2).",
}
FLOWERS_ARE = {"en": "Flowers and seasons", "fr": "Les fleurs et les saisons"}
"""The subject of :data:`hkmj.tui.rules_texts.FLOWERS` on the help page, which shows the tiles as pictures."""
TILES_SECTION = 1
"""Index of the section about the tiles (shown as pictures)."""

PAGE = {
    "en": {"back": "Back to the tables", "other": "Français", "other_lang": "fr"},
    "fr": {"back": "Retour aux tables", "other": "English", "other_lang": "en"},
}


def pick_lang(query: str | None, accept: str | None) -> str:
    """The page language: ``?lang=`` if it is one we have, else the browser's first choice, else English."""
    if query in LANGS:
        return query
    first = (accept or "").split(",")[0].strip().lower()
    return "fr" if first.startswith("fr") else "en"


def pick_rules(query: str | None) -> str:
    """The page's ruleset: ``?rules=`` if it is one we have, else Hong Kong."""
    return query if query in RULESETS else "hk"


def pick_options(rules: str, query: Mapping[str, str]) -> dict[str, str]:
    """The house options of a ``rules`` table named in the page's query (``?minfan=3&payment=half-shooter``, as the
    table's help link gives them): each one the ruleset knows with a value it accepts, as the ruleset reads it (a
    listed choice, or a number in its range: nothing else of the query reaches the page); anything else is left out."""
    out: dict[str, str] = {}
    for option in RULESETS[rules].OPTIONS:
        value = query.get(option.key)
        if value is None:
            continue
        try:
            out[option.key] = get_ruleset(rules, {option.key: value}).options[option.key]  # as the ruleset reads it
        except RulesetError:
            continue
    return out


def _texts(lang: str, rules: str, options: Mapping[str, str] | None) -> Texts:
    """The words of a ``rules`` table with house ``options``, as the terminal's help says them (a house minimum,
    payment or penalty replaces the rules' own sentence)."""
    ruleset = get_ruleset(rules, options)
    if not ruleset.changed_options():
        return Texts(lang, rules)
    return Texts(lang, rules, penalty=ruleset.false_mahjong_payments(2, 1)[3], house=ruleset.options)


def sections(lang: str, rules: str = "hk", options: Mapping[str, str] | None = None) -> list[tuple[str, list[str]]]:
    """The help's sections as (heading, lines): the terminal's rules, the browser's controls.

    A section ends at its first blank line, which leaves out the terminal's own closing note
    (which keys close the help); the terminal's ``--teach`` option is not mentioned."""
    body = _texts(lang, rules, options)("help.body")
    out: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line and not line[0].isspace() and line == line.upper() and any(c.isalpha() for c in line):
            out.append((line, []))
        elif out and (out[-1][1] or line.strip()):
            out[-1][1].append(line)
    out = [(heading, lines) for heading, lines in out if heading not in TERMINAL_ONLY]  # the browser's table is its own
    result = []
    for i, (heading, lines) in enumerate(out):
        if i in CONTROLS[lang]:
            heading, text = CONTROLS[lang][i]
            lines = cite(text, rules).split("\n")
        kept = lines[: lines.index("")] if "" in lines else lines
        result.append((heading, [line.replace(" (--teach)", "") for line in kept]))  # a terminal option
    return result


def typography(text: str, lang: str) -> str:
    """French typography: a no-break space before ``:`` ``;`` ``?`` ``!`` and inside « » (a line never starts
    with one, nor ends with an opening «)."""
    if lang != "fr":
        return text
    for mark in ":;?!»":
        text = text.replace(f" {mark}", f"\u00a0{mark}")
    return re.sub(r"(?<=«) ", "\u00a0", text)


def cite_spans(escaped: str) -> str:
    """``escaped`` (HTML-escaped text) with each rule citation in a ``<span class="cite">`` that the style
    sheet keeps on one line: on a phone "MCR-" ended a line and "3.1)" began the next. The text is unchanged."""
    return CITATION.sub(lambda m: f'<span class="cite">{m[0]}</span>', escaped)


def _tiles_html(lang: str, rules: str) -> str:
    """HK-1: the three suits, the honours and the bonus tiles, as pictures with their names."""
    q = "?lang=fr" if lang == "fr" else ""

    def fig(t: int) -> str:
        label = html.escape(name(t, lang))
        return f'<figure><img class="tile" src="/tiles/{tile_str(t)}.svg{q}" alt="{label}"><figcaption>{label}</figcaption></figure>'

    rows = [range(9 * s, 9 * s + 9) for s in range(3)] + [range(HONOUR, N_KINDS), range(N_KINDS, N_TILE_IDS)]
    body = "".join(f'<div class="tilerow">{"".join(fig(t) for t in row)}</div>' for row in rows)
    own = FLOWERS.get((rules, lang))  # what a flower is worth at an MCR or classical table
    note = TILES_NOTE[lang] if own is None else f"{FLOWERS_ARE[lang]} {own}"
    return body + f"<p>{cite_spans(html.escape(typography(cite(note, rules), lang)))}</p>"


def _html_lines(lines: list[str], lang: str) -> str:
    parts: list[str] = []
    items: list[str] = []
    for line in [*lines, ""]:
        text = typography(line.strip(), lang)
        if text.startswith("•"):
            items.extend(cite_spans(html.escape(x.strip())) for x in text.split("•") if x.strip())
            continue
        if items:
            parts.append("<ul>" + "".join(f"<li>{x}</li>" for x in items) + "</ul>")
            items = []
        if text:
            cls = ' class="legend"' if line.startswith("  ") else ""
            parts.append(f"<p{cls}>{cite_spans(html.escape(text))}</p>")
    return "".join(parts)


def help_page(lang: str, rules: str = "hk", options: Mapping[str, str] | None = None) -> str:
    """The whole HTML page in ``lang`` (``en`` or ``fr``) for a ``rules`` table with house ``options`` (the
    terminal's help of such a table: the house minimum, payment and penalty in place of the rules' own, and
    the ruleset with every house option in words under the title)."""
    tx, words = _texts(lang, rules, options), PAGE[lang]
    ruleset = get_ruleset(rules, options)
    changed = ruleset.changed_options()
    keep = ("" if rules == "hk" else f"&amp;rules={rules}") + "".join(
        f"&amp;{html.escape(k)}={html.escape(v)}" for k, v in changed.items()  # validated: a choice or a number
    )
    house = (
        f'<p class="muted" id="house-rules">{html.escape(typography(" · ".join([ruleset.title_fr if lang == "fr" else ruleset.title, *tx.house(rules, changed)]), lang))}</p>'
        if changed
        else ""
    )
    body = "".join(
        f'<section class="card"><h2>{html.escape(h.capitalize())}</h2>'
        f"{_tiles_html(lang, rules) if i == TILES_SECTION else _html_lines(lines, lang)}</section>"
        for i, (h, lines) in enumerate(sections(lang, rules, options))
    )
    title = html.escape(tx("help.title"))
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} — hkmj</title>
<link rel="icon" href="/tiles/7z.svg">
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<header>
  <a href="/" id="home"><img src="/tiles/7z.svg" alt="" class="logo"> hkmj</a>
  <span id="title">{title}</span>
  <a href="/help?lang={words["other_lang"]}{keep}" lang="{words["other_lang"]}" id="other-lang">{words["other"]}</a>
</header>
<main id="help">
<h1>{title}</h1>
{house}{body}
<p><a href="/" class="button">{html.escape(words["back"])}</a></p>
</main>
</body>
</html>
"""
