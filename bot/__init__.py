"""The Discord application: configuration, storage, table sessions, shared views, i18n.

``create_bot(settings)`` builds the bot without starting it, so that tests can run it under
simcord and ``python -m bot`` can run it for real.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import AtoutBot
    from bot.config import Settings


def create_bot(settings: Settings) -> AtoutBot:
    from bot.app import create_bot as _create

    return _create(settings)


__all__ = ["create_bot"]
