"""The write path of play that both storage backends share: group commits of the game log.

A step of play (a deal dealt, an action taken) is two statements — its line in the log and the
table's new snapshot — that must be committed together, before anyone is told. Committing each
step alone costs a disk flush (SQLite) or a round trip (PostgreSQL) per click; so steps queue up
and one transaction takes whatever is queued, each step in a savepoint of its own so that one
refused step (the log's unique action number: somebody else took that turn) fails alone. The
backends differ only in how that transaction is run (``_commit_group``), in their placeholders
(``_sql``) and in whether the queue must be drained under their connection's lock
(``_group_guard``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bot.storage.interface import JSON_COLUMNS, UPDATABLE_COLUMNS, Seat, Snapshot, TableRow
from bot.storage.table_settings import TableSettings

log = logging.getLogger(__name__)

Statement = tuple[str, tuple[Any, ...]]

DEFERRED_COLUMNS = frozenset({"ping_message_id"})
"""Table columns that may wait for the next group commit (``defer_update``): bookkeeping that
nobody is told about, so that a click writes its step and nothing else."""


@dataclass
class Step:
    """One step of play waiting for the next group commit."""

    statements: list[Statement]
    future: asyncio.Future[None]
    outcome: BaseException | None = field(default=None)


class GroupCommit(ABC):
    """The queue, the committer task and the statements of a step; a backend adds its
    transaction (``_commit_group``)."""

    committer_name: ClassVar[str] = "atout-group-commit"

    def _init_group_commit(self) -> None:
        self._queue: list[Step] = []
        self._deferred: dict[int, dict[str, Any]] = {}
        self._committer: asyncio.Task[None] | None = None
        self.commits = 0
        """Group commits so far (the benchmarks report steps per commit)."""
        self.steps = 0

    @property
    @abstractmethod
    def _connected(self) -> bool: ...

    @abstractmethod
    async def _commit_group(self, steps: list[Step], bookkeeping: list[Statement]) -> None:
        """One transaction: each step in a savepoint of its own (a failed step gets its
        ``outcome`` and is rolled back alone), then the bookkeeping. Raises when the transaction
        itself fails: then nothing of the group is committed."""

    def _sql(self, sql: str) -> str:
        """A statement written with ``?`` placeholders, in this backend's dialect."""
        return sql

    def _group_guard(self) -> contextlib.AbstractAsyncContextManager[Any]:
        """Held while the queue is drained and committed (SQLite: its one connection's lock)."""
        return contextlib.nullcontext()

    async def _write_step(self, statements: list[Statement]) -> None:
        """Queue one step for the next group commit and wait until it is committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(Step(statements, future))
        self._start_committer()
        await future

    def _start_committer(self) -> None:
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(
                self._commit_loop(), name=self.committer_name
            )

    async def _commit_loop(self) -> None:
        """Drain the queue, one transaction per drain, until nothing is left to write: what
        arrives while a commit is under way waits for the next one, which takes it all. No
        timer: at low load a step is committed at once, under load the groups grow by
        themselves."""
        while self._connected and (self._queue or self._deferred):
            if not await self._commit_once() and not self._queue:
                return  # the bookkeeping kept waits for the next step

    async def _commit_once(self) -> bool:
        steps: list[Step] = []
        deferred: dict[int, dict[str, Any]] = {}
        try:
            async with self._group_guard():
                # Drained once the connection is ours: whatever arrived while we waited for it
                # joins this group, and no reader sees bookkeeping that is neither pending nor
                # written.
                steps, self._queue = self._queue, []
                deferred, self._deferred = self._deferred, {}
                bookkeeping = [self._update_statement(t, f) for t, f in deferred.items()]
                await self._commit_group(steps, bookkeeping)
        except BaseException as exc:
            # Nothing of this group is committed. Each caller hears of it; bookkeeping that is
            # not superseded meanwhile is kept for the next commit.
            for table_id, fields in deferred.items():
                self._deferred[table_id] = {**fields, **self._deferred.get(table_id, {})}
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

    async def _stop_committing(self) -> None:
        """At close: a commit under way finishes (its callers wait for it; a committer cancelled
        by the shutdown has told its callers already), then whatever is left is committed."""
        if self._committer is not None:
            await asyncio.wait({self._committer})
            self._committer = None
        with contextlib.suppress(Exception):
            await self.flush()

    async def flush(self) -> None:
        """Commit whatever is queued or deferred now (shutdown, tests)."""
        if self._queue or self._deferred:
            await self._commit_once()

    def defer_update(self, table_id: int, **fields: Any) -> None:
        unknown = set(fields) - DEFERRED_COLUMNS
        if unknown:
            raise ValueError(f"columns {sorted(unknown)} must be written with update_table")
        self._deferred.setdefault(table_id, {}).update(fields)
        if self._connected:
            self._start_committer()

    def _table_row(self, row: Any, seats: list[Seat]) -> TableRow:
        """A ``tables`` row (sqlite3.Row or asyncpg.Record: read by column name) with its seats,
        and with the bookkeeping not yet written, which is newer than the row."""
        table = TableRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            seats=row["seats"],
            starter_id=row["starter_id"],
            options=json.loads(row["options"]),
            settings=TableSettings.from_json(json.loads(row["settings"])),
            status=row["status"],
            thread_id=row["thread_id"],
            lobby_message_id=row["lobby_message_id"],
            table_message_id=row["table_message_id"],
            ping_message_id=row["ping_message_id"],
            first_dealer=row["first_dealer"],
            seat_list=seats,
        )
        for name, value in self._deferred.get(table.id, {}).items():
            setattr(table, name, value)
        return table

    def _table_update(self, table_id: int, fields: dict[str, Any]) -> Statement | None:
        """``update_table``'s statement in this backend's placeholders (None: nothing to
        write); the columns are checked against the one list of them."""
        unknown = set(fields) - UPDATABLE_COLUMNS
        if unknown:
            raise ValueError(f"unknown table columns {sorted(unknown)}")
        if not fields:
            return None
        encoded = {
            n: json.dumps(v.to_json() if isinstance(v, TableSettings) else v)
            if n in JSON_COLUMNS
            else v
            for n, v in fields.items()
        }
        return self._update_statement(table_id, encoded)

    def _updated(self, table_id: int, fields: dict[str, Any]) -> None:
        """``update_table`` wrote ``fields``: deferred values of them are older, forget them."""
        for name in fields:
            self._deferred.get(table_id, {}).pop(name, None)

    def _update_statement(self, table_id: int, fields: dict[str, Any]) -> Statement:
        names = sorted(fields)
        assignments = ", ".join(f"{n} = ?" for n in names)
        return (
            self._sql(f"UPDATE tables SET {assignments} WHERE id = ?"),
            (*(fields[n] for n in names), table_id),
        )

    def _snapshot_statement(self, table_id: int, snapshot: Snapshot) -> Statement:
        return (
            self._sql(
                "INSERT INTO snapshots (table_id, engine_version, action_count, deal_count, state)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET"
                " engine_version = excluded.engine_version, action_count = excluded.action_count,"
                " deal_count = excluded.deal_count, state = excluded.state"
            ),
            (
                table_id,
                snapshot.engine_version,
                snapshot.action_count,
                snapshot.deal_count,
                json.dumps(snapshot.state, separators=(",", ":")),
            ),
        )

    async def append_deal(
        self, table_id: int, deal_no: int, dealer: int, deck: list[str], snapshot: Snapshot
    ) -> None:
        await self._write_step(
            [
                (
                    self._sql(
                        "INSERT INTO deals (table_id, deal_no, dealer, deck) VALUES (?, ?, ?, ?)"
                    ),
                    (table_id, deal_no, dealer, json.dumps(deck)),
                ),
                self._snapshot_statement(table_id, snapshot),
            ]
        )

    async def append_action(
        self,
        table_id: int,
        action_no: int,
        deal_no: int,
        seat: int,
        action: dict[str, Any],
        snapshot: Snapshot,
    ) -> None:
        await self._write_step(
            [
                (
                    self._sql(
                        "INSERT INTO actions (table_id, action_no, deal_no, seat, action)"
                        " VALUES (?, ?, ?, ?, ?)"
                    ),
                    (table_id, action_no, deal_no, seat, json.dumps(action)),
                ),
                self._snapshot_statement(table_id, snapshot),
            ]
        )
