"""``Range`` requests of the server's files (the client's HTML, CSS and JS), as RFC 9110 §14 says.

Starlette answered ``400`` to a ``Range`` in a unit it does not know (``items=0-5``), which an
origin server MUST ignore (RFC 9110 §14.2: the whole file, ``200``), and ``416`` to a set of
byte ranges of which only some lie past the file's end, which a server answers with the ranges
it can satisfy (§14.1.1, §15.3.7; ``416`` is for a set none of which can be, §15.5.17).
A ``Range`` this module cannot read (no ``=``, a range that ends before it starts, letters)
is ignored as well (§14.2: a server MAY ignore an invalid ranges-specifier)."""

from __future__ import annotations

import os
import re

from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Receive, Scope, Send

__all__ = ["RangedFileResponse", "RangedStaticFiles", "served_range"]

_SPEC = re.compile(r"(\d*)-(\d*)")
_PAST_ANY_FILE = 10**18
"""What a position of more than 18 digits reads as: past the end of any file. ``int()`` refuses a
string of more than 4,300 digits, and such a ``Range`` was answered ``500`` with a traceback of
some 2.5 KB in the server's log, at each request."""


def _position(digits: str) -> int:
    """A byte position of a range-spec (RFC 9110 §14.1.1), at most :data:`_PAST_ANY_FILE`."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 18 else _PAST_ANY_FILE


def served_range(value: str, size: int) -> str | None:
    """The ``Range`` to serve a file of ``size`` bytes by, for a request's ``value``: None to
    ignore it (the whole file, ``200``), else ``bytes=`` and the satisfiable ranges asked for
    (``206``), or one none can satisfy when no range was satisfiable (``416``)."""
    unit, eq, ranges = value.partition("=")
    if not eq or unit.strip().lower() != "bytes":
        return None  # a unit it does not understand: ignored (RFC 9110 §14.2)
    kept = []
    for spec in (s.strip() for s in ranges.split(",")):
        if not spec:
            continue  # empty list elements are allowed (RFC 9110 §5.6.1)
        m = _SPEC.fullmatch(spec)
        if m is None or not (m[1] or m[2]):
            return None  # an invalid range-spec: the header is ignored
        # each kept range written again with its numbers as read: Starlette reads them with int()
        if m[1]:
            first = _position(m[1])
            last = _position(m[2]) if m[2] else None
            if last is not None and last < first:
                return None  # last-pos before first-pos is invalid (RFC 9110 §14.1.2)
            if first < size:
                kept.append(f"{first}-" if last is None or last >= size else f"{first}-{last}")
        elif (suffix := _position(m[2])) > 0 and size > 0:  # a suffix of length 0 is unsatisfiable
            kept.append(f"-{min(suffix, size)}")
    if not kept and ranges.strip(" ,"):
        return f"bytes={size}-"  # none satisfiable: 416 with Content-Range: bytes */size
    return "bytes=" + ",".join(kept) if kept else None


class RangedFileResponse(FileResponse):
    """A file answered with :func:`served_range`'s reading of the request's ``Range``."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        asked = Headers(scope=scope).get("range")
        if asked is not None and scope["type"] == "http":
            size = (self.stat_result or os.stat(self.path)).st_size
            served = served_range(asked, size)
            headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"range"]
            if served is not None:
                headers.append((b"range", served.encode("latin-1")))
            scope = {**scope, "headers": headers}
        await super().__call__(scope, receive, send)


class RangedStaticFiles(StaticFiles):
    """Starlette's static files, answered by :class:`RangedFileResponse`."""

    def file_response(
        self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        response = RangedFileResponse(full_path, status_code=status_code, stat_result=stat_result)
        if self.is_not_modified(response.headers, Headers(scope=scope)):
            return NotModifiedResponse(response.headers)
        return response
