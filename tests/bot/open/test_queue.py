"""The queue's own ways to a table (issue 44, item 2): Start now with computers, and the wait a
player chose, past which computers take the free seats; the table's record and the review from
a mirror's thread."""

from __future__ import annotations

import json

import simcord

from bot.app import AtoutBot
from tests.bot.open.players import OpenTable, open_server, queue_buttons


async def test_start_now_and_the_wait(env: simcord.Env) -> None:
    north = await open_server(env, "north", 2)
    ann, bob = north.people
    bot: AtoutBot = env.bot  # type: ignore[assignment]

    # Start now with computers: Ann alone, computers in the other seats.
    answer = await ann.slash(north.channel, "play", game="briscola", seats=3)
    assert answer.response is not None
    assert queue_buttons(answer.response) == ["atout:queue:leave", "atout:queue:now"]
    await ann.click(answer.response, custom_id="atout:queue:now")
    assert answer.response is not None and "Your table is ready" in answer.response.content
    table_id = await bot.storage.open_tables.seated_at(ann.id)
    assert table_id is not None
    table = OpenTable(env, table_id, {ann.id: north})
    assert sum(seat.is_computer for seat in table.session.row.seat_list) == 2

    # /table export in her mirror's thread: the record of the deals finished (none yet).
    thread = table.mirror_channel(ann.id)
    exported = await ann.slash(thread, "table export")
    assert exported.ephemeral and exported.response is not None
    record = json.loads(await exported.response.attachments[0].read())
    assert record["game"] == "briscola" and record["deals"] == []

    # Bob queues, leaves the queue, queues again and waits one minute: then computers take
    # the free seats.
    first = await bob.slash(north.channel, "play", game="sueca")
    assert first.response is not None
    await bob.click(first.response, custom_id="atout:queue:leave")
    assert "You left the queue" in first.response.content
    assert await bot.storage.open_tables.queued(bob.id) is None
    waiting = await bob.slash(north.channel, "play", game="briscola", seats=2, wait=1)
    assert waiting.response is not None and "1 player waiting" in waiting.response.content
    await env.advance_time(30.0)
    assert await bot.storage.open_tables.seated_at(bob.id) is None
    await env.advance_time(35.0)
    seated = await bot.storage.open_tables.seated_at(bob.id)
    assert seated is not None and seated != table_id
    assert "Your table is ready" in waiting.response.content

    # Seated at a table: not queued again.
    again = await ann.slash(north.channel, "play", game="sueca")
    assert again.response is not None and "already at table" in again.response.content


async def test_the_waiting_read_how_many_wait_as_it_changes(env: simcord.Env) -> None:
    """Each /play answer says how many wait, across how many servers, as others come and go
    (not only as it stood when the player queued)."""
    north = await open_server(env, "north", 1)
    south = await open_server(env, "south", 1)
    (ann,), (bob,) = north.people, south.people
    first = await ann.slash(north.channel, "play", game="coinche", seats=4)
    assert first.response is not None
    assert "1 player waiting across 1 server" in first.response.content
    second = await bob.slash(south.channel, "play", game="coinche", seats=4)
    assert second.response is not None
    assert "2 players waiting across 2 servers" in second.response.content
    assert "2 players waiting across 2 servers" in first.response.content
    assert queue_buttons(first.response) == ["atout:queue:leave", "atout:queue:now"]
    await bob.click(second.response, custom_id="atout:queue:leave")
    assert "1 player waiting across 1 server" in first.response.content
