"""Fixtures every test directory may use."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest

# hkmj speaks the locale's language when --lang is not given (hkmj.language): the tests expect
# English whatever the developer's or the CI machine's LANG, and set a French locale themselves
# where they test it. C.UTF-8 keeps the UTF-8 encoding of the processes the tests start.
for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


class Terminal(io.StringIO):
    """A text stream that says it is a terminal: what a command writes to an interactive
    stdout or stderr (progress bars, lines filled to the width)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal() -> type[Terminal]:
    """The :class:`Terminal` stream class (``monkeypatch.setattr(sys, "stderr", terminal())``)."""
    return Terminal


def _write_file(path: Path, content: str | bytes | None) -> None:
    """``path`` holding ``content``: text (UTF-8) or bytes; None leaves it missing."""
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)


@pytest.fixture
def write_file() -> Callable[[Path, str | bytes | None], None]:
    """Write a test file: ``write_file(path, "text")``, ``write_file(path, b"bytes")``, or
    ``write_file(path, None)`` for a file that does not exist."""
    return _write_file
