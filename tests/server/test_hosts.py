"""DNS rebinding: the server answers only the host names it was told (docs/server.md, "Threat model").

A page on an attacker's DNS name rebound to 127.0.0.1 sends ``Host: attacker.example`` with a
matching ``Origin``, which the Origin check alone let through. Every test talks to a real
``hkmj serve`` on 127.0.0.1 with forged ``Host`` headers, over raw sockets.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from hkmj.server.hosts import allowed_host_problem, host_allowed, host_name, machine_names
from hkmj.server.testing import Server

MakeServer = Callable[..., Server]


def _read_head(s: socket.socket) -> tuple[bytes, bytes]:
    """Read from ``s`` until the end of the response head; the head and what followed it."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head, rest


def raw(server: Server, request: str) -> tuple[int, str]:
    """Send ``request`` (text, CRLF line ends added) on a fresh connection; the status and body."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(request.replace("\n", "\r\n").encode("latin-1"))
        head, body = _read_head(s)
        length = next(
            (int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), 0
        )
        while len(body) < length:
            chunk = s.recv(65536)
            if not chunk:
                break
            body += chunk
    return int(head.split(b" ")[1]), body.decode("utf-8", "replace")


def http_get(server: Server, host: str, path: str = "/api/info") -> tuple[int, str]:
    return raw(server, f"GET {path} HTTP/1.1\nHost: {host}\nConnection: close\n\n")


def ws_handshake(server: Server, host: str, origin: str | None = None) -> int:
    """The status of a websocket handshake on /ws with this ``Host`` (101 when accepted)."""
    key = base64.b64encode(os.urandom(16)).decode()
    extra = f"Origin: {origin}\n" if origin else ""
    request = (
        f"GET /ws HTTP/1.1\nHost: {host}\nUpgrade: websocket\nConnection: Upgrade\n"
        f"Sec-WebSocket-Key: {key}\nSec-WebSocket-Version: 13\n{extra}\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(request.replace("\n", "\r\n").encode())
        head, _ = _read_head(s)
    return int(head.split(b" ")[1])


def post_table(server: Server, host: str, origin: str) -> tuple[int, str]:
    body = json.dumps({"slots": [None, "greedy", "greedy", "greedy"]})
    return raw(
        server,
        f"POST /api/tables HTTP/1.1\nHost: {host}\nOrigin: {origin}\nContent-Type: application/json\n"
        f"Content-Length: {len(body)}\nConnection: close\n\n{body}",
    )


def test_a_rebound_dns_name_is_refused_on_http_and_websocket(server: Server) -> None:
    """The attack: Host and Origin both name the attacker's domain (the page's own origin, as the
    browser sees it). Before the Host check the table was created (201) and the socket opened (101)."""
    rebound = f"rebind.attacker.example:{server.port}"
    status, body = post_table(server, rebound, f"http://{rebound}")
    assert status == 403 and "--allowed-host rebind.attacker.example" in body and "DNS rebinding" in body
    assert ws_handshake(server, rebound, f"http://{rebound}") == 403
    status, body = http_get(server, rebound, "/")
    assert status == 403 and "hkmj serve --allowed-host" in body
    assert live(server) == 0


def test_ip_literals_localhost_and_the_machines_name_are_answered_by_default(server: Server) -> None:
    """What a user of ``hkmj serve --host 0.0.0.0`` types on a LAN: the address or the machine's name."""
    own = socket.gethostname().lower()
    for host in (
        "127.0.0.1",
        "localhost",
        "[::1]",
        "192.168.1.5",
        "10.0.0.7",
        own,
        *([own + ".local"] if "." not in own else []),
        socket.getfqdn(),  # its fully qualified name (here or, on a machine with no DNS name, localhost)
    ):
        assert http_get(server, f"{host}:{server.port}")[0] == 200, host
    assert http_get(server, "LOCALHOST.")[0] == 200  # case and a final dot do not matter
    assert ws_handshake(server, f"127.0.0.1:{server.port}") == 101
    assert ws_handshake(server, f"localhost:{server.port}", f"http://localhost:{server.port}") == 101
    assert post_table(server, f"localhost:{server.port}", f"http://localhost:{server.port}")[0] == 201


@pytest.mark.parametrize(
    ("fqdn", "answered"),
    [
        ("Host.Example.LAN.", "host.example.lan"),
        ("box", None),  # the short name again: nothing new
        ("localhost", None),
        ("localhost.localdomain", None),
        ("ip6-localhost", None),
        ("127.0.0.1", None),  # an address, answered anyway
    ],
)
def test_the_machines_fully_qualified_name_is_answered_by_default(monkeypatch: pytest.MonkeyPatch, fqdn: str, answered: str | None) -> None:
    """A LAN user opening http://host.example.lan:8000 (the name the LAN's DNS gives the server,
    ``socket.getfqdn()``) is answered without ``--allowed-host``; a loopback name adds nothing."""
    monkeypatch.setattr(socket, "gethostname", lambda: "box")
    monkeypatch.setattr(socket, "getfqdn", lambda name="": fqdn)
    names = machine_names()
    assert names[:3] == ("localhost", "box", "box.local")
    assert names[3:] == ((answered,) if answered else ())
    assert host_allowed("host.example.lan", names) == (answered is not None)
    assert not host_allowed("other.example.lan", names)


def test_allowed_host_names_and_origins_hosts_are_answered(make_server: MakeServer) -> None:
    server = make_server(
        None, "--allowed-host", "mj.example.org", "--allowed-host", "*.games.example", "--origin", "https://play.example.net"
    )
    for host in ("mj.example.org", "MJ.example.org:443", "a.games.example", "x.y.games.example", "play.example.net"):
        assert http_get(server, host)[0] == 200, host
        assert ws_handshake(server, host) == 101, host
    for host in ("games.example", "example.org", "mj.example.org.evil.example", "evil-mj.example.org"):
        assert http_get(server, host)[0] == 403, host
        assert ws_handshake(server, host) == 403, host
    anything = make_server(None, "--allowed-host", "*")
    assert http_get(anything, "whatever.example")[0] == 200


def test_a_missing_or_malformed_host_header_is_refused_with_a_plain_message(server: Server) -> None:
    status, body = raw(server, "GET /api/info HTTP/1.0\n\n")
    assert status == 403 and "no Host header" in body
    for bad in ("evil.example:80x", "[::1", "a b.example", "<script>"):
        status, body = http_get(server, bad)
        assert status in (400, 403) and "Traceback" not in body, bad
    status, body = http_get(server, "<script>")
    assert "<script>" not in body


def test_a_refused_host_answer_carries_the_security_headers(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head = data.split(b"\r\n\r\n")[0].lower()
    assert head.startswith(b"http/1.1 403") and b"x-frame-options: deny" in head and b"content-security-policy" in head


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("https://mj.example.org", "without a scheme"),
        ("mj.example.org:8000", "without a port"),
        ("a..b", "host name"),
        ("*x.org", "host name"),
    ],
)
def test_allowed_host_must_be_a_host_name(tmp_path: Path, value: str, words: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "hkmj.cli", "serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--allowed-host", value],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "--allowed-host" in out.stderr and words in out.stderr, out.stderr
    assert "Traceback" not in out.stdout + out.stderr


def test_host_names_are_read_without_port_case_or_final_dot() -> None:
    assert host_name("MJ.Example.org.:8000") == "mj.example.org"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("[::1]x") is None and host_name("a:b") is None and host_name(None) is None and host_name("") is None
    assert host_allowed("1.2.3.4", ()) and host_allowed("::1", ())
    assert host_allowed("a.b.org", ("*.b.org",)) and not host_allowed("b.org", ("*.b.org",))
    assert allowed_host_problem("*") is None and allowed_host_problem("*.b.org") is None and allowed_host_problem("::1") is None


def live(server: Server) -> int:
    return int(server.get("/api/info")["live_tables"])
