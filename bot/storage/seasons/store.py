"""The seasons area (``SeasonStorage``), written once for both databases.

Closing a season is one transaction under the ratings' lock (``RATINGS_LOCK``): the games that
ended but were not stored yet are stored first (so none is left out of the standings), then the
season is marked closed by a statement only one process can win, its standings are frozen, the
next season's divisions written and the end-of-season messages queued. A restart, or a second
shard cluster, finds it closed and does nothing; the messages are posted once each from the
queue (``claim_post``, ``posted``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.storage.databases.database import RATINGS_LOCK, Connection, Database, Row
from bot.storage.ratings.model import GAMES, Skill
from bot.storage.seasons.divisions import Move, Seeded, moved_to, split, zone_size
from bot.storage.seasons.interface import Closed, PlayerSeason, SeasonPost, SeasonStorage
from bot.storage.seasons.model import Season, Standings, standings
from bot.storage.seasons.records import (
    entries,
    holding,
    ladder,
    latest,
    make,
    season_of,
    server_settings,
)

StorePending = Callable[[Connection], Awaitable[int]]
"""``RatingStore._rate_pending``: stores every ended game not stored yet, on a connection."""


class SeasonStore(SeasonStorage):
    def __init__(self, database: Database, store_pending: StorePending) -> None:
        self.database = database
        self._store_pending = store_pending

    def _mine(self, column: str) -> str:
        """`` AND`` the shard cluster's servers, or nothing when one process serves all."""
        return "" if self.shards is None else f" AND {self.shards.sql_condition(column)}"

    # ------------------------------------------------------------------ which season
    async def current(self, guild_id: int, at: str) -> Season | None:
        async with self.database.connection() as conn:
            return await holding(conn, guild_id, at)

    async def begin(self, guild_id: int, at: str, *, fresh: bool = False) -> Season | None:
        async with self.database.transaction(lock=RATINGS_LOCK) as conn:
            return await make(conn, guild_id, at, fresh=fresh)

    async def get(self, guild_id: int, number: int) -> Season | None:
        row = await self.database.fetchrow(
            "SELECT * FROM seasons WHERE guild_id = $1 AND number = $2", guild_id, number
        )
        return None if row is None else season_of(row)

    async def seasons(self, guild_id: int) -> list[Season]:
        rows = await self.database.fetch(
            "SELECT * FROM seasons WHERE guild_id = $1 ORDER BY number DESC", guild_id
        )
        return [season_of(row) for row in rows]

    # ------------------------------------------------------------------ standings
    async def standings(self, season: Season, game: str, min_games: int) -> Standings:
        async with self.database.connection() as conn:
            return await _standings(conn, season, game, min_games)

    async def player_seasons(
        self, guild_id: int, user_id: int, game: str | None, min_games: int, limit: int
    ) -> list[PlayerSeason]:
        game_filter = " AND r.game = $3" if game is not None else ""
        async with self.database.connection() as conn:
            rows = await conn.fetch(
                "SELECT r.game AS game, r.games AS games, r.wins AS wins, r.mu AS mu,"
                " r.sigma AS sigma, r.division AS division, r.final_rank AS final_rank,"
                " r.move AS move, s.* FROM season_ratings r JOIN seasons s"
                " ON s.guild_id = r.guild_id AND s.number = r.season"
                f" WHERE r.guild_id = $1 AND r.player = $2{game_filter}"
                " ORDER BY r.season DESC",
                guild_id,
                f"u:{user_id}",
                *((game,) if game is not None else ()),
            )
            found: list[PlayerSeason] = []
            shown: dict[str, int] = {}
            for row in rows:
                name = str(row["game"])
                if shown.get(name, 0) >= limit:
                    continue
                shown[name] = shown.get(name, 0) + 1
                season = season_of(row)
                found.append(await _player_season(conn, season, name, row, user_id, min_games))
        return found

    # ------------------------------------------------------------------ the season's end
    async def anything_due(self, before: str) -> bool:
        mine = self._mine("guild_id")
        row = await self.database.fetchrow(
            "SELECT EXISTS (SELECT 1 FROM seasons WHERE closed_at IS NULL AND ends_at <= $1"
            f"{mine}) OR EXISTS (SELECT 1 FROM season_posts WHERE posted_at IS NULL"
            f" AND channel_id IS NOT NULL{mine}) OR EXISTS (SELECT 1 FROM seasons"
            f" WHERE closed_at IS NOT NULL AND roles_at IS NULL{mine}) AS due",
            before,
        )
        return row is not None and bool(row["due"])

    async def due(self, before: str) -> list[Season]:
        rows = await self.database.fetch(
            "SELECT * FROM seasons WHERE closed_at IS NULL AND ends_at <= $1"
            f"{self._mine('guild_id')} ORDER BY guild_id, number",
            before,
        )
        return [season_of(row) for row in rows]

    async def close(self, guild_id: int, number: int, now: str) -> Closed | None:
        async with self.database.transaction(lock=RATINGS_LOCK) as conn:
            # Every game that ended is in the standings before they are frozen.
            await self._store_pending(conn)
            settings = await server_settings(conn, guild_id)
            row = await conn.fetchrow(
                "UPDATE seasons SET closed_at = $1, min_games = $2"
                " WHERE guild_id = $3 AND number = $4 AND closed_at IS NULL RETURNING *",
                now,
                settings.season_min_games,
                guild_id,
                number,
            )
            if row is None:
                return None
            season = season_of(row)
            # The season after it, under the length set now (seasons off: none).
            await make(conn, guild_id, max(now, season.ends_at))
            following_row = await conn.fetchrow(
                "SELECT * FROM seasons WHERE guild_id = $1 AND number = $2",
                guild_id,
                number + 1,
            )
            following = None if following_row is None else season_of(following_row)
            played = await conn.fetch(
                "SELECT DISTINCT game FROM season_ratings WHERE guild_id = $1 AND season = $2",
                guild_id,
                number,
            )
            games = [g for g in GAMES if g in {str(r["game"]) for r in played}]
            final: dict[str, Standings] = {}
            for game in games:
                table = await _standings(conn, season, game, settings.season_min_games)
                final[game] = table
                await _freeze(conn, season, game, table)
                if following is not None:
                    await _divide(conn, following, game, table)
                await conn.execute(
                    "INSERT INTO season_posts (guild_id, season, game, channel_id, posted_at)"
                    " VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                    guild_id,
                    number,
                    game,
                    settings.announce_channel,
                    # No channel set: nothing to post, and nothing waits.
                    None if settings.announce_channel is not None else now,
                )
            if settings.champion_role is None or not games:
                await conn.execute(
                    "UPDATE seasons SET roles_at = $1 WHERE guild_id = $2 AND number = $3",
                    now,
                    guild_id,
                    number,
                )
            return Closed(season, final, following)

    async def pending_posts(self) -> list[SeasonPost]:
        rows = await self.database.fetch(
            "SELECT * FROM season_posts WHERE posted_at IS NULL AND channel_id IS NOT NULL"
            f"{self._mine('guild_id')} ORDER BY guild_id, season, game"
        )
        return [
            SeasonPost(
                guild_id=int(row["guild_id"]),
                season=int(row["season"]),
                game=str(row["game"]),
                channel_id=int(row["channel_id"]),
                claimed_at=None if row["claimed_at"] is None else str(row["claimed_at"]),
            )
            for row in rows
        ]

    async def claim_post(self, post: SeasonPost, now: str, stale: str) -> bool:
        row = await self.database.fetchrow(
            "UPDATE season_posts SET claimed_at = $1 WHERE guild_id = $2 AND season = $3"
            " AND game = $4 AND posted_at IS NULL AND COALESCE(claimed_at, '') = $5"
            " AND COALESCE(claimed_at, '') <= $6 RETURNING game",
            now,
            post.guild_id,
            post.season,
            post.game,
            post.claimed_at or "",
            stale,
        )
        return row is not None

    async def posted(self, post: SeasonPost, message_id: int | None, now: str) -> None:
        await self.database.execute(
            "UPDATE season_posts SET posted_at = $1, message_id = $2"
            " WHERE guild_id = $3 AND season = $4 AND game = $5",
            now,
            message_id,
            post.guild_id,
            post.season,
            post.game,
        )

    async def roles_due(self) -> list[Season]:
        rows = await self.database.fetch(
            "SELECT * FROM seasons WHERE closed_at IS NOT NULL AND roles_at IS NULL"
            f"{self._mine('guild_id')} ORDER BY guild_id, number"
        )
        return [season_of(row) for row in rows]

    async def champions(self, season: Season) -> dict[str, int]:
        rows = await self.database.fetch(
            "SELECT game, user_id FROM season_ratings WHERE guild_id = $1 AND season = $2"
            " AND final_rank = 1 AND (division IS NULL OR division = 1)"
            " AND user_id IS NOT NULL",
            season.guild_id,
            season.number,
        )
        return {str(row["game"]): int(row["user_id"]) for row in rows}

    async def roles_given(self, season: Season, now: str) -> None:
        await self.database.execute(
            "UPDATE seasons SET roles_at = $1 WHERE guild_id = $2 AND number = $3",
            now,
            season.guild_id,
            season.number,
        )

    async def latest(self, guild_id: int) -> Season | None:
        async with self.database.connection() as conn:
            return await latest(conn, guild_id)


async def _standings(conn: Connection, season: Season, game: str, min_games: int) -> Standings:
    minimum = season.min_games if season.closed and season.min_games is not None else min_games
    return standings(await entries(conn, season, game), await ladder(conn, season, game), minimum)


async def _freeze(conn: Connection, season: Season, game: str, table: Standings) -> None:
    """Each player's final division, rank and move, as announced."""
    await conn.executemany(
        "UPDATE season_ratings SET division = $1, final_rank = $2, move = $3"
        " WHERE guild_id = $4 AND season = $5 AND game = $6 AND player = $7",
        [
            (
                line.division,
                line.rank,
                line.move,
                season.guild_id,
                season.number,
                game,
                line.player,
            )
            for division in table.tables
            for line in division.lines
        ],
    )


async def _divide(conn: Connection, following: Season, game: str, table: Standings) -> None:
    """The next season's divisions of ``game``: the players ranked this season, where they moved
    to, by their all-time rating now (the rating their next season starts from)."""
    rows = await conn.fetch(
        "SELECT player, ordinal FROM ratings WHERE guild_id = $1 AND game = $2",
        following.guild_id,
        game,
    )
    rating = {str(row["player"]): float(row["ordinal"]) for row in rows}
    newcomer = Skill().ordinal
    pool = [
        Seeded(
            line.player,
            rating.get(line.player, newcomer),
            moved_to(line.division, line.move or "stay") if line.division is not None else None,
        )
        for division in table.tables
        for line in division.ranked
    ]
    placed = split(pool, table.divisions)
    if placed:
        await conn.executemany(
            "INSERT INTO season_divisions (guild_id, season, game, player, division)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            [
                (following.guild_id, following.number, game, player, division)
                for player, division in sorted(placed.items())
            ],
        )


async def _player_season(
    conn: Connection, season: Season, game: str, record: Row, user_id: int, min_games: int
) -> PlayerSeason:
    player = f"u:{user_id}"
    if season.closed:
        top = await conn.fetchrow(
            "SELECT MAX(division) AS n FROM season_ratings WHERE guild_id = $1 AND season = $2"
            " AND game = $3",
            season.guild_id,
            season.number,
            game,
        )
        divisions = int(top["n"] or 1) if top is not None else 1
        minimum = season.min_games or min_games
        games = int(record["games"])
        rank = record["final_rank"]
        division = record["division"]
        move = record["move"]
        skill = Skill(float(record["mu"]), float(record["sigma"]))
        return PlayerSeason(
            season=season,
            game=game,
            games=games,
            wins=int(record["wins"]),
            rating=skill.shown,
            rank=None if rank is None else int(rank),
            division=None if division is None else int(division),
            divisions=divisions,
            move=move if move in ("up", "down", "stay") else None,
            to_go=max(0, minimum - games),
        )
    return await _live(conn, season, game, player, min_games)


async def _live(
    conn: Connection, season: Season, game: str, player: str, min_games: int
) -> PlayerSeason:
    """A player's place in a season that goes on, as ``model.standings`` ranks it, counted in
    SQL (a few small reads, not the whole season's): ``/stats`` asks it for every game."""
    key = (season.guild_id, season.number, game)
    mine = await conn.fetchrow(
        "SELECT mu, sigma, games, wins FROM season_ratings"
        " WHERE guild_id = $1 AND season = $2 AND game = $3 AND player = $4",
        *key,
        player,
    )
    assert mine is not None
    top = await conn.fetchrow(
        "SELECT MAX(division) AS n FROM season_divisions"
        " WHERE guild_id = $1 AND season = $2 AND game = $3",
        *key,
    )
    divisions = int(top["n"] or 1) if top is not None else 1
    division: int | None = None
    members = ""
    if divisions > 1:
        placed = await conn.fetchrow(
            "SELECT division FROM season_divisions"
            " WHERE guild_id = $1 AND season = $2 AND game = $3 AND player = $4",
            *key,
            player,
        )
        division = int(placed["division"]) if placed is not None else divisions
        members = f" AND COALESCE(d.division, {divisions}) = {division}"
    games, skill = int(mine["games"]), Skill(float(mine["mu"]), float(mine["sigma"]))
    rank: int | None = None
    move: Move | None = None
    if games >= min_games:
        source = (
            "FROM season_ratings r LEFT JOIN season_divisions d ON d.guild_id = r.guild_id"
            " AND d.season = r.season AND d.game = r.game AND d.player = r.player"
            " WHERE r.guild_id = $1 AND r.season = $2 AND r.game = $3 AND r.games >= $4"
            f"{members}"
        )
        # Ranked as ``model.standings``: the conservative value, then games, then key (the
        # player's own value read by the same SQL from their row, so that equal is equal).
        own = (
            "(SELECT m.mu - 3 * m.sigma FROM season_ratings m WHERE m.guild_id = $1"
            " AND m.season = $2 AND m.game = $3 AND m.player = $6)"
        )
        above = await conn.fetchrow(
            f"SELECT COUNT(*) AS n {source} AND ((r.mu - 3 * r.sigma) > {own}"
            f" OR ((r.mu - 3 * r.sigma) = {own} AND (r.games > $5"
            " OR (r.games = $5 AND r.player < $6))))",
            *key,
            min_games,
            games,
            player,
        )
        ranked = await conn.fetchrow(f"SELECT COUNT(*) AS n {source}", *key, min_games)
        rank = 1 + int(above["n"]) if above is not None else 1
        count = int(ranked["n"]) if ranked is not None else rank
        zone = zone_size(count)
        move = "stay"
        if zone and rank <= zone and (division or 1) > 1:
            move = "up"
        elif zone and rank > count - zone and (division or 1) < divisions:
            move = "down"
    return PlayerSeason(
        season=season,
        game=game,
        games=games,
        wins=int(mine["wins"]),
        rating=skill.shown,
        rank=rank,
        division=division,
        divisions=divisions,
        move=move,
        to_go=max(0, min_games - games),
    )
