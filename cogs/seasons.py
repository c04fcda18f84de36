"""Seasons (issue 45): the buttons of a season's standings (``atout:season:…``) and the sweep
that closes seasons, posts their end and crowns their champions (``bot.seasons.desk``).

The commands are the ratings' own (``cogs.leaderboard``: ``/leaderboard season:``, ``/stats``,
``/atout settings season:``); this cog only keeps what runs beside them.
"""

from __future__ import annotations

from discord.ext import commands

from bot.app import AtoutBot, atout
from bot.seasons.board import SeasonButton
from bot.seasons.desk import SeasonDesk


class Seasons(commands.Cog):
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot
        self.desk = SeasonDesk(bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SeasonButton)
        self.desk.start()

    async def cog_unload(self) -> None:
        self.desk.stop()
        self.bot.remove_dynamic_items(SeasonButton)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Seasons(atout(bot)))
