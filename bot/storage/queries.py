"""The query helpers and the one transaction of the SQL both backends share.

The ratings, results and standings are written once, in SQLite's SQL, over an aiosqlite-shaped
connection (``db``): SQLite runs them as they are, PostgreSQL through ``postgres_shim``, which
rewrites each statement. Everything that runs several statements as one unit goes through
``transaction()``, so that a failure is handled in one place: a failed COMMIT may already have
ended the transaction, and a ROLLBACK that then fails must never replace the error that says
what went wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    import aiosqlite

log = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Coroutine[Any, Any, Any]])


def serialized(method: F) -> F:
    """One call at a time on the shared connection. Every table of every guild writes through
    one connection, and a transaction spans several awaits: without this, the statements of
    another table would run inside it (and be rolled back with it), or its BEGIN would fail
    with "cannot start a transaction within a transaction"."""

    @functools.wraps(method)
    async def wrapper(self: Queries, *args: Any, **kwargs: Any) -> Any:
        async with self._lock:
            return await method(self, *args, **kwargs)

    return cast(F, wrapper)


class Queries(ABC):
    _lock: asyncio.Lock

    if TYPE_CHECKING:

        @property
        def db(self) -> aiosqlite.Connection: ...

    @abstractmethod
    async def _exec(self, sql: str, args: tuple[Any, ...] = ()) -> int | None:
        """Run one statement and close its cursor at once (an open cursor blocks COMMIT)."""

    @abstractmethod
    def _in_transaction(self) -> bool:
        """Whether the shared connection has a transaction open."""

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        async with self.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _one(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        async with self.db.execute(sql, args) as cur:
            row: sqlite3.Row | None = await cur.fetchone()
        return row

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """BEGIN, the caller's statements, COMMIT; on any error, ROLLBACK what is still open and
        raise the first error. The caller holds the connection (``serialized``)."""
        await self._exec("BEGIN IMMEDIATE")
        try:
            yield
            await self._exec("COMMIT")
        except BaseException:
            await self._rollback()
            raise

    async def _rollback(self) -> None:
        """ROLLBACK what is still open. Never raises: it runs while an error is on its way up,
        and that error says what went wrong (a failed COMMIT may have ended the transaction
        already, and "cannot rollback - no transaction is active" would hide it)."""
        try:
            if self._in_transaction():
                await self._exec("ROLLBACK")
        except Exception:
            log.exception("ROLLBACK failed after an error; the first error follows")
