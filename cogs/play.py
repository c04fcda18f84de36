"""``/play``: a seat at an open table, with players of every server of the instance
(``bot.open``), and what open tables hear from Discord: a server that removes the bot, a player
banned from their server."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AtoutBot, atout
from bot.open.queue import DEFAULT_WAIT_MINUTES, WAIT_CHOICES
from bot.storage.ratings.model import GAMES
from bot.table.commands import choice, describe

GAME_CHOICES = [choice(f"game_{g}", g) for g in GAMES]
SEAT_CHOICES = [app_commands.Choice(name=str(n), value=n) for n in (2, 3, 4, 5, 6)]
WAIT_OPTIONS = [choice("wait_minutes", m, minutes=m) for m in WAIT_CHOICES]


class Play(commands.Cog):
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description=describe("cmd_play"))
    @app_commands.guild_only()
    @app_commands.describe(
        game=describe("opt_game"), seats=describe("opt_play_seats"), wait=describe("opt_wait")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.choices(seats=SEAT_CHOICES, wait=WAIT_OPTIONS)
    async def play(
        self,
        interaction: discord.Interaction[discord.Client],
        game: str,
        seats: int | None = None,
        wait: int = DEFAULT_WAIT_MINUTES,
    ) -> None:
        await self.bot.open.play(interaction, game, seats, wait)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.bot.open.server_left(guild.id, removed=True)

    @commands.Cog.listener()
    async def on_member_ban(
        self, guild: discord.Guild, user: discord.User | discord.Member
    ) -> None:
        await self.bot.open.member_left(guild.id, user.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(atout(bot)))
