"""An open table across two shard clusters on PostgreSQL (issue 44, item 6): each player's server
is served by another cluster; the table's owner (its home server's cluster) drives it and edits
both mirrors; a click that reaches the other cluster is acknowledged there and carried out by the
owner through the database. Killed mid-game, the owner's successor takes the table up where it
stood, with the clicks that waited for it: nothing lost."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import simcord

from bot.app import AtoutBot, create_bot
from bot.config import Settings
from bot.storage.shards import Shards
from harness.driver import custom_ids
from tests.bot.open.players import OpenTable, Server, open_server
from tests.support.clusters import Cluster, close_clusters


async def _relayed(env: simcord.Env, owner: AtoutBot, before: int) -> None:
    """Wait for the owner to carry out what the other cluster handed it (through PostgreSQL's
    NOTIFY, outside simcord's world), then for both clusters to settle."""
    await asyncio.wait_for(owner.open.relay.carried_out(before + 1), timeout=30.0)
    await env.settle()


async def test_a_game_across_two_clusters_survives_its_owner(
    pg_server: Any, quiet_timers: float
) -> None:
    base = Settings(token=None, db_path=await pg_server.new_database(), ai_pause_s=0.0)
    zero = create_bot(dataclasses.replace(base, shards=Shards(2, (0,))))
    env = simcord.Env(zero, settle_timeout=30.0)
    await env.start()
    one_bot = create_bot(dataclasses.replace(base, shards=Shards(2, (1,))))
    cluster = Cluster(env, one_bot)
    clusters = [cluster]
    try:
        await cluster.attach()
        north = await open_server(env, "north", 1, shard=0)
        south = await open_server(env, "south", 1, shard=1)
        (ann,), (bob,) = north.people, south.people
        await ann.slash(north.channel, "play", game="briscola", seats=2)  # cluster 0
        ready = await bob.slash(south.channel, "play", game="briscola", seats=2)  # cluster 1
        assert ready.response is not None and "Your table is ready" in ready.response.content
        owner = one_bot  # bob's /play made the table: his server is its home
        table_id = await owner.storage.open_tables.seated_at(ann.id)
        assert table_id is not None and table_id in owner.tables.sessions
        assert table_id not in zero.tables.sessions, "only the owner holds the table"
        table = OpenTable(env, table_id, {ann.id: north, bob.id: south}, bot=owner)

        clicks = 0

        async def turn() -> None:
            nonlocal clicks
            seat = table.session.seat(table.to_act())
            assert seat is not None and seat.user_id is not None
            far = seat.user_id == ann.id  # her server's cluster is not the owner
            before = table.bot.open.relay.carried
            hand = await table.hand(seat.user_id, settle=False)
            if far:
                await _relayed(env, table.bot, before)
                hand = table.last_hand(seat.user_id)
            before = table.bot.open.relay.carried
            await table.click(seat.user_id, hand)
            if far:
                await _relayed(env, table.bot, before)
            await env.advance_time(2.0)
            clicks += 1
            north_read, south_read = [(m.content, custom_ids(m)) for m in table.mirror_messages()]
            assert north_read == south_read, clicks

        for _ in range(4):
            await turn()
        while table.session.seat(table.to_act()).user_id != ann.id:  # type: ignore[union-attr]
            await turn()
        game = table.session.game
        assert game is not None
        version = game.action_count

        # The owner dies mid-game, Ann to play. She presses Hand meanwhile: her own cluster
        # acknowledges it within Discord's 3 s and keeps it for the owner.
        await cluster.kill()
        waiting = await ann.click(table.mirror_message(ann.id), custom_id=f"atout:hand:{table_id}")
        assert waiting.acknowledged and waiting.ephemeral
        successor_bot = create_bot(dataclasses.replace(base, shards=Shards(2, (1,))))
        successor = Cluster(env, successor_bot)
        clusters.append(successor)
        await successor.attach()
        await _restored(successor_bot)
        table.bot = successor_bot
        resumed = table.session.game
        assert resumed is not None and resumed.action_count == version, "nothing lost"
        # The click that waited is carried out by the successor: her hand is there.
        await asyncio.wait_for(successor_bot.open.relay.carried_out(1), timeout=30.0)
        await env.settle()
        assert waiting.response is not None and waiting.response.attachments, "her hand"
        for _ in range(4):
            await turn()
    finally:
        await close_clusters(env, clusters, zero)
    env.raise_errors()


async def _restored(bot: AtoutBot) -> None:
    task = bot.tables.restore_task
    if task is not None:
        await task


__all__ = ["Server"]
