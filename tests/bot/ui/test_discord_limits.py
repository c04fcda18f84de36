"""Discord's limits and failures: a hand Discord will not let the bot edit, a table message too
old to edit, a thread that is gone or closed to the bot. The table goes on each time."""

from __future__ import annotations

import simcord

from bot.text.i18n import t
from harness.driver import Table


async def two_players(env: simcord.Env, **options: object) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    people = [guild.add_member(env.create_user(n)) for n in ("alice", "bob")]
    table = Table(env, channel, people)
    await table.open("briscola", seats=2, **options)
    return table


def pings(table: Table) -> list[str]:
    return [m.content for m in table.where().history() if "your turn" in m.content]


async def test_a_hand_discord_will_not_edit_asks_for_hand(env: simcord.Env) -> None:
    table = await two_players(env, hands_to_win=1)
    game = table.session.game
    assert game is not None and game.to_act is not None
    waiting = next(p for p in table.players if table.session.seat_of(p.id) != game.to_act)
    await table.hand(waiting)  # the waiting player keeps a hand open
    # Its interaction token is no longer valid (older than 15 minutes, or revoked).
    env.inject_error(
        "PATCH",
        "/webhooks/*/messages/@original",
        status=401,
        code=50027,
        message="Invalid Webhook Token",
        times=None,
    )
    await table.play_turn()
    assert table.session.seat_of(waiting.id) == table.session.game.to_act  # type: ignore[union-attr]
    assert pings(table)[-1].endswith(t("ping_press_hand"))
    await table.play_turn()  # pressing Hand gives a fresh hand that works
    assert table.session.game.action_count == 2  # type: ignore[union-attr]


async def test_a_hand_open_for_15_minutes_is_not_edited(env: simcord.Env) -> None:
    table = await two_players(env, hands_to_win=1)
    game = table.session.game
    assert game is not None and game.to_act is not None
    waiting = next(p for p in table.players if table.session.seat_of(p.id) != game.to_act)
    await table.hand(waiting)
    await env.advance_time(15 * 60)
    await table.play_turn()
    assert pings(table)[-1].endswith(t("ping_press_hand"))


async def test_an_old_table_message_is_replaced_at_the_next_deal(env: simcord.Env) -> None:
    table = Table.alone(env)
    await table.open("briscola", computers=1, seats=2, hands_to_win=2)
    first = table.session.row.table_message_id
    await env.advance_time(61 * 60)
    await table.play_until(lambda g: len(g.log) >= 2)
    second = table.session.row.table_message_id
    assert second != first
    ids = [m.id for m in table.where().history()]
    assert second in ids and first not in ids
    # Play goes on from the new message (its Hand button); the rest of the match, once played
    # to its end here, repeated what every whole game plays.
    before = table.session.game.action_count  # type: ignore[union-attr]
    await table.play_turn()
    assert table.session.game.action_count > before  # type: ignore[union-attr]


async def test_a_thread_closed_to_the_bot_moves_the_table_to_the_channel(
    env: simcord.Env,
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    thread_id = table.session.row.thread_id
    assert thread_id is not None
    env.inject_error(
        "POST",
        f"/channels/{thread_id}/messages",
        status=403,
        code=50001,
        message="Missing Access",
        times=None,
    )
    env.inject_error(
        "PATCH",
        f"/channels/{thread_id}/messages/*",
        status=403,
        code=50001,
        message="Missing Access",
        times=None,
    )
    await table.play_to_end()
    assert table.session.row.thread_id is None
    texts = [m.content for m in channel.history()]
    assert t("table_moved", id=table.table_id) in texts
    stored = await env.bot.storage.tables.get(table.table_id)  # type: ignore[attr-defined]
    assert stored.status == "finished" and stored.thread_id is None
