"""Server settings in storage (``storage.settings``), once for both databases: the one JSON
object per server of ``guild_settings`` (migration 003), read into ``ServerSettings``.

Every write reads the object, changes it and writes it back in one transaction holding
``RATINGS_LOCK``, the lock the ratings' reset holds too when it writes its mark here: two
clusters changing one server's settings at once never lose each other's change.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable

from bot.storage.databases.database import RATINGS_LOCK, Connection, Database
from bot.storage.settings.server import ServerSettings
from games.records import Json


class ServerSettingsStorage(ABC):
    @abstractmethod
    async def server(self, guild_id: int) -> ServerSettings:
        """The server's settings (the defaults for a server that never set one)."""

    @abstractmethod
    async def update(
        self, guild_id: int, change: Callable[[ServerSettings], ServerSettings]
    ) -> ServerSettings:
        """Store ``change(settings now)``, read and written in one transaction; the new value."""


class ServerSettingsStore(ServerSettingsStorage):
    def __init__(self, database: Database) -> None:
        self.database = database

    async def server(self, guild_id: int) -> ServerSettings:
        async with self.database.connection() as conn:
            return await read_settings(conn, guild_id)

    async def update(
        self, guild_id: int, change: Callable[[ServerSettings], ServerSettings]
    ) -> ServerSettings:
        async with self.database.transaction(lock=RATINGS_LOCK) as conn:
            settings = change(await read_settings(conn, guild_id))
            await write_settings(conn, guild_id, settings)
        return settings


async def read_settings(conn: Connection, guild_id: int) -> ServerSettings:
    """On the caller's connection: the ratings read the reset marks and ``show_computers``
    inside their own reads and transactions."""
    return ServerSettings.from_json(await _stored(conn, guild_id))


async def write_settings(conn: Connection, guild_id: int, settings: ServerSettings) -> None:
    """On the caller's transaction, which holds ``RATINGS_LOCK``. Keys this version does not
    know stay as they were."""
    data = {**await _stored(conn, guild_id), **settings.to_json()}
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, settings) VALUES ($1, $2)"
        " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
        guild_id,
        json.dumps(data),
    )


async def _stored(conn: Connection, guild_id: int) -> Json:
    row = await conn.fetchrow("SELECT settings FROM guild_settings WHERE guild_id = $1", guild_id)
    data = json.loads(row["settings"]) if row is not None else {}
    return data if isinstance(data, dict) else {}
