"""Open tables' storage (``storage.open_tables``, ``storage.relay``), the same answers on SQLite
and PostgreSQL: one place per player, a table's group taken once and mixing servers, the waits,
the lobbies offered to the queue, mirrors, mutes, and the relay's claims."""

from __future__ import annotations

import asyncio

from bot.storage.open.interface import Mirror, Queued
from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings


def entry(user: int, guild: int, at: str = "2026-01-01T10:00:00Z", wait: int = 120) -> Queued:
    return Queued(user, "coinche", 4, guild, guild * 10, f"p{user}", "en", wait, at, {"token": "t"})


async def test_one_place_per_player_and_a_group_taken_once(storage: Storage) -> None:
    queue = storage.open_tables
    assert await queue.enqueue(entry(1, 100)) is None
    held = await queue.enqueue(entry(1, 200, at="2026-01-01T10:01:00Z"))
    assert held is not None and held.guild_id == 100, "the first place stands"
    for user, guild in ((2, 100), (3, 100), (4, 200), (5, 300)):
        await queue.enqueue(entry(user, guild, at=f"2026-01-01T10:0{user}:00Z"))
    # Four seats, five waiting: the first of each server before a second of any.
    group = await queue.take_group("coinche", 4, 2, force=False)
    assert [q.user_id for q in group] == [2, 4, 5, 1]
    assert [q.user_id for q in await queue.waiting("coinche", 4)] == [3]
    # Taken out once, whoever asks at the same time.
    again = await asyncio.gather(
        queue.take_group("coinche", 4, 3, force=True), queue.take_group("coinche", 4, 3, force=True)
    )
    assert sorted(len(g) for g in again) == [0, 1]
    assert await queue.take_group("coinche", 4, 3, force=True) == []


async def test_waits_lobbies_and_servers_that_leave(storage: Storage) -> None:
    queue = storage.open_tables
    await queue.enqueue(entry(1, 100, wait=60))
    await queue.enqueue(entry(2, 200, wait=300))
    over = await queue.expired("2026-01-01T10:02:00Z")
    assert [q.user_id for q in over] == [1]
    assert len(await queue.expired(None)) == 2
    row = await storage.tables.create(300, 3000, "coinche", 4, 9, {}, TableSettings(open=True))
    await queue.offer_lobby(row.id, "coinche", 4, 300)
    assert await queue.lobbies("coinche", 4) == [(row.id, 300)]
    assert [q.user_id for q in await queue.take_players("coinche", 4, 1)] == [1]
    assert await queue.lobbies_of(300) == [(row.id, 300)]
    await queue.withdraw_lobby(row.id)
    assert await queue.lobbies("coinche", 4) == []
    gone = await queue.remove_server(200)
    assert [q.user_id for q in gone] == [2] and await queue.queued(2) is None


async def test_mirrors_mutes_and_who_sits_where(storage: Storage) -> None:
    queue = storage.open_tables
    row = await storage.tables.create(100, 1000, "briscola", 2, 1, {}, TableSettings(open=True))
    await storage.tables.set_seat(row.id, 0, 1, None, "Ann")
    await storage.tables.update(row.id, status="playing")
    assert await queue.seated_at(1) == row.id and await queue.seated_at(2) is None
    await queue.add_mirror(Mirror(row.id, 100, 1000, "en", (1,)))
    await queue.add_mirror(Mirror(row.id, 200, 2000, "fr", (2,)))
    await queue.update_mirror(row.id, 2000, thread_id=2001, message_id=7, users=(2, 3))
    found = {m.channel_id: m for m in await queue.mirrors(row.id)}
    assert found[2000].thread_id == 2001 and found[2000].users == (2, 3)
    assert await queue.table_in_thread(2001) == row.id
    assert await queue.tables_in_server(200) == [row.id]
    await queue.update_mirror(row.id, 2000, closed=True)
    assert await queue.tables_in_server(200) == []
    await queue.mute(1, 2)
    await queue.mute(1, 2)  # twice is once
    assert await queue.muters(2, [1, 3]) == {1} and await queue.muters(1, [2]) == set()


async def test_the_relay_claims_each_command_once_and_again_after_its_claimer_died(
    storage: Storage,
) -> None:
    relay = storage.relay
    for n in range(3):
        await relay.push(1, 50 + n, {"n": n}, "2026-01-01T10:00:00Z")
    await relay.push(0, 60, {"n": 9}, "2026-01-01T10:00:00Z")
    mine = await relay.claim([1], "first")
    assert [r.command["n"] for r in mine] == [0, 1, 2]
    assert await relay.claim([1], "first") == [], "claimed already"
    await relay.done(mine[0])
    # The claimer died: its successor takes up what it had not finished.
    after = await relay.claim([1], "second")
    assert [r.table_id for r in after] == [51, 52]
    assert [r.command["n"] for r in await relay.claim([0], "second")] == [9]
