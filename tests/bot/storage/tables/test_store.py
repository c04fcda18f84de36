"""The tables' storage, on SQLite and on PostgreSQL (``db_url`` is parametrized): the
append-only log, the snapshot cache, the group commit and the shard filter."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.storage.backends import make_storage
from bot.storage.shards import Shards
from bot.storage.storage import Storage
from bot.storage.tables.interface import Snapshot, StaleAction
from bot.storage.tables.settings import TableSettings
from games.ai import random_play
from games.ai.random_play import deal_shuffled
from games.registry import GAME_NAMES, new_game


async def test_a_step_is_appended_once(storage: Storage) -> None:
    row = await storage.tables.create(
        1, 2, "sueca", 4, 99, {"games_to_win": 1}, TableSettings(level="easy")
    )
    await storage.tables.set_seat(row.id, 0, 99, None, "alice")
    await storage.tables.set_seat(row.id, 1, None, "hard", "Computer 1")
    snap = Snapshot(1, 0, 1, {"x": 1})
    await storage.tables.append_deal(row.id, 0, 3, ["AS", "2S"], snap)
    await storage.tables.append_action(
        row.id, 0, 0, 0, {"type": "play", "card": "AS"}, Snapshot(1, 1, 1, {"x": 2})
    )
    with pytest.raises(StaleAction):
        await storage.tables.append_action(
            row.id, 0, 0, 1, {"type": "play", "card": "2S"}, Snapshot(1, 1, 1, {"x": 3})
        )
    log = await storage.tables.load_log(row.id)
    assert log.deals == [(3, ["AS", "2S"])]
    assert log.actions == [(0, 0, {"type": "play", "card": "AS"})]
    # The failed append left the snapshot of the step that won.
    assert (await storage.tables.load_snapshot(row.id)) == Snapshot(1, 1, 1, {"x": 2})
    loaded = await storage.tables.get(row.id)
    assert loaded is not None
    assert [(s.seat, s.user_id, s.ai_level, s.name) for s in loaded.seat_list] == [
        (0, 99, None, "alice"),
        (1, None, "hard", "Computer 1"),
    ]
    assert loaded.options == {"games_to_win": 1} and loaded.settings == TableSettings(level="easy")


async def test_an_action_needs_its_deal(storage: Storage) -> None:
    row = await storage.tables.create(1, 2, "sueca", 4, 99, {}, TableSettings())
    with pytest.raises(StaleAction):
        await storage.tables.append_action(row.id, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {}))


async def test_active_tables_and_finishing(storage: Storage) -> None:
    a = await storage.tables.create(1, 2, "sueca", 4, 99, {}, TableSettings())
    b = await storage.tables.create(1, 2, "piquet", 2, 99, {}, TableSettings())
    await storage.tables.set_seat(a.id, 1, 5, None, "eve")
    await storage.tables.set_seat(a.id, 1, None, "easy", "Computer 2")  # the seat changes hands
    await storage.tables.set_seat(a.id, 3, 6, None, "fay")
    await storage.tables.clear_seat(a.id, 3)
    seated = await storage.tables.get(a.id)
    assert seated is not None and [(s.seat, s.user_id, s.ai_level) for s in seated.seat_list] == [
        (1, None, "easy")
    ]
    await storage.tables.update(b.id, status="playing", first_dealer=1, thread_id=77)
    assert [r.id for r in await storage.tables.active()] == [a.id, b.id]
    assert (await storage.tables.in_thread(77)).id == b.id  # type: ignore[union-attr]
    await storage.tables.finish(b.id, "finished", [1, 0], [0], {"format": "atout-record/1"})
    await storage.tables.finish(a.id, "abandoned")
    assert await storage.tables.active() == []
    with pytest.raises(ValueError):
        await storage.tables.update(a.id, game="belote")


async def test_two_processes_cannot_both_append_a_step(db_url: str) -> None:
    """Two connections to one database (two bot processes): UNIQUE(table_id, action_no) lets
    exactly one of them write a given step."""
    first, second = make_storage(db_url), make_storage(db_url)
    await first.open()
    await second.open()
    try:
        row = await first.tables.create(1, 2, "sueca", 4, 99, {}, TableSettings())
        await first.tables.append_deal(row.id, 0, 0, ["AS"], Snapshot(1, 0, 1, {}))
        await first.tables.append_action(
            row.id, 0, 0, 0, {"type": "play", "card": "AS"}, Snapshot(1, 1, 1, {})
        )
        with pytest.raises(StaleAction):
            await second.tables.append_action(
                row.id, 0, 0, 0, {"type": "play", "card": "KS"}, Snapshot(1, 1, 1, {})
            )
        assert (await second.tables.load_log(row.id)).actions == [
            (0, 0, {"type": "play", "card": "AS"})
        ]
    finally:
        await first.close()
        await second.close()


async def test_tables_of_different_guilds_write_at_the_same_time(storage: Storage) -> None:
    """One connection serves every table: two tables committing at once must not share (or
    break) each other's transaction, and a failed step of one never undoes the other's."""
    rows = [
        await storage.tables.create(g, 2, "sueca", 4, 99, {}, TableSettings()) for g in (1, 2, 3)
    ]
    for row in rows:
        await storage.tables.append_deal(row.id, 0, 0, ["AS"], Snapshot(1, 0, 1, {}))

    async def play(table_id: int, steps: int) -> None:
        for n in range(steps):
            await storage.tables.append_action(
                table_id, n, 0, n % 4, {"type": "pass"}, Snapshot(1, n + 1, 1, {"n": n})
            )
            await storage.tables.update(table_id, table_message_id=n)

    async def stale(table_id: int, steps: int) -> None:
        for _ in range(steps):
            with pytest.raises(StaleAction):
                await storage.tables.append_action(
                    table_id, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {})
                )

    await play(rows[2].id, 1)
    await asyncio.gather(play(rows[0].id, 30), play(rows[1].id, 30), stale(rows[2].id, 30))
    for row in rows[:2]:
        log = await storage.tables.load_log(row.id)
        assert len(log.actions) == 30
        assert (await storage.tables.load_snapshot(row.id)) == Snapshot(1, 30, 1, {"n": 29})
        stored = await storage.tables.get(row.id)
        assert stored is not None and stored.table_message_id == 29


async def test_a_cluster_restores_only_its_own_servers(db_url: str) -> None:
    """Shard clusters on one database: ``tables.active`` of each gives the tables of its own
    shards only, and together they give every table exactly once."""
    writer = make_storage(db_url)
    await writer.open()
    guilds = [(n << 22) + 7 for n in range(8)]  # shards 0..3, twice, with shard_count=4
    try:
        made = {
            (await writer.tables.create(g, 1, "sueca", 4, 9, {}, TableSettings())).id: g
            for g in guilds
        }
    finally:
        await writer.close()
    seen: list[int] = []
    for ids in ((0, 2), (1, 3)):
        store = make_storage(db_url)
        store.shards = Shards(4, ids)
        await store.open()
        try:
            rows = await store.tables.active()
        finally:
            await store.close()
        assert rows and all((r.guild_id >> 22) % 4 in ids for r in rows)
        seen += [r.id for r in rows]
    assert sorted(seen) == sorted(made)


async def test_a_group_commit_keeps_a_refused_step_apart(storage: Storage) -> None:
    """Steps of several tables committed together: the one that is refused (a double) fails
    alone; its neighbours in the same transaction are written."""
    rows = [await storage.tables.create(g, 2, "sueca", 4, 99, {}, TableSettings()) for g in (1, 2)]
    for row in rows:
        await storage.tables.append_deal(row.id, 0, 0, ["AS"], Snapshot(1, 0, 1, {}))
    await storage.tables.append_action(rows[0].id, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {}))
    results = await asyncio.gather(
        storage.tables.append_action(rows[0].id, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {})),
        storage.tables.append_action(
            rows[1].id, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {"b": 1})
        ),
        return_exceptions=True,
    )
    assert isinstance(results[0], StaleAction) and results[1] is None
    assert len((await storage.tables.load_log(rows[1].id)).actions) == 1
    assert await storage.tables.load_snapshot(rows[1].id) == Snapshot(1, 1, 1, {"b": 1})


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_snapshot_is_encoded_once_as_before(name: str) -> None:
    """A step's snapshot is the game's JSON encoded once (``Game.to_json``), byte for byte what
    the state's dictionary gave (``Game.to_dict``, a JSON round trip, then encoded again), and
    reads back as that dictionary: caches such as Belote's legal-play memo left out."""
    rng = random.Random(3)
    game = new_game(name, dealer=0)
    for _ in range(12):
        if game.awaiting_deck:
            deal_shuffled(game, rng)
            continue
        seat = game.to_act
        assert seat is not None
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, random_play.concrete(game.view(seat), action, rng))
        game.legal_actions(seat)  # a cache filled, which no snapshot holds
        snap = Snapshot.of(game)
        state = game.to_dict()
        assert snap.text == json.dumps(state, separators=(",", ":"))
        assert snap == Snapshot(game.ENGINE_VERSION, game.action_count, len(game.log), state)
        assert "legal_memo" not in snap.state["state"]
        assert type(game).from_dict(snap.state).to_json() == snap.text
