"""Server challenges (``storage.challenges``): their attempts, results and pars, and the daily
schedules (docs/challenges.md); the rows they answer with.

Every deal of an attempt is an ordinary table of the log; what is kept here is what the
standings and results need, so that reading them never replays a game. Times are ISO-8601 UTC
text (``%Y-%m-%dT%H:%M:%SZ``) given by the caller, as in the rest of the schema.
"""

from __future__ import annotations

import datetime
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from bot.storage.databases.database import TIME_FORMAT
from bot.storage.shards import Shards
from bot.storage.tables.settings import TableSettings
from games.duplicate import DealDetail, FixedDeal

STANDINGS_PAGE = 10


def iso(moment: datetime.datetime) -> str:
    """A moment as the schema stores it."""
    return moment.astimezone(datetime.UTC).strftime(TIME_FORMAT)


def moment(text: str) -> datetime.datetime:
    return datetime.datetime.strptime(text, TIME_FORMAT).replace(tzinfo=datetime.UTC)


@dataclass(frozen=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    creator_id: int
    game: str
    seats: int
    options: dict[str, Any]  # JSON: rule options (games.options)
    settings: TableSettings
    """What its deals' tables take: the language and the deck style."""
    deal_count: int
    samples: int
    """The computer players' search budget, the same for every attempt (and the par)."""
    seed: str
    """Secret: never shown; the computers' randomness of each deal is derived from it."""
    deals: list[FixedDeal]
    created_at: str
    closes_at: str
    closed: bool = False
    """Its closing has been carried out (tables in play ended, the card says so)."""
    daily: bool = False

    def open_at(self, now: datetime.datetime) -> bool:
        return not self.closed and now < moment(self.closes_at)


@dataclass
class Attempt:
    challenge_id: int
    user_id: int
    name: str
    thread_id: int | None = None
    """The attempt's private thread; None plays in ephemeral messages."""
    table_id: int | None = None
    """The table of the deal in play; None between deals."""
    deals_done: int = 0
    started_at: str = ""
    finished_at: str | None = None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True)
class Standing:
    """One person's line: deals completed, their matchpoint percentage over the deals counted
    (a deal they did not play counts 0 %) and their total against the par (over the deals
    whose par is known)."""

    rank: int
    user_id: int
    name: str
    deals: int
    percent: float
    vs_par: int
    finished: bool
    tied: bool = False
    """Somebody else holds the same rank."""
    counted: int = 0
    """The deals every line is counted over: the challenge's once it has closed, the reader's
    finished ones while it is open."""
    par_deals: int = 0
    """The deals played whose par is known."""


@dataclass(frozen=True)
class Standings:
    lines: list[Standing]
    own: Standing | None
    total: int
    page: int
    pages: int


@dataclass(frozen=True)
class DealResult:
    """One person's result on one deal, with its matchpoint percentage against the field."""

    deal_no: int
    user_id: int
    name: str
    score: int
    percent: float
    field_size: int
    """How many people completed that deal (themselves included)."""
    table_id: int
    detail: DealDetail | None = None
    rank: int = 1
    """1 + how many scored more on that deal."""
    tied: bool = False
    """Somebody else made the same score on that deal."""


@dataclass(frozen=True)
class Par:
    score: int
    detail: DealDetail | None


@dataclass(frozen=True)
class ChallengeTerms:
    """What a challenge is asked for, by ``/challenge new`` or a daily schedule: where its card
    is posted and by whom, the game with its seats and rules, and how many deals."""

    guild_id: int
    channel_id: int
    creator_id: int
    game: str
    seats: int
    options: dict[str, Any]  # JSON: rule options, checked by the caller
    deal_count: int


@dataclass(frozen=True)
class NewChallenge:
    """A challenge as it is created: its terms, and what the bot settles for them (the deals
    drawn from the secret seed, the computers' budget, the language, the hours it is open)."""

    terms: ChallengeTerms
    settings: TableSettings
    samples: int
    seed: str
    deals: list[FixedDeal]
    created_at: str
    closes_at: str
    daily: bool = False

    def __post_init__(self) -> None:
        if len(self.deals) != self.terms.deal_count:
            raise ValueError(
                f"{len(self.deals)} deals for a {self.terms.deal_count}-deal challenge"
            )


@dataclass(frozen=True)
class DailySchedule(ChallengeTerms):
    """A server's daily challenge of one game: the terms of each day's, and when the next is
    due."""

    next_at: str


class ChallengeStorage(ABC):
    """One implementation, ``bot.storage.challenges.store.ChallengeStore``, for both
    databases."""

    shards: Shards | None = None
    """Set by a shard cluster: what a restart or a timer takes up (``to_watch``,
    ``attempts_to_recover``, ``due_daily``) is then of its own servers only."""

    @abstractmethod
    async def create(self, new: NewChallenge) -> Challenge: ...

    @abstractmethod
    async def set_message(self, challenge_id: int, message_id: int) -> None: ...

    @abstractmethod
    async def get(self, challenge_id: int) -> Challenge | None: ...

    @abstractmethod
    async def latest(self, guild_id: int, now: str) -> Challenge | None:
        """The server's most recent challenge still open at ``now``, else its most recent."""

    @abstractmethod
    async def to_watch(self) -> list[Challenge]:
        """Challenges whose closing has not been carried out, or whose pars are incomplete
        (in a shard cluster, of its own servers only)."""

    @abstractmethod
    async def mark_closed(self, challenge_id: int) -> bool:
        """Record that a challenge's closing was carried out; False if it already was."""

    @abstractmethod
    async def store_par(self, challenge_id: int, deal_no: int, par: Par) -> None: ...

    @abstractmethod
    async def pars(self, challenge_id: int) -> dict[int, Par]: ...

    @abstractmethod
    async def start_attempt(
        self, challenge_id: int, user_id: int, name: str, started_at: str
    ) -> tuple[Attempt, bool]:
        """The person's attempt, and whether it was created now (one per person: a second
        start returns the first)."""

    @abstractmethod
    async def get_attempt(self, challenge_id: int, user_id: int) -> Attempt | None: ...

    @abstractmethod
    async def update_attempt(
        self,
        challenge_id: int,
        user_id: int,
        *,
        thread_id: int | None = None,
        table_id: int | None = None,
    ) -> None:
        """Set both the attempt's thread and the table of its deal in play (None clears)."""

    @abstractmethod
    async def record_result(
        self, challenge_id: int, result: DealResult, finished_at: str, last: bool
    ) -> bool:
        """Store a finished deal's result and move the attempt on (its table cleared, its deal
        count raised, finished after the ``last`` deal), in one transaction. False when that
        deal was recorded already (a restart recovering it twice)."""

    @abstractmethod
    async def attempts_to_recover(self) -> list[Attempt]:
        """Attempts whose deal in play has ended but whose result was not recorded (a restart
        between the two; in a shard cluster, of its own servers only)."""

    @abstractmethod
    async def open_attempts(self, challenge_id: int) -> list[Attempt]:
        """Attempts with a deal in play (what closing the challenge ends)."""

    @abstractmethod
    async def attempt_counts(self, challenge_id: int) -> tuple[int, int]:
        """(people who started, people who finished)."""

    @abstractmethod
    async def standings(
        self,
        challenge_id: int,
        *,
        page: int = 1,
        user_id: int | None = None,
        page_size: int = STANDINGS_PAGE,
        deals_below: int | None = None,
    ) -> Standings:
        """Everybody's line, ranked over the same deals: every deal of the challenge, or with
        ``deals_below`` only the deals numbered below it (a reader who has finished that many
        deals of an open challenge sees nothing that depends on anyone's result on a deal they
        have not played: docs/challenges.md, "No peeking"). A deal a player has not played
        counts 0 %; equal matchpoints are ranked by the result against par per deal played."""

    @abstractmethod
    async def deal_field(
        self, challenge_id: int, deal_no: int, *, limit: int | None = None
    ) -> list[DealResult]:
        """Everybody's result on one deal, best first (the first ``limit`` only)."""

    @abstractmethod
    async def own_results(self, challenge_id: int, user_id: int) -> list[DealResult]:
        """One person's results, deal by deal."""

    @abstractmethod
    async def set_daily(self, schedule: DailySchedule) -> None: ...

    @abstractmethod
    async def stop_daily(self, guild_id: int, game: str) -> bool: ...

    @abstractmethod
    async def due_daily(self, now: str) -> list[DailySchedule]:
        """Schedules due at ``now`` (in a shard cluster, of its own servers only)."""

    @abstractmethod
    async def claim_daily(self, schedule: DailySchedule, next_at: str) -> bool:
        """Move a due schedule to ``next_at``; False if another process moved it first."""
