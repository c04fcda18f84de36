"""``/review table:<id> [deal:<n>]``: a player's own review of a finished deal, privately.

The same answer as the "Review my play" button under each deal summary (``bot.table.review``),
for the games of this server the player sat in; ``deal`` counts from 1, as the summaries do.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AtoutBot, atout
from bot.table.commands import describe


@app_commands.guild_only()
class Review(commands.Cog):
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot

    @app_commands.command(name="review", description=describe("cmd_review"))
    @app_commands.describe(table=describe("opt_table"), deal=describe("opt_review_deal"))
    async def review(
        self,
        interaction: discord.Interaction[discord.Client],
        table: int | None = None,
        deal: app_commands.Range[int, 1, 10_000] | None = None,
    ) -> None:
        await self.bot.review.command(interaction, table, None if deal is None else deal - 1)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Review(atout(bot)))
