"""Where the live tables' bots decide: one child process, not a thread of the server.

A bot deciding in a thread of the server shares the interpreter lock with the event loop: a
``back``, a ping or a refusal a seated player sent the moment a discard arrived was answered in
8.8 ms (median) when an MCR expert bot was asked about that discard against 0.44 ms when nobody
was, so the answer time told that some bot could claim it (docs/server.md, *Attacked once
more*). In a process of its own a bot's work does not slow the event loop. The bots live in the
child (:data:`_BOTS`, by table, slot and a generation the table gives each bot it seats), so
their state (random generator, memory) stays there; only the view and the legal actions (a
SeatView holds tuples only; actions are frozen dataclasses) go over and the action comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from typing import TypeVar

from hkmj.bots import make_bot
from hkmj.engine import Action, Player, SeatView

__all__ = ["BotKey", "BotProcess"]

log = logging.getLogger("hkmj.server")

_T = TypeVar("_T")

BotKey = tuple[str, int, int]
"""A bot of the child: table id, slot, and the table's count of bots seated there before it."""

_BOTS: dict[BotKey, Player] = {}
"""The child's bots (in the child process only)."""


def _choose(key: BotKey, name: str, seed: int, view: SeatView, legal: Sequence[Action]) -> Action:
    """In the child: bot ``key`` (made ``make_bot(name, seed)`` when first asked) chooses."""
    bot = _BOTS.get(key)
    if bot is None:
        bot = _BOTS[key] = make_bot(name, seed)
    return bot.choose(view, legal)


def _forget(table_id: str) -> None:
    """In the child: drop the bots of a table that closed."""
    for key in [k for k in _BOTS if k[0] == table_id]:
        del _BOTS[key]


def _ready() -> None:
    """In the child: nothing (the first call starts the process and imports the bots)."""


def _watch_parent(parent: int) -> None:
    """In the child, when it starts: end it once the server is gone (killed, SIGKILL too), so that
    no process of bots outlives its server; and ignore SIGINT, blocked until then
    (:meth:`BotProcess._submit`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="hkmj-bots-parent", daemon=True).start()


class BotProcess:
    """The child process in which every live table's bots decide, one decision at a time.

    Started when the server opens (:meth:`start`); a child that died (killed, out of memory) is
    started again at the next decision, its bots made again from their names and seeds."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the bot process is shut down")
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_watch_parent, initargs=(os.getpid(),)
            )
        return self._pool

    def _submit(self, fn: Callable[..., _T], *args: object) -> Future[_T]:
        """``fn(*args)`` in the child, which is started here when there is none yet, with SIGINT
        ignored: Ctrl+C at the server's terminal sends it to the whole process group, and the
        child, its own Python starting or waiting for work, printed a ``KeyboardInterrupt``
        traceback while the server stopped (the server ends the child itself). SIGINT is blocked,
        not ignored, while the child starts: the child inherits the mask and ignores SIGINT once
        started (:func:`_watch_parent`); a Ctrl+C meanwhile reaches the server, late, not lost.
        The pool's resource tracker is started first: starting it unblocks SIGINT in the calling
        thread (CPython's ``ensure_running`` blocks SIGINT and SIGTERM around its spawn, then
        unblocks them), so the child, spawned after it, began with SIGINT deliverable, and a
        Ctrl+C while it started printed a ``KeyboardInterrupt`` traceback all the same."""
        if self._pool is None:
            resource_tracker.ensure_running()  # a process of its own, which ignores SIGINT itself
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return self._executor().submit(fn, *args)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)

    def start(self) -> Future[None]:
        """Start the child now rather than at the first bot's decision (it imports the bots:
        about half a second); done once the child is ready."""
        return self._submit(_ready)

    async def choose(self, key: BotKey, name: str, seed: int, view: SeatView, legal: Sequence[Action]) -> Action:
        """Bot ``key``'s choice; ``RuntimeError`` once shut down (the server is closing)."""
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wrap_future(self._submit(_choose, key, name, seed, view, legal), loop=loop)
        except BrokenProcessPool:
            log.error("the bots' process died; starting it again (its bots start afresh)")
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
            return await asyncio.wrap_future(self._submit(_choose, key, name, seed, view, legal), loop=loop)

    def forget(self, table_id: str) -> None:
        """Drop the bots of table ``table_id`` (it closed) from the child."""
        if self._pool is not None and not self._closed:
            with contextlib.suppress(RuntimeError):  # shut down or broken meanwhile: nothing is kept
                self._pool.submit(_forget, table_id)

    def shutdown(self) -> None:
        """No more decisions; one under way ends unused."""
        self._closed = True
        if self._pool is not None:
            # the child is ended, not left to finish: a bot that hangs must not keep the server
            # from stopping; waiting for it to be gone lets the pool release its queues'
            # semaphores, which the server's exit otherwise left behind ("resource_tracker: There
            # appear to be 5 leaked semaphore objects to clean up at shutdown" on every SIGTERM)
            for child in list((self._pool._processes or {}).values()):
                with contextlib.suppress(OSError):
                    child.terminate()
            self._pool.shutdown(wait=True, cancel_futures=True)
