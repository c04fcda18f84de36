"""Everything the bot keeps, by area: ``storage.tables`` (tables, seats, logs: the path of a
click), ``storage.reviews``, ``storage.ratings`` (ratings and history), ``storage.challenges``,
``storage.puzzles``, ``storage.settings`` (each server's settings, ``ServerSettings``),
``storage.instance`` (what belongs to the whole instance: the web pages' secret),
``storage.open_tables`` (open tables: the queue, mirrors, mutes) and ``storage.relay`` (clicks
carried between shard clusters), each a small interface with one implementation written once
over the ``database`` (SQLite or PostgreSQL, ``bot.storage.backends.make_storage``).
"""

from __future__ import annotations

from bot.storage.challenge_queries import ChallengeStore
from bot.storage.challenges import ChallengeStorage
from bot.storage.database import Database
from bot.storage.instance import InstanceStorage, InstanceStore
from bot.storage.interface import ReviewStorage, TableStorage
from bot.storage.open_tables import OpenStorage, OpenStore
from bot.storage.puzzle_queries import PuzzleStore
from bot.storage.puzzles import PuzzleStorage
from bot.storage.ratings_interface import RatingStorage
from bot.storage.ratings_writes import RatingStore
from bot.storage.relay import RelayStorage, RelayStore
from bot.storage.reviews import ReviewStore
from bot.storage.settings.store import ServerSettingsStorage, ServerSettingsStore
from bot.storage.shards import Shards
from bot.storage.tables import TableStore


class Storage:
    def __init__(self, database: Database) -> None:
        self.database = database
        tables, ratings = TableStore(database), RatingStore(database)
        self.tables: TableStorage = tables
        self.reviews: ReviewStorage = ReviewStore(database)
        self.ratings: RatingStorage = ratings
        self.challenges: ChallengeStorage = ChallengeStore(database)
        self.puzzles: PuzzleStorage = PuzzleStore(database)
        self.settings: ServerSettingsStorage = ServerSettingsStore(database)
        self.instance: InstanceStorage = InstanceStore(database)
        self.open_tables: OpenStorage = OpenStore(database)
        self.relay: RelayStorage = RelayStore(database)
        self.group_commit = tables.commits
        """The steps of play's queue (its counters are what the benchmarks report)."""
        self._after_migration = ratings.after_migration

    @property
    def shards(self) -> Shards | None:
        """Set by a shard cluster: what a restart takes up (its tables, challenges, attempts,
        daily schedules and daily puzzle posts) is then of its own servers only, so each is
        driven by exactly one process. Reads per server (leaderboards, standings) need no filter."""
        return self.tables.shards

    @shards.setter
    def shards(self, shards: Shards | None) -> None:
        self.tables.shards = self.challenges.shards = self.puzzles.shards = shards
        self.open_tables.shards = shards

    async def open(self) -> None:
        """Connect, and bring the schema to the latest migration (rating the games already
        finished when the ratings' migration runs)."""
        await self.database.open(self._after_migration)

    async def close(self) -> None:
        """Steps already queued are committed (their callers wait for it), and the deferred
        bookkeeping with them; then the connection closes."""
        if self.database.connected:
            await self.group_commit.stop()
        await self.database.close()
