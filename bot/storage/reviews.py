"""Stored deal reviews (``ReviewStorage``, migration 004), written once for both databases."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.database import Database, now
from bot.storage.interface import ReviewStorage


class ReviewStore(ReviewStorage):
    def __init__(self, database: Database) -> None:
        self.database = database

    async def load(self, table_id: int, deal_no: int, seat: int) -> dict[str, Any] | None:
        row = await self.database.fetchrow(
            "SELECT review FROM reviews WHERE table_id = $1 AND deal_no = $2 AND seat = $3",
            table_id,
            deal_no,
            seat,
        )
        if row is None:
            return None
        stored: dict[str, Any] = json.loads(row[0])  # JSON: what store was given
        return stored

    async def store(
        self,
        table_id: int,
        deal_no: int,
        seat: int,
        review: dict[str, Any],  # JSON: games.review.Review.to_json()
    ) -> None:
        await self.database.execute(
            "INSERT INTO reviews (table_id, deal_no, seat, review, created_at)"
            " VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (table_id, deal_no, seat) DO UPDATE SET review = excluded.review",
            table_id,
            deal_no,
            seat,
            json.dumps(review),
            now(),
        )
