"""The table in Discord: the session's listener (it shows what the session committed) and the
clicks of a table in play. The order is always: the session commits, then the table is told.
A Discord error here is logged with the table id and never undoes a committed step.

``TableUI`` puts together the parts, each its own class with its collaborators given to it:
``TableChannel`` (where the table speaks), ``TableMessage`` (the public table message, the deal
summaries and the result), ``Hands`` (the players' ephemeral hand messages) and ``Pings`` (the
"your turn" messages and the turn timer's).

Answer first: every click is acknowledged before any storage, image or computer move (a
deferred update of the hand message, or an ephemeral "thinking" for a new hand), and what follows
is an edit of that answer. A click's own hand is drawn first; the public table is redrawn by one
presenter task per table, which draws the state people will see: changes that arrive while it
draws are merged into its next drawing instead of being drawn one by one.

The path of a click on a hand, read downwards (docs/architecture.md): ``act`` acknowledges it,
finds the table (``bot.table.access``), has the session commit the action
(``bot.play.sessions``), starts the drive (``bot.play.driving``) and redraws this player's hand
(``Hands``). The drive comes back here once, through the listener: ``changed`` has the presenter
draw the table message (``TableMessage``), refresh the next player's hand and ping them
(``Pings``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.play.driving import kick
from bot.play.sessions import ActResult, TableSession
from bot.play.tables import Tables
from bot.table.access import session_or_refusal
from bot.table.channel import TableChannel
from bot.table.hands import Hands
from bot.table.message import TableMessage
from bot.table.pings import Pings
from bot.text.i18n import t, user_locale
from bot.ui import images
from bot.ui.panels import PanelRegistry
from bot.ui.replies import refuse
from games.actions import Action
from rendering.words import reason as illegal_reason

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]


def refusal(result: ActResult, locale: str, game: str) -> str:
    """A refused step in words, in the player's language: an illegal action is worded from the
    engine's code (``rendering.words.reason``), never from its English sentence."""
    reason = result.reason or ""
    if result.refused is not None:
        reason = illegal_reason(result.refused, locale, game)
    return t(f"error_{result.error}", locale, reason=reason)


class TableUI:
    def __init__(
        self,
        tables: Tables,
        channel: TableChannel,
        message: TableMessage,
        hands: Hands,
        pings: Pings,
    ) -> None:
        self.tables = tables
        self.channel = channel
        self.message = message
        self.hands = hands
        self.pings = pings
        self.presenters: dict[int, asyncio.Task[None]] = {}
        """table → the task drawing its table message, hands to refresh and ping."""
        self.dirty: set[int] = set()
        """Tables changed since their presenter last looked."""

    @property
    def panels(self) -> PanelRegistry:
        """Each game's own controls, registered by its cog (``bot.table.commands.GameCog``)."""
        return self.hands.panels

    # ------------------------------------------------------------------- listener
    async def deal_started(self, session: TableSession) -> None:
        """A long game moves to a fresh table message at a new deal. Every player's open hand
        shows the new deal at once, not only the one to act."""
        await self.message.renew(session)
        await self.hands.refresh_all(session)

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
            parts = (
                ("edit_table_message", self.message.edit),
                ("refresh_hands", self.hands.refresh_to_act),
                ("ping", self.pings.ping),
            )
            for name, part in parts:
                try:
                    await part(session)
                except discord.HTTPException as exc:
                    log.warning("table %s: %s failed (%s)", session.id, name, exc.status)
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
        await self.message.settled(session)

    async def thinking(self, session: TableSession, seat: int) -> None:
        await self.message.thinking(session, seat)

    async def deal_finished(
        self, session: TableSession, deal_index: int, heading: str | None = None
    ) -> None:
        await self.message.post_deal_summary(session, deal_index, heading)

    async def game_over(self, session: TableSession) -> None:
        await self.quiet(session)
        await self.pings.delete(session)
        await self.hands.close(session)
        await self.message.edit(session)
        await self.message.settled(session)
        await self.message.post_result(session)
        self.forget(session)

    async def abandoned(self, session: TableSession) -> None:
        await self.quiet(session)
        await self.pings.delete(session)
        await self.message.mark_abandoned(session)
        self.forget(session)

    def forget(self, session: TableSession) -> None:
        """A table that is over leaves memory; ``Tables.get`` reloads it for an export."""
        self.hands.forget(session.id)
        self.message.forget(session.id)
        self.presenters.pop(session.id, None)
        self.dirty.discard(session.id)
        self.tables.sessions.pop(session.id, None)

    # --------------------------------------------------------------------- clicks
    async def act(
        self, interaction: Interaction, table_id: int, version: int, action: Action
    ) -> None:
        """A click on an action of a hand message, read down once: answered at once (a deferred
        update of that hand message: nothing public), the table found, the step committed by
        the session, then what follows it (``stepped``)."""
        await interaction.response.defer()
        session = await session_or_refusal(interaction, self.tables, table_id)
        if session is None:
            return
        result = await session.act(interaction.user.id, version, action)
        if result.ok:
            await self.stepped(interaction, session)
        else:
            await self.refused(interaction, session, result)

    async def stepped(self, interaction: Interaction, session: TableSession) -> None:
        """A person's step is committed (and the session's drive moves the computer players
        on): the ping that asked for it goes while this player's hand is redrawn (first in the
        image queue) in the message they clicked."""
        user_id = interaction.user.id
        self.hands.acted(session.id, user_id)
        old_ping = self.pings.take(session)
        try:
            await self.hands.edit(interaction, session)
        except Exception:
            log.exception("table %s: could not update the hand of %s", session.id, user_id)
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(
                    t("hand_not_updated", user_locale(interaction)), ephemeral=True
                )
        await self.pings.delete_taken(session, old_ping)

    async def refused(
        self, interaction: Interaction, session: TableSession, result: ActResult
    ) -> None:
        """A step refused, in the player's words (after a storage error the session was
        reloaded, and goes on from what the database holds)."""
        await refuse(interaction, refusal(result, user_locale(interaction), session.row.game))

    async def _defer_ephemeral(self, interaction: Interaction) -> None:
        """Acknowledge a click whose answer is a new ephemeral message: only its owner sees the
        "thinking" state, and the answer (or a refusal) replaces it."""
        await interaction.response.defer(ephemeral=True, thinking=True)

    async def hand(self, interaction: Interaction, table_id: int) -> None:
        await self._defer_ephemeral(interaction)
        locale = user_locale(interaction)
        session = await session_or_refusal(interaction, self.tables, table_id)
        if session is None:
            return
        if session.seat_of(interaction.user.id) is None:
            await refuse(interaction, t("error_not_seated", locale))
            return
        if session.game is None:
            await refuse(interaction, t("error_not_playing", locale))
            return
        session.restoring = False  # somebody is at this table: it is drawn as any other
        kick(session)
        await self.hands.send(interaction, session)

    async def rerender_hand(self, interaction: Interaction, table_id: int, version: int) -> None:
        """A panel control that is not an action (Coinche's level select) changed the panel."""
        await interaction.response.defer()
        locale = user_locale(interaction)
        session = await session_or_refusal(interaction, self.tables, table_id, playing=True)
        if session is None or session.game is None:
            return
        if session.seat_of(interaction.user.id) is None:
            await refuse(interaction, t("error_not_seated", locale))
            return
        if version != session.game.action_count:
            await refuse(interaction, t("error_stale", locale))
            return
        await self.hands.edit(interaction, session)

    async def last_trick(self, interaction: Interaction, table_id: int) -> None:
        await self._defer_ephemeral(interaction)
        locale = user_locale(interaction)
        session = await session_or_refusal(interaction, self.tables, table_id, playing=True)
        if session is None or session.game is None:
            return
        public = session.game.public_view()
        if not public.get("last_trick"):
            await refuse(interaction, t("error_no_last_trick", locale))
            return
        # Only the asker sees it: drawn in their language, like their hand.
        file = await images.last_trick_file(
            public, session.names(), session.settings.deck_style, f"last-{table_id}", locale=locale
        )
        await interaction.edit_original_response(attachments=[file])
