"""A throwaway PostgreSQL server for one test session: ``initdb`` in a temporary directory,
``pg_ctl start`` on 127.0.0.1 with a free port, and a fresh database per test.

The binaries are Debian's (``/usr/lib/postgresql/<version>/bin``) or whatever ``initdb`` is on
the PATH. ``initdb`` refuses to run as root, so as root the server runs as the ``postgres`` user
(which Debian's package creates) through ``runuser``. In CI (``CI`` set) a missing PostgreSQL is
an error, never a silent skip: ``.ci/run`` installs it first.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


class NoPostgres(Exception):
    """No PostgreSQL binaries on this machine."""


def find_bin() -> Path:
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(on_path)
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return Path(candidate).parent
    raise NoPostgres("PostgreSQL binaries (initdb, pg_ctl) not found")


def _memory_dir(durable: bool) -> str | None:
    """Where a test server keeps its files: in memory (``/dev/shm``) when there is room, since
    every test's database is a 7.5 MB copy of ``template0`` (on a disk under load that copy took
    250 ms and the run's ~60 copies took 4-8 s to delete at the end; in memory 30 ms). A
    durable server, for the benchmarks' real commit cost, stays on the disk."""
    shm = "/dev/shm"
    if durable or not os.path.isdir(shm) or not os.access(shm, os.W_OK | os.X_OK):
        return None
    return shm if shutil.disk_usage(shm).free > 2 * 1024**3 else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    """One server; ``url(name)`` is a connection URL for database ``name``."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        """Benchmarks want PostgreSQL's real commit cost (fsync); tests do not."""
        self.bin = find_bin()
        self.root = Path(tempfile.mkdtemp(prefix="atout-pg-", dir=_memory_dir(durable)))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "atout"
        self._as_postgres = os.geteuid() == 0
        self._databases = 0
        self._template: str | None = None

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        if self._as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(
            "initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8",
            "--no-sync",
        )  # fmt: skip
        # fsync off: a test server's data need not survive a power cut, and it saves seconds.
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1"
        options += " -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w",
            "start",
        )  # fmt: skip

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    async def new_database(self, *, migrated: bool = False) -> str:
        """A fresh, empty database (one per test keeps tests independent); ``migrated``, one
        whose schema has every migration run already (a copy of a database migrated once)."""
        import asyncpg

        template = await self._migrated() if migrated else "template0"
        self._databases += 1
        name = f"t{os.getpid()}_{self._databases}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        finally:
            await conn.close()
        return self.url(name)

    async def _migrated(self) -> str:
        """The template of ``new_database(migrated=True)``, made the first time it is asked."""
        if self._template is None:
            from bot.storage.backends import make_storage

            url = await self.new_database()
            storage = make_storage(url)
            await storage.open()
            await storage.close()
            self._template = url.rsplit("/", 1)[1]
        return self._template

    async def drop_database(self, url: str) -> None:
        """Drop a database of :meth:`new_database` once its test is over, so that a run holds
        one database per running test rather than one per test (they are in memory)."""
        import asyncpg

        name = url.rsplit("/", 1)[1]
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()
