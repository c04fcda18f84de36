"""The seasons' rows, read and made on a connection the caller holds: the rating of a game and
the close of a season both run inside the ratings' transaction (``RATINGS_LOCK``), so a season is
made once whoever needs it first, and a game counts in exactly one season."""

from __future__ import annotations

import datetime

from bot.storage.databases.database import TIME_FORMAT, Connection, Row
from bot.storage.seasons.calendar import season_span
from bot.storage.seasons.model import COMPUTER_VERSION, Season, SeasonEntry
from bot.storage.settings.server import ServerSettings
from bot.storage.settings.store import read_settings


def moment(text: str) -> datetime.datetime:
    return datetime.datetime.strptime(text, TIME_FORMAT).replace(tzinfo=datetime.UTC)


def iso(at: datetime.datetime) -> str:
    return at.astimezone(datetime.UTC).strftime(TIME_FORMAT)


def season_of(row: Row) -> Season:
    return Season(
        guild_id=int(row["guild_id"]),
        number=int(row["number"]),
        length=str(row["length"]),
        starts_at=str(row["starts_at"]),
        ends_at=str(row["ends_at"]),
        computers=int(row["computers"]),
        closed=row["closed_at"] is not None,
        min_games=None if row["min_games"] is None else int(row["min_games"]),
    )


def entry_of(row: Row) -> SeasonEntry:
    return SeasonEntry(
        player=str(row["player"]),
        user_id=None if row["user_id"] is None else int(row["user_id"]),
        name=str(row["name"]),
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
    )


async def server_settings(conn: Connection, guild_id: int) -> ServerSettings:
    return await read_settings(conn, guild_id)


async def latest(conn: Connection, guild_id: int) -> Season | None:
    row = await conn.fetchrow(
        "SELECT * FROM seasons WHERE guild_id = $1 ORDER BY number DESC LIMIT 1", guild_id
    )
    return None if row is None else season_of(row)


async def holding(conn: Connection, guild_id: int, at: str) -> Season | None:
    row = await conn.fetchrow(
        "SELECT * FROM seasons WHERE guild_id = $1 AND starts_at <= $2 AND ends_at > $2",
        guild_id,
        at,
    )
    return None if row is None else season_of(row)


async def make(conn: Connection, guild_id: int, at: str, *, fresh: bool = False) -> Season | None:
    """The season holding ``at``, made if seasons are on and ``at`` is past the latest one
    (``fresh``: a first season, begun at ``at``, whatever came before). None when seasons are
    off, or when ``at`` is before the latest season's start (a game older than the seasons, or
    one that ended in a period with no season)."""
    found = await holding(conn, guild_id, at)
    if found is not None:
        return found
    last = await latest(conn, guild_id)
    if last is not None and at < last.ends_at:
        return None
    length = (await server_settings(conn, guild_id)).season
    if length == "off":
        return None
    previous = None if last is None or fresh else moment(last.ends_at)
    start, end = season_span(previous, moment(at), length)
    number = 1 if last is None else last.number + 1
    await conn.execute(
        "INSERT INTO seasons (guild_id, number, length, starts_at, ends_at, computers)"
        " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id, number) DO NOTHING",
        guild_id,
        number,
        length,
        iso(start),
        iso(end),
        COMPUTER_VERSION,
    )
    return await holding(conn, guild_id, at)


async def entries(conn: Connection, season: Season, game: str) -> list[SeasonEntry]:
    rows = await conn.fetch(
        "SELECT player, user_id, name, mu, sigma, games, wins FROM season_ratings"
        " WHERE guild_id = $1 AND season = $2 AND game = $3",
        season.guild_id,
        season.number,
        game,
    )
    return [entry_of(row) for row in rows]


async def ladder(conn: Connection, season: Season, game: str) -> dict[str, int]:
    rows = await conn.fetch(
        "SELECT player, division FROM season_divisions"
        " WHERE guild_id = $1 AND season = $2 AND game = $3",
        season.guild_id,
        season.number,
        game,
    )
    return {str(row["player"]): int(row["division"]) for row in rows}


async def reset_open(conn: Connection, guild_id: int, game: str) -> None:
    """``/atout ratings-reset``: the open seasons' standings of ``game`` start again (their
    players start from a newcomer's rating at their next game); closed seasons stay."""
    await conn.execute(
        "DELETE FROM season_ratings WHERE guild_id = $1 AND game = $2 AND season IN"
        " (SELECT number FROM seasons WHERE guild_id = $1 AND closed_at IS NULL)",
        guild_id,
        game,
    )
