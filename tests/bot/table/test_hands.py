"""One live hand per player (issue 11, item 1): opening a hand withdraws the older one (issue 25:
deleted, not a note left in its place), the game's end closes every open hand, and a new deal
shows in a hand that is already open."""

from __future__ import annotations

from typing import Any

import simcord

from bot.text.i18n import t
from harness.driver import Table, components_of


def exists(env: simcord.Env, message: Any) -> bool:
    return message.id in env.backend.messages.get(message.channel_id, {})


async def test_opening_a_hand_withdraws_the_older_one(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    first = await table.hand(alice)
    assert components_of(first)
    second = await table.hand(alice)
    assert components_of(second) or table.session.game.to_act != 0  # type: ignore[union-attr]
    assert not exists(env, first) and exists(env, second)
    third = await table.hand(alice)
    assert not exists(env, second) and exists(env, third)
    assert components_of(third) or table.session.game.to_act != 0  # type: ignore[union-attr]


async def test_the_end_of_the_game_closes_every_open_hand(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    table = Table(env, channel, [alice, bob])
    await table.open("briscola", computers=0, seats=2, hands_to_win=1)
    opened: list[tuple[int, Any]] = []
    open_hand = table.hand

    async def recording(player: simcord.MemberActor) -> Any:
        hand = await open_hand(player)
        opened.append((player.id, hand))
        return hand

    table.hand = recording  # type: ignore[method-assign]
    await table.play_to_end()
    over = t("hand_over", id=table.table_id)
    assert {who for who, _ in opened} == {alice.id, bob.id}
    for who, hand in opened:
        # One hand per player is left, and it says the game is over, without a button.
        latest = [h for w, h in opened if w == who][-1]
        if hand is latest:
            assert hand.content == over and components_of(hand) == [], hand.content
        else:
            assert not exists(env, hand)


async def test_a_new_deal_shows_in_an_open_hand(env: simcord.Env) -> None:
    """Between deals an open hand does not keep saying "No cards in hand": the next deal shows
    in it as soon as it is dealt, also for a player who neither played the deal's last card nor
    leads the next one (three players)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    table = Table(env, channel, players)
    await table.open("briscola", computers=0, seats=3, hands_to_win=2)
    opened: dict[int, Any] = {}
    open_hand = table.hand

    async def recording(player: simcord.MemberActor) -> Any:
        opened[player.id] = await open_hand(player)
        return opened[player.id]

    table.hand = recording  # type: ignore[method-assign]
    await table.play_until(lambda g: len(g.deal_results) == 1)
    game = table.session.game
    assert game is not None and not game.over and game.to_act is not None
    assert set(opened) == {p.id for p in players}
    for hand in opened.values():
        # Drawn for the position after the new deal, whoever acts first.
        names = [a.filename for a in hand.attachments]
        assert names == [f"hand-{table.table_id}-{game.action_count}.png"], names
        assert components_of(hand) or hand.content.startswith(f"Table {table.table_id}: waiting")
