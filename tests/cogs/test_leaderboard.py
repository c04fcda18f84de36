"""Ratings under simcord: a game played through clicks moves ratings, the end of the game says
by how much, and ``/leaderboard``, ``/stats``, ``/history`` and ``/atout`` answer as a player (or
an admin) expects: pages, the caller's line, records, leavers, unrated and abandoned tables,
server isolation and the Manage Server check.

Whole games through clicks take seconds each, so only the tests that are about playing play;
the others store finished games straight into the bot's storage, as a finished table leaves
them, and then ask the bot about them through Discord."""

from __future__ import annotations

import json
import re
from typing import Any

import discord
import pytest
import simcord

import rendering
from bot.config import Settings
from bot.play.lobby import set_rated
from bot.storage.ratings.model import player_key
from bot.storage.settings.server import ServerSettings
from bot.storage.tables.settings import TableSettings
from bot.table.message import rating_note
from bot.text.i18n import t
from harness.driver import Table, components_of, custom_ids
from tests.conftest import restart

RATING_LINE = re.compile(r"^(\S+) ([0-9,]+) → ([0-9,]+) \(([+-][0-9,]+)\)", re.MULTILINE)
BOARD_LINE = re.compile(r"^(\d+)\. (\S+) — ([0-9,]+)", re.MULTILINE)


@pytest.fixture
def settings(migrated_db_url: str) -> Settings:
    """Every leaderboard test runs on SQLite and on PostgreSQL (``migrated_db_url`` is
    parametrized: a copy of a database migrated once, the migrations being tested elsewhere)."""
    return Settings(token=None, db_path=migrated_db_url, ai_pause_s=0.0)


def setup_world(env: simcord.Env, people: int = 2) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(f"player{i}")) for i in range(people)]
    return guild, channel, players


async def stored_rating(env: simcord.Env, guild_id: int, game: str, who: str) -> Any:
    storage: Any = env.bot.storage  # type: ignore[attr-defined]
    return await storage.database.fetchrow(
        "SELECT mu, sigma, games, wins FROM ratings WHERE guild_id = $1 AND game = $2"
        " AND player = $3",
        guild_id,
        game,
        who,
    )


async def store_duel(env: simcord.Env, guild_id: int, game: str, winner: Any, loser: Any) -> int:
    """A finished duel in the bot's storage, rated as the end of a game rates it."""
    storage: Any = env.bot.storage  # type: ignore[attr-defined]
    row = await storage.tables.create(guild_id, 1, game, 2, winner.id, {}, TableSettings())
    await storage.tables.set_seat(row.id, 0, winner.id, None, winner.name)
    await storage.tables.set_seat(row.id, 1, loser.id, None, loser.name)
    await storage.tables.update(row.id, status="playing", first_dealer=0)
    record = {"format": "atout-record/1", "game": game, "seats": 2, "deals": []}
    await storage.tables.finish(row.id, "finished", [2, 0], [0], record)
    await storage.ratings.rate_table(row.id)
    return int(row.id)


async def test_a_game_played_through_discord_shows_everywhere(env: simcord.Env) -> None:
    _guild, channel, players = setup_world(env)
    table = Table(env, channel, players)
    await table.open("briscola", seats=2, hands_to_win=1)
    await table.play_to_end()
    game = table.session.game
    assert game is not None and len(game.winners) == 1
    seats = {s.seat: s for s in table.session.row.seat_list}
    winner, loser = seats[game.winners[0]], seats[1 - game.winners[0]]
    # The result message: each person's change, the winner up and the loser down.
    result = next(m for m in table.where().history() if m.content.startswith("**Game over"))
    changes = {name: rest for name, *rest in RATING_LINE.findall(result.content)}
    # Said once (issue 25): the table message, in its last state, leaves them to the result.
    assert RATING_LINE.findall(table.table_message().content) == []
    assert changes[winner.name][0] == "1,000" and changes[winner.name][2].startswith("+")
    assert changes[loser.name][0] == "1,000" and changes[loser.name][2].startswith("-")
    # The leaderboard: the winner first, the caller's line marked in the image.
    alice = players[0]
    board = await alice.slash(channel, "leaderboard", game="briscola", season="all")
    assert not board.ephemeral and board.response is not None
    lines = BOARD_LINE.findall(board.response.content)
    assert [(rank, name) for rank, name, _ in lines] == [("1", winner.name), ("2", loser.name)]
    assert lines[0][2] == changes[winner.name][1]
    assert board.response.attachments[0].filename.endswith(".png")
    buttons = components_of(board.response)
    assert [b["custom_id"] for b in buttons] == [
        f"atout:board:briscola:all:1:{alice.id}",
        f"atout:board:briscola:all:2:{alice.id}",
    ]
    assert all(b.get("disabled") for b in buttons)
    # Stats: one game, won or lost, with the chart.
    stats = await alice.slash(channel, "stats", game="briscola")
    assert stats.response is not None and not stats.ephemeral
    won = 1 if alice.id == winner.user_id else 0
    assert f"1 game, {won} won" in stats.response.content
    # One game says nothing of partners and nemeses (issue 25): neither line is there.
    assert "Toughest opponent" not in stats.response.content
    assert "Best partner" not in stats.response.content
    assert stats.response.attachments[0].filename.endswith(".png")
    # History: the game, its rating change, and its record (the same JSON as /table export).
    history = await players[1].slash(channel, "history", user=alice)
    assert history.response is not None
    assert f"table {table.table_id}" in history.response.content
    assert "→" in history.response.content
    (record_id,) = custom_ids(history.response)
    assert record_id == f"atout:record:{table.table_id}"
    sent = await players[1].click(history.response, custom_id=record_id)
    assert sent.ephemeral and sent.response is not None
    attachment = sent.response.attachments[0]
    assert attachment.filename == f"atout-table-{table.table_id}.json"
    exported = await alice.slash(channel, "table export", table=table.table_id)
    assert exported.response is not None
    record = json.loads(await attachment.read())
    assert record == json.loads(await exported.response.attachments[0].read())


async def test_a_player_who_leaves_keeps_the_loss(env: simcord.Env) -> None:
    guild, channel, (alice, bob) = setup_world(env)
    table = Table(env, channel, [alice, bob])
    await table.open("briscola", seats=2, hands_to_win=1)
    left = await alice.slash(table.where(), "table leave")
    assert left.ephemeral
    await table.play_to_end()
    game = table.session.game
    assert game is not None
    leaver = await stored_rating(env, guild.id, "briscola", player_key(alice.id, None))
    assert leaver["mu"] < 25 and leaver["wins"] == 0
    # Whatever the computer did with the seat, it is not credited with it.
    assert await stored_rating(env, guild.id, "briscola", "ai:easy") is None
    stayed = await stored_rating(env, guild.id, "briscola", player_key(bob.id, None))
    assert stayed["mu"] > 25
    history = await alice.slash(channel, "history")
    assert history.response is not None
    assert t("history_left") in history.response.content


async def test_unrated_tables_say_so_and_move_nothing(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[bool] = []
    original = rendering.render_table

    def render_table(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(bool(kwargs.get("unrated")))
        return original(*args, **kwargs)

    monkeypatch.setattr(rendering, "render_table", render_table)
    _guild, channel, (alice, bob) = setup_world(env)
    opened = await alice.slash(channel, "piquet start")
    lobby = opened.response
    assert lobby is not None and t("lobby_rated") in lobby.content
    table_id = int(custom_ids(lobby)[0].split(":")[2])
    refused = await bob.click(lobby, custom_id=f"atout:rated:{table_id}")
    assert refused.ephemeral and refused.response.content == t("error_starter_only")
    await alice.click(lobby, custom_id=f"atout:rated:{table_id}")
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert t("lobby_unrated") in lobby.content
    labels = [c.get("label") for c in components_of(lobby)]
    assert t("button_play_rated") in labels
    await bob.click(lobby, custom_id=f"atout:join:{table_id}")
    await alice.click(lobby, custom_id=f"atout:start:{table_id}")
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert session.row.settings.rated is False
    assert drawn and all(drawn)
    # A started table's Rated cannot change any more (the lobby lost its buttons).
    assert await set_rated(session, True) == "lobby_closed"
    # Ending it, even with a result, moves nothing.
    await alice.slash(channel, "table abandon", table=table_id)
    storage: Any = env.bot.storage  # type: ignore[attr-defined]
    assert (await storage.database.fetchrow("SELECT COUNT(*) FROM ratings"))[0] == 0
    history = await alice.slash(channel, "history")
    assert t("history_abandoned") in history.response.content
    assert components_of(history.response)[0].get("disabled")


async def test_pages_turn_for_their_owner_and_open_privately_for_others(
    env: simcord.Env,
) -> None:
    guild, channel, players = setup_world(env, 24)
    for pair in range(12):
        await store_duel(env, guild.id, "briscola", players[2 * pair], players[2 * pair + 1])
    last = players[-1]
    board = await last.slash(channel, "leaderboard", game="briscola", season="all")
    message = board.response
    assert message is not None
    assert len(BOARD_LINE.findall(message.content)) == 10
    # The caller is not on the first page: their line comes under it.
    you = [line for line in message.content.splitlines() if line.startswith("You: ")]
    assert len(you) == 1 and last.name in you[0]
    next_id = f"atout:board:briscola:all:2:{last.id}"
    assert next_id in custom_ids(message)
    turned = await last.click(message, custom_id=next_id)
    assert not turned.ephemeral
    page = next(m for m in channel.history() if m.id == message.id)
    assert [int(r) for r, _, _ in BOARD_LINE.findall(page.content)] == list(range(11, 21))
    # Someone else clicking gets their own page, privately, and the message stays.
    other = await players[0].click(page, custom_id=f"atout:board:briscola:all:3:{last.id}")
    assert other.ephemeral and other.response is not None
    assert [int(r) for r, _, _ in BOARD_LINE.findall(other.response.content)] == [21, 22, 23, 24]
    assert f"atout:board:briscola:all:2:{players[0].id}" in custom_ids(other.response)
    # A page past the end is refused politely.
    past = await last.slash(channel, "leaderboard", game="briscola", page=4, season="all")
    assert past.ephemeral and past.response.content == t("error_page", page=4, pages=3)
    recent = await last.slash(channel, "leaderboard", game="briscola", period="30d")
    assert len(BOARD_LINE.findall(recent.response.content)) == 10


async def test_empty_states_are_friendly(env: simcord.Env) -> None:
    _guild, channel, (alice, bob) = setup_world(env)
    board = await alice.slash(channel, "leaderboard", game="coinche")
    assert board.ephemeral and board.response is not None
    assert board.response.content == t("board_empty", game="Coinche", command="/coinche start")
    stats = await alice.slash(channel, "stats", user=bob)
    assert stats.ephemeral and stats.response.content == t("stats_none", name=bob.name)
    own = await alice.slash(channel, "history", game="piquet")
    assert own.ephemeral
    assert own.response.content == t(
        "stats_none_own_game", name=alice.name, game="Piquet", command="/piquet start"
    )


async def test_nothing_crosses_between_servers(env: simcord.Env) -> None:
    home = env.create_guild()
    channel = home.create_text_channel("cards")
    users = [env.create_user("alice"), env.create_user("bob")]
    alice, bob = (home.add_member(u) for u in users)
    table_id = await store_duel(env, home.id, "piquet", alice, bob)
    away = env.create_guild()
    elsewhere = away.create_text_channel("cards")
    alice_away = away.add_member(users[0])
    board = await alice_away.slash(elsewhere, "leaderboard", game="piquet")
    assert board.ephemeral
    assert board.response.content == t("board_empty", game="Piquet", command="/piquet start")
    stats = await alice_away.slash(elsewhere, "stats")
    assert stats.ephemeral and stats.response.content == t("stats_none_own")
    history = await alice_away.slash(elsewhere, "history")
    assert history.ephemeral
    home_board = await alice.slash(channel, "leaderboard", game="piquet", season="all")
    assert len(BOARD_LINE.findall(home_board.response.content)) == 2
    # A record button naming the first server's table, clicked in the second, shows nothing.
    refused = await _click_foreign_record(env, alice_away, elsewhere, table_id)
    assert refused == t("error_no_table")


async def _click_foreign_record(env: simcord.Env, actor: Any, channel: Any, table_id: int) -> str:
    """Post a message of the bot's with another server's record button, and click it."""
    return await _click_posted(env, actor, channel, f"atout:record:{table_id}")


async def _click_posted(env: simcord.Env, actor: Any, channel: Any, custom_id: str) -> str:
    """A message of the bot's with a button ``custom_id`` (an old or forged one), clicked;
    the ephemeral answer."""
    bot: Any = env.bot
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Click", custom_id=custom_id))
    message = await bot.get_partial_messageable(channel.id).send("old message", view=view)
    stored = next(m for m in channel.history() if m.id == message.id)
    result = await actor.click(stored, custom_id=custom_id)
    assert result.ephemeral and result.response is not None
    return str(result.response.content)


async def test_old_and_forged_page_buttons_are_refused_politely(env: simcord.Env) -> None:
    guild, channel, (alice, bob) = setup_world(env)
    await store_duel(env, guild.id, "piquet", alice, bob)
    assert await _click_posted(env, alice, channel, f"atout:board:poker:all:1:{alice.id}") == t(
        "error_malformed"
    )
    assert await _click_posted(env, alice, channel, f"atout:board:piquet:all:0:{alice.id}") == t(
        "error_malformed"
    )
    # A page that existed once (the board has shrunk since): refused, nothing changes.
    assert await _click_posted(env, alice, channel, f"atout:board:piquet:all:5:{alice.id}") == t(
        "error_page", page=5, pages=1
    )
    assert await _click_posted(env, bob, channel, f"atout:board:piquet:all:5:{alice.id}") == t(
        "error_page", page=5, pages=1
    )


def _command_id(env: simcord.Env, name: str) -> int:
    for commands in env.backend.commands.values():  # type: ignore[attr-defined]
        for command in commands.values() if isinstance(commands, dict) else commands:
            if command["name"] == name:
                return int(command["id"])
    raise AssertionError(f"no command {name}")


async def test_atout_commands_need_manage_server(env: simcord.Env) -> None:
    guild, channel, (_alice, bob) = setup_world(env)
    # Discord hides the commands from members without the permission...
    with pytest.raises(simcord.SetupError):
        await bob.slash(channel, "atout settings")
    # ...and a server override that shows them to somebody does not give the right.
    guild.set_command_permissions(_command_id(env, "atout"), {bob: True})
    refused = await bob.slash(channel, "atout ratings-reset", game="piquet")
    assert refused.ephemeral and refused.response.content == t("error_manage_server")
    refused = await bob.slash(channel, "atout settings", show_computers=True)
    assert refused.response.content == t("error_manage_server")
    storage: Any = env.bot.storage  # type: ignore[attr-defined]
    assert await storage.settings.server(guild.id) == ServerSettings()


async def test_an_admin_resets_ratings_and_shows_computers(env: simcord.Env) -> None:
    guild, channel, (alice, bob) = setup_world(env)
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    await store_duel(env, guild.id, "piquet", alice, bob)
    await store_duel(env, guild.id, "briscola", alice, bob)
    shown = await admin.slash(channel, "atout settings")
    assert shown.ephemeral
    assert shown.response.content.splitlines()[0] == t("settings_show", computers=t("settings_no"))
    changed = await admin.slash(channel, "atout settings", show_computers=True)
    assert changed.response.content.splitlines()[0] == t(
        "settings_show", computers=t("settings_yes")
    )
    asked = await admin.slash(channel, "atout ratings-reset", game="piquet")
    assert asked.ephemeral and asked.response is not None
    assert await stored_rating(env, guild.id, "piquet", player_key(alice.id, None)) is not None
    done = await admin.click(asked.response, custom_id="atout:reset:piquet")
    assert done.response.content == t("reset_done", game="Piquet", count=2)
    assert await stored_rating(env, guild.id, "piquet", player_key(alice.id, None)) is None
    assert await stored_rating(env, guild.id, "briscola", player_key(alice.id, None)) is not None
    empty = await alice.slash(channel, "leaderboard", game="piquet")
    assert empty.ephemeral


async def test_leaderboard_buttons_work_after_a_restart(
    env: simcord.Env, settings: Settings
) -> None:
    guild, channel, players = setup_world(env, 12)
    for pair in range(6):
        await store_duel(env, guild.id, "piquet", players[2 * pair], players[2 * pair + 1])
    caller = players[0]
    board = await caller.slash(channel, "leaderboard", game="piquet", season="all")
    assert board.response is not None
    await restart(env, settings)
    turned = await caller.click(board.response, custom_id=f"atout:board:piquet:all:2:{caller.id}")
    assert turned.acknowledged and not turned.ephemeral
    page = next(m for m in channel.history() if m.id == board.response.id)
    assert [int(r) for r, _, _ in BOARD_LINE.findall(page.content)] == [11, 12]


async def test_the_result_of_an_unrated_table_says_no_rating_moved(env: simcord.Env) -> None:
    _guild, channel, (alice, _bob) = setup_world(env)
    opened = await alice.slash(channel, "piquet start")
    assert opened.response is not None
    table_id = int(custom_ids(opened.response)[0].split(":")[2])
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert rating_note(session, "en") == ""
    await alice.click(opened.response, custom_id=f"atout:rated:{table_id}")
    assert rating_note(session, "en") == "\n" + t("ratings_unrated")


async def test_a_long_history_fits_one_discord_message(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    people = [guild.add_member(env.create_user(f"{'x' * 28}{i:04d}")) for i in range(6)]
    storage: Any = env.bot.storage  # type: ignore[attr-defined]
    for _ in range(10):
        row = await storage.tables.create(
            guild.id, 1, "briscola", 6, people[0].id, {}, TableSettings()
        )
        for seat, person in enumerate(people):
            await storage.tables.set_seat(row.id, seat, person.id, None, person.name)
        await storage.tables.update(row.id, status="playing", first_dealer=0)
        await storage.tables.finish(row.id, "finished", [70, 50], [0], {"game": "briscola"})
        await storage.ratings.rate_table(row.id)
    history = await people[0].slash(channel, "history")
    assert history.response is not None
    content = history.response.content
    entries = re.findall(r"^\d+\. ", content, re.M)
    assert len(content) <= 2000 and 1 <= len(entries) < 10
    assert len(custom_ids(history.response)) == len(entries)


async def test_a_player_who_comes_back_is_rated_as_usual(env: simcord.Env) -> None:
    _guild, channel, (alice, bob) = setup_world(env)
    table = Table(env, channel, [alice, bob])
    await table.open("briscola", seats=2, hands_to_win=1)
    await alice.slash(table.where(), "table leave")
    back = await alice.slash(table.where(), "table rejoin")
    assert back.ephemeral
    assert table.session.seat_of(alice.id) is not None
    await table.play_to_end()
    history = await alice.slash(channel, "history")
    assert history.response is not None
    assert t("history_left") not in history.response.content
    assert "→" in history.response.content
