"""The ratings' writes (``RatingStorage``), mixed into both backends (PostgreSQL runs the same
SQL through ``bot.storage.postgres_shim``).

The tables are those of migration 003. A game is stored and rated in one transaction with the
rows that say so (``matches``), so a game is rated exactly once: ``rate_table`` on a stored game
only reads back what it did. What the commands read is in ``bot.storage.standings_reads``.
"""

from __future__ import annotations

import json
from dataclasses import astuple, fields
from typing import Any

from bot.storage.match import (
    MatchInputs,
    MatchRow,
    PlayerRow,
    Sitter,
    StoredMatch,
    stored_match,
)
from bot.storage.queries import serialized
from bot.storage.ratings import PROVISIONAL_GAMES, RatingChange, Skill, shown_rating
from bot.storage.standings_reads import StandingsReads
from bot.storage.table_settings import TableSettings

RATINGS_MIGRATION = 3
"""The migration that creates these tables; after it runs, the finished tables are rated."""
NOW = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
NOT_DUPLICATE = "json_extract(settings, '$.duplicate') IS NULL"
"""Not a deal of a challenge (its settings mark it ``duplicate``): those are scored by the
challenge and kept apart from the ratings and the history (docs/challenges.md)."""


class RatingsWrites(StandingsReads):
    async def after_migration(self, number: int) -> None:
        """Called inside a migration's transaction, after its statements."""
        if number == RATINGS_MIGRATION:
            await self._rate_pending()

    # ------------------------------------------------------------------ writing
    @serialized
    async def rate_table(self, table_id: int) -> list[RatingChange]:
        async with self.transaction():
            stored = await self._store_match(table_id)
            return stored if stored is not None else await self._changes(table_id)

    @serialized
    async def rate_pending(self) -> int:
        async with self.transaction():
            return await self._rate_pending()

    async def _rate_pending(self) -> int:
        rows = await self._all(
            "SELECT id FROM tables WHERE status IN ('finished', 'abandoned')"
            " AND first_dealer IS NOT NULL AND id NOT IN (SELECT table_id FROM matches)"
            f" AND {NOT_DUPLICATE}"
            " ORDER BY finished_at, id"
        )
        stored = 0
        for row in rows:
            stored += await self._store_match(int(row["id"])) is not None
        return stored

    async def _store_match(self, table_id: int) -> list[RatingChange] | None:
        """Store one ended table's game (and rate it): the people's rating changes, or None
        when nothing was stored now (already stored, not ended, or a lobby that never started).
        Read once, compute (``bot.storage.match``, no SQL), write: this runs at the end of every
        game, and for every game of a database being migrated."""
        inputs = await self._match_inputs(table_id)
        if inputs is None or inputs.settings.duplicate is not None:
            # A deal of a challenge is scored by the challenge, apart from the ratings.
            return None
        stored = stored_match(inputs)
        await self._write_match(stored)
        return stored.changes

    async def _match_inputs(self, table_id: int) -> MatchInputs | None:
        """One read for everything (each statement is a hop to the database thread, and this
        runs while a table waits for its result message): the table, its result, who sat
        where, and the ratings of all of them (and of who left: ``away``)."""
        table = await self._one(
            "SELECT t.*, r.totals AS totals, r.winners AS winners,"
            " (SELECT MIN(created_at) FROM actions a WHERE a.table_id = t.id) AS started_at,"
            " EXISTS (SELECT 1 FROM matches m WHERE m.table_id = t.id) AS stored,"
            " (SELECT json_group_array(json_array(0, seat, user_id, ai_level, name))"
            "  FROM seats WHERE table_id = t.id) AS seat_list,"
            " (SELECT json_group_array(json_array(player, mu, sigma, games)) FROM ratings g"
            "  WHERE g.guild_id = t.guild_id AND g.game = t.game AND g.player IN"
            "  (SELECT CASE WHEN user_id IS NULL THEN 'ai:' || ai_level ELSE 'u:' || user_id END"
            "   FROM seats WHERE table_id = t.id"
            "   UNION SELECT 'u:' || json_extract(value, '$.user_id')"
            "   FROM json_each(t.settings, '$.away'))) AS skills"
            " FROM tables t LEFT JOIN results r ON r.table_id = t.id WHERE t.id = ?",
            (table_id,),
        )
        if table is None or table["stored"] or table["first_dealer"] is None:
            return None
        if table["status"] not in ("finished", "abandoned"):
            return None
        return MatchInputs(
            table_id=table_id,
            guild_id=int(table["guild_id"]),
            game=str(table["game"]),
            status=str(table["status"]),
            seats=int(table["seats"]),
            options=json.loads(table["options"]),
            settings=TableSettings.from_json(json.loads(table["settings"])),
            totals=json.loads(table["totals"]) if table["totals"] is not None else None,
            winners=json.loads(table["winners"]) if table["winners"] is not None else None,
            started_at=table["started_at"],
            finished_at=str(table["finished_at"] or table["created_at"]),
            seated={
                int(seat): Sitter(user_id, level, str(name))
                for _, seat, user_id, level, name in json.loads(table["seat_list"])
            },
            skills={
                str(player): (Skill(float(mu), float(sigma)), int(games))
                for player, mu, sigma, games in json.loads(table["skills"])
            },
        )

    async def _write_match(self, stored: StoredMatch) -> None:
        await self._exec(_insert("matches", MatchRow), astuple(stored.match))
        await self.db.executemany(
            _insert("match_players", PlayerRow), [astuple(row) for row in stored.players]
        )
        if stored.ratings:
            await self.db.executemany(
                "INSERT INTO ratings (guild_id, game, player, user_id, ai_level, name, mu,"
                " sigma, ordinal, games, wins, updated_at)"
                f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, {NOW})"
                " ON CONFLICT (guild_id, game, player) DO UPDATE SET name = excluded.name,"
                " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
                " games = games + 1, wins = wins + excluded.wins,"
                " updated_at = excluded.updated_at",
                [astuple(row) for row in stored.ratings],
            )

    async def _changes(self, table_id: int) -> list[RatingChange]:
        rows = await self._all(
            "SELECT name, user_id, mu_before, sigma_before, mu_after, sigma_after, games_before"
            " FROM match_players WHERE table_id = ? AND rated = 1 AND user_id IS NOT NULL"
            " ORDER BY seat",
            (table_id,),
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

    @serialized
    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        async with self.transaction():
            settings = await self._settings(guild_id)
            settings[key] = value
            await self._save_settings(guild_id, settings)

    @serialized
    async def reset_ratings(self, guild_id: int, game: str) -> int:
        async with self.transaction():
            row = await self._one(
                "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ?"
                " AND user_id IS NOT NULL",
                (guild_id, game),
            )
            await self._exec(
                "DELETE FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
            )
            settings = await self._settings(guild_id)
            resets = dict(settings.get("resets") or {})
            # The history stays; what counts from now on is what is stored after this mark.
            mark = await self._one(
                "SELECT MAX(rowid) AS n FROM match_players WHERE guild_id = ? AND game = ?",
                (guild_id, game),
            )
            resets[game] = int(mark["n"] or 0) if mark is not None else 0
            settings["resets"] = resets
            await self._save_settings(guild_id, settings)
        return int(row["n"]) if row is not None else 0

    async def _save_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._exec(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (guild_id, json.dumps(settings)),
        )


def _insert(table: str, row: type[Any]) -> str:
    """An INSERT of every field of ``row``'s dataclass, in order: the columns named once."""
    names = [f.name for f in fields(row)]
    return f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
