"""A server leaves the open tables, or a player their server: nothing lost, the others unaffected.

- A server turns open tables off (``/atout settings open_tables:false``) or removes the bot: its
  players leave the queue (told in their ``/play`` answer), its lobbies offered to the queue
  close, and at each open table in play where it has a mirror, that mirror is closed and its
  players' seats go to computers; the table goes on in the other servers.
- A player banned from their server: their place in the queue goes, and their seat at an open
  table they read from that server goes to a computer. The other servers read that they left,
  never why.

Each table's part is done by its owner (``Relay.send``), whichever cluster heard the news.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.open.relay import Relay
from bot.open.seating import OpenHost, Seating, edit_answer
from bot.play.driving import schedule_drive
from bot.play.ending import abandon
from bot.play.sessions import TableSession
from bot.table.channel import NO_MENTIONS
from bot.table.places import Place
from bot.text.i18n import t
from games.records import Json

log = logging.getLogger(__name__)


class Leaving:
    def __init__(self, host: OpenHost, seating: Seating, relay: Relay) -> None:
        self.host = host
        self.seating = seating
        self.relay = relay
        relay.on("server_left", self._server_left)
        relay.on("member_left", self._member_left)

    # ------------------------------------------------------------------ heard here
    async def server_left(self, guild_id: int, *, removed: bool) -> None:
        """``guild_id`` turned open tables off (``removed``: or removed the bot)."""
        storage = self.host.storage
        for entry in await storage.open_tables.remove_server(guild_id):
            if not removed:
                await edit_answer(self.host, entry.answer, t("open_server_off", entry.language))
        for table_id in await storage.open_tables.tables_in_server(guild_id):
            row = await storage.tables.get(table_id)
            if row is not None:
                command = {"kind": "server_left", "guild": guild_id, "removed": removed}
                await self.relay.send(row.guild_id, table_id, command)
        for table_id, home in await storage.open_tables.lobbies_of(guild_id):
            await self.relay.send(home, table_id, {"kind": "server_left", "guild": guild_id})

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """``user_id`` was banned from ``guild_id``: out of the queue, out of their seats."""
        storage = self.host.storage
        held = await storage.open_tables.queued(user_id)
        if held is not None and held.guild_id == guild_id:
            await storage.open_tables.leave(user_id)
        table_id = await storage.open_tables.seated_at(user_id)
        if table_id is None:
            return
        row = await storage.tables.get(table_id)
        if row is not None and row.settings.open:
            command = {"kind": "member_left", "guild": guild_id, "user": user_id}
            await self.relay.send(row.guild_id, table_id, command)

    # ------------------------------------------------------------------ the owner's part
    async def _server_left(self, command: Json) -> None:
        guild_id = int(command["guild"])
        removed = bool(command.get("removed"))
        for session in await self._sessions_of(guild_id):
            if session.row.status == "lobby" and session.row.guild_id == guild_id:
                await self._close_lobby(session)
                continue
            for mirror in [m for m in session.mirrors if m.guild_id == guild_id and not m.closed]:
                if not removed:
                    with contextlib.suppress(discord.HTTPException):
                        target = mirror.thread_id or mirror.channel_id
                        channel = self.host.get_partial_messageable(target, guild_id=guild_id)
                        await channel.send(
                            t("open_mirror_closed", mirror.language), allowed_mentions=NO_MENTIONS
                        )
                await session.set_mirror(mirror.channel_id, closed=True)
                why = "open_seat_gone_removed" if removed else "open_seat_gone"
                for user_id in mirror.users:
                    await self._gone(session, user_id)
                    # Privately, in the hand they played from, while its token lives.
                    await self.host.ui.hands.tell(session.id, user_id, why, id=session.id)
            await self._carry_on(session)

    async def _member_left(self, command: Json) -> None:
        guild_id, user_id = int(command["guild"]), int(command["user"])
        for session in await self._sessions_of(guild_id):
            mirror = next(
                (m for m in session.mirrors if m.guild_id == guild_id and user_id in m.users),
                None,
            )
            if mirror is None:
                continue
            await self._gone(session, user_id)
            users = tuple(u for u in mirror.users if u != user_id)
            await session.set_mirror(mirror.channel_id, users=users, closed=not users)
            await self._carry_on(session)

    async def _sessions_of(self, guild_id: int) -> list[TableSession]:
        found = []
        storage = self.host.storage
        ids = set(await storage.open_tables.tables_in_server(guild_id))
        ids |= {table_id for table_id, _ in await storage.open_tables.lobbies_of(guild_id)}
        for table_id in sorted(ids):
            session = await self.host.tables.get(table_id)
            if session is not None and session.row.status in ("lobby", "playing"):
                found.append(session)
        return found

    async def _gone(self, session: TableSession, user_id: int) -> None:
        """A computer takes the seat for good; the other mirrors read that its player left."""
        seat = session.seat_of(user_id)
        player = session.seat(seat) if seat is not None else None
        if player is None:
            return
        if session.row.status == "lobby":
            async with session.lock:
                await session.clear_seat(player.seat)
            return
        computer = await self.seating.to_computer(session, user_id)
        if computer is None:
            return

        def words(place: Place) -> str:
            return t("open_player_gone", place.language, name=player.name, computer=computer)

        await self.host.ui.channel.tell(session, words, allowed_mentions=NO_MENTIONS)

    async def _carry_on(self, session: TableSession) -> None:
        """The table goes on elsewhere; with nobody left at it, it ends (no game is played to
        an empty room)."""
        if session.row.status == "lobby":
            await self.host.lobby.refresh(session)
            return
        if not session.humans():
            if await abandon(session):
                await self.host.ui.abandoned(session)
            return
        schedule_drive(session)

    async def _close_lobby(self, session: TableSession) -> None:
        if await abandon(session):
            # Its players from the queue are told by the lobby's closing (``Lobby.withdrawn``).
            await self.host.lobby.closed(session)
            self.host.tables.sessions.pop(session.id, None)
