"""Lines that fit the terminal they are written to.

A command's sentences (its errors, ``hkmj score``'s verdict, ``hkmj simulate``'s heading) are
written one line each. On a terminal a line wider than the terminal is filled to its width at
spaces, continued lines indented under its text (an 80-column terminal cuts no word); to a
file or a pipe every line is left whole, as programs and ``grep`` read it. A line holding a
carriage return (a progress bar redrawn in place) is written as it is up to its last one, and
what follows it is a line like any other (a progress bar flushes its stream).
"""

from __future__ import annotations

import shutil
import textwrap
from typing import Any, TextIO


def fill_line(line: str, width: int) -> str:
    """``line`` filled to ``width`` columns at spaces, continued lines indented four columns under
    its text; a line that fits, or one that cannot be cut at a space, is returned whole."""
    if len(line) <= width or " " not in line.strip():
        return line
    lead = " " * (len(line) - len(line.lstrip()))
    return textwrap.fill(
        line.strip(),
        width,
        initial_indent=lead,
        subsequent_indent=lead + "    ",
        break_on_hyphens=False,
        break_long_words=False,
    )


class TerminalLines:
    """A text stream writing each complete line to ``stream`` filled to the terminal's width."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        if "\r" in self._pending:  # a progress bar redrawn, or its line cleared: as it comes
            cut = self._pending.rindex("\r") + 1
            self.stream.write(self._pending[:cut])
            self._pending = self._pending[cut:]
        width = shutil.get_terminal_size().columns
        while "\n" in self._pending:
            line, self._pending = self._pending.split("\n", 1)
            self.stream.write(fill_line(line, width) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self.stream.write(self._pending)
            self._pending = ""
        self.stream.flush()

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding...: the stream's own
        return getattr(self.stream, name)


def fitted(stream: TextIO) -> TextIO:
    """``stream`` itself when it is not a terminal, else its lines filled (:class:`TerminalLines`)."""
    isatty = getattr(stream, "isatty", None)
    if isinstance(stream, TerminalLines) or isatty is None or not isatty():
        return stream
    return TerminalLines(stream)  # type: ignore[return-value]
