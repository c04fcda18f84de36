"""One bot per database (``bot.storage.operations.instance_lock``): the second is refused, naming the first;
on PostgreSQL, clusters of other shards share the database and the same shard twice does not."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.storage.backends import make_storage
from bot.storage.operations.instance_lock import InstanceRunning, acquire, lock_file
from bot.storage.shards import Shards

ROOT = Path(__file__).resolve().parents[4]


async def test_sqlite_a_second_holder_is_refused_until_the_first_lets_go(tmp_path: Path) -> None:
    db = str(tmp_path / "atout.sqlite3")
    first = await acquire(db)
    with pytest.raises(InstanceRunning, match=f"process {os.getpid()} on ") as refused:
        lock_file(db)
    assert str(tmp_path / "atout.sqlite3.lock") in str(refused.value)
    await first.release()
    again = await acquire(db)
    await again.release()


def test_sqlite_a_killed_holder_leaves_no_stale_lock(tmp_path: Path) -> None:
    """The kernel drops a flock when its process ends, however it ends."""
    db = str(tmp_path / "atout.sqlite3")
    script = (
        "import os, sys\n"
        "from bot.storage.operations.instance_lock import lock_file\n"
        "lock = lock_file(sys.argv[1])\n"
        "os.kill(os.getpid(), 9)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, db],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == -9
    assert (tmp_path / "atout.sqlite3.lock").read_text().startswith("process ")
    lock_file(db).close()


async def test_sqlite_a_folder_that_is_not_there_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no such directory"):
        await acquire(str(tmp_path / "missing" / "atout.sqlite3"))


@pytest.mark.parametrize("kind", ["text", "another application's SQLite", "folder"])
def test_sqlite_no_lock_beside_a_file_that_is_not_atouts(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "passwd"
    if kind == "text":
        db.write_text("root:x:0:0:root:/root:/bin/bash\n" * 20)
    elif kind == "folder":
        db.mkdir()
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE moz_places (url TEXT)")
        connection.close()
    with pytest.raises(sqlite3.DatabaseError):
        lock_file(str(db))
    assert [path.name for path in tmp_path.iterdir()] == ["passwd"]


@pytest.mark.parametrize("kind", ["new", "empty file", "Atout's"])
async def test_sqlite_a_new_or_atout_database_is_locked(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "atout.sqlite3"
    if kind == "empty file":
        db.touch()
    elif kind == "Atout's":
        storage = make_storage(str(db))
        await storage.open()
        await storage.close()
    lock_file(str(db)).close()
    assert (tmp_path / "atout.sqlite3.lock").exists()


async def test_postgresql_locks_per_shard(pg_server: Any) -> None:
    url = await pg_server.new_database()
    shard_0 = await acquire(url, Shards(2, (0,)))
    try:
        shard_1 = await acquire(url, Shards(2, (1,)))  # another cluster of the same bot
        with pytest.raises(InstanceRunning, match=r"for shard 1 .*atout process") as refused:
            await acquire(url, Shards(2, (1,)))
        assert "stop it first" in str(refused.value)
        with pytest.raises(InstanceRunning, match="the whole database"):
            await acquire(url)  # one process for every shard, beside the clusters
        await shard_1.release()
        with pytest.raises(InstanceRunning, match="the whole database"):
            await acquire(url)
    finally:
        await shard_0.release()
    alone = await acquire(url)
    try:
        with pytest.raises(InstanceRunning, match="the whole database"):
            await acquire(url, Shards(2, (0,)))
    finally:
        await alone.release()
    # Another database of the same server is another bot's: free while this one is held.
    held = await acquire(url)
    other = await acquire(await pg_server.new_database())
    await other.release()
    await held.release()
