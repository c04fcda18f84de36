"""The schema's migrations, on both databases: the same in each dialect, run once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.storage.backends import make_storage
from bot.storage.databases.migrations import POSTGRESQL, SQLITE, migrations


def test_both_dialects_have_the_same_migrations() -> None:
    """A migration added to one dialect only would leave the other backend behind."""
    sqlite = [(m.number, m.path.name) for m in migrations(SQLITE)]
    postgres = [(m.number, m.path.name) for m in migrations(POSTGRESQL)]
    assert sqlite == postgres


async def test_postgres_migrations_run_once(pg_server) -> None:  # type: ignore[no-untyped-def]
    url = await pg_server.new_database()
    first, second = make_storage(url), make_storage(url)
    # Two clusters starting at once: the advisory lock lets one migrate, the other waits.
    await asyncio.gather(first.open(), second.open())
    try:
        assert await first.database.schema_version() == migrations(POSTGRESQL)[-1].number
        assert await second.database.schema_version() == migrations(POSTGRESQL)[-1].number
    finally:
        await first.close()
        await second.close()


async def test_migrations_run_once_and_set_user_version(tmp_path: Path) -> None:
    path = str(tmp_path / "m.sqlite3")
    store = make_storage(path)
    await store.open()
    latest = migrations(SQLITE)[-1].number
    assert await store.database.schema_version() == latest
    assert (await store.database.fetchrow("PRAGMA journal_mode"))[0] == "wal"
    assert (await store.database.fetchrow("PRAGMA foreign_keys"))[0] == 1
    await store.close()
    again = make_storage(path)
    await again.open()  # a second start must not re-run 001 (CREATE TABLE would fail)
    assert await again.database.schema_version() == latest
    await again.close()
