"""The turn timer (table setting ``turn_timer``, seconds; 0 = none), in the session layer: it
knows tables and seats, not Discord.

It is armed when a player is pinged (both sleeps start at the ping). At half time the listener
reminds the player (a new mention notifies; an edit would not). At the end a computer plays
this one turn (``bot.play.driving.play_for_absent``), and ``bot.play.absence`` counts it: after
several in a row a computer keeps the seat until the player comes back, and the listener says
so.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from bot.play.absence import turn_missed
from bot.play.driving import play_for_absent, schedule_drive
from bot.play.sessions import TableSession

log = logging.getLogger(__name__)


class TurnListener(Protocol):
    """Who tells the table what the timer did (``bot.table.pings.Pings``)."""

    async def remind(self, session: TableSession, version: int, left: float) -> None: ...

    async def handed_over(self, session: TableSession, user_id: int, name: str) -> None: ...


class TurnTimer:
    def __init__(self) -> None:
        self.timers: dict[int, asyncio.Task[None]] = {}
        """table → the running turn timer."""
        self.reminders: dict[int, asyncio.Task[None]] = {}
        """table → the half-time reminder of the running turn timer."""

    def start(
        self, session: TableSession, version: int, seconds: int, listener: TurnListener
    ) -> None:
        """Time the turn ``version`` of ``session``: ``seconds`` from now."""
        loop = asyncio.get_running_loop()
        self.timers[session.id] = loop.create_task(
            self._turn_timer(session, version, seconds, listener),
            name=f"atout-timer-{session.id}",
        )
        self.reminders[session.id] = loop.create_task(
            self._reminder(session, version, seconds, listener),
            name=f"atout-reminder-{session.id}",
        )

    def stop(self, session: TableSession) -> None:
        for tasks in (self.timers, self.reminders):
            timer = tasks.pop(session.id, None)
            if timer is not None and timer is not asyncio.current_task():
                timer.cancel()

    async def _turn_timer(
        self, session: TableSession, version: int, seconds: int, listener: TurnListener
    ) -> None:
        await asyncio.sleep(seconds)
        self.timers.pop(session.id, None)
        try:
            game = session.game
            seat = session.seat(game.to_act) if game and game.to_act is not None else None
            if await play_for_absent(session, version):
                if seat is not None and seat.user_id is not None:
                    name = await turn_missed(session, seat.seat, seat.user_id)
                    if name is not None:
                        await listener.handed_over(session, seat.user_id, name)
                schedule_drive(session)
        except Exception:
            # Nobody awaits this task: the log line (with the table) is the report.
            log.exception("table %s: the turn timer could not play", session.id)

    async def _reminder(
        self, session: TableSession, version: int, seconds: int, listener: TurnListener
    ) -> None:
        """Its own task, armed with the timer: both sleeps start at the ping."""
        await asyncio.sleep(seconds / 2)
        self.reminders.pop(session.id, None)
        try:
            await listener.remind(session, version, seconds / 2)
        except Exception:
            log.warning("table %s: could not post the turn reminder", session.id, exc_info=True)
