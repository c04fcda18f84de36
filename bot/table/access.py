"""Which table a click or a command reaches: the table it names, or a one-line answer saying
there is none — none by that id, one of another server where that matters (ids are global: a
command names any number; an open table is of every server it is shown in), one not in play
where only a game will do, or a private table (a challenge's deal) of somebody else, which
nobody else may know exists. An open table another shard cluster owns is not here: the click
is handed to that cluster (``bot.open.relay``), which answers it."""

from __future__ import annotations

import discord

from bot.play.sessions import TableSession
from bot.play.tables import Tables
from bot.table.places import serves
from bot.text.i18n import t, user_locale
from bot.ui.replies import refuse


def hidden_from(session: TableSession, user_id: int) -> bool:
    """Whether the table's kind hides it from ``user_id`` (a challenge's deal is seen by its
    seated player only, docs/challenges.md: no peeking)."""
    return session.kind.hidden_from(session.row, user_id)


async def session_or_refusal(
    interaction: discord.Interaction[discord.Client],
    tables: Tables,
    table_id: int,
    *,
    same_server: bool = False,
    playing: bool = False,
) -> TableSession | None:
    """The table ``table_id``, or None once the clicker is told there is no such table."""
    session = await tables.get(table_id)
    if session is None and tables.forward is not None:
        shard = tables.elsewhere(table_id)
        if shard is not None:
            await tables.forward(interaction, table_id, shard)
            return None
    if (
        session is None
        or (same_server and not serves(session, interaction.guild_id))
        or (playing and session.game is None)
        or hidden_from(session, interaction.user.id)
    ):
        await refuse(interaction, t("error_no_table", user_locale(interaction)))
        return None
    return session
