"""Alembic environment: runs on the connection handed over by :func:`hkmj.server.store.migrate`."""

from __future__ import annotations

from alembic import context

from hkmj.server.store import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - command-line use: alembic -x url=...
    from sqlalchemy import create_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    with create_engine(str(url)).begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
