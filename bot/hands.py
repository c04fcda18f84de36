"""One live hand per player: the lifecycle of the ephemeral hand messages.

A hand is an ephemeral message, which the bot can edit only through the interaction that made
it, and only while that interaction's token lives (15 minutes). So the bot keeps, per table and
player, the interaction of the latest hand, and:

- opening a new hand retires the previous one: it is edited to a short "moved on" line without
  buttons or image, so no older hand keeps showing cards already played or live buttons;
- the hand a player acts from is edited in place (``TableUI.edit_hand``);
- when a deal is dealt, every player's hand shows the new cards at once;
- when the game ends, every open hand is closed.

A hand whose token has expired cannot be edited any more: its buttons carry the version they
were drawn for, and answer "out of date" (``error_stale``) when clicked.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

HAND_TOKEN_LIFE = datetime.timedelta(minutes=14)
"""Interaction tokens live 15 minutes; a minute is kept as a margin for the edit itself."""


def editable(interaction: discord.Interaction[Any]) -> bool:
    """Whether the message this interaction made can still be edited through it."""
    return discord.utils.utcnow() - interaction.created_at <= HAND_TOKEN_LIFE


async def retire(interaction: discord.Interaction[Any], content: str) -> bool:
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
