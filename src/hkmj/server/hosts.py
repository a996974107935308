"""The ``Host`` check: the server answers only the host names it was told (DNS rebinding defence).

A page on an attacker's domain whose DNS name is then rebound to this server's address is,
for the browser, still the attacker's origin: its requests carry ``Host: attacker.example``
and ``Origin: http://attacker.example``, so the ``Origin`` check (which compares the two)
lets them through. Refusing every ``Host`` the operator did not name closes that hole.

Always answered: IP literals (``127.0.0.1``, ``192.168.1.5``, ``[::1]``: nobody can rebind an
address), ``localhost``, and this machine's own names (``socket.gethostname()``, with ``.local``
for mDNS, and its fully qualified name ``socket.getfqdn()``, e.g. ``host.example.lan``), so that
``hkmj serve --host 0.0.0.0`` works on a LAN by address or by the machine's name. Anything
else needs ``hkmj serve --allowed-host NAME`` (repeatable; ``*.NAME`` for its subdomains, ``*``
for any host, e.g. behind a proxy that checks it) or an ``--origin`` naming it. A refused host gets 403 with a plain message naming the option.
"""

from __future__ import annotations

import ipaddress
import re
import socket

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HostCheck", "allowed_host_problem", "host_allowed", "host_name", "machine_names"]

_LABEL = r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?"
_NAME = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*$")


def host_name(header: str | None) -> str | None:
    """The host name of a ``Host`` header value, lower case, without its port or a final dot
    (``[::1]:8000`` → ``::1``); None when the header is missing or malformed."""
    if header is None:
        return None
    text = header.strip().lower()
    if text.startswith("["):  # an IPv6 literal
        end = text.find("]")
        if end < 0 or (text[end + 1 :] and not re.fullmatch(r":\d{1,5}", text[end + 1 :])):
            return None
        return text[1:end] or None
    name, _, port = text.partition(":")
    if port and not port.isdigit():
        return None
    name = name[:-1] if name.endswith(".") else name
    return name or None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


_LOOPBACK_NAMES = frozenset({"localhost", "ip6-localhost", "ip6-loopback"})
"""First labels of the names a machine's resolver gives its loopback address (``localhost.localdomain``)."""


def machine_names() -> tuple[str, ...]:
    """This machine's own names: ``localhost``, its host name, (for a one-label name) the
    ``.local`` name mDNS gives it on a LAN, and its fully qualified name (``socket.getfqdn()``,
    as the LAN's DNS knows it) unless that is only a name of the loopback address."""
    names = ["localhost"]
    own = socket.gethostname().strip().lower().rstrip(".")
    if own and _NAME.match(own):
        names.append(own)
        if "." not in own:
            names.append(own + ".local")
    full = socket.getfqdn().strip().lower().rstrip(".")
    if full and _NAME.match(full) and full.split(".")[0] not in _LOOPBACK_NAMES and full not in names and not _is_ip(full):
        names.append(full)
    return tuple(names)


def allowed_host_problem(pattern: str) -> str | None:
    """Why ``pattern`` is no valid ``--allowed-host`` value (a host name, ``*.name`` or ``*``;
    no scheme, port or path), or None."""
    p = pattern.strip().lower()
    if p == "*":
        return None
    if "://" in p or "/" in p:
        return "give the host name alone, without a scheme or path (e.g. mj.example.org)"
    if ":" in p and not _is_ip(p.strip("[]")):
        return "give the host name without a port (e.g. mj.example.org)"
    name = p[2:] if p.startswith("*.") else p
    if _is_ip(name.strip("[]")) or _NAME.match(name.rstrip(".")):
        return None
    return "expected a host name such as mj.example.org, *.example.org for its subdomains, or * for any"


def host_allowed(name: str, patterns: tuple[str, ...]) -> bool:
    """Whether the host ``name`` (from :func:`host_name`) is answered: an IP literal, or matched
    by one of ``patterns`` (exact names, ``*.name`` for subdomains, ``*``)."""
    return _is_ip(name) or any(p == "*" or name == p or (p.startswith("*.") and name.endswith(p[1:])) for p in patterns)


class HostCheck:
    """ASGI middleware: HTTP requests and websocket handshakes whose ``Host`` is not allowed
    (:func:`host_allowed`) are answered 403 with a plain message naming ``--allowed-host``."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...]) -> None:
        self.app = app
        self.hosts = tuple(h.strip().lower().strip("[]").rstrip(".") for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), None)
        name = host_name(header)
        if name is not None and host_allowed(name, self.hosts):
            await self.app(scope, receive, send)
            return
        if header is None:
            why = "this request has no Host header: the server answers only the host names it is told"
        elif name is None or not _NAME.match(name):
            why = "this request's Host header names no valid host"
        else:
            why = (
                f"this server does not answer the host name {name[:80]!r} (a defence against DNS rebinding); "
                f"its operator can allow it with: hkmj serve --allowed-host {name[:80]}"
            )
        await PlainTextResponse(why + "\n", status_code=403)(scope, receive, send)
