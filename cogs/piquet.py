"""``/piquet start`` and Piquet's exchange panel (docs/rules.md §4.6): one multi-select of the hand,
bounded by the view's ``exchange`` limits; the engine decides whether the discards are legal."""

from __future__ import annotations

import discord

from bot.table.commands import GameCog, cog_setup, describe, start_command
from bot.text.cards import card_name
from bot.text.i18n import t
from bot.ui.codec import ActionSelectId, button_id
from bot.ui.components import action_button, action_select
from bot.ui.panels import Item, Panel, PanelContext, card_panel
from games.actions import Action


def exchange_panel(ctx: PanelContext) -> list[Item]:
    if not any(a.type == "exchange" for a in ctx.legal):
        return card_panel(ctx)
    view = ctx.view
    limits = view["exchange"] if view["game"] == "piquet" else None
    hand = list(view["hand"])
    high = min(limits["max"] if limits else 5, len(hand), 25)
    # Discord cannot submit an empty select, so keeping the hand (younger_min_exchange = 0)
    # is a button of its own.
    low = limits["min"] if limits else 1
    options = [
        discord.SelectOption(
            label=card_name(card, "piquet", ctx.deck_style, ctx.locale), value=card
        )
        for card in hand[:25]
    ]
    items: list[Item] = []
    if low == 0:
        keep = Action("exchange", cards=())
        items.append(
            action_button(
                t("action_keep_hand", ctx.locale),
                button_id(ctx.table_id, ctx.version, keep),
                discord.ButtonStyle.secondary,
                1,
            )
        )
    return [
        action_select(
            ActionSelectId("exchange", ctx.table_id, ctx.version).custom_id,
            options,
            placeholder=t("action_exchange_placeholder", ctx.locale, low=low, high=high),
            min_values=min(max(low, 1), high),
            max_values=high,
            row=0,
        ),
        *items,
    ]


class Piquet(GameCog, group_name="piquet", group_description=describe("cmd_piquet")):
    def panel(self) -> Panel:
        return exchange_panel

    start = start_command("piquet")


setup = cog_setup(Piquet)
