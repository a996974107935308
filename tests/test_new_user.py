"""A new user at an 80×24 terminal: every command's mistakes are named without a traceback,
the help's examples can be copied as they are, and the README's commands exist as written."""

from __future__ import annotations

import importlib.util

import pytest

from hkmj.cli import main


def test_arena_without_its_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj arena`` without ``hkmj[arena]``: the missing packages and the pip command, before
    any deal is played (not a ModuleNotFoundError traceback at the end)."""
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name in ("openskill", "matplotlib") else real(name, *a))
    assert main(["arena", "--bots", "random,greedy", "--deals", "1"]) == 2
    err = capsys.readouterr().err
    assert err == 'hkmj arena: needs the "arena" extra (openskill, matplotlib missing): pip install "hkmj[arena]"\n'
