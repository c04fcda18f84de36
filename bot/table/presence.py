"""Who is still at the table: coming back, and tables nobody uses any more.

The turn timer (``bot.play.turn_timer``) lets a computer play one turn for an absent player, and
``bot.play.absence`` gives the seat to a computer after ``MISSED_TURNS_LIMIT`` in a row, until the
player comes back (``/table rejoin`` or the "Take my seat back" button, answered here).
A sweep, every minute, closes lobbies that never start and tables everybody has left, each
with a message, so that nothing waits forever.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.play.absence import DESERTED_TTL_S, MISSED_TURNS_LIMIT, come_back
from bot.play.driving import schedule_drive
from bot.play.ending import abandon
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.play.tables import Tables
from bot.table.access import session_or_refusal
from bot.table.channel import NO_MENTIONS, Messageables, TableChannel, who
from bot.table.controller import TableUI
from bot.table.lobby import Lobby
from bot.table.places import Place
from bot.text.i18n import t, user_locale
from bot.ui.replies import refuse

__all__ = [
    "DEFAULT_TURN_TIMER_S",
    "DESERTED_TTL_S",
    "LOBBY_TTL_S",
    "MISSED_TURNS_LIMIT",
    "SWEEP_EVERY_S",
    "Presence",
]

log = logging.getLogger(__name__)

DEFAULT_TURN_TIMER_S = 120
"""The turn timer of a table when ``/<game> start`` does not choose one (0 turns it off)."""
LOBBY_TTL_S = 30 * 60
"""A lobby that has not started after this long is closed."""
SWEEP_EVERY_S = 60.0


class Presence:
    def __init__(
        self,
        client: Messageables,
        tables: Tables,
        channel: TableChannel,
        ui: TableUI,
        lobby: Lobby,
    ) -> None:
        self.client = client
        self.tables = tables
        self.channel = channel
        self.ui = ui
        self.lobby = lobby
        self.idle_since: dict[int, float] = {}
        """table → loop time at which the sweep first saw it waiting (a lobby, or deserted)."""
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(
                self._sweep_loop(), name="atout-presence-sweep"
            )

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None

    async def announce(self, session: TableSession, words: Callable[[Place], str]) -> None:
        """A notice in each of the table's places with the button that gives the seat back."""
        await self.channel.announce(session, words)

    # ------------------------------------------------------------------- coming back
    async def rejoin(self, interaction: discord.Interaction[discord.Client], table_id: int) -> None:
        """``/table rejoin`` and the "Take my seat back" button: only the player who left."""
        mine = user_locale(interaction)
        session = await session_or_refusal(interaction, self.tables, table_id, same_server=True)
        if session is None:
            return
        error = await come_back(session, interaction.user.id)
        if error is not None:
            await refuse(interaction, t(f"error_{error}", mine))
            return
        self.idle_since.pop(table_id, None)
        await refuse(interaction, t("rejoined", mine, id=table_id))
        user = interaction.user
        name = session.seat(session.seat_of(user.id) or 0)
        await self.channel.tell(
            session,
            lambda place: t(
                "rejoined_public",
                place.language,
                mention=who(place, user.id, name.name if name is not None else ""),
            ),
            allowed_mentions=NO_MENTIONS,
        )
        # Redraw the names, ping the player if it is their turn, wake a deserted table.
        schedule_drive(session)

    # -------------------------------------------------------------------- the sweep
    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY_S)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep of idle tables failed")

    async def sweep(self) -> None:
        now = asyncio.get_running_loop().time()
        for session in list(self.tables.sessions.values()):
            lobby = session.row.status == "lobby"
            if not (lobby or (session.row.status == "playing" and session.deserted)):
                self.idle_since.pop(session.id, None)
                continue
            since = self.idle_since.setdefault(session.id, now)
            if now - since >= (LOBBY_TTL_S if lobby else DESERTED_TTL_S):
                self.idle_since.pop(session.id, None)
                await self.expire(session)

    async def expire(self, session: TableSession) -> None:
        lobby = session.row.status == "lobby"
        if not await abandon(session):
            return
        locale = locale_of(session)
        if lobby:
            await self.lobby.withdrawn(session)
            await self._close_lobby(session, t("lobby_expired", locale, minutes=LOBBY_TTL_S // 60))
            self.tables.sessions.pop(session.id, None)
            return
        await self.ui.abandoned(session)
        await self.channel.tell(
            session,
            lambda place: t(
                "table_expired", place.language, id=session.id, minutes=DESERTED_TTL_S // 60
            ),
            allowed_mentions=NO_MENTIONS,
        )

    async def _close_lobby(self, session: TableSession, note: str) -> None:
        if session.row.lobby_message_id is None:
            return
        channel = self.client.get_partial_messageable(
            session.row.channel_id, guild_id=session.row.guild_id
        )
        content = self.lobby.payload(session)["content"] + "\n" + note
        try:
            await channel.get_partial_message(session.row.lobby_message_id).edit(
                content=content, view=None, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException:
            log.warning("table %s: could not close the expired lobby", session.id)
