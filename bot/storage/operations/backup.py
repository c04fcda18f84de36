"""``python -m bot backup FILE [--force]`` and ``python -m bot restore FILE``: a SQLite database copied
page by page through SQLite's own backup API, which the slim Docker image has without the
``sqlite3`` program.

A backup is taken while the bot runs: SQLite's backup sees one consistent state of the database
(its write-ahead log included), whatever the bot commits meanwhile, which a copy of the file
with ``cp`` would not. It is written beside its target first and renamed into place, so that a
backup interrupted halfway never replaces a good one.

A restore needs the bot stopped (the instance lock, ``bot.storage.operations.instance_lock``, says so when
it is not): the backup is checked first (a SQLite database, intact, with Atout's tables), the
database it replaces is kept as ``<database>.before-restore`` (``.before-restore.2``, ``.3``… when
an earlier restore's copy is there: a kept copy is never overwritten), and the backup's pages are
written into the database through the same API, write-ahead log and all. A backup of an older
version is brought to the current schema by the bot's next start, as any older database is.
PostgreSQL has its own tools (``pg_dump``, ``pg_restore``: docs/running.md).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from bot.storage.databases.private_files import create_private, private, private_database
from bot.storage.operations.instance_lock import ATOUT_TABLES, lock_file


class BackupError(Exception):
    """What is wrong with a backup or restore, in one line."""


def _open_existing(path: str | Path, what: str, frozen: bool = False) -> sqlite3.Connection:
    """A connection to an existing SQLite file (``sqlite3.connect`` would create a missing
    one), checked to be an intact database of Atout's. ``frozen``: a backup, which nobody
    writes, read as immutable (no lock, no side files), so that it may sit on a read-only
    mount (``docker run -v "$PWD":/backup:ro``)."""
    if not Path(path).is_file():
        raise BackupError(f"{what}: there is no file {str(path)!r}")
    mode = "mode=ro&immutable=1" if frozen else "mode=rw"
    try:
        connection = sqlite3.connect(f"{Path(path).absolute().as_uri()}?{mode}", uri=True)
        try:
            names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
            check = connection.execute("PRAGMA quick_check").fetchone()[0]
        except BaseException:
            connection.close()
            raise
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{what}: {str(path)!r} is not a SQLite database ({exc})") from exc
    if check != "ok":
        connection.close()
        raise BackupError(f"{what}: {str(path)!r} is damaged ({check})")
    if not names >= ATOUT_TABLES:
        connection.close()
        raise BackupError(f"{what}: {str(path)!r} is not an Atout database (no tables of games)")
    return connection


def _summary(connection: sqlite3.Connection) -> str:
    tables = connection.execute("SELECT count(*) FROM tables").fetchone()[0]
    actions = connection.execute("SELECT count(*) FROM actions").fetchone()[0]
    return f"{tables} tables, {actions} actions"


def backup(db: str, target: str, *, force: bool = False) -> str:
    """Copy the database ``db`` to ``target``; one line of what. A file already at ``target``
    (last night's backup, the copy a restore kept) is replaced only with ``force``."""
    if Path(target).absolute() == Path(db).absolute():
        raise BackupError("the backup must go to another file than the database itself")
    if not force and os.path.lexists(target):
        raise BackupError(
            f"there is a file {target!r} already: name another, or add --force to replace it"
        )
    source = _open_existing(db, "ATOUT_DB")
    partial = Path(target).with_name(Path(target).name + ".partial")
    try:
        try:
            create_private(partial)  # a backup holds the link secret too: 0600
            copy = sqlite3.connect(partial)
        except sqlite3.Error as exc:
            raise BackupError(f"cannot write {target!r} ({exc})") from exc
        try:
            source.backup(copy)
            # One self-contained file, without the database's write-ahead log mode: a backup
            # is copied around, and read where side files cannot be made.
            copy.execute("PRAGMA journal_mode=DELETE")
            what = _summary(copy)
        finally:
            copy.close()
        os.replace(partial, target)
    except OSError as exc:
        raise BackupError(f"cannot write {target!r} ({exc})") from exc
    finally:
        source.close()
        with contextlib.suppress(OSError):
            partial.unlink()
    size = Path(target).stat().st_size / 1024 / 1024
    return f"backed up {db} to {target}: {what}, {size:.1f} MB"


def _reserve_kept_copy(db: Path) -> Path:
    """A new, empty file beside ``db`` for the database a restore replaces: the first of
    ``<db>.before-restore``, ``.before-restore.2``, ``.3``… that is not there yet, created here
    (``x`` mode: never one that appeared meanwhile). Two restores in a row keep both databases
    they replaced: the second may be the mistake the first copy undoes."""
    base = db.with_name(db.name + ".before-restore")
    number = 1
    while True:
        candidate = base if number == 1 else base.with_name(f"{base.name}.{number}")
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            private(candidate)
        except FileExistsError:
            number += 1
            continue
        return candidate


async def restore(backup_file: str, db: str) -> str:
    """Replace the database ``db`` with ``backup_file``; refused while a bot uses ``db``."""
    if Path(backup_file).absolute() == Path(db).absolute():
        raise BackupError("the backup to restore is the database itself")
    source = _open_existing(backup_file, "the backup", frozen=True)
    try:
        if Path(db).exists():
            # Only an Atout database is replaced (and only beside one is a lock file left):
            # ``ATOUT_DB=/etc/passwd`` is a mistake to refuse, not a file to overwrite.
            _open_existing(db, "ATOUT_DB").close()
        lock = lock_file(db, f"python -m bot restore, process {os.getpid()}")
    except OSError as exc:
        source.close()
        raise BackupError(f"ATOUT_DB: cannot write beside {db!r} ({exc})") from exc
    except BaseException:
        source.close()
        raise
    try:
        kept = ""
        if Path(db).is_file():
            previous = _reserve_kept_copy(Path(db))
            current = sqlite3.connect(db)
            try:
                keep = sqlite3.connect(previous)
                try:
                    current.backup(keep)
                finally:
                    keep.close()
            finally:
                current.close()
            kept = f"; the database it replaced is kept as {previous}"
        private_database(db)
        target = sqlite3.connect(db)
        try:
            source.backup(target)
            what = _summary(target)
        finally:
            target.close()
    except (sqlite3.Error, OSError) as exc:
        raise BackupError(f"cannot restore into {db!r} ({exc})") from exc
    finally:
        source.close()
        await lock.release()
    return f"restored {db} from {backup_file}: {what}{kept}"
