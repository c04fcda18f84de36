"""The table in Discord: the public table message, the ephemeral hands, pings, summaries.

``TableUI`` is the session's listener (it shows what the session committed) and handles the
clicks of a table in play. The order is always: the session commits, then this module tells
people. A Discord error here is logged with the table id and never undoes a committed step.

Answer first: every click is acknowledged before any storage, image or computer move (a
deferred update of the hand message, or an ephemeral "thinking" for a new hand), and what follows
is an edit of that answer. A click's own hand is drawn first; the public table is redrawn by one
presenter task per table, which draws the state people will see: changes that arrive while it
draws are merged into its next drawing instead of being drawn one by one.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import hands, images, workers
from bot.codec import TableButtonId
from bot.components import table_button
from bot.i18n import supported, t, user_locale
from bot.narrate import deal_summary, game_result, status_line
from bot.panels import PanelContext, PanelRegistry
from bot.sessions import ActResult, TableSession
from bot.standings import change_lines
from games.actions import Action
from games.base import Game
from rendering.i18n import reason as illegal_reason

if TYPE_CHECKING:
    from bot.app import AtoutBot

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
TABLE_MESSAGE_LIFE = datetime.timedelta(minutes=50)
"""A table message older than this is replaced by a new one at the next deal (Discord caps
edits of messages older than an hour)."""


def shown_state(game: Game) -> tuple[int, int]:
    """What a hand message shows: the action count alone is not enough, since dealing a new
    deal changes every hand without adding an action (the player who leads the new deal would
    otherwise keep a "waiting" hand with no buttons)."""
    return (game.action_count, len(game.log))


def locale_of(session: TableSession) -> str:
    """The table's language: what everybody at the table reads (the table message and image,
    the thread's messages, the lobby). Tables stored before languages existed are English."""
    return supported(session.row.settings.get("language", "en"))


def refusal(result: ActResult, locale: str, game: str) -> str:
    """A refused step in words, in the player's language: an illegal action is worded from the
    engine's code (``rendering.i18n.reason``), never from its English sentence."""
    reason = result.reason or ""
    if result.refused is not None:
        reason = illegal_reason(result.refused, locale, game)
    return t(f"error_{result.error}", locale, reason=reason)


def is_rated(session: TableSession) -> bool:
    """Tables are rated unless the starter unticked Rated in the lobby."""
    return session.row.settings.get("rated", True) is not False


def deck_style_of(session: TableSession) -> str:
    return str(session.row.settings.get("deck_style", "auto"))


class TableUI:
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot
        self.hands: dict[tuple[int, int], tuple[discord.Interaction[Any], tuple[int, int]]] = {}
        """(table, user) → the interaction whose ephemeral hand message we may still edit, and
        the state it shows, ``shown_state`` (interaction tokens live 15 minutes)."""
        self.pings: dict[int, tuple[int, int, int]] = {}
        """table → (channel id, message id, version) of the current "your turn" ping."""
        self.panel_state: dict[tuple[int, int], dict[str, Any]] = {}
        self.panels = PanelRegistry()
        """Each game's own controls, registered by its cog (``bot.commands.GameCog``)."""
        self.timers: dict[int, asyncio.Task[None]] = {}
        """table → the running turn timer (table setting ``turn_timer``, seconds; 0 = none)."""
        self.reminders: dict[int, asyncio.Task[None]] = {}
        """table → the half-time reminder of the running turn timer."""
        self.presenters: dict[int, asyncio.Task[None]] = {}
        """table → the task drawing its table message, hands to refresh and ping."""
        self.dirty: set[int] = set()
        """Tables changed since their presenter last looked."""

    # --------------------------------------------------------------------- messages
    def channel_id(self, session: TableSession) -> int:
        return session.row.thread_id or session.row.channel_id

    def messageable(self, session: TableSession) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(
            self.channel_id(session), guild_id=session.row.guild_id
        )

    async def send_to_table(self, session: TableSession, *args: Any, **kwargs: Any) -> Any:
        """Send in the table's thread; if the thread was deleted or the bot may no longer
        write there, the table moves to its channel (for good) and the message goes there."""
        try:
            return await self.messageable(session).send(*args, **kwargs)
        except (discord.NotFound, discord.Forbidden) as exc:
            if session.row.thread_id is None:
                raise
            log.warning(
                "table %s: thread %s unusable (%s), moving to the channel",
                session.id,
                session.row.thread_id,
                exc.status,
            )
            session.row.thread_id = None
            await session.storage.update_table(session.id, thread_id=None)
            self.pings.pop(session.id, None)
            session.row.table_message_id = None
            await session.storage.update_table(session.id, table_message_id=None)
            with contextlib.suppress(discord.HTTPException):
                await self.messageable(session).send(
                    t("table_moved", locale_of(session), id=session.id),
                    allowed_mentions=NO_MENTIONS,
                )
            message = await self.messageable(session).send(*args, **kwargs)
            # The table message was in the thread: the next drive posts a new one here.
            session.schedule_drive()
            return message

    def table_view(self, session: TableSession, *, over: bool = False) -> discord.ui.View:
        locale = locale_of(session)
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

    async def table_message_payload(self, session: TableSession) -> dict[str, Any]:
        game = session.game
        assert game is not None
        names = session.names()
        public = game.public_view()
        # Everything but the image is taken now, from the same state as the image.
        content = (
            t("table_header", locale_of(session), id=session.id)
            + "\n"
            + status_line(game, names, locale_of(session), deck_style_of(session))
        )
        if game.over and session.row.status == "finished":
            # The table message's last state says how the game moved its players' ratings.
            content += rating_note(session)
        view = self.table_view(session, over=game.over)
        file = await images.table_file(
            public,
            names,
            session.computers(),
            deck_style_of(session),
            f"table-{session.id}",
            locale=locale_of(session),
            # A table brought back by a restart is redrawn after the clicks of people.
            priority=workers.BACKGROUND if session.restoring else workers.TABLE,
            unrated=not is_rated(session),
        )
        return {"content": content, "file": file, "view": view}

    async def post_table_message(self, session: TableSession) -> None:
        payload = await self.table_message_payload(session)
        message = await self.send_to_table(
            session,
            content=payload["content"],
            file=payload["file"],
            view=payload["view"],
            allowed_mentions=NO_MENTIONS,
        )
        session.row.table_message_id = message.id
        await session.storage.update_table(session.id, table_message_id=message.id)

    async def edit_table_message(self, session: TableSession) -> None:
        if session.row.table_message_id is None:
            await self.post_table_message(session)
            return
        payload = await self.table_message_payload(session)
        message = self.messageable(session).get_partial_message(session.row.table_message_id)
        try:
            await message.edit(
                content=payload["content"], attachments=[payload["file"]], view=payload["view"]
            )
        except (discord.NotFound, discord.Forbidden):
            # Deleted by somebody, or no longer editable: the table gets a new message.
            await self.post_table_message(session)

    # ------------------------------------------------------------------- listener
    async def deal_started(self, session: TableSession) -> None:
        """A long game moves to a fresh table message at a new deal: Discord limits edits of
        old messages, and a fresh message is also at the bottom of the thread. Every player's
        open hand shows the new deal at once, not only the one to act."""
        message_id = session.row.table_message_id
        if message_id is not None:
            age = discord.utils.utcnow() - discord.utils.snowflake_time(message_id)
            if age >= TABLE_MESSAGE_LIFE:
                await self.post_table_message(session)
                with contextlib.suppress(discord.HTTPException):
                    await self.messageable(session).get_partial_message(message_id).delete()
        for user_id in [k[1] for k in self.hands if k[0] == session.id]:
            await self.refresh_hand(session, user_id)

    async def changed(self, session: TableSession) -> None:
        """Note the change; the table's presenter draws it (at once if it is idle)."""
        self.dirty.add(session.id)
        task = self.presenters.get(session.id)
        if task is None or task.done():
            self.presenters[session.id] = asyncio.get_running_loop().create_task(
                self._present(session), name=f"atout-present-{session.id}"
            )

    async def _present(self, session: TableSession) -> None:
        """Draw the table as it is now, refresh the hand of the player to act and ping them;
        again while changes came in meanwhile (each drawing shows the latest state)."""
        while session.id in self.dirty:
            self.dirty.discard(session.id)
            if session.row.status != "playing":
                # Abandoned meanwhile: the table message already says so and has no buttons.
                return
            # Each part on its own: a table message Discord refuses to edit (5xx after
            # discord.py's retries) or a hand that cannot be redrawn must not keep the next
            # player's hand and ping from being sent.
            for part in (self.edit_table_message, self.refresh_hands, self.ping):
                try:
                    await part(session)
                except discord.HTTPException as exc:
                    log.warning("table %s: %s failed (%s)", session.id, part.__name__, exc.status)
                except Exception:
                    log.exception("table %s: error while showing a change", session.id)
            session.restoring = False

    async def quiet(self, session: TableSession) -> None:
        """Wait until the presenter has drawn everything (before the last word on a table)."""
        self.dirty.discard(session.id)
        task = self.presenters.get(session.id)
        if task is not None and not task.done() and task is not asyncio.current_task():
            with contextlib.suppress(Exception):
                await task

    async def thinking(self, session: TableSession, seat: int) -> None:
        """A computer player takes more than a moment: say so on the table message (text only;
        the image stays)."""
        if session.row.table_message_id is None or session.row.status != "playing":
            return
        locale = locale_of(session)
        content = (
            t("table_header", locale, id=session.id)
            + "\n"
            + t("table_thinking", locale, name=session.names()[seat])
        )
        message = self.messageable(session).get_partial_message(session.row.table_message_id)
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=content)

    async def deal_finished(self, session: TableSession, deal_index: int) -> None:
        game = session.game
        assert game is not None
        names = session.names()
        locale = locale_of(session)
        text = deal_summary(game, names, deal_index, locale, deck_style_of(session))
        kwargs: dict[str, Any] = {}
        try:
            kwargs["file"] = await images.deal_summary_file(
                game.public_view(),
                names,
                game.deal_results[deal_index],
                deck_style_of(session),
                f"deal-{session.id}-{deal_index + 1}",
                locale=locale,
            )
        except Exception:
            log.exception("table %s: could not draw the deal summary", session.id)
        await self.send_to_table(session, content=text, allowed_mentions=NO_MENTIONS, **kwargs)

    async def game_over(self, session: TableSession) -> None:
        game = session.game
        assert game is not None
        await self.quiet(session)
        await self.delete_ping(session)
        for (table_id, _), (interaction, _) in list(self.hands.items()):
            if table_id == session.id:
                owner = user_locale(interaction)
                await hands.retire(interaction, t("hand_over", owner, id=session.id))
        await self.edit_table_message(session)
        names = session.names()
        kwargs: dict[str, Any] = {}
        try:
            kwargs["file"] = await images.score_sheet_file(
                game.NAME,
                names,
                game.deal_results,
                list(game.totals),
                f"result-{session.id}",
                locale=locale_of(session),
            )
        except Exception:
            log.exception("table %s: could not draw the score sheet", session.id)
        await self.send_to_table(
            session,
            content=game_result(game, names, locale_of(session)) + rating_note(session),
            allowed_mentions=NO_MENTIONS,
            **kwargs,
        )
        self.forget(session)

    async def abandoned(self, session: TableSession) -> None:
        await self.quiet(session)
        await self.delete_ping(session)
        if session.row.table_message_id is not None and session.game is not None:
            message = self.messageable(session).get_partial_message(session.row.table_message_id)
            try:
                await message.edit(
                    content=t("table_header", locale_of(session), id=session.id)
                    + "\n"
                    + t("table_abandoned", locale_of(session), id=session.id),
                    view=None,
                )
            except discord.HTTPException:
                log.warning("table %s: could not mark the table message abandoned", session.id)
        self.forget(session)

    def forget(self, session: TableSession) -> None:
        """A table that is over leaves memory; ``Tables.get`` reloads it for an export."""
        for key in [k for k in self.hands if k[0] == session.id]:
            del self.hands[key]
        for key in [k for k in self.panel_state if k[0] == session.id]:
            del self.panel_state[key]
        self.presenters.pop(session.id, None)
        self.dirty.discard(session.id)
        self.bot.tables.sessions.pop(session.id, None)

    # ---------------------------------------------------------------------- pings
    async def ping(self, session: TableSession) -> None:
        game = session.game
        if game is None or game.over or game.to_act is None:
            await self.delete_ping(session)
            return
        seat = session.seat(game.to_act)
        if seat is None or seat.user_id is None:
            await self.delete_ping(session)
            return
        current = self.pings.get(session.id)
        if current is not None and current[2] == game.action_count:
            return
        await self.delete_ping(session)
        seconds = int(session.row.settings.get("turn_timer", 0) or 0)
        key = "ping_turn_timed" if seconds else "ping_turn"
        text = t(key, locale_of(session), mention=f"<@{seat.user_id}>", seconds=seconds)
        if not self.hand_is_live(session.id, seat.user_id):
            # Their hand message cannot be updated any more (interaction tokens last 15
            # minutes): say where the buttons are rather than leave a dead hand on screen.
            text += " " + t("ping_press_hand", locale_of(session))
        message = await self.send_to_table(
            session,
            text,
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        self.pings[session.id] = (self.channel_id(session), message.id, game.action_count)
        session.row.ping_message_id = message.id
        # Bookkeeping, not a step of the game: it rides along with the next commit.
        session.storage.defer_update(session.id, ping_message_id=message.id)
        if seconds:
            self.timers[session.id] = asyncio.get_running_loop().create_task(
                self._turn_timer(session, game.action_count, seconds),
                name=f"atout-timer-{session.id}",
            )
            self.reminders[session.id] = asyncio.get_running_loop().create_task(
                self._reminder(session, game.action_count, seconds),
                name=f"atout-reminder-{session.id}",
            )

    async def _turn_timer(self, session: TableSession, version: int, seconds: int) -> None:
        """At half time a reminder replaces the ping (a new mention notifies; an edit would
        not). At the end a computer plays this one turn, and ``bot.presence`` counts it: after
        several in a row a computer keeps the seat until the player comes back."""
        await asyncio.sleep(seconds)
        self.timers.pop(session.id, None)
        try:
            game = session.game
            seat = session.seat(game.to_act) if game and game.to_act is not None else None
            if await session.act_for_absent(version):
                if seat is not None and seat.user_id is not None:
                    await self.bot.presence.turn_missed(session, seat.seat, seat.user_id)
                session.schedule_drive()
        except Exception:
            # Nobody awaits this task: the log line (with the table) is the report.
            log.exception("table %s: the turn timer could not play", session.id)

    async def _reminder(self, session: TableSession, version: int, seconds: int) -> None:
        """Its own task, armed with the timer: both sleeps start at the ping."""
        await asyncio.sleep(seconds / 2)
        self.reminders.pop(session.id, None)
        try:
            await self._remind(session, version, seconds / 2)
        except Exception:
            log.warning("table %s: could not post the turn reminder", session.id, exc_info=True)

    async def _remind(self, session: TableSession, version: int, left: float) -> None:
        current = self.pings.get(session.id)
        game = session.game
        if current is None or current[2] != version or game is None:
            return
        if game.action_count != version or game.to_act is None:
            return
        seat = session.seat(game.to_act)
        if seat is None or seat.user_id is None:
            return
        message = await self.send_to_table(
            session,
            t(
                "ping_reminder",
                locale_of(session),
                mention=f"<@{seat.user_id}>",
                seconds=round(left),
            ),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        self.pings[session.id] = (self.channel_id(session), message.id, version)
        session.row.ping_message_id = message.id
        session.storage.defer_update(session.id, ping_message_id=message.id)
        channel = self.bot.get_partial_messageable(current[0], guild_id=session.row.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(current[1]).delete()

    def stop_timer(self, session: TableSession) -> None:
        for tasks in (self.timers, self.reminders):
            timer = tasks.pop(session.id, None)
            if timer is not None and timer is not asyncio.current_task():
                timer.cancel()

    async def delete_ping(self, session: TableSession) -> None:
        await self._delete_ping(session, self.take_ping(session))

    def take_ping(self, session: TableSession) -> tuple[int, int] | None:
        """Forget the current ping at once (a new one may be sent while the old one is being
        deleted); returns (channel id, message id) of the message to delete."""
        self.stop_timer(session)
        current = self.pings.pop(session.id, None)
        stored = session.row.ping_message_id
        if current is None and stored is None:
            return None
        # After a restart only the stored id is known: the ping of the process before.
        channel_id, message_id = current[:2] if current else (self.channel_id(session), stored)
        assert message_id is not None
        if stored is not None:
            session.row.ping_message_id = None
            session.storage.defer_update(session.id, ping_message_id=None)
        return channel_id, message_id

    async def _delete_ping(self, session: TableSession, ping: tuple[int, int] | None) -> None:
        if ping is None:
            return
        channel_id, message_id = ping
        channel = self.bot.get_partial_messageable(channel_id, guild_id=session.row.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()

    # ---------------------------------------------------------------------- hands
    async def hand_payload(
        self, session: TableSession, user_id: int, locale: str
    ) -> dict[str, Any]:
        """The hand of ``user_id`` as the game is now, in their own ``locale`` (only they see
        it): text, buttons and version are taken before the image is drawn, from the same
        state."""
        game = session.game
        assert game is not None
        seat = session.seat_of(user_id)
        assert seat is not None
        view = game.view(seat)
        legal = game.legal_actions(seat)
        version = game.action_count
        state = shown_state(game)
        cards = [a.card for a in legal if a.type == "play" and a.card] if legal else None
        ui = discord.ui.View(timeout=None)
        if legal:
            ctx = PanelContext(
                session.id,
                version,
                view,
                legal,
                locale,
                self.panel_state.setdefault((session.id, user_id), {}),
                deck_style_of(session),
            )
            for item in self.panels.build(session.row.game, ctx):
                ui.add_item(item)
            content = t("hand_your_turn", locale, id=session.id)
        elif game.over:
            content = t("hand_over", locale, id=session.id)
        else:
            waiting = game.to_act
            name = session.names()[waiting] if waiting is not None else "…"
            content = t("hand_waiting", locale, id=session.id, name=name)
        file = await images.hand_file(
            view,
            cards if cards else None,
            deck_style_of(session),
            f"hand-{session.id}-{version}",
            locale=locale,
        )
        return {"content": content, "file": file, "view": ui, "version": state}

    async def send_hand(self, interaction: discord.Interaction[Any], session: TableSession) -> None:
        """A fresh hand, as the answer to an interaction already deferred as ephemeral: the
        follow-up takes the place of the "thinking" message (and works even when editing older
        hands no longer does)."""
        payload = await self.hand_payload(session, interaction.user.id, user_locale(interaction))
        await interaction.followup.send(
            content=payload["content"], file=payload["file"], view=payload["view"], ephemeral=True
        )
        key = (session.id, interaction.user.id)
        older = self.hands.get(key)
        self.hands[key] = (interaction, payload["version"])
        if older is not None and older[0] is not interaction:
            moved = t("hand_moved_on", user_locale(older[0]), id=session.id)
            await hands.retire(older[0], moved)

    async def edit_hand(self, interaction: discord.Interaction[Any], session: TableSession) -> None:
        """Show the new hand in the hand message that was clicked (the click is deferred): the
        message is named by its id, through this click's own token."""
        payload = await self.hand_payload(session, interaction.user.id, user_locale(interaction))
        message = interaction.message
        if message is None:
            await interaction.edit_original_response(
                content=payload["content"], attachments=[payload["file"]], view=payload["view"]
            )
        else:
            await interaction.followup.edit_message(
                message.id,
                content=payload["content"],
                attachments=[payload["file"]],
                view=payload["view"],
            )
        if session.row.status == "playing":
            # A game that ended meanwhile has closed and forgotten its hands (``game_over``).
            self.hands[(session.id, interaction.user.id)] = (interaction, payload["version"])

    def hand_is_live(self, table_id: int, user_id: int) -> bool:
        """The player has a hand message this bot can still edit."""
        held = self.hands.get((table_id, user_id))
        if held is None:
            return False
        if not hands.editable(held[0]):
            self.hands.pop((table_id, user_id), None)
            return False
        return True

    async def refresh_hands(self, session: TableSession) -> None:
        """Update the ephemeral hand of the player to act, while its token lives."""
        game = session.game
        if game is None or game.to_act is None:
            return
        seat = session.seat(game.to_act)
        if seat is None or seat.user_id is None:
            return
        await self.refresh_hand(session, seat.user_id)

    async def refresh_hand(self, session: TableSession, user_id: int) -> None:
        """Show the current hand in this player's open hand message, while its token lives."""
        game = session.game
        if game is None or session.seat_of(user_id) is None:
            return
        key = (session.id, user_id)
        held = self.hands.get(key)
        if held is None or held[1] == shown_state(game):
            return
        interaction, _ = held
        if not hands.editable(interaction):
            self.hands.pop(key, None)
            return
        payload = await self.hand_payload(session, user_id, user_locale(interaction))
        try:
            await interaction.edit_original_response(
                content=payload["content"], attachments=[payload["file"]], view=payload["view"]
            )
            self.hands[key] = (interaction, payload["version"])
        except discord.HTTPException:
            self.hands.pop(key, None)

    # --------------------------------------------------------------------- clicks
    async def act(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, action: Action
    ) -> None:
        """A click on an action of a hand message. Acknowledged at once (a deferred update of
        that hand message: nothing public); then the step is committed, the game is driven on,
        and the same hand message shows the new hand."""
        await interaction.response.defer()
        session = await self.bot.tables.get(table_id)
        locale = user_locale(interaction)
        if session is None:
            await refuse(interaction, t("error_no_table", locale))
            return
        session.restoring = False  # somebody is at this table: it is drawn as any other
        result = await session.act(interaction.user.id, version, action)
        if not result.ok:
            message = refusal(result, locale, session.row.game)
            if result.error == "storage":
                session.schedule_drive()  # reloaded from storage: the table goes on from there
            await refuse(interaction, message)
            return
        if result.seat is not None:
            self.bot.presence.acted(table_id, result.seat)
        self.panel_state.pop((table_id, interaction.user.id), None)
        # The step is committed: the ping that asked for it goes, and computer players move on
        # while this player's hand is drawn (first in the image queue).
        old_ping = self.take_ping(session)
        session.schedule_drive()
        try:
            await self.edit_hand(interaction, session)
        except Exception:
            log.exception(
                "table %s: could not update the hand of %s", table_id, interaction.user.id
            )
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(t("hand_not_updated", locale), ephemeral=True)
        await self._delete_ping(session, old_ping)

    async def _defer_ephemeral(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge a click whose answer is a new ephemeral message: only its owner sees the
        "thinking" state, and the answer (or a refusal) replaces it."""
        await interaction.response.defer(ephemeral=True, thinking=True)

    async def hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self._defer_ephemeral(interaction)
        locale = user_locale(interaction)
        session = await self.bot.tables.get(table_id)
        if session is None:
            await refuse(interaction, t("error_no_table", locale))
            return
        if session.seat_of(interaction.user.id) is None:
            await refuse(interaction, t("error_not_seated", locale))
            return
        if session.game is None:
            await refuse(interaction, t("error_not_playing", locale))
            return
        session.restoring = False  # somebody is at this table: it is drawn as any other
        session.kick()
        await self.send_hand(interaction, session)

    async def rerender_hand(
        self, interaction: discord.Interaction[Any], table_id: int, version: int
    ) -> None:
        """A panel control that is not an action (Coinche's level select) changed the panel."""
        await interaction.response.defer()
        locale = user_locale(interaction)
        session = await self.bot.tables.get(table_id)
        if session is None or session.game is None:
            await refuse(interaction, t("error_no_table", locale))
            return
        if session.seat_of(interaction.user.id) is None:
            await refuse(interaction, t("error_not_seated", locale))
            return
        if version != session.game.action_count:
            await refuse(interaction, t("error_stale", locale))
            return
        await self.edit_hand(interaction, session)

    async def last_trick(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self._defer_ephemeral(interaction)
        locale = user_locale(interaction)
        session = await self.bot.tables.get(table_id)
        if session is None or session.game is None:
            await refuse(interaction, t("error_no_table", locale))
            return
        public = session.game.public_view()
        if not public.get("last_trick"):
            await refuse(interaction, t("error_no_last_trick", locale))
            return
        # Only the asker sees it: drawn in their language, like their hand.
        file = await images.last_trick_file(
            public, session.names(), deck_style_of(session), f"last-{table_id}", locale=locale
        )
        await interaction.edit_original_response(attachments=[file])


def rating_note(session: TableSession) -> str:
    """The end-of-game lines on ratings: each person's change, or that the table was unrated."""
    locale = locale_of(session)
    if not is_rated(session):
        return "\n" + t("ratings_unrated", locale)
    lines = change_lines(session.rating_changes, locale)
    if not lines:
        return ""
    return "\n" + "\n".join([t("ratings_title", locale), *lines])


async def refuse(interaction: discord.Interaction[Any], text: str) -> None:
    """A one-line ephemeral answer that changes nothing. After an ephemeral "thinking" defer it
    replaces the thinking message; after a deferred update it is an ephemeral follow-up."""
    response = interaction.response
    if not response.is_done():
        await response.send_message(text, ephemeral=True)
    elif response.type == discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=text)
    else:
        await interaction.followup.send(text, ephemeral=True)
