"""``Range`` requests of the client's files follow RFC 9110 §14 (docs/server.md, threat table)."""

from __future__ import annotations

import http.client

from hkmj.server.ranges import served_range
from hkmj.server.testing import Server


def fetch(server: Server, path: str, rng: str | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", path, headers={} if rng is None else {"Range": rng})
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body


def test_a_range_in_an_unknown_unit_or_unreadable_is_ignored_and_a_partly_satisfiable_set_is_served(server: Server) -> None:
    for path in ("/static/style.css", "/static/app.js", "/"):
        status, _, whole = fetch(server, path)
        assert status == 200 and len(whole) > 100, path
        size = len(whole)
        # RFC 9110 §14.2: an origin server MUST ignore a Range in a unit it does not understand
        # (it answered 400 "Only support bytes range"); one it cannot read MAY be ignored (400 too)
        for rng in ("items=0-5", "pages=1", "0-5", "bytes=5-2", "bytes=abc", "bytes=0-5,x", "bytes="):
            status, headers, body = fetch(server, path, rng)
            assert (status, body) == (200, whole), (path, rng, status, body[:80])
            assert "content-range" not in headers, (path, rng)
        status, headers, body = fetch(server, path, "Bytes=0-5")  # units are case-insensitive (§14.1)
        assert (status, headers["content-range"], body) == (206, f"bytes 0-5/{size}", whole[:6])
        status, headers, body = fetch(server, path, f"bytes=-4, {size}-")
        # §14.1.1: a set with a satisfiable range is served (it answered 416 for the unsatisfiable one)
        assert (status, headers["content-range"], body) == (206, f"bytes {size - 4}-{size - 1}/{size}", whole[-4:])
        for rng in (f"bytes={size}-", f"bytes={size + 10}-{size + 20}, -0"):  # none satisfiable: 416 (§15.5.17)
            status, headers, _ = fetch(server, path, rng)
            assert (status, headers["content-range"]) == (416, f"bytes */{size}"), (path, rng)


def test_served_range_reads_a_range_as_rfc_9110_says() -> None:
    assert served_range("items=0-5", 100) is None
    assert served_range("bytes=0-5, 7-", 100) == "bytes=0-5,7-"
    assert served_range("bytes=0-5, 200-", 100) == "bytes=0-5"
    assert served_range("bytes=,0-5,,", 100) == "bytes=0-5"
    assert served_range("bytes=200-, -0", 100) == "bytes=100-"
    assert served_range("bytes=-5", 0) == "bytes=0-"
    assert served_range("bytes=9-3", 100) is None
    assert served_range("bytes=-", 100) is None
