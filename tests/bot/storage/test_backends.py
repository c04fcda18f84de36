"""``ATOUT_DB`` names the backend (bot/storage/backends.py)."""

from __future__ import annotations

from bot.storage.backends import describe, make_storage
from bot.storage.databases.postgres import PgDatabase
from bot.storage.databases.sqlite import SqliteDatabase


def test_atout_db_chooses_the_backend() -> None:
    assert isinstance(make_storage("atout.sqlite3").database, SqliteDatabase)
    assert isinstance(make_storage("postgresql://a@h/db").database, PgDatabase)
    assert isinstance(make_storage("postgres://a@h/db").database, PgDatabase)
    assert (
        describe("postgresql://atout:secret@db:5432/atout")
        == "postgresql://atout:***@db:5432/atout"
    )
    assert describe("postgresql://atout@db:5432/atout") == "postgresql://atout@db:5432/atout"
    assert describe("data/atout.sqlite3") == "data/atout.sqlite3"
