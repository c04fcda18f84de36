"""``/belote start`` and Belote's taking panel: Take (the turned-up suit) or Pass in round 1,
a suit (or SA/TA where allowed) or Pass in round 2 (docs/rules.md §2.4)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.codec import button_id
from bot.commands import DEFAULT_TURN_TIMER_S, describe, open_table, table_settings
from bot.components import action_button
from bot.i18n import t
from bot.panels import PanelContext, card_panel, denomination, register_panel, simple_buttons


def taking_panel(ctx: PanelContext) -> list[discord.ui.Item[Any]]:
    takes = [a for a in ctx.legal if a.type == "take" and a.trump is not None]
    if not takes:
        return card_panel(ctx)
    items: list[discord.ui.Item[Any]] = []
    for index, action in enumerate(takes):
        assert action.trump is not None
        word, emoji = denomination(action.trump, ctx.locale)
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


@app_commands.guild_only()
class Belote(commands.GroupCog, group_name="belote", group_description=describe("cmd_belote")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        register_panel("belote", taking_panel)

    @app_commands.command(name="start", description=describe("cmd_start_belote"))
    @app_commands.describe(
        target_score=describe("opt_target_score"),
        melds_enabled=describe("opt_melds_enabled"),
        round2_sa_ta=describe("opt_round2_sa_ta"),
    )
    @app_commands.choices(
        target_score=[
            app_commands.Choice(name=str(n), value=n) for n in (100, 300, 500, 1000, 1500, 2000)
        ],
    )
    @table_settings
    async def start(
        self,
        interaction: discord.Interaction[Any],
        target_score: int | None = None,
        melds_enabled: bool | None = None,
        round2_sa_ta: bool | None = None,
        level: str = "easy",
        deck_style: str = "auto",
        turn_timer: int = DEFAULT_TURN_TIMER_S,
        language: str | None = None,
    ) -> None:
        options = {
            "target_score": target_score,
            "melds_enabled": melds_enabled,
            "round2_sa_ta": round2_sa_ta,
        }
        await open_table(
            interaction,
            "belote",
            options,
            level=level,
            deck_style=deck_style,
            turn_timer=turn_timer,
            language=language,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Belote(bot))
