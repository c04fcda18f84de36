"""Who sits at an open table, and where each of them sees it.

A table is made from the queue (``form``: players taken out of it in one transaction, the free
seats to computers) or from a server's lobby offered to it (``pull``: queued players fill its
free seats; its starter presses Start). Either way, when the game starts each server of a
player gets its mirror: a thread in the channel where they typed ``/play`` (or the lobby's),
opened by this cluster, the table's owner, through Discord's REST API whatever shard serves
that server (``open_mirrors``). Each player is told where their table is, through their
``/play`` answer (its webhook lives 15 minutes), and every mirror says who sits where.

A server where nothing can be posted (a permission missing) gets no mirror: its players' seats
go to computers and they are told, the table goes on for the others.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Protocol

import discord

from bot.open.relay import Relay, RelayedInteraction, RelayHost
from bot.play.driving import schedule_drive
from bot.play.lobby import computer_name, join, seat_computer, start_game
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.storage.open.interface import Mirror, Queued
from bot.storage.storage import Storage
from bot.storage.tables.interface import Seat
from bot.storage.tables.settings import TableSettings
from bot.table.channel import NO_MENTIONS, Messageables
from bot.table.controller import TableUI
from bot.table.lobby import Lobby
from bot.table.places import places
from bot.table.presence import DEFAULT_TURN_TIMER_S
from bot.text.i18n import t
from bot.text.rules import rules_summary
from games.records import Json
from games.registry import game_class

log = logging.getLogger(__name__)

OPEN_LEVEL = "normal"
"""The computer players of an open table: strangers deserve a game."""
THREAD_NAME_LIMIT = 100


class OpenHost(RelayHost, Messageables, Protocol):
    """What open tables need of the bot (``bot.app.AtoutBot`` has it)."""

    @property
    def ui(self) -> TableUI: ...

    @property
    def lobby(self) -> Lobby: ...

    @property
    def http(self) -> discord.http.HTTPClient: ...


async def edit_answer(
    host: OpenHost, answer: Json, content: str, view: discord.ui.View | None = None
) -> bool:
    """Edit a player's ``/play`` answer through its interaction's webhook (any process may, for
    15 minutes after it was made), its buttons replaced by ``view``; False when it could not be
    (too old, deleted). ``answer`` is the interaction as ``bot.open.relay.click_payload`` keeps
    it."""
    if not answer.get("token"):
        return False
    interaction = RelayedInteraction(data=answer, state=host._connection)
    try:
        await interaction.edit_original_response(content=content, view=view)
    except discord.HTTPException:
        return False
    return True


def seats_line(session: TableSession, locale: str) -> str:
    """Who sits where, as every server may read it: names (a person's Discord global name),
    the computers' levels, the teams."""
    row = session.row
    cls = game_class(row.game)
    engine = cls(options=row.options, seats=row.seats, dealer=0)
    parts = []
    for index in range(row.seats):
        seat = row.seat(index)
        if seat is None:
            who = t("seat_empty", locale)
        elif seat.is_computer:
            who = t(
                "seat_computer", locale, name=seat.name, level=t(f"level_{seat.ai_level}", locale)
            )
        else:
            who = f"**{discord.utils.escape_markdown(seat.name)}**"
        team = ""
        if engine.sides < row.seats:
            team = " " + t("seat_team", locale, team=chr(ord("A") + engine.side_of(index)))
        parts.append(t("seat_line", locale, number=index + 1, who=who) + team)
    return " · ".join(parts)


def table_rules(session: TableSession, locale: str) -> str:
    """The table's rules in one sentence ("Coinche to 1,000 points · …"), as its lobby says."""
    row = session.row
    cls = game_class(row.game)
    engine = cls(options=row.options, seats=row.seats, dealer=0)
    defaults = {spec.name: spec.default for spec in cls.OPTIONS}
    return rules_summary(row.game, engine.options, defaults, locale)


class Seating:
    def __init__(self, host: OpenHost, relay: Relay) -> None:
        self.host = host
        self.relay = relay
        self.answers: dict[int, dict[int, tuple[Json, str]]] = {}
        """Open lobby → each player it took from the queue → their ``/play`` answer and its
        language: where they are told, privately, if the lobby closes before its game."""

    @property
    def storage(self) -> Storage:
        return self.host.storage

    # ------------------------------------------------------------------ from the queue
    async def form(self, group: list[Queued]) -> TableSession | None:
        """A table for ``group`` (taken out of the queue already; its first is the one whose
        server is the table's home), computers in the free seats, started and shown."""
        if not group:
            return None
        lead = group[0]
        settings = TableSettings(
            level=OPEN_LEVEL,
            turn_timer=DEFAULT_TURN_TIMER_S,
            language=lead.language,
            open=True,
        )
        row = await self.storage.tables.create(
            lead.guild_id, lead.channel_id, lead.game, lead.seats, lead.user_id, {}, settings
        )
        session = await self.host.tables.create(row)
        for entry in group:
            await join(session, entry.user_id, entry.name)
        while not session.row.full:
            await seat_computer(session, OPEN_LEVEL, computer_name(session, lead.language))
        mirrors: dict[int, Mirror] = {}
        for entry in group:
            held = mirrors.get(entry.channel_id)
            if held is None:
                held = Mirror(row.id, entry.guild_id, entry.channel_id, entry.language)
            mirrors[entry.channel_id] = Mirror(
                row.id,
                held.guild_id,
                held.channel_id,
                held.language,
                users=(*held.users, entry.user_id),
            )
        for mirror in mirrors.values():
            await self.storage.open_tables.add_mirror(mirror)
        session.mirrors = list(mirrors.values())
        await start_game(session)
        await self.open_mirrors(session, {entry.user_id: entry.answer for entry in group})
        schedule_drive(session)
        log.info("table %s: an open table of %d people", row.id, len(group))
        return session

    # ------------------------------------------------------------------ a server's lobby
    async def offer(self, session: TableSession) -> None:
        """A lobby opened with ``open:true``: offered to the queue, its free seats filled now by
        whoever waits."""
        row = session.row
        await self.storage.open_tables.offer_lobby(row.id, row.game, row.seats, row.guild_id)
        await self.pull(session.id)

    async def pull(self, table_id: int) -> None:
        """Fill the free seats of an open lobby of this cluster with queued players; each is
        told where the table is."""
        session = await self.host.tables.get(table_id)
        if session is None:
            return
        if session.row.status != "lobby":
            await self.storage.open_tables.withdraw_lobby(table_id)
            return
        row = session.row
        free = row.seats - len(row.seat_list)
        taken = await self.storage.open_tables.take_players(row.game, row.seats, free)
        for entry in taken:
            if await join(session, entry.user_id, entry.name) is not None:
                continue
            await self._add_reader(session, entry)
            self.answers.setdefault(row.id, {})[entry.user_id] = (entry.answer, entry.language)
            # A lobby's starter may have chosen other house rules than the queue's standard
            # ones: the player reads the rules they sat down to.
            game = table_rules(session, entry.language)
            await edit_answer(
                self.host,
                entry.answer,
                t("play_ready_lobby", entry.language, id=row.id, game=game),
                view=None,
            )
        if taken:
            await self.host.lobby.refresh(session)

    async def _add_reader(self, session: TableSession, entry: Queued) -> None:
        held = next((m for m in session.mirrors if m.channel_id == entry.channel_id), None)
        if held is None:
            mirror = Mirror(
                session.id, entry.guild_id, entry.channel_id, entry.language, (entry.user_id,)
            )
            await self.storage.open_tables.add_mirror(mirror)
            session.mirrors.append(mirror)
            return
        await session.set_mirror(held.channel_id, users=(*held.users, entry.user_id))

    async def joined(self, session: TableSession, user_id: int) -> None:
        """Somebody joined an open lobby with its Join button: they read it in its own place."""
        home = next((m for m in session.mirrors if m.channel_id == session.row.channel_id), None)
        if home is not None and user_id not in home.users:
            await session.set_mirror(home.channel_id, users=(*home.users, user_id))

    async def left(self, session: TableSession, user_id: int) -> None:
        """Somebody left an open lobby: they no longer read it anywhere."""
        self.answers.get(session.id, {}).pop(user_id, None)
        for mirror in session.mirrors:
            if user_id in mirror.users:
                users = tuple(u for u in mirror.users if u != user_id)
                await session.set_mirror(mirror.channel_id, users=users)

    async def lobby_started(self, session: TableSession, lobby: discord.Message | None) -> None:
        """An open lobby's starter pressed Start: no longer offered, every mirror opened (the
        lobby's own in a thread of the lobby message)."""
        await self.storage.open_tables.withdraw_lobby(session.id)
        self.answers.pop(session.id, None)
        await self.open_mirrors(session, {}, lobby=lobby)

    async def lobby_closed(self, session: TableSession) -> None:
        """An open lobby that never started: each player it took from the queue is told,
        privately and in their language, as every answer of the queue is (in their ``/play``
        answer; by a direct message once that can no longer be edited). The lobby's own
        channel reads that it closed on the lobby message; nobody's seat is talked of in
        public."""
        await self.storage.open_tables.withdraw_lobby(session.id)
        answers = self.answers.pop(session.id, {})
        told: dict[int, tuple[Json, str]] = {}
        for mirror in session.mirrors:
            # After a restart the answers are gone: the players who read the lobby in another
            # channel than its own came from the queue.
            if mirror.channel_id != session.row.channel_id:
                told.update({user: ({}, mirror.language) for user in mirror.users})
        told.update(answers)
        for user_id, (answer, language) in told.items():
            await self.tell(user_id, answer, t("open_lobby_closed", language, id=session.id))

    async def tell(self, user_id: int, answer: Json, text: str) -> bool:
        """One line for one player only: in their ``/play`` answer while its webhook lives (15
        minutes), else in a direct message; False when neither could be sent."""
        if await edit_answer(self.host, answer, text):
            return True
        try:
            dm = await self.host.http.start_private_message(user_id)
            channel = self.host.get_partial_messageable(
                int(dm["id"]), type=discord.ChannelType.private
            )
            await channel.send(text, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.info("could not tell %s privately (%s)", user_id, exc)
            return False
        return True

    # ------------------------------------------------------------------ mirrors
    async def open_mirrors(
        self, session: TableSession, answers: dict[int, Json], lobby: discord.Message | None = None
    ) -> None:
        """A thread in each mirror's channel (in the lobby's channel, from the lobby message),
        where the seats are said; each player told where their table is. A mirror where the
        bot may not post is closed and its players' seats go to computers."""
        for mirror in list(session.mirrors):
            if not mirror.users:
                await session.set_mirror(mirror.channel_id, closed=True)
                continue
            try:
                thread = await self._thread(session, mirror, lobby)
            except discord.HTTPException as exc:
                log.warning(
                    "table %s: no mirror in channel %s (%s)", session.id, mirror.channel_id, exc
                )
                await self._no_mirror(session, mirror, answers)
                continue
            where = f"<#{thread or mirror.channel_id}>"
            if thread is not None:
                await session.set_mirror(mirror.channel_id, thread_id=thread)
            for user_id in mirror.users:
                answer = answers.get(user_id)
                if answer is not None:
                    await edit_answer(
                        self.host,
                        answer,
                        t("play_ready", mirror.language, where=where),
                        view=None,
                    )
        for place in places(session):
            with contextlib.suppress(discord.HTTPException):
                seats = t("open_seats", place.language, seats=seats_line(session, place.language))
                rules = t("lobby_rules", place.language, rules=table_rules(session, place.language))
                await self.host.ui.channel.send(
                    session,
                    f"{seats}\n{rules}",
                    place=place,
                    allowed_mentions=NO_MENTIONS,
                )

    async def _thread(
        self, session: TableSession, mirror: Mirror, lobby: discord.Message | None
    ) -> int | None:
        """The mirror's thread, opened from a message in its channel (the lobby's own message
        for the lobby's channel); None where threads are not allowed (the table speaks in the
        channel). Raises ``discord.HTTPException`` when nothing can be posted there. Both by
        Discord's REST routes: the server may be served by another shard cluster, whose guild
        this process knows nothing of."""
        language = mirror.language
        names = ", ".join(s.name for s in session.row.seat_list)
        name = t(
            "thread_name",
            language,
            game=t("game_" + session.row.game, language),
            id=session.id,
            names=names,
        )[:THREAD_NAME_LIMIT]
        if lobby is not None and mirror.channel_id == session.row.channel_id:
            start = lobby.id
        else:
            channel = self.host.get_partial_messageable(mirror.channel_id, guild_id=mirror.guild_id)
            message = await channel.send(
                t(
                    "open_welcome",
                    language,
                    id=session.id,
                    game=t("game_" + session.row.game, language),
                    mentions=" ".join(f"<@{user}>" for user in mirror.users),
                ),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
            start = message.id
        try:
            thread = await self.host.http.start_thread_with_message(
                mirror.channel_id, start, name=name, auto_archive_duration=1440
            )
        except discord.HTTPException:
            log.warning(
                "table %s: no thread in %s, the channel instead", session.id, mirror.channel_id
            )
            return None
        return int(thread["id"])

    async def _no_mirror(
        self, session: TableSession, mirror: Mirror, answers: dict[int, Json]
    ) -> None:
        await session.set_mirror(mirror.channel_id, closed=True)
        for user_id in mirror.users:
            await self.to_computer(session, user_id)
            answer = answers.get(user_id)
            if answer is not None:
                await edit_answer(
                    self.host, answer, t("open_not_started", mirror.language), view=None
                )

    async def to_computer(self, session: TableSession, user_id: int) -> str | None:
        """A computer takes ``user_id``'s seat for good (their server is gone from the table):
        its name, or None when they held no seat."""
        async with session.lock:
            seat = session.seat_of(user_id)
            if seat is None:
                return None
            name = computer_name(session, locale_of(session))
            await session.set_seat(Seat(seat, None, session.settings.level, name))
            session.abandon_votes.discard(user_id)
            return name
