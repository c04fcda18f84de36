"""How a click crosses shard clusters (docs/architecture.md, "How a click crosses clusters").

An open table has one owner, the cluster of its home server's shard, which alone holds it in
memory, drives it and edits its mirrors. A click on one of its mirrors reaches the cluster that
serves that mirror's server. That cluster acknowledges it at once (Discord's three seconds
never cross a process), then hands it to the owner: ``Relay.forward`` writes the click —
Discord's interaction as the owner needs it, its token included — to ``storage.relay`` and
rings the owner. The owner claims it (``Relay.drain``), rebuilds the interaction
(``RelayedInteraction``: answered already, so every answer of the usual code becomes an edit of
that acknowledgement or a follow-up through the interaction's webhook, which any process may
use for 15 minutes), and runs the very code a click of its own servers runs: the component's
``DynamicItem``, or the slash command. The same road carries what an owner must do for another
cluster's servers (``Relay.send``): seat queued players in its open lobby, close the mirrors of
a server that left.

One process (SQLite, or a bot without shards) owns every table: nothing is relayed, ``send``
runs its command at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.play.tables import Tables
from bot.storage.open.relay import Relayed
from bot.storage.shards import Shards
from bot.storage.storage import Storage
from bot.text.i18n import t, user_locale
from games.records import Json

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]
Handler = Callable[[Json], Awaitable[None]]
"""What an owner does for a command that is not a click (``Relay.on``)."""


class RelayHost(Protocol):
    """What the relay needs of the bot (``bot.app.AtoutBot`` has it)."""

    @property
    def storage(self) -> Storage: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    @property
    def _connection(self) -> Any: ...  # discord.py's ConnectionState: interactions are built on it


def user_payload(user: discord.abc.User) -> Json:
    """A user as Discord's payload writes them: enough for discord.py to build a ``User``."""
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.global_name,
        "discriminator": "0",
        "avatar": None,
    }


def click_payload(interaction: Interaction) -> Json:
    """What the owner needs of a click to carry it out and answer it: no server of the
    interaction is named to discord.py (the owner need not know the server), but kept aside."""
    data: Any = interaction.data or {}  # the interaction's JSON payload, as Discord sent it
    response = interaction.response.type
    return {
        "id": str(interaction.id),
        "application_id": str(interaction.application_id),
        "type": interaction.type.value,
        "token": interaction.token,
        "version": 1,
        "data": data,
        "locale": getattr(interaction.locale, "value", "en-US"),
        "guild_locale": getattr(interaction.guild_locale, "value", None),
        "user": user_payload(interaction.user),
        "app_permissions": str(interaction.app_permissions.value),
        "attachment_size_limit": interaction.filesize_limit,
        "atout_guild_id": interaction.guild_id,
        "atout_channel_id": interaction.channel_id,
        "atout_answered": None if response is None else response.value,
    }


class RelayedResponse(discord.InteractionResponse[discord.Client]):
    """The response of a click acknowledged by another cluster: answering it again would be
    refused by Discord, so each answer becomes what Discord allows after that acknowledgement
    (an edit of the acknowledgement, or a follow-up)."""

    def __init__(
        self, parent: Interaction, answered: discord.InteractionResponseType | None
    ) -> None:
        super().__init__(parent)
        self._response_type = answered

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        """Done where the click arrived."""

    async def send_message(self, content: Any = None, **post: Any) -> None:  # type: ignore[override]
        parent = self._parent
        ephemeral = bool(post.pop("ephemeral", False))
        for unused in ("tts", "suppress_embeds", "silent", "delete_after", "poll"):
            post.pop(unused, None)
        if self._response_type == discord.InteractionResponseType.deferred_channel_message:
            # After a "thinking" acknowledgement, the answer takes its place.
            files = list(post.pop("files", []) or [])
            if "file" in post:
                files.append(post.pop("file"))
            await parent.edit_original_response(content=content, attachments=files, **post)
            return
        await parent.followup.send(content, ephemeral=ephemeral, **post)

    async def edit_message(self, **changes: Any) -> None:
        await self._parent.edit_original_response(**changes)


class RelayedInteraction(discord.Interaction[discord.Client]):
    """A click that arrived at another cluster, rebuilt from its payload on the owner."""

    def __init__(self, *, data: Json, state: Any) -> None:
        bare = {k: v for k, v in data.items() if not k.startswith("atout_")}
        super().__init__(data=bare, state=state)  # type: ignore[arg-type]
        self.guild_id = data.get("atout_guild_id")
        self._atout_channel_id: int | None = data.get("atout_channel_id")
        answered = data.get("atout_answered")
        kind = None if answered is None else discord.InteractionResponseType(answered)
        self._atout_response = RelayedResponse(self, kind)

    @property
    def channel_id(self) -> int | None:
        return self._atout_channel_id

    @property
    def response(self) -> RelayedResponse:
        return self._atout_response


class Relay:
    def __init__(self, host: RelayHost, shards: Shards | None) -> None:
        self.host = host
        self.shards = shards
        self.token = secrets.token_hex(8)
        """This process: a command it claimed and did not finish is claimed again by the next."""
        self.handlers: dict[str, Handler] = {}
        self._draining: asyncio.Task[None] | None = None
        self._again = False
        self._table_locks: dict[int, asyncio.Lock] = {}
        self.carried = 0
        """Commands carried out here for another cluster (the tests and benchmarks read it)."""
        self._carrying: asyncio.Future[None] | None = None

    def on(self, kind: str, handler: Handler) -> None:
        """What to do with a command of ``kind`` (``pull``, ``server_left``…)."""
        self.handlers[kind] = handler

    # ------------------------------------------------------------------ who owns what
    def owner(self, guild_id: int) -> int | None:
        """The shard of the cluster that owns a table homed in ``guild_id``; None: this one."""
        if self.shards is None or self.shards.owns(guild_id):
            return None
        return self.shards.shard_of(guild_id)

    # ------------------------------------------------------------------ the arriving side
    async def forward(self, interaction: Interaction, table_id: int, shard: int) -> None:
        """A click on a table another cluster owns: acknowledged here (if the code that took it
        has not), handed to the owner."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        command = {"kind": "click", "click": click_payload(interaction)}
        await self.push(shard, table_id, command)

    async def send(self, guild_id: int, table_id: int, command: Json) -> None:
        """Have the owner of a table homed in ``guild_id`` do ``command``: at once when this
        cluster owns it, through the relay otherwise."""
        shard = self.owner(guild_id)
        if shard is None:
            await self.run(table_id, command)
        else:
            await self.push(shard, table_id, command)

    async def push(self, shard: int, table_id: int, command: Json) -> None:
        now = discord.utils.utcnow().strftime("%Y-%m-%dT%H:%M:%SZ")
        await self.host.storage.relay.push(shard, table_id, command, now)

    # ------------------------------------------------------------------ the owner's side
    async def start(self) -> None:
        """Listen for commands (PostgreSQL: rung by NOTIFY, scanned after every reconnect)."""
        if self.shards is not None and self.host.storage.relay.shared:
            await self.host.storage.relay.listen(self.ring)

    def ring(self) -> None:
        """Something may wait for this cluster: take it (one drain at a time)."""
        if self._draining is not None and not self._draining.done():
            self._again = True
            return
        self._again = False
        self._draining = asyncio.get_running_loop().create_task(
            self.drain(), name="atout-relay-drain"
        )

    async def drain(self) -> None:
        """Claim and carry out this cluster's commands, each table's in order, tables side by
        side; again while something rang meanwhile."""
        if self.shards is None:
            return
        while True:
            try:
                batch = await self.host.storage.relay.claim(self.shards.ids, self.token)
            except Exception:
                log.exception("relay: could not claim commands")
                return
            if batch:
                await asyncio.gather(*(self._carry(relayed) for relayed in batch))
                continue
            if not self._again:
                return
            self._again = False

    async def carried_out(self, count: int) -> None:
        """Until this cluster has carried out ``count`` commands (tests and benchmarks: the
        commands come from another process, through the database)."""
        while self.carried < count:
            if self._carrying is None or self._carrying.done():
                self._carrying = asyncio.get_running_loop().create_future()
            await self._carrying

    async def _carry(self, relayed: Relayed) -> None:
        lock = self._table_locks.setdefault(relayed.table_id, asyncio.Lock())
        async with lock:
            try:
                await self.run(relayed.table_id, relayed.command)
            except Exception:
                log.exception("table %s: a relayed command failed", relayed.table_id)
            finally:
                with contextlib.suppress(Exception):
                    await self.host.storage.relay.done(relayed)
                self.carried += 1
                if self._carrying is not None and not self._carrying.done():
                    self._carrying.set_result(None)

    async def run(self, table_id: int, command: Json) -> None:
        kind = str(command.get("kind"))
        if kind == "click":
            await self.click(command["click"])
            return
        handler = self.handlers.get(kind)
        if handler is None:
            log.warning("table %s: relayed command %r unknown here", table_id, kind)
            return
        await handler(command)

    async def click(self, payload: Json) -> None:
        """Carry out a click as if it had arrived here: the component's item, or the command."""
        interaction = RelayedInteraction(data=payload, state=self.host._connection)
        if interaction.type == discord.InteractionType.application_command:
            await self.host.tree._call(interaction)
            return
        data: Any = interaction.data or {}  # the component's JSON payload
        custom_id = str(data.get("custom_id", ""))
        component = int(data.get("component_type", 2))
        done = False
        for factory, match in dynamic_items(custom_id):
            base: discord.ui.Item[Any] = (
                discord.ui.Button(custom_id=custom_id)
                if component == 2
                else discord.ui.Select(custom_id=custom_id)
            )
            item = await factory.from_custom_id(interaction, base, match)
            await item.callback(interaction)
            done = True
        if not done:
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(
                    t("error_malformed", user_locale(interaction)), ephemeral=True
                )


def dynamic_items(
    custom_id: str,
) -> list[tuple[type[discord.ui.DynamicItem[Any]], re.Match[str]]]:
    """Every ``DynamicItem`` whose template reads ``custom_id``, as discord.py dispatches."""
    found: list[tuple[type[discord.ui.DynamicItem[Any]], re.Match[str]]] = []
    pending: list[type] = list(discord.ui.DynamicItem.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        pattern = getattr(cls, "__discord_ui_compiled_template__", None)
        if pattern is not None and (match := pattern.fullmatch(custom_id)) is not None:
            found.append((cls, match))
    return found
