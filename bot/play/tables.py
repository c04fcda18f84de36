"""All tables of all guilds: one ``TableSession`` per table, loaded on first use.

Games of every guild are independent: each session has its own lock, so a slow table never
holds up another, and a table being loaded makes only the clicks on that table wait.

On start-up the bot connects and answers at once: unfinished tables are brought back in the
background (``start_restore``), a few at a time, while a click on a table that is not loaded yet
loads that table on the spot. Where a computer player was about to act when the bot stopped,
the game moves on by itself.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from bot.play import workers
from bot.play.computers import ChooseFn, default_choose
from bot.play.driving import schedule_drive
from bot.play.sessions import Listener, TableSession, restore_game
from bot.play.single_flight import SingleFlight
from bot.process.collector import freeze
from bot.storage.shards import Shards
from bot.storage.storage import Storage
from bot.storage.tables.interface import TableRow
from games.base import Game

log = logging.getLogger(__name__)

MAX_TABLE_ID = 2**63


class Forward(Protocol):
    """Hands a click on a table another cluster owns to that cluster (``bot.open.relay``)."""

    async def __call__(self, interaction: Any, table_id: int, shard: int) -> None: ...


class Tables:
    def __init__(
        self,
        storage: Storage,
        listener: Listener | None = None,
        *,
        ai_pause_s: float = 0.0,
        choose: ChooseFn = default_choose,
    ) -> None:
        self.storage = storage
        self.listener = listener
        """Who shows a table (``bot.table.controller.TableUI``), unless its kind has its own."""
        self.listeners: dict[str, Listener] = {}
        """kind → who shows a table of that kind (``bot.play.kinds``): a challenge's deal is
        shown by ``bot.challenge.listener``, so an ordinary table's changes never pass through
        the challenges."""
        self.ai_pause_s = ai_pause_s
        self.choose = choose
        self.sessions: dict[int, TableSession] = {}
        self._loading: SingleFlight[int, TableSession | None] = SingleFlight()
        """Each table's load in progress, which every click on that table awaits."""
        self.restore_task: asyncio.Task[int] | None = None
        self.shards: Shards | None = None
        """A shard cluster's shards: an open table homed in another cluster's server is that
        cluster's, never loaded here (its clicks are forwarded)."""
        self.forward: Forward | None = None
        self.remote: dict[int, int] = {}
        """Open tables another cluster owns → its shard (found when a click named them)."""

    def _session(self, row: TableRow, game: Game | None = None) -> TableSession:
        session = TableSession(
            self.storage, row, game, choose=self.choose, ai_pause_s=self.ai_pause_s
        )
        session.listener = self.listeners.get(row.settings.kind, self.listener)
        session.moved = schedule_drive
        # Only open tables stay in memory: an export or a look at a finished table must not
        # make the bot hold every table it ever played.
        if row.status in ("lobby", "playing"):
            self.sessions[row.id] = session
        return session

    async def create(self, row: TableRow) -> TableSession:
        return self._session(row)

    async def get(self, table_id: int) -> TableSession | None:
        if not 0 < table_id < MAX_TABLE_ID:
            # A forged custom_id may name any number; SQLite integers stop at 2**63.
            return None
        session = self.sessions.get(table_id)
        if session is not None:
            return session
        return await self._loading.run(table_id, lambda: self._load(table_id))

    def elsewhere(self, table_id: int) -> int | None:
        """The shard of the cluster that owns ``table_id``, when it is not this one."""
        return self.remote.get(table_id)

    def _owner(self, row: TableRow) -> int | None:
        """An open table in play (or in its lobby) is driven by the cluster of its home
        server's shard only (docs/architecture.md); any table that is over may be read here."""
        shards = self.shards
        if shards is None or not row.settings.open or row.status not in ("lobby", "playing"):
            return None
        return None if shards.owns(row.guild_id) else shards.shard_of(row.guild_id)

    async def _load(self, table_id: int) -> TableSession | None:
        row = await self.storage.tables.get(table_id)
        if row is None:
            return None
        shard = self._owner(row)
        if shard is not None:
            self.remote[table_id] = shard
            return None
        game = None
        if row.status in ("playing", "finished") and row.first_dealer is not None:
            game = await restore_game(self.storage, row)
        session = self._session(row, game)
        if row.settings.open:
            session.mirrors = await self.storage.open_tables.mirrors(row.id)
        return session

    async def thread_table(self, thread_id: int) -> int | None:
        """The table played in a thread: its own, or an open table's mirror there."""
        row = await self.storage.tables.in_thread(thread_id)
        if row is not None:
            return row.id
        return await self.storage.open_tables.table_in_thread(thread_id)

    async def in_thread(self, thread_id: int) -> TableSession | None:
        table_id = await self.thread_table(thread_id)
        return None if table_id is None else await self.get(table_id)

    RESTORE_DRIVES = 4
    """Tables driven at once while restoring (their redraws and pings): clicks come first."""

    RESTORE_YIELD_S = 1.0
    """The longest the restore waits in a row for players' hands to be drawn."""

    async def _yield_to_clicks(self) -> None:
        """Clicks come first: while a player's hand is being drawn, the restore (which loads
        tables on the same loop, and whose drives draw too) waits, a moment at a time and never
        more than ``RESTORE_YIELD_S`` in a row, so that it always moves on. Measured with 1,000
        tables and 50 Hand clicks at ready (benchmarks/restart.py, medians of three runs): hands
        shown p50 2.00 s before, 1.71 s with this."""
        slots = workers.image_slots()
        waited = 0.0
        while slots.urgent and waited < self.RESTORE_YIELD_S:
            await asyncio.sleep(0.02)
            waited += 0.02

    def start_restore(self) -> asyncio.Task[int]:
        """Bring every unfinished table back in the background; see ``restore_all``."""
        self.restore_task = asyncio.get_running_loop().create_task(
            self.restore_all(), name="atout-restore"
        )
        return self.restore_task

    async def restore_all(self) -> int:
        """Reload every unfinished table. Each table in play is driven once: its table message
        is redrawn, computer players act where it is their turn, and the player to act is
        pinged again (which also re-arms the turn timer). A table somebody clicked meanwhile is
        already loaded (and driven by that click); it is not loaded twice."""
        rows = await self.storage.tables.active()
        driving: set[asyncio.Task[None]] = set()
        for row in rows:
            await self._yield_to_clicks()
            clicked = row.id in self.sessions or self._loading.running(row.id)
            try:
                session = await self.get(row.id)
            except Exception:
                log.exception("table %s: could not be restored", row.id)
                continue
            # A game that is over but still "playing" lost the write of its end: the drive
            # records the result and posts it.
            if session is not None and session.row.status == "playing":
                # Nobody has clicked on it yet: it is redrawn after the tables people use.
                session.restoring = not clicked
                driving.add(schedule_drive(session))
                driving = {task for task in driving if not task.done()}
                if len(driving) >= self.RESTORE_DRIVES:
                    await asyncio.wait(driving, return_when=asyncio.FIRST_COMPLETED)
        log.info("%d unfinished tables restored", len(rows))
        freeze()
        return len(rows)
