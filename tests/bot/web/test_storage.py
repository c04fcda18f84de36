"""What the pages keep and read in storage (``storage.instance``, ``storage.ratings.changes``), on
SQLite and on PostgreSQL: the links' secret, made once and the same for every process on the
database, even two starting at the same moment; a game's rating changes read back."""

from __future__ import annotations

import asyncio

from bot.storage.backends import make_storage
from harness.pages import play_table


async def test_the_secret_is_made_once_and_shared(db_url: str) -> None:
    first, second = make_storage(db_url), make_storage(db_url)
    await first.open()
    await second.open()
    try:
        kept = await first.instance.web_secret("one" * 12)
        assert kept == "one" * 12
        assert await second.instance.web_secret("two" * 12) == kept, "another process alike"
        assert await first.instance.web_secret("three" * 12) == kept
    finally:
        await first.close()
        await second.close()


async def test_two_processes_starting_together_agree(db_url: str) -> None:
    first, second = make_storage(db_url), make_storage(db_url)
    await first.open()
    await second.open()
    try:
        secrets = await asyncio.gather(
            first.instance.web_secret("a" * 40), second.instance.web_secret("b" * 40)
        )
        assert secrets[0] == secrets[1] and secrets[0] in ("a" * 40, "b" * 40)
    finally:
        await first.close()
        await second.close()


async def test_a_games_rating_changes_are_read_back(db_url: str) -> None:
    storage = make_storage(db_url)
    await storage.open()
    try:
        table = await play_table(
            storage, "briscola", seats=2, options={"hands_to_win": 1}, people=(5, 6)
        )
        changes = await storage.ratings.changes(table)
        assert {change.user_id for change in changes} == {5, 6}
        assert changes == await storage.ratings.rate_table(table), "what the end message said"
        assert await storage.ratings.changes(table + 1) == []
    finally:
        await storage.close()
