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
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AtoutBot, atout
from bot.seasons.board import show_season, which_season
from bot.seasons.desk import role_problem
from bot.seasons.screens import season_lines
from bot.storage.databases.database import now
from bot.storage.ratings.interface import PERIODS
from bot.storage.ratings.model import EVERYWHERE, GAMES
from bot.storage.seasons.calendar import LENGTHS
from bot.storage.seasons.model import Season
from bot.storage.settings.server import SEASON_MIN_GAMES, ServerSettings
from bot.table.channel import NO_MENTIONS
from bot.table.commands import LANGUAGE_CHOICES, choice, describe
from bot.text.i18n import LOCALES, t, user_locale
from bot.text.seasons import length_name, season_dates, season_name
from bot.ui.codec import BoardButtonId, RecordButtonId, ResetButtonId
from bot.ui.components import Rebuilt
from bot.ui.replies import refuse
from bot.ui.standings import Answer, board_answer, history_text, stats_answer

GAME_CHOICES = [choice(f"game_{g}", g) for g in GAMES]
PERIOD_CHOICES = [choice(f"period_{p}", p) for p in PERIODS]
SCOPES = ("server", "everywhere")
SCOPE_CHOICES = [choice(f"scope_{s}", s) for s in SCOPES]
SEASON_LENGTH_CHOICES = [choice(f"season_length_{length}", length) for length in LENGTHS]
CLEARABLE = ("announce_channel", "champion_role")
CLEAR_CHOICES = [choice(f"clear_{key}", key) for key in CLEARABLE]
STATS_SEASONS = 3
"""Seasons of each game ``/stats`` lists, the latest first."""
HISTORY_LIMIT = 10
MESSAGE_LIMIT = 2000


def _file(answer: Answer) -> discord.File:
    assert answer.image is not None
    return discord.File(io.BytesIO(answer.image), filename=answer.filename)


def can_manage(interaction: discord.Interaction[discord.Client]) -> bool:
    """Manage Server, as Discord computes it for this member in this channel."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


# ------------------------------------------------------------------------- leaderboard
def board_view(
    game: str,
    period: str,
    page: int,
    pages: int,
    user_id: int,
    locale: str = "en",
    scope: str | None = None,
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label, target, disabled in (
        (t("button_previous", locale), page - 1, page <= 1),
        (t("button_next", locale), page + 1, page >= pages),
    ):
        view.add_item(
            BoardButton(
                discord.ui.Button(
                    label=label,
                    style=discord.ButtonStyle.secondary,
                    custom_id=BoardButtonId(game, period, max(1, target), user_id, scope).custom_id,
                    disabled=disabled,
                )
            )
        )
    return view


async def show_board(
    interaction: discord.Interaction[discord.Client],
    game: str,
    period: str,
    page: int,
    *,
    how: str = "send",
    scope: str = "server",
) -> None:
    """Answer with a leaderboard page: ``send`` a new message, ``edit`` the message clicked,
    or send the clicker a ``private`` copy. Whoever asks reads it in their own language.
    ``scope``: this server's board, or ``everywhere``, the instance's ladder of open tables."""
    client = atout(interaction.client)
    locale = user_locale(interaction)
    if game not in GAMES or period not in PERIODS or page < 1 or scope not in SCOPES:
        await refuse(interaction, t("error_malformed", locale))
        return
    if interaction.guild_id is None:
        await refuse(interaction, t("error_guild_only", locale))
        return
    user = interaction.user.id
    everywhere = scope == "everywhere"
    board, answer = await board_answer(
        client.storage,
        EVERYWHERE if everywhere else interaction.guild_id,
        game,
        period,
        page,
        user,
        locale,
        everywhere=everywhere,
    )
    if board.total == 0:
        key = "board_empty_everywhere" if everywhere else "board_empty"
        key += "" if period == "all" else "_period"
        name = t(f"game_{game}", locale)
        await refuse(interaction, t(key, locale, game=name, command=f"/{game} start"))
        return
    if not board.lines:
        await refuse(interaction, t("error_page", locale, page=page, pages=board.pages))
        return
    view = board_view(
        game, period, board.page, board.pages, user, locale, "everywhere" if everywhere else None
    )
    links = client.web_links.links
    if links is not None:
        view.add_item(
            discord.ui.Button(
                style=discord.ButtonStyle.link,
                label=t("button_web_board", locale),
                url=links.board(EVERYWHERE if everywhere else interaction.guild_id, game),
            )
        )
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


class BoardButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=BoardButtonId.TEMPLATE,
):
    """Previous/Next of a leaderboard. The person who asked turns the pages of their message;
    anyone else gets the page for themselves (their own line highlighted), privately."""

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = BoardButtonId.parse(self.item.custom_id)
        assert click is not None
        owner = click.user == interaction.user.id
        await show_board(
            interaction,
            click.game,
            click.period,
            click.page,
            how="edit" if owner else "private",
            scope=click.scope or "server",
        )


# ------------------------------------------------------------------------- history
class RecordButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=RecordButtonId.TEMPLATE,
):
    """A game of ``/history``: its record, the same JSON as ``/table export``."""

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = RecordButtonId.parse(self.item.custom_id)
        assert click is not None
        client = atout(interaction.client)
        locale = user_locale(interaction)
        table_id = click.table
        record = None
        if interaction.guild_id is not None:
            record = await client.storage.ratings.stored_record(interaction.guild_id, table_id)
        if record is None:
            await refuse(interaction, t("error_no_table", locale))
            return
        data = json.dumps(record, indent=2).encode()
        file = discord.File(io.BytesIO(data), filename=f"atout-table-{table_id}.json")
        await interaction.response.send_message(
            t("table_export_name", locale, id=table_id), file=file, ephemeral=True
        )


# ------------------------------------------------------------------------- reset
class ResetButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=ResetButtonId.TEMPLATE,
):
    """The confirmation of ``/atout ratings-reset``: the permission is checked again here."""

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = ResetButtonId.parse(self.item.custom_id)
        assert click is not None
        game = click.game
        locale = user_locale(interaction)
        if game not in GAMES:
            await refuse(interaction, t("error_malformed", locale))
            return
        guild_id = interaction.guild_id
        if guild_id is None or not can_manage(interaction):
            await refuse(interaction, t("error_manage_server", locale))
            return
        client = atout(interaction.client)
        count = await client.storage.ratings.reset(guild_id, game)
        await interaction.response.edit_message(
            content=t("reset_done", locale, game=t(f"game_{game}", locale), count=count), view=None
        )


# discord.py's ``add_dynamic_items`` takes dynamic items of any kind of item.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    BoardButton,
    RecordButton,
    ResetButton,
)


def _member_name(
    interaction: discord.Interaction[discord.Client], user: discord.abc.User | None
) -> str:
    return (user or interaction.user).display_name


@app_commands.guild_only()
class Leaderboard(commands.Cog):
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description=describe("cmd_leaderboard"))
    @app_commands.describe(
        game=describe("opt_game"),
        period=describe("opt_period"),
        page=describe("opt_page"),
        scope=describe("opt_scope"),
        season=describe("opt_season_board"),
        division=describe("opt_division"),
    )
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction[discord.Client],
        game: str,
        period: str = "all",
        page: app_commands.Range[int, 1, 100000] = 1,
        season: str | None = None,
        division: app_commands.Range[int, 1, 1000] | None = None,
        scope: str = "server",
    ) -> None:
        if scope == "everywhere":
            # The instance's ladder of open tables (issue 44): all time, no seasons.
            await show_board(interaction, game, period, page, scope=scope)
            return
        # ``season:`` left out is the current season's standings (issue 45); ``season:all``,
        # ``period:``, or no season running, the all-time board.
        if interaction.guild_id is not None and game in GAMES and (season or period == "all"):
            chosen = await which_season(
                self.bot.storage, interaction.guild_id, season, user_locale(interaction)
            )
            if isinstance(chosen, str):
                await refuse(interaction, chosen)
                return
            if chosen is not None:
                await show_season(interaction, game, chosen, division, page)
                return
        await show_board(interaction, game, period, page)

    @leaderboard.autocomplete("season")
    async def season_choices(
        self, interaction: discord.Interaction[discord.Client], current: str
    ) -> list[app_commands.Choice[str]]:
        """The words ``season:`` takes, then the server's seasons, the latest first."""
        locale = user_locale(interaction)
        offered = [
            app_commands.Choice(name=t(f"season_choice_{word}", locale), value=word)
            for word in ("current", "previous", "all")
        ]
        if interaction.guild_id is not None:
            for known in await self.bot.storage.seasons.seasons(interaction.guild_id):
                name = f"{season_name(known.number, locale)} · {season_dates(known.starts_at, known.ends_at, locale)}"
                offered.append(app_commands.Choice(name=name[:100], value=str(known.number)))
        typed = current.strip().lower()
        return [c for c in offered if typed in c.name.lower() or typed in c.value][:25]

    @app_commands.command(name="stats", description=describe("cmd_stats"))
    @app_commands.describe(user=describe("opt_user"), game=describe("opt_game_any"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[discord.Client],
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        locale = user_locale(interaction)
        if game is not None and game not in GAMES:
            await refuse(interaction, t("error_malformed", locale))
            return
        if interaction.guild_id is None:
            await refuse(interaction, t("error_guild_only", locale))
            return
        who = user or interaction.user
        name = _member_name(interaction, user)
        answer = await stats_answer(
            self.bot.storage, interaction.guild_id, who.id, name, game, locale
        )
        if answer is None:
            own = who.id == interaction.user.id
            await refuse(interaction, _no_games(name, game, locale, own=own))
            return
        # The player's seasons (issue 45): rank, division and games, the latest first.
        minimum = (await self.bot.storage.settings.server(interaction.guild_id)).season_min_games
        seasons = await self.bot.storage.seasons.player_seasons(
            interaction.guild_id, who.id, game, minimum, STATS_SEASONS
        )
        text = "\n".join([answer.text, *season_lines(seasons, locale)])
        await interaction.response.send_message(
            text[:MESSAGE_LIMIT], file=_file(answer), allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(name="history", description=describe("cmd_history"))
    @app_commands.describe(user=describe("opt_user"), game=describe("opt_game_any"))
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction[discord.Client],
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        locale = user_locale(interaction)
        if game is not None and game not in GAMES:
            await refuse(interaction, t("error_malformed", locale))
            return
        if interaction.guild_id is None:
            await refuse(interaction, t("error_guild_only", locale))
            return
        who = user or interaction.user
        name = _member_name(interaction, user)
        entries = await self.bot.storage.ratings.history(
            interaction.guild_id, who.id, game, HISTORY_LIMIT
        )
        if not entries:
            own = who.id == interaction.user.id
            await refuse(interaction, _no_games(name, game, locale, own=own))
            return
        text = history_text(name, entries, locale)
        while len(text) > MESSAGE_LIMIT and len(entries) > 1:
            # Six long names a game can pass Discord's limit: fewer games, each whole.
            entries = entries[:-1]
            text = history_text(name, entries, locale)
        view = discord.ui.View(timeout=None)
        for index, entry in enumerate(entries, start=1):
            view.add_item(
                RecordButton(
                    discord.ui.Button(
                        label=t("button_record", locale, number=index),
                        style=discord.ButtonStyle.secondary,
                        custom_id=RecordButtonId(entry.table_id).custom_id,
                        disabled=entry.status != "finished",
                    )
                )
            )
        links = self.bot.web_links.links
        if links is not None:
            # Each game's page on the web: its deals, its score, the rating changes.
            for index, entry in enumerate(entries, start=1):
                view.add_item(
                    discord.ui.Button(
                        style=discord.ButtonStyle.link,
                        label=t("button_web_history", locale, number=index),
                        url=links.game(entry.table_id),
                    )
                )
        await interaction.response.send_message(
            text[:MESSAGE_LIMIT], view=view, allowed_mentions=NO_MENTIONS
        )


def _no_games(name: str, game: str | None, locale: str, *, own: bool) -> str:
    if game is None:
        return t("stats_none_own", locale) if own else t("stats_none", locale, name=name)
    key = "stats_none_own_game" if own else "stats_none_game"
    return t(key, locale, name=name, game=t(f"game_{game}", locale), command=f"/{game} start")


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(commands.GroupCog, group_name="atout", group_description=describe("cmd_atout")):
    """The server's own settings of Atout, for members with Manage Server. Discord hides the
    commands from the others; the check here holds whatever a server's overrides say."""

    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot

    @staticmethod
    async def allowed(interaction: discord.Interaction[discord.Client]) -> bool:
        """Manage Server, or a polite refusal that changes nothing."""
        if can_manage(interaction):
            return True
        await refuse(interaction, t("error_manage_server", user_locale(interaction)))
        return False

    @app_commands.command(name="ratings-reset", description=describe("cmd_ratings_reset"))
    @app_commands.describe(game=describe("opt_game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def ratings_reset(
        self, interaction: discord.Interaction[discord.Client], game: str
    ) -> None:
        if not await self.allowed(interaction):
            return
        locale = user_locale(interaction)
        if game not in GAMES:
            await refuse(interaction, t("error_malformed", locale))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(
            ResetButton(
                discord.ui.Button(
                    label=t("button_reset", locale),
                    style=discord.ButtonStyle.danger,
                    custom_id=ResetButtonId(game).custom_id,
                )
            )
        )
        name = t(f"game_{game}", locale)
        text = t("reset_confirm", locale, game=name) + "\n" + t("reset_seasons", locale, game=name)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    @app_commands.command(name="settings", description=describe("cmd_atout_settings"))
    @app_commands.describe(
        show_computers=describe("opt_show_computers"),
        language=describe("opt_server_language"),
        open_tables=describe("opt_open_tables"),
        season=describe("opt_season_length"),
        season_min_games=describe("opt_season_min_games"),
        announce_channel=describe("opt_announce_channel"),
        champion_role=describe("opt_champion_role"),
        clear=describe("opt_clear"),
    )
    @app_commands.choices(
        language=LANGUAGE_CHOICES, season=SEASON_LENGTH_CHOICES, clear=CLEAR_CHOICES
    )
    async def settings(
        self,
        interaction: discord.Interaction[discord.Client],
        show_computers: bool | None = None,
        language: str | None = None,
        season: str | None = None,
        season_min_games: app_commands.Range[int, 1, 100] | None = None,
        announce_channel: discord.TextChannel | None = None,
        champion_role: discord.Role | None = None,
        clear: str | None = None,
        open_tables: bool | None = None,
    ) -> None:
        """``language`` is the default language of the tables opened in this server (a table's
        own ``language`` option still wins). The season's options are issue 45's;
        ``open_tables`` lets its members play at open tables with the instance's other servers
        (off: its players at open tables in play leave them to computers), issue 44's."""
        if not await self.allowed(interaction):
            return
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        if language is not None and language not in LOCALES:
            await refuse(interaction, t("error_setting", locale, key="language", value=language))
            return
        low, high = SEASON_MIN_GAMES
        wrong = (
            ("season", season, season is not None and season not in LENGTHS),
            ("clear", clear, clear is not None and clear not in CLEARABLE),
            (
                "season_min_games",
                season_min_games,
                season_min_games is not None and not low <= season_min_games <= high,
            ),
        )
        for key, value, bad in wrong:
            if bad:
                await refuse(interaction, t("error_setting", locale, key=key, value=value))
                return
        before = await self.bot.storage.settings.server(interaction.guild_id)
        admin = interaction.user.id

        def chosen(settings: ServerSettings) -> ServerSettings:
            """What the admin gave; an option left out keeps its value."""
            if show_computers is not None:
                settings = replace(settings, show_computers=show_computers)
            if language is not None:
                settings = replace(settings, language=language)
            length = next((known for known in LENGTHS if known == season), None)
            if length is not None:
                settings = replace(settings, season=length)
            if season_min_games is not None:
                settings = replace(settings, season_min_games=season_min_games)
            if announce_channel is not None:
                settings = replace(settings, announce_channel=announce_channel.id)
            if champion_role is not None:
                settings = replace(settings, champion_role=champion_role.id, champion_role_by=admin)
            if clear == "announce_channel":
                settings = replace(settings, announce_channel=None)
            if clear == "champion_role":
                settings = replace(settings, champion_role=None, champion_role_by=None)
            if open_tables is not None:
                settings = replace(settings, open_tables=open_tables)
            return settings

        current = await self.bot.storage.settings.update(interaction.guild_id, chosen)
        notes = await self._season_changed(interaction, before, current, champion_role)
        tables = current.table_language(interaction.guild_locale)
        shown = "settings_yes" if current.show_computers else "settings_no"
        lines = [
            t("settings_show", locale, computers=t(shown, locale)),
            t("settings_language", locale, language=t(f"language_{tables}", locale)),
            *await self._season_lines(interaction.guild_id, locale),
            t(
                "settings_open_tables",
                locale,
                value=t("settings_on" if current.open_tables else "settings_off", locale),
            ),
            *notes,
        ]
        await interaction.response.send_message(
            "\n".join(lines), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        if before.open_tables and not current.open_tables:
            await self.bot.open.server_left(interaction.guild_id, removed=False)

    async def _season_changed(
        self,
        interaction: discord.Interaction[discord.Client],
        before: ServerSettings,
        after: ServerSettings,
        role: discord.Role | None,
    ) -> list[str]:
        """What a change of the season's settings starts, and what the admin should know."""
        assert interaction.guild_id is not None
        storage = self.bot.storage
        locale = user_locale(interaction)
        notes: list[str] = []
        if after.season != before.season:
            running = await storage.seasons.current(interaction.guild_id, now())
            if before.season == "off" and running is None:
                # Seasons turned on: the first one starts at once.
                await storage.seasons.begin(interaction.guild_id, now(), fresh=True)
            elif running is not None:
                key = (
                    "settings_season_off_later"
                    if after.season == "off"
                    else "settings_season_later"
                )
                notes.append(t(key, locale, season=season_name(running.number, locale)))
        guild = interaction.guild
        problem = role_problem(guild, role) if guild is not None and role is not None else None
        if role is not None and problem is not None:
            notes.append(t(f"settings_champion_{problem}", locale, role=role.mention))
        return notes

    async def _season_lines(self, guild_id: int, locale: str) -> list[str]:
        settings = await self.bot.storage.settings.server(guild_id)
        running: Season | None = await self.bot.storage.seasons.current(guild_id, now())
        length = length_name(settings.season, locale)
        if running is not None:
            season = t(
                "settings_season_running",
                locale,
                length=length,
                season=season_name(running.number, locale),
                dates=season_dates(running.starts_at, running.ends_at, locale),
            )
        else:
            season = t("settings_season", locale, length=length)
        channel = (
            f"<#{settings.announce_channel}>"
            if settings.announce_channel is not None
            else t("settings_none", locale)
        )
        role = (
            f"<@&{settings.champion_role}>"
            if settings.champion_role is not None
            else t("settings_none", locale)
        )
        return [
            season,
            t("settings_season_min_games", locale, count=settings.season_min_games),
            t("settings_announce_channel", locale, channel=channel),
            t("settings_champion_role", locale, role=role),
        ]


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(Leaderboard(atout(bot)))
    await bot.add_cog(Admin(atout(bot)))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
