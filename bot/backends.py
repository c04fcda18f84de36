"""The storage backend ``ATOUT_DB`` names: a ``postgresql://`` URL for a shared PostgreSQL
database (shard clusters, several machines), anything else a SQLite file (the default)."""

from __future__ import annotations

from bot.pg_storage import PgStorage, is_postgres_url
from bot.sqlite_storage import SqliteStorage
from bot.storage import Storage


def make_storage(db: str) -> Storage:
    if is_postgres_url(db):
        return PgStorage(db)
    return SqliteStorage(db)


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
