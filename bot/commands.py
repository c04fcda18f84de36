"""What every game's ``/<game> start`` shares: the level choices, descriptions, and opening
the lobby. The cogs hold the commands; this holds what they would otherwise copy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.i18n import t
from bot.presence import DEFAULT_TURN_TIMER_S
from bot.storage import AI_LEVELS
from rendering import DECK_STYLES

__all__ = ["DEFAULT_TURN_TIMER_S", "describe", "open_table", "table_settings"]

F = TypeVar("F", bound=Callable[..., Any])

LEVEL_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=t(f"level_{level}"), value=level) for level in AI_LEVELS
]
TIMER_CHOICES: list[app_commands.Choice[int]] = [
    app_commands.Choice(name=t("timer_off"), value=0),
    *(app_commands.Choice(name=t("timer_seconds", seconds=s), value=s) for s in (30, 60, 120, 300)),
]
DECK_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=t(f"deck_{style}"), value=style) for style in DECK_STYLES
]


def table_settings(func: F) -> F:
    """The options of every ``/<game> start`` that are table settings, not rules: the computer
    players' level, the deck style and the turn timer."""
    func = app_commands.describe(
        level=describe("opt_level"),
        deck_style=describe("opt_deck_style"),
        turn_timer=describe("opt_turn_timer"),
    )(func)
    func = app_commands.choices(level=LEVEL_CHOICES, deck_style=DECK_CHOICES)(func)
    return app_commands.choices(turn_timer=TIMER_CHOICES)(func)


def describe(key: str) -> str:
    """A command or option description (Discord allows 100 characters)."""
    return t(key)[:100]


async def open_table(
    interaction: discord.Interaction[Any],
    game: str,
    options: dict[str, Any],
    *,
    seats: int | None = None,
    level: str = "easy",
    deck_style: str = "auto",
    turn_timer: int = DEFAULT_TURN_TIMER_S,
) -> None:
    """Open a lobby with the rule options that were given (``None`` = the docs/rules.md default)
    and the table settings (computer level, deck style, turn timer), kept beside them."""
    chosen = {k: v for k, v in options.items() if v is not None}
    client: Any = interaction.client
    await client.lobby.open(
        interaction,
        game,
        chosen,
        seats=seats,
        level=level,
        settings={"deck_style": deck_style, "turn_timer": turn_timer},
    )
