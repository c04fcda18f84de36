"""One live hand per player: the lifecycle of the ephemeral hand messages.

A hand is an ephemeral message, which the bot can edit only through the interaction that made
it, and only while that interaction's token lives (15 minutes). So the bot keeps, per table and
player, the interaction of the latest hand, and:

- opening a new hand withdraws the previous one: it is deleted, so no older hand keeps showing
  cards already played or live buttons, and no note piles up in its place;
- the hand a player acts from is edited in place (``Hands.edit``);
- when a deal is dealt, every player's hand shows the new cards at once;
- when the game ends, every open hand is closed.

Edits of one player's hand message are made one at a time (``Hands.turn``), each showing the game
as it is when its turn comes. A drawing takes a while (seconds on a busy machine): the hand a
player clicked, drawn after their card, must not land after the refresh that the computers' plays
made meanwhile, or the player whose turn it is would be left looking at "waiting for …" without
buttons.

A hand whose token has expired cannot be edited any more: its buttons carry the version they
were drawn for, and answer "out of date" (``error_stale``) when clicked.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import discord

from bot.play import workers
from bot.play.sessions import TableSession
from bot.text.i18n import t, user_locale
from bot.text.narrate import status_line
from bot.text.prompts import turn_prompt
from bot.ui import images
from bot.ui.chat import add_chat_menu
from bot.ui.panels import PanelContext, PanelRegistry, PanelState
from games.base import Game
from games.views import GameView
from rendering.hand import hand_inputs

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]

HAND_TOKEN_LIFE = datetime.timedelta(minutes=14)
"""Interaction tokens live 15 minutes; a minute is kept as a margin for the edit itself."""


def editable(interaction: Interaction) -> bool:
    """Whether the message this interaction made can still be edited through it."""
    return discord.utils.utcnow() - interaction.created_at <= HAND_TOKEN_LIFE


async def retire(interaction: Interaction, content: str) -> bool:
    """Replace the hand this interaction made by ``content`` alone: no image, no buttons.
    Returns False when the message could not be edited (token expired, message gone)."""
    if not editable(interaction):
        return False
    try:
        await interaction.edit_original_response(content=content, attachments=[], view=None)
    except discord.HTTPException:
        log.info("could not retire a hand message of %s", interaction.user.id)
        return False
    return True


async def withdraw(interaction: Interaction) -> bool:
    """Delete the hand this interaction made: a newer one is below it, and a note saying so,
    one per press of Hand, piled up in the player's view. Returns False when the message could
    not be deleted (token expired: its buttons then answer "out of date")."""
    if not editable(interaction):
        return False
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.info("could not withdraw a hand message of %s", interaction.user.id)
        return False
    return True


def shown_state(game: Game) -> tuple[int, int]:
    """What a hand message shows: the action count alone is not enough, since dealing a new
    deal changes every hand without adding an action (the player who leads the new deal would
    otherwise keep a "waiting" hand with no buttons)."""
    return (game.action_count, len(game.log))


@dataclass(frozen=True)
class HandPayload:
    """A hand message as the game is now: text, image and buttons, and the state it shows."""

    content: str
    files: list[discord.File] | None
    """The hand; before it the table, for a private table with no thread to show it in. None:
    the message it goes to shows this very hand image already (``image``), and keeps it."""
    view: discord.ui.View
    version: tuple[int, int]
    image: tuple[object, ...] | None = None
    """What the hand image shows (``hand_image``); None for a message of more than a hand."""

    def edit(self) -> dict[str, Any]:
        """The arguments of the message's edit: its image is left out when it is kept."""
        changes: dict[str, Any] = {"content": self.content, "view": self.view}
        if self.files is not None:
            changes["attachments"] = self.files
        return changes


class Held(NamedTuple):
    """A player's latest hand message, which the bot may still edit."""

    interaction: Interaction
    """The interaction through whose token the message is edited (15 minutes)."""
    version: tuple[int, int]
    """The state it shows, ``shown_state``."""
    image: tuple[object, ...] | None = None
    """What its image shows (``hand_image``), when known."""
    message_id: int | None = None
    """The message, when known: a click on it may keep its image."""


def hand_image(
    view: GameView, legal: list[str] | None, marked: list[str] | None, deck_style: str, locale: str
) -> tuple[object, ...]:
    """What a hand image shows: equal for two hands that draw the same picture."""
    return (hand_inputs(view, legal, marked or ()), deck_style, locale)


class Hands:
    """The players' hand messages: drawing one, and the one per player this bot may still
    edit."""

    def __init__(self, panels: PanelRegistry) -> None:
        self.panels = panels
        """Each game's own controls, registered by its cog (``bot.table.commands.GameCog``)."""
        self.held: dict[tuple[int, int], Held] = {}
        """(table, user) → the interaction whose ephemeral hand message we may still edit, and
        what it shows (interaction tokens live 15 minutes)."""
        self.panel_state: dict[tuple[int, int], PanelState] = {}
        """(table, user) → what a player chose on a panel before acting (Coinche's level)."""
        self.turns: dict[tuple[int, int], asyncio.Lock] = {}
        """(table, user) → held while that player's hand message is being drawn and sent."""

    def turn(self, key: tuple[int, int]) -> asyncio.Lock:
        """The lock under which the hand message of ``key`` is drawn and sent, and ``held``
        updated: whoever waits for it draws the game as it is once their turn comes."""
        lock = self.turns.get(key)
        if lock is None:
            lock = self.turns[key] = asyncio.Lock()
        return lock

    async def payload(
        self,
        session: TableSession,
        user_id: int,
        locale: str,
        shown: tuple[object, ...] | None = None,
    ) -> HandPayload:
        """The hand of ``user_id`` as the game is now, in their own ``locale`` (only they see
        it): text, buttons and version are taken before the image is drawn, from the same
        state. ``shown``: what the image of the message it goes to shows (``hand_image``); an
        image that would be the same is not drawn again (``files`` None)."""
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
                session.settings.deck_style,
            )
            for item in self.panels.build(session.row.game, ctx):
                ui.add_item(item)
            content = t("hand_your_turn", locale, id=session.id)
            prompt = turn_prompt(view, session.names(), locale, session.settings.deck_style)
            if prompt:
                content += "\n" + prompt
        elif game.over:
            content = t("hand_over", locale, id=session.id)
        else:
            waiting = game.to_act
            name = session.names()[waiting] if waiting is not None else "…"
            content = t("hand_waiting", locale, id=session.id, name=name)
        if session.kind.mirrored:
            others = [
                (s.seat, s.name)
                for s in session.row.seat_list
                if s.user_id is not None and s.user_id != user_id
            ]
            add_chat_menu(ui, session.id, others, locale)
        chosen = self.panel_state.get((session.id, user_id), {}).get("discards", [])
        marked = [card for card in chosen if card in view["hand"]] if legal else None
        deck_style = session.settings.deck_style
        image = hand_image(view, cards or None, marked, deck_style, locale)
        in_messages = session.kind.in_messages(session.row)
        if image == shown and not in_messages:
            return HandPayload(content, None, ui, state, image)
        files = [
            await images.hand_file(
                view,
                cards or None,
                deck_style,
                f"hand-{session.id}-{version}",
                locale=locale,
                marked=marked,
            )
        ]
        if not in_messages:
            return HandPayload(content, files, ui, state, image)
        # The player's ephemeral message is the whole table (a challenge's deal where no
        # private thread could be opened): the table image and its line, then the hand.
        status = status_line(game, session.names(), locale, deck_style)
        content = f"{status}\n{content}"
        table = await images.table_file(
            game.public_view(),
            session.names(),
            session.computers(),
            deck_style,
            f"table-{session.id}-{version}",
            locale=locale,
            priority=workers.HAND,
        )
        files.insert(0, table)
        return HandPayload(content, files, ui, state)

    async def send(self, interaction: Interaction, session: TableSession) -> None:
        """A fresh hand, as the answer to an interaction already deferred as ephemeral: the
        follow-up takes the place of the "thinking" message (and works even when editing older
        hands no longer does)."""
        key = (session.id, interaction.user.id)
        async with self.turn(key):
            payload = await self.payload(session, interaction.user.id, user_locale(interaction))
            message = await interaction.followup.send(
                content=payload.content,
                files=payload.files or [],
                view=payload.view,
                ephemeral=True,
                wait=True,  # as it always does for an interaction; typed as such, it says so
            )
            older = self.held.get(key)
            self.held[key] = Held(interaction, payload.version, payload.image, message.id)
        if older is not None and older.interaction is not interaction:
            await withdraw(older.interaction)

    async def edit(self, interaction: Interaction, session: TableSession) -> None:
        """Show the new hand in the hand message that was clicked (the click is deferred): the
        message is named by its id, through this click's own token. A message whose image
        would not change keeps it (the hand of a bid)."""
        key = (session.id, interaction.user.id)
        async with self.turn(key):
            message = interaction.message
            message_id = message.id if message is not None else None
            held = self.held.get(key)
            shown = None
            if held is not None and message_id is not None and held.message_id == message_id:
                shown = held.image
                # Until this edit is known to be done, what the message shows is not known.
                self.held[key] = held._replace(image=None)
            locale = user_locale(interaction)
            payload = await self.payload(session, interaction.user.id, locale, shown)
            if message is None:
                await interaction.edit_original_response(**payload.edit())
            else:
                await interaction.followup.edit_message(message.id, **payload.edit())
            if session.row.status == "playing":
                # A game that ended meanwhile has closed and forgotten its hands (``close``).
                self.held[key] = Held(interaction, payload.version, payload.image, message_id)

    async def show(self, interaction: Interaction, session: TableSession) -> None:
        """Show ``session``'s hand in the message ``interaction`` made for another table (the
        next deal of a challenge played in ephemeral messages): from then on it is this
        table's hand message."""
        user_id = interaction.user.id
        async with self.turn((session.id, user_id)):
            payload = await self.payload(session, user_id, user_locale(interaction))
            try:
                await interaction.edit_original_response(**payload.edit())
            except discord.HTTPException:
                log.info("could not show table %s in a hand message of %s", session.id, user_id)
                return
            self.held[(session.id, user_id)] = Held(interaction, payload.version, payload.image)
        # The table may have moved on while this was drawn: show where it stopped.
        await self.refresh(session, user_id)

    def is_live(self, table_id: int, user_id: int) -> bool:
        """The player has a hand message this bot can still edit."""
        held = self.held.get((table_id, user_id))
        if held is None:
            return False
        if not editable(held.interaction):
            self.held.pop((table_id, user_id), None)
            return False
        return True

    async def refresh_to_act(self, session: TableSession) -> None:
        """Update the ephemeral hand of the player to act, while its token lives."""
        game = session.game
        if game is None or game.to_act is None:
            return
        seat = session.seat(game.to_act)
        if seat is None or seat.user_id is None:
            return
        await self.refresh(session, seat.user_id)

    async def refresh_all(self, session: TableSession) -> None:
        """Every player's open hand shows the table as it is (a new deal)."""
        for user_id in [k[1] for k in self.held if k[0] == session.id]:
            await self.refresh(session, user_id)

    async def refresh(self, session: TableSession, user_id: int) -> None:
        """Show the current hand in this player's open hand message, while its token lives."""
        game = session.game
        if game is None or session.seat_of(user_id) is None:
            return
        key = (session.id, user_id)
        async with self.turn(key):
            held = self.held.get(key)
            if held is None or held.version == shown_state(game):
                return
            interaction = held.interaction
            if not editable(interaction):
                self.held.pop(key, None)
                return
            # Its image is kept when it would not change (a hand that waits while others play).
            self.held[key] = held._replace(image=None)
            payload = await self.payload(session, user_id, user_locale(interaction), held.image)
            try:
                await interaction.edit_original_response(**payload.edit())
                self.held[key] = held._replace(version=payload.version, image=payload.image)
            except discord.HTTPException:
                self.held.pop(key, None)

    async def close(
        self, session: TableSession, saying: Callable[[str], str] | None = None
    ) -> None:
        """The game is over: every open hand says so (or what ``saying`` words in its owner's
        language: a challenge's table ends with its deal, not a game), without cards or
        buttons."""
        for key in [k for k in self.held if k[0] == session.id]:
            async with self.turn(key):
                # After a hand drawn meanwhile is sent, so that it does not land over this.
                held = self.held.get(key)
                if held is None:
                    continue
                interaction = held.interaction
                owner = user_locale(interaction)
                text = t("hand_over", owner, id=session.id) if saying is None else saying(owner)
                # Its image goes: nothing may count on it any more.
                self.held[key] = held._replace(image=None)
                await retire(interaction, text)

    async def tell(self, table_id: int, user_id: int, key: str, **args: object) -> bool:
        """The player's open hand message, while its token lives, says only the sentence
        ``key`` in their language (they no longer hold the seat: its buttons would answer "not
        seated"). False when they had none."""
        async with self.turn((table_id, user_id)):
            held = self.held.pop((table_id, user_id), None)
            if held is None:
                return False
            interaction = held.interaction
            return await retire(interaction, t(key, user_locale(interaction), **args))

    def acted(self, table_id: int, user_id: int) -> None:
        """The player acted: what they chose on a panel before is spent."""
        self.panel_state.pop((table_id, user_id), None)

    def forget(self, table_id: int) -> None:
        for key in [k for k in self.held if k[0] == table_id]:
            del self.held[key]
        for key in [k for k in self.panel_state if k[0] == table_id]:
            del self.panel_state[key]
        for key in [k for k in self.turns if k[0] == table_id]:
            del self.turns[key]
