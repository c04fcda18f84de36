"""Every game's ``/<game> start``, built from its engine: the rules flagged ``command`` in its
``OptionSpec``s (``games.options``), the seat count where it has a choice, then the table settings
every game shares (computer level, deck, timer, language), and opening the lobby. A cog holds
``start = start_command("<game>")`` and nothing else of the command, so a new rule on the command
is one flag in ``games/``. Every description and choice is a ``locale_str`` (``bot.text.translator``),
so Discord shows it in each user's language."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.storage.tables.interface import AI_LEVELS
from bot.table.lobby import Lobby
from bot.table.presence import DEFAULT_TURN_TIMER_S
from bot.text.i18n import LOCALES
from bot.text.translator import command_text
from bot.ui.panels import Panel, PanelRegistry
from games.options import OptionSpec, command_specs
from games.registry import game_class
from rendering import DECK_STYLES

__all__ = [
    "DEFAULT_TURN_TIMER_S",
    "LANGUAGE_CHOICES",
    "GameCog",
    "choice",
    "cog_setup",
    "describe",
    "open_table",
    "start_command",
    "table_settings",
]

StartCommand = app_commands.Command["GameCog", ..., None]

F = TypeVar("F", bound=Callable[..., Any])  # any command callback (a decorator's own type)
V = TypeVar("V", str, int, float)

Interaction = discord.Interaction[discord.Client]


@runtime_checkable
class TableOpener(Protocol):
    """What ``/<game> start`` needs of the bot (``bot.app.AtoutBot`` has it): the lobby."""

    @property
    def lobby(self) -> Lobby: ...


class PanelHost(Protocol):
    @property
    def panels(self) -> PanelRegistry: ...


@runtime_checkable
class GameHost(Protocol):
    """What loading a game's cog needs of the bot (``bot.app.AtoutBot`` has it): where the
    hands look for the game's panel."""

    @property
    def ui(self) -> PanelHost: ...


def choice(key: str, value: V, **args: object) -> app_commands.Choice[V]:
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
        open=describe("opt_open"),
    )(func)
    func = app_commands.choices(level=LEVEL_CHOICES, deck_style=DECK_CHOICES)(func)
    func = app_commands.choices(language=LANGUAGE_CHOICES)(func)
    return app_commands.choices(turn_timer=TIMER_CHOICES)(func)


def describe(key: str) -> app_commands.locale_str:
    """A command or option description (Discord allows 100 characters in every language)."""
    return command_text(key)


async def open_table(
    interaction: Interaction,
    game: str,
    options: dict[str, Any],  # JSON: rule options (games.options)
    *,
    seats: int | None = None,
    level: str = "easy",
    deck_style: str = "auto",
    turn_timer: int = DEFAULT_TURN_TIMER_S,
    language: str | None = None,
    open: bool = False,
) -> None:
    """Open a lobby with the rule options that were given (``None`` = the docs/rules.md default)
    and the table settings (computer level, deck style, turn timer, language), kept beside
    them. No ``language`` means the server's default (``bot.table.lobby``); ``open`` offers its
    free seats to the instance's queue (``/play``)."""
    chosen = {k: v for k, v in options.items() if v is not None}
    client = interaction.client
    if not isinstance(client, TableOpener):
        raise TypeError(f"{type(client).__name__} has no lobby to open a table in")
    await client.lobby.open(
        interaction,
        game,
        chosen,
        seats=seats,
        level=level,
        deck_style=deck_style,
        turn_timer=turn_timer,
        language=language,
        offered=open,
    )


# A rule's values are whatever JSON values its OptionSpec lists (``Any`` in games.options).
def command_choices(spec: OptionSpec) -> list[app_commands.Choice[Any]]:
    """What Discord offers for a rule on the command: its listed values by their names in the
    player's language, or the suggested numbers; none for a yes/no rule."""
    if spec.kind == "choice":
        return [choice(f"rule_value_{spec.name}_{value}", value) for value in spec.choices or ()]
    return [app_commands.Choice(name=str(n), value=n) for n in spec.suggested]


def rule_type(spec: OptionSpec) -> type:
    """The Python type discord.py reads to tell Discord how to ask (a number, text, yes/no)."""
    if spec.kind == "bool":
        return bool
    if spec.kind == "int":
        return int
    kinds = {type(value) for value in spec.choices or ()}
    if len(kinds) != 1:
        raise TypeError(f"option {spec.name!r} mixes value types on a command")
    return kinds.pop()


def _parameter(name: str, annotation: object, default: object) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


def start_command(game: str) -> StartCommand:
    """``/<game> start`` for a cog's class body. Its options and their order are the engine's
    (``OptionSpec.command``); each rule left empty is the docs/rules.md default (``None``),
    and the table settings follow in the same order for every game."""
    cls = game_class(game)
    specs = command_specs(cls.OPTIONS)
    parameters = [
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY),
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_ONLY, annotation=discord.Interaction
        ),
    ]
    descriptions: dict[str, app_commands.locale_str] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}
    if len(cls.SEAT_COUNTS) > 1:
        parameters.append(_parameter("seats", int, cls.SEAT_COUNTS[0]))
        descriptions["seats"] = describe("opt_seats")
        choices["seats"] = [app_commands.Choice(name=str(n), value=n) for n in cls.SEAT_COUNTS]
    for spec in specs:
        parameters.append(_parameter(spec.name, rule_type(spec) | None, None))
        key = f"opt_{spec.name}"
        descriptions[spec.name] = describe(key)
        if command_choices(spec):
            choices[spec.name] = command_choices(spec)
    parameters += [
        _parameter("level", str, "easy"),
        _parameter("deck_style", str, "auto"),
        _parameter("turn_timer", int, DEFAULT_TURN_TIMER_S),
        _parameter("language", str | None, None),
        _parameter("open", bool, False),
    ]
    rules = [spec.name for spec in specs]

    # ``given``: the command's option values as discord.py parsed them, typed by ``parameters``.
    async def start(_cog: GameCog, interaction: Interaction, **given: Any) -> None:
        await open_table(
            interaction,
            game,
            {name: given.pop(name, None) for name in rules},
            seats=given.pop("seats", None),
            **given,
        )

    start.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    # A method of the cog (discord.py passes the cog first), though built out here.
    start.__qualname__ = f"{cls.__name__}.start"
    callback = app_commands.describe(**descriptions)(start)
    callback = app_commands.choices(**choices)(callback)
    callback = table_settings(callback)
    summary_key = f"cmd_start_{game}"
    return app_commands.command(name="start", description=describe(summary_key))(callback)


@app_commands.guild_only()
class GameCog(commands.GroupCog):
    """What a game's cog is besides its ``start`` (``start_command``) and its panel: commands
    for servers only (a table needs a channel), the bot it serves, and its panel handed to the
    hands when the cog loads. A cog without a panel of its own plays from the shared card
    panel."""

    def __init__(self, bot: commands.Bot, panels: PanelRegistry) -> None:
        self.bot = bot
        self.panels = panels

    def panel(self) -> Panel | None:
        """This game's controls for its special phases (bidding, taking, exchange), if any."""
        return None

    async def cog_load(self) -> None:
        panel = self.panel()
        if panel is not None:
            self.panels.register(str(self.__cog_group_name__), panel)


def cog_setup(cog: type[GameCog]) -> Callable[[commands.Bot], Awaitable[None]]:
    """The ``setup`` discord.py calls when it loads a game's cog module."""

    async def setup(bot: commands.Bot) -> None:
        if not isinstance(bot, GameHost):
            raise TypeError("only Atout's bot loads Atout's cogs (bot.app.EXTENSIONS)")
        await bot.add_cog(cog(bot, bot.ui.panels))

    return setup
