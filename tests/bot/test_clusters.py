"""Shard clusters on one database: each cluster restores and drives the tables of its own servers
only, and restarting one cluster leaves the tables of the other exactly as they were."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
import simcord

from bot.app import AtoutBot, ShardedAtoutBot, create_bot
from bot.config import Settings, load_settings
from bot.storage.backends import StorageUnavailable
from bot.storage.shards import Shards, parse_shards
from harness.driver import Table


async def _restored(bot: AtoutBot) -> set[int]:
    """The tables a freshly started bot has loaded (waits for a background restore, if any)."""
    task = getattr(bot.tables, "restore_task", None)
    if task is not None:
        await task
    return set(bot.tables.sessions)


async def _state(bot: AtoutBot, table_id: int) -> tuple[Any, ...]:
    """Everything storage holds of a table that a cluster could change."""
    row = await bot.storage.tables.get(table_id)
    assert row is not None
    log = await bot.storage.tables.load_log(table_id)
    return (
        row.status,
        row.table_message_id,
        row.ping_message_id,
        len(log.deals),
        len(log.actions),
        await bot.storage.tables.load_snapshot(table_id),
    )


async def test_two_clusters_serve_only_their_own_servers(pg_server: Any) -> None:
    """On PostgreSQL, the database clusters share (the filter itself is tested on both
    backends in test_storage)."""
    base = Settings(token=None, db_path=await pg_server.new_database(), ai_pause_s=0.0)
    even = dataclasses.replace(base, shards=Shards(2, (0,)))
    odd = dataclasses.replace(base, shards=Shards(2, (1,)))
    first_odd = create_bot(odd)
    assert isinstance(first_odd, ShardedAtoutBot)
    world = simcord.Env(first_odd, settle_timeout=30.0)
    started: list[AtoutBot] = [first_odd]
    await world.start()
    try:
        zero = world.create_guild("zero", shard_id=0)
        one = world.create_guild("one", shard_id=1)
        assert (zero.id >> 22) % 2 == 0 and (one.id >> 22) % 2 == 1

        def players(guild: Any, prefix: str) -> list[Any]:
            return [guild.add_member(world.create_user(f"{prefix}{i}")) for i in range(2)]

        # The odd cluster opens and plays a table of its server.
        odd_table = Table(world, one.create_text_channel("cards"), players(one, "o"))
        await odd_table.open("sueca", computers=2, games_to_win=1)
        for _ in range(3):
            await odd_table.play_turn()
        assert odd_table.table_id is not None
        odd_before = await _state(first_odd, odd_table.table_id)

        # The even cluster takes over the gateway (the odd one keeps its database connection,
        # as a second process would) and restores nothing of the odd server.
        first_even = create_bot(even)
        started.append(first_even)
        await world.restart_bot(first_even)
        assert await _restored(first_even) == set()
        even_table = Table(world, zero.create_text_channel("cards"), players(zero, "e"))
        await even_table.open("sueca", computers=2, games_to_win=1)
        for _ in range(3):
            await even_table.play_turn()
        assert even_table.table_id is not None
        assert odd_table.table_id not in first_even.tables.sessions
        assert await _state(first_odd, odd_table.table_id) == odd_before

        # A restart of the even cluster brings back its own table only, and the odd cluster's
        # table is untouched by it: same log, snapshot, messages and status.
        second_even = create_bot(even)
        started.append(second_even)
        await world.restart_bot(second_even)
        assert await _restored(second_even) == {even_table.table_id}
        await even_table.play_to_end()
        assert await _state(first_odd, odd_table.table_id) == odd_before

        # The odd cluster restarts in turn: it restores its table, which plays on to the end.
        second_odd = create_bot(odd)
        started.append(second_odd)
        await world.restart_bot(second_odd)
        assert await _restored(second_odd) == {odd_table.table_id}
        await odd_table.play_to_end()
        for table_id in (odd_table.table_id, even_table.table_id):
            row = await second_odd.storage.tables.get(table_id)
            assert row is not None and row.status == "finished"
    finally:
        await world.shutdown()
        for bot in started:
            await bot.storage.close()
    world.raise_errors()


def test_shard_settings() -> None:
    settings = load_settings({"ATOUT_SHARD_COUNT": "4", "ATOUT_SHARDS": "0-1,3"}, dotenv="-")
    assert settings.shards == Shards(4, (0, 1, 3))
    assert load_settings({}, dotenv="-").shards is None
    assert parse_shards("2", "") == Shards(2, (0, 1))
    bot = create_bot(settings)
    assert isinstance(bot, ShardedAtoutBot)
    assert bot.shard_count == 4 and bot.shard_ids == [0, 1, 3]
    assert bot.storage.shards == Shards(4, (0, 1, 3))
    assert not isinstance(create_bot(Settings()), ShardedAtoutBot)


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("", "0", "needs ATOUT_SHARD_COUNT"),
        ("two", "", "whole number"),
        ("0", "", "whole number"),
        ("2", "2", "ids 0 to 1"),
        ("2", "a,b", "like 0,1 or 0-3"),
        ("4", "3-1", "ATOUT_SHARDS: the range '3-1' runs backwards"),
    ],
)
def test_bad_shard_settings_are_explained(count: str, ids: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_settings({"ATOUT_SHARD_COUNT": count, "ATOUT_SHARDS": ids}, dotenv="-")


@pytest.mark.parametrize(
    "db", ["postgresql://atout@127.0.0.1:1/atout", "/nonexistent/dir/atout.sqlite3"]
)
async def test_a_database_out_of_reach_is_one_clear_line(db: str) -> None:
    bot = create_bot(Settings(token=None, db_path=db, ai_pause_s=0.0))
    with pytest.raises(StorageUnavailable, match=r"cannot open its (SQLite )?database") as caught:
        await bot.open_storage()
    assert "ATOUT_DB" in str(caught.value)
    await asyncio.sleep(0.1)  # aiosqlite's thread ends its failed connect before the loop closes
