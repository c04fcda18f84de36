"""One piece of work per key at a time: whoever asks while it runs waits for the same result.

A table loaded on its first click (``bot.play.tables``), a deal review computed on its first
ask (``bot.play.reviews``), a web page made on its first reading (``bot.web.cache``) and a
server's puzzle of the day (``bot.puzzles.desk``) are each worth doing once: two clicks at once
must not load the table twice (two sessions, two locks, one table) nor search the same deal
twice, and fifty people opening a link posted in a busy thread cost one replay, not fifty.

The work runs as a task of its own: a caller who leaves (a reader who closes the page, an
interaction cancelled) does not cancel it for those still waiting, nor for the next caller,
who finds it done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SingleFlight(Generic[K, V]):
    def __init__(self) -> None:
        self._running: dict[K, asyncio.Task[V]] = {}

    def running(self, key: K) -> bool:
        return key in self._running

    async def run(self, key: K, work: Callable[[], Awaitable[V]]) -> V:
        """``work()``'s result, or, while the work of ``key`` runs for another caller, that
        one's result (or its error). A caller that is cancelled leaves the work running for the
        others (``asyncio.shield``)."""
        task = self._running.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(_awaited(work))
            self._running[key] = task
            task.add_done_callback(lambda done: self._finished(key, done))
        return await asyncio.shield(task)

    def cancel(self) -> None:
        """Stop every work under way (the owner is stopping): its waiters get ``CancelledError``."""
        for task in list(self._running.values()):
            task.cancel()

    def _finished(self, key: K, task: asyncio.Task[V]) -> None:
        if self._running.get(key) is task:
            del self._running[key]
        if not task.cancelled():
            task.exception()  # told to whoever waited; nobody left must not be logged again


async def _awaited(work: Callable[[], Awaitable[V]]) -> V:
    return await work()


__all__ = ["SingleFlight"]
