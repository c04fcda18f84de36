"""Ratings and history (``storage.ratings``): what a finished game moves, and what
``/leaderboard``, ``/stats``, ``/history`` and ``/table export`` read.

Every question is asked for one server (``guild_id``): nothing crosses from one server to another.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from bot.storage.ratings.model import Board, HistoryEntry, PlayerStats, RatingChange

PERIODS = ("all", "30d")
PAGE_SIZE = 10


class RatingStorage(ABC):
    """One implementation, ``bot.storage.ratings.writes.RatingStore``, for both databases."""

    @abstractmethod
    async def rate_table(self, table_id: int) -> list[RatingChange]:
        """Store a finished or abandoned table's game and, when it was rated, move the ratings
        of its players. Idempotent: a second call returns the changes of the first. The
        changes of people only (computers are rated but not announced)."""

    @abstractmethod
    async def rate_pending(self) -> int:
        """Store (and rate) every ended table not stored yet, in finishing order: what the
        migration does for an existing database, and what a restart does for a game whose
        end was written but not rated."""

    @abstractmethod
    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        *,
        period: str = "all",
        page: int = 1,
        user_id: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Board: ...

    @abstractmethod
    async def player_stats(self, guild_id: int, user_id: int, game: str | None) -> PlayerStats: ...

    @abstractmethod
    async def history(
        self, guild_id: int, user_id: int, game: str | None, limit: int = 10
    ) -> list[HistoryEntry]: ...

    @abstractmethod
    async def changes(self, table_id: int) -> list[RatingChange]:
        """How a stored game moved its people's ratings (none for an unrated or unstored
        game): what its end message said, read again for its web page."""

    @abstractmethod
    async def stored_record(self, guild_id: int, table_id: int) -> dict[str, Any] | None:
        """The record of a finished game of this server (what ``/table export`` gives)."""

    @abstractmethod
    async def reset(self, guild_id: int, game: str) -> int:
        """Forget the server's ratings at ``game`` (the history stays); how many were reset."""
