"""Every file the bot creates is 0600, whatever the umask (issue 42): the database holds the web
pages' link secret, and its ``-wal``, ``-shm``, every backup and the copy a restore keeps hold
the same. They used to be created 0644, readable by every user of the machine."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.process.health import HealthFile
from bot.storage.backends import make_storage
from bot.storage.operations.backup import backup, restore
from bot.storage.operations.instance_lock import lock_file, lock_path


def mode(path: Path | str) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(params=[0o022, 0o002, 0o000])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    """The admin's umask: the usual one, a shared group's, none at all."""
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


async def _write(db: Path) -> None:
    """A database as the bot leaves it while it runs: its secret written, WAL and SHM there."""
    storage = make_storage(str(db))
    await storage.open()
    try:
        await storage.instance.web_secret("s" * 40)
        for side in ("-wal", "-shm"):
            assert Path(str(db) + side).exists(), side
            assert mode(str(db) + side) == 0o600, side
    finally:
        await storage.close()


def test_the_database_and_its_side_files(tmp_path: Path, umask: int) -> None:
    db = tmp_path / "atout.sqlite3"
    asyncio.run(_write(db))
    assert mode(db) == 0o600


def test_a_database_an_older_version_left_readable_is_kept_to_its_owner(
    tmp_path: Path, umask: int
) -> None:
    db = tmp_path / "atout.sqlite3"
    asyncio.run(_write(db))
    wal = Path(str(db) + "-wal")
    wal.write_bytes(b"")
    for path in (db, wal):
        os.chmod(path, 0o644)
    asyncio.run(_write(db))
    assert mode(db) == 0o600


def test_backups_and_the_copy_a_restore_keeps(tmp_path: Path, umask: int) -> None:
    db = tmp_path / "atout.sqlite3"
    asyncio.run(_write(db))
    saved = tmp_path / "saved.sqlite3"
    backup(str(db), str(saved))
    assert mode(saved) == 0o600
    assert not list(tmp_path.glob("*.partial"))
    asyncio.run(restore(str(saved), str(db)))
    kept = tmp_path / "atout.sqlite3.before-restore"
    assert mode(kept) == 0o600 and mode(db) == 0o600
    # Restored where no database was.
    fresh = tmp_path / "fresh.sqlite3"
    asyncio.run(restore(str(saved), str(fresh)))
    assert mode(fresh) == 0o600


def test_the_lock_and_health_files(tmp_path: Path, umask: int) -> None:
    db = tmp_path / "atout.sqlite3"
    asyncio.run(_write(db))
    lock = lock_file(str(db), "test")
    try:
        assert mode(lock_path(str(db))) == 0o600
    finally:
        lock.close()
    bot: Any = type("Bot", (), {"ws": None, "is_closed": lambda self: True})()
    health = HealthFile(bot, tmp_path / "atout.health", None)
    health.write()
    assert mode(tmp_path / "atout.health") == 0o600
