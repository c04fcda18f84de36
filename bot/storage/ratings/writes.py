"""The ratings area (``RatingStorage``): the reads of ``bot.storage.ratings.reads`` and the
writes here, once for both databases.

The tables are those of migration 003. A game is stored and rated in one transaction with the
rows that say so (``matches``), so a game is rated exactly once: ``rate_table`` on a stored game
only reads back what it did. Every write holds ``RATINGS_LOCK`` (PostgreSQL's advisory lock, for
the shard clusters; SQLite's writers are one at a time anyway).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import astuple, fields, replace
from typing import Any

from bot.storage.databases.database import RATINGS_LOCK, Connection, now, placeholders
from bot.storage.ratings.match import (
    MatchInputs,
    MatchRow,
    PlayerRow,
    Sitter,
    StoredMatch,
    departed,
    stored_match,
)
from bot.storage.ratings.model import (
    EVERYWHERE,
    PROVISIONAL_GAMES,
    RatingChange,
    Skill,
    player_key,
    shown_rating,
)
from bot.storage.ratings.reads import StandingsReads
from bot.storage.settings.store import read_settings, write_settings
from bot.storage.tables.settings import CHALLENGE, OPEN, TableSettings

RATINGS_MIGRATION = 3
"""The migration that creates these tables; after it runs, the finished tables are rated."""


StoredHook = Callable[[Connection, StoredMatch], Awaitable[object]]
"""What another area writes with a stored game, in its transaction (the seasons' ratings)."""
ResetHook = Callable[[Connection, int, str], Awaitable[None]]
"""What another area does when a server's ratings of a game are reset (server, game)."""


class RatingStore(StandingsReads):
    stored_hooks: tuple[StoredHook, ...] = ()
    """Called with every game stored, in its transaction; ``Storage`` gives the seasons' (the
    ratings know nothing of seasons)."""
    reset_hooks: tuple[ResetHook, ...] = ()
    """Called in the transaction of ``/atout ratings-reset``."""

    async def after_migration(self, number: int, conn: Connection) -> None:
        """Called inside a migration's transaction, after its statements."""
        if number == RATINGS_MIGRATION:
            # Before the later migrations the hooks write to: these old games count in none.
            await self._rate_pending(conn, hooks=False)

    # ------------------------------------------------------------------ writing
    async def rate_table(self, table_id: int) -> list[RatingChange]:
        async with self.database.transaction(lock=RATINGS_LOCK) as conn:
            stored = await self._store_match(conn, table_id)
            return stored if stored is not None else await self._changes(conn, table_id)

    async def rate_pending(self) -> int:
        async with self.database.transaction(lock=RATINGS_LOCK) as conn:
            return await self._rate_pending(conn)

    async def _rate_pending(self, conn: Connection, *, hooks: bool = True) -> int:
        rows = await conn.fetch(
            "SELECT id, settings FROM tables WHERE status IN ('finished', 'abandoned')"
            " AND first_dealer IS NOT NULL AND id NOT IN (SELECT table_id FROM matches)"
            " ORDER BY COALESCE(finished_at, created_at), id"
        )
        stored = 0
        for row in rows:
            if TableSettings.from_json(json.loads(row["settings"])).kind == CHALLENGE:
                continue  # a deal of a challenge: scored by the challenge, not rated
            stored += await self._store_match(conn, int(row["id"]), hooks=hooks) is not None
        return stored

    async def _store_match(
        self, conn: Connection, table_id: int, *, hooks: bool = True
    ) -> list[RatingChange] | None:
        """Store one ended table's game (and rate it): the people's rating changes, or None
        when nothing was stored now (already stored, not ended, or a lobby that never started).
        Read, compute (``bot.storage.ratings.match``, no SQL), write: this runs at the end of every
        game, and for every game of a database being migrated."""
        inputs = await self._match_inputs(conn, table_id)
        if inputs is None or inputs.settings.kind == CHALLENGE:
            # A deal of a challenge is scored by the challenge, apart from the ratings.
            return None
        stored = stored_match(inputs)
        await self._write_match(conn, stored)
        for hook in self.stored_hooks if hooks else ():
            await hook(conn, stored)
        return stored.changes

    @staticmethod
    async def _match_inputs(conn: Connection, table_id: int) -> MatchInputs | None:
        """What storing a game needs, in three reads: the table with its result, who sat where,
        and the ratings of all of them (and of who left: ``away``)."""
        table = await conn.fetchrow(
            "SELECT t.*, r.totals AS totals, r.winners AS winners,"
            " (SELECT MIN(created_at) FROM actions a WHERE a.table_id = t.id) AS started_at,"
            " EXISTS (SELECT 1 FROM matches m WHERE m.table_id = t.id) AS stored"
            " FROM tables t LEFT JOIN results r ON r.table_id = t.id WHERE t.id = $1",
            table_id,
        )
        if table is None or table["stored"] or table["first_dealer"] is None:
            return None
        if table["status"] not in ("finished", "abandoned"):
            return None
        settings = TableSettings.from_json(json.loads(table["settings"]))
        # An open table's game is rated on the instance's ladder, not its home server's.
        ladder = EVERYWHERE if settings.kind == OPEN else int(table["guild_id"])
        seated = {
            int(r["seat"]): Sitter(r["user_id"], r["ai_level"], str(r["name"]))
            for r in await conn.fetch(
                "SELECT seat, user_id, ai_level, name FROM seats WHERE table_id = $1", table_id
            )
        }
        players = sorted(
            {player_key(s.user_id, s.ai_level) for s in seated.values()}
            | {player_key(s.user_id, None) for s in departed(settings).values()}
        )
        skills: dict[str, tuple[Skill, int]] = {}
        if players:
            for r in await conn.fetch(
                "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = $1 AND game = $2"
                f" AND player IN ({placeholders(len(players), start=3)})",
                ladder,
                table["game"],
                *players,
            ):
                skills[str(r["player"])] = (
                    Skill(float(r["mu"]), float(r["sigma"])),
                    int(r["games"]),
                )
        return MatchInputs(
            table_id=table_id,
            guild_id=ladder,
            game=str(table["game"]),
            status=str(table["status"]),
            seats=int(table["seats"]),
            options=json.loads(table["options"]),
            settings=settings,
            totals=json.loads(table["totals"]) if table["totals"] is not None else None,
            winners=json.loads(table["winners"]) if table["winners"] is not None else None,
            started_at=table["started_at"],
            finished_at=str(table["finished_at"] or table["created_at"]),
            seated=seated,
            skills=skills,
        )

    @staticmethod
    async def _write_match(conn: Connection, stored: StoredMatch) -> None:
        await conn.execute(_insert("matches", MatchRow), *astuple(stored.match))
        if stored.players:
            await conn.executemany(
                _insert("match_players", PlayerRow), [astuple(row) for row in stored.players]
            )
        if stored.ratings:
            stamp = now()
            await conn.executemany(
                "INSERT INTO ratings (guild_id, game, player, user_id, ai_level, name, mu,"
                " sigma, ordinal, games, wins, updated_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $11)"
                " ON CONFLICT (guild_id, game, player) DO UPDATE SET name = excluded.name,"
                " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
                " games = ratings.games + 1, wins = ratings.wins + excluded.wins,"
                " updated_at = excluded.updated_at",
                [(*astuple(row), stamp) for row in stored.ratings],
            )

    async def changes(self, table_id: int) -> list[RatingChange]:
        async with self.database.connection() as conn:
            return await self._changes(conn, table_id)

    @staticmethod
    async def _changes(conn: Connection, table_id: int) -> list[RatingChange]:
        rows = await conn.fetch(
            "SELECT name, user_id, mu_before, sigma_before, mu_after, sigma_after, games_before"
            " FROM match_players WHERE table_id = $1 AND rated = 1 AND user_id IS NOT NULL"
            " ORDER BY seat",
            table_id,
        )
        return [
            RatingChange(
                name=r["name"],
                user_id=r["user_id"],
                before=shown_rating(r["mu_before"], r["sigma_before"]),
                after=shown_rating(r["mu_after"], r["sigma_after"]),
                provisional=int(r["games_before"]) + 1 < PROVISIONAL_GAMES,
            )
            for r in rows
        ]

    async def reset(self, guild_id: int, game: str) -> int:
        async with self.database.transaction(lock=RATINGS_LOCK) as conn:
            row = await conn.fetchrow(
                "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = $1 AND game = $2"
                " AND user_id IS NOT NULL",
                guild_id,
                game,
            )
            await conn.execute(
                "DELETE FROM ratings WHERE guild_id = $1 AND game = $2", guild_id, game
            )
            for reset in self.reset_hooks:
                await reset(conn, guild_id, game)
            settings = await read_settings(conn, guild_id)
            # The history stays; what counts from now on is what is stored after this mark.
            mark = await conn.fetchrow(
                "SELECT MAX(rowid) AS n FROM match_players WHERE guild_id = $1 AND game = $2",
                guild_id,
                game,
            )
            marks = {**settings.rating_resets, game: int(mark["n"] or 0) if mark is not None else 0}
            await write_settings(conn, guild_id, replace(settings, rating_resets=marks))
        return int(row["n"]) if row is not None else 0


def _insert(table: str, row: type[Any]) -> str:
    """An INSERT of every field of ``row``'s dataclass, in order: the columns named once."""
    names = [f.name for f in fields(row)]
    return f"INSERT INTO {table} ({', '.join(names)}) VALUES ({placeholders(len(names))})"
