"""The files the bot writes are its own: mode 0600, whatever the umask.

Here, beside the databases, because the database files are the ones that matter most (the
health file, ``bot.process.health``, is made 0600 the same way in its own three lines).

The database holds the web pages' link secret (``bot.web.links``) and every player's games; its
``-wal`` and ``-shm`` hold the same pages, a backup all of it. Created 0644 (SQLite's default
under the usual umask), every user of the machine could read them, and with the secret sign a
link to any deal. So the bot creates each file 0600 (SQLite then gives a database's ``-wal``,
``-shm`` and ``-journal`` its database's mode), and takes group and other's access away from
one that an earlier version created (docs/running.md, Backups).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import Final

PRIVATE: Final = 0o600
SIDE_FILES: Final = ("-wal", "-shm", "-journal")
"""SQLite's files beside a database."""


def create_private(path: str | Path) -> None:
    """``path`` created empty with mode 0600 if it is not there yet; kept to its owner if it
    is (``private``)."""
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
    except FileExistsError:
        private(path)
        return
    try:
        os.fchmod(handle, PRIVATE)  # the umask may have taken the owner's bits too
    finally:
        os.close(handle)


def open_private(path: str | Path, flags: int) -> int:
    """``os.open`` of a file created 0600 if new, kept to its owner if not."""
    handle = os.open(path, flags | os.O_CREAT, PRIVATE)
    try:
        mode = stat.S_IMODE(os.fstat(handle).st_mode)
        if mode & 0o077:
            os.fchmod(handle, mode & 0o700)
    except BaseException:
        os.close(handle)
        raise
    return handle


def private(path: str | Path) -> None:
    """The group's and others' access to ``path`` taken away, if it has any (quietly: a file
    the bot does not own keeps its mode, and the bot says nothing of it)."""
    with contextlib.suppress(OSError):
        mode = stat.S_IMODE(os.stat(path).st_mode)
        if mode & 0o077:
            os.chmod(path, mode & 0o700)


def private_database(path: str) -> None:
    """A SQLite database about to be opened: created 0600 if new, and with its side files kept
    to its owner if older versions left them readable. ``:memory:`` and ``file:`` URIs are
    left to SQLite."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    if not Path(path).parent.is_dir():
        return  # SQLite says what is wrong, in its words
    create_private(path)
    for side in SIDE_FILES:
        if Path(path + side).exists():
            private(path + side)


__all__ = ["create_private", "open_private", "private", "private_database"]
