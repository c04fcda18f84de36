"""The listener of a challenge's deals (``Tables.listeners``, for the challenge kind; an ordinary
table's is the table UI itself): a deal is shown by the table UI as any table, except that it
ends into the attempt (``Attempts.deal_over``) instead of posting a game's result, and a private
table without a thread (played in ephemeral messages) is shown in its player's hand message
only: nothing of it is ever posted in a channel."""

from __future__ import annotations

from bot.challenge.attempts import Attempts, deal_link, in_messages
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.table.controller import TableUI
from bot.text.i18n import t
from games.duplicate import PLAYER_SEAT


class ChallengeListener:
    def __init__(self, ui: TableUI, attempts: Attempts) -> None:
        self.ui = ui
        self.attempts = attempts

    async def _refresh_player(self, session: TableSession) -> None:
        seat = session.row.seat(PLAYER_SEAT)
        if seat is not None and seat.user_id is not None:
            await self.ui.hands.refresh(session, seat.user_id)

    async def deal_started(self, session: TableSession) -> None:
        if in_messages(session):
            await self._refresh_player(session)
        else:
            await self.ui.deal_started(session)

    async def deal_finished(self, session: TableSession, deal_index: int) -> None:
        if in_messages(session):
            return
        link = deal_link(session)
        challenge = (
            None if link is None else await self.attempts.storage.challenges.get(link.challenge_id)
        )
        if link is None or challenge is None:
            await self.ui.deal_finished(session, deal_index)
            return
        # The challenge's deal number, not the table's: each deal is a table of its own.
        heading = t(
            "challenge_summary_title",
            locale_of(session),
            number=link.deal_no + 1,
            total=challenge.deal_count,
        )
        await self.ui.deal_finished(session, deal_index, heading)

    async def changed(self, session: TableSession) -> None:
        if in_messages(session):
            await self._refresh_player(session)
        else:
            await self.ui.changed(session)

    async def thinking(self, session: TableSession, seat: int) -> None:
        if not in_messages(session):
            await self.ui.thinking(session, seat)

    async def game_over(self, session: TableSession) -> None:
        if deal_link(session) is None:
            await self.ui.game_over(session)
        else:
            await self.attempts.deal_over(session)
