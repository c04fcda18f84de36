"""Clicks carried from one shard cluster to another (``storage.relay``, migration 009): the
durable half of an open table's click that reached a cluster other than its table's owner
(docs/architecture.md, "How a click crosses clusters").

PostgreSQL's ``NOTIFY`` reaches only the listeners connected at the commit, and nothing is told
again after a disconnection: so a click is a row of ``relay``, written in the transaction that
rings its owner, and the owner takes its rows whenever it is rung, after every reconnection of
its listener, and now and then (``Database.listen``). A row is claimed (``FOR UPDATE SKIP
LOCKED``: two claimers never take one row) by the process that carries it out, and deleted once
it is carried out; a row claimed by a process that died (its successor has another token) is
claimed again. One process on SQLite never writes here: it carries out every click itself.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.databases.database import Database, Ring, placeholders
from games.records import Json

CHANNEL = "atout_relay"
"""The NOTIFY channel every cluster listens to (the payload is empty: each scans its own)."""
BATCH = 20


@dataclass(frozen=True)
class Relayed:
    id: int
    table_id: int
    command: Json


class RelayStorage(ABC):
    @property
    @abstractmethod
    def shared(self) -> bool:
        """Whether other processes share the database (only then is anything relayed)."""

    @abstractmethod
    async def push(self, shard: int, table_id: int, command: Json, now: str) -> None:
        """Hand a click to the cluster of ``shard``, and ring it (at the commit)."""

    @abstractmethod
    async def claim(self, shards: Sequence[int], token: str) -> list[Relayed]:
        """The next clicks for these shards, oldest first, claimed by ``token`` (this process):
        those nobody claimed, and those a process of another token claimed (it died)."""

    @abstractmethod
    async def done(self, relayed: Relayed) -> None: ...

    @abstractmethod
    async def listen(self, ring: Ring) -> None:
        """``ring`` whenever a click may be waiting (see ``Database.listen``)."""


class RelayStore(RelayStorage):
    def __init__(self, database: Database) -> None:
        self.database = database

    @property
    def shared(self) -> bool:
        return self.database.shared

    async def push(self, shard: int, table_id: int, command: Json, now: str) -> None:
        async with self.database.transaction() as conn:
            await conn.execute(
                "INSERT INTO relay (shard, table_id, command, created_at) VALUES ($1, $2, $3, $4)",
                shard,
                table_id,
                json.dumps(command),
                now,
            )
            await self.database.notify(conn, CHANNEL)

    async def claim(self, shards: Sequence[int], token: str) -> list[Relayed]:
        if not shards:
            return []
        n = len(shards)
        async with self.database.transaction() as conn:
            rows = await conn.fetch(
                f"SELECT id FROM relay WHERE shard IN ({placeholders(n)})"
                f" AND (claimed IS NULL OR claimed <> ${n + 1}) ORDER BY id LIMIT {BATCH}"
                + self.database.SKIP_LOCKED,
                *shards,
                token,
            )
            ids = [int(row["id"]) for row in rows]
            if not ids:
                return []
            claimed = await conn.fetch(
                f"UPDATE relay SET claimed = $1 WHERE id IN ({placeholders(len(ids), start=2)})"
                " RETURNING id, table_id, command",
                token,
                *ids,
            )
        found = [
            Relayed(int(r["id"]), int(r["table_id"]), json.loads(r["command"])) for r in claimed
        ]
        return sorted(found, key=lambda relayed: relayed.id)

    async def done(self, relayed: Relayed) -> None:
        await self.database.execute("DELETE FROM relay WHERE id = $1", relayed.id)

    async def listen(self, ring: Ring) -> None:
        await self.database.listen(CHANNEL, ring)


__all__ = ["CHANNEL", "RelayStorage", "RelayStore", "Relayed"]
