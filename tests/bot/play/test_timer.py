"""The turn timer (a table setting): when it runs out, a computer player plays that one turn
for the player, whose seat stays theirs."""

from __future__ import annotations

import simcord

from bot.config import Settings
from harness.driver import Table
from tests.conftest import restart


async def test_a_turn_timer_plays_for_an_absent_player(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("sueca", computers=3, games_to_win=1, turn_timer=120)
    session = table.session
    assert session.row.settings.turn_timer == 120
    game = session.game
    assert game is not None and session.seat(game.to_act).user_id == alice.id  # type: ignore[union-attr,arg-type]
    assert "(120 s)" in table.where().last_message.content  # type: ignore[union-attr]
    version = game.action_count

    await env.advance_time(60)
    assert session.game.action_count == version  # type: ignore[union-attr]
    await env.advance_time(61)
    assert session.game.action_count > version  # type: ignore[union-attr]
    steps = [a for deal in session.game.log for a in deal["actions"]]  # type: ignore[union-attr]
    assert steps[version]["seat"] == 0  # the timed-out turn was played for Alice's seat
    assert all(s.user_id == alice.id for s in session.row.seat_list if s.seat == 0)


async def test_acting_in_time_stops_the_timer(env: simcord.Env) -> None:
    table = Table.alone(env)
    await table.open("sueca", computers=3, games_to_win=1, turn_timer=120)
    await table.play_turn()
    version = table.session.game.action_count  # type: ignore[union-attr]
    await env.advance_time(119)
    # Alice's new turn started less than 120 s ago: nobody played for her.
    assert table.session.game.action_count == version  # type: ignore[union-attr]


async def test_the_timer_is_armed_again_after_a_restart(
    env: simcord.Env, settings: Settings
) -> None:
    table = Table.alone(env)
    await table.open("sueca", computers=3, games_to_win=1, turn_timer=120)
    version = table.session.game.action_count  # type: ignore[union-attr]
    await restart(env, settings)
    await env.advance_time(121)
    assert table.session.game.action_count > version  # type: ignore[union-attr]
