"""An open table's quick-chat menu on a player's hand (``bot.open.chat`` says what a choice
does): phrases only, each a key every reader reads in their own language, and "Mute …" for
each other person seated (by seat: a user id never goes to another server's reader)."""

from __future__ import annotations

from typing import Final

import discord

from bot.text.i18n import t
from bot.ui.codec import ChatSelectId
from bot.ui.components import chat_select
from bot.ui.panels import MAX_ROWS

PHRASES: Final = (
    "hello",
    "good_luck",
    "well_played",
    "thanks",
    "sorry",
    "your_turn",
    "good_game",
)
"""The quick-chat phrases, in the order of the menu (``chat_<phrase>`` in the catalogues)."""
MUTE: Final = "mute:"


def add_chat_menu(
    view: discord.ui.View, table_id: int, others: list[tuple[int, str]], locale: str
) -> None:
    """The menu, on the last row the hand's controls leave free (none where they use every
    row): the phrases, then "Mute …" for each of ``others`` (seat, name)."""
    options = [
        discord.SelectOption(label=t(f"chat_{phrase}", locale), value=phrase) for phrase in PHRASES
    ]
    options += [
        discord.SelectOption(
            label=t("chat_mute_option", locale, name=name)[:100], value=f"{MUTE}{seat}"
        )
        for seat, name in others
    ]
    for row in reversed(range(MAX_ROWS)):
        menu = chat_select(
            ChatSelectId(table_id), options[:25], placeholder=t("chat_placeholder", locale), row=row
        )
        try:
            view.add_item(menu)
        except ValueError:  # that row holds buttons: a select needs a row of its own
            continue
        return
