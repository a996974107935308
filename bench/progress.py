"""Progress on stderr that reads in a log file as well as at a terminal: at a terminal one line
rewritten in place (a carriage return before each step), to a file or a pipe a whole line a
step (``python bench/train_expert.py > log 2>&1`` used to write one line thousands of
characters long). Shared by the bench scripts (run from bench/, as their sibling imports are)."""

from __future__ import annotations

import sys

__all__ = ["progress_done", "progress_line"]


def progress_line(line: str) -> None:
    """One progress step: rewritten in place at a terminal, a whole line to a file or a pipe."""
    sys.stderr.write("\r" + line if sys.stderr.isatty() else line + "\n")
    sys.stderr.flush()


def progress_done() -> None:
    """The end of the progress: a newline after the line rewritten at a terminal (a file already
    has whole lines)."""
    if sys.stderr.isatty():
        sys.stderr.write("\n")
        sys.stderr.flush()
