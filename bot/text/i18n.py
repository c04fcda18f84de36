"""Every sentence the bot sends goes through ``t``: a key and arguments → text for a locale.

Sentences live in ``bot/text/locales/<locale>/bot.ftl`` (Fluent, read by the same
:class:`i18n.catalogue.Catalogue` as the images' words, so both floors share one format, one
fallback chain and one set of locales). A key missing from a locale falls back to English, and a
key missing from English shows as the key (the tests check every key the code uses).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

from i18n.catalogue import Catalogue
from i18n.locales import DEFAULT_LOCALE, LOCALES, supported

if TYPE_CHECKING:
    import discord

__all__ = [
    "BOT",
    "DEFAULT_LOCALE",
    "LOCALES",
    "available_locales",
    "has_key",
    "supported",
    "t",
    "user_locale",
]

LOCALES_DIR: Final = Path(__file__).with_name("locales")
BOT: Final = Catalogue(LOCALES_DIR, "bot.ftl")


def available_locales() -> list[str]:
    return BOT.locales()


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return BOT.has(key, locale)


def t(key: str, locale: str = DEFAULT_LOCALE, /, **kwargs: object) -> str:
    """``key`` and ``locale`` are positional so that a sentence may have an argument named
    ``key``; ``locale=`` is still understood as the locale."""
    if "locale" in kwargs:
        locale = str(kwargs.pop("locale"))
    return BOT.text(key, locale, **kwargs)


def user_locale(interaction: discord.Interaction[discord.Client]) -> str:
    """The locale of the person behind an interaction (their Discord client's language), as
    Atout speaks it: what only they see (refusals, hands, ``/stats``) is written in it."""
    locale = getattr(interaction, "locale", None)
    return supported(getattr(locale, "value", locale))
