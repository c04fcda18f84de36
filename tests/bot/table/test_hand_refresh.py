"""The hand a player keeps open follows the game: after every change (a new deal included) the
player to act finds the buttons there, without pressing Hand again."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
import simcord

import rendering
from bot.table.hands import HandPayload, Hands
from bot.ui import images
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


async def test_a_slow_drawing_of_the_hand_clicked_does_not_land_over_the_turn_after_it(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy machine the hand drawn after Alice's card (she waits for the computer) can take
    longer than the computer's play and the refresh it makes (her turn again, with buttons).
    Sent in the order they finish, the older hand landed last, and she was left looking at
    "waiting for Computer 1" on her own turn. Here every waiting hand is drawn slowly (a real
    wait outside the loop, as a busy drawing process is): the hand she holds must still end on
    her turn, after each of her clicks."""
    hand_file = images.hand_file
    slow = 0

    async def slowly(view: Any, legal: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal slow
        if not legal:
            slow += 1
            await asyncio.to_thread(time.sleep, 0.2)
        return await hand_file(view, legal, *args, **kwargs)

    monkeypatch.setattr(images, "hand_file", slowly)
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2)
    hand = await table.hand(alice)
    for _ in range(3):
        game = table.session.game
        assert game is not None and game.to_act == 0
        result = await table.click_action(alice, hand, table.decide(0))
        assert result.acknowledged and result.response is not None
        hand = result.response
        game = table.session.game
        assert game is not None and game.to_act == 0
        assert action_ids(hand), hand.content
    assert slow, "no waiting hand was drawn: the test proved nothing"


async def test_a_hand_whose_picture_would_not_change_keeps_its_image(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bid leaves the cards as they were: the hand message is edited in text and buttons and
    keeps its image, which is not drawn again; a card played is drawn."""
    drawn: list[Any] = []
    kept: list[Any] = []
    render_hand = rendering.render_hand
    payload = Hands.payload

    def counted(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(args[0])
        return render_hand(*args, **kwargs)

    async def watched(self: Hands, *args: Any, **kwargs: Any) -> HandPayload:
        made = await payload(self, *args, **kwargs)
        if made.files is None:
            kept.append(made)
        return made

    monkeypatch.setattr(rendering, "render_hand", counted)
    monkeypatch.setattr(Hands, "payload", watched)
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("coinche", computers=3, levels=("easy",))
    hand = await table.hand(alice)
    cards = 0
    for _ in range(300):
        game = table.session.game
        assert game is not None
        if game.over or (kept and cards):
            break
        assert game.to_act == 0
        playing, before, image = game.phase == "play", len(drawn), hand.attachments[0].url
        result = await table.click_action(alice, hand, table.decide(0))
        assert result.acknowledged and result.response is not None
        hand = result.response
        assert hand.attachments, "a hand message lost its image"
        if playing:  # a card left the hand: drawn again
            assert len(drawn) > before and hand.attachments[0].url != image
            cards += 1
    assert kept and cards, "no hand kept its image, or no card was played"
