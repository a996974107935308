"""The ``--help`` layout of every ``hkmj`` command: hand-written epilogs, filled to the terminal.

Epilogs and descriptions are written as text: paragraphs of plain lines, and indented lines
(examples, tables of keys). Plain paragraphs are filled to the terminal width; an indented
line too wide for it continues under its own text column. A table row may be continued in the
source by lines indented to its text column: they are joined to the row before it is filled.
So every line of ``--help`` fits an 80-column terminal (docs/play.md: the program targets
80×24), whatever the source wrap.
"""

from __future__ import annotations

import argparse
import re
import textwrap

from hkmj.language import joined

__all__ = ["HelpFormatter"]

_ROW = re.compile(r"(\s+\S+(?:\s\S+)*?\s{2,})\S", re.ASCII)
"""An indented row ``  KEY    text``: the prefix up to the text column (a no-break space, French's
before ``:``, is part of a word, as everywhere here)."""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the line structure of descriptions and epilogs, but never a line wider than the terminal."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        """An option's help, filled without breaking a word at a hyphen (``docs/record-format.md``,
        ``half-shooter`` stay whole)."""
        return textwrap.wrap(joined(text), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out: list[str] = []
        para: list[str] = []

        def wrap(line: str, first: str, rest: str) -> list[str]:
            return textwrap.wrap(
                line, width, initial_indent=first, subsequent_indent=rest, break_long_words=False, break_on_hyphens=False
            )

        def flush() -> None:
            if para:
                out.extend(wrap(" ".join(para), indent, indent))
                para.clear()

        for line in _join_continuations(text.splitlines()):
            if not line.strip():
                flush()
                out.append("")
            elif not line[0].isspace():
                para.append(line.strip())
            else:
                flush()
                if len(indent) + len(line) <= width:
                    out.append(indent + line)
                    continue
                lead = len(line) - len(line.lstrip())
                row = _ROW.match(line)
                hang = len(row.group(1)) if row else lead + 4
                out.extend(wrap(line.strip(), indent + " " * lead, indent + " " * hang))
        flush()
        return "\n".join(out)


def _join_continuations(lines: list[str]) -> list[str]:
    """Join each source line indented exactly to the text column of the table row above it
    (``  KEY    text`` / ``         more text``) to that row, so the row is filled as one."""
    out: list[str] = []
    column = 0
    for line in lines:
        lead = len(line) - len(line.lstrip())
        if out and column and line.strip() and lead == column:
            out[-1] += " " + line.strip()
            continue
        out.append(line)
        row = _ROW.match(line) if line[:1].isspace() else None
        column = len(row.group(1)) if row else 0
    return out
