"""The database ``ATOUT_DB`` names: a ``postgresql://`` URL for a shared PostgreSQL database
(shard clusters, several machines), anything else a SQLite file (the default)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import asyncpg

from bot.storage.databases.postgres import PgDatabase, is_postgres_url
from bot.storage.databases.sqlite import SqliteDatabase
from bot.storage.storage import Storage


def make_storage(db: str) -> Storage:
    return Storage(PgDatabase(db) if is_postgres_url(db) else SqliteDatabase(db))


def describe(db: str) -> str:
    """Where the data lives, for a log line: the URL with its password shown as ``***``."""
    if not is_postgres_url(db):
        return db
    scheme, _, rest = db.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not at:
        return db
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"


class StorageUnavailable(Exception):
    """The database named by ``ATOUT_DB`` cannot be opened: ``python -m bot`` says so in one
    line (exit 1) instead of a traceback."""


def storage_unavailable(db: str, exc: BaseException, say: Callable[..., str]) -> StorageUnavailable:
    """The one line that says why ``db`` cannot be opened, in the words of ``say`` (the bot's
    catalogue, ``bot.text.i18n.t``): a PostgreSQL server to check, a SQLite file that cannot be
    opened where it is, or a file that is no SQLite database at all (not a server's business)."""
    where, reason = describe(db), str(exc) or type(exc).__name__
    if is_postgres_url(db):
        key = "cli_no_database"
    elif isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        key = "cli_not_sqlite"
    else:
        key = "cli_no_sqlite"
    return StorageUnavailable(say(key, where=where, reason=reason))


def unavailable(exc: BaseException) -> bool:
    """Whether opening storage failed for a reason outside the bot: no server, a wrong
    password or database name, a file that cannot be opened."""
    return isinstance(
        exc,
        OSError | TimeoutError | asyncpg.PostgresError | asyncpg.InterfaceError | sqlite3.Error,
    )
