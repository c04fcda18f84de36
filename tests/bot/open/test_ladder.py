"""Issue 44, item 5: each board says which games count on it. A server's own board (all time, or
its season's standings) counts its own tables and points to ``scope:everywhere``; the instance's
ladder, still empty, says ``/play`` seats a player at an open table (not ``/<game> start``,
which opens a table of this server only)."""

from __future__ import annotations

import simcord

from bot.text.i18n import t
from harness.seasons import store_game
from tests.bot.open.players import open_server


async def test_every_board_says_which_games_count(env: simcord.Env) -> None:
    north = await open_server(env, "north", 2)
    ann, bob = north.people

    empty = await ann.slash(north.channel, "leaderboard", game="coinche", scope="everywhere")
    assert empty.ephemeral and empty.response is not None
    assert empty.response.content == t("board_empty_everywhere", game="Coinche")
    assert "`/play`" in empty.response.content and "server" not in empty.response.content
    recent = await ann.slash(
        north.channel, "leaderboard", game="coinche", scope="everywhere", period="30d"
    )
    assert recent.response is not None
    assert recent.response.content == t("board_empty_everywhere_period", game="Coinche")

    await store_game(env, north.guild.id, ann, bob)
    board = await ann.slash(north.channel, "leaderboard", game="piquet")
    assert board.response is not None and not board.ephemeral
    assert t("board_counts_server") in board.response.content

    # A season running: its standings are the board by default, and say it too.
    await north.admin.slash(north.channel, "atout settings", season="weekly")
    await store_game(env, north.guild.id, bob, ann)
    season = await ann.slash(north.channel, "leaderboard", game="piquet")
    assert season.response is not None and "Season 1" in season.response.content
    assert t("board_counts_server") in season.response.content
