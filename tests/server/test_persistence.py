"""Crash and persistence: SIGKILL mid-hand, restart on the same database, reconnect: same state.

Runs on SQLite and on a real PostgreSQL server (``HKMJ_TEST_PG_URL``, which .ci/run sets after
installing and starting PostgreSQL from Debian's packages; skipped when none is reachable).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from hkmj.server.client import GameClient
from hkmj.server.testing import Server, choose, drain, play, settle, stable


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_sigkill_mid_hand_then_restart_resumes_the_exact_state(
    kind: str, tmp_path: Path, make_server: Callable[..., Server], kind_db: str
) -> None:
    db = kind_db
    server = make_server(db)
    humans = server.create(slots=[None, None, None, None], timer=120, claim_window=0.02, hands=2)
    bots = server.create(slots=[None, "random", "greedy", "random"], timer=120, claim_window=0.02, bot_delay=0.0, hands=2)

    async def go() -> None:
        clients = [server.client() for _ in range(4)]
        for c in clients:
            await c.open()
        tokens = [await c.join(humans, i, f"p{i}") for i, c in enumerate(clients)]
        solo = server.client()
        await solo.open()
        solo_token = await solo.join(bots, 0, "solo")
        rng = random.Random(5)
        n = 0

        def policy(i: int, legal: list[str]) -> str:
            nonlocal n
            n += 1
            return choose(legal, rng)

        await play([*clients, solo], lambda cs: n >= 40, policy, 60)
        await drain([*clients, solo], 0.5)
        before = [stable(c.state or {}) for c in clients]
        before_solo = stable(solo.state or {})
        assert before[0]["hand"] and before[0]["seq"] > 20
        server.kill()
        for c in [*clients, solo]:
            await c.close()
        server.start()
        again = [server.client() for _ in range(4)]
        for c in again:
            await c.open()
        for c, t in zip(again, tokens, strict=True):
            await c.resume(humans, t)
        solo2 = server.client()
        await solo2.open()
        await solo2.resume(bots, solo_token)
        # a restored claim window is held again for its minimum (0.02 s here) before what
        # followed it is shown, as timers restart: compare once the frames have settled
        await drain([*again, solo2], 0.5)
        after = [stable(c.state or {}) for c in again]
        after_solo = stable(solo2.state or {})
        assert after == before
        assert after_solo == before_solo
        # timers restart from the restart: the open decision has its whole timer again
        waiting = [c for c in again if c.legal]
        assert waiting and all((c.state or {})["mine"]["remaining"] > 100 for c in waiting)
        # and play goes on to the end of the match
        await play(
            [*again, solo2],
            lambda cs: all(bool(((c.state or {}).get("match") or {}).get("over")) for c in cs),
            lambda i, legal: choose(legal, rng),
            120,
        )
        for c in [*again, solo2]:
            await c.close()

    asyncio.run(go())


def test_fuzz_random_and_malformed_messages_never_crash_or_change_state(server: Server) -> None:
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=120)
    rng = random.Random(7)
    words = ["join", "resume", "watch", "action", "hint", "back", "next", "start", "ping", "x", "", None, 3]
    values: list[object] = [
        None,
        True,
        0,
        -1,
        2**70,
        1.5,
        "",
        "discard 9z",
        "pung pung",
        "chow 1z2z3z",
        "kong",
        [],
        {},
        "💥" * 50,
        tid,
    ]

    def junk() -> str | bytes:
        r = rng.random()
        if r < 0.15:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
        if r < 0.3:
            return "".join(rng.choice('{}[]":,0123456789abc\\') for _ in range(rng.randrange(1, 80)))
        if r < 0.35:
            return "[" * 5000
        import json

        msg: dict[str, object] = {"type": rng.choice(words)}
        for key in rng.sample(["v", "table", "slot", "token", "cseq", "at", "action", "name"], rng.randrange(0, 6)):
            msg[key] = rng.choice(values)
        return json.dumps(msg)

    async def go() -> None:
        a, b = server.client(), server.client()
        await a.open()
        await b.open()
        ta = await a.join(tid, 0, "A")
        await b.join(tid, 1, "B")
        await settle([a, b])
        sa0, sb0 = stable(a.state or {}), stable(b.state or {})
        fuzzers = [GameClient(server.ws_url) for _ in range(3)]
        for f in fuzzers:
            await f.open()
        # a fuzzer that joined as A (with A's token) sends junk and wrong actions too
        await fuzzers[0].resume(tid, ta)
        for i in range(600):
            f = fuzzers[i % 3]
            await f.send_raw(junk())
            if i % 50 == 0:
                await asyncio.sleep(0.05)
        await drain([*fuzzers, a, b], 0.5)
        assert server.alive()
        assert stable(a.state or {})["seq"] == sa0["seq"]
        c = server.client()
        await c.open()
        assert stable(await c.resume(tid, ta)) == sa0
        assert stable(b.state or {}) == sb0
        for x in [*fuzzers, a, b, c]:
            await x.close()

    asyncio.run(go())


def test_every_broadcast_frame_is_already_in_the_log(tmp_path: Path, make_server: Callable[..., Server]) -> None:
    import sqlite3

    db_file = tmp_path / "log.db"
    server = make_server(f"sqlite:///{db_file}")
    tid = server.create(slots=[None, "greedy", "random", "greedy"], claim_window=0.01, hands=1)

    async def go() -> None:
        c = server.client()
        await c.open()
        await c.join(tid, 0, "Ed")
        db = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
        rng = random.Random(9)
        frames = 0
        moves = 0  # discards, claims and kongs shown so far: each one is an ``act`` entry
        while not (c.state and c.state.get("reveal")):
            m = await c.recv(40)
            if m["type"] == "error" and c.legal:  # acted on a frame already overtaken: act on the newest
                await c.act(choose(c.legal, rng))
            if m["type"] != "state":
                continue
            moves += sum(e["type"] in ("discard", "claim", "kong") for e in m["events"])
            q = "SELECT COUNT(*) FROM hkmj_events WHERE table_id = ? AND kind = 'act'"
            rows = db.execute(q, (tid,)).fetchone()[0]
            assert rows >= moves, f"frame {m['seq']} shows {moves} moves but only {rows} are committed"
            frames += 1
            if c.legal:
                await c.act(choose(c.legal, rng))
        # the hand's length depends on its secret wall (one ended after 13 acts): the checks above
        # ran at every frame, and every move shown is a committed act
        assert frames > 5 and moves > 0
        kinds = [k for (k,) in db.execute("SELECT kind FROM hkmj_events WHERE table_id = ? ORDER BY seq", (tid,))]
        assert kinds[0] == "create" and kinds[1] == "join" and "start" in kinds and kinds.count("act") >= moves
        db.close()
        await c.close()

    asyncio.run(go())


def test_migrations_match_the_schema_the_code_uses(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from hkmj.server.store import make_engine, metadata, upgrade_with_alembic

    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    upgrade_with_alembic(engine)
    upgrade_with_alembic(engine)  # idempotent
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []
    engine.dispose()


def test_the_schema_head_is_alembics() -> None:
    """:data:`hkmj.server.store.SCHEMA_HEAD`, which spares a new database or one at the head from
    importing Alembic, is the head of the migrations: a new migration must move it."""
    from alembic.script import ScriptDirectory

    from hkmj.server.store import MIGRATIONS, SCHEMA_HEAD

    assert ScriptDirectory(str(MIGRATIONS)).get_heads() == [SCHEMA_HEAD]


def _schema(url: str) -> dict[str, object]:
    """Every table of the database at ``url``: its columns (name, type, nullable, default), primary
    key, foreign keys, indexes and unique constraints, and the ``alembic_version`` rows."""
    import sqlalchemy as sa

    from hkmj.server.store import normalise_url

    engine = sa.create_engine(normalise_url(url), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            inspector = sa.inspect(conn)
            out: dict[str, object] = {}
            for name in sorted(inspector.get_table_names()):
                out[name] = (
                    [(c["name"], str(c["type"]), c["nullable"], c.get("default")) for c in inspector.get_columns(name)],
                    inspector.get_pk_constraint(name),
                    inspector.get_foreign_keys(name),
                    inspector.get_indexes(name),
                    inspector.get_unique_constraints(name),
                )
            out["versions"] = list(conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())
            return out
    finally:
        engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_new_database_gets_the_schema_alembic_makes_without_alembic(kind: str, kind_db: str, tmp_path: Path) -> None:
    """A new database is given its tables and its revision without Alembic (importing it cost each
    start of the server 0.2 s of CPU): the same tables, columns, keys, indexes and revision as
    Alembic's migrations make, on SQLite and PostgreSQL; migrating it again changes nothing, and
    a database at the head is left to the server without Alembic."""
    import subprocess
    import sys

    import sqlalchemy as sa

    from hkmj.server.store import make_engine, migrate, normalise_url, upgrade_with_alembic

    def build(how: Callable[[sa.Engine], None]) -> dict[str, object]:
        if kind == "sqlite":
            url = f"sqlite:///{tmp_path / f'{how.__name__}.db'}"
        else:
            url = kind_db
            dropper = sa.create_engine(normalise_url(url), poolclass=sa.pool.NullPool)
            with dropper.begin() as conn:
                conn.execute(sa.text("DROP TABLE IF EXISTS hkmj_events, hkmj_tables, alembic_version"))
            dropper.dispose()
        engine = make_engine(url)
        how(engine)
        how(engine)  # a restart runs it again
        engine.dispose()
        return _schema(url)

    by_alembic = build(upgrade_with_alembic)
    ours = build(migrate)
    assert ours == by_alembic
    # a start on a database at the head imports no Alembic at all
    url = f"sqlite:///{tmp_path / 'migrate.db'}" if kind == "sqlite" else kind_db
    code = (
        "import sys; from hkmj.server.store import make_engine, migrate, schema_problem; "
        f"assert schema_problem({url!r}) is None; migrate(make_engine({url!r})); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('alembic', 'mako')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr
