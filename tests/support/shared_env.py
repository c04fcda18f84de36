"""One simcord world for a whole module, for tests that each read a scene that costs seconds to
play (a challenge's deals, a game played to a deal's end): the module plays it once.

The world is the conftest's ``env`` (a fresh bot on a copy of the migrated template, no computer
pause, the hard computers searching in threads as in the bot's other tests); the module's tests
run in its event loop (``pytest.mark.asyncio(loop_scope="module")``) and each checks, when it
ends, that the bot raised nothing meanwhile (``checked``). A test that restarts the bot, or needs
a game no other test has touched, keeps the conftest's own ``env``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import simcord

from bot.app import create_bot
from bot.config import Settings
from bot.play import workers


@asynccontextmanager
async def module_world(folder: Path, template: Path) -> AsyncIterator[simcord.Env]:
    """A started world on a copy of ``template`` in ``folder``; shut down on leaving."""
    from tests.conftest import migrated_sqlite

    db = migrated_sqlite(template, folder / "atout.sqlite3")
    bot = create_bot(Settings(token=None, db_path=db, ai_pause_s=0.0))
    world = simcord.Env(bot, settle_timeout=30.0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(workers, "SEARCH_LEVELS", frozenset())
        await world.start()
        try:
            yield world
        finally:
            await world.shutdown()
            await bot.storage.close()
    world.raise_errors()
