"""Who sits where once a game is under way: missed turns, and the computer player that keeps a
seat for somebody who is away (session layer: no Discord).

The turn timer (``bot.play.turn_timer``) lets a computer play one turn for an absent player; this
module counts those turns, and after ``MISSED_TURNS_LIMIT`` in a row gives the seat to a
computer until the player comes back (``TableSession.come_back``).
"""

from __future__ import annotations

from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.text.i18n import t

MISSED_TURNS_LIMIT = 3
"""Turns in a row the timer plays for somebody before a computer keeps their seat."""
DESERTED_TTL_S = 10 * 60
"""A table everybody has left waits this long for somebody to come back, then ends."""


def computer_name(session: TableSession, locale: str) -> str:
    """A name no seat of the table has: "Computer N" with the smallest free N. Counting the
    computers seated gave "Computer 3" twice after an add, a remove and an add."""
    taken = {seat.name for seat in session.row.seat_list}
    number = 1
    while t("computer_name", locale, number=number) in taken:
        number += 1
    return t("computer_name", locale, number=number)


class Seating:
    def __init__(self) -> None:
        self.missed: dict[tuple[int, int], int] = {}
        """(table, seat) → turns the timer played in a row for that seat's player."""

    def acted(self, table_id: int, seat: int) -> None:
        """The player played in time (or came back): the count of missed turns starts again."""
        self.missed.pop((table_id, seat), None)

    async def turn_missed(self, session: TableSession, seat: int, user_id: int) -> str | None:
        """The timer played for ``user_id``. Returns the name of the computer player that now
        keeps the seat (everybody reads it: in the table's language), or None while the
        player keeps it."""
        key = (session.id, seat)
        self.missed[key] = self.missed.get(key, 0) + 1
        if self.missed[key] < MISSED_TURNS_LIMIT or not session.playing:
            return None
        del self.missed[key]
        name = computer_name(session, locale_of(session))
        if await session.replace_with_computer(user_id, session.settings.level, name) is None:
            return None
        return name
