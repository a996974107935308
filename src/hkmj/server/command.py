"""``hkmj serve``: start the table server (registered in :mod:`hkmj.cli`)."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["register"]

_EPILOG = """\
Open http://HOST:PORT/ in a browser: create a table, share its link, play or watch.
The database is created and migrated on start-up; tables in play resume after a restart.

  hkmj serve                                   # 127.0.0.1:8000, ./hkmj.db
  hkmj serve --host 0.0.0.0 --port 8080        # reachable from the local network
  hkmj serve --db postgresql://user:pw@localhost/hkmj
"""


def register(sub: Any) -> None:
    """Add the ``serve`` subcommand."""
    p = sub.add_parser(
        "serve",
        help="run the online table server (browser client, websocket protocol)",
        description="Serve online Hong Kong Mahjong tables: humans and bots, browser client, persistent event log.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--db", default="sqlite:///hkmj.db", help="database URL: sqlite:///FILE (default sqlite:///hkmj.db) or postgresql://..."
    )
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"], help="log level")
    p.set_defaults(func=_serve)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from hkmj.server.app import create_app

    config = uvicorn.Config(
        create_app(args.db),
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=65536,
        ws_per_message_deflate=False,  # frames are small; compressing them costs more CPU than it saves
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    server.run()
    return 0
