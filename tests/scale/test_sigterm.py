"""SIGTERM (``kill``, ``timeout``, a cluster's job scheduler) stops the research commands cleanly.

Ctrl+C reaches every process of the terminal's foreground group; SIGTERM reaches only the
process it is sent to. So the commands that start processes of their own must end them: the
local pool's workers of ``hkmj simulate`` and ``hkmj arena``, the external bots of ``hkmj
bot-match``. Real processes, found through /proc.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hkmj.server.testing import child_processes, process_running

if not Path("/proc/self/stat").exists():
    pytest.skip("needs /proc", allow_module_level=True)


def _terminate_and_wait(proc: subprocess.Popen[bytes], watched: list[int], tmp_path: Path) -> tuple[int | None, str, list[int]]:
    """SIGTERM to the command alone; its exit status (None: still running 20 s later), its stderr
    and the watched processes still running 5 s later. Its output goes to files: a pipe would be
    held open by the processes it left."""
    proc.send_signal(signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=20)
    err = (tmp_path / "stderr.txt").read_text(encoding="utf-8", errors="replace")
    deadline = time.monotonic() + 5.0
    while any(process_running(p) for p in watched) and time.monotonic() < deadline:
        time.sleep(0.05)
    return proc.poll(), err, [p for p in watched if process_running(p)]


def _bot_pids(proc: subprocess.Popen[bytes], pid_files: list[Path]) -> list[int]:
    """The process ids the test's bots write into ``pid_files`` when they start (within 30 s)."""
    pids: list[int] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None and len(pids) < len(pid_files):
        time.sleep(0.1)
        with contextlib.suppress(OSError, ValueError):
            pids = [int(f.read_text(encoding="utf-8")) for f in pid_files]
    assert len(pids) == len(pid_files), "the bots did not start"
    return pids


@contextlib.contextmanager
def _killed_at_the_end(proc: subprocess.Popen[bytes]) -> Iterator[list[int]]:
    """A list for the processes a test watches: whatever the test asserts, the command and every
    process in the list are killed at its end."""
    pids: list[int] = []
    try:
        yield pids
    finally:
        with contextlib.suppress(OSError):
            proc.kill()
        for p in pids:
            with contextlib.suppress(OSError):
                os.kill(p, signal.SIGKILL)


def _start(args: list[str], tmp_path: Path) -> subprocess.Popen[bytes]:
    with open(tmp_path / "stdout.txt", "wb") as out, open(tmp_path / "stderr.txt", "wb") as err:
        return subprocess.Popen([sys.executable, "-m", "hkmj", *args, "--lang", "en"], stdout=out, stderr=err)


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_sigterm_ends_the_local_pools_workers_with_the_command(command: str, tmp_path: Path) -> None:
    """The pool's workers of a command stopped by SIGTERM ran on for ever (idle, each holding its
    memory): only Ctrl+C, which reaches them too, ended them. Now the command ends them, says
    ``stopped (SIGTERM)`` and exits with status 143 (128 + 15)."""
    if command == "simulate":
        args = ["simulate", "--hands", "100000", "--seed", "1", "--workers", "2", "--bots", "greedy,greedy,greedy,greedy"]
    else:
        args = ["arena", "--bots", "greedy,strong", "--deals", "4000", "--workers", "2", "--plot", "", "--quiet"]
    proc = _start(args, tmp_path)
    with _killed_at_the_end(proc) as workers:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
            workers[:] = child_processes(proc.pid)
        assert len(workers) >= 2, f"no pool started: {workers}"
        time.sleep(1.0)  # the workers are busy with their first jobs
        code, err, left = _terminate_and_wait(proc, workers, tmp_path)
        assert left == [], f"workers still running after SIGTERM: {left}"
        assert code == 143, (code, err)
        assert f"hkmj {command}: stopped (SIGTERM)" in err, err
        assert "Traceback" not in err, err


def test_sigterm_ends_bot_match_s_external_bots(tmp_path: Path) -> None:
    """A bot that stopped answering (it no longer reads its input) outlived a ``hkmj bot-match``
    stopped by SIGTERM, for ever: the bots' sessions were ended only at the match's end or on
    Ctrl+C. Now SIGTERM stops the match as Ctrl+C does, and every bot's session is ended."""
    pid_file = tmp_path / "bot.pid"
    bot = tmp_path / "hung.py"
    bot.write_text(
        "import json, os, sys, time\n"
        f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "n = 0\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] != 'request':\n"
        "        continue\n"
        "    n += 1\n"
        "    if n == 3:\n"
        "        time.sleep(600)\n"
        "    print(json.dumps({'id': m['id'], 'action': m['legal'][0]}), flush=True)\n",
        encoding="utf-8",
    )
    proc = _start(["bot-match", "--bot", f"{sys.executable} {bot}", "--hands", "200", "--seed", "1", "--time-limit", "0.2"], tmp_path)
    with _killed_at_the_end(proc) as pids:
        pids[:] = _bot_pids(proc, [pid_file])
        pid = pids[0]
        time.sleep(2.0)  # it hangs at its third request; the match goes on with safe defaults
        code, err, left = _terminate_and_wait(proc, [pid], tmp_path)
        assert left == [], "the hung bot outlived the match"
        assert code == 143, (code, err)
        assert "hkmj bot-match: stopped (SIGTERM)" in err, err
        assert "Traceback" not in err, err


def test_sigterm_stops_simulate_on_a_new_local_ray_instance_as_it_stops_the_local_pool(tmp_path: Path) -> None:
    """With ``--backend ray``, Ray's driver put its own SIGTERM handler in place of the command's:
    SIGTERM printed a crash report (``*** SIGTERM received at time=... PC: @ 0x...``) and the
    command exited with status 15. Now it stops as with the local pool (``stopped (SIGTERM)``,
    status 143), the local Ray instance shut down."""
    pytest.importorskip("ray")
    proc = _start(["simulate", "--hands", "100000", "--seed", "1", "--workers", "1", "--backend", "ray"], tmp_path)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if "hands/s" in (tmp_path / "stderr.txt").read_text(encoding="utf-8", errors="replace"):
                break  # the first match is played: Ray is up and its tasks run
            time.sleep(0.2)
        raylets = [p for p in _descendants(proc.pid) if "raylet" in _command(p)]
        assert raylets, "no local Ray instance"
        code, err, left = _terminate_and_wait(proc, raylets, tmp_path)
        assert code == 143, (code, err[-2000:])
        assert "hkmj simulate: stopped (SIGTERM)" in err, err[-2000:]
        assert "SIGTERM received" not in err, err[-2000:]
        assert left == [], "the local Ray instance outlived the command"
    finally:
        with contextlib.suppress(OSError):
            proc.kill()


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        kids = child_processes(todo.pop())
        found += kids
        todo += kids
    return found


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def test_sigterm_that_a_library_turns_into_another_error_still_stops_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """SIGTERM landing inside Ray's ``ray.get`` (its C code) came out as ``SystemError: ...
    returned a result with an exception set``: a traceback and exit status 1 instead of
    ``stopped (SIGTERM)`` and 143, now and then. Whatever error the interruption becomes on its way
    out, the command stops as SIGTERM asked (here a stand-in for the library's C code)."""
    import hkmj.cli as cli

    def command() -> int:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5.0)
        except BaseException as e:
            raise SystemError("<built-in method __new__> returned a result with an exception set") from e
        return 0

    before = signal.getsignal(signal.SIGTERM)
    assert cli._run(command, "simulate", "en") == 143
    assert "hkmj simulate: stopped (SIGTERM)" in capsys.readouterr().err
    assert signal.getsignal(signal.SIGTERM) == before  # the command's handler is gone with it


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP")
def test_sighup_ends_bot_match_s_external_bots_as_sigterm_does(tmp_path: Path) -> None:
    """SIGHUP (``kill -HUP``, the ssh session or terminal window that closed) killed ``hkmj
    bot-match`` at once, with no cleanup: a bot that no longer read its input ran on for ever in
    its own session. Now SIGHUP stops the match as SIGTERM does (``stopped (SIGHUP)``, status
    129), every bot's session ended."""
    pid_file = tmp_path / "bot.pid"
    bot = tmp_path / "hung.py"
    bot.write_text(
        "import json, os, sys, time\n"
        f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'request':\n"
        "        time.sleep(600)\n",
        encoding="utf-8",
    )
    proc = _start(["bot-match", "--bot", f"{sys.executable} {bot}", "--hands", "200", "--seed", "1", "--time-limit", "0.2"], tmp_path)
    with _killed_at_the_end(proc) as pids:
        pids[:] = _bot_pids(proc, [pid_file])
        pid = pids[0]
        time.sleep(1.0)  # it hangs at its first request
        proc.send_signal(signal.SIGHUP)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=20)
        err = (tmp_path / "stderr.txt").read_text(encoding="utf-8", errors="replace")
        deadline = time.monotonic() + 5.0
        while process_running(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not process_running(pid), "the hung bot outlived the match"
        assert proc.poll() == 129, (proc.poll(), err)
        assert "hkmj bot-match: stopped (SIGHUP)" in err, err
        assert "Traceback" not in err, err


def test_sighup_ignored_under_nohup_leaves_the_command_running(tmp_path: Path) -> None:
    """Under ``nohup`` (SIGHUP ignored) the command keeps the hangup ignored: it plays on."""
    import hkmj.cli as cli

    def command() -> int:
        os.kill(os.getpid(), signal.SIGHUP)
        time.sleep(0.2)
        return 0

    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        assert cli._run(command, "bot-match", "en") == 0
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, before)


def test_a_second_signal_while_the_bots_are_closed_still_ends_every_bot(tmp_path: Path) -> None:
    """A second stop (SIGTERM twice from a scheduler, Ctrl+C pressed again, SIGTERM then the
    terminal's SIGHUP) during the seconds a stopped ``hkmj bot-match`` gives its bots to exit
    interrupted that wait: every bot that no longer read its input ran on for ever. Now the second
    signal kills what is left of every bot's session at once."""
    bot = tmp_path / "hung.py"
    bot.write_text(
        "import json, os, sys, time\n"
        "open(sys.argv[1], 'w').write(str(os.getpid()))\n"
        "for line in sys.stdin:\n"
        "    if json.loads(line)['type'] == 'request':\n"
        "        time.sleep(600)\n",
        encoding="utf-8",
    )
    pid_files = [tmp_path / "bot1.pid", tmp_path / "bot2.pid"]
    bots = [x for f in pid_files for x in ("--bot", f"{sys.executable} {bot} {f}")]
    proc = _start(["bot-match", *bots, "--hands", "200", "--seed", "1", "--time-limit", "0.2", "--startup-limit", "1"], tmp_path)
    with _killed_at_the_end(proc) as pids:
        pids[:] = _bot_pids(proc, pid_files)
        time.sleep(1.0)
        proc.send_signal(signal.SIGTERM)
        time.sleep(0.5)  # the match gives its bots two seconds to exit: the second signal lands there
        if proc.poll() is None:
            proc.send_signal(signal.SIGHUP)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=20)
        deadline = time.monotonic() + 5.0
        while any(process_running(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [p for p in pids if process_running(p)]
        err = (tmp_path / "stderr.txt").read_text(encoding="utf-8", errors="replace")
        assert left == [], f"bots still running after two signals: {left}"
        assert proc.poll() in (129, 143), (proc.poll(), err)
        assert "Traceback" not in err, err


@pytest.mark.parametrize("command", ["simulate", "arena", "bot-match"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_names_every_exit_status_a_stop_gives(command: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` listed 130 (Ctrl+C) as the only stop, while SIGTERM gives 143 and SIGHUP 129."""
    from hkmj.cli import main

    with contextlib.suppress(SystemExit):
        main([command, "--help", "--lang", lang])
    text = " ".join(capsys.readouterr().out.split())
    assert "130" in text and "143" in text and "SIGTERM" in text and "129" in text and "SIGHUP" in text, text[-600:]


def test_a_second_sigterm_while_the_first_is_said_ends_the_command_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second SIGTERM landing while ``stopped (SIGTERM)`` was being written (the bots already
    ended) came out of the command as a ``Terminated`` traceback; the command now ends with 143."""
    import hkmj.cli as cli

    said = cli._say_stopped

    def say_while_stopped_again(*args: object) -> int:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(1.0)
        return said(*args)  # type: ignore[arg-type]

    def command() -> int:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5.0)
        return 0

    monkeypatch.setattr(cli, "_say_stopped", say_while_stopped_again)
    before = signal.getsignal(signal.SIGTERM)
    assert cli._run(command, "bot-match", "en") == 143
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_a_signal_to_the_whole_process_group_stops_simulate_without_a_traceback(sig: str, tmp_path: Path) -> None:
    """A job scheduler (or a closed terminal) signals every process of the job: the pool's workers
    died with the command, and the pool's own thread printed CPython's ``InvalidStateError``
    traceback (failing jobs the stop had cancelled), or Python's exit an ``OSError: [Errno 9] Bad
    file descriptor`` (waking that thread through a closed pipe), after ``stopped (...)``, in
    about a third of the runs. Now only the stop's line is printed."""
    if not hasattr(signal, sig):
        pytest.skip(f"no {sig}")
    args = ["simulate", "--hands", "100000", "--seed", "1", "--workers", "2", "--bots", "greedy,greedy,greedy,greedy"]
    with open(tmp_path / "stdout.txt", "wb") as out, open(tmp_path / "stderr.txt", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "hkmj", *args, "--lang", "en"], stdout=out, stderr=err, start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
            workers = child_processes(proc.pid)
        assert len(workers) >= 2, f"no pool started: {workers}"
        time.sleep(1.5)  # the workers are busy with their first jobs
        os.killpg(proc.pid, getattr(signal, sig))
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=20)
        said = (tmp_path / "stderr.txt").read_text(encoding="utf-8", errors="replace")
        assert proc.poll() == 128 + getattr(signal, sig), (proc.poll(), said)
        assert f"hkmj simulate: stopped ({sig})" in said, said
        assert "Traceback" not in said and "Exception" not in said, said
    finally:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
