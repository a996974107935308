"""A record with a 64 MB line, given to ``hkmj replay`` and ``hkmj review``: one sentence, in
seconds, in memory a few times the file's size, never a hang. Each command runs in a process of
its own whose peak memory is read when it ends."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hkmj.cli import main

WRAPPER = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=120)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
said = done.stdout + done.stderr
print(done.returncode, peak, len(said), "line 1 " in said)
"""
"""Runs a command, prints its exit status, its peak resident memory, how much it said and whether
it named line 1."""


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is read in KiB on Linux")
@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_record_with_a_64_mb_line_is_answered_in_seconds_within_bounded_memory(command: str, tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "2", "--quiet", "--record", str(record)]) == 0
    lines = record.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["padding"] = "A" * (64 << 20)  # a field the engine does not know, 64 MB long
    big = tmp_path / "big.jsonl"
    big.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", encoding="utf-8")
    size_kib = big.stat().st_size >> 10
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, sys.executable, "-m", "hkmj", command, str(big)], capture_output=True, text=True, timeout=150
    )
    took = time.monotonic() - began
    code, peak, length, named = done.stdout.split()
    assert code in ("1", "2"), done.stdout + done.stderr  # refused: a line over 16 MB is no record's (hkmj.oserror.read_input)
    assert named == "True" and int(length) < 2000, done.stdout
    assert took < 60, took
    assert int(peak) < 6 * size_kib + 200_000, (int(peak) >> 10, size_kib >> 10)  # MiB
