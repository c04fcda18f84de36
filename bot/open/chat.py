"""Talking across servers: quick-chat phrases only (Belote.com's model), from a menu on the
hand of a player at an open table. No free text crosses servers: a phrase is a key, and each
mirror shows it in its own readers' language. A player may mute another for good; a mirror
where somebody muted the speaker does not show their phrases.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.open.seating import OpenHost
from bot.play.sessions import TableSession
from bot.table.access import session_or_refusal
from bot.table.channel import NO_MENTIONS
from bot.table.places import Place, places
from bot.text.i18n import t, user_locale
from bot.ui.chat import MUTE, PHRASES
from bot.ui.replies import refuse

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]

COOLDOWN_S = 3.0
"""A player says one phrase at most every this many seconds."""


class Chat:
    def __init__(self, host: OpenHost) -> None:
        self.host = host
        self.said: dict[int, float] = {}
        """user → loop time of their last phrase."""

    async def choose(self, interaction: Interaction, table_id: int, values: list[str]) -> None:
        """A choice on the quick-chat menu: a phrase said at every mirror, or a player muted."""
        mine = user_locale(interaction)
        await interaction.response.defer()
        session = await session_or_refusal(interaction, self.host.tables, table_id)
        if session is None:
            return
        seat = session.seat_of(interaction.user.id)
        if seat is None or not session.kind.mirrored:
            await refuse(interaction, t("error_not_seated", mine))
            return
        value = values[0] if len(values) == 1 else ""
        if value.startswith(MUTE) and value[len(MUTE) :].isdigit():
            await self.mute(interaction, session, int(value[len(MUTE) :]))
        elif value in PHRASES:
            await self.say(interaction, session, seat, value)
        else:
            await refuse(interaction, t("error_malformed", mine))

    async def say(
        self, interaction: Interaction, session: TableSession, seat: int, phrase: str
    ) -> None:
        user_id = interaction.user.id
        now = asyncio.get_running_loop().time()
        last = self.said.get(user_id)
        if last is not None and now - last < COOLDOWN_S:
            await refuse(
                interaction,
                t("chat_too_fast", user_locale(interaction), seconds=round(COOLDOWN_S)),
            )
            return
        self.said[user_id] = now
        name = session.names()[seat]
        readers = [user for place in places(session) for user in place.users]
        muted_by = await self.host.storage.open_tables.muters(user_id, readers)

        def words(place: Place) -> str | None:
            if muted_by & set(place.users):
                return None
            said = t(f"chat_{phrase}", place.language)
            shown = discord.utils.escape_markdown(name)
            return t("chat_line", place.language, name=shown, phrase=said)

        await self.host.ui.channel.tell(session, words, allowed_mentions=NO_MENTIONS)

    async def mute(self, interaction: Interaction, session: TableSession, seat: int) -> None:
        mine = user_locale(interaction)
        sitter = session.seat(seat)
        if sitter is None or sitter.user_id is None or sitter.user_id == interaction.user.id:
            await refuse(interaction, t("error_malformed", mine))
            return
        await self.host.storage.open_tables.mute(interaction.user.id, sitter.user_id)
        await refuse(interaction, t("chat_muted", mine, name=sitter.name))
