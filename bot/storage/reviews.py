"""Stored deal reviews (migration 004), mixed into both backends: the SQL is SQLite's, which
PostgreSQL runs through ``bot.storage.postgres_shim`` as it runs the ratings'.

A review is computed once per seat and deal (``bot.play.reviews``) and never changes: the deal
it is about is over. Writing the same review twice (two processes, a race after a restart)
keeps the last, which says the same.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage.queries import Queries, serialized

NOW = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"


class ReviewStore(Queries):
    @serialized
    async def load_review(self, table_id: int, deal_no: int, seat: int) -> dict[str, Any] | None:
        """The stored review of ``seat`` in deal ``deal_no`` (from 0), or ``None``."""
        row = await self._one(
            "SELECT review FROM reviews WHERE table_id = ? AND deal_no = ? AND seat = ?",
            (table_id, deal_no, seat),
        )
        if row is None:
            return None
        stored: dict[str, Any] = json.loads(row[0])  # JSON: what store_review was given
        return stored

    @serialized
    async def store_review(
        self,
        table_id: int,
        deal_no: int,
        seat: int,
        review: dict[str, Any],  # JSON: games.review.Review.to_json()
    ) -> None:
        await self._exec(
            "INSERT INTO reviews (table_id, deal_no, seat, review, created_at)"
            f" VALUES (?, ?, ?, ?, {NOW})"
            " ON CONFLICT (table_id, deal_no, seat) DO UPDATE SET review = excluded.review",
            (table_id, deal_no, seat, json.dumps(review)),
        )


__all__ = ["ReviewStore"]
