"""``/sueca start``: Sueca for four, two against two (docs/rules.md §7). Cards only: the shared card
panel is its hand."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import DEFAULT_TURN_TIMER_S, describe, open_table, table_settings


@app_commands.guild_only()
class Sueca(commands.GroupCog, group_name="sueca", group_description=describe("cmd_sueca")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="start", description=describe("cmd_start_sueca"))
    @app_commands.describe(games_to_win=describe("opt_games_to_win"), level=describe("opt_level"))
    @app_commands.choices(
        games_to_win=[app_commands.Choice(name=str(n), value=n) for n in (1, 2, 3, 4, 5, 6)],
    )
    @table_settings
    async def start(
        self,
        interaction: discord.Interaction[Any],
        games_to_win: int | None = None,
        level: str = "easy",
        deck_style: str = "auto",
        turn_timer: int = DEFAULT_TURN_TIMER_S,
        language: str | None = None,
    ) -> None:
        await open_table(
            interaction,
            "sueca",
            {"games_to_win": games_to_win},
            level=level,
            deck_style=deck_style,
            turn_timer=turn_timer,
            language=language,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Sueca(bot))
