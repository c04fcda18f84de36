"""Numbers and lists as each language writes them (CLDR, through Babel), wherever a player reads
them: the images, the bot's messages, the web pages."""

from __future__ import annotations

from collections.abc import Iterable

from babel.numbers import format_decimal, format_percent

from i18n.locales import DEFAULT_LOCALE, supported


def listed(items: Iterable[str], locale: str = DEFAULT_LOCALE) -> str:
    """Items one after the other as the language lists them: "tierce, quart" · "4枚続き、3枚続き"
    (Japanese separates with the ideographic comma, not a Latin one)."""
    return ("、" if supported(locale) == "ja" else ", ").join(items)


def number(value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A number read at a glance (a rating, a chart's scale), grouped as the language groups
    thousands (CLDR, through Babel): 1,024 · 1 024 · 1.024. Scores on a sheet are not grouped
    (``_argument``): they are compared column by column."""
    return format_decimal(value, locale=_babel(locale))


def signed(value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A change of rating: +17, -8, +0, +1 024."""
    return format_decimal(value, format="+#,##0;-#,##0", locale=_babel(locale))


def percent(value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A whole percentage as the language writes it: 57% · 57 % · 57%."""
    return format_percent(value / 100, locale=_babel(locale))


def _babel(locale: str) -> str:
    return supported(locale).replace("-", "_")
