"""The pages' words: a Fluent catalogue of their own (``bot/web/locales/<locale>/web.ftl``, read
by the same :class:`i18n.catalogue.Catalogue` as the bot's and the images'), and the reader's
language from the ``Accept-Language`` their browser sends.

The pages also say what the bot says (cards, bids, events, house rules): those sentences are
the bot's own (``bot.text``), so a deal reads the same in Discord and on the web.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

from i18n.catalogue import Catalogue
from i18n.locales import DEFAULT_LOCALE, LOCALES, supported

WEB: Final = Catalogue(Path(__file__).resolve().parent / "locales", "web.ftl")

ACCEPT_LANGUAGE_MAX: Final = 200
"""Characters of ``Accept-Language`` read; a longer header is cut, not parsed at length."""


def web_text(key: str, locale: str = DEFAULT_LOCALE, /, **values: object) -> str:
    return WEB.text(key, locale, **values)


def reader_locale(header: str | None) -> str:
    """The first of Atout's six languages the reader's browser asks for, by its weights
    (``fr-CA,fr;q=0.9,en;q=0.8`` → ``fr``; ``pt-BR`` stays Brazilian); English otherwise."""
    if not header:
        return DEFAULT_LOCALE
    return _reader_locale(header[:ACCEPT_LANGUAGE_MAX])


@functools.lru_cache(maxsize=256)
def _reader_locale(header: str) -> str:
    """Kept for the headers seen (a browser sends the same one every time): read twice a
    request, parsing it was a tenth of a page's time when the page is kept."""
    wanted: list[tuple[float, int, str]] = []
    for order, item in enumerate(header.split(",")):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                continue
        tag = tag.strip()
        if tag and tag != "*" and weight > 0:
            wanted.append((-weight, order, tag))
    for _weight, _order, tag in sorted(wanted):
        locale = supported(tag)
        if locale != DEFAULT_LOCALE or tag.lower().split("-")[0] == "en":
            return locale
    return DEFAULT_LOCALE


__all__ = ["LOCALES", "WEB", "reader_locale", "web_text"]
