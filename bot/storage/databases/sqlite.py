"""SQLite under the areas of storage: one file, one connection, WAL, foreign keys, numbered
migrations, and the group commit's transaction.

Migrations are the files ``bot/storage/databases/migrations_sqlite/NNN_*.sql`` (``bot.storage.databases.migrations``);
each runs in its own transaction and moves ``PRAGMA user_version`` to its number, so a
half-applied migration never exists.

Every table of every guild uses the one connection, one caller at a time (``_lock``): a
transaction spans several awaits, and without the lock the statements of another table would
run inside it (and be rolled back with it). The areas' statements use PostgreSQL's numbered
placeholders, which SQLite reads as the named parameters ``$1``, ``$2``…: they are bound here by
number, the statements are run as written.

The group commit (``commit_group``) is one transaction for all the steps of play queued while the
previous commit was under way, each step in its own SAVEPOINT so that a refused step
(``StaleAction``) never takes its neighbours with it, run as one call in aiosqlite's thread. A
commit costs an fsync (``synchronous=FULL``, docs/storage.md says why), paid once per group.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from typing import Any

import aiosqlite

from bot.storage.databases.database import (
    AfterMigration,
    Connection,
    Database,
    Ring,
    StaleAction,
    Statement,
    Step,
)
from bot.storage.databases.migrations import SQLITE, Migration, run_migrations
from bot.storage.databases.private_files import private_database

SYNCHRONOUS = "FULL"
"""In WAL mode, FULL syncs the log at every commit: a committed step survives a power loss, not
only a crash of the process (docs/storage.md)."""

log = logging.getLogger(__name__)

crash_point: Callable[[str], None] | None = None
"""Tests only: called at each point of the group commit ("begin", "step", "bookkeeping",
"commit", "committed") in the database thread, to simulate a crash there."""

_NAMES = tuple(str(number) for number in range(1, 1000))


def _bound(args: Sequence[Any]) -> dict[str, Any]:
    """``$1``, ``$2``… bound by number: SQLite names them ``1``, ``2``… (its limit on the
    parameters of one statement is far above what any statement here has)."""
    return dict(zip(_NAMES, args, strict=False))


def _at(point: str) -> None:
    if crash_point is not None:
        crash_point(point)


def _run_group(conn: sqlite3.Connection, steps: list[Step], bookkeeping: list[Statement]) -> None:
    """One transaction for a drained queue (runs in the database thread). Each step gets its own
    SAVEPOINT: a step that fails (the UNIQUE key of the log says somebody else took that step) is
    rolled back alone and reported to its own caller. Raises when the transaction itself fails:
    then no step of the group is committed."""
    _at("begin")
    conn.execute("BEGIN IMMEDIATE")
    try:
        for step in steps:
            conn.execute("SAVEPOINT step")
            try:
                for sql, args in step.statements:
                    conn.execute(sql, _bound(args))
                _at("step")
            except sqlite3.Error as exc:
                conn.execute("ROLLBACK TO step")
                step.outcome = (
                    StaleAction(str(exc)) if isinstance(exc, sqlite3.IntegrityError) else exc
                )
            conn.execute("RELEASE step")
        for sql, args in bookkeeping:
            conn.execute(sql, _bound(args))
        _at("bookkeeping")
        _at("commit")
        conn.execute("COMMIT")
        _at("committed")
    except BaseException:
        # A failed COMMIT may already have ended the transaction: ROLLBACK only what is open
        # (issue 14: "cannot rollback - no transaction is active" hid the real error).
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


class SqliteConnection:
    """asyncpg's four calls over the aiosqlite connection, each one hop to its thread. The
    caller holds the connection (``SqliteDatabase._lock``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        return list(await self._db.execute_fetchall(sql, _bound(args)))

    async def fetchrow(self, sql: str, *args: Any) -> sqlite3.Row | None:
        rows = await self._db.execute_fetchall(sql, _bound(args))
        return next(iter(rows), None)

    async def execute(self, sql: str, *args: Any) -> None:
        await self._db.execute_fetchall(sql, _bound(args))

    async def executemany(self, sql: str, args: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(sql, [_bound(row) for row in args])


class SqliteDatabase(Database):
    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    @property
    def connected(self) -> bool:
        return self._db is not None

    async def open(self, after_migration: AfterMigration) -> None:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
        # what the code says. The file is the bot's alone (``private_files``).
        private_database(self.path)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            self._db.row_factory = sqlite3.Row
            for pragma in (
                "journal_mode=WAL",
                f"synchronous={SYNCHRONOUS}",
                "foreign_keys=ON",
                "busy_timeout=5000",
            ):
                await self._db.execute_fetchall(f"PRAGMA {pragma}")
            await self._migrate(after_migration)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._db is not None:
            async with self._lock:  # a call under way ends first
                await self._db.close()
                self._db = None

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        async with self._lock:
            yield SqliteConnection(self.db)

    @contextlib.asynccontextmanager
    async def transaction(self, lock: int | None = None) -> AsyncIterator[Connection]:
        async with self._lock, self._begun() as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def _begun(self) -> AsyncIterator[Connection]:
        """A transaction on the connection the caller holds."""
        await self.db.execute_fetchall("BEGIN IMMEDIATE")
        try:
            yield SqliteConnection(self.db)
            await self.db.execute_fetchall("COMMIT")
        except BaseException:
            await self._rollback()
            raise

    async def _rollback(self) -> None:
        """ROLLBACK what is still open. Never raises: it runs while an error is on its way up,
        and that error says what went wrong (a failed COMMIT may have ended the transaction
        already, and "cannot rollback - no transaction is active" would hide it)."""
        try:
            if self.db.in_transaction:
                await self.db.execute_fetchall("ROLLBACK")
        except Exception:
            log.exception("ROLLBACK failed after an error; the first error follows")

    async def notify(self, conn: Connection, channel: str) -> None:
        """One process: nobody else to ring."""

    async def listen(self, channel: str, ring: Ring) -> None:
        """One process: nobody else rings."""

    def group_guard(self) -> asyncio.Lock:
        return self._lock

    async def commit_group(self, steps: list[Step], bookkeeping: list[Statement]) -> None:
        # aiosqlite's own thread runs the whole group: one hop for the transaction, not one
        # per statement.
        await self.db._execute(_run_group, self.db._conn, steps, bookkeeping)  # type: ignore[no-untyped-call]

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._schema_version()

    async def _schema_version(self) -> int:
        rows = await self.db.execute_fetchall("PRAGMA user_version")
        return int(next(iter(rows))[0])

    async def _migrate(self, after_migration: AfterMigration) -> None:
        async def apply(migration: Migration) -> None:
            async with self._lock, self._begun() as conn:
                for statement in migration.statements():
                    await conn.execute(statement)
                await after_migration(migration.number, conn)
                await conn.execute(f"PRAGMA user_version = {migration.number}")

        async with self._lock:
            current = await self._schema_version()
        await run_migrations(SQLITE, current, apply)
