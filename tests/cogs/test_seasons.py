"""Seasons under simcord (issue 45): a server plays through three monthly seasons — the season's
standings and the minimum of games, the end posted once with its podium, promotion and relegation
across two seasons with 45 players, the champion's role (given, the permission missing, the role
too high) — and a restart at the boundary neither skips nor repeats the end.

Months pass in simcord's clock; the games are stored straight into the bot's storage as a
finished table leaves them (``store_game``), on that clock, as ``tests/cogs/test_leaderboard.py``
does: playing hundreds of games through clicks would take minutes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord
from simcord.builders import ChannelHandle

import bot.challenge.controller
import bot.puzzles.desk
import bot.seasons.desk
import bot.table.presence
from bot.text.i18n import t
from bot.text.seasons import season_dates
from harness.driver import custom_ids
from harness.seasons import store_game

DAY = 24 * 3600.0
SWEEP_S = 6 * 3600.0
"""The sweeps' period here: a season's end is posted within six hours of it, and a month passes
in 120 sweeps of each kind."""
BOARD_LINE = re.compile(r"^(\d+)\. (\S+) — ([0-9,]+)", re.MULTILINE)


@pytest.fixture(autouse=True)
def month_sweeps(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for module in (
        bot.challenge.controller,
        bot.puzzles.desk,
        bot.table.presence,
        bot.seasons.desk,
    ):
        monkeypatch.setattr(module, "SWEEP_EVERY_S", SWEEP_S)
    yield


def storage_of(env: simcord.Env) -> Any:
    return env.bot.storage  # type: ignore[attr-defined]


def admin_world(env: simcord.Env, people: int) -> tuple[Any, Any, Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    news = guild.create_text_channel("seasons")
    role = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[role])
    players = [guild.add_member(env.create_user(f"p{i:02d}")) for i in range(people)]
    return guild, channel, news, boss, players


def season_posts(news: Any) -> list[Any]:
    return [m for m in news.history() if m.content.startswith("🏆")]


def bot_role(env: simcord.Env, guild: Any) -> Any:
    return next(r for r in env.backend.get_guild(guild.id).roles.values() if r.managed)


def roles_of(env: simcord.Env, guild: Any, member: Any) -> list[int]:
    return list(env.backend.get_member(guild.id, member.id).role_ids)


async def play_round(env: simcord.Env, guild: Any, players: list[Any], *, low_wins: bool) -> None:
    """Every player plays twice, against each neighbour round the list; the lower (or higher)
    index wins."""
    for index, one in enumerate(players):
        other = players[(index + 1) % len(players)]
        first, second = sorted((one, other), key=players.index)
        winner, loser = (first, second) if low_wins else (second, first)
        await store_game(env, guild.id, winner, loser)


async def test_three_monthly_seasons(env: simcord.Env) -> None:
    guild, channel, news, boss, players = admin_world(env, 46)
    champion = guild.create_role("Champion")
    done = await boss.slash(
        channel,
        "atout settings",
        season="monthly",
        season_min_games=2,
        announce_channel=news,
        champion_role=champion,
    )
    assert done.ephemeral and done.response is not None
    text = done.response.content
    assert t("settings_season_min_games", count=2) in text
    assert f"<#{news.id}>" in text and f"<@&{champion.id}>" in text
    league, newcomer = players[:45], players[45]

    # January, the first season (simcord's clock starts on January 1st, 2026): 45 players
    # play two games each, the lower number winning; one more plays once.
    await play_round(env, guild, league, low_wins=True)
    await store_game(env, guild.id, league[0], newcomer)
    board = await newcomer.slash(channel, "leaderboard", game="piquet")
    assert board.response is not None and not board.ephemeral
    content = board.response.content
    january = season_dates("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z", "en")
    assert content.startswith(f"**Piquet — Season 1** — {january} · page 1 of 5")
    assert [name for _, name, _ in BOARD_LINE.findall(content)][:2] == ["p00", "p01"]
    assert "You: p45 — 1 game · not yet ranked: 1 game to go" in content
    assert custom_ids(board.response)[1] == f"atout:season:piquet:1:0:2:{newcomer.id}"
    everything = await newcomer.slash(channel, "leaderboard", game="piquet", season="all")
    assert everything.response.content.startswith("**Piquet — leaderboard**")

    # The end of January: posted once, with its podium, in the channel the admin chose; the
    # champion gets the role.
    await env.advance_time(31 * DAY + SWEEP_S)
    (post,) = season_posts(news)
    assert post.content.startswith(f"🏆 **Piquet — Season 1 is over** ({january})")
    assert "🥇 p00" in post.content and "🥈 p01" in post.content
    february = season_dates("2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z", "en")
    assert f"Next: Season 2, {february}." in post.content
    assert post.attachments and post.attachments[0].filename == "podium-piquet-1.png"
    assert champion.id in roles_of(env, guild, league[0])

    # February: two divisions of 23 and 22, by rating at the start; the season's ratings start
    # from the soft reset; this month the higher number wins.
    storage = storage_of(env)
    await play_round(env, guild, league, low_wins=False)
    last = league[-1]
    board = await last.slash(channel, "leaderboard", game="piquet")
    content = board.response.content
    assert content.startswith(f"**Piquet — Season 2** — Division 2 of 2 · {february}")
    assert t("season_promotion_line", count=4, division=1) in content
    rising = [name for _, name, _ in BOARD_LINE.findall(content)][:4]
    assert rising[0] == "p44"  # two wins: the only one in division 2
    top = await last.slash(channel, "leaderboard", game="piquet", division=1)
    assert top.response.content.startswith("**Piquet — Season 2** — Division 1 of 2")
    # January's top 23 by rating.
    shown = {name for _, name, _ in BOARD_LINE.findall(top.response.content)}
    assert len(shown) == 10 and shown <= {p.name for p in league[:23]}
    second = await storage.seasons.get(guild.id, 2)
    start = await storage.database.fetchrow(
        "SELECT start_sigma FROM season_ratings WHERE season = 2 AND player = $1",
        f"u:{league[0].id}",
    )
    all_time = await storage.database.fetchrow(
        "SELECT sigma_after AS sigma FROM match_players WHERE player = $1 AND finished_at < $2"
        " ORDER BY finished_at DESC LIMIT 1",
        f"u:{league[0].id}",
        second.starts_at,
    )
    assert start["start_sigma"] > all_time["sigma"]

    # The end of February: the top fifth of division 2 goes up, the bottom fifth of division 1
    # goes down; the role moves to February's champion.
    await env.advance_time(28 * DAY)
    posts = season_posts(news)
    assert len(posts) == 2
    ended = posts[-1].content
    assert f"⬆️ Up to division 1: {', '.join(rising)}" in ended
    (down,) = [line for line in ended.splitlines() if line.startswith("⬇️ Down to division 2: ")]
    falling = down.split(": ", 1)[1].split(", ")
    assert len(falling) == 4 and set(falling) <= {p.name for p in league[:23]}
    winner = next(p for p in league if f"🥇 {p.name}" in ended)
    assert champion.id in roles_of(env, guild, winner)
    assert champion.id not in roles_of(env, guild, league[0])

    # March: the promoted play in division 1, the relegated in division 2, and their seasons
    # show in /stats.
    fell = next(p for p in league if p.name == falling[0])
    await store_game(env, guild.id, last, fell)
    board = await last.slash(channel, "leaderboard", game="piquet", season="current")
    assert "Season 3** — Division 1 of 2" in board.response.content
    board = await fell.slash(channel, "leaderboard", game="piquet")
    assert "Season 3** — Division 2 of 2" in board.response.content
    stats = await last.slash(channel, "stats", game="piquet")
    lines = stats.response.content.splitlines()
    assert "**Seasons**" in lines
    assert any(line.startswith("Piquet, Season 3 (now): not yet ranked") for line in lines)
    assert any(
        line.startswith("Piquet, Season 2: rank 1 in division 2 of 2 · promoted") for line in lines
    )
    await env.advance_time(31 * DAY)
    assert len(season_posts(news)) == 3
    previous = await last.slash(channel, "leaderboard", game="piquet", season="previous")
    assert previous.response.content.startswith("**Piquet — Season 3**")


@pytest.mark.parametrize("problem", ["permission", "position"])
async def test_a_role_the_bot_cannot_give_is_told_to_the_admin(
    env: simcord.Env, problem: str
) -> None:
    guild, channel, news, boss, (alice, bob) = admin_world(env, 2)
    mine = bot_role(env, guild)
    if problem == "permission":
        champion = guild.create_role("Champion")
        allowed = discord.Permissions(mine.permissions)
        allowed.manage_roles = False
        env.backend.edit_role(guild.id, mine.id, {"permissions": allowed.value})
    else:
        champion = guild.create_role("Champion", position=mine.position + 1)
    done = await boss.slash(
        channel, "atout settings", announce_channel=news, champion_role=champion
    )
    warned = t(f"settings_champion_{problem}", role=f"<@&{champion.id}>")
    assert warned in done.response.content.splitlines()
    await store_game(env, guild.id, alice, bob)
    await env.advance_time(31 * DAY + SWEEP_S)
    # Nothing else stops: the season's end is posted; the admin is told what to change.
    assert len(season_posts(news)) == 1
    assert champion.id not in roles_of(env, guild, alice)
    dms = ChannelHandle(env, None, env.backend.get_dm_channel(boss.id))
    told = [m.content for m in dms.history()]
    assert told == [
        t(f"champion_role_{problem}", role="Champion", server=guild.name, season="Season 1")
    ]


async def test_seasons_off_and_on_a_wrong_season_and_the_reset(env: simcord.Env) -> None:
    guild, channel, _news, boss, (alice, bob) = admin_world(env, 2)
    refused = await alice.slash(channel, "leaderboard", game="piquet", season="autumn")
    assert refused.ephemeral and refused.response.content == t("season_bad")
    early = await alice.slash(channel, "leaderboard", game="piquet", season="current")
    assert early.response.content == t("season_none_yet")
    await boss.slash(channel, "atout settings", season="off")
    await store_game(env, guild.id, alice, bob)
    off = await alice.slash(channel, "leaderboard", game="piquet", season="current")
    assert off.response.content == t("season_off")
    board = await alice.slash(channel, "leaderboard", game="piquet")  # the all-time board
    assert board.response.content.startswith("**Piquet — leaderboard**")
    # Turned on again: a season begins at once, and counts the next game.
    on = await boss.slash(channel, "atout settings", season="weekly")
    assert "Seasons: Weekly — now Season 1" in on.response.content
    await store_game(env, guild.id, alice, bob)
    board = await alice.slash(channel, "leaderboard", game="piquet")
    assert board.response.content.startswith("**Piquet — Season 1**")
    assert "p00 — 1 game · not yet ranked: 9 games to go" in board.response.content
    # A length changed mid-season applies from the next one; the admin is told.
    later = await boss.slash(channel, "atout settings", season="monthly")
    assert t("settings_season_later", season="Season 1") in later.response.content
    # The reset says what it does to seasons, and does it.
    asked = await boss.slash(channel, "atout ratings-reset", game="piquet")
    assert t("reset_seasons", game="Piquet") in asked.response.content
    await boss.click(asked.response, custom_id="atout:reset:piquet")
    again = await alice.slash(channel, "leaderboard", game="piquet")
    assert again.ephemeral and again.response.content.startswith("Nobody has played")
