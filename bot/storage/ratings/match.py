"""What storing one ended game writes, computed from what was read: no SQL, no I/O.

``RatingStore._store_match`` reads a table (``MatchInputs``), hands it to
``stored_match`` and writes the rows it returns, so the rules of who is rated, at which seat and
with what result are tested here without a database, and both backends write the same rows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.storage.ratings.model import (
    PROVISIONAL_GAMES,
    Entrant,
    RatingChange,
    Skill,
    player_key,
    rate,
)
from bot.storage.tables.settings import TableSettings
from games.registry import game_class


@dataclass(frozen=True)
class Sitter:
    """Who held a seat when the table ended."""

    user_id: int | None
    ai_level: str | None
    name: str


@dataclass(frozen=True)
class MatchInputs:
    """One ended table, as read: the row, its result, its seats and the players' skills."""

    table_id: int
    guild_id: int
    game: str
    status: str
    seats: int
    options: dict[str, Any]  # JSON: the rule options
    settings: TableSettings
    """The table settings, ``away`` among them."""
    totals: list[int] | None
    """The result's totals; None when the table has no result (abandoned)."""
    winners: list[int] | None
    started_at: str | None
    finished_at: str
    seated: dict[int, Sitter]
    skills: dict[str, tuple[Skill, int]] = field(default_factory=dict)
    """player key → (skill, games played before this one), for those who have a rating."""


@dataclass(frozen=True)
class MatchRow:
    """A row of ``matches``; the field order is the column order."""

    table_id: int
    guild_id: int
    game: str
    status: str
    rated: int
    seats: int
    sides: int
    options: str
    totals: str
    winners: str
    started_at: str | None
    finished_at: str


@dataclass(frozen=True)
class PlayerRow:
    """A row of ``match_players``; the field order is the column order."""

    table_id: int
    seat: int
    side: int
    guild_id: int
    game: str
    finished_at: str
    player: str
    user_id: int | None
    ai_level: str | None
    name: str
    score: int
    place: int
    won: int
    left_game: int
    rated: int
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None
    games_before: int


@dataclass(frozen=True)
class RatingRow:
    """A player's new rating, upserted into ``ratings`` (games + 1, wins + ``wins``)."""

    guild_id: int
    game: str
    player: str
    user_id: int | None
    ai_level: str | None
    name: str
    """The person's name; empty for a computer, whose name each reader gives in its own
    language from ``ai_level``."""
    mu: float
    sigma: float
    ordinal: float
    wins: int


@dataclass(frozen=True)
class StoredMatch:
    match: MatchRow
    players: list[PlayerRow]
    ratings: list[RatingRow]
    changes: list[RatingChange]
    """The people's rating changes (computers are rated but not announced)."""


def sides_of(
    game: str, options: dict[str, Any], seats: int, scored: int
) -> tuple[int, Callable[[int], int]]:
    """How many sides the game had and each seat's side, from its engine. A table stored by an
    older version whose options today's engine refuses is not left out of the history (nor does
    it stop the migration): its sides are as many as its scores, seats alternating."""
    try:
        engine = game_class(game)(options=options, seats=seats, dealer=0)
    except (ValueError, KeyError, TypeError):
        sides = scored or seats
        return sides, lambda seat: seat % sides
    return engine.sides, engine.side_of


def departed(settings: TableSettings) -> dict[int, Sitter]:
    """Who left the table during play (``/table leave``, or the turn timer) and did not come
    back, by seat: the table's ``away`` setting."""
    return {away.seat: Sitter(away.user_id, None, away.name) for away in settings.away}


def entrants_of(inputs: MatchInputs, side_of: Callable[[int], int]) -> list[Entrant]:
    """The seats as they are rated. A person who left (``departed``) is rated at their seat (and
    keeps the loss); the computer that played it on is not."""
    departed_by_seat = departed(inputs.settings)
    entrants: list[Entrant] = []
    for index in range(inputs.seats):
        sitter = departed_by_seat.get(index) or inputs.seated.get(index)
        if sitter is None:
            continue
        entrants.append(
            Entrant(
                seat=index,
                side=side_of(index),
                player=player_key(sitter.user_id, sitter.ai_level),
                user_id=sitter.user_id,
                ai_level=sitter.ai_level,
                name=sitter.name,
                left=index in departed_by_seat,
            )
        )
    return entrants


def stored_match(inputs: MatchInputs) -> StoredMatch:
    """The rows that store (and, when rated, rate) one ended game."""
    finished = inputs.status == "finished" and inputs.totals is not None
    totals = list(inputs.totals or []) if finished else []
    winners = list(inputs.winners or []) if finished else []
    sides, side_of = sides_of(inputs.game, inputs.options, inputs.seats, len(totals))
    rated = finished and inputs.settings.rated
    entrants = entrants_of(inputs, side_of)
    current = {player: skill for player, (skill, _) in inputs.skills.items()}
    games_before = {player: games for player, (_, games) in inputs.skills.items()}
    outcome = rate(entrants, totals, winners, sides, current) if rated else None
    match = MatchRow(
        table_id=inputs.table_id,
        guild_id=inputs.guild_id,
        game=inputs.game,
        status="finished" if finished else "abandoned",
        rated=int(rated),
        seats=inputs.seats,
        sides=sides,
        options=json.dumps(inputs.options),
        totals=json.dumps(totals),
        winners=json.dumps(winners),
        started_at=inputs.started_at,
        finished_at=inputs.finished_at,
    )
    players: list[PlayerRow] = []
    for entrant in entrants:
        before = current.get(entrant.player, Skill())
        after = outcome.after.get(entrant.player, before) if outcome else None
        players.append(
            PlayerRow(
                table_id=inputs.table_id,
                seat=entrant.seat,
                side=entrant.side,
                guild_id=inputs.guild_id,
                game=inputs.game,
                finished_at=inputs.finished_at,
                player=entrant.player,
                user_id=entrant.user_id,
                ai_level=entrant.ai_level,
                name=entrant.name,
                score=totals[entrant.side] if entrant.side < len(totals) else 0,
                place=outcome.places[entrant.seat] if outcome else 0,
                won=int(outcome.won[entrant.seat]) if outcome else 0,
                left_game=int(entrant.left),
                rated=int(rated),
                mu_before=before.mu if rated else None,
                sigma_before=before.sigma if rated else None,
                mu_after=after.mu if after else None,
                sigma_after=after.sigma if after else None,
                games_before=games_before.get(entrant.player, 0),
            )
        )
    if outcome is None:
        return StoredMatch(match, players, [], [])
    wins: dict[str, int] = {}
    for entrant in entrants:
        wins[entrant.player] = wins.get(entrant.player, 0) + int(outcome.won[entrant.seat])
    named = {e.player: e for e in entrants}
    ratings = [
        RatingRow(
            guild_id=inputs.guild_id,
            game=inputs.game,
            player=player,
            user_id=named[player].user_id,
            ai_level=named[player].ai_level,
            name=named[player].name if named[player].user_id is not None else "",
            mu=skill.mu,
            sigma=skill.sigma,
            ordinal=skill.ordinal,
            wins=wins[player],
        )
        for player, skill in outcome.after.items()
    ]
    changes = [
        RatingChange(
            name=entrant.name,
            user_id=entrant.user_id,
            before=current.get(entrant.player, Skill()).shown,
            after=outcome.after[entrant.player].shown,
            provisional=games_before.get(entrant.player, 0) + 1 < PROVISIONAL_GAMES,
        )
        for entrant in entrants
        if entrant.user_id is not None
    ]
    return StoredMatch(match, players, ratings, changes)
