"""What every game's ``/<game> start`` shares: the level, deck, timer and language choices,
descriptions, and opening the lobby. The cogs hold the commands; this holds what they would
otherwise copy. Every description and choice is a ``locale_str`` (``bot.translator``), so Discord
shows it in each user's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.i18n import LOCALES
from bot.presence import DEFAULT_TURN_TIMER_S
from bot.storage import AI_LEVELS
from bot.translator import command_text
from rendering import DECK_STYLES

__all__ = [
    "DEFAULT_TURN_TIMER_S",
    "LANGUAGE_CHOICES",
    "choice",
    "describe",
    "open_table",
    "table_settings",
]

F = TypeVar("F", bound=Callable[..., Any])


def choice(key: str, value: Any, **args: Any) -> app_commands.Choice[Any]:
    """A choice whose name Discord shows in each user's language."""
    return app_commands.Choice(name=command_text(key, **args), value=value)


LEVEL_CHOICES: list[app_commands.Choice[str]] = [
    choice(f"level_{level}", level) for level in AI_LEVELS
]
TIMER_CHOICES: list[app_commands.Choice[int]] = [
    choice("timer_off", 0),
    *(choice("timer_seconds", s, seconds=s) for s in (30, 60, 120, 300)),
]
DECK_CHOICES: list[app_commands.Choice[str]] = [
    choice(f"deck_{style}", style) for style in DECK_STYLES
]
LANGUAGE_CHOICES: list[app_commands.Choice[str]] = [
    choice(f"language_{code}", code) for code in LOCALES
]
"""Each language by its own name (Français, 日本語) in every client: a player looks for their
language's name, not for its translation."""


def table_settings(func: F) -> F:
    """The options of every ``/<game> start`` that are table settings, not rules: the computer
    players' level, the deck style, the turn timer and the table's language."""
    func = app_commands.describe(
        level=describe("opt_level"),
        deck_style=describe("opt_deck_style"),
        turn_timer=describe("opt_turn_timer"),
        language=describe("opt_language"),
    )(func)
    func = app_commands.choices(level=LEVEL_CHOICES, deck_style=DECK_CHOICES)(func)
    func = app_commands.choices(language=LANGUAGE_CHOICES)(func)
    return app_commands.choices(turn_timer=TIMER_CHOICES)(func)


def describe(key: str) -> app_commands.locale_str:
    """A command or option description (Discord allows 100 characters in every language)."""
    return command_text(key)


async def open_table(
    interaction: discord.Interaction[Any],
    game: str,
    options: dict[str, Any],
    *,
    seats: int | None = None,
    level: str = "easy",
    deck_style: str = "auto",
    turn_timer: int = DEFAULT_TURN_TIMER_S,
    language: str | None = None,
) -> None:
    """Open a lobby with the rule options that were given (``None`` = the docs/rules.md default)
    and the table settings (computer level, deck style, turn timer, language), kept beside
    them. No ``language`` means the server's default (``bot.lobby``)."""
    chosen = {k: v for k, v in options.items() if v is not None}
    client: Any = interaction.client
    await client.lobby.open(
        interaction,
        game,
        chosen,
        seats=seats,
        level=level,
        settings={"deck_style": deck_style, "turn_timer": turn_timer},
        language=language,
    )
