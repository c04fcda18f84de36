"""``python -m bot web`` and ``python -m bot web-link``: the pages' side of an admin's commands,
run without Discord on the database ``ATOUT_DB`` names."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from bot.storage.storage import Storage
from bot.text.i18n import t
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from bot.web.text import web_text


@contextlib.asynccontextmanager
async def opened(db: str) -> AsyncIterator[Storage]:
    """The database ``ATOUT_DB`` names, open for an admin's command (``python -m bot web``,
    ``web-link``); ``StorageUnavailable`` in one line when it cannot be."""
    from bot.storage.backends import make_storage, storage_unavailable, unavailable

    storage = make_storage(db)
    try:
        await storage.open()
    except Exception as exc:
        # Closed before the loop ends: a driver's thread left running would print a traceback
        # after the one line.
        with contextlib.suppress(Exception):
            await storage.close()
        if not unavailable(exc):
            raise
        raise storage_unavailable(db, exc, t) from exc
    try:
        yield storage
    finally:
        await storage.close()


async def serve_alone(settings: WebSettings, db: str) -> None:
    """``python -m bot web``: the pages alone, from the database ``ATOUT_DB`` names, until
    SIGINT or SIGTERM. The bot may run on the same database meanwhile (a cluster runs one such
    process on its shared PostgreSQL): this process only reads, besides storing the secret at
    a first start. Raises ``StorageUnavailable`` or ``WebUnavailable`` (one line each)."""
    import signal

    async with opened(db) as storage:
        server = WebServer(storage, settings, processes=1)
        try:
            await server.start()
            print(web_text("web_cli_serving", where=f"{settings.host}:{server.port}"), flush=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
            await stop.wait()
        finally:
            await server.stop()


__all__ = ["opened", "serve_alone"]
