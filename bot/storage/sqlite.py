"""SQLite behind the ``Storage`` interface: WAL, foreign keys, numbered migrations, and a group
commit for the steps of play.

Migrations are the files ``bot/storage/migrations_sqlite/NNN_*.sql`` (``bot.storage.migrations``);
each runs in its own transaction and moves ``PRAGMA user_version`` to its number, so a
half-applied migration never exists.

The steps of play (``append_action``, ``append_deal``) are the hot path: every click writes one.
A commit costs an fsync (``synchronous=FULL``, docs/storage.md says why), so instead of one
transaction per step, the steps of all tables that arrive while a commit is under way are written
together in the next one: one transaction per drain of the queue, each step inside its own
SAVEPOINT so that a refused step (``StaleAction``) never takes its neighbours with it. A caller's
``await`` returns only once the transaction holding its step is committed: durability is that of
one commit per step, at a fraction of the fsyncs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable
from typing import Any

import aiosqlite

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
from bot.storage.migrations import SQLITE, Migration, run_migrations
from bot.storage.queries import serialized
from bot.storage.ratings_writes import RatingsWrites
from bot.storage.reviews import ReviewStore
from bot.storage.table_settings import TableSettings

SYNCHRONOUS = "FULL"
"""In WAL mode, FULL syncs the log at every commit: a committed step survives a power loss, not
only a crash of the process (docs/storage.md)."""

log = logging.getLogger(__name__)

crash_point: Callable[[str], None] | None = None
"""Tests only: called at each point of the group commit ("begin", "step", "bookkeeping",
"commit", "committed") in the database thread, to simulate a crash there."""


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
                    conn.execute(sql, args)
                _at("step")
            except sqlite3.Error as exc:
                conn.execute("ROLLBACK TO step")
                step.outcome = (
                    StaleAction(str(exc)) if isinstance(exc, sqlite3.IntegrityError) else exc
                )
            conn.execute("RELEASE step")
        for sql, args in bookkeeping:
            conn.execute(sql, args)
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


class SqliteStorage(GroupCommit, RatingsWrites, ReviewStore, ChallengeQueries, Storage):
    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._init_group_commit()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def open(self) -> None:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
        # what the code says.
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        await self._exec("PRAGMA journal_mode=WAL")
        await self._exec(f"PRAGMA synchronous={SYNCHRONOUS}")
        await self._exec("PRAGMA foreign_keys=ON")
        await self._exec("PRAGMA busy_timeout=5000")
        await self.migrate()

    async def _exec(self, sql: str, args: tuple[Any, ...] = ()) -> int | None:
        async with self.db.execute(sql, args) as cur:
            return cur.lastrowid

    def _in_transaction(self) -> bool:
        return self.db.in_transaction

    async def close(self) -> None:
        if self._db is not None:
            # Steps already queued are committed (their callers wait for it), and the deferred
            # bookkeeping with them.
            await self._stop_committing()
            await self._db.close()
            self._db = None

    # ------------------------------------------------------------------ group commit
    @property
    def _connected(self) -> bool:
        return self._db is not None

    def _group_guard(self) -> asyncio.Lock:
        return self._lock

    async def _commit_group(self, steps: list[Step], bookkeeping: list[Statement]) -> None:
        # aiosqlite's own thread runs the whole group: one hop for the transaction, not one
        # per statement.
        await self.db._execute(_run_group, self.db._conn, steps, bookkeeping)  # type: ignore[no-untyped-call]

    @serialized
    async def schema_version(self) -> int:
        return await self._schema_version()

    async def _schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        await run_migrations(SQLITE, await self._schema_version(), self._apply)

    async def _apply(self, migration: Migration) -> None:
        async with self.transaction():
            for statement in migration.statements():
                await self._exec(statement)
            await self.after_migration(migration.number)
            await self._exec(f"PRAGMA user_version = {migration.number}")

    # ------------------------------------------------------------------------ tables
    @serialized
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
        table_id = await self._exec(
            "INSERT INTO tables (guild_id, channel_id, game, seats, starter_id, options, settings)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                game,
                seats,
                starter_id,
                json.dumps(options),
                json.dumps(settings.to_json()),
            ),
        )
        assert table_id is not None
        row = await self._row("SELECT * FROM tables WHERE id = ?", (table_id,))
        assert row is not None
        return row

    async def _row(self, sql: str, args: tuple[Any, ...]) -> TableRow | None:
        async with self.db.execute(sql, args) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return await self._table(row)

    async def _table(self, row: sqlite3.Row) -> TableRow:
        async with self.db.execute(
            "SELECT seat, user_id, ai_level, name FROM seats WHERE table_id = ? ORDER BY seat",
            (row["id"],),
        ) as cur:
            seats = [Seat(r[0], r[1], r[2], r[3]) for r in await cur.fetchall()]
        return self._table_row(row, seats)

    @serialized
    async def get_table(self, table_id: int) -> TableRow | None:
        return await self._row("SELECT * FROM tables WHERE id = ?", (table_id,))

    @serialized
    async def table_in_thread(self, thread_id: int) -> TableRow | None:
        return await self._row(
            "SELECT * FROM tables WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
        )

    @serialized
    async def update_table(self, table_id: int, **fields: Any) -> None:
        statement = self._table_update(table_id, fields)
        if statement is not None:
            await self._exec(*statement)
            self._updated(table_id, fields)

    @serialized
    async def set_seat(
        self, table_id: int, seat: int, user_id: int | None, ai_level: str | None, name: str
    ) -> None:
        await self._exec(
            "INSERT INTO seats (table_id, seat, user_id, ai_level, name) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,"
            " ai_level = excluded.ai_level, name = excluded.name",
            (table_id, seat, user_id, ai_level, name),
        )

    @serialized
    async def clear_seat(self, table_id: int, seat: int) -> None:
        await self._exec("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    @serialized
    async def active_tables(self) -> list[TableRow]:
        mine = "" if self.shards is None else f" AND {self.shards.sql_condition()}"
        async with self.db.execute(
            f"SELECT * FROM tables WHERE status IN ('lobby', 'playing'){mine} ORDER BY id"
        ) as cur:
            rows = list(await cur.fetchall())
        return [await self._table(row) for row in rows]

    # ------------------------------------------------------------------------ the log
    @serialized
    async def load_log(self, table_id: int) -> GameLog:
        async with self.db.execute(
            "SELECT dealer, deck FROM deals WHERE table_id = ? ORDER BY deal_no", (table_id,)
        ) as cur:
            deals = [(r[0], json.loads(r[1])) for r in await cur.fetchall()]
        async with self.db.execute(
            "SELECT deal_no, seat, action FROM actions WHERE table_id = ? ORDER BY action_no",
            (table_id,),
        ) as cur:
            actions = [(r[0], r[1], json.loads(r[2])) for r in await cur.fetchall()]
        return GameLog(deals, actions)

    @serialized
    async def load_snapshot(self, table_id: int) -> Snapshot | None:
        async with self.db.execute(
            "SELECT engine_version, action_count, deal_count, state FROM snapshots"
            " WHERE table_id = ?",
            (table_id,),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return Snapshot(row[0], row[1], row[2], json.loads(row[3]))

    @serialized
    async def finish_table(
        self,
        table_id: int,
        status: str,
        totals: list[int] | None = None,
        winners: list[int] | None = None,
        record: dict[str, Any] | None = None,
    ) -> None:
        async with self.transaction():
            await self._exec(
                "UPDATE tables SET status = ?,"
                " finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?",
                (status, table_id),
            )
            if record is not None:
                await self._exec(
                    "INSERT OR REPLACE INTO results (table_id, totals, winners, record)"
                    " VALUES (?, ?, ?, ?)",
                    (
                        table_id,
                        json.dumps(totals or []),
                        json.dumps(winners or []),
                        json.dumps(record),
                    ),
                )
