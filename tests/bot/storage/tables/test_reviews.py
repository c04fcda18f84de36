"""Stored deal reviews (migration 004), on SQLite and on PostgreSQL: kept per table, deal and
seat, read back as written; a second write of the same review replaces the first."""

from __future__ import annotations

from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings

REVIEW = {
    "game": "briscola",
    "seat": 1,
    "deal": 0,
    "unit": "card points",
    "decisions": [
        {
            "action_index": 3,
            "choice": {"type": "play", "card": "5C"},
            "best": {"type": "play", "card": "7H"},
            "cost": 30.0,
            "better_share": 1.0,
            "real": {"choice": -17.0, "best": 13.0},
        }
    ],
    "positions": {"3": {"hand": ["5C", "7H"], "trick": [], "trump": "C", "phase": "play"}},
}


async def test_a_review_is_kept_per_table_deal_and_seat(storage: Storage) -> None:
    row = await storage.tables.create(1, 2, "briscola", 2, 7, {}, TableSettings())
    other = await storage.tables.create(1, 2, "briscola", 2, 7, {}, TableSettings())
    assert await storage.reviews.load(row.id, 0, 1) is None
    await storage.reviews.store(row.id, 0, 1, REVIEW)
    assert await storage.reviews.load(row.id, 0, 1) == REVIEW
    for table, deal, seat in ((row.id, 0, 0), (row.id, 1, 1), (other.id, 0, 1)):
        assert await storage.reviews.load(table, deal, seat) is None
    changed = dict(REVIEW, unit="points")
    await storage.reviews.store(row.id, 0, 1, changed)
    assert await storage.reviews.load(row.id, 0, 1) == changed
