"""What belongs to the whole instance rather than to a server or a table (``storage.instance``,
migration 007), written once for both databases.

Today one value: the secret that signs the web pages' links (``bot.web.links``). It is written
once, by whichever process starts first: ``ON CONFLICT DO NOTHING`` then a read makes two
processes starting together on one database (the bot and ``python -m bot web``, or two shard
clusters) agree on the first one written.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from bot.storage.databases.database import Database

WEB_SECRET = "web_secret"


class InstanceStorage(ABC):
    @abstractmethod
    async def web_secret(self, candidate: str) -> str:
        """The secret that signs the web pages' links: the one this database keeps, or
        ``candidate``, kept now if it had none."""


class InstanceStore(InstanceStorage):
    def __init__(self, database: Database) -> None:
        self.database = database

    async def web_secret(self, candidate: str) -> str:
        async with self.database.connection() as conn:
            await conn.execute(
                "INSERT INTO instance (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                WEB_SECRET,
                candidate,
            )
            row = await conn.fetchrow("SELECT value FROM instance WHERE key = $1", WEB_SECRET)
        return str(row["value"])


__all__ = ["InstanceStorage", "InstanceStore"]
