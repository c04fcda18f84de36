"""Every word drawn in an image comes from a catalogue: ``text(key, locale, **values)``.

Catalogues are ``rendering/locales/<locale>.json``, so shipping French, Italian, Portuguese or
Japanese images is adding a file. A locale or a key that is missing falls back to English, so a
half-translated catalogue still draws complete images. A key missing from English is a bug: it
shows as the key itself, and ``tests/rendering/test_text.py`` checks that every key the code uses
is there.

Plurals: a counted phrase has a ``<key>_one`` and a ``<key>_other`` entry; which one a count takes
is the catalogue's ``@plural`` rule (``one`` for English, ``zero_one`` where 0 is singular, as in
French, ``other`` for languages without plural forms), so a new language needs no code either.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"
DEFAULT_LOCALE: Final = "en"
LOCALE_NAME: Final = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?")
"""A language tag (``fr``, ``pt-BR``): anything else never becomes a file name."""
PLURAL_RULES: Final = frozenset({"one", "zero_one", "other"})


@lru_cache(maxsize=32)
def catalogue(locale: str) -> dict[str, str]:
    """The strings of one locale file, or an empty dict when there is no such file."""
    if not LOCALE_NAME.fullmatch(locale):
        return {}
    path = LOCALES_DIR / f"{locale}.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items()}


@lru_cache(maxsize=32)
def _chain(locale: str) -> tuple[dict[str, str], ...]:
    """The catalogues consulted for ``locale``, best first: ``pt-BR``, then ``pt``, then English."""
    names = [locale, re.split(r"[-_]", locale)[0], DEFAULT_LOCALE]
    unique = list(dict.fromkeys(names))
    return tuple(catalogue(name) for name in unique)


def available_locales() -> list[str]:
    return sorted(p.stem for p in LOCALES_DIR.glob("*.json"))


def has_text(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return any(key in strings for strings in _chain(locale))


def text(key: str, locale: str = DEFAULT_LOCALE, **values: Any) -> str:
    """The ``key`` sentence of ``locale`` with ``values`` filled in."""
    for strings in _chain(locale):
        template = strings.get(key)
        if template is not None:
            return template.format(**values) if values else template
    return key


def plural(key: str, count: int, locale: str = DEFAULT_LOCALE, **values: Any) -> str:
    """``key``'s singular or plural sentence for ``count``, filled with ``count`` and ``values``."""
    rule = next((s["@plural"] for s in _chain(locale) if "@plural" in s), "one")
    one = count == 1 or (rule == "zero_one" and count == 0)
    form = "one" if one and rule != "other" else "other"
    return text(f"{key}_{form}", locale, count=count, **values)


def term(group: str, value: Any, locale: str = DEFAULT_LOCALE, default: str | None = None) -> str:
    """The word for an engine value (a game, a meld kind, an Italian suit): ``<group>_<value>``.

    Engines may add values the catalogue does not know yet; those show as ``default`` (the raw
    value when not given), never as a key.
    """
    key = f"{group}_{value}"
    if has_text(key, locale):
        return text(key, locale)
    return str(value) if default is None else default


def clean_locale(locale: Any) -> str:
    """A locale from a caller, as a language tag: anything else (None, junk) is English."""
    if isinstance(locale, str) and LOCALE_NAME.fullmatch(locale):
        return locale
    return DEFAULT_LOCALE
