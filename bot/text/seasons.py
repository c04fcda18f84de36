"""Seasons in words (issue 45): a season's name and its days, as the reader's language writes
them."""

from __future__ import annotations

import datetime

from babel.dates import format_interval

from bot.text.i18n import t
from i18n.locales import supported

TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def season_name(number: int, locale: str) -> str:
    return t("season_name", locale, number=number)


def season_dates(starts_at: str, ends_at: str, locale: str) -> str:
    """From a season's first day to its last (it ends at 00:00 UTC of the day after), as the
    language writes a span of days: "Mar 1 – 31, 2026", "1–31 mars 2026", "2026年3月1日～31日"."""
    first = datetime.datetime.strptime(starts_at, TIME_FORMAT).date()
    end = datetime.datetime.strptime(ends_at, TIME_FORMAT) - datetime.timedelta(seconds=1)
    babel = supported(locale).replace("-", "_")
    return str(format_interval(first, max(first, end.date()), "yMMMd", locale=babel))


def length_name(length: str, locale: str) -> str:
    return t(f"season_length_{length}", locale)
