"""``python -m bot``: run Atout with the settings of the environment and ``.env``; and the admin's
commands, listed by ``python -m bot --help``:

- ``python -m bot migrate-db --from atout.sqlite3 --to postgresql://…`` copies its data to
  PostgreSQL (bot/storage/operations/migrate_db.py);
- ``python -m bot backup FILE`` (``--force`` to replace a file there) and ``python -m bot restore
  FILE`` back up and restore the SQLite database (bot/storage/operations/backup.py);
- ``python -m bot health`` says whether the running bot is well (bot/process/health.py);
- ``python -m bot web`` serves the deals' web pages alone, from the same database
  (bot/web/server.py; the bot serves them itself when ``ATOUT_WEB_URL`` is set);
- ``python -m bot web-link`` prints the address of the newest finished deal's page, to check
  the pages behind a reverse proxy (bot/web/newest.py).

A new admin's mistakes end in one line that says what is wrong and a non-zero exit, never in a
traceback; an unknown argument is the argument parser's one line. Exit codes:

- 0: stopped (SIGINT or SIGTERM: the bot closes, its storage commits what is queued, the worker
  processes end; a second signal meanwhile changes nothing; a signal during the start stops it
  as cleanly, ``hold_stop_signals``), or the command's work done;
- 1: Discord refused the token, or cannot be reached;
- 2: a wrong setting or argument, a database ``ATOUT_DB`` names that cannot be opened or an
  address ``ATOUT_WEB_BIND`` names that cannot be listened on (both checked before Discord is
  asked anything), a backup that cannot be made or restored;
- 3: another bot is running on this database (``bot.storage.operations.instance_lock``), named in the line.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.process.logs import guard_streams

if TYPE_CHECKING:
    # asyncio (a fifth of a second to import on a busy machine) and the bot are imported once
    # the stop signals are held (``hold_stop_signals``), not before.
    import asyncio
    from types import FrameType

    from bot.app import AtoutBot
    from bot.process.health import HealthFile

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
ATOUT_IMAGE_PROCESSES, ATOUT_REVIEW_PROCESSES, ATOUT_DISCORD_RATE, ATOUT_HEALTH_FILE,
ATOUT_WEB_URL, ATOUT_WEB_BIND, ATOUT_WEB_SECRET, ATOUT_WEB_TRUSTED_PROXIES. See the README, "Running your own
Atout", and docs/running.md."""


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
    backup.add_argument(
        "--force", action="store_true", help="replace FILE if it is there (refused otherwise)"
    )
    restore = commands.add_parser(
        "restore",
        help="replace the SQLite database ATOUT_DB names with the backup FILE (bot stopped)",
    )
    restore.add_argument("file", metavar="FILE")
    commands.add_parser(
        "health",
        help="whether the running bot is well (ATOUT_HEALTH_FILE; Docker's HEALTHCHECK):"
        " exit 0 healthy, 1 not",
    )
    commands.add_parser(
        "web",
        help="serve the deals' web pages alone, from the database ATOUT_DB names (the bot"
        " serves them itself when ATOUT_WEB_URL is set)",
    )
    commands.add_parser(
        "web-link",
        help="print the address of the newest finished deal's web page, to check the pages"
        " behind your reverse proxy: exit 0 printed, 1 no deal to show yet",
    )
    return parser


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)

_stop_requested: list[str] = []
"""The stop signals that came while no event loop was there to act on them (``SIGTERM``…)."""


class StoppedBeforeStart(BaseException):
    """A stop signal while the bot was still importing and reading its settings: nothing is
    held yet (no lock, no database, no process), so the start is simply given up, exit 0.
    A ``BaseException``, as ``KeyboardInterrupt``: no library's ``except Exception`` keeps it."""


def _stop_at_once(signum: int, _frame: FrameType | None) -> None:
    raise StoppedBeforeStart(signal.Signals(signum).name)


def _note_stop(signum: int, _frame: FrameType | None) -> None:
    _stop_requested.append(signal.Signals(signum).name)


def hold_stop_signals(*, at_once: bool = False) -> None:
    """How SIGINT and SIGTERM stop the bot before the event loop's own handlers are in place
    (``stop_on_signals``) and after they are gone: a clean stop from the bot's first instant.

    ``at_once`` while ``python -m bot`` imports and reads its settings: the start is given up
    where it is (``StoppedBeforeStart``), which holds nothing to let go of yet. Otherwise, from
    the moment something is held (the lock, the storage, the worker processes), a signal is
    noted (``_stop_requested``) and acted on at the next step: before the lock, by the loop's
    handlers once they are there, and not at all while the worker processes end after the loop.
    Either way exit code 0, not a -15 or a ``KeyboardInterrupt``'s traceback out of an import."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, _stop_at_once if at_once else _note_stop)


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    if not words:
        hold_stop_signals(at_once=True)  # the bot itself, from its first instant
    guard_streams()  # no URL's password printed, whoever prints it (bot.process.logs)
    try:
        return command_or_bot(words)
    except StoppedBeforeStart:
        return EXIT_OK


def command_or_bot(words: list[str]) -> int:
    """An admin's command (Ctrl-C interrupts it as usual), or the bot."""
    parser = arguments()
    args, rest = parser.parse_known_args(words)
    if args.command == "migrate-db":
        return migrate_db(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command in ("backup", "restore"):
        return backup_or_restore(args.command, args.file, force=getattr(args, "force", False))
    if args.command == "web":
        return web()
    if args.command == "web-link":
        return web_link()
    if args.command == "health":
        from bot.process import health

        return health.main()
    hold_stop_signals(at_once=True)
    return run()


def web() -> int:
    """``python -m bot web``: the pages alone, until a signal stops them."""
    import asyncio

    from bot.config import load_settings
    from bot.process.logs import setup_logging
    from bot.storage.backends import StorageUnavailable
    from bot.web.alone import serve_alone
    from bot.web.server import WebUnavailable

    try:
        settings = load_settings()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    setup_logging()
    try:
        asyncio.run(serve_alone(settings.web, settings.db_path))
    except (StorageUnavailable, WebUnavailable) as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    except KeyboardInterrupt:
        pass
    return EXIT_OK


def web_link() -> int:
    """``python -m bot web-link``: the newest finished deal's address, or why there is none."""
    import asyncio

    from bot.config import load_settings
    from bot.storage.backends import StorageUnavailable
    from bot.web.newest import newest_link
    from bot.web.text import web_text

    try:
        settings = load_settings()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    if settings.web.url is None:
        print(web_text("web_cli_link_no_url"), file=sys.stderr)
        return EXIT_SETTING
    try:
        lines = asyncio.run(newest_link(settings.web, settings.db_path))
    except StorageUnavailable as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTING
    if lines is None:
        print(web_text("web_cli_link_none"))
        return 1
    print(lines)
    return EXIT_OK


def migrate_db(argv: list[str]) -> int:
    """``migrate-db``, with the source's lock held: never from a database a bot is writing."""
    import sqlite3

    from bot.storage.operations.instance_lock import InstanceRunning, lock_file
    from bot.storage.operations.migrate_db import main as migrate

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
        except (OSError, sqlite3.DatabaseError):
            pass  # the copy itself says what is wrong with --from
    try:
        return migrate(argv)
    finally:
        if lock is not None:
            lock.close()


def backup_or_restore(command: str, file: str, *, force: bool = False) -> int:
    import asyncio

    from bot.config import load_settings
    from bot.storage.databases.postgres import is_postgres_url
    from bot.storage.operations.backup import BackupError, backup, restore
    from bot.storage.operations.instance_lock import InstanceRunning

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
        if command == "backup":
            line = backup(db, file, force=force)
        else:
            line = asyncio.run(restore(file, db))
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
    import asyncio

    from bot.app import create_bot
    from bot.config import load_settings
    from bot.endpoint import ENV_VAR, point_at
    from bot.play import workers
    from bot.process import allocator, collector
    from bot.process.logs import setup_logging
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
    setup_logging()
    allocator.tune()
    collector.tune()
    bot = create_bot(settings)
    if sys.platform == "win32":
        # No loop signal handlers there: Ctrl-C is a KeyboardInterrupt, caught below.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    else:
        hold_stop_signals()  # from here on, a signal is noted and acted on at the next step
    try:
        return asyncio.run(serve(bot, settings.token))
    except KeyboardInterrupt:  # Ctrl-C where the platform has no loop signal handlers (Windows)
        return EXIT_OK
    finally:
        # After the loop (whose close gave the signals back to their defaults): the storage has
        # committed its last group; now the worker processes, a signal meanwhile noted only.
        hold_stop_signals()
        workers.shutdown()


async def serve(bot: AtoutBot, token: str) -> int:
    """Hold this database's instance lock, then run the bot until it is closed."""
    import asyncio

    import aiohttp
    import discord

    from bot.storage.backends import StorageUnavailable, storage_unavailable, unavailable
    from bot.storage.operations import instance_lock
    from bot.text.i18n import t
    from bot.web.server import WebUnavailable

    stop = stop_on_signals(bot)
    if stop.requested.is_set():
        return EXIT_OK  # a signal during the imports or the settings
    db = bot.settings.db_path
    try:
        lock = await instance_lock.acquire(db, bot.settings.shards)
    except instance_lock.InstanceRunning as exc:
        print(exc, file=sys.stderr)
        return EXIT_RUNNING
    except Exception as exc:
        if not unavailable(exc):
            raise
        print(storage_unavailable(db, exc, t), file=sys.stderr)
        return EXIT_SETTING
    bot.stop_grace_s = STOP_GRACE_S
    health = start_health(bot)
    try:
        async with bot:  # its exit closes the bot, unless a signal's close did
            if stop.requested.is_set():
                return EXIT_OK  # a signal while the lock was taken
            stop.login = asyncio.create_task(bot.login(token), name="atout-login")
            try:
                await stop.login
            except asyncio.CancelledError:
                if not stop.requested.is_set():
                    raise
                return EXIT_OK  # stopped during the login or the setup: closed on the way out
            if not stop.requested.is_set():
                await bot.connect()
            # The gateway closed: the close under way (a signal's) finishes its work first.
            if stop.closing is not None:
                await stop.closing
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
        if stop.requested.is_set():
            return EXIT_OK  # stopped while it was still connecting
        print(t("cli_no_network", reason=str(exc) or type(exc).__name__), file=sys.stderr)
        return EXIT_DISCORD
    except discord.HTTPException as exc:
        print(t("cli_discord_error", status=exc.status, reason=exc.text), file=sys.stderr)
        return EXIT_DISCORD
    finally:
        if health is not None:
            health.stop()
        await lock.release()
    return EXIT_OK


def start_health(bot: AtoutBot) -> HealthFile | None:
    """The health file ``ATOUT_HEALTH_FILE`` names, written from now on (the lock is held) until
    the stop (``bot.process.health``)."""
    from bot.process.health import HealthFile
    from bot.storage.databases.postgres import is_postgres_url
    from bot.storage.operations import instance_lock

    if bot.settings.health_file is None:
        return None
    db = bot.settings.db_path
    lock = None if is_postgres_url(db) or db == ":memory:" else instance_lock.lock_path(db)
    health = HealthFile(bot, Path(bot.settings.health_file), lock)
    health.start()
    return health


class Stop:
    """What a stop signal does depends on how far the start has gone: before the login, nothing
    but ``requested`` (``serve`` stops before the next step); during the login (the storage
    opening, Discord's login, ``setup_hook``), the login is cancelled, and ``serve`` closes the
    bot once it has stopped, never beside it; after, the bot's close, as a task of its own."""

    def __init__(self, bot: AtoutBot) -> None:
        import asyncio

        self.bot = bot
        self.requested = asyncio.Event()
        self.login: asyncio.Task[None] | None = None
        self.closing: asyncio.Task[None] | None = None

    def __call__(self, name: str) -> None:
        if self.requested.is_set():
            log.info("%s: already stopping", name)
            return
        self.requested.set()
        log.info("%s: stopping after the last commit", name)
        if self.login is None:
            return
        if not self.login.done():
            self.login.cancel()
            return
        loop = self.login.get_loop()
        self.closing = loop.create_task(self.bot.close(), name="atout-stop")


def stop_on_signals(bot: AtoutBot) -> Stop:
    """SIGINT (Ctrl-C) and SIGTERM (``docker stop``, ``systemctl stop``) close the bot: the
    gateway first, so that no new click comes in, then the storage, which commits the steps
    queued and waits for the commit under way (``bot.storage.tables.group_commit``). ``bot.connect``
    then returns, and ``run`` stops the worker processes. A signal that came before the loop was
    there (``hold_stop_signals``) is acted on at once."""
    import asyncio

    loop = asyncio.get_running_loop()
    stop = Stop(bot)
    for signum in STOP_SIGNALS:
        # Windows has no such handlers: there Ctrl-C raises KeyboardInterrupt, caught in run.
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop, signum.name)
    if _stop_requested:
        stop(_stop_requested[0])
    return stop


if __name__ == "__main__":
    sys.exit(main())
