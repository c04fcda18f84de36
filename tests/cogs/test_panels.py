"""The hand panels of each game's special phases: exactly the legal actions, within Discord's
limits (5 rows, 5 buttons a row, a select alone in its row, 25 options)."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import discord
import pytest
import simcord

from bot.text import marks
from bot.ui.codec import BUTTON_TEMPLATE, SELECT_TEMPLATE, select_value
from bot.ui.emojis import emoji_name
from bot.ui.panels import PanelContext, card_panel
from cogs.belote import taking_panel
from cogs.chiamata import chiamata_panel
from cogs.coinche import bidding_panel
from cogs.piquet import exchange_panel
from games.actions import Action
from games.ai import choose
from games.base import Game
from games.cards import SUIT_SYMBOLS
from games.registry import new_game
from harness.driver import Table, components_of
from rendering.emoji import EMOJI_SUITS


def dealt(name: str, seats: int | None = None, options: dict[str, Any] | None = None) -> Game:
    game = new_game(name, options or {}, seats, dealer=0)
    deck = sorted(game.full_deck())
    Random(1).shuffle(deck)
    game.deal(deck)
    return game


def context(game: Game, state: dict[str, Any] | None = None) -> PanelContext:
    seat = game.to_act
    assert seat is not None
    return PanelContext(
        7, game.action_count, game.view(seat), game.legal_actions(seat), "en", state or {}
    )


def fits(items: list[discord.ui.Item[Any]]) -> list[str]:
    """Adds the items to a real View (which enforces Discord's layout) and returns custom_ids."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    ids = [c.custom_id for c in view.children if getattr(c, "custom_id", None)]  # type: ignore[attr-defined]
    assert all(len(i) <= 100 for i in ids)
    return ids


def test_coinche_bidding_panel_offers_the_chosen_level() -> None:
    game = dealt("coinche")
    ids = fits(bidding_panel(context(game)))
    assert ids[0] == f"atout:level:7:{game.action_count}"
    bids = [i.split(":")[4:6] for i in ids if i.startswith("atout:bid:")]
    # The chosen (lowest) level in every denomination, and the four suits one level up.
    assert {t for v, t in bids if v == "80"} == {"S", "H", "D", "C", "NT", "AT"}
    assert {t for v, t in bids if v == "90"} == {"S", "H", "D", "C"}
    assert {v for v, _ in bids} == {"80", "90"}
    assert f"atout:pass:7:{game.action_count}" in ids
    chosen = fits(bidding_panel(context(game, {"level": 130})))
    assert {i.split(":")[4] for i in chosen if i.startswith("atout:bid:")} == {"130", "140"}
    capot = fits(bidding_panel(context(game, {"level": "capot"})))
    assert {i.split(":")[4] for i in capot if i.startswith("atout:bid:")} == {"capot"}


def test_coinche_after_a_bid_the_opponent_may_coinche() -> None:
    game = dealt("coinche")
    game.apply(game.to_act, Action("bid", value=100, trump="H"))  # type: ignore[arg-type]
    ids = fits(bidding_panel(context(game)))
    assert any(i.startswith("atout:coinche:") for i in ids)
    assert {i.split(":")[4] for i in ids if i.startswith("atout:bid:")} == {"110", "120"}


def test_belote_taking_panel() -> None:
    game = dealt("belote")
    ids = fits(taking_panel(context(game)))
    up = game.public_view()["turn_up"][1]
    assert ids == [f"atout:take:7:0:{up}", "atout:pass:7:0"]


def test_chiamata_call_select_and_pass() -> None:
    game = dealt("chiamata", 5)
    items = chiamata_panel(context(game))
    ids = fits(items)
    assert ids == ["atout:call:7:0", "atout:pass:7:0"]
    select = items[0].item  # type: ignore[attr-defined]
    assert [o.value for o in select.options] == ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]


def test_piquet_discards_are_card_buttons_in_hand_order() -> None:
    """Issue 25: the discard controls list the cards as the hand image shows them (not in the
    order they were dealt), and leave the hand in sight (buttons, not a select over it). The
    exchange button waits until the marked cards are within the view's limits."""
    from games.registry import card_facts

    game = dealt("piquet", 2)
    view = game.view(game.to_act)  # type: ignore[arg-type]
    shown = card_facts("piquet").sort_hand(list(view["hand"]), view["trump"])
    assert shown != list(view["hand"])  # this deal is not dealt in order: the test can tell
    items = exchange_panel(context(game))
    ids = fits(items)
    assert [i.split(":")[4] for i in ids[:12]] == shown
    assert all(i.startswith("atout:pick:7:0:") for i in ids[:12])
    assert ids[12] == "atout:exchange:7:0:pending" and items[12].item.disabled  # type: ignore[attr-defined]
    marked = fits(exchange_panel(context(game, {"discards": [shown[5], shown[0]]})))
    assert marked[12] == f"atout:exchange:7:0:{shown[0]}:{shown[5]}"
    styles = [item.item.style for item in exchange_panel(context(game, {"discards": [shown[5]]}))]  # type: ignore[attr-defined]
    assert styles[5] == discord.ButtonStyle.danger and styles[4] == discord.ButtonStyle.secondary
    six = fits(exchange_panel(context(game, {"discards": shown[:6]})))
    assert six[12] == "atout:exchange:7:0:pending"  # more than the elder's five


def test_piquet_younger_may_keep_his_hand_where_allowed() -> None:
    game = dealt("piquet", 2, {"younger_min_exchange": 0})
    elder = game.to_act
    assert elder is not None
    game.apply(elder, choose(game.view(elder), game.legal_actions(elder), "easy", Random(0)))
    ids = fits(exchange_panel(context(game)))
    version = game.action_count
    assert ids[-2:] == [
        f"atout:exchange:7:{version}:pending",
        f"atout:exchange:7:{version}:keep",
    ]


def test_card_panels_fit_every_hand() -> None:
    for name, seats in (("piquet", 2), ("sueca", 4), ("briscola", 6)):
        game = dealt(name, seats)
        while game.to_act is not None and game.legal_actions(game.to_act)[0].type != "play":
            seat = game.to_act
            assert seat is not None
            game.apply(seat, choose(game.view(seat), game.legal_actions(seat), "easy", Random(0)))
        ids = fits(card_panel(context(game)))
        assert ids and all(re.fullmatch(BUTTON_TEMPLATE, i) for i in ids)


async def test_a_coinche_bid_through_the_level_select(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(f"p{i}")) for i in range(4)]
    table = Table(env, channel, players)
    await table.open("coinche", target_score=1000)
    game = table.session.game
    assert game is not None and game.phase == "auction"
    seat = table.session.seat(game.to_act)  # type: ignore[arg-type]
    player = table.actor(seat.user_id)  # type: ignore[union-attr,arg-type]
    hand = await table.hand(player)
    version = game.action_count
    chosen = await player.select(hand, ["120"], custom_id=f"atout:level:{table.table_id}:{version}")
    assert chosen.response is not None
    bids = [
        c["custom_id"]
        for c in components_of(chosen.response)
        if c.get("custom_id", "").startswith("atout:bid:")
    ]
    assert f"atout:bid:{table.table_id}:{version}:120:H" in bids
    await player.click(chosen.response, custom_id=f"atout:bid:{table.table_id}:{version}:120:H")
    auction = table.session.game.public_view()["auction"]  # type: ignore[union-attr]
    assert auction[-1]["value"] == 120 and auction[-1]["trump"] == "H"
    # simcord keeps application emojis: the status line writes the suit with the bot's own.
    assert re.search(r"bid 120 <:atout1_french_H:\d+>", table.table_message().content)


def test_chiamata_points_over_a_two_are_all_offered() -> None:
    """Under two_then_points a 2 is followed by calls of 61 to 120 points: more than one
    select can hold, so every call is on one of several selects with their own custom_ids."""
    game = dealt("chiamata", 5, {"bidding": "two_then_points"})
    seat = game.to_act
    assert seat is not None
    game.apply(seat, next(a for a in game.legal_actions(seat) if a.rank == "2"))
    ctx = context(game)
    calls = [a for a in ctx.legal if a.type == "call"]
    assert len(calls) > 25
    items = chiamata_panel(ctx)
    ids = fits(items)
    assert len(ids) == len(set(ids))
    offered = [
        option.value
        for item in items
        if isinstance(item, discord.ui.DynamicItem) and isinstance(item.item, discord.ui.Select)
        for option in item.item.options
    ]
    assert sorted(offered) == sorted(select_value(a) for a in calls)
    selects = [i for i in ids if i.startswith("atout:call:")]
    assert len(selects) > 1
    assert all(re.fullmatch(SELECT_TEMPLATE, i) for i in selects)
    assert f"atout:pass:7:{game.action_count}" in ids


async def test_italian_cards_are_named_as_the_image_draws_them(env: simcord.Env) -> None:
    """Briscola's hand image shows Italian cards (re, cavallo, fante; coppe, denari, bastoni,
    spade): its buttons must not speak of ♥ and K, and name the figures in the reader's
    language (issue 41.8: Japanese buttons read "レ / アッソ", Italian transliterated)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    hand = await table.hand(alice)
    buttons = [c for c in components_of(hand) if c.get("custom_id", "").startswith("atout:play:")]
    assert buttons
    for button in buttons:
        # Figures in words (no bare R or C), the suit as its emblem's emoji (the bot's own).
        assert re.fullmatch(r"Ace|King|Knight|Jack|[2-7]", button["label"]), button
        assert re.fullmatch(r"atout1_italian_[SHDC]", button["emoji"]["name"]), button
    french = Table(env, channel, [alice])
    await french.open("briscola", computers=1, seats=2, hands_to_win=1, deck_style="french")
    hand = await french.hand(alice)
    buttons = [c for c in components_of(hand) if c.get("custom_id", "").startswith("atout:play:")]
    assert buttons
    for button in buttons:
        # Like the card's corner, rank first, the suit as text in the label's colour.
        assert re.fullmatch("[2-7AJQK][♠♥♦♣]\ufe0e", button["label"]), button
        assert "emoji" not in button, button


async def test_a_call_on_the_second_select_is_played(env: simcord.Env) -> None:
    """The selects after the first (points 87 and more) work through Discord too."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(n)) for n in ("a", "b", "c", "d", "e")]
    table = Table(env, channel, players)
    await table.open("chiamata", match_deals=5, bidding="two_then_points")
    game = table.session.game
    assert game is not None and game.to_act is not None
    seat = game.to_act
    player = table.actor(table.session.seat(seat).user_id)  # type: ignore[arg-type, union-attr]
    two = next(a for a in game.legal_actions(seat) if a.type == "call" and a.rank == "2")
    await table.click_action(player, await table.hand(player), two)
    game = table.session.game
    assert game is not None and game.to_act is not None
    seat = game.to_act
    player = table.actor(table.session.seat(seat).user_id)  # type: ignore[arg-type, union-attr]
    hundred = Action("call", rank="2", points=100)
    assert hundred in game.legal_actions(seat)
    hand = await table.hand(player)
    result = await table.click_action(player, hand, hundred)
    assert result.acknowledged
    game = table.session.game
    assert game is not None
    assert game.log[-1]["actions"][-1] == {"seat": seat, "type": "call", "rank": "2", "points": 100}


def rows_of(items: list[discord.ui.Item[Any]]) -> dict[int, list[Any]]:
    rows: dict[int, list[Any]] = {}
    for item in items:
        inner = getattr(item, "item", item)
        assert inner.row is not None
        rows.setdefault(inner.row, []).append(inner)
    return rows


UPLOADED = marks.SuitMarks(
    {key: f"<:{emoji_name(*key)}:{900 + i}>" for i, key in enumerate(EMOJI_SUITS)}
)
"""Suit emojis as an upload leaves them, for the panels' unit tests."""


@pytest.mark.parametrize("uploaded", [True, False], ids=["emojis", "fallback"])
def test_bid_buttons_read_and_never_wrap_alone(uploaded: bool) -> None:
    """Suits are the bot's emojis (or, without them, the red suits' emoji and the black suits
    as text before the value), no trumps and all trumps are spelled out with their table
    abbreviation, and every row of buttons fits a phone's width (none wraps alone)."""
    from bot.ui.panels import ROW_BUDGET, button_width

    if uploaded:
        marks.use(UPLOADED)
    game = dealt("coinche")
    for state in ({}, {"level": 130}, {"level": "capot"}, {"level": "generale"}):
        items = bidding_panel(context(game, state))
        fits(items)
        for row, row_items in rows_of(items).items():
            buttons = [b for b in row_items if isinstance(b, discord.ui.Button)]
            if buttons:
                width = sum(
                    button_width(b.label or "", str(b.emoji or "") or None) for b in buttons
                )
                assert width <= ROW_BUDGET or len(buttons) == 1, (state, row, width)
        labels = [
            b.label for r in rows_of(items).values() for b in r if isinstance(b, discord.ui.Button)
        ]
        emojis = {
            str(b.emoji)
            for r in rows_of(items).values()
            for b in r
            if isinstance(b, discord.ui.Button) and b.emoji
        }
        if uploaded:
            assert emojis == {UPLOADED.emojis[("french", suit)] for suit in "SHDC"}
        else:
            assert emojis == {"♥️", "♦️"}
            black = [label for label in labels if re.match("[♠♣]\ufe0e \\w", label or "")]
            red = [b for r in rows_of(items).values() for b in r if getattr(b, "emoji", None)]
            assert len(black) == len(red) > 0, labels
        if state.get("level") != "capot":
            assert any("No trumps (SA)" in (label or "") for label in labels)
            assert any("All trumps (TA)" in (label or "") for label in labels)
        else:
            assert any((label or "").endswith(" SA") for label in labels)


def test_italian_card_buttons_name_the_figure_and_show_the_suit() -> None:
    game = dealt("briscola", 2)
    items = card_panel(context(game))
    buttons = [getattr(i, "item", i) for i in items]
    assert buttons
    for button in buttons:
        assert button.emoji is not None
        assert button.label not in ("R", "C", "F")


@pytest.mark.parametrize("uploaded", [True, False], ids=["emojis", "fallback"])
def test_card_buttons_read_like_the_cards_corners(uploaded: bool) -> None:
    """Rank first, the suit after it as text in the label's colour ("10♦", "V♥" in French), as
    the corners of the hand image draw them, with or without the bot's emojis (issue 25)."""
    from bot.ui.panels import card_button_label

    if uploaded:
        marks.use(UPLOADED)
    game = dealt("belote")
    for locale, letters in (("en", {"J": "J", "Q": "Q", "K": "K"}), ("fr", {"J": "V", "Q": "D"})):
        ctx = context(game)
        ctx.locale = locale
        for card in ("TD", "9S", "JH", "QC", "AS"):
            label, emoji = card_button_label(card, ctx)
            rank = "10" if card[0] == "T" else letters.get(card[0], card[0])
            assert (label, emoji) == (rank + SUIT_SYMBOLS[card[1]] + "\ufe0e", None)
