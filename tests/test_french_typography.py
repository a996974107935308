"""French typography, one rule everywhere: a no-break space (U+00A0) before ``:`` ``;`` ``?``
``!`` and inside « », never an ordinary space, which lets a terminal or a browser break the line
right before the sign (``hkmj score\u00a0: ...`` was written both ways, ``hkmj score : «`` and
``hkmj replay\u00a0:``). Checked at the source, fast: the French catalogues (the terminal's, the
review's, the French ``--help``, the refusal page, the browser's table in app.js) by key, and every
other French string literal of ``src/hkmj`` by file and line."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import hkmj
from hkmj import help_fr, review_words
from hkmj.cli import _WORDS as SCORE_WORDS
from hkmj.cli_classical import _WORDS as CLASSICAL_WORDS
from hkmj.language import LOCALE_DEFAULT_FR
from hkmj.rulesets import RULESETS
from hkmj.server.help import typography
from hkmj.server.refusal_page import REFUSAL_TEXTS
from hkmj.tui.texts import _tables

SRC = Path(hkmj.__file__).parent
APP_JS = SRC / "server" / "static" / "app.js"

_PLAIN_SPACE = re.compile(r"(?<=[^\s.,;·]) (?=[:;?!](?:[\s,.)\]]|$))|« | »")
"""An ordinary space before a high sign (followed by a space or the end: ``?:`` in a regex, a
``a ?b`` are not French punctuation; nor is a key after a full stop, a comma, a ``;`` or a ``·``: ``. ? pour
l'aide``) or next to a guillemet."""
_FRENCH = re.compile(r"[àâçéèêîïôûùœÀÉÈÊ«»]|\b(?:le|la|les|des|du|une|est|pas|vous|votre|avec|dans|sur|pour|sinon|donne|joueur|erreur|tuiles?)\b")
"""A string a French reader reads (an English one has none of these)."""


def _offences(where: str, text: str) -> Iterator[str]:
    for m in _PLAIN_SPACE.finditer(text):
        yield f"{where}: ...{text[max(0, m.start() - 30) : m.end() + 20]!r}"


def _catalogue(name: str, table: Mapping[str, object]) -> Iterator[str]:
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from _catalogue(f"{name}[{key!r}]", value)
        elif isinstance(value, str):
            yield from _offences(f"{name}[{key!r}]", value)


def _catalogues() -> Iterator[str]:
    for rules in RULESETS:
        yield from _catalogue(f"hkmj.tui.texts fr {rules}", _tables("fr", rules))
    yield from _catalogue("hkmj.review_words.FR", review_words.FR)
    yield from _catalogue("hkmj.help_fr.FRENCH", help_fr.FRENCH)
    yield from _catalogue("hkmj.cli words fr", SCORE_WORDS["fr"])
    yield from _catalogue("hkmj.cli_classical words fr", CLASSICAL_WORDS["fr"])
    yield from _catalogue("refusal page fr", REFUSAL_TEXTS["fr"])
    yield from _offences("LOCALE_DEFAULT_FR", LOCALE_DEFAULT_FR)


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            out.update(id(s.value) for s in body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
    return out


def _line_of(source: str, at: int) -> str:
    end = source.find("\n", at)
    return source[source.rfind("\n", 0, at) + 1 : len(source) if end < 0 else end]


def _source_strings() -> Iterator[str]:
    """Every French string literal of the package (f-strings' literal parts included), not a
    docstring (which quotes French to describe it) nor a regular expression."""
    for path in sorted(SRC.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not any(_FRENCH.search(_line_of(source, m.start())) for m in _PLAIN_SPACE.finditer(source)):
            continue  # no line could hold one (parsing every file would be most of this test's time)
        tree = ast.parse(source)
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                text = node.value
                if _FRENCH.search(text) and "(?" not in text:
                    yield from _offences(f"{path.relative_to(SRC.parent)}:{node.lineno}", text)


def _app_js_french() -> dict[str, str]:
    """The browser's French table (app.js ``T.fr``), each ``key: "text"`` of it, as JavaScript reads it."""
    source = APP_JS.read_text(encoding="utf-8")
    start = source.index("\n  fr: {")
    end = source.index("\n};", start)
    out: dict[str, str] = {}
    for m in re.finditer(r'(\w+): "((?:[^"\\]|\\.)*)"', source[start:end]):
        out[m.group(1)] = json.loads(f'"{m.group(2)}"')
    return out


def test_french_strings_put_a_no_break_space_before_high_signs_and_inside_guillemets() -> None:
    """Every French text of the terminal, the command line, the review and the French help, at its
    source: U+00A0 before ``: ; ? !`` and inside « » (never an ordinary space, a place to break
    the line before the sign). The failure names each offending key, or file and line, and text."""
    bad = [*_catalogues(), *_source_strings()]
    assert not bad, f"{len(bad)} French strings with an ordinary space before : ; ? ! or inside « »:\n" + "\n".join(bad)


def test_a_text_put_together_at_run_time_gets_the_same_no_break_spaces() -> None:
    """``hkmj.server.help.typography`` (the help page, the review's words: a player's name quoted
    « Ann » at run time) sets U+00A0 inside « » and before ``: ; ? !``; English is left as it is."""
    assert typography("le robot « Ann » : fin ; oui ? non !", "fr") == "le robot «\u00a0Ann\u00a0»\u00a0: fin\u00a0; oui\u00a0? non\u00a0!"
    assert typography("the bot « Ann » : end", "en") == "the bot « Ann » : end"


def test_the_browsers_french_table_puts_a_no_break_space_before_high_signs() -> None:
    """app.js's French table: U+00A0, the terminal's space (not U+202F, which ``Mahjong\u202f!``
    and ``Réclamer la défausse\u202f?`` used), before ``: ; ? !`` and inside « »."""
    table = _app_js_french()
    assert len(table) > 200 and table["pass"] == "Passer"  # the table was read
    bad = [*_catalogue("app.js T.fr", table)]
    bad += [f"app.js T.fr[{key!r}]: {text!r}" for key, text in table.items() if "\u202f" in text]
    assert not bad, "\n".join(bad)
