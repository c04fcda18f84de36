"""The hand a player keeps open follows the game: after every change (a new deal included) the
player to act finds the buttons there, without pressing Hand again."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

import rendering
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


async def test_a_hand_whose_picture_would_not_change_keeps_its_image(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bid leaves the cards as they were: the hand message says what changed and keeps its
    image, which is not drawn again; a card played is drawn."""
    drawn: list[tuple[Any, Any]] = []
    render_hand = rendering.render_hand

    def counted(*args: Any, **kwargs: Any) -> bytes:
        drawn.append((args[0], args[1]))
        return render_hand(*args, **kwargs)

    monkeypatch.setattr(rendering, "render_hand", counted)
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("coinche", computers=3, levels=("easy",))
    hand = await table.hand(alice)
    kept = cards = 0
    for _ in range(300):
        game = table.session.game
        assert game is not None and game.to_act == 0
        playing, deal, held = game.phase == "play", len(game.log), game.view(0)["hand"]
        before, image = len(drawn), [a.url for a in hand.attachments]
        result = await table.click_action(alice, hand, table.decide(0))
        assert result.acknowledged and result.response is not None
        hand = result.response
        if playing:  # a card left the hand: drawn again
            assert len(drawn) > before and [a.url for a in hand.attachments] != image
            cards += 1
        else:
            # No hand of the same cards drawn again, all bright: the waiting hand after the
            # bid, and the hand of the next bid if there is one, kept the picture.
            again = [v for v, legal in drawn[before:] if v["hand"] == held and legal is None]
            assert not again, "a hand drawn again for a bid"
            game = table.session.game
            assert game is not None
            if game.phase == "bidding" and len(game.log) == deal:
                assert [a.url for a in hand.attachments] == image
                assert action_ids(hand), "the hand does not show the buttons of the turn"
            kept += 1
        if kept and cards:
            break
    assert kept and cards, "no bid and card were seen: the test proved nothing"
