"""Tables, their seats and their logs (``TableStorage``), written once for both databases.

The steps of play (``append_action``, ``append_deal``) are the hot path: every click writes one,
through the group commit (``bot.storage.tables.group_commit``). Everything else here is a statement or
two on a connection of its own.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage.databases.database import Connection, Database, Row, Statement, now
from bot.storage.tables.group_commit import GroupCommit
from bot.storage.tables.interface import (
    JSON_COLUMNS,
    UPDATABLE_COLUMNS,
    GameLog,
    Seat,
    Snapshot,
    TableRow,
    TableStorage,
)
from bot.storage.tables.settings import TableSettings

DEFERRED_COLUMNS = frozenset({"ping_message_id"})
"""Table columns that may wait for the next group commit (``defer_update``): bookkeeping that
nobody is told about, so that a click writes its step and nothing else."""

SNAPSHOT = (
    "INSERT INTO snapshots (table_id, engine_version, action_count, deal_count, state)"
    " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (table_id) DO UPDATE SET"
    " engine_version = excluded.engine_version, action_count = excluded.action_count,"
    " deal_count = excluded.deal_count, state = excluded.state"
)
DEAL = "INSERT INTO deals (table_id, deal_no, dealer, deck) VALUES ($1, $2, $3, $4)"
ACTION = (
    "INSERT INTO actions (table_id, action_no, deal_no, seat, action) VALUES ($1, $2, $3, $4, $5)"
)


class TableStore(TableStorage):
    def __init__(self, database: Database) -> None:
        self.database = database
        self.commits = GroupCommit(database, self._update_statement)

    # ------------------------------------------------------------------ rows
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        seats: int,
        starter_id: int,
        options: dict[str, Any],
        settings: TableSettings,
    ) -> TableRow:
        async with self.database.connection() as conn:
            row = await conn.fetchrow(
                "INSERT INTO tables (guild_id, channel_id, game, seats, starter_id, options,"
                " settings) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *",
                guild_id,
                channel_id,
                game,
                seats,
                starter_id,
                json.dumps(options),
                json.dumps(settings.to_json()),
            )
            return await self._table(conn, row)

    async def get(self, table_id: int) -> TableRow | None:
        return await self._one("SELECT * FROM tables WHERE id = $1", table_id)

    async def in_thread(self, thread_id: int) -> TableRow | None:
        return await self._one(
            "SELECT * FROM tables WHERE thread_id = $1 ORDER BY id DESC LIMIT 1", thread_id
        )

    async def active(self) -> list[TableRow]:
        mine = "" if self.shards is None else f" AND {self.shards.sql_condition()}"
        async with self.database.connection() as conn:
            rows = await conn.fetch(
                f"SELECT * FROM tables WHERE status IN ('lobby', 'playing'){mine} ORDER BY id"
            )
            return [await self._table(conn, row) for row in rows]

    async def latest_started(self, limit: int) -> list[int]:
        async with self.database.connection() as conn:
            rows = await conn.fetch(
                "SELECT id FROM tables WHERE first_dealer IS NOT NULL ORDER BY id DESC LIMIT $1",
                limit,
            )
        return [int(row["id"]) for row in rows]

    async def _one(self, sql: str, *args: Any) -> TableRow | None:
        async with self.database.connection() as conn:
            row = await conn.fetchrow(sql, *args)
            return None if row is None else await self._table(conn, row)

    async def _table(self, conn: Connection, row: Row) -> TableRow:
        """A ``tables`` row with its seats, and with the bookkeeping not yet written, which is
        newer than the row."""
        seats = await conn.fetch(
            "SELECT seat, user_id, ai_level, name FROM seats WHERE table_id = $1 ORDER BY seat",
            row["id"],
        )
        table = TableRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            seats=row["seats"],
            starter_id=row["starter_id"],
            options=json.loads(row["options"]),
            settings=TableSettings.from_json(json.loads(row["settings"])),
            status=row["status"],
            thread_id=row["thread_id"],
            lobby_message_id=row["lobby_message_id"],
            table_message_id=row["table_message_id"],
            ping_message_id=row["ping_message_id"],
            first_dealer=row["first_dealer"],
            seat_list=[Seat(s[0], s[1], s[2], s[3]) for s in seats],
        )
        for name, value in self.commits.deferred(table.id).items():
            setattr(table, name, value)
        return table

    async def update(self, table_id: int, **fields: Any) -> None:
        unknown = set(fields) - UPDATABLE_COLUMNS
        if unknown:
            raise ValueError(f"unknown table columns {sorted(unknown)}")
        if not fields:
            return
        encoded = {
            n: json.dumps(v.to_json() if isinstance(v, TableSettings) else v)
            if n in JSON_COLUMNS
            else v
            for n, v in fields.items()
        }
        sql, args = self._update_statement(table_id, encoded)
        await self.database.execute(sql, *args)
        self.commits.written(table_id, fields)

    def defer_update(self, table_id: int, **fields: Any) -> None:
        unknown = set(fields) - DEFERRED_COLUMNS
        if unknown:
            raise ValueError(f"columns {sorted(unknown)} must be written with update")
        self.commits.defer(table_id, fields)

    async def flush(self) -> None:
        await self.commits.flush()

    @staticmethod
    def _update_statement(table_id: int, fields: dict[str, Any]) -> Statement:
        """The columns are checked against the one list of them before they get here."""
        names = sorted(fields)
        assignments = ", ".join(f"{name} = ${n}" for n, name in enumerate(names, start=1))
        return (
            f"UPDATE tables SET {assignments} WHERE id = ${len(names) + 1}",
            (*(fields[n] for n in names), table_id),
        )

    async def set_seat(
        self, table_id: int, seat: int, user_id: int | None, ai_level: str | None, name: str
    ) -> None:
        await self.database.execute(
            "INSERT INTO seats (table_id, seat, user_id, ai_level, name)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (table_id, seat) DO UPDATE SET"
            " user_id = excluded.user_id, ai_level = excluded.ai_level, name = excluded.name",
            table_id,
            seat,
            user_id,
            ai_level,
            name,
        )

    async def clear_seat(self, table_id: int, seat: int) -> None:
        await self.database.execute(
            "DELETE FROM seats WHERE table_id = $1 AND seat = $2", table_id, seat
        )

    async def finish(
        self,
        table_id: int,
        status: str,
        totals: list[int] | None = None,
        winners: list[int] | None = None,
        record: dict[str, Any] | None = None,
    ) -> None:
        async with self.database.transaction() as conn:
            await conn.execute(
                "UPDATE tables SET status = $1, finished_at = $2 WHERE id = $3",
                status,
                now(),
                table_id,
            )
            if record is not None:
                await conn.execute(
                    "INSERT INTO results (table_id, totals, winners, record)"
                    " VALUES ($1, $2, $3, $4) ON CONFLICT (table_id) DO UPDATE SET"
                    " totals = excluded.totals, winners = excluded.winners,"
                    " record = excluded.record",
                    table_id,
                    json.dumps(totals or []),
                    json.dumps(winners or []),
                    json.dumps(record),
                )

    # ------------------------------------------------------------------ the log
    async def append_deal(
        self, table_id: int, deal_no: int, dealer: int, deck: list[str], snapshot: Snapshot
    ) -> None:
        await self.commits.write(
            [
                (DEAL, (table_id, deal_no, dealer, json.dumps(deck))),
                _snapshot(table_id, snapshot),
            ]
        )

    async def append_action(
        self,
        table_id: int,
        action_no: int,
        deal_no: int,
        seat: int,
        action: dict[str, Any],
        snapshot: Snapshot,
    ) -> None:
        await self.commits.write(
            [
                (ACTION, (table_id, action_no, deal_no, seat, json.dumps(action))),
                _snapshot(table_id, snapshot),
            ]
        )

    async def load_log(self, table_id: int) -> GameLog:
        async with self.database.connection() as conn:
            deals = await conn.fetch(
                "SELECT dealer, deck FROM deals WHERE table_id = $1 ORDER BY deal_no", table_id
            )
            actions = await conn.fetch(
                "SELECT deal_no, seat, action FROM actions WHERE table_id = $1 ORDER BY action_no",
                table_id,
            )
        return GameLog(
            [(r[0], json.loads(r[1])) for r in deals],
            [(r[0], r[1], json.loads(r[2])) for r in actions],
        )

    async def load_snapshot(self, table_id: int) -> Snapshot | None:
        row = await self.database.fetchrow(
            "SELECT engine_version, action_count, deal_count, state FROM snapshots"
            " WHERE table_id = $1",
            table_id,
        )
        if row is None:
            return None
        return Snapshot(row[0], row[1], row[2], json.loads(row[3]))


def _snapshot(table_id: int, snapshot: Snapshot) -> Statement:
    return (
        SNAPSHOT,
        (
            table_id,
            snapshot.engine_version,
            snapshot.action_count,
            snapshot.deal_count,
            snapshot.text,
        ),
    )
