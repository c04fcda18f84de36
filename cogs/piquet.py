"""``/piquet start`` and Piquet's exchange panel (docs/rules.md §4.6): one multi-select of the hand,
bounded by the view's ``exchange`` limits; the engine decides whether the discards are legal."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.codec import button_id, custom_id
from bot.commands import DEFAULT_TURN_TIMER_S, choice, describe, open_table, table_settings
from bot.components import action_button, action_select
from bot.i18n import t
from bot.narrate import card_name
from bot.panels import PanelContext, card_panel, register_panel
from games.actions import Action


def exchange_panel(ctx: PanelContext) -> list[discord.ui.Item[Any]]:
    if not any(a.type == "exchange" for a in ctx.legal):
        return card_panel(ctx)
    limits = ctx.view.get("exchange") or {}
    hand = list(ctx.view.get("hand") or [])
    high = min(int(limits.get("max", 5)), len(hand), 25)
    # Discord cannot submit an empty select, so keeping the hand (younger_min_exchange = 0)
    # is a button of its own.
    low = int(limits.get("min", 1))
    options = [
        discord.SelectOption(
            label=card_name(card, "piquet", ctx.deck_style, ctx.locale), value=card
        )
        for card in hand[:25]
    ]
    items: list[discord.ui.Item[Any]] = []
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
            custom_id("exchange", ctx.table_id, ctx.version),
            options,
            placeholder=t("action_exchange_placeholder", ctx.locale, low=low, high=high),
            min_values=min(max(low, 1), high),
            max_values=high,
            row=0,
        ),
        *items,
    ]


@app_commands.guild_only()
class Piquet(commands.GroupCog, group_name="piquet", group_description=describe("cmd_piquet")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        register_panel("piquet", exchange_panel)

    @app_commands.command(name="start", description=describe("cmd_start_piquet"))
    @app_commands.describe(
        target_score=describe("opt_target_score"),
        scoring_mode=describe("opt_scoring_mode"),
        games_to_win_match=describe("opt_games_to_win_match"),
    )
    @app_commands.choices(
        target_score=[app_commands.Choice(name=str(n), value=n) for n in (30, 50, 100, 150, 200)],
        games_to_win_match=[app_commands.Choice(name=str(n), value=n) for n in (1, 2, 3)],
    )
    @app_commands.choices(
        scoring_mode=[
            choice("rule_value_scoring_mode_target", "target"),
            choice("rule_value_scoring_mode_rubicon", "rubicon"),
        ],
    )
    @table_settings
    async def start(
        self,
        interaction: discord.Interaction[Any],
        target_score: int | None = None,
        scoring_mode: str | None = None,
        games_to_win_match: int | None = None,
        level: str = "easy",
        deck_style: str = "auto",
        turn_timer: int = DEFAULT_TURN_TIMER_S,
        language: str | None = None,
    ) -> None:
        options = {
            "target_score": target_score,
            "scoring_mode": scoring_mode,
            "games_to_win_match": games_to_win_match,
        }
        await open_table(
            interaction,
            "piquet",
            options,
            level=level,
            deck_style=deck_style,
            turn_timer=turn_timer,
            language=language,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Piquet(bot))
