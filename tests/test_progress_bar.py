"""The progress bar of ``hkmj simulate``, ``replay``, ``review``, ``bot-match`` and ``arena`` on a terminal.

A new user running ``hkmj simulate --hands 2000 --bots strong,greedy,strong,greedy`` saw nothing
for the first 8 seconds (the bar was drawn after the first match of 64 hands, longer with the
expert bot), and in a terminal narrower than the bar's line (about 70 columns) each redraw
wrapped and left a line behind it: ``[   ] 64/2000`` / ``[#  ] 128/200`` / ``0 hands  6 hands/s``.
The bar is now drawn at once, and its line fits the terminal: the bar narrows first, then the
rate and the time left go; an error after it starts a line of its own.
"""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hkmj.simulate import Progress

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _drawn(text: str) -> list[str]:
    """Each redraw of the bar's line (what follows each carriage return, up to a line's end)."""
    return [part.split("\n")[0] for part in text.split("\r")[1:]]


def _soon(stream: io.StringIO, seconds: float = 10) -> str:
    end = time.monotonic() + seconds
    while not stream.getvalue() and time.monotonic() < end:
        time.sleep(0.01)
    return stream.getvalue()


def test_the_bar_is_drawn_within_a_second(terminal: type, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawn at 0 when the first count is slow to come (a second by default), not at once:
    an error said at once (an unknown bot) comes without a bar before it."""
    monkeypatch.setenv("COLUMNS", "80")
    stream = terminal()
    Progress(2000, stream=stream, first_after=0.05)
    assert _soon(stream) == "\r[                              ] 0/2000 hands "
    french = terminal()
    Progress(10, stream=french, label="deals", lang="fr", first_after=0.05)
    assert _soon(french).endswith("] 0/10 donnes ")
    quick = terminal()
    bar = Progress(10, stream=quick, first_after=0.05)
    bar.end()  # an error: no bar drawn, then or later
    time.sleep(0.2)
    assert quick.getvalue() == ""


@pytest.mark.parametrize("columns", [80, 60, 40, 30, 20, 12])
def test_every_redraw_fits_the_terminals_width(terminal: type, monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    stream = terminal()
    bar = Progress(20000, stream=stream, lang="fr" if columns == 40 else "en")
    for _ in range(400):
        bar.advance(50)
    lines = _drawn(stream.getvalue())
    assert len(lines) == 400 and stream.getvalue().endswith("\n")
    assert all(len(line) <= columns - 1 for line in lines), max(lines, key=len)
    assert all(re.search(r"\d+/20000", line) for line in lines), lines[-1]  # the count always stays
    if columns >= 60:
        assert "ETA" in lines[-2]


def test_a_shorter_redraw_clears_what_the_longer_one_left(terminal: type, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    stream = terminal()
    bar = Progress(10, stream=stream)
    bar.advance(1)
    long = _drawn(stream.getvalue())[-1]
    bar._draw(["2/10 hands"])
    short = _drawn(stream.getvalue())[-1]
    assert len(short) >= len(long) and short.rstrip() == "[###                           ] 2/10 hands"


def test_end_starts_a_line_once(terminal: type) -> None:
    stream = terminal()
    bar = Progress(4, stream=stream)
    bar.advance(1)
    bar.end()
    bar.end()
    assert stream.getvalue().count("\n") == 1
    bar.advance(3)  # the last redraw ends its line itself
    bar.end()
    assert stream.getvalue().count("\n") == 2


def _run_in_pty(argv: list[str], columns: int, seconds: float) -> str:
    """What ``python -m hkmj ARGV`` writes to a terminal ``columns`` wide within ``seconds``,
    then Ctrl+C."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["PYTHONPATH"] = SRC
    proc = subprocess.Popen([sys.executable, "-m", "hkmj", *argv], stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    out = b""
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    out += os.read(master, 4096)
                except OSError:
                    break
            if b"\r[" in out and time.monotonic() > end - seconds / 2:
                break
    finally:
        proc.send_signal(2)
        try:
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
        while True:
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                break
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.close(master)
    return out.decode("utf-8", "replace")


def test_simulate_in_a_40_column_terminal_shows_its_bar_at_once_on_one_line() -> None:
    """A real terminal 40 columns wide: the bar is there before the first match of expert bots
    ends, every redraw fits on one line, and Ctrl+C's words start a line of their own."""
    out = _run_in_pty(["simulate", "--hands", "2000", "--bots", "expert,expert,expert,expert"], 40, 20)
    assert "] 0/2000 hands" in out, out
    assert all(len(line) <= 39 for line in _drawn(out.replace("\r\n", "\n"))), out
    assert "\nhkmj simulate: interrupted (Ctrl+C)" in out.replace("\r\n", "\n"), out
