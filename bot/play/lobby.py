"""The seats before a game starts: joining and leaving, computer players brought in and sent
away, the house rules and whether the table is rated, and the start (``bot.table.lobby`` shows
the lobby message and answers its clicks).

Each step takes the table's lock and answers None when done, or the i18n key of why not
(``lobby_closed``, ``lobby_full``, ``already_seated``, …) having changed nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.play.sessions import TableSession
from bot.storage.tables.interface import AI_LEVELS, Seat
from bot.text.i18n import t
from games.registry import game_class


def computer_name(session: TableSession, locale: str) -> str:
    """A name no seat of the table has: "Computer N" with the smallest free N. Counting the
    computers seated gave "Computer 3" twice after an add, a remove and an add."""
    taken = {seat.name for seat in session.row.seat_list}
    number = 1
    while t("computer_name", locale, number=number) in taken:
        number += 1
    return t("computer_name", locale, number=number)


def _free_seat(session: TableSession) -> int | None:
    taken = {s.seat for s in session.row.seat_list}
    return next((index for index in range(session.row.seats) if index not in taken), None)


async def join(session: TableSession, user_id: int, name: str) -> str | None:
    """Seat a user in the first free seat."""
    async with session.lock:
        if session.row.status != "lobby":
            return "lobby_closed"
        if session.seat_of(user_id) is not None:
            return "already_seated"
        free = _free_seat(session)
        if free is None:
            return "lobby_full"
        await session.set_seat(Seat(free, user_id, None, name))
        return None


async def seat_computer(session: TableSession, level: str, name: str) -> str | None:
    if level not in AI_LEVELS:
        return "bad_level"
    async with session.lock:
        if session.row.status != "lobby":
            return "lobby_closed"
        free = _free_seat(session)
        if free is None:
            return "lobby_full"
        await session.set_seat(Seat(free, None, level, name))
        return None


async def leave_lobby(session: TableSession, user_id: int) -> str | None:
    async with session.lock:
        if session.row.status != "lobby":
            return "lobby_closed"
        seat = session.seat_of(user_id)
        if seat is None:
            return "not_seated"
        await session.clear_seat(seat)
        return None


async def unseat_computer(session: TableSession) -> str | None:
    """Free the seat of the last computer player seated, to make room for a friend."""
    async with session.lock:
        if session.row.status != "lobby":
            return "lobby_closed"
        computers = [s for s in session.row.seat_list if s.is_computer]
        if not computers:
            return "no_computer"
        await session.clear_seat(computers[-1].seat)
        return None


async def set_options(
    session: TableSession,
    options: dict[str, Any],  # JSON: rule options
) -> None:
    """House rules chosen in the lobby (already validated by the caller)."""
    async with session.lock:
        await session.update_row(options=dict(options))


async def set_rated(session: TableSession, rated: bool) -> str | None:
    """Rated or not, chosen in the lobby; refused once the game started."""
    async with session.lock:
        if session.row.status != "lobby":
            return "lobby_closed"
        await session.update_row(settings=replace(session.settings, rated=rated))
        return None


async def start_game(session: TableSession) -> str | None:
    """Every seat is taken: the engine is made, with the kind's first dealer (drawn at
    random; a challenge's is given), and the table is in play. Its first deal is the drive's
    (``bot.play.driving``)."""
    async with session.lock:
        if session.row.status != "lobby":
            return "lobby_closed"
        if not session.row.full:
            return "lobby_not_full"
        cls = game_class(session.row.game)
        first_dealer = session.kind.first_dealer(session.row, session.rng)
        game = cls(options=session.row.options, seats=session.row.seats, dealer=first_dealer)
        await session.update_row(status="playing", first_dealer=first_dealer)
        session.game = game
        session.deals_announced = 0
        return None
