"""When seasons begin and end: at 00:00 UTC on the first day of a period (a month, an ISO week
from Monday, a quarter from January, April, July or October), except a server's first season,
which begins at once and ends at the next boundary.

Pure functions of moments (aware ``datetime``s in UTC): the season that a game counts in is
decided by comparing its end with these boundaries, so the same game lands in the same season
whoever rates it, and whenever.
"""

from __future__ import annotations

import datetime

from bot.storage.settings.server import SEASON_LENGTHS as LENGTHS
from bot.storage.settings.server import SeasonLength as Length

__all__ = ["LENGTHS", "Length", "next_boundary", "period_start", "season_span"]


def period_start(at: datetime.datetime, length: Length) -> datetime.datetime:
    """00:00 UTC on the first day of the period holding ``at``."""
    if length == "off":
        raise ValueError("seasons are off: no period")
    day = at.astimezone(datetime.UTC).date()
    if length == "weekly":
        day -= datetime.timedelta(days=day.weekday())
    elif length == "monthly":
        day = day.replace(day=1)
    else:
        day = day.replace(month=(day.month - 1) // 3 * 3 + 1, day=1)
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC)


def next_boundary(at: datetime.datetime, length: Length) -> datetime.datetime:
    """The first period start strictly after ``at``."""
    start = period_start(at, length)
    if length == "weekly":
        return start + datetime.timedelta(days=7)
    months = 1 if length == "monthly" else 3
    month = start.month - 1 + months
    return start.replace(year=start.year + month // 12, month=month % 12 + 1)


def season_span(
    previous_end: datetime.datetime | None, at: datetime.datetime, length: Length
) -> tuple[datetime.datetime, datetime.datetime]:
    """Where the season holding ``at`` begins and ends, under ``length`` (the setting at the
    moment the season is made: a change of length applies from the next boundary).

    The first season (no ``previous_end``) begins at ``at``, at once. Otherwise a season follows
    the previous one without a gap, unless a whole period went by without one (the bot was
    stopped): then it is the period holding ``at``, and the numbers go on."""
    if previous_end is None:
        start = at
    else:
        start = previous_end
        if next_boundary(start, length) <= at:
            start = period_start(at, length)
    return start, next_boundary(start, length)
