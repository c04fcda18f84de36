"""What a server admin relies on: a table belongs to its server, an abandoned lobby says so,
a finished game keeps its result, and finished tables do not stay in memory."""

from __future__ import annotations

import simcord

from bot.app import _options_text
from bot.play.ending import abandon
from bot.play.lobby import unseat_computer
from bot.text.i18n import t
from harness.driver import Table, components_of


async def test_a_table_of_another_server_is_not_found(env: simcord.Env) -> None:
    home = env.create_guild()
    channel = home.create_text_channel("cards")
    alice = home.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    elsewhere = env.create_guild()
    other = elsewhere.create_text_channel("cards")
    mallory = elsewhere.add_member(env.create_user("mallory"))
    for command in ("table export", "table rules", "table abandon", "table hand"):
        result = await mallory.slash(other, command, table=table.table_id)
        assert result.ephemeral and result.response is not None, command
        assert result.response.content == t("error_no_table"), command
    assert table.session.row.status == "playing"


async def test_abandoning_a_lobby_closes_its_message(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    opened = await alice.slash(channel, "coinche start")
    lobby = opened.response
    assert lobby is not None
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    done = await alice.slash(channel, "table abandon", table=table_id)
    assert done.response is not None
    assert done.response.content == t("table_abandoned", id=table_id)
    closed = next(m for m in channel.history() if m.id == lobby.id)
    assert t("table_abandoned", id=table_id) in closed.content
    assert closed.components == []
    stored = await env.bot.storage.tables.get(table_id)  # type: ignore[attr-defined]
    assert stored.status == "abandoned"


async def test_a_finished_game_cannot_be_abandoned_afterwards(env: simcord.Env) -> None:
    table = Table.alone(env)
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    session = table.session  # a session object still held when the game ends (a race)
    await table.play_to_end()
    assert await abandon(session) is False
    stored = await env.bot.storage.tables.get(table.table_id)  # type: ignore[attr-defined]
    assert stored.status == "finished"


async def test_finished_tables_do_not_stay_in_memory(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    await table.play_to_end()
    sessions = env.bot.tables.sessions  # type: ignore[attr-defined]
    assert table.table_id not in sessions
    exported = await alice.slash(table.where(), "table export")
    assert exported.response is not None and exported.response.attachments
    hand = await alice.slash(table.where(), "table hand")
    assert hand.response is not None and hand.response.content == t("hand_over", id=table.table_id)
    assert table.table_id not in sessions


def test_a_failing_command_names_its_table_in_the_log() -> None:
    """The error handler logs a slash command with its options, so ``/table export table:12``
    failing says which table (sub-commands nest their options)."""
    options = [{"name": "export", "type": 1, "options": [{"name": "table", "value": 12}]}]
    assert _options_text(options) == "export table=12"
    assert _options_text([]) == ""


async def test_a_passer_by_cannot_fill_the_lobby_with_computers(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, mallory = (guild.add_member(env.create_user(n)) for n in ("alice", "mallory"))
    opened = await alice.slash(channel, "sueca start")
    lobby = opened.response
    assert lobby is not None
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    refused = await mallory.click(lobby, custom_id=f"atout:addbot:{table_id}")
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == t("error_not_seated")
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert len(session.row.seat_list) == 1
    # Once seated, anyone at the table may bring one.
    await mallory.click(lobby, custom_id=f"atout:join:{table_id}")
    choice = await mallory.click(lobby, custom_id=f"atout:addbot:{table_id}")
    assert choice.response is not None
    await mallory.click(choice.response, custom_id=f"atout:addbot:{table_id}:easy")
    assert len(session.row.seat_list) == 3


async def test_an_abandoned_table_stays_abandoned_on_screen(env: simcord.Env) -> None:
    """A drive that was already showing a change when the table was abandoned must not put
    the Hand button back on the table message."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    session = table.session
    message_id = session.row.table_message_id
    done = await alice.slash(table.where(), "table abandon")
    assert done.response is not None
    await env.bot.ui.changed(session)  # type: ignore[attr-defined]
    shown = next(m for m in table.where().history() if m.id == message_id)
    assert t("table_abandoned", id=table.table_id) in shown.content
    assert shown.components == []


async def test_a_computer_player_can_be_sent_away_to_make_room(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob, mallory = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "eve"))
    opened = await alice.slash(channel, "sueca start")
    lobby = opened.response
    assert lobby is not None
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert await unseat_computer(session) == "no_computer"
    assert "atout:rmbot" not in str(components_of(lobby))
    for _ in range(3):
        choice = await alice.click(lobby, custom_id=f"atout:addbot:{table_id}")
        assert choice.response is not None
        await alice.click(choice.response, custom_id=f"atout:addbot:{table_id}:easy")
    assert len(session.row.seat_list) == 4
    refused = await mallory.click(lobby, custom_id=f"atout:rmbot:{table_id}")
    assert refused.response is not None and refused.response.content == t("error_not_seated")
    assert len(session.row.seat_list) == 4
    await alice.click(lobby, custom_id=f"atout:rmbot:{table_id}")
    assert [s.is_computer for s in session.row.seat_list] == [False, True, True]
    await bob.click(lobby, custom_id=f"atout:join:{table_id}")
    assert session.seat_of(bob.id) == 3
