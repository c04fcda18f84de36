"""One bot per database: a second ``python -m bot`` on a database in use refuses to start.

Two bots on one database would both restore the same tables, answer the same clicks, time the
same turns and ping the same players; the log's unique action numbers would keep the games
right, but every table would stutter. So ``python -m bot`` holds a lock for as long as it runs,
and a second one names the first in one line and exits (code 3, ``bot.__main__``):

- SQLite: an exclusive ``flock`` on ``<database>.lock``, beside the database (``msvcrt`` on
  Windows), taken only once the database is known to be Atout's, or new
  (:func:`check_sqlite_database`): ``ATOUT_DB=/etc/passwd`` is refused without a
  ``/etc/passwd.lock`` left behind. The kernel drops
  it when the process ends, however it ends (SIGKILL, a crash): a stale file never blocks a
  start. The file says who holds it (process id, host, since when) for the refusal. Two
  containers on one volume of one host see each other's lock as well.
- PostgreSQL: session advisory locks, on a connection of their own held while the bot runs,
  one per shard id of this cluster (``ATOUT_SHARDS``): clusters with other shards of the same
  database start, a second cluster for the same shard does not. A bot without shards (it serves
  them all) takes the database-wide key alone; clusters take it shared, so that neither starts
  beside the other. The lock connection's ``application_name`` names its holder.

The same lock keeps ``python -m bot restore`` and ``migrate-db`` off a database a bot is using.
"""

from __future__ import annotations

import abc
import contextlib
import datetime
import errno
import logging
import os
import socket
import sqlite3
import sys
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.databases.postgres import is_postgres_url
from bot.storage.databases.private_files import open_private
from bot.storage.shards import Shards

log = logging.getLogger(__name__)

ATOUT_KEY = 0x41544F55
"""The first half of every advisory lock key of Atout (``ATOU``), so as not to meet another
application's locks in a shared database."""
WHOLE_DATABASE = 0x7FFFFFFF
"""The second half for the database-wide key (shard ids are far below it)."""


class InstanceRunning(Exception):
    """Another bot uses this database: the message names it, in one line."""


def holder_text(shards: Shards | None = None) -> str:
    """Who this process is, for a refusal it may cause: process id, host, start time."""
    since = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M:%S %z")
    serving = "" if shards is None else f", shards {','.join(map(str, shards.ids))}"
    return f"process {os.getpid()} on {socket.gethostname()}{serving}, since {since}"


class InstanceLock(abc.ABC):
    """Held while the bot runs; :meth:`release` at the end (the process's end releases it too)."""

    @abc.abstractmethod
    async def release(self) -> None:
        """Let the next instance in (a lock file unlocked, an advisory lock given back)."""


class FileLock(InstanceLock):
    def __init__(self, path: Path, handle: Any) -> None:  # an open binary file
        self.path = path
        self._handle = handle

    async def release(self) -> None:
        self.close()

    def close(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                self._handle.truncate(0)
            self._handle.close()  # closing the file drops its flock
            self._handle = None


def lock_path(db: str) -> Path:
    return Path(db).expanduser().absolute().with_name(Path(db).name + ".lock")


def _try_lock(handle: Any) -> bool:  # an open binary file
    """An exclusive lock on ``handle``'s file, without waiting: False if another holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # BlockingIOError (flock), PermissionError (msvcrt)
        return False
    return True


ATOUT_TABLES = frozenset({"tables", "actions"})
"""Tables every Atout database has had since its first version (``001_initial.sql``)."""


class NotAtoutDatabase(sqlite3.DatabaseError):
    """A SQLite database of another application: Atout neither locks nor migrates it.
    A ``sqlite3.DatabaseError``, so that ``python -m bot`` names it as any database it cannot
    open (``bot.storage.backends.unavailable``)."""


def check_sqlite_database(db: str) -> None:
    """Nothing if ``db`` is Atout's SQLite database, or not there yet (or an empty file): a new
    one. ``sqlite3.DatabaseError`` otherwise: not a database at all (``file is not a
    database``), or another application's (:class:`NotAtoutDatabase`). Read as immutable: no
    lock, no side file, nothing written beside a file that may be anything."""
    path = Path(db).expanduser()
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        return
    if not path.is_file():
        raise sqlite3.DatabaseError(f"{db} is not a file")
    try:
        connection = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as exc:
        raise sqlite3.DatabaseError(f"{exc}") from exc
    try:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        names = {row[0] for row in rows}
    finally:
        connection.close()
    if names and not names >= ATOUT_TABLES:
        raise NotAtoutDatabase(
            "a SQLite database of another application, without Atout's tables: Atout keeps"
            " a database of its own"
        )


def lock_file(db: str, what: str = "") -> FileLock:
    """The lock beside the SQLite database ``db``. ``OSError`` when its folder cannot be
    written (a wrong ``ATOUT_DB``); ``sqlite3.DatabaseError`` when ``db`` is not Atout's
    (:func:`check_sqlite_database`, before any lock file is made); :class:`InstanceRunning`
    when another process holds it."""
    path = lock_path(db)
    if not path.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "no such directory", str(path.parent))
    check_sqlite_database(db)
    # Held open for as long as the bot runs; the bot's own file, as its database (0600).
    handle = os.fdopen(open_private(path, os.O_RDWR | os.O_APPEND), "a+b")
    if not _try_lock(handle):
        try:
            handle.seek(0)
            holder = handle.read().decode("utf-8", "replace").strip() or "another process"
        except OSError:  # Windows: the holder's locked byte cannot be read
            holder = "another process"
        handle.close()
        raise InstanceRunning(
            f"Another Atout is running on {db} ({holder}): stop it first (lock: {path})"
        ) from None
    handle.seek(0)
    handle.truncate(0)
    handle.write((what or holder_text()).encode() + b"\n")
    handle.flush()
    return FileLock(path, handle)


class NoLock(InstanceLock):
    """An in-memory database: nobody else can open it."""

    async def release(self) -> None:
        return None


def _lost(_connection: Any) -> None:
    log.warning(
        "the connection holding this bot's instance lock was lost: a second bot on this"
        " database would no longer be refused"
    )


class AdvisoryLock(InstanceLock):
    def __init__(self, connection: Any) -> None:  # asyncpg.Connection
        self._connection = connection
        connection.add_termination_listener(_lost)

    async def release(self) -> None:
        if self._connection is not None and not self._connection.is_closed():
            self._connection.remove_termination_listener(_lost)
            await self._connection.close()  # a session's advisory locks end with it
        self._connection = None


def _keys(shards: Shards | None) -> list[tuple[int, bool]]:
    """(second key, shared?) of every advisory lock this bot holds."""
    if shards is None:
        return [(WHOLE_DATABASE, False)]
    return [(WHOLE_DATABASE, True), *((shard, False) for shard in shards.ids)]


async def advisory_lock(url: str, shards: Shards | None) -> AdvisoryLock:
    """The advisory locks of ``shards`` on the database ``url``. asyncpg's errors when the
    database cannot be reached; :class:`InstanceRunning` when another bot holds one."""
    name = f"atout {holder_text(shards)}"[:63]  # PostgreSQL keeps 63 bytes of it
    connection = await asyncpg.connect(url, server_settings={"application_name": name})
    try:
        for key, shared in _keys(shards):
            take = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
            if not await connection.fetchval(f"SELECT {take}($1::int, $2::int)", ATOUT_KEY, key):
                holders = await connection.fetch(
                    "SELECT DISTINCT a.application_name, a.client_addr::text AS addr"
                    " FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                    " WHERE l.locktype = 'advisory' AND l.granted AND l.database = ("
                    "   SELECT oid FROM pg_database WHERE datname = current_database())"
                    " AND l.classid = $1::int::oid AND l.objid = $2::int::oid"
                    " AND l.pid <> pg_backend_pid()",
                    ATOUT_KEY,
                    key,
                )
                who = "; ".join(
                    f"{row['application_name'] or 'a session'}"
                    + (f" from {row['addr']}" if row["addr"] else "")
                    for row in holders
                )
                what = "the whole database" if key == WHOLE_DATABASE else f"shard {key}"
                raise InstanceRunning(
                    f"Another Atout is running on this database for {what} ({who or 'unknown'}):"
                    " stop it first, or give this cluster other ATOUT_SHARDS"
                )
    except BaseException:
        await connection.close()
        raise
    return AdvisoryLock(connection)


async def acquire(db: str, shards: Shards | None = None) -> InstanceLock:
    """This bot's lock on the database ``ATOUT_DB`` names (see the module's docstring)."""
    if is_postgres_url(db):
        return await advisory_lock(db, shards)
    if db == ":memory:":
        return NoLock()
    return lock_file(db, holder_text(shards))
