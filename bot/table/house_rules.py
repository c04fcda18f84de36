"""The lobby's "House rules" selects, made from each engine's ``OptionSpec``s: the page of rules
to pick from, and the values offered for the one picked. The lobby holds the clicks; this holds
what the selects list, so a rule added in ``games/`` appears here without a line of the bot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.text.i18n import t
from bot.text.narrate import option_text, rule_help, rule_label
from games.options import OptionError, OptionSpec

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
