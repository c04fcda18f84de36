"""``python -m bot restore`` never loses a database: each restore keeps the one it replaces
under a name of its own, and a file that is not Atout's is refused untouched, with no lock file
left beside it. What the bot writes beside its database stays out of git."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage.backends import make_storage
from bot.storage.operations.backup import BackupError, backup, restore
from bot.storage.operations.instance_lock import lock_file
from bot.storage.tables.settings import TableSettings

ROOT = Path(__file__).resolve().parents[4]


async def database_with(path: Path, *games: str) -> None:
    storage = make_storage(str(path))
    await storage.open()
    try:
        for game in games:
            await storage.tables.create(1, 2, game, 4, 3, {}, TableSettings())
    finally:
        await storage.close()


def games(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [row[0] for row in connection.execute("SELECT game FROM tables ORDER BY id")]


async def test_two_restores_in_a_row_keep_both_databases_they_replaced(tmp_path: Path) -> None:
    db, saved = tmp_path / "atout.sqlite3", tmp_path / "saved.sqlite3"
    await database_with(db, "coinche")
    backup(str(db), str(saved))
    await database_with(db, "sueca")  # played after the backup

    first = await restore(str(saved), str(db))
    await database_with(db, "belote")  # played after the first restore
    second = await restore(str(saved), str(db))

    kept_first = tmp_path / "atout.sqlite3.before-restore"
    kept_second = tmp_path / "atout.sqlite3.before-restore.2"
    assert first.endswith(f"kept as {kept_first}")
    assert second.endswith(f"kept as {kept_second}")
    assert games(kept_first) == ["coinche", "sueca"]
    assert games(kept_second) == ["coinche", "belote"]
    assert games(db) == ["coinche"]
    third = await restore(str(saved), str(db))
    assert third.endswith(".before-restore.3") and games(kept_first) == ["coinche", "sueca"]


@pytest.mark.parametrize("content", [b"root:x:0:0:root:/root:/bin/bash\n" * 20, b""])
async def test_a_restore_over_a_file_that_is_not_atouts_changes_nothing(
    tmp_path: Path, content: bytes
) -> None:
    db, saved = tmp_path / "passwd", tmp_path / "saved.sqlite3"
    await database_with(saved, "coinche")
    db.write_bytes(content)
    with pytest.raises(BackupError, match=r"ATOUT_DB: .* is not a"):
        await restore(str(saved), str(db))
    assert db.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["passwd", "saved.sqlite3"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git check-ignore")
async def test_git_ignores_every_file_the_bot_writes_beside_its_database(tmp_path: Path) -> None:
    """Made as the bot makes them (a database, a lock, a backup, two restores), then named
    relative to the repository, where an admin's clone keeps them."""
    db, saved = tmp_path / "atout.sqlite3", tmp_path / "saved.sqlite3"
    await database_with(db, "coinche")
    lock_file(str(db)).close()
    backup(str(db), str(saved))
    await restore(str(saved), str(db))
    await restore(str(saved), str(db))
    (tmp_path / "atout.sqlite3-wal").touch()  # while the bot runs: SQLite's side files
    (tmp_path / "atout.sqlite3-shm").touch()
    (tmp_path / "saved.sqlite3.partial").touch()  # a backup being written
    (tmp_path / "atout.health").touch()  # ATOUT_HEALTH_FILE=atout.health
    written = sorted(path.name for path in tmp_path.iterdir())
    assert "atout.sqlite3.lock" in written and "atout.sqlite3.before-restore.2" in written
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", "--verbose", "--non-matching", *written],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    not_ignored = [line for line in done.stdout.splitlines() if line.startswith("::")]
    assert not not_ignored, done.stdout


async def test_a_backup_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    """``backup FILE`` used to overwrite FILE silently, a copy a restore kept included."""
    db, saved = tmp_path / "atout.sqlite3", tmp_path / "saved.sqlite3"
    await database_with(db, "coinche")
    backup(str(db), str(saved))
    await restore(str(saved), str(db))
    kept = tmp_path / "atout.sqlite3.before-restore"
    await database_with(db, "sueca")
    for there in (saved, kept):
        before = there.read_bytes()
        with pytest.raises(BackupError, match=r"already: name another, or add --force"):
            backup(str(db), str(there))
        assert there.read_bytes() == before
    backup(str(db), str(saved), force=True)
    assert games(saved) == ["coinche", "sueca"]


def test_the_command_refuses_an_existing_file_and_takes_force(tmp_path: Path) -> None:
    db, saved = tmp_path / "atout.sqlite3", tmp_path / "saved.sqlite3"
    asyncio.run(database_with(db, "coinche"))
    saved.write_bytes(b"last night")
    env = {"ATOUT_DB": str(db), "PATH": "/usr/bin:/bin"}
    refused = subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(saved)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert refused.returncode == 2 and saved.read_bytes() == b"last night"
    assert refused.stderr.startswith("backup: there is a file") and "--force" in refused.stderr
    forced = subprocess.run(
        [sys.executable, "-m", "bot", "backup", str(saved), "--force"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert forced.returncode == 0 and games(saved) == ["coinche"]
