"""Ratings: who is the best player of a server at each game (issue 9).

The skill model is openskill's Plackett-Luce (Weng-Lin), made for teams and many-player rankings,
so one rule covers every game: each side of a game is a team, sides are ranked by the game's
result (winners first, then by final score, equal places for ties), and the model moves everybody
by how surprising that ranking was. Partnerships (Belote, Coinche, Sueca, Briscola for 4 and 6)
are teams of two or three; Piquet and Briscola for 2 are duels; Briscola for 3 is a three-way
ranking by points, and Briscola a chiamata a five-way ranking by the match's individual totals.

People see the conservative ordinal (mu - 3 sigma, so a rating only rises once the model is sure)
on a familiar scale: 1000 for a new player, 20 points per unit of skill. It is marked provisional
for the first ``PROVISIONAL_GAMES`` games, while sigma is still large.

This module is pure (no Discord, no storage): the SQLite side feeds it the entrants of a game and
their current skills, and writes back what it returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from openskill.models import PlackettLuce

from games.registry import GAME_NAMES

MODEL: Final = PlackettLuce()
DEFAULT_MU: Final[float] = MODEL.mu
DEFAULT_SIGMA: Final[float] = MODEL.sigma
BASE: Final = 1000
SCALE: Final = 20
PROVISIONAL_GAMES: Final = 5
GAMES: Final = GAME_NAMES
EVERYWHERE: Final = 0
"""The server id under which the games of open tables are stored and rated: the instance's
ladder (``/leaderboard scope:everywhere``), whatever servers their players came from."""
"""The game keys, in the order commands offer them."""


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return shown_rating(self.mu, self.sigma)


def shown_rating(mu: float, sigma: float) -> int:
    """The number people see: the conservative ordinal on a scale where a newcomer is 1000."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def player_key(user_id: int | None, ai_level: str | None) -> str:
    """One rating entry per person, and one per computer level (``ai:hard``) in each server."""
    if user_id is not None:
        return f"u:{user_id}"
    return f"ai:{ai_level or 'easy'}"


@dataclass(frozen=True)
class Entrant:
    """One seat of a finished game, as it is rated: the person who sat there (even if they left
    during play: they keep the loss), or the computer that played it from the start."""

    seat: int
    side: int
    player: str
    user_id: int | None
    ai_level: str | None
    name: str
    left: bool = False


def side_places(totals: Sequence[int], winners: Sequence[int], sides: int) -> list[int]:
    """The place of each side, 0 the best: winners first, then by final score; equal results
    share a place (a tie is a tie, not a coin toss)."""

    def key(side: int) -> tuple[int, int]:
        score = totals[side] if side < len(totals) else 0
        return (0 if side in winners else 1, -score)

    ordered = sorted({key(s) for s in range(sides)})
    return [ordered.index(key(s)) for s in range(sides)]


@dataclass
class Outcome:
    """What one rated game does to its entrants."""

    places: dict[int, int]
    """seat → place (0 the best) as rated; a leaver is placed below every side."""
    won: dict[int, bool]
    after: dict[str, Skill]
    """player → new skill (every player of the game)."""


def rate(
    entrants: Sequence[Entrant],
    totals: Sequence[int],
    winners: Sequence[int],
    sides: int,
    current: dict[str, Skill],
) -> Outcome:
    """Rate one finished game. ``current`` holds the skill of every player who has one (the
    others start at the default)."""
    base = side_places(totals, winners, sides)
    last = max(base, default=0) + 1
    teams: dict[tuple[str, int], list[Entrant]] = {}
    for entrant in entrants:
        # A player who left is a team of their own below everybody: the seat's result, good or
        # bad, went to the computer that finished it, and that computer is not credited either.
        key = ("left", entrant.seat) if entrant.left else ("side", entrant.side)
        teams.setdefault(key, []).append(entrant)
    order = sorted(teams)
    places = {e.seat: (last if e.left else base[e.side]) for team in teams.values() for e in team}
    shared_first = len(set(base)) == 1
    won = {e.seat: (not e.left and places[e.seat] == 0 and not shared_first) for e in entrants}
    if len(order) < 2:
        return Outcome(places, won, {e.player: current.get(e.player, Skill()) for e in entrants})
    model_teams = [
        [
            MODEL.rating(
                mu=current.get(e.player, Skill()).mu, sigma=current.get(e.player, Skill()).sigma
            )
            for e in teams[key]
        ]
        for key in order
    ]
    ranks = [float(places[teams[key][0].seat]) for key in order]
    rated = MODEL.rate(model_teams, ranks=ranks)
    # A player may fill two seats (two computers of one level): its new skill is the mean of
    # what each seat earned, so the two seats' results weigh alike.
    earned: dict[str, list[Skill]] = {}
    for key, team in zip(order, rated, strict=True):
        for entrant, rating in zip(teams[key], team, strict=True):
            earned.setdefault(entrant.player, []).append(Skill(rating.mu, rating.sigma))
    after = {
        player: Skill(
            sum(s.mu for s in skills) / len(skills), sum(s.sigma for s in skills) / len(skills)
        )
        for player, skills in earned.items()
    }
    return Outcome(places, won, after)


# ----------------------------------------------------------------------- what is shown
@dataclass(frozen=True)
class RatingChange:
    """One line of the end-of-game message: ``Marie 1,024 → 1,041 (+17)``."""

    name: str
    user_id: int | None
    before: int
    after: int
    provisional: bool

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class BoardLine:
    rank: int
    player: str
    user_id: int | None
    ai_level: str | None
    name: str
    rating: int
    games: int
    wins: int
    provisional: bool

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Board:
    game: str
    period: str
    page: int
    pages: int
    total: int
    lines: list[BoardLine]
    own: BoardLine | None
    """The caller's line, also when it is not on this page (None: not rated in this game)."""


@dataclass(frozen=True)
class GameStats:
    game: str
    games: int
    wins: int
    rating: int | None
    provisional: bool
    rank: int | None
    of: int
    history: list[int] = field(default_factory=list)
    """The rating after each rated game, oldest first (since the last reset)."""
    start: int | None = None
    """The rating before the first game of ``history`` when that game was the first since the
    start or the last reset (a newcomer's); ``None`` when older games are left out."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Companion:
    name: str
    games: int
    wins: int
    ai_level: str | None = None


@dataclass(frozen=True)
class PlayerStats:
    per_game: list[GameStats]
    best_partner: Companion | None
    toughest_opponent: Companion | None


@dataclass(frozen=True)
class HistorySeat:
    name: str
    side: int
    won: bool
    left: bool
    is_computer: bool


@dataclass(frozen=True)
class HistoryEntry:
    table_id: int
    game: str
    finished_at: str
    status: str
    rated: bool
    won: bool
    place: int
    left: bool
    before: int | None
    after: int | None
    seats: list[HistorySeat]
