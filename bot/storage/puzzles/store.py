"""The puzzles area (``PuzzleStorage``), written once for both databases.

Every "first one wins" is one statement (``ON CONFLICT DO NOTHING`` on the row's key, then the
row read back, or ``RETURNING``), so two clicks at once, or two processes, agree on one answer
and one puzzle of the day.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage.databases.database import Database
from bot.storage.puzzles.interface import (
    PuzzleAnswer,
    PuzzlePost,
    PuzzleStorage,
    ReviewedDeal,
    StoredPuzzle,
)

OF_DAY = (
    "SELECT p.* FROM puzzle_days d JOIN puzzles p ON p.id = d.puzzle_id"
    " WHERE d.guild_id = $1 AND d.day = $2"
)


def _puzzle(row: Any) -> StoredPuzzle:  # a sqlite3.Row or asyncpg.Record
    return StoredPuzzle(
        id=int(row["id"]),
        key=str(row["key"]),
        guild_id=None if row["guild_id"] is None else int(row["guild_id"]),
        owner_id=None if row["owner_id"] is None else int(row["owner_id"]),
        game=str(row["game"]),
        kind=str(row["kind"]),
        puzzle=json.loads(row["puzzle"]),
        record=json.loads(row["record"]),
        names=[str(name) for name in json.loads(row["names"])],
        created_at=str(row["created_at"]),
    )


def _answer(row: Any) -> PuzzleAnswer:
    return PuzzleAnswer(
        puzzle_id=int(row["puzzle_id"]),
        user_id=int(row["user_id"]),
        guild_id=None if row["guild_id"] is None else int(row["guild_id"]),
        game=str(row["game"]),
        card=str(row["card"]),
        solved=bool(row["solved"]),
        answered_at=str(row["answered_at"]),
    )


def _post(row: Any) -> PuzzlePost:
    return PuzzlePost(
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        creator_id=int(row["creator_id"]),
        next_at=str(row["next_at"]),
    )


class PuzzleStore(PuzzleStorage):
    def __init__(self, database: Database) -> None:
        self.database = database

    def _mine(self, column: str) -> str:
        """`` AND`` the shard cluster's servers, or nothing when one process serves all."""
        return "" if self.shards is None else f" AND {self.shards.sql_condition(column)}"

    # ------------------------------------------------------------------ puzzles
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
        async with self.database.connection() as conn:
            await conn.execute(
                "INSERT INTO puzzles (key, guild_id, owner_id, game, kind, puzzle, record, names,"
                " created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " ON CONFLICT (key) DO NOTHING",
                key,
                guild_id,
                owner_id,
                game,
                kind,
                json.dumps(puzzle),
                json.dumps(record),
                json.dumps(names),
                created_at,
            )
            row = await conn.fetchrow("SELECT * FROM puzzles WHERE key = $1", key)
        assert row is not None
        return _puzzle(row)

    async def get(self, puzzle_id: int) -> StoredPuzzle | None:
        row = await self.database.fetchrow("SELECT * FROM puzzles WHERE id = $1", puzzle_id)
        return None if row is None else _puzzle(row)

    async def of_day(self, guild_id: int, day: str) -> StoredPuzzle | None:
        row = await self.database.fetchrow(OF_DAY, guild_id, day)
        return None if row is None else _puzzle(row)

    async def set_of_day(self, guild_id: int, day: str, puzzle_id: int) -> StoredPuzzle:
        async with self.database.connection() as conn:
            await conn.execute(
                "INSERT INTO puzzle_days (guild_id, day, puzzle_id) VALUES ($1, $2, $3)"
                " ON CONFLICT (guild_id, day) DO NOTHING",
                guild_id,
                day,
                puzzle_id,
            )
            row = await conn.fetchrow(OF_DAY, guild_id, day)
        assert row is not None
        return _puzzle(row)

    async def past_keys(self, guild_id: int) -> set[str]:
        rows = await self.database.fetch(
            "SELECT p.key AS key FROM puzzle_days d JOIN puzzles p ON p.id = d.puzzle_id"
            " WHERE d.guild_id = $1",
            guild_id,
        )
        return {str(row["key"]) for row in rows}

    # ------------------------------------------------------------------ answers
    async def record_answer(self, answer: PuzzleAnswer) -> bool:
        row = await self.database.fetchrow(
            "INSERT INTO puzzle_answers (puzzle_id, user_id, guild_id, game, card, solved,"
            " answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7)"
            " ON CONFLICT (puzzle_id, user_id) DO NOTHING RETURNING puzzle_id",
            answer.puzzle_id,
            answer.user_id,
            answer.guild_id,
            answer.game,
            answer.card,
            int(answer.solved),
            answer.answered_at,
        )
        return row is not None

    async def get_answer(self, puzzle_id: int, user_id: int) -> PuzzleAnswer | None:
        row = await self.database.fetchrow(
            "SELECT * FROM puzzle_answers WHERE puzzle_id = $1 AND user_id = $2",
            puzzle_id,
            user_id,
        )
        return None if row is None else _answer(row)

    async def solvers(self, puzzle_id: int, guild_id: int | None) -> tuple[int, int]:
        where = "guild_id IS NULL" if guild_id is None else "guild_id = $2"
        args = (puzzle_id,) if guild_id is None else (puzzle_id, guild_id)
        row = await self.database.fetchrow(
            "SELECT COALESCE(SUM(solved), 0) AS found, COUNT(*) AS answered"
            f" FROM puzzle_answers WHERE puzzle_id = $1 AND {where}",
            *args,
        )
        return (int(row["found"]), int(row["answered"])) if row is not None else (0, 0)

    async def answers_of(self, user_id: int) -> list[PuzzleAnswer]:
        rows = await self.database.fetch(
            "SELECT * FROM puzzle_answers WHERE user_id = $1 ORDER BY answered_at, puzzle_id",
            user_id,
        )
        return [_answer(row) for row in rows]

    # ------------------------------------------------------------------ where puzzles come from
    async def finished_tables(self, guild_id: int, since: str, limit: int) -> list[int]:
        rows = await self.database.fetch(
            "SELECT id FROM tables WHERE guild_id = $1 AND status = 'finished'"
            " AND finished_at >= $2 ORDER BY finished_at DESC, id DESC LIMIT $3",
            guild_id,
            since,
            limit,
        )
        return [int(row["id"]) for row in rows]

    async def reviewed_deals(self, user_id: int, limit: int) -> list[ReviewedDeal]:
        rows = await self.database.fetch(
            "SELECT r.table_id AS table_id, r.deal_no AS deal_no, r.seat AS seat,"
            " r.review AS review FROM reviews r"
            " JOIN seats s ON s.table_id = r.table_id AND s.seat = r.seat"
            " WHERE s.user_id = $1 ORDER BY r.created_at DESC, r.table_id DESC, r.deal_no DESC"
            " LIMIT $2",
            user_id,
            limit,
        )
        return [
            ReviewedDeal(
                int(row["table_id"]),
                int(row["deal_no"]),
                int(row["seat"]),
                json.loads(row["review"]),
            )
            for row in rows
        ]

    async def mistake_looked_at(
        self, user_id: int, table_id: int, deal_no: int, action_index: int
    ) -> tuple[bool, int | None]:
        row = await self.database.fetchrow(
            "SELECT puzzle_id FROM puzzle_mistakes WHERE user_id = $1 AND table_id = $2"
            " AND deal_no = $3 AND action_index = $4",
            user_id,
            table_id,
            deal_no,
            action_index,
        )
        if row is None:
            return False, None
        return True, None if row["puzzle_id"] is None else int(row["puzzle_id"])

    async def set_mistake_puzzle(
        self, user_id: int, table_id: int, deal_no: int, action_index: int, puzzle_id: int | None
    ) -> None:
        await self.database.execute(
            "INSERT INTO puzzle_mistakes (user_id, table_id, deal_no, action_index, puzzle_id)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, table_id, deal_no, action_index)"
            " DO UPDATE SET puzzle_id = excluded.puzzle_id",
            user_id,
            table_id,
            deal_no,
            action_index,
            puzzle_id,
        )

    # ------------------------------------------------------------------ daily posts
    async def set_daily(self, post: PuzzlePost) -> None:
        await self.database.execute(
            "INSERT INTO puzzle_posts (guild_id, channel_id, creator_id, next_at)"
            " VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id) DO UPDATE SET"
            " channel_id = excluded.channel_id, creator_id = excluded.creator_id,"
            " next_at = excluded.next_at",
            post.guild_id,
            post.channel_id,
            post.creator_id,
            post.next_at,
        )

    async def stop_daily(self, guild_id: int) -> bool:
        row = await self.database.fetchrow(
            "DELETE FROM puzzle_posts WHERE guild_id = $1 RETURNING guild_id", guild_id
        )
        return row is not None

    async def due_daily(self, now: str) -> list[PuzzlePost]:
        rows = await self.database.fetch(
            f"SELECT * FROM puzzle_posts WHERE next_at <= $1{self._mine('guild_id')}"
            " ORDER BY next_at, guild_id",
            now,
        )
        return [_post(row) for row in rows]

    async def claim_daily(self, post: PuzzlePost, next_at: str) -> bool:
        row = await self.database.fetchrow(
            "UPDATE puzzle_posts SET next_at = $1 WHERE guild_id = $2 AND next_at = $3"
            " RETURNING next_at",
            next_at,
            post.guild_id,
            post.next_at,
        )
        return row is not None


__all__ = ["PuzzleStore"]
