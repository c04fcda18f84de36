"""A worker for the slow jobs beside play (a deal's review, its puzzles, a web page): seconds of
pure Python that must not take the event loop's turns from the tables in play.

Each such room (``bot.play.reviews``, ``bot.puzzles.finder``, ``bot.web.server``) holds one
``Background``: processes forked from the drawing processes' fork server (they ignore Ctrl-C
from their start and share the renderer's memory), optionally niced further below the bot, or
one thread for the tests and for a tiny machine (``processes`` 0). A process that dies (killed,
out of memory) fails its job and is replaced at the next one.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.play.workers import fork_context, join_at_shutdown, worker_process

T = TypeVar("T")


def _background_process(parent: int, niceness: int) -> None:
    """Initializer of a background process: it follows the bot, and gives way to it."""
    worker_process(parent)
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)


class Background:
    def __init__(self, processes: int, name: str, niceness: int = 0) -> None:
        self.processes = processes
        """Processes; 0 runs the jobs in one thread of the bot."""
        self.name = name
        self.niceness = niceness
        """Added to the fork server's own (the drawing processes' niceness)."""
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.processes > 0:
                self._executor = ProcessPoolExecutor(
                    self.processes,
                    mp_context=fork_context(),
                    initializer=_background_process,
                    initargs=(os.getpid(), self.niceness),
                )
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix=f"atout-{self.name}")
        return self._executor

    def submit(self, job: Callable[[], T]) -> Future[T]:
        """A job nobody awaits (a warm-up at start): started now, its result left to the caller."""
        return self._pool().submit(job)

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool(), job, *args)
        except BrokenProcessPool:
            self._executor = None
            raise

    def close(self) -> None:
        """Stop without waiting (the bot is closing, on its event loop); ``python -m bot``
        joins the processes with the other workers (``bot.play.workers.shutdown``)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            if isinstance(self._executor, ProcessPoolExecutor):
                join_at_shutdown(self._executor)
            self._executor = None


__all__ = ["Background"]
