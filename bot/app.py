"""The bot: one ``commands.Bot`` subclass that owns storage, the tables, the lobby and the table
UI, and loads the cogs listed below (RoboDanny's explicit tuple: no directory scanning).

No privileged intent is needed: everything happens through interactions, and the only messages
the bot reads are its own.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.challenge.controller import Challenges
from bot.challenge.listener import ChallengeListener
from bot.config import Settings
from bot.global_limit import GlobalLimit, install
from bot.open.tables import OpenTables
from bot.play import workers
from bot.play.computers import ChooseFn, default_choose
from bot.play.reviews import Reviews
from bot.play.tables import Tables
from bot.play.turn_timer import TurnTimer
from bot.process import allocator
from bot.storage.backends import describe, make_storage, storage_unavailable, unavailable
from bot.storage.databases import database
from bot.storage.storage import Storage
from bot.storage.tables.settings import CHALLENGE
from bot.table.channel import TableChannel
from bot.table.controller import TableUI
from bot.table.hands import Hands
from bot.table.lobby import Lobby
from bot.table.message import TableMessage
from bot.table.pings import Pings
from bot.table.presence import Presence
from bot.table.review import ReviewDesk
from bot.text.i18n import t, user_locale
from bot.text.translator import CatalogueTranslator
from bot.ui import emojis, images
from bot.ui.components import DYNAMIC_ITEMS, answer_unknown
from bot.ui.panels import PanelRegistry
from bot.ui.replies import refuse
from bot.web.links import LinkHolder

if TYPE_CHECKING:
    from bot.web.server import WebServer

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.belote",
    "cogs.coinche",
    "cogs.piquet",
    "cogs.briscola",
    "cogs.chiamata",
    "cogs.sueca",
    "cogs.tables",
    "cogs.leaderboard",
    "cogs.challenge",
    "cogs.review",
    "cogs.puzzle",
    "cogs.play",
    "cogs.seasons",
)


class AtoutBot(commands.Bot):
    def __init__(
        self, settings: Settings, *, storage: Storage | None = None, choose: ChooseFn | None = None
    ) -> None:
        # Atout never joins a voice channel: the warnings about PyNaCl and davey missing that
        # discord.py prints at every start would only worry a new admin.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True
        # Bans (not privileged): a player banned from their server leaves its open tables.
        intents.moderation = True
        # AutoShardedBot's own options, which the signature of commands.Bot does not list.
        shard_options: dict[str, Any] = {}
        if settings.shards is not None:
            # A cluster: AutoShardedBot runs these shard ids of shard_count (ShardedAtoutBot).
            shard_options = {
                "shard_count": settings.shards.count,
                "shard_ids": list(settings.shards.ids),
            }
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **shard_options,
        )
        self.settings = settings
        self.global_limit: GlobalLimit | None = None
        """Discord's global limit as this process keeps it (``Settings.discord_rate``)."""
        # Storage stamps a game's end on the clock the seasons' sweep reads (Discord's).
        database.use_clock(discord.utils.utcnow)
        workers.configure_images(settings.image_processes)
        self.storage: Storage = storage or make_storage(settings.db_path)
        self.storage.shards = settings.shards
        self.tables = Tables(
            self.storage, ai_pause_s=settings.ai_pause_s, choose=choose or default_choose
        )
        self.web_links = LinkHolder()
        """The web pages' links for Discord's link buttons (none without ``ATOUT_WEB_URL``)."""
        self.web: WebServer | None = None
        if settings.web.enabled:
            from bot.web.server import WebServer

            # Pages are made in a process of their own where the images are (python -m bot),
            # in a thread where they are drawn in threads (the tests).
            self.web = WebServer(
                self.storage,
                settings.web,
                self.web_links,
                clock=discord.utils.utcnow,
                processes=1 if settings.image_processes > 0 else 0,
            )
        # The floor, each part given what it works with (docs/architecture.md).
        channel = TableChannel(self)
        hands = Hands(PanelRegistry())
        pings = Pings(channel, hands, TurnTimer())
        message = TableMessage(channel, self.web_links)
        self.ui = TableUI(self.tables, channel, message, hands, pings)
        self.challenges = Challenges(self)
        # The sessions tell the table UI what they committed; it forgets the tables that end.
        # A challenge's deals end into their attempt instead (bot.challenge): only they pass
        # through the challenges' listener.
        self.tables.listener = self.ui
        self.tables.listeners[CHALLENGE] = ChallengeListener(self.ui, self.challenges.attempts)
        self.lobby = Lobby(self)
        self.open = OpenTables(self, settings.shards)
        """Open tables: the instance's queue, mirrors, quick chat, and clicks carried between
        shard clusters (``bot.open``)."""
        self.presence = Presence(self, self.tables, channel, self.ui, self.lobby)
        self.review = ReviewDesk(
            self.tables, Reviews(self.storage, settings.review_processes), self.web_links
        )
        self.tree.error(self.on_app_command_error)
        self.suit_emojis = emojis.SuitEmojis(self)
        """The suit emojis this bot uploads and uses (``bot.text.marks``)."""
        self._trimming: asyncio.Task[None] | None = None
        """Memory handed back to the system now and then (``bot.process.allocator``)."""
        self._close_done: asyncio.Future[None] | None = None
        """Set while :meth:`close` runs, done once it has."""
        self.stop_grace_s = 0.0
        """How long :meth:`close` lets the work in flight finish (``python -m bot``: a clean
        stop); 0 for the tests, which settle their bots themselves."""

    async def login(self, token: str) -> None:
        """The storage opens before Discord is asked anything: a database that cannot be opened
        is refused without a login (and its one line is not lost among the gateway's).

        A stop signal cancels the login (``python -m bot``); the storage's opening is let finish
        first (its connection has a thread of its own, and a migration is one transaction), so
        that the close after it finds the storage either open or not, never half-way. The web
        pages (``ATOUT_WEB_URL``) start then too: an address that cannot be listened on is
        refused before Discord is asked anything."""
        opening = asyncio.ensure_future(self.open_storage())
        try:
            await asyncio.shield(opening)
        except asyncio.CancelledError:
            await asyncio.wait([opening])
            if not opening.cancelled():
                opening.exception()  # seen: a failed opening is no news to a bot that stops
            raise
        if self.web is not None:
            await self.web.start()
        await super().login(token)

    async def open_storage(self) -> None:
        try:
            await self.storage.open()
        except Exception as exc:
            if not unavailable(exc):
                raise
            raise storage_unavailable(self.settings.db_path, exc, t) from exc

    async def on_interaction(self, interaction: discord.Interaction[discord.Client]) -> None:
        """Every interaction, after discord.py's own dispatch: an ``atout:`` button or select
        that no item answers gets a one-line answer (``answer_unknown``)."""
        await answer_unknown(interaction)

    async def setup_hook(self) -> None:
        # Every request from here on keeps to Discord's global limit (``bot.global_limit``):
        # what discord.py sends while it logs in comes before, and is a few requests.
        if self.settings.discord_rate:
            self.global_limit = GlobalLimit(self.settings.discord_rate)
            install(self.http, self.global_limit)
        # Logged in: the drawing processes start now, while the commands are synced and the
        # tables restored, so that the first clicks find them warm sooner. (Not before the
        # login: a refused token would wait for them to start before it exits.)
        images.warm_up()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # Before any sync: Discord receives every description and choice in each language.
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.sync_commands:
            # A development server gets the commands at once; syncing them globally as well
            # would show every command twice there.
            if self.settings.dev_guild is not None:
                guild = discord.Object(id=self.settings.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        # The bot's own suit emojis (read on both themes), uploaded the first time; a slow or
        # failed upload leaves the fallback and never holds the start back.
        await self.suit_emojis.start()
        # A game whose end was written but not rated (a crash between the two) is rated now.
        await self.storage.ratings.rate_pending()
        # The bot connects at once; unfinished tables come back in the background, and a click
        # on one that is not back yet loads it on the spot. The review process starts now too.
        self.review.reviews.warm()
        self.tables.start_restore()
        log.info("storage %s open; restoring unfinished tables", describe(self.settings.db_path))
        # Open tables: clicks other clusters hand this one, and the queue's waits.
        await self.open.start()
        self.presence.start()
        self._trimming = asyncio.create_task(allocator.trim_periodically(), name="atout-trim")
        # Challenges: closings due, pars to work out, daily challenges, deals that ended just
        # before the restart (bot.challenge.controller).
        self.challenges.start()

    async def close(self) -> None:
        """No new events (the gateway closes), the work in flight finishes (``stop_grace_s``),
        the storage commits what is queued, and only then the HTTP session closes: a click
        whose step is being committed still gets its answer. discord.py's own close would end
        the HTTP session with the gateway, so it is kept open until the end here."""
        if self._close_done is not None:  # a second call (a signal, then the bot's own exit)
            await self._close_done
            return
        self._close_done = asyncio.get_running_loop().create_future()
        if self._trimming is not None:
            self._trimming.cancel()
        self.presence.stop()
        self.open.stop()
        self.suit_emojis.stop()
        self.challenges.stop()
        close_http = self.http.close
        self.http.close = _keep_open  # type: ignore[method-assign]
        try:
            restore = self.tables.restore_task
            if restore is not None and not restore.done():
                restore.cancel()
            await super().close()
            await finish_work(self.stop_grace_s)
        finally:
            self.review.reviews.close()
            try:
                if self.web is not None:
                    await self.web.stop()
                await self.storage.close()
            finally:
                self.http.close = close_http  # type: ignore[method-assign]
                try:
                    await close_http()
                finally:
                    self._close_done.set_result(None)

    async def on_app_command_error(
        self, interaction: discord.Interaction[discord.Client], error: app_commands.AppCommandError
    ) -> None:
        data: Any = interaction.data or {}  # the command's JSON payload, as Discord sent it
        log.error(
            "command %s %s in channel %s failed",
            data.get("name"),
            _options_text(data.get("options") or []),
            interaction.channel_id,
            exc_info=error,
        )
        await refuse(interaction, t("error_internal", user_locale(interaction)))


async def _keep_open() -> None:
    """discord.py's HTTP close while the bot closes: the bot closes it last itself."""


WORK_IN_FLIGHT = (
    "discord-ui-",  # a click on a button or a select (discord.py's view and item dispatch)
    "CommandTree-invoker",  # a slash command
    "discord.py: ",  # an event handler
    "atout-present-",  # a table message being drawn and sent (bot.table.controller)
    "atout-table-",  # a table driven on: a deal, computer players up to a person's turn
    "atout-relay-",  # clicks another cluster handed this one (bot.open.relay)
)
"""Names of the tasks that are work in flight when the bot stops."""


async def finish_work(grace_s: float) -> None:
    """Wait up to ``grace_s`` for the work in flight (``WORK_IN_FLIGHT``) to end, new work it
    starts included; then cancel what is left, which the next start takes up again from the
    log."""
    if grace_s <= 0:
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace_s
    me = asyncio.current_task()
    while True:
        busy = {
            task
            for task in asyncio.all_tasks()
            if task is not me and not task.done() and task.get_name().startswith(WORK_IN_FLIGHT)
        }
        if not busy:
            return
        left = deadline - loop.time()
        if left <= 0:
            log.info("stopping: %d tasks still busy, cancelled", len(busy))
            for task in busy:
                task.cancel()
            await asyncio.wait(busy, timeout=1.0)
            return
        await asyncio.wait(busy, timeout=left)


def _options_text(options: list[Any]) -> str:  # JSON: Discord's option objects
    """A command's options as typed (``start table=12``), so a failure names the table."""
    parts: list[str] = []
    for option in options:
        if not isinstance(option, dict):
            continue
        if "value" in option:
            parts.append(f"{option.get('name')}={option['value']}")
        else:
            parts.append(str(option.get("name")))
            parts.append(_options_text(option.get("options") or []))
    return " ".join(p for p in parts if p)


def atout(client: discord.Client) -> AtoutBot:
    """The bot behind an interaction or a cog: only Atout's bot loads Atout's cogs and
    registers their items (``EXTENSIONS``)."""
    if not isinstance(client, AtoutBot):
        raise TypeError(f"{type(client).__name__} is not Atout's bot")
    return client


class ShardedAtoutBot(AtoutBot, commands.AutoShardedBot):
    """One cluster of a sharded bot: the shards ``settings.shards`` names, over one shared
    database. ``AtoutBot`` before ``AutoShardedBot`` in the bases keeps every method of the bot
    and takes the gateway of ``AutoShardedClient`` (several shards on one connection pool)."""


def create_bot(
    settings: Settings, *, storage: Storage | None = None, choose: ChooseFn | None = None
) -> AtoutBot:
    if settings.shards is not None:
        return ShardedAtoutBot(settings, storage=storage, choose=choose)
    return AtoutBot(settings, storage=storage, choose=choose)
