"""A season's rating and standings (docs/ratings.md, "Seasons"), without storage.

- **The soft reset.** A player's season rating starts from their all-time rating with its
  uncertainty widened: ``mu`` is kept, ``sigma`` becomes ``min(σ₀, √(σ² + W²))`` with
  ``W = σ₀ / 2`` (``season_start``). Games then move it exactly as they move the all-time
  rating (the same openskill model), so a season ranks the skill shown in that season: a
  settled player's conservative value drops at the start and climbs back as they play.
- **Ranked by the conservative value** ``mu - 3 sigma``, shown on the all-time scale, among the
  players with at least the server's minimum of rated games that season; the others are
  listed with the games they still need.
- **Computer players** have a fixed rating per level in a season (``COMPUTER_RATINGS``,
  versioned: a season keeps the version it began with), so that beating the hard computer is
  worth the same all season; they are never ranked.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from bot.storage.ratings.model import DEFAULT_SIGMA, Skill, shown_rating
from bot.storage.seasons.divisions import Move, moves, zone_size

WIDEN: Final = DEFAULT_SIGMA / 2
"""How much uncertainty a season adds to the all-time rating (W, in the model's units)."""
PODIUM: Final = 3

COMPUTER_RATINGS: Final[Mapping[int, Mapping[str, Skill]]] = {
    # Version 1 (docs/ratings.md): normal is a newcomer's 25; hard beat normal in 76 % of the
    # ladder duels' deals and normal beat easy in 68 % (benchmarks/results, "hard > normal >
    # easy", every game pooled), which the model turns into 25 + 7 and 25 - 4.5 for two
    # players of sigma 1. A deal won stands for a game won, so the gaps are if anything small.
    1: {"easy": Skill(20.5, 1.0), "normal": Skill(25.0, 1.0), "hard": Skill(32.0, 1.0)},
}
COMPUTER_VERSION: Final = max(COMPUTER_RATINGS)
"""The version a new season takes."""


def season_start(all_time: Skill | None) -> Skill:
    """The soft reset: a player's season rating before their first game of the season."""
    base = all_time or Skill()
    return Skill(base.mu, min(DEFAULT_SIGMA, math.hypot(base.sigma, WIDEN)))


def computer_skill(level: str | None, version: int = COMPUTER_VERSION) -> Skill:
    table = COMPUTER_RATINGS.get(version, COMPUTER_RATINGS[COMPUTER_VERSION])
    return table.get(level or "easy", table["easy"])


@dataclass(frozen=True)
class Season:
    """One season of a server (every game has its standings in it)."""

    guild_id: int
    number: int
    length: str
    starts_at: str
    ends_at: str
    """Exclusive: a game that ends at this moment counts in the next season."""
    computers: int
    """The version of ``COMPUTER_RATINGS`` its games are rated with."""
    closed: bool = False
    min_games: int | None = None
    """The minimum in force when it closed (its standings stay as announced)."""


@dataclass(frozen=True)
class SeasonEntry:
    """A player's season in one game (a row of ``season_ratings``)."""

    player: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def rating(self) -> int:
        return shown_rating(self.mu, self.sigma)


@dataclass(frozen=True)
class Standing:
    """One line of a season's standings."""

    player: str
    user_id: int | None
    name: str
    rating: int
    games: int
    wins: int
    division: int | None
    rank: int | None
    """In the division (or the season without divisions); None: not yet ranked."""
    to_go: int
    """Games still needed to be ranked (0 once ranked)."""
    move: Move | None
    """Where the season's end would send them now (None: not ranked)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class DivisionTable:
    division: int | None
    """1 the top; None when the season has no divisions."""
    ranked: list[Standing]
    unranked: list[Standing]
    up: int
    """How many of ``ranked`` are in the promotion zone (the top); 0 in the first division."""
    down: int
    """How many of ``ranked`` are in the relegation zone (the bottom); 0 in the last."""

    @property
    def lines(self) -> list[Standing]:
        return self.ranked + self.unranked


@dataclass(frozen=True)
class Standings:
    divisions: int
    """1: no divisions."""
    tables: list[DivisionTable]
    min_games: int

    def table(self, division: int | None) -> DivisionTable:
        for table in self.tables:
            if table.division == division:
                return table
        return self.tables[0]

    def find(self, player: str) -> Standing | None:
        for table in self.tables:
            for line in table.lines:
                if line.player == player:
                    return line
        return None

    @property
    def ranked(self) -> int:
        return sum(len(table.ranked) for table in self.tables)

    @property
    def players(self) -> int:
        return sum(len(table.lines) for table in self.tables)

    def podium(self) -> list[Standing]:
        """The season's top three: of the first division when there are divisions."""
        return self.tables[0].ranked[:PODIUM] if self.tables else []


def standings(
    entries: Iterable[SeasonEntry], ladder: Mapping[str, int], min_games: int
) -> Standings:
    """A season's standings of one game. ``ladder``: each player's division as the season
    began (``divisions.split``); a player who is not in it (new this season) plays in the last
    division. Ranked by the conservative value, then games, then key, like the all-time board."""
    count = max(ladder.values(), default=1)
    grouped: dict[int | None, list[SeasonEntry]] = {
        d: [] for d in (range(1, count + 1) if count > 1 else [None])
    }
    for entry in entries:
        division = ladder.get(entry.player, count) if count > 1 else None
        grouped.setdefault(division, []).append(entry)
    tables = []
    for division, members in grouped.items():
        ranked = sorted(
            (e for e in members if e.games >= min_games),
            key=lambda e: (-e.ordinal, -e.games, e.player),
        )
        waiting = sorted(
            (e for e in members if e.games < min_games),
            key=lambda e: (-e.games, -e.ordinal, e.player),
        )
        moved = moves([e.player for e in ranked], division or 1, count)
        zone = zone_size(len(ranked))
        tables.append(
            DivisionTable(
                division=division,
                ranked=[
                    _standing(e, division, rank, 0, moved[e.player])
                    for rank, e in enumerate(ranked, start=1)
                ],
                unranked=[_standing(e, division, None, min_games - e.games, None) for e in waiting],
                up=zone if (division or 1) > 1 else 0,
                down=zone if (division or 1) < count else 0,
            )
        )
    return Standings(count, tables, min_games)


def _standing(
    entry: SeasonEntry, division: int | None, rank: int | None, to_go: int, move: Move | None
) -> Standing:
    return Standing(
        player=entry.player,
        user_id=entry.user_id,
        name=entry.name,
        rating=entry.rating,
        games=entry.games,
        wins=entry.wins,
        division=division,
        rank=rank,
        to_go=to_go,
        move=move,
    )
