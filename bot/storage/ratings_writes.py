"""SQLite side of ratings (``RatingStorage``'s writes), mixed into ``SqliteStorage``.

The tables are those of migration 003. A game is stored and rated in one transaction with the
rows that say so (``matches``), so a game is rated exactly once: ``rate_table`` on a stored game
only reads back what it did. What the commands read is in ``bot.storage.standings_reads``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.storage.ratings import (
    PROVISIONAL_GAMES,
    Entrant,
    RatingChange,
    Skill,
    player_key,
    rate,
    shown_rating,
)
from bot.storage.standings_reads import SqliteStandings, serialized
from games.registry import game_class

RATINGS_MIGRATION = 3
"""The migration that creates these tables; after it runs, the finished tables are rated."""
NOW = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"


class SqliteRatings(SqliteStandings):
    async def after_migration(self, number: int) -> None:
        """Called inside a migration's transaction, after its statements."""
        if number == RATINGS_MIGRATION:
            await self._rate_pending()

    # ------------------------------------------------------------------ writing
    @serialized
    async def rate_table(self, table_id: int) -> list[RatingChange]:
        await self._exec("BEGIN IMMEDIATE")
        try:
            stored = await self._store_match(table_id)
            changes = stored if stored is not None else await self._changes(table_id)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return changes

    @serialized
    async def rate_pending(self) -> int:
        await self._exec("BEGIN IMMEDIATE")
        try:
            count = await self._rate_pending()
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return count

    async def _rate_pending(self) -> int:
        rows = await self._all(
            "SELECT id FROM tables WHERE status IN ('finished', 'abandoned')"
            " AND first_dealer IS NOT NULL AND id NOT IN (SELECT table_id FROM matches)"
            " ORDER BY finished_at, id"
        )
        stored = 0
        for row in rows:
            stored += await self._store_match(int(row["id"])) is not None
        return stored

    async def _store_match(self, table_id: int) -> list[RatingChange] | None:
        """Store one ended table's game (and rate it): the people's rating changes, or None
        when nothing was stored now (already stored, not ended, or a lobby that never started).
        Few statements on purpose: this runs at the end of every game, and for every game of a
        database being migrated."""
        # One read for everything (each statement is a hop to the database thread, and this
        # runs while a table waits for its result message): the table, its result, who sat
        # where, and the ratings of all of them (and of who left: ``away``).
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
        game = str(table["game"])
        options = json.loads(table["options"])
        settings = json.loads(table["settings"])
        finished = table["status"] == "finished" and table["totals"] is not None
        totals: list[int] = json.loads(table["totals"]) if finished else []
        sides, side_of = _sides(game, options, int(table["seats"]), len(totals))
        winners: list[int] = json.loads(table["winners"]) if finished else []
        rated = finished and settings.get("rated", True) is not False
        seats = {int(r[1]): r for r in json.loads(table["seat_list"])}
        # A person who left during play (``/table leave``, or the turn timer) and did not come
        # back: the session keeps them in the ``away`` setting. They are rated at their seat
        # (and keep the loss); the computer that played it on is not.
        departed: dict[int, list[Any]] = {
            int(seat): [1, int(seat), int(who["user_id"]), None, str(who.get("name") or "")]
            for seat, who in (settings.get("away") or {}).items()
            if isinstance(who, dict) and who.get("user_id") is not None
        }
        entrants: list[Entrant] = []
        for index in range(table["seats"]):
            row = departed.get(index) or seats.get(index)
            if row is None:
                continue
            _, _, user_id, level, name = row
            entrants.append(
                Entrant(
                    seat=index,
                    side=side_of(index),
                    player=player_key(user_id, level),
                    user_id=user_id,
                    ai_level=level,
                    name=str(name),
                    left=index in departed,
                )
            )
        guild = int(table["guild_id"])
        finished_at = str(table["finished_at"] or table["created_at"])
        current: dict[str, Skill] = {}
        games_before: dict[str, int] = {}
        for player, mu, sigma, count in json.loads(table["skills"]):
            current[player] = Skill(float(mu), float(sigma))
            games_before[player] = int(count)
        outcome = rate(entrants, totals, winners, sides, current) if rated else None
        await self._exec(
            "INSERT INTO matches (table_id, guild_id, game, status, rated, seats, sides, options,"
            " totals, winners, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                guild,
                game,
                "finished" if finished else "abandoned",
                int(rated),
                table["seats"],
                sides,
                json.dumps(options),
                json.dumps(totals),
                json.dumps(winners),
                table["started_at"],
                finished_at,
            ),
        )
        rows: list[tuple[Any, ...]] = []
        for entrant in entrants:
            before = current.get(entrant.player, Skill())
            after = outcome.after.get(entrant.player, before) if outcome else None
            rows.append(
                (
                    table_id,
                    entrant.seat,
                    entrant.side,
                    guild,
                    game,
                    finished_at,
                    entrant.player,
                    entrant.user_id,
                    entrant.ai_level,
                    entrant.name,
                    totals[entrant.side] if entrant.side < len(totals) else 0,
                    outcome.places[entrant.seat] if outcome else 0,
                    int(outcome.won[entrant.seat]) if outcome else 0,
                    int(entrant.left),
                    int(rated),
                    before.mu if rated else None,
                    before.sigma if rated else None,
                    after.mu if after else None,
                    after.sigma if after else None,
                    games_before.get(entrant.player, 0),
                )
            )
        await self.db.executemany(
            "INSERT INTO match_players (table_id, seat, side, guild_id, game, finished_at,"
            " player, user_id, ai_level, name, score, place, won, left_game, rated,"
            " mu_before, sigma_before, mu_after, sigma_after, games_before)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        if outcome is not None:
            wins: dict[str, int] = {}
            for entrant in entrants:
                wins[entrant.player] = wins.get(entrant.player, 0) + int(outcome.won[entrant.seat])
            named = {e.player: e for e in entrants}
            await self.db.executemany(
                "INSERT INTO ratings (guild_id, game, player, user_id, ai_level, name, mu,"
                " sigma, ordinal, games, wins, updated_at)"
                f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, {NOW})"
                " ON CONFLICT (guild_id, game, player) DO UPDATE SET name = excluded.name,"
                " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
                " games = games + 1, wins = wins + excluded.wins,"
                " updated_at = excluded.updated_at",
                [
                    (
                        guild,
                        game,
                        player,
                        named[player].user_id,
                        named[player].ai_level,
                        named[player].name
                        if named[player].user_id is not None
                        else f"Computer ({player[3:]})",
                        skill.mu,
                        skill.sigma,
                        skill.ordinal,
                        wins[player],
                    )
                    for player, skill in outcome.after.items()
                ],
            )
        return [
            RatingChange(
                name=entrant.name,
                user_id=entrant.user_id,
                before=current.get(entrant.player, Skill()).shown,
                after=outcome.after[entrant.player].shown,
                provisional=games_before.get(entrant.player, 0) + 1 < PROVISIONAL_GAMES,
            )
            for entrant in entrants
            if outcome is not None and entrant.user_id is not None
        ]

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
        await self._exec("BEGIN IMMEDIATE")
        try:
            settings = await self._settings(guild_id)
            settings[key] = value
            await self._exec(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(settings)),
            )
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise

    @serialized
    async def reset_ratings(self, guild_id: int, game: str) -> int:
        await self._exec("BEGIN IMMEDIATE")
        try:
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
            await self._exec(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(settings)),
            )
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return int(row["n"]) if row is not None else 0


def _sides(
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
