"""Absent players and idle tables: the turn timer is on by default with a half-time reminder,
too many missed turns give the seat to a computer until the player takes it back (same user
only), and lobbies or tables nobody uses any more end with a message."""

from __future__ import annotations

import simcord

from bot.table.presence import (
    DEFAULT_TURN_TIMER_S,
    DESERTED_TTL_S,
    LOBBY_TTL_S,
    MISSED_TURNS_LIMIT,
    SWEEP_EVERY_S,
)
from bot.text.i18n import t
from harness.driver import Table, components_of


def texts(channel: simcord.ChannelHandle) -> list[str]:
    return [m.content for m in channel.history()]


async def seated(env: simcord.Env, players: int = 1, **options: object) -> Table:
    options.setdefault("turn_timer", DEFAULT_TURN_TIMER_S)
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    people = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")[:players]]
    table = Table(env, channel, people)
    await table.open("sueca", computers=4 - players, games_to_win=1, **options)
    return table


async def test_the_timer_is_on_by_default(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    opened = await alice.slash(channel, "sueca start")
    assert opened.response is not None
    table_id = int(components_of(opened.response)[0]["custom_id"].split(":")[2])
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert session.row.settings.turn_timer == DEFAULT_TURN_TIMER_S == 120


async def test_the_timer_reminds_at_half_time(env: simcord.Env) -> None:
    table = await seated(env)
    session = table.session
    version = session.game.action_count  # type: ignore[union-attr]
    await env.advance_time(DEFAULT_TURN_TIMER_S / 2 + 1)
    reminders = [x for x in texts(table.where()) if "half your time" in x]
    assert len(reminders) == 1
    # The reminder replaced the ping: one mention left in the thread, the reminder.
    assert not any("your turn (" in x for x in texts(table.where()))
    assert session.game.action_count == version  # type: ignore[union-attr]


async def test_the_timer_can_be_turned_off(env: simcord.Env) -> None:
    table = await seated(env, turn_timer=0)
    version = table.session.game.action_count  # type: ignore[union-attr]
    await env.advance_time(3 * DEFAULT_TURN_TIMER_S)
    assert table.session.game.action_count == version  # type: ignore[union-attr]
    assert table.session.seat(0).user_id is not None  # type: ignore[union-attr]


async def miss_turns(env: simcord.Env, table: Table, user_id: int, turns: int) -> None:
    for _ in range(turns):
        game = table.session.game
        assert game is not None and not game.over
        assert table.session.seat(game.to_act).user_id == user_id  # type: ignore[union-attr,arg-type]
        await env.advance_time(DEFAULT_TURN_TIMER_S + 1)


async def test_missed_turns_give_the_seat_to_a_computer_until_the_player_comes_back(
    env: simcord.Env,
) -> None:
    table = await seated(env, players=2)
    alice, bob = table.players
    # Play until Alice is to act, then let her miss turns (Bob plays his own in time).
    missed = 0
    while table.session.seat_of(alice.id) is not None:
        game = table.session.game
        assert game is not None and not game.over
        seat = table.session.seat(game.to_act)  # type: ignore[arg-type]
        if seat is not None and seat.user_id == bob.id:
            await table.play_turn()
            continue
        if seat is not None and seat.user_id == alice.id:
            await env.advance_time(DEFAULT_TURN_TIMER_S + 1)
            missed += 1
    assert missed == MISSED_TURNS_LIMIT
    assert table.session.seat_of(alice.id) is None
    notices = [m for m in table.where().history() if "missed" in m.content]
    assert notices and f"atout:rejoin:{table.table_id}" in [
        c.get("custom_id") for c in components_of(notices[-1])
    ]
    # Bob cannot take Alice's seat; Alice can, with the button.
    refused = await bob.click(notices[-1], custom_id=f"atout:rejoin:{table.table_id}")
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == t("error_already_seated")
    back = await alice.click(notices[-1], custom_id=f"atout:rejoin:{table.table_id}")
    assert back.ephemeral and back.response is not None
    assert back.response.content == t("rejoined", id=table.table_id)
    assert table.session.seat_of(alice.id) is not None
    again = await alice.click(notices[-1], custom_id=f"atout:rejoin:{table.table_id}")
    assert again.response is not None and again.response.content == t("error_already_seated")


async def test_table_leave_then_rejoin(env: simcord.Env) -> None:
    table = await seated(env, players=2)
    _alice, bob = table.players
    carol = table.channel.guild.add_member(env.create_user("carol"))  # type: ignore[union-attr]
    seat = table.session.seat_of(bob.id)
    await bob.slash(table.where(), "table leave")
    assert table.session.seat(seat).is_computer  # type: ignore[arg-type,union-attr]
    stranger = await carol.slash(table.where(), "table rejoin")
    assert stranger.response is not None
    assert stranger.response.content == t("error_not_away")
    back = await bob.slash(table.channel, "table rejoin", table=table.table_id)
    assert back.response is not None and back.response.content == t("rejoined", id=table.table_id)
    assert table.session.seat_of(bob.id) == seat
    await table.play_to_end()


async def test_a_table_everybody_left_waits_then_ends(env: simcord.Env) -> None:
    table = await seated(env)
    alice = table.players[0]
    await alice.slash(table.where(), "table leave")
    session = table.session
    assert session.deserted
    version = session.game.action_count  # type: ignore[union-attr]
    await env.advance_time(SWEEP_EVERY_S * 2)
    # The computers wait for somebody to come back instead of playing to an empty thread.
    assert session.game.action_count == version  # type: ignore[union-attr]
    assert session.row.status == "playing"
    await env.advance_time(DESERTED_TTL_S + SWEEP_EVERY_S)
    assert session.row.status == "abandoned"
    assert any(
        t("table_expired", id=table.table_id, minutes=DESERTED_TTL_S // 60) == x
        for x in texts(table.where())
    )
    stored = await env.bot.storage.tables.get(table.table_id)  # type: ignore[attr-defined]
    assert stored.status == "abandoned"


async def test_coming_back_wakes_a_deserted_table(env: simcord.Env) -> None:
    table = await seated(env)
    alice = table.players[0]
    await alice.slash(table.where(), "table leave")
    await alice.slash(table.where(), "table rejoin")
    await env.advance_time(SWEEP_EVERY_S * 2)
    assert not table.session.deserted
    await table.play_to_end()


async def test_a_lobby_that_never_starts_is_closed(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    opened = await alice.slash(channel, "belote start")
    lobby = opened.response
    assert lobby is not None
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    await env.advance_time(LOBBY_TTL_S - 2 * SWEEP_EVERY_S)
    assert env.bot.tables.sessions[table_id].row.status == "lobby"  # type: ignore[attr-defined]
    await env.advance_time(3 * SWEEP_EVERY_S)
    closed = next(m for m in channel.history() if m.id == lobby.id)
    assert t("lobby_expired", minutes=LOBBY_TTL_S // 60) in closed.content
    assert closed.components == []
    stored = await env.bot.storage.tables.get(table_id)  # type: ignore[attr-defined]
    assert stored.status == "abandoned"
