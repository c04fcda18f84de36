"""The answer to "Review my play" and ``/review``: a player's own deal review, privately.

Only the person who held the seat sees its review: anyone else (another player, a spectator, a
stranger) is refused in one line that says nothing about the deal. A review is asked for a
finished deal only, and the worker computing it is given the finished deals only
(``Game.to_record(completed_only=True)``): no card of the deal in play can reach a review. The
answer is ephemeral and in the reader's language. A review already stored is shown at once;
otherwise the answer says it is being computed and is edited in place when it is ready
(``bot.play.reviews`` computes it in a worker process below the bot's priority).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.play.reviews import Reviews
from bot.play.sessions import TableSession
from bot.play.tables import Tables
from bot.table.access import session_or_refusal
from bot.text import marks
from bot.text.i18n import t, user_locale
from bot.text.review import action_words, review_text, shown
from bot.ui import images
from bot.ui.replies import refuse

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]
Json = dict[str, Any]  # JSON: a stored review (bot.play.reviews)


def seat_held(session: TableSession, user_id: int) -> int | None:
    """The seat ``user_id`` plays at this table, or kept while a computer plays it for them."""
    seat = session.seat_of(user_id)
    if seat is not None:
        return seat
    for index in range(session.row.seats):
        if session.away_user(index) == user_id:
            return index
    return None


class ReviewDesk:
    """Answers the review clicks and command (``bot.ui.components.ReviewClicks``)."""

    def __init__(self, tables: Tables, reviews: Reviews) -> None:
        self.tables = tables
        self.reviews = reviews

    async def command(self, interaction: Interaction, table: int | None, deal: int | None) -> None:
        """``/review``: the table named, or the table of the thread it is used in."""
        if table is None and interaction.channel_id is not None:
            session = await self.tables.in_thread(interaction.channel_id)
            if session is not None:
                table = session.id
        if table is None:
            await refuse(interaction, t("error_table_needed", user_locale(interaction)))
            return
        await self.show(interaction, table, deal)

    async def show(self, interaction: Interaction, table_id: int, deal: int | None) -> None:
        """``deal`` from 0; ``None``: the last finished deal."""
        mine = user_locale(interaction)
        session = await session_or_refusal(interaction, self.tables, table_id, same_server=True)
        if session is None:
            return
        seat = seat_held(session, interaction.user.id)
        if seat is None:
            await refuse(interaction, t("review_not_yours", mine))
            return
        game = session.game
        finished = len(game.deal_results) if game is not None else 0
        if game is None or finished == 0:
            await refuse(interaction, t("review_no_deal", mine))
            return
        chosen = finished - 1 if deal is None else deal
        if not 0 <= chosen < finished:
            await refuse(interaction, t("review_no_such_deal", mine, deal=chosen + 1))
            return
        stored = await self.reviews.stored(session.id, chosen, seat)
        if stored is not None:
            # Answered within Discord's three seconds, whatever the drawing queue holds.
            await interaction.response.defer(ephemeral=True, thinking=True)
            content, files = await self.payload(session, stored, chosen, mine)
            await interaction.edit_original_response(content=content, attachments=files)
            return
        await interaction.response.send_message(
            t("review_computing", mine, deal=chosen + 1), ephemeral=True
        )
        # The finished deals only: the deck of the deal in play never leaves the engine.
        record = game.to_record(completed_only=True)
        try:
            found = await self.reviews.get(session.id, chosen, seat, record)
            content, files = await self.payload(session, found, chosen, mine)
        except Exception:
            log.exception(
                "table %s: the review of deal %s, seat %s failed", session.id, chosen, seat
            )
            await interaction.edit_original_response(content=t("review_failed", mine))
            return
        await interaction.edit_original_response(content=content, attachments=files)

    async def payload(
        self, session: TableSession, review: Json, deal: int, locale: str
    ) -> tuple[str, list[discord.File]]:
        """The review's words and the images of the decisions it explains."""
        game = session.row.game
        style = session.settings.deck_style
        content = review_text(review, session.id, deal + 1, game, style, locale)
        names = session.names()
        files: list[discord.File] = []
        positions = review.get("positions") or {}
        for number, decision in enumerate(shown(review), 1):
            position = positions.get(str(decision["action_index"]))
            if position is None:
                continue
            choice, best = decision["choice"], decision["best"]
            if choice.get("type") == "play":
                chosen_label, best_label = str(choice["card"]), str(best.get("card"))
            else:
                # Drawn, not sent: the plain suit symbols, not the emojis of a message.
                with marks.drawn():
                    chosen_label = action_words(choice, game, style, locale)
                    best_label = action_words(best, game, style, locale)
            trick_names = [
                names[int(s)] if 0 <= int(s) < len(names) else "" for s, _ in position["trick"]
            ]
            try:
                files.append(
                    await images.review_position_file(
                        game,
                        position,
                        chosen_label,
                        best_label,
                        trick_names,
                        style,
                        f"review-{session.id}-{deal + 1}-{number}",
                        locale=locale,
                    )
                )
            except Exception:
                log.exception("table %s: could not draw a review position", session.id)
        return content, files


__all__ = ["ReviewDesk", "seat_held"]
