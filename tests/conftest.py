"""Fixtures every test directory may use."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests draw the same examples on every run (a seed from each test's name), as every
# other test of the suite does: without it, tests with no ``derandomize=True`` drew new examples
# on each run, so CI could fail on an example no run before had tried, and Hypothesis's timing
# health check (``too_slow``) could fail a test on a slow, loaded machine. Hypothesis does this
# by itself only where a CI variable is set (its "ci" profile); .ci/run sets none.
# ``HYPOTHESIS_PROFILE=explore`` draws fresh examples, to look for new failures on purpose.
settings.register_profile("hkmj", derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "hkmj"))

# hkmj speaks the locale's language when --lang is not given (hkmj.language): the tests expect
# English whatever the developer's or the CI machine's LANG, and set a French locale themselves
# where they test it. C.UTF-8 keeps the UTF-8 encoding of the processes the tests start.
for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (the suite's default): two workers more than the cores this process may use.
    More than half of the suite's time waits on real time (servers' timers, a browser, a terminal
    app settling), and a core left idle meanwhile is wasted: on two cores, two workers kept 1.04
    cores busy and ran the suite in 832 s, three kept 1.43 busy and ran it in 629 s (2026-12-03,
    ``/usr/bin/time python -m pytest -n 2`` and ``-n 3``); on 2026-12-06 three workers spent
    1,156 CPU-seconds in 891 s (1.3 cores), and a clean-clone ``.ci/run`` with four (the compiled
    core's build and tests beside) took 973 s against 1,041 s with three."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + 2


LONGEST_FIRST = (
    "tests/server/test_browser.py",
    "tests/server/test_attacks.py",
    "tests/server/test_threats.py",
    "tests/server/test_liveness.py",
    "tests/records/test_referee.py",
    "tests/tui/test_small_screen.py",
    "tests/tui/test_resume.py",
    "tests/server/test_wire.py",
    "tests/server/test_fuzz_races.py",
    "tests/server/test_game_attacks.py",
    "tests/server/test_leak.py",
    "tests/tui/test_help_jargon.py",
)
"""The modules that take longest (one to six minutes of a worker each, 2026-12-06), longest first.
A module runs on one worker (``--dist loadfile``: its server or browser is shared), and xdist gave
out modules by their number of tests, so the longest, which have few, started last and the run
waited on them at its end."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Modules in the order workers take them (``--no-loadscope-reorder``): :data:`LONGEST_FIRST`,
    then the others by their number of tests, most first (xdist's own order); each module's tests
    keep their order."""
    counts: dict[str, int] = {}
    for item in items:
        path = item.nodeid.split("::")[0]
        counts[path] = counts.get(path, 0) + 1

    def rank(item: pytest.Item) -> tuple[int, int, str]:
        path = item.nodeid.split("::")[0]
        first = LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)
        return first, -counts[path], path

    items.sort(key=rank)


class Terminal(io.StringIO):
    """A text stream that says it is a terminal: what a command writes to an interactive
    stdout or stderr (progress bars, lines filled to the width)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal() -> type[Terminal]:
    """The :class:`Terminal` stream class (``monkeypatch.setattr(sys, "stderr", terminal())``)."""
    return Terminal


RunHkmj = Callable[..., tuple[int, str, str]]


@pytest.fixture
def hkmj_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> RunHkmj:
    """Run ``hkmj`` in this process: ``hkmj_cli(["score", ...], stdin="")`` gives (exit status,
    stdout, stderr); an argparse usage error (SystemExit) counts as its status."""
    from hkmj.cli import main

    def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
        try:
            code = main(argv)
        except SystemExit as e:
            code = int(e.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run


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
