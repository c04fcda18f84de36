"""The lobby's "House rules": the starter's ephemeral panel and its clicks, with selects made
from each engine's ``OptionSpec``s (the page of rules to pick from, and the values offered for
the one picked), so a rule added in ``games/`` appears here without a line of the bot."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

import discord

from bot.play.lobby import set_options
from bot.play.sessions import TableSession
from bot.table.access import session_or_refusal
from bot.text.i18n import t, user_locale
from bot.text.rules import option_text, rule_help, rule_label
from bot.ui.codec import RuleSelectId
from bot.ui.components import rule_select
from bot.ui.replies import refuse
from games.options import OptionError, OptionSpec
from games.registry import game_class

if TYPE_CHECKING:
    from bot.play.tables import Tables

Interaction = discord.Interaction[discord.Client]

SELECT_LIMIT = 25
RULE_PAGE_PREFIX = "page:"
"""A house-rules select value that turns the page (a rule name never holds a colon)."""


def option_values(spec: OptionSpec, current: object) -> Sequence[object]:
    """The values a house-rule select offers for ``spec`` (Discord allows 25 per select)."""
    if spec.kind == "bool":
        return [True, False]
    if spec.kind == "choice":
        return list(spec.choices or ())[:SELECT_LIMIT]
    if spec.suggested:
        # The numbers ``/<game> start`` suggests for the same rule, so the lobby and the
        # command offer the same targets (and the value in force, whatever it is).
        candidates = {current, spec.default, *spec.suggested}
        return sorted(v for v in candidates if isinstance(v, int))[:SELECT_LIMIT]
    # Around the value in force (a default may depend on other rules, as Coinche's target does).
    base = current if isinstance(current, int) else spec.default
    base = base if isinstance(base, int) else spec.minimum
    if base <= 10:
        # Counts of hands, games or deals: every small number is a sensible choice.
        candidates = {current, spec.default, *range(1, 11), base * 2, base * 3}
    else:
        # Point targets: quarters of the value in force, rounded as score sheets are (by 50).
        candidates = {current, spec.default, *(base * k // 4 // 50 * 50 for k in range(1, 9))}
    values = sorted(
        v
        for v in candidates
        if isinstance(v, int) and v >= spec.minimum and v % spec.multiple_of == 0
    )
    return values[:SELECT_LIMIT]


def clip(text: str, limit: int = 100) -> str:
    """``text`` within a Discord limit (a select option's description: 100), with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def rule_pages(specs: tuple[OptionSpec, ...]) -> list[tuple[OptionSpec, ...]]:
    """The rules a select can list at once: all of them, or pages of 24 and a "More rules" entry
    when a game has more than Discord's 25 (Coinche does), so no rule is out of reach."""
    if len(specs) <= SELECT_LIMIT:
        return [specs]
    size = SELECT_LIMIT - 1
    return [specs[i : i + size] for i in range(0, len(specs), size)]


def encode_value(value: object) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def decode_value(spec: OptionSpec, text: str) -> object:
    if spec.kind == "bool":
        return text == "true"
    if spec.kind == "int":
        return int(text)
    for choice in spec.choices or ():
        if str(choice) == text:
            return choice
    raise OptionError(f"option {spec.name!r} has no value {text!r}")


def rule_choices(
    specs: tuple[OptionSpec, ...], current: Mapping[str, object], locale: str, page: int = 0
) -> list[discord.SelectOption]:
    """Page ``page`` of the rules, each with its value in force and what it means; "More rules"
    last when there are several pages."""
    pages = rule_pages(specs)
    options = [
        discord.SelectOption(
            label=rule_label(spec.name, locale)[:100],
            value=spec.name,
            description=clip(
                t(
                    "rule_current",
                    locale,
                    value=option_text(current.get(spec.name), locale, spec.name),
                    help=rule_help(spec.name, locale, spec.help),
                )
            ),
        )
        for spec in pages[page]
    ]
    if len(pages) > 1:
        following = (page + 1) % len(pages)
        options.append(
            discord.SelectOption(
                label=t("rule_more", locale), value=f"{RULE_PAGE_PREFIX}{following}"
            )
        )
    return options


def value_choices(spec: OptionSpec, current: object, locale: str) -> list[discord.SelectOption]:
    """The values of one rule, the one in force marked."""
    return [
        discord.SelectOption(
            label=option_text(value, locale, spec.name)[:100],
            value=encode_value(value),
            default=value == current,
        )
        for value in option_values(spec, current)
    ]


# Rule options are JSON values (games.options): the ``dict[str, Any]`` of this module.
def check_options(game: str, options: dict[str, Any], seats: int) -> dict[str, Any]:
    """The options in force, defaults filled in: raises ``OptionError``/``ValueError``."""
    return game_class(game).check_options(options, seats)


class Payload(TypedDict):
    """A lobby message or a house-rules panel: its text and its buttons."""

    content: str
    view: discord.ui.View


class TablesHost(Protocol):
    @property
    def tables(self) -> Tables: ...


class HouseRules:
    """The starter's panel of house rules; ``refresh`` redraws the lobby once a rule changed."""

    def __init__(
        self, host: TablesHost, refresh: Callable[[TableSession], Awaitable[None]]
    ) -> None:
        self.host = host
        self.refresh = refresh

    async def open(self, interaction: Interaction, session: TableSession) -> None:
        """The House rules button: the panel, to the starter only, while the lobby is open."""
        if await self._refused(interaction, session):
            return
        locale = user_locale(interaction)
        await interaction.response.send_message(**self.payload(session, locale), ephemeral=True)

    @staticmethod
    async def _refused(interaction: Interaction, session: TableSession) -> bool:
        """Only the starter changes the rules, and only before the game starts."""
        locale = user_locale(interaction)
        if interaction.user.id != session.row.starter_id:
            await refuse(interaction, t("error_starter_only", locale))
            return True
        if session.row.status != "lobby":
            await refuse(interaction, t("error_lobby_closed", locale))
            return True
        return False

    def payload(
        self, session: TableSession, locale: str, note: str | None = None, page: int = 0
    ) -> Payload:
        """The house-rules panel, in the language of the starter who opened it (only they
        see it)."""
        current = check_options(session.row.game, session.row.options, session.row.seats)
        options = rule_choices(game_class(session.row.game).OPTIONS, current, locale, page)
        view = discord.ui.View(timeout=None)
        view.add_item(
            rule_select(RuleSelectId(session.id), options, placeholder=t("rule_pick", locale))
        )
        content = t("rules_title", locale)
        if note:
            content += "\n" + note
        return {"content": content, "view": view}

    async def choose(
        self,
        interaction: Interaction,
        table_id: int,
        key: str | None,
        values: list[str],
    ) -> None:
        """A pick in the panel: a page of rules, a rule (then its values), or a rule's value
        (checked by the engine before it is kept)."""
        locale = user_locale(interaction)
        session = await session_or_refusal(interaction, self.host.tables, table_id)
        if session is None or await self._refused(interaction, session):
            return
        specs = {spec.name: spec for spec in game_class(session.row.game).OPTIONS}
        if key is None and values and values[0].startswith(RULE_PAGE_PREFIX):
            number = values[0].removeprefix(RULE_PAGE_PREFIX)
            count = len(rule_pages(game_class(session.row.game).OPTIONS))
            if not number.isdigit() or int(number) >= count:
                await refuse(interaction, t("error_malformed", locale))
                return
            await interaction.response.edit_message(
                **self.payload(session, locale, page=int(number))
            )
            return
        if key is None:
            chosen = specs.get(values[0]) if values else None
            if chosen is None:
                await refuse(interaction, t("error_malformed", locale))
                return
            current = check_options(session.row.game, session.row.options, session.row.seats)
            view = discord.ui.View(timeout=None)
            view.add_item(
                rule_select(
                    RuleSelectId(table_id, chosen.name),
                    value_choices(chosen, current.get(chosen.name), locale),
                    placeholder=rule_label(chosen.name, locale)[:150],
                )
            )
            await interaction.response.edit_message(
                content=t(
                    "rule_value",
                    locale,
                    key=rule_label(chosen.name, locale),
                    help=rule_help(chosen.name, locale, chosen.help),
                ),
                view=view,
            )
            return
        spec = specs.get(key)
        if spec is None or len(values) != 1:
            await refuse(interaction, t("error_malformed", locale))
            return
        try:
            value = decode_value(spec, values[0])
            options = dict(session.row.options)
            options[key] = value
            check_options(session.row.game, options, session.row.seats)
        except (OptionError, ValueError) as exc:
            await refuse(interaction, t("error_options", locale, reason=str(exc)))
            return
        await set_options(session, options)
        label = rule_label(key, locale)
        note = t("rule_set", locale, key=label, value=option_text(value, locale, key))
        await interaction.response.edit_message(**self.payload(session, locale, note))
        await self.refresh(session)
