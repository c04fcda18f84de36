"""The group commit of the steps of play: what makes it safe, not how fast it is.

- an acknowledged step is in the database after a crash at any point of the write path,
  including in the middle of a group and between COMMIT and telling the callers;
- a step is all or nothing (its action row and its snapshot together);
- steps of different tables written in one transaction never mix: one refused step leaves the
  others committed and its own table untouched;
- bookkeeping (the ping's message id) rides along and is never lost by a clean shutdown.

The crash and the failed COMMIT are SQLite's (its test hook, ``crash_point``); the rest runs on
both databases (``db_url``).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bot.storage.databases.sqlite as sqlite_storage
from bot.storage.backends import make_storage
from bot.storage.storage import Storage
from bot.storage.tables.interface import Snapshot, StaleAction
from bot.storage.tables.settings import TableSettings

ROOT = Path(__file__).resolve().parents[4]
TABLES = 3
STEPS = 12

# A process that writes the steps of several tables at once and prints each step once its
# ``append_action`` has returned (the moment a player would be told), then dies (os._exit, as a
# SIGKILL would) at the chosen call of the chosen point of the write path.
CHILD = """
import asyncio, os, sys
import bot.storage.databases.sqlite as st
from bot.storage.backends import make_storage
from bot.storage.tables.interface import Snapshot

path, point, when, steps = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
seen = 0

def crash(at):
    global seen
    if at == point:
        seen += 1
        if seen == when:
            os._exit(9)

async def main():
    store = make_storage(path)
    await store.open()
    ids = [int(x) for x in sys.argv[5:]]
    st.crash_point = crash

    async def play(table):
        for n in range(steps):
            await store.tables.append_action(
                table, n, 0, n % 4, {"type": "pass", "n": n}, Snapshot(1, n + 1, 1, {"n": n + 1})
            )
            print(table, n, flush=True)

    await asyncio.gather(*(play(t) for t in ids))
    await store.close()

asyncio.run(main())
"""


async def prepare(path: Path) -> list[int]:
    store = make_storage(str(path))
    await store.open()
    ids = []
    for _ in range(TABLES):
        row = await store.tables.create(1, 2, "coinche", 4, 10, {}, TableSettings())
        await store.tables.append_deal(row.id, 0, 0, ["AS"], Snapshot(1, 0, 1, {"n": 0}))
        ids.append(row.id)
    await store.close()
    return ids


def check_database(path: Path, acknowledged: set[tuple[int, int]], ids: list[int]) -> None:
    """Every acknowledged step is there; every table's log is a prefix 0..k-1 whose snapshot
    says k (a step is its action and its snapshot, together)."""
    db = sqlite3.connect(path)
    try:
        for table in ids:
            numbers = [
                r[0]
                for r in db.execute(
                    "SELECT action_no FROM actions WHERE table_id = ? ORDER BY action_no", (table,)
                )
            ]
            assert numbers == list(range(len(numbers))), (table, numbers)
            actions = [
                json.loads(r[0])
                for r in db.execute(
                    "SELECT action FROM actions WHERE table_id = ? ORDER BY action_no", (table,)
                )
            ]
            assert [a["n"] for a in actions] == numbers
            count, state = db.execute(
                "SELECT action_count, state FROM snapshots WHERE table_id = ?", (table,)
            ).fetchone()
            assert count == len(numbers) and json.loads(state) == {"n": len(numbers)}
            for t, n in acknowledged:
                if t == table:
                    assert n in numbers, f"table {table}: acknowledged step {n} is lost"
    finally:
        db.close()


@pytest.mark.parametrize(
    ("point", "when"),
    [
        ("begin", 1),
        ("begin", 4),
        ("step", 2),
        ("step", 7),
        ("bookkeeping", 3),
        ("commit", 1),
        ("commit", 5),
        ("committed", 2),
        ("committed", 6),
    ],
)
async def test_an_acknowledged_step_survives_a_crash_anywhere(
    tmp_path: Path, point: str, when: int
) -> None:
    path = tmp_path / "crash.sqlite3"
    ids = await prepare(path)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), point, str(when), str(STEPS), *map(str, ids)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 9, done.stderr
    acknowledged = {
        (int(t), int(n)) for t, n in (line.split() for line in done.stdout.splitlines())
    }
    check_database(path, acknowledged, ids)
    # The next process opens the database and goes on where each table stopped.
    store = make_storage(str(path))
    await store.open()
    for table in ids:
        snap = await store.tables.load_snapshot(table)
        assert snap is not None
        n = snap.action_count
        await store.tables.append_action(
            table, n, 0, 0, {"type": "pass", "n": n}, Snapshot(1, n + 1, 1, {"n": n + 1})
        )
    await store.close()
    check_database(path, acknowledged, ids)


@pytest.fixture
async def sqlite(tmp_path: Path):  # type: ignore[no-untyped-def]
    store = make_storage(str(tmp_path / "g.sqlite3"))
    await store.open()
    yield store
    await store.close()


async def new_table(store: Storage) -> int:
    row = await store.tables.create(1, 2, "coinche", 4, 10, {}, TableSettings())
    await store.tables.append_deal(row.id, 0, 0, ["AS"], Snapshot(1, 0, 1, {"n": 0}))
    return row.id


async def test_steps_of_concurrent_tables_share_commits(storage: Storage) -> None:
    ids = [await new_table(storage) for _ in range(4)]
    group = storage.group_commit
    commits, steps = group.commits, group.steps

    async def play(table: int) -> None:
        for n in range(10):
            await storage.tables.append_action(
                table, n, 0, 0, {"type": "pass", "n": n}, Snapshot(1, n + 1, 1, {"n": n + 1})
            )

    await asyncio.gather(*(play(t) for t in ids))
    assert group.steps - steps == 40
    assert group.commits - commits < 40  # grouped
    for table in ids:
        assert len((await storage.tables.load_log(table)).actions) == 10


async def test_a_refused_step_does_not_touch_the_others_of_its_group(storage: Storage) -> None:
    a, b, c = [await new_table(storage) for _ in range(3)]
    await storage.tables.append_action(
        a, 0, 0, 0, {"type": "pass", "n": 0}, Snapshot(1, 1, 1, {"n": 1})
    )
    # One group: a's step 0 again (somebody else took it), b's and c's first steps, and a step
    # of c for a deal that does not exist (refused by the foreign key).
    results = await asyncio.gather(
        storage.tables.append_action(
            a, 0, 0, 1, {"type": "pass", "n": 99}, Snapshot(1, 1, 1, {"n": 99})
        ),
        storage.tables.append_action(
            b, 0, 0, 0, {"type": "pass", "n": 0}, Snapshot(1, 1, 1, {"n": 1})
        ),
        storage.tables.append_action(
            c, 0, 0, 0, {"type": "pass", "n": 0}, Snapshot(1, 1, 1, {"n": 1})
        ),
        storage.tables.append_action(
            c, 1, 5, 0, {"type": "pass", "n": 1}, Snapshot(1, 2, 6, {"n": 2})
        ),
        return_exceptions=True,
    )
    assert isinstance(results[0], StaleAction)
    assert results[1] is None and results[2] is None
    assert isinstance(results[3], StaleAction)
    assert (await storage.tables.load_log(a)).actions == [(0, 0, {"type": "pass", "n": 0})]
    assert (await storage.tables.load_snapshot(a)) == Snapshot(1, 1, 1, {"n": 1})
    for table in (b, c):
        assert (await storage.tables.load_log(table)).actions == [(0, 0, {"type": "pass", "n": 0})]
        assert (await storage.tables.load_snapshot(table)) == Snapshot(1, 1, 1, {"n": 1})


async def test_a_failed_group_fails_every_step_and_commits_none(
    sqlite: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = sqlite
    a, b = await new_table(storage), await new_table(storage)

    def boom(at: str) -> None:
        if at == "commit":
            raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(sqlite_storage, "crash_point", boom)
    results = await asyncio.gather(
        storage.tables.append_action(a, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {})),
        storage.tables.append_action(b, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {})),
        return_exceptions=True,
    )
    assert all(isinstance(r, sqlite3.OperationalError) for r in results)
    monkeypatch.setattr(sqlite_storage, "crash_point", None)
    for table in (a, b):
        assert (await storage.tables.load_log(table)).actions == []
    # The connection is usable again: no transaction was left open.
    await storage.tables.append_action(a, 0, 0, 0, {"type": "pass"}, Snapshot(1, 1, 1, {}))
    assert len((await storage.tables.load_log(a)).actions) == 1


async def test_deferred_bookkeeping_is_written_and_read_back(db_url: str) -> None:
    store = make_storage(db_url)
    await store.open()
    table = await new_table(store)
    store.tables.defer_update(table, ping_message_id=1234)
    # Visible at once to readers of the row, on disk by the next commit or the shutdown.
    row = await store.tables.get(table)
    assert row is not None and row.ping_message_id == 1234
    with pytest.raises(ValueError):
        store.tables.defer_update(table, status="finished")
    await store.close()
    again = make_storage(db_url)
    await again.open()
    row = await again.tables.get(table)
    assert row is not None and row.ping_message_id == 1234
    await again.close()


async def test_synchronous_full_in_wal_mode(sqlite: Storage) -> None:
    """docs/storage.md: a committed step survives a power loss, not only a crash."""
    row = await sqlite.database.fetchrow("PRAGMA synchronous")
    assert row is not None and row[0] == 2  # FULL
