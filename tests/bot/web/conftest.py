"""One database for the web pages' tests, filled once per session: a finished game of every
game, a reviewed deal, a game still in play, and two challenges (one open, one closed), each
with a member's deal. Each test opens it and serves it on a port of its own."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.backends import make_storage
from bot.storage.databases import sqlite
from bot.storage.storage import Storage
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from harness.pages import SECRET, URL, Filled, fill_pages


@pytest.fixture(scope="session")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Filled:
    path = str(tmp_path_factory.mktemp("web") / "pages.sqlite3")
    # Filled without a sync per commit (a crash here loses nothing of value): 1 s, not 8.
    synchronous, sqlite.SYNCHRONOUS = sqlite.SYNCHRONOUS, "OFF"
    try:
        return asyncio.run(fill_pages(path))
    finally:
        sqlite.SYNCHRONOUS = synchronous


@pytest.fixture
async def storage(filled: Filled, tmp_path: Path) -> AsyncIterator[Storage]:
    copy = tmp_path / "pages.sqlite3"
    copy.write_bytes(Path(filled.path).read_bytes())
    store = make_storage(str(copy))
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
async def server(storage: Storage) -> AsyncIterator[WebServer]:
    settings = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
    web = WebServer(storage, settings)
    await web.start()
    try:
        yield web
    finally:
        await web.stop()
