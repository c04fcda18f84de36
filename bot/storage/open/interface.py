"""What the rest of the bot may ask of open tables' storage (``storage.open_tables``), and the
rows it answers with: the instance's queue, the lobbies offered to it, each table's mirrors (its
thread in each player's server) and who muted whom.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from bot.storage.shards import Shards
from games.records import Json

QUEUE_LOCK = 0x41_54_4F_55_54 + 3
"""Held by every change of the queue and of the open lobbies' seats, in every cluster
(``store``: who sits with whom is decided in one transaction)."""


@dataclass(frozen=True)
class Queued:
    """One player's place in the queue."""

    user_id: int
    game: str
    seats: int
    guild_id: int
    channel_id: int
    name: str
    """What every server reads: the player's Discord global name, never a server nickname."""
    language: str
    wait_s: int
    """Seconds after ``queued_at`` when computers take the free seats."""
    queued_at: str
    answer: Json = field(default_factory=dict)
    """The /play answer's webhook (``application_id``, ``token``): edited when the table starts."""


@dataclass(frozen=True)
class Mirror:
    """Where an open table is shown in one server: a thread (or, where threads are not
    allowed, the channel) in the language of the people who read it there."""

    table_id: int
    guild_id: int
    channel_id: int
    language: str
    users: tuple[int, ...] = ()
    """The people seated who read the table here."""
    thread_id: int | None = None
    message_id: int | None = None
    """The mirror's table message."""
    ping_message_id: int | None = None
    closed: bool = False
    """Its server turned open tables off or removed the bot: nothing more is shown here."""


MIRROR_FIELDS = frozenset({"thread_id", "message_id", "ping_message_id", "closed", "users"})
DEFERRED_MIRROR_FIELDS = frozenset({"ping_message_id"})
"""Mirror columns that may wait for the next group commit (``defer_mirror_update``): a "your
turn" ping comes and goes at every turn of a person, in their server's mirror, and written alone
each cost a transaction of its own (a disk flush on SQLite) that the steps of play queued
behind."""


class OpenStorage(ABC):
    shards: Shards | None = None
    """Set by a shard cluster: ``expired`` answers its own servers' players only."""

    # ------------------------------------------------------------------ the queue
    @abstractmethod
    async def enqueue(self, entry: Queued) -> Queued | None:
        """Queue ``entry``; the place the player already holds (nothing changed) if any."""

    @abstractmethod
    async def queued(self, user_id: int) -> Queued | None: ...

    @abstractmethod
    async def leave(self, user_id: int) -> Queued | None:
        """Take the player out of the queue; their place, or None if they held none."""

    @abstractmethod
    async def waiting(self, game: str, seats: int) -> list[Queued]:
        """Who waits for that game and seat count, first come first."""

    @abstractmethod
    async def take_group(self, game: str, seats: int, first: int, *, force: bool) -> list[Queued]:
        """Take a table's worth of players out of the queue, ``first`` among them: every seat
        filled, or, with ``force`` (the wait is over, or Start now), whoever waits. The others
        are chosen first come first, one of each server before a second of any, so that a table
        mixes servers when it can. Nothing (and nobody taken) when ``first`` is not queued, or
        too few wait without ``force``."""

    @abstractmethod
    async def expired(self, now: str | None) -> list[Queued]:
        """Queued players whose wait is over at ``now`` (of this cluster's servers); every
        queued player of them with ``None``."""

    @abstractmethod
    async def remove_server(self, guild_id: int) -> list[Queued]:
        """Nobody of that server waits any more (open tables turned off, the bot removed)."""

    # ------------------------------------------------------------------ open lobbies
    @abstractmethod
    async def offer_lobby(self, table_id: int, game: str, seats: int, guild_id: int) -> None: ...

    @abstractmethod
    async def withdraw_lobby(self, table_id: int) -> None: ...

    @abstractmethod
    async def lobbies(self, game: str, seats: int) -> list[tuple[int, int]]:
        """(table, server) of the lobbies of that game and seat count offered to the queue."""

    @abstractmethod
    async def lobbies_of(self, guild_id: int) -> list[tuple[int, int]]:
        """(table, server) of the lobbies offered to the queue that are ``guild_id``'s, or that
        seated a player of ``guild_id``."""

    @abstractmethod
    async def take_players(self, game: str, seats: int, count: int) -> list[Queued]:
        """Up to ``count`` queued players, first come first, taken out of the queue for a
        lobby's free seats."""

    # ------------------------------------------------------------------ who sits where
    @abstractmethod
    async def seated_at(self, user_id: int) -> int | None:
        """A table in the lobby or in play where the user holds a seat (challenges aside)."""

    # ------------------------------------------------------------------ mirrors
    @abstractmethod
    async def add_mirror(self, mirror: Mirror) -> None: ...

    @abstractmethod
    async def mirrors(self, table_id: int) -> list[Mirror]: ...

    @abstractmethod
    async def update_mirror(self, table_id: int, channel_id: int, **fields: Any) -> None:
        """Set ``MIRROR_FIELDS`` of one mirror."""

    @abstractmethod
    def defer_mirror_update(self, table_id: int, channel_id: int, **fields: Any) -> None:
        """Set ``DEFERRED_MIRROR_FIELDS`` of one mirror with the next group commit of play
        (``TableStorage.defer_update``'s, for a table's own columns); ``mirrors`` reads them at
        once."""

    @abstractmethod
    async def table_in_thread(self, thread_id: int) -> int | None:
        """The open table a mirror's thread shows."""

    @abstractmethod
    async def tables_in_server(self, guild_id: int) -> list[int]:
        """Open tables in the lobby or in play with an open mirror in that server."""

    # ------------------------------------------------------------------ mutes
    @abstractmethod
    async def mute(self, user_id: int, muted_id: int) -> None: ...

    @abstractmethod
    async def muters(self, muted_id: int, among: list[int]) -> set[int]:
        """Who of ``among`` muted ``muted_id``."""
