"""Issue 44, item 7: what an open table's click costs beside its step (the timings themselves are
benchmarks/load.py's). A "your turn" ping comes and goes at every turn of a person, in their
server's mirror: its id rides with the group commit of play, as an ordinary table's does, and
is never a transaction of its own (each was a disk flush on SQLite that the steps queued
behind)."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

import rendering
from bot.app import AtoutBot
from bot.storage.databases.database import Database
from bot.table.channel import EDIT, TableChannel
from bot.table.message import TableMessage
from tests.bot.open.players import OpenTable, open_server


async def two_servers_at_briscola(env: simcord.Env) -> OpenTable:
    """A two-player Briscola of one person of each of two servers, mirrored in each."""
    north = await open_server(env, "north", 1)
    south = await open_server(env, "south", 1)
    (ann,), (bob,) = north.people, south.people
    await ann.slash(north.channel, "play", game="briscola", seats=2)
    await bob.slash(south.channel, "play", game="briscola", seats=2)
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    table_id = await bot.storage.open_tables.seated_at(ann.id)
    assert table_id is not None
    return OpenTable(env, table_id, {ann.id: north, bob.id: south})


async def test_a_turn_s_ping_rides_with_the_step_of_play(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await two_servers_at_briscola(env)
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    table_id = table.table_id
    await table.play_turn()

    alone: list[str] = []
    execute = Database.execute

    async def watched(self: Database, sql: str, *args: Any) -> Any:
        alone.append(sql)
        return await execute(self, sql, *args)

    monkeypatch.setattr(Database, "execute", watched)
    for _ in range(4):  # each turn: the last ping deleted, the next player's sent
        await table.play_turn()
    assert not [sql for sql in alone if "mirrors" in sql], alone

    # What the database holds is what the bot holds, once the group is committed; and a
    # reader sees the ping at once (a reload after a storage error).
    pinged = {m.channel_id: m.ping_message_id for m in table.session.mirrors}
    assert any(pinged.values()), "a person is to play: their mirror holds the ping"
    read = await bot.storage.open_tables.mirrors(table_id)
    assert {m.channel_id: m.ping_message_id for m in read} == pinged
    await bot.storage.tables.flush()
    rows = await bot.storage.database.fetch(
        "SELECT channel_id, ping_message_id FROM mirrors WHERE table_id = $1", table_id
    )
    assert {r["channel_id"]: r["ping_message_id"] for r in rows} == pinged


async def test_mirrors_in_one_language_share_each_drawing(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two mirrors read in English show the same picture after each step: it is drawn once, not
    once per mirror (each mirror is edited by a task of its own, at the same moment)."""
    drawn: list[str] = []
    render_table = rendering.render_table

    def counted(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(json.dumps([args, kwargs], sort_keys=True, default=str))
        return render_table(*args, **kwargs)

    monkeypatch.setattr(rendering, "render_table", counted)
    table = await two_servers_at_briscola(env)
    assert len(table.session.mirrors) == 2
    for _ in range(4):
        await table.play_turn()
    assert len(drawn) >= 4
    assert len(drawn) == len(set(drawn)), "a picture drawn twice"


async def test_a_mirror_s_edit_takes_its_room_in_the_bucket_as_it_is_sent(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mirror's edit waits for room in its channel's bucket before its table is drawn (what
    changes meanwhile is in the drawing), and takes that room only once drawn, as it is sent:
    a drawing that waited seconds for its turn must not count as sent when it began."""
    events: list[str] = []
    payload, kept, room = TableMessage.payload, TableChannel.kept, TableChannel.room

    async def drawn(self: TableMessage, session: Any, place: Any) -> Any:
        events.append("drawn")
        return await payload(self, session, place)

    async def taken(self: TableChannel, place: Any, route: str = EDIT) -> None:
        if place.mirror and route == EDIT:
            events.append("taken")
        await kept(self, place, route)

    async def waited(self: TableChannel, place: Any, route: str = EDIT) -> None:
        events.append("room")
        await room(self, place, route)

    monkeypatch.setattr(TableMessage, "payload", drawn)
    monkeypatch.setattr(TableChannel, "kept", taken)
    monkeypatch.setattr(TableChannel, "room", waited)
    table = await two_servers_at_briscola(env)
    events.clear()
    for _ in range(3):
        await table.play_turn()
    assert "room" in events and "taken" in events
    for at, event in enumerate(events):
        if event == "taken":  # each edit taken was drawn first
            assert events[:at].count("drawn") >= events[: at + 1].count("taken"), events
