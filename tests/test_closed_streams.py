"""hkmj started with a standard stream closed (``>&-``, ``2>&-``, ``<&-``, as a cron job or a
careless script does): one clear sentence and exit status 2 when its output has nowhere to go,
never a traceback (``AttributeError: 'NoneType' object has no attribute 'flush'``, exit 1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

_SRC = str(Path(__file__).resolve().parent.parent / "src")


def _run(shell_tail: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": _SRC, "HKMJ_LANG": "en"}
    command = f"exec {sys.executable} -m hkmj {shell_tail}"
    return subprocess.run(["/bin/sh", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(
    ("tail", "said"),
    [
        (
            "simulate --hands 1 --quiet >&-",
            "hkmj simulate: standard output is closed (>&-): nothing to write to; send it to /dev/null instead",
        ),
        ("score 234s567p88m111z777z --win 1z --from W --seat S >&-", "hkmj score: standard output is closed (>&-)"),
        ("replay nothing.jsonl --lang fr >&-", "hkmj replay\u00a0: la sortie standard est fermée (>&-), rien où écrire\u00a0;"),
    ],
)
def test_a_closed_stdout_is_one_sentence_and_status_2(tmp_path: Path, tail: str, said: str) -> None:
    done = _run(tail, tmp_path)
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr


def test_a_closed_stderr_or_stdin_keeps_the_exit_status(tmp_path: Path) -> None:
    done = _run("replay nothing.jsonl 2>&-", tmp_path)
    assert done.returncode == 2  # no such file: a usage error, said nowhere but still told by the status
    assert done.stdout == ""
    done = _run("score <&-", tmp_path)  # no request at all: no answer, no error
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


@pytest.mark.parametrize(
    ("tail", "said"),
    [
        ("score 234s567p88m111z777z --win 1z --from W --seat S --lang fr", "Total"),
        ("simulate --hands 2 --quiet --lang fr", "graine 0"),
        ("simulate --help --lang fr", "graine"),
    ],
)
def test_an_output_that_cannot_encode_french_gets_escapes_not_a_traceback(tmp_path: Path, tail: str, said: str) -> None:
    """``PYTHONIOENCODING=ascii`` (an old terminal, a strict pipe) with French words: the command's
    output raised ``UnicodeEncodeError`` with a traceback once its work was done; what the stream
    cannot encode is written as an escape (``\\xe9``)."""
    env = {**os.environ, "PYTHONPATH": _SRC, "HKMJ_LANG": "en", "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "hkmj", *tail.split()], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert "Traceback" not in done.stderr and "UnicodeEncodeError" not in done.stderr, done.stderr
    assert said in done.stdout + done.stderr and "\\x" in done.stdout + done.stderr
    assert done.returncode in (0, 2), done.returncode
