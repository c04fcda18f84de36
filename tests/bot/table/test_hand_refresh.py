"""The hand a player keeps open follows the game: after every change (a new deal included) the
player to act finds the buttons there, without pressing Hand again."""

from __future__ import annotations

import simcord

from harness.driver import Table, components_of


def action_ids(message: object) -> list[str]:
    return [
        str(c.get("custom_id", ""))
        for c in components_of(message)
        if str(c.get("custom_id", "")).startswith("atout:play:")
    ]


async def test_a_new_deal_refreshes_the_hand_of_the_player_who_leads_it(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=3)
    hand = await table.hand(alice)
    new_deals_led = 0
    for _ in range(400):
        game = table.session.game
        assert game is not None
        if game.over:
            break
        assert game.to_act == 0, "a computer seat is waiting"
        deals_before = len(game.log)
        action = table.decide(0)
        result = await table.click_action(alice, hand, action)
        assert result.acknowledged and result.response is not None
        hand = result.response
        game = table.session.game
        assert game is not None
        if game.over:
            break
        # It is Alice's turn again (computers have played): the hand she clicked on shows it.
        assert game.to_act == 0
        assert action_ids(hand), (hand.content, len(game.log), game.action_count)
        if len(game.log) > deals_before and not game.log[-1]["actions"]:
            new_deals_led += 1
            break  # the claim is seen: the rest of the match only repeated it
    assert new_deals_led >= 1, "no deal started with Alice to lead: the test proved nothing"
