"""The schema's migrations: numbered SQL files, one folder per backend, and the one runner.

``migrations_sqlite/NNN_name.sql`` and ``migrations_postgresql/NNN_name.sql`` carry the same
numbers, each in its dialect. A backend knows how to read its version and how to apply one file
inside a transaction (with the Python step of ``after_migration``, and the new version written
in that same transaction, so a half-applied migration never exists); which files run, in which
order, is decided here once for both.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
SQLITE = HERE / "migrations_sqlite"
POSTGRESQL = HERE / "migrations_postgresql"


@dataclass(frozen=True)
class Migration:
    number: int
    path: Path

    @property
    def script(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def statements(self) -> list[str]:
        """The file's statements one by one (for a driver that runs one at a time): comment
        lines dropped, split at semicolons (the files put none inside a literal)."""
        lines = [line for line in self.script.splitlines() if not line.strip().startswith("--")]
        return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


def migrations(folder: Path) -> list[Migration]:
    """The migrations of ``folder``, by number."""
    found = []
    for path in folder.glob("*.sql"):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append(Migration(int(match.group(1)), path))
    return sorted(found, key=lambda m: m.number)


async def run_migrations(
    folder: Path, current: int, apply: Callable[[Migration], Awaitable[None]]
) -> int:
    """Apply, in order, every migration of ``folder`` newer than ``current``; the version
    reached."""
    for migration in migrations(folder):
        if migration.number > current:
            await apply(migration)
            current = migration.number
    return current
