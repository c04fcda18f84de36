"""Everything the pages read from storage, in one place: the storage's shape (its rows, a table's
settings, a stored review's JSON) is met here and nowhere else in ``bot.web``, and each read
answers with a small typed value.

Nothing here decides what may be seen (``access`` does); nothing here holds a card of a deal in
play: a table's log is handed to ``replay`` whole, which keeps only finished deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from bot.storage.challenges import Challenge, DealResult, Par
from bot.storage.interface import TableRow
from bot.storage.ratings import Board, RatingChange
from bot.storage.storage import Storage
from bot.text.review import WELL_PLAYED
from bot.web.replay import LogFacts

CHALLENGE_SETTING: Final = "challenge"
"""The table setting naming a challenge's deal (``bot.challenge.attempts.CHALLENGE``)."""
SEALED_SETTINGS: Final = ("challenge", "duplicate", "private")
"""Table settings that make a table a challenge's or a private one: its page follows the
challenge's sealing, and without a challenge to follow it has none."""

Verdict = Literal["mistake", "unlucky", "fine"]


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

    @property
    def started(self) -> bool:
        return self.status != "lobby" and self.first_dealer is not None


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed seat, as its step shows it."""

    action_index: int
    choice: dict[str, Any]  # JSON: a record action (docs/records.md)
    best: dict[str, Any]  # JSON: a record action
    cost: float
    better_share: float
    verdict: Verdict
    exact: bool


@dataclass(frozen=True)
class SeatReview:
    seat: int
    unit: str
    decisions: list[Decision]

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
    link = settings.get(CHALLENGE_SETTING)
    challenge = None
    if isinstance(link, dict) and isinstance(link.get("id"), int):
        challenge = (int(link["id"]), int(link.get("deal", 0)))
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
        deck_style=str(settings.get("deck_style", "auto")),
        rated=settings.get("rated", True) is not False,
        challenge=challenge,
        sealed=any(settings.get(key) is not None for key in SEALED_SETTINGS),
    )


def _verdict(raw: dict[str, Any], unit: str) -> Verdict:  # JSON: a review's decision
    """The review's own verdict; a review stored before verdicts existed is judged as they are
    (a cost beyond the unit's threshold is a mistake; a choice that lost in the real deal
    only is bad luck)."""
    given = raw.get("verdict")
    if given in ("mistake", "unlucky", "fine"):
        return given  # type: ignore[no-any-return]
    if float(raw.get("cost", 0)) > WELL_PLAYED.get(unit, 0.0):
        return "mistake"
    real = raw.get("real") or {}
    if float(real.get("choice", 0)) < float(real.get("best", 0)):
        return "unlucky"
    return "fine"


def seat_review(stored: dict[str, Any], seat: int) -> SeatReview:  # JSON: a stored review
    unit = str(stored.get("unit", "points"))
    exact = set(stored.get("exact") or [])
    decisions = [
        Decision(
            action_index=int(d["action_index"]),
            choice=dict(d["choice"]),
            best=dict(d["best"]),
            cost=float(d.get("cost", 0)),
            better_share=float(d.get("better_share", 0)),
            verdict=_verdict(d, unit),
            exact=int(d["action_index"]) in exact,
        )
        for d in stored.get("decisions") or []
    ]
    decisions.sort(key=lambda d: d.action_index)
    return SeatReview(seat, unit, decisions)


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


BOARD_PAGE: Final = 50
"""Players per leaderboard page on the web (a phone scrolls; Discord's image shows 10)."""


__all__ = ["BOARD_PAGE", "Decision", "Reads", "SeatReview", "TableFacts", "seat_review"]
