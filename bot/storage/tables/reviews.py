"""Stored deal reviews (``storage.reviews``, migration 004, ``reviews``: one row per table, deal
and seat, the JSON of ``python -m games review --json``, which ``bot.play.reviews`` reads back
into ``games.review.Review``), written once for both databases."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any

from bot.storage.databases.database import Database, now


class ReviewStorage(ABC):
    """Stored deal reviews (``storage.reviews``): one per table, deal and seat, computed once
    (``bot.play.reviews``) and never changed, since the deal it is about is over."""

    @abstractmethod
    async def load(self, table_id: int, deal_no: int, seat: int) -> dict[str, Any] | None:
        """The stored review of ``seat`` in deal ``deal_no`` (from 0) of the table, if any."""

    @abstractmethod
    async def store(
        self,
        table_id: int,
        deal_no: int,
        seat: int,
        review: dict[str, Any],  # JSON: a review and its positions (bot.play.reviews)
    ) -> None:
        """Keep a review; writing the same one twice (two processes, a race after a restart)
        keeps the last, which says the same."""


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
