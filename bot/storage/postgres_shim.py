"""The ratings queries (``bot.storage.ratings_writes``, ``bot.storage.standings_reads``) on PostgreSQL.

The ratings logic is written once, with SQLite's SQL; ``PgStorage`` runs the same methods through
``PgShim``, a connection with aiosqlite's two calls (``execute`` as a cursor context, and
``executemany``) that rewrites each statement into PostgreSQL's dialect first. The rewrites are
few and exact: ``?`` placeholders, SQLite's ``json_group_array``/``json_array``, its
``INSERT OR IGNORE``, its clock, ``WHERE 1``, derived tables without an alias, and the one
query that relies on SQLite's "bare column beside MAX()" rule. The ratings tests run on both
backends, so a query a rewrite misses fails there, not in a server.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Sequence
from types import TracebackType
from typing import Any

import asyncpg

PG_NOW = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
"""The same ISO-8601 UTC text SQLite's strftime writes, so times compare alike in both."""
SQLITE_NOW = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
REWRITES = (
    # SQLite takes o.name and o.ai_level from the row of MAX(o.finished_at); PostgreSQL says so.
    (
        "SELECT o.name AS name, o.ai_level AS ai_level, MAX(o.finished_at) AS latest",
        "SELECT (array_agg(o.name ORDER BY o.finished_at DESC))[1] AS name,"
        " (array_agg(o.ai_level ORDER BY o.finished_at DESC))[1] AS ai_level,"
        " MAX(o.finished_at) AS latest",
    ),
    # The people who left a table (its ``away`` setting, an object of seats): SQLite's JSON
    # path functions in PostgreSQL's operators.
    ("json_extract(value, '$.user_id')", "(value ->> 'user_id')"),
    # A challenge's deal (bot.storage.ratings_writes.NOT_DUPLICATE).
    ("json_extract(settings, '$.duplicate')", "(settings::json -> 'duplicate')"),
    (
        "json_each(t.settings, '$.away')",
        "json_each(CASE WHEN json_typeof(t.settings::json -> 'away') = 'object'"
        " THEN t.settings::json -> 'away' ELSE '{}'::json END)",
    ),
    # PostgreSQL's ORDER BY names an output column alone, not inside an expression.
    ("wins * 1.0 / games", "SUM(me.won) * 1.0 / COUNT(*)"),
    # In an upsert, SQLite reads a bare column as the existing row's; PostgreSQL wants its table.
    (
        "games = games + 1, wins = wins + excluded.wins",
        "games = ratings.games + 1, wins = ratings.wins + excluded.wins",
    ),
)
_ALIAS_FOLLOWS = re.compile(r"\s*(?:AS\s+)?(?!ORDER\b|WHERE\b|LIMIT\b|GROUP\b|JOIN\b|UNION\b)\w")


def _closing(sql: str, opening: int) -> int:
    """Index of the parenthesis that closes the one at ``opening`` (no parentheses in the
    string literals of these queries)."""
    depth = 0
    for index in range(opening, len(sql)):
        if sql[index] == "(":
            depth += 1
        elif sql[index] == ")":
            depth -= 1
            if depth == 0:
                return index
    raise ValueError(f"unbalanced parentheses in {sql!r}")


def _json_group_array(sql: str) -> str:
    """``json_group_array(x)`` is '[]' over no rows; ``json_agg`` is NULL: coalesce, as text."""
    marker = "json_group_array("
    while (start := sql.find(marker)) >= 0:
        end = _closing(sql, start + len(marker) - 1)
        inner = sql[start + len(marker) : end]
        sql = f"{sql[:start]}coalesce(json_agg({inner}), '[]'::json)::text{sql[end + 1 :]}"
    return sql.replace("json_array(", "json_build_array(")


def _alias_derived_tables(sql: str) -> str:
    """PostgreSQL 15 wants a name for every ``FROM (SELECT …)``; SQLite does not."""
    position = 0
    count = 0
    while (start := sql.find("FROM (SELECT", position)) >= 0:
        end = _closing(sql, start + len("FROM "))
        if not _ALIAS_FOLLOWS.match(sql, end + 1):
            count += 1
            sql = f"{sql[: end + 1]} AS derived_{count}{sql[end + 1 :]}"
        position = start + 1
    return sql


def numbered_placeholders(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2``…"""
    parts = sql.split("?")
    out = [parts[0]]
    for number, part in enumerate(parts[1:], start=1):
        out.append(f"${number}{part}")
    return "".join(out)


def to_postgres(sql: str) -> str:
    stripped = sql.strip()
    if stripped.upper() == "BEGIN IMMEDIATE":
        return "BEGIN"
    if stripped.upper().startswith("INSERT OR IGNORE INTO"):
        sql = "INSERT INTO" + stripped[len("INSERT OR IGNORE INTO") :] + " ON CONFLICT DO NOTHING"
    sql = sql.replace(SQLITE_NOW, PG_NOW)
    for sqlite_text, postgres_text in REWRITES:
        sql = sql.replace(sqlite_text, postgres_text)
    sql = re.sub(r"\bWHERE 1\b(?!\d)", "WHERE true", sql)
    sql = _json_group_array(sql)
    sql = _alias_derived_tables(sql)
    return numbered_placeholders(sql)


class _Cursor:
    def __init__(self, shim: PgShim, sql: str, args: Sequence[Any]) -> None:
        self.shim, self.sql, self.args = shim, sql, args
        self.rows: list[asyncpg.Record] = []

    async def __aenter__(self) -> _Cursor:
        self.rows = await self.shim.conn.fetch(to_postgres(self.sql), *self.args)
        return self

    def __await__(self) -> Generator[Any, None, _Cursor]:
        """``await db.execute(…)`` runs the statement, as in aiosqlite."""
        return self.__aenter__().__await__()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        return None

    async def fetchall(self) -> list[asyncpg.Record]:
        return self.rows

    async def fetchone(self) -> asyncpg.Record | None:
        return self.rows[0] if self.rows else None


class PgShim:
    """aiosqlite's ``execute``/``executemany`` over one PostgreSQL connection."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, args: Sequence[Any] = ()) -> _Cursor:
        return _Cursor(self, sql, args)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        listed = list(rows)
        if listed:
            await self.conn.executemany(to_postgres(sql), listed)
