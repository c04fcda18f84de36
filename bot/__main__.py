"""``python -m bot``: run Atout with the settings of the environment and ``.env``."""

from __future__ import annotations

import sys

import discord

from bot.app import create_bot
from bot.config import load_settings
from bot.i18n import t


def main() -> int:
    try:
        settings = load_settings()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if settings.token is None:
        print(t("cli_no_token"), file=sys.stderr)
        return 2
    discord.utils.setup_logging()
    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
