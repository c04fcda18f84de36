"""The puzzles' reads and writes (``PuzzleStorage``), mixed into both backends: written once in
SQLite's SQL, run by PostgreSQL through ``bot.storage.postgres_shim`` as the challenges' are.

Every "first one wins" is one statement (``ON CONFLICT DO NOTHING`` on the row's key, then the
row read back), so two clicks at once, or two processes, agree on one answer and one puzzle of
the day.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage.puzzles import (
    PuzzleAnswer,
    PuzzlePost,
    PuzzleStorage,
    ReviewedDeal,
    StoredPuzzle,
)
from bot.storage.queries import Queries, serialized
from bot.storage.shards import Shards


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


class PuzzleQueries(Queries, PuzzleStorage):
    shards: Shards | None

    def _mine(self, column: str) -> str:
        """`` AND`` the shard cluster's servers, or nothing when one process serves all."""
        return "" if self.shards is None else f" AND {self.shards.sql_condition(column)}"

    # ------------------------------------------------------------------ puzzles
    @serialized
    async def store_puzzle(
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
        await self._exec(
            "INSERT INTO puzzles (key, guild_id, owner_id, game, kind, puzzle, record, names,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
            (
                key,
                guild_id,
                owner_id,
                game,
                kind,
                json.dumps(puzzle),
                json.dumps(record),
                json.dumps(names),
                created_at,
            ),
        )
        row = await self._one("SELECT * FROM puzzles WHERE key = ?", (key,))
        assert row is not None
        return _puzzle(row)

    @serialized
    async def get_puzzle(self, puzzle_id: int) -> StoredPuzzle | None:
        row = await self._one("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))
        return None if row is None else _puzzle(row)

    @serialized
    async def puzzle_of_day(self, guild_id: int, day: str) -> StoredPuzzle | None:
        row = await self._one(
            "SELECT p.* FROM puzzle_days d JOIN puzzles p ON p.id = d.puzzle_id"
            " WHERE d.guild_id = ? AND d.day = ?",
            (guild_id, day),
        )
        return None if row is None else _puzzle(row)

    @serialized
    async def set_puzzle_of_day(self, guild_id: int, day: str, puzzle_id: int) -> StoredPuzzle:
        await self._exec(
            "INSERT INTO puzzle_days (guild_id, day, puzzle_id) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, day) DO NOTHING",
            (guild_id, day, puzzle_id),
        )
        row = await self._one(
            "SELECT p.* FROM puzzle_days d JOIN puzzles p ON p.id = d.puzzle_id"
            " WHERE d.guild_id = ? AND d.day = ?",
            (guild_id, day),
        )
        assert row is not None
        return _puzzle(row)

    @serialized
    async def past_puzzle_keys(self, guild_id: int) -> set[str]:
        rows = await self._all(
            "SELECT p.key AS key FROM puzzle_days d JOIN puzzles p ON p.id = d.puzzle_id"
            " WHERE d.guild_id = ?",
            (guild_id,),
        )
        return {str(row["key"]) for row in rows}

    # ------------------------------------------------------------------ answers
    @serialized
    async def record_answer(self, answer: PuzzleAnswer) -> bool:
        row = await self._one(
            "INSERT INTO puzzle_answers (puzzle_id, user_id, guild_id, game, card, solved,"
            " answered_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (puzzle_id, user_id) DO NOTHING RETURNING puzzle_id",
            (
                answer.puzzle_id,
                answer.user_id,
                answer.guild_id,
                answer.game,
                answer.card,
                int(answer.solved),
                answer.answered_at,
            ),
        )
        return row is not None

    @serialized
    async def get_answer(self, puzzle_id: int, user_id: int) -> PuzzleAnswer | None:
        row = await self._one(
            "SELECT * FROM puzzle_answers WHERE puzzle_id = ? AND user_id = ?",
            (puzzle_id, user_id),
        )
        return None if row is None else _answer(row)

    @serialized
    async def solvers(self, puzzle_id: int, guild_id: int | None) -> tuple[int, int]:
        where = "guild_id IS NULL" if guild_id is None else "guild_id = ?"
        args = (puzzle_id,) if guild_id is None else (puzzle_id, guild_id)
        row = await self._one(
            "SELECT COALESCE(SUM(solved), 0) AS found, COUNT(*) AS answered"
            f" FROM puzzle_answers WHERE puzzle_id = ? AND {where}",
            args,
        )
        return (int(row["found"]), int(row["answered"])) if row is not None else (0, 0)

    @serialized
    async def answers_of(self, user_id: int) -> list[PuzzleAnswer]:
        rows = await self._all(
            "SELECT * FROM puzzle_answers WHERE user_id = ? ORDER BY answered_at, puzzle_id",
            (user_id,),
        )
        return [_answer(row) for row in rows]

    # ------------------------------------------------------------------ where puzzles come from
    @serialized
    async def finished_tables(self, guild_id: int, since: str, limit: int) -> list[int]:
        rows = await self._all(
            "SELECT id FROM tables WHERE guild_id = ? AND status = 'finished'"
            " AND finished_at >= ? ORDER BY finished_at DESC, id DESC LIMIT ?",
            (guild_id, since, limit),
        )
        return [int(row["id"]) for row in rows]

    @serialized
    async def reviewed_deals(self, user_id: int, limit: int) -> list[ReviewedDeal]:
        rows = await self._all(
            "SELECT r.table_id AS table_id, r.deal_no AS deal_no, r.seat AS seat,"
            " r.review AS review FROM reviews r"
            " JOIN seats s ON s.table_id = r.table_id AND s.seat = r.seat"
            " WHERE s.user_id = ? ORDER BY r.created_at DESC, r.table_id DESC, r.deal_no DESC"
            " LIMIT ?",
            (user_id, limit),
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

    @serialized
    async def mistake_looked_at(
        self, user_id: int, table_id: int, deal_no: int, action_index: int
    ) -> tuple[bool, int | None]:
        row = await self._one(
            "SELECT puzzle_id FROM puzzle_mistakes WHERE user_id = ? AND table_id = ?"
            " AND deal_no = ? AND action_index = ?",
            (user_id, table_id, deal_no, action_index),
        )
        if row is None:
            return False, None
        return True, None if row["puzzle_id"] is None else int(row["puzzle_id"])

    @serialized
    async def set_mistake_puzzle(
        self, user_id: int, table_id: int, deal_no: int, action_index: int, puzzle_id: int | None
    ) -> None:
        await self._exec(
            "INSERT INTO puzzle_mistakes (user_id, table_id, deal_no, action_index, puzzle_id)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, table_id, deal_no, action_index)"
            " DO UPDATE SET puzzle_id = excluded.puzzle_id",
            (user_id, table_id, deal_no, action_index, puzzle_id),
        )

    # ------------------------------------------------------------------ daily posts
    @serialized
    async def set_puzzle_post(self, post: PuzzlePost) -> None:
        await self._exec(
            "INSERT INTO puzzle_posts (guild_id, channel_id, creator_id, next_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
            " channel_id = excluded.channel_id, creator_id = excluded.creator_id,"
            " next_at = excluded.next_at",
            (post.guild_id, post.channel_id, post.creator_id, post.next_at),
        )

    @serialized
    async def stop_puzzle_post(self, guild_id: int) -> bool:
        row = await self._one(
            "DELETE FROM puzzle_posts WHERE guild_id = ? RETURNING guild_id", (guild_id,)
        )
        return row is not None

    @serialized
    async def due_puzzle_posts(self, now: str) -> list[PuzzlePost]:
        rows = await self._all(
            f"SELECT * FROM puzzle_posts WHERE next_at <= ?{self._mine('guild_id')}"
            " ORDER BY next_at, guild_id",
            (now,),
        )
        return [_post(row) for row in rows]

    @serialized
    async def claim_puzzle_post(self, post: PuzzlePost, next_at: str) -> bool:
        row = await self._one(
            "UPDATE puzzle_posts SET next_at = ? WHERE guild_id = ? AND next_at = ?"
            " RETURNING next_at",
            (next_at, post.guild_id, post.next_at),
        )
        return row is not None


__all__ = ["PuzzleQueries"]
