"""``python -m bot health`` (``bot.process.health``): healthy only while the bot's process runs, holds its
lock, writes its health file and hears from Discord's gateway; one line that says which is not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.process.health import FRESH_S, GATEWAY_WITHIN_S, check, health_path

ROOT = Path(__file__).resolve().parents[2]
NOW = 1_800_000_000.0


def state(tmp_path: Path, **changes: object) -> Path:
    lock = tmp_path / "atout.sqlite3.lock"
    lock.write_text(f"process {os.getpid()} on here, since today\n")
    values: dict[str, object] = {
        "pid": os.getpid(),
        "written": NOW - 5,
        "gateway": NOW - 5,
        "lock": str(lock),
    }
    values.update(changes)
    path = tmp_path / "atout.health"
    path.write_text(json.dumps(values))
    return path


def dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout)


def test_a_running_bot_that_hears_the_gateway_is_healthy(tmp_path: Path) -> None:
    healthy, line = check(state(tmp_path), NOW)
    assert healthy and line == f"healthy: process {os.getpid()}, the gateway answered 5 s ago"
    assert check(state(tmp_path, lock=None), NOW)[0]  # PostgreSQL: an advisory lock


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"gateway": None}, "gateway has not answered since the start"),
        ({"gateway": NOW - GATEWAY_WITHIN_S - 60}, "gateway has not answered for 240 s"),
        ({"written": NOW - FRESH_S - 10}, "has not written its health for 100 s"),
        ({"lock": "/nonexistent/atout.sqlite3.lock"}, "does not hold the lock"),
        ({"pid": "dead"}, "is not running"),
        ({"pid": "not a number"}, "cannot read the health file"),
    ],
)
def test_each_fault_is_named(tmp_path: Path, changes: dict[str, object], says: str) -> None:
    if changes.get("pid") == "dead":
        changes = {"pid": dead_pid()}
    healthy, line = check(state(tmp_path, **changes), NOW)
    assert not healthy and line.startswith("unhealthy: ") and says in line, line


def test_no_file_is_no_bot(tmp_path: Path) -> None:
    healthy, line = check(tmp_path / "atout.health", time.time())
    assert not healthy and "the bot is not running, or starting" in line


def test_the_file_is_named_by_the_environment_or_dotenv(tmp_path: Path) -> None:
    assert health_path({"ATOUT_HEALTH_FILE": " /tmp/a.health "}) == Path("/tmp/a.health")
    (tmp_path / ".env").write_text("ATOUT_HEALTH_FILE=b.health  # here\n")
    assert health_path({}, str(tmp_path / ".env")) == Path("b.health")
    assert health_path({}, str(tmp_path / "missing")) is None


def test_the_command_without_a_file_to_read_says_so(tmp_path: Path) -> None:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ATOUT_"))}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "health"],
        cwd=tmp_path,
        env={**environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "ATOUT_HEALTH_FILE is not set" in done.stdout
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "bot", "health"],
        cwd=tmp_path,
        env={**environ, "PYTHONPATH": str(ROOT), "ATOUT_HEALTH_FILE": "x.health"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stdout.startswith("unhealthy: no health file x.health")
    # Docker runs it every minute: it imports neither discord.py nor a storage driver.
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert not {"discord", "asyncpg", "aiosqlite", "PIL"} & imported
