"""``/chiamata start`` and Briscola a chiamata's panels (docs/rules.md §6): the call select (ranks,
or points over a "2" under ``two_then_points``) with Pass, then the declarer's trump select."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.codec import custom_id, select_value
from bot.commands import DEFAULT_TURN_TIMER_S, choice, describe, open_table, table_settings
from bot.components import action_select
from bot.i18n import t
from bot.narrate import rank_name, suit_name
from bot.panels import PanelContext, card_panel, register_panel, simple_buttons

SELECT_LIMIT = 25
MAX_CALL_SELECTS = 4
"""Four rows of selects and one of buttons: up to 100 calls."""


def call_label(rank: str, points: int | None, locale: str, deck_style: str = "auto") -> str:
    name = rank_name(rank, "chiamata", deck_style, locale)
    return name if points is None else t("call_points", locale, rank=name, points=points)


def chiamata_panel(ctx: PanelContext) -> list[discord.ui.Item[Any]]:
    calls = [a for a in ctx.legal if a.type == "call" and a.rank is not None]
    trumps = [a for a in ctx.legal if a.type == "trump" and a.suit is not None]
    items: list[discord.ui.Item[Any]] = []
    if calls:
        # Discord allows 25 options per select; points over a 2 (61 to 120) need more, so the
        # calls are spread over several selects, one per row, each with its own custom_id.
        chunks = [calls[i : i + SELECT_LIMIT] for i in range(0, len(calls), SELECT_LIMIT)]
        for row, chunk in enumerate(chunks[:MAX_CALL_SELECTS]):
            options = [
                discord.SelectOption(
                    label=call_label(a.rank or "", a.points, ctx.locale, ctx.deck_style),
                    value=select_value(a),
                )
                for a in chunk
            ]
            placeholder = t("action_call_placeholder", ctx.locale)
            low, high = chunk[0].points, chunk[-1].points
            if len(chunks) > 1 and low is not None and high is not None:
                placeholder = t("action_call_range", ctx.locale, first=low, last=high)
            items.append(
                action_select(
                    custom_id("call", ctx.table_id, ctx.version, *([row + 1] if row else [])),
                    options,
                    placeholder=placeholder,
                    row=row,
                )
            )
        return items + simple_buttons(ctx, min(len(chunks), MAX_CALL_SELECTS))
    if trumps:
        options = [
            discord.SelectOption(
                label=suit_name(a.suit or "S", "chiamata", ctx.deck_style, ctx.locale),
                value=select_value(a),
            )
            for a in trumps
        ]
        items.append(
            action_select(
                custom_id("trump", ctx.table_id, ctx.version),
                options,
                placeholder=t("action_trump_placeholder", ctx.locale),
                row=0,
            )
        )
        return items
    return card_panel(ctx)


@app_commands.guild_only()
class Chiamata(
    commands.GroupCog, group_name="chiamata", group_description=describe("cmd_chiamata")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        register_panel("chiamata", chiamata_panel)

    @app_commands.command(name="start", description=describe("cmd_start_chiamata"))
    @app_commands.describe(
        match_deals=describe("opt_match_deals"),
        bidding=describe("opt_bidding"),
    )
    @app_commands.choices(
        match_deals=[app_commands.Choice(name=str(n), value=n) for n in (5, 10, 15, 20)],
    )
    @app_commands.choices(
        bidding=[
            choice("rule_value_bidding_rank_only", "rank_only"),
            choice("rule_value_bidding_two_then_points", "two_then_points"),
        ],
    )
    @table_settings
    async def start(
        self,
        interaction: discord.Interaction[Any],
        match_deals: int | None = None,
        bidding: str | None = None,
        level: str = "easy",
        deck_style: str = "auto",
        turn_timer: int = DEFAULT_TURN_TIMER_S,
        language: str | None = None,
    ) -> None:
        options = {"match_deals": match_deals, "bidding": bidding}
        await open_table(
            interaction,
            "chiamata",
            options,
            level=level,
            deck_style=deck_style,
            turn_timer=turn_timer,
            language=language,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Chiamata(bot))
