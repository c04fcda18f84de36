"""The answer to "Review my play" and ``/review``: a player's own deal review, privately.

Only the person who held the seat sees its review: anyone else (another player, a spectator, a
stranger) is refused in one line that says nothing about the deal. A review is asked for a
finished deal only, and the worker computing it is given the finished deals only
(``Game.to_record(completed_only=True)``): no card of the deal in play can reach a review. The
answer is ephemeral and in the reader's language: a first message counts the mistakes and says
what each cost, then one message per decision worth telling, in the order played, each with a
picture of the deal around it. The click is acknowledged before anything else is read; a review
already stored is shown at once, otherwise the answer says it is being computed and is edited in
place when it is ready (``bot.play.reviews`` computes it in a worker process below the bot's
priority).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.play.reviews import Reviews
from bot.play.sessions import TableSession
from bot.play.tables import Tables
from bot.table.access import session_or_refusal
from bot.table.message import link_button
from bot.text import marks
from bot.text.cards import card_name
from bot.text.i18n import t, user_locale
from bot.text.review import action_words, bid_words, decision_text, review_text, shown
from bot.ui import images
from bot.ui.replies import refuse
from bot.web.links import LinkHolder
from games.actions import Action
from games.review import Decision, Review
from rendering.review import Player, ReviewPicture

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]


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

    def __init__(self, tables: Tables, reviews: Reviews, web: LinkHolder | None = None) -> None:
        self.tables = tables
        self.reviews = reviews
        self.web = web or LinkHolder()
        """The web pages' links, once they are on (``ATOUT_WEB_URL``)."""

    def web_view(self, table_id: int, deal: int, seat: int, locale: str) -> dict[str, Any]:
        """The review on the deal's replay on the web, each decision on its step: the
        ``view`` of the answer's first message, none where the pages are off."""
        links = self.web.links
        if links is None:
            return {}
        view = discord.ui.View(timeout=None)
        view.add_item(link_button(t("button_web_review", locale), links.deal(table_id, deal, seat)))
        return {"view": view}

    async def command(self, interaction: Interaction, table: int | None, deal: int | None) -> None:
        """``/review``: the table named, or the table of the thread it is used in."""
        if table is None and interaction.channel_id is not None:
            table = await self.tables.thread_table(interaction.channel_id)
        if table is None:
            await refuse(interaction, t("error_table_needed", user_locale(interaction)))
            return
        await self.show(interaction, table, deal)

    async def show(self, interaction: Interaction, table_id: int, deal: int | None) -> None:
        """``deal`` from 0; ``None``: the last finished deal. Acknowledged first, as the
        table's clicks are: Discord's three seconds never wait for storage."""
        mine = user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
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
        found = await self.reviews.stored(session.id, chosen, seat)
        if found is None:
            await interaction.edit_original_response(
                content=t("review_computing", mine, deal=chosen + 1)
            )
            # The finished deals only: the deck of the deal in play never leaves the engine.
            record = game.to_record(completed_only=True)
            try:
                found = await self.reviews.get(session.id, chosen, seat, record)
            except Exception:
                log.exception(
                    "table %s: the review of deal %s, seat %s failed", session.id, chosen, seat
                )
                await interaction.edit_original_response(content=t("review_failed", mine))
                return
        await self.answer(interaction, session, found, chosen, mine, seat)

    async def answer(
        self,
        interaction: Interaction,
        session: TableSession,
        review: Review,
        deal: int,
        locale: str,
        seat: int,
    ) -> None:
        """The review's first message (how many mistakes, what each cost, and the link to the
        replay on the web), then one message per decision it explains, in the order played,
        each with its picture: one image a message, so that Discord shows each at the
        message's full width, on a phone too."""
        game = session.row.game
        style = session.settings.deck_style
        content = review_text(review, session.id, deal + 1, game, locale)
        await interaction.edit_original_response(
            content=content, attachments=[], **self.web_view(session.id, deal, seat, locale)
        )
        names = session.names()
        teams = session.game.teams() if session.game is not None else None
        for number, decision in enumerate(shown(review), 1):
            words = decision_text(number, decision, review.unit, game, style, locale)
            files: list[discord.File] = []
            try:
                picture = self.picture(number, decision, review, names, style, locale, teams)
                stem = f"review-{session.id}-{deal + 1}-{number}"
                files.append(await images.review_picture_file(picture, style, stem, locale))
            except Exception:
                log.exception("table %s: could not draw a review picture", session.id)
            await interaction.followup.send(words, files=files, ephemeral=True)

    @staticmethod
    def picture(
        number: int,
        decision: Decision,
        review: Review,
        names: list[str],
        style: str,
        locale: str,
        teams: list[list[int]] | None = None,
    ) -> ReviewPicture:
        """What the decision's picture shows: what the player saw then, in their words. Each
        seat in its side's colour at the table (``teams``, the engine's)."""
        game = review.game
        seen = decision.seen
        sides = teams or [[s] for s in range(review.seats)]
        players = tuple(
            Player(
                names[s] if s < len(names) else "?",
                seen.sides[s] if s < len(seen.sides) else "unknown",
                next((i for i, team in enumerate(sides) if s in team), s),
            )
            for s in range(review.seats)
        )
        # Drawn, not sent: the plain suit symbols, not the emojis of a message.
        with marks.drawn():

            def words(action: Action) -> str:
                return action_words(action, game, style, locale)

            def bid(action: Action) -> str:
                return bid_words(action, game, style, locale)

            contract = None
            if seen.contract is not None:
                parts = [bid(seen.contract.action)]
                if seen.contract.called is not None:
                    parts.append(card_name(seen.contract.called, game, style, locale))
                parts.append(
                    players[seen.contract.seat].name if seen.contract.seat < len(players) else "?"
                )
                if seen.contract.multiplier == 2:
                    parts.append(t("review_action_coinche", locale))
                elif seen.contract.multiplier >= 4:
                    parts.append(t("review_action_surcoinche", locale))
                contract = " · ".join(parts)
            auction = tuple((s, bid(a)) for s, a in seen.auction)
            card = decision.choice.type == "play"
            better = decision.hindsight if decision.verdict == "unlucky" else decision.best
            choice_label = str(decision.choice.card) if card else words(decision.choice)
            if better is None:
                better_label = choice_label
            elif card:
                better_label = str(better.card)
            else:
                better_label = words(better)
        to_beat = None
        if seen.to_beat is not None:
            to_beat = max(i for i, entry in enumerate(seen.auction) if entry == seen.to_beat)
        return ReviewPicture(
            game=game,
            number=number,
            verdict=decision.verdict,
            trick_number=seen.trick_number,
            players=players,
            hand=seen.hand,
            trump=seen.trump,
            contract=contract,
            trick=seen.trick,
            auction=auction,
            to_beat=to_beat,
            turn_up=seen.turn_up,
            choice=choice_label,
            better=better_label,
            trump_card=seen.trump_card if seen.trick_number else None,
            state=state_lines(decision, review.seat, players, sides, locale),
        )


def state_lines(
    decision: Decision,
    seat: int,
    players: tuple[Player, ...],
    teams: list[list[int]],
    locale: str,
) -> tuple[str, ...]:
    """What else the seat knew when it played a card, as the table showed it: the stock left
    (Briscola), the cards gone, each side's points so far (issue 41.7: Briscola, Sueca and
    chiamata decisions showed the trump as a small emblem and nothing else)."""
    seen = decision.seen
    if not seen.trick_number:
        return ()
    lines: list[str] = []
    if seen.stock is not None:
        lines.append(t("review_state_stock", locale, count=seen.stock))
    if seen.deck:
        lines.append(t("review_state_gone", locale, played=seen.played, total=seen.deck))
    if len(seen.scores) == len(teams) > 1:
        said = []
        for team, points in zip(teams, seen.scores, strict=True):
            if seat in team:
                key = "review_state_side_you" if len(team) > 1 else "review_state_you"
                said.append(t(key, locale, points=points))
            elif len(teams) == 2:
                said.append(t("review_state_others", locale, points=points))
            else:
                name = players[team[0]].name if team and team[0] < len(players) else "?"
                said.append(t("review_state_seat", locale, name=name, points=points))
        lines.append(t("review_state_points", locale, sides=" · ".join(said)))
    return tuple(lines)


__all__ = ["ReviewDesk", "seat_held", "state_lines"]
