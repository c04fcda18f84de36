"""Issue 44, item 8: what goes wrong, and what it gets — a one-line private answer, nothing lost,
the other servers unaffected. A player queued twice or while seated, a channel where the bot may
not open threads, queue spam, a server that turns open tables off or removes the bot mid-game,
a player banned from their server, a mirror's message deleted by a moderator."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from bot.app import AtoutBot
from bot.table.places import places
from bot.table.presence import LOBBY_TTL_S
from harness.driver import custom_ids
from tests.bot.open.players import OpenTable, Server, open_server, set_open
from tests.cogs.test_languages_games import speaking

__all__ = ["speaking"]  # the fixture, imported to be used here


def one_line(result: object) -> str:
    response = getattr(result, "response", None)
    assert getattr(result, "ephemeral", False) and response is not None, result
    text = str(response.content)
    assert "\n" not in text.strip(), text
    return text


async def _table(env: simcord.Env, servers: list[Server], game: str, seats: int) -> OpenTable:
    who = {}
    for server in servers:
        for person in server.people:
            await person.slash(server.channel, "play", game=game, seats=seats)
            who[person.id] = server
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    table_id = await bot.storage.open_tables.seated_at(next(iter(who)))
    assert table_id is not None
    return OpenTable(env, table_id, who)


async def test_the_queue_refuses_politely(env: simcord.Env) -> None:
    north = await open_server(env, "north", 2)
    shut = await open_server(env, "shut", 1, on=False)
    ann, bob = north.people
    # Open tables off: how to turn them on.
    text = one_line(await shut.people[0].slash(shut.channel, "play", game="briscola"))
    assert "open_tables:true" in text
    # A channel where the bot may not open threads: that player is told which permission.
    closed = north.guild.create_text_channel(
        "no-threads",
        overwrites={north.guild.me: discord.PermissionOverwrite(create_public_threads=False)},
    )
    text = one_line(await ann.slash(closed, "play", game="briscola", seats=3))
    assert "Create Public Threads" in text
    # Queued twice.
    await ann.slash(north.channel, "play", game="briscola", seats=3)
    text = one_line(await ann.slash(north.channel, "play", game="sueca"))
    assert "already in the queue for Briscola (3 players)" in text
    # Spam: out of the queue and into it again, over and over.
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    for _ in range(5):
        await bot.storage.open_tables.leave(ann.id)
        result = await ann.slash(north.channel, "play", game="briscola", seats=3)
    assert "Slow down" in one_line(result)
    # Queued while seated at a table of her own server.
    await bob.slash(north.channel, "briscola start")
    text = one_line(await bob.slash(north.channel, "play", game="briscola"))
    assert "already at table" in text


async def test_a_server_leaves_mid_game_and_the_table_goes_on(env: simcord.Env) -> None:
    north = await open_server(env, "north", 1)
    south = await open_server(env, "south", 1)
    west = await open_server(env, "west", 1)
    table = await _table(env, [north, south, west], "briscola", 3)
    (ann,), (bob,), (cid,) = north.people, south.people, west.people
    assert len(places(table.session)) == 3
    for _ in range(2):
        await table.play_turn()
    # South turns open tables off: Bob's seat goes to a computer, South's mirror says so, and
    # so does his hand, privately, in one line.
    await table.hand(bob.id)
    await table.hand(cid.id)
    await set_open(south, False)
    assert bob.id not in table.session.humans() and len(places(table.session)) == 2
    bob_hand = table.last_hand(bob.id)
    assert bob_hand.content == (
        f"Open tables were turned off on this server: a computer plays your seat at table"
        f" {table.table_id}, which goes on for the others."
    )
    assert not bob_hand.attachments and not bob_hand.components
    south_thread = "\n".join(m.content for m in table.server_thread(south).history())
    assert "turned off on this server" in south_thread
    north_thread = "\n".join(m.content for m in table.mirror_channel(ann.id).history())
    assert "South 0 left the table" in north_thread and "turned off" not in north_thread
    # West is removed from Discord's side (the bot kicked): Cid's seat goes too; North plays on.
    env.backend.remove_guild(west.guild.id)
    await env.settle()
    assert table.session.humans() == [ann.id] and cid.id not in table.session.humans()
    # Cid's hand says why, through its interaction's webhook (his server, and with it the
    # message, is gone from simcord's world; Discord keeps it on his screen).
    told = [
        r.json.get("content", "")
        for r in env.http_requests
        if r.method == "PATCH" and r.path.startswith("/webhooks/") and isinstance(r.json, dict)
    ]
    assert any(text.startswith("I was removed from this server") for text in told), told[-3:]
    # A moderator deletes North's table message: it is posted again at the next action.
    message = table.mirror_message(ann.id)
    await env.settle()
    env.backend.delete_message(table.mirror_channel(ann.id).id, message.id)
    if table.session.seat(table.to_act()).user_id == ann.id:  # type: ignore[union-attr]
        # No table message to press Hand on: /table hand in her thread.
        result = await ann.slash(table.mirror_channel(ann.id), "table hand")
        assert result.ephemeral and result.response is not None
        await table.click(ann.id, result.response)
        await env.advance_time(2.0)
    assert table.mirror_message(ann.id).id != message.id, "posted again"
    for _ in range(3):  # and the table goes on
        await table.play_turn()
    assert table.session.row.status == "playing"


async def test_a_player_banned_from_their_server_leaves_its_tables(env: simcord.Env) -> None:
    north = await open_server(env, "north", 1)
    south = await open_server(env, "south", 1)
    table = await _table(env, [north, south], "briscola", 2)
    (ann,), (bob,) = north.people, south.people
    await table.play_turn()
    # The table is nobody's to end alone: its first of the queue votes as anybody does.
    assert table.session.row.starter_id == bob.id
    vote = await bob.slash(table.mirror_channel(bob.id), "table abandon")
    assert vote.response is not None and "1" in vote.response.content
    assert table.session.row.status == "playing"
    env.backend.apply_ban(south.guild.id, bob.id, None)
    await env.settle()
    assert bob.id not in table.session.humans() and ann.id in table.session.humans()
    north_thread = "\n".join(m.content for m in table.mirror_channel(ann.id).history())
    assert "South 0 left the table" in north_thread and "ban" not in north_thread.lower()


async def test_a_channel_the_bot_may_no_longer_post_in_gets_no_mirror(env: simcord.Env) -> None:
    """A permission taken away while a player waits: when their table starts, that player is
    told in their /play answer and a computer takes the seat; the others play on."""
    from simcord.backend.models.channel import Overwrite
    from simcord.enums import OverwriteType

    north = await open_server(env, "north", 1)
    south = await open_server(env, "south", 1)
    (ann,), (bob,) = north.people, south.people
    waiting = await ann.slash(north.channel, "play", game="briscola", seats=2)
    assert waiting.response is not None and "1 player waiting" in waiting.response.content
    # North's moderators take Send Messages away from the bot in Ann's channel.
    bot_id = env.backend.bot_user.id
    deny = discord.Permissions(send_messages=True).value
    env.backend.set_overwrite(
        north.channel.id, Overwrite(bot_id, OverwriteType.MEMBER, allow=0, deny=deny)
    )
    await env.settle()
    ready = await bob.slash(south.channel, "play", game="briscola", seats=2)
    assert ready.response is not None and "Your table is ready" in ready.response.content
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    table_id = await bot.storage.open_tables.seated_at(bob.id)
    assert table_id is not None
    assert await bot.storage.open_tables.seated_at(ann.id) is None, "not started for her"
    told = waiting.response.content
    assert "a permission is missing there" in told and "\n" not in told.strip(), told
    table = OpenTable(env, table_id, {bob.id: south})
    assert [p.guild_id for p in places(table.session)] == [south.guild.id]
    assert table.session.humans() == [bob.id]
    assert not [t for t in north.channel.threads], "nothing posted in Ann's channel"
    for _ in range(3):  # Bob's table goes on, with a computer in Ann's seat
        await table.play_turn()
    assert table.session.row.status == "playing"


def public_words(server: Server) -> str:
    """What everybody reads in a server's channel and its threads."""
    messages = list(server.channel.history())
    for thread in server.channel.threads:
        messages += list(thread.history())
    return "\n".join(m.content for m in messages)


async def _offered_lobby(
    env: simcord.Env, speaking: dict[int, str]
) -> tuple[Server, Server, Any, int]:
    """Alpha's Coinche lobby offered to the queue (``open:true``); Bob, of Beta, who speaks
    French, seated at it from the queue. Returns both servers, Bob's /play and the table."""
    alpha = await open_server(env, "alpha", 1)
    beta = await open_server(env, "beta", 1)
    (ann,), (bob,) = alpha.people, beta.people
    speaking[bob.id] = "fr"
    opened = await ann.slash(alpha.channel, "coinche start", open=True)
    assert opened.response is not None
    table_id = int(next(c for c in custom_ids(opened.response) if ":join:" in c).split(":")[2])
    answer = await bob.slash(beta.channel, "play", game="coinche", seats=4)
    assert answer.response is not None and f"table {table_id}" in answer.response.content
    return alpha, beta, answer, table_id


async def test_a_lobby_that_closes_tells_its_queued_players_privately(
    env: simcord.Env, speaking: dict[int, str]
) -> None:
    """Alpha turns open tables off: its lobby closes, and Bob, seated from the queue, reads it
    once, in French, in his own /play answer; nobody in Beta reads about his seat."""
    alpha, beta, answer, table_id = await _offered_lobby(env, speaking)
    (bob,) = beta.people
    await set_open(alpha, False)
    closed = f"La table {table_id} a fermé avant de commencer : tu n'y as plus de place."
    assert answer.response.content == closed
    assert "a fermé" not in public_words(beta) and "closed" not in public_words(beta)
    assert bob.id not in env.backend.dm_channels, "told in his answer: no direct message"


async def test_a_lobby_that_expires_tells_its_queued_players_in_a_direct_message(
    env: simcord.Env, speaking: dict[int, str], coarse_sweeps: float
) -> None:
    """A lobby left alone expires after half an hour, when Bob's /play answer can no longer be
    edited (Discord keeps its webhook 15 minutes): he reads it in a direct message, once."""
    _alpha, beta, _answer, table_id = await _offered_lobby(env, speaking)
    (bob,) = beta.people
    await env.advance_time(LOBBY_TTL_S + 2 * coarse_sweeps)
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    row = await bot.storage.tables.get(table_id)
    assert row is not None and row.status == "abandoned"
    assert "a fermé" not in public_words(beta) and "closed" not in public_words(beta)
    told = [m.content for m in bob.user.dm_channel.history()]
    assert told == [f"La table {table_id} a fermé avant de commencer : tu n'y as plus de place."]
