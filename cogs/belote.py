"""``/belote start`` and Belote's taking panel: Take (the turned-up suit) or Pass in round 1,
a suit (or SA/TA where allowed) or Pass in round 2 (docs/rules.md §2.4)."""

from __future__ import annotations

import discord

from bot.table.commands import GameCog, cog_setup, describe, start_command
from bot.text.i18n import t
from bot.ui.codec import button_id
from bot.ui.components import action_button
from bot.ui.panels import Item, Panel, PanelContext, card_panel, denomination, simple_buttons


def taking_panel(ctx: PanelContext) -> list[Item]:
    takes = [a for a in ctx.legal if a.type == "take" and a.trump is not None]
    if not takes:
        return card_panel(ctx)
    items: list[Item] = []
    for index, action in enumerate(takes):
        assert action.trump is not None
        word, emoji = denomination(action.trump, ctx.locale, ctx.deck_style)
        items.append(
            action_button(
                t("action_take", ctx.locale, trump=word).strip(),
                button_id(ctx.table_id, ctx.version, action),
                discord.ButtonStyle.success,
                index // 5,
                emoji,
            )
        )
    return items + simple_buttons(ctx, (len(takes) - 1) // 5 + 1)


class Belote(GameCog, group_name="belote", group_description=describe("cmd_belote")):
    def panel(self) -> Panel:
        return taking_panel

    start = start_command("belote")


setup = cog_setup(Belote)
