"""Every user-facing sentence goes through ``t``: a key and arguments → text for a locale.

Strings live in ``bot/locales/<locale>.json``; adding French, Italian, Portuguese or Japanese is
adding a file. A key missing from a locale falls back to English, and a key missing from English
is a bug that shows itself as the key (and is caught by the tests that check every key).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LOCALES_DIR = Path(__file__).with_name("locales")
DEFAULT_LOCALE = "en"


@cache
def _strings(locale: str) -> dict[str, str]:
    path = LOCALES_DIR / f"{locale}.json"
    if not path.is_file():
        return {}
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def available_locales() -> list[str]:
    return sorted(p.stem for p in LOCALES_DIR.glob("*.json"))


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in _strings(locale)


def t(key: str, locale: str = DEFAULT_LOCALE, /, **kwargs: Any) -> str:
    """``key`` and ``locale`` are positional so that a sentence may have an argument named
    ``key``; ``locale=`` is still understood as the locale."""
    if "locale" in kwargs:
        locale = str(kwargs.pop("locale"))
    template = _strings(locale).get(key)
    if template is None:
        template = _strings(DEFAULT_LOCALE).get(key, key)
    return template.format(**kwargs) if kwargs else template
