"""Issue 44's "done when": two members of two servers run ``/play game:briscola seats:2`` and
play a whole game, each in their own server's thread, the two mirrors reading the same after
every click; ``/leaderboard game:briscola scope:everywhere`` lists both."""

from __future__ import annotations

import simcord

from bot.app import AtoutBot
from harness.driver import custom_ids
from tests.bot.open.players import OpenTable, open_server, queue_buttons


async def test_two_servers_meet_at_one_table_and_play_it_through(env: simcord.Env) -> None:
    north = await open_server(env, "north", 1)
    south = await open_server(env, "south", 1)
    (ann,), (bob,) = north.people, south.people

    first = await ann.slash(north.channel, "play", game="briscola", seats=2)
    assert first.ephemeral and first.response is not None
    assert "1 player waiting across 1 server" in first.response.content
    assert queue_buttons(first.response) == ["atout:queue:leave", "atout:queue:now"]

    second = await bob.slash(south.channel, "play", game="briscola", seats=2)
    assert second.ephemeral and second.response is not None
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    table_id = await bot.storage.open_tables.seated_at(bob.id)
    assert table_id is not None and table_id == await bot.storage.open_tables.seated_at(ann.id)
    assert "Your table is ready" in second.response.content
    table = OpenTable(env, table_id, {ann.id: north, bob.id: south})
    # Each sees the table in a thread of their own server; nothing of one server in the other.
    north_thread, south_thread = table.mirror_channel(ann.id), table.mirror_channel(bob.id)
    assert north_thread.id in {thread.id for thread in north.channel.threads}
    assert south_thread.id in {thread.id for thread in south.channel.threads}
    assert "Your table is ready" in first.response.content  # the first answer was told too

    def readings() -> list[tuple[str, list[str]]]:
        return [(m.content, custom_ids(m)) for m in table.mirror_messages()]

    clicks = 0
    while table.session.game is not None and not table.session.game.over:
        await table.play_turn()
        clicks += 1
        north_read, south_read = readings()
        assert north_read == south_read, (clicks, north_read, south_read)
    assert table.session.row.status == "finished"
    assert clicks >= 40  # two players, forty cards

    for server in (north, south):
        thread = table.mirror_channel(next(iter(server.people)).id)
        words = " ".join(m.content for m in thread.history())
        other = south if server is north else north
        assert str(other.guild.id) not in words and str(other.channel.id) not in words
        assert str(other.people[0].id) not in words, "no user id of another server"

    board = await ann.slash(north.channel, "leaderboard", game="briscola", scope="everywhere")
    assert board.response is not None
    text = board.response.content
    assert "North 0" in text and "South 0" in text, text
    assert "open tables" in text
    own = await ann.slash(north.channel, "leaderboard", game="briscola")
    assert own.ephemeral, "no game at this server's own tables"
