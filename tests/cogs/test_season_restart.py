"""A restart at a season's boundary, on SQLite and on PostgreSQL (issue 45): the end is posted once,
a game that ended before the boundary but was not stored yet counts in the old season, one that
ended after it counts in the new one, and a post whose sending was interrupted is not repeated."""

from __future__ import annotations

import pytest
import simcord

from bot.config import Settings
from bot.storage.tables.settings import TableSettings
from harness.seasons import store_game
from tests.cogs.test_seasons import (
    DAY,
    SWEEP_S,
    admin_world,
    month_sweeps,
    season_posts,
    storage_of,
)
from tests.conftest import restart

__all__ = ["month_sweeps"]


@pytest.fixture
def settings(migrated_db_url: str) -> Settings:
    return Settings(token=None, db_path=migrated_db_url, ai_pause_s=0.0)


async def test_a_restart_at_the_boundary_neither_skips_nor_repeats_the_end(
    env: simcord.Env, settings: Settings
) -> None:
    guild, channel, news, boss, (alice, bob) = admin_world(env, 2)
    # Weekly seasons: the first ends on Monday, January 5th, 2026 (days pass quicker than months).
    await boss.slash(
        channel, "atout settings", announce_channel=news, season_min_games=1, season="weekly"
    )
    await store_game(env, guild.id, alice, bob)
    # Sunday, January 4th, 23:59:30: a game ends, and the bot stops before it is rated.
    await env.advance_time(4 * DAY - 30)
    storage = storage_of(env)
    with env.time_context():
        row = await storage.tables.create(guild.id, 1, "piquet", 2, alice.id, {}, TableSettings())
        await storage.tables.set_seat(row.id, 0, alice.id, None, alice.name)
        await storage.tables.set_seat(row.id, 1, bob.id, None, bob.name)
        await storage.tables.update(row.id, status="playing", first_dealer=0)
        await storage.tables.finish(row.id, "finished", [2, 0], [0], {"game": "piquet"})
    await env.advance_time(60)
    await restart(env, settings)
    # Monday, 00:00:30: a game that ends now counts in the second season.
    late = await store_game(env, guild.id, bob, alice)
    counted = await storage_of(env).database.fetch(
        "SELECT table_id, season FROM matches ORDER BY table_id"
    )
    assert [r["season"] for r in counted] == [1, 1, 2]
    assert counted[-1]["table_id"] == late
    assert season_posts(news) == []  # not a minute after the boundary: not closed yet
    await restart(env, settings)
    await env.advance_time(SWEEP_S)
    (post,) = season_posts(news)
    assert "🥇 p00 — " in post.content and " · 2 games" in post.content
    # The process that posted stops before it could say so: the next finds its message.
    await storage_of(env).database.execute(
        "UPDATE season_posts SET posted_at = NULL, message_id = NULL,"
        " claimed_at = '2026-01-01T00:00:00Z'"
    )
    await restart(env, settings)
    await env.advance_time(SWEEP_S)
    assert len(season_posts(news)) == 1
    row = await storage_of(env).database.fetchrow("SELECT posted_at, message_id FROM season_posts")
    assert row["posted_at"] is not None and row["message_id"] == post.id
    await restart(env, settings)
    await env.advance_time(SWEEP_S)
    assert len(season_posts(news)) == 1
