"""The puzzles (``storage.puzzles``): the puzzles the bot has served, each server's puzzle of
the day, every answer, the mistakes looked at for ``/puzzle mine``, and the daily posts
(docs/puzzles.md, "In Discord").

An answer is one row per puzzle and person (its primary key): the first answer stands, a second
click or two clicks at once add nothing (``record_answer`` says which). Streaks are read from the
answers in order, so nothing but the answers needs keeping. Times are ISO-8601 UTC text
(``bot.storage.databases.database.TIME_FORMAT``) given by the caller; a day is ``YYYY-MM-DD`` (UTC).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from bot.storage.shards import Shards


@dataclass(frozen=True)
class StoredPuzzle:
    id: int
    key: str
    """Where it comes from, once: ``builtin:<digest>``, ``table:<table>:<deal>:<index>:<seat>``."""
    guild_id: int | None
    """The server whose deal it is (only its members may open it); None for a built-in one."""
    owner_id: int | None
    """``/puzzle mine``: the member whose mistake it is (only they may open it)."""
    game: str
    kind: str
    puzzle: dict[str, Any]  # JSON: one puzzle of python -m games puzzles --json
    record: dict[str, Any]  # JSON: its position, a record prefix (games.puzzles.position)
    names: list[str]
    """The seats' names as the table had them (empty: a built-in puzzle's computers)."""
    created_at: str


@dataclass(frozen=True)
class PuzzleAnswer:
    puzzle_id: int
    user_id: int
    guild_id: int | None
    game: str
    card: str
    solved: bool
    answered_at: str


@dataclass(frozen=True)
class ReviewedDeal:
    """A stored review of one of a member's seats (``bot.storage.tables.reviews``)."""

    table_id: int
    deal_no: int
    seat: int
    review: dict[str, Any]  # JSON: the review (bot.play.reviews.compute)


@dataclass(frozen=True)
class PuzzlePost:
    """``/puzzle daily``: the server's puzzle of the day posted in ``channel_id`` every day."""

    guild_id: int
    channel_id: int
    creator_id: int
    next_at: str


class PuzzleStorage(ABC):
    shards: Shards | None = None
    """Set by a shard cluster: ``due_daily`` then returns only the posts of its own servers."""

    @abstractmethod
    async def store(
        self,
        *,
        key: str,
        guild_id: int | None,
        owner_id: int | None,
        game: str,
        kind: str,
        puzzle: dict[str, Any],
        record: dict[str, Any],
        names: list[str],
        created_at: str,
    ) -> StoredPuzzle:
        """The puzzle of ``key``: stored now, or the one stored first (two processes)."""

    @abstractmethod
    async def get(self, puzzle_id: int) -> StoredPuzzle | None: ...

    @abstractmethod
    async def of_day(self, guild_id: int, day: str) -> StoredPuzzle | None: ...

    @abstractmethod
    async def set_of_day(self, guild_id: int, day: str, puzzle_id: int) -> StoredPuzzle:
        """Make ``puzzle_id`` the server's puzzle of ``day`` unless one is set: the day's
        puzzle, whichever was set first."""

    @abstractmethod
    async def past_keys(self, guild_id: int) -> set[str]:
        """The keys of the server's puzzles of the day so far (never served twice)."""

    @abstractmethod
    async def record_answer(self, answer: PuzzleAnswer) -> bool:
        """Store a first answer; False (and nothing changed) when the person had answered."""

    @abstractmethod
    async def get_answer(self, puzzle_id: int, user_id: int) -> PuzzleAnswer | None: ...

    @abstractmethod
    async def solvers(self, puzzle_id: int, guild_id: int | None) -> tuple[int, int]:
        """(found it, answered) among the people who answered in that server."""

    @abstractmethod
    async def answers_of(self, user_id: int) -> list[PuzzleAnswer]:
        """Everything a person answered, oldest first (their stats and streaks)."""

    @abstractmethod
    async def finished_tables(self, guild_id: int, since: str, limit: int) -> list[int]:
        """The server's tables finished at ``since`` or later, newest first."""

    @abstractmethod
    async def reviewed_deals(self, user_id: int, limit: int) -> list[ReviewedDeal]:
        """The stored reviews of the person's own seats, newest deal first."""

    @abstractmethod
    async def mistake_looked_at(
        self, user_id: int, table_id: int, deal_no: int, action_index: int
    ) -> tuple[bool, int | None]:
        """Whether that mistake was looked at for a puzzle, and the puzzle found (None: none)."""

    @abstractmethod
    async def set_mistake_puzzle(
        self, user_id: int, table_id: int, deal_no: int, action_index: int, puzzle_id: int | None
    ) -> None: ...

    @abstractmethod
    async def set_daily(self, post: PuzzlePost) -> None: ...

    @abstractmethod
    async def stop_daily(self, guild_id: int) -> bool: ...

    @abstractmethod
    async def due_daily(self, now: str) -> list[PuzzlePost]:
        """Posts due at ``now`` (in a shard cluster, of its own servers only)."""

    @abstractmethod
    async def claim_daily(self, post: PuzzlePost, next_at: str) -> bool:
        """Move a due post to ``next_at``; False if another process moved it first."""


__all__ = ["PuzzleAnswer", "PuzzlePost", "PuzzleStorage", "ReviewedDeal", "StoredPuzzle"]
