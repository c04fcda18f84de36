"""One-line ephemeral answers that change nothing: a refusal, in the clicker's language."""

from __future__ import annotations

import discord

from bot.play.sessions import ActResult, TableSession
from bot.play.tables import Tables
from bot.text.i18n import t, user_locale
from rendering.i18n import reason as illegal_reason


def refusal(result: ActResult, locale: str, game: str) -> str:
    """A refused step in words, in the player's language: an illegal action is worded from the
    engine's code (``rendering.i18n.reason``), never from its English sentence."""
    reason = result.reason or ""
    if result.refused is not None:
        reason = illegal_reason(result.refused, locale, game)
    return t(f"error_{result.error}", locale, reason=reason)


async def refuse(interaction: discord.Interaction[discord.Client], text: str) -> None:
    """A one-line ephemeral answer that changes nothing. After an ephemeral "thinking" defer it
    replaces the thinking message; after a deferred update it is an ephemeral follow-up."""
    response = interaction.response
    if not response.is_done():
        await response.send_message(text, ephemeral=True)
    elif response.type == discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=text)
    else:
        await interaction.followup.send(text, ephemeral=True)


def hidden_from(session: TableSession, user_id: int) -> bool:
    """A private table is seen by its seated player only (docs/challenges.md: no peeking)."""
    return session.settings.private and session.seat_of(user_id) is None


async def session_or_refusal(
    interaction: discord.Interaction[discord.Client],
    tables: Tables,
    table_id: int,
    *,
    same_server: bool = False,
    playing: bool = False,
) -> TableSession | None:
    """The table a click or a command names, or None once the clicker is told there is no such
    table: none by that id, one of another server where that matters (ids are global: a
    command names any number), one not in play where only a game will do, or a private table
    (a challenge's deal) of somebody else, which nobody else may know exists."""
    session = await tables.get(table_id)
    if (
        session is None
        or (same_server and session.row.guild_id != interaction.guild_id)
        or (playing and session.game is None)
        or hidden_from(session, interaction.user.id)
    ):
        await refuse(interaction, t("error_no_table", user_locale(interaction)))
        return None
    return session
