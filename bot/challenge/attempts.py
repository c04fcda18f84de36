"""A person's attempt at a challenge: one table per deal, played in order, in a private thread or in
ephemeral messages, resumed whenever they come back (after a restart too).

Each deal is an ordinary table (``bot.play``) whose settings make it private and duplicate: it
deals the challenge's deck from its dealer, its computer players are the challenge's (hard, the
challenge's sample budget, the deal's seed), and its play ends with that one deal. When it ends,
``deal_over`` records the result (``ChallengeStorage.record_result``: the result and the attempt's
progress in one transaction) and opens the next deal. A restart between the end of a deal and its
record is mended at start-up (``recover``) or at the person's next ``/challenge play``.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.challenge import threads
from bot.challenge.screens import deal_done_text, title
from bot.play.driving import kick, schedule_drive
from bot.play.ending import abandon
from bot.play.lobby import start_game
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.play.tables import Tables
from bot.storage.challenges.interface import Attempt, Challenge, DealResult, iso
from bot.storage.storage import Storage
from bot.storage.tables.interface import Seat
from bot.storage.tables.settings import ChallengeDeal, Duplicate, TableSettings
from bot.table.channel import NO_MENTIONS, Messageables
from bot.table.controller import TableUI
from bot.table.hands import editable
from bot.text.i18n import DEFAULT_LOCALE, supported, t, user_locale
from bot.ui.replies import refuse
from games.duplicate import PLAYER_SEAT, deal_detail, deal_seed, seat_result
from i18n.numbers import signed
from rendering.challenge import matchpoints

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]

COMPUTER_LEVEL = "hard"


class ChallengeHost(threads.Channels, Messageables, Protocol):
    """What the challenges need of the bot (``bot.app.AtoutBot`` has it)."""

    @property
    def storage(self) -> Storage: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def ui(self) -> TableUI: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


@dataclass(frozen=True)
class Recorded:
    """A deal that has just ended, and whether its result counts (it does not when the deal
    ended after the challenge's closing time)."""

    challenge: Challenge
    deal_no: int
    last: bool
    counted: bool = True


@dataclass(frozen=True)
class DealLink:
    challenge_id: int
    deal_no: int


def deal_link(session: TableSession) -> DealLink | None:
    """The challenge and deal a table plays, or None for an ordinary table."""
    deal = session.settings.challenge
    if deal is None or session.settings.duplicate is None:
        return None
    return DealLink(deal.challenge_id, deal.deal_no)


def in_messages(session: TableSession) -> bool:
    """The table shows only in its player's ephemeral messages (no thread to show it in)."""
    return session.kind.in_messages(session.row)


def player_language(interaction: Interaction, challenge: Challenge) -> str:
    """The language of a player's tables: their own (their Discord client's) where Atout speaks
    it, else the challenge's. The thread is theirs alone, so everything in it — the table, the
    summaries, the lines that end each deal, their hand — speaks to them in one language."""
    tag = getattr(interaction.locale, "value", interaction.locale)
    spoken = supported(tag)
    if spoken != DEFAULT_LOCALE or str(tag).lower().startswith("en"):
        return spoken
    return supported(challenge.settings.language)


def now() -> datetime.datetime:
    """Discord's clock (simcord's in tests)."""
    return discord.utils.utcnow()


class Attempts:
    def __init__(
        self, host: ChallengeHost, changed: Callable[[Challenge], Awaitable[None]]
    ) -> None:
        self.host = host
        self.changed = changed
        """Called when the card's counts may have moved (an attempt started or finished)."""
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    @property
    def storage(self) -> Storage:
        return self.host.storage

    def _lock(self, challenge_id: int, user_id: int) -> asyncio.Lock:
        """One play of a person at a time: a double tap on Play opens one thread and one deal."""
        return self._locks.setdefault((challenge_id, user_id), asyncio.Lock())

    # ------------------------------------------------------------------ playing
    async def play(self, interaction: Interaction, challenge: Challenge) -> None:
        """``/challenge play`` and the card's Play, acknowledged (ephemeral "thinking") by the
        caller: the deal in play, shown where the attempt is played."""
        mine = user_locale(interaction)
        language = player_language(interaction, challenge)
        user = interaction.user
        if not challenge.open_at(now()):
            await refuse(interaction, t("challenge_closed", mine, id=challenge.id))
            return
        async with self._lock(challenge.id, user.id):
            attempt = await self.storage.challenges.get_attempt(challenge.id, user.id)
            if attempt is not None and attempt.finished:
                await refuse(interaction, t("challenge_done_already", mine, id=challenge.id))
                return
            created = False
            if attempt is None:
                attempt, created = await self.storage.challenges.start_attempt(
                    challenge.id, user.id, user.display_name, iso(now())
                )
            thread = await self._thread(challenge, attempt, language, new=created)
            session = await self._current(challenge, attempt, language)
        if created:
            await self.changed(challenge)
        if session is None:
            # The last deal ended while this was asked: the attempt is complete.
            await refuse(interaction, t("challenge_done_already", mine, id=challenge.id))
            return
        session.restoring = False
        kick(session)
        if thread is None:
            await self.host.ui.hands.send(interaction, session)
            return
        link = deal_link(session)
        number = link.deal_no + 1 if link else attempt.deals_done + 1
        await interaction.edit_original_response(
            content=t(
                "challenge_table_in_thread",
                mine,
                id=challenge.id,
                thread=thread.mention,
                number=number,
                total=challenge.deal_count,
            )
        )

    async def _thread(
        self, challenge: Challenge, attempt: Attempt, language: str, *, new: bool
    ) -> discord.Thread | None:
        """The attempt's private thread, opened for a new attempt and opened again when it is
        gone; None when the attempt is played in ephemeral messages."""
        if not new and attempt.thread_id is None:
            return None
        if attempt.thread_id is not None:
            thread = await threads.reopen(self.host, attempt.thread_id, attempt.user_id)
            if thread is not None:
                return thread
        name = t("challenge_thread_name", language, id=challenge.id, name=attempt.name)
        thread = await threads.open_private_thread(
            self.host, challenge.channel_id, name, attempt.user_id
        )
        attempt.thread_id = thread.id if thread is not None else None
        await self.storage.challenges.update_attempt(
            challenge.id, attempt.user_id, thread_id=attempt.thread_id, table_id=attempt.table_id
        )
        if attempt.table_id is not None:
            # The deal in play moves to the new thread (or into the player's messages).
            session = await self.host.tables.get(attempt.table_id)
            if session is not None and session.row.status == "playing":
                await session.update_row(thread_id=attempt.thread_id, table_message_id=None)
                schedule_drive(session)
        return thread

    async def _current(
        self, challenge: Challenge, attempt: Attempt, language: str
    ) -> TableSession | None:
        """The session of the attempt's deal in play: the table in play, or the next deal opened
        now (a deal that ended without its result being recorded is recorded first)."""
        if attempt.table_id is not None:
            session = await self.host.tables.get(attempt.table_id)
            if session is not None and session.row.status == "playing":
                return session
            if session is not None and session.row.status == "finished":
                await self._record(session)
            else:
                await self.storage.challenges.update_attempt(
                    challenge.id, attempt.user_id, thread_id=attempt.thread_id, table_id=None
                )
        return await self._next_deal(challenge, attempt.user_id, language)

    async def _open_deal(self, challenge: Challenge, attempt: Attempt, locale: str) -> TableSession:
        """The table of the attempt's next deal: the player in seat 0, hard computers in the
        others, the challenge's deck, dealer and computer players; started and driven."""
        index = attempt.deals_done
        duplicate = Duplicate(
            challenge.deals[index], deal_seed(challenge.seed, index), challenge.samples
        )
        settings = TableSettings(
            level=COMPUTER_LEVEL,
            deck_style=challenge.settings.deck_style,
            turn_timer=0,
            language=locale,
            duplicate=duplicate,
            private=True,
            challenge=ChallengeDeal(challenge.id, index),
        )
        storage = self.storage
        row = await storage.tables.create(
            challenge.guild_id,
            challenge.channel_id,
            challenge.game,
            challenge.seats,
            attempt.user_id,
            dict(challenge.options),
            settings,
        )
        seats = [Seat(PLAYER_SEAT, attempt.user_id, None, attempt.name)]
        seats += [
            Seat(seat, None, COMPUTER_LEVEL, t("computer_name", locale, number=seat))
            for seat in range(1, challenge.seats)
        ]
        for seat in seats:
            await storage.tables.set_seat(row.id, seat.seat, seat.user_id, seat.ai_level, seat.name)
        row.seat_list = seats
        if attempt.thread_id is not None:
            await storage.tables.update(row.id, thread_id=attempt.thread_id)
            row.thread_id = attempt.thread_id
        attempt.table_id = row.id
        await storage.challenges.update_attempt(
            challenge.id, attempt.user_id, thread_id=attempt.thread_id, table_id=row.id
        )
        session = await self.host.tables.create(row)
        await start_game(session)
        if attempt.thread_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.host.ui.channel.send(
                    session,
                    t(
                        "challenge_deal_start",
                        locale,
                        title=title(challenge, locale),
                        number=index + 1,
                        total=challenge.deal_count,
                    ),
                    allowed_mentions=NO_MENTIONS,
                )
        schedule_drive(session)
        return session

    # ------------------------------------------------------------------ a deal ends
    async def deal_over(self, session: TableSession) -> None:
        """A challenge's table has played its deal: record the result, open the next deal, and
        tell the player (in the thread, or in the ephemeral message they played from)."""
        link = deal_link(session)
        seat = session.row.seat(PLAYER_SEAT)
        if link is None or seat is None or seat.user_id is None:
            return
        ui = self.host.ui
        # The message the player plays from, taken before the table forgets its hands.
        held = ui.hands.held.get((session.id, seat.user_id))
        interaction = held[0] if held is not None and editable(held[0]) else None
        async with self._lock(link.challenge_id, seat.user_id):
            done = await self._record(session)
        if done is None:
            return
        if done.last:
            await self.changed(done.challenge)
        locale = locale_of(session)
        if done.counted:
            text = await self._ending(done, seat.user_id, locale)
        else:
            text = t("challenge_closed_now", locale, id=done.challenge.id)
        if not in_messages(session):
            with contextlib.suppress(discord.HTTPException):
                await ui.channel.send(session, text, allowed_mentions=NO_MENTIONS)
        elif interaction is not None:
            # Below the message they played from, which then shows the next deal.
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(text, ephemeral=True)
        async with self._lock(link.challenge_id, seat.user_id):
            following = await self._next_deal(done.challenge, seat.user_id, locale_of(session))
        if following is not None and interaction is not None and in_messages(session):
            await ui.hands.show(interaction, following)

    async def _next_deal(
        self, challenge: Challenge, user_id: int, language: str
    ) -> TableSession | None:
        """The attempt's next deal, opened now unless it is open already (a ``/challenge play``
        came first), the attempt is complete or the challenge has closed."""
        attempt = await self.storage.challenges.get_attempt(challenge.id, user_id)
        if attempt is None or attempt.finished or attempt.table_id is not None:
            return None
        if attempt.deals_done >= challenge.deal_count or not challenge.open_at(now()):
            return None
        return await self._open_deal(challenge, attempt, language)

    async def _record(self, session: TableSession) -> Recorded | None:
        """Record a finished deal's result (under the person's lock); None when it was recorded
        already (the deal is being told about elsewhere)."""
        link = deal_link(session)
        game = session.game
        seat = session.row.seat(PLAYER_SEAT)
        if link is None or game is None or not game.deal_results or seat is None:
            return None
        challenge = await self.storage.challenges.get(link.challenge_id)
        if challenge is None or seat.user_id is None:
            return None
        if not challenge.open_at(now()):
            # Finished after the closing time: it does not count (the sweep ends such tables,
            # and the deal may have ended just before it came).
            attempt = await self.storage.challenges.get_attempt(challenge.id, seat.user_id)
            if attempt is not None and attempt.table_id == session.id:
                await self.storage.challenges.update_attempt(
                    challenge.id, seat.user_id, thread_id=attempt.thread_id, table_id=None
                )
            await self._close_table(session, challenge, link.deal_no)
            return Recorded(challenge, link.deal_no, last=False, counted=False)
        last = link.deal_no + 1 >= challenge.deal_count
        recorded = await self.storage.challenges.record_result(
            challenge.id,
            DealResult(
                deal_no=link.deal_no,
                user_id=seat.user_id,
                name=seat.name,
                score=seat_result(game, PLAYER_SEAT),
                percent=0.0,
                field_size=0,
                table_id=session.id,
                detail=deal_detail(game, session.names()),
            ),
            iso(now()),
            last,
        )
        if not recorded:
            return None
        await self._close_table(session, challenge, link.deal_no)
        return Recorded(challenge, link.deal_no, last)

    async def _ending(self, done: Recorded, user_id: int, locale: str) -> str:
        """The player's result on the deal, the par and the field so far; then what follows."""
        challenge = done.challenge
        results = await self.storage.challenges.own_results(challenge.id, user_id)
        mine = next((r for r in results if r.deal_no == done.deal_no), None)
        par = (await self.storage.challenges.pars(challenge.id)).get(done.deal_no)
        lines = [deal_done_text(challenge, done.deal_no, mine, par, locale)]
        if done.last:
            standings = await self.storage.challenges.standings(challenge.id, user_id=user_id)
            own = standings.own
            # An average of matchpoints nobody else has earned is 50 % by convention and says
            # nothing: the player is told that nobody has played it yet.
            alone = all(result.field_size <= 1 for result in results)
            if own is not None:
                lines.append(
                    t(
                        "challenge_attempt_alone" if alone else "challenge_attempt_done",
                        locale,
                        percent=matchpoints(own.percent, locale),
                        par=signed(own.vs_par, locale),
                    )
                )
        elif not challenge.open_at(now()):
            lines.append(t("challenge_closed_now", locale, id=challenge.id))
        return "\n".join(lines)

    async def _close_table(self, session: TableSession, challenge: Challenge, deal_no: int) -> None:
        """The deal's table says it is over and leaves memory (as ``TableUI.game_over`` does
        for a game, without a game's result: the challenge says what the deal was worth, and
        the hand says which deal of how many ended, never "the game is over")."""
        ui = self.host.ui
        await ui.quiet(session)
        await ui.pings.delete(session)
        if not in_messages(session):

            def hand_done(locale: str) -> str:
                return t(
                    "challenge_hand_done", locale, number=deal_no + 1, total=challenge.deal_count
                )

            await ui.hands.close(session, hand_done)
            message_id = session.row.table_message_id
            if message_id is not None:
                locale = locale_of(session)
                content = (
                    t("table_header", locale, id=session.id)
                    + "\n"
                    + t("challenge_table_done", locale)
                )
                with contextlib.suppress(discord.HTTPException):
                    await ui.channel.message(session, message_id).edit(
                        content=content, view=ui.message.buttons(session, over=True)
                    )
        ui.forget(session)

    # ------------------------------------------------------------------ restarts
    async def recover(self) -> int:
        """Record the deals that ended just before a restart, and open the deals that follow."""
        recovered = 0
        for attempt in await self.storage.challenges.attempts_to_recover():
            assert attempt.table_id is not None
            try:
                session = await self.host.tables.get(attempt.table_id)
                if session is not None:
                    await self.deal_over(session)
                    recovered += 1
            except Exception:
                log.exception(
                    "challenge %s: could not recover the deal of %s",
                    attempt.challenge_id,
                    attempt.user_id,
                )
        return recovered

    async def end_tables(self, challenge: Challenge) -> None:
        """The challenge closed: the deals still in play end there, unplayed (they do not
        count), and their players are told."""
        for attempt in await self.storage.challenges.open_attempts(challenge.id):
            assert attempt.table_id is not None
            session = await self.host.tables.get(attempt.table_id)
            await self.storage.challenges.update_attempt(
                challenge.id, attempt.user_id, thread_id=attempt.thread_id, table_id=None
            )
            if session is None or not await abandon(session):
                continue
            await self.host.ui.abandoned(session)
            if not in_messages(session):
                with contextlib.suppress(discord.HTTPException):
                    await self.host.ui.channel.send(
                        session,
                        t("challenge_closed_now", locale_of(session), id=challenge.id),
                        allowed_mentions=NO_MENTIONS,
                    )

    # ------------------------------------------------------------------ records
    async def records(self, challenge: Challenge, user_id: int) -> list[dict[str, Any]]:
        """The player's finished deals as ordinary records, in deal order."""
        records = []
        for result in await self.storage.challenges.own_results(challenge.id, user_id):
            session = await self.host.tables.get(result.table_id)
            if session is not None and session.game is not None:
                records.append(session.game.to_record())
        return records
