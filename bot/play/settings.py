"""A table's settings that are not rules, read in one place: its language, deck style, whether
it is rated, its turn timer and its computer players' level (``TableRow.settings``). Tables
stored before a setting existed read its default."""

from __future__ import annotations

from bot.play.sessions import TableSession
from bot.text.i18n import supported


def locale_of(session: TableSession) -> str:
    """The table's language: what everybody at the table reads (the table message and image,
    the thread's messages, the lobby). Tables stored before languages existed are English."""
    return supported(session.row.settings.get("language", "en"))


def is_rated(session: TableSession) -> bool:
    """Tables are rated unless the starter unticked Rated in the lobby."""
    return session.row.settings.get("rated", True) is not False


def deck_style_of(session: TableSession) -> str:
    return str(session.row.settings.get("deck_style", "auto"))


def turn_timer_of(session: TableSession) -> int:
    """Seconds a player has for a turn; 0 = no timer."""
    return int(session.row.settings.get("turn_timer", 0) or 0)


def level_of(session: TableSession) -> str:
    """The level of the computer players the table brings in (a seat left or missed)."""
    return str(session.row.settings.get("level", "easy"))
