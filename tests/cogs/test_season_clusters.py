"""A season's end with two shard clusters on one PostgreSQL database (issue 45, item 5): each
cluster closes and posts the seasons of its own servers, once; neither posts another's, and a
restart after the boundary repeats nothing."""

from __future__ import annotations

import dataclasses
from typing import Any

import discord
import pytest
import simcord

import bot.open.queue
import bot.storage.databases.postgres
from bot.app import create_bot
from bot.config import Settings
from bot.storage.shards import Shards
from harness.seasons import store_game
from tests.cogs.test_seasons import DAY, SWEEP_S, month_sweeps, season_posts
from tests.support.clusters import Cluster, close_clusters

__all__ = ["month_sweeps"]


def _server(env: simcord.Env, name: str, shard: int) -> tuple[Any, Any, Any, list[Any]]:
    guild = env.create_guild(name, shard_id=shard)
    channel = guild.create_text_channel("cards")
    news = guild.create_text_channel("seasons")
    role = guild.create_role(f"{name}-admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user(f"{name}-boss"), roles=[role])
    players = [guild.add_member(env.create_user(f"{name}{i}")) for i in range(2)]
    return guild, channel, news, boss, players  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def quiet_postgres(monkeypatch: pytest.MonkeyPatch) -> None:
    """The open queue's and PostgreSQL listener's checks read the database on timers; while
    days of simcord's clock pass they come with the seasons' sweeps, not every minute."""
    monkeypatch.setattr(bot.open.queue, "SWEEP_AT_MOST_S", SWEEP_S)
    monkeypatch.setattr(bot.storage.databases.postgres, "LISTEN_CHECK_S", SWEEP_S)


async def test_each_cluster_ends_its_own_servers_seasons_once(pg_server: Any) -> None:
    base = Settings(token=None, db_path=await pg_server.new_database(), ai_pause_s=0.0)
    zero = create_bot(dataclasses.replace(base, shards=Shards(2, (0,))))
    env = simcord.Env(zero, settle_timeout=30.0)
    await env.start()
    clusters = [Cluster(env, create_bot(dataclasses.replace(base, shards=Shards(2, (1,)))))]
    try:
        await clusters[0].attach()
        servers = [_server(env, "north", 0), _server(env, "south", 1)]
        for guild, channel, news, boss, (ann, bob) in servers:
            answer = await boss.slash(
                channel,
                "atout settings",
                announce_channel=news,
                season_min_games=1,
                season="weekly",
            )
            assert answer.ephemeral, answer
            await store_game(env, guild.id, ann, bob)
        # The first weekly season ends on Monday, January 5th, 2026: both clusters sweep past it.
        await env.advance_time(5 * DAY + SWEEP_S)
        for _guild, _, news, _, (ann, _) in servers:
            (post,) = season_posts(news)
            assert f"🥇 {ann.name} — " in post.content, post.content
        # The second cluster stops and comes back after the boundary: its successor finds it done.
        await clusters[0].kill()
        again = Cluster(env, create_bot(dataclasses.replace(base, shards=Shards(2, (1,)))))
        clusters.append(again)
        await again.attach()
        await env.advance_time(2 * SWEEP_S)
        assert [len(season_posts(news)) for _, _, news, _, _ in servers] == [1, 1]
        seasons = await zero.storage.database.fetch(
            "SELECT guild_id, number, closed_at FROM seasons ORDER BY guild_id, number"
        )
        assert [(r["number"], r["closed_at"] is not None) for r in seasons] == [
            (1, True),
            (2, False),
            (1, True),
            (2, False),
        ]
    finally:
        await close_clusters(env, clusters, zero)
    env.raise_errors()
