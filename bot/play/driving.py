"""Driving a table on after every change, until a person must act or the game ends: show the
change, post the summary of a finished deal, deal when a deal is due, let the computer players
take their turns (after a pause a person can follow), and end the game.

One drive at a time per table (``schedule_drive``); a change during a drive makes it go round
once more. A computer player's turn is decided outside the table's lock, in a worker
(``bot.play.computers``), so that the event loop and the people at the table are never kept
waiting by a search; the move is committed only if the table is still where it was.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable

from bot.play.computers import decide, fallback_action
from bot.play.ending import finish
from bot.play.sessions import StorageFailed, TableSession
from bot.storage.tables.interface import Seat
from games.actions import Action
from games.base import IllegalAction
from games.views import GameView

log = logging.getLogger(__name__)

THINKING_AFTER_S = 1.0
"""A computer player still deciding after this long is shown as thinking on the table."""
STORAGE_RETRIES = 3
"""Storage failures in a row after which a drive stops (the next click drives it again)."""


def schedule_drive(session: TableSession) -> asyncio.Task[None]:
    """Run ``drive`` in the background (one at a time): deals, computer turns, messages."""
    if session.driver is not None and not session.driver.done():
        session.drive_again = True
        return session.driver
    session.drive_again = False
    session.driver = asyncio.get_running_loop().create_task(
        _drive_loop(session), name=f"atout-table-{session.id}"
    )
    return session.driver


async def _drive_loop(session: TableSession) -> None:
    while True:
        try:
            await drive(session)
        except Exception:
            # Logged here, with the table id: nobody awaits this task. The table is not lost:
            # ``kick`` (any Hand click) or a restart drives it again.
            log.exception("table %s: error while driving the game", session.id)
            return
        if not session.drive_again:
            return
        session.drive_again = False


def stalled(session: TableSession) -> bool:
    """In play, waiting for the bot itself (a deal, a computer player, or recording the end of
    a game that is over), and nothing is driving it: what a failed drive leaves behind."""
    game = session.game
    if session.row.status != "playing" or game is None:
        return False
    if session.driver is not None and not session.driver.done():
        return False
    return session.play_over or game.awaiting_deck or computer_to_act(session) is not None


def kick(session: TableSession) -> None:
    """Drive a stalled table again (called when somebody looks at it)."""
    if stalled(session):
        log.warning("table %s: stalled, driving it again", session.id)
        schedule_drive(session)


def computer_to_act(session: TableSession) -> Seat | None:
    game = session.game
    if game is None or game.over or game.awaiting_deck or game.to_act is None:
        return None
    if session.deserted:
        return None
    seat = session.row.seat(game.to_act)
    return seat if seat is not None and seat.is_computer else None


async def drive(session: TableSession) -> None:
    """Everything that follows a change, until a human must act or the game ends.

    What is shown is what people will see: with no pause, computer moves that follow each
    other are not shown one by one, only where the table stops (the presenter also merges
    changes that come faster than it draws). A storage error reloads the table and the drive
    goes on from what the database holds."""
    listener = session.listener
    if listener is not None and (session.ai_pause_s > 0 or computer_to_act(session) is None):
        await _safe(listener.changed(session), session.id)
    failures = 0
    while True:
        await _announce_deals(session)
        event: str | None = None
        computer: Seat | None = None
        try:
            async with session.lock:
                if session.needs_reload:
                    await session.reload_after_failure()
                game = session.game
                if game is None or session.row.status != "playing":
                    return
                if session.play_over:
                    event = "over"
                elif game.awaiting_deck:
                    await session.deal()
                    event = "dealt"
                elif (computer := computer_to_act(session)) is not None:
                    event = "computer"
            if computer is not None:
                await computer_turn(session, computer, session.ai_pause_s)
        except StorageFailed:
            failures += 1
            if failures >= STORAGE_RETRIES:
                raise
            event = "reloaded"
        else:
            failures = 0
        if event == "over":
            await finish(session)
            if listener is not None:
                await _safe(listener.game_over(session), session.id)
            return
        if event is None:
            return
        if listener is not None:
            if event == "dealt":
                await _safe(listener.deal_started(session), session.id)
            if session.ai_pause_s > 0 or computer_to_act(session) is None:
                await _safe(listener.changed(session), session.id)


async def _announce_deals(session: TableSession) -> None:
    game = session.game
    while game is not None and session.deals_announced < len(game.deal_results):
        index = session.deals_announced
        session.deals_announced += 1
        if session.listener is not None:
            await _safe(session.listener.deal_finished(session, index), session.id)


async def computer_turn(session: TableSession, seat: Seat, pause_s: float = 0.0) -> None:
    """One computer turn. The decision is made outside the table's lock, in a worker, on the
    seat's view; the step is committed only if the table is still where it was (a player who
    left, or a turn timer, may have moved it meanwhile). ``pause_s`` paces quick moves so that
    people can follow them; a slow search is not paused on top."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with session.lock:
        game = session.game
        assert game is not None and seat.ai_level is not None
        if game.to_act != seat.seat:
            return
        version = game.action_count
        view = game.view(seat.seat)
        legal = game.legal_actions(seat.seat)
        rng = session.kind.computer_rng(session.row, session.rng, version)
    action: Action | None = None
    try:
        action = await _decide(session, seat, view, legal, rng)
    except Exception:
        # A computer player that fails must not leave the people at the table waiting
        # forever: its seat takes a legal action instead (below).
        log.exception("table %s: the computer player of seat %s failed", session.id, seat.seat)
    remaining = pause_s - (loop.time() - started)
    if remaining > 0:
        await asyncio.sleep(remaining)
    async with session.lock:
        game = session.game
        if game is None or game.action_count != version or session.row.status != "playing":
            return
        if action is not None:
            try:
                await session.commit(seat.seat, action)
                return
            except IllegalAction:
                log.exception(
                    "table %s: the computer player of seat %s chose an illegal action",
                    session.id,
                    seat.seat,
                )
        try:
            fallback = fallback_action(game, seat.seat, legal, rng)
        except RuntimeError:
            raise RuntimeError(
                f"table {session.id}: no legal action for seat {seat.seat}"
            ) from None
        await session.commit(seat.seat, fallback)


async def _decide(
    session: TableSession,
    seat: Seat,
    view: GameView,
    legal: list[Action],
    rng: random.Random,
) -> Action:
    """The computer player's choice, in a worker (``bot.play.computers.decide``). Past
    ``THINKING_AFTER_S`` the table says that the computer is thinking."""
    level = str(seat.ai_level)
    samples = session.kind.samples(session.row)
    task = asyncio.ensure_future(decide(session.choose, view, legal, level, rng, samples))
    done, _ = await asyncio.wait({task}, timeout=THINKING_AFTER_S)
    if not done and session.listener is not None:
        await _safe(session.listener.thinking(session, seat.seat), session.id)
    return await task


async def play_for_absent(session: TableSession, version: int) -> bool:
    """The turn timer ran out at ``version``: a computer player takes this one turn for the
    seat, at the table's level; the seat stays the player's (``bot.play.absence`` counts the
    turns missed)."""
    async with session.lock:
        game = session.game
        if (
            game is None
            or session.row.status != "playing"
            or game.over
            or game.action_count != version
            or game.to_act is None
        ):
            return False
        seat = session.row.seat(game.to_act)
        if seat is None or seat.is_computer:
            return False
        stand_in = Seat(seat.seat, None, session.settings.level, seat.name)
    await computer_turn(session, stand_in)
    game = session.game
    return game is not None and game.action_count > version


async def _safe(awaitable: Awaitable[None], table_id: int) -> None:
    """Showing a change must never stop the game: the step is already committed."""
    try:
        await awaitable
    except Exception:
        log.exception("table %s: error while showing a change", table_id)
