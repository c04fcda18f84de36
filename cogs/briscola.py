"""``/briscola start``: Briscola for 2, 3, 4 or 6 players (docs/rules.md §5). Its hand is cards only,
so it uses the shared card panel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import DEFAULT_TURN_TIMER_S, describe, open_table, table_settings


@app_commands.guild_only()
class Briscola(
    commands.GroupCog, group_name="briscola", group_description=describe("cmd_briscola")
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="start", description=describe("cmd_start_briscola"))
    @app_commands.describe(
        seats=describe("opt_seats"),
        hands_to_win=describe("opt_hands_to_win"),
    )
    @app_commands.choices(
        seats=[app_commands.Choice(name=str(n), value=n) for n in (2, 3, 4, 6)],
        hands_to_win=[app_commands.Choice(name=str(n), value=n) for n in (1, 2, 3, 4, 5)],
    )
    @table_settings
    async def start(
        self,
        interaction: discord.Interaction[Any],
        seats: int = 2,
        hands_to_win: int | None = None,
        level: str = "easy",
        deck_style: str = "auto",
        turn_timer: int = DEFAULT_TURN_TIMER_S,
        language: str | None = None,
    ) -> None:
        await open_table(
            interaction,
            "briscola",
            {"hands_to_win": hands_to_win},
            seats=seats,
            level=level,
            deck_style=deck_style,
            turn_timer=turn_timer,
            language=language,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Briscola(bot))
