"""The storage every area's tests open: on SQLite and on PostgreSQL (``migrated_db_url`` is
parametrized), so each query is held to the same answers on both databases."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage.backends import make_storage
from bot.storage.storage import Storage


@pytest.fixture
async def storage(migrated_db_url: str) -> AsyncIterator[Storage]:
    store = make_storage(migrated_db_url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()
