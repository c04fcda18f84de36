"""The turn pings: when it is a human's turn, one short message in the table's thread mentions
that player (a new message notifies; an edit would not), and goes when the turn is taken. With a
turn timer (``bot.play.turn_timer``) the ping arms it, a reminder replaces the ping at half time, and
a notice says when a computer player took the seat of somebody who missed too many turns."""

from __future__ import annotations

import contextlib

import discord

from bot.play.absence import DESERTED_TTL_S, MISSED_TURNS_LIMIT
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.play.turn_timer import TurnTimer
from bot.table.channel import TableChannel
from bot.table.hands import Hands
from bot.text.i18n import t

MENTION_USERS = discord.AllowedMentions(users=True)


class Pings:
    def __init__(self, channel: TableChannel, hands: Hands, timer: TurnTimer) -> None:
        self.channel = channel
        self.hands = hands
        self.timer = timer
        self.pings: dict[int, tuple[int, int, int]] = {}
        """table → (channel id, message id, version) of the current "your turn" ping."""
        channel.on_move.append(self.forget)

    async def ping(self, session: TableSession) -> None:
        game = session.game
        if game is None or game.over or game.to_act is None:
            await self.delete(session)
            return
        seat = session.seat(game.to_act)
        if seat is None or seat.user_id is None:
            await self.delete(session)
            return
        current = self.pings.get(session.id)
        if current is not None and current[2] == game.action_count:
            return
        await self.delete(session)
        seconds = session.settings.turn_timer
        key = "ping_turn_timed" if seconds else "ping_turn"
        text = t(key, locale_of(session), mention=f"<@{seat.user_id}>", seconds=seconds)
        if not self.hands.is_live(session.id, seat.user_id):
            # Their hand message cannot be updated any more (interaction tokens last 15
            # minutes): say where the buttons are rather than leave a dead hand on screen.
            text += " " + t("ping_press_hand", locale_of(session))
        message = await self.channel.send(session, text, allowed_mentions=MENTION_USERS)
        self.pings[session.id] = (self.channel.channel_id(session), message.id, game.action_count)
        # Bookkeeping, not a step of the game: it rides along with the next commit.
        session.defer_row(ping_message_id=message.id)
        if seconds:
            self.timer.start(session, game.action_count, seconds, self)

    async def remind(self, session: TableSession, version: int, left: float) -> None:
        """Half the turn is gone: a reminder replaces the ping."""
        current = self.pings.get(session.id)
        game = session.game
        if current is None or current[2] != version or game is None:
            return
        if game.action_count != version or game.to_act is None:
            return
        seat = session.seat(game.to_act)
        if seat is None or seat.user_id is None:
            return
        text = t(
            "ping_reminder", locale_of(session), mention=f"<@{seat.user_id}>", seconds=round(left)
        )
        message = await self.channel.send(session, text, allowed_mentions=MENTION_USERS)
        self.pings[session.id] = (self.channel.channel_id(session), message.id, version)
        session.defer_row(ping_message_id=message.id)
        with contextlib.suppress(discord.HTTPException):
            await self.channel.message_in(session, current[0], current[1]).delete()

    async def handed_over(self, session: TableSession, user_id: int, name: str) -> None:
        """The timer played too many turns in a row for ``user_id``: ``name`` keeps the seat."""
        locale = locale_of(session)
        text = t("away_timer", locale, mention=f"<@{user_id}>", turns=MISSED_TURNS_LIMIT, name=name)
        if session.deserted:
            text += "\n" + t("table_deserted", locale, minutes=DESERTED_TTL_S // 60)
        await self.channel.announce(session, text)

    async def delete(self, session: TableSession) -> None:
        await self.delete_taken(session, self.take(session))

    def take(self, session: TableSession) -> tuple[int, int] | None:
        """Forget the current ping at once (a new one may be sent while the old one is being
        deleted); returns (channel id, message id) of the message to delete."""
        self.timer.stop(session)
        current = self.pings.pop(session.id, None)
        stored = session.row.ping_message_id
        if current is None and stored is None:
            return None
        # After a restart only the stored id is known: the ping of the process before.
        channel_id, message_id = (
            current[:2] if current else (self.channel.channel_id(session), stored)
        )
        assert message_id is not None
        if stored is not None:
            session.defer_row(ping_message_id=None)
        return channel_id, message_id

    async def delete_taken(self, session: TableSession, ping: tuple[int, int] | None) -> None:
        if ping is None:
            return
        channel_id, message_id = ping
        with contextlib.suppress(discord.HTTPException):
            await self.channel.message_in(session, channel_id, message_id).delete()

    def forget(self, session: TableSession) -> None:
        """The table left the thread its ping is in: the next ping is a new one."""
        self.pings.pop(session.id, None)
