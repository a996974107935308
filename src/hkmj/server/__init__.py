"""The online table server: an ASGI adapter around the engine.

* :mod:`hkmj.server.app` — Starlette app: lobby pages, JSON API, one websocket per client.
* :mod:`hkmj.server.table` — a live table: seats, tokens, timers, bots, claim windows, replay.
* :mod:`hkmj.server.botprocess` — the child process in which the live tables' bots decide.
* :mod:`hkmj.server.tracker` — the 144 physical tiles followed through a hand (what each seat sees).
* :mod:`hkmj.server.store` — the append-only event log in SQLite or PostgreSQL (SQLAlchemy Core, Alembic).
* :mod:`hkmj.server.protocol` — message version, errors and validation (docs/protocol.md).

``hkmj serve`` (:mod:`hkmj.server.command`) starts it.
"""
