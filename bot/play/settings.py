"""A table's settings as the people at it meet them: what a starter may choose at
``/<game> start`` (a value the bot does not know is refused, and nothing is made), and the
language the table speaks. The settings themselves are one typed value, parsed once where the
row is read (``bot.storage.tables.settings.TableSettings``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bot.storage.tables.settings import TableSettings
from bot.text.i18n import LOCALES, supported
from games.ai import LEVELS
from rendering import DECK_STYLES

if TYPE_CHECKING:
    from bot.play.sessions import TableSession

MAX_TURN_TIMER: Final = 3600
"""The longest turn timer a table may have, in seconds (an hour)."""


class SettingRefused(ValueError):
    """A table setting the bot does not know: its key and the value given, for the message."""

    def __init__(self, key: str, value: object) -> None:
        super().__init__(f"{key}={value!r}")
        self.key = key
        self.value = value


def chosen_settings(
    *, level: object, deck_style: object, turn_timer: object, language: object
) -> TableSettings:
    """The settings a starter chose. Discord offers only the listed choices, but a stale
    command registration or another client can send anything: what the bot does not know
    raises ``SettingRefused``."""
    if not isinstance(level, str) or level not in LEVELS:
        raise SettingRefused("level", level)
    if not isinstance(deck_style, str) or deck_style not in DECK_STYLES:
        raise SettingRefused("deck_style", deck_style)
    if (
        not isinstance(turn_timer, int)
        or isinstance(turn_timer, bool)
        or not 0 <= turn_timer <= MAX_TURN_TIMER
    ):
        raise SettingRefused("turn_timer", turn_timer)
    if not isinstance(language, str) or language not in LOCALES:
        raise SettingRefused("language", language)
    return TableSettings(
        level=level, deck_style=deck_style, turn_timer=turn_timer, language=language
    )


def locale_of(session: TableSession) -> str:
    """The table's language as the catalogue speaks it: what everybody at the table reads
    (the table message and image, the thread's messages, the lobby)."""
    return supported(session.settings.language)
