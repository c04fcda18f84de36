"""What the rest of the bot may ask of its tables (``storage.tables``), and the rows they answer
with. The other areas have their own interfaces: the reviews of their deals (``reviews.py``
here), ratings and history (``bot.storage.ratings.interface``), challenges, puzzles, settings;
``bot.storage.storage.Storage`` holds them all.

The action log and the decks are the truth; the snapshot is a cache. ``append_action`` raises
``StaleAction`` when the step already exists (two clicks, or two processes): UNIQUE(table_id,
action_no) decides, not the caller.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, TypedDict

from bot.storage.databases.database import StaleAction
from bot.storage.shards import Shards
from bot.storage.tables.settings import TableSettings
from games.actions import Action
from games.ai import LEVELS as AI_LEVELS
from games.base import Game
from games.records import ParsedDeal, ParsedRecord, replay
from games.registry import game_class

__all__ = ["AI_LEVELS", "StaleAction"]
"""``AI_LEVELS``: the computer levels a seat may hold (the engines' own list). ``StaleAction``:
what ``append_action`` raises for a step the log already holds (the database's refusal of a
second writer, ``bot.storage.databases``)."""


@dataclass
class Seat:
    seat: int
    user_id: int | None = None
    ai_level: str | None = None
    name: str = ""

    @property
    def is_computer(self) -> bool:
        return self.ai_level is not None


@dataclass
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    seats: int
    starter_id: int
    options: dict[str, Any] = field(default_factory=dict)
    settings: TableSettings = field(default_factory=TableSettings)
    status: str = "lobby"
    thread_id: int | None = None
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    ping_message_id: int | None = None
    """The current "your turn" ping, in the table's thread (or channel)."""
    first_dealer: int | None = None
    seat_list: list[Seat] = field(default_factory=list)

    def seat(self, index: int) -> Seat | None:
        for seat in self.seat_list:
            if seat.seat == index:
                return seat
        return None

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seat_list:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def full(self) -> bool:
        return len(self.seat_list) == self.seats


class TableFields(TypedDict, total=False):
    """The columns of a table row that change after it is created (``TableStorage.update``,
    ``TableStorage.defer_update``): declared once, for the storage and the session."""

    status: str
    first_dealer: int | None
    options: dict[str, Any]  # JSON: each game's rule options (games.options)
    settings: TableSettings
    thread_id: int | None
    lobby_message_id: int | None
    table_message_id: int | None
    ping_message_id: int | None
    finished_at: str | None


UPDATABLE_COLUMNS: frozenset[str] = TableFields.__optional_keys__
JSON_COLUMNS = frozenset({"options", "settings"})
"""Updatable columns stored as JSON text."""


class Snapshot:
    """A game as it stands after a step (``Game.to_dict``), stored beside the log so that a
    table loads without replaying it. Every step writes one and almost none is read back, so
    one made from a game (``of``) holds only its JSON, encoded once (``Game.to_json``): the
    state is decoded if somebody asks for it."""

    __slots__ = ("_state", "_text", "action_count", "deal_count", "engine_version")

    def __init__(
        self,
        engine_version: int,
        action_count: int,
        deal_count: int,
        state: dict[str, Any] | None = None,
        *,
        text: str | None = None,
    ) -> None:
        if (state is None) == (text is None):
            raise ValueError("a snapshot is made of its state or of its JSON, one of them")
        self.engine_version = engine_version
        self.action_count = action_count
        self.deal_count = deal_count
        self._state = state
        self._text = text

    @classmethod
    def of(cls, game: Game) -> Snapshot:
        return cls(type(game).ENGINE_VERSION, game.action_count, len(game.log), text=game.to_json())

    @property
    def state(self) -> dict[str, Any]:
        if self._state is None:
            assert self._text is not None
            self._state = json.loads(self._text)
        return self._state

    @property
    def text(self) -> str:
        """The state as stored: compact JSON."""
        if self._text is None:
            self._text = json.dumps(self._state, separators=(",", ":"))
        return self._text

    def _key(self) -> tuple[int, int, int, dict[str, Any]]:
        return (self.engine_version, self.action_count, self.deal_count, self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Snapshot) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # its state is a dictionary

    def __repr__(self) -> str:
        return (
            f"Snapshot({self.engine_version}, {self.action_count}, {self.deal_count},"
            f" {self.state!r})"
        )


@dataclass
class GameLog:
    deals: list[tuple[int, list[str]]]
    """(dealer, deck) per deal, in order."""
    actions: list[tuple[int, int, dict[str, Any]]]
    """(deal_no, seat, action JSON) per action, in order."""

    def record(self, row: TableRow) -> ParsedRecord:
        """The log as a record of ``row``'s game, for ``games.records.replay``."""
        by_deal: list[list[tuple[int, Action]]] = [[] for _ in self.deals]
        for deal_no, seat, action in self.actions:
            by_deal[deal_no].append((seat, Action.from_json(action)))
        deals = [
            ParsedDeal(dealer, deck, actions)
            for (dealer, deck), actions in zip(self.deals, by_deal, strict=True)
        ]
        return ParsedRecord(row.game, row.seats, dict(row.options), deals)


def replay_log(row: TableRow, game_log: GameLog) -> Game:
    """The game a table's log describes, step by step: what a restart does when the snapshot
    cannot be used, and what ``migrate-db`` checks its copy with. Raises ``ValueError`` (a
    table without a first dealer, a malformed log) or ``IllegalRecordAction``."""
    if row.first_dealer is None:
        raise ValueError(f"table {row.id} has a log but no first dealer")
    start = game_class(row.game)(options=row.options, seats=row.seats, dealer=row.first_dealer)
    return replay(game_log.record(row), start)


class TableStorage(ABC):
    """Tables, their seats and their logs (``storage.tables``): the one area on the path of a
    click. The steps of play are group-committed (``bot.storage.tables.group_commit``)."""

    shards: Shards | None = None
    """Set by a shard cluster: ``active`` then returns only the tables of its own servers, so
    each table is restored and driven by exactly one process."""

    @abstractmethod
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        seats: int,
        starter_id: int,
        options: dict[str, Any],
        settings: TableSettings,
    ) -> TableRow: ...

    @abstractmethod
    async def get(self, table_id: int) -> TableRow | None: ...

    @abstractmethod
    async def in_thread(self, thread_id: int) -> TableRow | None:
        """The latest table played in that thread."""

    @abstractmethod
    async def update(self, table_id: int, **fields: Any) -> None:
        """Set columns of the table row (``TableFields``: dicts are stored as JSON)."""

    @abstractmethod
    def defer_update(self, table_id: int, **fields: Any) -> None:
        """Bookkeeping that may trail the game by a moment (the "your turn" ping's message id):
        readers of the row see it at once, and it is written with the next commit of play,
        never on its own. A crash may lose it, which costs one stale ping left in a thread,
        never a step of a game."""

    @abstractmethod
    async def flush(self) -> None:
        """Write whatever is queued or deferred now (shutdown, tests)."""

    @abstractmethod
    async def set_seat(
        self, table_id: int, seat: int, user_id: int | None, ai_level: str | None, name: str
    ) -> None: ...

    @abstractmethod
    async def clear_seat(self, table_id: int, seat: int) -> None: ...

    @abstractmethod
    async def active(self) -> list[TableRow]:
        """Tables in the lobby or in play: what a restart must bring back (only those of
        ``shards`` when it is set)."""

    @abstractmethod
    async def latest_started(self, limit: int) -> list[int]:
        """The ids of the ``limit`` tables started last, newest first (``python -m bot
        web-link`` looks there for a deal whose page may be shown)."""

    @abstractmethod
    async def append_deal(
        self, table_id: int, deal_no: int, dealer: int, deck: list[str], snapshot: Snapshot
    ) -> None: ...

    @abstractmethod
    async def append_action(
        self,
        table_id: int,
        action_no: int,
        deal_no: int,
        seat: int,
        action: dict[str, Any],
        snapshot: Snapshot,
    ) -> None:
        """Append one step and update the snapshot in one transaction; ``StaleAction`` if the
        step exists. Returns once the step is durable (it may share its commit with the steps
        of other tables). Any other error means the step is not known to be recorded: the
        caller reloads the table from storage before going on."""

    @abstractmethod
    async def load_log(self, table_id: int) -> GameLog: ...

    @abstractmethod
    async def load_snapshot(self, table_id: int) -> Snapshot | None: ...

    @abstractmethod
    async def finish(
        self,
        table_id: int,
        status: str,
        totals: list[int] | None = None,
        winners: list[int] | None = None,
        record: dict[str, Any] | None = None,
    ) -> None:
        """The table ends (``finished`` or ``abandoned``), with its result and record when it
        has one; its game is stored and rated by ``storage.ratings.rate_table``."""
