"""docs/running.md's SQLite backup and restore, run as written: the commands are taken from the
guide itself (its ``.venv/bin/python`` is this interpreter), in a folder laid out as the guide's
(``app`` with the database, ``backups`` beside it)."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage.backends import make_storage
from bot.storage.operations.instance_lock import lock_file
from bot.storage.tables.settings import TableSettings

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "running.md"


def documented(prefix: str) -> str:
    """The one command line of the guide's code blocks that starts with ``prefix``."""
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    lines = {line for block in blocks for line in block.splitlines() if line.startswith(prefix)}
    assert len(lines) == 1, f"docs/running.md: {prefix!r} … {sorted(lines)}"
    return lines.pop()


def run(command: str, app: Path) -> subprocess.CompletedProcess[str]:
    """``command`` as the admin types it in ``app`` (bash expands ``$(date +%F)``)."""
    python = command.replace(".venv/bin/python", sys.executable, 1)
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("ATOUT_", "DISCORD_"))}
    environ["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        ["bash", "-c", python], cwd=app, env=environ, capture_output=True, text=True, timeout=120
    )


def tables(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [row[0] for row in connection.execute("SELECT game FROM tables ORDER BY id")]


async def open_table(db: Path, game: str) -> None:
    storage = make_storage(str(db))
    await storage.open()
    try:
        await storage.tables.create(1, 2, game, 4, 3, {}, TableSettings())
    finally:
        await storage.close()


@pytest.mark.skipif(sys.platform == "win32", reason="the guide's commands are for a POSIX shell")
def test_the_documented_backup_and_restore(tmp_path: Path) -> None:
    app, backups = tmp_path / "app", tmp_path / "backups"
    app.mkdir()
    backups.mkdir()
    db = app / "atout.sqlite3"  # the default ATOUT_DB, in the working directory
    asyncio.run(open_table(db, "coinche"))

    backup = run(documented(".venv/bin/python -m bot backup "), app)
    assert backup.returncode == 0, backup.stderr
    made = list(backups.glob("atout-*.sqlite3"))
    assert len(made) == 1 and re.fullmatch(r"atout-\d{4}-\d\d-\d\d\.sqlite3", made[0].name)
    assert tables(made[0]) == ["coinche"]
    assert "backed up atout.sqlite3" in backup.stdout and "1 tables" in backup.stdout

    asyncio.run(open_table(db, "sueca"))  # played after the backup
    restore_line = documented(".venv/bin/python -m bot restore ")
    named = re.search(r"\.\./backups/(\S+)", restore_line)
    assert named is not None
    made[0].rename(backups / named.group(1))  # the guide's example date

    holder = lock_file(str(db), "the bot, still running")
    try:
        refused = run(restore_line, app)
    finally:
        holder.close()
    assert refused.returncode == 3, refused.stderr
    assert refused.stderr.count("\n") == 1 and "the bot, still running" in refused.stderr
    assert tables(db) == ["coinche", "sueca"]

    restored = run(restore_line, app)
    assert restored.returncode == 0, restored.stderr
    assert tables(db) == ["coinche"]
    assert tables(app / "atout.sqlite3.before-restore") == ["coinche", "sueca"]


def test_a_backup_of_nothing_and_a_restore_of_a_stranger_are_one_line_each(
    tmp_path: Path,
) -> None:
    missing = run(".venv/bin/python -m bot backup copy.sqlite3", tmp_path)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    assert "ATOUT_DB: there is no file 'atout.sqlite3'" in missing.stderr
    (tmp_path / "notes.txt").write_text("not a database\n" * 50)
    stranger = run(".venv/bin/python -m bot restore notes.txt", tmp_path)
    assert stranger.returncode == 2 and stranger.stderr.count("\n") == 1
    assert "is not a SQLite database" in stranger.stderr
    assert not (tmp_path / "atout.sqlite3").exists()
