"""The database ``ATOUT_DB`` names: a ``postgresql://`` URL for a shared PostgreSQL database
(shard clusters, several machines), anything else a SQLite file (the default)."""

from __future__ import annotations

import sqlite3

import asyncpg

from bot.storage.databases.postgres import PgDatabase, is_postgres_url
from bot.storage.databases.sqlite import SqliteDatabase
from bot.storage.storage import Storage


def make_storage(db: str) -> Storage:
    return Storage(PgDatabase(db) if is_postgres_url(db) else SqliteDatabase(db))


def describe(db: str) -> str:
    """Where the data lives, for a log line: the URL without its password."""
    if not is_postgres_url(db):
        return db
    scheme, _, rest = db.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not at:
        return db
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}@{host}"


class StorageUnavailable(Exception):
    """The database named by ``ATOUT_DB`` cannot be opened: ``python -m bot`` says so in one
    line (exit 1) instead of a traceback."""


def unavailable(exc: BaseException) -> bool:
    """Whether opening storage failed for a reason outside the bot: no server, a wrong
    password or database name, a file that cannot be opened."""
    return isinstance(
        exc,
        OSError | TimeoutError | asyncpg.PostgresError | asyncpg.InterfaceError | sqlite3.Error,
    )
