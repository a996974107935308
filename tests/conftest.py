"""Fixtures every test directory may use."""

from __future__ import annotations

import io

import pytest


class Terminal(io.StringIO):
    """A text stream that says it is a terminal: what a command writes to an interactive
    stdout or stderr (progress bars, lines filled to the width)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal() -> type[Terminal]:
    """The :class:`Terminal` stream class (``monkeypatch.setattr(sys, "stderr", terminal())``)."""
    return Terminal
