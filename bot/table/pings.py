"""The turn pings: when it is a human's turn, one short message in the table's thread mentions
that player (a new message notifies; an edit would not), and goes when the turn is taken. With a
turn timer (``bot.play.turn_timer``) the ping arms it, a reminder replaces the ping at half time, and
a notice says when a computer player took the seat of somebody who missed too many turns."""

from __future__ import annotations

import contextlib

import discord

from bot.play.absence import DESERTED_TTL_S, MISSED_TURNS_LIMIT
from bot.play.sessions import TableSession
from bot.play.turn_timer import TurnTimer
from bot.table.channel import TableChannel, who
from bot.table.hands import Hands
from bot.table.places import Place, place_of, places, set_place
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
        """The player to act is mentioned once, where they read the table (an open table's
        mirror in their own server)."""
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
        place = place_of(session, seat.user_id)
        if place is None:
            return
        seconds = session.settings.turn_timer
        key = "ping_turn_timed" if seconds else "ping_turn"
        text = t(key, place.language, mention=f"<@{seat.user_id}>", seconds=seconds)
        if not self.hands.is_live(session.id, seat.user_id):
            # Their hand message cannot be updated any more (interaction tokens last 15
            # minutes): say where the buttons are rather than leave a dead hand on screen.
            text += " " + t("ping_press_hand", place.language)
        message = await self.channel.send(
            session, text, place=place, allowed_mentions=MENTION_USERS
        )
        place = place_of(session, seat.user_id) or place  # it may have left its thread
        self.pings[session.id] = (place.target, message.id, game.action_count)
        # Bookkeeping, not a step of the game: it rides along with the next commit.
        await set_place(session, place, ping_message_id=message.id)
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
        place = place_of(session, seat.user_id)
        if place is None:
            return
        text = t("ping_reminder", place.language, mention=f"<@{seat.user_id}>", seconds=round(left))
        message = await self.channel.send(
            session, text, place=place, allowed_mentions=MENTION_USERS
        )
        place = place_of(session, seat.user_id) or place
        self.pings[session.id] = (place.target, message.id, version)
        await set_place(session, place, ping_message_id=message.id)
        with contextlib.suppress(discord.HTTPException):
            await self.channel.message_in(session, current[0], current[1]).delete()

    async def handed_over(self, session: TableSession, user_id: int, name: str) -> None:
        """The timer played too many turns in a row for ``user_id``: ``name`` keeps the seat."""
        away = session.settings.away_seat_of(user_id)
        player = away.name if away is not None else ""

        def words(place: Place) -> str:
            text = t(
                "away_timer",
                place.language,
                mention=who(place, user_id, player),
                turns=MISSED_TURNS_LIMIT,
                name=name,
            )
            if session.deserted:
                text += "\n" + t("table_deserted", place.language, minutes=DESERTED_TTL_S // 60)
            return text

        await self.channel.announce(session, words)

    async def delete(self, session: TableSession) -> None:
        await self.delete_taken(session, self.take(session))

    def take(self, session: TableSession) -> tuple[int, int] | None:
        """Forget the current ping at once (a new one may be sent while the old one is being
        deleted); returns (channel id, message id) of the message to delete."""
        self.timer.stop(session)
        current = self.pings.pop(session.id, None)
        stored = next((p for p in places(session) if p.ping_message_id is not None), None)
        if current is None and stored is None:
            return None
        # After a restart only the stored id is known: the ping of the process before.
        if current is not None:
            found: tuple[int, int] = current[:2]
        else:
            assert stored is not None and stored.ping_message_id is not None
            found = (stored.target, stored.ping_message_id)
        if stored is not None:
            self._clear(session, stored)
        return found

    @staticmethod
    def _clear(session: TableSession, place: Place) -> None:
        """The stored ping id goes, with the next commit (a table's own place or a mirror)."""
        if place.mirror:
            session.defer_mirror(place.channel_id, ping_message_id=None)
        else:
            session.defer_row(ping_message_id=None)

    async def delete_taken(self, session: TableSession, ping: tuple[int, int] | None) -> None:
        if ping is None:
            return
        channel_id, message_id = ping
        with contextlib.suppress(discord.HTTPException):
            await self.channel.message_in(session, channel_id, message_id).delete()

    def forget(self, session: TableSession) -> None:
        """The table left the thread its ping is in: the next ping is a new one."""
        self.pings.pop(session.id, None)
