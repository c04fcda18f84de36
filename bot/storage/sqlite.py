"""SQLite behind the ``Storage`` interface: WAL, foreign keys, numbered migrations, and a group
commit for the steps of play.

Migrations are the files ``bot/storage/migrations_sqlite/NNN_*.sql``; each runs in its own transaction and moves
``PRAGMA user_version`` to its number, so a half-applied migration never exists.

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
import functools
import json
import logging
import re
import sqlite3
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage.group_commit import GroupCommit, Statement, Step
from bot.storage.interface import GameLog, Seat, Snapshot, StaleAction, Storage, TableRow
from bot.storage.ratings_writes import SqliteRatings

MIGRATIONS_DIR = Path(__file__).with_name("migrations_sqlite")
_TABLE_COLUMNS = frozenset(
    {
        "thread_id",
        "lobby_message_id",
        "table_message_id",
        "ping_message_id",
        "status",
        "first_dealer",
        "options",
        "settings",
        "finished_at",
    }
)


"""Bookkeeping that may trail the log by a moment: it rides along with the next group commit."""
SYNCHRONOUS = "FULL"
"""In WAL mode, FULL syncs the log at every commit: a committed step survives a power loss, not
only a crash of the process (docs/storage.md)."""

log = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Coroutine[Any, Any, Any]])

crash_point: Callable[[str], None] | None = None
"""Tests only: called at each point of the group commit ("begin", "step", "bookkeeping",
"commit", "committed") in the database thread, to simulate a crash there."""


def _at(point: str) -> None:
    if crash_point is not None:
        crash_point(point)


def serialized(method: F) -> F:
    """One call at a time on the shared connection. Every table of every guild writes through
    this one connection, and a transaction spans several awaits: without this, the statements
    of another table would run inside it (and be rolled back with it), or its BEGIN would fail
    with "cannot start a transaction within a transaction"."""

    @functools.wraps(method)
    async def wrapper(self: SqliteStorage, *args: Any, **kwargs: Any) -> Any:
        async with self._lock:
            return await method(self, *args, **kwargs)

    return cast(F, wrapper)


def migrations() -> list[tuple[int, Path]]:
    found = []
    for path in MIGRATIONS_DIR.glob("*.sql"):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


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


class SqliteStorage(GroupCommit, SqliteRatings, Storage):
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
        """Run one statement and close its cursor at once (an open cursor blocks COMMIT)."""
        async with self.db.execute(sql, args) as cur:
            return cur.lastrowid

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
        current = await self._schema_version()
        for number, path in migrations():
            if number <= current:
                continue
            script = path.read_text(encoding="utf-8")
            statements = [s.strip() for s in _split_sql(script) if s.strip()]
            await self._exec("BEGIN IMMEDIATE")
            try:
                for statement in statements:
                    await self._exec(statement)
                await self.after_migration(number)
                await self._exec(f"PRAGMA user_version = {number}")
                await self._exec("COMMIT")
            except BaseException:
                await self._rollback()
                raise

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
        settings: dict[str, Any],
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
                json.dumps(settings),
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
        unknown = set(fields) - _TABLE_COLUMNS
        if unknown:
            raise ValueError(f"unknown table columns {sorted(unknown)}")
        if not fields:
            return
        names = sorted(fields)
        values = [
            json.dumps(fields[n]) if n in ("options", "settings") else fields[n] for n in names
        ]
        assignments = ", ".join(f"{n} = ?" for n in names)
        await self._exec(f"UPDATE tables SET {assignments} WHERE id = ?", (*values, table_id))
        for name in names:
            self._deferred.get(table_id, {}).pop(name, None)

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
        await self._exec("BEGIN IMMEDIATE")
        try:
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
            await self._exec("COMMIT")
        except BaseException:
            await self._rollback()
            raise

    async def _rollback(self) -> None:
        """ROLLBACK what is still open: a failed COMMIT may have ended the transaction already,
        and a second error would hide the first."""
        if self.db.in_transaction:
            await self._exec("ROLLBACK")


def _split_sql(script: str) -> list[str]:
    """Statements of a migration file (comments dropped; no semicolons inside literals)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return "\n".join(lines).split(";")
