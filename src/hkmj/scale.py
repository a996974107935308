"""Run independent seeded jobs locally or on Ray, results in job order (``--backend``, ``--address``).

Every job carries its own seed, so results never depend on where or in how many workers it
ran: ``hkmj simulate`` and ``hkmj arena`` give the same output for any backend and worker count.
"""

from __future__ import annotations

import re
import signal
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

__all__ = ["BACKENDS", "map_ordered"]

BACKENDS = ("local", "ray")
"""``local``: this process (1 worker) or a local process pool; ``ray``: Ray tasks (extra ``hkmj[ray]``)."""

J = TypeVar("J")
R = TypeVar("R")


def map_ordered(
    fn: Callable[[J], R], jobs: Sequence[J], *, workers: int = 1, backend: str = "local", address: str | None = None
) -> Iterator[R]:
    """Yield ``fn(job)`` for each job, in order. ``fn`` must be a module-level (picklable) function.

    ``ray``: tasks on the cluster at ``address`` (``ray://host:10001`` or ``host:6379``), else on a
    new local instance with ``workers`` CPUs; at most ``2 × workers`` tasks are in flight. A Ray
    session already initialised by the caller is used as it is and left running.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    if address and backend != "ray":
        raise ValueError("--address needs --backend ray")
    if backend == "ray":
        yield from _ray_map(fn, jobs, workers, address)
    elif min(workers, len(jobs)) <= 1:
        yield from map(fn, jobs)
    else:  # no more processes than jobs: --hands 2 --workers 5000 started 5000 to play one chunk
        pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), initializer=_worker_start)
        try:
            yield from pool.map(fn, jobs)
        except BaseException:  # stopped (Ctrl+C, SIGTERM) or closed before the end: no worker runs on
            _end_pool(pool)
            raise
        pool.shutdown()


def _worker_start() -> None:
    """A pool worker ends at SIGTERM (and SIGHUP, unless ignored under ``nohup``): a forked worker
    inherits the command's own handler (hkmj.cli's, which stops the command cleanly), under which
    it would catch the signal as an error of its job and carry on."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    hup = getattr(signal, "SIGHUP", None)
    if hup is not None and callable(signal.getsignal(hup)):
        signal.signal(hup, signal.SIG_DFL)


def _end_pool(pool: ProcessPoolExecutor) -> None:
    """Kill the workers and cancel the jobs not started: a worker left idle would wait for work
    for ever once the command is gone (SIGTERM reaches only the command, not its workers).

    The pool's own thread, which sees its workers die, is let finish first: cancelling the jobs
    while it marked them failed printed its ``InvalidStateError`` traceback, and Python's exit then
    woke that thread through a pipe already closed (``OSError: [Errno 9] Bad file descriptor``),
    when a signal reached the workers too (a job scheduler's or a closed terminal's, sent to the
    whole process group)."""
    import concurrent.futures.process as cfp

    manager = getattr(pool, "_executor_manager_thread", None)
    if isinstance(manager, threading.Thread):
        _quiet_thread(manager)  # its jobs were cancelled as the stop left pool.map: failing them raises
    workers = list((pool._processes or {}).values())
    for w in workers:
        w.kill()
    for w in workers:
        w.join(timeout=5.0)
    if isinstance(manager, threading.Thread) and manager is not threading.current_thread():
        manager.join(timeout=5.0)
        if not manager.is_alive():
            getattr(cfp, "_threads_wakeups", {}).pop(manager, None)  # nothing left for Python's exit to wake
    pool.shutdown(wait=False, cancel_futures=True)


def _quiet_thread(thread: threading.Thread) -> None:
    """Let ``thread`` end on an error without printing it (:data:`threading.excepthook`): a stopped
    pool's own thread, whose errors are CPython's races with the stop, not the command's."""
    before = threading.excepthook

    def hook(args: Any) -> None:
        if args.thread is not thread:
            before(args)

    threading.excepthook = hook


_HOST_PORT = re.compile(r"(?:ray://)?(\[[^\]]+\]|[^:/\[\]]+):(\d+)")


def _probe(address: str) -> None:
    """Refuse at once a ``host:port`` (or ``ray://host:port``) address where nothing accepts a
    connection: Ray itself retries such an address for minutes. Other forms (``auto``) go to Ray."""
    m = _HOST_PORT.fullmatch(address.strip())
    if m is None:
        return
    host, port = m.group(1).strip("[]"), int(m.group(2))
    try:
        socket.create_connection((host, port), timeout=5.0).close()
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
        raise ValueError(
            f"cannot connect to Ray at {address}: nothing answers at {host}:{port} ({why}); is a Ray head running there?"
        ) from None


def _ray_init(ray: Any, workers: int, address: str | None) -> None:
    """Connect to the cluster at ``address``, or start a local instance with ``workers`` CPUs.

    Ray raises a bare ``Exception`` when a local raylet misses its start-up limit (a loaded
    machine): one more start is tried after a clean shutdown. Any failure is a ``ValueError``
    naming what failed, never a traceback.
    """
    if address:
        _probe(address)
    for attempt in (1, 2):
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            return
        except Exception as e:  # ray.init raises ConnectionError, ValueError, RuntimeError or a bare Exception
            if attempt == 1 and not address and "timed out during startup" in str(e):
                ray.shutdown()
                continue
            where = f"connect to Ray at {address}" if address else "start a new local Ray instance"
            raise ValueError(f"cannot {where}: {e}") from None


def _ray_map(fn: Callable[[J], R], jobs: Sequence[J], workers: int, address: str | None) -> Iterator[R]:
    try:
        import ray
    except ImportError:
        raise ValueError('the ray backend needs the "ray" extra: pip install "hkmj[ray]"') from None
    started = False
    if not ray.is_initialized():
        before = signal.getsignal(signal.SIGTERM)
        _ray_init(ray, workers, address)
        started = True
        if callable(before) and threading.current_thread() is threading.main_thread():  # the command's own (hkmj.cli): Ray's driver put a handler of its own
            signal.signal(signal.SIGTERM, before)  # in its place, which printed a crash report and exited 15
    try:
        task = ray.remote(num_cpus=1)(fn)
        pending: dict[int, Any] = {}
        nxt = 0
        for i in range(len(jobs)):
            while nxt < len(jobs) and nxt < i + 2 * workers:
                pending[nxt] = task.remote(jobs[nxt])
                nxt += 1
            result: R = ray.get(pending.pop(i))
            yield result
    finally:
        if started:
            ray.shutdown()
