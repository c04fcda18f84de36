"""A restart in the middle of a deal: every unfinished table comes back from SQLite, the old
buttons work again (they are DynamicItems), and the game finishes correctly."""

from __future__ import annotations

import simcord

from bot.config import Settings
from bot.play.sessions import restore_game
from games.records import parse, replay
from harness.driver import Table, custom_ids
from tests.conftest import restart


async def test_restart_in_the_middle_of_a_deal(env: simcord.Env, settings: Settings) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    table = Table(env, channel, players)
    await table.open("sueca", computers=2, games_to_win=1)
    for _ in range(5):
        await table.play_turn()
    game = table.session.game
    assert game is not None and not game.awaiting_deck and game.log[-1]["actions"]
    # The player to act opens a hand before the restart and clicks it after.
    seat = table.session.seat(game.to_act)  # type: ignore[arg-type]
    assert seat is not None and seat.user_id is not None
    player = table.actor(seat.user_id)
    old_hand = await table.hand(player)
    version_before = game.action_count
    deal_before = len(game.log)
    old_table_message = table.table_message()

    await restart(env, settings)

    restored = table.session  # a new bot, a new session loaded from the database
    assert restored.game is not None
    assert restored.game.action_count == version_before
    assert len(restored.game.log) == deal_before
    action = table.decide(restored.game.to_act)  # type: ignore[arg-type]
    result = await table.click_action(player, old_hand, action)
    assert result.acknowledged
    assert restored.game.action_count > version_before
    # The public table message of the first process is still the table message.
    assert table.table_message().id == old_table_message.id
    assert f"atout:hand:{table.table_id}" in custom_ids(table.table_message())

    await table.play_to_end()
    final = restored.game
    assert final.over
    # The log in SQLite is the game: replaying it gives the same result.
    stored = await env.bot.storage.tables.get(restored.id)  # type: ignore[attr-defined]
    assert stored is not None and stored.status == "finished"
    rebuilt = await restore_game(env.bot.storage, stored)  # type: ignore[attr-defined]
    assert rebuilt.replay_result() == final.replay_result()
    assert replay(parse(final.to_record())).replay_result() == final.replay_result()


async def test_a_lobby_survives_a_restart(env: simcord.Env, settings: Settings) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    opened = await alice.slash(channel, "briscola start", seats=2, hands_to_win=1)
    lobby = opened.response
    assert lobby is not None
    table_id = int(custom_ids(lobby)[0].split(":")[2])
    await restart(env, settings)
    joined = await bob.click(lobby, custom_id=f"atout:join:{table_id}")
    assert joined.acknowledged
    await alice.click(lobby, custom_id=f"atout:start:{table_id}")
    table = Table(env, channel, [alice, bob])
    table.table_id = table_id
    await table.play_to_end()


async def test_a_restart_leaves_one_ping_in_the_thread(
    env: simcord.Env, settings: Settings
) -> None:
    """The new process pings the player to act again and deletes the ping of the old one."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    table = Table(env, channel, [alice, bob])
    await table.open("briscola", computers=0, seats=2, hands_to_win=1)
    await table.play_turn()

    def pings() -> list[str]:
        return [m.content for m in table.where().history() if "your turn" in m.content]

    assert len(pings()) == 1
    await restart(env, settings)
    await env.settle()
    assert len(pings()) == 1
    await table.play_to_end()
    assert pings() == []
