"""The public table message: one message per table in play, edited in place after every action
(the table image, one line saying what is happening, and the buttons Hand and Last trick), and
the table's other public posts: the summary of each deal and the result of the game."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from dataclasses import dataclass

import discord

from bot.play import workers
from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.table.channel import NO_MENTIONS, Post, TableChannel
from bot.table.places import Place, places, set_place
from bot.text.i18n import t
from bot.text.narrate import deal_summary, game_result, status_line
from bot.ui import images
from bot.ui.codec import ReviewButtonId, ReviewSelectId, TableButtonId
from bot.ui.components import review_button, review_select, table_button
from bot.ui.standings import change_lines
from bot.web.links import LinkHolder, WebLinks

log = logging.getLogger(__name__)

TABLE_MESSAGE_LIFE = datetime.timedelta(minutes=50)
"""A table message older than this is replaced by a new one at the next deal (Discord caps
edits of messages older than an hour)."""


def rating_note(session: TableSession, locale: str) -> str:
    """The end-of-game lines on ratings: each person's change, or that the table was unrated."""
    if not session.settings.rated:
        return "\n" + t("ratings_unrated", locale)
    lines = change_lines(session.rating_changes, locale)
    if not lines:
        return ""
    return "\n" + "\n".join([t("ratings_title", locale), *lines])


REVIEW_OPTIONS = 25
"""Deals offered by the game-over post's review select (Discord's most options; the last ones)."""


def link_button(label: str, url: str) -> discord.ui.Button[discord.ui.View]:
    """A button that opens one of the web pages (``bot.web``): Discord opens it, the bot is
    not told."""
    return discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url)


def review_view(
    session: TableSession, deal_index: int, locale: str, links: WebLinks | None = None
) -> discord.ui.View:
    """ "Review my play" under a deal summary: each player who clicks gets their own review;
    and the deal's replay on the web, where the pages are on."""
    view = discord.ui.View(timeout=None)
    view.add_item(review_button(t("button_review", locale), ReviewButtonId(session.id, deal_index)))
    if links is not None:
        url = links.deal(session.id, deal_index)
        view.add_item(link_button(t("button_web_deal", locale), url))
    return view


def reviews_view(
    session: TableSession, locale: str, links: WebLinks | None = None
) -> discord.ui.View | None:
    """At game over, "Review my play" for any deal of the game (a select of the deals), and
    the game's page on the web, where the pages are on."""
    game = session.game
    if game is None or not game.deal_results:
        return None
    count = len(game.deal_results)
    options = [
        discord.SelectOption(label=t("review_select_deal", locale, deal=i + 1), value=str(i))
        for i in range(max(0, count - REVIEW_OPTIONS), count)
    ]
    view = discord.ui.View(timeout=None)
    select = review_select(
        ReviewSelectId(session.id), options, placeholder=t("review_select", locale)
    )
    view.add_item(select)
    if links is not None:
        view.add_item(link_button(t("button_web_game", locale), links.game(session.id)))
    return view


@dataclass(frozen=True)
class TablePayload:
    content: str
    file: discord.File
    view: discord.ui.View
    shown: tuple[object, ...]
    """The state drawn (``shown_state``)."""


def shown_state(session: TableSession) -> tuple[object, ...]:
    """What a table message shows: the step, the deal, who sits where, whether it is over."""
    game = session.game
    assert game is not None
    return (
        game.action_count,
        len(game.log),
        game.over,
        tuple(session.names()),
        tuple(session.computers()),
        session.settings.rated,
    )


class TableMessage:
    def __init__(self, channel: TableChannel, web: LinkHolder | None = None) -> None:
        self.channel = channel
        self.web = web or LinkHolder()
        """The web pages' links, once they are on (``ATOUT_WEB_URL``)."""
        self.editors: dict[tuple[int, int], asyncio.Task[None]] = {}
        """(table, mirror's channel) → the task editing that mirror's table message."""
        self.stale: set[tuple[int, int]] = set()
        """Mirrors whose table message shows an older state than the table's."""
        self.shown: dict[tuple[int, int], tuple[object, ...]] = {}
        """(table, place's channel) → the state its table message shows (``shown_state``): a
        redraw of a state already shown is not sent again."""

    def buttons(
        self, session: TableSession, *, over: bool = False, locale: str | None = None
    ) -> discord.ui.View:
        locale = locale or locale_of(session)
        view = discord.ui.View(timeout=None)
        if not over:
            view.add_item(
                table_button(
                    t("button_hand", locale),
                    TableButtonId("hand", session.id),
                    discord.ButtonStyle.primary,
                )
            )
        game = session.game
        has_last = game is not None and bool(game.public_view().get("last_trick"))
        view.add_item(
            table_button(
                t("button_last_trick", locale),
                TableButtonId("last", session.id),
                disabled=not has_last,
            )
        )
        return view

    async def payload(self, session: TableSession, place: Place) -> TablePayload:
        """The table message as the table is when a drawing slot is free: a redraw that waited
        its turn behind other tables' draws the state of now, with what changed meanwhile, and
        the presenter finds nothing left to draw (under load, stale states are never drawn)."""
        # A table brought back by a restart is redrawn after the clicks of people.
        priority = workers.BACKGROUND if session.restoring else workers.TABLE
        async with workers.image_slots().held(priority) as drawer:
            game = session.game
            assert game is not None
            names = session.names()
            public = game.public_view()
            locale = place.language
            # Everything but the image is taken now, from the same state as the image.
            content = (
                t("table_header", locale, id=session.id)
                + "\n"
                + status_line(game, names, locale, session.settings.deck_style)
            )
            view = self.buttons(session, over=game.over, locale=locale)
            shown = shown_state(session)
            # Mirrors in one language share one drawing (``bot.ui.images`` keeps it).
            file = await images.table_file(
                public,
                names,
                session.computers(),
                session.settings.deck_style,
                f"table-{session.id}",
                locale=locale,
                unrated=not session.settings.rated,
                drawer=drawer,
            )
        return TablePayload(content, file, view, shown)

    async def post(self, session: TableSession, place: Place | None = None) -> None:
        where = place or self.channel.home(session)
        payload = await self.payload(session, where)
        message = await self.channel.send(
            session,
            content=payload.content,
            file=payload.file,
            view=payload.view,
            allowed_mentions=NO_MENTIONS,
            place=where,
        )
        # The place may have moved to its channel meanwhile (``TableChannel.send``).
        now = next((p for p in places(session) if p.channel_id == where.channel_id), where)
        await set_place(session, now, message_id=message.id)
        self.shown[(session.id, now.channel_id)] = payload.shown

    async def edit(self, session: TableSession) -> None:
        """Show the table as it is in every place. An ordinary table's message is edited now;
        an open table's mirrors each by a task of their own, which keeps to its channel's
        bucket and draws, when its turn comes, the latest state (the last state wins)."""
        for place in places(session):
            if place.mirror:
                self._mirror_changed(session, place)
            else:
                await self._edit_place(session, place)

    async def _edit_place(self, session: TableSession, place: Place) -> None:
        if place.message_id is None:
            await self.post(session, place)
            return
        key = (session.id, place.channel_id)
        if self.shown.get(key) == shown_state(session):
            return  # drawn already, by a redraw that waited its turn (``payload``)
        payload = await self.payload(session, place)
        message = self.channel.message(session, place.message_id, place)
        # A mirror's bucket is taken now, not when its drawing began: under load a drawing
        # waits seconds for its turn, and edits that waited could reach Discord closer
        # together than its bucket allows (6 in 5 s, benchmarks/load.py).
        await self.channel.kept(place)
        try:
            await message.edit(
                content=payload.content, attachments=[payload.file], view=payload.view
            )
            self.shown[key] = payload.shown
        except (discord.NotFound, discord.Forbidden):
            # Deleted by somebody, or no longer editable: the place gets a new message.
            await self.post(session, place)

    def _mirror_changed(self, session: TableSession, place: Place) -> None:
        key = (session.id, place.channel_id)
        self.stale.add(key)
        task = self.editors.get(key)
        if task is None or task.done():
            self.editors[key] = asyncio.get_running_loop().create_task(
                self._edit_mirror(session, place.channel_id),
                name=f"atout-present-{session.id}-{place.channel_id}",
            )

    async def _edit_mirror(self, session: TableSession, channel_id: int) -> None:
        key = (session.id, channel_id)
        while key in self.stale:
            place = next((p for p in places(session) if p.channel_id == channel_id), None)
            if place is None or session.row.status not in ("playing", "finished"):
                self.stale.discard(key)
                return
            if place.message_id is not None:
                # Room in the bucket first: what changes while this waits is drawn in this same
                # edit, which takes the room as it is sent (as a first message does).
                await self.channel.room(place)
            self.stale.discard(key)
            place = next((p for p in places(session) if p.channel_id == channel_id), place)
            try:
                await self._edit_place(session, place)
            except discord.HTTPException as exc:
                log.warning("table %s: mirror %s not edited (%s)", session.id, channel_id, exc)
            except Exception:
                log.exception("table %s: error while editing mirror %s", session.id, channel_id)

    async def settled(self, session: TableSession) -> None:
        """Wait until every mirror shows the table's last state (before the last word)."""
        for (table_id, _), task in list(self.editors.items()):
            if table_id == session.id and not task.done():
                with contextlib.suppress(Exception):
                    await task

    def forget(self, table_id: int) -> None:
        for key in [k for k in self.editors if k[0] == table_id]:
            del self.editors[key]
        for key in [k for k in self.shown if k[0] == table_id]:
            del self.shown[key]
        self.stale = {key for key in self.stale if key[0] != table_id}

    async def renew(self, session: TableSession) -> None:
        """A long game moves to a fresh table message at a new deal: Discord limits edits of
        old messages, and a fresh message is also at the bottom of the thread."""
        for place in places(session):
            message_id = place.message_id
            if message_id is None:
                continue
            age = discord.utils.utcnow() - discord.utils.snowflake_time(message_id)
            if age >= TABLE_MESSAGE_LIFE:
                await self.post(session, place)
                with contextlib.suppress(discord.HTTPException):
                    await self.channel.message(session, message_id, place).delete()

    async def thinking(self, session: TableSession, seat: int) -> None:
        """A computer player takes more than a moment: say so on the table message (text only;
        the image stays). A mirror whose bucket is full is not told: its next edit is what
        counts."""
        if session.row.status != "playing":
            return
        for place in places(session):
            if place.message_id is None:
                continue
            if place.mirror and not self.channel.bucket_free(place):
                continue
            content = (
                t("table_header", place.language, id=session.id)
                + "\n"
                + t("table_thinking", place.language, name=session.names()[seat])
            )
            # The message no longer says what its state says: the next redraw is sent.
            self.shown.pop((session.id, place.channel_id), None)
            with contextlib.suppress(discord.HTTPException):
                await self.channel.edit(session, place, place.message_id, content=content)

    async def mark_abandoned(self, session: TableSession) -> None:
        if session.game is None:
            return
        for place in places(session):
            if place.message_id is None:
                continue
            locale = place.language
            try:
                await self.channel.edit(
                    session,
                    place,
                    place.message_id,
                    content=t("table_header", locale, id=session.id)
                    + "\n"
                    + t("table_abandoned", locale, id=session.id),
                    view=None,
                )
            except discord.HTTPException:
                log.warning("table %s: could not mark the table message abandoned", session.id)

    async def post_deal_summary(
        self, session: TableSession, deal_index: int, heading: str | None = None
    ) -> None:
        """The deal's summary in every place; ``heading`` where the deal is not the table's own
        deal number (a challenge's deal 2 of 3 is its table's first)."""
        game = session.game
        assert game is not None
        names = session.names()
        for place in places(session):
            locale = place.language
            # The page of the link posted below is made meanwhile, for those who will click it.
            self.web.deal_over(session.id, deal_index, locale)
            text = deal_summary(
                game, names, deal_index, locale, session.settings.deck_style, heading
            )
            post: Post = {"allowed_mentions": NO_MENTIONS}
            try:
                post["file"] = await images.deal_summary_file(
                    game.public_view(),
                    names,
                    game.deal_results[deal_index],
                    session.settings.deck_style,
                    f"deal-{session.id}-{deal_index + 1}",
                    locale=locale,
                )
            except Exception:
                log.exception("table %s: could not draw the deal summary", session.id)
            post["view"] = review_view(session, deal_index, locale, self.web.links)
            await self.channel.send(session, content=text, place=place, **post)

    async def post_result(self, session: TableSession) -> None:
        game = session.game
        assert game is not None
        names = session.names()
        for place in places(session):
            locale = place.language
            post: Post = {"allowed_mentions": NO_MENTIONS}
            try:
                post["file"] = await images.score_sheet_file(
                    game.NAME,
                    names,
                    game.deal_results,
                    list(game.totals),
                    f"result-{session.id}",
                    locale=locale,
                )
            except Exception:
                log.exception("table %s: could not draw the score sheet", session.id)
            reviews = reviews_view(session, locale, self.web.links)
            if reviews is not None:
                post["view"] = reviews
                self.web.game_over(session.id, locale)
            content = game_result(game, names, locale) + rating_note(session, locale)
            try:
                await self.channel.send(session, content=content, place=place, **post)
            except discord.HTTPException:
                if not place.mirror:
                    raise
                log.warning("table %s: no result posted in mirror %s", session.id, place.target)
