"""The season's end, swept like the daily posts (``bot.puzzles.desk``): at start-up and every
``SWEEP_EVERY_S`` (five minutes), whatever is due is found in storage and done by the process
that claims it.

Nearly every sweep finds nothing to do in one read (``anything_due``).

1. **Close** each season of this cluster's servers that ended ``GRACE_S`` ago (a game that ended
   just before the boundary is stored by then; ``storage.seasons.close`` stores any left over
   anyway). Closing is one transaction that only one process wins.
2. **Post** each game's end-of-season message in the server's ``announce_channel`` once: the
   message is claimed before it is sent and marked after; a claim left by a process that
   stopped in between is taken again after ``POST_LEASE_S``, and the channel's last messages
   are looked at first, so a message that was sent is not sent twice.
3. **Crown** the champions with the server's ``champion_role`` (and take it back from the last
   season's): when the bot lacks Manage Roles or the role is above its own, the admin who named
   the role is told in one line what to change, and nothing else stops.
"""

from __future__ import annotations

import datetime
import io
import logging
from typing import Protocol

import discord

from bot.seasons.screens import EndMessage, season_end
from bot.storage.seasons.interface import SeasonPost
from bot.storage.seasons.model import Season
from bot.storage.seasons.records import iso
from bot.storage.settings.server import ServerSettings
from bot.storage.storage import Storage
from bot.text.i18n import t
from bot.text.seasons import season_name
from bot.ui.sweeps import gateway_loop
from bot.web.links import LinkHolder

log = logging.getLogger(__name__)

SWEEP_EVERY_S = 300.0
"""A season's end is posted within this of its grace: minutes after midnight UTC."""
GRACE_S = 60.0
POST_LEASE_S = 600.0
LOOKED_BACK = 25
"""Messages of the channel looked at before posting a message whose claim went stale."""
NO_MENTIONS = discord.AllowedMentions.none()


def utcnow() -> datetime.datetime:
    """Discord's clock (simcord's in tests)."""
    return discord.utils.utcnow()


class SeasonHost(Protocol):
    """What the season's end needs of the bot (``bot.app.AtoutBot`` has it)."""

    @property
    def storage(self) -> Storage: ...

    @property
    def web_links(self) -> LinkHolder: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def wait_until_ready(self) -> None: ...


class SeasonDesk:
    def __init__(self, host: SeasonHost) -> None:
        self.host = host
        self._sweeper = gateway_loop(host, SWEEP_EVERY_S, self._sweep_once)

    @property
    def storage(self) -> Storage:
        return self.host.storage

    def start(self) -> None:
        if not self._sweeper.is_running():
            self._sweeper.start()

    def stop(self) -> None:
        self._sweeper.cancel()

    async def _sweep_once(self) -> None:
        # A failure is logged and the loop goes on (a tasks loop stops at its first exception).
        try:
            await self.sweep()
        except Exception:
            log.exception("the sweep of seasons failed")

    async def sweep(self) -> None:
        moment = utcnow()
        before = iso(moment - datetime.timedelta(seconds=GRACE_S))
        if not await self.storage.seasons.anything_due(before):
            return  # the sweep of nearly every day: one read
        for season in await self.storage.seasons.due(before):
            try:
                await self.storage.seasons.close(season.guild_id, season.number, iso(moment))
            except Exception:
                log.exception(
                    "season %s of server %s: closing failed", season.number, season.guild_id
                )
        for post in await self.storage.seasons.pending_posts():
            try:
                await self.post(post)
            except Exception:
                log.exception(
                    "season %s of server %s: the %s message failed",
                    post.season,
                    post.guild_id,
                    post.game,
                )
        for season in await self.storage.seasons.roles_due():
            try:
                await self.crown(season)
            except Exception:
                log.exception(
                    "season %s of server %s: the champions' role failed",
                    season.number,
                    season.guild_id,
                )

    # ------------------------------------------------------------------ the message
    async def language(self, guild_id: int) -> str:
        settings = await self.storage.settings.server(guild_id)
        guild = self.host.get_guild(guild_id)
        return settings.table_language(guild.preferred_locale if guild is not None else None)

    async def message(self, guild_id: int, number: int, game: str) -> EndMessage | None:
        season = await self.storage.seasons.get(guild_id, number)
        if season is None:
            return None
        settings = await self.storage.settings.server(guild_id)
        minimum = settings.season_min_games
        standings = await self.storage.seasons.standings(season, game, minimum)
        following = await self.storage.seasons.get(guild_id, number + 1)
        divisions = 1
        if following is not None:
            later = await self.storage.seasons.standings(following, game, minimum)
            divisions = later.divisions
        locale = await self.language(guild_id)
        return await season_end(season, game, standings, following, locale, divisions)

    async def post(self, post: SeasonPost) -> bool:
        """Post one game's end-of-season message, unless another process has it."""
        moment = utcnow()
        stale = iso(moment - datetime.timedelta(seconds=POST_LEASE_S))
        if not await self.storage.seasons.claim_post(post, iso(moment), stale):
            return False
        made = await self.message(post.guild_id, post.season, post.game)
        if made is None:
            await self.storage.seasons.posted(post, None, iso(moment))
            return False
        channel = self.host.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        if post.claimed_at is not None:
            # Claimed before by a process that did not say it posted: it may have.
            sent = await self._already_sent(channel, made)
            if sent is not None:
                await self.storage.seasons.posted(post, sent, iso(moment))
                return False
        view = discord.ui.View()
        links = self.host.web_links.links
        locale = await self.language(post.guild_id)
        if links is not None:
            view.add_item(
                discord.ui.Button(
                    style=discord.ButtonStyle.link,
                    label=t("button_web_season", locale),
                    url=links.season(post.guild_id, post.game, post.season),
                )
            )
        files = [discord.File(io.BytesIO(made.image), filename=made.filename)] if made.image else []
        try:
            message = await channel.send(
                made.text, files=files, view=view, allowed_mentions=NO_MENTIONS
            )
        except (discord.Forbidden, discord.NotFound) as exc:
            # A channel gone or closed to the bot: said in the log, and not tried forever.
            log.warning(
                "season %s of server %s: channel %s refused the %s message (%s)",
                post.season,
                post.guild_id,
                post.channel_id,
                post.game,
                exc.status,
            )
            await self.storage.seasons.posted(post, None, iso(moment))
            return False
        await self.storage.seasons.posted(post, message.id, iso(utcnow()))
        return True

    async def _already_sent(
        self, channel: discord.PartialMessageable, made: EndMessage
    ) -> int | None:
        me = self.host.user
        try:
            async for message in channel.history(limit=LOOKED_BACK):
                mine = me is not None and message.author.id == me.id
                if mine and message.content.split("\n", 1)[0] == made.first_line:
                    return message.id
        except discord.HTTPException:
            return None
        return None

    # ------------------------------------------------------------------ the champions' role
    async def crown(self, season: Season) -> None:
        settings = await self.storage.settings.server(season.guild_id)
        guild = self.host.get_guild(season.guild_id)
        role_id = settings.champion_role
        role = guild.get_role(role_id) if guild is not None and role_id is not None else None
        if guild is None or role is None:
            await self.storage.seasons.roles_given(season, iso(utcnow()))
            return
        problem = role_problem(guild, role)
        if problem is not None:
            await self.tell_admin(settings, guild, role, season, problem)
            await self.storage.seasons.roles_given(season, iso(utcnow()))
            return
        champions = set((await self.storage.seasons.champions(season)).values())
        previous = await self.storage.seasons.get(season.guild_id, season.number - 1)
        before = (
            set((await self.storage.seasons.champions(previous)).values()) if previous else set()
        )
        reason = t("champion_role_reason", season=season.number)
        try:
            for user_id in sorted(before - champions):
                await _member_role(guild, user_id, role, add=False, reason=reason)
            for user_id in sorted(champions):
                await _member_role(guild, user_id, role, add=True, reason=reason)
        except discord.Forbidden:
            await self.tell_admin(settings, guild, role, season, "permission")
        await self.storage.seasons.roles_given(season, iso(utcnow()))

    async def tell_admin(
        self,
        settings: ServerSettings,
        guild: discord.Guild,
        role: discord.Role,
        season: Season,
        problem: str,
    ) -> None:
        """The one line that says what to change, to the admin who named the role."""
        locale = await self.language(guild.id)
        text = t(
            f"champion_role_{problem}",
            locale,
            role=role.name,
            server=guild.name,
            season=season_name(season.number, locale),
        )
        if settings.champion_role_by is None:
            log.warning("server %s: %s", guild.id, text)
            return
        try:
            admin = await self.host.fetch_user(settings.champion_role_by)
            await admin.send(text, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.warning(
                "server %s: the admin could not be told (%s): %s", guild.id, exc.status, text
            )


def role_problem(guild: discord.Guild, role: discord.Role) -> str | None:
    """Why the bot cannot give ``role``: ``permission`` (no Manage Roles) or ``position`` (the
    role is not below the bot's highest role); None when it can."""
    me = guild.me
    if me is None or not me.guild_permissions.manage_roles:
        return "permission"
    if role >= me.top_role or role.managed or role.is_default():
        return "position"
    return None


async def _member_role(
    guild: discord.Guild, user_id: int, role: discord.Role, *, add: bool, reason: str
) -> None:
    """One member's role, given or taken back; a member who left is skipped."""
    try:
        member = await guild.fetch_member(user_id)
        if add:
            await member.add_roles(role, reason=reason)
        else:
            await member.remove_roles(role, reason=reason)
    except discord.NotFound:
        return
