"""HTTP glue for uvicorn: a request must arrive whole within a deadline (slowloris defence).

uvicorn's h11 protocol waits for request headers without a time limit, so a client that
sends one byte every few seconds holds a connection forever. :func:`guarded_h11` gives
every connection ``timeout`` seconds to complete the headers of each request (after the
connection opens and after each response); a client that misses it is disconnected.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["guarded_h11"]


def guarded_h11(timeout: float) -> type[H11Protocol]:
    """An h11 protocol class that drops clients slower than ``timeout`` seconds per request head."""

    class Guarded(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            if self.conn.their_state is h11.IDLE:  # the request head is still incomplete
                self.transport.close()

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return Guarded
