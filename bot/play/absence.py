"""Absent players: a computer player keeps the seat of somebody who left the game
(``/table leave``) or missed too many turns, until they come back (``/table rejoin``, or the
"Take my seat back" button).

The turn timer (``bot.play.turn_timer``) lets a computer play one turn for a player who does not
act in time; ``turn_missed`` counts those turns, and after ``MISSED_TURNS_LIMIT`` in a row the
seat goes to a computer. Who sat there is kept in the table's settings (``away``), written
before the computer sits, so that a crash never loses the way back; the ratings read it too.
"""

from __future__ import annotations

from bot.play.lobby import computer_name
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.storage.tables.interface import Seat
from bot.storage.tables.settings import AwaySeat

MISSED_TURNS_LIMIT = 3
"""Turns in a row the timer plays for somebody before a computer keeps their seat."""
DESERTED_TTL_S = 10 * 60
"""A table everybody has left waits this long for somebody to come back, then ends."""


async def hand_to_computer(session: TableSession, user_id: int) -> str | None:
    """A computer player, at the table's level, takes ``user_id``'s seat until they come
    back. Returns its name (everybody reads it: in the table's language), or None when the
    user holds no seat."""
    async with session.lock:
        seat = session.seat_of(user_id)
        if seat is None:
            return None
        old = session.seat(seat)
        away = AwaySeat(seat, user_id, old.name if old else "")
        await session.update_row(settings=session.settings.with_away(away))
        name = computer_name(session, locale_of(session))
        await session.set_seat(Seat(seat, None, session.settings.level, name))
        session.abandon_votes.discard(user_id)
        return name


async def come_back(session: TableSession, user_id: int) -> str | None:
    """The player who left (or whom the timer replaced) takes the seat back: same user
    only. An i18n error key when that is not possible."""
    async with session.lock:
        if not session.playing:
            return "not_playing"
        if session.seat_of(user_id) is not None:
            return "already_seated"
        away = session.settings.away_seat_of(user_id)
        if away is None:
            return "not_away"
        await session.set_seat(Seat(away.seat, user_id, None, away.name))
        await session.update_row(settings=session.settings.without_away(away.seat))
        session.missed_turns.pop(away.seat, None)
        return None


async def turn_missed(session: TableSession, seat: int, user_id: int) -> str | None:
    """The timer played for ``user_id``. Returns the name of the computer player that now
    keeps the seat, or None while the player keeps it (a turn played in time, or coming back,
    starts the count again)."""
    missed = session.missed_turns.get(seat, 0) + 1
    session.missed_turns[seat] = missed
    if missed < MISSED_TURNS_LIMIT or not session.playing:
        return None
    del session.missed_turns[seat]
    return await hand_to_computer(session, user_id)
