"""Ctrl+C at any moment of ``hkmj``'s start, in a real terminal (a pty of 80x24): a newcomer who
types ``hkmj play`` and changes their mind at once. The interrupt is delivered, as a terminal
would, at a chosen point of the start: a ``sitecustomize`` in the child sends SIGINT to itself
when the named module is first imported (the start imports its parts lazily, so each point is
a moment a person can hit).

It used to print a Python traceback (``KeyboardInterrupt`` through ``importlib``), exit 1, and
for ``hkmj play --record FILE`` leave FILE behind (so the same command then said "this file
already exists") or, once the match was saved, say nothing of how to continue it."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

_SRC = str(Path(__file__).resolve().parent.parent / "src")

_HOOK = """\
import os, signal, sys

_AT = os.environ.get("HKMJ_TEST_SIGINT_AT")


class _Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == _AT:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None


def _on_call(frame, event, arg):
    where, _, name = _AT[len("call:"):].partition(":")
    if event == "call" and frame.f_code.co_name == name and frame.f_code.co_filename.endswith(where):
        sys.setprofile(None)
        os.kill(os.getpid(), signal.SIGINT)


if _AT and _AT.startswith("call:"):  # call:FILE_END:FUNCTION: when that function is first called
    sys.setprofile(_on_call)
elif _AT:
    sys.meta_path.insert(0, _Interrupt())
"""


def _in_a_terminal(args: list[str], at: str, cwd: Path) -> tuple[int, str]:
    """Run ``python -m hkmj ARGS`` in a pty of 80x24, interrupted when ``at`` is imported; its exit
    status and everything it wrote to the terminal."""
    hook = cwd / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(_HOOK)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))},
        "PYTHONPATH": f"{hook}{os.pathsep}{_SRC}",
        "HKMJ_TEST_SIGINT_AT": at,
        "XDG_STATE_HOME": str(cwd / "state"),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
    }
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    child = subprocess.Popen([sys.executable, "-m", "hkmj", *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, start_new_session=True)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the child is gone and its side of the pty closed
                    break
                if not chunk:
                    break
                out += chunk
            elif child.poll() is not None:
                break
        else:
            child.kill()
            pytest.fail(f"hkmj {' '.join(args)} still runs 60 s after Ctrl+C: {out.decode(errors='replace')[-2000:]}")
    finally:
        os.close(master)
    return child.wait(10), out.decode("utf-8", errors="replace").replace("\r\n", "\n")


@pytest.mark.parametrize(
    ("at", "args"),
    [
        ("hkmj.scoring", ["play", "--seed", "3"]),  # importing the command line itself
        ("hkmj.botmatch", ["play", "--seed", "3"]),  # building the commands' parser
        ("hkmj.tui.command", ["play", "--seed", "3"]),
        ("hkmj.bots.expert", ["simulate", "--hands", "1", "--bots", "expert,greedy,greedy,greedy"]),
    ],
)
def test_ctrl_c_while_hkmj_starts_says_interrupted_without_a_traceback(tmp_path: Path, at: str, args: list[str]) -> None:
    code, out = _in_a_terminal(args, at, tmp_path)
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    assert code == 130, out
    assert "interrupted (Ctrl+C)" in out, out


@pytest.mark.parametrize("at", ["hkmj.tui.session", "call:hkmj/tui/session.py:__init__"])
@pytest.mark.parametrize("record", [True, False])
def test_ctrl_c_before_the_table_opens_leaves_no_record_behind(tmp_path: Path, at: str, record: bool) -> None:
    """Interrupted while the table is being set up, once the --record file (or the match's own
    file, to resume it) would be opened: nothing was played, so no file is left to block the same
    command ("this file already exists") or to be offered for resuming."""
    code, out = _in_a_terminal(["play", "--seed", "3", *(["--record", "m.jsonl"] if record else [])], at, tmp_path)
    assert "Traceback" not in out and code == 130, out
    assert "interrupted (Ctrl+C)" in out, out
    assert not (tmp_path / "m.jsonl").exists(), out
    assert not list((tmp_path / "state").glob("**/*.jsonl")), out


@pytest.mark.parametrize("at", ["hkmj.tui.app", "call:textual/app.py:run"])
def test_ctrl_c_once_the_match_is_saved_says_how_to_continue_it(tmp_path: Path, at: str) -> None:
    """Interrupted while the screen is about to open, the match already dealt and saved in its
    --record file: as when leaving the table, the command that continues it is printed, and it
    does continue it."""
    code, out = _in_a_terminal(["play", "--seed", "3", "--record", "m.jsonl"], at, tmp_path)
    assert "Traceback" not in out, out
    assert code == 0, out
    assert "To continue: hkmj play --resume m.jsonl" in out, out
    assert (tmp_path / "m.jsonl").read_text().startswith('{"type":"match_start"'), out
    code, out = _in_a_terminal(["play", "--resume", "m.jsonl"], "hkmj.tui.app", tmp_path)
    assert code == 0 and "To continue: hkmj play --resume m.jsonl" in out, out
