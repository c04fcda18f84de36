"""Where an attempt is played: a private thread of the challenge's channel that only its player
(and the bot) is in, or — where the bot may not open one — the player's ephemeral messages.

A private thread is invitable by nobody but moderators (``invitable=False``): the player cannot
bring a friend who has not played the deals yet. Members with Manage Threads can open any private
thread of a server; that is Discord's rule, said in docs/challenges.md.
"""

from __future__ import annotations

import logging
from typing import Protocol

import discord

from bot.table.lobby import THREAD_NAME_LIMIT

log = logging.getLogger(__name__)


class Channels(Protocol):
    """What the threads need of the Discord client (``discord.Client`` has it)."""

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None: ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> discord.abc.GuildChannel | discord.abc.PrivateChannel | discord.Thread: ...


async def open_private_thread(
    client: Channels, channel_id: int, name: str, user_id: int
) -> discord.Thread | None:
    """A new private thread of ``channel_id`` with ``user_id`` in it, or None where the bot may not
    open one (no permission, not a text channel): the attempt is then played in ephemeral
    messages."""
    channel = client.get_channel(channel_id)
    if not isinstance(channel, discord.TextChannel):
        return None
    try:
        thread = await channel.create_thread(
            name=name[:THREAD_NAME_LIMIT],
            type=discord.ChannelType.private_thread,
            invitable=False,
            # A week: an attempt may be left for days and resumed while the challenge is open.
            auto_archive_duration=10080,
        )
        await thread.add_user(discord.Object(id=user_id))
    except discord.HTTPException as exc:
        log.info("no private thread in channel %s (%s): ephemeral messages", channel_id, exc.status)
        return None
    return thread


async def reopen(client: Channels, thread_id: int, user_id: int) -> discord.Thread | None:
    """The attempt's thread again, with its player in it (they may have left it), or None when
    it is gone."""
    thread = client.get_channel(thread_id)
    if not isinstance(thread, discord.Thread):
        try:
            fetched = await client.fetch_channel(thread_id)
        except discord.HTTPException:
            return None
        if not isinstance(fetched, discord.Thread):
            return None
        thread = fetched
    try:
        if thread.archived:
            await thread.edit(archived=False)
        await thread.add_user(discord.Object(id=user_id))
    except discord.HTTPException:
        return None
    return thread
