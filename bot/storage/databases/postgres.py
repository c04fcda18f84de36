"""PostgreSQL under the areas of storage, for a bot that runs as several shard clusters sharing one
database (``ATOUT_DB=postgresql://…``): a pool of asyncpg connections, on which the areas run the
same statements as on SQLite, as they are written.

The guarantees are those of the SQLite side:

- migrations are the files ``bot/storage/databases/migrations_postgresql/NNN_*.sql``, numbered like
  SQLite's (``bot.storage.databases.migrations``); each runs in its own transaction with the version row,
  under an advisory lock, so two clusters starting at once never both run one;
- a step of play is committed before its ``await`` returns, and ``UNIQUE (table_id, action_no)``
  refuses a second writer of the same step (``StaleAction``), whichever process it comes from;
- the steps of play are group-committed: those of all tables that arrive while a commit is under
  way share the next transaction, each in its own SAVEPOINT, so a refused step never takes its
  neighbours with it;
- a transaction with a ``lock`` holds that advisory lock until it ends, in every cluster.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import asyncpg

from bot.storage.databases.database import (
    AfterMigration,
    Connection,
    Database,
    Ring,
    StaleAction,
    Statement,
    Step,
)
from bot.storage.databases.migrations import POSTGRESQL, Migration, run_migrations

STATEMENT_TIMEOUT_MS = 60_000
"""A statement running longer than this is a fault (a lock held by a stuck process): it fails
instead of holding a table forever."""
MIGRATION_LOCK = 0x41_54_4F_55_54
"""Advisory lock key ("ATOUT") held while migrating: clusters start at the same time."""

log = logging.getLogger(__name__)


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def is_postgres_url(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


LISTEN_RETRY_S = 2.0
"""After a listener's connection is lost, the next try after this long."""
LISTEN_CHECK_S = 60.0
"""How often a listener's connection is checked (and its channel scanned again)."""


class PgDatabase(Database):
    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"
    shared = True

    def __init__(self, dsn: str, *, pool_size: int = 4) -> None:
        self.dsn = dsn
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._listeners: set[asyncio.Task[None]] = set()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    @property
    def connected(self) -> bool:
        return self._pool is not None

    async def open(self, after_migration: AfterMigration) -> None:
        # The time limit of a statement is the server's (statement_timeout), not asyncpg's
        # command_timeout: that one arms a timer on the event loop for every query, which costs
        # the bot's one loop more than the query itself under load.
        self._pool = await asyncpg.create_pool(
            self.dsn,
            min_size=1,
            max_size=self.pool_size,
            server_settings={"statement_timeout": str(STATEMENT_TIMEOUT_MS)},
        )
        try:
            await self._migrate(after_migration)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        for task in self._listeners:
            task.cancel()
        await asyncio.gather(*self._listeners, return_exceptions=True)
        self._listeners.clear()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()  # waits for the connections in use to come back

    async def notify(self, conn: Connection, channel: str) -> None:
        await conn.execute("SELECT pg_notify($1, '')", channel)

    async def listen(self, channel: str, ring: Ring) -> None:
        """A connection of its own (a pooled one may be handed to another caller, and a
        listener must stay connected), connected again whenever it is lost; ``ring`` is called
        after each (re)connection, since nothing rung meanwhile is delivered."""
        connected = asyncio.get_running_loop().create_future()
        task = asyncio.get_running_loop().create_task(
            self._listening(channel, ring, connected), name=f"atout-listen-{channel}"
        )
        self._listeners.add(task)
        await asyncio.shield(connected)

    async def _listening(self, channel: str, ring: Ring, connected: asyncio.Future[None]) -> None:
        def rung(*_: object) -> None:
            ring()

        while True:
            lost = asyncio.get_running_loop().create_future()
            try:
                conn = await asyncpg.connect(self.dsn)
            except (OSError, asyncpg.PostgresError) as exc:
                log.warning("listening to %s: cannot connect (%s); retrying", channel, exc)
                if not connected.done():
                    connected.set_exception(exc)
                    return
                await asyncio.sleep(LISTEN_RETRY_S)
                continue
            try:
                conn.add_termination_listener(lambda _conn, ended=lost: _settle(ended))
                await conn.add_listener(channel, rung)
                if not connected.done():
                    connected.set_result(None)
                ring()  # whatever was rung while nobody listened
                while not lost.done():
                    # A connection that died without a word (a network cut) is found by
                    # asking it something now and then; each check rings too, so that a
                    # notification lost on the way is never waited for longer than this.
                    await asyncio.sleep(LISTEN_CHECK_S)
                    try:
                        await conn.fetchval("SELECT 1")
                    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                        break
                    ring()
                log.warning("listening to %s: connection lost; connecting again", channel)
            finally:
                if not conn.is_closed():
                    await conn.close(timeout=5)

    def connection(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        acquired: contextlib.AbstractAsyncContextManager[Connection] = self.pool.acquire()
        return acquired

    @contextlib.asynccontextmanager
    async def transaction(self, lock: int | None = None) -> AsyncIterator[Connection]:
        async with self.pool.acquire() as conn, conn.transaction():
            if lock is not None:
                await conn.execute("SELECT pg_advisory_xact_lock($1)", lock)
            yield conn

    def group_guard(self) -> contextlib.AbstractAsyncContextManager[Any]:
        return contextlib.nullcontext()

    async def commit_group(self, steps: list[Step], bookkeeping: list[Statement]) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            for step in steps:
                try:
                    async with conn.transaction():  # a SAVEPOINT inside the group
                        for sql, args in step.statements:
                            await conn.execute(sql, *args)
                except asyncpg.IntegrityConstraintViolationError as exc:
                    step.outcome = StaleAction(str(exc))
                except asyncpg.PostgresError as exc:
                    step.outcome = exc
            for sql, args in bookkeeping:
                await conn.execute(sql, *args)

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            return await self._schema_version(conn)

    @staticmethod
    async def _schema_version(conn: asyncpg.Connection) -> int:
        await conn.execute("CREATE TABLE IF NOT EXISTS atout_schema (version INTEGER NOT NULL)")
        value = await conn.fetchval("SELECT max(version) FROM atout_schema")
        return int(value or 0)

    async def _migrate(self, after_migration: AfterMigration) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:

                async def apply(migration: Migration) -> None:
                    async with conn.transaction():
                        # No parameters: asyncpg runs the whole file as one simple query.
                        await conn.execute(migration.script)
                        # Its Python step (rating the games already stored) sees the new tables
                        # on this connection, inside this transaction.
                        await after_migration(migration.number, conn)
                        await conn.execute("DELETE FROM atout_schema")
                        await conn.execute(
                            "INSERT INTO atout_schema (version) VALUES ($1)", migration.number
                        )

                await run_migrations(POSTGRESQL, await self._schema_version(conn), apply)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
