"""The pages linked from Discord, with ``ATOUT_WEB_URL`` set: a link button under each deal's
summary opens that deal's replay, the game-over post links the game, the review links the deal
with the player's review on it, ``/history`` links each game; without the setting no link
button shows anywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest
import simcord

from bot.config import Settings
from bot.web.settings import WebSettings
from harness.driver import Table, components_of
from tests.conftest import migrated_sqlite

URL = "https://atout.example.org"


@pytest.fixture
def settings(tmp_path: Path, sqlite_template: Path) -> Settings:
    web = WebSettings(url=URL, host="127.0.0.1", port=0)
    db = migrated_sqlite(sqlite_template, tmp_path / "atout.sqlite3")
    return Settings(token=None, db_path=db, ai_pause_s=0.0, web=web)


def link_buttons(message: Any) -> list[dict[str, Any]]:
    return [c for c in components_of(message) if c.get("style") == 5]


async def fetch(env: simcord.Env, url: str) -> tuple[int, str]:
    port = env.bot.web.port  # type: ignore[attr-defined]
    async with (
        aiohttp.ClientSession() as http,
        http.get(url.replace(URL, f"http://127.0.0.1:{port}")) as response,
    ):
        return response.status, await response.text()


async def test_a_finished_deal_is_one_click_from_its_replay(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    env.bot.review.reviews.samples = 2  # type: ignore[attr-defined]
    await table.play_until(lambda g: g.over)
    history = table.where().history()
    summary = next(m for m in history if f"atout:review:{table.table_id}:0" in str(m.components))
    (deal_link,) = link_buttons(summary)
    assert deal_link["url"].startswith(f"{URL}/deal/{table.table_id}-1-")
    status, page = await fetch(env, deal_link["url"])
    assert status == 200 and 'data-card="' in page and "alice" in page
    result = [m for m in history if any("/game/" in b["url"] for b in link_buttons(m))]
    assert len(result) == 1, "the game-over post links the game"
    status, page = await fetch(env, link_buttons(result[0])[0]["url"])
    assert status == 200 and "alice" in page
    # The review answers with the deal's page with the player's review on it.
    clicked = await alice.click(summary, custom_id=f"atout:review:{table.table_id}:0")
    assert clicked.response is not None
    (review_link,) = link_buttons(clicked.response)
    assert review_link["url"].startswith(f"{URL}/deal/{table.table_id}-1-s0-")
    status, page = await fetch(env, review_link["url"])
    assert status == 200 and "Review of \u2068alice\u2069" in page, "the name isolated"
    # /history links each game.
    asked = await alice.slash(channel, "history")
    assert asked.response is not None
    links = link_buttons(asked.response)
    assert [b["url"].split("/game/")[1].split("-")[0] for b in links] == [str(table.table_id)]


async def test_no_link_button_without_the_setting(tmp_path: Path) -> None:
    from bot.app import create_bot

    bot = create_bot(Settings(token=None, db_path=str(tmp_path / "a.sqlite3"), ai_pause_s=0.0))
    world = simcord.Env(bot, settle_timeout=30.0)
    await world.start()
    try:
        table = Table.alone(world)
        await table.open("briscola", computers=1, seats=2, hands_to_win=1)
        await table.play_until(lambda g: g.over)
        assert bot.web is None and bot.web_links.links is None
        assert all(not link_buttons(m) for m in table.where().history())
    finally:
        await world.shutdown()
        await bot.storage.close()
    world.raise_errors()


async def test_a_challenge_deals_traveller_is_linked_once_the_challenge_has_closed(
    env: simcord.Env,
) -> None:
    """``/challenge results deal:`` links the deal's traveller only once everybody may see it:
    a page cannot tell who reads it, so while the challenge is open (when only those who
    played the deal may see its field in Discord) there is no link to pass around."""
    from harness.challenge import Attempt, admin, new_challenge

    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    challenge = await new_challenge(env, boss, channel, "briscola", deals=1, closes_in=1)
    ann = Attempt(env, channel, guild.add_member(env.create_user("ann")), challenge, seed=1)
    await ann.start()
    await ann.play_all()
    open_field = await ann.player.slash(channel, "challenge results", deal=1)
    assert "ann" in open_field.response.content and link_buttons(open_field.response) == []
    await env.advance_time(3600 + 120)
    closed_field = await ann.player.slash(channel, "challenge results", deal=1)
    (traveller,) = link_buttons(closed_field.response)
    assert traveller["url"].startswith(f"{URL}/challenge/{challenge.id}-1-")
    status, page = await fetch(env, traveller["url"])
    assert status == 200 and "ann" in page


@pytest.mark.usefixtures("coarse_sweeps")
async def test_a_season_s_standings_and_its_end_link_its_page(env: simcord.Env) -> None:
    """Issue 45: ``/leaderboard``'s season standings and the end-of-season post link the
    season's page."""
    import discord

    from harness.seasons import store_game

    guild = env.create_guild()
    channel, news = guild.create_text_channel("cards"), guild.create_text_channel("news")
    boss = guild.add_member(
        env.create_user("boss"),
        roles=[guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))],
    )
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await boss.slash(channel, "atout settings", announce_channel=news, season="weekly")
    await store_game(env, guild.id, alice, bob)
    board = await alice.slash(channel, "leaderboard", game="piquet")
    (link,) = link_buttons(board.response)
    assert link["url"].startswith(f"{URL}/season/{guild.id}-piquet-1-")
    status, page = await fetch(env, link["url"])
    assert status == 200 and "alice" in page
    await env.advance_time(4 * 24 * 3600 + 3600)  # the first weekly season ends on Monday the 5th
    (post,) = [m for m in news.history() if m.content.startswith("🏆")]
    assert [b["url"] for b in link_buttons(post)] == [link["url"]]
