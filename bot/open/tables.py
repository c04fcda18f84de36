"""Open tables, put together: what the bot (``bot.app``) and its cogs ask of them. Each job is
a module of this room (``queue``, ``seating``, ``leaving``, ``chat``, ``relay``); this is the
one object they are reached through."""

from __future__ import annotations

import discord

from bot.open.chat import Chat
from bot.open.leaving import Leaving
from bot.open.queue import OpenQueue
from bot.open.relay import Relay
from bot.open.seating import OpenHost, Seating
from bot.play.sessions import TableSession
from bot.storage.shards import Shards
from bot.text.i18n import t, user_locale
from bot.ui.replies import refuse
from games.records import Json

Interaction = discord.Interaction[discord.Client]


class OpenTables:
    def __init__(self, host: OpenHost, shards: Shards | None) -> None:
        self.host = host
        self.relay = Relay(host, shards)
        self.seating = Seating(host, self.relay)
        self.queue = OpenQueue(host, self.seating, self.relay)
        self.leaving = Leaving(host, self.seating, self.relay)
        self.talk = Chat(host)
        self.relay.on("pull", self._pull)
        host.tables.forward = self.relay.forward
        host.tables.shards = shards

    async def start(self) -> None:
        """Listen for what other clusters hand this one, and sweep the queue's waits."""
        await self.relay.start()
        self.queue.start()

    def stop(self) -> None:
        self.queue.stop()

    async def _pull(self, command: Json) -> None:
        await self.seating.pull(int(command["table"]))

    # ------------------------------------------------------------------ what cogs ask
    async def play(self, interaction: Interaction, game: str, seats: int | None, wait: int) -> None:
        await self.queue.play(interaction, game, seats, wait)

    async def queue_click(self, interaction: Interaction, verb: str) -> None:
        if verb == "leave":
            await self.queue.leave(interaction)
        elif verb == "now":
            await self.queue.now(interaction)
        else:
            await refuse(interaction, t("error_malformed", user_locale(interaction)))

    async def chat(self, interaction: Interaction, table_id: int, values: list[str]) -> None:
        await self.talk.choose(interaction, table_id, values)

    async def server_left(self, guild_id: int, *, removed: bool) -> None:
        await self.leaving.server_left(guild_id, removed=removed)

    async def member_left(self, guild_id: int, user_id: int) -> None:
        await self.leaving.member_left(guild_id, user_id)

    # ------------------------------------------------------------------ a server's lobby
    async def offer(self, session: TableSession) -> None:
        await self.seating.offer(session)

    async def joined(self, session: TableSession, user_id: int) -> None:
        await self.seating.joined(session, user_id)

    async def left(self, session: TableSession, user_id: int) -> None:
        await self.seating.left(session, user_id)

    async def lobby_started(self, session: TableSession, lobby: discord.Message | None) -> None:
        await self.seating.lobby_started(session, lobby)

    async def lobby_closed(self, session: TableSession) -> None:
        await self.seating.lobby_closed(session)
