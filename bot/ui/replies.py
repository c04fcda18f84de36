"""One-line ephemeral answers that change nothing: a refusal, in the clicker's language."""

from __future__ import annotations

import discord


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
