"""What one address costs the server with requests refused past ``--http-rate``.

``--http-rate`` bounds what is answered, not what arrives (docs/server.md, *What stays open*):
each request past it is still read, parsed and refused ``429``. Starts ``hkmj serve`` twice on
fresh SQLite databases from this one address: once with the rate lifted (``--http-rate
100000``: every ``GET /api/info`` answered, the reference) and once at ``--http-rate 1`` (all
but the first few refused ``429``), and measures the server's CPU (Linux's ``/proc``) over
``--requests`` requests sent in batches of 20 on one keep-alive connection, and over
``--connections`` connections each opened, sent one request and closed. Prints the CPU a
request and a connection for both, and exits 1 when a refused request costs the server more
than ``--target`` times an answered one (default 1: refusing may not cost more than answering;
``--no-fail`` to only report). With the rate lifted it also prints the CPU a request of the pages
a browser asks for (``/``, ``/help``, ``app.js``, a tile, a table's summary, the lobby) against
``GET /api/info``'s (reported, no target).

    python bench/bench_refused.py
    python bench/bench_refused.py --requests 4000 --connections 1000
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import tempfile
from pathlib import Path

from hkmj.server.testing import Server

TARGET = 1.0
"""A refused request's server CPU over an answered ``GET /api/info``'s, at most."""

BATCH = 20


def server_cpu(server: Server) -> float:
    """Seconds of CPU the server process has used (Linux's /proc)."""
    assert server.proc is not None
    with open(f"/proc/{server.proc.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _request(server: Server, path: str = "/api/info") -> bytes:
    host = server.base.split("//", 1)[1]
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


def _answers(data: bytes) -> int:
    return data.count(b"HTTP/1.1 ")


def _read_answers(s: socket.socket, n: int) -> tuple[int, bytes]:
    """Read until ``n`` answers have come (or the server closed): how many, and their status lines."""
    data = b""
    while _answers(data) < n:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    return _answers(data), data


def pipelined(server: Server, n: int, path: str = "/api/info") -> tuple[float, int, int]:
    """CPU seconds of ``n`` requests of ``path`` on keep-alive connections (batches of 20), answers
    counted and how many were 429 (a connection the server closes is opened again)."""
    host, port = server.base.split("//", 1)[1].rsplit(":", 1)
    req = _request(server, path)
    before = server_cpu(server)
    answered = refused = 0
    s = socket.create_connection((host, int(port)), timeout=30)
    try:
        while answered < n:
            k = min(BATCH, n - answered)
            s.sendall(req * k)
            got, data = _read_answers(s, k)
            answered += got
            refused += data.count(b"HTTP/1.1 429")
            if got < k:  # closed: open another
                s.close()
                s = socket.create_connection((host, int(port)), timeout=30)
    finally:
        s.close()
    return server_cpu(server) - before, answered, refused


def connections(server: Server, n: int) -> float:
    """CPU seconds of ``n`` connections, each opened, sent one request, answered and closed."""
    host, port = server.base.split("//", 1)[1].rsplit(":", 1)
    req = _request(server)
    before = server_cpu(server)
    for _ in range(n):
        with socket.create_connection((host, int(port)), timeout=30) as s:
            s.sendall(req)
            _read_answers(s, 1)
    return server_cpu(server) - before


PAGES = ("/", "/help", "/static/app.js", "/tiles/5p.svg", "/api/tables/{tid}", "/api/tables")
"""Pages answered within the rates, each timed (answered) against ``GET /api/info`` with the rate
lifted: docs/server.md, *Costs within the rates*."""


def measure(rate: str, requests: int, conns: int, pages: bool = False) -> tuple[float, float, int, dict[str, float]]:
    """Server CPU (ms) a request and a connection at ``--http-rate rate``, the requests refused and,
    when ``pages``, the CPU (ms) a request of each of :data:`PAGES`."""
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{Path(tmp) / 'bench.db'}", Path(tmp) / "server.log", ("--http-rate", rate), own_session=True)
        server.start()
        each: dict[str, float] = {}
        try:
            pipelined(server, BATCH)  # warm up
            cpu, answered, refused = pipelined(server, requests)
            per_conn = connections(server, conns)
            if pages:
                tid = server.create(slots=[None, "greedy", "greedy", "greedy"])
                for page in PAGES:
                    path = page.format(tid=tid)
                    pipelined(server, BATCH, path)
                    spent, got, _ = pipelined(server, requests // 5, path)
                    each[page] = spent / got * 1000
        finally:
            server.stop()
    return cpu / answered * 1000, per_conn / conns * 1000, refused, each


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=3000, help="requests on keep-alive connections per server (default 3000)")
    ap.add_argument("--connections", type=int, default=500, help="connections of one request per server (default 500)")
    ap.add_argument("--target", type=float, default=TARGET, help=f"a refused request's CPU over an answered one's, at most (default {TARGET:g})")
    ap.add_argument("--no-fail", action="store_true", help="report only; exit 0 even when the target is missed")
    args = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", file=sys.stderr)
    ok_req, ok_conn, _, each = measure("100000", args.requests, args.connections, pages=True)
    print(f"answered (--http-rate 100000): {ok_req:.3f} ms of server CPU a request, {ok_conn:.3f} ms a connection of one request")
    for page, ms in each.items():
        print(f"    GET {page}: {ms:.3f} ms a request ({ms / ok_req:.1f}x GET /api/info)")
    no_req, no_conn, refused, _ = measure("1", args.requests, args.connections)
    print(f"refused  (--http-rate 1):      {no_req:.3f} ms of server CPU a request, {no_conn:.3f} ms a connection of one request ({refused} of {args.requests} requests 429)")
    line, met = verdict(no_req, ok_req, refused, args.requests, args.target)
    print(line)
    return 0 if met or args.no_fail else 1


def verdict(refused_ms: float, answered_ms: float, refused: int, requests: int, target: float) -> tuple[str, bool]:
    """A refused request's CPU against an answered one's, and whether the target is met (missed too
    when fewer than half the requests were refused: the rate measured nothing)."""
    if refused < requests // 2:
        return f"only {refused} of {requests} requests refused: nothing measured, target missed", False
    ratio = refused_ms / answered_ms if answered_ms else float("inf")
    met = ratio <= target
    return f"a refused request costs {ratio:.2f}x an answered one (target {target:g}x) {'met' if met else 'MISSED'}", met


if __name__ == "__main__":
    raise SystemExit(main())
