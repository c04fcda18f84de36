"""``python -m bot``: run Atout with the settings of the environment and ``.env``.
``python -m bot migrate-db --from atout.sqlite3 --to postgresql://…`` copies its data to
PostgreSQL (bot/storage/migrate_db.py).

A new admin's mistakes end in one line that says what is wrong and a non-zero exit (2 for a
setting, 1 for Discord refusing the token or being out of reach), never in a traceback.
"""

from __future__ import annotations

import os
import sys

import aiohttp
import discord

from bot import collector
from bot.app import create_bot
from bot.config import load_settings
from bot.endpoint import ENV_VAR, point_at
from bot.storage.backends import StorageUnavailable
from bot.text.i18n import t


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["migrate-db"]:
        from bot.storage.migrate_db import main as migrate_db

        return migrate_db(args[1:])
    try:
        settings = load_settings()
        if os.environ.get(ENV_VAR):
            point_at(os.environ[ENV_VAR])
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if settings.token is None:
        print(t("cli_no_token"), file=sys.stderr)
        return 2
    discord.utils.setup_logging()
    collector.tune()
    bot = create_bot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except StorageUnavailable as exc:
        print(exc, file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(t("cli_bad_token"), file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(t("cli_intents"), file=sys.stderr)
        return 1
    except (TimeoutError, aiohttp.ClientError, OSError, discord.GatewayNotFound) as exc:
        print(t("cli_no_network", reason=str(exc) or type(exc).__name__), file=sys.stderr)
        return 1
    except discord.HTTPException as exc:
        print(t("cli_discord_error", status=exc.status, reason=exc.text), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
