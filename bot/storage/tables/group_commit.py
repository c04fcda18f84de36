"""The write path of play: group commits of the game log.

A step of play (a deal dealt, an action taken) is two statements — its line in the log and the
table's new snapshot — that must be committed together, before anyone is told. Committing each
step alone costs a disk flush (SQLite) or a round trip (PostgreSQL) per click; so steps queue up
and one transaction takes whatever is queued, each step in a savepoint of its own so that one
refused step (the log's unique action number: somebody else took that turn) fails alone. The
database runs that transaction (``Database.commit_group``); the queue, the committer and the
bookkeeping that rides along are here, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from bot.storage.databases.database import Database, Statement, Step

log = logging.getLogger(__name__)

COMMITTER_NAME = "atout-group-commit"


RowBookkeeping = Callable[[tuple[Any, ...], dict[str, Any]], Statement]
"""The statement that writes the deferred columns of a row of another kind than a table's (its
key: the kind's name, then what names the row)."""


class GroupCommit:
    """The queue of steps, the committer task, and the deferred bookkeeping of the tables (column
    values written with the next group, ``TableStorage.defer_update``) and of the other rows that
    a click changes (an open table's mirror: its ping, ``OpenStorage.defer_mirror_update``)."""

    def __init__(
        self, database: Database, bookkeeping: Callable[[int, dict[str, Any]], Statement]
    ) -> None:
        self.database = database
        self._bookkeeping = bookkeeping
        """The statement that writes a table's deferred columns."""
        self._kinds: dict[str, RowBookkeeping] = {}
        """Other kinds of rows with deferred columns → the statement that writes them."""
        self._queue: list[Step] = []
        self._deferred: dict[Hashable, dict[str, Any]] = {}
        """Table id (or ``(kind, …)`` of another row) → its columns waiting for a commit."""
        self._writing: list[dict[Hashable, dict[str, Any]]] = []
        """The bookkeeping of the commits under way, oldest first: still what readers must see
        until it is written (PostgreSQL's readers do not wait for the committer)."""
        self._committer: asyncio.Task[None] | None = None
        self.commits = 0
        """Group commits so far (the benchmarks report steps per commit)."""
        self.steps = 0

    async def write(self, statements: list[Statement]) -> None:
        """Queue one step for the next group commit and wait until it is committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(Step(statements, future))
        self._start_committer()
        await future

    def kind(self, name: str, bookkeeping: RowBookkeeping) -> None:
        """Rows of another kind than tables may defer columns too, keyed ``(name, …)``."""
        self._kinds[name] = bookkeeping

    def defer(self, key: Hashable, fields: dict[str, Any]) -> None:
        """Columns of a table (its id) or of a row of a ``kind`` (``(kind, …)``) written with
        the next group: the last value of each column wins."""
        self._deferred.setdefault(key, {}).update(fields)
        if self.database.connected:
            self._start_committer()

    def deferred(self, key: Hashable) -> dict[str, Any]:
        """The columns of the row waiting for a commit (newer than what the database holds)."""
        fields: dict[str, Any] = {}
        for group in (*self._writing, self._deferred):
            fields.update(group.get(key, {}))
        return fields

    def written(self, key: Hashable, names: Iterable[str]) -> None:
        """These columns were just written: their deferred values are older, forget them."""
        for name in names:
            self._deferred.get(key, {}).pop(name, None)
            for group in self._writing:
                group.get(key, {}).pop(name, None)

    def _statement(self, key: Hashable, fields: dict[str, Any]) -> Statement:
        if isinstance(key, tuple):
            return self._kinds[key[0]](key, fields)
        assert isinstance(key, int)
        return self._bookkeeping(key, fields)

    def _start_committer(self) -> None:
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(
                self._commit_loop(), name=COMMITTER_NAME
            )

    async def _commit_loop(self) -> None:
        """Drain the queue, one transaction per drain, until nothing is left to write: what
        arrives while a commit is under way waits for the next one, which takes it all. No
        timer: at low load a step is committed at once, under load the groups grow by
        themselves."""
        while self.database.connected and (self._queue or self._deferred):
            if not await self._commit_once() and not self._queue:
                return  # the bookkeeping kept waits for the next step

    async def _commit_once(self) -> bool:
        steps: list[Step] = []
        deferred: dict[Hashable, dict[str, Any]] = {}
        try:
            async with self.database.group_guard():
                # Drained once the connection is ours: whatever arrived while we waited for it
                # joins this group, and no reader sees bookkeeping that is neither pending nor
                # written.
                steps, self._queue = self._queue, []
                deferred, self._deferred = self._deferred, {}
                self._writing.append(deferred)
                bookkeeping = [self._statement(k, f) for k, f in deferred.items() if f]
                await self.database.commit_group(steps, bookkeeping)
        except BaseException as exc:
            self._forget_writing(deferred)
            # Nothing of this group is committed. Each caller hears of it; bookkeeping that is
            # not superseded meanwhile is kept for the next commit.
            for key, fields in deferred.items():
                self._deferred[key] = {**fields, **self._deferred.get(key, {})}
            for step in steps:
                if not step.future.done():
                    step.future.set_exception(
                        exc if isinstance(exc, Exception) else RuntimeError("storage closed")
                    )
            if not isinstance(exc, Exception):
                raise
            # Each caller reports its own step with its table; this says they failed together.
            log.warning("group commit of %d steps failed: %r", len(steps), exc)
            return False
        self._forget_writing(deferred)
        self.commits += 1
        self.steps += len(steps)
        for step in steps:
            if step.future.done():
                continue
            if step.outcome is None:
                step.future.set_result(None)
            else:
                step.future.set_exception(step.outcome)
        return True

    def _forget_writing(self, deferred: dict[Hashable, dict[str, Any]]) -> None:
        self._writing = [group for group in self._writing if group is not deferred]

    async def flush(self) -> None:
        """Commit whatever is queued or deferred now."""
        if self._queue or self._deferred:
            await self._commit_once()

    async def stop(self) -> None:
        """At close: a commit under way finishes (its callers wait for it; a committer cancelled
        by the shutdown has told its callers already), then whatever is left is committed."""
        if self._committer is not None:
            await asyncio.wait({self._committer})
            self._committer = None
        with contextlib.suppress(Exception):
            await self.flush()
