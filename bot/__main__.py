"""``python -m bot``: run Atout with the settings of the environment and ``.env``; and the admin's
commands, listed by ``python -m bot --help``:

- ``python -m bot migrate-db --from atout.sqlite3 --to postgresql://…`` copies its data to
  PostgreSQL (bot/storage/migrate_db.py);
- ``python -m bot backup FILE`` and ``python -m bot restore FILE`` back up and restore the SQLite
  database (bot/storage/backup.py);
- ``python -m bot web`` serves the deals' web pages alone, from the same database
  (bot/web/server.py; the bot serves them itself when ``ATOUT_WEB_URL`` is set).

A new admin's mistakes end in one line that says what is wrong and a non-zero exit, never in a
traceback; an unknown argument is the argument parser's one line. Exit codes:

- 0: stopped (SIGINT or SIGTERM: the bot closes, its storage commits what is queued, the worker
  processes end; a second signal meanwhile changes nothing), or the command's work done;
- 1: Discord refused the token, or cannot be reached;
- 2: a wrong setting or argument, a database ``ATOUT_DB`` names that cannot be opened or an
  address ``ATOUT_WEB_BIND`` names that cannot be listened on (both checked before Discord is
  asked anything), a backup that cannot be made or restored;
- 3: another bot is running on this database (``bot.storage.instance_lock``), named in the line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import AtoutBot

EXIT_OK = 0
EXIT_DISCORD = 1
EXIT_SETTING = 2
EXIT_RUNNING = 3

STOP_GRACE_S = 5.0
"""On a signal, how long the clicks being answered and the tables being drawn may take to
finish before the bot closes its storage: well within the 10 s ``docker stop`` waits before it
kills (systemd waits 90 s)."""

log = logging.getLogger("bot")

EPILOG = """\
exit codes: 0 stopped (SIGINT, SIGTERM) or done; 1 Discord refused the token or is out of
reach; 2 a wrong setting or argument, or a database that cannot be opened; 3 another bot is
running on this database.

Settings come from the environment and from .env in the working directory (the environment
wins): DISCORD_TOKEN, ATOUT_DB, ATOUT_SHARD_COUNT, ATOUT_SHARDS, ATOUT_DEV_GUILD, ATOUT_AI_PAUSE,
ATOUT_IMAGE_PROCESSES, ATOUT_WEB_URL, ATOUT_WEB_BIND, ATOUT_WEB_SECRET. See the README, "Running
your own Atout", and docs/running.md."""


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run Atout, the card games bot for Discord, or one of its admin commands.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", title="commands (none: run the bot)")
    commands.add_parser(
        "migrate-db",
        add_help=False,  # its own arguments and --help: python -m bot migrate-db --help
        help="copy the SQLite database to PostgreSQL (see: python -m bot migrate-db --help)",
    )
    backup = commands.add_parser(
        "backup",
        help="copy the SQLite database ATOUT_DB names to FILE, the bot running or not",
    )
    backup.add_argument("file", metavar="FILE")
    restore = commands.add_parser(
        "restore",
        help="replace the SQLite database ATOUT_DB names with the backup FILE (bot stopped)",
    )
    restore.add_argument("file", metavar="FILE")
    commands.add_parser(
        "web",
        help="serve the deals' web pages alone, from the database ATOUT_DB names (the bot"
        " serves them itself when ATOUT_WEB_URL is set)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = arguments()
    args, rest = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if args.command == "migrate-db":
        return migrate_db(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command in ("backup", "restore"):
        return backup_or_restore(args.command, args.file)
    if args.command == "web":
        return web()
    return run()


def web() -> int:
    """``python -m bot web``: the pages alone, until a signal stops them."""
    from bot.config import load_settings
    from bot.storage.backends import StorageUnavailable
    from bot.web.server import WebUnavailable, serve_alone

    try:
        settings = load_settings()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(serve_alone(settings.web, settings.db_path))
    except (StorageUnavailable, WebUnavailable) as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    except KeyboardInterrupt:
        pass
    return EXIT_OK


def migrate_db(argv: list[str]) -> int:
    """``migrate-db``, with the source's lock held: never from a database a bot is writing."""
    from bot.storage.instance_lock import InstanceRunning, lock_file
    from bot.storage.migrate_db import main as migrate

    source = argparse.ArgumentParser(add_help=False)
    source.add_argument("--from", dest="source")
    known, _ = source.parse_known_args(argv)
    lock = None
    if known.source and Path(known.source).is_file():
        try:
            lock = lock_file(known.source, f"python -m bot migrate-db, process {os.getpid()}")
        except InstanceRunning as exc:
            print(f"migrate-db: {exc}", file=sys.stderr)
            return EXIT_RUNNING
        except OSError:
            pass  # the copy itself says what is wrong with --from
    try:
        return migrate(argv)
    finally:
        if lock is not None:
            lock.close()


def backup_or_restore(command: str, file: str) -> int:
    from bot.config import load_settings
    from bot.storage.backup import BackupError, backup, restore
    from bot.storage.instance_lock import InstanceRunning
    from bot.storage.postgres import is_postgres_url

    try:
        db = load_settings().db_path
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    if is_postgres_url(db):
        print(
            f"{command}: ATOUT_DB is a PostgreSQL database: use pg_dump and pg_restore"
            " (docs/running.md, Backups)",
            file=sys.stderr,
        )
        return EXIT_SETTING
    try:
        line = backup(db, file) if command == "backup" else asyncio.run(restore(file, db))
    except BackupError as exc:
        print(f"{command}: {exc}", file=sys.stderr)
        return EXIT_SETTING
    except InstanceRunning as exc:
        print(f"{command}: {exc}", file=sys.stderr)
        return EXIT_RUNNING
    print(line)
    return EXIT_OK


def run() -> int:
    """The bot, until a signal stops it."""
    import discord

    from bot import collector
    from bot.app import create_bot
    from bot.config import load_settings
    from bot.endpoint import ENV_VAR, point_at
    from bot.play import workers
    from bot.text.i18n import t

    try:
        settings = load_settings()
        if os.environ.get(ENV_VAR):
            point_at(os.environ[ENV_VAR])
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    if settings.token is None:
        print(t("cli_no_token"), file=sys.stderr)
        return EXIT_SETTING
    discord.utils.setup_logging()
    collector.tune()
    bot = create_bot(settings)
    try:
        return asyncio.run(serve(bot, settings.token))
    except KeyboardInterrupt:  # Ctrl-C before the bot's own handler was in place
        return EXIT_OK
    finally:
        # After the loop: the storage has committed its last group; now the worker processes.
        workers.shutdown()


async def serve(bot: AtoutBot, token: str) -> int:
    """Hold this database's instance lock, then run the bot until it is closed."""
    import aiohttp
    import discord

    from bot.storage import instance_lock
    from bot.storage.backends import StorageUnavailable, describe, unavailable
    from bot.text.i18n import t
    from bot.web.server import WebUnavailable

    db = bot.settings.db_path
    try:
        lock = await instance_lock.acquire(db, bot.settings.shards)
    except instance_lock.InstanceRunning as exc:
        print(exc, file=sys.stderr)
        return EXIT_RUNNING
    except Exception as exc:
        if not unavailable(exc):
            raise
        reason = str(exc) or type(exc).__name__
        print(t("cli_no_database", where=describe(db), reason=reason), file=sys.stderr)
        return EXIT_SETTING
    bot.stop_grace_s = STOP_GRACE_S
    stopping = stop_on_signals(bot)
    try:
        async with bot:
            await bot.start(token)
            # The gateway closed: the close under way (a signal's) finishes its work first.
            await asyncio.gather(*_closing)
    except (StorageUnavailable, WebUnavailable) as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    except discord.LoginFailure:
        print(t("cli_bad_token"), file=sys.stderr)
        return EXIT_DISCORD
    except discord.PrivilegedIntentsRequired:
        print(t("cli_intents"), file=sys.stderr)
        return EXIT_DISCORD
    except (TimeoutError, aiohttp.ClientError, OSError, discord.GatewayNotFound) as exc:
        if stopping.is_set():
            return EXIT_OK  # stopped while it was still connecting
        print(t("cli_no_network", reason=str(exc) or type(exc).__name__), file=sys.stderr)
        return EXIT_DISCORD
    except discord.HTTPException as exc:
        print(t("cli_discord_error", status=exc.status, reason=exc.text), file=sys.stderr)
        return EXIT_DISCORD
    finally:
        await lock.release()
    return EXIT_OK


_closing: set[asyncio.Task[None]] = set()


def stop_on_signals(bot: AtoutBot) -> asyncio.Event:
    """SIGINT (Ctrl-C) and SIGTERM (``docker stop``, ``systemctl stop``) close the bot: the
    gateway first, so that no new click comes in, then the storage, which commits the steps
    queued and waits for the commit under way (``bot.storage.group_commit``). ``bot.start``
    then returns, and ``run`` stops the worker processes."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def stop(name: str) -> None:
        if stopping.is_set():
            log.info("%s: already stopping", name)
            return
        stopping.set()
        log.info("%s: stopping after the last commit", name)
        task = loop.create_task(bot.close(), name="atout-stop")
        _closing.add(task)
        task.add_done_callback(_closing.discard)

    for signum in (signal.SIGINT, signal.SIGTERM):
        # Windows has no such handlers: there Ctrl-C raises KeyboardInterrupt, caught in run.
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop, signum.name)
    return stopping


if __name__ == "__main__":
    sys.exit(main())
