"""The lobby: opening a table, seats, computer players, house rules, and Start.

A table starts as a lobby message in the channel where ``/<game> start`` was used. On Start it
moves into its own thread named after the game and the players (or stays in the channel where
threads are not allowed), and the lobby message says where it went.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.play.driving import schedule_drive
from bot.play.lobby import (
    computer_name,
    join,
    leave_lobby,
    seat_computer,
    set_rated,
    start_game,
    unseat_computer,
)
from bot.play.sessions import TableSession
from bot.play.settings import SettingRefused, chosen_settings, locale_of
from bot.storage.open.interface import Mirror
from bot.storage.settings.server import ServerSettings
from bot.storage.tables.interface import AI_LEVELS
from bot.storage.tables.settings import DEFAULT_DECK_STYLE, DEFAULT_LEVEL
from bot.table.access import session_or_refusal
from bot.table.channel import NO_MENTIONS, Messageables
from bot.table.house_rules import HouseRules, Payload, check_options
from bot.text.i18n import t, user_locale
from bot.text.rules import rules_summary
from bot.ui.codec import TableButtonId
from bot.ui.components import table_button
from bot.ui.replies import refuse
from games.options import OptionError
from games.registry import game_class

if TYPE_CHECKING:
    from bot.play.tables import Tables
    from bot.storage.storage import Storage


class OpenLobbies(Protocol):
    """What a lobby offered to the queue (``open:true``) tells the open tables
    (``bot.open.tables.OpenTables``)."""

    async def offer(self, session: TableSession) -> None: ...

    async def joined(self, session: TableSession, user_id: int) -> None: ...

    async def left(self, session: TableSession, user_id: int) -> None: ...

    async def lobby_started(self, session: TableSession, lobby: discord.Message | None) -> None: ...

    async def lobby_closed(self, session: TableSession) -> None: ...


class LobbyHost(Messageables, Protocol):
    """What the lobby needs of the bot (``bot.app.AtoutBot`` has it): the tables, their
    storage, a channel to post in, and the open tables. A protocol, so that the lobby does not
    import the application that builds it."""

    @property
    def storage(self) -> Storage: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def open(self) -> OpenLobbies: ...


log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]

THREAD_NAME_LIMIT = 100


class Lobby:
    def __init__(self, bot: LobbyHost) -> None:
        self.bot = bot
        self.rules = HouseRules(bot, self.refresh)
        self.used_choosers: set[int] = set()
        """Ephemeral "choose a level" messages already answered: a double tap on a level
        button must seat one computer player, not two."""

    # ---------------------------------------------------------------------- opening
    async def open(
        self,
        interaction: Interaction,
        game: str,
        options: dict[str, Any],
        *,
        seats: int | None = None,
        level: object = DEFAULT_LEVEL,
        deck_style: object = DEFAULT_DECK_STYLE,
        turn_timer: object = 0,
        language: object = None,
        offered: bool = False,
    ) -> None:
        """``/<game> start``: validate the options and the table settings (as Discord sent
        them: ``chosen_settings`` refuses what the bot does not know), create the table, show
        the lobby. Refusals are in the starter's language; the lobby is in the table's
        (``language``, or the server's default). ``offered`` (``open:true``): its free seats
        are offered to the instance's queue (``/play``), where the server allows open tables."""
        mine = user_locale(interaction)
        cls = game_class(game)
        seats = cls.SEAT_COUNTS[0] if seats is None else seats
        if language is None:
            language = await self.default_language(interaction)
        try:
            settings = chosen_settings(
                level=level, deck_style=deck_style, turn_timer=turn_timer, language=language
            )
        except SettingRefused as refused:
            await refuse(
                interaction, t("error_setting", mine, key=refused.key, value=refused.value)
            )
            return
        try:
            check_options(game, options, seats)
        except (OptionError, ValueError) as exc:
            await refuse(interaction, t("error_options", mine, reason=str(exc)))
            return
        if interaction.guild_id is None or interaction.channel_id is None:
            await refuse(interaction, t("error_guild_only", mine))
            return
        if offered:
            server = await self.bot.storage.settings.server(interaction.guild_id)
            if not server.open_tables:
                await refuse(interaction, t("play_off", mine))
                return
            settings = replace(settings, open=True)
        row = await self.bot.storage.tables.create(
            interaction.guild_id,
            interaction.channel_id,
            game,
            seats,
            interaction.user.id,
            options,
            settings,
        )
        session = await self.bot.tables.create(row)
        user = interaction.user
        if offered:
            # Other servers read the names at this table: the global name, not this server's.
            await join(session, user.id, user.global_name or user.name)
            home = Mirror(row.id, row.guild_id, row.channel_id, settings.language, (user.id,))
            await self.bot.storage.open_tables.add_mirror(home)
            session.mirrors = [home]
        else:
            await join(session, user.id, user.display_name)
        payload = self.payload(session)
        await interaction.response.send_message(**payload, allowed_mentions=NO_MENTIONS)
        message = await interaction.original_response()
        await session.update_row(lobby_message_id=message.id)
        if offered:
            await self.bot.open.offer(session)

    async def default_language(self, interaction: Interaction) -> str:
        """The server's table language (``/atout settings``), else its preferred locale."""
        settings = ServerSettings()
        if interaction.guild_id is not None:
            settings = await self.bot.storage.settings.server(interaction.guild_id)
        return settings.table_language(interaction.guild_locale)

    def payload(self, session: TableSession, note: str | None = None) -> Payload:
        row = session.row
        locale = locale_of(session)
        cls = game_class(row.game)
        engine = cls(options=row.options, seats=row.seats, dealer=0)
        defaults = {spec.name: spec.default for spec in cls.OPTIONS}
        lines = [
            t("lobby_title", locale, game=t(f"game_{row.game}", locale), id=row.id),
            t(
                "lobby_rules",
                locale,
                rules=rules_summary(row.game, engine.options, defaults, locale),
            ),
        ]
        for index in range(row.seats):
            seat = row.seat(index)
            if seat is None:
                who = t("seat_empty", locale)
            elif seat.is_computer:
                who = t(
                    "seat_computer",
                    locale,
                    name=seat.name,
                    level=t(f"level_{seat.ai_level}", locale),
                )
            elif session.kind.mirrored and not self.reads_here(session, seat.user_id):
                # A player of another server: their name, never their id.
                who = f"**{discord.utils.escape_markdown(seat.name)}**"
            else:
                who = f"<@{seat.user_id}>"
            team = ""
            if engine.sides < row.seats:
                team = " " + t("seat_team", locale, team=chr(ord("A") + engine.side_of(index)))
            lines.append(t("seat_line", locale, number=index + 1, who=who) + team)
        rated = row.settings.rated
        lines.append(t("lobby_rated" if rated else "lobby_unrated", locale))
        if session.kind.mirrored:
            lines.append(t("lobby_open", locale))
        if note:
            lines.append(note)
        view = discord.ui.View(timeout=None)
        free = sum(1 for index in range(row.seats) if row.seat(index) is None)
        if free:
            # Grey, and saying what it is for: the starter, already seated, read a green Join as
            # something left for them to do. Start is the one coloured button.
            view.add_item(
                table_button(t("button_join", locale, count=free), TableButtonId("join", row.id))
            )
        view.add_item(table_button(t("button_leave", locale), TableButtonId("leave", row.id)))
        if free:
            view.add_item(table_button(t("button_addbot", locale), TableButtonId("addbot", row.id)))
        if any(seat.is_computer for seat in row.seat_list):
            view.add_item(table_button(t("button_rmbot", locale), TableButtonId("rmbot", row.id)))
        view.add_item(table_button(t("button_house", locale), TableButtonId("house", row.id)))
        # The line above says whether the table is rated; the button offers the other choice,
        # as a grey setting beside House rules (a green "Rated: yes" looked like a go button).
        view.add_item(
            table_button(
                t("button_play_unrated" if rated else "button_play_rated", locale),
                TableButtonId("rated", row.id),
            )
        )
        view.add_item(
            table_button(
                t("button_start", locale),
                TableButtonId("start", row.id),
                discord.ButtonStyle.primary if row.full else discord.ButtonStyle.secondary,
                disabled=not row.full,
            )
        )
        return {"content": "\n".join(lines), "view": view}

    @staticmethod
    def reads_here(session: TableSession, user_id: int | None) -> bool:
        """Whether a player reads an open lobby in the lobby's own channel."""
        return any(
            m.channel_id == session.row.channel_id and user_id in m.users for m in session.mirrors
        )

    async def refresh(self, session: TableSession) -> None:
        """Edit the lobby message from elsewhere (the house-rules and computer-level panels)."""
        if session.row.lobby_message_id is None:
            return
        channel = self.bot.get_partial_messageable(
            session.row.channel_id, guild_id=session.row.guild_id
        )
        message = channel.get_partial_message(session.row.lobby_message_id)
        try:
            await message.edit(**self.payload(session), allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.exception("table %s: could not edit the lobby message", session.id)

    async def withdrawn(self, session: TableSession) -> None:
        """A lobby ended before its game: one offered to the queue is no longer, and the
        players it took from the queue are told."""
        if session.kind.mirrored and session.row.first_dealer is None:
            await self.bot.open.lobby_closed(session)

    async def closed(self, session: TableSession) -> None:
        """An abandoned table's lobby message loses its buttons and says so (a lobby that
        never started would otherwise keep offering Join)."""
        await self.withdrawn(session)
        if session.row.lobby_message_id is None or session.row.thread_id is not None:
            return
        if session.row.first_dealer is not None:
            return
        channel = self.bot.get_partial_messageable(
            session.row.channel_id, guild_id=session.row.guild_id
        )
        message = channel.get_partial_message(session.row.lobby_message_id)
        content = (
            self.payload(session)["content"]
            + "\n"
            + t("table_abandoned", locale_of(session), id=session.id)
        )
        try:
            await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.exception("table %s: could not close the lobby message", session.id)

    # ---------------------------------------------------------------------- clicks
    async def click(
        self, interaction: Interaction, verb: str, table_id: int, arg: str | None
    ) -> None:
        mine = user_locale(interaction)
        session = await session_or_refusal(interaction, self.bot.tables, table_id)
        if session is None:
            return
        user = interaction.user
        if verb == "join":
            mirrored = session.kind.mirrored
            error = await join(
                session, user.id, (user.global_name or user.name) if mirrored else user.display_name
            )
            if error is None and mirrored:
                await self.bot.open.joined(session, user.id)
        elif verb == "leave":
            error = await leave_lobby(session, user.id)
            if error is None and session.kind.mirrored:
                await self.bot.open.left(session, user.id)
        elif verb in ("addbot", "rmbot"):
            # Only people at the table (or its starter) bring or send away computer players: a
            # passer-by could otherwise fill the seats the starter's friends were coming to take.
            if user.id != session.row.starter_id and session.seat_of(user.id) is None:
                await refuse(interaction, t("error_not_seated", mine))
                return
            if verb == "rmbot":
                error = await unseat_computer(session)
                if error is None:
                    await interaction.response.edit_message(
                        **self.payload(session), allowed_mentions=NO_MENTIONS
                    )
                else:
                    await refuse(interaction, t(f"error_{error}", mine))
                return
            if arg is None:
                await self.level_choice(interaction, session)
                return
            await self.add_computer(interaction, session, arg)
            return
        elif verb == "house":
            await self.rules.open(interaction, session)
            return
        elif verb == "start":
            await self.start(interaction, session)
            return
        elif verb == "rated":
            if user.id != session.row.starter_id:
                await refuse(interaction, t("error_starter_only", mine))
                return
            error = await set_rated(session, not session.settings.rated)
        else:
            error = "malformed"
        if error is not None:
            await refuse(interaction, t(f"error_{error}", mine))
            return
        await interaction.response.edit_message(
            **self.payload(session), allowed_mentions=NO_MENTIONS
        )

    async def level_choice(self, interaction: Interaction, session: TableSession) -> None:
        locale = user_locale(interaction)
        if session.row.status != "lobby":
            await refuse(interaction, t("error_lobby_closed", locale))
            return
        default = session.settings.level
        view = discord.ui.View(timeout=None)
        for level in AI_LEVELS:
            style = (
                discord.ButtonStyle.primary if level == default else discord.ButtonStyle.secondary
            )
            view.add_item(
                table_button(
                    t(f"level_{level}", locale), TableButtonId("addbot", session.id, level), style
                )
            )
        await interaction.response.send_message(
            t("addbot_choose", locale), view=view, ephemeral=True
        )

    async def add_computer(
        self, interaction: Interaction, session: TableSession, level: str
    ) -> None:
        locale = user_locale(interaction)
        chooser = interaction.message.id if interaction.message is not None else None
        if chooser is not None:
            # Checked and marked before the first await: the second tap of a double tap
            # arrives while the first is still being written.
            if chooser in self.used_choosers:
                await refuse(interaction, t("error_addbot_used", locale))
                return
            self.used_choosers.add(chooser)
        # Everybody reads the computer's name: it is in the table's language.
        name = computer_name(session, locale_of(session))
        error = await seat_computer(session, level, name)
        if error is not None:
            if chooser is not None:
                self.used_choosers.discard(chooser)
            await refuse(interaction, t(f"error_{error}", locale))
            return
        await interaction.response.edit_message(
            content=t("addbot_done", locale, name=name, level=t(f"level_{level}", locale)),
            view=None,
        )
        await self.refresh(session)

    async def start(self, interaction: Interaction, session: TableSession) -> None:
        locale = locale_of(session)
        mine = user_locale(interaction)
        if interaction.user.id != session.row.starter_id:
            await refuse(interaction, t("error_starter_only", mine))
            return
        if session.row.status == "lobby" and not session.humans():
            # Nobody would be watching: the computers would play a whole game to an empty
            # thread. (The session itself allows it, for benchmarks and tests.)
            await refuse(interaction, t("error_no_human", mine))
            return
        error = await start_game(session)
        if error is not None:
            await refuse(interaction, t(f"error_{error}", mine))
            return
        # The table is in play from here on: whatever happens to the thread or the lobby
        # message, the first deal must be dealt and the table message posted.
        if session.kind.mirrored:
            await self.start_open(interaction, session)
            return
        try:
            thread = await self.open_thread(interaction, session)
            if thread is not None:
                await session.update_row(thread_id=thread.id)
                where = thread.mention
            else:
                where = t("lobby_here", locale)
            content = (
                self.payload(session)["content"] + "\n" + t("lobby_started", locale, where=where)
            )
            await interaction.response.edit_message(
                content=content, view=None, allowed_mentions=NO_MENTIONS
            )
        finally:
            schedule_drive(session)

    async def start_open(self, interaction: Interaction, session: TableSession) -> None:
        """An open lobby starts: its mirrors open (its own in a thread of this message, the
        other servers' in theirs), and the lobby says where the table is here."""
        locale = locale_of(session)
        try:
            await interaction.response.edit_message(view=None)
            await self.bot.open.lobby_started(session, interaction.message)
            home = next(
                (m for m in session.mirrors if m.channel_id == session.row.channel_id), None
            )
            where = (
                f"<#{home.thread_id}>"
                if home is not None and home.thread_id is not None
                else t("lobby_here", locale)
            )
            content = (
                self.payload(session)["content"] + "\n" + t("lobby_started", locale, where=where)
            )
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(
                    content=content, view=None, allowed_mentions=NO_MENTIONS
                )
        finally:
            schedule_drive(session)

    async def open_thread(
        self, interaction: Interaction, session: TableSession
    ) -> discord.Thread | None:
        """The table's own thread, or None where threads are not allowed."""
        names = [s.name for s in session.row.seat_list]
        # The table number first: two tables of the same players must be told apart.
        name = t(
            "thread_name",
            locale_of(session),
            game=t("game_" + session.row.game, locale_of(session)),
            id=session.id,
            names=", ".join(names),
        )
        name = name[:THREAD_NAME_LIMIT]
        message = interaction.message
        if message is None or not isinstance(interaction.channel, discord.TextChannel):
            return None
        try:
            return await message.create_thread(name=name, auto_archive_duration=1440)
        except discord.HTTPException:
            log.warning("table %s: no thread allowed here, playing in the channel", session.id)
            return None

    # ----------------------------------------------------------------- house rules
    async def house_rule(
        self, interaction: Interaction, table_id: int, key: str | None, values: list[str]
    ) -> None:
        """A house-rules select of this lobby (``bot.table.house_rules``)."""
        await self.rules.choose(interaction, table_id, key, values)
