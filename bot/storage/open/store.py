"""Open tables' storage (``storage.open_tables``, migration 009), written once for both
databases.

Everything that decides who sits with whom runs in one transaction under ``QUEUE_LOCK``, so that
two clusters answering two ``/play`` at the same moment never seat one person twice: a queued
row is deleted in the transaction that seats its player.

Times are given by the caller (Discord's clock, which the tests move), never read here.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import replace
from typing import Any

from bot.storage.databases.database import (
    TIME_FORMAT,
    Connection,
    Database,
    Row,
    Statement,
    placeholders,
)
from bot.storage.open.interface import (
    DEFERRED_MIRROR_FIELDS,
    MIRROR_FIELDS,
    QUEUE_LOCK,
    Mirror,
    OpenStorage,
    Queued,
)
from bot.storage.tables.group_commit import GroupCommit
from bot.storage.tables.settings import TableSettings

MIRROR = "mirror"
"""The group commit's kind of the mirrors' rows (``GroupCommit.kind``)."""


class OpenStore(OpenStorage):
    def __init__(self, database: Database, commits: GroupCommit | None = None) -> None:
        self.database = database
        self.commits = commits or GroupCommit(database, _no_table)
        """The group commit of play (``storage.tables``'), which the mirrors' deferred columns
        ride with."""
        self.commits.kind(MIRROR, _mirror_statement)

    # ------------------------------------------------------------------ the queue
    async def enqueue(self, entry: Queued) -> Queued | None:
        async with self.database.transaction(lock=QUEUE_LOCK) as conn:
            held = await _queued(conn, entry.user_id)
            if held is not None:
                return held
            await conn.execute(
                "INSERT INTO open_queue (user_id, game, seats, guild_id, channel_id, name,"
                " language, wait_s, queued_at, answer)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                entry.user_id,
                entry.game,
                entry.seats,
                entry.guild_id,
                entry.channel_id,
                entry.name,
                entry.language,
                entry.wait_s,
                entry.queued_at,
                json.dumps(entry.answer),
            )
        return None

    async def queued(self, user_id: int) -> Queued | None:
        async with self.database.connection() as conn:
            return await _queued(conn, user_id)

    async def leave(self, user_id: int) -> Queued | None:
        async with self.database.transaction(lock=QUEUE_LOCK) as conn:
            held = await _queued(conn, user_id)
            if held is not None:
                await conn.execute("DELETE FROM open_queue WHERE user_id = $1", user_id)
            return held

    async def waiting(self, game: str, seats: int) -> list[Queued]:
        async with self.database.connection() as conn:
            return await _waiting(conn, game, seats)

    async def take_group(self, game: str, seats: int, first: int, *, force: bool) -> list[Queued]:
        async with self.database.transaction(lock=QUEUE_LOCK) as conn:
            everyone = await _waiting(conn, game, seats)
            lead = next((q for q in everyone if q.user_id == first), None)
            if lead is None or (len(everyone) < seats and not force):
                return []
            group = mixed(lead, [q for q in everyone if q.user_id != first], seats)
            await _delete(conn, [q.user_id for q in group])
            return group

    async def expired(self, now: str | None) -> list[Queued]:
        mine = "" if self.shards is None else f" AND {self.shards.sql_condition()}"
        async with self.database.connection() as conn:
            rows = await conn.fetch(f"SELECT * FROM open_queue WHERE TRUE{mine} ORDER BY queued_at")
        entries = [_entry(row) for row in rows]
        if now is None:
            return entries
        return [q for q in entries if _seconds_between(q.queued_at, now) >= q.wait_s]

    async def remove_server(self, guild_id: int) -> list[Queued]:
        async with self.database.transaction(lock=QUEUE_LOCK) as conn:
            rows = await conn.fetch("SELECT * FROM open_queue WHERE guild_id = $1", guild_id)
            await conn.execute("DELETE FROM open_queue WHERE guild_id = $1", guild_id)
        return [_entry(row) for row in rows]

    # ------------------------------------------------------------------ open lobbies
    async def offer_lobby(self, table_id: int, game: str, seats: int, guild_id: int) -> None:
        await self.database.execute(
            "INSERT INTO open_lobbies (table_id, game, seats, guild_id) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (table_id) DO NOTHING",
            table_id,
            game,
            seats,
            guild_id,
        )

    async def withdraw_lobby(self, table_id: int) -> None:
        await self.database.execute("DELETE FROM open_lobbies WHERE table_id = $1", table_id)

    async def lobbies(self, game: str, seats: int) -> list[tuple[int, int]]:
        rows = await self.database.fetch(
            "SELECT table_id, guild_id FROM open_lobbies WHERE game = $1 AND seats = $2"
            " ORDER BY table_id",
            game,
            seats,
        )
        return [(int(row["table_id"]), int(row["guild_id"])) for row in rows]

    async def lobbies_of(self, guild_id: int) -> list[tuple[int, int]]:
        rows = await self.database.fetch(
            "SELECT l.table_id, l.guild_id FROM open_lobbies l WHERE l.guild_id = $1"
            " OR EXISTS (SELECT 1 FROM mirrors m WHERE m.table_id = l.table_id"
            " AND m.guild_id = $1) ORDER BY l.table_id",
            guild_id,
        )
        return [(int(row["table_id"]), int(row["guild_id"])) for row in rows]

    async def take_players(self, game: str, seats: int, count: int) -> list[Queued]:
        async with self.database.transaction(lock=QUEUE_LOCK) as conn:
            taken = (await _waiting(conn, game, seats))[: max(0, count)]
            await _delete(conn, [q.user_id for q in taken])
            return taken

    # ------------------------------------------------------------------ who sits where
    async def seated_at(self, user_id: int) -> int | None:
        rows = await self.database.fetch(
            "SELECT t.id, t.settings FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE s.user_id = $1 AND t.status IN ('lobby', 'playing') ORDER BY t.id",
            user_id,
        )
        for row in rows:
            if TableSettings.from_json(json.loads(row["settings"])).duplicate is None:
                return int(row["id"])
        return None

    # ------------------------------------------------------------------ mirrors
    async def add_mirror(self, mirror: Mirror) -> None:
        await self.database.execute(
            "INSERT INTO mirrors (table_id, guild_id, channel_id, thread_id, message_id,"
            " ping_message_id, language, users, closed)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            mirror.table_id,
            mirror.guild_id,
            mirror.channel_id,
            mirror.thread_id,
            mirror.message_id,
            mirror.ping_message_id,
            mirror.language,
            json.dumps(list(mirror.users)),
            int(mirror.closed),
        )

    async def mirrors(self, table_id: int) -> list[Mirror]:
        rows = await self.database.fetch(
            "SELECT * FROM mirrors WHERE table_id = $1 ORDER BY channel_id", table_id
        )
        found = [_mirror(row) for row in rows]
        return [
            replace(m, **self.commits.deferred((MIRROR, m.table_id, m.channel_id))) for m in found
        ]

    async def update_mirror(self, table_id: int, channel_id: int, **fields: Any) -> None:
        unknown = set(fields) - MIRROR_FIELDS
        if unknown:
            raise ValueError(f"unknown mirror columns {sorted(unknown)}")
        if not fields:
            return
        sql, args = _mirror_statement((MIRROR, table_id, channel_id), fields)
        await self.database.execute(sql, *args)
        self.commits.written((MIRROR, table_id, channel_id), fields)

    def defer_mirror_update(self, table_id: int, channel_id: int, **fields: Any) -> None:
        unknown = set(fields) - DEFERRED_MIRROR_FIELDS
        if unknown:
            raise ValueError(f"mirror columns {sorted(unknown)} must be written with update")
        self.commits.defer((MIRROR, table_id, channel_id), fields)

    async def table_in_thread(self, thread_id: int) -> int | None:
        row = await self.database.fetchrow(
            "SELECT table_id FROM mirrors WHERE thread_id = $1 ORDER BY table_id DESC LIMIT 1",
            thread_id,
        )
        return None if row is None else int(row["table_id"])

    async def tables_in_server(self, guild_id: int) -> list[int]:
        rows = await self.database.fetch(
            "SELECT DISTINCT m.table_id FROM mirrors m JOIN tables t ON t.id = m.table_id"
            " WHERE m.guild_id = $1 AND m.closed = 0 AND t.status IN ('lobby', 'playing')"
            " ORDER BY m.table_id",
            guild_id,
        )
        return [int(row["table_id"]) for row in rows]

    # ------------------------------------------------------------------ mutes
    async def mute(self, user_id: int, muted_id: int) -> None:
        await self.database.execute(
            "INSERT INTO mutes (user_id, muted_id) VALUES ($1, $2)"
            " ON CONFLICT (user_id, muted_id) DO NOTHING",
            user_id,
            muted_id,
        )

    async def muters(self, muted_id: int, among: list[int]) -> set[int]:
        if not among:
            return set()
        rows = await self.database.fetch(
            "SELECT user_id FROM mutes WHERE muted_id = $1"
            f" AND user_id IN ({placeholders(len(among), start=2)})",
            muted_id,
            *among,
        )
        return {int(row["user_id"]) for row in rows}


def mixed(lead: Queued, others: list[Queued], seats: int) -> list[Queued]:
    """``lead`` and up to ``seats - 1`` of ``others`` (first come first): one of each server
    not yet at the table before a second of any."""
    group = [lead]
    servers = {lead.guild_id}
    for entry in others:
        if len(group) < seats and entry.guild_id not in servers:
            group.append(entry)
            servers.add(entry.guild_id)
    for entry in others:
        if len(group) < seats and entry not in group:
            group.append(entry)
    return group


async def _queued(conn: Connection, user_id: int) -> Queued | None:
    row = await conn.fetchrow("SELECT * FROM open_queue WHERE user_id = $1", user_id)
    return None if row is None else _entry(row)


async def _waiting(conn: Connection, game: str, seats: int) -> list[Queued]:
    rows = await conn.fetch(
        "SELECT * FROM open_queue WHERE game = $1 AND seats = $2 ORDER BY queued_at, user_id",
        game,
        seats,
    )
    return [_entry(row) for row in rows]


async def _delete(conn: Connection, users: list[int]) -> None:
    if users:
        await conn.execute(
            f"DELETE FROM open_queue WHERE user_id IN ({placeholders(len(users))})", *users
        )


def _entry(row: Row) -> Queued:
    return Queued(
        user_id=int(row["user_id"]),
        game=str(row["game"]),
        seats=int(row["seats"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        name=str(row["name"]),
        language=str(row["language"]),
        wait_s=int(row["wait_s"]),
        queued_at=str(row["queued_at"]),
        answer=json.loads(row["answer"]),
    )


def _mirror_statement(key: tuple[Any, ...], fields: dict[str, Any]) -> Statement:
    """``UPDATE mirrors`` of the mirror ``(MIRROR, table, channel)``; the columns are checked
    against ``MIRROR_FIELDS`` before they get here."""
    _, table_id, channel_id = key
    names = sorted(fields)
    values = [
        json.dumps(list(v)) if name == "users" else int(v) if name == "closed" else v
        for name, v in ((n, fields[n]) for n in names)
    ]
    assignments = ", ".join(f"{name} = ${n}" for n, name in enumerate(names, start=3))
    return (
        f"UPDATE mirrors SET {assignments} WHERE table_id = $1 AND channel_id = $2",
        (table_id, channel_id, *values),
    )


def _no_table(table_id: int, fields: dict[str, Any]) -> Statement:
    raise AssertionError("an open tables' store defers no table's columns")


def _mirror(row: Row) -> Mirror:
    return Mirror(
        table_id=int(row["table_id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        language=str(row["language"]),
        users=tuple(int(u) for u in json.loads(row["users"])),
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        ping_message_id=row["ping_message_id"],
        closed=bool(row["closed"]),
    )


def _seconds_between(start: str, end: str) -> float:
    parse = datetime.datetime.strptime
    return (parse(end, TIME_FORMAT) - parse(start, TIME_FORMAT)).total_seconds()
