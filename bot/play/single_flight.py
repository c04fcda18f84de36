"""One piece of work per key at a time: whoever asks while it runs waits for the same result.

A table loaded on its first click (``bot.play.tables``) and a deal review computed on its first
ask (``bot.play.reviews``) are each worth doing once: two clicks at once must not load the table
twice (two sessions, two locks, one table) nor search the same deal twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SingleFlight(Generic[K, V]):
    def __init__(self) -> None:
        self._running: dict[K, asyncio.Future[V]] = {}

    def running(self, key: K) -> bool:
        return key in self._running

    async def run(self, key: K, work: Callable[[], Awaitable[V]]) -> V:
        """``work()``'s result, or, while another caller runs the work of ``key``, that one's
        result (or its error). A waiter that is cancelled leaves the work running for the
        others (``asyncio.shield``); the caller that runs it carries it to the end, or is
        cancelled with it."""
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[V] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            result = await work()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: whoever waits on it gets it raised
            raise
        else:
            future.set_result(result)
        finally:
            del self._running[key]
        return result
