"""``/leaderboard``, ``/stats``, ``/history``, and the server's ``/atout`` administration of
ratings (``ratings-reset``, ``settings``).

Everything is read for the server the command comes from (``interaction.guild_id``), never
from a custom_id: a button of one server can only ever show that server's standings. The
leaderboard's Previous/Next, the history's record buttons and the reset confirmation are
DynamicItems whose custom_id (``atout:<verb>:...``, docs/discord.md) holds all they need, so
they work after a restart.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import describe
from bot.components import Rebuilt
from bot.i18n import t
from bot.ratings import GAMES
from bot.ratings_store import PERIODS
from bot.standings import Answer, board_answer, history_text, stats_answer
from bot.table_ui import NO_MENTIONS, refuse

GAME_CHOICES = [app_commands.Choice(name=t(f"game_{g}"), value=g) for g in GAMES]
PERIOD_CHOICES = [app_commands.Choice(name=t(f"period_{p}"), value=p) for p in PERIODS]
HISTORY_LIMIT = 10
MESSAGE_LIMIT = 2000
BOARD_TEMPLATE = (
    r"atout:board:(?P<game>[a-z]+):(?P<period>[a-z0-9]+):(?P<page>[0-9]+):(?P<user>[0-9]+)"
)
RECORD_TEMPLATE = r"atout:record:(?P<table>[0-9]+)"
RESET_TEMPLATE = r"atout:reset:(?P<game>[a-z]+)"


def _file(answer: Answer) -> discord.File:
    assert answer.image is not None
    return discord.File(io.BytesIO(answer.image), filename=answer.filename)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server, as Discord computes it for this member in this channel."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


# ------------------------------------------------------------------------- leaderboard
def board_view(game: str, period: str, page: int, pages: int, user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label, target, disabled in (
        (t("button_previous"), page - 1, page <= 1),
        (t("button_next"), page + 1, page >= pages),
    ):
        view.add_item(
            BoardButton(
                discord.ui.Button(
                    label=label,
                    style=discord.ButtonStyle.secondary,
                    custom_id=f"atout:board:{game}:{period}:{max(1, target)}:{user_id}",
                    disabled=disabled,
                )
            )
        )
    return view


async def show_board(
    interaction: discord.Interaction[Any],
    game: str,
    period: str,
    page: int,
    *,
    how: str = "send",
) -> None:
    """Answer with a leaderboard page: ``send`` a new message, ``edit`` the message clicked,
    or send the clicker a ``private`` copy."""
    client: Any = interaction.client
    if game not in GAMES or period not in PERIODS or page < 1:
        await refuse(interaction, t("error_malformed"))
        return
    if interaction.guild_id is None:
        await refuse(interaction, t("error_guild_only"))
        return
    user = interaction.user.id
    board, answer = await board_answer(
        client.storage, interaction.guild_id, game, period, page, user
    )
    if board.total == 0:
        key = "board_empty" if period == "all" else "board_empty_period"
        await refuse(interaction, t(key, game=t(f"game_{game}"), command=f"/{game} start"))
        return
    if not board.lines:
        await refuse(interaction, t("error_page", page=page, pages=board.pages))
        return
    view = board_view(game, period, board.page, board.pages, user)
    text = answer.text[:MESSAGE_LIMIT]
    if how == "edit":
        await interaction.response.edit_message(
            content=text, attachments=[_file(answer)], view=view
        )
        return
    await interaction.response.send_message(
        text,
        file=_file(answer),
        view=view,
        ephemeral=how == "private",
        allowed_mentions=NO_MENTIONS,
    )


class BoardButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button[Any]], template=BOARD_TEMPLATE):
    """Previous/Next of a leaderboard. The person who asked turns the pages of their message;
    anyone else gets the page for themselves (their own line highlighted), privately."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        match = re.fullmatch(BOARD_TEMPLATE, self.item.custom_id or "")
        assert match is not None
        owner = int(match["user"]) == interaction.user.id
        await show_board(
            interaction,
            match["game"],
            match["period"],
            int(match["page"]),
            how="edit" if owner else "private",
        )


# ------------------------------------------------------------------------- history
class RecordButton(
    Rebuilt, discord.ui.DynamicItem[discord.ui.Button[Any]], template=RECORD_TEMPLATE
):
    """A game of ``/history``: its record, the same JSON as ``/table export``."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        match = re.fullmatch(RECORD_TEMPLATE, self.item.custom_id or "")
        assert match is not None
        client: Any = interaction.client
        table_id = int(match["table"])
        record = None
        if interaction.guild_id is not None:
            record = await client.storage.stored_record(interaction.guild_id, table_id)
        if record is None:
            await refuse(interaction, t("error_no_table"))
            return
        data = json.dumps(record, indent=2).encode()
        file = discord.File(io.BytesIO(data), filename=f"atout-table-{table_id}.json")
        await interaction.response.send_message(
            t("table_export_name", id=table_id), file=file, ephemeral=True
        )


# ------------------------------------------------------------------------- reset
class ResetButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button[Any]], template=RESET_TEMPLATE):
    """The confirmation of ``/atout ratings-reset``: the permission is checked again here."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        match = re.fullmatch(RESET_TEMPLATE, self.item.custom_id or "")
        assert match is not None
        game = match["game"]
        if game not in GAMES:
            await refuse(interaction, t("error_malformed"))
            return
        if not can_manage(interaction):
            await refuse(interaction, t("error_manage_server"))
            return
        client: Any = interaction.client
        count = await client.storage.reset_ratings(interaction.guild_id, game)
        await interaction.response.edit_message(
            content=t("reset_done", game=t(f"game_{game}"), count=count), view=None
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    BoardButton,
    RecordButton,
    ResetButton,
)


def _member_name(interaction: discord.Interaction[Any], user: discord.abc.User | None) -> str:
    return (user or interaction.user).display_name


@app_commands.guild_only()
class Leaderboard(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description=describe("cmd_leaderboard"))
    @app_commands.describe(
        game=describe("opt_game"), period=describe("opt_period"), page=describe("opt_page")
    )
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        period: str = "all",
        page: app_commands.Range[int, 1, 100000] = 1,
    ) -> None:
        await show_board(interaction, game, period, page)

    @app_commands.command(name="stats", description=describe("cmd_stats"))
    @app_commands.describe(user=describe("opt_user"), game=describe("opt_game_any"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        if game is not None and game not in GAMES:
            await refuse(interaction, t("error_malformed"))
            return
        if interaction.guild_id is None:
            await refuse(interaction, t("error_guild_only"))
            return
        who = user or interaction.user
        name = _member_name(interaction, user)
        answer = await stats_answer(self.bot.storage, interaction.guild_id, who.id, name, game)
        if answer is None:
            await refuse(interaction, _no_games(name, game, own=who.id == interaction.user.id))
            return
        await interaction.response.send_message(
            answer.text[:MESSAGE_LIMIT], file=_file(answer), allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(name="history", description=describe("cmd_history"))
    @app_commands.describe(user=describe("opt_user"), game=describe("opt_game_any"))
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        if game is not None and game not in GAMES:
            await refuse(interaction, t("error_malformed"))
            return
        if interaction.guild_id is None:
            await refuse(interaction, t("error_guild_only"))
            return
        who = user or interaction.user
        name = _member_name(interaction, user)
        entries = await self.bot.storage.history(interaction.guild_id, who.id, game, HISTORY_LIMIT)
        if not entries:
            await refuse(interaction, _no_games(name, game, own=who.id == interaction.user.id))
            return
        text = history_text(name, entries, "en")
        while len(text) > MESSAGE_LIMIT and len(entries) > 1:
            # Six long names a game can pass Discord's limit: fewer games, each whole.
            entries = entries[:-1]
            text = history_text(name, entries, "en")
        view = discord.ui.View(timeout=None)
        for index, entry in enumerate(entries, start=1):
            view.add_item(
                RecordButton(
                    discord.ui.Button(
                        label=t("button_record", number=index),
                        style=discord.ButtonStyle.secondary,
                        custom_id=f"atout:record:{entry.table_id}",
                        disabled=entry.status != "finished",
                    )
                )
            )
        await interaction.response.send_message(
            text[:MESSAGE_LIMIT], view=view, allowed_mentions=NO_MENTIONS
        )


def _no_games(name: str, game: str | None, *, own: bool) -> str:
    if game is None:
        return t("stats_none_own") if own else t("stats_none", name=name)
    key = "stats_none_own_game" if own else "stats_none_game"
    return t(key, name=name, game=t(f"game_{game}"), command=f"/{game} start")


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(commands.GroupCog, group_name="atout", group_description=describe("cmd_atout")):
    """The server's own settings of Atout, for members with Manage Server. Discord hides the
    commands from the others; the check here holds whatever a server's overrides say."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @staticmethod
    async def allowed(interaction: discord.Interaction[Any]) -> bool:
        """Manage Server, or a polite refusal that changes nothing."""
        if can_manage(interaction):
            return True
        await refuse(interaction, t("error_manage_server"))
        return False

    @app_commands.command(name="ratings-reset", description=describe("cmd_ratings_reset"))
    @app_commands.describe(game=describe("opt_game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def ratings_reset(self, interaction: discord.Interaction[Any], game: str) -> None:
        if not await self.allowed(interaction):
            return
        if game not in GAMES:
            await refuse(interaction, t("error_malformed"))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(
            ResetButton(
                discord.ui.Button(
                    label=t("button_reset"),
                    style=discord.ButtonStyle.danger,
                    custom_id=f"atout:reset:{game}",
                )
            )
        )
        await interaction.response.send_message(
            t("reset_confirm", game=t(f"game_{game}")), view=view, ephemeral=True
        )

    @app_commands.command(name="settings", description=describe("cmd_atout_settings"))
    @app_commands.describe(show_computers=describe("opt_show_computers"))
    async def settings(
        self, interaction: discord.Interaction[Any], show_computers: bool | None = None
    ) -> None:
        if not await self.allowed(interaction):
            return
        assert interaction.guild_id is not None
        storage = self.bot.storage
        if show_computers is not None:
            await storage.set_guild_setting(interaction.guild_id, "show_computers", show_computers)
        current = await storage.guild_settings(interaction.guild_id)
        shown = bool(current.get("show_computers", False))
        await interaction.response.send_message(
            t("settings_show", computers=t("settings_yes" if shown else "settings_no")),
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(Leaderboard(bot))
    await bot.add_cog(Admin(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
