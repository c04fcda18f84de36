"""``/play``: the instance's queue, and its private answer.

A player queues for a game and a seat count, with each game's standard house rules. The answer
is theirs alone: how many wait, across how many servers, and the buttons Leave the queue and
Start now with computers. A table starts as soon as enough wait (mixing servers when it can,
``storage.open_tables.take_group``); a lobby of a server offered to the queue takes them first;
past the wait the player chose, computers take the free seats (the sweep). One place per player:
``/play`` again says where they are. Every refusal is one line, and changes nothing.
"""

from __future__ import annotations

import asyncio
import collections
import datetime
import logging

import discord

from bot.open.relay import Relay, click_payload
from bot.open.seating import OpenHost, Seating, edit_answer
from bot.storage.databases.database import TIME_FORMAT
from bot.storage.open.interface import Queued
from bot.storage.settings.server import ServerSettings
from bot.text.i18n import DEFAULT_LOCALE, supported, t, user_locale
from bot.ui.codec import QueueButtonId
from bot.ui.components import queue_button
from bot.ui.replies import refuse
from games.registry import game_class

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]

DEFAULT_WAIT_MINUTES = 2
WAIT_CHOICES = (1, 2, 5, 10)
"""Minutes a player may choose to wait for people before computers take the free seats."""
RATE = 5
RATE_WINDOW_S = 300.0
"""A player queues (or leaves the queue) at most ``RATE`` times in ``RATE_WINDOW_S``."""
SWEEP_AT_MOST_S = 60.0
"""The longest a cluster sleeps between two looks at its players' waits while some wait (it
wakes when the first wait is over, and looks again when one of its players queues); with
nobody of its servers waiting it does not look at all."""
NEEDED = (
    "view_channel",
    "send_messages",
    "create_public_threads",
    "send_messages_in_threads",
    "attach_files",
)
"""What the bot must be allowed in the channel of ``/play``: the table is shown there."""


def now_text() -> str:
    """Discord's clock (simcord's in tests), as the schema stores a moment."""
    return discord.utils.utcnow().strftime(TIME_FORMAT)


def global_name(user: discord.abc.User) -> str:
    """What every server reads of a player: their Discord global name, never a server's
    nickname for them."""
    return user.global_name or user.name


def reader_language(interaction: Interaction, server: ServerSettings) -> str:
    """The language of a player's mirror: their own where Atout speaks it, else their
    server's."""
    tag = getattr(interaction.locale, "value", interaction.locale)
    spoken = supported(tag)
    if spoken != DEFAULT_LOCALE or str(tag).lower().startswith("en"):
        return spoken
    return server.table_language(interaction.guild_locale)


def missing(permissions: discord.Permissions) -> list[str]:
    return [name for name in NEEDED if not getattr(permissions, name)]


class OpenQueue:
    def __init__(self, host: OpenHost, seating: Seating, relay: Relay) -> None:
        self.host = host
        self.seating = seating
        self.relay = relay
        self.recent: dict[int, collections.deque[float]] = {}
        """user → loop times of their last queue actions (``RATE``)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._sleeping = False

    # ------------------------------------------------------------------ /play
    async def play(self, interaction: Interaction, game: str, seats: int | None, wait: int) -> None:
        mine = user_locale(interaction)
        storage = self.host.storage
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None:
            await refuse(interaction, t("error_guild_only", mine))
            return
        try:
            cls = game_class(game)
        except KeyError:
            await refuse(interaction, t("error_malformed", mine))
            return
        seats = cls.SEAT_COUNTS[0] if seats is None else seats
        if seats not in cls.SEAT_COUNTS or wait not in WAIT_CHOICES:
            counts = ", ".join(str(n) for n in cls.SEAT_COUNTS)
            name = t(f"game_{game}", mine)
            await refuse(interaction, t("play_bad_seats", mine, game=name, counts=counts))
            return
        server = await storage.settings.server(guild_id)
        if not server.open_tables:
            await refuse(interaction, t("play_off", mine))
            return
        lacking = missing(interaction.app_permissions)
        if lacking:
            words = ", ".join(t(f"permission_{name}", mine) for name in lacking)
            await refuse(interaction, t("play_permissions", mine, permissions=words))
            return
        held = await storage.open_tables.queued(interaction.user.id)
        if held is not None:
            await refuse(interaction, await self.already(held, mine))
            return
        wait_s = self.too_fast(interaction.user.id)
        if wait_s:
            await refuse(interaction, t("play_too_fast", mine, seconds=wait_s))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        seated = await storage.open_tables.seated_at(interaction.user.id)
        if seated is not None:
            await refuse(interaction, t("play_seated", mine, id=seated))
            return
        entry = Queued(
            user_id=interaction.user.id,
            game=game,
            seats=seats,
            guild_id=guild_id,
            channel_id=channel_id,
            name=global_name(interaction.user),
            language=reader_language(interaction, server),
            wait_s=wait * 60,
            queued_at=now_text(),
            answer=click_payload(interaction),
        )
        held = await storage.open_tables.enqueue(entry)
        if held is not None:  # a second /play a moment after the first
            await refuse(interaction, await self.already(held, mine))
            return
        self.start()  # its wait may be the first to end
        await self.match(entry)
        if await storage.open_tables.queued(entry.user_id) is None:
            return  # seated meanwhile: the answer says where (``Seating``)
        await interaction.edit_original_response(
            content=await self.status(entry, mine), view=self.buttons(mine)
        )
        await self.tell_waiting(entry)

    async def match(self, entry: Queued) -> None:
        """Seat ``entry`` if the queue allows: a lobby offered to the queue first (its owner
        seats them), else a table of whoever waits, when they fill it."""
        storage = self.host.storage
        for table_id, guild_id in await storage.open_tables.lobbies(entry.game, entry.seats):
            await self.relay.send(guild_id, table_id, {"kind": "pull", "table": table_id})
            if await storage.open_tables.queued(entry.user_id) is None:
                return
        group = await storage.open_tables.take_group(
            entry.game, entry.seats, entry.user_id, force=False
        )
        if group:
            await self.seating.form(group)

    def too_fast(self, user_id: int) -> int:
        """Seconds before the player may queue again (0: now); counts this try when allowed."""
        now = asyncio.get_running_loop().time()
        times = self.recent.setdefault(user_id, collections.deque())
        while times and now - times[0] >= RATE_WINDOW_S:
            times.popleft()
        if len(times) >= RATE:
            return max(1, round(times[0] + RATE_WINDOW_S - now))
        times.append(now)
        return 0

    async def status(self, entry: Queued, locale: str, waiting: list[Queued] | None = None) -> str:
        if waiting is None:
            waiting = await self.host.storage.open_tables.waiting(entry.game, entry.seats)
        return t(
            "play_queued",
            locale,
            game=t(f"game_{entry.game}", locale),
            seats=entry.seats,
            waiting=len(waiting),
            servers=len({q.guild_id for q in waiting}),
            minutes=entry.wait_s // 60,
        )

    async def tell_waiting(self, changed: Queued) -> None:
        """The others waiting for the same table read how many wait now, in their ``/play``
        answer (its webhook outlives the longest wait). A table forms as soon as enough wait,
        so they are fewer than its seats."""
        waiting = await self.host.storage.open_tables.waiting(changed.game, changed.seats)
        for other in waiting:
            if other.user_id == changed.user_id:
                continue
            content = await self.status(other, other.language, waiting)
            await edit_answer(self.host, other.answer, content, self.buttons(other.language))

    async def already(self, held: Queued, locale: str) -> str:
        queued = datetime.datetime.strptime(held.queued_at, TIME_FORMAT)
        since = discord.utils.utcnow().replace(tzinfo=None) - queued
        return t(
            "play_already",
            locale,
            game=t(f"game_{held.game}", locale),
            seats=held.seats,
            minutes=max(0, int(since.total_seconds() // 60)),
        )

    @staticmethod
    def buttons(locale: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(queue_button(t("button_queue_leave", locale), QueueButtonId("leave")))
        view.add_item(
            queue_button(
                t("button_queue_now", locale), QueueButtonId("now"), discord.ButtonStyle.primary
            )
        )
        return view

    # ------------------------------------------------------------------ the buttons
    async def leave(self, interaction: Interaction) -> None:
        mine = user_locale(interaction)
        wait_s = self.too_fast(interaction.user.id)
        if wait_s:
            await refuse(interaction, t("play_too_fast", mine, seconds=wait_s))
            return
        held = await self.host.storage.open_tables.leave(interaction.user.id)
        if held is None:
            await refuse(interaction, t("play_not_queued", mine))
            return
        await interaction.response.edit_message(content=t("play_left", mine), view=None)
        await self.tell_waiting(held)

    async def now(self, interaction: Interaction) -> None:
        """Start now with computers: the player and whoever waits for the same game."""
        mine = user_locale(interaction)
        held = await self.host.storage.open_tables.queued(interaction.user.id)
        if held is None:
            await refuse(interaction, t("play_not_queued", mine))
            return
        await interaction.response.defer()
        group = await self.host.storage.open_tables.take_group(
            held.game, held.seats, held.user_id, force=True
        )
        if not group:
            await refuse(interaction, t("play_not_queued", mine))
            return
        await self.seating.form(group)

    # ------------------------------------------------------------------ the wait
    def start(self) -> None:
        """Sleep until the first wait of this cluster's players is over (a minute at most),
        then seat whoever's wait is over, while some wait; a player queued here starts the
        sleep again."""
        if self._sweeper is not None and not self._sweeper.done():
            if not self._sleeping:
                return  # sweeping now: it reads the waits again when it is done
            self._sweeper.cancel()
        self._sweeper = asyncio.get_running_loop().create_task(
            self._sweep_loop(), name="atout-open-sweep"
        )

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None

    async def _sweep_loop(self) -> None:
        while True:
            try:
                delay = await self._next_wait()
            except Exception:
                log.exception("the open tables' queue could not be read")
                delay = SWEEP_AT_MOST_S
            if delay is None:
                return  # nobody of this cluster's servers waits: a /play starts it again
            self._sleeping = True
            try:
                await asyncio.sleep(delay)
            finally:
                self._sleeping = False
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep of the open tables' queue failed")

    async def _next_wait(self) -> float | None:
        """Seconds until the first wait of this cluster's queued players is over; None when
        none of them waits."""
        now = datetime.datetime.strptime(now_text(), TIME_FORMAT)
        delays = [
            (datetime.datetime.strptime(q.queued_at, TIME_FORMAT) - now).total_seconds() + q.wait_s
            for q in await self.host.storage.open_tables.expired(None)
        ]
        return max(1.0, min([SWEEP_AT_MOST_S, *delays])) if delays else None

    async def sweep(self) -> None:
        """Players of this cluster's servers whose wait is over: a table with whoever waits
        for the same game, computers in the free seats."""
        storage = self.host.storage
        for entry in await storage.open_tables.expired(now_text()):
            group = await storage.open_tables.take_group(
                entry.game, entry.seats, entry.user_id, force=True
            )
            if group:
                await self.seating.form(group)
