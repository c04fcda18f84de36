"""Everything the bot keeps, by area: ``storage.tables`` (tables, seats, logs: the path of a
click), ``storage.reviews``, ``storage.ratings`` (ratings and history), ``storage.challenges``,
``storage.puzzles``, ``storage.settings`` (each server's settings, ``ServerSettings``),
``storage.instance`` (what belongs to the whole instance: the web pages' secret),
``storage.open_tables`` (open tables: the queue, mirrors, mutes) and ``storage.relay`` (clicks
carried between shard clusters), each a small interface with one implementation written once
over the ``database`` (SQLite or PostgreSQL, ``bot.storage.backends.make_storage``).
"""

from __future__ import annotations

from bot.storage.challenges.interface import ChallengeStorage
from bot.storage.challenges.store import ChallengeStore
from bot.storage.databases.database import Database
from bot.storage.open.interface import OpenStorage
from bot.storage.open.relay import RelayStorage, RelayStore
from bot.storage.open.store import OpenStore
from bot.storage.puzzles.interface import PuzzleStorage
from bot.storage.puzzles.store import PuzzleStore
from bot.storage.ratings.interface import RatingStorage
from bot.storage.ratings.writes import RatingStore
from bot.storage.seasons.interface import SeasonStorage
from bot.storage.seasons.rating import count_in_season
from bot.storage.seasons.records import reset_open
from bot.storage.seasons.store import SeasonStore
from bot.storage.settings.instance import InstanceStorage, InstanceStore
from bot.storage.settings.store import ServerSettingsStorage, ServerSettingsStore
from bot.storage.shards import Shards
from bot.storage.tables.interface import TableStorage
from bot.storage.tables.reviews import ReviewStorage, ReviewStore
from bot.storage.tables.store import TableStore


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
        # A mirror's ping rides with the steps of play, as a table's own does.
        self.open_tables: OpenStorage = OpenStore(database, tables.commits)
        self.relay: RelayStorage = RelayStore(database)
        self.seasons: SeasonStorage = SeasonStore(database, ratings._rate_pending)
        """Seasons and divisions (issue 45). A stored game moves its season's ratings in the
        same transaction, and a reset of the ratings starts the running season again: the
        ratings call the seasons' hooks, and know nothing else of them."""
        ratings.stored_hooks = (count_in_season,)
        ratings.reset_hooks = (reset_open,)
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
        self.seasons.shards = shards

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
