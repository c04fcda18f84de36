"""Run in a drawing process by the tests: which of the bot's heavy modules it has loaded. This
module imports nothing but ``sys``, so that unpickling it loads nothing on its own."""

from __future__ import annotations

import os
import sys

HEAVY = ("discord", "aiohttp", "aiosqlite", "asyncpg", "bot.app", "bot.table", "bot.ui", "cogs")


def heavy_modules() -> tuple[int, list[str]]:
    """This process's id, and the heavy modules loaded in it."""
    loaded = [m for m in sys.modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    return os.getpid(), sorted(loaded)


def renderer_loaded() -> bool:
    return "rendering" in sys.modules
