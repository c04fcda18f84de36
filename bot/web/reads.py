"""Everything the pages read from storage, in one place: the storage's shape (its rows, a table's
settings, a stored review's JSON) is met here and nowhere else in ``bot.web``, and each read
answers with a small typed value.

Nothing here decides what may be seen (``access`` does); nothing here holds a card of a deal in
play: a table's log is handed to ``replay`` whole, which keeps only finished deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from bot.storage.challenges.interface import Challenge, DealResult, Par
from bot.storage.ratings.model import EVERYWHERE, Board, RatingChange
from bot.storage.seasons.model import Season, Standings
from bot.storage.storage import Storage
from bot.storage.tables.interface import TableRow
from bot.storage.tables.settings import OPEN
from bot.web.replay import LogFacts
from games.review import Decision, Review, StaleReview


@dataclass(frozen=True)
class TableFacts:
    id: int
    guild_id: int
    game: str
    seats: int
    options: dict[str, Any]  # JSON: the table's rule options (games.options)
    status: str
    first_dealer: int | None
    names: list[str]
    computers: list[bool]
    deck_style: str
    rated: bool
    challenge: tuple[int, int] | None
    """(challenge id, deal from 0) of a challenge's table."""
    sealed: bool
    """A challenge's or a private table: seen only as its challenge allows."""
    ladder: int = 0
    """The board its games are rated on: its server's, or (an open table, issue 44) the
    instance's ladder, ``EVERYWHERE``: a page of an open table, read in any server, never names
    its home server's board."""

    @property
    def everywhere(self) -> bool:
        return self.ladder == EVERYWHERE

    @property
    def started(self) -> bool:
        return self.status != "lobby" and self.first_dealer is not None


@dataclass(frozen=True)
class SeatReview:
    """A reviewed seat's decisions, as the bot computed them (``games.review``)."""

    seat: int
    unit: str
    decisions: tuple[Decision, ...]

    @property
    def mistakes(self) -> int:
        return sum(d.verdict == "mistake" for d in self.decisions)


def _facts(row: TableRow) -> TableFacts:
    names = [""] * row.seats
    computers = [False] * row.seats
    for seat in row.seat_list:
        if 0 <= seat.seat < row.seats:
            names[seat.seat] = seat.name
            computers[seat.seat] = seat.is_computer
    settings = row.settings
    link = settings.challenge
    challenge = None if link is None else (link.challenge_id, link.deal_no)
    return TableFacts(
        id=row.id,
        guild_id=row.guild_id,
        game=row.game,
        seats=row.seats,
        options=dict(row.options),
        status=row.status,
        first_dealer=row.first_dealer,
        names=names,
        computers=computers,
        deck_style=settings.deck_style,
        rated=settings.rated,
        challenge=challenge,
        sealed=link is not None or settings.duplicate is not None or settings.private,
        ladder=EVERYWHERE if settings.kind == OPEN else row.guild_id,
    )


def seat_review(stored: dict[str, Any], seat: int) -> SeatReview | None:  # JSON: a stored review
    """The stored review read as the bot reads it (``games.review.Review.from_json``); None for
    one an older version stored in another form, which the bot computes again at the next
    click: until then the page says it is not reviewed rather than show it in half."""
    try:
        review = Review.from_json(stored)
    except StaleReview:
        return None
    return SeatReview(seat, review.unit, tuple(review.decisions))


class Reads:
    """The pages' questions to storage."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def secret(self, candidate: str) -> str:
        return await self.storage.instance.web_secret(candidate)

    async def table(self, table_id: int) -> TableFacts | None:
        row = await self.storage.tables.get(table_id)
        return None if row is None else _facts(row)

    async def log(self, table: TableFacts) -> LogFacts | None:
        """The table's log as the replays read it; None before its first deal."""
        if table.first_dealer is None:
            return None
        game_log = await self.storage.tables.load_log(table.id)
        actions: list[list[tuple[int, dict[str, Any]]]] = [[] for _ in game_log.deals]
        for deal_no, seat, action in game_log.actions:
            if 0 <= deal_no < len(actions):
                actions[deal_no].append((seat, action))
        return LogFacts(
            game=table.game,
            seats=table.seats,
            options=dict(table.options),
            first_dealer=table.first_dealer,
            deals=[(dealer, list(deck)) for dealer, deck in game_log.deals],
            actions=actions,
        )

    async def review(self, table_id: int, deal_no: int, seat: int) -> SeatReview | None:
        stored = await self.storage.reviews.load(table_id, deal_no, seat)
        return None if stored is None else seat_review(stored, seat)

    async def rating_changes(self, table_id: int) -> list[RatingChange]:
        return await self.storage.ratings.changes(table_id)

    async def challenge(self, challenge_id: int) -> Challenge | None:
        return await self.storage.challenges.get(challenge_id)

    async def traveller(self, challenge_id: int, deal_no: int) -> list[DealResult]:
        """Every member's result on one deal of a challenge, best first."""
        return await self.storage.challenges.deal_field(challenge_id, deal_no)

    async def par(self, challenge_id: int, deal_no: int) -> Par | None:
        return (await self.storage.challenges.pars(challenge_id)).get(deal_no)

    async def leaderboard(self, guild_id: int, game: str, page: int) -> Board:
        return await self.storage.ratings.leaderboard(
            guild_id, game, page=page, page_size=BOARD_PAGE
        )

    async def season_standings(
        self, guild_id: int, game: str, number: int
    ) -> tuple[Season, Standings] | None:
        """A season's standings of one game (issue 45), as ``/leaderboard season:`` reads them."""
        season = await self.storage.seasons.get(guild_id, number)
        if season is None:
            return None
        settings = await self.storage.settings.server(guild_id)
        return season, await self.storage.seasons.standings(season, game, settings.season_min_games)


BOARD_PAGE: Final = 50
"""Players per leaderboard page on the web (a phone scrolls; Discord's image shows 10)."""


__all__ = ["BOARD_PAGE", "Reads", "SeatReview", "TableFacts", "seat_review"]
