"""What a stored game adds to its season, in the transaction that stores it
(``RatingStore._store_match``): the season is the one holding the game's end (made if need be),
and the players' season ratings move by the same model as their all-time ones, from their soft
reset at their first game of the season, against the computers' fixed ratings.

A game counts once: it is stored once (``matches``' key), and this runs in that same transaction.
A game whose season has closed already (a clock running behind in another process) counts in the
open season after it, or in none: it is never added to standings already announced.
"""

from __future__ import annotations

import json

from bot.storage.databases.database import Connection, now, placeholders
from bot.storage.ratings.match import StoredMatch
from bot.storage.ratings.model import Entrant, Skill, rate
from bot.storage.seasons.model import Season, computer_skill, season_start
from bot.storage.seasons.records import make, season_of


async def count_in_season(conn: Connection, stored: StoredMatch) -> Season | None:
    """Move the season ratings of a stored, rated game; the season it counted in."""
    match = stored.match
    if not match.rated or not stored.players:
        return None
    season = await make(conn, match.guild_id, match.finished_at)
    if season is not None and season.closed:
        row = await conn.fetchrow(
            "SELECT * FROM seasons WHERE guild_id = $1 AND number > $2 AND closed_at IS NULL"
            " ORDER BY number LIMIT 1",
            match.guild_id,
            season.number,
        )
        season = None if row is None else season_of(row)
    if season is None:
        return None
    people = sorted({p.player for p in stored.players if p.user_id is not None})
    held: dict[str, Skill] = {}
    if people:
        for row in await conn.fetch(
            "SELECT player, mu, sigma FROM season_ratings WHERE guild_id = $1 AND season = $2"
            f" AND game = $3 AND player IN ({placeholders(len(people), start=4)})",
            match.guild_id,
            season.number,
            match.game,
            *people,
        ):
            held[str(row["player"])] = Skill(float(row["mu"]), float(row["sigma"]))
    current: dict[str, Skill] = {}
    starts: dict[str, Skill] = {}
    entrants: list[Entrant] = []
    for p in stored.players:
        if p.user_id is None:
            current[p.player] = computer_skill(p.ai_level, season.computers)
        elif p.player in held:
            current[p.player] = held[p.player]
        else:
            known = p.mu_before is not None and p.sigma_before is not None
            before = Skill(p.mu_before or 0.0, p.sigma_before or 0.0) if known else None
            starts[p.player] = current[p.player] = season_start(before)
        entrants.append(
            Entrant(p.seat, p.side, p.player, p.user_id, p.ai_level, p.name, bool(p.left_game))
        )
    totals, winners = json.loads(match.totals), json.loads(match.winners)
    outcome = rate(entrants, totals, winners, match.sides, current)
    wins: dict[str, int] = {}
    for entrant in entrants:
        wins[entrant.player] = wins.get(entrant.player, 0) + int(outcome.won[entrant.seat])
    stamp = now()
    rows = []
    for entrant in entrants:
        if entrant.user_id is None:
            continue  # a computer's season rating is fixed, and it is never ranked
        after = outcome.after[entrant.player]
        start = starts.get(entrant.player, current[entrant.player])
        rows.append(
            (
                match.guild_id,
                season.number,
                match.game,
                entrant.player,
                entrant.user_id,
                entrant.name,
                after.mu,
                after.sigma,
                start.mu,
                start.sigma,
                wins[entrant.player],
                stamp,
            )
        )
    await conn.executemany(
        "INSERT INTO season_ratings (guild_id, season, game, player, user_id, name, mu, sigma,"
        " start_mu, start_sigma, games, wins, updated_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $12)"
        " ON CONFLICT (guild_id, season, game, player) DO UPDATE SET name = excluded.name,"
        " mu = excluded.mu, sigma = excluded.sigma, games = season_ratings.games + 1,"
        " wins = season_ratings.wins + excluded.wins, updated_at = excluded.updated_at",
        rows,
    )
    await conn.execute(
        "UPDATE matches SET season = $1 WHERE table_id = $2", season.number, match.table_id
    )
    return season
