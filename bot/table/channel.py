"""Where a table speaks: in each of its places (``bot.table.places``), its thread, or its channel
where threads are not allowed or the thread is gone. Every message of a table in play is posted
through ``TableChannel.send`` (one place) or ``TableChannel.tell`` (every place, each in its own
words), and an open table's mirrors keep to Discord's per-channel buckets (``Bucket``)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol, TypedDict, Unpack

import discord

from bot.play.driving import schedule_drive
from bot.play.sessions import TableSession
from bot.table.places import Place, places, set_place
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


SEND = "send"
EDIT = "edit"
"""Discord buckets requests by route and channel: sending a message in a channel is one
route, editing one of its messages another."""


class Bucket:
    """Discord's bucket for one route in one channel: at most ``rate`` requests in ``per``
    seconds. discord.py waits when Discord says a bucket is empty, per process; an open table's
    owner sends and edits every mirror of the table itself, so it keeps to the bucket before
    Discord has to say so (docs/architecture.md, "Open tables")."""

    def __init__(self, rate: int = 5, per: float = 5.0) -> None:
        self.rate = rate
        self.per = per
        self.sent: collections.deque[float] = collections.deque()

    def _wait(self) -> float:
        now = asyncio.get_running_loop().time()
        while self.sent and now - self.sent[0] >= self.per:
            self.sent.popleft()
        return 0.0 if len(self.sent) < self.rate else self.sent[0] + self.per - now

    def free(self) -> bool:
        return self._wait() <= 0

    async def room(self) -> None:
        """Wait until a request would go at once, without taking its place."""
        while (wait := self._wait()) > 0:
            await asyncio.sleep(wait)

    async def take(self) -> None:
        """Wait for room in the bucket, and take it."""
        while (wait := self._wait()) > 0:
            await asyncio.sleep(wait)
        self.sent.append(asyncio.get_running_loop().time())


class TableChannel:
    def __init__(self, client: Messageables) -> None:
        self.client = client
        self.on_move: list[Callable[[TableSession], None]] = []
        """Called when a table leaves its thread for its channel: what was posted in the
        thread (the ping) is forgotten by its owner."""
        self.buckets: dict[tuple[int, str], Bucket] = {}
        """(thread or channel of an open table's mirror, ``SEND`` or ``EDIT``) → its bucket."""

    def home(self, session: TableSession) -> Place:
        """The table's first place: an ordinary table's only one."""
        found = places(session)
        if not found:
            raise PrivateTable(f"table {session.id} is shown nowhere")
        return found[0]

    def channel_id(self, session: TableSession) -> int:
        return self.home(session).target

    def messageable(
        self, session: TableSession, place: Place | None = None
    ) -> discord.PartialMessageable:
        where = place or self.home(session)
        return self.client.get_partial_messageable(where.target, guild_id=where.guild_id)

    def message(
        self, session: TableSession, message_id: int, place: Place | None = None
    ) -> discord.PartialMessage:
        """A message of the table's thread (or channel) by its id."""
        return self.messageable(session, place).get_partial_message(message_id)

    def message_in(
        self, session: TableSession, channel_id: int, message_id: int
    ) -> discord.PartialMessage:
        """A message of the table by its channel (the table may have moved since) and id."""
        guild_id = next(
            (p.guild_id for p in places(session) if channel_id in (p.target, p.channel_id)),
            session.row.guild_id,
        )
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        return channel.get_partial_message(message_id)

    async def kept(self, place: Place, route: str = EDIT) -> None:
        """Room in a bucket of a mirror's channel (an ordinary table's place has none), taken
        as the request goes: Discord counts a request when it arrives."""
        if place.mirror:
            await self.buckets.setdefault((place.target, route), Bucket()).take()

    async def room(self, place: Place, route: str = EDIT) -> None:
        """Wait until the bucket of a mirror's channel has room, without taking it: whoever
        waits then prepares a request (draws the table) and takes the room as it sends it."""
        if place.mirror:
            await self.buckets.setdefault((place.target, route), Bucket()).room()

    def bucket_free(self, place: Place, route: str = EDIT) -> bool:
        """Whether a request of that route in the place's channel would go at once."""
        bucket = self.buckets.get((place.target, route))
        return bucket is None or bucket.free()

    async def edit(
        self, session: TableSession, place: Place, message_id: int, **changes: Any
    ) -> discord.Message:
        """Edit one of the place's messages (``PartialMessage.edit``'s arguments)."""
        await self.kept(place)
        return await self.message(session, message_id, place).edit(**changes)

    async def send(
        self,
        session: TableSession,
        content: str | None = None,
        *,
        place: Place | None = None,
        **post: Unpack[Post],
    ) -> discord.Message:
        """Send in the place's thread (the table's own place by default); if the thread was
        deleted or the bot may no longer write there, the place moves to its channel (for
        good) and the message goes there. A table whose kind may not use its channel (a
        challenge's deal) never speaks there: without its thread it speaks only in its player's
        ephemeral messages, and this refuses."""
        kind = session.kind
        where = place or self.home(session)
        if not kind.may_use_channel and where.thread_id is None:
            raise PrivateTable(f"table {session.id} is private and has no thread")
        await self.kept(where, SEND)
        try:
            return await self.messageable(session, where).send(content, **post)
        except (discord.NotFound, discord.Forbidden) as exc:
            if where.thread_id is None or not kind.may_use_channel:
                raise
            log.warning(
                "table %s: thread %s unusable (%s), moving to the channel",
                session.id,
                where.thread_id,
                exc.status,
            )
            where = await set_place(session, where, thread_id=None)
            for moved in self.on_move:
                moved(session)
            where = await set_place(session, where, message_id=None)
            with contextlib.suppress(discord.HTTPException):
                await self.messageable(session, where).send(
                    t("table_moved", where.language, id=session.id),
                    allowed_mentions=NO_MENTIONS,
                )
            message = await self.messageable(session, where).send(content, **post)
            # The table message was in the thread: the next drive posts a new one here.
            schedule_drive(session)
            return message

    async def tell(
        self,
        session: TableSession,
        words: Callable[[Place], str | None],
        **post: Unpack[Post],
    ) -> None:
        """Post in every place, each in its own words (``words`` answers None: nothing there).
        A place that cannot be written to is logged and skipped: the others still hear it."""
        for place in places(session):
            text = words(place)
            if text is None:
                continue
            try:
                await self.send(session, text, place=place, **post)
            except discord.HTTPException:
                log.warning("table %s: could not post in %s", session.id, place.target)

    async def announce(self, session: TableSession, words: Callable[[Place], str]) -> None:
        """A notice that a seat changed hands, with the button that gives the seat back."""
        for place in places(session):
            view = discord.ui.View(timeout=None)
            view.add_item(
                table_button(
                    t("button_rejoin", place.language),
                    TableButtonId("rejoin", session.id),
                    discord.ButtonStyle.success,
                )
            )
            try:
                await self.send(
                    session,
                    words(place),
                    place=place,
                    view=view,
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            except discord.HTTPException:
                log.warning("table %s: could not post that a seat changed hands", session.id)


def who(place: Place, user_id: int, name: str) -> str:
    """A person as a place may name them: mentioned where they read the table, by name
    elsewhere (a user id never reaches another server)."""
    return f"<@{user_id}>" if user_id in place.users else f"**{name}**"
