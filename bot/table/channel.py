"""Where a table speaks: its thread, or its channel where threads are not allowed or the thread
is gone. Every message of a table in play is posted through ``TableChannel.send``."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Protocol, TypedDict, Unpack

import discord

from bot.play.driving import schedule_drive
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.text.i18n import t
from bot.ui.codec import TableButtonId
from bot.ui.components import table_button

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


class Messageables(Protocol):
    """What a table's messages need of the Discord client (``discord.Client`` has it): a channel
    by its id, without fetching it."""

    def get_partial_messageable(
        self,
        id: int,
        *,
        guild_id: int | None = None,
        type: discord.ChannelType | None = None,
    ) -> discord.PartialMessageable: ...


class Post(TypedDict, total=False):
    """What a table's message may carry besides its text."""

    file: discord.File
    view: discord.ui.View
    allowed_mentions: discord.AllowedMentions


class PrivateTable(discord.ClientException):
    """A message for everybody at a private table that has no thread to post it in."""


class TableChannel:
    def __init__(self, client: Messageables) -> None:
        self.client = client
        self.on_move: list[Callable[[TableSession], None]] = []
        """Called when a table leaves its thread for its channel: what was posted in the
        thread (the ping) is forgotten by its owner."""

    def channel_id(self, session: TableSession) -> int:
        return session.row.thread_id or session.row.channel_id

    def messageable(self, session: TableSession) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(
            self.channel_id(session), guild_id=session.row.guild_id
        )

    def message(self, session: TableSession, message_id: int) -> discord.PartialMessage:
        """A message of the table's thread (or channel) by its id."""
        return self.messageable(session).get_partial_message(message_id)

    def message_in(
        self, session: TableSession, channel_id: int, message_id: int
    ) -> discord.PartialMessage:
        """A message of the table by its channel (the table may have moved since) and id."""
        channel = self.client.get_partial_messageable(channel_id, guild_id=session.row.guild_id)
        return channel.get_partial_message(message_id)

    async def send(
        self, session: TableSession, content: str | None = None, **post: Unpack[Post]
    ) -> discord.Message:
        """Send in the table's thread; if the thread was deleted or the bot may no longer
        write there, the table moves to its channel (for good) and the message goes there. A
        table whose kind may not use its channel (a challenge's deal) never speaks there:
        without its thread it speaks only in its player's ephemeral messages, and this refuses."""
        kind = session.kind
        if not kind.may_use_channel and session.row.thread_id is None:
            raise PrivateTable(f"table {session.id} is private and has no thread")
        try:
            return await self.messageable(session).send(content, **post)
        except (discord.NotFound, discord.Forbidden) as exc:
            if session.row.thread_id is None or not kind.may_use_channel:
                raise
            log.warning(
                "table %s: thread %s unusable (%s), moving to the channel",
                session.id,
                session.row.thread_id,
                exc.status,
            )
            await session.update_row(thread_id=None)
            for moved in self.on_move:
                moved(session)
            await session.update_row(table_message_id=None)
            with contextlib.suppress(discord.HTTPException):
                await self.messageable(session).send(
                    t("table_moved", locale_of(session), id=session.id),
                    allowed_mentions=NO_MENTIONS,
                )
            message = await self.messageable(session).send(content, **post)
            # The table message was in the thread: the next drive posts a new one here.
            schedule_drive(session)
            return message

    async def announce(self, session: TableSession, text: str) -> None:
        """A notice that a seat changed hands, with the button that gives the seat back."""
        view = discord.ui.View(timeout=None)
        view.add_item(
            table_button(
                t("button_rejoin", locale_of(session)),
                TableButtonId("rejoin", session.id),
                discord.ButtonStyle.success,
            )
        )
        try:
            await self.send(
                session, text, view=view, allowed_mentions=discord.AllowedMentions(users=True)
            )
        except discord.HTTPException:
            log.warning("table %s: could not post that a seat changed hands", session.id)
