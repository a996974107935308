"""Fixtures: a real ``hkmj serve`` process on 127.0.0.1 (see :mod:`hkmj.server.testing`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hkmj.server.testing import Server


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def make(db: str | None = None) -> Server:
        s = Server(db or f"sqlite:///{tmp_path / 'hkmj.db'}", tmp_path / f"server{len(servers)}.log")
        s.start()
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.stop()


@pytest.fixture
def server(make_server: Callable[..., Server]) -> Server:
    return make_server()
