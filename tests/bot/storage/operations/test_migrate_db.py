"""``python -m bot migrate-db``: a SQLite bot's data, tables in progress included, moves to
PostgreSQL, is checked there, and the bot carries on from it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.__main__ import main
from bot.app import create_bot
from bot.config import Settings
from bot.storage.backends import make_storage
from bot.storage.databases.postgres import PgDatabase
from bot.storage.operations.migrate_db import COPY_ORDER, MigrationError, migrate
from bot.storage.tables.settings import TableSettings
from harness.driver import Table


async def test_a_copy_carries_on_where_sqlite_stopped(tmp_path: Path, pg_server: Any) -> None:
    sqlite_path = str(tmp_path / "atout.sqlite3")
    bot = create_bot(Settings(token=None, db_path=sqlite_path, ai_pause_s=0.0))
    world = simcord.Env(bot, settle_timeout=30.0)
    await world.start()
    started = [bot]
    try:
        guild = world.create_guild()
        people = [guild.add_member(world.create_user(f"p{i}")) for i in range(2)]
        done = Table(world, guild.create_text_channel("done"), people)
        await done.open("sueca", computers=2, games_to_win=1)
        await done.play_to_end()
        going = Table(world, guild.create_text_channel("going"), people)
        await going.open("sueca", computers=2, games_to_win=1)
        for _ in range(4):
            await going.play_turn()
        await people[0].slash(guild.create_text_channel("lobby"), "briscola start", seats=2)
        in_progress = going.session.game
        assert in_progress is not None
        steps = in_progress.action_count
        # The bot stops writing (its gateway stays with simcord, which keeps the Discord side
        # of the world for the bot on PostgreSQL).
        await bot.storage.close()

        url = await pg_server.new_database()
        report = await migrate(sqlite_path, url)
        assert report.counts["tables"] == 3 and report.counts["actions"] > steps
        assert report.games_checked == 2
        assert report.counts["matches"] == 1 and report.counts["ratings"] == 4
        # A second copy into the same database is refused, and changes nothing.
        with pytest.raises(MigrationError, match="empty database"):
            await migrate(sqlite_path, url)

        # The bot on PostgreSQL restores the table in progress and finishes it; new tables get
        # new ids after the copied ones.
        moved = create_bot(Settings(token=None, db_path=url, ai_pause_s=0.0))
        started.append(moved)
        await world.restart_bot(moved)
        assert isinstance(moved.storage.database, PgDatabase)
        restored = going.session
        assert restored.game is not None and restored.game.action_count == steps
        await going.play_to_end()
        fresh = await moved.storage.tables.create(guild.id, 1, "sueca", 4, 1, {}, TableSettings())
        assert going.table_id is not None and fresh.id > going.table_id
        # The ratings came along: the finished games (the copied one and the one finished
        # on PostgreSQL) are on the server's leaderboard.
        board = await moved.storage.ratings.leaderboard(guild.id, "sueca")
        assert board.total == 2 and all(line.games == 2 for line in board.lines)
    finally:
        await world.shutdown()
        for each in started:
            await each.storage.close()
    world.raise_errors()


async def test_the_copy_lists_every_table_of_the_schema(pg_server: Any) -> None:
    """A migration that adds a table must add it to the copy too."""
    store = make_storage(await pg_server.new_database())
    await store.open()
    try:
        names = await store.database.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            " AND tablename <> 'atout_schema'"
        )
    finally:
        await store.close()
    assert sorted(r[0] for r in names) == sorted(COPY_ORDER)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--from", "{missing}", "--to", "postgresql://a@127.0.0.1:1/x"], "there is no file"),
        (["--from", "{garbage}", "--to", "postgresql://a@127.0.0.1:1/x"], "not a SQLite"),
        (["--from", "{db}", "--to", "atout2.sqlite3"], "must be a PostgreSQL URL"),
        (["--from", "postgresql://a@h/x", "--to", "postgresql://a@h/y"], "SQLite file"),
        (["--from", "{db}", "--to", "postgresql://a@127.0.0.1:1/x"], "cannot reach PostgreSQL"),
    ],
)
def test_bad_arguments_are_explained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all" * 100)
    db = tmp_path / "atout.sqlite3"
    sqlite3.connect(db).close()
    paths = {"missing": tmp_path / "nope.sqlite3", "garbage": garbage, "db": db}
    argv = ["migrate-db", *(a.format(**paths) for a in args)]
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_missing_arguments_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["migrate-db", "--from", "atout.sqlite3"])
    assert exit_.value.code == 2
    assert "--to" in capsys.readouterr().err
