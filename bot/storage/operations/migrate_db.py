"""``python -m bot migrate-db --from atout.sqlite3 --to postgresql://…``: move a bot's data from
its SQLite file to PostgreSQL, when one process is no longer enough.

Everything is copied, tables in progress included (their log, decks and snapshot), in one
PostgreSQL transaction: a copy that fails leaves the target as it was. Then the copy is checked
before anyone relies on it: the row count of every table matches, and every game replayed from
its copied log equals its copied snapshot (the log is the truth, the snapshot its cache). Stop
the bot before copying: a step written meanwhile would not be copied.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage.databases.postgres import PgDatabase, is_postgres_url
from bot.storage.databases.sqlite import SqliteDatabase
from bot.storage.storage import Storage
from bot.storage.tables.interface import Snapshot, replay_log
from games.records import IllegalRecordAction

COPY_ORDER = (
    "tables",
    "seats",
    "deals",
    "actions",
    "snapshots",
    "results",
    "matches",
    "match_players",
    "ratings",
    "guild_settings",
    "reviews",
    "challenges",
    "challenge_pars",
    "challenge_attempts",
    "challenge_results",
    "challenge_daily",
    "puzzles",
    "puzzle_days",
    "puzzle_answers",
    "puzzle_mistakes",
    "puzzle_posts",
    "instance",
    "seasons",
    "season_ratings",
    "season_divisions",
    "season_posts",
    "open_queue",
    "open_lobbies",
    "mirrors",
    "mutes",
    "relay",
)
"""Every table of the schema, parents before children (foreign keys). ``instance`` holds the
web pages' secret: the links given before the move keep opening their pages after it."""
SERIALS = {
    "tables": "id",
    "match_players": "rowid",
    "challenges": "id",
    "puzzles": "id",
    "relay": "id",
}
"""Columns whose PostgreSQL sequence must continue after the copied ids."""
WITH_ROWID = frozenset({"match_players"})
"""Tables whose SQLite rowid is data: a reset of a server's ratings stores the last rowid."""


class MigrationError(Exception):
    """Something an admin must fix; the message says what."""


@dataclass
class Report:
    counts: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0

    def lines(self) -> list[str]:
        copied = ", ".join(f"{name} {count}" for name, count in self.counts.items())
        return [
            f"copied: {copied}",
            f"checked: row counts equal; {self.games_checked} games replayed from their log"
            " equal their snapshot",
        ]


def _sqlite_tables(path: str) -> list[str]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
    return sorted(str(r[0]) for r in rows)


async def migrate(source_path: str, target_url: str) -> Report:
    if is_postgres_url(source_path):
        raise MigrationError("--from must be the SQLite file of the bot, not a PostgreSQL URL")
    if not is_postgres_url(target_url):
        raise MigrationError(
            f"--to must be a PostgreSQL URL such as postgresql://user:password@host/atout,"
            f" not {target_url!r}"
        )
    if not Path(source_path).is_file():
        raise MigrationError(f"--from: there is no file {source_path!r}")
    try:
        _sqlite_tables(source_path)
    except sqlite3.DatabaseError as exc:
        raise MigrationError(f"--from: {source_path!r} is not a SQLite database ({exc})") from exc

    source_db, target_db = SqliteDatabase(source_path), PgDatabase(target_url)
    source, target = Storage(source_db), Storage(target_db)
    await source.open()  # brings an older file to the current schema, as the bot would
    try:
        try:
            await target.open()
        except (TimeoutError, OSError) as exc:
            raise MigrationError(f"--to: cannot reach PostgreSQL ({exc})") from exc
        except Exception as exc:  # asyncpg's errors: bad password, no such database...
            raise MigrationError(f"--to: PostgreSQL refused the connection ({exc})") from exc
        unknown = sorted(set(_sqlite_tables(source_path)) - set(COPY_ORDER))
        if unknown:
            raise MigrationError(f"this version cannot copy the tables {unknown}; upgrade Atout")
        report = Report()
        await _copy(source_db, target_db, report)
        await _check(source, target, target_db, report)
        return report
    finally:
        await source.close()
        await target.close()


async def _copy(source: SqliteDatabase, target: PgDatabase, report: Report) -> None:
    """Row by row as SQLite holds them (same columns, same JSON text, same times), through
    PostgreSQL's COPY: the one place that speaks each database's own language."""
    async with target.pool.acquire() as conn, conn.transaction():
        present = await conn.fetchval("SELECT count(*) FROM tables")
        if present:
            raise MigrationError(
                f"--to already holds {present} tables: copy into an empty database only"
            )
        for name in COPY_ORDER:
            columns_sql = "rowid, *" if name in WITH_ROWID else "*"
            async with source.db.execute(f"SELECT {columns_sql} FROM {name}") as cur:
                columns = [d[0] for d in cur.description]
                records = [tuple(r) for r in await cur.fetchall()]
            if records:
                await conn.copy_records_to_table(name, records=records, columns=columns)
            report.counts[name] = len(records)
        for name, column in SERIALS.items():
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{name}', '{column}'),"
                f" coalesce((SELECT max({column}) FROM {name}), 0) + 1, false)"
            )


async def _check(source: Storage, target: Storage, target_db: PgDatabase, report: Report) -> None:
    async with target_db.pool.acquire() as conn:
        for name in COPY_ORDER:
            count = await conn.fetchval(f"SELECT count(*) FROM {name}")
            if count != report.counts[name]:
                raise MigrationError(
                    f"check failed: {name} has {report.counts[name]} rows in SQLite, {count}"
                    " in PostgreSQL"
                )
        ids = [r[0] for r in await conn.fetch("SELECT id FROM tables ORDER BY id")]
    for table_id in ids:
        row = await target.tables.get(table_id)
        snap = await target.tables.load_snapshot(table_id)
        if row is None or snap is None:
            continue  # a lobby: no game yet
        game_log = await target.tables.load_log(table_id)
        if game_log != await source.tables.load_log(table_id):
            raise MigrationError(f"check failed: table {table_id}'s log differs from SQLite's")
        try:
            game = replay_log(row, game_log)
        except (ValueError, KeyError, TypeError, IllegalRecordAction) as exc:
            raise MigrationError(
                f"check failed: table {table_id}'s log does not replay: {exc}"
            ) from exc
        replayed = Snapshot.of(game)
        same = replayed.action_count == snap.action_count and replayed.deal_count == snap.deal_count
        if same and snap.engine_version == replayed.engine_version:
            # JSON both ways: the snapshot was stored as JSON (tuples became lists).
            same = json.loads(json.dumps(replayed.state)) == snap.state
        if not same:
            raise MigrationError(
                f"check failed: table {table_id} replayed from its log differs from its snapshot"
            )
        report.games_checked += 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="Copy Atout's data from its SQLite file to an empty PostgreSQL database"
        " and check the copy. Stop the bot first.",
    )
    parser.add_argument("--from", dest="source", required=True, help="the SQLite file")
    parser.add_argument(
        "--to", dest="target", required=True, help="postgresql://user:password@host:port/db"
    )
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(migrate(args.source, args.target))
    except MigrationError as exc:
        print(f"migrate-db: {exc}", file=sys.stderr)
        return 2
    for line in report.lines():
        print(line)
    return 0
