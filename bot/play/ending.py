"""How a table ends: played to the end (its result stored in one write, then the ratings
moved), or abandoned — by its starter, by a majority of the people seated (``/table abandon``),
or by the sweep of tables nobody uses (``bot.table.presence``).

Whether the game is kept and rated is its kind's (``bot.play.kinds``): a challenge's deal is not,
its result is the challenge's (``bot.challenge``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.play.sessions import TableSession

log = logging.getLogger(__name__)


async def finish(session: TableSession) -> None:
    """The game (or a challenge's one deal) is over: its end is written, with its result where
    the kind keeps one, then the game is rated. Done once, whoever gets here first."""
    async with session.lock:
        game = session.game
        if game is None or session.row.status != "playing":
            return
        if not session.kind.keeps_result:
            # A challenge's deal: its result is the challenge's (bot.challenge), kept apart
            # from the history of games and from the ratings.
            await session.end_row("finished")
            return
        await session.end_row("finished", game)
        await _rate(session)


async def _rate(session: TableSession) -> None:
    """Store the ended game in the history and move ratings. A failure here leaves the
    result in place: the next start-up rates what is missing (``rate_pending``)."""
    if not session.kind.keeps_result:
        return
    try:
        session.rating_changes = await session.storage.ratings.rate_table(session.id)
    except Exception:
        log.exception("table %s: could not rate the game", session.id)


async def abandon(session: TableSession) -> bool:
    """End the table without a result (a game abandoned in play joins the history,
    unrated). False when the table is no longer open (the game ended meanwhile): a finished
    game keeps its result."""
    async with session.lock:
        if session.row.status not in ("lobby", "playing"):
            return False
        await session.end_row("abandoned")
        await _rate(session)
        return True


@dataclass(frozen=True)
class AbandonVote:
    """What a ``/table abandon`` did: the table ended (``abandoned``), a vote counted
    (``votes`` of the ``needed``), or nothing (``error``, an i18n key)."""

    abandoned: bool = False
    votes: int = 0
    needed: int = 0
    error: str | None = None


async def vote_to_abandon(session: TableSession, user_id: int) -> AbandonVote:
    """The starter abandons the table alone (where its kind allows: an open table's first of
    the queue is nobody's host); anybody else seated votes, and the table ends
    when a majority of the people seated have voted. A vote is withdrawn by playing on
    (``TableSession.act``) or by leaving the seat to a computer."""
    if session.row.status not in ("lobby", "playing"):
        return AbandonVote(error="not_playing")
    humans = session.humans()
    starter = user_id == session.row.starter_id and session.kind.starter_abandons
    if not starter and user_id not in humans:
        return AbandonVote(error="abandon_rights")
    session.abandon_votes.add(user_id)
    needed = len(humans) // 2 + 1
    votes = len(session.abandon_votes & set(humans))
    if not starter and votes < needed:
        return AbandonVote(votes=votes, needed=needed)
    if not await abandon(session):
        return AbandonVote(error="not_playing")
    return AbandonVote(abandoned=True, votes=votes, needed=needed)
