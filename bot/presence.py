"""Who is still at the table: missed turns, coming back, and tables nobody uses any more.

The turn timer (``TableUI._turn_timer``) lets a computer play one turn for an absent player;
this module counts those turns, and after ``MISSED_TURNS_LIMIT`` in a row gives the seat to a
computer until the player comes back (``/table rejoin`` or the "Take my seat back" button).
A sweep, every minute, closes lobbies that never start and tables everybody has left, each
with a message, so that nothing waits forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.codec import TableButtonId
from bot.components import table_button
from bot.i18n import t, user_locale
from bot.lobby import computer_name
from bot.sessions import TableSession
from bot.table_ui import NO_MENTIONS, locale_of, refuse

if TYPE_CHECKING:
    from bot.app import AtoutBot

log = logging.getLogger(__name__)

DEFAULT_TURN_TIMER_S = 120
"""The turn timer of a table when ``/<game> start`` does not choose one (0 turns it off)."""
MISSED_TURNS_LIMIT = 3
"""Turns in a row the timer plays for somebody before a computer keeps their seat."""
LOBBY_TTL_S = 30 * 60
"""A lobby that has not started after this long is closed."""
DESERTED_TTL_S = 10 * 60
"""A table everybody has left waits this long for somebody to come back, then ends."""
SWEEP_EVERY_S = 60.0


class Presence:
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot
        self.missed: dict[tuple[int, int], int] = {}
        """(table, seat) → turns the timer played in a row for that seat's player."""
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

    # ------------------------------------------------------------------ missed turns
    def acted(self, table_id: int, seat: int) -> None:
        """The player played in time: the count of missed turns starts again."""
        self.missed.pop((table_id, seat), None)

    async def turn_missed(self, session: TableSession, seat: int, user_id: int) -> None:
        key = (session.id, seat)
        self.missed[key] = self.missed.get(key, 0) + 1
        if self.missed[key] < MISSED_TURNS_LIMIT or not session.playing:
            return
        del self.missed[key]
        locale = locale_of(session)
        name = computer_name(session, locale)
        level = str(session.row.settings.get("level", "easy"))
        if await session.replace_with_computer(user_id, level, name) is None:
            return
        text = t(
            "away_timer",
            locale,
            mention=f"<@{user_id}>",
            turns=MISSED_TURNS_LIMIT,
            name=name,
        )
        if session.deserted:
            text += "\n" + t("table_deserted", locale, minutes=DESERTED_TTL_S // 60)
        await self.announce(session, text)

    async def announce(self, session: TableSession, text: str) -> None:
        """A notice in the table's thread with the button that gives the seat back."""
        view = discord.ui.View(timeout=None)
        view.add_item(
            table_button(
                t("button_rejoin", locale_of(session)),
                TableButtonId("rejoin", session.id),
                discord.ButtonStyle.success,
            )
        )
        try:
            await self.bot.ui.send_to_table(
                session, text, view=view, allowed_mentions=discord.AllowedMentions(users=True)
            )
        except discord.HTTPException:
            log.warning("table %s: could not post that a seat changed hands", session.id)

    # ------------------------------------------------------------------- coming back
    async def rejoin(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """``/table rejoin`` and the "Take my seat back" button: only the player who left."""
        mine = user_locale(interaction)
        session = await self.bot.tables.get(table_id)
        if session is None or session.row.guild_id != interaction.guild_id:
            await refuse(interaction, t("error_no_table", mine))
            return
        locale = locale_of(session)
        error = await session.come_back(interaction.user.id)
        if error is not None:
            await refuse(interaction, t(f"error_{error}", mine))
            return
        seat = session.seat_of(interaction.user.id)
        if seat is not None:
            self.acted(table_id, seat)
        self.idle_since.pop(table_id, None)
        await refuse(interaction, t("rejoined", mine, id=table_id))
        with contextlib.suppress(discord.HTTPException):
            await self.bot.ui.send_to_table(
                session,
                t("rejoined_public", locale, mention=f"<@{interaction.user.id}>"),
                allowed_mentions=NO_MENTIONS,
            )
        # Redraw the names, ping the player if it is their turn, wake a deserted table.
        session.schedule_drive()

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
        for session in list(self.bot.tables.sessions.values()):
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
        if not await session.abandon():
            return
        locale = locale_of(session)
        if lobby:
            await self._close_lobby(session, t("lobby_expired", locale, minutes=LOBBY_TTL_S // 60))
            self.bot.tables.sessions.pop(session.id, None)
            return
        await self.bot.ui.abandoned(session)
        with contextlib.suppress(discord.HTTPException):
            await self.bot.ui.send_to_table(
                session,
                t("table_expired", locale, id=session.id, minutes=DESERTED_TTL_S // 60),
                allowed_mentions=NO_MENTIONS,
            )

    async def _close_lobby(self, session: TableSession, note: str) -> None:
        if session.row.lobby_message_id is None:
            return
        channel = self.bot.get_partial_messageable(
            session.row.channel_id, guild_id=session.row.guild_id
        )
        content = self.bot.lobby.payload(session)["content"] + "\n" + note
        try:
            await channel.get_partial_message(session.row.lobby_message_id).edit(
                content=content, view=None, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException:
            log.warning("table %s: could not close the expired lobby", session.id)
