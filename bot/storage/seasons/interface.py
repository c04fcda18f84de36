"""The seasons area (``storage.seasons``): what ``/leaderboard season:``, ``/stats``, the season's
end and its web page read and write (docs/ratings.md, "Seasons"). A game's season rating is
written with the game itself, in the ratings' transaction (``bot.storage.seasons.rating``).

Times are ISO-8601 UTC text (``bot.storage.databases.database.TIME_FORMAT``) given by the caller, whose clock
is Discord's: the bot's sweep decides when a season is over.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from bot.storage.seasons.divisions import Move
from bot.storage.seasons.model import Season, Standings
from bot.storage.shards import Shards


@dataclass(frozen=True)
class Closed:
    """What closing a season did: its games' final standings and the season after it."""

    season: Season
    standings: dict[str, Standings]
    """Per game played in it."""
    following: Season | None
    """None when seasons are now off in the server."""


@dataclass(frozen=True)
class SeasonPost:
    """The end-of-season message of one game, to post once."""

    guild_id: int
    season: int
    game: str
    channel_id: int
    claimed_at: str | None
    """Set when a process began to post it: if it is still unposted after that, the process
    may have stopped after sending (the channel is looked at before posting again)."""


@dataclass(frozen=True)
class PlayerSeason:
    """One season of one game, as ``/stats`` shows it."""

    season: Season
    game: str
    games: int
    wins: int
    rating: int
    rank: int | None
    """In its division (or the season); None: not ranked."""
    division: int | None
    divisions: int
    move: Move | None
    to_go: int


class SeasonStorage(ABC):
    """One implementation, ``bot.storage.seasons.store.SeasonStore``, for both databases."""

    shards: Shards | None = None

    @abstractmethod
    async def current(self, guild_id: int, at: str) -> Season | None:
        """The season holding ``at`` (None: seasons are off, or none has begun)."""

    @abstractmethod
    async def begin(self, guild_id: int, at: str, *, fresh: bool = False) -> Season | None:
        """The season holding ``at``, begun if seasons are on and none holds it (``fresh``: at
        ``at``, as a first season does: seasons were just turned on again)."""

    @abstractmethod
    async def latest(self, guild_id: int) -> Season | None:
        """The server's last season, open or closed."""

    @abstractmethod
    async def get(self, guild_id: int, number: int) -> Season | None: ...

    @abstractmethod
    async def seasons(self, guild_id: int) -> list[Season]:
        """Every season of the server, the latest first."""

    @abstractmethod
    async def standings(self, season: Season, game: str, min_games: int) -> Standings:
        """A season's standings of one game: as they stand, or as they closed (the minimum of
        a closed season is its own, not ``min_games``)."""

    @abstractmethod
    async def player_seasons(
        self, guild_id: int, user_id: int, game: str | None, min_games: int, limit: int
    ) -> list[PlayerSeason]:
        """The player's last ``limit`` seasons of each game, the latest first."""

    @abstractmethod
    async def anything_due(self, before: str) -> bool:
        """Whether this cluster's servers have a season to close (ended before ``before``), a
        message to post or champions to crown: one read, what the sweep asks first."""

    @abstractmethod
    async def due(self, before: str) -> list[Season]:
        """Open seasons that ended before ``before``, of this cluster's servers, oldest first."""

    @abstractmethod
    async def close(self, guild_id: int, number: int, now: str) -> Closed | None:
        """Close a season once (None: it was closed already, by this process or another): every
        game ended in it is stored first, its standings are frozen, the next season begins
        (seasons on) with its divisions, and its end-of-season messages are queued."""

    @abstractmethod
    async def pending_posts(self) -> list[SeasonPost]:
        """End-of-season messages not posted yet, of this cluster's servers."""

    @abstractmethod
    async def claim_post(self, post: SeasonPost, now: str, stale: str) -> bool:
        """Take a message to post: False when another process has it (claimed after ``stale``)
        or it was posted."""

    @abstractmethod
    async def posted(self, post: SeasonPost, message_id: int | None, now: str) -> None: ...

    @abstractmethod
    async def roles_due(self) -> list[Season]:
        """Closed seasons whose champions have not been given the champion role yet."""

    @abstractmethod
    async def champions(self, season: Season) -> dict[str, int]:
        """Game → the user id of its champion (first of the first division)."""

    @abstractmethod
    async def roles_given(self, season: Season, now: str) -> None: ...
