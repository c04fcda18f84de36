"""PostgreSQL behind the ``Storage`` interface, for a bot that runs as several shard clusters
sharing one database (``ATOUT_DB=postgresql://…``).

The guarantees are those of the SQLite backend:

- migrations are the files ``bot/storage/migrations_postgresql/NNN_*.sql``, numbered like
  SQLite's (``bot.storage.migrations``); each runs in its own transaction with the version row,
  under an advisory lock, so two clusters starting at once never both run one;
- a step of play is committed before its ``await`` returns, and ``UNIQUE (table_id, action_no)``
  refuses a second writer of the same step (``StaleAction``), whichever process it comes from;
- the steps of play are group-committed: those of all tables that arrive while a commit is under
  way share the next transaction, each in its own SAVEPOINT, so a refused step never takes its
  neighbours with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import asyncpg

from bot.storage.challenge_queries import ChallengeQueries
from bot.storage.group_commit import GroupCommit, Statement, Step
from bot.storage.interface import (
    GameLog,
    Seat,
    Snapshot,
    StaleAction,
    Storage,
    TableRow,
)
from bot.storage.migrations import POSTGRESQL, Migration, run_migrations
from bot.storage.postgres_shim import PG_NOW as NOW
from bot.storage.postgres_shim import PgShim, numbered_placeholders, to_postgres
from bot.storage.ratings import RatingChange
from bot.storage.ratings_writes import RatingsWrites
from bot.storage.reviews import ReviewStore
from bot.storage.table_settings import TableSettings

STATEMENT_TIMEOUT_MS = 60_000
"""A statement running longer than this is a fault (a lock held by a stuck process): it fails
instead of holding a table forever."""
MIGRATION_LOCK = 0x41_54_4F_55_54
"""Advisory lock key ("ATOUT") held while migrating: clusters start at the same time."""
RATINGS_LOCK = MIGRATION_LOCK + 1
"""Held while a game is stored and rated: a cluster rating the games left pending at its start
and the cluster where one of them just ended must not both store it."""

log = logging.getLogger(__name__)


def is_postgres_url(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


class PgStorage(GroupCommit, RatingsWrites, ReviewStore, ChallengeQueries, Storage):
    """The tables and their logs in PostgreSQL's own SQL (below); ratings, results and history
    through the SQLite backend's methods, whose statements ``bot.storage.postgres_shim`` rewrites, on one
    connection of their own under the same one-call-at-a-time lock as in SQLite."""

    def __init__(self, dsn: str, *, pool_size: int = 4) -> None:
        self.dsn = dsn
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._lock = asyncio.Lock()
        self._ratings_conn: asyncpg.Connection | None = None
        self._init_group_commit()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    async def open(self) -> None:
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
            await self.migrate()
            self._ratings_conn = await self._pool.acquire()
        except BaseException:
            await self._pool.close()
            self._pool = None
            raise

    @property
    def db(self) -> PgShim:  # type: ignore[override]
        """What the ratings methods (written for aiosqlite) query through."""
        if self._ratings_conn is None:
            raise RuntimeError("storage is not open")
        return PgShim(self._ratings_conn)

    async def _exec(self, sql: str, args: tuple[Any, ...] = ()) -> int | None:
        await self.db.conn.execute(to_postgres(sql), *args)
        return None

    def _in_transaction(self) -> bool:
        return bool(self.db.conn.is_in_transaction())

    async def close(self) -> None:
        if self._pool is None:
            return
        await self._stop_committing()
        async with self._lock:  # a ratings call under way ends first
            if self._ratings_conn is not None:
                await self._pool.release(self._ratings_conn)
                self._ratings_conn = None
        pool, self._pool = self._pool, None
        await pool.close()

    # ------------------------------------------------------------------ ratings
    @contextlib.asynccontextmanager
    async def _rating_writer(self) -> AsyncIterator[None]:
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", RATINGS_LOCK)
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", RATINGS_LOCK)

    async def rate_table(self, table_id: int) -> list[RatingChange]:
        async with self._rating_writer():
            return await super().rate_table(table_id)

    async def rate_pending(self) -> int:
        async with self._rating_writer():
            return await super().rate_pending()

    # ------------------------------------------------------------------ migrations
    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            return await self._schema_version(conn)

    @staticmethod
    async def _schema_version(conn: asyncpg.Connection) -> int:
        await conn.execute("CREATE TABLE IF NOT EXISTS atout_schema (version INTEGER NOT NULL)")
        value = await conn.fetchval("SELECT max(version) FROM atout_schema")
        return int(value or 0)

    async def migrate(self) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:

                async def apply(migration: Migration) -> None:
                    async with conn.transaction():
                        # No parameters: asyncpg runs the whole file as one simple query.
                        await conn.execute(migration.script)
                        # Its Python step (rating the games already stored) sees the new tables
                        # on this connection, inside this transaction.
                        self._ratings_conn = conn
                        try:
                            await self.after_migration(migration.number)
                        finally:
                            self._ratings_conn = None
                        await conn.execute("DELETE FROM atout_schema")
                        await conn.execute(
                            "INSERT INTO atout_schema (version) VALUES ($1)", migration.number
                        )

                await run_migrations(POSTGRESQL, await self._schema_version(conn), apply)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    # ------------------------------------------------------------------ group commit
    committer_name = "atout-pg-group-commit"

    def _sql(self, sql: str) -> str:
        return numbered_placeholders(sql)

    @property
    def _connected(self) -> bool:
        return self._pool is not None

    async def _commit_group(self, steps: list[Step], bookkeeping: list[Statement]) -> None:
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

    # ------------------------------------------------------------------ tables
    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        seats: int,
        starter_id: int,
        options: dict[str, Any],
        settings: TableSettings,
    ) -> TableRow:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(
                "INSERT INTO tables (guild_id, channel_id, game, seats, starter_id, options,"
                " settings) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *",
                guild_id,
                channel_id,
                game,
                seats,
                starter_id,
                json.dumps(options),
                json.dumps(settings.to_json()),
            )
            assert row is not None
            return await self._table(conn, row)

    async def _table(self, conn: asyncpg.Connection, row: asyncpg.Record) -> TableRow:
        seats = await conn.fetch(
            "SELECT seat, user_id, ai_level, name FROM seats WHERE table_id = $1 ORDER BY seat",
            row["id"],
        )
        return self._table_row(row, [Seat(r[0], r[1], r[2], r[3]) for r in seats])

    async def _one_table(self, sql: str, *args: Any) -> TableRow | None:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(sql, *args)
            return None if row is None else await self._table(conn, row)

    async def get_table(self, table_id: int) -> TableRow | None:
        return await self._one_table("SELECT * FROM tables WHERE id = $1", table_id)

    async def table_in_thread(self, thread_id: int) -> TableRow | None:
        return await self._one_table(
            "SELECT * FROM tables WHERE thread_id = $1 ORDER BY id DESC LIMIT 1", thread_id
        )

    async def update_table(self, table_id: int, **fields: Any) -> None:
        statement = self._table_update(table_id, fields)
        if statement is not None:
            sql, args = statement
            async with self.pool.acquire() as conn:
                await conn.execute(sql, *args)
            self._updated(table_id, fields)

    async def set_seat(
        self, table_id: int, seat: int, user_id: int | None, ai_level: str | None, name: str
    ) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "INSERT INTO seats (table_id, seat, user_id, ai_level, name)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (table_id, seat) DO UPDATE SET"
                " user_id = excluded.user_id, ai_level = excluded.ai_level, name = excluded.name",
                table_id,
                seat,
                user_id,
                ai_level,
                name,
            )

    async def clear_seat(self, table_id: int, seat: int) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "DELETE FROM seats WHERE table_id = $1 AND seat = $2", table_id, seat
            )

    async def active_tables(self) -> list[TableRow]:
        mine = "" if self.shards is None else f" AND {self.shards.sql_condition()}"
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                f"SELECT * FROM tables WHERE status IN ('lobby', 'playing'){mine} ORDER BY id"
            )
            return [await self._table(conn, row) for row in rows]

    # ------------------------------------------------------------------ the log
    async def load_log(self, table_id: int) -> GameLog:
        async with self.pool.acquire() as conn:
            deals = await conn.fetch(
                "SELECT dealer, deck FROM deals WHERE table_id = $1 ORDER BY deal_no", table_id
            )
            actions = await conn.fetch(
                "SELECT deal_no, seat, action FROM actions WHERE table_id = $1 ORDER BY action_no",
                table_id,
            )
        return GameLog(
            [(r[0], json.loads(r[1])) for r in deals],
            [(r[0], r[1], json.loads(r[2])) for r in actions],
        )

    async def load_snapshot(self, table_id: int) -> Snapshot | None:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow(
                "SELECT engine_version, action_count, deal_count, state FROM snapshots"
                " WHERE table_id = $1",
                table_id,
            )
        if row is None:
            return None
        return Snapshot(row[0], row[1], row[2], json.loads(row[3]))

    async def finish_table(
        self,
        table_id: int,
        status: str,
        totals: list[int] | None = None,
        winners: list[int] | None = None,
        record: dict[str, Any] | None = None,
    ) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                f"UPDATE tables SET status = $1, finished_at = {NOW} WHERE id = $2",
                status,
                table_id,
            )
            if record is not None:
                await conn.execute(
                    "INSERT INTO results (table_id, totals, winners, record)"
                    " VALUES ($1, $2, $3, $4) ON CONFLICT (table_id) DO UPDATE SET"
                    " totals = excluded.totals, winners = excluded.winners,"
                    " record = excluded.record",
                    table_id,
                    json.dumps(totals or []),
                    json.dumps(winners or []),
                    json.dumps(record),
                )
