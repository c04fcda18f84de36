"""``/table``: what every table shares — a fresh hand, leaving (a computer player takes the
seat), abandoning, exporting the record, and reading the house rules."""

from __future__ import annotations

import io
import json
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AtoutBot, atout
from bot.play.absence import DESERTED_TTL_S, hand_to_computer
from bot.play.driving import schedule_drive
from bot.play.ending import vote_to_abandon
from bot.play.lobby import leave_lobby
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.table.access import hidden_from, session_or_refusal
from bot.table.channel import who
from bot.table.commands import describe
from bot.table.places import Place
from bot.text.i18n import t, user_locale
from bot.text.rules import option_text, rule_label
from bot.ui.replies import refuse
from games.registry import game_class

Interaction = discord.Interaction[discord.Client]


async def find_table(interaction: Interaction, table: int | None) -> TableSession | None:
    """The table named by ``table:``, or the table of this thread; answers when there is none."""
    client = atout(interaction.client)
    mine = user_locale(interaction)
    if table is not None:
        # Table ids are global: a table of another server is not this server's business.
        return await session_or_refusal(interaction, client.tables, table, same_server=True)
    if interaction.channel_id is not None:
        table_id = await client.tables.thread_table(interaction.channel_id)
        session = None if table_id is None else await client.tables.get(table_id)
        if session is not None and not hidden_from(session, interaction.user.id):
            return session
        if table_id is not None and client.tables.elsewhere(table_id) is not None:
            # An open table's mirror whose table another cluster drives: it answers.
            return await session_or_refusal(interaction, client.tables, table_id)
    await refuse(interaction, t("error_table_needed", mine))
    return None


async def challenge_refusal(interaction: Interaction, session: TableSession) -> bool:
    """A table whose kind may not be left (a challenge's deal) is not left nor abandoned: its
    player simply stops, and comes back with ``/challenge play`` (docs/challenges.md)."""
    if session.kind.may_leave:
        return False
    await refuse(interaction, t("error_challenge_table", user_locale(interaction)))
    return True


TableBody = Callable[["Tables", "Interaction", TableSession], Awaitable[None]]
TableCommand = app_commands.Command["Tables", [int | None], None]


def table_command(
    name: str, *, refuses_challenges: bool = False
) -> Callable[[TableBody], TableCommand]:
    """``/table <name>``, written once for each: the ``table:`` option, the table it names (or
    the thread's table, answered when there is none), the refusal of a challenge's deal where
    the command would leave it (``refuses_challenges``), then ``body`` with the table."""

    def decorate(body: TableBody) -> TableCommand:
        async def command(self: Tables, interaction: Interaction, table: int | None = None) -> None:
            session = await find_table(interaction, table)
            if session is None:
                return
            if refuses_challenges and await challenge_refusal(interaction, session):
                return
            await body(self, interaction, session)

        # discord.py reads the options from this signature, and takes a callback for a cog's
        # method (``self`` first) when its qualified name is inside a class.
        command.__name__, command.__qualname__ = body.__name__, body.__qualname__
        described = app_commands.describe(table=describe("opt_table"))(command)
        key = "cmd_table_" + name  # the command's description in the catalogues
        return app_commands.command(name=name, description=describe(key))(described)

    return decorate


@app_commands.guild_only()
class Tables(commands.GroupCog, group_name="table", group_description=describe("cmd_table")):
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot

    @table_command("hand")
    async def hand(self, interaction: Interaction, session: TableSession) -> None:
        await self.bot.ui.hand(interaction, session.id)

    @table_command("leave", refuses_challenges=True)
    async def leave(self, interaction: Interaction, session: TableSession) -> None:
        mine = user_locale(interaction)
        if session.seat_of(interaction.user.id) is None:
            await refuse(interaction, t("error_not_seated", mine))
            return
        if session.row.status == "lobby":
            await leave_lobby(session, interaction.user.id)
            await self.bot.lobby.refresh(session)
            await refuse(interaction, t("table_left_lobby", mine, id=session.id))
            return
        if not session.playing:
            await refuse(interaction, t("error_not_playing", mine))
            return
        name = await hand_to_computer(session, interaction.user.id)
        if name is None:
            await refuse(interaction, t("error_not_seated", mine))
            return
        await refuse(interaction, t("table_left", mine, id=session.id, name=name))
        user = interaction.user.id
        away = session.settings.away_seat_of(user)
        player = away.name if away is not None else ""

        def words(place: Place) -> str:
            text = t(
                "table_left_public", place.language, mention=who(place, user, player), name=name
            )
            if session.deserted:
                text += "\n" + t("table_deserted", place.language, minutes=DESERTED_TTL_S // 60)
            return text

        await self.bot.presence.announce(session, words)
        schedule_drive(session)

    @table_command("rejoin")
    async def rejoin(self, interaction: Interaction, session: TableSession) -> None:
        await self.bot.presence.rejoin(interaction, session.id)

    @table_command("abandon", refuses_challenges=True)
    async def abandon(self, interaction: Interaction, session: TableSession) -> None:
        locale = locale_of(session)
        vote = await vote_to_abandon(session, interaction.user.id)
        if vote.error is not None:
            await refuse(interaction, t(f"error_{vote.error}", user_locale(interaction)))
            return
        if not vote.abandoned:
            await interaction.response.send_message(
                t("table_abandon_vote", locale, votes=vote.votes, needed=vote.needed, id=session.id)
            )
            return
        await interaction.response.send_message(t("table_abandoned", locale, id=session.id))
        await self.bot.ui.abandoned(session)
        await self.bot.lobby.closed(session)

    @table_command("export")
    async def export(self, interaction: Interaction, session: TableSession) -> None:
        locale = user_locale(interaction)
        if session.game is None:
            await refuse(interaction, t("error_not_playing", locale))
            return
        game = session.game
        # While the game is in progress the current deal's deck would reveal the hands.
        record = game.to_record(completed_only=not game.over)
        data = json.dumps(record, indent=2).encode()
        file = discord.File(io.BytesIO(data), filename=f"atout-table-{session.id}.json")
        # Only the asker wants the file: a public post for every export filled the channel.
        await interaction.response.send_message(
            t("table_export_name", locale, id=session.id), file=file, ephemeral=True
        )

    @table_command("rules")
    async def rules(self, interaction: Interaction, session: TableSession) -> None:
        locale = user_locale(interaction)
        cls = game_class(session.row.game)
        options = cls.check_options(session.row.options, session.row.seats)
        lines = [
            t(
                "table_rules_title",
                locale,
                id=session.id,
                game=t(f"game_{session.row.game}", locale),
            )
        ]
        for spec in cls.OPTIONS:
            value = options.get(spec.name)
            lines.append(
                t(
                    "table_rules_line",
                    locale,
                    key=rule_label(spec.name, locale),
                    value=option_text(value, locale, spec.name),
                )
            )
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tables(atout(bot)))
