"""``python -m bot health``: whether the bot is well, for Docker's ``HEALTHCHECK`` (or any
monitor): exit 0 and ``healthy: …``, or exit 1 and one line that says what is wrong.

A process that merely exists is not a bot that works: it may be stuck, or cut off from Discord
and reconnecting for ever. So the running bot, when ``ATOUT_HEALTH_FILE`` names a file (the
Docker image sets ``/tmp/atout.health``), writes it every ``BEAT_S`` seconds from its event loop,
once it holds its instance lock (``bot.storage.operations.instance_lock``), and at once when the gateway
answers (READY, RESUMED), and removes it when it stops: its process id, when it wrote, when the
gateway last answered (ready, its websocket open: discord.py closes one whose heartbeats go
unanswered), and its lock file.
The check reads it: the process is alive, the lock file names it (SQLite), the file is fresh
(the event loop turns) and the gateway answered within ``GATEWAY_WITHIN_S``.

The check imports nothing of the bot's (no discord.py, no storage driver): Docker runs it every
minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import discord
    from discord.ext import commands

log = logging.getLogger(__name__)

HEALTH_ENV = "ATOUT_HEALTH_FILE"
BEAT_S = 20.0
"""How often the bot writes its health file."""
FRESH_S = 90.0
"""A health file older than this: the bot's event loop no longer turns (stuck), or it is gone."""
GATEWAY_WITHIN_S = 180.0
"""The gateway must have answered within these 3 minutes: past a reconnection's usual time."""

EXIT_HEALTHY = 0
EXIT_UNHEALTHY = 1
EXIT_NOT_SET = 2


def gateway_answers(bot: discord.Client) -> bool:
    """Whether the bot is connected to the gateway now: ready, and every websocket open (each
    shard's, for a sharded bot). discord.py closes a websocket whose heartbeats go unanswered
    (and reconnects), so an open one has been answered lately."""
    import discord

    if bot.is_closed() or not bot.is_ready():
        return False
    if isinstance(bot, discord.AutoShardedClient):
        return bool(bot.shards) and not any(shard.is_closed() for shard in bot.shards.values())
    return bot.ws is not None and bot.ws.open


class HealthFile:
    """The running bot's side: the file written every ``BEAT_S`` seconds, removed at the end."""

    def __init__(self, bot: commands.Bot, path: Path, lock: Path | None) -> None:
        self.bot = bot
        self.path = path
        self.lock = lock
        self.gateway: float | None = None
        self._task: asyncio.Task[None] | None = None
        self._warned = False

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._beat(), name="atout-health")
        # Written at once when the gateway answers (a first READY, a resumed session), not only
        # at the next beat: a container is healthy as soon as its bot is.
        self.bot.add_listener(self._answered, "on_ready")
        self.bot.add_listener(self._answered, "on_resumed")

    async def _answered(self) -> None:
        self.write()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        with contextlib.suppress(OSError):
            self.path.unlink()

    async def _beat(self) -> None:
        while True:
            self.write()
            await asyncio.sleep(BEAT_S)

    def write(self, now: float | None = None) -> None:
        now = time.time() if now is None else now
        if gateway_answers(self.bot):
            self.gateway = now
        state = {
            "pid": os.getpid(),
            "written": now,
            "gateway": self.gateway,
            "lock": None if self.lock is None else str(self.lock),
        }
        partial = self.path.with_name(self.path.name + ".partial")
        try:
            # Created 0600, as every file of the bot's (bot.storage.databases.private_files).
            handle = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.fchmod(handle, 0o600)  # whatever the umask, and an older file's mode
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(json.dumps(state))
            os.replace(partial, self.path)
        except OSError as exc:
            if not self._warned:  # once: a health file that cannot be written is no emergency
                log.warning("cannot write the health file %s (%s)", self.path, exc)
                self._warned = True


def health_path(environ: dict[str, str] | None = None, dotenv: str = ".env") -> Path | None:
    """``ATOUT_HEALTH_FILE`` from the environment, or from ``.env`` as ``bot.config`` reads it
    (without importing the bot's settings and all they import)."""
    value = (os.environ if environ is None else environ).get(HEALTH_ENV, "").strip()
    if not value and Path(dotenv).is_file():
        from dotenv import dotenv_values

        value = (dotenv_values(dotenv, interpolate=False).get(HEALTH_ENV) or "").strip()
    return Path(value) if value else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


def check(path: Path, now: float | None = None) -> tuple[bool, str]:
    """Healthy or not, and the line that says so."""
    now = time.time() if now is None else now
    try:
        state: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        pid, written, gateway = int(state["pid"]), float(state["written"]), state["gateway"]
        lock = state.get("lock")
    except FileNotFoundError:
        return False, f"unhealthy: no health file {path}: the bot is not running, or starting"
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return False, f"unhealthy: cannot read the health file {path} ({exc})"
    if not _alive(pid):
        return False, f"unhealthy: the bot (process {pid}) is not running"
    if lock is not None:
        try:
            holder = Path(lock).read_text(encoding="utf-8", errors="replace")
        except OSError:
            holder = ""
        if not holder.startswith(f"process {pid} "):
            return False, f"unhealthy: process {pid} does not hold the lock {lock}"
    if now - written > FRESH_S:
        return False, f"unhealthy: the bot has not written its health for {now - written:.0f} s"
    if gateway is None:
        return False, "unhealthy: Discord's gateway has not answered since the start"
    if now - float(gateway) > GATEWAY_WITHIN_S:
        silent = now - float(gateway)
        return False, f"unhealthy: Discord's gateway has not answered for {silent:.0f} s"
    return True, f"healthy: process {pid}, the gateway answered {now - float(gateway):.0f} s ago"


def main() -> int:
    path = health_path()
    if path is None:
        print(f"health: {HEALTH_ENV} is not set: the bot writes no health file", flush=True)
        return EXIT_NOT_SET
    healthy, line = check(path)
    print(line, flush=True)
    return EXIT_HEALTHY if healthy else EXIT_UNHEALTHY
