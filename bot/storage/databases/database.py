"""The one part of storage written for each database: its driver, its transactions, the group
commit's transaction and its migrations (``sqlite.py``, ``postgres.py``).

Everything above it — tables and their logs, reviews, ratings, challenges — is written once, in
the SQL that both SQLite (3.35 or later) and PostgreSQL speak, with PostgreSQL's numbered
placeholders ``$1``, ``$2``…, which SQLite reads as named parameters (the SQLite side binds
them by number). Nothing rewrites a statement: a query that one database would not understand
fails the storage tests, which run every query on both (docs/storage.md, "One query path").

A ``Connection`` is what a query runs on: asyncpg's own connection for PostgreSQL, and its four
calls over the one aiosqlite connection for SQLite. An area asks the database for one
(``connection()``: a few reads together) or for a transaction (``transaction()``), and passes it
to its helpers, so a statement never waits for a connection its own caller holds.
"""

from __future__ import annotations

import asyncio
import datetime
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
"""How the schema stores a moment: ISO-8601 UTC text, which sorts and compares the same way in
both databases."""

RATINGS_LOCK = 0x41_54_4F_55_54 + 1
"""Held by every write of the ratings and of a server's settings (where the ratings' reset
marks live): a cluster rating the games left pending at its start and the cluster where one of
them just ended must not both store it, and two writers of one server's settings must not lose
each other's change. (``+ 0`` is PostgreSQL's migration lock, ``bot.storage.databases.postgres``.)"""

Statement = tuple[str, tuple[Any, ...]]
"""One statement and its arguments (``$1``… in the statement)."""


class StaleAction(Exception):
    """The log already holds this step: somebody else acted first. Raised where the database
    refuses a second writer of one step (``UNIQUE (table_id, action_no)``), in either dialect;
    ``storage.tables.append_action`` passes it on."""


class Row(Protocol):
    """A result row, read by column name or position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: int | str, /) -> Any: ...


class Connection(Protocol):
    """What a query runs on: asyncpg's calls, which the SQLite side gives too."""

    async def fetch(self, sql: str, *args: Any) -> list[Any]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Any: ...

    async def execute(self, sql: str, *args: Any) -> Any: ...

    async def executemany(self, sql: str, args: Iterable[Sequence[Any]]) -> Any: ...


AfterMigration = Callable[[int, Connection], Awaitable[None]]
"""The Python step of a migration (``RatingStore.after_migration``), run inside its transaction."""


@dataclass
class Step:
    """One step of play (a deal dealt, an action taken) waiting for the next group commit: its
    statements, committed together or not at all."""

    statements: list[Statement]
    future: asyncio.Future[None]
    outcome: BaseException | None = field(default=None)
    """Set by ``Database.commit_group`` when the database refused this step alone."""


Ring = Callable[[], None]
"""Called when another process rang a channel (``Database.listen``)."""


class Database(ABC):
    """One database: SQLite (one file, one process) or PostgreSQL (shared by shard clusters)."""

    SKIP_LOCKED = ""
    """What a claiming SELECT adds to skip the rows another transaction holds (PostgreSQL's
    ``FOR UPDATE SKIP LOCKED``); SQLite's writers are one at a time anyway."""

    shared = False
    """Several processes use this database at once (PostgreSQL): what one of them must carry
    out for another goes through it (``bot.storage.relay``)."""

    @abstractmethod
    async def notify(self, conn: Connection, channel: str) -> None:
        """Ring ``channel`` for the other processes when ``conn``'s transaction commits (none
        on SQLite: one process)."""

    @abstractmethod
    async def listen(self, channel: str, ring: Ring) -> None:
        """Call ``ring`` whenever another process rings ``channel``, and once after each
        reconnection (nothing is told again of what was rung meanwhile); until ``close``."""

    @abstractmethod
    async def open(self, after_migration: AfterMigration) -> None:
        """Connect and bring the schema to the latest migration of this dialect."""

    @abstractmethod
    async def close(self) -> None: ...

    @property
    @abstractmethod
    def connected(self) -> bool: ...

    @abstractmethod
    def connection(self) -> AbstractAsyncContextManager[Connection]:
        """A connection for a few statements in a row, without a transaction."""

    @abstractmethod
    def transaction(self, lock: int | None = None) -> AbstractAsyncContextManager[Connection]:
        """BEGIN, the caller's statements, COMMIT; on any error ROLLBACK, and the first error is
        what the caller sees (a failed COMMIT may have ended the transaction already). With
        ``lock``, no other transaction holding the same lock runs meanwhile, in any process
        (SQLite: every writing transaction is alone anyway)."""

    @abstractmethod
    def group_guard(self) -> AbstractAsyncContextManager[Any]:
        """Held while the group commit drains its queue and commits it (SQLite: the lock of its
        one connection, so that no reader sees bookkeeping that is neither queued nor written)."""

    @abstractmethod
    async def commit_group(self, steps: list[Step], bookkeeping: list[Statement]) -> None:
        """One transaction: each step in a savepoint of its own (a step the database refuses
        gets its ``outcome`` — ``StaleAction`` for a broken key — and is rolled back alone),
        then the bookkeeping. Raises when the transaction itself fails: then nothing of the
        group is committed."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        """One query on a connection of its own."""
        async with self.connection() as conn:
            return await conn.fetch(sql, *args)

    async def fetchrow(self, sql: str, *args: Any) -> Any:
        async with self.connection() as conn:
            return await conn.fetchrow(sql, *args)

    async def execute(self, sql: str, *args: Any) -> None:
        async with self.connection() as conn:
            await conn.execute(sql, *args)


def placeholders(count: int, start: int = 1) -> str:
    """``$start, $start+1, …``: ``count`` numbered placeholders, for a list of values."""
    return ", ".join(f"${n}" for n in range(start, start + count))


Clock = Callable[[], datetime.datetime]


def _system_clock() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


_clock: Clock = _system_clock


def use_clock(clock: Clock | None) -> None:
    """The clock ``now`` reads (None: the system's). The bot gives Discord's (simcord's in
    tests), the one it decides by when a season ends: a game's end and a season's end are then
    read on one clock, and a game ending after the boundary counts in the next season."""
    global _clock
    _clock = clock or _system_clock


def now_moment() -> datetime.datetime:
    return _clock().astimezone(datetime.UTC)


def now() -> str:
    """This moment as the schema stores it. The clock is the bot's, not the database's, so a
    statement needs no clock function of either dialect."""
    return now_moment().strftime(TIME_FORMAT)
