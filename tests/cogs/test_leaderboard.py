"""Ratings under simcord: games played through clicks move ratings, the end of a game says by
how much, and ``/leaderboard``, ``/stats``, ``/history`` and ``/atout`` answer as a player (or an
admin) expects: pages, the caller's line, records, leavers, unrated and abandoned tables, server
isolation and the Manage Server check."""

from __future__ import annotations

import json
import re
from typing import Any

import discord
import pytest
import simcord

from bot.i18n import t
from bot.ratings import player_key
from tests.bot.driver import Table, components_of, custom_ids

RATING_LINE = re.compile(r"^(\S+) ([0-9,]+) → ([0-9,]+) \(([+-][0-9,]+)\)", re.MULTILINE)


def setup_world(env: simcord.Env, people: int = 2) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(f"player{i}")) for i in range(people)]
    return guild, channel, players


async def duel(env: simcord.Env, channel: Any, players: list[Any], seed: int = 1) -> Table:
    """A Briscola duel of two people, played to the end through clicks."""
    table = Table(env, channel, players, seed=seed)
    await table.open("briscola", seats=2, hands_to_win=1)
    await table.play_to_end()
    return table


def winner_and_loser(table: Table) -> tuple[int, int]:
    game = table.session.game
    assert game is not None and len(game.winners) == 1
    seats = {s.seat: s.user_id for s in table.session.row.seat_list}
    winner = seats[game.winners[0]]
    loser = seats[1 - game.winners[0]]
    assert winner is not None and loser is not None
    return winner, loser


async def stored_rating(env: simcord.Env, guild_id: int, game: str, user_id: int) -> Any:
    storage: Any = env.bot.storage  # type: ignore[attr-defined]
    async with storage.db.execute(
        "SELECT mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND game = ? AND player = ?",
        (guild_id, game, player_key(user_id, None)),
    ) as cur:
        return await cur.fetchone()


async def test_a_game_ends_with_each_players_rating_change(env: simcord.Env) -> None:
    guild, channel, players = setup_world(env)
    table = await duel(env, channel, players)
    winner, loser = winner_and_loser(table)
    result = next(m for m in table.where().history() if m.content.startswith("**Game over"))
    changes = {name: (before, after, delta) for name, before, after, delta in
               RATING_LINE.findall(result.content)}
    names = {p.id: p.name for p in players}
    assert set(changes) == set(names.values())
    assert changes[names[winner]][0] == "1,000" and changes[names[winner]][2].startswith("+")
    assert changes[names[loser]][2].startswith("-")
    assert (await stored_rating(env, guild.id, "briscola", winner))["wins"] == 1


async def test_leaderboard_stats_and_history_after_a_few_games(env: simcord.Env) -> None:
    guild, channel, players = setup_world(env, 3)
    alice, bob, carol = players
    for seed, pair in enumerate(([alice, bob], [bob, carol], [alice, carol]), start=1):
        await duel(env, channel, pair, seed=seed)
    board = await alice.slash(channel, "leaderboard", game="briscola")
    assert not board.ephemeral and board.response is not None
    message = board.response
    assert message.attachments and message.attachments[0].filename.endswith(".png")
    lines = [line for line in message.content.splitlines() if re.match(r"^\d+\. ", line)]
    assert len(lines) == 3
    ratings = [int(re.search(r"— ([0-9,]+)", line).group(1).replace(",", "")) for line in lines]
    assert ratings == sorted(ratings, reverse=True)
    assert all("2 games" in line for line in lines)
    buttons = components_of(message)
    assert [b["custom_id"] for b in buttons] == [
        f"atout:board:briscola:all:1:{alice.id}",
        f"atout:board:briscola:all:2:{alice.id}",
    ]
    assert all(b.get("disabled") for b in buttons)

    stats = await bob.slash(channel, "stats")
    assert stats.response is not None and not stats.ephemeral
    assert "Briscola:" in stats.response.content and "2 games" in stats.response.content
    assert "Toughest opponent:" in stats.response.content
    assert stats.response.attachments

    history = await carol.slash(channel, "history", user=alice)
    assert history.response is not None
    entries = [line for line in history.response.content.splitlines() if re.match(r"^\d\. ", line)]
    assert len(entries) == 2 and all("→" in line for line in entries)
    record_ids = custom_ids(history.response)
    assert len(record_ids) == 2
    table_id = int(record_ids[0].split(":")[2])
    sent = await carol.click(history.response, custom_id=record_ids[0])
    assert sent.ephemeral and sent.response is not None
    attachment = sent.response.attachments[0]
    assert attachment.filename == f"atout-table-{table_id}.json"
    exported = await alice.slash(channel, "table export", table=table_id)
    assert exported.response is not None
    record = json.loads(await attachment.read())
    assert record == json.loads(await exported.response.attachments[0].read())
    assert record["game"] == "briscola"


async def test_empty_states_are_friendly(env: simcord.Env) -> None:
    guild, channel, (alice, bob) = setup_world(env)
    board = await alice.slash(channel, "leaderboard", game="coinche")
    assert board.ephemeral and board.response is not None
    assert board.response.content == t(
        "board_empty", game="Coinche", command="/coinche start"
    )
    stats = await alice.slash(channel, "stats", user=bob)
    assert stats.ephemeral and stats.response.content == t("stats_none", name=bob.name)
    own = await alice.slash(channel, "history", game="piquet")
    assert own.ephemeral
    assert own.response.content == t(
        "stats_none_own_game", name=alice.name, game="Piquet", command="/piquet start"
    )
