"""The languages Atout speaks, and how a tag from Discord or a person becomes one of them."""

from __future__ import annotations

import re
from typing import Any, Final

DEFAULT_LOCALE: Final = "en"
LOCALES: Final = ("en", "fr", "it", "pt-PT", "pt-BR", "ja")
"""The languages Atout speaks; a table may be set to any of them."""
LOCALE_NAME: Final = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?")
"""A language tag (``fr``, ``pt-BR``): anything else never becomes a file name."""
FAMILY: Final = {"en": "en", "fr": "fr", "it": "it", "pt": "pt-PT", "ja": "ja"}
"""The catalogue that speaks for a whole language: Discord's ``en-GB``, ``fr-CA`` or a bare
``pt`` find their words here."""


_SUPPORTED: dict[str, str] = {}
"""Tags met, and their locale: every sentence and every place of a table asks (tens of
thousands of times a minute on a busy bot), and Discord sends a few dozen tags."""
_SUPPORTED_MOST: Final = 256


def supported(locale: Any) -> str:
    """The Atout locale for a tag from Discord or a user (``en-GB`` → ``en``, ``pt-BR`` stays);
    anything Atout does not speak is English."""
    if isinstance(locale, str):
        known = _SUPPORTED.get(locale)
        if known is None:
            known = _supported(locale)
            if len(_SUPPORTED) < _SUPPORTED_MOST:
                _SUPPORTED[locale] = known
        return known
    return DEFAULT_LOCALE


def _supported(locale: str) -> str:
    if not LOCALE_NAME.fullmatch(locale):
        return DEFAULT_LOCALE
    tag = locale.replace("_", "-")
    for known in LOCALES:
        if known.lower() == tag.lower():
            return known
    return FAMILY.get(tag.split("-")[0].lower(), DEFAULT_LOCALE)
