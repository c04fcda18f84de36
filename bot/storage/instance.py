"""What belongs to the whole instance (migration 006), mixed into both backends: the SQL is
SQLite's, which PostgreSQL runs through ``bot.storage.postgres_shim``.

Today one value: the secret that signs the web pages' links (``bot.web.links``). It is written
once, by whichever process starts first; ``INSERT OR IGNORE`` then a read makes two processes
starting together agree on the first one written.
"""

from __future__ import annotations

from bot.storage.queries import Queries, serialized

WEB_SECRET = "web_secret"


class InstanceStore(Queries):
    @serialized
    async def web_secret(self, candidate: str) -> str:
        """The instance's web secret: the one stored, or ``candidate``, stored now if none
        was."""
        await self._exec(
            "INSERT OR IGNORE INTO instance (key, value) VALUES (?, ?)", (WEB_SECRET, candidate)
        )
        row = await self._one("SELECT value FROM instance WHERE key = ?", (WEB_SECRET,))
        assert row is not None
        return str(row[0])


__all__ = ["InstanceStore"]
